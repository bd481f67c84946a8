"""Smoking: OP 03 (a paper), 04 (a legendary in the area), 05 (several materials), 06 (two
papers combined), and OP 24 (used papers to the game dump).

A smoke names its tools and its materials. The materials' stoner points must add up to a number
within the tools' min-max range (two papers add their ranges), and each material must fit every
tool: Weed needs a weed or combo tool, Hash a hash or combo tool, Special fits any.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from app.games.core.i18n import _
from app.games.core.outcome import Event, Refusal
from app.games.for20.actions import Smoke
from app.games.for20.cards import (
    CARDS,
    MAX_PAPERS,
    Category,
    MaterialAbility,
    ToolAbility,
    ToolType,
    category,
    fits,
    material,
    points,
    tool,
)
from app.games.for20.decks import draw_game_card, draw_material
from app.games.for20.events import AbilityUsed, PaperDumped, Smoked
from app.games.for20.state import Board, For20State, SmokeMove, change_board, without

Events = list[Event]


@dataclass(frozen=True, slots=True)
class ToolChoice:
    """One way to smoke now: one or two papers from the hand, or one legendary in the area."""

    tools: tuple[int, ...]
    low: int
    high: int
    types: tuple[ToolType, ...]
    legendary: bool


def uses_left(board: Board, card: int) -> int:
    """Returns how many more smokes an area legendary allows this turn (OP 04: turned after)."""
    return tool(card).uses - board.used.count(card)


def tool_choices(state: For20State, seat: int) -> tuple[ToolChoice, ...]:
    """Returns every tool (or pair of papers) the seat could smoke with now."""
    board = state.boards[seat]
    choices = [_choice((card,), True) for card in board.area if uses_left(board, card) > 0]
    if not state.new_tool:
        papers = [card for card in board.hand if category(card) is Category.PAPER]
        for size in range(1, MAX_PAPERS + 1):
            choices += [_choice(combo, False) for combo in itertools.combinations(papers, size)]
    return tuple(choices)


def _choice(tools: tuple[int, ...], legendary: bool) -> ToolChoice:
    specs = [tool(card) for card in tools]
    return ToolChoice(
        tools,
        sum(spec.low for spec in specs),
        sum(spec.high for spec in specs),
        tuple(spec.type for spec in specs),
        legendary,
    )


def smokable(board: Board) -> tuple[int, ...]:
    """Returns the reserve materials that are not turned (OP 07 locks them for the turn)."""
    return tuple(card for card in board.reserve if card not in board.turned)


def fitting(state: For20State, seat: int, choice: ToolChoice) -> tuple[int, ...]:
    """Returns the seat's smokable materials that fit every tool of a choice, lightest first."""
    ready = sorted(smokable(state.boards[seat]), key=lambda card: (points(card), card))
    return tuple(card for card in ready if _fits_all(card, choice.types))


def _fits_all(card: int, types: tuple[ToolType, ...]) -> bool:
    kind = material(card).type
    return all(fits(kind, tool_type) for tool_type in types)


def check_smoke(state: For20State, seat: int, action: Smoke) -> Refusal | None:
    """Returns why a smoke is not allowed now, or None when it is."""
    if state.no_smoking:
        return Refusal(_("Drug Test!: you may not smoke for the rest of this turn."))
    board = state.boards[seat]
    refusal = _check_tools(state, board, action.tools)
    if refusal is not None:
        return refusal
    return _check_materials(board, action)


def _check_tools(state: For20State, board: Board, tools: tuple[int, ...]) -> Refusal | None:
    if not tools:
        return Refusal(_("Choose a paper or a legendary tool to smoke with."))
    if len(set(tools)) != len(tools):
        return Refusal(_("That smoke names the same card twice."))
    if any(not 0 <= card < len(CARDS) for card in tools):
        return Refusal(_("There is no such card."))
    kinds = {category(card) for card in tools}
    if kinds == {Category.LEGENDARY}:
        if len(tools) > 1:
            return Refusal(_("Smoke with one legendary tool at a time."))
        if tools[0] not in board.area:
            return Refusal(_("That legendary tool is not in your area: play it first."))
        if uses_left(board, tools[0]) <= 0:
            return Refusal(_("That tool is turned: it has been used this turn."))
        return None
    if kinds != {Category.PAPER}:
        return Refusal(_("Smoke with papers from your hand or one legendary tool in your area."))
    if len(tools) > MAX_PAPERS:
        return Refusal(_("At most two papers can be combined."))
    if any(card not in board.hand for card in tools):
        return Refusal(_("You do not have that paper."))
    if state.new_tool:
        return Refusal(_("You have already used a new tool from your hand this turn."))
    return None


