"""What each viewer sees of a Stellar table: one plain, comparable value per part.

A viewer sees their own hand only; the other hand, the deck and the discard
pile are counts. Face-down cards show as face down to everyone but their owner,
and a deck card on its way into a telescope only to the player placing it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.games.core.contract import Viewer
from app.games.stellar.cards import (
    CARDS,
    FACE_DOWN_VALUE,
    ROUNDS,
    SECTION_NAMES,
    SECTION_SPACES,
    SPACES,
    SUIT_NAMES,
    Card,
    Section,
    Suit,
)
from app.games.stellar.placement import Counted, longest_run, stacks
from app.games.stellar.scoring import Breakdown, breakdowns, final_result, section_total
from app.games.stellar.state import Board, Phase, Placed, StellarState


@dataclass(frozen=True, slots=True)
class CardView:
    """A face-up card: `kind` is a `Kind` value, `suit` a `Suit` value (None: satellite)."""

    id: int
    kind: str
    suit: str | None
    name: str
    value: int  # as printed; a 6/0 card shows 6
    stars: int


@dataclass(frozen=True, slots=True)
class StatusView:
    """Where the game stands; `seat` is whose turn it is, `waiting` who may act now."""

    round: int
    rounds: int
    first: int
    seat: int | None
    phase: str
    waiting: tuple[int, ...]
    hands: tuple[int, ...]  # cards in each hand
    deck: int
    discard: int
    is_over: bool


@dataclass(frozen=True, slots=True)
class RowSlotView:
    number: int
    card: CardView | None


@dataclass(frozen=True, slots=True)
class RowView:
    """The numbered row, the deck's size, and the second card waiting for a telescope space.

    `drawn_hidden` means a second card is waiting but this viewer may not see it.
    """

    slots: tuple[RowSlotView, ...]
    deck: int
    drawn: CardView | None
    drawn_hidden: bool


@dataclass(frozen=True, slots=True)
class StartView:
    """A starting choice made but not shown yet: `card` goes on telescope `space`."""

    card: CardView
    space: int


@dataclass(frozen=True, slots=True)
class HandView:
    """The viewer's own cards: the hand, and during the setup the two starting cards."""

    cards: tuple[CardView, ...]
    starting: tuple[CardView, ...]
    start: StartView | None


@dataclass(frozen=True, slots=True)
class SpaceView:
    """A telescope space; `x` is its left edge in half card widths, `value` what it counts.

    A face-down card shows its `card` to its owner only.
    """

    space: int
    row: int
    x: int
    section: str
    card: CardView | None
    face_down: bool
    value: int | None


@dataclass(frozen=True, slots=True)
class SectionView:
    section: str
    name: str
    spaces: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class TelescopeView:
    seat: int
    spaces: tuple[SpaceView, ...]
    sections: tuple[SectionView, ...]


@dataclass(frozen=True, slots=True)
class EntryView:
    """A notebook card; `value` is what it counts (a 6/0 card's 6 or 0), `chosen` if set."""

    card: CardView
    value: int
    chosen: bool


@dataclass(frozen=True, slots=True)
class StackView:
    """A notebook stack, lowest value first; `run` is the longest run of values that scores."""

    suit: str
    name: str
    entries: tuple[EntryView, ...]
    run: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NotebookView:
    seat: int
    stacks: tuple[StackView, ...]


@dataclass(frozen=True, slots=True)
class SuitScoreView:
    suit: str
    name: str
    stars: int
    run: int
    points: int


@dataclass(frozen=True, slots=True)
class SectionScoreView:
    section: str
    name: str
    total: int
    bonus: int


@dataclass(frozen=True, slots=True)
class ScoreLineView:
    """One player's score as it stands: stars × run per suit, section bonuses, diversity."""

    seat: int
    suits: tuple[SuitScoreView, ...]
    sections: tuple[SectionScoreView, ...]
    diversity: int
    total: int


@dataclass(frozen=True, slots=True)
class ScoresView:
    """Live scores of every player; ranks once the game is over."""

    players: tuple[ScoreLineView, ...]
    ranks: tuple[int, ...] | None


def status_view(state: StellarState, active: frozenset[int]) -> StatusView:
    over = state.phase is Phase.OVER
    turn = over or state.phase in (Phase.SETUP, Phase.FINAL)
    return StatusView(
        round=state.round,
        rounds=ROUNDS,
        first=state.first,
        seat=None if turn else state.seat,
        phase=state.phase.value,
        waiting=tuple(sorted(active)),
        hands=tuple(len(board.hand) for board in state.boards),
        deck=len(state.deck),
        discard=len(state.discard),
        is_over=over,
    )


def row_view(state: StellarState, viewer: Viewer) -> RowView:
    drawn = state.drawn
    visible = drawn is not None and (not state.drawn_from_deck or viewer == state.seat)
    return RowView(
        slots=tuple(
            RowSlotView(number, _card_view(card)) for number, card in enumerate(state.row, 1)
        ),
        deck=len(state.deck),
        drawn=CARD_VIEWS[drawn.id] if drawn is not None and visible else None,
        drawn_hidden=drawn is not None and not visible,
    )


