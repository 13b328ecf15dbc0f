"""Shuffle sources: the one place randomness enters a hand.

A hand never calls the ``random`` module itself; it asks its shuffle source for
an order of the cards it shuffles. Three sources cover every use:

* :class:`SecureShuffle` (the default for real play) draws from the operating
  system's cryptographic generator;
* :class:`SeededShuffle` is reproducible for simulation: the same seed gives the
  same hands;
* :class:`RecordedShuffle` replays the orders listed in a hand record.

A copy of a hand needs a source of its own that gives the orders the original's
would give from then on, without consuming the original's: :func:`fork` makes one.
Forking a seeded source costs nothing until one of the two next shuffles.

>>> from palace_poker.cards import parse_cards
>>> src = SeededShuffle(7)
>>> order = src.shuffle(parse_cards("As Kd 7c"))
>>> sorted(order) == sorted(parse_cards("As Kd 7c"))
True
>>> SeededShuffle(7).shuffle(parse_cards("As Kd 7c")) == order
True
"""

from __future__ import annotations

import copy
import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, TypeVar, cast

from palace_poker.cards import DECK, Card, format_cards, parse_cards
from palace_poker.checks import as_int, as_items, as_text, short, shuffle_source
from palace_poker.errors import ConfigError, PalaceError, RecordError

T = TypeVar("T")


class ShuffleSource(Protocol):
    """Gives the order, top card first, of the cards a hand shuffles."""

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """Return a new list: a permutation of ``cards``, top card first."""
        ...


# One operating-system generator serves every secure source: it keeps no state of its
# own (each call reads fresh randomness from the OS), so sharing it is safe, and a
# hand holding a secure source then costs no generator of its own.
_SYSTEM: random.Random = secrets.SystemRandom()


class SecureShuffle:
    """Shuffles with the operating system's cryptographically secure generator."""

    __slots__ = ()

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        order = _to_shuffle(cards)
        _SYSTEM.shuffle(order)
        return order

    def fork(self) -> SecureShuffle:
        """Itself: every order it gives is fresh randomness anyway."""
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SecureShuffle:
        return self


class SeededShuffle:
    """Reproducible shuffles from a seed (a private ``random.Random``, built on the
    first shuffle).

    The seed is None, an integer (never a ``bool``), text or bytes; anything else
    raises ``ConfigError('invalid_shuffle')``.
    """

    __slots__ = ("_pending", "_random", "_seed")

    def __init__(self, seed: object) -> None:
        self._seed = _checked_seed(seed)
        self._random: random.Random | None = None
        self._pending: _Snapshot | None = None  # forks taken since the last shuffle

    def _generator(self) -> random.Random:
        """The generator, about to be drawn from: forks taken since the last draw get
        its state first."""
        generator = self._random
        if generator is None:
            generator = self._random = random.Random(self._seed)
        pending = self._pending
        if pending is not None:
            pending.state = generator.getstate()
            self._pending = None
        return generator

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        order = _to_shuffle(cards)
        fisher_yates(order, self._generator().getrandbits)
        return order

    def spawn(self) -> SeededShuffle:
        """A new independent source seeded from this one (one per hand of a game)."""
        return SeededShuffle(self._generator().getrandbits(64))

    def fork(self) -> _SeededFork:
        """A source that gives the orders this one would give from now on."""
        pending = self._pending
        if pending is None:
            pending = self._pending = _Snapshot()
        return _SeededFork(self, pending)

    def __deepcopy__(self, memo: dict[int, Any]) -> _SeededFork:
        """An independent source at the same point: a fork. (Written out: a class
        compiled by mypyc cannot be rebuilt by ``copy``'s default, and a user's source
        that holds one is deep-copied when a hand is copied.)"""
        return self.fork()

    def _state_now(self) -> Any:
        """The generator's state (None: not built yet, so the seed's)."""
        return self._random.getstate() if self._random is not None else None

    @classmethod
    def _at(cls, seed: Seed, state: Any) -> SeededShuffle:
        """A source with ``seed``'s generator at ``state`` (None: the start)."""
        source = cls(seed)
        if state is not None:
            generator = source._random = random.Random()
            generator.setstate(state)
        return source


Seed = int | str | bytes | None


def _checked_seed(seed: object) -> Seed:
    """A seed: None, an integer (never a bool: ``True`` is no seed of 1), text or
    bytes, as a plain value."""
    if seed is None or type(seed) is int:
        return seed
    number = as_int(seed)
    if number is not None:
        return number
    text = as_text(seed)
    if text is not None:
        return text
    if isinstance(seed, bytes | bytearray):
        return bytes(memoryview(seed))
    raise ConfigError(
        "invalid_shuffle",
        f"a seed is None, an integer, text or bytes, got {short(seed)}",
        rule="R-CARD-1",
        details={"input": short(seed)},
    )


