"""Thread pages as each forum engine writes them, built from the engines' public templates
(phpBB prosilver viewtopic_body.html and bbcode.html; XenForo 2 thread_view, post_macros
and bb_code_tag_*; vBulletin 5 conversation templates; MyBB 1.8 postbit and mycode; the
phpBB topic feed; Discourse's topic JSON and /raw).  No real forum's content.

A post body is a list of parts:
  "text line"                       a line of text
  ("quote", "author", [parts])      a quote box (nested quotes allowed)
  ("code", "text")                  a code box
  ("spoiler", [parts])              a spoiler (kept)
  ("p", [parts])                    a paragraph
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Any

e = html.escape


@dataclass
class P:
    id: int
    author: str
    body: list[Any]
    edited: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


# ------------------------------------------------------------------ phpBB prosilver


def _phpbb_body(parts: list[Any]) -> str:
    out = []
    for i, part in enumerate(parts):
        if isinstance(part, str):
            out.append(e(part) + ("<br>" if i < len(parts) - 1 else ""))
        elif part[0] == "quote":
            out.append(
                f'<blockquote><div><cite><a href="./viewtopic.php?p=1#p1">{e(part[1])}</a> wrote: '
                f'<a href="./viewtopic.php?p=1#p1" data-post-id="1">↑</a><span class="responsive-hide">'
                f"Fri Mar 01, 2024 10:00 am</span></cite>{_phpbb_body(part[2])}</div></blockquote>"
            )
        elif part[0] == "code":
            out.append(
                '<div class="codebox"><p>Code: <a href="#" onclick="selectCode(this); return false;">'
                f"Select all</a></p><pre><code>{e(part[1])}</code></pre></div>"
            )
        elif part[0] == "spoiler":  # a board's custom BBCode: a plain div
            out.append(
                f'<div class="spoiler"><div class="spoiler-title">Spoiler</div>'
                f'<div class="spoiler-body">{_phpbb_body(part[1])}</div></div>'
            )
        elif part[0] == "p":
            out.append(f"<p>{_phpbb_body(part[1])}</p>")
    return "\n".join(out)


def phpbb_post(p: P) -> str:
    edited = (
        '<div class="notice">Last edited by <a href="./memberlist.php?mode=viewprofile&amp;u=2" '
        f'class="username">{e(p.author)}</a> on Fri Mar 01, 2024 11:00 am, edited 1 time in total.</div>'
        if p.edited
        else ""
    )
    return f"""
		<div id="p{p.id}" class="post has-profile bg2">
		<div class="inner">
		<dl class="postprofile" id="profile{p.id}">
			<dt class="has-profile-rank no-avatar">
				<div class="avatar-container"></div>
				<a href="./memberlist.php?mode=viewprofile&amp;u={p.id % 97}" class="username">{e(p.author)}</a>
			</dt>
			<dd class="profile-rank">Player</dd>
			<dd class="profile-posts"><strong>Posts:</strong> <a href="./search.php?author_id=2">12</a></dd>
		</dl>
		<div class="postbody">
			<div id="post_content{p.id}">
			<h3><a href="#p{p.id}">Re: Turn 3</a></h3>
			<ul class="post-buttons"><li><a href="./posting.php?mode=quote&amp;p={p.id}" title="Reply with quote" class="button button-icon-only"><i class="icon fa-quote-left fa-fw" aria-hidden="true"></i><span>Quote</span></a></li></ul>
			<p class="author"><a class="unread" href="./viewtopic.php?p={p.id}#p{p.id}" title="Post"><i class="icon fa-file fa-fw icon-lightgray icon-md" aria-hidden="true"></i><span class="sr-only">Post</span></a><span class="responsive-hide">by <strong><a href="./memberlist.php?mode=viewprofile&amp;u=2" class="username">{e(p.author)}</a></strong> &raquo; </span><time datetime="2024-03-01T10:00:00+00:00">Fri Mar 01, 2024 10:00 am</time></p>
			<div class="content">{_phpbb_body(p.body)}</div>
			{edited}
			</div>
		</div>
		<div class="back2top"><a href="#top" class="top" title="Top"><i class="icon fa-chevron-circle-up fa-fw icon-gray" aria-hidden="true"></i><span class="sr-only">Top</span></a></div>
		</div>
		</div>
		<hr class="divider" />"""


def phpbb_page(
    posts: list[P], page: int = 1, pages: int = 1, topic: int = 12, per_page: int = 10, total: int | None = None
) -> str:
    total = total if total is not None else len(posts)
    items = []
    for n in range(1, pages + 1):
        start = (n - 1) * per_page
        href = f"./viewtopic.php?t={topic}" + (f"&amp;start={start}" if start else "")
        items.append(
            f'<li class="active"><span>{n}</span></li>'
            if n == page
            else f'<li><a class="button" href="{href}" role="button">{n}</a></li>'
        )
    if page < pages:
        items.append(
            f'<li class="arrow next"><a class="button button-icon-only" href="./viewtopic.php?t={topic}'
            f'&amp;start={page * per_page}" rel="next" role="button"><i class="icon fa-chevron-right '
            f'fa-fw" aria-hidden="true"></i><span class="sr-only">Next</span></a></li>'
        )
    pagination = f'<div class="pagination">{total} posts &bull; <ul>{"".join(items)}</ul></div>'
    return f"""<!DOCTYPE html>
