"""``palace-poker show FILE``: step through saved hands action by action.

A ``palace-hand/1`` file (one record, or a game as JSON Lines) is replayed, and
the table is drawn after the deal and after every action, as one seat saw it
(``--as 2`` or ``--as Ann``, R-INFO-2/3), as a spectator saw it (``--as
spectator``, R-INFO-1), or as the full record shows it (the default: every
palace, every battle's hands). Keys move through the hand:

    n, space, Enter, right arrow   next action      p, b, left arrow   back
    ] / [                          next / previous hand
    g / G                          first / last action of the hand
    q, Esc, end of input           quit

On a terminal the keys act at once; from a pipe each line is one key (an empty
line is "next"). The parser needs only the standard library; drawing needs
``rich`` (the ``cli`` extra), imported when the command runs.

Every screen fits the terminal, whatever the file's path and the players' names:
the caption (the file, then ``hand N of M · as … · step K (…)``) and the keys
break between their parts, never inside one, a path longer than a line is cut in
its middle and a name at its end (:mod:`~palace_poker.terminal.fit`), and on a
terminal the step's lines give way (``… 3 more lines``) before the caption would
scroll off the top.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from palace_poker.errors import PalaceError, RecordError
from palace_poker.events import Event
from palace_poker.hand import Hand
from palace_poker.narrate import plural
from palace_poker.observation import Observation
from palace_poker.record import replay
from palace_poker.record_format import parse_records, read_setup
from palace_poker.redaction import full_events
from palace_poker.shuffle import RecordedShuffle
from palace_poker.terminal.charset import needs_ascii, to_ascii
from palace_poker.terminal.demo import move_lines
from palace_poker.terminal.extras import require
from palace_poker.terminal.fit import (
    NAME_CELLS,
    ellipsis,
    fit_parts,
    shorten_name,
    shorten_path,
)

if TYPE_CHECKING:  # rich is the cli extra: imported when a screen is drawn
    from rich.console import RenderableType

#: ``--as`` for the whole record, and for a spectator.
FULL = "all"
SPECTATOR = "spectator"

#: Key names, by what the keyboard sends.
KEYS: dict[str, str] = {
    "n": "next",
    " ": "next",
    "\r": "next",
    "\n": "next",
    "": "next",
    "\x1b[C": "next",
    "l": "next",
    "p": "back",
    "b": "back",
    "\x1b[D": "back",
    "h": "back",
    "]": "next-hand",
    "[": "previous-hand",
    "g": "first",
    "G": "last",
    "q": "quit",
    "Q": "quit",
    "\x1b": "quit",
    "\x04": "quit",
}
#: The keys' hints; on a narrow screen they break between hints, never inside one.
KEY_HINTS = ("n/space/→ next", "p/b/← back", "]/[ next/previous hand", "g/G first/last", "q quit")
HELP = " · ".join(KEY_HINTS)
#: Where the screen's size comes from when the output is no terminal (a pipe, a
#: file): ``COLUMNS`` if set, else this; never wider than :data:`MAX_WIDTH`.
PIPE_SIZE = (100, 24)
MAX_WIDTH = 120


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``show`` to the command's subparsers."""
    show: argparse.ArgumentParser = subparsers.add_parser(
        "show",
        help="step through a saved hand or game, action by action",
        description="Replay a palace-hand/1 file and draw the table after every action. "
        "Keys: " + HELP + ". A path or a name too long for the screen is shortened with "
        "an ellipsis. Drawing needs rich: pip install 'palace-poker[cli]'.",
    )
    show.add_argument("file", type=Path, help="a .json record or a .jsonl game")
    show.add_argument(
        "--hand", type=int, default=1, metavar="N", help="start at the file's Nth hand (default 1)"
    )
    show.add_argument(
        "--as",
        dest="viewer",
        default=FULL,
        metavar="SEAT",
        help="draw the table as a seat (number or name) saw it, as a 'spectator', "
        "or 'all' for the full record (default)",
    )
    show.add_argument(
        "--step", type=int, default=0, metavar="K", help="start after action K (0: the deal)"
    )
    show.add_argument("--ascii", action="store_true", help="cards as Ts 9h, no suit symbols")
    show.set_defaults(run=run)
    return show


