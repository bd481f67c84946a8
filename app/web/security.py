"""Security at the edge: strict headers on every response, Origin checks on writes."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.games.core.i18n import _
from app.web.deps import environment
from app.web.errors import error_page

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)

# An SVG image drawn by a charting library styles itself with a <style> element and style
# attributes; shown by <img> it runs no script. Its response carries this policy instead of
# the page's (`own_policy`): no script, nothing fetched, its own styles only.
IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

CROSS_SITE = _(
    "This form was sent from another site, so it was refused. Please use this site's own pages."
)

_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


_OTHER_HEADERS = [header for header in _HEADERS if header[0] != b"content-security-policy"]


def own_policy(headers: Iterable[tuple[bytes, bytes]]) -> bool:
    """Returns whether a response brings its content security policy (only IMAGE_CSP may)."""
    return any(
        name.lower() == b"content-security-policy" and value == IMAGE_CSP.encode()
        for name, value in headers
    )


def origin_allowed(headers: Headers, scheme: str, allowed: Iterable[str]) -> bool:
    """Returns whether a request's Origin (or Referer) is this site.

    Same-origin means the Origin matches the Host the browser addressed, or the
    configured public origin (behind a proxy that rewrites Host).
    """
    origin = headers.get("origin") or _origin_of(headers.get("referer"))
    if not origin:
        return False
    host = headers.get("host", "")
    same_host = (
        {f"http://{host}", f"https://{host}"} if scheme in ("http", "ws") else {f"https://{host}"}
    )
    return origin in same_host or origin in set(allowed)


def _origin_of(url: str | None) -> str | None:
    if not url:
        return None
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


class SecurityMiddleware:
    """Adds strict headers to HTTP responses and refuses cross-site form posts."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str]) -> None:
        self.app = app
        self.allowed = tuple(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            if not origin_allowed(Headers(scope=scope), scope.get("scheme", "http"), self.allowed):
                await _forbidden(scope, receive, send)
                return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                message["headers"] = headers + (_OTHER_HEADERS if own_policy(headers) else _HEADERS)
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _forbidden(scope: Scope, receive: Receive, send: Send) -> None:
    """Answers a cross-site post with the error page (a person meets it after following a
    form from another site, or a browser that sends no Origin), with the strict headers."""

    async def with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = list(message.get("headers", [])) + _HEADERS
        await send(message)

    page = error_page(environment(Request(scope)), CROSS_SITE, 403)
    await page(scope, receive, with_headers)
