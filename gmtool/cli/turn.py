"""``gmtool turn start | end | run | check | show | undo`` and the record-keeping commands between turn ends:
``colonize``, ``assign``, ``activate``, ``fleet``, ``quest complete``, ``event play``, ``deck``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    DiceOpt,
    FormatOpt,
    Lang,
    LangOpt,
    Output,
    TablesOpt,
    refusal,
    require_campaign,
)
from gmtool.locale import t

if TYPE_CHECKING:
    from gmtool.rules.orion.turns import EventPlayed, QuestCompleted

app = typer.Typer(
    help="The turn engine: start a turn, end it (production, council, victory, reports), undo.", no_args_is_help=True
)
quest_app = typer.Typer(help="Quests of the turn.", no_args_is_help=True)
event_app = typer.Typer(help="Event cards in the leaders' hands.", no_args_is_help=True)
deck_app = typer.Typer(help="The campaign's card decks (bills, quests, events).", no_args_is_help=True)

PlayerOpt = Annotated[str, typer.Option("--player", "-p", help="The leader.", show_default=False)]
HexOpt = Annotated[str, typer.Option("--hex", help="The planet's hex, Q,R.", show_default=False)]
ChairChoiceOpt = Annotated[
    Optional[str],
    typer.Option(
        "--chair-choice",
        show_default=False,
        help="LEADER: the chair's word at the turn's end — whom a bill or law that goes to the leader with the fewest planets goes to on a tie (used only if LEADER is among the tied; it comes before the chair's !bill picks), or whom a bill the chair names goes to.",
    ),
]


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="turn")
    root.add_typer(quest_app, name="quest")
    root.add_typer(event_app, name="event")
    root.add_typer(deck_app, name="deck")
    root.command("colonize")(colonize_command)
    root.command("assign")(assign_command)
    root.command("activate")(activate_command)
    root.command("fleet", context_settings={"ignore_unknown_options": True})(fleet_command)
    root.command("build")(build_command)
    root.command("scrap")(scrap_command)
    root.command("research")(research_command)
    from gmtool.cli.share import share_command  # dice scheme 2: the players' share

    app.command("share")(share_command)


@app.command("start")
def start_command(
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
) -> None:
    """Start the turn: the stage, the first-turn token (turn 7), the chair, the movement order,
    the quest, event cards (turns 8 and 13, secretly), the chair's two bills.

    Writes reports/turn-NN/start-public and one private start report per leader (its cards
    and bills, its status, its reach and its orders template; the turn the rooms open, its
    homeworld's galaxy hex and the public map, start-map-public.png); prints the public one.
    The moderator's work page, reports/posts.html, lists every post to make.

    \b
    Example:
      gmtool turn start -c DIR
    """
    from gmtool.app.turns import start_turn

    done = start_turn(require_campaign(campaign), lambda state: Output(format, lang, state), tables, dice)
    out, posts = done.out, done.posts
    out.emit(posts.public)
    _say_attachments(done, posts, out.lang)
    _say_short_deal(done.state, out.lang)
    _say_page(posts, out.lang)


def _say_short_deal(state: Any, lang: str) -> None:
    """A deal the events deck could not meet, said at once to the moderator — on stderr, never
    in a post (docs/rules-orion.md A11): who got fewer cards, and how to deal the rest."""
    for entry in state.turn_state.log:
        if entry.get("kind") == "events_short" and entry.get("turn") == state.turn:
            got, due = entry.get("got", {}), entry.get("due", {})
            short = [
                t("reply.events_short_one", lang, leader=leader, got=got.get(leader, 0), due=due.get(leader, 0))
                for leader in entry["leaders"]
            ]
            typer.echo(f"warning: {t('reply.events_short', lang, short='; '.join(short))}", err=True)
            return
    # cards still owed: orion's leaders hold cards; another ruleset's players may not
    owed = [f"{p.name}: {n}" for p in state.players if (n := getattr(p, "cards_owed", 0))]
    if owed:  # `turn run` ended the turn that dealt them (its log is gone): what is still owed
        typer.echo(f"warning: {t('reply.cards_owed', lang, owed='; '.join(owed))}", err=True)


def _say_attachments(done: Any, posts: Any, lang: str) -> None:
    """Which map file goes with which post, said to the moderator on stderr: the posts only
    say that a map is attached (a player's post names no file)."""
    from gmtool.maps import attachments_note
    from gmtool.tomlfile import display_path

    folder = display_path(done.folder / "reports" / f"turn-{posts.turn:02d}")
    note = attachments_note(done.state, posts.maps or {}, folder, lang)
    if note:
        typer.echo(f"note: {note}", err=True)


def _say_page(posts: Any, lang: str) -> None:
    """Where the moderator's work page is, with every post to make (gmtool.campaign.workposts):
    the last line on stderr."""
    from gmtool.tomlfile import display_path

    if posts.page is not None:
        typer.echo(f"note: {t('workpage.note', lang, page=display_path(posts.page))}", err=True)


@app.command("end")
def end_command(
    chair_decision: Annotated[
        Optional[str],
        typer.Option(
            "--chair-decision",
            help="yes|no: the chair's decision on a tied vote when the chair abstained.",
            show_default=False,
        ),
    ] = None,
    chair_choice: ChairChoiceOpt = None,
    player: Annotated[
        Optional[str],
        typer.Option(
            "--player",
            "-p",
            help="Merchant of Venus: the player whose turn ends (net-worth victory check).",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
) -> None:
    """End the turn: production, the Council's vote, quest discards, the token passes, victory
    checks, the reports, the next turn. Keeps a snapshot for `turn undo`. Dice scheme 2: it
    fixes the turn's players' share first, as `turn run` does, unless `turn share` did.

    Writes reports/turn-NN/public.EXT and one private report per leader (its planets'
    production, BC/RP/orders, its cards and news); prints the public one.

    \b
    Example:
      gmtool turn end -c DIR
    """
    from gmtool.app.turns import end_turn
    from gmtool.rules.registry import ruleset_of

    output = lambda state: Output(format, lang, state)  # noqa: E731
    done = end_turn(require_campaign(campaign), output, tables, dice, chair_decision, player, chair_choice)
    out, posts = done.out, done.posts
    if ruleset_of(done.state).player_turns:  # one player's turn ended: its report
        out.emit(posts)
        return
    out.emit(posts.public)
    _say_attachments(done, posts, out.lang)
    _say_page(posts, out.lang)


@app.command("show")
def show_command(
    turn: Annotated[int, typer.Option("--turn", "-t", min=1, help="The turn whose posts to show.", show_default=False)],
    player: Annotated[
        Optional[str],
        typer.Option("--player", "-p", help="A leader: its private report (else the public one).", show_default=False),
    ] = None,
    start: Annotated[bool, typer.Option("--start", help="The turn's start posts (else the end-of-turn ones).")] = False,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Print a past turn's post again, from the report model kept when it was written: in the
    format, dialect and language asked for. With the options used at the time it is the same
    text as then; without --lang, the language it was posted in.

    \b
    Examples:
      gmtool turn show -c DIR --turn 3
      gmtool turn show -c DIR --turn 3 --player bob --format markdown --lang ru
    """
    from gmtool.app.session import show_post

    output = lambda state, words: Output(format, Lang(words), state)  # noqa: E731
    sys.stdout.write(show_post(require_campaign(campaign), output, turn, player, lang.value if lang else None, start))


@app.command("undo")
def undo_command(campaign: CampaignOpt = None, format: FormatOpt = None, lang: LangOpt = None) -> None:
    """Go back to the state before the last `turn end`. The journal is never rewound: the
    rolls made since are marked voided in voided.toml, so a re-run turn is visible. Refused
    when the turn's end revealed a dice key (its stage or the game ended: anyone could compute
    the dice of playing it again) or the secret is revealed; the turn's players' share stays.

    \b
    Example:
      gmtool turn undo -c DIR
    """
    from gmtool.app.session import undo_turn

    undone, state = undo_turn(require_campaign(campaign))
    out = Output(format, lang, state)
    turn, first_id, last_id = undone.turn, undone.first_id, undone.last_id
    span = (
        t("reply.voided", out.lang, first=first_id, last=last_id)
        if last_id >= first_id
        else t("reply.nothing_voided", out.lang)
    )
    # the forum results recorded since are void too: their commands run again
    forum = "; " + t("reply.forum_reopened", out.lang, n=undone.forum_voided) if undone.forum_voided else ""
    if undone.orders:  # `turn run` started the turn and applied its orders: all of it is undone
        out.reply(
            t(
                "reply.undone_run",
                out.lang,
                turn=turn,
                span=span,
                orders=undone.orders,
                again=t("reply.undone_dice_same" if state.dice_v2 else "reply.undone_dice_new", out.lang),
            )
            + forum,
            {
                "undone_turn": turn,
                "voided": [first_id, last_id] if last_id >= first_id else [],
                "orders": undone.orders,
                "forum_reopened": undone.forum_voided,
            },
        )
        return
    out.reply(
        t("reply.undone", out.lang, turn=turn, span=span) + forum,
        {
            "undone_turn": turn,
            "voided": [first_id, last_id] if last_id >= first_id else [],
            "forum_reopened": undone.forum_voided,
        },
    )


def colonize_command(
    player: PlayerOpt,
    hex_: HexOpt,
    override: Annotated[
        Optional[str],
        typer.Option(
            "--override",
            help="The moderator's reason to allow a world type that is not colonisable (shown in the public report).",
            show_default=False,
        ),
    ] = None,
    dice: DiceOpt = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Found a colony with one of the leader's colony ships on an explored, unguarded planet.

    Only terran, ocean and steppe worlds, unless a technology of the leader allows the type
    (tables/orion/technologies.toml) or the moderator gives --override "REASON".

    \b
    Example:
      gmtool colonize -c DIR --player bob --hex 3,-1
    """
    from gmtool.app.session import give_orders
    from gmtool.campaign.hexes import Hex
    from gmtool.cli.common import user_text

    value: Any = {"hex": hex_, "override": user_text(override)} if override is not None else hex_
    given = give_orders(require_campaign(campaign), [(player, "colonize", value)], dice, tables)
    state, rules = given.state, given.rules
    out = Output(format, lang, state)
    system = state.game.system(Hex.parse(given.result))
    population = system.planet.population if system.planet else 0
    text = t("reply.colonised", out.lang, leader=state.player(player).name, hex=system.hex, n=population)
    data: dict[str, Any] = {"leader": state.player(player).name, "hex": str(system.hex), "population": population}
    rolled = [e for e in state.turn_state.log if e["kind"] == "tech_awarded" and e.get("hex") == str(system.hex)]
    if rolled:  # an artifact world: the technology rolled for the coloniser (A4.3)
        from gmtool.rolltables.model import pick

        techs = rules.technologies
        names = ", ".join(pick(techs.row(x).label, out.lang) for x in rolled[-1]["technologies"])
        text += "; " + t("log.with_techs", out.lang, names=names)
        data["technologies"] = rolled[-1]["technologies"]
    out.reply(text, data)


def assign_command(
    player: PlayerOpt,
    hex_: HexOpt,
    workers: Annotated[
        Optional[int],
        typer.Option("--workers", min=0, show_default=False, help="Colonists working (PP); default: the rest."),
    ] = None,
    scientists: Annotated[
        Optional[int], typer.Option("--scientists", min=0, show_default=False, help="Colonists doing research (RP).")
    ] = None,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Assign a planet's colonists as workers (PP) or scientists (RP); the rest work.

    \b
    Example:
      gmtool assign -c DIR --player bob --hex 3,-1 --workers 1 --scientists 1
    """
    from gmtool.app.session import give_orders

    value: dict[str, Any] = {"hex": hex_}
    value.update({k: n for k, n in (("workers", workers), ("scientists", scientists)) if n is not None})
    given = give_orders(require_campaign(campaign), [(player, "assign", value)])
    out = Output(format, lang, given.state)
    done = given.result  # {"hex", "workers", "scientists"}: the assign order's result
    out.reply(
        t(
            "reply.assigned",
            out.lang,
            hex=done["hex"],
            workers=t("n_workers", out.lang, n=done["workers"]),
            scientists=t("n_scientists", out.lang, n=done["scientists"]),
        ),
        dict(done),
    )


def activate_command(
    player: PlayerOpt,
    hex_: HexOpt,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Activate a colony for this turn: 2 orders (1 with an orbital base, 2 under blockade).

    \b
    Example:
      gmtool activate -c DIR --player bob --hex 3,-1
    """
    from gmtool.app.session import give_orders

    given = give_orders(require_campaign(campaign), [(player, "activate", hex_)], tables=tables)
    state = given.state
    out = Output(format, lang, state)
    leader = state.player(player)
    hex_, cost = given.result["hex"], given.result["orders_paid"]
    out.reply(
        t(
            "reply.activated",
            out.lang,
            hex=hex_,
            turn=state.turn,
            paid=t("n_orders", out.lang, n=cost),
            left=t("n_orders", out.lang, n=leader.orders),
        ),
        {"leader": leader.name, "hex": hex_, "turn": state.turn, "paid": cost, "orders": leader.orders},
    )


def fleet_command(
    player: PlayerOpt,
    change: Annotated[str, typer.Argument(help="+1 or -1.", show_default=False)],
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Change the combat fleet size by one, once a turn: +1 costs 1 order (not above max), -1 gives 1.

    \b
    Example:
      gmtool fleet -c DIR --player bob +1
    """
    from gmtool.app.session import give_orders
    from gmtool.errors import InputError

    if change not in ("+1", "-1", "1"):
        raise InputError(key="cli.fleet_change", change=change)
    given = give_orders(require_campaign(campaign), [(player, "fleet", int(change))], tables=tables)
    out = Output(format, lang, given.state)
    leader, size = given.state.player(player), given.result
    out.reply(
        t(
            "reply.fleet",
            out.lang,
            leader=leader.name,
            size=size,
            max=leader.fleet_max,
            orders=t("n_orders", out.lang, n=leader.orders),
        ),
        {"leader": leader.name, "fleet": size, "max": leader.fleet_max, "orders": leader.orders},
    )


@quest_app.command("complete")
def quest_complete_command(
    player: PlayerOpt,
    quest: Annotated[
        Optional[str],
        typer.Option(
            "--quest",
            help="The quest: its id or its label in either language (default: the latest announced).",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Record that a leader completed a quest, and give its reward.

    \b
    Example:
      gmtool quest complete -c DIR --player bob
    """
    from gmtool.app.cards import complete_quest

    done = complete_quest(require_campaign(campaign), player, quest, tables)
    out, rules, result = Output(format, lang, done.state), done.rules, done.result
    table = rules.quests(done.state.stage).name
    _reply_changes(out, rules, "reply.quest_completed", result, quest=(table, result.quest))


def _reply_changes(out: Output, rules: Any, key: str, result: QuestCompleted | EventPlayed, **named: Any) -> None:
    """A reward's or a card's reply: ``named`` rows — (table, id) — by their labels, the
    changes in words (one way for `quest complete` and `event play`)."""
    from gmtool.cli.campaign import labeller
    from gmtool.report.records import changes_text

    label = labeller(rules.library, out.lang)
    words = {k: label(table, row_id) for k, (table, row_id) in named.items()}
    data = result.to_data()
    values = {k: v for k, v in data.items() if k not in named and k != "changes"}
    out.reply(t(key, out.lang, **values, **words, changes=changes_text(result.changes, out.lang, label)), data)


@event_app.command("play")
def event_play_command(
    player: PlayerOpt,
    card: Annotated[
        str, typer.Argument(help='The card: its id or its name in either language ("Эпидемия").', show_default=False)
    ],
    choice: Annotated[int, typer.Option("--choice", min=1, max=3, help="The card's choice.")] = 1,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Play an event card from a leader's hand with one of its choices; the card is discarded.

    \b
    Example:
      gmtool event play -c DIR --player bob refugees --choice 2
    """
    from gmtool.app.cards import play_event

    done = play_event(require_campaign(campaign), player, card, choice, tables)  # by id or name
    out, rules, result = Output(format, lang, done.state), done.rules, done.result
    _reply_changes(out, rules, "reply.event_played", result, card=(rules.events.name, result.card))


@deck_app.command("show")
def deck_show_command(
    deck: Annotated[str, typer.Argument(help="bills, events, quests-stage1, quests-common.", show_default=False)],
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Show a deck's size and discard pile (the draw pile's order stays hidden).

    \b
    Example:
      gmtool deck show -c DIR bills
    """
    from gmtool.app.cards import show_deck

    done = show_deck(require_campaign(campaign), deck)
    out, d = Output(format, lang, done.state), done.result
    out.reply(
        t("reply.deck_show", out.lang, deck=deck, draw=len(d.draw), n=len(d.discard), cards=d.discard or "—"),
        {"deck": deck, "draw": len(d.draw), "discard": list(d.discard)},
    )


@deck_app.command("draw")
def deck_draw_command(
    deck: Annotated[
        str, typer.Argument(help="The deck: bills, events, quests-stage1, quests-common.", show_default=False)
    ],
    count: Annotated[int, typer.Option("--count", "-n", min=1, max=20, help="Cards to draw.")] = 1,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    dice: DiceOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Draw cards from a deck (reshuffling its discard pile when it runs out).

    \b
    Example:
      gmtool deck draw -c DIR events -n 2
    """
    from gmtool.app.cards import draw_cards

    done = draw_cards(require_campaign(campaign), deck, count, tables, dice)
    out, cards = Output(format, lang, done.state), done.result
    out.reply(t("reply.deck_drawn", out.lang, deck=deck, cards=cards), {"deck": deck, "cards": cards})


@deck_app.command("deal")
def deck_deal_command(
    player: PlayerOpt,
    count: Annotated[
        Optional[int],
        typer.Option(
            "--count", "-n", min=1, max=20, help="Cards to deal (default: what a short deal owes).", show_default=False
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    dice: DiceOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Deal a leader the event cards a short deal left owed (or --count more), once the
    moderator has added cards to the campaign's events table (tables/orion/events.toml).

    \b
    Example:
      gmtool deck deal -c DIR --player bob
    """
    from gmtool.app.cards import deal_cards

    done = deal_cards(require_campaign(campaign), player, count, tables, dice)
    out, rules, result = Output(format, lang, done.state), done.rules, done.result
    from gmtool.cli.campaign import labeller

    label = labeller(rules.library, out.lang)
    line = t(
        "reply.cards_dealt",
        out.lang,
        leader=result.leader,
        cards=[label(rules.events.name, c) for c in result.cards],
        owed=result.owed,
    )
    if result.added:
        line = t("reply.cards_added", out.lang, cards=[label(rules.events.name, c) for c in result.added]) + "\n" + line
    out.reply(line, result.to_data())


@deck_app.command("discard")
def deck_discard_command(
    deck: Annotated[
        str, typer.Argument(help="The deck: bills, events, quests-stage1, quests-common.", show_default=False)
    ],
    card: Annotated[
        str, typer.Argument(help='The card: its id or its name in either language ("Эпидемия").', show_default=False)
    ],
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Put a card on a deck's discard pile.

    \b
    Example:
      gmtool deck discard -c DIR bills embargo
    """
    from gmtool.app.cards import discard_card

    out = Output(format, lang, discard_card(require_campaign(campaign), deck, card).state)
    out.reply(t("reply.deck_discarded", out.lang, deck=deck, card=card), {"deck": deck, "card": card})


@deck_app.command("shuffle")
def deck_shuffle_command(
    deck: Annotated[
        str, typer.Argument(help="The deck: bills, events, quests-stage1, quests-common.", show_default=False)
    ],
    campaign: CampaignOpt = None,
    dice: DiceOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Shuffle a deck's discard pile back into its draw pile (journaled dice).

    \b
    Example:
      gmtool deck shuffle -c DIR events
    """
    from gmtool.app.cards import shuffle_deck

    done = shuffle_deck(require_campaign(campaign), deck, dice)
    out, d = Output(format, lang, done.state), done.result
    out.reply(t("reply.deck_shuffled", out.lang, deck=deck, n=len(d.draw)), {"deck": deck, "draw": len(d.draw)})


FromPostsOpt = Annotated[
    bool,
    typer.Option(
        "--from-posts", help="The orders posted in the leaders' rooms (post resolve --room) instead of a file."
    ),
]


def _orders_source(orders: Optional[Path], from_posts: bool) -> None:
    """An orders file or --from-posts: exactly one."""
    if orders is not None and from_posts:
        raise refusal("cli.from_posts_or_file")
    if orders is None and not from_posts:
        raise refusal("cli.orders_or_posts")


@app.command("check")
def check_command(
    orders: Annotated[Optional[Path], typer.Argument(help="An orders file (TOML).", show_default=False)] = None,
    from_posts: FromPostsOpt = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Check an orders file as a whole — or, with --from-posts, the orders posted in the
    rooms (the missed-orders policy included): every problem with its file:line (its post
    and command) and leader; nothing is written. (`turn run --from-posts` drops the orders
    found wrong and plays the rest.)

    \b
    Examples:
      gmtool turn check orders/turn-07.toml -c DIR
      gmtool turn check --from-posts -c DIR
    """

    from gmtool.app.turns import check_orders

    _orders_source(orders, from_posts)
    done = check_orders(require_campaign(campaign), lambda state: Output(format, lang, state), orders, tables)
    out, turn, problems, where = done.out, done.turn, done.problems, done.where
    _say_claims(done.claims, "quest_claim_open", out.lang)
    if problems and from_posts:
        _list_posted_problems(problems, done.posted, out.lang)
        raise refusal("cli.posted_check_problems", n=len(problems), turn=turn)
    if problems:
        _list_problems(problems, where, out.lang)
        raise refusal("cli.order_problems", n=len(problems), where=where)
    if from_posts:
        out.reply(t("reply.posted_ok", out.lang, turn=turn), {"turn": turn, "ok": True, "problems": []})
        return
    out.reply(t("reply.orders_ok", out.lang, where=where), {"file": where, "ok": True, "problems": []})


def _list_problems(problems: list, where: str, lang: str = "en") -> None:
    for p in sorted(problems, key=lambda p: (p.line, p.leader)):
        typer.echo(f"error: {p.render(where, lang)}", err=True)


def _list_posted_problems(problems: list, posted: Any, lang: str = "en") -> None:
    """Each problem naming the post and command it came from."""
    for p in sorted(problems, key=lambda p: _posted_rank(p, posted)):
        typer.echo(f"error: {posted.problem(p, lang)}", err=True)


def _posted_rank(problem: Any, posted: Any) -> tuple[int, int, str]:
    """Problems in the order the orders were given: by leader's seat, then as posted."""
    order = [id(o.origin) for o in posted.orders()] + [id(o) for o, _ in posted.dropped]
    origin = id(getattr(problem.order, "origin", None))
    return (order.index(origin) if origin in order else len(order), problem.line, problem.leader)


def _say_claims(claims: list[dict[str, Any]], key: str, lang: str) -> None:
    for claim in claims:
        fields = {k: v for k, v in claim.items() if k != "kind"}
        typer.echo(f"note: {t(f'reply.{key}', lang, **fields)}", err=True)


def _say_dropped(posted: Any, lang: str) -> None:
    """The moderator's note of each order the deadline dropped (the leaders' reports say it too)."""
    for _, problem in posted.dropped if posted is not None else []:
        typer.echo(f"note: {t('reply.order_dropped', lang, problem=posted.problem(problem, lang))}", err=True)


@app.command("orders")
def orders_command(
    player: Annotated[
        Optional[str], typer.Option("--player", "-p", help="Only this leader's orders.", show_default=False)
    ] = None,
    output: Annotated[
        Optional[Path], typer.Option("--output", "-o", help="Write the orders file here.", show_default=False)
    ] = None,
    campaign: CampaignOpt = None,
    lang: LangOpt = None,
) -> None:
    """Show the orders collected so far from the leaders' rooms as the orders file they make:
    TOML, absolute coordinates, every order tagged with the post and command it came from.
    The moderator's view (a leader's latest post holding orders stands; ballots apart).

    \b
    Examples:
      gmtool turn orders -c DIR
      gmtool turn orders -c DIR --player bob -o bob.toml
    """
    from gmtool.app.session import posted_orders

    text = posted_orders(require_campaign(campaign), player, output)
    if text is not None:
        sys.stdout.write(text)


@app.command("deadline")
def deadline_command(
    at: Annotated[
        Optional[str],
        typer.Option("--at", help='The deadline, "YYYY-MM-DD HH:MM" in the zone of --tz.', show_default=False),
    ] = None,
    tz: Annotated[
        Optional[str],
        typer.Option(
            "--tz",
            help="Its time zone (IANA: Europe/Moscow; default: the campaign's last, else UTC).",
            show_default=False,
        ),
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help="The turn has no deadline.")] = False,
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Set the current turn's deadline. `post pending` names it with the time left; the
    turn's public post names the next one (this one + `campaign set turn-length`).

    \b
    Examples:
      gmtool turn deadline -c DIR --at "2026-12-03 20:00" --tz Europe/Moscow
      gmtool turn deadline -c DIR --clear
    """
    from gmtool.app.turns import set_deadline
    from gmtool.cli.clock import now
    from gmtool.report.deadlines import deadline_words, time_left

    if (at is None) == (not clear):
        raise refusal("cli.deadline_what")
    moment = now()
    state = set_deadline(require_campaign(campaign), None if clear else at, tz).state
    out = Output(format, lang, state)
    if state.deadline is None:
        out.reply(t("reply.deadline_cleared", out.lang, turn=state.turn), {"turn": state.turn, "deadline": None})
        return
    words = deadline_words(state)
    out.reply(
        t("reply.deadline_set", out.lang, turn=state.turn, at=words, left=time_left(state.deadline, moment, out.lang)),
        {"turn": state.turn, "deadline": state.deadline.isoformat(), "zone": state.deadline_zone},
    )


@app.command("run")
def run_command(
    orders: Annotated[Optional[Path], typer.Argument(help="An orders file (TOML).", show_default=False)] = None,
    from_posts: FromPostsOpt = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Print the reports it would produce; write nothing.")
    ] = False,
    chair_decision: Annotated[
        Optional[str],
        typer.Option(
            "--chair-decision",
            show_default=False,
            help="yes|no: the chair's decision on a tie when the chair abstained.",
        ),
    ] = None,
    chair_choice: ChairChoiceOpt = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="With --from-posts: all or nothing — an order the rules refuse stops the turn, as an orders file does.",
        ),
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
) -> None:
    """Play a whole turn from an orders file — or, with --from-posts, from the orders posted in
    the leaders' rooms (kept in orders/turn-NN.toml for the record): start it if needed, apply
    every order in the rules' order, end it. --dry-run prints the reports and writes nothing.

    An orders file plays all or nothing: one problem and nothing is applied (the moderator
    fixes the file). The rooms' orders are the deadline: an order the rules refuse is dropped,
    the rest is played, and its leader's report says which and why (the kept file records it);
    --strict asks for all or nothing instead.

    Dice scheme 2: it is the turn's deadline. Unless `turn share` fixed it already, it first
    fixes the turn's players' share from the !seed posts of the campaign's public thread (and
    reads its rooms): a roll posted there before must have been resolved (post collect).

    \b
    Examples:
      gmtool turn run orders/turn-07.toml -c DIR --dry-run
      gmtool turn run orders/turn-07.toml -c DIR
      gmtool turn run --from-posts -c DIR
      gmtool turn run --from-posts -c DIR --chair-choice bob
    """

    from gmtool.app.turns import run_turn

    _orders_source(orders, from_posts)
    folder = require_campaign(campaign)
    output = lambda state: Output(format, lang, state)  # noqa: E731
    done = run_turn(folder, output, orders, tables, dice, chair_decision, dry_run, strict, chair_choice)
    out, posts, problems, where = done.out, done.posts, done.problems, done.where
    if posts is None and from_posts:
        _list_posted_problems(problems, done.posted, out.lang)
        raise refusal("cli.posted_problems", n=len(problems), turn=done.turn)
    if posts is None:
        _list_problems(problems, where, out.lang)
        raise refusal("cli.order_problems", n=len(problems), where=where)
    rendered, public = posts.rendered, posts.public
    _say_dropped(done.posted if from_posts else None, out.lang)
    _say_claims(done.claims, "quest_claim_unsettled", out.lang)
    if dry_run and out.format == "json":
        import json

        reports = {name: json.loads(body) for name, body in rendered.items()}
        typer.echo(
            json.dumps(
                {"dry_run": True, "public": reports.pop("public"), "private": reports}, ensure_ascii=False, indent=2
            )
        )
        return
    if dry_run:  # each post under a line naming its recipient
        for name, body in rendered.items():
            typer.echo(
                t("reply.dry_public", out.lang) if name == "public" else t("reply.dry_private", out.lang, name=name)
            )
            typer.echo(body)
        _say_short_deal(done.state, out.lang)
        return
    out.emit(public)
    _say_attachments(done, posts, out.lang)
    _say_short_deal(done.state, out.lang)
    _say_page(posts, out.lang)


def build_command(
    player: PlayerOpt,
    hex_: HexOpt,
    item: Annotated[str, typer.Argument(help="What to build (tables/orion/costs.toml).", show_default=False)],
    modules: Annotated[
        Optional[str],
        typer.Option(
            "--modules",
            help="A warship's modules, separated by commas (tables/orion/modules.toml): gun,gun,ars.",
            show_default=False,
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Order a ship, orbital base or building at an active planet (paid at production).

    It is paid in this turn's production from the planet's PP, then the leader's BC.
    A warship is built with its modules (docs/rules-orion.md A8a).

    \b
    Example:
      gmtool build -c DIR --player bob --hex 3,-1 frigate --modules gun,gun,ars
    """
    from gmtool.app.session import give_orders
    from gmtool.rolltables.model import pick

    value: dict[str, Any] = {"hex": hex_, "item": item}
    if modules is not None:
        value["modules"] = [m.strip() for m in modules.split(",")]
    given = give_orders(require_campaign(campaign), [(player, "build", value)], tables=tables)
    out, rules, result = Output(format, lang, given.state), given.rules, given.result
    named = pick(rules.costs.row(result["item"]).label, out.lang)
    if result.get("modules"):
        named += " (" + ", ".join(pick(rules.modules.row(m).label, out.lang) for m in result["modules"]) + ")"
    out.reply(
        t(
            "reply.build_ordered",
            out.lang,
            leader=player,
            item=named,
            hex=result["hex"],
            cost=t("n_pp", out.lang, n=result["cost"]),
        ),
        dict(result),
    )


def scrap_command(
    player: PlayerOpt,
    item: Annotated[str, typer.Argument(help="A ship class, base or building.", show_default=False)],
    hex_: Annotated[
        Optional[str], typer.Option("--hex", help="Where (for a base or building).", show_default=False)
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Scrap a ship, base or building: half its cost, rounded up, comes in BC at the next production.

    \b
    Example:
      gmtool scrap -c DIR --player bob frigate
    """
    from gmtool.app.session import give_orders
    from gmtool.rolltables.model import pick

    value = {"item": item, **({"hex": hex_} if hex_ else {})}
    given = give_orders(require_campaign(campaign), [(player, "scrap", value)], tables=tables)
    out, costs, amount = Output(format, lang, given.state), given.rules.costs, given.result["refund"]
    out.reply(
        t(
            "reply.scrapped",
            out.lang,
            leader=player,
            item=pick(costs.row(item).label, out.lang),
            bc=t("n_bc", out.lang, n=amount),
        ),
        {"player": player, "item": item, "hex": hex_, "bc": amount},
    )


def research_command(
    player: PlayerOpt,
    tech: Annotated[
        Optional[str],
        typer.Option(
            "--tech",
            help="A technology to research at this turn's end, after production (id or label; "
            "tables/orion/technologies.toml).",
            show_default=False,
        ),
    ] = None,
    all_sciences: Annotated[
        bool,
        typer.Option(
            "--all-sciences",
            help="Mark every science researched: gmtool checks every line of every science is at its top level.",
        ),
    ] = False,
    victory: Annotated[
        bool,
        typer.Option(
            "--victory",
            help="At this turn's end the RP left go toward the 180 of the technology victory (after every science).",
        ),
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Research, settled at this turn's end after production from the RP banked and the RP
    the turn makes (docs/rules-orion.md A13.1): --tech orders a technology (it needs the level
    below in its line, held or ordered before it; its effects apply from the turn's end);
    --all-sciences marks every science researched, once gmtool finds it so (at the turn's end
    when the last ones are ordered); then --victory puts the RP left toward the technology
    victory (180 RP; checked at the turn end).

    \b
    Examples:
      gmtool research -c DIR --player bob --tech hq_computers
      gmtool research -c DIR --player bob --all-sciences
      gmtool research -c DIR --player bob --victory
    """
    from gmtool.app.session import give_orders
    from gmtool.errors import InputError
    from gmtool.rolltables.model import pick
    from gmtool.rules.orion.research import ALL_SCIENCES, VICTORY, ResearchOrdered

    if not all_sciences and not victory and tech is None:
        raise InputError(key="cli.research_what")
    values = [v for v, given in ((tech, tech is not None), (ALL_SCIENCES, all_sciences), (VICTORY, victory)) if given]
    done = give_orders(require_campaign(campaign), [(player, "research", v) for v in values], tables=tables)
    state, rules = done.state, done.rules
    out = Output(format, lang, state)
    leader = state.player(player)
    results = [item["result"] for item in done.done]
    marked = any(r.get("kind") == "all_sciences" for r in results)  # nothing was missing: marked at once
    ordered = [
        ResearchOrdered(
            r["leader"], r["ordered"], r["cost"], r["banked"], r["made"], r.get("committed", 0), r.get("after", [])
        )
        for r in results
        if "ordered" in r
    ]
    lines = (
        [t("reply.all_sciences", out.lang, leader=player, banked=t("n_rp", out.lang, n=leader.rp))] if marked else []
    )
    for o in ordered:
        rp = {k: t("n_rp", out.lang, n=n) for k, n in (("banked", o.banked), ("made", o.made), ("have", o.available))}
        if o.tech == ALL_SCIENCES:
            names = ", ".join(pick(rules.technologies.row(x).label, out.lang) for x in o.after)
            lines.append(t("reply.all_sciences_ordered", out.lang, leader=player, techs=names))
        elif o.tech == VICTORY:
            need = int(rules.costs.rule("tech_victory_rp"))
            lines.append(t("reply.victory_ordered", out.lang, leader=player, total=leader.tech_rp, need=need, **rp))
        else:
            lines.append(
                t(
                    "reply.research_ordered_more" if o.committed else "reply.research_ordered",
                    out.lang,
                    leader=player,
                    tech=pick(rules.technologies.row(o.tech).label, out.lang),
                    cost=t("n_rp", out.lang, n=o.cost),
                    committed=t("n_rp", out.lang, n=o.committed),
                    **rp,
                )
            )
    data = {
        "player": player,
        "rp": leader.rp,
        "all_sciences": leader.all_sciences,
        "ordered": [o.to_data() for o in ordered],
        "research": list(leader.research),
    }
    out.reply("\n".join(lines), data)
