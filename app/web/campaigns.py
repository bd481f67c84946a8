"""A campaign as its page and its export show it: the journal of its games, its members,
and the JSON file that carries it elsewhere (read back, untrusted, as a new campaign).

The export's shape is defined once, by the pydantic models below: the page reads the same
journal entries the file holds, and an import is parsed by them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from app.games.core import Game, Refusal
from app.games.core.i18n import _
from app.rooms.live import Player
from app.rooms.store import CampaignGame, CampaignRow
from app.web.names import MAX_CAMPAIGN_NAME, MAX_NAME, clean_name

FORMAT: Literal["gamenight-campaign"] = "gamenight-campaign"
FORMAT_VERSION: Literal[1] = 1
MAX_EXPORT_BYTES = 2 * 1024 * 1024
"""Chosen: a Stickers campaign (108 cards with their stickers, a journal of a few hundred
games) is well under 200 KB; ten times that still parses in a moment."""

_KEY = r"^(person|bot):\d{1,12}$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Member(_Strict):
    """Someone in a campaign, by the key its state knows them by, with their name."""

    key: str = Field(pattern=_KEY)
    name: str = Field(min_length=1, max_length=MAX_NAME)


class Played(_Strict):
    """One game in a campaign's journal."""

    started_at: datetime
    finished_at: datetime | None = None
    status: Literal["playing", "finished", "abandoned", "unreplayable"]
    version: int | None = Field(default=None, ge=0)  # the campaign version it was set up from
    players: tuple[Member, ...] = Field(max_length=64)  # by seat
    scores: tuple[int, ...] | None = Field(default=None, max_length=64)
    ranks: tuple[int, ...] | None = Field(default=None, max_length=64)
    problem: str | None = Field(default=None, max_length=300)

    @property
    def winners(self) -> tuple[Member, ...]:
        """Returns the players ranked first (several when they share the win)."""
        ranks = self.ranks or ()
        return tuple(p for p, rank in zip(self.players, ranks, strict=False) if rank == 1)


class Export(_Strict):
    """A campaign as a file: its state, who plays it, what it played."""

    format: Literal["gamenight-campaign"]
    format_version: Literal[1]
    name: str = Field(min_length=1, max_length=MAX_CAMPAIGN_NAME)
    game_type: str = Field(min_length=1, max_length=40)
    rules_version: int = Field(ge=1)  # the game's rules when it was exported
    version: int = Field(ge=0)  # the games finished in it
    carry: JsonValue
    members: tuple[Member, ...] = Field(max_length=1000)
    journal: tuple[Played, ...] = Field(max_length=100_000)


def played(game: CampaignGame) -> Played:
    """Returns a stored game of a campaign as its journal entry."""
    players = tuple(Player.from_json(p) for p in game.players)
    result = game.result or {}
    return Played(
        started_at=game.started_at,
        finished_at=game.finished_at,
        status=game.status,  # type: ignore[arg-type]  # the store's statuses are the Literal's
        version=game.version,
        players=tuple(Member(key=p.key, name=p.name) for p in players),
        scores=tuple(result["scores"]) if "scores" in result else None,
        ranks=tuple(result["ranks"]) if "ranks" in result else None,
        problem=game.problem,
    )


class Imported(_Strict):
    """What a campaign was imported with, besides its state: who played it, and how."""

    members: tuple[Member, ...]
    journal: tuple[Played, ...]


def history(document: Export) -> dict[str, Any]:
    """Returns what a campaign imported from a file keeps of it besides its state."""
    return Imported(members=document.members, journal=document.journal).model_dump(mode="json")


def imported(campaign: CampaignRow) -> Imported | None:
    """Returns what the campaign was imported with (members and journal), if it was."""
    if campaign.history is None:
        return None
    return Imported.model_validate(campaign.history)


def journal(campaign: CampaignRow, games: Sequence[CampaignGame]) -> list[Played]:
    """Returns every game of the campaign in order: those it was imported with, then its own."""
    before = imported(campaign)
    return [*(before.journal if before else ()), *(played(game) for game in games)]


def members(campaign: CampaignRow, names: Mapping[int, str]) -> tuple[Member, ...]:
    """Returns the campaign's group here, in the order they joined."""
    return tuple(
        Member(key=f"person:{person}", name=names.get(person, "?")) for person in campaign.members
    )


def people(
    campaign: CampaignRow, group: Iterable[Member], entries: Iterable[Played]
) -> dict[str, str]:
    """Returns a display name for every key the campaign's state may name: the people it was
    imported with, then those who played its games, then its group now (their name now)."""
    before = imported(campaign)
    found = {m.key: m.name for m in before.members} if before else {}
    for entry in entries:
        found.update((p.key, p.name) for p in entry.players)
    found.update((m.key, m.name) for m in group)
    return found


def export(
    campaign: CampaignRow, game: Game[Any], group: Sequence[Member], entries: Sequence[Played]
) -> Export:
    return Export(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        name=campaign.name,
        game_type=campaign.game_type,
        rules_version=game.rules_version,
        version=campaign.version,
        carry=campaign.carry,
        members=tuple(group),
        journal=tuple(entries),
    )


def parse(raw: bytes, games: Mapping[str, Game[Any]]) -> Export | Refusal:
    """Returns an exported campaign read from an untrusted file, or why it cannot be
    imported: too big, not a campaign file, a game this server lacks or that has no
    campaigns, a name it cannot show, or a state its game refuses."""
    if len(raw) > MAX_EXPORT_BYTES:
        return Refusal(
            _("The file is too big to be a campaign: at most {limit} KB."),
            {"limit": MAX_EXPORT_BYTES // 1024},
        )
    try:
        found = Export.model_validate_json(raw)
    except ValidationError as error:
        return Refusal(
            _("The file is not a Gamenight campaign ({problem})."), {"problem": _first(error)}
        )
    game = games.get(found.game_type)
    if game is None:
        return Refusal(_("This server has no game {game}."), {"game": found.game_type})
    if not game.campaigns:
        return Refusal(_("{game} has no campaigns."), {"game": game.name})
    if clean_name(found.name, MAX_CAMPAIGN_NAME) != found.name:
        return Refusal(_("The campaign's name cannot be shown as it is."))
    why = game.check_carry(found.carry, tuple(m.key for m in found.members))
    if why is not None:
        reason = _("{game} cannot play this campaign: {why}")
        return Refusal(reason, {"game": game.name, "why": why})
    return found


def _first(error: ValidationError) -> str:
    """Returns the first thing wrong in a file, where it is and what, for a person to read."""
    problem = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in problem["loc"]) or "the file"
    return f"{where}: {problem['msg']}"
