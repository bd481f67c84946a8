"""The search phase: every seat at once claims tiles with magnifiers on its own scene.

The engine is the referee of the race: actions are applied one after another, so of two
claims on one tile the first applied wins and the second is refused with the winner's name.
Whether a mark is right (its `hit` is the tile's object) is not looked at until the phase
ends. The phase ends when the sand timer runs out (a CLOCK `TimeUp`), in beginner mode as
soon as nothing is left to mark, and in expert mode once every seat has stopped.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.core.i18n import _
from app.games.core.outcome import Event, Refusal
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.events import Marked, Stopped, TookBack
from app.games.speedy_pickers.objects import BY_KEY
from app.games.speedy_pickers.scenes import HEIGHT, WIDTH
from app.games.speedy_pickers.selling import give_tokens
from app.games.speedy_pickers.state import Mark, Phase, SpeedyState
from app.games.speedy_pickers.turns import check_all, magnifiers_left, start_check

Events = list[Event]


def searching(state: SpeedyState, seat: int) -> bool:
    """Returns whether the seat is still searching (it has not stopped)."""
    return state.phase is Phase.SEARCH and state.player(seat).token is None


def markable(state: SpeedyState, seat: int) -> tuple[str, ...]:
    """Returns the tiles the seat may claim now: the centre's and its own Reserved Object."""
    reserved = state.player(seat).reserved
    mine = (reserved,) if reserved is not None and reserved not in state.player(seat).marked else ()
    return state.centre + mine


def check_mark(state: SpeedyState, seat: int, action: act.Mark) -> Refusal | None:
    """Returns why a mark is refused, or None. A mark names its turn, so a click for a search
    that is over never counts in the next one."""
    if action.turn < state.turn or state.phase in (Phase.SELL, Phase.OVER):
        return Refusal(_("Time is up: the search is over."))
    refusal = _check_searching(state, seat)
    if refusal is not None:
        return refusal
    if action.turn != state.turn:
        return Refusal(_("That click is not for this turn's search."))
    if action.tile not in BY_KEY:
        return Refusal(_("There is no such tile."))
    tile = {"object": BY_KEY[action.tile].name}
    if action.tile in state.player(seat).marked:
        return Refusal(_("You have already marked the {object}."), tile)
    holder = state.holder(action.tile)
    if holder is not None and holder != seat:
        if state.player(holder).reserved == action.tile:
            return Refusal(
                _("The {object} is reserved by another player: only they may find it."), tile
            )
        return Refusal(_("Too late: another player claimed the {object} first."), tile)
    if action.tile not in markable(state, seat):
        return Refusal(_("The {object} is not on the table."), tile)
    if magnifiers_left(state, seat) <= 0:
        if state.expert:
            return Refusal(_("You have no magnifier left."))
        return Refusal(_("Every magnifier is in use."))
    if not (0 <= action.x < WIDTH and 0 <= action.y < HEIGHT):
        return Refusal(_("Click inside your scene."))
    return None


def check_take_back(state: SpeedyState, seat: int, action: act.TakeBack) -> Refusal | None:
    refusal = _check_searching(state, seat)
    if refusal is not None:
        return refusal
    if action.tile not in state.player(seat).marked:
        return Refusal(_("You have no magnifier on that tile."))
    return None


def check_stop(state: SpeedyState, seat: int) -> Refusal | None:
    if not state.expert:
        return Refusal(_("Beginner games have no turn-order tokens: search until time is up."))
    return _check_searching(state, seat)


def check_look(state: SpeedyState, seat: int) -> Refusal | None:
    return _check_searching(state, seat)


def _check_searching(state: SpeedyState, seat: int) -> Refusal | None:
    if state.phase is Phase.PREPARE:
        return Refusal(_("The search has not started yet."))
    if state.phase is not Phase.SEARCH:
        return Refusal(_("Time is up: the search is over."))
    if state.player(seat).token is not None:
        return Refusal(_("You have stopped searching this turn."))
    return None


def mark(state: SpeedyState, seat: int, action: act.Mark, events: Events) -> SpeedyState:
    """Returns the state with the tile claimed; placing one's last magnifier stops (expert)."""
    player = state.player(seat)
    centre = tuple(tile for tile in state.centre if tile != action.tile)
    placed = Mark(action.tile, action.x, action.y, action.hit)
    state = replace(state, centre=centre).with_player(seat, marks=(*player.marks, placed))
    events.append(Marked(seat, action.tile))
    if state.expert and magnifiers_left(state, seat) == 0:
        return stop(state, seat, events, last_magnifier=True)
    if not state.expert and (not state.centre or magnifiers_left(state, seat) == 0):
        return finish(state, "found", events)
    return state


def take_back(state: SpeedyState, seat: int, action: act.TakeBack, events: Events) -> SpeedyState:
    """Returns the state with the magnifier lifted and the tile back where it was taken."""
    player = state.player(seat)
    marks = tuple(mark for mark in player.marks if mark.tile != action.tile)
    state = state.with_player(seat, marks=marks)
    if action.tile != player.reserved:
        state = replace(state, centre=(*state.centre, action.tile))
    events.append(TookBack(seat, action.tile))
    return state


def stop(
    state: SpeedyState, seat: int, events: Events, last_magnifier: bool = False
) -> SpeedyState:
    """Returns the state with the seat out of the search, holding the lowest free token."""
    taken = {player.token for player in state.seats}
    token = min(t for t in range(1, state.players + 1) if t not in taken)
    state = state.with_player(seat, token=token)
    events.append(Stopped(seat, token, last_magnifier))
    if all(player.token is not None for player in state.seats):
        return finish(state, "stopped", events)
    return state


def finish(state: SpeedyState, reason: str, events: Events) -> SpeedyState:
    """Returns the state after the search: every board checked and the sale next (expert, the
    results on view during it), else the check, board by board on the clock (`CheckUp`)."""
    if state.expert:
        return give_tokens(check_all(state, reason, events), events)
    return start_check(state, reason, events)
