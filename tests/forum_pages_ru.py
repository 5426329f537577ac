"""Thread pages of the forums Russian players use, rendered by hand from each engine's own
templates: SMF 2.1 (Themes/default/Display.template.php, template_single_post; the quote and
code boxes of Sources/Subs.php parse_bbc), FluxBB 1.5 (viewtopic.php, include/parser.php,
functions.php paginate; the spoiler of FluxBB by Visman), the mybb.ru / rusff.me hosts' PunBB
derivative (div.post / div.post-content, quote-box, code-box, spoiler-box), and the uCoz
forum module (table.postTable, span.ucoz-forum-post, bbQuoteBlock, bbCodeBlock, uSpoiler).
No real forum's content.

Post bodies are the parts of tests/forum_pages.py: text lines, ("quote", author, parts),
("code", text), ("spoiler", parts), ("p", parts).  Every builder takes
``(posts, page, pages, topic, per_page, charset)`` and returns the page's HTML text; the
caller encodes it (``charset`` is only what the page declares).
"""

from __future__ import annotations

import html
from typing import Any, Callable

from forum_pages import P

e = html.escape
BASE = "https://forum.example"


def ru_thread() -> list[P]:
    """Twenty posts of a turn with Russian authors: the moderator's opening post, rolls in
    Russian and English, quotes (nested) holding commands, a code box showing one, a spoiler
    hiding one, paragraphs, an edited post."""
    return [
        P(501, "Мастер", ["Ход 3 открыт. Пишите приказы и броски."]),
        P(502, "Борис", ["Мой флот идёт на абордаж.", "!бросок 2d10+1 абордаж"]),
        P(503, "Алиса", ["!roll d10 разведка"]),
        P(
            504,
            "Вера",
            [("quote", "Борис", ["!бросок 2d10+1 абордаж", ("quote", "Мастер", ["!roll d100 вложенная цитата"])])],
        ),
        P(505, "Вера", ["Хороший бросок. Теперь мой:", "!table orion/world-size"]),
        P(506, "Глеб", ["Как записать бросок?", ("code", "!roll 3d6 пример в коде"), "Понял."], edited=True),
        P(507, "Глеб", ["!roll 3d6 атака"]),
        P(508, "Дарья", [("spoiler", ["!roll d20 под спойлером"])]),
        P(509, "Мастер", ["Напоминаю: срок — пятница."]),
        P(510, "Евгений Ли", [("p", ["Первый абзац.", "!бросок d6 на удачу"]), ("p", ["!roll d8 второй абзац"])]),
        P(511, "Борис", ["Жду результатов."]),
        P(512, "Алиса", [("quote", "Алиса", ["!roll d10 разведка"]), "Повторять не буду."]),
        P(513, "Жанна", ["!бросок 4d6kh3 характеристика"]),
        P(514, "Зиновий", ["Пропускаю ход."]),
        P(515, "Ирина", ["!roll d12 торговля", "!roll d4 риск"]),
        P(516, "Дарья", [("spoiler", ["Тайный план:", ("code", "!roll d100 в коде под спойлером")])]),
        P(517, "Константин", ["Вопрос к мастеру: можно ли строить два корабля?"]),
        P(518, "Мастер", [("quote", "Константин", ["можно ли строить два корабля?"]), "Можно."]),
        P(519, "Лариса", ["!table orion/world-size"]),
        P(520, "Борис", ["Всё, ход сделан.", "!roll d6 финал"]),
    ]


def _lines(parts: list[Any], render: Callable[[Any], str], br: str = "<br />") -> str:
    """Text lines joined by ``br``; other parts rendered by ``render``."""
    out: list[str] = []
    for i, part in enumerate(parts):
        if isinstance(part, str):
            nxt = parts[i + 1] if i + 1 < len(parts) else None
            out.append(e(part) + (br if isinstance(nxt, str) else ""))
        else:
            out.append(render(part))
    return "".join(out)


def _boxes_body(parts: list[Any], boxes: dict[str, str], br: str = "<br />") -> str:
    """A post's body on an engine whose boxes are ``boxes``: a template per kind of part —
    ``quote`` ({author}, {inner}), ``code`` ({code}), ``spoiler`` and ``p`` ({inner})."""

    def render(part: Any) -> str:
        kind = part[0]
        if kind == "quote":
            return boxes[kind].format(author=e(part[1]), inner=_boxes_body(part[2], boxes, br))
        if kind == "code":
            return boxes[kind].format(code=e(part[1]))
        return boxes[kind].format(inner=_boxes_body(part[1], boxes, br)) if kind in boxes else ""

    return _lines(parts, render, br)


