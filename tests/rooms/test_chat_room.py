"""A chat line in a live room: committed, then kept and announced, and nothing of the game
moves: its state, version, stamps and log, and the room's revision, stay as they were."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.games.four_pints import GAME
from app.rooms.live import LiveRoom, Match, Player
from app.rooms.store import RoomRow, SeatRow


class ChatStore:
    def __init__(self) -> None:
        self.lines: list[tuple[Any, ...]] = []

    async def add_chat(self, *line: Any) -> int:
        assert isinstance(line[-1], datetime)
        self.lines.append(line)
        return len(self.lines)

    async def person_names(self, ids: Any) -> dict[int, str]:
        return {person: f"P{person}" for person in ids}


class Tab:
    def __init__(self, person_id: int | None) -> None:
        self.person_id = person_id
        self.told = 0

    def changed(self) -> None:
        self.told += 1


async def test_a_line_is_stored_with_its_game_and_move_and_changes_nothing_else() -> None:
    store = ChatStore()
    row = RoomRow(1, "code", GAME.id, {}, True, 1, "playing")
    seats = [SeatRow(0, 1, None), SeatRow(1, 2, None)]
    live = LiveRoom(row, GAME, seats, {1: "Ann", 2: "Bob"}, store, 0)  # type: ignore[arg-type]
    state = GAME.setup(2, {}, 3)
    live.match = match = Match(7, state, [Player("Ann", 1), Player("Bob", 2)], version=4)
    match.stamps = {0: 4, 1: 3}
    tab = Tab(2)
    live.listeners.add(tab)
    before = (live.revision, live.seating_generation, dict(match.stamps), list(match.log))
    assert await live.handle(2, {"cmd": "say", "text": "nice one"}) is None
    assert await live.handle(1, {"cmd": "react", "reaction": "fire"}) is None
    assert [line[:-1] for line in store.lines] == [
        (1, 7, 4, 2, "message", "nice one"),
        (1, 7, 4, 1, "reaction", "fire"),
    ]
    assert [(line.name, line.text, line.after) for line in live.chat.lines] == [
        ("Bob", "nice one", 4),
        ("Ann", "fire", 4),
    ]
    assert tab.told == 2
    assert match.state is state and match.version == 4 and match.result is None
    assert (live.revision, live.seating_generation, match.stamps, match.log) == before


async def test_a_watcher_line_is_refused_and_stores_nothing() -> None:
    store = ChatStore()
    row = RoomRow(1, "code", GAME.id, {}, True, 1, "open")
    live = LiveRoom(row, GAME, [SeatRow(0, 1, None)], {1: "Ann"}, store, 0)  # type: ignore[arg-type]
    refusal = await live.handle(5, {"cmd": "say", "text": "hi"})
    assert refusal is not None and "only the players" in refusal.text()
    assert store.lines == [] and list(live.chat.lines) == []
