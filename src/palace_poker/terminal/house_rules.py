"""The game a command plays, as its options name it, and its differences in words.

``--variant NAME`` names a preset (:mod:`palace_poker.presets`) and each ``--house
KEY=VALUE`` sets one variant parameter on top of it (docs/rules.md, *Variants*):
``play``, ``demo``, ``rules`` and ``arena`` take both (:func:`add_options`,
:func:`chosen`). The preset and the house rules make one variant, checked by
:meth:`Variant.from_dict <palace_poker.variant.Variant.from_dict>`, so a bad name,
key or value is refused with ``invalid_variant`` and a line that says why, never
a traceback.

>>> game = chosen_of("quick", ["palace=3", "struck=rank"])
>>> game.variant
Variant(soldiers=3, struck='rank')
>>> game.rules(10).max_raises
1
>>> house_line(game.rules(10))
'House rules: at most 3 soldiers, a banner strikes its rank, at most 1 raise a battle.'
>>> game_name(preset("quick").rules(10)), game_name(game.rules(10))
('quick', 'house rules')
>>> chosen_of(None, ["palace=5"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
palace_poker.errors.ConfigError: [invalid_variant] --house palace=5: palace must be ...
"""

from __future__ import annotations

import argparse
import dataclasses
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from palace_poker.config import DEFAULT, Betting, Rules
from palace_poker.errors import ConfigError
from palace_poker.narrate import plural
from palace_poker.presets import PRESETS, preset
from palace_poker.variant import STANDARD, Variant

__all__ = [
    "Chosen",
    "add_options",
    "chosen",
    "chosen_of",
    "game_name",
    "house_line",
    "house_rules",
    "variant_line",
    "variant_rules",
]

