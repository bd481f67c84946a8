"""Clients that behave like browser tabs: HTTP with cookies, WebSockets like htmx."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

import httpx
import websockets

from app.identity import COOKIE

_VOID = {"input", "br", "img", "meta", "link", "hr"}


class _TopLevel(HTMLParser):
    """Splits an htmx WebSocket message into its top-level elements: (id, attrs, html)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text = text
        self.depth = 0
        self.start: tuple[int, dict[str, str | None]] | None = None
        self.found: list[tuple[str, dict[str, str | None], str]] = []
        self._lines = [0]
        for line in text.splitlines(keepends=True):
            self._lines.append(self._lines[-1] + len(line))

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            if self.depth == 0:  # a field sent on its own (the table's stamp)
                begin = self._offset()
                end = self.text.index(">", begin) + 1
                self.found.append((dict(attrs).get("id") or "", dict(attrs), self.text[begin:end]))
            return
        if self.depth == 0:
            self.start = (self._offset(), dict(attrs))
        self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        self.depth -= 1
        if self.depth == 0 and self.start is not None:
            begin, attrs = self.start
            end = self.text.index(">", self._offset()) + 1
            self.found.append((attrs.get("id") or "", attrs, self.text[begin:end]))
            self.start = None


def top_level(text: str) -> list[tuple[str, dict[str, str | None], str]]:
    parser = _TopLevel(text)
    parser.feed(text)
    parser.close()
    return parser.found


def join(
    base_url: str,
    name: str,
    code: str | None = None,
    game: str = "four-pints",
    options: dict[str, str] | None = None,
) -> tuple[str, str]:
    """Creates a room (or joins `code`) as a new person; returns (code, person cookie)."""
    with httpx.Client(base_url=base_url, headers={"Origin": base_url}) as client:
        if code is None:
            form = {"game_id": game, "name": name, "listed": "on", **(options or {})}
            response = client.post("/rooms", data=form)
            code = response.headers["location"].rsplit("/", 1)[1]
        else:
            response = client.post(f"/r/{code}/join", data={"name": name})
        assert response.status_code == 303, response.text
        return code, client.cookies[COOKIE]


