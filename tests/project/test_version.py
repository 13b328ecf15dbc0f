"""The version is written in one place, pyproject.toml: the package reads it from its
metadata (``palace_poker.__version__``) and no other file repeats it, except the
changelog, whose headings name the versions."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import palace_poker
from paths import BENCHMARKS, DOCS, EXAMPLES, PACKAGE, ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
VERSION: str = PROJECT["version"]
#: The files a version could be copied into: the package (its code, the browser
#: client, the migrations), the docs, the tools, and the root's text files.
TEXT = {".py", ".pyi", ".c", ".js", ".html", ".css", ".json", ".md", ".toml", ".txt", ".yaml"}
SEARCHED = (PACKAGE, DOCS, ROOT / "tools", BENCHMARKS, EXAMPLES)
#: The changelog names every version; pyproject.toml is the one place.
ALLOWED = {ROOT / "CHANGELOG.md", ROOT / "pyproject.toml"}


def _files() -> list[Path]:
    found = [path for path in ROOT.iterdir() if path.is_file() and path.suffix in TEXT]
    for folder in SEARCHED:
        found += [
            path
            for path in folder.rglob("*")
            if path.is_file() and path.suffix in TEXT and "__pycache__" not in path.parts
        ]
    return sorted(set(found) - ALLOWED)


def test_the_package_reports_the_version_in_pyproject() -> None:
    assert palace_poker.__version__ == VERSION
    assert metadata.version("palace-poker") == VERSION


def test_no_other_file_holds_the_version() -> None:
    # 0.1.0 and v0.1.0, not 10.1.0 or 0.1.0.1
    literal = re.compile(rf"(?<![\d.]){re.escape(VERSION)}(?!\.?\d)")
    files = _files()
    assert PACKAGE / "__init__.py" in files
    assert DOCS / "api.md" in files
    holders = [
        str(path.relative_to(ROOT))
        for path in files
        if literal.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not holders, f"{VERSION} is written in {holders}: read palace_poker.__version__"


def test_the_changelog_has_a_section_for_the_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## \[{re.escape(VERSION)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", changelog, re.M)


def test_the_version_is_not_looked_up_at_import() -> None:
    """Reading the metadata costs about a fifth of the package's import time: it is
    read when asked for."""
    code = (
        "import sys; before = set(sys.modules); import palace_poker;"
        "print('importlib.metadata' in set(sys.modules) - before, palace_poker.__version__)"
    )
    env = {key: value for key, value in os.environ.items() if not key.startswith("COVERAGE")}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout
    assert out.split() == ["False", VERSION]


def test_a_source_tree_without_metadata_reads_its_pyproject(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert palace_poker._find_version() == VERSION


@pytest.mark.parametrize(
    "text",
    [
        None,  # no pyproject.toml
        b"\xff\xfe",  # not UTF-8
        "[project\n",  # not TOML
        "[tool.other]\n",  # no [project]
        'project = "x"\n',  # project is not a table
        '[project]\nname = "x"\n',  # another project
        '[project]\nname = "palace-poker"\ndynamic = ["version"]\n',  # no version written
    ],
)
def test_without_metadata_or_a_pyproject_of_its_own_the_version_is_unknown(
    text: str | bytes | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "src" / "palace_poker"
    package.mkdir(parents=True)
    if isinstance(text, str):
        (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    elif isinstance(text, bytes):
        (tmp_path / "pyproject.toml").write_bytes(text)
    monkeypatch.setattr(palace_poker, "__file__", str(package / "__init__.py"))
    assert palace_poker._source_tree_version() == "0+unknown"
