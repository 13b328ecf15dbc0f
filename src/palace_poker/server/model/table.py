"""A table: its seats, its game and its log, as a pure state machine (no I/O).

Everything that happens at a table is an entry of its log, numbered by ``seq``
from 1. A *command* (a seat taken, the game started, a hand dealt, a decision, a
player back, the game ended) is checked and carried out by :meth:`Table.submit`,
which returns the command's entry and any entries that follow from it (a hand
finished, the game over, a player marked away). Nothing changes when a command
is refused.

The table is rebuilt after a restart by submitting its stored commands again, in
order and with their stored times, against the stored shuffles
(:class:`~palace_poker.server.model.recording.RecordingShuffle`): the engine is
deterministic, so the rebuilt table is the table that was (clocks included,
since a deadline is a command's time plus the turn time).

>>> from palace_poker.server.model.settings import TableSettings
>>> s = TableSettings.from_form({"name": "T", "small_bet": 10, "seats": 2, "stack": 50})
>>> t = Table("t1", s)
>>> [e.kind for e in t.submit("seated", {"seat": 0, "name": "Ann", "bot": None}, at=0.0)]
['seated']
>>> _ = t.submit("seated", {"seat": 1, "name": "Bob", "bot": None}, at=1.0)
>>> _ = t.submit("started", {}, at=2.0)
>>> [e.kind for e in t.submit("hand_started", {}, at=3.0)], t.clock.deadline is not None
(['hand_started'], True)
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random
from collections.abc import Callable
from dataclasses import InitVar, dataclass, field, replace
from typing import Any, Final

from palace_poker.actions import Action
from palace_poker.bots import BOTS
from palace_poker.cards import Card
from palace_poker.checks import MIN_PLAYERS, as_int, as_text, is_int, short
from palace_poker.errors import PalaceError, RecordError
from palace_poker.events import BattleCompared, Event, Folded, ShowdownRevealed
from palace_poker.explain import Explanation, explain
from palace_poker.fair import (
    SCHEME,
    FairProof,
    FairShuffle,
    check_contributions,
    server_commitment,
)
from palace_poker.game import Game
from palace_poker.hand import Hand
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.lesson import LESSON_BOT, lesson_shuffle
from palace_poker.server.model.messages import HOST_ENTRIES, HOST_ONLY
from palace_poker.server.model.recording import RecordingShuffle
from palace_poker.server.model.settings import (
    BOT_NAMES,
    JOINERS,
    READY_CAP,
    TableSettings,
    player_name,
)
from palace_poker.server.model.table_state import Account, Clock, FairDeal, History, Seat
from palace_poker.variant import Struck

#: Commands only the host may give (the entry's ``by`` names the host's seat): the
#: host's tools, declared by their message classes (``SENDER = "host"``).
HOST_COMMANDS: Final = HOST_ONLY
#: The longest chat message, in characters.
MAX_CHAT: Final = 300
#: The most contributions to one hand's fair seed a seat may make (each is an entry
#: of the log; a page makes one).
MAX_CONTRIBUTIONS: Final = 4
#: Settings the host may change: the stakes and the clock between hands, the rest
#: at any time.
BETWEEN_HANDS_SETTINGS: Final = ("small_bet", "big_bet", "ante", "turn_seconds")
ANY_TIME_SETTINGS: Final = (
    "approval",
    "spectators",
    "rebuys",
    "rebuy_to",
    # the pace between hands: applied from the next pause on
    "between_hands",
    "wait_for_ready",
)
#: Entries that follow from a command (never submitted; made again on a rebuild).
CONSEQUENCES: Final = ("hand_finished", "game_over", "away")
#: Who made a decision: its player, a bot, the clock (a turn timed out) or the
#: table for an away player.
DECIDERS: Final = ("player", "bot", "clock", "away")
#: Facts a command's entry adds to the command (made again on a rebuild).
_FACTS: Final = (
    "dealer",
    "draw",
    "hand_number",
    "pending",
    "chips_taken",
    "commitment",
    "server_commitment",
)
#: Consecutive timeouts after which a player is marked away.
AWAY_AFTER: Final = 2
#: The most of the time bank one turn may draw, as a share of the turn time (and
#: at least BANK_TURN_LEAST seconds): a missed turn costs that much, not the bank.
BANK_TURN_SHARE: Final = 0.5
BANK_TURN_LEAST: Final = 5.0
#: How much the bots' thinking pause varies around the table's ``bot_pause``.
BOT_PAUSE_SPREAD: Final = 0.3
#: Reading time added to a bot's pause after an entry that closed a battle or ended
#: a hand (its result is read before the next move comes), as a share of
#: ``bot_pause``, and at most READ_AFTER_BATTLE seconds.
READ_AFTER_BATTLE: Final = 1.5


@dataclass(frozen=True)
class Entry:
    """One numbered entry of a table's log.

    ``data`` is what is stored (public facts only: names, seats, action texts);
    ``events`` are the engine's events the entry caused, hidden cards included
    (kept in memory only and sent through :mod:`~palace_poker.server.model.projection`);
    ``hand_seats`` maps their hand seats to table seats; ``explanations`` says why
    each comparison among the events went as it did (the index of its event, and
    the hands as they were compared, hidden cards included: see
    :func:`~palace_poker.explain.explanation_for`).
    """

    seq: int
    kind: str
    at: float
    data: dict[str, Any]
    events: tuple[Event, ...] = ()
    hand_seats: tuple[int, ...] = ()
    explanations: tuple[tuple[int, Explanation], ...] = ()


#: A command's plan: the changes it makes, once every check has passed.
Plan = Callable[[], None]
#: A command's handler: checks the command against the table (reading it only, and
#: raising :class:`TableError` to refuse) and returns its plan.
Handler = Callable[["Table", dict[str, Any], float], Plan]
#: Each command's handler, by the kind of its entry (filled by ``@_command``).
_HANDLERS: dict[str, Handler] = {}


def _command(kind: str) -> Callable[[Handler], Handler]:
    """Mark a :class:`Table` method as the handler of command ``kind``."""

    def handles(method: Handler) -> Handler:
        _HANDLERS[kind] = method
        return method

    return handles


@dataclass
class Table:
    """A table's whole state, rebuilt from its log (see the module's text)."""

    id: str
    settings: TableSettings
    shuffle: RecordingShuffle = field(default_factory=RecordingShuffle)
    #: The key each hand's fair-shuffle secret is derived from (palace-fair/1): see
    #: :class:`FairDeal`. None: a table made before fair shuffles.
    secret: InitVar[bytes | None] = None
    #: The seats, each taken or not, and the host's.
    seats: list[Seat | None] = field(default_factory=list)
    host: int | None = None
    log: list[Entry] = field(default_factory=list)
    status: str = "waiting"
    game: Game | None = None
    #: The table seat of each seat of the game (-1 once its player has left).
    game_seats: list[int] = field(default_factory=list)
    hand_number: int = 0
    winner: int | None = None
    #: The chip ledger's lines, one a player who took a seat, in order.
    accounts: list[Account] = field(default_factory=list)
    #: The clocks and the pace: the turn's, the time bank's, the pause between hands.
    clock: Clock = field(default_factory=Clock)
    #: The fair deal: the key, the contributions to the next seed, the proofs.
    fair: FairDeal = field(init=False)
    #: The hands played, for the histories and the last hand's showdown.
    history: History = field(default_factory=History)

    def __post_init__(self, secret: bytes | None) -> None:
        self.fair = FairDeal(secret)
        if not self.seats:
            self.seats = [None] * self.settings.seats
        if self.settings.lesson:  # the arranged deck, on a rebuild too (docs/server.md)
            self.shuffle.use(lesson_shuffle())

    @classmethod
    def rebuild(
        cls,
        table_id: str,
        settings: TableSettings,
        entries: list[tuple[int, str, float, dict[str, Any]]],
        shuffles: list[tuple[Card, ...]],
        secret: bytes | None = None,
    ) -> Table:
        """The table its stored log describes: each command submitted again at its
        stored time, against the stored shuffles; the consequences it makes again
        must be the stored ones (``RecordError('invalid_record')`` otherwise)."""
        table = cls(table_id, settings, RecordingShuffle(shuffles), secret)
        table.replay(entries)
        return table

    def replay(self, entries: list[tuple[int, str, float, dict[str, Any]]]) -> list[Entry]:
        """Carry out stored entries that follow this table's last one (written by
        another server process, say: their shuffles given to :attr:`shuffle` first);
        returns the entries made. The consequences made again must be the stored ones
        (``RecordError('invalid_record')`` otherwise)."""
        before = self.seq
        for seq, kind, at, data in entries:
            if kind in CONSEQUENCES:
                made = self.log[seq - 1] if seq <= len(self.log) else None
                if made is None or made.kind != kind:
                    raise RecordError(
                        "invalid_record",
                        f"table {self.id}: entry {seq} ({kind}) is not made again",
                    )
                continue
            if seq != self.seq + 1:
                raise RecordError("invalid_record", f"table {self.id}: entry {seq} out of order")
            command = {k: v for k, v in data.items() if k not in _FACTS}
            self.submit(kind, command, at=at)
        return self.log[before:]

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
        """A seat's chips: in the hand when dealt in, else at the table (a player
        waiting for the next deal has the starting stack; one waiting for the
        host's approval, none)."""
        player = self.seats[seat]
        if player is None or player.pending:
            return 0
        hand, game = self.hand, self.game
        if game is None or player.game_seat is None:
            return self.settings.stack
        if hand is not None and (at := self.hand_seat(seat)) is not None:
            return hand.stacks[at]
        return game.stacks[player.game_seat]

    def free_seats(self) -> list[int]:
        """Seats nobody has taken (none once the game is over)."""
        if self.status == "over":
            return []
        return [i for i, taken in enumerate(self.seats) if taken is None]

    def server_commitment(self) -> str | None:
        """The SHA-256 of the next hand's server secret (palace-fair/1), published
        before the players contribute; None without fair shuffles or after the end."""
        if self.fair.secret is None or self.status == "over":
            return None
        return server_commitment(self._hand_secret(self.hand_number + 1))

    @_command("contributed")
    def _contributed(self, data: dict[str, Any], at: float) -> Plan:
        """A seated player's contribution to the next hand's fair seed (a client's
        random value; the latest one of a seat counts). A log entry like any change,
        so that it reaches the deal whichever server process received it, and every
        viewer on every process sees who has contributed; the deal's entry carries
        the values used. ``invalid_contribution`` for a bad value."""
        seat = as_int(data.get("seat"))
        player = self.seats[seat] if seat is not None and 0 <= seat < len(self.seats) else None
        if seat is None or player is None or player.bot is not None or player.pending:
            raise TableError("not_seated", f"seat {short(data.get('seat'))} has no seated player")
        if self.fair.secret is None or self.status == "over":
            raise TableError("invalid_contribution", "this table's shuffles take no contributions")
        value = data.get("value")
        check_contributions([[seat, value]])
        made = 0  # a page sends one a hand: a flood is refused, not logged
        for item in reversed(self.log):
            if item.kind == "hand_started":
                break
            made += item.kind == "contributed" and item.data.get("seat") == seat
        if made >= MAX_CONTRIBUTIONS:
            raise TableError(
                "rate_limited",
                f"seat {seat} has contributed {made} times to this hand's seed: the last counts",
            )

        def apply() -> None:
            self.fair.contributions[seat] = str(value)
            self._append("contributed", at, {"seat": seat, "value": str(value)})

        return apply

    def last_move(self) -> int:
        """The seq of the last entry that is not a contribution to the fair seed (0
        for none): what a bot's thinking pause and an away player's default are
        timed from. Every person's page contributes just after each deal; that
        must not restart a bot's pause, nor cut its reading time after the deal."""
        for item in reversed(self.log):
            if item.kind != "contributed":
                return item.seq
        return 0

    def requests(self) -> list[int]:
        """Seats whose players wait for the host's approval."""
        return [i for i, s in enumerate(self.seats) if s is not None and s.pending]

    # ------------------------------------------------------------ the pace

    def readying(self, connected: set[int] | None = None) -> list[int]:
        """The people a deal that waits for everyone waits for: seated, to be dealt
        in (not sitting out, not away, not waiting for approval, with chips) and
        connected (``connected`` None: everyone counts as connected). Bots are
        always ready."""
        return [
            seat
            for seat, p in enumerate(self.seats)
            if p is not None
            and p.bot is None
            and not (p.pending or p.sitting_out or p.away)
            and self.stack(seat) > 0
            and (connected is None or seat in connected)
        ]

    def deal_due(self, connected: set[int] | None = None) -> float | None:
        """When the next hand is due. After ``between_hands``; or, when the pause
        waits for everyone (``ready_wait``), once every connected person to be dealt
        in has said they are ready (at once: the pause's start is returned), and at
        the latest :data:`READY_CAP` seconds after the hand's end, so that an absent
        player cannot stall the table. With nobody connected to wait for, the
        ordinary pause."""
        if (
            self.clock.next_hand_at is None
            or not self.clock.ready_wait
            or self.clock.pause_from is None
        ):
            return self.clock.next_hand_at
        people = self.readying(connected)
        if not people:
            return min(self.clock.next_hand_at, self.clock.pause_from + self.settings.between_hands)
        if set(people) <= self.clock.ready:
            return self.clock.pause_from
        return self.clock.next_hand_at

    def bank_for_turn(self) -> float:
        """The most of a time bank one turn draws: half the turn time, at least
        :data:`BANK_TURN_LEAST` seconds. A turn missed altogether costs that much,
        the rest stays for the game's other hard decisions."""
        return max(BANK_TURN_LEAST, self.settings.turn_seconds * BANK_TURN_SHARE)

    def thinking_pause(self, seq: int) -> float:
        """A bot's thinking pause before the decision due after entry ``seq``: the
        table's ``bot_pause``, varied by up to :data:`BOT_PAUSE_SPREAD` either way so
        that the bots do not play like a metronome, and longer after a deal or an
        entry that closed a battle, so that its result is read before the next move
        (half ``bot_pause`` more, at most :data:`READ_AFTER_BATTLE` seconds).

        The variation is drawn from a generator seeded with the table and the entry:
        it is the same every time it is asked (the runner asks again and again while
        it waits, and after a restart), tests can reproduce it, and no other random
        source is touched. It changes when a bot decides, never what: the bot
        decides after the pause, from its own observation."""
        base = self.settings.bot_pause
        if base <= 0:
            return 0.0
        draw = random.Random(f"{self.id} {seq}").random()
        pause = base * (1 + BOT_PAUSE_SPREAD * (2 * draw - 1))
        entry = self.log[seq - 1] if 0 < seq <= len(self.log) else None
        if entry is not None and (
            entry.kind == "hand_started"
            or any(
                isinstance(e, BattleCompared) or (isinstance(e, Folded) and e.in_battle)
                for e in entry.events
            )
        ):
            pause += min(READ_AFTER_BATTLE, base / 2)
        return pause

    # ------------------------------------------------------------ commands

    def submit(self, kind: str, data: dict[str, Any], *, at: float) -> list[Entry]:
        """Check and carry out a command; return its entry and its consequences.

        Raises :class:`TableError` (or the engine's error for a decision) and
        changes nothing when the command is refused, by construction: the command is
        checked and planned first (:meth:`check`, which only reads the table), and
        its plan, which refuses nothing, then makes the changes.
        """
        before = len(self.log)
        plan = self.check(kind, data, at=at)
        assert len(self.log) == before, f"{kind}: its check changed the table"
        plan()
        return self.log[before:]

    def check(self, kind: str, data: dict[str, Any], *, at: float) -> Plan:
        """Check a command against the table, changing nothing, and return its plan:
        the changes it makes, to be carried out at once (as the engine's own
        ``verify`` before ``apply``). Raises as :meth:`submit` does.

        Who may give a host's command is checked first, before any handler looks
        (who before when, as boardgame.io's master checks the player before the
        move); then the command's handler checks everything else and plans."""
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise TableError("malformed_message", f"no command {short(kind)}")
        if kind in HOST_COMMANDS or (kind in HOST_ENTRIES and data.get("by") is not None):
            self._host(data)
        return handler(self, data, at)

    def _append(
        self,
        kind: str,
        at: float,
        data: dict[str, Any],
        events: tuple[Event, ...] = (),
        hand_seats: tuple[int, ...] = (),
        *,
        explanations: tuple[tuple[int, Explanation], ...] = (),
    ) -> Entry:
        entry = Entry(self.seq + 1, kind, at, data, events, hand_seats, explanations)
        self.log.append(entry)
        return entry

    @_command("seated")
    def _seated(self, data: dict[str, Any], at: float) -> Plan:
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        bot = data.get("bot")
        by = data.get("by")  # (a host's: checked by submit)
        if by is None and bot is not None and self.status != "waiting":
            raise TableError("not_host", "only the host can do that")  # the host's tool
        seat = as_int(data.get("seat"))
        if seat is None or not 0 <= seat < len(self.seats):
            raise TableError(
                "invalid_seat",
                f"no seat {short(data.get('seat'))} at a table of {len(self.seats)}",
                details={"input": short(data.get("seat"))},
            )
        if self.seats[seat] is not None:
            raise TableError("seat_taken", f"seat {seat} is taken", details={"input": seat})
        name = player_name(
            data.get("name") if bot is None else data.get("name") or self._bot_name()
        )
        if any(s is not None and s.name.casefold() == name.casefold() for s in self.seats):
            raise TableError(
                "name_taken", f"someone at this table is called {name!r}", details={"input": name}
            )
        lesson_bot = self.settings.lesson and bot == LESSON_BOT
        if (
            bot is not None
            and not lesson_bot
            and (not isinstance(bot, str) or bot not in _bot_kinds())
        ):
            raise TableError("unknown_bot", f"no bot named {short(bot)}")
        pending = bot is None and self.settings.approval and self.host is not None

        def apply() -> None:
            player = Seat(name, bot, pending=pending, bank=float(self.settings.time_bank))
            self.seats[seat] = player
            if not pending:
                self._open_account(seat)
            if bot is None and self.host is None:
                self.host = seat
            facts = {"seat": seat, "name": name, "bot": bot, "pending": pending}
            self._append("seated", at, facts if by is None else {**facts, "by": by})
            self._schedule(at)

        return apply

    @_command("started")
    def _started(self, data: dict[str, Any], at: float) -> Plan:
        self._need("waiting")
        taken = tuple(i for i, s in enumerate(self.seats) if s is not None and not s.pending)
        if len(taken) < 2:
            raise TableError("too_few_players", "a game needs at least two players")

        def apply() -> None:
            players = [(self._seat(i).name, self.settings.stack) for i in taken]
            self.game = Game(
                self.settings.rules(), players, shuffle=self.shuffle, rebuys=self.settings.rebuys
            )
            self.game_seats = list(taken)
            for game_seat, seat in enumerate(taken):
                self._seat(seat).game_seat = game_seat
            self.status = "playing"
            self.clock.next_hand_at = at if self._dealable() else None
            draw = self.game.dealer_draw
            facts: dict[str, Any] = {"dealer": taken[self.game.dealer]}
            if draw is not None:
                facts["draw"] = [[[taken[s], str(c)] for s, c in round_] for round_ in draw.rounds]
            self._append("started", at, {**data, **facts})

        return apply

    @_command("hand_started")
    def _hand_started(self, data: dict[str, Any], at: float) -> Plan:
        self._need("playing")
        game = self.game
        assert game is not None
        if game.hand is not None:
            raise TableError("hand_in_play", "a hand is in play")
        if self.clock.paused:
            raise TableError("game_paused", "the host paused the game")
        if not self._dealable():
            raise TableError("too_few_players", "a hand needs two players who are not sitting out")
        # the fair seed is made in the check, from the seats the deal will deal in:
        # a bad contribution refuses the deal before anything changes
        proof, given = self._fair_deal(data.get("contributions"))

        def apply() -> None:
            self._join_waiting()
            game.rules = self.settings.rules()
            game.sitting_out = {
                p.game_seat
                for p in self.seats
                if p is not None and p.game_seat is not None and p.sitting_out
            }
            self.fair.proof = proof
            if proof is not None:
                self.shuffle.use(FairShuffle(bytes.fromhex(proof.seed)))
            hand = game.start_hand()
            if self.settings.lesson:
                game.stop()  # a lesson is one hand
            self.history.last_hand, self.history.last_hand_seats = None, ()
            self.hand_number += 1
            self.clock.next_hand_at = self.clock.pause_from = None
            self.clock.ready_wait, self.clock.ready = False, set()
            self.fair.contributions = {}
            seats = self.hand_seats()
            every = hand.events
            facts: dict[str, Any] = {"hand_number": self.hand_number}
            if self.fair.proof is not None:
                facts.update(
                    contributions=given,
                    server_commitment=self.fair.proof.server_commitment,
                    commitment=self.fair.proof.commitment,
                )
            self._append(
                "hand_started",
                at,
                facts,
                tuple(every),
                seats,
                explanations=_explained(every, 0, hand.rules.variant.struck),
            )
            self._arm(at)

        return apply

    @_command("action")
    def _action(self, data: dict[str, Any], at: float) -> Plan:
        hand = self.hand
        if self.status != "playing" or hand is None or hand.over:
            raise TableError("no_hand_in_play", "no hand is in play")
        if self.clock.paused:
            raise TableError("game_paused", "the host paused the game: wait for the resume")
        seat = as_int(data.get("seat"))
        by = data.get("by")
        text = as_text(data.get("action"))
        if seat is None or by not in DECIDERS or text is None:
            raise TableError("malformed_message", f"not an action command: {short(data)}")
        self._same_hand(data, text, hand)
        at_hand = self.hand_seat(seat)
        if at_hand is None:
            raise TableError("not_in_hand", f"seat {seat} is not dealt into this hand")
        if by == "player" and hand.to_act != at_hand:
            raise TableError("not_your_turn", "another player's decision is due", rule="R-TURN-1")
        try:  # the engine's own check, then its change
            action = hand.verify(Action.parse(f"{at_hand} {text}"), version=data.get("version"))
        except PalaceError as err:
            raise _without_seat(err, f"{at_hand} ") from None

        def apply() -> None:
            start = len(hand.events)
            hand.apply(action)
            every = hand.events
            self._append(
                "action",
                at,
                {"seat": seat, "action": text, "version": data.get("version"), "by": by},
                tuple(every[start:]),
                self.hand_seats(),
                explanations=_explained(every, start, hand.rules.variant.struck),
            )
            self._after_decision(seat, str(by), at)

        return apply

    def _same_hand(self, data: dict[str, Any], text: str, hand: Hand) -> None:
        """A decision answers one state of the table: the hand it was chosen on
        (``hand``, the table's hand number) and that hand's version. A hand's
        version starts again at 0, so a decision sent on one hand and delivered
        late (a stalled network, a frozen process) would otherwise fit a later
        hand at the same version: it is refused with ``stale_version``, as a
        decision answering an old version of the hand is. A stored entry names no
        hand (it is carried out again in its own hand's context), so a command
        without one is not checked here."""
        given = data.get("hand")
        if given is None or (is_int(given) and given == self.hand_number):
            return
        raise TableError(
            "stale_version",
            f"{text}: answers hand {short(given)}, and hand {self.hand_number} is in play "
            f"(at version {hand.version}): look again",
            details={
                "action": text,
                "hand": short(given),
                "version": short(data.get("version")),
                "current_hand": self.hand_number,
                "current": hand.version,
            },
        )

    def _after_decision(self, seat: int, by: str, at: float) -> None:
        player = self._seat(seat)
        if self.clock.bank_from is not None:  # the decision came out of the time bank
            player.bank = max(0.0, player.bank - (at - self.clock.bank_from))
            self.clock.bank_from = None
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
        self.history.last_hand, self.history.last_hand_seats = game.hand, seats
        assert game.hand is not None
        self.history.finished.append((game.hand, seats))
        self.fair.proofs.append(self.fair.proof)
        self.fair.proof = None
        self.shuffle.use(None)
        result = game.finish_hand()
        self.clock.deadline = self.clock.deadline_seat = None
        self._append(
            "hand_finished",
            at,
            {
                "hand_number": self.hand_number,
                "end": result.end,
                "stacks": {str(seats[h]): s for h, s in enumerate(result.stacks)},
            },
        )
        if game.over and (game.stopped or not self.settings.rebuys):
            ended = "lesson" if self.settings.lesson else "host"
            self._over(at, ended if game.stopped else "chips")
        else:  # with rebuys, a table short of players waits for one to rebuy
            self._schedule(at)

    def _over(self, at: float, reason: str) -> None:
        game = self.game
        self.status = "over"
        self.clock.next_hand_at = self.clock.deadline = self.clock.deadline_seat = None
        if game is not None:
            left = [self.game_seats[g] for g in game.seats_in_game]
            self.winner = left[0] if len(left) == 1 else None
        self._append("game_over", at, {"winner": self.winner, "reason": reason})

    @_command("back")
    def _back(self, data: dict[str, Any], at: float) -> Plan:
        seat = as_int(data.get("seat"))
        player = self.seats[seat] if seat is not None and 0 <= seat < len(self.seats) else None
        if seat is None or player is None or player.bot is not None:
            raise TableError("not_seated", f"seat {short(data.get('seat'))} has no player")
        if not player.away:
            raise TableError("not_away", f"{player.name} is not away")

        def apply() -> None:
            player.away, player.timeouts = False, 0
            self._append("back", at, {"seat": seat})
            if self.to_act() == seat:
                self._arm(at)

        return apply

    @_command("ended")
    def _ended(self, data: dict[str, Any], at: float) -> Plan:
        if self.status == "over":
            raise TableError("game_over", "the game is over")

        def apply() -> None:
            self._append("ended", at, {"by": data["by"]} if data.get("by") is not None else {})
            if self.game is None or self.game.hand is None:
                self._over(at, "host")
            else:
                self.game.stop()  # the hand in play is played out; no other is dealt

        # ------------------------------------------------------------ the host's tools

        return apply

    @_command("paused")
    def _paused(self, data: dict[str, Any], at: float) -> Plan:
        by = self._by(data)
        self._need("playing")
        if self.clock.paused:
            raise TableError("game_paused", "the game is paused already")

        def apply() -> None:
            self.clock.paused, self.clock.paused_at = True, at
            self.clock.paused_clock = (
                None if self.clock.deadline is None else max(0.0, self.clock.deadline - at)
            )
            self.clock.paused_deal = (
                None if self.clock.next_hand_at is None else max(0.0, self.clock.next_hand_at - at)
            )
            self.clock.deadline = self.clock.next_hand_at = None
            self._append("paused", at, {"by": by})

        return apply

    @_command("resumed")
    def _resumed(self, data: dict[str, Any], at: float) -> Plan:
        by = self._by(data)
        if not self.clock.paused:
            raise TableError("not_paused", "the game is not paused")

        def apply() -> None:
            self.clock.paused = False
            if self.clock.paused_clock is not None:  # the clock goes on from where it stopped
                self.clock.deadline = at + self.clock.paused_clock
            if self.clock.paused_deal is not None:
                self.clock.next_hand_at = at + self.clock.paused_deal
            if self.clock.bank_from is not None:
                self.clock.bank_from += at - self.clock.paused_at
            if self.clock.pause_from is not None:
                self.clock.pause_from += at - self.clock.paused_at
            self.clock.paused_clock = self.clock.paused_deal = None
            self._append("resumed", at, {"by": by})
            self._schedule(at)

        return apply

    @_command("storage_back")
    def _storage_back(self, data: dict[str, Any], at: float) -> Plan:
        """The store was unreachable from ``since`` until now (docs/deploy.md): no
        automatic change could be stored meanwhile, so the clocks waited. The turn
        clock, the time bank and the pause between hands go on from where they
        stood at ``since``: every deadline moves on by the outage's length. A part
        already given back by an earlier entry (another process's, for the same
        outage, stored after it began) is not given again: such an entry moves
        nothing. The entry's ``seconds`` is the time given back."""
        since = data.get("since")
        if (
            not isinstance(since, int | float)
            or isinstance(since, bool)
            or not math.isfinite(since)
            or since > at
        ):
            raise TableError("malformed_message", f"not a storage_back command: {short(data)}")
        # An outage that began before the last entry that gave time back was given
        # back by it (another process's entry for the same outage): nothing more,
        # since the clocks have run, rightly, from that entry on.
        seconds = 0.0 if since < self.clock.held_until else max(0.0, at - float(since))

        def apply() -> None:
            self.clock.held_until = max(self.clock.held_until, at)
            if not self.clock.paused:  # (a paused table's clocks stand still already)
                if self.clock.deadline is not None:
                    self.clock.deadline += seconds
                if self.clock.next_hand_at is not None:
                    self.clock.next_hand_at += seconds
                if self.clock.bank_from is not None:
                    self.clock.bank_from += seconds
                if self.clock.pause_from is not None:
                    self.clock.pause_from += seconds
            self._append("storage_back", at, {"since": float(since), "seconds": round(seconds, 3)})

        return apply

    @_command("approved")
    def _approved(self, data: dict[str, Any], at: float) -> Plan:
        by = self._by(data)
        seat, player = self._request(data)

        def apply() -> None:
            player.pending = False
            self._open_account(seat)
            self._append("approved", at, {"by": by, "seat": seat})
            self._schedule(at)

        return apply

    @_command("refused")
    def _refused(self, data: dict[str, Any], at: float) -> Plan:
        by = self._by(data)
        seat, player = self._request(data)

        def apply() -> None:
            self.seats[seat] = None
            self._append("refused", at, {"by": by, "seat": seat, "name": player.name})

        return apply

    @_command("removed")
    def _removed(self, data: dict[str, Any], at: float) -> Plan:
        by = self._by(data)
        seat = self._taken(data)
        if seat == by:
            raise TableError("invalid_seat", "the host leaves by standing up, not by removal")
        name = self._seat(seat).name

        self._check_leave(seat)

        def apply() -> None:
            taken = self._leave(seat)
            self._append(
                "removed", at, {"by": by, "seat": seat, "name": name, "chips_taken": taken}
            )
            self._after_leaving(at)

        return apply

    @_command("settings_changed")
    def _settings_changed(self, data: dict[str, Any], at: float) -> Plan:
        by = self._by(data)
        changes = data.get("changes")
        if not isinstance(changes, dict) or not changes:
            raise TableError("invalid_settings", f"no settings to change in {short(changes)}")
        allowed = BETWEEN_HANDS_SETTINGS + ANY_TIME_SETTINGS
        unknown = [k for k in changes if k not in allowed]
        if unknown:
            raise TableError(
                "invalid_settings",
                f"{short(unknown[0])} cannot be changed; the host may change " + ", ".join(allowed),
            )
        if self.hand is not None and any(k in BETWEEN_HANDS_SETTINGS for k in changes):
            raise TableError("hand_in_play", "the stakes and the clock change between hands")
        s = self.settings
        settings = TableSettings.from_form(
            {**s.to_dict(), **changes}, bot_pause=s.bot_pause, between_hands=s.between_hands
        )

        def apply() -> None:
            self.settings = replace(settings, time_bank=s.time_bank)
            if self.game is not None:
                self.game.rebuys = self.settings.rebuys
            self._append("settings_changed", at, {"by": by, "changes": dict(changes)})
            self._schedule(at)

        return apply

    @_command("host_passed")
    def _host_passed(self, data: dict[str, Any], at: float) -> Plan:
        by = self._by(data)
        seat = self._taken(data)
        player = self._seat(seat)
        if player.bot is not None or player.pending or seat == by:
            raise TableError("invalid_seat", f"{player.name} cannot be the host")

        def apply() -> None:
            self.host = seat
            self._append("host_passed", at, {"by": by, "seat": seat})

        # ------------------------------------------------------------ the players' controls

        return apply

    @_command("sat_out")
    def _sat_out(self, data: dict[str, Any], at: float) -> Plan:
        seat = self._person(data)
        player = self._seat(seat)
        if player.sitting_out:
            raise TableError("sitting_out", f"{player.name} is sitting out already")

        def apply() -> None:
            player.sitting_out = True
            self._append("sat_out", at, {"seat": seat})
            if not self._dealable():
                self.clock.next_hand_at = None

        return apply

    @_command("sat_in")
    def _sat_in(self, data: dict[str, Any], at: float) -> Plan:
        seat = self._person(data)
        player = self._seat(seat)
        if not player.sitting_out:
            raise TableError("not_sitting_out", f"{player.name} is not sitting out")

        def apply() -> None:
            player.sitting_out = False
            self._append("sat_in", at, {"seat": seat})
            self._schedule(at)

        return apply

    @_command("stood_up")
    def _stood_up(self, data: dict[str, Any], at: float) -> Plan:
        seat = self._person(data)
        name = self._seat(seat).name

        self._check_leave(seat)

        def apply() -> None:
            taken = self._leave(seat)
            self._append("stood_up", at, {"seat": seat, "name": name, "chips_taken": taken})
            self._after_leaving(at)

        return apply

    @_command("rebought")
    def _rebought(self, data: dict[str, Any], at: float) -> Plan:
        seat = self._person(data)
        player = self._seat(seat)
        if not self.settings.rebuys:
            raise TableError("no_rebuys", "this table allows no rebuys", rule="R-GAME-1")
        game = self.game
        if game is None or player.game_seat is None:
            raise TableError("game_not_started", "chips are bought once the game has started")
        if self.hand_seat(seat) is not None:
            raise TableError("hand_in_play", "chips are bought between hands", rule="R-GAME-1")
        chips = as_int(data.get("chips"))
        limit = self.settings.rebuy_limit
        stack = game.stacks[player.game_seat]
        if chips is None or chips < 1 or stack + chips > limit:
            raise TableError(
                "invalid_amount",
                f"a rebuy of {short(data.get('chips'))} chips: a stack may be bought up to "
                f"{limit}, and this one has {stack}",
                rule="R-GAME-1",
                details={"input": short(data.get("chips"))},
            )
        game.verify_top_up(player.game_seat, chips)

        def apply() -> None:
            game.top_up(player.game_seat, chips)
            account = self.accounts[player.account]
            account.bought += chips
            account.rebuys += chips
            self._append("rebought", at, {"seat": seat, "chips": chips})
            self._schedule(at)

        return apply

    @_command("bank_used")
    def _bank_used(self, data: dict[str, Any], at: float) -> Plan:
        seat = as_int(data.get("seat"))
        player = self.seats[seat] if seat is not None and 0 <= seat < len(self.seats) else None
        if (
            seat is None
            or player is None
            or self.clock.deadline is None
            or self.clock.deadline_seat != seat
            or self.clock.bank_from is not None
            or player.bank <= 0
            or at < self.clock.deadline
        ):
            raise TableError("no_time_bank", f"no time bank to use for seat {short(seat)} now")
        seconds = min(player.bank, self.bank_for_turn())

        def apply() -> None:
            self.clock.bank_from, self.clock.deadline = at, at + seconds
            self._append("bank_used", at, {"seat": seat, "seconds": seconds})

        return apply

    @_command("ready")
    def _ready(self, data: dict[str, Any], at: float) -> Plan:
        """A player says they are ready for the next hand (between hands: a table
        that waits for everyone deals once every connected player has)."""
        seat = self._person(data)
        self._need("playing")
        if self.hand is not None:
            raise TableError("hand_in_play", "ready for the next hand: once this one is over")
        if seat in self.clock.ready:
            raise TableError("already_ready", f"{self._seat(seat).name} is ready already")

        def apply() -> None:
            self.clock.ready.add(seat)
            self._append("ready", at, {"seat": seat})

        # ------------------------------------------------------------ the chat

        return apply

    @_command("chat")
    def _chat(self, data: dict[str, Any], at: float) -> Plan:
        """A chat line of a seated player (``seat``) or a spectator (``seat`` None,
        ``watcher`` their number, given by the server): plain text, one line, at most
        :data:`MAX_CHAT` characters; refused for a muted player."""
        seat = data.get("seat")
        text = data.get("text")
        if not isinstance(text, str) or not 0 < len(" ".join(text.split())) <= MAX_CHAT:
            raise TableError(
                "invalid_chat", f"a chat message is 1 to {MAX_CHAT} characters of text"
            )
        text = " ".join(text.split())  # one line: no newlines or runs of spaces
        if not all(c.isprintable() or c in JOINERS for c in text):
            raise TableError("invalid_chat", "a chat message holds no control characters")
        if seat is None:  # a spectator, numbered by the server in the order they came
            watcher = data.get("watcher")
            if not is_int(watcher) or not 0 < int(str(watcher)) < 2**31:
                raise TableError("invalid_chat", f"not a spectator's number: {short(watcher)}")
            line = {"seat": None, "watcher": watcher, "text": text}
        else:
            taken = self._taken(data)
            player = self._seat(taken)
            if player.bot is not None:
                raise TableError("not_seated", f"seat {taken} has no seated player")
            if player.muted:
                raise TableError("muted", "the host has muted you at this table")
            line = {"seat": taken, "name": player.name, "text": text}

        def apply() -> None:
            self._append("chat", at, line)

        return apply

    @_command("muted")
    def _muted(self, data: dict[str, Any], at: float) -> Plan:
        return self._mute(data, at, muted=True)

    @_command("unmuted")
    def _unmuted(self, data: dict[str, Any], at: float) -> Plan:
        return self._mute(data, at, muted=False)

    def _mute(self, data: dict[str, Any], at: float, *, muted: bool) -> Plan:
        by = self._by(data)
        seat = self._taken(data)
        player = self._seat(seat)
        if player.bot is not None or seat == by or player.muted == muted:
            raise TableError(
                "invalid_seat", f"{player.name} cannot be {'muted' if muted else 'unmuted'}"
            )

        def apply() -> None:
            player.muted = muted
            self._append("muted" if muted else "unmuted", at, {"by": by, "seat": seat})

        return apply

    # ------------------------------------------------------------ helpers

    def _by(self, data: dict[str, Any]) -> int:
        """The host's seat, that gave a host's tool (:meth:`submit` checked it)."""
        assert self.host is not None
        assert data.get("by") == self.host
        return self.host

    def _host(self, data: dict[str, Any]) -> None:
        """``not_host`` unless the seat that gives a host's command (``by``) is the
        host's: checked by :meth:`submit` before any handler, so that who may is
        answered before when, as boardgame.io's master checks the player before the
        move.

        A host's command may name the table's version it was given on (``seq``, the
        last entry the host had seen): then it is refused with ``stale_version`` if
        the table has changed since, as a decision answering an old hand is."""
        by = data.get("by")
        if not is_int(by) or by != self.host or self.host is None:
            raise TableError("not_host", "only the host can do that")
        seen = data.get("seq")
        if seen is not None and (not is_int(seen) or seen != self.seq):
            raise TableError(
                "stale_version",
                f"the table has changed since entry {short(seen)} (it is at {self.seq}): "
                "look again",
                details={"current": self.seq},
            )

    def _taken(self, data: dict[str, Any]) -> int:
        seat = as_int(data.get("seat"))
        if seat is None or not 0 <= seat < len(self.seats) or self.seats[seat] is None:
            raise TableError(
                "not_seated",
                f"seat {short(data.get('seat'))} has no player",
                details={"input": short(data.get("seat"))},
            )
        return seat

    def _person(self, data: dict[str, Any]) -> int:
        """A seated person's own command (never a bot's, nor one still waiting)."""
        seat = self._taken(data)
        player = self._seat(seat)
        if player.bot is not None or player.pending:
            raise TableError("not_seated", f"seat {seat} has no seated player")
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        return seat

    def _request(self, data: dict[str, Any]) -> tuple[int, Seat]:
        seat = self._taken(data)
        player = self._seat(seat)
        if not player.pending:
            raise TableError("no_request", f"{player.name} is not waiting for approval")
        return seat, player

    def _hand_secret(self, number: int) -> bytes:
        """Hand ``number``'s server secret: derived from the table's key, so that one
        stored key serves every hand and releasing a hand's secret tells nothing of
        another's."""
        assert self.fair.secret is not None
        message = f"{SCHEME} hand {number}".encode("ascii")
        return hmac.new(self.fair.secret, message, hashlib.sha256).digest()

    def _fair_deal(self, given: object) -> tuple[FairProof | None, dict[str, str]]:
        """The fair shuffles of the hand about to be dealt (changing nothing): its
        proof, with the seed made from its server secret and the contributions of the
        players dealt in (by table seat in the command; by hand seat in the seed), and
        the contributions used. No proof for a table without a secret."""
        if self.fair.secret is None:
            return None, {}
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise TableError("invalid_contribution", f"not contributions: {short(given)}")
        dealt = self._dealt_next()
        pairs = []
        used: dict[str, str] = {}
        for key, value in sorted(given.items(), key=lambda kv: str(kv[0])):
            seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 3 else None
            if seat is None or seat not in dealt:
                continue  # a contribution of a seat not dealt in counts for nothing
            check_contributions([[dealt.index(seat), value]])
            pairs.append([dealt.index(seat), str(value)])
            used[str(seat)] = str(value)
        return FairProof.make(self._hand_secret(self.hand_number + 1), pairs), used

    def _dealt_next(self) -> list[int]:
        """The table seats the next deal deals in, in the order of their hand seats,
        as the game will deal them (:meth:`~palace_poker.game.Game.dealt_next`) once
        the players seated since the last deal have joined it and those sitting out
        are set: asked before either change, for the fair seed."""
        game = self.game
        assert game is not None
        joining = [
            seat
            for seat, p in enumerate(self.seats)
            if p is not None and not p.pending and p.game_seat is None
        ]
        table_seat = [*self.game_seats, *joining]  # by game seat, after the joins
        out = {g for g, seat in enumerate(table_seat) if self._sitting_out(seat)}
        return [table_seat[g] for g in game.dealt_next(len(joining), out)]

    def _sitting_out(self, seat: int) -> bool:
        player = self.seats[seat] if seat >= 0 else None
        return player is not None and player.sitting_out

    def _bot_name(self) -> str:
        """The first bot name nobody at the table has."""
        taken = {p.name.casefold() for p in self.seats if p is not None}
        free = [n for n in BOT_NAMES if n.casefold() not in taken]
        return free[0] if free else f"Bot {len(taken) + 1}"

    def _open_account(self, seat: int) -> None:
        player = self._seat(seat)
        player.account = len(self.accounts)
        self.accounts.append(Account(player.name, self.settings.stack, seat))

    def _check_leave(self, seat: int) -> None:
        """A player may leave between hands, or when not dealt in, until the end."""
        if self.hand_seat(seat) is not None:
            raise TableError(
                "hand_in_play", f"{self._seat(seat).name} leaves when the hand is over"
            )
        if self.status == "over":
            raise TableError("game_over", "the game is over")

    def _leave(self, seat: int) -> int:
        """A player leaves the table (checked by :meth:`_check_leave`): the seat is free
        again, their chips go with them; returns the chips."""
        player = self._seat(seat)
        taken = self.stack(seat)
        self.clock.ready.discard(seat)
        if self.game is not None and player.game_seat is not None:
            self.game.leave(player.game_seat)
            self.game_seats[player.game_seat] = -1
        if player.account >= 0:
            account = self.accounts[player.account]
            account.cashed, account.seat = taken, None
        self.seats[seat] = None
        if seat == self.host:  # the role passes to the next person on the left
            n = len(self.seats)
            people = [
                (seat + step) % n
                for step in range(1, n)
                if (p := self.seats[(seat + step) % n]) is not None
                and p.bot is None
                and not p.pending
            ]
            self.host = people[0] if people else None
        return taken

    def _after_leaving(self, at: float) -> None:
        game = self.game
        if game is not None and game.over and not self.settings.rebuys and self.hand is None:
            self._over(at, "chips")
        elif not self._dealable():
            self.clock.next_hand_at = None

    def _dealable(self) -> bool:
        """Two players or more would be dealt in now (with chips, not sitting out,
        not waiting for approval)."""
        ready = [
            seat
            for seat, p in enumerate(self.seats)
            if p is not None and not p.pending and not p.sitting_out and self.stack(seat) > 0
        ]
        return len(ready) >= MIN_PLAYERS

    def _schedule(self, at: float) -> None:
        """Deal the next hand after the pause between hands, when one can be dealt."""
        if (
            self.status == "playing"
            and not self.clock.paused
            and self.hand is None
            and self.clock.next_hand_at is None
            and self._dealable()
        ):
            self.clock.pause_from = at
            self.clock.ready_wait = bool(self.hand_number) and self.settings.wait_for_ready
            if not self.hand_number:  # the first deal comes at once
                self.clock.next_hand_at = at
            elif self.clock.ready_wait:  # at the latest; sooner once everyone is ready
                self.clock.next_hand_at = at + READY_CAP
            else:
                self.clock.next_hand_at = at + self.settings.between_hands

    def _join_waiting(self) -> None:
        """Players seated since the game started join it at this deal."""
        game = self.game
        assert game is not None
        for seat, player in enumerate(self.seats):
            if player is not None and not player.pending and player.game_seat is None:
                player.game_seat = game.add_player(player.name, self.settings.stack)
                self.game_seats.append(seat)

    def _arm(self, at: float) -> None:
        """Start the clock of the decision due, if a present person makes it."""
        self.clock.bank_from = None
        seat = self.to_act()
        player = self.seats[seat] if seat is not None else None
        if seat is None or player is None or player.bot is not None or player.away:
            self.clock.deadline = self.clock.deadline_seat = None
        else:
            self.clock.deadline, self.clock.deadline_seat = at + self.settings.turn_seconds, seat

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


def _explained(
    events: list[Event], start: int, struck: Struck
) -> tuple[tuple[int, Explanation], ...]:
    """The explanations of the comparisons among ``events[start:]`` (a hand's events,
    hidden cards included), each at its index from ``start``, by the hand's reading
    of R-CMP-1 (``struck``, V-CMP-1)."""
    if not any(type(e) in _COMPARISONS for e in events[start:]):
        return ()  # most decisions compare nothing: no need to follow the hand
    found = explain(events, start, struck=struck)
    return tuple((index - start, why) for index, why in found)


_COMPARISONS = (BattleCompared, ShowdownRevealed)


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


#: Commands: what a person, a bot, the clock or the server asks of a table, each
#: the kind of the entry it makes (a fact); its handler is marked ``@_command``.
COMMANDS: Final = tuple(_HANDLERS)
