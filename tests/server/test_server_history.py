"""Hand histories: each viewer's history is what the projection sent them, by hand;
the full records come after the game, to the host (or everyone with
``records_for_all``), and replay.

The pure part (``server/model/history.py``) is checked on a table driven directly; the
downloads on the real server process, with two people and a bot playing over real
WebSockets: each player's history is checked against what that player's socket
received (entry by entry), and against the full records (no card hidden from the
viewer, by the hand's true state, appears in it; the viewer's own palace does);
the refusals answer 403 with the server's error JSON.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given, settings

from examples import examples
from history_helpers import get, leaks, lines, own_palaces
from palace_poker.record import replay
from palace_poker.server.model import history, projection
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Table
from paths import ROOT
from server_helpers import (
    Player,
    ServerProcess,
    json_values,
    play_randomly,
    pure_table,
    run_closing,
)

pytestmark = [pytest.mark.rule("R-INFO-2"), pytest.mark.rule("R-INFO-3")]

SEAT_NUMBER = re.compile(r"\bseat\s*\d", re.IGNORECASE)


def _played(seed: int, seats: int = 3) -> Table:
    table = pure_table(seats=seats, bots=0)
    play_randomly(table, random.Random(seed), random.Random(seed).randint(20, 300), [10.0])
    return table


# ------------------------------------------------------------------ the pure part


@pytest.mark.parametrize("seed", range(8))
def test_a_history_is_the_projected_log_cut_into_hands(seed: int) -> None:
    table = _played(seed)
    first = next(item.seq for item in table.log if item.kind == "hand_started")
    for viewer in (None, *range(len(table.seats))):
        hands = history.hand_histories(table, viewer)
        flat = [item for hand in hands for item in hand["entries"]]
        assert flat == projection.entries(table, viewer, first - 1)
        assert [h["hand"] for h in hands] == list(range(1, table.hand_number + 1))
        for hand in hands:
            assert hand["entries"][0]["kind"] == "hand_started"
            kinds = [item["kind"] for item in hand["entries"]]
            assert kinds.count("hand_started") == 1
            assert hand["finished"] == ("hand_finished" in kinds)
            assert hand["seats"] == [table.seats[s].name for s in hand["table_seats"]]
            you = hand["you"]
            assert you == (
                hand["table_seats"].index(viewer) if viewer in hand["table_seats"] else None
            )
        assert sum(h["finished"] for h in hands) == len(table.history.finished)
        assert history.history_jsonl(table, viewer).count("\n") == len(hands)
        assert lines(history.history_jsonl(table, viewer)) == json.loads(json.dumps(hands))


@pytest.mark.parametrize("seed", range(8))
def test_a_history_holds_the_viewers_palace_and_no_hidden_card(seed: int) -> None:
    table = _played(seed)
    records = history.hand_records(table)
    for viewer in (None, *range(len(table.seats))):
        hands = history.hand_histories(table, viewer)
        assert leaks(hands, records, viewer) == []
        if viewer is None:  # a spectator: palace cards only at a showdown
            for hand in hands:
                for item in hand["entries"]:
                    for event in item.get("events", []):
                        if event["type"] == "palace_dealt":
                            assert event["cards"] == []
                        if event["type"] == "battle_compared":
                            assert event["palaces"] == []
        else:
            for hand in hands:
                if hand["you"] is not None:
                    assert len(own_palaces(hand)) == 1


@pytest.mark.parametrize("seed", range(4))
def test_the_text_names_the_players_and_tells_every_event(seed: int) -> None:
    table = _played(seed)
    for viewer in (None, 0):
        text = history.history_text(table, viewer)
        body = "\n".join(text.splitlines()[1:])
        assert not SEAT_NUMBER.search(body), SEAT_NUMBER.search(body)
        hands = history.hand_histories(table, viewer)
        for hand in hands:
            assert f"Hand {hand['hand']}" in text
        events = sum(len(item.get("events", [])) for h in hands for item in h["entries"])
        told = [line for line in text.splitlines() if line.startswith("#")]
        assert len(told) >= events // 3  # the turn markers and the deck shuffle are silent
        for name in ("P0", "P1", "P2"):
            assert name in body
        if viewer == 0 and table.history.finished:
            own = own_palaces(hands[0])[0]
            assert any(line.startswith("#") and "P0's palace" in line for line in told)
            pretty = next(line for line in told if "P0's palace" in line)
            assert len(own) == 3
            assert all(card[0] in pretty for card in own)


def test_the_hand_in_play_is_included_up_to_now() -> None:
    table = pure_table(seats=2, bots=0)
    table.submit("started", {}, at=1.0)
    assert history.hand_histories(table, 0) == []
    assert history.history_jsonl(table, 0) == ""
    table.submit("hand_started", {}, at=2.0)
    hands = history.hand_histories(table, 1)
    assert len(hands) == 1
    assert hands[0]["finished"] is False
    assert hands[0]["entries"] == projection.entries(table, 1, table.seq - 1)
    assert "(in play)" in history.history_text(table, 1)
    assert history.hand_records(table) == []


@pytest.mark.parametrize("seed", range(6))
def test_the_records_replay_with_the_tables_names(seed: int) -> None:
    table = _played(seed, seats=4)
    records = history.hand_records(table)
    assert len(records) == len(table.history.finished)
    for record, (hand, seats) in zip(records, table.history.finished, strict=True):
        assert record["format"] == "palace-hand/1"
        assert [p["name"] for p in record["players"]] == [table.seats[s].name for s in seats]  # type: ignore[union-attr]
        again = replay(record)
        assert again.result is not None
        assert hand.result is not None
        assert again.result.stacks == hand.result.stacks
    assert lines(history.records_jsonl(table)) == json.loads(json.dumps(records))


@settings(max_examples=examples(200), deadline=None)
@given(viewer=json_values)
def test_a_viewer_is_a_seat_or_none_else_refused(viewer: object) -> None:
    table = pure_table(seats=3, bots=0)
    table.submit("started", {}, at=1.0)
    table.submit("hand_started", {}, at=2.0)
    ok = viewer is None or (type(viewer) is int and 0 <= viewer < 3)
    if ok:
        assert len(history.hand_histories(table, viewer)) == 1  # type: ignore[arg-type]
    else:
        with pytest.raises(TableError) as refused:
            history.hand_histories(table, viewer)  # type: ignore[arg-type]
        assert refused.value.code == "invalid_seat"


@settings(max_examples=examples(200), deadline=None)
@given(value=json_values)
def test_records_for_all_is_a_json_bool_only(value: object) -> None:
    form = {"name": "T", "small_bet": 10, "seats": 2, "stack": 50, "records_for_all": value}
    if isinstance(value, bool):
        assert TableSettings.from_form(form).records_for_all is value
    else:
        with pytest.raises(TableError, match="records_for_all") as refused:
            TableSettings.from_form(form)
        assert refused.value.code == "invalid_settings"


def test_records_for_all_defaults_to_false_and_is_shown_in_the_view() -> None:
    plain = TableSettings.from_form({"name": "T", "small_bet": 10})
    assert plain.records_for_all is False
    for bad in ("true", 1, 0, None):
        with pytest.raises(TableError, match="records_for_all"):
            TableSettings.from_form({"name": "T", "small_bet": 10, "records_for_all": bad})
    table = pure_table(seats=2, bots=0, records_for_all=True)
    view = projection.view(table, None, connected=set(), now=0.0)
    assert view["table"]["settings"]["records_for_all"] is True
    assert TableSettings.from_dict(table.settings.to_dict()) == table.settings
    old = {k: v for k, v in plain.to_dict().items() if k != "records_for_all"}
    assert TableSettings.from_dict(old).records_for_all is False  # a table stored before


# ------------------------------------------------------------------ the real server


async def _play_game(
    server: ServerProcess, created: dict[str, Any], joined: dict[str, Any], *, end: bool
) -> dict[int | None, Player]:
    """Ann (host), Bob and a watcher connect; the game is played to its end (the
    host ending it after the first deal when ``end``)."""
    table = created["table"]
    ann = Player(server, table, created["token"], "Ann", random.Random(1), pace=0.02)
    bob = Player(server, table, joined["token"], "Bob", random.Random(2), pace=0.02)
    watcher = Player(server, table, None, "watcher")
    for player in (ann, bob, watcher):
        await player.connect()
    await ann.send({"type": "start"})
    while ann.view is None or ann.view["hand"] is None:
        await ann.receive()
    # records are refused while the game is in play, even to the host
    refused = get(server, table, "records.jsonl", ann.token)
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"]["code"] == "game_not_over"
    if end:
        await ann.send({"type": "end"})

    async def watch() -> None:
        while watcher.view is None or watcher.view["table"]["status"] != "over":
            await watcher.receive()

    await asyncio.gather(ann.play(), bob.play(), watch())
    return {0: ann, 2: bob, None: watcher}


def _sent_entries(player: Player) -> dict[int, dict[str, Any]]:
    """Every log entry the player's socket received, by seq."""
    sent: dict[int, dict[str, Any]] = {}
    for payload in player.received:
        for item in payload.get("log", []):
            sent[item["seq"]] = item
    return sent


