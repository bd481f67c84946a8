"""Bots: searchers that find at their skill's pace, sell greedily and play their powers."""

from __future__ import annotations

import random

from app.games.speedy_pickers import GAME
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.bots import Skill, searcher
from app.games.speedy_pickers.cards import Power
from app.games.speedy_pickers.objects import Category
from tests.games.speedy_pickers.tables import (
    card_of,
    collector,
    giving,
    holding,
    ok,
    on_display,
    start,
    tiles_of,
    time_up,
)

_SURE = searcher(Skill(find=1.0, err=0.0, stop=0.0))
_CLUMSY = searcher(Skill(find=1.0, err=1.0, stop=0.0))
_SLOW = searcher(Skill(find=0.0, err=0.0, stop=0.0))


def test_the_bots_are_named_by_skill_and_one_stands_in_for_people() -> None:
    assert set(GAME.bots) == {"beginner", "expert"}
    assert GAME.stand_in in GAME.bots


def test_a_finding_bot_marks_a_tile_with_the_right_hit() -> None:
    state = start(3)
    action = _SURE(GAME, state, 1, random.Random(1))
    assert isinstance(action, act.Mark) and action.tile in state.centre
    assert action.hit == action.tile and action.turn == 1


def test_an_erring_bot_marks_with_nothing_under_its_magnifier() -> None:
    action = _CLUMSY(GAME, start(3), 1, random.Random(1))
    assert isinstance(action, act.Mark) and action.hit == ""


def test_a_bot_that_finds_nothing_now_keeps_looking() -> None:
    assert _SLOW(GAME, start(3), 0, random.Random(1)) == act.Look()


def test_the_expert_finds_more_often_than_the_beginner() -> None:
    state = start(3)
    rng = random.Random(4)
    finds = {
        name: sum(isinstance(GAME.bots[name](GAME, state, 0, rng), act.Mark) for _n in range(400))
        for name in ("beginner", "expert")
    }
    assert finds["expert"] > finds["beginner"] > 0


def test_a_bot_buys_the_card_that_gains_most_and_uses_double_dose_for_two() -> None:
    good, better = collector(Category.SPORT, 1), collector(Category.SPORT, 2)
    state = start(2, "expert")
    state = on_display(giving(state, 0, tiles_of(Category.SPORT, 4)), good, better)
    state = time_up(ok(state, 0, act.Stop()))
    assert _SURE(GAME, state, 0, random.Random(1)) == act.Buy(better, "sport")
    state = holding(state, 0, card_of(Power.DOUBLE_DOSE))
    assert _SURE(GAME, state, 0, random.Random(1)) == act.PlayPower(card_of(Power.DOUBLE_DOSE))


def test_a_bot_plays_a_victim_power_on_the_leader_then_gets_ready() -> None:
    cloth = card_of(Power.CLOTH)
    state = holding(start(3, "expert"), 0, cloth)
    state = time_up(state)
    state = state.with_player(2, kept=tiles_of(Category.HISTORY, 2))
    assert _SURE(GAME, state, 0, random.Random(1)) == act.PlayPower(cloth, target=2)
    state = ok(state, 0, act.PlayPower(cloth, target=2))
    assert _SURE(GAME, state, 0, random.Random(1)) == act.Ready()
