"""Splitting a long post (``--post-limit``) over many limits and real posts: no part is only
the title or only the journal mark, no part ends with a heading, a table continued in the
next part repeats its header row in its own box, every part is within the limit, and the
parts joined give back every line of the post (but the part marks and repeated headers)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.cli.common import library
from gmtool.report.model import Heading, Paragraph, Report, TableBlock, report_from_dict, text
from gmtool.report.render import render_posts, renderer_for
from gmtool.report.split import MARK_ROOM, table_head
from gmtool.report.tables import show_report
from helpers import ok, run_gmtool
from post_checks import check_boxes, code_boxes

EXAMPLE = Path(__file__).resolve().parent.parent / "campaigns" / "example"
FORMATS = [("bbcode", "phpbb"), ("bbcode", "mybb"), ("bbcode", "dungeonmaster"), ("markdown", None), ("discord", None)]
MARK = re.compile(r"^(\[i\]|\*)?\((\d+)/(\d+)\)(\[/i\]|\*)?$")


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> list[Report]:
    """Turn 1's public post and alice's report in both languages, three shipped tables
    (a wide one, a long one, one shown as a list) and a many-sectioned report."""
    folder = tmp_path_factory.mktemp("split") / "example"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns(".lock", "reports", "history"))
    ok(run_gmtool("turn", "run", str(EXAMPLE / "orders" / "turn-01.toml"), "-c", str(folder)))
    models = json.loads((folder / "reports" / "models" / "turn-01.json").read_text(encoding="utf-8"))
    out = []
    for lang in ("en", "ru"):
        out.append(report_from_dict(models["langs"][lang]["public"]))
        out.append(report_from_dict(models["langs"][lang]["private"]["alice"]))
    tables = library(None)
    for lang, table in (("ru", "orion/technologies"), ("en", "orion/world-type"), ("ru", "orion/positive-events")):
        out.append(show_report(tables.get(table), lang, tables.find_row))
    blocks: list = []
    for s in range(6):
        blocks += [Heading(text(f"Section {s}")), Paragraph(text("word " * 30))]
        blocks.append(TableBlock(["Hex", "Owner"], [[f"{s},{r}", "alice"] for r in range(14)]))
    out.append(Report(text("A long report"), blocks, {}))
    return Reports(out)


def _is_mark(line: str) -> bool:
    return bool(MARK.match(line))


def check_split(report: Report, fmt: str, dialect: str | None, limit: int) -> None:
    renderer = renderer_for(fmt, dialect)
    whole = "\n\n".join(renderer.parts(report))  # type: ignore[union-attr]
    posts = render_posts(report, fmt, dialect, limit)
    if len(posts) == 1:
        return
    title = renderer.parts(report)[0]  # type: ignore[union-attr]
    heads = set()
    pipes = [(t, "\n".join(table_head(t.split("\n")))) for t in whole.split("\n\n") if t.startswith("|")]
    for number, post in enumerate(posts, start=1):
        where = f"{fmt} {dialect} limit {limit} part {number}/{len(posts)}"
        assert len(post) <= limit, where
        lines = post.rstrip("\n").split("\n")
        assert _is_mark(lines[0]) and lines[1] == "", where
        body = "\n".join(lines[2:])
        blocks = body.split("\n\n")
        assert body.strip() != title.strip(), f"{where}: only the title"
        if len(blocks) == 1:  # never only the journal mark (the post's short last block)
            last = whole.split("\n\n")[-1]
            assert not (number == len(posts) and blocks[0] == last and "\n" not in last), f"{where}: only {body!r}"
        assert not renderer.is_heading(blocks[-1]), f"{where}: ends with the heading {blocks[-1]!r}"  # type: ignore[union-attr]
        if fmt != "markdown":
            check_boxes(post, fmt, where)
        for box in code_boxes(post, fmt):
            heads.update(box[: len(table_head(box))] if table_head(box) else [])
        for block in blocks:  # a piece of a pipe table starts with its header (if two fit in a part)
            if block.startswith("|") and not table_head(block.split("\n")):
                assert any(block.split("\n")[0] in t and 2 * (len(h) + 2) > limit - MARK_ROOM - 1 for t, h in pipes), (
                    where
                )
            heads.update(table_head(block.split("\n")))
    # every line of the post is in the parts, in order (part marks and repeated headers aside)
    fence = re.compile(r"^(\[code\]|```text|```)|(\[/code\]|```)$")
    joined = [fence.sub("", line) for post in posts for line in post.rstrip("\n").split("\n")[2:]]
    wanted = [fence.sub("", line) for line in whole.split("\n")]
    joined, wanted = [line for line in joined if line], [line for line in wanted if line]
    it = iter(joined)
    for line in wanted:
        for got in it:
            if got == line:
                break
            assert got in heads, f"{fmt} {dialect} limit {limit}: {got!r} where {line!r} was"
        else:
            raise AssertionError(f"{fmt} {dialect} limit {limit}: {line!r} is in no part")


class Reports(list):
    def __repr__(self) -> str:
        return f"<{len(self)} reports>"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(limit=st.integers(500, 5000), which=st.integers(0, 99), form=st.sampled_from(FORMATS))
def test_split_rules_hold_at_any_limit(reports, limit, which, form):
    fmt, dialect = form
    check_split(reports[which % len(reports)], fmt, dialect, min(limit, 2000) if fmt == "discord" else limit)


@pytest.mark.parametrize("fmt,dialect", FORMATS)
def test_split_rules_at_the_issues_limits(reports, fmt, dialect):
    for report in reports:
        for limit in (500, 600, 1000, 2000):
            check_split(report, fmt, dialect, limit)


def test_a_continued_table_repeats_its_header_in_its_own_box():
    report = Report(text("T"), [TableBlock(["Hex", "Owner"], [[f"0,{r}", "alice " * 8] for r in range(10)])], {})
    posts = render_posts(report, "bbcode", "phpbb", 500)
    assert len(posts) > 1
    for post in posts:
        for box in code_boxes(post, "bbcode"):
            assert box[0].startswith("Hex") and set(box[1]) <= {"-", " "}
