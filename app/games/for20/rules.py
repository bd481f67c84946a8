"""The rules of For20 Cards as a pure `Game`: setup, turns of free operations, reaction
windows, the end of a full round.

A turn starts with its draws (OP 01-02, 25-28), then the current player performs operations in
any order, as often as cards and coins allow — smoke (OP 03-06), turn a material (OP 07), discard
a card for coins (OP 08, 21-23), play an action (OP 09-11, 16-17), put one new legendary tool
into the area — and ends the turn (OP 18-20). Smokes and actions wait in a reaction window
(`window.py`) before they resolve. Every function returns a new state; the `events` list a
handler is given is the only thing it appends to, and it belongs to that one call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.games.core.actions import Action
from app.games.core.choices import Choice
from app.games.core.contract import CLOCK, Game, OptionSpec, Timer, Viewer
from app.games.core.i18n import _
from app.games.core.outcome import Applied, Event, Refusal, Result, Revealed
from app.games.core.reference import CardReference
from app.games.core.rng import Rng
from app.games.core.undo import hands_kept, unchanged
from app.games.for20 import cards, offers, texts
from app.games.for20.actions import (
    CODEC,
    Answer,
    CloseStage,
    EndTurn,
    Pass,
    PlayAction,
    PlayTool,
    Recycle,
    Smoke,
    TurnMaterial,
)
from app.games.for20.cards import (
    CARDS,
    GAME_IDS,
    HAND_SIZE,
    MATERIAL_IDS,
    STARTING_MATERIALS,
    Category,
    category,
    material,
)
from app.games.for20.decks import start_of_turn_draws
from app.games.for20.effects import check_action
from app.games.for20.effects import declare as declare_action
from app.games.for20.events import (
    ActionDeclared,
    CoinsLost,
    ExtraRound,
    GameEnded,
    MaterialsStraightened,
    MaterialTurned,
    Recycled,
    RoundEnded,
    SmokeDeclared,
    ToolPlayed,
    ToolsStraightened,
    TurnStarted,
)
from app.games.for20.reference import REFERENCE
from app.games.for20.scoring import check_round, final_result, scores
from app.games.for20.smoking import check_smoke
from app.games.for20.smoking import declare as declare_smoke
from app.games.for20.state import Board, For20State, Phase, change_board, without
from app.games.for20.views import (
    hand_view,
    piles_view,
    players_view,
    scores_view,
    status_view,
    window_view,
)
from app.games.for20.window import (
    WINDOW_SECONDS,
    answer,
    check_answer,
    check_choice,
    close_stage,
    pass_window,
    push,
    waiting,
)

Events = list[Event]

OPTIONS = (
    OptionSpec(
        "starting_materials", _("3 face-up materials in each reserve to start"), "bool", False
    ),
    OptionSpec(
        "window_seconds",
        _("Seconds to answer a move out of turn (each stage)"),
        "int",
        WINDOW_SECONDS,
        minimum=3,
        maximum=30,
    ),
)

_MAIN_PROMPT = _(
    "Your turn: smoke, turn materials or discard cards for coins, play actions and one new"
    " tool, then end your turn."
)
_NO_SMOKING_PROMPT = _(
    "Drug Test!: no more smoking this turn. Turn materials, discard for coins, play actions"
    " and tools, then end your turn."
)
_ANSWER_PROMPT = _("A move can be answered: play an out-of-turn card, or let it go.")
_NO_ANSWER_PROMPT = _("A move can be answered; you have no answer you can pay for.")

_MAIN_ACTIONS = (Smoke, TurnMaterial, Recycle, PlayAction, PlayTool, EndTurn)
_WINDOW_ACTIONS = (Pass, Answer)
_CLOCK_ACTIONS = (CloseStage,)


class For20(Game[For20State]):
    """For20 Cards for 2 to 6 players: first to 20 stoner points at the end of a full round."""

    id = "for20"
    name = "For20 Cards"
    min_players = 2
    max_players = 6
    options = OPTIONS
    codec = CODEC
    stand_in = "smart"
    pitch = _("Smoke your way to 20 stoner points, and answer the others out of turn.")
    minutes = (15, 45)  # chosen: docs/rules, "Typical length"
    emblem = "1f33f"
    seat_parts = frozenset({"players"})

    def deal(
        self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None
    ) -> Applied[For20State]:
        """Returns the dealt table and the first player's opening draws (OP 01-02) for the log."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"For20 Cards takes 2 to 6 players, not {players}")
        first, rng = Rng.from_seed(seed).below(players)
        materials, rng = rng.shuffle(MATERIAL_IDS)
        game, rng = rng.shuffle(GAME_IDS)
        starting = STARTING_MATERIALS if options.get("starting_materials") else 0
        boards = tuple(
            Board(
                hand=game[HAND_SIZE * seat : HAND_SIZE * (seat + 1)],
                reserve=materials[starting * seat : starting * (seat + 1)],
            )
            for seat in range(players)
        )
        state = For20State(
            players=players,
            rng=rng,
            window_seconds=int(options.get("window_seconds", WINDOW_SECONDS)),
            first=first,
            round=1,
            turn=0,
            seat=first,
            phase=Phase.MAIN,
            boards=boards,
            material_deck=materials[starting * players :],
            game_deck=game[HAND_SIZE * players :],
        )
        events: Events = []
        state = _start_turn(state, first, events)
        return Applied(state, tuple(events))

    def active_seats(self, state: For20State) -> frozenset[int]:
        """Returns the current player, or in a window's stage whoever has still to choose."""
        if state.phase is Phase.WINDOW:
            return waiting(state)
        if state.phase is Phase.OVER:
            return frozenset()
        return frozenset((state.seat,))

    def legal_actions(self, state: For20State, seat: int) -> tuple[Action, ...]:
        """Returns complete moves for bots and playouts, a bounded sample (`offers.bounded`)."""
        if seat not in self.active_seats(state):
            return ()
        return offers.bounded(state, seat)

    def choices(self, state: For20State, seat: int) -> tuple[Choice, ...]:
        """Returns the seat's moves for the table: smokes and answers are built there."""
        if seat not in self.active_seats(state):
            return ()
        return offers.choices(state, seat)

    def phase_name(self, state: For20State) -> str:
        return state.phase.value

    def prompt(self, state: For20State, seat: int, offered: tuple[Choice, ...]) -> str:
        """Returns what the seat is asked: to answer (if it can) or to play its turn."""
        if state.phase is Phase.WINDOW:
            return _ANSWER_PROMPT if len(offered) > 1 else _NO_ANSWER_PROMPT
        return _NO_SMOKING_PROMPT if state.no_smoking else _MAIN_PROMPT

    def apply(self, state: For20State, seat: int, action: Action) -> Applied[For20State] | Refusal:
        """Returns the next state and its events, or why the action is not allowed."""
        action = _normal(action)
        refusal = self._check(state, seat, action)
        if refusal is not None:
            return refusal
        events: Events = []
        state = _HANDLERS[type(action)](state, seat, action, events)
        return Applied(state, tuple(events))

    def undoable(self, before: For20State, after: For20State, seat: int, action: Action) -> bool:
        """Returns whether an operation of the current player's main phase may be taken back:
        turning a reserve material for coins (OP 07). Never a draw, a card from the hand (a
        discard for coins, a tool put out: it was hidden), nor a smoke or an action, which
        open a reaction window for the others (docs/rules/for20.md, "Taking back a move")."""
        hands = [board.hand for board in before.boards], [board.hand for board in after.boards]
        decks = unchanged(before, after, "rng", "material_deck", "game_deck")
        return decks and hands_kept(*hands) and after.window is None

    def public_view(self, state: For20State) -> Mapping[str, Any]:
        """Returns the parts everyone sees alike; hands, deck order and passes are never in them."""
        return {
            "status": status_view(state, _waiting_for(state)),
            "window": window_view(state),
            "players": players_view(state),
            "piles": piles_view(state),
            "scores": scores_view(state),
        }

    def private_view(self, state: For20State, viewer: Viewer) -> Mapping[str, Any]:
        """Returns the viewer's own hand, each card with how it can be played now."""
        offered = self.offered(state, viewer) if viewer is not None else ()
        return {"hand": hand_view(state, viewer, offered)}

    def result(self, state: For20State) -> Result | None:
        """Returns totals and ranks once the game is over."""
        return final_result(state) if state.phase is Phase.OVER else None

    def card_reference(self) -> CardReference:
        """Returns both decks, card by card as the table draws them, with their copies."""
        return REFERENCE

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """Returns an event in plain words for the log, led by its OP numbers."""
        return texts.describe(event, names)

    def revealed(self, state: For20State) -> tuple[Revealed, ...]:
        """Returns what nobody saw, for a finished game's replay."""
        return texts.revealed(state)

    def timer(self, state: For20State) -> Timer | None:
        """Returns the clock of the open window's stage: `window_seconds`, whatever the hands.

        The key names the window and the stage, so each stage is a new timer; choices made
        in a stage do not change it.
        """
        window = state.window
        if state.phase is not Phase.WINDOW or window is None:
            return None
        key = f"for20:window:{window.number}:stage:{window.stage}"
        return Timer(key, state.window_seconds, CloseStage(window.number, window.stage))

    def _check(self, state: For20State, seat: int, action: Action) -> Refusal | None:
        """Returns why an action is refused now, or None when it is allowed."""
        if type(action) not in _HANDLERS:
            return Refusal(_("That is not a move in this game."))
        if state.phase is Phase.OVER:
            return Refusal(_("The game is over."))
        if seat == CLOCK or isinstance(action, _CLOCK_ACTIONS):
            return self._check_clock(state, seat, action)
        if not 0 <= seat < state.players:
            return Refusal(_("It is not your turn."))
        if state.phase is Phase.WINDOW:
            return _check_window(state, seat, action)
        if isinstance(action, _WINDOW_ACTIONS):
            return Refusal(_("There is no move to answer now."))
        if seat != state.seat:
            return Refusal(_("It is not your turn."))
        return _CHECKS[type(action)](state, seat, action)

    def _check_clock(self, state: For20State, seat: int, action: Action) -> Refusal | None:
        """Returns why a clock action is refused: not from the clock, or its timer is gone."""
        if seat != CLOCK:
            return Refusal(_("Only the clock can do that."))
        if not isinstance(action, _CLOCK_ACTIONS):
            return Refusal(_("It is not your turn."))
        running = self.timer(state)
        if running is None or running.action != action:
            return Refusal(_("That timer is no longer running."))
        return None


