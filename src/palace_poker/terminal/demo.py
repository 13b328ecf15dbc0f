"""The ``demo`` command's game of bots, told so a person can follow it.

Every move is one or a few lines, paced by a pause between moves (none when the
output is not a terminal). A battle closed by a call shows both hands and why one
won: each side's cards without the opponent's banner suit (R-CMP-1), the hands,
and on equal hands the count of each side's own banner suit (R-CMP-2). A quiet
round's final comparison of the last two (R-END-3) is announced as such, a
showdown (R-END-4) names each hand, all-ins are marked, and the game ends with a
summary: chips, hands and battles won per player.

The lines are built by pure functions (:func:`battle_lines`, :func:`showdown_lines`,
:func:`summary_lines`); :func:`play` drives the game and prints. The lines that
hold a name beside counters (a hand's heading, the closing table) cut a long name
at its end (:func:`~palace_poker.terminal.fit.shorten_name`), so that the counters
stay on the screen, 80 columns wide or 40.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from palace_poker.bots import Bot
from palace_poker.cards import Card
from palace_poker.evaluator import describe
from palace_poker.events import (
    AntePosted,
    BannerCardSetAside,
    BannerDealt,
    BattleCalled,
    BattleCompared,
    Event,
    Folded,
    PalaceDealt,
    ShowdownRevealed,
)
from palace_poker.explain import Explanation, explain_battle, explain_showdown, follow_armies
from palace_poker.game import Game
from palace_poker.hand import Hand
from palace_poker.narrate import cards_text, narrate
from palace_poker.redaction import full_events
from palace_poker.terminal.charset import to_ascii
from palace_poker.terminal.fit import NAME_CELLS, cells, shorten_name
from palace_poker.terminal.log import rank_plural
from palace_poker.variant import Struck


@dataclass
class Tally:
    """What each player won over the game (by name)."""

    hands: dict[str, int] = field(default_factory=dict)
    battles: dict[str, int] = field(default_factory=dict)

    def add(self, counts: dict[str, int], name: str) -> None:
        counts[name] = counts.get(name, 0) + 1


def _order(cards: Sequence[Card]) -> list[Card]:
    """Cards in the order a hand compares them: most of a rank first, higher ranks
    first; at most five (R-CARD-3)."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return sorted(cards, key=lambda c: (-counts[c.rank], -c.rank, c.suit))[:5]


def _ranks(cards: Sequence[Card]) -> str:
    """The ranks of ``cards``, as ``K Q 8``."""
    return " ".join(str(c)[0] for c in cards)


def battle_lines(
    event: BattleCompared,
    names: Sequence[str],
    banners: Sequence[Card],
    armies: Sequence[list[Card]],
    *,
    quiet_round: bool = False,
    struck: Struck = "suit",
) -> list[str]:
    """Both hands of a battle comparison and why it was won.

    Each side's usable cards are its banner, palace and soldiers without the
    opponent's banner suit (R-CMP-1); the higher hand wins; equal hands go to the
    side with more cards of its own banner suit (R-CMP-2); still equal is a tie
    (R-CMP-3). ``quiet_round`` marks the comparison of the last two after a quiet
    round (R-END-3), for which nothing is paid. The engine's explanation
    (:mod:`palace_poker.explain`) says which cards counted and what decided; with
    ``struck="rank"`` (V-CMP-1) the opponent's banner strikes its rank, not its suit.
    """
    a, b = event.seats
    lines = []
    if quiet_round:
        lines.append(
            f"Quiet round with two left: {names[a]} and {names[b]} are compared "
            "as in a battle (R-END-3)."
        )
    if not event.palaces:
        return lines
    why = explain_battle(event, banners, list(armies), called=not quiet_round, struck=struck)
    for side, other in zip(why.sides, reversed(why.sides), strict=True):
        gone = (
            f"the {rank_plural(other.banner.rank)}"
            if struck == "rank"
            else other.banner.suit.symbol
        )
        lines.append(
            f"  {names[side.seat]} (banner {side.banner.pretty()}, palace "
            f"{cards_text(side.palace)}): {cards_text(_order(side.counted))} without "
            f"{gone}: {describe(side.value)}"
        )
    lines.append("  " + _why(why, names))
    return lines


def _why(why: Explanation, names: Sequence[str]) -> str:
    """The reason a comparison went as it did (R-CMP-1..3)."""
    a, b = why.sides
    if why.decided_by in ("category", "rank", "kickers"):
        won, lost = (a, b) if why.winners == (a.seat,) else (b, a)
        if why.decided_by != "kickers":
            return f"{names[won.seat]} wins: {describe(won.value)} beats {describe(lost.value)}."
        return (
            f"{names[won.seat]} wins: both have {describe(won.value)}; the cards in order "
            f"decide, {_ranks(_order(won.counted))} beats {_ranks(_order(lost.counted))} "
            "(R-CARD-3)."
        )
    counts = (
        f"{names[a.seat]} holds {a.own_suit} {a.banner.suit.symbol}, "
        f"{names[b.seat]} {b.own_suit} {b.banner.suit.symbol}"
    )
    if not why.winners:
        return f"Equal hands and equal own-suit counts ({counts}): a tie (R-CMP-3)."
    winner = names[why.winners[0]]
    return f"Equal hands; more of one's own banner suit wins ({counts}): {winner} (R-CMP-2)."


