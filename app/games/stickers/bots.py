"""Bots for Stickers: a random one and a greedy collector.

The greedy bot scores each of the seat's legal moves by what the seat can see (the albums,
the board, the market and its own hand, never another hand or the pile) and plays the best:
how far ahead of the best rival its final score would stand with the cards placed, plus the
stars and a little for the cards and effects a move brings. Ties go to the first move listed,
so its choice is a function of what the seat sees.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.games.core.actions import Action
from app.games.core.bots import random_legal
from app.games.core.contract import Bot, Game
from app.games.stickers.abilities import Brush, Clover, Magnet
from app.games.stickers.actions import (
    Ask,
    EndTurn,
    Give,
    Hat,
    Play,
    Reveal,
    Stick,
    Swap,
    Take,
    TakeTwo,
)
from app.games.stickers.board import LEVELS, SPACE_LEVELS
from app.games.stickers.cards import Category
from app.games.stickers.scoring import scores
from app.games.stickers.state import StickersState
from app.games.stickers.sticking import on_card
from app.games.stickers.zones import place

_CARD_IN_HAND = 0.6
"""What one more card in hand is worth to the bot, in points: it may join a collection later."""

_ACTION_WORTH = 1.0
"""What an action sticker on a card is worth, in points, when it is played visible."""


def greedy(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
    """Returns the legal move that leaves the seat best placed, as far as it can see."""
    legal = game.legal_actions(state, seat)
    judge = _Judge(state, seat)
    return max(legal, key=judge.worth)


class _Judge:
    """Weighs one seat's moves in one state, remembering what several moves share."""

    def __init__(self, state: StickersState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.now = _lead(state, seat)
        self._cards: dict[int, float] = {}

    def worth(self, move: Action) -> float:
        state, seat = self.state, self.seat
        if isinstance(move, Take):
            return self.card(state.market[move.slot])
        if isinstance(move, TakeTwo):
            return sum(self.card(state.market[slot]) for slot in move.slots)
        if isinstance(move, Play):
            return _play_worth(state, seat, move)
        if isinstance(move, Swap):
            return _swap_worth(state, seat, move) - self.now
        if isinstance(move, Hat):
            return _ACTION_WORTH * 2  # a free card into the album
        if isinstance(move, Ask):
            return _ask_worth(state, seat, move)
        if isinstance(move, Give):
            return -self.card(move.card)
        if isinstance(move, Reveal):
            return _lead(_placed(state, seat, _reveal_cards(state, seat, move.card)), seat)
        if isinstance(move, EndTurn):
            return 0.0
        if isinstance(move, Magnet):
            return self.card(state.market[move.slot])
        if isinstance(move, Brush):
            return _play_worth(state, seat, Play(move.card)) - self.now - _CARD_IN_HAND
        if isinstance(move, Clover):
            return 2 * _CARD_IN_HAND
        if isinstance(move, Stick):
            return _stick_worth(state, move)
        return -1.0  # an effect the bot does not know: it prefers what it knows

    def card(self, card: int) -> float:
        """Returns what a card would add to the seat's standing if it joined its album, a
        little more for its action stickers."""
        if card not in self._cards:
            state = self.state
            gain = _lead(_placed(state, self.seat, (card,)), self.seat) - self.now
            actions = len(state.card(card).actions)
            self._cards[card] = max(gain, 0.0) + _CARD_IN_HAND + _ACTION_WORTH * actions / 2
        return self._cards[card]


def _lead(state: StickersState, seat: int) -> float:
    """Returns how far ahead of the best rival the seat would end with the albums as they are."""
    totals = [score.total for score in scores(state)]
    mine = totals.pop(seat)
    return float(mine - max(totals))


def _placed(state: StickersState, seat: int, cards: tuple[int, ...]) -> StickersState:
    return place(state, seat, cards) if cards else state


def _play_worth(state: StickersState, seat: int, move: Play) -> float:
    after = _placed(state, seat, move.cards)
    visible = state.card(move.visible)
    bonus = 2 * _CARD_IN_HAND if len(move.cards) <= 2 else _ACTION_WORTH
    return _lead(after, seat) + _ACTION_WORTH * len(visible.actions) + bonus


def _swap_worth(state: StickersState, seat: int, move: Swap) -> float:
    board = list(state.board)
    board[move.first], board[move.second] = board[move.second], board[move.first]
    return _lead(replace(state, board=tuple(board)), seat)


def _ask_worth(state: StickersState, seat: int, move: Ask) -> float:
    """Returns the worth of asking: a category the seat collects, on a rare space, from the
    player holding the most cards."""
    category = Category(move.category)
    space = state.board.index(category)
    rarity = LEVELS[SPACE_LEVELS[space]].first
    held = state.column(seat, category) is not None
    return _CARD_IN_HAND + (rarity / 10 if held else 0.0) + len(state.hands[move.target]) / 100


def _stick_worth(state: StickersState, move: Stick) -> float:
    """Returns the worth of sticking a sticker on a card for the games to come: the bot spreads
    them, a card with fewer stickers (its own stars and actions) first."""
    card = state.card(move.card)
    return -float(len(card.actions) + card.stars + len(on_card(state, move.card).decor))


def _reveal_cards(state: StickersState, seat: int, card: int) -> tuple[int, ...]:
    category = state.card(card).category
    if state.column(seat, category) is None:
        return ()
    return tuple(c for c in state.hands[seat] if state.card(c).category is category)


BOTS: Mapping[str, Bot] = {"random": random_legal, "greedy": greedy}
