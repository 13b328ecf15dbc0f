"""The evaluation protocol: an agent's chips a hand against reference opponents.

One protocol, so that results reported by different people mean the same thing
(docs/research.md, *Evaluation protocol*):

* **Table**: heads-up, small bet 10 (big bet 20), ante 5, both players starting
  every hand with 100 big bets (2,000 chips); the standard game unless a variant
  is named. Hands are independent (stacks reset), as in the arena.
* **Opponents**: ``random`` and the four levels ``easy``, ``medium``, ``hard``,
  ``expert``, one at a time, in **both structures** (limit and no-limit).
* **Seat rotation and paired deals**: the arena's duplicate blocks
  (:mod:`palace_poker.arena.plan`): each deal is played twice, the agent in each
  seat; the deck's and the opponent's seeds follow from the protocol's seed and
  the hand's index alone, so every agent meets the same deals and the same
  opponent draws (paired across agents too).
* **Hands**: 2,000 a match (1,000 blocks); **seed** 33.
* **Figure**: the agent's mean chips won a hand, and its 95% Student t interval
  over the block means (:func:`palace_poker.arena.stats.mean_interval`); also in
  big bets per 100 hands. An agent's **score** is its mean over the matches.

The agent is named as :func:`palace_poker.env.agents.make_agent` takes it: a
bot of the registry, ``python:MODULE:NAME`` (a bot or a policy of ids), or
``sb3:PATH`` (a saved MaskablePPO). Matches run on local worker processes.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from palace_poker.arena.backends import run_tasks_local
from palace_poker.arena.plan import ArenaConfig
from palace_poker.arena.play import Chunk, ChunkResult, play_chunk
from palace_poker.arena.stats import mean_interval
from palace_poker.config import Betting, Rules
from palace_poker.env.agents import make_agent
from palace_poker.env.state import VariantChoice, research_rules

#: The protocol's fixed parts (see the module's text).
SMALL_BET: Final = 10
ANTE: Final = 5
STACK_BIG_BETS: Final = 100
OPPONENTS: Final = ("random", "easy", "medium", "hard", "expert")
STRUCTURES: Final[tuple[Betting, ...]] = ("limit", "no-limit")
HANDS: Final = 2000
SEED: Final = 33
#: Hands a worker's task plays (whole blocks of two).
CHUNK_HANDS: Final = 50


@dataclass(frozen=True)
class Match:
    """One match of the protocol: the agent against ``opponent`` in ``betting``."""

    opponent: str
    betting: Betting
    hands: int
    mean: float
    half_width: float
    big_bets_per_100: float

    @property
    def low(self) -> float:
        """The interval's lower end (chips a hand)."""
        return self.mean - self.half_width


@dataclass
class Evaluation:
    """Every match of one agent, and its score (the mean over them)."""

    agent: str
    seed: int
    variant: str | None
    matches: list[Match] = field(default_factory=list)

    @property
    def score(self) -> float:
        """Chips a hand, the mean over the matches."""
        return sum(m.mean for m in self.matches) / max(len(self.matches), 1)

    def to_dict(self) -> dict[str, Any]:
        """Every figure, for a JSON file."""
        return {
            "agent": self.agent,
            "seed": self.seed,
            "variant": self.variant,
            "score": round(self.score, 4),
            "matches": [dataclasses.asdict(m) for m in self.matches],
        }


def rules_of(betting: Betting, variant: VariantChoice = None) -> Rules:
    """The protocol's rules in one structure."""
    return research_rules(SMALL_BET, ante=ANTE, betting=betting, variant=variant)


def evaluate(
    agent: str,
    *,
    opponents: Sequence[str] = OPPONENTS,
    structures: Sequence[Betting] = STRUCTURES,
    hands: int = HANDS,
    seed: int = SEED,
    variant: str | None = None,
    workers: int = 1,
    progress: Callable[[str, int], None] | None = None,
) -> Evaluation:
    """Run the protocol for ``agent`` (every opponent in every structure); with
    ``workers`` above 1, on that many local processes. ``progress(match, hands)``
    hears of the hands played as they finish."""
    make_agent(agent, 0)  # an unknown agent is refused before any hand
    for opponent in opponents:
        make_agent(opponent, 0)
    report = Evaluation(agent, seed, variant)
    for betting in structures:
        rules = rules_of(betting, variant)
        for opponent in opponents:
            config = ArenaConfig(
                bots=(agent, opponent),
                hands=hands,
                seed=seed,
                rules=rules,
                stack=STACK_BIG_BETS * rules.big_bet,
            )
            report.matches.append(_match(config, opponent, betting, workers, progress))
    return report


def _match(
    config: ArenaConfig,
    opponent: str,
    betting: Betting,
    workers: int,
    progress: Callable[[str, int], None] | None,
) -> Match:
    plan = config.plan
    chunks = [Chunk(config, a, b) for a, b in plan.chunks(CHUNK_HANDS)]
    results: list[ChunkResult] = []
    label = f"{opponent} ({betting})"

    def done(result: ChunkResult) -> None:
        results.append(result)
        if progress is not None:
            progress(label, result.stop - result.start)

    if workers > 1:
        run_tasks_local(play_agents, chunks, workers, done)
    else:
        for chunk in chunks:
            done(play_agents(chunk))
    results.sort(key=lambda r: r.start)
    # The agent is entry 0: its chips a hand in each block (a block is one hand
    # in each seat).
    means = [nets[0] / plan.size for r in results for nets in r.block_nets]
    interval = mean_interval(means)
    half = math.inf if interval.half_width is None else interval.half_width  # one block
    big_bet = config.rules.big_bet
    return Match(
        opponent=opponent,
        betting=betting,
        hands=plan.hands,
        mean=round(interval.mean, 4),
        half_width=round(half, 4),
        big_bets_per_100=round(100 * interval.mean / big_bet, 2),
    )


def play_agents(chunk: Chunk) -> ChunkResult:
    """A chunk of hands with the agents built by :func:`make_agent` (a worker's task)."""
    return play_chunk(chunk, make=make_agent)


def table(evaluations: Sequence[Evaluation]) -> str:
    """The evaluations as a Markdown table: a row an agent, a column a match."""
    if not evaluations:
        return ""
    columns = [(m.opponent, m.betting) for m in evaluations[0].matches]
    head = " | ".join(f"{o} ({'NL' if b == 'no-limit' else 'L'})" for o, b in columns)
    lines = [f"| agent | {head} | score |", "|---" * (len(columns) + 2) + "|"]
    for e in evaluations:
        cells = " | ".join(f"{m.mean:+.2f} ± {m.half_width:.2f}" for m in e.matches)
        lines.append(f"| `{e.agent}` | {cells} | {e.score:+.2f} |")
    return "\n".join(lines)
