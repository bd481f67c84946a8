"""Reading and writing rooms, seats, games, campaigns and the action log."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased

from app.db.models import (
    ActionRow,
    Base,
    Campaign,
    CampaignMember,
    ChatMessage,
    ChatMute,
    GameRecord,
    Person,
    Room,
    Seat,
)
from app.games.core import Result
from app.rooms.action_log import ActionLog, Entry


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat_no: int
    person_id: int | None
    bot: str | None


@dataclass(frozen=True, slots=True)
class RoomRow:
    id: int
    code: str
    game_type: str
    options: dict[str, Any]
    listed: bool
    host_id: int
    status: str
    clock: str = "off"  # the turn clock's preset key (app/games/core/clock.py)
    campaign_id: int | None = None  # the campaign whose next games the room plays
    created_at: float = 0.0  # epoch seconds
    seen_at: float = 0.0  # when somebody was last at the table (app/rooms/presence.py)
    chat_watchers: bool = False  # people who play no seat may write in the chat


@dataclass(frozen=True, slots=True)
class CampaignRow:
    """A campaign's state now: `version` games finished in it; `carry` sets up the next."""

    id: int
    game_type: str
    name: str
    version: int
    carry: Any
    members: tuple[int, ...]  # person ids, in the order they joined
    code: str = ""  # its page's unguessable address
    history: dict[str, Any] | None = None  # the members and journal it was imported with


