"""How each kind of order is written in a leader's room and said back: the room command
readers and the words of the confirmation, which :data:`gmtool.rules.orion.order_kinds.ORDER_KINDS`
hands out with the rest of each kind's record.

A room command (``!colonize 1,0``) is read by its kind's ``read`` into the order's value as
an orders file writes it, every hex in the moderator's (absolute) coordinates — in stage 1 a
leader writes hexes in its own frame (its homeworld is ``0,0``: rules/orion/frames.py).  The
command words in every language are in the message catalogs (``forum.command``); the other
words of a command (``workers``, ``at``, ``choice``, ``frame`` …) are ``forum.order_word``, a
ballot's ``vote.words`` and ``forum.bribe``; how each command is written is
``forum.usage.<command>``.  Names of ships, buildings, cards, quests, bills, technologies
and abilities are a table's row by id, label or alias in any language
(:meth:`gmtool.rolltables.model.Table.named`).  Reading checks the words only (a hex, a
number, a known name); whether the rules allow the order is the turn's answer, which the
room's confirmation gives by playing it.

A kind's ``say`` writes an order in the leader's words and frame (``forum.order.*``): the
room's confirmation, and a leader's report naming an order the turn dropped, say it so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from gmtool.errors import InputError
from gmtool.formats import LANGS
from gmtool.lazy_re import lazy
from gmtool.locale import Label, Msg, command_label, t, words
from gmtool.locale.lemmas import russian

_HEX = lazy(r"[+-]?\d{1,4},[+-]?\d{1,4}")
_NUMBER = lazy(r"\d{1,4}")
_SIGNED = lazy(r"[+-]?\d{1,6}")
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})
_COMMA = lazy(r"(\d)\s*,\s*(?=[+-]?\d)")  # "1, -2" is the hex 1,-2
_SEPARATORS = lazy(r"[\s;:=/]+|,(?!\s*[+-]?\d)")  # between an assignment's words
PAID = "paid"  # an agent's ability that costs an order: given with the turn (A10)


def leader_hex(state: Any, leader: str, word: str) -> str:
    """A hex as ``leader`` wrote it (its own frame in stage 1), in the moderator's
    coordinates, as an orders file writes it (``"2,-3"``)."""
    from gmtool.campaign.hexes import Hex
    from gmtool.rules.orion.frames import from_view

    written = word.strip().translate(_MINUS)
    if not _HEX.fullmatch(written):
        raise InputError(key="orders.post_hex", value=word)
    return str(from_view(state, leader, Hex.parse(written)))


def fold(word: str) -> str:
    return word.casefold().replace("ё", "е")


def word_of(section: str, word: str) -> str:
    """The name a word stands for in a catalog's section (any language), or ""."""
    found = words(section)
    return found.get(word.casefold(), "") or {fold(k): v for k, v in found.items()}.get(fold(word), "")


def player_named(state: Any, name: str) -> Any:
    """The leader ``name`` is (case and ё/е aside), or a Russian name declined
    (``Глафиру``, ``Ярославу``: gmtool/locale/names.py), or None."""
    wanted = fold(" ".join(name.split()))
    found = next((p for p in state.players if fold(p.name) == wanted), None)
    if found is None and russian(wanted):
        from gmtool.locale.names import decline

        found = next(
            (
                p
                for p in state.players
                if any(fold(decline(p.name, case) or "") == wanted for case in ("gen", "dat", "acc", "ins", "pre"))
            ),
            None,
        )
    return found


def _names_of(row: Any) -> list[Any]:
    """A row's labels in every language and its aliases."""
    labels = row.label.values() if isinstance(row.label, dict) else [row.label]
    return [*labels, *row.aliases]


