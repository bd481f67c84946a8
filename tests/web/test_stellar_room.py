"""A whole game of Stellar through the real server: a person against a greedy bot, over a
real WebSocket, to the final scores; then the room comes back from its log after a restart."""

from __future__ import annotations

import random
import re

import httpx
import pytest

from tests.support.server import LiveServer
from tests.support.tabs import Tab, against_a_bot, join, normal, play_to_the_end

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_person_plays_stellar_against_a_bot_to_the_end(server: LiveServer) -> None:
    ann, code, cookie = await against_a_bot(server.url, "stellar")
    await ann.until(lambda t: "telescopes-1" in t.parts)

    moves = len(await play_to_the_end(ann, random.Random(3)))
    assert moves >= 12  # a start, 11 turns of at least two moves, the final card
    assert "Rank" in ann.parts["scores"]
    assert "Game over" in ann.parts["status"]
    assert any("notebook" in line for line in ann.log)
    # The game's summary links the history pages, and the game's end summarised it there: one
    # person against a bot, so it is listed but not rated.
    assert 'href="/games/stellar/history"' in ann.parts["summary"]
    assert re.search(r"href=\"/people/\d+\">Ann's games", ann.parts["summary"])
    listed = httpx.get(server.url + "/games/stellar/history").text.split("<h2>Games</h2>")[1]
    assert "not rated" in listed and "Ann" in listed
    # As shown (patched move by move: whitespace beside a deleted element stays, alike).
    final = {name: normal(ann.parts[name]) for name in ("scores", "telescopes-0", "notebooks-1")}
    await ann.close()

    server.kill()  # the finished game must come back from the log alone
    server.start()
    again = await Tab.open(server.url, code, cookie)
    await again.until(lambda t: "scores" in t.parts and "notebooks-1" in t.parts)
    assert {name: normal(again.parts[name]) for name in final} == final
    await again.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_simultaneous_move_is_not_stale_but_a_double_click_is(
    server: LiveServer,
) -> None:
    code, ann_cookie = join(server.url, "Ann", game="stellar")
    _code, bob_cookie = join(server.url, "Bob", code)
    ann = await Tab.open(server.url, code, ann_cookie)
    bob = await Tab.open(server.url, code, bob_cookie)
    await bob.until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
    await bob.send({"cmd": "sit", "seat": 1})
    await ann.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
    await ann.send({"cmd": "start"})
    for tab in (ann, bob):
        await tab.until(lambda t: bool(t.moves()))
    ann_move, bob_move = ann.moves()[0], bob.moves()[0]
    assert ann_move["kind"] == bob_move["kind"] == "start"  # both choose at once

    await bob.send(bob_move)
    await ann.until(lambda t: "placed their starting" in " ".join(t.log))
    await ann.send(ann_move)  # offered before Bob's move, still good: nothing changed for Ann
    await ann.until(lambda t: "Round 1" in " ".join(t.log) and not t.flash_text())
    assert not ann.flash_text()

    status = ann.parts["status"]
    mover = ann if "Ann&#39;s turn" in status or "Ann's turn" in status else bob
    await mover.until(lambda t: any(m["kind"] == "take" for m in t.moves()))
    take = next(m for m in mover.moves() if m["kind"] == "take")
    await mover.send(take)
    await mover.send(take)  # a double click: the second send is refused, nothing changes
    await mover.until(lambda t: bool(t.flash_text()))
    assert "changed before your move" in mover.flash_text()
    other = bob if mover is ann else ann

    def can_play(tab: Tab) -> bool:
        return any(m["kind"] == "telescope" for m in tab.moves())

    await mover.until(lambda t: can_play(t) or "decides about the row" in t.parts["status"])
    if not can_play(mover):  # the take was a satellite: the other player may clear the row
        await other.until(lambda t: any(m["kind"] == "keep" for m in t.moves()))
        await other.send(next(m for m in other.moves() if m["kind"] == "keep"))
    await mover.until(can_play)
    for tab in (ann, bob):
        await tab.close()
