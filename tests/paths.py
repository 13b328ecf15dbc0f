"""Where things are in the repository, for tests in any folder under ``tests/``.

Every path is absolute and found from this file, never from the working directory,
so the suite runs alike from any clone, in any folder, started from anywhere.
"""

from __future__ import annotations

from pathlib import Path

#: The repository's root folder.
ROOT = Path(__file__).resolve().parent.parent
#: The tests' data files (the format's example, the golden playthroughs).
DATA = ROOT / "tests" / "data"
#: The format's own example record (HAND_FORMAT.md).
EXAMPLE = DATA / "format_example.json"
#: Screenshots and captures the tests leave for people to look at.
ARTIFACTS = ROOT / "test-artifacts"
#: The package's source.
PACKAGE = ROOT / "src" / "palace_poker"
#: The browser client's files.
STATIC = PACKAGE / "server" / "static"
#: The benchmarks, examples and documentation.
BENCHMARKS = ROOT / "benchmarks"
EXAMPLES = ROOT / "examples"
DOCS = ROOT / "docs"
#: The test folders whose every test is in the compiled set (marker ``compiled``,
#: tests/conftest.py): run again against the wheel whose engine mypyc compiled.
COMPILED_FOLDERS = ("engine", "bots", "research")
