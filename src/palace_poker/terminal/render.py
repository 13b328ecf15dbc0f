"""The table, the menu and the log as ``rich`` renderables.

Every function takes the human's :class:`~palace_poker.Observation` (or lines
made from their redacted events), never a hand: what cannot be in the view
cannot be drawn. Cards carry their suit symbols; hearts and diamonds are red.

>>> from io import StringIO
>>> from rich.console import Console
>>> console = Console(file=StringIO(), width=100, color_system=None)
>>> console.print(card_text(Card.parse("Kd")), cards_text([]))
>>> console.file.getvalue()
'K♦ -\\n'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from palace_poker.cards import Card, Suit
from palace_poker.observation import Observation
from palace_poker.terminal.log import Line
from palace_poker.terminal.menu import Entry, call_due, hand_text, opponent

SUIT_STYLES = {
    Suit.CLUBS: "bold",
    Suit.DIAMONDS: "bold red",
    Suit.HEARTS: "bold red",
    Suit.SPADES: "bold",
}
_SYMBOL_STYLES = {suit.symbol: style for suit, style in SUIT_STYLES.items()}
_CARD = re.compile(r"(?<![\w])(?:[2-9TJQKA])([♣♦♥♠])")
_KIND_STYLES = {"deal": "dim", "move": "", "battle": "yellow", "result": "bold", "end": "green"}
HIDDEN = "▒▒ ▒▒ ▒▒"


def card_text(card: Card) -> Text:
    """One card with its suit symbol, styled by suit."""
    return Text(card.pretty(), style=SUIT_STYLES[card.suit])


def cards_text(cards: Sequence[Card], empty: str = "-") -> Text:
    """Cards separated by spaces, or ``empty``."""
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(card) for card in cards)


def colorize(text: str, style: str = "", you: str | None = None) -> Text:
    """Plain text (a narrated line) with its cards coloured and the human's name
    highlighted."""
    result = Text(text, style=style)
    for match in _CARD.finditer(text):
        result.stylize(_SYMBOL_STYLES[match.group(1)], match.start(), match.end())
    if you:
        result.highlight_regex(rf"\b{re.escape(you)}\b", "bold cyan")
    return result


def log_line(line: Line, you: str | None = None) -> Text:
    """A log line in its kind's style."""
    return colorize(line.text, _KIND_STYLES.get(line.kind, ""), you)


def table(obs: Observation, *, number: int, labels: Sequence[str]) -> RenderableType:
    """The table as the viewer sees it: one row a player, the pot and the piles,
    the viewer's hand and the battle in progress.

    ``labels`` notes each seat (``you``, the bots' kinds).
    """
    me = obs.viewer
    rules = obs.rules
    title = (
        f"Hand {number} · {rules.betting} · small bet {rules.small_bet} · "
        f"big bet {rules.big_bet} · ante {rules.ante}"
    )
    grid = Table(title=title, title_style="bold", expand=False, pad_edge=True)
    grid.add_column("#", justify="right")
    grid.add_column("Player", no_wrap=True)
    grid.add_column("Stack", justify="right")
    grid.add_column("In pot", justify="right")
    grid.add_column("Banner")
    grid.add_column("Soldiers")
    grid.add_column("Palace")
    grid.add_column("")
    for seat in range(len(obs.names)):
        grid.add_row(*_row(obs, seat, labels), style=None if obs.in_hand[seat] else "dim")
    parts: list[RenderableType] = [grid]
    piles = Text.assemble(
        ("Pot ", "bold"),
        (str(obs.pot), "bold green"),
        f" · stock {obs.stock_size} · discard pile {obs.discard_size}",
    )
    parts.append(piles)
    if me is not None and obs.in_hand[me]:
        parts.append(Text.assemble(("Your hand: ", "bold"), hand_text(obs)))
    if obs.battle is not None:
        parts.append(battle_text(obs))
    return Group(*parts)


