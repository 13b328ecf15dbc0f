"""The Gymnasium environment (palace_poker.env.gymnasium, the ``research`` extra).

Gymnasium's own checker (``check_env``) passes for 2, 3 and 10 players in both
structures, and a vector of environments made by ``gymnasium.make_vec`` runs. Over
random hands: the observation is the learner's own vector
(:func:`palace_poker.env.observe.vector`, R-INFO-2: nothing hidden from that seat),
the masks are the legal ids of the learner's decision, the final reward is the
learner's chips in big bets and the chips are conserved; the same seed gives the
same trajectory whatever Python's ``random`` holds. Illegal ids, bad settings and
the render are checked one by one. A hand that ends before the learner's first
decision is an episode of one step, so that the mean reward is the chips a hand
over every hand (random against random agrees with PettingZoo's); asynchronous
vectorisation is refused.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

from palace_poker.bots import make_bot
from palace_poker.config import BETTING_STRUCTURES, MAX_CHIPS, Betting
from palace_poker.encoding.ids import DONE, NUM_ACTIONS
from palace_poker.env import observe
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
            if info["hand_over"]:  # the hand ended before the learner's first decision
                assert state.is_terminal()
                assert np.flatnonzero(info["action_mask"]).tolist() == [DONE]
            else:
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


# ------------------------------------------------------------------ hands without a decision


def _first_hand_over(env: PalacePokerEnv) -> tuple[int, np.ndarray[Any, Any], dict[str, Any]]:
    """The first seed whose hand ends before the learner's first decision."""
    for seed in range(200):
        obs, info = env.reset(seed=seed)
        if info["hand_over"]:
            return seed, obs, info
    raise AssertionError("no hand of 200 ended before the learner's decision")


@pytest.mark.parametrize("action", [DONE, 0, NUM_ACTIONS - 1])
def test_a_hand_the_learner_never_acts_in_is_an_episode_of_one_step(action: int) -> None:
    env = PalacePokerEnv(opponents="random")  # heads-up: the bot folds at once
    _, obs, info = _first_hand_over(env)
    state, seat = env.state, env.seat
    assert state.is_terminal()
    assert np.array_equal(obs, np.array(observe.vector(state, seat), dtype=np.float32))
    assert np.flatnonzero(info["action_mask"]).tolist() == [DONE]
    assert np.flatnonzero(env.action_masks()).tolist() == [DONE]
    obs, reward, terminated, truncated, info = env.step(action)  # any id: none is illegal
    chips = state.returns()[seat]
    assert chips > 0  # the bot folded: the learner takes the antes
    assert (reward, terminated, truncated) == (chips / env.rules.big_bet, True, False)
    assert info["hand_over"] is True
    assert "illegal_action" not in info
    assert not info["action_mask"].any()
    with pytest.raises(ResetNeeded, match="episode is over"):
        env.step(DONE)


def test_hands_without_a_decision_can_be_dealt_again() -> None:
    counted = PalacePokerEnv(opponents="random")
    seed, _, _ = _first_hand_over(counted)
    skipping = PalacePokerEnv(opponents="random", skip_hands_without_a_decision=True)
    for other in range(seed + 1):
        _, info = skipping.reset(seed=other)
        assert info["hand_over"] is False
        assert skipping.state.current_player() == skipping.seat
    with pytest.raises(ConfigError, match="skip_hands_without_a_decision must be True or False"):
        PalacePokerEnv(skip_hands_without_a_decision=1)  # type: ignore[arg-type]


_TINY: dict[str, Any] = {"variant": "tiny", "small_bet": 1, "ante": 1, "stack": 4}


def _gymnasium_chips(hands: int, **settings: Any) -> tuple[list[float], int]:
    """The learner's chips in ``hands`` episodes of masked random play against the
    random bot, heads-up in tiny, and how many of them it never acted in."""
    env = PalacePokerEnv(opponents="random", **_TINY, **settings)
    policy = np.random.default_rng(1)
    chips: list[float] = []
    without = 0
    _, info = env.reset(seed=0)
    for _ in range(hands):
        without += info["hand_over"]
        terminated = False
        while not terminated:
            _, reward, terminated, _, info = env.step(_masked(policy, info["action_mask"]))
        chips.append(reward * env.rules.big_bet)
        _, info = env.reset()
    return chips, without


