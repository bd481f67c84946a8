"""Reaction windows: out of turn only, stages whose choices are secret until they close, a fixed
order for answers of one stage, last in first out, and the clock."""

from __future__ import annotations

from app.games.core import CLOCK, Timer
from app.games.for20 import GAME
from app.games.for20.actions import (
    Answer,
    CloseStage,
    EndTurn,
    Pass,
    PlayAction,
    Smoke,
)
from app.games.for20.events import (
    AnswerChosen,
    AnswerDeclared,
    Cancelled,
    Fizzled,
    Passed,
    SmokeTaken,
    SmokingBanned,
    StageOpened,
    ToolStolen,
    WindowClosed,
    WindowOpened,
)
from app.games.for20.state import Phase

from .tables import Cards, log, play, play_events, refused, table, with_board


def _smoke_window(players: int = 2, **hands: tuple[str, ...]):
    """Returns Ann's declared paper smoke of a Skunk, and the cards; `hands` by seat name."""
    cards = Cards()
    paper, skunk = cards("rolling-paper"), cards("skunk")
    ann = tuple(cards(key) for key in hands.get("ann", ()))
    state = with_board(table(players), 0, hand=(paper, *ann), reserve=(skunk,))
    for seat, keys in enumerate(hands.get(name, ()) for name in ("ann", "bob", "cat", "dan")):
        if seat and keys:
            state = with_board(state, seat, hand=tuple(cards(key) for key in keys))
    return play(state, Smoke((paper,), (skunk,))), paper, skunk


def _confiscate_window(players: int, **hands: tuple[str, ...]):
    """Returns Ann's Confiscate declared on Bob's Kush, and the Kush; `hands` by seat name."""
    cards = Cards()
    confiscate, kush = cards("confiscate"), cards("kush")
    ann = tuple(cards(key) for key in hands.get("ann", ()))
    state = with_board(table(players, coins=2), 0, hand=(confiscate, *ann))
    state = with_board(state, 1, reserve=(kush,))
    for seat, name in enumerate(("ann", "bob", "cat", "dan")[:players]):
        if seat:
            state = with_board(state, seat, hand=tuple(cards(key) for key in hands.get(name, ())))
    return play(state, PlayAction(confiscate, 1, kush)), kush


def test_a_smoke_opens_a_window_for_every_other_player() -> None:
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


def test_a_seat_public_facts_rule_out_is_not_asked() -> None:
    state, _paper, _skunk = _smoke_window(3, bob=("munchies",), cat=("munchies", "blunt"))
    assert GAME.active_seats(state) == {2}
    assert GAME.view(state, None)["window"].answering == (2,)
    assert refused(state, Pass(), seat=1).text() == "You cannot answer anything in this stage."


# --- out of turn means out of turn -----------------------------------------------------------


def test_the_current_player_cannot_answer_even_an_answer_to_their_move() -> None:
    state, kush = _confiscate_window(
        3, ann=("short-memory", "munchies"), bob=("short-memory", "munchies"), cat=("blunt",)
    )
    bob = state.boards[1].hand
    state = play(state, Answer(bob[0], 0, bob[1:]), seat=1)
    # Stage 2 is for answers to Bob's Short Memory: Ann holds one, but it is her turn.
    assert state.phase is Phase.MAIN  # Cat has one card: nobody else could answer
    assert kush in state.boards[1].reserve
    state, _kush = _confiscate_window(
        3, ann=("short-memory", "munchies"), bob=("short-memory", "munchies"), cat=("blunt",) * 2
    )
    ann, bob = state.boards[0].hand, state.boards[1].hand
    state = play(state, Answer(bob[0], 0, bob[1:]), seat=1)
    state = play(state, Pass(), seat=2)
    assert state.window.stage == 2 and GAME.active_seats(state) == {2}
    assert GAME.legal_actions(state, 0) == ()
    reason = "Wait: the others may answer. Out-of-turn cards are for other players' turns."
    assert refused(state, Answer(ann[0], 1, (ann[1],)), seat=0).text() == reason
    assert refused(state, Pass(), seat=0).text() == reason


