"""The terminal game loop: you at table seat 0, bots in the other seats.

:class:`Session` plays a :class:`~palace_poker.game.Game` hand after hand. On
your decisions it draws the table from your observation, lists your legal
choices and reads a command; bot moves are logged as they happen (from your
redacted events, so no hidden card of another player is ever printed). Input,
output and the clock are injectable: tests pass a scripted ``read`` and a
recording console.

Everything printed names players, the human as "you" ("Ann attacks you"); with
``Settings.ascii`` it is plain ASCII (cards ``Ts``), for a terminal that cannot
print the suit symbols. The first time each kind of choice is offered, the
menu adds a line explaining it; ``rules`` prints the rules' summary.

A refused command prints the error's message, the game rule it breaks (if it
breaks one) and a hint, then asks again. ``quit`` and end of input (Ctrl-D)
leave cleanly with exit code 0, Ctrl-C with 130 (128 + SIGINT); finished hands
are saved as ``palace-hand/1`` JSONL after each hand and on leaving: the file is
checked before the first hand (:func:`palace_poker.outputs.check_output`), then
rewritten whole through a temporary file, or with ``--append`` added to.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from palace_poker.actions import Action, Verb
from palace_poker.bots import Bot, make_bot
from palace_poker.config import Rules
from palace_poker.errors import ConfigError, PalaceError
from palace_poker.game import Game
from palace_poker.hand import Hand
from palace_poker.narrate import plural
from palace_poker.observation import Observation
from palace_poker.outputs import Mode, OutputError, check_output, write_text
from palace_poker.record import dumps
from palace_poker.shuffle import SecureShuffle, SeededShuffle, ShuffleSource
from palace_poker.terminal import render
from palace_poker.terminal.house_rules import variant_line
from palace_poker.terminal.log import Line, event_lines
from palace_poker.terminal.menu import (
    Meta,
    explain,
    first_notes,
    menu,
    parse_command,
    players_words,
    soldiers_kept,
)

#: Exit code on Ctrl-C: 128 + SIGINT, as shells report it (and as ``arena`` does).
EXIT_INTERRUPTED = 130
#: How the log addresses the human (highlighted in it).
YOU_WORD = "you"

#: Names for the bots' seats.
BOT_NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim")
YOU = 0  # your table seat

Reader = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Settings:
    """What ``palace-poker play`` was asked for."""

    rules: Rules
    players: int = 3
    bots: tuple[str, ...] = ("random",)
    stack: int = 300
    seed: int | None = None
    name: str = "You"
    save: Path | None = None
    save_mode: Mode = "new"  # "replace" with --force, "append" with --append
    delay: float = 0.3
    auto_continue: bool = False
    ascii: bool = False  # cards as Ts, no symbols: --ascii, or an output without them


class _QuitError(Exception):
    """The player typed quit."""


class Session:
    """One game at the terminal."""

    def __init__(
        self,
        settings: Settings,
        console: Console,
        *,
        read: Reader | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.console = console
        self.read: Reader = read if read is not None else self._console_read
        self.sleep = sleep
        kinds = _bot_kinds(settings.bots, settings.players)
        others = [n for n in BOT_NAMES if n.lower() != settings.name.lower()]
        names = [settings.name, *others[: settings.players - 1]]
        shuffle: ShuffleSource = (
            SeededShuffle(settings.seed) if settings.seed is not None else SecureShuffle()
        )
        self.game = Game(settings.rules, [(n, settings.stack) for n in names], shuffle=shuffle)
        self.kinds = ("" if settings.name == "You" else "(you)", *kinds)
        seed = settings.seed
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, None if seed is None else seed * 100 + seat)
            for seat, kind in enumerate(kinds, start=1)
        }
        self.number = 0
        self.log: list[Line] = []
        self.saved = 0  # finished hands written to the save file
        self.save_mode: Mode = settings.save_mode
        self.ascii = settings.ascii
        self.explained: set[str] = set()  # the kinds of choice explained so far
        self.interrupted = False

    # ------------------------------------------------------------------ game

    def run(self) -> int:
        """Play until the game ends, you bust or you leave; returns the exit code."""
        if self.settings.save is not None:
            try:  # before the first hand: a game is never played to be lost
                check_output(self.settings.save, self.save_mode, option="--save")
            except OutputError as err:
                self.console.print(Text(f"Cannot save: {err}", style="bold red"), soft_wrap=True)
                return 2
        previous = _set_interrupt_handler(signal.default_int_handler)
        try:
            return self._run()
        finally:
            _set_interrupt_handler(previous)

    def _run(self) -> int:
        # Ctrl-C leaves the table (KeyboardInterrupt) even when the program was
        # started with SIGINT ignored (as a shell's background job is).
        self._intro()
        try:
            while not self.game.over:
                self._play_hand()
                if self.game.stacks[YOU] == 0:
                    self.console.print(Text("You have no chips left.", style="bold red"))
                    break
                if self.game.over or not self._next_hand_wanted():
                    break
        except (_QuitError, EOFError, KeyboardInterrupt) as leaving:
            # Leaving: a second Ctrl-C must not cut the save short.
            _set_interrupt_handler(signal.SIG_IGN)
            self.interrupted = isinstance(leaving, KeyboardInterrupt)
            self.console.print()
            self.console.print(Text("Leaving the table.", style="bold"))
            if self.game.hand is not None:
                self.console.print(Text("The unfinished hand is not saved.", style="dim"))
        self._goodbye()
        saved = self._save()
        if self.interrupted:
            return EXIT_INTERRUPTED
        return 0 if saved else 1

    def _play_hand(self) -> None:
        game = self.game
        hand = game.start_hand()
        self.number += 1
        me = game.hand_seats.index(YOU)
        self.log = []
        self.console.print()
        dealer = "You deal" if hand.dealer == me else f"{hand.names[hand.dealer]} deals"
        self.console.rule(
            Text(f"Hand {self.number}{render.dot(self.ascii)}{dealer}"),
            characters="-" if self.ascii else "─",
        )
        shown = self._show_events(hand, me, 0, None)
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            before = hand.observe(me)
            if seat == me:
                self._your_decision(hand, me)
            else:
                self._bot_decision(hand, seat)
            shown = self._show_events(hand, me, shown, before)
        result = game.finish_hand()
        self._save(quiet=True)
        self.console.print(
            render.table(
                hand.observe(me), number=self.number, labels=self._labels(), ascii=self.ascii
            )
        )
        change = result.stacks[me] - hand.start_stacks[me]
        if change > 0:
            self.console.print(Text(f"You win {change} this hand.", style="bold green"))
        elif change < 0:
            self.console.print(Text(f"You lose {-change} this hand.", style="bold red"))
        else:
            self.console.print(Text("You break even this hand."))

    def _labels(self) -> list[str]:
        return [self.kinds[self.game.table_seat(s)] for s in range(len(self.game.hand_seats))]

    def _bot_decision(self, hand: Hand, seat: int) -> None:
        if self.settings.delay > 0:
            self.sleep(self.settings.delay)
        view = hand.observe(seat)
        bot = self.bots[self.game.table_seat(seat)]
        try:
            hand.apply(bot.act(view))
        except PalaceError as err:  # a bot's bug must not end the game
            fallback = _fallback(view)
            mine = hand.observe(self.game.hand_seats.index(YOU))
            why = players_words(str(err), mine)
            name = hand.names[seat]
            self.console.print(
                Text(
                    f"({name}'s {bot.name} bot made an illegal move: {why}; it plays "
                    f"{fallback.verb.value} instead)"
                )
            )
            hand.apply(fallback)

    def _show_events(self, hand: Hand, me: int, start: int, before: Observation | None) -> int:
        events = hand.events_for(me, start)
        for line in event_lines(events, hand.names, me, before, ascii=self.ascii):
            self.log.append(line)
            self.console.print(render.log_line(line, YOU_WORD, ascii=self.ascii))
        return len(hand.events)

    # ------------------------------------------------------------- your move

    def _your_decision(self, hand: Hand, me: int) -> None:
        view = hand.observe(me)
        self._show_table(view)
        while True:
            text = self.read(_prompt(view))
            try:
                command = parse_command(text, view)
                if isinstance(command, Meta):
                    action = self._meta(command, view)
                    if action is None:
                        continue
                else:
                    action = command
                hand.apply(action)
            except PalaceError as err:
                self._refuse(err, view)
                continue
            return

    def _meta(self, command: Meta, view: Observation) -> Action | None:
        """Carry out a command that is not a move; an empty line at a trim keeps
        every soldier."""
        name = command.name
        if name == "quit":
            raise _QuitError
        if name == "help":
            self.console.print(render.help_text(ascii=self.ascii, rules=view.rules))
        elif name == "rules":
            self.console.print(Text(_rules_summary(ascii=self.ascii)))
            changes = _variant_rules(view.rules)
            if changes:  # the rules this game changes, after the standard ones
                self.console.print(Text(changes))
        elif name == "table":
            self._show_table(view)
        elif name == "menu":
            self._show_menu(view)
        elif name == "log":
            self._show_log()
        elif view.phase == "trim" and view.viewer is not None:
            return Action(view.viewer, Verb.TRIM)
        else:
            self.console.print(Text("Type a number from the menu, a command, or 'help'."))
        return None

    def _refuse(self, err: PalaceError, view: Observation) -> None:
        first, _, hint = explain(err, view).partition("\n")
        mark = "x" if self.ascii else "✗"
        self.console.print(render.colorize(f"{mark} {first}", "bold red"))
        if hint:
            self.console.print(render.colorize(f"  {hint}"))

    def _show_table(self, view: Observation) -> None:
        self.console.print(
            render.table(view, number=self.number, labels=self._labels(), ascii=self.ascii)
        )
        self._show_menu(view)

    def _show_menu(self, view: Observation) -> None:
        title = {
            "turn": "Your turn:",
            "battle": "Your answer in the battle:",
            "trim": f"Trim your soldiers (keep at most {soldiers_kept(view)}):",
        }.get(view.phase, "Your choices:")
        entries = menu(view, ascii=self.ascii)
        notes = first_notes(entries, view, self.explained)
        self.console.print(render.menu_table(entries, title, notes=notes))

    def _show_log(self) -> None:
        self.console.print(Text(f"Hand {self.number} so far:", style="bold"))
        for line in self.log:
            self.console.print(render.log_line(line, YOU_WORD, ascii=self.ascii))

    # ------------------------------------------------------------ the frame

    def _intro(self) -> None:
        s = self.settings
        rules = s.rules
        bots = ", ".join(
            f"{name} ({kind})"
            for name, kind in zip(self.game.names[1:], self.kinds[1:], strict=True)
        )
        self.console.print(Text("Palace Poker", style="bold magenta"))
        self.console.print(
            render.colorize(
                f"{s.name} against {bots}. {rules.betting.capitalize()}, small bet "
                f"{rules.small_bet}, big bet {rules.big_bet}, ante {rules.ante}, "
                f"{s.stack} chips each.",
                you=s.name,
            )
        )
        if variant_line(rules):  # the game is not the standard one: say how
            self.console.print(Text(variant_line(rules), style="bold yellow"))
        draw = self.game.dealer_draw
        if draw is not None:
            rounds = " then ".join(
                ", ".join(
                    f"{self.game.names[seat]} {str(card) if self.ascii else card.pretty()}"
                    for seat, card in one
                )
                for one in draw.rounds
            )
            dealer = self.game.names[draw.dealer]
            self.console.print(render.colorize(f"Draw for the deal: {rounds}: {dealer} deals."))
        self.console.print(
            Text(
                "Type 'help' for the commands, 'rules' for the rules, 'quit' to leave.", style="dim"
            )
        )

    def _next_hand_wanted(self) -> bool:
        if self.settings.auto_continue:
            return True
        while True:
            answer = (
                self.read(f"Enter: next hand{render.dot(self.ascii)}q: quit > ").strip().lower()
            )
            if answer in ("", "y", "yes", "c", "next", "continue"):
                return True
            if answer in ("q", "quit", "exit", "n", "no"):
                return False
            if answer in ("l", "log"):
                self._show_log()
                continue
            self.console.print(Text("Press Enter to deal the next hand, or type q to quit."))

    def _goodbye(self) -> None:
        game = self.game
        hands = plural(self.number, "hand")
        over = "Game over" if game.over or game.stacks[YOU] == 0 else "You leave"
        self.console.print(Text(f"{over} after {hands}.", style="bold"))
        order = sorted(range(len(game.names)), key=lambda s: -game.stacks[s])
        standings = ", ".join(f"{game.names[s]} {game.stacks[s]}" for s in order)
        when = " before the unfinished hand" if game.hand is not None else ""
        self.console.print(render.colorize(f"Chips{when}: {standings}.", you=self.settings.name))

    def _save(self, *, quiet: bool = False) -> bool:
        """Write the finished hands; False if it failed (the file is kept as it was).

        The file is written whole each time, through a temporary file, or with
        ``--append`` the hands not yet saved are added to its end.
        """
        path = self.settings.save
        if path is None:
            return True
        records = self.game.records
        try:
            if self.save_mode == "append":
                text = "".join(dumps(r) + "\n" for r in records[self.saved :])
                write_text(path, text, "append", option="--save")
            else:
                text = "".join(dumps(r) + "\n" for r in records)
                write_text(path, text, self.save_mode, option="--save")
                self.save_mode = "replace"  # the file is this game's now
        except OutputError as err:
            self.console.print(Text(f"Cannot save: {err}", style="bold red"), soft_wrap=True)
            return False
        self.saved = len(records)
        if not quiet:
            count = plural(len(records), "finished hand")
            done = "Added" if self.save_mode == "append" else "Saved"
            # A line that names a file is not folded by rich: a path cut by a newline
            # could not be copied whole (the terminal wraps it for the eye only).
            self.console.print(
                Text(f"{done} {count} to {path} (check it: palace-poker replay {path})."),
                soft_wrap=True,
            )
        return True

    def _console_read(self, prompt: str) -> str:
        return self.console.input(Text(prompt, style="bold"))


def _rules_summary(*, ascii: bool) -> str:
    """The rules' summary (:mod:`palace_poker.terminal.rules_text`, imported when
    asked for)."""
    from palace_poker.terminal import rules_text  # noqa: PLC0415

    return rules_text.summary(ascii=ascii)


def _variant_rules(rules: Rules) -> str:
    """The rules a variant changes, under a heading (``""`` for the standard game)."""
    from palace_poker.terminal import rules_text  # noqa: PLC0415

    return rules_text.differences(rules)


def _set_interrupt_handler(handler: Any) -> Any:
    """Install ``handler`` for SIGINT; return the one it replaces (main thread only:
    elsewhere Python allows no signal handlers, and nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGINT)
    if handler is not None:
        signal.signal(signal.SIGINT, handler)
    return previous


def _prompt(view: Observation) -> str:
    if view.phase == "battle":
        return "Your answer > "
    if view.phase == "trim":
        return "Trim (Enter keeps all) > "
    return "Your move > "


def _bot_kinds(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot kind per bot seat: one name serves every seat."""
    seats = players - 1
    if len(bots) == 1:
        return tuple(bots) * max(seats, 0)
    if len(bots) != seats:
        raise ConfigError(
            "invalid_players",
            f"--bots names {plural(len(bots), 'bot')} for {plural(seats, 'bot seat')} "
            f"({plural(players, 'player')}, you included); name one bot for all, "
            "or one a bot seat",
        )
    return tuple(bots)


def _fallback(view: Observation) -> Action:
    """A legal move for a bot that failed: stay, or fold, or the first choice."""
    options = view.options
    for verb in (Verb.STAY, Verb.TRIM, Verb.FOLD):
        for option in options:
            if option.verb is verb:
                return next(option.actions())
    return next(options[0].actions())
