"""The message catalogs (gmtool/locale/<lang>.toml): complete in every language, with the
same placeholders, and plural forms by the CLDR rules of each language."""

from __future__ import annotations

import string

import pytest

from gmtool.locale import LANGS, Msg, catalog, plural_category, plural_forms, t
from gmtool.report.i18n import tr


def placeholders(message: str | dict[str, str]) -> set[str]:
    forms = message.values() if isinstance(message, dict) else [message]
    return {
        name.split(".")[0].split("[")[0] for form in forms for _, name, _, _ in string.Formatter().parse(form) if name
    }


def test_every_key_is_in_every_language():
    keys = {lang: set(catalog(lang)) for lang in LANGS}
    for lang in LANGS:
        for other in LANGS:
            missing = sorted(keys[other] - keys[lang])
            assert not missing, f"{lang}.toml lacks {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_agree_with_english(lang):
    en = catalog("en")
    differ = {
        key: (placeholders(en[key]), placeholders(msg))
        for key, msg in catalog(lang).items()
        if placeholders(msg) != placeholders(en[key])
    }
    assert not differ, f"{lang}: placeholders differ from en: {differ}"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_messages_have_the_languages_cldr_forms(lang):
    needed = plural_forms(lang)
    for key, message in catalog(lang).items():
        if isinstance(message, dict):
            assert needed <= set(message), f"{lang}: {key} lacks forms {sorted(needed - set(message))}"
            assert "n" in placeholders(message) or key.endswith("_word"), (
                f"{lang}: plural {key} never says its number (name it *_word if that is meant)"
            )


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_is_empty(lang):
    for key, message in catalog(lang).items():
        forms = message.values() if isinstance(message, dict) else [message]
        assert all(f.strip() for f in forms), f"{lang}: {key} is empty"


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_numbers_plural_category_is_babels(lang):
    """gmtool writes out the CLDR rules for whole numbers; Babel's locale data is the reference."""
    from babel.core import Locale

    rule = Locale.parse(lang).plural_form
    numbers = [*range(1200), 10_001, 10_011, 10_012, 10_022, 10_025, 1_000_000, 123_456_789]
    for n in numbers:
        assert plural_category(n, lang) == rule(n) == plural_category(-n, lang), n
    assert plural_category(1.5, lang) == rule(1.5)  # a fraction: Babel's own rule


def test_plural_messages_are_the_same_keys_in_every_language():
    shape = {lang: {k for k, v in catalog(lang).items() if isinstance(v, dict)} for lang in LANGS}
    assert shape["en"] == shape["ru"]


NUMBERS = (0, 1, 2, 5, 11, 21, 22, 25, 111)


def test_russian_plural_categories_by_cldr():
    assert [plural_category(n, "ru") for n in NUMBERS] == [
        "many",
        "one",
        "few",
        "many",
        "many",
        "one",
        "few",
        "many",
        "many",
    ]


def test_english_plural_categories_by_cldr():
    assert [plural_category(n, "en") for n in NUMBERS] == [
        "other",
        "one",
        "other",
        "other",
        "other",
        "other",
        "other",
        "other",
        "other",
    ]


def test_msg_renders_in_the_readers_language_and_nests():
    msg = Msg("stage_n", n=2)
    assert msg.text("en") == "stage 2" and msg.text("ru") == "этап 2"
    assert str(msg) == "stage 2"
    assert t("near_homeworld", "ru") == tr("near_homeworld", "ru") == "До разведки рядом с Родным миром"


def test_unknown_language_falls_back_to_english():
    assert t("roll", "xx") == "Roll"


