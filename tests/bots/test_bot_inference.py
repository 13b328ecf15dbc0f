"""The calibrated inference of the searching bots: what a bet faced is taken to say
about the bettor's palace (palace_poker.bots.inference, docs/bots.md)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from palace_poker import Hand, Rules, SeededShuffle
from palace_poker.bots import ISMCTSBot, MonteCarloBot
from palace_poker.bots import montecarlo as montecarlo_module
from palace_poker.bots.inference import BUCKETS, bet_rates, count_rates
from palace_poker.bots.likelihoods import FIELD_RATES, RATES
from palace_poker.bots.reading import Reading
from palace_poker.errors import ConfigError
from palace_poker.observation import Observation
from paths import ROOT
from scripts import load_script

LIMIT_CONTEXTS = {"bet2", "bet3", "raise-attacker", "raise-defender"}
NO_LIMIT_CONTEXTS = LIMIT_CONTEXTS | {
    "open-all",
    "open-raise",
    "raise-attacker-all",
    "raise-defender-all",
}


def facing(betting: str, *actions: str, players: int = 3) -> Observation:
    """Seat 0's view after ``actions`` (seat 0 acts first with the dealer last)."""
    hand = Hand.deal(
        Rules.of(10, betting=betting),  # type: ignore[arg-type]
        [500] * players,
        dealer=players - 1,
        shuffle=SeededShuffle(21),
    )
    for action in actions:
        hand.apply(action)
    assert hand.to_act == 0
    return hand.observe(0)


def test_the_shipped_tables_have_every_context_and_no_certain_rate() -> None:
    assert set(RATES) == {"limit", "no-limit"}
    assert set(RATES["limit"]) == LIMIT_CONTEXTS
    assert set(RATES["no-limit"]) == NO_LIMIT_CONTEXTS
    assert set(FIELD_RATES) == {"no-limit"}
    assert set(FIELD_RATES["no-limit"]) == NO_LIMIT_CONTEXTS
    for table in [*RATES.values(), *FIELD_RATES.values()]:
        for rates in table.values():
            assert len(rates) == BUCKETS
            assert all(0.0 < rate < 1.0 for rate in rates)


def test_a_turn_bet_faced_is_read_by_the_players_in_the_hand() -> None:
    view = facing("limit", "0 stay", "1 bet 0")
    assert bet_rates(view, RATES["limit"]) == (1, RATES["limit"]["bet3"])
    heads_up = facing("limit", "0 stay", "1 bet 0", players=2)
    assert bet_rates(heads_up, RATES["limit"]) == (1, RATES["limit"]["bet2"])


def test_no_bet_faced_on_a_turn() -> None:
    view = facing("limit")
    assert view.phase == "turn"
    assert bet_rates(view, RATES["limit"]) is None


def test_a_raise_faced_is_read_by_the_raisers_side() -> None:
    # Seat 0 attacks seat 1, seat 1 raises: seat 0 faces a defender's raise.
    view = facing("limit", "0 bet 1", "1 raise")
    assert bet_rates(view, RATES["limit"]) == (1, RATES["limit"]["raise-defender"])
    # Seat 0 is attacked, raises, and seat 1 raises again: an attacker's raise.
    view = facing("limit", "0 stay", "1 bet 0", "0 raise", "1 raise")
    assert bet_rates(view, RATES["limit"]) == (1, RATES["limit"]["raise-attacker"])


def test_in_no_limit_the_size_of_a_bet_is_read_too() -> None:
    table = RATES["no-limit"]
    plain = bet_rates(facing("no-limit", "0 stay", "1 bet 0"), table)
    assert plain is not None
    opening = [1 - a - b for a, b in zip(table["open-all"], table["open-raise"], strict=True)]
    assert plain[1] == pytest.approx([r * o for r, o in zip(table["bet3"], opening, strict=True)])
    raised = bet_rates(facing("no-limit", "0 stay", "1 bet 0 30"), table)
    assert raised is not None
    assert raised[1] == pytest.approx(
        [r * o for r, o in zip(table["bet3"], table["open-raise"], strict=True)]
    )
    shove = bet_rates(facing("no-limit", "0 stay", "1 bet 0 485"), table)
    assert shove is not None
    assert shove[1] == pytest.approx(
        [r * o for r, o in zip(table["bet3"], table["open-all"], strict=True)]
    )
    all_in = bet_rates(facing("no-limit", "0 bet 1", "1 raise 485"), table)
    assert all_in == (1, table["raise-defender-all"])
    small = bet_rates(facing("no-limit", "0 bet 1", "1 raise 20"), table)
    assert small is not None
    assert small[1] == pytest.approx(
        [a - b for a, b in zip(table["raise-defender"], table["raise-defender-all"], strict=True)]
    )


