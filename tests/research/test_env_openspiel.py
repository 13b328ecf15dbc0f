"""The OpenSpiel game ``python_palace_poker`` (palace_poker.env.openspiel).

Checked here:

* the registration, the game type's flags and the ``GameInfo`` built from the
  parameters (players, stakes, stacks; unknown or bad parameters refused);
* OpenSpiel's own ``random_sim_test`` with serialization, for 2, 3 and 10 players
  in both structures (clone, serialize, sorted and uniquely named actions, masks,
  finite fixed-size tensors, returns summing to zero within the utility bounds,
  game length within ``max_game_length``);
* the partial-tree checks of OpenSpiel's integration ``api_test``
  (``EnforceAPIOnPartialTreeBase``), on the states OpenSpiel samples and on states
  along random hands;
* the observation is ``observe.vector``/``observe.text``; the information state
  string tells apart what the seat saw (its own actions, public cards, its own
  palace cards) and not what it did not (others' palace cards, R-INFO-2); the
  information state tensor has its fixed size;
* ISMCTS's resampler gives states with the same information state string and
  the same history of the player's own information states and actions (perfect
  recall on pairs of hands the player cannot tell apart), with other palaces;
* the two example scripts, with small sizes: ISMCTS against random for 2 and 3
  players, outcome-sampling MCCFR for 2,000 iterations then its average policy
  against random.
"""

from __future__ import annotations

import pickle
import random
from types import ModuleType
from typing import Any

import pytest

from paths import EXAMPLES
from scripts import load_script

pyspiel = pytest.importorskip("pyspiel")

# The game is registered on import: before api_test, which lists the games it sees.
from palace_poker.cards import Card  # noqa: E402
from palace_poker.encoding.ids import NUM_ACTIONS, action_name  # noqa: E402
from palace_poker.env import observe  # noqa: E402
from palace_poker.env import openspiel as pos  # noqa: E402

api_test = pytest.importorskip("open_spiel.integration_tests.api_test")

Game = Any
State = Any


def _load(players: int = 2, **params: Any) -> Game:
    return pyspiel.load_game(pos.SHORT_NAME, {"players": players, **params})


def _random_states(game: Game, count: int, seed: int) -> list[State]:
    """``count`` states along random hands (every node of each hand, in order)."""
    rng = random.Random(seed)
    states: list[State] = []
    while len(states) < count:
        state = game.new_initial_state()
        states.append(state.clone())
        while not state.is_terminal() and len(states) < count:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            states.append(state.clone())
    return states


def _hands(game: Game, hands: int, seed: int) -> list[State]:
    """Every decision node of ``hands`` random hands."""
    rng = random.Random(seed)
    found: list[State] = []
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


# ------------------------------------------------------------------ the game


def test_the_game_is_registered_with_its_type() -> None:
    game = pyspiel.load_game(pos.SHORT_NAME)
    kind = game.get_type()
    assert pos.SHORT_NAME in pyspiel.registered_names()
    assert kind.short_name == "python_palace_poker"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 10)
    assert kind.provides_information_state_string
    assert kind.provides_information_state_tensor
    assert kind.provides_observation_string
    assert kind.provides_observation_tensor
    assert kind.parameter_specification == pos.DEFAULT_PARAMS


@pytest.mark.rule("R-STAKE-1")
def test_game_info_comes_from_the_parameters() -> None:
    game = _load(3, small_bet=5, stack=60, betting="no-limit")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == NUM_ACTIONS == 70
    assert game.max_chance_outcomes() == 52
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-60.0, 120.0, 0.0)
    assert game.max_game_length() == pos.max_decisions(game.rules, 3, 60)
    assert game.max_chance_nodes_in_history() == pos.max_chance_nodes(game.rules, 3, 60)
    assert (game.rules.small_bet, game.rules.big_bet, game.rules.ante) == (5, 10, 2)
    assert game.rules.no_limit
    assert game.observation_tensor_size() == observe.SIZE
    steps = game.max_game_length() + game.max_chance_nodes_in_history()
    assert game.history_steps() == steps
    assert game.information_state_tensor_size() == observe.SIZE + steps * pos.STEP_SIZE
    rules = _load(2, small_bet=4, big_bet=6, ante=0).rules
    assert (rules.big_bet, rules.ante, rules.no_limit) == (6, 0, False)
    assert _load(10).num_players() == 10
    dealer = _load(4, dealer=3).new_initial_state().env.hand.dealer
    assert dealer == 3


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 1}, "players must be 2..10"),
        ({"players": 11}, "players must be 2..10"),
        ({"stack": 0}, "stack must be at least 1"),
        ({"dealer": 2}, "dealer must be a seat"),
        ({"betting": "pot-limit"}, "betting"),
        ({"small_bet": 0}, "small_bet"),
    ],
)
def test_bad_parameters_are_refused(params: dict[str, Any], message: str) -> None:
    with pytest.raises((ValueError, RuntimeError), match=message):
        pos.PalacePokerGame(params)


