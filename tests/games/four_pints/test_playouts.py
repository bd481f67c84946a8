"""Seeded random playouts: invariants after every action, and replay rebuilds the game."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from app.games.core import Action, Applied, Refusal, replay
from app.games.four_pints import GAME
from app.games.four_pints.actions import (
    Buy,
    DiscardMoney,
    Elbow,
    KeepSaved,
    Pass,
    Reveal,
    Save,
    SpillOwn,
)
from app.games.four_pints.cards import BEER_CARDS, PURCHASE_CARDS, SPECS, Beer
from app.games.four_pints.state import FourPintsState

_GAMES = 300
_BOT_MIXES = (("random",), ("greedy",), ("greedy", "random"), ("random", "greedy"))

_EVERY_ACTION: tuple[Action, ...] = (
    Reveal(),
    Pass(),
    KeepSaved(),
    *(Buy(slot) for slot in range(-1, 5)),
    *(Elbow(target, beer.value) for target in range(4) for beer in Beer),
    *(SpillOwn(beer.value) for beer in Beer),
    *(DiscardMoney(value) for value in (0, 1, 2, 3, 5)),
    *(Save(value) for value in (0, 1, 2, 3, 5)),
)


def _cards_everywhere(state: FourPintsState) -> tuple[list[int], list[int]]:
    """Returns the ids of every Beer and Purchase card found in any place on the table."""
    beers = [*state.beer_deck, *state.removed, *state.beer_discard]
    beers += [card for card in state.bar if card is not None]
    purchases = [*state.purchase_deck, *state.purchase_discard, *state.center]
    for area in state.areas:
        beers += [pint.card for pint in area.pints]
        purchases += [*area.drunk, *(card for card in (area.saved, area.happy_hour) if card)]
    return sorted(card.id for card in beers), sorted(card.id for card in purchases)


# Views, and in the moves part the core's choices holding the game's typed actions.
_VIEW_MODULES = (".views", ".core.choices", ".actions")


def _walk(value: Any) -> Iterator[Any]:
    """Yields every value nested in a view part."""
    yield value
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _walk(getattr(value, field.name))
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _walk(item)


def _shuffled_secrets(state: FourPintsState) -> FourPintsState:
    """Returns the same table with deck orders, the removed cards and the RNG changed."""
    hidden = state.beer_deck + state.removed
    return dataclasses.replace(
        state,
        beer_deck=hidden[::-1][: len(state.beer_deck)],
        removed=hidden[::-1][len(state.beer_deck) :],
        purchase_deck=state.purchase_deck[::-1],
        rng=state.rng.next64()[1],
    )


def _check_cards_and_scores(state: FourPintsState, players: tuple[Any, ...]) -> None:
    """Asserts every card is in exactly one place and each score is the sum of its pints."""
    beers, purchases = _cards_everywhere(state)
    assert beers == list(range(len(BEER_CARDS)))
    assert purchases == list(range(len(PURCHASE_CARDS)))
    assert 0 <= state.keg < state.players  # the 48th card, the Keg, sits with one seat
    for seat, player in enumerate(players):
        pints = state.areas[seat].pints
        assert player.score == sum(1 if p.spilled else SPECS[p.card.beer].points for p in pints)


def _check_views(state: FourPintsState, thorough: bool) -> Mapping[str, Any]:
    """Asserts no view changes when only hidden things change; returns the last view checked."""
    # A seat's view is the spectator's plus its own moves and Happy Hour prices, so checking
    # the player to move each step, and every viewer in thorough games, covers them all.
    secrets = _shuffled_secrets(state)
    viewers = (None, *range(state.players)) if thorough else GAME.active_seats(state) or {None}
    for viewer in viewers:
        view = GAME.view(state, viewer)
        assert view == GAME.view(secrets, viewer)
        if thorough:
            for value in _walk(view):
                assert isinstance(value, (int, str, bool, type(None), tuple, dict)) or (
                    dataclasses.is_dataclass(value)
                    and type(value).__module__.endswith(_VIEW_MODULES)
                )
    return view


def _check_moves(state: FourPintsState, thorough: bool) -> dict[Action, Applied[Any]]:
    """Asserts only the current seat may act and every legal move applies; returns them."""
    active = GAME.active_seats(state)
    assert len(active) <= 1
    for seat in range(state.players):
        if seat not in active:
            assert GAME.legal_actions(state, seat) == ()
    outcomes: dict[Action, Applied[Any]] = {}
    for seat in active:
        legal = GAME.legal_actions(state, seat)
        assert legal
        for action in legal:
            applied = GAME.apply(state, seat, action)
            assert isinstance(applied, Applied)
            assert all(event.seen_by is None for event in applied.events)
            outcomes[action] = applied
        if thorough:
            for action in _EVERY_ACTION:
                accepted = not isinstance(GAME.apply(state, seat, action), Refusal)
                assert accepted == (action in legal), action
    return outcomes


def _play(seed: int) -> None:
    """Plays one seeded game with the seed's bots, checking every step and the replay."""
    players = 2 + seed % 3
    mix = _BOT_MIXES[(seed // 3) % len(_BOT_MIXES)]
    bots = [GAME.bots[mix[seat % len(mix)]] for seat in range(players)]
    rng = random.Random(seed)
    thorough = seed % 40 == 0  # 8 games also try every possible action at every step
    state = GAME.setup(players, {}, seed)
    log: list[tuple[int, dict[str, Any]]] = []
    while True:
        view = _check_views(state, thorough)
        _check_cards_and_scores(state, view["players"])
        outcomes = _check_moves(state, thorough)
        if not outcomes:
            break
        (seat,) = GAME.active_seats(state)
        action = bots[seat](GAME, state, seat, rng)
        payload = action.to_json()
        assert GAME.codec.decode(payload) == action
        log.append((seat, payload))
        state = outcomes[action].state  # a KeyError here is an illegal bot move
    assert GAME.result(state) is not None
    assert len(state.round_scores) == players
    assert replay(GAME, players, {}, seed, log) == state


@pytest.mark.parametrize("block", range(10))
def test_seeded_playouts_keep_every_invariant(block: int) -> None:
    for seed in range(block, _GAMES, 10):
        _play(seed)
