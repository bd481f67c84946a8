"""The smart bot smokes when it can, answers when it pays, attacks the leader, and beats random."""

from __future__ import annotations

import random

from app.games.for20 import GAME
from app.games.for20.actions import Answer, EndTurn, Pass, PlayAction, PlayTool, Smoke
from app.games.for20.bots import smart
from app.games.for20.state import Phase

from .tables import Cards, play, table, with_board
from .test_end import smoked
from .test_playouts import play_game

_RNG = random.Random(0)


def test_smart_plays_a_legendary_then_smokes_the_most_points() -> None:
    cards = Cards()
    bong, haze, kush, skunk = cards("bong"), cards("haze"), cards("kush"), cards("skunk")
    state = with_board(table(), 0, hand=(bong,), reserve=(haze, kush, skunk))
    assert smart(GAME, state, 0, _RNG) == PlayTool(bong)
    state = play(state, PlayTool(bong))
    assert smart(GAME, state, 0, _RNG) == Smoke((bong,), (haze, kush))


def test_smart_attacks_the_leader() -> None:
    cards = Cards()
    bowl = cards("spilled-bowl")
    state = with_board(table(3, coins=3), 0, hand=(bowl,))
    state = with_board(state, 1, smoked=smoked(cards, 6))
    state = with_board(state, 2, smoked=smoked(cards, 17))
    assert smart(GAME, state, 0, _RNG) == PlayAction(bowl, 2)


def test_smart_passes_at_once_without_a_paying_answer() -> None:
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    state = with_board(table(), 0, hand=(paper,), reserve=(skunk,))
    state = with_board(state, 1, hand=(cards("munchies"), cards("blunt")))
    state = play(state, Smoke((paper,), (skunk,)))
    assert state.phase is Phase.WINDOW and smart(GAME, state, 1, _RNG) == Pass()


def test_smart_takes_a_big_smoke_with_pass_it() -> None:
    cards = Cards()
    blunt, widow = cards("blunt"), cards("white-widow")
    passit, cheap = cards("pass-it"), cards.many("rolling-paper", 2)
    state = with_board(table(), 0, hand=(blunt,), reserve=(widow,))
    state = with_board(state, 1, hand=(passit, *cheap, cards("bong")))
    state = play(state, Smoke((blunt,), (widow,)))
    assert smart(GAME, state, 1, _RNG) == Answer(passit, 0, tuple(sorted(cheap)))


def test_smart_cancels_an_attack_on_itself() -> None:
    cards = Cards()
    confiscate, kush = cards("confiscate"), cards("kush")
    memory, cheap = cards("short-memory"), cards("rolling-paper")
    state = with_board(table(coins=2), 0, hand=(confiscate,))
    state = with_board(state, 1, reserve=(kush,), hand=(memory, cheap))
    state = play(state, PlayAction(confiscate, 1, kush))
    assert smart(GAME, state, 1, _RNG) == Answer(memory, 0, (cheap,))


def test_smart_cancels_an_answer_to_its_own_answer() -> None:
    cards = Cards()
    blunt, widow = cards("blunt"), cards("white-widow")
    passit, memory = cards("pass-it"), cards("short-memory")
    bob = (passit, memory, *cards.many("rolling-paper", 3))
    cat = (cards("short-memory"), *cards.many("munchies", 2))
    state = with_board(table(3), 0, hand=(blunt,), reserve=(widow,))
    state = with_board(state, 1, hand=bob)
    state = with_board(state, 2, hand=cat)
    state = play(state, Smoke((blunt,), (widow,)))
    assert smart(GAME, state, 2, _RNG) == Pass()
    state = play(state, smart(GAME, state, 1, _RNG), seat=1)
    state = play(state, Pass(), seat=2)  # stage 1 closes: Bob's Pass It! is shown
    assert state.window.stage == 2 and GAME.active_seats(state) == {2}
    state = play(state, Answer(cat[0], 1, (cat[1],)), seat=2)
    assert state.window.stage == 3 and GAME.active_seats(state) == {1}
    chosen = smart(GAME, state, 1, _RNG)
    assert isinstance(chosen, Answer) and (chosen.card, chosen.target) == (memory, 2)


def test_smart_ends_a_turn_with_nothing_worth_doing() -> None:
    assert smart(GAME, table(), 0, _RNG) == EndTurn()


def test_smart_beats_random() -> None:
    wins = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.setup(2, {}, seed)
        bots = ("smart", "random") if seed % 2 else ("random", "smart")
        for _step in range(3000):
            active = sorted(GAME.active_seats(state))
            if not active:
                break
            seat = rng.choice(active)
            state = GAME.apply(state, seat, GAME.bots[bots[seat]](GAME, state, seat, rng)).state
        wins += state.winner is not None and bots[state.winner] == "smart"
    assert wins >= 10


def test_games_of_smart_bots_end() -> None:
    state, _log = play_game(6, 2)
    assert state.phase is Phase.OVER
