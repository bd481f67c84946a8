"""Setting up: tiles 3 per player + 1, scenes dealt, magnifiers, cards on display, options."""

from __future__ import annotations

import pytest

from app.games.core import Refusal
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.state import Phase
from tests.games.speedy_pickers.tables import start


def test_four_players_draw_thirteen_tiles_into_the_centre() -> None:
    state = start(4)
    assert len(state.centre) == 13
    assert len(state.bag) == 160 - 13


@pytest.mark.parametrize("players", range(2, 7))
def test_the_centre_holds_three_tiles_per_player_plus_one(players: int) -> None:
    assert len(start(players).centre) == 3 * players + 1


def test_each_seat_is_dealt_a_different_scene() -> None:
    state = start(6)
    scenes = [player.scene for player in state.seats]
    assert len(set(scenes)) == 6 and all(0 <= scene < 8 for scene in scenes)


def test_beginner_shares_a_pool_of_three_magnifiers_per_player() -> None:
    assert GAME.view(start(4), 0)["status"].pool == 12


def test_expert_players_have_three_magnifiers_each_and_two_cards_each_on_display() -> None:
    state = start(3, "expert")
    assert [p.magnifiers for p in GAME.view(state, 0)["players"]] == [3, 3, 3]
    assert len(state.display) == 6 and len(state.deck) == 94


def test_beginner_uses_no_cards() -> None:
    state = start(3)
    assert state.display == () and state.deck == ()


def test_the_first_turn_starts_with_the_search_and_its_sand_timer() -> None:
    state = start(2, seconds=90)
    assert state.phase is Phase.SEARCH
    timer = GAME.timer(state)
    assert timer is not None and timer.seconds == 90 and timer.action == act.TimeUp(1)


def test_options_default_to_beginner_and_a_two_minute_timer() -> None:
    assert GAME.validate_options({}) == {"mode": "beginner", "seconds": 120}


@pytest.mark.parametrize("raw", [{"mode": "master"}, {"seconds": 10}, {"seconds": 301}])
def test_bad_options_are_refused(raw: dict[str, object]) -> None:
    assert isinstance(GAME.validate_options(raw), Refusal)


def test_deal_is_setup_with_events_put_into_words() -> None:
    for seed in range(4):
        for mode in ("beginner", "expert"):
            dealt = GAME.deal(2 + seed, {"mode": mode}, seed)
            assert dealt.state == GAME.setup(2 + seed, {"mode": mode}, seed)
            names = [f"P{n}" for n in range(2 + seed)]
            for event in dealt.events:
                assert GAME.describe(event, names) != type(event).__name__


def test_the_same_seed_deals_the_same_game() -> None:
    assert start(5, "expert", seed=9) == start(5, "expert", seed=9)
    assert start(5, "expert", seed=9) != start(5, "expert", seed=10)
