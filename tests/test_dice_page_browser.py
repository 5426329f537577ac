"""The dice page in a real headless Chromium (``pytest -m browser``; tests/browser.py):
verify.js recomputes every public roll with the Web Crypto API and gives gmtool's answers."""

from __future__ import annotations

import functools
import hashlib
import hmac
import http.server
import re
import threading

import pytest

from browser import PHONE, png_size, start
from dice_sites import SECRET, build, v1_game, v2_campaign, v2_rolls
from gmtool.campaign.stream import derive_face, derive_face_v2, part_key

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def chrome():
    with start() as b:
        yield b


def checked(chrome, page) -> dict:
    """Load the page and wait for its checks: {verdicts, counts, ms}."""
    chrome.load(page)
    return chrome.awaited("gmtoolDone")


def cells(chrome) -> list[str]:
    return chrome.run("return Array.from(document.querySelectorAll('td.check'), (c) => c.textContent)")


def summary(chrome) -> str:
    return chrome.run("return document.getElementById('summary').textContent")


def change_face(folder, roll_id: int) -> int:
    """Roll ``roll_id``'s face in journal.toml moved to another face of its die; the new face."""
    path = folder / "journal.toml"
    text = path.read_text(encoding="utf-8")
    entry = re.search(rf"\nid = {roll_id}\n(?:.*\n)*?die = (\d+)\nface = (\d+)\n", text)
    die, face = int(entry.group(1)), int(entry.group(2))
    new = face % die + 1
    start_, end = entry.span(2)
    path.write_text(text[:start_] + str(new) + text[end:], encoding="utf-8")
    return new


def test_a_true_scheme_1_journal_is_all_checked_in_the_browser(gm, chrome, tmp_path):
    camp = v1_game(gm, tmp_path)
    got = checked(chrome, build(camp, tmp_path / "site"))
    assert got["counts"] == {"ok": 42, "bad": 0, "pending": 0, "manual": 0}
    assert cells(chrome) == ["✓ checks out"] * 42
    assert summary(chrome) == "42 rolls: 42 ✓, 0 ✗, 0 not yet checkable, 0 entered by hand."
    assert chrome.console_errors() == []
    assert chrome.run("return window.isSecureContext") is True  # file:// is a secure context


def test_a_changed_face_is_marked_on_exactly_that_roll(gm, chrome, tmp_path):
    camp = v1_game(gm, tmp_path)
    change_face(camp, 17)
    got = checked(chrome, build(camp, tmp_path / "site"))
    assert [n + 1 for n, v in enumerate(got["verdicts"]) if v != "ok"] == [17]
    assert got["verdicts"][16] == "bad" and cells(chrome)[16] == "✗ does not match"
    assert chrome.console_errors() == []


def test_scheme_2_checks_the_revealed_parts_and_waits_for_the_others(chrome, tmp_path):
    camp = v2_campaign(tmp_path / "camp", revealed=("setup", "stage1"))
    got = checked(chrome, build(camp, tmp_path / "site"))
    public = [r for r in v2_rolls() if not r["private"]]
    assert got["verdicts"] == ["pending" if r["part"] == "stage2" else "ok" for r in public]
    assert chrome.console_errors() == []


def test_scheme_2_at_the_end_derives_every_part_key_from_the_secret(chrome, tmp_path):
    camp = v2_campaign(tmp_path / "camp", revealed=(), secret=True)
    got = checked(chrome, build(camp, tmp_path / "site"))
    assert set(got["verdicts"]) == {"ok"} and len(got["verdicts"]) == len([r for r in v2_rolls() if not r["private"]])


def test_scheme_2_a_changed_face_is_marked_on_exactly_that_roll(chrome, tmp_path):
    camp = v2_campaign(tmp_path / "camp", revealed=("setup", "stage1", "stage2"))
    change_face(camp, 4)  # alice's first exploration die, of stage1
    got = checked(chrome, build(camp, tmp_path / "site"))
    ids = [r["id"] for r in v2_rolls() if not r["private"]]
    assert [ids[n] for n, v in enumerate(got["verdicts"]) if v != "ok"] == [4]


