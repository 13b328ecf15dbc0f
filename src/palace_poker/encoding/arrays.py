"""The observation vector and the mask of legal ids as NumPy arrays (needs NumPy:
the ``fast`` extra), as the environments give them to a network."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from palace_poker.encoding import vector
from palace_poker.encoding.ids import NUM_ACTIONS
from palace_poker.encoding.steps import Pending
from palace_poker.observation import Observation


def observation_vector(view: Observation, pending: Pending | None) -> NDArray[np.float32]:
    """The observation vector of ``view``'s seat with its choice in progress, as the
    environments give it (float32, :data:`~palace_poker.encoding.vector.SIZE`)."""
    values = np.zeros(vector.SIZE, np.float32)
    found = vector.view_entries(view, pending)
    values[list(found)] = list(found.values())
    return values


def observation_arrays(
    view: Observation, pending: Pending | None, legal: list[int]
) -> tuple[NDArray[np.float32], NDArray[np.int8]]:
    """The observation vector of ``view``'s seat with its choice in progress, and
    the mask of the ``legal`` ids, as the environments give them."""
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[legal] = 1
    return observation_vector(view, pending), mask
