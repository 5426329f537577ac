"""A Russian post holds no English word a player must read (issue 36 §3), and nothing of the
moderator's (§4): every player-facing output of two games played in Russian by leaders with
Russian names (tests/russian_game.py) — the example game to its Orion victory and a new
campaign on dice scheme 2 — in every text format: each turn's public post, each leader's
report and start report, every room's and the thread's replies (those of orders the rules
refused too), the opening post, `status --player`, the text map, and what a player's post
shows of the rules (explore, agent check, table roll and show, roll), holds no word in Latin
letters but the leaders' names, the campaign's name, dice and hex notation, hex digits (a
journal mark, a share), what the players typed themselves, and the lines of a Dice block the
checker reads byte for byte — each roll of which is also told in Russian beside them. The
sweep for ids, paths and commands (test_player_facing_sweep.py) runs over the same posts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import russian_game
from helpers import ok, run_gmtool, shipped_library
from test_player_facing_sweep import findings

FORMATS = ("plain", "bbcode", "markdown", "discord")

# ------------------------------------------------------------------ what a Russian post may hold in Latin

# dice notation (2d6+3, 4d6kh3, d%); the hexes' own (Q,R; a text map's rows: r-2 q-1); N, a
# number to fill in; SHA-256, the algorithm's name; a dice part's id beside its Russian name
NOTATION = re.compile(
    r"\b\d*d(?:\d+|%)(?:(?:kh|kl|dh|dl|k|x|r)\d*)*\b|\bQ,R\b|(?<![\w-])N(?![\w-])|\b[qr]-?\d+\b|\b[rq]\b"
    r"|\bSHA-256\b|\((?:setup|stage[1-3])\)"
)
HEXDIGITS = re.compile(r"\b(?=[0-9a-f]*[0-9])[0-9a-f]{6,64}\b")
# markup: BBCode tags, a Markdown code fence, links
MARKUP = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]|https?://\S+|^```\w*$", re.M)
# the lines of a Dice block the checker reads exactly as gmtool printed them (docs/verify.md)
DICE_LINE = re.compile(
    r"^(?:\[code\]|```\w*)?(?:gmtool-v2 (?:setup|stage[1-3]) share \S+|gmtool-v2 key (?:setup|stage[1-3]) [0-9a-f]{64}"
    r"|(?:turn \d+|setup) · .*: d\d+ #\d+=\d+(?:, d\d+ #\d+=\d+)*)(?:\[/code\]|```)?$"
)
LATIN = re.compile(r"[A-Za-z]+")


def without_dice_lines(text: str) -> str:
    """``text`` without the lines of its Dice blocks that the checker reads as they are."""
    return "\n".join(line for line in text.splitlines() if not DICE_LINE.match(line.strip()))


def latin(text: str, allowed: set[str]) -> list[str]:
    """The Latin-script words of ``text`` a Russian reader would have to read: not a name
    or a word the players typed (``allowed``), not notation, hex digits or markup, not a
    line of a Dice block the checker reads."""
    body = without_dice_lines(text).replace("\\", "")
    body = HEXDIGITS.sub(" ", NOTATION.sub(" ", MARKUP.sub(" ", body)))
    return sorted({w for w in LATIN.findall(body) if w.lower() not in allowed})


def test_the_sweep_finds_english_and_lets_names_notation_and_the_checkers_lines_be():
    allowed = {"alice"}
    assert latin("флот (fleet): у alice нет ордеров; 2d6+3 = 9", allowed) == ["fleet"]
    assert latin("[b]moderators: Хронист[/b]\n[code]gmtool-v2 stage1 share -[/code]", allowed) == ["moderators"]
    assert latin("журнал #8 · 8c68902d947d; 4d6kh3; !колонизировать Q,R; Этап 1 (stage1): SHA-256", allowed) == []
    dice = "turn 1 · Мирослава · room Мирослава post #1.1 !explore · exploration · salt 0123456789abcdef: d10 #1=7"
    assert latin(f"[code]gmtool-v2 stage1 share -\n{dice}[/code]", allowed) == []
    assert latin(f"ход 1 · {dice}", allowed) == ["exploration", "explore", "post", "room", "salt", "turn"]


# ------------------------------------------------------------------ the games


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("ru")
    russian_game.play(run_gmtool, root / "example", ok)
    said = russian_game.play_scheme2(run_gmtool, root / "scheme2", ok)
    for name, text in said.items():  # the replies of each collection, as posted (the first ones refused orders)
        (root / f"said-{name}.txt").write_text(text, encoding="utf-8")
    return {"example": root / "example", "scheme2": root / "scheme2"}


def _allowed(folder: Path) -> set[str]:
    """The words in Latin letters a post may show: every word the players typed in their posts
    (quoted back to them), the campaign's name, the example's leaders' names before they were
    renamed (a public post tells the renaming)."""
    typed: set[str] = {w.lower() for w in LATIN.findall(folder.name)} | {"alice", "bob", "carol"}
    for path in [*folder.glob("room-*.txt"), *folder.glob("*thread*.txt")]:
        body = re.sub(r"(?m)^=== .* ===$", "", path.read_text(encoding="utf-8"))
        typed |= {w.lower() for w in LATIN.findall(body)}
    return typed


def _replies(text: str) -> dict[str, str]:
    """`post collect`'s output cut into the posts it prints, without its notes to the moderator
    (the «==== ТОЛЬКО в комнату …» line saying where each goes)."""
    parts = re.split(r"(?m)^==== (.*) ====$", text)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def _outputs(folder: Path, fmt: str) -> dict[str, str]:
    """Every post of the campaign's game in ``fmt``: the turns' posts and reports (`turn show`,
    start posts too), each room's and the thread's replies, each leader's status and text map,
    the opening post."""
    c = ("-c", str(folder), "--format", fmt)
    out: dict[str, str] = {}
    turns = sorted(int(p.name[5:]) for p in (folder / "reports").glob("turn-*"))
    players = russian_game.LEADERS if folder.name == "example" else russian_game.FOUR
    for turn in turns:
        for who in (None, *players):
            for start in ((), ("--start",)):
                args = ["turn", "show", *c, "--turn", str(turn), *(["--player", who] if who else []), *start]
                res = run_gmtool(*args)
                if res.exit_code == 0:
                    out[" ".join(args[4:])] = res.stdout
    for reply in sorted((folder / "reports").glob("turn-*/*")):
        if reply.suffix in (".txt", ".bbcode") and reply.name.startswith(("room-", "thread")):
            out[str(reply.relative_to(folder))] = reply.read_text(encoding="utf-8")
    for said in sorted(folder.parent.glob("said-collect-*.txt")) if folder.name == "scheme2" else []:
        out |= {f"{said.stem}: {k}": v for k, v in _replies(said.read_text(encoding="utf-8")).items()}
    for who in players:
        out[f"status {who}"] = ok(run_gmtool("status", *c, "--player", who))
        if fmt == "plain":
            out[f"map {who}"] = ok(run_gmtool("map", "-c", str(folder), "--player", who, "--format", "plain"))
    out["commitment"] = ok(run_gmtool("campaign", "commitment", *c))
    return out


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("game", ["example", "scheme2"])
def test_a_russian_games_posts_hold_no_english_and_nothing_of_the_moderators(games, game, fmt):
    folder = games[game]
    posts = _outputs(folder, fmt)
    assert len(posts) > 40
    allowed = _allowed(folder)
    bad = {name: found for name, text in posts.items() if (found := latin(text, allowed))}
    assert not bad, bad
    bad = {name: found for name, text in posts.items() if (found := findings(without_dice_lines(text), "ru"))}
    assert not bad, bad


def test_every_roll_of_a_dice_block_is_told_in_russian_beside_the_checkers_lines(games):
    """A room's reply on dice scheme 2: each of the checker's lines has its reading above it,
    word for word what was rolled, for whom and the faces."""
    reply = (games["scheme2"] / "reports" / "turn-01" / "room-Мирослава.bbcode").read_text(encoding="utf-8")
    box = re.search(r"\[code\](.*?)\[/code\]", reply, re.S)
    assert box is not None, reply
    checked = [line for line in box[1].splitlines() if " · " in line]
    readings = [line[3:] for line in reply[: box.start()].splitlines() if line.startswith("[*]ход 1 · Мирослава")]
    assert checked and len(readings) == len(checked), reply
    # the room's !разведка is the turn's order, labelled as the exploration it is however it is
    # given (docs/verify.md): what the order explores, then what each die rolled, with its faces
    # (the campaign's secret is new each run: the words follow the checked lines)
    words = {
        "exploration": "исследование",
        "event": "событие",
        "monster": "чудовище",
        "world type": "тип мира",
        "world size": "размер мира",
        "technology award, science": "технология в награду, наука",
        "technology award, technology of the science": "технология в награду, технология науки",
    }

    def said(line: str) -> str:
        m = re.fullmatch(
            r"turn 1 · Мирослава · explore 0,1 · (.+?)(?:, reroll (\d+))? · salt \w+: d(\d+) #1=(\d+)", line
        )
        assert m is not None, line
        what = words[m[1]] + (f", переброс {m[2]}" if m[2] else "")
        return f"ход 1 · Мирослава · исследование 0,1 · {what}: d{m[3]} = {m[4]}"

    assert readings == [said(line) for line in checked], readings
    assert "[i]Для проверки эти строки копируются как есть:[/i]\n\n[code]gmtool-v2 stage1 share " in reply


def _commands() -> list[list[str]]:
    tables = sorted(shipped_library().files)
    return [
        *[["explore", "--stage", str(stage), "--seed", str(seed)] for stage in (1, 2, 3) for seed in range(6)],
        ["agent", "check", "--difficulty", "6", "--dice", "5"],
        ["agent", "check", "--difficulty", "7", "--espionage", "--own-ops", "3", "--target-ops", "1", "--dice", "1"],
        ["table", "roll", "orion/exploration", "--dice", "8,3", "--stage", "2"],
        ["table", "roll", "orion/world-type", "--seed", "3"],
        ["roll", "2d10+3", "--seed", "1"],
        *[["table", "show", t] for t in tables],
    ]


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "discord"])
def test_what_a_players_post_shows_of_the_rules_is_russian(gm, fmt):
    """`table show` in plain text is the moderator's view (ids, for an orders file); a post
    shows a table by its labels."""
    bad = {}
    for args in _commands():
        out = ok(gm(*args, "--lang", "ru", "--format", fmt))
        if found := latin(out, set()):
            bad[" ".join(args)] = found
    assert not bad, bad


def test_the_last_line_names_the_winner_in_the_post_and_on_the_site(games, tmp_path):
    """«Победа: carol — победа Ориона» read as "Orion won": the post and the site now name the
    winner, then how («Победитель: … — победа колонизацией Ориона»)."""
    folder = games["example"]
    post = ok(run_gmtool("turn", "show", "-c", str(folder), "--turn", "9", "--format", "plain"))
    assert "Победитель: Антонина Петровна — победа колонизацией Ориона\n" in post
    assert "Победа:" not in post and "победа Ориона" not in post
    assert "Флот Антонины Петровны уничтожает Стража Ориона" in post
    assert "Победитель: Антонина Петровна — победа колонизацией Ориона" in ok(
        run_gmtool("status", "-c", str(folder), "--player", "Мадлен")
    )
    ok(run_gmtool("site", "build", "-c", str(folder), "-o", str(tmp_path / "site"), "--lang", "ru"))
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<dt>Победитель</dt><dd>Антонина Петровна — победа колонизацией Ориона</dd>" in index


def test_the_rooms_are_titled_with_the_names_declined(games):
    rooms = sorted((games["example"] / "reports" / "turn-01").glob("room-*.txt"))
    titles = {p.read_text(encoding="utf-8").splitlines()[0] for p in rooms}
    assert titles == {"Комната Мадлен: ход 1", "Комната Звёздного Лиса: ход 1", "Комната Антонины Петровны: ход 1"}


def test_refused_orders_reach_the_room_in_words_and_the_moderator_with_the_orders_files_keys(games):
    """The first posts of the scheme-2 game give orders the rules refuse: the room is told why in
    words («колонизация: …»), without the orders file's key or the moderator's command; the
    moderator's `turn run` names both («колонизация (colonize)», `gmtool research …`)."""
    said = (games["scheme2"].parent / "said-collect-1-refused.txt").read_text(encoding="utf-8")
    room = _replies(said)[
        "ТОЛЬКО в комнату лидера Мирославы (room-0.txt) — сохранено в reports/turn-01/room-Мирослава.bbcode"
    ]
    assert "[*][b]⚠ ошибка: колонизация: система 1,0 ещё не исследована[/b]" in room
    assert "[*][b]⚠ ошибка: флот: увеличение флота стоит 1 ордер, а у Мирославы их 0[/b]" in room
    assert "[*][b]⚠ ошибка: исследования: Мирослава ещё не изучила все науки[/b]" in room
    assert "(colonize)" not in room and "gmtool" not in room and "`" not in room
