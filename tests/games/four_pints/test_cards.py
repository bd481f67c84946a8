"""Event cards: Elbowing, Slip, Drunk, Happy Hour, and the spill rule."""

from __future__ import annotations

from app.games.four_pints import GAME
from app.games.four_pints.actions import (
    Buy,
    DiscardMoney,
    Elbow,
    KeepSaved,
    Pass,
    Reveal,
    SpillOwn,
)
from app.games.four_pints.cards import Beer, Kind
from app.games.four_pints.events import (
    DrunkEffect,
    HappyHourEnded,
    MoneyDiscarded,
    NothingToSpill,
    PintSpilled,
)
from app.games.four_pints.payment import price_for
from app.games.four_pints.state import Phase

from .tables import Cards, beers, play, play_events, refused, table, with_area


def test_elbowing_spills_chosen_opponent_pint() -> None:
    cards = Cards()
    elbowing = cards.event(Kind.ELBOWING)
    state = table(players=3, purchase_deck=(elbowing,))
    state = with_area(state, 1, pints=(cards.pint(Beer.LAGER),))
    state = with_area(state, 2, pints=(cards.pint(Beer.LAGER), cards.pint(Beer.STOUT)))
    state = play(state, Reveal())
    assert state.phase is Phase.ELBOW
    assert GAME.legal_actions(state, 0) == (
        Elbow(1, "lager"),
        Elbow(2, "lager"),
        Elbow(2, "stout"),
    )
    state, events = play_events(state, Elbow(2, "stout"))
    assert beers(state, 2) == [(Beer.LAGER, False), (Beer.STOUT, True)]
    assert beers(state, 1) == [(Beer.LAGER, False)]
    assert events == [PintSpilled(0, 2, "stout", "elbowing", False)]
    assert state.phase is Phase.REVEAL  # keep playing
    assert state.center == (elbowing,)


def test_elbowing_ignored_when_no_opponent_has_a_pint() -> None:
    cards = Cards()
    state = table(players=3, purchase_deck=(cards.event(Kind.ELBOWING),))
    state = with_area(state, 0, pints=(cards.pint(Beer.IPA),))  # your own pints are safe
    state, events = play_events(state, Reveal())
    assert state.phase is Phase.REVEAL
    assert NothingToSpill(0, "elbowing") in events
    assert beers(state, 0) == [(Beer.IPA, False)]


def test_elbowing_with_one_possible_pint_spills_it_at_once() -> None:
    cards = Cards()
    state = table(players=3, purchase_deck=(cards.event(Kind.ELBOWING),))
    state = with_area(state, 2, pints=(cards.pint(Beer.RED_ALE), cards.pint(Beer.RED_ALE)))
    state = play(state, Reveal())
    assert state.phase is Phase.REVEAL
    assert beers(state, 2) == [(Beer.RED_ALE, True), (Beer.RED_ALE, False)]


def test_spill_hits_upright_pints_before_spilled_ones() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.event(Kind.ELBOWING),))
    state = with_area(state, 1, pints=(cards.pint(Beer.IPA, True), cards.pint(Beer.LAGER)))
    state = play(state, Reveal())
    assert beers(state, 1) == [(Beer.IPA, True), (Beer.LAGER, True)]


def test_second_spill_discards_pint() -> None:
    cards = Cards()
    stout = cards.pint(Beer.STOUT, spilled=True)
    state = table(purchase_deck=(cards.event(Kind.ELBOWING),))
    state = with_area(state, 1, pints=(cards.pint(Beer.LAGER, spilled=True), stout))
    state = play(state, Reveal())
    assert GAME.legal_actions(state, 0) == (Elbow(1, "lager"), Elbow(1, "stout"))
    state, events = play_events(state, Elbow(1, "stout"))
    assert beers(state, 1) == [(Beer.LAGER, True)]
    assert state.beer_discard == (stout.card,)
    assert events == [PintSpilled(0, 1, "stout", "elbowing", True)]


