"""Every command of ``palace-poker`` in an install without extras.

The module builds one virtual environment with the package and nothing else: no
dependency, no extra (no ``rich``, no FastAPI, ...), the engine left as Python
(``PALACE_POKER_PURE=1``), installed from a copy of the source tree as a user's
``pip install palace-poker`` would. It is built with the project's own ``uv``
(``tools/dev.py`` installs it in ``.tools/``) when there is one, else with the
standard library's ``venv`` and its ``pip``; either fetches only the build's
requirements, from the package registry. There every command's ``--help`` and a
real run of it must answer without a traceback: the core commands work, and those
needing an extra name the extra to install and exit 2.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from palace_poker import cli
from palace_poker.terminal.extras import EXTRAS
from paths import EXAMPLE, ROOT

#: A real run of each command: its arguments, what it reads on stdin, and the
#: extra it needs (None: it works in a bare install).
RUNS: dict[str, tuple[list[str], str, str | None]] = {
    "demo": (["demo", "--seed", "1", "--hands", "1", "--fast"], "", None),
    "replay": (["replay", str(EXAMPLE)], "", None),
    "show": (["show", str(EXAMPLE)], "q\n", "cli"),
    "rules": (["rules"], "", None),
    "arena": (
        ["arena", "--seats", "random,random", "--hands", "2", "--seed", "1", "--workers", "1"],
        "",
        None,
    ),
    "lab": (["lab", "--variant", "tiny", "--hands", "2", "--players", "2"], "", "plot"),
    "evaluate": (["evaluate", "random", "--opponents", "random", "--hands", "4"], "", "fast"),
    "play": (["play", "--seed", "1", "--delay", "0"], "quit\n", "cli"),
    "serve": (["serve", "--port", "0"], "", "server"),
    "admin": (["admin", "list"], "", "server"),
}
#: Variables that would let the bare interpreter see more than its own install.
LEAKY = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "COVERAGE_PROCESS_START")


@dataclass(frozen=True)
class Bare:
    """The bare install: its interpreter and its ``palace-poker`` script."""

    python: Path
    script: Path

    def run(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        """``palace-poker ARGS`` there, seeing nothing of the test's environment's
        packages (nor the user's site-packages)."""
        env = {k: v for k, v in os.environ.items() if k not in LEAKY}
        return subprocess.run(
            [str(self.script), *args],
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            env={**env, "PYTHONNOUSERSITE": "1"},
            timeout=120,
            check=False,
        )


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bare]:
    """The bare install, built once for the module."""
    root = tmp_path_factory.mktemp("bare")
    project = _source_copy(root / "project")
    environment = root / "venv"
    _install(project, environment)
    scripts = environment / ("Scripts" if os.name == "nt" else "bin")
    yield Bare(scripts / "python", scripts / "palace-poker")
    shutil.rmtree(root, ignore_errors=True)


#: The repository's top-level files a build reads (with ``src/``).
BUILD_FILES = ("pyproject.toml", "setup.py", "setup.cfg", "MANIFEST.in", "README.md")


def _source_copy(project: Path) -> Path:
    """What a build reads of the repository (``BUILD_FILES``, the licence, ``src/``),
    without what earlier builds left in ``src/``: the build's own files then go to
    the copy, never into the repository."""
    project.mkdir()
    for item in [*(ROOT / name for name in BUILD_FILES), *ROOT.glob("LICEN[CS]E*")]:
        if item.is_file():
            shutil.copy2(item, project / item.name)
    leftovers = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info")
    shutil.copytree(ROOT / "src", project / "src", ignore=leftovers)
    return project


