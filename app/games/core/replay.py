"""Rebuilding a game from its seed and action log."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from app.games.core.contract import Game
from app.games.core.outcome import Applied, Refusal
from app.games.core.undo import Trail, decode, play


class ReplayError(Exception):
    """A stored action was refused on replay: the log and the rules disagree."""


def replay(
    game: Game[Any],
    players: int,
    options: Mapping[str, Any],
    seed: int,
    log: Iterable[tuple[int, Mapping[str, Any]]],
    carry: Any = None,
) -> Any:
    """Returns the state after applying each logged (seat, action payload) in order."""
    state = game.setup(players, options, seed, carry)
    for applied in steps(game, state, log):
        state = applied.state
    return state


def steps(
    game: Game[Any], state: Any, log: Iterable[tuple[int, Mapping[str, Any]]]
) -> Iterator[Applied[Any]]:
    """Yields what each logged (seat, action payload) made of the state before it, in order:
    the one way a stored game is replayed (a room restored after a restart too).

    An undo gives back the state before the move it takes back (`undo.py`), checked as the
    room checked it. Raises ReplayError at the first action that does not decode or is
    refused: a log that does not replay is never cut short quietly."""
    trail = Trail()
    for number, (seat, payload) in enumerate(log, start=1):
        action = decode(game, payload)
        if isinstance(action, Refusal):
            raise ReplayError(f"action {number} does not decode: {action.text()}")
        applied = play(game, state, trail, seat, action)
        if isinstance(applied, Refusal):
            raise ReplayError(f"action {number} was refused: {applied.text()}")
        yield applied
        trail = trail.then(game, state, seat, action, applied)
        state = applied.state