# ------------------------------------------------------------------ SMF 2.1


SMF_BOXES = {
    "quote": (
        f'<blockquote class="bbc_standard_quote"><cite><a href="{BASE}/index.php?topic=12.msg1#msg1">'
        "Цитата: {author} от 01 Март 2024, 10:00:00</a></cite>{inner}</blockquote>"
    ),
    "code": (
        '<div class="codeheader"><span class="code floatleft">Код</span> <a class="codeoperation '
        'smf_select_text">Выделить</a> <a class="codeoperation smf_expand_code hidden" '
        'data-shrink-txt="Свернуть" data-expand-txt="Развернуть">Развернуть</a></div>'
        '<code class="bbc_code">{code}</code>'
    ),
    # no stock spoiler: a board's mod, a plain box
    "spoiler": (
        '<div class="spoiler"><div class="spoilerheader"><input type="button" class="spoilerbutton" '
        'value="Спойлер"></div><div class="spoilerbody">{inner}</div></div>'
    ),
    "p": '<div class="bbc_paragraph">{inner}</div>',
}


def _smf_body(parts: list[Any]) -> str:
    return _boxes_body(parts, SMF_BOXES, "<br>")


def smf_post(p: P, counter: int) -> str:
    modified = " mvisible" if p.edited else ""
    note = f"Последнее редактирование: 01 Март 2024, 11:00:00 от {e(p.author)}" if p.edited else ""
    return f"""
				<div class="windowbg" id="msg{p.id}">
					<div class="post_wrapper">
						<div class="poster">
							<h4>
								<span class="off" title="Оффлайн"></span>
								<a href="{BASE}/index.php?action=profile;u={p.id % 97}" title="Просмотр профиля {e(p.author)}">{e(p.author)}</a>
							</h4>
							<ul class="user_info">
								<li class="membergroup">Игрок</li>
								<li class="postcount">Сообщений: 12</li>
								<li class="poster_ip">Записан</li>
							</ul>
						</div><!-- .poster -->
						<div class="postarea">
							<div class="keyinfo">
								<div id="subject_{p.id}" class="subject_title subject_hidden">
									<a href="{BASE}/index.php?msg={p.id}" rel="nofollow">Re: Ход 3</a>
								</div>
								<span class="page_number floatright">#{counter}</span>
								<div class="postinfo">
									<span class="messageicon"><img src="{BASE}/Themes/default/images/post/xx.png" alt=""></span>
									<a href="{BASE}/index.php?topic=12.msg{p.id}#msg{p.id}" rel="nofollow" title="Ответ #{counter} - Re: Ход 3" class="smalltext">01 Март 2024, 10:00:00</a>
									<span class="spacer"></span>
									<span class="smalltext modified floatright{modified}" id="modified_{p.id}">{note}</span>
								</div>
								<div id="msg_{p.id}_quick_mod"></div>
							</div><!-- .keyinfo -->
							<div class="post">
								<div class="inner" data-msgid="{p.id}" id="msg_{p.id}">
									{_smf_body(p.body)}
								</div>
							</div><!-- .post -->
							<div class="under_message"><ul class="floatleft"></ul></div>
						</div><!-- .postarea -->
						<div class="moderatorbar">
							<div class="signature" id="msg_{p.id}_signature">!roll d100 в подписи</div>
						</div><!-- .moderatorbar -->
					</div><!-- .post_wrapper -->
				</div><!-- $message[css_class] -->
				<hr class="post_separator">"""


