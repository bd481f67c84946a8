"""Playing moves on an engine in rule tests: every game's `tables.py` binds these to its GAME."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, Applied, Event, Game, Refusal


class Moves:
    """`play`, `play_events` and `refused` for one game; the seat defaults to `state.seat`."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    def play(self, state: Any, *actions: Action, seat: int | None = None) -> Any:
        """Returns the state after the current player (or `seat`) makes each action."""
        return self.play_events(state, *actions, seat=seat)[0]

    def play_events(
        self, state: Any, *actions: Action, seat: int | None = None
    ) -> tuple[Any, list[Event]]:
        """Returns the state after the actions and every event they produced."""
        events: list[Event] = []
        for action in actions:
            applied = self.game.apply(state, state.seat if seat is None else seat, action)
            assert isinstance(applied, Applied), (action, applied)
            state = applied.state
            events.extend(applied.events)
        return state, events

    def refused(self, state: Any, action: Action, seat: int | None = None) -> Refusal:
        """Returns the refusal of an action that must not be allowed, and checks nothing
        changed."""
        before = state
        applied = self.game.apply(state, state.seat if seat is None else seat, action)
        assert isinstance(applied, Refusal), applied
        assert state == before
        return applied
