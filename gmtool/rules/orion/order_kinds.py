"""Every kind of order an orders file gives, one record each, in the rules' order.

A record says all there is to know of one kind of order (as eressea's ``init_processor``
lists keyword → handler in priority order):

* its **phase** in the turn (docs/rules-orion.md A2–A3: a new leader joins first, then the
  movement phase in movement order — battles follow the moves, colonies follow the
  battles —, what production needs, the Council, and last the changes of leaders);
* the **value** it takes: a plain value (a hex, a number, text …) and/or a table whose
  keys and their types are listed — an unknown key, a missing key or a value of the wrong
  type is refused before the order is played, naming the order's ``file:line``;
* its **handler**, which plays it on the campaign (the rules' code does the work);
* its **report line**, for a leader's report, when what it did is not told by the
  turn's log already (gmtool/report/turns.py);
* its **room command**, when a leader gives it in its room (``!colonize 1,0``: the command's
  words in every language are in the message catalogs, ``forum.command``), with the
  **reader** that makes the order of the command's words, and the **words** that say the
  order back (the room's confirmation, a leader's report naming an order the turn dropped):
  gmtool/rules/orion/order_words.py; a thread command that does the same at once
  (``!explore``, ``!check``);
* what its result **costs later** (a build's PP at production, research's RP at the turn's
  end), which the room's confirmation adds up.

The orders-file parser (:mod:`gmtool.rules.orion.orders`), the sorter, ``turn check``, the
room commands (gmtool/forum/order_commands.py ``ORDER_COMMANDS``, ``parse_order``), the
room's confirmation, the moderator's ``gmtool order`` and its named commands (``colonize``,
``build`` …), the reports, docs/turns.md's table of orders (``python tools/docs.py``) and the
tests all read :data:`ORDER_KINDS`; a new kind of order is one record here (and its words in
the catalogs), and :func:`register` adds one at run time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from gmtool.campaign.hexes import Hex
from gmtool.errors import InputError
from gmtool.locale import Msg, has, t
from gmtool.rules.orion import order_words as words
from gmtool.rules.orion.order_words import Read, Say

if TYPE_CHECKING:
    from gmtool.dice.sources import DiceSource
    from gmtool.rules.orion.state import OrionCampaign, OrionPlayer


# ----------------------------------------------------------------------------- the phases


@dataclass(frozen=True)
class Phase:
    """A step of the turn. Orders sort by phase, then (``by_leader``) by the leader's place
    in the movement order, then (``by_kind``) by the kind's place in :data:`ORDER_KINDS`;
    what is left keeps the file's order."""

    name: str
    by_leader: bool = True
    by_kind: bool = True


JOIN = Phase("join", by_leader=False, by_kind=False)  # a new leader, before anyone moves
MOVEMENT = Phase("movement")  # in movement order (A3)
PRODUCTION = Phase("before production")  # what production needs
COUNCIL = Phase("council", by_kind=False)  # the chair's bill and the ballots
ROSTER = Phase("roster")  # leaves, take-overs, renames: last
PHASES = (JOIN, MOVEMENT, PRODUCTION, COUNCIL, ROSTER)


# ------------------------------------------------------------------------ values and keys

# the types a value or a key may have, each with its check; NEED: the message a wrong one gets
TYPES: dict[str, Callable[[Any], bool]] = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "text": lambda v: isinstance(v, str),
    "hex": lambda v: isinstance(v, str),  # "Q,R", parsed when played
    "bool": lambda v: isinstance(v, bool),
    "true": lambda v: v is True,
    "texts": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "any": lambda v: True,  # the handler checks it
}
NEED = {"int": "need_int", "text": "need_text", "hex": "need_text", "bool": "need_bool", "texts": "need_texts"}


@dataclass(frozen=True)
class Key:
    """One key of an order's table: its name, its type (a key of :data:`TYPES`), and
    whether it must be given."""

    name: str
    type: str = "text"
    required: bool = False


def key(name: str, type: str = "text") -> Key:
    """An optional key."""
    return Key(name, type)


def need(name: str, type: str = "text") -> Key:
    """A key that must be given."""
    return Key(name, type, required=True)


# ------------------------------------------------------------------------------ a record


@dataclass
class Act:
    """What a handler plays: the campaign, its rules, the dice and the order (checked)."""

    campaign: OrionCampaign
    rules: Any
    source: DiceSource
    leader_name: str
    value: Any

    def leader(self) -> OrionPlayer:
        return self.campaign.player(self.leader_name)


Handler = Callable[[Act], Any]
Later = Callable[[Any], "dict[str, int]"]
# (the order's result, its name in the reader's language, the language, a table label) → line
Line = Callable[[dict[str, Any], str, str, Callable[..., str]], "str | None"]