PLURALS = {
    ("ru", "n_orders"): [
        "0 ордеров",
        "1 ордер",
        "2 ордера",
        "5 ордеров",
        "11 ордеров",
        "21 ордер",
        "22 ордера",
        "25 ордеров",
        "111 ордеров",
    ],
    ("en", "n_orders"): [
        "0 orders",
        "1 order",
        "2 orders",
        "5 orders",
        "11 orders",
        "21 orders",
        "22 orders",
        "25 orders",
        "111 orders",
    ],
    ("ru", "n_scientists"): [
        "0 учёных",
        "1 учёный",
        "2 учёных",
        "5 учёных",
        "11 учёных",
        "21 учёный",
        "22 учёных",
        "25 учёных",
        "111 учёных",
    ],
    ("en", "n_scientists"): [
        "0 scientists",
        "1 scientist",
        "2 scientists",
        "5 scientists",
        "11 scientists",
        "21 scientists",
        "22 scientists",
        "25 scientists",
        "111 scientists",
    ],
    ("ru", "n_dice"): [
        "0 кубиков",
        "1 кубик",
        "2 кубика",
        "5 кубиков",
        "11 кубиков",
        "21 кубик",
        "22 кубика",
        "25 кубиков",
        "111 кубиков",
    ],
    ("en", "n_dice"): ["0 dice", "1 die", "2 dice", "5 dice", "11 dice", "21 dice", "22 dice", "25 dice", "111 dice"],
}


@pytest.mark.parametrize("lang,key", sorted(PLURALS))
def test_counted_nouns(lang, key):
    assert [t(key, lang, n=n) for n in NUMBERS] == PLURALS[(lang, key)]


SUCCESSES = {
    "ru": ["успехов", "успех", "успеха", "успехов", "успехов", "успех", "успеха", "успехов", "успехов"],
    "en": [
        "successes",
        "success",
        "successes",
        "successes",
        "successes",
        "successes",
        "successes",
        "successes",
        "successes",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_roll_counts_successes_in_the_right_form(gm, lang):
    for n, word in zip(NUMBERS, SUCCESSES[lang]):
        dice = ",".join(["9"] * n + ["1"] * (112 - n))
        res = gm("roll", "112d10>=5", "--dice", dice, "--lang", lang)
        assert res.exit_code == 0, res.output
        assert f"= {n} {word}\n" in res.stdout


def test_a_change_reads_as_a_counted_noun():
    from gmtool.report.words import change

    assert (change("orders", 1, "en"), change("bc", -2, "en")) == ("+1 order", "−2 BC")
    assert (change("orders", 21, "ru"), change("colonists", -2, "ru")) == ("+21 ордер", "−2 колониста")


def test_a_catalog_is_read_from_its_compiled_copy_only_while_the_copy_is_of_its_bytes(tmp_path):
    from gmtool.locale import _read_catalog

    path = tmp_path / "xx.toml"
    path.write_text('hello = "Hello"\n[n]\none = "{n} die"\nother = "{n} dice"\n', encoding="utf-8")
    assert _read_catalog(path) == {"hello": "Hello", "n": {"one": "{n} die", "other": "{n} dice"}}
    (compiled,) = (tmp_path / "__pycache__").iterdir()
    assert _read_catalog(path) == {"hello": "Hello", "n": {"one": "{n} die", "other": "{n} dice"}}
    path.write_text('hello = "Hi"\n', encoding="utf-8")  # a translator's edit: read anew
    assert _read_catalog(path) == {"hello": "Hi"}
    compiled.write_bytes(b"\x00garbage")  # a damaged copy is ignored and made again
    assert _read_catalog(path) == {"hello": "Hi"}
    assert _read_catalog(path) == {"hello": "Hi"}


def test_a_catalog_whose_folder_cannot_be_written_is_read_all_the_same(tmp_path):
    from gmtool.locale import _read_catalog

    path = tmp_path / "xx.toml"
    path.write_text('hello = "Hello"\n', encoding="utf-8")
    (tmp_path / "__pycache__").write_text("a file where the folder would be", encoding="utf-8")
    assert _read_catalog(path) == {"hello": "Hello"}
    assert _read_catalog(path) == {"hello": "Hello"}