def _row(obs: Observation, seat: int, labels: Sequence[str]) -> list[RenderableType]:
    me = obs.viewer
    name = Text(obs.names[seat], style="bold cyan" if seat == me else "bold")
    if seat == obs.dealer:
        name.append(" (D)", style="magenta")
    if labels[seat]:
        name.append(f" {labels[seat]}", style="dim")
    if seat == me:
        palace = cards_text(obs.palace)
    elif seat in obs.known_palaces:
        palace = cards_text(obs.known_palaces[seat])
        palace.append(" seen", style="dim italic")
    else:
        palace = Text(HIDDEN if obs.in_hand[seat] else "", style="dim")
    return [
        str(seat),
        name,
        str(obs.stacks[seat]),
        str(obs.contributions[seat]),
        card_text(obs.banners[seat])
        if obs.in_hand[seat]
        else Text(f"({obs.banners[seat].pretty()})"),
        cards_text(obs.soldiers[seat], ""),
        palace,
        _status(obs, seat),
    ]


def _status(obs: Observation, seat: int) -> Text:
    if not obs.in_hand[seat]:
        return Text("out", style="dim")
    if obs.to_act == seat:
        return Text("◀ to act", style="bold yellow")
    if obs.stacks[seat] == 0:
        return Text("all-in", style="red")
    if obs.quiet[seat]:
        return Text("quiet", style="dim")
    return Text("")


def battle_text(obs: Observation) -> Text:
    """Who attacks whom, the raises so far, and the viewer's price to call."""
    battle = obs.battle
    assert battle is not None
    names = obs.names
    a, d = battle.attacker, battle.defender
    text = Text.assemble(
        ("⚔ Battle: ", "bold yellow"),
        (names[a], "bold"),
        " (",
        card_text(obs.banners[a]),
        ") attacks ",
        (names[d], "bold"),
        " (",
        card_text(obs.banners[d]),
        f") · raises {battle.raises}",
    )
    if battle.raises:
        text.append(f" (raised: {names[a]} {battle.raised[0]}, {names[d]} {battle.raised[1]})")
    me = obs.viewer
    if me is not None and opponent(obs) is not None and obs.options:
        text.append(" · to call you pay ")
        text.append(str(min(call_due(obs), obs.stacks[me])), style="bold")
    return text


def menu_table(entries: Sequence[Entry], title: str) -> Table:
    """The numbered legal choices: what to type, what it does, what it costs."""
    grid = Table(
        title=title,
        title_justify="left",
        title_style="bold",
        box=None,
        padding=(0, 1),
        show_header=False,
    )
    grid.add_column(justify="right", style="bold")
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    grid.add_column(justify="right")
    for entry in entries:
        cost = Text("free", style="dim") if entry.cost == "free" else Text(entry.cost)
        grid.add_row(f"{entry.number}", entry.command, colorize(entry.what), cost)
    return grid


HELP = """\
Type a menu number, or a command (no seat number needed):
  buy               buy a soldier for the small bet, then trim
  bet SEAT|NAME     attack: pay your entry, (soldiers + 1) x small bet
  bet SEAT AMOUNT   no-limit: attack and raise AMOUNT at once
  discard CARD...   discard soldiers face down, e.g. discard 7h 9c
  stay              do nothing this turn
  fold              leave the hand (in a battle: give up the battle)
  call              in a battle: pay your entry and match the raises
  raise [AMOUNT]    in a battle: raise (no-limit: AMOUNT from the menu's range)
  trim [CARD...]    after a buy or a capture: discard soldiers; Enter keeps all
  2, 3 40, 4 7c     a menu choice, with its amount or its cards
Cards: 7c Td Kh As (kd, 10d and K♦ work too).
  table  the table again   menu  your choices   log  this hand so far
  help   this help         quit  leave the table (Ctrl-D, Ctrl-C work too)"""


def help_text() -> Text:
    """The commands, for ``help``."""
    return colorize(HELP)