def _normal(action: Action) -> Action:
    """Returns the action with its card lists in a canonical (sorted) order."""
    if isinstance(action, Smoke):
        return Smoke(tuple(sorted(action.tools)), tuple(sorted(action.materials)))
    if isinstance(action, Answer):
        return Answer(action.card, action.target, tuple(sorted(action.pay)))
    return action


def _waiting_for(state: For20State) -> tuple[int, ...]:
    """Returns who the table waits for, without giving away who has chosen in a window."""
    window = state.window
    if state.phase is Phase.WINDOW and window is not None:
        return tuple(sorted(window.seats))
    if state.phase is Phase.OVER:
        return ()
    return (state.seat,)


# --- refusals ------------------------------------------------------------------------------


def _is_legendary(card: int) -> bool:
    return category(card) is Category.LEGENDARY


def _check_window(state: For20State, seat: int, action: Action) -> Refusal | None:
    if not isinstance(action, _WINDOW_ACTIONS):
        if seat == state.seat:
            return Refusal(_("Wait: a move of this turn can still be answered."))
        return Refusal(_("It is not your turn."))
    refusal = check_choice(state, seat)
    if refusal is None and isinstance(action, Answer):
        return check_answer(state, seat, action)
    return refusal


def _check_smoke(state: For20State, seat: int, action: Any) -> Refusal | None:
    return check_smoke(state, seat, action)


