"""Action cards: OP 09 (play one for its coin cost), OP 10 (destroy a material), OP 11 (destroy
a legendary tool), OP 16 (Legalize leaves the game) and OP 17 (then Polizia is only discarded).

An action names what it hits when it is played (a seat, a card); it waits in a reaction window
(Short Memory may cancel it, OP 12) and then takes effect and goes to the game dump.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from app.games.core.i18n import _
from app.games.core.outcome import Event, Refusal
from app.games.for20.actions import PlayAction
from app.games.for20.cards import (
    DRAWS,
    Category,
    Effect,
    MaterialAbility,
    Target,
    ToolAbility,
    action,
    category,
    material,
    tool,
)
from app.games.for20.decks import draw_game_card, draw_material
from app.games.for20.events import (
    ActionResolved,
    LegalizeRemoved,
    MaterialDestroyed,
    MaterialStolen,
    Recovered,
    SecondWind,
    ToolDestroyed,
)
from app.games.for20.state import ActionMove, For20State, change_board, without

Events = list[Event]


def action_plays(state: For20State, seat: int) -> tuple[PlayAction, ...]:
    """Returns every action card the seat can pay for now, with each target it may name."""
    board = state.boards[seat]
    out: list[PlayAction] = []
    for card in board.hand:
        if category(card) is not Category.ACTION or _blocked(state, card):
            continue
        if action(card).cost > state.coins:
            continue
        out += [PlayAction(card, *target) for target in targets(state, seat, card)]
    return tuple(out)


def _blocked(state: For20State, card: int) -> bool:
    """OP 17: after Legalize, Polizia can no longer be played as an action."""
    return state.legalized and action(card).effect is Effect.RAID


def targets(state: For20State, seat: int, card: int) -> tuple[tuple[int | None, int | None], ...]:
    """Returns each (seat, card) an action may name now; (None, None) for no target."""
    kind = action(card).target
    rivals = state.opponents(seat)
    boards = state.boards
    if kind is Target.NONE:
        return ((None, None),)
    if kind is Target.OPPONENT:
        return tuple((other, None) for other in rivals if boards[other].reserve)
    if kind is Target.OPPONENT_RESERVE:
        return tuple((other, mat) for other in rivals for mat in boards[other].reserve)
    if kind is Target.OPPONENT_SMOKED:
        return tuple((other, None) for other in rivals if destroyable_top(boards[other].smoked))
    if kind is Target.OPPONENT_AREA:
        return tuple(
            (other, item) for other in rivals for item in boards[other].area if breakable(item)
        )
    if kind is Target.MATERIALS_DUMP:
        return tuple((None, mat) for mat in state.material_dump)
    return tuple((None, item) for item in state.game_dump if _is_tool(item))


def destroyable_top(smoked: tuple[int, ...]) -> bool:
    """Returns True when a smoked stack has a top that may be destroyed (Moon Rock may not)."""
    return bool(smoked) and material(smoked[-1]).ability is not MaterialAbility.STICKY


def breakable(card: int) -> bool:
    """Returns False for a Vaporizer, which no action destroys (OP 11)."""
    return tool(card).ability is not ToolAbility.UNBREAKABLE


def stealable(card: int) -> bool:
    """Returns False for a Hookah, which Nice Tool! cannot steal (OP 13)."""
    return tool(card).ability is not ToolAbility.CHAINED


def _is_tool(card: int) -> bool:
    return category(card) in (Category.PAPER, Category.LEGENDARY)


def check_action(state: For20State, seat: int, play: PlayAction) -> Refusal | None:
    """Returns why an action card may not be played now, or None when it may."""
    board = state.boards[seat]
    if play.card not in board.hand:
        return Refusal(_("You do not have that card."))
    if category(play.card) is not Category.ACTION:
        return Refusal(_("That card is not an action."))
    spec = action(play.card)
    if _blocked(state, play.card):
        return Refusal(_("After Legalize, Polizia can only be discarded."))
    if spec.cost > state.coins:
        return Refusal(
            _("{card} costs {cost} action coins; you have {coins}."),
            {"card": spec.name, "cost": spec.cost, "coins": state.coins},
        )
    if (play.seat, play.target) not in targets(state, seat, play.card):
        return _explain_target(state, seat, play)
    return None


_TARGET_HINTS: Mapping[Target, str] = {
    Target.NONE: _("This action names no player and no card."),
    Target.OPPONENT: _("Name an opponent with materials in their reserve."),
    Target.OPPONENT_RESERVE: _("Name an opponent and a material in their reserve."),
    Target.OPPONENT_SMOKED: _(
        "Name an opponent whose smoked stack has a top that can be destroyed."
    ),
    Target.OPPONENT_AREA: _("Name an opponent and a legendary tool in their area."),
    Target.MATERIALS_DUMP: _("Name a material in the materials dump."),
    Target.GAME_DUMP_TOOL: _("Name a tool in the game dump."),
}


def _explain_target(state: For20State, seat: int, play: PlayAction) -> Refusal:
    kind = action(play.card).target
    if play.seat == seat:
        return Refusal(_("That action hits an opponent, not you."))
    if not targets(state, seat, play.card):
        return Refusal(_("There is nothing this action could hit now."))
    return Refusal(_TARGET_HINTS[kind])


def declare(state: For20State, seat: int, play: PlayAction) -> tuple[For20State, ActionMove]:
    """OP 09: returns the state with the coins paid and the card lifted, and the pending move."""
    board = state.boards[seat]
    state = change_board(state, seat, hand=without(board.hand, (play.card,)))
    state = replace(state, coins=state.coins - action(play.card).cost)
    return state, ActionMove(seat, play.card, play.seat, play.target)


def resolve_action(state: For20State, move: ActionMove, events: Events) -> For20State:
    """OP 09: returns the state after the action's effect, the card in the dump (or removed)."""
    events.append(ActionResolved(move.seat, move.card))
    effect = action(move.card).effect
    if (move.target_seat, move.target_card) in targets(state, move.seat, move.card):
        state = _EFFECTS[effect](state, move, events)  # a vanished target: spent, no effect
    if effect is Effect.LEGALIZE:
        events.append(LegalizeRemoved(move.seat, move.card))
        return replace(state, removed=(*state.removed, move.card))
    return replace(state, game_dump=(*state.game_dump, move.card))


