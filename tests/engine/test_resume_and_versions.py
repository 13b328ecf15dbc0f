"""What a table server needs of the core: versions, resuming a hand from its record so
far, default actions for a clock that runs out, and copies that are independent."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import golden
from examples import examples
from helpers import snapshot
from palace_poker import (
    Hand,
    IllegalActionError,
    Phase,
    RecordedShuffle,
    RecordError,
    Rules,
    SecureShuffle,
    SeededShuffle,
    Verb,
    replay,
)
from palace_poker.record import resume
from palace_poker.shuffle import fork
from random_hands import choose, deal

# ------------------------------------------------------------------ versions


def test_the_version_grows_by_one_with_every_action() -> None:
    hand = Hand.deal(Rules.of(10), [100, 100, 100], dealer=2, shuffle=SeededShuffle(1))
    assert hand.version == 0
    hand.apply("0 buy", version=0)  # the BUY's card comes with it: one change
    assert hand.version == 1
    assert hand.observe(None).version == 1
    assert hand.can("0 trim", version=1)
    assert not hand.can("0 trim", version=0)


@pytest.mark.parametrize("stale", [0, 2, -1, True, "1", 1.0])
def test_an_action_answering_another_version_is_refused(stale: object) -> None:
    hand = Hand.deal(Rules.of(10), [100, 100, 100], dealer=2, shuffle=SeededShuffle(1))
    hand.apply("0 stay")
    before = snapshot(hand), hand.version
    with pytest.raises(IllegalActionError) as refused:
        hand.apply("1 stay", version=stale)  # type: ignore[call-overload]
    assert refused.value.code == "stale_version"
    assert refused.value.details["current"] == 1
    assert (snapshot(hand), hand.version) == before


# ------------------------------------------------------------------ resume


def _continue_both(one: Hand, two: Hand, actions: list[str]) -> None:
    for action in actions:
        assert one.observe(None) == two.observe(None)
        one.apply(action)
        two.apply(action)


@settings(max_examples=examples(120), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), cut=st.integers(0, 60))
def test_a_hand_resumed_from_its_record_so_far_goes_on_as_it_would_have(
    seed: int, cut: int
) -> None:
    rng = random.Random(seed)
    source = SeededShuffle(seed)
    real = deal(seed).copy(shuffle=source)  # a seeded source we hold
    twin = real.copy()
    actions: list[str] = []
    while not twin.over:
        chosen = choose(twin, rng)
        actions.append(str(chosen))
        twin.apply(chosen)
    cut = min(cut, len(actions))
    for action in actions[:cut]:
        real.apply(action)
    resumed = resume(real.to_record(), shuffle=fork(source))
    assert resumed.version == real.version == cut
    for viewer in [None, *range(real.n)]:
        assert resumed.observe(viewer) == real.observe(viewer)
        assert resumed.events_for(viewer) == real.events_for(viewer)
    _continue_both(real, resumed, actions[cut:])
    assert resumed.to_record() == real.to_record() == twin.to_record()


def test_a_server_that_restarts_after_every_action_loses_nothing() -> None:
    """Live play with a secure source; after each action the record is all that is
    kept, and the hand is resumed from it."""
    rng = random.Random(5)
    hand = Hand.deal(Rules.of(5), [300, 300, 300, 300], dealer=0, shuffle=SecureShuffle())
    stored = hand.to_record()
    while True:
        hand = resume(stored)
        if hand.over:
            break
        hand.apply(choose(hand, rng))
        stored = hand.to_record()
    assert replay(stored).result == hand.result


def test_resume_refuses_what_replay_refuses_and_a_record_too_long() -> None:
    hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=SeededShuffle(3))
    hand.apply("1 stay")
    record = hand.to_record()
    with pytest.raises(RecordError) as extra:
        resume({**record, "shuffles": [*record["shuffles"], record["shuffles"][0]]})
    assert extra.value.code == "shuffles_unused"
    with pytest.raises(RecordError) as wrong:
        resume({**record, "actions": ["1 stay", "1 stay"]})
    assert (wrong.value.code, wrong.value.details["index"]) == ("not_your_turn", 1)
    with pytest.raises(RecordError) as early:
        resume({**record, "result": {"end": "last", "stacks": [105, 95]}})
    assert early.value.code == "record_incomplete"


# ------------------------------------------------------------------ default actions


@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), cut=st.integers(0, 40))
def test_the_default_action_is_always_legal_and_defaults_alone_end_a_hand(
    seed: int, cut: int
) -> None:
    rng = random.Random(seed)
    hand = deal(seed)
    for _ in range(cut):
        if hand.over:
            break
        hand.apply(choose(hand, rng))
    steps = 0
    while not hand.over:
        action = hand.default_action()
        seat = hand.to_act
        assert seat is not None
        assert hand.can(action)
        if hand.phase is Phase.TURN:
            assert action.verb is Verb.STAY
        elif hand.phase is Phase.BATTLE:
            expected = Verb.CALL if hand.stacks[seat] == 0 else Verb.FOLD
            assert action.verb is expected
        else:
            army = hand.soldiers[seat]
            assert action.verb is Verb.TRIM
            assert list(action.cards) == army[5:]
        hand.apply(action)
        steps += 1
        assert steps < 100
    with pytest.raises(IllegalActionError) as over:
        hand.default_action()
    assert over.value.code == "hand_over"


def test_no_default_action_while_a_card_is_due() -> None:
    hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, explicit_chance=True)
    with pytest.raises(IllegalActionError) as refused:
        hand.default_action()
    assert refused.value.code == "chance_due"


# ------------------------------------------------------------------ copies


def _discard_hand() -> tuple[golden.Spec, list[str]]:
    """The golden hand whose stock runs out, and its actions."""
    spec = next(s for s in golden.all_specs() if s.name == "discard-reshuffle")
    return spec, [str(a) for a in golden.play(spec).actions]


def test_a_copy_shuffles_with_its_own_fork_of_the_source() -> None:
    """A copy taken before the discard pile's reshuffle reshuffles as the original
    will, and the original, reshuffling after it, is unchanged by it."""
    spec, actions = _discard_hand()
    alone = golden.play(spec)
    shuffle = golden.StackedThenSeeded((), spec.seed)
    original = Hand.deal(spec.rules(), list(spec.stacks), dealer=spec.dealer, shuffle=shuffle)
    branch: Hand | None = None
    for action in actions:
        if branch is None and len(original.shuffles) == 2 and original.observe(None).stock_size < 3:
            branch = original.copy()
            for later in actions[len(original.actions) :]:
                branch.apply(later)
        original.apply(action)
    assert branch is not None
    assert len(branch.shuffles) == 3
    assert original.to_record() == alone.to_record() == branch.to_record()


def test_a_copy_of_a_recorded_hand_replays_the_same_later_orders() -> None:
    spec, actions = _discard_hand()
    record = golden.play(spec).to_record()
    hand = Hand.deal(
        spec.rules(),
        list(spec.stacks),
        dealer=spec.dealer,
        shuffle=RecordedShuffle(record["shuffles"]),
    )
    branch = hand.copy()
    for action in actions:
        branch.apply(action)
    for action in actions:
        hand.apply(action)
    assert branch.to_record() == hand.to_record() == record


def test_the_result_of_a_copy_is_its_own_value() -> None:
    hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=SeededShuffle(3))
    hand.apply("1 fold")
    copy = hand.copy()
    assert copy.result == hand.result
    with pytest.raises(AttributeError):
        copy.result.end = "tie"  # type: ignore[union-attr, misc]


def test_a_hand_pickles_to_the_same_hand() -> None:
    """Research libraries save states with pickle (OpenSpiel's serialize): the
    compiled engine's classes pickle through their constructors."""
    import pickle  # noqa: PLC0415

    for seed in range(20):
        rng = random.Random(seed)
        hand = Hand.deal(
            Rules.of(10), [100, 100, 100], dealer=0, explicit_chance=rng.random() < 0.5
        )
        for _ in range(rng.randint(0, 30)):
            if hand.over:
                break
            if hand.chance is not None:
                hand.apply_chance(rng.choice(hand.chance.outcomes))
            else:
                hand.apply(rng.choice(hand.legal_actions()))
        again = pickle.loads(pickle.dumps(hand))
        assert again.observe(None) == hand.observe(None)
        assert again.events == hand.events
        assert again.version == hand.version
