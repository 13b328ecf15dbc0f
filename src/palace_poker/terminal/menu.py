"""The numbered menu of legal choices, and typed commands parsed into actions.

Everything here reads one :class:`~palace_poker.Observation`: the human's own
view. The menu lists its ``options`` (what the rules allow now) with what each
does and costs; :func:`parse_command` turns a line the player typed into an
:class:`~palace_poker.Action` for their seat (by prefixing the seat and using
:meth:`Action.parse <palace_poker.Action.parse>`) or a :class:`Meta` command.
It raises :class:`~palace_poker.errors.ParseError` for input it cannot read;
whether the action is legal is the hand's to say, and :func:`explain` turns
either refusal into a message with a hint, in the player's words: players by
name (the viewer as "you"), never a seat number of the engine's, and a rule
named only when a rule of the game (``R-...``) is broken: a mistyped amount
breaks no rule.

In no-limit an amount may be typed as a number or as a word (:data:`AMOUNT_WORDS`):
``min`` (the smallest raise allowed), ``pot`` (the pot's size, once the call is
paid, kept within the allowed range) or ``all-in`` (the largest raise you can pay).

>>> from palace_poker import Hand, Rules, SeededShuffle
>>> hand = Hand.deal(Rules.of(10), [200, 200, 200], dealer=2, shuffle=SeededShuffle(1))
>>> obs = hand.observe(0)
>>> [entry.command for entry in menu(obs)]
['buy', 'bet 1', 'bet 2', 'stay', 'fold']
>>> str(parse_command("bet Bob", obs, names=("Ann", "Bob", "Cid")))
'0 bet 1'
>>> str(parse_command("2", obs))
'0 bet 1'
>>> parse_command("help", obs)
Meta(name='help')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from palace_poker.actions import Action, Verb
from palace_poker.cards import SUIT_SYMBOLS, Card
from palace_poker.errors import PalaceError, ParseError
from palace_poker.evaluator import describe, evaluate
from palace_poker.observation import Observation
from palace_poker.options import Option

#: Words that are not moves, with what they ask for.
META_WORDS = {
    "help": "help",
    "h": "help",
    "?": "help",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
    "table": "table",
    "t": "table",
    "look": "table",
    "log": "log",
    "l": "log",
    "menu": "menu",
    "m": "menu",
    "options": "menu",
    "rules": "rules",
    "r": "rules",
}

#: Amount words, for no-limit raises: what each means is in :func:`resolve_amount`.
AMOUNT_WORDS = ("min", "pot", "all-in")
_AMOUNT_ALIASES = {
    "min": "min",
    "minimum": "min",
    "pot": "pot",
    "all-in": "all-in",
    "allin": "all-in",
    "all": "all-in",
    "max": "all-in",
}

_WORDS = "min, pot, all-in"

#: A line of explanation for each kind of choice, shown the first time it is offered.
NOTES = {
    "buy": "the soldier counts in your hand (R-BUY-3)",
    "bet": "a battle: its loser is out (R-BET-1)",
    "discard": "free; they go face down (R-DISC-1)",
    "stay": "a quiet round ends in a showdown (R-END-4)",
    "fold": "out; your chips stay in the pot (R-FOLD-1)",
    "fold-battle": "out; they capture your cards (R-BET-7)",
    "call": "hands compared; the loser is out (R-BET-8)",
    "raise": "they must fold, call or raise (R-BET-5)",
    "trim": "keep at most 5 soldiers (R-BUY-3, R-CAPT-1)",
}

_VERBS = {verb.value: verb for verb in Verb}
_SYMBOLS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
_RULE: str | None = None  # the terminal's own refusals name no rule


@dataclass(frozen=True, slots=True)
class Meta:
    """A command that is not a move: ``help``, ``quit``, ``table``, ``log``,
    ``menu``, or ``empty`` for a blank line."""

    name: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One numbered line of the menu: an option, what to type, what it does and costs."""

    number: int
    option: Option
    command: str
    what: str
    cost: str


