"""What each viewer sees of a Stickers table: one plain, comparable value per part.

Public: the rarity board with its point values, the market, every album (columns with their
visible card, hand sizes), the turn's pending effects, the piles' sizes, and the scores once
the game is over. Private: the viewer's hand, and its own secret choice at the final reveal.
Other hands, the piles' order and others' reveal choices never leave the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.games.core.contract import Viewer
from app.games.stickers.board import LEVELS, SPACE_LEVELS
from app.games.stickers.cards import CATEGORY_COLOURS, CATEGORY_NAMES, Card
from app.games.stickers.reveal import choosing
from app.games.stickers.scoring import final_result, scores, stars
from app.games.stickers.state import BONUS, Column, Phase, StickersState
from app.games.stickers.turn import bonus_kinds


@dataclass(frozen=True, slots=True)
class CardView:
    id: int
    category: str
    name: str
    colour: str
    stars: int
    actions: tuple[str, ...]
    players: int  # the player-count icon: 2 none, 3 "3+", 4 "4"


@dataclass(frozen=True, slots=True)
class SpaceView:
    """A space of the rarity board with the marker on it."""

    space: int
    rarity: str
    level: str
    first: int
    second: int
    category: str
    name: str
    colour: str  # the category's, so the marker reads like its cards


@dataclass(frozen=True, slots=True)
class ColumnView:
    category: str
    name: str
    cards: tuple[CardView, ...]  # as played: the last is the visible card

    @property
    def visible(self) -> CardView:
        return self.cards[-1]


@dataclass(frozen=True, slots=True)
class AlbumView:
    seat: int
    columns: tuple[ColumnView, ...]
    hand: int  # how many cards the seat holds
    stars: int


@dataclass(frozen=True, slots=True)
class BonusLine:
    """What the collection bonus grants a collection of `low` to `high` cards (None: or
    more), by effect kind."""

    low: int
    high: int | None
    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PendingView:
    """An effect the current player may still carry out: `source` None is the bonus;
    `sticker` its number on the card (it names the effect among the turn's others)."""

    kind: str
    source: CardView | None
    sticker: int = 0


@dataclass(frozen=True, slots=True)
class StatusView:
    turn: int
    round: int
    seat: int | None  # whose turn it is; None at the final reveal and after
    phase: str
    first: int
    last_round: bool
    pile: int
    stock: int
    played: tuple[CardView, ...]  # this turn's collection
    pending: tuple[PendingView, ...]
    asked: int | None  # the seat choosing what to hand over for a Question mark
    choosing: tuple[int, ...]  # seats still choosing their reveal card
    is_over: bool
    winners: tuple[int, ...] = ()  # once scored (at the sticker step too)


def card_view(card: Card) -> CardView:
    return CardView(
        card.id,
        card.category.value,
        CATEGORY_NAMES[card.category],
        CATEGORY_COLOURS[card.category],
        card.stars,
        card.actions,
        card.players,
    )


_SCORED = (Phase.STICK, Phase.OVER)
_NO_MORE_TURNS = (Phase.REVEAL, *_SCORED)
"""Phases after the last turn: no collection bonus is left to show."""


def public_parts(state: StickersState) -> Mapping[str, Any]:
    """Returns the parts every viewer sees alike."""
    return {
        "status": _status(state),
        "board": _board(state),
        "market": tuple(card_view(state.card(card)) for card in state.market),
        "albums": tuple(_album(state, seat) for seat in range(state.players)),
        "scores": scores(state) if state.phase in _SCORED else None,
        "bonus": None if state.phase in _NO_MORE_TURNS else bonus_lines(state),
    }


def private_parts(state: StickersState, viewer: Viewer) -> Mapping[str, Any]:
    """Returns the viewer's hand and reveal choice (nothing for a spectator)."""
    if viewer is None:
        return {"hand": None, "reveal": None}
    chosen = state.reveals[viewer] if state.reveals and state.phase is Phase.REVEAL else None
    return {
        "hand": tuple(card_view(state.card(card)) for card in sorted(state.hands[viewer])),
        "reveal": card_view(state.card(chosen)) if chosen is not None else None,
    }


_BONUS_SIZES = 8
"""Collections up to this size are listed one by one in `bonus_lines`; bigger ones are "or
more" (the rules' thresholds are all below it)."""


def bonus_lines(state: StickersState) -> tuple[BonusLine, ...]:
    """Returns what the collection bonus will be for each size of collection, with the rules
    in force, sizes that grant the same grouped."""
    lines: list[BonusLine] = []
    for size in range(1, _BONUS_SIZES + 1):
        kinds = bonus_kinds(state, size)
        if lines and lines[-1].kinds == kinds:
            lines[-1] = BonusLine(lines[-1].low, size, kinds)
        else:
            lines.append(BonusLine(size, size, kinds))
    last = lines[-1]
    lines[-1] = BonusLine(last.low, None, last.kinds)
    return tuple(lines)


def _status(state: StickersState) -> StatusView:
    over = state.phase is Phase.OVER
    turning = state.phase not in (Phase.REVEAL, Phase.STICK, Phase.OVER)
    pending = tuple(
        PendingView(
            p.kind, None if p.source == BONUS else card_view(state.card(p.source)), p.sticker
        )
        for p in state.pending
    )
    return StatusView(
        turn=state.turn,
        round=state.round,
        seat=state.seat if turning else None,
        phase=state.phase.value,
        first=state.first,
        last_round=state.last_round,
        pile=len(state.pile),
        stock=len(state.stock),
        played=tuple(card_view(state.card(card)) for card in state.played),
        pending=pending if turning else (),
        asked=state.question.target if state.question else None,
        choosing=tuple(sorted(choosing(state))),
        is_over=over,
        winners=final_result(state).winners if state.phase in _SCORED else (),
    )


def _board(state: StickersState) -> tuple[SpaceView, ...]:
    out = []
    for space, category in enumerate(state.board):
        level = LEVELS[SPACE_LEVELS[space]]
        out.append(
            SpaceView(
                space,
                level.rarity.value,
                level.name,
                level.first,
                level.second,
                category.value,
                CATEGORY_NAMES[category],
                CATEGORY_COLOURS[category],
            )
        )
    return tuple(out)


def _album(state: StickersState, seat: int) -> AlbumView:
    return AlbumView(
        seat,
        tuple(_column(state, column) for column in state.albums[seat]),
        len(state.hands[seat]),
        stars(state, seat),
    )


def _column(state: StickersState, column: Column) -> ColumnView:
    cards = tuple(card_view(state.card(card)) for card in column.cards)
    return ColumnView(column.category.value, CATEGORY_NAMES[column.category], cards)
