"""Many hands stepped together in C, their observations written into NumPy arrays.

A :class:`HandBatch` holds N hands, each its own table (:class:`Table`: rules,
variant, players and stacks, first dealer) and its own random numbers (a seed a
hand), stepped by :class:`palace_poker._enginec.Batch` exactly as
:class:`~palace_poker.env.state.EnvState` steps them (tests/research/test_batch.py
replays them there). It allocates its arrays once and the C engine writes into
them in place; :meth:`HandBatch.reset` and :meth:`HandBatch.step` return the *same*
arrays every time (no copy: keep a copy of what must outlive the next step):

* ``obs`` float32 [N, 1887]: the acting player's observation
  (:func:`palace_poker.env.observe.vector`, relative to that player, the choice in
  progress included);
* ``mask`` int8 [N, 70]: its legal ids (:meth:`EnvState.legal_mask
  <palace_poker.env.state.EnvState.legal_mask>`);
* ``player`` int32 [N]: the acting seat;
* ``returns`` float32 [N, 10]: when a hand ended at this step, each seat's chips
  won or lost in it (by seat, zeros past the table's players; exact up to 2**24
  chips); zeros otherwise;
* ``done`` uint8 [N]: 1 where a hand ended at this step.

A step applies each hand's id, then deals its chance cards (uniformly among the
cards left, from the hand's own splitmix64 stream) until the next decision. A hand
that ends records its returns, sets ``done`` and is dealt again at once from the
same table, the dealer one seat further left each deal (``rotate_dealer=False``
keeps it): ``obs``, ``mask`` and ``player`` are then the new hand's first decision.
No Python object is made per hand per step. The id :data:`WAIT` (-1) leaves a hand
as it is for a step (its decision stands, ``done`` 0, ``returns`` zeros), so that a
caller steps only the hands whose acting player it plays
(:mod:`palace_poker.env.vector` steps the opponents' hands while the learner's wait).

>>> from palace_poker import Rules
>>> if AVAILABLE:
...     batch = HandBatch.of(Rules.of(10), [100, 100], size=4, seed=1)
...     arrays = batch.reset()
...     for _ in range(50):
...         arrays = batch.step(batch.random_actions())
...     print(arrays.obs.shape, arrays.obs is batch.step(batch.random_actions()).obs)
... else:
...     print((4, 1887), True)
(4, 1887) True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from palace_poker.config import Rules
from palace_poker.encoding.ids import MAX_SEATS, NUM_ACTIONS
from palace_poker.env import compact as compact_layout
from palace_poker.env.fast import AVAILABLE, hand_arguments
from palace_poker.env.observe import SIZE
from palace_poker.errors import ConfigError, IllegalActionError

if TYPE_CHECKING:
    from palace_poker._enginec import Batch, Hand

__all__ = ["AVAILABLE", "WAIT", "BatchArrays", "HandBatch", "Table"]

#: The id by which a hand waits a step (:meth:`HandBatch.step`).
WAIT: Final = -1


@dataclass(frozen=True)
class Table:
    """One hand's table: its rules (the variant among them), the players' stacks
    and the first deal's dealer."""

    rules: Rules
    stacks: tuple[int, ...]
    dealer: int = 0


class BatchArrays(NamedTuple):
    """The arrays a batch writes (the module's text says what each holds)."""

    obs: NDArray[np.float32]
    mask: NDArray[np.int8]
    player: NDArray[np.int32]
    returns: NDArray[np.float32]
    done: NDArray[np.uint8]


