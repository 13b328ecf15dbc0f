"""The ``fast`` bot: a small network that plays in well under a millisecond.

The strong bots search: ``hard`` plays out 32 sampled worlds a decision, ``expert``
480 playouts, milliseconds to a tenth of a second each. The fast bot asks a network
instead, run with NumPy only (the ``fast`` extra): a policy of action ids
(:mod:`palace_poker.encoding.ids`) over the observation vector the research
environments give (:mod:`palace_poker.encoding.vector`)
and a few numbers a network finds hard to learn from one-hot cards, the battle
features: against every opponent, the estimated chance to win the battle
comparison (R-CMP-1, from ``ODDS_SAMPLES`` sampled palaces as the heuristic reads
it, :class:`palace_poker.bots.reading.Reading`) and the bot's own hand value
against that opponent's banner. Its choice is drawn from the network's
probabilities over the legal ids (a mixed strategy, as poker wants), seeded.

The weights (``fast.npz`` beside this module) were learned from ``expert``'s
decisions at the evaluation protocol's table, heads-up in both structures, then
improved by policy-gradient rounds against ``hard``, then against ``hard`` and
``easy`` in turn (``tools/train_fast_bot.py``;
docs/bots.md, *The fast bot*, has the run, its decision times and its matches).

The network learned the heads-up standard game only, and away from it it does not
play sensibly (at six players it bought and trimmed hundreds of times a hand). So
at a table of three or more, or in a variant, the bot plays as the ``medium``
level (:class:`~palace_poker.bots.heuristic.HeuristicBot`, which reads every
variant and decides in well under a millisecond), and says so: :meth:`FastBot.plays_network`
is whether the network decides at a table.

>>> from palace_poker import Hand, Rules, SeededShuffle
>>> hand = Hand.deal(Rules.of(10, ante=5), [2000, 2000], dealer=0, shuffle=SeededShuffle(3))
>>> bot = FastBot(seed=1)
>>> hand.can(bot.act(hand.observe(hand.to_act)))
True
"""

from __future__ import annotations

import functools
import random
from importlib import resources
from typing import Final

import numpy as np
from numpy.typing import NDArray

from palace_poker.actions import Action
from palace_poker.bots.base import require_turn
from palace_poker.bots.heuristic import HeuristicBot
from palace_poker.bots.reading import VALUE_SCALE, Reading, strike_of, value_against
from palace_poker.encoding.arrays import observation_vector
from palace_poker.encoding.ids import MAX_SEATS
from palace_poker.encoding.steps import Pending, walk_ids
from palace_poker.observation import Observation
from palace_poker.variant import STANDARD

#: Sampled palaces behind each battle odds feature.
ODDS_SAMPLES: Final = 32
#: Battle features: for each of the nine other seats (relative to the bot: 1 is
#: the player on its left), the odds and the bot's hand value against its banner.
FEATURES: Final = 2 * (MAX_SEATS - 1)
#: Hand values are a category (0 high card .. 9) and a fraction: this scales them.
_CATEGORIES: Final = 10.0


def battle_features(view: Observation, rng: random.Random) -> NDArray[np.float32]:
    """The battle features of ``view``'s seat (see the module's text): zeros for a
    seat that is empty or out of the hand."""
    me = view.viewer
    assert me is not None
    reading = Reading(view, rng, ODDS_SAMPLES)
    n = len(view.in_hand)
    features = np.zeros(FEATURES, np.float32)
    for offset in range(1, n):
        seat = (me + offset) % n
        if not view.in_hand[seat]:
            continue
        strike = strike_of(view.banners[seat], reading.by_rank)
        value = value_against(reading.mine, strike, reading.by_rank)
        features[2 * (offset - 1)] = reading.battle_odds(seat)
        features[2 * (offset - 1) + 1] = value / VALUE_SCALE / _CATEGORIES
    return features