class Tab:
    """One WebSocket to a room, keeping the latest HTML of every part by id."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.parts: dict[str, str] = {}
        self.log: list[str] = []
        self.chat: list[str] = []  # the chat's lines (inner HTML), as the page holds them
        self.received: list[str] = []

    @classmethod
    async def open(
        cls,
        base_url: str,
        code: str,
        cookie: str | None,
        origin: str | None = None,
        language: str | None = None,
        cookies: dict[str, str] | None = None,
    ) -> Tab:
        """Opens a tab's socket; `language` is the browser's Accept-Language, `cookies`
        more of the browser's cookies."""
        headers = {"Origin": origin or base_url}
        if language:
            headers["Accept-Language"] = language
        jar = {**({COOKIE: cookie} if cookie else {}), **(cookies or {})}
        if jar:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in jar.items())
        url = base_url.replace("http://", "ws://") + f"/ws/r/{code}"
        socket = await websockets.connect(url, additional_headers=headers, max_size=2**20)
        return cls(socket)

    async def send(self, payload: dict[str, Any] | str) -> None:
        text = payload if isinstance(payload, str) else json.dumps(payload)
        await self.socket.send(text)

    async def receive(self, timeout: float = 5.0) -> str:
        message = await asyncio.wait_for(self.socket.recv(), timeout)
        text = message if isinstance(message, str) else message.decode()
        self.received.append(text)
        moved = take_moved(self.parts, text)
        for ident, attrs, chunk in top_level(text):
            if ident == "log":
                lines = re.findall(r"<li>(.*?)</li>", chunk, re.S)
                self.log = self.log + lines if attrs.get("hx-swap-oob") else lines
            elif ident == "chat-log":
                said = re.findall(r"<li\b[^>]*>(.*?)</li>", chunk, re.S)
                self.chat = self.chat + said if attrs.get("hx-swap-oob") else said
            else:
                swap(self.parts, ident, attrs.get("hx-swap-oob"), chunk)
        put_moved(self.parts, moved)
        return text

    async def until(self, check: Callable[[Tab], bool], timeout: float = 10.0) -> None:
        """Reads messages until check(self) holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not check(self):
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met; parts: {sorted(self.parts)}")
            await self.receive(remaining)

    async def drain(self, quiet: float = 0.2) -> None:
        """Reads until nothing arrives for `quiet` seconds."""
        try:
            while True:
                await self.receive(quiet)
        except TimeoutError:
            return

    def flash_text(self) -> str:
        """Returns the message currently shown to this tab alone, if any."""
        return re.sub(r"<[^>]+>", "", self.parts.get("flash", "")).strip()

    def version(self) -> int | None:
        """Returns the seat's version the table holds (its stamp), sent with every move."""
        found = re.search(r'value="(\d+)"', self.parts.get("stamp", ""))
        return int(found.group(1)) if found else None

    def moves(self) -> list[dict[str, Any]]:
        """Returns the moves offered in the actions part, as the JSON the page would send:
        each button's (a one-of's options listed as data too, as static/app.js makes their
        buttons), then for each step of a builder one set it allows (as moves.js)."""
        import html

        part = whole = self.parts.get("actions", "")
        # a <template>'s buttons are no moves by themselves: lists that name it (data-more)
        # get them after their own, as static/app.js makes them
        part = filled(part)
        templates = dict(re.findall(r'<template id="([^"]+)">(.*?)</template>', part, re.S))
        part = _lists_said_around(re.sub(r"<template\b.*?</template>", "", part, flags=re.S))
        choices, rest = _one_ofs(part)
        pending = [(json.loads(html.unescape(heading)), inner) for heading, inner in choices]
        moves = []
        while pending:  # each button adds to its heading's
            base, buttons = pending.pop(0)
            # a one-of inside a one-of: its heading adds to the outer one's (htmx merges an
            # element's hx-vals with its ancestors', the nearest winning)
            nested, buttons = _one_ofs(buttons)
            pending[:0] = [({**base, **json.loads(html.unescape(h))}, i) for h, i in nested]
            # and a radio button chosen in the heading sends its field too (Stickers' player)
            base.update(re.findall(r'type="radio" name="(\w+)" value="([^"]*)" checked', buttons))
            for sets in re.findall(r"hx-vals='([^']*)'", buttons):
                moves.append({**base, **json.loads(html.unescape(sets))})
            # options listed as data: static/app.js makes a button per value of the field
            for field, listed in re.findall(r"data-field=\"(\w+)\" data-values='([^']*)'", buttons):
                values = json.loads(html.unescape(listed))
                moves.extend({**base, field: value} for value in values)
            for more in re.findall(r'data-values=\'[^\']*\'[^>]* data-more="([^"]+)"', buttons):
                for sets in re.findall(r"hx-vals='([^']*)'", templates[more]):
                    moves.append({**base, **json.loads(html.unescape(sets))})
            # options as numbers labelled by the page's elements: static/moves.js's buttons,
            # their fields said by the list or by an element around it (the last said before)
            for listed in re.finditer(r'data-copies="([^"]*)"', buttons):
                said = re.findall(r'data-fields="([\w ]+)"', buttons[: listed.end()])
                for entry in filter(None, listed.group(1).split(",")):
                    numbers = map(int, entry.split())
                    moves.append({**base, **dict(zip(said[-1].split(), numbers, strict=True))})
        values = re.findall(r"hx-vals='([^']*)'", rest)
        buttons = [json.loads(html.unescape(v)) for v in values]
        # a builder's send button may be a template (static/moves.js makes it): built_moves
        # reads the part as it came
        offered = [move for move in buttons if "kind" in move] + moves + built_moves(whole)
        stamp = {"v": self.version()}  # the table includes its stamp in every move
        return [{**move, **stamp} for move in offered]

    def points(self) -> list[dict[str, Any]]:
        """Returns the points the actions part offers (`point_steps`), with the stamp."""
        return point_steps(self.parts.get("actions", ""), self.version())

    def commands(self) -> list[dict[str, Any]]:
        import html

        values = re.findall(r"hx-vals='([^']*)'", self.parts.get("controls", ""))
        return [json.loads(html.unescape(v)) for v in values]

    async def close(self) -> None:
        await self.socket.close()


_ONE_OF = re.compile(
    r"<(span|div)(?: id=\"[^\"]*\")? class=\"(?:[\w-]+ )*one-of\" hx-vals='([^']*)'[^>]*>"
)


