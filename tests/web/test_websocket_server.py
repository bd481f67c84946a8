"""How the server speaks WebSocket: uvicorn's sans-I/O implementation, deflate as the host says."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.server import ROOT, LiveServer
from tests.support.tabs import Tab, join

_SANSIO = "--ws websockets-sansio"


@pytest.mark.parametrize("launcher", ["scripts/serve", "Dockerfile"])
def test_production_launchers_run_the_sansio_implementation(launcher: str) -> None:
    assert _SANSIO in (ROOT / launcher).read_text()


def test_test_servers_run_the_implementation_production_runs(tmp_path: Path) -> None:
    assert LiveServer("sqlite://", tmp_path).ws == "websockets-sansio"


@pytest.mark.parametrize(("setting", "negotiated"), [("true", True), ("false", False)])
async def test_deflate_is_negotiated_only_when_the_host_turns_it_on(
    setting: str, negotiated: bool, sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMENIGHT_WS_DEFLATE", setting)
    server = LiveServer(sqlite_url, tmp_path).start()
    try:
        code, cookie = join(server.url, "Ann")
        tab = await Tab.open(server.url, code, cookie)  # offers permessage-deflate, as browsers do
        await tab.until(lambda t: "seats" in t.parts)
        extensions = tab.socket.response.headers.get("Sec-WebSocket-Extensions", "")
        assert ("permessage-deflate" in extensions) is negotiated
        await tab.close()
    finally:
        server.close()
