"""A toy campaign game, Tally, and a server that hosts it: what any game with campaigns uses
of the core and the web layer, without Stickers.

Two seats press in turn; the last to press wins. Each game adds its winner to the
campaign's tally, kept by person whatever seat they take, and counts the campaign's games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from fastapi import FastAPI

from app.games.core import Action, ActionCodec, Applied, Game, Refusal, Result
from app.games.core.bots import random_legal
from app.games.core.i18n import _
from app.main import create_app
from tests.support import toys


@dataclass(frozen=True, slots=True)
class Press(Action):
    kind: ClassVar[str] = "press"


@dataclass(frozen=True, slots=True)
class Tally:
    people: tuple[str, ...]
    wins: tuple[tuple[str, int], ...]  # the campaign's wins so far, by person
    games: int  # games of the campaign finished before this one
    presses: int = 0


class TallyGame(Game[Tally]):
    """Two seats press in turn; the last to press wins. Each game adds its winner to the
    campaign's tally, kept by person whatever seat they take."""

    LENGTH = 3
    id = "tally"
    name = "Tally"
    min_players = 2
    max_players = 2
    codec = ActionCodec(Press)
    bots = {"random": random_legal}
    campaigns = True

    def check_carry(self, carry: Any, people: tuple[str, ...]) -> str | None:
        if carry is not None and not (
            isinstance(carry, dict)
            and isinstance(carry.get("wins"), dict)
            and isinstance(carry.get("games"), int)
        ):
            return _("This campaign's tally is damaged.")
        return None

    def carry_in(self, carry: Any, people: tuple[str, ...]) -> Any:
        carry = carry or {"wins": {}, "games": 0}
        return {"people": list(people), "wins": carry["wins"], "games": carry["games"]}

    def setup(self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None):
        carry = carry or {"people": [], "wins": {}, "games": 0}
        return Tally(tuple(carry["people"]), tuple(sorted(carry["wins"].items())), carry["games"])

    def active_seats(self, state: Tally) -> frozenset[int]:
        return frozenset() if state.presses >= self.LENGTH else frozenset({state.presses % 2})

    def legal_actions(self, state: Tally, seat: int) -> tuple[Action, ...]:
        return (Press(),) if seat in self.active_seats(state) else ()

    def apply(self, state: Tally, seat: int, action: Action) -> Applied[Tally] | Refusal:
        if action not in self.legal_actions(state, seat):
            return Refusal("It is not your turn.")
        return Applied(replace(state, presses=state.presses + 1))

    def public_view(self, state: Tally) -> Mapping[str, Any]:
        return {"status": (state.presses, self.LENGTH, state.games)}

    def private_view(self, state: Tally, viewer: int | None) -> Mapping[str, Any]:
        return {}

    def result(self, state: Tally) -> Result | None:
        if state.presses < self.LENGTH:
            return None
        winner = (self.LENGTH - 1) % 2
        wins = dict(state.wins)
        key = state.people[winner]
        wins[key] = wins.get(key, 0) + 1
        carry = {"wins": wins, "games": state.games + 1}
        scores = (1, 0) if winner == 0 else (0, 1)
        return Result(scores, (1, 2) if winner == 0 else (2, 1), (), carry)

    def campaign_view(self, carry: Any) -> Mapping[str, Any]:
        wins = (carry or {}).get("wins", {})
        return {"tally": tuple(sorted(wins.items(), key=lambda item: (-item[1], item[0])))}


TALLY = TallyGame()
GAMES: Mapping[str, Game[Any]] = {TALLY.id: TALLY, **toys.GAMES}  # Sky has no campaigns


def create_campaign_toy_app() -> FastAPI:
    """The application serving Tally and Sky (for `LiveServer(factory=...)`)."""
    return create_app(games=GAMES, painters=toys.painters(), templates=[toys.TEMPLATES])
