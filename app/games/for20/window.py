"""Reaction windows and the out-of-turn cards: OP 12 Short Memory, OP 13 Nice Tool!, OP 14 Pass
It!, OP 15 Drug Test!.

A smoke or an action card is declared onto a stack and waits in a window. Everyone but the
owner of the stack's top may answer with an out-of-turn card, paid by discarding other hand
cards; an answer goes on top and opens a new window. When everyone has passed (or the clock
has closed the window) the stack resolves last in, first out. The clock works in two stages:
after a fixed delay whoever has no answer passes, after the window's length everyone does.
Who passed is secret; views and events never tell.
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
    AnswerDeclared,
    Cancelled,
    Fizzled,
    Passed,
    SmokeOff,
    SmokeTaken,
    SmokingBanned,
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

AUTO_PASS_SECONDS = 2
"""The fixed delay after which whoever cannot answer passes, whatever the window's length."""

WINDOW_SECONDS = 8
"""The default window length (room option `window_seconds`)."""

_COPIES = {spec.answer: spec.count for spec in OUT_OF_TURN}
_PAY = {spec.answer: spec.pay for spec in OUT_OF_TURN}


# --- who may answer what -----------------------------------------------------------------


def can_target(stack: tuple[Pending, ...], index: int, seat: int, kind: Reaction) -> bool:
    """Returns True when `seat` may play an out-of-turn card of `kind` on stack entry `index`."""
    entry = stack[index]
    if entry.seat == seat:
        return False  # only an opponent's move is answered
    if kind is Reaction.SHORT_MEMORY:
        return isinstance(entry, (ActionMove, AnswerMove))  # never a smoke (OP 12)
    if not isinstance(entry, SmokeMove):
        return False
    if kind is Reaction.NICE_TOOL:
        return entry.legendary and stealable(entry.tools[0])
    return True


def waiting(state: For20State) -> frozenset[int]:
    """Returns the seats that may still answer or pass in the open window."""
    window = state.window
    if window is None:
        return frozenset()
    top = window.top.seat
    return frozenset(s for s in range(state.players) if s != top and s not in window.passed)


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
        for index in range(len(window.stack)):
            if can_target(window.stack, index, seat, spec.answer):
                pays = itertools.combinations(others, spec.pay)
                out += [Answer(card, index, pay) for pay in pays]
    return tuple(out)


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


def _could_answer(state: For20State, stack: tuple[Pending, ...], seat: int) -> bool:
    """Returns False when public facts alone show the seat cannot answer anything on the stack.

    Facts: the hand's size, and the out-of-turn cards face up in the dump or on the stack.
    Anything beyond them is the seat's secret, so the window opens.
    """
    hand = len(state.boards[seat].hand)
    public = [*state.game_dump, *(entry.card for entry in stack if isinstance(entry, AnswerMove))]
    for kind in Reaction:
        seen = sum(1 for card in public if _reaction(card) is kind)
        if seen >= _COPIES[kind] or hand < 1 + _PAY[kind]:
            continue
        if any(can_target(stack, index, seat, kind) for index in range(len(stack))):
            return True
    return False


def _reaction(card: int) -> Reaction | None:
    return out_of_turn(card).answer if category(card) is Category.OUT_OF_TURN else None


# --- opening, answering, passing -------------------------------------------------------------


def push(state: For20State, stack: tuple[Pending, ...], events: Events) -> For20State:
    """Returns the state with a new window on the stack, or the stack resolved at once when
    nobody could answer (which public facts alone decide)."""
    top = stack[-1].seat
    if not any(_could_answer(state, stack, seat) for seat in state.opponents(top)):
        if state.window is not None:
            events.append(WindowClosed(state.window.number))
        return resolve_stack(replace(state, window=None, phase=Phase.MAIN), stack, events)
    number = state.windows + 1
    events.append(WindowOpened(number, top, state.window_seconds))
    return replace(state, phase=Phase.WINDOW, window=Window(number, stack), windows=number)


def answer(state: For20State, seat: int, action: Answer, events: Events) -> For20State:
    """OP 12-15: returns the state with the answer on the stack, paid, and a new window."""
    window = state.window
    assert window is not None
    board = state.boards[seat]
    hand = without(board.hand, (action.card, *action.pay))
    state = change_board(state, seat, hand=hand)
    state = replace(state, game_dump=state.game_dump + action.pay)
    target = window.stack[action.target].seat
    events.append(AnswerDeclared(seat, action.card, action.target, target, action.pay))
    move = AnswerMove(seat, action.card, action.target, action.pay)
    return push(state, (*window.stack, move), events)


def pass_window(state: For20State, seat: int, events: Events) -> For20State:
    """Returns the state with the seat passed; the stack resolves once nobody is left."""
    events.append(Passed(seat, False, seen_by=frozenset({seat})))
    return _passed(state, frozenset({seat}), events)


def auto_pass(state: For20State, events: Events) -> For20State:
    """The clock's first stage: whoever has no answer they can pay for passes."""
    idle = frozenset(seat for seat in waiting(state) if not answers(state, seat))
    for seat in sorted(idle):
        events.append(Passed(seat, True, seen_by=frozenset({seat})))
    window = state.window
    assert window is not None
    state = replace(state, window=replace(window, stage=2))
    return _passed(state, idle, events)


def close_window(state: For20State, events: Events) -> For20State:
    """The clock's second stage: the window's time is up and everyone left passes."""
    left = waiting(state)
    for seat in sorted(left):
        events.append(Passed(seat, True, seen_by=frozenset({seat})))
    return _passed(state, left, events)


def _passed(state: For20State, seats: frozenset[int], events: Events) -> For20State:
    window = state.window
    assert window is not None
    state = replace(state, window=replace(window, passed=window.passed | seats))
    return state if waiting(state) else resolve(state, events)


# --- resolution: last in, first out ---------------------------------------------------------


def resolve(state: For20State, events: Events) -> For20State:
    """Returns the state after the open window closes and its stack resolves."""
    window = state.window
    assert window is not None
    events.append(WindowClosed(window.number))
    return resolve_stack(replace(state, window=None, phase=Phase.MAIN), window.stack, events)


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
