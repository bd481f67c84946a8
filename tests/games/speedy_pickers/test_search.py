"""The search phase: claiming tiles, the race, taking back, the timer, the neighbour's check."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from app.games.core import CLOCK, Applied
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.state import Mark, Phase
from tests.games.speedy_pickers.tables import (
    check_over,
    mark,
    ok,
    ready_all,
    refused,
    start,
    time_up,
    turn_over,
)


def test_a_marked_tile_leaves_the_centre_and_is_the_players() -> None:
    state = start(4)
    tile = state.centre[0]
    state = mark(state, 0, tile)
    assert tile not in state.centre
    assert [t.key for t in GAME.view(state, 2)["players"][0].marked] == [tile]


def test_the_race_for_a_tile_first_applied_wins_the_other_is_told() -> None:
    state = start(4)
    tile = state.centre[3]
    state = mark(state, 1, tile)
    refusal = refused(state, 2, act.Mark(tile, 1, 10, 10, tile))
    assert "Too late" in refusal.text() and "claimed" in refusal.text()


def test_a_player_takes_a_mark_back_and_the_tile_is_free_again() -> None:
    state = start(3)
    tile = state.centre[0]
    state = mark(state, 0, tile, right=False)
    state = ok(state, 0, act.TakeBack(tile))
    assert tile in state.centre and state.player(0).marks == ()
    state = mark(state, 1, tile)
    assert state.player(1).marked == (tile,)


def test_nobody_takes_back_anothers_mark() -> None:
    state = start(3)
    tile = state.centre[0]
    state = mark(state, 0, tile)
    assert "no magnifier" in refused(state, 1, act.TakeBack(tile)).text()


def test_a_click_after_the_timer_ran_out_is_refused() -> None:
    state = time_up(start(2))
    tile = state.centre[0]
    assert state.phase is Phase.CHECK
    assert "Time is up" in refused(state, 0, act.Mark(tile, 1, 5, 5, tile)).text()
    state = check_over(state)
    assert state.phase is Phase.PREPARE
    assert "Time is up" in refused(state, 0, act.Mark(tile, 1, 5, 5, tile)).text()


def test_beginner_check_goes_board_by_board_then_the_clock_ends_the_turn() -> None:
    state = start(3)
    right, wrong, other = state.centre[:3]
    state = mark(mark(mark(state, 0, right), 1, wrong, right=False), 2, other)
    centre = state.centre
    applied = GAME.apply(state, CLOCK, act.TimeUp(1))
    assert isinstance(applied, Applied)
    state = applied.state
    # The search's end checks the first board; nothing is drawn, nobody is waited for.
    assert [type(e).__name__ for e in applied.events] == ["SearchEnded", "Checked"]
    assert state.phase is Phase.CHECK and state.turn == 1 and state.checked == 1
    assert state.player(0).kept == (right,) and state.player(1).marked == (wrong,)
    assert state.centre == centre and GAME.active_seats(state) == frozenset()
    timer = GAME.timer(state)
    assert timer is not None and timer.seconds == 1 and timer.action == act.CheckUp(1, 1)
    assert "Ready" not in str(GAME.legal_actions(state, 0))
    assert "nothing to get ready" in refused(state, 0, act.Ready()).text()
    assert "clock" in refused(state, 0, act.CheckUp(1, 1)).text()
    assert "no longer running" in refused(state, CLOCK, act.CheckUp(1, 0)).text()
    # A second later the next board, then the last with the turn's scores.
    state = time_up(state)
    assert state.checked == 2 and state.player(1).face_down == (wrong,)
    assert state.player(2).marked == (other,) and state.turn_totals == ()
    applied = GAME.apply(state, CLOCK, act.CheckUp(1, 2))
    assert isinstance(applied, Applied)
    state = applied.state
    assert [type(e).__name__ for e in applied.events] == ["Checked", "TurnEnded"]
    assert state.player(2).kept == (other,) and state.turn_totals == ((1, 0, 1),)
    timer = GAME.timer(state)
    assert timer is not None and timer.seconds == 3 and timer.action == act.CheckUp(1, 3)
    # Then the turn ends: the next tiles read aloud, the prepare phase.
    state = time_up(state)
    assert state.phase is Phase.PREPARE and state.turn == 2
    assert len(state.centre) == len(centre) + 3


def test_the_last_check_is_on_view_before_the_game_ends() -> None:
    state = start(2)
    for _turn in range(4):
        state = ready_all(turn_over(state))
    state = time_up(state)
    assert state.turn == 5 and state.phase is Phase.CHECK and GAME.result(state) is None
    while state.checked < state.players:
        state = time_up(state)
    assert state.phase is Phase.CHECK and GAME.result(state) is None
    assert GAME.result(time_up(state)) is not None


def test_a_late_click_never_counts_in_the_next_search() -> None:
    state = ready_all(turn_over(start(2)))
    tile = state.centre[0]
    assert state.phase is Phase.SEARCH and state.turn == 2
    assert "Time is up" in refused(state, 0, act.Mark(tile, 1, 5, 5, tile)).text()
    assert mark(state, 0, tile).player(0).marked == (tile,)


def test_the_next_search_starts_when_everyone_is_ready_or_after_the_prepare_clock() -> None:
    state = turn_over(start(3))
    state = ok(state, 0, act.Ready())
    assert GAME.active_seats(state) == {1, 2}
    assert time_up(state).phase is Phase.SEARCH
    assert ready_all(state).phase is Phase.SEARCH


def test_only_the_clock_runs_the_timer_out_and_only_the_running_one() -> None:
    state = start(2)
    assert "clock" in refused(state, 0, act.TimeUp(1)).text()
    assert "no longer running" in refused(state, CLOCK, act.TimeUp(2)).text()


def test_wrong_marks_turn_face_down_at_the_end_right_ones_are_kept() -> None:
    state = start(2)
    right, wrong = state.centre[:2]
    state = mark(mark(state, 0, right), 0, wrong, right=False)
    state = time_up(state)
    assert state.player(0).kept == (right,)
    assert state.player(0).face_down == (wrong,)
    view = GAME.view(state, 1)["players"][0]
    assert [t.key for t in view.kept] == [right] and [t.key for t in view.face_down] == [wrong]


def test_whether_a_mark_is_right_is_hidden_until_the_end() -> None:
    state = start(2)
    right, wrong = state.centre[:2]
    state = mark(mark(state, 0, right), 0, wrong, right=False)
    for viewer in (0, 1, None):
        assert not list(_marks_in(GAME.view(state, viewer)))
        me = GAME.view(state, viewer)["me"]
        assert me is None or not hasattr(me, "right")
    assert GAME.view(state, 0)["players"][0].face_down == ()


def _marks_in(value: Any) -> Any:
    """Yields every engine `Mark` (point and hit) nested in a view."""
    if isinstance(value, Mark):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _marks_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _marks_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _marks_in(item)


def test_a_click_outside_the_scene_is_refused() -> None:
    state = start(2)
    tile = state.centre[0]
    assert "inside" in refused(state, 0, act.Mark(tile, 1, 1600, 10, tile)).text()


def test_beginner_search_ends_at_once_when_every_tile_is_claimed() -> None:
    state = start(2)
    state = replace(state, centre=state.centre[:2], bag=state.centre[2:] + state.bag)
    state = mark(state, 0, state.centre[0])
    assert state.phase is Phase.SEARCH
    state = mark(state, 1, state.centre[0])
    assert state.turn == 1 and state.phase is Phase.CHECK
    state = check_over(state)
    assert state.player(0).kept and state.player(1).kept
    assert state.turn == 2


def test_beginner_search_ends_when_the_shared_pool_is_empty() -> None:
    state = start(2)  # 7 tiles, 6 magnifiers
    for tile in state.centre[:6]:
        state = mark(state, 0, tile)
    assert state.phase is Phase.CHECK
    assert len(state.player(0).kept) == 6


def test_beginner_has_no_tokens_to_stop_with() -> None:
    assert "Beginner" in refused(start(2), 0, act.Stop()).text()


def test_tiles_are_topped_up_from_the_bag_between_turns() -> None:
    state = start(4)
    claimed, left = state.centre[:3], state.centre[3:]
    for tile in claimed:
        state = mark(state, 0, tile)
    bag = state.bag
    state = turn_over(state)
    assert state.turn == 2 and len(state.centre) == 13
    assert state.centre[:10] == left
    assert state.centre[10:] == bag[:3]


def test_magnifiers_return_to_the_pool_after_the_turn() -> None:
    state = start(2)
    state = mark(state, 0, state.centre[0])
    assert GAME.view(state, 0)["status"].pool == 5
    assert GAME.view(time_up(state), 0)["status"].pool == 6


def test_looking_changes_nothing() -> None:
    state = start(2)
    assert ok(state, 0, act.Look()) == state


def test_expert_stop_takes_the_lowest_free_token() -> None:
    state = start(3, "expert")
    state = ok(state, 2, act.Stop())
    state = ok(state, 0, act.Stop())
    assert (state.player(2).token, state.player(0).token) == (1, 2)
    assert "stopped" in refused(state, 2, act.Mark(state.centre[0], 1, 1, 1, "")).text()
    assert GAME.active_seats(state) == {1}


def test_expert_placing_the_last_magnifier_stops_the_search_for_that_player() -> None:
    state = start(3, "expert")
    for tile in state.centre[:3]:
        state = mark(state, 1, tile)
    assert state.player(1).token == 1
    assert "stopped" in refused(state, 1, act.TakeBack(state.player(1).marked[0])).text()


def test_expert_search_ends_once_everyone_has_stopped() -> None:
    state = start(2, "expert")
    state = ok(ok(state, 0, act.Stop()), 1, act.Stop())
    assert state.turn == 2  # nobody could buy anything: the sale was over at once
