"""Campaigns at library level: the hex map, the start of a game (RULES.md A2), the
verifiable roll stream, the append-only journal, the store, the TOML round trip,
exploration inside a campaign (A4, A4.5), fog of war, and the verify/validate checks.

Expected values are written from RULES.md / CONTRACT.md and the docstrings, not read
back from the code under test.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import pathlib
import tomllib
from collections import Counter
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.campaign import journal
from gmtool.campaign.galaxy import MAX_PLAYERS, MIN_PLAYERS, place_homeworlds, radius_for
from gmtool.campaign.hexes import Hex, within
from gmtool.campaign.model import (
    FORMATS,
    LANGS,
    Campaign,
    Monster,
    PlanetState,
    Player,
    System,
    campaign_from_dict,
    campaign_to_dict,
)
from gmtool.campaign.store import CampaignStore
from gmtool.campaign.stream import Entry, JournalingSource, commitment, derive_face
from gmtool.campaign.verify import validate_state, verify_journal
from gmtool.campaign.views import status_view
from gmtool.dice.sources import FixedSource, RandomSource
from gmtool.errors import CampaignError, DiceError, InputError, RuleRefused
from gmtool.rolltables import TableLibrary
from gmtool.rolltables.library import ENV_TABLES
from gmtool.rolltables.roller import DiceRoller
from gmtool.rules.orion.campaign_explore import (
    apply_exploration,
    check_explorable,
    neighbourhood_of,
)
from gmtool.rules.orion.exploration import (
    TOO_FEW_PLANETS,
    TOO_MANY_PLANETS,
    OrionTables,
    explore,
    special_planet,
)
from gmtool.rules.orion.setup import new_campaign
from reach_paths import open_path


def _shipped_library() -> TableLibrary:
    # A moderator's GMTOOL_TABLES must not change the rules under test.
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv(ENV_TABLES, raising=False)
        lib = TableLibrary.default()
        OrionTables(lib)          # load everything while the variable is unset
        lib.get("start", "orion")
        return lib


LIB = _shipped_library()
TABLES = OrionTables(LIB)
SECRET = bytes(range(32))
PLAYERS = ["alice", "bob", "carol"]

# RULES.md A4.4 by hand: world-type total → id; colonisable types.
COLONISABLE = {"terran", "ocean", "steppe"}
TYPE_IDS = {"terran", "ocean", "steppe", "toxic", "barren", "inferno"}
SIZE_IDS = {"tiny", "small", "medium", "large", "huge"}
PROPERTY_IDS = {"favorable", "hostile", "poor", "rich", "gravity", "artifacts"}


def make_campaign(players=PLAYERS, seed: int = 7, **kw) -> Campaign:
    return new_campaign("test", list(players), RandomSource(seed), LIB, commitment(SECRET), seed, **kw)


def neighbours_spec(h: Hex) -> set[Hex]:
    q, r = h
    return {Hex(q + 1, r), Hex(q - 1, r), Hex(q, r + 1), Hex(q, r - 1), Hex(q + 1, r - 1), Hex(q - 1, r + 1)}


def roller(*faces: int) -> tuple[DiceRoller, FixedSource]:
    src = FixedSource(faces)
    return DiceRoller(src), src


# =============================================================================== hexes

class TestHexes:
    def test_neighbours_are_the_contract_six(self):
        for h in (Hex(0, 0), Hex(3, -1), Hex(-4, 2), Hex(7, 7)):
            ns = h.neighbours()
            assert len(ns) == 6
            assert set(ns) == neighbours_spec(h)
            assert all(h.distance(n) == 1 for n in ns)

    @pytest.mark.parametrize("a,b,d", [
        ((0, 0), (0, 0), 0), ((0, 0), (1, 0), 1), ((0, 0), (1, -1), 1), ((0, 0), (1, 1), 2),
        ((0, 0), (3, -1), 3), ((0, 0), (-2, -2), 4), ((2, -3), (-1, 2), 5), ((0, 0), (0, -4), 4),
    ])
    def test_distance(self, a, b, d):
        assert Hex(*a).distance(Hex(*b)) == d
        assert Hex(*b).distance(Hex(*a)) == d

    def test_distance_is_steps_on_the_grid(self):
        # BFS over the contract's neighbours gives the same distance.
        start = Hex(0, 0)
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for h in frontier:
                for n in neighbours_spec(h):
                    if n not in dist and max(abs(n.q), abs(n.r)) <= 6:
                        dist[n] = dist[h] + 1
                        nxt.append(n)
            frontier = nxt
        for h, d in dist.items():
            if d <= 4:
                assert start.distance(h) == d, h

    def test_within(self):
        for radius in range(7):
            hexes = list(within(radius))
            assert len(hexes) == 3 * radius * (radius + 1) + 1
            assert len(set(hexes)) == len(hexes)
            assert all(h.distance(Hex(0, 0)) <= radius for h in hexes)

    @pytest.mark.parametrize("text,expected", [
        ("3,-1", Hex(3, -1)), (" 3 , -1 ", Hex(3, -1)), ("0,0", Hex(0, 0)), ("−2,5", Hex(-2, 5)),
        ("-10,10", Hex(-10, 10)),
    ])
    def test_parse(self, text, expected):
        assert Hex.parse(text) == expected
        assert Hex.parse(str(expected)) == expected

    @pytest.mark.parametrize("text", ["", "3", "3,", ",3", "a,b", "1,2,3", "3;1", "1.5,2", "3 -1",
                                      "12345,0", "+-1,0", "1,,2"])
    def test_parse_errors(self, text):
        with pytest.raises(InputError, match="Q,R"):
            Hex.parse(text)


# ============================================================================== galaxy

class TestGalaxy:
    @pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
    def test_placement_rules_for_many_seeds(self, players):
        radius = radius_for(players)
        for seed in range(40):
            homes = place_homeworlds(players, radius, RandomSource(seed))
            assert len(homes) == players
            assert len(set(homes)) == players
            for i, h in enumerate(homes):
                assert h.distance(Hex(0, 0)) >= 3, (seed, h)
                assert all(n.distance(Hex(0, 0)) <= radius for n in h.neighbours()), (seed, h)
                for other in homes[i + 1:]:
                    assert h.distance(other) >= 3, (seed, h, other)

    @pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
    def test_same_seed_same_placement(self, players):
        radius = radius_for(players)
        placements = set()
        for seed in (1, 2, 3, 99, 12345):
            a = place_homeworlds(players, radius, RandomSource(seed))
            b = place_homeworlds(players, radius, RandomSource(seed))
            assert a == b
            placements.add(tuple(a))
        assert len(placements) > 1     # the seed matters

    def test_same_seed_same_campaign(self):
        a = make_campaign(seed=11)
        b = make_campaign(seed=11)
        assert [p.homeworld for p in a.players] == [p.homeworld for p in b.players]

    @pytest.mark.parametrize("players", [0, 1, 11, 20])
    def test_radius_refuses_player_counts(self, players):
        with pytest.raises(InputError):
            radius_for(players)


# =============================================================================== setup

class TestSetup:
    def test_start_state(self):
        c = make_campaign(feudal=["bob"])
        assert c.turn == 1 and c.stage == 1
        assert [p.name for p in c.players] == PLAYERS     # seating order
        assert c.commitment == commitment(SECRET)
        for p in c.players:
            assert p.bc == 4
            assert p.orders == 0
            assert p.scouts == 1
            assert p.colony_ships == 1
            if p.name == "bob":
                assert (p.fleet_size, p.fleet_max, p.feudal) == (2, 3, True)
            else:
                assert (p.fleet_size, p.fleet_max, p.feudal) == (1, 2, False)
            home = c.system(p.homeworld)
            assert home is not None
            assert home.homeworld_of == p.name and home.owner == p.name and home.explored_by == p.name
            assert home.discovery == "planet"
            assert home.planet.type == "terran"
            assert home.planet.size == "large"
            assert home.planet.max_population == 4
            assert home.planet.population == 3
            assert home.planet.properties == []
            assert home.planet.production == 4          # terran (A4.4)
        orion = c.system(c.orion)
        assert orion is not None and orion.discovery == "orion" and orion.explored_by is None
        assert validate_state(c, TYPE_IDS, SIZE_IDS, PROPERTY_IDS) == []

    def test_seating_order_is_given_order(self):
        order = ["zoe", "adam", "mia", "bob"]
        assert [p.name for p in make_campaign(order).players] == order

    @pytest.mark.parametrize("players", [
        ["alice", "alice"], ["alice", "bob", "alice"], ["alice", ""], ["   ", "bob"],
        ["alice"], [f"p{i}" for i in range(11)], ["alice", "x" * 41], ["alice", "b\nob"],
    ])
    def test_bad_player_lists(self, players):
        with pytest.raises(InputError):
            make_campaign(players)

    def test_feudal_must_be_a_player(self):
        with pytest.raises(InputError):
            make_campaign(feudal=["zed"])

    @pytest.mark.parametrize("n", range(2, 9))
    def test_every_player_count(self, n):
        c = make_campaign([f"p{i}" for i in range(n)], seed=n)
        assert len(c.players) == n
        assert validate_state(c, TYPE_IDS, SIZE_IDS, PROPERTY_IDS) == []


# ============================================================================== stream

def reference_face(secret: bytes, roll_id: int, sides: int) -> int:
    """Written from the docstring of gmtool/campaign/stream.py."""
    counter = 0
    while True:
        msg = f"gmtool-v1:{roll_id}:{sides}:{counter}".encode("ascii")
        digest = hmac.new(secret, msg, hashlib.sha256).digest()
        x = int.from_bytes(digest[:8], "big")
        if x < 2 ** 64 - (2 ** 64 % sides):
            return x % sides + 1
        counter += 1


SIDES = [1, 2, 3, 6, 7, 10, 12, 20, 100, 1000, 999_983, 3 * 2 ** 62, 2 ** 63 + 1]


class TestStream:
    @pytest.mark.parametrize("sides", SIDES)
    def test_faces_in_range_and_match_reference(self, sides):
        for roll_id in range(1, 301):
            face = derive_face(SECRET, roll_id, sides)
            assert 1 <= face <= sides
            assert face == derive_face(SECRET, roll_id, sides)        # deterministic
            assert face == reference_face(SECRET, roll_id, sides)

    def test_rejection_sampling_is_exercised(self):
        # With sides = 2**63 + 1 about half the first draws are rejected: the counter loop
        # must run, and still match the reference.
        sides = 2 ** 63 + 1
        limit = 2 ** 64 - (2 ** 64 % sides)
        rejected = 0
        for roll_id in range(1, 101):
            msg = f"gmtool-v1:{roll_id}:{sides}:0".encode()
            x = int.from_bytes(hmac.new(SECRET, msg, hashlib.sha256).digest()[:8], "big")
            rejected += x >= limit
            assert derive_face(SECRET, roll_id, sides) == reference_face(SECRET, roll_id, sides)
        assert rejected > 10

    def test_depends_on_secret_id_and_sides(self):
        other = b"\xff" * 32
        faces = [derive_face(SECRET, i, 1000) for i in range(1, 50)]
        assert faces != [derive_face(other, i, 1000) for i in range(1, 50)]
        assert len(set(faces)) > 30

    def test_d1_is_always_one(self):
        assert {derive_face(SECRET, i, 1) for i in range(1, 200)} == {1}

    def test_d6_is_roughly_uniform(self):
        counts = Counter(derive_face(SECRET, i, 6) for i in range(1, 6001))
        assert set(counts) == set(range(1, 7))
        chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
        assert chi2 < 30          # 5 degrees of freedom; p ≈ 1e-5

    def test_commitment_is_sha256_hex(self):
        assert commitment(SECRET) == hashlib.sha256(SECRET).hexdigest()
        assert commitment(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    def test_journaling_source_numbers_and_records(self):
        src = JournalingSource(SECRET, 5, 2, "test")
        faces = [src.roll(10, "a"), src.roll(6), src.roll(100, "c")]
        assert [e.id for e in src.entries] == [5, 6, 7]
        assert faces == [derive_face(SECRET, 5, 10), derive_face(SECRET, 6, 6), derive_face(SECRET, 7, 100)]
        assert [e.source for e in src.entries] == ["stream"] * 3
        assert src.entries[0].purpose == "test: a" and src.entries[1].purpose == "test"
        assert src.ids == (5, 7)

    def test_journaling_source_manual(self):
        src = JournalingSource(None, 1, 1, "x", [3, 4])
        assert src.roll(10) == 3 and src.roll(10) == 4
        assert [e.source for e in src.entries] == ["manual", "manual"]
        src.finish()
        with pytest.raises(DiceError):
            JournalingSource(None, 1, 1, "x", [11]).roll(10)
        with pytest.raises(DiceError, match="secret is missing"):
            JournalingSource(None, 1, 1, "x").roll(6)  # no secret, no faces: the first die refuses


# ============================================================================= journal

def entries(n: int, start: int = 1, purpose: str = "explore 3,-1 (bob): exploration") -> list[Entry]:
    return [Entry(i, 1 + i // 10, purpose, 10, (i * 7) % 10 + 1, "stream" if i % 3 else "manual")
            for i in range(start, start + n)]


HEAD = "# gmtool roll journal: one [[roll]] per die, append-only\n\n"


class TestJournal:
    def test_format_split_round_trip(self):
        es = entries(25)
        text = HEAD + "".join(journal.format_entry(e) for e in es)
        got, tail, problems = journal.split(text)
        assert got == es and tail == "" and problems == []
        # also plain TOML, the CONTRACT shape
        data = tomllib.loads(text)
        assert [r["id"] for r in data["roll"]] == list(range(1, 26))
        assert set(data["roll"][0]) >= {"id", "die", "face", "source"}

    @pytest.mark.parametrize("purpose", [
        'bob says "hi"', "back\\slash \\n \\\" \\", "line\nbreak\r\nand\ttab", "nul\x00 bell\x07 esc\x1b del\x7f",
        'ends with backslash \\', '"""triple"""', "ру́сский текст — «кавычки»", "emoji 🚀 \u2028 \x85",
        "x" * 500, "",
    ])
    def test_purpose_survives_as_valid_toml(self, purpose):
        e = Entry(1, 1, purpose, 10, 4, "stream")
        text = journal.format_entry(e)
        data = tomllib.loads(text)        # valid TOML
        got = data["roll"][0]["purpose"]
        expected = "".join(" " if (ord(ch) < 32 or ch == "\x7f") else ch for ch in purpose)[:200]
        assert got == expected
        assert "\n" not in got and "\x00" not in got
        back, tail, problems = journal.split(text)
        assert tail == "" and problems == []
        assert back == [Entry(1, 1, expected, 10, 4, "stream")]

    def test_read_tail_clean(self, tmp_path):
        path = tmp_path / "journal.toml"
        assert journal.read_tail(path) == (0, True)          # no file
        path.write_text(HEAD)
        assert journal.read_tail(path) == (0, True)          # header only
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
        path.write_bytes(full[:-1])          # only the separating blank line is missing
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
                continue                  # not inside a character: covered above
            except UnicodeDecodeError:
                pass
            path.write_bytes(full[:cut])
            try:
                removed = journal.repair(path)
            except Exception as exc:   # noqa: BLE001 - record and report all positions
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


# =============================================================================== store

class TestStore:
    def test_create_and_load(self, tmp_path):
        c = make_campaign()
        store = CampaignStore(tmp_path / "c")
        store.create(c, SECRET)
        assert sorted(p.name for p in (tmp_path / "c").iterdir()) == [
            ".gitignore", "campaign.toml", "journal.toml", "secret.key"]
        assert store.load() == c
        assert store.read_secret() == SECRET
        assert commitment(store.read_secret()) == store.load().commitment
        assert (store.secret_path.stat().st_mode & 0o777) == 0o600
        assert "secret.key" in (tmp_path / "c" / ".gitignore").read_text().splitlines()
        assert journal.read_tail(store.journal_path) == (0, True)
        assert store.next_roll_id() == 1

    def test_create_refuses_an_existing_campaign(self, tmp_path):
        store = CampaignStore(tmp_path / "c")
        store.create(make_campaign(), SECRET)
        before = {p.name: p.read_bytes() for p in (tmp_path / "c").iterdir()}
        with pytest.raises(CampaignError, match="already"):
            CampaignStore(tmp_path / "c").create(make_campaign(seed=1), b"\x01" * 32)
        assert {p.name: p.read_bytes() for p in (tmp_path / "c").iterdir()} == before

    def test_create_refuses_a_file(self, tmp_path):
        (tmp_path / "f").write_text("x")
        with pytest.raises(CampaignError):
            CampaignStore(tmp_path / "f").create(make_campaign(), SECRET)

    def test_save_is_atomic_and_leaves_no_temp_files(self, tmp_path, monkeypatch):
        store = CampaignStore(tmp_path)
        store.create(make_campaign(), SECRET)
        c = store.load()
        c.players[0].bc = 99
        store.save(c)
        assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))
        assert store.load().players[0].bc == 99
        before = store.state_path.read_bytes()

        # A crash between writing the temp file and the rename keeps the old state.
        def boom(*a, **kw):
            raise OSError("disk on fire")

        monkeypatch.setattr(os, "replace", boom)
        c.players[0].bc = 5
        with pytest.raises(CampaignError, match="campaign.toml: cannot write: disk on fire"):
            store.save(c)
        monkeypatch.undo()
        assert store.state_path.read_bytes() == before
        # the next command's lock clears the leftover temp file
        with store.locked():
            pass
        assert not list(tmp_path.glob(".*.tmp"))

    def _corrupt(self, tmp_path, old: str, new: str, count: int = 1) -> CampaignStore:
        store = CampaignStore(tmp_path)
        store.create(make_campaign(), SECRET)
        text = store.state_path.read_text()
        assert old in text
        store.state_path.write_text(text.replace(old, new, count))
        return store

    def test_malformed_toml_names_the_line(self, tmp_path):
        store = self._corrupt(tmp_path, "\nturn = 1\n", "\nturn = = 1\n")
        lines = store.state_path.read_text().splitlines()
        n = next(i for i, line in enumerate(lines, start=1) if line.startswith("turn = = "))
        with pytest.raises(CampaignError) as err:
            store.load()
        assert f"campaign.toml: line {n}" in str(err.value)

    def test_not_utf8(self, tmp_path):
        store = CampaignStore(tmp_path)
        store.create(make_campaign(), SECRET)
        store.state_path.write_bytes(store.state_path.read_bytes() + b"\n# \xff\xfe\n")
        with pytest.raises(CampaignError, match="campaign.toml"):
            store.load()

    @pytest.mark.parametrize("old,new,fragment", [
        ("bc = 4", 'bc = "x"', "player 1: bc"),
        ("bc = 4", "bc = true", "player 1: bc"),
        ("orders = 0", "orders = 1.5", "player 1: orders"),
        ("\nturn = 1\n", '\nturn = "1"\n', "turn"),
        ('name = "alice"', "name = 3", "player 1: name"),
        ("population = 3", 'population = "3"', "system 1: planet: population"),
        ('homeworld = "', 'homeworld = "x', "player 1: homeworld"),
        ("radius = 4", 'radius = "4"', "galaxy: radius"),
    ])
    def test_wrong_types_name_the_place(self, tmp_path, old, new, fragment):
        store = self._corrupt(tmp_path, old, new)
        with pytest.raises(CampaignError) as err:
            store.load()
        assert fragment in str(err.value)
        assert "campaign.toml" in str(err.value)

    @pytest.mark.parametrize("old,new,fragment", [
        ("\nturn = 1\n", "\nturn = 1\ncolour = \"red\"\n", "colour"),
        ("bc = 4", "bc = 4\ncolour = 1", "player 1: colour"),
        ("population = 3", "population = 3\nweather = 1", "system 1: planet: weather"),
        ("radius = 4", "radius = 4\nshape = 1", "galaxy: shape"),
    ])
    def test_unknown_keys_refused(self, tmp_path, old, new, fragment):
        store = self._corrupt(tmp_path, old, new)
        with pytest.raises(CampaignError) as err:
            store.load()
        assert fragment in str(err.value) and "unknown key" in str(err.value)

    @pytest.mark.parametrize("new", ["schema_version = 2", "schema_version = 0", 'schema_version = "1"', ""])
    def test_schema_version(self, tmp_path, new):
        store = self._corrupt(tmp_path, "schema_version = 1", new)
        with pytest.raises(CampaignError, match="schema_version"):
            store.load()

    def test_missing_campaign(self, tmp_path):
        with pytest.raises(CampaignError, match="not a campaign"):
            CampaignStore(tmp_path).load()
        with pytest.raises(CampaignError, match="not a campaign"):
            with CampaignStore(tmp_path).locked():
                pass

    def test_torn_journal_refuses_next_roll(self, tmp_path):
        store = CampaignStore(tmp_path)
        store.create(make_campaign(), SECRET)
        store.append(entries(2))
        assert store.next_roll_id() == 3
        with open(store.journal_path, "a") as fh:
            fh.write("[[roll]]\nid = 3\ntu")
        with pytest.raises(CampaignError, match="--repair"):
            store.next_roll_id()


# ========================================================================= round trip

_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)
_maybe_text = st.none() | _text
_small = st.integers(0, 10_000)           # within the ranges checked on load
_hexes = st.builds(Hex, st.integers(-1000, 1000), st.integers(-1000, 1000))
_strings = st.lists(_text, max_size=4)

_planets = st.builds(PlanetState, type=_text, size=_text, properties=_strings, max_population=_small,
                     production=st.integers(-10_000, 10_000), population=_small, buildings=_strings)
_monsters = st.builds(Monster, kind=_text, great=st.booleans(), guards=_maybe_text)
_systems = st.builds(
    System, hex=_hexes, discovery=_text, planet=st.none() | _planets, owner=_maybe_text,
    explored_by=_maybe_text, explored_turn=st.none() | _small, homeworld_of=_maybe_text,
    monster=st.none() | _monsters, guardian=st.booleans(), events=_strings,
    name=st.just("") | _text)
_awards = st.lists(st.dictionaries(st.text(min_size=1, max_size=8).filter(lambda s: "\x00" not in s),
                                   _small | _text | st.lists(_text, max_size=3), min_size=1, max_size=3),
                   max_size=3)
_players = st.builds(
    Player, name=_text, homeworld=_hexes, bc=_small, orders=_small, fleet_size=st.integers(0, 100),
    fleet_max=st.integers(0, 100),
    feudal=st.booleans(), scouts=_small, colony_ships=_small, race=st.just("") | _text, awards=_awards)
_campaigns = st.builds(
    Campaign, name=_text, radius=st.integers(1, 50), commitment=_text,
    players=st.lists(_players, max_size=9), systems=st.lists(_systems, max_size=8),
    ruleset=_text, lang=st.sampled_from(LANGS), format=st.sampled_from(FORMATS), turn=st.integers(1, 10_000),
    stage=st.integers(1, 3), seed=st.none() | st.integers(-2 ** 63, 2 ** 63 - 1), orion=_hexes,
    orders_per_turn=_small, revealed_secret=_maybe_text)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_campaigns)
def test_toml_round_trip_is_lossless(campaign):
    text = tomli_w.dumps(campaign_to_dict(campaign))
    back = campaign_from_dict(tomllib.loads(text), CampaignError)
    assert back == campaign


def test_round_trip_of_a_real_campaign_after_play():
    c = make_campaign()
    alice = c.players[0]
    target = alice.homeworld.neighbours()[0]
    r, src = roller(8, 1, 7, 5)       # favorable planet, positive 1 → technology
    apply_exploration(c, alice, target, explore(r, TABLES, 1, neighbourhood_of(c, target, TABLES)))
    c.revealed_secret = SECRET.hex()
    back = campaign_from_dict(tomllib.loads(tomli_w.dumps(campaign_to_dict(c))), CampaignError)
    assert back == c


# ================================================================ campaign exploration

def put(c: Campaign, hex_: Hex, discovery: str = "planet", type_: str = "barren", by: str = "alice") -> System:
    planet = PlanetState(type=type_, size="medium", max_population=3, production=2) if discovery == "planet" else None
    s = System(hex=hex_, discovery=discovery, planet=planet, explored_by=by, explored_turn=1)
    c.systems.append(s)
    return s


class TestCampaignExploration:
    def setup_method(self):
        self.c = make_campaign()
        self.alice = self.c.player("alice")
        self.home = self.alice.homeworld
        self.ring = self.home.neighbours()

    def explore_at(self, hex_: Hex, *faces: int, player: Player | None = None, ship: str = "scout"):
        player = player or self.alice
        check_explorable(self.c, player, hex_)
        r, src = roller(*faces)
        near = neighbourhood_of(self.c, hex_, TABLES)
        result = explore(r, TABLES, self.c.stage, near)
        src.finish()            # no face left over: the dice order is pinned
        changes = apply_exploration(self.c, player, hex_, result, ship)
        return result, changes

    # -- the neighbourhood read from the map
    def test_neighbourhood_from_the_map(self):
        n = neighbourhood_of(self.c, self.ring[0], TABLES)
        assert (n.planets, n.terran, n.colonisable, n.unexplored) == (0, 0, 0, 6)
        put(self.c, self.ring[1], type_="terran")
        put(self.c, self.ring[2], type_="ocean")
        put(self.c, self.ring[3], type_="inferno")
        put(self.c, self.ring[4], "asteroids")
        n = neighbourhood_of(self.c, self.ring[0], TABLES)
        assert (n.planets, n.terran, n.colonisable, n.unexplored) == (3, 1, 2, 2)
        # a system present but not explored still counts as unexplored
        self.c.systems.append(System(hex=self.ring[5], discovery="planet"))
        assert neighbourhood_of(self.c, self.ring[0], TABLES).unexplored == 2
        # far from every homeworld: no neighbourhood
        far = Hex(0, 1)
        assert all(p.homeworld.distance(far) > 1 for p in self.c.players)
        assert neighbourhood_of(self.c, far, TABLES) is None

    # -- A4.5 both directions
    def test_four_planets_next_to_homeworld_reroll_planets(self):
        for h, t in zip(self.ring[:4], ["terran", "ocean", "steppe", "barren"]):
            put(self.c, h, type_=t)
        n = neighbourhood_of(self.c, self.ring[4], TABLES)
        assert (n.planets, n.unexplored) == (4, 2)
        result, _ = self.explore_at(self.ring[4], 3, 10, 6, 9, 2)
        assert result.discovery == "asteroids"
        assert [r.face for r in result.rerolls] == [3, 10, 6, 9]
        assert result.exploration.reroll_reason == TOO_MANY_PLANETS
        assert self.c.system(self.ring[4]).discovery == "asteroids"
        assert self.c.system(self.ring[4]).planet is None
        # and then the last neighbour: still 4 planets, empty on a first roll of 1
        result, _ = self.explore_at(self.ring[5], 1)
        assert result.discovery == "empty" and result.rerolls == []

    def test_last_hex_rerolls_until_a_planet(self):
        for h, d in zip(self.ring[:5], ["empty", "asteroids", "empty", "asteroids", "empty"]):
            put(self.c, h, d)
        n = neighbourhood_of(self.c, self.ring[5], TABLES)
        assert (n.planets, n.unexplored) == (0, 1)
        result, _ = self.explore_at(self.ring[5], 1, 2, 1, 6, 9, 5)    # 1, 2, 1 rerolled; ordinary planet
        assert result.discovery == "planet"
        assert [r.face for r in result.rerolls] == [1, 2, 1]
        assert result.exploration.reroll_reason == TOO_FEW_PLANETS
        assert self.c.system(self.ring[5]).planet is not None

    def test_planets_plus_unexplored_two_rerolls_empty(self):
        put(self.c, self.ring[0], type_="barren")
        for h in self.ring[1:4]:
            put(self.c, h, "empty")
        n = neighbourhood_of(self.c, self.ring[4], TABLES)
        assert n.planets + n.unexplored == 3
        result, _ = self.explore_at(self.ring[4], 1)                # 3 > 2: no reroll
        assert result.discovery == "empty" and result.rerolls == []
        n = neighbourhood_of(self.c, self.ring[5], TABLES)
        assert n.planets + n.unexplored == 2
        result, _ = self.explore_at(self.ring[5], 2, 7, 9, 5)        # now rerolled
        assert result.discovery == "planet" and [r.face for r in result.rerolls] == [2]

    # -- −4 / −2 world-type modifiers
    def _type_mods(self, result) -> list[int]:
        return sorted(m.value for m in result.planet.type_roll.modifiers)

    def test_modifiers_next_to_a_homeworld(self):
        result, _ = self.explore_at(self.ring[0], 6, 7, 5)           # ordinary planet, d10 7
        assert self._type_mods(result) == [-4, -2]
        assert result.planet.type_roll.total == 1
        assert result.planet.type == "terran"

    def test_modifiers_not_applied_away_from_homeworlds(self):
        self.c.stage = 2
        far = next(h for h in within(self.c.radius) if h != self.c.orion
                   and all(p.homeworld.distance(h) > 1 for p in self.c.players) and self.c.system(h) is None)
        open_path(self.c, "alice", far)                             # stage 2: in reach (A4)
        result, _ = self.explore_at(far, 6, 7, 5)
        assert self._type_mods(result) == []
        assert result.planet.type == "barren"

    def test_minus_four_stops_once_a_terran_is_adjacent(self):
        put(self.c, self.ring[1], type_="terran")
        result, _ = self.explore_at(self.ring[0], 6, 7, 5)
        assert self._type_mods(result) == [-2]
        assert result.planet.type == "steppe"                       # 7 − 2 = 5

    def test_minus_two_stops_at_three_colonisable(self):
        for h in self.ring[1:4]:
            put(self.c, h, type_="ocean")
        result, _ = self.explore_at(self.ring[0], 6, 7, 5)
        assert self._type_mods(result) == [-4]                     # no terran yet
        assert result.planet.type == "ocean"                        # 7 − 4 = 3
        c2 = make_campaign()
        ring = c2.players[0].homeworld.neighbours()
        for h, t in zip(ring[1:4], ["terran", "ocean", "steppe"]):
            put(c2, h, type_=t)
        r, _ = roller(6, 7, 5)
        result = explore(r, TABLES, 1, neighbourhood_of(c2, ring[0], TABLES))
        assert self._type_mods(result) == []
        assert result.planet.type == "barren"

    def test_non_colonisable_planets_do_not_count(self):
        for h in self.ring[1:4]:
            put(self.c, h, type_="inferno")
        result, _ = self.explore_at(self.ring[0], 6, 7, 5)
        assert self._type_mods(result) == [-4, -2]

    # -- effects in the state
    def test_rare_elements_stage_1(self):
        result, changes = self.explore_at(self.ring[0], 9, 9, 7, 5)   # rich; ⌈9/2⌉ = 5 rare elements
        assert [e.id for e in result.events] == ["rare_elements"]
        assert self.alice.bc == 4 + 8
        assert {"player": "alice", "bc": 8} in changes

    @pytest.mark.parametrize("stage,bc", [(2, 24), (3, 36)])
    def test_treasure_by_stage(self, stage, bc):
        self.c.stage = stage
        result, _ = self.explore_at(self.ring[0], 8, 7, 7, 5)         # favorable; positive 7 treasure
        assert [e.id for e in result.events] == ["treasure"]
        assert self.alice.bc == 4 + bc
        assert self.c.player("bob").bc == 4

    def test_contamination_takes_an_order(self):
        self.alice.orders = 2
        result, _ = self.explore_at(self.ring[0], 4, 10, 7, 5)        # hostile; ⌈10/2⌉ = 5 contamination
        assert [e.id for e in result.events] == ["contamination"]
        assert self.alice.orders == 1
        assert self.c.homeworld(self.alice).planet.population == 3

    def test_contamination_with_no_orders_takes_a_colonist(self):
        assert self.alice.orders == 0
        self.explore_at(self.ring[0], 4, 9, 7, 5)
        assert self.alice.orders == 0
        assert self.c.homeworld(self.alice).planet.population == 2

    def test_contamination_with_exactly_one_order_takes_only_the_order(self):
        # RULES.md A4.2: "the leader loses 1 order; with no orders, 1 colonist".
        self.alice.orders = 1
        self.explore_at(self.ring[0], 4, 9, 7, 5)
        assert self.alice.orders == 0
        assert self.c.homeworld(self.alice).planet.population == 3

    def test_natives_become_the_explorers_colony(self):
        self.c.stage = 2
        result, _ = self.explore_at(self.ring[0], 8, 8, 7, 1)         # favorable; natives; tiny → small
        assert [e.id for e in result.events] == ["natives"]
        s = self.c.system(self.ring[0])
        assert s.planet.size == "small"
        assert s.owner == "alice"
        assert s.planet.population == 2
        assert s.planet.population <= s.planet.max_population

    def test_natives_keep_two_above_max_population(self):
        # A hostile small world holds max 1: the 2 natives stay (A4.3 decision), no growth.
        self.c.stage = 2
        r, src = roller(8, 7, 1)                                      # positive 8 natives, type, size tiny
        result = special_planet(r, TABLES, 2, ["hostile"], event="positive")
        src.finish()
        assert result.planet.size == "small" and result.planet.max_population == 1
        apply_exploration(self.c, self.alice, self.ring[0], result)
        s = self.c.system(self.ring[0])
        assert s.planet.population == 2 and s.owner == "alice"
        assert validate_state(self.c, TYPE_IDS, SIZE_IDS, PROPERTY_IDS) == []

    @pytest.mark.parametrize("ship,attr", [("scout", "scouts"), ("colony_ship", "colony_ships")])
    def test_fleet_lost(self, ship, attr):
        result, _ = self.explore_at(self.ring[0], 5, 1, 7, 5, ship=ship)   # poor; ⌈1/2⌉ = 1 fleet lost
        assert [e.id for e in result.events] == ["fleet_lost"]
        assert getattr(self.alice, attr) == 0
        other = "colony_ships" if attr == "scouts" else "scouts"
        assert getattr(self.alice, other) == 1
        s = self.c.system(self.ring[0])
        assert s.explored_by == "alice" and s.planet is not None          # still explored (A4.2 decision)

    def test_technology_award(self):
        result, _ = self.explore_at(self.ring[0], 8, 1, 7, 5)         # favorable; ⌈1/2⌉ = 1 technology
        assert [e.id for e in result.events] == ["technology"]
        assert len(self.alice.awards) == 1
        award = self.alice.awards[0]
        assert (award["kind"], award["value"]) == ("technologies", 2)
        assert award["hex"] == str(self.ring[0]) and award["turn"] == 1 and award["id"] == 1

    @pytest.mark.parametrize("stage,ship", [(2, "dreadnought"), (3, "titan")])
    def test_derelict_award(self, stage, ship):
        self.c.stage = stage
        self.explore_at(self.ring[0], 9, 6, 7, 5)                     # rich; positive 6 derelict
        assert self.alice.ships == {ship: 1}                          # straight into the fleet

    def test_lost_colony_buildings(self):
        self.c.stage = 2
        result, _ = self.explore_at(self.ring[0], 9, 9, 5)            # rich; lost colony; no type roll; size 5
        s = self.c.system(self.ring[0])
        assert s.planet.type == "terran"
        assert set(s.planet.buildings) == {"auto_lab", "auto_factory", "robo_mine"}

    @pytest.mark.parametrize("stage,great", [(2, False), (3, True)])
    def test_monster_recorded(self, stage, great):
        self.c.stage = stage
        result, _ = self.explore_at(self.ring[0], 4, 7, 9, 7, 5)       # hostile; monster treasure; dragon
        s = self.c.system(self.ring[0])
        assert s.monster == Monster(kind="dragon", great=great, guards="treasure")
        assert self.alice.bc == 4                                    # guarded: not gained yet
        assert "monster_treasure" in s.events

    def test_explored_system_recorded(self):
        self.c.turn = 3
        self.explore_at(self.ring[0], 6, 7, 5)
        s = self.c.system(self.ring[0])
        assert (s.explored_by, s.explored_turn, s.discovery) == ("alice", 3, "planet")
        assert (s.planet.type, s.planet.size, s.planet.max_population, s.planet.production) == (
            "terran", "medium", 3, 4)
        assert s.owner is None and s.planet.population == 0

    # -- where one may explore
    def test_check_explorable_refusals(self):
        with pytest.raises(RuleRefused, match="already explored"):
            check_explorable(self.c, self.alice, self.home)
        put(self.c, self.ring[0], "empty")
        with pytest.raises(RuleRefused, match="already explored"):
            check_explorable(self.c, self.alice, self.ring[0])
        off = Hex(self.c.radius + 1, 0)
        with pytest.raises(RuleRefused, match="stage 1"):   # reach first: nothing leaks in stage 1
            check_explorable(self.c, self.alice, off)
        self.c.stage = 2
        with pytest.raises(RuleRefused, match="off the map"):
            check_explorable(self.c, self.alice, off)
        self.c.stage = 1
        two = next(h for h in within(2, self.home) if h.distance(self.home) == 2 and self.c.on_map(h))
        with pytest.raises(RuleRefused, match="stage 1"):
            check_explorable(self.c, self.alice, two)
        check_explorable(self.c, self.alice, self.ring[1])
        self.c.stage = 2      # from stage 2: next to explored space joined to its own systems (A4)
        with pytest.raises(RuleRefused, match="behind unexplored space"):
            check_explorable(self.c, self.alice, two)
        with pytest.raises(RuleRefused, match="behind unexplored space"):
            check_explorable(self.c, self.alice, self.c.orion)
        open_path(self.c, "alice", two)
        check_explorable(self.c, self.alice, two)
        open_path(self.c, "alice", self.c.orion)
        check_explorable(self.c, self.alice, self.c.orion)
        with pytest.raises(RuleRefused, match="off the map"):
            check_explorable(self.c, self.alice, off)


# =============================================================================== views

class TestViews:
    def setup_method(self):
        self.c = make_campaign()
        alice, bob = self.c.player("alice"), self.c.player("bob")
        put(self.c, alice.homeworld.neighbours()[0], "empty", by="alice")
        put(self.c, bob.homeworld.neighbours()[0], type_="ocean", by="bob")
        put(self.c, bob.homeworld.neighbours()[1], "asteroids", by="bob")
        bob.awards.append({"turn": 1, "hex": "x", "technologies": 2})
        alice.awards.append({"turn": 1, "hex": "y", "technologies": 2})

    def test_stage1_closed_rooms(self):
        view = status_view(self.c, "bob")
        assert [p["name"] for p in view["players"]] == ["bob"]
        assert view["players"][0]["bc"] == 4 and view["players"][0]["awards"]
        hexes = {s["hex"] for s in view["systems"]}
        # closed rooms: bob's own frame, its homeworld at 0,0 (gmtool/campaign/frames.py)
        assert hexes == {"0,0", "1,0", "-1,0"}
        assert all(s["discovery"] != "orion" for s in view["systems"])
        assert view["orion"] is None
        text = repr(view)
        assert "alice" not in text and "carol" not in text

    def test_stage2_open_map(self):
        self.c.stage = 2
        view = status_view(self.c, "bob")
        assert [p["name"] for p in view["players"]] == PLAYERS
        for p in view["players"]:
            if p["name"] == "bob":
                assert p["bc"] == 4 and p["awards"]
            else:
                assert not {"bc", "orders", "fleet_size", "fleet_max", "awards", "scouts",
                            "colony_ships"} & set(p), p
                assert "homeworld" in p
        hexes = {s["hex"] for s in view["systems"]}
        explored = {str(s.hex) for s in self.c.systems if s.explored_by is not None}
        homes = {str(p.homeworld) for p in self.c.players}
        assert explored | homes <= hexes
        unexplored = [s for s in self.c.systems if s.explored_by is None and s.homeworld_of is None
                      and s.discovery != "orion"]
        assert not {str(s.hex) for s in unexplored} & hexes

    def test_moderator_sees_everything(self):
        self.c.systems.append(System(hex=Hex(0, 1), discovery="planet"))   # unexplored but known to the GM
        view = status_view(self.c)
        assert len(view["players"]) == 3 and all("bc" in p for p in view["players"])
        assert {s["hex"] for s in view["systems"]} == {str(s.hex) for s in self.c.systems}
        assert view["orion"] == "0,0"
        for s in view["systems"]:
            assert {"hex", "discovery", "planet", "owner", "explored_by"} <= set(s)
        for p in view["players"]:
            assert {"name", "bc", "orders", "homeworld"} <= set(p)
        assert {"turn", "stage", "players", "systems"} <= set(view)

    def test_unknown_viewer(self):
        with pytest.raises(InputError, match="zed"):
            status_view(self.c, "zed")


# ====================================================================== verify/validate

def journaled(n: int = 8) -> list[Entry]:
    src = JournalingSource(SECRET, 1, 1, "test")
    for i in range(n):
        src.roll(10 if i % 2 else 6, f"die {i}")
    manual = JournalingSource(None, n + 1, 1, "manual", [4, 2])
    manual.roll(10)
    manual.roll(10)
    return src.entries + manual.entries


class TestVerify:
    def test_clean(self):
        c = make_campaign()
        result = verify_journal(c, journaled(), "", [], SECRET)
        assert result.ok and result.checked == 10 and result.stream == 8 and result.manual == 2

    def test_tampered_face(self):
        c = make_campaign()
        es = journaled()
        es[4].face = es[4].face % es[4].die + 1
        result = verify_journal(c, es, "", [], SECRET)
        assert not result.ok
        assert [f.roll_id for f in result.findings] == [5]
        assert str(result.findings[0]).startswith("roll #5")

    def test_manual_faces_not_recomputed_but_range_checked(self):
        c = make_campaign()
        es = journaled()
        es[-1].face = 7                       # any face on a d10 is fine for a manual roll
        assert verify_journal(c, es, "", [], SECRET).ok
        es[-1].face = 11
        result = verify_journal(c, es, "", [], SECRET)
        assert [f.roll_id for f in result.findings] == [10]

    def test_duplicate_and_gap(self):
        c = make_campaign()
        es = journaled()
        dup = es[:3] + [Entry(3, 1, "dup", 10, derive_face(SECRET, 3, 10), "stream")] + es[3:]
        result = verify_journal(c, dup, "", [], SECRET)
        assert any(f.roll_id == 3 and "duplicate" in f.message for f in result.findings)
        gap = es[:3] + es[4:]
        result = verify_journal(c, gap, "", [], SECRET)
        assert any(f.roll_id == 5 and "gap" in f.message for f in result.findings)

    def test_wrong_secret(self):
        c = make_campaign()
        result = verify_journal(c, [], "", [], b"\x00" * 32)
        assert not result.ok
        assert result.findings[0].roll_id is None and "commitment" in str(result.findings[0])

    def test_torn_tail_and_problems(self):
        c = make_campaign()
        result = verify_journal(c, journaled(), "[[roll]]\nid = 11\n", ["entry 3 is malformed"], SECRET)
        assert len(result.findings) == 2
        assert any("incomplete" in str(f) for f in result.findings)


class TestValidate:
    def issues(self, c):
        return validate_state(c, TYPE_IDS, SIZE_IDS, PROPERTY_IDS)

    def test_clean(self):
        assert self.issues(make_campaign()) == []

    def test_unknown_owner(self):
        c = make_campaign()
        s = put(c, c.players[0].homeworld.neighbours()[0])
        s.owner = "zed"
        assert any("'zed'" in i and "owner" in i for i in self.issues(c))

    def test_population_above_max(self):
        c = make_campaign()
        c.homeworld(c.players[0]).planet.population = 5
        assert any("above its max" in i for i in self.issues(c))

    def test_two_systems_on_one_hex(self):
        c = make_campaign()
        h = c.players[0].homeworld.neighbours()[0]
        put(c, h)
        put(c, h, "empty")
        assert any(f"hex {h}" in i for i in self.issues(c))

    def test_homeworlds_too_close(self):
        c = make_campaign()
        alice, bob = c.players[0], c.players[1]
        new = next(h for h in within(c.radius) if h.distance(alice.homeworld) == 2 and c.system(h) is None)
        c.homeworld(bob).hex = new
        bob.homeworld = new
        assert any("closer than 3" in i for i in self.issues(c))

    def test_off_map_system(self):
        c = make_campaign()
        c.systems.append(System(hex=Hex(c.radius + 1, 0), discovery="empty", explored_by="alice"))
        assert any("off the map" in i for i in self.issues(c))

    def test_other_cross_references(self):
        c = make_campaign()
        s = put(c, c.players[0].homeworld.neighbours()[0], type_="lava")
        s.planet.properties = ["shiny"]
        c.players[1].bc = -1
        c.stage = 4
        issues = self.issues(c)
        assert any("'lava'" in i for i in issues)
        assert any("'shiny'" in i for i in issues)
        assert any("bc is negative" in i for i in issues)
        assert any("stage 4" in i for i in issues)
