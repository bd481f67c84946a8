"""Setup and the start of each round."""

from __future__ import annotations

import pytest

from app.games.four_pints import GAME
from app.games.four_pints.cards import BEER_CARDS, PURCHASE_CARDS, Kind
from app.games.four_pints.state import Phase


def test_game_facts() -> None:
    assert (GAME.id, GAME.name, GAME.min_players, GAME.max_players) == (
        "four-pints",
        "4 Pints",
        2,
        4,
    )
    assert set(GAME.bots) == {"random", "greedy"}


def test_components_match_the_rulebook() -> None:
    beers = [card.beer.value for card in BEER_CARDS]
    kinds = [card.kind for card in PURCHASE_CARDS]
    assert [beers.count(b) for b in ("lager", "bitter", "red-ale", "stout", "ipa")] == [
        5,
        4,
        3,
        2,
        2,
    ]
    assert [kinds.count(k) for k in Kind] == [18, 8, 2, 2, 1]
    assert len({card.id for card in BEER_CARDS}) == 16
    assert len({card.id for card in PURCHASE_CARDS}) == 31


@pytest.mark.parametrize(("players", "removed"), [(2, 6), (3, 3), (4, 0)])
def test_removal_6_for_2_players_3_for_3(players: int, removed: int) -> None:
    state = GAME.setup(players, {}, seed=11)
    assert len(state.removed) == removed
    assert sum(card is not None for card in state.bar) == 4
    assert len(state.beer_deck) == 16 - removed - 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_one_pound_to_each_game_area(players: int) -> None:
    state = GAME.setup(players, {}, seed=5)
    assert [area.saved.value if area.saved else None for area in state.areas] == [1] * players
    assert len(state.purchase_deck) == 31 - players
    assert all(card.value == 1 for card in PURCHASE_CARDS[:7])  # the £1 cards come from the 18


def test_first_player_is_chosen_at_random_and_plays_first() -> None:
    kegs = {GAME.setup(4, {}, seed).keg for seed in range(40)}
    assert kegs == {0, 1, 2, 3}
    state = GAME.setup(3, {}, seed=9)
    assert state.seat == state.keg
    assert state.phase is Phase.REVEAL
    assert GAME.active_seats(state) == frozenset({state.keg})


def test_same_seed_same_table() -> None:
    assert GAME.setup(3, {}, 42) == GAME.setup(3, {}, 42)
    assert GAME.setup(3, {}, 42) != GAME.setup(3, {}, 43)


@pytest.mark.parametrize("players", [1, 5])
def test_setup_refuses_wrong_player_count(players: int) -> None:
    with pytest.raises(ValueError):
        GAME.setup(players, {}, 1)