def _to_shuffle(cards: object) -> list[Card]:
    """The cards a source is asked to shuffle, as a new list (a list or a tuple)."""
    if type(cards) is list or type(cards) is tuple:
        return list(cards)  # the common case, first
    listed = as_items(cards)
    if listed is None:
        raise ConfigError(
            "invalid_shuffle",
            f"a shuffle source shuffles a list of cards, got {short(cards)}",
            rule="R-CARD-1",
            details={"input": short(cards)},
        )
    return list(listed)  # type: ignore[arg-type]


class _Snapshot:
    """The state of a seeded source's generator at a fork, filled in by the source
    before it draws again (None until then)."""

    __slots__ = ("state",)

    def __init__(self) -> None:
        self.state: Any = None


class _SeededFork:
    """A fork of a :class:`SeededShuffle`: the orders its parent would have given
    from the fork on. Until its first shuffle it only remembers where it forked."""

    __slots__ = ("_own", "_parent", "_snapshot")

    def __init__(self, parent: SeededShuffle, snapshot: _Snapshot) -> None:
        self._parent: SeededShuffle | None = parent
        self._snapshot = snapshot
        self._own: SeededShuffle | None = None

    def _source(self) -> SeededShuffle:
        own = self._own
        if own is None:
            parent = self._parent
            assert parent is not None
            state = self._snapshot.state
            if state is None:  # the parent has not drawn since the fork
                state = parent._state_now()
            own = self._own = SeededShuffle._at(parent._seed, state)
            self._parent = None
        return own

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        return self._source().shuffle(cards)

    def spawn(self) -> SeededShuffle:
        return self._source().spawn()

    def fork(self) -> _SeededFork:
        parent = self._parent
        if parent is not None:  # not drawn from yet: a fork at the same point
            return _SeededFork(parent, self._snapshot)
        return self._source().fork()

    def __deepcopy__(self, memo: dict[int, Any]) -> _SeededFork:
        return self.fork()


def fork(source: ShuffleSource | None) -> ShuffleSource | None:
    """A source that gives the orders ``source`` would give from now on, without
    consuming ``source``'s: its own ``fork()`` if it has one, else a deep copy."""
    if source is None:
        return None
    method = getattr(source, "fork", None)
    if method is not None:
        forked: ShuffleSource = method()
        return forked
    try:
        copied: ShuffleSource = copy.deepcopy(source)
    except Exception as err:
        raise ConfigError(
            "invalid_shuffle",
            f"the shuffle source {short(source)} has no fork() and cannot be deep-copied "
            f"({short(err)}): give the copy a source of its own (copy(shuffle=...))",
            rule="R-CARD-1",
            details={"input": short(source)},
        ) from err
    return copied


_CARD: Final = Card  # a C static in the compiled engine, not a global looked up


def check_order(order: object, cards: Sequence[Card], what: str) -> bytes:
    """A shuffle source's ``order`` of ``cards`` as bytes, if it is a permutation of
    them (a list or tuple of cards: ``Card`` or card indexes 0..51, never a bool).

    Raises ``ConfigError('invalid_shuffle')`` otherwise.
    """
    listed = as_items(order) if isinstance(order, list | tuple) else None
    if listed is None:
        raise _bad_order(f"gave {short(order)} instead of a list of cards", what, cards)
    indexes: list[int] = []
    for item in listed:
        index = as_int(item) if type(item) is _CARD or type(item) is int else None
        if index is None or not 0 <= index < 52:
            raise _bad_order(f"gave {short(item)}, which is no card", what, cards)
        indexes.append(index)
    # As many cards, and the same set (a bit a card): a repeated card would leave a
    # bit unset.
    mask = expected = 0
    for index in indexes:
        mask |= 1 << index
    for index in bytes(cards):
        expected |= 1 << index
    if len(indexes) != len(cards) or mask != expected:
        raise _bad_order(
            f"gave {len(listed)} cards that are not the {len(cards)} cards shuffled "
            "(a card repeated, missing or foreign)",
            what,
            cards,
        )
    return bytes(indexes)


def _bad_order(message: str, what: str, cards: Sequence[Card]) -> ConfigError:
    return ConfigError(
        "invalid_shuffle",
        f"the shuffle source, shuffling {len(cards)} cards ({what}), {message}",
        rule="R-CARD-1",
        details={"pile": what, "cards": len(cards)},
    )


def fisher_yates(order: list[T], getrandbits: Callable[[int], int]) -> None:
    """Shuffle ``order`` in place exactly as ``random.Random.shuffle`` does.

    The same algorithm, written out (from the last index down, each swap partner
    drawn below ``i + 1`` by rejection from ``getrandbits(bit_length)``, as CPython's
    ``_randbelow_with_getrandbits``), so that a seed gives the orders it always gave,
    while the compiled engine runs the loop as C: dealing a hand shuffles 52 cards
    at least twice, a good part of a hand's cost (and the search bots shuffle the
    cards they cannot see many times a decision). ``fisher_yates(x, rng.getrandbits)``
    leaves ``x`` as ``rng.shuffle(x)`` would, ``rng`` a ``random.Random``.
    """
    for i in range(len(order) - 1, 0, -1):
        below = i + 1
        bits = below.bit_length()
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]


