"""The one projection of a table for one viewer (R-INFO-1..4).

Every payload the server sends a client — a welcome, an update, a presence notice,
the log entries a reconnecting client missed, an error — is built here, from a
table seat (or ``None`` for a spectator), and only from the engine's own views:
:meth:`Hand.observe` for the hand and
:func:`~palace_poker.redaction.redact_all` for its events. A log entry's stored
data holds public facts only (names, seats, action texts); its engine events
carry hidden cards and are redacted for the viewer's hand seat in that hand.

So a card reaches a viewer only if the engine shows it to that seat: their own
palace (R-INFO-2), an opponent's palace after a battle between the two (R-INFO-3),
every palace shown at a showdown (R-INFO-4), and the face-up cards (R-INFO-1).

The same holds for what the table says about the cards: why a comparison went as it
did goes whole to the two battlers and, at a showdown, to everyone, and to anybody
else only as who was compared and who won
(:func:`~palace_poker.explain.explanation_for`); the hands a player's cards make
(``strength``) go to that player alone.
"""

from __future__ import annotations

import math
from typing import Any

from palace_poker.errors import PalaceError
from palace_poker.explain import Strength, explanation_for, strength
from palace_poker.observation import Observation
from palace_poker.redaction import redact_all
from palace_poker.server.model.ledger import Row, ledger, settle
from palace_poker.server.model.lesson import scripted
from palace_poker.server.model.table import Entry, Table
from palace_poker.wire import to_wire


def view(
    table: Table, viewer: int | None, *, connected: set[int], now: float, watching: int = 0
) -> dict[str, Any]:
    """The table as ``viewer`` sees it now (``watching``: how many spectators are
    connected, shown to everyone)."""
    hand, seats = table.hand, table.hand_seats()
    if hand is None:  # between hands: the hand that ended, until the next deal
        hand, seats = table.history.last_hand, table.history.last_hand_seats
    hand_view: dict[str, Any] | None = None
    options: list[Any] = []
    if hand is not None:
        at = seats.index(viewer) if viewer in seats else None
        observation = hand.observe(at)
        hand_view = {"seats": list(seats), "observation": to_wire(observation, check=False)}
        if at is not None and not hand.over and hand.to_act == at:
            options = [to_wire(option, check=False) for option in observation.options]
        if at is not None and observation.in_hand[at]:
            hand_view["strength"] = to_wire(_strength(observation, at), check=False)
    rows = table_ledger(table)
    return {
        "table": {
            "id": table.id,
            "name": table.settings.name,
            "status": table.status,
            "host": table.host,
            "size": len(table.seats),
            "hand_number": table.hand_number,
            "settings": _settings(table),
            "paused": table.clock.paused,
            "requests": table.requests(),
            # a lesson table: the page guides the learner (static/lesson.js)
            "lesson": table.settings.lesson,
            "lesson_next": _lesson_next(table, viewer) if table.settings.lesson else None,
        },
        # the clocks, coarse (see clock_time): the time left to each exact enough
        "now": math.floor(now),
        "deadline": clock_time(table.clock.deadline, now),
        "deadline_seat": table.clock.deadline_seat,
        "next_hand_at": clock_time(table.clock.next_hand_at, now),
        # a pause that waits for everyone: who has said they are ready, and who
        # the deal still waits for (connected people to be dealt in)
        "ready": {
            "wait": table.clock.ready_wait,
            "seats": sorted(table.clock.ready),
            "waiting": [s for s in table.readying(connected) if s not in table.clock.ready],
        },
        "seats": [_seat(table, i, connected) for i in range(len(table.seats))],
        "you": viewer,
        "hand": hand_view,
        "options": options,
        "winner": table.winner,
        "watching": watching,
        # palace-fair/1: the next hand's server commitment, published before the
        # players contribute, and who has contributed so far
        "fair": {
            "hand": table.hand_number + 1,
            "server_commitment": table.server_commitment(),
            "contributed": sorted(table.fair.contributions),
        },
        "ledger": [
            {
                "name": r.name,
                "buy_in": r.buy_in,
                "rebuys": r.rebuys,
                "stack": r.stack,
                "net": r.net,
                "left": a.seat is None,
            }
            for r, a in zip(rows, table.accounts, strict=True)
        ],
        # At the end: who pays whom, in the fewest transfers (the chips all on the table).
        "settle": [t._asdict() for t in settle(rows)] if table.status == "over" else [],
    }


def table_ledger(table: Table) -> list[Row]:
    """Each player who took a seat: what they brought (the buy-in and every rebuy
    or top-up), their chips now (in the hand when dealt in; those they took away
    if they left) and their result; all public."""
    return ledger(
        (a.name, a.bought, a.cashed if a.seat is None else table.stack(a.seat), a.rebuys)
        for a in table.accounts
    )