def smf_page(
    posts: list[P], page: int = 1, pages: int = 1, topic: int = 12, per_page: int = 15, charset: str = "UTF-8"
) -> str:
    def href(n: int) -> str:
        return f"{BASE}/index.php?topic={topic}.{(n - 1) * per_page}"

    links = " ".join(
        f'<span class="current_page">{n}</span>' if n == page else f'<a class="nav_page" href="{href(n)}">{n}</a>'
        for n in range(1, pages + 1)
    )
    if page < pages:
        links += f' <a class="nav_page" href="{href(page + 1)}"><span class="main_icons next_page"></span></a>'
    head_links = f'<link rel="next" href="{href(page + 1)}">' if page < pages else ""
    if page > 1:
        head_links += f'<link rel="prev" href="{href(page - 1)}">'
    pagelinks = f'<div class="pagelinks floatleft"><a href="#bot" class="button">Вниз</a> <span class="pages">Страницы</span>{links}</div>'
    first = (page - 1) * per_page
    return f"""<!DOCTYPE html>
<html lang="ru-RU">
<head>
	<meta charset="{charset}">
	<link rel="stylesheet" href="{BASE}/Themes/default/css/index.css?smf216">
	<title>Ход 3</title>
	<meta name="viewport" content="width=device-width, initial-scale=1">
	<link rel="canonical" href="{href(page)}">
	{head_links}
	<script>var smf_scripturl = "{BASE}/index.php"; var x = '<div class="post_wrapper">!roll d100</div>';</script>
</head>
<body id="chrome" class="action_display board_2">
<div id="footerfix">
	<div id="top_section"><div class="inner_wrap"><h1 class="forumtitle"><a id="top" href="{BASE}/index.php">Форум Ориона</a></h1></div></div>
	<div id="wrapper">
		<div id="content_section">
			<div id="main_content_section">
		<div id="display_head" class="information">
			<h2 class="display_title"><span id="top_subject">Ход 3</span></h2>
			<p>Автор Мастер, 01 Март 2024, 10:00:00</p>
		</div><!-- #display_head -->
		<div class="pagesection top">{pagelinks}</div>
		<div id="forumposts">
			<form action="{BASE}/index.php?action=quickmod2;topic={topic}.{first}" method="post" accept-charset="UTF-8" name="quickModForm" id="quickModForm">
{"".join(smf_post(p, first + i) for i, p in enumerate(posts))}
			</form>
		</div><!-- #forumposts -->
		<div class="pagesection">{pagelinks}</div>
			</div><!-- #main_content_section -->
		</div><!-- #content_section -->
	</div><!-- #wrapper -->
</div><!-- #footerfix -->
<div id="footer"><div class="inner_wrap"><ul><li class="copyright"><a href="https://www.simplemachines.org">SMF 2.1.4 &copy; 2023</a>, Simple Machines</li></ul></div></div>
</body>
</html>
"""


# SMF 2.0's boxes: a quote between div.quoteheader and div.quotefooter, the code box's
# header "Код: [Выделить]".
SMF20_BOXES = {
    "quote": (
        f'<div class="quoteheader"><div class="topslice_quote"><a href="{BASE}/index.php?topic=12.msg1#msg1">'
        "Цитата: {author} от 01 Марта 2024, 10:00:00</a></div></div>"
        '<blockquote class="bbc_standard_quote">{inner}<br /></blockquote>'
        '<div class="quotefooter"><div class="botslice_quote"></div></div>'
    ),
    "code": (
        '<div class="codeheader">Код: <a href="javascript:void(0);" onclick="return smfSelectText(this);" '
        'class="codeoperation">[Выделить]</a></div><code class="bbc_code">{code}</code>'
    ),
    "spoiler": '<div class="spoiler"><div class="spoilerbody">{inner}</div></div>',
    "p": "<div>{inner}</div>",
}


def _smf20_body(parts: list[Any]) -> str:
    return _boxes_body(parts, SMF20_BOXES)


