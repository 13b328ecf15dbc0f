"""A table's stakes and betting structure (R-STAKE-1).

>>> Rules.of(10)
Rules(small_bet=10, big_bet=20, ante=5, betting='limit', max_raises=3)
>>> Rules.of(10, betting="no-limit").max_raises is None
True
>>> Rules.of(0)
Traceback (most recent call last):
...
palace_poker.errors.ConfigError: [invalid_rules] small_bet must be an integer >= 1, got 0 ...
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, Literal

from palace_poker.checks import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    as_mapping,
    as_text,
    chips,
    short,
)
from palace_poker.errors import ConfigError
from palace_poker.variant import STANDARD, Variant

__all__ = [
    "BETTING_STRUCTURES",
    "DEFAULT",
    "MAX_CHIPS",
    "MAX_PLAYERS",
    "MAX_SOLDIERS",
    "MIN_PLAYERS",
    "Betting",
    "Rules",
]

Betting = Literal["limit", "no-limit"]
BETTING_STRUCTURES: tuple[Betting, ...] = ("limit", "no-limit")

#: Soldiers a player may keep after a BUY or a capture (R-BUY-3, R-CAPT-1).
MAX_SOLDIERS: Final = 5


class _Default(Enum):
    DEFAULT = "default"


#: Marks "use the structure's default" for :meth:`Rules.of`'s ``max_raises``.
DEFAULT = _Default.DEFAULT


@dataclass(frozen=True, slots=True)
class Rules:
    """Stakes of a table, validated on construction.

    * ``small_bet`` (SB): integer >= 1; prices a BUY and an entry.
    * ``big_bet`` (BB): integer >= SB; the limit raise and the no-limit minimum raise.
    * ``ante``: integer >= 0, posted by everyone before the banner deal.
    * ``betting``: ``"limit"`` or ``"no-limit"``.
    * ``max_raises``: raises allowed per battle, an integer >= 0, or ``None``
      for no cap.
    * ``variant``: the game's shape and readings (:class:`~palace_poker.variant.Variant`;
      the standard game when not given).

    Every count is at most :data:`~palace_poker.checks.MAX_CHIPS`; a bool or a float
    is no count (``Rules.of(2.0)`` is refused, not read as 2).

    Use :meth:`of` for the defaults (BB = 2*SB, ante = SB//2, 3 raises in limit,
    no cap in no-limit). Chips are integers; a game may be played for points.
    """

    small_bet: int
    big_bet: int
    ante: int
    betting: Betting
    max_raises: int | None
    variant: Variant = STANDARD

    def __post_init__(self) -> None:
        # Each field is stored as the plain value it was checked as (an int subclass
        # as its int, a str subclass as its text).
        small_bet = _check_int("small_bet", self.small_bet, 1)
        big_bet = _check_int("big_bet", self.big_bet, 1)
        if big_bet < small_bet:
            raise ConfigError(
                "invalid_rules",
                f"big_bet must be at least small_bet ({small_bet}), got {big_bet}",
                rule="R-STAKE-1",
                details={"field": "big_bet", "input": big_bet},
            )
        ante = _check_int("ante", self.ante, 0)
        betting = _check_betting(self.betting)
        max_raises = self.max_raises
        if max_raises is not None:
            max_raises = _check_int("max_raises", max_raises, 0)
        if not isinstance(self.variant, Variant):
            raise ConfigError(
                "invalid_variant",
                f"variant must be a Variant, got {short(self.variant)}",
                details={"field": "variant", "input": short(self.variant)},
            )
        for field, value in (
            ("small_bet", small_bet),
            ("big_bet", big_bet),
            ("ante", ante),
            ("betting", betting),
            ("max_raises", max_raises),
        ):
            object.__setattr__(self, field, value)

    @classmethod
    def of(
        cls,
        small_bet: int,
        *,
        big_bet: int | None = None,
        ante: int | None = None,
        betting: Betting = "limit",
        max_raises: int | _Default | None = DEFAULT,
        variant: Variant = STANDARD,
    ) -> Rules:
        """Rules with the sources' defaults for whatever is not given."""
        small = _check_int("small_bet", small_bet, 1)
        structure = _check_betting(betting)
        if max_raises is DEFAULT:
            max_raises = 3 if structure == "limit" else None
        return cls(
            small_bet=small,
            big_bet=2 * small if big_bet is None else big_bet,
            ante=small // 2 if ante is None else ante,
            betting=structure,
            max_raises=max_raises,
            variant=variant,
        )

    def __repr__(self) -> str:
        # The standard game's variant goes unsaid, as in a record.
        shown = [
            f"small_bet={self.small_bet!r}",
            f"big_bet={self.big_bet!r}",
            f"ante={self.ante!r}",
            f"betting={self.betting!r}",
            f"max_raises={self.max_raises!r}",
        ]
        if not self.variant.standard:
            shown.append(f"variant={self.variant!r}")
        return f"Rules({', '.join(shown)})"

    @property
    def no_limit(self) -> bool:
        """True for the no-limit structure."""
        return self.betting == "no-limit"

    def to_dict(self) -> dict[str, Any]:
        """The ``rules`` object of a ``palace-hand/1`` record: the stakes, and the
        variant's differences from the standard game under ``variant`` (none for the
        standard game, whose records stay what they always were)."""
        rules: dict[str, Any] = {
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "ante": self.ante,
            "betting": self.betting,
            "max_raises": self.max_raises,
        }
        differences = self.variant.to_dict()
        if differences:
            rules["variant"] = differences
        return rules

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Read the ``rules`` object of a record; every key is required."""
        fields = as_mapping(data)
        if fields is None:
            raise ConfigError(
                "invalid_rules",
                f"rules must be an object, got {short(data)}",
                rule="R-STAKE-1",
                details={"input": short(data)},
            )
        missing = [
            k for k in ("small_bet", "big_bet", "ante", "betting", "max_raises") if k not in fields
        ]
        if missing:
            raise ConfigError(
                "invalid_rules",
                f"rules lack required keys: {', '.join(missing)}",
                details={"missing": missing},
            )
        return cls(
            small_bet=fields["small_bet"],  # type: ignore[arg-type]
            big_bet=fields["big_bet"],  # type: ignore[arg-type]
            ante=fields["ante"],  # type: ignore[arg-type]
            betting=fields["betting"],  # type: ignore[arg-type]
            max_raises=fields["max_raises"],  # type: ignore[arg-type]
            variant=Variant.from_dict(fields["variant"]) if "variant" in fields else STANDARD,
        )


def _check_int(name: str, value: object, minimum: int) -> int:
    return chips(
        value,
        name,
        minimum=minimum,
        error=ConfigError,
        code="invalid_rules",
        rule="R-STAKE-1",
        details={"field": name},
    )


def _check_betting(value: object) -> Betting:
    text = as_text(value)
    if text in {"limit", "no-limit"}:
        return text  # type: ignore[return-value]
    raise ConfigError(
        "invalid_rules",
        f"betting must be 'limit' or 'no-limit', got {short(value)}",
        rule="R-STAKE-1",
        details={"field": "betting", "input": short(value)},
    )
