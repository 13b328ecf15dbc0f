"""The terminal's words: players by name and "you" in grammar, counts in number,
errors that say what to do, amount words, ASCII cards, 80 columns, notes, rules,
exit codes, and the checks of output folders before any work."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from palace_poker import Hand, Rules, SeededShuffle, Verb
from palace_poker.cards import Card
from palace_poker.cli import main
from palace_poker.errors import PalaceError, ParseError
from palace_poker.events import (
    AntePosted,
    BattleCompared,
    BattleStarted,
    CardsCaptured,
    ChipsReturned,
    Folded,
    PlayerOut,
    SoldierBought,
)
from palace_poker.narrate import narrate, plural
from palace_poker.observation import Observation
from palace_poker.terminal import render
from palace_poker.terminal.charset import needs_ascii
from palace_poker.terminal.log import event_lines
from palace_poker.terminal.menu import (
    NOTES,
    Meta,
    explain,
    first_notes,
    menu,
    parse_command,
    players_words,
)
from palace_poker.terminal.session import EXIT_INTERRUPTED, Session, Settings
from terminal_helpers import dealt, string_console, written

NAMES = ("Zoe", "Ann", "Bob")
SUITS = "♠♥♦♣"


def _hand(seed: int = 1, *, no_limit: bool = False, n: int = 3, name: str = "Zoe") -> Hand:
    return dealt(seed, no_limit=no_limit, n=n, name=name)


def _console(width: int = 80) -> Console:
    return string_console(width)


# ------------------------------------------------------------------ grammar


@pytest.mark.parametrize(
    ("event", "viewer", "expected"),
    [
        (BattleStarted(0, 1, 10, 0), 0, "You attack Ann: entry 10."),
        (BattleStarted(1, 0, 10, 0), 0, "Ann attacks you: entry 10."),
        (BattleStarted(0, 1, 10, 20), 0, "You attack Ann: entry 10 and raise 20."),
        (BattleStarted(0, 1, 10, 0), None, "Zoe attacks Ann: entry 10."),
        (Folded(0, True), 0, "You fold the battle."),
        (PlayerOut(0, "fold"), 0, "You are out of the hand (fold)."),
        (AntePosted(0, 3, True), 0, "You ante 3 and are all-in."),
        (AntePosted(1, 3, True), 0, "Ann antes 3 and is all-in."),
        (ChipsReturned(0, 1), 0, "1 unmatched chip goes back to you."),
        (ChipsReturned(1, 20), 0, "20 unmatched chips go back to Ann."),
        (BattleCompared((1, 0), None, ()), 0, "You and Ann tie."),
        (BattleCompared((1, 0), 0, ()), 0, "You win the battle."),
        (CardsCaptured(1, 0, (Card.parse("Ts"),)), 0, "Ann captures T♠ from you."),
        (SoldierBought(0, Card.parse("Ts"), 10), 0, "You buy T♠ for 10."),
    ],
)
def test_narration_names_players_and_addresses_you(
    event: object, viewer: int | None, expected: str
) -> None:
    assert narrate(event, NAMES, viewer=viewer) == expected  # type: ignore[arg-type]


def test_counts_take_their_number() -> None:
    assert [plural(n, "hand") for n in (0, 1, 2)] == ["0 hands", "1 hand", "2 hands"]


def test_the_log_says_you_whatever_your_name() -> None:
    hand = _hand(seed=3)
    bet = next(o for o in hand.observe(0).options if o.verb is Verb.BET)
    before = hand.observe(0)
    start = len(hand.events)
    hand.apply(bet.action())
    texts = [line.text for line in event_lines(hand.events_for(0, start), hand.names, 0, before)]
    assert texts == [f"You attack {NAMES[bet.target or 0]}: entry 10."]
    deal = [line.text for line in event_lines(hand.events_for(0), hand.names, 0)]
    assert deal[0] == "Antes: you 5, Ann 5, Bob 5."
    assert not any("Zoe" in t or "seat" in t for t in [*texts, *deal])


def test_the_battle_line_says_you() -> None:
    hand = _hand()
    bet = next(o for o in hand.observe(0).options if o.verb is Verb.BET)
    hand.apply(bet.action())
    assert bet.target is not None
    text = render.battle_text(hand.observe(bet.target)).plain
    assert re.match(r"⚔ Battle: Zoe \(..\) attacks you \(..\) · 0 raises · to call you pay", text)


# ------------------------------------------------------------------ errors


def _refusal(hand: Hand, text: str) -> str:
    obs = hand.observe(0)
    try:
        action = parse_command(text, obs)
        assert not isinstance(action, Meta)
        hand.apply(action)
    except PalaceError as err:
        return explain(err, obs)
    raise AssertionError(f"{text!r} was accepted")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("raise 4x", "'4x' is not an amount: type a whole number of chips, or min, pot or all-in"),
        ("bet 1 -5", "'-5' is not an amount"),
        ("bet 1 99999", "costs 100009 and you have 195"),
        ("bet 0", "a player cannot attack themselves (rule R-BET-1)"),
    ],
)
def test_errors_say_what_is_wrong_in_players_words(text: str, words: str) -> None:
    message = _refusal(_hand(no_limit=True), text)
    assert words in message, message
    assert "palace-hand/1" not in message
    assert not re.search(r"\bseat \d", message), message


def test_a_bad_amount_names_no_rule() -> None:
    message = _refusal(_hand(no_limit=True), "bet 1 lots")
    assert "(rule" not in message
    assert "min, pot or all-in" in message


def test_seat_numbers_become_names() -> None:
    obs = _hand().observe(0)
    text = players_words("seat 0's soldiers; seat 1 flies the same suit; seat 0 is all-in", obs)
    assert text == "your soldiers; Ann flies the same suit; you are all-in"
    assert players_words("no seat 9 to attack", obs) == "no seat 9 to attack"


def test_amount_words_in_no_limit() -> None:
    hand = _hand(no_limit=True)
    obs = hand.observe(0)
    bet = next(o for o in obs.options if o.verb is Verb.BET and o.chooses_amount)
    assert bet.min_amount is not None
    assert bet.max_amount is not None
    low = parse_command(f"bet {bet.target} min", obs)
    high = parse_command(f"bet {bet.target} all-in", obs)
    pot = parse_command(f"bet {bet.target} pot", obs)
    assert not isinstance(low, Meta)
    assert not isinstance(high, Meta)
    assert not isinstance(pot, Meta)
    assert (low.amount, high.amount) == (bet.min_amount, bet.max_amount)
    assert pot.amount == max(bet.min_amount, min(obs.pot + bet.cost, bet.max_amount))
    hand.apply(high)  # all-in is a legal raise
    number = next(e.number for e in menu(obs) if e.option is bet)
    by_menu = parse_command(f"{number} min", obs)
    assert not isinstance(by_menu, Meta)
    assert by_menu.amount == bet.min_amount


def test_amount_words_in_limit_are_refused_with_the_reason() -> None:
    obs = _hand().observe(0)
    with pytest.raises(ParseError) as caught:
        parse_command("bet 1 all-in", obs)
    assert "in limit betting the amounts are fixed" in caught.value.message
    assert caught.value.rule is None


# ------------------------------------------------------------------ any terminal


def test_ascii_cards_and_signs() -> None:
    hand = _hand(seed=2)
    bet = next(o for o in hand.observe(0).options if o.verb is Verb.BET)
    hand.apply(bet.action())
    defender = bet.target
    assert defender is not None
    raise_option = next(o for o in hand.observe(defender).options if o.verb is Verb.RAISE)
    hand.apply(raise_option.action())
    obs = hand.observe(0)
    console = _console()
    console.print(render.table(obs, number=1, labels=["", "random", "random"], ascii=True))
    console.print(render.menu_table(menu(obs, ascii=True), "Your answer:"))
    console.print(render.help_text(ascii=True))
    for line in event_lines(hand.events_for(0), hand.names, 0, ascii=True):
        console.print(render.log_line(line))
    text = written(console)
    text.encode("ascii")  # nothing but ASCII
    assert str(obs.banners[0]) in text
    assert "## ## ##" in text
    assert "Battle: You (" in text


def test_an_output_that_cannot_encode_suits_is_detected() -> None:
    assert needs_ascii("ascii")
    assert needs_ascii("cp437")
    assert needs_ascii(None)
    assert not needs_ascii("utf-8")


def _widest(obs: Observation, labels: list[str], *, ascii: bool = False) -> list[str]:
    console = _console(80)
    console.print(render.table(obs, number=12, labels=labels, ascii=ascii))
    return written(console).splitlines()


@pytest.mark.parametrize("ascii", [False, True])
def test_the_table_fits_80_columns_at_4_players(ascii: bool) -> None:
    """Long kinds, a dealer mark, soldiers and seen palaces: one line a row."""
    labels = ["", "montecarlo", "heuristic", "montecarlo"]
    for seed in range(12):
        hand = _hand(seed, n=4, name="Maximilian")
        for _ in range(30):  # buys and battles grow the armies
            seat = hand.to_act
            if hand.over or seat is None:
                break
            options = hand.observe(seat).options
            pick = next(
                (o for o in options if o.verb in (Verb.BUY, Verb.CALL, Verb.TRIM)), options[0]
            )
            hand.apply(next(pick.actions()))
            lines = _widest(hand.observe(0), labels, ascii=ascii)
            assert max(len(line) for line in lines) <= 80
            rows = [line for line in lines if re.match(r"^[0-3] ", line)]
            assert len(rows) == 4, "\n".join(lines)


def test_the_table_degrades_at_10_players() -> None:
    rules = Rules.of(10)
    names = ["You", *(f"Player{i:02}" for i in range(1, 10))]
    hand = Hand.deal(rules, [200] * 10, dealer=9, shuffle=SeededShuffle(1), names=names)
    lines = _widest(hand.observe(0), ["", *["montecarlo"] * 9])
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 24


# ------------------------------------------------------------------ the session


def _read(answers: list[str], finish: str | BaseException = "quit") -> Callable[[str], str]:
    queue = iter(answers)

    def read(prompt: str) -> str:
        for answer in queue:
            return answer
        if isinstance(finish, BaseException):
            raise finish
        return finish

    return read


def _session(
    tmp_path: Path, answers: list[str], finish: str | BaseException = "quit", **kw: object
) -> tuple[Session, Console]:
    values: dict[str, object] = {"rules": Rules.of(10), "seed": 5, "delay": 0.0}
    values.update(kw)
    console = _console(80)
    settings = Settings(**values)  # type: ignore[arg-type]
    return Session(settings, console, read=_read(answers, finish)), console


def test_each_kind_of_choice_is_explained_the_first_time_only(tmp_path: Path) -> None:
    session, console = _session(tmp_path, ["menu", "menu"])
    assert session.run() == 0
    text = written(console)
    assert text.count(NOTES["stay"]) == 1
    assert text.count(NOTES["fold"]) == 1
    assert "do nothing this turn" in text.split(NOTES["stay"])[1]  # the menu again, no note


def test_first_notes_marks_what_it_explains() -> None:
    obs = _hand().observe(0)
    explained: set[str] = set()
    entries = menu(obs)
    assert set(first_notes(entries, obs, explained)) == {1, 2, 4, 5}  # buy, bet, stay, fold
    assert first_notes(entries, obs, explained) == {}


def test_rules_command_prints_the_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from palace_poker.terminal import rules_text  # noqa: PLC0415

    asked: list[bool] = []

    def summary(*, ascii: bool = False) -> str:
        asked.append(ascii)
        return "THE RULES IN BRIEF"

    monkeypatch.setattr(rules_text, "summary", summary)
    session, console = _session(tmp_path, ["rules"], ascii=True)
    assert session.run() == 0
    assert "THE RULES IN BRIEF" in written(console)
    assert asked == [True]


def test_ctrl_c_exits_130_and_quit_0(tmp_path: Path) -> None:
    session, console = _session(tmp_path, [], KeyboardInterrupt())
    assert session.run() == EXIT_INTERRUPTED == 130
    assert "Leaving the table." in written(console)
    session, _ = _session(tmp_path, [], EOFError())
    assert session.run() == 0


def test_play_in_ascii_output_never_raises(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", StringIO("stay\nfold\n\nq\n"))
    assert main(["play", "--seed", "4", "--delay", "0", "--ascii"]) == 0
    out = capsys.readouterr().out
    out.encode("ascii")
    assert not any(symbol in out for symbol in SUITS)


# ------------------------------------------------------------------ folders


@pytest.mark.parametrize(
    "option",
    [
        ["--summary", "missing/deeper/summary.json"],
        ["--out", "missing/deeper"],
        ["--records", "missing/hands.jsonl"],
        ["play-save"],
    ],
)
def test_no_folder_is_made_for_a_missing_one(
    option: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    if option == ["play-save"]:
        args = ["play", "--delay", "0", "--save", "missing/game.jsonl"]
    else:
        args = ["arena", "--seats", "random,random", "--hands", "4", "--workers", "1", *option]
    assert main(args) == 2
    assert "[output_folder_missing]" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    assert not Path("/missing").exists()


def test_bad_arguments_exit_2_in_play_and_arena(capsys: pytest.CaptureFixture[str]) -> None:
    def code(args: list[str]) -> int | str | None:
        try:
            return main(args)
        except SystemExit as stop:  # argparse's own refusal
            return stop.code

    for args in (
        ["play", "--players", "x"],
        ["play", "--players", "11", "--delay", "0"],
        ["arena", "--hands", "x", "--seats", "random"],
        ["arena", "--frobnicate"],
    ):
        assert code(args) == 2, args
    assert "Traceback" not in capsys.readouterr().err


def test_the_arena_rate_is_hands_over_wall_seconds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json  # noqa: PLC0415
    import time  # noqa: PLC0415

    monkeypatch.chdir(tmp_path)
    began = time.perf_counter()
    args = ["arena", "--seats", "random,random", "--hands", "40", "--workers", "1", "--quiet"]
    assert main([*args, "--summary", "s.json"]) == 0
    wall = time.perf_counter() - began
    run = json.loads((tmp_path / "s.json").read_text())["run"]
    assert 0 < run["seconds"] <= wall
    # The rate is the hands over the run's wall time (seconds is rounded to ms).
    assert run["hands_per_second"] >= 40 / wall
    assert run["hands_per_second"] == pytest.approx(40 / run["seconds"], rel=0.15)
    assert f"40 hands in {run['seconds']:.1f} s" in capsys.readouterr().out


def test_ascii_cards_are_coloured_too() -> None:
    line = render.colorize("Ann buys 7h for 10; As and Kd.", ascii=True)
    styles = {line.plain[span.start : span.end]: span.style for span in line.spans}
    assert styles == {"7h": "bold red", "As": "bold", "Kd": "bold red"}
