"""Bots for 4 Pints: a random one and a greedy push-your-luck drinker.

The greedy bot decides from `view(state, seat)` and the seat's legal actions
only, so it cannot know anything the seat does not (deck order, removed beers).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from app.games.core.actions import Action
from app.games.core.bots import random_legal
from app.games.core.contract import Bot, Game
from app.games.four_pints.actions import (
    Buy,
    DiscardMoney,
    Elbow,
    KeepSaved,
    Pass,
    Reveal,
    Save,
    SpillOwn,
)
from app.games.four_pints.cards import SPECS, Beer
from app.games.four_pints.state import Phase
from app.games.four_pints.views import BarView, BeerView

Table = Mapping[str, Any]

_RISKY_DRUNKS = 2
"""With this many Drunk cards one more ends the turn and loses all Money: stop revealing."""

_RISKY_REVEALS = 6
"""After this many cards in one turn the bot takes what it can get."""


def greedy(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
    """Returns a push-your-luck move chosen from what the seat can see."""
    legal = game.legal_actions(state, seat)
    table = game.view(state, seat)
    choose = _CHOOSERS.get(table["status"].phase)
    action = choose(table, legal, seat) if choose else None
    return action if action in legal else legal[0]


def _reveal_or_buy(table: Table, legal: Sequence[Action], seat: int) -> Action | None:
    """Returns a buy of the best-value pint once affordable, else reveals until it is risky."""
    bar: BarView = table["bar"]
    buys = {action.slot: action for action in legal if isinstance(action, Buy)}
    wanted = _best_value_slot(bar, range(len(bar.slots)))
    if wanted is not None and wanted in buys:
        return buys[wanted]
    if Reveal() in legal and not _too_risky(table, seat):
        return Reveal()
    affordable = _best_value_slot(bar, buys)
    return buys[affordable] if affordable is not None else Pass()


def _best_value_slot(bar: BarView, slots: Iterable[int]) -> int | None:
    """Returns the slot with the most points per pound (Happy Hour price if any), or None."""
    offers = [(slot, bar.slots[slot]) for slot in slots if bar.slots[slot] is not None]
    if not offers:
        return None
    return max(offers, key=lambda offer: _value_for_money(offer[1]))[0]


def _value_for_money(beer: BeerView | None) -> tuple[float, int]:
    assert beer is not None
    price = beer.discounted if beer.discounted is not None else beer.price
    return beer.points / max(price, 1), beer.points


def _too_risky(table: Table, seat: int) -> bool:
    """Returns True when one more card is likely to cost more than it brings."""
    drunk = table["players"][seat].drunk
    return drunk >= _RISKY_DRUNKS or len(table["purchase"].revealed) >= _RISKY_REVEALS


def _elbow_leader(table: Table, legal: Sequence[Action], seat: int) -> Action | None:
    """Returns an Elbow on the leading opponent's most valuable pint."""
    players = table["players"]
    elbows = [action for action in legal if isinstance(action, Elbow)]
    return max(
        elbows,
        key=lambda elbow: (players[elbow.target].score, _points(elbow.beer)),
        default=None,
    )


def _spill_cheapest(table: Table, legal: Sequence[Action], seat: int) -> Action | None:
    spills = [action for action in legal if isinstance(action, SpillOwn)]
    return min(spills, key=lambda spill: _points(spill.beer), default=None)


def _discard_cheapest(table: Table, legal: Sequence[Action], seat: int) -> Action | None:
    discards = [action for action in legal if isinstance(action, DiscardMoney)]
    return min(discards, key=lambda discard: discard.value, default=None)


def _save_highest(table: Table, legal: Sequence[Action], seat: int) -> Action | None:
    """Returns a save of the highest unused Money card if it beats the saved one."""
    saves = [action for action in legal if isinstance(action, Save)]
    best = max(saves, key=lambda save: save.value, default=None)
    saved = table["players"][seat].saved or 0
    return best if best is not None and best.value > saved else KeepSaved()


def _points(beer: str) -> int:
    return SPECS[Beer(beer)].points


_CHOOSERS: Mapping[str, Callable[[Table, Sequence[Action], int], Action | None]] = {
    Phase.REVEAL: _reveal_or_buy,
    Phase.ELBOW: _elbow_leader,
    Phase.SLIP: _spill_cheapest,
    Phase.DRUNK_SPILL: _spill_cheapest,
    Phase.DRUNK_MONEY: _discard_cheapest,
    Phase.SAVE: _save_highest,
}

BOTS: Mapping[str, Bot] = {"random": random_legal, "greedy": greedy}
