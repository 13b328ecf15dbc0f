"""The documentation's examples run: every ``>>>`` session of README.md and
docs/*.md is executed with the standard library's doctest, one test per file, from
the repository root (examples read files such as tests/data/format_example.json)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from palace_poker import ERROR_CODES
from paths import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
#: Files whose examples must not silently disappear.
WITH_EXAMPLES = {
    "README.md",
    "docs/api.md",
    "docs/hand-records.md",
    "docs/rules.md",
    "docs/research.md",
}


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", DOCS, ids=_name)
def test_examples_in_docs_run(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    results = doctest.testfile(
        str(path),
        module_relative=False,
        optionflags=FLAGS,
        encoding="utf-8",
    )
    if _name(path) in WITH_EXAMPLES:
        assert results.attempted > 0, f"{_name(path)} has no >>> examples"
    assert results.failed == 0, (
        f"{results.failed} of {results.attempted} examples failed in {_name(path)} "
        "(doctest's report is in the captured stdout)"
    )


def test_docs_are_found() -> None:
    assert {_name(p) for p in DOCS} >= WITH_EXAMPLES


def test_every_error_code_is_listed_in_the_api_docs() -> None:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `([a-z_]+)` \|", text, flags=re.MULTILINE)
    assert sorted(listed) == sorted(ERROR_CODES)


def test_every_code_the_package_raises_is_listed() -> None:
    """Every error code written in the package's source is in ERROR_CODES (a code
    raised but not listed would be one a client cannot look up)."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src").rglob("*.py"))
    pattern = r'(?:Error|_refuse|_bad_order|_problem)\(\s*"([a-z_]+)"'
    used = set(re.findall(pattern, source)) | set(re.findall(r'return \("([a-z_]+)", f?"', source))
    assert used <= set(ERROR_CODES), sorted(used - set(ERROR_CODES))
    assert len(used) >= 30
