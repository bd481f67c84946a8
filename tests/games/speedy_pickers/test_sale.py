"""The expert selling phase: token order, passing for good, what cards cost, Double Dose, euros."""

from __future__ import annotations

from app.games.speedy_pickers import GAME
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.cards import CARDS, Power
from app.games.speedy_pickers.objects import Category
from app.games.speedy_pickers.state import Phase, SpeedyState
from tests.games.speedy_pickers.tables import (
    card_of,
    collector,
    giving,
    holding,
    ok,
    on_display,
    refused,
    start,
    tiles_of,
    time_up,
)

SPORT = Category.SPORT
HISTORY = Category.HISTORY


def _sale(players: int = 4, *cards: int, stops: tuple[int, ...] = ()) -> SpeedyState:
    """Returns an expert sale: seat s keeps 3 sport + 3 history tiles (distinct per seat),
    `cards` on display, seats in `stops` stopped first, in that order."""
    state = start(players, "expert")
    for seat in range(players):
        tiles = tiles_of(SPORT, 3, 3 * seat) + tiles_of(HISTORY, 3, 3 * seat)
        state = giving(state, seat, tiles)
    state = on_display(state, *cards)
    for seat in stops:
        state = ok(state, seat, act.Stop())
    return time_up(state) if state.phase is Phase.SEARCH else state


def test_tokens_go_to_who_stopped_first_then_the_rest_in_seat_order() -> None:
    state = _sale(4, collector(SPORT, 1), stops=(2, 0))
    assert [state.player(seat).token for seat in range(4)] == [2, 3, 1, 4]
    assert state.phase is Phase.SELL and state.seller == 2


def test_the_sale_goes_round_in_token_order() -> None:
    cards = tuple(c.id for c in CARDS if c.category is SPORT and c.objects == 1)[:4]
    state = _sale(3, *cards, stops=(1,))
    order = []
    for card in cards[:3]:
        order.append(state.seller)
        assert state.seller is not None
        state = ok(state, state.seller, act.Buy(card, SPORT.value))
    assert order == [1, 0, 2]


def test_a_collector_card_costs_one_object_of_its_symbol() -> None:
    card = collector(SPORT, 1)
    state = _sale(2, card, collector(HISTORY, 1), stops=(0,))
    sport_before = state.player(0).kept[0]
    state = ok(state, 0, act.Buy(card, SPORT.value))
    assert card in state.player(0).cards and sport_before in state.discarded
    assert len(state.player(0).kept) == 5


def test_a_collector_card_of_another_symbol_is_refused() -> None:
    state = _sale(2, collector(SPORT, 1), collector(HISTORY, 1), stops=(0,))
    refusal = refused(state, 0, act.Buy(collector(SPORT, 1), HISTORY.value))
    assert "objects" in refusal.text()


def test_some_collector_cards_ask_for_two_objects() -> None:
    card = collector(SPORT, 2)
    state = _sale(2, card, collector(HISTORY, 1), stops=(0,))
    state = state.with_player(0, kept=tiles_of(SPORT, 1) + tiles_of(HISTORY, 3))
    assert "objects" in refused(state, 0, act.Buy(card, SPORT.value)).text()
    state = state.with_player(0, kept=tiles_of(SPORT, 2))
    assert len(ok(state, 0, act.Buy(card, SPORT.value)).player(0).kept) == 0


def test_an_action_card_costs_three_objects_with_the_same_symbol() -> None:
    card = card_of(Power.CLOTH)
    state = _sale(2, card, collector(SPORT, 1), stops=(0,))
    mixed = tiles_of(SPORT, 2) + tiles_of(HISTORY, 2)
    assert "objects" in refused(state.with_player(0, kept=mixed), 0, act.Buy(card, "sport")).text()
    state = ok(state, 0, act.Buy(card, HISTORY.value))
    assert state.player(0).kept == tiles_of(SPORT, 3)


def test_a_player_who_passes_is_out_of_the_sale_for_good() -> None:
    cards = tuple(c.id for c in CARDS if c.category is SPORT and c.objects == 1)[:5]
    state = _sale(3, *cards, stops=(0, 1, 2))
    state = ok(state, 0, act.Pass())
    for _round in range(2):
        assert state.seller in (1, 2)
        assert state.seller is not None
        state = ok(state, state.seller, act.Buy(cards[_round], SPORT.value))
    assert state.seller == 1 and state.player(0).passed


def test_the_sale_ends_when_all_have_passed() -> None:
    state = _sale(2, collector(SPORT, 1), stops=(0, 1))
    state = ok(ok(state, 0, act.Pass()), 1, act.Pass())
    assert state.turn == 2 and state.phase is Phase.PREPARE


def test_the_sale_ends_when_no_card_is_left() -> None:
    card = collector(SPORT, 1)
    state = ok(_sale(2, card, stops=(1,)), 1, act.Buy(card, SPORT.value))
    assert state.turn == 2


def test_a_player_who_can_pay_for_nothing_passes_at_once() -> None:
    state = start(2, "expert")
    state = on_display(giving(state, 1, tiles_of(SPORT, 1)), collector(SPORT, 1))
    state = time_up(ok(state, 0, act.Stop()))
    assert state.seller == 1 and state.player(0).passed
    assert state.turn == 1


def test_passing_is_refused_out_of_turn() -> None:
    state = _sale(2, collector(SPORT, 1), stops=(0,))
    assert "not your turn" in refused(state, 1, act.Pass()).text()


def test_double_dose_buys_up_to_two_cards_a_turn() -> None:
    dose = card_of(Power.DOUBLE_DOSE)
    cards = tuple(c.id for c in CARDS if c.category is SPORT and c.objects == 1)[:3]
    state = holding(_sale(2, *cards, stops=(0,)), 0, dose)
    state = ok(state, 0, act.PlayPower(dose))
    state = ok(state, 0, act.Buy(cards[0], SPORT.value))
    assert state.seller == 0
    state = ok(state, 0, act.Buy(cards[1], SPORT.value))
    assert state.seller == 1 and dose in state.player(0).used


def test_without_double_dose_the_turn_passes_after_one_card() -> None:
    cards = tuple(c.id for c in CARDS if c.category is SPORT and c.objects == 1)[:3]
    state = ok(_sale(2, *cards, stops=(0,)), 0, act.Buy(cards[0], SPORT.value))
    assert state.seller == 1


def test_double_dose_may_stop_after_one_card() -> None:
    dose = card_of(Power.DOUBLE_DOSE)
    cards = tuple(c.id for c in CARDS if c.category is SPORT and c.objects == 1)[:3]
    state = holding(_sale(2, *cards, stops=(0,)), 0, dose)
    state = ok(ok(state, 0, act.PlayPower(dose)), 0, act.Buy(cards[0], SPORT.value))
    state = ok(state, 0, act.Done())
    assert state.seller == 1 and not state.player(0).passed


def test_double_dose_is_not_played_before_the_sale() -> None:
    dose = card_of(Power.DOUBLE_DOSE)
    state = holding(start(2, "expert"), 0, dose)
    assert "selling phase" in refused(state, 0, act.PlayPower(dose)).text()


def test_euros_are_the_cards_values_plus_ten_per_object_kept() -> None:
    card = collector(SPORT, 1)
    state = ok(_sale(2, card, stops=(0,)), 0, act.Buy(card, SPORT.value))
    euros = CARDS[card].euros + 10 * 5
    assert GAME.view(state, 1)["players"][0].score == euros
    assert GAME.view(state, 1)["scores"].totals == (euros, 60)
