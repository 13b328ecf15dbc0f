"""Palace Poker as a PettingZoo AEC environment (``palace_poker_v0``); needs the
``research`` extra.

>>> from palace_poker.env.pettingzoo import env
>>> table = env(num_players=3, betting="no-limit")
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     obs, reward, terminated, truncated, info = table.last()
...     if terminated or truncated:
...         action = None
...     else:  # a random legal id: the mask is in the observation
...         action = table.action_space(agent).sample(obs["action_mask"])
...     table.step(action)
>>> table.agents
[]

:func:`env` is :class:`PalacePokerEnv` (also :func:`raw_env`) wrapped as
PettingZoo's classic games are: ``TerminateIllegalWrapper`` (an action outside the
mask ends the hand, -1 to the agent that made it), ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper``.

**Episode.** One hand (R-TURN-*, R-END-*) between the agents ``player_0`` ..
``player_{n-1}``, seated in that order, from the stacks given. On :meth:`reset`
the dealer's seat is drawn with :attr:`np_random` (uniformly: an episode stands
for any hand of a game, R-DEAL-2, not only its first, R-DEAL-1), and so is every
card that leaves the stock — the chance nodes of
:class:`~palace_poker.env.state.EnvState`, each uniform over the cards left —
so a seed fixes the episode given the actions. Python's :mod:`random` is never
used.

**Turns.** ``agent_selection`` is the player to decide. A card choice (a discard
or a trim) and a no-limit bet are short sequences of action ids
(:mod:`palace_poker.encoding.ids`), so the same agent often acts several times in
a row. A player out of the hand stays in :attr:`agents` (its observation still
comes, its mask is all zeros, it gets no turn) until the hand ends; then every
agent is terminated at once and steps ``None`` once more to leave, as PettingZoo
requires.

**Observations.** ``{"observation": float32[observe.SIZE], "action_mask":
int8[NUM_ACTIONS]}``: the vector of :func:`palace_poker.env.observe.vector` for
the agent's seat (relative seats, numbers in [0, 1], only what R-INFO-1..4 let the
seat see) and the mask of :meth:`~palace_poker.env.state.EnvState.legal_mask`
when it is the agent's decision (all zeros otherwise, and at the end). The action
space is ``Discrete(NUM_ACTIONS)``; spaces are built once per agent and the same
object is returned on every call. Actions may be Python or NumPy integers.

**Rewards.** Zero until the hand ends; then each agent's chips won or lost in the
hand **divided by the big bet** (so they are comparable across stakes; the raw
chips are ``reward * big_bet``, and in ``infos[agent]["chips"]`` at the end). They
sum to zero (up to float rounding). There is no truncation: a hand always ends.

**Rendering.** ``render_mode="ansi"``: :meth:`render` returns the text of
:func:`palace_poker.env.observe.text` for the agent to act, with its legal ids
named, and after the hand a spectator's summary of the result; ``"human"`` prints
the same after every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding

# PettingZoo is typed but ships no py.typed marker, so mypy sees its names as Any.
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from palace_poker.checks import MAX_PLAYERS, MIN_PLAYERS
from palace_poker.config import BETTING_STRUCTURES, Betting
from palace_poker.encoding.ids import NUM_ACTIONS, action_name
from palace_poker.env import observe
from palace_poker.env.state import CHANCE, EnvState, VariantChoice, research_rules

__all__ = ["NAME", "PalacePokerEnv", "env", "raw_env"]

#: The environment's name in PettingZoo's registry style.
NAME: Final = "palace_poker_v0"

Observation = dict[str, npt.NDArray[Any]]


class PalacePokerEnv(AECEnv):  # type: ignore[misc]  # AECEnv is Any to mypy (no py.typed)
    """One hand of Palace Poker as a PettingZoo AEC environment (see the module).

    ``num_players``: 2 to 10. ``small_bet``, ``big_bet``, ``ante`` and
    ``betting`` are the stakes (R-STAKE-1; ``None`` takes the defaults, BB = 2 SB
    and ante = SB // 2). ``stack`` is every player's chips at the start of the
    hand, or a list of each seat's chips. ``variant`` is the game (docs/rules.md,
    *Variants*): a preset's name (``"tiny"``, with the raises a battle it sets), a
    :class:`~palace_poker.variant.Variant`, or ``None`` for the standard game; the
    spaces are the same for every variant. ``render_mode`` is ``None``,
    ``"human"`` or ``"ansi"``. A bad value raises ``ValueError`` at once
    (``invalid_variant`` for a variant, or more players than its deck deals).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": NAME,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int = 2,
        *,
        small_bet: int = 10,
        big_bet: int | None = None,
        ante: int | None = None,
        betting: Betting = "limit",
        stack: int | Sequence[int] = 200,
        variant: VariantChoice = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        n = _count(num_players)
        if betting not in BETTING_STRUCTURES:
            raise ValueError(f"betting must be 'limit' or 'no-limit', got {betting!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        rules = research_rules(
            small_bet, big_bet=big_bet, ante=ante, betting=betting, variant=variant
        )
        rules.variant.check_playable(n)
        self.num_players = n
        self.rules = rules
        self.stacks = _stacks(stack, n)
        EnvState.new(rules, list(self.stacks), dealer=0)  # the engine's own checks, now
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seats = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (observe.SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}
        self.np_random, self.np_random_seed = seeding.np_random()
        self._state: EnvState | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space, ``Discrete(NUM_ACTIONS)`` (the same object on every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------ the hand

    @property
    def hand_state(self) -> EnvState:
        """The hand in progress (the episode's :class:`EnvState`; do not step it)."""
        if self._state is None:
            raise RuntimeError("reset() the environment first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: a dealer and the cards drawn with :attr:`np_random`
        (seeded afresh when ``seed`` is given). ``options`` are ignored."""
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        dealer = int(self.np_random.integers(self.num_players))
        self._state = EnvState.new(self.rules, list(self.stacks), dealer=dealer)
        self._deal()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        # A hand always has a decision after its deal (R-TURN-1, all-in players too).
        self.agent_selection = self.possible_agents[self._state.current_player()]

    def step(self, action: Any) -> None:
        """Apply the selected agent's action id (``None`` once the hand is over).
        ``ValueError`` for an id that is not legal for it now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.hand_state
        state.apply(_action_id(action))
        self._deal()
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            chips = state.returns()
            scale = float(self.rules.big_bet)
            for other, won in zip(self.possible_agents, chips, strict=True):
                self.rewards[other] = won / scale
                self.infos[other] = {"chips": won}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _deal(self) -> None:
        """Give every card now due (the chance nodes), drawn with :attr:`np_random`."""
        state = self.hand_state
        while state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()  # equally likely
            state.apply(outcomes[int(self.np_random.integers(len(outcomes)))][0])

    def observe(self, agent: str) -> Observation:
        """The agent's observation vector and action mask (see the module)."""
        state = self.hand_state
        seat = self._seats[agent]
        vector = np.zeros(observe.SIZE, dtype=np.float32)
        indices, values = observe.entries(state, seat)  # the few non-zero ones
        vector[indices] = values
        if state.current_player() == seat:
            mask = np.array(bytearray(state.legal_mask()), dtype=np.int8)
        else:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    # ------------------------------------------------------------ rendering

    def render(self) -> str | None:
        """The text of the table (``"ansi"``: returned; ``"human"``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: pass render_mode='ansi' or 'human'"
            )
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        if self._state is None:
            return f"{NAME}: not dealt yet (call reset())"
        state = self._state
        if state.is_terminal():
            return self._summary(state)
        agent = self.agent_selection
        seat = self._seats[agent]
        legal = " ".join(action_name(a) for a in state.legal_actions())
        return f"{NAME}: {agent} to act; legal: {legal}\n{observe.text(state, seat)}"

    def _summary(self, state: EnvState) -> str:
        """The end of the hand as a spectator sees it (R-INFO-1, R-INFO-4)."""
        hand = state.hand
        view = hand.observe(None)
        lines = [f"{NAME}: hand over ({view.end})"]
        for seat, won in enumerate(state.returns()):
            dealer = ", dealer" if seat == view.dealer else ""
            lines.append(
                f"{self.possible_agents[seat]} (seat {seat}{dealer}): {hand.start_stacks[seat]} -> "
                f"{view.stacks[seat]} chips ({won:+.0f}, {won / self.rules.big_bet:+g} big bets)"
            )
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release (no window)."""


#: PettingZoo's name for the unwrapped environment.
raw_env = PalacePokerEnv


def env(**kwargs: Any) -> Any:
    """:class:`PalacePokerEnv` (same arguments) wrapped as PettingZoo's classic games are."""
    wrapped = wrappers.TerminateIllegalWrapper(PalacePokerEnv(**kwargs), illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def _count(value: object) -> int:
    """``num_players`` checked: an integer (not a bool) from 2 to 10."""
    if (
        isinstance(value, bool | np.bool_)
        or not isinstance(value, int | np.integer)
        or not MIN_PLAYERS <= int(value) <= MAX_PLAYERS
    ):
        raise ValueError(
            f"num_players must be an integer {MIN_PLAYERS}..{MAX_PLAYERS}, got {value!r}"
        )
    return int(value)


def _stacks(value: object, n: int) -> tuple[int, ...]:
    """``stack`` checked: one count of chips (>= 1) for everyone, or one a seat."""
    if isinstance(value, int | np.integer):
        listed: list[object] = [value] * n
    elif isinstance(value, Sequence | np.ndarray) and not isinstance(value, str | bytes):
        listed = list(value)
        if len(listed) != n:
            raise ValueError(f"stack lists {len(listed)} stacks for {n} players: give one a seat")
    else:
        raise ValueError(f"stack must be an integer or a list of {n} integers, got {value!r}")
    stacks = []
    for chips in listed:
        if isinstance(chips, bool | np.bool_) or not isinstance(chips, int | np.integer):
            raise ValueError(f"each stack must be an integer >= 1 (chips), got {chips!r}")
        if chips < 1:
            raise ValueError(f"each stack must be an integer >= 1 (chips), got {chips!r}")
        stacks.append(int(chips))
    return tuple(stacks)


def _action_id(action: object) -> int:
    """An action as an int: a Python or NumPy integer (or a 0-d integer array)."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise ValueError(f"an action is an integer id 0..{NUM_ACTIONS - 1}, got {action!r}")
    return int(action)
