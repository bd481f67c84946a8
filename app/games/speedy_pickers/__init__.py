"""Speedy Pickers: everyone searches their own scene at once against the sand timer."""

from app.games.speedy_pickers.bots import BOTS
from app.games.speedy_pickers.rules import SpeedyPickers

GAME = SpeedyPickers(bots=BOTS)

__all__ = ["GAME", "SpeedyPickers"]
