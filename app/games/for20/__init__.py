"""For20 Cards: smoke materials with papers and legendary tools, first to 20 stoner points."""

from app.games.for20.bots import BOTS
from app.games.for20.rules import For20

GAME = For20(bots=BOTS)

__all__ = ["GAME", "For20"]
