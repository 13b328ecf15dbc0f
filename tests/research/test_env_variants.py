"""The research environments play every variant (issue 32): a ``variant`` parameter
of each (a preset's name or a ``Variant``; OpenSpiel: ``variant=NAME`` and one
parameter a field), the standard game by default.

Checked here: the libraries' own checks for the ``tiny``, ``small`` and
``short-deck`` presets (PettingZoo's ``api_test``, Gymnasium's ``check_env``,
OpenSpiel's ``random_sim_test`` with serialization, also for a variant of seven
soldiers, four palace cards and the other readings); chance outcomes are the
variant's deck only; card choices reach the variant's soldiers and every legal
action still has ids; ISMCTS's resampler deals a variant's palaces from its deck;
the stock's size is read against the variant's deck; bad variants are refused with
``invalid_variant``.
"""

from __future__ import annotations

import itertools
import random
import warnings
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # type: ignore[import-untyped]  # noqa: E402

from palace_poker import Rules  # noqa: E402
from palace_poker.encoding.ids import BUY, CARD_BASE, DONE, FOLD, MAX_SEATS  # noqa: E402
from palace_poker.env import observe  # noqa: E402
from palace_poker.env import openspiel as pos  # noqa: E402
from palace_poker.env.gymnasium import ENV_ID, PalacePokerEnv  # noqa: E402
from palace_poker.env.pettingzoo import env as pettingzoo_env  # noqa: E402
from palace_poker.env.state import CHANCE, EnvState, research_rules  # noqa: E402
from palace_poker.errors import ConfigError  # noqa: E402
from palace_poker.presets import preset  # noqa: E402
from palace_poker.variant import STANDARD, Variant  # noqa: E402

#: Each preset checked, with the players it is checked at (tiny deals three at most).
PRESET_TABLES = [("tiny", 2), ("tiny", 3), ("small", 2), ("small", 4), ("short-deck", 3)]


# ------------------------------------------------------------------ the libraries' checks


@pytest.mark.rule("V-CARD-1")
@pytest.mark.parametrize(("name", "players"), PRESET_TABLES)
def test_pettingzoos_api_test_passes_for_the_presets(
    name: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    with warnings.catch_warnings():
        # The two warnings api_test gives any Dict observation (test_env_pettingzoo.py).
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(pettingzoo_env(num_players=players, variant=name), num_cycles=1000)
    assert capsys.readouterr().out.splitlines() == ["Starting API test", "Passed API test"]


@pytest.mark.rule("V-CARD-1")
@pytest.mark.parametrize(("name", "players"), PRESET_TABLES)
def test_gymnasiums_checker_passes_for_the_presets(name: str, players: int) -> None:
    env = gymnasium.make(ENV_ID, num_players=players, variant=name)
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, PalacePokerEnv)
    check_env(unwrapped)
    assert unwrapped.rules.variant == preset(name).variant
    env.close()


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("V-BUY-3")
@pytest.mark.parametrize(
    "params",
    [
        {"variant": "tiny", "players": 2, "small_bet": 1, "ante": 1, "stack": 4},
        {"variant": "tiny", "players": 3},
        {"variant": "small", "players": 2, "betting": "no-limit"},
        {"variant": "small", "players": 4},
        {"variant": "short-deck", "players": 3},
        # the other extremes of the counts, and every other reading
        {"players": 3, "small_bet": 1, "stack": 30, "soldiers": 7, "palace": 4},
        {"players": 4, "struck": "rank", "entry": "attacker", "fold": "captured"},
        {"variant": "quick", "players": 5, "suits": 3, "group": 2, "last_two": "battle"},
    ],
    ids=["tiny-2", "tiny-3", "small-2-nl", "small-4", "short-deck", "7-soldiers", "readings", "q"],
)
def test_openspiels_random_sim_test_passes_for_variants(params: dict[str, Any]) -> None:
    game = pyspiel.load_game(pos.SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)


# ------------------------------------------------------------------ the variant in the game


