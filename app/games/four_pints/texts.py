"""4 Pints events in plain words for the log, and the Purchase cards' texts: every message is
marked for translation."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from app.games.core.i18n import Joined, _
from app.games.core.outcome import Event, Revealed
from app.games.core.texts import game_over
from app.games.four_pints.cards import KIND_NAMES, SPECS, Beer, Kind
from app.games.four_pints.events import (
    BarRefilled,
    Bought,
    CardRevealed,
    DrunkEffect,
    DrunkSobered,
    GameEnded,
    HappyHourEnded,
    HappyHourStarted,
    MoneyDiscarded,
    NothingToSpill,
    Passed,
    PintSpilled,
    PurchaseReshuffled,
    RoundEnded,
    RoundStarted,
    Saved,
    TurnStarted,
)

if TYPE_CHECKING:
    from app.games.four_pints.state import FourPintsState


Names = Sequence[str]

CARD_TEXTS: Mapping[Kind, str] = {
    Kind.MONEY: _("Adds its value to this turn's money; one left unspent may be saved."),
    Kind.DRUNK: _(
        "Into your area. Holding 1: discard a Money card; 2: spill one of your pints;"
        " 3: lose all your Money and your turn."
    ),
    Kind.ELBOWING: _("Spill a pint of an opponent of your choice."),
    Kind.SLIP: _("Spill one of your own pints."),
    Kind.HAPPY_HOUR: _("Everyone's next pint, yours first, is half price until your next turn."),
}
"""What each Purchase card does, as its face says it."""

_SPILLS: Mapping[tuple[str, bool], str] = {
    ("elbowing", False): _("{name} elbowed {owner}: {owner}'s {beer} is spilled."),
    ("elbowing", True): _("{name} elbowed {owner}: {owner}'s spilled {beer} is lost."),
    ("slip", False): _("{name} slipped: their {beer} is spilled."),
    ("slip", True): _("{name} slipped: their spilled {beer} is lost."),
    ("drunk", False): _("{name} is drunk and spills their {beer}."),
    ("drunk", True): _("{name} is drunk and loses their spilled {beer}."),
}

_NOTHING_TO_SPILL: Mapping[str, str] = {
    "elbowing": _("Nobody has a pint for {name} to elbow."),
    "slip": _("{name} slipped, but has no pint to spill."),
    "drunk": _("{name} is drunk, but has no pint to spill."),
}

_DRUNK_EFFECTS: Mapping[int, str] = {
    1: _("{name} has 1 Drunk card and must discard a Money card."),
    2: _("{name} has 2 Drunk cards and must spill one of their pints."),
    3: _("{name} has 3 Drunk cards: all their Money is discarded and their turn ends."),
}


def describe(event: Event, names: Names) -> str:
    """Returns one log line for an event, with seats written as player names."""
    describer = _DESCRIBERS.get(type(event))
    return describer(event, names) if describer else type(event).__name__


def _beer(beer: str) -> str:
    return SPECS[Beer(beer)].name


def _pounds(values: Sequence[int]) -> str:
    return Joined(", ", (_("£{value}").format(value=value) for value in values))


def _round_started(event: Any, names: Names) -> str:
    return _("Round {round} begins: {name} has the Keg and plays first.").format(
        round=event.round, name=names[event.keg]
    )


def _turn_started(event: Any, names: Names) -> str:
    return _("It is {name}'s turn.").format(name=names[event.seat])


def _drunk_sobered(event: Any, names: Names) -> str:
    return _("{name} discards a Drunk card ({left} left).").format(
        name=names[event.seat], left=event.left
    )


def _happy_hour_ended(event: Any, names: Names) -> str:
    return _("Happy Hour is over: {name} discards it.").format(name=names[event.seat])


def _reshuffled(event: Any, names: Names) -> str:
    return _("The Purchase deck ran out: {cards} discarded cards make a new deck.").format(
        cards=event.cards
    )


def _revealed(event: Any, names: Names) -> str:
    if event.kind == Kind.MONEY:
        return _("{name} revealed £{value}.").format(name=names[event.seat], value=event.value)
    return _("{name} revealed {card}.").format(
        name=names[event.seat], card=KIND_NAMES[Kind(event.kind)]
    )


def _spilled(event: Any, names: Names) -> str:
    return _SPILLS[(event.cause, event.discarded)].format(
        name=names[event.seat], owner=names[event.owner], beer=_beer(event.beer)
    )


def _nothing_to_spill(event: Any, names: Names) -> str:
    return _NOTHING_TO_SPILL[event.cause].format(name=names[event.seat])


def _drunk_effect(event: Any, names: Names) -> str:
    return _DRUNK_EFFECTS[min(event.count, 3)].format(name=names[event.seat])


def _money_discarded(event: Any, names: Names) -> str:
    if not event.values:
        return _("{name} has no Money to discard.").format(name=names[event.seat])
    return _("{name} discarded {money}.").format(
        name=names[event.seat], money=_pounds(event.values)
    )


def _happy_hour_started(event: Any, names: Names) -> str:
    return _("Happy Hour! Starting with {name}, everyone's next pint is half price.").format(
        name=names[event.seat]
    )


def _bought(event: Any, names: Names) -> str:
    text = (
        _("{name} bought a pint of {beer} at Happy Hour price: £{price}, paying {money}.")
        if event.discounted
        else _("{name} bought a pint of {beer} for £{price}, paying {money}.")
    )
    return text.format(
        name=names[event.seat], beer=_beer(event.beer), price=event.price, money=_pounds(event.paid)
    )


def _bar_refilled(event: Any, names: Names) -> str:
    return _("A pint of {beer} comes to the bar.").format(beer=_beer(event.beer))


def _passed(event: Any, names: Names) -> str:
    return _("{name} passed.").format(name=names[event.seat])


def _saved(event: Any, names: Names) -> str:
    if event.replaced is None:
        return _("{name} saved £{value}.").format(name=names[event.seat], value=event.value)
    return _("{name} saved £{value} and discarded the £{old} saved before.").format(
        name=names[event.seat], value=event.value, old=event.replaced
    )


def _round_ended(event: Any, names: Names) -> str:
    scores = Joined(
        ", ",
        (
            _("{name} {points}").format(name=names[seat], points=points)
            for seat, points in enumerate(event.scores)
        ),
    )
    return _("Round {round} ends. Scores: {scores}.").format(round=event.round, scores=scores)


def _game_ended(event: Any, names: Names) -> str:
    return game_over(event.winners, event.totals[event.winners[0]], names)


_DESCRIBERS: Mapping[type[Event], Callable[[Any, Names], str]] = {
    RoundStarted: _round_started,
    TurnStarted: _turn_started,
    DrunkSobered: _drunk_sobered,
    HappyHourEnded: _happy_hour_ended,
    PurchaseReshuffled: _reshuffled,
    CardRevealed: _revealed,
    PintSpilled: _spilled,
    NothingToSpill: _nothing_to_spill,
    DrunkEffect: _drunk_effect,
    MoneyDiscarded: _money_discarded,
    HappyHourStarted: _happy_hour_started,
    Bought: _bought,
    BarRefilled: _bar_refilled,
    Passed: _passed,
    Saved: _saved,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}


def revealed(state: FourPintsState) -> tuple[Revealed, ...]:
    """Returns what nobody saw: the decks in the order they are drawn from, the removed beers."""
    purchases = tuple(
        _("£{value}").format(value=card.value) if card.is_money else KIND_NAMES[card.kind]
        for card in state.purchase_deck
    )
    return (
        Revealed(_("The beer deck"), tuple(card.spec.name for card in state.beer_deck)),
        Revealed(_("The beers removed"), tuple(card.spec.name for card in state.removed)),
        Revealed(_("The purchase deck"), purchases),
    )
