"""Speedy Pickers events in plain words for the log, and the powers' texts: every message is
marked for translation."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from app.games.core.i18n import Joined, _
from app.games.core.outcome import Event, Revealed
from app.games.speedy_pickers.cards import CARDS, CATEGORY_NAMES, POWER_NAMES, Kind, Power
from app.games.speedy_pickers.events import (
    Bought,
    CardsDrawn,
    Checked,
    ExtraMagnifierSpent,
    GameEnded,
    Marked,
    Passed,
    PowerPlayed,
    PrepareOpened,
    ReadyForSearch,
    SaleStarted,
    SearchEnded,
    SearchStarted,
    Stopped,
    TilesDrawn,
    TokenGiven,
    TookBack,
    TurnEnded,
    TurnStarted,
)
from app.games.speedy_pickers.objects import BY_KEY

if TYPE_CHECKING:
    from app.games.speedy_pickers.state import SpeedyState


Names = Sequence[str]

POWER_TEXTS: Mapping[Power, str] = {
    Power.CLOTH: _(
        "Before the search, choose an opponent: a cloth lands on their scene for this turn,"
        " where chance throws it."
    ),
    Power.UPSIDE_DOWN: _("Before the search, choose an opponent: their scene is turned 180°."),
    Power.STANDING: _(
        "Before the search, choose an opponent: they search standing, leaning in is no use —"
        " their scene comes at low resolution this turn, so zooming shows no more detail."
    ),
    Power.RESERVED: _(
        "Before the search, take a tile from the centre: only you may find it. Found, it is"
        " yours; otherwise it goes back into the bag."
    ),
    Power.DOUBLE_DOSE: _(
        "On your turn in the selling phase: for the rest of that sale you may buy up to 2"
        " cards on each of your turns."
    ),
    Power.EXTRA_MAGNIFIER: _(
        "Before the search: take a 4th magnifier. Keep it until it wins you a 4th object"
        " in one search (3+1)."
    ),
}

_REASONS: Mapping[str, str] = {
    "time": _("Time is up!"),
    "found": _("Every object is claimed or every magnifier placed."),
    "stopped": _("Everyone has stopped searching."),
}


def describe(event: Event, names: Names) -> str:
    """Returns one log line for an event, with seats written as player names."""
    describer = _DESCRIBERS.get(type(event))
    return describer(event, names) if describer else type(event).__name__


def _objects(keys: Sequence[str]) -> str:
    return Joined(", ", (BY_KEY[key].name for key in keys)) if keys else _("none")


def _card(card_id: int) -> str:
    card = CARDS[card_id]
    if card.kind is Kind.ACTION:
        assert card.power is not None
        return _("{power} ({euros} €)").format(power=POWER_NAMES[card.power], euros=card.euros)
    assert card.category is not None
    return _("{category} collector for {objects} ({euros} €)").format(
        category=CATEGORY_NAMES[card.category], objects=card.objects, euros=card.euros
    )


def _turn_started(event: Any, names: Names) -> str:
    return _("Turn {turn} of 5 begins.").format(turn=event.turn)


def _tiles_drawn(event: Any, names: Names) -> str:
    return _("Tiles read aloud: {objects}.").format(objects=_objects(event.tiles))


def _cards_drawn(event: Any, names: Names) -> str:
    cards = Joined(", ", (_card(card) for card in event.cards)) if event.cards else _("none")
    return _("Cards put on display: {cards}.").format(cards=cards)


def _powers_opened(event: Any, names: Names) -> str:
    if event.powers:
        return _(
            "Get ready: Action cards may be played now. The search starts when all are ready,"
            " or in {seconds} s."
        ).format(seconds=event.seconds)
    return _("Get ready: the search starts when all are ready, or in {seconds} s.").format(
        seconds=event.seconds
    )


def _search_started(event: Any, names: Names) -> str:
    return _("Turn your scenes over: the sand timer runs for {seconds} s!").format(
        seconds=event.seconds
    )


def _power_played(event: Any, names: Names) -> str:
    power = Power(event.power)
    name = names[event.seat]
    if event.target >= 0:
        return _("{name} plays {power} on {target}.").format(
            name=name, power=POWER_NAMES[power], target=names[event.target]
        )
    if event.tile:
        return _("{name} reserves the {object}.").format(name=name, object=BY_KEY[event.tile].name)
    return _("{name} plays {power}.").format(name=name, power=POWER_NAMES[power])


def _ready(event: Any, names: Names) -> str:
    return _("{name} is ready to search.").format(name=names[event.seat])


def _marked(event: Any, names: Names) -> str:
    return _("{name} claims the {object}!").format(
        name=names[event.seat], object=BY_KEY[event.tile].name
    )


def _took_back(event: Any, names: Names) -> str:
    return _("{name} takes back the magnifier from the {object}.").format(
        name=names[event.seat], object=BY_KEY[event.tile].name
    )


def _stopped(event: Any, names: Names) -> str:
    if event.last_magnifier:
        return _("{name} placed their last magnifier and takes token {token}.").format(
            name=names[event.seat], token=event.token
        )
    return _("{name} stops searching and takes token {token}.").format(
        name=names[event.seat], token=event.token
    )


def _search_ended(event: Any, names: Names) -> str:
    return _("The search of turn {turn} is over. {reason}").format(
        turn=event.turn, reason=_REASONS.get(event.reason, "")
    )


def _checked(event: Any, names: Names) -> str:
    """Says what a seat's marks found; a part that is none goes unsaid (the line is in every
    search's end, for every seat)."""
    name = names[event.seat]
    text: str
    if event.wrong:
        text = _("{name} found: {right}. Wrong, face down: {wrong}.").format(
            name=name, right=_objects(event.right), wrong=_objects(event.wrong)
        )
    elif event.right:
        text = _("{name} found: {right}.").format(name=name, right=_objects(event.right))
    else:
        text = _("{name} found nothing.").format(name=name)
    if event.returned:
        back = _("Back into the bag: {objects}.").format(objects=_objects(event.returned))
        text = Joined(" ", (text, back))
    return text


