"""The games this server hosts, by id."""

from __future__ import annotations

from typing import Any

from app.games.core import Game
from app.games.for20 import GAME as FOR20
from app.games.four_pints import GAME as FOUR_PINTS
from app.games.speedy_pickers import GAME as SPEEDY_PICKERS
from app.games.stellar import GAME as STELLAR
from app.games.stickers import GAME as STICKERS

GAMES: dict[str, Game[Any]] = {
    game.id: game for game in (FOUR_PINTS, STELLAR, FOR20, SPEEDY_PICKERS, STICKERS)
}


def get_game(game_id: str) -> Game[Any] | None:
    """Returns the game with this id, or None."""
    return GAMES.get(game_id)
