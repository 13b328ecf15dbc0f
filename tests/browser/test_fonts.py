"""The web fonts shipped with the table (static/fonts.css, static/fonts/).

Checked without a browser: every ``@font-face`` of fonts.css names a file that
exists, with ``font-display: swap`` and a ``unicode-range``; the SIL Open Font
License is beside the fonts; each is served by the real server with a font's
content type. In Chromium: a Sinhala and a Pashto table draw their script with the
shipped face (DevTools says the font drawn is a web font of that family, and
``document.fonts`` has it loaded), and an English page fetches no font at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Browser, Page

from browser_helpers import new_page
from paths import STATIC
from server_helpers import ServerProcess

FONTS_CSS = STATIC / "fonts.css"
FACE = re.compile(r"@font-face\s*{([^}]*)}")
URL = re.compile(r'url\("?(/static/[^")]+)"?\)')
#: The face each script's text is drawn with, and a node of the table's page whose
#: text is in the language (the copy-invite button, in words of the catalogue).
SCRIPT_FONTS = {"si": "Noto Sans Sinhala", "ps": "Noto Sans Arabic"}


def _faces() -> list[str]:
    return FACE.findall(FONTS_CSS.read_text(encoding="utf-8"))


def _urls() -> list[str]:
    return [url for face in _faces() for url in URL.findall(face)]


def test_every_font_face_names_a_shipped_file() -> None:
    faces = _faces()
    assert len(faces) >= 4  # two scripts, regular and bold
    for face in faces:
        assert "font-display: swap" in face, face
        assert "unicode-range:" in face, face
        urls = URL.findall(face)
        assert urls, face
        for url in urls:
            path = STATIC / url.removeprefix("/static/")
            assert path.is_file(), url
            assert path.read_bytes()[:4] == b"wOF2", url  # a WOFF2 file
    assert "SIL OPEN FONT LICENSE" in (STATIC / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    shipped = {p.name for p in (STATIC / "fonts").glob("*.woff2")}
    assert shipped == {url.rsplit("/", 1)[1] for url in _urls()}  # none unused


def test_the_server_serves_the_fonts(serve: Callable[..., ServerProcess]) -> None:
    base = serve().base
    for url in [*_urls(), "/static/fonts.css"]:
        answer = httpx.get(base + url, timeout=10)
        assert answer.status_code == 200, url
        kind = answer.headers["content-type"]
        assert kind.startswith("text/css" if url.endswith(".css") else "font/"), (url, kind)


def _fonts_drawn(page: Page, selector: str) -> list[dict[str, object]]:
    """The fonts Chromium drew an element's text with (DevTools): family and
    whether it is a web font."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})
    node = cdp.send("DOM.querySelector", {"nodeId": root["root"]["nodeId"], "selector": selector})
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
    return list(fonts["fonts"])


def _open_table(browser: Browser, base: str, table: str, lang: str) -> tuple[Page, list[str]]:
    errors: list[str] = []
    page = new_page(browser, errors, locale="en-GB")
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{base}/t/{table}?lang={lang}")
    page.locator(f"html[data-words-ready={lang}]").wait_for(state="attached")
    page.evaluate("document.fonts.ready")
    assert not errors, errors
    return page, [url for url in fetched if "/static/fonts/" in url]


@pytest.mark.parametrize("lang", sorted(SCRIPT_FONTS))
def test_the_script_is_drawn_with_the_shipped_font(
    browser: Browser, serve: Callable[..., ServerProcess], lang: str
) -> None:
    server = serve()
    table = server.create(name="Palace")["table"]
    page, fetched = _open_table(browser, server.base, table, lang)
    family = SCRIPT_FONTS[lang]
    drawn = _fonts_drawn(page, "#copy-invite")
    assert {"familyName": family, "isCustomFont": True} in [
        {"familyName": f["familyName"], "isCustomFont": f["isCustomFont"]} for f in drawn
    ], drawn
    loaded = page.evaluate(
        """(family) => [...document.fonts]
             .filter((f) => f.family.replace(/"/g, '') === family && f.status === 'loaded')
             .length""",
        family,
    )
    assert loaded >= 1
    assert fetched, "no font file fetched"
    assert all(family.replace(" ", "") in url for url in fetched), fetched


def _ranges(face: str) -> list[tuple[int, int]]:
    """The code points of a face's unicode-range, as (first, last) pairs."""
    found = re.search(r"unicode-range:([^;]+);", face)
    assert found, face
    pairs = []
    for part in found[1].split(","):
        first, _, last = part.strip().removeprefix("U+").partition("-")
        pairs.append((int(first, 16), int(last or first, 16)))
    return pairs


def test_an_english_page_fetches_only_what_its_text_needs(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    """Only the language picker's own names of the languages (සිංහල, پښتو) are in
    another script: a face is fetched only if the page has a character of its
    range, and no bold face (the names are not bold)."""
    server = serve()
    table = server.create(name="Palace")["table"]
    page, fetched = _open_table(browser, server.base, table, "en")
    text: str = page.evaluate(
        "document.body.innerText + [...document.querySelectorAll('option')]"
        ".map((o) => o.textContent).join('')"
    )
    needed = set()
    for face in _faces():
        if any(first <= ord(c) <= last for c in text for first, last in _ranges(face)):
            needed.update(URL.findall(face))
    assert {url.split("/static", 1)[1] for url in fetched} <= {
        url.removeprefix("/static") for url in needed
    }
    assert not [url for url in fetched if "Bold" in url], fetched
