"""Nothing meant for the moderator in a player's post (issue 25 §2): every output a player
reads — a turn's public post and each private report (stage 1 and stage 2), the rooms'
confirmations, exploration, agent and council reports, `status --player`, the text map,
`table show` of every shipped table, `table roll`, `roll` — in both languages and every text
format, holds no id of a table row, no file path, no `gmtool`, no rule-section id and no
developers' file name.

The game is the shipped example (campaigns/example) played on a copy in a tmp folder: turns
1–7 from the players' posts in their rooms (as docs/whole-game.md plays them), turn 8 from an
orders file with two agents' missions added."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from helpers import ok, run_gmtool, shipped_library

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "campaigns" / "example"
LANGS = ("en", "ru")
FORMATS = ("plain", "bbcode", "markdown", "discord")
LEADERS = ("alice", "bob", "carol")


# ------------------------------------------------------------------ what a player's post may not hold


def _ids_and_labels() -> tuple[set[str], dict[str, set[str]]]:
    """Every table id and name, row id and modifier id of the shipped tables; and, by
    language, every label (full or short) and each of its words, as written and lower-cased
    as a sentence writes them ("Terran, small", "Space is empty") — an id that is also a label
    or a label's word in the reader's language is a word of that language (never in Russian:
    its labels are Cyrillic)."""
    lib = shipped_library()
    ids: set[str] = set()
    labels: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for tid in lib.files:
        table = lib.get(tid)
        # a table's bare name is an English word ("costs", "exploration"); "world-size" is an id
        ids |= {tid} | ({table.name} if re.search(r"[-_]", table.name) else set()) | {r.id for r in table.rows}
        ids |= {m.id for m in table.modifiers}
        for words in [*(w for r in table.rows for w in (r.label, r.short)), *table.value_labels.values()]:
            for lang in LANGS:
                if isinstance(words, dict) and words.get(lang):
                    said = str(words[lang])
                    labels[lang] |= {said, said.lower(), *re.findall(r"\w+", said), *re.findall(r"\w+", said.lower())}
    return ids, labels


IDS, LABELS = _ids_and_labels()
# Ordinary words of an English sentence that are ids too ("ballot cast: no", "a spy"). An id
# with a hyphen or an underscore is never a word.
WORDS = {"yes", "no", "abstain", "none", "spy", "orion"}
TOKEN = re.compile(r"(?<![\w-])[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9](?![\w-])")
PATH = re.compile(r"\b[\w.-]+\.(?:toml|png|svg|txt|json|md|bbcode)\b|(?<![\w/])[a-z][\w.-]*/[a-z][\w./-]*")
SECTION = re.compile(r"\b[AB]\d{1,2}(?:\.\d+)*[a-z]?\b")
DEVELOPERS = re.compile(r"\b(?:RULES|CONTRACT|STYLE|ARCHITECTURE)\.md\b|rules-orion|rules-venus")
# a line a player types (an orders template, a post quoted back): `!explore 1,0`, `# !build ITEM`
COMMAND_LINE = re.compile(r"^\W*#?\s*[!！]\S")
MARK = re.compile(r"#\d+ · [0-9a-f]{12}")
URL = re.compile(r"\[/?url[^\]]*\]|https?://\S+")


def _is_dice_line(line: str) -> bool:
    """A line of a Dice block (docs/verify.md): data a player copies into a checker, its labels
    canonical — the same in every language, an order's value as the orders file gives it."""
    from gmtool.report.dice_block import HEADER, KEY, LINE

    line = re.sub(r"\[/?code\]|^```", "", line)  # the code box around it
    return bool(HEADER.search(line) or KEY.search(line) or LINE.search(line))


def _plain(text: str) -> str:
    """The text a reader reads: markup escapes undone, the lines a player types, the journal
    mark and the Dice block's lines left out."""
    text = text.replace("\\", "")
    text = MARK.sub(" ", URL.sub(" ", text))
    return "\n".join(line for line in text.splitlines() if not COMMAND_LINE.match(line) and not _is_dice_line(line))


def findings(text: str, lang: str = "en") -> list[str]:
    """What in ``text`` (written in ``lang``) is meant for the moderator, one finding per kind
    and item."""
    body = _plain(text)
    words = LABELS[lang] | (WORDS if lang == "en" else set())
    found = [f"id {tok!r}" for tok in TOKEN.findall(body) if tok in IDS and tok not in words]
    found += [f"path {p!r}" for p in PATH.findall(body)]
    found += [f"section {s!r}" for s in SECTION.findall(body)]
    found += [f"{m!r}" for m in DEVELOPERS.findall(body)]
    found += ["'gmtool'"] * ("gmtool" in body.lower())
    return sorted(set(found))


