"""The evaluation protocol (issue 33): a policy of ids plays as a bot exactly as it
plays in the environments, agents are named by strings, and the protocol's
matches are paired, reproducible and the same on worker processes.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

from palace_poker.actions import Action
from palace_poker.arena.plan import MatchPlan
from palace_poker.bots.random_bot import RandomBot
from palace_poker.encoding.arrays import observation_arrays
from palace_poker.encoding.steps import legal_steps
from palace_poker.env import evaluate, observe
from palace_poker.env.agents import make_agent
from palace_poker.env.policy_bot import PolicyBot
from palace_poker.env.state import CHANCE, EnvState, research_rules
from palace_poker.errors import ConfigError, IllegalActionError


def _random_states(count: int, seed: int) -> list[EnvState]:
    """Decision states of random hands (several variants, sizes and structures),
    choices in progress among them."""
    rng = random.Random(seed)
    found: list[EnvState] = []
    while len(found) < count:
        variant = rng.choice([None, "tiny", "small", "quick", "short-deck"])
        rules = research_rules(10, betting=rng.choice(["limit", "no-limit"]), variant=variant)
        n = rng.randint(2, rules.variant.most_players() if variant else 6)
        state = EnvState.new(
            rules, [rng.randint(15, 400) for _ in range(n)], dealer=rng.randrange(n)
        )
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            if rng.random() < 0.3:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def test_a_seats_view_gives_the_environments_vector_and_ids() -> None:
    pending_seen = 0
    for state in _random_states(1500, 1):
        seat = state.current_player()
        view = state.hand.observe(seat)
        steps = legal_steps(
            view.options, seat=seat, n=len(view.in_hand), pot=view.pot, pending=state.pending
        )
        assert sorted(steps) == state.legal_actions()
        vector, mask = observation_arrays(view, state.pending, list(steps))
        assert vector.tolist() == pytest.approx(observe.vector(state, seat))
        assert mask.tolist() == state.legal_mask()
        pending_seen += state.pending is not None
    assert pending_seen > 50  # choices in progress were met


def _hashed(vector: NDArray[np.float32], mask: NDArray[np.int8]) -> int:
    """A deterministic policy: a legal id picked by the observation's content."""
    legal = np.flatnonzero(mask)
    return int(legal[int(vector.sum() * 7919 + vector.argmax()) % len(legal)])


def test_a_policy_bot_makes_the_action_the_policys_ids_make_in_the_environment() -> None:
    bot = PolicyBot(_hashed)
    multi = 0
    for state in _random_states(1500, 2):
        if state.pending is not None:
            continue
        seat = state.current_player()
        action = bot.act(state.hand.observe(seat))
        probe = state.clone()
        version = probe.hand.version
        ids = 0
        while probe.hand.version == version:  # the ids of one engine action
            vector = np.asarray(observe.vector(probe, seat), np.float32)
            mask = np.asarray(probe.legal_mask(), np.int8)
            step = probe.engine_action(_hashed(vector, mask))
            probe.apply(_hashed(vector, mask))
            ids += 1
        assert isinstance(step, Action)
        assert action == step
        multi += ids > 1
    assert multi > 30  # choices of several ids were made


def test_an_illegal_id_is_refused_with_the_legal_ones() -> None:
    state = _random_states(1, 3)[0]
    seat = state.current_player()
    with pytest.raises(IllegalActionError) as raised:
        PolicyBot(lambda v, m: int(np.flatnonzero(m == 0)[0])).act(state.hand.observe(seat))
    assert raised.value.code == "illegal_action"
    assert "legal ids" in str(raised.value)


def test_agents_are_named_by_strings() -> None:
    assert make_agent("medium", 1).name == "heuristic"
    assert isinstance(make_agent("python:palace_poker.bots.random_bot:RandomBot", 1), RandomBot)
    ids = make_agent("python:palace_poker.env.policy_bot:uniform_ids", 1)
    assert isinstance(ids, PolicyBot)
    for spec, words in [
        ("python:nowhere.at.all:thing", "cannot load"),
        ("python:palace_poker.env.policy_bot:nothing", "cannot load"),
        ("python:justone", "python:MODULE:NAME"),
        ("python:palace_poker.env.evaluate:HANDS", "neither a bot"),
        ("oracle", "no bot named"),
    ]:
        with pytest.raises(ConfigError, match=words) as raised:
            make_agent(spec, 0)
        assert raised.value.code == "unknown_bot"


def _quick(agent: str, workers: int = 1, **kw: Any) -> evaluate.Evaluation:
    return evaluate.evaluate(agent, opponents=("random", "easy"), hands=24, workers=workers, **kw)


def test_the_protocol_is_reproducible_paired_and_the_same_on_workers() -> None:
    first = _quick("random")
    assert [(m.opponent, m.betting) for m in first.matches] == [
        ("random", "limit"),
        ("easy", "limit"),
        ("random", "no-limit"),
        ("easy", "no-limit"),
    ]
    assert all(m.hands == 24 for m in first.matches)
    assert _quick("random").to_dict() == first.to_dict()
    assert _quick("random", workers=2).to_dict() == first.to_dict()
    # Paired across agents: whatever the agent, the opponent (entry 1) sits in the
    # same seats with the same seeds, on the same deals.
    plans = [MatchPlan((agent, "easy"), 24, evaluate.SEED) for agent in ("random", "medium")]
    for i in range(24):
        one, two = ((p.seating(i), p.deck_seed(i), p.bot_seed(i, 1)) for p in plans)
        assert one == two
    big = first.matches[0]
    assert big.big_bets_per_100 == pytest.approx(100 * big.mean / 20, abs=0.01)


def test_an_agent_that_plays_ids_is_evaluated() -> None:
    report = _quick("python:palace_poker.env.policy_bot:uniform_ids", structures=("limit",))
    assert len(report.matches) == 2
    assert report.score == pytest.approx(sum(m.mean for m in report.matches) / 2)
    table = evaluate.table([report])
    assert "uniform_ids" in table
    assert "random (L)" in table


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "palace_poker", "evaluate", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_the_command_prints_the_table_and_keeps_an_existing_file(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    args = ["random", "--opponents", "random", "--hands", "8", "--betting", "limit"]
    done = _cli(*args, "--json", str(out), "--workers", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "| `random` |" in done.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["protocol"]["hands"] == 8
    assert data["agents"][0]["matches"][0]["opponent"] == "random"
    again = _cli(*args, "--json", str(out), cwd=tmp_path)
    assert again.returncode == 2
    assert "output_exists" in again.stderr
    assert "Traceback" not in again.stderr
    bad = _cli("oracle", "--hands", "8", cwd=tmp_path)
    assert bad.returncode == 2
    assert "unknown_bot" in bad.stderr
    assert "Traceback" not in bad.stderr
    few = _cli("random", "--hands", "3", cwd=tmp_path)
    assert few.returncode == 2
    assert "at least 4" in few.stderr
    assert "Traceback" not in few.stderr


def test_the_commands_defaults_are_the_protocols() -> None:
    from palace_poker.env import command  # noqa: PLC0415

    assert (command.HANDS, command.SEED) == (evaluate.HANDS, evaluate.SEED)
