"""The six powers of Action cards: played before the search (Double Dose in the sale), each
once, fair online: a victim's scene is changed by the server's picture, never by the browser."""

from __future__ import annotations

from app.games.core import Applied, Point
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.cards import Power
from app.games.speedy_pickers.state import Phase, SpeedyState
from tests.games.speedy_pickers.tables import (
    card_of,
    holding,
    mark,
    ok,
    ready_all,
    refused,
    start,
    time_up,
)


def _prepare(*cards: int, players: int = 3) -> SpeedyState:
    """Returns turn 2's prepare phase with seat 0 holding `cards`."""
    state = time_up(holding(start(players, "expert"), 0, *cards))
    assert state.phase is Phase.PREPARE and state.turn == 2
    return state


def _scene_args(state: SpeedyState, seat: int) -> tuple[object, ...]:
    return GAME.pictures(state, seat)["scene"].args


def test_cloth_covers_part_of_the_victims_scene_only_for_that_turn() -> None:
    cloth = card_of(Power.CLOTH)
    state = ready_all(ok(_prepare(cloth), 0, act.PlayPower(cloth, target=1)))
    lies = _scene_args(state, 1)[3]
    assert isinstance(lies, tuple) and len(lies) == 5
    cx, cy, width, height, angle = lies
    assert 0 <= cx - width // 2 and cx + width // 2 <= 1600 and 0 <= angle < 360
    assert 0 <= cy - height // 2 and cy + height // 2 <= 1000
    assert _scene_args(state, 0)[3] is None and _scene_args(state, 2)[3] is None
    state = ready_all(time_up(state))
    assert _scene_args(state, 1)[3] is None


def test_upside_down_turns_the_victims_scene() -> None:
    card = card_of(Power.UPSIDE_DOWN)
    state = ready_all(ok(_prepare(card), 0, act.PlayPower(card, target=2)))
    assert _scene_args(state, 2)[2] is True and _scene_args(state, 1)[2] is False


def test_standing_serves_the_victims_scene_at_low_resolution_without_zoom() -> None:
    card = card_of(Power.STANDING)
    state = ready_all(ok(_prepare(card), 0, act.PlayPower(card, target=1)))
    assert _scene_args(state, 1)[4] is True and _scene_args(state, 0)[4] is False
    points = [c for c in GAME.offered(state, 1) if isinstance(c, Point)]
    assert points and not any(point.zoom for point in points)
    assert all(c.zoom for c in GAME.offered(state, 0) if isinstance(c, Point))


def test_a_victim_suffers_each_power_once_a_turn_and_never_yourself() -> None:
    one, two = card_of(Power.UPSIDE_DOWN), card_of(Power.UPSIDE_DOWN, 1)
    state = ok(_prepare(one, two), 0, act.PlayPower(one, target=1))
    assert "already" in refused(state, 0, act.PlayPower(two, target=1)).text()
    assert "opponent" in refused(state, 0, act.PlayPower(two, target=0)).text()
    assert "opponent" in refused(state, 0, act.PlayPower(two, target=7)).text()


def test_a_card_is_used_once() -> None:
    card = card_of(Power.CLOTH)
    state = ok(_prepare(card), 0, act.PlayPower(card, target=1))
    assert "already been used" in refused(state, 0, act.PlayPower(card, target=2)).text()


def test_search_powers_are_not_played_once_the_search_runs() -> None:
    card = card_of(Power.CLOTH)
    state = ready_all(_prepare(card))
    assert "before the search" in refused(state, 0, act.PlayPower(card, target=1)).text()


def test_nobody_plays_a_card_they_do_not_hold() -> None:
    state = _prepare(card_of(Power.CLOTH))
    assert "no such" in refused(state, 1, act.PlayPower(card_of(Power.CLOTH), target=0)).text()


def test_reserved_object_only_its_holder_may_find_it_and_keeps_it_when_right() -> None:
    card = card_of(Power.RESERVED)
    state = _prepare(card)
    tile = state.centre[4]
    state = ready_all(ok(state, 0, act.PlayPower(card, tile=tile)))
    assert tile not in state.centre
    assert "reserved" in refused(state, 1, act.Mark(tile, 2, 5, 5, tile)).text()
    state = time_up(mark(state, 0, tile))
    assert tile in state.player(0).kept