def test_nobody_answers_their_own_answer() -> None:
    state, _kush = _confiscate_window(
        3, bob=("short-memory", "munchies", "short-memory", "munchies"), cat=("blunt",) * 2
    )
    bob = state.boards[1].hand
    state = play(state, Answer(bob[0], 0, (bob[1],)), seat=1)
    state = play(state, Pass(), seat=2)
    assert state.window.stage == 2 and GAME.active_seats(state) == {2}  # not Bob
    assert GAME.legal_actions(state, 1) == ()
    assert refused(state, Pass(), seat=1).text() == "Wait: the others may answer your answer."


def test_chains_happen_between_the_other_players_and_resolve_last_in_first_out() -> None:
    state, kush = _confiscate_window(
        3, bob=("short-memory", "munchies"), cat=("short-memory", "munchies", "blunt")
    )
    bob, cat = state.boards[1].hand, state.boards[2].hand
    state = play(state, Answer(bob[0], 0, (bob[1],)), seat=1)
    state = play(state, Pass(), seat=2)
    assert (state.window.stage, GAME.view(state, None)["window"].targets) == (2, (1,))
    state, events = play_events(state, Answer(cat[0], 1, (cat[1],)), seat=2)
    # Both Short Memories are face up now: no third stage. Cat's cancels Bob's, so Ann's
    # Confiscate takes effect.
    assert state.phase is Phase.MAIN
    assert [e for e in events if isinstance(e, Cancelled)] == [Cancelled(2, 1, bob[0])]
    assert state.boards[1].reserve == () and kush in state.material_dump
    assert "OP 12 · Cat's Short Memory cancels Bob's Short Memory." in log(events)


def test_only_the_answers_shown_last_can_be_answered() -> None:
    state, _kush = _confiscate_window(
        3, bob=("short-memory", "munchies"), cat=("short-memory", "munchies", "blunt")
    )
    bob, cat = state.boards[1].hand, state.boards[2].hand
    state = play(state, Answer(bob[0], 0, (bob[1],)), seat=1)
    state = play(state, Pass(), seat=2)
    assert refused(state, Answer(cat[0], 0, (cat[1],)), seat=2).text() == (
        "Now only the answers shown last can be answered."
    )
    assert GAME.legal_actions(state, 2) == (
        Pass(),
        *(Answer(cat[0], 1, (pay,)) for pay in sorted(cat[1:])),
    )


# --- secret until the stage closes ----------------------------------------------------------------


def test_a_chosen_answer_is_secret_until_the_stage_closes() -> None:
    state, _paper, _skunk = _smoke_window(
        3, bob=("drug-test", "munchies"), cat=("short-memory", "munchies", "blunt")
    )
    test, pay = state.boards[1].hand
    public, cat_view = GAME.public_view(state), GAME.view(state, 2)
    chosen, events = play_events(state, Answer(test, 0, (pay,)), seat=1)
    assert events == [AnswerChosen(1, test, 0, (pay,), seen_by=frozenset({1}))]
    assert log(events, 1) == [
        "Only you see it until the answers are shown: you answer step 1 with Drug Test!,"
        " discarding Munchies."
    ]
    assert GAME.public_view(chosen) == public  # no hand count, no dump, no stack changed
    assert GAME.view(chosen, 2) == cat_view and GAME.view(chosen, 0) == GAME.view(state, 0)
    assert GAME.timer(chosen) == GAME.timer(state)
    mine = GAME.view(chosen, 1)["hand"].chosen
    assert (mine.card.id, mine.target, [c.id for c in mine.pay]) == (test, 0, [pay])
    assert GAME.view(chosen, 1)["actions"] is None  # chosen once a stage
    assert refused(chosen, Pass(), seat=1).text() == "You have already chosen in this stage."
    # Cat lets it go: everyone has chosen, the stage closes and shows what was declared.
    shown, events = play_events(chosen, Pass(), seat=2)
    assert [e for e in events if e.seen_by is None] == [
        AnswerDeclared(1, test, 0, 0, (pay,)),
        StageOpened(1, 2, 8),
    ]
    window = GAME.view(shown, None)["window"]
    assert [(e.seat, e.kind) for e in window.stack] == [(0, "smoke"), (1, "answer")]
    assert window.answering == (2,) and window.stage == 2
    assert [p.hand for p in GAME.view(shown, None)["players"]] == [0, 0, 3]
    assert pay in shown.game_dump


