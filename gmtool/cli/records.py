"""What the moderator records after resolving a battle or a change of leaders, and what
follows (docs/rules-orion.md A12 decision): ``monster slain``, ``orion damage``, ``blockade``,
``planet capture``, ``ship add|lose|refit``, ``award apply``, ``player add|drop|replace|rename|lang|set``.

Each parses its options and makes one call — an order given through session.give_orders, or
gmtool/app/records.py for the changes of leaders and a blockade lifted with no leader named —
then prints the line the turn's reports will also tell. A refusal writes nothing."""

from __future__ import annotations

from typing import Annotated, Any, List, Optional

import typer

from gmtool.cli.common import (
    CampaignOpt,
    DiceOpt,
    FormatOpt,
    LangOpt,
    Output,
    TablesOpt,
    require_campaign,
    user_text,
)

monster_app = typer.Typer(
    help="Space monsters: record one destroyed in a battle the moderator resolved.", no_args_is_help=True
)
orion_app = typer.Typer(help="The Guardian of Orion: record damage dealt in a battle.", no_args_is_help=True)
planet_app = typer.Typer(help="Planets changing hands in a battle the moderator resolved.", no_args_is_help=True)
ship_app = typer.Typer(help="Ships won or lost in a battle the moderator resolved.", no_args_is_help=True)
award_app = typer.Typer(
    help="The list of what is still to hand out (technologies, sciences, ships).", no_args_is_help=True
)
player_app = typer.Typer(help="Leaders of a running game: add, drop, replace, rename, set.", no_args_is_help=True)

HexOpt = Annotated[str, typer.Option("--hex", help="The hex, Q,R.", show_default=False)]
ByOpt = Annotated[str, typer.Option("--by", help="The leader whose fleet did it.", show_default=False)]
PlayerOpt = Annotated[str, typer.Option("--player", "-p", help="The leader.", show_default=False)]
ReasonOpt = Annotated[Optional[str], typer.Option("--reason", help="Why (shown in the reports).", show_default=False)]


def register(root: typer.Typer) -> None:
    root.add_typer(monster_app, name="monster")
    root.add_typer(orion_app, name="orion")
    root.add_typer(planet_app, name="planet")
    root.add_typer(ship_app, name="ship")
    root.add_typer(award_app, name="award")
    root.add_typer(player_app, name="player")
    root.command("blockade")(blockade_command)
    root.command("grant")(grant_command)


def _emit(out: Output, entry: dict[str, Any], rules: Any) -> None:
    """The record's line (its turn-log entry in words) as the command's reply."""
    from gmtool.cli.campaign import labeller
    from gmtool.report.records import entry_text

    out.reply(entry_text(entry, out.lang, labeller(rules.library, out.lang)), entry)


def _give(campaign: Any, tables: Any, format: Any, lang: Any, leader: str, kind: str, value: Any) -> None:
    """The record given as an order of its kind (gmtool/rules/orion/order_kinds.py): the handler
    an orders file reaches, committed; its log entry in words is the reply."""
    from gmtool.app.session import give_orders
    from gmtool.cli.common import require_campaign

    given = give_orders(require_campaign(campaign), [(leader, kind, value)], tables=tables)
    _emit(Output(format, lang, given.state), given.result, given.rules)


def _hex(value: str) -> Any:
    from gmtool.campaign.hexes import Hex

    return Hex.parse(value)


