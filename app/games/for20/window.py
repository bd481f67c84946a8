"""Reaction windows and the out-of-turn cards: OP 12 Short Memory, OP 13 Nice Tool!, OP 14 Pass
It!, OP 15 Drug Test!.

A smoke or an action card is declared onto a stack and waits in a window, which runs in stages.
In a stage every other player than the one whose turn it is may answer (with an out-of-turn
card, paid by discarding other hand cards) or pass; the choices stay secret until the stage
closes, when everyone has chosen or its time (the room's `window_seconds`) is up. Then the
answers are shown and put on the stack in turn order, and a new stage lets the others answer
them. A stage with no answer closes the window and the stack resolves last in, first out.
Nothing about a stage (who may answer, how long, when it closes) depends on a hidden hand.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from app.games.core.i18n import _
from app.games.core.outcome import Event, Refusal
from app.games.for20.actions import Answer
from app.games.for20.cards import (
    OUT_OF_TURN,
    Category,
    Reaction,
    category,
    out_of_turn,
    points,
)
from app.games.for20.effects import resolve_action, stealable
from app.games.for20.events import (
    AnswerChosen,
    AnswerDeclared,
    Cancelled,
    Fizzled,
    Passed,
    SmokeOff,
    SmokeTaken,
    SmokingBanned,
    StageOpened,
    ToolStolen,
    WindowClosed,
    WindowOpened,
)
from app.games.for20.smoking import call_off, resolve_smoke, spend_tools, stacked
from app.games.for20.state import (
    ActionMove,
    AnswerMove,
    For20State,
    Pending,
    Phase,
    SmokeMove,
    Window,
    change_board,
    without,
)

Events = list[Event]

WINDOW_SECONDS = 8
"""The default length of a window's stage (room option `window_seconds`)."""

_COPIES = {spec.answer: spec.count for spec in OUT_OF_TURN}
_PAY = {spec.answer: spec.pay for spec in OUT_OF_TURN}


# --- who may answer what -----------------------------------------------------------------


def can_target(stack: tuple[Pending, ...], index: int, seat: int, kind: Reaction) -> bool:
    """Returns True when `seat` may play an out-of-turn card of `kind` on stack entry `index`."""
    entry = stack[index]
    if entry.seat == seat:
        return False  # only another player's move is answered
    if kind is Reaction.SHORT_MEMORY:
        return isinstance(entry, (ActionMove, AnswerMove))  # never a smoke (OP 12)
    if not isinstance(entry, SmokeMove):
        return False
    if kind is Reaction.NICE_TOOL:
        return entry.legendary and stealable(entry.tools[0])
    return True


def waiting(state: For20State) -> frozenset[int]:
    """Returns the seats that have still to answer or pass in the open stage."""
    window = state.window
    if window is None:
        return frozenset()
    return window.seats - window.decided


def answers(state: For20State, seat: int) -> tuple[Answer, ...]:
    """Returns every answer the seat can play and pay for now (payment: other hand cards)."""
    window = state.window
    if window is None or seat not in waiting(state):
        return ()
    hand = state.boards[seat].hand
    out: list[Answer] = []
    for card in hand:
        if category(card) is not Category.OUT_OF_TURN:
            continue
        spec = out_of_turn(card)
        others = sorted(other for other in hand if other != card)
        for index in range(window.layer, len(window.stack)):
            if can_target(window.stack, index, seat, spec.answer):
                pays = itertools.combinations(others, spec.pay)
                out += [Answer(card, index, pay) for pay in pays]
    return tuple(out)


def check_choice(state: For20State, seat: int) -> Refusal | None:
    """Returns why the seat may not answer or pass in the open stage, or None when it may."""
    window = state.window
    assert window is not None
    if seat == state.seat:
        return Refusal(
            _("Wait: the others may answer. Out-of-turn cards are for other players' turns.")
        )
    if seat in window.decided:
        return Refusal(_("You have already chosen in this stage."))
    if seat not in window.seats:
        if all(window.stack[i].seat == seat for i in range(window.layer, len(window.stack))):
            return Refusal(_("Wait: the others may answer your answer."))
        return Refusal(_("You cannot answer anything in this stage."))
    return None