def _token_given(event: Any, names: Names) -> str:
    return _("{name} gets token {token}.").format(name=names[event.seat], token=event.token)


def _extra_spent(event: Any, names: Names) -> str:
    return _("{name}'s extra magnifier won a 4th object and is given back.").format(
        name=names[event.seat]
    )


def _sale_started(event: Any, names: Names) -> str:
    order = ", ".join(names[seat] for seat in event.order)
    return _("The sale begins, in token order: {order}.").format(order=order)


def _bought(event: Any, names: Names) -> str:
    return _("{name} buys {card} with {objects}.").format(
        name=names[event.seat], card=_card(event.card), objects=_objects(event.paid)
    )


def _passed(event: Any, names: Names) -> str:
    if event.forced:
        return _("{name} can pay for no card and passes.").format(name=names[event.seat])
    return _("{name} passes for good.").format(name=names[event.seat])


def _totals(totals: Sequence[int], names: Names) -> str:
    return ", ".join(f"{names[seat]} {total}" for seat, total in enumerate(totals))


def _turn_ended(event: Any, names: Names) -> str:
    return _("Turn {turn} is over. Scores: {totals}.").format(
        turn=event.turn, totals=_totals(event.totals, names)
    )


def _game_ended(event: Any, names: Names) -> str:
    winners = ", ".join(names[seat] for seat in event.winners)
    # The turn's end, just before, says the scores.
    return _("The game is over. Winner: {winners}.").format(winners=winners)


_DESCRIBERS: Mapping[type[Event], Callable[[Any, Names], str]] = {
    TurnStarted: _turn_started,
    TilesDrawn: _tiles_drawn,
    CardsDrawn: _cards_drawn,
    PrepareOpened: _powers_opened,
    SearchStarted: _search_started,
    PowerPlayed: _power_played,
    ReadyForSearch: _ready,
    Marked: _marked,
    TookBack: _took_back,
    Stopped: _stopped,
    SearchEnded: _search_ended,
    Checked: _checked,
    TokenGiven: _token_given,
    ExtraMagnifierSpent: _extra_spent,
    SaleStarted: _sale_started,
    Bought: _bought,
    Passed: _passed,
    TurnEnded: _turn_ended,
    GameEnded: _game_ended,
}


def revealed(state: SpeedyState) -> tuple[Revealed, ...]:
    """Returns what nobody saw: the tiles in the bag, the Transaction deck, and the search's
    answers: what lay under each player's marks."""
    marks = tuple(
        _("{name}'s mark for the {object}: {found}").format(
            name=_("Seat {n}").format(n=seat + 1),
            object=BY_KEY[mark.tile].name,
            found=BY_KEY[mark.hit].name if mark.hit in BY_KEY else _("nothing"),
        )
        for seat, player in enumerate(state.seats)
        for mark in player.marks
    )
    return (
        Revealed(_("Under the marks"), marks),
        Revealed(_("The tiles in the bag"), tuple(BY_KEY[key].name for key in state.bag)),
        Revealed(_("The Transaction deck"), tuple(_card(card) for card in state.deck)),
    )
