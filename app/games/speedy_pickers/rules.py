"""The rules of Speedy Pickers as a pure `Game`: 5 turns of a simultaneous search against the
sand timer, in beginner or expert mode (expert adds powers before the search and a sale after).
Each turn after the first opens with a prepare phase (everyone Ready, or 30 s).

Time enters only as CLOCK actions (`TimeUp`, `PrepareUp`) named by `timer`; a click that
arrives after `TimeUp` was applied finds the search over and is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from app.games.core.actions import Action
from app.games.core.choices import Choice, OneOf, Pick, Point
from app.games.core.contract import CLOCK, Game, OptionSpec, Timer, Viewer
from app.games.core.i18n import _
from app.games.core.outcome import Applied, Event, Refusal, Result, Revealed
from app.games.core.pictures import Picture
from app.games.core.reference import CardReference
from app.games.core.undo import unchanged
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers import powers, search, selling, texts
from app.games.speedy_pickers.cards import CARDS, CATEGORY_NAMES, VICTIM_POWERS, Power
from app.games.speedy_pickers.objects import Category
from app.games.speedy_pickers.reference import REFERENCE
from app.games.speedy_pickers.scenes import HEIGHT, WIDTH
from app.games.speedy_pickers.scoring import final_result
from app.games.speedy_pickers.state import Mode, Phase, SpeedyState
from app.games.speedy_pickers.turns import (
    CHECK_SECONDS,
    CHECK_STEP_SECONDS,
    PREPARE_SECONDS,
    check_up,
    magnifiers_left,
    new_game,
    search_powers,
)
from app.games.speedy_pickers.views import (
    centre_view,
    display_view,
    me_view,
    players_view,
    scores_view,
    status_view,
    timer_view,
)

Events = list[Event]

PAINTER = "speedy_pickers.scene"
"""The painter of a seat's scene; its args are (scene_seed, scene_index, rotated, cloth,
low_res), see `scene_picture`."""

SECONDS_DEFAULT = 120
SECONDS_MIN = 30
SECONDS_MAX = 300
"""Chosen: 120 s by default (a published edition uses 90 s at its easiest; picking a tile and
clicking on a screen is slower than grabbing a tile and dropping a magnifier), from 30 to 300."""

_BEGINNER_READY = _("Say when you are ready for the search.")
_PROMPTS: Mapping[Phase, str] = {
    Phase.PREPARE: _("Play your Action cards, if you have any, then say you are ready."),
    Phase.SEARCH: _("Pick a tile, then click where that object is in your scene."),
    Phase.SELL: _("Buy a card with your objects, or pass for good."),
}


class SpeedyPickers(Game[SpeedyState]):
    """Speedy Pickers for 2 to 6 players."""

    id = "speedy_pickers"
    name = "Speedy Pickers"
    min_players = 2
    max_players = 6
    codec = act.CODEC
    stand_in = "beginner"
    pitch = _("Everyone searches their own busy scene at once, against the sand timer.")
    minutes = (15, 25)  # chosen: docs/rules, "Typical length"
    emblem = "1f50e"
    seat_parts = frozenset({"players"})
    categories = tuple((c.value, CATEGORY_NAMES[c]) for c in Category)
    """Each category's class and name: the table says a tile's category once per category."""
    options = (
        OptionSpec(
            "mode",
            _("Mode"),
            "choice",
            Mode.BEGINNER.value,
            choices=(
                (Mode.BEGINNER.value, _("Beginner: most objects wins")),
                (Mode.EXPERT.value, _("Expert: cards, powers and euros")),
            ),
        ),
        OptionSpec(
            "seconds",
            _("Sand timer (seconds)"),
            "int",
            SECONDS_DEFAULT,
            minimum=SECONDS_MIN,
            maximum=SECONDS_MAX,
        ),
    )

    def deal(
        self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None
    ) -> Applied[SpeedyState]:
        """Returns turn 1 with the tiles read aloud and the cards put on display."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Speedy Pickers takes 2 to 6 players, not {players}")
        mode = Mode(options.get("mode", Mode.BEGINNER.value))
        seconds = int(options.get("seconds", SECONDS_DEFAULT))
        events: Events = []
        state = new_game(players, mode, seconds, seed, events)
        return Applied(state, tuple(events))

    def active_seats(self, state: SpeedyState) -> frozenset[int]:
        """Returns who may act: each seat not yet ready, each seat still searching, the seller."""
        if state.phase is Phase.PREPARE:
            return frozenset(s for s in range(state.players) if not state.player(s).ready)
        if state.phase is Phase.SEARCH:
            return frozenset(s for s in range(state.players) if search.searching(state, s))
        if state.phase is Phase.SELL and state.seller is not None:
            return frozenset((state.seller,))
        return frozenset()

    def legal_actions(self, state: SpeedyState, seat: int) -> tuple[Action, ...]:
        """Returns a bounded sample. In the search: each tile marked rightly and wrongly at the
        scene's centre (the engine cannot know where objects are; `apply` takes any point)."""
        if seat not in self.active_seats(state):
            return ()
        if state.phase is Phase.PREPARE:
            return (act.Ready(), *_power_plays(state, seat))
        if state.phase is Phase.SEARCH:
            return _search_actions(state, seat)
        return _sale_actions(state, seat)

    def choices(self, state: SpeedyState, seat: int) -> tuple[Choice, ...]:
        """Returns a click on the scene per tile that may be claimed, and buttons for the rest."""
        if seat not in self.active_seats(state):
            return ()
        if state.phase is Phase.SEARCH:
            return _search_choices(state, seat)
        if state.phase is Phase.PREPARE:
            return (Pick(act.Ready()), *_power_choices(state, seat))
        return tuple(Pick(action) for action in _sale_actions(state, seat))

    def phase_name(self, state: SpeedyState) -> str:
        return state.phase.value

    def prompt(self, state: SpeedyState, seat: int, offered: tuple[Choice, ...]) -> str:
        if state.phase is Phase.PREPARE and not state.expert:
            return _BEGINNER_READY  # no Action cards in a beginner game
        return _PROMPTS.get(state.phase, "")

    def apply(
        self, state: SpeedyState, seat: int, action: Action
    ) -> Applied[SpeedyState] | Refusal:
        """Returns the next state and its events, or why the action is not allowed."""
        refusal = self._check(state, seat, action)
        if refusal is not None:
            return refusal
        events: Events = []
        state = _HANDLERS[type(action)](state, seat, action, events)
        return Applied(state, tuple(events))

    def timer(self, state: SpeedyState) -> Timer | None:
        """Returns the sand timer during the search, the prepare phase's clock before it."""
        if state.phase is Phase.SEARCH:
            return Timer(
                f"speedy_pickers:search:{state.turn}", state.seconds, act.TimeUp(state.turn)
            )
        if state.phase is Phase.PREPARE:
            key = f"speedy_pickers:prepare:{state.turn}"
            return Timer(key, PREPARE_SECONDS, act.PrepareUp(state.turn))
        if state.phase is Phase.CHECK:
            key = f"speedy_pickers:check:{state.turn}:{state.checked}"
            seconds = CHECK_SECONDS if state.checked == state.players else CHECK_STEP_SECONDS
            return Timer(key, seconds, act.CheckUp(state.turn, state.checked))
        return None

    def simultaneous(self, state: SpeedyState) -> Hashable | None:
        """Returns the phase's key while seats act at once: the search, the prepare phase."""
        if state.phase in (Phase.SEARCH, Phase.PREPARE):
            return f"speedy_pickers:{state.phase.value}:{state.turn}"
        return None

    def undoable(self, before: SpeedyState, after: SpeedyState, seat: int, action: Action) -> bool:
        """Returns whether a buy of the expert sale may be taken back while the seller goes on
        buying (the first buy under Double Dose): the display and the objects are on the
        table. Never a move of the search or of the prepare phase (everyone acts at once, so
        no move is one's own turn), nor anything that draws from the bag or the deck
        (docs/rules/speedy-pickers.md, "Taking back a move")."""
        return before.phase is Phase.SELL and unchanged(before, after, "rng", "bag", "deck")

    def pictures(self, state: SpeedyState, viewer: Viewer) -> Mapping[str, Picture]:
        """Returns the viewer's own scene while the search runs; nobody else's, ever."""
        if state.phase is not Phase.SEARCH or viewer is None or not 0 <= viewer < state.players:
            return {}
        return {"scene": scene_picture(state, viewer)}

    def public_view(self, state: SpeedyState) -> Mapping[str, Any]:
        """Returns what the whole table sees: tiles, who holds which, cards, tokens, scores."""
        return {
            "status": status_view(state),
            "sand_timer": timer_view(state),
            "centre": centre_view(state),
            "display": display_view(state),
            "players": players_view(state),
            "scores": scores_view(state),
        }

    def private_view(self, state: SpeedyState, viewer: Viewer) -> Mapping[str, Any]:
        """Returns the viewer's own scene, marks (never a point nor whether right) and powers."""
        return {
            "me": me_view(state, viewer, self.offered(state, viewer) if viewer is not None else ())
        }

    def result(self, state: SpeedyState) -> Result | None:
        return final_result(state) if state.phase is Phase.OVER else None

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return texts.describe(event, names)

    def revealed(self, state: SpeedyState) -> tuple[Revealed, ...]:
        """Returns what nobody saw, for a finished game's replay."""
        return texts.revealed(state)

    def card_reference(self) -> CardReference:
        return REFERENCE

    def _check(self, state: SpeedyState, seat: int, action: Action) -> Refusal | None:
        """Returns why an action is refused now, or None when it is allowed."""
        if type(action) not in _HANDLERS:
            return Refusal(_("That is not a move in this game."))
        if state.phase is Phase.OVER:
            return Refusal(_("The game is over."))
        if seat == CLOCK or isinstance(action, (act.TimeUp, act.PrepareUp, act.CheckUp)):
            running = self.timer(state)
            if seat != CLOCK:
                return Refusal(_("Only the clock can do that."))
            if running is None or running.action != action:
                return Refusal(_("That timer is no longer running."))
            return None
        if not 0 <= seat < state.players:
            return Refusal(_("You have no seat at this table."))
        return _CHECKS[type(action)](state, seat, action)