def filled(part: str) -> str:
    """Returns the part with each template's content (`<template data-append-to=".a.b">`, a
    selector of classes) appended inside every element of those classes, as static/app.js
    does."""
    for selector, content in re.findall(
        r'<template data-append-to="((?:\.[\w-]+)+)">(.*?)</template>', part, re.S
    ):
        wanted = set(selector.strip(".").split("."))
        out, at = [], 0
        for tag in re.finditer(r'<(\w+)\b[^>]*\bclass="([^"]*)"[^>]*>', part):
            if tag.start() < at or not wanted <= set(tag.group(2).split()):
                continue
            end = _element_end(part, tag.group(1), tag.end())
            close = end - len(f"</{tag.group(1)}>")
            out += [part[at:close], content]
            at = close
        part = "".join([*out, part[at:]])
    return part


def _lists_said_around(part: str) -> str:
    """Returns the part with each options list saying what the nearest element around it
    says once for several (`data-lists`, JSON: field, offset, class, more; labels by value
    are left out, as moves do not need them), its own attributes winning, as static/app.js
    reads them."""
    import html

    out, at = [], 0
    open_tags: list[tuple[str, dict[str, Any] | None]] = []  # each open element, its data-lists
    for tag in re.finditer(r"<(/?)([a-zA-Z][\w-]*)([^>]*)>", part):
        closing, name, attrs = tag.group(1), tag.group(2).lower(), tag.group(3)
        if closing:
            while open_tags and open_tags.pop()[0] != name:
                pass  # an element left open closes with its parent
            continue
        if name in _VOID or attrs.endswith("/"):
            continue
        lists = re.search(r" data-lists='([^']*)'", attrs)
        open_tags.append((name, json.loads(html.unescape(lists.group(1))) if lists else None))
        # a list may have an id (options' `ident`) before its values
        listed = re.match(r"( id=\"[^\"]*\")? data-values='([^']*)'(.*)\Z", attrs, re.S)
        said = next((s for _n, s in reversed(open_tags[:-1]) if s is not None), None)
        if name != "span" or listed is None or said is None:
            continue
        ident, rest = listed.group(1) or "", listed.group(3)
        own = "data-field=" in rest or "field" not in said
        field = "" if own else f'data-field="{said["field"]}" '
        more = "".join(
            f' data-{key}="{value}"'
            for key, value in said.items()
            if key not in ("field", "labels") and f"data-{key}=" not in rest
        )
        made = f"<span{ident} {field}data-values='{listed.group(2)}'{rest}{more}>"
        out += [part[at : tag.start()], made]
        at = tag.end()
    return "".join([*out, part[at:]])


def _element_end(part: str, tag: str, at: int) -> int:
    """Returns where the element of `tag` whose opening tag ends at `at` ends (its own tag
    counted, nested ones of that tag included); the part's end when it is left open."""
    depth, end = 1, at
    for mark in re.compile(rf"<{tag}\b|</{tag}>").finditer(part, at):
        depth += -1 if mark.group().startswith("</") else 1
        end = mark.end()
        if depth == 0:
            break
    return end


def _one_ofs(part: str) -> tuple[list[tuple[str, str]], str]:
    """Returns each one-of's heading (its hx-vals) with its inner HTML, elements nested in
    it included (an option may show a card's face), and the part without them."""
    found: list[tuple[str, str]] = []
    rest: list[str] = []
    at = 0
    for start in _ONE_OF.finditer(part):
        if start.start() < at:
            continue
        end = _element_end(part, start.group(1), start.end())
        found.append((start.group(2), part[start.end() : end]))
        rest.append(part[at : start.start()])
        at = end
    rest.append(part[at:])
    return found, "".join(rest)


