"""No payload the server sends carries a card hidden from its receiver (R-INFO-1..4).

Many whole games are played on the real server process by people (WebSocket
clients choosing random legal options, now and then a stale or malformed message
so that error payloads are sent too), bots, a spectator and a player who drops
and reconnects with the last seq it saw. Every payload each client receives is
kept with the seq it carries.

Chat lines are sent by the players and the spectator during play; after each game
every client downloads its hand history (JSON Lines and text) and the ledger (CSV),
and the spectator its own history: the downloads are checked like the payloads.

Afterwards the test rebuilds each table from its database, command by command,
and for every seq and every viewer works out the hidden cards from the hand's
true state, independently of the server's projection: the palace cards of the
other players that the viewer has not been shown (a battle comparison the viewer
fought, R-INFO-3, or a showdown, R-INFO-4), and the stock's cards that were never
face up. A payload's view is checked against the hidden cards at its seq, and each
log entry in it against those of the entry's own hand (cards come back in the
next hand, in other places).

What the table says about hidden cards is checked as well as the cards: a
comparison's explanation names the hands and the own-suit counts only for the two
battlers (R-INFO-3) and at a showdown (R-INFO-4) — anybody else gets who was
compared, how and who won, and nothing more — and the strength of a hand (the
hands a player's cards make) reaches only that player, worked out from their own
cards alone.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cluster_helpers import RedisServer, fresh_database, needs_postgres
from leaks import CARD, Cards, Shown, cards_in, hidden_cards
from palace_poker.cards import parse_cards
from palace_poker.evaluator import evaluate
from palace_poker.server.model.recording import RecordingShuffle
from palace_poker.server.model.table import CONSEQUENCES, Table
from palace_poker.server.storage.store import Store
from paths import ARTIFACTS
from server_helpers import Player, ServerProcess, run_closing


def get(server: ServerProcess, table: str, what: str, token: str | None) -> Any:
    """A download of the table (see history_helpers.get), as its seat or a watcher."""
    import httpx  # noqa: PLC0415

    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return httpx.get(f"{server.base}/api/tables/{table}/{what}", headers=headers, timeout=10)


pytestmark = [pytest.mark.rule("R-INFO-2"), pytest.mark.rule("R-INFO-3")]

SYMBOL = re.compile(r"\b([2-9TJQKA])([♠♥♦♣])")
SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
GAMES = 10
#: Games on two processes (each one more process to start and stop, and the
#: entries go through PostgreSQL).
CLUSTER_GAMES = 4


@dataclass(frozen=True)
class Hidden:
    """The hidden cards of each viewer at one seq."""

    hand_number: int
    cards: dict[int | None, frozenset[str]]
    #: Each viewer's own palace, and the hand seats whose palaces it has been shown.
    own: dict[int | None, frozenset[str]]
    shown: dict[int | None, frozenset[int]]


Received = tuple[int | None, list[dict[str, Any]], frozenset[str]]


def _replay(database_url: str, table_id: str, viewers: list[int | None]) -> Iterator[Hidden]:
    """The table rebuilt command by command: the hidden cards at every seq."""
    store = Store.open(database_url)
    stored = store.load(table_id)
    store.close()
    assert stored is not None
    table = Table(table_id, stored.settings, RecordingShuffle(stored.shuffles), stored.secret)
    last_hand: tuple[Cards, Cards, Shown] = ({}, {}, {})
    for _seq, kind, at, data in stored.entries:
        if kind in CONSEQUENCES:
            continue
        command = {k: v for k, v in data.items() if k not in ("dealer", "draw", "hand_number")}
        before = table.seq
        hand, seats = table.hand, table.hand_seats()
        table.submit(kind, command, at=at)
        if table.hand is not None:
            last_hand = hidden_cards(table.hand, table.hand_seats(), viewers)
        elif hand is not None:  # the hand just ended (and was settled): as it ended
            last_hand = hidden_cards(hand, seats, viewers)
        for _ in range(before, table.seq):
            yield Hidden(table.hand_number, *last_hand)


def _where(value: object, cards: set[str], path: str = "") -> Iterator[str]:
    """The paths in a payload at which any of ``cards`` is written (for a failure)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "log":
                yield from _where(v, cards, f"{path}.{k}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _where(item, cards, f"{path}[{i}]")
    elif set(cards_in(value, path.rsplit(".", 1)[-1])) & cards:
        yield path


async def _game(servers: list[ServerProcess], seed: int) -> tuple[str, list[Player]]:
    """One game: made on the first process; with two, Bob is seated through and
    plays on the second, and the watcher watches on one or the other (the entries
    they see are read from the log there, the frames made there)."""
    rng = random.Random(seed)
    betting = "no-limit" if seed % 2 else "limit"
    bots = ["random", "heuristic"][: 1 + seed % 2]
    first, other = servers[0], servers[-1]
    created = first.create(bots=bots, seats=len(bots) + 2, stack=40, betting=betting)
    table = created["table"]
    joined = other.join(table, "Bob")
    # quick players: a message over the budget is one more error payload to check
    ann = Player(first, table, created["token"], "Ann", random.Random(rng.random()), pace=0.01)
    bob = Player(other, table, joined["token"], "Bob", random.Random(rng.random()), pace=0.01)
    watcher = Player(servers[seed % len(servers)], table, None, "watcher")
    for player in (ann, bob, watcher):
        await player.connect()
    await ann.send({"type": "start"})

    async def noisy(player: Player) -> None:
        while player.view is None or player.view["table"]["status"] != "over":
            if not player.my_turn():
                if rng.random() < 0.02:  # a chat line (it reaches everyone, in the log)
                    await player.send({"type": "chat", "text": f"{player.name} says hi"})
                if rng.random() < 0.05:  # to the fair seed: a contributed entry for all
                    value = f"{rng.getrandbits(128):032x}"
                    await player.send({"type": "contribute", "value": value})
                await player.receive()
                continue
            if rng.random() < 0.1 and player.view is not None:  # stale: an error payload
                version = player.view["hand"]["observation"]["version"]
                hand = player.view["table"]["hand_number"]
                await player.send(
                    {"type": "act", "action": "stay", "hand": hand, "version": version + 5}
                )
                await player.until("error")
                if not player.my_turn():  # an update came first (a chat line's, say)
                    continue
            await player.act_randomly()
            while (await player.receive())["type"] not in ("update", "error"):
                pass

    async def dropping(player: Player) -> None:
        await player.play(until_over=False, stop_at=(player.last_seq or 0) + 8)
        seen = player.last_seq
        await player.close()
        await asyncio.sleep(0.3)
        again = Player(first, table, player.token, player.name, player.rng, pace=0.01)
        await again.connect(last_seq=seen)
        await noisy(again)

    async def watch() -> None:
        lines = 0
        while watcher.view is None or watcher.view["table"]["status"] != "over":
            await watcher.receive()
            if lines < 3 and rng.random() < 0.2:  # the spectator chats, now and then
                await watcher.send({"type": "chat", "text": f"go go {lines} As Kd"})
                lines += 1

    await asyncio.gather(noisy(ann), dropping(bob), watch())
    return table, [p for p in _players() if p.table == table]


def _own_words(player: Player) -> frozenset[str]:
    """The cards a client named in the decisions it sent."""
    return frozenset(
        word
        for message in player.sent
        if message.get("type") == "act"
        for word in str(message.get("action")).split()
        if CARD.match(word)
    )


def _players() -> list[Player]:
    from server_helpers import OPEN  # noqa: PLC0415 - the players made so far

    return list(OPEN)


def test_no_payload_carries_a_card_hidden_from_its_receiver(tmp_path: Path) -> None:
    _check_games([ServerProcess(tmp_path / "leak.sqlite3").start()], GAMES, "leak-test.json")


@needs_postgres
def test_no_payload_of_two_processes_carries_a_card_hidden_from_its_receiver(
    tmp_path: Path,
) -> None:
    """The same on two processes sharing PostgreSQL and Redis: a client of the
    process that is not the table's writer gets frames made from entries read
    back from the log (the group read), and a reconnecting player comes back to
    the other process."""
    redis = RedisServer().start()
    try:
        with fresh_database() as url:
            servers = [
                ServerProcess(tmp_path / f"{name}.db", database_url=url, redis_url=redis.url)
                for name in ("a", "b")
            ]
            _check_games([s.start() for s in servers], CLUSTER_GAMES, "leak-test-cluster.json")
    finally:
        redis.stop()


def _check_games(servers: list[ServerProcess], games_wanted: int, artifact: str) -> None:
    """Play ``games_wanted`` games on ``servers`` (stopped at the end), then check
    every payload and every download of every client (the module's text)."""
    played: list[tuple[str, list[Received]]] = []

    downloads: dict[str, list[tuple[int | None, str, str]]] = {}

    async def games() -> None:
        for seed in range(games_wanted):
            table, players = await _game(servers, seed)
            payloads = [
                (p.view["you"] if p.view else None, list(p.received), _own_words(p))
                for p in players
            ]
            played.append((table, payloads))
            for p in players:
                await p.close()
            got = downloads.setdefault(table, [])
            for token in dict.fromkeys(p.token for p in players):  # each seat, the watcher
                viewer = next(p.view["you"] for p in players if p.token == token and p.view)
                for what in ("history.jsonl", "history.txt", "ledger.csv"):
                    where = servers[len(got) % len(servers)]  # either process
                    answer = await asyncio.to_thread(get, where, table, what, token)
                    assert answer.status_code == 200, answer.text
                    got.append((viewer, what, answer.text))

    try:
        run_closing(games(), timeout=240)
    except BaseException:
        _print_logs(servers)  # a stalled game is understood from the servers' side
        raise
    finally:
        for server in servers:
            server.stop()
    checked = cards_checked = palaces_checked = strengths = 0
    explained: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for table, payloads in played:
        viewers = [*sorted({v for v, _, _ in payloads if v is not None}), None]
        hidden = {i + 1: h for i, h in enumerate(_replay(servers[0].database_url, table, viewers))}
        final: dict[int, Hidden] = {}
        for h in hidden.values():
            final[h.hand_number] = h
        for viewer, received, own_words in payloads:
            for payload in received:
                kinds[payload["type"]] = kinds.get(payload["type"], 0) + 1
                seq = payload.get("seq", 0)
                now = hidden.get(seq)
                secret = now.cards.get(viewer, frozenset()) if now else frozenset()
                found = set(cards_in(payload.get("view")))
                found |= set(
                    cards_in({k: v for k, v in payload.items() if k not in ("view", "log")})
                )
                if payload["type"] == "error":
                    # A refusal quotes the decision refused ("trim 5d: answers version
                    # 12 of the hand, …"): a card the client named itself, face up
                    # when it chose it, which may be hidden by the time the server
                    # reads it (the hand over and the next dealt at once).
                    found -= own_words
                assert not found & secret, (
                    table,
                    viewer,
                    seq,
                    payload["type"],
                    sorted(_where(payload, found & secret)),
                    payload.get("view"),
                )
                hand = (payload.get("view") or {}).get("hand")
                if hand is not None and now is not None:  # the palace fields: in place
                    observation = hand["observation"]
                    assert set(observation["palace"]) == now.own.get(viewer, frozenset())
                    known = {int(seat) for seat in observation["known_palaces"]}
                    assert known <= now.shown.get(viewer, frozenset()), (table, viewer, seq)
                    palaces_checked += 1
                if hand is not None:
                    strengths += _check_strength(viewer, hand)
                cards_checked += _check_log(
                    viewer, payload, now, hidden=hidden, final=final, explained=explained
                )
                checked += 1
    downloaded = history_cards = 0
    for table, payloads in played:
        viewers = [*sorted({v for v, _, _ in payloads if v is not None}), None]
        hidden = {i + 1: h for i, h in enumerate(_replay(servers[0].database_url, table, viewers))}
        for viewer, what, text in downloads[table]:
            downloaded += 1
            history_cards += _check_download(table, viewer, what, text, hidden)
    ARTIFACTS.mkdir(exist_ok=True)
    summary = {
        "downloads": downloaded,
        "cards_in_downloaded_histories_checked": history_cards,
        "games": len(played),
        "clients": sum(len(payloads) for _, payloads in played),
        "payloads": checked,
        "payloads_by_type": kinds,
        "cards_in_log_entries_checked": cards_checked,
        "views_with_palace_fields_checked": palaces_checked,
        "explanations_checked_by_what_the_viewer_saw": explained,
        "views_with_a_strength_checked": strengths,
    }
    (ARTIFACTS / artifact).write_text(json.dumps(summary, indent=1), encoding="utf-8")
    assert {"welcome", "update", "presence", "error"} <= set(kinds), kinds
    # How many follows the games' length, which varies with the processes' timing
    # (a cluster game: 160 to 370 payloads; a one-process game about 350).
    assert checked > 50 * games_wanted, checked
    assert cards_checked > 50 * games_wanted, cards_checked
    assert palaces_checked > 25 * games_wanted, palaces_checked
    assert kinds_of_entries(played) >= {"chat", "contributed"}, "chat and contributions sent"
    assert history_cards > 100 * games_wanted, history_cards
    # Both sides of the line were crossed: battlers shown their battle, others not.
    assert explained.get("battle:whole", 0) > 0, explained
    assert explained.get("battle:outcome only", 0) > 0, explained
    # Every view whose viewer is still in the hand was checked for its strength
    # (_check_strength): 148 to 533 in four cluster games.
    assert strengths > 10 * games_wanted, strengths


def _check_log(
    viewer: int | None,
    payload: dict[str, Any],
    now: Hidden | None,
    *,
    hidden: dict[int, Hidden],
    final: dict[int, Hidden],
    explained: dict[str, int],
) -> int:
    """The log entries of a payload hold no card hidden from the viewer in the entry's
    own hand, and explain comparisons only to whom may know; returns the number of
    cards checked (``explained`` counts the explanations by what the viewer saw)."""
    cards_checked = 0
    start = now.hand_number if now else 0
    for item in payload.get("log", []):
        hand_number = hidden[item["seq"]].hand_number
        at = final.get(hand_number) if now is None or hand_number != start else now
        hidden_then = at.cards.get(viewer, frozenset()) if at else frozenset()
        cards = set(cards_in(item))
        cards_checked += len(cards)
        assert not cards & hidden_then, (viewer, item, cards & hidden_then)
        for said in _check_explanations(viewer, item):
            explained[said] = explained.get(said, 0) + 1
    return cards_checked


def _check_explanations(viewer: int | None, item: dict[str, Any]) -> Iterator[str]:
    """Each explanation of a log entry is whole only for whom may know (R-INFO-3,
    R-INFO-4), and agrees with the comparison event it explains; yields what each
    was (its kind, and whether the viewer saw it whole)."""
    for said in item.get("explanations", []):
        event = item["events"][said["event"]]
        at = item["hand_seats"].index(viewer) if viewer in item["hand_seats"] else None
        may_know = said["kind"] == "showdown" or at in said["seats"]
        if event["type"] == "battle_compared":
            assert said["seats"] == event["seats"], (said, event)
            assert said["winners"] == ([] if event["winner"] is None else [event["winner"]])
            assert said["kind"] in ("battle", "quiet_round"), said
        else:
            assert event["type"] == "showdown_revealed", event
            assert said["kind"] == "showdown", said
            assert said["seats"] == [seat for seat, _ in event["palaces"]], (said, event)
        if not may_know:
            assert said["sides"] == [], (viewer, said)
            assert said["decided_by"] == "unseen", (viewer, said)
            assert said["suit_decided"] is False, (viewer, said)
            yield f"{said['kind']}:outcome only"
            continue
        assert [side["seat"] for side in said["sides"]] == said["seats"], said
        # The palaces of the explanation are the ones this viewer was shown in the
        # event (the cards themselves are checked against the hidden ones above).
        palaces = (
            event["palaces"]
            if event["type"] == "battle_compared"
            else [cards for _, cards in event["palaces"]]
        )
        assert [side["palace"] for side in said["sides"]] == palaces, (said, event)
        yield f"{said['kind']}:whole"


def _check_strength(viewer: int | None, hand: dict[str, Any]) -> int:
    """The hands a player's cards make reach that player only, from their own cards."""
    strength = hand.get("strength")
    observation = hand["observation"]
    at = observation["viewer"]
    if strength is None:
        assert at is None or not observation["in_hand"][at], (viewer, hand)
        return 0
    assert at is not None, (viewer, hand)
    assert hand["seats"][at] == viewer, (viewer, hand)
    own = [observation["banners"][at], *observation["palace"], *observation["soldiers"][at]]
    assert strength["best"]["value"] == evaluate(parse_cards(" ".join(own))), (own, strength)
    opponents = [s for s, alive in enumerate(observation["in_hand"]) if alive and s != at]
    assert [seat for seat, _ in strength["against"]] == opponents, strength
    return 1


def _print_logs(servers: list[ServerProcess], lines: int = 300) -> None:
    """The end of each server's log, into the failing test's captured output."""
    for server in servers:
        log = server.log
        text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
        print(f"--- {server.log} (last {lines} lines)", *text.splitlines()[-lines:], sep="\n")


def _check_download(
    table: str, viewer: int | None, what: str, text: str, hidden: dict[int, Hidden]
) -> int:
    """A download holds no card hidden from its viewer at each entry's seq; returns
    the number of cards checked."""
    checked = 0
    if what == "history.jsonl":
        for hand in (json.loads(line) for line in text.splitlines()):
            for item in hand["entries"]:
                cards = set(cards_in(item))
                checked += len(cards)
                secret = hidden[item["seq"]].cards.get(viewer, frozenset())
                assert not cards & secret, (table, viewer, item, cards & secret)
    elif what == "history.txt":
        for line in text.splitlines():
            seq = re.match(r"#(\d+) ", line)
            if seq is None:
                continue
            cards = {r + SUITS[s] for r, s in SYMBOL.findall(line)}
            checked += len(cards)
            secret = hidden[int(seq.group(1))].cards.get(viewer, frozenset())
            assert not cards & secret, (table, viewer, line, cards & secret)
    else:  # the ledger: names and numbers only
        assert not set(cards_in({"csv": text})), text
    return checked


def kinds_of_entries(played: list[tuple[str, list[Received]]]) -> set[str]:
    """The kinds of log entries the clients received."""
    return {
        item["kind"]
        for _, payloads in played
        for _, received, _ in payloads
        for payload in received
        for item in payload.get("log", [])
    }
