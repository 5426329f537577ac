"""Checks on a campaign: the roll journal against the revealed secret (``verify``), and
the state's cross-references (``validate``)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Sequence, TypeAlias

from gmtool.campaign.model import MAX_TURN, Campaign
from gmtool.campaign.stream import PARTS, Entry, commitment, derive_face, derive_face_v2, part_key
from gmtool.dice.limits import MAX_SIDES
from gmtool.locale import Msg, t


@dataclass
class Finding:
    msg: "str | Msg"
    roll_id: int | None = None

    @property
    def message(self) -> str:
        return self.msg.text("en") if isinstance(self.msg, Msg) else self.msg

    def text(self, lang: str = "en") -> str:
        message = self.msg.text(lang) if isinstance(self.msg, Msg) else self.msg
        return t("verify.roll_finding", lang, id=self.roll_id, message=message) if self.roll_id is not None else message

    def __str__(self) -> str:
        return self.text("en")


@dataclass
class VerifyResult:
    checked: int = 0
    stream: int = 0
    manual: int = 0
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings


def entry_problem(entry: Entry) -> Msg | None:
    """What is out of range in one journal entry (None when nothing is)."""
    if not 1 <= entry.die <= MAX_SIDES:
        return Msg("verify.bad_die", die=_short(entry.die), max=MAX_SIDES)
    if not 1 <= entry.face <= entry.die:
        return Msg("verify.bad_face", face=_short(entry.face), die=entry.die)
    if not 0 <= entry.turn <= MAX_TURN:
        return Msg("verify.bad_turn", turn=_short(entry.turn), max=MAX_TURN)
    if entry.source not in ("stream", "manual"):
        return Msg("verify.unknown_source", source=entry.source)
    return None


def _short(value: int) -> str:
    text = str(value)
    return text if len(text) <= 20 else text[:17] + "..."


def verify_journal(
    campaign: Campaign, entries: list[Entry], tail: str, problems: list[str], secret: bytes
) -> VerifyResult:
    """Every stream roll recomputed from ``secret``; ids consecutive from 1; the secret
    matches the commitment."""
    result = VerifyResult()
    if commitment(secret) != campaign.commitment:
        result.findings.append(Finding(Msg("verify.commitment", commitment=campaign.commitment[:16])))
    result.findings += [Finding(Msg("verify.journal", problem=p)) for p in problems]
    expected = 1
    for entry in entries:
        result.checked += 1
        if entry.id != expected:
            what = Msg("verify.duplicate" if entry.id < expected else "verify.gap")
            result.findings.append(Finding(Msg("verify.bad_id", id=entry.id, expected=expected, what=what), entry.id))
        expected = entry.id + 1
        problem = entry_problem(entry)
        if problem:
            result.findings.append(Finding(problem, entry.id))
            continue
        if entry.part and entry.part not in PARTS:
            result.findings.append(Finding(Msg("verify.bad_part", part=entry.part[:20]), entry.id))
            continue
        if entry.source == "stream":
            result.stream += 1
            if entry.part:  # scheme 2: from the part key, the label, the share and the index
                face = derive_face_v2(part_key(secret, entry.part), entry.label, entry.share, entry.die, entry.index)
            else:
                face = derive_face(secret, entry.id, entry.die)
            if face != entry.face:
                result.findings.append(
                    Finding(
                        Msg("verify.mismatch", face=entry.face, stream=face, die=entry.die, purpose=entry.purpose),
                        entry.id,
                    )
                )
        elif entry.source == "manual":
            result.manual += 1
    result.findings += chain_findings(campaign, entries)
    for part, committed in getattr(campaign, "part_commitments", {}).items():
        key = part_key(secret, part) if part in PARTS else b""
        if hashlib.sha256(key).hexdigest() != committed:
            result.findings.append(Finding(Msg("verify.part_commitment", part=part[:20])))
    for part, revealed in getattr(campaign, "revealed_parts", {}).items():
        if part not in PARTS or revealed != part_key(secret, part).hex():
            result.findings.append(Finding(Msg("verify.part_revealed", part=part[:20])))
    last = entries[-1].id if entries else 0
    if last < campaign.last_roll_id:
        result.findings.append(Finding(Msg("verify.missing", last=last, used=campaign.last_roll_id)))
    if tail:
        result.findings.append(Finding(Msg("verify.incomplete")))
    return result


def chain_findings(campaign: Campaign, entries: list[Entry]) -> list[Finding]:
    """The journal's running hash recomputed, against the hash each entry carries and the
    one campaign.toml keeps."""
    from gmtool.campaign.journal import chain_of

    findings: list[Finding] = []
    chain = chain_of(entries)
    at = {e.id: h for e, h in zip(entries, chain)}
    for entry, h in zip(entries, chain):
        if entry.chain and entry.chain != h:
            findings.append(Finding(Msg("verify.chain_broken"), entry.id))
            break
    if campaign.journal_hash and campaign.last_roll_id in at and at[campaign.last_roll_id] != campaign.journal_hash:
        findings.append(Finding(Msg("verify.hash_mismatch", id=campaign.last_roll_id)))
    return findings


Where: TypeAlias = "str | Msg"  # a file, or a post in one (verify.in_post)


@dataclass
class MarkCheck:
    """What the published marks showed: findings, and how many marks matched, by kind."""

    findings: list[Finding] = field(default_factory=list)
    keyed: int = 0  # journal.mark_hash of the running hash (every mark gmtool prints)
    plain: int = 0  # the running hash's first 12 digits: marks printed before marks were keyed
    # marks that do not match in copied text (a page's text, a Discourse /raw): anyone may have
    # typed the moderator's header above them, so they say nothing of the journal — shown, not
    # counted (a matching one counts: a player cannot make one)
    unattributed: list[Finding] = field(default_factory=list)


COPIED_POST = "verify.in_copied_post"  # where a post of copied text is: its finding is unattributed


def _copied(where: Where) -> bool:
    return isinstance(where, Msg) and where.key == COPIED_POST


def published_findings(entries: list[Entry], published: list[tuple[Where, int, str]], key: bytes) -> MarkCheck:
    """Every published mark (where, roll id, 12 hex digits) against the recomputed chain,
    keyed with ``key`` (journal.mark_key of the secret). An old campaign's unkeyed mark (the
    running hash's first 12 digits) still matches, and is counted apart."""
    from gmtool.campaign.journal import chain_of, mark_hash

    at = {e.id: h for e, h in zip(entries, chain_of(entries))}
    check = MarkCheck()
    for where, roll_id, short in published:
        # in copied text the mark is only said not to match: who wrote it is not known
        copied = _copied(where)
        h = at.get(roll_id)
        if h is None:
            key_ = "verify.mark_no_roll_copied" if copied else "verify.mark_no_roll"
            (check.unattributed if copied else check.findings).append(
                Finding(Msg(key_, where=where, id=roll_id, short=short), roll_id)
            )
        elif short == mark_hash(key, h):
            check.keyed += 1
        elif short == h[:12]:
            check.plain += 1
        else:
            key_ = "verify.mark_differs_copied" if copied else "verify.mark_changed"
            (check.unattributed if copied else check.findings).append(
                Finding(Msg(key_, where=where, id=roll_id, short=short, now=mark_hash(key, h)), roll_id)
            )
    return check


