"""A policy of action ids played as a bot, and a bot's decision as ids.

A learner trained in an environment chooses action ids (:mod:`palace_poker.env.
actions`) from the observation vector and the mask of legal ids. :class:`PolicyBot`
lets it take a seat wherever bots play (the arena, the evaluation protocol of
:mod:`palace_poker.env.evaluate`): from the seat's :class:`Observation` it builds
the same vector (:func:`palace_poker.encoding.vector.view_entries`) and mask
(:func:`palace_poker.encoding.steps.legal_steps`) the environments give, asks the policy
for an id, and repeats through a choice of several ids (a discard, a trim, a
no-limit attack) until it makes one engine action. :func:`id_steps` goes the other
way: the ids that make a bot's action, as examples for a policy to learn from
(``tools/train_fast_bot.py``). :mod:`palace_poker.env.agents` names agents by a
string.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from palace_poker.actions import Action
from palace_poker.bots.base import require_turn
from palace_poker.checks import short
from palace_poker.encoding.arrays import observation_arrays
from palace_poker.encoding.steps import Pending, continues_to, same_action, walk_ids
from palace_poker.errors import IllegalActionError
from palace_poker.observation import Observation

#: A policy of ids: the observation vector and the mask (int8, 1 for a legal id)
#: to the id chosen.
IdPolicy = Callable[[NDArray[np.float32], NDArray[np.int8]], int]


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

        def choose(pending: Pending | None, steps: dict[int, object]) -> int:
            vector, mask = observation_arrays(observation, pending, list(steps))
            chosen = self.policy(vector, mask)
            if int(chosen) not in steps:
                raise IllegalActionError(
                    "illegal_action",
                    f"the policy {self.name} chose id {short(chosen)}, not one of the "
                    f"legal ids {sorted(steps)}",
                    details={"input": short(chosen), "legal": sorted(steps)},
                )
            return int(chosen)

        return walk_ids(observation, choose)


#: One id of a decision as a policy meets it: the observation vector, the mask of
#: legal ids, and the id chosen.
IdStep = tuple[NDArray[np.float32], NDArray[np.int8], int]


def id_steps(view: Observation, action: Action) -> list[IdStep]:
    """The ids that make the engine's ``action`` at ``view``'s decision, each with
    the vector and mask a policy sees before it: what :class:`PolicyBot` would have
    to choose to play ``action`` (the inverse of its ``act``), as a bot's decisions
    become examples for a policy of ids to learn from.

    A no-limit amount between the sizes the ids offer (R-BET-2, R-BET-5) is taken as
    the nearest size (the lower of two as near). An action not among the options
    raises ``IllegalActionError('illegal_action')``."""
    seat = view.viewer
    assert seat is not None
    made: list[IdStep] = []

    def choose(pending: Pending | None, steps: dict[int, object]) -> int:
        chosen = _step_toward(steps, action, seat)
        vector, mask = observation_arrays(view, pending, list(steps))
        made.append((vector, mask, chosen))
        return chosen

    walk_ids(view, choose)
    return made


def _step_toward(steps: dict[int, object], action: Action, seat: int) -> int:
    """The id among ``steps`` that makes ``action`` or a choice that can still end
    as it; a no-limit amount falls back to the nearest size offered."""
    near: list[tuple[int, int]] = []
    for candidate, step in steps.items():
        if isinstance(step, Action):
            if same_action(step, action):
                return candidate
            if (
                step._replace(amount=None) == action._replace(amount=None)
                and step.amount is not None
                and action.amount is not None
            ):
                near.append((abs(step.amount - action.amount), candidate))
        elif isinstance(step, Pending) and continues_to(step, action, seat):
            return candidate
    if near:
        return min(near)[1]
    raise IllegalActionError(
        "illegal_action",
        f"{short(action)} is not one of the actions the ids make here",
        details={"input": short(action), "legal": sorted(steps)},
    )


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
