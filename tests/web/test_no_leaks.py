"""Hidden information never reaches a browser: what is rendered for any viewer is the
same whatever the hidden cards are (deck order, removed beers, the RNG's future)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from app.games.core import Refusal, Rng
from app.games.four_pints import GAME
from tests.support.rooms import rendered


def perturb_hidden(state: Any, rng: random.Random) -> Any:
    """Returns the state with its hidden cards reshuffled among their hidden places."""
    hidden = list(state.beer_deck) + list(state.removed)
    rng.shuffle(hidden)
    purchase = list(state.purchase_deck)
    rng.shuffle(purchase)
    cut = len(state.beer_deck)
    return replace(
        state,
        beer_deck=tuple(hidden[:cut]),
        removed=tuple(hidden[cut:]),
        purchase_deck=tuple(purchase),
        rng=Rng.from_seed(rng.getrandbits(64)),
    )


def test_rendered_parts_do_not_depend_on_hidden_cards() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        players = 2 + seed % 3
        state = GAME.setup(players, {}, seed)
        for _step in range(60):
            if GAME.result(state) is not None:
                break
            if _step % 5 == 0:
                assert rendered(GAME, state, players) == rendered(
                    GAME, perturb_hidden(state, rng), players
                )
                checked += 1
            seat = min(GAME.active_seats(state))
            action = rng.choice(GAME.legal_actions(state, seat))
            applied = GAME.apply(state, seat, action)
            assert not isinstance(applied, Refusal)
            state = applied.state
    assert checked > 50
