"""Which moves of each game may be taken back, as docs/rules/<game>.md says: allowed on a
step that drew, shuffled and revealed nothing within the seat's turn; refused after a hidden
draw, a random event, another player's move, or the end of the turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from app.games.core import Action, Applied, Game
from app.games.core.undo import NOTHING_TO_UNDO, Trail, Undo, may_take_back, play
from app.games.registry import GAMES
from tests.support.undo import Step, find, options_for, seats_for, steps

Wanted = Callable[[Step], bool]


class Case(NamedTuple):
    game: str
    what: str
    wanted: Wanted
    undoable: bool


def _move(*kinds: str, then: Callable[[Any], bool] = lambda _after: True) -> Wanted:
    """A move of one of these kinds after which the state is as `then` says."""
    return lambda step: step.action.kind in kinds and then(step.applied.state)


def _phase(name: str) -> Callable[[Any], bool]:
    return lambda state: str(state.phase.value) == name


def _reshuffled(step: Step) -> bool:
    return step.action.kind == "reveal" and step.before.rng != step.applied.state.rng


def _refilled(step: Step) -> bool:
    return step.action.kind == "buy" and bool(step.before.beer_deck)


def _from_deck(step: Step) -> bool:
    return step.action.kind in ("telescope", "notebook") and step.applied.state.drawn_from_deck


def _window(step: Step) -> bool:
    return step.action.kind == "smoke" and step.applied.state.window is not None


def _passes(step: Step) -> bool:
    return step.seat != step.applied.state.seat


def _sold_on(step: Step) -> bool:
    return step.action.kind == "buy" and step.applied.state.seller == step.seat


CASES = (
    # 4 Pints
    Case("four-pints", "a pint spilled by Elbowing", _move("elbow"), True),
    Case("four-pints", "a pint of one's own spilled by a Slip", _move("spill_own"), True),
    Case("four-pints", "a pass leaving Money to save", _move("pass", then=_phase("save")), True),
    Case("four-pints", "a Purchase card revealed (a hidden draw)", _move("reveal"), False),
    Case("four-pints", "the Purchase deck reshuffled (a random event)", _reshuffled, False),
    Case("four-pints", "a buy that refills the bar from the Beer deck", _refilled, False),
    Case("four-pints", "the save that ends the turn", _move("save", "keep_saved"), False),
    # Stellar
    Case("stellar", "a row card taken", _move("take", then=_phase("play")), True),
    Case("stellar", "a satellite taken (a clear?)", _move("take", then=_phase("clear")), False),
    Case("stellar", "the row cleared (a shuffle)", _move("clear"), False),
    Case("stellar", "a card played, the second from the deck", _from_deck, False),
    Case("stellar", "the second card placed: the turn ends", _move("place"), False),
    Case("stellar", "a secret starting choice", _move("start"), False),
    # For20 Cards
    Case("for20", "a material turned for coins (OP 07)", _move("turn"), True),
    Case("for20", "a hand card discarded for coins", _move("recycle", then=_phase("main")), False),
    Case("for20", "a smoke that opens a window", _window, False),
    Case("for20", "the end of the turn, with the next draws", _move("end"), False),
    # Stickers
    Case("stickers", "a market card taken", _move("take"), True),
    Case("stickers", "a collection played from the hand", _move("play"), False),
    Case("stickers", "the move that ends the turn", _passes, False),
    # Speedy Pickers (expert)
    Case("speedy_pickers", "a buy while the seller goes on", _sold_on, True),
    Case("speedy_pickers", "a mark in the search (a race)", _move("mark"), False),
    Case("speedy_pickers", "a pass for good in the sale", _move("pass"), False),
)  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case.game}: {case.what}")
def test_which_moves_may_be_taken_back(case: Case) -> None:
    game = GAMES[case.game]
    step = find(game, seats_for(game), options_for(game), case.wanted)
    assert may_take_back(game, step.before, step.applied, step.seat, step.action) is case.undoable
    trail = Trail().then(game, step.before, step.seat, step.action, step.applied)
    undone = play(game, step.applied.state, trail, step.seat, Undo())
    if case.undoable:
        assert isinstance(undone, Applied) and undone.state is step.before
    else:
        assert undone == NOTHING_TO_UNDO


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_another_players_move_ends_the_undo(game_id: str) -> None:
    """Once anyone else (or the clock) has moved, the seat may take nothing back."""
    game = GAMES[game_id]
    trail, mover = Trail(), None
    for step in (
        step for seed in range(6) for step in steps(game, seats_for(game), options_for(game), seed)
    ):
        trail = trail.then(game, step.before, step.seat, step.action, step.applied)
        if mover is None and trail.lets(step.seat):
            mover = step.seat
        elif mover is not None and step.seat != mover:
            assert not trail.lets(mover)
            refused = play(game, step.applied.state, trail, mover, Undo())
            assert refused == NOTHING_TO_UNDO
            return
    raise AssertionError("no undoable move followed by another seat's")


# Where seeded playouts reach two undoable moves in one turn (in Stickers and Speedy
# Pickers' sale they are rare: two market effects in a row, two buys in one sale turn).
_TWO_IN_A_ROW = ("four-pints", "stellar", "for20")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_undos_in_a_row_walk_back_the_turn(game_id: str) -> None:
    """Two undoable moves of one turn: two undos give back the state before the first."""
    game = GAMES[game_id]
    for seed in range(12):
        for step in steps(game, seats_for(game), options_for(game), seed):
            if not may_take_back(game, step.before, step.applied, step.seat, step.action):
                continue
            state, seat = step.applied.state, step.seat
            for action in game.legal(state, seat):
                applied = game.apply(state, seat, action)
                assert isinstance(applied, Applied)
                if may_take_back(game, state, applied, seat, action):
                    _walk_back(game, step, action, applied)
                    return
    if game_id in _TWO_IN_A_ROW:
        raise AssertionError("no turn with two undoable moves")


def _walk_back(game: Game[Any], first: Step, action: Action, second: Applied[Any]) -> None:
    seat, middle = first.seat, first.applied.state
    trail = Trail().then(game, first.before, seat, first.action, first.applied)
    trail = trail.then(game, middle, seat, action, second)
    once = play(game, second.state, trail, seat, Undo())
    assert isinstance(once, Applied) and once.state is middle
    trail = trail.then(game, second.state, seat, Undo(), once)
    twice = play(game, once.state, trail, seat, Undo())
    assert isinstance(twice, Applied) and twice.state is first.before
    trail = trail.then(game, once.state, seat, Undo(), twice)
    assert play(game, twice.state, trail, seat, Undo()) == NOTHING_TO_UNDO