class HandBatch:
    """N hands of their own tables and seeds, stepped together in C (see the module)."""

    def __init__(
        self, tables: Sequence[Table], seeds: Sequence[int], *, rotate_dealer: bool = True
    ) -> None:
        if not tables:
            raise ConfigError("invalid_players", "a batch needs at least one table")
        if len(seeds) != len(tables):
            raise ConfigError(
                "invalid_players",
                f"one seed a table: {len(tables)} tables, {len(seeds)} seeds",
            )
        hands = [hand_arguments(t.rules, t.stacks, dealer=t.dealer) for t in tables]
        from palace_poker import _enginec  # noqa: PLC0415 - present: hand_arguments checked

        size = len(tables)
        self.tables: tuple[Table, ...] = tuple(tables)
        self.arrays = BatchArrays(
            np.zeros((size, SIZE), np.float32),
            np.zeros((size, NUM_ACTIONS), np.int8),
            np.zeros(size, np.int32),
            np.zeros((size, MAX_SEATS), np.float32),
            np.zeros(size, np.uint8),
        )
        self._actions = np.zeros(size, np.int64)
        self._draws = 0
        self._first_seed = int(seeds[0])
        self._batch: Batch = _enginec.Batch(
            hands, [int(seed) for seed in seeds], *self.arrays, rotate_dealer=rotate_dealer
        )

    @classmethod
    def of(
        cls,
        rules: Rules,
        stacks: Sequence[int],
        *,
        size: int,
        seed: int = 0,
        dealer: int = 0,
        rotate_dealer: bool = True,
    ) -> HandBatch:
        """``size`` hands of one table, seeded ``seed``, ``seed + 1``, ..."""
        table = Table(rules, tuple(stacks), dealer)
        return cls([table] * size, range(seed, seed + size), rotate_dealer=rotate_dealer)

    def __len__(self) -> int:
        return len(self.tables)

    def reset(self, seeds: Sequence[int] | None = None) -> BatchArrays:
        """Every hand's random numbers restarted from its seed (``seeds``, if given,
        replace them), its first deal dealt to its first decision; the arrays."""
        self._batch.reset(None if seeds is None else [int(seed) for seed in seeds])
        self._draws = 0
        if seeds is not None:
            self._first_seed = int(seeds[0])
        return self.arrays

    def step(self, actions: NDArray[np.int64] | Sequence[int]) -> BatchArrays:
        """Apply each hand's action id (one a hand), deal to the next decisions, a
        hand that ended dealt again; the arrays (the same ones, written in place).
        A hand given :data:`WAIT` stays as it is (``done`` 0, ``returns`` zeros).

        Raises :class:`~palace_poker.errors.IllegalActionError` (``illegal_action``,
        a ``ValueError``) for an id that is not legal; then no hand has moved.
        """
        ids = np.ascontiguousarray(actions, np.int64)
        try:
            self._batch.step(ids)
        except ValueError as error:
            if "not legal" not in str(error):
                raise
            raise IllegalActionError("illegal_action", str(error)) from None
        return self.arrays

    def random_actions(self, seed: int | None = None) -> NDArray[np.int64]:
        """A uniformly random legal id for each hand (drawn in C), in an array the
        next call overwrites. Without ``seed``, drawn from the first hand's seed and
        the calls since :meth:`reset`, so that a batch replays from its seeds."""
        if seed is None:
            seed = self._first_seed * 0x9E3779B97F4A7C15 + self._draws
            self._draws += 1
        self._batch.random_legal(self._actions, seed & (2**64 - 1))
        return self._actions

    def compact(self) -> NDArray[np.float32]:
        """The observations in the compact layout of the tables' size and variant
        (:func:`palace_poker.env.compact.layout`): a new array, gathered from
        ``obs``. Only for a batch whose tables have one size and one variant."""
        shapes = {(len(t.stacks), t.rules.variant) for t in self.tables}
        if len(shapes) != 1:
            raise ConfigError(
                "invalid_variant",
                "the compact observation needs one table size and one variant in the batch",
            )
        players, variant = shapes.pop()
        return compact_layout.layout(players, variant).gather(self.arrays.obs)

    def hand(self, index: int) -> Hand:
        """A copy of hand ``index`` as it stands."""
        return self._batch.hand(index)

    def deals(self, index: int) -> int:
        """The hands hand ``index`` has dealt since :meth:`reset` (this one included)."""
        return self._batch.deals(index)
