"""Playing hands: one hand by its index, and a chunk of hands on a worker.

A worker gets a :class:`Chunk` (the configuration and a range of whole blocks)
and sends back a :class:`ChunkResult`: a few integers per block and per entry,
plus the hand records when they were asked for. Nothing per hand crosses the
process boundary unless records are kept.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from palace_poker.arena.plan import DEALER, ArenaConfig, MatchPlan
from palace_poker.arena.stats import time_bin
from palace_poker.bots import Bot, make_bot
from palace_poker.events import BattleCompared, BattleStarted, Folded
from palace_poker.hand import Hand
from palace_poker.record import dumps
from palace_poker.shuffle import SeededShuffle

#: A hand that takes more decisions than this is a bug in a bot or the engine.
MAX_DECISIONS = 100_000

#: What builds a seat's bot from its entry's name and a seed: the registry's
#: :func:`~palace_poker.bots.make_bot`, or a caller's (the evaluation protocol's
#: agents, :mod:`palace_poker.env.evaluate`).
BotMaker = Callable[[str, int], Bot]


@dataclass(frozen=True, slots=True)
class Chunk:
    """Hands ``start .. stop-1`` of the arena ``config`` (whole blocks)."""

    config: ArenaConfig
    start: int
    stop: int


@dataclass(slots=True)
class ChunkResult:
    """What a chunk's hands did, by entry (not by seat).

    * ``block_nets``: for each block of the chunk, each entry's chips won (net,
      summed over the block's hands);
    * ``hands_won``: hands an entry finished with more chips than it started with;
    * ``battles``, ``battles_won``, ``attacks``: battles an entry fought (as
      attacker or defender), won (by the comparison or the other's fold), started;
    * ``ends``: hands by how they ended (R-END-*); ``decisions``: actions applied;
    * ``records``: each hand's palace-hand/1 record as a JSON line, if asked for;
    * ``cpu_seconds``: processor time the chunk took (for the run's efficiency);
    * ``thinking``: each entry's decisions by how long they took (wall time, a
      histogram of :func:`~palace_poker.arena.stats.time_bin` bins).
    """

    start: int
    stop: int
    block_nets: list[tuple[int, ...]]
    hands_won: list[int]
    battles: list[int]
    battles_won: list[int]
    attacks: list[int]
    ends: dict[str, int] = field(default_factory=dict)
    decisions: int = 0
    records: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0  # the worker's processor time for the chunk
    thinking: list[dict[int, int]] = field(default_factory=list)


def play_hand(
    config: ArenaConfig,
    plan: MatchPlan,
    index: int,
    thinking: list[dict[int, int]] | None = None,
    make: BotMaker = make_bot,
) -> tuple[Hand, tuple[int, ...]]:
    """Play hand ``index`` to its end; return it and the entry at each seat.

    ``thinking`` (one histogram per entry) counts each decision's wall time;
    ``make`` builds each seat's bot."""
    seating = plan.seating(index)
    hand = Hand.deal(
        config.rules,
        [config.stack] * plan.size,
        dealer=DEALER,
        shuffle=SeededShuffle(plan.deck_seed(index)),
        names=[plan.labels[entry] for entry in seating],
    )
    bots = [make(config.bots[entry], plan.bot_seed(index, entry)) for entry in seating]
    for _ in range(MAX_DECISIONS):
        seat = hand.to_act
        if seat is None:
            return hand, seating
        began = time.perf_counter()
        action = bots[seat].act(hand.observe(seat))
        if thinking is not None:
            spent = time_bin(time.perf_counter() - began)
            tally = thinking[seating[seat]]
            tally[spent] = tally.get(spent, 0) + 1
        hand.apply(action)
    raise RuntimeError(f"hand {index} did not end after {MAX_DECISIONS} decisions")


def play_chunk(chunk: Chunk, make: BotMaker = make_bot) -> ChunkResult:
    """Play a chunk's hands in index order (the task a worker runs); ``make``
    builds the bots."""
    began = time.process_time()
    config = chunk.config
    plan = config.plan
    n = plan.size
    result = ChunkResult(chunk.start, chunk.stop, [], [0] * n, [0] * n, [0] * n, [0] * n, {}, 0, [])
    result.thinking = [{} for _ in range(n)]
    nets = [0] * n
    for index in range(chunk.start, chunk.stop):
        hand, seating = play_hand(config, plan, index, result.thinking, make)
        assert hand.result is not None
        for seat, entry in enumerate(seating):
            net = hand.result.stacks[seat] - config.stack
            nets[entry] += net
            if net > 0:
                result.hands_won[entry] += 1
        _tally_battles(hand, seating, result)
        result.ends[hand.result.end] = result.ends.get(hand.result.end, 0) + 1
        result.decisions += len(hand.actions)
        if config.records:
            result.records.append(dumps(hand.to_record()))
        if (index + 1) % n == 0:
            result.block_nets.append(tuple(nets))
            nets = [0] * n
    result.cpu_seconds = time.process_time() - began
    return result


def _tally_battles(hand: Hand, seating: tuple[int, ...], result: ChunkResult) -> None:
    """Battles from the events: a BET starts one; a comparison or a battle fold ends
    it. The last two players' comparison after a quiet round (R-END-3) is no battle."""
    current: tuple[int, int] | None = None
    for event in hand.events:
        if isinstance(event, BattleStarted):
            current = (event.attacker, event.defender)
            result.attacks[seating[event.attacker]] += 1
            result.battles[seating[event.attacker]] += 1
            result.battles[seating[event.defender]] += 1
        elif current is None:
            continue
        elif isinstance(event, BattleCompared):
            if event.winner is not None:
                result.battles_won[seating[event.winner]] += 1
            current = None
        elif isinstance(event, Folded) and event.in_battle:
            attacker, defender = current
            winner = defender if event.seat == attacker else attacker
            result.battles_won[seating[winner]] += 1
            current = None
