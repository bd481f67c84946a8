"""Playing Action cards: when each power may be turned sideways, and what it does.

Online and fair (chosen, docs/rules/speedy-pickers.md): the powers that act on a search are
played in the prepare phase before the search starts, when every scene is still face down, at
most 30 s long; everyone says Ready when done. Cloth, Upside Down and Standing change only
the victim's picture for that turn (the server paints it so; nothing a browser can undo), and
a victim takes each of them at most once a turn. Double Dose is played in the sale, on your
own turn.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.core.i18n import _
from app.games.core.outcome import Event, Refusal
from app.games.core.rng import Rng
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.cards import CARDS, VICTIM_POWERS, Kind, Power
from app.games.speedy_pickers.events import PowerPlayed, ReadyForSearch
from app.games.speedy_pickers.scenes import HEIGHT, WIDTH
from app.games.speedy_pickers.state import Cloth, Phase, SpeedyState
from app.games.speedy_pickers.turns import start_search

Events = list[Event]

CLOTH_WIDTH = 560
CLOTH_HEIGHT = 400
"""Chosen: a cloth hides 560 × 400 of the 1600 × 1000 scene (14 %), about what a thrown cloth
hides of a real board; where it lands and its angle come from the game's Rng."""


def check_power(state: SpeedyState, seat: int, action: act.PlayPower) -> Refusal | None:
    """Returns why playing the card is refused, or None."""
    player = state.player(seat)
    if action.card not in player.cards or CARDS[action.card].kind is not Kind.ACTION:
        return Refusal(_("You have no such Action card."))
    if action.card in player.used:
        return Refusal(_("That card has already been used."))
    power = CARDS[action.card].power
    assert power is not None
    refusal = _check_timing(state, seat, power)
    if refusal is None and power in VICTIM_POWERS:
        refusal = _check_victim(state, seat, power, action.target)
    if refusal is None and power is Power.RESERVED:
        if player.reserved is not None:
            refusal = Refusal(_("You have already reserved an object this turn."))
        elif action.tile not in state.centre:
            refusal = Refusal(_("Choose an object among the tiles in the centre."))
    if refusal is None and power is Power.EXTRA_MAGNIFIER and player.extra_magnifier:
        refusal = Refusal(_("You already have an extra magnifier."))
    return refusal


def _check_timing(state: SpeedyState, seat: int, power: Power) -> Refusal | None:
    if power is Power.DOUBLE_DOSE:
        if state.phase is not Phase.SELL or state.seller != seat:
            return Refusal(_("Double Dose is played on your turn in the selling phase."))
        if state.player(seat).double_dose:
            return Refusal(_("Double Dose is already in play for you."))
        return None
    if state.phase is not Phase.PREPARE or state.player(seat).ready:
        return Refusal(_("This power is played before the search starts."))
    return None


def _check_victim(state: SpeedyState, seat: int, power: Power, target: int) -> Refusal | None:
    if not 0 <= target < state.players or target == seat:
        return Refusal(_("Choose an opponent."))
    effects = state.player(target).effects
    done = {
        Power.CLOTH: effects.cloth is not None,
        Power.UPSIDE_DOWN: effects.rotated,
        Power.STANDING: effects.low_res,
    }
    if done[power]:
        return Refusal(_("That opponent already suffers this power this turn."))
    return None


def play_power(state: SpeedyState, seat: int, action: act.PlayPower, events: Events) -> SpeedyState:
    """Returns the state with the card turned sideways and its power applied."""
    player = state.player(seat)
    power = CARDS[action.card].power
    assert power is not None
    state = state.with_player(seat, used=player.used | {action.card})
    target = action.target if power in VICTIM_POWERS else -1
    tile = action.tile if power is Power.RESERVED else ""
    events.append(PowerPlayed(seat, action.card, power.value, target, tile))
    if power in VICTIM_POWERS:
        state = _strike(state, target, power)
    elif power is Power.RESERVED:
        centre = tuple(t for t in state.centre if t != tile)
        state = replace(state, centre=centre).with_player(seat, reserved=tile)
    elif power is Power.EXTRA_MAGNIFIER:
        state = state.with_player(seat, extra_magnifier=True)
    else:
        return state.with_player(seat, double_dose=True)
    return state


def _strike(state: SpeedyState, target: int, power: Power) -> SpeedyState:
    """Returns the state with the victim's scene changed for this turn."""
    effects = state.player(target).effects
    if power is Power.CLOTH:
        cloth, rng = throw_cloth(state)
        return replace(state, rng=rng).with_player(target, effects=replace(effects, cloth=cloth))
    if power is Power.UPSIDE_DOWN:
        return state.with_player(target, effects=replace(effects, rotated=True))
    return state.with_player(target, effects=replace(effects, low_res=True))


def throw_cloth(state: SpeedyState) -> tuple[Cloth, Rng]:
    """Returns where a thrown cloth lands, wholly on the scene, and the advanced Rng."""
    rng = state.rng
    x, rng = rng.below(WIDTH - CLOTH_WIDTH + 1)
    y, rng = rng.below(HEIGHT - CLOTH_HEIGHT + 1)
    angle, rng = rng.below(360)
    return (x + CLOTH_WIDTH // 2, y + CLOTH_HEIGHT // 2, CLOTH_WIDTH, CLOTH_HEIGHT, angle), rng


def ready(state: SpeedyState, seat: int, events: Events) -> SpeedyState:
    """Returns the state with the seat done with powers; the search starts once all are."""
    state = state.with_player(seat, ready=True)
    events.append(ReadyForSearch(seat))
    if all(player.ready for player in state.seats):
        return start_search(state, events)
    return state


def check_ready(state: SpeedyState, seat: int) -> Refusal | None:
    if state.phase is not Phase.PREPARE or state.player(seat).ready:
        return Refusal(_("There is nothing to get ready for now."))
    return None


def prepare_up(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the search started when the prepare phase ran its length."""
    seats = tuple(replace(player, ready=True) for player in state.seats)
    return start_search(replace(state, seats=seats), events)
