"""The rules of Stickers as a pure `Game`: set-up from a deck, the turn, the end, scoring,
and a campaign game's sticker step.

A set-up's `carry` is one of:
- nothing: the printed game;
- a deck (`deck.py`: stickers on cards, rules in boxes, the first seat), which goes out in the
  result unchanged;
- a campaign table (`campaign.table_carry`, what `carry_in` makes of the campaign's state for
  the people at the seats): its deck is the campaign's, the game ends with the sticker step,
  and the result carries the campaign's next state.
Which rules exist is the game's catalogue (`upgrades.RULES` by default; a test passes its own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.games.core.actions import Action, ActionCodec
from app.games.core.choices import Choice
from app.games.core.contract import Game, Viewer
from app.games.core.i18n import _
from app.games.core.outcome import Applied, Event, Refusal, Result, Revealed
from app.games.core.reference import CardReference
from app.games.core.rng import Rng
from app.games.core.undo import hands_kept, unchanged
from app.games.stickers import sticking, texts
from app.games.stickers.actions import (
    TURN_ACTIONS,
    EffectAction,
    EndTurn,
    Give,
    Play,
    Reveal,
    Stick,
    Take,
)
from app.games.stickers.board import NEIGHBOUR_PAIRS
from app.games.stickers.campaign import Campaign, read_campaign, read_table, table_carry
from app.games.stickers.campaign_views import campaign_parts, spaces_view, sticking_view
from app.games.stickers.cards import CATEGORY_COLOURS, Category
from app.games.stickers.deck import Deck, read_deck
from app.games.stickers.effects import PRINTED
from app.games.stickers.flow import end_turn
from app.games.stickers.hooks import Events, Hooks, Rule, build_hooks
from app.games.stickers.offers import bounded, choices
from app.games.stickers.reference import REFERENCE
from app.games.stickers.reveal import choose, choosing
from app.games.stickers.scoring import final_result
from app.games.stickers.setup import deal
from app.games.stickers.state import Phase, StickersState
from app.games.stickers.turn import carry_out, check_play, find_pending, give, play, take
from app.games.stickers.upgrades import RULES
from app.games.stickers.views import private_parts, public_parts

_PROMPTS: Mapping[Phase, str] = {
    Phase.TAKE: _("Choose a card from the market."),
    Phase.PLAY: _("Play a collection: its visible card, then the cards under it."),
    Phase.EFFECTS: _("Carry out your collection bonus and action stickers, or end your turn."),
    Phase.GIVE: _("Hand over a card of the category you were asked for."),
    Phase.REVEAL: _("Choose a card from your hand for the final reveal."),
    Phase.STICK: _("Stick each of your stickers onto a card in your album."),
}

_WRONG_STEP: Mapping[Phase, str] = {
    Phase.TAKE: _("First choose a card from the market."),
    Phase.PLAY: _("Now play a collection from your hand."),
    Phase.EFFECTS: _("Carry out an effect of your collection, or end your turn."),
    Phase.GIVE: _("A player is choosing which card to hand over."),
    Phase.REVEAL: _("The game is at its final reveal."),
    Phase.STICK: _("The game is over: the players are sticking their stickers."),
}


_CAMPAIGN_SEED = 0x5354494B45525321
"""Mixed into a campaign's first game's seed to seed the campaign's own RNG (so its upgrade
order is its own stream, not the deal's)."""


@dataclass(frozen=True, slots=True)
class Table:
    """What a set-up's carry makes: the deck with its rules resolved, and in a campaign game
    the campaign and the person at each seat."""

    deck: Deck
    hooks: Hooks
    campaign: Campaign | None = None
    people: tuple[str, ...] = ()


