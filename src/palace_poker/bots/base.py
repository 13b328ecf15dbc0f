"""The bot interface."""

from __future__ import annotations

from typing import Protocol

from palace_poker.actions import Action
from palace_poker.errors import IllegalActionError
from palace_poker.observation import Observation


class Bot(Protocol):
    """Chooses one of ``observation.options`` for the seat ``observation.viewer``."""

    name: str

    def act(self, observation: Observation) -> Action:
        """Return a legal action for the decision due."""
        ...


def require_turn(observation: Observation, bot: str) -> None:
    """Refuse a view with no decision due to its viewer (a spectator's view, or a
    seat's while another seat acts): ``IllegalActionError('not_your_turn')``, the
    same for every bot, where a bot would otherwise fail on an empty list."""
    if not observation.options or observation.viewer is None:
        raise IllegalActionError(
            "not_your_turn",
            f"the {bot} bot acts only on the view of the seat whose decision is due",
            details={"viewer": observation.viewer, "to_act": observation.to_act},
        )
