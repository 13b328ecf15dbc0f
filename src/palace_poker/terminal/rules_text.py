"""A one-screen summary of the rules of Palace Poker (``palace-poker rules``).

The full rules, with their ids, are in ``docs/rules.md``; this is the plain-language
version a player new to the game reads at the table: at most 24 lines of at most
80 columns, so it fits a standard terminal without scrolling. The ``rules``
subcommand's parser and run are here too (:func:`add_parser`), registered by
:func:`palace_poker.cli.main`'s parser; cards are written as letters with
``--ascii`` or when the output cannot print the suits
(:func:`~palace_poker.terminal.charset.needs_ascii`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from palace_poker.config import Rules
from palace_poker.terminal.charset import needs_ascii
from palace_poker.terminal.house_rules import add_options, chosen, game_name, variant_rules

#: The summary; ``{suits}`` is replaced by the four suit marks.
_TEXT = """\
PALACE POKER IN ONE SCREEN (the full rules: docs/rules.md)
Each player gets a face-up BANNER card: its suit is the player's colours.
Then 3 face-down PALACE cards. A hand is won by being the last player left.
On your turn do one thing: BUY, DISCARD, BET, STAY or FOLD.
  BUY      pay SB for a face-up SOLDIER card; keep at most 5 soldiers.
  DISCARD  throw away soldiers, free.
  BET      attack a player whose banner suit differs: a BATTLE.
  STAY     do nothing.   FOLD  leave the hand.
BATTLE: each side pays an ENTRY of (soldiers + 1) x SB; the defender may
  fold, call or raise, then raises alternate. A call compares the two hands.
  Cards of the OPPONENT'S banner suit do not count: a {ex} banner facing
  you cancels every {ex} you hold. Best poker hand of the rest wins;
  equal hands: more cards of your own banner suit wins; still equal: both
  are out (the last two split the pot).
CAPTURE: the winner takes the loser's banner and soldiers as new soldiers,
  then TRIMS (discards) down to at most 5 soldiers. The loser is out.
Bets go to one pot: battles win cards and remove rivals, not chips.
QUIET ROUND: if everyone left stays or discards for a full round with no
  BUY and no BET, the hand ends: a SHOWDOWN of all cards (none excluded),
  best hand takes the pot. If only two are left with different banners,
  they are compared as in a battle instead (banner suits excluded).
Same banner suit for all who are left: they split the pot.
Ante each hand; no chips: out of the game. Last player with chips wins.
Suits {suits}; ranks 2..9 T J Q K A.
"""

_SUITS = "\u2663 clubs, \u2666 diamonds, \u2665 hearts, \u2660 spades"
_SUITS_ASCII = "c clubs, d diamonds, h hearts, s spades"


def summary(*, ascii: bool = False) -> str:
    """The rules in at most 24 lines of at most 80 columns.

    With ``ascii`` the text uses only ASCII (suits as ``c d h s``), for a terminal
    that cannot print the suit symbols.
    """
    suits = _SUITS_ASCII if ascii else _SUITS
    example = "h" if ascii else "\u2665"
    return _TEXT.format(suits=suits, ex=example)


def differences(rules: Rules) -> str:
    """What a game that is not the standard one changes, after the summary: a
    heading naming it, then its rules in plain words (docs/rules.md's V- rules,
    :func:`~palace_poker.terminal.house_rules.variant_rules`); ``""`` for the standard game.

    >>> from palace_poker.presets import preset
    >>> print(differences(preset("quick").rules(10)))
    THIS GAME: quick. What it changes (docs/rules.md, Variants):
    PALACE: 2 face-down palace cards each, not 3.
    SOLDIERS: keep at most 3, not 5, after a buy or a capture.
    RAISES: at most 1 raise a battle.
    """
    changes = variant_rules(rules)
    if not changes:
        return ""
    heading = f"THIS GAME: {game_name(rules)}. What it changes (docs/rules.md, Variants):"
    return f"{heading}\n{changes}"


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``rules`` to the command's subparsers, with :func:`run` as its ``run``."""
    rules: argparse.ArgumentParser = subparsers.add_parser(
        "rules",
        help="print a one-screen summary of the rules (and what a --variant changes)",
    )
    rules.add_argument("--ascii", action="store_true", help="suits as c d h s")
    add_options(rules)
    rules.set_defaults(run=run)
    return rules


def run(args: argparse.Namespace) -> int:
    """Print the summary, in ASCII when asked or when the output needs it; with a
    ``--variant`` or ``--house`` rules, what they change after it."""
    out: TextIO = sys.stdout
    ascii = args.ascii or needs_ascii(getattr(out, "encoding", None))
    changes = differences(chosen(args).rules(10))  # (the stakes are not in the text)
    print(summary(ascii=ascii), end="", file=out)
    if changes:
        print("", file=out)
        print(changes, file=out)  # (plain ASCII: no suit symbols)
    return 0