def smf20_post(p: P, counter: int) -> str:
    """Themes/default/Display.template.php of SMF 2.0 (Curve)."""
    note = (
        f"&#171; <em>Последнее редактирование: 01 Марта 2024, 11:00:00 от {e(p.author)}</em> &#187;" if p.edited else ""
    )
    return f"""
				<a id="msg{p.id}"></a>
				<div class="{"windowbg" if counter % 2 else "windowbg2"}">
					<span class="topslice"><span></span></span>
					<div class="post_wrapper">
						<div class="poster">
							<h4>
								<a href="{BASE}/index.php?action=profile;u={p.id % 97}" title="Просмотр профиля {e(p.author)}">{e(p.author)}</a>
							</h4>
							<ul class="reset smalltext" id="msg_{p.id}_extra_info">
								<li class="membergroup">Игрок</li>
								<li class="postcount">Сообщений: 12</li>
							</ul>
						</div>
						<div class="postarea">
							<div class="flow_hidden">
								<div class="keyinfo">
									<div class="messageicon"><img src="{BASE}/Themes/default/images/post/xx.gif" alt="" /></div>
									<h5 id="subject_{p.id}"><a href="{BASE}/index.php?topic=12.msg{p.id}#msg{p.id}" rel="nofollow">Re: Ход 3</a></h5>
									<div class="smalltext">&#171; <strong>Ответ #{counter} :</strong> 01 Марта 2024, 10:00:00 &#187;</div>
									<div id="msg_{p.id}_quick_mod"></div>
								</div>
							</div>
							<div class="post">
								<div class="inner" id="msg_{p.id}">{_smf20_body(p.body)}</div>
							</div>
						</div>
						<div class="moderatorbar">
							<div class="smalltext modified" id="modified_{p.id}">
								{note}
							</div>
							<div class="smalltext reportlinks">Записан</div>
							<div class="signature" id="msg_{p.id}_signature">!roll d100 в подписи</div>
						</div>
					</div>
					<span class="botslice"><span></span></span>
				</div>
				<hr class="post_separator" />"""


def smf20_page(
    posts: list[P], page: int = 1, pages: int = 1, topic: int = 12, per_page: int = 15, charset: str = "UTF-8"
) -> str:
    """An SMF 2.0 topic page, its page index "Страницы: [1] 2" (no <link rel="next"> here:
    the page index alone leads on)."""

    def href(n: int) -> str:
        return f"{BASE}/index.php?topic={topic}.{(n - 1) * per_page}"

    links = " ".join(
        f"[<strong>{n}</strong>]" if n == page else f'<a class="navPages" href="{href(n)}">{n}</a>'
        for n in range(1, pages + 1)
    )
    first = (page - 1) * per_page
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
	<meta http-equiv="Content-Type" content="text/html; charset={charset}" />
	<title>Ход 3</title>
	<link rel="canonical" href="{href(page)}" />
</head>
<body>
<div id="wrapper" style="width: 90%">
	<div id="content_section"><div class="frame">
		<div id="main_content_section">
			<a id="top"></a>
			<div class="pagesection">
				<div class="nextlinks"></div>
				<div class="pagelinks floatleft">Страницы: {links}  &nbsp;&nbsp;<a href="#lastPost"><strong>Вниз</strong></a></div>
			</div>
			<div id="forumposts">
				<div class="cat_bar"><h3 class="catbg">Автор Тема: Ход 3 &nbsp;(Прочитано 42 раз)</h3></div>
				<form action="{BASE}/index.php?action=quickmod2;topic={topic}.{first}" method="post" accept-charset="{charset}" name="quickModForm" id="quickModForm" style="margin: 0;">
{"".join(smf20_post(p, first + i) for i, p in enumerate(posts))}
				</form>
			</div>
			<a id="lastPost"></a>
			<div class="pagesection">
				<div class="pagelinks floatleft">Страницы: {links}</div>
			</div>
		</div>
	</div></div>
</div>
</body></html>
"""


# ------------------------------------------------------------------ FluxBB 1.5


# parser.php: the message is paragraphs; a block (quote, code, spoiler) closes the
# paragraph before it and opens one after it.
FLUXBB_BOXES = {
    "quote": '</p><div class="quotebox"><cite>{author} написал:</cite><blockquote><div><p>{inner}</p></div></blockquote></div><p>',
    "code": '</p><div class="codebox"><pre><code>{code}</code></pre></div><p>',
    # FluxBB by Visman's [spoiler]
    "spoiler": (
        '</p><div class="quotebox" style="padding: 0px;"><div onclick="toggle(this)" style="font-weight: '
        'bold; cursor: pointer; font-size: 0.9em;"><span style="padding: 0 5px;">&#9660;</span>Скрытый '
        'текст</div><div style="padding: 6px; margin: 0; display: none;"><p>{inner}'
        "</p></div></div><p>"
    ),
    "p": "{inner}</p><p>",
}


def _fluxbb_body(parts: list[Any]) -> str:
    return _boxes_body(parts, FLUXBB_BOXES)


def fluxbb_post(p: P, counter: int) -> str:
    edited = (
        f'\n\t\t\t\t\t\t<p class="postedit"><em>Отредактировано {e(p.author)} (2024-03-01 11:00:00)</em></p>'
        if p.edited
        else ""
    )
    return f"""
