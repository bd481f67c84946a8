"""The turn: take a market card, play one collection of one category, the collection bonus,
ending the turn, and the refills of hand and market (from the stock when the pile is out)."""

from __future__ import annotations

from typing import Any

from app.games.core.choices import Gather, Pick
from app.games.stickers import GAME
from app.games.stickers.actions import EndTurn, Hat, Play, Swap, Take, TakeTwo
from app.games.stickers.cards import Category
from app.games.stickers.effects import SWAP, TAKE_TWO
from app.games.stickers.state import BONUS, Pending, Phase, StickersState
from tests.games.stickers.tables import (
    HAT_ROW,
    ONE_STAR_ROWS,
    PLAIN_ROWS,
    card,
    cards,
    column,
    play,
    refused,
    table,
)

C = Category
MICE = cards(C.SPACE_MOUSE, *PLAIN_ROWS, *ONE_STAR_ROWS)  # five plain Space Mice
GHOSTS = cards(C.GHOST_DUCKLING, *PLAIN_ROWS, *ONE_STAR_ROWS)
ROBOS = cards(C.ROBO_KITTEN, *PLAIN_ROWS, *ONE_STAR_ROWS, 7)
MARKET = cards(C.DISCO_OCTOPUS, *PLAIN_ROWS, *ONE_STAR_ROWS, 7)


def at_turn(hand: tuple[int, ...] = MICE[:3] + GHOSTS[:3], **changes: Any) -> StickersState:
    return table(players=3, hands={0: hand, 1: GHOSTS[3:], 2: ()}, market=MARKET, **changes)


def test_a_turn_starts_by_taking_a_market_card() -> None:
    state = at_turn()
    assert refused(state, Play(MICE[0])).reason == "First choose a card from the market."
    state = play(state, Take(2))
    assert MARKET[2] in state.hand and state.market == MARKET[:2] + MARKET[3:]
    assert state.phase is Phase.PLAY


def test_only_the_current_player_moves() -> None:
    state = at_turn()
    assert refused(state, Take(0), seat=1).reason == "It is not your turn."


def test_a_collection_is_cards_of_one_category_from_the_hand() -> None:
    state = play(at_turn(), Take(0))
    assert refused(state, Play(MICE[0], (GHOSTS[0],))).reason.startswith("A collection")
    assert refused(state, Play(MICE[0], (MICE[4],))).reason == "Play cards from your hand."
    assert refused(state, Play(MICE[0], (MICE[0],))).reason == "Play cards from your hand."


def test_a_new_category_makes_a_new_column_and_an_old_one_grows() -> None:
    state = at_turn(albums={0: (column(MICE[4]),)})
    state = play(state, Take(0), Play(MICE[0], (MICE[1],)))
    (mice,) = state.albums[0]
    assert mice.cards == (MICE[4], MICE[1], MICE[0]) and mice.visible == MICE[0]


def test_one_or_two_cards_grant_taking_two_market_cards() -> None:
    for played in (1, 2):
        state = play(at_turn(), Take(0), Play(MICE[0], MICE[1:played]))
        assert state.pending == (Pending(TAKE_TWO, BONUS, 0),)
        state = play(state, TakeTwo(BONUS, 0, (0, 3)))
        # Nothing left to do: the turn ended, and the market was refilled to six.
        assert state.seat == 1 and len(state.market) == 6
        assert {MARKET[1], MARKET[4]} <= set(state.hands[0])


def test_three_or_more_cards_grant_a_swap_of_neighbouring_markers() -> None:
    state = play(at_turn(), Take(0), Play(MICE[0], MICE[1:3]))
    assert state.pending == (Pending(SWAP, BONUS, 0),)
    # Spaces 1 and 2 are both epic, 0 and 3 two levels apart: not neighbours.
    assert refused(state, Swap(BONUS, 0, 1, 2)).reason.startswith("Only neighbouring")
    assert refused(state, Swap(BONUS, 0, 0, 3)).reason.startswith("Only neighbouring")
    assert refused(state, Swap(BONUS, 0, 0, 9)).reason.startswith("There is no such space")
    state = play(state, Swap(BONUS, 0, 2, 3))
    assert state.board[2] is C.CUBE_OSAURUS and state.board[3] is C.MAGIC_BUNNY


