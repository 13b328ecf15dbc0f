"""The table's pace, on the pure table (issue 29, "a pace people can follow"): the
pause between hands the host sets at the table, the next hand dealt when everyone
is ready (or after the longest wait), a missed turn that draws only its share of
the time bank, and the bots' thinking pause that varies within its bounds."""

from __future__ import annotations

import json
from typing import Any

import pytest

from palace_poker.server.model import projection
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.settings import READY_CAP, TableSettings
from palace_poker.server.model.table import BOT_PAUSE_SPREAD, READ_AFTER_BATTLE, Table


def _table(people: int = 2, bots: int = 0, **form: Any) -> Table:
    pause = float(form.pop("bot_pause", 1.0))
    settings = TableSettings.from_form(
        {"name": "T", "small_bet": 10, "seats": people + bots, "stack": 60, **form},
        bot_pause=pause,
    )
    table = Table("pace", settings)
    for seat in range(people + bots):
        bot = "random" if seat >= people else None
        table.submit("seated", {"seat": seat, "name": f"P{seat}", "bot": bot}, at=float(seat))
    table.submit("started", {"by": 0}, at=10.0)
    table.submit("hand_started", {}, at=11.0)
    return table


def _finish_hand(table: Table, at: float) -> float:
    """Play the hand in play to its end: everyone folds (or stays when that is the
    only way on); returns the time of the last decision."""
    while (hand := table.hand) is not None and not hand.over:
        seat = table.to_act()
        assert seat is not None
        at += 1.0
        text = str(hand.default_action()).split(" ", 1)[1]
        table.submit(
            "action", {"seat": seat, "action": text, "version": hand.version, "by": "player"}, at=at
        )
    return at


def _refused(table: Table, kind: str, data: dict[str, Any], code: str, at: float) -> None:
    before = table.seq
    with pytest.raises(TableError) as refused:
        table.submit(kind, data, at=at)
    assert refused.value.code == code
    assert table.seq == before


def test_the_host_sets_the_pause_between_hands_and_the_next_pause_uses_it() -> None:
    table = _table()
    end = _finish_hand(table, 20.0)
    assert table.clock.next_hand_at == end + 5.0  # the default pause
    table.submit("settings_changed", {"by": 0, "changes": {"between_hands": 12}}, at=end + 1)
    assert table.settings.between_hands == 12.0
    assert table.clock.next_hand_at == end + 5.0  # the pause in progress keeps its length
    assert table.log[-1].data == {"by": 0, "changes": {"between_hands": 12}}
    table.submit("hand_started", {}, at=end + 5.0)
    later = _finish_hand(table, end + 6.0)
    assert table.clock.next_hand_at == later + 12.0
    view = projection.view(table, 0, connected={0, 1}, now=later)
    assert view["table"]["settings"]["between_hands"] == 12.0


@pytest.mark.parametrize("value", [61, -1, "5", True, None, float("inf"), [3]])
def test_a_pause_out_of_bounds_is_refused_with_its_field_named(value: object) -> None:
    table = _table()
    end = _finish_hand(table, 20.0)
    if value is None:  # null is "no change" in a form, but not a change to make
        _refused(table, "settings_changed", {"by": 0, "changes": {}}, "invalid_settings", end)
        return
    before = table.seq
    with pytest.raises(TableError) as refused:
        table.submit("settings_changed", {"by": 0, "changes": {"between_hands": value}}, at=end)
    assert refused.value.code == "invalid_settings"
    assert refused.value.details["field"] == "between_hands"
    assert "0 to 60" in refused.value.message
    assert table.seq == before
    _refused(table, "settings_changed", {"by": 1, "changes": {"between_hands": 3}}, "not_host", end)


def test_the_create_form_takes_the_pace() -> None:
    settings = TableSettings.from_form(
        {"name": "T", "small_bet": 10, "between_hands": 2.5, "wait_for_ready": True}
    )
    assert (settings.between_hands, settings.wait_for_ready) == (2.5, True)
    default = TableSettings.from_form({"name": "T", "small_bet": 10}, between_hands=7.0)
    assert (default.between_hands, default.wait_for_ready) == (7.0, False)
    with pytest.raises(TableError):
        TableSettings.from_form({"name": "T", "small_bet": 10, "wait_for_ready": "yes"})


def test_the_next_hand_waits_until_every_connected_player_is_ready() -> None:
    table = _table(people=3, bots=1, wait_for_ready=True)
    _refused(table, "ready", {"seat": 0}, "hand_in_play", at=12.0)
    end = _finish_hand(table, 20.0)
    assert table.clock.ready_wait
    assert table.clock.next_hand_at == end + READY_CAP
    here = {0, 1, 2}
    assert table.deal_due(here) == end + READY_CAP  # nobody is ready yet
    table.submit("ready", {"seat": 0}, at=end + 1)
    assert table.log[-1].kind == "ready"
    _refused(table, "ready", {"seat": 0}, "already_ready", at=end + 2)
    _refused(table, "ready", {"seat": 3}, "not_seated", at=end + 2)  # a bot is always ready
    table.submit("ready", {"seat": 1}, at=end + 2)
    assert table.deal_due(here) == end + READY_CAP  # P2 has not said so
    view = projection.view(table, 0, connected=here, now=end + 2)
    assert view["ready"] == {"wait": True, "seats": [0, 1], "waiting": [2]}
    assert table.deal_due({0, 1}) == end  # P2's page is gone: not waited for
    table.submit("ready", {"seat": 2}, at=end + 3)
    due = table.deal_due(here)
    assert due is not None
    assert due <= end + 3  # everyone is ready: the deal is due at once
    table.submit("hand_started", {}, at=end + 3)
    assert (table.clock.ready, table.clock.ready_wait) == (set(), False)


