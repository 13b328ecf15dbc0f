"""What the terminal tests share: a dealt hand with names, and a console that
writes to a string."""

from __future__ import annotations

from io import StringIO

from rich.console import Console

from palace_poker import Hand, Rules, SeededShuffle


def dealt(seed: int = 1, *, no_limit: bool = False, n: int = 3, name: str = "You") -> Hand:
    """A hand of ``n`` players (seat 0 named ``name``, then Ann, Bob, Cid), 200
    chips each, the last seat dealing."""
    rules = Rules.of(10, betting="no-limit" if no_limit else "limit")
    names = [name, "Ann", "Bob", "Cid"][:n]
    return Hand.deal(rules, [200] * n, dealer=n - 1, shuffle=SeededShuffle(seed), names=names)


def string_console(width: int) -> Console:
    """A console ``width`` columns wide, without colours, writing to a string."""
    return Console(file=StringIO(), width=width, color_system=None, highlight=False, emoji=False)


def written(by: Console) -> str:
    """What ``by`` (made by :func:`string_console`) has written."""
    assert isinstance(by.file, StringIO)
    return by.file.getvalue()
