"""Provably fair shuffles (``palace-fair/1``): the scheme, the record's ``fair`` field,
replay's checks and the command's line.

The known answers are computed here, independently, with ``hashlib`` and ``hmac``
(a second implementation written from the scheme's text, not by calling the module),
and so is the standalone checking script of docs/hand-records.md, read from the doc
and run: the package, this file and the doc must agree.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import itertools
import json
import pickle
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hostile import HOSTILE, objects, outcome, refused
from palace_poker import DECK, Card, Hand, RecordError, Rules, Verb, replay
from palace_poker.bots import RandomBot
from palace_poker.cards import format_cards
from palace_poker.cli import main
from palace_poker.fair import (
    SCHEME,
    FairProof,
    FairShuffle,
    canonical_message,
    check_contributions,
    fair_order,
    mix_seed,
    new_server_secret,
    seed_commitment,
    server_commitment,
    verify,
)
from palace_poker.fair_shuffle import _below
from palace_poker.observation import Observation
from palace_poker.record import dumps, hand_to_record, resume, state_to_record, with_fair
from paths import ROOT

HOSTILE_CARDS: Any = [True]  # a bool is no card
HEX = "0123456789abcdef"

# ------------------------------------------------------------------ the reference


def ref_seed(secret: bytes, contributions: list[list[Any]]) -> bytes:
    """Step 3, from the scheme's text."""
    ordered = sorted(contributions, key=lambda pair: int(pair[0]))
    message = b"palace-fair/1\n" + json.dumps(ordered, separators=(",", ":")).encode("ascii")
    return hmac.new(secret, message, hashlib.sha256).digest()


def ref_stream(seed: bytes, k: int, blocks: int) -> bytes:
    """The first ``blocks`` blocks of shuffle ``k``'s byte stream."""
    return b"".join(
        hmac.new(seed, k.to_bytes(4, "big") + b.to_bytes(8, "big"), hashlib.sha256).digest()
        for b in range(blocks)
    )


def ref_order(seed: bytes, k: int, indexes: list[int]) -> list[int]:
    """Step 5, from the scheme's text: card indexes, top card first."""
    order = sorted(indexes)
    stream = ref_stream(seed, k, 16)  # 128 words: far more than 51 draws need
    at = 0
    for i in range(len(order) - 1, 0, -1):
        m = i + 1
        while True:
            x = int.from_bytes(stream[at : at + 4], "big")
            at += 4
            if x < 2**32 - (2**32 % m):
                break
        j = x % m
        order[i], order[j] = order[j], order[i]
    return order


def naive_order(seed: bytes, k: int, indexes: list[int]) -> list[int]:
    """A broken shuffle (every swap partner drawn from the whole list), to show that
    the uniformity check below would catch it."""
    order = sorted(indexes)
    stream = ref_stream(seed, k, 16)
    for n, i in enumerate(range(len(order) - 1, 0, -1)):
        j = int.from_bytes(stream[4 * n : 4 * n + 4], "big") % len(order)
        order[i], order[j] = order[j], order[i]
    return order


def seed_of(number: int) -> bytes:
    return hashlib.sha256(b"test seed %d" % number).digest()


secrets_ = st.binary(min_size=32, max_size=32)
contribution_lists = st.dictionaries(
    st.integers(0, 9),
    st.binary(min_size=1, max_size=64).map(bytes.hex),
    max_size=10,
).map(lambda d: [[seat, value] for seat, value in d.items()])
card_sets = st.lists(st.integers(0, 51), unique=True, max_size=52)


# ------------------------------------------------------------------ known answers


def test_known_answers_for_fixed_inputs() -> None:
    secret = bytes(range(32))
    contributions = [[2, "c0ffee"], [0, "00ff"]]
    assert server_commitment(secret) == hashlib.sha256(secret).hexdigest()
    message = b'palace-fair/1\n[[0,"00ff"],[2,"c0ffee"]]'
    assert canonical_message(contributions) == message
    seed = hmac.new(secret, message, hashlib.sha256).digest()
    assert mix_seed(secret, contributions) == seed
    assert seed_commitment(seed) == hashlib.sha256(seed).hexdigest()
    for k in (0, 1, 7, 2**32 - 1):
        deck = list(range(52))
        assert [int(c) for c in fair_order(seed, k, DECK)] == ref_order(seed, k, deck)
    # No contributions: the message is the prefix and an empty JSON list.
    empty = hmac.new(secret, b"palace-fair/1\n[]", hashlib.sha256).digest()
    assert mix_seed(secret, []) == empty


