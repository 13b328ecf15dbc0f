"""Provably fair shuffles at the table server (palace-fair/1, docs/hand-records.md).

Each hand's server secret is derived from the table's key; its SHA-256 is in every
view before the deal, so the server is bound to it before the players contribute;
the deal's entry carries the contributions used and the commitment to the seed,
before the first action; every shuffle of the hand (the deal's and each reshuffle)
is the one the seed gives; the full records at the end carry the proof, and
``palace-poker replay`` checks it. A rebuilt table goes on with the same fair
orders, and a bot's look-ahead never sees them.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import secrets
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from history_helpers import get, lines
from palace_poker.errors import PalaceError
from palace_poker.fair import FairProof, verify
from palace_poker.record import replay
from palace_poker.server.live.runner import TableRunner
from palace_poker.server.model import history, projection
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import MAX_CONTRIBUTIONS, Table
from palace_poker.server.storage.store import Store
from palace_poker.wire import to_wire
from paths import ROOT
from server_helpers import Player, ServerProcess, option_text, run_closing

# Every shuffle of a hand: the deal's (R-DEAL-1), the banner deal's (R-BANNER-3,
# R-BANNER-4) and the discard pile's (R-BUY-2).
pytestmark = [
    pytest.mark.rule("R-DEAL-1"),
    pytest.mark.rule("R-BANNER-4"),
    pytest.mark.rule("R-BUY-2"),
]

KEY = bytes(range(32))


def _table(people: int = 3) -> Table:
    settings = TableSettings.from_form({"name": "T", "small_bet": 10, "seats": 4, "stack": 60})
    table = Table("t", settings, secret=KEY)
    for seat in range(people):
        table.submit("seated", {"seat": seat, "name": f"P{seat}", "bot": None}, at=float(seat))
    table.submit("started", {"by": 0}, at=5.0)
    return table


def _deal(table: Table, at: float, rng: random.Random) -> str:
    """Contribute for some seats, then deal; returns the server commitment shown
    before the contributions."""
    shown = projection.view(table, 0, connected=set(), now=0.0)["fair"]["server_commitment"]
    for seat in range(3):
        if rng.random() < 0.7:
            value = secrets.token_hex(rng.randint(1, 64))
            table.submit("contributed", {"seat": seat, "value": value}, at=at)
    given = {str(s): v for s, v in table.fair.contributions.items()}
    table.submit("hand_started", {"contributions": given}, at=at)
    return str(shown)


def _play_hand(table: Table, rng: random.Random, at: float) -> float:
    while (hand := table.hand) is not None and not hand.over:
        seat = table.to_act()
        assert seat is not None
        options = [to_wire(o) for o in hand.observe(table.hand_seat(seat)).options]
        data = {
            "seat": seat,
            "action": option_text(rng.choice(options), rng),
            "version": hand.version,
            "by": "player",
        }
        at += 1.0
        table.submit("action", data, at=at)
    return at


@pytest.mark.parametrize("seed", range(6))
def test_every_hand_is_dealt_from_its_committed_seed_and_its_record_proves_it(seed: int) -> None:
    rng = random.Random(seed)
    table = _table()
    at = 10.0
    shown: list[str] = []
    while table.status == "playing" and len(shown) < 6:
        if table.clock.next_hand_at is None:
            break
        shown.append(_deal(table, at, rng))
        dealt = table.log[-1]
        assert dealt.data["server_commitment"] == shown[-1]  # bound before contributions
        assert len(dealt.data["commitment"]) == 64
        at = _play_hand(table, rng, at + 1)
    records = history.hand_records(table)
    assert len(records) == len(shown) > 0
    for record, entry_commitment in zip(records, shown, strict=True):
        proof = FairProof.from_json(record["fair"])
        assert proof.server_commitment == entry_commitment
        assert hashlib.sha256(bytes.fromhex(proof.seed)).hexdigest() == proof.commitment
        verify(proof, record["shuffles"])
        assert replay(record).result is not None
    secrets_seen = {r["fair"]["server_secret"] for r in records}
    assert len(secrets_seen) == len(records)  # one secret a hand


def test_nothing_of_the_seed_reaches_a_viewer_before_the_records() -> None:
    rng = random.Random(3)
    table = _table()
    _deal(table, 10.0, rng)
    proof = table.fair.proof
    assert proof is not None
    for viewer in (None, 0, 1, 2):
        sent = json.dumps(
            [
                projection.view(table, viewer, connected=set(), now=0.0),
                *projection.entries(table, viewer, 0),
            ]
        )
        assert proof.seed not in sent
        assert proof.server_secret not in sent
        assert KEY.hex() not in sent


def test_a_rebuilt_table_goes_on_with_the_fair_orders_of_its_hand() -> None:
    rng = random.Random(5)
    table = _table()
    at = 10.0
    shuffles: list[Any] = []
    for _ in range(4):  # several hands, stopping in the middle of the last
        _deal(table, at, rng)
        shuffles += table.shuffle.take_fresh()
        at = _play_hand(table, rng, at + 1) if _ < 3 else at
        shuffles += table.shuffle.take_fresh()
    stored = [(e.seq, e.kind, e.at, json.loads(json.dumps(e.data))) for e in table.log]
    again = Table.rebuild("t", table.settings, stored, shuffles, KEY)
    play = random.Random(9)
    _play_hand(again, play, at + 1)
    record = history.hand_records(again)[-1]
    verify(FairProof.from_json(record["fair"]), record["shuffles"])
    with pytest.raises(PalaceError) as refused:
        Table.rebuild("t", table.settings, stored, shuffles, bytes(32))  # another key
    assert refused.value.code == "shuffle_mismatch"


def test_contributions_are_checked_and_only_seated_people_contribute() -> None:
    table = _table(people=2)
    table.submit("seated", {"by": 0, "seat": 3, "name": None, "bot": "random"}, at=6.0)
    seq = table.seq
    for bad in ("", "abc", "zz", "AB", "00" * 65, 7, None, True, ["ab"]):
        with pytest.raises(PalaceError) as refused:
            table.submit("contributed", {"seat": 0, "value": bad}, at=7.0)
        assert refused.value.code == "invalid_contribution", bad
    for seat in (3, 2, -1, 10, None, "0", True):  # a bot, an empty seat, no seats
        with pytest.raises(PalaceError) as refused:
            table.submit("contributed", {"seat": seat, "value": "ab"}, at=7.0)
        assert refused.value.code == "not_seated"
    assert table.fair.contributions == {}
    assert table.seq == seq  # nothing refused is logged
    plain = Table("p", table.settings)  # a table without fair shuffles
    plain.submit("seated", {"seat": 0, "name": "A", "bot": None}, at=1.0)
    with pytest.raises(PalaceError) as refused:
        plain.submit("contributed", {"seat": 0, "value": "ab"}, at=2.0)
    assert refused.value.code == "invalid_contribution"
    assert projection.view(plain, 0, connected=set(), now=0.0)["fair"]["server_commitment"] is None


def _replay_command(path: Path, text: str) -> subprocess.CompletedProcess[str]:
    """``palace-poker replay`` run on ``text`` written to ``path``."""
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "palace_poker", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_over_the_real_server_contributions_reach_the_records_and_replay_checks_them(
    serve: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = serve()
    created = server.create(bots=["random"], seats=3, stack=40)
    table = created["table"]
    joined = server.join(table, "Bob")
    sent: dict[str, str] = {}

    async def game() -> None:
        ann = Player(server, table, created["token"], "Ann", random.Random(1), pace=0.02)
        bob = Player(server, table, joined["token"], "Bob", random.Random(2), pace=0.02)
        await ann.connect()
        await bob.connect()
        for player, value in ((ann, "a1" * 16), (bob, "b2" * 16)):
            sent[player.name] = value
            await player.send({"type": "contribute", "value": value})
        await bob.send({"type": "contribute", "value": "not hex"})
        refused = await bob.until("error")
        assert refused["code"] == "invalid_contribution"
        while ann.view is None or len(ann.view["fair"]["contributed"]) < 2:
            await ann.receive()
        assert ann.view["fair"]["contributed"] == [0, 2]
        await ann.send({"type": "start"})
        while ann.view is None or ann.view["hand"] is None:
            await ann.receive()
        await ann.send({"type": "end"})
        await asyncio.gather(ann.play(), bob.play())

    run_closing(game(), timeout=120)
    answer = get(server, table, "records.jsonl", created["token"])
    assert answer.status_code == 200, answer.text
    (record,) = lines(answer.text)
    names = [p["name"] for p in record["players"]]
    given = {names[seat]: value for seat, value in record["fair"]["contributions"]}
    assert given == sent
    done = _replay_command(tmp_path / "records.jsonl", answer.text)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "fair:" in done.stdout
    assert record["fair"]["commitment"] in done.stdout
    # The same record with two cards of its deal's shuffle swapped is refused.
    cards = record["shuffles"][0].split()
    cards[5], cards[9] = cards[9], cards[5]
    tampered = {**record, "shuffles": [" ".join(cards), *record["shuffles"][1:]]}
    refused = _replay_command(tmp_path / "tampered.jsonl", json.dumps(tampered) + "\n")
    assert refused.returncode != 0
    assert "fair_shuffle" in refused.stdout + refused.stderr


def test_contributions_are_logged_the_latest_counts_and_a_rebuilt_table_deals_with_them() -> None:
    """A contribution is a ``contributed`` entry (so that a process that reads the
    log has it, docs/server.md): the latest value of a seat counts, the viewers are
    told who contributed but not the value before the deal, and a table rebuilt
    from the log deals from the same seed as the table that was."""
    table = _table()
    for seat, value, at in ((0, "aa", 6.0), (1, "bb", 7.0), (0, "cc", 8.0)):
        table.submit("contributed", {"seat": seat, "value": value}, at=at)
    assert [e.kind for e in table.log[-3:]] == ["contributed"] * 3
    assert table.fair.contributions == {0: "cc", 1: "bb"}
    for viewer in (None, 0, 1, 2):
        view = projection.view(table, viewer, connected=set(), now=0.0)
        assert view["fair"]["contributed"] == [0, 1]
        told = projection.entries(table, viewer, table.seq - 3)
        assert [e.get("seat") for e in told] == [0, 1, 0]
        assert not any("value" in e or "cc" in json.dumps(e) for e in told)
    stored = [(e.seq, e.kind, e.at, json.loads(json.dumps(e.data))) for e in table.log]
    again = Table.rebuild("t", table.settings, stored, [], KEY)
    assert again.fair.contributions == table.fair.contributions
    for each in (table, again):
        given = {str(s): v for s, v in each.fair.contributions.items()}
        each.submit("hand_started", {"contributions": given}, at=9.0)
        assert each.fair.contributions == {}  # used by this deal; the next hand's are new
    dealt = table.log[-1].data
    assert dealt["contributions"] == {"0": "cc", "1": "bb"}
    assert dealt["commitment"] == again.log[-1].data["commitment"]
    assert table.fair.proof is not None
    assert table.fair.proof.contributions == ((0, "cc"), (1, "bb"))


def test_a_seat_contributes_a_few_times_a_hand_and_a_flood_is_refused() -> None:
    """Each contribution is an entry of the log: a seat may make MAX_CONTRIBUTIONS
    for one deal (a page makes one), and more are refused with ``rate_limited``,
    nothing logged; the next deal opens a new count."""
    table = _table()
    for n in range(MAX_CONTRIBUTIONS):
        table.submit("contributed", {"seat": 0, "value": f"{n:02x}"}, at=6.0)
    table.submit("contributed", {"seat": 1, "value": "ff"}, at=6.0)  # another seat's own
    seq = table.seq
    with pytest.raises(PalaceError) as refused:
        table.submit("contributed", {"seat": 0, "value": "ee"}, at=7.0)
    assert refused.value.code == "rate_limited"
    assert table.seq == seq
    assert table.fair.contributions[0] == f"{MAX_CONTRIBUTIONS - 1:02x}"  # the last counted
    table.submit("hand_started", {"contributions": {"0": "03"}}, at=8.0)
    table.submit("contributed", {"seat": 0, "value": "ee"}, at=9.0)  # the next hand's
    assert table.fair.contributions == {0: "ee"}


def test_a_contribution_does_not_restart_a_bots_pause(tmp_path: Path) -> None:
    """Every person's page contributes just after each deal: the bot to act next
    is timed from the last move (the deal, with its reading time, or Ann's
    decision), not from the contribution."""
    settings = TableSettings.from_form(
        {"name": "T", "small_bet": 10, "seats": 2, "stack": 60, "bot_pause": 2}
    )
    table = Table("t", settings, secret=KEY)
    table.submit("seated", {"seat": 0, "name": "Ann", "bot": None}, at=1.0)
    table.submit("seated", {"by": 0, "seat": 1, "name": None, "bot": "random"}, at=2.0)
    table.submit("started", {"by": 0}, at=3.0)
    table.submit("hand_started", {"contributions": {}}, at=4.0)
    rng = random.Random(1)
    while table.to_act() == 0:  # Ann first (the dealer draw's chance): she stays in
        hand = table.hand
        assert hand is not None
        options = [to_wire(o) for o in hand.observe(table.hand_seat(0)).options]
        kept = [o for o in options if o["verb"] != "fold"]
        data = {"seat": 0, "action": option_text(rng.choice(kept), rng), "by": "player"}
        table.submit("action", {**data, "version": hand.version}, at=4.0)
    assert table.to_act() == 1, "the bot's decision is due"
    dealt = table.seq
    store = Store.open(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        runner = TableRunner(table, store, {}, shuffles_stored=0, clock=lambda: 5.0)
        before = runner._due()
        table.submit("contributed", {"seat": 0, "value": "ab"}, at=4.5)
        assert table.last_move() == dealt
        assert runner._due() == before == (4.0 + table.thinking_pause(dealt), "bot")
    finally:
        store.close()