class CommandWords:
    """One room command's words (``name``: the canonical command, ``args``: what follows it),
    with how they are read and how they are refused (one line naming the word and the
    command's form)."""

    def __init__(self, state: Any, library: Any, leader: str, name: str, args: str) -> None:
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

    def find(self, table: Any, words: list[str]) -> Any:
        """The row ``words`` name — by id, label or alias in any language, else by a label or
        alias in any case and number (gmtool/locale/lemmas.py: «звёздную базу», «колонизатора»,
        «фрегаты»; English plurals: «scouts», «colony ships») — or None; refused when the words
        could name two rows."""
        name = " ".join(words)
        row = table.named(name)
        if row is not None:
            return row
        from gmtool.locale.lemmas import same_name

        found = [r for r in table.rows if any(same_name(name, str(label)) for label in _names_of(r))]
        if len(found) > 1:
            raise InputError(
                key="orders.post_ambiguous_name",
                command=command_label(self.name),
                word=name,
                names=[Label(r.label) for r in found],
            )
        return found[0] if found else None

    def row(self, table: Any, words: list[str], what: str, rows: Any = None) -> str:
        """The id of the row ``words`` name (id, label or alias, any language, any case)."""
        name = " ".join(words)
        row = self.find(table, words)
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
        player = player_named(self.state, " ".join(words))
        if player is None:
            raise InputError(
                key="orders.post_unknown_name",
                command=command_label(self.name),
                word=" ".join(words),
                what=Msg("error.orders.post_what_leader"),
                known=[p.name for p in self.state.players],
            )
        return str(player.name)

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
        if rest and word_of("forum.order_word", rest[-1]) == "at":
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


Read = Callable[[CommandWords], "tuple[str, Any]"]  # a room command's words → (the kind of order, its value)


# ------------------------------------------------------------------------------ readers


def _with_bribe(value: dict[str, Any], bribe: int | None) -> dict[str, Any]:
    return {**value, "bribe": bribe} if bribe is not None else value


def _election_open(state: Any) -> bool:
    """The Emperor's election is open this turn: every stage-3 turn until it is tallied, with no
    Emperor yet (A9; what `post pending` says of the ballots open)."""
    from gmtool.rules.orion.council_campaign import ELECTION_STAGE

    counted = state.game.council.last_tally or {}
    return (
        state.victory is None
        and state.stage >= ELECTION_STAGE
        and not state.game.council.emperor
        and not (counted.get("kind") == "election" and counted.get("turn") == state.turn)
    )


def _bill_open(state: Any) -> bool:
    return bool(state.game.council.vote and state.game.council.vote.get("bill"))


def read_colonize(r: CommandWords) -> tuple[str, Any]:
    return "colonize", r.one_hex()


def read_activate(r: CommandWords) -> tuple[str, Any]:
    return "activate", r.one_hex()


def read_assign(r: CommandWords) -> tuple[str, Any]:
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
        named = word_of("forum.order_word", token)
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
        after = word_of("forum.order_word", following) if following else ""
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


def read_build(r: CommandWords) -> tuple[str, Any]:
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


def _item_and_modules(r: CommandWords, item_words: list[str]) -> tuple[str, list[str] | None]:
    """The item the first words name and the modules the rest list (``frigate gun,gun,ars``)."""
    costs = r.table("costs")
    if r.find(costs, item_words) is not None or len(item_words) < 2:
        return r.row(costs, item_words, "item"), None
    from gmtool.rules.orion.fitting import read_modules

    for k in range(len(item_words) - 1, 0, -1):
        if r.find(costs, item_words[:k]) is not None:
            return r.row(costs, item_words[:k], "item"), read_modules(r.table("modules"), " ".join(item_words[k:]))
    return r.row(costs, item_words, "item"), None


def read_refit(r: CommandWords) -> tuple[str, Any]:
    """``SHIP [NUMBER] MODULE,MODULE… [at] [Q,R]`` (docs/rules-orion.md A8a): which of its
    warships of that class (as `status` lists them; left out when it has one), its new
    modules, at the homeworld when no hex is named."""
    rest, where = r.trailing_hex()
    at = next((i for i, word in enumerate(rest) if _NUMBER.fullmatch(word)), None)
    number: int | None
    if at is not None:
        ship_words, number, module_words = rest[:at], r.number(rest[at]), rest[at + 1 :]
    else:
        ship_words, number, module_words = _ship_and_modules(r, rest)
    if not ship_words:
        raise r.missing("ship")
    if not module_words:
        raise r.missing("modules")
    from gmtool.rules.orion.fitting import is_warship, read_modules

    costs = r.table("costs")
    ship = r.row(costs, ship_words, "ship", [row for row in costs.rows if is_warship(row)])
    modules = read_modules(r.table("modules"), " ".join(module_words))
    if where is None:
        home = r.state.player(r.leader).homeworld
        if home is None:
            raise InputError(key="orders.post_no_homeworld", command=command_label(r.name), leader=r.leader)
        where = str(home)
    value: dict[str, Any] = {"ship": ship, **({"number": number} if number is not None else {})}
    return "refit", {**value, "hex": where, "modules": modules}


