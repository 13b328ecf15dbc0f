"""The table, the menu and the log as ``rich`` renderables.

Every function takes the human's :class:`~palace_poker.Observation` (or lines
made from their redacted events), never a hand: what cannot be in the view
cannot be drawn. Cards carry their suit symbols; hearts and diamonds are red.
With ``ascii=True`` (``play --ascii``, or an output that cannot encode the
suit symbols, see
:func:`~palace_poker.terminal.charset.needs_ascii`) everything drawn is plain ASCII: cards
are ``Ts`` and ``9h``, the boxes are drawn with ``-`` and ``|``.

The table is sized for a standard 80 x 24 terminal: at 4 players it fits in 80
columns without wrapping; with more players rich narrows the columns that may
wrap (soldiers, palace) instead of letting the terminal wrap the lines. A name
takes at most :data:`~palace_poker.terminal.fit.NAME_CELLS` columns, cut at its
end (:func:`~palace_poker.terminal.fit.shorten_name`), so that the seat numbers
and the stacks always show. Below :data:`NARROW_TABLE` columns (down to 40) the
table takes a narrow form: no "In pot" column (the pot is under the table), the
status under the name, one space between columns.

>>> from io import StringIO
>>> from rich.console import Console
>>> console = Console(file=StringIO(), width=100, color_system=None)
>>> console.print(card_text(Card.parse("Kd")), cards_text([]))
>>> console.file.getvalue()
'K♦ -\\n'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich import box
from rich.console import (
    Console,
    ConsoleOptions,
    Group,
    OverflowMethod,
    RenderableType,
    RenderResult,
)
from rich.table import Table
from rich.text import Text

from palace_poker.cards import Card, Suit
from palace_poker.config import Rules
from palace_poker.narrate import Speaker, plural
from palace_poker.observation import Observation
from palace_poker.terminal.fit import NAME_CELLS, cells, fit_parts, printable, shorten_name
from palace_poker.terminal.house_rules import house_line
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
_ASCII_CARD = re.compile(r"(?<![\w'])[2-9TJQKA]([cdhs])(?![\w'])")
_LETTER_STYLES = {str(suit): style for suit, style in SUIT_STYLES.items()}
_KIND_STYLES = {"deal": "dim", "move": "", "battle": "yellow", "result": "bold", "end": "green"}
#: Three face-down palace cards (the standard game's; a variant's count of marks).
HIDDEN = "▒▒ ▒▒ ▒▒"
HIDDEN_ASCII = "## ## ##"
#: The table's box in ASCII: a rule of ``-`` under the header, no vertical lines
#: (as :data:`rich.box.SIMPLE_HEAD`), so that it is as narrow as the other.
ASCII_HEAD = box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)
#: Below this many columns the table takes its narrow form (see the module's notes).
NARROW_TABLE = 72
#: The columns of the wide table besides the player's, with the spaces between
#: them (two soldiers and a palace on a line: more wrap).
_WIDE_OTHERS = 56
#: The same in the narrow table (the palace may wrap its third card).
_NARROW_OTHERS = 32
#: A name keeps at least this many columns before a bot's kind beside it is cut.
_NAME_KEPT = 4


def dot(ascii: bool = False) -> str:
    """The separator of a line's parts: `` · `` (`` - `` in ASCII)."""
    return " - " if ascii else " · "


def card_text(card: Card, *, ascii: bool = False) -> Text:
    """One card with its suit symbol (its suit letter with ``ascii``), styled by suit."""
    return Text(str(card) if ascii else card.pretty(), style=SUIT_STYLES[card.suit])


def cards_text(cards: Sequence[Card], empty: str = "-", *, ascii: bool = False) -> Text:
    """Cards separated by spaces, or ``empty``."""
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(card, ascii=ascii) for card in cards)


def colorize(text: str, style: str = "", you: str | None = None, *, ascii: bool = False) -> Text:
    """Plain text (a narrated line) with its cards coloured and the human's name
    (or "you", in any case) highlighted; with ``ascii`` the cards are ``Ts``."""
    result = Text(text, style=style)
    for match in _CARD.finditer(text):
        result.stylize(_SYMBOL_STYLES[match.group(1)], match.start(), match.end())
    if ascii:
        for match in _ASCII_CARD.finditer(text):
            result.stylize(_LETTER_STYLES[match.group(1)], match.start(), match.end())
    if you:
        result.highlight_regex(rf"(?i)\b{re.escape(you)}\b", "bold cyan")
    return result