def test_the_bonus_is_carried_out_once_and_may_be_let_go() -> None:
    hat = card(C.SPACE_MOUSE, HAT_ROW)
    state = play(at_turn(hand=(hat, *MICE[:3])), Take(0), Play(hat, MICE[:3]))
    state = play(state, Swap(BONUS, 0, 2, 3))
    assert refused(state, Swap(BONUS, 0, 2, 3)).reason == (
        "That effect is not yours to carry out now."
    )
    assert state.phase is Phase.EFFECTS  # the Hat is still there
    state = play(state, EndTurn())
    assert state.seat == 1


def test_taking_two_needs_two_market_cards_in_it() -> None:
    state = play(at_turn(), Take(0), Play(MICE[0]))
    assert refused(state, TakeTwo(BONUS, 0, (1,))).text() == "Choose 2 cards from the market."
    assert refused(state, TakeTwo(BONUS, 0, (1, 1))).reason.startswith("Choose cards")
    assert refused(state, TakeTwo(BONUS, 0, (1, 7))).reason.startswith("Choose cards")


def test_the_table_offers_collections_to_build_and_the_bonus_as_a_gather() -> None:
    state = play(at_turn(), Take(0))
    offered = GAME.choices(state, 0)
    # One step per kind of visible card: plain Mice, one-star Mice, ... each with what goes under.
    assert all(isinstance(choice, (Gather, Pick)) for choice in offered)
    gathers = [choice for choice in offered if isinstance(choice, Gather)]
    assert all(g.field == "others" and isinstance(g.base, Play) for g in gathers)
    state = play(state, Play(MICE[0]))
    (take_two, end) = GAME.choices(state, 0)
    assert isinstance(take_two, Gather) and take_two.count.low == take_two.count.high == 2
    assert end == Pick(EndTurn())


def test_the_refill_draws_to_six_and_the_market_to_six() -> None:
    state = play(at_turn(), Take(0), Play(MICE[0], MICE[1:3]), EndTurn())
    assert len(state.hands[0]) == 6 and len(state.market) == 6


def test_a_hand_above_six_keeps_its_cards() -> None:
    hand = MICE[:2] + ROBOS
    state = play(at_turn(hand=hand), Take(0), Play(MICE[0]), TakeTwo(BONUS, 0, (0, 1)))
    assert len(state.hands[0]) == 10  # 8 + 1 - 1 + 2: nothing drawn, nothing discarded


def test_when_the_pile_is_out_the_stock_refills_the_hand_first_then_the_market() -> None:
    stock = cards(C.CACTUS_KNIGHT, *PLAIN_ROWS, *ONE_STAR_ROWS)
    state = at_turn(pile=(ROBOS[0],), stock=stock, rest_in_pile=False)
    state = play(state, Take(0), Play(MICE[0], MICE[1:3]), EndTurn())
    # The hand needed 2 (6 + 1 - 3 = 4): the pile's one and one from the stock; then the
    # market needed 1: the stock's next.
    assert set(state.hands[0]) >= {ROBOS[0], stock[0]}
    assert state.market[-1] == stock[1] and state.stock == stock[2:]
    assert state.pile == () and state.last_round


def test_a_hat_draws_from_the_stock_when_the_pile_is_out() -> None:
    hat = card(C.SPACE_MOUSE, HAT_ROW)
    stock = cards(C.CACTUS_KNIGHT, *PLAIN_ROWS)
    state = at_turn(hand=(hat,), stock=stock, rest_in_pile=False)
    state = play(state, Take(0), Play(hat), Hat(hat, 0))
    assert [col.category for col in state.albums[0]] == [C.SPACE_MOUSE, C.CACTUS_KNIGHT]


def test_with_nothing_to_draw_a_hat_is_not_offered() -> None:
    hat = card(C.SPACE_MOUSE, HAT_ROW)
    state = at_turn(hand=(hat, MICE[0]), rest_in_pile=False)
    state = play(state, Take(0), Play(hat, (MICE[0],)))
    assert not any(isinstance(a, Hat) for a in GAME.legal_actions(state, 0))
    assert refused(state, Hat(hat, 0)).reason == "There is no card left to draw."
