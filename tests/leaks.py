"""What a viewer may not see, worked out from a hand's true state independently of
the server's projection, and the card names a payload mentions: the leak test's
logic, shared with the hand-history tests."""

from __future__ import annotations

import re
from collections.abc import Iterator

from palace_poker.events import (
    BannerCardSetAside,
    BannerDealt,
    BattleCompared,
    CardsCaptured,
    ShowdownRevealed,
    SoldierBought,
    SoldiersDiscarded,
)
from palace_poker.hand import Hand
from palace_poker.redaction import full_events

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
#: Keys whose text is never a card (random ids could spell one; a chat line is what a
#: person typed, and a person may type "As Kd").
NOT_CARDS = {"id", "table", "name", "host_name", "url", "text", "commitment", "server_commitment"}
#: A card as the text history writes it (T♥), and its code.
Cards = dict[int | None, frozenset[str]]
#: What one client received: its seat (None: a spectator), its payloads, and the
#: cards it named in its own decisions.
Shown = dict[int | None, frozenset[int]]


def hidden_cards(
    hand: Hand, seats: tuple[int, ...], viewers: list[int | None]
) -> tuple[Cards, Cards, Shown]:
    """Each viewer's hidden cards in a hand (``seats``: the table seat of each hand seat)."""
    palaces = tuple(hand.palaces)
    public: set[str] = set()
    shown: dict[int | None, set[int]] = {v: set() for v in viewers}
    for event in full_events(hand.events, palaces):
        if isinstance(event, BannerDealt | BannerCardSetAside | SoldierBought):
            public.add(str(event.card))
        elif isinstance(event, SoldiersDiscarded | CardsCaptured):
            public.update(map(str, event.cards))
        elif isinstance(event, BattleCompared):
            for viewer in viewers:
                at = seats.index(viewer) if viewer in seats else None
                if at in event.seats:
                    shown[viewer].update(event.seats)
        elif isinstance(event, ShowdownRevealed):
            for viewer in viewers:
                shown[viewer].update(seat for seat, _ in event.palaces)
    # A card seen face up this hand (a banner card set aside, then shuffled back and
    # dealt into a palace) is no secret by its name, only by its place: the place is
    # checked by the view's palace fields (see the test).
    stock = {str(c) for c in hand.stock} - public
    out: Cards = {}
    own: Cards = {}
    for viewer in viewers:
        at = seats.index(viewer) if viewer in seats else None
        secret = set(stock)
        for seat, palace in enumerate(palaces):
            if seat != at and seat not in shown[viewer]:
                secret.update(map(str, palace))
        out[viewer] = frozenset(secret - public)
        own[viewer] = frozenset(map(str, palaces[at])) if at is not None else frozenset()
    return out, own, {v: frozenset(s) for v, s in shown.items()}


def cards_in(value: object, key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from cards_in(v, str(k))
    elif isinstance(value, list):
        for item in value:
            yield from cards_in(item, key)
    elif isinstance(value, str) and key not in NOT_CARDS:
        yield from (word for word in value.split() if CARD.match(word))