def test_elbowing_choice_blocks_reveal_buy_and_pass() -> None:
    cards = Cards()
    state = table(
        players=3,
        bar=(cards.beer(Beer.LAGER), None, None, None),
        purchase_deck=(cards.event(Kind.ELBOWING), cards.money(5)),
    )
    state = with_area(state, 1, pints=(cards.pint(Beer.LAGER), cards.pint(Beer.IPA)))
    state = play(state, Reveal())
    for action in (Reveal(), Buy(0), Pass(), SpillOwn("lager")):
        assert refused(state, action).reason == "First choose an opponent's pint to spill."
    assert (
        refused(state, Elbow(0, "lager")).reason == "Elbowing spills an opponent's pint, not yours."
    )
    assert (
        refused(state, Elbow(1, "stout")).reason == "That player has no such pint you could spill."
    )


def test_slip_spills_own_chosen_pint() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.event(Kind.SLIP),))
    state = with_area(state, 0, pints=(cards.pint(Beer.IPA), cards.pint(Beer.LAGER)))
    state = with_area(state, 1, pints=(cards.pint(Beer.STOUT),))
    state = play(state, Reveal())
    assert state.phase is Phase.SLIP
    assert GAME.legal_actions(state, 0) == (SpillOwn("lager"), SpillOwn("ipa"))
    state, events = play_events(state, SpillOwn("lager"))
    assert beers(state, 0) == [(Beer.IPA, False), (Beer.LAGER, True)]
    assert beers(state, 1) == [(Beer.STOUT, False)]
    assert events == [PintSpilled(0, 0, "lager", "slip", False)]
    assert state.phase is Phase.REVEAL


def test_slip_with_no_pints_is_ignored() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.event(Kind.SLIP),))
    state = with_area(state, 1, pints=(cards.pint(Beer.STOUT),))
    state, events = play_events(state, Reveal())
    assert NothingToSpill(0, "slip") in events
    assert state.phase is Phase.REVEAL


def test_drunk_one_discards_money() -> None:
    cards = Cards()
    drunk, two, three = cards.event(Kind.DRUNK), cards.money(2), cards.money(3)
    state = table(purchase_deck=(two, three, drunk))
    state = with_area(state, 0, saved=cards.money(1))
    state, events = play_events(state, Reveal(), Reveal(), Reveal())
    assert state.areas[0].drunk == (drunk,)
    assert DrunkEffect(0, 1) in events
    assert state.phase is Phase.DRUNK_MONEY
    assert GAME.legal_actions(state, 0) == (DiscardMoney(1), DiscardMoney(2), DiscardMoney(3))
    state, events = play_events(state, DiscardMoney(3))
    assert state.center == (two,)
    assert state.purchase_discard == (three,)
    assert events == [MoneyDiscarded(0, (3,))]
    assert state.money == 3


def test_drunk_one_can_cost_the_saved_card() -> None:
    cards = Cards()
    saved = cards.money(5)
    state = table(purchase_deck=(cards.money(1), cards.event(Kind.DRUNK)))
    state = with_area(state, 0, saved=saved)
    state = play(state, Reveal(), Reveal(), DiscardMoney(5))
    assert state.areas[0].saved is None
    assert saved in state.purchase_discard


def test_drunk_one_without_money_loses_nothing() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.event(Kind.DRUNK),))
    state, events = play_events(state, Reveal())
    assert MoneyDiscarded(0, ()) in events
    assert state.phase is Phase.REVEAL


def test_drunk_two_spills_own_beer() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.event(Kind.DRUNK),))
    state = with_area(
        state,
        0,
        drunk=(cards.event(Kind.DRUNK),),
        pints=(cards.pint(Beer.LAGER), cards.pint(Beer.IPA)),
    )
    state, events = play_events(state, Reveal())
    assert DrunkEffect(0, 2) in events
    assert state.phase is Phase.DRUNK_SPILL
    state, events = play_events(state, SpillOwn("lager"))
    assert beers(state, 0) == [(Beer.LAGER, True), (Beer.IPA, False)]
    assert events == [PintSpilled(0, 0, "lager", "drunk", False)]


