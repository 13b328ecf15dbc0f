"""Helpers for the browser tests.

Pages in a fresh context that record script errors, and the languages offered (the
fixtures ``browser`` and ``server`` are in tests/browser/conftest.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, ConsoleMessage, Page

CHROMIUM = Path("/usr/bin/chromium")
#: The languages the page is offered in, English first.
LANGS = ("en", "cy", "si", "sk", "ps")


def new_page(
    browser: Browser,
    errors: list[str],
    *,
    width: int = 1280,
    height: int = 800,
    locale: str | None = None,
    reduced_motion: str | None = None,
) -> Page:
    """A page in a fresh context (its own localStorage) that records script errors.

    Uncaught errors, and console warnings or errors (language.js warns of a
    data-words key the catalogue lacks), go to ``errors``.
    """
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if locale is not None:
        options["locale"] = locale
    if reduced_motion is not None:  # "reduce": the browser asks for no movement
        options["reduced_motion"] = reduced_motion
    context = browser.new_context(**options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(f"pageerror: {err}"))

    def console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            errors.append(f"console {message.type}: {message.text}")

    page.on("console", console)
    return page
