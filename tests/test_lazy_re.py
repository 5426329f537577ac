"""gmtool.lazy_re: a pattern compiled on its first use answers as re.compile's would."""

from __future__ import annotations

import re

from gmtool.lazy_re import lazy


def test_a_lazy_pattern_compiles_on_first_use_only() -> None:
    pattern = lazy(r"(\d+)-(\d+)", re.I)
    assert pattern._compiled is None
    assert pattern.pattern == r"(\d+)-(\d+)"
    m = pattern.match("12-34 x")
    assert m is not None and m.groups() == ("12", "34")
    first = pattern.compiled
    assert first.flags & re.I and pattern.compiled is first


def test_a_lazy_pattern_answers_every_call_as_re_compile() -> None:
    text = "a 1-2, b 30-4; c"
    for source, flags in ((r"(\d+)-(\d+)", 0), (r"[,;]\s*", 0), (r"B", re.I)):
        eager, lazy_one = re.compile(source, flags), lazy(source, flags)
        assert repr(lazy_one.search(text)) == repr(eager.search(text))
        assert repr(lazy_one.match(text, 2)) == repr(eager.match(text, 2))
        assert repr(lazy_one.fullmatch(text)) == repr(eager.fullmatch(text))
        assert [m.span() for m in lazy_one.finditer(text)] == [m.span() for m in eager.finditer(text)]
        assert lazy_one.findall(text) == eager.findall(text)
        assert lazy_one.split(text, 1) == eager.split(text, 1)
        assert lazy_one.sub("_", text, 1) == eager.sub("_", text, 1)
        assert lazy_one.sub(lambda m: m.group(0).upper(), text) == eager.sub(lambda m: m.group(0).upper(), text)
