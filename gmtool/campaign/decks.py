"""Card decks kept in a campaign: shuffled with journaled dice, drawn without
replacement, a discard pile reshuffled when the draw pile runs out (docs/rules-orion.md A11).
A row of a card table may stand for several copies of its card (its ``copies`` column)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from gmtool.campaign.schema import Record, Strings, key
from gmtool.dice.sources import DiceSource
from gmtool.errors import InputError, RuleRefused, TableError

MAX_COPIES = 99


@dataclass
class Deck:
    """A card deck: the draw pile top first, and the discard pile."""

    draw: list[str] = key(Strings(), factory=list, write="always", doc="card ids, top first")
    discard: list[str] = key(Strings(), factory=list, write="always")


DECK = Record.of(Deck, "[decks.NAME]")


class Decks(Protocol):
    """A state keeping card decks by name (orion's: ``campaign.game``)."""

    decks: dict[str, Deck]


def cards_of(table: Any) -> list[str]:
    """A card table's cards as its deck holds them: each row's id, as many times as its
    ``copies`` column says (1 when it says nothing; docs/rules-orion.md A11: a deck may hold
    several copies of a card). A ``copies`` that is not a whole number 1…99 is the table's
    error, naming the card."""
    out: list[str] = []
    for row in table.rows:
        copies = row.values.get("copies", 1)
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= MAX_COPIES:
            raise TableError(key="orion.bad_copies", table=table.name, card=row.id, value=copies, max=MAX_COPIES)
        out += [row.id] * copies
    return out


def _not_in(cards: list[str], known: Iterable[str]) -> list[str]:
    """The cards of ``cards`` (copies counted) that ``known`` does not account for."""
    left = Counter(known)
    out = []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
        else:
            out.append(card)
    return out


def shuffle(cards: list[str], source: DiceSource, label: str) -> list[str]:
    """Fisher–Yates with one die per position: d(n), d(n−1), … d2."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = source.roll(i + 1, f"shuffle {label}") - 1
        out[i], out[j] = out[j], out[i]
    return out


def deck(state: Decks, name: str, cards: list[str], source: DiceSource, held: list[str] | None = None) -> Deck:
    """The campaign's deck ``name``, created and shuffled from ``cards`` on first use.  With
    ``held`` (the cards out of the deck: in hands, open quests), a card of ``cards`` that is
    nowhere — one the moderator added to the campaign's own table since — is shuffled into
    the draw pile (journaled dice), so new content enters the game (A11)."""
    found = state.decks.get(name)
    if found is None:
        found = state.decks[name] = Deck(draw=shuffle(cards, source, name))
    elif held is not None:
        new = _not_in(cards, [*found.draw, *found.discard, *held])
        if new:
            found.draw = shuffle(found.draw + new, source, f"{name} (new cards)")
    return found


def added(state: Decks, name: str, cards: list[str], held: list[str]) -> list[str]:
    """The cards of ``cards`` the deck ``name`` has not met yet (what :func:`deck` adds)."""
    found = state.decks.get(name)
    if found is None:
        return []
    return _not_in(cards, [*found.draw, *found.discard, *held])


def draw(state: Decks, name: str, count: int, source: DiceSource) -> list[str]:
    d = state.decks[name]
    out: list[str] = []
    for _ in range(count):
        if not d.draw:
            if not d.discard:
                raise RuleRefused(key="campaign.deck_empty", deck=name)
            d.draw, d.discard = shuffle(d.discard, source, f"{name} (reshuffle)"), []
        out.append(d.draw.pop(0))
    return out


def to_bottom(state: Decks, name: str, card: str) -> None:
    # a deck left out of campaign.toml by hand gets back the card it is owed
    state.decks.setdefault(name, Deck()).draw.append(card)


def discard(state: Decks, name: str, card: str) -> None:
    state.decks.setdefault(name, Deck()).discard.append(card)


def known(state: Decks, name: str) -> Deck:
    """The campaign's deck ``name`` (refused, naming the decks it has, if there is none)."""
    found = state.decks.get(name)
    if found is None:
        raise InputError(key="cli.no_deck_known", deck=name, known=list(state.decks))
    return found


def discard_card(state: Decks, name: str, card: str, cards: list[str]) -> None:
    """Put ``card`` (one of the deck's ``cards``) on the discard pile; refused when every copy
    of it is in the draw or the discard pile already."""
    pile = known(state, name)
    if card not in cards:
        raise InputError(key="cli.deck_no_card", deck=name, card=card)
    if not _not_in([c for c in cards if c == card], [*pile.draw, *pile.discard]):
        raise InputError(key="cli.card_in_draw" if card in pile.draw else "cli.card_in_discard", card=card)
    discard(state, name, card)


def reshuffle(state: Decks, name: str, source: DiceSource) -> Deck:
    """Shuffle the discard pile back into the draw pile (journaled dice)."""
    d = known(state, name)
    d.draw, d.discard = shuffle(d.draw + d.discard, source, name), []
    return d