<html dir="ltr" lang="en-gb">
<head>
<meta charset="utf-8" />
<title>Turn 3 - Orion Forum</title>
<script>var x = "<div class='post has-profile'>!roll d100</div>";</script>
</head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr ">
<div id="wrap" class="wrap">
	<div id="page-header"><div class="headerbar" role="banner"><h1>Orion Forum</h1></div></div>
	<div id="page-body" class="page-body" role="main">
<h2 class="topic-title"><a href="./viewtopic.php?t={topic}">Turn 3</a></h2>
<div class="action-bar bar-top">{pagination}</div>
{"".join(phpbb_post(p) for p in posts)}
<div class="action-bar bar-bottom">{pagination}</div>
	</div>
	<div id="page-footer" class="page-footer" role="contentinfo">Powered by phpBB&reg; Forum Software</div>
</div>
</body>
</html>
"""


def phpbb_atom(posts: list[P], topic: int = 12, base: str = "https://forum.example") -> str:
    entries = []
    for p in reversed(posts):  # the feed lists the newest first
        link = f"{base}/viewtopic.php?t={topic}&amp;p={p.id}#p{p.id}"
        content = (
            _phpbb_body(p.body) + f'<p>Statistics: Posted by <a href="{base}/memberlist.php?mode=viewprofile'
            f'&amp;u=2">{e(p.author)}</a> — Fri Mar 01, 2024 10:00 am</p><hr />'
        )
        entries.append(f'''<entry>
<author><name><![CDATA[{p.author}]]></name></author>
<updated>2024-03-01T10:00:00+00:00</updated>
<published>2024-03-01T10:00:00+00:00</published>
<id>{link}</id>
<link href="{link}"/>
<title type="html"><![CDATA[Games • Re: Turn 3]]></title>
<category term="Games" scheme="{base}/viewforum.php?f=2" label="Games"/>
<content type="html" xml:base="{link}"><![CDATA[{content}]]></content>
</entry>''')
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-gb">
<link rel="self" type="application/atom+xml" href="{base}/app.php/feed/topic/{topic}" />
<title>Orion Forum</title>
<subtitle>A play-by-forum board</subtitle>
<link href="{base}/index.php" />
<updated>2024-03-01T10:00:00+00:00</updated>
<author><name><![CDATA[Orion Forum]]></name></author>
<id>{base}/app.php/feed/topic/{topic}</id>
{"".join(entries)}
</feed>
'''


# ------------------------------------------------------------------ XenForo 2


def _xf_body(parts: list[Any]) -> str:
    out = []
    for i, part in enumerate(parts):
        if isinstance(part, str):
            out.append(e(part) + ("<br />" if i < len(parts) - 1 else ""))
        elif part[0] == "quote":
            out.append(
                f'<blockquote data-attributes="" data-quote="{e(part[1])}" data-source="post: 1" '
                f'class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch">'
                f'<div class="bbCodeBlock-title"><a href="/goto/post?id=1" class="bbCodeBlock-sourceJump" '
                f'rel="nofollow">{e(part[1])} said:</a></div><div class="bbCodeBlock-content">'
                f'<div class="bbCodeBlock-expandContent js-expandContent ">{_xf_body(part[2])}</div>'
                f'<div class="bbCodeBlock-expandLink js-expandLink"><a role="button" tabindex="0">'
                f"Click to expand...</a></div></div></blockquote>"
            )
        elif part[0] == "code":
            out.append(
                '<div class="bbCodeBlock bbCodeBlock--code"><div class="bbCodeBlock-title">Code:</div>'
                '<div class="bbCodeBlock-content" dir="ltr"><pre class="bbCodeCode" dir="ltr" '
                f'data-xf-init="code-block" data-lang=""><code>{e(part[1])}</code></pre></div></div>'
            )
        elif part[0] == "spoiler":
            out.append(
                '<div class="bbCodeSpoiler"><button type="button" class="button bbCodeSpoiler-button" '
                'data-xf-click="toggle" data-xf-init="tooltip" title="Click to reveal or hide spoiler">'
                '<span class="button-text"><span>Spoiler</span></span></button><div class="bbCodeSpoiler-'
                'content"><div class="bbCodeBlock bbCodeBlock--spoiler"><div class="bbCodeBlock-content">'
                f"{_xf_body(part[1])}</div></div></div></div>"
            )
        elif part[0] == "p":
            out.append(f"<p>{_xf_body(part[1])}</p>")
    return "\n".join(out)


def xenforo_post(p: P) -> str:
    edited = (
        '<div class="message-lastEdit">Last edited: <time class="u-dt" dir="auto">Mar 1, 2024</time></div>'
        if p.edited
        else ""
    )
    return f'''
<article class="message message--post js-post js-inlineModContainer  " data-author="{e(p.author)}" data-content="post-{p.id}" id="js-post-{p.id}" itemscope itemtype="https://schema.org/Comment" itemid="https://forum.example/posts/{p.id}/">
	<span class="u-anchorTarget" id="post-{p.id}"></span>
	<div class="message-inner">
		<div class="message-cell message-cell--user">
			<section class="message-user" itemprop="author" itemscope itemtype="https://schema.org/Person">
				<div class="message-userDetails">
					<h4 class="message-name"><a href="/members/x.2/" class="username " dir="auto" data-user-id="2" data-xf-init="member-tooltip"><span itemprop="name">{e(p.author)}</span></a></h4>
					<h5 class="userTitle message-userTitle" dir="auto" itemprop="jobTitle">Member</h5>
				</div>
			</section>
		</div>
		<div class="message-cell message-cell--main">
			<div class="message-main js-quickEditTarget">
				<header class="message-attribution message-attribution--split">
					<ul class="message-attribution-main listInline "><li class="u-concealed"><a href="/threads/turn-3.12/post-{p.id}" rel="nofollow"><time class="u-dt" dir="auto" datetime="2024-03-01T10:00:00+0000">Mar 1, 2024</time></a></li></ul>
					<ul class="message-attribution-opposite message-attribution-opposite--list "><li><a href="/threads/turn-3.12/post-{p.id}" rel="nofollow">#{p.id}</a></li></ul>
				</header>
				<div class="message-content js-messageContent">
					<div class="message-userContent lbContainer js-lbContainer " data-lb-id="post-{p.id}" data-lb-caption-desc="{e(p.author)} &middot; Mar 1, 2024 at 10:00 AM">
						<article class="message-body js-selectToQuote">
							<div itemprop="text"><div class="bbWrapper">{_xf_body(p.body)}</div></div>
							<div class="js-selectToQuoteEnd">&nbsp;</div>
						</article>
					</div>
					{edited}
				</div>
				<footer class="message-footer"><div class="message-actionBar actionBar"><div class="actionBar-set actionBar-set--external"><a href="/posts/{p.id}/react?reaction_id=1" class="reaction actionBar-action actionBar-action--reaction" data-reaction-id="1"><span class="reaction-text js-reactionText"><bdi>Like</bdi></span></a></div></div></footer>
			</div>
		</div>
	</div>
</article>'''


def xenforo_page(posts: list[P], page: int = 1, pages: int = 1, topic: int = 12) -> str:
    nav = ""
    if pages > 1:
        links = "".join(
            f'<li class="pageNav-page {"pageNav-page--current" if n == page else ""}">'
            f'<a href="/threads/turn-3.{topic}/{"" if n == 1 else f"page-{n}"}">{n}</a></li>'
            for n in range(1, pages + 1)
        )
        nxt = (
            f'<a href="/threads/turn-3.{topic}/page-{page + 1}" class="pageNav-jump pageNav-jump--next">Next</a>'
            if page < pages
            else ""
        )
        nav = f'<div class="pageNav  "><ul class="pageNav-main">{links}</ul>{nxt}</div>'
    head_next = f'<link rel="next" href="/threads/turn-3.{topic}/page-{page + 1}" />' if page < pages else ""
    return f"""<!DOCTYPE html>
