"""Replays: a stored game rebuilt move by move by its engine, its pages for every game, what a
game still being played may show (nothing hidden), the rules version checked, and the room's
links to them. Through the app in this process, on a fresh SQLite database."""

from __future__ import annotations

import html
import random
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from app.db.models import ActionRow, GameRecord
from app.games.core import Game
from app.games.core.bots import playout
from app.games.registry import GAMES
from app.rooms.replays import CannotReplay, Recording, Timeline, Timelines, rebuild
from app.web.replay_table import Seen, moment_html
from app.web.table import controls_part, render_part, viewer_of
from tests.support.replays import Served, StoredGame, served, store_game
from tests.support.rooms import ENV, room_with
from tests.web.test_no_leaks import perturb_hidden
from tests.web.test_no_leaks_for20 import perturb_secrets_of as for20_secrets
from tests.web.test_no_leaks_stellar import perturb_secrets_of as stellar_secrets
from tests.web.test_no_leaks_stickers import perturb_secrets_of as stickers_secrets

SEATS = {"four-pints": 3, "stellar": 2, "for20": 3, "speedy_pickers": 3, "stickers": 3}


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


def recorded_playout(game: Game[Any], players: int, seed: int, moves: int = 5000) -> Recording:
    log, _state = playout(game, players, seed, random.Random(seed), moves=moves)
    seats = tuple({"name": f"P{n}", "person_id": n + 1} for n in range(players))
    options = game.validate_options({})
    assert isinstance(options, dict)
    return Recording(game.id, seed, options, seats, game.rules_version, None, tuple(log), over=True)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_replay_reaches_the_final_state_of_seeded_bot_games(game_id: str) -> None:
    game = GAMES[game_id]
    for seed in range(3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        log, final = playout(game, players, seed, random.Random(seed))
        assert game.result(final) is not None, (seed, "the bots finish")
        recorded = recorded_playout(game, players, seed)
        assert recorded.actions == tuple(log)
        timeline = rebuild(game, recorded)
        assert timeline.moves == len(log)
        assert timeline.states[-1] == final
        assert timeline.result == game.result(final)


async def test_a_stored_game_replays_to_the_end_the_room_recorded(app: Served) -> None:
    for game_id, game in GAMES.items():
        stored = await store_game(app.store, game, SEATS[game_id], 4)
        response = await app.client.get(stored.page)
        assert response.status_code == 200
        assert "cannot be replayed" not in response.text
        scores = game.result(stored.state).scores  # type: ignore[union-attr]
        shown = dict(zip(("P0", "P1", "P2"), scores, strict=False))
        for name, score in shown.items():
            assert f"{name} {score}" in response.text  # the final scores, rebuilt


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_pages_render_every_moment_from_every_point_of_view(
    app: Served, game_id: str
) -> None:
    game = GAMES[game_id]
    stored = await store_game(app.store, game, SEATS[game_id], 7)
    views = ["all", "table", *(str(seat) for seat in range(SEATS[game_id]))]
    for view in views:
        page = await app.client.get(stored.page, params={"view": view, "at": 1})
        assert page.status_code == 200
        assert 'id="replay-slider"' in page.text and 'src="/static/replay.js"' in page.text
        assert "<script>" not in page.text  # the strict CSP: scripts are files
    for step in range(0, len(stored.log) + 1, max(1, len(stored.log) // 12)):
        for view in views:
            moment = await app.client.get(f"{stored.page}/at/{step}", params={"view": view})
            assert moment.status_code == 200, (step, view)
            assert 'class="table"' in moment.text
            assert 'ws-send hx-vals=\'{"cmd": "act", "kind"' not in moment.text  # no moves
    assert (await app.client.get(f"{stored.page}/at/{len(stored.log) + 1}")).status_code == 404
    end = await app.client.get(f"{stored.page}/at/{len(stored.log)}", params={"view": "all"})
    assert "What was hidden" in end.text or game_id == "four-pints"


async def test_each_log_line_jumps_to_its_moment(app: Served) -> None:
    game = GAMES["four-pints"]
    stored = await store_game(app.store, game, 2, 3)
    page = (await app.client.get(stored.page)).text
    steps = [int(n) for n in re.findall(r'<li data-step="(\d+)"', page)]
    assert steps == sorted(steps) and steps[-1] == len(stored.log)
    assert f'href="{stored.page}?view=all&amp;at=1"' in page
    timeline = rebuild(game, recorded_playout(game, 2, 3))
    assert len(steps) == sum(len(events) for events in timeline.events)


PERTURB: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "four-pints": lambda state, _seat, rng: perturb_hidden(state, rng),
    "for20": for20_secrets,
    "stellar": stellar_secrets,
    "stickers": stickers_secrets,
}


@pytest.mark.parametrize("game_id", sorted(PERTURB))
def test_a_moment_shown_as_a_seat_does_not_depend_on_what_that_seat_may_not_know(
    game_id: str,
) -> None:
    """Every moment of a seeded game, as each seat and a spectator see it, is the same HTML
    whatever another seat's secrets and the decks are (the room's no-leak perturbations)."""
    game, perturb, rng = GAMES[game_id], PERTURB[game_id], random.Random(5)
    recorded = recorded_playout(game, 3 if game.max_players > 2 else 2, 5)
    timeline = rebuild(game, recorded)
    checked = 0
    for step in range(0, len(timeline.states), 3):
        state = timeline.states[step]
        for secret in range(len(recorded.players)):
            changed = perturb(state, secret, rng)
            for viewer in (None, *range(len(recorded.players))):
                if viewer == secret:
                    continue
                before = _moment(game, recorded, state, viewer)
                assert _moment(game, recorded, changed, viewer) == before, (step, viewer)
                checked += 1
    assert checked > 30


def _moment(game: Game[Any], recorded: Recording, state: Any, viewer: int | None) -> str:
    timeline = Timeline((state,), ((),), None)
    return moment_html(ENV, game, recorded, timeline, 0, Seen(viewer), _no_picture)


def _no_picture(seat: int | None, name: str) -> str:
    return f"/picture/{seat}/{name}"


async def every_byte(app: Served, stored: StoredGame, person: int | None, view: str) -> list[str]:
    """Returns everything a viewer gets of a replay: its page, then every moment."""
    app.client.cookies.clear()
    app.client.cookies.update(app.as_person(person))
    got = [(await app.client.get(stored.page, params={"view": view})).text]
    for step in range(len(stored.log) + 1):
        moment = await app.client.get(f"{stored.page}/at/{step}", params={"view": view})
        got.append(moment.text)
    app.client.cookies.clear()
    return got


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_running_games_replay_shows_only_what_the_viewer_may_see(
    app: Served, game_id: str
) -> None:
    """A game still being played: whatever is asked for, a person who plays it gets their
    own seat's view of every moment, anyone else a spectator's, and no file."""
    game = GAMES[game_id]
    stored = await store_game(app.store, game, 2 if game.min_players <= 2 else 3, 9, moves=14)
    assert game.result(stored.state) is None  # still being played
    stranger = await every_byte(app, stored, None, "table")
    for view in ("all", "0", "1"):
        assert await every_byte(app, stored, None, view) == stranger
    mine = await every_byte(app, stored, stored.people[1], "1")
    for view in ("all", "0", "table"):
        assert await every_byte(app, stored, stored.people[1], view) == mine
    recorded = recorded_playout(game, len(stored.people), 9, moves=14)
    timeline = rebuild(game, recorded)
    for step in range(len(timeline.states)):
        # Each moment is exactly the seat's (the spectator's) own view of that moment.
        for seat, got in ((1, mine), (None, stranger)):
            shown = moment_html(ENV, game, recorded, timeline, step, Seen(seat), _at(stored, step))
            assert got[1 + step] == shown, (step, seat)
            assert shown in got[0] or step != len(stored.log)  # the page opens at the end
    assert not any("What was hidden" in got for got in stranger + mine)
    assert (await app.client.get(f"{stored.page}/game.json")).status_code == 403
    # The log holds the lines of the events the viewer may see, and no other.
    names = list(recorded.names)
    for seat, got in ((1, mine), (None, stranger)):
        expected = [
            game.describe(event, names)
            for events in timeline.events
            for event in events
            if event.visible_to(seat)
        ]
        assert log_lines(got[0]) == expected


def _at(stored: StoredGame, step: int) -> Callable[[int | None, str], str]:
    def url(seat: int | None, name: str) -> str:
        return f"{stored.page}/pictures/{step}/{name}?view={'table' if seat is None else seat}"

    return url


def log_lines(page: str) -> list[str]:
    """Returns the replay page's log lines, as text."""
    found = re.findall(
        r'<li data-step="\d+"[^>]*><a [^>]*><span class="replay-n">\d+</span> (.*?)</a></li>', page
    )
    return [html.unescape(line) for line in found]


async def test_a_game_played_with_other_rules_says_why_it_cannot_be_replayed(
    app: Served,
) -> None:
    game = GAMES["stellar"]
    stored = await store_game(app.store, game, 2, 2, moves=20)
    async with app.store.session() as session, session.begin():
        await session.execute(update(GameRecord).values(rules_version=game.rules_version + 1))
    page = await app.client.get(stored.page)
    assert page.status_code == 200
    assert "This game cannot be replayed" in page.text
    assert f"version {game.rules_version + 1} of the rules of Stellar" in page.text
    assert 'id="replay-slider"' not in page.text
    assert (await app.client.get(f"{stored.page}/at/0")).status_code == 404


async def test_a_stored_log_that_does_not_replay_says_why_on_its_page(app: Served) -> None:
    stored = await store_game(app.store, GAMES["for20"], 3, 2, moves=30)
    async with app.store.session() as session, session.begin():
        await session.execute(
            update(ActionRow).where(ActionRow.seq == 3).values(action={"kind": "nonsense"})
        )
    page = await app.client.get(stored.page)
    assert "This game cannot be replayed" in page.text
    assert "does not replay on these rules: action 3 does not decode" in page.text
    assert 'id="replay-table"' not in page.text  # never a game cut short


def test_a_log_that_does_not_replay_is_refused_never_cut_short() -> None:
    game = GAMES["four-pints"]
    recorded = recorded_playout(game, 2, 1)
    seat, action = recorded.actions[5]
    broken = Recording(
        recorded.game_type,
        recorded.seed,
        recorded.options,
        recorded.players,
        recorded.rules_version,
        None,
        (*recorded.actions[:5], (1 - seat, action), *recorded.actions[6:]),
        over=True,
    )
    with pytest.raises(CannotReplay, match="action 6"):
        rebuild(game, broken)


def test_rebuilt_games_are_kept_bounded() -> None:
    game = GAMES["four-pints"]
    kept = Timelines(games=3, states=10_000)
    recordings = [recorded_playout(game, 2, seed) for seed in range(5)]
    first = kept.get(("game", 0), game, recordings[0])
    assert kept.get(("game", 0), game, recordings[0]) is first  # kept, not rebuilt
    for seed, recorded in enumerate(recordings[1:], start=1):
        kept.get(("game", seed), game, recorded)
    assert len(kept._kept) == 3
    assert kept.get(("game", 0), game, recordings[0]) is not first  # dropped, rebuilt
    small = Timelines(games=10, states=len(first.states) + 1)
    small.get(("game", 0), game, recordings[0])
    small.get(("game", 1), game, recordings[1])
    assert len(small._kept) == 1  # the states' bound holds too


async def test_the_room_links_its_games_and_a_finished_games_replay(app: Served) -> None:
    game = GAMES["four-pints"]
    first = await store_game(app.store, game, 2, 1)
    room = await app.client.get(f"/r/{first.code}")
    assert f'href="/r/{first.code}/games"' in room.text
    games = await app.client.get(f"/r/{first.code}/games")
    assert f'href="{first.page}"' in games.text and "finished" in games.text
    last = await app.client.get(f"/r/{first.code}/games/last")
    assert last.status_code == 303 and last.headers["location"] == first.page
    # The room's controls, once its game is over, link the replay of that game.
    live = room_with(game, first.state, 2)
    assert live.match is not None
    live.match.result = game.result(first.state)
    for person in (1, None):
        viewer = viewer_of(live, person)
        controls = render_part(ENV, live, viewer, controls_part(live, viewer))
        assert 'href="/r/code/games/last"' in controls
    lobby = await app.client.get("/")
    assert 'href="/replays"' in lobby.text
    assert (await app.client.get(f"/r/{first.code}/games/2")).status_code == 404
    assert (await app.client.get("/r/nosuchroom/games/1")).status_code == 404


HIDDEN_CARDS: dict[str, Callable[[Any], int]] = {
    "four-pints": lambda s: len(s.beer_deck) + len(s.removed) + len(s.purchase_deck),
    "stellar": lambda s: len(s.deck),
    "for20": lambda s: len(s.material_deck) + len(s.game_deck),
    "speedy_pickers": lambda s: len(s.bag) + len(s.deck) + sum(len(p.marks) for p in s.seats),
    "stickers": lambda s: len(s.pile) + len(s.stock),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_everything_revealed_names_every_card_nobody_saw(game_id: str) -> None:
    game = GAMES[game_id]
    timeline = rebuild(game, recorded_playout(game, 2 if game.min_players <= 2 else 3, 8))
    for state in timeline.states[:: max(1, timeline.moves // 10)]:
        shown = game.revealed(state)
        assert sum(len(r.items) for r in shown) == HIDDEN_CARDS[game_id](state)
        assert all(item and "{" not in item for r in shown for item in r.items)


def test_a_replayed_table_sends_the_words_its_tiles_share() -> None:
    """A replay's table is the room's skeleton too: Speedy Pickers' category words, sent
    once for the page to copy into each tile, are in it."""
    game = GAMES["speedy_pickers"]
    recorded = recorded_playout(game, 2, 5)
    html = _moment(game, recorded, rebuild(game, recorded).states[0], 0)
    assert html.count("<template data-append-to=") == 4
    assert '<template data-append-to=".sp-tile.sport"><small> (Sport)</small>' in html