def test_reserved_object_goes_back_to_the_bag_when_missed_or_marked_wrong() -> None:
    card = card_of(Power.RESERVED)
    state = _prepare(card)
    tile = state.centre[0]
    state = ready_all(ok(state, 0, act.PlayPower(card, tile=tile)))
    missed = time_up(state)
    assert tile in missed.bag and tile not in missed.player(0).face_down
    wrong = time_up(mark(state, 0, tile, right=False))
    assert tile in wrong.bag and tile not in wrong.player(0).face_down


def test_taking_back_a_mark_on_a_reserved_object_leaves_it_reserved() -> None:
    card = card_of(Power.RESERVED)
    state = _prepare(card)
    tile = state.centre[2]
    state = ready_all(ok(state, 0, act.PlayPower(card, tile=tile)))
    state = ok(mark(state, 0, tile, right=False), 0, act.TakeBack(tile))
    assert state.player(0).reserved == tile and tile not in state.centre
    assert mark(state, 0, tile).player(0).marked == (tile,)


def test_reserved_object_must_be_a_tile_in_the_centre() -> None:
    card = card_of(Power.RESERVED)
    state = _prepare(card)
    assert "centre" in refused(state, 0, act.PlayPower(card, tile=state.bag[0])).text()


def test_extra_magnifier_gives_a_fourth_magnifier() -> None:
    card = card_of(Power.EXTRA_MAGNIFIER)
    state = ready_all(ok(_prepare(card), 0, act.PlayPower(card)))
    for tile in state.centre[:3]:
        state = mark(state, 0, tile)
    assert state.player(0).token is None  # still searching with the 4th
    state = mark(state, 0, state.centre[0])
    assert state.player(0).token == 1


def test_extra_magnifier_stays_until_it_wins_a_fourth_object() -> None:
    card = card_of(Power.EXTRA_MAGNIFIER)
    state = ready_all(ok(_prepare(card), 0, act.PlayPower(card)))
    three_and_a_miss = state
    for n, tile in enumerate(state.centre[:4]):
        three_and_a_miss = mark(three_and_a_miss, 0, tile, right=n < 3)
    kept = time_up(three_and_a_miss) if three_and_a_miss.phase is Phase.SEARCH else three_and_a_miss
    assert kept.player(0).extra_magnifier  # 3 right + 1 wrong: it won no 4th object
    four = state
    for tile in state.centre[:4]:
        four = mark(four, 0, tile)
    spent = time_up(four) if four.phase is Phase.SEARCH else four
    assert not spent.player(0).extra_magnifier
    assert len(spent.player(0).kept) == 4


def test_one_extra_magnifier_at_a_time() -> None:
    one, two = card_of(Power.EXTRA_MAGNIFIER), card_of(Power.EXTRA_MAGNIFIER, 1)
    state = ok(_prepare(one, two), 0, act.PlayPower(one))
    assert "already" in refused(state, 0, act.PlayPower(two)).text()


def test_the_prepare_phase_offers_powers_as_choices() -> None:
    cloth, extra = card_of(Power.CLOTH), card_of(Power.EXTRA_MAGNIFIER)
    offered = GAME.offered(_prepare(cloth, extra), 0)
    assert len(offered) == 3  # Ready, Cloth on one of two opponents, Extra Magnifier
    view = GAME.view(_prepare(cloth, extra), 0)["me"]
    assert [power.playable for power in view.powers] == [True, True]


def test_powers_played_are_public_and_put_into_words() -> None:
    card = card_of(Power.CLOTH)
    applied = GAME.apply(_prepare(card), 0, act.PlayPower(card, target=1))
    assert isinstance(applied, Applied)
    lines = [GAME.describe(event, ["Ann", "Bob", "Cy"]) for event in applied.events]
    assert "Ann plays Cloth on Bob." in lines
    assert GAME.view(applied.state, 2)["players"][1].cloth
