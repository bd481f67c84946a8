"""The rules of 4 Pints as a pure `Game`: rounds, turns, card effects, buying, scoring.

A turn runs in phases (`state.Phase`): reveal Purchase cards, answer any
choice a card asks for, then buy or pass, then save a Money card. Every
function here returns a new state; the `events` list an action handler is
given is the only thing it appends to, and it belongs to that one call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from app.games.core.actions import Action
from app.games.core.choices import Choice, Pick, first_of_each
from app.games.core.contract import Game, Viewer
from app.games.core.i18n import _
from app.games.core.outcome import Applied, Event, Refusal, Result, Revealed
from app.games.core.reference import CardReference
from app.games.core.rng import Rng
from app.games.core.undo import unchanged
from app.games.four_pints import texts
from app.games.four_pints.actions import (
    CODEC,
    Buy,
    DiscardMoney,
    Elbow,
    KeepSaved,
    Pass,
    Reveal,
    Save,
    SpillOwn,
)
from app.games.four_pints.cards import (
    BAR_SIZE,
    BEER_CARDS,
    BEER_SPECS,
    PURCHASE_CARDS,
    REMOVED_BEERS,
    STARTING_MONEY,
    Beer,
    Kind,
    PurchaseCard,
)
from app.games.four_pints.events import (
    BarRefilled,
    Bought,
    CardRevealed,
    DrunkEffect,
    DrunkSobered,
    GameEnded,
    HappyHourEnded,
    HappyHourStarted,
    MoneyDiscarded,
    NothingToSpill,
    Passed,
    PintSpilled,
    PurchaseReshuffled,
    RoundEnded,
    RoundStarted,
    Saved,
    TurnStarted,
)
from app.games.four_pints.payment import choose_payment, price_for
from app.games.four_pints.reference import REFERENCE
from app.games.four_pints.scoring import final_result
from app.games.four_pints.state import Area, FourPintsState, Phase, Pint
from app.games.four_pints.views import (
    bar_view,
    players_view,
    purchase_view,
    scores_view,
    status_view,
)

Events = list[Event]

_LOSE_TURN_DRUNKS = 3
"""Holding this many Drunk cards costs all your Money and ends the turn."""

_SPILL_CAUSE: Mapping[Phase, str] = {
    Phase.ELBOW: "elbowing",
    Phase.SLIP: "slip",
    Phase.DRUNK_SPILL: "drunk",
}

_PROMPTS: Mapping[Phase, str] = {
    Phase.REVEAL: _("Reveal another card, buy one pint, or pass."),
    Phase.ELBOW: _("Elbowing: choose an opponent's pint to spill."),
    Phase.SLIP: _("Slip: choose one of your pints to spill."),
    Phase.DRUNK_SPILL: _("Drunk: choose one of your pints to spill."),
    Phase.DRUNK_MONEY: _("Drunk: choose a Money card to discard."),
    Phase.SAVE: _("Save one of the Money cards left in the center, or let them go."),
}
_FIRST_REVEAL_PROMPT = _("Reveal a Purchase card: you must reveal at least one.")

_WRONG_PHASE: Mapping[Phase, str] = {
    Phase.REVEAL: _("Reveal a card, buy a pint or pass."),
    Phase.ELBOW: _("First choose an opponent's pint to spill."),
    Phase.SLIP: _("First choose one of your pints to spill."),
    Phase.DRUNK_SPILL: _("First choose one of your pints to spill."),
    Phase.DRUNK_MONEY: _("First choose a Money card to discard."),
    Phase.SAVE: _("Your turn is over: save a Money card from the center or let them go."),
}


class FourPints(Game[FourPintsState]):
    """4 Pints for 2 to 4 players, as many rounds as players."""

    id = "four-pints"
    name = "4 Pints"
    min_players = 2
    max_players = 4
    codec = CODEC
    stand_in = "greedy"
    pitch = _("Push your luck at the bar: reveal cards, buy the best pints, stay on your feet.")
    minutes = (10, 25)  # chosen: docs/rules, "Typical length"
    emblem = "1f37a"
    seat_parts = frozenset({"players"})

    def setup(
        self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None
    ) -> FourPintsState:
        """Returns round 1 ready for its first turn, with the Keg dealt at random."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"4 Pints takes 2 to 4 players, not {players}")
        keg, rng = Rng.from_seed(seed).below(players)
        return _start_round(players, rng, 1, keg, ())

    def deal(
        self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None
    ) -> Applied[FourPintsState]:
        """Returns round 1 with the lines that open every later round: who has the Keg."""
        state = self.setup(players, options, seed, carry)
        return Applied(state, (RoundStarted(1, state.keg), TurnStarted(state.keg)))

    def active_seats(self, state: FourPintsState) -> frozenset[int]:
        """Returns the seat whose turn it is, or nobody once the game is over."""
        return frozenset() if state.phase is Phase.OVER else frozenset((state.seat,))

    def legal_actions(self, state: FourPintsState, seat: int) -> tuple[Action, ...]:
        """Returns what the seat may do now; only the current player ever has moves."""
        if state.phase is Phase.OVER or seat != state.seat:
            return ()
        return _LEGAL[state.phase](state)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """Returns an event in plain words for the log."""
        return texts.describe(event, names)

    def revealed(self, state: FourPintsState) -> tuple[Revealed, ...]:
        """Returns what nobody saw, for a finished game's replay."""
        return texts.revealed(state)

    def card_reference(self) -> CardReference:
        """Returns the Beer and Purchase decks, alike cards together, with their copies."""
        return REFERENCE

    def apply(
        self, state: FourPintsState, seat: int, action: Action
    ) -> Applied[FourPintsState] | Refusal:
        """Returns the next state and its events, or why the action is not allowed."""
        if action not in self.legal(state, seat):
            return _explain(state, seat, action)
        events: Events = []
        state = _HANDLERS[type(action)](state, action, events)
        return Applied(state, tuple(events))

    def undoable(
        self, before: FourPintsState, after: FourPintsState, seat: int, action: Action
    ) -> bool:
        """Returns whether a move of the current player's turn may be taken back: the choices
        a revealed card asks for (whose pint to spill, which Money to discard), a buy with the
        Beer deck empty and a pass that leave Money to save. Never a reveal (a hidden card),
        nor a buy that refills the bar, nor a reshuffle; the save ends the turn (docs/rules/
        four-pints.md, "Taking back a move")."""
        return unchanged(before, after, "rng", "purchase_deck", "beer_deck", "removed")

    def public_view(self, state: FourPintsState) -> Mapping[str, Any]:
        """Returns the parts everyone sees alike; deck order and removed cards are never in them."""
        return {
            "status": status_view(state),
            "purchase": purchase_view(state),
            "players": players_view(state),
            "scores": scores_view(state),
        }

    def private_view(self, state: FourPintsState, viewer: Viewer) -> Mapping[str, Any]:
        """Returns the bar, with the viewer's own half price."""
        return {"bar": bar_view(state, viewer)}

    def result(self, state: FourPintsState) -> Result | None:
        """Returns totals and ranks, ties broken by the best single round."""
        return final_result(state) if state.phase is Phase.OVER else None

    def choices(self, state: FourPintsState, seat: int) -> tuple[Choice, ...]:
        """Returns one button per distinct move: two pints of one beer are the same buy."""
        legal = self.legal(state, seat)
        return tuple(Pick(action) for action in first_of_each(legal, partial(_alike, state)))

    def phase_name(self, state: FourPintsState) -> str:
        return state.phase.value

    def prompt(self, state: FourPintsState, seat: int, offered: tuple[Choice, ...]) -> str:
        """Returns what the current player is asked in this phase."""
        if state.phase is Phase.REVEAL and not state.revealed:
            return _FIRST_REVEAL_PROMPT
        return _PROMPTS[state.phase]


