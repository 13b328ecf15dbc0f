"""The table server's pure parts, without a process: the table as a state machine
over its log, its rebuild, refusals that change nothing, and hostile input to the
protocol and the create form (Hypothesis)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker.errors import PalaceError
from palace_poker.server.model import projection
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.messages import FIELDS
from palace_poker.server.model.protocol import read
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import COMMANDS, Table
from server_helpers import json_values, play_randomly, pure_table


def _views(table: Table) -> str:
    viewers: list[int | None] = [None, *range(len(table.seats))]
    return json.dumps(
        [projection.view(table, v, connected=set(), now=0.0) for v in viewers]
        + [projection.entries(table, v, 0) for v in viewers]
    )


@pytest.mark.rule("R-GAME-1")
@pytest.mark.parametrize("seed", range(12))
def test_a_table_rebuilt_from_its_log_is_the_same_table(seed: int) -> None:
    rng = random.Random(seed)
    table = pure_table(seats=rng.randint(2, 5), bots=0, betting=rng.choice(["limit", "no-limit"]))
    clock = [10.0]
    shuffles = play_randomly(table, rng, rng.randint(5, 400), clock)
    stored = [(e.seq, e.kind, e.at, json.loads(json.dumps(e.data))) for e in table.log]
    again = Table.rebuild("t", table.settings, stored, shuffles)
    assert _views(again) == _views(table)
    assert (again.clock.deadline, again.clock.deadline_seat, again.clock.next_hand_at) == (
        table.clock.deadline,
        table.clock.deadline_seat,
        table.clock.next_hand_at,
    )
    assert again.shuffle.take_fresh() == []  # every order came from the store


def test_two_timeouts_in_a_row_make_a_player_away_and_back_clears_it() -> None:
    table = pure_table(seats=2, bots=0)
    table.submit("started", {}, at=10.0)
    table.submit("hand_started", {}, at=11.0)
    assert table.clock.deadline == 11.0 + table.settings.turn_seconds
    marked: list[Any] = []
    clock = 11.0
    while not marked and table.status == "playing":
        if table.hand is None:
            clock += 1
            table.submit("hand_started", {}, at=clock)
            continue
        seat = table.to_act()
        hand = table.hand
        assert seat is not None
        text = str(hand.default_action()).split(" ", 1)[1]
        clock += 30
        made = table.submit(
            "action",
            {"seat": seat, "action": text, "version": hand.version, "by": "clock"},
            at=clock,
        )
        marked = [e for e in made if e.kind == "away"]
    assert marked, "two timeouts of one player make them away"
    away = marked[0].data["seat"]
    player = table.seats[away]
    assert player is not None
    assert player.away
    table.submit("back", {"seat": away}, at=clock + 1)
    assert not player.away
    with pytest.raises(TableError) as refused:
        table.submit("back", {"seat": away}, at=clock + 2)
    assert refused.value.code == "not_away"


def test_the_host_ending_mid_hand_lets_the_hand_finish_then_ends_the_game() -> None:
    table = pure_table(seats=2, bots=0)
    table.submit("started", {}, at=1.0)
    table.submit("hand_started", {}, at=2.0)
    table.submit("ended", {}, at=3.0)
    assert table.status == "playing"
    hand = table.hand
    assert hand is not None
    seat = table.to_act()
    made = table.submit(
        "action", {"seat": seat, "action": "fold", "version": hand.version, "by": "player"}, at=4.0
    )
    assert [e.kind for e in made] == ["action", "hand_finished", "game_over"]
    shown = projection.view(table, 0, connected=set(), now=0.0)  # the hand as it ended
    assert shown["hand"]["observation"]["end"] == "last"
    assert shown["options"] == []
    assert made[-1].data["reason"] == "host"
    assert table.status == "over"
    assert table.clock.next_hand_at is None


def test_a_bots_decision_has_no_clock() -> None:
    table = pure_table(seats=2, bots=1)
    table.submit("started", {}, at=1.0)
    table.submit("hand_started", {}, at=2.0)
    seat = table.to_act()
    assert seat is not None
    player = table.seats[seat]
    assert player is not None
    assert (table.clock.deadline is None) == (player.bot is not None)


# ------------------------------------------------------------------ hostile input


@settings(max_examples=examples(300), deadline=None)
@given(kind=st.sampled_from(COMMANDS), data=st.dictionaries(st.text(max_size=8), json_values))
def test_a_refused_command_changes_nothing(kind: str, data: dict[str, Any]) -> None:
    table = pure_table(seats=3, bots=1)
    if kind != "started":
        table.submit("started", {}, at=5.0)
        table.submit("hand_started", {}, at=6.0)
    before = _views(table), table.seq, table.clock.deadline
    try:
        table.submit(kind, data, at=7.0)
    except PalaceError:
        assert (_views(table), table.seq, table.clock.deadline) == before


@settings(max_examples=examples(400), deadline=None)
@given(
    raw=st.one_of(
        st.text(max_size=60),
        st.binary(max_size=60),
        st.builds(
            json.dumps,
            st.fixed_dictionaries(
                {"type": st.sampled_from([*FIELDS, "x"])},
                optional={
                    "action": json_values,
                    "version": json_values,
                    "token": json_values,
                    "last_seq": json_values,
                    "ref": json_values,
                },
            ),
        ),
    )
)
def test_the_protocol_reads_a_message_or_refuses_it_with_a_code(raw: str | bytes) -> None:
    try:
        message = read(raw)
    except TableError as err:
        # a chat line's or a settings change's own code (messages.FIELD_CODES)
        codes = ("malformed_message", "message_too_large", "invalid_chat", "invalid_settings")
        assert err.code in codes  # noqa: PT017
        return
    fields = message.fields()  # the message as it was read, each field named
    assert fields["type"] in FIELDS
    assert set(fields) == {"type", *FIELDS[fields["type"]]}


@settings(max_examples=examples(300), deadline=None)
@given(
    form=st.one_of(
        json_values,
        st.fixed_dictionaries(
            {},
            optional={
                key: json_values | st.integers(-5, 500)
                for key in (
                    "name",
                    "small_bet",
                    "big_bet",
                    "ante",
                    "betting",
                    "seats",
                    "stack",
                    "turn_seconds",
                    "bots",
                )
            },
        ),
    )
)
def test_the_create_form_gives_settings_the_engine_accepts_or_a_code(form: object) -> None:
    try:
        settings_ = TableSettings.from_form(form)
    except TableError as err:
        assert err.code == "invalid_settings"  # noqa: PT017
        return
    settings_.rules()
    assert 2 <= settings_.seats <= 10
    assert len(settings_.bots) < settings_.seats


def test_a_refusal_reads_as_the_players_own_action() -> None:
    """The server puts the hand seat before the action text a player sends; the
    engine's refusal quotes the text, and the player reads it without that seat."""
    table = pure_table(seats=2, bots=0)
    table.submit("started", {}, at=1.0)
    table.submit("hand_started", {}, at=2.0)
    seat = table.to_act()
    at = table.hand_seat(seat) if seat is not None else None
    for text, code in (("fly", "unknown_verb"), ("stay", "stale_version")):
        with pytest.raises(PalaceError) as refused:
            table.submit(
                "action", {"seat": seat, "action": text, "version": 9, "by": "player"}, at=3.0
            )
        assert refused.value.code == code
        assert f"'{at} " not in refused.value.message
        assert not refused.value.message.startswith(f"{at} ")


def test_names_keep_the_joiners_their_scripts_need_and_refuse_other_invisibles() -> None:
    sinhala = "සිකුරාදා ක්\u200dරීඩාව"  # "Friday game": the joiner makes ක්‍ර
    pashto = "می\u200cخواهم"  # noqa: RUF001 (a zero-width non-joiner between two letters)
    for name in (sinhala, pashto):
        assert TableSettings.from_form({"name": name, "small_bet": 10}).name == name
        table = Table("t", TableSettings.from_form({"name": "T", "small_bet": 10}))
        table.submit("seated", {"seat": 0, "name": name, "bot": None}, at=0.0)
    for bad in ("Ann\u202eevil", "Bob\u0007", "\u200d"):  # an override, a bell, only a joiner
        with pytest.raises(TableError):
            TableSettings.from_form({"name": bad, "small_bet": 10})
