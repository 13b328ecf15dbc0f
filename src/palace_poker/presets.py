"""Named games: the standard game and the variants people ask for by name
(``play --variant short-deck``), each a :class:`~palace_poker.variant.Variant` with
the stakes it changes.

>>> sorted(PRESETS)
['quick', 'short-deck', 'small', 'standard', 'tiny']
>>> PRESETS["quick"].rules(10).max_raises, PRESETS["quick"].rules(10).variant.soldiers
(1, 3)
>>> preset("long")
Traceback (most recent call last):
...
palace_poker.errors.ConfigError: [invalid_variant] no preset 'long'; the presets are ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from palace_poker.checks import as_text, short
from palace_poker.config import DEFAULT, Betting, Rules
from palace_poker.errors import ConfigError
from palace_poker.variant import STANDARD, Variant

__all__ = ["PRESETS", "Preset", "preset"]


@dataclass(frozen=True, slots=True)
class Preset:
    """A named game: its variant, the raises a battle allows where it sets them (None:
    the structure's default), and a line on what it is for."""

    variant: Variant
    about: str
    max_raises: int | None = None

    def rules(self, small_bet: int, *, betting: Betting = "limit") -> Rules:
        """The preset's rules at ``small_bet`` (the other stakes the defaults)."""
        raises = DEFAULT if self.max_raises is None else self.max_raises
        return Rules.of(small_bet, betting=betting, max_raises=raises, variant=self.variant)


#: The named games (docs/rules.md, *Presets*).
PRESETS: Final[dict[str, Preset]] = {
    "standard": Preset(STANDARD, "the game as RULES.md has it"),
    "short-deck": Preset(
        Variant(ranks=9), "a 36-card deck, 6 to A, as short-deck hold'em: bigger hands"
    ),
    "quick": Preset(
        Variant(palace=2, soldiers=3),
        "for beginners: two palace cards, three soldiers, one raise a battle",
        max_raises=1,
    ),
    # The research games read V-END-3 (the last two battle at once): heads-up, a hand
    # is then the deal and one battle, a tree OpenSpiel's CFR solves exactly. With
    # the standard reading even tiny's heads-up tree at the smallest stakes holds
    # 390,361 histories and 115,920 information states (docs/research.md, *Small
    # games*): too many for CFR over a Python game.
    "tiny": Preset(
        Variant(ranks=3, suits=2, palace=1, soldiers=1, group=2, last_two="battle"),
        "for research: 6 cards (Q, K, A of two suits), one palace card, one soldier, "
        "the last two battle at once",
    ),
    "small": Preset(
        Variant(ranks=4, suits=2, palace=1, soldiers=2, group=2, last_two="battle"),
        "for research: 8 cards (J to A of two suits), one palace card, two soldiers, "
        "the last two battle at once",
    ),
}


def preset(name: object) -> Preset:
    """The preset called ``name``; ``invalid_variant`` for any other name."""
    found = PRESETS.get(as_text(name) or "")
    if found is None:
        raise ConfigError(
            "invalid_variant",
            f"no preset {short(name)}; the presets are {', '.join(PRESETS)}",
            details={"input": short(name)},
        )
    return found