def _alike(state: FourPintsState, action: Action) -> Any:
    """Returns what makes a move different to a player: a buy is its beer, not its slot."""
    if isinstance(action, Buy):
        card = state.bar[action.slot]
        return "buy", card.beer if card else None
    return action


# --- rounds and turns -------------------------------------------------------


def _start_round(
    players: int, rng: Rng, number: int, keg: int, round_scores: tuple[tuple[int, ...], ...]
) -> FourPintsState:
    """Returns a freshly dealt round: beers removed, bar revealed, £1 each, decks shuffled."""
    beers, rng = rng.shuffle(BEER_CARDS)
    cut = REMOVED_BEERS[players]
    starting = _starting_money(players)
    dealt = {card.id for card in starting}
    purchase, rng = rng.shuffle(tuple(card for card in PURCHASE_CARDS if card.id not in dealt))
    return FourPintsState(
        players=players,
        rng=rng,
        round=number,
        keg=keg,
        seat=keg,
        phase=Phase.REVEAL,
        areas=tuple(Area(saved=card) for card in starting),
        bar=beers[cut : cut + BAR_SIZE],
        beer_deck=beers[cut + BAR_SIZE :],
        removed=beers[:cut],
        beer_discard=(),
        purchase_deck=purchase,
        purchase_discard=(),
        round_scores=round_scores,
    )


