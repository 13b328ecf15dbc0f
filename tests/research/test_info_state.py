"""The information state tensor is perfect recall (issue 33): over the whole tree
of the ``tiny`` and ``small`` presets heads-up, two decision nodes give the acting
player the same tensor exactly when they give the same information state string
(the string is perfect recall: OpenSpiel's own full-tree test checks it, and
``benchmarks/small_games.py`` counts its sets). The step blocks are checked
against the history they encode.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from palace_poker.env import observe  # noqa: E402
from palace_poker.env import openspiel as pos  # noqa: E402

STAKES = "players=2,small_bet=1,ante=1,stack=4"


def _decision_nodes(game: Any) -> list[Any]:
    found = []
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
            continue
        found.append(state)
        stack.extend(state.child(a) for a in state.legal_actions())
    return found


@pytest.mark.rule("R-INFO-1")
@pytest.mark.rule("R-INFO-2")
@pytest.mark.parametrize(("preset", "sets"), [("tiny", 1080), ("small", 9216)])
def test_the_tensor_separates_exactly_the_information_states(preset: str, sets: int) -> None:
    game = pyspiel.load_game(f"python_palace_poker(variant={preset},{STAKES})")
    strings: dict[bytes, set[str]] = defaultdict(set)
    tensors: dict[str, set[bytes]] = defaultdict(set)
    for state in _decision_nodes(game):
        player = state.current_player()
        info = state.information_state_string(player)
        tensor = np.asarray(state.information_state_tensor(player), np.float32).tobytes()
        strings[tensor].add(info)
        tensors[info].add(tensor)
    assert len(tensors) == sets
    merged = {t: s for t, s in strings.items() if len(s) > 1}
    split = {i: t for i, t in tensors.items() if len(t) > 1}
    assert not merged, next(iter(merged.values()))  # perfect recall
    assert not split, next(iter(split))  # a function of what the player knows


def _bits(block: list[float], start: int, count: int) -> int:
    return sum(1 << b for b in range(count) if block[start + b] == 1.0)


@pytest.mark.rule("R-PALACE-1")
def test_each_step_block_is_the_step_as_the_player_saw_it() -> None:
    game = pyspiel.load_game(f"python_palace_poker(variant=tiny,{STAKES})")
    state = game.new_initial_state()
    while not state.is_terminal():  # the first legal choice all along
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    history = state.full_history()
    for player in range(2):
        other = 1 - player
        hidden = set(state.env.hand.palaces[other]) - set(
            state.env.hand.observe(player).known_palaces.get(other, ())
        )
        info = state.information_state_tensor(player)
        for k, step in enumerate(history):
            at = observe.SIZE + k * pos.STEP_SIZE
            block = list(info[at : at + pos.STEP_SIZE])
            assert block[0] == 1.0
            who = _bits(block, 1, pos.ACTOR_BITS)
            what = _bits(block, 1 + pos.ACTOR_BITS, pos.OUTCOME_BITS)
            if step.player == pyspiel.PlayerId.CHANCE:
                assert who == 10
                assert what == (122 if step.action in hidden else 70 + step.action)
            else:
                assert who == (step.player - player) % 2
                assert what == step.action
        rest = info[observe.SIZE + len(history) * pos.STEP_SIZE :]
        assert not any(rest)
