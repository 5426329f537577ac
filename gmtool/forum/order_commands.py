"""Turn orders written as post commands in a leader's room (``!colonize 1,0``).

A room (a closed thread only its leader and the moderator read) is where a leader gives
the turn's orders.  Each order command is read into a :class:`PostedOrder`: the kind of
order (a record of :data:`gmtool.rules.orion.order_kinds.ORDER_KINDS`) and its value as an
orders file writes it, every hex in the moderator's (absolute) coordinates — in stage 1 a
leader writes hexes in its own frame (its homeworld is ``0,0``: campaign/frames.py).

The command words in every language are in the message catalogs (``forum.command``);
:data:`ORDER_COMMANDS` maps a canonical command to the kind of order it gives.  The other
words of a command (``workers``, ``at``, ``choice``, ``frame`` …) are the catalogs'
``forum.order_word``, a ballot's ``vote.words`` and ``forum.bribe``; how each command is
written is ``forum.usage.<command>``.  Names of ships, buildings, cards, quests, bills,
technologies and abilities are a table's row by id, label or alias in any language
(:meth:`gmtool.rolltables.model.Table.named`).  Reading an order checks its words only (a
hex, a number, a known name); whether the rules allow it is ``turn check``'s answer, given
in the room's confirmation.

:func:`order_words` says an order in words for the confirmation reply;
:func:`orders_template` is the end of a leader's private turn report: the commands it may
give next turn, pre-filled where the state suggests, ready to copy, edit and post back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gmtool.campaign.frames import from_view, to_view
from gmtool.campaign.hexes import Hex
from gmtool.campaign.names import name_key
from gmtool.errors import InputError
from gmtool.locale import Label, Msg, command_label, t, words
from gmtool.rules.orion.state import OrionCampaign, OrionPlayer

# canonical forum command → the kind of order it gives (order_kinds.py); `vote` gives an
# `election` ballot when it names a leader while the Emperor's election is open
ORDER_COMMANDS: dict[str, str] = {
    "colonize": "colonize",
    "assign": "assign",
    "activate": "activate",
    "build": "build",
    "scrap": "scrap",
    "fleet": "fleet",
    "research": "research",
    "event": "events",
    "quest": "claims",  # a leader's claim: the moderator's word completes a quest it judges (A11)
    "bill": "bill",
    "vote": "vote",
    "elect": "election",
    "mission": "agents",
}

# ballots are kept apart from the other orders: the latest ballot stands until the count
BALLOT_KINDS = frozenset({"vote", "election"})

_HEX = re.compile(r"[+-]?\d{1,4},[+-]?\d{1,4}")
_NUMBER = re.compile(r"\d{1,4}")
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})
_COMMA = re.compile(r"(\d)\s*,\s*(?=[+-]?\d)")  # "1, -2" is the hex 1,-2
_SEPARATORS = re.compile(r"[\s;:=/]+|,(?!\s*[+-]?\d)")  # between an assignment's words
PAID = "paid"  # an agent's ability that costs an order: given with the turn (A10)


@dataclass(frozen=True)
class PostedOrder:
    """One order read from a post: its kind and its value as an orders file writes it."""

    kind: str
    value: Any


def leader_hex(state: OrionCampaign, leader: str, word: str) -> str:
    """A hex as ``leader`` wrote it (its own frame in stage 1), in the moderator's
    coordinates, as an orders file writes it (``"2,-3"``)."""
    written = word.strip().translate(_MINUS)
    if not _HEX.fullmatch(written):
        raise InputError(key="orders.post_hex", value=word)
    return str(from_view(state, leader, Hex.parse(written)))


def _fold(word: str) -> str:
    return word.casefold().replace("ё", "е")


def _word(section: str, word: str) -> str:
    """The name a word stands for in a catalog's section (any language), or ""."""
    found = words(section)
    return found.get(word.casefold(), "") or {_fold(k): v for k, v in found.items()}.get(_fold(word), "")


def _player(state: OrionCampaign, name: str) -> OrionPlayer | None:
    wanted = _fold(" ".join(name.split()))
    return next((p for p in state.players if _fold(p.name) == wanted), None)


