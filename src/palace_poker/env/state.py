"""A hand as research libraries step it: atomic decisions by id, and chance nodes.

:class:`EnvState` wraps a :class:`~palace_poker.Hand` dealt with explicit chance:
every card that leaves the stock is a chance node whose outcomes are the cards
left (card indices 0..51, equally likely), and every decision is an action id of
:mod:`palace_poker.encoding.ids` (what each does: :mod:`palace_poker.encoding.steps`)
— a card choice or a no-limit bet is a short sequence of ids by the same player,
kept in :attr:`EnvState.pending` until it is complete and goes to the engine as one
action. One episode is one hand; the
returns are each seat's chips won or lost.

The hand may be of any variant (docs/rules.md, *Variants*): its chance outcomes are
then the cards of the variant's deck only, still named by their indices in the full
deck's order, so a card has one id in every variant. :func:`research_rules` builds
an environment's rules from its stakes and a variant (a preset's name or a
:class:`~palace_poker.variant.Variant`).

>>> from palace_poker import Rules
>>> state = EnvState.new(Rules.of(10), [100, 100], dealer=0)
>>> state.current_player() == CHANCE, len(state.chance_outcomes())
(True, 52)
>>> import random
>>> rng = random.Random(1)
>>> while not state.is_terminal():
...     if state.current_player() == CHANCE:
...         state.apply(rng.choice(state.chance_outcomes())[0])
...     else:
...         state.apply(rng.choice(state.legal_actions()))
>>> sum(state.returns())
0.0
"""

from __future__ import annotations

import dataclasses
from typing import Final

from palace_poker.actions import Action
from palace_poker.cards import Card
from palace_poker.chance import ChanceStep
from palace_poker.checks import as_text, short
from palace_poker.config import Betting, Rules
from palace_poker.encoding.ids import NUM_ACTIONS
from palace_poker.encoding.steps import Pending, continues_to, legal_steps, same_action
from palace_poker.errors import ConfigError
from palace_poker.hand import Hand
from palace_poker.presets import preset
from palace_poker.variant import STANDARD, Variant

#: ``current_player()`` of a chance node and of the end (OpenSpiel's ids).
CHANCE: Final = -1
TERMINAL: Final = -4

#: What an environment's ``variant`` parameter takes: a preset's name, a variant, or
#: None for the standard game.
VariantChoice = str | Variant | None


def research_rules(
    small_bet: int,
    *,
    big_bet: int | None = None,
    ante: int | None = None,
    betting: Betting = "limit",
    variant: VariantChoice = None,
) -> Rules:
    """The rules of an environment: its stakes (:meth:`Rules.of`'s defaults for what
    is not given) and its variant. A preset's name brings the raises a battle it
    sets (``quick``: one); a :class:`Variant` or None (the standard game) keeps the
    structure's default. Anything else is refused with ``invalid_variant``.

    >>> research_rules(1, ante=1, variant="tiny").variant.cards
    6
    >>> research_rules(10, variant="quick").max_raises
    1
    >>> research_rules(10, variant=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    palace_poker.errors.ConfigError: [invalid_variant] variant must be a preset's name or ...
    """
    raises = None  # the structure's default
    if variant is None:
        chosen = STANDARD
    elif isinstance(variant, Variant):
        chosen = variant
    elif as_text(variant) is not None:
        named = preset(variant)
        chosen, raises = named.variant, named.max_raises
    else:
        raise ConfigError(
            "invalid_variant",
            f"variant must be a preset's name or a Variant, got {short(variant)}",
            details={"field": "variant", "input": short(variant)},
        )
    rules = Rules.of(small_bet, big_bet=big_bet, ante=ante, betting=betting, variant=chosen)
    return rules if raises is None else dataclasses.replace(rules, max_raises=raises)