def _starting_money(players: int) -> tuple[PurchaseCard, ...]:
    """Returns the £1 cards dealt to the game areas, taken from the 18 Money cards."""
    ones = [card for card in PURCHASE_CARDS if card.is_money and card.value == STARTING_MONEY]
    return tuple(ones[:players])


def _start_turn(state: FourPintsState, seat: int, events: Events) -> FourPintsState:
    """Returns the state at the start of seat's turn: one Drunk card and Happy Hour gone."""
    state = replace(state, seat=seat, phase=Phase.REVEAL)
    events.append(TurnStarted(seat))
    area = state.area
    if area.drunk:
        sobered, area = area.drunk[:1], replace(area, drunk=area.drunk[1:])
        state = _set_area(state, seat, area, purchase_discard=state.purchase_discard + sobered)
        events.append(DrunkSobered(seat, len(area.drunk)))
    if area.happy_hour is not None:
        discard = (*state.purchase_discard, area.happy_hour)
        area = replace(area, happy_hour=None)
        state = _set_area(state, seat, area, purchase_discard=discard, discounts=frozenset())
        events.append(HappyHourEnded(seat))
    return state


def _end_turn(state: FourPintsState, events: Events) -> FourPintsState:
    """Returns the save step if unused Money is left in the center, else the next turn."""
    if state.center_money:
        return replace(state, phase=Phase.SAVE)
    return _pass_turn(state, events)


def _pass_turn(state: FourPintsState, events: Events) -> FourPintsState:
    """Returns the next player's turn, or the end of the round when it comes back to the Keg."""
    state = replace(
        state, purchase_discard=state.purchase_discard + state.center, center=(), revealed=()
    )
    following = (state.seat + 1) % state.players
    if not state.beer_deck and following == state.keg:
        return _end_round(state, events)
    return _start_turn(state, following, events)


def _end_round(state: FourPintsState, events: Events) -> FourPintsState:
    """Returns the next round with the Keg passed left, or the finished game."""
    scores = tuple(area.score for area in state.areas)
    round_scores = (*state.round_scores, scores)
    events.append(RoundEnded(state.round, scores))
    if state.round == state.players:
        state = replace(state, phase=Phase.OVER, round_scores=round_scores)
        result = final_result(state)
        events.append(GameEnded(result.scores, result.winners))
        return state
    keg = (state.keg + 1) % state.players
    state = _start_round(state.players, state.rng, state.round + 1, keg, round_scores)
    events.append(RoundStarted(state.round, keg))
    return _start_turn(state, keg, events)


# --- legal actions ----------------------------------------------------------


def _legal_reveal(state: FourPintsState) -> tuple[Action, ...]:
    """Returns Reveal, and once a card is revealed (or none can be) the buys and Pass."""
    can_reveal = bool(state.purchase_deck or state.purchase_discard)
    actions: list[Action] = [Reveal()] if can_reveal else []
    if state.revealed or not can_reveal:
        money = state.money
        for slot, card in enumerate(state.bar):
            if card is not None and price_for(state, state.seat, card) <= money:
                actions.append(Buy(slot))
        actions.append(Pass())
    return tuple(actions)


def _legal_elbow(state: FourPintsState) -> tuple[Action, ...]:
    """Returns one Elbow per opponent with pints and beer that could be spilled."""
    return tuple(
        Elbow(target, beer.value)
        for target in _seats(state)
        if target != state.seat
        for beer in spill_choices(state.areas[target])
    )


def _legal_spill_own(state: FourPintsState) -> tuple[Action, ...]:
    return tuple(SpillOwn(beer.value) for beer in spill_choices(state.area))


def _legal_discard_money(state: FourPintsState) -> tuple[Action, ...]:
    saved = state.area.saved
    values = {card.value for card in state.center_money} | ({saved.value} if saved else set())
    return tuple(DiscardMoney(value) for value in sorted(values))


