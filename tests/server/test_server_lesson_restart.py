"""A lesson table on the real server: made by ``POST /api/lessons``, played over the
socket by following ``lesson_next``, and rebuilt after a restart in the middle of
the hand with the same cards (its arranged orders are stored like any shuffle)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from palace_poker.server.model.lesson import SCRIPT
from server_helpers import Player, ServerProcess, run_closing


def _lesson(server: ServerProcess) -> dict[str, str]:
    answer = httpx.post(f"{server.base}/api/lessons", json={"name": "Ann"}, timeout=10)
    assert answer.status_code == 200, answer.text
    made: dict[str, str] = answer.json()
    return made


async def _follow(ann: Player, decisions: int) -> None:
    """Make the lesson's next ``decisions`` decisions as the server names them."""
    for _ in range(decisions):
        while not (ann.view and ann.view["options"] and ann.view["table"]["lesson_next"]):
            await ann.receive()
        view = ann.view
        version = view["hand"]["observation"]["version"]
        await asyncio.sleep(0.1)  # a person's pace
        await ann.send(
            {
                "type": "act",
                "action": view["table"]["lesson_next"],
                "hand": view["table"]["hand_number"],
                "version": version,
            }
        )
        while ann.view["hand"]["observation"]["version"] == version:  # until it is taken
            await ann.receive()
        assert ann.errors == []


def test_a_lesson_is_played_over_the_socket_and_survives_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "lesson.sqlite3"
    first = ServerProcess(database).start()
    second: ServerProcess | None = None
    try:
        made = _lesson(first)
        table, token = made["table"], made["token"]

        async def before() -> dict[str, object]:
            ann = Player(first, table, token, "Ann")
            welcome = await ann.connect()
            assert welcome["view"]["table"]["lesson"] is True
            assert [s["name"] for s in welcome["view"]["seats"]] == ["Ann", "Ada", "Bo"]
            assert [s["bot"] for s in welcome["view"]["seats"]][1:] == ["lesson", "lesson"]
            await _follow(ann, 2)  # buy, and keep the soldier
            assert ann.view is not None
            observation: dict[str, object] = ann.view["hand"]["observation"]
            return observation

        seen: dict[str, object] = {}
        run_closing(_store(seen, before()))
        first.stop()
        second = ServerProcess(database).start()
        server = second

        async def after() -> None:
            ann = Player(server, table, token, "Ann")
            welcome = await ann.connect()
            observation = welcome["view"]["hand"]["observation"]
            # the same cards: the bots may have played on before the stop
            for key in ("banners", "palace"):
                assert observation[key] == seen[key], key
            assert observation["soldiers"][0] == seen["soldiers"][0]  # type: ignore[index]
            learner = sum(1 for text in SCRIPT if text.startswith("0 "))
            await _follow(ann, learner - 2)  # attack, call, trim, stay
            while ann.view is None or ann.view["table"]["status"] != "over":
                await ann.receive()
            actions = ann.view["hand"]["observation"]["actions"]
            assert actions == list(SCRIPT)

        run_closing(after())
    finally:
        first.stop()
        if second is not None:
            second.stop()


async def _store(into: dict[str, object], coroutine: object) -> None:
    into.update(await coroutine)  # type: ignore[misc]
