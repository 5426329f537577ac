"""Checks of a post as the forums show it, shared by the layout and splitting tests:
its code boxes (at most CODE_WIDTH columns and CODE_ROWS lines, as prosilver, MyBB and a
phone show them without a scrollbar or a wrapped column), and Markdown as Discourse renders
it (markdown-it-py with Discourse's settings: typographer and line breaks on, pipe tables)."""

from __future__ import annotations

import re

from gmtool.report.layout import CODE_ROWS, CODE_WIDTH, width

BBCODE_BOX = re.compile(r"\[code\](.*?)\[/code\]", re.S)
FENCED_BOX = re.compile(r"^```[a-z]*\n(.*?)\n```$", re.S | re.M)


def code_boxes(post: str, fmt: str) -> list[list[str]]:
    """The lines inside each code box of a post (a plain post's tables count as boxes)."""
    if fmt == "bbcode":
        return [m.group(1).split("\n") for m in BBCODE_BOX.finditer(post)]
    if fmt in ("markdown", "discord"):
        return [m.group(1).split("\n") for m in FENCED_BOX.finditer(post)]
    return []


def is_dice_block(box: list[str]) -> bool:
    """A Dice block (docs/verify.md), or a piece of one a split post carries on: every line a
    ``gmtool-v2`` header, a revealed key or a label with its dice."""
    from gmtool.report.dice_block import HEADER, KEY, LINE

    return bool(box) and all(HEADER.match(line) or KEY.match(line) or LINE.match(line) for line in box)


def check_boxes(post: str, fmt: str, where: str = "") -> int:
    """Every code box within the width and height a forum shows; the number of boxes. A Dice
    block is data to copy exactly, one label a line, as long as its label: it is never wrapped
    or cut, so it is left out of the limits."""
    boxes = code_boxes(post, fmt)
    for box in boxes:
        if is_dice_block(box):
            continue
        widest = max(box, key=width)
        assert width(widest) <= CODE_WIDTH, f"{where}: a code box line of {width(widest)} columns: {widest!r}"
        assert len(box) <= CODE_ROWS, f"{where}: a code box of {len(box)} lines:\n" + "\n".join(box)
    return len(boxes)


def discourse():
    from markdown_it import MarkdownIt

    # as Discourse sets markdown-it up: typographer (-- → –, ... → …, quotes) and breaks on
    return MarkdownIt("commonmark", {"typographer": True, "breaks": True}).enable(
        ["table", "strikethrough", "replacements", "smartquotes"]
    )


def check_markdown(post: str, where: str = "") -> str:
    """The post rendered as Discourse renders it: no dash or ellipsis the post did not
    write, pipe tables as tables, code blocks as <pre>; the HTML."""
    html = discourse().render(post)
    for made, by in (("–", "--"), ("—", "---"), ("…", "...")):
        assert html.count(made) == post.count(made), f"{where}: the typographer made {made!r} of {by!r}"
    rules = len(re.findall(r"^\|(?: *:?-{3,}:? *\|)+ *$", post, re.M))
    assert html.count("<table>") == rules, f"{where}: {rules} pipe tables, {html.count('<table>')} rendered"
    fences = len(FENCED_BOX.findall(post))
    assert html.count("<pre>") == fences, f"{where}: {fences} code blocks, {html.count('<pre>')} rendered"
    return html
