"""Agents named by a string: the registry's bots, your own, a saved policy.

:func:`make_agent` builds an agent from a string, as the evaluation command takes
it (and the Gymnasium environment its opponents):

* a bot of the registry, ``"medium"``, ``"fast"`` or ``"montecarlo:10ms"``
  (:func:`palace_poker.bots.make_bot`);
* ``"python:MODULE:NAME"``: ``NAME`` in the importable ``MODULE`` is called with
  the seed; it returns a bot (an object with ``act(observation)``) or a policy of
  ids (a callable ``(vector, mask) -> id``), played through
  :class:`~palace_poker.env.policy_bot.PolicyBot`
  (:func:`~palace_poker.env.policy_bot.uniform_ids` is one:
  ``python:palace_poker.env.policy_bot:uniform_ids``);
* ``"sb3:PATH"``: a MaskablePPO model saved by sb3-contrib (its ``.zip``), played
  deterministically through :class:`~palace_poker.env.policy_bot.PolicyBot` (sb3-contrib installed).
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

import numpy as np
from numpy.typing import NDArray

from palace_poker.bots import Bot, make_bot
from palace_poker.checks import short
from palace_poker.env.policy_bot import IdPolicy, PolicyBot
from palace_poker.errors import ConfigError


def make_agent(spec: str, seed: int | None = None) -> Bot:
    """The agent ``spec`` names (see the module's text), seeded with ``seed``."""
    kind, colon, rest = spec.partition(":")
    if colon and kind == "python":
        return _python_agent(spec, rest, seed)
    if colon and kind == "sb3":
        return PolicyBot(_maskable_ppo(rest), name=spec)
    return make_bot(spec, seed)


def _python_agent(spec: str, target: str, seed: int | None) -> Bot:
    module_name, colon, attribute = target.rpartition(":")
    if not colon or not module_name or not attribute:
        raise ConfigError(
            "unknown_bot",
            f"a Python agent is named python:MODULE:NAME, got {short(spec)}",
            details={"input": short(spec)},
        )
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as err:
        raise ConfigError(
            "unknown_bot",
            f"cannot load the agent {short(spec)}: {err}",
            details={"input": short(spec)},
        ) from err
    if not callable(factory):
        raise ConfigError(
            "unknown_bot",
            f"{short(spec)} is {short(factory)}: neither a bot nor a policy of ids",
            details={"input": short(spec)},
        )
    made: Any = factory(seed)
    if callable(getattr(made, "act", None)):
        return made  # type: ignore[no-any-return]
    if callable(made):
        return PolicyBot(made, name=spec)
    raise ConfigError(
        "unknown_bot",
        f"{short(spec)} gave {short(made)}: neither a bot (with act) nor a policy of ids",
        details={"input": short(spec)},
    )


@functools.lru_cache(maxsize=8)
def _maskable_ppo(path: str) -> IdPolicy:
    """A MaskablePPO model saved by sb3-contrib, as a deterministic policy of ids
    (loaded once a process: a seat's bot is made anew every hand)."""
    try:
        from sb3_contrib import MaskablePPO  # noqa: PLC0415 - optional
    except ImportError as err:
        raise ConfigError(
            "unknown_bot",
            "sb3:PATH needs sb3-contrib (pip install sb3-contrib)",
            details={"input": path},
        ) from err
    try:
        model = MaskablePPO.load(path, device="cpu")
    except (OSError, ValueError) as err:
        raise ConfigError(
            "unknown_bot", f"cannot load {short(path)}: {err}", details={"input": path}
        ) from err

    def policy(vector: NDArray[np.float32], mask: NDArray[np.int8]) -> int:
        action, _ = model.predict(vector, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return policy