@dataclass(frozen=True, slots=True)
class CampaignGame:
    """A game of a campaign as its journal shows it (stored, finished or not)."""

    id: int
    room_code: str
    version: int | None  # the campaign version it was set up from
    status: str  # playing, finished, abandoned, unreplayable
    players: tuple[dict[str, Any], ...]  # per seat, as games.players
    result: dict[str, Any] | None  # {"scores", "ranks", "rounds"} once finished
    problem: str | None
    started_at: datetime
    finished_at: datetime | None
    number: int = 0  # its number in its room: its replay is /r/{room_code}/games/{number}


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    seed: int
    options: dict[str, Any]
    players: list[dict[str, Any]]
    carry: Any
    status: str
    clock: dict[str, Any] | None = None  # {"bank": s, "allowance": s}, None when off
    started_at: float = 0.0  # epoch seconds of the deal: the clocks start from it
    rules_version: int = 1  # the game's rules version it was played with
    campaign: tuple[int, int] | None = None  # (campaign, version it was set up from)
    problem: str | None = None  # why it does not replay here (status "unreplayable")
    result: dict[str, Any] | None = None  # {"scores", "ranks", "rounds"} once finished
    finished_at: float | None = None  # epoch seconds of its end, if it ended


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A stored line of a room's chat, with its writer's name now."""

    id: int
    person_id: int
    name: str
    kind: str  # "message" or "reaction" (app/rooms/chat.py)
    text: str  # the message, or the reaction's key
    at: float  # epoch seconds it was committed
    game_id: int | None  # the game it was written during (None: before the room's first)
    after: int  # that game's moves made by then: a replay shows it after that move


@dataclass(frozen=True, slots=True)
class LogRow:
    """One stored action with when it was committed and who made it for the seat."""

    seat: int
    action: dict[str, Any]
    at: float  # epoch seconds
    stand_in: str | None


def _room_row(room: Room) -> RoomRow:
    return RoomRow(
        room.id,
        room.code,
        room.game_type,
        room.options,
        room.listed,
        room.host_id,
        room.status,
        room.clock,
        room.campaign_id,
        epoch(room.created_at),
        epoch(room.last_seen_at),
        room.chat_watchers,
    )


def _game_row(record: GameRecord) -> GameRow:
    campaign = (
        None
        if record.campaign_id is None or record.campaign_version is None
        else (record.campaign_id, record.campaign_version)
    )
    return GameRow(
        record.id,
        record.seed,
        record.options,
        record.players,
        record.carry,
        record.status,
        record.clock,
        epoch(record.started_at),
        record.rules_version,
        campaign,
        record.problem,
        record.result,
        None if record.finished_at is None else epoch(record.finished_at),
    )


async def _campaign_row(session: AsyncSession, found: Campaign) -> CampaignRow:
    members = await session.execute(
        select(CampaignMember.person_id)
        .where(CampaignMember.campaign_id == found.id)
        .order_by(CampaignMember.id)
    )
    return CampaignRow(
        found.id,
        found.game_type,
        found.name,
        found.version,
        found.carry,
        tuple(members.scalars()),
        found.code,
        found.history,
    )


class _Keyed(Protocol):
    """A new row of a table whose key is an `id` the database gives it."""

    @property
    def id(self) -> int: ...


def _no_rows(_id: int) -> Iterable[Base]:
    return ()


def epoch(moment: datetime) -> float:
    """Returns a stored time as epoch seconds; SQLite hands back naive UTC datetimes."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """The one place that speaks SQL for rooms and games."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._log = ActionLog(engine)

    async def close(self) -> None:
        """Stops the action log's writer; call before disposing of the engine."""
        await self._log.close()

    def session(self) -> AsyncSession:
        return self._sessions()

    async def _insert(self, row: _Keyed, also: Callable[[int], Iterable[Base]] = _no_rows) -> int:
        """Commits a new row, and in the same transaction the rows `also` makes from its id
        (a room's seats); returns its id."""
        async with self.session() as session, session.begin():
            session.add(row)
            await session.flush()
            session.add_all(also(row.id))
            return row.id

    async def create_person(self, display_name: str) -> int:
        return await self._insert(Person(display_name=display_name))

    async def person_names(self, ids: Sequence[int]) -> dict[int, str]:
        if not ids:
            return {}
        async with self.session() as session:
            rows = await session.execute(
                select(Person.id, Person.display_name).where(Person.id.in_(set(ids)))
            )
            return {row.id: row.display_name for row in rows}

    async def rename_person(self, person_id: int, display_name: str) -> None:
        async with self.session() as session, session.begin():
            await session.execute(
                update(Person).where(Person.id == person_id).values(display_name=display_name)
            )

    async def tablemates(self, person_id: int) -> list[str]:
        """Returns the names of the people seated with a person, at every table of a room
        that is not finished where they have a seat."""
        mine, theirs = aliased(Seat), aliased(Seat)
        async with self.session() as session:
            rows = await session.execute(
                select(Person.display_name)
                .join(theirs, theirs.person_id == Person.id)
                .join(mine, mine.room_id == theirs.room_id)
                .join(Room, Room.id == mine.room_id)
                .where(
                    mine.person_id == person_id,
                    theirs.person_id != person_id,
                    Room.status != "finished",
                )
                .distinct()
            )
            return list(rows.scalars())

    async def create_room(
        self,
        game_type: str,
        options: dict[str, Any],
        host_id: int,
        seats: int,
        listed: bool,
        clock: str = "off",
        campaign_id: int | None = None,
    ) -> str:
        """Creates a room with empty seats, the host in the first; returns its invite code.
        With a campaign, its games are the campaign's next ones."""
        code = secrets.token_urlsafe(9)  # 72 random bits: short to share, unguessable
        room = Room(
            code=code,
            game_type=game_type,
            options=options,
            host_id=host_id,
            listed=listed,
            clock=clock,
            campaign_id=campaign_id,
        )
        await self._insert(
            room,
            lambda room_id: (
                Seat(room_id=room_id, seat_no=seat_no, person_id=host_id if seat_no == 0 else None)
                for seat_no in range(seats)
            ),
        )
        return code

    async def room_by_code(self, code: str) -> RoomRow | None:
        async with self.session() as session:
            room = (
                await session.execute(select(Room).where(Room.code == code))
            ).scalar_one_or_none()
            return _room_row(room) if room else None

    async def listed_rooms(
        self, seen_since: float, here: Collection[int] = (), limit: int = 50
    ) -> list[tuple[RoomRow, int, int]]:
        """Returns open listed rooms, newest first, with (seated, seats) counts: those
        somebody was at since `seen_since` (epoch seconds), or who are `here` now (ids)."""
        recent = Room.last_seen_at >= datetime.fromtimestamp(seen_since, UTC)
        if here:
            recent = or_(recent, Room.id.in_(set(here)))
        async with self.session() as session:
            rooms = (
                await session.execute(
                    select(Room)
                    .where(Room.listed.is_(True), Room.status != "finished", recent)
                    .order_by(Room.id.desc())
                    .limit(limit)
                )
            ).scalars()
            out = []
            for room in rooms:
                seats = await self.seats(room.id, session)
                seated = sum(1 for seat in seats if seat.person_id or seat.bot)
                out.append((_room_row(room), seated, len(seats)))
            return out

    async def room_seen(self, room_id: int, at: float) -> None:
        """Notes that somebody was at the room's table at `at` (epoch seconds)."""
        async with self.session() as session, session.begin():
            await session.execute(
                update(Room)
                .where(Room.id == room_id)
                .values(last_seen_at=datetime.fromtimestamp(at, UTC))
            )

    async def seats(self, room_id: int, session: AsyncSession | None = None) -> list[SeatRow]:
        async def run(s: AsyncSession) -> list[SeatRow]:
            rows = await s.execute(
                select(Seat.seat_no, Seat.person_id, Seat.bot)
                .where(Seat.room_id == room_id)
                .order_by(Seat.seat_no)
            )
            return [SeatRow(r.seat_no, r.person_id, r.bot) for r in rows]

        if session is not None:
            return await run(session)
        async with self.session() as own:
            return await run(own)

    async def set_seat(
        self, room_id: int, seat_no: int, person_id: int | None, bot: str | None
    ) -> None:
        async with self.session() as session, session.begin():
            await session.execute(
                update(Seat)
                .where(Seat.room_id == room_id, Seat.seat_no == seat_no)
                .values(person_id=person_id, bot=bot)
            )

    async def start_game(
        self,
        room_id: int,
        game_type: str,
        seed: int,
        options: dict[str, Any],
        players: list[dict[str, Any]],
        carry: Any = None,
        clock: dict[str, Any] | None = None,
        started_at: datetime | None = None,
        rules_version: int = 1,
        campaign: tuple[int, int] | None = None,
    ) -> int:
        """Records a new game and marks the room as playing; returns the game id. A game of a
        campaign records the campaign's version it was set up from (its state: `carry`)."""
        async with self.session() as session, session.begin():
            record = GameRecord(
                room_id=room_id,
                game_type=game_type,
                seed=seed,
                options=options,
                players=players,
                carry=carry,
                clock=clock,
                started_at=started_at or _now(),
                rules_version=rules_version,
                campaign_id=campaign[0] if campaign else None,
                campaign_version=campaign[1] if campaign else None,
            )
            session.add(record)
            await session.execute(update(Room).where(Room.id == room_id).values(status="playing"))
            await session.flush()
            return record.id

    async def latest_game(self, room_id: int) -> GameRow | None:
        async with self.session() as session:
            record = (
                await session.execute(
                    select(GameRecord)
                    .where(GameRecord.room_id == room_id)
                    .order_by(GameRecord.id.desc())
                    .limit(1)
                )
            ).scalar_one_or_none()
            return None if record is None else _game_row(record)

    async def room_games(self, room_id: int, limit: int = 200) -> list[GameRow]:
        """Returns a room's games in the order they were played (the first `limit`): the
        nth is the room's game number n, the address of its replay under the invite code."""
        async with self.session() as session:
            records = await session.execute(
                select(GameRecord)
                .where(GameRecord.room_id == room_id)
                .order_by(GameRecord.id)
                .limit(limit)
            )
            return [_game_row(record) for record in records.scalars()]

    async def room_game_count(self, room_id: int) -> int:
        """Returns how many games a room has had: the number of its latest."""
        async with self.session() as session:
            count = await session.scalar(
                select(func.count()).select_from(GameRecord).where(GameRecord.room_id == room_id)
            )
            return int(count or 0)

    async def room_game(self, room_id: int, number: int) -> GameRow | None:
        """Returns a room's game number `number` (1 = its first), or None."""
        if number < 1:
            return None
        async with self.session() as session:
            record = (
                await session.execute(
                    select(GameRecord)
                    .where(GameRecord.room_id == room_id)
                    .order_by(GameRecord.id)
                    .offset(number - 1)
                    .limit(1)
                )
            ).scalar_one_or_none()
            return None if record is None else _game_row(record)

    async def mark_unreplayable(self, game_id: int, room_id: int, problem: str) -> None:
        """Marks a game whose log does not replay here (kept as stored, never cut short), and
        frees its room for a new game."""
        await self._set_aside(game_id, room_id, status="unreplayable", problem=problem[:300])

    async def abandon_game(self, game_id: int, room_id: int, problem: str) -> None:
        """Marks a game that ended without a result (kept as stored), freeing its room."""
        await self._set_aside(
            game_id, room_id, status="abandoned", problem=problem[:300], finished_at=_now()
        )

    async def _set_aside(self, game_id: int, room_id: int, **values: Any) -> None:
        """Gives a game that will not go on these values and frees its room."""
        async with self.session() as session, session.begin():
            await session.execute(
                update(GameRecord).where(GameRecord.id == game_id).values(**values)
            )
            await session.execute(update(Room).where(Room.id == room_id).values(status="open"))

    # ---- campaigns ---------------------------------------------------------------

    async def create_campaign(
        self,
        game_type: str,
        name: str,
        members: Sequence[int],
        carry: Any = None,
        *,
        version: int = 0,
        history: dict[str, Any] | None = None,
    ) -> int:
        """Creates a campaign with its first members: at version 0 (no game finished), or
        where an imported one was, with the journal it brought (`history`)."""
        campaign = Campaign(
            game_type=game_type, name=name, version=version, carry=carry, history=history
        )
        return await self._insert(
            campaign,
            lambda campaign_id: (
                CampaignMember(campaign_id=campaign_id, person_id=person_id)
                for person_id in dict.fromkeys(members)
            ),
        )

    async def campaign(self, campaign_id: int) -> CampaignRow | None:
        async with self.session() as session:
            found = await session.get(Campaign, campaign_id)
            return None if found is None else await _campaign_row(session, found)

    async def campaign_by_code(self, code: str) -> CampaignRow | None:
        async with self.session() as session:
            found = (
                await session.execute(select(Campaign).where(Campaign.code == code))
            ).scalar_one_or_none()
            return None if found is None else await _campaign_row(session, found)

    async def campaigns_of(self, person_id: int, limit: int = 50) -> list[CampaignRow]:
        """Returns the campaigns a person is a member of, most recently played first."""
        async with self.session() as session:
            found = (
                await session.execute(
                    select(Campaign)
                    .join(CampaignMember, CampaignMember.campaign_id == Campaign.id)
                    .where(CampaignMember.person_id == person_id)
                    .order_by(Campaign.updated_at.desc(), Campaign.id.desc())
                    .limit(limit)
                )
            ).scalars()
            return [await _campaign_row(session, campaign) for campaign in found]

    async def campaign_games(self, campaign_id: int) -> list[CampaignGame]:
        """Returns a campaign's games in the order they started, with their rooms' codes."""
        async with self.session() as session:
            before = aliased(GameRecord)
            number = (
                select(func.count())
                .select_from(before)
                .where(before.room_id == GameRecord.room_id, before.id <= GameRecord.id)
                .scalar_subquery()
            )
            rows = await session.execute(
                select(GameRecord, Room.code, number)
                .join(Room, Room.id == GameRecord.room_id)
                .where(GameRecord.campaign_id == campaign_id)
                .order_by(GameRecord.id)
            )
            return [
                CampaignGame(
                    record.id,
                    code,
                    record.campaign_version,
                    record.status,
                    tuple(record.players),
                    record.result,
                    record.problem,
                    record.started_at,
                    record.finished_at,
                    number,
                )
                for record, code, number in rows
            ]

    async def join_campaign(self, campaign_id: int, person_id: int) -> bool:
        """Adds a person to a campaign's group; False if they were in it already."""
        try:
            async with self.session() as session, session.begin():
                present = await session.execute(
                    select(CampaignMember.id).where(
                        CampaignMember.campaign_id == campaign_id,
                        CampaignMember.person_id == person_id,
                    )
                )
                if present.first() is not None:
                    return False
                session.add(CampaignMember(campaign_id=campaign_id, person_id=person_id))
        except IntegrityError:  # they joined from another tab or game at the same moment
            return False
        return True

    async def set_players(self, game_id: int, players: list[dict[str, Any]]) -> None:
        """Records who plays each seat now (a seat handed to a bot, freed, or taken)."""
        async with self.session() as session, session.begin():
            await session.execute(
                update(GameRecord).where(GameRecord.id == game_id).values(players=players)
            )

    async def actions(self, game_id: int) -> list[tuple[int, dict[str, Any]]]:
        """Returns the game's log as (seat, action) in sequence order."""
        async with self.session() as session:
            rows = await session.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.seq)
            )
            return [(row.seat, row.action) for row in rows]

    async def log(self, game_id: int) -> list[LogRow]:
        """Returns the game's log with each action's commit time and stand-in, in order."""
        async with self.session() as session:
            rows = await session.execute(
                select(ActionRow.seat, ActionRow.action, ActionRow.created_at, ActionRow.stand_in)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.seq)
            )
            return [LogRow(r.seat, r.action, epoch(r.created_at), r.stand_in) for r in rows]

    async def append_action(
        self,
        game_id: int,
        seq: int,
        seat: int,
        action: dict[str, Any],
        result: Result | None = None,
        room_id: int | None = None,
        players: Sequence[dict[str, Any]] = (),
        at: datetime | None = None,
        stand_in: str | None = None,
        campaign: tuple[int, int] | None = None,
    ) -> None:
        """Commits one action; with a result, also closes the game in the same transaction.
        `at` is the commit time the room's clocks use (now if not given); `stand_in` says
        why a bot made the move for the seat's player (None: the player made it). A game of a
        `campaign` (id, version it was set up from) that ends writes its result's carry as the
        campaign's next version, or raises CampaignMoved if another game wrote it first."""
        entry = Entry(game_id, seq, seat, action, result, room_id, players, at, stand_in, campaign)
        await self._log.append(entry)

    # ---- the rooms' chat -------------------------------------------------------------

    async def add_chat(
        self,
        room_id: int,
        game_id: int | None,
        after: int,
        person_id: int,
        kind: str,
        text: str,
        at: datetime,
    ) -> int:
        """Commits one line of a room's chat; returns its id (lines are shown in id order)."""
        line = ChatMessage(
            room_id=room_id,
            game_id=game_id,
            after_seq=after,
            person_id=person_id,
            kind=kind,
            text=text,
            created_at=at,
        )
        return await self._insert(line)

    async def chat_tail(self, room_id: int, limit: int) -> list[ChatLine]:
        """Returns a room's latest `limit` chat lines, oldest first."""
        return list(reversed(await self._chat(ChatMessage.room_id == room_id, limit, newest=True)))

    async def game_chat(self, game_id: int, limit: int = 5_000) -> list[ChatLine]:
        """Returns the chat lines written during a game, in order (its replay shows them)."""
        return await self._chat(ChatMessage.game_id == game_id, limit, newest=False)

    async def _chat(self, where: Any, limit: int, newest: bool) -> list[ChatLine]:
        order = ChatMessage.id.desc() if newest else ChatMessage.id
        async with self.session() as session:
            rows = await session.execute(
                select(ChatMessage, Person.display_name)
                .join(Person, Person.id == ChatMessage.person_id)
                .where(where)
                .order_by(order)
                .limit(limit)
            )
            return [
                ChatLine(
                    line.id,
                    line.person_id,
                    name,
                    line.kind,
                    line.text,
                    epoch(line.created_at),
                    line.game_id,
                    line.after_seq,
                )
                for line, name in rows
            ]

    async def chat_mutes(self, room_id: int) -> dict[int, str]:
        """Returns the people muted in a room's chat, with their names."""
        async with self.session() as session:
            rows = await session.execute(
                select(ChatMute.person_id, Person.display_name)
                .join(Person, Person.id == ChatMute.person_id)
                .where(ChatMute.room_id == room_id)
                .order_by(ChatMute.created_at, ChatMute.person_id)
            )
            return {row.person_id: row.display_name for row in rows}

    async def set_chat_mute(self, room_id: int, person_id: int, muted: bool) -> None:
        """Mutes or unmutes a person in a room's chat (doing what is already so is no error)."""
        async with self.session() as session, session.begin():
            found = await session.get(ChatMute, (room_id, person_id))
            if muted and found is None:
                session.add(ChatMute(room_id=room_id, person_id=person_id))
            elif not muted and found is not None:
                await session.delete(found)

    async def set_chat_watchers(self, room_id: int, allowed: bool) -> None:
        """Records whether people who play no seat may write in a room's chat."""
        async with self.session() as session, session.begin():
            await session.execute(
                update(Room).where(Room.id == room_id).values(chat_watchers=allowed)
            )
