"""The five language catalogues of the table page, read as data (no browser).

Each language's sentences are ``static/words/{en,cy,si,sk,ps}.json`` (docs/languages.md):
every catalogue has the same keys, section by section and deep (a key's signature,
``"raises(n)"``, included), but for ``WORDS``, the language's own word tables; every
template parses (the syntax of ``static/words/template.js``, read again here), uses
only the values its signature names, the same ones in every language, and only formats
the language has (built in, a table of its ``WORDS``, a function of its
``grammar/{lang}.js``); a plural's branches are categories the language has;
``ERRORS`` has exactly the server's error codes; the ``data-words`` keys of index.html
and table.html are keys of every catalogue's ``UI``; the chooser (``words.js``) offers
exactly these languages, each in its own name; a language is only its files (no
module of its own: ``load(lang)`` of ``catalogue.js`` builds every catalogue, and its
list of the languages with a grammar module is the modules there are); and Sinhala is
written with the zero-width joiner its conjuncts need.
tests/browser/test_browser_words.py checks the built catalogues in a real browser.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from palace_poker.errors import ERROR_CODES
from paths import STATIC

LANGS = ("en", "cy", "si", "sk", "ps")
WORDS = STATIC / "words"
#: The sections whose keys every language has (WORDS is each language's own).
SECTIONS: tuple[str, ...] = ("CARDS", "HANDS", "PARTS", "EVENTS", "ENTRIES", "OPTIONS")
SECTIONS += ("ERRORS", "UI", "EXPLAIN", "LESSON")
#: The formats catalogue.js gives every language.
BUILT_IN = {"number", "seat", "cards", "capital"}
#: The values catalogue.js adds to a UI sentence with `min` and `max`.
DERIVED = {"range", "atLeastOne"}
#: The plural categories of each language (CLDR, as Intl.PluralRules gives them).
CATEGORIES = {
    "en": {"one", "other"},
    "cy": {"zero", "one", "two", "few", "many", "other"},
    "si": {"one", "other"},
    "sk": {"one", "few", "many", "other"},
    "ps": {"one", "other"},
}
SIGNATURE = re.compile(r"^([^(]+)\(([^)]*)\)$")


@dataclass
class Placeholder:
    """``{name, f, g}``, or ``{name, plural|select, key {…} …}``."""

    name: str
    formats: list[str] = field(default_factory=list)
    kind: str | None = None
    branches: dict[str, list[Any]] = field(default_factory=dict)


def parse(source: str) -> list[Any]:
    """The syntax tree of a template, as template.js reads it; SyntaxError if it is not one.

    >>> parse("{n, number} {n, plural, one {card} other {cards}}")[0]
    Placeholder(name='n', formats=['number'], kind=None, branches={})
    >>> parse("a } b")
    Traceback (most recent call last):
    SyntaxError: a } closes nothing at 2 in 'a } b'
    """
    at = 0

    def fail(why: str) -> SyntaxError:
        return SyntaxError(f"{why} at {at} in {source!r}")

    def skip() -> None:
        nonlocal at
        while at < len(source) and source[at].isspace():
            at += 1

    def word() -> str:
        nonlocal at
        skip()
        start = at
        while at < len(source) and not source[at].isspace() and source[at] not in "{},":
            at += 1
        if at == start:
            raise fail("a name is missing")
        return source[start:at]

    def nodes(in_branch: str | None) -> list[Any]:
        nonlocal at
        out: list[Any] = []
        text = ""
        while at < len(source):
            c = source[at]
            if c == "}":
                if in_branch is None:
                    raise fail("a } closes nothing")
                break
            if c == "{":
                if text:
                    out.append(text)
                text = ""
                at += 1
                out.append(placeholder())
                continue
            text += c
            at += 1
        if text:
            out.append(text)
        return out

    def placeholder() -> Placeholder:
        nonlocal at
        found = Placeholder(word())
        skip()
        while at < len(source) and source[at] == ",":
            at += 1
            fmt = word()
            skip()
            if fmt in ("plural", "select"):
                if at >= len(source) or source[at] != ",":
                    raise fail(f"{fmt} needs its branches")
                at += 1
                found.kind = fmt
                skip()
                while at < len(source) and source[at] != "}":
                    key = word()
                    skip()
                    if at >= len(source) or source[at] != "{":
                        raise fail(f"the branch {key} has no {{")
                    at += 1
                    found.branches[key] = nodes(fmt)
                    if at >= len(source) or source[at] != "}":
                        raise fail(f"the branch {key} is not closed")
                    at += 1
                    skip()
                if at >= len(source):
                    raise fail(f"{{{found.name} is not closed")
                if "other" not in found.branches:
                    raise fail(f"{fmt} has no other branch")
                at += 1
                return found
            found.formats.append(fmt)
        if at >= len(source) or source[at] != "}":
            raise fail(f"{{{found.name} is not closed")
        at += 1
        return found

    tree = nodes(None)
    if at < len(source):
        raise fail("a } closes nothing")
    return tree


def placeholders(tree: list[Any]) -> list[Placeholder]:
    """Every placeholder of a tree, branches included."""
    out: list[Placeholder] = []
    for node in tree:
        if isinstance(node, Placeholder):
            out.append(node)
            for branch in node.branches.values():
                out += placeholders(branch)
    return out


def _data(lang: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((WORDS / f"{lang}.json").read_text(encoding="utf-8"))
    return loaded


def key_paths(node: object, prefix: str = "") -> list[str]:
    """The dotted paths of a section's keys, deep.

    >>> key_paths({"a": "x", "b": {"c(n)": "y"}})
    ['a', 'b', 'b.c(n)']
    """
    paths: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            path = f"{prefix}{key}"
            paths.append(path)
            paths += key_paths(value, f"{path}.")
    return paths


def templates(node: object, prefix: str = "") -> dict[str, str]:
    """Every string of a section by its dotted path (lists, such as a table's column
    names, are text as they are)."""
    found: dict[str, str] = {}
    if isinstance(node, str):
        found[prefix] = node
    elif isinstance(node, dict):
        for key, value in node.items():
            found |= templates(value, f"{prefix}.{key}" if prefix else key)
    return found


def signature(path: str) -> list[str] | None:
    """The parameters a path's last key declares ("UI.battle.raises(n)" -> ["n"])."""
    found = SIGNATURE.match(path.rsplit(".", 1)[-1])
    if not found:
        return None
    return [p.strip().rstrip("?") for p in found[2].split(",") if p.strip()]


