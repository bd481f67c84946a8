"""Settings, read from environment variables prefixed GAMENIGHT_."""

from __future__ import annotations

import os
import secrets
from functools import cached_property
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

_PLACEHOLDERS = {"", "changeme", "change-me", "secret", "please-change-me"}


class Settings(BaseSettings):
    """Everything a host configures: database, secret key, public origin, bot pace."""

    model_config = SettingsConfigDict(env_prefix="GAMENIGHT_")

    database_url: str = "sqlite+aiosqlite:///data/gamenight.db"
    secret_key: str | None = None
    public_origin: str = "http://127.0.0.1:8000"
    data_dir: Path = Path("data")
    bot_delay_ms: int = 700
    away_grace_seconds: float = 60.0  # disconnected this long, a person's seat goes to a bot
    clock_scale: float = 1.0  # multiplies the turn clock presets; tests shorten them
    max_message_bytes: int = 4096
    pictures_kept: int = 1024  # painted pictures kept in memory (see app/rooms/pictures.py)
    # Processes painting pictures (0: one thread of the server's): all cores but the one
    # the event loop needs, started on the first painting.
    painting_workers: int = Field(default_factory=lambda: max(1, _cores() - 1), ge=0)
    gc_guard: bool = True  # automatic full collections off, one every gc_full_seconds
    gc_full_seconds: float = 3600.0  # (see app/gc_guard.py)

    @field_validator("secret_key")
    @classmethod
    def _refuse_placeholder(cls, value: str | None) -> str | None:
        if value is not None and (value.lower() in _PLACEHOLDERS or len(value) < 16):
            raise ValueError("GAMENIGHT_SECRET_KEY must be a real secret of 16+ characters")
        return value

    @cached_property
    def signing_key(self) -> str:
        """Returns the configured secret, or one generated once and kept in the data folder."""
        if self.secret_key:
            return self.secret_key
        path = self.data_dir / "secret_key"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(secrets.token_urlsafe(32))
            path.chmod(0o600)
        return path.read_text().strip()

    @property
    def secure_cookies(self) -> bool:
        return urlsplit(self.public_origin).scheme == "https"


def _cores() -> int:
    """Returns the cores this process may run on (a container's limit, not the host's)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1
