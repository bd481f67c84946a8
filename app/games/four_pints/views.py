"""What each viewer sees of a 4 Pints table: one plain, comparable value per part.

Counts stand for the decks and the removed beers: their cards and order never
leave the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.games.core.contract import Viewer
from app.games.four_pints.cards import BEER_CARDS, KIND_NAMES, BeerCard
from app.games.four_pints.payment import half_price
from app.games.four_pints.scoring import final_result, totals
from app.games.four_pints.state import FourPintsState, Phase, Pint
from app.games.four_pints.texts import CARD_TEXTS


@dataclass(frozen=True, slots=True)
class StatusView:
    """Where the game stands; `seat` is None once it is over."""

    round: int
    rounds: int
    keg: int
    seat: int | None
    phase: str
    happy_hour: int | None  # the seat with the Happy Hour card in front of it
    discounts: tuple[int, ...]  # seats whose next pint is still half price
    is_over: bool


@dataclass(frozen=True, slots=True)
class BeerView:
    """A pint on the bar; `discounted` is the viewer's half price, if they have one."""

    beer: str
    name: str
    price: int
    points: int
    discounted: int | None


@dataclass(frozen=True, slots=True)
class BarView:
    slots: tuple[BeerView | None, ...]
    deck: int
    removed: int


@dataclass(frozen=True, slots=True)
class RevealedView:
    """A card revealed this turn; `in_center` is False once spent, discarded or taken."""

    kind: str
    name: str
    value: int
    text: str  # what the card does, as its face says it
    in_center: bool


@dataclass(frozen=True, slots=True)
class PurchaseView:
    """This turn's revealed cards and the current player's money, saved card included."""

    revealed: tuple[RevealedView, ...]
    money: int
    deck: int
    discard: int


@dataclass(frozen=True, slots=True)
class PintView:
    """A pint in a game area: its printed price, and `points`, what it scores now (1 when
    spilled)."""

    beer: str
    name: str
    price: int
    points: int
    spilled: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A game area as everyone sees it. Whose turn it is and who has half price are in
    the status only: a turn change or a Happy Hour then re-sends one small part, not every
    player's area (the table marks the current player from the status, in CSS)."""

    seat: int
    pints: tuple[PintView, ...]
    saved: int | None
    drunk: int
    happy_hour: bool
    keg: bool
    score: int


@dataclass(frozen=True, slots=True)
class ScoresView:
    """Round scores so far (rounds × seats), totals, and ranks once the game is over."""

    rounds: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...] | None


def status_view(state: FourPintsState) -> StatusView:
    over = state.phase is Phase.OVER
    return StatusView(
        round=state.round,
        rounds=state.players,
        keg=state.keg,
        seat=None if over else state.seat,
        phase=state.phase.value,
        happy_hour=state.happy_hour_owner,
        discounts=tuple(sorted(state.discounts)),
        is_over=over,
    )


def bar_view(state: FourPintsState, viewer: Viewer) -> BarView:
    return BarView(
        slots=tuple(_beer_view(state, card, viewer) for card in state.bar),
        deck=len(state.beer_deck),
        removed=len(state.removed),
    )


def _beer_view(state: FourPintsState, card: BeerCard | None, viewer: Viewer) -> BeerView | None:
    if card is None:
        return None
    return _BEER_VIEWS[card.id, viewer is not None and viewer in state.discounts]


def purchase_view(state: FourPintsState) -> PurchaseView:
    revealed = tuple(
        RevealedView(
            card.kind.value,
            KIND_NAMES[card.kind],
            card.value,
            CARD_TEXTS[card.kind],
            card in state.center,
        )
        for card in state.revealed
    )
    money = 0 if state.phase is Phase.OVER else state.money
    return PurchaseView(revealed, money, len(state.purchase_deck), len(state.purchase_discard))


def players_view(state: FourPintsState) -> tuple[PlayerView, ...]:
    return tuple(
        PlayerView(
            seat=seat,
            pints=tuple(_PINT_VIEWS[pint.card.id, pint.spilled] for pint in area.pints),
            saved=area.saved.value if area.saved else None,
            drunk=len(area.drunk),
            happy_hour=area.happy_hour is not None,
            keg=seat == state.keg,
            score=area.score,
        )
        for seat, area in enumerate(state.areas)
    )


def scores_view(state: FourPintsState) -> ScoresView:
    ranks = final_result(state).ranks if state.phase is Phase.OVER else None
    return ScoresView(state.round_scores, totals(state), ranks)


# Views of single cards never change, so they are built once: the server renders
# every table part often, and a shared instance also compares equal fastest.
_PINT_VIEWS: Mapping[tuple[int, bool], PintView] = {
    (card.id, spilled): PintView(
        card.beer.value, card.spec.name, card.spec.price, Pint(card, spilled).points, spilled
    )
    for card in BEER_CARDS
    for spilled in (False, True)
}

_BEER_VIEWS: Mapping[tuple[int, bool], BeerView] = {
    (card.id, discounted): BeerView(
        card.beer.value,
        card.spec.name,
        card.spec.price,
        card.spec.points,
        half_price(card.spec.price) if discounted else None,
    )
    for card in BEER_CARDS
    for discounted in (False, True)
}
