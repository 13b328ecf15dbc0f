"""The compact observation (issue 33) holds exactly what the padded one holds at
its table and in its variant: every entry that is ever non-zero is kept, in order,
and its named groups tile it."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from palace_poker.env import compact, observe
from palace_poker.env.state import CHANCE, EnvState, research_rules
from palace_poker.variant import STANDARD
from random_hands import random_variant


@pytest.mark.rule("R-INFO-1")
def test_the_compact_observation_drops_nothing_that_can_be_seen() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(160):
        variant = rng.choice([None, "tiny", "small", "quick", "short-deck", random_variant(rng)])
        rules = research_rules(10, betting=rng.choice(["limit", "no-limit"]), variant=variant)
        if rules.variant.most_players() < 2:  # a deck too small to deal two
            continue
        n = rng.randint(2, min(rules.variant.most_players(), 10))
        state = EnvState.new(
            rules, [rng.randint(15, 300) for _ in range(n)], dealer=rng.randrange(n)
        )
        shape = compact.layout(n, rules.variant)
        kept = set(shape.index.tolist())
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            seat = state.current_player()
            padded = np.asarray(observe.vector(state, seat), np.float32)
            assert set(np.flatnonzero(padded).tolist()) <= kept
            small = compact.compact(state, seat)
            assert small.shape == (shape.size,)
            assert np.array_equal(small, padded[shape.index])
            assert np.isclose(small.sum(), padded.sum())
            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 1000


def test_the_groups_tile_the_layout_in_order() -> None:
    for players in (2, 3, 10):
        shape = compact.layout(players)
        spans = sorted(shape.groups.values())
        assert spans[0][0] == 0
        assert spans[-1][1] == shape.size
        assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))
        assert all(int(i) < observe.SIZE for i in shape.index)
        assert list(shape.index) == sorted(shape.index)
        assert f"seat{players - 1}.palace" in shape.groups
        assert f"seat{players}.flags" not in shape.groups
        assert shape.groups["seat0.banner"][1] - shape.groups["seat0.banner"][0] == 52
    assert compact.layout(10, STANDARD).size == observe.SIZE  # ten seats, full deck: all
    batch = np.ones((4, observe.SIZE), np.float32)
    assert compact.layout(2).gather(batch).shape == (4, 559)
    with pytest.raises(ValueError, match="players"):
        compact.layout(11)
