"""Bots: players that see only their own observation and choose a legal action.

A bot is any object with ``act(observation) -> Action``. The observation holds
only what R-INFO-* lets that seat see, and its ``options`` are the legal choices,
so a bot cannot read a hidden card or play an illegal move by construction.
"""

from palace_poker.bots.base import Bot
from palace_poker.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