@dataclass(frozen=True)
class OrderKind:
    """One kind of order: see the module's docstring."""

    name: str
    phase: Phase
    handler: Handler
    plain: str | None = None  # the type of its plain value (None: a table only)
    keys: tuple[Key, ...] = ()  # the keys of its table (none: no table)
    single: bool = False  # one value, never a list of orders
    what: str = ""  # how a wrong value is named: error.orders.what.<what>
    wrong: str | None = None  # its own message for any wrong value: error.<wrong>
    line: Line | None = None  # its line in the leader's report (see report/turns.py)
    post: str | None = None  # its room command (forum.command.<post> in the catalogs), read by `read`
    read: Read | None = None  # the room command's words → (kind, value): order_words.py
    say: Say | None = None  # the order in words (the room's confirmation, a dropped order)
    at_once: str | None = None  # a thread command that does the same at once (`!explore`)
    later: Later | None = None  # what its result costs later: {"pp": 12} (a build, paid at production)
    example: str = ""  # a value as an orders file writes it (docs/turns.md)

    def check(self, value: Any) -> None:
        """Refuse a value this kind does not take (InputError): an unknown or missing key,
        or a value or key of the wrong type."""
        if isinstance(value, dict) and self.keys:
            known = {k.name: k for k in self.keys}
            for name, item in value.items():
                spec = known.get(name)
                if spec is None:
                    raise self._wrong(value) or InputError(key="orders.unknown_key", key_=name, form=self.form())
                if not TYPES[spec.type](item):
                    raise self._wrong(value) or self._need(spec.type, _key_what(spec.name, self.name), item)
            for spec in self.keys:
                if spec.required and spec.name not in value:
                    raise self._wrong(value) or InputError(key="orders.missing_key", key_=spec.name, form=self.form())
            return
        if self.plain is not None and TYPES[self.plain](value):
            return
        raise self._wrong(value) or self._need(
            self.plain or "table", Msg("error.orders.what." + self.what, order=self.name), value
        )

    def words(self, value: Any, wording: Any) -> str:
        """The order in the reader's words (an :class:`~gmtool.rules.orion.order_words.Wording`):
        its ``say``, else its name and value as an orders file writes them, hexes as the reader
        sees them."""
        if self.say is not None:
            try:
                return self.say(value, wording)
            except (KeyError, TypeError, AttributeError, ValueError):
                pass  # a value its words do not fit (checked when played): as written
        return f"{_key_name(self.name, wording.lang)} {_value_text(value, wording.hexes)}".strip()

    def from_words(self, words: list[str]) -> Any:
        """The value the moderator's words give (`gmtool order KIND WORD…`): a plain value
        (``2,-3``, ``9``) or ``KEY=VALUE`` words for the keys of its table (``hex=1,-3
        workers=2``), each read as its key's type; :meth:`check` judges the result."""
        if not words and self.plain == "true":
            return True
        if len(words) == 1 and "=" not in words[0] and self.plain is not None:
            return _typed(words[0], self.plain, self.name)
        known = {k.name: k for k in self.keys}
        value: dict[str, Any] = {}
        for word in words:
            name, sep, text = word.partition("=")
            spec = known.get(name.strip())
            if not sep or spec is None:
                raise InputError(key="orders.word", word=word, order=self.name, form=self.form())
            value[spec.name] = _typed(text.strip(), spec.type, spec.name)
        return value

    def form(self) -> Msg:
        """What the order takes, in words: ``its keys: hex, workers, scientists``."""
        return Msg("error.orders.takes", keys=[k.name for k in self.keys])

    def _wrong(self, value: Any) -> InputError | None:
        return InputError(key=self.wrong, value=repr(value)) if self.wrong else None

    @staticmethod
    def _need(type_: str, what: Any, value: Any) -> InputError:
        if type_ == "int" and not isinstance(what, Msg):  # a key: the value it was given
            return InputError(key="orders.not_int", what=what, value=repr(value))
        return InputError(key="orders." + NEED.get(type_, "need_table"), what=what)


def _typed(text: str, type_: str, what: str) -> Any:
    """A word read as a value of ``type_`` (a key of :data:`TYPES`)."""
    if type_ == "int" or (type_ == "any" and re.fullmatch(r"[+-]?\d+", text)):
        try:
            return int(text)
        except ValueError:
            raise InputError(key="orders.not_int", what=what, value=repr(text)) from None
    if type_ in ("bool", "true"):
        found = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}.get(text.casefold())
        if found is None:
            raise InputError(key="orders.need_bool", what=what)
        return found
    if type_ == "texts":
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def _key_name(kind: str, lang: str) -> str:
    key = f"error.orders.key.{kind}"
    return t(key, lang) if has(key) else kind


_HEX_TEXT = re.compile(r"(?<![\d,])[+-]?\d{1,4},[+-]?\d{1,4}(?![\d,])")