@given(secret=secrets_, contributions=contribution_lists, k=st.integers(0, 2**32 - 1))
def test_the_module_agrees_with_the_reference(
    secret: bytes, contributions: list[list[Any]], k: int
) -> None:
    seed = mix_seed(secret, contributions)
    assert seed == ref_seed(secret, contributions)
    assert [int(c) for c in fair_order(seed, k, DECK)] == ref_order(seed, k, list(range(52)))


@given(seed=secrets_, k=st.integers(0, 5), cards=card_sets, data=st.randoms())
def test_an_order_depends_on_the_cards_not_on_how_they_are_handed_over(
    seed: bytes, k: int, cards: list[int], data: random.Random
) -> None:
    shuffled = list(cards)
    data.shuffle(shuffled)
    order = fair_order(seed, k, [DECK[i] for i in shuffled])
    assert [int(c) for c in order] == ref_order(seed, k, cards)
    assert fair_order(seed, k, tuple(cards)) == order
    assert all(type(c) is Card for c in order)


def test_a_word_at_or_above_the_last_multiple_is_rejected() -> None:
    # 2**32 % 3 == 1: the top word, 2**32 - 1, would make j = 0 more likely.
    assert _below(iter([2**32 - 1, 5]), 3) == 2
    assert _below(iter([2**32 - 2, 5]), 3) == (2**32 - 2) % 3
    limit = 2**32 - 2**32 % 52
    assert _below(iter([limit, limit + 1, 2**32 - 1, 53]), 52) == 1
    assert _below(iter([limit - 1]), 52) == (limit - 1) % 52


def test_shuffles_of_one_seed_differ_and_seeds_differ() -> None:
    seed = seed_of(1)
    orders = {tuple(fair_order(seed, k, DECK)) for k in range(20)}
    orders |= {tuple(fair_order(seed_of(n), 0, DECK)) for n in range(2, 22)}
    assert len(orders) == 40


Orders = Counter[tuple[int, ...]]


def _chi_square(counts: Orders, size: int, total: int) -> float:
    """Pearson's statistic of the counts of every order of ``size`` cards."""
    orders = list(itertools.permutations(range(size)))
    expected = total / len(orders)
    return sum((counts.get(o, 0) - expected) ** 2 / expected for o in orders)


def _module_order(seed: bytes, k: int, cards: list[int]) -> list[int]:
    return [int(c) for c in fair_order(seed, k, cards)]


def _counts(order: Callable[[bytes, int, list[int]], list[int]], size: int, total: int) -> Orders:
    """How often each order of ``size`` cards comes out, over ``total`` seeds."""
    return Counter(tuple(order(seed_of(n), n % 3, list(range(size)))) for n in range(total))


def test_three_cards_come_out_in_every_order_alike() -> None:
    counts = _counts(_module_order, 3, 6000)
    assert len(counts) == 6
    assert all(800 <= n <= 1200 for n in counts.values()), counts
    # 5 degrees of freedom: above 30 has a chance of about 1 in 60,000.
    assert _chi_square(counts, 3, 6000) < 30, counts


def test_four_cards_come_out_in_every_order_alike() -> None:
    counts = _counts(_module_order, 4, 12000)
    assert len(counts) == 24
    assert all(350 <= n <= 650 for n in counts.values()), counts
    assert _chi_square(counts, 4, 12000) < 60, counts  # 23 degrees of freedom


def test_the_uniformity_check_catches_a_broken_shuffle() -> None:
    """The same check fails the classic mistake (partners drawn from the whole list):
    the tests above can fail."""
    assert _chi_square(_counts(naive_order, 3, 6000), 3, 6000) > 30
    assert _chi_square(_counts(naive_order, 4, 12000), 4, 12000) > 60


