"""The site's ``dice.html``: every public roll with its label and faces, checked in the browser.

The interface the site builder calls (pinned; the page's content grows behind it)::

    dice_files(folder, lang, page) -> {file name: text}

``folder`` is the campaign folder, ``lang`` the site's language, and ``page(title, body)``
wraps an HTML body in the site's page template (head, navigation, style), returning the
whole document.  The result maps each file of the dice page (``dice.html`` and the
verifier's script ``verify.js``) to its text; the builder writes them beside the other pages.

Which rolls are public (docs/verify.md "Checking in the browser"):

* scheme 2: every journal entry with ``private = false``;
* scheme 1, secret revealed: every entry (the journal is published then);
* scheme 1, secret not revealed: only the rolls the public posts name — the ``roll_ids``
  of the public reports kept in ``reports/models/`` and of the public thread replies in
  ``forum.toml`` (not a private message's, not a leader's room's).

The page lists them in HTML (readable without JavaScript) and carries them, with the
revealed keys and commitments and the page's words, in a ``<script type="application/json">``
block that ``verify.js`` reads; the verifier recomputes every face with the Web Crypto API.
Nothing is printed and nothing written here: the builder writes the files.
"""

from __future__ import annotations

import html
import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator

from gmtool.errors import CampaignError
from gmtool.locale import t
from gmtool.report.escape import clean
from gmtool.site.rolls import roll_words, table_titles
from gmtool.tomlfile import display_path, toml_message

PageTemplate = Callable[[str, str], str]

SCRIPT = "verify.js"
_SCRIPT_MARK = "@@script@@"  # where the link to the script goes in a sentence of the catalogs
PARTS = ("setup", "stage1", "stage2", "stage3")  # gmtool/campaign/stream.py: PARTS
# the page's words that verify.js needs, by their key under [verify.browser] in the catalogs
SCRIPT_WORDS = (
    "ok",
    "bad",
    "pending",
    "manual",
    "checking",
    "summary",
    "key_bad",
    "no_crypto",
    "paste_none",
    "paste_unread",
    "paste_no_key",
    "paste_no_share",
)


def dice_files(folder: Path, lang: str, page: PageTemplate) -> dict[str, str]:
    """The files of the dice page for the campaign in ``folder``."""
    data = page_data(folder, lang)
    title = t("verify.browser.title", lang)
    return {"dice.html": page(title, page_body(data, lang)), SCRIPT: verifier_script()}


def verifier_script() -> str:
    """``verify.js``: the derivation of docs/verify.md, written out in JavaScript."""
    return resources.files("gmtool.site").joinpath(SCRIPT).read_text(encoding="utf-8")


# ---------------------------------------------------------------- what the page shows


def _unreadable(path: Path, reason: object) -> CampaignError:
    return CampaignError(key="campaign.cannot_read", where=display_path(path), reason=reason)


def _read_toml(path: Path) -> dict[str, Any]:
    """A campaign file's TOML; a journal cut by a crash mid-entry is read without its last entry."""
    if not path.is_file():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            cut = text.rfind("\n[[")
            if cut < 0:
                raise
            return tomllib.loads(text[:cut])
    except (OSError, ValueError) as exc:  # a TOML or UTF-8 error is a ValueError
        raise _unreadable(path, toml_message(exc) if isinstance(exc, tomllib.TOMLDecodeError) else exc) from None


