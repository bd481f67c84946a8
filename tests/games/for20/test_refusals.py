"""Illegal moves come back as a readable refusal and change nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.games.core import Action
from app.games.for20 import GAME
from app.games.for20.actions import (
    EndTurn,
    PlayAction,
    PlayTool,
    Recycle,
    Smoke,
    TurnMaterial,
)

from .tables import Cards, refused, table, with_board


@dataclass(frozen=True, slots=True)
class _Dance(Action):
    kind: ClassVar[str] = "dance"


def test_out_of_turn_moves_are_refused() -> None:
    state = table()
    assert refused(state, EndTurn(), seat=1).text() == "It is not your turn."
    assert refused(state, EndTurn(), seat=9).text() == "It is not your turn."
    assert GAME.legal_actions(state, 1) == ()
    assert refused(state, _Dance()).text() == "That is not a move in this game."


def test_unknown_or_foreign_cards_are_refused() -> None:
    cards = Cards()
    bong, skunk, paper = cards("bong"), cards("skunk"), cards("rolling-paper")
    state = with_board(table(), 1, hand=(bong, paper), reserve=(skunk,))
    assert refused(state, PlayTool(bong)).text() == "You do not have that card."
    assert refused(state, Recycle(999)).text() == "You do not have that card."
    assert refused(state, TurnMaterial(skunk)).text() == "That material is not in your reserve."
    assert refused(state, Smoke((paper,), (skunk,))).text() == "You do not have that paper."
    assert refused(state, Smoke((999,), (skunk,))).text() == "There is no such card."
    assert refused(state, Smoke((), (skunk,))).text() == (
        "Choose a paper or a legendary tool to smoke with."
    )
    assert refused(state, Smoke((bong,), (skunk,))).text() == (
        "That legendary tool is not in your area: play it first."
    )


def test_smoke_refusals_name_the_problem() -> None:
    cards = Cards()
    paper, skunk, munchies = cards("rolling-paper"), cards("skunk"), cards("munchies")
    state = with_board(table(), 0, hand=(paper, munchies), reserve=(skunk,))
    assert refused(state, Smoke((paper,), ())).text() == (
        "Choose at least one material from your reserve."
    )
    assert refused(state, Smoke((paper,), (skunk, skunk))).text() == (
        "That smoke names the same card twice."
    )
    assert refused(state, Smoke((paper, munchies), (skunk,))).text() == (
        "Smoke with papers from your hand or one legendary tool in your area."
    )


def test_action_refusals_name_the_problem() -> None:
    cards = Cards()
    confiscate, kush, paper = cards("confiscate"), cards("kush"), cards("rolling-paper")
    state = with_board(table(coins=5), 0, hand=(confiscate, paper), reserve=(cards("skunk"),))
    state = with_board(state, 1, reserve=(kush,))
    assert refused(state, PlayAction(confiscate, 0, state.boards[0].reserve[0])).text() == (
        "That action hits an opponent, not you."
    )
    assert refused(state, PlayAction(confiscate, 1, 999)).text() == (
        "Name an opponent and a material in their reserve."
    )
    assert refused(state, PlayAction(paper)).text() == "That card is not an action."


def test_a_refusal_leaves_the_state_alone() -> None:
    state = table()
    before = state
    refused(state, EndTurn(), seat=1)
    assert state == before