def _value_text(value: Any, hexes: Callable[[str], str]) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value_text(v, hexes)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value_text(v, hexes) for v in value)
    return str(value) if hexes is str else _HEX_TEXT.sub(lambda m: hexes(m.group(0)), str(value))


def _key_what(name: str, order: str) -> Any:
    """A key as a type error names it: ``a hex``/``гекс`` where the catalogs have words for it."""
    return Msg("error.orders.what." + name, order=order) if has("error.orders.what." + name) else name


# ------------------------------------------------------------------------------ handlers


def _explore(a: Act) -> Any:
    """``"2,-2"``, or ``{ hex = "2,-2", ship = "frigate" }`` (a ship by id or label)."""
    from gmtool.rolltables.roller import DiceRoller
    from gmtool.rules.orion.campaign_explore import explore_hex, explore_orion
    from gmtool.rules.orion.fleet import ship_named

    leader, v, ship = a.leader(), a.value, "scout"
    if isinstance(v, dict):
        ship = ship_named(a.rules.costs, str(v.get("ship") or "scout"))
        v = v["hex"]
    target = Hex.parse(v)
    if target == a.campaign.game.orion:
        explore_orion(a.campaign, leader, ship, a.rules.library)
        return {"hex": str(target), "discovery": "orion", "ship": ship}
    result = explore_hex(a.campaign, a.rules.orion, leader, target, DiceRoller(a.source), ship)
    return {"hex": str(target), "ship": ship, **result.to_data()}


def _colonize(a: Act) -> Any:
    """``"2,-3"``, or ``{ hex = "2,-3", override = "REASON" }``."""
    from gmtool.rules.orion import planets

    v = a.value
    hex_, override = (v["hex"], v.get("override")) if isinstance(v, dict) else (v, None)
    system = planets.colonize(
        a.campaign, a.leader(), Hex.parse(hex_), a.rules.orion, a.rules.technologies, override, a.source
    )
    return str(system.hex)


def _fleet(a: Act) -> Any:
    from gmtool.rules.orion import planets

    return planets.change_fleet(a.campaign, a.leader(), a.value, a.rules.production, a.rules.bills)


def _events(a: Act) -> Any:
    from gmtool.rules.orion import turns

    return turns.play_event(a.campaign, a.rules, a.leader(), a.value["card"], a.value.get("choice", 1)).to_data()


def _quests(a: Act) -> Any:
    """The moderator's word that a leader completed an open quest (as `gmtool quest complete`)."""
    from gmtool.rules.orion import turns

    return {
        **turns.complete_quest(a.campaign, a.rules, a.leader(), a.value).to_data(),
        "table": a.rules.quests(a.campaign.stage).name,
    }


def _claims(a: Act) -> Any:
    """A leader's own claim of an open quest (the room's ``!quest``; A11, wave 4): completed when
    gmtool judges its condition met; one the moderator judges waits for the moderator's word
    (the ``quests`` order, `gmtool quest complete`)."""
    from gmtool.rules.orion import turns

    return {
        **turns.claim_quest(a.campaign, a.rules, a.leader(), a.value).to_data(),
        "table": a.rules.quests(a.campaign.stage).name,
    }


def _hire(a: Act) -> Any:
    """``hire = [{ name = "Kess", specialities = ["spy", "saboteur"] }]``: the leader hires an
    agent with one or two specialities, within its agent limit (A10; as `gmtool agent hire`)."""
    from gmtool.rules.orion.agents_campaign import SPECIALITIES_TABLE, hire_ordered

    v = a.value
    table = a.rules.library.get(SPECIALITIES_TABLE, "orion")
    agent = hire_ordered(a.campaign, a.leader(), v["name"], list(v["specialities"]), table)
    return {"agent": agent.name, "specialities": list(agent.specialities)}


def _agents(a: Act) -> Any:
    from gmtool.rules.orion import agents_campaign

    c, v, leader = a.campaign, a.value, a.leader()
    against = c.player(v["target"]) if v.get("target") else None
    frame = c.player(v["frame"]) if v.get("frame") else None
    agent = c.game.agent(v["agent"])
    if agent.owner != leader.name:
        raise InputError(key="orders.not_own_agent", agent=agent.name, leader=leader.name)
    lib = a.rules.library
    return agents_campaign.use(
        c,
        agent,
        v["ability"],
        lib.get("agents", "orion"),
        lib.get("agent-outcomes", "orion"),
        a.source,
        against,
        frame,
        technologies=a.rules.technologies,
    ).to_data()


def _assign(a: Act) -> Any:
    from gmtool.rules.orion import planets

    v = a.value
    system, planet = planets.assign(a.campaign, a.leader(), Hex.parse(v["hex"]), v.get("workers"), v.get("scientists"))
    return {"hex": str(system.hex), "workers": planet.population - planet.scientists, "scientists": planet.scientists}


