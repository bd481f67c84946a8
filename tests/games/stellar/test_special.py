"""Special cards: 6/0 cards and satellites."""

from __future__ import annotations

from collections import Counter

from app.games.stellar import GAME
from app.games.stellar.actions import (
    Clear,
    Done,
    Keep,
    MoveSatellite,
    PlayNotebook,
    PlayTelescope,
    SetSixZero,
    Take,
)
from app.games.stellar.cards import Section, Suit
from app.games.stellar.events import DeckDrawn, RowCleared, RowKept, SatelliteMoved, SixZeroSet
from app.games.stellar.placement import entry_value, run_lengths, stack_run
from app.games.stellar.scoring import section_total
from app.games.stellar.state import Phase, StellarState

from .tables import Cards, note, play, play_events, refused, row, scope, table, with_board

# --- 6/0 cards ---------------------------------------------------------------------------


def test_six_zero_counts_six_in_the_telescope() -> None:
    cards = Cards()
    board = with_board(table(), 0, telescope=scope({5: cards.six_zero(Suit.MOON)})).boards[0]
    assert section_total(board, Section.MIDDLE) == 6


def test_six_zero_from_hand_takes_its_second_card_from_the_deck() -> None:
    cards = Cards()
    six_zero = cards.six_zero(Suit.PLANET)
    state = table(row=row(*cards.filler(5)), deck=cards.filler(4))
    state = with_board(state, 0, hand=(six_zero, cards.filler(1)[0]))
    top = state.deck[0]
    state, events = play_events(state, Take(1), PlayTelescope(six_zero.id, 0))
    assert DeckDrawn(0, None) in events
    assert [entry.card for entry in state.boards[0].notebook] == [top]
    state = with_board(table(row=row(*cards.filler(5)), deck=state.deck), 0, hand=(six_zero,))
    top = state.deck[0]
    state = play(state, Take(2), PlayNotebook(six_zero.id))
    assert state.phase is Phase.PLACE and state.drawn == top and state.drawn_from_deck


def test_six_zero_in_the_notebook_counts_whichever_scores_more() -> None:
    cards = Cards()
    six_zero = cards.six_zero(Suit.PLANET)
    high = note(cards.card(Suit.PLANET, 4), cards.card(Suit.PLANET, 5), six_zero)
    assert entry_value(high, high[-1]) == 6
    assert stack_run(high, Suit.PLANET) == (4, 5, 6)
    low = note(cards.card(Suit.PLANET, 1), cards.card(Suit.PLANET, 2), six_zero)
    assert entry_value(low, low[-1]) == 0
    assert stack_run(low, Suit.PLANET) == (0, 1, 2)
    assert run_lengths(low)[Suit.PLANET] == 3


def _final_table(cards: Cards) -> tuple[StellarState, int]:
    six_zero = cards.six_zero(Suit.PLANET)
    notebook = note(cards.card(Suit.PLANET, 4), cards.card(Suit.PLANET, 5), six_zero)
    state = table(phase=Phase.FINAL, round=11)
    state = with_board(state, 0, notebook=notebook, hand=(cards.card(Suit.MOON, 1),))
    return state, six_zero.id


def test_six_zero_value_is_chosen_at_the_end_and_may_change_again() -> None:
    cards = Cards()
    state, six_zero = _final_table(cards)
    assert SetSixZero(six_zero, 0) in GAME.legal_actions(state, 0)
    assert SetSixZero(six_zero, 6) not in GAME.legal_actions(state, 0)  # it counts 6 already
    state, events = play_events(state, SetSixZero(six_zero, 0), seat=0)
    assert events == [SixZeroSet(0, six_zero, 0)]
    assert stack_run(state.boards[0].notebook, Suit.PLANET) == (4, 5)
    state = play(state, SetSixZero(six_zero, 6), seat=0)
    assert stack_run(state.boards[0].notebook, Suit.PLANET) == (4, 5, 6)


def test_six_zero_value_is_only_set_in_the_final_phase() -> None:
    cards = Cards()
    state, six_zero = _final_table(cards)
    state = table(row=row(*cards.filler(5)), boards=state.boards)
    assert refused(state, SetSixZero(six_zero, 0)).reason == "First take a card from the row."
    final = table(phase=Phase.FINAL, boards=state.boards)
    assert refused(final, SetSixZero(six_zero, 7), seat=0).reason == "A 6/0 card counts 6 or 0."
    moon = state.boards[0].hand[0].id
    assert refused(final, SetSixZero(moon, 0), seat=0).reason == (
        "That is not a 6/0 card in your notebook."
    )


# --- satellites ----------------------------------------------------------------------------


def test_satellite_from_hand_calls_row_slot_two() -> None:
    cards = Cards()
    satellite, cloud2 = cards.satellite(), cards.card(Suit.CLOUD, 2)
    state = table(row=row(cards.filler(1)[0], cloud2, *cards.filler(3)), deck=cards.filler(4))
    state = with_board(state, 0, hand=(satellite, cards.filler(1)[0]))
    state = play(state, Take(1), PlayTelescope(satellite.id, 6))
    assert [entry.card for entry in state.boards[0].notebook] == [cloud2]
    board = state.boards[0]
    assert section_total(board, Section.MIDDLE) == 2