def test_a_stage_closes_early_only_once_everyone_has_chosen() -> None:
    state, _paper, skunk = _smoke_window(3, bob=("munchies", "blunt"), cat=("munchies", "blunt"))
    passed, events = play_events(state, Pass(), seat=1)
    assert passed.phase is Phase.WINDOW and GAME.timer(passed) == GAME.timer(state)
    assert GAME.public_view(passed) == GAME.public_view(state)  # nobody can tell who passed
    assert [e.seen_by for e in events] == [frozenset({1})]
    assert log(events, 0) == [] and log(events, 1) == ["You pass."]
    assert refused(passed, Pass(), seat=1).text() == "You have already chosen in this stage."
    closed, events = play_events(passed, Pass(), seat=2)
    assert closed.phase is Phase.MAIN and closed.boards[0].smoked == (skunk,)
    assert [e for e in events if isinstance(e, WindowClosed)] == [WindowClosed(1)]


# --- one stage, one order ------------------------------------------------------------------------


def _two_answers(first: int, second: int):
    """Returns Ann's smoke with Bob's Pass It! and Cat's Drug Test! chosen in that arrival
    order, then Dan's passes (stage 1, then stage 2 on the answers), and the public events."""
    state, paper, skunk = _smoke_window(
        4,
        bob=("pass-it", "munchies", "munchies"),
        cat=("drug-test", "blunt"),
        dan=("grow-box", "blunt"),
    )
    moves = {
        1: Answer(state.boards[1].hand[0], 0, state.boards[1].hand[1:]),
        2: Answer(state.boards[2].hand[0], 0, state.boards[2].hand[1:]),
    }
    events = []
    for seat in (first, second):
        state, more = play_events(state, moves[seat], seat=seat)
        events += more
    state, more = play_events(state, Pass(), seat=3)
    assert state.window.stage == 2 and GAME.active_seats(state) == {3}
    state, last = play_events(state, Pass(), seat=3)
    assert state.phase is Phase.MAIN
    return state, [e for e in events + more + last if e.seen_by is None], skunk


def test_answers_of_one_stage_resolve_in_turn_order_not_in_arrival_order() -> None:
    bob_first, bob_events, skunk = _two_answers(1, 2)
    cat_first, cat_events, _skunk = _two_answers(2, 1)
    assert bob_first == cat_first and bob_events == cat_events
    # Shown in turn order from Ann; Bob sits next, so his Pass It! resolves first.
    declared = [e.seat for e in bob_events if isinstance(e, AnswerDeclared)]
    assert declared == [1, 2]
    kinds = [type(e) for e in bob_events]
    assert kinds.index(SmokeTaken) < kinds.index(SmokingBanned)
    assert bob_first.boards[1].smoked == (skunk,) and bob_first.no_smoking


def test_the_next_players_answer_wins_a_race_in_one_stage() -> None:
    state, paper, skunk = _smoke_window(
        3, bob=("drug-test", "munchies"), cat=("pass-it", "munchies", "munchies")
    )
    bob, cat = state.boards[1].hand, state.boards[2].hand
    state = play(state, Answer(cat[0], 0, cat[1:]), seat=2)
    state, events = play_events(state, Answer(bob[0], 0, bob[1:]), seat=1)
    kinds = [type(event) for event in events]
    assert kinds.index(SmokingBanned) < kinds.index(Fizzled)
    assert state.boards[2].smoked == () and state.boards[0].reserve == (skunk,)
    assert paper in state.boards[0].hand and state.no_smoking


