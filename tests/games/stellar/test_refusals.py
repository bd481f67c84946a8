"""Illegal moves come back as a readable refusal and change nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core import CLOCK, Action, Refusal
from app.games.stellar import GAME
from app.games.stellar.actions import (
    Clear,
    Done,
    Keep,
    MoveSatellite,
    Place,
    PlayNotebook,
    PlayTelescope,
    SetSixZero,
    Start,
    Take,
)
from app.games.stellar.cards import Suit
from app.games.stellar.state import Phase, StellarState

from .tables import Cards, play, refused, row, table, with_board


@dataclass(frozen=True, slots=True)
class _Dance(Action):
    kind: ClassVar[str] = "dance"


def _turn() -> tuple[Cards, StellarState]:
    cards = Cards()
    state = table(row=row(cards.card(Suit.MOON, 1), None, *cards.filler(3)), deck=cards.filler(4))
    return cards, with_board(state, 0, hand=(cards.card(Suit.PLANET, 1), cards.filler(1)[0]))


def test_out_of_turn_action_refused_with_reason() -> None:
    _cards, state = _turn()
    assert refused(state, Take(1), seat=1).reason == "It is not your turn."
    assert GAME.legal_actions(state, 1) == ()


def test_the_clock_seat_has_no_moves() -> None:
    _cards, state = _turn()
    assert GAME.legal_actions(state, CLOCK) == ()
    assert refused(state, Take(1), seat=CLOCK).reason == "It is not your turn."
    setup = GAME.setup(2, {}, 1)
    assert refused(setup, Start(0, 0), seat=CLOCK).reason == "It is not your turn."


def test_unknown_action_refused() -> None:
    _cards, state = _turn()
    assert refused(state, _Dance()).reason == "That is not a move in this game."


def test_wrong_phase_says_what_to_do_first() -> None:
    _cards, state = _turn()
    assert refused(state, Place(0)).reason == "First take a card from the row."
    assert refused(state, Done()).reason == "First take a card from the row."
    assert refused(state, Clear()).reason == "First take a card from the row."
    setup = GAME.setup(2, {}, 1)
    assert refused(setup, Take(1), seat=0).reason == "First place your starting cards."
    final = table(phase=Phase.FINAL)
    assert refused(final, Keep(), seat=0).reason == (
        "Add a hand card to your notebook, then confirm."
    )


def test_empty_or_missing_row_slot() -> None:
    _cards, state = _turn()
    assert refused(state, Take(2)).text() == "Row slot 2 is empty."
    assert refused(state, Take(0)).reason == "The row has slots 1 to 5."
    assert refused(state, Take(6)).reason == "The row has slots 1 to 5."


def test_unknown_card_refused() -> None:
    _cards, state = _turn()
    state = play(state, Take(1))
    for card in (-1, 999, state.row[2].id):
        assert refused(state, PlayNotebook(card)).reason == "You do not have that card."
        assert refused(state, PlayTelescope(card, 0)).reason == "You do not have that card."
    assert refused(state, MoveSatellite(card, "moon")).reason == (
        "That is not a satellite in your notebook."
    )


def test_illegal_space_for_the_second_card() -> None:
    _cards, state = _turn()
    planet1 = state.boards[0].hand[0]
    state = play(state, Take(3), PlayNotebook(planet1.id))
    assert state.phase is Phase.PLACE
    assert refused(state, Place(12)).reason == "There is no such space in the telescope."
    assert refused(state, Place(3, face_down=True)).reason == (
        "That card can go face up, so it may not go face down."
    )
    assert refused(state, PlayNotebook(state.boards[0].hand[0].id)).reason == (
        "First put the second card into your telescope."
    )


def test_codec_refuses_unknown_kind_and_bad_fields() -> None:
    assert isinstance(GAME.codec.decode({"kind": "dance"}), Refusal)
    assert isinstance(GAME.codec.decode({"kind": "take"}), Refusal)
    assert isinstance(GAME.codec.decode({"kind": "take", "slot": "two"}), Refusal)
    assert isinstance(GAME.codec.decode({"kind": "telescope", "card": 1, "space": [1]}), Refusal)
    assert GAME.codec.decode({"kind": "take", "slot": "2"}) == Take(2)
    payload = {"kind": "telescope", "card": 7, "space": 3, "face_down": True}
    assert GAME.codec.decode(payload) == PlayTelescope(7, 3, True)
    assert PlayTelescope(7, 3, True).to_json() == payload
    assert GAME.codec.decode({"kind": "telescope", "card": 7, "space": 3}) == PlayTelescope(7, 3)
    assert GAME.codec.decode({"kind": "six_zero", "card": 1, "value": 0}) == SetSixZero(1, 0)
    assert GAME.codec.kinds == {
        "start", "take", "clear", "keep", "telescope", "notebook", "place", "move", "six_zero",
        "done",
    }  # fmt: skip


def test_actions_after_game_over_refused() -> None:
    state = table(phase=Phase.OVER, round=11)
    assert GAME.legal_actions(state, 0) == ()
    assert refused(state, Done(), seat=0).reason == "The game is over."