# ------------------------------------------------------------------ the hand


def own_cards(obs: Observation) -> list[Card]:
    """The viewer's banner, palace cards and soldiers (their own, all visible to them)."""
    seat = _seat(obs)
    return [obs.banners[seat], *obs.palace, *obs.soldiers[seat]]


def hand_text(obs: Observation, against: int | None = None) -> str:
    """The viewer's best hand in words; against an opponent, without the cards of
    the opponent's banner suit (R-CMP-1), or of its rank where the game reads the
    rule so (V-CMP-1)."""
    cards = own_cards(obs)
    if against is None:
        return describe(evaluate(cards))
    banner = obs.banners[against]
    if obs.rules.variant.struck == "rank":
        return describe(evaluate([card for card in cards if card.rank != banner.rank]))
    return describe(evaluate(cards, banner.suit))


def entry_cost(obs: Observation, seat: int) -> int:
    """A player's entry: (soldiers + 1) x SB (R-BET-2); in a battle of a game whose
    entries the attacker's army sizes, the attacker's for both (V-BET-2)."""
    battle = obs.battle
    if battle is not None and obs.rules.variant.entry == "attacker":
        seat = battle.attacker
    return (len(obs.soldiers[seat]) + 1) * obs.rules.small_bet


def soldiers_kept(obs: Observation) -> int:
    """The most soldiers a player keeps after a trim (R-BUY-3; V-BUY-3)."""
    return obs.rules.variant.soldiers


def call_due(obs: Observation) -> int:
    """What a full call costs the viewer in the battle now (R-BET-4)."""
    battle = obs.battle
    seat = _seat(obs)
    if battle is None:
        return 0
    mine, theirs = battle.raised if seat == battle.attacker else battle.raised[::-1]
    paid = seat == battle.attacker or battle.defender_entry_paid
    return (0 if paid else entry_cost(obs, seat)) + max(0, theirs - mine)


def opponent(obs: Observation) -> int | None:
    """The viewer's opponent in the battle in progress, if they are in it."""
    battle = obs.battle
    if battle is None or obs.viewer not in (battle.attacker, battle.defender):
        return None
    return battle.defender if obs.viewer == battle.attacker else battle.attacker


# ------------------------------------------------------------------ the menu


def menu(
    obs: Observation, names: Sequence[str] | None = None, *, ascii: bool = False
) -> list[Entry]:
    """The viewer's legal choices, numbered from 1 (empty when no decision is due).

    With ``ascii`` cards are written ``Ts`` instead of ``T♠``.
    """
    names = names if names is not None else obs.names
    return [_entry(i, option, obs, names, ascii) for i, option in enumerate(obs.options, start=1)]


def note_kind(entry: Entry, obs: Observation) -> str:
    """The key of :data:`NOTES` that explains ``entry``."""
    verb = entry.option.verb
    if verb is Verb.FOLD and opponent(obs) is not None:
        return "fold-battle"
    return verb.value


def first_notes(entries: Sequence[Entry], obs: Observation, explained: set[str]) -> dict[int, str]:
    """Explanations for the entries whose kind is not in ``explained`` yet (which
    gains them): a line beside each choice the first time it is offered."""
    notes: dict[int, str] = {}
    for entry in entries:
        kind = note_kind(entry, obs)
        if kind in NOTES and kind not in explained:
            explained.add(kind)
            notes[entry.number] = _note(kind, obs)
    return notes


def _note(kind: str, obs: Observation) -> str:
    """The note on a kind of choice, with the game's own soldiers kept (V-BUY-3)."""
    if kind == "trim":
        return f"keep at most {soldiers_kept(obs)} soldiers (R-BUY-3, R-CAPT-1)"
    return NOTES[kind]


def _cards(cards: Sequence[Card], ascii: bool) -> str:
    return " ".join(str(c) if ascii else c.pretty() for c in cards)


