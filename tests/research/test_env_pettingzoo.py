"""The PettingZoo environment (palace_poker.env.pettingzoo), with the research extra.

Checked: PettingZoo's own ``api_test`` on the wrapped and the raw environment for 2,
3 and 10 players in both structures (and with unequal, short stacks), its
``seed_test`` and ``render_test``; that an agent's observation is exactly
:func:`observe.vector` of its seat and its mask :meth:`EnvState.legal_mask` when it
decides (zeros otherwise), for every agent at every decision of random hands; that
random hands end with every agent terminated at once, leaving by one ``None`` step
each, with rewards that are the chips won divided by the big bet and sum to zero;
that the dealer and the cards come from the seed alone (not Python's ``random``);
that NumPy integers are accepted and anything else refused; that the spaces are
cached; and that bad constructor arguments raise ``ValueError``.

PettingZoo's ``api_test`` warns twice for any Dict observation ("Observation is not a
NumPy array", "Observation space ... should be gymnasium.spaces.box or ...
discrete"): its classic games, whose observations are the same Dict of observation
and action mask, are exempted by name in the test, ours cannot be. Those two
warnings, and only they, are ignored where ``api_test`` runs (warnings are errors
in this repository).
"""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # type: ignore[import-untyped]

from palace_poker.config import BETTING_STRUCTURES, Betting
from palace_poker.encoding.ids import CALL, CARD_BASE, FOLD, NUM_ACTIONS, STAY
from palace_poker.env import observe
from palace_poker.env.pettingzoo import NAME, PalacePokerEnv, env, raw_env

pytestmark = pytest.mark.rule("R-INFO-2")

#: The two warnings api_test gives any Dict observation (see the module's text).
DICT_OBSERVATION_WARNINGS = (
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings(
        "ignore:Observation space for each agent probably should be gymnasium.spaces.box"
        ":UserWarning"
    ),
)

BETTING: tuple[Betting, ...] = BETTING_STRUCTURES


def _dict_observation_warnings(test: Any) -> Any:
    for mark in DICT_OBSERVATION_WARNINGS:
        test = mark(test)
    return test


