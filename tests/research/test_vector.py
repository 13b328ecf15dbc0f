"""The vectorised environments of palace_poker.env.vector.

Gymnasium's ``check_env`` does not take a vector environment, so the checks it would
make are made here by hand: the batched spaces and dtypes, observations inside the
observation space, the automatic reset (SAME_STEP), seeding. Against a random
opponent, a vector environment gives step for step the observations and rewards of a
:class:`~palace_poker.env.batch.HandBatch` driven by hand (the opponents stepped while
the learner's hands wait). In self-play every hand's chips sum to zero. Illegal ids
raise ``illegal_action`` and change nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

pytest.importorskip("gymnasium")
pytest.importorskip("palace_poker._enginec")

import gymnasium
from gymnasium.vector import AutoresetMode

import palace_poker.env.gymnasium  # noqa: F401 - registers the ids
from palace_poker import Rules
from palace_poker.encoding.ids import NUM_ACTIONS
from palace_poker.env import observe
from palace_poker.env.batch import WAIT, HandBatch
from palace_poker.env.vector import (
    BATCH_ENV_ID,
    BatchedSelfPlay,
    PalacePokerVectorEnv,
)
from palace_poker.errors import ConfigError, IllegalActionError


def _masked(rng: np.random.Generator, mask: NDArray[Any]) -> NDArray[np.int64]:
    """A uniformly random legal id a row."""
    ids: NDArray[np.int64] = np.argmax(mask * rng.random(mask.shape), axis=1).astype(np.int64)
    return ids


def test_make_vec_builds_it_with_batched_spaces() -> None:
    envs = gymnasium.make_vec(BATCH_ENV_ID, num_envs=5, num_players=3)
    assert isinstance(envs.unwrapped, PalacePokerVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.num_envs == 5
    assert envs.single_observation_space.shape == (observe.SIZE,)
    assert envs.observation_space.shape == (5, observe.SIZE)
    assert envs.observation_space.dtype == np.float32
    assert envs.action_space == gymnasium.spaces.MultiDiscrete([NUM_ACTIONS] * 5)
    obs, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert obs in envs.observation_space
        assert infos["action_mask"].dtype == np.int8
        assert infos["action_mask"].shape == (5, NUM_ACTIONS)
        masks = envs.unwrapped.action_masks()
        assert masks.dtype == np.bool_
        assert np.array_equal(masks, infos["action_mask"] == 1)
        assert (infos["player"] == 0).all()  # the learner acts in every observation
        actions = _masked(rng, masks)
        assert actions in envs.action_space
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        assert rewards.shape == terminated.shape == truncated.shape == (5,)
        assert not truncated.any()
        assert np.array_equal(terminated, infos["hands_ended"] > 0)
        assert (rewards[~terminated] == 0).all()


def test_it_steps_as_a_hand_batch_driven_by_hand() -> None:
    """Learner at seat 1 of 3 against the random opponent: each step's observations,
    masks and rewards are those of a HandBatch whose opponents' hands are stepped with
    random_actions while the learner's wait, and a terminated hand's observation is the
    next deal's first decision of the learner (SAME_STEP)."""
    size, seat, seed = 16, 1, 11
    env = PalacePokerVectorEnv(size, num_players=3, seat=seat, stack=400)
    batch = HandBatch.of(Rules.of(10), [400] * 3, size=size, seed=seed)
    arrays = batch.reset()

    def opponents() -> NDArray[np.float64]:
        won = np.zeros(size)
        while (arrays.player != seat).any():
            ids = batch.random_actions()
            ids[arrays.player == seat] = WAIT
            batch.step(ids)
            won += arrays.returns[:, seat] / 20
        return won

    opponents()
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ended = 0
    for _ in range(150):
        assert np.array_equal(obs, arrays.obs)
        assert np.array_equal(infos["action_mask"], arrays.mask)
        actions = _masked(rng, infos["action_mask"])
        obs, rewards, terminated, _, infos = env.step(actions)
        batch.step(actions)
        expected = arrays.returns[:, seat] / 20 + opponents()
        assert np.allclose(rewards, expected)
        ended += int(terminated.sum())
    assert ended > 50
    deals = [env.batch.deals(i) for i in range(size)]
    assert deals == [batch.deals(i) for i in range(size)]
    assert min(deals) > 1