def _legal_save(state: FourPintsState) -> tuple[Action, ...]:
    values = sorted({card.value for card in state.center_money})
    return (*(Save(value) for value in values), KeepSaved())


_LEGAL: Mapping[Phase, Callable[[FourPintsState], tuple[Action, ...]]] = {
    Phase.REVEAL: _legal_reveal,
    Phase.ELBOW: _legal_elbow,
    Phase.SLIP: _legal_spill_own,
    Phase.DRUNK_SPILL: _legal_spill_own,
    Phase.DRUNK_MONEY: _legal_discard_money,
    Phase.SAVE: _legal_save,
}

_PHASE_ACTIONS: Mapping[Phase, tuple[type[Action], ...]] = {
    Phase.REVEAL: (Reveal, Buy, Pass),
    Phase.ELBOW: (Elbow,),
    Phase.SLIP: (SpillOwn,),
    Phase.DRUNK_SPILL: (SpillOwn,),
    Phase.DRUNK_MONEY: (DiscardMoney,),
    Phase.SAVE: (Save, KeepSaved),
}


def _explain(state: FourPintsState, seat: int, action: Action) -> Refusal:
    """Returns a player-readable reason why an action that is not legal now was refused."""
    if type(action) not in _HANDLERS:
        return Refusal(_("That is not a move in this game."))
    if state.phase is Phase.OVER:
        return Refusal(_("The game is over."))
    if seat != state.seat:
        return Refusal(_("It is not your turn."))
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        return Refusal(_WRONG_PHASE[state.phase])
    return _explain_choice(state, action)


def _explain_choice(state: FourPintsState, action: Action) -> Refusal:
    """Returns why an action of the right kind for this phase still is not allowed."""
    if isinstance(action, Reveal):
        return Refusal(_("There are no Purchase cards left to reveal."))
    if isinstance(action, (Buy, Pass)) and not state.revealed:
        return Refusal(_("Reveal at least one Purchase card first."))
    if isinstance(action, Buy):
        return _explain_buy(state, action.slot)
    if isinstance(action, Elbow):
        if action.target == state.seat or not 0 <= action.target < state.players:
            return Refusal(_("Elbowing spills an opponent's pint, not yours."))
        return Refusal(_("That player has no such pint you could spill."))
    if isinstance(action, SpillOwn):
        return Refusal(_("You have no such pint you could spill."))
    if isinstance(action, DiscardMoney):
        return Refusal(_("You have no £{value} Money card."), {"value": action.value})
    if isinstance(action, Save):
        return Refusal(
            _("There is no unused £{value} card in the center."), {"value": action.value}
        )
    return Refusal(_("That move is not allowed now."))


def _explain_buy(state: FourPintsState, slot: int) -> Refusal:
    card = state.bar[slot] if 0 <= slot < len(state.bar) else None
    if card is None:
        return Refusal(_("There is no pint in that place at the bar."))
    return Refusal(
        _("You cannot afford the {beer}: it costs £{price} and you have £{money}."),
        {"beer": card.spec.name, "price": price_for(state, state.seat, card), "money": state.money},
    )


# --- revealing and card effects ----------------------------------------------


def _reveal(state: FourPintsState, action: Action, events: Events) -> FourPintsState:
    """Returns the state after the top Purchase card is revealed and its effect applied."""
    if not state.purchase_deck:
        deck, rng = state.rng.shuffle(state.purchase_discard)
        state = replace(state, purchase_deck=deck, purchase_discard=(), rng=rng)
        events.append(PurchaseReshuffled(len(deck)))
    card = state.purchase_deck[0]
    state = replace(
        state,
        purchase_deck=state.purchase_deck[1:],
        revealed=(*state.revealed, card),
        center=(*state.center, card) if card.kind in _STAY_IN_CENTER else state.center,
    )
    events.append(CardRevealed(state.seat, card.kind.value, card.value))
    return _EFFECTS[card.kind](state, card, events)


def _money_effect(state: FourPintsState, card: PurchaseCard, events: Events) -> FourPintsState:
    return state


def _elbowing_effect(state: FourPintsState, card: PurchaseCard, events: Events) -> FourPintsState:
    return _ask(state, Phase.ELBOW, events)


def _slip_effect(state: FourPintsState, card: PurchaseCard, events: Events) -> FourPintsState:
    return _ask(state, Phase.SLIP, events)