def check_answer(state: For20State, seat: int, answer: Answer) -> Refusal | None:
    """Returns why an answer is not allowed now, or None when it is."""
    window = state.window
    assert window is not None
    hand = state.boards[seat].hand
    if answer.card not in hand:
        return Refusal(_("You do not have that card."))
    if category(answer.card) is not Category.OUT_OF_TURN:
        return Refusal(_("Only out-of-turn cards answer a move."))
    spec = out_of_turn(answer.card)
    if not 0 <= answer.target < len(window.stack):
        return Refusal(_("There is no such move to answer."))
    if answer.target < window.layer:
        return Refusal(_("Now only the answers shown last can be answered."))
    if not can_target(window.stack, answer.target, seat, spec.answer):
        return Refusal(_ANSWER_HINTS[spec.answer])
    if len(answer.pay) != spec.pay:
        return Refusal(
            _("{card} is paid by discarding {pay} other cards from your hand."),
            {"card": spec.name, "pay": spec.pay},
        )
    if len(set(answer.pay)) != len(answer.pay) or answer.card in answer.pay:
        return Refusal(_("Pay with other cards, each once."))
    if any(card not in hand for card in answer.pay):
        return Refusal(_("You can only pay with cards in your hand."))
    return None


_ANSWER_HINTS = {
    Reaction.SHORT_MEMORY: _(
        "Short Memory cancels an opponent's action or out-of-turn card, not a smoke."
    ),
    Reaction.NICE_TOOL: _(
        "Nice Tool! steals a legendary tool an opponent is smoking with (not a Hookah)."
    ),
    Reaction.PASS_IT: _("Pass It! takes an opponent's smoke."),
    Reaction.DRUG_TEST: _("Drug Test! answers an opponent's smoke."),
}


def _eligible(state: For20State, stack: tuple[Pending, ...], layer: int) -> frozenset[int]:
    """Returns who may answer the entries from `layer` up: everyone but the current player
    whom public facts alone do not rule out."""
    seats = state.opponents(state.seat)
    return frozenset(seat for seat in seats if _could_answer(state, stack, layer, seat))


def _could_answer(state: For20State, stack: tuple[Pending, ...], layer: int, seat: int) -> bool:
    """Returns False when public facts alone show the seat cannot answer an entry from `layer`.

    Facts: the hand's size, and the out-of-turn cards face up in the dump or on the stack.
    Anything beyond them is the seat's secret, so the seat is asked.
    """
    hand = len(state.boards[seat].hand)
    public = [*state.game_dump, *(entry.card for entry in stack if isinstance(entry, AnswerMove))]
    for kind in Reaction:
        seen = sum(1 for card in public if _reaction(card) is kind)
        if seen >= _COPIES[kind] or hand < 1 + _PAY[kind]:
            continue
        if any(can_target(stack, index, seat, kind) for index in range(layer, len(stack))):
            return True
    return False


def _reaction(card: int) -> Reaction | None:
    return out_of_turn(card).answer if category(card) is Category.OUT_OF_TURN else None


def _turn_order(state: For20State, seat: int) -> int:
    """Returns `seat`'s place in turn order after the current player (1: the next player)."""
    return (seat - state.seat) % state.players


# --- opening, choosing, closing a stage ------------------------------------------------------


def push(state: For20State, move: Pending, events: Events) -> For20State:
    """Returns the state with a window open on the declared move, or the move resolved at
    once when public facts alone show nobody could answer it."""
    stack = (move,)
    seats = _eligible(state, stack, 0)
    if not seats:
        return resolve_stack(state, stack, events)
    number = state.windows + 1
    events.append(WindowOpened(number, move.seat, state.window_seconds))
    window = Window(number, stack, seats)
    return replace(state, phase=Phase.WINDOW, window=window, windows=number, answered=())


