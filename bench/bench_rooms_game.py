"""A 10-leader orion game (one leader per example race) played from the rooms, as the
moderator runs it by docs/whole-game.md: the moderator types no order. Each turn it runs
`turn start`; the players post in their rooms and the public thread (thread files the
campaign reads, `campaign set thread`, `campaign room`); the moderator runs `post collect
--new` (again when a player corrects a post its confirmation flagged) and, at the deadline,
`turn run --from-posts`; and it pastes what the work page lists (the campaign writes phpBB
BBCode, each paste goes into its thread file as a moderator's post). Three leaders play in
Russian.

Counted per turn (issue 35's "Measured by"): the moderator's gmtool commands; the order lines
it had to type, its `grant`s and its hand edits of a campaign file (goal: 0 for those three);
the moderator's judgements (each a command too, named: exploring Orion, a trade treaty's
quest, a decision the turn asked for); the times `turn run --from-posts` stopped; and the
posts to paste, joined as the work page joins them (per place, the posts not pasted yet, in
one post while the forum's limit allows). The moderator pastes twice a turn: the
confirmations after the collection (the players need them before the deadline), then the
turn's reports with the next turn's start posts. Where no room command exists for what a
player does (a trade treaty) the moderator does it with its own commands, and they are
counted; a leader pays another from its room (`!give`).

The players are the script: each reads what its posts told it (`status --player`, `reach
--player`: its start report's status and reach; its orders template; the chair's bills) and
posts only commands docs/forum-commands.md documents: explore (in its room in stage 1, in
the public thread from stage 2, toward Orion), colonize, activate, assign, build, research,
event cards, the trade-route quest claim, the chair's bill and every leader's ballot (stages
2-3), and from turn 13 a ballot for Emperor (each for itself: nobody is elected, and the game
goes to the territorial victory at the end of turn 18). The dice come from the campaign's
random secret, so the figures differ a little from run to run.

    python bench/bench_rooms_game.py [--turns 18] [--keep DIR]   (DIR: keep the campaign there)

Not a timing benchmark: it prints the per-turn table, the totals and what the moderator did
by hand.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from bench_orion_game import RACES
from common import as_installed

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "tables" / "orion"
RUSSIAN = {"bulrathi", "klackon", "sakkra"}
MODERATOR = "moderator"
WORDS = {  # command words, docs/forum-commands.md
    "explore": ("explore", "разведка"),
    "colonize": ("colonize", "колонизировать"),
    "activate": ("activate", "активировать"),
    "assign": ("assign", "назначить"),
    "build": ("build", "построить"),
    "research": ("research", "изучить"),
    "event": ("event", "событие"),
    "quest": ("quest", "задание"),
    "give": ("give", "передать"),
    "bill": ("bill", "законопроект"),
    "vote": ("vote", "голос"),
    "elect": ("elect", "избрать"),
    "workers": ("workers", "рабочие"),
    "scientists": ("scientists", "учёные"),
    "choice": ("choice", "выбор"),
    "yes": ("yes", "за"),
    "no": ("no", "против"),
    "colony_ship": ("colony ship", "колонизатор"),
    "scout": ("scout", "разведчик"),
}
TREATY_BC = 4  # what one of the two leaders of a trade treaty pays the other
COLONISABLE = {"terran", "ocean", "steppe"}
RESEARCH = [  # a player's plan: more worlds first (the territorial victory), then the fleet
    "controlled_barren_environment",
    "controlled_toxic_environment",
    "hq_computers",
    "research_1",
    "controlled_inferno_environment",
    "combat_ship_modules_1",
]
PART_BREAK = re.compile(r"\n*^----- 8< ----- \d+/\d+ -----\n+", re.M)  # gmtool.report.render.PART_BREAK


def table(name: str) -> dict[str, dict]:
    rows = tomllib.loads((TABLES / f"{name}.toml").read_text(encoding="utf-8"))["row"]
    return {row["id"]: row for row in rows}


EVENTS, BILLS, TECHS = table("events"), table("bills"), table("technologies")
QUESTS = table("quests-common") | table("quests-stage1")


def word(leader: str, key: str) -> str:
    return WORDS[key][leader in RUSSIAN]


@dataclass
class Turn:
    turn: int
    commands: list[str] = field(default_factory=list)  # the moderator's gmtool commands
    judged: list[str] = field(default_factory=list)  # which of them are the moderator's judgement
    order_lines: int = 0
    grants: int = 0
    hand_edits: int = 0
    pastes: int = 0
    images: int = 0
    posts: int = 0  # the players' posts
    orders: int = 0  # the order commands in them
    flagged: list[str] = field(default_factory=list)  # problems the confirmations raised
    notes: list[str] = field(default_factory=list)
    stops: int = 0  # times `turn run --from-posts` refused to play the turn
    refused: int = 0  # the players' commands a reply refused (an exploration of a hex explored first)


class Game:
    def __init__(self, camp: Path) -> None:
        self.camp = camp
        self.post_id = 1000
        self.pasted: set[str] = set()
        self.turns: list[Turn] = []
        self.setup: list[str] = []

    # -- running gmtool ----------------------------------------------------------------------
    def gm(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([sys.executable, "-m", "gmtool", *args], capture_output=True, text=True)
        if check and done.returncode != 0:
            sys.exit(f"gmtool {' '.join(args[:3])} … failed ({done.returncode}): {done.stderr.strip()}")
        return done

    def moderator(
        self, t: Turn | None, *args: str, judged: str = "", check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        line = "gmtool " + " ".join(a if a != str(self.camp) else "DIR" for a in args)
        (t.commands if t else self.setup).append(line)
        if judged and t:
            t.judged.append(f"{judged}: `{line}`")
        return self.gm(*args, check=check)

    def view(self, leader: str, what: str) -> dict:
        """What the leader's start report told it (its status, its reach): not the moderator's work."""
        return json.loads(self.gm(what, "-c", str(self.camp), "--player", leader, "--format", "json").stdout)

    # -- posting -----------------------------------------------------------------------------
    def place_file(self, place: str) -> Path:
        return self.camp / ("public-thread.txt" if not place else f"room-{place}.txt")

    def post(self, place: str, author: str, lines: list[str]) -> None:
        self.post_id += 1
        with self.place_file(place).open("a", encoding="utf-8") as f:
            f.write(f"=== {author} #{self.post_id} ===\n" + "\n".join(lines).rstrip("\n") + "\n\n")

    def paste(self, t: Turn, upto: int) -> None:
        """The moderator pastes every post the work page lists and it has not ticked off,
        joined per place as the page joins them (workpage.js `groups`)."""
        posts = []
        for turn in range(1, upto + 1):
            for start in (True, False):
                path = self.camp / "reports" / "posts" / f"turn-{turn:02d}{'-start' if start else ''}.json"
                if path.exists():
                    posts += json.loads(path.read_text(encoding="utf-8"))["posts"]
        groups: list[list[dict]] = []
        open_: dict[str, list[dict]] = {}
        for post in posts:
            if post["id"] in self.pasted:
                continue
            group = open_.get(post["to"])
            if group is not None:
                kept = (
                    [q for q in group if q["step"] != "collect"]
                    if post.get("whole") and post["step"] == "collect"
                    else group
                )
                nxt = [*kept, post]
                limits = [q["limit"] for q in nxt if isinstance(q.get("limit"), int)]
                same = all(q["format"] == post["format"] for q in nxt)
                foldable = all(q["format"] != "json" and len(PART_BREAK.split(q["text"])) == 1 for q in nxt)
                if same and foldable and len(joined(nxt)) <= min(limits, default=10**9):
                    group[:] = nxt
                    continue
            group = [post]
            open_[post["to"]] = group
            groups.append(group)
        for group in groups:
            self.pasted.update(p["id"] for p in group)
            parts = len(PART_BREAK.split(joined(group)))
            t.pastes += parts
            t.images += sum(len(p.get("images", [])) for p in group)
            self.post(group[0]["to"], MODERATOR, [joined(group)])
        # what the page held but was folded into a later reply is pasted with it
        self.pasted.update(p["id"] for p in posts)


def joined(members: list[dict]) -> str:
    texts = []
    for i, post in enumerate(members):
        later = any(n["step"] == "start" and n["turn"] > post["turn"] for n in members[i + 1 :])
        texts.append((post.get("cut") if later and post.get("cut") else post["text"]).rstrip("\n"))
    return "\n\n".join(texts) + "\n"


# -- the players ----------------------------------------------------------------------------
def quest_of_turn(camp: Path, turn: int) -> str | None:
    """The quest the turn's public start post announced ("Quest of the turn: LABEL — …")."""
    said = re.search(r"^Quest of the turn: (.*?) — ", TAG.sub("", start_post(camp, turn, "")), re.M)
    return next((q for q, row in QUESTS.items() if said and row["label"]["en"] == said.group(1)), None)


