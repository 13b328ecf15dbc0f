"""Palace Poker as a Gymnasium environment: one learning seat against bots.

**Importing this module registers** ``PalacePoker-v0`` (the ``research`` extra
provides Gymnasium), so that ``gymnasium.make`` and ``gymnasium.make_vec`` build
:class:`PalacePokerEnv` with any of its keyword arguments, and
``PalacePokerBatch-v0``, the vectorised environment of
:mod:`palace_poker.env.vector` (N hands stepped together in C; ``make_vec`` only):

>>> import gymnasium
>>> import numpy as np
>>> import palace_poker.env.gymnasium  # registers PalacePoker-v0
>>> env = gymnasium.make("PalacePoker-v0", num_players=3, opponents="random")
>>> obs, info = env.reset(seed=7)
>>> from palace_poker.env import observe
>>> obs.shape == (observe.SIZE,), obs.dtype, info["action_mask"].dtype
(True, dtype('float32'), dtype('int8'))
>>> policy = np.random.default_rng(0)
>>> terminated = False
>>> while not terminated:  # a masked random policy
...     action = policy.choice(np.flatnonzero(info["action_mask"]))
...     obs, reward, terminated, truncated, info = env.step(action)
>>> reward == env.unwrapped.state.returns()[info["seat"]] / 20  # chips / the big bet
True

**An episode is one hand.** The learner plays one seat (``seat``, or a seat drawn
at each reset); the other seats are agents named as the evaluation protocol names them
(:func:`palace_poker.env.agents.make_agent`: the registry's bots, the network bot
``fast``, your own). Within :meth:`~PalacePokerEnv.reset` and
:meth:`~PalacePokerEnv.step` the cards (every chance node of
:class:`~palace_poker.env.state.EnvState`) and the bots' decisions are played until
the learner has a decision or the hand is over, so every observation is one the
learner acts on. Every draw — the dealer seat, the learner's seat, each bot's seed,
each card — comes from ``self.np_random``, which ``reset(seed=...)`` seeds: the same
seed and the same actions give the same hand.

**A hand the learner never acts in still counts**, so that the mean reward is the
learner's chips a hand, every hand dealt counted. When a hand ends before the
learner's first decision (heads-up, when the bot folds at once; or a battle of
others settles the hand), :meth:`~PalacePokerEnv.reset` returns the observation of
the finished hand with ``info["hand_over"]`` True and a mask that offers ``DONE``
alone; the next :meth:`~PalacePokerEnv.step`, with any id of the action space (no
id can change a finished hand, so none is illegal there), ends the episode with the
learner's chips as its reward and ``info["hand_over"]`` True again. Every other
reset and step gives ``info["hand_over"]`` False. Such an episode is one step, like
any Gymnasium episode; a masked policy (sb3-contrib's ``MaskablePPO``, a masked
random choice) plays it as any other, and its one choice changes nothing.
``skip_hands_without_a_decision=True`` deals again instead, as earlier versions did:
every episode then has a real decision, but the mean reward is the chips of the
hands the learner acts in only (random against random heads-up in the standard
game: -0.74 chips a hand against -0.19 over every hand, docs/research.md).

**Spaces.** The observation is :func:`palace_poker.env.observe.vector` of the
learner's seat, ``Box(0, 1, (observe.SIZE,), float32)``, a new array every step. The action
is one of the :data:`~palace_poker.encoding.ids.NUM_ACTIONS` ids of
:mod:`palace_poker.encoding.ids`, ``Discrete(70)``; a choice of several cards or a
no-limit attack takes several steps of the learner in a row.

**Masks.** ``info["action_mask"]`` (int8, 1 for each legal id) and
:meth:`~PalacePokerEnv.action_masks` (bool, the form sb3-contrib's ``MaskablePPO``
and ``ActionMasker`` call) give the legal ids. When the episode is over no id is
legal, so the mask is all zeros; in a finished hand's one step the mask offers
``DONE`` alone.

**Vectors.** ``gymnasium.make_vec(..., vectorization_mode="sync")`` runs the
environments in one process. Asynchronous vectorisation is not offered: a step
costs a fraction of a millisecond, less than sending it to another process, and
``"async"`` measured slower than ``"sync"`` (docs/research.md, *Gymnasium*). The
environment refuses to be built by an ``AsyncVectorEnv`` with ``invalid_settings``,
naming ``"sync"``; ``allow_async=True`` builds it there anyway.

**Reward.** Zero until the end; then the learner's chips won or lost in the hand
divided by the big bet (so the reward is in big bets, whatever the stakes).

**Illegal actions** (``illegal``): ``"penalty"`` (the default) ends the episode at
once with the reward ``illegal_reward`` — by default minus the start stack in big
bets, the most a hand can lose, so that no legal play is ever worse — and
``info["illegal_action"]`` names the id (the hand is abandoned unfinished).
``"remap"`` plays the lowest legal id instead and records the id asked for in
``info["illegal_action"]``. An id outside ``0..69`` is no action at all and raises
:class:`~palace_poker.errors.IllegalActionError`.
"""