def _pettingzoo_chips(hands: int) -> list[float]:
    """The chips of ``player_{i % 2}`` in hand ``i`` of masked random play by both."""
    pettingzoo = pytest.importorskip("palace_poker.env.pettingzoo")
    env = pettingzoo.raw_env(num_players=2, **_TINY)
    policy = np.random.default_rng(2)
    chips: list[float] = []
    for hand in range(hands):
        env.reset(seed=10_000 + hand)
        learner = env.possible_agents[hand % 2]
        for agent in env.agent_iter():
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                if agent == learner:
                    chips.append(info["chips"])
                env.step(None)
            else:
                env.step(_masked(policy, obs["action_mask"]))
    return chips


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(variance / len(values))


@pytest.mark.rule("R-POT-1")
def test_random_against_random_wins_what_it_does_in_pettingzoo() -> None:
    # Heads-up in tiny (limit) the random bot's options are one id each, so a masked
    # random learner and the bot play alike, as both agents do in PettingZoo: the
    # learner's chips a hand must agree, every hand counted. A quarter of the hands
    # end before the learner acts (the bot folds at once and the learner takes the
    # antes); dealing them again, as skip_hands_without_a_decision does, loses them.
    hands = 4000
    reference, reference_error = _mean_and_error(_pettingzoo_chips(hands))
    chips, without = _gymnasium_chips(hands)
    mean, error = _mean_and_error(chips)
    assert len(chips) == hands
    assert hands // 6 < without < hands // 2, without  # counted, each as one episode
    interval = 3 * math.hypot(error, reference_error)
    assert abs(mean - reference) < interval, (mean, reference, interval)
    skipped, none = _gymnasium_chips(hands, skip_hands_without_a_decision=True)
    assert none == 0
    skipped_mean, skipped_error = _mean_and_error(skipped)
    assert reference - skipped_mean > 3 * math.hypot(skipped_error, reference_error)


# ------------------------------------------------------------------ vectors


def test_asynchronous_vectorisation_is_refused_with_the_alternative() -> None:
    with pytest.raises(ConfigError, match='use vectorization_mode="sync"') as caught:
        gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="async")
    assert caught.value.code == "invalid_settings"
    with pytest.raises(ConfigError, match="allow_async must be True or False"):
        PalacePokerEnv(allow_async="yes")  # type: ignore[arg-type]
    envs = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode="async", allow_async=True)
    obs, infos = envs.reset(seed=1)
    assert obs.shape == (2, observe.SIZE)
    assert infos["hand_over"].dtype == np.bool_
    envs.close()


def test_an_opponent_pool_is_drawn_at_each_reset() -> None:
    env = PalacePokerEnv(opponent_pool={"random": 1, "heuristic": 3}, num_players=3, seat=0)
    seen: Counter[str] = Counter()
    for seed in range(300):
        _, info = env.reset(seed=seed)
        kinds = info["opponents"]
        assert len(kinds) == 2
        # each seat's bot is of the kind drawn for it
        for i, kind in enumerate(kinds):
            assert type(env.bots[1 + i]).__name__ == type(make_bot(kind, 0)).__name__
        seen.update(kinds)
    assert set(seen) == {"random", "heuristic"}
    assert 0.65 < seen["heuristic"] / 600 < 0.85  # weight 3 of 4 (three standard errors)
    again = PalacePokerEnv(opponent_pool=["random", "heuristic"])
    first = [again.reset(seed=s)[1]["opponents"] for s in range(20)]
    assert first == [again.reset(seed=s)[1]["opponents"] for s in range(20)]  # seeded
    assert again.num_players == 2


@pytest.mark.parametrize(
    ("pool", "code"),
    [
        ({"random": 0}, "invalid_players"),
        ([], "invalid_players"),
        ({"random": -1, "heuristic": 2}, "invalid_players"),
        ("random", "invalid_players"),
        (["oracle"], "unknown_bot"),
    ],
)
def test_a_bad_pool_is_refused(pool: object, code: str) -> None:
    with pytest.raises(ConfigError) as raised:
        PalacePokerEnv(opponent_pool=pool)  # type: ignore[arg-type]
    assert raised.value.code == code


def test_a_pool_and_fixed_opponents_are_not_both_given() -> None:
    with pytest.raises(ConfigError, match="not both"):
        PalacePokerEnv(opponents="random", opponent_pool=["heuristic"])
