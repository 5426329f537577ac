"""The quests, event cards and decks between turn ends (`gmtool quest complete`, `event play`,
`deck show|draw|deal|discard|shuffle`): each opens the campaign, plays the rule, commits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.app.done import Done
from gmtool.app.session import campaign_library, open_session


def _rules(folder: Path, tables: list[Path] | None) -> Any:
    from gmtool.rules.orion.turns import Rules

    return Rules(campaign_library(folder, tables))


def complete_quest(folder: Path, player: str, quest: str | None, tables: list[Path] | None = None) -> Done:
    """A leader completed a quest (the latest announced, or ``quest``: an id or a label): its
    reward given. ``result``: the QuestCompleted."""
    from gmtool.rules.orion.turns import complete_quest as complete

    with open_session(folder) as session:
        state = session.state
        rules = _rules(session.folder, tables)
        result = complete(state, rules, state.player(player), quest)
        session.commit()
        return Done(state, rules, result)


def play_event(folder: Path, player: str, card: str, choice: int, tables: list[Path] | None = None) -> Done:
    """A leader plays an event card of its hand (by id or name) with one of its choices."""
    from gmtool.rules.orion.turns import play_event as play

    with open_session(folder) as session:
        state = session.state
        rules = _rules(session.folder, tables)
        result = play(state, rules, state.player(player), card, choice)
        session.commit()
        return Done(state, rules, result)


def show_deck(folder: Path, deck: str) -> Done:
    """A deck as the campaign knows it (``result``: its draw and discard piles); nothing written."""
    from gmtool.campaign.decks import known

    with open_session(folder, changes=False) as session:
        return Done(session.state, None, known(session.state.game, deck))


def draw_cards(folder: Path, deck: str, count: int, tables: list[Path] | None = None, faces: str | None = None) -> Done:
    """``count`` cards drawn from ``deck`` (its discard pile reshuffled when it runs out), with
    journaled dice; ``result``: the cards."""
    from gmtool.campaign import decks as deck_ops

    with open_session(folder) as session:
        state = session.state
        table = session.library(tables).get(deck, "orion")
        choice = session.dice(f"deck {deck}", faces)
        deck_ops.deck(state.game, deck, deck_ops.cards_of(table), choice.source)
        cards = deck_ops.draw(state.game, deck, count, choice.source)
        choice.finish()
        session.commit(choice)
        return Done(state, None, cards, choice)


def deal_cards(
    folder: Path, player: str, count: int | None, tables: list[Path] | None = None, faces: str | None = None
) -> Done:
    """A leader dealt the event cards a short deal left owed (or ``count`` more)."""
    from gmtool.rules.orion.turns import deal_cards as deal

    with open_session(folder) as session:
        state = session.state
        rules = _rules(session.folder, tables)
        choice = session.dice("deck events", faces)
        result = deal(state, rules, state.player(player), choice.source, count)
        choice.finish()
        session.commit(choice)
        return Done(state, rules, result, choice)


def discard_card(folder: Path, deck: str, card: str) -> Done:
    """``card`` put on ``deck``'s discard pile."""
    from gmtool.campaign.decks import cards_of, known
    from gmtool.campaign.decks import discard_card as discard

    with open_session(folder) as session:
        state = session.state
        known(state.game, deck)  # the campaign has it: before the library is asked for a table of that name
        table = session.library(None).get(deck, "orion")
        discard(state.game, deck, card, cards_of(table))
        session.commit()
        return Done(state)


def shuffle_deck(folder: Path, deck: str, faces: str | None = None) -> Done:
    """``deck``'s discard pile shuffled back into its draw pile (journaled dice); ``result``: the deck."""
    from gmtool.campaign.decks import reshuffle

    with open_session(folder) as session:
        state = session.state
        choice = session.dice(f"deck {deck}", faces)
        result = reshuffle(state.game, deck, choice.source)
        choice.finish()
        session.commit(choice)
        return Done(state, None, result, choice)