def log_line(line: Line, you: str | None = None, *, ascii: bool = False) -> Text:
    """A log line in its kind's style."""
    return colorize(line.text, _KIND_STYLES.get(line.kind, ""), you, ascii=ascii)


def table(
    obs: Observation, *, number: int, labels: Sequence[str], ascii: bool = False
) -> RenderableType:
    """The table as the viewer sees it: one row a player, the pot and the piles,
    the viewer's hand and the battle in progress.

    ``labels`` notes each seat (``you``, the bots' kinds). The grid has no
    vertical rules and one space between columns, so that 4 players fit in 80
    columns (the widest row: a dealer's name with the bot's kind, five soldiers,
    a palace marked ``seen``). The grid is laid out for the width it is drawn in
    (:class:`_Grid`).
    """
    me = obs.viewer
    sep = dot(ascii)
    parts: list[RenderableType] = [_Grid(obs, number, labels, ascii)]
    piles = Text.assemble(
        ("Pot ", "bold"),
        (str(obs.pot), "bold green"),
        f"{sep}stock {obs.stock_size}{sep}discard pile {obs.discard_size}",
    )
    parts.append(piles)
    house = house_line(obs.rules)
    if house:  # a game that is not the standard one says so on every table
        parts.append(Text(house, style="yellow"))
    if me is not None and obs.in_hand[me]:
        parts.append(Text.assemble(("Your hand: ", "bold"), hand_text(obs)))
    if obs.battle is not None:
        parts.append(battle_text(obs, ascii=ascii))
    return Group(*parts)


@dataclass(frozen=True)
class _Grid:
    """The players' grid, laid out when drawn, for the columns it is given: wide
    (every column, the name with the dealer mark and the bot's kind) from
    :data:`NARROW_TABLE` columns on, narrow below (no "In pot" column, the status
    under the name). The title (the hand's number and the stakes) breaks between
    its parts, never inside one."""

    obs: Observation
    number: int
    labels: Sequence[str]
    ascii: bool

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        narrow = width < NARROW_TABLE
        others = _NARROW_OTHERS if narrow else _WIDE_OTHERS
        yield self.layout(width, player=max(4, min(NAME_CELLS, width - others)), narrow=narrow)

    def layout(self, width: int, *, player: int, narrow: bool) -> Table:
        """The grid in ``width`` columns, ``player`` of them for the names."""
        obs, ascii = self.obs, self.ascii
        rules = obs.rules
        stakes = [
            f"Hand {self.number}",
            rules.betting,
            f"small bet {rules.small_bet}",
            f"big bet {rules.big_bet}",
            f"ante {rules.ante}",
        ]
        grid = Table(
            title="\n".join(fit_parts(stakes, width, separator=dot(ascii))),
            title_style="bold",
            title_justify="left",
            expand=False,
            box=ASCII_HEAD if ascii else box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
            padding=0 if narrow else (0, 1),
            collapse_padding=True,
            safe_box=True,
        )
        grid.add_column("#", justify="right", no_wrap=True)
        # Below the 40 columns a screen is made for, rich cuts what is left over with
        # its own "…": an ASCII screen must never get it (it may not encode it).
        cut: OverflowMethod = "crop" if ascii else "ellipsis"
        grid.add_column("Player", no_wrap=True, overflow=cut, max_width=player)
        grid.add_column("Stack", justify="right", no_wrap=True)
        if not narrow:
            grid.add_column("In pot", justify="right", no_wrap=True)
        grid.add_column("Banner", no_wrap=True)
        grid.add_column("Soldiers")
        grid.add_column("Palace")
        if not narrow:
            grid.add_column("", no_wrap=True)
        for seat in range(len(obs.names)):
            row = _row(obs, seat, [] if narrow else self.labels, ascii, player)
            if narrow:
                status = row.pop()
                row.pop(3)  # the chips in the pot
                if status.plain:
                    row[1] = Text.assemble(row[1], "\n", status)
            grid.add_row(*row, style=None if obs.in_hand[seat] else "dim")
        return grid


