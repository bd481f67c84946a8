"""Stickers: collect the most cards of the rarest categories; a campaign changes the deck."""

from app.games.stickers.bots import BOTS
from app.games.stickers.rules import Stickers

GAME = Stickers(bots=BOTS)

__all__ = ["GAME", "Stickers"]
