"""Turn clock arithmetic: a bank per seat, a free allowance per move, deadlines from times
passed in (no clock is read)."""

from __future__ import annotations

from app.games.core.clock import PRESETS, Preset, advance, charge, start

PACE = Preset("test", "test", bank=100.0, allowance=10.0)


def test_a_fresh_clock_runs_for_the_seats_that_act_first() -> None:
    clocks = start(PACE, 3, {1}, at=1000.0)
    assert clocks.banks == (100.0, 100.0, 100.0)
    assert [clocks.deadline(seat) for seat in range(3)] == [None, 1110.0, None]
    assert clocks.next_out() == (1110.0, 1)


def test_a_move_within_the_allowance_costs_nothing() -> None:
    clocks = advance(start(PACE, 2, {0}, 0.0), 9.5, mover=0, running={1})
    assert clocks.banks == (100.0, 100.0)
    assert clocks.deadline(0) is None and clocks.deadline(1) == 9.5 + 110.0


def test_time_beyond_the_allowance_comes_out_of_the_bank() -> None:
    clocks = advance(start(PACE, 2, {0}, 0.0), 35.0, mover=0, running={1})
    assert clocks.banks == (75.0, 100.0)


def test_the_allowance_is_not_saved_up() -> None:
    quick = advance(start(PACE, 1, {0}, 0.0), 1.0, mover=0, running={0})
    slow = advance(quick, 1.0 + 30.0, mover=0, running={0})
    assert slow.banks == (80.0,)  # 20 s over this move's allowance, the 9 s unused before lost


def test_a_bank_never_goes_below_zero_and_then_the_allowance_alone_remains() -> None:
    late = advance(start(PACE, 1, {0}, 0.0), 500.0, mover=0, running={0})
    assert late.banks == (0.0,)
    assert late.deadline(0) == 510.0


def test_a_seat_that_keeps_acting_keeps_its_move_running_when_another_moves() -> None:
    both = start(PACE, 2, {0, 1}, 0.0)
    after = advance(both, 30.0, mover=1, running={0, 1})
    assert after.deadline(0) == both.deadline(0)  # seat 0's move goes on from 0
    assert after.banks == (100.0, 80.0) and after.deadline(1) == 30.0 + 90.0


def test_a_seat_that_no_longer_has_to_act_is_charged_without_moving() -> None:
    after = advance(start(PACE, 2, {0, 1}, 0.0), 50.0, mover=1, running=set())
    assert after.banks == (60.0, 60.0)
    assert after.next_out() is None


def test_the_games_own_clock_moving_charges_the_seats_it_stops() -> None:
    after = advance(start(PACE, 2, {0}, 0.0), 20.0, mover=None, running={1})
    assert after.banks == (90.0, 100.0) and after.deadline(1) == 130.0


def test_time_left_counts_to_the_deadline_while_running_else_shows_the_bank() -> None:
    clocks = start(PACE, 2, {0}, 0.0)
    assert clocks.left(0, 40.0) == 70.0
    assert clocks.left(1, 40.0) == 100.0
    assert clocks.left(0, 999.0) == 0.0


def test_the_earliest_deadline_is_the_next_to_run_out() -> None:
    clocks = advance(start(PACE, 3, {0, 1, 2}, 0.0), 5.0, mover=1, running={0, 1, 2})
    assert clocks.next_out() == (110.0, 0)


def test_charge_is_free_within_the_allowance() -> None:
    clocks = start(PACE, 1, (), 0.0)
    assert charge(clocks, 50.0, 10.0) == 50.0 and charge(clocks, 50.0, 12.5) == 47.5


def test_the_presets_get_slower_from_fast_to_relaxed() -> None:
    fast, normal, relaxed = PRESETS["fast"], PRESETS["normal"], PRESETS["relaxed"]
    assert fast.allowance < normal.allowance < relaxed.allowance
    assert fast.bank < normal.bank < relaxed.bank
    assert PRESETS["normal"].scaled(0.5) == Preset("normal", normal.label, 150.0, 10.0)