def test_drunk_three_ends_turn_and_discards_all_money() -> None:
    cards = Cards()
    three, saved = cards.money(3), cards.money(2)
    state = table(
        bar=(cards.beer(Beer.LAGER), None, None, None),
        beer_deck=(cards.beer(Beer.LAGER),),
        purchase_deck=(three, cards.event(Kind.DRUNK)),
    )
    state = with_area(
        state, 0, saved=saved, drunk=(cards.event(Kind.DRUNK), cards.event(Kind.DRUNK))
    )
    state = play(state, Reveal())
    assert GAME.legal_actions(state, 0)[1] == Buy(0)
    state, events = play_events(state, Reveal())
    assert DrunkEffect(0, 3) in events
    assert MoneyDiscarded(0, (3, 2)) in events
    assert state.seat == 1  # the turn ended at once, nothing bought and nothing to save
    assert state.areas[0].saved is None and state.areas[0].pints == ()
    assert len(state.areas[0].drunk) == 3
    assert {three, saved} <= set(state.purchase_discard)


def test_happy_hour_half_price_rounded_down_until_drawer_turn() -> None:
    cards = Cards()
    happy_hour = cards.event(Kind.HAPPY_HOUR)
    bitter, stout = cards.beer(Beer.BITTER), cards.beer(Beer.STOUT)
    state = table(
        players=3,
        bar=(bitter, stout, None, None),
        beer_deck=(cards.beer(Beer.LAGER), cards.beer(Beer.LAGER)),
        purchase_deck=(happy_hour, cards.money(1), cards.money(1), cards.money(1)),
    )
    state = play(state, Reveal())
    assert state.areas[0].happy_hour == happy_hour
    assert state.discounts == frozenset({0, 1, 2})
    assert (price_for(state, 0, bitter), price_for(state, 0, stout)) == (1, 2)  # £3 -> £1, £5 -> £2
    state = play(state, Reveal(), Buy(0))  # the drawer gets it too, starting now
    assert state.discounts == frozenset({1, 2})  # once each
    assert price_for(state, 0, stout) == 5
    state = play(state, Reveal(), Pass(), KeepSaved())  # seat 1 does not buy
    assert (state.seat, price_for(state, 2, stout)) == (2, 2)
    state = play(state, Reveal(), Pass(), KeepSaved())  # neither does seat 2
    assert state.seat == 0
    assert state.areas[0].happy_hour is None
    assert happy_hour in state.purchase_discard
    assert state.discounts == frozenset()
    assert price_for(state, 1, stout) == 5


def test_happy_hour_ends_at_the_start_of_the_drawers_next_turn() -> None:
    cards = Cards()
    happy_hour = cards.event(Kind.HAPPY_HOUR)
    state = table(
        beer_deck=(cards.beer(Beer.LAGER),),
        purchase_deck=(cards.event(Kind.SLIP),),
        discounts=frozenset({0, 1}),
    )
    state = with_area(state, 1, happy_hour=happy_hour)
    state, events = play_events(state, Reveal(), Pass())  # seat 0 lets its half price go
    assert HappyHourEnded(1) in events
    assert state.areas[1].happy_hour is None
    assert happy_hour in state.purchase_discard
    assert state.discounts == frozenset()


def test_drunk_one_with_a_single_money_value_discards_it_at_once() -> None:
    cards = Cards()
    saved = cards.money(2)
    state = table(purchase_deck=(cards.event(Kind.DRUNK),))
    state = with_area(state, 0, saved=saved)
    state, events = play_events(state, Reveal())
    assert state.phase is Phase.REVEAL
    assert state.areas[0].saved is None
    assert events[-1] == MoneyDiscarded(0, (2,))


def test_drunk_one_takes_a_center_card_before_an_equal_saved_card() -> None:
    cards = Cards()
    saved, center = cards.money(2), cards.money(2)
    state = table(purchase_deck=(center, cards.event(Kind.DRUNK)))
    state = with_area(state, 0, saved=saved)
    state = play(state, Reveal(), Reveal())
    assert state.areas[0].saved == saved
    assert state.purchase_discard == (center,)