<div id="p{p.id}" class="blockpost{" roweven" if counter % 2 == 0 else " rowodd"}{" blockpost1" if counter == 1 else ""}">
	<h2><span><span class="conr">#{counter}</span> <a href="viewtopic.php?pid={p.id}#p{p.id}">2024-03-01 10:00:00</a></span></h2>
	<div class="box">
		<div class="inbox">
			<div class="postbody">
				<div class="postleft">
					<dl>
						<dt><strong><a href="profile.php?id={p.id % 97}">{e(p.author)}</a></strong></dt>
						<dd class="usertitle"><strong>Участник</strong></dd>
						<dd><span>Зарегистрирован: 2024-01-01</span></dd>
						<dd><span>Сообщений: 12</span></dd>
					</dl>
				</div>
				<div class="postright">
					<h3>Re: Ход 3</h3>
					<div class="postmsg">
						<p>{_fluxbb_body(p.body)}</p>{edited}
					</div>
					<div class="postsignature postmsg"><hr /><p>!roll d100 в подписи</p></div>
				</div>
			</div>
		</div>
		<div class="inbox">
			<div class="postfoot clearb">
				<div class="postfootleft"><p><span>Не в сети</span></p></div>
				<div class="postfootright">
					<ul>
						<li class="postreport"><span><a href="misc.php?report={p.id}">Жалоба</a></span></li>
						<li class="postquote"><span><a href="post.php?tid=12&amp;qid={p.id}">Цитировать</a></span></li>
					</ul>
				</div>
			</div>
		</div>
	</div>
</div>
"""


def fluxbb_page(
    posts: list[P], page: int = 1, pages: int = 1, topic: int = 12, per_page: int = 25, charset: str = "utf-8"
) -> str:
    def href(n: int) -> str:
        return f"viewtopic.php?id={topic}&amp;p={n}"

    # functions.php paginate(): prev, the page numbers (the current one in <strong>), next
    items = []
    if page > 1:
        items.append(f'<a rel="prev" href="{href(page - 1)}">Назад</a>')
    for n in range(1, pages + 1):
        first = ' class="item1"' if n == 1 else ""
        items.append(f"<strong{first}>{n}</strong>" if n == page else f'<a{first} href="{href(n)}">{n}</a>')
    if page < pages:
        items.append(f'<a rel="next" href="{href(page + 1)}">Вперёд</a>')
    paging = '<span class="pages-label">Страницы </span>' + " ".join(items)
    head = '<link rel="up" href="viewforum.php?id=2" title="Игры" />'
    if page < pages:
        head += f'\n<link rel="next" href="{href(page + 1)}" title="Страница {page + 1}" />'
    start = (page - 1) * per_page
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ru" lang="ru" dir="ltr">
<head>
<meta http-equiv="Content-Type" content="text/html; charset={charset}" />
<title>Ход 3 / Игры / Форум Ориона</title>
<link rel="stylesheet" type="text/css" href="style/Air.css" />
{head}
</head>

<body>

<div id="punviewtopic" class="pun">
<div class="top-box"></div>
<div class="punwrap">

<div id="brdheader" class="block">
	<div class="box">
		<div id="brdtitle" class="inbox"><h1><a href="index.php">Форум Ориона</a></h1></div>
	</div>
</div>

<div id="brdmain">
<div class="linkst">
	<div class="inbox crumbsplus">
		<ul class="crumbs">
			<li><a href="index.php">Форум</a></li>
			<li><span>»&#160;</span><a href="viewforum.php?id=2">Игры</a></li>
			<li><span>»&#160;</span><a href="viewtopic.php?id={topic}"><strong>Ход 3</strong></a></li>
		</ul>
		<div class="pagepost">
			<p class="pagelink conl">{paging}</p>
		</div>
		<div class="clearer"></div>
	</div>
</div>
{"".join(fluxbb_post(p, start + i + 1) for i, p in enumerate(posts))}
<div class="postlinksb">
	<div class="inbox crumbsplus">
		<div class="pagepost">
			<p class="pagelink conl">{paging}</p>
		</div>
		<div class="clearer"></div>
	</div>
</div>
</div>

<div id="brdfooter" class="block">
	<div class="box"><div class="inbox"><p id="poweredby">Работает на <a href="http://fluxbb.org/">FluxBB</a></p></div></div>
</div>

</div>
<div class="end-box"></div>
</div>

</body>
</html>
"""


