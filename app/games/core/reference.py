"""A game's card reference: every card it is played with, for a page players learn the deck from.

The reference is plain data built from the same card tables the engine plays with (never a
second copy of the numbers): groups of alike cards, each shown as the game's own card view, the
one its table draws, with how many copies the game has. A game's `cards.html` template draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from itertools import groupby
from typing import Any, Generic, TypeVar

C = TypeVar("C")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class CardEntry(Generic[C]):
    """Cards alike: `card` is the game's view of one of them, `count` how many there are."""

    card: C
    count: int


@dataclass(frozen=True, slots=True)
class CardGroup(Generic[C]):
    """One table of the reference; `key` tells the game's template which columns it has."""

    key: str
    title: str
    entries: tuple[CardEntry[C], ...]
    note: str = ""

    @property
    def cards(self) -> int:
        """Returns how many physical cards the group holds."""
        return sum(entry.count for entry in self.entries)


@dataclass(frozen=True, slots=True)
class CardReference:
    """Every card of a game, in groups; `note` says what the groups leave out, if anything."""

    groups: tuple[CardGroup[Any], ...]
    note: str = ""

    @property
    def cards(self) -> int:
        """Returns how many physical cards the game has."""
        return sum(group.cards for group in self.groups)


def alike(
    cards: Iterable[T], key: Callable[[T], Hashable], view: Callable[[T], C]
) -> tuple[CardEntry[C], ...]:
    """Returns runs of neighbouring cards with the same key as entries, in deck order."""
    return tuple(
        CardEntry(view(run[0]), len(run))
        for _key, group in groupby(cards, key)
        for run in (list(group),)
    )