def showdown_lines(
    event: ShowdownRevealed,
    names: Sequence[str],
    banners: Sequence[Card],
    armies: Sequence[list[Card]],
) -> list[str]:
    """Each hand in a showdown: all of a player's cards, none excluded (R-END-4)."""
    why = explain_showdown(event, banners, list(armies))
    lines = ["Showdown after a quiet round: every card counts (R-END-4)."]
    for side in why.sides:
        lines.append(
            f"  {names[side.seat]}: {cards_text(_order(side.counted))}: {describe(side.value)}"
        )
    best = describe(max(side.value for side in why.sides))
    top = [names[seat] for seat in why.winners]
    lines.append(f"  Best hand: {' and '.join(top)} ({best}).")
    return lines


#: The closing table's columns besides the names': its margin, chips, hands, battles.
_SUMMARY_OTHERS = len("    Chips  Hands won  Battles won")


def summary_lines(
    names: Sequence[str],
    stacks: Sequence[int],
    tally: Tally,
    *,
    width: int = 80,
    ascii: bool = False,
) -> list[str]:
    """The closing table: chips, hands won and battles won per player, in
    ``width`` columns. A name takes at most what the counts leave it (and
    :data:`~palace_poker.terminal.fit.NAME_CELLS`), cut at its end with ``…``
    (``...`` with ``ascii``)."""
    room = max(len("Player"), min(NAME_CELLS, width - _SUMMARY_OTHERS))
    shown = [shorten_name(name, room, ascii=ascii) for name in names]
    column = max(len("Player"), *(cells(name) for name in shown))
    lines = [f"  {'Player':<{column}}  Chips  Hands won  Battles won"]
    for name, short, chips in zip(names, shown, stacks, strict=True):
        lines.append(
            f"  {short}{' ' * (column - cells(short))}  {chips:>5}  "
            f"{tally.hands.get(name, 0):>9}  {tally.battles.get(name, 0):>11}"
        )
    return lines


def _deal_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """The deal in three lines: antes (R-ANTE-1), banners (R-BANNER-2) and the
    palaces (R-PALACE-1; the demo shows them all)."""
    antes = [e for e in events if isinstance(e, AntePosted)]
    amounts = {e.amount for e in antes}
    if len(amounts) == 1 and not any(e.all_in for e in antes):
        ante_line = f"Each player antes {amounts.pop()}."
    else:
        ante_line = (
            "Each player antes: "
            + ", ".join(
                f"{names[e.seat]} {e.amount}" + (" (all-in)" if e.all_in else "") for e in antes
            )
            + "."
        )
    flown = [(names[e.seat], e.card.pretty()) for e in events if isinstance(e, BannerDealt)]
    banners = ", ".join(
        f"{name} flies the {card} banner" if i == 0 else f"{name} the {card}"
        for i, (name, card) in enumerate(flown)
    )
    aside = [e.card for e in events if isinstance(e, BannerCardSetAside)]
    banner_line = banners + "." + (f" Set aside: {cards_text(aside)}." if aside else "")
    palaces = [
        f"{names[e.seat]} {cards_text(e.cards)}" for e in events if isinstance(e, PalaceDealt)
    ]
    return [ante_line, banner_line, "Palaces (face down): " + "; ".join(palaces) + "."]


_DEAL = (AntePosted, BannerDealt, BannerCardSetAside, PalaceDealt)


def move_lines(
    events: Sequence[Event],
    names: Sequence[str],
    banners: Sequence[Card],
    armies: list[list[Card]],
    *,
    tally: Tally | None = None,
    battle: tuple[int, int] | None = None,
    struck: Struck = "suit",
) -> list[str]:
    """The lines for the full events of one action (or of the deal).

    ``armies`` are the soldiers before the events, followed through them;
    ``battle`` is the (attacker, defender) of a battle in progress before them,
    to credit the winner of a battle ended by a fold; ``struck`` is the game's
    reading of R-CMP-1 (V-CMP-1).
    """
    deal = [e for e in events if isinstance(e, _DEAL)]
    lines = _deal_lines(deal, names) if any(isinstance(e, BannerDealt) for e in deal) else []
    for index, event in enumerate(events):
        follow_armies(armies, event)
        if isinstance(event, _DEAL) and lines:
            continue
        if isinstance(event, BattleCompared):
            called = index > 0 and isinstance(events[index - 1], BattleCalled)
            lines.extend(
                battle_lines(event, names, banners, armies, quiet_round=not called, struck=struck)
            )
            if tally is not None and event.winner is not None:
                tally.add(tally.battles, names[event.winner])
        elif isinstance(event, ShowdownRevealed):
            lines.extend(showdown_lines(event, names, banners, armies))
            continue
        elif isinstance(event, Folded) and event.in_battle and battle and tally is not None:
            other = battle[1] if event.seat == battle[0] else battle[0]
            tally.add(tally.battles, names[other])
        said = event._replace(palaces=()) if isinstance(event, BattleCompared) else event
        text = narrate(said, names)  # a battle's cards are shown above
        if text:
            lines.append(text)
    return lines


