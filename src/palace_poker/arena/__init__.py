"""The arena: bots play many seat-rotated hands; results per bot with confidence intervals.

* :mod:`~palace_poker.arena.plan`: who sits where in each hand and its seeds;
* :mod:`~palace_poker.arena.play`: playing a hand, and a chunk of hands on a worker;
* :mod:`~palace_poker.arena.backends`: this process, local processes, or Dask;
* :mod:`~palace_poker.arena.runner`: running an arena, merging results in order;
* :mod:`~palace_poker.arena.stats`: block means and Student's t intervals;
* :mod:`~palace_poker.arena.plot`: the PNG of cumulative winnings (matplotlib);
* :mod:`~palace_poker.arena.journal`: the journal of a long match, to go on
  after an interruption;
* :mod:`~palace_poker.arena.ladder`: every pair of bots, and their ratings;
* :mod:`~palace_poker.arena.files`: the command's output files, checked before
  any hand, made and replaced whole;
* :mod:`~palace_poker.arena.report`: the progress bar, the result tables and the
  JSON summaries;
* :mod:`~palace_poker.arena.command`: ``palace-poker arena``: its options, and
  the wiring of the parts above.

See ``docs/arena.md``.
"""

from palace_poker.arena.plan import ArenaConfig, MatchPlan, default_stack
from palace_poker.arena.play import Chunk, ChunkResult, play_chunk, play_hand
from palace_poker.arena.runner import ArenaResult, run_arena

__all__ = [
    "ArenaConfig",
    "ArenaResult",
    "Chunk",
    "ChunkResult",
    "MatchPlan",
    "default_stack",
    "play_chunk",
    "play_hand",
    "run_arena",
]