def grammar_formats(lang: str) -> set[str]:
    module = WORDS / "grammar" / f"{lang}.js"
    if not module.is_file():
        return set()
    return set(re.findall(r"^export function (\w+)\(", module.read_text(encoding="utf-8"), re.M))


@pytest.mark.parametrize("section", SECTIONS)
def test_the_catalogues_have_the_same_keys(section: str) -> None:
    english = key_paths(_data("en")[section])
    assert len(english) >= 2
    for lang in LANGS[1:]:
        keys = key_paths(_data(lang)[section])
        assert sorted(keys) == sorted(english), (lang, set(keys) ^ set(english))


def test_every_template_parses_and_uses_its_own_values() -> None:
    used_by_lang: dict[str, dict[str, set[str]]] = {}
    for lang in LANGS:
        data = _data(lang)
        assert data["LANG"] == lang
        assert data["DIR"] == ("rtl" if lang == "ps" else "ltr")
        formats = BUILT_IN | set(data["WORDS"]) | grammar_formats(lang)
        used_by_lang[lang] = {}
        for section in SECTIONS:
            for path, source in templates(data[section], section).items():
                tree = parse(source)
                params = signature(path)
                if params is None:
                    assert not placeholders(tree), (lang, path, "no signature, so no values")
                    continue
                allowed = set(params) | (DERIVED if {"min", "max"} <= set(params) else set())
                used = placeholders(tree)
                names = {p.name for p in used}
                assert names <= allowed, (lang, path, names - allowed)
                used_by_lang[lang][path] = names
                for p in used:
                    assert set(p.formats) <= formats, (lang, path, set(p.formats) - formats)
                    if p.kind == "plural":
                        categories = {k for k in p.branches if not k.startswith("=")}
                        assert categories <= CATEGORIES[lang], (lang, path, categories)
    # Every language says what English says: each sentence uses the values English uses.
    for lang in LANGS[1:]:
        assert used_by_lang[lang].keys() == used_by_lang["en"].keys()
        missing = {
            path: used_by_lang["en"][path] - names for path, names in used_by_lang[lang].items()
        }
        assert not {path: names for path, names in missing.items() if names}, lang