def published_marks(texts: Sequence[tuple[Where, str]]) -> list[tuple[Where, int, str]]:
    """Every ``journal #N · hash`` in (where, text) pairs."""
    from gmtool.campaign.journal import MARK

    return [(where, int(m.group(1)), m.group(2)) for where, text in texts for m in MARK.finditer(text)]


def moderator_texts(
    where: str, posts: list[Any], moderators: list[str], dice: bool = False
) -> tuple[list[tuple[Where, str]], list[tuple[Where, int, str]]]:
    """The moderator's posts of a thread read from ``where`` — each named by the file, its id
    and its author, its quotes and code boxes left out (someone else's words; with ``dice``
    its code boxes stay: a Dice block is one, laid out by gmtool for `verify --key`) — and the marks
    in everyone else's posts, which prove nothing and are not checked (a player can type one).
    A post of copied text (``Post.copied``) is named as such: its author is only what the
    text says, so a mark in it that does not match is shown, never counted against the
    journal (:func:`published_findings`)."""
    from gmtool.campaign.names import lookalike, name_key
    from gmtool.forum.posts import strip_quotes

    own: list[tuple[Where, str]] = []
    others: list[tuple[Where, str]] = []
    for post in posts:
        named = Msg(COPIED_POST if post.copied else "verify.in_post", file=where, post=post.post_id, author=post.author)
        if not lookalike(post.author) and any(name_key(post.author) == name_key(m) for m in moderators):
            own.append((named, strip_quotes(post.body, keep_code=dice)))
        else:
            others.append((named, post.body))
    return own, published_marks(others)