class _Reader:
    """One command's words and how it refuses them (one line naming the word)."""

    def __init__(self, state: OrionCampaign, library: Any, leader: str, name: str, args: str) -> None:
        self.state, self.library, self.leader, self.name = state, library, leader, name
        self.words = _COMMA.sub(r"\1,", args.translate(_MINUS)).split()

    def usage(self) -> Msg:
        return Msg("forum.usage." + self.name)

    def wrong(self, word: str) -> InputError:
        return InputError(key="orders.post_word", command=command_label(self.name), word=word, usage=self.usage())

    def missing(self, what: str) -> InputError:
        return InputError(
            key="orders.post_missing",
            command=command_label(self.name),
            what=Msg("error.orders.post_what_" + what),
            usage=self.usage(),
        )

    def number(self, word: str) -> int:
        if not _NUMBER.fullmatch(word):
            raise InputError(key="orders.post_number", command=command_label(self.name), word=word, usage=self.usage())
        return int(word)

    def hex(self, word: str) -> str:
        return leader_hex(self.state, self.leader, word)

    def table(self, name: str) -> Any:
        return self.library.get(name, "orion")

    def row(self, table: Any, words: list[str], what: str, rows: Any = None) -> str:
        """The id of the row ``words`` name (id, label or alias, any language)."""
        name = " ".join(words)
        row = table.named(name)
        known = list(rows) if rows is not None else list(table.rows)
        if row is None or row not in known:
            raise InputError(
                key="orders.post_unknown_name",
                command=command_label(self.name),
                word=name,
                what=Msg("error.orders.post_what_" + what),
                known=[Label(r.label) for r in known],
            )
        return str(row.id)

    def leader_named(self, words: list[str]) -> str:
        player = _player(self.state, " ".join(words))
        if player is None:
            raise InputError(
                key="orders.post_unknown_name",
                command=command_label(self.name),
                word=" ".join(words),
                what=Msg("error.orders.post_what_leader"),
                known=[p.name for p in self.state.players],
            )
        return player.name

    def one_hex(self) -> str:
        if not self.words:
            raise self.missing("hex")
        if len(self.words) > 1:
            raise self.wrong(self.words[1])
        return self.hex(self.words[0])

    def trailing_hex(self) -> tuple[list[str], str | None]:
        """The words before a last hex (``frigate at 1,-3``), and the hex (absolute)."""
        rest = list(self.words)
        if not rest or not _HEX.fullmatch(rest[-1]):
            return rest, None
        where = self.hex(rest.pop())
        if rest and _word("forum.order_word", rest[-1]) == "at":
            rest.pop()
        return rest, where

    def bribe(self) -> tuple[list[str], int | None]:
        """The words before ``bribe N`` (``подкуп N``), and N (None: no bribe given)."""
        rest = list(self.words)
        for i, word in enumerate(rest):
            if words("forum.bribe").get(word.casefold()) == "bribe":
                if i + 1 >= len(rest):
                    raise InputError(
                        key="orders.post_missing", command=command_label(self.name), what="N", usage=self.usage()
                    )
                if i + 2 < len(rest):
                    raise self.wrong(rest[i + 2])
                return rest[:i], self.number(rest[i + 1])
        return rest, None


def _with_bribe(value: dict[str, Any], bribe: int | None) -> dict[str, Any]:
    return {**value, "bribe": bribe} if bribe is not None else value


def _election_open(state: OrionCampaign) -> bool:
    from gmtool.report.pending import open_ballots

    return "election" in open_ballots(state)


def _bill_open(state: OrionCampaign) -> bool:
    return bool(state.game.council.vote and state.game.council.vote.get("bill"))


def parse_order(state: OrionCampaign, library: Any, leader: str, name: str, args: str) -> PostedOrder:
    """The order command ``!name args`` of ``leader`` (``name`` canonical: a key of
    :data:`ORDER_COMMANDS`), read into an order; InputError for words it cannot read."""
    kind = ORDER_COMMANDS.get(name)
    if kind is None:
        raise InputError(key="orders.post_unknown", word=name)
    r = _Reader(state, library, leader, name, args)
    return PostedOrder(*_READERS[name](r))


def _colonize(r: _Reader) -> tuple[str, Any]:
    return "colonize", r.one_hex()


def _activate(r: _Reader) -> tuple[str, Any]:
    return "activate", r.one_hex()