def scene_picture(state: SpeedyState, seat: int) -> Picture:
    """Returns the seat's scene this turn as the painter's arguments, powers applied."""
    player = state.player(seat)
    effects = player.effects
    args = (state.scene_seed, player.scene, effects.rotated, effects.cloth, effects.low_res)
    return Picture(PAINTER, args, WIDTH, HEIGHT)


def _search_actions(state: SpeedyState, seat: int) -> tuple[Action, ...]:
    centre = (WIDTH // 2, HEIGHT // 2)
    player = state.player(seat)
    found: list[Action] = [act.Look()]
    if magnifiers_left(state, seat) > 0:
        for tile in search.markable(state, seat):
            found += [
                act.Mark(tile, state.turn, *centre, hit=tile),
                act.Mark(tile, state.turn, *centre, hit=""),
            ]
    found += [act.TakeBack(tile) for tile in player.marked]
    if state.expert:
        found.append(act.Stop())
    return tuple(found)


def _search_choices(state: SpeedyState, seat: int) -> tuple[Choice, ...]:
    """Returns one scene click per tile the seat may claim (the server fills `hit`)."""
    found: list[Choice] = []
    zoom = not state.player(
        seat
    ).effects.low_res  # Standing: no zoom offered (it is low-res anyway)
    if magnifiers_left(state, seat) > 0:
        found += [
            Point(act.Mark(tile, state.turn), "scene", WIDTH, HEIGHT, hit="hit", zoom=zoom)
            for tile in search.markable(state, seat)
        ]
    found += [Pick(act.TakeBack(tile)) for tile in state.player(seat).marked]
    if state.expert:
        found.append(Pick(act.Stop()))
    return tuple(found)


def _power_options(state: SpeedyState, seat: int, card: int) -> tuple[act.PlayPower, ...]:
    """Returns every complete way to play one of the seat's search power cards now."""
    power = CARDS[card].power
    if power in VICTIM_POWERS:
        options = [act.PlayPower(card, target=t) for t in range(state.players)]
    elif power is Power.RESERVED:
        options = [act.PlayPower(card, tile=tile) for tile in state.centre]
    else:
        options = [act.PlayPower(card)]
    return tuple(o for o in options if powers.check_power(state, seat, o) is None)


def _distinct_powers(state: SpeedyState, seat: int) -> tuple[int, ...]:
    """Returns one card per power the seat may play now: two Cloths are the same choice."""
    seen: dict[Any, int] = {}
    for card in search_powers(state, seat):
        seen.setdefault(CARDS[card].power, card)
    return tuple(seen.values())


def _power_plays(state: SpeedyState, seat: int) -> tuple[Action, ...]:
    return tuple(
        o for card in _distinct_powers(state, seat) for o in _power_options(state, seat, card)
    )


def _power_choices(state: SpeedyState, seat: int) -> tuple[Choice, ...]:
    found: list[Choice] = []
    for card in _distinct_powers(state, seat):
        options = _power_options(state, seat, card)
        if len(options) == 1 and CARDS[card].power is Power.EXTRA_MAGNIFIER:
            found.append(Pick(options[0]))
        elif options:
            found.append(OneOf(act.PlayPower(card), options))
    return tuple(found)


def _sale_actions(state: SpeedyState, seat: int) -> tuple[Action, ...]:
    player = state.player(seat)
    found: list[Action] = []
    seen: set[tuple[Any, ...]] = set()
    for card in state.display:
        face = CARDS[card]
        alike = (face.kind, face.euros, face.objects, face.category, face.power)
        if alike in seen:
            continue  # two cards alike are one choice
        seen.add(alike)
        found += [act.Buy(card, category.value) for category in selling.payments(player, face)]
    found.append(act.Pass())
    if state.bought:
        found.append(act.Done())
    elif not player.double_dose:
        dose = [
            c for c in player.cards if c not in player.used and CARDS[c].power is Power.DOUBLE_DOSE
        ]
        found += [act.PlayPower(c) for c in dose[:1]]
    return tuple(found)


def _check_buy(state: SpeedyState, seat: int, action: act.Buy) -> Refusal | None:
    refusal = _check_seller(state, seat)
    if refusal is not None:
        return refusal
    if action.card not in state.display:
        return Refusal(_("That card is not on display."))
    if action.category not in {category.value for category in Category}:
        return Refusal(_("There is no such category."))
    if Category(action.category) not in selling.payments(state.player(seat), CARDS[action.card]):
        return Refusal(_("You do not have the objects that card asks for."))
    return None


def _check_done(state: SpeedyState, seat: int, action: Action) -> Refusal | None:
    refusal = _check_seller(state, seat)
    if refusal is None and not state.bought:
        return Refusal(_("Buy a card or pass."))
    return refusal


def _check_seller(state: SpeedyState, seat: int) -> Refusal | None:
    if state.phase is not Phase.SELL:
        return Refusal(_("Cards are sold after the search."))
    if state.seller != seat:
        return Refusal(_("It is not your turn to buy."))
    return None


def _check_play_power(state: SpeedyState, seat: int, action: act.PlayPower) -> Refusal | None:
    return powers.check_power(state, seat, action)


Check = Callable[[SpeedyState, int, Any], Refusal | None]
Handler = Callable[[SpeedyState, int, Any, Events], SpeedyState]

_CHECKS: Mapping[type[Action], Check] = {
    act.Mark: search.check_mark,
    act.TakeBack: search.check_take_back,
    act.Stop: lambda state, seat, action: search.check_stop(state, seat),
    act.Look: lambda state, seat, action: search.check_look(state, seat),
    act.PlayPower: _check_play_power,
    act.Ready: lambda state, seat, action: powers.check_ready(state, seat),
    act.Buy: _check_buy,
    act.Pass: lambda state, seat, action: _check_seller(state, seat),
    act.Done: _check_done,
}

_HANDLERS: Mapping[type[Action], Handler] = {
    act.Mark: search.mark,
    act.TakeBack: search.take_back,
    act.Stop: lambda state, seat, action, events: search.stop(state, seat, events),
    act.Look: lambda state, seat, action, events: state,
    act.PlayPower: powers.play_power,
    act.Ready: lambda state, seat, action, events: powers.ready(state, seat, events),
    act.Buy: lambda state, seat, action, events: selling.buy(
        state, seat, action.card, Category(action.category), events
    ),
    act.Pass: lambda state, seat, action, events: selling.pass_for_good(state, seat, events),
    act.Done: lambda state, seat, action, events: selling.next_seller(state, events),
    act.TimeUp: lambda state, seat, action, events: search.finish(state, "time", events),
    act.PrepareUp: lambda state, seat, action, events: powers.prepare_up(state, events),
    act.CheckUp: lambda state, seat, action, events: check_up(state, events),
}
