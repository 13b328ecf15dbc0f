"""A table's state in parts: its seats, its clock, its fair deal, its ledger and its
history, each a plain record that :class:`~palace_poker.server.model.table.Table`
holds and its commands change (no I/O, no rule here: the rules are the table's).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from palace_poker.fair import FairProof
from palace_poker.hand import Hand


@dataclass
class Seat:
    """A seat taken by a person or a bot."""

    name: str
    bot: str | None
    away: bool = False
    timeouts: int = 0
    #: Waiting for the host's approval (a table that requires it).
    pending: bool = False
    #: Not dealt into the next hands (the player keeps the seat and the chips).
    sitting_out: bool = False
    #: The player's seat in the game, once dealt in (None: joins at the next deal).
    game_seat: int | None = None
    #: Seconds left in the player's time bank.
    bank: float = 0.0
    #: The player's line of the chip ledger (an index of the table's ``accounts``).
    account: int = -1
    #: The host muted the player's chat.
    muted: bool = False


@dataclass
class Account:
    """A player's line of the chip ledger: what they brought to the table (the
    buy-in and every rebuy or top-up), and the chips they took away on leaving."""

    name: str
    bought: int
    seat: int | None
    cashed: int = 0
    rebuys: int = 0


@dataclass
class Clock:
    """The table's clocks and its pace: the turn clock, the time bank, the pause
    between hands and the host's pause."""

    #: When the decision due must be made, and whose it is (None: no clock runs).
    deadline: float | None = None
    deadline_seat: int | None = None
    #: When the next hand is due (None: none is).
    next_hand_at: float | None = None
    #: The host paused the game: no clock runs, no hand is dealt, nobody acts.
    paused: bool = False
    #: While paused: the seconds that were left of the turn clock and of the wait
    #: for the next hand, given back on resuming.
    paused_at: float = 0.0
    paused_clock: float | None = None
    paused_deal: float | None = None
    #: When the player whose turn it is began to use their time bank.
    bank_from: float | None = None
    #: The pause between hands in progress began at ``pause_from``; with
    #: ``ready_wait`` it waits for the players to say they are ready (the table's
    #: choice when the pause began), ``ready`` the seats that have.
    pause_from: float | None = None
    ready_wait: bool = False
    ready: set[int] = field(default_factory=set)
    #: The clocks were held (the store unreachable) up to this time: see
    #: :meth:`~palace_poker.server.model.table.Table._storage_back`.
    held_until: float = 0.0


@dataclass
class FairDeal:
    """The fair deal (palace-fair/1): the table's key, the players' contributions to
    the next hand's seed, and the proofs."""

    #: The key each hand's fair-shuffle secret is derived from; never in a payload.
    #: None: a table made before fair shuffles (secure shuffles).
    secret: bytes | None = None
    #: The players' contributions to the next hand's fair seed, by table seat (each
    #: a ``contributed`` entry of the log; the deal's command carries those used).
    contributions: dict[int, str] = field(default_factory=dict)
    #: The fairness proof of the hand in play, and of each finished hand (in the
    #: order of :attr:`History.finished`): released only with the full records.
    proof: FairProof | None = None
    proofs: list[FairProof | None] = field(default_factory=list)


@dataclass
class History:
    """The hands a table has played."""

    #: The hand that ended last, and its table seats: shown until the next deal, so
    #: its showdown and captures can be read.
    last_hand: Hand | None = None
    last_hand_seats: tuple[int, ...] = ()
    #: Every hand that has ended, with its table seats, in order (kept in memory and
    #: made again on a rebuild): what the hand histories are built from.
    finished: list[tuple[Hand, tuple[int, ...]]] = field(default_factory=list)
