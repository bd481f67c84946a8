"""What a For20 seat is offered, and the bounded set of moves bots choose from.

People build smokes and answers on the table (`choices`): a smoke is a tool choice (one or two
papers, or a legendary in the area) and then a set of fitting materials whose points fall in the
tool's range; an answer is an out-of-turn card on a stack entry and then the hand cards that pay
for it. Listing them instead grew with every subset of a hoarded reserve (13 materials, 4 papers
and 2 legendaries made 33,385 smokes). Every other move is a button. Copies of a card do the same,
so only the first copy of each is offered: no two buttons alike. An action card with targets is
one heading with a short button per target, and so are the materials to turn for coins and the
hand cards to discard for coins when there are `COIN_GROUP` or more (a short button per card).

Bots and random playouts get complete moves (`bounded`): for each tool choice one smoke per
stoner-point total it can reach (the one with the fewest materials), and for each answer at most
`MAX_PAYS` ways to pay, copies counted once. Both read only the seat's own hand and public zones.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from app.games.core.actions import Action
from app.games.core.choices import Choice, Gather, Item, OneOf, Pick, Span, first_of_each
from app.games.for20.actions import (
    Answer,
    EndTurn,
    Pass,
    PlayAction,
    PlayTool,
    Recycle,
    Smoke,
    TurnMaterial,
)
from app.games.for20.cards import CARDS, Category, category, out_of_turn, points
from app.games.for20.effects import action_plays
from app.games.for20.smoking import ToolChoice, fitting, tool_choices
from app.games.for20.state import For20State, Phase
from app.games.for20.window import can_target, waiting

MAX_PAYS = 12
"""At most this many ways to pay for one answer go to bots (copies of a card count once)."""

COIN_GROUP = 3
"""From this many materials to turn (or hand cards to discard) for coins, they are one choice."""


def choices(state: For20State, seat: int) -> tuple[Choice, ...]:
    """Returns the seat's moves for the table: smokes and answers to build, the rest buttons."""
    if state.phase is Phase.WINDOW:
        return (Pick(Pass()), *_answer_choices(state, seat))
    gathers = tuple(_smoke_gather(state, seat, choice) for choice in _tools(state, seat))
    return (
        *(gather for gather in gathers if gather is not None),
        *_grouped(_other_moves(state, seat)),
    )


def bounded(state: For20State, seat: int) -> tuple[Action, ...]:
    """Returns complete moves for bots and playouts: a bounded sample of what is legal."""
    if state.phase is Phase.WINDOW:
        return (Pass(), *_answers(state, seat))
    smokes = (
        Smoke(choice.tools, combo)
        for choice in _tools(state, seat)
        for combo in _fewest_per_total(fitting(state, seat, choice), choice.low, choice.high)
    )
    return (*smokes, *_other_moves(state, seat))


def _grouped(moves: tuple[Action, ...]) -> tuple[Choice, ...]:
    """Returns the moves as buttons, an action card with several targets as one choice, and
    the materials to turn (the cards to discard) for coins as one when there are enough."""
    plays: dict[int, list[PlayAction]] = {}
    coins: dict[str, list[Action]] = {}
    for move in moves:
        if isinstance(move, PlayAction):
            plays.setdefault(move.card, []).append(move)
        elif isinstance(move, TurnMaterial | Recycle):
            coins.setdefault(move.kind, []).append(move)
    out: list[Choice] = []
    for move in moves:
        if isinstance(move, TurnMaterial | Recycle) and len(coins[move.kind]) >= COIN_GROUP:
            if move is coins[move.kind][0]:
                out.append(OneOf(move, tuple(coins[move.kind])))
        elif not isinstance(move, PlayAction):
            out.append(Pick(move))
        elif len(plays[move.card]) == 1 and move.seat is None and move.target is None:
            out.append(Pick(move))
        elif move is plays[move.card][0]:
            out.append(OneOf(PlayAction(move.card), tuple(plays[move.card])))
    return tuple(out)


def _key(card: int) -> str:
    return CARDS[card].spec.key


def _keys(cards: Iterable[int]) -> tuple[str, ...]:
    return tuple(sorted(_key(card) for card in cards))


# --- smokes ----------------------------------------------------------------------------------


