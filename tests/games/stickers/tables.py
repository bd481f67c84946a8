"""Builders for Stickers situations: a dealt table with exactly the cards a test names where it
names them; every other card of the game goes to the draw pile (after `pile`), so cards are
conserved in every situation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.games.stickers import GAME
from app.games.stickers.cards import CARDS, CARDS_PER_CATEGORY, Category
from app.games.stickers.state import Column, Phase, StickersState
from tests.support.moves import Moves

MOVES = Moves(GAME)
play = MOVES.play
play_events = MOVES.play_events
refused = MOVES.refused

# The rows of a category's twelve cards (cards.py's layout).
HAT_ROW = 0
QUESTION_ROW = 1
PLAIN_ROWS = (2, 3)
ONE_STAR_ROWS = (4, 5, 6)
TWO_STAR_ROW = 7


def card(category: Category, row: int) -> int:
    """Returns the id of row `row` of a category's twelve cards."""
    return list(Category).index(category) * CARDS_PER_CATEGORY + row


def cards(category: Category, *rows: int) -> tuple[int, ...]:
    return tuple(card(category, row) for row in rows)


def column(*ids: int) -> Column:
    """Returns a column of these cards (one category), the last visible."""
    return Column(CARDS[ids[0]].category, ids)


def table(
    players: int = 4,
    *,
    seat: int = 0,
    first: int = 0,
    phase: Phase = Phase.TAKE,
    hands: Mapping[int, tuple[int, ...]] | None = None,
    market: tuple[int, ...] = (),
    pile: tuple[int, ...] = (),
    stock: tuple[int, ...] | None = None,
    albums: Mapping[int, tuple[Column, ...]] | None = None,
    board: tuple[Category, ...] | None = None,
    rest_in_pile: bool = True,
    game: Any = GAME,
    carry: Any = None,
    **changes: Any,
) -> StickersState:
    """Returns a table with the named cards placed; the rest go to the pile after `pile` (or,
    with `rest_in_pile` False, out of the game, so the pile holds exactly `pile`)."""
    state: StickersState = game.setup(players, {}, 1, carry)
    hands = hands or {}
    albums = albums or {}
    listed = [*market, *pile, *(stock or ())]
    listed += [c for hand in hands.values() for c in hand]
    listed += [c for album in albums.values() for col in album for c in col.cards]
    named = set(listed)
    assert len(named) == len(listed), "a situation names a card twice"
    in_game = [c.id for c in state.cards if c.players <= players and c.id not in named]
    rest = tuple(in_game) if rest_in_pile else ()
    removed = tuple(c.id for c in state.cards if c.id not in named and c.id not in rest)
    return replace(
        state,
        seat=seat,
        first=first,
        phase=phase,
        hands=tuple(hands.get(s, ()) for s in range(players)),
        albums=tuple(albums.get(s, ()) for s in range(players)),
        market=market,
        pile=(*pile, *rest),
        stock=stock if stock is not None else (),
        removed=removed,
        board=board if board is not None else tuple(Category),
        **changes,
    )


def everywhere(state: StickersState) -> list[int]:
    """Returns every card id in any place of the table, once per copy found."""
    found = [*state.pile, *state.stock, *state.market, *state.removed]
    for hand in state.hands:
        found += hand
    for album in state.albums:
        for col in album:
            found += col.cards
    return sorted(found)
