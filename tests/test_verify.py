"""The verify and validate checks (gmtool/campaign/verify.py): the journal against the secret, the
state against the rules.

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

from gmtool.campaign.hexes import Hex, within
from gmtool.campaign.stream import Entry, JournalingSource, derive_face
from gmtool.campaign.verify import validate_state, verify_journal
from gmtool.rules.orion.state import System
from helpers import SECRET, make_campaign, put, shipped_library


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
        es[-1].face = 7  # any face on a d10 is fine for a manual roll
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
        return validate_state(c, shipped_library())

    def test_clean(self):
        assert self.issues(make_campaign()) == []

    def test_unknown_owner(self):
        c = make_campaign()
        s = put(c, c.players[0].homeworld.neighbours()[0])
        s.owner = "zed"
        assert any("'zed'" in i and "owner" in i for i in self.issues(c))

    def test_population_above_max(self):
        c = make_campaign()
        c.game.homeworld(c.players[0]).planet.population = 5
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
        new = next(h for h in within(c.game.radius) if h.distance(alice.homeworld) == 2 and c.game.system(h) is None)
        c.game.homeworld(bob).hex = new
        bob.homeworld = new
        assert any("closer than 3" in i for i in self.issues(c))

    def test_off_map_system(self):
        c = make_campaign()
        c.game.systems.append(System(hex=Hex(c.game.radius + 1, 0), discovery="empty", explored_by="alice"))
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