def _drunk_effect(state: FourPintsState, card: PurchaseCard, events: Events) -> FourPintsState:
    """Returns the state after a Drunk card joins the area and its count's effect applies."""
    area = replace(state.area, drunk=(*state.area.drunk, card))
    state = _set_area(state, state.seat, area)
    count = min(len(area.drunk), _LOSE_TURN_DRUNKS)  # a 4th card cannot arrive; 3+ is the worst
    events.append(DrunkEffect(state.seat, count))
    if count == 1:
        return _ask(state, Phase.DRUNK_MONEY, events)
    if count == 2:
        return _ask(state, Phase.DRUNK_SPILL, events)
    return _lose_turn(state, events)


def _happy_hour_effect(state: FourPintsState, card: PurchaseCard, events: Events) -> FourPintsState:
    """Returns the state with Happy Hour in front of the drawer and everyone's half price on."""
    events.append(HappyHourStarted(state.seat))
    area = replace(state.area, happy_hour=card)
    return _set_area(state, state.seat, area, discounts=frozenset(_seats(state)))


_STAY_IN_CENTER = frozenset({Kind.MONEY, Kind.ELBOWING, Kind.SLIP})
"""Revealed cards that lie in the center until the turn ends; Drunk and Happy Hour go to areas."""

_EFFECTS: Mapping[Kind, Callable[[FourPintsState, PurchaseCard, Events], FourPintsState]] = {
    Kind.MONEY: _money_effect,
    Kind.ELBOWING: _elbowing_effect,
    Kind.SLIP: _slip_effect,
    Kind.DRUNK: _drunk_effect,
    Kind.HAPPY_HOUR: _happy_hour_effect,
}


def _ask(state: FourPintsState, phase: Phase, events: Events) -> FourPintsState:
    """Returns the state waiting for a choice, or resolved at once when there is no real choice."""
    asking = replace(state, phase=phase)
    options = _LEGAL[phase](asking)
    if not options:
        events.append(_nothing_happens(state.seat, phase))
        return state
    if len(options) == 1:
        return _HANDLERS[type(options[0])](asking, options[0], events)
    return asking


def _nothing_happens(seat: int, phase: Phase) -> Event:
    """Returns the event for an effect with nothing to hit: no pint to spill, no Money to lose."""
    if phase is Phase.DRUNK_MONEY:
        return MoneyDiscarded(seat, ())
    return NothingToSpill(seat, _SPILL_CAUSE[phase])


def _lose_turn(state: FourPintsState, events: Events) -> FourPintsState:
    """Returns the state after a third Drunk card: all Money discarded and the turn over."""
    lost = state.center_money + ((state.area.saved,) if state.area.saved else ())
    state = _set_area(
        state,
        state.seat,
        replace(state.area, saved=None),
        center=_without(state.center, lost),
        purchase_discard=state.purchase_discard + lost,
    )
    events.append(MoneyDiscarded(state.seat, tuple(card.value for card in lost)))
    return _pass_turn(state, events)


# --- choices -----------------------------------------------------------------


def _elbow(state: FourPintsState, action: Action, events: Events) -> FourPintsState:
    assert isinstance(action, Elbow)
    return _spill_pint(state, action.target, Beer(action.beer), events)


def _spill_own(state: FourPintsState, action: Action, events: Events) -> FourPintsState:
    assert isinstance(action, SpillOwn)
    return _spill_pint(state, state.seat, Beer(action.beer), events)


def _spill_pint(state: FourPintsState, owner: int, beer: Beer, events: Events) -> FourPintsState:
    """Returns the reveal step again, owner's beer spilled (or discarded if already spilled)."""
    pints, beer_discard = state.areas[owner].pints, state.beer_discard
    upright = any(not pint.spilled for pint in pints)
    index = next(
        i for i, pint in enumerate(pints) if pint.card.beer is beer and pint.spilled != upright
    )
    if upright:
        pints = (*pints[:index], Pint(pints[index].card, spilled=True), *pints[index + 1 :])
    else:
        beer_discard = (*beer_discard, pints[index].card)
        pints = pints[:index] + pints[index + 1 :]
    cause = _SPILL_CAUSE[state.phase]
    events.append(PintSpilled(state.seat, owner, beer.value, cause, discarded=not upright))
    area = replace(state.areas[owner], pints=pints)
    return _set_area(state, owner, area, beer_discard=beer_discard, phase=Phase.REVEAL)


