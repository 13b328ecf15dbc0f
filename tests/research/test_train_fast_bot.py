"""The fast bot's examples (tools/train_fast_bot.py): a teacher's decisions written
as the ids a policy plays, read back as the network's inputs. (The fit and the
improvement rounds need PyTorch, which the project does not install.)"""

from __future__ import annotations

import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from palace_poker.bots.fast import FEATURES, shipped
from palace_poker.env import observe
from paths import ROOT
from scripts import load_script


def _script() -> ModuleType:
    return load_script(ROOT / "tools" / "train_fast_bot.py")


def test_collected_examples_are_legal_ids_with_their_inputs(tmp_path: Path) -> None:
    script = _script()
    job = script.Job(0, 1, 5, time.time() + 600, "medium", ["easy"], tmp_path, max_hands=12)
    assert script.collect_worker(job) == 12
    data = script.load(tmp_path)
    rows = len(data["ids"])
    assert rows > 5
    assert data["x"].shape == (rows, observe.SIZE + FEATURES)
    assert data["mask"][np.arange(rows), data["ids"]].all()  # every id was legal
    assert (data["mask"].sum(axis=1) > 1).all()  # a forced id teaches nothing
    assert data["limit"].any()
    assert not data["limit"].all()
    assert ((data["x"][:, : observe.SIZE] >= 0) & (data["x"][:, : observe.SIZE] <= 1)).all()


def test_an_improvement_round_meets_its_opponents_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A round's hands: each deal four times (both structures, both seats) against
    one opponent, the opponents in turn; every learner step with its hand's result."""
    script = _script()
    met: list[str] = []
    real = script.make_bot

    def recording(name: str, seed: int | None = None) -> Any:
        met.append(name)
        return real(name, seed)

    monkeypatch.setattr(script, "make_bot", recording)
    archive = shipped()
    weights = {"mean": archive.mean, "scale": archive.scale}
    for k, (w, b) in enumerate(archive.layers):
        weights[f"w{k}"], weights[f"b{k}"] = w, b
    job = script.Round(weights, ("random", "easy"), 5, 0, 12)
    steps, results = script.play_round(job)
    assert met == ["random"] * 4 + ["easy"] * 4 + ["random"] * 4
    assert len(results) == 12
    assert steps
    assert {step[4] for step in steps} <= set(results)  # each step carries its hand's result
    assert {step[5] for step in steps} == {True, False}  # both structures
