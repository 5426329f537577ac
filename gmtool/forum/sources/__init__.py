"""Where a thread's posts come from.

``read_thread(["page.html"])`` gives the same :class:`~gmtool.forum.posts.Post` objects the
resolver takes, whatever the source: a thread file (``=== AUTHOR #ID ===`` headers), a
saved thread page of a forum engine (phpBB, XenForo, vBulletin, MyBB, or one a profile
describes), a phpBB Atom feed, a Discourse topic's JSON or ``/raw`` text, or an http(s)
URL of any of these — the pages of a multi-page thread followed to the last one.

Everything heavy (the HTML parser, the feed parser, urllib) is imported only here, and
this module only when a command reads a thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from gmtool.errors import InputError
from gmtool.forum.posts import HEADER, Post, parse_commands, parse_thread
from gmtool.forum.sources.fetch import DEFAULT_TIMEOUT, MAX_PAGE_BYTES, fetch
from gmtool.forum.sources.html import PagePost
from gmtool.forum.sources.profiles import Profile, find_profile, profiles
from gmtool.locale import Msg

MAX_FILE_BYTES = 20_000_000
MAX_POSTS = 20_000
DEFAULT_MAX_PAGES = 50
DUNGEONMASTER = "dungeonmaster"
# sources whose text cannot tell a line a player typed from the site's own post header (a
# DungeonMaster.ru page's copied text, a Discourse /raw): their posts are `Post.copied`
COPIED = frozenset({"page-text", "discourse-raw"})


@dataclass
class Thread:
    posts: list[Post]
    kind: str  # thread | page | page-text | atom | discourse-json | discourse-raw
    engine: str = ""  # the profile that read the pages
    pages: int = 1
    edited: set[str] = field(default_factory=set)  # posts the forum marks as edited
    stopped: Any = ""  # why page-following stopped early, if it did (a Msg)
    note: Any = ""  # what the moderator should know of the source (a Msg): a /raw public thread


@dataclass
class Options:
    profile: str | None = None
    campaign: Path | None = None
    timeout: float = DEFAULT_TIMEOUT
    max_pages: int = DEFAULT_MAX_PAGES
    max_bytes: int = MAX_PAGE_BYTES
    private_messages: bool = False  # a thread file that is an export of private messages
    topic: int | None = None  # --topic: a Discourse topic's number, for a saved /raw text
    # what the source is, as the moderator said: None not known (`post profile check`,
    # `verify`), "" the public thread, else the leader whose room it is (--room)
    room: str | None = None
    moderators: list[str] = field(default_factory=list)  # --moderator names besides the campaign's
    setting: str | None = None  # the campaign's `profile` setting (read by read_thread; "": it has none)
    # the campaign's (leaders, moderators), when the caller read the campaign already (else
    # read from ``campaign`` where a page needs them)
    people: tuple[list[str], list[str]] | None = None
    code: bool = False  # a page's code boxes read as text, quotes left out (`verify --key`: Dice blocks)

    @property
    def engine(self) -> str | None:
        """The engine named for the pages: --profile, else the campaign's setting."""
        return self.profile or self.setting or None

    def campaign_people(self) -> tuple[list[str], list[str]]:
        """(the campaign's leaders, its moderators): as given, else read from the campaign."""
        if self.people is not None:
            return self.people
        return campaign_known_in(self.campaign)["people"]

    @property
    def dungeonmaster(self) -> bool:
        """Is a text source declared a DungeonMaster.ru page's copied text?  Only when the
        moderator said so (--profile dungeonmaster, or the campaign's profile setting) and
        no --topic makes it a Discourse /raw: page text is never guessed."""
        return self.engine == DUNGEONMASTER and self.topic is None


def is_url(spec: str) -> bool:
    return spec.lower().startswith(("http://", "https://"))