#: The variant's parameters, as ``--house`` names them (``last-two`` works too).
PARAMETERS: Final = tuple(f.name for f in dataclasses.fields(Variant))


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--variant NAME`` and ``--house KEY=VALUE`` (repeatable) to ``parser``."""
    parser.add_argument(
        "--variant",
        metavar="NAME",
        default=None,
        help=f"a named game: {', '.join(PRESETS)} (default standard; docs/rules.md, Presets)",
    )
    parser.add_argument(
        "--house",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a house rule on top of the --variant, repeatable, e.g. --house palace=2 "
        f"--house struck=rank (keys: {', '.join(PARAMETERS)})",
    )


@dataclass(frozen=True, slots=True)
class Chosen:
    """The game asked for: the preset named (None: the standard game), the house
    rules given, the variant they make and the raises a battle the preset allows
    (None: the betting structure's default)."""

    name: str | None
    house: tuple[tuple[str, int | str], ...]
    variant: Variant
    max_raises: int | None = None

    def rules(
        self,
        small_bet: int,
        *,
        big_bet: int | None = None,
        ante: int | None = None,
        betting: Betting = "limit",
    ) -> Rules:
        """The rules at these stakes, with the variant and the preset's raises."""
        raises = DEFAULT if self.max_raises is None else self.max_raises
        return Rules.of(
            small_bet,
            big_bet=big_bet,
            ante=ante,
            betting=betting,
            max_raises=raises,
            variant=self.variant,
        )


def chosen(args: argparse.Namespace) -> Chosen:
    """The game the parsed ``--variant`` and ``--house`` options ask for."""
    return chosen_of(getattr(args, "variant", None), getattr(args, "house", None) or [])


def chosen_of(name: str | None, house: Sequence[str]) -> Chosen:
    """The preset ``name`` (None: the standard game) with the ``house`` settings
    (``KEY=VALUE`` texts) on top; ``invalid_variant`` for a bad name, setting or
    combination."""
    try:
        base = preset(name.strip()) if name is not None else PRESETS["standard"]
    except ConfigError as err:
        raise ConfigError(
            err.code, f"--variant {name}: {err.message}", details=err.details
        ) from None
    settings = tuple(_setting(text) for text in house)
    # The house rules are laid over the preset's parameters, then the whole checked
    # as one variant (a group too big for the suits is a fault of the pair).
    fields: dict[str, Any] = {**base.variant.to_dict(), **dict(settings)}
    try:
        variant = Variant.from_dict(fields)
    except ConfigError as err:
        given = " ".join(f"--house {text}" for text in house) or f"--variant {name}"
        raise ConfigError(
            err.code, f"{given}: {err.message}", rule=err.rule, details=err.details
        ) from None
    return Chosen(None if name is None else name.strip(), settings, variant, base.max_raises)


def _setting(text: str) -> tuple[str, int | str]:
    """One ``KEY=VALUE``: the key a parameter's name (``-`` read as ``_``), the
    value a whole number where it is digits, else its text."""
    key, equals, value = str(text).partition("=")
    key = key.strip().lower().replace("-", "_")
    value = value.strip()
    if not equals or not key or not value:
        raise ConfigError(
            "invalid_variant",
            f"--house takes KEY=VALUE (e.g. palace=2), got {text!r}",
            details={"field": "house", "input": text},
        )
    if key not in PARAMETERS:
        raise ConfigError(
            "invalid_variant",
            f"--house {text}: no variant parameter {key!r}; the parameters are "
            + ", ".join(PARAMETERS),
            details={"field": "house", "input": text},
        )
    number = value.removeprefix("-").removeprefix("+")
    return key, int(value) if number.isdigit() else value.lower()


# ---------------------------------------------------------------- in words


def game_name(rules: Rules) -> str:
    """The preset these rules are (its variant and its raises a battle), else
    ``"house rules"``."""
    for name, game in PRESETS.items():
        raises = game.rules(rules.small_bet, betting=rules.betting).max_raises
        if game.variant == rules.variant and raises == rules.max_raises:
            return name
    return "house rules"


def house_rules(rules: Rules) -> list[str]:
    """What differs from the standard game, a few words each: the variant's
    parameters, and the raises a battle when not the structure's default."""
    variant = rules.variant
    out: list[str] = []
    if variant.ranks != STANDARD.ranks or variant.suits != STANDARD.suits:
        out.append(_deck_words(variant))
    if variant.palace != STANDARD.palace:
        out.append(plural(variant.palace, "palace card"))
    if variant.soldiers != STANDARD.soldiers:
        out.append(f"at most {plural(variant.soldiers, 'soldier')}")
    if variant.group != variant.suits:
        out.append(f"banner groups of {variant.group}")
    out += [_READING_WORDS[name] for name in _READING_WORDS if name in variant.differences()]
    if rules.max_raises != Rules.of(rules.small_bet, betting=rules.betting).max_raises:
        out.append(_raises_words(rules.max_raises))
    return out


def house_line(rules: Rules) -> str:
    """``House rules: ...`` for a game that is not the standard one, else ``""``."""
    words = house_rules(rules)
    return f"House rules: {', '.join(words)}." if words else ""


def variant_line(rules: Rules) -> str:
    """``Variant: NAME (what differs).`` for a game that is not the standard one (the
    preset's name, or ``house rules``), else ``""``."""
    words = house_rules(rules)
    return f"Variant: {game_name(rules)} ({', '.join(words)})." if words else ""


def variant_rules(rules: Rules, *, width: int = 80) -> str:
    """The rules the game changes (docs/rules.md's V- rules) in plain words, one
    paragraph each, in ``width`` columns; ``""`` for the standard game."""
    variant = rules.variant
    paragraphs: list[str] = []
    if variant.ranks != STANDARD.ranks or variant.suits != STANDARD.suits:
        # V-CARD-1's decision: one hand order for every deck.
        low = " the ace is low only in A-2-3-4-5, so there is no low straight"
        paragraphs.append(
            f"DECK: {_deck_words(variant)}. Hands rank as with the full deck"
            + (f":{low}." if variant.ranks < len(_WITH_FIVE) else ".")
        )
    if variant.palace != STANDARD.palace:
        paragraphs.append(
            f"PALACE: {plural(variant.palace, 'face-down palace card')} each, not "
            f"{STANDARD.palace}."
        )
    if variant.soldiers != STANDARD.soldiers:
        paragraphs.append(
            f"SOLDIERS: keep at most {variant.soldiers}, not {STANDARD.soldiers}, "
            "after a buy or a capture."
        )
    if variant.group != variant.suits or variant.suits != STANDARD.suits:
        paragraphs.append(
            f"BANNER GROUPS: of {variant.group} players; within a group every banner suit differs."
        )
    for name, text in _READING_RULES.items():
        if name in variant.differences():
            paragraphs.append(text)
    if rules.max_raises != Rules.of(rules.small_bet, betting=rules.betting).max_raises:
        paragraphs.append(f"RAISES: {_raises_words(rules.max_raises)}.")
    lines: list[str] = []
    for paragraph in paragraphs:
        lines += textwrap.wrap(paragraph, width - 1, subsequent_indent="  ")
    return "\n".join(lines)


def _deck_words(variant: Variant) -> str:
    names = [_SUIT_NAMES[letter] for letter in variant.suit_letters]
    suits = (
        "" if variant.suits == STANDARD.suits else f" of {', '.join(names[:-1])} and {names[-1]}"
    )
    article = "an" if str(variant.cards).startswith(("8", "11", "18")) else "a"
    return f"{article} {variant.cards}-card deck, {variant.lowest_rank} to A{suits}"


#: The ranks from the five up: a deck of fewer has no five (V-CARD-1).
_WITH_FIVE: Final = "56789TJQKA"
_SUIT_NAMES: Final = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def _raises_words(raises: int | None) -> str:
    if raises is None:
        return "no limit to the raises"
    return f"at most {plural(raises, 'raise')} a battle"


#: A reading other than the standard one, in a few words (the house rules line).
_READING_WORDS: Final = {
    "struck": "a banner strikes its rank",
    "entry": "entries sized by the attacker's army",
    "fold": "a fold is captured by the next player",
    "last_two": "the last two battle at once",
}

#: A reading other than the standard one, as a rule (``rules --variant``).
_READING_RULES: Final = {
    "struck": "BATTLE: cards of the RANK of the opponent's banner do not count, not "
    "those of its suit: a K banner facing you cancels every K you hold. The suit "
    "still counts everywhere else (whom you may attack, the tie-break, the end).",
    "entry": "ENTRY: both sides pay the attacker's entry, (attacker's soldiers + 1) x SB.",
    "fold": "FOLD on your own turn: the next player in the hand on your left "
    "captures your banner and soldiers (then trims); your palace cards are "
    "discarded.",
    "last_two": "LAST TWO: when two players with different banners are left they "
    "must battle at once: on a turn only BET or FOLD. No quiet round between them.",
}
