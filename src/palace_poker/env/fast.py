"""The hand engine in C: a hand stepped exactly as :class:`~palace_poker.env.state.EnvState`
steps it, at C speed.

:func:`new_hand` deals a :class:`palace_poker._enginec.Hand` from the same
:class:`~palace_poker.Rules` and stacks as :meth:`EnvState.new
<palace_poker.env.state.EnvState.new>`: every variant (docs/rules.md, *Variants*),
limit and no-limit, 2 to 10 players. It answers ``current_player()``,
``chance_outcomes()``, ``legal_actions()``, ``apply(id)``, ``returns()`` and
``clone()`` as EnvState does, node for node (tests/research/test_engine_c.py
steps the two side by side), and ``view(seat)`` gives what the seat sees, as the
fields of its :class:`~palace_poker.observation.Observation`. A hand is one
fixed-size C struct: a copy is one memory copy, and no step allocates.
``write_observation(seat, out)`` and ``write_mask(out)`` write the seat's
observation vector (:func:`palace_poker.env.observe.vector`) and the legal mask
into NumPy arrays; :mod:`palace_poker.env.batch` steps many hands at once.

The extension is optional: it is built where a C compiler is found at install
time. :data:`AVAILABLE` says whether it was; without it :func:`new_hand` refuses
with ``backend_unavailable``.

>>> from palace_poker import Rules
>>> import random
>>> if AVAILABLE:
...     hand = new_hand(Rules.of(10), [100, 100], dealer=0)
...     rng = random.Random(1)
...     while not hand.is_terminal():
...         if hand.current_player() == CHANCE:
...             hand.apply(rng.choice(hand.chance_cards()))
...         else:
...             hand.apply(rng.choice(hand.legal_actions()))
...     print(sum(hand.returns()))
... else:
...     print(0.0)
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Final, TypeAlias

from palace_poker.checks import seat as checked_seat
from palace_poker.checks import stacks as checked_stacks
from palace_poker.config import Rules
from palace_poker.errors import ConfigError

if TYPE_CHECKING:
    from palace_poker._enginec import Hand

__all__ = ["AVAILABLE", "CHANCE", "TERMINAL", "HandArguments", "hand_arguments", "new_hand"]

#: ``_enginec.Hand``'s arguments: small bet, big bet, ante, no-limit, raise cap (-1:
#: none), stacks, dealer, then the variant's ranks, suits, palace, soldiers, group and
#: its four readings (struck by rank, attacker's entry, fold captured, last two battle).
HandArguments: TypeAlias = tuple[
    int, int, int, bool, int, list[int], int, int, int, int, int, int, bool, bool, bool, bool
]

#: ``current_player()`` of a chance node and of the end (OpenSpiel's ids, EnvState's).
CHANCE: Final = -1
TERMINAL: Final = -4


def _load() -> ModuleType | None:
    try:
        from palace_poker import _enginec  # noqa: PLC0415 - optional, compiled
    except ImportError:
        return None
    return _enginec


_ENGINE: Final = _load()
#: Whether the C engine was built (a C compiler was found at install time).
AVAILABLE: Final = _ENGINE is not None


def new_hand(rules: Rules, stacks: Sequence[int], *, dealer: int = 0) -> Hand:
    """A hand before its first card is dealt: the antes posted (R-ANTE-1), the first
    banner card due, as ``EnvState.new(rules, stacks, dealer=dealer)``.

    The stacks and dealer are checked as :meth:`Hand.deal <palace_poker.Hand.deal>`
    checks them (``invalid_players``), the number of players against the variant's
    deck (``invalid_variant``); without the extension, ``backend_unavailable``.
    """
    arguments = hand_arguments(rules, stacks, dealer=dealer)
    assert _ENGINE is not None  # (hand_arguments refuses without it)
    made: Hand = _ENGINE.Hand(*arguments)
    return made


def hand_arguments(rules: Rules, stacks: Sequence[int], *, dealer: int = 0) -> HandArguments:
    """The arguments of ``_enginec.Hand`` (and of one table of ``_enginec.Batch``) for
    a table of ``rules`` and ``stacks``, checked as :func:`new_hand` checks them."""
    if not isinstance(rules, Rules):
        raise ConfigError("invalid_rules", "rules must be a Rules", rule="R-STAKE-1")
    chips = checked_stacks(stacks, "stacks")
    seat = checked_seat(
        dealer, len(chips), "dealer", error=ConfigError, code="invalid_players", rule="R-DEAL-2"
    )
    variant = rules.variant
    variant.check_playable(len(chips))
    if _ENGINE is None:
        raise ConfigError(
            "backend_unavailable",
            "the C engine (palace_poker._enginec) was not built: install palace-poker "
            "where a C compiler is found",
        )
    return (
        rules.small_bet,
        rules.big_bet,
        rules.ante,
        rules.no_limit,
        -1 if rules.max_raises is None else rules.max_raises,
        list(chips),
        seat,
        variant.ranks,
        variant.suits,
        variant.palace,
        variant.soldiers,
        variant.group,
        variant.struck == "rank",
        variant.entry == "attacker",
        variant.fold == "captured",
        variant.last_two == "battle",
    )
