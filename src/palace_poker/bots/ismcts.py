"""The ISMCTS bot: information-set Monte Carlo tree search over sampled worlds.

Single-observer ISMCTS. Every iteration samples a *world* consistent with the
bot's observation (the Monte Carlo bot's :meth:`~palace_poker.bots.montecarlo.
MonteCarloBot.sample_world`: a determinized deal, leaning towards the palaces that
would have bet when the bot faces a bet, in no-limit and facing a heads-up attack
in limit by the calibrated likelihoods of :mod:`palace_poker.bots.inference`), then
walks down a tree whose nodes are keyed by the public action history from the
root. At a node the bot picks among the actions available *in that world* by UCB1
with availability counts (a child's exploration term counts the visits in which it
could have been chosen, not all visits of its parent), expands one new node, plays
the rest of the hand with a fast heuristic policy (in limit one that does not read
bets as strength), and backs each acting seat's chip result up at its nodes.

Plain ISMCTS spends most of a small budget exploring, and its root estimates are
noisy, so it has these refinements (docs/bots.md has what each was measured to be
worth against the Monte Carlo bot at the same time per decision):

* **Common random numbers at the root.** A world is not used once: every root
  action is played in it, with the same later cards and the same rollout seeds,
  so the comparison between root actions is paired, as in the Monte Carlo bot.
  Sampling a world (with its inference) is also a dear part of an iteration, and
  this shares it.
* **Racing at the root, off by default** (``race``). After ``race_after`` worlds a
  root action whose paired difference to the best one is significantly negative
  is dropped, so the later worlds go to the actions still close. Tested after
  every world on a few paired differences, it dropped good actions on noise: with
  it the bot lost to the Monte Carlo bot in no-limit.
* **Progressive widening below the root, heuristic first.** At a deeper node the
  heuristic's own choice is the first child, and another candidate is admitted
  only as the node's visits grow (``widen``). With few visits the tree plays like
  the rollout policy, so a small budget degrades gracefully to the Monte Carlo
  bot's estimate; with more it searches the bot's later responses (the call or
  fold after a re-raise, the next turn's attack) instead of trusting the policy.
* **Nodes keyed by the public actions** (``fuse``). A deeper node is the history
  of actions from the root, so worlds in which the acting seat would see other
  cards (the card a BUY drew) share its statistics. ``fuse=False`` keys a node by
  what the seat sees as well (banners, soldiers, its palace, the palaces shown to
  it): each node is then one the seat could tell from the others, but the tree is
  sparser, and it measured no stronger.

By default (``tree="own"``) only the bot's own later decisions are searched; the
opponents' are played by the heuristic even inside the tree, which is the model of
them the Monte Carlo bot uses. ``tree="all"`` searches every seat's decisions (each
node maximises the chips of the seat acting there), ``tree="none"`` is the flat
search of the root alone.

In a variant (docs/bots.md, *Variants*) the worlds, the candidates and the trims
are the Monte Carlo bot's, and the tree and the rollouts play by the engine's rules
of the variant, so every variant rule is searched as it is played. What it does
not adapt: the rollout policy is the heuristic (tuned in the standard game), and
the likelihoods that read a bet and ``LIMIT_ROLLOUT`` were measured in the standard
game and are used unchanged.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Literal

from palace_poker.actions import Action, Verb
from palace_poker.bots.base import require_turn
from palace_poker.bots.heuristic import HeuristicBot, HeuristicParams
from palace_poker.bots.montecarlo import Inference, LazyShuffle, MonteCarloBot
from palace_poker.bots.reading import amount_for
from palace_poker.hand import Hand
from palace_poker.observation import Observation
from palace_poker.options import Option

TreeMode = Literal["own", "all", "none"]

#: The rollout policy's parameters in limit when none are given: the heuristic
#: that does not read a bet or a raise against it as strength (``wary=1``). Given
#: the views in which the Monte Carlo bot was attacked or had its attack raised in
#: limit, the heuristic with its default reading (``wary=4``) would fold at 73% and
#: 70% of them, where the Monte Carlo bot folded at 45% and 31%; with ``wary=1`` it
#: folds at 54% and 40%, and as the rollouts' model of the opponents it won more
#: (docs/bots.md).
LIMIT_ROLLOUT = HeuristicParams(wary=1.0)

#: A node's key: the root action's index, then every later non-trim action.
Path = tuple[object, ...]


@dataclass(slots=True)
class Child:
    """One action's statistics at a node: visits, availability and reward sum."""

    visits: int = 0
    available: int = 0
    total: float = 0.0


