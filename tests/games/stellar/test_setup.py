"""Setup: starting cards, hands, the row, and both players placing their start at once."""

from __future__ import annotations

import pytest

from app.games.stellar import GAME
from app.games.stellar.actions import Start, Take
from app.games.stellar.cards import STARTING_SPACES, Kind
from app.games.stellar.events import StartChosen, StartShown, TurnStarted
from app.games.stellar.state import Phase

from .tables import play_events, refused


def test_game_facts() -> None:
    assert (GAME.id, GAME.name, GAME.min_players, GAME.max_players) == ("stellar", "Stellar", 2, 2)
    assert set(GAME.bots) == {"random", "greedy"}


def test_setup_deals_two_starting_cards_two_hand_cards_and_the_row() -> None:
    state = GAME.setup(2, {}, seed=3)
    for board in state.boards:
        assert [card.kind for card in board.starting] == [Kind.STARTING] * 2
        assert len(board.hand) == 2
    assert all(card is not None for card in state.row) and len(state.row) == 5
    assert len(state.deck) == 60 - 4 - 4 - 5


def test_fifth_starting_card_is_shuffled_into_the_deck() -> None:
    state = GAME.setup(2, {}, seed=3)
    dealt = {card.id for board in state.boards for card in board.starting}
    fifth = [
        card
        for card in (*state.deck, *state.row, *state.boards[0].hand, *state.boards[1].hand)
        if card and card.kind is Kind.STARTING
    ]
    assert len(fifth) == 1 and fifth[0].id not in dealt
    positions = {
        next(i for i, c in enumerate(GAME.setup(2, {}, seed).deck) if c.kind is Kind.STARTING)
        for seed in range(40)
        if any(c.kind is Kind.STARTING for c in GAME.setup(2, {}, seed).deck)
    }
    assert len(positions) > 5  # shuffled in, not put on top or bottom


def test_both_players_choose_their_start_at_the_same_time() -> None:
    state = GAME.setup(2, {}, seed=3)
    assert state.phase is Phase.SETUP
    assert GAME.active_seats(state) == frozenset({0, 1})
    one = state.boards[1].starting
    assert GAME.legal_actions(state, 1) == tuple(
        Start(card.id, space) for card in one for space in STARTING_SPACES
    )
    state, events = play_events(state, Start(one[1].id, 2), seat=1)
    assert events == [StartChosen(1)]
    assert GAME.active_seats(state) == frozenset({0})
    assert refused(state, Take(1), seat=1).reason == (
        "You have placed your starting cards: wait for your opponent."
    )


def test_starting_choice_stays_secret_until_both_have_chosen() -> None:
    state = GAME.setup(2, {}, seed=3)
    one = state.boards[1].starting
    state, _events = play_events(state, Start(one[0].id, 4), seat=1)
    assert state.boards[1].telescope == (None,) * 12  # not shown yet
    view = GAME.view(state, 0)
    assert view["telescopes"][1] == GAME.view(GAME.setup(2, {}, seed=3), 0)["telescopes"][1]
    assert view["hand"].start is None
    own = GAME.view(state, 1)["hand"]
    assert own.start is not None and (own.start.card.id, own.start.space) == (one[0].id, 4)


def test_start_puts_one_card_on_the_top_section_and_the_other_in_the_notebook() -> None:
    state = GAME.setup(2, {}, seed=5)
    zero, one = state.boards[0].starting, state.boards[1].starting
    state, _ = play_events(state, Start(one[0].id, 0), seat=1)
    state, events = play_events(state, Start(zero[1].id, 3), seat=0)
    assert StartShown(0, zero[1].id, 3, zero[0].id) in events
    assert StartShown(1, one[0].id, 0, one[1].id) in events
    board = state.boards[0]
    placed = board.telescope[3]
    assert placed is not None and placed.card == zero[1] and not placed.face_down
    assert [entry.card for entry in board.notebook] == [zero[0]]
    assert board.notebook[0].stack is zero[0].suit
    assert board.starting == () and state.boards[1].starting == ()
    assert (state.phase, state.seat) == (Phase.TAKE, state.first)
    assert events[-1] == TurnStarted(1, state.first)


def test_starting_card_only_on_the_top_section() -> None:
    state = GAME.setup(2, {}, seed=5)
    card = state.boards[0].starting[0]
    refusal = refused(state, Start(card.id, 5), seat=0)
    assert refusal.reason.format(**refusal.params) == (
        "Your starting card goes on a space of the top section (1 to 5)."
    )
    other = state.boards[1].starting[0]
    assert refused(state, Start(other.id, 0), seat=0).reason == (
        "That is not one of your starting cards."
    )


def test_first_player_is_chosen_by_the_seed() -> None:
    assert {GAME.setup(2, {}, seed).first for seed in range(20)} == {0, 1}


def test_same_seed_same_table() -> None:
    assert GAME.setup(2, {}, 42) == GAME.setup(2, {}, 42)
    assert GAME.setup(2, {}, 42) != GAME.setup(2, {}, 43)


@pytest.mark.parametrize("players", [1, 3])
def test_setup_refuses_wrong_player_count(players: int) -> None:
    with pytest.raises(ValueError):
        GAME.setup(players, {}, 1)
