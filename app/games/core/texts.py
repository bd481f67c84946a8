"""Log lines every game says alike."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from app.games.core.i18n import Joined, Text, _


def game_over(winners: Sequence[int], points: int, names: Sequence[str]) -> Text:
    """Returns the line that ends a game: who won, or who share the win, with their points."""
    if len(winners) == 1:
        return Text(
            _("The game is over: {name} wins with {points} points."),
            name=names[winners[0]],
            points=points,
        )
    return Text(
        _("The game is over: {names} share the win with {points} points."),
        names=names_and(names[seat] for seat in winners),
        points=points,
    )


def names_and(names: Iterable[str]) -> Joined:
    """Returns players' names as one list: "Ann and Bob"."""
    return Joined(Text(_(" and ")), names)
