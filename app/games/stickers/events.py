"""What can happen in Stickers, for the log.

Cards going into a hand are secret: the public event says how many (`Drew`, `Handed`), and a
second one seen only by the seats who may know names the cards (`DrewCards`, `HandedCard`).
Cards played into albums, taken from the market and revealed at the end are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.outcome import Event


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The board is laid out (`board`: category keys in board order); `first` starts."""

    first: int
    board: tuple[str, ...]
    removed: int  # cards out of the game by player count


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    round: int
    last_round: bool


@dataclass(frozen=True, slots=True)
class Took(Event):
    """`seat` took market cards into their hand (`bonus`: by the collection bonus)."""

    seat: int
    cards: tuple[int, ...]
    bonus: bool = False


@dataclass(frozen=True, slots=True)
class Played(Event):
    """`seat` played a collection of `cards` (the last visible); `hat`: by a Hat sticker."""

    seat: int
    category: str
    cards: tuple[int, ...]
    hat: bool = False


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    """`seat` swapped the markers on two spaces; `first` and `second` are their categories."""

    seat: int
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Asked(Event):
    seat: int
    target: int
    category: str


@dataclass(frozen=True, slots=True)
class Handed(Event):
    """`target` handed `seat` a card of `category` (which one: `HandedCard`)."""

    seat: int
    target: int
    category: str


@dataclass(frozen=True, slots=True)
class HandedCard(Event):
    """Seen by the two players: the card handed over."""

    seat: int
    target: int
    card: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """`seat` drew `count` cards into their hand, `from_stock` of them from the stock."""

    seat: int
    count: int
    from_stock: int = 0


@dataclass(frozen=True, slots=True)
class DrewCards(Event):
    """Seen by the drawer: the cards drawn."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MarketRefilled(Event):
    cards: tuple[int, ...]
    from_stock: int = 0


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    skipped: int  # effects let go


@dataclass(frozen=True, slots=True)
class LastRound(Event):
    """The draw pile ran out: this round is the last."""

    seat: int


@dataclass(frozen=True, slots=True)
class RevealChosen(Event):
    """`seat` chose its card for the final reveal (which one stays secret until all chose)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """At the final reveal `seat` showed `card`; `added` joined its album (maybe none)."""

    seat: int
    card: int
    added: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrophyWon(Event):
    """A campaign game's winners each get a trophy."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class UpgradeOpened(Event):
    """The campaign opens an upgrade; `aside` copies of its stickers are set aside."""

    upgrade: str
    aside: int


@dataclass(frozen=True, slots=True)
class StickerStuck(Event):
    """`seat` stuck a sticker (its space and name) onto `card`; `at_random`: it had no place
    in their album and went onto a random card."""

    seat: int
    space: str
    name: str
    card: int
    at_random: bool = False
