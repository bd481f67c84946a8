"""Seeded bot games for 2-4 players: invariants after every step, secrets kept, replay exact."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from app.games.core import Applied, ReplayError, replay
from app.games.stickers import GAME
from app.games.stickers.board import level_of
from app.games.stickers.cards import Category
from app.games.stickers.events import TurnStarted
from app.games.stickers.scoring import counts, scores
from app.games.stickers.state import Phase, StickersState
from tests.games.stickers.tables import everywhere

_GAMES = 100  # per player count: 300 in all
_MAX_STEPS = 1000


def secrets_changed(state: StickersState, viewer: int | None) -> StickersState:
    """Returns the table with what the viewer may not know changed: other hands swapped with
    pile cards, the pile's and the stock's order, the RNG, others' reveal choices."""
    pile = list(state.pile[::-1])
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat != viewer and pile:
            swapped = list(hand)
            for index in range(min(len(swapped), len(pile))):
                swapped[index], pile[index] = pile[index], swapped[index]
            hand = tuple(swapped)
        hands.append(hand)
    reveals = tuple(
        card if seat == viewer or card is None else state.hands[seat][0]
        for seat, card in enumerate(state.reveals)
    )
    return replace(
        state,
        hands=tuple(hands),
        pile=tuple(pile),
        stock=state.stock[::-1],
        rng=state.rng.next64()[1],
        reveals=reveals,
    )


def _check_state(state: StickersState) -> None:
    assert everywhere(state) == list(range(108))
    assert all(state.card(c).players > state.players for c in state.removed)
    active = GAME.active_seats(state)
    for seat in range(state.players):
        assert bool(GAME.legal_actions(state, seat)) == (seat in active)
        assert bool(GAME.choices(state, seat)) == (seat in active)
    for album in state.albums:
        categories = [column.category for column in album]
        assert len(set(categories)) == len(categories)
        assert all(state.card(c).category is col.category for col in album for c in col.cards)
    assert sorted(state.board) == sorted(Category)


def _check_scores(state: StickersState) -> None:
    """Asserts that the scores add up: majority points by the board, stars by the albums."""
    final = scores(state)
    counted = counts(state)
    for space, category in enumerate(state.board):
        level, index = level_of(space), list(Category).index(category)
        awarded = [score.majority[index] for score in final]
        held = [seat_counts[index] for seat_counts in counted]
        for seat, points in enumerate(awarded):
            assert points in (0, level.first, level.second)
            assert (points == level.first) == (held[seat] == max(held) > 0)
        if state.players == 2:
            assert level.second not in awarded
    for seat, score in enumerate(final):
        album_stars = sum(state.card(c).stars for col in state.albums[seat] for c in col.cards)
        assert score.stars == album_stars and score.extra == 0
        assert score.total == sum(score.majority) + score.stars
    result = GAME.result(state)
    assert result is not None and result.scores == tuple(score.total for score in final)


def _bots(players: int, seed: int) -> tuple[str, ...]:
    """Greedy bots against random ones, the mix changing with the seed."""
    return tuple("greedy" if (seat + seed) % 3 else "random" for seat in range(players))


def play_game(players: int, seed: int) -> tuple[StickersState, list[Any], list[Any]]:
    """Plays a seeded game, checking every step; returns its last state, log and events."""
    rng = random.Random(seed)
    dealt = GAME.deal(players, {}, seed)
    state, events = dealt.state, list(dealt.events)
    bots = _bots(players, seed)
    log: list[tuple[int, dict[str, Any]]] = []
    for step in range(_MAX_STEPS):
        _check_state(state)
        viewer = (None, *range(players))[step % (players + 1)]
        if step % 7 == 0:
            assert GAME.view(state, viewer) == GAME.view(secrets_changed(state, viewer), viewer)
        active = sorted(GAME.active_seats(state))
        if not active:
            break
        seat = rng.choice(active)
        move = GAME.bots[bots[seat]](GAME, state, seat, rng)
        if bots[seat] == "greedy" and step % 11 == 0:
            assert move == GAME.bots["greedy"](GAME, secrets_changed(state, seat), seat, rng)
        payload = move.to_json()
        assert GAME.codec.decode(payload) == move
        log.append((seat, payload))
        applied = GAME.apply(state, seat, move)
        assert isinstance(applied, Applied), (move, applied)
        assert all(e.seen_by is None or e.seen_by <= set(range(players)) for e in applied.events)
        state = applied.state
        events += applied.events
    return state, log, events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_bot_games_keep_every_invariant_and_replay(players: int) -> None:
    for seed in range(_GAMES):
        state, log, events = play_game(players, seed)
        assert state.phase is Phase.OVER
        _check_scores(state)
        turns = Counter(e.seat for e in events if isinstance(e, TurnStarted))
        assert len(set(turns.values())) == 1 and len(turns) == players  # equal turns each
        assert replay(GAME, players, {}, seed, log) == state


def test_same_seed_same_game() -> None:
    first, log, _events = play_game(3, 5)
    again, log_again, _events = play_game(3, 5)
    assert first == again and log == log_again


def test_replay_refuses_a_log_the_rules_disagree_with() -> None:
    _state, log, _events = play_game(2, 1)
    seat, _payload = log[0]
    forged = [(1 - seat, {"kind": "take", "slot": 0}), *log[1:]]
    with pytest.raises(ReplayError):
        replay(GAME, 2, {}, 1, forged)