def test_each_card_lands_anywhere_in_a_full_deck() -> None:
    """Where the ace of spades lands, over 5,200 shuffles of the whole deck: about
    100 times at each of the 52 positions."""
    ace = 51
    places = Counter(fair_order(seed_of(n), 0, DECK).index(DECK[ace]) for n in range(5200))
    assert len(places) == 52
    assert all(50 <= n <= 150 for n in places.values()), places


# ------------------------------------------------------------------ the source


def test_fair_shuffle_counts_forks_copies_and_pickles() -> None:
    seed = seed_of(3)
    source = FairShuffle(seed)
    assert source.used == 0
    first = source.shuffle(list(DECK))
    assert first == fair_order(seed, 0, DECK)
    assert source.used == 1
    twin, deep, thawed = source.fork(), copy.deepcopy(source), pickle.loads(pickle.dumps(source))
    later = source.shuffle(DECK[:10])
    for other in (twin, deep, thawed):
        assert other.used == 1
        assert other.shuffle(DECK[:10]) == later == fair_order(seed, 1, DECK[:10])
    assert source.used == 2
    assert FairShuffle(seed, 5).shuffle(DECK) == fair_order(seed, 5, DECK)
    assert seed.hex() not in repr(source)
    assert seed_commitment(seed)[:16] in repr(source)


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: FairShuffle("00" * 32), "invalid_fair"),  # type: ignore[arg-type]
        (lambda: FairShuffle(bytes(31)), "invalid_fair"),
        (lambda: FairShuffle(bytes(32), True), "invalid_fair"),
        (lambda: FairShuffle(bytes(32), -1), "invalid_fair"),
        (lambda: FairShuffle(bytes(32), 2**32), "invalid_fair"),
        (lambda: FairShuffle(bytes(32)).shuffle([DECK[0], DECK[0]]), "invalid_shuffle"),
        (lambda: FairShuffle(bytes(32)).shuffle(HOSTILE_CARDS), "invalid_shuffle"),
        (lambda: FairShuffle(bytes(32)).shuffle(cast(Any, "As Kd")), "invalid_shuffle"),
        (lambda: fair_order(bytes(32), 0, [*range(52), 0]), "invalid_shuffle"),
        (lambda: fair_order(bytes(32), 1.0, DECK), "invalid_fair"),  # type: ignore[arg-type]
        (lambda: fair_order(bytearray(33), 0, DECK), "invalid_fair"),
        (lambda: server_commitment("ab" * 32), "invalid_fair"),  # type: ignore[arg-type]
        (lambda: seed_commitment(None), "invalid_fair"),  # type: ignore[arg-type]
        (lambda: mix_seed(bytes(32), [[True, "ab"]]), "invalid_contribution"),
    ],
)
def test_bad_arguments_are_refused_with_their_code(call: Callable[[], object], code: str) -> None:
    refused(call, code)


def test_the_last_shuffle_number_is_the_last() -> None:
    source = FairShuffle(bytes(32), 2**32 - 1)
    source.shuffle(DECK[:3])
    refused(lambda: source.shuffle(DECK[:3]), "invalid_fair")


def test_a_secret_is_fresh_and_bytearray_keys_work() -> None:
    secret = new_server_secret()
    assert len(secret) == 32
    assert secret != new_server_secret()
    assert mix_seed(bytearray(secret), []) == mix_seed(secret, [])


# ------------------------------------------------------------------ contributions


@pytest.mark.parametrize(
    "contributions",
    [
        None,
        "[[0, 'ab']]",
        {0: "ab"},
        [[0]],
        [[0, "ab", "cd"]],
        [(0, "ab"), (0, "cd")],  # a seat twice
        [[10, "ab"]],
        [[-1, "ab"]],
        [[False, "ab"]],
        [[0.0, "ab"]],
        [["0", "ab"]],
        [[0, ""]],
        [[0, "a"]],  # odd
        [[0, "AB"]],  # upper case
        [[0, "0x"]],
        [[0, "ab\n"]],
        [[0, " ab"]],
        [[0, "\u0660\u0661"]],  # Arabic-Indic digits are no hex
        [[0, "ab" * 65]],  # 65 bytes
        [[0, b"ab"]],
        [[s, "ab"] for s in range(11)],
    ],
)
def test_hostile_contributions_are_refused(contributions: object) -> None:
    refused(lambda: check_contributions(contributions), "invalid_contribution")  # type: ignore[arg-type]
    refused(lambda: mix_seed(bytes(32), contributions), "invalid_contribution")  # type: ignore[arg-type]


