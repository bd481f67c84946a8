"""Bad input gets a clear error, the connection stays, and nothing changes."""

from __future__ import annotations

import json

import httpx
import pytest
import websockets

from app.identity import COOKIE
from tests.support.server import LiveServer
from tests.support.tabs import Tab, join
from tests.web.test_realtime import mover, seated_game

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


async def refused(tab: Tab, payload: dict | str) -> str:
    """Sends a payload and returns the error shown to this tab."""
    tab.parts.pop("flash", None)
    await tab.send(payload)
    await tab.until(lambda t: bool(t.flash_text()))
    return tab.flash_text()


async def assert_unchanged_and_alive(active: Tab, other: Tab, snapshot: dict[str, str]) -> None:
    """Checks no part moved, then that a legal move still works on the same sockets."""
    await other.drain(0.2)
    for name in ("bar", "purchase", "players-0", "players-1", "scores", "status"):
        assert other.parts[name] == snapshot[name], name
    reveal = next(m for m in active.moves() if m["kind"] == "reveal")
    before = other.parts["purchase"]
    await active.send(reveal)
    await other.until(lambda t: t.parts["purchase"] != before)


BAD_MESSAGES = [
    ("not json at all", "could not be understood"),
    ("[1, 2, 3]", "could not be understood"),
    ('"a string"', "could not be understood"),
    (json.dumps({"cmd": "act", "kind": "reveal", "pad": "x" * 5000}), "too large"),
    ({"cmd": "fly"}, "Unknown command"),
    ({"kind": "reveal"}, "Unknown command"),
]


async def test_malformed_oversized_and_unknown_messages(server: LiveServer) -> None:
    _code, ann, bob = (await seated_game(server))[:3]
    active, other = mover(ann, bob)
    await other.drain()
    snapshot = dict(other.parts)
    for message, expected in BAD_MESSAGES:
        assert expected in await refused(active, message)
    await assert_unchanged_and_alive(active, other, snapshot)


async def test_moves_out_of_turn_forged_or_unknown_are_refused(server: LiveServer) -> None:
    _code, ann, bob = (await seated_game(server))[:3]
    active, other = mover(ann, bob)
    await other.drain()
    snapshot = dict(other.parts)
    version = active.version()
    cases = [
        (other, {"cmd": "act", "kind": "reveal", "v": version}, "not your turn"),
        # The seat comes from the cookie; a seat field in the message is ignored.
        (other, {"cmd": "act", "kind": "reveal", "v": version, "seat": 0}, "not your turn"),
        (active, {"cmd": "act", "kind": "teleport", "v": version}, "not a move"),
        (active, {"cmd": "act", "kind": "buy", "slot": 99, "v": version}, ""),
        (active, {"cmd": "act", "kind": "buy", "slot": "x", "v": version}, "makes no sense"),
        (active, {"cmd": "act", "kind": "buy", "v": version}, "missing"),
        (active, {"cmd": "act", "kind": "reveal", "v": version - 1}, "changed before"),
        (active, {"cmd": "act", "kind": "reveal"}, "changed before"),
        (ann, {"cmd": "start"}, "game has started"),  # Ann is the host
        (bob, {"cmd": "bot", "seat": 1, "bot": "greedy"}, "Only the host"),
    ]
    for tab, payload, expected in cases:
        text = await refused(tab, payload)
        assert expected.lower() in text.lower(), (payload, text)
    await active.drain()
    await assert_unchanged_and_alive(active, other, snapshot)


async def test_websocket_from_another_site_is_refused(server: LiveServer) -> None:
    code, cookie = join(server.url, "Ann")
    url = server.url.replace("http://", "ws://") + f"/ws/r/{code}"
    for origin in ("https://evil.example", None):
        headers = {"Cookie": f"{COOKIE}={cookie}"}
        if origin:
            headers["Origin"] = origin
        with pytest.raises(websockets.exceptions.InvalidStatus):
            async with websockets.connect(url, additional_headers=headers) as socket:
                await socket.recv()


async def test_unknown_room_socket_is_refused(server: LiveServer) -> None:
    with pytest.raises(websockets.exceptions.InvalidStatus):
        await Tab.open(server.url, "no-such-room", None)


async def test_forged_cookie_is_a_spectator(server: LiveServer) -> None:
    code, cookie = join(server.url, "Ann")
    tab = await Tab.open(server.url, code, cookie[:-2] + "xx")
    await tab.until(lambda t: "controls" in t.parts)
    assert "Join with a name" in tab.parts["controls"]
    assert "Join the room" in await refused(tab, {"cmd": "sit", "seat": 1})


def test_cross_site_form_post_is_refused(server: LiveServer) -> None:
    response = httpx.post(
        f"{server.url}/rooms",
        data={"game_id": "four-pints", "name": "Eve"},
        headers={"Origin": "https://evil.example"},
    )
    assert response.status_code == 403
    assert httpx.post(f"{server.url}/rooms", data={"game_id": "four-pints"}).status_code == 403


def test_pages_carry_a_strict_content_security_policy(server: LiveServer) -> None:
    response = httpx.get(f"{server.url}/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "<script>" not in response.text and " on" + "click=" not in response.text


def test_user_text_is_escaped(server: LiveServer) -> None:
    name = "<b>x</b>"
    code, cookie = join(server.url, name)
    page = httpx.get(f"{server.url}/r/{code}", cookies={COOKIE: cookie})
    assert "<b>x</b>" not in page.text and "&lt;b&gt;x&lt;/b&gt;" in page.text


@pytest.mark.parametrize(
    "payload",
    [
        {"game_id": "nope", "name": "A"},
        {"game_id": "four-pints"},
        {"game_id": "four-pints", "name": "A", "clock": "glacial"},
    ],
)
def test_bad_room_forms_are_refused(server: LiveServer, payload: dict) -> None:
    response = httpx.post(f"{server.url}/rooms", data=payload, headers={"Origin": server.url})
    assert response.status_code in (400, 404)