def _entry(
    number: int, option: Option, obs: Observation, names: Sequence[str], ascii: bool = False
) -> Entry:
    verb, cost = option.verb, option.cost
    if verb is Verb.BUY:
        return Entry(number, option, "buy", "draw a soldier, face up", str(cost))
    if verb is Verb.BET:
        return _bet_entry(number, option, obs, names, ascii)
    if verb is Verb.DISCARD:
        what = "discard soldiers face down: " + _cards(option.cards, ascii)
        return Entry(number, option, "discard CARD...", what, "free")
    if verb is Verb.STAY:
        return Entry(number, option, "stay", "do nothing this turn", "free")
    if verb is Verb.TRIM:
        cards = _cards(option.cards, ascii)
        if option.min_cards:
            what = (
                f"discard at least {option.min_cards} of {cards} "
                f"(keep at most {soldiers_kept(obs)})"
            )
        else:
            what = f"discard any of {cards}; 'trim' alone keeps them all"
        return Entry(number, option, "trim [CARD...]", what, "free")
    return _battle_entry(number, option, obs, names)


def _bet_entry(
    number: int, option: Option, obs: Observation, names: Sequence[str], ascii: bool = False
) -> Entry:
    target, cost = option.target, option.cost
    assert target is not None
    who = f"{names[target]} ({_cards([obs.banners[target]], ascii)})"
    if option.chooses_amount:
        what = f"attack {who}, raise {option.min_amount}..{option.max_amount} (or {_WORDS})"
        return Entry(number, option, f"bet {target} AMOUNT", what, f"{cost} + AMOUNT")
    what = f"attack {who}: you hold {hand_text(obs, target)} against them"
    price = f"{cost} (all-in)" if cost < entry_cost(obs, _seat(obs)) else f"{cost} (entry)"
    return Entry(number, option, f"bet {target}", what, price)


def _next_in_hand(obs: Observation) -> int:
    """The next player in the hand on the viewer's left (the captor of a fold on
    one's own turn where the game lets one capture it, V-FOLD-1)."""
    seat, n = _seat(obs), len(obs.names)
    return next((seat + step) % n for step in range(1, n) if obs.in_hand[(seat + step) % n])


def _battle_entry(number: int, option: Option, obs: Observation, names: Sequence[str]) -> Entry:
    """FOLD (on a turn or in a battle), CALL and RAISE."""
    verb, cost = option.verb, option.cost
    other = opponent(obs)
    if verb is Verb.FOLD:
        if other is None and obs.rules.variant.fold == "captured":
            captor = _next_in_hand(obs)  # V-FOLD-1: the next player on the left
            what = f"leave the hand; {names[captor]} captures your banner, soldiers"
        elif other is None:
            what = "leave the hand; nobody captures your cards"
        else:
            what = f"give up: {names[other]} captures your banner, soldiers"
        return Entry(number, option, "fold", what, "free")
    assert other is not None
    due = call_due(obs)
    if verb is Verb.CALL:
        what = f"compare hands: you hold {hand_text(obs, other)} against {names[other]}"
        return Entry(number, option, "call", what, f"{cost} (all-in)" if cost < due else str(cost))
    if option.chooses_amount:
        what = f"call {due}, raise {option.min_amount}..{option.max_amount} (or {_WORDS})"
        return Entry(number, option, "raise AMOUNT", what, f"{cost} + AMOUNT")
    return Entry(number, option, "raise", f"call {due} and raise {cost - due}", str(cost))


# ------------------------------------------------------------------ parsing


def normalize_card(word: str) -> str:
    """A card as typed, leniently (``kd``, ``KD``, ``10d``, ``K♦``), in strict form.

    >>> [normalize_card(w) for w in ("kd", "10H", "q♠", "As")]
    ['Kd', 'Th', 'Qs', 'As']
    """
    text = "".join(_SYMBOLS.get(ch, ch) for ch in word)
    if len(text) == 3 and text.startswith("10"):
        text = "T" + text[2]
    if len(text) == 2:
        text = text[0].upper() + text[1].lower()
    return text