def test_satellite_in_the_notebook_joins_the_stack_it_helps_most() -> None:
    cards = Cards()
    satellite = cards.satellite()
    moons = (cards.card(Suit.MOON, 1), cards.card(Suit.MOON, 3))
    state = table(row=row(*cards.filler(5)), deck=cards.filler(4))
    state = with_board(
        state,
        0,
        notebook=note(cards.card(Suit.PLANET, 3), *moons),
        hand=(satellite, cards.filler(1)[0]),
    )
    state = play(state, Take(1), PlayNotebook(satellite.id))
    entry = state.boards[0].notebook[-1]
    assert entry.card == satellite and entry.stack is Suit.MOON  # 1, 2, 3: a run of 3
    assert stack_run(state.boards[0].notebook, Suit.MOON) == (1, 2, 3)


def test_satellite_is_a_two_and_a_copy_scores_nothing() -> None:
    cards = Cards()
    satellite = cards.satellite()
    notebook = note(cards.card(Suit.CLOUD, 2), satellite, stacks={satellite.id: Suit.CLOUD})
    assert stack_run(notebook, Suit.CLOUD) == (2,)


def test_satellite_moves_between_stacks_on_your_turn() -> None:
    cards = Cards()
    satellite = cards.satellite()
    notebook = note(cards.card(Suit.MOON, 1), satellite, stacks={satellite.id: Suit.MOON})
    state = table(row=row(*cards.filler(5)), deck=cards.filler(4))
    state = with_board(state, 0, notebook=notebook, hand=cards.filler(2))
    moves = [a for a in GAME.legal_actions(state, 0) if isinstance(a, MoveSatellite)]
    assert moves == [
        MoveSatellite(satellite.id, suit.value) for suit in Suit if suit is not Suit.MOON
    ]
    state, events = play_events(state, MoveSatellite(satellite.id, "asteroid"))
    assert events == [SatelliteMoved(0, satellite.id, "asteroid")]
    assert state.boards[0].notebook[-1].stack is Suit.ASTEROID
    assert state.phase is Phase.TAKE  # a free move: the turn goes on
    assert refused(state, MoveSatellite(satellite.id, "asteroid")).reason == (
        "That satellite is already in that stack."
    )
    assert refused(state, MoveSatellite(satellite.id, "comet")).reason == (
        "There is no such notebook stack."
    )
    assert refused(state, MoveSatellite(satellite.id, "moon"), seat=1).reason == (
        "It is not your turn."
    )


def test_satellite_moves_in_the_final_phase_until_confirmed() -> None:
    cards = Cards()
    satellite = cards.satellite()
    notebook = note(satellite, stacks={satellite.id: Suit.MOON})
    state = with_board(table(phase=Phase.FINAL, round=11), 0, notebook=notebook)
    state = play(state, MoveSatellite(satellite.id, "planet"), seat=0)
    state = play(state, Done(), seat=0)
    assert refused(state, MoveSatellite(satellite.id, "moon"), seat=0).reason == (
        "You have confirmed your notebook: wait for your opponent."
    )


def _satellite_in_row(cards: Cards) -> StellarState:
    satellite = cards.satellite()
    state = table(row=row(*cards.filler(2), satellite, *cards.filler(2)), deck=cards.filler(8))
    return with_board(state, 0, hand=cards.filler(2))


def test_taking_a_satellite_lets_the_opponent_clear_the_row() -> None:
    cards = Cards()
    state = play(_satellite_in_row(cards), Take(3))
    assert state.phase is Phase.CLEAR
    assert GAME.active_seats(state) == frozenset({1})
    assert GAME.legal_actions(state, 1) == (Clear(), Keep())
    assert GAME.legal_actions(state, 0) == ()
    assert refused(state, PlayNotebook(state.boards[0].hand[0].id)).reason == (
        "Wait: your opponent may clear the row."
    )


def test_clearing_refills_the_row_and_shuffles_the_old_cards_into_the_deck() -> None:
    cards = Cards()
    state = play(_satellite_in_row(cards), Take(3))
    old = tuple(card for card in state.row if card is not None)
    deck = state.deck
    state, events = play_events(state, Clear(), seat=1)
    assert events[0] == RowCleared(1, 4)
    assert state.row == (deck[0], deck[1], None, deck[2], deck[3])  # the satellite's slot waits
    assert Counter(state.deck) == Counter(deck[4:] + old)
    assert state.deck != deck[4:] + old  # shuffled in, not just put underneath
    assert (state.phase, state.seat) == (Phase.PLAY, 0)


def test_keeping_the_row_changes_nothing() -> None:
    cards = Cards()
    state = play(_satellite_in_row(cards), Take(3))
    before = (state.row, state.deck)
    state, events = play_events(state, Keep(), seat=1)
    assert events == [RowKept(1)]
    assert (state.row, state.deck) == before
    assert (state.phase, state.seat) == (Phase.PLAY, 0)


def test_satellite_taken_from_an_otherwise_empty_row_asks_nothing() -> None:
    cards = Cards()
    state = table(row=row(None, None, cards.satellite()), deck=cards.filler(4))
    state = play(with_board(state, 0, hand=cards.filler(2)), Take(3))
    assert state.phase is Phase.PLAY