def _assign(r: _Reader) -> tuple[str, Any]:
    """``Q,R workers 2 scientists 1``, ``Q,R 2 workers 1 scientist``, ``Q,R 2 1``, ``Q,R 2/1``."""
    if not r.words:
        raise r.missing("hex")
    where = r.hex(r.words[0])
    tokens = [w for w in _SEPARATORS.split(" ".join(r.words[1:])) if w]
    got: dict[str, int] = {}
    positional = ["workers", "scientists"]
    i = 0
    while i < len(tokens):
        token = tokens[i]
        named = _word("forum.order_word", token)
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if named in positional and named not in got:  # workers 2
            if not following:
                raise r.missing("numbers")
            got[named] = r.number(following)
            i += 2
            continue
        n = r.number(token) if _NUMBER.fullmatch(token) else None
        if n is None:
            raise r.wrong(token)
        after = _word("forum.order_word", following) if following else ""
        if after in positional and after not in got:  # 2 workers
            got[after] = n
            i += 2
            continue
        slot = next((p for p in positional if p not in got), None)  # 2 1
        if slot is None:
            raise r.wrong(token)
        got[slot] = n
        i += 1
    if not got:
        raise r.missing("numbers")
    return "assign", {"hex": where, **{k: got[k] for k in positional if k in got}}


def _build(r: _Reader) -> tuple[str, Any]:
    """``ITEM [MODULE,MODULE…] [at] [Q,R]``: at the homeworld when no hex is named; a warship's
    modules (docs/rules-orion.md A8a) after its class, separated by commas."""
    item_words, where = r.trailing_hex()
    if not item_words:
        raise r.missing("item")
    item, modules = _item_and_modules(r, item_words)
    if where is None:
        home = r.state.player(r.leader).homeworld
        if home is None:
            raise InputError(key="orders.post_no_homeworld", command=command_label(r.name), leader=r.leader)
        where = str(home)
    value: dict[str, Any] = {"hex": where, "item": item}
    if modules is not None:
        value["modules"] = modules
    return "build", value


def _item_and_modules(r: _Reader, item_words: list[str]) -> tuple[str, list[str] | None]:
    """The item the first words name and the modules the rest list (``frigate gun,gun,ars``)."""
    costs = r.table("costs")
    if costs.named(" ".join(item_words)) is not None or len(item_words) < 2:
        return r.row(costs, item_words, "item"), None
    from gmtool.rules.orion.fitting import read_modules

    for k in range(len(item_words) - 1, 0, -1):
        if costs.named(" ".join(item_words[:k])) is not None:
            return r.row(costs, item_words[:k], "item"), read_modules(r.table("modules"), " ".join(item_words[k:]))
    return r.row(costs, item_words, "item"), None


def _scrap(r: _Reader) -> tuple[str, Any]:
    item_words, where = r.trailing_hex()
    if not item_words:
        raise r.missing("item")
    value = {"item": r.row(r.table("costs"), item_words, "item")}
    return "scrap", {**value, "hex": where} if where is not None else value


def _fleet(r: _Reader) -> tuple[str, Any]:
    if not r.words:
        raise r.missing("numbers")
    if len(r.words) > 1:
        raise r.wrong(r.words[1])
    word = r.words[0]
    if word not in ("+1", "-1", "1"):
        raise InputError(key="orders.post_fleet", command=command_label(r.name), word=word)
    return "fleet", int(word)


def _research(r: _Reader) -> tuple[str, Any]:
    """A technology, by id, label or alias (bought with RP in the production phase,
    docs/rules-orion.md A13.1) — or ``victory`` | ``all_sciences``."""
    if not r.words:
        raise r.missing("research")
    named = _word("forum.order_word", "_".join(r.words))  # "all sciences": all_sciences
    if named in ("victory", "all_sciences"):
        return "research", named
    return "research", r.row(r.table("technologies"), r.words, "research")


def _event(r: _Reader) -> tuple[str, Any]:
    """``CARD [choice N]`` or ``CARD N``."""
    rest, choice = list(r.words), None
    if len(rest) >= 2 and _NUMBER.fullmatch(rest[-1]):
        choice = int(rest.pop())
        if rest and _word("forum.order_word", rest[-1]) == "choice":
            rest.pop()
    if not rest:
        raise r.missing("card")
    card = r.row(r.table("events"), rest, "card")
    return "events", {"card": card, "choice": choice} if choice is not None else {"card": card}


