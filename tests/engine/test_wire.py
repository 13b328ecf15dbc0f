"""The wire format: every value a client gets goes to JSON and comes back unchanged,
and anything else sent in is refused with ``invalid_wire``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker import Action, Hand, PalaceError, ParseError, Rules, SeededShuffle, Verb
from palace_poker.events import EVENT_KINDS
from palace_poker.wire import WireValue, from_wire, to_wire
from random_hands import choose, deal, random_action


def through_json(value: WireValue) -> Any:
    """``value`` to the wire, through JSON text, and back."""
    return from_wire(json.loads(json.dumps(to_wire(value), allow_nan=False)))


def test_a_few_values_on_the_wire() -> None:
    hand = Hand.deal(Rules.of(10), [100, 100], dealer=1, shuffle=SeededShuffle(3))
    assert to_wire(Action.parse("0 bet 1 20")) == {"type": "action", "text": "0 bet 1 20"}
    option = hand.legal_options()[0]
    assert to_wire(option) == {
        "type": "option",
        "seat": 0,
        "verb": "buy",
        "cost": 10,
        "target": None,
        "min_amount": None,
        "max_amount": None,
        "cards": [],
        "min_cards": 0,
        "max_cards": 0,
    }
    view = to_wire(hand.observe(0))
    assert view["type"] == "observation"
    assert view["palace"] == [str(c) for c in hand.palaces[0]]
    assert view["options"][0] == to_wire(option)
    try:
        hand.apply("1 stay")
    except PalaceError as err:
        wire = to_wire(err)
    assert wire == {
        "type": "error",
        "kind": "IllegalActionError",
        "code": "not_your_turn",
        "message": "1 stay: seat 1 cannot act now; seat 0 is to take a turn",
        "rule": "R-TURN-1",
        "details": {"action": "1 stay", "to_act": 0},
    }


@pytest.mark.rule("R-INFO-1")
@settings(max_examples=examples(120), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_value_of_random_hands_comes_back_unchanged(seed: int) -> None:
    rng = random.Random(seed)
    hand = deal(seed)
    kinds: set[type] = set()
    # The wire form is a function of the value alone: a value equal to one already
    # checked is not sent through again (each viewer's events are read whole at
    # every step, and most of them are the same as at the step before).
    checked: set[object] = set()

    def check(value: WireValue) -> None:
        if value not in checked:
            assert through_json(value) == value
            checked.add(value)

    while True:
        for viewer in [None, *range(hand.n)]:
            view = hand.observe(viewer)
            assert through_json(view) == view
            for event in hand.events_for(viewer):
                check(event)
                kinds.add(type(event))
        for option in hand.legal_options():
            check(option)
            for action in option.actions():
                check(action)
        try:
            hand.apply(random_action(hand, rng))
        except PalaceError as err:
            refused: PalaceError | None = err
        else:
            refused = None
        if refused is not None:
            back = through_json(refused)
            assert (type(back), back.code, back.message, back.rule, back.details) == (
                type(refused),
                refused.code,
                refused.message,
                refused.rule,
                refused.details,
            )
        if hand.over:
            break
        hand.apply(choose(hand, rng))
    assert hand.result is not None
    assert through_json(hand.result) == hand.result


def test_every_kind_of_event_and_chance_step_has_a_wire_form() -> None:
    seen: set[type] = set()
    for seed in range(300):
        rng = random.Random(seed)
        hand = deal(seed)
        while not hand.over:
            hand.apply(choose(hand, rng))
        seen.update(type(e) for e in hand.events)
    # Every kind the random hands reached; the rest are covered by the golden hands.
    assert len(seen) >= len(EVENT_KINDS) - 2
    explicit = Hand.deal(Rules.of(10), [100, 100], dealer=0, explicit_chance=True)
    step = explicit.chance
    assert step is not None
    assert through_json(step) == step


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=examples(400), deadline=None)
@given(data=JSON, tag=st.sampled_from(["soldier_bought", "observation", "option", "error",
                                       "action", "chance", "result", "battle_compared",
                                       "showdown_revealed", "nothing"]))  # fmt: skip
def test_anything_else_is_refused_with_invalid_wire(data: object, tag: str) -> None:
    for message in (data, {"type": tag, **(data if isinstance(data, dict) else {"x": data})}):
        try:
            from_wire(message)
        except ParseError as err:
            refused: ParseError | None = err
        else:
            refused = None
        assert refused is None or (refused.code, refused.rule) == (
            "invalid_wire",
            "palace wire format",
        )


@pytest.mark.parametrize("value", [None, 3, "As", object(), Verb.BUY, (0, "stay")])
def test_values_without_a_wire_form_are_refused(value: object) -> None:
    with pytest.raises(ParseError) as refused:
        to_wire(value)  # type: ignore[arg-type]
    assert refused.value.code == "invalid_wire"
