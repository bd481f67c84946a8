"""The end: the last round once the draw pile runs out, and the final reveal."""

from __future__ import annotations

from dataclasses import replace

from app.games.stickers import GAME
from app.games.stickers.actions import EndTurn, Play, Reveal, Take
from app.games.stickers.cards import Category
from app.games.stickers.events import GameEnded, LastRound, RevealChosen, Revealed
from app.games.stickers.state import Album, Phase, StickersState
from tests.games.stickers.tables import (
    HAT_ROW,
    ONE_STAR_ROWS,
    PLAIN_ROWS,
    TWO_STAR_ROW,
    card,
    cards,
    column,
    play,
    play_events,
    refused,
    table,
)

C = Category
MICE = cards(C.SPACE_MOUSE, *PLAIN_ROWS, *ONE_STAR_ROWS, TWO_STAR_ROW)
GHOSTS = cards(C.GHOST_DUCKLING, *PLAIN_ROWS, *ONE_STAR_ROWS, TWO_STAR_ROW)
ROBOS = cards(C.ROBO_KITTEN, *PLAIN_ROWS, *ONE_STAR_ROWS, TWO_STAR_ROW)
MARKET = cards(C.DISCO_OCTOPUS, *PLAIN_ROWS, *ONE_STAR_ROWS, TWO_STAR_ROW)


def short_pile(seat: int) -> StickersState:
    """Three players, first player 0, seat `seat` to play; the pile holds one card."""
    return table(
        players=3,
        seat=seat,
        first=0,
        hands={0: MICE[:2], 1: GHOSTS[:2], 2: ROBOS[:2]},
        market=MARKET,
        pile=(card(C.CACTUS_KNIGHT, PLAIN_ROWS[0]),),
        stock=cards(C.CACTUS_KNIGHT, PLAIN_ROWS[1], *ONE_STAR_ROWS),
        rest_in_pile=False,
    )


def one_turn(state: StickersState) -> StickersState:
    """Plays the current player's turn: take the first market card, play its first card alone,
    end the turn."""
    state = play(state, Take(0), Play(sorted(state.hand)[0]))
    return play(state, EndTurn()) if state.phase is Phase.EFFECTS else state


def test_when_the_pile_runs_out_the_round_is_played_to_its_end() -> None:
    state, events = play_events(short_pile(1), Take(0), Play(GHOSTS[0]), EndTurn())
    assert state.last_round and LastRound(1) in events
    assert state.seat == 2 and state.phase is Phase.TAKE  # seat 2 still plays this round
    state = one_turn(state)
    assert state.phase is Phase.REVEAL  # the round is over before the first player's turn


def test_a_pile_running_out_on_the_rounds_last_turn_ends_the_game_at_once() -> None:
    state = play(short_pile(2), Take(0), Play(ROBOS[0]), EndTurn())
    assert state.phase is Phase.REVEAL


def test_every_player_gets_the_same_number_of_turns() -> None:
    state = short_pile(0)
    turns = [0, 0, 0]
    while state.phase is not Phase.REVEAL:
        turns[state.seat] += 1
        state = one_turn(state)
    assert turns == [1, 1, 1]


def at_reveal(hands: dict[int, tuple[int, ...]], albums: dict[int, Album]) -> StickersState:
    """Returns three players at the final reveal, nobody having chosen yet."""
    state = table(players=3, hands=hands, albums=albums, market=MARKET, last_round=True)
    return replace(state, phase=Phase.REVEAL, reveals=(None,) * 3)


def test_everyone_chooses_at_once_and_choices_stay_secret_until_the_last() -> None:
    state = at_reveal(
        hands={0: (MICE[2], MICE[3], GHOSTS[0]), 1: (GHOSTS[1],), 2: (ROBOS[0],)},
        albums={0: (column(MICE[0]),), 1: (column(ROBOS[1]),)},
    )
    assert GAME.active_seats(state) == {0, 1, 2} and GAME.simultaneous(state) == "reveal"
    state, events = play_events(state, Reveal(MICE[2]), seat=0)
    assert events == [RevealChosen(0)]
    assert GAME.view(state, 1)["reveal"] is None and GAME.view(state, 0)["reveal"].id == MICE[2]
    other_choice = replace(state, reveals=(GHOSTS[0], None, None))
    assert GAME.view(state, 1) == GAME.view(other_choice, 1)  # who chose is public, not what
    assert refused(state, Reveal(MICE[3]), seat=0).reason == "The game is at its final reveal."
    state = play(state, Reveal(GHOSTS[1]), seat=1)
    state, events = play_events(state, Reveal(ROBOS[0]), seat=2)
    assert state.phase is Phase.OVER
    # Seat 0's Mouse fits: it and the other Mouse in hand join; the Ghost stays in hand.
    assert Revealed(0, MICE[2], (MICE[2], MICE[3])) in events
    assert state.albums[0][0].cards == (MICE[0], MICE[2], MICE[3])
    assert state.hands[0] == (GHOSTS[0],)
    # Seat 1's Ghost fits no collection; seat 2 has no album at all.
    assert Revealed(1, GHOSTS[1], ()) in events and Revealed(2, ROBOS[0], ()) in events
    assert any(isinstance(e, GameEnded) for e in events)
    assert GAME.result(state) is not None


def test_a_revealed_card_brings_no_bonus_and_no_action() -> None:
    hat = card(C.SPACE_MOUSE, HAT_ROW)
    state = at_reveal(hands={0: (hat,)}, albums={0: (column(MICE[0]),)})
    assert GAME.active_seats(state) == {0}  # empty hands have nothing to choose
    state = play(state, Reveal(hat), seat=0)
    assert state.phase is Phase.OVER and state.pending == ()
    assert state.albums[0][0].visible == hat


def test_a_reveal_must_be_a_card_of_ones_own_hand() -> None:
    state = at_reveal(hands={0: (MICE[2],), 1: (GHOSTS[1],)}, albums={})
    assert refused(state, Reveal(GHOSTS[1]), seat=0).reason == "Reveal a card from your hand."


def test_after_the_game_nothing_moves() -> None:
    state = at_reveal(hands={0: (MICE[2],)}, albums={})
    state = play(state, Reveal(MICE[2]), seat=0)
    assert GAME.active_seats(state) == frozenset()
    assert refused(state, Take(0), seat=0).reason == "The game is over."
