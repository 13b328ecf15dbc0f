"""Bots by name: budgets after a colon, the levels, and hostile names."""

from __future__ import annotations

from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from palace_poker import Hand, Rules, SeededShuffle
from palace_poker.bots import (
    BOTS,
    BUDGETED,
    EXPERT_PLAYOUTS,
    LEVELS,
    ISMCTSBot,
    MonteCarloBot,
    make_bot,
    offered,
)
from palace_poker.errors import ConfigError

Betting = Literal["limit", "no-limit"]


def play(names: list[str], seed: int, betting: Betting = "limit") -> list[str]:
    hand = Hand.deal(
        Rules.of(10, betting=betting), [2000] * len(names), dealer=0, shuffle=SeededShuffle(seed)
    )
    bots = [make_bot(name, seed * 10 + i) for i, name in enumerate(names)]
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        action = bots[seat].act(hand.observe(seat))
        assert hand.can(action)
        hand.apply(action)
    return [str(action) for action in hand.actions]


def test_a_time_budget_bounds_montecarlo_by_time_only() -> None:
    bot = make_bot("montecarlo:7.5ms", seed=1)
    assert isinstance(bot, MonteCarloBot)
    assert bot.time_ms == 7.5
    assert bot.steps is None
    assert bot.samples >= 10**6


def test_a_count_budget_is_the_number_of_worlds_and_reproducible() -> None:
    bot = make_bot("montecarlo:3", seed=1)
    assert isinstance(bot, MonteCarloBot)
    assert (bot.samples, bot.time_ms, bot.steps) == (3, None, None)
    names = ["montecarlo:3", "random", "montecarlo:3"]
    assert play(names, 4) == play(names, 4)


@pytest.mark.parametrize(
    ("name", "code", "says"),
    [
        ("montecarlo:0ms", "invalid_budget", "got '0ms'"),
        ("montecarlo:nanms", "invalid_budget", "got 'nanms'"),
        ("montecarlo:infms", "invalid_budget", "got 'infms'"),
        ("montecarlo:99999999", "invalid_budget", "got '99999999'"),
        ("montecarlo:-4", "invalid_budget", "got '-4'"),
        ("montecarlo:", "invalid_budget", "got ''"),
        ("montecarlo:fast", "invalid_budget", "got 'fast'"),
        ("heuristic:10ms", "unknown_bot", "'heuristic' takes no budget"),
        ("easy:10ms", "unknown_bot", "'easy' takes no budget"),
        ("oracle:10ms", "unknown_bot", "no bot named 'oracle' takes a budget"),
        ("oracle", "unknown_bot", "no bot named 'oracle'"),
    ],
)
def test_a_bad_name_or_budget_is_refused_with_what_was_wrong(
    name: str, code: str, says: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        make_bot(name)
    assert caught.value.code == code
    assert says in caught.value.message


@pytest.mark.parametrize("name", [True, 3, None, b"random", ["random"]])
def test_a_name_that_is_no_string_is_refused(name: object) -> None:
    with pytest.raises(ConfigError) as caught:
        make_bot(name)  # type: ignore[arg-type]
    assert caught.value.code == "unknown_bot"


@given(st.text(max_size=60))
def test_any_text_makes_a_bot_or_a_clear_refusal(name: str) -> None:
    refusal: ConfigError | None = None
    try:
        bot = make_bot(name, seed=0)
    except ConfigError as err:
        refusal = err
    if refusal is None:
        assert hasattr(bot, "act")
    else:
        assert refusal.code in ("unknown_bot", "invalid_budget")
        assert len(refusal.message) < 400  # the input is clipped in the message


def test_the_levels_are_bots_offered_first_by_strength() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    assert offered()[: len(LEVELS)] == list(LEVELS)
    assert set(offered()) == set(BOTS)
    assert set(BUDGETED) <= set(BOTS)
    for level in LEVELS:
        assert level in BOTS


@pytest.mark.parametrize("betting", ["limit", "no-limit"])
def test_every_level_plays_legal_hands(betting: Betting) -> None:
    for seed in range(3):
        play(list(LEVELS), seed, betting)


def test_expert_is_the_tree_search_with_a_count_of_playouts_and_reproducible() -> None:
    bot = make_bot("expert", seed=1)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.time_ms, bot._mc.inference) == (EXPERT_PLAYOUTS, None, "field")
    # a count, not a time: the same seed plays the same hand on any machine
    names = ["expert", "medium", "hard"]
    assert play(names, 2, "no-limit") == play(names, 2, "no-limit")