def _ship_and_modules(r: CommandWords, words: list[str]) -> tuple[list[str], None, list[str]]:
    """A ship's class named by the first words, its modules by the rest (no number between)."""
    costs = r.table("costs")
    for k in range(len(words) - 1, 0, -1):
        if r.find(costs, words[:k]) is not None:
            return words[:k], None, words[k:]
    return words[:1], None, words[1:]


def read_give(r: CommandWords) -> tuple[str, Any]:
    """``LEADER N [BC]`` (or ``N [BC] [to] LEADER``): BC given to another leader, settled in the
    production phase (docs/rules-orion.md A6, transfers); the leader by name, in Russian in
    any case (``!передать Ярославу 10``)."""
    rest = [w for w in r.words if word_of("forum.order_word", w.rstrip(".")) not in ("bc", "to")]
    at = [i for i, word in enumerate(rest) if _SIGNED.fullmatch(word)]
    if not at:
        huge = next((w for w in rest if re.fullmatch(r"[+-]?\d+", w)), None)
        if huge is not None:  # more digits than any purse holds: say so of the number written
            raise InputError(key="orders.post_too_many", command=command_label(r.name), word=huge)
        raise r.missing("bc")
    n = int(rest[at[-1]])
    if n <= 0:
        raise InputError(key="orders.post_give_positive", command=command_label(r.name), word=rest[at[-1]])
    name = rest[: at[-1]] + rest[at[-1] + 1 :]
    if not name:
        raise r.missing("leader")
    to = r.leader_named(name)
    if to == r.leader:
        raise InputError(key="orders.post_give_self", command=command_label(r.name), leader=to)
    return "transfer", {"to": to, "bc": n}


_QUOTES = {'"': '"', "\u201c": "\u201d", "\u201e": "\u201c\u201d", "\u00ab": "\u00bb"}
_TREATY_NUMBER = lazy(r"(?:#|№|no\.?)?\s*(\d{1,6})", re.IGNORECASE)


def read_treaty(r: CommandWords, args: str) -> tuple[list[str], str, bool]:
    """``LEADER[, LEADER…] "TEXT" [public|secret]`` (docs/rules-orion.md A6, treaties): the
    other parties (a Russian name in any case), the treaty's text between quotes ("…", «…»,
    “…”) and whether it is public (secret unless said)."""
    opening = min((i for i in (args.find(q) for q in _QUOTES) if i >= 0), default=-1)
    if opening < 0:
        raise r.missing("treaty_text")
    closing = max(args.rfind(c) for c in _QUOTES[args[opening]])
    if closing <= opening:
        raise r.missing("treaty_text")
    text = args[opening + 1 : closing]
    if not text.strip():
        raise r.missing("treaty_text")
    names = args[:opening].replace(",", " , ").replace(";", " , ").split()
    chunks: list[list[str]] = [[]]
    for word in names:
        if word == "," or word_of("forum.order_word", word) == "and":
            chunks.append([])
        elif word_of("forum.order_word", word) == "with":  # `!treaty with bob`, `!договор с Ярославом`
            continue
        else:
            chunks[-1].append(word)
    others: list[str] = []
    for chunk in filter(None, chunks):
        try:
            others.append(r.leader_named(chunk))
        except InputError:
            if len(chunk) == 1:
                raise
            others.extend(r.leader_named([word]) for word in chunk)  # "bob carol": two names
    if not others:
        raise r.missing("leader")
    public = False
    for word in args[closing + 1 :].split():
        said = word_of("forum.order_word", word.strip(".,;!"))
        if said not in ("public", "secret"):
            raise r.wrong(word)
        public = said == "public"
    return others, text, public