@dataclass(frozen=True)
class Frame:
    """The table after one step: ``step`` actions applied (0: just dealt)."""

    step: int
    action: str | None
    view: Observation
    lines: tuple[str, ...]


@dataclass(frozen=True)
class ShownHand:
    """One record of the file, ready to step through."""

    where: str
    frames: tuple[Frame, ...]


def viewer_seat(text: str, names: Sequence[str]) -> int | str | None:
    """``--as``'s value for a hand: a seat, None for a spectator, :data:`FULL` for
    the full record. Raises ``RecordError('invalid_seat')`` for anything else."""
    lowered = text.strip().lower()
    if lowered in (FULL, "full", "record"):
        return FULL
    if lowered == SPECTATOR:
        return None
    if lowered.isdigit() and int(lowered) < len(names):
        return int(lowered)
    for seat, name in enumerate(names):
        if name.lower() == lowered:
            return seat
    seats = ", ".join(f"{i} {n}" for i, n in enumerate(names))
    raise RecordError(
        "invalid_seat",
        f"--as {text!r} is no seat of this hand (seats: {seats}; or 'spectator', 'all')",
    )


def _view(hand: Hand, seat: int | str | None) -> Observation:
    """The observation drawn: a seat's, a spectator's, or one with every palace."""
    if seat == FULL:
        view = hand.observe(None)
        palaces = {s: tuple(p) for s, p in enumerate(hand.palaces) if p}
        return view._replace(known_palaces=palaces)
    assert not isinstance(seat, str)  # (FULL is the one view named by a text)
    return hand.observe(seat)


def _events(hand: Hand, seat: int | str | None, start: int) -> list[Event]:
    """The events from ``start`` on as the view may see them (R-INFO-1..4)."""
    if seat == FULL:
        return full_events(hand.events[start:], tuple(hand.palaces))
    return hand.events_for(seat if isinstance(seat, int) else None, start)


def frames_of(record: object, seat_text: str, *, ascii: bool = False) -> tuple[Frame, ...]:
    """Every step of a record as ``--as seat_text`` sees it (the record checked
    first by :func:`~palace_poker.record.replay`, so a bad one fails as ``replay``
    says). The step's lines name the players in at most
    :data:`~palace_poker.terminal.fit.NAME_CELLS` columns each (``ascii``: cut
    with ``...``), so that a long name does not fill the screen."""
    replay(record)
    setup = read_setup(record)
    hand = Hand.deal(
        setup.rules,
        setup.stacks,
        dealer=setup.dealer,
        shuffle=RecordedShuffle(setup.shuffles),
        names=setup.names,
    )
    seat = viewer_seat(seat_text, hand.names)
    names = [shorten_name(name, NAME_CELLS, ascii=ascii) for name in hand.names]
    frames = []
    shown = 0
    armies: list[list[Any]] = [[] for _ in hand.names]
    for step, action in enumerate((None, *setup.actions)):
        battle = None if hand.battle is None else (hand.battle.attacker, hand.battle.defender)
        if action is not None:
            armies = [list(a) for a in hand.soldiers]
            hand.apply(action)
        lines = move_lines(_events(hand, seat, shown), names, hand.banners, armies, battle=battle)
        shown = len(hand.events)
        frames.append(Frame(step, action, _view(hand, seat), tuple(lines)))
    return tuple(frames)


