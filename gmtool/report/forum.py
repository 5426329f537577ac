"""The reply post to a thread: every author and command, each result with its roll ids."""

from __future__ import annotations

from typing import Any

from gmtool.campaign.names import shown as shown_name
from gmtool.forum.resolve import Outcome
from gmtool.report.i18n import tr
from gmtool.report.model import Heading, Paragraph, Report, Span, bold, text


def reply_report(
    outcomes: list[Outcome], posts: list[Any], lang: str, include_private: bool = False, read: list[Any] | None = None
) -> Report:
    """The reply post. A private message's commands are named but their words, results and
    refusals stay out of it, unless ``include_private`` (the moderator's own copy).  ``read``:
    the posts it says it read (default: ``posts``; a reply of new things only names the posts
    read for the first time, and none when there are none)."""
    blocks: list = []
    data: dict[str, Any] = {"posts": []}
    by_post: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_post.setdefault(o.post.key, []).append(o)  # a private message apart from a public post
    for post in posts:
        items = by_post.get(post.key, [])
        if not items:
            continue
        head = f"{shown_name(post.author)} #{post.post_id}"
        blocks.append(Heading(text(head)))
        post_data = {"author": post.author, "post_id": post.post_id, "private": post.private, "commands": []}
        for o in items:
            # A private message stays private: the public reply says a command was received,
            # nothing of what it was, how it went, or which dice it took.
            hidden = post.private and not include_private
            shown = tr("private_command", lang) if hidden else o.command.line
            line = [bold(shown)]
            if hidden:
                blocks.append(Paragraph(line + [Span(f" — {tr('received', lang)}; {tr('private_result', lang)}", "i")]))
                post_data["commands"].append(
                    {"index": o.command.index, "key": o.key, "command": shown, "status": "received", "private": True}
                )
                continue
            if o.status == "refused":
                line.append(Span(f" — {tr('refused', lang)}: {o.reason_in(lang)}", "i"))
            blocks.append(Paragraph(line))
            if o.redone:
                blocks.append(Paragraph([Span(tr("redone_note", lang), "i")]))
            if o.edited:
                original = [Span(f" ({tr('original_command', lang)}: "), Span(o.original), Span(")")]
                note = "edited_order_note" if o.order is not None else "edited_note"
                blocks.append(Paragraph([Span(tr(note, lang), "i")] + original))
            report = o.reports.get(lang) or next(iter(o.reports.values()), None)
            if report is not None:
                blocks.append(Paragraph(report.title))
                blocks.extend(report.blocks)
            post_data["commands"].append(
                {
                    "index": o.command.index,
                    "key": o.key,
                    "command": shown,
                    "status": o.status,
                    "reason": o.reason or None,
                    "edited": o.edited,
                    "redone": o.redone,
                    "original": o.original if o.edited else None,
                    "roll_ids": o.roll_ids,
                    "result": report.data if report is not None else None,
                }
            )
        data["posts"].append(post_data)
    if not blocks:
        blocks.append(Paragraph(text(tr("no_commands", lang))))
    # every post read, so that a header forged inside a post shows before the reply is posted
    read = posts if read is None else read
    names = ", ".join(f"#{p.post_id} {shown_name(p.author)}" for p in read)
    if names:
        blocks.append(Paragraph([Span(f"{tr('posts_read', lang)}: ", "i"), Span(names, "i")]))
    data["read"] = [{"post_id": p.post_id, "author": p.author, "private": p.private} for p in read]
    ids = [p.post_id for p in read]
    title = tr("reply_title", lang) + (f": #{ids[0]}" + (f"–#{ids[-1]}" if len(ids) > 1 else "") if ids else "")
    return Report(text(title), blocks, data)


def profile_check_report(found: Any, page: str, lang: str) -> Report:
    """`post profile check`: the posts a profile finds on a saved page — id, author, edited,
    the first line and the commands."""
    from gmtool.report.model import Facts, TableBlock

    rows, posts = [], []
    for post in found.posts:
        first = next((line for line in post.body.splitlines() if line.strip()), "")
        commands = [c.line for c in post.commands]
        edited = post.post_id in found.edited
        rows.append(
            [post.post_id, post.author, tr("yes", lang) if edited else "", first[:50], " · ".join(commands)[:80]]
        )
        posts.append(
            {"post_id": post.post_id, "author": post.author, "edited": edited, "body": post.body, "commands": commands}
        )
    facts = [
        (tr("profile_check.engine", lang), text(found.engine or found.kind)),
        (tr("profile_check.source", lang), text(found.kind)),
        (tr("profile_check.posts", lang), text(str(len(found.posts)))),
        (tr("profile_check.commands", lang), text(str(sum(len(p.commands) for p in found.posts)))),
    ]
    blocks: list = [Facts(facts)]
    if rows:
        blocks.append(
            TableBlock(
                [tr(f"profile_check.{k}", lang) for k in ("post", "author", "edited", "first_line", "commands")], rows
            )
        )
    return Report(
        text(tr("profile_check.title", lang, page=page, n=len(found.posts))),
        blocks,
        {"engine": found.engine, "kind": found.kind, "posts": posts},
    )