def start_post(camp: Path, turn: int, leader: str) -> str:
    path = camp / "reports" / "posts" / f"turn-{turn:02d}-start.json"
    if not path.exists():
        return ""
    return next((p["text"] for p in json.loads(path.read_text(encoding="utf-8"))["posts"] if p["to"] == leader), "")


def chair_pick(text: str, leader: str, standings: dict[str, int]) -> tuple[int, list[str]]:
    """The chair's pick of the two bills its start report shows: a bill for every leader
    first, else one to a leader the chair names (its rival with most planets); for a bill to
    the leader with the fewest planets it names, in its order, the three with fewest now (a
    tie at the turn's end goes to the first of them among the tied: docs/forum-commands.md)."""
    lang = "ru" if leader in RUSSIAN else "en"
    plain = TAG.sub("", text)
    shown = {bid: f"{row['label'][lang]} — {row['text'][lang]}" for bid, row in BILLS.items()}
    drawn = sorted((b for b in BILLS if shown[b] in plain), key=lambda b: plain.index(shown[b]))
    if not drawn:
        return 1, []
    rival = max((n for n in standings if n != leader), key=lambda n: standings[n])
    fewest = sorted(standings, key=lambda n: standings[n])[:3]
    for i, bid in enumerate(drawn, 1):
        if BILLS[bid]["values"]["to"] == "every" and "no_fleet_raise" not in BILLS[bid]["values"]["effects"]:
            return i, []
    to = BILLS[drawn[0]]["values"]["to"]
    return 1, {"chair_choice": [rival], "fewest_planets": fewest}.get(to, [])


