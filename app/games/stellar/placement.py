"""Where cards may go: telescope adjacency, face-down cards, notebook stacks and runs."""

from __future__ import annotations

from collections.abc import Iterable

from app.games.stellar.cards import NEIGHBOURS, SIX_ZERO_VALUES, SUITS, Card, Suit
from app.games.stellar.state import Board, Entry, Placed, Telescope


def free_spaces(telescope: Telescope) -> tuple[int, ...]:
    return tuple(space for space, placed in enumerate(telescope) if placed is None)


def face_up_spaces(telescope: Telescope, card: Card) -> tuple[int, ...]:
    """Returns the free spaces a card may take face up; empty when it must go face down.

    A suit already in the telescope must go edge to edge with a card of that suit
    or a satellite (wild); a new suit and a satellite may go on any free space.
    """
    free = free_spaces(telescope)
    if card.is_satellite or not any(
        placed is not None and placed.suit is card.suit for placed in telescope
    ):
        return free
    touching = {
        neighbour
        for space, placed in enumerate(telescope)
        if placed is not None and (placed.suit is card.suit or placed.is_satellite)
        for neighbour in NEIGHBOURS[space]
    }
    return tuple(space for space in free if space in touching)


def placements(telescope: Telescope, card: Card) -> tuple[tuple[int, bool], ...]:
    """Returns every (space, face_down) the card may take: face up if it can, else face down."""
    face_up = face_up_spaces(telescope, card)
    if face_up:
        return tuple((space, False) for space in face_up)
    return tuple((space, True) for space in free_spaces(telescope))


def place(telescope: Telescope, space: int, card: Card, face_down: bool) -> Telescope:
    """Returns the telescope with the card on a space."""
    return (*telescope[:space], Placed(card, face_down), *telescope[space + 1 :])


# --- the notebook --------------------------------------------------------------------


def longest_run(values: Iterable[int]) -> tuple[int, ...]:
    """Returns the longest run of consecutive values (the lowest such run); copies add nothing."""
    distinct = sorted(set(values))
    best: tuple[int, ...] = ()
    start = 0
    for index in range(1, len(distinct) + 1):
        if index == len(distinct) or distinct[index] != distinct[index - 1] + 1:
            if index - start > len(best):
                best = tuple(distinct[start:index])
            start = index
    return best


Counted = tuple[tuple[Entry, int], ...]
"""A notebook stack: each card with the value it counts, lowest first."""


def stacks(notebook: tuple[Entry, ...]) -> dict[Suit, Counted]:
    """Returns every stack with what each card counts; an unset 6/0 card counts its best."""
    counted: dict[Suit, list[tuple[Entry, int]]] = {suit: [] for suit in SUITS}
    open_six_zero: list[Entry] = []
    for entry in notebook:
        if entry.card.is_six_zero and entry.chosen is None:
            open_six_zero.append(entry)  # one 6/0 card per suit, so at most one per stack
        else:
            value = entry.card.value if entry.chosen is None else entry.chosen
            counted[entry.stack].append((entry, value))
    for entry in open_six_zero:
        others = [value for _entry, value in counted[entry.stack]]
        best = max(SIX_ZERO_VALUES, key=lambda value: len(longest_run([*others, value])))
        counted[entry.stack].append((entry, best))
    return {
        suit: tuple(sorted(pairs, key=lambda pair: (pair[1], pair[0].card.id)))
        for suit, pairs in counted.items()
    }


def runs(notebook: tuple[Entry, ...]) -> dict[Suit, tuple[int, ...]]:
    """Returns the longest run of values in every stack."""
    return {
        suit: longest_run(value for _entry, value in pairs)
        for suit, pairs in stacks(notebook).items()
    }


def run_lengths(notebook: tuple[Entry, ...]) -> dict[Suit, int]:
    return {suit: len(run) for suit, run in runs(notebook).items()}


def stack_run(notebook: tuple[Entry, ...], suit: Suit) -> tuple[int, ...]:
    return runs(notebook)[suit]


def entry_value(notebook: tuple[Entry, ...], entry: Entry) -> int:
    """Returns what a notebook card counts: a 6/0 card as chosen, else whichever scores more."""
    return next(value for other, value in stacks(notebook)[entry.stack] if other == entry)


def notebook_entry(board: Board, card: Card) -> Entry:
    """Returns a card as a new notebook entry; a satellite goes where it lengthens a run most."""
    if card.suit is not None:
        return Entry(card, card.suit)
    return Entry(card, best_stack(board.notebook, card))


def best_stack(notebook: tuple[Entry, ...], card: Card) -> Suit:
    """Returns the stack where a satellite adds most to the runs, the first such in suit order."""
    rest = tuple(entry for entry in notebook if entry.card != card)

    def gain(suit: Suit) -> int:
        return len(stack_run((*rest, Entry(card, suit)), suit)) - len(stack_run(rest, suit))

    return max(SUITS, key=gain)