def test_contributions_are_put_in_seat_order() -> None:
    assert check_contributions([(9, "ff"), [0, "ab" * 64]]) == ((0, "ab" * 64), (9, "ff"))
    assert check_contributions(()) == ()
    assert mix_seed(bytes(32), [[9, "ff"], [0, "00"]]) == mix_seed(
        bytes(32), [[0, "00"], [9, "ff"]]
    )


@HOSTILE
@given(value=objects)
def test_every_function_refuses_what_is_no_value_with_a_palace_error(value: object) -> None:
    seed = bytes(32)
    proof = FairProof.make(seed, [])
    calls: list[Callable[[], object]] = [
        lambda: server_commitment(value),  # type: ignore[arg-type]
        lambda: seed_commitment(value),  # type: ignore[arg-type]
        lambda: check_contributions(value),  # type: ignore[arg-type]
        lambda: canonical_message(value),  # type: ignore[arg-type]
        lambda: mix_seed(value, []),  # type: ignore[arg-type]
        lambda: mix_seed(seed, value),  # type: ignore[arg-type]
        lambda: mix_seed(seed, [[0, value]]),
        lambda: mix_seed(seed, [[value, "ab"]]),
        lambda: fair_order(value, 0, DECK),  # type: ignore[arg-type]
        lambda: fair_order(seed, value, DECK),  # type: ignore[arg-type]
        lambda: fair_order(seed, 0, value),  # type: ignore[arg-type]
        lambda: FairShuffle(value),  # type: ignore[arg-type]
        lambda: FairShuffle(seed, value),  # type: ignore[arg-type]
        lambda: FairShuffle(seed).shuffle(cast(Any, value)),
        lambda: FairProof.from_json(value),
        lambda: FairProof.make(value, []),  # type: ignore[arg-type]
        lambda: FairProof.make(seed, value),  # type: ignore[arg-type]
        lambda: verify(value, []),  # type: ignore[arg-type]
        lambda: verify(proof, value),  # type: ignore[arg-type]
        lambda: verify(proof, [value]),  # type: ignore[list-item]
        lambda: with_fair(value, proof),
    ]
    for name in ("scheme", "server_commitment", "server_secret", "contributions", "seed"):
        fields: dict[str, Any] = {**proof.to_json(), name: value}
        outcome(lambda: FairProof.from_json(fields))  # noqa: B023 - called at once
        outcome(lambda: FairProof(**fields))  # noqa: B023 - called at once
    for call in calls:
        outcome(call)


@HOSTILE
@given(value=objects, name=st.sampled_from(["fair", *FairProof.make(bytes(32), []).to_json()]))
def test_a_record_with_a_hostile_fair_field_is_refused(value: object, name: str) -> None:
    record = _folded_record()
    if name == "fair":
        record["fair"] = value
    else:
        record["fair"] = {**record["fair"], name: value}
    ok, error = outcome(lambda: replay(record))
    if ok:  # only the true value passes
        assert record == _folded_record()
    else:
        assert isinstance(error, RecordError), error


# ------------------------------------------------------------------ hands


class Buyer:
    """Buys almost every turn and trims hard, so the discard pile is reshuffled
    (R-BUY-2) often; after ``patience`` decisions it plays at random, so the hand
    ends."""

    name = "buyer"

    def __init__(self, seed: int, patience: int) -> None:
        self.rng = random.Random(seed)
        self.random = RandomBot(seed=seed)
        self.patience = patience

    def act(self, observation: Observation) -> Any:
        self.patience -= 1
        options = {option.verb: option for option in observation.options}
        if self.patience < 0:
            return self.random.act(observation)
        if Verb.TRIM in options:
            trim = options[Verb.TRIM]
            return trim.action(cards=trim.cards[: trim.max_cards])
        if Verb.BUY in options and self.rng.random() < 0.9:
            return options[Verb.BUY].action()
        return self.random.act(observation)


def play(hand: Hand, bots: list[Any]) -> Hand:
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(bots[seat].act(hand.observe(seat)))
    return hand