def test_a_revealed_key_that_does_not_match_its_commitment_fails_its_rolls(chrome, tmp_path):
    camp = v2_campaign(tmp_path / "camp", revealed=("setup",))
    toml = camp / "campaign.toml"
    toml.write_text(
        toml.read_text().replace(part_key(SECRET, "setup").hex(), part_key(b"x" * 32, "setup").hex()), encoding="utf-8"
    )
    got = checked(chrome, build(camp, tmp_path / "site"))
    assert got["counts"]["bad"] == 3 and got["counts"]["ok"] == 0  # setup's three dice
    assert "does not match its commitment (setup)" in summary(chrome)


def paste(chrome, lines: str, key: str = "", part: str = "stage1") -> list[str]:
    """The paste box filled and its button pressed: the findings' lines."""
    return chrome.run(
        """const [lines, key, part] = args;
        document.getElementById('paste-lines').value = lines;
        document.getElementById('paste-key').value = key;
        document.getElementById('paste-part').value = part;
        const data = JSON.parse(document.getElementById('dice-data').textContent);
        await window.gmtoolVerify.checkPasted(data);
        return Array.from(document.querySelectorAll('#paste-result li'), (li) => li.textContent);""",
        lines,
        key,
        part,
    )


def test_a_pasted_private_roll_checks_with_its_key_and_a_wrong_face_does_not(chrome, tmp_path):
    camp = v2_campaign(tmp_path / "camp", revealed=("setup",))
    checked(chrome, build(camp, tmp_path / "site"))
    private = [r for r in v2_rolls() if r["private"]]
    label, (a, b) = private[0]["label"], (r["face"] for r in private)
    lines = f"share: share-2\n{label}: d10 #1={a}, d10 #2={b}\n"
    key = part_key(SECRET, "stage1").hex()
    assert paste(chrome, lines, key) == [
        f"✓ {label}: d10 #1={a} — checks out",
        f"✓ {label}: d10 #2={b} — checks out",
    ]
    wrong = lines.replace(f"#2={b}", f"#2={b % 10 + 1}")
    assert [line[0] for line in paste(chrome, wrong, key)] == ["✓", "✗"]
    assert [line[0] for line in paste(chrome, lines, SECRET.hex())] == ["✓", "✓"]  # the whole secret, at the end
    assert paste(chrome, lines) == [
        f"{label}: d10 #{n}={face} — This part's key is not revealed yet: give it above."
        for n, face in ((1, a), (2, b))
    ]
    assert paste(chrome, lines, part_key(SECRET, "stage2").hex()) == [
        f"{label}: d10 #{n}={face} — The revealed key does not match its commitment (stage1): its rolls cannot be trusted."
        for n, face in ((1, a), (2, b))
    ]
    # the Dice block as a report prints it: its gmtool-v2 line gives the part and the share
    block = f"gmtool-v2 stage1 share share-2\n{label}: d10 #1={a}, d10 #2={b}\n"
    assert [line[0] for line in paste(chrome, block, key)] == ["✓", "✓"]
    assert chrome.console_errors() == []


def test_the_russian_page_reads_in_cyrillic_and_fits_a_phone(chrome, tmp_path):
    camp = v2_campaign(tmp_path / "camp", revealed=("setup", "stage1", "stage2"))
    chrome.size(*PHONE)
    try:
        checked(chrome, build(camp, tmp_path / "site", lang="ru"))
        text = chrome.text()
        assert "Броски" in text and "Проверить свои броски" in text
        assert "turn 2 · бобёр · explore 0,1 · событие" in text
        assert cells(chrome)[0] == "✓ сходится"
        assert summary(chrome) == "Бросков: 8; ✓ 8, ✗ 0, проверить пока нельзя — 0, введены вручную — 0."
        assert chrome.run("return document.documentElement.scrollWidth") <= PHONE[0]  # no sideways scrolling
        shot = chrome.screenshot()
        assert png_size(shot) == PHONE
        assert chrome.console_errors() == []
    finally:
        chrome.size(1024, 768)