# ------------------------------------------------------------------ mybb.ru / rusff.me hosts


MYBBRU_BOXES = {
    "quote": (
        '</p><div class="quote-box answer-box"><cite>{author} написал(а):</cite><blockquote><p>'
        "{inner}</p></blockquote></div><p>"
    ),
    "code": (
        '</p><div class="code-box"><strong class="legend">Код:</strong><div class="blockcode">'
        '<div class="scrollbox" style="height: 4.5em"><pre>{code}</pre></div></div></div><p>'
    ),
    "spoiler": (
        '</p><div class="quote-box spoiler-box"><div onclick="$(this).toggleClass(\'visible\'); '
        "$(this).next().toggleClass('visible');\">Спойлер</div><blockquote><p>"
        "{inner}</p></blockquote></div><p>"
    ),
    "p": "{inner}</p><p>",
}


def _mybbru_body(parts: list[Any]) -> str:
    return _boxes_body(parts, MYBBRU_BOXES)


def mybbru_post(p: P, counter: int, topic: int) -> str:
    edited = f'\n<p class="lastedit">Отредактировано {e(p.author)} (2024-03-01 11:00:00)</p>' if p.edited else ""
    return f"""
<div id="p{p.id}" class="post{" altstyle" if counter % 2 == 0 else ""}{" topicpost firstpost" if counter == 1 else ""}" data-posted="1709287200" data-user-id="{p.id % 97}" data-group-id="4">
	<h3><span><a class="sharelink" rel="nofollow" href="#p{p.id}" onclick="return false;">Поделиться</a><strong>{counter}</strong><a class="permalink" rel="nofollow" href="https://orion.rusff.me/viewtopic.php?id={topic}#p{p.id}">2024-03-01 10:00:00</a></span></h3>
	<div class="container">
		<div class="post-author">
			<ul>
				<li class="pa-author"><span class="acchide">Автор:&nbsp;</span><a href="https://orion.rusff.me/profile.php?id={p.id % 97}" rel="nofollow">{e(p.author)}</a></li>
				<li class="pa-title">Игрок</li>
				<li class="pa-posts"><span class="fld-name">Сообщений:</span> 12</li>
			</ul>
		</div>
		<div class="post-body">
			<div class="post-box">
				<div id="p{p.id}-content" class="post-content">
<p>{_mybbru_body(p.body)}</p>{edited}
				</div>
				<div class="post-sig"><dl><dt><span>Подпись автора</span></dt><dd><p>!roll d100 в подписи</p></dd></dl></div>
			</div>
			<div class="clearer"><!-- --></div>
		</div>
	</div>
	<div class="post-links">
		<ul>
			<li class="pl-quote"><a href="javascript:quote('{e(p.author)}', {p.id})">Цитировать</a></li>
		</ul>
	</div>
</div>
"""


def mybbru_page(
    posts: list[P], page: int = 1, pages: int = 1, topic: int = 12, per_page: int = 30, charset: str = "utf-8"
) -> str:
    def href(n: int) -> str:
        return f"https://orion.rusff.me/viewtopic.php?id={topic}" + (f"&amp;p={n}" if n > 1 else "")

    items = [f"<strong>{n}</strong>" if n == page else f'<a href="{href(n)}">{n}</a>' for n in range(1, pages + 1)]
    if page < pages:
        items.append(f'<a class="next" href="{href(page + 1)}">&#187;</a>')
    pagelink = f'<div class="pagelink">Страница: {" ".join(items)}</div>'
    first = (page - 1) * per_page + 1
    last = first + len(posts) - 1
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ru" lang="ru" dir="ltr">
<head>
<meta http-equiv="Content-Type" content="text/html; charset={charset}" />
<title>Ход 3 - Страница {page}</title>
<script type="text/javascript">var FORUM = {{topic: {{id: "{topic}"}}}};</script>
</head>
<body>
<div id="pun_wrap">
<div id="pun" class="ru isguest gid3">
<div id="pun-viewtopic" class="punbb" data-topic-id="{topic}" data-forum-id="3">
<div id="pun-title" class="section"><table id="title-logo-table" cellspacing="0"><tbody id="title-logo-tbody"><tr id="title-logo-tr"><td id="title-logo-tdl" class="title-logo-tdl"><h1 class="title-logo"><span>Орион</span></h1></td></tr></tbody></table></div>
<div id="pun-crumbs1" class="section"><p class="container crumbs"><strong>Вы здесь</strong> <em>&#187;&#160;</em><a href="https://orion.rusff.me/">Орион</a> <em>&#187;&#160;</em>Ход 3</p></div>
<div class="linkst"><div class="linkst-inner">{pagelink}</div></div>
<div id="pun-main" class="main multipage">
	<h1><span>Ход 3</span></h1>
	<div id="topic_t{topic}" class="topic">
		<h2><span><span class="item1">Сообщений</span> <span class="item2">{first} страница {last} из {last}</span></span></h2>
{"".join(mybbru_post(p, first + i, topic) for i, p in enumerate(posts))}
	</div>
