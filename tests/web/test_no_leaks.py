"""Hidden information never reaches a browser: what is rendered for any viewer is the
same whatever the hidden cards are (deck order, removed beers, the RNG's future)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from app.games.core import Refusal, Rng
from app.games.four_pints import GAME
from app.rooms.live import LiveRoom, Match, Player
from app.rooms.store import RoomRow, SeatRow
from app.web.render import make_environment
from app.web.table import parts, render_part, viewer_of

ENV = make_environment()


def room_with(state: Any, players: int) -> LiveRoom:
    row = RoomRow(1, "code", GAME.id, {}, True, 1, "playing")
    seats = [SeatRow(n, n + 1, None) for n in range(players)]
    live = LiveRoom(row, GAME, seats, {n + 1: f"P{n}" for n in range(players)}, None, 0)  # type: ignore[arg-type]
    live.match = Match(1, state, [Player(f"P{n}", n + 1) for n in range(players)])
    return live


def rendered(state: Any, players: int) -> dict[Any, str]:
    """Returns every part's HTML for every viewer (each seat and a spectator)."""
    live = room_with(state, players)
    out = {}
    for person in [*range(1, players + 1), None]:
        viewer = viewer_of(live, person)
        for part in parts(live, viewer):
            out[(person, part.name)] = render_part(ENV, live, viewer, part)
    return out


def perturb_hidden(state: Any, rng: random.Random) -> Any:
    """Returns the state with its hidden cards reshuffled among their hidden places."""
    hidden = list(state.beer_deck) + list(state.removed)
    rng.shuffle(hidden)
    purchase = list(state.purchase_deck)
    rng.shuffle(purchase)
    cut = len(state.beer_deck)
    return replace(
        state,
        beer_deck=tuple(hidden[:cut]),
        removed=tuple(hidden[cut:]),
        purchase_deck=tuple(purchase),
        rng=Rng.from_seed(rng.getrandbits(64)),
    )


def test_rendered_parts_do_not_depend_on_hidden_cards() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        players = 2 + seed % 3
        state = GAME.setup(players, {}, seed)
        for _step in range(60):
            if GAME.result(state) is not None:
                break
            if _step % 5 == 0:
                assert rendered(state, players) == rendered(perturb_hidden(state, rng), players)
                checked += 1
            seat = min(GAME.active_seats(state))
            action = rng.choice(GAME.legal_actions(state, seat))
            applied = GAME.apply(state, seat, action)
            assert not isinstance(applied, Refusal)
            state = applied.state
    assert checked > 50