def _activate(a: Act) -> Any:
    from gmtool.rules.orion import production

    system, paid = production.activate_colony(a.campaign, a.leader(), Hex.parse(a.value), a.rules.production)
    return {"hex": str(system.hex), "orders_paid": paid}


def _build(a: Act) -> Any:
    from gmtool.rules.orion.building import order_build
    from gmtool.rules.orion.fitting import read_modules

    v, modules = a.value, getattr(a.rules, "modules", None)
    fitted = read_modules(modules, v["modules"]) if "modules" in v and modules is not None else v.get("modules")
    return order_build(
        a.campaign, a.leader(), Hex.parse(v["hex"]), v["item"], a.rules.costs, fitted, modules, a.rules.technologies
    ).to_data()


def _scrap(a: Act) -> Any:
    from gmtool.rules.orion.building import scrap

    v = a.value
    where = Hex.parse(v["hex"]) if v.get("hex") else None
    return {"item": v["item"], "refund": scrap(a.campaign, a.leader(), v["item"], a.rules.costs, where)}


def _refit(a: Act) -> Any:
    """``refit = [{ ship = "frigate", number = 2, hex = "1,-3", modules = ["gun", "ars"] }]``:
    one of the leader's warships given new modules at its planet (A8a), as `gmtool ship refit`;
    ``number`` may be left out when it has one ship of that class."""
    from gmtool.rules.orion.fitting import read_modules, refit
    from gmtool.rules.orion.fleet import ship_named

    v, rules = a.value, a.rules
    ship = ship_named(rules.costs, v["ship"])
    fitted = read_modules(rules.modules, v["modules"])
    return refit(
        a.campaign,
        a.leader(),
        ship,
        v.get("number"),
        Hex.parse(v["hex"]),
        fitted,
        rules.costs,
        rules.modules,
        rules.technologies,
    ).to_data()


def _transfer(a: Act) -> Any:
    """``transfer = [{ to = "bob", bc = 10 }]``: BC the leader gives another leader, settled in
    the production phase and never below 0 (docs/rules-orion.md A6, transfers)."""
    from gmtool.rules.orion.diplomacy import transfer

    return transfer(a.campaign, a.leader(), a.campaign.player(a.value["to"]), a.value["bc"]).to_data()


def _treaty(a: Act) -> Any:
    """``treaty = [{ with = ["bob"], text = "…", public = true }]``: a treaty every party has
    confirmed (the moderator's word: each leader's own is ``!treaty`` and ``!sign`` in its
    room), recorded in force (docs/rules-orion.md A6, treaties)."""
    from gmtool.rules.orion.diplomacy import record

    v = a.value
    others = [a.campaign.player(name) for name in v["with"]]
    return record(a.campaign, a.leader(), others, v["text"], bool(v.get("public", False)))


def _treaty_end(a: Act) -> Any:
    """``treaty_end = [3]``: treaty 3 ended by all its parties' confirmation, at no cost (the
    moderator's word; each leader's own is ``!end 3`` in its room)."""
    from gmtool.rules.orion.diplomacy import end_by_all

    return end_by_all(a.campaign, a.leader(), a.value)


def _treaty_break(a: Act) -> Any:
    """``treaty_break = [3]``: the leader breaks treaty 3 alone, without the other parties'
    confirmation: it costs 1 order (docs/rules-orion.md A6, treaties)."""
    from gmtool.rules.orion.diplomacy import break_alone

    break_alone(a.campaign, a.leader(), a.value)
    return a.campaign.turn_state.log[-1]


def _bill(a: Act) -> Any:
    """``bill = 2`` or ``bill = "free-trade"``: the chair's choice of the two bills drawn
    at the turn's start (as `gmtool council propose --pick`); ``bill = { pick = 2, target =
    "bob" }`` names the leader the bill goes to where it fits several (A3; ``target`` alone,
    once the bill is picked)."""
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion import council_campaign

    c, v, leader = a.campaign, a.value, a.leader()
    if c.stage == 1:
        raise RuleRefused(key="council.stage1")
    if c.game.council.chair != leader.name:
        raise RuleRefused(key="orders.bill_not_chair", leader=leader.name, chair=c.game.council.chair or "—")
    target = v.get("target") if isinstance(v, dict) else None
    then = list(v.get("then") or []) if isinstance(v, dict) else []
    if isinstance(v, dict):
        v = v.get("pick")
    options = list(c.game.council.vote["options"]) if c.game.council.vote else []
    if isinstance(v, str) and v in options:
        v = options.index(v) + 1
    if v is None and target is not None:
        drawn = council_campaign.propose(c, a.rules.bills, a.source, target=target, then=then)
        return {"bill": drawn.bill, "target": target, **({"then": then} if then else {})}
    if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= max(1, len(options)):
        raise InputError(key="orders.bill_pick", value=repr(v), options=", ".join(options) or "—")
    drawn = council_campaign.propose(c, a.rules.bills, a.source, pick=v, target=target, then=then)
    return {"bill": drawn.bill, **({"target": target} if target else {}), **({"then": then} if then else {})}


