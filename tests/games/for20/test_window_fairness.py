"""Nothing anyone can observe about a reaction window depends on a hidden hand: the same public
and clock actions give the same public events, timers and public parts whether the others hold
answers or not."""

from __future__ import annotations

import dataclasses
from typing import Any

from app.games.core import CLOCK, Action, Applied
from app.games.for20 import GAME
from app.games.for20.actions import Pass, PlayAction, Smoke
from app.games.for20.cards import Category, category
from app.games.for20.state import For20State, Phase

from .tables import Cards, play, table, with_board
from .test_playouts import play_game

Moves = list[tuple[int, Action]]


def public_trace(state: For20State, moves: Moves) -> list[tuple[Any, ...]]:
    """Returns, after each move, what everyone sees: the public events, the timer (key,
    seconds, clock action), the public parts and who the table shows as still to answer."""
    trace = []
    for seat, move in moves:
        applied = GAME.apply(state, seat, move)
        assert isinstance(applied, Applied), (seat, move, applied)
        state = applied.state
        timer = GAME.timer(state)
        clock = None if timer is None else (timer.key, timer.seconds, timer.action)
        public = [event for event in applied.events if event.seen_by is None]
        trace.append((public, clock, GAME.public_view(state)))
    return trace


def hands_dealt_again(state: For20State, keep: int, answers: bool) -> For20State:
    """Returns the table with every hand but `keep`'s dealt again from itself and the game
    deck, each the same size: out-of-turn cards first when `answers`, else last."""
    others = [seat for seat in range(state.players) if seat != keep]
    pool = [card for seat in others for card in state.boards[seat].hand] + [*state.game_deck]
    pool.sort(key=lambda card: (category(card) is Category.OUT_OF_TURN) != answers)
    boards = list(state.boards)
    for seat in others:
        size = len(boards[seat].hand)
        boards[seat] = dataclasses.replace(boards[seat], hand=tuple(pool[:size]))
        pool = pool[size:]
    return dataclasses.replace(state, boards=tuple(boards), game_deck=tuple(pool))


def _out_of_turn_held(state: For20State) -> int:
    """Returns how many out-of-turn cards the others hold."""
    return sum(
        category(card) is Category.OUT_OF_TURN
        for seat, board in enumerate(state.boards)
        if seat != state.seat
        for card in board.hand
    )


def _clock(state: For20State) -> tuple[int, Action]:
    timer = GAME.timer(state)
    assert timer is not None
    return CLOCK, timer.action


def _ways_to_let_it_go(state: For20State, declare: Action) -> list[Moves]:
    """Returns move lists that are legal whatever the hidden hands: the declaration, then
    the clock; or everyone asked passing in seat order; or the first passing, then the clock."""
    opened = play(state, declare)
    if opened.phase is not Phase.WINDOW:
        return [[(state.seat, declare)]]
    asked = sorted(GAME.active_seats(opened))
    passes = [(seat, Pass()) for seat in asked]
    ways = [[(state.seat, declare), _clock(opened)], [(state.seat, declare), *passes]]
    if len(asked) > 1:
        ways.append([(state.seat, declare), passes[0], _clock(play(opened, Pass(), seat=asked[0]))])
    return ways


def test_a_window_looks_the_same_with_and_without_answers_in_the_other_hands() -> None:
    cards = Cards()
    bong, haze, skunk = cards("bong"), cards("haze"), cards("skunk")
    deck = (
        *(cards(key) for key in ("nice-tool", "pass-it", "drug-test", "short-memory")),
        *cards.many("munchies", 3),
        *cards.many("blunt", 3),
        *cards.many("grow-box", 2),
    )
    state = with_board(table(4, game_deck=deck), 0, area=(bong,), reserve=(haze, skunk))
    for seat in (1, 2, 3):
        state = with_board(state, seat, hand=cards.many("rolling-paper", 2))
    with_answers = hands_dealt_again(state, 0, answers=True)
    without = hands_dealt_again(state, 0, answers=False)
    assert _out_of_turn_held(with_answers) == 4 and _out_of_turn_held(without) == 0
    declare = Smoke((bong,), (haze, skunk))
    for moves in _ways_to_let_it_go(with_answers, declare):
        assert len(moves) > 1  # a window opened
        expected = public_trace(with_answers, moves)
        assert public_trace(without, moves) == expected
        assert public_trace(state, moves) == expected


def test_an_action_window_looks_the_same_whatever_the_others_hold() -> None:
    cards = Cards()
    confiscate, kush = cards("confiscate"), cards("kush")
    deck = (*cards.many("short-memory", 2), *cards.many("munchies", 3), *cards.many("blunt", 3))
    state = with_board(table(3, coins=2, game_deck=deck), 0, hand=(confiscate,))
    state = with_board(state, 1, reserve=(kush,), hand=cards.many("rolling-paper", 3))
    state = with_board(state, 2, hand=cards.many("king-size", 2))
    declare = PlayAction(confiscate, 1, kush)
    with_answers = hands_dealt_again(state, 0, answers=True)
    without = hands_dealt_again(state, 0, answers=False)
    for moves in _ways_to_let_it_go(state, declare):
        expected = public_trace(state, moves)
        assert public_trace(with_answers, moves) == expected
        assert public_trace(without, moves) == expected


def test_windows_of_bot_games_look_the_same_whatever_the_others_hold() -> None:
    checked = 0
    for players, seed in ((2, 3), (3, 4), (4, 5), (5, 6), (6, 7)):
        _state, log = play_game(players, seed)
        options = {"starting_materials": seed % 2 == 1, "window_seconds": 8}
        state = GAME.setup(players, options, seed)
        for seat, payload in log:
            move = GAME.codec.decode(payload)
            if state.phase is Phase.MAIN and payload["kind"] in ("smoke", "action"):
                variants = [hands_dealt_again(state, state.seat, flag) for flag in (True, False)]
                for moves in _ways_to_let_it_go(state, move):
                    expected = public_trace(state, moves)
                    for variant in variants:
                        assert public_trace(variant, moves) == expected, (players, seed)
                    checked += 1
            applied = GAME.apply(state, seat, move)
            assert isinstance(applied, Applied)
            state = applied.state
    assert checked > 100