def built_moves(part: str) -> list[dict[str, Any]]:
    """Returns, for each step of each builder in a moves part, the move made by choosing the
    fewest items it allows (what a person builds with static/moves.js), with the version."""
    import html

    out: list[dict[str, Any]] = []
    # A builder's own div (class "build" or "build single"), not its steps' or items' divs.
    for block in re.split(r'<div (?:id="[^"]*" )?class="build(?=[" ])', part)[1:]:
        points = {
            int(value): int(pts)
            for value, pts in re.findall(r'value="(-?\d+)" data-points="(-?\d+)"', block)
        }
        # or the items as data (`value:points`), labelled by the page's elements (`ref`)
        listed = re.search(r'class="build-items" data-ref="[^"]*"[^>]* data-items="([^"]*)"', block)
        for item in listed.group(1).split() if listed else ():
            value, pts = item.split(":")
            points[int(value)] = int(pts)
        sent = re.search(r"build-send[^>]*hx-vals='([^']*)'", block)
        field = re.search(r'data-field="([^"]+)"', block)
        if sent is None or field is None:
            continue
        stamp = json.loads(html.unescape(sent.group(1)))
        # what the steps share may be said once, on their container; a step that lists no
        # items allows every one
        common = re.search(r"class=\"build-steps\" data-base='([^']*)'", block)
        shared = json.loads(html.unescape(common.group(1))) if common else {}
        # or the steps as data ("number:items:count:total"), made by static/moves.js
        by = re.search(
            r'data-step-field="(\w+)" data-step-copy="[^"]*" data-steps="([^"]*)"', block
        )
        for entry in filter(None, by.group(2).split(",")) if by else ():
            number, listed_items, counted, spanned = (entry.split(":") + [""])[:4]
            items = [int(v) for v in listed_items.split()]
            count = [int(v) for v in counted.split()]
            span = [int(v) for v in spanned.split()] if spanned else None
            chosen = fewest(items, points, count, span)
            if chosen is not None:
                move = {**shared, by.group(1): int(number), field.group(1): list(chosen)}
                out.append({**move, **stamp})
        for step in re.finditer(r"<button[^>]*class=\"build-step[^>]*>", block):
            tag = step.group(0)
            own = re.search(r"data-base='([^']*)'", tag)
            base = {**shared, **(json.loads(html.unescape(own.group(1))) if own else {})}
            listed_items = re.search(r'data-items="([^"]*)"', tag)
            items = [int(v) for v in listed_items.group(1).split()] if listed_items else [*points]
            count = [int(v) for v in re.search(r'data-count="([^"]*)"', tag).group(1).split()]
            total = re.search(r'data-total="([^"]*)"', tag)
            span = [int(v) for v in total.group(1).split()] if total else None
            chosen = fewest(items, points, count, span)
            if chosen is not None:
                out.append({**base, field.group(1): list(chosen), **stamp})
    return out


def fewest(
    items: list[int], points: dict[int, int], count: list[int], total: list[int] | None
) -> tuple[int, ...] | None:
    """Returns the smallest set of items with a count and points total in range, if any."""
    import itertools

    for size in range(count[0], min(count[1], len(items)) + 1):
        for combo in itertools.combinations(items, size):
            if total is None or total[0] <= sum(points[v] for v in combo) <= total[1]:
                return combo
    return None


def point_steps(part: str, version: int | None = None) -> list[dict[str, Any]]:
    """Returns the points on pictures a moves part offers (room/moves.html's point_steps), each
    as the move a click on its picture sends but the point: its base action, `cmd`, and `v`
    (the table's stamp, when given)."""
    import html

    out = []
    found = re.findall(r'(<div [^>]*class="point-steps"[^>]*>)(.*?)</div>', part, re.S)
    for attrs, steps in found:  # what the steps share is on their container
        shared = re.search(r"data-base='([^']*)'", attrs)
        field = re.search(r'data-field="([^"]*)"', attrs)
        common = json.loads(html.unescape(shared.group(1) if shared else "{}"))
        ident = re.search(r'id="([^"]*)"', attrs)
        for button in re.findall(r"<button\b([^>]*)>", steps):
            if field:  # each step holds the value of the container's field alone: its id's end
                value = re.search(r'id="([^"]*)"', button)
                assert ident is not None and value is not None, button
                assert value.group(1).startswith(ident.group(1) + "-"), button
                own = {field.group(1): value.group(1)[len(ident.group(1)) + 1 :]}
            else:
                base = re.search(r"data-base='([^']*)'", button)
                own = json.loads(html.unescape(base.group(1))) if base else {}
            move = {**common, **own, "cmd": "act"}
            out.append(move if version is None else {**move, "v": version})
    return out


def swap(parts: dict[str, str], ident: str, oob: str | None, chunk: str) -> None:
    """Applies one top-level element of a message to the parts a tab holds (id -> HTML), as
    htmx does to the page (app/web/patches.py sends these): an element replaced by id (kept
    under its id too, as a part always was, and changed wherever a part holds it: a unit
    inside a part, a clock's slot in the seats), deleted, or its content inserted beside
    another."""
    if oob and ":" in oob:
        style, target = oob.split(":", 1)
        name, start, end = next(_found(parts, target.removeprefix("#")))
        inner = chunk[chunk.index(">") + 1 : chunk.rindex("<")]
        at = {"afterend": end, "beforebegin": start}.get(style)
        if at is None:
            raise AssertionError(f"unexpected swap {oob}")
        parts[name] = parts[name][:at] + inner + parts[name][at:]
        return
    for name, start, end in list(_found(parts, ident)):
        if name != ident:
            kept = "" if oob == "delete" else chunk
            parts[name] = parts[name][:start] + kept + parts[name][end:]
    if oob == "delete":
        parts.pop(ident, None)
    else:
        parts[ident] = chunk