def _law_choice(a: Act) -> Any:
    """``law_choice = { law = "aid", target = "bob" }``: the chair names the leader a law in
    force goes to at this turn's end, where the leaders with the fewest planets tie and the one
    who had it is not among them (A9, wave 4; as `gmtool council choose`)."""
    from gmtool.errors import RuleRefused
    from gmtool.rules.orion import laws

    c, v, leader = a.campaign, a.value, a.leader()
    if c.game.council.chair != leader.name:
        raise RuleRefused(key="orders.law_not_chair", leader=leader.name, chair=c.game.council.chair or "—")
    return laws.choose(c, a.rules.bills, v["law"], v["target"]).to_data()


def _vote(a: Act) -> Any:
    from gmtool.rules.orion import council_campaign

    leader = a.leader()
    ballot = council_campaign.cast(a.campaign, leader, a.value["choice"], a.value.get("bribe", 0))
    return {"vote": ballot.vote, "bribe": ballot.bribe_bc}


def _election(a: Act) -> Any:
    from gmtool.rules.orion import council_campaign

    c, v = a.campaign, a.value
    leader = a.leader()
    candidate = c.player(v["candidate"]) if v.get("candidate") else None
    ballot = council_campaign.elect(c, leader, candidate, v.get("bribe", 0))
    return {"candidate": ballot.candidate, "bribe": ballot.bribe_bc}


# the moderator's records of battles it resolved (docs/rules-orion.md A12): the leader is the
# one whose fleet did it (or who won or lost the ship, the award)


def _slay(a: Act) -> Any:
    from gmtool.rules.orion import records

    v = a.value
    if isinstance(v, dict):
        hex_, research_ship = Hex.parse(v["hex"]), v.get("research_ship", False)
        return records.slay_monster(a.campaign, a.rules, hex_, a.leader(), research_ship).to_data()
    return records.slay_monster(a.campaign, a.rules, Hex.parse(v), a.leader()).to_data()


def _orion_damage(a: Act) -> Any:
    from gmtool.rules.orion import records

    return records.damage_orion(a.campaign, a.rules, a.leader(), a.value).to_data()


def _hex_record(name: str) -> Handler:
    def play(a: Act) -> Any:
        from gmtool.rules.orion import records

        record = getattr(records, name)
        more = {"modules": getattr(a.rules, "modules", None)} if name == "set_blockade" else {}  # A7: bombs
        return record(a.campaign, Hex.parse(a.value), a.leader(), **more).to_data()

    return play


def _ship(gained: bool) -> Handler:
    def play(a: Act) -> Any:
        from gmtool.rules.orion import records

        v = a.value
        ship, reason = (v["class"], v.get("reason", "")) if isinstance(v, dict) else (v, "")
        record = records.ship_gained if gained else records.ship_lost
        return record(a.campaign, a.rules, a.leader(), ship, reason).to_data()

    return play


def _award(a: Act) -> Any:
    from gmtool.rules.orion import records

    v = a.value
    return records.apply_award(
        a.campaign, a.rules, a.leader(), v["id"], v.get("tech", []), v.get("science"), v.get("drop")
    ).to_data()


def _grant(a: Act) -> Any:
    from gmtool.rules.orion import records

    v = a.value
    return records.grant(
        a.campaign, a.leader(), v.get("bc", 0), v.get("rp", 0), v.get("reason", ""), v.get("public", False)
    ).to_data()


def _research(a: Act) -> Any:
    """``"hq_computers"`` (a technology, by id or label: ordered, bought with RP after production, A13.1),
    ``"all_sciences"`` (checked, A12) or ``"victory"``; a list gives several."""
    from gmtool.rules.orion import records, research

    if a.value == research.ALL_SCIENCES:  # at once, or after the last sciences ordered this turn
        checked = research.order_all_sciences(a.campaign, a.leader(), a.rules.technologies, a.rules)
        if checked is not None:
            return checked.to_data()
        return records.all_sciences(a.campaign, a.leader(), again=True, technologies=a.rules.technologies).to_data()
    if a.value == research.VICTORY:
        return research.order_victory(a.campaign, a.leader(), a.rules).to_data()
    # settled at the turn's end after production, from the RP banked and just made (A13.1, wave 4)
    return research.research(a.campaign, a.leader(), a.rules.technologies, a.value, a.rules).to_data()


# changes of leaders (docs/rules-orion.md A2), as `gmtool player add|drop|replace|rename`: a
# leader joins in the table under its new name (which may hold its first orders); leaves,
# take-overs and renames are in the table of the leader concerned, so every name in the file
# is the name the leader has when the file is written