<html id="XF" lang="en-US" dir="LTR" data-xf="2.2" data-app="public" data-template="thread_view" data-container-key="node-2" data-content-key="thread-{topic}" data-logged-in="false" class="has-no-js template-thread_view">
<head><meta charset="utf-8" /><title>Turn 3 | Orion Forum</title>{head_next}</head>
<body data-template="thread_view">
<div class="p-pageWrapper" id="top">
<div class="p-body"><div class="p-body-inner"><div class="p-body-header"><h1 class="p-title-value">Turn 3</h1></div>
<div class="block block--messages" data-xf-init="" data-type="post" data-href="/inline-mod/" data-search-target="*">
<div class="block-outer">{nav}</div>
<div class="block-container lbContainer"><div class="block-body js-replyNewMessageContainer">
{"".join(xenforo_post(p) for p in posts)}
</div></div>
<div class="block-outer block-outer--after">{nav}</div>
</div></div></div></div>
</body>
</html>
"""


# ------------------------------------------------------------------ vBulletin 5


def _vb_body(parts: list[Any]) -> str:
    out = []
    for i, part in enumerate(parts):
        if isinstance(part, str):
            out.append(e(part) + ("<br />" if i < len(parts) - 1 else ""))
        elif part[0] == "quote":
            out.append(
                '<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">'
                '<div class="bbcode_quote_container b-icon b-icon__ldquo-l--gray"></div>'
                f'<div class="bbcode_postedby">Originally posted by <strong>{e(part[1])}</strong> '
                f'<a href="/forum/node/1#post1" rel="nofollow">View Post</a></div>'
                f'<div class="message">{_vb_body(part[2])}</div></div></div></div>'
            )
        elif part[0] == "code":
            out.append(
                '<div class="bbcode_container"><div class="bbcode_description">Code:</div>'
                f'<pre class="bbcode_code" style="height:36px;">{e(part[1])}</pre></div>'
            )
        elif part[0] == "spoiler":
            out.append(f'<div class="spoiler">{_vb_body(part[1])}</div>')
        elif part[0] == "p":
            out.append(f"<p>{_vb_body(part[1])}</p>")
    return "\n".join(out)


def vbulletin_post(p: P) -> str:
    edited = (
        f'<div class="b-post__edit h-margin-top-xl">Last edited by {e(p.author)}; 03-01-2024, 11:00 AM.</div>'
        if p.edited
        else ""
    )
    return f'''
<li class="b-post js-post js-comment-entry__parent h-restore--on-preview b-post--text js-post__{p.id}" data-node-id="{p.id}" data-node-publishdate="1709287200" itemscope itemtype="http://schema.org/Comment" itemprop="comment">
	<div class="b-post__grid">
		<div class="b-post__arrow b-post__hide-when-deleted"></div>
		<div class="b-userinfo b-post__hide-when-deleted" data-userid="2" itemprop="author" itemscope itemtype="http://schema.org/Person">
			<div class="b-avatar b-avatar--m b-avatar--thread h-float"><img src="/core/images/default/default_avatar_large.png" alt="" /></div>
			<div class="b-userinfo__details">
				<div class="author h-text-size--14"><strong><a href="/member/2-x" data-vbnamecard="2" itemprop="url"><span itemprop="name">{e(p.author)}</span></a></strong></div>
				<div class="usertitle">Junior Member</div>
			</div>
		</div>
		<div class="b-post__body">
			<div class="b-post__content js-post__content">
				<div class="b-post__timestamp"><time itemprop="dateCreated" datetime="2024-03-01T10:00:00">03-01-2024, 10:00 AM</time></div>
				<div class="b-post__content-wrapper js-post__content-wrapper">
					<div class="js-post__content-text restore h-wordwrap" itemprop="text">{_vb_body(p.body)}</div>
				</div>
				{edited}
			</div>
		</div>
	</div>
</li>'''


def vbulletin_page(posts: list[P], page: int = 1, pages: int = 1, topic: int = 12) -> str:
    nxt = (
        f'<a class="arrow right-arrow js-pagenav-button" href="/forum/games/{topic}-turn-3/page{page + 1}" '
        f'data-page="{page + 1}" title="Next Page"><span class="vb-icon vb-icon-arrow-right"></span></a>'
        if page < pages
        else ""
    )
    return f"""<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" dir="ltr" lang="en" id="vbulletin_html">