def parse_command(text: str, obs: Observation, names: Sequence[str] | None = None) -> Action | Meta:
    """What the player typed, as an action of their seat or a :class:`Meta` command.

    Accepts a menu number (``2``; ``3 40`` for an amount; ``4 7c`` for cards) or
    a command: ``buy``, ``bet SEAT|NAME [AMOUNT]``, ``discard CARD...``,
    ``stay``, ``fold``, ``call``, ``raise [AMOUNT]``, ``trim [CARD...]``.
    Raises :class:`ParseError` for what it cannot read.
    """
    names = names if names is not None else obs.names
    words = text.replace(",", " ").split()
    if not words:
        return Meta("empty")
    head = words[0].lower()
    if head in META_WORDS and len(words) == 1:
        return Meta(META_WORDS[head])
    if head.isascii() and head.isdigit():
        return _from_menu(head, words[1:], obs, names)
    verb = _VERBS.get(head)
    if verb is None:
        raise ParseError(
            "unknown_verb",
            f"unknown command {words[0]!r}",
            rule=_RULE,
            details={"input": text},
        )
    args = words[1:]
    no_raise = not any(o.verb is Verb.RAISE for o in obs.options)
    if verb is Verb.RAISE and not args and obs.rules.no_limit and no_raise:
        # Without a raise to choose, let the hand say why none is allowed.
        last = obs.battle.last_raise if obs.battle is not None else 0
        args = [str(max(obs.rules.big_bet, last))]
    if verb is Verb.BET:
        args = [_target(args[0] if args else None, obs, names), *args[1:]]
        if len(args) == 2:
            args[1] = _amount(args[1], _amount_option(obs, Verb.BET, args[0]), obs)
    elif verb is Verb.RAISE and len(args) == 1:
        args = [_amount(args[0], _amount_option(obs, Verb.RAISE, None), obs)]
    elif verb in (Verb.DISCARD, Verb.TRIM):
        args = [normalize_card(word) for word in args]
    return _parse(_seat(obs), [verb.value, *args])


def _from_menu(word: str, args: list[str], obs: Observation, names: Sequence[str]) -> Action:
    entries = menu(obs, names)
    number = int(word)
    if not 1 <= number <= len(entries):
        raise ParseError(
            "malformed_action",
            f"there is no choice {word}; the menu runs from 1 to {len(entries)}",
            rule=_RULE,
            details={"input": word},
        )
    option = entries[number - 1].option
    words = [option.verb.value] + ([str(option.target)] if option.target is not None else [])
    if option.chooses_amount:
        if len(args) != 1:
            raise ParseError(
                "amount_not_allowed",
                f"choice {number} needs an amount from {option.min_amount} to "
                f"{option.max_amount}: type '{number} AMOUNT', e.g. '{number} {option.min_amount}'",
                rule=_RULE,
            )
        words.append(_amount(args[0], option, obs))
    elif option.verb in (Verb.DISCARD, Verb.TRIM):
        if option.verb is Verb.DISCARD and not args:
            example = option.cards[0] if option.cards else "7c"
            raise ParseError(
                "malformed_action",
                f"choice {number} needs the soldiers to discard: e.g. '{number} {example}'",
                rule=_RULE,
            )
        words += [normalize_card(a) for a in args]
    elif args:
        raise ParseError(
            "malformed_action",
            f"choice {number} ({option.verb.value}) takes nothing more, got {' '.join(args)!r}",
            rule=_RULE,
        )
    return _parse(_seat(obs), words)


def _amount_option(obs: Observation, verb: Verb, target: str | None) -> Option | None:
    """The option that chooses an amount for ``verb`` (at ``target``), if any."""
    for option in obs.options:
        wanted = target is None or str(option.target) == target
        if option.verb is verb and option.chooses_amount and wanted:
            return option
    return None


