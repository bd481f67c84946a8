"""Seeded bot games for 2-6 players: invariants after every step, secrets kept, replay exact."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from app.games.core import CLOCK, Applied, ReplayError, replay
from app.games.for20 import GAME
from app.games.for20.bots import smart
from app.games.for20.cards import WIN_POINTS, Category, Effect, action, category, points
from app.games.for20.events import TurnStarted
from app.games.for20.state import For20State, Phase, SmokeMove

_SEEDS = 16  # games per player count
_MAX_STEPS = 4000
_CLOCK_CHANCE = 0.3  # in an open window, how often time runs out before the next seat acts


def cards_everywhere(state: For20State) -> list[int]:
    """Returns the id of every card in any zone, in a pending move, or out of the game."""
    cards = [*state.material_deck, *state.game_deck, *state.material_dump, *state.game_dump]
    cards += state.removed
    for board in state.boards:
        cards += [*board.hand, *board.reserve, *board.area, *board.smoked]
    if state.window is not None:
        for entry in state.window.stack:
            if isinstance(entry, SmokeMove):
                cards += () if entry.legendary else entry.tools
            else:
                cards.append(entry.card)
    return sorted(cards)


def secrets_changed(state: For20State, viewer: int | None) -> For20State:
    """Returns the table with what the viewer may not know changed: other hands (swapped with
    game-deck cards), both decks' order, the RNG, and everyone else's choices in an open
    window's stage (their passes and their answers not yet shown)."""
    deck = list(state.game_deck[::-1])
    boards = []
    for seat, board in enumerate(state.boards):
        if seat != viewer and deck:
            hand = list(board.hand)
            for index in range(min(len(hand), len(deck))):
                hand[index], deck[index] = deck[index], hand[index]
            board = dataclasses.replace(board, hand=tuple(hand))
        boards.append(board)
    window = state.window
    if window is not None:
        passed = window.passed & ({viewer} if viewer is not None else set())
        chosen = tuple(entry for entry in window.chosen if entry.seat == viewer)
        window = dataclasses.replace(window, passed=frozenset(passed), chosen=chosen)
    return dataclasses.replace(
        state,
        boards=tuple(boards),
        game_deck=tuple(deck),
        material_deck=state.material_deck[::-1],
        rng=state.rng.next64()[1],
        window=window,
    )


def _check_state(state: For20State) -> None:
    everywhere = cards_everywhere(state)
    assert len(everywhere) == 120 and set(everywhere) == set(range(120))
    assert all(
        category(card) is Category.ACTION and action(card).effect is Effect.LEGALIZE
        for card in state.removed
    )
    assert len(state.removed) <= 1 and state.coins >= 0
    active = GAME.active_seats(state)
    for seat in range(state.players):
        assert bool(GAME.legal_actions(state, seat)) == (seat in active)
    assert (GAME.timer(state) is not None) == (state.phase is Phase.WINDOW)
    window = state.window
    if window is not None:
        # Out of turn means out of turn: the current player never answers, and nobody
        # answers only their own moves.
        assert state.seat not in window.seats and active and active <= window.seats
        layer = window.stack[window.layer :]
        assert all(any(entry.seat != seat for entry in layer) for seat in window.seats)
    scores = GAME.public_view(state)["scores"].totals
    assert scores == tuple(sum(points(card) for card in b.smoked) for b in state.boards)


def _check_views(state: For20State, viewer: int | None) -> None:
    assert GAME.view(state, viewer) == GAME.view(secrets_changed(state, viewer), viewer)


def _check_every_move(state: For20State) -> None:
    """Asserts that each legal move applies and its events only show a seat its own secrets."""
    for seat in GAME.active_seats(state):
        for move in GAME.legal_actions(state, seat):
            applied = GAME.apply(state, seat, move)
            assert isinstance(applied, Applied), (move, applied)
            assert all(_private_to_its_seat(event) for event in applied.events)


def _private_to_its_seat(event: Any) -> bool:
    """Returns True when an event is public or seen only by the seat it is about."""
    return event.seen_by is None or event.seen_by == frozenset({event.seat})


def _bots(players: int, seed: int) -> tuple[str, ...]:
    """Smart bots everywhere, except a random seat in one game of four."""
    if seed % 4 == 3:
        return tuple("random" if seat == seed % players else "smart" for seat in range(players))
    return ("smart",) * players


def play_game(players: int, seed: int, thorough: bool = False) -> tuple[For20State, list[Any]]:
    """Plays a seeded game, checking every step; returns the last state and the action log."""
    rng = random.Random(seed)
    options = {"starting_materials": seed % 2 == 1, "window_seconds": 8}
    state = GAME.setup(players, options, seed)
    bots = _bots(players, seed)
    log: list[tuple[int, dict[str, Any]]] = []
    for step in range(_MAX_STEPS):
        _check_state(state)
        if thorough or step % 5 == 0:
            _check_views(state, (None, *range(players))[step % (players + 1)])
        if thorough:
            _check_every_move(state)
        active = sorted(GAME.active_seats(state))
        if not active:
            break
        timer = GAME.timer(state)
        if timer is not None and rng.random() < _CLOCK_CHANCE:
            seat, move = CLOCK, timer.action
        else:
            seat = rng.choice(active)
            move = GAME.bots[bots[seat]](GAME, state, seat, rng)
            if bots[seat] == "smart" and step % 3 == 0:
                assert move == smart(GAME, secrets_changed(state, seat), seat, rng)
        payload = move.to_json()
        assert GAME.codec.decode(payload) == move
        log.append((seat, payload))
        applied = GAME.apply(state, seat, move)
        assert isinstance(applied, Applied), (move, applied)
        assert all(_private_to_its_seat(event) for event in applied.events)
        if any(isinstance(event, TurnStarted) for event in applied.events):
            assert applied.state.coins == 0 or applied.state.phase is Phase.WINDOW
        state = applied.state
    return state, log


@pytest.mark.parametrize("players", range(2, 7))
def test_seeded_bot_games_keep_every_invariant_and_replay(players: int) -> None:
    for seed in range(_SEEDS):
        state, log = play_game(players, seed)
        options = {"starting_materials": seed % 2 == 1, "window_seconds": 8}
        assert replay(GAME, players, options, seed, log) == state
        if "random" not in _bots(players, seed):
            assert state.phase is Phase.OVER
            result = GAME.result(state)
            assert result is not None and result.scores[state.winner] >= WIN_POINTS


def test_one_game_tries_every_legal_move_at_every_step() -> None:
    state, _log = play_game(3, 11, thorough=True)
    assert state.phase is Phase.OVER


def test_windows_with_answers_happen_in_bot_games() -> None:
    answered = 0
    for seed in range(6):
        _state, log = play_game(4, 100 + seed)
        answered += sum(1 for _seat, payload in log if payload["kind"] == "answer")
    assert answered > 0


def test_same_seed_same_game() -> None:
    first, log = play_game(4, 5)
    again, log_again = play_game(4, 5)
    assert first == again and log == log_again


def test_replay_refuses_a_log_the_rules_disagree_with() -> None:
    _state, log = play_game(2, 1)
    seat, _payload = log[0]
    forged = [(1 - seat if seat != CLOCK else 0, {"kind": "end"}), *log[1:]]
    with pytest.raises(ReplayError):
        replay(GAME, 2, {"starting_materials": True, "window_seconds": 8}, 1, forged)
