"""Builders for For20 situations: a bare table plus exactly the cards a test needs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.core import Event, Rng
from app.games.for20 import GAME
from app.games.for20.cards import CARDS
from app.games.for20.state import Board, For20State, Phase
from tests.support.moves import Moves

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


class Cards:
    """Hands out distinct physical cards by key ("skunk", "bong"), never one card twice."""

    def __init__(self) -> None:
        self._used: set[int] = set()

    def __call__(self, key: str) -> int:
        """Returns an unused card id of that key."""
        card = next((c.id for c in CARDS if c.spec.key == key and c.id not in self._used), None)
        if card is None:
            raise LookupError(f"no {key} card left")
        self._used.add(card)
        return card

    def many(self, key: str, count: int) -> tuple[int, ...]:
        return tuple(self(key) for _copy in range(count))

    def rest(self, materials: bool) -> tuple[int, ...]:
        """Returns every unused material (or game card), to fill a deck."""
        wanted = range(60) if materials else range(60, 120)
        cards = tuple(card for card in wanted if card not in self._used)
        self._used |= set(cards)
        return cards


def table(players: int = 2, **changes: Any) -> For20State:
    """Returns an empty table at seat 0's main phase in round 1 (seat 0 plays first)."""
    state = For20State(
        players=players,
        rng=Rng.from_seed(7),
        window_seconds=8,
        first=0,
        round=1,
        turn=1,
        seat=0,
        phase=Phase.MAIN,
        boards=tuple(Board() for _seat in range(players)),
        material_deck=(),
        game_deck=(),
    )
    return replace(state, **changes)


def with_board(state: For20State, seat: int, **changes: Any) -> For20State:
    """Returns the state with one board changed."""
    boards = list(state.boards)
    boards[seat] = replace(boards[seat], **changes)
    return replace(state, boards=tuple(boards))


_MOVES = Moves(GAME)
play = _MOVES.play
play_events = _MOVES.play_events
refused = _MOVES.refused


def log(events: list[Event], viewer: int | None = None) -> list[str]:
    """Returns the log lines a viewer sees."""
    return [GAME.describe(event, NAMES) for event in events if event.visible_to(viewer)]


def ops(events: list[Event]) -> set[int]:
    """Returns every OP number the events performed."""
    return {op for event in events for op in event.ops()}  # type: ignore[attr-defined]