def test_with_nobody_to_wait_for_the_ready_wait_is_the_ordinary_pause() -> None:
    table = _table(people=2, bots=1, wait_for_ready=True, between_hands=4)
    end = _finish_hand(table, 20.0)
    assert table.deal_due(set()) == end + 4
    assert table.deal_due(None) == end + READY_CAP  # everyone counts: the cap


def test_the_ready_wait_is_chosen_when_the_pause_begins_and_survives_a_rebuild() -> None:
    table = _table()
    created = table.settings
    end = _finish_hand(table, 20.0)
    table.submit("settings_changed", {"by": 0, "changes": {"wait_for_ready": True}}, at=end)
    assert not table.clock.ready_wait  # applied from the next pause
    table.submit("hand_started", {}, at=end + 5.0)
    later = _finish_hand(table, end + 6)
    assert table.clock.ready_wait
    table.submit("ready", {"seat": 1}, at=later + 1)
    table.submit("paused", {"by": 0}, at=later + 2)
    table.submit("resumed", {"by": 0}, at=later + 12)
    assert table.clock.pause_from == later + 10  # the wait takes up where it stopped
    stored = [(e.seq, e.kind, e.at, json.loads(json.dumps(e.data))) for e in table.log]
    again = Table.rebuild(table.id, created, stored, table.shuffle.take_fresh())
    assert (again.clock.ready, again.clock.ready_wait, again.deal_due({0, 1})) == (
        table.clock.ready,
        table.clock.ready_wait,
        table.deal_due({0, 1}),
    )


def test_a_missed_turn_takes_only_its_share_of_the_time_bank() -> None:
    table = _table(time_bank=30, turn_seconds=30)
    assert table.bank_for_turn() == 15
    seat = table.to_act()
    assert seat is not None
    player = table.seats[seat]
    assert player is not None
    for left in (15.0, 0.0):  # two missed turns: half the bank each, then none
        while table.to_act() != seat:
            _finish_hand(table, table.log[-1].at)
            table.submit("hand_started", {}, at=table.log[-1].at + 5)
        assert table.clock.deadline is not None
        start = table.clock.deadline
        table.submit("bank_used", {"seat": seat}, at=start)
        assert table.log[-1].data == {"seat": seat, "seconds": 15.0}
        assert table.clock.deadline == start + 15
        hand = table.hand
        assert hand is not None
        text = str(hand.default_action()).split(" ", 1)[1]
        table.submit(
            "action",
            {"seat": seat, "action": text, "version": hand.version, "by": "clock"},
            at=start + 15,
        )
        assert player.bank == left
        if table.hand is None:
            table.submit("hand_started", {}, at=start + 20)
    while table.to_act() != seat:
        _finish_hand(table, table.log[-1].at)
        table.submit("hand_started", {}, at=table.log[-1].at + 5)
    assert table.clock.deadline is not None
    _refused(table, "bank_used", {"seat": seat}, "no_time_bank", at=table.clock.deadline)


def test_a_short_bank_runs_whole_and_a_short_turn_still_gets_five_seconds() -> None:
    table = _table(time_bank=4, turn_seconds=6)
    assert table.bank_for_turn() == 5.0  # half of 6 is less than the least
    seat = table.to_act()
    assert table.clock.deadline is not None
    start = table.clock.deadline
    table.submit("bank_used", {"seat": seat}, at=start)
    assert table.clock.deadline == start + 4  # what is left of the bank


def test_the_bots_thinking_pause_varies_within_its_bounds() -> None:
    table = _table(people=1, bots=2, bot_pause=2.0)
    end = _finish_hand(table, 20.0)
    plain = [
        table.thinking_pause(e.seq)
        for e in table.log
        if e.kind not in ("hand_started",) and not _closes_battle(table, e.seq)
    ]
    assert plain
    low, high = 2.0 * (1 - BOT_PAUSE_SPREAD), 2.0 * (1 + BOT_PAUSE_SPREAD)
    assert all(low <= p <= high for p in plain), plain
    pauses = [table.thinking_pause(seq) for seq in range(1, 200)]
    assert max(pauses) - min(pauses) > 2.0 * BOT_PAUSE_SPREAD  # it varies
    assert all(low <= p <= high + READ_AFTER_BATTLE for p in pauses)
    assert pauses == [table.thinking_pause(seq) for seq in range(1, 200)]  # reproducible
    dealt = next(e.seq for e in table.log if e.kind == "hand_started")
    assert table.thinking_pause(dealt) >= low + 1.0  # a deal is read first
    other = Table("another", table.settings)
    assert [other.thinking_pause(s) for s in range(1, 200)] != pauses  # each table its own
    quick = _table(people=1, bots=1, bot_pause=0.0)
    assert {quick.thinking_pause(s) for s in range(1, 20)} == {0.0}  # tests play at once
    assert end > 0


def _closes_battle(table: Table, seq: int) -> bool:
    events = table.log[seq - 1].events
    return any(
        type(e).__name__ == "BattleCompared" or getattr(e, "in_battle", False) for e in events
    )
