"""End of the round, end of the game, scoring and the tie-break."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from app.games.core import Applied, Result
from app.games.four_pints import GAME
from app.games.four_pints.actions import KeepSaved, Pass, Reveal
from app.games.four_pints.cards import Beer, Kind
from app.games.four_pints.events import GameEnded, RoundEnded, RoundStarted, TurnStarted
from app.games.four_pints.state import Area, FourPintsState, Phase

from .tables import Cards, play, play_events, table, with_area

_QUIET_TURN = (Reveal(), Pass(), KeepSaved())
"""Reveal the £1 the tables below put on the Purchase deck, pass, keep the saved card."""


def _last_turn_of_round(players: int, keg: int) -> tuple[FourPintsState, Cards]:
    """Returns a table where the player before the Keg plays with the Beer deck out."""
    cards = Cards()
    state = table(players=players, keg=keg, seat=(keg - 1) % players)
    return replace(state, purchase_deck=(cards.money(1),)), cards


def test_round_ends_when_beer_deck_out_and_turn_returns_to_first_player() -> None:
    state, cards = _last_turn_of_round(3, keg=1)
    state = with_area(state, 2, pints=(cards.pint(Beer.IPA), cards.pint(Beer.LAGER, True)))
    state = with_area(state, 0, pints=(cards.pint(Beer.BITTER),))
    state, events = play_events(state, *_QUIET_TURN)
    assert RoundEnded(1, (3, 0, 9)) in events
    assert state.round_scores == ((3, 0, 9),)
    assert state.round == 2
    assert TurnStarted(1) not in events  # the first player does not play again in round 1


def test_round_goes_on_after_the_beer_deck_is_out_until_the_first_player() -> None:
    cards = Cards()
    state = table(players=3, keg=0, seat=1, purchase_deck=(cards.money(1),))
    state = play(state, *_QUIET_TURN)
    assert (state.round, state.seat) == (1, 2)


def test_round_goes_on_while_the_beer_deck_has_cards() -> None:
    cards = Cards()
    state = table(seat=1, beer_deck=(cards.beer(Beer.LAGER),), purchase_deck=(cards.money(1),))
    state = play(state, *_QUIET_TURN)
    assert (state.round, state.seat) == (1, 0)


def test_keg_passes_left() -> None:
    state, _cards = _last_turn_of_round(4, keg=3)
    state, events = play_events(state, *_QUIET_TURN)
    assert RoundStarted(2, 0) in events
    assert (state.keg, state.seat) == (0, 0)
    assert events[-1] == TurnStarted(0)


def test_new_round_collects_every_card_and_deals_again() -> None:
    state, cards = _last_turn_of_round(2, keg=0)
    state = with_area(state, 0, pints=(cards.pint(Beer.IPA),), drunk=(cards.event(Kind.DRUNK),))
    state = play(state, *_QUIET_TURN)
    assert state.areas == tuple(Area(saved=area.saved) for area in state.areas)
    assert [area.saved.value for area in state.areas if area.saved] == [1, 1]
    assert (len(state.removed), len(state.beer_deck), len(state.purchase_deck)) == (6, 6, 29)
    assert state.purchase_discard == () and state.beer_discard == ()


def test_scoring_upright_points_and_one_per_spilled() -> None:
    state, cards = _last_turn_of_round(2, keg=1)
    pints = (
        cards.pint(Beer.LAGER),
        cards.pint(Beer.BITTER),
        cards.pint(Beer.RED_ALE),
        cards.pint(Beer.STOUT),
        cards.pint(Beer.IPA),
        cards.pint(Beer.IPA, spilled=True),
    )
    state = with_area(state, 0, pints=pints)
    assert state.areas[0].score == 2 + 3 + 5 + 6 + 8 + 1
    state = play(state, *_QUIET_TURN)
    assert state.round_scores == ((25, 0),)


def test_last_round_ends_the_game() -> None:
    state, cards = _last_turn_of_round(2, keg=1)
    state = replace(state, round=2, round_scores=((4, 6),))
    state = with_area(state, 0, pints=(cards.pint(Beer.IPA),))
    state, events = play_events(state, *_QUIET_TURN)
    assert state.phase is Phase.OVER
    assert GAME.result(state) == Result(scores=(12, 6), ranks=(1, 2), rounds=((4, 6), (8, 0)))
    assert events[-2:] == [RoundEnded(2, (8, 0)), GameEnded((12, 6), (0,))]
    assert GAME.active_seats(state) == frozenset()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_equal_players(players: int) -> None:
    state = GAME.setup(players, {}, seed=players)
    rng = random.Random(players)
    rounds_seen = {state.round}
    while GAME.result(state) is None:
        (seat,) = GAME.active_seats(state)
        applied = GAME.apply(state, seat, GAME.bots["greedy"](GAME, state, seat, rng))
        assert isinstance(applied, Applied)
        state = applied.state
        rounds_seen.add(state.round)
    assert rounds_seen == set(range(1, players + 1))
    result = GAME.result(state)
    assert result is not None and len(result.rounds) == players


def test_tie_broken_by_best_single_round() -> None:
    state = table(players=3, phase=Phase.OVER, round=3)
    state = replace(state, round_scores=((6, 5, 3), (4, 5, 3), (0, 0, 4)))
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (10, 10, 10)
    assert result.ranks == (1, 2, 3)  # best rounds 6, 5, 4
    assert result.winners == (0,)


def test_full_tie_shares_the_win() -> None:
    state = replace(table(phase=Phase.OVER, round=2), round_scores=((6, 4), (4, 6)))
    result = GAME.result(state)
    assert result is not None and result.ranks == (1, 1) and result.winners == (0, 1)


def test_no_result_before_the_end() -> None:
    assert GAME.result(GAME.setup(2, {}, 1)) is None


@pytest.mark.parametrize("seed", range(4))
def test_round_one_opens_the_log_as_every_later_round_does(seed: int) -> None:
    dealt = GAME.deal(3, {}, seed)
    keg = dealt.state.keg
    assert dealt.events == (RoundStarted(1, keg), TurnStarted(keg))
    names = ["Ann", "Bob", "Cy"]
    assert GAME.describe(dealt.events[0], names) == (
        f"Round 1 begins: {names[keg]} has the Keg and plays first."
    )


def test_a_round_in_which_nobody_buys_goes_on() -> None:
    cards = Cards()
    bar = tuple(cards.beer(Beer.LAGER) for _slot in range(4))
    state = table(bar=bar, beer_deck=(cards.beer(Beer.IPA),), purchase_deck=(cards.money(1),))
    for _turn in range(40):  # reveal the £1, pass, keep the saved card; it comes round again
        state = play(state, *_QUIET_TURN)
    assert (state.round, len(state.beer_deck), state.round_scores) == (1, 1, ())