def answer(state: For20State, seat: int, action: Answer, events: Events) -> For20State:
    """OP 12-15: returns the state with the seat's answer chosen; it is secret (nothing moves,
    not even the cards it pays with) until the stage closes."""
    window = state.window
    assert window is not None
    secret = frozenset({seat})
    events.append(AnswerChosen(seat, action.card, action.target, action.pay, seen_by=secret))
    move = AnswerMove(seat, action.card, action.target, action.pay)
    chosen = tuple(sorted((*window.chosen, move), key=lambda entry: entry.seat))
    return _chosen(replace(state, window=replace(window, chosen=chosen)), events)


def pass_window(state: For20State, seat: int, events: Events) -> For20State:
    """Returns the state with the seat passed in this stage."""
    window = state.window
    assert window is not None
    events.append(Passed(seat, False, seen_by=frozenset({seat})))
    return _chosen(replace(state, window=replace(window, passed=window.passed | {seat})), events)


def close_stage(state: For20State, events: Events) -> For20State:
    """The clock: the stage's time is up, and whoever has not chosen passes."""
    for seat in sorted(waiting(state)):
        events.append(Passed(seat, True, seen_by=frozenset({seat})))
    return _close(state, events)


def _chosen(state: For20State, events: Events) -> For20State:
    """Returns the state after a choice: the stage closes early once everyone has chosen."""
    return state if waiting(state) else _close(state, events)


def _close(state: For20State, events: Events) -> For20State:
    """Returns the state after a stage: its answers shown and paid, then a new stage on them,
    or the window closed and its stack resolved."""
    window = state.window
    assert window is not None
    shown = sorted(window.chosen, key=lambda entry: _turn_order(state, entry.seat))
    for entry in shown:
        state = _pay(state, entry, events)
    if not shown:
        return resolve(state, window.stack, events)
    # The first in turn order goes on last, so it resolves first: a fixed order, not arrival.
    stack = (*window.stack, *reversed(shown))
    layer = len(window.stack)
    seats = _eligible(state, stack, layer)
    if not seats:
        return resolve(state, stack, events)
    stage = window.stage + 1
    events.append(StageOpened(window.number, stage, state.window_seconds))
    return replace(state, window=Window(window.number, stack, seats, layer, stage))


def _pay(state: For20State, entry: AnswerMove, events: Events) -> For20State:
    """Returns the state with a chosen answer shown: its card out of the hand, its price in
    the game dump (the price is lost even if the answer is cancelled)."""
    window = state.window
    assert window is not None
    board = state.boards[entry.seat]
    state = change_board(state, entry.seat, hand=without(board.hand, (entry.card, *entry.pay)))
    target = window.stack[entry.target].seat
    events.append(AnswerDeclared(entry.seat, entry.card, entry.target, target, entry.pay))
    return replace(state, game_dump=state.game_dump + entry.pay)


# --- resolution: last in, first out ---------------------------------------------------------


def resolve(state: For20State, stack: tuple[Pending, ...], events: Events) -> For20State:
    """Returns the state after the open window closes and its stack resolves; a stack with
    answers stays on show (`answered`) until the next window or turn."""
    window = state.window
    assert window is not None
    events.append(WindowClosed(window.number))
    answered = stack if len(stack) > 1 else ()
    state = replace(state, window=None, phase=Phase.MAIN, answered=answered)
    return resolve_stack(state, stack, events)


def resolve_stack(state: For20State, stack: tuple[Pending, ...], events: Events) -> For20State:
    """Returns the state after a stack resolves from its top down to the declared move.

    An entry cancelled by a Short Memory (or a smoke stopped by Drug Test! or Nice Tool!) is
    skipped when its turn comes; an answer whose smoke is already gone does what it still can.
    """
    off: set[int] = set()  # cancelled: skipped, their cards go back or to the dump
    done: set[int] = set()  # dealt with by an answer (a smoke taken by Pass It!)
    for index in range(len(stack) - 1, -1, -1):
        entry = stack[index]
        if index in done:
            continue
        if index in off:
            state = _drop(state, entry)
        elif isinstance(entry, AnswerMove):
            state = _resolve_answer(state, stack, entry, off, done, events)
        elif isinstance(entry, SmokeMove):
            state = resolve_smoke(state, entry, events)
        else:
            state = resolve_action(state, entry, events)
    return state


