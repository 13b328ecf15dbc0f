"""The Gymnasium environment (palace_poker.env.gymnasium, the ``research`` extra).

Gymnasium's own checker (``check_env``) passes for 2, 3 and 10 players in both
structures, and a vector of environments made by ``gymnasium.make_vec`` runs. Over
random hands: the observation is the learner's own vector
(:func:`palace_poker.env.observe.vector`, R-INFO-2: nothing hidden from that seat),
the masks are the legal ids of the learner's decision, the final reward is the
learner's chips in big bets and the chips are conserved; the same seed gives the
same trajectory whatever Python's ``random`` holds. Illegal ids, bad settings and
the render are checked one by one.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

from palace_poker.config import BETTING_STRUCTURES, MAX_CHIPS, Betting
from palace_poker.env import observe
from palace_poker.env.actions import NUM_ACTIONS
from palace_poker.env.gymnasium import ENV_ID, PalacePokerEnv
from palace_poker.errors import ConfigError, IllegalActionError

pytestmark = pytest.mark.rule("R-INFO-2")


def _masked(rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
    """A uniform legal id (0 when none is legal: the episode is over)."""
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if legal.size else 0


def _episode(
    env: gymnasium.Env[Any, Any], seed: int | None, policy: np.random.Generator
) -> list[tuple[Any, ...]]:
    """One hand with masked random actions: each step's (observation, reward,
    terminated, mask)."""
    obs, info = env.reset(seed=seed)
    trajectory: list[tuple[Any, ...]] = [(obs, 0.0, False, info["action_mask"])]
    terminated = False
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(_masked(policy, info["action_mask"]))
        assert truncated is False
        trajectory.append((obs, reward, terminated, info["action_mask"]))
    return trajectory


def test_the_environment_is_registered() -> None:
    spec = gymnasium.spec(ENV_ID)
    assert ENV_ID == "PalacePoker-v0"
    assert spec.entry_point == "palace_poker.env.gymnasium:PalacePokerEnv"
    assert isinstance(gymnasium.make(ENV_ID).unwrapped, PalacePokerEnv)


@pytest.mark.parametrize("betting", ["limit", "no-limit"])
@pytest.mark.parametrize("num_players", [2, 3, 10])
def test_gymnasiums_checker_passes(num_players: int, betting: Betting) -> None:
    # Made by gymnasium.make, so the checker also compares seeded resets (it does
    # only with a spec) and makes the env again in each render mode. Any warning it
    # gave would fail here: the suite turns warnings into errors.
    env = gymnasium.make(ENV_ID, num_players=num_players, betting=betting)
    check_env(env.unwrapped)
    env.close()


def test_a_sync_vector_of_environments_runs() -> None:
    envs = gymnasium.make_vec(
        ENV_ID, num_envs=3, vectorization_mode="sync", num_players=3, opponents="random"
    )
    obs, infos = envs.reset(seed=5)
    assert obs.shape == (3, observe.SIZE)
    assert obs.dtype == np.float32
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(150):
        masks = infos["action_mask"]
        assert masks.shape == (3, NUM_ACTIONS)
        assert masks.dtype == np.int8
        actions = np.array([_masked(rng, mask) for mask in masks])
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        assert obs.shape == (3, observe.SIZE)
        assert not truncated.any()
        assert "illegal_action" not in infos  # masked actions are legal ones
        ended += int(terminated.sum())
        assert np.all(rewards[~terminated] == 0.0)
    assert ended > 10
    envs.close()


@pytest.mark.rule("R-INFO-1")
@pytest.mark.rule("R-POT-1")
def test_observations_masks_rewards_and_chips_over_random_hands() -> None:
    rng = random.Random(11)
    policy = np.random.default_rng(11)
    learner_total = others_total = 0.0
    structures = set()
    for episode in range(120):
        n = rng.randint(2, 10)
        betting: Betting = rng.choice(BETTING_STRUCTURES)
        opponents = rng.choice(["random", "heuristic"])
        env = PalacePokerEnv(
            num_players=n, opponents=opponents, betting=betting, stack=rng.randint(20, 400)
        )
        obs, info = env.reset(seed=episode)
        state = env.state
        structures.add((n > 2, betting))
        terminated = False
        while True:
            seat = env.seat
            assert obs.dtype == np.float32
            assert obs.shape == (observe.SIZE,)
            assert np.array_equal(obs, np.array(observe.vector(state, seat), dtype=np.float32))
            assert info["seat"] == seat
            if terminated:
                break
            assert state.current_player() == seat  # bots and chance never leave a turn
            assert info["action_mask"].tolist() == state.legal_mask()
            assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
            obs, reward, terminated, _, info = env.step(_masked(policy, info["action_mask"]))
            if not terminated:
                assert reward == 0.0
        returns = state.returns()
        assert state.is_terminal()
        assert sum(returns) == 0.0
        assert reward == returns[seat] / env.rules.big_bet
        assert not env.action_masks().any()
        assert not info["action_mask"].any()
        chips = reward * env.rules.big_bet
        assert math.isclose(chips, round(chips))
        learner_total += round(chips)
        others_total += sum(r for s, r in enumerate(returns) if s != seat)
    assert learner_total + others_total == 0.0
    assert learner_total != 0.0
    assert len(structures) == 4


def test_the_same_seed_gives_the_same_trajectory_whatever_pythons_random_holds() -> None:
    def run(seed: int, python_seed: int) -> list[tuple[Any, ...]]:
        saved = random.getstate()
        random.seed(python_seed)  # nothing of the env may draw from it
        try:
            env = gymnasium.make(ENV_ID, num_players=4, opponents=["random", "heuristic", "random"])
            policy = np.random.default_rng(0)
            steps = _episode(env, seed, policy)
            for _ in range(4):  # the next hands continue from the seeded generator
                steps += _episode(env, None, policy)
            env.close()
        finally:
            random.setstate(saved)
        return steps

    def same(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> bool:
        return len(a) == len(b) and all(
            np.array_equal(x[0], y[0]) and x[1:3] == y[1:3] and np.array_equal(x[3], y[3])
            for x, y in zip(a, b, strict=True)
        )

    first = run(3, python_seed=1)
    assert same(first, run(3, python_seed=2))
    assert not same(first, run(4, python_seed=1))


def test_opponents_sit_in_order_from_the_learners_left() -> None:
    env = PalacePokerEnv(opponents=["random", "heuristic", "random"])
    assert env.num_players == 4
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seat = env.seat
        seats.add(seat)
        bots = env.bots
        assert sorted(bots) == sorted(set(range(4)) - {seat})
        assert [bots[(seat + 1 + i) % 4].name for i in range(3)] == list(env.opponents)
    assert len(seats) > 1  # drawn at each reset
    one_kind = PalacePokerEnv(num_players=5, opponents="random", seat=2)
    assert one_kind.opponents == ("random",) * 4
    for seed in range(5):
        one_kind.reset(seed=seed)
        assert one_kind.seat == 2


def test_reset_options_fix_the_seat_and_the_dealer() -> None:
    env = PalacePokerEnv(num_players=3, opponents="random")
    env.reset(seed=1, options={"seat": 1, "dealer": 2})
    assert env.seat == 1
    assert env.state.hand.dealer == 2
    env.reset(seed=1, options={})
    with pytest.raises(ConfigError, match="options 'seat' and 'dealer', got table"):
        env.reset(options={"table": 1})
    with pytest.raises(ConfigError, match=r"seat must be an integer 0\.\.2, got 3"):
        env.reset(options={"seat": 3})


def _illegal_id(env: PalacePokerEnv) -> int:
    legal = env.state.legal_actions()
    return next(a for a in range(NUM_ACTIONS) if a not in legal)


def test_an_illegal_id_ends_the_episode_with_the_penalty() -> None:
    env = PalacePokerEnv(num_players=3, opponents="random", stack=300, small_bet=5)
    env.reset(seed=2)
    illegal = _illegal_id(env)
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-30.0, True, False)  # the stack, in big bets
    assert info["illegal_action"] == illegal
    assert not info["action_mask"].any()
    assert not env.action_masks().any()
    assert obs in env.observation_space
    with pytest.raises(ResetNeeded, match="episode is over"):
        env.step(0)
    custom = PalacePokerEnv(opponents="random", illegal_reward=-1)
    custom.reset(seed=2)
    assert custom.step(_illegal_id(custom))[1] == -1.0


def test_an_illegal_id_is_remapped_to_the_lowest_legal_one() -> None:
    remapped = PalacePokerEnv(num_players=3, opponents="random", illegal="remap")
    twin = PalacePokerEnv(num_players=3, opponents="random")
    remapped.reset(seed=9)
    twin.reset(seed=9)
    lowest = twin.state.legal_actions()[0]
    illegal = _illegal_id(remapped)
    one = remapped.step(illegal)
    two = twin.step(lowest)
    assert np.array_equal(one[0], two[0])
    assert one[1:4] == two[1:4]
    assert one[4]["illegal_action"] == illegal
    assert "illegal_action" not in two[4]


@pytest.mark.parametrize("action", [NUM_ACTIONS, -1, True, 2.0, "3", None, np.array([1, 2])])
def test_an_id_outside_the_action_space_is_refused(action: object) -> None:
    env = PalacePokerEnv(opponents="random", illegal="remap")
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"an id 0\.\.69 of the action space"):
        env.step(action)  # type: ignore[arg-type]


def test_numpy_integers_are_ids() -> None:
    env = PalacePokerEnv(opponents="random")
    env.reset(seed=0)
    legal = env.state.legal_actions()[-1]
    for action in (np.int64(legal), np.int32(legal), np.array(legal)):
        env.reset(seed=0)
        assert "illegal_action" not in env.step(action)[4]


@pytest.mark.parametrize(
    ("settings", "code", "message"),
    [
        ({"num_players": True}, "invalid_players", "num_players must be an integer 2..10"),
        ({"num_players": 1}, "invalid_players", "num_players must be an integer 2..10"),
        ({"num_players": 11}, "invalid_players", "num_players must be an integer 2..10"),
        ({"num_players": "3"}, "invalid_players", "num_players must be an integer 2..10"),
        ({"opponents": []}, "invalid_players", "opponents must be a bot's name"),
        ({"opponents": [3]}, "invalid_players", "opponents must be a bot's name"),
        ({"opponents": {"random"}}, "invalid_players", "opponents must be a bot's name"),
        ({"opponents": "oracle"}, "unknown_bot", "no bot named 'oracle'"),
        ({"opponents": ["random", "orc"]}, "unknown_bot", "no bot named 'orc'"),
        (
            {"num_players": 4, "opponents": ["random", "random"]},
            "invalid_players",
            "4 players need one opponent kind or 3, got 2",
        ),
        ({"seat": 2}, "invalid_players", r"seat must be an integer 0\.\.1, got 2"),
        ({"seat": True}, "invalid_players", "seat must be an integer"),
        ({"stack": 0}, "invalid_players", "stack must be an integer >= 1"),
        ({"stack": 1.5}, "invalid_players", "stack must be an integer >= 1"),
        ({"stack": False}, "invalid_players", "stack must be an integer >= 1"),
        ({"stack": MAX_CHIPS}, "invalid_players", "at most 9007199254740991 can be in play"),
        ({"small_bet": 0}, "invalid_rules", "small_bet must be an integer >= 1"),
        ({"small_bet": 10, "big_bet": 5}, "invalid_rules", "big_bet must be at least"),
        ({"betting": "pot"}, "invalid_rules", "betting must be 'limit' or 'no-limit'"),
        ({"illegal": "ignore"}, "invalid_settings", "illegal must be one of 'penalty'"),
        ({"render_mode": "human"}, "invalid_settings", "render_mode must be one of None"),
        ({"illegal_reward": math.nan}, "invalid_settings", "illegal_reward must be a finite"),
        ({"illegal_reward": True}, "invalid_settings", "illegal_reward must be a finite"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_error(
    settings: dict[str, Any], code: str, message: str
) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        PalacePokerEnv(**settings)
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)


def test_render_and_use_before_reset() -> None:
    env = PalacePokerEnv(num_players=3, opponents="random", render_mode="ansi")
    with pytest.raises(ResetNeeded):
        env.step(0)
    with pytest.raises(ResetNeeded):
        env.action_masks()
    env.reset(seed=4)
    text = env.render()
    assert text is not None
    assert text.startswith(f"seat {env.seat} of 3")
    assert "you: in" in text
    while True:
        terminated = env.step(env.state.legal_actions()[0])[2]
        if terminated:
            break
    final = env.render()
    assert final is not None
    assert "hand over: you won" in final
    quiet = PalacePokerEnv(opponents="random")
    quiet.reset(seed=4)
    assert quiet.render() is None