def _tools(state: For20State, seat: int) -> tuple[ToolChoice, ...]:
    """Returns the tool choices the seat may smoke with, copies of a card counted once."""
    if state.no_smoking:
        return ()
    return first_of_each(tool_choices(state, seat), lambda choice: _keys(choice.tools))


def _smoke_gather(state: For20State, seat: int, choice: ToolChoice) -> Gather | None:
    """Returns the materials step of a smoke with this tool, or None when no set fits."""
    cards = fitting(state, seat, choice)
    if not _fewest_per_total(cards, choice.low, choice.high):
        return None
    items = tuple(Item(card, points(card)) for card in cards)
    return Gather(
        Smoke(choice.tools, ()), "materials", items, Span(1, len(items)),
        Span(choice.low, choice.high),
    )  # fmt: skip


def _fewest_per_total(cards: tuple[int, ...], low: int, high: int) -> tuple[tuple[int, ...], ...]:
    """Returns, for each total in low..high that some set of cards makes, the set with the
    fewest cards (the lightest cards first among equals), sorted by total."""
    best: dict[int, tuple[int, ...]] = {0: ()}
    for card in sorted(cards, key=lambda card: (points(card), card)):
        for total, chosen in sorted(best.items(), reverse=True):
            grown = total + points(card)
            if grown <= high and (grown not in best or len(chosen) + 1 < len(best[grown])):
                best[grown] = (*chosen, card)
    return tuple(tuple(sorted(best[total])) for total in sorted(best) if low <= total and total)


# --- every other move of the turn ----------------------------------------------------------------


def _other_moves(state: For20State, seat: int) -> tuple[Action, ...]:
    """Returns new tools, actions, coins and the end of the turn, no two alike."""
    board = state.boards[seat]
    tools: tuple[Action, ...] = ()
    if not state.new_tool:
        legendary = (card for card in board.hand if category(card) is Category.LEGENDARY)
        tools = first_of_each((PlayTool(card) for card in legendary), _same_card)
    plays = first_of_each(action_plays(state, seat), _same_play)
    ready = (card for card in board.reserve if card not in board.turned)
    turns = first_of_each((TurnMaterial(card) for card in ready), _same_card)
    recycles = first_of_each((Recycle(card) for card in board.hand), _same_card)
    return (*tools, *plays, *turns, *recycles, EndTurn())


def _same_card(action: PlayTool | TurnMaterial | Recycle) -> str:
    return _key(action.card)


def _same_play(action: PlayAction) -> tuple[str, int | None, str | None]:
    target = None if action.target is None else _key(action.target)
    return _key(action.card), action.seat, target


# --- answers ---------------------------------------------------------------------------------


_Option = tuple[Answer, int, tuple[int, ...]]


def _answer_options(state: For20State, seat: int) -> tuple[_Option, ...]:
    """Returns each answer the seat could give (its pay left empty), how many cards pay for it
    and the hand cards that may pay, copies of an out-of-turn card counted once."""
    window = state.window
    if window is None or seat not in waiting(state):
        return ()
    hand = state.boards[seat].hand
    out: list[_Option] = []
    for card in first_of_each(
        (card for card in hand if category(card) is Category.OUT_OF_TURN), _key
    ):
        spec = out_of_turn(card)
        others = tuple(sorted(other for other in hand if other != card))
        if len(others) < spec.pay:
            continue
        for index in range(window.layer, len(window.stack)):  # this stage's moves
            if can_target(window.stack, index, seat, spec.answer):
                out.append((Answer(card, index), spec.pay, others))
    return tuple(out)


def _answer_choices(state: For20State, seat: int) -> tuple[Choice, ...]:
    """Returns each answer as a button (nothing to pay) or a step to choose what pays."""
    out: list[Choice] = []
    for answer, pay, others in _answer_options(state, seat):
        if pay == 0:
            out.append(Pick(answer))
        else:
            items = tuple(Item(card) for card in others)
            out.append(Gather(answer, "pay", items, Span(pay, pay)))
    return tuple(out)


def _answers(state: For20State, seat: int) -> tuple[Answer, ...]:
    """Returns complete answers for bots: at most `MAX_PAYS` ways to pay for each."""
    out: list[Answer] = []
    for answer, pay, others in _answer_options(state, seat):
        combos = first_of_each(itertools.combinations(others, pay), _keys)
        out += [Answer(answer.card, answer.target, combo) for combo in combos[:MAX_PAYS]]
    return tuple(out)