def _raid(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Polizia, OP 10: every material in the opponent's reserve goes to the materials dump."""
    owner = _target_seat(move)
    lost = state.boards[owner].reserve
    for card in lost:
        events.append(MaterialDestroyed(move.seat, owner, card, "reserve"))
    state = change_board(state, owner, reserve=(), turned=frozenset())
    return replace(state, material_dump=state.material_dump + lost)


def _legalize(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Legalize: draw two materials into your reserve (it then leaves the game, OP 16)."""
    for _draw in range(DRAWS):
        state = draw_material(state, move.seat, "action", events)[0]
    return state


def _dealers_cove(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Dealer's Cove: a material of your choice from the materials dump into your reserve."""
    card = _target_card(move)
    events.append(Recovered(move.seat, card, "materials-dump"))
    reserve = (*state.boards[move.seat].reserve, card)
    state = change_board(state, move.seat, reserve=reserve)
    return replace(state, material_dump=without(state.material_dump, (card,)))


def _scavenger(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Scavenger: a tool of your choice from the game dump into your hand."""
    card = _target_card(move)
    events.append(Recovered(move.seat, card, "game-dump"))
    state = change_board(state, move.seat, hand=(*state.boards[move.seat].hand, card))
    return replace(state, game_dump=without(state.game_dump, (card,)))


def _confiscate(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Confiscate, OP 10: one material of an opponent's reserve goes to the materials dump."""
    owner, card = _target_seat(move), _target_card(move)
    board = state.boards[owner]
    events.append(MaterialDestroyed(move.seat, owner, card, "reserve"))
    state = change_board(
        state, owner, reserve=without(board.reserve, (card,)), turned=board.turned - {card}
    )
    return replace(state, material_dump=(*state.material_dump, card))


def _spilled_bowl(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Spilled Bowl, OP 10: the top of an opponent's smoked stack goes to the materials dump."""
    owner = _target_seat(move)
    smoked = state.boards[owner].smoked
    events.append(MaterialDestroyed(move.seat, owner, smoked[-1], "smoked"))
    state = change_board(state, owner, smoked=smoked[:-1])
    return replace(state, material_dump=(*state.material_dump, smoked[-1]))


def _broken_glass(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Broken Glass, OP 11: an opponent's legendary tool goes to the game dump."""
    owner, card = _target_seat(move), _target_card(move)
    board = state.boards[owner]
    events.append(ToolDestroyed(move.seat, owner, card))
    state = change_board(
        state, owner, area=without(board.area, (card,)), used=without(board.used, (card,))
    )
    return replace(state, game_dump=(*state.game_dump, card))


def _munchies(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Munchies: draw two game cards."""
    for _draw in range(DRAWS):
        state = draw_game_card(state, move.seat, "action", events)[0]
    return state


def _grow_box(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Grow Box: draw two materials into your reserve."""
    return _legalize(state, move, events)


def _second_wind(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Second Wind: your used legendary tools stand straight and may smoke again this turn."""
    board = state.boards[move.seat]
    events.append(SecondWind(move.seat, tuple(sorted(set(board.used)))))
    return change_board(state, move.seat, used=())


def _rip_off(state: For20State, move: ActionMove, events: Events) -> For20State:
    """Rip-off: a material of an opponent's reserve moves into yours."""
    owner, card = _target_seat(move), _target_card(move)
    board = state.boards[owner]
    events.append(MaterialStolen(move.seat, owner, card))
    state = change_board(
        state, owner, reserve=without(board.reserve, (card,)), turned=board.turned - {card}
    )
    return change_board(state, move.seat, reserve=(*state.boards[move.seat].reserve, card))


def _target_seat(move: ActionMove) -> int:
    assert move.target_seat is not None
    return move.target_seat


def _target_card(move: ActionMove) -> int:
    assert move.target_card is not None
    return move.target_card


_EFFECTS: Mapping[Effect, Callable[[For20State, ActionMove, Events], For20State]] = {
    Effect.RAID: _raid,
    Effect.LEGALIZE: _legalize,
    Effect.DEALERS_COVE: _dealers_cove,
    Effect.SCAVENGER: _scavenger,
    Effect.CONFISCATE: _confiscate,
    Effect.SPILLED_BOWL: _spilled_bowl,
    Effect.BROKEN_GLASS: _broken_glass,
    Effect.MUNCHIES: _munchies,
    Effect.GROW_BOX: _grow_box,
    Effect.SECOND_WIND: _second_wind,
    Effect.RIP_OFF: _rip_off,
}