def resolve_amount(word: str, option: Option, obs: Observation) -> int | None:
    """The raise an amount word stands for, or None if ``word`` is not one.

    ``min`` is the smallest raise allowed; ``all-in`` the largest the player can
    pay (their whole stack); ``pot`` the pot once the call is paid, kept between
    the two.

    >>> from palace_poker import Hand, Rules, SeededShuffle
    >>> hand = Hand.deal(Rules.of(10, betting="no-limit"), [200, 200], dealer=1,
    ...                  shuffle=SeededShuffle(1))
    >>> obs = hand.observe(0)
    >>> bet = next(o for o in obs.options if o.chooses_amount)
    >>> resolve_amount("min", bet, obs), resolve_amount("all-in", bet, obs)
    (20, 185)
    """
    kind = _AMOUNT_ALIASES.get(word.lower())
    if kind is None or option.min_amount is None or option.max_amount is None:
        return None
    if kind == "min":
        return option.min_amount
    if kind == "all-in":
        return option.max_amount
    due = option.cost if option.verb is Verb.BET else call_due(obs)
    return max(option.min_amount, min(obs.pot + due, option.max_amount))


def _amount(word: str, option: Option | None, obs: Observation) -> str:
    """A typed amount in strict form: digits, or an amount word made a number.

    Refused with a message of what to type: a mistyped amount breaks no rule of
    the game, so none is named.
    """
    if word.lower() in _AMOUNT_ALIASES:
        if option is None:
            if not obs.rules.no_limit:
                raise ParseError(
                    "amount_not_allowed",
                    f"{word!r}: in limit betting the amounts are fixed",
                    rule=_RULE,
                    details={"input": word},
                )
            raise ParseError(
                "amount_not_allowed",
                f"{word!r}: no raise with an amount of your choice is open to you now",
                rule=_RULE,
                details={"input": word},
            )
        amount = resolve_amount(word, option, obs)
        assert amount is not None
        return str(amount)
    if word.isascii() and word.isdigit() and int(word) > 0:
        return str(int(word))
    raise ParseError(
        "invalid_amount",
        f"{word!r} is not an amount: type a whole number of chips, or min, pot or all-in",
        rule=_RULE,
        details={"input": word},
    )


def _target(word: str | None, obs: Observation, names: Sequence[str]) -> str:
    """A bet's target: a seat number, a player's name (or its unique start), or
    nothing when only one player can be attacked."""
    if word is None:
        targets = sorted(
            {o.target for o in obs.options if o.verb is Verb.BET and o.target is not None}
        )
        if len(targets) == 1:
            return str(targets[0])
        raise ParseError(
            "malformed_action",
            "bet needs a target: 'bet SEAT' or 'bet NAME'",
            rule=_RULE,
        )
    if word.isascii() and word.isdigit():
        return word
    me = _seat(obs)
    lowered = word.lower()
    others = [s for s in range(len(names)) if s != me]
    exact = [s for s in others if names[s].lower() == lowered]
    found = exact or [s for s in others if names[s].lower().startswith(lowered)]
    if len(found) == 1:
        return str(found[0])
    raise ParseError(
        "invalid_seat",
        f"no single player called {word!r} to attack"
        + (" (several names start so)" if found else ""),
        rule=_RULE,
        details={"input": word},
    )


def _parse(seat: int, words: list[str]) -> Action:
    try:
        return Action.parse(f"{seat} {' '.join(words)}")
    except PalaceError as err:
        message = _unprefix(err.message, seat)
        raise ParseError(err.code, message, rule=err.rule, details=err.details) from None


def _seat(obs: Observation) -> int:
    if obs.viewer is None:
        raise ParseError("invalid_seat", "a spectator makes no moves", rule=_RULE)
    return obs.viewer


# ------------------------------------------------------------------ messages


def _unprefix(message: str, seat: int) -> str:
    """The engine's message without the player's own seat number in front of the
    action they typed (``'0 bet 9'`` reads ``'bet 9'``)."""
    prefix = f"{seat} "
    message = message.replace(f"'{prefix}", "'")
    return message[len(prefix) :] if message.startswith(prefix) else message