def test_rates_are_counted_per_chance_and_bucket() -> None:
    # Heads-up, the one BET option is the one chance a turn. A player who always
    # attacks shows rates above one half in the buckets it was seen in (the odds
    # estimate varies from one count to the next) and 0.5 in the others; one who
    # always stays shows rates under one half.
    view = facing("limit", players=2)
    attack = next(o for o in view.options if o.verb.name == "BET").action()
    stay = next(o for o in view.options if o.verb.name == "STAY").action()
    bold = count_rates([(view, attack)] * 20)["bet2"]
    shy = count_rates([(view, stay)] * 20)["bet2"]
    assert min(bold) >= 0.5
    assert max(shy) <= 0.5
    seen = [r for r in bold if r != 0.5]
    assert seen
    assert sum(seen) / len(seen) > 0.8
    assert min(shy) < 0.2
    assert set(count_rates([(view, attack)])) == {"bet2"}


def bettor_odds(bot: MonteCarloBot, view: Observation, worlds: int = 300) -> float:
    total = 0.0
    for _ in range(worlds):
        seed, world = bot.sample_world(view)
        assert world.observe(0) == view
        total += Reading(world.observe(1), random.Random(seed), 8).battle_odds(0)
    return total / worlds


def test_calibrated_worlds_follow_the_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    view = facing("limit", "0 stay", "1 bet 0")
    blind = bettor_odds(MonteCarloBot(seed=3, infer_tries=1), view)
    weak = {"limit": {**RATES["limit"], "bet3": (0.9, 0.5, 0.1, 0.01, 0.01)}}
    monkeypatch.setattr(montecarlo_module, "RATES", weak)
    bluffs = bettor_odds(MonteCarloBot(seed=3, inference="calibrated"), view)
    strong = {"limit": {**RATES["limit"], "bet3": (0.01, 0.01, 0.1, 0.5, 0.9)}}
    monkeypatch.setattr(montecarlo_module, "RATES", strong)
    values = bettor_odds(MonteCarloBot(seed=3, inference="calibrated"), view)
    # Rejection with a few draws shifts the mean odds, not to the extremes.
    assert bluffs < blind - 0.04
    assert values > blind + 0.1


