"""The end of the game: everyone chooses a card from their hand, and all are revealed at once.

A revealed card that fits one of its player's collections joins it, with every other card of
that category from the hand; one that fits none stays in the hand (chosen: it scores nothing
either way). No bonus, no action stickers. A player with an empty hand has nothing to choose.
Choices are secret until the last one is made: the state keeps them, views show only who has
chosen. Then the game is scored; a campaign game goes on to its sticker step (`sticking.py`).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.stickers import sticking
from app.games.stickers.events import GameEnded, RevealChosen, Revealed
from app.games.stickers.hooks import Events
from app.games.stickers.scoring import final_result
from app.games.stickers.state import Phase, StickersState, set_seat, without
from app.games.stickers.zones import place


def start_reveal(state: StickersState, events: Events) -> StickersState:
    """Returns the state waiting for the final reveal (or over, if no hand holds a card)."""
    state = replace(state, phase=Phase.REVEAL, pending=(), reveals=(None,) * state.players)
    return _finish(state, events) if not choosing(state) else state


def choosing(state: StickersState) -> frozenset[int]:
    """Returns the seats that still choose their card for the reveal."""
    if state.phase is not Phase.REVEAL:
        return frozenset()
    return frozenset(
        seat for seat in range(state.players) if state.hands[seat] and state.reveals[seat] is None
    )


def choose(state: StickersState, seat: int, card: int, events: Events) -> StickersState:
    """Returns the state with the seat's (secret) choice; the last choice reveals them all."""
    reveals = (*state.reveals[:seat], card, *state.reveals[seat + 1 :])
    state = replace(state, reveals=reveals)
    events.append(RevealChosen(seat))
    return state if choosing(state) else _finish(state, events)


def _finish(state: StickersState, events: Events) -> StickersState:
    for seat, card in enumerate(state.reveals):
        if card is not None:
            state = _reveal(state, seat, card, events)
    state = replace(state, phase=Phase.OVER)
    result = final_result(state)
    events.append(GameEnded(result.scores, result.winners))
    return state if state.campaign is None else sticking.start(state, events)


def _reveal(state: StickersState, seat: int, card: int, events: Events) -> StickersState:
    category = state.card(card).category
    added: tuple[int, ...] = ()
    if state.column(seat, category) is not None:
        others = tuple(c for c in state.hands[seat] if c != card)
        added = (card, *(c for c in others if state.card(c).category is category))
        state = place(set_seat(state, seat, hand=without(state.hands[seat], added)), seat, added)
    events.append(Revealed(seat, card, added))
    return state
