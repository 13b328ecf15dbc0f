"""The designer's lab (issue 32, part 4): restricted bots, what a hand's facts say, a
study's figures and its report, and ``palace-poker lab`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import play, stacked
from palace_poker import Rules, Verb
from palace_poker.bots import make_bot
from palace_poker.cli import main
from palace_poker.errors import ConfigError
from palace_poker.lab.command import parse_variant
from palace_poker.lab.measure import ENDS, _decided, play_measured
from palace_poker.lab.report import markdown, write_report
from palace_poker.lab.restricted import RESTRICTIONS, RestrictedBot
from palace_poker.lab.study import LabConfig, figures, run_study
from palace_poker.variant import Variant
from random_hands import deal


@pytest.mark.parametrize("restriction", sorted(RESTRICTIONS))
def test_a_restricted_bot_never_uses_what_it_is_forbidden(restriction: str) -> None:
    forbidden = {"no-buy": {Verb.BUY}, "no-raise": {Verb.RAISE}, "no-attack": {Verb.BET}}
    chosen: set[Verb] = set()
    for seed in range(60):
        hand = deal(seed)
        bots = [RestrictedBot(make_bot("random", seed + s), restriction) for s in range(hand.n)]
        while not hand.over:
            assert hand.to_act is not None
            action = bots[hand.to_act].act(hand.observe(hand.to_act))
            assert hand.can(action)
            chosen.add(action.verb)
            if restriction == "no-raise" and action.verb is Verb.BET:
                assert action.amount is None
            hand.apply(action)
    assert not chosen & forbidden[restriction]
    assert len(chosen) >= 4  # the bot still plays the rest of the game
    with pytest.raises(ConfigError) as refused:
        RestrictedBot(make_bot("random"), "no-fold")
    assert refused.value.code == "invalid_arena"


def test_a_battle_turned_round_by_its_struck_cards_is_counted_so() -> None:
    # Seat 0 (As) has three aces with its diamond, seat 1 (Kd) three kings: seat 1's
    # banner strikes seat 0's Ad, so seat 1's kings win what seat 0's aces would.
    hand = stacked(banners=["As", "Kd"], palaces=["Ah Ad 2c", "Kh Kc 3s"])
    play(hand, "1 bet 0")
    assert _decided(hand, 1, 0) == "struck-cards"
    plain = stacked(banners=["As", "Kd"], palaces=["Ah Ac 2c", "Kh Kc 3s"])
    assert _decided(play(plain, "1 bet 0"), 1, 0) == "hand"


def test_a_hands_facts_add_up() -> None:
    for seed in range(40):
        hand = deal(seed)
        bots = [make_bot("medium", seed + s) for s in range(hand.n)]
        facts = play_measured(hand, bots)
        assert facts.end in ENDS
        assert sum(facts.nets) == 0
        assert facts.decisions == len(hand.actions)
        assert facts.turns >= 1
        assert facts.attacker_won + facts.defender_won <= facts.battles
        assert sum(facts.decided.values()) <= facts.battles


def test_a_study_gives_every_figure_for_every_variant(tmp_path: Path) -> None:
    config = LabConfig(
        variants=(parse_variant("standard", 10), parse_variant("tiny+struck=rank", 10)),
        hands=24,
        players=2,
        bot="random",
        weak="random",
        strong="medium",
    )
    data = figures(config, run_study(config, workers=2))
    assert list(data["variants"]) == ["standard", "tiny+struck=rank"]
    tiny = data["variants"]["tiny+struck=rank"]
    assert tiny["rules"]["variant"]["struck"] == "rank"
    play_figures = tiny["self_play"]
    assert play_figures["hands"] == 24
    assert sum(e["count"] for e in play_figures["ends"].values()) == 24
    assert abs(sum(p["mean"] for p in play_figures["position"])) < 1e-9  # zero-sum
    assert set(tiny["restricted"]) == set(RESTRICTIONS)
    # The same seed plays the same hands, on one process or two.
    again = figures(config, run_study(config, workers=1))
    assert again == data
    written = write_report(data, tmp_path / "out", plots=True)
    assert [p.name for p in written] == [
        "lab.json",
        "lab.md",
        "lab-skill.png",
        "lab-position.png",
        "lab-ends.png",
    ]
    assert json.loads((tmp_path / "out" / "lab.json").read_text()) == data
    page = markdown(data, [])
    assert "| skill |" in page
    assert "tiny+struck=rank" in page


def test_the_lab_command_writes_its_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report"
    bots = ["--bot", "random", "--weak", "random", "--strong", "random"]
    variants = ["--variant", "quick", "--variant", "fold=captured"]
    settings = ["--hands", "8", "--players", "3", "--workers", "1", "--no-plots"]
    code = main(["lab", *variants, *settings, *bots, "--out", str(out)])
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == ["lab.json", "lab.md"]
    data = json.loads((out / "lab.json").read_text())
    assert data["variants"]["fold=captured"]["rules"]["variant"] == {"fold": "captured"}
    assert data["variants"]["quick"]["rules"]["max_raises"] == 1
    assert str(out / "lab.md") in capsys.readouterr().out


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("long", "no preset 'long'"),
        ("palace=9", "palace must be a whole number from 1 to 4"),
        ("struck=colour", "struck must be 'suit' or 'rank'"),
        ("quick+soldiers", "must be KEY=VALUE"),
        ("colour=red", "no variant parameter 'colour'"),
    ],
)
def test_a_bad_variant_is_refused_with_its_reason(
    spec: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lab", "--variant", spec, "--hands", "4", "--no-plots"]) == 2
    err = capsys.readouterr().err
    assert "invalid_variant" in err
    assert message in err
    assert "Traceback" not in err


def test_a_study_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ConfigError, match="deals at most"):
        LabConfig(
            variants=(("tiny", Rules.of(10, variant=Variant(ranks=3, suits=2, palace=1))),),
            players=5,
        )
    with pytest.raises(ConfigError) as refused:
        LabConfig(variants=(parse_variant("standard", 10),), bot="oracle")
    assert refused.value.code == "unknown_bot"
    with pytest.raises(ConfigError, match="hands must be"):
        LabConfig(variants=(parse_variant("standard", 10),), hands=1)
