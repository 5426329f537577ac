"""The site's dice page without a browser: which rolls it lists, the data block it carries
for verify.js, and player text escaped (the browser's checks: test_dice_page_browser.py)."""

from __future__ import annotations

import re

import pytest

from dice_sites import SECRET, build, page, page_json, v1_game, v2_campaign, v2_rolls
from gmtool.campaign.stream import PARTS, part_key
from gmtool.errors import CampaignError
from gmtool.locale import t
from gmtool.site.dice_page import dice_files
from helpers import as_scheme_1, example_copy, journal_rolls, ok

HOSTILE = "</script><script>alert(1)</script> <!-- «Ёж» & co"


def test_a_hostile_purpose_stays_inside_the_data_block_and_is_escaped_in_the_table(gm, tmp_path):
    camp = as_scheme_1(example_copy(tmp_path, fresh=True))  # a purpose is the label
    ok(gm("roll", "d6", "-c", str(camp), "--for", HOSTILE))
    ok(gm("campaign", "reveal", "-c", str(camp)))
    text = build(camp, tmp_path / "site").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="dice-data">(.*?)</script>', text, re.S).group(1)
    assert "<" not in block and ">" not in block  # nothing in it can end the element or open a comment
    labels = [r["label"] for r in page_json(text)["rolls"]]
    assert f"roll for {HOSTILE}: d6: die 1" in labels  # the label itself, unchanged, for the HMAC
    assert text.count("<script") == 2  # the data block and verify.js: no third one from the label
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- «Ёж» &amp; co" in text


def test_before_the_reveal_scheme_1_lists_only_the_rolls_of_public_posts(gm, tmp_path):
    camp = v1_game(gm, tmp_path, reveal=False)
    data = page_json(build(camp, tmp_path / "site").read_text(encoding="utf-8"))
    # the thread's public !rolls (#39–#41), not the private message's d100 (#42) nor the
    # closed-room explorations of turn 1 (#1–#38, named only in the leaders' reports)
    assert [(r["id"], r["die"]) for r in data["rolls"]] == [(39, 10), (40, 10), (41, 7)]
    assert data["scheme"] == 1 and data["secret"] == ""
    by_id = {r["id"]: r for r in journal_rolls(camp)}
    for roll in data["rolls"]:
        assert (roll["face"], roll["label"]) == (by_id[roll["id"]]["face"], by_id[roll["id"]]["purpose"])


def test_after_the_reveal_scheme_1_lists_every_roll_with_the_secret(gm, tmp_path):
    camp = v1_game(gm, tmp_path)
    data = page_json(build(camp, tmp_path / "site").read_text(encoding="utf-8"))
    assert [r["id"] for r in data["rolls"]] == [r["id"] for r in journal_rolls(camp)] == list(range(1, 43))
    assert len(data["secret"]) == 64


def test_scheme_2_lists_the_public_rolls_with_their_parts_and_the_revealed_keys(tmp_path):
    camp = v2_campaign(tmp_path / "camp", revealed=("setup",))
    data = page_json(build(camp, tmp_path / "site").read_text(encoding="utf-8"))
    public = [r for r in v2_rolls() if not r["private"]]
    assert [r["id"] for r in data["rolls"]] == [r["id"] for r in public]
    assert not any("salt" in r["label"] for r in data["rolls"])  # a private roll's label never shows
    first = data["rolls"][0]
    assert {k: first[k] for k in ("label", "share", "index", "part")} == {
        "label": "setup · alice · homeworld",
        "share": "share-1",
        "index": 1,
        "part": "setup",
    }
    assert data["parts"]["setup"]["key"] == part_key(SECRET, "setup").hex()
    assert [data["parts"][p]["key"] for p in PARTS[1:]] == ["", "", ""]
    assert data["secret"] == ""


def test_the_page_speaks_the_sites_language_and_builds_the_same_bytes_again(gm, tmp_path):
    camp = v2_campaign(tmp_path / "camp")
    ru = dice_files(camp, "ru", page)
    assert ru == dice_files(camp, "ru", page)
    assert set(ru) == {"dice.html", "verify.js"}
    assert "<h1>Броски</h1>" in ru["dice.html"] and t("verify.browser.paste_title", "ru") in ru["dice.html"]
    assert page_json(ru["dice.html"])["text"]["ok"] == "сходится"
    en = dice_files(camp, "en", page)["dice.html"]
    assert "<h1>Dice</h1>" in en and not re.search("[а-яё]", en.replace("бобёр", "").replace("событие", ""))


def test_a_page_without_javascript_still_lists_every_roll(tmp_path):
    camp = v2_campaign(tmp_path / "camp")
    text = build(camp, tmp_path / "site").read_text(encoding="utf-8")
    rows = re.findall(
        r'<tr id="roll-\d+"><td>(\d+)</td><td>#(\d+)</td><td class="label"><span class="for">[^<]*</span>'
        r'<code class="exact">([^<]*)</code></td>',
        text,
    )
    public = [r for r in v2_rolls() if not r["private"]]
    assert [(int(r[1]), r[2]) for r in rows] == [(r["id"], r["label"]) for r in public]
    assert "<noscript>" in text


def test_a_damaged_report_model_or_journal_is_a_campaign_error_naming_the_file(gm, tmp_path):
    camp = v1_game(gm, tmp_path, reveal=False)
    model = camp / "reports" / "models" / "turn-01.json"
    model.write_text('{"langs": ', encoding="utf-8")
    with pytest.raises(CampaignError) as caught:
        dice_files(camp, "en", page)
    assert "turn-01.json: cannot read" in caught.value.text("en")
    model.unlink()
    (camp / "journal.toml").write_text("roll = 3 = 4\n", encoding="utf-8")
    with pytest.raises(CampaignError) as caught:
        dice_files(camp, "ru", page)
    assert "journal.toml" in caught.value.text("ru") and "line 1" in caught.value.text("en")


def test_a_campaign_moved_to_scheme_2_lists_its_scheme_1_rolls_as_scheme_1s(gm, tmp_path):
    """`campaign scheme 2` (docs/verify.md): the earlier rolls keep verifying as scheme 1's —
    on the page too, each roll checked by its own scheme."""
    camp = v1_game(gm, tmp_path, reveal=False)
    ok(gm("turn", "start", "-c", str(camp)))  # turn 2 has begun: scheme 2 from turn 3
    ok(gm("campaign", "scheme", "-c", str(camp), "2"))
    ok(gm("turn", "run", str(camp / "orders" / "turn-02.toml"), "-c", str(camp)))
    ok(gm("roll", "d10", "-c", str(camp), "--for", "weather"))
    ok(gm("campaign", "reveal", "-c", str(camp)))
    data = page_json(build(camp, tmp_path / "site").read_text(encoding="utf-8"))
    rolls = journal_rolls(camp)
    assert data["scheme"] == 2 and len(data["secret"]) == 64
    assert [r["id"] for r in data["rolls"]] == [r["id"] for r in rolls if r.get("private") is not True]
    assert {r["scheme"] for r in data["rolls"] if r["turn"] <= 2} == {1}
    (weather,) = [r for r in data["rolls"] if r["turn"] == 3]
    assert (weather["scheme"], weather["label"], weather["part"]) == (2, "turn 3 · moderator · weather · d10", "stage1")
