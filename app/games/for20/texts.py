"""For20 events in plain words for the log, each line led by its rulebook operations:
"OP 03 · Ann smokes Skunk with a Rolling Paper: 2 stoner points (7 in all)." Every message
is marked for translation; card texts for the table live here too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from app.games.core.i18n import Joined, _, n_
from app.games.core.outcome import Event, Revealed
from app.games.for20.cards import (
    CARDS,
    ActionSpec,
    Effect,
    MaterialAbility,
    MaterialSpec,
    OutOfTurnSpec,
    Reaction,
    ToolAbility,
    ToolSpec,
)
from app.games.for20.events import (
    AbilityUsed,
    ActionDeclared,
    ActionResolved,
    AnswerChosen,
    AnswerDeclared,
    Cancelled,
    CoinsLost,
    DrawSkipped,
    ExtraRound,
    Fizzled,
    For20Event,
    GameCardDrawn,
    GameCardSeen,
    GameEnded,
    LegalizeRemoved,
    MaterialDestroyed,
    MaterialDrawn,
    MaterialsStraightened,
    MaterialStolen,
    MaterialTurned,
    PaperDumped,
    Passed,
    Recovered,
    Recycled,
    Reshuffled,
    RoundEnded,
    SecondWind,
    Smoked,
    SmokeDeclared,
    SmokeOff,
    SmokeTaken,
    SmokingBanned,
    StageOpened,
    ToolDestroyed,
    ToolPlayed,
    ToolsStraightened,
    ToolStolen,
    TurnStarted,
    WindowClosed,
    WindowOpened,
)

if TYPE_CHECKING:
    from app.games.for20.state import For20State


Names = Sequence[str]

_MATERIAL_ABILITIES: Mapping[MaterialAbility, str] = {
    MaterialAbility.MUNCHIES: _("When smoked: draw a game card."),
    MaterialAbility.SEEDS: _("When smoked: draw a material into your reserve."),
    MaterialAbility.STICKY: _("Cannot be destroyed from a smoked stack."),
}

_TOOL_ABILITIES: Mapping[ToolAbility, str] = {
    ToolAbility.TWO_HITS: _("Smokes twice a turn before it is turned."),
    ToolAbility.EMBERS: _("When used: +1 action coin."),
    ToolAbility.INSPIRING: _("When used: draw a game card."),
    ToolAbility.UNBREAKABLE: _("Cannot be destroyed."),
    ToolAbility.CHAINED: _("Cannot be stolen with Nice Tool!"),
}

_EFFECTS: Mapping[Effect, str] = {
    Effect.RAID: _(
        "Every material in an opponent's reserve goes to the materials dump."
        " Only discarded after Legalize."
    ),
    Effect.LEGALIZE: _(
        "Draw 2 materials into your reserve. Then removed from the game: Polizia is only"
        " discarded from now on."
    ),
    Effect.DEALERS_COVE: _("Take a material of your choice from the materials dump."),
    Effect.SCAVENGER: _("Take a tool of your choice from the game dump into your hand."),
    Effect.CONFISCATE: _("Destroy a material in an opponent's reserve."),
    Effect.SPILLED_BOWL: _("Destroy the top material of an opponent's smoked stack."),
    Effect.BROKEN_GLASS: _("Destroy a legendary tool in an opponent's area."),
    Effect.MUNCHIES: _("Draw 2 game cards."),
    Effect.GROW_BOX: _("Draw 2 materials into your reserve."),
    Effect.SECOND_WIND: _("Your legendary tools stand straight: smoke with them again."),
    Effect.RIP_OFF: _("Move a material from an opponent's reserve into yours."),
}

_REACTIONS: Mapping[Reaction, str] = {
    Reaction.SHORT_MEMORY: _("Cancel an opponent's action or out-of-turn card (not a smoke)."),
    Reaction.NICE_TOOL: _("Steal the legendary tool an opponent is smoking with."),
    Reaction.PASS_IT: _("The materials an opponent is smoking go onto your smoked stack."),
    Reaction.DRUG_TEST: _("An opponent's smoke is off, and they may not smoke this turn."),
}


_TYPES: Mapping[str, str] = {
    "weed": _("weed"),
    "hash": _("hash"),
    "special": _("special"),
    "combo": _("combo"),
}


def type_name(card_id: int) -> str | None:
    """Returns a material's or a tool's type as its face names it ("weed"), else None."""
    spec = CARDS[card_id].spec
    if isinstance(spec, MaterialSpec | ToolSpec):
        return _TYPES[spec.type.value]
    return None


def card_text(card_id: int) -> str:
    """Returns what a card does, as its face would say it."""
    spec = CARDS[card_id].spec
    if isinstance(spec, MaterialSpec):
        return _MATERIAL_ABILITIES[spec.ability] if spec.ability else ""
    if isinstance(spec, ToolSpec):
        if spec.ability is None:
            return _("Used once: to the game dump after smoking.")
        return _TOOL_ABILITIES[spec.ability]
    if isinstance(spec, ActionSpec):
        return _EFFECTS[spec.effect]
    assert isinstance(spec, OutOfTurnSpec)
    return _REACTIONS[spec.answer]


def card_name(card_id: int) -> str:
    """Returns a card as the log writes it: "Skunk (2)", "Bong", "Polizia"."""
    spec = CARDS[card_id].spec
    if isinstance(spec, MaterialSpec):
        return Joined(" ", (spec.name, f"({spec.points})"))
    return spec.name


def describe(event: Event, names: Names) -> str:
    """Returns one log line for an event, led by its operations: "OP 03 · …"."""
    describer = _DESCRIBERS.get(type(event))
    text = describer(event, names) if describer else type(event).__name__
    ops = event.ops() if isinstance(event, For20Event) else ()
    # The rulebook's operation numbers, as the rulebook of the reader's language writes them.
    return Joined(" · ", (*(_("OP {op}").format(op=f"{op:02d}") for op in ops), text))


def _list(cards: Sequence[int]) -> str:
    return Joined(", ", (card_name(card) for card in cards))


def _turn_started(event: Any, names: Names) -> str:
    return _("Round {round}, turn {turn}: it is {name}'s turn.").format(
        round=event.round, turn=event.turn, name=names[event.seat]
    )


def _material_drawn(event: Any, names: Names) -> str:
    return _("{name} draws {card} into their reserve.").format(
        name=names[event.seat], card=card_name(event.card)
    )


def _game_card_drawn(event: Any, names: Names) -> str:
    return _("{name} draws a game card.").format(name=names[event.seat])


def _game_card_seen(event: Any, names: Names) -> str:
    return _("Only you see it: you drew {card}.").format(card=card_name(event.card))


def _reshuffled(event: Any, names: Names) -> str:
    if event.deck == "materials":
        text = _("The materials deck is empty: its dump ({cards} cards) is shuffled into it.")
    else:
        text = _("The game deck is empty: its dump ({cards} cards) is shuffled into it.")
    return text.format(cards=event.cards)


def _draw_skipped(event: Any, names: Names) -> str:
    name = names[event.seat]
    if event.materials and event.game:
        return _("Both decks and dumps are empty: {name} draws nothing.").format(name=name)
    if event.materials:
        return _("No materials left in deck or dump: {name} draws no material.").format(name=name)
    return _("No game cards left in deck or dump: {name} draws no game card.").format(name=name)


def _tool_played(event: Any, names: Names) -> str:
    return _("{name} puts the {tool} into their area.").format(
        name=names[event.seat], tool=card_name(event.card)
    )


def _smoke_declared(event: Any, names: Names) -> str:
    return _("{name} wants to smoke {materials} with {tools} ({points} stoner points).").format(
        name=names[event.seat],
        materials=_list(event.materials),
        tools=_list(event.tools),
        points=event.points,
    )


def _smoked(event: Any, names: Names) -> str:
    return _(
        "{name} smokes {materials} with {tools}: {points} stoner points ({total} in all)."
    ).format(
        name=names[event.seat],
        materials=_list(event.materials),
        tools=_list(event.tools),
        points=event.points,
        total=event.total,
    )


def _paper_dumped(event: Any, names: Names) -> str:
    return _("The used paper goes to the game dump: {cards}.").format(cards=_list(event.cards))


def _ability_used(event: Any, names: Names) -> str:
    return _("{card} works for {name}: {text}").format(
        card=card_name(event.card), name=names[event.seat], text=card_text(event.card)
    )


def _material_turned(event: Any, names: Names) -> str:
    return n_(
        "{name} turns {card} for {coins} action coin; it is locked this turn.",
        "{name} turns {card} for {coins} action coins; it is locked this turn.",
        event.coins,
    ).format(name=names[event.seat], card=card_name(event.card), coins=event.coins)


def _recycled(event: Any, names: Names) -> str:
    return n_(
        "{name} discards {card} for {coins} action coin.",
        "{name} discards {card} for {coins} action coins.",
        event.coins,
    ).format(name=names[event.seat], card=card_name(event.card), coins=event.coins)


def _action_declared(event: Any, names: Names) -> str:
    # Whole sentences, one per kind of target: a translation may order its words freely.
    if event.target_seat is not None and event.target_card is not None:
        text = n_(
            "{name} plays {card} for {cost} coin on {owner}'s {target}.",
            "{name} plays {card} for {cost} coins on {owner}'s {target}.",
            event.cost,
        )
    elif event.target_seat is not None:
        text = n_(
            "{name} plays {card} for {cost} coin on {owner}.",
            "{name} plays {card} for {cost} coins on {owner}.",
            event.cost,
        )
    elif event.target_card is not None:
        text = n_(
            "{name} plays {card} for {cost} coin, naming {target}.",
            "{name} plays {card} for {cost} coins, naming {target}.",
            event.cost,
        )
    else:
        text = n_(
            "{name} plays {card} for {cost} coin.",
            "{name} plays {card} for {cost} coins.",
            event.cost,
        )
    owner = names[event.target_seat] if event.target_seat is not None else ""
    target = card_name(event.target_card) if event.target_card is not None else ""
    return text.format(
        name=names[event.seat],
        card=card_name(event.card),
        cost=event.cost,
        owner=owner,
        target=target,
    )


def _action_resolved(event: Any, names: Names) -> str:
    return _("{name}'s {card} takes effect.").format(
        name=names[event.seat], card=card_name(event.card)
    )


def _material_destroyed(event: Any, names: Names) -> str:
    if event.zone == "smoked":
        text = _("{owner}'s {card} is destroyed from their smoked stack (to the materials dump).")
    else:
        text = _("{owner}'s {card} is destroyed from their reserve (to the materials dump).")
    return text.format(owner=names[event.owner], card=card_name(event.card))


def _tool_destroyed(event: Any, names: Names) -> str:
    return _("{owner}'s {card} is destroyed (to the game dump).").format(
        owner=names[event.owner], card=card_name(event.card)
    )


def _recovered(event: Any, names: Names) -> str:
    if event.zone == "materials-dump":
        text = _("{name} takes {card} from the materials dump into their reserve.")
    else:
        text = _("{name} takes {card} from the game dump into their hand.")
    return text.format(name=names[event.seat], card=card_name(event.card))


def _material_stolen(event: Any, names: Names) -> str:
    return _("{name} takes {owner}'s {card} into their own reserve.").format(
        name=names[event.seat], owner=names[event.owner], card=card_name(event.card)
    )


def _second_wind(event: Any, names: Names) -> str:
    return _("{name}'s legendary tools stand straight again.").format(name=names[event.seat])


def _legalize_removed(event: Any, names: Names) -> str:
    return _("Legalize leaves the game: from now on Polizia can only be discarded.")


def _window_opened(event: Any, names: Names) -> str:
    return _(
        "{name}'s move can be answered for {seconds} seconds; answers are shown when the time"
        " is up or everyone has chosen."
    ).format(name=names[event.seat], seconds=event.seconds)


def _answer_chosen(event: Any, names: Names) -> str:
    return _(
        "Only you see it until the answers are shown: you answer step {step} with {card},"
        " discarding {pay}."
    ).format(
        step=event.target + 1, card=card_name(event.card), pay=_list(event.pay) or _("nothing")
    )


def _stage_opened(event: Any, names: Names) -> str:
    return _("Answers were shown: the others may answer them for {seconds} seconds.").format(
        seconds=event.seconds
    )


def _answer_declared(event: Any, names: Names) -> str:
    return _("{name} answers {owner} with {card}, discarding {pay}.").format(
        name=names[event.seat],
        owner=names[event.target_seat],
        card=card_name(event.card),
        pay=_list(event.pay) or _("nothing"),
    )


def _passed(event: Any, names: Names) -> str:
    if event.auto:
        return _("The time is up: you let it go.")
    return _("You pass.")


def _window_closed(event: Any, names: Names) -> str:
    return _("The window closes: the moves resolve, the last answer first.")


def _cancelled(event: Any, names: Names) -> str:
    return _("{name}'s Short Memory cancels {owner}'s {card}.").format(
        name=names[event.seat], owner=names[event.owner], card=card_name(event.card)
    )


def _tool_stolen(event: Any, names: Names) -> str:
    return _("{name} steals {owner}'s {card} into their own area.").format(
        name=names[event.seat], owner=names[event.owner], card=card_name(event.card)
    )


def _smoke_taken(event: Any, names: Names) -> str:
    return _(
        "{name} takes {owner}'s smoke: {materials}, {points} stoner points ({total} in all)."
    ).format(
        name=names[event.seat],
        owner=names[event.owner],
        materials=_list(event.materials),
        points=event.points,
        total=event.total,
    )


def _smoking_banned(event: Any, names: Names) -> str:
    return _("{owner} may not smoke for the rest of this turn.").format(owner=names[event.owner])


def _smoke_off(event: Any, names: Names) -> str:
    return _("{owner}'s smoke does not happen.").format(owner=names[event.owner])


def _fizzled(event: Any, names: Names) -> str:
    return _("{name}'s {card} has nothing left to act on.").format(
        name=names[event.seat], card=card_name(event.card)
    )


def _materials_straightened(event: Any, names: Names) -> str:
    return _("{name}'s turned materials stand straight again.").format(name=names[event.seat])


def _tools_straightened(event: Any, names: Names) -> str:
    return _("{name}'s used tools stand straight again.").format(name=names[event.seat])


def _coins_lost(event: Any, names: Names) -> str:
    return n_(
        "{name} loses {coins} unspent action coin.",
        "{name} loses {coins} unspent action coins.",
        event.coins,
    ).format(name=names[event.seat], coins=event.coins)


def _round_ended(event: Any, names: Names) -> str:
    return _("Round {round} is over.").format(round=event.round)


def _extra_round(event: Any, names: Names) -> str:
    return _("{names} are tied at 20 or more: everyone plays another full round.").format(
        names=_(" and ").join(names[seat] for seat in event.seats)
    )


def _game_ended(event: Any, names: Names) -> str:
    if event.winner is None:
        return _("The game is over: the lead is shared.")
    return _("The game is over: {name} wins with {points} stoner points.").format(
        name=names[event.winner], points=event.scores[event.winner]
    )


_DESCRIBERS: Mapping[type[Event], Callable[[Any, Names], str]] = {
    TurnStarted: _turn_started,
    MaterialDrawn: _material_drawn,
    GameCardDrawn: _game_card_drawn,
    GameCardSeen: _game_card_seen,
    Reshuffled: _reshuffled,
    DrawSkipped: _draw_skipped,
    ToolPlayed: _tool_played,
    SmokeDeclared: _smoke_declared,
    Smoked: _smoked,
    PaperDumped: _paper_dumped,
    AbilityUsed: _ability_used,
    MaterialTurned: _material_turned,
    Recycled: _recycled,
    ActionDeclared: _action_declared,
    ActionResolved: _action_resolved,
    MaterialDestroyed: _material_destroyed,
    ToolDestroyed: _tool_destroyed,
    Recovered: _recovered,
    MaterialStolen: _material_stolen,
    SecondWind: _second_wind,
    LegalizeRemoved: _legalize_removed,
    WindowOpened: _window_opened,
    AnswerChosen: _answer_chosen,
    AnswerDeclared: _answer_declared,
    Passed: _passed,
    WindowClosed: _window_closed,
    StageOpened: _stage_opened,
    Cancelled: _cancelled,
    ToolStolen: _tool_stolen,
    SmokeTaken: _smoke_taken,
    SmokingBanned: _smoking_banned,
    SmokeOff: _smoke_off,
    Fizzled: _fizzled,
    MaterialsStraightened: _materials_straightened,
    ToolsStraightened: _tools_straightened,
    CoinsLost: _coins_lost,
    RoundEnded: _round_ended,
    ExtraRound: _extra_round,
    GameEnded: _game_ended,
}


def revealed(state: For20State) -> tuple[Revealed, ...]:
    """Returns what nobody saw: both decks, in the order they are drawn from."""
    return (
        Revealed(_("The material deck"), tuple(card_name(card) for card in state.material_deck)),
        Revealed(_("The game deck"), tuple(card_name(card) for card in state.game_deck)),
    )