<head><meta charset="utf-8" /><title>Turn 3 - vBulletin Forum</title></head>
<body id="vb-page-body" class="l-desktop page60 vb-page view-mode logged-out" itemscope itemtype="http://schema.org/WebPage" data-usergroupid="1" data-styleid="1">
<div id="outer-wrapper"><div id="wrapper">
<main id="content"><div class="canvas-layout-container js-canvas-layout-container">
<div class="b-module canvas-widget conversation-content-widget forum-conversation-content-widget widget-tabs widget-no-border widget-no-header">
<div class="pagenav-container"><div class="pagenav">{nxt}</div></div>
<div class="conversation-content"><ul class="conversation-list list-container h-clearfix thread-view">
{"".join(vbulletin_post(p) for p in posts)}
</ul></div>
</div></div></main>
</div></div>
</body>
</html>
"""


# ------------------------------------------------------------------ MyBB 1.8


def _mybb_body(parts: list[Any]) -> str:
    out = []
    for i, part in enumerate(parts):
        if isinstance(part, str):
            out.append(e(part) + ("<br />" if i < len(parts) - 1 else ""))
        elif part[0] == "quote":
            out.append(
                f'<blockquote class="mycode_quote"><cite><span> (03-01-2024, 10:00 AM)</span>{e(part[1])} '
                f'Wrote: <a href="https://forum.example/showthread.php?pid=1#pid1" class="quick_jump"></a>'
                f"</cite>{_mybb_body(part[2])}</blockquote>"
            )
        elif part[0] == "code":
            out.append(
                '<div class="codeblock"><div class="title">Code:<br />\n</div><div class="body" dir="ltr">'
                f"<code>{e(part[1])}</code></div></div>"
            )
        elif part[0] == "spoiler":
            out.append(f'<div class="spoiler">{_mybb_body(part[1])}</div>')
        elif part[0] == "p":
            out.append(f"<p>{_mybb_body(part[1])}</p>")
    return "\n".join(out)


def mybb_post(p: P) -> str:
    edited = (
        f'<span class="post_edit" id="edited_by_{p.id}"><span class="edited_post">(This post was last '
        f'modified: 03-01-2024, 11:00 AM by <a href="member.php?action=profile&amp;uid=2">{e(p.author)}'
        f"</a>.)</span></span>"
        if p.edited
        else ""
    )
    return f"""