def treaty_number(r: CommandWords) -> int:
    """``N`` (``#N``, ``№ N``): the number of a treaty, as its confirmation gave it; the word
    for a treaty before it, in any case, is read past (``!sign treaty 1``, ``!подписать
    договор 1``, ``!разорвать договора № 2``)."""
    from gmtool.locale.lemmas import lemmas

    named = {fold(w) for lang in LANGS for w in t("forum.command.treaty", lang).split()}
    written = " ".join(w for w in r.words if not (lemmas(w) & named))
    if not written:
        raise r.missing("treaty")
    m = _TREATY_NUMBER.fullmatch(written)
    if m is None:
        raise r.wrong(r.words[0])
    return int(m.group(1))


def read_break(r: CommandWords) -> tuple[str, Any]:
    """``N``: the leader breaks treaty N alone, for 1 order at the turn (A6, treaties)."""
    return "treaty_break", treaty_number(r)


def read_scrap(r: CommandWords) -> tuple[str, Any]:
    item_words, where = r.trailing_hex()
    if not item_words:
        raise r.missing("item")
    value = {"item": r.row(r.table("costs"), item_words, "item")}
    return "scrap", {**value, "hex": where} if where is not None else value


def read_fleet(r: CommandWords) -> tuple[str, Any]:
    if not r.words:
        raise r.missing("numbers")
    if len(r.words) > 1:
        raise r.wrong(r.words[1])
    word = r.words[0]
    if word not in ("+1", "-1", "1"):
        raise InputError(key="orders.post_fleet", command=command_label(r.name), word=word)
    return "fleet", int(word)


def read_research(r: CommandWords) -> tuple[str, Any]:
    """A technology, by id, label or alias (bought with RP in the production phase,
    docs/rules-orion.md A13.1) — or ``victory`` | ``all_sciences``."""
    if not r.words:
        raise r.missing("research")
    named = word_of("forum.order_word", "_".join(r.words))  # "all sciences": all_sciences
    if named in ("victory", "all_sciences"):
        return "research", named
    return "research", r.row(r.table("technologies"), r.words, "research")


def read_event(r: CommandWords) -> tuple[str, Any]:
    """``CARD [choice N]`` or ``CARD N``."""
    rest, choice = list(r.words), None
    if len(rest) >= 2 and _NUMBER.fullmatch(rest[-1]):
        choice = int(rest.pop())
        if rest and word_of("forum.order_word", rest[-1]) == "choice":
            rest.pop()
    if not rest:
        raise r.missing("card")
    card = r.row(r.table("events"), rest, "card")
    return "events", {"card": card, "choice": choice} if choice is not None else {"card": card}


def read_quest(r: CommandWords) -> tuple[str, Any]:
    """``QUEST`` by id or label, or nothing: the quest announced last."""
    from gmtool.rules.orion.turns import QUESTS

    open_quests = r.state.game.quests
    if not r.words:
        if not open_quests:
            raise InputError(key="orders.post_no_quest", command=command_label(r.name))
        return "claims", open_quests[-1]
    table = r.table(QUESTS.get(r.state.stage, QUESTS[1]))
    return "claims", r.row(table, r.words, "quest")


def read_bill(r: CommandWords) -> tuple[str, Any]:
    """``1`` or ``2`` (as drawn), or the bill by id or label; then, where the bill fits several
    leaders, the leader the chair names (``!bill 2 bob``; ``!bill bob`` once it is picked). A
    law in force and a leader (``!bill aid bob``) name the leader it goes to at this turn's
    end, where its tie needs the chair (a ``law_choice`` order, A9 wave 4)."""
    from gmtool.campaign.names import name_key

    if not r.words:
        raise r.missing("bill")
    words_, named = list(r.words), list[str]()
    leaders = {name_key(p.name): p.name for p in r.state.players}
    while words_ and name_key(words_[-1].rstrip(",")) in leaders:  # `!bill 1 bob carol`: its order
        named.insert(0, leaders[name_key(words_.pop().rstrip(","))])
    named = list(dict.fromkeys(named))
    target, then = (named[0], named[1:]) if named else (None, [])
    if not words_:
        return "bill", {"target": target, **({"then": then} if then else {})}
    if len(words_) == 1 and _NUMBER.fullmatch(words_[0]):
        pick: Any = int(words_[0])
    else:
        pick = r.row(r.table("bills"), words_, "bill")
        if target and any(law["id"] == pick for law in r.state.game.council.laws):
            # a law in force: the leader the chair names for it at this turn's end (A9, wave 4)
            return "law_choice", {"law": pick, "target": target}
    if not target:
        return "bill", pick
    return "bill", {"pick": pick, "target": target, **({"then": then} if then else {})}