def _read_model(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise _unreadable(path, exc) from None
    return data if isinstance(data, dict) else {}


def _roll_ids(value: Any, last: int) -> Iterator[int]:
    """Every journal id up to ``last`` that a report's data names (``roll_ids = [first,
    last]``, at any depth)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            ids = inner if key == "roll_ids" else None
            if isinstance(ids, list) and ids and all(type(i) is int for i in ids):
                yield from range(max(min(ids), 1), min(max(ids), last) + 1)
            else:
                yield from _roll_ids(inner, last)
    elif isinstance(value, list):
        for inner in value:
            yield from _roll_ids(inner, last)


def _public_ids(folder: Path, last: int) -> set[int]:
    """The journal ids the public posts name (scheme 1 before the secret is revealed)."""
    from gmtool.campaign import forumfile

    ids: set[int] = set()
    models = folder / "reports" / "models"
    for path in sorted(models.glob("turn-*.json")) if models.is_dir() else []:
        for posts in (_read_model(path).get("langs") or {}).values():
            if isinstance(posts, dict) and isinstance(posts.get("public"), dict):
                ids.update(_roll_ids(posts["public"].get("data"), last))
    for key, record in forumfile.read(folder / "forum.toml").commands.items():
        if record.get("private") or record.get("room") or key.startswith((forumfile.PRIVATE, forumfile.ROOM)):
            continue
        ids.update(_roll_ids({"roll_ids": record.get("roll_ids")}, last))
    return ids


def page_data(folder: Path, lang: str) -> dict[str, Any]:
    """What ``verify.js`` reads: the scheme, the commitments and revealed keys, the public
    rolls and the page's words."""
    state = _read_toml(folder / "campaign.toml")
    verification = state.get("verification") or {}
    scheme = 2 if verification.get("scheme") == 2 else 1
    secret = str(verification.get("revealed_secret") or "")
    entries = [e for e in _read_toml(folder / "journal.toml").get("roll", []) if isinstance(e, dict)]
    # a campaign moved to scheme 2 (`campaign scheme`) keeps its earlier rolls of scheme 1
    older = [e for e in entries if "part" not in e]
    if secret:
        public = older
    else:
        ids = _public_ids(folder, max((e["id"] for e in entries if type(e.get("id")) is int), default=0))
        public = [e for e in older if e.get("id") in ids]
    if scheme == 2:
        later = [e for e in entries if e.get("private") is False]
        public = sorted(public + later, key=lambda e: e["id"] if type(e.get("id")) is int else 0)
    titles = _table_titles(folder, lang)
    # a leader renamed since it joined: its labels name its seat, the words its name now
    players = state.get("player")
    seats = {
        str(p["seat"]): str(p.get("name"))
        for p in (players if isinstance(players, list) else [])
        if isinstance(p, dict) and isinstance(p.get("seat"), str) and p["seat"] != p.get("name")
    }
    rolls = []
    for e in public:
        roll = {k: e.get(k) for k in ("id", "turn", "die", "face", "source")}
        v2 = "part" in e
        roll["label"] = str(e.get("label") if v2 else e.get("purpose") or "")
        roll["scheme"] = 2 if v2 else 1
        # what the reader sees: the roll's purpose in words of the page's language
        label = str(roll["label"])
        seat = label.split(" · ")[1] if v2 and label.count(" · ") >= 2 else ""
        roll["words"] = roll_words(str(e.get("purpose") or roll["label"]), lang, titles, seats.get(seat))
        if v2:
            roll.update({"part": e.get("part"), "share": e.get("share"), "index": e.get("index")})
        rolls.append(roll)
    commitments = verification.get("part_commitments") or {}
    revealed = verification.get("revealed_parts") or {}
    return {
        "scheme": scheme,
        "commitment": str(verification.get("commitment") or ""),
        "secret": secret,
        "parts": {p: {"commitment": commitments.get(p, ""), "key": revealed.get(p, "")} for p in PARTS}
        if scheme == 2
        else {},
        "rolls": rolls,
        # unformatted: verify.js fills the {placeholders} of the summary and of the findings
        "text": {word: t(f"verify.browser.{word}", lang) for word in SCRIPT_WORDS},
    }


def _table_titles(folder: Path, lang: str) -> Callable[[str], str | None]:
    """The titles of the campaign's tables (none when its tables cannot be read)."""
    try:
        from gmtool.campaign.folder import campaign_library

        return table_titles(campaign_library(folder), lang)
    except Exception:  # a folder the page is built from without its tables: words without titles
        return table_titles(None, lang)


def json_block(data: dict[str, Any]) -> str:
    """``data`` as JSON that an HTML ``<script>`` element holds safely: ``<``, ``>`` and
    ``&`` written as JSON escapes, so no ``</script>`` or ``<!--`` in a label ends it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _e(value: Any) -> str:
    return html.escape(clean(str(value)), quote=True)


def page_body(data: dict[str, Any], lang: str) -> str:
    """The page's body: the rolls as an HTML table, the paste box, the data and the script."""

    def w(key: str, **params: Any) -> str:
        return _e(t(f"verify.browser.{key}", lang, **params))

    rows = []
    for n, roll in enumerate(data["rolls"]):
        status = w("manual") if roll["source"] == "manual" else "…"
        # scheme 2: the exact label under the words, since the face is derived from it
        exact = f'<code class="exact">{_e(roll["label"])}</code>' if data["scheme"] == 2 else ""
        rows.append(
            f'<tr id="roll-{n}"><td>{_e(roll["turn"])}</td><td>#{_e(roll["id"])}</td>'
            f'<td class="label"><span class="for">{_e(roll["words"])}</span>{exact}</td><td>d{_e(roll["die"])}</td>'
            f'<td class="face">{_e(roll["face"])}</td><td class="check" data-roll="{n}">{status}</td></tr>'
        )
    head = "".join(f"<th>{w(k)}</th>" for k in ("col_turn", "col_id", "col_label", "col_die", "col_face", "col_check"))
    parts = "".join(f'<option value="{p}">{p}</option>' for p in PARTS)
    script_link = f'<a href="{SCRIPT}"><code>{SCRIPT}</code></a>'  # the checker is on the site itself
    paste = (
        f'<section id="paste"><h2>{w("paste_title")}</h2><p>{w("paste_help")}</p>'
        f'<textarea id="paste-lines" rows="6" spellcheck="false" placeholder="{w("paste_example")}"></textarea>'
        f'<p><label>{w("paste_key")} <input id="paste-key" type="text" spellcheck="false" autocomplete="off"></label> '
        f'<label>{w("paste_part")} <select id="paste-part">{parts}</select></label> '
        f'<button id="paste-check" type="button">{w("paste_button")}</button></p>'
        f'<ul id="paste-result"></ul></section>'
        if data["scheme"] == 2
        else ""
    )
    return (
        "<style>.dice-table{overflow-x:auto}.dice-table table{border-collapse:collapse;width:100%}"
        ".dice-table td,.dice-table th{border-bottom:1px solid #ccc;padding:.2em .4em;text-align:left}"
        ".dice-table .label{overflow-wrap:anywhere;white-space:normal}"
        ".dice-table code.exact{display:block;font-size:.8em;color:#5b6270}"
        ".ok{color:#070}.bad{color:#b00;font-weight:bold}"
        # a phone: each roll a block, its label on a line of its own above the die and face
        "@media (max-width:600px){.dice-table thead{display:none}.dice-table tr{display:flex;flex-wrap:wrap;"
        "border-bottom:1px solid #ccc}.dice-table td{border:none}.dice-table td.label{flex-basis:100%;order:-1}}"
        "#paste textarea,#paste input{width:100%;box-sizing:border-box;font-family:monospace}</style>\n"
        f"<h1>{w('title')}</h1>\n<p>{w('intro_v2' if data['scheme'] == 2 else 'intro_v1')}</p>\n"
        f"<noscript><p>{w('no_script')}</p></noscript>\n"
        f'<p id="summary" aria-live="polite"></p>\n'
        f'<div class="dice-table"><table id="rolls"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>\n{paste}\n"
        f'<section id="how"><h2>{w("how_title")}</h2><p>{w("how_v2" if data["scheme"] == 2 else "how_v1")}</p>'
        f"<p>{w('how_script', script=_SCRIPT_MARK).replace(_SCRIPT_MARK, script_link)}</p></section>\n"
        f'<script type="application/json" id="dice-data">{json_block(data)}</script>\n'
        f'<script src="{SCRIPT}"></script>\n'
    )