def fair_hand(
    number: int, players: int = 3, contributions: list[list[Any]] | None = None
) -> tuple[Hand, FairProof]:
    """A hand dealt by FairShuffle from a mixed seed and played to the end."""
    rng = random.Random(number)
    secret = rng.randbytes(32)
    if contributions is None:
        seats = rng.sample(range(players), rng.randint(0, players))
        contributions = [[seat, rng.randbytes(rng.randint(1, 64)).hex()] for seat in seats]
    seed = mix_seed(secret, contributions)
    hand = Hand.deal(
        Rules.of(1), [5000] * players, dealer=number % players, shuffle=FairShuffle(seed)
    )
    bots = [Buyer(number * 10 + seat, patience=30 * players) for seat in range(players)]
    return play(hand, bots), FairProof.make(secret, contributions)


_FOLDED: dict[str, Any] = {}


def _folded_record() -> dict[str, Any]:
    """A small fair record: a two-player hand, folded at once."""
    if not _FOLDED:
        secret = bytes.fromhex("2b" * 32)
        seed = mix_seed(secret, [[1, "beef"]])
        hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=FairShuffle(seed))
        hand.apply("1 fold")
        _FOLDED.update(hand_to_record(hand, fair=FairProof.make(secret, [[1, "beef"]])))
    return copy.deepcopy(_FOLDED)


@pytest.mark.rule("R-BANNER-4")
@pytest.mark.rule("R-BUY-2")
def test_hands_dealt_fairly_replay_with_their_proof() -> None:
    """Every shuffle of a played hand (the deck, the stock, each discard-pile
    reshuffle) is the seed's, and its record with the proof replays."""
    most = 0
    for number in range(12):
        hand, proof = fair_hand(number, players=2 + number % 4)
        record = with_fair(hand.to_record(), proof)
        for k, order in enumerate(hand.shuffles):
            assert list(order) == fair_order(bytes.fromhex(proof.seed), k, order)
        assert replay(record).result == hand.result
        assert resume(record).result == hand.result
        verify(FairProof.from_json(json.loads(dumps(record))["fair"]), record["shuffles"])
        most = max(most, len(hand.shuffles))
    assert most >= 4, "no hand reshuffled its discard pile twice: shuffles 2+ go untested"


def test_a_hand_resumed_with_a_fair_source_goes_on_fairly() -> None:
    """The server restarts a hand from its record: the fair source goes on at the
    next shuffle number, and the finished record still passes."""
    secret = bytes.fromhex("5a" * 32)
    seed = mix_seed(secret, [[0, "aa"]])
    for number in range(20):  # a hand stopped after its first discard-pile reshuffle
        hand = Hand.deal(Rules.of(1), [5000] * 3, dealer=number % 3, shuffle=FairShuffle(seed))
        bots = [Buyer(number * 3 + seat, patience=90) for seat in range(3)]
        while len(hand.shuffles) < 3 and not hand.over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(bots[seat].act(hand.observe(seat)))
        if not hand.over:
            break
    assert not hand.over
    assert len(hand.shuffles) == 3
    stored = with_fair(hand.to_record(), FairProof.make(secret, [[0, "aa"]]))
    assert "result" not in stored
    again = resume(stored, shuffle=FairShuffle(seed, len(hand.shuffles)))
    final = with_fair(play(again, bots).to_record(), FairProof.make(secret, [[0, "aa"]]))
    assert replay(final).result == again.result
    # Gone on with another seed, the record no longer passes.
    other = resume(stored, shuffle=FairShuffle(seed_of(9), len(hand.shuffles)))
    other = play(other, [RandomBot(seed=s) for s in range(3)])
    if len(other.shuffles) > len(hand.shuffles):
        with pytest.raises(RecordError) as caught:
            with_fair(other.to_record(), FairProof.make(secret, [[0, "aa"]]))
        assert caught.value.code == "fair_shuffle"


def test_a_copied_hand_shuffles_fairly_too() -> None:
    _hand, proof = fair_hand(3)
    start = Hand.deal(
        Rules.of(1), [5000] * 3, dealer=0, shuffle=FairShuffle(bytes.fromhex(proof.seed))
    )
    branch = play(start.copy(), [Buyer(seat, 90) for seat in range(3)])
    play(start, [RandomBot(seed=seat) for seat in range(3)])
    for played in (branch, start):
        replay(with_fair(played.to_record(), proof))


