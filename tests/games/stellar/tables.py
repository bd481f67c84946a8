"""Builders for Stellar situations: a bare table plus exactly the cards a test needs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.core import Rng
from app.games.stellar import GAME
from app.games.stellar.cards import CARDS, ROW_SIZE, Card, Kind, Suit
from app.games.stellar.state import (
    EMPTY_TELESCOPE,
    Board,
    Entry,
    Phase,
    Placed,
    StellarState,
    Telescope,
)
from tests.support.moves import Moves


class Cards:
    """Hands out distinct physical cards, so a situation never holds one card twice."""

    def __init__(self) -> None:
        self._used: set[int] = set()

    def card(self, suit: Suit, value: int, stars: int | None = None) -> Card:
        """Returns an unused normal card of a suit and value (and stars, if given)."""
        return self._take(
            lambda c: (
                c.kind is Kind.NORMAL
                and c.suit is suit
                and c.value == value
                and (stars is None or c.stars == stars)
            )
        )

    def starting(self, suit: Suit) -> Card:
        return self._take(lambda c: c.kind is Kind.STARTING and c.suit is suit)

    def six_zero(self, suit: Suit) -> Card:
        return self._take(lambda c: c.kind is Kind.SIX_ZERO and c.suit is suit)

    def satellite(self) -> Card:
        return self._take(lambda c: c.kind is Kind.SATELLITE)

    def filler(self, count: int) -> tuple[Card, ...]:
        """Returns unused normal cards to pad a row, deck or hand: black holes, then asteroids."""
        order = (Suit.BLACK_HOLE, Suit.ASTEROID, Suit.CLOUD, Suit.MOON, Suit.PLANET)
        spare = sorted(
            (c for c in CARDS if c.kind is Kind.NORMAL and c.id not in self._used),
            key=lambda c: order.index(c.suit) if c.suit else 0,
        )
        self._used |= {card.id for card in spare[:count]}
        return tuple(spare[:count])

    def rest(self) -> tuple[Card, ...]:
        """Returns every card not handed out yet (for a full, conserving table)."""
        cards = tuple(card for card in CARDS if card.id not in self._used)
        self._used |= {card.id for card in cards}
        return cards

    def _take(self, wanted: Any) -> Card:
        card = next(c for c in CARDS if wanted(c) and c.id not in self._used)
        self._used.add(card.id)
        return card


def table(**changes: Any) -> StellarState:
    """Returns an empty table at seat 0's take in round 1 (seat 0 plays first), then `changes`."""
    state = StellarState(
        players=2,
        rng=Rng.from_seed(7),
        first=0,
        round=1,
        seat=0,
        phase=Phase.TAKE,
        boards=(Board(), Board()),
        row=(None,) * ROW_SIZE,
        deck=(),
    )
    return replace(state, **changes)


def row(*cards: Card | None) -> tuple[Card | None, ...]:
    """Returns a row with the given cards in slots 1, 2, ... and the rest empty."""
    return (*cards, *(None,) * (ROW_SIZE - len(cards)))


def scope(spaces: dict[int, Card], face_down: frozenset[int] = frozenset()) -> Telescope:
    """Returns a telescope with cards on the given spaces (some face down)."""
    return tuple(
        Placed(spaces[space], space in face_down) if space in spaces else None
        for space in range(len(EMPTY_TELESCOPE))
    )


def note(*cards: Card, stacks: dict[int, Suit] | None = None) -> tuple[Entry, ...]:
    """Returns notebook entries; satellites go to the stack `stacks` names by card id."""
    stacks = stacks or {}
    return tuple(Entry(card, card.suit or stacks[card.id]) for card in cards)


def with_board(state: StellarState, seat: int, **changes: Any) -> StellarState:
    """Returns the state with one board changed."""
    boards = list(state.boards)
    boards[seat] = replace(boards[seat], **changes)
    return replace(state, boards=tuple(boards))


_MOVES = Moves(GAME)
play = _MOVES.play
play_events = _MOVES.play_events
refused = _MOVES.refused
