"""The moderator's work page as HTML (gmtool.campaign.workposts writes it): the turn's posts
in order, each with where it goes (the public thread or a leader's room, its address as the
campaign knows it), its text in a box with a copy button (a post too long for its forum: one
box per part), the images to attach and a box to tick it off.

Readable as written, without JavaScript.  Its script (``workpage.js``) keeps the ticks in
the browser's localStorage (by campaign and turn), folds what is ticked, and joins the posts
still to make that go to the same place into one post (when the forum's limit allows).
Everything shown is escaped (a player's text in a post is shown, never run); the page loads
nothing from the network and works from ``file://``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from gmtool.locale import t

SCRIPT = "workpage.js"
# what the script needs, by key under [workpage] in the catalogs
SCRIPT_WORDS = ("copy", "copied", "copy_failed", "posted", "attach", "joined", "joined_part", "left", "all_done")
PART_BREAK = re.compile(r"\n*^----- 8< ----- \d+/\d+ -----\n+", re.M)  # gmtool.report.render.PART_BREAK
CSS = """\
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f4f5f7}
header,main{max-width:56rem;margin:0 auto;padding:.6rem 1rem}
h1{font-size:1.35rem;margin:.4rem 0}
h2{font-size:1.1rem;margin:1.4rem 0 .5rem;border-bottom:1px solid #cfd3da;padding-bottom:.2rem}
h3{font-size:1rem;margin:0}
p{margin:.3rem 0}
.sub,.what,.where,.how{color:#5b6270;font-size:.9rem}
.left{font-weight:bold}
.post{background:#fff;border:1px solid #cfd3da;border-radius:6px;padding:.6rem .8rem;margin:.6rem 0}
.post .head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.2rem .8rem}
.post .head h3{flex:1 1 12rem}
.where,.what{flex:1 1 100%;overflow-wrap:anywhere}
.where a{color:#1f57b8}
.tick{white-space:nowrap;font-weight:bold}
.tick input{width:1.2rem;height:1.2rem;vertical-align:middle}
.part{margin:.5rem 0}
.part .bar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin-bottom:.3rem}
button.copy{font:inherit;padding:.3rem .9rem;border:1px solid #1f57b8;background:#1f57b8;color:#fff;border-radius:4px;cursor:pointer}
button.copy.ok{background:#1d7a46;border-color:#1d7a46}
textarea{width:100%;font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;border:1px solid #cfd3da;border-radius:4px;padding:.4rem;resize:vertical;background:#fbfbfc}
.images{display:flex;flex-wrap:wrap;gap:.6rem;margin:.4rem 0}
.images p{flex:1 1 100%;margin:0;font-weight:bold}
figure{margin:0;max-width:100%}
figure img{max-width:min(100%,22rem);height:auto;border:1px solid #cfd3da;display:block}
figcaption{font-size:.85rem;color:#5b6270;overflow-wrap:anywhere}
.members{list-style:none;padding:0;margin:.3rem 0;font-size:.9rem}
.members label{cursor:pointer}
.post.done{background:#eef0f3}
.post.done .body,.post.in-fold,.post.carried.done{display:none}
.post.done h3{text-decoration:line-through;color:#5b6270}
.post.joined{border:2px solid #1f57b8}
"""


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def json_block(data: Any) -> str:
    """``data`` as JSON an HTML ``<script>`` element holds safely: no ``</script>`` or
    ``<!--`` in a post's text can end it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def script() -> str:
    """The page's script, read beside this module (importlib.resources only for a package
    that is not files on disk, a zip: its readers cost a turn a millisecond to import)."""
    here = Path(__file__).with_name(SCRIPT)
    if here.is_file():
        return here.read_text(encoding="utf-8")
    from importlib import resources

    return resources.files("gmtool.report").joinpath(SCRIPT).read_text(encoding="utf-8")


def parts(text: str) -> list[str]:
    """A post's parts, as the forum takes them (a post over its limit is written as numbered
    parts with a ``----- 8< -----`` line between them: each is a post of its own)."""
    pieces = [p for p in PART_BREAK.split(text) if p.strip()]
    return pieces or [text]


def place_name(place: str, lang: str) -> str:
    return t("workpage.room", lang, leader=place) if place else t("workpage.thread", lang)


def _address(spec: str) -> str:
    """Where a place is read, as the campaign's settings give it: a link when it is a web
    address, else its text (a file of the campaign folder, a saved page)."""
    if not spec:
        return ""
    if re.match(r"https?://", spec, re.I):
        return f'<p class="where"><a href="{_e(spec)}" target="_blank" rel="noopener noreferrer">{_e(spec)}</a></p>'
    return f'<p class="where">{_e(spec)}</p>'


def _card(post: dict[str, Any], places: dict[str, str], lang: str) -> str:
    pid = _e(post["id"])
    pieces = parts(post["text"]) if post.get("format") != "json" else [post["text"]]
    boxes = []
    for n, piece in enumerate(pieces, start=1):
        label = (
            f'<span class="count">{_e(t("workpage.part", lang, n=n, total=len(pieces)))}</span>'
            if len(pieces) > 1
            else ""
        )
        rows = max(3, min(18, piece.count("\n") + 1))
        boxes.append(
            f'<div class="part"><div class="bar"><button type="button" class="copy" data-box="{pid}-{n}">'
            f"{_e(t('workpage.copy', lang))}</button>{label}</div>"
            f'<textarea id="{pid}-{n}" readonly rows="{rows}" wrap="off" spellcheck="false">{_e(piece)}</textarea></div>'
        )
    images = ""
    if post.get("images"):
        figures = "".join(
            f'<figure><img src="{_e(_image_src(post, name))}" alt="{_e(name)}">'
            f"<figcaption>{_e(_image_name(post, name))}</figcaption></figure>"
            for name in post["images"]
        )
        images = f'<div class="images"><p>{_e(t("workpage.attach", lang))}</p>{figures}</div>'
    classes = "post carried" if post.get("carried") else "post"
    what = f"{post['turn']:02d}/{post.get('file', '')}"
    return (
        f'<article class="{classes}" id="{pid}" data-id="{pid}">'
        f'<div class="head"><h3>{_e(place_name(post["to"], lang))}</h3>'
        f'<label class="tick"><input type="checkbox" class="done" data-id="{pid}"> {_e(t("workpage.posted", lang))}</label>'
        f'{_address(places.get(post["to"], ""))}<p class="what">{_e("reports/turn-" + what)}</p></div>'
        f'<div class="body">{"".join(boxes)}{images}</div></article>'
    )


def _image_src(post: dict[str, Any], name: str) -> str:
    """The image beside the page (reports/posts.html): in its turn's folder."""
    from urllib.parse import quote

    return f"turn-{int(post['turn']):02d}/{quote(name)}"


def _image_name(post: dict[str, Any], name: str) -> str:
    """The file to attach, as the moderator finds it: reports/turn-NN/NAME."""
    return f"reports/turn-{int(post['turn']):02d}/{name}"


def _sections(posts: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The posts in the order they go, under a heading per step: the turn before's end still
    to post, then this turn's start, each run of post collect, its end."""
    out: list[tuple[str, list[dict[str, Any]]]] = []
    runs: list[Any] = []
    for post in posts:
        key = "carried" if post.get("carried") else post["step"]
        run = (key, None if post.get("carried") else post.get("run"))  # each run of post collect: its heading
        if runs and runs[-1] == run:
            out[-1][1].append(post)
        else:
            runs.append(run)
            out.append((key, [post]))
    return out


def page_html(campaign: str, turn: int, posts: list[dict[str, Any]], places: dict[str, str], lang: str) -> str:
    """The whole page: ``posts`` (gmtool.campaign.workposts entries, in order), ``places``:
    where each place ("" the public thread, a leader's room) is read, from the settings."""

    def w(key: str, **params: Any) -> str:
        return _e(t(f"workpage.{key}", lang, **params))

    body = []
    for key, members in _sections(posts):
        title = w(f"step_{key}", turn=members[0]["turn"])
        cards = "".join(_card(p, places, lang) for p in members)
        section = " carried" if key == "carried" else ""
        body.append(f'<section class="step{section}"><h2>{title}</h2>{cards}</section>')
    if not posts:
        body.append(f"<p>{w('no_posts')}</p>")
    data = {
        "campaign": campaign,
        "turn": turn,
        "words": {k: t(f"workpage.{k}", lang) for k in SCRIPT_WORDS},
        "places": {p: place_name(p, lang) for p in [*places, *(post["to"] for post in posts)]},
        "posts": [
            {
                k: post[k]
                for k in (
                    "id",
                    "turn",
                    "step",
                    "to",
                    "format",
                    "limit",
                    "text",
                    "cut",
                    "images",
                    "whole",
                    "rolled",
                    "carried",
                )
                if k in post
            }
            | {
                "src": [_image_src(post, name) for name in post.get("images", [])],
                "names": [_image_name(post, name) for name in post.get("images", [])],
                "parts": len(parts(post["text"])),
            }
            for post in posts
        ],
    }
    csp = "default-src 'none'; img-src 'self' file:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{_e(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        '<meta name="robots" content="noindex">\n'
        f"<title>{w('title', turn=turn)} · {_e(campaign)}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n"
        f'<header><h1>{w("title", turn=turn)}</h1><p class="sub">{w("subtitle", campaign=campaign)}</p>'
        f'<p class="how">{w("how")}</p><p class="left" id="left"></p></header>\n'
        f"<main>\n{''.join(body)}\n</main>\n"
        f'<script type="application/json" id="page-data">{json_block(data)}</script>\n'
        f"<script>\n{script()}</script>\n</body>\n</html>\n"
    )