def test_the_word_tables_cover_the_cards() -> None:
    for lang in LANGS:
        words = _data(lang)["WORDS"]
        assert set(words["cardRank"]) == set("23456789TJQKA"), lang
        assert set(words["suit"]) == set("shdc"), lang
        for name, table in words.items():
            assert all(isinstance(v, str) and v for v in table.values()), (lang, name)


def test_errors_are_the_server_codes() -> None:
    """One sentence a code; a sentence with facts names them in its signature
    (``too_many_soldiers(most)``: the soldiers a trim keeps at the table, V-BUY-3)."""
    for lang in LANGS:
        codes = [key.split("(", 1)[0] for key in _data(lang)["ERRORS"]]
        assert sorted(codes) == sorted(ERROR_CODES), lang
    assert signature("ERRORS.too_many_soldiers(most)") == ["most"]
    assert "too_many_soldiers(most)" in _data("en")["ERRORS"]


def test_a_language_is_its_files_and_one_loader_builds_them() -> None:
    """No language has a module of its own (``{lang}.js``): ``load(lang)`` of
    catalogue.js imports ``{lang}.json`` and, for the languages of its ``GRAMMARS``,
    ``grammar/{lang}.js``, exactly the grammar modules there are."""
    assert not [lang for lang in LANGS if (WORDS / f"{lang}.js").exists()]
    source = (WORDS / "catalogue.js").read_text(encoding="utf-8")
    listed = re.search(r"^export const GRAMMARS = \[(.*)\];$", source, re.M)
    assert listed is not None
    grammars = re.findall(r'"(\w+)"', listed[1])
    assert sorted(grammars) == sorted(p.stem for p in (WORDS / "grammar").glob("*.js"))
    assert set(grammars) <= set(LANGS)
    assert 'import(`./${lang}.json`, { with: { type: "json" } })' in source
    assert "import(`./grammar/${lang}.js`)" in source


def _built_names() -> list[str]:
    """The names ``build`` of catalogue.js returns (every catalogue's exports)."""
    source = (WORDS / "catalogue.js").read_text(encoding="utf-8")
    block = re.search(r"^  return \{\n(.*?)^  \};\n\}", source, re.M | re.S)
    assert block is not None
    return sorted(re.findall(r"^    (\w+)[,:]", block[1], re.M))


def test_words_js_re_exports_every_name() -> None:
    chooser = (STATIC / "words.js").read_text(encoding="utf-8")
    block = chooser[chooser.index("export const {") : chooser.index("} = catalogue;")]
    re_exported = sorted(re.findall(r"^  (\w+),$", block, re.M))
    assert re_exported == _built_names()
    assert len(re_exported) == 19
    assert "const catalogue = await load(LANG_CHOSEN);" in chooser


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
    assert all((WORDS / f"{code}.json").is_file() for code in offered)


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
        ui = set(key_paths(_data(lang)["UI"]))
        assert keys <= ui, (lang, keys - ui)


def test_sinhala_conjuncts_have_the_joiner() -> None:
    """Rakaransaya and yansaya are al-lakuna + ZWJ + ra/ya; without the joiner
    (as the rules page we got has them) the letters are drawn apart."""
    source = (WORDS / "si.json").read_text(encoding="utf-8")
    assert "\u0dca\u200d\u0dbb" in source
    assert not re.search("\u0dca[\u0dbb\u0dba]", source)


def test_the_checks_can_fail() -> None:
    with pytest.raises(SyntaxError, match="not closed"):
        parse("{n, plural, one {card} other {cards}")
    with pytest.raises(SyntaxError, match="no other branch"):
        parse("{n, plural, one {card}}")
    with pytest.raises(SyntaxError, match="closes nothing"):
        parse("a } b")
    tree = parse("{a} {b, plural, one {# {c, cards}} other {x}}")
    assert [p.name for p in placeholders(tree)] == ["a", "b", "c"]
    assert signature("UI.battle.raises(n, host?)") == ["n", "host"]
    assert signature("UI.battle.title") is None
