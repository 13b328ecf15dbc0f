"""Determinization: one complete hand consistent with what a player has seen.

A bot that searches or simulates cannot look at the real hand: it only has its own
:class:`~palace_poker.observation.Observation`. :func:`determinize` deals the cards
the viewer cannot see (other players' unseen palace cards, the unknown part of the
stock and of the discard pile) at random from the cards the viewer cannot place,
and returns a :class:`~palace_poker.hand.Hand` in the same position as the real one:
same stacks, pot, armies, turn, battle and quiet round, with the viewer's knowledge
respected (its own palace, palaces it was shown, face-down cards it can name).
Playing on from that hand is a sample of what could happen.

The sampled hand has no event history or shuffles of its own: it is for
simulation, not for records.

>>> import random
>>> from palace_poker import Hand, Rules, SeededShuffle
>>> real = Hand.deal(Rules.of(10), [500, 500, 500], dealer=0, shuffle=SeededShuffle(8))
>>> view = real.observe(1)
>>> world = determinize(view, random.Random(3))
>>> world.observe(1) == view
True
>>> world.palaces[1] == real.palaces[1]
True
"""

from __future__ import annotations

import random
from typing import Final

from palace_poker.actions import Action, Verb, check_fields
from palace_poker.cards import DECK, Card
from palace_poker.checks import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    as_int,
    as_items,
    as_mapping,
    as_text,
    is_text,
    short,
    shuffle_source,
)
from palace_poker.config import Rules
from palace_poker.errors import ConfigError, IllegalActionError, PalaceError
from palace_poker.hand import Hand
from palace_poker.observation import Observation
from palace_poker.options import Option
from palace_poker.shuffle import SeededShuffle, ShuffleSource, fisher_yates
from palace_poker.state import (
    NO_CHANCE,
    BattleView,
    HandState,
    Phase,
    battle_view,
    shape_of,
)


def determinize(view: object, rng: object, *, shuffle: object = None) -> Hand:
    """A random hand consistent with ``view`` (a seat's observation).

    ``rng`` (a ``random.Random``) deals the unseen cards; ``shuffle`` (default:
    seeded from ``rng``) serves any later shuffle of the sampled hand.

    A view is read as data from outside (it may come from the wire): anything but
    a seat's consistent view of a hand is refused with
    ``IllegalActionError('invalid_observation')`` naming the field (a spectator's
    view is ``invalid_seat``, one taken while a card is dealt ``chance_due``); an
    ``rng`` or ``shuffle`` that is none is ``ConfigError('invalid_shuffle')``.
    """
    if not isinstance(rng, random.Random):
        raise ConfigError(
            "invalid_shuffle",
            f"rng must be a random.Random, got {short(rng)}",
            details={"input": short(rng)},
        )
    source: ShuffleSource | None = None
    if shuffle is not None:
        source = shuffle_source(shuffle, "shuffle")  # type: ignore[assignment]
    # A search bot samples many worlds from one view: it is checked once. (One pair,
    # swapped whole, so that threads sharing the module never mix two views.)
    last = _last[0]
    if last[0] is view:
        checked = last[1]
    else:
        checked = _checked_view(view)
        _last[0] = (view, checked)
    return _determinize(checked, rng, source)


#: The view last checked, and its checked form (at first none: a mark no view is).
_last: list[tuple[object, Observation | None]] = [(object(), None)]


