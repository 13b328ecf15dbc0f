"""The PettingZoo self-play example (examples/pettingzoo_selfplay.py): one policy
plays every seat of ``tiny`` with a league of its past selves, and learns to beat a
uniformly random player."""

from __future__ import annotations

from types import ModuleType

import pytest

from paths import EXAMPLES
from scripts import load_script

pytest.importorskip("pettingzoo")


def _example() -> ModuleType:
    return load_script(EXAMPLES / "pettingzoo_selfplay.py")


def test_self_play_learns_to_beat_a_random_player(capsys: pytest.CaptureFixture[str]) -> None:
    result = _example().main(hands=1200, every=600, snapshot=200, evaluation=600)
    out = capsys.readouterr().out
    assert "before:" in out
    assert "1200 hands" in out
    (_, before, _), *_, (hands, after, half) = result["curve"]
    assert hands == 1200
    assert abs(before) < 0.1  # the untrained policy is uniform: about even
    assert after - half > 0.1  # big bets a hand, the interval above it
    assert result["league"] == 1 + 1200 // 200