def load(path: Path, seat_text: str) -> list[tuple[str, object]]:
    """The records of ``path`` (where, record); ``RecordError('invalid_record')`` if
    the file cannot be read or holds none."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
        raise RecordError("invalid_record", f"{path}: cannot read: {reason}") from None
    records = list(parse_records(text, source=str(path), lines=path.suffix == ".jsonl"))
    if not records:
        raise RecordError("invalid_record", f"{path}: the file holds no record")
    return records


def render(
    frame: Frame,
    *,
    where: str,
    number: int,
    count: int,
    label: str,
    width: int,
    color: bool,
    ascii: bool,
    height: int | None = None,
) -> str:
    """One screen as text: a caption, the table, the step's lines and the keys,
    no line wider than ``width``. With ``height`` (a terminal's rows) the step's
    lines are cut, with a line saying how many more there are, so that the
    screen scrolls nothing off its top."""

    from palace_poker.terminal.render import table  # noqa: PLC0415 - needs rich

    top = _draw(
        width,
        color,
        ascii,
        *caption(
            frame, where=where, number=number, count=count, label=label, width=width, ascii=ascii
        ),
        table(frame.view, number=number, labels=[""] * len(frame.view.names), ascii=ascii),
    )
    story = _draw(width, color, ascii, *("  " + line for line in frame.lines))
    keys = _draw(width, color, ascii, *fit_parts(key_hints(ascii), width), style="dim")
    if height is not None:
        story = _cut(story, height - 1 - len(top) - len(keys), ascii=ascii)
    text = "".join(line + "\n" for line in (*top, *story, *keys))
    return _plain(text) if ascii else text


def caption(
    frame: Frame, *, where: str, number: int, count: int, label: str, width: int, ascii: bool
) -> list[str]:
    """The screen's first lines: the file, which hand of how many, whose view, and
    the step. They break between those parts only, so a counter is never split;
    a path wider than the screen is cut in its middle, the viewer at its end."""
    what = "the deal" if frame.action is None else f"action {frame.step}: {frame.action}"
    parts = [
        shorten_path(where, width, ascii=ascii),
        f"hand {number} of {count}",
        shorten_name(f"as {label}", width, ascii=ascii),
        f"step {frame.step} ({what})",
    ]
    return fit_parts(parts, width)


def key_hints(ascii: bool = False) -> tuple[str, ...]:
    """The keys' hints; the arrows named in words for a terminal without them."""
    if not ascii:
        return KEY_HINTS
    return tuple(hint.replace("→", "right").replace("←", "left") for hint in KEY_HINTS)


def _draw(
    width: int, color: bool, ascii: bool, *shown: RenderableType, style: str = ""
) -> list[str]:
    """The lines ``shown`` take at ``width`` (plain strings as they are: no markup)."""
    from rich.console import Console  # noqa: PLC0415 - rich is the cli extra

    buffer = StringIO()
    console = Console(
        file=buffer,
        width=width,
        force_terminal=color,
        color_system="standard" if color else None,
        legacy_windows=False,
        safe_box=ascii,
        emoji=False,  # a file named x:fire:y.json is shown as it is
    )
    for item in shown:
        console.print(item, style=style, markup=False, highlight=False)
    return buffer.getvalue().splitlines()


def _cut(lines: list[str], rows: int, *, ascii: bool) -> list[str]:
    """At most ``rows`` of ``lines``: the first ones, then how many more there are."""
    if len(lines) <= rows:
        return lines
    if rows <= 0:
        return []
    hidden = len(lines) - rows + 1
    return [*lines[: rows - 1], f"  {ellipsis(ascii)} {plural(hidden, 'more line')}"]


_BOX = str.maketrans({"─": "-", "━": "-", "═": "=", "│": "|", "┃": "|", "║": "|"})


def _plain(text: str) -> str:
    """``text`` in ASCII: suits as letters, box lines as ``-``/``|``/``+``, others ``?``."""
    text = to_ascii(text).translate(_BOX)
    text = text.replace("·", "-").replace("◀", "<").replace("⚔", "x").replace("▒", "#")
    return "".join(c if ord(c) < 128 else ("+" if "\u2500" <= c <= "\u257f" else "?") for c in text)


def _label(text: str, records: Sequence[tuple[str, object]]) -> str:
    """How the caption names the viewer: the full record, a spectator, or a seat."""
    lowered = text.strip().lower()
    if lowered in (FULL, "full", "record"):
        return "the full record"
    if lowered == SPECTATOR:
        return "a spectator"
    return f"seat {text}"


class Keys:
    """Keys from stdin: single keys on a terminal (cbreak mode), else one a line."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.tty = stream.isatty()

    def read(self) -> str:
        if not self.tty:
            line = self.stream.readline()
            if not line:
                return "quit"
            key = line.strip()
            return KEYS.get(key, KEYS.get(key[:1], "unknown")) if key != "" else "next"
        data = os.read(self.stream.fileno(), 8).decode("utf-8", "replace")
        if not data:
            return "quit"
        if data == "\x03":
            raise KeyboardInterrupt
        return KEYS.get(
            data, KEYS.get(data[:1], "unknown") if not data.startswith("\x1b[") else "unknown"
        )

    @contextmanager
    def raw(self) -> Iterator[None]:
        """Single keys, no echo, while the viewer runs (restored after, even on error)."""
        if not self.tty:
            yield
            return
        import termios  # noqa: PLC0415 - POSIX only, for a terminal
        import tty  # noqa: PLC0415

        fd = self.stream.fileno()
        saved = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            yield
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def move(
    key: str, hand: int, step: int, sizes: Callable[[int], int], count: int
) -> tuple[int, int]:
    """Where ``key`` goes from (hand, step): pure, never past either end."""
    last = sizes(hand) - 1
    if key == "next":
        if step < last:
            return hand, step + 1
        return (hand + 1, 0) if hand + 1 < count else (hand, step)
    if key == "back":
        if step > 0:
            return hand, step - 1
        return (hand - 1, sizes(hand - 1) - 1) if hand > 0 else (hand, step)
    if key == "next-hand":
        return (hand + 1, 0) if hand + 1 < count else (hand, last)
    if key == "previous-hand":
        return (hand - 1, 0) if hand > 0 else (hand, 0)
    if key == "first":
        return hand, 0
    if key == "last":
        return hand, last
    return hand, step


def run(args: argparse.Namespace) -> int:
    """Step through ``args.file``; returns the exit code (1: no record or a bad one)."""
    require("rich")  # the screens' drawing: refused before the file is read
    out: TextIO = sys.stdout
    try:
        records = load(args.file, args.viewer)
    except RecordError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if not 1 <= args.hand <= len(records):
        print(
            f"error: [invalid_index] --hand {args.hand}: the file holds hands 1 to {len(records)}",
            file=sys.stderr,
        )
        return 2
    ascii = args.ascii or needs_ascii(getattr(out, "encoding", None))
    cache: dict[int, tuple[Frame, ...]] = {}

    def frames(index: int) -> tuple[Frame, ...]:
        if index not in cache:
            _, record = records[index]
            if isinstance(record, RecordError):
                raise record
            cache[index] = frames_of(record, args.viewer, ascii=ascii)
        return cache[index]

    try:
        hand = args.hand - 1
        step = max(0, min(args.step, len(frames(hand)) - 1))
    except PalaceError as err:
        print(f"error: {records[args.hand - 1][0]}: {err}", file=sys.stderr)
        return 1
    keys = Keys(sys.stdin)
    color = out.isatty()
    size = shutil.get_terminal_size(PIPE_SIZE)  # COLUMNS, the terminal, or PIPE_SIZE
    label = _label(args.viewer, records)
    with keys.raw():
        while True:
            shown = frames(hand)[step]
            screen = render(
                shown,
                where=str(args.file),
                number=hand + 1,
                count=len(records),
                label=label,
                width=min(size.columns, MAX_WIDTH),
                color=color,
                ascii=ascii,
                height=size.lines if color else None,
            )
            if color:
                out.write("\x1b[H\x1b[2J")
            out.write(screen)
            if not color:
                out.write("-" * 40 + "\n")
            out.flush()
            key = keys.read()
            if key == "quit":
                return 0
            try:
                hand, step = move(key, hand, step, lambda i: len(frames(i)), len(records))
            except PalaceError as err:
                print(f"error: {records[hand][0]}: {err}", file=sys.stderr)
                return 1
