"""Orion's thread commands (docs/forum-commands.md): ``!explore``, ``!check`` and ``!vote``
act at once where they are posted; the turn's orders a leader posts in its room (``!colonize``,
``!assign``…) are read by gmtool/forum/order_commands.py and played at the turn.  The forum
resolver (gmtool/forum/resolve.py) hands each command over as a
:class:`~gmtool.rules.base.ForumCall`; every import is made when a command is answered, so
that looking the ruleset up loads none of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.rules.base import ForumCall, ForumHandler, ForumRefusal

if TYPE_CHECKING:
    from gmtool.report.model import Report


def explore(call: ForumCall) -> dict[str, Report]:
    """``!explore Q,R [SHIP]``: the leader explores a hex, at once (A4)."""
    from gmtool.campaign.hexes import Hex
    from gmtool.formats import LANGS
    from gmtool.report.exploration import exploration_report
    from gmtool.rolltables.roller import DiceRoller
    from gmtool.rules.base import ensure_not_over
    from gmtool.rules.orion.campaign_explore import exploration_context, explore_hex
    from gmtool.rules.orion.exploration import OrionTables
    from gmtool.rules.orion.fleet import ship_named
    from gmtool.rules.orion.frames import from_view

    state, library, source = call.state, call.library, call.source
    ensure_not_over(state)
    leader = state.player(call.leader)
    words = call.args.split()
    seen = Hex.parse(words[0] if words else "")  # in the leader's frame before turn 7 (closed rooms)
    target = from_view(state, leader.name, seen)
    # !explore Q,R [SHIP]: the ship by id or by its label in either language («Фрегат»)
    ship = ship_named(library.get("costs", "orion"), " ".join(words[1:])) if len(words) > 1 else "scout"
    if target == state.game.orion:  # no dice: the moderator judges it (A4.6)
        return orion_request(call, leader, target, seen, ship)
    orion = OrionTables(library)
    first = source.next_id
    if getattr(source, "scheme2", None) is not None:  # labelled as the exploration it is (docs/verify.md)
        source.set_context(exploration_context(state, leader.name, target, ship), leader.name, salted=True)
    result = explore_hex(state, orion, leader, target, DiceRoller(source), ship, leaders_words=True)
    return {
        lang: exploration_report(result, orion, lang, call.info(first), library.find_row, str(seen), leader.name)
        for lang in LANGS
    }


def orion_request(call: ForumCall, leader: Any, target: Any, seen: Any, ship: str) -> dict[str, Report]:
    """``!explore`` of Orion: no dice roll, the moderator judges what waits there (A4.6), so the
    leader's command is a request, checked as an exploration is (reach, a ship free to move),
    kept with the command's record (forum.toml) and listed in `post pending`'s moderator copy
    until the moderator's `gmtool explore --hex` of Orion resolves it.  The request holds its
    ship for the turn (:func:`~gmtool.rules.orion.campaign_explore.hold_for_orion`): ordered
    elsewhere, it is refused as a ship that moved; the reply says so."""
    from gmtool.formats import LANGS
    from gmtool.report.i18n import tr
    from gmtool.report.model import Paragraph, Report, text
    from gmtool.rules.orion.campaign_explore import _costs, hold_for_orion
    from gmtool.rules.orion.fleet import ship_name

    state = call.state
    held = hold_for_orion(state, leader, ship, call.library)
    request = {"kind": "explore_orion", "leader": leader.name, "hex": str(target), "ship": ship, "turn": state.turn}
    costs = _costs(call.library)
    return {
        lang: Report(
            text(tr("orion_request", lang, hex=str(seen))),
            [
                Paragraph(text(tr("orion_request_waits", lang))),
                Paragraph(
                    text(
                        tr(
                            "orion_request_holds" if held else "orion_request_held",
                            lang,
                            ship=ship_name(ship, costs),
                        )
                    )
                ),
            ],
            {"request": request},
        )
        for lang in LANGS
    }


def check(call: ForumCall) -> dict[str, Report]:
    """``!check AGENT ABILITY [LEADER]``: the leader's agent uses an ability that acts at once (A10)."""
    from gmtool.errors import InputError
    from gmtool.formats import LANGS
    from gmtool.report.agents import use_report
    from gmtool.rules.base import ensure_not_over
    from gmtool.rules.orion.agents import OUTCOMES_TABLE
    from gmtool.rules.orion.agents_campaign import ABILITIES_TABLE, use

    state, library, who = call.state, call.library, call.leader
    ensure_not_over(state)
    parts = call.args.split()
    if len(parts) < 2:
        raise InputError(key="forum.check_needs_agent")
    agent = state.game.agent(parts[0])
    if agent.owner != who:
        raise InputError(key="forum.not_your_agent", agent=agent.name, leader=who)
    target = state.player(parts[2]) if len(parts) > 2 else None
    first = call.source.next_id
    result = use(
        state,
        agent,
        parts[1],
        library.get(ABILITIES_TABLE, "orion"),
        library.get(OUTCOMES_TABLE, "orion"),
        call.source,
        target,
        technologies=library.get("technologies", "orion"),
    )
    return {lang: use_report(result, lang, call.info(first), who) for lang in LANGS}


