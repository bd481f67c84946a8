"""4 Pints: push your luck at the bar, buy the best pints, spill your rivals'."""

from app.games.four_pints.bots import BOTS
from app.games.four_pints.rules import FourPints

GAME = FourPints(bots=BOTS)

__all__ = ["GAME", "FourPints"]
