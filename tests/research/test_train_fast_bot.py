"""The fast bot's examples (tools/train_fast_bot.py): a teacher's decisions written
as the ids a policy plays, read back as the network's inputs. (The fit and the
improvement rounds need PyTorch, which the project does not install.)"""

from __future__ import annotations

import time
from pathlib import Path
from types import ModuleType

import numpy as np

from palace_poker.bots.fast import FEATURES
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
