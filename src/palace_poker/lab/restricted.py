"""Restricted play (Jaffe et al., "Evaluating competitive game balance with restricted
play", AIIDE 2012): a bot that may not use one of the game's mechanics, to measure
what the mechanic is worth to it.

A :class:`RestrictedBot` asks its bot for a decision and, when the bot chooses what
the restriction forbids, plays the nearest allowed choice instead: no BUY (*no-buy*)
and no BET (*no-attack*) become a STAY, or a FOLD where the turn allows no STAY (the
last two made to battle, V-END-3); no RAISE (*no-raise*) becomes a CALL, and a no-limit
BET's opening raise is dropped. The bot's own reasoning is untouched, so the
difference it makes is a lower bound of the mechanic's worth to a bot built to use it.
"""

from __future__ import annotations

from typing import Final, Literal

from palace_poker.actions import Action, Verb
from palace_poker.bots import Bot
from palace_poker.errors import ConfigError
from palace_poker.observation import Observation

Restriction = Literal["no-buy", "no-raise", "no-attack"]

#: The restrictions, and what each forbids.
RESTRICTIONS: Final[dict[str, str]] = {
    "no-buy": "may not BUY a soldier",
    "no-raise": "may not RAISE in a battle, nor open a no-limit BET with a raise",
    "no-attack": "may not BET (never attacks; still defends)",
}


class RestrictedBot:
    """``bot`` with one mechanic forbidden (see the module's docstring)."""

    def __init__(self, bot: Bot, restriction: str) -> None:
        if restriction not in RESTRICTIONS:
            raise ConfigError(
                "invalid_arena",
                f"no restriction {restriction!r}; the restrictions are {', '.join(RESTRICTIONS)}",
                details={"input": restriction},
            )
        self.bot = bot
        self.restriction = restriction
        self.name = f"{bot.name}/{restriction}"

    def act(self, observation: Observation) -> Action:
        """The bot's choice, or the nearest allowed one."""
        action = self.bot.act(observation)
        verb, seat = action.verb, action.seat
        if self.restriction == "no-raise":
            if verb is Verb.RAISE:
                return Action(seat, Verb.CALL)
            if verb is Verb.BET and action.amount is not None:
                return Action(seat, Verb.BET, target=action.target)
            return action
        forbidden = Verb.BUY if self.restriction == "no-buy" else Verb.BET
        if verb is not forbidden:
            return action
        verbs = {option.verb for option in observation.options}
        return Action(seat, Verb.STAY if Verb.STAY in verbs else Verb.FOLD)
