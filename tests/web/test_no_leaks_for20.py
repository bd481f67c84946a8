"""For20 Cards' secrets never reach another player's page: what is rendered for a viewer is
the same whatever the other players' hands, the decks' order and what they chose in an open
reaction window's stage (a pass, or an answer not yet shown) are."""

from __future__ import annotations

import random
from dataclasses import replace

from app.games.core import CLOCK, Refusal, Rng
from app.games.for20 import GAME
from app.games.for20.actions import Answer, Pass, Smoke
from app.games.for20.state import For20State
from tests.games.for20.tables import Cards, play, table, with_board
from tests.support.rooms import assert_only_the_owner_sees, rendered


def perturb_secrets_of(state: For20State, seat: int, rng: random.Random) -> For20State:
    """Returns the state with `seat`'s hand dealt again from itself and the game deck, the
    material deck reshuffled and `seat`'s choice in an open stage undone (or a pass made)."""
    board = state.boards[seat]
    pool = [*board.hand, *state.game_deck]
    rng.shuffle(pool)
    size = len(board.hand)
    boards = list(state.boards)
    boards[seat] = replace(board, hand=tuple(pool[:size]))
    materials = list(state.material_deck)
    rng.shuffle(materials)
    window = state.window
    if window is not None and seat in window.seats:
        chosen = tuple(entry for entry in window.chosen if entry.seat != seat)
        passed = window.passed - {seat} if seat in window.decided else window.passed | {seat}
        window = replace(window, chosen=chosen, passed=passed)
    return replace(
        state,
        boards=tuple(boards),
        game_deck=tuple(pool[size:]),
        material_deck=tuple(materials),
        window=window,
        rng=Rng.from_seed(rng.getrandbits(64)),
    )


def test_pages_do_not_depend_on_other_players_secrets() -> None:
    rng = random.Random(13)
    checked = 0
    for seed in range(4):
        players = 2 + seed % 3
        state = GAME.setup(players, {"starting_materials": seed % 2 == 0}, seed)
        step = 0
        while GAME.result(state) is None and step < 400:
            if step % 4 == 0:
                for secret_seat in range(players):
                    changed = perturb_secrets_of(state, secret_seat, rng)
                    assert_only_the_owner_sees(
                        GAME, state, changed, secret_seat, players, (seed, step)
                    )
                    checked += 1
            active = GAME.active_seats(state)
            if active:
                seat = min(active)
                action = rng.choice(GAME.legal_actions(state, seat))
            else:
                timer = GAME.timer(state)
                assert timer is not None
                seat, action = CLOCK, timer.action
            applied = GAME.apply(state, seat, action)
            assert not isinstance(applied, Refusal), applied
            state = applied.state
            step += 1
    assert checked > 100


def test_a_choice_in_a_window_stage_changes_no_other_page() -> None:
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    state = with_board(table(4), 0, hand=(paper,), reserve=(skunk,))
    state = with_board(state, 1, hand=(cards("drug-test"), cards("munchies")))
    state = with_board(state, 2, hand=(cards("pass-it"), *cards.many("blunt", 2)))
    state = with_board(state, 3, hand=cards.many("grow-box", 2))
    state = play(state, Smoke((paper,), (skunk,)))
    before = rendered(GAME, state, 4)
    bob, cat = state.boards[1].hand, state.boards[2].hand
    state = play(state, Answer(bob[0], 0, bob[1:]), seat=1)
    state = play(state, Answer(cat[0], 0, cat[1:]), seat=2)
    after = rendered(GAME, state, 4)
    for key, html in before.items():
        if key[0] not in (2, 3):  # Bob's and Cat's own pages (person ids are seat + 1)
            assert after[key] == html, key
    assert after[(2, "hand")] != before[(2, "hand")]  # Bob sees his own answer
    # Dan's pass closes the stage: now everyone sees both answers.
    shown = rendered(GAME, play(state, Pass(), seat=3), 4)
    assert "Drug Test!" in shown[(None, "window")] and "Pass It!" in shown[(None, "window")]