def entry_time(at: float) -> int:
    """An entry's time as every payload and download gives it: the whole second it
    fell in. The store keeps the exact time (a table is rebuilt and replayed from
    it); a viewer is told no more than the second, so that no log says to the
    millisecond how long anyone, a bot above all, took over a decision.

    >>> entry_time(1700000000.918273)
    1700000000
    """
    return math.floor(at)


def clock_time(at: float | None, now: float) -> float | None:
    """A clock's time (``deadline``, ``next_hand_at``) as a view gives it, beside
    ``now`` given as its whole second: shifted as ``now`` is, so that what the
    browser counts down, ``at - now`` (the time left, which the clock's bar shows
    everyone anyway), is exact, while no time in the view says when within its
    second the view was made. (A view is sent as it is made: its arrival says
    that much to a connected client whatever it holds. What keeps a bot's
    thinking out of the live stream is the time its decision is announced at:
    TableRunner's bot pause.)

    >>> round(clock_time(1030.37, 1000.87) - math.floor(1000.87), 6)
    29.5
    >>> clock_time(None, 1000.87) is None
    True
    """
    if at is None:
        return None
    return math.floor(now) + (at - now)


def entry(item: Entry, viewer: int | None) -> dict[str, Any]:
    """A log entry as ``viewer`` may see it (its time to the second: :func:`entry_time`)."""
    out: dict[str, Any] = {
        "seq": item.seq,
        "kind": item.kind,
        "at": entry_time(item.at),
        **item.data,
    }
    if item.kind == "contributed":  # who contributed; the values are the deal's entry's
        del out["value"]
    if item.events:
        at = item.hand_seats.index(viewer) if viewer in item.hand_seats else None
        out["hand_seats"] = list(item.hand_seats)
        out["events"] = [to_wire(e, check=False) for e in redact_all(item.events, at)]
    if item.explanations:
        out["explanations"] = [
            {"event": index, **to_wire(explanation_for(why, at), check=False)}
            for index, why in item.explanations
        ]
    return out


def entries(table: Table, viewer: int | None, after: int) -> list[dict[str, Any]]:
    """The entries after ``after`` (a seq), as ``viewer`` may see them."""
    return [entry(item, viewer) for item in table.log[max(0, after) :]]


def error(err: PalaceError, *, seq: int, ref: object = None) -> dict[str, Any]:
    """A refusal: the code, message and rule only (``details`` may echo input, and
    the message names the input already, clipped by the core's checks)."""
    return {
        "type": "error",
        "code": err.code,
        "message": err.message,
        "rule": err.rule,
        "ref": ref if isinstance(ref, int | str) and len(str(ref)) <= 40 else None,
        "seq": seq,
    }


def _strength(observation: Observation, seat: int) -> Strength:
    """What the viewer's own cards make: the cards are theirs (R-INFO-2) or face up."""
    return strength(
        seat,
        observation.banners,
        observation.palace,
        observation.soldiers[seat],
        observation.in_hand,
        struck=observation.rules.variant.struck,
    )


def _lesson_next(table: Table, viewer: int | None) -> str | None:
    """At a lesson table, the lesson's next decision for the viewer when it is due
    (palace_poker.server.model.lesson.scripted): cards it names are already face up."""
    hand, at = table.hand, table.hand_seat(viewer) if viewer is not None else None
    if hand is None or at is None or hand.over or hand.to_act != at:
        return None
    return scripted(hand.observe(at).actions, at)


def _settings(table: Table) -> dict[str, Any]:
    s = table.settings
    return {
        "small_bet": s.small_bet,
        "big_bet": s.big_bet,
        "ante": s.ante,
        "betting": s.betting,
        "stack": s.stack,
        "turn_seconds": s.turn_seconds,
        "bot_pause": s.bot_pause,
        "approval": s.approval,
        "spectators": s.spectators,
        "rebuys": s.rebuys,
        "rebuy_limit": s.rebuy_limit,
        "time_bank": s.time_bank,
        "records_for_all": s.records_for_all,
        "between_hands": s.between_hands,
        "wait_for_ready": s.wait_for_ready,
        # the game the table plays (the house-rules line): public, as the stakes
        "preset": s.preset,
        "variant": s.variant.to_dict(),
        "max_raises": s.rules().max_raises,
    }


def _seat(table: Table, seat: int, connected: set[int]) -> dict[str, Any]:
    player = table.seats[seat]
    if player is None:
        return {
            "seat": seat,
            "name": None,
            "bot": None,
            "stack": 0,
            "connected": False,
            "away": False,
            "busted": False,
            "pending": False,
            "sitting_out": False,
            "bank": 0,
            "muted": False,
        }
    stack = table.stack(seat)
    return {
        "seat": seat,
        "name": player.name,
        "bot": player.bot,
        "stack": stack,
        "connected": player.bot is not None or seat in connected,
        "away": player.away,
        "busted": table.game is not None and stack == 0 and table.hand_seat(seat) is None,
        "pending": player.pending,
        "sitting_out": player.sitting_out,
        "bank": round(player.bank),
        "muted": player.muted,
    }