from __future__ import annotations

import inspect
import math
import operator
from collections.abc import Mapping, Sequence
from typing import Any, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.error import ResetNeeded
from gymnasium.vector import async_vector_env
from numpy.typing import NDArray

from palace_poker.bots import Bot
from palace_poker.checks import MAX_PLAYERS, MIN_PLAYERS, chips, integer, short
from palace_poker.config import Betting
from palace_poker.encoding.ids import DONE, NUM_ACTIONS
from palace_poker.env import observe
from palace_poker.env.agents import make_agent
from palace_poker.env.state import EnvState, VariantChoice, research_rules
from palace_poker.errors import ConfigError, IllegalActionError

__all__ = ["ENV_ID", "PalacePokerEnv"]

#: The id this module registers with Gymnasium.
ENV_ID: Final = "PalacePoker-v0"
#: The default start stack, in big bets (as the arena's).
DEFAULT_STACK_BIG_BETS: Final = 100
ILLEGAL_MODES: Final = ("penalty", "remap")
#: Deals tried at a reset before giving up on reaching a decision of the learner
#: (each fails with a probability well below one: never reached in practice).
_MAX_DEALS: Final = 1000

Observation = NDArray[np.float32]

#: The code that builds an environment for Gymnasium's ``AsyncVectorEnv``: its
#: ``__init__`` (a first one in the main process, for the spaces) and its worker.
_ASYNC_BUILDERS: Final = frozenset(
    builder.__code__
    for builder in (
        async_vector_env.AsyncVectorEnv.__init__,
        getattr(async_vector_env, "_async_worker", None),
    )
    if builder is not None
)


