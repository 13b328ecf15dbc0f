"""What one player (or a spectator) may see: the only view bots and clients get.

:func:`observe` builds a frozen :class:`Observation` from a hand for one viewer,
holding exactly what R-INFO-1..4 allow: every public fact, the viewer's own
palace cards, and the palace cards the viewer has been shown (a battle closed by
a call shows each battler the other's, R-INFO-3; a showdown shows everyone's,
R-INFO-4). Nothing else of the hand is reachable from it, so a view cannot leak
a hidden card however it is used.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from palace_poker.actions import Action
from palace_poker.cards import Card
from palace_poker.checks import viewer_seat
from palace_poker.choices import legal_options
from palace_poker.config import Rules
from palace_poker.options import Option
from palace_poker.state import BattleView, HandState
from palace_poker.tuples import record

__all__ = ["BattleView", "Observation", "observe"]


class Observation(NamedTuple):
    """A snapshot of one viewer's view of a hand (an immutable named tuple).

    ``viewer`` is the seat (``None`` for a spectator). ``palace`` is the viewer's
    own palace cards (empty for a spectator); ``known_palaces`` maps other seats
    to palace cards this viewer has been shown. ``options`` lists the viewer's
    legal choices when it is the viewer's decision, else it is empty.
    """

    viewer: int | None
    rules: Rules
    names: tuple[str, ...]
    dealer: int
    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    pot: int
    in_hand: tuple[bool, ...]
    banners: tuple[Card, ...]
    soldiers: tuple[tuple[Card, ...], ...]
    set_aside: tuple[Card, ...]
    stock_size: int
    discard_size: int
    palace: tuple[Card, ...]
    known_palaces: dict[int, tuple[Card, ...]]
    phase: str
    turn: int | None
    to_act: int | None
    battle: BattleView | None
    options: tuple[Option, ...]
    actions: tuple[Action, ...]
    end: str | None
    #: who has taken a quiet turn (STAY or DISCARD) since the last BUY or BET (R-END-4)
    quiet: tuple[bool, ...]
    #: face-down cards in the discard pile that this viewer can name (discarded
    #: soldiers and folded banners, which were face up; palace cards it has seen)
    known_discards: tuple[Card, ...]
    #: the same for cards reshuffled from the discard pile into the stock (R-BUY-2)
    known_stock: tuple[Card, ...]
    #: the hand's version: one more for every action (and chance outcome) applied
    version: int = 0

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Players in the hand with no chips left (R-ALLIN-1)."""
        return tuple(i and s == 0 for i, s in zip(self.in_hand, self.stacks, strict=True))

    def visible_cards(self) -> set[Card]:
        """Every card this view shows (used to check that nothing leaks)."""
        cards = set(self.banners) | set(self.set_aside) | set(self.palace)
        for army in self.soldiers:
            cards.update(army)
        for palace in self.known_palaces.values():
            cards.update(palace)
        return cards

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (cards as text)."""
        return {
            "viewer": self.viewer,
            "rules": self.rules.to_dict(),
            "names": list(self.names),
            "dealer": self.dealer,
            "stacks": list(self.stacks),
            "contributions": list(self.contributions),
            "pot": self.pot,
            "in_hand": list(self.in_hand),
            "banners": [str(c) for c in self.banners],
            "soldiers": [[str(c) for c in army] for army in self.soldiers],
            "set_aside": [str(c) for c in self.set_aside],
            "stock_size": self.stock_size,
            "discard_size": self.discard_size,
            "palace": [str(c) for c in self.palace],
            "known_palaces": {str(s): [str(c) for c in p] for s, p in self.known_palaces.items()},
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act,
            "battle": None
            if self.battle is None
            else {
                "attacker": self.battle.attacker,
                "defender": self.battle.defender,
                "raises": self.battle.raises,
                "last_raise": self.battle.last_raise,
                "raised": list(self.battle.raised),
                "defender_entry_paid": self.battle.defender_entry_paid,
            },
            "options": [str(o) for o in self.options],
            "actions": [str(a) for a in self.actions],
            "end": self.end,
            "quiet": list(self.quiet),
            "known_discards": [str(c) for c in self.known_discards],
            "known_stock": [str(c) for c in self.known_stock],
            "version": self.version,
        }


# A dict lookup is cheaper than the enum's value property, and views carry plain text.
# (Phase members are str and hash as their text.)
_PHASE_TEXT: Final[dict[str, str]] = {
    text: text for text in ("turn", "battle", "trim", "chance", "over")
}


# Module constants (C statics in the compiled engine; see events._RECORD).
_RECORD: Final = record
_OBSERVATION: Final = Observation


def observe(state: HandState, viewer: object) -> Observation:
    """Build ``viewer``'s observation of ``state`` (R-INFO-1..4)."""
    seat = viewer_seat(viewer, state.n)
    result = state.result
    if seat is None:
        seen: tuple[int, ...] = ()
        palace: tuple[Card, ...] = ()
        known_palaces = _showdown_palaces(state)
    else:
        seen = state.revealed[seat]
        palace = state.palaces[seat]
        known_palaces = {other: state.palaces[other] for other in seen} if seen else {}
    options = tuple(legal_options(state)) if seat is not None and state.to_act == seat else ()
    # Each field a local of its own name, so that the positional build below reads
    # as the record's field list (tests/engine/test_records.py checks the order).
    stock_size = state.pile_size() if state.banners else 0  # no stock during the banner deal
    discard_size = len(state.discard_pile)
    turn = None if result is not None else state.turn
    pot = sum(state.contributions)
    phase = _PHASE_TEXT[state.phase]
    viewer = seat  # the field: the seat checked, or None
    end = result.end if result is not None else None
    known_discards = _known(
        state, state.discard_public, state.discard_owners, seat, seen, pile=None
    )
    known_stock = _known(
        state, state.stock_public, state.stock_owners, seat, seen, pile=_stock(state)
    )
    # Built by palace_poker.tuples.record: this runs for every decision of every bot.
    view: Observation = _RECORD(
        _OBSERVATION,
        viewer,
        state.rules,
        state.names,
        state.dealer,
        state.stacks(),
        state.contributions,
        pot,
        state.in_hand,
        state.banners,
        state.soldiers,
        state.set_aside,
        stock_size,
        discard_size,
        palace,
        known_palaces,
        phase,
        turn,
        state.to_act,
        state.battle,
        options,
        state.actions,
        end,
        state.quiet,
        known_discards,
        known_stock,
        state.version,
    )
    return view


