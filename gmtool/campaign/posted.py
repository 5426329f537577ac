"""The turn's orders as the rooms gave them (``gmtool turn orders``, ``turn run|check
--from-posts``): the orders file the collected orders make (gmtool/forum/rooms.py), the
missed-orders policy for a leader who posted none, and where each line came from.

The file is the one ``turn run`` plays and keeps (``orders/turn-NN.toml``, for the record):
its first line says gmtool collected it, every order is tagged with the post and command it
came from (``# post #ID, command N``) or with the policy that added it.  Nothing here prints
or writes; :mod:`gmtool.app.session` plays it and keeps it.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gmtool.errors import CampaignError
from gmtool.forum.rooms import CollectedOrder, LeaderOrders, collected_orders, orders_toml
from gmtool.locale import Msg, t

# the first line of an orders file gmtool collected (one written by hand is never replaced)
POSTED_HEADER = "# The orders posted in the leaders' rooms, collected by gmtool (turn orders, turn run --from-posts)"
KEPT = "missed orders: kept from the state"  # the tag of an order the `keep` policy added
_POST_TAG = re.compile(r"#\s*post #(\S+), command (\d+)\s*$")
_KEPT_TAG = re.compile(r"#\s*" + re.escape(KEPT) + r"\s*$")
_HEADER = re.compile(r"^\[(.+)\]\s*$")
_LIST = re.compile(r"^([A-Za-z_]+)\s*=\s*\[\s*$")


def orders_path(folder: Path, turn: int) -> Path:
    """Where a turn's orders are kept: DIR/orders/turn-NN.toml."""
    return folder / "orders" / f"turn-{turn:02d}.toml"


@dataclass
class Missed:
    """A leader who posted no orders for the turn: the turns missed in a row (this one
    included), what the policy applied and what the rules refused of it."""

    leader: str
    turns: int
    kept: list[CollectedOrder] = field(default_factory=list)
    dropped: list[CollectedOrder] = field(default_factory=list)
    marked: bool = False  # marked for replacement (`campaign set replace-after N`)
    keep: bool = False  # the policy is `keep`: its colonists stay as assigned

    def to_data(self) -> dict[str, Any]:
        kinds = [o.kind for o in self.kept]
        return {
            "leader": self.leader,
            "turns": self.turns,
            "policy": "keep" if self.keep else "nothing",
            "activated": kinds.count("activate"),
            "dropped": len(self.dropped),
            "marked": self.marked,
        }


