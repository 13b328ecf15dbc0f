"""The guided first hand ("Learn to play", docs/server.md): its arranged deck and
script played with the real engine show every rule the lesson teaches, its scripted
bots never stall a table, and a lesson table is a table like any other (rebuilt
from its log, one hand, then over).

When a change of the rules breaks the lesson, these tests fail: find a new deck
with ``.venv/bin/python tools/find_lesson_deck.py`` and read the lesson's steps
(static/lesson.js) again.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from palace_poker.actions import Action, Verb
from palace_poker.events import (
    BattleCalled,
    BattleCompared,
    BattleRaised,
    BattleStarted,
    CardsCaptured,
    Event,
    HandEnded,
    SoldierBought,
    SoldiersDiscarded,
    Stayed,
)
from palace_poker.explain import explain
from palace_poker.server.model import projection
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.lesson import (
    LESSON_BOT,
    SCRIPT,
    SMALL_BET,
    LessonBot,
    lesson_game,
    lesson_settings,
    replay,
)
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Table


def _index(events: list[Event], kind: type, start: int = 0, **fields: object) -> int:
    """The index of the first event of ``kind`` from ``start`` with ``fields``."""
    for i in range(start, len(events)):
        event = events[i]
        if isinstance(event, kind) and all(getattr(event, k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {kind.__name__} {fields} after event {start}")


@pytest.mark.rule("R-DEAL-1", "R-TURN-1")
def test_the_draw_makes_bo_the_dealer_so_the_learner_acts_first() -> None:
    game = lesson_game()
    assert game.dealer == 2
    assert game.start_hand().to_act == 0


@pytest.mark.rule(
    "R-BUY-1",
    "R-BUY-3",
    "R-BET-1",
    "R-BET-2",
    "R-BET-5",
    "R-BET-8",
    "R-CMP-1",
    "R-CAPT-1",
    "R-END-3",
    "R-END-4",
)
def test_the_scripted_hand_shows_every_rule_of_the_lesson_in_order() -> None:
    hand = replay()
    events = list(hand.events)
    # a buy and its trim: the learner keeps the card (R-BUY-1, R-BUY-3)
    bought = _index(events, SoldierBought, seat=0, cost=SMALL_BET)
    kept = _index(events, SoldiersDiscarded, bought, seat=0, trim=True)
    assert events[kept] == SoldiersDiscarded(0, (), True)
    _index(events, SoldierBought, kept, seat=1)
    stayed = _index(events, Stayed, kept, seat=2)
    # the attack on Bo: the entry of a banner and one soldier (R-BET-1, R-BET-2)
    attack = _index(events, BattleStarted, stayed, attacker=0, defender=2, entry=2 * SMALL_BET)
    # Bo raises a big bet (R-BET-5); the learner's call closes the battle (R-BET-8)
    raised = _index(events, BattleRaised, attack, seat=2, raise_by=2 * SMALL_BET)
    called = _index(events, BattleCalled, raised, seat=0)
    compared = _index(events, BattleCompared, called, seats=(0, 2), winner=0)
    assert compared == called + 1
    # won only because a card of the learner's banner suit did not count (R-CMP-1)
    why = dict(explain(events))
    battle = why[compared]
    assert battle.kind == "battle"
    assert battle.winners == (0,)
    assert battle.suit_decided
    assert battle.sides[1].struck  # Bo's card of the learner's suit, struck
    # the capture and its trim (R-CAPT-1): the learner discards a card of Ada's suit
    captured = _index(events, CardsCaptured, compared, seat=0, from_seat=2)
    trimmed = _index(events, SoldiersDiscarded, captured, seat=0, trim=True)
    assert trimmed == captured + 1
    ada_suit = hand.observe(None).banners[1].suit
    trim = events[trimmed]
    assert isinstance(trim, SoldiersDiscarded)
    assert [c.suit for c in trim.cards] == [ada_suit]
    # Ada stays, the learner stays: a quiet round of the last two, compared (R-END-3)
    _index(events, Stayed, trimmed, seat=1)
    last = _index(events, Stayed, trimmed, seat=0)
    final = _index(events, BattleCompared, last, seats=(0, 1))
    assert why[final].kind == "quiet_round"
    assert why[final].winners == (0,)
    assert hand.over
    assert isinstance(events[-1], HandEnded)


def test_the_bots_play_the_script_when_the_hand_follows_it() -> None:
    hand = lesson_game().start_hand()
    bot = LessonBot()
    for text in SCRIPT:
        planned = Action.parse(text)
        if planned.seat != 0:
            assert bot.act(hand.observe(planned.seat)) == planned
        hand.apply(planned)
    assert hand.over


@pytest.mark.parametrize("seed", range(20))
def test_the_bots_never_stall_a_learner_who_leaves_the_script(seed: int) -> None:
    """Off the script (a learner whose clock ran out, or any other choice), the bots
    still choose a legal action, and the hand comes to its end."""
    rng = random.Random(seed)
    hand = lesson_game().start_hand()
    bot = LessonBot()
    for _ in range(200):
        if hand.over:
            break
        seat = hand.to_act
        assert seat is not None
        observation = hand.observe(seat)
        if seat == 0:
            option = rng.choice(
                [o for o in observation.options if o.verb != Verb.FOLD] or list(observation.options)
            )
            action = rng.choice(list(option.actions()))
        else:
            action = bot.act(observation)
        hand.apply(action)
    assert hand.over


def _lesson_table() -> tuple[Table, list[tuple[int, str, float, dict[str, Any]]]]:
    """A lesson table played by its script through the table's own commands."""
    table = Table("lesson", lesson_settings("Lesson", bot_pause=0.0))
    at = 1.0
    table.submit("seated", {"seat": 0, "name": "Ann", "bot": None}, at=at)
    for bot_seat, name in ((1, "Ada"), (2, "Bo")):
        table.submit("seated", {"seat": bot_seat, "name": name, "bot": LESSON_BOT}, at=at)
    table.submit("started", {}, at=at)
    table.submit("hand_started", {}, at=at)
    bot = LessonBot()
    while table.hand is not None and not table.hand.over:
        at += 1.0
        hand = table.hand
        seat = table.to_act()
        assert seat is not None
        if seat == 0:
            text = SCRIPT[len(hand.observe(0).actions)]
            by = "player"
            # the page is told the learner's next decision, and only the learner
            hint = [projection.view(table, v, connected={0}, now=at)["table"] for v in (0, 1)]
            assert hint[0]["lesson_next"] == text.split(" ", 1)[1]
            assert hint[1]["lesson_next"] is None
        else:
            text = str(bot.act(hand.observe(seat)))
            by = "bot"
        table.submit(
            "action",
            {"seat": seat, "action": text.split(" ", 1)[1], "version": hand.version, "by": by},
            at=at,
        )
    stored = [(e.seq, e.kind, e.at, json.loads(json.dumps(e.data))) for e in table.log]
    return table, stored


