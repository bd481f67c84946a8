"""What a move sends to each socket: only the parts whose data changed."""

from __future__ import annotations

import random
import re

from app.games.four_pints import GAME
from app.web.connection import Connection
from tests.support.rooms import ENV, room_with


def test_a_turn_change_resends_the_status_not_the_players_areas() -> None:
    """Whose turn it is lives in the status part (CSS outlines that player's area), so
    passing the turn re-sends one small part instead of two players' areas."""
    rng = random.Random(7)
    live = room_with(GAME, GAME.setup(4, {}, 7), 4)
    watcher = Connection(None, live, None, ENV)  # type: ignore[arg-type]
    live.listeners.add(watcher)
    live._changed()
    watcher._outbox.popleft()  # the first full page
    checked = 0
    for _ in range(400):
        match = live.match
        assert match is not None
        if not GAME.active_seats(match.state):
            break  # the game is over
        seat = next(iter(GAME.active_seats(match.state)))
        before = GAME.public_view(match.state)["players"]
        applied = GAME.apply(match.state, seat, rng.choice(GAME.legal_actions(match.state, seat)))
        assert not isinstance(applied, type(None))
        match.state, match.version = applied.state, match.version + 1  # type: ignore[union-attr]
        live._changed(seating=False)
        # Nothing at all when nothing the watcher sees changed (a part whose data changed
        # but whose HTML did not is not sent: app/web/patches.py).
        sent = (watcher._outbox.popleft() if watcher._outbox else None) or ""
        after_seat = match.state.seat
        if after_seat != seat and GAME.public_view(match.state)["players"] == before:
            assert f'data-turn="{after_seat}"' in sent
            assert not re.search(r'id="players-\d"', sent)
            checked += 1
    assert checked >= 5
