"""The MaskablePPO example's opponents (examples/maskable_ppo.py): ``--pool`` names
agents and weights, and the environment it makes draws them, the fast bot among
them. (Training itself needs sb3-contrib, which the project does not install.)"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from paths import EXAMPLES
from scripts import load_script


def _example() -> ModuleType:
    return load_script(EXAMPLES / "maskable_ppo.py")


def test_a_pool_is_names_and_weights() -> None:
    example = _example()
    assert example.parse_pool("fast") == {"fast": 1.0}
    assert example.parse_pool("medium=1, fast=2.5") == {"medium": 1.0, "fast": 2.5}


def test_the_environment_draws_its_opponents_from_the_pool() -> None:
    env = _example().make_env(3, {"fast": 1.0, "easy": 1.0}, "no-limit")
    met: set[str] = set()
    rng = np.random.default_rng(0)
    for episode in range(40):
        _, info = env.reset(seed=episode)
        met.update(info["opponents"])
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(info["action_mask"]))
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
    assert met == {"fast", "easy"}