def card_choice(card: str) -> int | None:
    """The card's best choice for its holder, or None when every choice hurts."""
    values = EVENTS[card]["values"]
    best, score = None, 0.0
    for n in (1, 2, 3):
        effects = values.get(f"choice_{n}")
        if not effects:
            continue
        gain = 0.0
        for effect in effects:
            kind, _, amount = effect.partition(":")
            weight = {"bc": 1, "rp": 1, "orders": 4, "colonists": 3}.get(kind, 0)
            gain += weight * int(amount)
        if gain > score:
            best, score = n, gain
    return best


def room_orders(
    game: Game, turn: int, leader: str, status: dict, reach: dict, ctx: dict
) -> tuple[list[str], list[str]]:
    """The leader's room post and its public-thread commands for the turn."""
    me = next(p for p in status["players"] if p["name"] == leader)
    stage = status["stage"]
    systems = status["systems"]
    room: list[str] = []
    public: list[str] = []
    # explorations: one a scout, toward Orion from stage 2 (the galaxy's 0,0)
    reachable = list(reach.get("in_reach", []))
    if stage >= 2:  # what the thread shows others exploring this turn is left to them
        reachable = [h for h in reachable if h not in ctx["exploring"]]
        reachable.sort(key=lambda h: hex_distance(h, "0,0"))
    explores = reachable[: me["scouts"]]
    for h in explores:
        (room if stage == 1 else public).append(f"!{word(leader, 'explore')} {h}")
        ctx["exploring"].add(h)
        if stage >= 2 and h == "0,0":
            ctx["to_orion"].append(leader)
    # colonies
    known_techs = set(me.get("technologies", []))
    allowed = COLONISABLE | {w for t in known_techs for w in TECHS.get(t, {}).get("values", {}).get("colonise", [])}
    targets = [
        s["hex"]
        for s in systems
        if not s["owner"]
        and s.get("planet")
        and s["planet"]["type"] in allowed
        and not s.get("monster")
        and not s.get("guardian")
        and s["hex"] not in ctx["claimed"]
    ]
    home_hex = next(s["hex"] for s in systems if s.get("homeworld_of") == leader)
    targets.sort(key=lambda h: hex_distance(h, home_hex))  # the nearest first
    for h in targets[: me["colony_ships"]]:
        room.append(f"!{word(leader, 'colonize')} {h}")
        ctx["claimed"].add(h)
    # the template: activations the leader can pay (2 orders each)
    template = start_post(game.camp, turn, leader)
    orders = me["orders"]
    for h in re.findall(r"^# !(?:activate|активировать) (\S+)", template, re.M):
        if orders >= 2:
            room.append(f"!{word(leader, 'activate')} {h}")
            orders -= 2
    # the homeworld: one scientist once it has 4 colonists
    home = next(s for s in systems if s.get("homeworld_of") == leader)
    pop = home["planet"]["population"]
    if pop >= 4:
        room.append(
            f"!{word(leader, 'assign')} {home['hex']} {word(leader, 'workers')} {pop - 1} {word(leader, 'scientists')} 1"
        )
    # a colony ship while there is somewhere to go, else a scout when it has none
    free_later = len(targets) - min(len(targets), me["colony_ships"])
    if me["colony_ships"] == 0 and (free_later > 0 or reachable):
        room.append(f"!{word(leader, 'build')} {word(leader, 'colony_ship')}")
    elif me["scouts"] == 0:
        room.append(f"!{word(leader, 'build')} {word(leader, 'scout')}")
    # research: the plan's next technology its banked RP pay for
    levels: dict[str, int] = {}
    for t in known_techs:
        v = TECHS.get(t, {}).get("values", {})
        levels[v.get("line", t)] = max(levels.get(v.get("line", t), 0), v.get("level", 1))
    for tech in RESEARCH:
        v = TECHS[tech]["values"]
        if tech in known_techs or levels.get(v.get("line", tech), 0) + 1 != v.get("level", 1):
            continue
        if me["rp"] >= v["cost"]:
            room.append(f"!{word(leader, 'research')} {tech}")
        break
    # event cards: one a turn, the best choice, never one that only hurts
    for card in me.get("hand", []):
        choice = card_choice(card)
        if choice:
            extra = f" {word(leader, 'choice')} {choice}" if EVENTS[card]["values"].get("choice_2") else ""
            room.append(f"!{word(leader, 'event')} {card}{extra}")
            break
    # the quest the moderator judges: two neighbours in the seating sign a trade treaty
    if ctx["quest"] in ctx["judged_quests"] and leader in ctx["traders"]:
        room.append(f"!{word(leader, 'quest')}")
        partner = next(n for n in sorted(ctx["traders"]) if n != leader)
        deal = f"I sign a trade treaty with {partner}"
        if leader == min(ctx["traders"]):  # the treaty's price, paid from the room (!give)
            deal += f" and pay {partner} {TREATY_BC} BC for it"
            room.append(f"!{word(leader, 'give')} {partner} {TREATY_BC}")
        public.insert(0, deal + ".")
    # the Council (stages 2-3)
    if stage >= 2 and ctx["chair"]:
        if leader == ctx["chair"]:
            pick, target = chair_pick(template, leader, ctx["standings"])
            room.append(f"!{word(leader, 'bill')} {pick}" + "".join(f" {n}" for n in target))
            public.insert(0, f"The chair puts bill {pick} of its two to the vote.")
            ctx["bill_to"] = target[:1]
        yes = leader not in ctx.get("bill_to", [])
        if leader == ctx["chair"]:
            ctx["chair_vote"] = "yes" if yes else "no"
        room.append(f"!{word(leader, 'vote')} {word(leader, 'yes' if yes else 'no')}")
    if stage >= 3:
        room.append(f"!{word(leader, 'elect')} {leader}")
    return room, public


