"""What each viewer sees of a For20 table: one plain, comparable value per screen area.

Public: the status, the open reaction window (the stack, who may answer in the stage and how
long it stays open; never who has passed or answered before the stage closes), each player's
reserve, area, smoked stack and hand size, the decks as counts, the dumps and the removed
Legalize face up. Private: the viewer's own hand, with how each card can be played now and its
own answer chosen in the open stage, and the viewer's moves. Deck order and other hands never
leave the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.games.core.choices import Choice, Gather, OneOf, Pick
from app.games.for20.actions import Answer, PlayAction, PlayTool, Recycle, Smoke
from app.games.for20.cards import (
    CARDS,
    WIN_POINTS,
    ActionSpec,
    MaterialSpec,
    OutOfTurnSpec,
    ToolSpec,
)
from app.games.for20.scoring import final_result, score
from app.games.for20.smoking import uses_left
from app.games.for20.state import (
    ActionMove,
    AnswerMove,
    For20State,
    Pending,
    Phase,
    SmokeMove,
)
from app.games.for20.texts import card_text, type_name


@dataclass(frozen=True, slots=True)
class CardView:
    """A face-up card. `type` is a material or tool type value (`type_name` its name on the
    face); the numbers that do not apply to the card's category are None (points: materials;
    low/high: tools; cost: actions; pay: out-of-turn cards). `coins` is what turning (a
    material) or recycling (the rest) gives."""

    id: int
    category: str
    key: str
    name: str
    coins: int
    type: str | None
    type_name: str | None
    points: int | None
    low: int | None
    high: int | None
    cost: int | None
    pay: int | None
    ability: str | None
    text: str


@dataclass(frozen=True, slots=True)
class StatusView:
    """Where the game stands. `waiting` is who the table waits for: the current player, or in
    a reaction window everyone who may answer (passes are secret, so they are not taken out)."""

    round: int
    turn: int
    first: int
    seat: int | None
    phase: str
    coins: int
    new_tool: bool
    no_smoking: bool
    legalized: bool
    extra: bool
    waiting: tuple[int, ...]
    win_points: int
    is_over: bool
    winner: int | None


@dataclass(frozen=True, slots=True)
class StackEntryView:
    """A move waiting in the window: a smoke (tools, materials, points), an action (card and
    what it names) or an answer (card, the stack entry it answers, the cards paid)."""

    index: int
    seat: int
    kind: str
    card: CardView | None
    tools: tuple[CardView, ...]
    materials: tuple[CardView, ...]
    points: int
    target_seat: int | None
    target_card: CardView | None
    target: int | None
    pay: tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class WindowView:
    """A reaction window on `seat`'s move. Open: its stage closes at the latest `seconds`
    after this view appears (each stage is a new view); `answering` are the seats that may
    answer in it, chosen or not, and `targets` the stack entries they may answer. Not open:
    the last window of the turn that had answers, resolved, shown until the next window or
    turn (seconds 0, nobody answering)."""

    number: int
    stage: int
    seconds: int
    seat: int
    stack: tuple[StackEntryView, ...]
    answering: tuple[int, ...]
    targets: tuple[int, ...]
    open: bool = True


@dataclass(frozen=True, slots=True)
class ReserveCardView:
    card: CardView
    turned: bool  # turned for coins (OP 07): locked until the end of the turn


@dataclass(frozen=True, slots=True)
class AreaToolView:
    card: CardView
    uses_left: int
    turned: bool  # used this turn (OP 04)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's zones as everyone sees them; `smoked` is bottom first, the top last."""

    seat: int
    hand: int
    reserve: tuple[ReserveCardView, ...]
    area: tuple[AreaToolView, ...]
    smoked: tuple[CardView, ...]
    score: int
    to_move: bool
    first: bool


@dataclass(frozen=True, slots=True)
class PilesView:
    """The middle of the table: decks as counts, dumps face up (their top last), the removed."""

    material_deck: int
    game_deck: int
    material_dump: tuple[CardView, ...]
    game_dump: tuple[CardView, ...]
    removed: tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class ScoresView:
    totals: tuple[int, ...]
    win_points: int
    ranks: tuple[int, ...] | None
    winner: int | None