def calibrated_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The structures of the bets the Monte Carlo bots read by the calibrated rates
    from now on (a spy on ``_calibrated_for``)."""
    used: list[str] = []
    calibrated = MonteCarloBot._calibrated_for

    def spy(bot: MonteCarloBot, view: Observation, context: str) -> bool:
        chosen = calibrated(bot, view, context)
        if chosen:
            used.append(view.rules.betting)
        return chosen

    monkeypatch.setattr(MonteCarloBot, "_calibrated_for", spy)
    return used


def test_the_defaults_and_the_no_limit_only_inference(monkeypatch: pytest.MonkeyPatch) -> None:
    # The calibrated rates won in no-limit and, in limit, for a heads-up attack
    # only (docs/bots.md): ismcts reads by them there, montecarlo (hard) keeps the
    # threshold it was measured with.
    assert ISMCTSBot(seed=1)._mc.inference == "mixed"
    assert MonteCarloBot(seed=1).inference == "threshold"
    used = calibrated_reads(monkeypatch)
    for betting in ("limit", "no-limit"):
        bot = MonteCarloBot(seed=2, inference="calibrated-no-limit")
        bot.sample_world(facing(betting, "0 stay", "1 bet 0"))
    assert used == ["no-limit"]


def tables_read(
    monkeypatch: pytest.MonkeyPatch, inference: str, views: dict[str, Observation]
) -> dict[str, object]:
    """For each view, the likelihood table a Monte Carlo bot with ``inference``
    read its bet faced by (``None``: the threshold); the worlds it drew agree with
    the view."""
    tables: list[object] = []

    def spy(view: Observation, table: object) -> object:
        tables.append(table)
        return bet_rates(view, table)  # type: ignore[arg-type]

    monkeypatch.setattr(montecarlo_module, "bet_rates", spy)
    read = {}
    for name, view in views.items():
        tables.clear()
        bot = MonteCarloBot(seed=4, inference=inference)  # type: ignore[arg-type]
        _, world = bot.sample_world(view)
        assert world.observe(0) == view
        read[name] = tables[0] if tables else None
    return read


def test_the_mixed_inference_reads_only_a_heads_up_attack_by_the_rates_in_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # In limit the calibrated rates of a heads-up attack won against the threshold;
    # those of an attack at a fuller table and of a raise did not (docs/bots.md).
    # In no-limit every bet faced is read by the rates.
    views = {
        "limit attack, 3 players": facing("limit", "0 stay", "1 bet 0"),
        "limit attack, heads-up": facing("limit", "0 stay", "1 bet 0", players=2),
        "limit raise, 3 players": facing("limit", "0 bet 1", "1 raise"),
        "limit raise, heads-up": facing("limit", "0 bet 1", "1 raise", players=2),
        "no-limit attack, 3 players": facing("no-limit", "0 stay", "1 bet 0"),
    }
    assert tables_read(monkeypatch, "mixed", views) == {
        "limit attack, 3 players": None,
        "limit attack, heads-up": RATES["limit"],
        "limit raise, 3 players": None,
        "limit raise, heads-up": None,
        "no-limit attack, 3 players": RATES["no-limit"],
    }


def test_the_field_inference_reads_no_limit_bets_by_the_fields_rates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # expert's reading: in no-limit every bet faced by how the field of the levels
    # bets (a heuristic player's raise says "strong"), in limit as ``mixed``.
    views = {
        "no-limit raise": facing("no-limit", "0 bet 1", "1 raise 485"),
        "no-limit attack": facing("no-limit", "0 stay", "1 bet 0"),
        "limit attack, heads-up": facing("limit", "0 stay", "1 bet 0", players=2),
        "limit attack, 3 players": facing("limit", "0 stay", "1 bet 0"),
    }
    assert tables_read(monkeypatch, "field", views) == {
        "no-limit raise": FIELD_RATES["no-limit"],
        "no-limit attack": FIELD_RATES["no-limit"],
        "limit attack, heads-up": RATES["limit"],
        "limit attack, 3 players": None,  # the threshold
    }
    monkeypatch.undo()
    # The field's all-in raise is strength: the worlds lean to a strong raiser, far
    # more than by the Monte Carlo bot's own rates, which read it as nothing.
    view = views["no-limit raise"]
    field = bettor_odds(MonteCarloBot(seed=5, inference="field"), view, worlds=150)
    own = bettor_odds(MonteCarloBot(seed=5, inference="mixed"), view, worlds=150)
    assert field > own + 0.05


@pytest.mark.parametrize("inference", ["bayes", None, 1, True])
def test_an_unknown_inference_is_refused(inference: object) -> None:
    with pytest.raises(ConfigError) as refused:
        MonteCarloBot(seed=1, inference=inference)  # type: ignore[arg-type]
    assert refused.value.code == "invalid_bot"
    assert "calibrated" in refused.value.message


def test_the_shipped_module_is_what_the_script_writes(tmp_path: Path) -> None:
    # The script plays hands, counts and writes a module of the same shape; the
    # shipped module is its output (the header names the run).
    script = load_script(ROOT / "tools" / "fit_inference.py")
    out = tmp_path / "rates.py"
    arguments = ["--hands", "2", "--field-hands", "2", "--seed", "5", "--out", str(out)]
    assert script.main(arguments) == 0
    tree = ast.parse(out.read_text())
    assigned = {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}  # type: ignore[union-attr]
    assert assigned == {"RATES", "FIELD_RATES"}
    shipped = (ROOT / "src/palace_poker/bots/likelihoods.py").read_text()
    header = shipped.split("RATES")[0]
    assert script.render(RATES, FIELD_RATES, script.run_of(header)) == shipped