@dataclass(slots=True)
class Node:
    """The statistics of one information set below the root, for its acting seat."""

    visits: int = 0
    children: dict[Action, Child] = field(default_factory=dict)


@dataclass(slots=True)
class RootStats:
    """One root candidate's results, world by world (paired across candidates)."""

    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0


class ISMCTSBot:
    """Information-set MCTS with paired root worlds (see the module's docstring).

    The budget of one decision: at most ``iterations`` playouts (one per root action
    still racing in each world; at least one world is always played), and, if
    ``time_ms`` is given, no new world after that many milliseconds. An
    ``iterations`` budget is reproducible; a ``time_ms`` one depends on the
    machine. ``exploration`` is the UCB1 constant (rewards are scaled by the range
    of results seen in this decision), ``widen`` the progressive-widening rate
    (a node with ``v`` visits may try ``1 + widen * sqrt(v)`` actions), ``race``
    the z-score under which a root action is dropped after ``race_after`` worlds
    (``None``, the default: never drop), ``tree`` which seats' decisions are
    searched below the root, ``depth`` the deepest tree node, ``fuse`` whether a
    node is keyed by the actions alone (see the module's text). ``targets``,
    ``rollout_samples``, ``infer_*``, ``inference`` and ``params`` are the Monte
    Carlo bot's (candidates, rollout policy, world inference), with other defaults
    where they measured stronger: the inference is ``mixed`` (the calibrated rates
    in no-limit and for a heads-up attack in limit, the threshold for the rest),
    and without ``params`` the limit rollouts play :data:`LIMIT_ROLLOUT`.

    >>> from palace_poker import Hand, Rules, SeededShuffle
    >>> hand = Hand.deal(Rules.of(10), [200, 200, 200], dealer=0, shuffle=SeededShuffle(4))
    >>> bot = ISMCTSBot(seed=1, iterations=40)
    >>> action = bot.act(hand.observe(hand.to_act))
    >>> hand.can(action), 0 < bot.last_iterations <= 40 + 6
    (True, True)
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        time_ms: float | None = None,
        iterations: int = 240,
        exploration: float = 0.5,
        widen: float = 0.5,
        race: float | None = None,
        race_after: int = 3,
        tree: TreeMode = "own",
        depth: int = 6,
        fuse: bool = True,
        targets: int = 3,
        rollout_samples: int = 6,
        infer_at: float = 0.7,
        infer_floor: float = 0.1,
        infer_tries: int = 8,
        inference: Inference = "mixed",
        params: HeuristicParams | None = None,
    ) -> None:
        self._random = random.Random(seed)
        self.time_ms = time_ms
        self.iterations = max(1, iterations)
        self.exploration = exploration
        self.widen = widen
        self.race = race
        self.race_after = max(2, race_after)
        self.tree = tree
        self.depth = depth
        self.fuse = fuse
        # The Monte Carlo bot supplies the root candidates, the inference-weighted
        # worlds and the trims: the same abstraction, so the two differ by search only.
        self._mc = MonteCarloBot(
            seed=self._random.getrandbits(64),
            targets=targets,
            rollout_samples=rollout_samples,
            infer_at=infer_at,
            infer_floor=infer_floor,
            infer_tries=infer_tries,
            inference=inference,
            params=params,
        )
        # The rollout policy by structure (without ``params``, limit's trusts bets:
        # LIMIT_ROLLOUT); the one of the decision at hand is ``_rollout``.
        limit = params if params is not None else LIMIT_ROLLOUT
        self._rollouts = {
            "limit": HeuristicBot(seed=0, samples=rollout_samples, params=limit),
            "no-limit": HeuristicBot(seed=0, samples=rollout_samples, params=params),
        }
        self._rollout = self._rollouts["limit"]
        self._nodes: dict[Path, Node] = {}
        self._low = 0.0
        self._high = 0.0
        #: playouts, worlds and simulated decisions of the last decision (for tests
        #: and tuning)
        self.last_iterations = 0
        self.last_worlds = 0
        self.last_steps = 0

    # ---------------------------------------------------------------- decision

    def act(self, observation: Observation) -> Action:
        """Choose one of ``observation.options``."""
        view = observation
        require_turn(view, "ISMCTS")
        self.last_iterations = self.last_worlds = self.last_steps = 0
        if view.phase == "trim":
            return self._mc.act(view)  # the heuristic's trim, as the Monte Carlo bot
        candidates = self.candidates(view)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, candidates)

    def candidates(self, view: Observation) -> list[Action]:
        """The root actions: the Monte Carlo bot's candidates (with ``targets``
        attack targets, 3 as the Monte Carlo bot has them: with 2, the decisions
        measured against a long flat search lost twice as much, docs/bots.md)."""
        return self._mc.candidates(view)

    def _search(self, view: Observation, candidates: list[Action]) -> Action:
        """Play worlds until the budget is spent; the root action with the best mean."""
        self._nodes = {}
        self._low = self._high = 0.0
        self._rollout = self._rollouts[view.rules.betting]
        stats = [RootStats() for _ in candidates]
        # FOLD is worth exactly 0 (the folder loses nothing more): never simulated.
        active = [i for i, action in enumerate(candidates) if action.verb is not Verb.FOLD]
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        while True:
            seed, world = self._mc.sample_world(view)
            for index in active:
                stats[index].values.append(self._iterate(view, world, seed, index, candidates))
            self.last_iterations += len(active)
            self.last_worlds += 1
            if self.last_iterations >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            active = self._race(active, stats)
        return candidates[_best(candidates, stats, active)]

    def _race(self, active: list[int], stats: list[RootStats]) -> list[int]:
        """Drop the root actions significantly worse than the leader (paired test)."""
        if self.race is None or len(active) < 2 or self.last_worlds < self.race_after:
            return active
        leader = max(active, key=lambda i: stats[i].mean)
        best = stats[leader].values
        kept = []
        for index in active:
            if index != leader:
                diffs = [a - b for a, b in zip(stats[index].values, best, strict=True)]
                mean, error = _mean_and_error(diffs)
                if mean + self.race * error < 0:
                    continue
            kept.append(index)
        return kept

    # --------------------------------------------------------------- iteration

    def _iterate(
        self, view: Observation, world: Hand, seed: int, index: int, candidates: list[Action]
    ) -> float:
        """One playout of root action ``index`` in ``world``: descend the tree, expand
        one node, roll out; back up every tree seat's result. The viewer's result."""
        me = view.viewer
        assert me is not None
        sim = world.copy(shuffle=LazyShuffle(seed + 1))
        # The same rollout seed for every root action in a world: common random numbers.
        policy = self._rollout
        policy.reseed(seed)
        sim.apply(candidates[index])
        path: Path = (index,)
        visited: list[tuple[Node, Action, int]] = []
        expanding = True
        steps = 0
        # In the tree: until a node is expanded or the depth is reached.
        while sim.to_act is not None and expanding and len(visited) < self.depth:
            seat = sim.to_act
            obs = sim.observe(seat)
            if obs.phase == "trim":
                sim.apply(policy.trim(obs, obs.options[0]))
                continue  # a trim is the policy's: not a branch of the tree
            if self._searched(seat, me):
                action, expanding = self._select(path, obs, visited)
            else:
                action = policy.act(obs)
            sim.apply(action)
            path = (*path, action)
            steps += 1
        # The rollout: the policy to the end, no path kept (as montecarlo's playout).
        while sim.to_act is not None:
            sim.apply(policy.act(sim.observe(sim.to_act)))
            steps += 1
        self.last_steps += steps
        return self._backup(sim, view, visited)

    def _searched(self, seat: int, me: int) -> bool:
        """Whether ``seat``'s decisions are branches of the tree."""
        return self.tree == "all" or (self.tree == "own" and seat == me)

    def _select(
        self, path: Path, obs: Observation, visited: list[tuple[Node, Action, int]]
    ) -> tuple[Action, bool]:
        """The tree's action at ``path`` (UCB1 among the widened, available
        children); whether the descent stays in the tree (not after an expansion)."""
        key = path if self.fuse else (*path, *_seen(obs))
        node = self._nodes.get(key)
        fresh = node is None
        if node is None:
            node = self._nodes[key] = Node()
        actions = self._node_actions(obs)
        allowed = 1 + int(self.widen * math.sqrt(node.visits))
        choices = actions[:allowed]
        for action in choices:
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = Child()
            child.available += 1
        action = self._ucb(node, choices)
        seat = obs.viewer
        assert seat is not None
        visited.append((node, action, seat))
        return action, not fresh and node.children[action].visits > 0

    def _ucb(self, node: Node, choices: list[Action]) -> Action:
        """UCB1 with availability counts; an untried action first (in prior order)."""
        scale = max(self._high - self._low, 1e-9)
        best: Action = choices[0]
        best_score = -math.inf
        for action in choices:
            child = node.children[action]
            if child.visits == 0:
                return action
            score = child.total / child.visits / scale + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = action, score
        return best

    def _node_actions(self, obs: Observation) -> list[Action]:
        """A deeper node's candidates, the heuristic's choice first (the order in
        which progressive widening admits them). Cheap: no card reading beyond the
        policy's own."""
        first = self._rollout.act(obs)
        actions = [first]
        pot = obs.pot
        for option in obs.options:
            for action in _concrete(option, pot):
                if action not in actions:
                    actions.append(action)
        return actions

    def _backup(
        self, sim: Hand, view: Observation, visited: list[tuple[Node, Action, int]]
    ) -> float:
        """Add each tree seat's chip result to its nodes; the viewer's result."""
        me = view.viewer
        assert me is not None
        final = sim.stacks
        for node, action, seat in visited:
            node.visits += 1
            child = node.children[action]
            child.visits += 1
            child.total += final[seat] - view.stacks[seat]
        mine = float(final[me] - view.stacks[me])
        # The range of results seen scales UCB's exploration to this decision's stakes.
        self._low = min(self._low, mine)
        self._high = max(self._high, mine)
        return mine


