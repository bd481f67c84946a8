"""The action stickers the ability upgrades bring (boxes F-I): Magnet, Brush, Arrow, Clover.

Each is a `hooks.Effect` with its own move class, like the printed Hat and Question mark
(`effects.py`); `upgrades.py` puts each in the rule its upgrade sticks into a box.

- Magnet: take one market card of your choice into your hand.
- Brush: play one card from your hand into your album; it becomes its column's visible card,
  so its own action stickers may be carried out too (a chain reaction).
- Arrow: swap two neighbouring markers on the rarity board (the 3+ collection bonus, as a
  sticker).
- Clover: draw two cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import ClassVar

from app.games.core.actions import Action
from app.games.core.choices import Choice, OneOf, Pick, first_of_each
from app.games.core.i18n import _
from app.games.core.outcome import Refusal
from app.games.stickers.actions import EffectAction, Swap
from app.games.stickers.board import NEIGHBOUR_PAIRS
from app.games.stickers.effects import SWAP_EFFECT, sticker_effects
from app.games.stickers.events import Played, Took
from app.games.stickers.hooks import Effect, Events
from app.games.stickers.state import Pending, StickersState, set_seat, without
from app.games.stickers.zones import can_draw, draw_into_hand, place

MAGNET = "magnet"
BRUSH = "brush"
ARROW = "arrow"
CLOVER = "clover"

_CLOVER_DRAWS = 2

ABILITY_NAMES: dict[str, str] = {
    MAGNET: _("Magnet"),
    BRUSH: _("Brush"),
    ARROW: _("Arrow"),
    CLOVER: _("Clover"),
}


@dataclass(frozen=True, slots=True)
class Magnet(EffectAction):
    """Magnet: take the market card in `slot` into your hand."""

    kind: ClassVar[str] = MAGNET
    slot: int = -1


@dataclass(frozen=True, slots=True)
class Brush(EffectAction):
    """Brush: play `card` from your hand into your album, as its column's visible card."""

    kind: ClassVar[str] = BRUSH
    card: int = -1


@dataclass(frozen=True, slots=True)
class Arrow(Swap):
    """Arrow: swap the markers on two neighbouring spaces (checked and done as a swap)."""

    kind: ClassVar[str] = ARROW


@dataclass(frozen=True, slots=True)
class Clover(EffectAction):
    """Clover: draw two cards into your hand."""

    kind: ClassVar[str] = CLOVER


Moves = Callable[[StickersState, int, Pending], tuple[Action, ...]]
Offers = Callable[[StickersState, int, Pending], tuple[Choice, ...]]


def _as_buttons(moves: Moves) -> Offers:
    """Returns offers of each move as a button."""
    return lambda state, seat, pending: tuple(Pick(move) for move in moves(state, seat, pending))


def _as_one_of(moves: Moves) -> Offers:
    """Returns offers of the moves as one choice under one heading (none when there are none)."""

    def offers(state: StickersState, seat: int, pending: Pending) -> tuple[Choice, ...]:
        found = moves(state, seat, pending)
        if not found:
            return ()
        base = type(found[0])(pending.source, pending.sticker)  # type: ignore[call-arg]
        return (OneOf(base, found),)

    return offers


# --- Magnet ----------------------------------------------------------------------------------


def _magnet_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Action, ...]:
    slots = first_of_each(range(len(state.market)), lambda s: state.card(state.market[s]).looks)
    return tuple(Magnet(pending.source, pending.sticker, slot) for slot in slots)


def _magnet_check(
    state: StickersState, seat: int, pending: Pending, action: EffectAction
) -> Refusal | None:
    assert isinstance(action, Magnet)
    ok = 0 <= action.slot < len(state.market)
    return None if ok else Refusal(_("There is no card in that place of the market."))


def _magnet(
    state: StickersState, seat: int, pending: Pending, action: EffectAction, events: Events
) -> StickersState:
    assert isinstance(action, Magnet)
    card = state.market[action.slot]
    events.append(Took(seat, (card,)))
    state = replace(state, market=without(state.market, (card,)))
    return set_seat(state, seat, hand=(*state.hands[seat], card))


# --- Brush -----------------------------------------------------------------------------------


def _brush_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Action, ...]:
    hand = first_of_each(sorted(state.hands[seat]), lambda card: state.card(card).looks)
    return tuple(Brush(pending.source, pending.sticker, card) for card in hand)


def _brush_check(
    state: StickersState, seat: int, pending: Pending, action: EffectAction
) -> Refusal | None:
    assert isinstance(action, Brush)
    return None if action.card in state.hands[seat] else Refusal(_("Play a card from your hand."))


def _brush(
    state: StickersState, seat: int, pending: Pending, action: EffectAction, events: Events
) -> StickersState:
    """Returns the state with the card played visible: its stickers become pending too."""
    assert isinstance(action, Brush)
    card = action.card
    state = set_seat(state, seat, hand=without(state.hands[seat], (card,)))
    state = place(state, seat, (card,))
    events.append(Played(seat, state.card(card).category.value, (card,)))
    return replace(state, pending=(*state.pending, *sticker_effects(card, state)))


# --- Arrow -----------------------------------------------------------------------------------


def _arrow_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Action, ...]:
    return tuple(Arrow(pending.source, pending.sticker, a, b) for a, b in NEIGHBOUR_PAIRS)


# --- Clover ----------------------------------------------------------------------------------


def _clover_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Action, ...]:
    return (Clover(pending.source, pending.sticker),) if can_draw(state) else ()


def _clover_check(
    state: StickersState, seat: int, pending: Pending, action: EffectAction
) -> Refusal | None:
    return None if can_draw(state) else Refusal(_("There is no card left to draw."))


def _clover(
    state: StickersState, seat: int, pending: Pending, action: EffectAction, events: Events
) -> StickersState:
    return draw_into_hand(state, seat, _CLOVER_DRAWS, events)


MAGNET_EFFECT = Effect(
    MAGNET, Magnet, _as_one_of(_magnet_moves), _magnet_moves, _magnet_check, _magnet
)
BRUSH_EFFECT = Effect(BRUSH, Brush, _as_one_of(_brush_moves), _brush_moves, _brush_check, _brush)
ARROW_EFFECT = Effect(
    ARROW, Arrow, _as_buttons(_arrow_moves), _arrow_moves, SWAP_EFFECT.check, SWAP_EFFECT.resolve
)
CLOVER_EFFECT = Effect(
    CLOVER, Clover, _as_buttons(_clover_moves), _clover_moves, _clover_check, _clover
)
