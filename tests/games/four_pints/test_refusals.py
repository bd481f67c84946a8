"""Illegal moves come back as a readable refusal and change nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core import CLOCK, Action, Refusal
from app.games.four_pints import GAME
from app.games.four_pints.actions import Buy, Elbow, Pass, Reveal, Save
from app.games.four_pints.state import Phase

from .tables import refused, table


@dataclass(frozen=True, slots=True)
class _Dance(Action):
    kind: ClassVar[str] = "dance"


def test_out_of_turn_action_refused_with_reason_and_state_unchanged() -> None:
    state = GAME.setup(3, {}, seed=4)
    other = (state.seat + 1) % 3
    before = state
    assert refused(state, Reveal(), seat=other).reason == "It is not your turn."
    assert state == before


def test_another_seat_has_no_legal_actions() -> None:
    state = GAME.setup(4, {}, seed=4)
    for seat in range(4):
        if seat != state.seat:
            assert GAME.legal_actions(state, seat) == ()
    assert GAME.legal_actions(state, CLOCK) == ()
    assert refused(state, Reveal(), seat=CLOCK).reason == "It is not your turn."


def test_unknown_action_refused() -> None:
    state = GAME.setup(2, {}, seed=4)
    assert refused(state, _Dance()).reason == "That is not a move in this game."


def test_codec_refuses_unknown_kind_and_bad_fields() -> None:
    assert isinstance(GAME.codec.decode({"kind": "dance"}), Refusal)
    assert isinstance(GAME.codec.decode({"kind": "buy"}), Refusal)
    assert isinstance(GAME.codec.decode({"kind": "buy", "slot": "two"}), Refusal)
    assert GAME.codec.decode({"kind": "buy", "slot": "2"}) == Buy(2)
    payload = {"kind": "elbow", "target": 1, "beer": "ipa"}
    assert GAME.codec.decode(payload) == Elbow(1, "ipa") and Elbow(1, "ipa").to_json() == payload


def test_nonsense_choices_are_refused_not_raised() -> None:
    state = GAME.setup(2, {}, seed=4)
    for action in (Buy(-1), Buy(99), Save(7)):
        assert isinstance(GAME.apply(state, state.seat, action), Refusal)


def test_actions_after_game_over_refused() -> None:
    state = table(phase=Phase.OVER, round=2, round_scores=((1, 2), (3, 4)))
    assert GAME.legal_actions(state, 0) == ()
    assert refused(state, Pass()).reason == "The game is over."
