"""The immutable state of a game of Stellar.

Every card is in exactly one place: the deck, the row, a hand, a player's two
starting cards, a telescope (face up or down), a notebook, the card on its way
into a telescope (`drawn`), or the discard pile.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.games.core.rng import Rng
from app.games.stellar.cards import FACE_DOWN_VALUE, TELESCOPE_SIZE, Card, Suit


class Phase(StrEnum):
    """What the game waits for; each pending choice is a phase."""

    SETUP = "setup"  # both players place their starting cards, at the same time
    TAKE = "take"  # take a card from the row
    CLEAR = "clear"  # a satellite was taken: the opponent may clear the row
    PLAY = "play"  # play a hand card into the telescope or the notebook
    PLACE = "place"  # choose where the second card goes in the telescope
    FINAL = "final"  # both players add their last notebook card, at the same time
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Placed:
    """A card in a telescope space; a face-down card counts 3 with no suit and no stars."""

    card: Card
    face_down: bool = False

    @property
    def value(self) -> int:
        return FACE_DOWN_VALUE if self.face_down else self.card.value

    @property
    def suit(self) -> Suit | None:
        return None if self.face_down else self.card.suit

    @property
    def stars(self) -> int:
        return 0 if self.face_down else self.card.stars

    @property
    def is_satellite(self) -> bool:
        return not self.face_down and self.card.is_satellite


@dataclass(frozen=True, slots=True)
class Entry:
    """A card in a notebook, in the stack of `stack`.

    A satellite's stack is its owner's choice; `chosen` is the value its owner
    set for a 6/0 card (None: whichever of 6 and 0 scores more).
    """

    card: Card
    stack: Suit
    chosen: int | None = None


Telescope = tuple[Placed | None, ...]

EMPTY_TELESCOPE: Telescope = (None,) * TELESCOPE_SIZE


@dataclass(frozen=True, slots=True)
class Board:
    """One player's cards: hand, telescope, notebook, and the setup and final choices.

    `starting` holds the two starting cards until both players have chosen;
    `start` is this player's secret choice meanwhile: (telescope card id, space).
    """

    hand: tuple[Card, ...] = ()
    telescope: Telescope = EMPTY_TELESCOPE
    notebook: tuple[Entry, ...] = ()
    starting: tuple[Card, ...] = ()
    start: tuple[int, int] | None = None
    done: bool = False  # confirmed the final phase


@dataclass(frozen=True, slots=True)
class StellarState:
    """The whole table; the top of the deck is index 0, row slot n is `row[n - 1]`."""

    players: int
    rng: Rng
    first: int  # plays first every round
    round: int  # 1-based
    seat: int  # whose turn it is
    phase: Phase
    boards: tuple[Board, ...]
    row: tuple[Card | None, ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...] = ()
    drawn: Card | None = None  # the second card of the turn, waiting for its space
    drawn_from_deck: bool = False  # its owner alone may see it until it is placed face up

    @property
    def board(self) -> Board:
        """Returns the current player's board."""
        return self.boards[self.seat]

    @property
    def opponent(self) -> int:
        return (self.seat + 1) % self.players
