"""The proof of a ``palace-fair/1`` hand and its check (:mod:`palace_poker.fair`):
:class:`FairProof`, what a hand record's ``fair`` field holds once the hand is over
(the secret, the contributions, the seed and both commitments), and :func:`verify`,
which recomputes every step from it and names the first that fails.

>>> proof = FairProof.make(bytes(range(32)), [[0, "00ff"]])
>>> FairProof.from_json(proof.to_json()) == proof
True
>>> verify(proof, [])
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from palace_poker.cards import DECK, Card, parse_cards
from palace_poker.checks import as_int, as_items, as_mapping, as_text, short
from palace_poker.errors import PalaceError, RecordError
from palace_poker.fair_seed import (
    SCHEME,
    ContributionPairs,
    Contributions,
    Key,
    as_key,
    check_contributions,
    mix_seed,
    seed_commitment,
    server_commitment,
)
from palace_poker.fair_shuffle import distinct_cards, fair_order

_HEX_DIGEST: Final = re.compile(r"[0-9a-f]{64}")
_FIELDS: Final = (
    "scheme",
    "server_commitment",
    "server_secret",
    "contributions",
    "commitment",
    "seed",
)


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
    def make(cls, server_secret: Key, contributions: ContributionPairs) -> FairProof:
        """The proof of a hand played with ``FairShuffle(mix_seed(server_secret,
        contributions))``, to release when the hand is over."""
        seed = mix_seed(server_secret, contributions)
        key = as_key(server_secret, "server_secret")
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


def verify(proof: FairProof, shuffles: Sequence[str | Sequence[Card | int]]) -> None:
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
        cards = parse_cards(text) if text is not None else distinct_cards(order)
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
