"""What applying an action produces: a refusal, or a new state with events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

S = TypeVar("S")

EVERYONE: frozenset[int] | None = None
"""`Event.seen_by` value for an event every viewer may see."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """An illegal action, as a value: a message id a player can read, and its parameters."""

    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """Returns the untranslated message with its parameters filled in."""
        return self.reason.format(**self.params)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log; `seen_by` lists the seats that may see it.

    `seen_by` None means everyone, spectators included. Each game subclasses
    this with typed fields and describes its events in plain words in its own
    `texts` module, so the log can be translated and filtered per viewer.
    """

    seen_by: frozenset[int] | None = field(default=None, kw_only=True)

    def visible_to(self, seat: int | None) -> bool:
        return self.seen_by is None or (seat is not None and seat in self.seen_by)


@dataclass(frozen=True, slots=True)
class CoreEvent(Event):
    """An event the shared core makes, the same in every game (a move taken back): it says
    itself in plain words, so no game's `describe` needs to know it (`Game.log_line`)."""

    def say(self, names: Sequence[str]) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Applied(Generic[S]):
    """An accepted action: the next state and what happened, in order."""

    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: totals per seat, ranks (1 = best, ties share), rounds.

    `rounds` is indexed [round][seat]: one tuple of per-seat scores per round.

    `carry` is state that outlives the game (a Stickers campaign's deck); the
    server stores it and hands it to the next game's setup.

    `decided` says what decided the winner when the totals alone do not (a tie-break, the
    first to reach a target), a message marked with `_` and formatted, naming nobody: the
    end-of-game summary shows it, else the winning margin.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...] = ()
    carry: Any = None
    decided: str | None = None

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


@dataclass(frozen=True, slots=True)
class Revealed:
    """Something no seat's view shows (a deck's order, what lay under a mark), in plain
    words: what a finished game's replay shows with everything revealed."""

    heading: str  # marked with `_`
    items: tuple[str, ...]


def tie_broken(scores: tuple[int, ...], ranks: tuple[int, ...]) -> bool:
    """Returns whether a winner shares the best total with someone ranked below them: the
    tie-break, not the points, made them win."""
    best = max(scores, default=0)
    pairs = tuple(zip(scores, ranks, strict=True))
    return any(s == best and r == 1 for s, r in pairs) and any(
        s == best and r > 1 for s, r in pairs
    )


def rank_by(keys: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Returns competition ranks (1, 1, 3, ...) for per-seat sort keys, higher is better."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)