class Network:
    """A multilayer perceptron of ReLU layers, its input standardised: the weights
    of an ``.npz`` archive (``mean``, ``scale``, then ``w0, b0, w1, b1, ...``)."""

    def __init__(self, arrays: dict[str, NDArray[np.float32]]) -> None:
        self.mean = arrays["mean"].astype(np.float32)
        self.scale = arrays["scale"].astype(np.float32)
        self.layers: list[tuple[NDArray[np.float32], NDArray[np.float32]]] = []
        while f"w{len(self.layers)}" in arrays:
            k = len(self.layers)
            self.layers.append(
                (arrays[f"w{k}"].astype(np.float32), arrays[f"b{k}"].astype(np.float32))
            )

    @property
    def inputs(self) -> int:
        """How many numbers the network reads."""
        return int(self.layers[0][0].shape[0])

    def logits(self, x: NDArray[np.float32]) -> NDArray[np.float32]:
        """The network's score of every id for the input ``x``."""
        h = (x - self.mean) * self.scale
        last = len(self.layers) - 1
        for k, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if k < last:
                np.maximum(h, 0.0, out=h)
        return h


@functools.lru_cache(maxsize=1)
def shipped() -> Network:
    """The network stored in the package (loaded once a process)."""
    weights = resources.files("palace_poker.bots").joinpath("fast.npz")
    with weights.open("rb") as stream, np.load(stream) as archive:
        return Network({name: archive[name] for name in archive.files})


class FastBot:
    """The network's play (see the module's text); ``greedy`` takes the most
    probable id instead of drawing one."""

    name = "fast"

    def __init__(
        self, seed: int | None = None, *, network: Network | None = None, greedy: bool = False
    ) -> None:
        self._random = random.Random(seed)
        self._np_random = np.random.default_rng(seed)
        self.network = network if network is not None else shipped()
        self.greedy = greedy
        self._seed = seed
        self._medium: HeuristicBot | None = None  # made when first needed

    @property
    def _elsewhere(self) -> HeuristicBot:
        """The ``medium`` level, which plays where the network did not learn (see
        the module's text)."""
        if self._medium is None:
            self._medium = HeuristicBot(seed=self._seed)
        return self._medium

    @staticmethod
    def plays_network(observation: Observation) -> bool:
        """Whether the network decides at ``observation``'s table: heads-up in the
        standard game (the game it learned); elsewhere the bot plays as ``medium``."""
        return len(observation.in_hand) == 2 and observation.rules.variant == STANDARD

    def act(self, observation: Observation) -> Action:
        """Choose one of ``observation.options``: the network's ids one at a time
        (heads-up, standard game), else the ``medium`` level's choice."""
        require_turn(observation, self.name)
        if not self.plays_network(observation):
            return self._elsewhere.act(observation)
        features = battle_features(observation, self._random)

        def choose(pending: Pending | None, steps: dict[int, object]) -> int:
            legal = list(steps)
            if len(legal) == 1:  # nothing to ask the network
                return legal[0]
            return self._choose(observation, pending, legal, features)

        return walk_ids(observation, choose)

    def _choose(
        self,
        view: Observation,
        pending: Pending | None,
        legal: list[int],
        features: NDArray[np.float32],
    ) -> int:
        return self._pick(np.concatenate([observation_vector(view, pending), features]), legal)

    def _pick(self, x: NDArray[np.float32], legal: list[int]) -> int:
        """The id the network picks among ``legal`` for the input ``x``."""
        logits = self.network.logits(x)[legal]
        if self.greedy:
            return legal[int(np.argmax(logits))]
        return legal[int(self._np_random.choice(len(legal), p=softmax(logits)))]


def softmax(logits: NDArray[np.float32]) -> NDArray[np.float32]:
    """The probabilities the scores ``logits`` give (the largest subtracted first,
    so that no exponential overflows)."""
    weights = np.exp(logits - logits.max())
    return weights / weights.sum()  # type: ignore[no-any-return]
