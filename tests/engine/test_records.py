"""The engine's positional record builders put every value in its own field.

For speed the engine builds its named tuples positionally
(``palace_poker.tuples.record(kind, *fields)``, the ``_RECORD`` constants of the
compiled modules, and the shared events built at import): a value given in the
wrong place would build a wrong record silently, without an error. Two checks:

* **by the source**: every ``_RECORD(kind, ...)`` call in the package gives, at
  each position, an expression that names that position's field of ``kind`` and
  no other of its fields (``seat``, ``self.seat``, ``state.stacks()``), so that
  swapping two fields of a record, or two arguments of a call, fails here;
* **by the value**: every builder of :mod:`palace_poker.events`, and
  ``battle_view``, ``option`` and ``Option.action``, called with distinct values
  by keyword, gives a record whose fields by name hold those values.

Each check is also run on a builder written wrong on purpose, which it must refuse.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from palace_poker import events
from palace_poker.actions import Verb
from palace_poker.cards import DECK
from palace_poker.events import BattleStarted
from palace_poker.options import Option, option
from palace_poker.state import BattleView, battle_view
from palace_poker.tuples import record
from paths import PACKAGE

# ------------------------------------------------------------------ by the source


def _named(node: ast.expr) -> set[str]:
    """Every identifier an expression names: its names and attribute names."""
    found: set[str] = set()
    for part in ast.walk(node):
        if isinstance(part, ast.Name):
            found.add(part.id)
        elif isinstance(part, ast.Attribute):
            found.add(part.attr)
    return found


def misplaced(source: str, kinds: dict[str, Any]) -> Iterator[str]:
    """Each argument of a ``_RECORD(kind, ...)`` call in ``source`` that does not
    name its field (or names another field of the same record); ``kinds`` maps the
    name a call gives its kind to the record class."""
    for node in ast.walk(ast.parse(source)):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "_RECORD"
        ):
            continue
        kind_node, *values = node.args
        assert isinstance(kind_node, ast.Name), ast.unparse(node)
        fields: tuple[str, ...] = kinds[kind_node.id]._fields
        assert len(values) == len(fields), f"line {node.lineno}: {ast.unparse(node)}"
        for field, value in zip(fields, values, strict=True):
            named = _named(value)
            others = named & (set(fields) - {field})
            if field not in named or others:
                yield f"line {node.lineno}: {field} <- {ast.unparse(value)}"


def _record_calls() -> list[tuple[str, str]]:
    """(module name, source) of every module of the package that calls ``_RECORD``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "_RECORD(" in source:
            dotted = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            found.append((dotted, source))
    return found


def test_every_positional_record_call_is_found() -> None:
    names = {name for name, _ in _record_calls()}
    assert names >= {
        "palace_poker.events",
        "palace_poker.state",
        "palace_poker.observation",
        "palace_poker.options",
    }


@pytest.mark.parametrize(("module", "source"), _record_calls(), ids=lambda value: value[:40])
def test_each_argument_of_a_positional_record_names_its_field(module: str, source: str) -> None:
    kinds = vars(importlib.import_module(module))
    assert list(misplaced(source, kinds)) == []


def test_the_source_check_refuses_swapped_arguments_and_swapped_fields() -> None:
    swapped_call = (
        "def battle_started(attacker, defender, entry, raise_by):\n"
        "    return _RECORD(_BattleStarted, attacker, defender, raise_by, entry)\n"
    )
    kinds = {"_BattleStarted": BattleStarted}
    assert list(misplaced(swapped_call, kinds)) == [
        "line 2: entry <- raise_by",
        "line 2: raise_by <- entry",
    ]
    # The record's own fields reordered (as a change to events.py would):
    # the call that was right is now refused.
    right_call = swapped_call.replace("raise_by, entry)", "entry, raise_by)")
    assert list(misplaced(right_call, kinds)) == []

    class Reordered:
        _fields = ("attacker", "defender", "raise_by", "entry")

    assert list(misplaced(right_call, {"_BattleStarted": Reordered})) != []


# ------------------------------------------------------------------ by the value

