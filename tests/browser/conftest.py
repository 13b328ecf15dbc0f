"""The browser tests' fixtures: Debian's Chromium driven by Playwright, launched once
for the whole run (each test opens its own context, with its own storage), and the
real table server in a child process with a fresh SQLite file for each test.
Chromium is launched once for each test module (its tests run one after another,
whatever the order of the modules).

Skipped when ``/usr/bin/chromium`` is absent (``.ci/run`` installs it; in CI nothing
skips).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from browser_helpers import CHROMIUM
from server_helpers import ServerProcess


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium, headless, without the sandbox (it cannot run as root), once a test
    module. (Not once a run: Playwright's synchronous API keeps its event loop
    running in the thread, where the other tests' ``asyncio.run`` would then fail.)"""
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def server(serve: Callable[..., ServerProcess]) -> str:
    """The table server, bots pausing 0.2 s and 5 s between hands (a pace a page can
    be watched at); its base URL."""
    return serve(bot_pause=0.2, between=5).base


@pytest.fixture(autouse=True)
def _contexts_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a test opened is closed after it: the browser is shared by the
    run, each test's contexts (and their storage, downloads and sockets) are not."""
    yield
    if "browser" in request.fixturenames:
        browser: Browser = request.getfixturevalue("browser")
        for context in browser.contexts:
            context.close()