def read_thread(specs: list[str], options: Options | None = None) -> Thread:
    """Every post of every source, in order; a post id seen twice (overlapping pages)
    counts once, the first time."""
    options = options or Options()
    if not specs:
        raise InputError(key="forum.no_thread")
    if options.profile is None and options.setting is None and options.campaign is not None:
        from dataclasses import replace

        options = replace(options, **campaign_known_in(options.campaign))
    parts = [_read_one(spec, options) for spec in specs]
    if len(parts) == 1:
        return parts[0]
    kinds = {p.kind for p in parts}
    if "thread" in kinds and len(kinds) > 1:
        raise InputError(key="forum.file_and_pages")
    merged = Thread([], parts[0].kind, parts[0].engine, 0)
    for part in parts:
        merged.pages += part.pages
        merged.edited |= part.edited
        merged.stopped = merged.stopped or part.stopped
        merged.note = merged.note or part.note
        merged.posts.extend(part.posts)
    merged.posts = _unique(merged.posts)
    if parts[0].kind == "thread":
        _no_duplicates(merged.posts)
    return merged


def campaign_known(state: Any) -> dict[str, Any]:
    """What the sources' :class:`Options` would read from the campaign, from its state read
    already (a collection reads a thread and every room: the campaign is not read again for
    each): its profile setting ("" when none) and its people."""
    people = ([p.name for p in state.players], list(getattr(state, "moderators", []) or []))
    return {"setting": getattr(state, "forum_profile", None) or "", "people": people}


def campaign_known_in(folder: Path | None) -> dict[str, Any]:
    """:func:`campaign_known` of the campaign in ``folder``, read without its lock (no setting
    and no people when there is none or it cannot be read: the command that reads the
    campaign says why)."""
    from gmtool.campaign.folder import load_campaign
    from gmtool.errors import GmError

    try:
        if folder is not None:
            return campaign_known(load_campaign(folder))
    except (GmError, OSError):
        pass
    return {"setting": "", "people": ([], [])}


def _no_duplicates(posts: list[Post]) -> None:
    seen: set[str] = set()
    for post in posts:
        if post.post_id in seen:
            raise InputError(key="forum.post_in_two_files", post=post.post_id)
        seen.add(post.post_id)


def _unique(posts: list[Post]) -> list[Post]:
    seen: set[str] = set()
    out = []
    for post in posts:
        if post.post_id not in seen:
            seen.add(post.post_id)
            out.append(post)
    return out


