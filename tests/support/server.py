"""A real Gamenight server in a subprocess, on a free port of 127.0.0.1."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from app.db.migrate import upgrade

ROOT = Path(__file__).resolve().parents[2]
STARTUP_S = 60  # the longest a server may take to answer /healthz after it was started


class LiveServer:
    """Starts uvicorn on an inherited socket (no port race) and stops it by its PID.

    `ws` is uvicorn's WebSocket implementation: websockets-sansio, as scripts/serve and the
    image run it (the benchmark may start another to compare).
    """

    def __init__(
        self,
        database_url: str,
        data_dir: Path,
        bot_delay_ms: int = 20,
        ws: str = "websockets-sansio",
        settings: dict[str, str] | None = None,
        factory: str = "app.main:create_app",
        runner: tuple[str, ...] = ("-m", "uvicorn"),
    ) -> None:
        self.database_url = database_url
        self.data_dir = data_dir
        self.bot_delay_ms = bot_delay_ms
        self.ws = ws
        self.settings = settings or {}  # more GAMENIGHT_ variables for this server
        self.factory = factory  # the application factory uvicorn runs (a test's toys)
        self.runner = runner  # what runs uvicorn's command line (a benchmark's timed wrapper)
        self.process: subprocess.Popen[bytes] | None = None
        self._sock: socket.socket | None = None
        self.url = ""
        self.port = 0

    def start(self) -> LiveServer:
        upgrade(self.database_url, quiet=True)
        listen, fds = self._listen()
        command = [
            sys.executable, *self.runner, self.factory, "--factory", *listen,
            "--log-level", "warning", "--ws", self.ws, "--ws-max-size", "65536",
            # As scripts/serve: off unless the host turns it on.
            "--ws-per-message-deflate", os.environ.get("GAMENIGHT_WS_DEFLATE", "false"),
        ]  # fmt: skip
        self.process = subprocess.Popen(command, cwd=ROOT, env=self._environment(), pass_fds=fds)
        self._wait_ready()
        return self

    def _listen(self) -> tuple[list[str], tuple[int, ...]]:
        """Returns uvicorn's listening arguments and the file descriptors to pass it."""
        if self._sock is None:
            self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            # uvicorn --fd treats the socket as a Unix one and skips TCP_NODELAY; on Linux
            # accepted sockets inherit it from the listener, so set it here.
            self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._sock.bind(("127.0.0.1", 0))
            self._sock.set_inheritable(True)
            self.port = self._sock.getsockname()[1]
            self.url = f"http://127.0.0.1:{self.port}"
        return ["--fd", str(self._sock.fileno())], (self._sock.fileno(),)

    def _environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            GAMENIGHT_DATABASE_URL=self.database_url,
            GAMENIGHT_DATA_DIR=str(self.data_dir),
            GAMENIGHT_PUBLIC_ORIGIN=self.url,
            GAMENIGHT_BOT_DELAY_MS=str(self.bot_delay_ms),
        )
        env.update(self.settings)
        return env

    def _wait_ready(self) -> None:
        # Generous: on a loaded 2-core machine importing the app alone took 12 s.
        deadline = time.monotonic() + STARTUP_S
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError("the server exited during start-up")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not answer /healthz within {STARTUP_S} s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def kill(self) -> None:
        """Ends the server abruptly, as a crash would."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def close(self) -> None:
        self.stop()
        if self._sock is not None:
            self._sock.close()
            self._sock = None
