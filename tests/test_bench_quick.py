"""The benchmark's quick mode (what CI runs): every library ranks the same hands the
same way as ours. Timings are printed by the benchmark but never judged here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

RUN = Path(__file__).resolve().parent.parent / "benchmarks" / "run.py"


def test_quick_benchmark_agrees_with_every_library() -> None:
    for anchor in ("eval7", "phevaluator", "pokerkit", "treys", "numpy"):
        pytest.importorskip(anchor, reason="the bench dependency group is not installed")
    result = subprocess.run(
        [sys.executable, str(RUN), "--quick"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "DISAGREEMENT" not in result.stdout
    for label in ("5 cards", "7 cards", "9 cards, a suit excluded"):
        assert f"- {label}: same order as ours" in result.stdout
    assert "| batch, 9 cards, a suit excluded" in result.stdout
