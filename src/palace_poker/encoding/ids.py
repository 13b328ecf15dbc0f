"""One discrete action space for every table of 2 to 10 players, and its masks.

Research libraries want a fixed set of action ids and a mask of the legal ones. A
decision of the game is one of these :data:`NUM_ACTIONS` ids, or a short sequence
of them by the same player (a multi-card choice is split into single cards):

======  ================  ==========================================================
id      name              meaning
======  ================  ==========================================================
0       ``FOLD``          fold (on a turn, R-FOLD-1; in a battle, R-BET-7)
1       ``STAY``          stay (R-STAY-1)
2       ``BUY``           buy a soldier (R-BUY-1)
3       ``CALL``          call in a battle (R-BET-4); after ``BET_r`` in no-limit: no
                          opening raise
4       ``DONE``          end a choice of cards (a discard or a trim)
5-8     ``RAISE_*``       a raise; in limit only ``RAISE_MIN`` (the fixed raise,
                          R-BET-5); in no-limit ``MIN``, ``HALF_POT``, ``POT`` and
                          ``ALL_IN`` (after ``BET_r``: the opening raise, R-BET-2)
9-17    ``BET_r``         attack the player ``r`` seats to the left (r = 1..9),
                          R-BET-1
18-69   ``CARD_c``        choose the card with index ``c`` (``2c`` = 0 ... ``As`` = 51):
                          a soldier to discard on a turn (R-DISC-1) or to trim away
                          (R-BUY-3, R-CAPT-1)
======  ================  ==========================================================

**Card choices.** A discard is a first ``CARD_c`` on the turn, then more cards,
each of a higher index than the last, then ``DONE``; a trim is the same from the
first trim decision (``DONE`` at once keeps every soldier, when that is allowed).
Increasing indices give each set of cards exactly one sequence. A choice is
completed by itself once no further card can be chosen, and a card is offered only
if enough cards above it are left to give up as many as the choice needs (a trim
keeps at most the variant's ``soldiers``: five in the standard game, up to seven).
The ids are the same for every variant: ``CARD_c`` is card ``c`` of the full deck's
order, and a smaller deck's cards keep their ids. The player whose choice it
is makes every step of it: the same player acts several times in a row.

**No-limit sizes.** A raise of ``HALF_POT`` or ``POT`` is half or all of the pot
(every chip in the middle, this battle's included), ``MIN`` the smallest raise
allowed and ``ALL_IN`` the largest; each is clamped to the bounds the engine gives,
and where two sizes come to the same amount only the lower id is legal, so an
amount has one id.
"""

from __future__ import annotations

from typing import Final

from palace_poker.cards import Card

FOLD: Final = 0
STAY: Final = 1
BUY: Final = 2
CALL: Final = 3
DONE: Final = 4
RAISE_MIN: Final = 5
RAISE_HALF_POT: Final = 6
RAISE_POT: Final = 7
RAISE_ALL_IN: Final = 8
#: ``BET_r`` is ``BET_BASE + r`` for r = 1..9.
BET_BASE: Final = 8
#: ``CARD_c`` is ``CARD_BASE + c`` for c = 0..51.
CARD_BASE: Final = 18
NUM_ACTIONS: Final = CARD_BASE + 52
RAISES: Final = (RAISE_MIN, RAISE_HALF_POT, RAISE_POT, RAISE_ALL_IN)
MAX_SEATS: Final = 10


def action_name(action: int) -> str:
    """A short readable name of an action id (``BET_2``, ``CARD_As``).

    >>> action_name(0), action_name(10), action_name(CARD_BASE + 51)
    ('FOLD', 'BET_2', 'CARD_As')
    """
    if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"no action id {action!r}: ids are 0..{NUM_ACTIONS - 1}")
    if action >= CARD_BASE:
        return f"CARD_{Card(action - CARD_BASE)}"
    if action > BET_BASE:
        return f"BET_{action - BET_BASE}"
    return _NAMES[action]


_NAMES: Final = (
    "FOLD",
    "STAY",
    "BUY",
    "CALL",
    "DONE",
    "RAISE_MIN",
    "RAISE_HALF_POT",
    "RAISE_POT",
    "RAISE_ALL_IN",
)
