"""Hand records in format ``palace-hand/1``: exact replay, and resuming a hand in
progress from its record so far.

A record is one JSON object: rules, players and stacks, dealer, the order of
every shuffle, every decision, and the result (see ``docs/hand-records.md``).
:func:`replay` deals from the listed shuffles, applies each action, and checks
that each is legal, that the shuffles are exactly consumed, that the hand is
over after the last action and that the result matches. It raises a
:class:`~palace_poker.errors.RecordError` at the first point where any of this
fails, naming the action's index and text and the rule it breaks. A record that
carries a ``palace-fair/1`` proof (the optional ``fair`` field, :func:`with_fair`)
is first checked against it: every listed shuffle must be the one its seed gives.

>>> from palace_poker import Rules, SeededShuffle, Hand
>>> hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=SeededShuffle(3))
>>> _ = hand.apply("1 fold")
>>> record = hand.to_record()
>>> record["result"]
{'end': 'last', 'stacks': [105, 95]}
>>> replay(record).result.end
'last'
"""

from __future__ import annotations

import json
from typing import Any, cast

from palace_poker.checks import as_mapping, clip, short
from palace_poker.errors import PalaceError, RecordError
from palace_poker.fair import FairProof, verify
from palace_poker.hand import Hand
from palace_poker.record_format import (
    FORMAT,
    Setup,
    dumps,
    parse_records,
    read_setup,
    result_rule,
    state_to_record,
)
from palace_poker.shuffle import RecordedShuffle, SecureShuffle

__all__ = [
    "FORMAT",
    "Setup",
    "dumps",
    "hand_to_record",
    "parse_records",
    "read_setup",
    "replay",
    "resume",
    "state_to_record",
    "with_fair",
]


def hand_to_record(hand: Hand, *, fair: object = None) -> dict[str, Any]:
    """The hand as a record; ``result`` is present once the hand is over. With
    ``fair`` (a :class:`~palace_poker.fair.FairProof`) the record carries the proof
    too, as :func:`with_fair` adds it."""
    if not isinstance(hand, Hand):
        raise RecordError(
            "invalid_record",
            f"only a Hand has a record, got {short(hand)}",
            rule="palace-hand/1",
            details={"input": short(hand)},
        )
    record = state_to_record(hand.state)
    return record if fair is None else with_fair(record, fair)


def with_fair(record: object, proof: object) -> dict[str, Any]:
    """A copy of ``record`` with the ``palace-fair/1`` proof as its ``fair`` field
    (added last; the record itself is not changed).

    The record's fields are checked as :func:`read_setup` checks them, and the proof
    against them: its contributions must come from seats of the hand and every
    listed shuffle must be the one the proof's seed gives (``RecordError`` with the
    codes of :func:`palace_poker.fair.verify` otherwise), so that a record is never
    written with a proof it fails. A record that carries a proof already is
    ``invalid_fair``. Release the proof only once the hand is over: its seed gives
    every shuffle still to come.

    >>> from palace_poker import Rules, Hand
    >>> from palace_poker.fair import FairProof, FairShuffle, mix_seed
    >>> secret = bytes(range(32))
    >>> seed = mix_seed(secret, [[1, "beef"]])
    >>> hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=FairShuffle(seed))
    >>> _ = hand.apply("1 fold")
    >>> record = with_fair(hand.to_record(), FairProof.make(secret, [[1, "beef"]]))
    >>> record["fair"]["contributions"], replay(record).result.end
    ([[1, 'beef']], 'last')
    """
    if not isinstance(proof, FairProof):
        raise RecordError(
            "invalid_fair",
            f"a proof is a palace_poker.fair.FairProof, got {short(proof)}",
            rule="palace-fair/1 fields",
            details={"input": short(proof)},
        )
    setup = read_setup(record, finished=False)
    fields = dict(cast(dict[str, Any], as_mapping(record)))  # read_setup: a JSON object
    if setup.fair is not None:
        raise RecordError(
            "invalid_fair", "the record carries a proof already", rule="palace-fair/1 fields"
        )
    fields["fair"] = proof.to_json()
    written = read_setup(fields, finished=False).fair
    assert written is not None  # the proof just written
    verify(written, setup.shuffles)
    return fields


def replay(record: object) -> Hand:
    """Replay a record exactly; return the finished hand or raise RecordError."""
    setup = read_setup(record)
    _check_fair(setup)
    shuffle = RecordedShuffle(setup.shuffles)
    hand = _play(setup, shuffle)
    _check_end(hand, shuffle, setup)
    return hand