def _seen(obs: Observation) -> tuple[object, ...]:
    """What the acting seat sees that actions alone do not say: the cards bought
    (a BUY's card differs from world to world), banners, its own palace and the
    palaces shown to it. Two worlds meet in one node only when the seat could
    not tell them apart, so the tree's choice there is one the seat could make."""
    return (obs.banners, obs.soldiers, obs.palace, tuple(sorted(obs.known_palaces.items())))


def _concrete(option: Option, pot: int) -> list[Action]:
    """The concrete actions a deeper node considers for ``option``: one action, or
    in no-limit the minimum, about the pot and all-in. DISCARD is left out (the
    policy never discards; a trim is not a branch)."""
    if option.verb in (Verb.DISCARD, Verb.TRIM):
        return []
    if option.min_amount is None or option.max_amount is None:
        return [option.action()]
    amounts = {option.min_amount, amount_for(option, pot + option.cost), option.max_amount}
    return [option.action(amount=amount) for amount in sorted(amounts)]


def _best(candidates: list[Action], stats: list[RootStats], active: list[int]) -> int:
    """The index of the best root action still in the race, by mean result (the
    racers share every world, so the means are paired), or FOLD (worth 0) if it
    is better; the first on a tie."""
    folds = [i for i, action in enumerate(candidates) if action.verb is Verb.FOLD]

    def score(index: int) -> float:
        return 0.0 if index in folds else stats[index].mean

    return max(active + folds, key=lambda i: (score(i), -i))


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)
