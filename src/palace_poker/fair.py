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

This module gathers the scheme's public names; each job is a module of its own:
:mod:`~palace_poker.fair_seed` makes the seed (steps 1 to 4: the secret, the
contributions, the seed and the commitments), :mod:`~palace_poker.fair_shuffle`
the shuffles (step 5: :func:`fair_order`, :class:`FairShuffle`), and
:mod:`~palace_poker.fair_proof` the proof and its check (:class:`FairProof`,
:func:`verify`).

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

from palace_poker.fair_proof import FairProof, verify
from palace_poker.fair_seed import (
    MAX_CONTRIBUTION_BYTES,
    SCHEME,
    SECRET_BYTES,
    ContributionPairs,
    Contributions,
    Key,
    canonical_message,
    check_contributions,
    mix_seed,
    new_server_secret,
    seed_commitment,
    server_commitment,
)
from palace_poker.fair_shuffle import FairShuffle, fair_order

__all__ = [
    "MAX_CONTRIBUTION_BYTES",
    "SCHEME",
    "SECRET_BYTES",
    "ContributionPairs",
    "Contributions",
    "FairProof",
    "FairShuffle",
    "Key",
    "canonical_message",
    "check_contributions",
    "fair_order",
    "mix_seed",
    "new_server_secret",
    "seed_commitment",
    "server_commitment",
    "verify",
]