_SEAT = re.compile(r"\bseat (\d+)('s)?(?: (has|is|flies|cannot|must|can))?\b")
_YOU_VERBS = {"has": "have", "is": "are", "flies": "fly"}


def players_words(message: str, obs: Observation, names: Sequence[str] | None = None) -> str:
    """An engine message with each ``seat N`` replaced by the player's name, and
    the viewer's seat by "you" in grammar ("seat 0 has 30" reads "you have 30").

    >>> from palace_poker import Hand, Rules, SeededShuffle
    >>> obs = Hand.deal(Rules.of(10), [200, 200], dealer=1, shuffle=SeededShuffle(1)).observe(0)
    >>> players_words("costs 50 and seat 0 has 30; seat 1 is all-in", obs, ("Zoe", "Bob"))
    'costs 50 and you have 30; Bob is all-in'
    """
    names = names if names is not None else obs.names

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        owned, verb = match.group(2), match.group(3)
        if not 0 <= seat < len(names):
            return match.group(0)
        if seat == obs.viewer:
            who = "your" if owned else "you"
            verb = _YOU_VERBS.get(verb, verb) if verb else None
        else:
            who = names[seat] + (owned or "")
        return f"{who} {verb}" if verb else who

    return _SEAT.sub(name, message)


def explain(err: PalaceError, obs: Observation, names: Sequence[str] | None = None) -> str:
    """A refusal as the player reads it: the message in the player's words, the
    game rule it breaks (only a rule of the game, ``R-...``: a format's name is
    no rule to a player), and a hint of what to do."""
    names = names if names is not None else obs.names
    message = _unprefix(err.message, obs.viewer) if obs.viewer is not None else err.message
    message = players_words(_strict_words(message), obs, names)
    rule = err.rule if err.rule and err.rule.startswith("R-") else None
    text = message + (f" (rule {rule})" if rule else "")
    hint = _hint(err.code, obs, names)
    return f"{text}\n{hint}" if hint else text


_PLAIN = {
    "expected '<seat> <verb> [args...]' with single spaces": "type a command, or 'help'",
    "on a turn the verbs are buy, discard, bet, stay and fold": (
        "on your turn you may buy, discard, bet, stay or fold"
    ),
    "in a battle the verbs are fold, call and raise": "in a battle you may fold, call or raise",
}


def _strict_words(message: str) -> str:
    """The engine's format words made plain (what a player types has no seat)."""
    for strict, plain in _PLAIN.items():
        message = message.replace(strict, plain)
    return message


def _hint(code: str, obs: Observation, names: Sequence[str]) -> str:
    entries = menu(obs, names)
    if code == "bad_target" or (code == "invalid_seat" and obs.phase == "turn"):
        targets = [
            f"{e.option.target} {names[e.option.target]}"
            for e in entries
            if e.option.verb is Verb.BET
            and not e.option.chooses_amount
            and e.option.target is not None
        ]
        return "You can attack: " + ", ".join(targets) if targets else "You can attack nobody now."
    if code == "invalid_amount":
        return "An amount is a whole number of chips, or min, pot or all-in."
    if code in ("card_not_held", "invalid_card", "duplicate_card", "too_many_soldiers"):
        army = obs.soldiers[_seat(obs)]
        mine = " ".join(c.pretty() for c in army) if army else "none"
        return f"Your soldiers: {mine}. Cards are typed like 7c, Td, Kh, As."
    if code in ("amount_out_of_bounds", "cannot_afford", "amount_not_allowed", "invalid_amount"):
        ranges = [
            f"'{e.command}' with AMOUNT {e.option.min_amount}..{e.option.max_amount}"
            for e in entries
            if e.option.chooses_amount
        ]
        if ranges:
            return "Amounts you may choose: " + "; ".join(ranges) + " (or min, pot, all-in)."
        if obs.rules.betting == "limit":
            return "In limit betting the amounts are fixed: type 'raise' or 'bet SEAT' alone."
    if entries:
        return "You may: " + ", ".join(e.command for e in entries) + " (or a number; 'help')."
    return ""
