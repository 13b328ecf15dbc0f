"""What one player (or a spectator) may see: the only view bots and clients get.

:func:`observe` builds a frozen :class:`Observation` from a hand for one viewer,
holding exactly what R-INFO-1..4 allow: every public fact, the viewer's own
palace cards, and the palace cards the viewer has been shown (a battle closed by
a call shows each battler the other's, R-INFO-3; a showdown shows everyone's,
R-INFO-4). Nothing else of the hand is reachable from it, so a view cannot leak
a hidden card however it is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from palace_poker import legal as _legal
from palace_poker.actions import Action
from palace_poker.cards import Card
from palace_poker.config import Rules
from palace_poker.errors import IllegalActionError
from palace_poker.events import ShowdownRevealed
from palace_poker.options import Option

if TYPE_CHECKING:
    from palace_poker.hand import Hand


class BattleView(NamedTuple):
    """The public state of the battle in progress."""

    attacker: int
    defender: int
    raises: int
    last_raise: int
    #: raise chips each side has put in: (attacker, defender)
    raised: tuple[int, int]
    #: whether the defender has paid their entry (with a call or a raise, R-BET-4)
    defender_entry_paid: bool


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
        }


_new: Final = tuple.__new__
# A dict lookup is cheaper than the enum's value property, and views carry plain text.
# (Phase members are str and hash as their text.)
_PHASE_TEXT: Final[dict[str, str]] = {text: text for text in ("turn", "battle", "trim", "over")}


def viewer_seat(hand: Hand, viewer: object) -> int | None:
    """``viewer`` checked: a seat of ``hand``, or None for a spectator."""
    if viewer is None:
        return None
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < hand.n:
        return viewer
    raise IllegalActionError("invalid_seat", f"no seat {viewer!r} to observe from")


def observe(hand: Hand, viewer: object) -> Observation:
    """Build ``viewer``'s observation of ``hand`` (R-INFO-1..4)."""
    seat = viewer_seat(hand, viewer)
    battle = hand.battle
    battle_view = None
    if battle is not None:
        battle_view = _new(
            BattleView,
            (
                battle.attacker,
                battle.defender,
                battle.raises,
                battle.last_raise,
                (battle.raised(battle.attacker), battle.raised(battle.defender)),
                battle.entry_paid(battle.defender),
            ),
        )
    result = hand.result
    known_discards, known_stock = hand.known_face_down(seat)
    # A plain tuple in field order: this runs for every decision of every bot.
    return _new(
        Observation,
        (
            seat,
            hand.rules,
            hand.names,
            hand.dealer,
            tuple(hand.stacks),
            tuple(hand.contributions),
            sum(hand.contributions),
            tuple(hand.in_hand),
            hand.banners,
            tuple([tuple(army) for army in hand.soldiers]),
            hand.set_aside,
            len(hand.stock),
            len(hand.discard_pile),
            hand.palaces[seat] if seat is not None else (),
            dict(hand.revealed[seat]) if seat is not None else _public_palaces(hand),
            _PHASE_TEXT[hand.phase],
            None if result is not None else hand.turn,
            hand.to_act,
            battle_view,
            tuple(_legal.legal_options(hand)) if seat is not None and hand.to_act == seat else (),
            tuple(hand.actions),
            result.end if result is not None else None,
            tuple(hand.quiet),
            known_discards,
            known_stock,
        ),
    )


def _public_palaces(hand: Hand) -> dict[int, tuple[Card, ...]]:
    """Palace cards shown to everyone: those of a showdown (R-INFO-4)."""
    result = hand.result
    if result is None or result.end != "showdown":
        return {}  # only a showdown, which ends the hand, shows palaces to all
    for event in reversed(hand.events):
        if isinstance(event, ShowdownRevealed):
            return dict(event.palaces)
    return {}