def hex_distance(a: str, b: str) -> int:
    q1, r1 = map(int, a.split(","))
    q2, r2 = map(int, b.split(","))
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# -- the confirmations ------------------------------------------------------------------------
ITEM = re.compile(r"— (?:post|пост) #(\d+), (?:command|команда) (\d+)$")
PROBLEM = re.compile(r"^⚠ (.*)$")
TAG = re.compile(r"\[/?(?:b|i|u|s|list|code|quote|size|color|url|img|\*)(?:=[^\]]*)?\]")


def flagged_commands(reply: str) -> list[tuple[int, str]]:
    """The commands (their index in the post) a room's confirmation flags, with the problem."""
    out, last = [], None
    for line in TAG.sub("", reply).splitlines():
        line = line.strip()
        if m := ITEM.search(line):
            last = int(m.group(2))
        elif (m := PROBLEM.match(line)) and last is not None:
            out.append((last, m.group(1)))
    return out


def sections(collect_out: str) -> dict[str, str]:
    """`post collect`'s replies by place ("" for the public thread)."""
    out: dict[str, str] = {}
    place = None
    for line in collect_out.splitlines():
        if m := re.match(r"^==== For (?:the public thread|(\S+)'s room ONLY)", line):
            place = m.group(1) or ""
            out[place] = ""
        elif place is not None:
            out[place] += line + "\n"
    return out