def _player_add(a: Act) -> Any:
    from gmtool.rules.orion import roster

    race = a.value.get("race", "") if isinstance(a.value, dict) else ""
    roster.add_player(a.campaign, a.rules.library, a.leader_name, a.source, race)
    return a.campaign.turn_state.log[-1]


def _player_drop(a: Act) -> Any:
    from gmtool.rules.orion import roster

    player = a.leader()
    keep = isinstance(a.value, dict) and a.value.get("keep", False)
    return roster.drop_player(a.campaign, player, keep).to_data()


def _rename(replaced: bool) -> Handler:
    def play(a: Act) -> Any:
        from gmtool.rules.orion import roster

        return roster.rename_player(a.campaign, a.leader(), a.value, replaced=replaced).to_data()

    return play


# ------------------------------------------------------------------------- report lines


def _assign_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str:
    return (
        f"{name} {r['hex']}: {t('n_workers', lang, n=r.get('workers', 0))}, "
        f"{t('n_scientists', lang, n=r['scientists'])}"
    )


def _activate_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str:
    return t("done_activate", lang, hex=r["hex"], n=r["orders_paid"])


def _build_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str:
    return t("done_build", lang, item=label("costs", r["item"]), hex=r["hex"], cost=r.get("cost", 0))


def _scrap_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str:
    return t("done_scrap", lang, item=label("costs", str(r["item"])), bc=r.get("refund", 0))


def _bribe(r: dict[str, Any], lang: str) -> str:
    return f" ({t('done_bribe', lang, bc=r['bribe'])})" if r.get("bribe") else ""


def _vote_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str | None:
    if r.get("vote") not in ("yes", "no", "abstain"):
        return None
    return t("done_vote", lang, choice=t(f"vote.{r['vote']}", lang)) + _bribe(r, lang)


def _election_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str | None:
    if "candidate" not in r:
        return None
    return t("done_election", lang, candidate=r["candidate"] or t("abstain", lang)) + _bribe(r, lang)


def _bill_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str:
    line = f"{name}: {label('bills', r['bill'])}"
    if r.get("then"):  # its pick, then the ones after it for a tie at the turn's end (A9, wave 4)
        return line + f" ({t('done_bill_targets', lang, leaders=', '.join([r['target'], *r['then']]))})"
    return line + (f" ({t('done_bill_target', lang, leader=r['target'])})" if r.get("target") else "")


def _research_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str | None:
    """Research ordered (A13.1): settled at the turn's end, where the leader's report tells it."""
    ordered = r.get("ordered")
    if ordered in ("all_sciences", "victory"):
        return t(f"done_research_{ordered}", lang)
    if ordered is None:
        return None
    return t("done_research", lang, tech=label("technologies", str(ordered)), cost=r.get("cost", 0))


def _claims_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str | None:
    """A claim the moderator had confirmed already, or of a quest gmtool judges itself at the
    turn's end (a moderator's claim is told by its log entry)."""
    if r.get("judged"):
        return t("done_claim_judged", lang, quest=label(str(r.get("table", "")), str(r.get("quest"))))
    if not r.get("confirmed"):
        return None
    return t("done_claim_confirmed", lang, quest=label(str(r.get("table", "")), str(r.get("quest"))))


def _law_choice_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str:
    return f"{name}: {label('bills', r['law'])} — {r['leader']}"


def _agents_line(r: dict[str, Any], name: str, lang: str, label: Callable[..., str]) -> str:
    ability, outcome = label("agents", str(r.get("ability"))), label("agent-outcomes", str(r.get("outcome")))
    return f"{name}: {r.get('agent')}, {ability}: {outcome}"  # the tables' labels, never their ids


# ------------------------------------------------------------------- what is paid later


def _build_later(r: Any) -> dict[str, int]:
    """A build is paid at production, from its planet's PP and then the leader's BC (A6)."""
    cost = r.get("cost") if isinstance(r, dict) else None
    return {"pp": cost} if isinstance(cost, int) and cost > 0 else {}


def _research_later(r: Any) -> dict[str, int]:
    """Research ordered is paid in RP at the turn's end, after production (A13.1, wave 4)."""
    cost = r.get("cost") if isinstance(r, dict) else None
    return {"rp": cost} if isinstance(cost, int) and cost > 0 else {}


# ------------------------------------------------------------------------------ the list