def _row(
    obs: Observation, seat: int, labels: Sequence[str], ascii: bool, player: int
) -> list[Text]:
    """One player's cells. The name, the dealer's mark and the label take at most
    ``player`` columns: the label is cut first, down to what leaves the name
    :data:`_NAME_KEPT` columns, then the name."""
    me = obs.viewer
    dealer = " (D)" if seat == obs.dealer else ""
    kept = min(cells(printable(obs.names[seat])), _NAME_KEPT)
    label = f" {labels[seat]}" if labels and labels[seat] else ""
    label = shorten_name(label, player - cells(dealer) - kept, ascii=ascii)
    name = Text(
        shorten_name(obs.names[seat], player - cells(dealer + label), ascii=ascii),
        style="bold cyan" if seat == me else "bold",
    )
    name.append(dealer, style="magenta")
    name.append(label, style="dim")
    if seat == me:
        palace = cards_text(obs.palace, ascii=ascii)
    elif seat in obs.known_palaces:
        palace = cards_text(obs.known_palaces[seat], ascii=ascii)
        palace.append(" seen", style="dim italic")
    else:
        # One mark a face-down palace card: as many as the game deals (V-PALACE-1).
        mark = (HIDDEN_ASCII if ascii else HIDDEN).split()[0]
        hidden = " ".join([mark] * obs.rules.variant.palace)
        palace = Text(hidden if obs.in_hand[seat] else "", style="dim")
    banner = obs.banners[seat]
    return [
        Text(str(seat)),
        name,
        Text(str(obs.stacks[seat])),
        Text(str(obs.contributions[seat])),
        card_text(banner, ascii=ascii)
        if obs.in_hand[seat]
        else Text(f"({str(banner) if ascii else banner.pretty()})"),
        cards_text(obs.soldiers[seat], "", ascii=ascii),
        palace,
        _status(obs, seat, ascii),
    ]


def _status(obs: Observation, seat: int, ascii: bool = False) -> Text:
    if not obs.in_hand[seat]:
        return Text("out", style="dim")
    if obs.to_act == seat:
        return Text("< to act" if ascii else "◀ to act", style="bold yellow")
    if obs.stacks[seat] == 0:
        return Text("all-in", style="red")
    if obs.quiet[seat]:
        return Text("quiet", style="dim")
    return Text("")


def battle_text(obs: Observation, *, ascii: bool = False) -> Text:
    """Who attacks whom, the raises so far, and the viewer's price to call; the
    viewer is "you" ("Ann attacks you")."""
    battle = obs.battle
    assert battle is not None
    speaker = Speaker([shorten_name(n, NAME_CELLS, ascii=ascii) for n in obs.names], obs.viewer)
    a, d = battle.attacker, battle.defender
    sep = dot(ascii)
    text = Text.assemble(
        ("Battle: " if ascii else "⚔ Battle: ", "bold yellow"),
        (speaker.who(a, start=True), "bold"),
        " (",
        card_text(obs.banners[a], ascii=ascii),
        ") attack " if a == obs.viewer else ") attacks ",
        (speaker.who(d), "bold"),
        " (",
        card_text(obs.banners[d], ascii=ascii),
        f"){sep}{plural(battle.raises, 'raise')}",
    )
    if battle.raises:
        raised = f"{speaker.who(a)} {battle.raised[0]}, {speaker.who(d)} {battle.raised[1]}"
        text.append(f" (raised: {raised})")
    me = obs.viewer
    if me is not None and opponent(obs) is not None and obs.options:
        text.append(f"{sep}to call you pay ")
        text.append(str(min(call_due(obs), obs.stacks[me])), style="bold")
    return text


def menu_table(
    entries: Sequence[Entry], title: str, *, notes: Mapping[int, str] | None = None
) -> Table:
    """The numbered legal choices: what to type, what it does, what it costs.

    ``notes`` maps an entry's number to a line of explanation printed under it
    (the session gives one the first time each kind of choice is offered).
    """
    notes = notes or {}
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
        grid.add_row(f"{entry.number}", entry.command, colorize(entry.what, ascii=True), cost)
        if entry.number in notes:
            grid.add_row("", "", Text(notes[entry.number], style="dim italic"), "")
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
Amounts (no-limit): a number, or min, pot, all-in.
Cards: 7c Td Kh As (kd, 10d and K♦ work too).
  table  the table again   menu  your choices   log  this hand so far
  rules  the rules         help  this help
  quit   leave the table (Ctrl-D, Ctrl-C work too)"""


def help_text(*, ascii: bool = False, rules: Rules | None = None) -> Text:
    """The commands, for ``help``; for a game that is not the standard one, its
    house rules after them (the soldiers kept, the palace cards, ...)."""
    text = HELP.replace("K♦", "Kd") if ascii else HELP
    house = "" if rules is None else house_line(rules)
    return colorize(f"{text}\n{house}" if house else text)
