"""Reaction windows: who may answer, answers to answers, last in first out, and the clock."""

from __future__ import annotations

from app.games.core import CLOCK, Timer
from app.games.for20 import GAME
from app.games.for20.actions import (
    Answer,
    AutoPass,
    CloseWindow,
    EndTurn,
    Pass,
    PlayAction,
    Smoke,
)
from app.games.for20.events import (
    Cancelled,
    Fizzled,
    Passed,
    SmokeTaken,
    SmokingBanned,
    ToolStolen,
    WindowClosed,
    WindowOpened,
)
from app.games.for20.state import Phase

from .tables import Cards, log, play, play_events, refused, table, with_board


def _smoke_window(players: int = 2, **hands: tuple[int, ...]):
    """Returns Ann's declared paper smoke of a Skunk, and the cards; `hands` by seat name."""
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    ann = tuple(cards(key) for key in hands.get("ann", ()))
    state = with_board(table(players), 0, hand=(paper, *ann), reserve=(skunk,))
    for seat, keys in enumerate(hands.get(name, ()) for name in ("ann", "bob", "cat", "dan")):
        if seat and keys:
            state = with_board(state, seat, hand=tuple(cards(key) for key in keys))
    return play(state, Smoke((paper,), (skunk,))), paper, skunk


def test_a_smoke_opens_a_window_for_every_opponent() -> None:
    state, _paper, _skunk = _smoke_window(3, bob=("munchies", "blunt"), cat=("munchies",) * 2)
    assert state.phase is Phase.WINDOW
    assert GAME.active_seats(state) == {1, 2}
    assert GAME.legal_actions(state, 0) == ()
    assert GAME.legal_actions(state, 1) == (Pass(),)
    assert refused(state, EndTurn()).text() == "Wait: a move of this turn can still be answered."


def test_no_window_when_public_facts_show_nobody_can_answer() -> None:
    state, _paper, skunk = _smoke_window(3, bob=("munchies",), cat=())
    assert state.phase is Phase.MAIN and state.boards[0].smoked == (skunk,)


def test_no_window_when_every_answer_is_face_up_in_the_dump() -> None:
    cards = Cards()
    answers = tuple(c for key in ("nice-tool", "pass-it", "drug-test") for c in cards.many(key, 2))
    paper, skunk = cards("rolling-paper"), cards("skunk")
    state = with_board(table(game_dump=answers), 0, hand=(paper,), reserve=(skunk,))
    state = with_board(state, 1, hand=(*cards.many("munchies", 3), cards("blunt")))
    state = play(state, Smoke((paper,), (skunk,)))
    assert state.phase is Phase.MAIN


def test_answers_can_be_answered_and_resolve_last_in_first_out() -> None:
    cards = Cards()
    confiscate, kush = cards("confiscate"), cards("kush")
    ann_memory, bob_memory = cards("short-memory"), cards("short-memory")
    state = with_board(table(coins=2), 0, hand=(confiscate, ann_memory, cards("munchies")))
    state = with_board(state, 1, reserve=(kush,), hand=(bob_memory, cards("munchies")))
    state = play(state, PlayAction(confiscate, 1, kush))
    state = play(state, Answer(bob_memory, 0, (state.boards[1].hand[1],)), seat=1)
    assert state.phase is Phase.WINDOW and GAME.active_seats(state) == {0}
    assert state.window.number == 2  # an answer opens a new window
    state, events = play_events(state, Answer(ann_memory, 1, (state.boards[0].hand[1],)), seat=0)
    assert state.phase is Phase.MAIN
    # Ann's Short Memory resolves first and cancels Bob's: Confiscate takes effect.
    assert state.boards[1].reserve == () and kush in state.material_dump
    cancelled = [e for e in events if isinstance(e, Cancelled)]
    assert cancelled == [Cancelled(0, 1, bob_memory)]
    assert "OP 12 · Ann's Short Memory cancels Bob's Short Memory." in log(events)


