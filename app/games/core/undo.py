"""Taking back a move within one's own turn (Board Game Arena's rule), for every game alike.

A seat may take back its last move while nothing has happened since that it could not
unsee or that someone else did: the step drew no hidden card, used no randomness, showed
nothing hidden, did not end the game, the seat's turn or a race, started no timer and let
nobody else act; and no other seat (nor the clock) has moved since. Several undos in a row
walk back further, move by move, to where the seat's run of such steps began.

The engine decides what may be taken back (`Game.undoable`, asked only once the general
checks of `may_take_back` passed); this module keeps the run of steps that may be (`Trail`)
and plays an `Undo`: the state after it is exactly the state before the move it undoes. An
undo is an action like any other, logged by the seat that made it, so a seed and a log with
undos replay exactly (`replay.steps` plays them through here too).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from app.games.core.actions import Action
from app.games.core.contract import CLOCK, Game
from app.games.core.i18n import _
from app.games.core.outcome import Applied, CoreEvent, Refusal

NOTHING_TO_UNDO = Refusal(
    _(
        "There is no move of yours to take back: only your own moves of this turn can be, "
        "until something hidden or random is shown or another player acts."
    )
)


@dataclass(frozen=True, slots=True)
class Undo(Action):
    """Take back the seat's last move of this turn. The kind is the core's in every game
    (no game may name an action "undo"; a test checks)."""

    kind: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class MoveUndone(CoreEvent):
    """A seat took back its last move: everyone sees that it did."""

    seat: int

    def say(self, names: Sequence[str]) -> str:
        return _("{name} took back a move.").format(name=names[self.seat])


def decode(game: Game[Any], payload: Mapping[str, Any]) -> Action | Refusal:
    """Returns the action a payload describes: an undo, or one of the game's own."""
    if isinstance(payload, Mapping) and payload.get("kind") == Undo.kind:
        return Undo()
    return game.codec.decode(payload)


@dataclass(frozen=True, slots=True)
class Step:
    """A move that may be taken back: the state before it, and what the caller keeps with
    it to restore alike (a room's turn clocks; None in a replay)."""

    before: Any
    kept: Any = None


@dataclass(frozen=True, slots=True)
class Trail:
    """The run of moves `seat` may take back now, oldest first (empty: nothing may be)."""

    seat: int | None = None
    steps: tuple[Step, ...] = ()

    def lets(self, seat: int) -> bool:
        """Returns whether the seat may take back a move now."""
        return self.seat == seat and bool(self.steps)

    def last(self) -> Step:
        """Returns the move an undo takes back (only when some seat `lets`)."""
        return self.steps[-1]

    def then(
        self,
        game: Game[Any],
        before: Any,
        seat: int,
        action: Action,
        applied: Applied[Any],
        kept: Any = None,
    ) -> Trail:
        """Returns the trail after an accepted move (`applied`, from `before`)."""
        if isinstance(action, Undo):
            rest = self.steps[:-1]
            return Trail(self.seat, rest) if rest else Trail()
        if not may_take_back(game, before, applied, seat, action):
            return Trail()
        run = self.steps if self.seat == seat else ()
        return Trail(seat, (*run, Step(before, kept)))


def play(
    game: Game[Any], state: Any, trail: Trail, seat: int, action: Action
) -> Applied[Any] | Refusal:
    """Returns what an action makes of the state: an undo gives back the state before the
    seat's last move (if the trail lets it take one back), any other action is the game's."""
    if not isinstance(action, Undo):
        return game.apply(state, seat, action)
    if not trail.lets(seat):
        return NOTHING_TO_UNDO
    return Applied(trail.last().before, (MoveUndone(seat),))


def may_take_back(
    game: Game[Any], before: Any, applied: Applied[Any], seat: int, action: Action
) -> bool:
    """Returns whether a seat's accepted move may be taken back: the checks every game
    shares first (why each: below), then the game's own `undoable`."""
    after = applied.state
    if seat == CLOCK or game.result(after) is not None:
        return False  # time's moves are nobody's; a finished game stays finished
    if any(event.seen_by is not None for event in applied.events):
        return False  # it showed some seats something the others did not see: a draw
    if game.simultaneous(before) is not None or game.simultaneous(after) is not None:
        return False  # a race: others act at the same moment, so nothing is only yours
    active = game.active_seats(after)
    if seat not in active or active != game.active_seats(before):
        return False  # the turn ended, or someone else may act now
    if _timer_key(game, before) != _timer_key(game, after):
        return False  # a timer started or stopped: others may answer, time runs
    return game.undoable(before, after, seat, action)


def _timer_key(game: Game[Any], state: Any) -> str | None:
    timer = game.timer(state)
    return timer.key if timer is not None else None


def unchanged(before: Any, after: Any, *fields: str) -> bool:
    """Returns whether the named fields of two states are equal: a game lists where its
    hidden things lie (decks, a bag, its RNG), and a step that changed none of them drew,
    shuffled and revealed nothing from there."""
    return all(getattr(before, name) == getattr(after, name) for name in fields)


def hands_kept(before: Sequence[Sequence[Hashable]], after: Sequence[Sequence[Hashable]]) -> bool:
    """Returns whether every card that was in a hand (one per seat) still is: a card that
    left a hand for the table showed what had been hidden, and no undo can hide it again."""
    return all(set(old) <= set(new) for old, new in zip(before, after, strict=True))
