"""The rulebook's example turn: Bori takes the Vlad-piglet, plays three Space Mice whose visible
card has a Hat, the Hat plays a Magic Bunny whose Question mark lets her ask a player for a
card, and her collection bonus swaps the Space Mouse and Cube-osaurus markers."""

from __future__ import annotations

from app.games.stickers import GAME
from app.games.stickers.actions import Ask, Give, Hat, Play, Swap, Take
from app.games.stickers.cards import HAND_SIZE, MARKET_SIZE, Category
from app.games.stickers.effects import SWAP
from app.games.stickers.events import Handed, HandedCard, Played, Swapped
from app.games.stickers.state import BONUS, Pending, Phase, StickersState
from tests.games.stickers.tables import (
    HAT_ROW,
    ONE_STAR_ROWS,
    PLAIN_ROWS,
    QUESTION_ROW,
    card,
    cards,
    play,
    play_events,
    table,
)

BORI, OLIVER, BENCE, ROBI = range(4)
C = Category
# Cube-osaurus on an epic space (1), Space Mouse on a rare one (3): neighbours.
BOARD = (
    C.RULER_LORD,
    C.CUBE_OSAURUS,
    C.VLAD_PIGLET,
    C.SPACE_MOUSE,
    C.MAGIC_BUNNY,
    C.ROBO_KITTEN,
    C.DISCO_OCTOPUS,
    C.CACTUS_KNIGHT,
    C.GHOST_DUCKLING,
)
HAT_MOUSE = card(C.SPACE_MOUSE, HAT_ROW)
MICE = cards(C.SPACE_MOUSE, *PLAIN_ROWS)
VLAD = card(C.VLAD_PIGLET, ONE_STAR_ROWS[0])
BUNNY = card(C.MAGIC_BUNNY, QUESTION_ROW)
OLIVERS_ROBO = card(C.ROBO_KITTEN, ONE_STAR_ROWS[0])


def bori_at_her_turn() -> StickersState:
    others = cards(C.GHOST_DUCKLING, *PLAIN_ROWS, *ONE_STAR_ROWS)
    return table(
        seat=BORI,
        board=BOARD,
        hands={
            BORI: (HAT_MOUSE, *MICE, *others[:2]),
            OLIVER: (OLIVERS_ROBO, *cards(C.CACTUS_KNIGHT, *PLAIN_ROWS)),
        },
        market=(VLAD, *cards(C.DISCO_OCTOPUS, *PLAIN_ROWS, *ONE_STAR_ROWS[:3])),
        pile=(BUNNY,),
    )


def test_bori_takes_the_vlad_piglet_into_her_hand() -> None:
    state = play(bori_at_her_turn(), Take(0))
    assert VLAD in state.hands[BORI] and VLAD not in state.market
    assert len(state.market) == MARKET_SIZE - 1  # not refilled yet
    assert state.phase is Phase.PLAY


def test_three_space_mice_grant_the_swap_and_the_visible_cards_hat() -> None:
    state = play(bori_at_her_turn(), Take(0), Play(HAT_MOUSE, MICE))
    (col,) = state.albums[BORI]
    assert col.category is C.SPACE_MOUSE and col.visible == HAT_MOUSE
    assert state.pending == (Pending(SWAP, BONUS, 0), Pending("hat", HAT_MOUSE, 0))


def test_the_hat_plays_a_magic_bunny_whose_question_mark_is_a_chain_reaction() -> None:
    state = play(bori_at_her_turn(), Take(0), Play(HAT_MOUSE, MICE))
    state, events = play_events(state, Hat(HAT_MOUSE, 0))
    assert Played(BORI, C.MAGIC_BUNNY.value, (BUNNY,), hat=True) in events
    assert [col.category for col in state.albums[BORI]] == [C.SPACE_MOUSE, C.MAGIC_BUNNY]
    assert Pending("question", BUNNY, 0) in state.pending


def test_bori_asks_for_a_card_and_swaps_the_markers_then_refills() -> None:
    state = play(bori_at_her_turn(), Take(0), Play(HAT_MOUSE, MICE), Hat(HAT_MOUSE, 0))
    state = play(state, Ask(BUNNY, 0, OLIVER, C.ROBO_KITTEN.value))
    assert state.phase is Phase.GIVE  # Olivér hands over a card of his choice
    state, asked = play_events(state, Give(OLIVERS_ROBO), seat=OLIVER)
    assert OLIVERS_ROBO in state.hands[BORI] and OLIVERS_ROBO not in state.hands[OLIVER]
    assert len(state.hands[OLIVER]) == 3  # handed one, drew one
    assert Handed(BORI, OLIVER, C.ROBO_KITTEN.value) in asked
    private = next(e for e in asked if isinstance(e, HandedCard))
    assert private.seen_by == frozenset({BORI, OLIVER})
    hand_before_refill = len(state.hands[BORI])
    state, swapped = play_events(state, Swap(BONUS, 0, 1, 3))
    assert Swapped(BORI, C.CUBE_OSAURUS.value, C.SPACE_MOUSE.value) in swapped
    assert state.board[1] is C.SPACE_MOUSE and state.board[3] is C.CUBE_OSAURUS
    # Nothing left to carry out: the turn ended by itself, with the refills.
    assert state.seat == OLIVER and state.phase is Phase.TAKE
    assert len(state.hands[BORI]) == max(HAND_SIZE, hand_before_refill)
    assert len(state.market) == MARKET_SIZE


def test_the_hat_drawn_cards_do_not_count_toward_the_collection_bonus() -> None:
    state = play(bori_at_her_turn(), Take(0), Play(HAT_MOUSE, MICE), Hat(HAT_MOUSE, 0))
    assert state.played == (*MICE, HAT_MOUSE)
    assert [p.kind for p in state.pending if p.source == BONUS] == [SWAP]


def test_the_effects_may_be_carried_out_in_any_order() -> None:
    start = play(bori_at_her_turn(), Take(0), Play(HAT_MOUSE, MICE))
    swap_first = play(start, Swap(BONUS, 0, 1, 3), Hat(HAT_MOUSE, 0))
    hat_first = play(start, Hat(HAT_MOUSE, 0), Swap(BONUS, 0, 1, 3))
    assert swap_first.board == hat_first.board
    assert swap_first.albums == hat_first.albums
    assert GAME.active_seats(swap_first) == {BORI}
