"""The benchmark's quick mode (what CI runs): every library ranks the same hands the
same way as ours, and random play of every engine present ends its hands with the
chips conserved. Timings are printed by the benchmark but never judged here."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from paths import BENCHMARKS

RUN = BENCHMARKS / "run.py"
sys.path.insert(0, str(BENCHMARKS))

import bench_engine  # noqa: E402  (beside run.py, not a package)


def test_quick_benchmark_agrees_with_every_library() -> None:
    for anchor in ("eval7", "phevaluator", "pokerkit", "treys", "numpy"):
        pytest.importorskip(anchor, reason="the bench dependency group is not installed")
    result = subprocess.run(
        [sys.executable, str(RUN), "--quick"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "DISAGREEMENT" not in result.stdout
    assert "ENGINE FAILURE" not in result.stdout
    for label in ("5 cards", "7 cards", "9 cards, a suit excluded"):
        assert f"- {label}: same order as ours" in result.stdout
    assert "| batch, 9 cards, a suit excluded" in result.stdout
    assert "| engine, no-limit: at least 30x PokerKit" in result.stdout
    assert "| memory, 200 hands in play (tracemalloc)" in result.stdout


def test_quick_engine_benchmark_plays_every_engine_present() -> None:
    """Ours always; each anchor when it is installed (the bench group adds OpenSpiel
    and RLCard). measure() raises if a hand does not end or loses chips."""
    figures = bench_engine.measure(bench_engine.QUICK)
    assert min(figures.ours_limit, figures.ours_no_limit, figures.ours_copy) > 0
    assert figures.ours_memory.traced is not None
    assert figures.ours_memory.traced > 0
    for name, figure in (
        ("openspiel", figures.openspiel),
        ("openspiel", figures.openspiel_fcpa),
        ("openspiel", figures.openspiel_clone),
        ("pokerkit", figures.pokerkit),
        ("rlcard", figures.rlcard),
    ):
        assert (figure is not None) == bench_engine.installed(name), name
        assert figure is None or figure > 0


def test_engine_benchmark_refuses_an_unfinished_hand() -> None:
    hand = bench_engine.deal(bench_engine.NO_LIMIT, 0)
    with pytest.raises(AssertionError, match="did not end"):
        bench_engine.check_ours(hand)
    bench_engine.advance(hand, bench_engine.MAX_DECISIONS, random.Random(1))
    bench_engine.check_ours(hand)
