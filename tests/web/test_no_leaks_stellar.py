"""Stellar's hidden cards never reach another player's page: what is rendered for a viewer
is the same whatever the other player's hand, their face-down cards, their secret starting
choice, the card they drew from the deck and the deck's order are."""

from __future__ import annotations

import random
from dataclasses import replace

from app.games.core import Refusal, Rng
from app.games.stellar import GAME
from app.games.stellar.state import Placed, StellarState
from tests.support.rooms import assert_only_the_owner_sees, rendered


def perturb_secrets_of(state: StellarState, seat: int, rng: random.Random) -> StellarState:
    """Returns the state with `seat`'s secret cards and the deck dealt again among themselves."""
    board = state.boards[seat]
    face_down = [i for i, placed in enumerate(board.telescope) if placed and placed.face_down]
    drawn_secret = state.drawn is not None and state.drawn_from_deck and state.seat == seat
    pool = [*board.hand, *(board.telescope[i].card for i in face_down), *state.deck]  # type: ignore[union-attr]
    if drawn_secret:
        pool.append(state.drawn)
    rng.shuffle(pool)
    hand, pool = tuple(pool[: len(board.hand)]), pool[len(board.hand) :]
    telescope = list(board.telescope)
    for i in face_down:
        telescope[i], pool = Placed(pool[0], face_down=True), pool[1:]
    drawn = state.drawn
    if drawn_secret:
        drawn, pool = pool[0], pool[1:]
    start = board.start
    if start is not None and board.starting:  # secret until both have chosen
        start = (rng.choice(board.starting).id, rng.choice(range(5)))
    boards = list(state.boards)
    boards[seat] = replace(board, hand=hand, telescope=tuple(telescope), start=start)
    return replace(
        state,
        boards=tuple(boards),
        deck=tuple(pool),
        drawn=drawn,
        rng=Rng.from_seed(rng.getrandbits(64)),
    )


def test_pages_do_not_depend_on_the_other_players_secrets() -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(8):
        state = GAME.setup(2, {}, seed)
        step = 0
        while GAME.result(state) is None:
            if step % 4 == 0:
                for secret_seat in (0, 1):
                    changed = perturb_secrets_of(state, secret_seat, rng)
                    assert_only_the_owner_sees(GAME, state, changed, secret_seat, 2, (seed, step))
                    checked += 1
            seat = min(GAME.active_seats(state))
            action = rng.choice(GAME.legal_actions(state, seat))
            applied = GAME.apply(state, seat, action)
            assert not isinstance(applied, Refusal)
            state = applied.state
            step += 1
    assert checked > 100


def test_a_spectator_sees_no_hand() -> None:
    state = GAME.setup(2, {}, 3)
    pages = rendered(GAME, state, 2)
    assert 'class="pick"' not in pages[(None, "hand")]
    assert "data-pick" not in pages[(None, "actions")]
