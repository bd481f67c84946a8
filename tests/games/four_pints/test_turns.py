"""A turn: reveal at least one card, buy one pint or pass, save one Money card."""

from __future__ import annotations

from app.games.four_pints import GAME
from app.games.four_pints.actions import Buy, KeepSaved, Pass, Reveal, Save
from app.games.four_pints.cards import Beer, Kind
from app.games.four_pints.events import DrunkSobered, PurchaseReshuffled, TurnStarted
from app.games.four_pints.payment import choose_payment
from app.games.four_pints.state import Phase

from .tables import Cards, beers, play, play_events, refused, table, with_area


def test_must_reveal_at_least_one() -> None:
    cards = Cards()
    state = table(
        bar=(cards.beer(Beer.LAGER), None, None, None),
        purchase_deck=(cards.money(2),),
    )
    state = with_area(state, 0, saved=cards.money(5))
    assert GAME.legal_actions(state, 0) == (Reveal(),)
    assert refused(state, Pass()).reason == "Reveal at least one Purchase card first."
    assert refused(state, Buy(0)).reason == "Reveal at least one Purchase card first."
    state = play(state, Reveal())
    assert GAME.legal_actions(state, 0) == (Buy(0), Pass())  # the deck is empty now


def test_revealed_money_adds_to_this_turns_total() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.money(2), cards.money(3), cards.money(1)))
    state = with_area(state, 0, saved=cards.money(1))
    state = play(state, Reveal(), Reveal())
    assert state.money == 6
    assert [card.value for card in state.center] == [2, 3]


def test_one_beer_per_turn() -> None:
    cards = Cards()
    state = table(
        bar=(cards.beer(Beer.LAGER), cards.beer(Beer.LAGER), None, None),
        beer_deck=(cards.beer(Beer.BITTER),),
        purchase_deck=(cards.money(5), cards.money(1)),
    )
    state = play(state, Reveal(), Reveal(), Buy(0))
    assert state.phase is Phase.SAVE  # £1 is left over: the only choice now is what to save
    assert all(not isinstance(action, (Buy, Reveal)) for action in GAME.legal_actions(state, 0))
    reason = refused(state, Buy(1)).reason
    assert reason == "Your turn is over: save a Money card from the center or let them go."
    assert beers(state, 0) == [(Beer.LAGER, False)]


def test_buying_pays_with_center_and_saved_money() -> None:
    cards = Cards()
    stout = cards.beer(Beer.STOUT)
    state = table(bar=(stout, None, None, None), purchase_deck=(cards.money(3),))
    state = with_area(state, 0, saved=cards.money(2))
    state = play(state, Reveal(), Buy(0))
    assert state.seat == 1  # nothing left to save, so the turn passed
    assert state.areas[0].saved is None
    assert beers(state, 0) == [(Beer.STOUT, False)]
    assert sorted(card.value for card in state.purchase_discard) == [2, 3]


def test_cannot_buy_what_you_cannot_afford() -> None:
    cards = Cards()
    state = table(bar=(cards.beer(Beer.IPA), None, None, None), purchase_deck=(cards.money(5),))
    state = play(state, Reveal())
    assert Buy(0) not in GAME.legal_actions(state, 0)
    assert (
        refused(state, Buy(0)).text() == "You cannot afford the IPA: it costs £6 and you have £5."
    )
    assert refused(state, Buy(1)).reason == "There is no pint in that place at the bar."


def test_bar_refill() -> None:
    cards = Cards()
    bitter, red_ale = cards.beer(Beer.BITTER), cards.beer(Beer.RED_ALE)
    state = table(
        bar=(cards.beer(Beer.LAGER), cards.beer(Beer.LAGER), cards.beer(Beer.LAGER), None),
        beer_deck=(bitter, red_ale),
        purchase_deck=(cards.money(2),),
    )
    state = play(state, Reveal(), Buy(1))
    assert state.bar[1] == bitter
    assert state.beer_deck == (red_ale,)


def test_bar_is_not_refilled_once_the_beer_deck_is_out() -> None:
    cards = Cards()
    state = table(
        players=3,
        bar=(cards.beer(Beer.LAGER), cards.beer(Beer.BITTER), None, None),
        purchase_deck=(cards.money(2),),
    )
    state = play(state, Reveal(), Buy(0))
    assert state.bar == (None, state.bar[1], None, None)
    assert state.seat == 1  # the round goes on until the turn comes back to the Keg


def test_pass_ends_the_turn_without_buying() -> None:
    cards = Cards()
    state = table(
        bar=(cards.beer(Beer.LAGER), None, None, None),
        beer_deck=(cards.beer(Beer.LAGER),),
        purchase_deck=(cards.event(Kind.SLIP), cards.money(1)),
    )
    state, events = play_events(state, Reveal(), Pass())
    assert state.seat == 1
    assert state.areas[0].pints == ()
    assert state.purchase_discard == (state.purchase_discard[0],)  # the Slip left the center
    assert TurnStarted(1) in events


