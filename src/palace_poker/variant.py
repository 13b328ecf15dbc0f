"""The game as a family: a :class:`Variant` is the shape of the game a table plays
(its deck, the cards a player holds, the banner groups) and the reading it takes
of each sentence the rules page leaves open (docs/rules.md, *Variants*).

The standard game is :data:`STANDARD`: a 52-card deck, three palace cards, at most
five soldiers, banner groups of four, and RULES.md's **Decision** readings. Every
parameter is checked on construction, with the rule it changes:

>>> STANDARD.cards
52
>>> Variant(palace=5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
palace_poker.errors.ConfigError: [invalid_variant] palace must be a whole number from 1 to 4...
>>> Variant(ranks=9).cards, Variant(ranks=9).lowest_rank
(36, '6')
>>> Variant.from_dict({"ranks": 9}) == Variant(ranks=9)
True
>>> Variant(struck="rank", fold="captured")
Variant(struck='rank', fold='captured')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final, Literal

from palace_poker.cards import DECK, RANKS, SUITS, Card
from palace_poker.checks import MAX_PLAYERS, as_mapping, as_text, is_int, short
from palace_poker.errors import ConfigError

__all__ = ["READINGS", "STANDARD", "Variant"]

#: R-CMP-1: which of a battler's cards the opponent's banner strikes: those of its
#: *suit* (the standard reading) or those of its *rank*.
Struck = Literal["suit", "rank"]
#: R-END-3: the last two with different banners are decided by a battle comparison
#: at the quiet round (*compare*, the standard reading) or at once (*battle*).
LastTwo = Literal["compare", "battle"]
#: R-BET-2: each side's entry sized by its own army (*own*, the standard reading) or
#: both by the attacker's (*attacker*).
Entry = Literal["own", "attacker"]
#: R-FOLD-1: a fold on one's own turn sends banner and soldiers to the discard pile
#: (*discarded*, the standard rule) or lets the next player in the hand capture
#: them (*captured*).
Fold = Literal["discarded", "captured"]

#: Each reading parameter, the rule it reads, and its values (the standard first).
READINGS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "struck": ("R-CMP-1", ("suit", "rank")),
    "last_two": ("R-END-3", ("compare", "battle")),
    "entry": ("R-BET-2", ("own", "attacker")),
    "fold": ("R-FOLD-1", ("discarded", "captured")),
}

#: Each count parameter: the rule it changes, and its bounds (inclusive).
_COUNTS: Final[dict[str, tuple[str, int, int]]] = {
    "ranks": ("R-CARD-1", 3, len(RANKS)),
    "suits": ("R-CARD-1", 2, len(SUITS)),
    "palace": ("R-PALACE-1", 1, 4),
    "soldiers": ("R-BUY-3", 1, 7),
    "group": ("R-BANNER-1", 1, len(SUITS)),
}


@dataclass(frozen=True, slots=True)
class Variant:
    """The shape of the game and its readings; the defaults are the standard game.

    * ``ranks``: how many ranks the deck holds, counted down from the ace (13: 2 to
      A; 9: the short deck, 6 to A; 3 at the least: Q, K, A);
    * ``suits``: how many suits, 2 to 4, in the order clubs, diamonds, hearts,
      spades (two suits: clubs and diamonds);
    * ``palace``: palace cards a player is dealt, 1 to 4 (R-PALACE-1);
    * ``soldiers``: the most soldiers a player keeps, 1 to 7 (R-BUY-3, R-CAPT-1);
    * ``group``: players a banner group holds (R-BANNER-1), 1 to ``suits``: within a
      group every banner suit differs, so a group cannot outnumber the suits; by
      default as many as there are suits (four in the standard game);
    * ``struck``, ``last_two``, ``entry``, ``fold``: the readings (:data:`READINGS`).
    """

    ranks: int = 13
    suits: int = 4
    palace: int = 3
    soldiers: int = 5
    group: int = None  # type: ignore[assignment]  # (None: as many as the suits)
    struck: Struck = "suit"
    last_two: LastTwo = "compare"
    entry: Entry = "own"
    fold: Fold = "discarded"

    def __post_init__(self) -> None:
        if self.group is None:
            object.__setattr__(self, "group", self.suits if is_int(self.suits) else 4)
        for name, (rule, low, high) in _COUNTS.items():
            value = getattr(self, name)
            if not is_int(value) or not low <= value <= high:
                raise _invalid(name, f"a whole number from {low} to {high}", value, rule)
        if self.group > self.suits:
            raise _invalid(
                "group",
                f"at most the number of suits ({self.suits}): within a group every banner "
                "suit differs",
                self.group,
                "R-BANNER-1",
            )
        for name, (rule, values) in READINGS.items():
            value = getattr(self, name)
            if as_text(value) not in values:
                raise _invalid(name, " or ".join(repr(v) for v in values), value, rule)

    def __repr__(self) -> str:
        # Only what differs from the standard game, as a record writes it.
        shown = ", ".join(f"{name}={value!r}" for name, value in self.differences().items())
        return f"Variant({shown})"

    # ------------------------------------------------------------ the deck

    @property
    def cards(self) -> int:
        """The cards in the deck."""
        return self.ranks * self.suits

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck's cards, in card order (R-CARD-1; V-CARD-1 for a smaller deck)."""
        lowest = len(RANKS) - self.ranks
        return tuple(card for card in DECK if card.rank >= lowest and card & 3 < self.suits)

    @property
    def lowest_rank(self) -> str:
        """The lowest rank in the deck, as a rank letter ("2" for the full deck)."""
        return RANKS[len(RANKS) - self.ranks]

    @property
    def suit_letters(self) -> str:
        """The deck's suits, as suit letters ("cdhs" for the full deck)."""
        return SUITS[: self.suits]

    def most_players(self) -> int:
        """The most players a hand of this variant can deal in: each needs a banner
        and its palace cards from the deck, and a banner suit is flown at most once
        in each group, so a suit's ranks must reach round the groups."""
        most = 0
        for players in range(1, MAX_PLAYERS + 1):
            groups = -(-players // self.group)
            if players * (1 + self.palace) > self.cards or groups > self.ranks:
                break
            most = players
        return most

    def check_playable(self, players: int) -> None:
        """Refuse (``invalid_variant``) a hand the engine cannot deal: one of more
        players than the deck serves (:meth:`most_players`)."""
        most = self.most_players()
        if players > most:
            raise ConfigError(
                "invalid_variant",
                f"this variant's deck of {self.cards} cards deals at most {most} players, "
                f"got {players}",
                rule="R-PALACE-1",
                details={"field": "players", "input": repr(players)},
            )

    # ------------------------------------------------------------ records

    def differences(self) -> dict[str, Any]:
        """The parameters that are not the standard game's, by name."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(STANDARD, f.name)
        }

    @property
    def standard(self) -> bool:
        """True for the standard game."""
        return not self.differences()

    def to_dict(self) -> dict[str, Any]:
        """The variant as a record writes it: only what differs from the standard game
        (so that the standard game's records are what they always were)."""
        return self.differences()

    @classmethod
    def from_dict(cls, data: object) -> Variant:
        """A variant from its record: the parameters given, the standard game's for
        the rest; an unknown key is refused, never ignored."""
        fields = as_mapping(data)
        if fields is None:
            raise ConfigError(
                "invalid_variant",
                f"a variant must be an object, got {short(data)}",
                details={"input": short(data)},
            )
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(str(k) for k in fields if k not in known)
        if unknown:
            raise ConfigError(
                "invalid_variant",
                f"no variant parameter {short(unknown[0])}; the parameters are "
                + ", ".join(sorted(known)),
                details={"input": short(unknown[0])},
            )
        given: dict[str, Any] = {str(k): v for k, v in fields.items()}
        return cls(**given)  # (each value checked by the constructor)


def _invalid(name: str, must: str, value: object, rule: str) -> ConfigError:
    return ConfigError(
        "invalid_variant",
        f"{name} must be {must}, got {short(value)}",
        rule=rule,
        details={"field": name, "input": short(value)},
    )


#: The standard game (RULES.md, its readings the **Decision** paragraphs).
STANDARD: Final = Variant()