<a name="pid{p.id}" id="pid{p.id}"></a>
<div class="post " style="" id="post_{p.id}">
<div class="post_author">
	<div class="author_avatar"><a href="member.php?action=profile&amp;uid=2"><img src="images/default_avatar.png" alt="" width="55" height="55" /></a></div>
	<div class="author_information">
			<strong><span class="largetext"><a href="https://forum.example/member.php?action=profile&amp;uid=2">{e(p.author)}</a></span></strong> <img src="images/buddy_offline.png" title="Offline" alt="Offline" class="buddy_status" /><br />
			<span class="smalltext">Junior Member<br /></span>
	</div>
	<div class="author_statistics"><div class="author_row"><div class="author_label">Posts:</div><div class="author_value">12</div></div></div>
</div>
<div class="post_content">
	<div class="post_head">
		<div class="float_right" style="vertical-align: top"><strong><a href="showthread.php?tid=12&amp;pid={p.id}#pid{p.id}" title="Re: Turn 3">#{p.id}</a></strong></div>
		<span class="post_date">03-01-2024, 10:00 AM {edited}</span>
	</div>
	<div class="post_body scaleimages" id="pid_{p.id}">
		{_mybb_body(p.body)}
	</div>
	<div class="post_meta" id="post_meta_{p.id}"></div>
