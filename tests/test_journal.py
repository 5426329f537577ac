"""The append-only roll journal (gmtool/campaign/journal.py): format, split, tail reads, torn ends.

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

import os
import pathlib
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.campaign import journal
from gmtool.campaign.stream import Entry
from helpers import entries

HEAD = "# gmtool roll journal: one [[roll]] per die, append-only\n\n"


_ints = st.integers(0, 10**12)
_texts = st.text(max_size=60)  # a purpose: its control characters are written as spaces
_labels = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)
_words = st.text("abcdef0123456789stage", max_size=16)  # a part, a share: written as they are


@st.composite
def _written(draw: st.DrawFn) -> Entry:
    entry = Entry(
        draw(_ints), draw(_ints), draw(_texts), draw(_ints), draw(_ints), draw(st.sampled_from(["stream", "manual"]))
    )
    entry.chain = draw(st.sampled_from(["", "ab" * 32]))
    if draw(st.booleans()):  # scheme 2
        entry.label, entry.index, entry.part = draw(_labels), draw(_ints), draw(_words.filter(bool))
        entry.share, entry.private = draw(_words), draw(st.booleans())
    return entry


class TestJournal:
    @settings(max_examples=300, deadline=None)
    @given(entry=_written(), blank=st.sampled_from(["", "\n", "\n\n"]))
    def test_a_written_entry_reads_back_as_toml_reads_it(self, entry, blank):
        """The journal reads its own entries without tomllib: what it gets is what TOML says."""
        text = journal.format_entry(entry)[:-1] + blank
        data = tomllib.loads(text)["roll"][0]
        got = journal._parse_block(text)
        assert got is not None
        assert got.to_dict() | {"chain": got.chain} == data | {"chain": data.get("chain", "")}
        assert got == journal._parse_toml(text)

    @pytest.mark.parametrize(
        "block",
        [
            '[[roll]]\nid = 7\nturn = 2\npurpose = "a\\tb \\u00e9"\ndie = 10\nface = 3\nsource = "stream"\n',
            "[[roll]]\nid=7\nturn=2\npurpose='a'\ndie=10\nface=3\nsource='stream' # by hand\n",
            '[[roll]]\nsource = "stream"\nface = 3\ndie = 10\npurpose = "a"\nturn = 2\nid = 7\n',
            '[[roll]]\nid = 0x7\nturn = +2\npurpose = "a"\ndie = 1_0\nface = 3\nsource = "stream"\n',
        ],
    )
    def test_a_block_written_by_hand_still_reads_as_toml(self, block):
        got = journal._parse_block(block)
        assert got is not None and (got.id, got.turn, got.die, got.face, got.source) == (7, 2, 10, 3, "stream")

    @pytest.mark.parametrize(
        "block",
        [
            '[[roll]]\nid = 7\nturn = 2\npurpose = "a"\ndie = 10\nface = 3\nsource = "stream"',  # no line end
            '[[roll]]\nid = 07\nturn = 2\npurpose = "a"\ndie = 10\nface = 3\nsource = "stream"\n',
            '[[roll]]\nid = 7\nturn = 2\npurpose = "a"\ndie = 10\nface = 3\n',
            '[[roll]]\nid = 7\nturn = 2\npurpose = "a"\ndie = 10\nface = 3\nlabel = "x"\nindex = 1\n'
            'part = ""\nshare = "s"\nprivate = false\nsource = "stream"\n',  # a scheme-2 entry with no part
        ],
    )
    def test_a_malformed_block_is_none(self, block):
        assert journal._parse_block(block) is None

    def test_format_split_round_trip(self):
        es = entries(25)
        text = HEAD + "".join(journal.format_entry(e) for e in es)
        got, tail, problems = journal.split(text)
        assert got == es and tail == "" and problems == []
        # also plain TOML, the CONTRACT shape
        data = tomllib.loads(text)
        assert [r["id"] for r in data["roll"]] == list(range(1, 26))
        assert set(data["roll"][0]) >= {"id", "die", "face", "source"}

    @pytest.mark.parametrize(
        "purpose",
        [
            'bob says "hi"',
            'back\\slash \\n \\" \\',
            "line\nbreak\r\nand\ttab",
            "nul\x00 bell\x07 esc\x1b del\x7f",
            "ends with backslash \\",
            '"""triple"""',
            "ру́сский текст — «кавычки»",
            "emoji 🚀 \u2028 \x85",
            "x" * 500,
            "",
        ],
    )
    def test_purpose_survives_as_valid_toml(self, purpose):
        e = Entry(1, 1, purpose, 10, 4, "stream")
        text = journal.format_entry(e)
        data = tomllib.loads(text)  # valid TOML
        got = data["roll"][0]["purpose"]
        expected = "".join(" " if (ord(ch) < 32 or ch == "\x7f") else ch for ch in purpose)[:200]
        assert got == expected
        assert "\n" not in got and "\x00" not in got
        back, tail, problems = journal.split(text)
        assert tail == "" and problems == []
        assert back == [Entry(1, 1, expected, 10, 4, "stream")]

    def test_read_tail_clean(self, tmp_path):
        path = tmp_path / "journal.toml"
        assert journal.read_tail(path) == (0, True)  # no file
        path.write_text(HEAD)
        assert journal.read_tail(path) == (0, True)  # header only
        journal.append(path, entries(3))
        assert journal.read_tail(path) == (3, True)
        journal.append(path, entries(2, start=4))
        assert journal.read_tail(path) == (5, True)

    @staticmethod
    def _three_entries(tmp_path: Path, last_purpose: str) -> tuple[Path, bytes, int]:
        path = tmp_path / "journal.toml"
        path.write_text(HEAD)
        journal.append(path, entries(2))
        start = path.stat().st_size
        journal.append(path, [Entry(3, 1, last_purpose, 10, 9, "stream")])
        return path, path.read_bytes(), start

    # The byte ranges of the last entry: [start, body) is its "[[roll]]\n" header,
    # [body, end) the rest; the final blank line (end) is only a separator.
    @staticmethod
    def _ranges(full: bytes, start: int) -> tuple[range, range]:
        body = start + len(journal.HEADER)
        return range(start + 1, body), range(body, len(full) - 1)

    PURPOSES = ["roll for bob: boarding action", "бросок «абордаж» для боба: d10"]

    @pytest.mark.parametrize("purpose", PURPOSES)
    def test_read_tail_every_cut_after_the_header(self, tmp_path, purpose):
        path, full, start = self._three_entries(tmp_path, purpose)
        assert journal.read_tail(path) == (3, True)
        # Cut exactly at the start of the last entry: a clean file of two entries.
        path.write_bytes(full[:start])
        assert journal.read_tail(path) == (2, True)
        _, inside = self._ranges(full, start)
        wrong = []
        for cut in inside:
            path.write_bytes(full[:cut])
            got = journal.read_tail(path)
            if got != (2, False):
                wrong.append((full[start:cut].decode("utf-8", "replace"), got))
        assert wrong == []
        path.write_bytes(full[:-1])  # only the separating blank line is missing
        assert journal.read_tail(path) == (3, True)

    @pytest.mark.parametrize("purpose", PURPOSES)
    def test_read_tail_cut_inside_the_header(self, tmp_path, purpose):
        # A crash after writing "[[ro" of the third entry: entry 2 is still the last complete one.
        path, full, start = self._three_entries(tmp_path, purpose)
        header, _ = self._ranges(full, start)
        got = {}
        for cut in header:
            path.write_bytes(full[:cut])
            got[full[start:cut].decode()] = journal.read_tail(path)
        assert got == dict.fromkeys(got, (2, False))

    def test_repair_cuts_exactly_the_incomplete_tail(self, tmp_path):
        path, full, start = self._three_entries(tmp_path, "roll for bob: boarding action")
        _, inside = self._ranges(full, start)
        for cut in inside:
            path.write_bytes(full[:cut])
            assert journal.repair(path) == cut - start, full[start:cut]
            assert path.read_bytes() == full[:start]
            assert journal.read_tail(path) == (2, True)
            assert journal.split(path.read_text())[1] == ""
            assert not list(tmp_path.glob(".*.tmp"))
        path.write_bytes(full)
        assert journal.repair(path) == 0
        assert path.read_bytes() == full

    def test_repair_torn_header_keeps_the_complete_entry_before_it(self, tmp_path):
        path, full, start = self._three_entries(tmp_path, "roll for bob: boarding action")
        header, _ = self._ranges(full, start)
        wrong = []
        for cut in header:
            path.write_bytes(full[:cut])
            removed = journal.repair(path)
            if removed != cut - start or path.read_bytes() != full[:start]:
                wrong.append((full[start:cut].decode(), f"removed {removed} bytes, not {cut - start}"))
        assert wrong == []

    def test_repair_tail_cut_inside_a_multibyte_character(self, tmp_path):
        # A crash can tear the last write at any byte, also inside a UTF-8 character of a
        # Russian purpose; repair must still cut exactly the torn entry.
        path, full, start = self._three_entries(tmp_path, "бросок «абордаж» для боба")
        _, inside = self._ranges(full, start)
        failures = []
        for cut in inside:
            try:
                full[start:cut].decode()
                continue  # not inside a character: covered above
            except UnicodeDecodeError:
                pass
            path.write_bytes(full[:cut])
            try:
                removed = journal.repair(path)
            except Exception as exc:  # noqa: BLE001 - record and report all positions
                failures.append((cut - start, f"{type(exc).__name__}: {exc}"[:80]))
                continue
            if removed != cut - start or path.read_bytes() != full[:start]:
                failures.append((cut - start, "wrong cut"))
        assert failures == []

    def test_split_reports_problems_in_the_middle(self):
        es = entries(3)
        blocks = [journal.format_entry(e) for e in es]
        blocks[1] = blocks[1].replace("face = ", "face = = ")
        got, tail, problems = journal.split(HEAD + "".join(blocks))
        assert [e.id for e in got] == [1, 3]
        assert tail == ""
        assert problems == ["entry 2 is malformed"]

    def test_big_journal_read_tail_reads_only_the_end(self, tmp_path, monkeypatch):
        path = tmp_path / "journal.toml"
        path.write_text(HEAD + "".join(journal.format_entry(e) for e in entries(20_000)))
        size = path.stat().st_size
        assert size > 1_500_000
        read = []
        real_open = pathlib.Path.open

        class Counting:
            def __init__(self, fh):
                self.fh = fh

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.fh.close()

            def __getattr__(self, name):
                return getattr(self.fh, name)

            def read(self, n=-1):
                data = self.fh.read(n)
                read.append(len(data))
                return data

        def counting_open(self, mode="r", *a, **kw):
            fh = real_open(self, mode, *a, **kw)
            return Counting(fh) if "b" in mode else fh

        def no_full_read(self, *a, **kw):
            raise AssertionError("read_tail must not read the whole journal")

        monkeypatch.setattr(pathlib.Path, "open", counting_open)
        monkeypatch.setattr(pathlib.Path, "read_text", no_full_read)
        monkeypatch.setattr(pathlib.Path, "read_bytes", no_full_read)
        assert journal.read_tail(path) == (20_000, True)
        assert 0 < sum(read) <= 64 * 1024
        monkeypatch.undo()

        # Torn tails of the big journal, at every cut position of the last entry.
        full_size = size
        with open(path, "rb") as fh:
            fh.seek(full_size - 400)
            end = fh.read()
        start = full_size - 400 + end.rfind(b"[[roll]]\n")
        body = start + len(journal.HEADER)
        for cut in range(full_size - 2, body - 1, -1):
            os.truncate(path, cut)
            assert journal.read_tail(path) == (19_999, False), cut - start
        os.truncate(path, start)
        assert journal.read_tail(path) == (19_999, True)


def test_a_journal_cut_below_the_campaigns_last_roll_is_refused_however_the_state_was_read(tmp_path):
    """next_roll_id compares the journal's end with campaign.toml's last_roll_id: the value
    the store loaded while the file holds those bytes, the file's own once it changed."""
    from gmtool.campaign.store import CampaignStore
    from gmtool.errors import CampaignError
    from helpers import stored_campaign

    store, state = stored_campaign(tmp_path)
    store.append(entries(3))
    state.last_roll_id = 3
    store.save(state)
    assert CampaignStore(store.folder).next_roll_id() == 4
    loaded = CampaignStore(store.folder)
    loaded.load()
    assert loaded.next_roll_id() == 4
    text = loaded.state_path.read_text(encoding="utf-8")
    assert "last_roll_id = 3\n" in text
    loaded.state_path.write_text(text.replace("last_roll_id = 3\n", "last_roll_id = 9\n"), encoding="utf-8")
    with pytest.raises(CampaignError, match="ends at roll #3 but the campaign has used rolls up to #9"):
        loaded.next_roll_id()