class Stickers(Game[StickersState]):
    """Stickers for 2 to 4 players: the printed game, changed by the rules and stickers in
    the deck it is set up with."""

    id = "stickers"
    name = "Stickers"
    min_players = 2
    max_players = 4
    stand_in = "greedy"
    pitch = _("Collect stickers by rarity, alone or in a campaign whose deck changes every game.")
    minutes = (15, 30)  # chosen: docs/rules, "Typical length"
    emblem = "1f3f7"
    seat_parts = frozenset({"albums"})
    asked = tuple((c.value, CATEGORY_COLOURS[c]) for c in Category)
    """A Question mark's categories in the order it offers them, each with its colour (the
    table labels a category by its marker on the board, found by colour)."""
    neighbour_pairs = NEIGHBOUR_PAIRS
    """The spaces a swap may exchange, in the order it offers them (the table's rows)."""
    prompts: tuple[str, ...] = tuple(_PROMPTS.values())
    """Every ask `prompt` may say: the table holds them all and names the one it says."""
    campaigns = True

    def __init__(
        self, bots: Mapping[str, Any] | None = None, catalogue: Mapping[str, Rule] = RULES
    ) -> None:
        super().__init__(bots)
        self.catalogue = dict(catalogue)
        effect_classes = {effect.action for rule in catalogue.values() for effect in rule.effects}
        printed = tuple(effect.action for effect in PRINTED)
        extra = tuple(cls for cls in effect_classes if cls not in printed)
        self.codec = ActionCodec(*TURN_ACTIONS, *printed, *sorted(extra, key=lambda c: c.kind))

    def read_carry(self, raw: Any, players: int) -> Table | Refusal:
        """Returns what a set-up's carry makes (a deck, or a campaign table) with its rules
        resolved, or why this game cannot play it (unknown rules or sticker kinds, a first
        seat not at the table, another number of people than seats)."""
        if isinstance(raw, dict) and "campaign" in raw:
            return self._read_table(raw, players)
        deck = read_deck(raw)
        if isinstance(deck, Refusal):
            return deck
        hooks = self._hooks(deck, players)
        return hooks if isinstance(hooks, Refusal) else Table(deck, hooks)

    def _read_table(self, raw: Any, players: int) -> Table | Refusal:
        read = read_table(raw)
        if isinstance(read, Refusal):
            return read
        campaign, people = read
        if len(people) != players:
            return Refusal(_("The campaign's players are not the table's."))
        deck = read_deck(campaign.deck(people).to_carry())  # the deck's own bounds, checked
        if isinstance(deck, Refusal):
            return deck
        hooks = self._hooks(deck, players)
        return hooks if isinstance(hooks, Refusal) else Table(deck, hooks, campaign, people)

    def _hooks(self, deck: Deck, players: int) -> Hooks | Refusal:
        hooks = build_hooks(deck.rules, self.catalogue, PRINTED)
        if isinstance(hooks, Refusal):
            return hooks
        kinds = {kind for card in deck.cards() for kind in card.actions}
        unknown = sorted(kind for kind in kinds if hooks.effect(kind) is None)
        if unknown:
            return Refusal(_("No rule says what the sticker {kind} does."), {"kind": unknown[0]})
        if deck.first is not None and deck.first >= players:
            return Refusal(_("The deck's first player is not at this table."))
        return hooks

    def check_carry(self, carry: Any, people: tuple[str, ...]) -> str | None:
        """Returns why a campaign's state cannot set up a game for these people, or None."""
        campaign = read_campaign(carry)
        if isinstance(campaign, Refusal):
            return campaign.text()
        read = self.read_carry(table_carry(campaign, people), len(people))
        return read.text() if isinstance(read, Refusal) else None

    def carry_in(self, carry: Any, people: tuple[str, ...]) -> Any:
        """Returns the set-up carry of a campaign's next game for the people at the seats:
        the campaign (anyone new joined, the stickers set aside for its new size stuck at
        random) and who sits where. None is a new campaign: the printed deck."""
        campaign = read_campaign(carry)
        if isinstance(campaign, Refusal):
            raise ValueError(f"the campaign cannot be played: {campaign.text()}")
        return table_carry(campaign, people)

    def campaign_view(self, carry: Any) -> Mapping[str, Any]:
        """Returns the campaign page's parts: the journal, and every stickered card."""
        campaign = read_campaign(carry)
        return {} if isinstance(campaign, Refusal) else campaign_parts(campaign)

    def deal(
        self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None
    ) -> Applied[StickersState]:
        """Returns the dealt table and its opening line (the board and the first player)."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Stickers takes 2 to 4 players, not {players}")
        read = self.read_carry(carry, players)
        if isinstance(read, Refusal):
            raise ValueError(f"the deck cannot be played: {read.text()}")
        events: Events = []
        campaign = read.campaign
        if campaign is not None and campaign.rng is None:
            campaign = replace(campaign, rng=Rng.from_seed(seed ^ _CAMPAIGN_SEED))
        trophies = campaign.trophies() if campaign is not None else {}
        state = deal(
            players,
            seed,
            read.deck,
            read.hooks,
            events,
            campaign=campaign,
            people=read.people,
            trophies=tuple(trophies.get(person, 0) for person in read.people),
        )
        return Applied(state, tuple(events))

    def active_seats(self, state: StickersState) -> frozenset[int]:
        return _active(state)

    def legal_actions(self, state: StickersState, seat: int) -> tuple[Action, ...]:
        return bounded(state, seat)

    def choices(self, state: StickersState, seat: int) -> tuple[Choice, ...]:
        return choices(state, seat)

    def simultaneous(self, state: StickersState) -> str | None:
        """Returns a key while everyone chooses their reveal card at once."""
        if state.phase is Phase.STICK:
            return "stick"
        return "reveal" if state.phase is Phase.REVEAL else None

    def apply(
        self, state: StickersState, seat: int, action: Action
    ) -> Applied[StickersState] | Refusal:
        """Returns the next state and its events, or why the move is not allowed."""
        refusal = _check(state, seat, action)
        if refusal is not None:
            return refusal
        events: Events = []
        return Applied(_do(state, seat, action, events), tuple(events))

    def undoable(
        self, before: StickersState, after: StickersState, seat: int, action: Action
    ) -> bool:
        """Returns whether a step of the current player's turn may be taken back: taking a
        market card (face up, so nothing was hidden), and an effect that moves only cards
        everyone saw. Never a collection played from the hand (it was hidden), nor a draw
        from the pile, a shuffle, or a Question mark (another player answers) (docs/rules/
        stickers.md, "Taking back a move")."""
        decks = unchanged(before, after, "rng", "pile", "stock", "reveals")
        return decks and hands_kept(before.hands, after.hands)

    def public_view(self, state: StickersState) -> Mapping[str, Any]:
        return {**public_parts(state), "sticking": sticking_view(state)}

    def private_view(self, state: StickersState, viewer: Viewer) -> Mapping[str, Any]:
        return {**private_parts(state, viewer), "spaces": spaces_view(state, viewer)}

    def result(self, state: StickersState) -> Result | None:
        """Returns the result once the game is over (a campaign game: after its sticker step),
        carrying the deck it was set up with, or the campaign's next state."""
        if state.phase is not Phase.OVER:
            return None
        result = final_result(state)
        if state.campaign is None:
            return result
        return replace(result, carry=sticking.next_campaign(state).to_json())

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return texts.describe(event, names)

    def revealed(self, state: StickersState) -> tuple[Revealed, ...]:
        """Returns what nobody saw, for a finished game's replay."""
        return texts.revealed(state)

    def card_reference(self) -> CardReference:
        """Returns the printed cards, a table per category."""
        return REFERENCE

    def phase_name(self, state: StickersState) -> str:
        return state.phase.value

    def prompt(self, state: StickersState, seat: int, offered: tuple[Choice, ...]) -> str:
        return _PROMPTS.get(state.phase, "")


