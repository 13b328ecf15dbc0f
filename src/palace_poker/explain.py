"""Why a comparison went as it did: the hands as they were compared (R-CMP-1..3, R-END-3, R-END-4).

A battle closed by a call (R-BET-8), the comparison of the last two after a quiet
round (R-END-3) and a showdown (R-END-4) each decide with cards that later move: the
loser's banner and soldiers are captured, a winner may trim. :func:`explain` reads a
hand's events (hidden cards included, as :func:`~palace_poker.redaction.full_events`
gives them) and keeps each side's cards *as they fought*: the banner, the palace
cards and the soldiers, the cards of the opponent's banner suit struck out (they do
not count, R-CMP-1), the hand the rest make, and the own-suit count of R-CMP-2.

An explanation holds hidden cards; :func:`explanation_for` gives the one a viewer
may see: the battlers see both hands of their comparison (R-INFO-3), everyone sees a
showdown's (R-INFO-4), and anybody else learns only what the events already say —
who was compared with whom, of which kind, and who won — never a hand's name or a
count that would narrow down a hidden card.

>>> from palace_poker.cards import parse_cards
>>> from palace_poker.events import BannerDealt, BattleCalled, BattleCompared
>>> events = [BannerDealt(0, *parse_cards("Qs")), BannerDealt(1, *parse_cards("6c")),
...           BattleCalled(1, 4),
...           BattleCompared((0, 1), 0, (tuple(parse_cards("Qh Jc 2d")),
...                                      tuple(parse_cards("6d Ah 3s"))))]
>>> [(i, x.kind, x.decided_by) for i, x in explain(events)]
[(3, 'battle', 'rank')]
>>> side = explain(events)[0][1].sides[0]
>>> [str(c) for c in side.struck], hand_name(side.value)
(['Jc'], (<Category.ONE_PAIR: 1>, (10,)))
>>> explanation_for(explain(events)[0][1], 2).sides
()
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableMapping, MutableSequence, Sequence
from typing import Literal, NamedTuple

from palace_poker.cards import Card
from palace_poker.categories import CATEGORY_SHIFT, Category, category
from palace_poker.evaluator import evaluate
from palace_poker.events import (
    BannerDealt,
    BattleCalled,
    BattleCompared,
    CardsCaptured,
    Event,
    ShowdownRevealed,
    SoldierBought,
    SoldiersDiscarded,
)
from palace_poker.variant import Struck

Kind = Literal["battle", "quiet_round", "showdown"]
#: What settled a comparison: a better category ("pair" against "high card"), the
#: same category with better naming ranks ("pair of queens" against "pair of sixes"),
#: the same named hand and better other cards (R-CARD-3), more of one's own banner
#: suit (R-CMP-2), a tie (R-CMP-3, or equal best hands at a showdown), or
#: ``"unseen"``: the viewer may not know.
Decider = Literal["category", "rank", "kickers", "own_suit", "tie", "unseen"]


class Side(NamedTuple):
    """One side of a comparison as it was made.

    ``struck`` are the cards of the opponent's banner suit, which do not count
    (R-CMP-1; none at a showdown, where every card counts, R-END-4); ``value`` is
    the evaluator's value of the others; ``own_suit`` is how many of the side's
    cards are of its own banner suit (R-CMP-2).
    """

    seat: int
    banner: Card
    palace: tuple[Card, ...]
    soldiers: tuple[Card, ...]
    struck: tuple[Card, ...]
    value: int
    own_suit: int

    @property
    def counted(self) -> tuple[Card, ...]:
        """The cards that made the hand, highest rank first."""
        cards = (self.banner, *self.palace, *self.soldiers)
        return tuple(sorted((c for c in cards if c not in self.struck), key=_by_rank))


class Explanation(NamedTuple):
    """A comparison and why it went as it did.

    ``seats`` are the hand seats compared (the attacker first in a battle);
    ``winners`` who won (one seat; none on a tie of two; every best hand at a
    showdown); ``sides`` each seat's hand, empty for a viewer who may not see them;
    ``suit_decided`` is True when the struck cards changed the result: had every
    card counted, the comparison would have gone the other way or tied.
    """

    kind: Kind
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    sides: tuple[Side, ...]
    decided_by: Decider
    suit_decided: bool


def _by_rank(card: Card) -> tuple[int, int]:
    return (-card.rank, card.suit)


def hand_name(value: int) -> tuple[Category, tuple[int, ...]]:
    """The category of a hand value and the ranks (0 = two .. 12 = ace) that name it:
    one rank for most hands, two for two pair and a full house, none for no cards.

    >>> from palace_poker.cards import parse_cards
    >>> hand_name(evaluate(parse_cards("Kd Kc 8h 8s 2c")))
    (<Category.TWO_PAIR: 2>, (11, 6))
    >>> hand_name(evaluate([]))
    (<Category.HIGH_CARD: 0>, ())
    """
    kind = category(value)
    first = (value >> 16 & 15) - 1
    second = (value >> 12 & 15) - 1
    if first < 0:
        return kind, ()
    if kind in (Category.TWO_PAIR, Category.FULL_HOUSE):
        return kind, (first, second)
    return kind, (first,)


def explain(
    events: Sequence[Event], start: int = 0, *, struck: Struck = "suit"
) -> list[tuple[int, Explanation]]:
    """Each comparison among ``events[start:]`` (a hand's events from its first, hidden
    cards included) and its index, with every side's hand as it was compared
    (``struck``: the variant's reading of R-CMP-1, V-CMP-1).

    A comparison without its palace cards (an event as a non-battler saw it) cannot
    be explained and is left out.
    """
    banners: dict[int, Card] = {}
    armies: dict[int, list[Card]] = {}
    found: list[tuple[int, Explanation]] = []
    for index, event in enumerate(events):
        if isinstance(event, BannerDealt):
            banners[event.seat] = event.card
            armies[event.seat] = []
        elif index >= start and isinstance(event, BattleCompared) and event.palaces:
            called = index > 0 and isinstance(events[index - 1], BattleCalled)
            why = explain_battle(event, banners, armies, called=called, struck=struck)
            found.append((index, why))
        elif index >= start and isinstance(event, ShowdownRevealed):
            found.append((index, explain_showdown(event, banners, armies)))
        follow_armies(armies, event)
    return found


#: Each seat's banner, by seat: a hand's banners, or those dealt so far.
Banners = Sequence[Card] | Mapping[int, Card]
#: Each seat's soldiers, by seat, kept up to date by :func:`follow_armies`.
Armies = MutableSequence[list[Card]] | MutableMapping[int, list[Card]]


def follow_armies(armies: Armies, event: Event) -> None:
    """Keep each seat's soldiers as they are after ``event`` (a discard can come
    before the comparison of the last two after a quiet round, R-END-3; a capture
    moves the loser's banner and soldiers to the winner, R-CAPT-1)."""
    if isinstance(event, SoldierBought):
        armies[event.seat].append(event.card)
    elif isinstance(event, SoldiersDiscarded):
        armies[event.seat] = [c for c in armies[event.seat] if c not in event.cards]
    elif isinstance(event, CardsCaptured):
        armies[event.seat].extend(event.cards)
        armies[event.from_seat] = []


def _side(
    seat: int,
    banner: Card,
    palace: Iterable[Card],
    soldiers: Iterable[Card],
    against: Card | None,
    *,
    struck: Struck = "suit",
) -> Side:
    palace, soldiers = tuple(palace), tuple(soldiers)
    cards = (banner, *palace, *soldiers)
    out: tuple[Card, ...] = ()
    if against is not None:  # R-CMP-1: the opponent's banner suit; V-CMP-1: its rank
        if struck == "rank":
            out = tuple(c for c in cards if c.rank == against.rank)
        else:
            out = tuple(c for c in cards if c.suit == against.suit)
    counted = [c for c in cards if c not in out]
    own = sum(1 for c in cards if c.suit == banner.suit)
    return Side(seat, banner, palace, soldiers, out, evaluate(counted), own)


def explain_battle(
    event: BattleCompared,
    banners: Banners,
    armies: Armies,
    *,
    called: bool,
    struck: Struck = "suit",
) -> Explanation:
    """A comparison of two (its event with the palace cards), from the banners and the
    soldiers at that moment: closing a battle (``called``, R-BET-8) or deciding the
    last two after a quiet round (R-END-3); ``struck``, the reading of R-CMP-1."""
    a, b = event.seats
    sides = (
        _side(a, banners[a], event.palaces[0], armies[a], banners[b], struck=struck),
        _side(b, banners[b], event.palaces[1], armies[b], banners[a], struck=struck),
    )
    winners = () if event.winner is None else (event.winner,)
    return Explanation(
        "battle" if called else "quiet_round",
        (a, b),
        winners,
        sides,
        _decider(sides, winners, own_suit=True),
        _suit_decided(sides, event.winner),
    )


def explain_showdown(event: ShowdownRevealed, banners: Banners, armies: Armies) -> Explanation:
    """A showdown (R-END-4): every remaining hand with every card, and the best."""
    sides = tuple(
        _side(seat, banners[seat], palace, armies[seat], None) for seat, palace in event.palaces
    )
    best = max(side.value for side in sides)
    winners = tuple(side.seat for side in sides if side.value == best)
    seats = tuple(side.seat for side in sides)
    return Explanation(
        "showdown", seats, winners, sides, _decider(sides, winners, own_suit=False), False
    )


def _decider(sides: Sequence[Side], winners: Sequence[int], *, own_suit: bool) -> Decider:
    """What separated the winner from the best of the others."""
    if len(winners) != 1:
        return "tie"
    won = next(side for side in sides if side.seat == winners[0])
    rest = max(side.value for side in sides if side.seat != winners[0])
    if won.value == rest:
        return "own_suit" if own_suit else "tie"
    if won.value >> CATEGORY_SHIFT != rest >> CATEGORY_SHIFT:
        return "category"
    return "rank" if hand_name(won.value) != hand_name(rest) else "kickers"


def _suit_decided(sides: Sequence[Side], winner: int | None) -> bool:
    """Whether the struck cards changed the result (R-CMP-1): compared with every card
    counted (and R-CMP-2 on equal hands), would the winner differ?"""
    every = [evaluate([s.banner, *s.palace, *s.soldiers]) for s in sides]
    a, b = sides
    if every[0] == every[1]:
        every = [a.own_suit, b.own_suit]
    plain = None if every[0] == every[1] else (a.seat if every[0] > every[1] else b.seat)
    return plain != winner


def explanation_for(explanation: Explanation, viewer: int | None) -> Explanation:
    """The explanation as ``viewer`` (a hand seat, or None) may see it: whole for the
    two battlers (R-INFO-3) and for everyone at a showdown (R-INFO-4); for anyone
    else only who was compared, how, and who won (R-INFO-1)."""
    if explanation.kind == "showdown" or viewer in explanation.seats:
        return explanation
    return explanation._replace(sides=(), decided_by="unseen", suit_decided=False)


class Strength(NamedTuple):
    """What a player's own cards make (R-CARD-2): ``best`` with every card, and
    ``against`` each opponent in the hand, with that opponent's banner suit left
    out as a battle would (R-CMP-1): pairs of (seat, value)."""

    best: int
    against: tuple[tuple[int, int], ...]


def strength(
    seat: int,
    banners: Sequence[Card],
    palace: Sequence[Card],
    soldiers: Sequence[Card],
    in_hand: Sequence[bool],
    *,
    struck: Struck = "suit",
) -> Strength:
    """The hands ``seat``'s own cards make, best and against each opponent (whose
    banner strikes its suit, R-CMP-1, or its rank, V-CMP-1).

    >>> from palace_poker.cards import parse_cards
    >>> s = strength(0, parse_cards("Qs 6c"), parse_cards("Qh Jc 2d"), (), (True, True))
    >>> [hand_name(v) for v in (s.best, s.against[0][1])]
    [(<Category.ONE_PAIR: 1>, (10,)), (<Category.ONE_PAIR: 1>, (10,))]
    """
    cards = [banners[seat], *palace, *soldiers]
    against = tuple(
        (other, _against(cards, banners[other], struck))
        for other, alive in enumerate(in_hand)
        if alive and other != seat
    )
    return Strength(evaluate(cards), against)


def _against(cards: Sequence[Card], banner: Card, struck: Struck) -> int:
    """The value of ``cards`` against an opponent flying ``banner``."""
    if struck == "rank":
        return evaluate([c for c in cards if c.rank != banner.rank])
    return evaluate(cards, banner.suit)
