"""Stage-1 games played twice, in two placements of the same galaxy (closed rooms, docs/rules-orion.md A2).

A *placement* puts Orion, the galaxy's edge and every homeworld somewhere; a *game* is a
list of steps whose hexes are written in each leader's own frame (0,0 = its homeworld).
:func:`play` builds the campaign in one placement, runs the steps through the CLI — the
moderator's commands with the hexes turned into that placement's coordinates, the
leaders' forum posts as they typed them — and collects every output a leader can see:
forum replies to its posts (public and private), its turn reports, its map, ``status
--player``, ``post pending``, ``reach`` and the public posts.  The dice are the same in
both placements (one secret, the same roll ids; ``--dice`` faces where a step gives
them), so two placements whose leaders explored the same must give the same bytes.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from gmtool.campaign.hexes import Hex, within
from gmtool.campaign.store import CampaignStore
from gmtool.campaign.stream import commitment
from gmtool.dice.sources import RandomSource
from gmtool.rules.orion.setup import new_campaign
from helpers import run_gmtool, shipped_library

PLAYERS = ("alice", "bob", "carol")
SECRET = bytes(range(32))
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

# the journal mark hashes the moderator's journal, whose purposes name absolute hexes
# ("explore 3,-1 (bob)"): compared by its roll id, not by its (keyed) hash
MARK = re.compile(r"(#\d+ · |\"hash\": \")[0-9a-f]{12}")


@dataclass(frozen=True)
class Placement:
    radius: int
    orion: Hex
    homes: tuple[Hex, ...]  # in PLAYERS order

    def home(self, leader: str) -> Hex:
        return self.homes[PLAYERS.index(leader)]

    def absolute(self, leader: str, rel: tuple[int, int]) -> str:
        h = self.home(leader)
        return f"{h.q + rel[0]},{h.r + rel[1]}"


def placement(radius: int, orion: Hex, seed: int) -> Placement:
    """Homeworlds as the game places them (≥ 3 from Orion and from each other, every
    neighbour on the map), chosen by ``seed`` around an Orion anywhere."""
    pick = random.Random(seed)
    for _ in range(200):
        pool = [Hex(h.q + orion.q, h.r + orion.r) for h in within(radius - 1) if h.distance(Hex(0, 0)) >= 3]
        homes: list[Hex] = []
        while pool and len(homes) < len(PLAYERS):
            h = pool[pick.randrange(len(pool))]
            homes.append(h)
            pool = [x for x in pool if x.distance(h) >= 3]
        if len(homes) == len(PLAYERS):
            return Placement(radius, orion, tuple(homes))
    raise AssertionError("no room")


def create(folder: Path, where: Placement, fmt: str = "plain", lang: str = "en", secret: bytes = SECRET) -> None:
    state = new_campaign(
        "closed",
        list(PLAYERS),
        RandomSource(1),
        shipped_library(),
        commitment(secret),
        seed=1,
        lang=lang,
        fmt=fmt,
        radius=where.radius,
    )
    old_orion = state.game.orion
    state.game.orion = where.orion
    homes = {p.name: p.homeworld for p in state.players}
    for p, h in zip(state.players, where.homes):
        p.homeworld = h
    for s in state.game.systems:
        if s.hex == old_orion:
            s.hex = where.orion
        elif s.homeworld_of:
            assert s.hex == homes[s.homeworld_of]
            s.hex = where.home(s.homeworld_of)
    CampaignStore(folder).create(state, secret)


@dataclass
class Step:
    kind: str  # see play()
    leader: str = "alice"
    rel: tuple[int, int] = (1, 0)  # a hex in the leader's frame
    text: str = ""  # a forum post's command, --dice faces, a reason
    private: bool = False


@dataclass
class Seen:
    """What each leader (and everyone: "public") saw, in order."""

    outputs: dict[str, list[str]] = field(default_factory=dict)
    moderator: list[int] = field(default_factory=list)  # the moderator's exit codes

    def add(self, who: str, what: str, text: str) -> None:
        masked = MARK.sub(r"\1…", text)
        self.outputs.setdefault(who, []).append(f"--- {what}\n{masked}")


class Game:
    def __init__(
        self, folder: Path, where: Placement, fmt: str = "plain", lang: str = "en", secret: bytes = SECRET
    ) -> None:
        self.folder, self.where, self.fmt, self.lang = folder, where, fmt, lang
        self.seen = Seen()
        self.threads: dict[tuple[str, bool], list[str]] = {}
        self.post_id = 100
        create(folder, where, fmt, lang, secret)
        self.moderator("turn", "start")

    def gm(self, *args: str, input: str | None = None):
        res = run_gmtool(*args, "-c", str(self.folder), input=input)
        return res

    def moderator(self, *args: str) -> None:
        res = self.gm(*args)
        assert "Traceback" not in res.stderr + res.stdout and "internal error" not in res.stderr, res.stderr
        self.seen.moderator.append(res.exit_code)

    def leader_views(self) -> None:
        fmt = ("--format", self.fmt, "--lang", self.lang)
        for leader in PLAYERS:
            for what in (
                ("status", "--player", leader),
                ("reach", "--player", leader),
                ("map", "--player", leader, "--format", "plain"),
            ):
                res = self.gm(*what, *(fmt if what[0] != "map" else ("--lang", self.lang)))
                self.seen.add(leader, " ".join(what), f"{res.exit_code}\n{res.stdout}{res.stderr}")
        res = self.gm("post", "pending", *fmt)
        self.seen.add("public", "post pending", f"{res.exit_code}\n{res.stdout}{res.stderr}")

    def post(self, step: Step) -> None:
        """A leader's post in its own room (a thread of its own, or its private messages);
        the reply to the whole thread is what that room reads.  From turn 7 (stage 2) the
        leaders share one galaxy's coordinates: a post then is not played (nothing to compare)."""
        if self.turn > 6:
            return
        self.post_id += 1
        thread = self.threads.setdefault((step.leader, step.private), [])
        thread.append(f"=== {step.leader} #{self.post_id} ===\n{step.text}\n")
        path = self.folder / f"thread-{step.leader}-{'pm' if step.private else 'pub'}.txt"
        path.write_text("".join(thread), encoding="utf-8")
        extra = ("--private",) if step.private else ()
        res = self.gm("post", "resolve", str(path), "--format", self.fmt, "--lang", self.lang, *extra)
        self.seen.add(step.leader, f"post resolve {path.name}", f"{res.exit_code}\n{res.stdout}{res.stderr}")
        if step.private:  # the results of its private messages, which the moderator sends the leader
            res = self.gm(
                "post", "resolve", str(path), "--format", self.fmt, "--lang", self.lang, *extra, "--include-private"
            )
            self.seen.add(
                step.leader, f"post resolve {path.name} --include-private", f"{res.exit_code}\n{res.stdout}{res.stderr}"
            )

    def end_turn(self, *command: str) -> None:
        """``turn end`` (or ``turn run FILE``), then what the turn's reports told each leader."""
        turn = self.turn
        self.moderator(*(command or ("turn", "end")))
        if self.turn == turn:  # refused whole: nothing written
            return
        where = self.folder / "reports" / f"turn-{turn:02d}"
        for leader in PLAYERS:
            for name in sorted([*where.glob(f"{leader}*"), *where.glob(f"map-{leader}.*")]):
                self.seen.add(
                    leader,
                    name.name,
                    name.read_text(encoding="utf-8") if name.suffix != ".png" else name.read_bytes().hex(),
                )
        for name in sorted(where.glob("*public*")):
            self.seen.add(
                "public",
                name.name,
                name.read_text(encoding="utf-8") if name.suffix != ".png" else name.read_bytes().hex(),
            )
        if self.turn < 7:
            self.moderator("turn", "start")
            start = where.parent / f"turn-{self.turn:02d}" / "start-public.txt"
            if start.exists():
                self.seen.add("public", start.name, start.read_text(encoding="utf-8"))

    def orders(self, step: Step) -> Path:
        path = self.folder / "orders" / f"turn-{self.turn:02d}.toml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"turn = {self.turn}\n\n[{step.leader}]\n{orders_line(self.where, step)}\n", encoding="utf-8")
        return path

    @property
    def turn(self) -> int:
        import tomllib

        return int(tomllib.loads((self.folder / "campaign.toml").read_text(encoding="utf-8"))["turn"])

    def step(self, step: Step) -> None:
        where = self.where
        if step.kind == "explore":
            dice = ("--dice", step.text) if step.text else ()
            self.moderator("explore", "--player", step.leader, "--hex", where.absolute(step.leader, step.rel), *dice)
        elif step.kind == "colonize":
            reason = ("--override", step.text) if step.text else ()
            self.moderator("colonize", "--player", step.leader, "--hex", where.absolute(step.leader, step.rel), *reason)
        elif step.kind == "quest":
            self.moderator("quest", "complete", "--player", step.leader)
        elif step.kind == "award":  # the first award of the list: handed out, or dropped
            how = ("--drop", "replaced by 10 BC") if step.text == "drop" else ("--tech", step.text) if step.text else ()
            self.moderator("award", "apply", "--player", step.leader, "1", *how)
        elif step.kind == "grant":
            self.moderator("grant", "--player", step.leader, "--bc", "3", "--reason", step.text or "a gift")
        elif step.kind == "post":
            self.post(step)
        elif step.kind == "orders":
            if self.turn <= 6:
                self.end_turn("turn", "run", str(self.orders(step)))
        elif step.kind == "end":
            if self.turn <= 6:
                self.end_turn()
        else:
            raise AssertionError(step.kind)


