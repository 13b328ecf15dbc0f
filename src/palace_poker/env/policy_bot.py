"""A policy of action ids played as a bot, and agents named by a string.

A learner trained in an environment chooses action ids (:mod:`palace_poker.env.
actions`) from the observation vector and the mask of legal ids. :class:`PolicyBot`
lets it take a seat wherever bots play (the arena, the evaluation protocol of
:mod:`palace_poker.env.evaluate`): from the seat's :class:`Observation` it builds
the same vector (:func:`palace_poker.env.observe.view_entries`) and mask
(:func:`palace_poker.env.state.legal_steps`) the environments give, asks the policy
for an id, and repeats through a choice of several ids (a discard, a trim, a
no-limit attack) until it makes one engine action.

:func:`make_agent` builds an agent from a string, as the evaluation command takes
it:

* a bot of the registry, ``"medium"`` or ``"montecarlo:10ms"``
  (:func:`palace_poker.bots.make_bot`);
* ``"python:MODULE:NAME"``: ``NAME`` in the importable ``MODULE`` is called with
  the seed; it returns a bot (an object with ``act(observation)``) or a policy of
  ids (a callable ``(vector, mask) -> id``), played through :class:`PolicyBot`
  (:func:`uniform_ids` is one: ``python:palace_poker.env.policy_bot:uniform_ids``);
* ``"sb3:PATH"``: a MaskablePPO model saved by sb3-contrib (its ``.zip``), played
  deterministically through :class:`PolicyBot` (sb3-contrib installed).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from palace_poker.actions import Action
from palace_poker.bots import Bot, make_bot
from palace_poker.bots.base import require_turn
from palace_poker.checks import short
from palace_poker.env import observe
from palace_poker.env.actions import NUM_ACTIONS
from palace_poker.env.state import Pending, legal_steps
from palace_poker.errors import ConfigError, IllegalActionError
from palace_poker.observation import Observation

#: A policy of ids: the observation vector and the mask (int8, 1 for a legal id)
#: to the id chosen.
IdPolicy = Callable[[NDArray[np.float32], NDArray[np.int8]], int]

#: The most ids one engine action takes (a trim of every soldier, then DONE).
_MAX_STEPS: Final = 64


class PolicyBot:
    """A bot that plays a policy of ids (see the module's text)."""

    def __init__(self, policy: IdPolicy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name

    def act(self, observation: Observation) -> Action:
        """The engine action the policy's ids make at this decision.

        An id outside the mask raises ``IllegalActionError('illegal_action')``
        naming it and the legal ids: a policy that plays illegal ids is broken,
        and an evaluation must not hide it."""
        require_turn(observation, self.name)
        seat = observation.viewer
        assert seat is not None
        n, pot = len(observation.in_hand), observation.pot
        pending: Pending | None = None
        for _ in range(_MAX_STEPS):
            steps = legal_steps(observation.options, seat=seat, n=n, pot=pot, pending=pending)
            vector, mask = observation_arrays(observation, pending, list(steps))
            chosen = self.policy(vector, mask)
            step = steps.get(int(chosen))
            if step is None:
                raise IllegalActionError(
                    "illegal_action",
                    f"the policy {self.name} chose id {short(chosen)}, not one of the "
                    f"legal ids {sorted(steps)}",
                    details={"input": short(chosen), "legal": sorted(steps)},
                )
            if isinstance(step, Pending):
                pending = step
                continue
            assert isinstance(step, Action)
            return step
        raise RuntimeError(f"no action after {_MAX_STEPS} ids")  # pragma: no cover


def observation_arrays(
    view: Observation, pending: Pending | None, legal: list[int]
) -> tuple[NDArray[np.float32], NDArray[np.int8]]:
    """The observation vector of ``view``'s seat with its choice in progress, and
    the mask of the ``legal`` ids, as the environments give them."""
    vector = np.zeros(observe.SIZE, np.float32)
    found = observe.view_entries(view, pending)
    vector[list(found)] = list(found.values())
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[legal] = 1
    return vector, mask


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


def uniform_ids(seed: int | None = None) -> IdPolicy:
    """A policy of ids that picks a legal id uniformly at random (seeded): the
    masked random learner of the environments, as an agent
    (``python:palace_poker.env.policy_bot:uniform_ids``). Unlike the ``random``
    bot, which picks among whole engine actions, it makes a choice of cards one id
    at a time."""
    rng = np.random.default_rng(seed)

    def policy(vector: NDArray[np.float32], mask: NDArray[np.int8]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return policy
