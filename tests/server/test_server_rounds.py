"""Rounds (server/storage/batcher.py): requests of many tables carried out together, each
asker given its own answer; a failed round fails its askers, never hangs them."""

from __future__ import annotations

import asyncio

import pytest

from palace_poker.server.storage.batcher import Rounds, answer


class Doubling(Rounds[int, int]):
    """A round doubles every request; a request of 13 makes the round fail."""

    def __init__(self) -> None:
        super().__init__()
        self.sizes: list[int] = []

    async def _round(self, batch: list[tuple[int, asyncio.Future[int]]]) -> None:
        self.sizes.append(len(batch))
        await asyncio.sleep(0.01)
        if any(n == 13 for n, _ in batch):
            raise ValueError("unlucky")
        for n, done in batch:
            answer(done, 2 * n)


def test_requests_asked_meanwhile_go_together_and_each_gets_its_own_answer() -> None:
    async def scene() -> tuple[list[int], list[int]]:
        rounds = Doubling()
        first = asyncio.ensure_future(rounds.ask(1))
        await asyncio.sleep(0)  # the first round starts with one request
        rest = await asyncio.gather(*(rounds.ask(n) for n in range(2, 6)))
        await rounds.close()
        return [await first, *rest], rounds.sizes

    answers, sizes = asyncio.run(scene())
    assert answers == [2, 4, 6, 8, 10]
    assert sizes == [1, 4]


def test_a_failed_round_fails_its_askers_and_the_next_round_runs() -> None:
    async def scene() -> int:
        rounds = Doubling()
        with pytest.raises(ValueError, match="unlucky"):
            await asyncio.gather(rounds.ask(13), rounds.ask(2))
        waiting = asyncio.ensure_future(rounds.ask(3))
        await asyncio.sleep(0)
        waiting.cancel()  # an asker who stopped waiting: its answer is dropped
        got = await rounds.ask(4)
        await rounds.close()
        return got

    assert asyncio.run(scene()) == 8
