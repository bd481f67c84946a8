"""Every event reads as a plain English line in the log."""

from __future__ import annotations

import pytest

from app.games.core import Event
from app.games.stellar import GAME
from app.games.stellar import events as ev
from app.games.stellar.texts import card_name, describe

NAMES = ("Ann", "Bob")
PLANET_1 = 1  # Planet 1 ★★★
MOON_START = 44  # Moon 3 ★, a starting card
CLOUD_SIX_ZERO = 32
SATELLITE = 55


def test_card_names() -> None:
    assert card_name(PLANET_1) == "Planet 1 ★★★"
    assert card_name(9) == "Planet 5"
    assert card_name(MOON_START) == "Moon 3 ★"
    assert card_name(CLOUD_SIX_ZERO) == "Interstellar Cloud 6/0"
    assert card_name(SATELLITE) == "Satellite"


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (ev.StartChosen(1), "Bob has placed their starting cards."),
        (
            ev.StartShown(0, MOON_START, 3, 0),
            "Ann starts with Moon 3 ★ in the telescope (space 4) and Planet 3 ★ in the notebook.",
        ),
        (ev.TurnStarted(4, 1), "Round 4: it is Bob's turn."),
        (ev.Taken(0, 2, PLANET_1), "Ann took Planet 1 ★★★ from row slot 2."),
        (ev.RowCleared(1, 4), "Bob cleared the row: its 4 cards are shuffled into the deck."),
        (ev.RowKept(1), "Bob kept the row as it is."),
        (
            ev.DeckDrawn(0, 3),
            "Row slot 3 is empty: Ann's second card is the top of the deck.",
        ),
        (
            ev.DeckDrawn(0, None),
            "A 6/0 card has no row slot: Ann's second card is the top of the deck.",
        ),
        (
            ev.ToTelescope(1, SATELLITE, 6, "row"),
            "Bob put Satellite in their telescope (space 7).",
        ),
        (
            ev.FaceDown(0, 9, "hand"),
            "Ann could not place a card face up: it lies face down on space 10"
            " and counts 3, with no type and no stars.",
        ),
        (
            ev.FaceDownSecret(0, 9, PLANET_1, seen_by=frozenset({0})),
            "Only you see it: the face-down card on space 10 is Planet 1 ★★★.",
        ),
        (ev.ToNotebook(0, PLANET_1, "planet", "deck"), "Ann put Planet 1 ★★★ in their notebook."),
        (
            ev.ToNotebook(1, SATELLITE, "black-hole", "hand"),
            "Bob put a Satellite in their notebook, on the Black Hole stack.",
        ),
        (ev.RowRefilled(5, CLOUD_SIX_ZERO), "Interstellar Cloud 6/0 comes to row slot 5."),
        (ev.SatelliteMoved(0, SATELLITE, "moon"), "Ann moved a Satellite to the Moon stack."),
        (
            ev.SixZeroSet(1, CLOUD_SIX_ZERO, 0),
            "Bob counts their Interstellar Cloud 6/0 as 0.",
        ),
        (
            ev.FinalStarted(),
            "Eleven rounds are over: each player adds one last hand card to their notebook.",
        ),
        (ev.Discarded(1), "Bob discarded their other card."),
        (ev.Confirmed(0), "Ann has confirmed their notebook."),
        (ev.GameEnded((57, 50), (0,)), "The game is over: Ann wins with 57 points."),
        (
            ev.GameEnded((50, 50), (0, 1)),
            "The game is over: Ann and Bob share the win with 50 points.",
        ),
    ],
)
def test_describe(event: Event, line: str) -> None:
    assert describe(event, NAMES) == line
    assert GAME.describe(event, NAMES) == line


def test_every_event_type_has_words() -> None:
    from app.games.stellar.texts import _DESCRIBERS

    declared = {
        value
        for value in vars(ev).values()
        if isinstance(value, type) and issubclass(value, Event) and value is not Event
    }
    assert declared == set(_DESCRIBERS)
