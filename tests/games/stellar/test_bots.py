"""The greedy bot plays legal, sensible moves from what its seat may know, and beats random."""

from __future__ import annotations

import random

from app.games.core import Applied
from app.games.stellar import GAME
from app.games.stellar.actions import Clear, Done, Keep, MoveSatellite, Place, PlayNotebook, Take
from app.games.stellar.bots import greedy
from app.games.stellar.cards import Suit
from app.games.stellar.state import Phase

from .tables import Cards, note, play, row, scope, table, with_board

_RNG = random.Random(0)


def test_greedy_takes_the_card_that_completes_a_run() -> None:
    cards = Cards()
    planet2 = cards.card(Suit.PLANET, 2, stars=1)
    state = table(row=row(*cards.filler(4), planet2), deck=cards.filler(4))
    state = with_board(
        state,
        0,
        telescope=scope({3: cards.card(Suit.PLANET, 1, stars=3)}),
        notebook=note(cards.card(Suit.PLANET, 1, stars=2), cards.card(Suit.PLANET, 3)),
        hand=cards.filler(2),
    )
    assert greedy(GAME, state, 0, _RNG) == Take(5)
    state = play(state, Take(5))
    assert greedy(GAME, state, 0, _RNG) == PlayNotebook(planet2.id)


def test_greedy_places_a_starry_card_next_to_its_suit() -> None:
    cards = Cards()
    moon = cards.card(Suit.MOON, 1, stars=3)
    state = table(row=row(moon, *cards.filler(4)), deck=cards.filler(4))
    planet = cards.card(Suit.PLANET, 1, stars=2)
    state = with_board(
        state,
        0,
        telescope=scope({11: cards.card(Suit.MOON, 2, stars=2)}),
        notebook=note(cards.card(Suit.MOON, 2, stars=1), cards.card(Suit.MOON, 3)),
        hand=(planet, cards.filler(1)[0]),
    )
    state = play(state, Take(2), PlayNotebook(planet.id))
    assert state.phase is Phase.PLACE and state.drawn == moon
    assert greedy(GAME, state, 0, _RNG) in (Place(7), Place(10))


def test_greedy_clears_a_row_that_helps_the_taker_more() -> None:
    cards = Cards()
    cloud2 = cards.card(Suit.CLOUD, 2, stars=2)
    starless = (cards.card(Suit.ASTEROID, 5), cards.card(Suit.ASTEROID, 4, 0))
    state = table(row=row(cloud2, cards.satellite(), *starless), deck=cards.filler(8))
    clouds = {  # the same board in two suits: only the clouds want the Cloud 2
        "telescope": scope({3: cards.card(Suit.CLOUD, 1, stars=2)}),
        "notebook": note(cards.card(Suit.CLOUD, 1, stars=3), cards.card(Suit.CLOUD, 3)),
    }
    moons = {
        "telescope": scope({3: cards.card(Suit.MOON, 1, stars=2)}),
        "notebook": note(cards.card(Suit.MOON, 1, stars=3), cards.card(Suit.MOON, 3)),
    }
    state = with_board(with_board(state, 1, **moons), 0, hand=cards.filler(2), **clouds)
    state = play(state, Take(2))
    assert greedy(GAME, state, 1, _RNG) == Clear()
    swapped = with_board(with_board(state, 0, **moons), 1, **clouds)
    assert greedy(GAME, swapped, 1, _RNG) == Keep()


def test_greedy_finishes_with_the_best_card_and_satellite() -> None:
    cards = Cards()
    satellite = cards.satellite()
    moon4 = cards.card(Suit.MOON, 4)
    notebook = note(
        cards.card(Suit.MOON, 1, stars=2),
        cards.card(Suit.MOON, 3),
        satellite,
        stacks={satellite.id: Suit.PLANET},
    )
    state = table(phase=Phase.FINAL, round=11)
    state = with_board(
        state,
        0,
        telescope=scope({0: cards.card(Suit.MOON, 1, stars=3)}),
        notebook=notebook,
        hand=(cards.card(Suit.PLANET, 5), moon4),
    )
    assert greedy(GAME, state, 0, _RNG) == PlayNotebook(moon4.id)
    state = play(state, PlayNotebook(moon4.id), seat=0)
    assert greedy(GAME, state, 0, _RNG) == MoveSatellite(satellite.id, "moon")  # 1-2-3-4
    state = play(state, MoveSatellite(satellite.id, "moon"), seat=0)
    assert greedy(GAME, state, 0, _RNG) == Done()


def test_greedy_beats_random_clearly() -> None:
    wins = 0
    for seed in range(30):
        state = GAME.setup(2, {}, seed)
        rng = random.Random(seed)
        greedy_seat = seed % 2
        while (result := GAME.result(state)) is None:
            seat = min(GAME.active_seats(state))
            bot = GAME.bots["greedy" if seat == greedy_seat else "random"]
            applied = GAME.apply(state, seat, bot(GAME, state, seat, rng))
            assert isinstance(applied, Applied)
            state = applied.state
        wins += result.ranks[greedy_seat] == 1 and result.ranks[1 - greedy_seat] == 2
    assert wins >= 24
