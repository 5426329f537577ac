"""Reports for campaign commands: new, commitment, status, validate, verify, reveal."""

from __future__ import annotations

from typing import Any

from gmtool.report.agents import notice_text
from gmtool.report.i18n import tr
from gmtool.report.model import Block, Facts, Heading, Items, Paragraph, Report, Span, TableBlock, bold, text

Labeller = Any  # (table name, row id) → label; supplied by the CLI


def _dash(value: Any) -> str:
    return "—" if value is None or value == "" or value == [] else str(value)


def created_report(view: dict[str, Any], commitment: str, folder: str, lang: str) -> Report:
    rows = [
        [p["name"], p["homeworld"], str(p["bc"]), str(p["orders"]), f"{p['fleet_size']} ({p['fleet_max']})"]
        for p in view["players"]
    ]
    headers = [tr(k, lang) for k in ("leader", "homeworld", "bc", "orders", "fleet")]
    facts = [
        (tr("folder", lang), text(folder)),
        (tr("map_radius", lang), text(str(view["radius"]))),
        (tr("commitment", lang), text(commitment)),
    ]
    data = dict(view, commitment=commitment, folder=folder)
    return Report(
        text(tr("campaign_created", lang, name=view["campaign"])),
        [Facts(facts), TableBlock(headers, rows), Paragraph(text(tr("secret_kept", lang)))],
        data,
    )


def deck_short_note(
    report: Report, have: int, need: int, deals: list[tuple[int, int]], leaders: int, lang: str
) -> None:
    """``campaign new``'s note when the events deck cannot serve the roster (docs/rules-orion.md
    A11): a line for the moderator, and ``events_deck`` in its JSON."""
    dealt = ", ".join(tr("deck_deal", lang, n=n, turn=turn) for turn, n in deals)
    line = tr("deck_short", lang, have=have, need=need, leaders=leaders, deals=dealt)
    report.blocks.append(Paragraph(text(line)))
    report.data["events_deck"] = {"cards": have, "needed": need}


def commitment_report(name: str, commitment: str, lang: str, parts: dict[str, str] | None = None) -> Report:
    """The opening post's commitment: the secret's SHA-256 and, in dice scheme 2, each part
    key's (docs/verify.md)."""
    blocks: list[Block] = [
        Paragraph([Span(tr("commitment_line", lang)), Span(" "), bold(commitment)]),
        Paragraph(text(tr("commitment_how", lang))),
    ]
    data: dict[str, Any] = {"campaign": name, "commitment": commitment, "algorithm": "sha256"}
    if parts:
        blocks += [
            Paragraph(text(tr("commitment_parts", lang))),
            Facts([(_part_name(part, lang), text(bold(value))) for part, value in parts.items()]),
            Paragraph(text(tr("commitment_parts_how", lang))),
        ]
        data.update(scheme=2, part_commitments=dict(parts))
    return Report(text(tr("commitment_title", lang, name=name)), blocks, data)


def _part_name(part: str, lang: str) -> str:
    """A part of the dice by its name and its id, which the checker reads («Этап 1 (stage1)»)."""
    from gmtool.locale import has

    return f"{tr('dice_block.part_' + part, lang)} ({part})" if has("dice_block.part_" + part) else part