def _quest(r: _Reader) -> tuple[str, Any]:
    """``QUEST`` by id or label, or nothing: the quest announced last."""
    from gmtool.rules.orion.turns import QUESTS

    open_quests = r.state.game.quests
    if not r.words:
        if not open_quests:
            raise InputError(key="orders.post_no_quest", command=command_label(r.name))
        return "claims", open_quests[-1]
    table = r.table(QUESTS.get(r.state.stage, QUESTS[1]))
    return "claims", r.row(table, r.words, "quest")


def _bill(r: _Reader) -> tuple[str, Any]:
    """``1`` or ``2`` (as drawn), or the bill by id or label; then, where the bill fits several
    leaders, the leader the chair names (``!bill 2 bob``; ``!bill bob`` once it is picked). A
    law in force and a leader (``!bill aid bob``) name the leader it goes to at this turn's
    end, where its tie needs the chair (a ``law_choice`` order, A9 wave 4)."""
    if not r.words:
        raise r.missing("bill")
    words, target = list(r.words), None
    leaders = {name_key(p.name): p.name for p in r.state.players}
    if name_key(words[-1]) in leaders:
        target = leaders[name_key(words.pop())]
    if not words:
        return "bill", {"target": target}
    if len(words) == 1 and _NUMBER.fullmatch(words[0]):
        pick: Any = int(words[0])
    else:
        pick = r.row(r.table("bills"), words, "bill")
        if target and any(law["id"] == pick for law in r.state.game.council.laws):
            # a law in force: the leader the chair names for it at this turn's end (A9, wave 4)
            return "law_choice", {"law": pick, "target": target}
    return "bill", {"pick": pick, "target": target} if target else pick


def _vote(r: _Reader) -> tuple[str, Any]:
    """``yes|no|abstain [bribe N]`` on the bill; a leader's name while the Emperor's
    election is open is an election ballot (``abstain`` too, when no bill is open)."""
    from gmtool.rules.orion.council import BILL_VOTES, bill_vote

    rest, bribe = r.bribe()
    if not rest:
        raise r.missing("ballot")
    written = " ".join(rest)
    choice = bill_vote(written) if len(rest) == 1 else None
    election = _election_open(r.state)
    if choice in BILL_VOTES:
        if choice == "abstain" and election and not _bill_open(r.state):
            return "election", _with_bribe({}, bribe)
        return "vote", _with_bribe({"choice": choice}, bribe)
    player = _player(r.state, written)
    if election and player is not None:
        return "election", _with_bribe({"candidate": player.name}, bribe)
    raise InputError(
        key="orders.post_ballot",
        command=command_label(r.name),
        word=written,
        leaders=", ".join(p.name for p in r.state.players),
    )


def _elect(r: _Reader) -> tuple[str, Any]:
    """``LEADER|abstain [bribe N]``."""
    from gmtool.rules.orion.council import bill_vote

    rest, bribe = r.bribe()
    if not rest:
        raise r.missing("leader")
    if len(rest) == 1 and bill_vote(rest[0]) == "abstain":
        return "election", _with_bribe({}, bribe)
    return "election", _with_bribe({"candidate": r.leader_named(rest)}, bribe)


def _mission(r: _Reader) -> tuple[str, Any]:
    """``AGENT ABILITY [LEADER] [frame LEADER]``: a paid ability (it costs an order and is
    given with the turn, A10); the others act at once with ``!check``."""
    if len(r.words) < 2:
        raise r.missing("agent")
    agent = r.state.game.agent(r.words[0])
    rest, frame = r.words[1:], None
    for i, word in enumerate(rest):
        if _word("forum.order_word", word) == "frame":
            if i + 1 >= len(rest):
                raise r.missing("leader")
            frame = r.leader_named(rest[i + 1 :])
            rest = rest[:i]
            break
    table = r.table("agents")
    abilities = [row for row in table.rows if set(agent.specialities) & {row.values.get("speciality")}]
    target = None
    if table.named(" ".join(rest)) is None and len(rest) > 1 and _player(r.state, rest[-1]) is not None:
        target = r.leader_named(rest[-1:])
        rest = rest[:-1]
    if not rest:
        raise r.missing("ability")
    ability = table.row(r.row(table, rest, "ability", abilities or None))
    if ability.values.get("kind") != PAID:
        raise InputError(
            key="orders.post_not_paid",
            command=command_label(r.name),
            ability=Label(ability.label),
            agent=agent.name,
            ability_id=ability.id,
        )
    value: dict[str, Any] = {"agent": agent.name, "ability": ability.id}
    if target is not None:
        value["target"] = target
    if frame is not None:
        value["frame"] = frame
    return "agents", value


