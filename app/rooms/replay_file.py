"""A game as a file: everything that rebuilds it (seed, options, players, rules version, the
set-up's carry, the actions with their seats) as JSON, with the room's chat while it was
played, to share it or attach it to a bug report, and read back only after it has been
checked and replayed. The chat is optional: files written before it are read as they were."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from app.games.core import CLOCK, Game, Refusal
from app.games.core.i18n import _
from app.rooms.chat import MESSAGE, REACTION, REACTIONS, clean
from app.rooms.replays import CannotReplay, Recording, Timeline, rebuild
from app.rooms.store import ChatLine

FORMAT = "gamenight-replay"
VERSION = 1
MAX_BYTES = 2_000_000  # a 500-move game is about 40 KB; room for the longest of games
MAX_ACTIONS = 5_000  # ten times the longest bot game seen; rebuilt in under 0.3 s on the loop
MAX_CHAT = 5_000  # lines: at most one per 2 s per person, so hours of a busy table
_MAX_SEED = 2**64
_KEYS = {"format", "version", "game", "rules_version", "seed", "options", "players", "carry"}


def export(game: Game[Any], recorded: Recording) -> dict[str, Any]:
    """Returns the file's JSON data for a recorded game. Players keep their names and bots,
    not who they are on this server."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "rules_version": recorded.rules_version,
        "seed": recorded.seed,
        "options": dict(recorded.options),
        "players": [
            {"name": name, "bot": player.get("bot")}
            for name, player in zip(recorded.names, recorded.players, strict=True)
        ],
        "carry": recorded.carry,
        "actions": [{"seat": seat, "action": dict(action)} for seat, action in recorded.actions],
        "chat": [
            {"after": line.after, "at": line.at, "name": line.name, "kind": line.kind,
             "text": line.text}
            for line in recorded.chat
        ],
    }  # fmt: skip


def read(data: bytes, games: Mapping[str, Game[Any]]) -> tuple[Recording, Timeline] | Refusal:
    """Returns the recording a file holds, replayed, or why it is refused: too large, not
    JSON, not this shape, an unknown game, other rules, or a log that does not replay here."""
    if len(data) > MAX_BYTES:
        return Refusal(_("The file is too large (at most {limit} bytes)."), {"limit": MAX_BYTES})
    try:
        found = json.loads(data)
    except (ValueError, RecursionError):
        return Refusal(_("The file is not JSON."))
    shape = _shape(found)
    if shape is not None:
        return Refusal(_("The file is not a Gamenight replay: {why}."), {"why": shape})
    game = games.get(found["game"])
    if game is None:
        return Refusal(
            _("The file is of a game this server does not know: {game}."), {"game": found["game"]}
        )
    options = game.validate_options(found["options"])
    if isinstance(options, Refusal):
        return options
    players = found["players"]
    if not game.min_players <= len(players) <= game.max_players:
        return Refusal(
            _("{game} is played by {low} players; the file has {count}.")
            if game.min_players == game.max_players
            else _("{game} is played by {low}–{high} players; the file has {count}."),
            {"game": game.name, "low": game.min_players, "high": game.max_players,
             "count": len(players)},
        )  # fmt: skip
    actions = tuple((entry["seat"], entry["action"]) for entry in found["actions"])
    if any(not (seat == CLOCK or 0 <= seat < len(players)) for seat, _action in actions):
        return Refusal(_("The file is not a Gamenight replay: {why}."), {"why": _("a seat")})
    recorded = Recording(
        game.id,
        found["seed"],
        options,
        tuple({"name": p["name"], "bot": _text(p.get("bot"))} for p in players),
        found["rules_version"],
        found["carry"],
        actions,
        over=True,  # whoever has the file has the seed: nothing in it is hidden any more
        chat=_chat(found.get("chat", [])),
    )
    try:
        return recorded, rebuild(game, recorded)
    except CannotReplay as error:
        return error.refusal
    except Exception:  # noqa: BLE001 - a set-up from a stranger's carry may fail any way
        return Refusal(_("The game in the file cannot be set up on this server."))


def _shape(found: Any) -> str | None:
    """Returns what is wrong with the file's shape (in plain words), or None."""
    if not isinstance(found, dict) or not _KEYS <= found.keys() or "actions" not in found:
        return _("a field is missing")
    if found["format"] != FORMAT or found["version"] != VERSION:
        return _("another format or version")
    if not isinstance(found["game"], str) or not _whole(found["rules_version"]):
        return _("the game or its rules version")
    if not _whole(found["seed"]) or not 0 <= found["seed"] < _MAX_SEED:
        return _("the seed")
    if not isinstance(found["options"], dict):
        return _("the options")
    players = found["players"]
    if not isinstance(players, list) or not all(
        isinstance(p, dict) and isinstance(p.get("name"), str) and 0 < len(p["name"]) <= 40
        for p in players
    ):
        return _("the players")
    actions = found["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        return _("the actions")
    for entry in actions:
        if not (
            isinstance(entry, dict)
            and _whole(entry.get("seat"))
            and isinstance(entry.get("action"), dict)
        ):
            return _("an action")
    chat = found.get("chat", [])
    if not isinstance(chat, list) or len(chat) > MAX_CHAT:
        return _("the chat")
    if not all(_chat_line(line, len(actions)) for line in chat):
        return _("a line of the chat")
    return None


def _chat_line(line: Any, moves: int) -> bool:
    """Returns whether a file's chat line is one this server could have written."""
    if not isinstance(line, dict) or not _whole(line.get("after")):
        return False
    name, text, at = line.get("name"), line.get("text"), line.get("at", 0.0)
    if not (0 <= line["after"] <= moves and _number(at)):
        return False
    if not (isinstance(name, str) and 0 < len(name) <= 40):
        return False
    if line.get("kind") == REACTION:
        return text in REACTIONS
    return line.get("kind") == MESSAGE and clean(text) == text


def _chat(lines: list[dict[str, Any]]) -> tuple[ChatLine, ...]:
    """Returns a checked file's chat lines (numbered in order; they name nobody here)."""
    return tuple(
        ChatLine(n, 0, line["name"], line["kind"], line["text"], float(line.get("at", 0.0)),
                 None, line["after"])
        for n, line in enumerate(lines, start=1)
    )  # fmt: skip


def _text(value: Any) -> str | None:
    return value[:20] if isinstance(value, str) else None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