def orders_line(where: Placement, step: Step) -> str:
    """One order of a turn's orders file (docs/turns.md), its hex in the moderator's coordinates."""
    at = where.absolute(step.leader, step.rel)
    home = where.absolute(step.leader, (0, 0))
    return {
        "explore": f'explore = ["{at}"]',
        "colonize": f'colonize = ["{at}"]',
        "override": f'colonize = [{{ hex = "{at}", override = "a <b>dome</b> of old" }}]',
        "assign": f'assign = [{{ hex = "{home}", workers = 1, scientists = 1 }}]',
        "build": f'build = [{{ hex = "{home}", item = "scout" }}]',
        "grant": 'grant = [{ bc = 2, reason = "a trade" }]',
    }[step.text]


def play(
    folder: Path, where: Placement, steps: list[Step], fmt: str = "plain", lang: str = "en", secret: bytes = SECRET
) -> Seen:
    """What each leader saw of ``steps`` played in a campaign placed ``where`` whose dice
    secret is ``secret`` (a property test's comes from hypothesis)."""
    game = Game(folder, where, fmt, lang, secret)
    for step in steps:
        game.step(step)
    if game.turn <= 6:  # stage 1 still: what the leaders see now, and the turn's reports
        game.leader_views()
        game.end_turn()
    return game.seen