</div>
<div class="post_controls"><div class="postbit_buttons author_buttons float_left"><a href="search.php?action=finduser&amp;uid=2" title="Find all posts by this user" class="postbit_find"><span>Find</span></a></div></div>
</div>"""


def mybb_page(posts: list[P], page: int = 1, pages: int = 1, topic: int = 12) -> str:
    nav = ""
    if pages > 1:
        links = "".join(
            f'<span class="pagination_current">{n}</span>'
            if n == page
            else f'<a href="showthread.php?tid={topic}&amp;page={n}" class="pagination_page">{n}</a>'
            for n in range(1, pages + 1)
        )
        nxt = (
            f'<a href="showthread.php?tid={topic}&amp;page={page + 1}" class="pagination_next">Next &raquo;</a>'
            if page < pages
            else ""
        )
        nav = f'<div class="pagination"><span class="pages">Pages ({pages}):</span>{links}{nxt}</div>'
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xml:lang="en" lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head><title>Turn 3</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /></head>
<body>
<div id="container"><div id="content"><div class="wrapper">
<div class="float_left">{nav}</div>
<table border="0" cellspacing="0" cellpadding="5" class="tborder tfixed clear"><tr><td class="thead"><div><strong>Turn 3</strong></div></td></tr>
<tr><td id="posts_container"><div id="posts">
{"".join(mybb_post(p) for p in posts)}
</div></td></tr></table>
<div class="float_left">{nav}</div>
</div></div>
<div id="footer"><div class="lower"><span id="copyright">Powered By <a href="https://mybb.com" target="_blank" rel="noopener">MyBB</a>, &copy; 2002-2024 MyBB Group.</span></div></div>
</div>
</body>
</html>
"""


# ------------------------------------------------------------------ Discourse


