"""The bot interface."""

from __future__ import annotations

from typing import Protocol

from palace_poker.actions import Action
from palace_poker.observation import Observation


class Bot(Protocol):
    """Chooses one of ``observation.options`` for the seat ``observation.viewer``."""

    name: str

    def act(self, observation: Observation) -> Action:
        """Return a legal action for the decision due."""
        ...
