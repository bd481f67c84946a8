"""Log lines every game says alike."""

from __future__ import annotations

from collections.abc import Sequence

from app.games.core.i18n import _


def game_over(winners: Sequence[int], points: int, names: Sequence[str]) -> str:
    """Returns the line that ends a game: who won, or who share the win, with their points."""
    if len(winners) == 1:
        return _("The game is over: {name} wins with {points} points.").format(
            name=names[winners[0]], points=points
        )
    return _("The game is over: {names} share the win with {points} points.").format(
        names=_(" and ").join(names[seat] for seat in winners), points=points
    )
