"""The chips of one battle between an attacker and a defender (R-BET-*).

Each side pays its own *entry* once (sized by its own army, R-BET-2); only
raises are matched. ``raised[side]`` counts the raise chips a side has put in
(its own raises and the raises it matched), so what a side still owes to match
the other is ``raised[other] - raised[side]``.

>>> b = Battle.open(0, 2, raise_by=0)
>>> b.raise_to(2, 0, 20)  # the defender raises 20
>>> b.unmatched(2), b.raises, b.last_raise
(20, 1, 20)
"""

from __future__ import annotations


class Battle:
    """Betting state of a battle; sides are indexed 0 (attacker) and 1 (defender)."""

    __slots__ = ("_entry_paid", "_raised", "attacker", "defender", "last_raise", "raises")

    attacker: int
    defender: int
    raises: int  # raises made so far, the opening raise included (max_raises)
    last_raise: int  # the latest raise increment (the no-limit minimum)
    _raised: list[int]
    _entry_paid: list[bool]

    def __init__(self, attacker: int, defender: int, *, raise_by: int) -> None:
        """A battle after the attacker's BET, with an optional opening raise."""
        self.attacker = attacker
        self.defender = defender
        self.raises = 1 if raise_by else 0
        self.last_raise = raise_by
        self._raised = [raise_by, 0]
        self._entry_paid = [True, False]

    @classmethod
    def open(cls, attacker: int, defender: int, *, raise_by: int) -> Battle:
        """A battle after the attacker's BET, with an optional opening raise."""
        return cls(attacker, defender, raise_by=raise_by)

    def copy(self) -> Battle:
        """An independent copy."""
        other = Battle(self.attacker, self.defender, raise_by=0)
        other.raises = self.raises
        other.last_raise = self.last_raise
        other._raised = list(self._raised)
        other._entry_paid = list(self._entry_paid)
        return other

    def _side(self, seat: int) -> int:
        return 0 if seat == self.attacker else 1

    def opponent(self, seat: int) -> int:
        """The other battler."""
        return self.defender if seat == self.attacker else self.attacker

    def entry_paid(self, seat: int) -> bool:
        """Whether this battler has paid their entry in this battle."""
        return self._entry_paid[self._side(seat)]

    def pay_entry(self, seat: int) -> None:
        """Mark the battler's entry as paid."""
        self._entry_paid[self._side(seat)] = True

    def raised(self, seat: int) -> int:
        """Raise chips this battler has in the battle."""
        return self._raised[self._side(seat)]

    def unmatched(self, seat: int) -> int:
        """The part of ``seat``'s raise chips the opponent has not matched."""
        side = self._side(seat)
        return max(0, self._raised[side] - self._raised[1 - side])

    def add_raise_chips(self, seat: int, amount: int) -> None:
        """Record raise chips put in (or, negative, given back)."""
        self._raised[self._side(seat)] += amount

    def raise_to(self, seat: int, other: int, raise_by: int) -> None:
        """``seat`` matches ``other`` and raises by ``raise_by`` (R-BET-5)."""
        self._raised[self._side(seat)] = self._raised[self._side(other)] + raise_by
        self.raises += 1
        self.last_raise = raise_by

    @classmethod
    def restore(
        cls,
        attacker: int,
        defender: int,
        *,
        raises: int,
        last_raise: int,
        raised: tuple[int, int],
        defender_entry_paid: bool,
    ) -> Battle:
        """A battle rebuilt from its public state (an observation's ``battle``)."""
        battle = cls.open(attacker, defender, raise_by=0)
        battle.raises = raises
        battle.last_raise = last_raise
        battle._raised = list(raised)
        battle._entry_paid = [True, defender_entry_paid]
        return battle