def _active(state: StickersState) -> frozenset[int]:
    """Returns who acts now: the current player, a Question mark's target, or at the final
    reveal everyone still choosing."""
    if state.phase is Phase.REVEAL:
        return choosing(state)
    if state.phase is Phase.STICK:
        return sticking.sticking_seats(state)
    if state.phase is Phase.GIVE:
        assert state.question is not None
        return frozenset({state.question.target})
    return frozenset() if state.phase is Phase.OVER else frozenset({state.seat})


def _check(state: StickersState, seat: int, action: Action) -> Refusal | None:
    """Returns why a move is refused now, or None when it is allowed."""
    if state.phase is Phase.OVER:
        return Refusal(_("The game is over."))
    if seat not in _active(state):
        if state.phase in (Phase.GIVE, Phase.REVEAL, Phase.STICK):
            return Refusal(_WRONG_STEP[state.phase])
        return Refusal(_("It is not your turn."))
    if isinstance(action, Take) and state.phase is Phase.TAKE:
        ok = 0 <= action.slot < len(state.market)
        return None if ok else Refusal(_("There is no card in that place of the market."))
    if isinstance(action, Play) and state.phase is Phase.PLAY:
        return check_play(state, action)
    if isinstance(action, EffectAction) and state.phase is Phase.EFFECTS:
        found = find_pending(state, action)
        if found is None:
            return Refusal(_("That effect is not yours to carry out now."))
        pending, effect = found
        return effect.check(state, seat, pending, action)
    if isinstance(action, EndTurn) and state.phase is Phase.EFFECTS:
        return None
    if isinstance(action, Give) and state.phase is Phase.GIVE:
        return _check_give(state, seat, action.card)
    if isinstance(action, Reveal) and state.phase is Phase.REVEAL:
        ok = action.card in state.hands[seat]
        return None if ok else Refusal(_("Reveal a card from your hand."))
    if isinstance(action, Stick) and state.phase is Phase.STICK:
        return _check_stick(state, seat, action)
    return Refusal(_WRONG_STEP[state.phase])


def _check_stick(state: StickersState, seat: int, action: Stick) -> Refusal | None:
    assert state.sticking is not None
    held = state.sticking.left[seat]
    if not 0 <= action.sticker < len(held):
        return Refusal(_("You have no such sticker."))
    if action.card not in sticking.places(state, seat, held[action.sticker]):
        return Refusal(_("That sticker goes on an empty space of a card in your album."))
    return None


def _check_give(state: StickersState, seat: int, card: int) -> Refusal | None:
    question = state.question
    assert question is not None
    if card not in state.hands[seat] or state.card(card).category is not question.category:
        return Refusal(_("Hand over a card of the category you were asked for."))
    return None


def _do(state: StickersState, seat: int, action: Action, events: Events) -> StickersState:
    """Returns the state after a move `_check` allowed."""
    if isinstance(action, Take):
        return take(state, action, events)
    if isinstance(action, Play):
        return play(state, action, events)
    if isinstance(action, EffectAction):
        found = find_pending(state, action)
        assert found is not None
        return carry_out(state, *found, action, events)
    if isinstance(action, Give):
        return give(state, action.card, events)
    if isinstance(action, Reveal):
        return choose(state, seat, action.card, events)
    if isinstance(action, Stick):
        return sticking.stick(state, seat, action, events)
    return end_turn(state, events)