def main() -> None:
    as_installed()
    turns = int(sys.argv[sys.argv.index("--turns") + 1]) if "--turns" in sys.argv else 18
    keep = Path(sys.argv[sys.argv.index("--keep") + 1]) if "--keep" in sys.argv else None
    with tempfile.TemporaryDirectory(prefix="bench-rooms-game-") as tmp:
        camp = keep if keep else Path(tmp) / "ten"
        if keep and keep.exists():
            shutil.rmtree(keep)
        game = Game(camp)
        play(game, turns)
        report(game)
        if keep:
            print(f"\ncampaign kept in {camp}")


def play(game: Game, turns: int) -> None:
    camp, c = game.camp, str(game.camp)
    args = ["campaign", "new", c, "--seed", "1", "--radius", "10"]
    for race in RACES:
        args += ["--player", race]
    game.moderator(None, *args)
    game.moderator(None, "campaign", "set", "-c", c, "moderators", MODERATOR)
    game.moderator(None, "campaign", "set", "-c", c, "format", "bbcode")  # a phpBB forum's posts
    game.place_file("").touch()
    game.moderator(None, "campaign", "set", "-c", c, "thread", "public-thread.txt")
    for leader in RACES:
        game.place_file(leader).touch()
        game.moderator(None, "campaign", "room", "-c", c, "--player", leader, f"room-{leader}.txt")
    for leader in sorted(RUSSIAN):
        game.moderator(None, "player", "lang", "-c", c, "--player", leader, "--to", "ru")
    game.moderator(None, "campaign", "commitment", "-c", c)
    judged_quests = {q for q, row in QUESTS.items() if "moderator" in row["values"].get("condition", [])}
    t = Turn(0)
    for turn in range(1, turns + 1):
        t = Turn(turn) if turn == 1 else t
        game.turns.append(t)
        if turn == 1:
            game.moderator(t, "turn", "start", "-c", c)
            game.paste(t, turn)
        public_state = json.loads(game.gm("status", "-c", c, "--format", "json").stdout)
        standings = {
            p["name"]: sum(1 for s in public_state["systems"] if s["owner"] == p["name"])
            for p in public_state["players"]
        }
        ctx: dict = {
            "claimed": set(),
            "to_orion": [],
            "exploring": set(),  # the hexes the thread's posts explore this turn (stage 2 on)
            "quest": quest_of_turn(camp, turn),
            "judged_quests": judged_quests,
            "traders": set(RACES[(turn % 5) * 2 : (turn % 5) * 2 + 2]),
            "chair": (public_state.get("council") or {}).get("chair"),
            "standings": standings,
        }
        # the chair posts first (its bill, announced in the thread), then the others
        order = sorted(RACES, key=lambda n: n != ctx["chair"])
        posted: dict[str, list[str]] = {}
        for leader in order:
            status, reach = game.view(leader, "status"), game.view(leader, "reach")
            if status["stage"] == 1:  # in stage 1 each leader writes hexes in its own frame
                ctx["claimed"] = set()
            room, public = room_orders(game, turn, leader, status, reach, ctx)
            if public:
                game.post("", leader, public)
                t.posts += 1
                t.orders += sum(1 for x in public if x.startswith("!"))
            if room:
                game.post(leader, leader, [f"Orders for turn {turn}:", *room])
                posted[leader] = room
                t.posts += 1
                t.orders += len(room)
        out = game.moderator(t, "post", "collect", "-c", c, "--new").stdout
        replies = sections(out)
        t.refused += len(re.findall(r" — (?:refused|отклонено): ", TAG.sub("", out)))
        # Orion rolls no dice: the thread's reply records the player's !explore 0,0 as a request
        # (post pending's moderator copy lists it), and the moderator explores it for the leader
        if "Request recorded: exploring Orion" in replies.get("", ""):
            for leader in ctx["to_orion"]:
                game.moderator(
                    t, "explore", "-c", c, "--player", leader, "--hex", "0,0", judged=f"{leader} explores Orion"
                )
        if ctx["quest"] in judged_quests:
            for leader in sorted(ctx["traders"]):
                game.moderator(
                    t, "quest", "complete", "-c", c, "--player", leader, judged=f"{ctx['quest']} claimed by {leader}"
                )
        # a leader whose confirmation flags an order posts again without it
        again = False
        for leader, reply in replies.items():
            if not leader:
                continue
            bad = flagged_commands(reply)
            if bad:
                t.flagged += [f"{leader}: {problem}" for _, problem in bad]
                drop = {i for i, _ in bad}
                kept = [line for i, line in enumerate(posted.get(leader, []), 1) if i not in drop]
                game.post(leader, leader, ["Corrected:", *kept] if kept else ["No orders this turn after all."])
                t.posts += 1
                again = True
        game.paste(t, turn)
        if again:
            game.moderator(t, "post", "collect", "-c", c, "--new")
            game.paste(t, turn)
        done = game.moderator(t, "turn", "run", "--from-posts", "-c", c, check=False)
        t.stops += done.returncode != 0
        if done.returncode != 0 and "--chair-decision" in done.stderr:
            # the bill's ballots were lost (issue 35 §2): the moderator reads the chair's own
            # ballot in its room and records it as the chair's decision on the 0-0 tie
            t.notes.append(f"turn run --from-posts stopped: {done.stderr.strip().splitlines()[-1]}")
            done = game.moderator(
                t,
                "turn",
                "run",
                "--from-posts",
                "-c",
                c,
                "--chair-decision",
                ctx["chair_vote"],
                judged="the chair's decision on a 0-0 tie, though every leader voted on the bill",
                check=False,
            )
        if done.returncode != 0:
            # the way on (issue 35 §1): the orders collected as a file, the refused lines
            # deleted by hand, the file played
            t.notes.append(f"turn run --from-posts stopped: {done.stderr.strip().splitlines()[-1]}")
            fix = camp.parent / f"{camp.name}-turn-{turn:02d}.toml"
            game.moderator(t, "turn", "orders", "-c", c, "-o", str(fix))
            checked = game.moderator(t, "turn", "check", str(fix), "-c", c, check=False)
            lines = fix.read_text(encoding="utf-8").splitlines()
            bad = {int(n) for n in re.findall(r"^error: [^\n]*?\.toml:(\d+) \(", checked.stderr, re.M)}
            t.hand_edits += len(bad)
            fix.write_text("\n".join(x for i, x in enumerate(lines, 1) if i not in bad) + "\n", encoding="utf-8")
            done = game.moderator(t, "turn", "run", str(fix), "-c", c)
        ended = done.stdout
        for line in re.findall(r"^.*the first of them after the chair in the seating.*$", TAG.sub("", ended), re.M):
            t.notes.append(f"a tie the chair named none of: {line.strip('- ')}")
        for line in re.findall(r"^.*tied for the fewest planets; the chair, .*?, chose.*$", TAG.sub("", ended), re.M):
            t.notes.append(f"a tie the chair's !bill picks decided: {line.strip('- ')}")
        won = re.search(r"^(?:Winner|Победитель|Победа): (.*)$", TAG.sub("", ended), re.M)
        nxt = Turn(turn + 1)
        if not won and turn < turns:
            game.moderator(nxt, "turn", "start", "-c", c)
        game.paste(t, turn + 1)
        nxt.pastes, nxt.images = 0, 0  # the joined posts are counted in the turn that ended
        if won:
            t.notes.append(f"winner: {won.group(1)}")
            break
        t = nxt