def _policy(rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
    """A random legal id that folds seldom, so that hands reach battles, trims and
    showdowns (uniform play folds most hands in a few turns)."""
    legal = [int(a) for a in np.flatnonzero(mask)]
    keep = [a for a in legal if a != FOLD] if rng.random() < 0.9 else legal
    return keep[int(rng.integers(len(keep)))] if keep else legal[0]


def _play(table: Any, rng: np.random.Generator) -> list[str]:
    """Play the hand out with :func:`_policy`; the agents that decided, in order."""
    order = []
    for agent in table.agent_iter():
        obs, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        order.append(agent)
        table.step(_policy(rng, obs["action_mask"]))
    return order


# ------------------------------------------------------------ PettingZoo's own tests


@_dict_observation_warnings
@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
@pytest.mark.parametrize("betting", BETTING)
@pytest.mark.parametrize("n", [2, 3, 10])
def test_api_test(
    n: int, betting: Betting, wrapped: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    make = env if wrapped else raw_env
    api_test(make(num_players=n, betting=betting), num_cycles=1000)
    assert capsys.readouterr().out.splitlines() == ["Starting API test", "Passed API test"]


@_dict_observation_warnings
@pytest.mark.rule("R-ALLIN-1")
@pytest.mark.parametrize("betting", BETTING)
def test_api_test_with_unequal_and_short_stacks(
    betting: Betting, capsys: pytest.CaptureFixture[str]
) -> None:
    # A stack of 3 is all-in at the ante (5): it still takes turns.
    table = env(num_players=4, small_bet=10, betting=betting, stack=[3, 40, 200, 1000])
    api_test(table, num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.rule("R-DEAL-2")
@pytest.mark.parametrize("betting", BETTING)
@pytest.mark.parametrize("n", [2, 3, 10])
def test_seed_test(n: int, betting: Betting) -> None:
    seed_test(functools.partial(env, num_players=n, betting=betting), num_cycles=500)
    seed_test(functools.partial(raw_env, num_players=n, betting=betting), num_cycles=500)


@pytest.mark.parametrize("n", [2, 3, 10])
def test_render_test(n: int, capsys: pytest.CaptureFixture[str]) -> None:
    def is_text(text: object) -> bool:
        return isinstance(text, str) and text.startswith(f"{NAME}: ")

    render_test(functools.partial(env, num_players=n), custom_tests={"ansi": is_text})
    render_test(functools.partial(raw_env, num_players=n), custom_tests={"ansi": is_text})
    printed = capsys.readouterr().out  # "human" printed the same texts
    assert f"{NAME}: player_" in printed


# ------------------------------------------------------------ our checks


@pytest.mark.rule("R-INFO-1")
@pytest.mark.rule("R-TURN-2")
def test_observations_are_the_seat_vectors_and_masks_the_legal_ids() -> None:
    rng = np.random.default_rng(5)
    repeated = 0
    for k in range(12):
        n = 2 + k % 9
        table = raw_env(num_players=n, betting=BETTING[k % 2], stack=int(rng.integers(30, 400)))
        table.reset(seed=k)
        space = table.observation_space("player_0")
        previous = None
        while not table.terminations[table.agent_selection]:
            state = table.hand_state
            seat = state.current_player()
            assert table.agent_selection == f"player_{seat}"
            for other, agent in enumerate(table.possible_agents):
                obs = table.observe(agent)
                assert space.contains(obs)
                assert obs["observation"].dtype == np.float32
                assert obs["action_mask"].dtype == np.int8
                expected = np.asarray(observe.vector(state, other), dtype=np.float32)
                np.testing.assert_array_equal(obs["observation"], expected)
                mask = state.legal_mask() if other == seat else [0] * NUM_ACTIONS
                assert obs["action_mask"].tolist() == mask
            repeated += table.agent_selection == previous
            previous = table.agent_selection
            table.step(_policy(rng, table.observe(table.agent_selection)["action_mask"]))
    # Card choices and no-limit bets are decided in several steps by the same agent.
    assert repeated > 0


@pytest.mark.rule("R-POT-1")
@pytest.mark.rule("R-END-1")
@pytest.mark.parametrize("betting", BETTING)
def test_random_hands_end_with_every_agent_and_zero_sum_rewards(betting: Betting) -> None:
    rng = np.random.default_rng(11)
    for n in range(2, 11):
        table = env(num_players=n, small_bet=4, big_bet=10, betting=betting, stack=150)
        for seed in range(3):
            table.reset(seed=100 * n + seed)
            decided = 0
            left = []
            for agent in table.agent_iter():
                obs, reward, terminated, truncated, info = table.last()
                assert not truncated
                if terminated:
                    # every agent is terminated together, each steps None once to leave
                    assert all(table.terminations.values())
                    assert table.unwrapped.hand_state.is_terminal()
                    assert reward == info["chips"] / 10
                    assert not obs["action_mask"].any()
                    left.append(agent)
                    table.step(None)
                    continue
                assert reward == 0
                table.step(_policy(rng, obs["action_mask"]))
                decided += 1
            assert decided > 0
            assert sorted(left) == sorted(table.possible_agents)
            assert table.agents == []
            chips = table.unwrapped.hand_state.returns()
            assert sum(chips) == 0
            assert table.unwrapped._cumulative_rewards == {}
            assert sum(c / 10 for c in chips) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.rule("R-DEAL-2")
def test_the_seed_alone_fixes_the_dealer_and_the_cards() -> None:
    def trajectory(seed: int, python_seed: int) -> tuple[int, list[str], str]:
        random.seed(python_seed)  # Python's random must play no part
        table = raw_env(num_players=5, betting="no-limit", render_mode="ansi")
        table.reset(seed=seed)
        start = table.render()
        assert isinstance(start, str)
        order = _play(table, np.random.default_rng(seed))
        return table.hand_state.hand.dealer, order, start

    assert trajectory(3, 1) == trajectory(3, 2)
    assert len({trajectory(seed, 0)[0] for seed in range(20)}) > 1  # the dealer is drawn
    assert len({trajectory(seed, 0)[2] for seed in range(5)}) == 5  # so are the cards
    # reset() without a seed goes on with the generator: a new hand
    table = raw_env(num_players=3, render_mode="ansi")
    table.reset(seed=9)
    first = table.render()
    table.reset()
    assert table.render() != first


def test_numpy_integers_are_actions_and_nothing_else() -> None:
    table = raw_env(num_players=3)
    table.reset(seed=0)
    assert STAY in table.hand_state.legal_actions()
    for action in (np.int64(STAY), np.int32(STAY), np.uint8(STAY), np.array(STAY)):
        table.reset(seed=0)
        agent = table.agent_selection
        table.step(action)
        assert table.agent_selection != agent  # a STAY ends the turn
    table.reset(seed=0)
    for bad in (True, np.bool_(True), float(STAY), "1", None, [STAY]):
        with pytest.raises(ValueError, match="an action is an integer id"):
            table.step(bad)
    with pytest.raises(ValueError, match="not legal"):
        table.step(CALL)  # no battle: CALL is not legal on a turn
    with pytest.raises(ValueError, match="not legal"):
        table.step(NUM_ACTIONS)


def test_an_illegal_action_ends_the_wrapped_hand_with_a_penalty() -> None:
    table = env(num_players=3)
    table.reset(seed=0)
    agent = table.agent_selection
    illegal = next(
        a for a in range(CARD_BASE, NUM_ACTIONS) if not table.last()[0]["action_mask"][a]
    )
    table.step(illegal)  # TerminateIllegalWrapper logs it (logging, not a warning)
    assert all(table.terminations.values())
    assert table.rewards[agent] == -1
    assert sum(table.rewards.values()) == -1


def test_spaces_are_cached_and_shared_by_every_table_size() -> None:
    for n in (2, 10):
        table = raw_env(num_players=n)
        assert table.possible_agents == [f"player_{i}" for i in range(n)]
        for agent in table.possible_agents:
            assert table.observation_space(agent) is table.observation_space(agent)
            assert table.action_space(agent) is table.action_space(agent)
            assert table.action_space(agent).n == NUM_ACTIONS
            box = table.observation_space(agent)["observation"]
            assert box.shape == (observe.SIZE,)
            assert box.dtype == np.float32
            assert table.observation_space(agent)["action_mask"].dtype == np.int8
    assert PalacePokerEnv.metadata == {
        "render_modes": ["human", "ansi"],
        "name": "palace_poker_v0",
        "is_parallelizable": False,
    }


@pytest.mark.rule("R-STAKE-1")
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": True}, "num_players must be an integer 2..10, got True"),
        ({"num_players": 1}, "num_players"),
        ({"num_players": 11}, "num_players"),
        ({"num_players": 3.0}, "num_players"),
        ({"num_players": "3"}, "num_players"),
        ({"small_bet": 0}, "small_bet"),
        ({"small_bet": True}, "small_bet"),
        ({"small_bet": 10, "big_bet": 5}, "big_bet"),
        ({"ante": -1}, "ante"),
        ({"betting": "pot-limit"}, "betting must be 'limit' or 'no-limit'"),
        ({"stack": 0}, "each stack must be an integer >= 1"),
        ({"stack": True}, "each stack"),
        ({"stack": 2.5}, "stack must be an integer or a list"),
        ({"stack": "200"}, "stack must be an integer or a list"),
        ({"stack": [100]}, "stack lists 1 stacks for 2 players"),
        ({"stack": [100, False]}, "each stack"),
        ({"render_mode": "rgb_array"}, "render_mode"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**kwargs)
    with pytest.raises(ValueError, match=message):
        env(**kwargs)


def test_stakes_and_stacks_reach_the_hand() -> None:
    table = raw_env(
        num_players=3, small_bet=6, big_bet=15, ante=2, betting="no-limit", stack=[50, 60, 70]
    )
    table.reset(seed=1)
    hand = table.hand_state.hand
    rules = hand.rules
    assert (rules.small_bet, rules.big_bet, rules.ante, rules.betting) == (6, 15, 2, "no-limit")
    assert hand.start_stacks == (50, 60, 70)


def test_render_modes() -> None:
    table = raw_env(num_players=2)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert table.render() is None
    ansi = raw_env(num_players=2, render_mode="ansi")
    assert ansi.render() == f"{NAME}: not dealt yet (call reset())"
    ansi.reset(seed=4)
    text = ansi.render()
    assert isinstance(text, str)
    seat = ansi.hand_state.current_player()
    assert text.splitlines()[1:] == observe.text(ansi.hand_state, seat).splitlines()
    assert "legal: " in text.splitlines()[0]
    _play(ansi, np.random.default_rng(0))
    summary = ansi.render()
    assert isinstance(summary, str)
    assert summary.startswith(f"{NAME}: hand over")
    assert "big bets" in summary
