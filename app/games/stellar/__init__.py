"""Stellar: fill your telescope and your notebook with stars, two cards a turn."""

from app.games.stellar.bots import BOTS
from app.games.stellar.rules import Stellar

GAME = Stellar(bots=BOTS)

__all__ = ["GAME", "Stellar"]