def _check_turn(state: For20State, seat: int, action: Any) -> Refusal | None:
    board = state.boards[seat]
    if action.card not in board.reserve:
        return Refusal(_("That material is not in your reserve."))
    if action.card in board.turned:
        return Refusal(_("That material is already turned this turn."))
    return None


def _check_recycle(state: For20State, seat: int, action: Any) -> Refusal | None:
    if action.card not in state.boards[seat].hand:
        return Refusal(_("You do not have that card."))
    return None


def _check_tool(state: For20State, seat: int, action: Any) -> Refusal | None:
    if action.card not in state.boards[seat].hand:
        return Refusal(_("You do not have that card."))
    if not _is_legendary(action.card):
        return Refusal(_("Only a legendary tool goes into your area; papers are smoked."))
    if state.new_tool:
        return Refusal(_("You have already used a new tool from your hand this turn."))
    return None


def _check_end(state: For20State, seat: int, action: Any) -> Refusal | None:
    return None


_CHECKS: Mapping[type[Action], Callable[[For20State, int, Any], Refusal | None]] = {
    Smoke: _check_smoke,
    TurnMaterial: _check_turn,
    Recycle: _check_recycle,
    PlayAction: check_action,
    PlayTool: _check_tool,
    EndTurn: _check_end,
}