def _drop(state: For20State, entry: Pending) -> For20State:
    """Returns the state after a cancelled entry: papers back to the hand, cards to the dump."""
    if isinstance(entry, SmokeMove):
        return call_off(state, entry)
    return replace(state, game_dump=(*state.game_dump, entry.card))


def _resolve_answer(
    state: For20State,
    stack: tuple[Pending, ...],
    entry: AnswerMove,
    off: set[int],
    done: set[int],
    events: Events,
) -> For20State:
    """Returns the state after one out-of-turn card takes effect, the card in the dump."""
    kind = out_of_turn(entry.card).answer
    target = stack[entry.target]
    gone = entry.target in off or entry.target in done
    if kind is Reaction.SHORT_MEMORY:
        if gone:
            events.append(Fizzled(entry.seat, entry.card))
        else:
            assert isinstance(target, (ActionMove, AnswerMove))
            off.add(entry.target)
            events.append(Cancelled(entry.seat, target.seat, target.card))
    else:
        assert isinstance(target, SmokeMove)
        state = _SMOKE_ANSWERS[kind](state, entry, target, gone, events)
        if not gone and kind is not Reaction.PASS_IT:
            off.add(entry.target)
        elif not gone:
            done.add(entry.target)
    return replace(state, game_dump=(*state.game_dump, entry.card))


def _drug_test(
    state: For20State, entry: AnswerMove, smoke: SmokeMove, gone: bool, events: Events
) -> For20State:
    """OP 15: the smoker may not smoke for the rest of the turn; the declared smoke is off."""
    events.append(SmokingBanned(entry.seat, smoke.seat))
    if not gone:
        events.append(SmokeOff(smoke.seat, entry.card))
    return replace(state, no_smoking=True)


def _pass_it(
    state: For20State, entry: AnswerMove, smoke: SmokeMove, gone: bool, events: Events
) -> For20State:
    """OP 14: the smoke's materials go onto the answerer's stack; the tool is spent; no ability."""
    if gone:
        events.append(Fizzled(entry.seat, entry.card))
        return state
    owner = state.boards[smoke.seat]
    state = change_board(state, smoke.seat, reserve=without(owner.reserve, smoke.materials))
    smoked = stacked(state.boards[entry.seat].smoked, smoke.materials)
    state = change_board(state, entry.seat, smoked=smoked)
    gained = sum(points(card) for card in smoke.materials)
    total = sum(points(card) for card in smoked)
    events.append(SmokeTaken(entry.seat, smoke.seat, smoke.materials, gained, total))
    return spend_tools(state, smoke, events)


def _nice_tool(
    state: For20State, entry: AnswerMove, smoke: SmokeMove, gone: bool, events: Events
) -> For20State:
    """OP 13: the legendary moves, standing straight, into the answerer's area; smoke is off."""
    card = smoke.tools[0]
    owner = state.boards[smoke.seat]
    if card not in owner.area:
        events.append(Fizzled(entry.seat, entry.card))
        return state
    state = change_board(
        state, smoke.seat, area=without(owner.area, (card,)), used=without(owner.used, (card,))
    )
    state = change_board(state, entry.seat, area=(*state.boards[entry.seat].area, card))
    events.append(ToolStolen(entry.seat, smoke.seat, card))
    if not gone:
        events.append(SmokeOff(smoke.seat, entry.card))
    return state


_SMOKE_ANSWERS = {
    Reaction.DRUG_TEST: _drug_test,
    Reaction.PASS_IT: _pass_it,
    Reaction.NICE_TOOL: _nice_tool,
}