</div>
<div class="linksb"><div class="linksb-inner">{pagelink}</div></div>
</div>
</div>
</div>
<div id="mybb-counter"><a href="https://mybb.ru/">Создать форум</a></div>
</body>
</html>
"""


# ------------------------------------------------------------------ uCoz


UCOZ_BOXES = {
    "quote": (
        '<!--uzquote--><div class="bbQuoteBlock"><div class="bbQuoteName" style="padding-left:5px;'
        'font-size:7pt"><b>Цитата</b> <span class="qName"><!--qn-->{author}<!--/qn--></span>'
        '</div><div class="quoteMessage" style="border:1px inset;max-height:200px;overflow:auto;">'
        "<!--uzq-->{inner}<!--/uzq--></div></div><!--/uzquote-->"
    ),
    "code": (
        '<!--uzcode--><div class="bbCodeBlock"><div class="bbCodeName" style="padding-left:5px;'
        'font-weight:bold;font-size:7pt">Код</div><div class="codeMessage" style="border:1px inset;'
        'max-height:200px;overflow:auto;"><!--uzc-->{code}<!--/uzc--></div></div><!--/uzcode-->'
    ),
    "spoiler": (
        '<!--uSpoiler--><div class="uSpoilerClosed" id="uSpoilerq7Vb2e"><div class="uSpoilerButBl">'
        '<input type="button" class="uSpoilerButton" onclick="uSpoilerToggle(this)" value="[+] Спойлер"/>'
        '</div><div class="uSpoilerText" style="display:none;"><!--ust-->{inner}<!--/ust-->'
        "</div></div><!--/uSpoiler-->"
    ),
    "p": "{inner}<br /><br />",
}


def _ucoz_body(parts: list[Any]) -> str:
    return _boxes_body(parts, UCOZ_BOXES)


def ucoz_post(p: P, counter: int, topic: int) -> str:
    edited = (
        f'<br /><br /><span class="edited">Сообщение отредактировал <span class="editedBy">{e(p.author)}</span> - '
        '<span class="editedTime">Пятница, 01.03.2024, 11:00</span></span>'
        if p.edited
        else ""
    )
    return f"""