ORDER_KINDS: tuple[OrderKind, ...] = (
    OrderKind(
        "player_add",
        JOIN,
        _player_add,
        "true",
        (key("race"),),
        single=True,
        wrong="orders.player_add",
        example='{ race = "psilon" }',
    ),
    OrderKind(
        "fleet",
        MOVEMENT,
        _fleet,
        "int",
        what="fleet",
        post="fleet",
        read=words.read_fleet,
        say=words.say_fleet,
        example="1",
    ),
    OrderKind(
        "explore",
        MOVEMENT,
        _explore,
        "hex",
        (need("hex", "hex"), key("ship")),
        what="hex",
        at_once="explore",
        example='["2,-2", { hex = "3,-2", ship = "frigate" }]',
    ),
    OrderKind(
        "slay",
        MOVEMENT,
        _slay,
        "hex",
        (need("hex", "hex"), key("research_ship", "bool")),
        what="hex",
        example='[{ hex = "2,-1", research_ship = true }]',
    ),
    OrderKind("orion_damage", MOVEMENT, _orion_damage, "int", what="orion_damage", example="9"),
    OrderKind("capture", MOVEMENT, _hex_record("capture_planet"), "hex", what="hex", example='["3,-1"]'),
    OrderKind("blockade", MOVEMENT, _hex_record("set_blockade"), "hex", what="hex", example='["3,-1"]'),
    OrderKind("lift", MOVEMENT, _hex_record("lift_blockade"), "hex", what="hex", example='["3,-1"]'),
    OrderKind(
        "ship_add",
        MOVEMENT,
        _ship(True),
        "text",
        (need("class"), key("reason")),
        what="ship",
        example='[{ class = "frigate", reason = "a derelict" }]',
    ),
    OrderKind(
        "ship_lose", MOVEMENT, _ship(False), "text", (need("class"), key("reason")), what="ship", example='["frigate"]'
    ),
    OrderKind(
        "award",
        MOVEMENT,
        _award,
        None,
        (need("id", "int"), key("tech", "texts"), key("science"), key("drop")),
        what="award",
        example='[{ id = 1, tech = ["hq_computers"] }]',
    ),
    OrderKind(
        "colonize",
        MOVEMENT,
        _colonize,
        "hex",
        (need("hex", "hex"), key("override")),
        what="hex",
        post="colonize",
        read=words.read_colonize,
        say=words.say_colonize,
        example='["2,-3"]',
    ),
    OrderKind(
        "events",
        MOVEMENT,
        _events,
        None,
        (need("card"), key("choice", "int")),
        what="event",
        post="event",
        read=words.read_event,
        say=words.say_event,
        example='[{ card = "refugees", choice = 2 }]',
    ),
    OrderKind("quests", MOVEMENT, _quests, "text", what="quest", say=words.say_quest, example='["first-survey"]'),
    OrderKind(
        "claims",
        MOVEMENT,
        _claims,
        "text",
        what="quest",
        line=_claims_line,
        post="quest",
        read=words.read_quest,
        say=words.say_quest,
        example='["trade-route"]',
    ),
    OrderKind(
        "hire",
        MOVEMENT,
        _hire,
        None,
        (need("name"), need("specialities", "texts")),
        what="hire",
        post="hire",
        read=words.read_hire,
        say=words.say_hire,
        example='[{ name = "Kess", specialities = ["spy", "saboteur"] }]',
    ),
    OrderKind(
        "agents",
        MOVEMENT,
        _agents,
        None,
        (need("agent"), need("ability"), key("target"), key("frame")),
        what="agent",
        line=_agents_line,
        post="mission",
        read=words.read_mission,
        say=words.say_mission,
        at_once="check",
        example='[{ agent = "Kess", ability = "steal-tech", target = "bob" }]',
    ),
    OrderKind(
        "grant",
        MOVEMENT,
        _grant,
        None,
        (key("bc", "int"), key("rp", "int"), key("reason"), key("public", "bool")),
        what="grant",
        example='[{ rp = 5, reason = "Research Pact", public = true }]',
    ),
    OrderKind(
        "assign",
        PRODUCTION,
        _assign,
        None,
        (need("hex", "hex"), key("workers", "int"), key("scientists", "int")),
        what="assignment",
        line=_assign_line,
        post="assign",
        read=words.read_assign,
        say=words.say_assign,
        example='[{ hex = "1,-3", workers = 2, scientists = 1 }]',
    ),
    OrderKind(
        "activate",
        PRODUCTION,
        _activate,
        "hex",
        what="hex",
        line=_activate_line,
        post="activate",
        read=words.read_activate,
        say=words.say_activate,
        example='["2,-3"]',
    ),
    OrderKind(
        "research",
        PRODUCTION,
        _research,
        "text",
        wrong="orders.research",
        line=_research_line,
        post="research",
        read=words.read_research,
        say=words.say_research,
        later=_research_later,
        example='["hq_computers", "victory"]',
    ),
    OrderKind(
        "scrap",
        PRODUCTION,
        _scrap,
        None,
        (need("item"), key("hex", "hex")),
        what="scrap",
        line=_scrap_line,
        post="scrap",
        read=words.read_scrap,
        say=words.say_scrap,
        example='[{ item = "frigate", hex = "1,-3" }]',
    ),
    OrderKind(
        "refit",
        PRODUCTION,
        _refit,
        None,
        (need("ship"), key("number", "int"), need("hex", "hex"), need("modules", "texts")),
        what="refit",
        post="refit",
        read=words.read_refit,
        say=words.say_refit,
        example='[{ ship = "frigate", number = 2, hex = "1,-3", modules = ["gun", "ars", "srs"] }]',
    ),
    OrderKind(
        "build",
        PRODUCTION,
        _build,
        None,
        (need("hex", "hex"), need("item"), key("modules", "texts")),
        what="build",
        line=_build_line,
        post="build",
        read=words.read_build,
        say=words.say_build,
        later=_build_later,
        example='[{ hex = "1,-3", item = "frigate", modules = ["gun", "gun", "ars"] }]',
    ),
    OrderKind(
        "transfer",
        PRODUCTION,
        _transfer,
        None,
        (need("to"), need("bc", "int")),
        what="transfer",
        post="give",
        read=words.read_give,
        say=words.say_give,
        example='[{ to = "bob", bc = 10 }]',
    ),
    OrderKind(
        "treaty",
        PRODUCTION,
        _treaty,
        None,
        (need("with", "texts"), need("text"), key("public", "bool")),
        what="treaty",
        say=words.say_treaty,
        at_once="treaty",
        example='[{ with = ["bob"], text = "No attacks for three turns", public = true }]',
    ),
    OrderKind("treaty_end", PRODUCTION, _treaty_end, "int", what="treaty_number", at_once="end", example="[3]"),
    OrderKind(
        "treaty_break",
        PRODUCTION,
        _treaty_break,
        "int",
        what="treaty_number",
        post="break",
        read=words.read_break,
        say=words.say_break,
        example="[3]",
    ),
    OrderKind(
        "bill",
        COUNCIL,
        _bill,
        "any",
        (key("pick", "int"), key("target"), key("then", "texts")),
        single=True,
        what="bill",
        line=_bill_line,
        post="bill",
        read=words.read_bill,
        say=words.say_bill,
        example='{ pick = 2, target = "bob" }',
    ),
    OrderKind(
        "law_choice",
        COUNCIL,
        _law_choice,
        None,
        (need("law"), need("target")),
        what="law_choice",
        line=_law_choice_line,
        say=words.say_law_choice,
        example='{ law = "aid", target = "bob" }',
    ),
    OrderKind(
        "vote",
        COUNCIL,
        _vote,
        None,
        (need("choice"), key("bribe", "int")),
        single=True,
        what="vote",
        line=_vote_line,
        post="vote",
        read=words.read_vote,
        say=words.say_vote,
        example='{ choice = "yes", bribe = 3 }',
    ),
    OrderKind(
        "election",
        COUNCIL,
        _election,
        None,
        (key("candidate"), key("bribe", "int")),
        single=True,
        what="election",
        line=_election_line,
        post="elect",
        read=words.read_elect,
        say=words.say_election,
        example='{ candidate = "bob", bribe = 3 }',
    ),
    OrderKind(
        "player_drop",
        ROSTER,
        _player_drop,
        "true",
        (key("keep", "bool"),),
        single=True,
        wrong="orders.player_drop",
        example="{ keep = true }",
    ),
    OrderKind("player_replace", ROSTER, _rename(True), "text", single=True, what="new_name", example='"erin"'),
    OrderKind("player_rename", ROSTER, _rename(False), "text", single=True, what="new_name", example='"Carolina"'),
)
# every kind by name, in the rules' order: ORDER_KINDS, then any registered at run time
KINDS: dict[str, OrderKind] = {kind.name: kind for kind in ORDER_KINDS}


