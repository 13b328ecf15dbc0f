"""Redaction: an event as one viewer may see it (R-INFO-1..4).

Two kinds of events carry hidden cards: :class:`~palace_poker.events.PalaceDealt`
(only its owner sees the cards, R-INFO-2) and
:class:`~palace_poker.events.BattleCompared` (only the two battlers see each
other's palace cards, R-INFO-3). Everything sent to a player passes through
:func:`redact`; every other event is public (R-INFO-1).

>>> from palace_poker.cards import parse_cards
>>> from palace_poker.events import PalaceDealt
>>> e = PalaceDealt(1, tuple(parse_cards("As Kd 7c")))
>>> redact(e, 1) == e, redact(e, 0).cards
(True, ())
>>> redact(e, True)
Traceback (most recent call last):
...
palace_poker.errors.IllegalActionError: [invalid_seat] no seat True to observe from: ...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from palace_poker.cards import Card
from palace_poker.checks import as_int, as_items, short, viewer_seat
from palace_poker.errors import IllegalActionError
from palace_poker.events import EVENT_KINDS, BattleCompared, Event, PalaceDealt

# Module constants: C statics in the compiled engine, where a class name is a lookup
# in the module's globals at every use.
_PALACE_DEALT: Final = PalaceDealt
_BATTLE_COMPARED: Final = BattleCompared


def redact(event: object, viewer: object) -> Event:
    """The event as ``viewer`` (a seat, or ``None`` for a spectator) may see it.

    Raises ``IllegalActionError('invalid_seat')`` for a viewer that is not a seat
    number or None (a ``bool`` included), and ``('malformed_event')`` for anything
    that is not an event.
    """
    seat = viewer_seat(viewer, None)
    return _redacted(_checked_event(event), seat)


def redact_all(events: Iterable[Event], seat: int | None) -> list[Event]:
    """Each event as ``seat`` (already checked) may see it."""
    return [_redacted(event, seat) for event in events]


# A hand keeps the events that carry palace cards in their public form (without the
# cards, which are the hand's palaces anyway: one copy of them is enough, and a hand
# in memory is smaller by a few events' worth). These put the cards back for whoever
# may see them.


def full_events(events: Sequence[Event], palaces: tuple[tuple[Card, ...], ...]) -> list[Event]:
    """A hand's events as they happened, hidden cards included."""
    full: list[Event] = []
    for event in events:
        kind = type(event)
        full.append(
            _with_cards(event, palaces)
            if kind is _PALACE_DEALT or kind is _BATTLE_COMPARED
            else event
        )
    return full


def events_as_seen(
    events: Sequence[Event], seat: int | None, palaces: tuple[tuple[Card, ...], ...]
) -> list[Event]:
    """A hand's events as ``seat`` (already checked; None: a spectator) may see them."""
    seen: list[Event] = []
    for event in events:
        if (type(event) is _PALACE_DEALT and event.seat == seat) or (
            type(event) is _BATTLE_COMPARED and seat in event.seats
        ):
            seen.append(_with_cards(event, palaces))
        else:
            seen.append(event)
    return seen


def _with_cards(event: Event, palaces: tuple[tuple[Card, ...], ...]) -> Event:
    if type(event) is _PALACE_DEALT and not event.cards:
        return PalaceDealt(event.seat, palaces[event.seat])
    if type(event) is _BATTLE_COMPARED and not event.palaces:
        a, b = event.seats
        return BattleCompared(event.seats, event.winner, (palaces[a], palaces[b]))
    return event


def _redacted(event: Event, seat: int | None) -> Event:
    if type(event) is _PALACE_DEALT and event.seat != seat:
        return event._replace(cards=())
    if type(event) is _BATTLE_COMPARED and seat not in event.seats:
        return event._replace(palaces=())
    return event


def _checked_event(event: object) -> Event:
    """``event`` if it is an event whose seats (those redaction reads) are seat
    numbers, as plain ints; ``malformed_event`` otherwise (an event built in code
    with a ``bool`` for its owner's seat would otherwise show its cards to seat 1)."""
    if not isinstance(event, EVENT_KINDS):
        kind = short(type(event).__name__, 40)
        raise IllegalActionError("malformed_event", f"not an event: {kind}", details={"type": kind})
    # Read as plain objects (the compiled engine would check a field against its
    # declared type on reading it).
    fields: tuple[object, ...] = event
    if type(event) is PalaceDealt:
        owner = as_int(fields[0])
        if owner is None:
            raise _malformed(event, "seat", fields[0])
        return event if type(fields[0]) is int else event._replace(seat=owner)
    if type(event) is BattleCompared:
        listed = as_items(fields[0]) if isinstance(fields[0], tuple) else None
        seats = None if listed is None else tuple([as_int(seat) for seat in listed])
        if seats is None or len(seats) != 2 or None in seats:
            raise _malformed(event, "seats", fields[0])
        return event._replace(seats=seats)  # type: ignore[arg-type]
    return event  # type: ignore[no-any-return]


def _malformed(event: object, field: str, value: object) -> IllegalActionError:
    kind = type(event).__name__
    return IllegalActionError(
        "malformed_event",
        f"{kind}.{field} is {short(value)}, not seat numbers",
        details={"type": kind, "field": field, "input": short(value)},
    )
