"""What every test shares: the Hypothesis profiles, the compiled set, the checks that
a test leaves no process behind, and no skip where the run is the gate.

* **Hypothesis profiles.** ``ci`` (the default) runs every property test with its
  full count of examples; ``quick`` (``PALACE_TEST_PROFILE=quick``) runs a tenth of
  them, for a fast local look. A test that asks for ``N`` examples writes
  ``max_examples=examples(N)`` (see ``examples.py``).
* **The compiled set** (marker ``compiled``): the tests that exercise the modules
  mypyc compiles (``CORE`` in setup.py), run a second time against the wheel. Every
  test under ``tests/engine``, ``tests/bots`` and ``tests/research`` is in it; a test
  module elsewhere joins with ``pytestmark = pytest.mark.compiled``.
  ``tests/project/test_compiled_set.py`` fails when a compiled module has no test
  in the set.
* **Nothing left behind.** A process that a test started and did not end, or ended
  without waiting for it, or whose output pipe it left open, fails that test:
  otherwise Python would warn of it (an error: warnings are errors) whenever the
  object happens to be collected, in whatever test runs then.
* **The real server** (``serve``): ``palace-poker serve`` in a child process with a
  SQLite file of the test's own, on a port of its worker's own, with the options a
  test asks for; stopped after the test.
* **No terminal size from outside.** ``COLUMNS`` and ``LINES`` are removed from the
  environment: a screen is drawn at the size a test chooses, not at the size of the
  terminal the suite was started from.
* **No skip in the gate.** With ``PALACE_TEST_NO_SKIP=1`` (``.ci/run`` sets it) a
  test that skips fails instead: a missing browser, database or library is a
  missing install step, not a pass.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

from paths import COMPILED_FOLDERS, ROOT

if TYPE_CHECKING:
    from server_helpers import ServerProcess

settings.register_profile("ci", max_examples=100)
settings.register_profile("quick", max_examples=10, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("PALACE_TEST_PROFILE", "ci"))


#: What the terminal the suite is started from would otherwise tell the programs
#: under test: a test that wants a size sets it (as tests/terminal/test_fit.py does).
TERMINAL_SIZE = ("COLUMNS", "LINES")


def pytest_configure(config: pytest.Config) -> None:
    for name in TERMINAL_SIZE:
        os.environ.pop(name, None)
    subprocess.Popen.__init__ = _recording_init  # type: ignore[method-assign]
    config.addinivalue_line(
        "markers", "compiled: exercises the compiled engine (run again against the wheel)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = ROOT / "tests"
    for item in items:
        path = Path(item.path)
        if path.is_relative_to(tests) and path.relative_to(tests).parts[0] in COMPILED_FOLDERS:
            item.add_marker(pytest.mark.compiled)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    strict = os.environ.get("PALACE_TEST_NO_SKIP") == "1"
    if strict and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped where nothing may skip: {reason}"
    return report


#: Every process started (``subprocess.Popen``, directly or through ``run``) since the
#: running test began.
_STARTED: list[subprocess.Popen[Any]] = []
_POPEN_INIT = subprocess.Popen.__init__


def _recording_init(self: subprocess.Popen[Any], *args: Any, **kwargs: Any) -> None:
    _POPEN_INIT(self, *args, **kwargs)
    _STARTED.append(self)


def _left_open(process: subprocess.Popen[Any]) -> str | None:
    """What the test left of a process it started: running, never waited for (Python
    warns of both when the object is collected, in whatever test runs then), or a
    pipe still open."""
    if process.returncode is None:
        return "still running" if process.poll() is None else "ended, never waited for"
    if any(pipe is not None and not pipe.closed for pipe in (process.stdout, process.stderr)):
        return "its output pipe left open"
    return None


@pytest.fixture(autouse=True)
def _nothing_left_behind() -> Iterator[None]:
    """The processes a test starts are ended and waited for by the test (fixtures of a
    wider scope start theirs before this one begins, and end them themselves)."""
    before = set(multiprocessing.active_children())
    _STARTED.clear()
    yield
    left = [
        f"{process.args!r}: {what}"
        for process in _STARTED
        if (what := _left_open(process)) is not None
    ]
    left += [
        f"{child!r}: still running"
        for child in multiprocessing.active_children()
        if child not in before
    ]
    for process in _STARTED:  # not to trouble the next test
        if process.poll() is None:
            process.kill()
            process.wait()
    _STARTED.clear()
    assert not left, f"the test left processes behind: {left}"


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """``serve(bot_pause=..., between=...)`` starts the real table server (a child
    process, a fresh SQLite file in the test's folder) and returns it; every server
    a test started is stopped after it."""
    from server_helpers import ServerProcess  # noqa: PLC0415 - only the tests that serve

    started: list[ServerProcess] = []

    def start(*, bot_pause: float = 0.0, between: float = 0.0) -> ServerProcess:
        database = tmp_path / f"server-{len(started)}.sqlite3"
        process = ServerProcess(database, bot_pause=bot_pause, between=between)
        started.append(process)  # stopped even if it fails to start
        return process.start()

    yield start
    for process in started:
        process.stop()