def _install(project: Path, environment: Path) -> None:
    """Make ``environment`` and install ``project`` into it, without dependencies."""
    env = {**os.environ, "PALACE_POKER_PURE": "1"}
    python = environment / ("Scripts" if os.name == "nt" else "bin") / "python"
    uv = ROOT / ".tools" / "bin" / "uv"
    found = str(uv) if uv.exists() else shutil.which("uv")
    if found is not None:
        install = [found, "pip", "install", "--quiet", "--no-deps", "--python", str(python)]
        steps = [
            [found, "venv", "--quiet", "--python", sys.executable, str(environment)],
            [*install, str(project)],
        ]
    else:
        venv.EnvBuilder(with_pip=True).create(environment)
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        steps = [[*pip, "--no-deps", str(project)]]
    for step in steps:
        done = subprocess.run(step, env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{' '.join(step)}:\n{done.stdout}{done.stderr}"


def _commands() -> set[str]:
    """Every subcommand ``palace-poker`` offers."""
    parser = cli._parser()
    found: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


def _no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stdout + done.stderr, done.stderr


def test_every_command_has_a_run_here() -> None:
    assert _commands() == set(RUNS)


def test_the_extras_table_names_the_extras_of_pyproject() -> None:
    """Each library of each extra is known to :data:`EXTRAS`, by an extra that
    brings it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    bringing: dict[str, set[str]] = {}
    for extra, requirements in project["optional-dependencies"].items():
        for requirement in requirements:
            name = requirement.split("[")[0].split(">")[0].split("=")[0].split("<")[0].strip()
            if name != project["name"]:
                bringing.setdefault(name.lower().replace("-", "_"), set()).add(extra)
    for library, extras in bringing.items():
        assert EXTRAS.get(library) in extras, library


def test_the_install_has_no_extra(bare: Bare) -> None:
    probe = "import importlib.util as u, sys; print([m for m in sys.argv[1:] if u.find_spec(m)])"
    done = subprocess.run(
        [str(bare.python), "-I", "-c", probe, *EXTRAS],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[]"


def test_no_command_prints_the_help(bare: Bare) -> None:
    done = bare.run()
    _no_traceback(done)
    assert done.returncode == 0
    for command in RUNS:
        assert command in done.stdout


@pytest.mark.parametrize("command", sorted(RUNS))
def test_every_commands_help(bare: Bare, command: str) -> None:
    done = bare.run(command, "--help")
    _no_traceback(done)
    assert done.returncode == 0
    assert done.stdout.startswith(f"usage: palace-poker {command}")


@pytest.mark.parametrize("command", sorted(RUNS))
def test_every_command_answers(bare: Bare, command: str) -> None:
    args, stdin, extra = RUNS[command]
    done = bare.run(*args, stdin=stdin)
    _no_traceback(done)
    if extra is None:
        assert done.returncode == 0, done.stderr
        assert done.stdout
    else:
        assert done.returncode == 2
        assert done.stderr.startswith("error: [backend_unavailable]"), done.stderr
        assert f"pip install 'palace-poker[{extra}]'" in done.stderr


def test_the_network_bot_names_its_extra(bare: Bare) -> None:
    """The ``fast`` bot runs its network with NumPy: without it, a command refuses
    to seat it, before any hand, and names the extra that brings NumPy."""
    seats = ["--seats", "fast,random", "--hands", "2", "--seed", "1", "--workers", "1"]
    done = bare.run("arena", *seats)
    _no_traceback(done)
    assert done.returncode == 2
    assert done.stderr.startswith("error: [backend_unavailable]"), done.stderr
    assert "pip install 'palace-poker[fast]'" in done.stderr


def test_a_missing_library_is_refused_in_process_and_another_is_a_defect(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the bare install shows, in this process: a command whose extra's library
    is missing answers with the extra to install; a module missing for any other
    reason is a defect and is raised as it is."""

    def needs(library: str) -> object:
        def run(_args: argparse.Namespace) -> int:
            raise ModuleNotFoundError(f"No module named {library!r}", name=library)

        return run

    real = argparse.ArgumentParser.parse_args

    def parse(parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> argparse.Namespace:
        parsed: argparse.Namespace = real(parser, *args, **kwargs)
        parsed.run = needs(library)
        return parsed

    library = "rich"
    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse)
    assert cli.main(["rules"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "error: [backend_unavailable] palace-poker rules needs rich: "
        "pip install 'palace-poker[cli]'"
    )
    library = "no_such_library"
    with pytest.raises(ModuleNotFoundError, match="no_such_library"):
        cli.main(["rules"])