def hand_view(state: StellarState, viewer: Viewer) -> HandView | None:
    """Returns the viewer's own hand; a spectator has none."""
    if viewer is None or not 0 <= viewer < state.players:
        return None
    board = state.boards[viewer]
    start = None
    if board.start is not None and board.starting:
        card_id, space = board.start
        start = StartView(CARD_VIEWS[card_id], space)
    return HandView(
        cards=tuple(CARD_VIEWS[card.id] for card in board.hand),
        starting=tuple(CARD_VIEWS[card.id] for card in board.starting),
        start=start,
    )


def telescopes_view(state: StellarState, viewer: Viewer) -> tuple[TelescopeView, ...]:
    return tuple(
        _telescope_view(seat, board, viewer == seat) for seat, board in enumerate(state.boards)
    )


def _telescope_view(seat: int, board: Board, owner: bool) -> TelescopeView:
    spaces = tuple(_space_view(spec.id, board.telescope[spec.id], owner) for spec in SPACES)
    sections = tuple(
        SectionView(
            *_SECTION_LABELS[section], SECTION_SPACES[section], section_total(board, section)
        )
        for section in Section
    )
    return TelescopeView(seat, spaces, sections)


def _space_view(space: int, placed: Placed | None, owner: bool) -> SpaceView:
    if placed is None:
        return _EMPTY_SPACES[space]
    shown = not placed.face_down or owner
    return _SPACE_VIEWS[space, placed.card.id if shown else None, placed.face_down]


def notebooks_view(state: StellarState) -> tuple[NotebookView, ...]:
    return tuple(
        NotebookView(
            seat, tuple(_stack_view(suit, pairs) for suit, pairs in stacks(board.notebook).items())
        )
        for seat, board in enumerate(state.boards)
    )


def _stack_view(suit: Suit, pairs: Counted) -> StackView:
    entries = tuple(
        EntryView(CARD_VIEWS[entry.card.id], value, entry.chosen is not None)
        for entry, value in pairs
    )
    run = longest_run(value for _entry, value in pairs)
    return StackView(*_SUIT_LABELS[suit], entries, run)


def scores_view(state: StellarState) -> ScoresView:
    ranks = final_result(state).ranks if state.phase is Phase.OVER else None
    lines = tuple(
        _score_line(seat, breakdown) for seat, breakdown in enumerate(breakdowns(state.boards))
    )
    return ScoresView(lines, ranks)


def _score_line(seat: int, breakdown: Breakdown) -> ScoreLineView:
    return ScoreLineView(
        seat=seat,
        suits=tuple(
            SuitScoreView(*_SUIT_LABELS[score.suit], score.stars, score.run, score.points)
            for score in breakdown.suits
        ),
        sections=tuple(
            SectionScoreView(*_SECTION_LABELS[score.section], score.total, score.bonus)
            for score in breakdown.sections
        ),
        diversity=breakdown.diversity,
        total=breakdown.total,
    )


def _card_view(card: Card | None) -> CardView | None:
    return None if card is None else CARD_VIEWS[card.id]


# Enum values are slow to read in a loop; views read these (id, name) pairs instead.
_SUIT_LABELS: Mapping[Suit, tuple[str, str]] = {
    suit: (suit.value, SUIT_NAMES[suit]) for suit in Suit
}
_SECTION_LABELS: Mapping[Section, tuple[str, str]] = {
    section: (section.value, SECTION_NAMES[section]) for section in Section
}

# Views of single cards and spaces never change, so they are built once: the server renders
# every table part often, and a shared instance also compares equal fastest.
CARD_VIEWS: Mapping[int, CardView] = {
    card.id: CardView(
        card.id,
        card.kind.value,
        card.suit.value if card.suit else None,
        card.name,
        card.value,
        card.stars,
    )
    for card in CARDS
}

_EMPTY_SPACES: tuple[SpaceView, ...] = tuple(
    SpaceView(spec.id, spec.row, spec.x, spec.section.value, None, False, None) for spec in SPACES
)


def _placed_space(space: int, card: Card | None, face_down: bool) -> SpaceView:
    """Returns a taken space; `card` None is a face-down card its viewer may not see."""
    spec = SPACES[space]
    value = FACE_DOWN_VALUE if face_down or card is None else card.value
    return SpaceView(
        spec.id, spec.row, spec.x, spec.section.value, _card_view(card), face_down, value
    )


_SPACE_VIEWS: Mapping[tuple[int, int | None, bool], SpaceView] = {
    (spec.id, card.id if card else None, face_down): _placed_space(spec.id, card, face_down)
    for spec in SPACES
    for card, face_down in (
        *((card, face_down) for card in CARDS for face_down in (False, True)),
        (None, True),
    )
}
