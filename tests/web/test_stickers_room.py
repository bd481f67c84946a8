"""A whole game of Stickers through the real server: a person against a greedy bot, over a
real WebSocket, to the final scores (collections built on the table, the bonus's market cards
gathered, a Question mark's player and category chosen); then the room comes back from its
log after a restart."""

from __future__ import annotations

import random

import pytest

from tests.support.server import LiveServer
from tests.support.tabs import Tab, against_a_bot, normal, play_to_the_end

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_person_plays_stickers_against_a_bot_to_the_end(server: LiveServer) -> None:
    ann, code, cookie = await against_a_bot(server.url, "stickers")
    await ann.until(lambda t: "albums-1" in t.parts and "board" in t.parts)
    assert "Rarity board" in ann.parts["board"] and "Your hand" in ann.parts["hand"]

    sent = await play_to_the_end(ann, random.Random(4))
    assert {"take", "play"} <= {move["kind"] for move in sent}
    assert "Game over" in ann.parts["status"]
    assert any("plays" in line for line in ann.log)
    final = {name: ann.parts[name] for name in ("scores", "albums-0", "albums-1", "board")}
    await ann.close()

    server.kill()  # the finished game must come back from the log alone
    server.start()
    again = await Tab.open(server.url, code, cookie)
    await again.until(lambda t: "scores" in t.parts and "albums-1" in t.parts)
    assert {name: normal(again.parts[name]) for name in final} == {
        name: normal(html) for name, html in final.items()
    }
    await again.close()
