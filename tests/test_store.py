"""The campaign store (gmtool/campaign/store.py): create, atomic saves, bad files named by place, the
schema version, a torn journal.

Expected values are written from docs/rules-orion.md, docs/commands.md and the docstrings, not read
back from the code under test.
"""

from __future__ import annotations

import os

import pytest

from gmtool.campaign import journal
from gmtool.campaign.store import CampaignStore
from gmtool.campaign.stream import commitment
from gmtool.errors import CampaignError
from helpers import SECRET, entries, make_campaign


class TestStore:
    def test_create_and_load(self, tmp_path):
        c = make_campaign()
        store = CampaignStore(tmp_path / "c")
        store.create(c, SECRET)
        assert sorted(p.name for p in (tmp_path / "c").iterdir()) == [
            ".gitignore",
            "campaign.toml",
            "journal.toml",
            "secret.key",
        ]
        assert store.load() == c
        assert store.read_secret() == SECRET
        assert commitment(store.read_secret()) == store.load().commitment
        assert (store.secret_path.stat().st_mode & 0o777) == 0o600
        assert "secret.key" in (tmp_path / "c" / ".gitignore").read_text().splitlines()
        assert journal.read_tail(store.journal_path) == (0, True)
        assert store.next_roll_id() == 1

    def test_a_state_loaded_to_keep_is_handed_to_the_next_load_only_while_the_file_is_unchanged(self, tmp_path):
        # a turn reads the deadline's pages before the lock: the campaign is parsed once, not twice
        store = CampaignStore(tmp_path / "c")
        store.create(make_campaign(), SECRET)
        planned = store.load(keep=True)
        with store.locked():
            assert store.load() is planned
        assert store.load() is not planned  # handed over once
        planned = store.load(keep=True)
        other = CampaignStore(tmp_path / "c")  # another command changes the campaign meanwhile
        changed = other.load()
        changed.turn += 1
        other.save(changed)
        with store.locked():
            fresh = store.load()
        assert fresh is not planned and fresh.turn == planned.turn + 1
        assert CampaignStore(tmp_path / "c").load(keep=False) == fresh

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

    @pytest.mark.parametrize(
        "old,new,fragment",
        [
            ("bc = 4", 'bc = "x"', "player 1: bc"),
            ("bc = 4", "bc = true", "player 1: bc"),
            ("orders = 0", "orders = 1.5", "player 1: orders"),
            ("\nturn = 1\n", '\nturn = "1"\n', "turn"),
            ('name = "alice"', "name = 3", "player 1: name"),
            ("population = 3", 'population = "3"', "system 1: planet: population"),
            ('homeworld = "', 'homeworld = "x', "player 1: homeworld"),
            ("radius = 4", 'radius = "4"', "galaxy: radius"),
        ],
    )
    def test_wrong_types_name_the_place(self, tmp_path, old, new, fragment):
        store = self._corrupt(tmp_path, old, new)
        with pytest.raises(CampaignError) as err:
            store.load()
        assert fragment in str(err.value)
        assert "campaign.toml" in str(err.value)

    @pytest.mark.parametrize(
        "old,new,fragment",
        [
            ("\nturn = 1\n", '\nturn = 1\ncolour = "red"\n', "colour"),
            ("bc = 4", "bc = 4\ncolour = 1", "player 1: colour"),
            ("population = 3", "population = 3\nweather = 1", "system 1: planet: weather"),
            ("radius = 4", "radius = 4\nshape = 1", "galaxy: shape"),
        ],
    )
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