class PalacePokerEnv(gymnasium.Env[Observation, np.int64]):
    """One hand of Palace Poker for the learner at one seat, against bots.

    Every argument is a keyword (``gymnasium.make`` passes them on):

    * ``opponents``: the bots' kinds, names of :data:`palace_poker.bots.BOTS` or any
      agent :func:`~palace_poker.env.agents.make_agent` takes (``"random"``,
      ``"heuristic"``, ``"montecarlo"``, ``"fast"``; ``"heuristic"`` when
      neither this nor ``opponent_pool`` is given): one name (or a list of one)
      for every opponent, or one name an opponent in seat order from the learner's
      left (the first sits one seat to the learner's left, the next two seats ...).
    * ``opponent_pool``: instead of fixed opponents, a pool drawn from at each
      reset: a list of names (equally likely) or a mapping of names to weights;
      each opponent's kind is drawn on its own (with ``np_random``), so one
      environment meets every mixture of the pool. ``info["opponents"]`` gives the
      episode's kinds (as ``opponents`` does for fixed ones).
    * ``num_players``: 2 to 10; by default one more than a list of several
      opponents, else 2.
    * ``seat``: the learner's seat, fixed, or None to draw it at each reset (with the
      dealer drawn too, every position at the table is played).
    * ``small_bet``, ``big_bet``, ``ante``, ``betting``: the stakes and the structure
      (:meth:`palace_poker.Rules.of`: the big bet defaults to 2 small bets, the ante
      to half a small bet, ``"limit"`` or ``"no-limit"``).
    * ``stack``: every player's chips at the start of the hand (default 100 big bets).
    * ``variant``: the game (docs/rules.md, *Variants*): a preset's name
      (``"tiny"``, with the raises a battle it sets), a
      :class:`~palace_poker.variant.Variant`, or None for the standard game. The
      spaces are the same for every variant.
    * ``illegal``, ``illegal_reward``: what an illegal id does (the module's text).
    * ``skip_hands_without_a_decision``: False (the default) to count a hand that
      ends before the learner's first decision as an episode of one step; True to
      deal again instead (the module's text).
    * ``allow_async``: True to let Gymnasium's ``AsyncVectorEnv`` build the
      environment, which it refuses by default (the module's text).
    * ``render_mode``: None, or ``"ansi"`` for :meth:`render` to return the learner's
      view in words (:func:`palace_poker.env.observe.text`).

    Bad values raise a :class:`~palace_poker.errors.ConfigError` (a ``ValueError``)
    that names them: ``invalid_players`` for the counts, the seat and the stack (a
    bool is not a count), ``unknown_bot`` for a name the registry lacks,
    ``invalid_rules`` for the stakes, ``invalid_variant`` for the variant (or more
    players than its deck deals), ``invalid_settings`` for the other options.

    >>> env = PalacePokerEnv(opponents=["random", "heuristic"], seat=0, render_mode="ansi")
    >>> env.num_players, env.opponents
    (3, ('random', 'heuristic'))
    >>> obs, info = env.reset(seed=3)
    >>> print(env.render().splitlines()[2].split(",")[0])
    you: in
    >>> PalacePokerEnv(num_players=True)
    Traceback (most recent call last):
    ...
    palace_poker.errors.ConfigError: [invalid_players] num_players must be an integer 2..10, ...
    """

    # Read from the class by gymnasium.make; Gymnasium declares it an instance variable.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        *,
        num_players: int | None = None,
        opponents: str | Sequence[str] | None = None,
        opponent_pool: Sequence[str] | Mapping[str, float] | None = None,
        seat: int | None = None,
        small_bet: int = 10,
        big_bet: int | None = None,
        ante: int | None = None,
        betting: Betting = "limit",
        stack: int | None = None,
        variant: VariantChoice = None,
        illegal: str = "penalty",
        illegal_reward: float | None = None,
        skip_hands_without_a_decision: bool = False,
        allow_async: bool = False,
        render_mode: str | None = None,
    ) -> None:
        if not _flag("allow_async", allow_async) and _built_by_async_vector_env():
            raise ConfigError(
                "invalid_settings",
                "PalacePoker-v0 is not offered in an AsyncVectorEnv: a step costs less "
                "than sending it to a worker process, so async runs slower than sync; "
                'use vectorization_mode="sync" (or pass allow_async=True)',
                details={"field": "vectorization_mode", "input": "async"},
            )
        self.skip_hands_without_a_decision = _flag(
            "skip_hands_without_a_decision", skip_hands_without_a_decision
        )
        self.pool = None if opponent_pool is None else _pool(opponent_pool)
        if self.pool is not None and opponents is not None:
            raise ConfigError(
                "invalid_players",
                "give opponents or an opponent_pool, not both",
                details={"field": "opponent_pool", "input": short(opponents)},
            )
        kinds = _kinds("heuristic" if opponents is None else opponents)
        if self.pool is not None:  # the kinds are drawn at each reset
            kinds = (next(iter(self.pool)),)
        if num_players is None:
            n = len(kinds) + 1 if len(kinds) > 1 else 2
        else:
            n = _count("num_players", num_players, MIN_PLAYERS, MAX_PLAYERS)
        if len(kinds) == 1:
            kinds = kinds * (n - 1)
        elif len(kinds) != n - 1:
            raise ConfigError(
                "invalid_players",
                f"{n} players need one opponent kind or {n - 1}, got {len(kinds)}",
                details={"field": "opponents", "input": short(opponents)},
            )
        self.rules = research_rules(
            small_bet, big_bet=big_bet, ante=ante, betting=betting, variant=variant
        )
        self.rules.variant.check_playable(n)
        self.num_players = n
        self.opponents = kinds
        self.fixed_seat = None if seat is None else _count("seat", seat, 0, n - 1)
        self.stack = (
            DEFAULT_STACK_BIG_BETS * self.rules.big_bet
            if stack is None
            else chips(stack, "stack", minimum=1, error=ConfigError, code="invalid_players")
        )
        EnvState.new(self.rules, [self.stack] * n)  # the hand's own checks (the chips' total)
        self.illegal = _choice("illegal", illegal, ILLEGAL_MODES)
        self.illegal_reward = _reward(illegal_reward, -self.stack / self.rules.big_bet)
        self.render_mode = _choice("render_mode", render_mode, (None, "ansi"))
        self.observation_space = spaces.Box(0.0, 1.0, (observe.SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._state: EnvState | None = None
        self._seat = 0
        self._bots: dict[int, Bot] = {}
        self._over = True
        # The hand ended before the learner's first decision: the episode's one step
        # is still due (see the module's text).
        self._hand_over = False

    # ------------------------------------------------------------ the episode

    @property
    def state(self) -> EnvState:
        """The hand in play (raises ``ResetNeeded`` before the first reset)."""
        if self._state is None:
            raise ResetNeeded("call reset() before using the environment")
        return self._state

    @property
    def seat(self) -> int:
        """The learner's seat in this episode."""
        self.state  # noqa: B018 - raises before the first reset
        return self._seat

    @property
    def bots(self) -> dict[int, Bot]:
        """This episode's bots by seat (made anew at each reset, seeded from
        ``np_random``)."""
        self.state  # noqa: B018 - raises before the first reset
        return dict(self._bots)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new hand and play it to the learner's first decision, or to its end
        if the learner has none (``info["hand_over"]``; with
        ``skip_hands_without_a_decision``, deal again instead).

        ``options`` may fix this episode's ``"seat"`` (the learner's) and
        ``"dealer"``; each is still drawn, so fixing one leaves the other draws as
        they were."""
        super().reset(seed=seed)
        seat_option, dealer_option = self._options(options)
        rng = self.np_random
        n = self.num_players
        for _ in range(_MAX_DEALS):
            dealer = int(rng.integers(n))
            seat = int(rng.integers(n)) if self.fixed_seat is None else self.fixed_seat
            seeds = rng.integers(2**63, size=n - 1)
            if self.pool is not None:
                names, weights = list(self.pool), list(self.pool.values())
                self.opponents = tuple(
                    names[int(i)] for i in rng.choice(len(names), size=n - 1, p=weights)
                )
            self._seat = seat = seat if seat_option is None else seat_option
            dealer = dealer if dealer_option is None else dealer_option
            self._bots = {
                (seat + 1 + i) % n: make_agent(kind, seed=int(s))
                for i, (kind, s) in enumerate(zip(self.opponents, seeds, strict=True))
            }
            self._state = EnvState.new(self.rules, [self.stack] * n, dealer=dealer)
            self._play_others()
            self._over = False
            self._hand_over = self._state.is_terminal()
            if not self._hand_over or not self.skip_hands_without_a_decision:
                return self._observation(), self._info()
        raise RuntimeError(  # pragma: no cover - see _MAX_DEALS
            f"no hand of {_MAX_DEALS} reached a decision of the learner"
        )

    def step(
        self, action: int | np.integer[Any] | NDArray[np.integer[Any]]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id (an int, a NumPy integer or a 0-d integer
        array), then play on to their next decision or the end of the hand. Returns
        ``(observation, reward, terminated, False, info)``. In a hand that ended
        before the learner's first decision any id ends the episode with the
        learner's chips."""
        state = self.state
        if self._over:
            raise ResetNeeded("the episode is over: call reset() to deal a new hand")
        chosen = _action_id(action)
        if self._hand_over:
            self._over = True
            reward = state.returns()[self._seat] / self.rules.big_bet
            return self._observation(), reward, True, False, self._info()
        legal = state.legal_actions()
        extra: dict[str, Any] = {}
        if chosen not in legal:
            extra["illegal_action"] = chosen
            if self.illegal == "penalty":
                self._over = True
                return self._observation(), self.illegal_reward, True, False, self._info(extra)
            chosen = legal[0]
        state.apply(chosen)
        self._play_others()
        self._over = terminated = state.is_terminal()
        reward = 0.0
        if terminated:
            reward = state.returns()[self._seat] / self.rules.big_bet
        return self._observation(), reward, terminated, False, self._info(extra)

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal ids as a bool array (all False once the episode is over)."""
        return self._mask().astype(np.bool_)

    def render(self) -> str | None:
        """The learner's view in words (``render_mode="ansi"``), else None."""
        if self.render_mode is None:
            return None
        text = observe.text(self.state, self._seat)
        if self.state.is_terminal():
            text += f"\nhand over: you won {self.state.returns()[self._seat]:+g} chips"
        return text

    # ------------------------------------------------------------ inside

    def _play_others(self) -> None:
        """Deal the cards due and let the bots act, until the learner decides or the
        hand ends. A bot's action goes to the engine whole (its no-limit amount
        need not be one of the ids' sizes), so no choice is ever left pending."""
        state = self.state
        hand = state.hand
        rng = self.np_random
        while not hand.over:
            chance = hand.chance  # the state's chance node, read once (it is computed)
            if chance is not None:
                outcomes = chance.outcomes  # equally likely (EnvState.chance_outcomes)
                hand.apply_chance(outcomes[int(rng.integers(len(outcomes)))])
                continue
            seat = hand.to_act
            if seat == self._seat:
                return
            assert seat is not None
            assert state.pending is None  # a bot's turn starts with no choice pending
            hand.apply(self._bots[seat].act(hand.observe(seat)))

    def _observation(self) -> Observation:
        vector = np.zeros(observe.SIZE, dtype=np.float32)
        indices, values = observe.entries(self.state, self._seat)  # the few non-zero ones
        vector[indices] = values
        return vector

    def _mask(self) -> NDArray[np.int8]:
        state = self.state
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self._over:
            return mask
        if self._hand_over:  # a finished hand's one step: a masked policy needs an id
            mask[DONE] = 1
            return mask
        return np.array(state.legal_mask(), dtype=np.int8)

    def _info(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        # "hand_over" is in every info, so that a vector of environments stacks it.
        return {
            "action_mask": self._mask(),
            "seat": self._seat,
            "hand_over": self._hand_over,
            "opponents": self.opponents,
            **(extra or {}),
        }

    def _options(self, options: dict[str, Any] | None) -> tuple[int | None, int | None]:
        """The ``seat`` and ``dealer`` of ``reset``'s options, checked."""
        options = dict(options or {})
        unknown = sorted(map(str, options.keys() - {"seat", "dealer"}))
        if unknown:
            raise ConfigError(
                "invalid_settings",
                f"reset takes the options 'seat' and 'dealer', got {', '.join(unknown)}",
                details={"input": short(options)},
            )
        last = self.num_players - 1
        found = [
            None if options.get(key) is None else _count(key, options[key], 0, last)
            for key in ("seat", "dealer")
        ]
        return found[0], found[1]


# ------------------------------------------------------------------ checks


def _flag(what: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise ConfigError(
        "invalid_settings",
        f"{what} must be True or False, got {short(value)}",
        details={"field": what, "input": short(value)},
    )


def _built_by_async_vector_env() -> bool:
    """Whether Gymnasium's ``AsyncVectorEnv`` is building this environment: the one
    it builds in the main process to read the spaces (in its ``__init__``, before
    any worker starts, so that the refusal reaches the caller as it is) or one in a
    worker process."""
    frame = inspect.currentframe()
    while frame is not None:
        if frame.f_code in _ASYNC_BUILDERS:
            return True
        frame = frame.f_back
    return False


def _count(what: str, value: object, low: int, high: int) -> int:
    return integer(
        value, what, minimum=low, maximum=high, error=ConfigError, code="invalid_players"
    )


def _kinds(opponents: object) -> tuple[str, ...]:
    """The opponents' kinds, each made once so that an unknown name raises the
    registry's own error (``unknown_bot``)."""
    if isinstance(opponents, str):
        kinds: tuple[object, ...] = (opponents,)
    elif isinstance(opponents, list | tuple):
        kinds = tuple(opponents)
    else:
        kinds = ()
    if not kinds or not all(isinstance(kind, str) for kind in kinds):
        raise ConfigError(
            "invalid_players",
            f"opponents must be a bot's name or a list of them, got {short(opponents)}",
            details={"field": "opponents", "input": short(opponents)},
        )
    names = tuple(str(kind) for kind in kinds)
    for kind in dict.fromkeys(names):
        make_agent(kind, seed=0)
    return names


def _pool(pool: object) -> dict[str, float]:
    """The opponent pool as names and probabilities (weights made to sum to 1), each
    name made once so that an unknown one raises ``unknown_bot``."""
    if isinstance(pool, Mapping):
        items = list(pool.items())
    elif isinstance(pool, list | tuple):
        items = [(name, 1.0) for name in pool]
    else:
        items = []
    good = items and all(
        isinstance(name, str)
        and isinstance(weight, int | float)
        and not isinstance(weight, bool)
        and math.isfinite(weight)
        and weight >= 0
        for name, weight in items
    )
    total = sum(float(weight) for _, weight in items) if good else 0.0
    if not good or total <= 0:
        raise ConfigError(
            "invalid_players",
            "opponent_pool must be a list of bots' names or a mapping of names to "
            f"weights (at least one above 0), got {short(pool)}",
            details={"field": "opponent_pool", "input": short(pool)},
        )
    chances: dict[str, float] = {}
    for name, weight in items:
        chances[name] = chances.get(name, 0.0) + float(weight) / total
    _kinds(list(chances))
    return chances


def _choice(what: str, value: object, allowed: tuple[str | None, ...]) -> Any:
    if isinstance(value, str | None) and value in allowed:
        return value
    raise ConfigError(
        "invalid_settings",
        f"{what} must be one of {', '.join(map(repr, allowed))}, got {short(value)}",
        details={"field": what, "input": short(value)},
    )


def _reward(value: object, default: float) -> float:
    if value is None:
        return default
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise ConfigError(
        "invalid_settings",
        f"illegal_reward must be a finite number, got {short(value)}",
        details={"field": "illegal_reward", "input": short(value)},
    )


def _action_id(action: object) -> int:
    """An action id from an int, a NumPy integer or a 0-d integer array."""
    try:
        value = None if isinstance(action, bool | np.bool_) else operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        value = None
    if value is None or not 0 <= value < NUM_ACTIONS:
        raise IllegalActionError(
            "illegal_action",
            f"the action must be an id 0..{NUM_ACTIONS - 1} of the action space, "
            f"got {short(action)}",
            details={"input": short(action)},
        )
    return value


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="palace_poker.env.gymnasium:PalacePokerEnv")
if "PalacePokerBatch-v0" not in gymnasium.registry:  # palace_poker.env.vector.BATCH_ENV_ID
    gymnasium.register(
        id="PalacePokerBatch-v0",
        vector_entry_point="palace_poker.env.vector:PalacePokerVectorEnv",
    )