def resume(record: object, *, shuffle: object = None) -> Hand:
    """A hand in progress rebuilt from its record so far, to go on from there.

    ``record`` is what :meth:`Hand.to_record` gave at some point of the hand (the
    ``result`` may be missing): the hand is dealt from its listed shuffles and its
    actions applied, each checked as in :func:`replay`, and every listed shuffle
    must have been used. Later shuffles come from ``shuffle`` (a
    :class:`~palace_poker.SecureShuffle` when not given). This is how a table
    server restarts a hand from its stored log; a record with a ``palace-fair/1``
    proof is checked against it first, as by :func:`replay`, and a fair hand goes on
    fairly with ``shuffle=FairShuffle(seed, len(record["shuffles"]))``, the source at
    the next shuffle number. (A hand driven with explicit
    chance lists the cards it never drew in card order, not in a drawn order: to
    rebuild it, deal it again with its outcomes.)

    >>> from palace_poker import Rules, SeededShuffle, Hand
    >>> hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=SeededShuffle(3))
    >>> _ = hand.apply("1 buy")
    >>> again = resume(hand.to_record())
    >>> again.observe(0) == hand.observe(0), again.version
    (True, 1)
    """
    then: object = shuffle if shuffle is not None else SecureShuffle()
    listed = RecordedShuffle((), then=then)  # the source checked before the record is read
    setup = read_setup(record, finished=False)
    _check_fair(setup)
    listed = RecordedShuffle(setup.shuffles, then=then)
    hand = _play(setup, listed)
    if listed.remaining:
        raise RecordError(
            "shuffles_unused",
            f"the record lists {listed.remaining} shuffle(s) more than the hand has performed",
            rule="palace-hand/1 shuffles",
            details=_last(setup),
        )
    if setup.result is not None:
        _check_result(hand, setup)
    return hand


def _check_fair(setup: Setup) -> None:
    """A record's proof, if it has one, against its listed shuffles: before the
    hand is played, so that a shuffle that is not the seed's fails as such, not as
    the illegal action its cards would make of a later decision."""
    if setup.fair is not None:
        verify(setup.fair, setup.shuffles)


def _play(setup: Setup, shuffle: RecordedShuffle) -> Hand:
    """Deal from the setup and apply its actions, each error naming the action."""
    try:
        hand = Hand.deal(
            setup.rules, setup.stacks, dealer=setup.dealer, shuffle=shuffle, names=setup.names
        )
    except PalaceError as err:
        raise RecordError(
            err.code, f"dealing: {err.message}", rule=err.rule, details=err.details
        ) from err
    for index, text in enumerate(setup.actions):
        try:
            hand.apply(text)
        except PalaceError as err:
            reason = err.message.removeprefix(f"{text}: ")
            raise RecordError(
                err.code,
                f"action {index} {short(text)}: {reason}",
                rule=err.rule,
                details={**err.details, "index": index, "action": clip(text), "reason": reason},
            ) from err
    return hand


def _last(setup: Setup) -> dict[str, object]:
    last = len(setup.actions) - 1
    return {"index": last, "action": clip(setup.actions[last])} if setup.actions else {}


def _check_end(hand: Hand, shuffle: RecordedShuffle, setup: Setup) -> None:
    where = _last(setup)
    if hand.result is None:
        raise RecordError(
            "record_incomplete",
            f"the hand is not over after the last action; seat {hand.to_act} is still to act",
            rule="R-END-5",
            details=where,
        )
    if shuffle.remaining:
        raise RecordError(
            "shuffles_unused",
            f"the record lists {shuffle.remaining} shuffle(s) more than the hand performs",
            rule="palace-hand/1 shuffles",
            details=where,
        )
    _check_result(hand, setup)


def _check_result(hand: Hand, setup: Setup) -> None:
    where = _last(setup)
    assert setup.result is not None
    if hand.result is None:
        raise RecordError(
            "record_incomplete",
            f"the record has a result but the hand is not over; seat {hand.to_act} is to act",
            rule="R-END-5",
            details=where,
        )
    expected = {"end": hand.result.end, "stacks": list(hand.result.stacks)}
    listed = {"end": setup.result["end"], "stacks": setup.result["stacks"]}
    if listed != expected:
        raise RecordError(
            "result_mismatch",
            f"the record's result {json.dumps(listed)} differs from the replay's "
            f"{json.dumps(expected)}",
            rule=result_rule(hand.result.end),
            details=where,
        )
