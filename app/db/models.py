"""The database schema: people, rooms, seats, games, the action log, final scores, the
campaigns whose state outlives their games, and the rooms' chat.

Schema changes go through Alembic migrations in `migrations/`; never create
tables from these models outside tests.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def new_code() -> str:
    """Returns an unguessable code for a page reached by its link (72 random bits)."""
    return secrets.token_urlsafe(9)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Person(Base):
    """Someone who joined with a display name; a signed cookie carries their id."""

    __tablename__ = "people"

    id: Mapped[int] = mapped_column(primary_key=True)
    display_name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Room(Base):
    """A table for one game, reached by its unguessable invite code."""

    __tablename__ = "rooms"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    game_type: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    listed: Mapped[bool] = mapped_column(default=False)  # in the lobby only if the host says
    host_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    status: Mapped[str] = mapped_column(String(16), default="open")  # open, playing, finished
    # The turn clock's preset (app/games/core/clock.py), for every game in the room.
    clock: Mapped[str] = mapped_column(String(16), default="off", server_default="off")
    # The campaign whose next games this room plays, if any: each starts from its state.
    campaign_id: Mapped[int | None] = mapped_column(
        ForeignKey("campaigns.id"), nullable=True, default=None
    )
    # Whether people who play no seat may write in the room's chat (the host's choice).
    chat_watchers: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # When somebody was last at the table (connected or leaving), written at most once a
    # minute (app/rooms/presence.py): a room nobody was at for a day is abandoned.
    last_seen_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )


class Campaign(Base):
    """State that outlives its games: a line of games of one kind, each set up from what the
    one before left (its result's `carry`), played by a group of people over many evenings.

    `version` counts the games that finished in it. A game is set up from one version and
    its end writes the next one only if the campaign is still at that version, so two tabs
    or two servers finishing games set up from the same state can never both write it.
    """

    __tablename__ = "campaigns"

    id: Mapped[int] = mapped_column(primary_key=True)
    # Its page's address: unguessable like a room's invite code, since the page is open to
    # anyone who has the link.
    code: Mapped[str] = mapped_column(String(32), unique=True, default=new_code)
    game_type: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(60))
    version: Mapped[int] = mapped_column(Integer, default=0)
    carry: Mapped[Any] = mapped_column(JSON, nullable=True, default=None)
    # What it was imported with, from its export: {"members": [...], "journal": [...]}, the
    # games it had before it came here, shown before its own; None for one begun here.
    history: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class CampaignMember(Base):
    """A person in a campaign's group, in the order they joined it."""

    __tablename__ = "campaign_members"
    __table_args__ = (UniqueConstraint("campaign_id", "person_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaigns.id", ondelete="CASCADE"), index=True
    )
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Seat(Base):
    """A chair at a room's table: empty, a person, or a bot."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("room_id", "seat_no"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    seat_no: Mapped[int] = mapped_column(Integer)
    person_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"), default=None)
    bot: Mapped[str | None] = mapped_column(String(20), default=None)


class GameRecord(Base):
    """One game played in a room: what it needs to be replayed, and how it ended."""

    __tablename__ = "games"
    # A game's history page lists its games newest first.
    __table_args__ = (Index("ix_games_game_type_id", "game_type", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    game_type: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # per seat: name, person, bot
    carry: Mapped[Any] = mapped_column(JSON, nullable=True, default=None)
    # The turn clock's figures this game runs with ({"bank": s, "allowance": s}), None if off:
    # kept with the game so a restored game's clocks never depend on today's presets.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, default=None)
    # playing, finished, or unreplayable: its log does not replay on this server's rules
    # (`problem` says why); it is kept as it was stored, never cut short.
    status: Mapped[str] = mapped_column(String(16), default="playing")
    problem: Mapped[str | None] = mapped_column(String(300), nullable=True, default=None)
    # The game's rules version (`Game.rules_version`) it was played with.
    rules_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # The campaign it belongs to and the campaign's version it was set up from (its state
    # then is `carry`); finishing it writes the campaign's next version, once.
    campaign_id: Mapped[int | None] = mapped_column(
        ForeignKey("campaigns.id"), nullable=True, default=None, index=True
    )
    campaign_version: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


class ActionRow(Base):
    """The append-only action log: one row per accepted action, numbered per game."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    # When the room committed it: the turn clocks and timer deadlines are rebuilt from it.
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # Who made the move for the seat's player: None for the player (person or bot) itself,
    # else why a stand-in bot did: "away", "time" (out of time), "host" (handed to a bot),
    # "open" (the seat was freed and nobody had taken it yet).
    stand_in: Mapped[str | None] = mapped_column(String(8), nullable=True, default=None)


class FinalScore(Base):
    """A seat's final score and rank in a finished game, for score history."""

    __tablename__ = "final_scores"
    __table_args__ = (
        UniqueConstraint("game_id", "seat_no"),
        # A person's page reads their results newest game first, a page at a time.
        Index("ix_final_scores_person_id_game_id", "person_id", "game_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat_no: Mapped[int] = mapped_column(Integer)
    person_id: Mapped[int | None] = mapped_column(ForeignKey("people.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(20))
    score: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    rounds: Mapped[list[int]] = mapped_column(JSON)


class GameSummary(Base):
    """A finished game at a glance, for the history pages: written once with its end (or by
    the ratings' rebuild), never per request. `rated` says whether it counts for ratings:
    not when bots finished it for absent people (`bot_finished`, app/history/rules.py) or
    fewer than two people played it."""

    __tablename__ = "game_summaries"
    __table_args__ = (
        Index("ix_game_summaries_longest", "game_type", "duration_s", "game_id"),
        Index("ix_game_summaries_highest", "game_type", "top_score", "game_id"),
        Index("ix_game_summaries_closest", "game_type", "margin", "game_id"),
    )

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    game_type: Mapped[str] = mapped_column(String(40))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    moves: Mapped[int] = mapped_column(Integer)
    duration_s: Mapped[float] = mapped_column(Float)
    top_score: Mapped[int] = mapped_column(Integer)
    margin: Mapped[int | None] = mapped_column(Integer, nullable=True)  # best minus second best
    bot_finished: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[bool] = mapped_column(Boolean)


class Rating(Base):
    """A person's rating at one game (openskill's mu and sigma), updated by each rated game's
    end; `ordinal` (mu - 3 sigma) is what the leaderboard sorts by."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_leaderboard", "game_type", "ordinal"),)

    game_type: Mapped[str] = mapped_column(String(40), primary_key=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class PersonTally(Base):
    """A person's finished games at one game kind, counted at each game's end (for their
    page, which never aggregates their games per request)."""

    __tablename__ = "person_tallies"

    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), primary_key=True)
    game_type: Mapped[str] = mapped_column(String(40), primary_key=True)
    played: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    score_sum: Mapped[int] = mapped_column(BigInteger)
    best: Mapped[int] = mapped_column(Integer)


class Rivalry(Base):
    """How a person fared against another in the finished games both played, counted at each
    game's end: games together, finished above them (`ahead`), below them (`behind`)."""

    __tablename__ = "rivalries"
    __table_args__ = (Index("ix_rivalries_person_id_games", "person_id", "games"),)

    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), primary_key=True)
    rival_id: Mapped[int] = mapped_column(ForeignKey("people.id"), primary_key=True)
    games: Mapped[int] = mapped_column(Integer)
    ahead: Mapped[int] = mapped_column(Integer)
    behind: Mapped[int] = mapped_column(Integer)


class ChatMessage(Base):
    """A line of a room's chat: a message or a quick reaction, kept with the game it was
    written during (none before a room's first game) and the number of that game's last
    move then, so a replay shows it at that moment. Not a game action: nothing replays it."""

    __tablename__ = "chat_messages"
    __table_args__ = (
        # A room's latest lines (a tab's tail), a game's lines (its replay), in order.
        Index("ix_chat_messages_room_id_id", "room_id", "id"),
        Index("ix_chat_messages_game_id_id", "game_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=True, default=None
    )
    after_seq: Mapped[int] = mapped_column(Integer, default=0)  # the game's moves made by then
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"))
    kind: Mapped[str] = mapped_column(String(8))  # "message" or "reaction"
    text: Mapped[str] = mapped_column(String(300))  # the message, or the reaction's key
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatMute(Base):
    """A person the host of a room has muted: their new chat lines are refused."""

    __tablename__ = "chat_mutes"

    room_id: Mapped[int] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[int] = mapped_column(ForeignKey("people.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
