"""Thread files and the commands in posts, at library level (gmtool.forum.posts).

A thread is posts under ``=== AUTHOR #POST_ID ===`` headers (``private`` before the closing
``===`` for a private message); quoted text is dropped before commands are looked for, so
quoting a command never runs it; a command is a line starting with ``!``.  Hostile
bodies never make the parser raise anything but InputError.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.errors import InputError
from gmtool.forum.posts import (
    MAX_COMMAND_CHARS,
    MAX_COMMANDS_PER_POST,
    MAX_THREAD_BYTES,
    parse_commands,
    parse_thread,
    strip_quotes,
)
from helpers import slow_twin

# A few examples each in the fast run; their twins at the end draw 300 under `pytest -m slow`.
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def names(commands) -> list[tuple[str, str]]:
    return [(c.name, c.args) for c in commands]


# ================================================================ headers


def test_headers_authors_and_ids():
    thread = (
        "=== alice #1001 ===\n!roll d6\n"
        "===   Big Bob   #abc-DEF_9   ===\nhello\n!roll 2d10\n"
        "=== carol #42 ===\n!vote yes\n"
        "===carol#43===\n!vote no\n"
    )
    posts = parse_thread(thread)
    assert [(p.author, p.post_id, p.private) for p in posts] == [
        ("alice", "1001", False),
        ("Big Bob", "abc-DEF_9", False),
        ("carol", "42", False),
        ("carol", "43", False),
    ]
    assert [p.line for p in posts] == [1, 3, 6, 8]
    assert posts[1].body == "hello\n!roll 2d10"
    assert names(posts[1].commands) == [("roll", "2d10")]
    assert [c.index for c in posts[1].commands] == [1]


def test_a_thread_file_holds_no_private_post():
    """A player can type a private header into a public post: a thread file never yields one."""
    thread = "=== alice #1 ===\nhello\n=== bob #5002 private ===\n!vote no bribe 3\n"
    with pytest.raises(InputError, match="line 3: a private post in a public thread"):
        parse_thread(thread)


def test_a_private_message_export_makes_every_post_private():
    posts = parse_thread(
        "=== carol #42 private ===\n!vote yes\n===carol#43 PRIVATE===\n!vote no\n=== dave #44 ===\n!vote no\n",
        private_messages=True,
    )
    assert [(p.author, p.post_id, p.private) for p in posts] == [
        ("carol", "42", True),
        ("carol", "43", True),
        ("dave", "44", True),
    ]


def test_an_author_may_be_named_private():
    posts = parse_thread("=== private #7 ===\n!roll d6\n")
    assert (posts[0].author, posts[0].post_id) == ("private", "7")


@pytest.mark.parametrize(
    "line",
    [
        "== alice #1 ===",  # two = signs
        "alice #1 ===",
        "x === alice #1 ===",
    ],
)
def test_lines_that_are_not_headers_are_body_text(line):
    posts = parse_thread(f"=== alice #0 ===\n{line}\n!roll d6\n")
    assert len(posts) == 1
    assert posts[0].body == f"{line}\n!roll d6"


@pytest.mark.parametrize(
    "line",
    [
        "=== alice 1 ===",  # no #
        "=== alice #1",  # no closing
        "=== alice #1 === trailing",  # text after the closing
        "=== alice #a b ===",  # a space in the id
        "=== alice #x.y ===",  # a dot in the id
        "=== carol #96.04 ===",
        "=== mallory#666 #9602 ===",
        "  === #1 ===x",
        "=== a=b #1 ===",  # = in the author
        "=== alice #" + "1" * 41 + " ===",  # an id longer than 40
        "=== " + "a" * 61 + " #1 ===",  # an author longer than 60
        "=== ===",  # no author, no id (a line of = alone is a heading's underline: the post's text)
        "=== = ===",
    ],
)
def test_a_malformed_header_is_an_error_naming_its_line(line):
    """Merged into the post above, its commands would run as that post's author."""
    with pytest.raises(InputError, match=r"^line 3: .*not one"):
        parse_thread(f"=== alice #0 ===\nhi\n{line}\n!roll d6\n")


def test_text_before_the_first_header_is_ignored():
    posts = parse_thread("Thread: turn 1\n!roll d100\n\n=== bob #5 ===\n!roll d6\n")
    assert len(posts) == 1
    assert (posts[0].author, posts[0].post_id, posts[0].line) == ("bob", "5", 4)
    assert names(posts[0].commands) == [("roll", "d6")]


def test_a_thread_without_any_header_is_refused_but_an_empty_one_is_not():
    with pytest.raises(InputError, match="no post headers"):
        parse_thread("!roll d6\n")
    assert parse_thread("") == []
    assert parse_thread("  \n\n") == []


def test_a_post_id_twice_is_refused_with_the_line():
    thread = "=== alice #1 ===\n!roll d6\n=== bob #2 ===\n=== carol #1 ===\n!roll d8\n"
    with pytest.raises(InputError, match=r"line 4.*#1"):
        parse_thread(thread)


