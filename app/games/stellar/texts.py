"""Stellar events in plain words for the log: every message is marked for translation.

Spaces are numbered 1-12 for people (as the table shows them); the engine counts from 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from app.games.core.i18n import Joined, _
from app.games.core.outcome import Event, Revealed
from app.games.core.texts import game_over
from app.games.stellar.cards import CARDS, SUIT_NAMES, Suit
from app.games.stellar.events import (
    Confirmed,
    DeckDrawn,
    Discarded,
    FaceDown,
    FaceDownSecret,
    FinalStarted,
    GameEnded,
    RowCleared,
    RowKept,
    RowRefilled,
    SatelliteMoved,
    SixZeroSet,
    StartChosen,
    StartShown,
    Taken,
    ToNotebook,
    ToTelescope,
    TurnStarted,
)

if TYPE_CHECKING:
    from app.games.stellar.state import StellarState


Names = Sequence[str]

_STAR = "★"


def describe(event: Event, names: Names) -> str:
    """Returns one log line for an event, with seats written as player names."""
    describer = _DESCRIBERS.get(type(event))
    return describer(event, names) if describer else type(event).__name__


def card_name(card_id: int) -> str:
    """Returns a card as the log writes it: "Moon 1 ★★★", "Planet 6/0", "Satellite"."""
    card = CARDS[card_id]
    if card.suit is None:
        return card.name
    if card.is_six_zero:
        return _("{suit} 6/0").format(suit=card.name)
    text = _("{suit} {value}").format(suit=card.name, value=card.value)
    return Joined(" ", (text, _STAR * card.stars)) if card.stars else text


def _stack(suit: str) -> str:
    return SUIT_NAMES[Suit(suit)]


def _start_chosen(event: Any, names: Names) -> str:
    return _("{name} has placed their starting cards.").format(name=names[event.seat])


def _start_shown(event: Any, names: Names) -> str:
    return _(
        "{name} starts with {card} in the telescope (space {space}) and {other} in the notebook."
    ).format(
        name=names[event.seat],
        card=card_name(event.telescope),
        space=event.space + 1,
        other=card_name(event.notebook),
    )


def _turn_started(event: Any, names: Names) -> str:
    return _("Round {round}: it is {name}'s turn.").format(
        round=event.round, name=names[event.seat]
    )


def _taken(event: Any, names: Names) -> str:
    return _("{name} took {card} from row slot {slot}.").format(
        name=names[event.seat], card=card_name(event.card), slot=event.slot
    )


def _row_cleared(event: Any, names: Names) -> str:
    return _("{name} cleared the row: its {cards} cards are shuffled into the deck.").format(
        name=names[event.seat], cards=event.cards
    )


def _row_kept(event: Any, names: Names) -> str:
    return _("{name} kept the row as it is.").format(name=names[event.seat])


def _deck_drawn(event: Any, names: Names) -> str:
    if event.value is None:
        return _("A 6/0 card has no row slot: {name}'s second card is the top of the deck.").format(
            name=names[event.seat]
        )
    return _("Row slot {slot} is empty: {name}'s second card is the top of the deck.").format(
        slot=event.value, name=names[event.seat]
    )


def _to_telescope(event: Any, names: Names) -> str:
    return _("{name} put {card} in their telescope (space {space}).").format(
        name=names[event.seat], card=card_name(event.card), space=event.space + 1
    )


def _face_down(event: Any, names: Names) -> str:
    return _(
        "{name} could not place a card face up: it lies face down on space {space}"
        " and counts 3, with no type and no stars."
    ).format(name=names[event.seat], space=event.space + 1)


def _face_down_secret(event: Any, names: Names) -> str:
    return _("Only you see it: the face-down card on space {space} is {card}.").format(
        space=event.space + 1, card=card_name(event.card)
    )


def _to_notebook(event: Any, names: Names) -> str:
    if CARDS[event.card].is_satellite:
        return _("{name} put a Satellite in their notebook, on the {stack} stack.").format(
            name=names[event.seat], stack=_stack(event.stack)
        )
    return _("{name} put {card} in their notebook.").format(
        name=names[event.seat], card=card_name(event.card)
    )


def _row_refilled(event: Any, names: Names) -> str:
    return _("{card} comes to row slot {slot}.").format(card=card_name(event.card), slot=event.slot)


def _satellite_moved(event: Any, names: Names) -> str:
    return _("{name} moved a Satellite to the {stack} stack.").format(
        name=names[event.seat], stack=_stack(event.stack)
    )


def _six_zero_set(event: Any, names: Names) -> str:
    return _("{name} counts their {card} as {value}.").format(
        name=names[event.seat], card=card_name(event.card), value=event.value
    )


def _final_started(event: Any, names: Names) -> str:
    return _("Eleven rounds are over: each player adds one last hand card to their notebook.")


def _discarded(event: Any, names: Names) -> str:
    return _("{name} discarded their other card.").format(name=names[event.seat])


def _confirmed(event: Any, names: Names) -> str:
    return _("{name} has confirmed their notebook.").format(name=names[event.seat])


def _game_ended(event: Any, names: Names) -> str:
    return game_over(event.winners, event.totals[event.winners[0]], names)


_DESCRIBERS: Mapping[type[Event], Callable[[Any, Names], str]] = {
    StartChosen: _start_chosen,
    StartShown: _start_shown,
    TurnStarted: _turn_started,
    Taken: _taken,
    RowCleared: _row_cleared,
    RowKept: _row_kept,
    DeckDrawn: _deck_drawn,
    ToTelescope: _to_telescope,
    FaceDown: _face_down,
    FaceDownSecret: _face_down_secret,
    ToNotebook: _to_notebook,
    RowRefilled: _row_refilled,
    SatelliteMoved: _satellite_moved,
    SixZeroSet: _six_zero_set,
    FinalStarted: _final_started,
    Discarded: _discarded,
    Confirmed: _confirmed,
    GameEnded: _game_ended,
}


def revealed(state: StellarState) -> tuple[Revealed, ...]:
    """Returns what nobody saw: the deck, in the order it is drawn from."""
    return (Revealed(_("The deck"), tuple(card_name(card.id) for card in state.deck)),)