def test_save_replaces_old_saved_card() -> None:
    cards = Cards()
    old, three, two = cards.money(1), cards.money(3), cards.money(2)
    state = table(beer_deck=(cards.beer(Beer.LAGER),), purchase_deck=(three, two))
    state = with_area(state, 0, saved=old)
    state = play(state, Reveal(), Reveal(), Pass())
    assert state.phase is Phase.SAVE
    assert GAME.legal_actions(state, 0) == (Save(2), Save(3), KeepSaved())
    state = play(state, Save(3))
    assert state.areas[0].saved == three
    assert set(state.purchase_discard) == {old, two}
    assert state.seat == 1


def test_keep_saved_discards_the_center() -> None:
    cards = Cards()
    old, five = cards.money(2), cards.money(5)
    state = table(beer_deck=(cards.beer(Beer.LAGER),), purchase_deck=(five,))
    state = with_area(state, 0, saved=old)
    state = play(state, Reveal(), Pass(), KeepSaved())
    assert state.areas[0].saved == old
    assert state.purchase_discard == (five,)


def test_no_save_step_without_unused_money() -> None:
    cards = Cards()
    state = table(beer_deck=(cards.beer(Beer.LAGER),), purchase_deck=(cards.event(Kind.ELBOWING),))
    state = play(state, Reveal(), Pass())
    assert (state.seat, state.phase) == (1, Phase.REVEAL)


def test_discard_one_drunk_at_turn_start() -> None:
    cards = Cards()
    first, second = cards.event(Kind.DRUNK), cards.event(Kind.DRUNK)
    state = table(beer_deck=(cards.beer(Beer.LAGER),), purchase_deck=(cards.event(Kind.SLIP),))
    state = with_area(state, 1, drunk=(first, second))
    state, events = play_events(state, Reveal(), Pass())
    assert state.areas[1].drunk == (second,)
    assert first in state.purchase_discard
    assert DrunkSobered(1, 1) in events


def test_purchase_discard_reshuffled() -> None:
    cards = Cards()
    discard = (cards.money(1), cards.money(2), cards.money(3), cards.money(5))
    state = table(purchase_discard=discard)
    state, events = play_events(state, Reveal())
    assert events[0] == PurchaseReshuffled(4)
    assert state.purchase_discard == ()
    assert len(state.purchase_deck) == 3
    assert {*state.purchase_deck, *state.center} == set(discard)


def test_reveal_not_legal_when_no_purchase_cards_are_left() -> None:
    cards = Cards()
    state = table(purchase_deck=(cards.money(1),))
    state = play(state, Reveal())
    assert Reveal() not in GAME.legal_actions(state, 0)
    assert refused(state, Reveal()).reason == "There are no Purchase cards left to reveal."


def test_payment_keeps_the_highest_card_you_could_save() -> None:
    cards = Cards()
    one, two, three, five = cards.money(1), cards.money(2), cards.money(3), cards.money(5)
    # Price 3 from £1 £2 £3 £5: keep the £5, pay £3 (one card rather than £1 + £2).
    assert choose_payment((one, two, three, five), None, 3) == (three,)
    # Price 6: keeping the £5 leaves only £6, so pay £1 £2 £3 and keep £5.
    assert set(choose_payment((one, two, three, five), None, 6)) == {one, two, three}
    # Price 9 from £11: the best card left can only be the £2.
    assert set(choose_payment((one, two, three, five), None, 9)) == {one, three, five}


def test_payment_prefers_fewest_cards_then_least_money() -> None:
    cards = Cards()
    ones = (cards.money(1), cards.money(1), cards.money(1))
    three, five = cards.money(3), cards.money(5)
    # Price 3 from £1 £1 £1 £3 £5: keep £5; £3 alone beats three £1 cards.
    assert choose_payment((*ones, three, five), None, 3) == (three,)
    two_a, two_b = cards.money(2), cards.money(2)
    # Price 4 from £2 £2 £5: £5 alone would do, but then only a £2 is left to save.
    assert set(choose_payment((two_a, two_b, five), None, 4)) == {two_a, two_b}


def test_payment_keeps_the_saved_card_over_an_equal_center_card() -> None:
    cards = Cards()
    center_two, saved_two, three = cards.money(2), cards.money(2), cards.money(3)
    assert choose_payment((center_two,), saved_two, 2) == (center_two,)
    assert choose_payment((center_two, three), saved_two, 2) == (center_two,)
    # Keeping the £3 matters more than keeping the saved card.
    assert set(choose_payment((center_two, three), saved_two, 3)) == {center_two, saved_two}
