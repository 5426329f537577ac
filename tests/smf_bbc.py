"""What SMF 2.1 does to a post that matters to gmtool's posts — written from reading its
parser (Sources/Post.php Post2, Subs-Post.php preparsecode, Subs.php sanitize_chars and
parse_bbc, Subs-Charset.php utf8_sanitize_invisibles; SMF's code is not copied here) and
checked against that parser run on gmtool's posts (tests/smf/run_parser.php, in
test_smf_posts.py when SMF's sources are at hand).

A post goes through, in order:

1. ``htmlspecialchars`` — so an entity a post writes (``&#91;``) shows as typed;
2. ``sanitize_chars($message, 0)`` — invisible characters SMF does not want become
   U+FFFD «�»: a zero-width space (U+200B) but after Thai, Myanmar, Khmer or kana; a soft
   hyphen, a byte-order mark, invisible maths and deprecated format characters, annotation
   characters, a private-use character; a word joiner (U+2060) between two word characters;
   a zero-width joiner or non-joiner outside the scripts that join with them;
3. ``preparsecode`` outside ``[code]`` boxes — a legacy tag (``[tt]``, ``[glow]``, …) in a
   new post is made text (``&#91;tt]``), even where the board enables it;
4. ``parse_bbc`` as a post is shown (smileys on) — outside ``[code]``, an item code alone in
   brackets (``[*] [@] [+] [x] [#] [o] [O] [0]``; ``[0]`` after a space, ``;``, ``>`` or a
   line break) is a list item: it opens a list where none is open.
"""

from __future__ import annotations

import re
import unicodedata

FFFD = "\ufffd"
LEGACY = ("acronym", "bdo", "flash", "ftp", "glow", "move", "shadow", "tt")  # Load.php legacy_bbc
# (black, blue, green, red and white are legacy too, but preparsecode turns them into
# [color=…] first)
ITEM_CODES = "*@+x#oO0"
_CODE = re.compile(r"(\[code(?:=[^\]]+)?\])(.*?)(\[/code\])", re.I | re.S)
_SCRIPTS_WITH_ZWSP = ("THAI", "MYANMAR", "KHMER", "HIRAGANA", "KATAKANA")


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_" or unicodedata.category(ch).startswith("M")


def sanitize(message: str) -> str:
    """``sanitize_chars($message, 0)`` on what a gmtool post can hold."""
    out = []
    for n, ch in enumerate(message):
        code = ord(ch)
        before = message[n - 1] if n else ""
        after = message[n + 1] if n + 1 < len(message) else ""
        bad = (
            (unicodedata.category(ch) == "Cc" and ch not in "\t\r\n")
            or unicodedata.category(ch) == "Co"
            or code in (0xAD, 0xFEFF, 0x200C, 0x200D)
            or 0x2061 <= code <= 0x2064
            or 0x206A <= code <= 0x206F
            or 0xFFF9 <= code <= 0xFFFC
            or (code == 0x200B and not (before and any(s in unicodedata.name(before, "") for s in _SCRIPTS_WITH_ZWSP)))
            or (code == 0x2060 and before and after and _word(before) and _word(after))
        )
        out.append(FFFD if bad else ch)
    return "".join(out)


def outside_code(post: str) -> str:
    """The post with its ``[code]`` boxes' contents left out (preparsecode keeps them aside)."""
    return _CODE.sub(lambda m: m.group(1) + m.group(3), post)


def legacy_tags(post: str) -> list[str]:
    """The legacy tags SMF would show as typed, outside code boxes."""
    pattern = re.compile(r"\[/?(?:" + "|".join(LEGACY) + r")\b[^\]]*\]", re.I)
    return pattern.findall(outside_code(post))


def item_codes(post: str) -> list[str]:
    """Item codes SMF would make list items, outside code boxes, but the ``[*]`` that starts
    a line inside a ``[list]`` (gmtool's own list items)."""
    text = outside_code(post)
    found = []
    depth = 0
    for m in re.finditer(r"\[(/?)list\b[^\]]*\]|\[([" + re.escape(ITEM_CODES) + r"])\]", text, re.I):
        if m.group(2) is None:
            depth += -1 if m.group(1) else 1
            continue
        code = m.group(2)
        before = text[m.start() - 1] if m.start() else "\n"
        if code == "0" and before not in "; \t\n>":
            continue
        if code == "*" and depth > 0 and before == "\n":
            continue
        found.append(m.group(0))
    return found


def problems(post: str) -> list[str]:
    """What SMF would show otherwise than the post means: «�», a legacy tag as text, a
    list item the post did not write."""
    out = []
    shown = sanitize(post)
    if FFFD in shown:
        at = shown.index(FFFD)
        out.append(f"«�» in …{shown[max(0, at - 30) : at + 30]}…")
    out += [f"{tag} shown as typed" for tag in legacy_tags(post)]
    out += [f"{code} made a list item" for code in item_codes(post)]
    return out
