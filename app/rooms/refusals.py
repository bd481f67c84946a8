"""The refusals a room gives alike for its table's commands (app.rooms.live) and for its
chat (app.rooms.chat): one message each, written once."""

from __future__ import annotations

from app.games.core import Refusal
from app.games.core.i18n import _

HOST_ONLY = Refusal(_("Only the host can do that."))
NAMELESS = Refusal(_("Join the room with a name first."))
