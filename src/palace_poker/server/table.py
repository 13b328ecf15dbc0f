"""A table: its seats, its game and its log, as a pure state machine (no I/O).

Everything that happens at a table is an entry of its log, numbered by ``seq``
from 1. A *command* (a seat taken, the game started, a hand dealt, a decision, a
player back, the game ended) is checked and carried out by :meth:`Table.submit`,
which returns the command's entry and any entries that follow from it (a hand
finished, the game over, a player marked away). Nothing changes when a command
is refused.

The table is rebuilt after a restart by submitting its stored commands again, in
order and with their stored times, against the stored shuffles
(:class:`~palace_poker.server.recording.RecordingShuffle`): the engine is
deterministic, so the rebuilt table is the table that was (clocks included,
since a deadline is a command's time plus the turn time).

>>> from palace_poker.server.settings import TableSettings
>>> s = TableSettings.from_form({"name": "T", "small_bet": 10, "seats": 2, "stack": 50})
>>> t = Table("t1", s)
>>> [e.kind for e in t.submit("seated", {"seat": 0, "name": "Ann", "bot": None}, at=0.0)]
['seated']
>>> _ = t.submit("seated", {"seat": 1, "name": "Bob", "bot": None}, at=1.0)
>>> _ = t.submit("started", {}, at=2.0)
>>> [e.kind for e in t.submit("hand_started", {}, at=3.0)], t.deadline is not None
(['hand_started'], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from palace_poker.actions import Action
from palace_poker.bots import BOTS
from palace_poker.cards import Card
from palace_poker.checks import as_int, as_text, short
from palace_poker.errors import PalaceError, RecordError
from palace_poker.events import Event
from palace_poker.game import Game
from palace_poker.hand import Hand
from palace_poker.redaction import full_events
from palace_poker.server.recording import RecordingShuffle
from palace_poker.server.settings import TableError, TableSettings, player_name

#: Commands: what a person, a bot, the clock or the server asks of a table.
COMMANDS: Final = ("seated", "started", "hand_started", "action", "back", "ended")
#: Entries that follow from a command (never submitted; made again on a rebuild).
CONSEQUENCES: Final = ("hand_finished", "game_over", "away")
#: Who made a decision: its player, a bot, the clock (a turn timed out) or the
#: table for an away player.
DECIDERS: Final = ("player", "bot", "clock", "away")
#: Facts a command's entry adds to the command (made again on a rebuild).
_FACTS: Final = ("dealer", "draw", "hand_number")
#: Consecutive timeouts after which a player is marked away.
AWAY_AFTER: Final = 2


@dataclass(frozen=True)
class Entry:
    """One numbered entry of a table's log.

    ``data`` is what is stored (public facts only: names, seats, action texts);
    ``events`` are the engine's events the entry caused, hidden cards included
    (kept in memory only and sent through :mod:`~palace_poker.server.projection`);
    ``hand_seats`` maps their hand seats to table seats.
    """

    seq: int
    kind: str
    at: float
    data: dict[str, Any]
    events: tuple[Event, ...] = ()
    hand_seats: tuple[int, ...] = ()


@dataclass
class Seat:
    """A seat taken by a person or a bot."""

    name: str
    bot: str | None
    away: bool = False
    timeouts: int = 0


@dataclass
class Table:
    """A table's whole state, rebuilt from its log (see the module's text)."""

    id: str
    settings: TableSettings
    shuffle: RecordingShuffle = field(default_factory=RecordingShuffle)
    seats: list[Seat | None] = field(default_factory=list)
    log: list[Entry] = field(default_factory=list)
    host: int | None = None
    status: str = "waiting"
    game: Game | None = None
    game_seats: tuple[int, ...] = ()
    hand_number: int = 0
    deadline: float | None = None
    deadline_seat: int | None = None
    next_hand_at: float | None = None
    winner: int | None = None
    #: The hand that ended last, and its table seats: shown until the next deal, so
    #: its showdown and captures can be read.
    last_hand: Hand | None = None
    last_hand_seats: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [None] * self.settings.seats

    @classmethod
    def rebuild(
        cls,
        table_id: str,
        settings: TableSettings,
        entries: list[tuple[int, str, float, dict[str, Any]]],
        shuffles: list[tuple[Card, ...]],
    ) -> Table:
        """The table its stored log describes: each command submitted again at its
        stored time, against the stored shuffles; the consequences it makes again
        must be the stored ones (``RecordError('invalid_record')`` otherwise)."""
        table = cls(table_id, settings, RecordingShuffle(shuffles))
        for seq, kind, at, data in entries:
            if kind in CONSEQUENCES:
                made = table.log[seq - 1] if seq <= len(table.log) else None
                if made is None or made.kind != kind:
                    raise RecordError(
                        "invalid_record",
                        f"table {table_id}: entry {seq} ({kind}) is not made again",
                    )
                continue
            if seq != table.seq + 1:
                raise RecordError("invalid_record", f"table {table_id}: entry {seq} out of order")
            command = {k: v for k, v in data.items() if k not in _FACTS}
            table.submit(kind, command, at=at)
        return table

    # ------------------------------------------------------------ reading

    @property
    def seq(self) -> int:
        """The number of the last entry (0 for a new table)."""
        return len(self.log)

    @property
    def hand(self) -> Hand | None:
        """The hand in play, or None between hands."""
        return self.game.hand if self.game is not None else None

    def hand_seats(self) -> tuple[int, ...]:
        """The table seat of each seat of the current hand."""
        if self.game is None or self.game.hand is None:
            return ()
        return tuple(self.game_seats[g] for g in self.game.hand_seats)

    def hand_seat(self, seat: int) -> int | None:
        """The hand seat of a table seat, or None when not dealt in."""
        seats = self.hand_seats()
        return seats.index(seat) if seat in seats else None

    def to_act(self) -> int | None:
        """The table seat whose decision is due, or None."""
        hand = self.hand
        if hand is None or hand.over or hand.to_act is None:
            return None
        return self.hand_seats()[hand.to_act]

    def stack(self, seat: int) -> int:
        """A seat's chips: in the hand when dealt in, else at the table."""
        hand, game = self.hand, self.game
        if game is None:
            return self.settings.stack if self.seats[seat] is not None else 0
        if hand is not None and (at := self.hand_seat(seat)) is not None:
            return hand.stacks[at]
        return game.stacks[self.game_seats.index(seat)] if seat in self.game_seats else 0

    def free_seats(self) -> list[int]:
        """Seats nobody has taken (only before the game starts)."""
        if self.status != "waiting":
            return []
        return [i for i, taken in enumerate(self.seats) if taken is None]

    # ------------------------------------------------------------ commands

    def submit(self, kind: str, data: dict[str, Any], *, at: float) -> list[Entry]:
        """Check and carry out a command; return its entry and its consequences.

        Raises :class:`TableError` (or the engine's error for a decision) and
        changes nothing when the command is refused.
        """
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise TableError("malformed_message", f"no command {short(kind)}")
        before = len(self.log)
        try:
            handler(self, data, at)
        except PalaceError:
            del self.log[before:]  # the handlers append only after every check
            raise
        return self.log[before:]

    def _append(
        self,
        kind: str,
        at: float,
        data: dict[str, Any],
        events: tuple[Event, ...] = (),
        hand_seats: tuple[int, ...] = (),
    ) -> Entry:
        entry = Entry(self.seq + 1, kind, at, data, events, hand_seats)
        self.log.append(entry)
        return entry

    def _seated(self, data: dict[str, Any], at: float) -> None:
        if self.status != "waiting":
            raise TableError("game_started", "seats are taken before the game starts")
        seat = as_int(data.get("seat"))
        if seat is None or not 0 <= seat < len(self.seats):
            raise TableError(
                "invalid_seat",
                f"no seat {short(data.get('seat'))} at a table of {len(self.seats)}",
                details={"input": short(data.get("seat"))},
            )
        if self.seats[seat] is not None:
            raise TableError("seat_taken", f"seat {seat} is taken", details={"input": seat})
        name = player_name(data.get("name"))
        if any(s is not None and s.name.casefold() == name.casefold() for s in self.seats):
            raise TableError(
                "name_taken", f"someone at this table is called {name!r}", details={"input": name}
            )
        bot = data.get("bot")
        if bot is not None and (not isinstance(bot, str) or bot not in _bot_kinds()):
            raise TableError("unknown_bot", f"no bot named {short(bot)}")
        self.seats[seat] = Seat(name, bot)
        if bot is None and self.host is None:
            self.host = seat
        self._append("seated", at, {"seat": seat, "name": name, "bot": bot})

    def _started(self, data: dict[str, Any], at: float) -> None:
        self._need("waiting")
        taken = tuple(i for i, s in enumerate(self.seats) if s is not None)
        if len(taken) < 2:
            raise TableError("too_few_players", "a game needs at least two players")
        players = [(self._seat(i).name, self.settings.stack) for i in taken]
        self.game = Game(self.settings.rules(), players, shuffle=self.shuffle)
        self.game_seats = taken
        self.status = "playing"
        self.next_hand_at = at
        draw = self.game.dealer_draw
        facts: dict[str, Any] = {"dealer": taken[self.game.dealer]}
        if draw is not None:
            facts["draw"] = [[[taken[s], str(c)] for s, c in round_] for round_ in draw.rounds]
        self._append("started", at, {**data, **facts})

    def _hand_started(self, data: dict[str, Any], at: float) -> None:
        self._need("playing")
        game = self.game
        assert game is not None
        if game.hand is not None:
            raise TableError("hand_in_play", "a hand is in play")
        hand = game.start_hand()
        self.last_hand, self.last_hand_seats = None, ()
        self.hand_number += 1
        self.next_hand_at = None
        seats = self.hand_seats()
        events = tuple(full_events(hand.events, tuple(hand.palaces)))
        self._append("hand_started", at, {"hand_number": self.hand_number}, events, seats)
        self._arm(at)

    def _action(self, data: dict[str, Any], at: float) -> None:
        hand = self.hand
        if self.status != "playing" or hand is None or hand.over:
            raise TableError("no_hand_in_play", "no hand is in play")
        seat = as_int(data.get("seat"))
        by = data.get("by")
        text = as_text(data.get("action"))
        if seat is None or by not in DECIDERS or text is None:
            raise TableError("malformed_message", f"not an action command: {short(data)}")
        at_hand = self.hand_seat(seat)
        if at_hand is None:
            raise TableError("not_in_hand", f"seat {seat} is not dealt into this hand")
        if by == "player" and hand.to_act != at_hand:
            raise TableError("not_your_turn", "another player's decision is due", rule="R-TURN-1")
        start = len(hand.events)
        try:
            hand.apply(Action.parse(f"{at_hand} {text}"), version=data.get("version"))
        except PalaceError as err:
            raise _without_seat(err, f"{at_hand} ") from None
        events = tuple(full_events(hand.events[start:], tuple(hand.palaces)))
        seats = self.hand_seats()
        self._append(
            "action",
            at,
            {"seat": seat, "action": text, "version": data.get("version"), "by": by},
            events,
            seats,
        )
        self._after_decision(seat, str(by), at)

    def _after_decision(self, seat: int, by: str, at: float) -> None:
        player = self._seat(seat)
        if by == "player":
            player.timeouts, player.away = 0, False
        elif by == "clock":
            player.timeouts += 1
            if player.timeouts >= AWAY_AFTER and not player.away:
                player.away = True
                self._append("away", at, {"seat": seat})
        game = self.game
        assert game is not None
        hand = game.hand
        if hand is not None and hand.over:
            self._finish(at)
        else:
            self._arm(at)

    def _finish(self, at: float) -> None:
        game = self.game
        assert game is not None
        seats = self.hand_seats()
        self.last_hand, self.last_hand_seats = game.hand, seats
        result = game.finish_hand()
        self.deadline = self.deadline_seat = None
        self._append(
            "hand_finished",
            at,
            {
                "hand_number": self.hand_number,
                "end": result.end,
                "stacks": {str(seats[h]): s for h, s in enumerate(result.stacks)},
            },
        )
        if game.over:
            self._over(at, "host" if game.stopped else "chips")
        else:
            self.next_hand_at = at + self.settings.between_hands

    def _over(self, at: float, reason: str) -> None:
        game = self.game
        self.status = "over"
        self.next_hand_at = self.deadline = self.deadline_seat = None
        if game is not None:
            left = [self.game_seats[g] for g in game.seats_in_game]
            self.winner = left[0] if len(left) == 1 else None
        self._append("game_over", at, {"winner": self.winner, "reason": reason})

    def _back(self, data: dict[str, Any], at: float) -> None:
        seat = as_int(data.get("seat"))
        player = self.seats[seat] if seat is not None and 0 <= seat < len(self.seats) else None
        if seat is None or player is None or player.bot is not None:
            raise TableError("not_seated", f"seat {short(data.get('seat'))} has no player")
        if not player.away:
            raise TableError("not_away", f"{player.name} is not away")
        player.away, player.timeouts = False, 0
        self._append("back", at, {"seat": seat})
        if self.to_act() == seat:
            self._arm(at)

    def _ended(self, data: dict[str, Any], at: float) -> None:
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        self._append("ended", at, {})
        if self.game is None or self.game.hand is None:
            self._over(at, "host")
        else:
            self.game.stop()  # the hand in play is played out; no other is dealt

    # ------------------------------------------------------------ helpers

    def _arm(self, at: float) -> None:
        """Start the clock of the decision due, if a present person makes it."""
        seat = self.to_act()
        player = self.seats[seat] if seat is not None else None
        if seat is None or player is None or player.bot is not None or player.away:
            self.deadline = self.deadline_seat = None
        else:
            self.deadline, self.deadline_seat = at + self.settings.turn_seconds, seat

    def _need(self, status: str) -> None:
        if self.status != status:
            code = {"waiting": "game_started", "playing": "game_not_started"}[status]
            if self.status == "over":
                code = "game_over"
            raise TableError(code, f"the game is {self.status}, not {status}")

    def _seat(self, seat: int) -> Seat:
        player = self.seats[seat]
        assert player is not None
        return player


def _without_seat(err: PalaceError, prefix: str) -> PalaceError:
    """The engine's refusal as the player reads it: the action's text begins with
    the hand seat the server put before it, which the player never typed."""
    message = err.message.replace(f"'{prefix}", "'")  # quoted: "unknown verb 'fly' in 'fly'"
    message = message.removeprefix(prefix)
    if message == err.message:
        return err
    return type(err)(err.code, message, rule=err.rule, details=err.details)


def _bot_kinds() -> tuple[str, ...]:
    return tuple(BOTS)


_HANDLERS = {
    "seated": Table._seated,
    "started": Table._started,
    "hand_started": Table._hand_started,
    "action": Table._action,
    "back": Table._back,
    "ended": Table._ended,
}
