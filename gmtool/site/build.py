"""``gmtool site build``: the campaign's static site, as ``{path: bytes}``, then written.

What a page shows comes from what the campaign publishes, never from a leader's private
state:

* the public posts' report models of every turn (``reports/models/turn-NN[-start].json``,
  the ``public`` report only), rendered by the report's HTML renderer (player text escaped);
* the public maps the turns drew (``reports/turn-NN/map-public.png``), and the galaxy as it
  stands now drawn for the public (SVG, each hex titled with its system);
* the public thread's resolved commands (``forum.toml``: never a room's or a private
  message's) and the journal's dice they name;
* from ``campaign.toml``: the name, the turn and stage, the leaders' names, the laws in force
  and the deadline.

:func:`build_site` is pure (it reads the campaign folder and returns the files);
:func:`write_site` writes them.  Everything is sorted and no page holds a time of building,
so building again gives the same bytes.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Callable

from gmtool.locale import t
from gmtool.report.escape import clean
from gmtool.site.mapview import MAP_PAGE, SiteMap, pan_box

STYLE = "style.css"
CSS = """\
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 "DejaVu Sans","Noto Sans",Arial,sans-serif;color:#1d2330;background:#f4f5f8}
header{background:#1d2a44;color:#fff;padding:.6rem 1rem}
header a{color:#fff;text-decoration:none;margin-right:1rem;font-weight:bold}
header a:hover{text-decoration:underline}
main{max-width:60rem;margin:0 auto;padding:1rem}
section{background:#fff;border-radius:6px;padding:.2rem 1rem 1rem;margin:0 0 1rem;box-shadow:0 1px 2px #0002}
h1{font-size:1.6rem;margin:.4rem 0 1rem}
h2{font-size:1.25rem;margin:1rem 0 .5rem}
h3{font-size:1.05rem;margin:.8rem 0 .3rem}
img{max-width:100%;height:auto;border-radius:4px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;min-width:50%}
th,td{padding:.3rem .7rem;border-bottom:1px solid #d8dbe2;text-align:left;white-space:nowrap}
th{background:#eef0f5}
.right{text-align:right}.center{text-align:center}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.5rem 0}
dl.facts dt{font-weight:bold}dl.facts dd{margin:0}
ul.turns{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0}
ul.turns a{display:block;padding:.3rem .7rem;background:#e4e9f4;border-radius:4px;text-decoration:none}
.pager{display:flex;justify-content:space-between;margin:.5rem 0}
pre{overflow-x:auto;background:#eef0f5;padding:.5rem}
.map input{position:absolute;opacity:0;width:1px;height:1px}
.map label{display:inline-block;margin:0 .2rem .4rem 0;padding:.25rem .7rem;border:1px solid #c5cad6;border-radius:4px;background:#fff;cursor:pointer}
.map input:checked+label{background:#1d2a44;border-color:#1d2a44;color:#fff}
.map input:focus-visible+label{outline:2px solid #1d2a44;outline-offset:2px}
.pan{overflow:auto;max-height:85vh;border:1px solid #d8dbe2;border-radius:4px;background:#fff}
.pan>svg,.pan>img{display:block;max-width:none;border-radius:0}
.map .fit:checked~.pan>svg,.map .fit:checked~.pan>img{width:100%;height:auto}
svg.galaxy circle,svg.galaxy text,svg.galaxy line,svg.galaxy polygon:not(.hex){pointer-events:none}
.hint{color:#5b6270;font-size:.9rem;margin:.3rem 0}
ul.legend{display:flex;flex-wrap:wrap;gap:.1rem 1.2rem;list-style:none;padding:0;margin:.2rem 0 .6rem}
ul.legend li{display:flex;align-items:center;gap:.4rem;min-width:13rem}
ul.legend svg{flex:none}
details summary{cursor:pointer;margin:.4rem 0;font-weight:bold}
table.systems td{white-space:normal}table.systems tr:target{background:#fff3c4}
footer{max-width:60rem;margin:0 auto;padding:0 1rem 2rem;color:#5b6270;font-size:.85rem}
@media (max-width:40rem){dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:.4rem}main{padding:.5rem}}
"""


def turn_page(turn: int) -> str:
    return f"turn-{turn:02d}.html"


class Site:
    """What every page shares: the language, the links' base and the page template."""

    def __init__(self, name: str, lang: str, base_url: str | None) -> None:
        self.name = name
        self.lang = lang
        self.base = base_url.rstrip("/") + "/" if base_url else ""
        self.nav = [("index.html", "site.nav_home"), ("charts.html", "site.nav_charts"), ("dice.html", "site.nav_dice")]

    def href(self, path: str) -> str:
        return escape(self.base + path)

    def page(self, title: str, body: str) -> str:
        """A whole HTML document: head, navigation, ``body`` (an HTML fragment), footer."""
        lang = self.lang
        nav = "".join(f'<a href="{self.href(path)}">{escape(t(key, lang))}</a>' for path, key in self.nav)
        full = f"{title} · {self.name}" if title != self.name else title
        return (
            "<!DOCTYPE html>\n"
            f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(full)}</title>\n"
            f'<link rel="stylesheet" href="{self.href(STYLE)}">\n</head>\n<body>\n'
            f"<header><nav>{nav}</nav></header>\n<main>\n{body}\n</main>\n"
            f"<footer>{escape(t('site.footer', lang))}</footer>\n</body>\n</html>\n"
        )


def _html(report: Any) -> str:
    from gmtool.report.render import HtmlRenderer

    return HtmlRenderer().render(report)


def _post(folder: Path, turn: int, lang: str, start: bool = False) -> Any | None:
    """A turn's public post (its report model), or None when the campaign keeps none."""
    from gmtool.campaign.folder import models_path
    from gmtool.report.past import past_post

    if not models_path(folder, turn, start).exists():
        return None
    return past_post(folder, turn, None, lang, start).report


def public_rolls(folder: Path) -> dict[int, list[tuple[dict[str, Any], list[Any]]]]:
    """The public thread's resolved commands that rolled dice, by turn: (the command's record,
    its journal entries).  A room's or a private message's command is never listed."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.journal import read_all

    records = forumfile.read(folder / "forum.toml").commands
    wanted = []
    for key, record in records.items():
        if key.startswith((forumfile.PRIVATE, forumfile.ROOM)) or record.get("private") or record.get("room"):
            continue
        ids = record.get("roll_ids") or []
        if record.get("status") == "ok" and len(ids) == 2 and all(isinstance(i, int) for i in ids):
            wanted.append((ids[0], ids[1], record))
    if not wanted:
        return {}
    journal = folder / "journal.toml"
    entries = {e.id: e for e in read_all(journal)[0]} if journal.exists() else {}
    out: dict[int, list[tuple[dict[str, Any], list[Any]]]] = {}
    for first, last, record in sorted(wanted, key=lambda w: (w[0], w[1])):
        dice = [entries[i] for i in range(first, last + 1) if i in entries]
        if dice:
            out.setdefault(dice[0].turn, []).append((record, dice))
    return out


def _roll_items(rolls: list[tuple[dict[str, Any], list[Any]]], lang: str, title: Callable[[str], str | None]) -> str:
    """The public thread's commands that rolled: each said in words, the reply the thread
    got (in the site's language, as the post showed it) and its dice, one line each."""
    import json

    from gmtool.report.model import report_from_dict
    from gmtool.report.render import HtmlRenderer
    from gmtool.site.rolls import roll_parts

    items = []
    for record, dice in rolls:
        head = roll_parts(str(getattr(dice[0], "purpose", "")), lang, title)[0]
        head = head or t(
            "site.roll_post", lang, post=str(record.get("post_id", "")), author=str(record.get("author", ""))
        )
        parts = [f"<p><b>{escape(head)}</b>: <code>{escape(clean(str(record.get('command', ''))))}</code></p>"]
        try:
            reports = json.loads(record.get("reports") or "{}")
        except ValueError:
            reports = {}
        reply = reports.get(lang) if isinstance(reports, dict) else None
        if isinstance(reply, dict) and reply.get("title"):
            parts.append(f'<div class="reply">{HtmlRenderer(level=3).render(report_from_dict(reply))}</div>')
        faces = "".join(
            f"<li>#{e.id} {escape(roll_parts(str(getattr(e, 'purpose', '')), lang, title)[1] or str(e.purpose))}: "
            f"d{e.die} = <b>{e.face}</b></li>"
            for e in dice
        )
        items.append("<li>" + "".join(parts) + f'<ul class="dice">{faces}</ul></li>')
    return '<ul class="rolls">' + "".join(items) + "</ul>"


def _council(data: dict[str, Any], label: Callable[..., str], lang: str) -> str:
    council = data.get("council")
    lines = []
    if isinstance(council, dict):
        if not council.get("bill"):
            lines.append(escape(t("site.council_none", lang)))
        elif "yes" in council:
            result = t("passed" if council.get("passed") else "rejected", lang)
            lines.append(
                escape(
                    t(
                        "site.council_bill",
                        lang,
                        bill=label("bills", str(council["bill"])),
                        yes=council.get("yes", 0),
                        no=council.get("no", 0),
                        abstain=council.get("abstain", 0),
                        result=result,
                    )
                )
            )
            if council.get("tie") and council.get("chair"):
                lines.append(escape(t("site.council_tie", lang, chair=str(council["chair"]))))
    election = data.get("election")
    if isinstance(election, dict) and isinstance(election.get("totals"), dict):
        totals = ", ".join(f"{name} {votes}" for name, votes in sorted(election["totals"].items()))
        who = election.get("elected")
        elected = t("site.elected", lang, name=who) if who else t("site.not_elected", lang)
        lines.append(escape(t("site.election", lang, totals=totals, needed=election.get("needed", 0), elected=elected)))
    if not lines:
        return ""
    return f"<section><h2>{escape(t('site.council', lang))}</h2>" + "".join(f"<p>{x}</p>" for x in lines) + "</section>"


def _standings(data: dict[str, Any], lang: str) -> str:
    rows = [s for s in data.get("standings") or [] if isinstance(s, dict)]
    if not rows:
        return ""
    head = "".join(
        f"<th{c}>{escape(t(k, lang))}</th>"
        for k, c in (("leader", ""), ("planets", ' class="right"'), ("population", ' class="right"'))
    )
    body = "".join(
        f'<tr><td>{escape(str(s.get("leader", "")))}</td><td class="right">{s.get("planet_count", "")}</td>'
        f'<td class="right">{s.get("population", "")}</td></tr>'
        for s in rows
    )
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def public_map(state: Any, library: Any, lang: str, about: tuple[int, int], map_page: str) -> SiteMap | None:
    """The galaxy as it stands, drawn for the public (:class:`gmtool.site.mapview.SiteMap`:
    the SVG with every hex titled, and the pieces the pages show); None for a ruleset
    without maps. ``map_page``: the address of map.html, where a hex's link leads."""
    from dataclasses import replace

    from gmtool.maps import PUBLIC, _names, build_view
    from gmtool.maps.scene import build_scene
    from gmtool.rules.registry import ruleset_of
    from gmtool.site.mapview import hex_words, site_map

    if not ruleset_of(state).maps:
        return None
    label = _names(lang, library)
    if about[1] != state.stage:  # the last turn of a stage: seen as its reports tell it (gmtool.maps)
        import copy

        state = copy.copy(state)
        state.stage = about[1]
    view = replace(build_view(state, PUBLIC), turn=about[0], stage=about[1])
    scene = build_scene(view, lang, label)
    return site_map(view, scene, hex_words(state, view, label, lang), lang, map_page)


def build_site(folder: Path, lang: str | None = None, base_url: str | None = None) -> dict[str, bytes]:
    """Every file of the site of the campaign in ``folder``, by its path in the site."""
    from gmtool.campaign.folder import campaign_library, load_campaign, models_path
    from gmtool.report.deadlines import deadline_words
    from gmtool.report.labels import rule_labels
    from gmtool.site.charts import chart_svg, charts, played_turns, public_data, series_of
    from gmtool.site.dice_page import dice_files
    from gmtool.site.rolls import table_titles

    state = load_campaign(folder)
    lang = lang or state.lang
    library = campaign_library(folder)
    label = rule_labels(library, lang)
    site = Site(state.name, lang, base_url)
    files: dict[str, bytes] = {STYLE: CSS.encode("utf-8")}
    turns = played_turns(folder)
    datas = {turn: public_data(models_path(folder, turn)) or {} for turn in turns}
    rolls = public_rolls(folder)
    titles = table_titles(library, lang)

    def add(path: str, text: str) -> None:
        files[path] = text.encode("utf-8")

    # the map as it stands (the last turn's): its page, and the index, show it
    public = (
        public_map(
            state, library, lang, (turns[-1], int(datas[turns[-1]].get("stage") or state.stage)), site.base + MAP_PAGE
        )
        if turns
        else None
    )
    if public is not None:
        site.nav.insert(1, (MAP_PAGE, "site.nav_map"))

    # the turns' pages
    for n, turn in enumerate(turns):
        data = datas[turn]
        parts = [f"<h1>{escape(t('site.turn_link', lang, n=turn))}</h1>"]
        pager = [
            f'<a href="{site.href(turn_page(turns[n - 1]))}">{escape(t("site.previous", lang, n=turns[n - 1]))}</a>'
            if n > 0
            else "<span></span>",
            f'<a href="{site.href(turn_page(turns[n + 1]))}">{escape(t("site.next", lang, n=turns[n + 1]))}</a>'
            if n + 1 < len(turns)
            else "<span></span>",
        ]
        parts.append(f'<div class="pager">{"".join(pager)}</div>')
        for start in (True, False):
            post = _post(folder, turn, lang, start)
            if post is not None:
                parts.append(f"<section>{_html(post)}</section>")
        image = folder / "reports" / f"turn-{turn:02d}" / "map-public.png"
        if image.is_file():
            files[f"maps/turn-{turn:02d}.png"] = image.read_bytes()
            alt = escape(t("site.public_map", lang))
            picture = f'<img src="{site.href(f"maps/turn-{turn:02d}.png")}" alt="{alt}">'
            parts.append(
                f"<section><h2>{alt}</h2>{pan_box(picture, lang, 'map')}"
                + (
                    f'<p><a href="{site.href(MAP_PAGE)}">{escape(t("site.map_page_link", lang))}</a></p>'
                    if turn == turns[-1] and public is not None
                    else ""
                )
                + "</section>"
            )
        parts.append(_council(data, label, lang))
        turn_rolls = rolls.get(turn, [])
        parts.append(
            f"<section><h2>{escape(t('site.public_rolls', lang))}</h2>"
            + (
                _roll_items(turn_rolls, lang, titles)
                if turn_rolls
                else f"<p>{escape(t('site.no_public_rolls', lang))}</p>"
            )
            + "</section>"
        )
        add(turn_page(turn), site.page(t("site.turn_link", lang, n=turn), "\n".join(p for p in parts if p)))

    # the map as it stands: its page (the map alone to pan and zoom, its legend, every hex
    # in a list) and the SVG with its systems named on hover
    if public is not None:
        add("map.svg", public.svg)
        add(MAP_PAGE, site.page(public.title, _map_page(site, public)))

    # the charts, written into their page as SVG (their names and numbers are text); on a
    # phone a chart keeps its words readable and scrolls sideways in its box
    made = charts(series_of(folder, [p.name for p in state.players]), lang)
    body = [f"<h1>{escape(t('site.charts', lang))}</h1>"]
    for name, title, scene in made:
        body.append(
            f'<section id="{name}"><h2>{escape(title)}</h2><div class="scroll">{chart_svg(scene)}</div></section>'
        )
    if not made:
        body.append(f"<p>{escape(t('site.no_charts', lang))}</p>")
    add("charts.html", site.page(t("site.charts", lang), "\n".join(body)))

    # the index
    add(
        "index.html",
        site.page(state.name, _index(folder, state, site, turns, datas, label, deadline_words(state), public)),
    )

    for path, text in dice_files(folder, lang, site.page).items():
        add(path, text)
    return dict(sorted(files.items()))


def _index(
    folder: Path,
    state: Any,
    site: Site,
    turns: list[int],
    datas: dict[int, dict[str, Any]],
    label: Callable[..., str],
    deadline: str,
    public: SiteMap | None,
) -> str:
    lang = site.lang
    parts = [f"<h1>{escape(state.name)}</h1>"]
    facts = [(t("site.turn_stage", lang, turn=state.turn, stage=state.stage), "")]
    last = datas[turns[-1]] if turns else {}
    guardian = last.get("guardian")
    rows = []
    victory = last.get("victory")
    if isinstance(victory, dict) and victory.get("kind"):
        tied = [str(n) for n in victory.get("tied") or []]
        who = victory.get("leader") or ", ".join(tied) or "—"
        winner = "winners" if not victory.get("leader") and len(tied) > 1 else "winner"
        rows.append((t(winner, lang), f"{who} — {t('victory_' + str(victory['kind']), lang)}"))
    if isinstance(guardian, dict):
        alive = guardian.get("alive") and guardian.get("toughness")
        words = (
            t("log.guardian_alive", lang, toughness=guardian.get("toughness"), full=guardian.get("full"))
            if alive
            else t("log.guardian_dead", lang) + (f" ({guardian['owner']})" if guardian.get("owner") else "")
        )
        rows.append((t("log.guardian", lang), words))
    from gmtool.rules.registry import ruleset_of

    rows += ruleset_of(state).public_facts(state, label, lang)  # orion: the laws in force
    if deadline:
        rows.append((t("site.deadline", lang), deadline))
    rows.append((t("site.leaders", lang), ", ".join(p.name for p in state.players)))
    dl = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in rows)
    parts.append(f'<section><h2>{escape(facts[0][0])}</h2><dl class="facts">{dl}</dl></section>')
    if last.get("standings"):
        parts.append(
            f"<section><h2>{escape(t('site.standings', lang))} "
            f"<small>({escape(t('site.standings_after', lang, n=turns[-1]))})</small></h2>{_standings(last, lang)}</section>"
        )
    if turns:
        links = "".join(
            f'<li><a href="{site.href(turn_page(n))}">{escape(t("site.turn_link", lang, n=n))}</a></li>' for n in turns
        )
        parts.append(f'<section><h2>{escape(t("site.turns", lang))}</h2><ul class="turns">{links}</ul></section>')
        alt = escape(t("site.public_map", lang))
        if public is not None and public.closed:
            parts.append(f"<section><h2>{alt}</h2><p>{escape(public.closed)}</p></section>")
        elif public is not None:
            parts.append(
                f"<section><h2>{alt}</h2>{pan_box(public.hexes, lang, 'galaxy')}"
                f'<p class="hint">{escape(t("site.map_hint", lang))}</p>'
                f"<details><summary>{escape(t('map.legend', lang))}</summary>{public.legend}</details>"
                f'<p><a href="{site.href(MAP_PAGE)}">{escape(t("site.map_page_link", lang))}</a></p></section>'
            )
        elif (folder / "reports" / f"turn-{turns[-1]:02d}" / "map-public.png").is_file():
            picture = f'<img src="{site.href(f"maps/turn-{turns[-1]:02d}.png")}" alt="{alt}">'
            parts.append(f"<section><h2>{alt}</h2>{pan_box(picture, lang, 'map')}</section>")
    else:
        parts.append(f"<section><p>{escape(t('site.no_turns', lang))}</p></section>")
    return "\n".join(parts)


def _map_page(site: Site, public: SiteMap) -> str:
    """map.html: the galaxy as it stands to pan and zoom, its legend, and every hex in a
    list that each hex of the map links to."""
    from gmtool.site.mapview import systems_table

    lang = site.lang
    parts = [f"<h1>{escape(public.title)}</h1>", f"<p>{escape(public.subtitle)}</p>"]
    if public.closed:
        parts.append(f"<section><p>{escape(public.closed)}</p></section>")
    else:
        parts.append(
            f"<section>{pan_box(public.hexes, lang, 'galaxy')}"
            f'<p class="hint">{escape(t("site.map_hint", lang))}</p></section>'
        )
        parts.append(f"<section><h2>{escape(t('map.legend', lang))}</h2>{public.legend}</section>")
        parts.append(f"<section><h2>{escape(t('site.map_systems', lang))}</h2>{systems_table(public, lang)}</section>")
    parts.append(f'<p><a href="{site.href("map.svg")}">{escape(t("site.map_svg", lang))}</a></p>')
    return "\n".join(parts)


def write_site(files: dict[str, bytes], out: Path) -> list[Path]:
    """Write the site's files under ``out`` (made if missing); files already there and not of
    the site are left alone.  Returns the paths written."""
    from gmtool.campaign.files import atomic_write

    written = []
    for path, data in files.items():
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not (target.is_file() and target.read_bytes() == data):  # an unchanged file keeps its time
            atomic_write(target, data)
        written.append(target)
    return written
