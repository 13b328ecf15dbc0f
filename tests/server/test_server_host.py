"""The host's tools and the players' own controls, on the pure table (issue 11).

Each tool is a command of the table's log, checked by the table itself (the one
referee): who gives it (``by``, the host's seat; ``seat``, a player's own), when it
is allowed, and what it changes. A refused command changes nothing; a table rebuilt
from a log full of these commands is the same table; chips are conserved across
joins, departures and rebuys.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from palace_poker.errors import PalaceError
from palace_poker.server.model import projection
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import HOST_COMMANDS, Table
from palace_poker.wire import to_wire
from server_helpers import option_text


def _table(people: int = 2, bots: int = 0, seats: int = 4, **form: Any) -> Table:
    settings = TableSettings.from_form(
        {"name": "T", "small_bet": 10, "seats": seats, "stack": 60, **form}
    )
    table = Table("t", settings)
    for seat in range(people + bots):
        bot = "random" if seat >= people else None
        table.submit("seated", {"seat": seat, "name": f"P{seat}", "bot": bot}, at=float(seat))
    return table


def _views(table: Table) -> str:
    viewers: list[int | None] = [None, *range(len(table.seats))]
    return json.dumps(
        [projection.view(table, v, connected=set(), now=0.0) for v in viewers]
        + [projection.entries(table, v, 0) for v in viewers]
    )


def _now(table: Table) -> str:
    """Every viewer's view and the log's length (cheaper than :func:`_views`: a
    refused command adds no entry, and the log is compared whole at the end)."""
    viewers: list[int | None] = [None, *range(len(table.seats))]
    views = [projection.view(table, v, connected=set(), now=0.0) for v in viewers]
    return json.dumps([table.seq, views])


def _finish_hand(table: Table, at: float) -> float:
    """Fold the hand in play to its end (each player at their turn)."""
    while (hand := table.hand) is not None and not hand.over:
        seat = table.to_act()
        at += 1.0
        table.submit(
            "action",
            {"seat": seat, "action": "fold", "version": hand.version, "by": "player"},
            at=at,
        )
    return at


def _refused(table: Table, kind: str, data: dict[str, Any], code: str, at: float = 50.0) -> None:
    before = _views(table)
    with pytest.raises(PalaceError) as refused:
        table.submit(kind, data, at=at)
    assert refused.value.code == code, refused.value
    assert _views(table) == before  # nothing changed


def _chips(table: Table) -> tuple[int, int]:
    """Chips on the table (stacks and the pot of a hand in play) and taken away,
    against chips bought."""
    held = sum(table.stack(s) for s, p in enumerate(table.seats) if p is not None)
    hand = table.hand
    if hand is not None and not hand.over:
        held += hand.pot
    taken = sum(a.cashed for a in table.accounts if a.seat is None)
    return held + taken, sum(a.bought for a in table.accounts)


def test_only_the_host_uses_the_host_tools() -> None:
    table = _table(people=2)
    table.submit("started", {"by": 0}, at=5.0)
    tools: dict[str, dict[str, Any]] = {
        "paused": {},
        "resumed": {},
        "approved": {"seat": 1},
        "refused": {"seat": 1},
        "removed": {"seat": 0},
        "settings_changed": {"changes": {"turn_seconds": 60}},
        "host_passed": {"seat": 0},
        "muted": {"seat": 1},
        "unmuted": {"seat": 1},
    }
    assert set(tools) == set(HOST_COMMANDS)
    for kind, data in tools.items():
        for by in (1, None, True, "0", 7):  # another seat, nobody, and things no seat is
            _refused(table, kind, {**data, "by": by}, "not_host")
    _refused(table, "started", {"by": 1}, "not_host")  # who may before when: not game_started
    _refused(table, "ended", {"by": 1}, "not_host")


def test_a_pause_stops_the_clock_and_the_game_and_a_resume_gives_the_time_back() -> None:
    table = _table(people=3)
    table.submit("started", {"by": 0}, at=5.0)
    table.submit("hand_started", {}, at=6.0)
    assert table.clock.deadline == 6.0 + 30
    table.submit("paused", {"by": 0}, at=16.0)
    assert table.clock.deadline is None
    assert table.clock.paused
    hand = table.hand
    assert hand is not None
    seat = table.to_act()
    _refused(
        table,
        "action",
        {"seat": seat, "action": "stay", "version": hand.version, "by": "player"},
        "game_paused",
    )
    _refused(table, "paused", {"by": 0}, "game_paused")
    table.submit("resumed", {"by": 0}, at=100.0)
    assert table.clock.deadline == 100.0 + 20  # 20 of the 30 seconds were left
    _refused(table, "resumed", {"by": 0}, "not_paused")
    at = _finish_hand(table, 101.0)
    assert table.clock.next_hand_at == at + table.settings.between_hands
    table.submit("paused", {"by": 0}, at=at + 1)
    assert table.clock.next_hand_at is None  # no hand is dealt while paused
    _refused(table, "hand_started", {}, "game_paused", at=at + 2)
    table.submit("resumed", {"by": 0}, at=at + 50)
    assert table.clock.next_hand_at == at + 50 + table.settings.between_hands - 1


@pytest.mark.rule("R-GAME-1")
def test_a_table_that_requires_approval_seats_a_request_only_when_the_host_approves() -> None:
    table = _table(people=2, approval=True)
    assert table.requests() == [1]  # the creator sits at once; the next one asks
    _refused(table, "started", {"by": 0}, "too_few_players")
    table.submit("approved", {"by": 0, "seat": 1}, at=2.5)
    table.submit("seated", {"seat": 2, "name": "Cy", "bot": None}, at=3.0)
    assert table.requests() == [2]
    table.submit("started", {"by": 0}, at=4.0)
    table.submit("hand_started", {}, at=5.0)
    hand = table.hand
    assert hand is not None
    assert hand.n == 2  # Cy waits for the host's answer, and is not dealt in
    assert projection.view(table, 2, connected=set(), now=0.0)["seats"][2]["pending"]
    table.submit("approved", {"by": 0, "seat": 2}, at=6.0)
    _refused(table, "approved", {"by": 0, "seat": 2}, "no_request")
    at = _finish_hand(table, 7.0)
    table.submit("hand_started", {}, at=at + 5)
    hand = table.hand
    assert hand is not None
    assert hand.n == 3  # approved mid-game: dealt in from the next hand
    table.submit("seated", {"seat": 3, "name": "Di", "bot": None}, at=at + 6)
    table.submit("refused", {"by": 0, "seat": 3}, at=at + 7)
    assert table.seats[3] is None
    assert [a.name for a in table.accounts] == ["P0", "P1", "Cy"]
    held, bought = _chips(table)
    assert held == bought


@pytest.mark.rule("R-GAME-1")
def test_the_host_adds_and_removes_bots_and_removes_players_between_hands() -> None:
    table = _table(people=2)
    table.submit("started", {"by": 0}, at=4.0)
    table.submit("hand_started", {}, at=5.0)
    table.submit("seated", {"by": 0, "seat": 2, "name": None, "bot": "random"}, at=6.0)
    assert table.seats[2] is not None
    assert table.seats[2].name == "Ada"
    _refused(table, "seated", {"seat": 3, "name": None, "bot": "random"}, "not_host")
    _refused(table, "removed", {"by": 0, "seat": 1}, "hand_in_play")  # dealt into this hand
    _refused(table, "removed", {"by": 0, "seat": 0}, "invalid_seat")  # the host stands up
    table.submit("removed", {"by": 0, "seat": 2}, at=7.0)  # not dealt in: any time
    at = _finish_hand(table, 8.0)
    stack = table.stack(1)
    made = table.submit("removed", {"by": 0, "seat": 1}, at=at + 1)
    assert made[0].data["chips_taken"] == stack
    assert [e.kind for e in made] == ["removed", "game_over"]  # one player has chips left
    rows = projection.view(table, 0, connected=set(), now=0.0)["ledger"]
    assert [(r["name"], r["left"]) for r in rows] == [("P0", False), ("P1", True), ("Ada", True)]
    held, bought = _chips(table)
    assert held == bought
    assert sum(r["net"] for r in rows) == 0


@pytest.mark.rule("R-STAKE-1")
def test_the_host_changes_the_stakes_and_the_clock_between_hands() -> None:
    table = _table(people=2)
    table.submit("started", {"by": 0}, at=4.0)
    table.submit("hand_started", {}, at=5.0)
    change = {"small_bet": 20, "big_bet": 40, "ante": 10, "turn_seconds": 45}
    _refused(table, "settings_changed", {"by": 0, "changes": change}, "hand_in_play")
    table.submit("settings_changed", {"by": 0, "changes": {"rebuys": True}}, at=6.0)
    at = _finish_hand(table, 7.0)
    bad: object
    for bad in (
        {"small_bet": True},
        {"small_bet": 0},
        {"stack": 500},
        {"name": "x"},
        {"big_bet": 5},
        {},
        [],
    ):
        _refused(table, "settings_changed", {"by": 0, "changes": bad}, "invalid_settings")
    table.submit("settings_changed", {"by": 0, "changes": change}, at=at + 1)
    table.submit("hand_started", {}, at=at + 5)
    hand = table.hand
    assert hand is not None
    assert (hand.rules.small_bet, hand.rules.big_bet, hand.rules.ante) == (20, 40, 10)
    assert table.clock.deadline == at + 5 + 45
    assert table.settings.rebuys


def test_the_host_role_passes_on_request_and_when_the_host_leaves() -> None:
    table = _table(people=3, bots=1)
    _refused(table, "host_passed", {"by": 0, "seat": 3}, "invalid_seat")  # a bot
    table.submit("host_passed", {"by": 0, "seat": 2}, at=5.0)
    assert table.host == 2
    table.submit("stood_up", {"seat": 2}, at=6.0)
    assert table.host == 0  # the next person on the host's left (the bot skipped)
    table.submit("started", {"by": 0}, at=7.0)
    assert table.status == "playing"


@pytest.mark.rule("R-GAME-1")
def test_a_player_sits_out_and_comes_back_and_the_table_waits_for_two() -> None:
    table = _table(people=3)
    table.submit("sat_out", {"seat": 2}, at=3.0)
    _refused(table, "sat_out", {"seat": 2}, "sitting_out")
    table.submit("started", {"by": 0}, at=4.0)
    table.submit("hand_started", {}, at=5.0)
    hand = table.hand
    assert hand is not None
    assert hand.n == 2
    table.submit("sat_out", {"seat": 1}, at=6.0)  # takes effect at the next deal
    at = _finish_hand(table, 7.0)
    assert table.clock.next_hand_at is None  # one player left to deal in: the table waits
    _refused(table, "hand_started", {}, "too_few_players", at=at + 5)
    table.submit("sat_in", {"seat": 2}, at=at + 6)
    assert table.clock.next_hand_at == at + 6 + table.settings.between_hands
    _refused(table, "sat_in", {"seat": 2}, "not_sitting_out")
    table.submit("hand_started", {}, at=at + 10)
    hand = table.hand
    assert hand is not None
    assert hand.names == ("P0", "P2")


@pytest.mark.rule("R-GAME-1")
def test_rebuys_and_top_ups_between_hands_where_the_table_allows_them() -> None:
    table = _table(people=2, rebuys=True, rebuy_to=100)
    plain = _table(people=2)
    plain.submit("started", {"by": 0}, at=4.0)
    _refused(plain, "rebought", {"seat": 0, "chips": 10}, "no_rebuys")
    _refused(table, "rebought", {"seat": 0, "chips": 10}, "game_not_started")
    table.submit("started", {"by": 0}, at=4.0)
    table.submit("rebought", {"seat": 0, "chips": 40}, at=4.5)  # 60 -> 100, the most
    for bad in (1, 0, -1, True, "5", None):
        _refused(table, "rebought", {"seat": 0, "chips": bad}, "invalid_amount")
    table.submit("hand_started", {}, at=5.0)
    _refused(table, "rebought", {"seat": 1, "chips": 10}, "hand_in_play")
    _finish_hand(table, 6.0)
    rows = projection.view(table, 1, connected=set(), now=0.0)["ledger"]
    assert rows[0]["buy_in"] == 60
    assert rows[0]["rebuys"] == 40
    held, bought = _chips(table)
    assert held == bought == 160


def test_the_time_bank_runs_when_the_clock_runs_out_and_keeps_what_is_unused() -> None:
    table = _table(people=2, time_bank=20)
    table.submit("started", {"by": 0}, at=4.0)
    table.submit("hand_started", {}, at=5.0)
    seat = table.to_act()
    assert seat is not None
    assert table.clock.deadline is not None
    _refused(table, "bank_used", {"seat": seat}, "no_time_bank", at=table.clock.deadline - 1)
    _refused(table, "bank_used", {"seat": 1 - seat}, "no_time_bank", at=table.clock.deadline)
    start = table.clock.deadline
    table.submit("bank_used", {"seat": seat}, at=start)
    assert table.clock.deadline == start + 15  # a turn draws at most half its 30 s from the bank
    _refused(table, "bank_used", {"seat": seat}, "no_time_bank", at=start + 1)
    hand = table.hand
    assert hand is not None
    table.submit(
        "action",
        {"seat": seat, "action": "stay", "version": hand.version, "by": "player"},
        at=start + 8,
    )
    player = table.seats[seat]
    assert player is not None
    assert player.bank == 12  # 8 of its 20 seconds used


def test_a_person_may_not_use_a_players_controls_for_a_bot_or_a_stranger() -> None:
    table = _table(people=1, bots=1)
    for kind in ("sat_out", "sat_in", "stood_up", "rebought"):
        _refused(table, kind, {"seat": 1, "chips": 5}, "not_seated")  # the bot's seat
        _refused(table, kind, {"seat": 3, "chips": 5}, "not_seated")  # an empty seat
        _refused(table, kind, {"seat": True, "chips": 5}, "not_seated")


def _random_command(table: Table, rng: random.Random, at: float) -> tuple[str, dict[str, Any]]:
    """A command a server might take now: a decision when one is due, else a tool."""
    hand = table.hand
    seat = table.to_act()
    if hand is not None and seat is not None and not table.clock.paused and rng.random() < 0.8:
        options = [to_wire(o) for o in hand.observe(table.hand_seat(seat)).options]
        text = option_text(rng.choice(options), rng)
        return "action", {"seat": seat, "action": text, "version": hand.version, "by": "player"}
    if table.clock.next_hand_at is not None and rng.random() < 0.7:
        return "hand_started", {}
    seat = rng.randrange(len(table.seats))
    by = table.host if rng.random() < 0.9 else seat
    tools: list[tuple[str, dict[str, Any]]] = [
        ("paused", {"by": by}),
        ("resumed", {"by": by}),
        ("sat_out", {"seat": seat}),
        ("sat_in", {"seat": seat}),
        ("stood_up", {"seat": seat}),
        ("seated", {"seat": seat, "name": f"N{int(at)}", "bot": None}),
        ("seated", {"by": by, "seat": seat, "name": None, "bot": "random"}),
        ("approved", {"by": by, "seat": seat}),
        ("refused", {"by": by, "seat": seat}),
        ("removed", {"by": by, "seat": seat}),
        ("rebought", {"seat": seat, "chips": rng.randint(1, 80)}),
        ("host_passed", {"by": by, "seat": seat}),
        ("settings_changed", {"by": by, "changes": {"small_bet": rng.choice([5, 10])}}),
        ("settings_changed", {"by": by, "changes": {"approval": rng.random() < 0.5}}),
    ]
    return rng.choice(tools)


@pytest.mark.rule("R-GAME-1")
@pytest.mark.parametrize("seed", range(10))
def test_tools_among_random_play_conserve_chips_and_the_rebuilt_table_is_the_same(
    seed: int,
) -> None:
    rng = random.Random(seed)
    table = _table(people=3, bots=1, seats=6, rebuys=True, approval=seed % 2 == 0)
    original = table.settings
    for seat in table.requests():
        table.submit("approved", {"by": 0, "seat": seat}, at=9.0)
    table.submit("started", {"by": 0}, at=10.0)
    shuffles: list[Any] = []
    at = 10.0
    for _ in range(400):
        if table.status == "over":
            break
        at += 1.0
        kind, data = _random_command(table, rng, at)
        before = _now(table)
        refusal: PalaceError | None = None
        try:
            table.submit(kind, data, at=at)
        except PalaceError as err:
            refusal = err
        if refusal is not None:
            assert _now(table) == before  # a refused command changes nothing
            # the engine's own refusals come only from decisions and the game's checks
            engine = ("hand_in_play", "illegal_action", "invalid_amount")
            assert isinstance(refusal, TableError) or refusal.code in engine, refusal
        shuffles += table.shuffle.take_fresh()
        held, bought = _chips(table)
        assert held == bought, (kind, data)
    stored = [(e.seq, e.kind, e.at, json.loads(json.dumps(e.data))) for e in table.log]
    again = Table.rebuild("t", original, stored, shuffles)
    assert _views(again) == _views(table)
    assert (again.clock.deadline, again.clock.next_hand_at, again.clock.paused, again.host) == (
        table.clock.deadline,
        table.clock.next_hand_at,
        table.clock.paused,
        table.host,
    )


def test_players_and_spectators_chat_in_plain_text_and_the_host_mutes_a_player() -> None:
    table = _table(people=2, bots=1, seats=4)
    table.submit("chat", {"seat": 1, "text": "  hello\n  <b>all</b>  "}, at=5.0)
    assert table.log[-1].data == {"seat": 1, "name": "P1", "text": "hello <b>all</b>"}
    table.submit("chat", {"seat": None, "watcher": 3, "text": "go Ann"}, at=6.0)
    assert table.log[-1].data == {"seat": None, "watcher": 3, "text": "go Ann"}
    for bad in ("", "   ", "x" * 301, "bell\a", 5, None, ["hi"]):
        _refused(table, "chat", {"seat": 1, "text": bad}, "invalid_chat")
    _refused(table, "chat", {"seat": None, "watcher": True, "text": "hi"}, "invalid_chat")
    _refused(table, "chat", {"seat": 2, "text": "beep"}, "not_seated")  # the bot's seat
    _refused(table, "muted", {"by": 1, "seat": 0}, "not_host")
    _refused(table, "muted", {"by": 0, "seat": 2}, "invalid_seat")  # a bot has no chat
    table.submit("muted", {"by": 0, "seat": 1}, at=7.0)
    _refused(table, "chat", {"seat": 1, "text": "hello?"}, "muted")
    assert projection.view(table, 0, connected=set(), now=0.0)["seats"][1]["muted"]
    table.submit("unmuted", {"by": 0, "seat": 1}, at=8.0)
    table.submit("chat", {"seat": 1, "text": "thanks"}, at=9.0)


def test_a_host_tool_given_on_an_old_version_of_the_table_is_refused() -> None:
    table = _table(people=3)
    seen = table.seq
    table.submit("sat_out", {"seat": 2}, at=5.0)  # the table changes meanwhile
    _refused(table, "removed", {"by": 0, "seat": 1, "seq": seen}, "stale_version")
    _refused(table, "removed", {"by": 0, "seat": 1, "seq": True}, "stale_version")
    table.submit("removed", {"by": 0, "seat": 1, "seq": table.seq}, at=6.0)
    assert table.seats[1] is None