COLUMNS = [  # (heading, the figure of a turn)
    ("turn", lambda t: t.turn),
    ("cmds", lambda t: len(t.commands)),
    ("judged", lambda t: len(t.judged)),
    ("order lines", lambda t: t.order_lines),
    ("grants", lambda t: t.grants),
    ("hand edits", lambda t: t.hand_edits),
    ("stops", lambda t: t.stops),
    ("pastes", lambda t: t.pastes),
    ("images", lambda t: t.images),
    ("player posts", lambda t: t.posts),
    ("orders", lambda t: t.orders),
    ("flagged", lambda t: len(t.flagged)),
    ("refused", lambda t: t.refused),
]


def report(game: Game) -> None:
    print(f"set-up: {len(game.setup)} moderator commands: " + "; ".join(game.setup).replace(str(game.camp), "DIR"))
    print()
    print(" ".join(f"{h:>{max(len(h), 4)}}" for h, _ in COLUMNS))
    for t in game.turns:
        print(" ".join(f"{f(t):>{max(len(h), 4)}}" for h, f in COLUMNS))
    totals = [sum(f(t) for t in game.turns) for _, f in COLUMNS[1:]]
    print(" ".join([f"{'all':>4}", *(f"{v:>{max(len(h), 4)}}" for (h, _), v in zip(COLUMNS[1:], totals))]))
    n = len(game.turns)
    commands = [line for t in game.turns for line in t.commands]
    pastes = sum(t.pastes for t in game.turns)
    print(
        f"per turn: {len(commands) / n:.1f} commands, {pastes / n:.1f} pastes, {sum(t.images for t in game.turns) / n:.1f} images"
    )
    kinds: dict[str, int] = {}
    for line in commands:
        key = " ".join(w for w in line.split()[1:3] if not w.startswith("-"))
        kinds[key] = kinds.get(key, 0) + 1
    print("commands: " + ", ".join(f"{k} ×{v}" for k, v in kinds.items()))
    for t in game.turns:
        for line in t.judged:
            print(f"turn {t.turn}: judgement: {line}")
        for line in t.flagged:
            print(f"turn {t.turn}: flagged, the player posted again: {line}")
        for line in t.notes:
            print(f"turn {t.turn}: {line}")


if __name__ == "__main__":
    main()