def test_a_later_drug_test_resolves_first_and_pass_it_fizzles() -> None:
    state, paper, skunk = _smoke_window(
        3,
        ann=("second-wind", "blunt"),
        bob=("pass-it", "munchies", "munchies"),
        cat=("drug-test", "munchies", "blunt"),
    )
    bob, cat = state.boards[1].hand, state.boards[2].hand
    state = play(state, Answer(bob[0], 0, bob[1:]), seat=1)
    assert GAME.active_seats(state) == {0, 2}
    state = play(state, Answer(cat[0], 0, cat[1:2]), seat=2)
    state, events = play_events(state, Pass(), seat=0)
    state, events = play_events(state, Pass(), seat=1)
    kinds = [type(event) for event in events]
    assert kinds.index(SmokingBanned) < kinds.index(Fizzled)
    assert state.boards[1].smoked == () and state.boards[0].reserve == (skunk,)
    assert paper in state.boards[0].hand and state.no_smoking


def test_a_later_pass_it_resolves_first_then_drug_test_bans_smoking() -> None:
    state, paper, skunk = _smoke_window(
        3,
        ann=("second-wind", "blunt"),
        bob=("pass-it", "munchies", "munchies"),
        cat=("drug-test", "munchies", "blunt"),
    )
    bob, cat = state.boards[1].hand, state.boards[2].hand
    state = play(state, Answer(cat[0], 0, cat[1:2]), seat=2)
    state = play(state, Answer(bob[0], 0, bob[1:]), seat=1)
    state = play(state, Pass(), seat=0)
    state, events = play_events(state, Pass(), seat=2)
    kinds = [type(event) for event in events]
    assert kinds.index(SmokeTaken) < kinds.index(SmokingBanned)
    assert state.boards[1].smoked == (skunk,) and paper in state.game_dump
    assert state.no_smoking


def test_nice_tool_after_pass_it_still_steals_the_tool() -> None:
    cards = Cards()
    bong, haze = cards("bong"), cards("haze")
    state = with_board(table(3), 0, area=(bong,), reserve=(haze,), hand=cards.many("pipe", 2))
    state = with_board(state, 1, hand=(cards("pass-it"), *cards.many("munchies", 2)))
    state = with_board(state, 2, hand=(cards("nice-tool"), *cards.many("blunt", 3)))
    state = play(state, Smoke((bong,), (haze,)))
    bob, cat = state.boards[1].hand, state.boards[2].hand
    state = play(state, Answer(cat[0], 0, cat[1:3]), seat=2)  # Nice Tool! first ...
    state = play(state, Answer(bob[0], 0, bob[1:]), seat=1)  # ... Pass It! on top
    state = play(state, Pass(), seat=0)
    state, events = play_events(state, Pass(), seat=2)
    assert [type(e) for e in events if isinstance(e, (SmokeTaken, ToolStolen))] == [
        SmokeTaken,
        ToolStolen,
    ]
    assert state.boards[1].smoked == (haze,) and state.boards[2].area == (bong,)


def test_answer_targets_follow_the_cards() -> None:
    cards = Cards()
    hookah, haze = cards("hookah"), cards("haze")
    nice, memory = cards("nice-tool"), cards("short-memory")
    pay = cards.many("munchies", 2)
    state = with_board(table(), 0, area=(hookah,), reserve=(haze,))
    state = with_board(state, 1, hand=(nice, memory, *pay))
    state = play(state, Smoke((hookah,), (haze,)))
    assert refused(state, Answer(nice, 0, pay), seat=1).text() == (
        "Nice Tool! steals a legendary tool an opponent is smoking with (not a Hookah)."
    )
    assert refused(state, Answer(nice, 3, pay), seat=1).text() == "There is no such move to answer."


def test_forged_payments_are_refused() -> None:
    state, _paper, _skunk = _smoke_window(bob=("drug-test", "munchies", "blunt"))
    test, munchies, blunt = state.boards[1].hand
    assert refused(state, Answer(test, 0, ()), seat=1).text() == (
        "Drug Test! is paid by discarding 1 other cards from your hand."
    )
    assert refused(state, Answer(test, 0, (test,)), seat=1).text() == (
        "Pay with other cards, each once."
    )
    assert refused(state, Answer(test, 0, (_paper,)), seat=1).text() == (
        "You can only pay with cards in your hand."
    )
    assert refused(state, Answer(munchies, 0, (blunt,)), seat=1).text() == (
        "Only out-of-turn cards answer a move."
    )
    assert refused(state, Answer(_skunk, 0, (blunt,)), seat=1).text() == (
        "You do not have that card."
    )
    answered = play(state, Answer(test, 0, (blunt,)), seat=1)
    assert answered.phase is Phase.MAIN and answered.no_smoking


