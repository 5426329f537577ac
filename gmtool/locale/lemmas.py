"""Names written in any grammatical case and number: «звёздную базу» names the row labelled
«Звёздная база», «колонизатора» the one aliased «колонизатор», «фрегаты» «Фрегат».

Each Russian word is read by the dictionary of ``pymorphy3`` (OpenCorpora, the one
gmtool/locale/names.py declines names with) into its dictionary forms (the lemmas of all its
readings); two names are the same when they have as many words and each pair of words
shares a lemma (case and ``ё``/``е`` aside).  A word in other letters is compared as it is.
The library is loaded only when a Russian name is compared this way (an exact match did not
find it), so ``gmtool roll`` and ``gmtool --help`` never load it.
"""

from __future__ import annotations

import functools
import re

_CYRILLIC = re.compile("[А-Яа-яЁё]")
_EDGES = "\"'«»“”„.,;:!?()[]"


def fold(word: str) -> str:
    return word.casefold().replace("ё", "е")


def russian(text: str) -> bool:
    """Whether ``text`` holds a Russian letter (only such words are read by the dictionary)."""
    return bool(_CYRILLIC.search(text))


@functools.lru_cache(maxsize=4096)
def lemmas(word: str) -> frozenset[str]:
    """The dictionary forms ``word`` may be a form of (folded), itself among them."""
    word = fold(word.strip(_EDGES))
    if not russian(word):
        return frozenset({word})
    from gmtool.locale.names import _morph  # loads pymorphy3 the first time

    return frozenset({word, *(fold(parse.normal_form) for parse in _morph().parse(word))})


def same_name(written: str, name: str) -> bool:
    """Whether ``written`` is ``name`` in some case and number, word by word."""
    ours, theirs = written.split(), name.split()
    if len(ours) != len(theirs) or not ours or not russian(written):
        return False
    return all(lemmas(a) & lemmas(b) for a, b in zip(ours, theirs))
