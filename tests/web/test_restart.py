"""A server restart mid-game loses nothing: the room comes back from its log."""

from __future__ import annotations

from tests.support.server import LiveServer
from tests.support.tabs import Tab, normal
from tests.web.test_realtime import mover, seated_game


async def play(ann: Tab, bob: Tab, moves: int) -> None:
    """Plays a few moves, preferring reveals, waiting for each to land."""
    for _ in range(moves):
        active, _other = mover(ann, bob)
        offered = active.moves()
        if not offered:
            return
        version = active.version()
        await active.send(next((m for m in offered if m["kind"] == "reveal"), offered[0]))
        await ann.until(lambda t, v=version: t.version() != v or not t.moves(), 5)
        await ann.drain(0.1)
        await bob.drain(0.1)


async def test_killed_server_comes_back_with_every_committed_move(server: LiveServer) -> None:
    code, ann, bob, ann_cookie, bob_cookie = await seated_game(server)
    await play(ann, bob, 6)
    await ann.drain(0.3)
    before = dict(ann.parts)
    log_before = list(ann.log)
    server.kill()  # no clean shutdown: only what was committed survives
    server.start()
    again = await Tab.open(server.url, code, ann_cookie)
    await again.until(lambda t: "scores" in t.parts)
    await again.drain()
    for part in ("status", "bar", "purchase", "players-0", "players-1", "scores", "actions"):
        assert normal(again.parts[part]) == normal(before[part]), part
    assert again.log == log_before
    # And the game goes on from there.
    bob_again = await Tab.open(server.url, code, bob_cookie)
    await bob_again.until(lambda t: "players-1" in t.parts)
    await play(again, bob_again, 2)
    await again.close()
    await bob_again.close()
