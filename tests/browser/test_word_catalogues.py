"""The five language catalogues of the table page, read as text (no browser).

``static/words/{en,cy,si,sk,ps}.js`` must export the same names, with the same
function parameters, and the same keys in ``UI`` (deep), ``EVENTS``, ``ENTRIES``
and ``ERRORS``; ``ERRORS`` has exactly the server's error codes; the ``data-words``
keys of index.html and table.html are keys of every catalogue's ``UI``; the chooser
(``words.js``) offers exactly these languages, each in its own name; and Sinhala is
written with the zero-width joiner its conjuncts need. The catalogues are formatted
one key a line (the contract in docs/languages.md), which is what lets a key path
be read from the indentation; tests/browser/test_browser_words.py checks the same in a
real browser, and the words themselves.
"""

from __future__ import annotations

import re

import pytest

from palace_poker.errors import ERROR_CODES
from paths import STATIC

LANGS = ("en", "cy", "si", "sk", "ps")
KEY = re.compile(r'^(?P<indent> *)(?P<key>[A-Za-z_$][\w$]*|"[^"]+"|\d+): ')
EXPORT = re.compile(r"^export (?:const|function|let) (?P<name>\w+)", re.M)
SIGNATURE = re.compile(r"^export function (?P<name>\w+)\((?P<params>[^)]*)\)", re.M)


def _source(lang: str) -> str:
    return (STATIC / "words" / f"{lang}.js").read_text(encoding="utf-8")


def object_keys(source: str, name: str) -> list[str]:
    """The key paths of ``export const name = {`` … ``};``, one key a line.

    >>> object_keys('export const UI = {\\n  a: 1,\\n  b: {\\n    c: "x",\\n  },\\n};\\n', "UI")
    ['a', 'b', 'b.c']
    """
    lines = source.splitlines()
    start = lines.index(f"export const {name} = {{")
    paths: list[str] = []
    stack: list[str] = []
    for line in lines[start + 1 :]:
        if line == "};":
            return paths
        found = KEY.match(line)
        if not found or line.lstrip().startswith(("case ", "//", "*", "/*")):
            continue
        depth = len(found["indent"]) // 2 - 1
        key = found["key"].strip('"')
        del stack[depth:]
        stack.append(key)
        paths.append(".".join(stack))
    raise AssertionError(f"no end of {name}")


@pytest.mark.parametrize("name", ["UI", "EVENTS", "ENTRIES", "ERRORS", "EXPLAIN", "LESSON"])
def test_the_catalogues_have_the_same_keys(name: str) -> None:
    english = object_keys(_source("en"), name)
    assert len(english) >= 10
    for lang in LANGS[1:]:
        keys = object_keys(_source(lang), name)
        assert sorted(keys) == sorted(english), (lang, set(keys) ^ set(english))


def test_errors_are_the_server_codes() -> None:
    for lang in LANGS:
        assert sorted(object_keys(_source(lang), "ERRORS")) == sorted(ERROR_CODES), lang


def test_the_catalogues_export_the_same_names_and_signatures() -> None:
    english = sorted(EXPORT.findall(_source("en")))
    signatures = {m["name"]: m["params"] for m in SIGNATURE.finditer(_source("en"))}
    assert {"UI", "EVENTS", "ENTRIES", "ERRORS", "errorText", "eventText"} <= set(english)
    for lang in LANGS:
        source = _source(lang)
        assert sorted(EXPORT.findall(source)) == english, lang
        assert {m["name"]: m["params"] for m in SIGNATURE.finditer(source)} == signatures, lang
        assert f'export const LANG = "{lang}";' in source
        direction = "rtl" if lang == "ps" else "ltr"
        assert f'export const DIR = "{direction}";' in source


def test_words_js_re_exports_every_name() -> None:
    chooser = (STATIC / "words.js").read_text(encoding="utf-8")
    block = chooser[chooser.index("export const {") : chooser.index("} = catalogue;")]
    re_exported = sorted(re.findall(r"^  (\w+),$", block, re.M))
    assert re_exported == sorted(EXPORT.findall(_source("en")))


def test_the_chooser_offers_the_five_languages_in_their_own_names() -> None:
    chooser = (STATIC / "words.js").read_text(encoding="utf-8")
    block = chooser[chooser.index("export const LANGUAGES = {") :]
    block = block[: block.index("};")]
    offered = dict(re.findall(r'^  (\w+): "([^"]+)",$', block, re.M))
    assert offered == {
        "en": "English",
        "cy": "Cymraeg",
        "si": "සිංහල",
        "sk": "Slovenčina",
        "ps": "پښتو",
    }
    assert all((STATIC / "words" / f"{code}.js").is_file() for code in offered)


@pytest.mark.parametrize("page", ["index.html", "table.html"])
def test_the_pages_words_are_in_every_catalogue(page: str) -> None:
    html = (STATIC / page).read_text(encoding="utf-8")
    keys = set(re.findall(r'data-words="([^"]+)"', html))
    for attrs in re.findall(r'data-words-attr="([^"]+)"', html):
        keys |= {pair.split("=")[1].strip() for pair in attrs.split(",")}
    assert len(keys) > 8
    assert 'src="/static/language.js"' in html
    assert "data-language-picker" in html
    for lang in LANGS:
        ui = set(object_keys(_source(lang), "UI"))
        assert keys <= ui, (lang, keys - ui)


def test_sinhala_conjuncts_have_the_joiner() -> None:
    """Rakaransaya and yansaya are al-lakuna + ZWJ + ra/ya; without the joiner
    (as the rules page we got has them) the letters are drawn apart."""
    source = _source("si")
    assert "\u0dca\u200d\u0dbb" in source
    assert not re.search("\u0dca[\u0dbb\u0dba]", source)


def test_object_keys_reads_nesting_and_can_fail() -> None:
    source = "export const X = {\n  a: {\n    b: 1,\n  },\n  c: 2,\n"
    with pytest.raises(AssertionError, match="no end"):
        object_keys(source, "X")
    assert object_keys(source + "};\n", "X") == ["a", "a.b", "c"]
