"""The deck a game is set up with: the stickers stuck on the cards, the rules in force, and who
stuck a sticker last. It is the state a Stickers campaign carries from one game to the next
(`Game.setup`'s `carry`, `Result.carry`), as JSON:

    {"stickers": {"17": {"points": 1, "actions": ["hat"]}},   # card id -> stickers stuck on it
     "rules": {"C": "rule-name"},                              # box -> rule (`hooks`)
     "first": 2}                                               # seat who stuck a sticker last

Every key may be left out (no carry at all is the printed base game). `read_deck` checks the
shape and the numbers; whether the named rules and sticker kinds exist is checked against the
game's catalogue when the game is set up (`rules.Stickers.read_carry`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games.core.i18n import _
from app.games.core.outcome import Refusal
from app.games.stickers.cards import ACTION_SPACES, CARDS, Card

MAX_POINTS = 9
"""Stars a card's victory-point stickers may add (or take away): chosen, a sanity bound."""


@dataclass(frozen=True, slots=True)
class Stuck:
    """The stickers stuck on one card: victory points, and action stickers by kind."""

    points: int = 0
    actions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Deck:
    """Stickers per card (ids ascending, only cards with some), rules by box, first seat."""

    stuck: tuple[tuple[int, Stuck], ...] = ()
    rules: tuple[tuple[str, str], ...] = ()
    first: int | None = None

    def cards(self) -> tuple[Card, ...]:
        """Returns the 108 cards as they play with these stickers on them."""
        stuck = dict(self.stuck)
        out = []
        for card in CARDS:
            extra = stuck.get(card.id, Stuck())
            out.append(
                Card(
                    card.id,
                    card.category,
                    card.stars + extra.points,
                    (*card.actions, *extra.actions),
                    card.players,
                )
            )
        return tuple(out)

    def to_carry(self) -> dict[str, Any]:
        """Returns the deck as JSON-ready data, the shape `read_deck` reads."""
        return {
            "stickers": {
                str(card): {"points": stuck.points, "actions": list(stuck.actions)}
                for card, stuck in self.stuck
            },
            "rules": dict(self.rules),
            "first": self.first,
        }


def read_deck(raw: Any) -> Deck | Refusal:
    """Returns the deck JSON data describes, or why it is not one."""
    if raw is None:
        return Deck()
    if not isinstance(raw, dict) or set(raw) - {"stickers", "rules", "first"}:
        return Refusal(_("The deck is not in the right shape."))
    stuck = _read_stickers(raw.get("stickers", {}))
    if isinstance(stuck, Refusal):
        return stuck
    rules = raw.get("rules", {})
    if not isinstance(rules, dict) or not all(
        isinstance(box, str) and isinstance(name, str) for box, name in rules.items()
    ):
        return Refusal(_("The deck's rules are not in the right shape."))
    first = raw.get("first")
    if first is not None and (not isinstance(first, int) or isinstance(first, bool) or first < 0):
        return Refusal(_("The deck's first player is not a seat."))
    return Deck(stuck, tuple(sorted(rules.items())), first)


def _read_stickers(raw: Any) -> tuple[tuple[int, Stuck], ...] | Refusal:
    if not isinstance(raw, dict):
        return Refusal(_("The deck's stickers are not in the right shape."))
    out: list[tuple[int, Stuck]] = []
    for key, value in raw.items():
        card = int(key) if isinstance(key, str) and key.isdigit() else -1
        if not 0 <= card < len(CARDS):
            return Refusal(_("There is no card {card} to stick a sticker on."), {"card": key})
        stuck = _read_stuck(value)
        if stuck is None:
            return Refusal(_("The stickers on card {card} make no sense."), {"card": key})
        if len(CARDS[card].actions) + len(stuck.actions) > ACTION_SPACES:
            return Refusal(_("Card {card} has no room for so many action stickers."), {"card": key})
        if stuck != Stuck():
            out.append((card, stuck))
    return tuple(sorted(out))


def _read_stuck(raw: Any) -> Stuck | None:
    if not isinstance(raw, dict) or set(raw) - {"points", "actions"}:
        return None
    points = raw.get("points", 0)
    actions = raw.get("actions", [])
    if not isinstance(points, int) or isinstance(points, bool) or abs(points) > MAX_POINTS:
        return None
    if not isinstance(actions, list) or not all(isinstance(kind, str) for kind in actions):
        return None
    return Stuck(points, tuple(actions))