#: A sample value for each parameter name of the builders: the ints all differ
#: (seats 0..9), as do the cards, so that no two fields of a record hold equal values.
_SAMPLES: dict[str, Any] = {
    "seat": 3,
    "amount": 7,
    "cost": 9,
    "size": 11,
    "attacker": 1,
    "defender": 4,
    "entry": 5,
    "raise_by": 8,
    "from_seat": 6,
    "winner": 2,
    "seats": (4, 6),
    "all_in": True,
    "in_battle": True,
    "trim": True,
    "card": DECK[40],
    "cards": (DECK[1], DECK[2]),
    "palaces": ((DECK[10],), (DECK[11], DECK[12])),
    "stacks": (100, 200, 300),
    "what": "stock",
    "reason": "battle",
    "end": "showdown",
}


def distinct_arguments(builder: Callable[..., Any]) -> dict[str, Any]:
    """A value for each parameter of ``builder`` (by name, as the compiled engine's
    functions keep their parameters' names but not their annotations), no two of
    them equal."""
    names = list(inspect.signature(builder).parameters)
    given = {name: _SAMPLES[name] for name in names}
    values = [repr(value) for value in given.values()]
    assert len(set(values)) == len(values), given
    return given


def wrong_fields(built: Any, given: dict[str, Any]) -> list[str]:
    """The fields of ``built`` that do not hold the value given for them by name."""
    return [name for name, value in given.items() if getattr(built, name) != value]


#: Every builder of events.py: its name is the record's, in snake case.
EVENT_BUILDERS = [
    events.ante_posted,
    events.banner_card_set_aside,
    events.banner_dealt,
    events.battle_called,
    events.battle_compared,
    events.battle_raised,
    events.battle_started,
    events.cards_captured,
    events.cards_shuffled,
    events.chips_returned,
    events.folded,
    events.hand_ended,
    events.palace_dealt,
    events.player_out,
    events.pot_awarded,
    events.showdown_revealed,
    events.soldier_bought,
    events.soldiers_discarded,
    events.stayed,
    events.turn_started,
]


def test_every_event_kind_has_a_builder_here() -> None:
    built = {"".join(part.title() for part in b.__name__.split("_")) for b in EVENT_BUILDERS}
    assert built == {kind.__name__ for kind in events.EVENT_KINDS}


@pytest.mark.parametrize("builder", EVENT_BUILDERS, ids=lambda builder: builder.__name__)
def test_an_event_builder_puts_each_value_in_its_field(builder: Callable[..., Any]) -> None:
    given = distinct_arguments(builder)
    built = builder(**given)
    assert list(built._fields) == list(given)
    assert wrong_fields(built, given) == []


def test_the_battle_view_and_option_builders_put_each_value_in_its_field() -> None:
    view: dict[str, Any] = {
        "attacker": 1,
        "defender": 4,
        "raises": 2,
        "last_raise": 20,
        "raised": (40, 20),
        "defender_entry_paid": True,
    }
    assert wrong_fields(battle_view(**view), view) == []
    assert list(BattleView._fields) == list(view)
    made: dict[str, Any] = {
        "seat": 2,
        "verb": Verb.DISCARD,
        "cost": 10,
        "target": 5,
        "min_amount": 20,
        "max_amount": 90,
        "cards": (DECK[5], DECK[9]),
        "min_cards": 1,
        "max_cards": 2,
    }
    assert wrong_fields(option(**made), made) == []
    assert list(Option._fields) == list(made)
    raise_option = option(3, Verb.RAISE, 0, min_amount=20, max_amount=90)
    chosen = raise_option.action(amount=30)
    assert (chosen.seat, chosen.verb, chosen.target, chosen.amount) == (3, Verb.RAISE, None, 30)
    trim = option(6, Verb.TRIM, 0, cards=(DECK[1], DECK[2]), min_cards=1, max_cards=1)
    assert trim.action(cards=(DECK[2],)).cards == (DECK[2],)
    assert trim.action().cards == ()
    assert trim.action().amount is None


def test_the_value_check_refuses_a_builder_with_swapped_arguments() -> None:
    def swapped(attacker: int, defender: int, entry: int, raise_by: int) -> BattleStarted:
        made: BattleStarted = record(BattleStarted, attacker, defender, raise_by, entry)
        return made

    given = distinct_arguments(swapped)
    assert wrong_fields(swapped(**given), given) == ["entry", "raise_by"]
