"""The game contract shared by every engine: actions, choices, outcomes, RNG, replay, card
references."""

from app.games.core.actions import Action, ActionCodec
from app.games.core.choices import Choice, Gather, Item, MovesView, OneOf, Pick, Point, Span
from app.games.core.contract import CLOCK, Bot, Game, OptionSpec, Timer, Viewer
from app.games.core.outcome import (
    EVERYONE,
    Applied,
    Event,
    Refusal,
    Result,
    Revealed,
    rank_by,
    tie_broken,
)
from app.games.core.pictures import Picture
from app.games.core.reference import CardEntry, CardGroup, CardReference
from app.games.core.replay import ReplayError, replay
from app.games.core.rng import Rng

__all__ = [
    "CLOCK",
    "EVERYONE",
    "Action",
    "ActionCodec",
    "Applied",
    "Bot",
    "CardEntry",
    "CardGroup",
    "CardReference",
    "Choice",
    "Event",
    "Game",
    "Gather",
    "Item",
    "MovesView",
    "OneOf",
    "OptionSpec",
    "Pick",
    "Picture",
    "Point",
    "Refusal",
    "ReplayError",
    "Result",
    "Revealed",
    "Rng",
    "Span",
    "Timer",
    "Viewer",
    "rank_by",
    "tie_broken",
    "replay",
]