def vote(call: ForumCall) -> dict[str, Report]:
    """``!vote yes|no|abstain [bribe N]`` in a private message: the leader's secret ballot,
    cast at once (A9; in a room it is collected as the turn's order)."""
    from gmtool.errors import InputError
    from gmtool.formats import LANGS
    from gmtool.locale import words
    from gmtool.report.i18n import tr
    from gmtool.report.model import Paragraph, Report, text
    from gmtool.rules.base import ensure_not_over
    from gmtool.rules.orion.council_campaign import cast

    if not call.private:
        raise ForumRefusal("vote_in_public")
    state = call.state
    ensure_not_over(state)
    parts = call.args.split()
    choice = parts[0].lower() if parts else ""
    bribe = 0
    if len(parts) >= 3 and words("forum.bribe").get(parts[1].casefold()) == "bribe":  # `bribe`, `подкуп`
        if not (parts[2].isascii() and parts[2].isdigit()) or len(parts[2]) > 4:
            raise InputError(key="forum.bribe_not_number", bribe=parts[2])
        bribe = int(parts[2])
    cast(state, state.player(call.leader), choice, bribe)
    # The reply is public: it says a ballot was cast, never which way.
    return {
        lang: Report(
            text(tr("ballot_recorded", lang)), [Paragraph(text(tr("ballot_secret", lang)))], {"ballot": "recorded"}
        )
        for lang in LANGS
    }


def _said(name: str, lang: str) -> str:
    """A room command as a post in ``lang`` writes it (``!sign``, ``!подписать``)."""
    from gmtool.locale import command_label

    return "!" + command_label(name).text(lang)


def _treaty_call(call: ForumCall, name: str) -> Any:
    """The leader's words of a treaty command, read in its room (or a private message): a
    treaty is never made in the public thread."""
    from gmtool.rules.base import ensure_not_over
    from gmtool.rules.orion.order_words import CommandWords

    if not call.private:
        raise ForumRefusal("treaty_in_room", word=_said(name, "en"))
    ensure_not_over(call.state)
    return CommandWords(call.state, call.library, call.leader, name, call.args)


def _treaty_report(title: str, paragraphs: list[str], data: dict[str, Any]) -> Report:
    from gmtool.report.model import Paragraph, Report, text

    return Report(text(title), [Paragraph(text(p)) for p in paragraphs], data)


def _treaty_facts(one: Any, lang: str) -> str:
    """``«TEXT» (secret: only its parties are told of it)``: the leaders' own words, escaped
    with every span by the reply's format."""
    from gmtool.report.i18n import tr

    return tr(
        "treaty_text", lang, text=one.text, visibility=tr("treaty_public" if one.public else "treaty_secret", lang)
    )


def _parties(names: list[str], lang: str) -> str:
    from gmtool.report.i18n import tr

    return names[0] if len(names) == 1 else tr("treaty_and", lang, first=", ".join(names[:-1]), last=names[-1])


def treaty(call: ForumCall) -> dict[str, Report]:
    """``!treaty LEADER[, LEADER…] "TEXT" [public|secret]``: the leader proposes a treaty to
    the leaders it names (A6, treaties): recorded once each of them confirms it (``!sign N``)."""
    from gmtool.formats import LANGS
    from gmtool.report.i18n import tr
    from gmtool.rules.orion.diplomacy import propose
    from gmtool.rules.orion.order_words import read_treaty

    r = _treaty_call(call, "treaty")
    others, words, public = read_treaty(r, call.args)
    state = call.state
    one = propose(state, state.player(call.leader), [state.player(n) for n in others], words, public)
    data = {"treaty": {"id": one.id, "parties": list(one.parties), "public": one.public, "status": one.status}}
    return {
        lang: _treaty_report(
            tr("treaty_proposed", lang, n=one.id, parties=_parties(others, lang)),
            [
                _treaty_facts(one, lang),
                tr("treaty_sign_hint", lang, n=one.id, sign=_said("sign", lang), refuse=_said("refuse", lang)),
            ],
            data,
        )
        for lang in LANGS
    }


