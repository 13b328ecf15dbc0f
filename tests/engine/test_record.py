"""Hand records (palace-hand/1): the format's own example, exact replay, and every
way a record can fail, each named by action index, text and rule."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from palace_poker import RecordError, replay
from palace_poker.record import read_setup
from paths import DATA


def example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "format_example.json").read_text())
    return data


def failure(record: object) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(record)
    return info.value


@pytest.mark.rule("R-END-3")
@pytest.mark.rule("R-CMP-1")
def test_the_format_example_replays_as_its_text_says() -> None:
    hand = replay(example())
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (1090, 965, 945)
    assert hand.result.payouts == (105, 0, 0)
    assert [str(b) for b in hand.banners] == ["Ah", "Kc", "Qd"]
    assert [str(c) for c in hand.set_aside] == ["7h"]
    # Bob captured Cid's Q♦ and 6♦ and trimmed the 6♦; Ann then captured Bob's army.
    assert [str(c) for c in hand.soldiers[0]] == ["Ts", "Kc", "Qd"]


def test_unknown_fields_are_ignored() -> None:
    record = example()
    record["table"] = "friday night"
    record["players"][0]["avatar"] = "owl"
    assert replay(record).result is not None


@pytest.mark.parametrize(
    ("index", "text", "code", "rule"),
    [
        (7, "2 raise 20", "amount_not_allowed", "R-BET-5"),
        (1, "0 stay", "illegal_action", "R-BUY-3"),
        (1, "1 stay", "not_your_turn", "R-BUY-3"),
        (6, "1 bet 1", "bad_target", "R-BET-1"),
        (9, "1 trim 6h", "card_not_held", "R-CAPT-1"),
        (9, "1 trim 10d", "invalid_card", "R-CARD-1"),
        (2, "1  stay", "malformed_action", "palace-hand/1 Verbs"),
        (2, "1 wait", "unknown_verb", "palace-hand/1 Verbs"),
        (6, "1 bet 02", "malformed_action", "palace-hand/1 Verbs"),
        (11, "0 stay", "not_your_turn", "R-TURN-3"),
    ],
)
def test_a_bad_action_fails_at_its_index_with_its_rule(
    index: int, text: str, code: str, rule: str
) -> None:
    record = example()
    record["actions"][index] = text
    err = failure(record)
    assert (err.code, err.rule) == (code, rule)
    assert err.details["index"] == index
    assert err.details["action"] == text
    assert f"action {index}" in err.message


def test_an_action_after_the_end_fails() -> None:
    record = example()
    record["actions"].append("0 stay")
    err = failure(record)
    assert (err.code, err.rule, err.details["index"]) == ("hand_over", "R-END-5", 12)


def test_a_record_that_stops_early_is_incomplete() -> None:
    record = example()
    record["actions"].pop()
    err = failure(record)
    assert (err.code, err.rule) == ("record_incomplete", "R-END-5")


@pytest.mark.rule("R-END-1")
def test_a_wrong_result_is_refused() -> None:
    record = example()
    record["result"]["stacks"] = [1095, 960, 945]
    err = failure(record)
    assert (err.code, err.rule) == ("result_mismatch", "R-END-1")
    record = example()
    record["result"]["end"] = "showdown"
    assert failure(record).code == "result_mismatch"


@pytest.mark.rule("R-BANNER-4")
def test_shuffles_must_be_consumed_exactly() -> None:
    record = example()
    record["shuffles"].append(record["shuffles"][1])
    assert failure(record).code == "shuffles_unused"
    record = example()
    record["shuffles"].pop()
    assert failure(record).code == "shuffle_mismatch"


@pytest.mark.rule("R-BANNER-4")
def test_a_shuffle_must_be_a_permutation_of_the_cards_shuffled() -> None:
    record = example()
    cards = record["shuffles"][1].split(" ")
    record["shuffles"][1] = " ".join([cards[1], *cards[1:]])  # a card twice, one missing
    assert failure(record).code == "shuffle_mismatch"
    record = example()
    record["shuffles"][1] = " ".join(record["shuffles"][0].split(" ")[:49])  # wrong cards
    assert failure(record).code == "shuffle_mismatch"
    record = example()
    record["shuffles"][0] = record["shuffles"][0].replace("Td", "10d")
    assert failure(record).code == "shuffle_mismatch"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="palace-hand/2"), "format"),
        (lambda r: r.pop("dealer"), "dealer"),
        (lambda r: r.update(dealer=3), "dealer"),
        (lambda r: r.update(dealer=True), "dealer"),
        (lambda r: r["players"][1].update(stack=0), "stack"),
        (lambda r: r["players"][1].update(stack=10.0), "stack"),
        (lambda r: r["players"][1].pop("name"), "name"),
        (lambda r: r.update(players=r["players"][:1]), "players"),
        (lambda r: r.update(players=r["players"] * 4), "players"),
        (lambda r: r["rules"].pop("max_raises"), "max_raises"),
        (lambda r: r["rules"].update(betting="pot-limit"), "betting"),
        (lambda r: r["rules"].update(big_bet=5), "big_bet"),
        (lambda r: r["rules"].update(ante=-1), "ante"),
        (lambda r: r.update(actions="0 buy"), "actions"),
        (lambda r: r.update(shuffles=[1, 2]), "shuffles"),
        (lambda r: r["result"].update(end="draw"), "result.end"),
        (lambda r: r["result"].update(stacks=[1, 2]), "result.stacks"),
    ],
)
def test_malformed_fields_are_refused(change: Any, message: str) -> None:
    record = example()
    change(record)
    err = failure(record)
    assert err.code == "invalid_record"
    assert message in err.message


def test_a_record_must_be_an_object() -> None:
    assert failure([1, 2]).code == "invalid_record"
    assert read_setup(example()).dealer == 2


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "palace_poker", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_replay_command_accepts_good_records(tmp_path: Path) -> None:
    good = tmp_path / "hand.json"
    good.write_text(json.dumps(example()))
    game = tmp_path / "game.jsonl"
    game.write_text(json.dumps(example()) + "\n\n" + json.dumps(example()) + "\n")
    done = run_cli("replay", str(good), str(game), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3
    assert all(
        ": ok 3 players, 12 actions, end last, stacks 1090 965 945" in line for line in lines
    )


def test_replay_command_names_each_failing_point(tmp_path: Path) -> None:
    bad = example()
    bad["actions"][7] = "2 raise 20"
    game = tmp_path / "game.jsonl"
    game.write_text("\n".join([json.dumps(example()), json.dumps(bad), "{not json"]) + "\n")
    done = run_cli("replay", str(game), str(tmp_path / "missing.json"), cwd=tmp_path)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].endswith("stacks 1090 965 945")
    assert "game.jsonl:2: FAIL action 7 '2 raise 20'" in lines[1]
    assert "[amount_not_allowed]" in lines[1]
    assert "(rule R-BET-5)" in lines[1]
    assert "game.jsonl:3: FAIL [invalid_record] not JSON" in lines[2]
    assert "missing.json: FAIL cannot read" in lines[3]
    assert "Traceback" not in done.stdout + done.stderr


def test_demo_saves_a_game_that_replays(tmp_path: Path) -> None:
    saved = tmp_path / "game.jsonl"
    first = run_cli("demo", "--seed", "11", "--players", "5", "--save", str(saved), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "antes" in first.stdout
    assert "flies the" in first.stdout
    assert "Game over after" in first.stdout
    again = run_cli("demo", "--seed", "11", "--players", "5", cwd=tmp_path)
    assert again.stdout.splitlines()[:-1] == first.stdout.splitlines()[:-2]
    hands = saved.read_text().splitlines()
    assert len(hands) >= 1
    done = run_cli("replay", str(saved), cwd=tmp_path)
    assert done.returncode == 0, done.stdout
    assert len(done.stdout.splitlines()) == len(hands)


def test_bad_command_line_input_gets_a_message_not_a_traceback(tmp_path: Path) -> None:
    done = run_cli("demo", "--players", "1", cwd=tmp_path)
    assert done.returncode == 2
    assert "error: [invalid_players]" in done.stderr
    assert "Traceback" not in done.stderr
    done = run_cli("demo", "--small-bet", "0", cwd=tmp_path)
    assert done.returncode == 2
    assert "[invalid_rules]" in done.stderr


def test_records_are_deep_copies() -> None:
    hand = replay(example())
    record = hand.to_record()
    mutated = copy.deepcopy(record)
    mutated["actions"].append("x")
    assert hand.to_record() == record
