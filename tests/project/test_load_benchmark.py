"""benchmarks/load.py, small: its own checks pass on a few tables in both set-ups.

The benchmark measures (docs/performance.md); this test asserts no timing, only
that a short run of it ends cleanly. That is worth testing: at its end it checks
every table's log (each entry once, in order), rebuilds every table, replays every
finished hand, and compares what each client received with what is stored and
with what a fresh observer gets.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from cluster_helpers import POSTGRES, needs_postgres
from paths import ROOT


def run_load(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "benchmarks/load.py", "--tables", "3", "--seconds", "4", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ") and "ms" not in line]
    return [line for line in rows if not line.startswith("| ---")]


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip("|").split("|")]


@pytest.mark.parametrize(
    "bots",
    [[], ["--seats", "2", "--bots", "fast", "--bot-pause", "0", "--stack", "2000"]],
    ids=["random", "fast-heads-up"],
)
def test_a_short_load_run_on_sqlite_checks_out(bots: list[str]) -> None:
    (row,) = run_load("--stagger", "0.5", *bots)
    setup, tables, _rate, _p50, _p99, _p999, errors, hands, gauge, cpu = _cells(row)
    assert (setup, tables, errors) == ("1 process, SQLite", "3", "0")
    assert int(hands) >= 1
    assert float(gauge) > 0
    assert float(cpu) > 0  # the server's processor time, read from /proc


@needs_postgres
def test_a_short_load_run_on_postgresql_and_redis_checks_out() -> None:
    assert POSTGRES is not None
    (row,) = run_load("--stagger", "0.5", "--skip-sqlite", "--postgres", POSTGRES)
    setup, tables, _rate, _p50, _p99, _p999, errors, hands, gauge, _cpu = _cells(row)
    assert (setup, tables, errors) == ("2 processes, PostgreSQL + Redis", "3", "0")
    assert int(hands) >= 1
    assert float(gauge) > 0