def test_unknown_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown parameter"):
        pos.PalacePokerGame({"rebuys": 1})
    with pytest.raises(ValueError, match="stack must be int"):
        pos.PalacePokerGame({"stack": "20"})


# ------------------------------------------------------------------ OpenSpiel's checks


@pytest.mark.parametrize("betting", ["limit", "no-limit"])
@pytest.mark.parametrize(("players", "sims"), [(2, 100), (3, 40), (10, 6)])
def test_random_sim_test_with_serialization(players: int, sims: int, betting: str) -> None:
    game = _load(players, betting=betting, stack=100)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _partial_tree_class(name: str, game: Game, states: list[State] | None) -> type:
    """A test class of OpenSpiel's ``EnforceAPIOnPartialTreeBase`` for ``game``:
    on the states OpenSpiel samples (seeded), or on ``states``."""

    @classmethod  # type: ignore[misc]
    def set_up_class(cls: Any) -> None:
        saved = random.getstate()
        random.seed(7)  # sample_some_states draws with the random module
        try:
            super(cls, cls).setUpClass()
        finally:
            random.setstate(saved)
        if states is not None:
            cls.some_states = states

    return type(
        name,
        (api_test.EnforceAPIOnPartialTreeBase,),
        {"game": game, "game_name": pos.SHORT_NAME, "setUpClass": set_up_class},
    )


_TWO = _load(2, small_bet=2, stack=20)
_THREE = _load(3, betting="no-limit", stack=100)
_TEN = _load(10, stack=60)
TestPartialTreeTwoPlayers = _partial_tree_class("TestPartialTreeTwoPlayers", _TWO, None)
TestPartialTreeThreeNoLimit = _partial_tree_class("TestPartialTreeThreeNoLimit", _THREE, None)
TestPartialTreeTwoPlayersPlayed = _partial_tree_class(
    "TestPartialTreeTwoPlayersPlayed", _TWO, _random_states(_TWO, 400, 1)
)
TestPartialTreeThreeNoLimitPlayed = _partial_tree_class(
    "TestPartialTreeThreeNoLimitPlayed", _THREE, _random_states(_THREE, 400, 2)
)
TestPartialTreeTenPlayed = _partial_tree_class(
    "TestPartialTreeTenPlayed", _TEN, _random_states(_TEN, 300, 3)
)


# ------------------------------------------------------------------ observations


@pytest.mark.rule("R-INFO-1")
def test_observation_is_the_shared_encoding_and_actions_have_names() -> None:
    game = _load(3, betting="no-limit", stack=100)
    for state in _random_states(game, 150, 4):
        env = state.env
        for p in range(3):
            tensor = state.observation_tensor(p)
            assert tensor == pytest.approx(observe.vector(env, p))
            if len(env.hand.banners) == 3:  # (observe.text fails in the banner deal)
                assert state.observation_string(p) == observe.text(env, p)
            else:
                assert state.observation_string(p).startswith(f"seat {p} of 3; phase chance")
            info = state.information_state_tensor(p)
            assert len(info) == game.information_state_tensor_size()
            assert all(0.0 <= x <= 1.0 for x in info)
            assert info[: observe.SIZE] == tensor
        if state.is_chance_node():
            names = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
            assert names == [f"deal {Card(a)}" for a, _ in state.chance_outcomes()]
        elif not state.is_terminal():
            assert [state.action_to_string(a) for a in state.legal_actions()] == [
                action_name(a) for a in state.legal_actions()
            ]


@pytest.mark.rule("R-INFO-2")
@pytest.mark.rule("R-PALACE-1")
@pytest.mark.rule("R-BANNER-2")
def test_info_strings_tell_apart_what_a_seat_saw_and_only_that() -> None:
    """At a chance node, the children's strings differ for a seat exactly when it
    sees the card (a banner or a bought card: everyone; a palace card: its owner);
    at a decision, the children differ for the player who decided."""
    game = _load(3, stack=100)
    checked = {"palace": 0, "public": 0, "decision": 0}
    for state in _random_states(game, 300, 5)[::3]:
        if state.is_terminal():
            continue
        if state.is_chance_node():
            step = state.env.hand.chance
            outcomes = [a for a, _ in state.chance_outcomes()][:6]
            children = [state.child(a) for a in outcomes]
            for p in range(3):
                strings = {c.information_state_string(p) for c in children}
                sees = step.public or step.seat == p
                assert len(strings) == (len(children) if sees else 1), (step, p)
            checked["public" if step.public else "palace"] += 1
        else:
            p = state.current_player()
            children = [state.child(a) for a in state.legal_actions()]
            strings = {c.information_state_string(p) for c in children}
            assert len(strings) == len(children)
            checked["decision"] += 1
    assert min(checked.values()) > 3, checked


