"""Bots for Speedy Pickers: searchers with a skill level, which also sell and play powers.

An engine has no clock, so a bot's speed is how often it finds something per call: the
server's bot scheduler calls it every so often during the search, and each call either marks
one tile (found now) or keeps looking (`Look`). A bot is the server's own player: it does not
look at pixels, it states what its magnifier lands on — the tile's object, or nothing when it
errs — and its point is the scene's centre. Nothing of that reaches a person's view but the
tile it claimed, as for any player. Its randomness is the server's `random.Random`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.games.core.actions import Action
from app.games.core.contract import Bot, Game
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.cards import CARDS, VICTIM_POWERS, Kind, Power
from app.games.speedy_pickers.objects import BY_KEY
from app.games.speedy_pickers.scoring import OBJECT_EUROS, score
from app.games.speedy_pickers.state import Phase, SpeedyState

POWER_WORTH = 15
"""What a bot reckons a power is worth in euros when it is bought before the last turn."""

_HANDICAP = 0.7
"""Each power an opponent played on the bot's scene multiplies its finding chance by this."""


@dataclass(frozen=True, slots=True)
class Skill:
    """How a searcher searches: the chance per call to find an object, the chance that a find
    is wrong, and the chance per call to stop early (expert) once it has 2 marks."""

    find: float
    err: float
    stop: float


SKILLS: Mapping[str, Skill] = {
    "beginner": Skill(find=0.12, err=0.2, stop=0.02),
    "expert": Skill(find=0.3, err=0.05, stop=0.05),
}
"""Chosen: with the server calling a bot about once a second, a beginner finds an object
about every 8 s and errs one time in five; an expert finds one about every 3 s."""


def searcher(skill: Skill) -> Bot:
    """Returns a bot that searches with this skill, sells greedily and plays its powers."""

    def play(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
        legal = game.legal_actions(state, seat)
        if state.phase is Phase.PREPARE:
            action = _power(state, seat, legal)
        elif state.phase is Phase.SEARCH:
            action = _search(state, seat, legal, skill, rng)
        else:
            action = _sell(state, seat, legal)
        return action if action in legal else legal[0]

    return play


def _search(
    state: SpeedyState, seat: int, legal: Sequence[Action], skill: Skill, rng: random.Random
) -> Action:
    """Returns a mark now and then, else keeps looking; stops early now and then (expert)."""
    effects = state.player(seat).effects
    struck = effects.rotated + (effects.cloth is not None) + effects.low_res
    marks = [a for a in legal if isinstance(a, act.Mark)]
    if marks and rng.random() < skill.find * _HANDICAP**struck:
        reserved = state.player(seat).reserved
        tiles = sorted({mark.tile for mark in marks}, key=lambda t: (t != reserved, t))
        tile = tiles[0] if tiles[0] == reserved else rng.choice(tiles)
        hit = "" if rng.random() < skill.err else tile
        return next(m for m in marks if m.tile == tile and m.hit == hit)
    if act.Stop() in legal and len(state.player(seat).marks) >= 2 and rng.random() < skill.stop:
        return act.Stop()
    return act.Look()


def _power(state: SpeedyState, seat: int, legal: Sequence[Action]) -> Action:
    """Returns a power played on the leading opponent, a reserve of the first tile, an extra
    magnifier; Ready once none is left."""
    plays = [a for a in legal if isinstance(a, act.PlayPower)]
    if not plays:
        return act.Ready()
    leader = _leader(state, seat)
    for play in plays:
        power = CARDS[play.card].power
        if power not in VICTIM_POWERS or play.target == leader:
            return play
    return plays[0]


def _leader(state: SpeedyState, seat: int) -> int:
    """Returns the opponent with the highest score, the lowest seat among equals."""
    opponents = [s for s in range(state.players) if s != seat]
    return max(opponents, key=lambda s: (score(state, state.player(s)), -s))


def _sell(state: SpeedyState, seat: int, legal: Sequence[Action]) -> Action:
    """Returns the buy that gains most over keeping its objects, Double Dose first when two
    buys are worth it; else Done or Pass."""
    buys = sorted(
        ((_gain(state, seat, a), a) for a in legal if isinstance(a, act.Buy)),
        key=lambda pair: -pair[0],
    )
    worth = [buy for gain, buy in buys if gain > 0]
    dose = [a for a in legal if isinstance(a, act.PlayPower)]
    if dose and len(worth) >= 2:
        return dose[0]
    if worth:
        return worth[0]
    return act.Done() if act.Done() in legal else act.Pass()


def _gain(state: SpeedyState, seat: int, buy: act.Buy) -> float:
    """Returns what a buy gains in euros over keeping its objects; an Action card paid with
    the category the seat has most of."""
    card = CARDS[buy.card]
    gain: float = card.euros - OBJECT_EUROS * card.objects
    if card.kind is Kind.ACTION:
        useful = state.turn < 5 or card.power is Power.DOUBLE_DOSE
        gain += POWER_WORTH if useful else 0
        kept = [BY_KEY[tile].category.value for tile in state.player(seat).kept]
        most = max(set(kept), key=lambda c: (kept.count(c), c)) if kept else ""
        if buy.category != most:
            gain -= 0.5  # pay with the category held most: it leaves more for Collector cards
    return gain


BOTS: Mapping[str, Bot] = {name: searcher(skill) for name, skill in SKILLS.items()}
