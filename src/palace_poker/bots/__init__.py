"""Bots: players that see only their own observation and choose a legal action.

A bot is any object with a ``name`` and ``act(observation) -> Action``. The
observation holds only what R-INFO-* lets that seat see, and its ``options`` are
the legal choices, so a bot cannot read a hidden card or play an illegal move by
construction. :func:`make_bot` builds a bot by its registered name; the same seed
gives the same decisions for the same observations. docs/bots.md describes each bot.

>>> bot = make_bot("heuristic", seed=1)
>>> bot.name
'heuristic'
>>> sorted(BOTS)
['heuristic', 'montecarlo', 'random']
>>> make_bot("oracle")
Traceback (most recent call last):
...
palace_poker.errors.ConfigError: [unknown_bot] no bot named 'oracle'; the bots are ...
"""

from __future__ import annotations

from collections.abc import Callable

from palace_poker.bots.base import Bot
from palace_poker.bots.heuristic import HeuristicBot, HeuristicParams
from palace_poker.bots.montecarlo import MonteCarloBot
from palace_poker.bots.random_bot import RandomBot
from palace_poker.errors import ConfigError

#: Every bot by name: a factory taking a seed.
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "montecarlo": lambda seed: MonteCarloBot(seed=seed),
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of the registered kind ``name``, seeded for reproducible play."""
    factory = BOTS.get(name)
    if factory is None:
        raise ConfigError(
            "unknown_bot",
            f"no bot named {name!r}; the bots are {', '.join(sorted(BOTS))}",
            details={"input": name},
        )
    return factory(seed)


__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "HeuristicParams",
    "MonteCarloBot",
    "RandomBot",
    "make_bot",
]
