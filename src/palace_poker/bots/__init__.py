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
['easy', 'expert', 'fast', 'hard', 'heuristic', 'ismcts', 'medium', 'montecarlo', 'random']
>>> make_bot("oracle")
Traceback (most recent call last):
...
palace_poker.errors.ConfigError: [unknown_bot] no bot named 'oracle'; the bots are ...

A searching bot takes a budget after a colon: ``montecarlo:10ms`` thinks for at most
10 milliseconds a decision, ``montecarlo:64`` plays at most 64 sampled worlds (the
reproducible kind of budget). The *levels* (:data:`LEVELS`) are bots with a budget,
named for the table: ``easy``, ``medium``, ``hard`` and ``expert``.

>>> make_bot("montecarlo:10ms", seed=1).time_ms
10.0
>>> make_bot("heuristic:10ms")
Traceback (most recent call last):
...
palace_poker.errors.ConfigError: [unknown_bot] 'heuristic' takes no budget (ismcts, ...
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from palace_poker.bots.base import Bot
from palace_poker.bots.heuristic import HeuristicBot, HeuristicParams
from palace_poker.bots.ismcts import ISMCTSBot
from palace_poker.bots.montecarlo import MonteCarloBot
from palace_poker.bots.random_bot import RandomBot
from palace_poker.checks import short
from palace_poker.errors import ConfigError


@dataclass(frozen=True)
class Budget:
    """What a searching bot may spend on one decision: wall time in milliseconds
    (depends on the machine and its load) or a count of simulations (worlds for
    montecarlo; reproducible on any machine)."""

    time_ms: float | None = None
    count: int | None = None


def _montecarlo(seed: int | None, budget: Budget) -> Bot:
    if budget.time_ms is not None:  # time is the only bound
        return MonteCarloBot(seed=seed, samples=10**6, steps=None, time_ms=budget.time_ms)
    return MonteCarloBot(seed=seed, samples=budget.count or 32, steps=None)


def _ismcts(seed: int | None, budget: Budget) -> Bot:
    if budget.time_ms is not None:  # time is the only bound
        return ISMCTSBot(seed=seed, time_ms=budget.time_ms, iterations=10**6)
    return ISMCTSBot(seed=seed, iterations=budget.count or 240)


#: The bots that take a budget (``name:10ms``, ``name:64``): a factory taking a seed
#: and the budget.
BUDGETED: dict[str, Callable[[int | None, Budget], Bot]] = {
    "ismcts": _ismcts,
    "montecarlo": _montecarlo,
}


def _fast(seed: int | None) -> Bot:
    """The fast bot (:mod:`palace_poker.bots.fast`), which runs its network with
    NumPy: without NumPy, ``backend_unavailable`` naming the extra that brings it."""
    try:
        from palace_poker.bots.fast import FastBot  # noqa: PLC0415 - NumPy only when used
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] != "numpy":
            raise
        raise ConfigError(
            "backend_unavailable",
            "the fast bot needs numpy: pip install 'palace-poker[fast]'",
            details={"library": "numpy", "extra": "fast"},
        ) from None
    return FastBot(seed=seed)


#: Every bot by name: a factory taking a seed.
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "heuristic": lambda seed: HeuristicBot(seed=seed),
    "montecarlo": lambda seed: MonteCarloBot(seed=seed),
    "ismcts": lambda seed: ISMCTSBot(seed=seed),
    # a network asked instead of a search: hard's strength heads-up in the standard
    # game in a fraction of a millisecond; elsewhere it plays as medium
    "fast": _fast,
}

#: The playouts of one ``expert`` decision.
EXPERT_PLAYOUTS = 480

#: The levels offered at the table, each a bot and its budget (docs/bots.md has
#: how they measured against each other and how long their decisions take).
LEVELS: dict[str, Callable[[int | None], Bot]] = {
    # a player who trusts every bet: few samples behind each estimate of its odds,
    # and a bet against it not read as strength
    "easy": lambda seed: HeuristicBot(seed=seed, samples=6, params=HeuristicParams(wary=1.0)),
    "medium": BOTS["heuristic"],
    "hard": BOTS["montecarlo"],
    # the tree search with a fixed count of playouts (the same play on any machine),
    # reading a no-limit bet by how the field of the levels below bets: with its own
    # default reading (tuned against montecarlo's bluffs) it beat hard head to head
    # but took less than hard from easy and medium (docs/bots.md#levels)
    "expert": lambda seed: ISMCTSBot(seed=seed, iterations=EXPERT_PLAYOUTS, inference="field"),
}
BOTS.update(LEVELS)


def offered() -> list[str]:
    """The bots' names as they are offered: the levels by strength, then the rest.

    >>> offered()[:4]
    ['easy', 'medium', 'hard', 'expert']
    """
    return [*LEVELS, *sorted(set(BOTS) - set(LEVELS))]


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of the registered kind ``name``, seeded for reproducible play;
    ``name:BUDGET`` gives a searching bot its budget (``10ms``, or a count)."""
    if not isinstance(name, str):
        raise ConfigError(
            "unknown_bot", f"a bot is named by a string, got {short(name)}", details={}
        )
    kind, colon, budget = name.partition(":")
    if colon:
        return _budgeted(kind, budget, seed)
    factory = BOTS.get(name)
    if factory is None:
        raise ConfigError(
            "unknown_bot",
            f"no bot named {short(name)}; the bots are {', '.join(sorted(BOTS))}",
            details={"input": short(name)},
        )
    return factory(seed)


def _budgeted(kind: str, text: str, seed: int | None) -> Bot:
    factory = BUDGETED.get(kind)
    if factory is None:
        takers = ", ".join(f"{k}:10ms, {k}:64" for k in sorted(BUDGETED))
        known = kind in BOTS
        raise ConfigError(
            "unknown_bot",
            f"{short(kind)} takes no budget ({', '.join(sorted(BUDGETED))} do: {takers})"
            if known
            else f"no bot named {short(kind)} takes a budget; those that do: {takers}",
            details={"input": short(f"{kind}:{text}")},
        )
    return factory(seed, parse_budget(text))


def parse_budget(text: str) -> Budget:
    """``10ms`` (milliseconds of wall time, 0.1 to 60,000) or ``64`` (simulations,
    1 to 1,000,000).

    >>> parse_budget("2.5ms"), parse_budget("64")
    (Budget(time_ms=2.5, count=None), Budget(time_ms=None, count=64))
    >>> parse_budget("fast")
    Traceback (most recent call last):
    ...
    palace_poker.errors.ConfigError: [invalid_budget] a bot's budget is milliseconds (10ms) ...
    """
    number = text[:-2] if text.endswith("ms") else text
    try:
        value = float(number) if text.endswith("ms") else int(number)
    except ValueError:
        value = None
    if isinstance(value, float) and math.isfinite(value) and 0.1 <= value <= 60_000:
        return Budget(time_ms=value)
    if isinstance(value, int) and 1 <= value <= 1_000_000:
        return Budget(count=value)
    raise ConfigError(
        "invalid_budget",
        f"a bot's budget is milliseconds (10ms) or a number of simulations (64), got {short(text)}",
        details={"input": short(text)},
    )


__all__ = [
    "BOTS",
    "BUDGETED",
    "EXPERT_PLAYOUTS",
    "LEVELS",
    "Bot",
    "Budget",
    "HeuristicBot",
    "HeuristicParams",
    "ISMCTSBot",
    "MonteCarloBot",
    "RandomBot",
    "make_bot",
    "offered",
    "parse_budget",
]