def test_the_page_checks_over_http_from_127_0_0_1(gm, chrome, tmp_path):
    camp = v2_campaign(tmp_path / "camp", revealed=("setup", "stage1", "stage2"))
    site = build(camp, tmp_path / "site").parent
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        got = checked(chrome, f"http://127.0.0.1:{server.server_port}/dice.html")
        assert got["counts"] == {"ok": 8, "bad": 0, "pending": 0, "manual": 0}
        assert chrome.run("return window.isSecureContext") is True
    finally:
        server.shutdown()
        server.server_close()


HUGE = 2**63 + 1  # about half of all digests are rejected: a second counter is common


def counters_needed(roll_id: int, sides: int) -> int:
    """How many digests scheme 1 draws for roll ``roll_id`` (docs/verify.md)."""
    limit = 2**64 - 2**64 % sides
    for counter in range(100):
        digest = hmac.new(SECRET, f"gmtool-v1:{roll_id}:{sides}:{counter}".encode(), hashlib.sha256).digest()
        if int.from_bytes(digest[:8], "big") < limit:
            return counter + 1
    raise AssertionError("no face")


def test_the_browser_gives_gmtools_faces_for_both_schemes(chrome, tmp_path):
    checked(chrome, build(v2_campaign(tmp_path / "camp"), tmp_path / "site"))
    cases = [(n, sides) for n in range(1, 41) for sides in (1, 2, 6, 7, 10, 100, 1000, HUGE)]
    assert any(counters_needed(n, HUGE) > 1 for n, sides in cases if sides == HUGE)
    v1 = chrome.run(
        """const [secret, cases] = args;
        const key = await gmtoolVerify.hmacKey(gmtoolVerify.hexBytes(secret));
        return Promise.all(cases.map(([n, sides]) => gmtoolVerify.faceV1(key, n, sides)));""",
        SECRET.hex(),
        [[n, str(sides)] for n, sides in cases],
    )
    assert v1 == [str(derive_face(SECRET, n, sides)) for n, sides in cases]
    labels = ["turn 2 · бобёр · explore 0,1 · событие", "setup · alice · homeworld · salt 0123456789abcdef", ""]
    cases2 = [
        (part, label, sides, index)
        for part in ("setup", "stage3")
        for label in labels
        for sides in (1, 7, 100, HUGE)
        for index in (1, 2, 3)
    ]
    v2 = chrome.run(
        """const [secret, cases] = args;
        const secretKey = await gmtoolVerify.hmacKey(gmtoolVerify.hexBytes(secret));
        const keys = {};
        for (const part of ["setup", "stage3"]) keys[part] = await gmtoolVerify.hmacKey(await gmtoolVerify.partKey(secretKey, part));
        return Promise.all(cases.map(([part, label, sides, index]) => gmtoolVerify.faceV2(keys[part], label, "5f3a", sides, index)));""",
        SECRET.hex(),
        [[part, label, str(sides), index] for part, label, sides, index in cases2],
    )
    assert v2 == [
        str(derive_face_v2(part_key(SECRET, part), label, "5f3a", sides, index)) for part, label, sides, index in cases2
    ]


# leaders' names that a code box must defuse: BBCode's [/code], Markdown's fence, markup
HOSTILE_NAMES = ("[/code]Ева", "```fence", "[code]x[/code]", "</script>")