@pytest.mark.rule("V-CARD-1")
@pytest.mark.parametrize("name", ["tiny", "small", "short-deck"])
def test_chance_outcomes_are_the_variants_deck_only(name: str) -> None:
    variant = preset(name).variant
    deck = set(map(int, variant.deck))
    rng = random.Random(5)
    first = EnvState.new(research_rules(10, variant=name), [200, 200, 200])
    assert [card for card, _ in first.chance_outcomes()] == sorted(deck)
    seen: set[int] = set()
    for _ in range(20):
        state = EnvState.new(research_rules(10, variant=name), [200, 200, 200])
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                outcomes = [card for card, _ in state.chance_outcomes()]
                assert set(outcomes) <= deck
                seen.update(outcomes)
                state.apply(rng.choice(outcomes))
            else:
                state.apply(rng.choice(state.legal_actions()))
    assert seen == deck


def _cards_chosen(state: EnvState, first: int | None = None) -> int:
    """How many cards a choice in progress takes when ``first`` is chosen, then every
    card (lowest first) while any is legal; the choice must then be complete."""
    probe = state.clone()
    chosen = 0
    if first is not None:
        probe.apply(first)
        chosen += 1
        if probe.pending is None:
            return chosen
    while cards := [a for a in probe.legal_actions() if a >= CARD_BASE]:
        probe.apply(cards[0])
        chosen += 1
        if probe.pending is None:  # the choice completed by itself
            return chosen
    probe.apply(DONE)
    assert probe.pending is None
    return chosen


def _round_trips(state: EnvState) -> int:
    """How many engine actions (the first three of each option) were made by their
    ids, each on a copy of ``state``."""
    done = 0
    for option in state.hand.legal_options():
        for action in itertools.islice(option.actions(), 3):
            stepped = state.clone()
            for i in state.encode(action):
                stepped.apply(i)
            assert stepped.pending is None
            done += 1
    return done


@pytest.mark.rule("V-BUY-3")
def test_card_choices_reach_the_variants_soldiers_and_every_action_has_ids() -> None:
    # Seven soldiers kept (V-BUY-3): the players buy whenever they can and keep all
    # they may, so armies grow to seven, and a trim chooses among eight; the ids (a
    # card each, then DONE) name any such set, and every engine action has its ids.
    # A trim that must give up cards offers no card that would end it short.
    rules = Rules.of(1, variant=Variant(soldiers=7))
    rng = random.Random(11)
    most_kept = longest = encoded = forced = 0
    for _ in range(4):
        state = EnvState.new(rules, [60, 60, 60])
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            if state.pending is None:
                encoded += _round_trips(state)
            legal = state.legal_actions()
            calm = [a for a in legal if a < CARD_BASE and a not in (FOLD, DONE)]
            if BUY in legal:
                action = BUY
            elif DONE in legal:
                longest = max(longest, _cards_chosen(state))
                action = DONE
            else:
                action = rng.choice(calm or legal)
            if not calm:  # a trim: every card offered leads to a trim the engine takes
                for card in (a for a in legal if a >= CARD_BASE):
                    assert _cards_chosen(state, card) >= 1
                    forced += 1
            state.apply(action)
            view = state.hand.observe(None)
            if view.phase == "turn":  # every trim done
                most_kept = max(most_kept, *map(len, view.soldiers))
    assert most_kept == 7
    assert 7 <= longest <= 2 * 7 + 1  # beyond the standard game's six
    assert encoded > 100
    assert forced > 10


@pytest.mark.rule("V-PALACE-1")
def test_the_resampler_deals_a_variants_palaces_from_its_deck() -> None:
    game = pyspiel.load_game(pos.SHORT_NAME, {"players": 3, "palace": 2, "ranks": 9})
    deck = set(Variant(palace=2, ranks=9).deck)
    rng = random.Random(3)
    checked = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            player = state.current_player()
            sample = pos.resample(state, player, rng)
            palaces = sample.env.hand.palaces
            assert all(len(cards) == 2 and set(cards) <= deck for cards in palaces)
            assert sample.information_state_string(player) == state.information_state_string(player)
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10
    assert pos.fallbacks[0] == 0


