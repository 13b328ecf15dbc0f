"""The random bot: uniform among the legal options, then among their choices.

It reads nothing of the game but its options, so it plays every variant (docs/rules.md,
*Variants*) legally: a trim's count, for one, is drawn within the option's bounds,
which the variant's soldiers set (V-BUY-3).
"""

from __future__ import annotations

import random

from palace_poker.actions import Action
from palace_poker.bots.base import require_turn
from palace_poker.observation import Observation


class RandomBot:
    """Picks a legal option uniformly, then a uniform amount or card choice.

    >>> from palace_poker import Hand, Rules, SeededShuffle
    >>> hand = Hand.deal(Rules.of(10), [200, 200], dealer=0, shuffle=SeededShuffle(2))
    >>> bot = RandomBot(seed=1)
    >>> hand.can(bot.act(hand.observe(hand.to_act)))
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def act(self, observation: Observation) -> Action:
        """Choose one of ``observation.options``."""
        require_turn(observation, "random")
        option = self._random.choice(observation.options)
        if option.min_amount is not None and option.max_amount is not None:
            return option.action(amount=self._random.randint(option.min_amount, option.max_amount))
        if option.cards or option.max_cards:
            size = self._random.randint(option.min_cards, option.max_cards)
            return option.action(cards=tuple(self._random.sample(option.cards, size)))
        return option.action()
