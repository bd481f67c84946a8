"""Bots every game gets for free."""

from __future__ import annotations

import random
from typing import Any

from app.games.core.actions import Action
from app.games.core.contract import Game


def random_legal(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
    """Returns a uniformly random legal action for the seat."""
    return rng.choice(game.legal_actions(state, seat))
