"""Provably fair shuffles, scheme ``palace-fair/1``: every shuffle of a hand derived
from a secret seed that neither the server nor any player chose alone.

The scheme, step by step (``docs/hand-records.md``, "Provably fair shuffles"):

1. the server picks a 32-byte ``server_secret`` for the hand and publishes
   ``server_commitment = sha256(server_secret)`` (lowercase hex) *before* it
   collects the players' contributions, so it cannot pick its secret to suit them;
2. each seated player's client may contribute a value: ``contributions`` is a list
   of ``[seat, value]`` pairs (``seat`` the hand seat, at most one pair a seat, in
   increasing seat order; ``value`` 1 to 64 bytes as lowercase hex);
3. ``seed = HMAC-SHA256(key=server_secret, msg=canonical)`` with ``canonical =
   b"palace-fair/1\\n" + json.dumps(contributions, separators=(",", ":"))``;
4. ``commitment = sha256(seed)`` (hex) is published at the deal, before the first
   action;
5. shuffle ``k`` of the hand (0 the deal's, then 1, 2, ... in the order the hand
   performs them) sorts its cards by their index in ``DECK``, then runs
   Fisher-Yates from the last position down, each partner ``j`` drawn uniformly in
   ``[0, i]`` by rejection from 32-bit big-endian words of the stream
   ``HMAC-SHA256(seed, k.to_bytes(4) + b.to_bytes(8))`` for blocks ``b = 0, 1, ...``.
   The result is the order top card first.

When the hand is over the server releases the secret and the contributions (a
:class:`FairProof`, the record's ``fair`` field); anyone can then recompute the
commitments, the seed and every shuffle (:func:`verify`). Everything here is pure:
randomness enters only through :func:`new_server_secret`.

A full round trip (a fixed secret, so that the example shows the same each time):

>>> from palace_poker.cards import parse_cards, format_cards
>>> secret = bytes(range(32))
>>> server_commitment(secret)[:16]
'630dcd2966c43366'
>>> contributions = [[2, "c0ffee"], [0, "00ff"]]
>>> seed = mix_seed(secret, contributions)
>>> proof = FairProof.make(secret, contributions)
>>> proof.contributions                       # canonical: in seat order
((0, '00ff'), (2, 'c0ffee'))
>>> proof.seed == seed.hex(), proof.commitment == seed_commitment(seed)
(True, True)
>>> source = FairShuffle(seed)
>>> first = source.shuffle(parse_cards("As Kd 7c 2h"))
>>> first == fair_order(seed, 0, parse_cards("2h 7c Kd As")), source.used
(True, 1)
>>> verify(proof, [format_cards(first)])
>>> FairProof.from_json(proof.to_json()) == proof
True
>>> swapped = format_cards([first[1], first[0], *first[2:]])
>>> verify(proof, [swapped])
Traceback (most recent call last):
...
palace_poker.errors.RecordError: [fair_shuffle] shuffle 0 is not the order ...
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from palace_poker.cards import DECK, Card, parse_cards
from palace_poker.checks import MAX_PLAYERS, as_int, as_items, as_mapping, as_text, short
from palace_poker.errors import ConfigError, PalaceError, RecordError

__all__ = [
    "MAX_CONTRIBUTION_BYTES",
    "SCHEME",
    "SECRET_BYTES",
    "FairProof",
    "FairShuffle",
    "canonical_message",
    "check_contributions",
    "fair_order",
    "mix_seed",
    "new_server_secret",
    "seed_commitment",
    "server_commitment",
    "verify",
]

#: The scheme's name, written in a proof and mixed into every seed.
SCHEME: Final = "palace-fair/1"
#: Bytes of a server secret and of a seed (an HMAC-SHA256 output).
SECRET_BYTES: Final = 32
#: The longest contribution a client may send, in bytes (128 hex digits).
MAX_CONTRIBUTION_BYTES: Final = 64
#: Shuffle numbers are written in four bytes.
MAX_SHUFFLES: Final = 2**32

_PREFIX: Final = SCHEME.encode("ascii") + b"\n"
_WORD: Final = 2**32
_HEX_BYTES: Final = re.compile(r"(?:[0-9a-f]{2})+")
_HEX_DIGEST: Final = re.compile(r"[0-9a-f]{64}")
_FIELDS: Final = (
    "scheme",
    "server_commitment",
    "server_secret",
    "contributions",
    "commitment",
    "seed",
)

Contributions = tuple[tuple[int, str], ...]


# ------------------------------------------------------------------ the values


def new_server_secret() -> bytes:
    """A fresh 32-byte server secret from the operating system's secure generator
    (step 1): the only randomness of the scheme.

    >>> len(new_server_secret()), new_server_secret() != new_server_secret()
    (32, True)
    """
    return secrets.token_bytes(SECRET_BYTES)


def server_commitment(secret: object) -> str:
    """``sha256(server_secret)`` as lowercase hex (step 1), published before the
    contributions are collected. ``secret`` is 32 bytes, else
    ``ConfigError('invalid_fair')``.

    >>> server_commitment(bytes(32))[:12]
    '66687aadf862'
    """
    return hashlib.sha256(_key(secret, "server_secret")).hexdigest()


def check_contributions(contributions: object) -> Contributions:
    """The players' contributions checked, in canonical (seat) order (step 2).

    ``contributions`` is a list or tuple of ``[seat, value]`` pairs: ``seat`` an
    integer 0..9 (never a bool), at most one pair a seat; ``value`` lowercase hex of
    1 to 64 bytes (2 to 128 digits, an even number). They come from clients, so
    anything else is refused with ``ConfigError('invalid_contribution')``, never
    coerced. (Whether each seat is a seat of the hand is the record's check.)

    >>> check_contributions([[3, "ab"], (1, "00")])
    ((1, '00'), (3, 'ab'))
    >>> check_contributions([[1, "AB"]])
    Traceback (most recent call last):
    ...
    palace_poker.errors.ConfigError: [invalid_contribution] contribution 0: the value ...
    """
    listed = as_items(contributions) if isinstance(contributions, list | tuple) else None
    if listed is None:
        raise _bad_contribution(
            f"contributions must be a list of [seat, value] pairs, got {short(contributions)}",
            input=short(contributions),
        )
    if len(listed) > MAX_PLAYERS:
        raise _bad_contribution(
            f"at most {MAX_PLAYERS} contributions (one a seat), got {len(listed)}",
            count=len(listed),
        )
    checked: dict[int, str] = {}
    for index, pair in enumerate(listed):
        seat, value = _contribution(index, pair)
        if seat in checked:
            raise _bad_contribution(
                f"contribution {index}: seat {seat} contributes twice", index=index, seat=seat
            )
        checked[seat] = value
    return tuple(sorted(checked.items()))


def _contribution(index: int, pair: object) -> tuple[int, str]:
    """One ``[seat, value]`` pair, checked."""
    items = as_items(pair) if isinstance(pair, list | tuple) else None
    if items is None or len(items) != 2:
        raise _bad_contribution(
            f"contribution {index} must be a [seat, value] pair, got {short(pair)}",
            index=index,
            input=short(pair),
        )
    seat = as_int(items[0])
    if seat is None or not 0 <= seat < MAX_PLAYERS:
        raise _bad_contribution(
            f"contribution {index}: the seat must be an integer 0..{MAX_PLAYERS - 1}, "
            f"got {short(items[0])}",
            index=index,
            input=short(items[0]),
        )
    value = as_text(items[1])
    if (
        value is None
        or len(value) > 2 * MAX_CONTRIBUTION_BYTES
        or _HEX_BYTES.fullmatch(value) is None
    ):
        raise _bad_contribution(
            f"contribution {index}: the value must be lowercase hex of 1 to "
            f"{MAX_CONTRIBUTION_BYTES} bytes (an even number of digits 0-9a-f), "
            f"got {short(items[1])}",
            index=index,
            input=short(items[1]),
        )
    return seat, value


def canonical_message(contributions: object) -> bytes:
    """The message the seed is the HMAC of (step 3): ``b"palace-fair/1\\n"`` and the
    contributions in seat order as compact JSON.

    >>> canonical_message([[2, "ff"], [0, "01"]])
    b'palace-fair/1\\n[[0,"01"],[2,"ff"]]'
    >>> canonical_message([])
    b'palace-fair/1\\n[]'
    """
    pairs = [[seat, value] for seat, value in check_contributions(contributions)]
    return _PREFIX + json.dumps(pairs, separators=(",", ":")).encode("ascii")


def mix_seed(secret: object, contributions: object) -> bytes:
    """The hand's seed: ``HMAC-SHA256(key=server_secret, msg=canonical)`` (step 3).

    Neither side alone chooses it: the server committed to its secret before it saw
    the contributions, and the players do not know the secret. A bad secret is
    ``ConfigError('invalid_fair')``, bad contributions ``invalid_contribution``.

    >>> mix_seed(bytes(32), []).hex()[:16]
    '3c3160ba7d40cae2'
    """
    key = _key(secret, "server_secret")
    return hmac.new(key, canonical_message(contributions), hashlib.sha256).digest()


def seed_commitment(seed: object) -> str:
    """``sha256(seed)`` as lowercase hex (step 4), published at the deal. ``seed``
    is 32 bytes, else ``ConfigError('invalid_fair')``.

    >>> seed_commitment(bytes(32)) == server_commitment(bytes(32))
    True
    """
    return hashlib.sha256(_key(seed, "seed")).hexdigest()


def _key(value: object, what: str) -> bytes:
    """A secret or a seed: exactly 32 bytes (``bytes`` or ``bytearray``, never text:
    a hex string is no key), as plain bytes."""
    if isinstance(value, bytes | bytearray):
        plain = bytes(memoryview(value))
        if len(plain) == SECRET_BYTES:
            return plain
    raise ConfigError(
        "invalid_fair",
        f"the {what} must be {SECRET_BYTES} bytes, got {short(value)}",
        rule=f"{SCHEME} {'seed' if what == 'seed' else 'server commitment'}",
        details={"input": short(value)},
    )


def _bad_contribution(message: str, **details: object) -> ConfigError:
    return ConfigError(
        "invalid_contribution", message, rule=f"{SCHEME} contributions", details=dict(details)
    )


# ------------------------------------------------------------------ the shuffles


def fair_order(seed: object, k: object, cards: object) -> list[Card]:
    """The order, top card first, that shuffle number ``k`` of a hand with this
    ``seed`` gives ``cards`` (step 5).

    The cards are first sorted by their index in ``DECK``, so the order depends on
    which cards are shuffled, never on the order they are handed over in. Then
    Fisher-Yates from the last position down: for ``i = n-1 .. 1`` draw ``j``
    uniform in ``[0, i]`` and swap positions ``i`` and ``j``. Draws read 32-bit
    big-endian words from the blocks ``HMAC-SHA256(seed, k (4 bytes) + b (8
    bytes))``, ``b = 0, 1, ...``; a word ``x`` at or above the largest multiple of
    ``i + 1`` below ``2**32`` is rejected (so every ``j`` is exactly as likely),
    else ``j = x % (i + 1)``.

    ``seed`` is 32 bytes and ``k`` an integer 0..2**32-1 (never a bool), else
    ``ConfigError('invalid_fair')``; ``cards`` a list or tuple of distinct cards
    (``Card`` or indexes 0..51), else ``ConfigError('invalid_shuffle')``.

    >>> from palace_poker.cards import parse_cards
    >>> order = fair_order(bytes(32), 0, parse_cards("As Kd 7c"))
    >>> sorted(order) == sorted(parse_cards("As Kd 7c"))
    True
    >>> fair_order(bytes(32), 0, parse_cards("7c As Kd")) == order
    True
    """
    key = _key(seed, "seed")
    number = _shuffle_number(k)
    order = sorted(_distinct_cards(cards))
    draws = _draws(key, number)
    for i in range(len(order) - 1, 0, -1):
        j = _below(draws, i + 1)
        order[i], order[j] = order[j], order[i]
    return [DECK[index] for index in order]


def _draws(seed: bytes, k: int) -> Iterator[int]:
    """The 32-bit words of shuffle ``k``'s byte stream, in order."""
    prefix = k.to_bytes(4, "big")
    block = 0
    while True:
        digest = hmac.new(seed, prefix + block.to_bytes(8, "big"), hashlib.sha256).digest()
        for offset in range(0, len(digest), 4):
            yield int.from_bytes(digest[offset : offset + 4], "big")
        block += 1


def _below(draws: Iterator[int], m: int) -> int:
    """A draw uniform in ``[0, m)``: words at or above ``2**32 - 2**32 % m`` are
    rejected (a plain ``x % m`` would favour the small values)."""
    limit = _WORD - _WORD % m
    x = next(draws)
    while x >= limit:
        x = next(draws)
    return x % m


def _shuffle_number(k: object) -> int:
    number = as_int(k)
    if number is None or not 0 <= number < MAX_SHUFFLES:
        raise ConfigError(
            "invalid_fair",
            f"a shuffle number is an integer 0..{MAX_SHUFFLES - 1}, got {short(k)}",
            rule=f"{SCHEME} shuffles",
            details={"input": short(k)},
        )
    return number


def _distinct_cards(cards: object) -> list[int]:
    """The card indexes of a list or tuple of distinct cards (``Card`` or 0..51)."""
    listed = as_items(cards) if isinstance(cards, list | tuple) else None
    indexes = [] if listed is None else [as_int(item) for item in listed[:53]]
    if (
        listed is None
        or len(listed) > len(DECK)
        or any(index is None or not 0 <= index < len(DECK) for index in indexes)
        or len(set(indexes)) != len(indexes)
    ):
        raise ConfigError(
            "invalid_shuffle",
            f"a fair shuffle shuffles a list of distinct cards, got {short(cards)}",
            rule="R-CARD-1",
            details={"input": short(cards)},
        )
    return indexes  # type: ignore[return-value]


class FairShuffle:
    """A shuffle source (``palace_poker.shuffle.ShuffleSource``) that gives the
    ``palace-fair/1`` orders of a seed: its ``k``-th shuffle is
    :func:`fair_order` ``(seed, k, cards)``.

    ``used`` counts the shuffles given so far (start later with ``used``, to go on
    with a hand resumed from its record). :meth:`fork` (and ``copy.deepcopy``) give
    a source at the same point, and a source pickles with its place. Its ``repr``
    never shows the seed: until the hand is over the seed is the hand's secret.

    >>> from palace_poker.cards import parse_cards
    >>> source = FairShuffle(bytes(32))
    >>> twin = source.fork()
    >>> source.shuffle(parse_cards("As Kd 7c")) == twin.shuffle(parse_cards("7c Kd As"))
    True
    >>> source
    FairShuffle(<seed with commitment 66687aadf862bd77...>, used=1)
    """

    __slots__ = ("_seed", "_used")

    def __init__(self, seed: object, used: object = 0) -> None:
        self._seed = _key(seed, "seed")
        self._used = _shuffle_number(used)

    @property
    def seed(self) -> bytes:
        """The seed (the hand's secret until it is over)."""
        return self._seed

    @property
    def used(self) -> int:
        """How many shuffles this source has given: the next one is number ``used``."""
        return self._used

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """The next fair order of ``cards``, top card first."""
        order = fair_order(self._seed, self._used, cards)
        self._used += 1
        return order

    def fork(self) -> FairShuffle:
        """A source that gives the orders this one would give from now on."""
        return FairShuffle(self._seed, self._used)

    def __deepcopy__(self, memo: dict[int, Any]) -> FairShuffle:
        return self.fork()

    def __reduce__(self) -> tuple[type[FairShuffle], tuple[bytes, int]]:
        return (FairShuffle, (self._seed, self._used))

    def __repr__(self) -> str:
        shown = seed_commitment(self._seed)[:16]
        return f"FairShuffle(<seed with commitment {shown}...>, used={self._used})"


# ------------------------------------------------------------------ the proof


@dataclass(frozen=True, kw_only=True)
class FairProof:
    """What a hand record's ``fair`` field holds: everything needed to check that
    every shuffle of the hand came from the committed seed.

    All values are lowercase hex text (``server_secret`` and ``seed`` 32 bytes,
    the commitments SHA-256 digests) and ``contributions`` the canonical pairs (in
    increasing seat order). A proof that is not of this form is refused when it is
    made, with ``RecordError('invalid_fair')``; whether its values agree is
    :func:`verify`'s question. Build one with :meth:`make` from the secret and the
    contributions, or read one with :meth:`from_json`.
    """

    scheme: str = SCHEME
    server_commitment: str
    server_secret: str
    contributions: Contributions = field(default=())
    commitment: str
    seed: str

    def __post_init__(self) -> None:
        if as_text(self.scheme) != SCHEME:
            raise _bad_proof(f"scheme must be {SCHEME!r}, got {short(self.scheme)}")
        for name in ("server_commitment", "server_secret", "commitment", "seed"):
            value = as_text(getattr(self, name))
            if value is None or _HEX_DIGEST.fullmatch(value) is None:
                raise _bad_proof(
                    f"{name} must be 64 lowercase hex digits, got {short(getattr(self, name))}",
                    field=name,
                )
            object.__setattr__(self, name, value)
        object.__setattr__(self, "scheme", SCHEME)
        try:
            pairs = check_contributions(self.contributions)
        except PalaceError as err:
            raise _bad_proof(f"contributions: {err.message}", field="contributions") from None
        given = as_items(self.contributions) or ()
        if [seat for seat, _ in pairs] != [as_int(_first(pair)) for pair in given]:
            raise _bad_proof(
                "contributions must be listed in increasing seat order (the canonical form)",
                field="contributions",
            )
        object.__setattr__(self, "contributions", pairs)

    @classmethod
    def make(cls, server_secret: object, contributions: object) -> FairProof:
        """The proof of a hand played with ``FairShuffle(mix_seed(server_secret,
        contributions))``, to release when the hand is over."""
        seed = mix_seed(server_secret, contributions)
        key = _key(server_secret, "server_secret")
        return cls(
            server_commitment=server_commitment(key),
            server_secret=key.hex(),
            contributions=check_contributions(contributions),
            commitment=seed_commitment(seed),
            seed=seed.hex(),
        )

    def to_json(self) -> dict[str, Any]:
        """The record's ``fair`` field: a JSON-ready dict, keys in the documented
        order."""
        return {
            "scheme": self.scheme,
            "server_commitment": self.server_commitment,
            "server_secret": self.server_secret,
            "contributions": [[seat, value] for seat, value in self.contributions],
            "commitment": self.commitment,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, value: object) -> FairProof:
        """A proof read from a record's ``fair`` field: an object with exactly the
        six keys of :meth:`to_json`, each of its form, else
        ``RecordError('invalid_fair')``."""
        fields = as_mapping(value)
        if fields is None:
            raise _bad_proof(f"fair must be a JSON object, got {short(value)}")
        keys = {as_text(key) for key in fields}
        if keys != set(_FIELDS) or len(fields) != len(_FIELDS):
            missing = sorted(set(_FIELDS) - {key for key in keys if key is not None})
            extra = sorted(short(key) for key in fields if as_text(key) not in _FIELDS)
            raise _bad_proof(
                f"fair must hold exactly {', '.join(_FIELDS)} "
                f"(missing: {', '.join(missing) or '-'}; unknown: {', '.join(extra) or '-'})"
            )
        got = {as_text(key): item for key, item in fields.items()}
        return cls(
            scheme=got["scheme"],  # type: ignore[arg-type]
            server_commitment=got["server_commitment"],  # type: ignore[arg-type]
            server_secret=got["server_secret"],  # type: ignore[arg-type]
            contributions=got["contributions"],  # type: ignore[arg-type]
            commitment=got["commitment"],  # type: ignore[arg-type]
            seed=got["seed"],  # type: ignore[arg-type]
        )


def _first(pair: object) -> object:
    items = as_items(pair)
    return None if items is None else items[0]


def _bad_proof(message: str, **details: object) -> RecordError:
    return RecordError("invalid_fair", message, rule=f"{SCHEME} fields", details=dict(details))


# ------------------------------------------------------------------ checking


def verify(proof: object, shuffles: object) -> None:
    """Check a proof and the shuffles of its hand, in the scheme's order; raise
    ``RecordError`` at the first step that fails:

    * ``fair_server_commitment``: ``sha256(server_secret)`` is not
      ``server_commitment`` (step 1);
    * ``fair_seed``: the HMAC of the contributions under the secret is not
      ``seed`` (step 3);
    * ``fair_commitment``: ``sha256(seed)`` is not ``commitment`` (step 4);
    * ``fair_shuffle``: listed shuffle ``k`` (text ``"As Kd ..."`` or a list of
      cards) is not :func:`fair_order` ``(seed, k, its cards)`` (step 5);
    * ``invalid_fair``: ``proof`` is no :class:`FairProof`, or ``shuffles`` is not a
      list of orders.

    A player also compares ``server_commitment`` and ``commitment`` with what the
    table showed before the contributions and at the deal, and finds their own
    contribution listed: only they know what they saw and sent.
    """
    if not isinstance(proof, FairProof):
        raise _bad_proof(f"a proof is a FairProof, got {short(proof)}")
    listed = as_items(shuffles) if isinstance(shuffles, list | tuple) else None
    if listed is None:
        raise _bad_proof(f"shuffles must be a list of orders, got {short(shuffles)}")
    secret = bytes.fromhex(proof.server_secret)
    if not hmac.compare_digest(server_commitment(secret), proof.server_commitment):
        raise _failed(
            "fair_server_commitment",
            "sha256(server_secret) is not the server_commitment published before the contributions",
            "server commitment",
        )
    seed = mix_seed(secret, proof.contributions)
    if not hmac.compare_digest(seed.hex(), proof.seed):
        raise _failed(
            "fair_seed",
            "the seed is not HMAC-SHA256(server_secret, the contributions)",
            "seed",
        )
    if not hmac.compare_digest(seed_commitment(seed), proof.commitment):
        raise _failed(
            "fair_commitment",
            "sha256(seed) is not the commitment published at the deal",
            "commitment",
        )
    for k, order in enumerate(listed):
        _check_shuffle(seed, k, order)


def _check_shuffle(seed: bytes, k: int, order: object) -> None:
    text = as_text(order)
    try:
        cards = parse_cards(text) if text is not None else _distinct_cards(order)
        expected = fair_order(seed, k, cards)
    except PalaceError:
        raise _failed(
            "fair_shuffle",
            f"shuffle {k} is not a list of distinct cards, so not an order the seed gives",
            "shuffles",
            shuffle=k,
        ) from None
    given = [int(c) for c in cards]
    if given != [int(c) for c in expected]:
        first = next(i for i, (a, b) in enumerate(zip(given, expected, strict=True)) if a != b)
        raise _failed(
            "fair_shuffle",
            f"shuffle {k} is not the order the seed gives its {len(given)} cards "
            f"(position {first} holds {DECK[given[first]]}, the seed puts {expected[first]} there)",
            "shuffles",
            shuffle=k,
            position=first,
        )


def _failed(code: str, message: str, step: str, **details: object) -> RecordError:
    return RecordError(code, message, rule=f"{SCHEME} {step}", details=dict(details))
