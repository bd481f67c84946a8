"""The rulebook's FAQ, one test per answer (the end-of-game answers are in test_end.py)."""

from __future__ import annotations

from app.games.for20 import GAME
from app.games.for20.actions import (
    Answer,
    EndTurn,
    Pass,
    PlayAction,
    PlayTool,
    Recycle,
    Smoke,
    TurnMaterial,
)
from app.games.for20.cards import OUT_OF_TURN
from app.games.for20.state import Phase

from .tables import Cards, play, refused, table, with_board


def test_faq_as_many_moves_as_cards_and_coins_allow_but_one_new_tool() -> None:
    cards = Cards()
    bong, pipe, paper = cards("bong"), cards("pipe"), cards("rolling-paper")
    haze, skunk, afghan, homegrown = (
        cards("haze"),
        cards("skunk"),
        cards("afghan"),
        cards("homegrown"),
    )
    munchies = cards.many("munchies", 2)
    state = with_board(
        table(game_deck=cards.many("blunt", 3)),
        0,
        hand=(paper, *munchies, cards("pass-it")),
        area=(bong, pipe),
        reserve=(haze, skunk, afghan, homegrown),
    )
    state = play(
        state,
        Smoke((bong,), (haze,)),  # legendaries already in the area: as often as they allow
        Smoke((pipe,), (afghan,)),
        Smoke((bong,), (skunk,)),
        Smoke((paper,), (homegrown,)),  # the one new tool from the hand this turn
        PlayAction(munchies[0]),  # the Pipe gave a coin
        Recycle(munchies[1]),
        Recycle(state.boards[0].hand[-1]),  # the Pass It!
    )
    assert state.boards[0].smoked[-1] == homegrown and state.coins == 2
    drawn = state.boards[0].hand[0]  # a Blunt from the Munchies
    assert refused(state, PlayTool(drawn)).text() == (
        "Only a legendary tool goes into your area; papers are smoked."
    )


def test_faq_a_paper_smoke_uses_the_turns_new_tool() -> None:
    cards = Cards()
    paper, bong, skunk = cards("rolling-paper"), cards("bong"), cards("skunk")
    state = with_board(table(), 0, hand=(paper, bong), reserve=(skunk,))
    state = play(state, Smoke((paper,), (skunk,)))
    assert refused(state, PlayTool(bong)).text() == (
        "You have already used a new tool from your hand this turn."
    )


def test_faq_several_materials_must_fit_the_tool_type() -> None:
    cards = Cards()
    paper, king, afghan, kief = (
        cards("rolling-paper"),
        cards("king-size"),
        cards("afghan"),
        cards("kief"),
    )
    cone = cards("hash-cone")
    state = with_board(table(), 0, hand=(paper, king, cone), reserve=(afghan, kief))
    assert refused(state, Smoke((paper,), (afghan,))).text() == (
        "Afghan does not fit Rolling Paper."
    )
    assert Smoke((paper,), (kief,)) in GAME.legal_actions(state, 0)  # Special fits any tool
    assert Smoke((king,), (afghan,)) in GAME.legal_actions(state, 0)  # a combo tool takes hash
    assert Smoke((cone,), (afghan, kief)) in GAME.legal_actions(state, 0)
    # Combined papers add ranges; every material must fit both papers.
    assert Smoke((paper, cone), (afghan,)) not in GAME.legal_actions(state, 0)
    assert Smoke((king, cone), (afghan, kief)) in GAME.legal_actions(state, 0)


def test_faq_a_turned_material_is_locked_then_straight_for_the_next_turn() -> None:
    cards = Cards()
    bong, haze = cards("bong"), cards("haze")
    state = with_board(table(), 0, area=(bong,), reserve=(haze,))
    state = play(state, TurnMaterial(haze))
    assert Smoke((bong,), (haze,)) not in GAME.legal_actions(state, 0)
    state = play(state, EndTurn(), EndTurn())
    assert state.seat == 0 and Smoke((bong,), (haze,)) in GAME.legal_actions(state, 0)


def test_faq_out_of_turn_cards_as_many_as_you_can_pay_for() -> None:
    cards = Cards()
    paper, skunk, confiscate, kush = (
        cards("rolling-paper"),
        cards("skunk"),
        cards("confiscate"),
        cards("kush"),
    )
    state = with_board(table(coins=2), 0, hand=(paper, confiscate), reserve=(skunk,))
    bob = (cards("short-memory"), cards("drug-test"), *cards.many("munchies", 2))
    state = with_board(state, 1, hand=bob, reserve=(kush,))
    state = play(state, PlayAction(confiscate, 1, kush))
    state = play(state, Answer(bob[0], 0, (bob[2],)), seat=1)  # Short Memory on the attack
    state = play(state, Smoke((paper,), (skunk,)))
    state = play(state, Answer(bob[1], 0, (bob[3],)), seat=1)  # Bob's second card this turn
    assert state.phase is Phase.MAIN and state.seat == 0
    assert state.boards[1].reserve == (kush,) and state.no_smoking
    assert state.boards[1].hand == ()


def test_faq_the_cost_of_an_out_of_turn_card_grows_with_its_power() -> None:
    pay = {spec.key: spec.pay for spec in OUT_OF_TURN}
    assert pay["short-memory"] <= pay["drug-test"] < pay["pass-it"] == pay["nice-tool"]


def test_faq_out_of_turn_cards_are_for_the_opponents_turn_only() -> None:
    cards = Cards()
    test = cards("drug-test")
    state = with_board(table(), 0, hand=(test, cards("blunt")))
    assert refused(state, Answer(test, 0, ())).text() == "There is no move to answer now."
    assert all(not isinstance(a, Answer) for a in GAME.legal_actions(state, 0))
    assert Pass() not in GAME.legal_actions(state, 0)