def _determinize(
    view: Observation | None, rng: random.Random, shuffle: ShuffleSource | None
) -> Hand:
    assert view is not None
    viewer = view.viewer
    assert viewer is not None
    n = len(view.stacks)
    palaces: list[tuple[Card, ...]] = [()] * n
    palaces[viewer] = view.palace
    for seat, palace in view.known_palaces.items():
        palaces[seat] = palace
    known = _placed_cards(view, palaces)
    shape = shape_of(view.rules.variant)
    unseen = [card for card in shape.deck if card not in known]
    fisher_yates(unseen, rng.getrandbits)
    size = shape.palace
    for seat in range(n):
        if view.in_hand[seat] and not palaces[seat]:
            palaces[seat], unseen = tuple(unseen[:size]), unseen[size:]
    hidden_discards = view.discard_size - len(view.known_discards)
    discard_pile = [*view.known_discards, *unseen[:hidden_discards]]
    stock = [*view.known_stock, *unseen[hidden_discards:]]
    fisher_yates(stock, rng.getrandbits)
    if len(stock) != view.stock_size:  # pragma: no cover - _checked_view counted them
        raise AssertionError("the view's card counts do not add up to the deck")
    stock.reverse()  # drawn from the end: the pile lists its top first
    source = shuffle if shuffle is not None else SeededShuffle(rng.getrandbits(64))
    return Hand(_rebuild(view, tuple(palaces), bytes(stock), bytes(discard_pile), source))


def _placed_cards(view: Observation, palaces: list[tuple[Card, ...]]) -> set[Card]:
    """Every card whose place the viewer knows."""
    known: set[Card] = set()
    for seat, army in enumerate(view.soldiers):
        known.update(army)
        if view.in_hand[seat]:
            known.add(view.banners[seat])
    for palace in palaces:
        known.update(palace)
    known.update(view.known_discards)
    known.update(view.known_stock)
    return known


def _rebuild(
    view: Observation,
    palaces: tuple[tuple[Card, ...], ...],
    stock: bytes,
    discard_pile: bytes,
    source: ShuffleSource,
) -> HandState:
    """A state in the view's position with the given hidden cards. Its only shuffle
    is the sampled stock: it has no deal of its own."""
    viewer = view.viewer
    assert viewer is not None
    revealed: list[tuple[int, ...]] = [()] * len(view.stacks)
    revealed[viewer] = tuple(view.known_palaces)
    return HandState(
        rules=view.rules,
        shape=shape_of(view.rules.variant),
        dealer=view.dealer,
        names=view.names,
        start_stacks=tuple(s + c for s, c in zip(view.stacks, view.contributions, strict=True)),
        contributions=view.contributions,
        banners=view.banners,
        palaces=palaces,
        soldiers=view.soldiers,
        in_hand=view.in_hand,
        set_aside=view.set_aside,
        shuffles=(stock,),
        drawn=0,
        discard_pile=discard_pile,
        discard_public=view.known_discards,
        discard_owners=(),
        stock_public=view.known_stock,
        stock_owners=(),
        revealed=tuple(revealed),
        phase=Phase(view.phase),
        to_act=view.to_act,
        turn=view.turn if view.turn is not None else 0,
        quiet=view.quiet,
        trim_rule=_trim_rule(view),
        battle=view.battle,
        chance=NO_CHANCE,
        deal=None,
        source=source,
        version=view.version,
        actions=view.actions,
        events=[],
        events_shared=False,
        result=None,
    )


def _trim_rule(view: Observation) -> str:
    """Why a trim is due: after the player's own BUY, or after a capture."""
    if view.phase == Phase.TRIM and view.actions:
        last = view.actions[-1]
        if last.verb is Verb.BUY and last.seat == view.to_act:
            return "R-BUY-3"
    return "R-CAPT-1"


# ------------------------------------------------------------------ reading a view

_PHASES: Final = ("turn", "battle", "trim", "over")


def _bad_view(field: str, message: str, value: object) -> IllegalActionError:
    return IllegalActionError(
        "invalid_observation",
        f"the view's {field} {message}, got {short(value)}",
        details={"field": field, "input": short(value)},
    )


def _count(value: object, field: str, most: int = MAX_CHIPS) -> int:
    number = as_int(value)
    if number is None or not 0 <= number <= most:
        raise _bad_view(field, f"must be an integer 0..{most}", value)
    return number