class EnvState:
    """One hand stepped by action ids and chance outcomes (see the module's text)."""

    def __init__(self, hand: Hand, pending: Pending | None = None) -> None:
        self.hand = hand
        self.pending = pending
        # The chance step due, read once a version: the hand builds it anew at
        # every read (its outcomes sorted), and a step reads it several times.
        self._chance_at = -1
        self._chance: ChanceStep | None = None
        self._outcomes_at = -1
        self._outcomes: list[tuple[int, float]] = []
        # The legal ids of the decision due, for its (version, choice in progress):
        # a step asks for them twice (the mask, then apply).
        self._legal_for: tuple[int, Pending | None] | None = None
        self._legal_ids: dict[int, object] = {}

    def _due(self) -> ChanceStep | None:
        """The hand's chance step due now (cached for the hand's version)."""
        version = self.hand.version
        if version != self._chance_at:
            self._chance_at, self._chance = version, self.hand.chance
        return self._chance

    @classmethod
    def new(cls, rules: Rules, stacks: list[int], *, dealer: int = 0) -> EnvState:
        """A hand before its first card is dealt."""
        return cls(Hand.deal(rules, stacks, dealer=dealer, explicit_chance=True))

    def clone(self) -> EnvState:
        """An independent copy (the hand's cheap copy; the pending choice is frozen)."""
        return EnvState(self.hand.copy(), self.pending)

    def __deepcopy__(self, memo: object) -> EnvState:
        return self.clone()

    # ------------------------------------------------------------ whose move

    def is_terminal(self) -> bool:
        """True when the hand is over."""
        return self.hand.over

    def current_player(self) -> int:
        """The seat to decide, :data:`CHANCE` when a card is due, :data:`TERMINAL` at the end."""
        hand = self.hand
        if hand.over:
            return TERMINAL
        if self._due() is not None:
            return CHANCE
        seat = hand.to_act
        assert seat is not None
        return seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards the due chance node can give, as ``(card index, probability)``."""
        step = self._due()
        if step is None:
            return []
        if self._outcomes_at != self._chance_at:  # once a chance node
            p = 1.0 / len(step.outcomes)
            self._outcomes = [(int(card), p) for card in step.outcomes]
            self._outcomes_at = self._chance_at
        return list(self._outcomes)

    def returns(self) -> list[float]:
        """Each seat's chips won (or lost, negative) in the hand; zeros before its end."""
        result = self.hand.result
        if result is None:
            return [0.0] * self.hand.n
        return [float(e - s) for e, s in zip(result.stacks, self.hand.start_stacks, strict=True)]

    # ------------------------------------------------------------ the legal ids

    def legal_actions(self) -> list[int]:
        """The legal action ids of the player to decide, ascending (empty otherwise)."""
        if self.hand.over or self._due() is not None:
            return []
        return sorted(self._legal())

    def legal_mask(self) -> list[int]:
        """1 for each legal id, 0 for the others (:data:`NUM_ACTIONS` entries)."""
        mask = [0] * NUM_ACTIONS
        for action in self._legal():
            mask[action] = 1
        return mask

    def _legal(self) -> dict[int, object]:
        """Each legal id and what it does: an engine action, or a step of a choice."""
        key = (self.hand.version, self.pending)
        cached = self._legal_for
        if cached is None or cached[0] != key[0] or cached[1] is not key[1]:
            self._legal_ids, self._legal_for = self._legal_now(), key
        return self._legal_ids

    def _legal_now(self) -> dict[int, object]:
        hand = self.hand
        seat = hand.to_act
        assert seat is not None
        options = () if self.pending is not None else hand.legal_options()
        return legal_steps(options, seat=seat, n=hand.n, pot=hand.pot, pending=self.pending)

    # ------------------------------------------------------------ applying

    def apply(self, action: int) -> None:
        """Apply an action id of the player to decide, or a chance outcome (a card
        index) at a chance node. Raises ``ValueError`` for an id that is not legal."""
        hand = self.hand
        if hand.over:
            raise ValueError(f"action {action} is not legal here: the hand is over")
        if self._due() is not None:
            hand.apply_chance(Card(action))
            return
        step = self._legal().get(action)
        if step is None:
            raise ValueError(f"action {action} is not legal here: {self.legal_actions()}")
        if isinstance(step, Pending):
            self.pending = step
            return
        assert isinstance(step, Action)
        hand.apply(step)
        self.pending = None

    def engine_action(self, action: int) -> Action | Pending:
        """What a legal id does: the engine's action, or the choice it continues."""
        step = self._legal().get(action) if self.legal_actions() else None
        if step is None:
            raise ValueError(f"action {action} is not legal here")
        assert isinstance(step, Action | Pending)
        return step

    def encode(self, action: Action) -> list[int]:
        """The ids that make the engine's ``action`` from this decision (its no-limit
        amount must be one of the sizes offered). ``ValueError`` when none do."""
        sequence: list[int] = []
        probe = self.clone()
        for _ in range(60):
            found = None
            for candidate, step in probe._legal().items():
                if same_action(step, action) or (
                    isinstance(step, Pending) and continues_to(step, action, probe.hand.to_act)
                ):
                    found = candidate
                    break
            if found is None:
                raise ValueError(f"{action} has no id here")
            sequence.append(found)
            if not isinstance(probe._legal()[found], Pending):
                return sequence
            probe.apply(found)
        raise ValueError(f"{action} has no id here")  # pragma: no cover - choices are short
