"""A variant of the game (palace_poker.variant): each parameter checked with the rule
it changes, a record holding only what differs from the standard game, and the
named presets."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker.config import Rules
from palace_poker.errors import ConfigError
from palace_poker.hand import Hand
from palace_poker.presets import PRESETS, preset
from palace_poker.variant import READINGS, STANDARD, Variant

#: Each count parameter, its rule and its bounds.
COUNTS = {
    "ranks": ("R-CARD-1", 3, 13),
    "suits": ("R-CARD-1", 2, 4),
    "palace": ("R-PALACE-1", 1, 4),
    "soldiers": ("R-BUY-3", 1, 7),
    "group": ("R-BANNER-1", 1, 4),
}


@pytest.mark.rule("R-CARD-1")
def test_the_standard_game_is_the_defaults_and_writes_nothing() -> None:
    assert Variant() == STANDARD
    assert (STANDARD.cards, STANDARD.lowest_rank, STANDARD.suit_letters) == (52, "2", "cdhs")
    assert STANDARD.to_dict() == {}
    assert STANDARD.standard
    assert STANDARD.most_players() == 10


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_each_count_is_taken_within_its_bounds_and_refused_outside(name: str) -> None:
    rule, low, high = COUNTS[name]
    base: dict[str, Any] = {"suits": 4} if name == "group" else {"group": 1}
    for good in (low, high):
        assert getattr(Variant(**{**base, name: good}), name) == good
    # (group=None is its default: as many players as the suits)
    for bad in (low - 1, high + 1, True, 3.0, "3", *(() if name == "group" else (None,))):
        with pytest.raises(ConfigError) as refused:
            Variant(**{**base, name: bad})
        assert refused.value.code == "invalid_variant"
        assert refused.value.rule == rule
        assert refused.value.details == {"field": name, "input": repr(bad)}


@pytest.mark.rule("R-BANNER-1")
def test_a_banner_group_cannot_outnumber_the_suits() -> None:
    assert Variant(suits=2, group=2).group == 2
    with pytest.raises(ConfigError, match="at most the number of suits") as refused:
        Variant(suits=2, group=3)
    assert refused.value.rule == "R-BANNER-1"


@pytest.mark.parametrize("name", sorted(READINGS))
def test_each_reading_takes_its_values_only(name: str) -> None:
    rule, values = READINGS[name]
    assert getattr(STANDARD, name) == values[0]
    for value in values:
        given: dict[str, Any] = {name: value}
        assert getattr(Variant(**given), name) == value
    for bad in ("", "other", 1, None, values[0].upper()):
        wrong: dict[str, Any] = {name: bad}
        with pytest.raises(ConfigError) as refused:
            Variant(**wrong)
        assert refused.value.rule == rule


@st.composite
def variants(draw: st.DrawFn) -> Variant:
    suits = draw(st.integers(2, 4))
    chosen: dict[str, Any] = {
        "ranks": draw(st.integers(3, 13)),
        "suits": suits,
        "palace": draw(st.integers(1, 4)),
        "soldiers": draw(st.integers(1, 7)),
        "group": draw(st.integers(1, suits)),
    }
    for name, (_rule, values) in READINGS.items():
        chosen[name] = draw(st.sampled_from(values))
    return Variant(**chosen)


@settings(max_examples=examples(200), deadline=None)
@given(variant=variants())
def test_a_variant_comes_back_from_its_record_and_writes_only_its_differences(
    variant: Variant,
) -> None:
    written = variant.to_dict()
    assert Variant.from_dict(written) == variant
    assert all(getattr(STANDARD, name) != value for name, value in written.items())
    assert variant.standard == (variant == STANDARD)
    most = variant.most_players()
    assert most * (1 + variant.palace) <= variant.cards
    assert -(-most // variant.group) <= variant.ranks


def test_a_record_s_variant_that_is_no_object_or_names_an_unknown_parameter_is_refused() -> None:
    bad: object
    for bad in ([], "tiny", None):
        with pytest.raises(ConfigError, match="must be an object"):
            Variant.from_dict(bad)
    with pytest.raises(ConfigError, match="no variant parameter 'jokers'"):
        Variant.from_dict({"jokers": 2})


def test_the_presets() -> None:
    assert set(PRESETS) == {"standard", "short-deck", "quick", "tiny", "small"}
    assert PRESETS["standard"].variant == STANDARD
    assert PRESETS["short-deck"].variant.cards == 36
    quick = PRESETS["quick"]
    assert (quick.variant.palace, quick.variant.soldiers, quick.rules(10).max_raises) == (2, 3, 1)
    assert PRESETS["standard"].rules(10).max_raises == 3  # the structure's default
    assert (PRESETS["tiny"].variant.cards, PRESETS["tiny"].variant.most_players()) == (6, 3)
    assert (PRESETS["small"].variant.cards, PRESETS["small"].variant.most_players()) == (8, 4)
    assert preset("tiny") is PRESETS["tiny"]
    with pytest.raises(ConfigError, match="no preset 'long'"):
        preset("long")


@pytest.mark.rule("R-STAKE-1")
def test_rules_carry_a_variant_that_a_record_writes_only_when_it_differs() -> None:
    assert Rules.of(10).to_dict() == {
        "small_bet": 10,
        "big_bet": 20,
        "ante": 5,
        "betting": "limit",
        "max_raises": 3,
    }
    quick = Rules.of(10, variant=Variant(palace=2))
    assert quick.to_dict()["variant"] == {"palace": 2}
    assert Rules.from_dict(quick.to_dict()) == quick
    assert repr(quick).endswith("variant=Variant(palace=2))")
    with pytest.raises(ConfigError) as refused:
        Rules.of(10, variant="quick")  # type: ignore[arg-type]
    assert refused.value.code == "invalid_variant"


def test_the_banner_groups_hold_as_many_players_as_the_suits_unless_told() -> None:
    assert Variant(suits=2).group == 2
    assert Variant(suits=3, group=1).group == 1
    assert Variant(group=None) == STANDARD  # type: ignore[arg-type]


def test_a_hand_of_more_players_than_a_variants_deck_serves_is_refused() -> None:
    STANDARD.check_playable(10)
    with pytest.raises(ConfigError, match="deals at most 3 players") as refused:
        Hand.deal(Rules.of(10, variant=Variant(ranks=3, suits=2, palace=1)), [9] * 4, dealer=0)
    assert (refused.value.code, refused.value.rule) == ("invalid_variant", "R-PALACE-1")
