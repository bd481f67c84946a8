"""Builders for 4 Pints situations: a bare table plus exactly the cards a test needs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.core import Rng
from app.games.four_pints import GAME
from app.games.four_pints.cards import (
    BAR_SIZE,
    BEER_CARDS,
    PURCHASE_CARDS,
    Beer,
    BeerCard,
    Kind,
    PurchaseCard,
)
from app.games.four_pints.state import Area, FourPintsState, Phase, Pint
from tests.support.moves import Moves


class Cards:
    """Hands out distinct physical cards, so a situation never holds one card twice."""

    def __init__(self) -> None:
        self._used: set[tuple[str, int]] = set()

    def beer(self, beer: Beer) -> BeerCard:
        card = next(c for c in BEER_CARDS if c.beer is beer and ("b", c.id) not in self._used)
        self._used.add(("b", card.id))
        return card

    def money(self, value: int) -> PurchaseCard:
        return self._purchase(Kind.MONEY, value)

    def event(self, kind: Kind) -> PurchaseCard:
        return self._purchase(kind, 0)

    def pint(self, beer: Beer, spilled: bool = False) -> Pint:
        return Pint(self.beer(beer), spilled)

    def _purchase(self, kind: Kind, value: int) -> PurchaseCard:
        card = next(
            c
            for c in PURCHASE_CARDS
            if c.kind is kind and c.value == value and ("p", c.id) not in self._used
        )
        self._used.add(("p", card.id))
        return card


def table(players: int = 2, **changes: Any) -> FourPintsState:
    """Returns an empty table at the start of seat 0's turn (Keg at seat 0), then `changes`."""
    state = FourPintsState(
        players=players,
        rng=Rng.from_seed(7),
        round=1,
        keg=0,
        seat=0,
        phase=Phase.REVEAL,
        areas=(Area(),) * players,
        bar=(None,) * BAR_SIZE,
        beer_deck=(),
        removed=(),
        beer_discard=(),
        purchase_deck=(),
        purchase_discard=(),
    )
    return replace(state, **changes)


def with_area(state: FourPintsState, seat: int, **changes: Any) -> FourPintsState:
    """Returns the state with one game area changed."""
    areas = list(state.areas)
    areas[seat] = replace(areas[seat], **changes)
    return replace(state, areas=tuple(areas))


_MOVES = Moves(GAME)
play = _MOVES.play
play_events = _MOVES.play_events
refused = _MOVES.refused


def beers(state: FourPintsState, seat: int) -> list[tuple[Beer, bool]]:
    """Returns a seat's pints as (beer, spilled)."""
    return [(pint.card.beer, pint.spilled) for pint in state.areas[seat].pints]
