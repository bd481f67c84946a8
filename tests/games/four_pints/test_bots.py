"""The greedy bot pushes its luck sensibly and only plays legal moves."""

from __future__ import annotations

import random

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
from app.games.four_pints.bots import greedy
from app.games.four_pints.cards import Beer, Kind

from .tables import Cards, play, table, with_area

_RNG = random.Random(0)


def test_greedy_reveals_until_it_can_afford_the_best_value_pint() -> None:
    cards = Cards()
    state = table(
        bar=(cards.beer(Beer.LAGER), cards.beer(Beer.IPA), None, None),
        purchase_deck=(cards.money(3), cards.money(3), cards.money(1)),
    )
    state = play(state, Reveal())
    assert greedy(GAME, state, 0, _RNG) == Reveal()  # £3 buys the Lager, but IPA is the aim
    state = play(state, Reveal())
    assert greedy(GAME, state, 0, _RNG) == Buy(1)


def test_greedy_prefers_the_happy_hour_bargain() -> None:
    cards = Cards()
    state = table(
        bar=(cards.beer(Beer.IPA), cards.beer(Beer.BITTER), None, None),
        purchase_deck=(cards.money(1), cards.money(3)),
        discounts=frozenset({0}),
    )
    state = play(state, Reveal())
    assert greedy(GAME, state, 0, _RNG) == Buy(1)  # 3 points for £1


def test_greedy_stops_with_two_drunk_cards() -> None:
    cards = Cards()
    drunk = (cards.event(Kind.DRUNK), cards.event(Kind.DRUNK))
    state = table(
        bar=(cards.beer(Beer.LAGER), cards.beer(Beer.IPA), None, None),
        purchase_deck=(cards.money(3), cards.money(3)),
    )
    state = play(with_area(state, 0, drunk=drunk), Reveal())
    assert greedy(GAME, state, 0, _RNG) == Buy(0)  # the Lager now, not the IPA later
    broke = table(purchase_deck=(cards.event(Kind.SLIP), cards.money(5)))
    broke = play(with_area(broke, 0, drunk=drunk), Reveal())
    assert greedy(GAME, broke, 0, _RNG) == Pass()


def test_greedy_elbows_the_leader_on_their_most_valuable_pint() -> None:
    cards = Cards()
    state = table(players=3, purchase_deck=(cards.event(Kind.ELBOWING),))
    state = with_area(state, 1, pints=(cards.pint(Beer.STOUT),))
    state = with_area(state, 2, pints=(cards.pint(Beer.LAGER), cards.pint(Beer.RED_ALE)))
    state = with_area(state, 0, pints=(cards.pint(Beer.IPA),))
    state = play(state, Reveal())
    assert greedy(GAME, state, 0, _RNG) == Elbow(2, "red-ale")


def test_greedy_spills_its_cheapest_pint_and_drops_its_smallest_money() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.event(Kind.SLIP),))
    state = with_area(state, 0, pints=(cards.pint(Beer.IPA), cards.pint(Beer.BITTER)))
    assert greedy(GAME, play(state, Reveal()), 0, _RNG) == SpillOwn("bitter")
    state = table(purchase_deck=(cards.money(5), cards.event(Kind.DRUNK)))
    state = with_area(state, 0, saved=cards.money(2))
    assert greedy(GAME, play(state, Reveal(), Reveal()), 0, _RNG) == DiscardMoney(2)


def test_greedy_saves_its_highest_unused_money() -> None:
    cards = Cards()
    state = table(
        beer_deck=(cards.beer(Beer.LAGER),),
        purchase_deck=(cards.money(2), cards.money(3), cards.money(1)),
    )
    state = play(state, Reveal(), Reveal(), Reveal(), Pass())
    assert greedy(GAME, state, 0, _RNG) == Save(3)
    state = with_area(state, 0, saved=cards.money(5))
    assert greedy(GAME, state, 0, _RNG) == KeepSaved()


def test_greedy_beats_random_more_often_than_not() -> None:
    wins = 0
    for seed in range(40):
        state = GAME.setup(2, {}, seed)
        rng = random.Random(seed)
        while (result := GAME.result(state)) is None:
            (seat,) = GAME.active_seats(state)
            bot = GAME.bots["greedy" if seat == 0 else "random"]
            applied = GAME.apply(state, seat, bot(GAME, state, seat, rng))
            state = applied.state  # type: ignore[union-attr]
        wins += result.ranks[0] == 1
    assert wins > 28