class RecordedShuffle:
    """Replays recorded orders; each must be a permutation of the cards shuffled.

    ``orders`` are text (``"Ah 7h ..."``) or card lists (of ``Card`` or card
    indexes 0..51, never a bool). A wrong order raises :class:`RecordError`
    (``shuffle_mismatch``) naming the shuffle's index: when the source is made for an
    order that is neither, when it is used for text that is no cards or an order that
    is not a permutation of the cards shuffled. With ``then``, shuffles after the
    listed ones come from that source (a hand resumed from its record goes on with a
    live source).
    """

    def __init__(self, orders: object, *, then: object = None) -> None:
        self._orders = _recorded_orders(orders)
        self._then: ShuffleSource | None = (
            None if then is None else shuffle_source(then, "then")  # type: ignore[assignment]
        )
        self.used = 0

    def fork(self) -> RecordedShuffle:
        """A source at the same point of the same orders."""
        other = RecordedShuffle(self._orders, then=fork(self._then))
        other.used = self.used
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> RecordedShuffle:
        return self.fork()

    @property
    def remaining(self) -> int:
        """How many listed orders have not been used."""
        return len(self._orders) - self.used

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        listed = as_items(cards)
        given = None if listed is None else _cards_of(listed)
        if given is None:
            raise ConfigError(
                "invalid_shuffle",
                f"a recorded shuffle replays a list of cards, got {short(cards)}",
                rule="R-CARD-1",
                details={"input": short(cards)},
            )
        cards = given
        index = self.used
        then = self._then
        if index >= len(self._orders) and then is not None:
            if type(then) in CHECKED_SOURCES:
                return then.shuffle(cards)
            answer: object = cast(Any, then).shuffle(cards)  # a user's source: anything (piles)
            return [DECK[i] for i in check_order(answer, cards, "resumed")]
        if index >= len(self._orders):
            raise RecordError(
                "shuffle_mismatch",
                f"the hand performs shuffle {index} of {len(cards)} cards, but the record lists "
                f"only {len(self._orders)} shuffles",
                rule="palace-hand/1 shuffles",
                details={"shuffle": index, "expected_cards": len(cards)},
            )
        recorded = self._orders[index]
        try:
            order = parse_cards(recorded) if isinstance(recorded, str) else list(recorded)
        except PalaceError as err:
            raise RecordError(
                "shuffle_mismatch",
                f"shuffle {index} is malformed: {err.message}",
                rule="palace-hand/1 shuffles",
                details={"shuffle": index},
            ) from err
        if len(order) != len(cards) or set(order) != set(cards) or len(set(order)) != len(order):
            raise RecordError(
                "shuffle_mismatch",
                f"shuffle {index} is not a permutation of the {len(cards)} cards shuffled then "
                f"({format_cards(sorted(cards))})",
                rule="palace-hand/1 shuffles",
                details={
                    "shuffle": index,
                    "expected_cards": len(cards),
                    "listed_cards": len(order),
                },
            )
        self.used += 1
        return order


def _recorded_orders(orders: object) -> tuple[str | tuple[Card, ...], ...]:
    """A RecordedShuffle's orders checked: a list of text or of card lists."""
    listed = as_items(orders)
    if listed is None or isinstance(orders, range):
        raise RecordError(
            "shuffle_mismatch",
            f"recorded shuffles must be a list of orders (text or card lists), got {short(orders)}",
            rule="palace-hand/1 shuffles",
            details={"input": short(orders)},
        )
    checked: list[str | tuple[Card, ...]] = []
    for index, order in enumerate(listed):
        text = as_text(order)
        if text is not None:
            checked.append(text)  # parsed when used: an error names the shuffle then
            continue
        cards = as_items(order)
        plain = None if cards is None or isinstance(order, range) else _cards_of(cards)
        if plain is None:
            raise RecordError(
                "shuffle_mismatch",
                f"shuffle {index} is neither text nor a list of cards: {short(order)}",
                rule="palace-hand/1 shuffles",
                details={"shuffle": index, "input": short(order)},
            )
        checked.append(plain)
    return tuple(checked)


def _cards_of(items: tuple[object, ...]) -> tuple[Card, ...] | None:
    """Cards (``Card`` or indexes 0..51, never a bool) as Cards, or None."""
    cards: list[Card] = []
    for item in items:
        index = as_int(item)
        if index is None or not 0 <= index < 52:
            return None
        cards.append(DECK[index])
    return tuple(cards)


#: The project's own sources: their orders are permutations by construction (a
#: RecordedShuffle checks what it replays, and the orders of its ``then``), so a hand
#: does not check them again.
CHECKED_SOURCES: Final = frozenset({SecureShuffle, SeededShuffle, _SeededFork, RecordedShuffle})
