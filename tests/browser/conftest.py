"""Fixtures for real-browser tests: one headless Debian Chromium per module."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.services import chromium_path

# Where browser tests leave screenshots for a person to look at (not part of the repository).
# Every screenshot is taken with caret="initial": Playwright hides the caret by writing a style
# attribute on every input, and htmx copies an old element's attributes onto the one swapped in
# for it, which the page's CSP then refuses (a console error, not the page's doing).
SHOTS = Path(tempfile.gettempdir()) / "gn_shots"

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# Runs in every page before its own scripts: records what a test asserts on afterwards.
WATCH_SCRIPT = """
(() => {
  const gn = { wsOpen: 0, messages: 0, sends: 0, csp: [], flashes: [] };
  Object.defineProperty(window, "__gn", { value: gn });
  document.addEventListener("htmx:wsOpen", () => { gn.wsOpen += 1; });
  document.addEventListener("htmx:wsAfterSend", () => { gn.sends += 1; });
  document.addEventListener("htmx:wsAfterMessage", () => {
    gn.messages += 1;
    const flash = document.getElementById("flash");
    if (flash && flash.textContent.trim()) gn.flashes.push(flash.textContent.trim());
  });
  document.addEventListener("securitypolicyviolation", (e) => {
    gn.csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
  });
})();
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium, launched once per module (skipped when it is not installed)."""
    executable = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable, headless=True, args=LAUNCH_ARGS
        )
        yield launched
        launched.close()