@dataclass(frozen=True, slots=True)
class HandCardView:
    """A card in the viewer's hand and how it can be played now: "smoke", "tool", "action",
    "answer", "pay" (for an answer) and "recycle"."""

    card: CardView
    plays: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChosenView:
    """The viewer's own answer chosen in the open stage, shown to the others when it closes:
    the out-of-turn card, the stack entry it answers and the cards it will discard."""

    card: CardView
    target: int
    pay: tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class HandView:
    """The viewer's hand; `chosen` is its secret answer in the open stage, if any."""

    cards: tuple[HandCardView, ...]
    chosen: ChosenView | None = None


def status_view(state: For20State, waiting: tuple[int, ...]) -> StatusView:
    over = state.phase is Phase.OVER
    return StatusView(
        round=state.round,
        turn=state.turn,
        first=state.first,
        seat=None if over else state.seat,
        phase=state.phase.value,
        coins=state.coins,
        new_tool=state.new_tool,
        no_smoking=state.no_smoking,
        legalized=state.legalized,
        extra=state.extra,
        waiting=waiting,
        win_points=WIN_POINTS,
        is_over=over,
        winner=state.winner,
    )


def window_view(state: For20State) -> WindowView | None:
    window = state.window
    if window is None:
        return _answered_view(state) if state.answered else None
    return WindowView(
        number=window.number,
        stage=window.stage,
        seconds=state.window_seconds,
        seat=window.stack[0].seat,
        stack=tuple(_entry_view(index, entry) for index, entry in enumerate(window.stack)),
        answering=tuple(sorted(window.seats)),
        targets=tuple(range(window.layer, len(window.stack))),
    )


def _answered_view(state: For20State) -> WindowView:
    """Returns the last closed window of the turn whose answers were shown."""
    stack = state.answered
    entries = tuple(_entry_view(index, entry) for index, entry in enumerate(stack))
    return WindowView(state.windows, 0, 0, stack[0].seat, entries, (), (), open=False)


def _entry_view(index: int, entry: Pending) -> StackEntryView:
    if isinstance(entry, SmokeMove):
        total = sum(_spec_points(card) for card in entry.materials)
        return StackEntryView(
            index, entry.seat, "smoke", None, _cards(entry.tools), _cards(entry.materials),
            total, None, None, None, (),
        )  # fmt: skip
    if isinstance(entry, ActionMove):
        target = None if entry.target_card is None else CARD_VIEWS[entry.target_card]
        return StackEntryView(
            index, entry.seat, "action", CARD_VIEWS[entry.card], (), (), 0,
            entry.target_seat, target, None, (),
        )  # fmt: skip
    assert isinstance(entry, AnswerMove)
    return StackEntryView(
        index, entry.seat, "answer", CARD_VIEWS[entry.card], (), (), 0,
        None, None, entry.target, _cards(entry.pay),
    )  # fmt: skip


def players_view(state: For20State) -> tuple[PlayerView, ...]:
    over = state.phase is Phase.OVER
    return tuple(
        PlayerView(
            seat=seat,
            hand=len(board.hand),
            reserve=tuple(
                ReserveCardView(CARD_VIEWS[card], card in board.turned) for card in board.reserve
            ),
            area=tuple(
                AreaToolView(CARD_VIEWS[card], left, left <= 0)
                for card in board.area
                for left in (uses_left(board, card),)
            ),
            smoked=_cards(board.smoked),
            score=score(board),
            to_move=not over and seat == state.seat,
            first=seat == state.first,
        )
        for seat, board in enumerate(state.boards)
    )


def piles_view(state: For20State) -> PilesView:
    return PilesView(
        material_deck=len(state.material_deck),
        game_deck=len(state.game_deck),
        material_dump=_cards(state.material_dump),
        game_dump=_cards(state.game_dump),
        removed=_cards(state.removed),
    )


