"""A turn: take a row card, play a hand card, play the row card of its number, refill."""

from __future__ import annotations

from app.games.stellar import GAME
from app.games.stellar.actions import Place, PlayNotebook, PlayTelescope, Take
from app.games.stellar.cards import Suit
from app.games.stellar.events import DeckDrawn, RowRefilled, Taken, ToNotebook, TurnStarted
from app.games.stellar.state import Phase, StellarState

from .tables import Cards, play, play_events, refused, row, scope, table, with_board


def _ready(cards: Cards) -> StellarState:
    """Returns a table with a full row, a deck and two planets in seat 0's hand."""
    moons = row(*(cards.card(Suit.MOON, value) for value in (1, 2, 3, 4, 5)))
    hand = (cards.card(Suit.PLANET, 3), cards.card(Suit.PLANET, 1))
    return with_board(table(row=moons, deck=cards.filler(6)), 0, hand=hand)


def test_take_puts_the_row_card_in_hand_and_leaves_the_slot_empty() -> None:
    cards = Cards()
    state = _ready(cards)
    moon4 = state.row[3]
    state, events = play_events(state, Take(4))
    assert events == [Taken(0, 4, moon4.id)]
    assert state.boards[0].hand[-1] == moon4
    assert state.row[3] is None
    assert state.phase is Phase.PLAY


def test_telescope_play_sends_the_row_card_of_its_number_to_the_notebook() -> None:
    cards = Cards()
    state = _ready(cards)
    planet3, moon3 = state.boards[0].hand[0], state.row[2]
    top = state.deck[:2]
    state = play(state, Take(5), PlayTelescope(planet3.id, 0))
    board = state.boards[0]
    assert board.telescope[0] is not None and board.telescope[0].card == planet3
    assert [entry.card for entry in board.notebook] == [moon3]
    assert state.row[2] == top[0] and state.row[4] == top[1]  # refilled in slot order
    assert (state.seat, state.phase) == (1, Phase.TAKE)
    assert len(board.hand) == 2


def test_notebook_play_sends_the_row_card_of_its_number_to_the_telescope() -> None:
    cards = Cards()
    state = _ready(cards)
    planet1, moon1 = state.boards[0].hand[1], state.row[0]
    state, events = play_events(state, Take(5), PlayNotebook(planet1.id))
    assert ToNotebook(0, planet1.id, "planet", "hand") in events
    assert state.phase is Phase.PLACE and state.drawn == moon1
    assert GAME.legal_actions(state, 0)[:12] == tuple(Place(space) for space in range(12))
    state = play(state, Place(7))
    assert state.boards[0].telescope[7] is not None
    assert state.boards[0].telescope[7].card == moon1
    assert state.drawn is None and (state.seat, state.phase) == (1, Phase.TAKE)


def test_empty_row_slot_means_the_top_of_the_deck() -> None:
    cards = Cards()
    state = _ready(cards)
    planet3, top = state.boards[0].hand[0], state.deck[0]
    state, events = play_events(state, Take(3), PlayTelescope(planet3.id, 0))
    assert DeckDrawn(0, 3) in events
    assert [entry.card for entry in state.boards[0].notebook] == [top]


def test_row_refilled_after_the_turn() -> None:
    cards = Cards()
    state = _ready(cards)
    planet3 = state.boards[0].hand[0]
    deck = state.deck
    state, events = play_events(state, Take(1), PlayTelescope(planet3.id, 0))
    assert [event for event in events if isinstance(event, RowRefilled)] == [
        RowRefilled(1, deck[0].id),
        RowRefilled(3, deck[1].id),
    ]
    assert all(card is not None for card in state.row)
    assert state.deck == deck[2:]


def test_second_player_ends_the_round() -> None:
    cards = Cards()
    state = _ready(cards)
    state = with_board(state, 1, hand=(cards.card(Suit.CLOUD, 2), cards.card(Suit.CLOUD, 4)))
    state = play(state, Take(5), PlayTelescope(state.boards[0].hand[0].id, 0))
    assert state.round == 1
    cloud4 = state.boards[1].hand[1]
    state, events = play_events(state, Take(1), PlayTelescope(cloud4.id, 0))
    assert (state.round, state.seat) == (2, 0)
    assert events[-1] == TurnStarted(2, 0)


def test_the_only_free_space_is_filled_without_asking() -> None:
    cards = Cards()
    state = _ready(cards)
    full = dict(enumerate(cards.filler(11)))
    state = with_board(state, 0, telescope=scope(full))
    planet1 = state.boards[0].hand[1]
    state = play(state, Take(5), PlayNotebook(planet1.id))
    assert state.boards[0].telescope[11] is not None
    assert state.seat == 1


def test_cannot_play_before_taking_or_take_twice() -> None:
    cards = Cards()
    state = _ready(cards)
    planet3 = state.boards[0].hand[0]
    assert refused(state, PlayNotebook(planet3.id)).reason == "First take a card from the row."
    state = play(state, Take(1))
    assert refused(state, Take(2)).reason == (
        "Play a card from your hand into your telescope or your notebook."
    )
