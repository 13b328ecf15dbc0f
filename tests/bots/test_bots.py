"""Bots: legal over random hands of 2-10 players in both structures, reproducible from
their seeds, acting from one seat's observation only, and within their budgets.

The Monte Carlo bot is tested with small budgets (and once with its registered
default) to keep the file fast. No test asserts a win rate: strength is measured by
hand (docs/bots.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from palace_poker import (
    Action,
    ConfigError,
    Hand,
    IllegalActionError,
    Observation,
    Rules,
    SeededShuffle,
    Verb,
)
from palace_poker.bots import (
    BOTS,
    Bot,
    HeuristicBot,
    HeuristicParams,
    ISMCTSBot,
    MonteCarloBot,
    RandomBot,
    make_bot,
)
from palace_poker.bots.reading import Reading, unseen_cards
from palace_poker.config import Betting
from palace_poker.determinize import determinize
from palace_poker.game import Game
from random_hands import deal

MakeBot = Callable[[int], Bot]


def quick_montecarlo(seed: int) -> Bot:
    """The Monte Carlo bot with a small budget (the tests' stand-in)."""
    return MonteCarloBot(seed=seed, samples=3, steps=150, rollout_samples=2)


def quick_ismcts(seed: int) -> Bot:
    """The search bot with a small budget (the tests' stand-in)."""
    return ISMCTSBot(seed=seed, iterations=12, rollout_samples=2)


def registered(name: str) -> MakeBot:
    """A registered bot kind, as the tests build it (the searching ones with a small
    budget: their full budgets are tested in test_bot_specs and test_bot_ismcts)."""
    if name in ("montecarlo", "hard"):
        return quick_montecarlo
    if name in ("ismcts", "expert"):
        return quick_ismcts
    return lambda seed: make_bot(name, seed)


#: Every registered bot, by name, as the tests build it.
FACTORIES: dict[str, MakeBot] = {name: registered(name) for name in BOTS}


def play(hand: Hand, bots: list[Bot]) -> int:
    """Play the hand out, checking that each bot's action is legal before applying
    it; return the number of decisions."""
    decisions = 0
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        view = hand.observe(seat)
        action = bots[seat].act(view)
        assert action.seat == seat
        assert hand.can(action), f"{bots[seat].name} chose {action} in {hand.to_record()}"
        hand.apply(action)
        decisions += 1
        assert decisions < 5000
    return decisions


def test_every_registered_bot_is_tested() -> None:
    assert set(FACTORIES) == set(BOTS) >= {"random", "heuristic", "montecarlo"}


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_plays_only_legal_actions_at_every_table_size_in_both_structures(name: str) -> None:
    # test_properties.deal: 2-10 players, random stakes, raise caps and stacks
    # (short stacks included, so all-ins happen), limit and no-limit.
    factory = FACTORIES[name]
    hands = 10 if name in ("montecarlo", "hard", "ismcts", "expert") else 60
    sizes, structures = set(), set()
    for seed in range(hands):
        hand = deal(1000 + seed)
        sizes.add(hand.n)
        structures.add(hand.rules.betting)
        play(hand, [factory(seed * 10 + seat) for seat in range(hand.n)])
    assert structures == {"limit", "no-limit"}
    assert len(sizes) >= 5


def test_bots_of_every_kind_play_legally_at_one_table() -> None:
    names = sorted(FACTORIES)
    for seed in range(30):
        hand = deal(5000 + seed)
        play(hand, [FACTORIES[names[(seed + s) % len(names)]](seed + s) for s in range(hand.n)])


@pytest.mark.parametrize("betting", ["limit", "no-limit"])
def test_the_registered_montecarlo_bot_plays_legally_and_reproducibly(betting: Betting) -> None:
    # Its default budget counts worlds and simulated decisions, not time.
    played = []
    for _ in range(2):
        hand = Hand.deal(
            Rules.of(10, betting=betting), [300] * 4, dealer=0, shuffle=SeededShuffle(11)
        )
        bots = [make_bot(name, seed) for seed, name in enumerate(["montecarlo", "heuristic"] * 2)]
        assert play(hand, bots) > 0
        played.append(hand.to_record())
    assert played[0] == played[1]


def record_of_game(
    factory: Callable[[int], Bot], seed: int, betting: Betting, most_hands: int = 6
) -> list[Any]:
    """Play a short game of four seats (at most ``most_hands`` hands); return its
    hand records."""
    rules = Rules.of(10, betting=betting)
    game = Game(rules, [(f"P{i}", 150) for i in range(4)], shuffle=SeededShuffle(seed))
    bots = [factory(seed * 7 + i) for i in range(4)]
    hands = 0
    while not game.over and hands < most_hands:
        hand = game.start_hand()
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(bots[game.table_seat(seat)].act(hand.observe(seat)))
        game.finish_hand()
        hands += 1
    return game.records


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("betting", ["limit", "no-limit"])
def test_the_same_seed_gives_the_same_game(name: str, betting: Betting) -> None:
    factory = FACTORIES[name]
    most = 3 if name == "montecarlo" else 6
    first = record_of_game(factory, 3, betting, most)
    assert record_of_game(factory, 3, betting, most) == first
    assert any(record["actions"] for record in first)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_different_seeds_may_differ_but_each_is_reproducible(name: str) -> None:
    # Over a few seeds, some seed changes some decision (the bots are not constant).
    factory = FACTORIES[name]
    games = [record_of_game(factory, seed, "no-limit", 2) for seed in (1, 2, 3)]
    actions = {str([record["actions"] for record in game]) for game in games}
    assert len(actions) > 1


def mid_hand(seed: int, steps: int, n: int = 4) -> Hand:
    """A no-limit hand after up to ``steps`` random decisions other than folds."""
    rng = random.Random(seed)
    hand = Hand.deal(
        Rules.of(10, betting="no-limit"), [400] * n, dealer=0, shuffle=SeededShuffle(seed)
    )
    for _ in range(steps):
        if hand.over:
            break
        options = hand.legal_options()
        option = rng.choice([o for o in options if o.verb is not Verb.FOLD] or options)
        if option.min_amount is not None:
            hand.apply(option.action(amount=option.min_amount))
        else:
            hand.apply(option.action(cards=option.cards[: option.min_cards]))
    return hand


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_decide_from_the_observation_alone(name: str) -> None:
    # A world that differs from the real hand in every card the seat cannot see,
    # but shows it the same observation, gets the same decision from the same seed:
    # nothing but the observation reaches the bot.
    checked = 0
    for seed in range(12):
        hand = mid_hand(seed, seed % 6)
        if hand.over:
            continue
        seat = hand.to_act
        assert seat is not None
        view = hand.observe(seat)
        world = determinize(view, random.Random(seed))
        assert world.observe(seat) == view
        others = [s for s in range(hand.n) if s != seat and hand.in_hand[s]]
        if all(world.palaces[s] == hand.palaces[s] for s in others):
            continue
        assert FACTORIES[name](seed).act(view) == FACTORIES[name](seed).act(world.observe(seat))
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_refuses_a_view_without_its_decision(name: str) -> None:
    """Every registered bot, the random one included (it had failed with an
    IndexError on a spectator's empty options)."""
    hand = Hand.deal(Rules.of(10), [200] * 3, dealer=0, shuffle=SeededShuffle(2))
    bot = FACTORIES[name](1)
    spectator = hand.observe(None)
    waiting = hand.observe(((hand.to_act or 0) + 1) % hand.n)
    for view in (spectator, waiting):
        with pytest.raises(IllegalActionError) as refused:
            bot.act(view)
        assert refused.value.code == "not_your_turn"


def test_a_spectators_view_has_nothing_to_read() -> None:
    hand = Hand.deal(Rules.of(10), [200] * 3, dealer=0, shuffle=SeededShuffle(2))
    with pytest.raises(ValueError, match="spectator"):
        Reading(hand.observe(None), random.Random(1), 8)


@pytest.mark.parametrize(
    ("budget", "most_worlds"),
    [
        ({"samples": 1}, 1),
        ({"samples": 3}, 3),
        ({"samples": 50, "steps": 1}, 1),  # the first world already used the steps
        ({"samples": 10_000, "steps": None, "time_ms": 0.001}, 1),  # so did the time
        ({"samples": 2, "targets": 1, "rollout_samples": 1}, 2),
    ],
)
def test_montecarlo_budgets_are_respected(budget: dict[str, Any], most_worlds: int) -> None:
    searched = 0
    for seed in range(8):
        hand = mid_hand(seed, seed % 4, n=5)
        if hand.over or hand.phase == "trim":
            continue
        bot = MonteCarloBot(seed=seed, **budget)
        action = bot.act(hand.observe(hand.to_act))
        assert hand.can(action)
        if bot.last_samples:  # not a decision with a single candidate
            searched += 1
            assert 1 <= bot.last_samples <= most_worlds
    assert searched >= 3


def test_the_step_budget_bounds_the_simulation() -> None:
    hand = mid_hand(4, 0, n=6)
    view = hand.observe(hand.to_act)
    generous = MonteCarloBot(seed=1, samples=20, steps=None)
    generous.act(view)
    assert generous.last_samples == 20
    per_world = generous.last_steps / 20
    bounded = MonteCarloBot(seed=1, samples=20, steps=int(per_world * 5))
    bounded.act(view)
    assert 1 <= bounded.last_samples < 20
    assert bounded.last_steps <= per_world * 5 * 1.5


def test_montecarlo_considers_the_best_targets_and_no_limit_amounts() -> None:
    hand = mid_hand(9, 0, n=6)
    view = hand.observe(hand.to_act)
    bot = MonteCarloBot(seed=1, targets=2)
    candidates = bot.candidates(view)
    verbs = [action.verb for action in candidates]
    assert Verb.STAY in verbs
    assert Verb.BUY in verbs
    assert Verb.FOLD not in verbs  # folding on one's turn never gains
    plain = {a.target for a in candidates if a.verb is Verb.BET and a.amount is None}
    assert len(plain) == 2
    opening = [a for a in candidates if a.verb is Verb.BET and a.amount is not None]
    assert opening
    assert {a.target for a in opening} <= plain
    assert all(hand.can(action) for action in candidates)


def test_a_heuristic_with_one_sample_still_plays_legally() -> None:
    for seed in range(10):
        hand = deal(300 + seed)
        play(hand, [HeuristicBot(seed=seat, samples=1) for seat in range(hand.n)])


def test_the_heuristic_keeps_at_most_five_soldiers_and_the_useful_ones() -> None:
    # After a capture the army may exceed five: the trim must bring it back.
    for seed in range(40):
        hand = deal(7000 + seed)
        bots = [HeuristicBot(seed=seat) for seat in range(hand.n)]
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            view = hand.observe(seat)
            action = bots[seat].act(view)
            hand.apply(action)
            if action.verb is Verb.TRIM:
                assert len(hand.soldiers[seat]) <= 5


def test_the_heuristic_attacks_the_weakest_target_with_good_odds() -> None:
    # Ranked by the bot's own reading of the view: its bet, if any, names the target
    # with the best odds.
    attacks = 0
    for seed in range(60):
        hand = mid_hand(seed, 0, n=5)
        view = hand.observe(hand.to_act)
        action = HeuristicBot(seed=seed).act(view)
        if action.verb is Verb.BET:
            attacks += 1
            reading = Reading(view, random.Random(0), 400)
            targets = {o.target for o in view.options if o.verb is Verb.BET}
            best = max(reading.battle_odds(t) for t in targets if t is not None)
            assert action.target is not None
            assert reading.battle_odds(action.target) >= best - 0.15
            assert reading.battle_odds(action.target) >= HeuristicParams().attack - 0.15
    assert attacks > 0


def test_a_palace_shown_to_the_viewer_gives_exact_odds() -> None:
    hand = mid_hand(3, 2, n=3)
    seat = hand.to_act
    assert seat is not None
    view = hand.observe(seat)
    target = next(s for s in range(hand.n) if s != seat and view.in_hand[s])
    shown = view._replace(known_palaces={target: hand.palaces[target]})
    assert not set(unseen_cards(shown)) & set(hand.palaces[target])
    odds = Reading(shown, random.Random(0), 5).battle_odds(target)
    assert odds in (0.0, 0.5, 1.0)
    assert odds == Reading(shown, random.Random(1), 50).battle_odds(target)


def test_unseen_cards_are_exactly_the_cards_the_viewer_cannot_place() -> None:
    hand = mid_hand(5, 12)
    seat = hand.to_act if hand.to_act is not None else 0
    view: Observation = hand.observe(seat)
    unseen = set(unseen_cards(view))
    assert not unseen & set(view.palace)
    assert not unseen & set(view.banners)
    for other in range(hand.n):
        if other != seat and hand.in_hand[other] and other not in view.known_palaces:
            assert set(hand.palaces[other]) <= unseen


def test_an_unknown_bot_name_is_refused() -> None:
    with pytest.raises(ConfigError) as refused:
        make_bot("oracle", seed=1)
    assert refused.value.code == "unknown_bot"
    assert "heuristic" in refused.value.message


def test_facing_a_bet_montecarlo_samples_worlds_that_explain_it() -> None:
    # Seat 1 attacks seat 0 at once. In seat 0's worlds the attacker's own reading
    # of its odds (with the bot's Reading of 8 samples) should mostly reach
    # infer_at; blind sampling reaches it far less often.
    hand = Hand.deal(Rules.of(10), [500, 500, 500], dealer=2, shuffle=SeededShuffle(21))
    assert hand.to_act == 0
    hand.apply("0 stay")
    hand.apply("1 bet 0")
    view = hand.observe(0)

    def explained(bot: MonteCarloBot) -> float:
        count = 0
        for _ in range(100):
            seed, world = bot.sample_world(view)
            assert world.observe(0) == view
            odds = Reading(world.observe(1), random.Random(seed), 8).battle_odds(0)
            count += odds >= bot.infer_at
        return count / 100

    informed = explained(MonteCarloBot(seed=1))
    blind = explained(MonteCarloBot(seed=1, infer_tries=1))
    assert informed > blind + 0.2


@pytest.mark.parametrize("base", [RandomBot, HeuristicBot, MonteCarloBot])
def test_a_shipped_bot_can_be_subclassed_in_every_build(base: type[Any]) -> None:
    # The bot classes stay Python even in compiled installs (docs/bots.md): a class
    # compiled by mypyc could not be subclassed.
    class Tweaked(base):  # type: ignore[misc]
        chosen = 0

        def act(self, view: Observation) -> Action:
            Tweaked.chosen += 1
            action: Action = super().act(view)
            return action

    hand = Hand.deal(Rules.of(10), [200, 200, 200], dealer=0, shuffle=SeededShuffle(4))
    bot = Tweaked(seed=1)
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(bot.act(hand.observe(seat)))
    assert Tweaked.chosen == len(hand.actions)
