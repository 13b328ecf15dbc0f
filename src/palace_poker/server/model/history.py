"""Hand histories: a table's log for one viewer, by hand, and the full records.

A viewer's history is what the projection sent them, and nothing else: every
entry is :func:`palace_poker.server.model.projection.entry` of the table's log entry
for that viewer (a table seat, or ``None`` for a spectator), so a player's
history holds their own palace cards (R-INFO-2), an opponent's palace only after
a battle comparison between the two (R-INFO-3), and the palaces shown at a
showdown (R-INFO-4), exactly as their browser received them.

The history is grouped by hand: a hand's entries run from its ``hand_started``
entry up to (not including) the next hand's, so a hand's ``hand_finished`` and
what followed it before the next deal (``game_over``, ``ended``, ``away``,
``back``) are kept with it. The entries before the first deal (seats taken, the
dealer draw) belong to no hand and are left out. The hand in play is included up
to now, marked ``"finished": false``.

Two forms (docs/server.md, "Hand histories"):

* JSON Lines (:func:`history_jsonl`): one line per hand,
  ``{"hand", "seats", "table_seats", "you", "finished", "entries"}``: ``seats``
  the players' names by hand seat, ``table_seats`` the table seat of each hand
  seat, ``you`` the viewer's hand seat (``null`` when not dealt in), ``entries``
  the projected entries.
* readable text (:func:`history_text`): one line per event, in words, from
  :func:`palace_poker.narrate.narrate` applied to the *projected* events (read
  back from their wire form), with names by hand seat. A contribution to the fair
  seed (``contributed``, its value left out as in every payload) has no line: the
  values used are in the deal's entry.

The full records (:func:`hand_records`) are another thing: every finished hand's
``palace-hand/1`` record (:meth:`Hand.to_record`), hidden cards and shuffles
included; who may have them, and when, is the app's decision (the host, or every
player with ``records_for_all``, once the game is over).

>>> from palace_poker.server.model.settings import TableSettings
>>> s = TableSettings.from_form({"name": "T", "small_bet": 10, "seats": 2, "stack": 50})
>>> t = Table("t1", s)
>>> for seat, name in enumerate(("Ann", "Bob")):
...     _ = t.submit("seated", {"seat": seat, "name": name, "bot": None}, at=0.0)
>>> _ = t.submit("started", {}, at=1.0)
>>> _ = t.submit("hand_started", {}, at=2.0)
>>> [(h["hand"], h["finished"], h["entries"][0]["kind"]) for h in hand_histories(t, 0)]
[(1, False, 'hand_started')]
>>> hand_records(t)
[]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from palace_poker.checks import as_int, short
from palace_poker.events import Event
from palace_poker.narrate import ENDS, narrate
from palace_poker.record import dumps, with_fair
from palace_poker.server.model import projection
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.settings import house_rules
from palace_poker.server.model.table import Entry, Table
from palace_poker.wire import from_wire


def hand_histories(table: Table, viewer: int | None) -> list[dict[str, Any]]:
    """The table's history for ``viewer``, one object per hand (see the module's
    text); ``TableError('invalid_seat')`` for a viewer that is not a seat of the
    table (a bool included) nor ``None``."""
    _check_viewer(table, viewer)
    hands: list[dict[str, Any]] = []
    for start, items in _groups(table.log):
        seats = start.hand_seats
        hands.append(
            {
                "hand": start.data.get("hand_number", len(hands) + 1),
                "seats": _names(table, seats),
                "table_seats": list(seats),
                "you": seats.index(viewer) if viewer in seats else None,
                "finished": any(item.kind == "hand_finished" for item in items),
                "entries": [projection.entry(item, viewer) for item in items],
                # the game's variant, as a record's rules hold it: only a variant's
                **({"variant": table.settings.variant.to_dict()} if _house(table) else {}),
            }
        )
    return hands


def _house(table: Table) -> bool:
    """True when the table plays another game than the standard one."""
    return not table.settings.variant.standard


def history_jsonl(table: Table, viewer: int | None) -> str:
    """The viewer's history as JSON Lines: one hand a line, each line ending with a
    newline (empty text before the first deal)."""
    return "".join(dumps(hand) + "\n" for hand in hand_histories(table, viewer))


def history_text(table: Table, viewer: int | None) -> str:
    """The viewer's history in words: a heading for the table, one for each hand,
    then one line per entry or event worth a line, each led by the entry's ``seq``.
    Players are named, never numbered."""
    who = "a spectator" if viewer is None else _name(table, viewer)
    lines = [
        f"Palace Poker hand history: table {json.dumps(table.settings.name, ensure_ascii=False)}"
        f" ({table.id}), as {who} saw it.",
    ]
    if _house(table):
        lines.append(f"House rules: {house_rules(table.settings.variant)}.")
    for hand in hand_histories(table, viewer):
        names: list[str] = hand["seats"]
        lines.append("")
        state = "" if hand["finished"] else " (in play)"
        lines.append(f"Hand {hand['hand']}{state}: {', '.join(names)}")
        for item in hand["entries"]:
            seq = f"#{item['seq']}"
            own = _entry_line(table, item)
            if own is not None:
                lines.append(f"{seq} {own}")
            for event in _events(item):
                line = narrate(event, names)
                if line is not None:
                    lines.append(f"{seq} {line}")
    return "\n".join(lines) + "\n"


def hand_records(table: Table) -> list[dict[str, Any]]:
    """The full ``palace-hand/1`` record of every finished hand, in order, with the
    players' names as at the table (each ``players[h].name`` is the name of table
    seat ``table_seats[h]``).

    This is the one place the server builds records: they hold every hidden card
    and every shuffle, so they leave the server only through the app's checks.
    """
    records: list[dict[str, Any]] = []
    for (hand, seats), proof in zip(table.history.finished, table.fair.proofs, strict=True):
        record = hand.to_record()
        for player, name in zip(record["players"], _names(table, seats), strict=True):
            player["name"] = name
        # palace-fair/1: the hand's secret and the contributions, released now
        records.append(record if proof is None else with_fair(record, proof))
    return records


def records_jsonl(table: Table) -> str:
    """:func:`hand_records` as JSON Lines, the form ``palace-poker replay`` reads."""
    return "".join(dumps(record) + "\n" for record in hand_records(table))


# ------------------------------------------------------------ helpers


def _check_viewer(table: Table, viewer: object) -> None:
    if viewer is None:
        return
    seat = as_int(viewer)
    if seat is None or not 0 <= seat < len(table.seats):
        raise TableError(
            "invalid_seat",
            f"no seat {short(viewer)} at a table of {len(table.seats)}",
            details={"input": short(viewer)},
        )


def _groups(log: Sequence[Entry]) -> list[tuple[Entry, list[Entry]]]:
    """The log cut at each ``hand_started`` entry (what comes before the first is
    left out)."""
    groups: list[tuple[Entry, list[Entry]]] = []
    for item in log:
        if item.kind == "hand_started":
            groups.append((item, [item]))
        elif groups:
            groups[-1][1].append(item)
    return groups


def _name(table: Table, seat: int) -> str:
    player = table.seats[seat] if 0 <= seat < len(table.seats) else None
    return player.name if player is not None else f"seat {seat + 1}"


def _names(table: Table, seats: Sequence[int]) -> list[str]:
    return [_name(table, seat) for seat in seats]


def _events(item: dict[str, Any]) -> list[Event]:
    """A projected entry's events, read back from the wire form it was sent in (so
    the words are made from what the viewer was sent, nothing more)."""
    events: list[Event] = []
    for wired in item.get("events", []):
        event = from_wire(wired)
        assert isinstance(event, Event)
        events.append(event)
    return events


def _entry_line(table: Table, item: dict[str, Any]) -> str | None:
    """The words of a projected entry itself (its events have their own lines)."""
    kind = item["kind"]
    if kind == "hand_started":
        return f"Hand {item.get('hand_number')} begins."
    if kind == "action":
        by = item.get("by")
        if by == "clock":
            return f"{_name(table, item['seat'])} ran out of time: the default is taken."
        if by == "away":
            return f"{_name(table, item['seat'])} is away: the default is taken."
        return None  # a player's or bot's decision: its events say it all
    if kind == "hand_finished":
        stacks = item.get("stacks", {})
        chips = ", ".join(f"{_name(table, int(s))} {c}" for s, c in stacks.items())
        end = ENDS.get(str(item.get("end")), str(item.get("end")))
        return f"Hand {item.get('hand_number')} is finished ({end}). Stacks: {chips}."
    if kind == "game_over":
        why = " (ended by the host)" if item.get("reason") == "host" else ""
        winner = item.get("winner")
        if winner is None:
            return f"Game over{why}."
        return f"Game over: {_name(table, winner)} wins{why}."
    if kind == "away":
        return f"{_name(table, item['seat'])} is away."
    if kind == "back":
        return f"{_name(table, item['seat'])} is back."
    if kind == "ended":
        return "The host ends the game: the hand in play is played out."
    return None