<tr><td class="postSeparator"><div id="nativeroll_separator_{counter}"></div></td></tr>
<tr id="post{p.id}"><td class="postFirst">
<table border="0" width="100%" cellspacing="1" cellpadding="2" class="postTable">
<tr><td width="23%" class="postTdTop" align="center"><a class="postUser" href="javascript://" rel="nofollow" onClick="emoticon('[b]{e(p.author)}[/b],');return false;">{e(p.author)}</a></td><td class="postTdTop">Дата: Пятница, 01.03.2024, 10:00 | Сообщение # <a rel="nofollow" name="{p.id}" class="postNumberLink" href="javascript://" onclick="prompt('Ссылка на сообщение', 'https://orion.ucoz.ru/forum/2-{topic}-{p.id}-16-1709287200'); return false;">{counter}</a></td></tr>
<tr><td class="postTdInfo" valign="top">
<div class="postRankName">Игрок</div>
<div class="postUserGroup">Группа: Пользователи</div>
<div class="numposts">Сообщений: <span class="unumPosts">12</span></div>
<div class="statusBlock">Статус: <span class="statusOffline">Offline</span></div>
</td><td class="posttdMessage" valign="top" style="word-wrap: break-word;"><span class="ucoz-forum-post" id="ucoz-forum-post-{p.id}" edit-url="">{_ucoz_body(p.body)}</span>{edited}
<br /><hr size="1" width="150" align="left" class="signatureHr"><span class="signatureView">!roll d100 в подписи</span>
</td></tr>
<tr><td class="postBottom" align="center">&nbsp;</td><td class="postBottom">
<table border="0" width="100%" cellspacing="0" cellpadding="0">
<tr><td><a href="javascript:;" rel="nofollow" onclick="window.open('/index/8-{p.id % 97}', 'up{p.id % 97}', 'scrollbars=1,top=0,left=0,resizable=1,width=700,height=375'); return false;"><img alt="" style="margin:0;padding:0;border:0;" src="/.s/img/fr/bt/34/p_profile.gif" title="Профиль пользователя" /></a></td><td align="right" style="padding-right:15px;"></td><td width="2%" nowrap align="right"><a class="goOnTop" href="javascript:scroll(0,0);"><img alt="" style="margin:0;padding:0;border:0;" src="/.s/img/fr/bt/34/p_up.gif" title="Вверх" /></a></td></tr>
</table></td></tr>
</table></td></tr>
"""


def ucoz_page(
    posts: list[P], page: int = 1, pages: int = 1, topic: int = 12, per_page: int = 15, charset: str = "UTF-8"
) -> str:
    def href(n: int) -> str:
        return f"/forum/2-{topic}-{n}"

    items = [
        f'<b class="swchItemA1"><span>{n}</span></b>'
        if n == page
        else f'<a class="swchItem1" href="{href(n)}" onclick="spages(\'{n}\',\'\');return false;"><span>{n}</span></a>'
        for n in range(1, pages + 1)
    ]
    if page < pages:
        items.append(f'<a class="swchItem1" href="{href(page + 1)}"><span>&raquo;</span></a>')
    switch = (
        f'<span class="pagesBlockuz1"><b>Страница <b>{page}</b> из {pages}</b>&nbsp;&nbsp;'
        f'<span class="pagesBlockuz">{" ".join(items)}</span></span>'
    )
    start = (page - 1) * per_page
    return f"""<html><head>
<meta http-equiv="content-type" content="text/html; charset={charset}">
<title>Ход 3 - Форум</title>
<link type="text/css" rel="StyleSheet" href="/.s/src/css/1108.css" />
<script type="text/javascript">var uCoz = {{"module":"forum","language":"ru"}};</script>
</head>
<body style="background:#FFFFFF; margin:0px; padding:0px;">
<div id="utbr8214" rel="s701"></div>
<table class="main-table" cellpadding="0" cellspacing="0" width="100%">
<tr><td class="forumContent">
<table border="0" cellpadding="0" height="30" cellspacing="0" width="100%">
<tr><td align="right">[ <a class="fNavLink" href="/forum/0-0-1-34" rel="nofollow">Новые сообщения</a> &middot; <a class="fNavLink" href="/forum/0-0-1-35" rel="nofollow">Участники</a> ]</td></tr>
</table>
<table class="ThrTopButtonsTbl" border="0" width="100%" cellspacing="0" cellpadding="0"><tr class="ThrTopButtonsRow1"><td width="50%" class="ThrTopButtonsCl11"><ul class="switches switchesTbl forum-pages"><li class="pagesInfo">{switch}</li></ul></td></tr></table>
<table class="gTable threadpage-posts-table" border="0" width="100%" cellspacing="1" cellpadding="0">
<tr><td class="gTableTop"><div style="float:right" class="gTopCornerRight"></div><span class="forum-title">Ход 3</span></td></tr>
{"".join(ucoz_post(p, start + i + 1, topic) for i, p in enumerate(posts))}
</table>
<table class="ThrBotTbl" border="0" width="100%" cellspacing="0" cellpadding="0"><tr class="ThrBotRow1"><td class="ThrBotCl11" style="padding-top:2px;">{switch}</td></tr></table>
</td></tr>
</table>
<div align="center"><!-- copy --><a href="https://www.ucoz.ru/" title="Создать сайт бесплатно">uCoz</a></div>
</body></html>
"""


PAGE_BUILDERS = {"smf": smf_page, "punbb": fluxbb_page, "mybbru": mybbru_page, "ucoz": ucoz_page}