def _check_materials(board: Board, action: Smoke) -> Refusal | None:
    chosen = action.materials
    if not chosen:
        return Refusal(_("Choose at least one material from your reserve."))
    if len(set(chosen)) != len(chosen):
        return Refusal(_("That smoke names the same card twice."))
    if any(card not in board.reserve for card in chosen):
        return Refusal(_("That material is not in your reserve."))
    if any(card in board.turned for card in chosen):
        return Refusal(_("A turned material is locked for this turn and cannot be smoked."))
    choice = _choice(action.tools, category(action.tools[0]) is Category.LEGENDARY)
    for card in chosen:
        if not _fits_all(card, choice.types):
            return Refusal(
                _("{material} does not fit {tool}."),
                {"material": material(card).name, "tool": tool(action.tools[0]).name},
            )
    total = sum(points(card) for card in chosen)
    if not choice.low <= total <= choice.high:
        return Refusal(
            _("These materials make {points} stoner points; the tool takes {low} to {high}."),
            {"points": total, "low": choice.low, "high": choice.high},
        )
    return None


def declare(state: For20State, seat: int, action: Smoke) -> tuple[For20State, SmokeMove]:
    """Returns the state with the smoke's papers lifted from the hand, and the pending move."""
    legendary = category(action.tools[0]) is Category.LEGENDARY
    if not legendary:
        hand = without(state.boards[seat].hand, action.tools)
        state = change_board(state, seat, hand=hand)
    return state, SmokeMove(seat, action.tools, action.materials, legendary)


def call_off(state: For20State, move: SmokeMove) -> For20State:
    """Returns the state after a smoke that does not happen: its papers go back to the hand."""
    if move.legendary:
        return state
    hand = (*state.boards[move.seat].hand, *move.tools)
    return change_board(state, move.seat, hand=hand)


def stacked(smoked: tuple[int, ...], materials: tuple[int, ...]) -> tuple[int, ...]:
    """OP 05: returns the stack with the materials on it, the one with most points on top."""
    return smoked + tuple(sorted(materials, key=lambda card: (points(card), card)))


def spend_tools(state: For20State, move: SmokeMove, events: Events) -> For20State:
    """OP 04/24: returns the state with a legendary turned, or the papers in the game dump."""
    if move.legendary:
        board = state.boards[move.seat]
        return change_board(state, move.seat, used=(*board.used, move.tools[0]))
    events.append(PaperDumped(move.seat, move.tools))
    return replace(state, game_dump=state.game_dump + move.tools, new_tool=True)


def resolve_smoke(state: For20State, move: SmokeMove, events: Events) -> For20State:
    """OP 03-06: returns the state with the materials smoked, tools spent, abilities done."""
    seat = move.seat
    board = state.boards[seat]
    smoked = stacked(board.smoked, move.materials)
    state = change_board(state, seat, reserve=without(board.reserve, move.materials), smoked=smoked)
    gained = sum(points(card) for card in move.materials)
    total = sum(points(card) for card in smoked)
    events.append(Smoked(seat, move.tools, move.materials, gained, total))
    state = spend_tools(state, move, events)
    if move.legendary:
        state = _tool_ability(state, seat, move.tools[0], events)
    for card in move.materials:
        state = _material_ability(state, seat, card, events)
    return state


def _tool_ability(state: For20State, seat: int, card: int, events: Events) -> For20State:
    """Returns the state after a legendary's ability on use (Pipe, Chillum)."""
    ability = tool(card).ability
    if ability is ToolAbility.EMBERS:
        events.append(AbilityUsed(seat, card, ability.value))
        return replace(state, coins=state.coins + 1)
    if ability is ToolAbility.INSPIRING:
        events.append(AbilityUsed(seat, card, ability.value))
        return draw_game_card(state, seat, "ability", events)[0]
    return state


def _material_ability(state: For20State, seat: int, card: int, events: Events) -> For20State:
    """Returns the state after a smoked material's ability (Lemon Haze, Bagseed)."""
    ability = material(card).ability
    if ability is MaterialAbility.MUNCHIES:
        events.append(AbilityUsed(seat, card, ability.value))
        return draw_game_card(state, seat, "ability", events)[0]
    if ability is MaterialAbility.SEEDS:
        events.append(AbilityUsed(seat, card, ability.value))
        return draw_material(state, seat, "ability", events)[0]
    return state
