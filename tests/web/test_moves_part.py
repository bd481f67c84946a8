"""Every game's moves part stays small and has no two identical buttons, in every state of
seeded bot games and in the positions that once listed thousands of moves; a built move is
checked by the engine like any other."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from app.games.core import Applied, Game, Gather, Refusal
from app.games.for20.actions import Smoke
from app.games.registry import GAMES
from tests.support.moves_part import FOR20, POSITIONS, buttons, render_moves

MAX_BYTES = 8 * 1024


def _states(game: Game[Any], seed: int, players: int, steps: int) -> Any:
    """Yields each state of a seeded random game, with its active seats."""
    rng = random.Random(seed)
    state = game.setup(players, {"starting_materials": True}, seed)
    for _step in range(steps):
        active = game.active_seats(state)
        if not active:
            return
        yield state, active
        seat = rng.choice(sorted(active))
        applied = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert isinstance(applied, Applied), applied
        state = applied.state


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
def test_no_two_identical_buttons_and_a_small_part_in_bot_games(game: Game[Any]) -> None:
    for seed in range(4):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        for state, active in _states(game, seed, players, 400):
            for seat in active:
                html = render_moves(game, state, seat)
                labels = buttons(html)
                assert len(labels) == len(set(labels)), sorted(labels)
                assert len(html.encode()) < MAX_BYTES


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_hoarded_position_renders_a_small_part_with_a_builder(name: str) -> None:
    state, seat = POSITIONS[name]()
    html = render_moves(FOR20, state, seat)
    assert len(html.encode()) < MAX_BYTES
    assert 'class="build' in html
    labels = buttons(html)
    assert len(labels) == len(set(labels))


def test_bots_get_a_bounded_set_of_smokes_that_the_engine_accepts() -> None:
    state, seat = POSITIONS["for20 hoard"]()
    smokes = [a for a in FOR20.legal_actions(state, seat) if isinstance(a, Smoke)]
    assert 0 < len(smokes) <= 100  # listing every subset gave 33,385
    gathers = [c for c in FOR20.choices(state, seat) if isinstance(c, Gather)]
    for smoke in smokes:
        assert any(g.base.tools == smoke.tools and g.fits(smoke.materials) for g in gathers)
        assert isinstance(FOR20.apply(state, seat, smoke), Applied)


def test_a_built_smoke_is_checked_as_one_action() -> None:
    state, seat = POSITIONS["for20 hoard"]()
    gather = next(c for c in FOR20.choices(state, seat) if isinstance(c, Gather))
    assert gather.total is not None
    light = sorted(gather.items, key=lambda item: item.points)
    fitting = [light[0].value]
    while sum(i.points for i in gather.items if i.value in fitting) < gather.total.low:
        fitting.append(light[len(fitting)].value)
    assert gather.fits(fitting)
    assert isinstance(FOR20.apply(state, seat, gather.build(fitting)), Applied)
    everything = [item.value for item in gather.items]
    assert not gather.fits(everything)  # more points than the tool takes
    refusal = FOR20.apply(state, seat, gather.build(everything))
    assert isinstance(refusal, Refusal) and "stoner points" in refusal.text()


def test_every_ask_a_game_lists_has_its_rule_in_the_stylesheet() -> None:
    # A moves part may name its ask by number (data-ask) among the game's `prompts`;
    # static/app.css shows the named one by a rule per number, so a game with more asks
    # than rules would show no ask at all.
    css = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    shown = {int(n) for n in re.findall(r'\[data-ask="(\d+)"\] ~ \[data-for="\1"\]', css)}
    for game in GAMES.values():
        asks = getattr(game, "prompts", ())
        assert set(range(len(asks))) <= shown, (game.id, len(asks), sorted(shown))