def read_vote(r: CommandWords) -> tuple[str, Any]:
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
    player = player_named(r.state, written)
    if election and player is not None:
        return "election", _with_bribe({"candidate": player.name}, bribe)
    raise InputError(
        key="orders.post_ballot",
        command=command_label(r.name),
        word=written,
        leaders=", ".join(p.name for p in r.state.players),
    )


def read_elect(r: CommandWords) -> tuple[str, Any]:
    """``LEADER|abstain [bribe N]``."""
    from gmtool.rules.orion.council import bill_vote

    rest, bribe = r.bribe()
    if not rest:
        raise r.missing("leader")
    if len(rest) == 1 and bill_vote(rest[0]) == "abstain":
        return "election", _with_bribe({}, bribe)
    return "election", _with_bribe({"candidate": r.leader_named(rest)}, bribe)


def read_hire(r: CommandWords) -> tuple[str, Any]:
    """``NAME SPECIALITY [SPECIALITY]`` (docs/rules-orion.md A10): the agent's name, then one or
    two specialities by id or label in any language, last (``!hire Kess spy saboteur``,
    ``!нанять Шелест шпион, диверсант``)."""
    from gmtool.rules.orion.agents_campaign import SPECIALITIES_TABLE

    table = r.table(SPECIALITIES_TABLE)
    rest = [w for w in " ".join(r.words).replace(",", " ").split() if word_of("forum.order_word", w) != "and"]
    found: list[str] = []
    while rest and len(found) < 2 and r.find(table, rest[-1:]) is not None:
        found.insert(0, r.row(table, rest[-1:], "speciality"))
        rest.pop()
    name = " ".join(rest).strip("\"'«»“”")
    if not found:
        if len(rest) > 1:
            r.row(table, rest[-1:], "speciality")  # refused, naming the specialities known
        raise r.missing("speciality")
    if not name:
        raise r.missing("agent_name")
    return "hire", {"name": name, "specialities": found}


def read_mission(r: CommandWords) -> tuple[str, Any]:
    """``AGENT ABILITY [LEADER] [frame LEADER]``: a paid ability (it costs an order and is
    given with the turn, A10); the others act at once with ``!check``."""
    if len(r.words) < 2:
        raise r.missing("agent")
    agent = r.state.game.agent(r.words[0])
    rest, frame = r.words[1:], None
    for i, word in enumerate(rest):
        if word_of("forum.order_word", word) == "frame":
            if i + 1 >= len(rest):
                raise r.missing("leader")
            frame = r.leader_named(rest[i + 1 :])
            rest = rest[:i]
            break
    table = r.table("agents")
    abilities = [row for row in table.rows if set(agent.specialities) & {row.values.get("speciality")}]
    target = None
    if r.find(table, rest) is None and len(rest) > 1 and player_named(r.state, rest[-1]) is not None:
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


# ------------------------------------------------------------------------- an order in words


@dataclass(frozen=True)
class Wording:
    """What saying an order needs: the reader's language, a hex as the leader sees it, a
    table row's label in that language, and the stage's quest table."""

    lang: str
    hexes: Callable[[str], str]
    label: Callable[..., str]  # (table, row id) → the row's label in ``lang`` (its id when unknown)
    quests: str = "quests-stage1"

    def say(self, key: str, **params: Any) -> str:
        return t("forum.order." + key, self.lang, **params)

    def hex(self, text: Any) -> str:
        return self.hexes(str(text))

    def item(self, item: Any) -> str:
        """A ship, base or building mid-sentence: "a frigate" reads "frigate" in English."""
        label = self.label("costs", str(item))
        return label[:1].lower() + label[1:] if self.lang == "en" else label


Say = Callable[[Any, Wording], str]  # an order's value → the order in words


