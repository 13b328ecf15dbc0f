"""A player who meets the server's limit on new tables (docs/deploy.md, "Running it
for others") reads it in their language, in a real browser: the server allows one
table an hour per address; the page's context comes from an address of its own
(``X-Forwarded-For``, as a proxy on the server's machine forwards it), makes its
one table, and the home form's next table is refused with ``rate_limited``, shown
as the catalogue's sentence, never the code or the server's English message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from browser_helpers import LANGS, new_page
from server_helpers import ServerProcess


class LimitedServer(ServerProcess):
    """The table server allowing one new table an hour per address."""

    def command(self) -> list[str]:
        return [*super().command(), "--tables-per-hour", "1"]


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("limits")
    server = LimitedServer(folder / "limits.sqlite3")
    try:
        yield server.start().base
    finally:
        server.stop()


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_beyond_the_limit_is_refused_in_the_players_words(
    browser: Browser, limited: str, lang: str
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.context.set_extra_http_headers({"X-Forwarded-For": f"203.0.113.{LANGS.index(lang) + 1}"})
    form = {"name": "T", "host_name": "Ann", "small_bet": 10, "seats": 3, "stack": 60}
    assert page.request.post(f"{limited}/api/tables", data=form).status == 200
    page.goto(f"{limited}/?lang={lang}")
    page.locator("html[data-words-ready]").wait_for(state="attached")
    page.get_by_test_id("create-name").fill("Second")
    page.get_by_test_id("create-host-name").fill("Ann")
    page.get_by_test_id("create-submit").click()
    page.wait_for_function("() => document.getElementById('create-error').textContent !== ''")
    said = page.get_by_test_id("create-error").inner_text()
    sentence = page.evaluate(
        "async (l) => (await (await import('/static/words/catalogue.js')).load(l))"
        ".ERRORS.rate_limited",
        lang,
    )
    assert said == sentence, (lang, said)
    assert "rate_limited" not in said
    assert "too many new tables" not in said  # the server's English message
    assert "/t/" not in page.url  # the page stays: no table was made
    unexpected = [e for e in errors if not re.search(r"status of 429", e)]
    assert not unexpected, unexpected
