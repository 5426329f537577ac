"""Checks of a post as the forums show it, shared by the layout and splitting tests:
its code boxes (at most CODE_WIDTH columns and CODE_ROWS lines, as prosilver and MyBB show
them without a scrollbar or a wrapped column; PHONE_WIDTH in Discord, read on a phone),
Markdown as Discourse renders it (markdown-it-py with Discourse's settings: typographer and
line breaks on, pipe tables), and Discord's lists as its parser groups them."""

from __future__ import annotations

import re

from gmtool.report.layout import CODE_ROWS, CODE_WIDTH, PHONE_WIDTH, width

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
    most = PHONE_WIDTH if fmt == "discord" else CODE_WIDTH
    for box in boxes:
        if is_dice_block(box):
            continue
        widest = max(box, key=width)
        assert width(widest) <= most, f"{where}: a code box line of {width(widest)} columns: {widest!r}"
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


# simple-markdown's list rule, which Discord's parser keeps: a list runs on over a blank line
# while the next line starts with a bullet — any bullet, "-", "*", "+" or "1." alike
_BULLET = r"(?:[*+-]|\d+\.)"
_DISCORD_LIST = re.compile(r"( *)(" + _BULLET + r") [\s\S]+?(?:\n{2,}(?! )(?!\1" + _BULLET + r" )\n*|\s*\n*$)")
_DISCORD_ITEM = re.compile(r"\n+(?= *" + _BULLET + " )")


def discord_lists(post: str) -> list[list[str]]:
    """The lists of a Discord message as Discord groups them, each a list of its items' text
    (code blocks left out)."""
    return [
        [re.sub(r"^ *" + _BULLET + " ", "", item) for item in _DISCORD_ITEM.split(raw)] for raw in _discord_runs(post)
    ]


def _discord_runs(post: str) -> list[str]:
    lists: list[str] = []
    pos, fenced = 0, False
    while pos < len(post):
        end = post.find("\n", pos)
        end = len(post) if end < 0 else end
        line = post[pos:end]
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            found = _DISCORD_LIST.match(post, pos)
            if found:
                lists.append(found.group(0).strip("\n"))
                pos = found.end()
                continue
        pos = end + 1
    return lists


def markdown_lists(post: str) -> list[list[str]]:
    """The lists of a Markdown post as Discourse (markdown-it-py) renders them: each list's
    items as text."""
    tokens = discourse().parse(post)
    lists: list[list[str]] = []
    depth = 0
    for token in tokens:
        if token.type == "bullet_list_open":
            depth += 1
            if depth == 1:
                lists.append([])
        elif token.type == "bullet_list_close":
            depth -= 1
        elif token.type == "inline" and depth == 1:
            lists[-1].append(token.content)
    return lists


def check_lists(post: str, fmt: str, where: str = "") -> None:
    """No two of gmtool's lists read as one: gmtool writes a list's items on consecutive
    lines, so a list that runs over a blank line (a loose list, in Markdown) is two lists
    the reader's parser joined — the chair of the Council shown as one more warship."""
    if fmt == "discord":
        for run in _discord_runs(post):
            assert "\n\n" not in run, f"{where}: two lists Discord shows as one:\n{run}"
    elif fmt == "markdown":
        tokens = discourse().parse(post)
        for n, token in enumerate(tokens):
            if token.type == "paragraph_open" and not token.hidden and n and tokens[n - 1].type == "list_item_open":
                shown = tokens[n + 1].content
                raise AssertionError(f"{where}: two lists Markdown shows as one (a loose list), at {shown!r}")
