"""The forum's command words (`!roll`, `!бросок` …), the bribe word and the words of a ballot
live in the message catalogs (gmtool/locale/<lang>.toml: ``forum.command``, ``forum.bribe``,
``vote.words``), not in the code: a post may use any word of any language, as before the
words moved (issue 22 §5)."""

from __future__ import annotations

from pathlib import Path

import pytest

import gmtool.locale as locale
from gmtool.forum.posts import command_name, parse_commands
from gmtool.locale import LANGS, has, words
from gmtool.rules.orion.council import bill_vote
from gmtool.rules.registry import RULESETS

ROOT = Path(__file__).resolve().parent.parent

# every word a post could use before the words moved to the catalogs (forum/posts.py ALIASES)
COMMAND_WORDS = {
    "roll": "roll",
    "бросок": "roll",
    "r": "roll",
    "explore": "explore",
    "разведка": "explore",
    "исследовать": "explore",
    "table": "table",
    "таблица": "table",
    "check": "check",
    "проверка": "check",
    "агент": "check",
    "vote": "vote",
    "голос": "vote",
    "move": "move",
    "полёт": "move",
    "полет": "move",
    "движение": "move",
    "navigate": "navigate",
    "навигация": "navigate",
}
# every ballot word a leader could write before (rules/orion/council.py VOTE_WORDS)
BALLOT_WORDS = {
    "yes": "yes",
    "y": "yes",
    "for": "yes",
    "aye": "yes",
    "no": "no",
    "n": "no",
    "against": "no",
    "nay": "no",
    "abstain": "abstain",
    "abstains": "abstain",
    "abstained": "abstain",
    "abstention": "abstain",
    "да": "yes",
    "за": "yes",
    "нет": "no",
    "против": "no",
    "воздерживаюсь": "abstain",
    "воздержусь": "abstain",
    "воздерживаемся": "abstain",
    "воздержимся": "abstain",
    "воздержался": "abstain",
    "воздержалась": "abstain",
    "воздержались": "abstain",
    "воздержание": "abstain",
    "воздерживается": "abstain",
}


def test_the_same_command_words_are_accepted():
    assert COMMAND_WORDS.items() <= words("forum.command").items()  # the turn orders added more
    for word, name in COMMAND_WORDS.items():
        assert command_name(word) == name
        assert command_name(word.upper()) == name  # in any case
        [command] = parse_commands(f"!{word.capitalize()} 2d6 boarding")
        assert (command.name, command.args) == (name, "2d6 boarding")
    assert command_name("teleport") == "" and command_name("bribe") == ""


def test_the_same_ballot_and_bribe_words_are_accepted():
    for word, vote in BALLOT_WORDS.items():
        assert bill_vote(word) == vote and bill_vote(f" {word.upper()} ") == vote
    assert bill_vote("воздержусь".replace("е", "ё")) == "abstain"  # ё written or not
    assert bill_vote("maybe") == "maybe"  # refused where a vote is checked
    assert words("forum.bribe") == {"bribe": "bribe", "подкуп": "bribe"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_forum_command_of_every_ruleset_has_its_words_in_every_language(lang):
    for ruleset in RULESETS.values():
        for name in [*ruleset.forum_commands, *ruleset.room_orders]:
            assert has(f"forum.command.{name}", lang), (name, lang)
    for vote in ("yes", "no", "abstain"):
        assert has(f"vote.words.{vote}", lang)


def test_no_command_word_is_written_in_the_code():
    """No string in the forum's code or the Council's is one of the words (comments may show one)."""
    import ast

    files = [*(ROOT / "gmtool" / "forum").glob("*.py"), ROOT / "gmtool" / "rules" / "orion" / "council.py"]
    strings = {
        node.value.casefold()
        for path in files
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    for word in [*COMMAND_WORDS, *BALLOT_WORDS, "подкуп"]:
        if not word.isascii():
            assert word not in strings, word


def test_a_word_added_to_a_catalog_is_a_command(monkeypatch):
    """The words are read from the catalogs (once per process): a translator adds a word there."""
    english = dict(locale.catalog("en"))
    english["forum.command.roll"] = "roll r würfel"

    def catalog(lang: str):
        return english if lang == "en" else real(lang)

    real = locale.catalog
    words.cache_clear()
    monkeypatch.setattr(locale, "catalog", catalog)
    try:
        assert command_name("Würfel") == "roll"
        assert words("forum.command") is words("forum.command")  # read once
    finally:
        monkeypatch.undo()
        words.cache_clear()
    assert command_name("würfel") == ""