@monster_app.command("slain")
def monster_slain_command(
    hex_: HexOpt,
    by: ByOpt,
    research_ship: Annotated[
        bool,
        typer.Option(
            "--research-ship",
            help="A ship with the research module survived the battle: 16 RP (24 for a great monster).",
        ),
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Record that LEADER's fleet destroyed the space monster at a hex: the guarded gains
    are LEADER's at once and the planet can be colonised.

    \b
    Example:
      gmtool monster slain -c DIR --hex 3,-1 --by bob --research-ship
    """
    _give(campaign, tables, format, lang, by, "slay", {"hex": hex_, "research_ship": research_ship})


@orion_app.command("damage")
def orion_damage_command(
    by: ByOpt,
    points: Annotated[int, typer.Option("--points", help="Damage dealt to the Guardian.", show_default=False)],
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Record damage LEADER's fleet dealt to the Guardian of Orion (toughness 17, regains 3
    at each turn end); at 0 it is destroyed and Orion can be colonised.

    \b
    Example:
      gmtool orion damage -c DIR --by bob --points 9
    """
    _give(campaign, tables, format, lang, by, "orion_damage", points)


def blockade_command(
    hex_: HexOpt,
    by: Annotated[Optional[str], typer.Option("--by", help="The blockading leader.", show_default=False)] = None,
    lift: Annotated[bool, typer.Option("--lift", help="Lift the blockade.")] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Set (or --lift) a blockade of a planet (rule A7 in docs/rules-orion.md): from the next production it pays
    no taxes, makes no RP, does not grow and builds nothing; activation costs 2 orders.

    \b
    Examples:
      gmtool blockade -c DIR --hex 3,-1 --by bob
      gmtool blockade -c DIR --hex 3,-1 --lift
    """
    from gmtool.app.records import lift_blockade
    from gmtool.errors import InputError

    if not lift and not by:
        raise InputError(key="records.by_or_lift")
    if by:  # the blockader's order, as an orders file gives it
        _give(campaign, tables, format, lang, by, "lift" if lift else "blockade", hex_)
        return
    done = lift_blockade(require_campaign(campaign), hex_, tables)  # lifted with no leader named
    _emit(Output(format, lang, done.state), done.result, done.rules)


@planet_app.command("capture")
def planet_capture_command(
    hex_: HexOpt,
    by: ByOpt,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Record that LEADER captured a planet: it changes hands with its population and
    buildings; a captured homeworld counts for the conquest victory at the next turn start.

    \b
    Example:
      gmtool planet capture -c DIR --hex 3,-1 --by bob
    """
    _give(campaign, tables, format, lang, by, "capture", hex_)


def _ship(
    lose: bool, player: str, ship_class: str, reason: Optional[str], campaign: Any, tables: Any, format: Any, lang: Any
) -> None:
    value = {"class": ship_class, "reason": user_text(reason)}
    _give(campaign, tables, format, lang, player, "ship_lose" if lose else "ship_add", value)


ClassOpt = Annotated[
    str, typer.Option("--class", help="scout, colony_ship or a combat class (costs table).", show_default=False)
]


@ship_app.command("add")
def ship_add_command(
    player: PlayerOpt,
    ship_class: ClassOpt,
    reason: ReasonOpt = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Record a ship a leader won (a battle, a capture, a gift).

    \b
    Example:
      gmtool ship add -c DIR --player bob --class frigate --reason "captured in battle"
    """
    _ship(False, player, ship_class, reason, campaign, tables, format, lang)


@ship_app.command("lose")
def ship_lose_command(
    player: PlayerOpt,
    ship_class: ClassOpt,
    reason: ReasonOpt = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Record a ship a leader lost in a battle the moderator resolved.

    \b
    Example:
      gmtool ship lose -c DIR --player bob --class frigate --reason "battle at 3,-1"
    """
    _ship(True, player, ship_class, reason, campaign, tables, format, lang)


@ship_app.command("refit")
def ship_refit_command(
    player: PlayerOpt,
    ship_class: Annotated[str, typer.Option("--ship", help="The warship's class (costs table).", show_default=False)],
    hex_: Annotated[str, typer.Option("--hex", help="The leader's planet it is refitted at, Q,R.", show_default=False)],
    modules: Annotated[
        str,
        typer.Option("--modules", help="Its new modules, separated by commas: gun,gun,ars.", show_default=False),
    ],
    number: Annotated[
        Optional[int],
        typer.Option(
            "--number", min=1, help="Which of its ships of that class (as `status` lists them).", show_default=False
        ),
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Change a warship's modules at a planet the leader controls (docs/rules-orion.md A8a).

    A cruiser, dreadnought or titan also needs there the orbital base its class needs to be
    built. It takes effect at once.

    \b
    Example:
      gmtool ship refit -c DIR --player bob --ship frigate --hex 3,-1 --modules gun,gun,bombs
    """
    value: dict[str, Any] = {"ship": ship_class, **({"number": number} if number is not None else {})}
    value.update({"hex": hex_, "modules": [m.strip() for m in modules.split(",")]})
    _give(campaign, tables, format, lang, player, "refit", value)


def grant_command(
    player: PlayerOpt,
    reason: Annotated[
        str,
        typer.Option(
            "--reason", help="Why: a bill, an event card, a trade … (shown in the reports).", show_default=False
        ),
    ],
    bc: Annotated[int, typer.Option("--bc", help="BC to give (negative: to take).")] = 0,
    rp: Annotated[int, typer.Option("--rp", help="RP to give (negative: to take).")] = 0,
    public: Annotated[
        bool,
        typer.Option(
            "--public", help="Tell it in the public post too (a bill's effect); else only the leader's report."
        ),
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Give a leader BC or RP, or take them, for what the rules leave to the campaign:
    a passed bill, an event card's text, a trade between leaders, a fine.

    \b
    Examples:
      gmtool grant -c DIR --player bob --rp 5 --reason "Research Pact" --public
      gmtool grant -c DIR --player alice --bc -3 --reason "paid to bob for a scout"
    """
    value = {"bc": bc, "rp": rp, "reason": user_text(reason), "public": public}
    _give(campaign, tables, format, lang, player, "grant", value)


@award_app.command("apply")
def award_apply_command(
    player: PlayerOpt,
    award: Annotated[int, typer.Argument(help="The award's number (status shows the list).", show_default=False)],
    tech: Annotated[
        Optional[List[str]],
        typer.Option(
            "--tech", help="A technology given (tables/orion/technologies.toml). Repeatable.", show_default=False
        ),
    ] = None,
    science: Annotated[Optional[str], typer.Option("--science", help="The science given.", show_default=False)] = None,
    drop: Annotated[
        Optional[str], typer.Option("--drop", help="Drop the award, with a reason.", show_default=False)
    ] = None,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Hand out an award of the "still to hand out" list (a ship joins the fleet; name the
    technologies with --tech), or --drop it with a reason.

    \b
    Examples:
      gmtool award apply -c DIR --player bob 1 --tech controlled_toxic_environment --tech hq_computers
      gmtool award apply -c DIR --player bob 2 --drop "the moderator replaced it with 10 BC"
    """
    value: dict[str, Any] = {"id": award, "tech": list(tech or [])}
    if user_text(science):
        value["science"] = user_text(science)
    if drop is not None:
        value["drop"] = user_text(drop)
    _give(campaign, tables, format, lang, player, "award", value)


@player_app.command("add")
def player_add_command(
    player: PlayerOpt,
    race: Annotated[str, typer.Option("--race", help="The leader's race (races table).")] = "",
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
    dice: DiceOpt = None,
) -> None:
    """A leader joins the game: a homeworld placed by the A2 rules (a journaled die picks the
    site among the free ones) and the A2 start.

    \b
    Example:
      gmtool player add -c DIR --player dave --race psilon
    """
    from gmtool.app.records import add_player

    done = add_player(require_campaign(campaign), user_text(player), race, tables, dice)
    _emit(Output(format, lang, done.state), done.result, done.rules)


@player_app.command("drop")
def player_drop_command(
    player: PlayerOpt,
    keep: Annotated[
        bool,
        typer.Option(
            "--keep", help="Keep its empire for a replacement (`player replace`); else its planets become neutral."
        ),
    ] = False,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """A leader leaves: its planets become neutral, or with --keep its empire waits for a
    replacement.

    \b
    Example:
      gmtool player drop -c DIR --player carol --keep
    """
    from gmtool.app.records import drop_player

    done = drop_player(require_campaign(campaign), player, keep, tables)
    _emit(Output(format, lang, done.state), done.result, done.rules)


NewOpt = Annotated[str, typer.Option("--to", help="The new name.", show_default=False)]


@player_app.command("replace")
def player_replace_command(
    player: PlayerOpt,
    by: Annotated[str, typer.Option("--by", help="The forum user who takes the empire over.", show_default=False)],
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Another forum user takes a leader's empire over: the empire is kept, the roster and the
    forum know the leader by the new name; its dice keep the empire's seat (docs/verify.md).

    \b
    Example:
      gmtool player replace -c DIR --player carol --by erin
    """
    from gmtool.app.records import rename_player

    done = rename_player(require_campaign(campaign), player, user_text(by), True, tables)
    _emit(Output(format, lang, done.state), done.result, done.rules)


@player_app.command("lang")
def player_lang_command(
    player: PlayerOpt,
    to: Annotated[
        str,
        typer.Option("--to", help="en or ru; an empty value goes back to the campaign's language.", show_default=False),
    ],
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Set the language a leader's private reports (and its map) are written in — a Russian
    player in an English campaign reads Russian, and the other way round.

    \b
    Example:
      gmtool player lang -c DIR --player bob --to ru
    """
    from gmtool.app.records import set_player_lang
    from gmtool.locale import t

    done = set_player_lang(require_campaign(campaign), player, to.strip().lower())
    out, state, leader = Output(format, lang, done.state), done.state, done.result
    language = leader.lang or state.lang
    out.reply(
        t("reply.player_lang", out.lang, leader=leader.name, language=language),
        {"leader": leader.name, "lang": language},
    )


@player_app.command("set")
def player_set_command(
    player: PlayerOpt,
    gender: Annotated[
        str,
        typer.Option(
            "--gender",
            help="m or f: the gender Russian words agree with; an empty value guesses it from the name.",
            show_default=False,
        ),
    ],
    campaign: CampaignOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Set what the roster says of a leader: its gender, which Russian reports agree with
    («Глафира направила», «флот Глафиры»). Without it the gender is guessed from the name.

    \b
    Example:
      gmtool player set -c DIR --player Саша --gender f
    """
    from gmtool.app.records import set_player_gender
    from gmtool.locale import t
    from gmtool.locale.names import gender as gender_of

    done = set_player_gender(require_campaign(campaign), player, gender.strip().lower())
    out, leader = Output(format, lang, done.state), done.result
    now = gender_of(leader.name)
    key = f"reply.player_gender_{leader.gender}" if leader.gender else "reply.player_gender_guessed"
    out.reply(
        t(key, out.lang, leader=leader.name, gender=now), {"leader": leader.name, "gender": now, "set": leader.gender}
    )


@player_app.command("rename")
def player_rename_command(
    player: PlayerOpt,
    to: NewOpt,
    campaign: CampaignOpt = None,
    tables: TablesOpt = None,
    format: FormatOpt = None,
    lang: LangOpt = None,
) -> None:
    """Rename a leader everywhere the campaign names it. Its dice keep its seat, the name it
    joined under (docs/verify.md): a rename changes no die.

    \b
    Example:
      gmtool player rename -c DIR --player carol --to Carolina
    """
    from gmtool.app.records import rename_player

    done = rename_player(require_campaign(campaign), player, user_text(to), False, tables)
    _emit(Output(format, lang, done.state), done.result, done.rules)
