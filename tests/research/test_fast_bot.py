"""The fast bot (issue 33): a network over the environments' ids that plays a legal
action at every table and variant, reads only its own observation, and is the
registry's bot and agent ``fast`` (refused with the extra to install without NumPy);
and ``id_steps``, which turns a bot's decision into the ids a policy would play (the
examples the network learned from)."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from palace_poker import Hand, SeededShuffle
from palace_poker.actions import Verb
from palace_poker.bots import make_bot
from palace_poker.bots.fast import FEATURES, FastBot, Network, battle_features, shipped
from palace_poker.bots.reading import Reading
from palace_poker.encoding.steps import same_action
from palace_poker.env import observe
from palace_poker.env.agents import make_agent
from palace_poker.env.evaluate import rules_of
from palace_poker.env.policy_bot import IdPolicy, PolicyBot, id_steps
from palace_poker.errors import ConfigError, IllegalActionError
from palace_poker.variant import Variant
from random_hands import random_table

FAMILIES = ("standard", "tiny", "short-deck", "quick", "random")


def _replaying(ids: list[int]) -> IdPolicy:
    chosen = iter(ids)
    return lambda _vector, _mask: next(chosen)


@pytest.mark.rule("R-BET-1", "R-BET-2", "R-BET-5", "R-DISC-1", "R-BUY-3")
def test_id_steps_are_the_ids_a_policy_plays_to_make_the_bots_action() -> None:
    rng = random.Random(33)
    checked = near = 0
    for index in range(120):
        rules, stacks, dealer = random_table(rng, FAMILIES[index % len(FAMILIES)])
        hand = Hand.deal(rules, stacks, dealer=dealer, shuffle=SeededShuffle(index))
        kinds = [rng.choice(["random", "easy", "medium"]) for _ in range(hand.n)]
        bots = [make_bot(kind, index + seat) for seat, kind in enumerate(kinds)]
        while hand.to_act is not None:
            seat = hand.to_act
            view = hand.observe(seat)
            action = bots[seat].act(view)
            steps = id_steps(view, action)
            replayed = PolicyBot(_replaying([step[2] for step in steps])).act(view)
            for vector, mask, step in steps:
                assert mask[step] == 1
                assert vector.shape == (observe.SIZE,)
            if not same_action(replayed, action):  # a set of cards in any order
                # a no-limit amount between the sizes the ids offer: the nearest
                assert replayed._replace(amount=None) == action._replace(amount=None)
                assert action.verb in (Verb.BET, Verb.RAISE)
                assert rules.betting == "no-limit"
                near += 1
            checked += 1
            hand.apply(action)
    assert checked > 1500
    assert near < checked // 10


def test_id_steps_refuse_an_action_no_id_makes() -> None:
    hand = Hand.deal(rules_of("limit"), [2000, 2000], dealer=0, shuffle=SeededShuffle(1))
    view = hand.observe(hand.to_act)
    foreign = make_bot("random", 1).act(view)._replace(verb=Verb.CALL)
    with pytest.raises(IllegalActionError) as error:
        id_steps(view, foreign)
    assert error.value.code == "illegal_action"


@pytest.mark.rule("R-INFO-1", "R-TURN-1")
def test_the_fast_bot_plays_a_legal_action_at_every_table_and_variant() -> None:
    rng = random.Random(7)
    decisions = 0
    for index in range(60):
        rules, stacks, dealer = random_table(rng, FAMILIES[index % len(FAMILIES)])
        hand = Hand.deal(rules, stacks, dealer=dealer, shuffle=SeededShuffle(index))
        bots = [FastBot(seed=index * 10 + seat) for seat in range(hand.n)]
        for _ in range(5_000):
            if hand.to_act is None:
                break
            seat = hand.to_act
            action = bots[seat].act(hand.observe(seat))
            assert hand.can(action)
            hand.apply(action)
            decisions += 1
        assert hand.over, f"hand {index} did not end in 5,000 decisions"
    assert decisions > 300


def test_the_network_plays_heads_up_in_the_standard_game_and_medium_elsewhere() -> None:
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    for index in range(80):
        family = FAMILIES[index % len(FAMILIES)] if index % 3 else "standard"
        rules, stacks, dealer = random_table(rng, family)
        if index % 3 == 0:
            stacks = stacks[:2]
            dealer %= 2
        hand = Hand.deal(rules, stacks, dealer=dealer, shuffle=SeededShuffle(index))
        view = hand.observe(hand.to_act)
        network = FastBot.plays_network(view)
        assert network == (hand.n == 2 and rules.variant == Variant())
        seen[network] += 1
        if not network:
            assert FastBot(seed=index).act(view) == make_bot("medium", index).act(view)
    assert min(seen.values()) > 10


def test_the_same_seed_makes_the_same_decisions() -> None:
    def play(seed: int) -> list[object]:
        hand = Hand.deal(rules_of("no-limit"), [2000, 2000], dealer=0, shuffle=SeededShuffle(4))
        bots = [FastBot(seed=seed), FastBot(seed=seed + 1)]
        while hand.to_act is not None:
            hand.apply(bots[hand.to_act].act(hand.observe(hand.to_act)))
        return list(hand.actions)

    assert play(1) == play(1)
    assert any(play(s) != play(1) for s in range(2, 12))


def test_the_fast_agent_is_the_registrys_bot_and_the_shipped_network() -> None:
    for bot in (make_agent("fast", 3), make_bot("fast", 3)):
        assert isinstance(bot, FastBot)
        assert bot.name == "fast"
    network = shipped()
    assert network.inputs == observe.SIZE + FEATURES
    assert network.layers[-1][0].shape[1] == 70


def test_without_numpy_the_registry_names_the_extra_that_brings_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bare install's case, in this process: NumPy cannot be imported, so the
    registry refuses to build the bot with the extra to install (every command that
    would seat it shows this refusal; tests/terminal/test_bare_install.py runs one)."""
    monkeypatch.delitem(sys.modules, "palace_poker.bots.fast")
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ConfigError) as refused:
        make_bot("fast", 1)
    assert refused.value.code == "backend_unavailable"
    assert "pip install 'palace-poker[fast]'" in str(refused.value)
    assert refused.value.details == {"library": "numpy", "extra": "fast"}


