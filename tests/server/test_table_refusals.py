"""A refused command changes nothing, whatever the table's state (issue: the table
model's refusals). Every command of the table is thrown, with values that are
plausible (its own fields, seats in and out of range, the table's own hand number
and version, the host and others as senders) and hostile, at tables played to a
random point; whenever the table refuses, its whole state (seats, game and hand,
clocks, fair deal, ledger, history, log) is byte for byte what it was.

The whole state is compared through :mod:`pickle`: two pickles of one unchanged
object graph are the same bytes, and any field changed, added to or dropped from
anywhere in the graph changes them.
"""

from __future__ import annotations

import contextlib
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker.errors import PalaceError
from palace_poker.server.model.table import COMMANDS, Table
from server_helpers import json_values, play_randomly, pure_table

pytestmark = pytest.mark.rule("R-GAME-1")

#: Each field a command reads, and values worth trying for it (besides any JSON).
_SEATS = st.one_of(st.integers(-2, 6), st.sampled_from(["0", "1", None, 1.5, True]))
_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "seat": _SEATS,
    "by": _SEATS,
    "watcher": _SEATS,
    "name": st.sampled_from(["Ann", "P0", "P1", "", " ", "x" * 40, None, 3]),
    "bot": st.sampled_from(["random", "heuristic", "nobody", None, 1]),
    "action": st.sampled_from(["stay", "fold", "buy", "call", "attack 1 10", "keep", "", 5]),
    "version": st.one_of(st.integers(-1, 40), st.none(), st.just("1")),
    "hand": st.one_of(st.integers(-1, 8), st.none(), st.just("1")),
    "chips": st.one_of(st.integers(-10, 2000), st.none(), st.just("5")),
    "contributions": st.one_of(
        st.dictionaries(st.sampled_from(["0", "1", "2", "9", "x"]), json_values, max_size=3),
        json_values,
    ),
    "value": st.one_of(st.text(max_size=70), json_values),
    "text": st.one_of(st.text(max_size=30), json_values),
    "since": st.one_of(st.floats(-5, 1e4, allow_nan=False), json_values),
    "changes": st.one_of(
        st.dictionaries(
            st.sampled_from(["small_bet", "turn_seconds", "between_hands", "spectators", "x"]),
            json_values,
            max_size=3,
        ),
        json_values,
    ),
    "seq": st.one_of(st.integers(-1, 80), json_values),
}


@st.composite
def _commands(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    kind = draw(st.sampled_from(COMMANDS))
    names = draw(st.lists(st.sampled_from(sorted(_FIELDS)), max_size=5, unique=True))
    data = {name: draw(_FIELDS[name]) for name in names}
    return kind, data


def _played(seed: int, seats: int, steps: int) -> tuple[Table, list[float]]:
    rng = random.Random(seed)
    table = pure_table(seats=seats, bots=rng.randint(0, seats - 1), approval=rng.random() < 0.3)
    if rng.random() < 0.7:  # a table with fair shuffles, as the server makes them
        table.fair.secret = rng.randbytes(32)
    clock = [10.0]
    pending = [i for i, p in enumerate(table.seats) if p is not None and p.pending]
    keep_one = bool(pending) and seats >= 3 and rng.random() < 0.5  # a request left open
    for seat in pending[: -1 if keep_one else None]:
        table.submit("approved", {"seat": seat, "by": table.host}, at=clock[0])
    play_randomly(table, rng, steps, clock)
    return table, clock


def _aim(table: Table, data: dict[str, Any]) -> None:
    """A drawn 0 for a command's version or hand becomes the table's own hand and
    version, as a well-meaning client sends them."""
    hand = table.hand
    if "version" in data and hand is not None and data["version"] == 0:
        data["version"] = hand.version
    if "hand" in data and data["hand"] == 0:
        data["hand"] = table.hand_number


#: A table played to a random point (seed, seats, steps), and commands to throw at it.
_COMMANDS_AT_TABLES = given(
    seed=st.integers(0, 10**6),
    seats=st.integers(2, 5),
    steps=st.integers(0, 60),
    commands=st.lists(_commands(), min_size=1, max_size=12),
)


@settings(max_examples=examples(400), deadline=None)
@_COMMANDS_AT_TABLES
def test_a_refusal_leaves_the_whole_table_as_it_was(
    seed: int, seats: int, steps: int, commands: list[tuple[str, dict[str, Any]]]
) -> None:
    table, clock = _played(seed, seats, steps)
    for kind, data in commands:
        _aim(table, data)
        clock[0] += 1.0
        before = pickle.dumps(table)
        try:
            table.submit(kind, data, at=clock[0])
        except PalaceError:
            assert pickle.dumps(table) == before, (kind, data)


@settings(max_examples=examples(300), deadline=None)
@_COMMANDS_AT_TABLES
def test_a_commands_check_changes_nothing_whether_it_refuses_or_plans(
    seed: int, seats: int, steps: int, commands: list[tuple[str, dict[str, Any]]]
) -> None:
    """Why a refusal changes nothing, by construction: a command is checked and
    planned by ``Table.check``, which only reads the table, and only its plan, run
    once every check has passed, changes it. Here every command's check is run
    alone, refused or not, and the table after it is byte for byte the table before;
    a plan is then carried out, so the later commands meet a table that moved on."""
    table, clock = _played(seed, seats, steps)
    for kind, data in commands:
        _aim(table, data)
        clock[0] += 1.0
        before = pickle.dumps(table)
        try:
            plan = table.check(kind, data, at=clock[0])
        except PalaceError:
            plan = None
        assert pickle.dumps(table) == before, (kind, data)
        if plan is not None:
            plan()


@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 5), steps=st.integers(0, 80))
def test_the_seats_a_deal_will_deal_in_are_those_it_deals_in(
    seed: int, seats: int, steps: int
) -> None:
    """The fair seed is made before the deal changes anything, from the seats the
    deal will deal in (``_dealt_next``): they must be, in order, the seats of the
    hand it then deals, with players joining and sitting out between hands."""
    rng = random.Random(seed)
    table = pure_table(seats=seats, bots=rng.randint(0, seats - 1))
    table.fair.secret = rng.randbytes(32)
    clock = [10.0]
    table.submit("started", {}, at=clock[0])
    for _ in range(steps):
        clock[0] += 1.0
        if table.status != "playing" or (table.hand is None and table.clock.next_hand_at is None):
            break  # over, or too few players left in (all sat out)
        if table.hand is None:
            for seat, player in enumerate(table.seats):  # between hands: some sit out,
                roll = rng.random()  # some leave, and newcomers take free seats
                if player is None and roll < 0.5:
                    data: dict[str, Any] = {"seat": seat, "name": f"New {seat}{rng.randrange(99)}"}
                elif player is not None and roll < 0.2:
                    data = {"seat": seat}
                    kind = "sat_in" if player.sitting_out else "sat_out"
                elif player is not None and roll < 0.25:
                    data, kind = {"seat": seat}, "stood_up"
                else:
                    continue
                with contextlib.suppress(PalaceError):
                    table.submit("seated" if player is None else kind, data, at=clock[0])
            expected = table._dealt_next()
            try:
                table.submit("hand_started", {}, at=clock[0])
            except PalaceError:
                continue
            assert list(table.hand_seats()) == expected
        else:
            play_randomly(table, rng, 1, clock)