def _cooked(parts: list[Any]) -> str:
    out = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append("<p>" + "<br>\n".join(para) + "</p>")
            para.clear()

    for part in parts:
        if isinstance(part, str):
            para.append(e(part))
            continue
        flush()
        if part[0] == "quote":
            out.append(
                f'<aside class="quote no-group" data-username="{e(part[1])}" data-post="1" data-topic="12">'
                f'<div class="title"><div class="quote-controls"></div>{e(part[1])}:</div>'
                f"<blockquote>{_cooked(part[2])}</blockquote></aside>"
            )
        elif part[0] == "code":
            out.append(f'<pre><code class="lang-auto">{e(part[1])}</code></pre>')
        elif part[0] == "spoiler":
            out.append(f'<div class="spoiler">{_cooked(part[1])}</div>')
        elif part[0] == "p":
            out.append(_cooked(part[1]))
    flush()
    return "\n".join(out)


def _raw_md(parts: list[Any]) -> str:
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif part[0] == "quote":
            out.append(f'[quote="{part[1]}, post:1, topic:12"]\n{_raw_md(part[2])}\n[/quote]')
        elif part[0] == "code":
            out.append(f"```\n{part[1]}\n```")
        elif part[0] == "spoiler":
            out.append(f"[spoiler]\n{_raw_md(part[1])}\n[/spoiler]")
        elif part[0] == "p":
            out.append(_raw_md(part[1]) + "\n")
    return "\n".join(out)


def discourse_json(posts: list[P], topic: int = 12, posts_count: int | None = None, first: int = 1) -> str:
    raw_posts = []
    for number, p in enumerate(posts, start=first):
        post_number = p.extra.get("post_number", number)
        raw_posts.append(
            {
                "id": p.id,
                "name": p.author,
                "username": p.author,
                "avatar_template": "/a/{size}.png",
                "created_at": "2024-03-01T10:00:00.000Z",
                "cooked": _cooked(p.body),
                "post_number": post_number,
                "post_type": p.extra.get("post_type", 1),
                "updated_at": "2024-03-01T10:00:00.000Z",
                "reply_count": 0,
                "topic_id": topic,
                "version": 2 if p.edited else 1,
                "hidden": False,
                "deleted_at": None,
            }
        )
    return json.dumps(
        {
            "post_stream": {"posts": raw_posts, "stream": [p.id for p in posts]},
            "id": topic,
            "title": "Turn 3",
            "fancy_title": "Turn 3",
            "posts_count": posts_count if posts_count is not None else len(posts),
            "chunk_size": 20,
            "slug": "turn-3",
        },
        ensure_ascii=False,
    )


def discourse_raw(posts: list[P]) -> str:
    out = []
    for number, p in enumerate(posts, start=1):
        out.append(
            f"{p.author} | 2024-03-01 10:00:00 UTC | #{p.extra.get('post_number', number)}\n\n"
            f"{_raw_md(p.body)}\n\n-------------------------\n"
        )
    return "\n".join(out)


PAGE_BUILDERS = {"phpbb": phpbb_page, "xenforo": xenforo_page, "vbulletin": vbulletin_page, "mybb": mybb_page}


def sample_posts() -> list[P]:
    """A small turn thread: nested quotes holding commands, a command in a code box, an
    edited post, Cyrillic authors, an author whose name holds BBCode, a spoiler."""
    return [
        P(1001, "moderator", ["Turn 3 is open. Post your commands."]),
        P(1002, "bob", ["My fleet boards the derelict.", "!roll 2d10+1 boarding action"]),
        P(
            1003,
            "alice",
            [
                ("quote", "bob", ["!roll 2d10+1 boarding action", ("quote", "moderator", ["!roll d100 nested"])]),
                "Nice roll. Now mine:",
                "!table orion/world-size",
            ],
        ),
        P(
            1004,
            "carol",
            [
                "How do I write a roll?",
                ("code", "!roll 3d6 example in a code box"),
                "Like that. Actually:",
                "!roll d10 scouting",
            ],
            edited=True,
        ),
        P(1005, "Борис", ["!бросок d6 на удачу"]),
        P(1006, "[b]mallory[/b]", ["!roll d100"]),
        P(1007, "alice", [("spoiler", ["!roll d20 hidden but kept"])]),
    ]