def test_post_ids_are_case_sensitive_text():
    posts = parse_thread("=== alice #a1 ===\n=== bob #A1 ===\n")
    assert [p.post_id for p in posts] == ["a1", "A1"]


def test_an_empty_post_has_no_commands():
    posts = parse_thread("=== alice #1 ===\n=== bob #2 ===\n!roll d6")
    assert posts[0].body == "" and posts[0].commands == []
    assert names(posts[1].commands) == [("roll", "d6")]


def test_a_thread_over_the_size_limit_is_refused():
    big = "=== alice #1 ===\n" + "x" * (MAX_THREAD_BYTES + 1)
    with pytest.raises(InputError, match="larger than"):
        parse_thread(big)


# ================================================================ quotes


def test_a_quoted_command_is_not_a_command():
    body = "[quote=bob]!roll 2d10+1 boarding action[/quote]\nGood luck.\n!table orion/world-size"
    assert names(parse_commands(body)) == [("table", "orion/world-size")]


def test_quotes_over_several_lines_and_nested():
    body = "[quote=carol]\n!roll d6\n[quote=bob]\n!roll d8\n[/quote]\n!roll d10\n[/quote]\n!roll d12\n"
    assert names(parse_commands(body)) == [("roll", "d12")]
    assert strip_quotes("a[quote]b[quote]c[/quote]d[/quote]e") == "ae"


def test_quotes_are_case_insensitive():
    body = "[QUOTE=bob]\n!roll d6\n[/Quote]\n[Quote]\n!roll d8\n[/QUOTE]\n!roll d4"
    assert names(parse_commands(body)) == [("roll", "d4")]


def test_an_unclosed_quote_runs_to_the_end_of_the_post():
    body = "!roll d4\n[quote=bob]\n!roll d6\n!roll d8\n"
    assert names(parse_commands(body)) == [("roll", "d4")]
    posts = parse_thread("=== alice #1 ===\n[quote]\n!roll d6\n=== bob #2 ===\n!roll d8\n")
    assert posts[0].commands == []
    assert names(posts[1].commands) == [("roll", "d8")], "an unclosed quote ends with its post"


def test_a_stray_closing_tag_hides_nothing_after_it():
    assert names(parse_commands("[/quote]\n!roll d6\n[/quote][/quote]!roll d8")) == [("roll", "d6"), ("roll", "d8")]


def test_text_after_a_quote_on_the_same_line_can_be_a_command():
    assert names(parse_commands("[quote]!roll d6[/quote]!roll d8")) == [("roll", "d8")]


# ================================================================ commands and aliases


@pytest.mark.parametrize(
    "word, name",
    [
        ("roll", "roll"),
        ("r", "roll"),
        ("бросок", "roll"),
        ("Бросок", "roll"),
        ("БРОСОК", "roll"),
        ("ROLL", "roll"),
        ("explore", "explore"),
        ("разведка", "explore"),
        ("Разведка", "explore"),
        ("исследовать", "explore"),
        ("table", "table"),
        ("таблица", "table"),
        ("check", "check"),
        ("проверка", "check"),
        ("агент", "check"),
        ("vote", "vote"),
        ("голос", "vote"),
        ("ГОЛОС", "vote"),
        ("Vote", "vote"),
    ],
)
def test_aliases_case_insensitive(word, name):
    [cmd] = parse_commands(f"!{word} some args")
    assert (cmd.name, cmd.word, cmd.args, cmd.index, cmd.refused) == (name, word, "some args", 1, None)
    assert cmd.line == f"!{word} some args"


def test_unknown_commands_are_kept_with_an_empty_name():
    [a, b] = parse_commands("!teleport 1,1\n! roll d6")
    assert (a.name, a.word, a.args) == ("", "teleport", "1,1")
    assert (b.name, b.word, b.args) == ("", "", "roll d6")


def test_only_lines_starting_with_a_bang_are_commands():
    body = "I !roll d6 here\n  !roll d8  \n!\n!!\n\t!r d4\nnot a command"
    cmds = parse_commands(body)
    assert [(c.name, c.word, c.args) for c in cmds] == [("roll", "roll", "d8"), ("", "!", ""), ("roll", "r", "d4")]
    assert [c.index for c in cmds] == [1, 2, 3]


def test_arguments_keep_their_inner_text():
    [cmd] = parse_commands("!roll 4d6kh3   [b]stats[/b] <script>")
    assert cmd.args == "4d6kh3   [b]stats[/b] <script>"


# ================================================================ limits


