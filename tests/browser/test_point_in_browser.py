"""A click on a picture move sends the point in the picture's own pixels, whatever size CSS
gives the picture on screen (scaled down, transformed, on a high-density screen), with the
seat's version, through htmx's socket: the toy picture game of tests/games/core. A target
button under an action's heading sends the whole action (htmx merges the heading's values)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.web.render import make_environment
from tests.games.core.test_choices import GAME

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

STATIC = Path(__file__).resolve().parents[2] / "static"
SITE = "http://toy.test"
SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">'
    '<rect width="400" height="300" fill="#246"/><circle cx="300" cy="100" r="20" fill="#fc0"/>'
    "</svg>"
)
SCRIPTS = ("vendor/htmx.min.js", "vendor/htmx-ext-ws.min.js", "app.js", "moves.js")
# The table, as room/parts/table.html opens it: every move made in it takes the seat's
# version from its stamp (a form field, so a string).
TABLE = '<div id="table" hx-include="#stamp"><input type="hidden" id="stamp" name="v" value="{}">'


def _page(style: str) -> str:
    """Returns a page with the toy game's picture move, as the moves part renders it."""
    state = GAME.setup(1, {}, 1)
    moves = GAME.moves_view(state, 0)
    assert moves is not None
    point = make_environment().from_string(
        '{% from "room/moves.html" import point %}{{ point(choice, 5, "target") }}'
    )
    scripts = "".join(f'<script src="/static/{name}"></script>' for name in SCRIPTS)
    return (
        f"<!doctype html><html><head><style>{style}</style>{scripts}</head><body>"
        f'<div hx-ext="ws" ws-connect="/ws">{TABLE.format(5)}<div id="actions"><div class="moves">'
        f"{point.render(choice=moves.points[0])}</div></div></div></div></body></html>"
    )


def _serve(page: Any, html: str) -> list[dict[str, Any]]:
    """Serves the page and the static files, and answers the socket; returns what it gets."""
    sent: list[dict[str, Any]] = []

    def files(route: Any) -> None:
        path = route.request.url.removeprefix(SITE)
        if path == "/":
            route.fulfill(body=html, content_type="text/html")
        elif path == "/static/toy-target.svg":
            route.fulfill(body=SVG, content_type="image/svg+xml")
        else:
            name = path.removeprefix("/static/")
            route.fulfill(body=(STATIC / name).read_bytes(), content_type="text/javascript")

    def socket(ws: Any) -> None:
        ws.on_message(lambda message: sent.append(json.loads(message)))
        sent.append({"open": True})

    page.route(f"{SITE}/**", files)
    page.route_web_socket("**/ws", socket)
    page.goto(f"{SITE}/")
    _until(page, lambda: sent)
    return sent


def _until(page: Any, check: Any) -> None:
    for _poll in range(200):
        if check():
            return
        page.wait_for_timeout(25)
    raise AssertionError("condition not met")


@pytest.mark.parametrize(
    ("style", "scale"),
    [
        (".point-pick img { width: 200px; height: auto; }", 1),
        (".point-pick { transform: scale(0.5); transform-origin: 0 0; }", 1),
        (".point-pick img { width: 600px; height: 450px; }", 2),
    ],
    ids=["css-width", "transform", "zoomed-2x"],
)
def test_a_click_sends_the_point_in_picture_pixels(browser: Any, style: str, scale: int) -> None:
    context = browser.new_context(device_scale_factor=scale)
    try:
        page = context.new_page()
        sent = _serve(page, _page(style))
        image = page.locator(".point-pick img")
        image.wait_for()
        page.wait_for_function("document.querySelector('.point-pick img').complete")
        box = image.bounding_box()
        assert box is not None and box["width"] != 400  # scaled on screen
        page.mouse.click(box["x"] + box["width"] * 0.75 + 0.2, box["y"] + box["height"] / 3 + 0.2)
        _until(page, lambda: len(sent) > 1)
        message = sent[1]
        message.pop("HEADERS", None)
        assert message == {"cmd": "act", "v": "5", "kind": "tap", "x": 300, "y": 100}
        assert GAME.codec.decode(message) is not None
    finally:
        context.close()


def test_a_target_button_sends_its_heading_action(browser: Any) -> None:
    from app.games.core import OneOf
    from tests.games.core.test_choices import Tap

    choice = OneOf(Tap(), (Tap(1, 2), Tap(3, 4)))
    body = (
        '{% from "room/moves.html" import one_of %}{% macro head(a) %}Tap{% endmacro %}'
        "{% macro option(a) %}at {{ a.x }} {{ a.y }}{% endmacro %}"
        "{{ one_of(other, 9, head, option) }}"
    )
    template = make_environment().from_string(
        '<div hx-ext="ws" ws-connect="/ws">'
        + TABLE.format(9)
        + '<div class="moves">'
        + body
        + "</div></div></div>"
    )
    scripts = "".join(f'<script src="/static/{name}"></script>' for name in SCRIPTS)
    html = f"<!doctype html><html><head>{scripts}</head><body>"
    html += template.render(other=choice) + "</body></html>"
    context = browser.new_context()
    try:
        page = context.new_page()
        sent = _serve(page, html)
        page.locator(".one-of button", has_text="at 3 4").click()
        _until(page, lambda: len(sent) > 1)
        message = sent[1]
        message.pop("HEADERS", None)
        assert message == {"kind": "tap", "x": 3, "y": 4, "cmd": "act", "v": "9"}
    finally:
        context.close()