def test_a_callable_opponent_acts_only_where_an_opponent_acts() -> None:
    calls: list[int] = []

    def lowest(obs: NDArray[np.float32], mask: NDArray[np.int8]) -> NDArray[np.int64]:
        assert obs.shape == (len(mask), observe.SIZE)
        assert mask.any(axis=1).all()
        calls.append(len(mask))
        ids: NDArray[np.int64] = np.argmax(mask, axis=1)
        return ids

    env = PalacePokerVectorEnv(8, num_players=4, opponents=lowest, seat=2)
    infos = env.reset(seed=3)[1]
    rng = np.random.default_rng(3)
    for _ in range(40):
        assert (infos["player"] == 2).all()
        infos = env.step(_masked(rng, infos["action_mask"]))[4]
    assert calls
    assert max(calls) <= 8

    def illegal(obs: NDArray[np.float32], mask: NDArray[np.int8]) -> NDArray[np.int64]:
        ids: NDArray[np.int64] = np.argmin(mask, axis=1)
        return ids

    def play() -> None:
        env = PalacePokerVectorEnv(4, opponents=illegal, seat=1)
        infos = env.reset(seed=0)[1]
        for _ in range(10):  # the opponent's turn comes within a few steps
            infos = env.step(np.argmax(infos["action_mask"], axis=1))[4]

    with pytest.raises(IllegalActionError, match="the opponent's ids") as refused:
        play()
    assert refused.value.code == "illegal_action"


def test_self_play_hands_sum_to_zero() -> None:
    env = PalacePokerVectorEnv(12, num_players=3, self_play=True)
    infos = env.reset(seed=5)[1]
    rng = np.random.default_rng(5)
    players = set()
    ended = 0
    for _ in range(200):
        acting = infos["player"]
        players.update(acting.tolist())
        _, rewards, terminated, _, infos = env.step(_masked(rng, infos["action_mask"]))
        returns = infos["returns"]
        assert np.allclose(returns.sum(axis=1), 0)
        assert np.array_equal(rewards, returns[np.arange(12), acting])
        assert not returns[~terminated].any()
        ended += int(terminated.sum())
    assert players == {0, 1, 2}
    assert ended > 50

    play = BatchedSelfPlay(12, num_players=3, betting="no-limit")
    step = play.reset(seed=5)
    total = np.zeros(3)
    ended = 0
    for _ in range(200):
        step = play.step(_masked(rng, step.mask))
        assert step.rewards.shape == (12, 3)
        assert np.allclose(step.rewards.sum(axis=1), 0, atol=1e-5)
        assert not step.rewards[~step.done].any()
        total += step.rewards.sum(axis=0)
        ended += int(step.done.sum())
    assert ended > 50
    assert total.any()


def test_seeds_reproduce() -> None:
    def run(seed: int) -> tuple[NDArray[np.float32], NDArray[np.float64]]:
        env = PalacePokerVectorEnv(6, num_players=2)
        obs, infos = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        total = np.zeros(6)
        for _ in range(60):
            obs, rewards, _, _, infos = env.step(_masked(rng, infos["action_mask"]))
            total += rewards
        return obs, total

    first, again, other = run(4), run(4), run(5)
    assert np.array_equal(first[0], again[0])
    assert np.array_equal(first[1], again[1])
    assert not np.array_equal(first[0], other[0])
    env = PalacePokerVectorEnv(3)
    unseeded = env.reset()[0]
    assert not np.array_equal(unseeded, env.reset()[0])  # new seeds drawn


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    env = PalacePokerVectorEnv(4, num_players=3, seat=0)
    obs, infos = env.reset(seed=2)
    actions = np.argmax(infos["action_mask"], axis=1)
    actions[2] = int(np.flatnonzero(infos["action_mask"][2] == 0)[0])
    wrongs: tuple[NDArray[Any], ...] = (
        actions,
        np.full(4, NUM_ACTIONS),
        np.zeros(3, np.int64),
        np.zeros(4),
    )
    for wrong in wrongs:
        with pytest.raises(IllegalActionError) as refused:
            env.step(wrong)
        assert refused.value.code == "illegal_action"
        assert np.array_equal(env.batch.arrays.obs, obs)
    with pytest.raises(IllegalActionError, match="hand 2: id"):
        env.step(actions)
    play = BatchedSelfPlay(2)
    with pytest.raises(gymnasium.error.ResetNeeded):
        play.step([0, 0])
    with pytest.raises(gymnasium.error.ResetNeeded):
        PalacePokerVectorEnv(2).step(np.zeros(2, np.int64))


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ConfigError, match="random") as refused:
        PalacePokerVectorEnv(2, opponents="heuristic")
    assert refused.value.code == "unknown_bot"
    with pytest.raises(ConfigError) as refused:
        PalacePokerVectorEnv(2, seat=2)
    assert refused.value.code == "invalid_players"
    with pytest.raises(ConfigError) as refused:
        PalacePokerVectorEnv(0)
    assert refused.value.code == "invalid_settings"
    with pytest.raises(ConfigError, match="one seed a hand"):
        PalacePokerVectorEnv(2).reset(seed=[1, 2, 3])