def test_the_declarer_cannot_answer_their_own_move() -> None:
    state, _paper, _skunk = _smoke_window(bob=("munchies", "blunt"))
    assert refused(state, Pass(), seat=0).text() == "Wait: the others may answer your move."


def test_a_passed_seat_waits_quietly() -> None:
    state, _paper, _skunk = _smoke_window(3, bob=("munchies", "blunt"), cat=("munchies", "blunt"))
    before = GAME.public_view(state)
    state, events = play_events(state, Pass(), seat=1)
    assert GAME.active_seats(state) == {2}
    assert refused(state, Pass(), seat=1).text() == "You have already let this move go."
    assert GAME.public_view(state) == before  # nobody can tell who passed
    assert [e.seen_by for e in events] == [frozenset({1})]
    assert log(events, 0) == [] and log(events, 1) == ["You pass."]


# --- the clock ---------------------------------------------------------------------------------


def test_timer_first_auto_passes_then_closes() -> None:
    state, _paper, skunk = _smoke_window(
        3, bob=("munchies", "blunt"), cat=("drug-test", "munchies")
    )
    assert GAME.timer(state) == Timer("for20:window:1:auto", 2, AutoPass(1))
    state, events = play_events(state, AutoPass(1), seat=CLOCK)
    assert GAME.active_seats(state) == {2}  # Bob had no answer: passed for him
    assert [(e.seat, e.seen_by) for e in events if isinstance(e, Passed)] == [(1, frozenset({1}))]
    assert GAME.timer(state) == Timer("for20:window:1:close", 6, CloseWindow(1))
    assert GAME.view(state, None)["window"].seconds == 6
    state, events = play_events(state, CloseWindow(1), seat=CLOCK)
    assert state.phase is Phase.MAIN and state.boards[0].smoked == (skunk,)
    assert GAME.timer(state) is None
    assert any(isinstance(e, WindowClosed) for e in events)


def test_auto_pass_closes_the_window_when_nobody_can_answer() -> None:
    state, _paper, skunk = _smoke_window(bob=("munchies", "blunt"))
    state = play(state, AutoPass(1), seat=CLOCK)
    assert state.phase is Phase.MAIN and state.boards[0].smoked == (skunk,)


def test_window_length_is_a_room_option() -> None:
    options = GAME.validate_options({"window_seconds": "12"})
    assert options == {"starting_materials": False, "window_seconds": 12}
    assert GAME.validate_options({"window_seconds": 2}).text() == (
        "The option window_seconds is out of range."
    )
    state = GAME.setup(2, options, seed=1)
    assert state.window_seconds == 12


def test_timer_keys_change_with_each_window_and_stage_but_not_with_a_pass() -> None:
    state, _paper, _skunk = _smoke_window(
        3, bob=("drug-test", "munchies"), cat=("munchies", "blunt")
    )
    first = GAME.timer(state)
    after_pass = play(state, Pass(), seat=2)
    assert GAME.timer(after_pass) == first
    test, pay = state.boards[1].hand
    answered, events = play_events(state, Answer(test, 0, (pay,)), seat=1)
    assert answered.phase is Phase.WINDOW
    assert [e for e in events if isinstance(e, WindowOpened)] == [WindowOpened(2, 1, 8)]
    assert GAME.timer(answered).key == "for20:window:2:auto" != first.key


def test_stale_or_forged_clock_actions_are_refused() -> None:
    state, _paper, _skunk = _smoke_window(3, bob=("drug-test", "munchies"), cat=("munchies",) * 2)
    assert refused(state, CloseWindow(1), seat=CLOCK).text() == "That timer is no longer running."
    assert refused(state, AutoPass(7), seat=CLOCK).text() == "That timer is no longer running."
    assert refused(state, AutoPass(1), seat=1).text() == "Only the clock can do that."
    assert refused(state, Pass(), seat=CLOCK).text() == "It is not your turn."
    assert GAME.legal_actions(state, CLOCK) == ()
    test, pay = state.boards[1].hand
    answered = play(state, Answer(test, 0, (pay,)), seat=1)
    assert refused(answered, AutoPass(1), seat=CLOCK).text() == "That timer is no longer running."
    assert refused(table(), AutoPass(1), seat=CLOCK).text() == "That timer is no longer running."
