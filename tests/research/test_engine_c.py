"""The hand engine in C (``palace_poker._enginec``, built by ``env/fast.py``) is
:class:`~palace_poker.env.state.EnvState`, node for node.

Random hands are stepped in both side by side, each taking the same random legal
id or random chance outcome (chosen from EnvState's lists), over the standard
game, the presets ``short-deck``, ``quick``, ``tiny`` and ``small``, and random
variants (every deck, palace, soldiers, group and reading), 2 to 10 players (as
many as the variant's deck serves), limit and no-limit with every raise cap,
stacks from one small bet (all-in at the ante) up to a thousand. At every node
both give the same ``current_player``, ``chance_outcomes`` and
``legal_actions``; at the end the same ``returns``; and at some nodes, and at the
end, every seat's view is its :class:`~palace_poker.observation.Observation`
field for field (its palace, the palaces shown to it, the known discards and
known stock, soldiers, banners, chips, who is in the hand, the battle, ...).

A third of the hands are played by uniformly random ids, a third by players who
rarely fold (battles, captures, quiet rounds and showdowns come often), a third by
players who buy whenever they can (the stock runs out, and the discard pile is
shuffled into it); the tests also check that each kind of ending and that reshuffle
happen in the hands compared, so that none of it goes untested. About 13,500 hands
and 600,000 nodes are compared.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

pytest.importorskip("palace_poker._enginec")

from palace_poker import Rules
from palace_poker._enginec import Hand
from palace_poker.encoding.ids import BUY, FOLD
from palace_poker.env.fast import new_hand
from palace_poker.env.state import CHANCE, TERMINAL, EnvState
from palace_poker.errors import ConfigError
from palace_poker.presets import preset
from random_hands import family_variant, random_table, styled_choice

#: The fields of a seat's Observation that the C hand's view gives.
VIEW_FIELDS = (
    "palace",
    "known_palaces",
    "known_discards",
    "known_stock",
    "soldiers",
    "banners",
    "set_aside",
    "stacks",
    "contributions",
    "pot",
    "in_hand",
    "quiet",
    "stock_size",
    "discard_size",
    "phase",
    "turn",
    "to_act",
    "battle",
    "end",
)

#: Each family of games compared, and how many hands of it.
HANDS = {
    "standard": 3000,
    "short-deck": 1500,
    "quick": 1500,
    "tiny": 1500,
    "small": 1500,
    "random": 4500,
}


@dataclass
class Tally:
    """What the compared hands went through (so that a test sees it was tested)."""

    hands: int = 0
    steps: int = 0
    views: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    players: set[int] = field(default_factory=set)
    known_stock: int = 0
    all_in: int = 0


def _same_views(state: EnvState, hand: Hand, tally: Tally, where: str) -> None:
    seats: list[int | None] = [*range(hand.n), None]  # (None: a spectator)
    for seat in seats:
        observation = state.hand.observe(seat)
        view = hand.view(seat)
        for name in VIEW_FIELDS:
            assert view[name] == getattr(observation, name), (where, seat, name)
        tally.known_stock += bool(observation.known_stock)
        tally.views += 1


def _compare(seed: int, family: str, tally: Tally) -> None:
    """Step one random hand in EnvState and in C; assert they agree at every node."""
    rng = random.Random(seed)
    rules, stacks, dealer = random_table(rng, family)
    policy = seed % 3  # 0: uniform; 1: rarely folds; 2: buys when it can
    state = EnvState.new(rules, stacks, dealer=dealer)
    hand = new_hand(rules, stacks, dealer=dealer)
    taken: list[int] = []
    while True:
        where = f"{family} seed {seed}: {rules!r}, stacks {stacks}, dealer {dealer}, ids {taken}"
        player = state.current_player()
        assert hand.current_player() == player, where
        assert hand.is_terminal() == (player == TERMINAL), where
        if player == TERMINAL:
            break
        if rng.random() < 0.1:
            _same_views(state, hand, tally, where)
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert hand.chance_outcomes() == outcomes, where
            assert hand.legal_actions() == [], where
            action = rng.choice(outcomes)[0]
        else:
            legal = state.legal_actions()
            assert hand.legal_actions() == legal, where
            assert hand.chance_outcomes() == [], where
            action = styled_choice(rng, legal, policy, FOLD, BUY)
        taken.append(action)
        state.apply(action)
        hand.apply(action)
    assert hand.returns() == state.returns(), where
    assert sum(hand.returns()) == 0.0, where
    _same_views(state, hand, tally, where)
    result = state.hand.result
    assert result is not None
    tally.hands += 1
    tally.steps += len(taken)
    tally.ends[result.end] += 1
    tally.players.add(len(stacks))
    tally.all_in += any(stack == 0 for stack in result.stacks)


@pytest.mark.rule("R-TURN-2")
@pytest.mark.rule("R-BANNER-2")
@pytest.mark.rule("R-BUY-2")
@pytest.mark.rule("R-BET-5")
@pytest.mark.rule("R-CMP-1")
@pytest.mark.rule("R-END-5")
@pytest.mark.rule("R-POT-2")
@pytest.mark.rule("R-INFO-3")
@pytest.mark.parametrize("family", list(HANDS))
def test_the_c_hand_steps_as_envstate(family: str) -> None:
    tally = Tally()
    for seed in range(HANDS[family]):
        _compare(seed, family, tally)
    assert tally.hands == HANDS[family]
    # The hands compared reach every way a hand ends (R-END-1, R-END-2, R-END-4; a
    # tie, R-CMP-3, needs equal hands, which the small decks make often), reshuffle
    # the discard pile into the stock (R-BUY-2: cards some seats can name come back;
    # tiny's six cards are all dealt, and its last two battle at once, V-END-3), and
    # end with players all-in (R-POT-2).
    ends = {"last", "same-suit", "showdown"}
    if family in ("tiny", "small", "random"):
        ends.add("tie")
    assert set(tally.ends) == ends, tally.ends
    assert (tally.known_stock > 0) == (family != "tiny")
    assert tally.all_in > 0
    assert tally.views > tally.hands


@pytest.mark.rule("R-BANNER-1")
@pytest.mark.parametrize("players", range(2, 11))
def test_every_table_size_of_the_standard_game(players: int) -> None:
    tally = Tally()
    seeds = 0
    seed = 0
    while seeds < 40:  # forty hands of this size, both structures
        rng = random.Random(seed)
        _, stacks, _ = random_table(rng, "standard")
        if len(stacks) == players:
            _compare(seed, "standard", tally)
            seeds += 1
        seed += 1
    assert tally.players == {players}


@pytest.mark.rule("V-CMP-1")
@pytest.mark.rule("V-BET-2")
@pytest.mark.rule("V-FOLD-1")
@pytest.mark.rule("V-END-3")
@pytest.mark.rule("V-BUY-3")
@pytest.mark.rule("V-PALACE-1")
@pytest.mark.rule("V-BANNER-1")
def test_random_variants_cover_every_reading() -> None:
    """The random variants compared take each reading both ways."""
    readings: Counter[tuple[str, str]] = Counter()
    for seed in range(HANDS["random"]):
        variant = family_variant(random.Random(seed), "random")
        for name in ("struck", "entry", "fold", "last_two"):
            readings[(name, getattr(variant, name))] += 1
    assert len(readings) == 8, readings


@pytest.mark.rule("R-TURN-2")
def test_a_clone_is_independent_and_an_illegal_id_changes_nothing() -> None:
    rng = random.Random(7)
    rules = Rules.of(5, betting="no-limit")
    state = EnvState.new(rules, [200, 150, 300, 80], dealer=1)
    hand = new_hand(rules, [200, 150, 300, 80], dealer=1)
    branches = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = rng.choice(state.chance_outcomes())[0]
            with pytest.raises(ValueError, match="not a card left"):
                hand.apply(60)
        else:
            legal = state.legal_actions()
            illegal = next(a for a in range(70) if a not in legal)
            with pytest.raises(ValueError, match="not legal"):
                hand.apply(illegal)
            assert hand.legal_actions() == legal
            # A branch of each, stepped apart: each stays the other's twin.
            copy, twin = hand.clone(), state.clone()
            other = rng.choice(legal)
            copy.apply(other)
            twin.apply(other)
            assert copy.current_player() == twin.current_player()
            assert copy.legal_actions() == twin.legal_actions()
            assert copy.chance_outcomes() == twin.chance_outcomes()
            branches += 1
            action = rng.choice(legal)
        state.apply(action)
        hand.apply(action)
        assert hand.current_player() == state.current_player()
        assert hand.legal_actions() == state.legal_actions()
    assert branches > 3
    assert hand.returns() == state.returns()
    with pytest.raises(ValueError, match="over"):
        hand.apply(0)


@pytest.mark.rule("R-ANTE-2")
def test_new_hand_refuses_what_envstate_refuses() -> None:
    with pytest.raises(ConfigError) as players:
        new_hand(Rules.of(10), [100, 0], dealer=0)
    assert players.value.code == "invalid_players"
    with pytest.raises(ConfigError) as dealer:
        new_hand(Rules.of(10), [100, 100], dealer=2)
    assert dealer.value.code == "invalid_players"
    with pytest.raises(ConfigError) as deck:
        new_hand(Rules.of(1, variant=preset("tiny").variant), [5] * 4, dealer=0)
    assert deck.value.code == "invalid_variant"
    with pytest.raises(ValueError, match="not dealt"):  # __init__ never ran: no table
        Hand.__new__(Hand).legal_actions()
