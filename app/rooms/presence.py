"""When somebody was last at a room's table, kept cheaply, and when a room counts as abandoned.

Noted in memory whenever a tab connects to the room or leaves it, and written to the room's
row at most once a `WRITE_EVERY`: never on a move. With a day's threshold, a minute's
staleness in the row changes nothing."""

from __future__ import annotations

ABANDONED_AFTER = 24 * 60 * 60.0
"""Chosen: a room nobody has been at for a day is abandoned (the issue's "a day")."""

WRITE_EVERY = 60.0
"""At most one write of a room's last seen time a minute, however often tabs come and go."""


class Presence:
    """A room's last seen time: when a tab of it last connected or left."""

    def __init__(self, seen_at: float) -> None:
        self.seen_at = seen_at
        self._written = seen_at  # what the room's row holds

    def note(self, now: float) -> bool:
        """Notes a tab connecting or leaving now; returns whether the row is due a write."""
        self.seen_at = max(self.seen_at, now)
        if now - self._written < WRITE_EVERY:
            return False
        self._written = now
        return True

    def abandoned(self, anyone_here: bool, now: float) -> bool:
        """Returns whether nobody is here and nobody was for ABANDONED_AFTER."""
        return not anyone_here and now - self.seen_at >= ABANDONED_AFTER