def sign(call: ForumCall) -> dict[str, Report]:
    """``!sign N``: the leader confirms treaty N, which is recorded once every party has."""
    from gmtool.formats import LANGS
    from gmtool.report.i18n import tr
    from gmtool.rules.orion.diplomacy import confirm
    from gmtool.rules.orion.order_words import treaty_number

    number = treaty_number(_treaty_call(call, "sign"))
    one = confirm(call.state, call.state.player(call.leader), number)
    waiting = [p for p in one.parties if p not in one.confirmed]
    data = {"treaty": {"id": one.id, "parties": list(one.parties), "public": one.public, "status": one.status}}
    reports = {}
    for lang in LANGS:
        if waiting:
            title = tr("treaty_signed_wait", lang, n=one.id, waiting=_parties(waiting, lang))
            more = []
        else:
            title = tr("treaty_in_force", lang, n=one.id, parties=_parties(one.parties, lang))
            more = [tr("treaty_break_hint", lang, n=one.id, end=_said("end", lang), broken=_said("break", lang))]
        reports[lang] = _treaty_report(title, [_treaty_facts(one, lang), *more], data)
    return reports


def refuse(call: ForumCall) -> dict[str, Report]:
    """``!refuse N``: the leader refuses treaty N while it is proposed; it is never recorded."""
    from gmtool.formats import LANGS
    from gmtool.report.i18n import tr
    from gmtool.rules.orion.diplomacy import refuse as refuse_treaty
    from gmtool.rules.orion.order_words import treaty_number

    number = treaty_number(_treaty_call(call, "refuse"))
    one = refuse_treaty(call.state, call.state.player(call.leader), number)
    data = {"treaty": {"id": one.id, "parties": list(one.parties), "public": one.public, "status": one.status}}
    return {
        lang: _treaty_report(tr("treaty_refused", lang, n=one.id), [_treaty_facts(one, lang)], data) for lang in LANGS
    }


def end(call: ForumCall) -> dict[str, Report]:
    """``!end N``: the leader confirms the end of treaty N, ended at no cost once every party
    has; a party alone breaks it (``!break N``, 1 order)."""
    from gmtool.formats import LANGS
    from gmtool.report.i18n import tr
    from gmtool.rules.orion.diplomacy import end as end_treaty
    from gmtool.rules.orion.order_words import treaty_number

    number = treaty_number(_treaty_call(call, "end"))
    one = end_treaty(call.state, call.state.player(call.leader), number)
    waiting = [p for p in one.parties if p not in one.ending]
    data = {"treaty": {"id": one.id, "parties": list(one.parties), "public": one.public, "status": one.status}}
    reports = {}
    for lang in LANGS:
        if waiting:
            title = tr("treaty_end_wait", lang, n=one.id, waiting=_parties(waiting, lang))
            more = [tr("treaty_end_hint", lang, n=one.id, end=_said("end", lang), broken=_said("break", lang))]
        else:
            title, more = tr("treaty_ended", lang, n=one.id), []
        reports[lang] = _treaty_report(title, [_treaty_facts(one, lang), *more], data)
    return reports


FORUM_COMMANDS: dict[str, ForumHandler] = {
    "explore": explore,
    "check": check,
    "vote": vote,
    "treaty": treaty,
    "sign": sign,
    "refuse": refuse,
    "end": end,
}
# acting at once wherever they are posted, a leader's room too: never collected as a turn's
# order, even were an order command named like one (an orders file's `explore`); a ballot
# (`!vote`) is cast at once in a private message, collected in a room
# a treaty's proposal, confirmation, refusal and confirmed end act at once too (A6, treaties):
# each gives its treaty's number at once; `treaty` and `end` are also the moderator's orders
AT_ONCE = frozenset({"explore", "check", "treaty", "sign", "refuse", "end"})