def _known(
    state: HandState,
    public: tuple[Card, ...],
    owners: tuple[int, ...],
    viewer: int | None,
    seen: tuple[int, ...],
    *,
    pile: bytes | None,
) -> tuple[Card, ...]:
    """The cards of one face-down pile that ``viewer`` can name: the public ones, and
    the palace cards of the owners it is (or was shown: ``seen``); with ``pile``, only
    those still in it (a stock made of the discard pile loses cards as they are
    drawn)."""
    if not owners and (pile is None or not public):
        return public
    cards = list(public)
    palaces = state.palaces
    for owner in owners:
        if owner == viewer or owner in seen:
            cards.extend(palaces[owner])
    if pile is not None:
        return tuple([card for card in cards if card in pile])
    return tuple(cards)


def _stock(state: HandState) -> bytes | None:
    """The cards left in a stock made of the discard pile (None for any other)."""
    if not state.stock_public and not state.stock_owners:
        return None
    return state.shuffles[-1][state.drawn :]


def _showdown_palaces(state: HandState) -> dict[int, tuple[Card, ...]]:
    """Palace cards shown to everyone: those of a showdown (R-INFO-4), which ends the
    hand; they are the palaces of the players still in it."""
    result = state.result
    if result is None or result.end != "showdown":
        return {}
    return {seat: state.palaces[seat] for seat in state.alive()}
