"""Journal marks (``journal #N · 12 hex digits``) are keyed with the secret: a leader who
knows its own roll and sees a later mark cannot match another leader's closed-room dice by
trying every face, as it could when the mark was the running hash itself; with the secret
(the moderator's, or anyone's after the reveal) every mark is checked."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import re
import shutil
from pathlib import Path

import pytest

from gmtool.campaign import journal
from gmtool.campaign.stream import Entry
from helpers import as_scheme_1, assert_error, ok

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
MARK = re.compile(r"journal #(\d+) · ([0-9a-f]{12})")


def _mark(text: str) -> tuple[int, str]:
    found = MARK.findall(text)
    assert found, text
    n, short = found[-1]
    return int(n), short


@pytest.fixture
def game(new_campaign) -> Path:
    return new_campaign("game", players=["alice", "bob", "carol"], seed=3)


def _secret(folder: Path) -> bytes:
    return bytes.fromhex((folder / "secret.key").read_text().strip())


def test_a_mark_lets_no_one_recover_another_leaders_dice_without_the_secret(gm, tmp_path):
    game = tmp_path / "game"
    shutil.copytree(EXAMPLE, game)  # its secret ships with it: the same dice on every run
    # a campaign of dice scheme 1, whose journal entries hold nothing but what the code spells
    # out and the faces (scheme 2's salted labels would only make the search harder)
    as_scheme_1(game)
    # bob rolls in his own room: he knows these entries, and sees their mark
    own_reply = ok(gm("roll", "2d6", "-c", str(game), "--for", "bob"))
    assert _mark(own_reply)[0] == 22
    # carol explores in her closed room: dice bob must not learn
    assert "journal #23–#26" in ok(gm("explore", "-c", str(game), "--player", "carol", "--hex", "4,-1"))
    # the public post shows the mark after carol's dice
    last, published = _mark(ok(gm("status", "-c", str(game))))
    entries = journal.read_all(game / "journal.toml")[0]
    assert last == entries[-1].id == 26
    known, hidden = entries[:22], entries[22:]  # generous: bob knows every entry before carol's
    assert [e.die for e in hidden] == [10, 10, 10, 10] and all(e.source == "stream" for e in hidden)
    start = journal.chain_of(known)[-1]

    # the attacker knows everything but the faces (ids, turn, purposes, dice: the code spells them
    # out) and tries every face of every hidden die: 10,000 candidates, the whole space
    def candidates():
        for faces in itertools.product(*(range(1, e.die + 1) for e in hidden)):
            chain = start
            for e, f in zip(hidden, faces):
                chain = journal.link(chain, Entry(e.id, e.turn, e.purpose, e.die, f, e.source))
            yield faces, chain

    truth = tuple(e.face for e in hidden)
    plain_matches, keyed_matches = [], []
    key = journal.mark_key(_secret(game))
    space = 0
    for faces, chain in candidates():
        space += 1
        if chain[:12] == published:  # the old mark: the running hash itself
            plain_matches.append(faces)
        if journal.mark_hash(key, chain) == published:
            keyed_matches.append(faces)
    assert space == 10_000
    assert plain_matches == []  # without the secret nothing in the space matches
    assert keyed_matches == [truth]  # with it, exactly the dice that were rolled
    # and had the mark been the running hash, the same search would have found carol's dice
    true_chain = journal.chain_of(entries)[-1]
    old_style = [faces for faces, chain in candidates() if chain[:12] == true_chain[:12]]
    assert old_style == [truth]


def test_the_mark_is_the_documented_hmac_of_the_running_hash(gm, game):
    last, short = _mark(ok(gm("roll", "3d6", "-c", str(game))))
    chain = journal.read_all(game / "journal.toml")[0][-1].chain
    key = hmac.new(_secret(game), b"gmtool mark v1", hashlib.sha256).digest()
    assert short == hmac.new(key, chain.encode("ascii"), hashlib.sha256).hexdigest()[:12]
    assert short != chain[:12]
    data = json.loads(ok(gm("status", "-c", str(game), "-f", "json")))
    assert data["journal"] == {"last_id": last, "hash": short}
    # Russian replies carry the same digits
    assert f"журнал #{last} · {short}" in ok(gm("status", "-c", str(game), "--lang", "ru"))


def test_without_the_secret_at_hand_no_mark_is_printed(gm, game, tmp_path):
    ok(gm("roll", "d6", "-c", str(game)))
    away = tmp_path / "safe" / "secret.key"
    away.parent.mkdir()
    shutil.move(str(game / "secret.key"), away)
    reply = ok(gm("roll", "2d6", "-c", str(game), "--dice", "3,4"))  # dice entered by hand still roll
    assert "journal #2–#3" in reply
    assert not MARK.search(reply), reply
    assert "journal" not in json.loads(ok(gm("status", "-c", str(game), "-f", "json")))
    # a secret.key that does not match the commitment keys nothing either
    (game / "secret.key").write_text("00" * 32 + "\n", encoding="ascii")
    assert not MARK.search(ok(gm("status", "-c", str(game))))
    (game / "secret.key").write_text("not hex\n", encoding="ascii")
    assert not MARK.search(ok(gm("status", "-c", str(game))))
    # the secret back: the mark is back, and verify checks it
    shutil.move(str(away), game / "secret.key")
    status = ok(gm("status", "-c", str(game)))
    assert _mark(status)[0] == 3
    (tmp_path / "post.txt").write_text(status, encoding="utf-8")
    ok(gm("verify", "-c", str(game), "--published", str(tmp_path / "post.txt")))


def test_after_the_reveal_marks_are_the_same_and_anyone_checks_them(gm, game, tmp_path):
    reply = ok(gm("roll", "d20", "-c", str(game)))
    before = _mark(reply)
    ok(gm("campaign", "reveal", "-c", str(game)))
    (game / "secret.key").unlink()  # a player's copy: the secret is in campaign.toml
    assert _mark(ok(gm("status", "-c", str(game)))) == before
    post = tmp_path / "post.txt"
    post.write_text(reply, encoding="utf-8")
    out = ok(gm("verify", "-c", str(game), "--published", str(post)))
    assert "Published journal marks checked: 1\n" in out
    forged = reply.replace(before[1], "0" * 12)
    post.write_text(forged, encoding="utf-8")
    assert_error(
        gm("verify", "-c", str(game), "--published", str(post)),
        "post.txt shows journal #1 · 000000000000",
        "changed after it was published",
    )


def test_verify_accepts_an_old_campaigns_unkeyed_marks_and_says_how_many(gm, game, tmp_path):
    ok(gm("roll", "d6", "-c", str(game)))
    keyed = ok(gm("roll", "d8", "-c", str(game)))
    chains = [e.chain for e in journal.read_all(game / "journal.toml")[0]]
    post = tmp_path / "old.txt"
    # what gmtool printed before marks were keyed: the running hash's first 12 digits
    post.write_text(f"journal #1 · {chains[0][:12]}\n\n{keyed}", encoding="utf-8")
    out = ok(gm("verify", "-c", str(game), "--published", str(post)))
    assert "Published journal marks checked: 2, of which old-style (unkeyed" in out
    data = json.loads(ok(gm("verify", "-c", str(game), "--published", str(post), "-f", "json")))
    assert (data["ok"], data["marks_checked"], data["marks_plain"]) == (True, 2, 1)
    post.write_text(f"journal #1 · {chains[1][:12]}\n", encoding="utf-8")  # roll 2's hash is not roll 1's
    assert_error(gm("verify", "-c", str(game), "--published", str(post)), "journal #1", "changed")


def test_a_wrong_secret_checks_no_mark_and_names_the_commitment(gm, game, tmp_path):
    post = tmp_path / "post.txt"
    post.write_text(ok(gm("roll", "d6", "-c", str(game))), encoding="utf-8")
    res = gm("verify", "-c", str(game), "--secret", "11" * 32, "--published", str(post))
    assert_error(res, "the secret does not match the commitment")
    assert "Published journal marks checked: none of 1" in res.stdout
    assert "changed after it was published" not in res.stdout