def register(kind: OrderKind) -> Callable[[], None]:
    """Add a kind of order at run time (a campaign's or a test's own), after the kinds of its
    phase; refused when its name is taken. Returns what takes it away again. Its room command
    (``post``) is read like the others' where the catalogs hold its words (``forum.command``)."""
    if kind.name in KINDS:
        raise ValueError(f"an order kind named {kind.name!r} exists")
    KINDS[kind.name] = kind
    _steps.cache_clear()

    def unregister() -> None:
        if KINDS.get(kind.name) is kind:
            del KINDS[kind.name]
            _steps.cache_clear()

    return unregister


def sort_key(kind: OrderKind, leader_rank: int) -> tuple[int, int, int]:
    """Where an order of ``kind`` goes in the turn, for a leader at ``leader_rank`` in the
    movement order."""
    phase = kind.phase
    return (
        PHASES.index(phase),
        leader_rank if phase.by_leader else 0,
        _steps().get(kind.name, 0) if phase.by_kind else 0,
    )


@lru_cache(maxsize=1)
def _steps() -> dict[str, int]:
    """Each kind's place among the kinds of its phase."""
    return {kind.name: [k for k in KINDS.values() if k.phase is kind.phase].index(kind) for kind in KINDS.values()}


def order_name(kind: str, lang: str) -> str:
    """An order's name in a leader's report (``order_assign``: "colonists assigned at")."""
    return t(f"order_{kind}", lang)
