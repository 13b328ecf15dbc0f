"""The seed of a ``palace-fair/1`` hand (steps 1 to 4 of the scheme,
:mod:`palace_poker.fair`): the server's secret and its commitment, the players'
contributions checked and put in canonical order, the seed mixed from them and the
seed's commitment. Pure but for :func:`new_server_secret`, the scheme's only
randomness.

>>> seed = mix_seed(bytes(range(32)), [[2, "c0ffee"], [0, "00ff"]])
>>> canonical_message([[2, "c0ffee"], [0, "00ff"]])
b'palace-fair/1\\n[[0,"00ff"],[2,"c0ffee"]]'
>>> len(seed), seed_commitment(seed) == seed_commitment(seed)
(32, True)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Sequence
from typing import Final

from palace_poker.checks import MAX_PLAYERS, as_int, as_items, as_text, short
from palace_poker.errors import ConfigError

#: The scheme's name, written in a proof and mixed into every seed.
SCHEME: Final = "palace-fair/1"
#: Bytes of a server secret and of a seed (an HMAC-SHA256 output).
SECRET_BYTES: Final = 32
#: The longest contribution a client may send, in bytes (128 hex digits).
MAX_CONTRIBUTION_BYTES: Final = 64

_PREFIX: Final = SCHEME.encode("ascii") + b"\n"
_HEX_BYTES: Final = re.compile(r"(?:[0-9a-f]{2})+")

#: The players' contributions in canonical form: ``(seat, hex)`` pairs in seat order.
Contributions = tuple[tuple[int, str], ...]
#: The contributions as given: ``[seat, value]`` pairs (lists or tuples), as a
#: client's JSON holds them; checked by :func:`check_contributions`.
ContributionPairs = Sequence[Sequence[object]]
#: A server secret or a seed: 32 bytes (``bytes`` or ``bytearray``; never hex text).
Key = bytes | bytearray


# ------------------------------------------------------------------ the values


def new_server_secret() -> bytes:
    """A fresh 32-byte server secret from the operating system's secure generator
    (step 1): the only randomness of the scheme.

    >>> len(new_server_secret()), new_server_secret() != new_server_secret()
    (32, True)
    """
    return secrets.token_bytes(SECRET_BYTES)


def server_commitment(secret: Key) -> str:
    """``sha256(server_secret)`` as lowercase hex (step 1), published before the
    contributions are collected. ``secret`` is 32 bytes, else
    ``ConfigError('invalid_fair')``.

    >>> server_commitment(bytes(32))[:12]
    '66687aadf862'
    """
    return hashlib.sha256(as_key(secret, "server_secret")).hexdigest()


def check_contributions(contributions: ContributionPairs) -> Contributions:
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


def canonical_message(contributions: ContributionPairs) -> bytes:
    """The message the seed is the HMAC of (step 3): ``b"palace-fair/1\\n"`` and the
    contributions in seat order as compact JSON.

    >>> canonical_message([[2, "ff"], [0, "01"]])
    b'palace-fair/1\\n[[0,"01"],[2,"ff"]]'
    >>> canonical_message([])
    b'palace-fair/1\\n[]'
    """
    pairs = [[seat, value] for seat, value in check_contributions(contributions)]
    return _PREFIX + json.dumps(pairs, separators=(",", ":")).encode("ascii")


def mix_seed(secret: Key, contributions: ContributionPairs) -> bytes:
    """The hand's seed: ``HMAC-SHA256(key=server_secret, msg=canonical)`` (step 3).

    Neither side alone chooses it: the server committed to its secret before it saw
    the contributions, and the players do not know the secret. A bad secret is
    ``ConfigError('invalid_fair')``, bad contributions ``invalid_contribution``.

    >>> mix_seed(bytes(32), []).hex()[:16]
    '3c3160ba7d40cae2'
    """
    key = as_key(secret, "server_secret")
    return hmac.new(key, canonical_message(contributions), hashlib.sha256).digest()


def seed_commitment(seed: Key) -> str:
    """``sha256(seed)`` as lowercase hex (step 4), published at the deal. ``seed``
    is 32 bytes, else ``ConfigError('invalid_fair')``.

    >>> seed_commitment(bytes(32)) == server_commitment(bytes(32))
    True
    """
    return hashlib.sha256(as_key(seed, "seed")).hexdigest()


def as_key(value: object, what: str) -> bytes:
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
