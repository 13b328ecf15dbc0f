"""The terminal plays a variant: ``play``, ``demo`` and ``rules`` take ``--variant``
and ``--house``; the table, the help, the menu and the rules follow the game's
variant; ``replay`` checks the record of any variant."""

from __future__ import annotations

import json
import re
import sys
from io import StringIO
from pathlib import Path

import pytest

from palace_poker import Hand, Rules, SeededShuffle
from palace_poker.bots import RandomBot
from palace_poker.cards import Card
from palace_poker.cli import main
from palace_poker.evaluator import describe, evaluate
from palace_poker.presets import preset
from palace_poker.terminal import render
from palace_poker.terminal.log import event_lines, rank_plural
from palace_poker.terminal.menu import first_notes, hand_text, menu
from palace_poker.terminal.rules_text import summary
from palace_poker.terminal.session import Session, Settings
from palace_poker.variant import Variant
from terminal_helpers import string_console, written


def test_rules_of_a_preset_print_the_standard_rules_then_what_it_changes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--variant", "quick", "--ascii"]) == 0
    out = capsys.readouterr().out
    standard = summary(ascii=True)
    assert out.startswith(standard)
    assert out[len(standard) :] == (
        "\nTHIS GAME: quick. What it changes (docs/rules.md, Variants):\n"
        "PALACE: 2 face-down palace cards each, not 3.\n"
        "SOLDIERS: keep at most 3, not 5, after a buy or a capture.\n"
        "RAISES: at most 1 raise a battle.\n"
    )


@pytest.mark.rule("V-CMP-1")
@pytest.mark.rule("V-BET-2")
@pytest.mark.rule("V-FOLD-1")
@pytest.mark.rule("V-END-3")
@pytest.mark.rule("V-CARD-1")
def test_rules_of_house_rules_say_each_reading_in_80_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    houses = ["struck=rank", "entry=attacker", "fold=captured", "last-two=battle", "ranks=9"]
    assert main(["rules", "--ascii", *(f"--house={house}" for house in houses)]) == 0
    out = capsys.readouterr().out
    changes = out.split("THIS GAME: house rules.")[1]
    for heading in ("DECK: a 36-card deck, 6 to A", "BATTLE:", "ENTRY:", "FOLD", "LAST TWO:"):
        assert heading in changes, heading
    assert "PALACE" not in changes  # nothing said of what does not change
    assert max(len(line) for line in out.splitlines()) <= 80


def test_rules_of_the_standard_game_are_the_summary_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--variant", "standard", "--ascii"]) == 0
    assert capsys.readouterr().out == summary(ascii=True)