def _discard_money(state: FourPintsState, action: Action, events: Events) -> FourPintsState:
    """Returns the state without one Money card of the chosen value, from the center first."""
    assert isinstance(action, DiscardMoney)
    card = next((card for card in state.center_money if card.value == action.value), None)
    area = state.area
    if card is None:
        card, area = area.saved, replace(area, saved=None)
        assert card is not None
    events.append(MoneyDiscarded(state.seat, (card.value,)))
    return _set_area(
        state,
        state.seat,
        area,
        center=_without(state.center, (card,)),
        purchase_discard=(*state.purchase_discard, card),
        phase=Phase.REVEAL,
    )


# --- buying, passing, saving ---------------------------------------------------


def _buy(state: FourPintsState, action: Action, events: Events) -> FourPintsState:
    """Returns the state after paying for a bar pint, taking it upright and refilling the bar."""
    assert isinstance(action, Buy)
    card = state.bar[action.slot]
    assert card is not None
    price = price_for(state, state.seat, card)
    paid = choose_payment(state.center_money, state.area.saved, price)
    saved = None if state.area.saved in paid else state.area.saved
    discounted = state.seat in state.discounts
    events.append(
        Bought(state.seat, card.beer.value, price, tuple(c.value for c in paid), discounted)
    )
    state = _set_area(
        state,
        state.seat,
        replace(state.area, pints=(*state.area.pints, Pint(card)), saved=saved),
        center=_without(state.center, paid),
        purchase_discard=state.purchase_discard + paid,
        discounts=state.discounts - {state.seat},
    )
    return _end_turn(_refill_bar(state, action.slot, events), events)


def _refill_bar(state: FourPintsState, slot: int, events: Events) -> FourPintsState:
    """Returns the bar with the slot filled from the Beer deck, or left empty once it is out."""
    refill = state.beer_deck[0] if state.beer_deck else None
    bar = (*state.bar[:slot], refill, *state.bar[slot + 1 :])
    if refill is not None:
        events.append(BarRefilled(slot, refill.beer.value))
    return replace(state, bar=bar, beer_deck=state.beer_deck[1:])


def _pass(state: FourPintsState, action: Action, events: Events) -> FourPintsState:
    events.append(Passed(state.seat))
    return _end_turn(state, events)


def _save(state: FourPintsState, action: Action, events: Events) -> FourPintsState:
    """Returns the next turn after swapping the saved card for a Money card from the center."""
    assert isinstance(action, Save)
    card = next(card for card in state.center_money if card.value == action.value)
    old = state.area.saved
    state = _set_area(
        state,
        state.seat,
        replace(state.area, saved=card),
        center=_without(state.center, (card,)),
        purchase_discard=state.purchase_discard + ((old,) if old else ()),
    )
    events.append(Saved(state.seat, card.value, old.value if old else None))
    return _pass_turn(state, events)


def _keep_saved(state: FourPintsState, action: Action, events: Events) -> FourPintsState:
    return _pass_turn(state, events)


_HANDLERS: Mapping[type[Action], Callable[[FourPintsState, Action, Events], FourPintsState]] = {
    Reveal: _reveal,
    Buy: _buy,
    Pass: _pass,
    Elbow: _elbow,
    SpillOwn: _spill_own,
    DiscardMoney: _discard_money,
    Save: _save,
    KeepSaved: _keep_saved,
}


def spill_choices(area: Area) -> tuple[Beer, ...]:
    """Returns the beers a spill could hit: upright pints first, else the spilled ones."""
    upright = any(not pint.spilled for pint in area.pints)
    hit = {pint.card.beer for pint in area.pints if pint.spilled != upright}
    return tuple(spec.beer for spec in BEER_SPECS if spec.beer in hit)


# --- small state helpers -----------------------------------------------------------


def _seats(state: FourPintsState) -> range:
    return range(state.players)


def _set_area(state: FourPintsState, seat: int, area: Area, **changes: Any) -> FourPintsState:
    """Returns the state with one game area replaced, and any other `changes` in one copy."""
    return replace(state, areas=(*state.areas[:seat], area, *state.areas[seat + 1 :]), **changes)


def _without(
    cards: tuple[PurchaseCard, ...], gone: tuple[PurchaseCard, ...]
) -> tuple[PurchaseCard, ...]:
    return tuple(card for card in cards if card not in gone)