def validate_state(campaign: Campaign, library: Any, lang: str = "en") -> list[str]:
    """Cross-references a hand edit can break, in ``lang``: the leaders' and moderators' names,
    the turn and stage, then what the campaign's ruleset checks of its own state (orion: its
    galaxy and homeworlds against the campaign's tables, ``library``)."""
    issues: list[str] = []
    from gmtool.campaign.names import moderator_problems, names_problems
    from gmtool.rules.registry import ruleset_of

    def v(key: str, **params: Any) -> str:
        return t("validate." + key, lang, **params)

    names = [p.name for p in campaign.players]
    issues += list(dict.fromkeys(names_problems(names, lang)))
    issues += moderator_problems(campaign.moderators, lang)
    if not 1 <= campaign.stage <= 3:
        issues.append(v("stage", stage=campaign.stage))
    if campaign.turn < 1:
        issues.append(v("turn", turn=campaign.turn))
    return issues + ruleset_of(campaign).validate(campaign, library, lang)


@dataclass
class KeyCheck:
    """What ``gmtool verify --key`` found in the published Dice blocks (dice scheme 2)."""

    checked: int = 0  # dice of the keys' parts recomputed
    other: int = 0  # dice of other parts (no key given for them)
    parts: dict[str, int] = field(default_factory=dict)  # dice checked by part
    findings: list[Finding] = field(default_factory=list)
    unattributed: list[Finding] = field(default_factory=list)  # in copied text: shown, not counted


def check_with_keys(texts: Sequence[tuple[Where, str]], keys: dict[str, bytes]) -> KeyCheck:
    """Every die a Dice block of ``texts`` shows (gmtool.report.dice_block), recomputed with
    the part key given for its part (docs/verify.md): a part key alone, no campaign folder."""
    from gmtool.report.dice_block import parse_published

    check = KeyCheck()
    seen: set[tuple[str, str, str, int, int, int]] = set()
    for where, text in texts:
        for part, share, label, die, index, face in parse_published(text):
            if (part, share, label, die, index, face) in seen:
                continue  # the same die shown in two posts is checked once
            seen.add((part, share, label, die, index, face))
            key = keys.get(part)
            if key is None:
                check.other += 1
                continue
            check.checked += 1
            check.parts[part] = check.parts.get(part, 0) + 1
            found = check.unattributed if _copied(where) else check.findings
            if not 1 <= die <= MAX_SIDES or not 1 <= face <= die:
                found.append(Finding(Msg("verify.bad_face", face=_short(face), die=die)))
                continue
            got = derive_face_v2(key, label, share, die, index)
            if got != face:
                found.append(
                    Finding(
                        Msg(
                            "verify.published_v2",
                            where=where,
                            label=label[:120],
                            die=die,
                            index=index,
                            face=face,
                            key_face=got,
                        )
                    )
                )
    return check