@pytest.mark.parametrize("command", [["rules"], ["play"], ["demo", "--fast"]])
@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--variant", "long"], "--variant long: no preset 'long'"),
        (["--house", "palace=9"], "--house palace=9: palace must be a whole number from 1 to 4"),
        (["--house", "struck"], "--house takes KEY=VALUE"),
        (["--house", "colour=red"], "no variant parameter 'colour'"),
    ],
)
def test_a_bad_variant_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], command: list[str], args: list[str], says: str
) -> None:
    assert main([*command, *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: [invalid_variant] ")
    assert says in captured.err
    assert captured.err.count("\n") == 1


def test_more_players_than_the_variants_deck_deals_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--variant", "tiny", "--players", "4"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: [invalid_variant] this variant's deck of 6 cards deals at most 3")


def _session(rules: Rules, answers: list[str]) -> tuple[Session, str]:
    console = string_console(80)
    queue = iter(answers)
    session = Session(
        Settings(rules=rules, seed=5, delay=0.0),
        console,
        read=lambda prompt: next(queue, "quit"),
    )
    assert session.run() == 0
    return session, written(console)


@pytest.mark.rule("V-PALACE-1")
@pytest.mark.rule("V-BUY-3")
def test_the_play_screen_shows_the_house_rules() -> None:
    _, text = _session(preset("quick").rules(10), ["help", "rules"])
    line = "2 palace cards, at most 3 soldiers, at most 1 raise a battle"
    assert f"Variant: quick ({line})." in text  # the opening
    assert text.count(f"House rules: {line}.") >= 2  # the table, the help
    assert "THIS GAME: quick." in text  # the rules, after the summary
    assert "SOLDIERS: keep at most 3" in text


def test_the_standard_game_shows_no_house_rules() -> None:
    _, text = _session(Rules.of(10), ["help", "rules"])
    assert "House rules" not in text
    assert "Variant" not in text
    assert "THIS GAME" not in text


@pytest.mark.rule("V-BUY-3")
def test_the_trim_says_the_variants_soldiers() -> None:
    rules = Rules.of(10, variant=Variant(soldiers=1))
    hand = Hand.deal(rules, [200, 200], dealer=0, shuffle=SeededShuffle(3))
    first = hand.to_act
    assert first is not None
    hand.apply(f"{first} buy")
    hand.apply(f"{first} trim")
    hand.apply(f"{hand.to_act} stay")
    hand.apply(f"{first} buy")  # two soldiers: one must go
    view = hand.observe(first)
    assert view.phase == "trim"
    entries = menu(view, ascii=True)
    trim = next(e for e in entries if e.command.startswith("trim"))
    assert trim.what.endswith("(keep at most 1)")
    assert first_notes(entries, view, set())[trim.number] == (
        "keep at most 1 soldiers (R-BUY-3, R-CAPT-1)"
    )


@pytest.mark.rule("V-CMP-1")
@pytest.mark.parametrize("struck", ["suit", "rank"])
def test_the_hand_against_an_opponent_leaves_out_what_the_game_strikes(struck: str) -> None:
    rules = Rules.of(10, variant=Variant(struck=struck, soldiers=7))  # type: ignore[arg-type]
    compared = 0
    for seed in range(30):
        hand = Hand.deal(rules, [400, 400, 400], dealer=0, shuffle=SeededShuffle(seed))
        state = hand._state  # the engine's own usable cards: the oracle
        for seat in range(3):
            for against in range(3):
                if seat != against:
                    usable = state.usable_cards(seat, against)
                    expected = describe(evaluate(usable))
                    assert hand_text(hand.observe(seat), against) == expected
                    compared += len(usable) < 4  # some card was struck
    assert compared > 0


@pytest.mark.rule("V-PALACE-1")
def test_a_demo_of_a_research_preset_deals_as_many_as_its_deck_serves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "tiny.jsonl"
    args = ["demo", "--variant", "tiny", "--bots", "random", "--seed", "4", "--quiet"]
    assert main([*args, "--hands", "3", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Ann (random), Bob (random), Cid (random);" in out  # three: the deck's most
    assert "Variant: tiny (a 6-card deck, Q to A of clubs and diamonds" in out
    records = [json.loads(line) for line in saved.read_text().splitlines()]
    assert records
    assert all(r["rules"]["variant"]["ranks"] == 3 for r in records)


def test_replay_checks_the_records_of_any_variant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "mixed.jsonl"
    for variant in (["--variant", "quick"], ["--house", "struck=rank", "--house", "suits=3"], []):
        args = ["demo", *variant, "--bots", "random", "--seed", "6", "--quiet", "--hands", "2"]
        assert main([*args, "--save", str(saved), "--append"]) == 0
    capsys.readouterr()
    assert main(["replay", str(saved)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 6
    assert all(": ok " in line for line in lines)
    assert all(line.endswith("; variant quick (palace=2, soldiers=3)") for line in lines[:2])
    assert all(line.endswith("; variant suits=3, group=3, struck=rank") for line in lines[2:4])
    assert not any("variant" in line for line in lines[4:])  # the standard game's lines
    # A record whose variant is damaged fails with the code, not a traceback.
    record = json.loads(saved.read_text().splitlines()[0])
    record["rules"]["variant"]["palace"] = 9
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["replay", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL [invalid_record] rules: palace must be a whole number from 1 to 4" in out


def test_play_of_a_variant_plays_and_saves_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "g.jsonl"
    monkeypatch.setattr(sys, "stdin", StringIO("fold\n\nq\n"))
    args = ["play", "--variant", "short-deck", "--house", "fold=captured", "--seed", "4"]
    assert main([*args, "--delay", "0", "--ascii", "--save", str(saved)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # (rich folds the lines at 80)
    line = "Variant: house rules (a 36-card deck, 6 to A, a fold is captured by the next player)."
    assert line in out
    record = json.loads(saved.read_text().splitlines()[0])
    assert record["rules"]["variant"] == {"ranks": 9, "fold": "captured"}
    assert main(["replay", str(saved)]) == 0


#: A battle line of the demo: the counted cards, then what was struck.
DEMO_SIDE = re.compile(r"\): ((?:[2-9TJQKA]. ?)+) without the (\w+): ")
#: A battle line of the play log: the counted cards, then what was struck.
LOG_SIDE = re.compile(r": ((?:[2-9TJQKA]. ?)+) \(no (\w+)\): ")


def _rank_of(plural: str) -> str:
    return next(
        rank for rank in "23456789TJQKA" if rank_plural(Card.parse(f"{rank}c").rank) == plural
    )


@pytest.mark.rule("V-CMP-1")
def test_the_demo_explains_a_battle_of_the_rank_reading(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["demo", "--house", "struck=rank", "--bots", "random", "--seed", "1", "--fast"]) == 0
    )
    sides = DEMO_SIDE.findall(capsys.readouterr().out)
    assert sides
    for counted, struck in sides:
        assert _rank_of(struck) not in [card[0] for card in counted.split()]


@pytest.mark.rule("V-CMP-1")
def test_the_play_log_says_what_the_rank_reading_struck() -> None:
    rules = Rules.of(10, variant=Variant(struck="rank"))
    found = []
    for seed in range(60):
        hand = Hand.deal(rules, [300, 300], dealer=0, shuffle=SeededShuffle(seed))
        bots = [RandomBot(seed=seed), RandomBot(seed=seed + 1)]
        while hand.to_act is not None:
            before, shown = hand.observe(0), len(hand.events)
            hand.apply(bots[hand.to_act].act(hand.observe(hand.to_act)))
            lines = event_lines(hand.events_for(0, shown), hand.names, 0, before, ascii=True)
            found += [side for line in lines for side in LOG_SIDE.findall(line.text)]
    assert found
    for counted, struck in found:
        assert _rank_of(struck) not in [card[0] for card in counted.split()]


@pytest.mark.rule("V-PALACE-1")
@pytest.mark.parametrize("palace", [1, 2, 4])
def test_the_table_marks_as_many_hidden_palace_cards_as_the_game_deals(palace: int) -> None:
    rules = Rules.of(10, variant=Variant(palace=palace))
    hand = Hand.deal(rules, [200, 200], dealer=0, shuffle=SeededShuffle(1))
    console = string_console(100)
    console.print(render.table(hand.observe(0), number=1, labels=["", ""], ascii=True))
    row = next(line for line in written(console).splitlines() if line.startswith("1 "))
    assert " ".join(["##"] * palace) in row
    assert "##" * (palace + 1) not in row.replace(" ", "")


@pytest.mark.rule("V-FOLD-1")
def test_the_fold_on_ones_turn_names_its_captor_where_the_game_lets_one_capture() -> None:
    for fold, says in (("captured", "leave the hand; Cid captures"), ("discarded", "nobody")):
        rules = Rules.of(10, variant=Variant(fold=fold))  # type: ignore[arg-type]
        names = ["Ann", "Bob", "Cid"]
        hand = Hand.deal(rules, [200] * 3, dealer=0, shuffle=SeededShuffle(1), names=names)
        seat = hand.to_act
        assert seat == 1  # the dealer's left acts first; Cid is on Bob's left
        entries = menu(hand.observe(seat), ascii=True)
        fold_entry = next(e for e in entries if e.command == "fold")
        assert says in fold_entry.what