# --- operations of the main phase ------------------------------------------------------------


def _smoke(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    """OP 03-06: declares a smoke; it waits in a reaction window, then resolves."""
    assert isinstance(action, Smoke)
    total = sum(material(card).points for card in action.materials)
    events.append(SmokeDeclared(seat, action.tools, action.materials, total))
    state, move = declare_smoke(state, seat, action)
    return push(state, move, events)


def _turn_material(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    """OP 07: turns a reserve material for its coins; it is locked (unsmokable) for the turn."""
    assert isinstance(action, TurnMaterial)
    coins = material(action.card).coins
    events.append(MaterialTurned(seat, action.card, coins))
    state = change_board(state, seat, turned=state.boards[seat].turned | {action.card})
    return replace(state, coins=state.coins + coins)


def _recycle(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    """OP 08 (OP 21 paper, 22 action, 23 out-of-turn): a hand card to the game dump for coins."""
    assert isinstance(action, Recycle)
    coins = CARDS[action.card].coins
    events.append(Recycled(seat, action.card, coins))
    state = change_board(state, seat, hand=without(state.boards[seat].hand, (action.card,)))
    return replace(state, coins=state.coins + coins, game_dump=(*state.game_dump, action.card))


def _play_action(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    """OP 09: pays for an action card; it waits in a reaction window (OP 12), then resolves."""
    assert isinstance(action, PlayAction)
    cost = cards.action(action.card).cost
    events.append(ActionDeclared(seat, action.card, cost, action.seat, action.target))
    state, move = declare_action(state, seat, action)
    return push(state, move, events)


def _play_tool(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    """Puts a legendary tool from the hand into the area: the turn's one new tool (FAQ)."""
    assert isinstance(action, PlayTool)
    board = state.boards[seat]
    events.append(ToolPlayed(seat, action.card))
    state = change_board(
        state, seat, hand=without(board.hand, (action.card,)), area=(*board.area, action.card)
    )
    return replace(state, new_tool=True)


def _end_turn(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    """OP 18-20: straighten materials and tools, lose the coins; the next turn or round."""
    board = state.board
    if board.turned:
        events.append(MaterialsStraightened(seat, tuple(sorted(board.turned))))
    if board.used:
        events.append(ToolsStraightened(seat, tuple(sorted(set(board.used)))))
    if state.coins:
        events.append(CoinsLost(seat, state.coins))
    state = change_board(state, seat, turned=frozenset(), used=())
    state = replace(state, coins=0, new_tool=False, no_smoking=False, answered=())
    following = (seat + 1) % state.players
    if following == state.first:
        state = _end_round(state, events)
        if state.phase is Phase.OVER:
            return state
    return _start_turn(state, following, events)


def _end_round(state: For20State, events: Events) -> For20State:
    """Returns the next round, an extra round (FAQ), or the finished game."""
    check = check_round(state)
    events.append(RoundEnded(state.round, scores(state)))
    if check.over:
        state = replace(state, phase=Phase.OVER, winner=check.winner, extra=False)
        events.append(GameEnded(scores(state), check.winner))
        return state
    if check.extra:
        events.append(ExtraRound(state.round + 1, check.contenders))
    return replace(state, round=state.round + 1, extra=check.extra)


def _start_turn(state: For20State, seat: int, events: Events) -> For20State:
    """Returns the seat's turn begun: OP 01-02 draws (OP 25-28 when decks run out)."""
    state = replace(state, seat=seat, turn=state.turn + 1, phase=Phase.MAIN)
    events.append(TurnStarted(seat, state.round, state.turn))
    return start_of_turn_draws(state, events)


# --- the reaction window and the clock ----------------------------------------------------------


def _pass(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    return pass_window(state, seat, events)


def _answer(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    assert isinstance(action, Answer)
    return answer(state, seat, action, events)


def _close_stage(state: For20State, seat: int, action: Action, events: Events) -> For20State:
    return close_stage(state, events)


_HANDLERS: Mapping[type[Action], Callable[[For20State, int, Action, Events], For20State]] = {
    Smoke: _smoke,
    TurnMaterial: _turn_material,
    Recycle: _recycle,
    PlayAction: _play_action,
    PlayTool: _play_tool,
    EndTurn: _end_turn,
    Pass: _pass,
    Answer: _answer,
    CloseStage: _close_stage,
}