def _read_one(spec: str, options: Options) -> Thread:
    if is_url(spec):
        return _read_url(spec, options)
    path = Path(spec)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise InputError(key="forum.file_too_large", where=spec, n=MAX_FILE_BYTES // 1_000_000)
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(key="campaign.cannot_read", where=spec, reason=exc.strerror or exc) from None
    # the topic is never guessed from the file's name (a browser saves `77 (1).txt`)
    return _read_data(data, spec, options, charset="", url="", topic_hint=options.topic)


def _topic(found: int | None, given: int | None, where: str) -> int | None:
    """The Discourse topic: the one the source names (its URL, its JSON), else --topic;
    the two must agree when both are there."""
    if found is not None and given is not None and found != given:
        raise InputError(key="forum.topic_mismatch", where=where, found=found, given=given)
    return found if found is not None else given


def sniff(data: bytes) -> str:
    """html | atom | json | text, from the first bytes."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(b"{"):
        return "json"
    if head.startswith(b"<"):
        body = head.split(b"?>", 1)[-1] if head.startswith(b"<?xml") else head
        if b"<feed" in body[:2048] and b"<html" not in body[:2048]:
            return "atom"
        return "html"
    return "text"


def decode(data: bytes, charset: str = "") -> str:
    """Text of a page: the server's charset, else UTF-8, else the page's own <meta>
    charset (older Russian forums serve windows-1251), else UTF-8 with replacements."""
    for candidate in (_codec(charset), "utf-8"):
        if candidate:
            try:
                return data.decode(candidate)
            except (LookupError, UnicodeDecodeError):
                pass
    declared = _codec(_meta_charset(data))
    if declared:
        try:
            return data.decode(declared, "replace")
        except LookupError:
            pass
    return data.decode("utf-8", "replace")


# the browsers' (WHATWG) names of Cyrillic encodings Python does not know by that name
_CHARSET_LABELS = {"x-cp1251": "cp1251", "x-mac-cyrillic": "mac-cyrillic", "x-mac-ukrainian": "mac-cyrillic"}


def _codec(label: str) -> str:
    label = label.strip().strip("'\"").lower()
    return _CHARSET_LABELS.get(label, label)


def _meta_charset(data: bytes) -> str:
    from gmtool.forum.sources.html import parse_html

    tree = parse_html(data[:8192].decode("latin-1"))
    meta = tree.css_first("meta[charset]")
    if meta is not None:
        return (meta.attributes.get("charset") or "").strip()
    for meta in tree.css("meta[http-equiv]"):
        if (meta.attributes.get("http-equiv") or "").lower() == "content-type":
            content = meta.attributes.get("content") or ""
            for part in content.split(";"):
                key, _, value = part.strip().partition("=")
                if key.lower() == "charset":
                    return value.strip()
    return ""


def _posts(page_posts: list[PagePost], kind: str = "") -> list[Post]:
    posts = []
    for number, p in enumerate(page_posts, start=1):
        post = Post(p.author, p.post_id, False, p.body, number)
        post.commands = [] if p.reply else parse_commands(p.body)
        post.copied, post.master, post.typed = kind in COPIED, p.master, p.typed
        posts.append(post)
    return posts


def merge_typed(posts: list[PagePost], leader: str, moderators: list[str]) -> list[PagePost]:
    """A leader's room read from copied text: a post header there that names neither the
    leader nor a moderator (nor the site's master role) was typed inside the post before it
    — only they write in the room — so it is that post's text, and the whole post is
    refused (``PagePost.typed``: the line), never read as someone else's post."""
    from gmtool.campaign.names import lookalike, name_key

    allowed = {name_key(name) for name in [leader, *moderators]}
    return _merged(
        posts, lambda post: not post.master and (lookalike(post.author) or name_key(post.author) not in allowed)
    )


def _merged(posts: list[PagePost], typed: Callable[[PagePost], bool]) -> list[PagePost]:
    """``posts`` with every post ``typed`` says was typed inside the post before it made that
    post's text again, and that post marked (refused whole).  The first post stays."""
    kept: list[PagePost] = []
    for post in posts:
        if kept and typed(post):
            before = kept[-1]
            before.body = "\n".join(part for part in (before.body, post.head, post.body) if part)
            before.typed = before.typed or (post.head.splitlines() or [post.author])[0].strip()
            continue
        kept.append(post)
    return kept


def _copied_posts(posts: list[PagePost]) -> list[PagePost]:
    """The posts of copied text, one per id.  The same post twice (overlapping pages) counts
    once.  Two different posts with one id (a Discourse /raw: ``#N``) mean a header was typed
    in a post — the site gives each post its own number, in order:

    * a copy whose number is not above the post before it was typed in that post: merged
      back into it, and that post refused whole;
    * of the copies in order, the last keeps the id (a header typed in a post comes before the
      real post it copies), and each earlier one is a post of its own, refused whole — which
      post it was typed in cannot be told (its own number, or the next post's), so it is
      merged into none."""
    from gmtool.forum.posts import order_of

    seen: dict[str, list[PagePost]] = {}
    unique: list[PagePost] = []
    for post in posts:
        same = seen.setdefault(post.post_id, [])
        if any((p.author, p.body) == (post.author, post.body) for p in same):
            continue
        same.append(post)
        unique.append(post)
    twice = {pid for pid, found in seen.items() if len(found) > 1}
    if not twice:
        return unique
    merged: set[int] = set()
    for pid in twice:
        number = order_of(pid)
        in_order = []
        for i, post in enumerate(unique):
            if post.post_id != pid:
                continue
            # the number of the nearest post before the copy whose id is its own
            before = next((order_of(p.post_id) for p in reversed(unique[:i]) if p.post_id not in twice), None)
            if before is None or number is None or number[1] > before[1]:
                in_order.append(post)
            else:
                merged.add(id(post))
        for n, post in enumerate(in_order[:-1], start=1):
            post.post_id, post.typed = f"{pid}-typed{n}", (post.head.splitlines() or [post.author])[0].strip()
    kept: dict[str, PagePost] = {}
    for post in _merged(unique, lambda post: id(post) in merged):
        kept.setdefault(post.post_id, post)  # a copy that was the page's first post stays the first
    return list(kept.values())


def _profile_for(tree: Any, where: str, options: Options) -> Profile:
    from gmtool.forum.sources.html import detect

    if options.engine:
        return find_profile(options.engine, options.campaign)
    known = profiles(options.campaign)
    found = detect(tree, known)
    if found is None:
        names = ", ".join(p.name for p in known)
        raise InputError(key="forum.unknown_engine", where=where, names=names)
    return found


@dataclass
class _Page:
    """One page (or file) read: its posts, what it is, and where the thread goes on."""

    posts: list[PagePost]
    kind: str  # page | atom | discourse-json | discourse-raw | thread
    engine: str
    next_link: str = ""  # a page's link to the next page (relative to it)
    meta: dict[str, Any] = field(default_factory=dict)  # Discourse JSON: posts_count …
    thread: Thread | None = None  # a thread file: read as it is


def _read_page(data: bytes, where: str, options: Options, charset: str, topic_hint: int | None = None) -> _Page:
    """What one page, feed or file holds — the one reader both a saved file and a URL use.

    A DungeonMaster.ru page's copied text is read as such only where the moderator said so
    (``Options.dungeonmaster``): never guessed from its shape, for a Discourse /raw, a thread
    file or a page no profile recognises — a player can type its lines in any post."""
    from gmtool.forum.sources import feeds
    from gmtool.forum.sources.html import detect, next_page, page_posts, parse_html

    kind = sniff(data)
    structured = options.engine if options.engine != DUNGEONMASTER else None  # JSON and feeds are never page text
    if kind == "json":
        posts, meta = feeds.discourse_json(
            data,
            _optional_profile("discourse", structured, options),
            where,
            lambda found: _topic(found, topic_hint, where),
            options.code,
        )
        return _Page(posts, "discourse-json", "discourse", meta=meta)
    if kind == "atom":
        profile = find_profile(structured or "phpbb", options.campaign)
        return _Page(feeds.atom_posts(data, _code_kept(profile, options), where), "atom", profile.name)
    text = decode(data, charset)
    if kind == "html":
        tree = parse_html(text, where)
        # named by --profile, or the campaign's setting and no engine recognised on the page
        if options.profile == DUNGEONMASTER or (
            not options.profile
            and options.setting == DUNGEONMASTER
            and detect(tree, profiles(options.campaign)) is None
        ):
            markup = _markup_profile(options)
            if markup is None:
                return _dungeonmaster_html(tree, where, options)
            found = page_posts(tree, _code_kept(markup, options), where)  # the site's markup: a typed line is only text
            if not found:
                _refuse_other_shape(tree, markup, where)
            return _Page(found, "page", markup.name, next_link=next_page(tree, markup) or "")
        if options.engine == DUNGEONMASTER:  # the campaign's setting, and a page of an engine gmtool knows
            from dataclasses import replace

            options = replace(options, setting=None)
        profile = _profile_for(tree, where, options)
        found = page_posts(tree, _code_kept(profile, options), where)
        if not found and not options.engine:
            raise InputError(key="forum.no_posts", where=where, profile=profile.name)
        if not found:
            _refuse_other_shape(tree, profile, where)
        return _Page(found, "page", profile.name, next_link=next_page(tree, profile) or "")
    if options.dungeonmaster:
        return _dungeonmaster_text(_cp1251(data) if "\ufffd" in text and not charset else text, where, options)
    if feeds.looks_like_discourse_raw(text):
        return _Page(feeds.discourse_raw(text, topic_hint, where), "discourse-raw", "discourse")
    if not any(HEADER.match(line) for line in text.splitlines()):
        from gmtool.forum.sources import pagetext

        if pagetext.looks_like(text):  # said so, rather than "no post headers"
            raise InputError(key="forum.page_text_not_named", where=where)
    try:
        return _Page([], "thread", "", thread=Thread(parse_thread(text, options.private_messages), "thread"))
    except InputError as exc:
        raise InputError(key="campaign.in_file", where=where, reason=exc) from None


def _markup_profile(options: Options) -> Profile | None:
    """A ``[profile]`` of DungeonMaster.ru's HTML, when the campaign wrote one
    (``DIR/forums/dungeonmaster.toml``; gmtool ships none: docs/forums.md), else None."""
    try:
        return find_profile(DUNGEONMASTER, options.campaign)
    except InputError:
        return None


def _dungeonmaster_text(text: str, where: str, options: Options) -> _Page:
    """A DungeonMaster.ru page's copied text (gmtool/forum/sources/pagetext.py), read as the
    room or the discussion the moderator said it is (text of another shape is refused)."""
    from gmtool.forum.sources import pagetext

    leaders, moderators = options.campaign_people()
    expect = "" if options.room is None else "room" if options.room else "discussion"
    found = pagetext.read(text, where, leaders + moderators, expect)
    return _Page(found.posts, "page-text", pagetext.ENGINE)


def _cp1251(data: bytes) -> str:
    """A page's text that is not UTF-8, as Windows' Notepad saves Russian text ("ANSI")."""
    return data.decode("cp1251", "replace")


def _dungeonmaster_html(tree: Any, where: str, options: Options) -> _Page:
    """A DungeonMaster.ru page saved or fetched as HTML, read as the text a browser shows of
    it (no profile of the site's markup is known: docs/forums.md)."""
    from gmtool.forum.sources.html import node_text

    body = tree.body if tree.body is not None else tree.root
    # a block's text is a line: the blank lines between blocks are the page's layout
    lines = (node_text(body) if body is not None else "").splitlines()
    return _dungeonmaster_text("\n".join(line for line in lines if line.strip()), where, options)


def _refuse_other_shape(tree: Any, profile: Profile, where: str) -> None:
    """A page named to be of an engine (``--profile``) that has none of its marks is another
    page (a login form, another forum, an error page): refused, not read as an empty thread."""
    from gmtool.forum.sources.html import matches

    if profile.detect and not matches(tree, profile):
        raise InputError(key="forum.not_profile_page", where=where, profile=profile.label or profile.name)


def _read_data(
    data: bytes, where: str, options: Options, charset: str, url: str, topic_hint: int | None = None
) -> Thread:
    page = _read_page(data, where, options, charset, topic_hint)
    return page.thread if page.thread is not None else _thread(page.posts, page.kind, page.engine, where, options)


def _code_kept(profile: Profile, options: Options) -> Profile:
    """``profile``, reading its code boxes as text where ``options.code`` asks it."""
    from dataclasses import replace

    from gmtool.forum.sources.html import quotes_only

    return replace(profile, skip=quotes_only(profile.skip)) if options.code else profile


def _optional_profile(name: str, engine: str | None, options: Options) -> Profile | None:
    try:
        return find_profile(engine or name, options.campaign)
    except InputError:
        if engine:
            raise
        return None


def _thread(page_posts: list[PagePost], kind: str, engine: str, where: str, options: Options, pages: int = 1) -> Thread:
    if len(page_posts) > MAX_POSTS:
        raise InputError(key="forum.too_many_posts", where=where, n=MAX_POSTS)
    if kind in COPIED:
        posts = _copied_posts(page_posts)
    else:
        unique: dict[str, PagePost] = {}
        for p in page_posts:
            unique.setdefault(p.post_id, p)
        posts = list(unique.values())
    if kind in COPIED and options.room:
        moderators = options.campaign_people()[1] + options.moderators
        if moderators:  # unnamed, the master's post under a character's name would look typed
            posts = merge_typed(posts, options.room, moderators)
    thread = Thread(_posts(posts, kind), kind, engine, pages, {p.post_id for p in posts if p.edited})
    if kind == "discourse-raw" and options.room == "":
        topic = next((p.post_id[1:].split("-")[0] for p in posts), "N")
        thread.note = Msg("error.forum.raw_public", where=where, topic=topic)
    return thread


# ------------------------------------------------------------------ URLs


def _read_url(url: str, options: Options) -> Thread:
    """Every page of a thread from its URL. The thread's site is where its first page ends
    up (after an http→https or ``www.`` redirect, that one): later pages, and any redirect
    while fetching them, must stay on it (:func:`~gmtool.forum.sources.fetch.within_site`)."""
    from gmtool.forum.sources.fetch import within_site

    collected: list[PagePost] = []
    seen_urls: set[str] = set()
    pages = 0
    stopped: Any = ""
    engine = ""
    kind = ""
    current = url
    site = url
    topic_hint = _topic(_discourse_topic(url), options.topic, url)
    while current:
        if pages >= options.max_pages:
            stopped = Msg("forum_stopped", n=options.max_pages)
            break
        seen_urls.add(current)
        got = fetch(current, options.timeout, options.max_bytes, site=site)
        pages += 1
        if pages == 1:
            site = got.url
        seen_urls.add(got.url)
        page = _read_page(got.data, current, options, got.charset, topic_hint)
        if page.thread is not None:  # a thread file served over HTTP: read as it is
            page.thread.pages = pages
            return page.thread
        before = len({p.post_id for p in collected})
        collected.extend(page.posts)
        engine, kind = page.engine, page.kind
        following = urljoin(got.url, page.next_link) if page.next_link else ""
        if page.kind == "discourse-json":  # JSON pages: ?page=N while posts keep coming
            after = len({p.post_id for p in collected})
            total = page.meta.get("posts_count")
            if total and after < total and after > before:
                following = _with_page(site, pages + 1)
        if len(collected) > MAX_POSTS:
            raise InputError(key="forum.too_many_posts", where=url, n=MAX_POSTS)
        following = _kept_secure(site, following)
        if following and (following in seen_urls or not within_site(site, following)):
            following = ""  # a loop, or a link off the forum (or down to http): the last page
        current = following
    thread = _thread(collected, kind, engine, url, options, pages)
    thread.stopped = stopped
    return thread


def _kept_secure(site: str, link: str) -> str:
    """A next page's link as it is fetched: once the thread's site is https, an ``http://``
    link to its host on the default port is fetched over https — never down to http (any
    other http link is off the site: :func:`~gmtool.forum.sources.fetch.within_site`)."""
    parts = urlsplit(link)
    if not (parts.scheme.lower() == "http" and urlsplit(site).scheme.lower() == "https"):
        return link
    try:
        port = parts.port
    except ValueError:
        return link
    if port not in (None, 80):
        return link
    netloc = parts.netloc.rpartition(":")[0] if port == 80 else parts.netloc
    return urlunsplit(("https", netloc, parts.path, parts.query, parts.fragment))


def _discourse_topic(url: str) -> int | None:
    parts = [p for p in urlsplit(url).path.split("/") if p]
    for marker in ("raw", "t"):
        if marker in parts:
            rest = parts[parts.index(marker) + 1 :]
            for piece in rest:
                stem = piece.split(".")[0]
                if stem.isascii() and stem.isdigit() and len(stem) <= 12:
                    return int(stem)
    return None


def _with_page(url: str, page: int) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "page"] + [("page", str(page))]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), ""))
