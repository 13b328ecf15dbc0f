"""The chip ledger of a table: what each player bought in, holds and won or lost,
and how to settle up at the end with the fewest transfers.

Every number here is public (stacks are on the table for all to see, R-INFO-1), so
the ledger goes to every viewer as it is. Settling up pays the losers' debts to the
winners: with ``k`` players whose results are not zero, ``k - g`` transfers suffice
when they split into ``g`` groups whose results each sum to zero, and no fewer do;
:func:`settle` finds the most such groups (an exact search over the subsets: a
table has at most ten players), then settles each group largest debt first.

>>> rows = [("Ann", 100, 180), ("Bob", 100, 20), ("Cy", 100, 100)]
>>> [(r.name, r.net) for r in ledger(rows)]
[('Ann', 80), ('Bob', -80), ('Cy', 0)]
>>> settle(ledger(rows))
[Transfer(payer='Bob', payee='Ann', chips=80)]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from functools import cache
from typing import NamedTuple


class Row(NamedTuple):
    """One player's line: chips bought in (the starting stack and any rebuys or
    top-ups), chips held now (or taken away on leaving), and the difference;
    ``rebuys`` is the part of ``bought`` that came after the buy-in."""

    name: str
    bought: int
    stack: int
    rebuys: int = 0

    @property
    def buy_in(self) -> int:
        """The chips the player sat down with."""
        return self.bought - self.rebuys

    @property
    def net(self) -> int:
        """Chips won (positive) or lost (negative) so far."""
        return self.stack - self.bought


class Transfer(NamedTuple):
    """One payment of the settle-up."""

    payer: str
    payee: str
    chips: int


def ledger(rows: Iterable[tuple[str, int, int] | tuple[str, int, int, int]]) -> list[Row]:
    """The ledger's rows, from ``(name, bought, stack)`` or ``(name, bought, stack,
    rebuys)``."""
    return [Row(*row) for row in rows]


def csv_text(rows: list[Row]) -> str:
    """The ledger as CSV: ``player,buy_in,rebuys,stack,net``, one line a player."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", "buy_in", "rebuys", "stack", "net"])
    for row in rows:
        # A name starting like a formula is quoted for spreadsheets (CSV injection).
        name = f"'{row.name}" if row.name[:1] in ("=", "+", "-", "@") else row.name
        writer.writerow([name, row.buy_in, row.rebuys, row.stack, row.net])
    return out.getvalue()


def settle(rows: list[Row]) -> list[Transfer]:
    """The fewest transfers that leave every player at their result.

    Raises ``ValueError`` when the results do not sum to zero (chips were lost or
    made, which a finished game of the engine never does).
    """
    balances = [(row.name, row.net) for row in rows if row.net != 0]
    if sum(net for _, net in balances) != 0:
        raise ValueError("the ledger's results do not sum to zero")
    transfers: list[Transfer] = []
    for group in _groups(tuple(net for _, net in balances)):
        transfers += _settle_group([balances[i] for i in group])
    return transfers


def _groups(nets: tuple[int, ...]) -> list[list[int]]:
    """The players split into the most groups whose results each sum to zero."""
    n = len(nets)
    full = (1 << n) - 1
    sums = [sum(nets[i] for i in range(n) if mask >> i & 1) for mask in range(full + 1)]

    @cache
    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        # the most zero-sum groups the players of ``mask`` split into, and the groups
        if mask == 0:
            return 0, ()
        low = mask & -mask  # the group of the lowest player left
        found: tuple[int, tuple[int, ...]] = (-1, ())
        sub = mask
        while sub:
            if sub & low and sums[sub] == 0:
                count, rest = best(mask ^ sub)
                if count + 1 > found[0]:
                    found = (count + 1, (sub, *rest))
            sub = (sub - 1) & mask
        return found

    _, masks = best(full)
    return [[i for i in range(n) if mask >> i & 1] for mask in masks]


def _settle_group(group: list[tuple[str, int]]) -> list[Transfer]:
    """A zero-sum group settled in (size - 1) transfers: each time the largest debt
    pays the largest claim as much as it can."""
    debts = sorted(((-net, name) for name, net in group if net < 0), reverse=True)
    claims = sorted(((net, name) for name, net in group if net > 0), reverse=True)
    transfers = []
    d = c = 0
    owed = [amount for amount, _ in debts]
    due = [amount for amount, _ in claims]
    while d < len(debts) and c < len(claims):
        chips = min(owed[d], due[c])
        transfers.append(Transfer(debts[d][1], claims[c][1], chips))
        owed[d] -= chips
        due[c] -= chips
        d += owed[d] == 0
        c += due[c] == 0
    return transfers
