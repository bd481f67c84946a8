"""Stickers' hidden cards never reach another player's page: what is rendered for a viewer is
the same whatever another player's hand and secret reveal choice, and the draw pile's and the
stock's order, are."""

from __future__ import annotations

import random
from dataclasses import replace

from app.games.core import Refusal, Rng
from app.games.stickers import GAME
from app.games.stickers.state import StickersState
from tests.support.rooms import assert_only_the_owner_sees, rendered


def perturb_secrets_of(state: StickersState, seat: int, rng: random.Random) -> StickersState:
    """Returns the state with `seat`'s hand dealt again from itself and the piles (as many
    cards), the piles shuffled, and its reveal choice another card of its hand."""
    hand = state.hands[seat]
    pool = [*hand, *state.pile, *state.stock]
    rng.shuffle(pool)
    new_hand, pool = tuple(pool[: len(hand)]), pool[len(hand) :]
    pile, stock = tuple(pool[: len(state.pile)]), tuple(pool[len(state.pile) :])
    hands = (*state.hands[:seat], new_hand, *state.hands[seat + 1 :])
    reveals = state.reveals
    if reveals and reveals[seat] is not None:
        reveals = (*reveals[:seat], new_hand[0], *reveals[seat + 1 :])
    return replace(
        state,
        hands=hands,
        pile=pile,
        stock=stock,
        reveals=reveals,
        rng=Rng.from_seed(rng.getrandbits(64)),
    )


def test_pages_do_not_depend_on_another_players_secrets() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        state = GAME.setup(3, {}, seed)
        step = 0
        while GAME.result(state) is None:
            if step % 6 == 0:
                secret_seat = step // 6 % 3
                if state.question is None or state.question.target != secret_seat:
                    changed = perturb_secrets_of(state, secret_seat, rng)
                    assert_only_the_owner_sees(GAME, state, changed, secret_seat, 3, (seed, step))
                    checked += 1
            seat = min(GAME.active_seats(state))
            applied = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            assert not isinstance(applied, Refusal)
            state = applied.state
            step += 1
    assert checked > 20


def test_a_spectator_sees_no_hand_and_no_moves() -> None:
    state = GAME.setup(2, {}, 3)
    pages = rendered(GAME, state, 2)
    assert "Your hand" not in pages[(None, "hand")]
    assert "Your move" not in pages[(None, "actions")]
    assert "Your hand" in pages[(1, "hand")]
