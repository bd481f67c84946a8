"""Builders for Stickers campaign tests: campaign states whose next upgrade is a given one, a
table at its sticker step, and bot games played out through the campaign contract."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from app.games.core import Applied
from app.games.core.rng import Rng
from app.games.stickers import GAME, sticking
from app.games.stickers.campaign import Campaign, Entry
from app.games.stickers.events import Event
from app.games.stickers.state import Phase, StickersState
from app.games.stickers.upgrades import ABILITIES, JOURNAL, UPGRADES, Kind

PEOPLE = ("person:11", "person:12", "person:13", "person:14")


def campaign_before(upgrade: str, people: tuple[str, ...] = PEOPLE[:3]) -> Campaign:
    """Returns a campaign whose next game opens `upgrade`: the journal has the abilities
    before it (and category upgrades between), and the RNG is one that draws it."""
    others = [u for u in UPGRADES if UPGRADES[u].kind is Kind.CATEGORY and u != upgrade]
    opened: list[str] = []
    for kind in JOURNAL:
        done = sum(UPGRADES[u].kind is Kind.ABILITY for u in opened)
        following = ABILITIES[done] if kind is Kind.ABILITY else None
        if following == upgrade or (kind is Kind.CATEGORY and UPGRADES[upgrade].kind is kind):
            break
        opened.append(following or others.pop(0))
    journal = tuple(Entry(n, people, (people[0],), u) for n, u in enumerate(opened, 1))
    base = Campaign(Rng(0), people, people[0], journal)
    for seed in range(200):
        campaign = replace(base, rng=Rng(seed))
        if campaign.next_upgrade()[0] == upgrade:
            return campaign
    raise AssertionError(f"no RNG draws {upgrade}")


def at_sticker_step(state: StickersState, campaign: Campaign, people: tuple[str, ...]) -> Any:
    """Returns a scored table made a campaign game, at its sticker step, with its events."""
    events: list[Event] = []
    state = replace(state, campaign=campaign, people=people, phase=Phase.OVER)
    return sticking.start(state, events), events


def bots_for(players: int, seed: int) -> tuple[str, ...]:
    return tuple("greedy" if (seat + seed) % 3 else "random" for seat in range(players))


def play_out(state: StickersState, seed: int) -> tuple[StickersState, list[Any]]:
    """Plays a game to its end with bots (a mix by the seed); returns its state and log."""
    rng = random.Random(seed)
    bots = bots_for(state.players, seed)
    log: list[Any] = []
    while GAME.active_seats(state):
        seat = rng.choice(sorted(GAME.active_seats(state)))
        move = GAME.bots[bots[seat]](GAME, state, seat, rng)
        log.append((seat, move.to_json()))
        applied = GAME.apply(state, seat, move)
        assert isinstance(applied, Applied), (move, applied)
        state = applied.state
    return state, log
