"""The bots: both always move legally; the greedy one beats random play."""

from __future__ import annotations

import random

from app.games.core import Applied
from app.games.stickers import GAME
from app.games.stickers.actions import EndTurn, Hat, Play
from app.games.stickers.cards import Category
from app.games.stickers.state import StickersState
from tests.games.stickers.tables import HAT_ROW, ONE_STAR_ROWS, PLAIN_ROWS, card, cards, table

C = Category


def finish(state: StickersState, bots: tuple[str, ...], seed: int) -> StickersState:
    rng = random.Random(seed)
    while GAME.active_seats(state):
        seat = min(GAME.active_seats(state))
        move = GAME.bots[bots[seat]](GAME, state, seat, rng)
        assert move in GAME.legal_actions(state, seat)
        applied = GAME.apply(state, seat, move)
        assert isinstance(applied, Applied)
        state = applied.state
    return state


def test_the_greedy_bot_beats_random_players_most_of_the_time() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        state = finish(GAME.setup(3, {}, seed), ("greedy", "random", "random"), seed)
        result = GAME.result(state)
        assert result is not None
        wins += result.ranks[0] == 1
    assert wins > games * 2 // 3


def test_the_greedy_bot_carries_out_the_hat_it_has_earned() -> None:
    hat = card(C.SPACE_MOUSE, HAT_ROW)
    market = cards(C.GHOST_DUCKLING, *PLAIN_ROWS, *ONE_STAR_ROWS)
    state = table(players=2, hands={0: (hat,)}, market=market)
    made = []
    rng = random.Random(0)
    while state.seat == 0:
        move = GAME.bots["greedy"](GAME, state, 0, rng)
        made.append(move)
        applied = GAME.apply(state, 0, move)
        assert isinstance(applied, Applied)
        state = applied.state
    assert Play(hat) in made and Hat(hat, 0) in made and EndTurn() not in made


def test_the_game_names_its_bots_and_its_stand_in() -> None:
    assert GAME.stand_in == "greedy" and set(GAME.bots) == {"random", "greedy"}
