"""The engine against its golden playthroughs (tests/data/golden/, see tests/golden.py).

Each golden hand is dealt and played again from its spec (seeded shuffles, a seeded
choice of actions) and every line is compared with the file: the record, then for
each state every viewer's redacted events and observation. A difference is a change
of behaviour: if it is intended, regenerate with ``python tests/golden.py`` and say
why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import golden


def _first_difference(expected: object, actual: object, path: str = "") -> str:
    """Where two JSON values first differ, as a path and both values."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            if expected.get(key) != actual.get(key):
                return _first_difference(expected.get(key), actual.get(key), f"{path}/{key}")
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for index, (e, a) in enumerate(zip(expected, actual, strict=True)):
            if e != a:
                return _first_difference(e, a, f"{path}/{index}")
    return f"{path or '/'}: expected {expected!r}, got {actual!r}"


def _lines(spec: golden.Spec) -> list[str]:
    hand = golden.play(spec)
    record = hand.to_record()
    header = {"name": spec.name, "about": spec.about, "seed": spec.seed, "record": record}
    return [golden.dump(header), *(golden.dump(line) for line in golden.playthrough(record))]


@pytest.mark.rule("R-BANNER-3", "R-BUY-2", "R-CMP-3", "R-POT-2", "R-END-2")
@pytest.mark.rule("R-END-3", "R-END-4", "R-BET-7", "R-ANTE-1", "R-INFO-3")
@pytest.mark.parametrize("spec", golden.all_specs(), ids=lambda spec: spec.name)
def test_the_engine_plays_its_golden_hands_byte_for_byte(spec: golden.Spec) -> None:
    path = golden.GOLDEN / f"{spec.name}.jsonl"
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = _lines(spec)
    for number, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want != got:
            where = _first_difference(json.loads(want), json.loads(got))
            pytest.fail(f"{path.name} line {number + 1} differs at {where}")
    assert len(actual) == len(expected), f"{path.name}: {len(actual)} lines, {len(expected)} kept"


def test_every_golden_file_has_its_spec_and_covers_the_rare_rules() -> None:
    names = {spec.name for spec in golden.all_specs()}
    files = {Path(p).stem for p in golden.GOLDEN.glob("*.jsonl")}
    assert files == names
    reached: set[str] = set()
    sizes: set[tuple[int, str]] = set()
    for spec in golden.all_specs():
        hand = golden.play(spec)
        reached |= golden.features(hand)
        sizes.add((hand.n, hand.rules.betting))
    assert {n for n, _ in sizes} == set(range(2, 11))
    assert {b for _, b in sizes} == {"limit", "no-limit"}
    assert {
        "shuffle-set-aside",
        "shuffle-discard",
        "tie-both-out",
        "end-tie-called",
        "final-comparison",
        "final-comparison-tie",
        "side-pot",
        "side-pots-layered",
        "end-same-suit",
        "end-showdown",
        "end-last",
        "chips-returned",
        "ante-all-in",
    } <= reached