@dataclass
class PostedOrders:
    """The orders file the rooms make for ``turn``: its ``text``, where it is kept
    (``path``), what stands per leader, and the leaders who missed (with ``missed``)."""

    turn: int
    path: Path
    collected: dict[str, LeaderOrders]
    missed: dict[str, Missed] = field(default_factory=dict)
    policy: str = "nothing"
    text: str = ""
    # line → (post, command), or (leader, "room") for a leader's table, (leader, "") for the policy's orders
    places: dict[int, tuple[str, str]] = field(default_factory=dict)
    policy_lines: dict[int, tuple[str, str, Any]] = field(default_factory=dict)  # line → (leader, kind, value)

    def __post_init__(self) -> None:
        merged = {k: replace(v, orders=list(v.orders)) for k, v in self.collected.items()}
        for leader, missed in self.missed.items():
            merged.setdefault(leader, LeaderOrders(leader)).orders.extend(missed.kept)
        body = orders_toml(self.turn, {k: v for k, v in merged.items() if v.orders or v.ballot})
        self.text = POSTED_HEADER + "\n" + body
        self._locate()

    def _locate(self) -> None:
        leader, kind = "", ""
        for number, line in enumerate(self.text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header:
                name = header.group(1).strip()
                leader = tomllib.loads(f"k = {name}")["k"] if name.startswith('"') else name
                self.places[number] = (leader, "room")
                continue
            opened = _LIST.match(line)
            if opened:
                kind = opened.group(1)
                continue
            post = _POST_TAG.search(line)
            if post:
                self.places[number] = (post.group(1), post.group(2))
            elif _KEPT_TAG.search(line):
                self.places[number] = (leader, "")
                item = _KEPT_TAG.sub("", line).strip().rstrip(",")
                self.policy_lines[number] = (leader, kind, tomllib.loads(f"v = {item}")["v"])

    def dropping(self, lines: set[int]) -> "PostedOrders":
        """The same orders without the policy's orders at ``lines`` (the rules refused them)."""
        gone = [self.policy_lines[n] for n in sorted(lines) if n in self.policy_lines]
        missed = {}
        for leader, m in self.missed.items():
            kept, dropped = [], list(m.dropped)
            for order in m.kept:
                if (leader, order.kind, order.value) in gone:
                    dropped.append(order)
                else:
                    kept.append(order)
            missed[leader] = replace(m, kept=kept, dropped=dropped)
        return PostedOrders(self.turn, self.path, self.collected, missed, self.policy)

    def check_writable(self) -> None:
        """Refuse to replace an orders file of this turn that gmtool did not collect (the
        moderator's own): it is played with ``turn run FILE``, or moved away."""
        from gmtool.tomlfile import display_path

        try:
            first = self.path.read_text(encoding="utf-8").split("\n", 1)[0]
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError):
            first = ""
        if first != POSTED_HEADER:
            raise CampaignError(key="campaign.orders_not_collected", where=display_path(self.path), turn=self.turn)

    def count_missed(self, state: Any) -> None:
        """Each leader's missed turns in a row: one more for who missed, 0 for who posted."""
        for player in state.players:
            if player.vacant:
                continue
            player.missed = player.missed + 1 if player.name in self.missed else 0

    def place(self, line: int, lang: str) -> str:
        """Where an order of the file came from, in words: ``post #12, command 3``."""
        post, index = self.places.get(line, ("", ""))
        if index == "room":
            return t("error.orders_file.room_at", lang, leader=post)
        if index:
            return t("error.orders_file.posted_at", lang, post=post, index=index)
        if post:
            return t("error.orders_file.missed_at", lang, leader=post)
        return f"{self.path.name}:{line}"

    def problem(self, problem: Any, lang: str) -> str:
        """A problem of the turn as ``turn check`` says it, naming the post and the command."""
        if problem.after is not None and problem.after.key == "error.orders_file.after":
            params = dict(problem.after.params)
            at = self.place(params.pop("line", 0), lang)
            problem = replace(problem, after=Msg("error.orders_file.after_at", place=at, **params))
        who = f" ({problem.leader})" if problem.leader else ""
        return f"{self.place(problem.line, lang)}{who}: {problem.text(lang)}"


def explorers(state: Any) -> set[str]:
    """The leaders whose orders of the turn acted at once (orion: an exploration, `!explore`):
    never collected, yet orders of the turn — such a leader has not missed it.  The
    campaign's ruleset says who (``acted``)."""
    from gmtool.rules.registry import ruleset_of

    return ruleset_of(state).acted(state)


def keep_orders(state: Any, leader: str) -> list[CollectedOrder]:
    """``keep``: what the campaign's ruleset keeps of a leader's orders when it posts none
    (orion: its colonists as assigned, and its colonies active for one turn activated again),
    tagged as the policy's."""
    from gmtool.rules.registry import ruleset_of

    return [CollectedOrder(kind, value, "", 0, KEPT) for kind, value in ruleset_of(state).kept_orders(state, leader)]


def posted_orders(folder: Path, state: Any, player: str | None = None, missed: bool = False) -> PostedOrders:
    """The orders collected so far from the rooms for the current turn (``player``'s only,
    when given), leaders in seating order; ``missed``: with the campaign's missed-orders
    policy applied to every leader who posted none (what ``turn run --from-posts`` plays)."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE

    if player is not None:
        state.player(player)  # an unknown name is refused, naming the leaders
    records = forumfile.read(folder / FORUM_FILE)
    collected = collected_orders(records, state.turn, [player] if player is not None else None)
    seats = {p.name: i for i, p in enumerate(state.players)}
    collected = dict(sorted(collected.items(), key=lambda kv: seats.get(kv[0], len(seats))))
    absent: dict[str, Missed] = {}
    from gmtool.rules.registry import ruleset_of

    if missed and not ruleset_of(state).player_turns:  # a player's turn has no orders to miss
        explored = explorers(state)
        for p in state.players:
            given = collected.get(p.name)
            if p.vacant or (given is not None and given.orders) or p.name in explored:
                continue
            kept = keep_orders(state, p.name) if state.missed_orders == "keep" else []
            turns = p.missed + 1
            keep = state.missed_orders == "keep"
            absent[p.name] = Missed(p.name, turns, kept, marked=turns >= state.replace_after, keep=keep)
    return PostedOrders(state.turn, orders_path(folder, state.turn), collected, absent, state.missed_orders)