# ------------------------------------------------------------------ tampering


def _flip(text: str, at: int) -> str:
    """``text`` with one hex digit changed to another hex digit."""
    digit = HEX[(HEX.index(text[at]) + 1) % 16]
    return text[:at] + digit + text[at + 1 :]


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    hand, proof = fair_hand(4, players=3, contributions=[[2, "0123abcd"], [0, "ff" * 64]])
    assert len(hand.shuffles) >= 3
    return with_fair(hand.to_record(), proof)


def _code(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as caught:
        replay(record)
    with pytest.raises(RecordError) as again:
        resume(record)
    assert again.value.code == caught.value.code
    return caught.value.code


@pytest.mark.parametrize(
    ("field", "code"),
    [
        ("server_secret", "fair_server_commitment"),
        ("server_commitment", "fair_server_commitment"),
        ("seed", "fair_seed"),
        ("commitment", "fair_commitment"),
    ],
)
@pytest.mark.parametrize("at", [0, 31, 63])
def test_one_changed_digit_of_a_value_fails_its_step(
    played: dict[str, Any], field: str, code: str, at: int
) -> None:
    record = copy.deepcopy(played)
    record["fair"][field] = _flip(record["fair"][field], at)
    assert _code(record) == code
    with pytest.raises(RecordError) as caught:
        verify(FairProof.from_json(record["fair"]), record["shuffles"])
    assert caught.value.code == code
    assert caught.value.rule is not None
    assert caught.value.rule.startswith(SCHEME)


def test_one_changed_digit_of_a_contribution_or_its_seat_fails_the_seed(
    played: dict[str, Any],
) -> None:
    assert played["fair"]["contributions"] == [[0, "ff" * 64], [2, "0123abcd"]]
    for index, (_, value) in enumerate(played["fair"]["contributions"]):
        for at in (0, len(value) - 1):
            record = copy.deepcopy(played)
            record["fair"]["contributions"][index][1] = _flip(value, at)
            assert _code(record) == "fair_seed"
        record = copy.deepcopy(played)
        record["fair"]["contributions"][index][1] = value[:-2]  # a byte fewer
        assert _code(record) == "fair_seed"
    moved = copy.deepcopy(played)
    moved["fair"]["contributions"][0][0] = 1  # the same value, from another seat
    assert _code(moved) == "fair_seed"
    for index in (0, 1):
        record = copy.deepcopy(played)
        del record["fair"]["contributions"][index]  # one left out
        assert _code(record) == "fair_seed"


def test_two_swapped_cards_in_any_shuffle_fail_it(played: dict[str, Any]) -> None:
    for k, shuffle in enumerate(played["shuffles"]):
        cards = shuffle.split(" ")
        for i in {0, len(cards) // 2, len(cards) - 2}:
            record = copy.deepcopy(played)
            cards_k = list(cards)
            cards_k[i], cards_k[i + 1] = cards_k[i + 1], cards_k[i]
            record["shuffles"][k] = " ".join(cards_k)
            with pytest.raises(RecordError) as caught:
                replay(record)
            assert caught.value.code == "fair_shuffle"
            assert caught.value.rule == "palace-fair/1 shuffles"
            assert caught.value.details == {"shuffle": k, "position": i}


def test_a_malformed_shuffle_fails_the_fair_check(played: dict[str, Any]) -> None:
    for bad in ("As As", "Xx", "as", played["shuffles"][0] + " "):
        record = copy.deepcopy(played)
        record["shuffles"][0] = bad
        assert _code(record) == "fair_shuffle"


def test_a_shuffle_of_the_wrong_cards_in_the_seeds_order_fails_the_replay(
    played: dict[str, Any],
) -> None:
    """The proof says each listed order is the seed's order of its cards; that the
    cards are the ones the hand shuffles is the replay's check (shuffle_mismatch)."""
    seed = bytes.fromhex(played["fair"]["seed"])
    cards: list[Card]
    for cards in ([], list(DECK[:51])):
        record = copy.deepcopy(played)
        record["shuffles"][0] = format_cards(fair_order(seed, 0, cards))
        verify(FairProof.from_json(record["fair"]), record["shuffles"])
        assert _code(record) == "shuffle_mismatch"


@pytest.mark.parametrize(
    "change",
    [
        lambda f: f.__setitem__("scheme", "palace-fair/2"),
        lambda f: f.__setitem__("seed", f["seed"].upper()),
        lambda f: f.__setitem__("seed", f["seed"][:-1]),
        lambda f: f.__setitem__("seed", f["seed"] + "0"),
        lambda f: f.__setitem__("commitment", "g" + f["commitment"][1:]),
        lambda f: f.__setitem__("server_secret", None),
        lambda f: f.__setitem__("extra", 1),
        lambda f: f.pop("server_commitment"),
        lambda f: f.__setitem__("contributions", [[9, "ab"]]),  # no such seat
        lambda f: f.__setitem__("contributions", [[2, "ab"], [1, "cd"]]),  # not in order
        lambda f: f.__setitem__("contributions", [[True, "ab"]]),
        lambda f: f.__setitem__("contributions", {"0": "ab"}),
        lambda f: f.__setitem__("contributions", [[0, "ab"], [0, "ab"]]),
        lambda f: f.clear(),
    ],
)
def test_a_malformed_fair_field_is_invalid_fair(
    played: dict[str, Any], change: Callable[[dict[str, Any]], object]
) -> None:
    record = copy.deepcopy(played)
    change(record["fair"])
    assert _code(record) == "invalid_fair"


@pytest.mark.parametrize("value", [None, [], "fair", 0, True])
def test_a_fair_field_that_is_no_object_is_invalid_fair(
    played: dict[str, Any], value: object
) -> None:
    record = copy.deepcopy(played)
    record["fair"] = value
    assert _code(record) == "invalid_fair"


# ------------------------------------------------------------------ writing records


def test_a_record_without_a_proof_is_unchanged() -> None:
    hand, proof = fair_hand(2)
    plain = hand.to_record()
    assert "fair" not in plain
    assert hand_to_record(hand) == plain == state_to_record(hand.state)
    proved = with_fair(plain, proof)
    assert "fair" not in plain  # not changed in place
    assert list(proved) == [*plain, "fair"]
    assert {k: v for k, v in proved.items() if k != "fair"} == plain
    assert hand_to_record(hand, fair=proof) == proved
    assert dumps(plain) + "" == dumps({k: v for k, v in proved.items() if k != "fair"})


def test_with_fair_refuses_what_it_cannot_prove() -> None:
    hand, proof = fair_hand(2)
    record = hand.to_record()
    refused(lambda: with_fair(record, proof.to_json()), "invalid_fair")
    refused(lambda: with_fair(with_fair(record, proof), proof), "invalid_fair")
    refused(lambda: with_fair(record, FairProof.make(bytes(32), [])), "fair_shuffle")
    far = FairProof.make(bytes(32), [[9, "ab"]])
    refused(lambda: with_fair(record, far), "invalid_fair")
    refused(lambda: with_fair({**record, "format": "x"}, proof), "invalid_record")
    refused(lambda: hand_to_record(hand, fair="proof"), "invalid_fair")


def test_a_proof_is_frozen_canonical_and_round_trips() -> None:
    proof = FairProof.make(bytes(range(32)), [[2, "ff"], (0, "00")])
    assert proof.contributions == ((0, "00"), (2, "ff"))
    assert proof.to_json()["contributions"] == [[0, "00"], [2, "ff"]]
    assert list(proof.to_json()) == [
        "scheme",
        "server_commitment",
        "server_secret",
        "contributions",
        "commitment",
        "seed",
    ]
    assert FairProof.from_json(json.loads(json.dumps(proof.to_json()))) == proof
    with pytest.raises(AttributeError):
        proof.seed = "00"  # type: ignore[misc]
    refused(lambda: FairProof(**{**proof.to_json(), "contributions": [[2, "ff"], [0, "00"]]}))


# ------------------------------------------------------------------ the command


def test_the_replay_command_reports_the_proof(
    played: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(played), encoding="utf-8")
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps({k: v for k, v in played.items() if k != "fair"}))
    forged = copy.deepcopy(played)
    forged["fair"]["commitment"] = _flip(forged["fair"]["commitment"], 5)
    game = tmp_path / "game.jsonl"
    game.write_text(dumps(played) + "\n" + dumps(forged) + "\n", encoding="utf-8")
    assert main(["replay", str(good), str(plain)]) == 0
    lines = capsys.readouterr().out.splitlines()
    shuffles = len(played["shuffles"])
    note = f"; fair: {shuffles} shuffles match seed (commitment ok: {played['fair']['commitment']})"
    assert lines[0].startswith(f"{good}: ok 3 players, ")
    assert lines[0].endswith(note)
    assert lines[1].startswith(f"{plain}: ok 3 players, ")
    assert "fair" not in lines[1]
    assert main(["replay", str(game)]) == 1
    first, second = capsys.readouterr().out.splitlines()
    assert first.endswith(note)
    assert second == (
        f"{game}:2: FAIL [fair_commitment] sha256(seed) is not the commitment published at "
        "the deal (rule palace-fair/1 commitment)"
    )


# ------------------------------------------------------------------ the doc's script


def _script() -> dict[str, Any]:
    """The standalone script of docs/hand-records.md, run as a module."""
    text = (ROOT / "docs" / "hand-records.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(# check_fair\.py.*?)```", text, flags=re.DOTALL)
    assert len(blocks) == 1, "the doc's check_fair.py block is missing"
    assert "palace_poker" not in blocks[0]
    imported = set(re.findall(r"^import (\w+)", blocks[0], flags=re.MULTILINE))
    assert imported <= {"hashlib", "hmac", "json", "sys"}, imported
    namespace: dict[str, Any] = {"__name__": "check_fair", "__source__": blocks[0]}
    exec(compile(blocks[0], "check_fair.py", "exec"), namespace)  # our own doc's script
    return namespace


SCRIPT = _script()


def test_the_docs_script_passes_fair_records_and_fails_forged_ones(
    played: dict[str, Any],
) -> None:
    check: Callable[[dict[str, Any]], str] = SCRIPT["check"]
    for record in (played, _folded_record()):
        assert check(json.loads(json.dumps(record))) == record["fair"]["commitment"]
    for field in ("server_secret", "server_commitment", "seed", "commitment"):
        forged = copy.deepcopy(played)
        forged["fair"][field] = _flip(forged["fair"][field], 10)
        with pytest.raises(SystemExit, match="NOT FAIR"):
            check(forged)
    forged = copy.deepcopy(played)
    cards = forged["shuffles"][-1].split(" ")
    cards[-1], cards[-2] = cards[-2], cards[-1]
    forged["shuffles"][-1] = " ".join(cards)
    with pytest.raises(SystemExit, match="shuffle"):
        check(forged)


def test_the_docs_script_runs_as_a_player_runs_it(played: dict[str, Any], tmp_path: Path) -> None:
    """``python3 check_fair.py hand.json``, with a Python that has no palace_poker."""
    script = tmp_path / "check_fair.py"
    script.write_text(SCRIPT["__source__"], encoding="utf-8")
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(played), encoding="utf-8")
    ran = subprocess.run(
        [sys.executable, "-I", "-S", str(script), str(hand)],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert ran.returncode == 0, ran.stderr
    assert played["fair"]["commitment"] in ran.stdout
    forged = copy.deepcopy(played)
    forged["fair"]["seed"] = _flip(forged["fair"]["seed"], 0)
    hand.write_text(json.dumps(forged), encoding="utf-8")
    ran = subprocess.run(
        [sys.executable, "-I", "-S", str(script), str(hand)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 1
    assert "NOT FAIR: the seed" in ran.stderr


@given(seed=secrets_, k=st.integers(0, 2**32 - 1), cards=card_sets)
def test_the_docs_script_gives_the_orders_the_package_gives(
    seed: bytes, k: int, cards: list[int]
) -> None:
    texts = [str(DECK[i]) for i in cards]
    assert SCRIPT["fair_order"](seed, k, texts) == [str(c) for c in fair_order(seed, k, cards)]


def test_every_fair_code_is_a_listed_code() -> None:
    from palace_poker import ERROR_CODES  # noqa: PLC0415

    codes = {"invalid_fair", "invalid_contribution", "fair_server_commitment", "fair_seed"}
    assert codes | {"fair_commitment", "fair_shuffle"} <= set(ERROR_CODES)