def status_report(view: dict[str, Any], lang: str, label: Labeller) -> Report:
    viewer = view["viewer"]
    facts = [(tr("turn", lang), text(str(view["turn"]))), (tr("stage", lang).capitalize(), text(str(view["stage"])))]
    if viewer:
        facts.append((tr("view_of", lang), text(viewer)))
    if view.get("victory"):  # the game is over (declared at a turn's end, A12)
        from gmtool.report.words import victory_facts

        facts += victory_facts(view["victory"], lang)
    blocks: list = [Facts(facts), Heading(text(tr("leaders", lang)))]
    full = [p for p in view["players"] if "bc" in p]
    rows = []
    for p in view["players"]:
        if "bc" in p:
            combat = ", ".join(f"{label('costs', ship)} ×{n}" for ship, n in sorted(p.get("ships", {}).items()) if n)
            rows.append(
                [
                    p["name"],
                    p["homeworld"],
                    str(p["bc"]),
                    str(p["orders"]),
                    f"{p['fleet_size']} ({p['fleet_max']})",
                    str(p["scouts"]),
                    str(p["colony_ships"]),
                    combat or "—",
                ]
            )
        else:
            rows.append([p["name"], p["homeworld"], "?", "?", "?", "?", "?", "?"])
    blocks.append(
        TableBlock(
            [
                tr(k, lang)
                for k in ("leader", "homeworld", "bc", "orders", "fleet", "scouts", "colony_ships", "combat_ships")
            ],
            rows,
        )
    )
    from gmtool.report.records import award_text, warship_lines

    warships = [
        f"{p['name']}: {line}" if not viewer else line
        for p in full
        for line in warship_lines(p.get("warships", []), lang, label)
    ]
    if warships:  # each warship with its modules (A8a)
        blocks.append(Heading(text(tr("warships", lang))))
        blocks.append(Items([text(line) for line in warships]))

    held = [(p["name"], p.get("technologies") or []) for p in full]  # researched, rolled, handed out (A13.1)
    if any(techs for _, techs in held):
        blocks.append(Heading(text(tr("technologies_held", lang))))
        blocks.append(Items([text(f"{n}: {', '.join(label('technologies', t) for t in ts)}") for n, ts in held if ts]))
    awards = [f"{p['name']}: {award_text(a, lang, label)}" for p in full for a in p.get("awards", [])]
    if awards:
        blocks.append(Heading(text(tr("awards", lang))))
        blocks.append(Items([text(a) for a in awards]))
    hands = [  # event cards held (A11): a leader sees its own, the moderator every leader's
        (f"{p['name']}: " if not viewer else "") + ", ".join(label("events", c) for c in p["hand"])
        for p in full
        if p.get("hand")
    ]
    if hands:
        blocks.append(Heading(text(tr("your_hand", lang))))
        blocks.append(Items([text(h) for h in hands]))
    inbox = [
        f"{p['name']}: {notice_text(m, lang)}" if not viewer else notice_text(m, lang)
        for p in full
        for m in p.get("inbox", [])
    ]
    if inbox:
        blocks.append(Heading(text(tr("inbox", lang))))
        blocks.append(Items([text(m) for m in inbox]))
    if view.get("agents"):
        blocks.append(Heading(text(tr("agents", lang))))
        blocks.append(
            TableBlock(
                [tr("agent", lang), tr("owner", lang), tr("specialities", lang)],
                [
                    [a["name"], a["owner"], ", ".join(label("agent-specialities", x) for x in a["specialities"])]
                    for a in view["agents"]
                ],
            )
        )
    if view.get("treaties"):  # A6, treaties: in force and proposed, as the viewer may see them
        from gmtool.report.treaties import treaty_blocks

        blocks += treaty_blocks(view["treaties"], lang)
    council = view.get("council") or {}
    council_facts: list = []
    if council.get("chair"):
        council_facts.append((tr("chair", lang), text(council["chair"])))
    if council.get("laws"):
        council_facts.append((tr("laws", lang), text(", ".join(label("bills", law["id"]) for law in council["laws"]))))
    if council.get("emperor"):
        council_facts.append((tr("emperor", lang), [bold(council["emperor"])]))
    if council_facts:
        blocks.append(Facts(council_facts))
    blocks.append(Heading(text(tr("systems", lang))))
    srows = []
    for s in view["systems"]:
        planet = s["planet"]
        if s["discovery"] == "orion":
            what = tr("orion", lang) + (f" ({tr('guardian_short', lang)})" if s.get("guardian") else "")
        elif planet:
            what = f"{label('world-type', planet['type'])}, {label('world-size', planet['size']).lower()}"
        else:
            what = label("discovery", s["discovery"])
        props = ", ".join(label("planet-properties", p, short=True) for p in planet["properties"]) if planet else ""
        pop = f"{planet['population']}/{planet['max_population']}" if planet else ""
        monster = ""
        if s.get("monster"):
            m = s["monster"]
            monster = label("monster-kind", m["kind"], great=m["great"])
        srows.append([s["hex"], what, props or "", pop, _dash(s["owner"]), _dash(s["explored_by"]), monster])
    blocks.append(
        TableBlock(
            [tr(k, lang) for k in ("hex_col", "system", "properties", "population", "owner", "explored_by", "monster")],
            srows,
        )
    )
    title = tr("status_title", lang, name=view["campaign"])
    return Report(text(title), blocks, view)


def findings_report(
    title: str, ok_text: str, findings: list[str], facts: list[tuple[str, str]], data: dict[str, Any]
) -> Report:
    blocks: list = [Facts([(k, text(v)) for k, v in facts])] if facts else []
    blocks.append(Items([text(f) for f in findings]) if findings else Paragraph([bold(ok_text)]))
    return Report(text(title), blocks, data)


def reveal_report(name: str, secret_hex: str, commitment: str, lang: str) -> Report:
    return Report(
        text(tr("reveal_title", lang, name=name)),
        [
            Facts([(tr("secret", lang), [bold(secret_hex)]), (tr("commitment", lang), text(commitment))]),
            Paragraph(text(tr("reveal_how", lang))),
        ],
        {"campaign": name, "secret": secret_hex, "commitment": commitment},
    )
