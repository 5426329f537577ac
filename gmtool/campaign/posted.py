"""The turn's orders as the rooms gave them (``gmtool turn orders``, ``turn run|check
--from-posts``): the typed orders that stand (gmtool/forum/rooms.py), the missed-orders
policy for a leader who posted none, what the deadline dropped, and the orders file they
make for the record.

Each order carries where it came from (its post and command, or the policy that added it),
so a problem names it with no file read back.  The file (``orders/turn-NN.toml``, kept with
the turn, and what ``turn orders`` prints) is only written: its first line says gmtool
collected it, every order is tagged with the post and command it came from (``# post #ID,
command N``) or with the policy that added it, and an order the deadline dropped is a
comment under its leader's table, with the reason.  Nothing here prints or writes;
:mod:`gmtool.app.session` plays the orders and keeps the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gmtool.errors import CampaignError
from gmtool.forum.rooms import CollectedOrder, LeaderOrders, collected_orders, orders_of, orders_toml
from gmtool.locale import Msg

# the first line of an orders file gmtool collected (one written by hand is never replaced)
POSTED_HEADER = "# The orders posted in the leaders' rooms, collected by gmtool (turn orders, turn run --from-posts)"
KEPT = "missed orders: kept from the state"  # the tag of an order the `keep` policy added


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
    """The orders the rooms give for ``turn``: what stands per leader (``collected``), the
    leaders who missed (``missed``, with the policy's orders), the orders the deadline
    dropped with the problem that dropped each (``dropped``), and where the file is kept
    (``path``)."""

    turn: int
    path: Path
    collected: dict[str, LeaderOrders]
    missed: dict[str, Missed] = field(default_factory=dict)
    policy: str = "nothing"
    dropped: list[tuple[CollectedOrder, Any]] = field(default_factory=list)  # (the order, its Problem)

    def standing(self) -> dict[str, LeaderOrders]:
        """Per leader, the rooms' orders and the policy's, in seating order."""
        merged = {k: replace(v, orders=list(v.orders)) for k, v in self.collected.items()}
        for leader, missed in self.missed.items():
            merged.setdefault(leader, LeaderOrders(leader)).orders.extend(missed.kept)
        return {k: v for k, v in merged.items() if v.orders or v.ballots}

    def orders(self) -> list[Any]:
        """The turn's orders (gmtool/rules/orion/orders.py ``Order``), each with its origin,
        but those dropped."""
        gone = {id(order) for order, _ in self.dropped}
        return [o for o in orders_of(self.standing()) if id(o.origin) not in gone]

    def dropped_by_leader(self) -> dict[str, list[tuple[CollectedOrder, Any]]]:
        out: dict[str, list[tuple[CollectedOrder, Any]]] = {}
        for order, problem in self.dropped:
            out.setdefault(problem.leader, []).append((order, problem))
        return out

    def text(self, lang: str = "en") -> str:
        """The orders file they make: what is played, and each order dropped as a comment with
        its reason (in ``lang``, the moderator's words)."""
        gone = {id(order) for order, _ in self.dropped}
        standing = {
            k: replace(
                v,
                orders=[o for o in v.orders if id(o) not in gone],
                ballots=[b for b in v.ballots if id(b) not in gone],
            )
            for k, v in self.standing().items()
        }
        dropped = {
            leader: [(order, problem.text(lang)) for order, problem in given]
            for leader, given in self.dropped_by_leader().items()
        }
        kept = {k: v for k, v in standing.items() if v.orders or v.ballots}
        return POSTED_HEADER + "\n" + orders_toml(self.turn, kept, dropped)

    def dropping(self, problems: list[Any]) -> "PostedOrders":
        """The same orders without those ``problems`` refused: the policy's are told as its
        dropped orders (a missed turn's line in the public post), the leaders' own are kept
        with their problem for the leader's report and the file."""
        policy = {id(o): leader for leader, m in self.missed.items() for o in m.kept}
        missed = dict(self.missed)
        dropped = list(self.dropped)
        for problem in problems:
            origin = getattr(problem.order, "origin", None)
            if origin is None:
                continue
            leader = policy.get(id(origin))
            if leader is not None:
                m = missed[leader]
                missed[leader] = replace(m, kept=[o for o in m.kept if o is not origin], dropped=[*m.dropped, origin])
            dropped.append((origin, problem))
        given = [id(o.origin) for o in orders_of(self.standing())]  # as given: seats, then posts
        dropped.sort(key=lambda d: given.index(id(d[0])) if id(d[0]) in given else len(given))
        return replace(self, missed=missed, dropped=dropped)

    def is_policys(self, problem: Any) -> bool:
        """Whether ``problem`` refused an order the missed-orders policy added."""
        origin = getattr(problem.order, "origin", None)
        return any(origin is o for m in self.missed.values() for o in m.kept)

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

    def place(self, order: Any, lang: str) -> str:
        """Where an order came from, in words: ``post #12, command 3``."""
        origin = getattr(order, "origin", None)
        return origin.place(lang) if origin is not None else self.path.name

    def problem(self, problem: Any, lang: str) -> str:
        """A problem of the turn as ``turn check`` says it, naming the post and the command."""
        if problem.after is not None and problem.after.key == "error.orders_file.after":
            params = dict(problem.after.params)
            params.pop("line", None)
            at = self.place(problem.earlier, lang)
            problem = replace(problem, after=Msg("error.orders_file.after_at", place=at, **params))
        who = f" ({problem.leader})" if problem.leader else ""
        return f"{self.place(problem.order, lang)}{who}: {problem.text(lang)}"


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

    return [
        CollectedOrder(kind, value, "", 0, KEPT, leader) for kind, value in ruleset_of(state).kept_orders(state, leader)
    ]


def posted_orders(
    folder: Path, state: Any, player: str | None = None, missed: bool = False, records: Any = None
) -> PostedOrders:
    """The orders collected so far from the rooms for the current turn (``player``'s only,
    when given), leaders in seating order; ``missed``: with the campaign's missed-orders
    policy applied to every leader who posted none (what ``turn run --from-posts`` plays);
    ``records``: forum.toml's, when read already."""
    from gmtool.campaign import forumfile
    from gmtool.campaign.store import FORUM_FILE

    if player is not None:
        state.player(player)  # an unknown name is refused, naming the leaders
    if records is None:
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
            if p.vacant or (given is not None and (given.orders or given.ballots)) or p.name in explored:
                continue
            kept = keep_orders(state, p.name) if state.missed_orders == "keep" else []
            turns = p.missed + 1
            keep = state.missed_orders == "keep"
            absent[p.name] = Missed(p.name, turns, kept, marked=turns >= state.replace_after, keep=keep)
    return PostedOrders(state.turn, orders_path(folder, state.turn), collected, absent, state.missed_orders)