@pytest.mark.rule("V-CARD-1")
def test_the_stock_is_read_against_the_variants_deck() -> None:
    state = EnvState.new(research_rules(10, variant="tiny"), [100, 100])
    rng = random.Random(2)
    while state.current_player() == CHANCE:
        state.apply(rng.choice(state.chance_outcomes())[0])
    view = state.hand.observe(0)
    vector = observe.vector(state, 0)
    at = MAX_SEATS * observe.SEAT_SIZE + 3 * 52
    assert vector[at + 1] == view.stock_size / 6 > 0
    assert max(vector) <= 1.0


# ------------------------------------------------------------------ parameters


def test_the_standard_game_is_the_default() -> None:
    game = pyspiel.load_game(pos.SHORT_NAME)
    assert game.rules == Rules.of(10)
    assert game.rules.variant is STANDARD
    assert game.get_parameters()["variant"] == "standard"
    assert (game.max_game_length(), game.max_chance_nodes_in_history()) == (840, 202)
    assert PalacePokerEnv().rules == Rules.of(10)
    assert research_rules(10) == research_rules(10, variant="standard") == Rules.of(10)


@pytest.mark.rule("V-BUY-3")
def test_openspiel_takes_a_preset_and_changes_its_fields() -> None:
    game = pyspiel.load_game("python_palace_poker(variant=quick,palace=1,struck=rank,players=3)")
    assert game.rules.variant == Variant(palace=1, soldiers=3, struck="rank")
    assert game.rules.max_raises == 1  # the preset's raises a battle
    tiny = pyspiel.load_game("python_palace_poker(variant=tiny,small_bet=1,ante=1,stack=4)")
    assert tiny.rules == research_rules(1, ante=1, variant="tiny")
    assert tiny.max_chance_outcomes() == 52  # card indices of the full deck
    # the bounds follow the soldiers and the palace
    seven = pyspiel.load_game(pos.SHORT_NAME, {"soldiers": 7, "palace": 4})
    assert seven.max_game_length() > pyspiel.load_game(pos.SHORT_NAME).max_game_length()
    assert seven.max_chance_nodes_in_history() == 52 * 3 + 4 * 2 + 2 * 200 // 10


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"variant": "long"}, "no preset 'long'"),
        ({"variant": "tiny", "players": 4}, "deals at most 3 players"),
        ({"palace": 5}, "palace must be a whole number from 1 to 4"),
        ({"soldiers": 8}, "soldiers must be a whole number from 1 to 7"),
        ({"suits": 2, "group": 3}, "group must be at most the number of suits"),
        ({"struck": "banner"}, "struck must be 'suit' or 'rank'"),
    ],
)
def test_openspiel_refuses_a_bad_variant(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message) as refused:
        pos.PalacePokerGame(params)
    assert refused.value.code == "invalid_variant"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variant": "long"}, "no preset 'long'"),
        ({"variant": 3}, "variant must be a preset's name or a Variant"),
        ({"variant": "tiny", "num_players": 4}, "deals at most 3 players"),
    ],
)
def test_pettingzoo_and_gymnasium_refuse_a_bad_variant(
    kwargs: dict[str, Any], message: str
) -> None:
    for make in (pettingzoo_env, PalacePokerEnv):
        with pytest.raises(ConfigError, match=message) as refused:
            make(**kwargs)
        assert refused.value.code == "invalid_variant"


def test_pettingzoo_and_gymnasium_take_a_variant_or_a_presets_name() -> None:
    variant = Variant(palace=2, last_two="battle")
    table = pettingzoo_env(num_players=2, variant=variant)
    table.reset(seed=1)
    assert table.unwrapped.hand_state.hand.rules.variant == variant
    assert PalacePokerEnv(variant="quick").rules.max_raises == 1
    learner = PalacePokerEnv(variant="tiny", small_bet=1, stack=4, seat=0)
    learner.reset(seed=4)
    assert learner.state.hand.rules.variant == preset("tiny").variant
