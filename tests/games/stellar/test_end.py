"""The end: after eleven rounds each player notes one hand card and discards the other."""

from __future__ import annotations

import random

from app.games.core import Applied
from app.games.stellar import GAME
from app.games.stellar.actions import Done, PlayNotebook, PlayTelescope, Take
from app.games.stellar.cards import Suit
from app.games.stellar.events import Confirmed, Discarded, FinalStarted, GameEnded, ToNotebook
from app.games.stellar.state import Phase, StellarState

from .tables import Cards, play, play_events, refused, row, table, with_board


def _last_turn(cards: Cards) -> StellarState:
    """Returns round 11, the second player (seat 1) to move, both with two hand cards."""
    state = table(round=11, seat=1, row=row(*cards.filler(5)), deck=cards.filler(3))
    state = with_board(state, 0, hand=(cards.card(Suit.PLANET, 1), cards.card(Suit.PLANET, 2)))
    return with_board(state, 1, hand=(cards.card(Suit.MOON, 4), cards.card(Suit.MOON, 5)))


def test_after_eleven_rounds_both_players_finish_at_once() -> None:
    cards = Cards()
    state = _last_turn(cards)
    moon4 = state.boards[1].hand[0]
    state, events = play_events(state, Take(1), PlayTelescope(moon4.id, 0))
    assert events[-1] == FinalStarted()
    assert state.phase is Phase.FINAL
    assert GAME.active_seats(state) == frozenset({0, 1})
    assert [len(board.hand) for board in state.boards] == [2, 2]
    assert GAME.legal_actions(state, 0)[:2] == tuple(
        PlayNotebook(card.id) for card in state.boards[0].hand
    )


def test_last_card_to_the_notebook_and_the_other_discarded() -> None:
    cards = Cards()
    state = table(phase=Phase.FINAL, round=11)
    planet1, planet2 = cards.card(Suit.PLANET, 1), cards.card(Suit.PLANET, 2)
    state = with_board(state, 0, hand=(planet1, planet2))
    assert refused(state, Done(), seat=0).reason == (
        "First add one of your hand cards to your notebook."
    )
    state, events = play_events(state, PlayNotebook(planet2.id), seat=0)
    assert events == [ToNotebook(0, planet2.id, "planet", "hand"), Discarded(0)]
    assert state.boards[0].hand == ()
    assert [entry.card for entry in state.boards[0].notebook] == [planet2]
    assert state.discard == (planet1,)
    assert GAME.legal_actions(state, 0) == (Done(),)
    assert GAME.view(state, 1)["status"].discard == 1


def test_game_over_when_both_have_confirmed() -> None:
    cards = Cards()
    state = table(phase=Phase.FINAL, round=11)
    state = with_board(state, 0, hand=(cards.card(Suit.PLANET, 1),))
    state = with_board(state, 1, hand=(cards.card(Suit.MOON, 1),))
    state = play(state, PlayNotebook(state.boards[1].hand[0].id), Done(), seat=1)
    assert GAME.active_seats(state) == frozenset({0})
    state = play(state, PlayNotebook(state.boards[0].hand[0].id), seat=0)
    assert refused(state, Done(), seat=1).reason == (
        "You have confirmed your notebook: wait for your opponent."
    )
    state, events = play_events(state, Done(), seat=0)
    assert events[0] == Confirmed(0)
    assert events[-1] == GameEnded((0, 0), (0, 1))
    assert state.phase is Phase.OVER and GAME.active_seats(state) == frozenset()
    assert refused(state, Done(), seat=0).reason == "The game is over."


def test_a_whole_game_fills_both_telescopes_in_eleven_rounds() -> None:
    state = GAME.setup(2, {}, seed=8)
    rng = random.Random(8)
    while GAME.result(state) is None:
        seat = min(GAME.active_seats(state))
        applied = GAME.apply(state, seat, GAME.bots["greedy"](GAME, state, seat, rng))
        assert isinstance(applied, Applied)
        state = applied.state
    for board in state.boards:
        assert None not in board.telescope
        assert len(board.notebook) == 1 + 11 + 1  # start, one card a turn, the last card
    assert len(state.discard) == 2
    assert len(state.deck) + sum(card is not None for card in state.row) == 8