def test_the_sweep_finds_what_it_looks_for():
    assert findings("agent: Kess steal-tech → critical_failure") == [
        "id 'critical_failure'",
        "id 'steal-tech'",
    ]
    assert findings("только миры terran; Map: map-public.png (orders/turn-02.toml)", "ru") == [
        "id 'terran'",
        "path 'map-public.png'",
        "path 'orders/turn-02.toml'",
    ]
    developers = "RULES" + ".md"  # the developers' own file, named here only to be found
    assert findings(f"World size (orion/world-size), see {developers} (A2) and A4.3; run gmtool") == [
        f"{developers!r}",
        "'gmtool'",
        "id 'world-size'",
        f"path {developers!r}",
        "path 'orion/world-size'",
        "section 'A2'",
        "section 'A4.3'",
    ]
    # labels, words and what a player types are not findings
    assert findings("Terran, small (poor): Tiny\n!build scout 0,0\n# !quest [QUEST]\njournal #3 · 0123456789ab") == []


# ------------------------------------------------------------------ the game


def _play(gm, folder: Path) -> None:
    """Turns 1–7 from the rooms, turn 8 from the orders file with agents' missions."""
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "forum.toml", "reports", "history"))
    (folder / "secret.key").chmod(0o600)
    shutil.move(folder / "orders", folder.parent / "orders")
    c = ("-c", str(folder))
    for name in ("public-thread", *(f"room-{p}" for p in LEADERS)):
        (folder / f"{name}.txt").touch()
    ok(gm("campaign", "set", *c, "moderators", "moderator"))
    ok(gm("campaign", "set", *c, "thread", "public-thread.txt"))
    for leader in LEADERS:
        ok(gm("campaign", "room", *c, "--player", leader, f"room-{leader}.txt"))
    ok(gm("player", "lang", *c, "--player", "bob", "--to", "ru"))
    for turn in range(1, 8):
        ok(gm("turn", "start", *c))
        for post in sorted((folder / "posts" / f"turn-{turn:02d}").glob("*.txt")):
            with (folder / post.name).open("a", encoding="utf-8") as room:
                room.write(post.read_text(encoding="utf-8"))
        ok(gm("post", "collect", *c, "--new"))
        ok(gm("turn", "run", "--from-posts", *c))
    ok(gm("agent", "set", *c, "--player", "bob", "--limit", "1", "--ops", "1"))
    ok(gm("agent", "hire", *c, "--player", "bob", "--name", "Kess", "--speciality", "spy"))
    ok(gm("agent", "set", *c, "--player", "alice", "--limit", "1"))
    ok(gm("agent", "hire", *c, "--player", "alice", "--name", "Vex", "--speciality", "spy"))
    orders = (folder.parent / "orders" / "turn-08.toml").read_text(encoding="utf-8")
    orders = orders.replace(
        "[alice]\n", '[alice]\nagents = [{ agent = "Vex", ability = "gather-intel", target = "carol" }]\n'
    )
    orders = orders.replace(
        "[bob]\n", '[bob]\nagents = [{ agent = "Kess", ability = "steal-tech", target = "alice" }]\n'
    )
    (folder.parent / "turn-08.toml").write_text(orders, encoding="utf-8")
    ok(gm("turn", "run", str(folder.parent / "turn-08.toml"), *c))


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("sweep") / "my-game"
    _play(run_gmtool, folder)
    return folder


def _posts(gm, folder: Path, lang: str, fmt: str) -> dict[str, str]:
    """Every turn's public post and private reports (and turn 8's start posts), and the
    rooms' confirmations as the moderator pasted them."""
    c = ("-c", str(folder), "--lang", lang, "--format", fmt)
    out: dict[str, str] = {}
    for turn in range(1, 9):
        for who in (None, *LEADERS):
            args = ["turn", "show", *c, "--turn", str(turn), *(["--player", who] if who else [])]
            out[" ".join(args[5:])] = ok(gm(*args))
    for reply in sorted((folder / "reports").glob("turn-*/room-*.txt")) + sorted(
        (folder / "reports").glob("turn-*/thread.txt")
    ):
        out[str(reply.relative_to(folder))] = reply.read_text(encoding="utf-8")
    return out


def _lang_of(name: str, lang: str) -> str:
    """The language a post was written in: bob's room replies are in his own (Russian)."""
    return "ru" if "room-bob" in name else "en" if name.endswith(".txt") else lang


