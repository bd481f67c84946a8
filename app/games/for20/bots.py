"""Bots for For20 Cards: a random one, and a smart one that smokes when it can, answers out of
turn when it pays, and attacks the leader.

The smart bot reads only what its seat may know: its own hand, the public zones (reserves,
areas, smoked stacks, dumps, hand sizes) and the open window's stack as shown so far. It never
looks at the decks, other hands or what the others chose in the open stage; a test checks that
changing those never changes its move. In a window it decides at once, so bots never hold a
table up; not seeing the others' choices, two bots may answer the same smoke in one stage, and
the later in turn order then gets what is left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.games.core.actions import Action
from app.games.core.bots import random_legal
from app.games.core.contract import Bot, Game
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
from app.games.for20.cards import (
    CARDS,
    WIN_POINTS,
    Category,
    Effect,
    Reaction,
    action,
    category,
    material,
    out_of_turn,
    points,
    tool,
)
from app.games.for20.effects import targets
from app.games.for20.scoring import score
from app.games.for20.state import ActionMove, AnswerMove, For20State, Phase, SmokeMove

_MATERIAL_HOPE = 2.0
"""What an unsmoked material in a reserve is worth, in stoner points to come."""

_TOOL_WORTH = 4.0
"""What a legendary tool in an area is worth: the smokes it will still give."""

_ATTACK_THRESHOLD = 1.0
"""An action must be worth this much more than the cards discarded to pay for it."""


def smart(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
    """Returns the move a sensible player would make, from what the seat may know."""
    legal = game.legal_actions(state, seat)
    choose = _react if state.phase is Phase.WINDOW else _main
    chosen = choose(state, seat, legal)
    return chosen if chosen in legal else legal[0]


# --- the bot's own turn ----------------------------------------------------------------------


def _main(state: For20State, seat: int, legal: Sequence[Action]) -> Action:
    """Returns: a new legendary first, then the best smoke, then the best action, then the end."""
    tools = [a for a in legal if isinstance(a, PlayTool)]
    if tools:
        return max(tools, key=lambda a: (tool(a.card).high, tool(a.card).coins, -a.card))
    smoke = _best_smoke(legal)
    if smoke is not None:
        return smoke
    plan = _best_plan(state, seat, legal)
    return plan if plan is not None else EndTurn()


def _best_smoke(legal: Sequence[Action]) -> Smoke | None:
    """Returns the smoke with most points; a legendary (free) before papers, few papers first."""
    smokes = [a for a in legal if isinstance(a, Smoke)]
    if not smokes:
        return None

    def worth(smoke: Smoke) -> tuple[float, int]:
        total = sum(points(card) for card in smoke.materials)
        legendary = category(smoke.tools[0]) is Category.LEGENDARY
        return total + (0.5 if legendary else -0.4 * len(smoke.tools)), -smoke.tools[0]

    return max(smokes, key=worth)


def _best_plan(state: For20State, seat: int, legal: Sequence[Action]) -> Action | None:
    """Returns the next step towards the most valuable action card: play it, or raise coins.

    Coins come first from turning reserve materials (free: no smoke is left this turn), then
    from discarding the hand cards the bot values least; an action is worth it when its value
    beats what those discards are worth by `_ATTACK_THRESHOLD`.
    """
    board = state.boards[seat]
    best: tuple[float, PlayAction, tuple[int, ...]] | None = None
    for card in board.hand:
        if category(card) is not Category.ACTION:
            continue
        sources = _coin_sources(state, seat, exclude=card)
        for play in _plays_of(state, seat, card):
            price = _price(sources, action(card).cost - state.coins)
            if price is None:
                continue
            value = _action_value(state, seat, play) - price[0]
            if value >= _ATTACK_THRESHOLD and (best is None or value > best[0]):
                best = (value, play, price[1])
    if best is None:
        return None
    _value, play, discards = best
    if play in legal:
        return play
    turns = [a for a in legal if isinstance(a, TurnMaterial)]
    if turns:
        return max(turns, key=lambda a: (material(a.card).coins, -points(a.card)))
    return Recycle(discards[0]) if discards else None


def _coin_sources(state: For20State, seat: int, exclude: int) -> list[tuple[float, int, int]]:
    """Returns (price, coins, hand card or -1) for each way to raise coins, cheapest first."""
    board = state.boards[seat]
    turns = [(0.0, material(card).coins, -1) for card in board.reserve if card not in board.turned]
    cards = [
        (_keep(state, card), CARDS[card].coins, card) for card in board.hand if card != exclude
    ]
    return sorted(turns) + sorted(cards, key=lambda source: source[0] / source[1])


def _price(
    sources: list[tuple[float, int, int]], needed: int
) -> tuple[float, tuple[int, ...]] | None:
    """Returns the price of raising `needed` coins and the cards it discards; None: impossible."""
    price, discards = 0.0, []
    for cost, coins, card in sources:
        if needed <= 0:
            break
        price += cost
        needed -= coins
        if card >= 0:
            discards.append(card)
    return (price, tuple(discards)) if needed <= 0 else None


def _plays_of(state: For20State, seat: int, card: int) -> list[PlayAction]:
    """Returns the plays of an action card as if its coins were there (targets only)."""
    if state.legalized and action(card).effect is Effect.RAID:
        return []
    return [PlayAction(card, *target) for target in targets(state, seat, card)]


def _is_raid(card: int) -> bool:
    return category(card) is Category.ACTION and action(card).effect is Effect.RAID


def _action_value(state: For20State, seat: int, play: PlayAction) -> float:
    """Returns what an action is worth to the bot, in stoner points; attacks on the leader more."""
    effect = action(play.card).effect
    board = state.boards[seat]
    return _VALUES[effect](state, seat, play, board)


def _threat(state: For20State, target: int) -> float:
    """Returns how much hurting an opponent matters: more the closer they are to winning."""
    totals = [score(board) for board in state.boards]
    rivals = [total for other, total in enumerate(totals) if other != target]
    leader = totals[target] >= max(rivals)
    return (1.0 + totals[target] / WIN_POINTS) * (1.5 if leader else 0.7)


def _hope(state: For20State, seat: int) -> float:
    """Returns how much a new material is worth: more with a legendary tool to smoke it."""
    board = state.boards[seat]
    return _MATERIAL_HOPE + (0.5 if board.area else 0.0)


# Each value: (state, seat, play, own board) -> stoner points.
_Value = Callable[[For20State, int, PlayAction, Any], float]


def _raid_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    assert play.seat is not None
    reserve = state.boards[play.seat].reserve
    return 0.6 * sum(points(card) for card in reserve) * _threat(state, play.seat)


def _confiscate_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    assert play.seat is not None and play.target is not None
    return 0.6 * points(play.target) * _threat(state, play.seat)


def _rip_off_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    return _confiscate_value(state, seat, play, board) + 0.8 * points(play.target or 0)


def _spill_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    assert play.seat is not None
    top = state.boards[play.seat].smoked[-1]
    return points(top) * _threat(state, play.seat)


def _glass_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    assert play.seat is not None
    return 0.6 * _TOOL_WORTH * _threat(state, play.seat)


def _draw_materials_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    return 2 * _hope(state, seat) * 0.8


def _cove_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    return 0.9 * points(play.target or 0)


def _scavenger_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    assert play.target is not None
    return _TOOL_WORTH if category(play.target) is Category.LEGENDARY else 1.0


def _munchies_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    return 2.0


def _second_wind_value(state: For20State, seat: int, play: PlayAction, board: Any) -> float:
    ready = [card for card in board.reserve if card not in board.turned]
    return min(len(set(board.used)), len(ready)) * 2.5


_VALUES: Mapping[Effect, _Value] = {
    Effect.RAID: _raid_value,
    Effect.LEGALIZE: _draw_materials_value,
    Effect.DEALERS_COVE: _cove_value,
    Effect.SCAVENGER: _scavenger_value,
    Effect.CONFISCATE: _confiscate_value,
    Effect.SPILLED_BOWL: _spill_value,
    Effect.BROKEN_GLASS: _glass_value,
    Effect.MUNCHIES: _munchies_value,
    Effect.GROW_BOX: _draw_materials_value,
    Effect.SECOND_WIND: _second_wind_value,
    Effect.RIP_OFF: _rip_off_value,
}


# --- answering out of turn ---------------------------------------------------------------------


def _react(state: For20State, seat: int, legal: Sequence[Action]) -> Action:
    """Returns the answer worth more than the cards it costs, or a pass."""
    best: tuple[float, Answer] | None = None
    for move in legal:
        if not isinstance(move, Answer):
            continue
        value = _answer_value(state, seat, move) - sum(_keep(state, card) for card in move.pay)
        if value > 0 and (best is None or value > best[0]):
            best = (value, move)
    return best[1] if best else Pass()


def _answer_value(state: For20State, seat: int, move: Answer) -> float:
    """Returns what an answer is worth to the bot, in stoner points."""
    window = state.window
    assert window is not None
    target = window.stack[move.target]
    kind = out_of_turn(move.card).answer
    if kind is Reaction.SHORT_MEMORY:
        return _cancel_value(state, seat, target) - _keep(state, move.card)
    assert isinstance(target, SmokeMove)
    gained = sum(points(card) for card in target.materials)
    threat = _threat(state, target.seat)
    if kind is Reaction.PASS_IT:
        return gained * (1 + 0.5 * threat) - 1.5
    if kind is Reaction.DRUG_TEST:
        return gained * threat - 1.5
    return _TOOL_WORTH + gained * 0.5 * threat - 1.0


def _cancel_value(state: For20State, seat: int, target: Any) -> float:
    """Returns what cancelling an action or an answer is worth to the bot."""
    window = state.window
    assert window is not None
    if isinstance(target, ActionMove):
        if target.target_seat == seat:
            return 5.0  # an attack on the bot
        if action(target.card).effect is Effect.LEGALIZE and _holds_raid(state, seat):
            return 3.0
        return 0.0
    assert isinstance(target, AnswerMove)
    answered = window.stack[target.target]
    return 6.0 if answered.seat == seat else 0.0  # someone answers the bot's own answer


def _holds_raid(state: For20State, seat: int) -> bool:
    return any(_is_raid(card) for card in state.boards[seat].hand)


def _keep(state: For20State, card: int) -> float:
    """Returns what a hand card is worth kept, in stoner points: the price of paying with it."""
    kind = category(card)
    if kind is Category.OUT_OF_TURN:
        return 2.5
    if kind is Category.LEGENDARY:
        return 3.0
    if kind is Category.ACTION:
        return 0.2 if state.legalized and _is_raid(card) else 1.5
    return 1.0 + tool(card).high / 6


BOTS: Mapping[str, Bot] = {"random": random_legal, "smart": smart}