def _seat(value: object, n: int, field: str) -> int:
    number = as_int(value)
    if number is None or not 0 <= number < n:
        raise _bad_view(field, f"must be a seat 0..{n - 1}", value)
    return number


def _tuple(value: object, field: str, length: int | None = None) -> tuple[object, ...]:
    listed = as_items(value) if isinstance(value, tuple | list) else None
    if listed is None or (length is not None and len(listed) != length):
        count = "" if length is None else f" of {length}"
        raise _bad_view(field, f"must be a tuple{count}", value)
    return listed


def _cards(value: object, field: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for item in _tuple(value, field):
        index = as_int(item) if isinstance(item, Card) else None
        if index is None or not 0 <= index < 52:
            raise _bad_view(field, "must hold cards", item)
        cards.append(DECK[index])
    return tuple(cards)


def _flags(value: object, n: int, field: str) -> tuple[bool, ...]:
    flags = _tuple(value, field, n)
    for item in flags:
        if item is not True and item is not False:
            raise _bad_view(field, "must hold True or False", item)
    return flags  # type: ignore[return-value]


def _checked_view(view: object) -> Observation:
    """``view`` as a seat's consistent view of a hand, with plain values; refused
    with ``invalid_observation`` otherwise (see :func:`determinize`)."""
    if not isinstance(view, Observation):
        raise _bad_view("type", "must be an Observation", view)
    fields: tuple[object, ...] = view
    if len(fields) != len(Observation._fields):
        raise _bad_view("fields", f"must be {len(Observation._fields)}", len(fields))
    if fields[0] is None:
        raise IllegalActionError("invalid_seat", "a spectator's view cannot be determinized")
    phase = as_text(fields[15])
    if phase == "chance":
        raise IllegalActionError(
            "chance_due", "a view taken while a card is being dealt cannot be determinized"
        )
    if phase not in _PHASES:
        raise _bad_view("phase", f"must be one of {', '.join(_PHASES)}", fields[15])
    stacks = tuple([_count(s, "stacks") for s in _tuple(fields[4], "stacks")])
    n = len(stacks)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise _bad_view("stacks", f"must be {MIN_PLAYERS} to {MAX_PLAYERS}", n)
    viewer = _seat(fields[0], n, "viewer")
    rules = fields[1]
    if not isinstance(rules, Rules):
        raise _bad_view("rules", "must be a Rules", rules)
    names = _names(fields[2], n)
    contributions = tuple(
        [_count(c, "contributions") for c in _tuple(fields[5], "contributions", n)]
    )
    if sum(stacks) + sum(contributions) > MAX_CHIPS:
        raise _bad_view("stacks", f"must hold at most {MAX_CHIPS} chips in all", sum(stacks))
    in_hand = _flags(fields[7], n, "in_hand")
    banners = _cards(fields[8], "banners")
    if len(banners) != n:
        raise _bad_view("banners", f"must be {n}", len(banners))
    soldiers = tuple([_cards(army, "soldiers") for army in _tuple(fields[9], "soldiers", n)])
    palace = _cards(fields[13], "palace")
    known_palaces = _known_palaces(fields[14], n, viewer)
    turn = None if fields[16] is None else _seat(fields[16], n, "turn")
    to_act = None if fields[17] is None else _seat(fields[17], n, "to_act")
    if phase != "over" and (to_act is None or turn is None or not in_hand[to_act]):
        raise _bad_view("to_act", "must be a seat in the hand while a decision is due", to_act)
    battle = _battle(fields[18], n, phase)
    actions = _actions(fields[20])
    quiet = _flags(fields[22], n, "quiet")
    known_discards = _cards(fields[23], "known_discards")
    known_stock = _cards(fields[24], "known_stock")
    checked = Observation(
        viewer,
        rules,
        names,
        _seat(fields[3], n, "dealer"),
        stacks,
        contributions,
        sum(contributions),
        in_hand,
        banners,
        soldiers,
        _cards(fields[10], "set_aside"),
        _count(fields[11], "stock_size", 52),
        _count(fields[12], "discard_size", 52),
        palace,
        known_palaces,
        phase,
        turn,
        to_act,
        battle,
        tuple([o for o in _tuple(fields[19], "options") if isinstance(o, Option)]),
        actions,
        None,
        quiet,
        known_discards,
        known_stock,
        _count(fields[25], "version"),
    )
    _check_counts(checked)
    return checked


def _names(value: object, n: int) -> tuple[str, ...]:
    names: list[str] = []
    for item in _tuple(value, "names", n):
        name = as_text(item)
        if name is None or not is_text(name):
            raise _bad_view("names", "must hold text", item)
        names.append(name)
    return tuple(names)


def _known_palaces(value: object, n: int, viewer: int) -> dict[int, tuple[Card, ...]]:
    mapping = as_mapping(value)
    if mapping is None:
        raise _bad_view("known_palaces", "must be a dict of seats to cards", value)
    known: dict[int, tuple[Card, ...]] = {}
    for seat, cards in mapping.items():
        known[_seat(seat, n, "known_palaces")] = _cards(cards, "known_palaces")
    if viewer in known:
        raise _bad_view("known_palaces", "must not hold the viewer's own palace", viewer)
    return known


def _battle(value: object, n: int, phase: str) -> BattleView | None:
    if value is None:
        if phase == "battle":
            raise _bad_view("battle", "must be a BattleView in a battle", value)
        return None
    if not isinstance(value, BattleView):
        raise _bad_view("battle", "must be a BattleView or None", value)
    fields: tuple[object, ...] = value
    raised = _tuple(fields[4], "battle.raised", 2)
    paid = fields[5]
    if paid is not True and paid is not False:
        raise _bad_view("battle.defender_entry_paid", "must be True or False", paid)
    attacker = _seat(fields[0], n, "battle.attacker")
    defender = _seat(fields[1], n, "battle.defender")
    if attacker == defender:
        raise _bad_view("battle", "must be fought by two seats", value)
    return battle_view(
        attacker,
        defender,
        raises=_count(fields[2], "battle.raises"),
        last_raise=_count(fields[3], "battle.last_raise"),
        raised=(_count(raised[0], "battle.raised"), _count(raised[1], "battle.raised")),
        defender_entry_paid=paid,
    )


def _actions(value: object) -> tuple[Action, ...]:
    actions: list[Action] = []
    for item in _tuple(value, "actions"):
        if not isinstance(item, Action):
            raise _bad_view("actions", "must hold Actions", item)
        try:
            actions.append(check_fields(item))
        except PalaceError as err:
            raise _bad_view(
                "actions", f"must hold well-formed Actions ({err.message})", item
            ) from None
    return tuple(actions)


def _check_counts(view: Observation) -> None:
    """The cards the viewer can place, and the unseen ones, add up to the deck."""
    palaces: list[tuple[Card, ...]] = [()] * len(view.stacks)
    palaces[view.viewer] = view.palace  # type: ignore[index]
    for seat, palace in view.known_palaces.items():
        palaces[seat] = palace
    known = _placed_cards(view, palaces)
    shape = shape_of(view.rules.variant)
    size, deck = shape.palace, shape.deck
    to_deal = sum(size for seat, inside in enumerate(view.in_hand) if inside and not palaces[seat])
    hidden_discards = view.discard_size - len(view.known_discards)
    hidden_stock = view.stock_size - len(view.known_stock)
    if (
        hidden_discards < 0
        or hidden_stock < 0
        or any(card not in deck for card in known)
        or len(deck) - len(known) != to_deal + hidden_discards + hidden_stock
    ):
        raise _bad_view(
            "cards",
            f"must add up to the deck's {len(deck)} cards (placed, to deal, in the piles)",
            (len(known), to_deal, view.discard_size, view.stock_size),
        )
