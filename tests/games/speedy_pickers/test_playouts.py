"""Seeded bot playouts in both modes: invariants after every action, replay rebuilds the game."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from app.games.core import CLOCK, Action, Applied, Refusal, replay
from app.games.core.bots import random_legal
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers.cards import CARDS
from app.games.speedy_pickers.objects import OBJECTS
from app.games.speedy_pickers.scoring import score
from app.games.speedy_pickers.state import Mark, Phase, SpeedyState

_GAMES_PER_BLOCK = 25
_BLOCKS = 12  # 300 games in all, half of them expert
_MAX_STEPS = 2000
_CLOCK_CHANCE = 0.04  # per step, the running timer runs out
_ALL_TILES = sorted(tile.key for tile in OBJECTS)


def _tiles_everywhere(state: SpeedyState) -> list[str]:
    """Returns every tile found in any place: bag, centre, discard and each seat's places."""
    tiles = [*state.bag, *state.centre, *state.discarded]
    for player in state.seats:
        tiles += [*player.kept, *player.face_down]
        tiles += [mark.tile for mark in player.marks if mark.tile != player.reserved]
        tiles += [player.reserved] if player.reserved is not None else []
    return sorted(tiles)


def _cards_everywhere(state: SpeedyState) -> list[int]:
    cards = [*state.deck, *state.display]
    for player in state.seats:
        cards += player.cards
    return sorted(cards)


def _walk(value: Any) -> Iterator[Any]:
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _walk(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)


def _check_invariants(state: SpeedyState, before: SpeedyState, views: bool) -> None:
    assert _tiles_everywhere(state) == _ALL_TILES
    cards = _cards_everywhere(state)
    assert cards == (list(range(len(CARDS))) if state.expert else [])
    for seat, player in enumerate(state.seats):
        if state.phase is Phase.SEARCH and before.phase is Phase.SEARCH:
            assert player.kept == before.player(seat).kept  # nothing is checked mid-search
        if state.expert:
            assert len(player.marks) <= 3 + player.extra_magnifier
        euros = sum(CARDS[card].euros for card in player.cards) + 10 * len(player.kept)
        assert score(state, player) == (euros if state.expert else len(player.kept))
    if state.phase is Phase.SEARCH:
        assert (
            len(state.centre) + sum(len(p.marks) for p in state.seats) <= 3 * state.players + 1 + 1
        )
    if views:
        for viewer in [None, *range(state.players)]:
            table = GAME.view(state, viewer)
            assert not any(isinstance(value, Mark) for value in _walk(table))
            assert set(GAME.pictures(state, viewer)) <= {"scene"}


def _choose(state: SpeedyState, seat: int, bot: str, rng: random.Random) -> Action:
    if bot == "random":
        return random_legal(GAME, state, seat, rng)
    return GAME.bots[bot](GAME, state, seat, rng)


def _play(seed: int) -> None:
    """Plays one seeded game with the seed's bots, checking every step and the replay."""
    rng = random.Random(seed)
    players = 2 + seed % 5
    options = {"mode": "expert" if seed % 2 else "beginner", "seconds": 60}
    bots = [rng.choice(("beginner", "expert", "random")) for _seat in range(players)]
    dealt = GAME.deal(players, options, seed)
    state = dealt.state
    log: list[tuple[int, dict[str, Any]]] = []
    for _step in range(_MAX_STEPS):
        active = GAME.active_seats(state)
        timer = GAME.timer(state)
        if not active and timer is None:
            break
        if timer is not None and (not active or rng.random() < _CLOCK_CHANCE):
            seat, action = CLOCK, timer.action
        else:
            seat = rng.choice(sorted(active))
            assert GAME.legal_actions(state, seat)
            action = _choose(state, seat, bots[seat], rng)
        applied = GAME.apply(state, seat, action)
        assert isinstance(applied, Applied), (action, applied)
        for event in applied.events:
            assert GAME.describe(event, [f"P{n}" for n in range(players)]) != type(event).__name__
            assert event.seen_by is None  # every event is public, so none may hold a secret
            assert not {"x", "y", "hit"} & {f.name for f in dataclasses.fields(event)}
        _check_invariants(applied.state, state, views=seed % 10 == 0)
        log.append((seat, action.to_json()))
        state = applied.state
    result = GAME.result(state)
    assert result is not None, "the game did not end"
    assert len(result.rounds) == 5
    for seat in range(players):
        assert sum(turn[seat] for turn in result.rounds) == result.scores[seat]
    assert replay(GAME, players, options, seed, log) == state


@pytest.mark.parametrize("block", range(_BLOCKS))
def test_seeded_playouts_keep_every_invariant(block: int) -> None:
    for seed in range(block * _GAMES_PER_BLOCK, (block + 1) * _GAMES_PER_BLOCK):
        _play(seed)


def test_a_refused_move_changes_nothing() -> None:
    state = GAME.setup(3, {"mode": "expert"}, 5)
    action = GAME.codec.decode({"kind": "buy", "card": 0, "category": "x"})
    assert not isinstance(action, Refusal)
    assert isinstance(GAME.apply(state, 0, action), Refusal)