_MOVED = re.compile(r'<i data-moved="([^"]+)"></i>')


def take_moved(parts: dict[str, str], message: str) -> dict[str, str]:
    """Takes out of the parts each element that a message moves (app/web/patches.py: an empty
    `<i data-moved="id">` stands where it goes), as static/app.js does before htmx swaps;
    returns them by id, for `put_moved` once the message is applied."""
    taken: dict[str, str] = {}
    for ident in _MOVED.findall(message):
        for name, start, end in list(_found(parts, ident)):
            if name != ident:  # wherever a part holds it, as swap() changes it
                taken.setdefault(ident, parts[name][start:end])
                parts[name] = parts[name][:start] + parts[name][end:]
    return taken


def put_moved(parts: dict[str, str], taken: dict[str, str]) -> None:
    """Puts each element taken out by `take_moved` where its placeholder is."""
    if not taken:
        return
    for name, html in parts.items():
        if "data-moved=" in html:
            parts[name] = _MOVED.sub(lambda found: taken.get(found[1], found[0]), html)


def normal(html: str) -> str:
    """Returns HTML with whitespace between tags dropped and runs of it made one space: a
    deleted unit leaves the whitespace beside it (text has no id), which shows the same; and
    without the server's time a countdown was rendered at (`data-now`)."""
    html = re.sub(r' data-now="[^"]*"', "", html)
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", html)).strip()


def _found(parts: dict[str, str], ident: str) -> Iterator[tuple[str, int, int]]:
    """Yields each place the element of an id is in: inside other parts (where it starts
    and ends), then the part of that id itself, whole. The skeleton's slots are not looked
    in: each part is kept under its own id."""
    for name, html in list(parts.items()):
        mark = html.find(f' id="{ident}"') if name not in (ident, "table") else -1
        if mark < 0:
            continue
        start = html.rindex("<", 0, mark)
        tag = re.match(r"<([a-zA-Z][\w-]*)", html[start:])
        assert tag is not None
        if tag.group(1).lower() in _VOID:
            yield name, start, html.index(">", mark) + 1
            continue
        depth, pattern = 0, re.compile(rf"<(/?){tag.group(1)}\b[^>]*>")
        for found in pattern.finditer(html, start):
            depth += -1 if found.group(1) else 1
            if depth == 0:
                yield name, start, found.end()
                break
    if ident in parts:
        yield ident, 0, len(parts[ident])


async def against_a_bot(base_url: str, game: str, bot: str = "greedy") -> tuple[Tab, str, str]:
    """Opens a room of `game` as Ann (the host, in the first seat), puts a bot in the second
    seat and starts; returns her tab, the room's code and her cookie."""
    code, cookie = join(base_url, "Ann", game=game)
    tab = await Tab.open(base_url, code, cookie)
    await tab.until(lambda t: {"cmd": "bot", "seat": 1, "bot": bot} in t.commands())
    await tab.send({"cmd": "bot", "seat": 1, "bot": bot})
    await tab.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
    await tab.send({"cmd": "start"})
    return tab, code, cookie


async def play_to_the_end(
    tab: Tab, rng: random.Random, timeout: float = 20
) -> list[dict[str, Any]]:
    """Plays random offered moves for the tab's seat until its game's end shows (the summary
    at the top of the table gets its title: a game's scores may be a frame on the page from
    the start); returns the moves sent. Each must be accepted (no refusal shown)."""
    sent: list[dict[str, Any]] = []

    def over(t: Tab) -> bool:
        return (
            re.search(r'<h2 id="summary-title">\s*[^<\s]', t.parts.get("summary", "")) is not None
        )

    while not over(tab):
        await tab.until(lambda t: bool(t.moves()) or over(t), timeout)
        offered = tab.moves()
        if not offered:
            break
        move = rng.choice(offered)
        await tab.send(move)
        sent.append(move)
        version = offered[0]["v"]
        await tab.until(lambda t, v=version: t.version() != v or not t.moves(), timeout)
        assert not tab.flash_text(), (move, tab.flash_text())
    return sent