def _commands(folder: Path) -> list[list[str]]:
    """The other player-facing outputs: a campaign's view for a leader, reports of rolls."""
    c = ["-c", str(folder)]
    tables = sorted(shipped_library().files)
    return [
        *[["status", *c, "--player", p] for p in LEADERS],
        *[["map", *c, "--player", p, "--format", "plain"] for p in LEADERS],
        *[["explore", "--stage", str(stage), "--seed", str(seed)] for stage in (1, 2, 3) for seed in range(6)],
        ["agent", "check", "--difficulty", "6", "--dice", "5"],
        ["agent", "check", "--difficulty", "7", "--espionage", "--own-ops", "3", "--target-ops", "1", "--dice", "1"],
        ["table", "roll", "orion/exploration", "--dice", "8,3", "--stage", "2"],
        ["table", "roll", "orion/world-type", "--seed", "3"],
        ["roll", "2d10+3", "--seed", "1"],
        *[["table", "show", t] for t in tables],
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_played_games_posts_hold_nothing_meant_for_the_moderator(gm, game, lang, fmt):
    posts = _posts(gm, game, lang, fmt)
    assert len(posts) > 40 and any("turn-08" in name or "--turn 8" in name for name in posts)
    bad = {name: found for name, text in posts.items() if (found := findings(text, _lang_of(name, lang)))}
    assert not bad, bad


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_other_player_facing_output_holds_nothing_meant_for_the_moderator(gm, game, lang, fmt):
    bad = {}
    for args in _commands(game):
        if args[:2] == ["table", "show"] and fmt == "plain":
            continue  # plain `table show` is the moderator's view: ids, for an orders file (test below)
        formats = [] if args[0] == "map" else ["--format", fmt]
        res = gm(*args, "--lang", lang, *formats)
        assert res.exit_code == 0, (args, res.output)
        if found := findings(res.stdout, lang):
            bad[" ".join(args)] = found
    assert not bad, bad


def test_the_agents_missions_are_told_by_their_labels(gm, game):
    alice = ok(gm("turn", "show", "-c", str(game), "--turn", "8", "--player", "alice", "--lang", "en"))
    bob = ok(gm("turn", "show", "-c", str(game), "--turn", "8", "--player", "bob", "--lang", "ru"))
    assert "alice's agent Vex: Gather intelligence against carol — " in alice, alice
    assert "Kess" in bob and "Кража технологии" in bob, bob
    # (the ids are only in the Dice block's labels, canonical: docs/verify.md)
    assert "gather-intel" not in _plain(alice) and "steal-tech" not in _plain(bob)


def test_table_show_names_ids_only_in_plain_text(gm):
    plain = ok(gm("table", "show", "orion/world-size"))
    assert plain.startswith("World size (orion/world-size)\n") and "tiny" in plain
    for fmt in ("bbcode", "markdown", "discord"):
        post = ok(gm("table", "show", "orion/world-size", "--format", fmt, "--lang", "ru"))
        assert "Размер мира" in post and "world-size" not in post and "tiny" not in post, post
    modules = ok(gm("table", "show", "orion/modules", "--format", "markdown", "--lang", "ru"))
    assert not re.search(r"\b(ars|gun)\b", modules), modules  # a rule naming a row: its label


def test_table_show_and_roll_take_the_campaigns_language_and_format(gm, new_campaign):
    folder = new_campaign("c", players=["alice", "bob"], lang="ru", seed=2)
    ok(gm("campaign", "set", "-c", str(folder), "format", "markdown"))
    assert ok(gm("table", "show", "orion/world-size", "-c", str(folder))).startswith("### Размер мира\n")
    assert ok(
        gm("table", "show", "orion/world-size", "-c", str(folder), "--lang", "en", "--format", "plain")
    ).startswith("World size (orion/world-size)\n")
    assert ok(gm("table", "list", "-c", str(folder))).startswith("### Таблицы правил")
    journal = (folder / "journal.toml").read_text(encoding="utf-8")
    rolled = ok(gm("table", "roll", "orion/world-type", "-c", str(folder), "--dice", "4"))
    assert rolled.startswith("### Тип мира\n") and "3–4: **Океанический или тропический**" in rolled, rolled
    assert (folder / "journal.toml").read_text(encoding="utf-8") != journal  # journaled, as `roll -c`
    assert "Every roll checks out." in ok(gm("verify", "-c", str(folder), "--lang", "en"))


def test_a_colonisation_by_the_moderators_override_is_told_once(gm, new_campaign, tmp_path):
    import tomllib

    import tomli_w

    folder = new_campaign("c", players=["alice", "bob"], seed=3)
    state = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    q, r = (int(x) for x in next(p for p in state["player"] if p["name"] == "alice")["homeworld"].split(","))
    target = f"{q + 1},{r}"
    ok(gm("explore", "-c", str(folder), "--player", "alice", "--hex", target, "--dice", "6,10,5"))
    state = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    next(s for s in state["system"] if s["hex"] == target)["planet"]["type"] = "barren"  # not colonisable
    (folder / "campaign.toml").write_text(tomli_w.dumps(state), encoding="utf-8")
    orders = tmp_path / "orders.toml"
    orders.write_text(f'turn = 1\n[alice]\ncolonize = [{{ hex = "{target}", override = "a dome of old" }}]\n')
    ok(gm("turn", "run", str(orders), "-c", str(folder)))
    report = (folder / "reports" / "turn-01" / "alice.txt").read_text(encoding="utf-8")
    told = [line for line in report.splitlines() if "alice colonised" in line]
    assert told == [
        "- alice colonised 1,0, a world of type Barren or desert, by the moderator's decision: a dome of old"
    ]
    refused = gm("colonize", "-c", str(folder), "--player", "bob", "--hex", target, "--lang", "ru")
    assert "terran" not in refused.stderr