def _all_in_lines(hand: Hand, before: Sequence[int]) -> list[str]:
    """Players still in the hand whose last chip went in with this action (R-ALLIN-1)."""
    if hand.over:
        return []
    return [
        f"{hand.names[s]} is all-in (no chips left)."
        for s in hand.players_in_hand()
        if before[s] > 0 and hand.stacks[s] == 0
    ]


@dataclass(frozen=True)
class Pacing:
    """How the demo is shown: ``pause`` seconds after each move (0: none),
    ``quiet``: one line a hand, ``ascii``: suits as letters."""

    pause: float = 0.0
    quiet: bool = False
    ascii: bool = False


def play(
    game: Game,
    bots: Sequence[Bot],
    *,
    hands: int,
    out: TextIO,
    pacing: Pacing,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Play up to ``hands`` hands of ``game`` with ``bots``, printing as ``pacing``
    says; return the number of hands played."""
    names = list(game.names)
    tally = Tally()

    def say(line: str) -> None:
        text = to_ascii(line) if pacing.ascii else line
        print(text.encode("utf-8", "backslashreplace").decode("utf-8"), file=out, flush=True)

    number = 0
    while not game.over and number < hands:
        number += 1
        hand = game.start_hand()
        dealer = shorten_name(hand.names[hand.dealer], NAME_CELLS, ascii=pacing.ascii)
        say(f"\n== Hand {number}: {dealer} deals ==")
        _play_hand(
            hand,
            game,
            bots,
            tally=tally,
            say=None if pacing.quiet else say,
            pause=lambda: sleep(pacing.pause),
        )
        result = game.finish_hand()
        for seat, payout in enumerate(result.payouts):  # a hand won, or a share of it
            if payout > 0:
                tally.add(tally.hands, hand.names[seat])
        if pacing.quiet:
            chips = ", ".join(f"{n} {s}" for n, s in zip(names, game.stacks, strict=True))
            say(f"  {result.end}: {chips}")
        else:
            sleep(pacing.pause)
    leader = max(range(len(names)), key=lambda s: game.stacks[s])
    say(
        f"\nGame over after {number} hand{'' if number == 1 else 's'}: {names[leader]} "
        + ("wins every chip" if game.over else "leads")
        + f" with {game.stacks[leader]}."
    )
    for line in summary_lines(names, game.stacks, tally, width=_columns(out), ascii=pacing.ascii):
        say(line)
    return number


def _columns(out: TextIO) -> int:
    """How wide ``out`` is: its terminal's columns, or 80 for a pipe or a file."""
    return shutil.get_terminal_size((80, 24)).columns if out.isatty() else 80


def _play_hand(
    hand: Hand,
    game: Game,
    bots: Sequence[Bot],
    *,
    tally: Tally,
    say: Callable[[str], None] | None,
    pause: Callable[[], None] = lambda: None,
) -> None:
    """Play ``hand`` to its end, telling each move (unless ``say`` is None) and
    calling ``pause`` after each one. The armies, stacks and battle are taken
    before each action, so that a comparison shows the soldiers it was made with."""
    shown = 0
    armies: list[list[Card]] = [[] for _ in hand.names]
    before = list(hand.start_stacks)
    battle: tuple[int, int] | None = None
    while True:
        new = full_events(hand.events[shown:], tuple(hand.palaces))
        shown = len(hand.events)
        lines = move_lines(
            new,
            hand.names,
            hand.banners,
            armies,
            tally=tally,
            battle=battle,
            struck=hand.rules.variant.struck,
        )
        if say is not None:
            for line in (*lines, *_all_in_lines(hand, before)):
                say("  " + line)
            if not hand.over:
                pause()
        if hand.over:
            return
        before = list(hand.stacks)
        battle = None if hand.battle is None else (hand.battle.attacker, hand.battle.defender)
        armies = [list(a) for a in hand.soldiers]
        seat = hand.to_act
        assert seat is not None
        hand.apply(bots[game.table_seat(seat)].act(hand.observe(seat)))
