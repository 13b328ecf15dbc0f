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

from palace_poker.errors import ConfigError

Betting = Literal["limit", "no-limit"]
BETTING_STRUCTURES: tuple[Betting, ...] = ("limit", "no-limit")

#: Players at a table or in a hand.
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
#: Soldiers a player may keep after a BUY or a capture (R-BUY-3, R-CAPT-1).
MAX_SOLDIERS: Final = 5


class _Default(Enum):
    DEFAULT = "default"


#: Marks "use the structure's default" for :meth:`Rules.of`'s ``max_raises``.
DEFAULT = _Default.DEFAULT


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Rules:
    """Stakes of a table, validated on construction.

    * ``small_bet`` (SB): integer >= 1; prices a BUY and an entry.
    * ``big_bet`` (BB): integer >= SB; the limit raise and the no-limit minimum raise.
    * ``ante``: integer >= 0, posted by everyone before the banner deal.
    * ``betting``: ``"limit"`` or ``"no-limit"``.
    * ``max_raises``: raises allowed per battle, an integer >= 0, or ``None``
      for no cap.

    Use :meth:`of` for the defaults (BB = 2*SB, ante = SB//2, 3 raises in limit,
    no cap in no-limit). Chips are integers; a game may be played for points.
    """

    small_bet: int
    big_bet: int
    ante: int
    betting: Betting
    max_raises: int | None

    def __post_init__(self) -> None:
        _check_int("small_bet", self.small_bet, 1)
        _check_int("big_bet", self.big_bet, 1)
        if self.big_bet < self.small_bet:
            raise ConfigError(
                "invalid_rules",
                f"big_bet must be at least small_bet ({self.small_bet}), got {self.big_bet}",
                rule="R-STAKE-1",
                details={"field": "big_bet", "input": self.big_bet},
            )
        _check_int("ante", self.ante, 0)
        if self.betting not in BETTING_STRUCTURES:
            raise ConfigError(
                "invalid_rules",
                f"betting must be 'limit' or 'no-limit', got {self.betting!r}",
                rule="R-STAKE-1",
                details={"field": "betting", "input": self.betting},
            )
        if self.max_raises is not None:
            _check_int("max_raises", self.max_raises, 0)

    @classmethod
    def of(
        cls,
        small_bet: int,
        *,
        big_bet: int | None = None,
        ante: int | None = None,
        betting: Betting = "limit",
        max_raises: int | _Default | None = DEFAULT,
    ) -> Rules:
        """Rules with the sources' defaults for whatever is not given."""
        _check_int("small_bet", small_bet, 1)
        if max_raises is DEFAULT:
            max_raises = 3 if betting == "limit" else None
        return cls(
            small_bet=small_bet,
            big_bet=2 * small_bet if big_bet is None else big_bet,
            ante=small_bet // 2 if ante is None else ante,
            betting=betting,
            max_raises=max_raises,
        )

    @property
    def no_limit(self) -> bool:
        """True for the no-limit structure."""
        return self.betting == "no-limit"

    def to_dict(self) -> dict[str, Any]:
        """The ``rules`` object of a ``palace-hand/1`` record."""
        return {
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "ante": self.ante,
            "betting": self.betting,
            "max_raises": self.max_raises,
        }

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Read the ``rules`` object of a record; every key is required."""
        if not isinstance(data, dict):
            raise ConfigError("invalid_rules", f"rules must be an object, got {data!r}")
        missing = [
            k for k in ("small_bet", "big_bet", "ante", "betting", "max_raises") if k not in data
        ]
        if missing:
            raise ConfigError(
                "invalid_rules",
                f"rules lack required keys: {', '.join(missing)}",
                details={"missing": missing},
            )
        return cls(
            small_bet=data["small_bet"],
            big_bet=data["big_bet"],
            ante=data["ante"],
            betting=data["betting"],
            max_raises=data["max_raises"],
        )


def _check_int(name: str, value: object, minimum: int) -> None:
    if not _is_int(value) or value < minimum:  # type: ignore[operator]
        raise ConfigError(
            "invalid_rules",
            f"{name} must be an integer >= {minimum}, got {value!r}",
            rule="R-STAKE-1",
            details={"field": name, "input": value},
        )