def _bribed(line: str, v: Any, w: Wording) -> str:
    from gmtool.rules.orion.council import BC_PER_VOTE

    bc = v.get("bribe", 0) if isinstance(v, dict) else 0
    if not bc:
        return line
    return w.say("bribe", text=line, bc=bc, votes=t("n_votes", w.lang, n=bc // BC_PER_VOTE))


def say_colonize(v: Any, w: Wording) -> str:
    return w.say("colonize", hex=w.hex(v["hex"] if isinstance(v, dict) else v))


def say_activate(v: Any, w: Wording) -> str:
    return w.say("activate", hex=w.hex(v))


def say_assign(v: Any, w: Wording) -> str:
    parts = [t("n_" + k, w.lang, n=v[k]) for k in ("workers", "scientists") if k in v]
    return w.say("assign", hex=w.hex(v["hex"]), assignment=", ".join(parts))


def say_build(v: Any, w: Wording) -> str:
    item = w.item(v["item"])
    if v.get("modules"):
        item += " (" + ", ".join(w.label("modules", str(m)) for m in v["modules"]) + ")"
    return w.say("build", item=item, hex=w.hex(v["hex"]))


def say_refit(v: Any, w: Wording) -> str:
    modules = ", ".join(w.label("modules", str(m)) for m in v["modules"])
    ship, where = w.item(v["ship"]), w.hex(v["hex"])
    if v.get("number"):
        return w.say("refit_number", ship=ship, number=v["number"], hex=where, modules=modules)
    return w.say("refit", ship=ship, hex=where, modules=modules)


def say_give(v: Any, w: Wording) -> str:
    return w.say("give", bc=v["bc"], leader=v["to"])


def say_break(v: Any, w: Wording) -> str:
    return w.say("break", n=v)


def say_treaty(v: Any, w: Wording) -> str:
    return w.say("treaty", parties=", ".join(v["with"]), text=v["text"])


def say_scrap(v: Any, w: Wording) -> str:
    item = w.item(v["item"])
    return w.say("scrap_at", item=item, hex=w.hex(v["hex"])) if v.get("hex") else w.say("scrap", item=item)


def say_fleet(v: Any, w: Wording) -> str:
    return w.say("fleet_up" if v > 0 else "fleet_down")


def say_research(v: Any, w: Wording) -> str:
    if v in ("victory", "all_sciences"):
        return w.say("research_" + v)
    return w.say("research", tech=w.label("technologies", str(v)))


def say_event(v: Any, w: Wording) -> str:
    return w.say("event", card=w.label("events", str(v["card"])), choice=v.get("choice", 1))


def say_quest(v: Any, w: Wording) -> str:
    return w.say("quest", quest=w.label(w.quests, str(v)))


def say_bill(v: Any, w: Wording) -> str:
    target = v.get("target") if isinstance(v, dict) else None
    then = list(v.get("then") or []) if isinstance(v, dict) else []
    v = v.get("pick") if isinstance(v, dict) else v
    named = (
        w.say("bill_targets", leaders=", ".join([str(target), *then])) if then else w.say("bill_target", leader=target)
    )
    if v is None:
        return named
    line = w.say("bill_number", n=v) if isinstance(v, int) else w.say("bill", bill=w.label("bills", str(v)))
    return line + (" — " + named if target else "")


def say_law_choice(v: Any, w: Wording) -> str:
    """The leader the chair names for a law at this turn's end (A9, wave 4)."""
    return w.say("law_target", law=w.label("bills", str(v["law"])), leader=v["target"])


def say_vote(v: Any, w: Wording) -> str:
    return _bribed(w.say("vote", choice=t("vote." + str(v["choice"]), w.lang)), v, w)


def say_election(v: Any, w: Wording) -> str:
    return _bribed(w.say("elect", candidate=v.get("candidate") or t("abstain", w.lang)), v, w)


def say_hire(v: Any, w: Wording) -> str:
    specialities = ", ".join(w.label("agent-specialities", str(s)) for s in v["specialities"])
    return w.say("hire", agent=v["name"], specialities=specialities)


def say_mission(v: Any, w: Wording) -> str:
    ability = w.label("agents", str(v["ability"]))
    line = (
        w.say("mission_target", agent=v["agent"], ability=ability, target=v["target"])
        if v.get("target")
        else w.say("mission", agent=v["agent"], ability=ability)
    )
    return w.say("frame", text=line, leader=v["frame"]) if v.get("frame") else line
