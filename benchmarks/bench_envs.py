"""Environment steps per second (issue 10): ours in PettingZoo, OpenSpiel and
Gymnasium, next to PettingZoo's ``texas_holdem_no_limit_v6`` and OpenSpiel's
``universal_poker``, ``leduc_poker`` and ``python_kuhn_poker``, measured in the same
run with the same loop: random legal actions, and at every step the acting
player's observation (tensor) and legal-action mask built, as a learner needs them.

A step is one decision (chance nodes are sampled, not counted). An anchor that is
not installed is left out (PettingZoo's hold'em needs RLCard, in the bench group).
"""

from __future__ import annotations

import functools
import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: Players at our tables (and universal_poker's): the anchors are heads-up games
#: (PettingZoo's hold'em, leduc, kuhn), so ours is measured heads-up too.
PLAYERS = 2


@dataclass(frozen=True)
class Figure:
    name: str
    steps_per_second: float


def _timed(loop: Callable[[int], int], steps: int) -> float:
    loop(max(10, steps // 20))  # warm-up
    start = time.perf_counter()
    done = loop(steps)
    return done / (time.perf_counter() - start)


def raw_state(steps: int, seed: int = 0) -> int:
    """Our EnvState with the acting seat's observation (its non-zero entries, as the
    adapters read it) and mask: what the adapters add their libraries' costs to."""
    from palace_poker import Rules  # noqa: PLC0415
    from palace_poker.env.observe import entries  # noqa: PLC0415
    from palace_poker.env.state import CHANCE, EnvState  # noqa: PLC0415

    rng = random.Random(seed)
    done = 0
    while done < steps:
        state = EnvState.new(Rules.of(10, betting="no-limit"), [200] * PLAYERS)
        while not state.is_terminal() and done < steps:
            if state.current_player() == CHANCE:
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            entries(state, state.current_player())
            mask = state.legal_mask()
            state.apply(rng.choice([i for i, bit in enumerate(mask) if bit]))
            done += 1
    return done


def pettingzoo(make: Callable[[], Any], steps: int, seed: int = 0) -> int:
    """An AEC environment: ``last()`` gives the observation and its mask."""
    import numpy as np  # noqa: PLC0415

    env = make()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    while done < steps:
        for agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            done += 1
            if done >= steps:
                break
            del agent
        env.reset()
    env.close()
    return done


def openspiel(game: Any, steps: int, seed: int = 0) -> int:
    """A pyspiel game: the current player's observation tensor and legal actions."""
    rng = random.Random(seed)
    done = 0
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal() and done < steps:
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            player = state.current_player()
            state.observation_tensor(player)
            state.apply_action(rng.choice(state.legal_actions(player)))
            done += 1
    return done


def _openspiel_steps(game: Any, steps: int) -> int:
    return openspiel(game, steps)


def gymnasium(make: Callable[[], Any], steps: int, seed: int = 0) -> int:
    """A single-agent environment: the mask from ``action_masks()``."""
    import numpy as np  # noqa: PLC0415

    env = make()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    while done < steps:
        mask = env.unwrapped.action_masks()
        _obs, _reward, terminated, truncated, _info = env.step(
            int(rng.choice(np.flatnonzero(mask)))
        )
        done += 1
        if terminated or truncated:
            env.reset()
    env.close()
    return done


def _available(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def measure(steps: int) -> tuple[list[Figure], list[str]]:
    """Every environment present, at ``steps`` decisions each; and those left out."""
    figures = [Figure("ours: EnvState (observation + mask)", _timed(raw_state, steps))]
    missing: list[str] = []
    if _available("pettingzoo"):
        from palace_poker.env import pettingzoo as ours_pz  # noqa: PLC0415

        def ours() -> Any:
            return ours_pz.env(num_players=PLAYERS, betting="no-limit", stack=200)

        figures.append(Figure("ours: PettingZoo AEC", _timed(lambda n: pettingzoo(ours, n), steps)))
        if _available("rlcard") and _available("pygame"):
            from pettingzoo.classic import (  # type: ignore[import-untyped]  # noqa: PLC0415
                texas_holdem_no_limit_v6,
            )

            figures.append(
                Figure(
                    "PettingZoo texas_holdem_no_limit_v6",
                    _timed(lambda n: pettingzoo(texas_holdem_no_limit_v6.env, n), steps),
                )
            )
        else:
            missing.append("PettingZoo texas_holdem_no_limit_v6 (needs rlcard and pygame)")
    else:
        missing.append("pettingzoo")
    if _available("gymnasium"):
        import gymnasium as gym  # noqa: PLC0415

        importlib.import_module("palace_poker.env.gymnasium")  # registers PalacePoker-v0

        def ours_gym() -> Any:
            return gym.make("PalacePoker-v0", opponents=("random",), betting="no-limit", stack=200)

        figures.append(
            Figure("ours: Gymnasium (vs random)", _timed(lambda n: gymnasium(ours_gym, n), steps))
        )
    else:
        missing.append("gymnasium")
    if _available("pyspiel"):
        import pyspiel  # noqa: PLC0415

        importlib.import_module("open_spiel.python.games")  # registers python_kuhn_poker
        games: list[tuple[str, str, dict[str, int]]] = [
            ("OpenSpiel universal_poker", "universal_poker", {}),
            ("OpenSpiel leduc_poker", "leduc_poker", {}),
            ("OpenSpiel python_kuhn_poker", "python_kuhn_poker", {}),
        ]
        if _available("palace_poker.env.openspiel"):  # registers python_palace_poker
            games.insert(
                0,
                (
                    "ours: OpenSpiel python_palace_poker",
                    "python_palace_poker",
                    {"players": PLAYERS},
                ),
            )
        else:
            missing.append("our OpenSpiel game")
        for label, name, params in games:
            game = pyspiel.load_game(name, params)
            figures.append(Figure(label, _timed(functools.partial(_openspiel_steps, game), steps)))
    else:
        missing.append("open_spiel")
    return figures, missing


def table(figures: list[Figure]) -> str:
    """The figures as a Markdown table."""
    lines = ["| environment | steps/s |", "| --- | ---: |"]
    lines += [f"| {f.name} | {f.steps_per_second:,.0f} |" for f in figures]
    return "\n".join(lines)


if __name__ == "__main__":
    found, left_out = measure(20_000)
    print(table(found))
    if left_out:
        print("Left out, not installed:", ", ".join(left_out))
