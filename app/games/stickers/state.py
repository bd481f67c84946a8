"""The immutable state of a game of Stickers.

Cards are held by id (`state.cards`, the deck as stickered for this game). Every card is in
exactly one place: the draw pile, the stock, the market, a hand, a column of an album, or out
of the game (a player-count icon above the number of players).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from app.games.core.rng import Rng
from app.games.stickers.cards import Card, Category

if TYPE_CHECKING:
    from app.games.stickers.campaign import Campaign
    from app.games.stickers.deck import Deck
    from app.games.stickers.hooks import Hooks
    from app.games.stickers.sticking import Sticking


class Phase(StrEnum):
    """What the game waits for."""

    TAKE = "take"  # 1. the current player chooses a market card
    PLAY = "play"  # 2. ... plays a collection
    EFFECTS = "effects"  # ... carries out its bonus and action stickers, or ends the turn
    GIVE = "give"  # a Question mark's chosen player picks the card to hand over
    REVEAL = "reveal"  # the end: everyone chooses a card from their hand at once
    STICK = "stick"  # a campaign game's sticker step, everyone at once
    OVER = "over"


BONUS = -1
"""The `source` of a pending collection bonus (an action sticker's is its card)."""


@dataclass(frozen=True, slots=True)
class Pending:
    """An effect the current player may still carry out this turn: the collection bonus
    (`source` BONUS) or action sticker number `sticker` of card `source`."""

    kind: str
    source: int
    sticker: int


@dataclass(frozen=True, slots=True)
class Question:
    """A Question mark waiting for `target` to pick which `category` card to hand over."""

    asker: int
    target: int
    category: Category


@dataclass(frozen=True, slots=True)
class Column:
    """One category's collection in an album, in the order played: the last is visible."""

    category: Category
    cards: tuple[int, ...]

    @property
    def visible(self) -> int:
        return self.cards[-1]


Album = tuple[Column, ...]


@dataclass(frozen=True, slots=True)
class StickersState:
    """The whole table; a pile's top is index 0."""

    players: int
    rng: Rng
    deck: Deck  # what the game was set up with: stickers and rules, returned in its result
    hooks: Hooks  # the rules in force, resolved
    cards: tuple[Card, ...]
    board: tuple[Category, ...]  # the marker on each rarity space, in board order
    pile: tuple[int, ...]
    stock: tuple[int, ...]
    market: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    albums: tuple[Album, ...]
    removed: tuple[int, ...]  # out of the game by player count
    first: int  # the first player: the last round ends before their turn
    seat: int
    phase: Phase
    round: int = 1
    turn: int = 1
    played: tuple[int, ...] = ()  # this turn's collection, from the hand
    pending: tuple[Pending, ...] = ()
    question: Question | None = None
    last_round: bool = False  # the draw pile ran out: this round is the last
    reveals: tuple[int | None, ...] = ()  # the final reveal's choices, secret until all chose
    # A campaign game: the campaign (its group joined), the person at each seat, their trophies
    # so far, and the sticker step once the game is scored. None / empty outside a campaign.
    campaign: Campaign | None = None
    people: tuple[str, ...] = ()
    trophies: tuple[int, ...] = ()
    sticking: Sticking | None = None

    @property
    def hand(self) -> tuple[int, ...]:
        """Returns the current player's hand."""
        return self.hands[self.seat]

    def card(self, card: int) -> Card:
        return self.cards[card]

    def column(self, seat: int, category: Category) -> Column | None:
        """Returns the seat's collection of a category, if it has one."""
        return next((c for c in self.albums[seat] if c.category is category), None)

    def others(self, seat: int) -> tuple[int, ...]:
        """Returns the other seats in turn order after `seat`."""
        return tuple((seat + step) % self.players for step in range(1, self.players))


def set_seat(state: StickersState, seat: int, **changes: Any) -> StickersState:
    """Returns the state with one seat's hand and/or album replaced (keys `hand`, `album`),
    and any other changes in one copy."""
    if "hand" in changes:
        hand = changes.pop("hand")
        changes["hands"] = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    if "album" in changes:
        album = changes.pop("album")
        changes["albums"] = (*state.albums[:seat], album, *state.albums[seat + 1 :])
    return replace(state, **changes)


def without(cards: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    """Returns the cards in order, minus one copy of each gone card."""
    left = list(cards)
    for card in gone:
        left.remove(card)
    return tuple(left)