def test_another_missing_module_is_a_defect_raised_as_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(sys.modules, "palace_poker.bots.fast")
    monkeypatch.setitem(sys.modules, "palace_poker.encoding.arrays", None)
    with pytest.raises(ModuleNotFoundError):
        make_bot("fast", 1)


def test_the_network_is_its_layers_in_numpy() -> None:
    rng = np.random.default_rng(2)
    arrays = {
        "mean": rng.normal(size=4).astype(np.float32),
        "scale": rng.uniform(size=4).astype(np.float32),
        "w0": rng.normal(size=(4, 3)).astype(np.float32),
        "b0": rng.normal(size=3).astype(np.float32),
        "w1": rng.normal(size=(3, 2)).astype(np.float32),
        "b1": rng.normal(size=2).astype(np.float32),
    }
    network = Network(arrays)
    x = rng.normal(size=4).astype(np.float32)
    hidden = np.maximum((x - arrays["mean"]) * arrays["scale"] @ arrays["w0"] + arrays["b0"], 0)
    assert np.allclose(network.logits(x), hidden @ arrays["w1"] + arrays["b1"], atol=1e-5)
    assert network.inputs == 4


@pytest.mark.rule("R-CMP-1")
def test_battle_features_are_the_readings_odds_and_zero_for_seats_out_of_the_hand() -> None:
    rng = random.Random(9)
    for index in range(30):
        rules, stacks, dealer = random_table(rng, "standard")
        hand = Hand.deal(rules, stacks, dealer=dealer, shuffle=SeededShuffle(index))
        bots = [make_bot("medium", index + s) for s in range(hand.n)]
        while hand.to_act is not None:
            seat = hand.to_act
            view = hand.observe(seat)
            features = battle_features(view, random.Random(index))
            reading = Reading(view, random.Random(index), 32)
            for offset in range(1, hand.n):
                other = (seat + offset) % hand.n
                odds = features[2 * (offset - 1)]
                if view.in_hand[other]:
                    assert odds == pytest.approx(reading.battle_odds(other))
                else:
                    assert odds == 0
                    assert features[2 * offset - 1] == 0
            assert not features[2 * (hand.n - 1) :].any()
            hand.apply(bots[seat].act(view))