def test_a_lesson_table_deals_the_lesson_once_then_the_game_is_over() -> None:
    table, _ = _lesson_table()
    started = next(e for e in table.log if e.kind == "started")
    assert started.data["dealer"] == 2
    assert [str(a) for a in table.history.finished[0][0].observe(None).actions] == list(SCRIPT)
    assert table.status == "over"
    assert table.log[-1].kind == "game_over"
    assert table.log[-1].data["reason"] == "lesson"
    assert table.clock.deadline is None
    view = projection.view(table, 0, connected={0}, now=0.0)
    assert view["table"]["lesson"] is True


def test_a_lesson_table_is_rebuilt_from_its_log_and_recorded_shuffles() -> None:
    table, stored = _lesson_table()
    shuffles = table.shuffle.take_fresh()
    assert len(shuffles) == 3  # the draw for the dealer, the deck, the stock
    again = Table.rebuild("lesson", table.settings, stored, shuffles)
    for viewer in (None, 0, 1, 2):
        assert projection.view(again, viewer, connected=set(), now=0.0) == projection.view(
            table, viewer, connected=set(), now=0.0
        )
    assert again.shuffle.take_fresh() == []


def test_a_lesson_table_has_a_long_clock_and_no_spectators() -> None:
    settings = lesson_settings("Lesson", bot_pause=1.0)
    assert settings.turn_seconds == 600
    assert settings.time_bank == 0
    assert not settings.spectators
    assert settings.betting == "limit"


def test_the_lesson_bot_sits_only_at_a_lesson_table() -> None:
    table = Table("t", TableSettings.from_form({"name": "T", "small_bet": 10, "seats": 3}))
    with pytest.raises(TableError) as refused:
        table.submit("seated", {"seat": 1, "name": "Ada", "bot": LESSON_BOT}, at=1.0)
    assert refused.value.code == "unknown_bot"