def test_more_than_twenty_commands_are_refused_not_dropped():
    cmds = parse_commands("\n".join(f"!roll d{n}" for n in range(1, 26)))
    assert [c.index for c in cmds] == list(range(1, MAX_COMMANDS_PER_POST + 2))
    assert all(c.refused is None for c in cmds[:MAX_COMMANDS_PER_POST])
    extra = cmds[-1]  # one refusal counts the five commands too many
    assert extra.refused.text("en") == f"more than {MAX_COMMANDS_PER_POST} commands in one post: 5 not run"
    assert extra.refused.text("ru") == f"больше {MAX_COMMANDS_PER_POST} команд в одном посте: 5 не выполнено"


def test_a_command_of_301_characters_is_refused_with_a_reason():
    ok = "!roll d6 " + "x" * (MAX_COMMAND_CHARS - 9)
    long = ok + "y"
    assert len(ok) == MAX_COMMAND_CHARS and len(long) == MAX_COMMAND_CHARS + 1
    a, b = parse_commands(ok + "\n" + long)
    assert a.refused is None and a.line == ok
    assert b.refused and b.refused.text("en") == f"longer than {MAX_COMMAND_CHARS} characters"
    assert b.name == "roll"


def test_a_huge_command_line_is_cut_and_refused_never_raised():
    line = "!" + "бросок" * 100_000
    [cmd] = parse_commands(line)
    assert cmd.refused
    assert len(cmd.line) <= MAX_COMMAND_CHARS + 1 and len(cmd.word) <= 40


def test_ten_thousand_commands_in_one_post_parse_without_error():
    cmds = parse_commands("!roll d6\n" * 10_000)
    assert len(cmds) == MAX_COMMANDS_PER_POST + 1 and "9980 not run" in str(cmds[-1].refused)
    assert sum(1 for c in cmds if not c.refused) == MAX_COMMANDS_PER_POST


# ================================================================ hostile bodies (hypothesis)

JUNK_PIECES = st.sampled_from(
    [
        "[quote]",
        "[/quote]",
        "[QUOTE=bob]",
        "[quote=",
        "[/QUOTE]",
        "[",
        "]",
        "!",
        "!roll d6",
        "!бросок 3d6",
        "!vote yes",
        "=== alice #1 ===",
        "=== bob #2 private ===",
        "=== alice #1 ===",
        "#",
        "=",
        "\n",
        "\r\n",
        "\r",
        "\x00",
        "\x1b[31m",
        "\u202e",
        "\u2028",
        "\x85",
        "\ufeff",
        "\ud800",
        "\t",
        "  ",
        "[b]",
        "[url=x]",
        "<b>",
    ]
)


@st.composite
def bodies(draw) -> str:
    parts = draw(st.lists(st.one_of(JUNK_PIECES, st.text(max_size=30)), max_size=40))
    return "".join(parts)


@st.composite
def binaryish(draw) -> str:
    return draw(st.binary(max_size=600)).decode("utf-8", errors="replace")


def _check_posts(posts) -> None:
    ids = [p.post_id for p in posts]
    assert len(ids) == len(set(ids))
    for post in posts:
        _check_commands(post.commands)


def _check_commands(commands) -> None:
    assert [c.index for c in commands] == list(range(1, len(commands) + 1))
    for c in commands:
        assert c.index >= 1
        assert c.line.startswith("!")
        assert len(c.line) <= MAX_COMMAND_CHARS + 1
        assert c.name in ("", "roll", "explore", "table", "check", "vote")


@SETTINGS
@given(st.one_of(bodies(), binaryish(), st.text()))
def test_parse_commands_never_raises(body):
    _check_commands(parse_commands(body))


@SETTINGS
@given(st.one_of(bodies(), binaryish(), st.text()))
def test_parse_thread_raises_only_input_error(text):
    try:
        posts = parse_thread(text)
    except InputError:
        return
    _check_posts(posts)


@SETTINGS
@given(
    st.lists(
        st.tuples(
            st.text(alphabet="abcxyz -_", min_size=1, max_size=8), st.booleans(), st.one_of(bodies(), binaryish())
        ),
        max_size=8,
    )
)
def test_threads_of_hostile_posts(posts):
    text = "".join(
        f"=== {author} #p{i}{' private' if private else ''} ===\n{body}\n"
        for i, (author, private, body) in enumerate(posts)
    )
    try:
        parsed = parse_thread(text)
    except InputError:
        return
    _check_posts(parsed)


def test_seeded_binary_junk():
    rng = random.Random(20240)
    for _ in range(200):
        junk = rng.randbytes(rng.randint(0, 3000)).decode("utf-8", errors="replace")
        _check_commands(parse_commands(junk))
        try:
            _check_posts(parse_thread("=== alice #1 ===\n" + junk))
        except InputError:
            pass


# ------------------------------------------------------------------ the long runs (pytest -m slow)

test_parse_commands_never_raises_long = slow_twin(test_parse_commands_never_raises, 300)
test_parse_thread_raises_only_input_error_long = slow_twin(test_parse_thread_raises_only_input_error, 300)
test_threads_of_hostile_posts_long = slow_twin(test_threads_of_hostile_posts, 300)
