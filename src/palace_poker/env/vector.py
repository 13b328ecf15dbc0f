"""Vectorised Palace Poker: N hands stepped together in C, for Gymnasium and for
multi-agent self-play.

Both classes are built on :class:`palace_poker.env.batch.HandBatch` (one C call a
step for every hand; the arrays are written in place, no Python object a hand).

**Gymnasium.** :class:`PalacePokerVectorEnv` is a :class:`gymnasium.vector.VectorEnv`
of ``num_envs`` hands of one table. Importing :mod:`palace_poker.env.gymnasium`
registers it as ``PalacePokerBatch-v0`` (a vector entry point alone, so that
``PalacePoker-v0``'s ``make_vec`` keeps building its own environments by default):

>>> import gymnasium
>>> import numpy as np
>>> import palace_poker.env.gymnasium  # registers PalacePokerBatch-v0
>>> if AVAILABLE:
...     envs = gymnasium.make_vec("PalacePokerBatch-v0", num_envs=8, num_players=3)
...     obs, infos = envs.reset(seed=1)
...     rng = np.random.default_rng(0)
...     for _ in range(20):
...         actions = np.argmax(envs.action_masks() * rng.random((8, 70)), axis=1)
...         obs, rewards, terminated, truncated, infos = envs.step(actions)
...     print(obs.shape, obs.dtype, envs.action_masks().shape, rewards.dtype)
... else:
...     print((8, 1887), "float32", (8, 70), "float64")
(8, 1887) float32 (8, 70) float64

* **The learner against opponents** (the default): the learner plays seat ``seat``
  (0 by default; the dealer moves one seat left each deal, so the seat plays every
  position) and the other seats are a batched opponent: ``"random"`` (a uniformly
  random legal id, drawn in C) or a callable ``(obs[M, 1887], mask[M, 70]) ->
  ids[M]`` called on the M hands where an opponent acts (the hands where the
  learner acts wait meanwhile, :data:`~palace_poker.env.batch.WAIT`). Every
  observation returned is one the learner acts on.
* **Self-play** (``self_play=True``): the learner acts for whoever acts in each hand;
  ``infos["player"]`` is the acting seat (the observation is that seat's view).

**Episodes and automatic reset** (``metadata["autoreset_mode"]`` is
``AutoresetMode.SAME_STEP``): an episode is a hand. A hand that ends is dealt again at
once, so the step that ends it returns ``terminated`` True, the reward, and the *new*
hand's first observation. The last observation of the finished hand is not written
(there is no ``infos["final_obs"]``): an episode always terminates, never truncates,
so a learner needs no value for it. Nothing truncates.

**Reward**: zero until a hand ends, then the learner's chips won or lost in it
divided by the big bet. Against opponents, a hand the opponents finish without the
learner (a fold before its first decision) ends within the same step as the
learner's last action, and its chips are added to that step's reward
(``infos["hands_ended"]`` counts the hands a step ended), so every hand dealt after
the reset is counted; hands that end within :meth:`~PalacePokerVectorEnv.reset`
itself are not. In self-play the reward is the chips of the seat that acted (the
one whose action ended the hand); ``infos["returns"]`` [N, 10] gives every seat's.

**Masks**: ``infos["action_mask"]`` (int8 [N, 70]) and
:meth:`~PalacePokerVectorEnv.action_masks` (bool [N, 70]). sb3-contrib's
``MaskablePPO`` reads masks from a Stable-Baselines3 ``VecEnv`` by
``env_method("action_masks")``; SB3 does not take a Gymnasium ``VectorEnv``, so an
adapter to SB3's ``VecEnv`` is needed to train with it.

**Seeds**: ``reset(seed=s)`` seeds hand i with ``s + i`` and the random opponent
from ``s``: the same seed and the same actions give the same hands. ``reset()``
without a seed draws new seeds from ``np_random``.

**Illegal ids** raise :class:`~palace_poker.errors.IllegalActionError`
(``illegal_action``) naming the first offending hand, and change nothing. An
opponent's illegal id raises the same error (naming the opponent), the learner's
ids of that step already applied.

**Multi-agent self-play.** PettingZoo has no vector API for AEC games.
:class:`BatchedSelfPlay` gives what a multi-agent trainer needs of N hands of one
table, each step a :class:`SelfPlayStep`; for each hand it maps to
:class:`palace_poker.env.pettingzoo.PalacePokerEnv` (``palace_poker_v0``) so:

* ``agent_selection`` is ``possible_agents[step.player[i]]`` (``player_k`` for seat k);
* ``observe(agent_selection)["observation"]`` and ``["action_mask"]`` are
  ``step.obs[i]`` and ``step.mask[i]`` (only the acting agent's view is written);
* ``rewards`` at the hand's end are ``step.rewards[i, :n]`` (every agent's chips in
  big bets, zeros otherwise), with ``step.done[i]`` where every agent would be
  terminated; the next observation is already the next hand's (the dealer one seat
  further left), as if :meth:`reset` had been called.

>>> if AVAILABLE:
...     play = BatchedSelfPlay(4, num_players=3)
...     step = play.reset(seed=0)
...     for _ in range(40):
...         step = play.step(play.batch.random_actions())
...     print(step.obs.shape, step.rewards.shape, play.agents)
... else:
...     print((4, 1887), (4, 3), ["player_0", "player_1", "player_2"])
(4, 1887) (4, 3) ['player_0', 'player_1', 'player_2']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from palace_poker.checks import chips, integer, short
from palace_poker.config import Betting
from palace_poker.encoding.ids import NUM_ACTIONS
from palace_poker.env import observe
from palace_poker.env.batch import AVAILABLE, WAIT, BatchArrays, HandBatch
from palace_poker.env.gymnasium import DEFAULT_STACK_BIG_BETS
from palace_poker.env.state import EnvState, VariantChoice, research_rules
from palace_poker.errors import ConfigError, IllegalActionError

__all__ = ["AVAILABLE", "BATCH_ENV_ID", "BatchedSelfPlay", "PalacePokerVectorEnv", "SelfPlayStep"]

#: The id :mod:`palace_poker.env.gymnasium` registers for :class:`PalacePokerVectorEnv`.
BATCH_ENV_ID: Final = "PalacePokerBatch-v0"

#: A batched opponent: the observations and masks of the hands where it acts, to ids.
Opponent = Callable[[NDArray[np.float32], NDArray[np.int8]], NDArray[np.integer[Any]]]


def _batch(
    size: object,
    seed: int,
    *,
    num_players: int,
    small_bet: int,
    big_bet: int | None,
    ante: int | None,
    betting: Betting,
    stack: int | None,
    variant: VariantChoice,
) -> HandBatch:
    """``size`` hands of one table (the keywords as :class:`PalacePokerEnv
    <palace_poker.env.gymnasium.PalacePokerEnv>`'s), checked as there."""
    count = integer(
        size, "num_envs", minimum=1, maximum=2**31 - 1, error=ConfigError, code="invalid_settings"
    )
    n = integer(
        num_players, "num_players", minimum=2, maximum=10, error=ConfigError, code="invalid_players"
    )
    rules = research_rules(small_bet, big_bet=big_bet, ante=ante, betting=betting, variant=variant)
    rules.variant.check_playable(n)
    chips_each = (
        DEFAULT_STACK_BIG_BETS * rules.big_bet
        if stack is None
        else chips(stack, "stack", minimum=1, error=ConfigError, code="invalid_players")
    )
    EnvState.new(rules, [chips_each] * n)  # the hand's own checks (the chips' total)
    return HandBatch.of(rules, [chips_each] * n, size=count, seed=seed)


def _ids(actions: object, mask: NDArray[np.int8], who: str) -> NDArray[np.int64]:
    """The ids as int64 [N], each legal in its hand's mask, or ``illegal_action``."""
    size = len(mask)
    ids = np.asarray(actions)
    if ids.shape != (size,) or ids.dtype.kind not in "iu":
        raise IllegalActionError(
            "illegal_action",
            f"{who} must be {size} integer ids, one a hand, got shape {ids.shape} of {ids.dtype}",
            details={"input": short(actions)},
        )
    ids = ids.astype(np.int64)
    legal = (ids >= 0) & (ids < NUM_ACTIONS)
    legal[legal] = mask[np.flatnonzero(legal), ids[legal]] == 1
    if not legal.all():
        hand = int(np.flatnonzero(~legal)[0])
        raise IllegalActionError(
            "illegal_action",
            f"{who}: hand {hand}: id {int(ids[hand])} is not legal there "
            f"(legal: {np.flatnonzero(mask[hand]).tolist()})",
            details={"hand": hand, "input": int(ids[hand])},
        )
    return ids


class PalacePokerVectorEnv(gymnasium.vector.VectorEnv[NDArray[np.float32], NDArray[np.int64], Any]):
    """``num_envs`` hands of Palace Poker stepped in C (see the module).

    Keywords as :class:`~palace_poker.env.gymnasium.PalacePokerEnv`'s where they
    share a name (``num_players``, ``small_bet``, ``big_bet``, ``ante``,
    ``betting``, ``stack``, ``variant``); ``seat`` is the learner's fixed seat,
    ``opponents`` ``"random"`` or a callable (the module's text), ``self_play``
    True for the learner to act for every seat. Bad values raise a
    :class:`~palace_poker.errors.ConfigError`.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 1,
        *,
        num_players: int = 2,
        opponents: str | Opponent = "random",
        seat: int = 0,
        self_play: bool = False,
        small_bet: int = 10,
        big_bet: int | None = None,
        ante: int | None = None,
        betting: Betting = "limit",
        stack: int | None = None,
        variant: VariantChoice = None,
    ) -> None:
        self.batch = _batch(
            num_envs,
            0,
            num_players=num_players,
            small_bet=small_bet,
            big_bet=big_bet,
            ante=ante,
            betting=betting,
            stack=stack,
            variant=variant,
        )
        self.num_envs = len(self.batch)
        self.num_players = num_players
        self.rules = self.batch.tables[0].rules
        if not isinstance(self_play, bool):
            raise ConfigError(
                "invalid_settings",
                f"self_play must be True or False, got {short(self_play)}",
                details={"field": "self_play", "input": short(self_play)},
            )
        self.self_play = self_play
        self.seat = integer(
            seat,
            "seat",
            minimum=0,
            maximum=num_players - 1,
            error=ConfigError,
            code="invalid_players",
        )
        if not (opponents == "random" or callable(opponents)):
            raise ConfigError(
                "unknown_bot",
                'the batched opponents are "random" or a callable (obs, mask) -> ids, '
                f"got {short(opponents)}",
                details={"field": "opponents", "input": short(opponents)},
            )
        self.opponents = opponents
        self.single_observation_space = spaces.Box(0.0, 1.0, (observe.SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._arrays: BatchArrays | None = None
        self._scale = float(self.rules.big_bet)

    @property
    def arrays(self) -> BatchArrays:
        """The batch's arrays (raises ``ResetNeeded`` before the first reset)."""
        if self._arrays is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self._arrays

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal every hand anew (hand i seeded ``seed + i``, or ``seed[i]`` for a
        list), played to the learner's first decisions."""
        if isinstance(seed, Sequence):
            seeds = [int(s) for s in seed]
            self._np_random, self._np_random_seed = seeding.np_random(seeds[0])
        else:
            if seed is not None:
                self._np_random, self._np_random_seed = seeding.np_random(seed)
            first = int(self.np_random.integers(2**62)) if seed is None else int(seed)
            seeds = list(range(first, first + self.num_envs))
        if len(seeds) != self.num_envs:
            raise ConfigError(
                "invalid_settings",
                f"one seed a hand: {self.num_envs} hands, {len(seeds)} seeds",
                details={"field": "seed", "input": short(seed)},
            )
        self._arrays = self.batch.reset(seeds)
        if not self.self_play:
            self._play_opponents(np.zeros(self.num_envs), np.zeros(self.num_envs, np.int64))
        return self._arrays.obs.copy(), self._infos(np.zeros(self.num_envs, np.int64))

    def step(
        self, actions: NDArray[np.int64]
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.float64],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Apply the learner's id in every hand, then (against opponents) play the
        opponents until every hand waits for the learner again."""
        arrays = self.arrays
        ids = _ids(actions, arrays.mask, "the actions")
        acting = arrays.player.copy()
        self.batch.step(ids)
        rewards = np.zeros(self.num_envs)
        ended = arrays.done.astype(np.int64)
        returns = arrays.returns / self._scale
        if self.self_play:
            rewards += returns[np.arange(self.num_envs), acting]
        else:
            rewards += returns[:, self.seat]
            self._play_opponents(rewards, ended)
        infos = self._infos(ended)
        if self.self_play:
            infos["returns"] = returns
        return (
            arrays.obs.copy(),
            rewards,
            ended > 0,
            np.zeros(self.num_envs, np.bool_),
            infos,
        )

    def _play_opponents(self, rewards: NDArray[np.float64], ended: NDArray[np.int64]) -> None:
        """Step the hands where an opponent acts (the learner's wait) until the learner
        acts in every hand, adding the learner's chips of each hand that ends."""
        arrays = self.arrays
        while True:
            others = arrays.player != self.seat
            if not others.any():
                return
            if callable(self.opponents):
                where = np.flatnonzero(others)
                mask = arrays.mask[where]
                chosen = self.opponents(arrays.obs[where], mask)
                ids = np.full(self.num_envs, WAIT, np.int64)
                ids[where] = _ids(chosen, mask, "the opponent's ids")
            else:
                ids = self.batch.random_actions()
                ids[~others] = WAIT
            self.batch.step(ids)
            rewards += arrays.returns[:, self.seat] / self._scale
            ended += arrays.done

    def _infos(self, ended: NDArray[np.int64]) -> dict[str, Any]:
        arrays = self.arrays
        return {
            "action_mask": arrays.mask.copy(),
            "player": arrays.player.copy(),
            "hands_ended": ended,
        }

    def action_masks(self) -> NDArray[np.bool_]:
        """Each hand's legal ids, bool [N, 70] (what ``MaskablePPO`` reads)."""
        return self.arrays.mask.astype(np.bool_)


class SelfPlayStep(NamedTuple):
    """What :class:`BatchedSelfPlay` gives at each step (new arrays)."""

    #: the acting seat of each hand: ``agent_selection`` is ``player_{player[i]}``
    player: NDArray[np.int32]
    #: its observation [N, 1887] and legal ids [N, 70] (int8)
    obs: NDArray[np.float32]
    mask: NDArray[np.int8]
    #: every agent's chips in big bets [N, num_players] for a hand that ended, else 0
    rewards: NDArray[np.float32]
    #: 1 where a hand ended at this step (the observation is then the next hand's)
    done: NDArray[np.bool_]


class BatchedSelfPlay:
    """N hands of one table where one trainer acts for every agent (see the module).

    The keywords as :class:`PalacePokerVectorEnv`'s.
    """

    def __init__(
        self,
        num_hands: int,
        *,
        num_players: int = 2,
        small_bet: int = 10,
        big_bet: int | None = None,
        ante: int | None = None,
        betting: Betting = "limit",
        stack: int | None = None,
        variant: VariantChoice = None,
    ) -> None:
        self.batch = _batch(
            num_hands,
            0,
            num_players=num_players,
            small_bet=small_bet,
            big_bet=big_bet,
            ante=ante,
            betting=betting,
            stack=stack,
            variant=variant,
        )
        self.num_players = num_players
        self.agents = [f"player_{i}" for i in range(num_players)]
        self._scale = float(self.batch.tables[0].rules.big_bet)
        self._dealt = False

    def reset(self, seed: int = 0) -> SelfPlayStep:
        """Deal every hand anew, hand i seeded ``seed + i``."""
        self._dealt = True
        return self._step(self.batch.reset(range(seed, seed + len(self.batch))))

    def step(self, actions: NDArray[np.integer[Any]] | Sequence[int]) -> SelfPlayStep:
        """Apply each hand's acting agent's id (``illegal_action`` for an id not
        legal: then nothing moves)."""
        if not self._dealt:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        return self._step(self.batch.step(_ids(actions, self.batch.arrays.mask, "the actions")))

    def _step(self, arrays: BatchArrays) -> SelfPlayStep:
        return SelfPlayStep(
            arrays.player.copy(),
            arrays.obs.copy(),
            arrays.mask.copy(),
            arrays.returns[:, : self.num_players] / np.float32(self._scale),
            arrays.done.astype(np.bool_),
        )
