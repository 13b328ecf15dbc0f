"""The wire form of the explanations (:mod:`palace_poker.explain`): why a battle, a
quiet round or a showdown ended as it did, and a hand's strength, as JSON data and
back, for :mod:`palace_poker.wire`. A hand value goes out with what names it (its
category and naming ranks), for a client that words it.
"""

from __future__ import annotations

from typing import Any

from palace_poker.cards import RANKS
from palace_poker.categories import describe
from palace_poker.errors import PalaceError
from palace_poker.explain import Explanation, Side, Strength, hand_name
from palace_poker.wire_fields import (
    bad,
    bool_in,
    card_in,
    cards_in,
    cards_out,
    field_in,
    int_in,
    ints_in,
    list_out,
    object_in,
    one_of,
    seq_out,
    tuple_of,
)

_KIND = one_of("battle", "quiet_round", "showdown")
_DECIDER = one_of("category", "rank", "kickers", "own_suit", "tie", "unseen")


def _hand_out(value: int) -> dict[str, Any]:
    """A hand value, with what names it for a client that words it: the category
    (``"one_pair"``) and its naming ranks (``["Q"]``)."""
    kind, ranks = hand_name(value)
    return {"value": value, "category": kind.name.lower(), "ranks": [RANKS[r] for r in ranks]}


def _hand_in(value: object, where: str) -> int:
    data = object_in(value, where)
    number = int_in(field_in(data, "value", where), f"{where}.value")
    try:
        describe(number)  # checks every rank slot of the value, not only its category
        expected = _hand_out(number)
    except PalaceError as err:
        raise bad(f"{where}.value", err.message) from None
    if data != expected:
        raise bad(where, f"does not name the hand of value {number}")
    return number


def _side_out(side: Side) -> dict[str, Any]:
    return {
        "seat": side.seat,
        "banner": str(side.banner),
        "palace": cards_out(side.palace),
        "soldiers": cards_out(side.soldiers),
        "struck": cards_out(side.struck),
        "counted": cards_out(side.counted),
        "hand": _hand_out(side.value),
        "own_suit": side.own_suit,
    }


def _side_in(value: object, where: str) -> Side:
    data = object_in(value, where)
    side = Side(
        int_in(field_in(data, "seat", where), f"{where}.seat"),
        card_in(field_in(data, "banner", where), f"{where}.banner"),
        cards_in(field_in(data, "palace", where), f"{where}.palace"),
        cards_in(field_in(data, "soldiers", where), f"{where}.soldiers"),
        cards_in(field_in(data, "struck", where), f"{where}.struck"),
        _hand_in(field_in(data, "hand", where), f"{where}.hand"),
        int_in(field_in(data, "own_suit", where), f"{where}.own_suit"),
    )
    if cards_in(field_in(data, "counted", where), f"{where}.counted") != side.counted:
        raise bad(f"{where}.counted", "is not the cards left after the struck ones")
    return side


def explanation_out(explanation: Explanation) -> dict[str, Any]:
    return {
        "type": "explanation",
        "kind": explanation.kind,
        "seats": list_out(explanation.seats),
        "winners": list_out(explanation.winners),
        "sides": [_side_out(side) for side in seq_out(explanation.sides)],
        "decided_by": explanation.decided_by,
        "suit_decided": explanation.suit_decided,
    }


def explanation_in(data: dict[str, Any]) -> Explanation:
    def field(name: str) -> Any:
        return field_in(data, name, "explanation")

    return Explanation(
        _KIND(field("kind"), "explanation.kind"),
        ints_in(field("seats"), "explanation.seats"),
        ints_in(field("winners"), "explanation.winners"),
        tuple_of(_side_in)(field("sides"), "explanation.sides"),
        _DECIDER(field("decided_by"), "explanation.decided_by"),
        bool_in(field("suit_decided"), "explanation.suit_decided"),
    )


def strength_out(strength: Strength) -> dict[str, Any]:
    return {
        "type": "strength",
        "best": _hand_out(strength.best),
        "against": [[seat, _hand_out(value)] for seat, value in seq_out(strength.against)],
    }


def strength_in(data: dict[str, Any]) -> Strength:
    def pair(item: object, where: str) -> tuple[int, int]:
        seat, value = tuple_of(lambda x, w: x, 2)(item, where)
        return int_in(seat, f"{where}[0]"), _hand_in(value, f"{where}[1]")

    return Strength(
        _hand_in(field_in(data, "best", "strength"), "strength.best"),
        tuple_of(pair)(field_in(data, "against", "strength"), "strength.against"),
    )