def test_info_string_raises_for_a_bad_player_and_on_chance_nodes() -> None:
    state = _load().new_initial_state()
    assert state.is_chance_node()
    with pytest.raises(RuntimeError):
        state.information_state_string()
    with pytest.raises(RuntimeError, match="player <"):
        state.information_state_string(2)
    assert state.information_state_string(0).startswith("seat 0 of 2")


def test_other_observer_kinds_give_strings() -> None:
    game = _load(3, stack=100)
    state = next(s for s in _random_states(game, 200, 6) if s.env.hand.phase == "battle")
    kind = pyspiel.IIGObservationType
    public = game.make_py_observer(
        kind(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    private = game.make_py_observer(
        kind(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        )
    )
    everyone = game.make_py_observer(
        kind(perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    )
    palaces = state.env.hand.palaces
    assert public.tensor is None
    assert private.tensor is None
    assert public.string_from(state, 0) == public.string_from(state, 1)
    assert str(palaces[0][0]) not in public.string_from(state, 0).split("\n")[0]
    mine = private.string_from(state, 1)
    assert mine.startswith("seat 1 holds [")
    assert str(palaces[1][0]) in mine
    full = everyone.string_from(state, 0)
    assert all(f"seat {p} holds [{' '.join(map(str, palaces[p]))}]" in full for p in range(3))
    with pytest.raises(ValueError, match="not supported"):
        game.make_py_observer(None, {"x": 1})


def test_states_pickle_and_serialize() -> None:
    game = _load(3, betting="no-limit", stack=100)
    for state in _random_states(game, 120, 8)[::7]:
        text = pyspiel.serialize_game_and_state(game, state)
        again_game, again = pyspiel.deserialize_game_and_state(text)
        assert str(again) == str(state)
        assert again.history() == state.history()
        assert again_game.num_players() == 3
        if not state.is_chance_node():
            for p in range(3):
                assert again.information_state_string(p) == state.information_state_string(p)
        copy = pickle.loads(pickle.dumps(state.env))
        assert copy.hand.observe(None) == state.env.hand.observe(None)


# ------------------------------------------------------------------ resampling


def _own_history(game: Game, history: list[int], player: int) -> list[tuple[str, int]]:
    """``player``'s information states and actions along ``history``."""
    state = game.new_initial_state()
    seen: list[tuple[str, int]] = []
    for action in history:
        if state.current_player() == player:
            seen.append((state.information_state_string(player), action))
        state.apply_action(action)
    return seen


@pytest.mark.rule("R-INFO-3")
@pytest.mark.parametrize(("players", "betting"), [(2, "limit"), (3, "no-limit"), (5, "limit")])
def test_resampled_states_look_the_same_to_the_player(players: int, betting: str) -> None:
    game = _load(players, betting=betting, stack=100)
    rng = random.Random(players)
    fallbacks = pos.fallbacks[0]
    changed = 0
    states = _hands(game, 12, players)[::2]
    for state in states:
        p = state.current_player()
        sample = pos.resample(state, p, rng)
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.current_player() == p
        assert sample.legal_actions() == state.legal_actions()
        assert sample.observation_tensor(p) == state.observation_tensor(p)
        assert sample.env.hand.palaces[p] == state.env.hand.palaces[p]
        own = _own_history(game, state.history(), p)
        assert _own_history(game, sample.history(), p) == own  # perfect recall
        changed += sample.env.hand.palaces != state.env.hand.palaces
    assert pos.fallbacks[0] == fallbacks
    assert changed >= len(states) // 2
    # what the bot calls by default, with OpenSpiel's clock-seeded sampler
    state = states[-1]
    p = state.current_player()
    sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(p) == state.information_state_string(p)


def test_resampling_needs_a_decision_node() -> None:
    state = _load().new_initial_state()
    with pytest.raises(ValueError, match="decision node"):
        pos.resample(state, 0, random.Random(0))


# ------------------------------------------------------------------ the examples


def _example(name: str) -> ModuleType:
    return load_script(EXAMPLES / f"{name}.py")


@pytest.mark.parametrize(("players", "betting"), [(2, "limit"), (3, "no-limit")])
def test_ismcts_example_plays_whole_hands_against_random(
    players: int, betting: str, capsys: pytest.CaptureFixture[str]
) -> None:
    result = _example("openspiel_ismcts").main(
        players=players, games=3 * players, simulations=30, betting=betting
    )
    out = capsys.readouterr().out
    assert "ISMCTS (30 simulations) vs random" in out
    assert "mean return" in out
    assert result["games"] == 3 * players
    assert result["decisions"] >= 3 * players
    assert -20 <= result["mean_return"] <= 20 * (players - 1)
    assert 0.0 <= result["win_rate"] <= 1.0
    assert result["fallbacks"] == 0


def test_mccfr_example_trains_and_plays_against_random(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = _example("openspiel_mccfr").main(iterations=2000, games=400)
    out = capsys.readouterr().out
    assert "2000 iterations" in out
    assert "average policy vs random" in out
    assert result["infostates"] > 2000
    assert -8 <= result["mean_return"] <= 8
    assert result["train_seconds"] < 60