def test_hostile_names_check_the_same_in_gmtool_verify_and_on_the_page(gm, new_campaign, chrome, tmp_path):
    """A scheme-2 game of leaders named to break a code box, each posting an !explore and a
    !roll; the replies in BBCode and in Markdown. Their Dice blocks — copied from the
    rendered box, zero-width spaces included, or as the raw BBCode with its tags — check
    out in ``gmtool verify --key`` and in the page's paste box alike, die for die; a
    changed face is ✗ in both."""
    from helpers import ok

    camp = new_campaign("camp", players=HOSTILE_NAMES)
    thread = "".join(f"=== {name} #{100 + n} ===\n!explore 1,0\n!roll 2d6 x\n" for n, name in enumerate(HOSTILE_NAMES))
    (tmp_path / "thread.txt").write_text(thread, encoding="utf-8")
    replies = {  # resolved once, then printed again from the records in the other format
        fmt: ok(gm("post", "resolve", str(tmp_path / "thread.txt"), "-c", str(camp), "-f", fmt))
        for fmt in ("bbcode", "markdown")
    }
    assert "[\u200b/code]Ева" in replies["bbcode"] and "`\u200b``fence" in replies["markdown"]
    secret = bytes.fromhex((camp / "secret.key").read_text(encoding="utf-8").strip())
    key = part_key(secret, "stage1").hex()
    checked(chrome, build(camp, tmp_path / "site"))
    boxes = {
        "bbcode": re.findall(r"\[code\](gmtool-v2.*?)\[/code\]", replies["bbcode"], re.S),
        "markdown": re.findall(r"```text\n(gmtool-v2.*?)\n```", replies["markdown"], re.S),
    }
    pasted = {
        "bbcode": "\n".join(boxes["bbcode"]),
        "markdown": "\n".join(boxes["markdown"]),
        "bbcode with its tags": "\n".join(f"[code]{box}[/code]" for box in boxes["bbcode"]),
    }
    for how, text in pasted.items():
        (tmp_path / "published.txt").write_text(text, encoding="utf-8")
        said = ok(gm("verify", "--key", f"stage1={key}", "--published", str(tmp_path / "published.txt")))
        dice = int(re.search(r"Rolls checked: stage1 (\d+)", said).group(1))
        found = paste(chrome, text, key)
        assert dice == len(found) > len(HOSTILE_NAMES) * 3, how  # each leader's 2d6 and exploration dice
        assert all(line.startswith("✓ ") for line in found), (how, found)
        # one face changed: the same one die is wrong in both
        face = re.search(r"d6 #2=(\d)", text)
        wrong = text[: face.start(1)] + str(int(face.group(1)) % 6 + 1) + text[face.end(1) :]
        (tmp_path / "published.txt").write_text(wrong, encoding="utf-8")
        result = gm("verify", "--key", f"stage1={key}", "--published", str(tmp_path / "published.txt"))
        assert result.exit_code == 1 and result.stdout.count("\n- ") == 1, how
        assert [line[0] for line in paste(chrome, wrong, key)].count("✗") == 1, how
    assert chrome.console_errors() == []


def test_a_campaign_moved_to_scheme_2_checks_each_roll_by_its_own_scheme(gm, chrome, tmp_path):
    """`campaign scheme 2` (docs/verify.md): once the secret is revealed, the earlier rolls
    check as scheme 1's and the later as scheme 2's, on one page."""
    from helpers import ok

    camp = v1_game(gm, tmp_path, reveal=False)
    ok(gm("turn", "start", "-c", str(camp)))
    ok(gm("campaign", "scheme", "-c", str(camp), "2"))
    ok(gm("turn", "run", str(camp / "orders" / "turn-02.toml"), "-c", str(camp)))
    ok(gm("roll", "3d10", "-c", str(camp), "--for", "weather"))
    ok(gm("campaign", "reveal", "-c", str(camp)))
    got = checked(chrome, build(camp, tmp_path / "site"))
    n = len(got["verdicts"])
    assert n > 42 and got["counts"] == {"ok": n, "bad": 0, "pending": 0, "manual": 0}
    assert chrome.console_errors() == []