def test_nice_tool_after_pass_it_still_steals_the_tool() -> None:
    cards = Cards()
    bong, haze = cards("bong"), cards("haze")
    state = with_board(table(3), 0, area=(bong,), reserve=(haze,), hand=cards.many("pipe", 2))
    state = with_board(state, 1, hand=(cards("pass-it"), *cards.many("munchies", 2)))
    state = with_board(state, 2, hand=(cards("nice-tool"), *cards.many("blunt", 3)))
    state = play(state, Smoke((bong,), (haze,)))
    bob, cat = state.boards[1].hand, state.boards[2].hand
    state = play(state, Answer(cat[0], 0, cat[1:3]), seat=2)
    state, events = play_events(state, Answer(bob[0], 0, bob[1:]), seat=1)
    assert [type(e) for e in events if isinstance(e, (SmokeTaken, ToolStolen))] == [
        SmokeTaken,
        ToolStolen,
    ]
    assert state.boards[1].smoked == (haze,) and state.boards[2].area == (bong,)


# --- answers and their price ---------------------------------------------------------------------


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


# --- the clock ---------------------------------------------------------------------------------


def test_a_stage_lasts_the_rooms_window_seconds_then_the_clock_closes_it() -> None:
    state, _paper, skunk = _smoke_window(
        3, bob=("munchies", "blunt"), cat=("drug-test", "munchies")
    )
    assert GAME.timer(state) == Timer("for20:window:1:stage:1", 8, CloseStage(1, 1))
    assert GAME.view(state, None)["window"].seconds == 8
    state, events = play_events(state, CloseStage(1, 1), seat=CLOCK)
    assert [(e.seat, e.auto, e.seen_by) for e in events if isinstance(e, Passed)] == [
        (1, True, frozenset({1})),
        (2, True, frozenset({2})),
    ]
    assert log(events, 2)[0] == "The time is up: you let it go."
    assert state.phase is Phase.MAIN and state.boards[0].smoked == (skunk,)
    assert GAME.timer(state) is None


def test_window_length_is_a_room_option() -> None:
    options = GAME.validate_options({"window_seconds": "12"})
    assert options == {"starting_materials": False, "window_seconds": 12}
    assert GAME.validate_options({"window_seconds": 2}).text() == (
        "“Seconds to answer a move out of turn (each stage)” must be from 3 to 30."
    )
    state = GAME.setup(2, options, seed=1)
    assert state.window_seconds == 12


def test_each_stage_is_a_new_timer_and_choices_do_not_change_it() -> None:
    state, _paper, _skunk = _smoke_window(
        3, bob=("drug-test", "munchies"), cat=("short-memory", "munchies", "blunt")
    )
    first = GAME.timer(state)
    assert GAME.timer(play(state, Pass(), seat=2)) == first
    test, pay = state.boards[1].hand
    answered = play(state, Answer(test, 0, (pay,)), seat=1)
    assert GAME.timer(answered) == first
    staged, events = play_events(answered, CloseStage(1, 1), seat=CLOCK)
    assert [e for e in events if isinstance(e, (StageOpened, WindowOpened))] == [
        StageOpened(1, 2, 8)
    ]
    assert GAME.timer(staged) == Timer("for20:window:1:stage:2", 8, CloseStage(1, 2))
    assert log(events)[-1] == "Answers were shown: the others may answer them for 8 seconds."


def test_stale_or_forged_clock_actions_are_refused() -> None:
    state, _paper, _skunk = _smoke_window(
        3, bob=("drug-test", "munchies"), cat=("short-memory", "munchies", "blunt")
    )
    assert refused(state, CloseStage(1, 2), seat=CLOCK).text() == "That timer is no longer running."
    assert refused(state, CloseStage(7, 1), seat=CLOCK).text() == "That timer is no longer running."
    assert refused(state, CloseStage(1, 1), seat=1).text() == "Only the clock can do that."
    assert refused(state, Pass(), seat=CLOCK).text() == "It is not your turn."
    assert GAME.legal_actions(state, CLOCK) == ()
    test, pay = state.boards[1].hand
    state = play(state, Answer(test, 0, (pay,)), seat=1)
    staged = play(state, CloseStage(1, 1), seat=CLOCK)
    assert staged.window.stage == 2
    assert refused(staged, CloseStage(1, 1), seat=CLOCK).text() == (
        "That timer is no longer running."
    )
    assert refused(table(), CloseStage(1, 1), seat=CLOCK).text() == (
        "That timer is no longer running."
    )
