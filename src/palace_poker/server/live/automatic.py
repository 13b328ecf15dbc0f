"""Automatic moves: what a table does when nobody asks (its clocks and its bots).

Between jobs the table's task sleeps until the next thing that is due: the next
hand (a few seconds after the last), a bot's decision (after its thinking pause),
an away player's default decision, a turn clock running out (the engine's default
action, R-TURN-1's clock in docs/server.md) or its time bank beginning. Deadlines
are in the log (a decision's time plus the turn time), so a rebuilt table re-arms
them. Only the process that writes the table makes them.

While the store is away the clocks are held: nothing is due but the next try at
the store, and when it is back the outage's time is given back to the clocks (a
``storage_back`` entry, docs/deploy.md) before any other change.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from palace_poker.actions import Action
from palace_poker.bots import Bot, make_bot
from palace_poker.errors import PalaceError
from palace_poker.server.live.replica import Job, Replica
from palace_poker.server.model.lesson import LESSON_BOT, LessonBot
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import RETRY_FIRST, unreachable

log = logging.getLogger("palace_poker.server")


def _bot(kind: str) -> Bot:
    """A seat's bot: a lesson's scripted bot, or a registered kind."""
    return LessonBot() if kind == LESSON_BOT else make_bot(kind)


@dataclass
class Thinking:
    """A bot's search under way (see :meth:`TableRunner._think_ahead`): the table it
    was asked of and the turn it answers (hand number, hand version, table seat), its
    answer to come, and when the answer came (the runner's clock).

    The table is the object itself: a table rebuilt from the log (after a change the
    store refused, memory having been ahead of it) can come back to the same hand
    and version in another state, and a search of the old one must not answer it."""

    table: Table
    turn: tuple[int, int, int]
    answer: asyncio.Future[Action]
    done_at: float | None = None

    def answers(self, table: Table, turn: tuple[int, int, int] | None) -> bool:
        """Whether this search answers ``turn`` of ``table``."""
        return self.table is table and self.turn == turn


class Automatic(Replica, ABC):
    """A table's clocks, bots and deals, and the outage's hold on them."""

    #: The bot's search for the turn in play, begun when the turn began.
    _thinking: Thinking | None = None
    #: The start of a storage outage whose time the clocks have not been given
    #: back yet (a storage_back entry, before any other change: docs/deploy.md).
    _held: float | None = None

    @abstractmethod
    async def _commit(self, kind: str, data: dict[str, Any], *, token: str | None = None) -> None:
        """Carry out a command, store it, then tell everyone (the runner's)."""

    def storage_changed(self, since: float | None = None) -> None:
        """The store went away, or came back after an outage that began at
        ``since`` (the hub tells every table): the table looks at once (its
        clocks stop, or it gives them the outage's time back)."""
        if since is not None and self.table.status == "playing":
            self._held = since if self._held is None else min(self._held, since)
        self._retry_at, self._retry = 0.0, RETRY_FIRST
        self.queue.put_nowait(Job("storage", {}))

    async def _run_automatic(self) -> None:
        if self.health.down and self._held is None and self.table.status == "playing":
            self._held = self.health.since  # the clocks stop: their time is given back
        if self._stale or self._held is not None:
            await self._rebuild_or_wait()
            return
        try:
            await self._automatic()
        except PalaceError as err:  # another process changed the table first
            log.debug("table %s: an automatic change was refused: %s", self.table.id, err)
            self._thinking = None  # (a refused answer is not given again: search anew)
            await asyncio.sleep(0.05)  # it is still due: do not spin on it
        except Exception as err:  # logged; the next try comes with the next job or due time
            if unreachable(err):  # (said once for the process; the loop backs off)
                self.health.failed(err)
                self._back_off()
                return
            log.exception("table %s: an automatic change failed", self.table.id)
            await asyncio.sleep(1.0)

    async def _rebuild_or_wait(self) -> None:
        """While the store is away (or just back): read the table again if its
        memory is stale, then give its clocks the outage's time back (a
        storage_back entry: the first write tried, so on a full disk it is what
        finds the store back). A failure waits twice as long as the last, from
        :data:`RETRY_FIRST` to :data:`RETRY_MOST` seconds, and logs nothing: the
        outage was said once (:class:`Health`)."""
        try:
            if self._stale:
                await self._rebuild()
                self.health.alive()
            if self._held is not None:
                await self._give_back()
        except PalaceError:  # refused while the store is still away: later
            self._back_off()
            return
        except Exception as err:
            if unreachable(err):
                self.health.failed(err)
            else:  # a bug: logged, and tried again later all the same
                log.exception("table %s: recovering from the outage failed", self.table.id)
            self._back_off()
            return
        if self.health.down or self._held is not None:
            # nothing of this table's to try (the store away, or the outage another
            # process's to give back): look again later
            self._back_off()
        else:
            self._retry, self._retry_at = RETRY_FIRST, 0.0

    async def _give_back(self, *, before_change: bool = False) -> None:
        """Store the outage's time given back to the clocks (Table._storage_back):
        by the process that writes the table, or by any before it stores a change
        (a player's decision must not come before the clocks' time); a table with no
        clock running has nothing to give back, nor one whose outage another
        process's entry gave back (a second entry would give nothing)."""
        since = self._held
        if since is None:
            return
        if self.table.status != "playing" or self.table.clock.held_until > since:
            self._held = None  # nothing to give back, or another process's entry did
            return
        if not self.writer and not before_change:
            # kept: the writer gives it back; but the lease may have run out during
            # the outage, and if this process takes it, it gives it back then
            return
        self._held = None  # (the entry is not asked for again while being stored)
        try:
            await self._commit("storage_back", {"since": since})
        except BaseException:
            self._held = since if self._held is None else min(self._held, since)
            raise

    def _until_due(self) -> float | None:
        """Seconds until the next automatic change (None: none; nothing is due for
        a process that does not write the table: its writer makes those)."""
        if self._stale or self._held is not None or self.health.down:
            # the store is away: nothing is due but the next try at it (the clocks
            # wait); a table without a change to make waits for the hub's word
            if not (self._stale or self._held is not None or self.table.status == "playing"):
                return None
            return max(0.0, self._retry_at - self.clock())
        due = self._due() if self.writer else None
        return None if due is None else max(0.0, due[0] - self.clock())

    def _due(self) -> tuple[float, str] | None:
        """When the next automatic change is due, and which: ``deal``, ``bot``,
        ``away`` or ``clock``."""
        table = self.table
        if table.status != "playing" or table.clock.paused:
            return None
        if table.clock.next_hand_at is not None:
            due = table.deal_due(self._present())
            assert due is not None
            return due, "deal"
        seat = table.to_act()
        if seat is None:
            return None
        player = table.seats[seat]
        moved = table.last_move()  # (a contribution to the fair seed is no move)
        last = table.log[moved - 1].at if moved else self.clock()
        if player is not None and player.bot is not None:
            return last + table.thinking_pause(moved), "bot"
        if player is not None and player.away:
            return last + min(1.0, table.settings.bot_pause), "away"
        if table.clock.deadline is not None:
            # The bank runs only for a player whose page is here (as at PokerStars):
            # a dropped connection's turn takes the default without spending it.
            present = self._present()
            banked = (
                player is not None
                and player.bank > 0
                and table.clock.bank_from is None
                and (present is None or seat in present)
            )
            return table.clock.deadline, "bank" if banked else "clock"
        return None

    async def _automatic(self) -> None:
        due = self._due()
        if due is None or due[0] > self.clock() or not self.writer:
            return
        kind = due[1]
        if kind == "deal":
            given = {str(seat): value for seat, value in self.table.fair.contributions.items()}
            await self._commit("hand_started", {"contributions": given})
            return
        if kind == "bank":  # the turn's clock ran out: the time bank runs now
            await self._commit("bank_used", {"seat": self.table.clock.deadline_seat})
            return
        await self._decide(kind)

    async def _decide(self, by: str) -> None:
        table = self.table
        hand = table.hand
        seat = table.to_act()
        assert hand is not None
        assert seat is not None
        action = hand.default_action()
        if by == "bot":
            try:
                action = await self._bot_decision()
            except Exception:  # a bot's bug must not stall the table
                log.exception("table %s: bot %s failed; taking the default", table.id, seat)
        text = str(action).split(" ", 1)[1]
        decision = {"seat": seat, "action": text, "version": hand.version, "by": by}
        # the hand too: a retry after another process wrote first must not land on a
        # later hand at the same version (Table._same_hand)
        await self._commit("action", {**decision, "hand": table.hand_number})

    def _bot_turn(self) -> tuple[int, int, int] | None:
        """The turn a bot of this table must answer now (hand number, hand version,
        table seat), or None: no bot's decision is due (nor would be, for a process
        that does not write the table)."""
        due = self._due() if self.writer else None
        hand, seat = self.table.hand, self.table.to_act()
        if due is None or due[1] != "bot" or hand is None or seat is None:
            return None
        return self.table.hand_number, hand.version, seat

    def _think_ahead(self) -> None:
        """When a bot's turn begins, its search begins, in a thread, so that it runs
        during the bot's thinking pause and its decision is announced when the pause
        ends, whatever the cards made it think about (docs/server.md, "Privacy").

        The pause (:meth:`Table.thinking_pause`) depends on the table and its log
        only; the search's time depends on the cards (more options, more worlds to
        play out), and was added to the pause when the search began after it. One
        search at a time: a new turn's waits for the last one's thread to end. The
        answer is used only for the turn it was asked for (a hand that moved on in
        the meantime asks again, see :meth:`_bot_decision`)."""
        try:
            turn = self._bot_turn()
            thinking = self._thinking
            if turn is None or (
                thinking is not None
                and (thinking.answers(self.table, turn) or not thinking.answer.done())
            ):
                return
            self._thinking = self._search(turn)
        except Exception:  # a bot's bug must not stop the table: it decides when due
            log.exception("table %s: a bot's search could not begin", self.table.id)

    def _search(self, turn: tuple[int, int, int]) -> Thinking:
        """Start the search of the bot at ``turn``'s seat, on its own observation."""
        table, seat = self.table, turn[2]
        player, hand, at = table.seats[seat], table.hand, table.hand_seat(seat)
        assert player is not None
        assert player.bot is not None
        assert hand is not None
        bot = self.bots.get(seat) or self.bots.setdefault(seat, _bot(player.bot))
        observation = hand.observe(at)
        answer = asyncio.get_running_loop().run_in_executor(None, bot.act, observation)
        thinking = Thinking(table, turn, answer)

        def finished(future: asyncio.Future[Action]) -> None:
            thinking.done_at = self.clock()
            if not future.cancelled():
                future.exception()  # read: a failure of an answer not used is no warning

        answer.add_done_callback(finished)
        return thinking

    async def _bot_decision(self) -> Action:
        """The bot's decision, at the end of its pause: the search begun with its
        turn (begun now if it was not, after waiting for an earlier one to end).

        A search that ends after the pause (a slow machine, a table whose process
        became its writer late) is announced at the next whole ``bot_pause`` past
        the pause, so its announcement says at most how many pauses it ran over,
        never to the millisecond how long it took. A table without a pause
        (``bot_pause`` 0) announces a decision as soon as it is made."""
        turn, due = self._bot_turn(), self._due()
        assert turn is not None
        assert due is not None
        thinking = self._thinking
        if thinking is None or not thinking.answers(self.table, turn):
            if thinking is not None:  # one search at a time: the old one's answer is not used
                with contextlib.suppress(Exception):
                    await thinking.answer
            thinking = self._thinking = self._search(turn)
        action = await thinking.answer
        done_at = self.clock() if thinking.done_at is None else thinking.done_at
        step, over = self.table.settings.bot_pause, done_at - due[0]
        if step > 0 and over > 0:
            await asyncio.sleep(max(0.0, due[0] + math.ceil(over / step) * step - self.clock()))
        return action
