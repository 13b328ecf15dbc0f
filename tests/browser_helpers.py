"""Shared fixtures for the browser tests of the table page's languages.

The real server (``palace-poker serve`` in a child process, a fresh SQLite file: see
``server_helpers.ServerProcess``) and Debian's Chromium driven by Playwright. The
fixtures are registered under the names ``server`` and ``browser`` (import
``server_fixture`` and ``browser_fixture`` into a test module to use them).
Skipped when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright

from server_helpers import ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
#: The languages the page is offered in, English first.
LANGS = ("en", "cy", "si", "sk", "ps")


@pytest.fixture(name="server")
def server_fixture(tmp_path: Path) -> Iterator[str]:
    """The table server on a free local port; yields its base URL."""
    process = ServerProcess(tmp_path / "tables.sqlite3", bot_pause=0.2, between=5).start()
    try:
        yield process.base
    finally:
        process.stop()


@pytest.fixture(name="browser")
def browser_fixture() -> Iterator[Browser]:
    """Chromium, headless, without the sandbox (it cannot run as root)."""
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


def new_page(
    browser: Browser,
    errors: list[str],
    *,
    width: int = 1280,
    height: int = 800,
    locale: str | None = None,
) -> Page:
    """A page in a fresh context (its own localStorage) that records script errors.

    Uncaught errors, and console warnings or errors (language.js warns of a
    data-words key the catalogue lacks), go to ``errors``.
    """
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if locale is not None:
        options["locale"] = locale
    context = browser.new_context(**options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(f"pageerror: {err}"))

    def console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            errors.append(f"console {message.type}: {message.text}")

    page.on("console", console)
    return page
