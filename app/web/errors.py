"""Every error a person can meet is the friendly error page, in their language, never JSON.

FastAPI answers a missing page, a wrong method, a form it cannot parse or validate, and a
crash with JSON or plain text meant for programs; people reach all of them from a browser
(a mistyped link, a stale form, a crafted post). The handlers here turn each into
templates/error.html with a sentence to read and the same status code. No endpoint of this
server is meant for scripts, so none keeps JSON errors (`/healthz` answers plain text).
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.games.core.i18n import _
from app.web.deps import environment
from app.web.render import render

log = logging.getLogger(__name__)

# What each status tells a person; a status not listed here says GENERAL.
SAID = {
    400: _("That request could not be understood. Please go back and try again."),
    403: _("That is not allowed."),
    404: _("There is nothing at this address. Check the link, or start from the lobby."),
    405: _("This address does not take that kind of request. Please start from the lobby."),
    413: _("That was too much to send at once. Please send less."),
    422: _("The form was not filled in as it should be. Please go back and try again."),
    500: _("Something went wrong on our side. Please try again in a moment."),
}
GENERAL = _("That did not work. Please go back and try again.")

MAX_BODY = 3 * 1024 * 1024
"""The largest request body read, in bytes: a 2 MB campaign or replay file and its form."""


def error_page(env: Environment, message: str, status: int) -> HTMLResponse:
    """Returns the error page with a sentence for a person to read (marked with `_`)."""
    return HTMLResponse(render(env, "error.html", message=message), status_code=status)


def said(status: int) -> str:
    return SAID.get(status, GENERAL)


async def http_error(request: Request, error: Exception) -> Response:
    """A status FastAPI or a route raised (404, 405, a body it could not parse: 400)."""
    status = error.status_code if isinstance(error, HTTPException) else 500
    response = error_page(environment(request), said(status), status)
    if isinstance(error, HTTPException) and error.headers:
        response.headers.update(error.headers)  # 405's Allow
    return response


async def invalid_request(request: Request, error: Exception) -> Response:
    """A form or query FastAPI's validation refused (a missing or oversized field)."""
    return error_page(environment(request), said(422), 422)


def install(app: FastAPI) -> None:
    """Makes the app answer every error with the friendly page, and bounds request bodies.
    Call it before adding the security middleware, whose headers these pages need too."""
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_middleware(Crashes)
    app.add_middleware(BodyLimit, limit=MAX_BODY)


class TooLarge(HTTPException):
    def __init__(self) -> None:
        super().__init__(413)


class BodyLimit:
    """Refuses request bodies over `limit` bytes with the error page (413).

    Python's form parsers keep a whole urlencoded body, and every field of it, in memory:
    without a bound a crafted post of a few hundred megabytes is that much memory. A body
    that says its length is refused before it is read; one sent in chunks is counted as it
    arrives, and the route reading it gets the 413 instead of the rest.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            request = Request(scope)
            status = 413 if length.isdigit() else 400
            response = error_page(environment(request), said(status), status)
            await response(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TooLarge()
            return message

        await self.app(scope, counted, send)


class Crashes:
    """Answers a crash with the error page (500) and logs it.

    Starlette's own last resort answers outside every middleware, so its page would miss the
    security headers; this one sits inside them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            log.exception("%s %s failed", scope["method"], scope["path"])
            if started:
                raise
            response = error_page(environment(Request(scope)), said(500), 500)
            await response(scope, receive, send)
