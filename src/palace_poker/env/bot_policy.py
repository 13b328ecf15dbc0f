"""A bot of :mod:`palace_poker.bots` read as a policy of the OpenSpiel game.

A bot decides on its seat's :class:`~palace_poker.observation.Observation` (what
R-INFO-1..4 let it see), so at two histories a player cannot tell apart it sees
the same and chooses alike: its choices are a policy over information states, the
kind OpenSpiel's best responses and NashConv evaluate. A bot's engine action (a
trim of two cards, say) is a short run of action ids of the game
(:meth:`EnvState.encode`); at a state partway through such a run the policy is the
bot's choices that continue it.

Bots draw on a seeded random generator, so a bot is a *mixed* policy: each
information state is decided by ``samples`` bots seeded ``0 .. samples - 1``,
and the policy is how often each id was chosen (the random bot's uniform choice
among engine actions, a search bot's spread between runs). A choice no sample
continues is never reached by the bot: it gets the uniform policy, which weighs
nothing in a best response to the bot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from palace_poker.actions import Action
from palace_poker.bots import make_bot
from palace_poker.env.openspiel import information_state_string
from palace_poker.env.state import EnvState


def choices(env: EnvState, player: int, name: str, samples: int) -> list[Action]:
    """The engine actions of ``samples`` bots ``name`` (seeds 0, 1, ...) at the
    decision due to ``player`` (the same whatever choice is in progress: a bot
    sees the hand, not the ids spelled so far)."""
    observation = env.hand.observe(player)
    return [make_bot(name, seed=seed).act(observation) for seed in range(samples)]


def distribution(env: EnvState, actions: list[Action]) -> dict[int, float]:
    """How often each legal id of ``env`` starts (or continues) one of ``actions``."""
    counts: Counter[int] = Counter()
    for action in actions:
        try:
            counts[env.encode(action)[0]] += 1
        except ValueError:  # a choice in progress that this sample does not make
            continue
    legal = env.legal_actions()
    total = sum(counts.values())
    if not total:  # not reached by the bot: any policy will do
        return {a: 1.0 / len(legal) for a in legal}
    return {a: counts[a] / total for a in legal}


def bot_policy(name: str, samples: int = 16) -> Callable[[Any, int], dict[int, float]]:
    """The policy of bot ``name`` as ``(state, player) -> {action id: probability}``
    for states of ``python_palace_poker`` (what :meth:`efg.Tree.policy` takes).

    The bots' choices are made once a hand's decision and kept: the states of a
    choice in progress share them.
    """
    made: dict[tuple[int, str], list[Action]] = {}

    def call(state: Any, player: int) -> dict[int, float]:
        env: EnvState = state.env
        key = (player, _decision_key(env, player))
        actions = made.get(key)
        if actions is None:
            actions = made[key] = choices(env, player, name, samples)
        return distribution(env, actions)

    return call


def _decision_key(env: EnvState, player: int) -> str:
    """The hand's decision as ``player`` sees it, without the choice in progress:
    their information state before its first id."""
    return information_state_string(EnvState(env.hand), player)
