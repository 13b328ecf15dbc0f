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

from collections.abc import Iterable

from palace_poker.checks import viewer_seat
from palace_poker.errors import IllegalActionError
from palace_poker.events import EVENT_KINDS, BattleCompared, Event, PalaceDealt


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


def _redacted(event: Event, seat: int | None) -> Event:
    if type(event) is PalaceDealt and event.seat != seat:
        return event._replace(cards=())
    if type(event) is BattleCompared and seat not in event.seats:
        return event._replace(palaces=())
    return event


def _checked_event(event: object) -> Event:
    if not isinstance(event, EVENT_KINDS):
        raise IllegalActionError(
            "malformed_event",
            f"not an event: {type(event).__name__}",
            details={"type": type(event).__name__},
        )
    return event  # type: ignore[no-any-return]
