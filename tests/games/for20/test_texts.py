"""Log lines: every event in words, led by its operation numbers."""

from __future__ import annotations

import dataclasses

from app.games.for20 import GAME
from app.games.for20 import events as module
from app.games.for20.events import For20Event, GameEnded, Recycled, Smoked, ToolPlayed

from .tables import NAMES
from .test_playouts import play_game


def test_every_event_class_has_words() -> None:
    from app.games.for20.texts import _DESCRIBERS

    classes = {
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, For20Event) and value is not For20Event
    }
    assert classes == set(_DESCRIBERS)


def test_lines_start_with_their_op_numbers() -> None:
    assert GAME.describe(Smoked(0, (102,), (7, 8), 5, 9), NAMES) == (
        "OP 04 · OP 05 · Ann smokes Skunk (2), Skunk (2) with Bong: 5 stoner points (9 in all)."
    )
    assert GAME.describe(Recycled(1, 86, 1), NAMES).startswith("OP 08 · OP 21 · Bob discards")


def test_every_line_of_a_game_is_plain_text() -> None:
    _state, log = play_game(4, 3)
    state = GAME.setup(4, {"starting_materials": True, "window_seconds": 8}, 3)
    seen = set()
    for seat, payload in log:
        applied = GAME.apply(state, seat, GAME.codec.decode(payload))
        for event in applied.events:
            line = GAME.describe(event, NAMES)
            assert line and "{" not in line and type(event).__name__ not in line
            seen.add(type(event))
        state = applied.state
    assert len(seen) > 15
    assert all(dataclasses.is_dataclass(event) for event in seen)


def test_putting_a_tool_into_the_area_is_logged_with_op04() -> None:
    assert GAME.describe(ToolPlayed(0, 102), NAMES) == "OP 04 · Ann puts the Bong into their area."


def test_every_move_of_a_player_logs_an_op_number() -> None:
    for players, seed in ((2, 1), (4, 3), (6, 5)):
        _state, log = play_game(players, seed)
        state = GAME.setup(
            players, {"starting_materials": seed % 2 == 1, "window_seconds": 8}, seed
        )
        for seat, payload in log:
            applied = GAME.apply(state, seat, GAME.codec.decode(payload))
            events = applied.events
            if (
                seat >= 0
                and payload["kind"] not in ("pass", "answer")
                and not any(isinstance(event, GameEnded) for event in events)
            ):
                assert any(event.ops() for event in events), (payload, events)
            state = applied.state
