"""What one viewer's page is made of, as named parts, and how each is rendered.

A part is (name, key, template, data). The key changes exactly when what the
viewer should see changes; a connection re-renders and sends only the parts
whose key moved since it last sent them. Rendered HTML is cached per room
revision and viewer, so several tabs of one seat (or all spectators) share it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from jinja2 import Environment, meta

from app.games.core import Point, Result
from app.games.core.clock import PRESETS
from app.games.core.undo import Undo
from app.rooms.live import HOST, OPEN, LiveRoom
from app.web.locales import SOURCE
from app.web.patches import Node, patch, tree
from app.web.render import game_package, render, text

LOG_TAIL = 200


# Named tuples, not frozen dataclasses: every move makes a dozen parts per socket, and a
# frozen dataclass's __init__ (a setattr per field) cost 5 % of a move's render instructions.
class Part(NamedTuple):
    name: str
    key: Any
    template: str
    data: Any


class Viewer(NamedTuple):
    """Who is looking: a person (maybe anonymous) and their game seat, if any."""

    person_id: int | None
    seat: int | None
    room_seat: int | None


def viewer_of(live: LiveRoom, person_id: int | None) -> Viewer:
    return Viewer(person_id, live.seat_of(person_id), live.room_seat_of(person_id))


def parts(env: Environment, live: LiveRoom, viewer: Viewer) -> Iterator[Part]:
    """Yields every part of the room page for a viewer, in page order, the table skeleton
    first: the table, the seats, the seats' clocks, the controls, then the game's parts."""
    common = shared(env, live)
    yield table_part(live, viewer)
    yield summary_part(live, viewer)
    yield seats_part(live, viewer)
    yield from common.clocks
    yield controls_part(live, viewer)
    yield from common.game
    yield from own_game_parts(env, live, viewer)


def table_part(live: LiveRoom, viewer: Viewer) -> Part:
    """Returns the table skeleton (its template marks the viewer's seat); a new key means
    every part goes again."""
    match = live.match
    table_key = (live.row.game_type, match.record_id if match else None)
    return Part("table", table_key, "room/parts/table.html", table_key)


def summary_part(live: LiveRoom, viewer: Viewer) -> Part:
    """Returns the end-of-game summary at the top of the table: the winner, the final
    scores, what decided and "play again" (the host's button; the others are told who
    starts it). While a game runs it is its frame, not shown, with the "play again" line
    already: a game's end then sends only what fills it."""
    match = live.match
    is_host = viewer.person_id is not None and viewer.person_id == live.row.host_id
    if match is None or match.result is None:
        return Part("summary", _RUNNING[is_host], "room/parts/summary.html", None)
    data = summary_of(match.result)
    return Part("summary", (match.record_id, is_host), "room/parts/summary.html", data)


_RUNNING = {False: (None, False), True: (None, True)}  # one key object each: a quick compare


class Summary(NamedTuple):
    """What the end-of-game summary shows: the seats by rank as (rank, seat, score), the
    winning seats, what decided (a message, or None) and else the winning margin (0: none)."""

    rows: tuple[tuple[int, int, int], ...]
    winners: tuple[int, ...]
    decided: str | None
    margin: int


def summary_of(result: Result) -> Summary:
    seats = range(len(result.scores))
    order = sorted(seats, key=lambda s: (result.ranks[s], -result.scores[s], s))
    rows = tuple((result.ranks[s], s, result.scores[s]) for s in order)
    winners = result.winners
    margin = 0
    if result.decided is None and len(winners) == 1 and len(rows) > 1:
        best = result.scores[winners[0]]
        margin = best - max(score for seat, score in enumerate(result.scores) if seat != winners[0])
    return Summary(rows, winners, result.decided, max(margin, 0))


def seats_part(live: LiveRoom, viewer: Viewer) -> Part:
    return Part("seats", _seating(live, viewer, _seats_data), "room/parts/seats.html", None)


def controls_part(live: LiveRoom, viewer: Viewer) -> Part:
    data = _seating(live, viewer, _controls_data)
    return Part("controls", data, "room/parts/controls.html", None)


class Shared(NamedTuple):
    """The parts every viewer sees alike, made once per revision for all of a room's tabs:
    the seats' clocks and the game's public parts whose templates never read the viewer.

    `keys` is what a tab holds once it has been sent this revision (and `trees`, the unit
    trees of that HTML: app/web/patches.py), and `since` the keys of the revision made
    before it. A tab holding exactly `since` (it was sent every revision, as listening tabs
    are) takes `clocks_html` and `game_html`, what changed since, made once for all,
    instead of comparing and rendering part by part.
    """

    clocks: tuple[Part, ...]
    game: tuple[Part, ...]
    viewed: tuple[Part, ...]  # public parts whose templates read the viewer: not shared
    keys: dict[Any, Any]
    trees: dict[str, Node | None]
    since: dict[Any, Any] | None
    clocks_html: str
    game_html: str


def shared(env: Environment, live: LiveRoom) -> Shared:
    """Returns this revision's shared parts, with what changed since the last."""
    locale: str = env.globals["locale"]  # type: ignore[assignment]
    made: Shared | None = live.cache.get(("shared", locale))
    if made is None:
        clocks = _clock_parts(live) if live.match and live.match.clocks and live.playing else ()
        game, viewed = _public_game_parts(env, live)
        table = table_part(live, _NOBODY).key
        keys: dict[Any, Any] = {part.name: part.key for part in (*clocks, *game)}
        keys[_TABLE] = table
        since = live.shared_keys.get(locale)
        fresh = since is None or since.get(_TABLE) != table
        held = {} if fresh else dict(since)  # type: ignore[arg-type]
        held_trees = {} if fresh else dict(live.shared_trees.get(locale, {}))
        clocks_html = "".join(changed_parts(env, live, _NOBODY, clocks, held, held_trees))
        game_html = "".join(changed_parts(env, live, _NOBODY, game, held, held_trees))
        trees = {part.name: held_trees.get(part.name) for part in (*clocks, *game)}
        made = live.cache["shared", locale] = Shared(
            clocks, game, viewed, keys, trees, since, clocks_html, game_html
        )
        live.shared_keys[locale] = keys
        live.shared_trees[locale] = trees
    return made


_TABLE = ("table",)  # the skeleton's key among the shared keys (no part has that name)
_NOBODY = Viewer(None, None, None)  # shared parts never read the viewer


def changed_parts(
    env: Environment,
    live: LiveRoom,
    viewer: Viewer,
    made: Iterable[Part],
    sent: dict[Any, Any],
    held: dict[str, Node | None],
) -> Iterator[str]:
    """Yields what to send for the parts whose key differs from what was `sent` (name ->
    key): each part's changed units against the tree of what the tab `held` (name -> node;
    app/web/patches.py). Notes the new keys and trees in both."""
    for part in made:
        if not same_key(sent.get(part.name, _UNSENT), part.key):
            html = render_part(env, live, viewer, part)
            node = tree_of(live, html)
            yield patch_of(live, held.get(part.name), node, html)
            sent[part.name] = part.key
            held[part.name] = node


def tree_of(live: LiveRoom, html: str) -> Node | None:
    """Returns a rendered part's unit tree, made once per revision for every tab sent it;
    None for a small part, which goes whole: its patch could save little, and a tree costs
    more to make than the few bytes (most parts a move changes are small)."""
    if len(html) < _WORTH_A_TREE:
        return None
    key = ("tree", html)
    cache = live.cache
    if key in cache:
        return cache[key]
    node = cache[key] = tree(html)
    return node


_WORTH_A_TREE = 100  # bytes


def patch_of(live: LiveRoom, held: Node | None, node: Node | None, html: str) -> str:
    """Returns what turns the part a tab `held` into `html`, once per revision for every
    tab that held the same."""
    if held is None or node is None:
        return html
    key = ("patch", held, node)
    found: str | None = live.cache.get(key)
    if found is None:
        found = live.cache[key] = patch(held, node, html)
    return found


def same_key(sent: Any, key: Any) -> bool:
    """Returns whether a part's key is the one a tab was sent (usually the same object)."""
    return sent is key or sent == key


_UNSENT = object()


def own_game_parts(env: Environment, live: LiveRoom, viewer: Viewer) -> Iterator[Part]:
    """Yields the game's parts that depend on who is looking: any public part whose template
    reads the viewer, the viewer's private parts and their moves."""
    match = live.match
    if match is None:
        return
    yield from shared(env, live).viewed
    folder = _folder(live)
    game = live.game
    for name, data in live.private_view(viewer.seat).items():
        if name in game.seat_parts:
            yield from _seat_items(folder, name, data)
            continue
        key: Any = data
        if name == game.moves_part and viewer.seat is not None and data is not None:
            # The seat's moves carry its stamp (see `Match.stamps`): they refresh whenever
            # the moves they offer date from a newer version.
            key = (data, match.stamp(viewer.seat))
        yield Part(name, key, f"{folder}/{name}.html", data)
    yield stamp_part(live, viewer)
    yield undo_part(live, viewer)
    yield from _picture_parts(live, viewer)


def stamp_part(live: LiveRoom, viewer: Viewer) -> Part:
    """Returns the seat's version, sent with each of its moves (the table includes it): it
    changes whenever the moves it is shown do (see `Match.stamps`), so the move buttons
    need not carry it and stay the same from one version to the next."""
    match, seat = live.match, viewer.seat
    stamp = match.stamp(seat) if match is not None and seat is not None else None
    return Part("stamp", stamp, "room/parts/stamp.html", stamp)


_UNDO = Undo()


def undo_part(live: LiveRoom, viewer: Viewer) -> Part:
    """Returns the viewer's Undo button while their seat may take back a move (see
    app/games/core/undo.py), else an empty slot. The button is the same from one version to
    the next (the table's stamp goes with it, as with every move), so its key is whether it
    is shown: it is sent when it comes and when it goes."""
    match, seat = live.match, viewer.seat
    if match is None or seat is None or not live.can_undo(seat):
        return Part("undo", None, "room/parts/undo.html", None)
    data = (_UNDO, match.stamp(seat))
    return Part("undo", _UNDO, "room/parts/undo.html", data)


def _picture_parts(live: LiveRoom, viewer: Viewer) -> Iterator[Part]:
    """Yields each picture the viewer was shown in this game, `picture-<name>`, into the
    slot of that id the game's table places: the picture while the game shows it to the
    viewer (by an address whose token changes with the picture, so its key is its data),
    else nothing. The moves part only offers the points; the picture itself re-renders
    only when it changes, so a zoomed and scrolled picture stays as the player left it."""
    names = live.pictures_shown(viewer.seat)
    shown = live.viewer_pictures(viewer.seat) if names else {}
    for name in names:
        current = shown.get(name)
        data: tuple[Any, ...] = (name,)
        if current is not None:
            picture, token = current
            url = f"/rooms/{live.row.code}/pictures/{name}?v={token}"
            data = (name, url, picture.width, picture.height, _zoom(live, viewer, name))
        yield Part(f"picture-{name}", data, "room/parts/picture.html", data)


def _zoom(live: LiveRoom, viewer: Viewer, name: str) -> bool:
    """Returns whether the page lets the viewer zoom into a picture: unless a point offered
    on it says not (a courtesy; the server enforces it by painting the picture small)."""
    match = live.match
    if match is None or viewer.seat is None:
        return True
    offered = live.game.offered(match.state, viewer.seat)
    return all(c.zoom for c in offered if isinstance(c, Point) and c.image == name)


def _public_game_parts(env: Environment, live: LiveRoom) -> tuple[tuple[Part, ...], ...]:
    """Returns the game's public parts whose templates never read the viewer (shared), and
    the other ones."""
    made: tuple[list[Part], list[Part]] = ([], [])
    if live.match is None:
        return (), ()
    folder = _folder(live)
    for name, data in live.public_view().items():
        template = f"{folder}/{name}.html"
        into = made[0] if _viewer_free(env, template) else made[1]
        if name in live.game.seat_parts:
            into.extend(_seat_items(folder, name, data))
        else:
            into.append(Part(name, data, template, data))
    return tuple(made[0]), tuple(made[1])


def _seat_items(folder: str, name: str, data: Any) -> Iterator[Part]:
    # One part per seat, `<name>-<seat>`, rendered by the same template: a move then
    # re-sends only the areas it changed, not every player's (the largest parts).
    template = f"{folder}/{name}.html"
    for index, item in enumerate(data):
        yield Part(f"{name}-{index}", item, template, item)


def _folder(live: LiveRoom) -> str:
    return f"games/{game_package(live.row.game_type)}/parts"


def _seating(
    live: LiveRoom, viewer: Viewer, make: Callable[[LiveRoom, Viewer], tuple[Any, ...]]
) -> tuple[Any, ...]:
    """Returns a room part's data, made once per seating change (not per move) and viewer."""
    key = (make, viewer.person_id)
    data = live.seating_cache.get(key)
    if data is None:
        data = live.seating_cache[key] = make(live, viewer)
    return data


def _seats_data(live: LiveRoom, viewer: Viewer) -> tuple[Any, ...]:
    online = live.online()
    rows = tuple(
        (
            seat.seat_no,
            live.seat_name(seat),
            seat.bot,
            seat.person_id is not None and seat.person_id in online,
            seat.person_id is not None and seat.person_id == live.row.host_id,
            seat.person_id is not None and seat.person_id == viewer.person_id,
            _stand_in(live, seat.seat_no),
        )
        for seat in live.seats
        # during a game only its seats are listed: an empty one cannot be taken until it ends
        if not live.playing or live.game_seat(seat.seat_no) is not None
    )
    preset = PRESETS.get(live.row.clock)
    return (rows, live.playing, preset.label if preset else None)


def _stand_in(live: LiveRoom, seat_no: int) -> str | None:
    """Returns why a bot plays a person's seat in the running game (see `LiveRoom`), or None."""
    seat = live.game_seat(seat_no) if live.playing else None
    return live.stand_in_reason(seat) if seat is not None else None


def _clock_parts(live: LiveRoom) -> tuple[Part, ...]:
    """Returns each game seat's clock, `clock-<room seat>`, shown in its row of the seats
    (made once per revision for every viewer, with the other shared parts: `shared`).

    Its key holds the deadline (or the bank, while stopped), so it is re-sent only when that
    changes; and the seating generation, so a seats part re-sent after a seating change
    (bringing empty clock slots) is followed by the clocks again. The page counts down from
    the seconds left when it was rendered (`data-countdown`): the browser's own clock may
    be wrong, it does not matter.
    """
    match = live.match
    assert match is not None and match.clocks is not None
    clocks, now, generation = match.clocks, time.time(), live.seating_generation
    made = []
    for seat, player in enumerate(match.players):
        if player.seat_no is None:
            continue
        deadline = clocks.deadline(seat)
        key = (deadline, clocks.banks[seat], generation)
        data = (player.seat_no, deadline is not None, clocks.left(seat, now))
        made.append(Part(f"clock-{player.seat_no}", key, "room/parts/clock.html", data))
    return tuple(made)


def _controls_data(live: LiveRoom, viewer: Viewer) -> tuple[Any, ...]:
    seated = sum(1 for s in live.seats if s.person_id is not None or s.bot is not None)
    game = live.game
    return (
        viewer.person_id is not None,
        viewer.person_id == live.row.host_id,
        viewer.room_seat,
        live.playing,
        live.match is not None and live.match.result is not None,
        game.min_players <= seated <= game.max_players,
        tuple(s.seat_no for s in live.seats if s.person_id is None and s.bot is None),
        tuple(s.seat_no for s in live.seats if s.bot is not None),
        tuple(sorted(game.bots)),
        tuple(s.seat_no for s in live.seats if s.person_id not in (None, viewer.person_id)),
        *_game_seat_controls(live, viewer),
        live.problem,
    )


def _game_seat_controls(live: LiveRoom, viewer: Viewer) -> tuple[Any, ...]:
    """Returns what the seat controls of a running game need: whether the viewer plays in
    it, whether the host handed their seat to a bot, the freed seats they may take, and for
    the host each played seat as (room seat, name, stand-in reason, played by a bot)."""
    match = live.match
    if match is None or not live.playing:
        return (False, False, (), ())
    seat = viewer.seat
    rows = tuple(
        (p.seat_no, p.name, live.stand_in_reason(n), p.person_id is None)
        for n, p in enumerate(match.players)
        if p.seat_no is not None
    )
    return (
        seat is not None,
        seat is not None and match.players[seat].stand_in == HOST,
        tuple(n for n, _name, reason, _bot in rows if reason == OPEN),
        tuple(row for row in rows if row[2] != OPEN),
    )


def render_part(env: Environment, live: LiveRoom, viewer: Viewer, part: Part) -> str:
    """Returns a part's HTML, rendered once per revision for all viewers who see the same.

    A template that never reads who is looking (`seat`, `viewer`, `view`) renders the
    same HTML for equal data, so viewers share it; the others are cached per viewer.
    """
    locale = env.globals["locale"]  # HTML is in a language: cached per language
    if _viewer_free(env, part.template):
        shared = live.cache.setdefault(("shared", part.name, locale), [])
        for key, html in shared:
            if key is part.key or key == part.key:
                return html
        html = render(env, part.template, **_context(env, live, viewer, part))
        shared.append((part.key, html))
        return html
    cache_key = ("html", part.name, viewer.seat, viewer.person_id, locale)
    html = live.cache.get(cache_key)
    if html is None:
        html = render(env, part.template, **_context(env, live, viewer, part))
        live.cache[cache_key] = html
    return html


_VIEWER_NAMES = frozenset({"seat", "viewer", "view"})


def _viewer_free(env: Environment, template: str) -> bool:
    """Returns whether a template's output depends only on its part and the room.

    Templates it includes or imports count too; a name Jinja cannot resolve statically
    counts as depending on the viewer, so a shared render can never show one viewer's
    HTML to another.
    """
    cache: dict[str, bool] = env.globals.setdefault("_viewer_free", {})  # type: ignore[assignment]
    if template not in cache:
        cache[template] = False  # also stops an include cycle
        source = env.loader.get_source(env, template)[0]  # type: ignore[union-attr]
        tree = env.parse(source)
        referenced = list(meta.find_referenced_templates(tree))
        cache[template] = not (meta.find_undeclared_variables(tree) & _VIEWER_NAMES) and all(
            name is not None and _viewer_free(env, name) for name in referenced
        )
    return cache[template]


def _names(env: Environment, live: LiveRoom) -> list[str]:
    """Returns the players' names in the env's language (a bot's seat label is a message),
    made once per revision and language."""
    locale = env.globals["locale"]
    names: list[str] | None = live.cache.get(("names", locale))
    if names is None:
        players = live.match.players if live.match else []
        names = live.cache["names", locale] = said_lines(env, (p.name for p in players))
    return names


def _context(env: Environment, live: LiveRoom, viewer: Viewer, part: Part) -> dict[str, Any]:
    match = live.match
    return {
        "part": part.data,
        "key": part.key,
        "viewer": viewer,
        "seat": viewer.seat,
        "room": live.row,
        "game": live.game,
        "names": _names(env, live),
        # Who sits at each seat, for the links from a game's summary to their history.
        "people": [p.person_id for p in match.players] if match else [],
        # The version a seat's moves are sent with: its stamp (see `Match.stamps`).
        "version": match.stamp(viewer.seat) if match and viewer.seat is not None else 0,
        # Only the moves part may read other parts: it re-renders whenever the seat's moves
        # change or it moves, and only the seat's own moves change what it reads.
        "view": live.game_view(viewer.seat) if match else {},
        "package": game_package(live.row.game_type),
        # Seconds left on the game's own timer (a For20 window): a callable, so only the
        # templates that show a countdown pay for it.
        "timer_left": live.timer_left,
        # When it runs out, on the server's clock (epoch seconds; see room/countdown.html).
        "timer_deadline": live.timer_deadline,
    }


def visible_log(live: LiveRoom, viewer: Viewer, after: int) -> tuple[int, tuple[int, ...]]:
    """Returns the newest sequence number and where in the match log the events are
    that this viewer may see after `after` (positions, so equal tuples mean equal lines)."""
    match = live.match
    if match is None:
        return 0, ()
    log = match.log
    start = max(0, len(log) - LOG_TAIL)
    positions: list[int] = []
    for index in range(len(log) - 1, start - 1, -1):  # newest first: usually a few lines
        seq, event = log[index]
        if seq <= after:
            break
        if event.visible_to(viewer.seat):
            positions.append(index)
    positions.reverse()
    return match.version, tuple(positions)


def log_lines(env: Environment, live: LiveRoom, positions: tuple[int, ...]) -> list[str]:
    """Returns the log events at these positions in plain words, in the env's language."""
    match = live.match
    if match is None:
        return []
    names = [p.name for p in match.players]
    describe = live.game.log_line
    return said_lines(env, (describe(match.log[index][1], names) for index in positions))


def said_lines(env: Environment, lines: Iterable[str]) -> list[str]:
    """Returns log lines (`Game.describe`'s messages) in the env's language; English lines
    are the messages' own words."""
    if env.globals["locale"] == SOURCE:
        return list(lines)
    return [text(env, line) for line in lines]