def test_each_player_downloads_what_they_were_sent_and_records_come_after(
    serve: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = serve()
    created = server.create(bots=["random"], seats=3, stack=40)
    table = created["table"]
    joined = server.join(table, "Bob")
    assert joined["seat"] == 2
    players: dict[int | None, Player] = {}

    async def game() -> None:
        players.update(await _play_game(server, created, joined, end=False))

    run_closing(game(), timeout=180)
    tokens = {0: created["token"], 2: joined["token"], None: None}

    records_answer = get(server, table, "records.jsonl", created["token"])
    assert records_answer.status_code == 200, records_answer.text
    assert table in records_answer.headers["content-disposition"]
    assert records_answer.headers["content-disposition"].startswith("attachment")
    records = lines(records_answer.text)
    assert records

    for viewer, token in tokens.items():
        answer = get(server, table, "history.jsonl", token)
        assert answer.status_code == 200, answer.text
        disposition = answer.headers["content-disposition"]
        assert disposition.startswith("attachment")
        assert table in disposition
        hands = lines(answer.text)
        assert all(h["finished"] for h in hands)
        # exactly the entries the viewer's socket received, entry by entry
        sent = _sent_entries(players[viewer])
        for hand in hands:
            for item in hand["entries"]:
                assert item == sent[item["seq"]], (viewer, item["seq"])
        assert leaks(hands, records, viewer) == []
        if viewer is None:
            assert not any(
                e["cards"]
                for h in hands
                for i in h["entries"]
                for e in i.get("events", [])
                if e["type"] == "palace_dealt"
            )
        text = get(server, table, "history.txt", token)
        assert text.status_code == 200
        assert text.headers["content-type"].startswith("text/plain")
        assert table in text.headers["content-disposition"]
        body = "\n".join(text.text.splitlines()[1:])
        assert "Ann" in body
        assert "Bob" in body
        assert not SEAT_NUMBER.search(body), SEAT_NUMBER.search(body)

    # Ann's and Bob's histories differ: each holds their own palace cards
    ann_hands = lines(get(server, table, "history.jsonl", created["token"]).text)
    bob_hands = lines(get(server, table, "history.jsonl", joined["token"]).text)
    assert own_palaces(ann_hands[0]) != own_palaces(bob_hands[0])

    # refusals: a wrong token, a non-host without the option, a spectator
    for what in ("history.jsonl", "history.txt", "records.jsonl"):
        wrong = get(server, table, what, "not-a-token-of-this-table")
        assert wrong.status_code == 403
        assert wrong.json()["error"]["code"] == "invalid_token"
        assert "entries" not in wrong.text
    bob_records = get(server, table, "records.jsonl", joined["token"])
    assert bob_records.status_code == 403
    assert bob_records.json()["error"]["code"] == "not_host"
    assert get(server, table, "records.jsonl").status_code == 403
    assert get(server, "no-such-table", "history.jsonl").status_code == 404

    _check_replays(tmp_path, records_answer.text)


def test_with_records_for_all_every_player_gets_the_records_after_the_end(
    serve: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = serve()
    created = server.create(bots=["heuristic"], seats=3, stack=60, records_for_all=True)
    table = created["table"]
    joined = server.join(table, "Bob")
    summary = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()
    assert summary["settings"]["records_for_all"] is True  # the option is public

    async def game() -> None:
        await _play_game(server, created, joined, end=True)

    run_closing(game(), timeout=120)
    answers = [get(server, table, "records.jsonl", t) for t in (created["token"], joined["token"])]
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    assert answers[0].text == answers[1].text
    records = lines(answers[1].text)
    assert len(records) == 1  # the host ended the game during the first hand
    assert get(server, table, "records.jsonl").status_code == 403  # a spectator: never
    _check_replays(tmp_path, answers[1].text)


def test_a_refused_form_option_is_answered_with_its_code(
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve()
    body = {"name": "T", "host_name": "Ann", "small_bet": 10, "records_for_all": "yes"}
    answer = httpx.post(f"{server.base}/api/tables", json=body, timeout=10)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_settings"


def _check_replays(tmp_path: Path, text: str) -> None:
    """The records pass the engine's replay and ``palace-poker replay FILE``."""
    for record in lines(text):
        hand = replay(record)
        assert hand.result is not None
        assert list(hand.result.stacks) == record["result"]["stacks"]
    path = tmp_path / "records.jsonl"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "palace_poker", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": ok") == len(lines(text)), done.stdout


def test_the_leak_checker_finds_a_palace_shown_to_the_wrong_viewer() -> None:
    """The check can fail: a player's history read as a spectator's shows cards the
    spectator was never shown (the player's own palace)."""
    table = _played(3)
    hands = history.hand_histories(table, 0)
    found = leaks(hands, history.hand_records(table), None)
    assert found
    assert {hand for hand, _ in found} >= {
        h["hand"] for h in hands if h["you"] is not None and h["finished"]
    } - {h["hand"] for h in history.hand_histories(table, None) if _showdown(h)}


def _showdown(hand: dict[str, Any]) -> bool:
    return any(
        e["type"] == "showdown_revealed" for item in hand["entries"] for e in item.get("events", [])
    )
