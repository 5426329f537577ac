"""Names written in any grammatical case and number: «звёздную базу» names the row labelled
«Звёздная база», «колонизатора» the one aliased «колонизатор», «фрегаты» «Фрегат».

Each Russian word is read by the dictionary of ``pymorphy3`` (OpenCorpora, the one
gmtool/locale/names.py declines names with) into its dictionary forms (the lemmas of all its
readings); two names are the same when they have as many words and each pair of words
shares a lemma (case and ``ё``/``е`` aside).  A word in Latin letters has its obvious English
singular forms for lemmas («scouts» → «scout», «batteries» → «battery», «classes» → «class»):
«colony ships» names the row labelled «Colony ship».  The library is loaded only when a Russian name is compared this way (an exact match did not
find it), so ``gmtool roll`` and ``gmtool --help`` never load it.
"""

from __future__ import annotations

import functools

from gmtool.lazy_re import lazy

_CYRILLIC = lazy("[А-Яа-яЁё]")
_EDGES = "\"'«»“”„.,;:!?()[]"


def fold(word: str) -> str:
    return word.casefold().replace("ё", "е")


def russian(text: str) -> bool:
    """Whether ``text`` holds a Russian letter (only such words are read by the dictionary)."""
    return bool(_CYRILLIC.search(text))


_LATIN_WORD = lazy("[a-z][a-z'-]*[a-z]")


def english_singulars(word: str) -> set[str]:
    """The singular forms a folded English word may be the plural of, by the obvious rules
    (no dictionary): «ships» → «ship», «batteries» → «battery», «classes» → «class», «bases» →
    «base» (and «bas»: the other row's name it must also match is what decides)."""
    if not _LATIN_WORD.fullmatch(word) or not word.endswith("s") or word.endswith("ss") or len(word) < 3:
        return set()
    out = {word[:-1]}
    if word.endswith("ies") and len(word) > 4:
        out.add(word[:-3] + "y")
    if word.endswith("es"):
        out.add(word[:-2])
    return out


@functools.lru_cache(maxsize=4096)
def lemmas(word: str) -> frozenset[str]:
    """The dictionary forms ``word`` may be a form of (folded), itself among them."""
    word = fold(word.strip(_EDGES))
    if not russian(word):
        return frozenset({word, *english_singulars(word)})
    from gmtool.locale.names import _morph  # loads pymorphy3 the first time

    return frozenset({word, *(fold(parse.normal_form) for parse in _morph().parse(word))})


def same_name(written: str, name: str) -> bool:
    """Whether ``written`` is ``name`` in some case and number, word by word (English: in
    either number)."""
    ours, theirs = written.split(), name.split()
    if len(ours) != len(theirs) or not ours or russian(written) != russian(name):
        return False
    return all(lemmas(a) & lemmas(b) for a, b in zip(ours, theirs))