def scores_view(state: For20State) -> ScoresView:
    over = state.phase is Phase.OVER
    totals = tuple(score(board) for board in state.boards)
    ranks = final_result(state).ranks if over else None
    return ScoresView(totals, WIN_POINTS, ranks, state.winner)


def hand_view(
    state: For20State, viewer: int | None, offered: tuple[Choice, ...]
) -> HandView | None:
    """Returns the viewer's own hand with each card's plays now; a spectator has none.

    Copies of a card play alike, though only the first copy's moves are offered."""
    if viewer is None or not 0 <= viewer < state.players:
        return None
    plays: dict[str, list[str]] = {}
    for choice in offered:
        for card, how in _choice_uses(choice):
            found = plays.setdefault(CARDS[card].spec.key, [])
            if how not in found:
                found.append(how)
    return HandView(
        tuple(
            HandCardView(CARD_VIEWS[card], tuple(plays.get(CARDS[card].spec.key, ())))
            for card in state.boards[viewer].hand
        ),
        _chosen_view(state, viewer),
    )


def _choice_uses(choice: Choice) -> tuple[tuple[int, str], ...]:
    """Returns the hand cards a choice plays, and how (a gather's items may pay)."""
    if isinstance(choice, Pick):
        return _uses(choice.action)
    if isinstance(choice, Gather) and isinstance(choice.base, Answer):
        return ((choice.base.card, "answer"), *((item.value, "pay") for item in choice.items))
    if isinstance(choice, OneOf):
        return tuple(use for option in choice.options for use in _uses(option))
    if isinstance(choice, Gather):
        return _uses(choice.base)
    return ()


def _chosen_view(state: For20State, viewer: int) -> ChosenView | None:
    """Returns the viewer's answer chosen in the open stage, if any."""
    window = state.window
    chosen = [entry for entry in window.chosen if entry.seat == viewer] if window else []
    if not chosen:
        return None
    (entry,) = chosen
    return ChosenView(CARD_VIEWS[entry.card], entry.target, _cards(entry.pay))


def _uses(action: Any) -> tuple[tuple[int, str], ...]:
    """Returns the hand cards an action plays, and how."""
    if isinstance(action, Smoke):
        return tuple((card, "smoke") for card in action.tools)
    if isinstance(action, PlayTool):
        return ((action.card, "tool"),)
    if isinstance(action, PlayAction):
        return ((action.card, "action"),)
    if isinstance(action, Answer):
        return ((action.card, "answer"), *((card, "pay") for card in action.pay))
    if isinstance(action, Recycle):
        return ((action.card, "recycle"),)
    return ()


def _cards(cards: tuple[int, ...]) -> tuple[CardView, ...]:
    return tuple(CARD_VIEWS[card] for card in cards)


def _spec_points(card: int) -> int:
    spec = CARDS[card].spec
    return spec.points if isinstance(spec, MaterialSpec) else 0


def _card_view(card: int) -> CardView:
    spec = CARDS[card].spec
    material = spec if isinstance(spec, MaterialSpec) else None
    tool = spec if isinstance(spec, ToolSpec) else None
    material_or_tool = material or tool
    ability = material_or_tool.ability if material_or_tool else None
    return CardView(
        id=card,
        category=CARDS[card].category.value,
        key=spec.key,
        name=spec.name,
        coins=spec.coins,
        type=material_or_tool.type.value if material_or_tool else None,
        type_name=type_name(card),
        points=material.points if material else None,
        low=tool.low if tool else None,
        high=tool.high if tool else None,
        cost=spec.cost if isinstance(spec, ActionSpec) else None,
        pay=spec.pay if isinstance(spec, OutOfTurnSpec) else None,
        ability=ability.value if ability else None,
        text=card_text(card),
    )


# Views of single cards never change: built once, shared, and they compare equal fastest.
CARD_VIEWS: Mapping[int, CardView] = {card.id: _card_view(card.id) for card in CARDS}