_READERS = {
    "colonize": _colonize,
    "assign": _assign,
    "activate": _activate,
    "build": _build,
    "scrap": _scrap,
    "fleet": _fleet,
    "research": _research,
    "event": _event,
    "quest": _quest,
    "bill": _bill,
    "vote": _vote,
    "elect": _elect,
    "mission": _mission,
}


# ------------------------------------------------------------------- an order in words


def _label(library: Any, table: str, row_id: Any, lang: str) -> str:
    from gmtool.rolltables.model import pick

    try:
        row = library.get(table, "orion").find(str(row_id))
    except Exception:
        row = None
    return pick(row.label, lang) if row is not None else str(row_id)


def _item(library: Any, item: Any, lang: str) -> str:
    """A ship, base or building mid-sentence: "a frigate" reads "frigate" in English."""
    label = _label(library, "costs", item, lang)
    return label[:1].lower() + label[1:] if lang == "en" else label


def order_words(state: OrionCampaign, library: Any, leader: str, order: PostedOrder, lang: str) -> str:
    """``order`` in words in ``lang``, every hex in ``leader``'s frame: "build Frigate at
    1,-3" — the room's confirmation reply says each order so (its costs added there)."""
    from gmtool.rules.orion.council import BC_PER_VOTE

    kind, v = order.kind, order.value

    def hex_(text: Any) -> str:
        return str(to_view(state, leader, Hex.parse(str(text))))

    def say(key: str, **params: Any) -> str:
        return t("forum.order." + key, lang, **params)

    def bribed(line: str) -> str:
        bc = v.get("bribe", 0) if isinstance(v, dict) else 0
        if not bc:
            return line
        return say("bribe", text=line, bc=bc, votes=t("n_votes", lang, n=bc // BC_PER_VOTE))

    if kind == "colonize":
        return say("colonize", hex=hex_(v["hex"] if isinstance(v, dict) else v))
    if kind == "activate":
        return say("activate", hex=hex_(v))
    if kind == "assign":
        parts = [t("n_" + k, lang, n=v[k]) for k in ("workers", "scientists") if k in v]
        return say("assign", hex=hex_(v["hex"]), assignment=", ".join(parts))
    if kind == "build":
        item = _item(library, v["item"], lang)
        if v.get("modules"):
            item += " (" + ", ".join(_label(library, "modules", m, lang) for m in v["modules"]) + ")"
        return say("build", item=item, hex=hex_(v["hex"]))
    if kind == "scrap":
        item = _item(library, v["item"], lang)
        return say("scrap_at", item=item, hex=hex_(v["hex"])) if v.get("hex") else say("scrap", item=item)
    if kind == "fleet":
        return say("fleet_up" if v > 0 else "fleet_down")
    if kind == "research":
        if v in ("victory", "all_sciences"):
            return say("research_" + v)
        return say("research", tech=_label(library, "technologies", v, lang))
    if kind == "events":
        return say("event", card=_label(library, "events", v["card"], lang), choice=v.get("choice", 1))
    if kind in ("quests", "claims"):
        from gmtool.rules.orion.turns import QUESTS

        return say("quest", quest=_label(library, QUESTS.get(state.stage, QUESTS[1]), v, lang))
    if kind == "bill":
        target = v.get("target") if isinstance(v, dict) else None
        v = v.get("pick") if isinstance(v, dict) else v
        if v is None:
            return say("bill_target", leader=target)
        line = say("bill_number", n=v) if isinstance(v, int) else say("bill", bill=_label(library, "bills", v, lang))
        return line + (" — " + say("bill_target", leader=target) if target else "")
    if kind == "law_choice":  # the leader the chair names for a law at this turn's end (A9, wave 4)
        return say("law_target", law=_label(library, "bills", v["law"], lang), leader=v["target"])
    if kind == "vote":
        return bribed(say("vote", choice=t("vote." + str(v["choice"]), lang)))
    if kind == "election":
        return bribed(say("elect", candidate=v.get("candidate") or t("abstain", lang)))
    if kind == "agents":
        ability = _label(library, "agents", v["ability"], lang)
        line = (
            say("mission_target", agent=v["agent"], ability=ability, target=v["target"])
            if v.get("target")
            else say("mission", agent=v["agent"], ability=ability)
        )
        return say("frame", text=line, leader=v["frame"]) if v.get("frame") else line
    return f"{kind}: {v}"


# ------------------------------------------------------------------ the orders template


def command_word(name: str, lang: str) -> str:
    """The word a leader writing in ``lang`` uses for command ``name``: the catalog's first
    word in that language (``назначить``), the name itself in English."""
    written = t("forum.command." + name, lang).split()
    return written[0] if written and lang != "en" else name


def _order_word(name: str, lang: str) -> str:
    written = t("forum.order_word." + name, lang).split()
    return written[0] if written else name


def orders_template(
    state: OrionCampaign, library: Any, leader: str, lang: str, reported_stage: int | None = None
) -> list[str]:
    """The orders template that ends ``leader``'s private turn report: one line each, the
    commands it may give next turn, pre-filled where the state suggests (its colonists'
    assignment on each of its planets, its colonies it may activate), then commented hints
    (a line not starting with ``!`` is no command) for the others, in ``lang``, every hex
    in its frame.  Posted back unchanged, it gives the orders the state already holds.

    ``reported_stage``: the stage of the turn the report tells.  When the rooms open with
    the next turn (turn 6's report, for turn 7), the leader's frame changes: a hex written
    now in the galaxy's coordinates would tell a stage-1 report where its homeworld lies,
    and one in its own frame would be read wrongly next turn — so the template then gives
    no hex, only the hints and a line saying why."""
    from gmtool.campaign.frames import closed

    player = state.player(leader)
    lines: list[str] = []
    if reported_stage is not None and closed(state, reported_stage) and not closed(state):
        return ["# " + t("forum.usage.frame_changes", lang, turn=state.turn)] + [
            "# " + t("forum.usage." + name, lang) for name in _hints(state, player, leader)
        ]

    def hex_(h: Hex) -> str:
        return str(to_view(state, leader, h))

    own = [s for s in state.game.systems if s.owner == leader and s.planet is not None]
    workers, scientists = _order_word("workers", lang), _order_word("scientists", lang)
    for system in own:
        planet = system.planet
        assert planet is not None
        if planet.population > 0:
            lines.append(
                f"!{command_word('assign', lang)} {hex_(system.hex)} "
                f"{workers} {planet.population - planet.scientists} {scientists} {planet.scientists}"
            )
    can = activatable(state, library, leader)
    for system in can:
        lines.append(f"!{command_word('activate', lang)} {hex_(system.hex)}")
    for system in activatable(state, library, leader, affordable=False):
        if system not in can:  # more than its orders pay for: a hint
            lines.append(f"# !{command_word('activate', lang)} {hex_(system.hex)}")
    return lines + ["# " + t("forum.usage." + name, lang) for name in _hints(state, player, leader)]


def _hints(state: OrionCampaign, player: Any, leader: str) -> list[str]:
    """The commands a template names as hints (``forum.usage.<name>``)."""
    hints = ["build", "scrap", "fleet"]
    if player.colony_ships > 0:
        hints.insert(0, "colonize")
    if player.hand:
        hints.append("event")
    if state.game.quests:
        hints.append("quest")
    if state.stage > 1:
        hints += ["bill", "vote"]
    if state.stage >= 3:
        hints.append("elect")
    if any(a.owner == leader for a in state.game.agents):
        hints.append("mission")
    return hints


def activatable(state: OrionCampaign, library: Any, leader: str, affordable: bool = True) -> list[Any]:
    """``leader``'s colonies it may activate this turn (not its homeworld, not active yet),
    in map order; ``affordable``: only as many as its orders pay for."""
    from gmtool.rules.orion.production import activation_cost, is_active

    rules = library.get("production", "orion")
    left = state.player(leader).orders
    out = []
    for s in state.game.systems:
        if s.owner != leader or s.planet is None or s.homeworld_of is not None or is_active(state, s):
            continue
        cost = activation_cost(s.planet, rules)
        if affordable and cost > left:
            continue
        left -= cost
        out.append(s)
    return out
