"""One hand of Palace Poker (RULES.md, every R-* rule of a hand): the facade callers use.

A :class:`Hand` is dealt by :meth:`Hand.deal` (antes, banners, palaces) and then
driven one decision at a time. It follows the verify / can / apply triad:

* :meth:`Hand.verify` raises an :class:`~palace_poker.errors.PalaceError` naming
  the input and the rule it breaks;
* :meth:`Hand.can` answers yes or no;
* :meth:`Hand.apply` applies a legal action and returns the events it produced.

A refused action changes nothing. Use :meth:`Hand.copy` to branch a hand (cheap:
the hand's values are shared, never changed in place). Observations
(:meth:`Hand.observe`) are frozen snapshots, so a holder of one never sees it change.

The state itself is a :class:`~palace_poker.state.HandState`, changed only by the
rules modules; this class checks what comes in and hands out copies and views.

>>> from palace_poker import Rules, SeededShuffle
>>> hand = Hand.deal(Rules.of(10), [1000, 1000, 1000], dealer=2, shuffle=SeededShuffle(1))
>>> hand.to_act, hand.phase
(0, <Phase.TURN: 'turn'>)
>>> [str(o) for o in hand.legal_options()][:2]
['0 buy (costs 10)', '0 bet 1 (costs 10)']
>>> events = hand.apply("0 stay")
>>> hand.to_act, hand.version
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from palace_poker.actions import Action
from palace_poker.cards import DECK, Card
from palace_poker.chance import ChanceStep, settle, step
from palace_poker.checks import is_int, short, viewer_seat
from palace_poker.config import MAX_PLAYERS, MAX_SOLDIERS, MIN_PLAYERS, Rules
from palace_poker.dealing import new_hand
from palace_poker.errors import ConfigError, IllegalActionError
from palace_poker.events import Event
from palace_poker.legal import as_action, default_action, legal_options, nothing_due, plan
from palace_poker.moves import deal_card, perform
from palace_poker.observation import Observation, observe
from palace_poker.options import Option
from palace_poker.piles import checked_outcome
from palace_poker.record_format import state_to_record
from palace_poker.redaction import events_as_seen, full_events
from palace_poker.shuffle import SecureShuffle, ShuffleSource, fork
from palace_poker.state import DEFAULT_NAMES, OVER, BattleView, HandResult, HandState, Phase

__all__ = [
    "MAX_PLAYERS",
    "MAX_SOLDIERS",
    "MIN_PLAYERS",
    "Hand",
    "HandResult",
    "Phase",
]


class Hand:
    """One hand; seats are ``0..n-1`` clockwise.

    Start one with :meth:`deal` (or :func:`palace_poker.record.replay`,
    :func:`palace_poker.record.resume`).
    """

    __slots__ = ("_state",)

    def __init__(self, state: HandState) -> None:
        """Wrap a state (the engine's own constructors use this)."""
        self._state = state

    # ------------------------------------------------------------------ dealing

    @classmethod
    def deal(
        cls,
        rules: Rules,
        stacks: Sequence[int],
        *,
        dealer: object,
        shuffle: ShuffleSource | None = None,
        names: Sequence[str] | None = None,
        explicit_chance: bool = False,
    ) -> Hand:
        """Post antes, deal banners and palaces, and start the first turn.

        ``stacks`` are the chips of the players dealt in, in seat order (each
        at least 1: a player with no chips is not dealt in, R-ANTE-2); ``dealer``
        is the dealer's seat. Bad values (a stack or a dealer that is not such an
        integer, a bool included) raise ``ConfigError('invalid_players')``.

        ``shuffle`` is where randomness comes from (a :class:`SecureShuffle` when
        not given). With ``explicit_chance=True`` there is none: the hand stops at
        every card to be dealt or drawn (:attr:`chance`) and the caller gives it
        (:meth:`apply_chance`).
        """
        if not isinstance(rules, Rules):
            raise ConfigError(
                "invalid_rules", f"rules must be a Rules, got {short(rules)}", rule="R-STAKE-1"
            )
        chips, seat, table = _check_players(stacks, dealer, names)
        if explicit_chance is not False and explicit_chance is not True:
            raise ConfigError(
                "invalid_players",
                f"explicit_chance must be True or False, got {short(explicit_chance)}",
            )
        if explicit_chance and shuffle is not None:
            raise ConfigError(
                "invalid_players", "a hand with explicit chance takes no shuffle source"
            )
        source = None if explicit_chance else (shuffle if shuffle is not None else SecureShuffle())
        state = new_hand(rules, chips, dealer=seat, names=table, source=source)
        settle(state)
        return cls(state)

    # ------------------------------------------------------------ public state

    @property
    def rules(self) -> Rules:
        """The table's stakes (R-STAKE-1)."""
        return self._state.rules

    @property
    def n(self) -> int:
        """Players dealt in."""
        return self._state.n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._state.dealer

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self._state.names

    @property
    def start_stacks(self) -> tuple[int, ...]:
        """Each player's chips before the ante."""
        return self._state.start_stacks

    @property
    def stacks(self) -> list[int]:
        """Each player's chips behind (a new list)."""
        return list(self._state.stacks())

    @property
    def contributions(self) -> list[int]:
        """Each player's chips in the pot (R-POT-1)."""
        return list(self._state.contributions)

    @property
    def pot(self) -> int:
        """Chips in the pot (R-POT-1)."""
        return sum(self._state.contributions)

    @property
    def banners(self) -> tuple[Card, ...]:
        """Banners by seat (dealt once; captured banners become soldiers)."""
        return self._state.banners

    @property
    def palaces(self) -> list[tuple[Card, ...]]:
        """Palace cards by seat: hidden information; hand out :meth:`observe` instead."""
        return list(self._state.palaces)

    @property
    def soldiers(self) -> list[list[Card]]:
        """Soldiers by seat."""
        return [list(army) for army in self._state.soldiers]

    @property
    def in_hand(self) -> list[bool]:
        """Whether each player is still in the hand."""
        return list(self._state.in_hand)

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """Every card set aside in the banner deal (public, R-INFO-1)."""
        return self._state.set_aside

    @property
    def stock(self) -> list[Card]:
        """The stock, top card last (hidden)."""
        state = self._state
        return list(reversed(state.pile())) if state.banners else []

    @property
    def discard_pile(self) -> list[Card]:
        """The discard pile, in the order cards went to it (hidden)."""
        return [DECK[index] for index in self._state.discard_pile]

    @property
    def phase(self) -> Phase:
        """Which kind of decision is due."""
        return self._state.phase

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is due (None while chance is due or once over)."""
        return self._state.to_act

    @property
    def turn(self) -> int:
        """The seat whose turn it is (or was last)."""
        return self._state.turn

    @property
    def battle(self) -> BattleView | None:
        """The battle in progress, or None."""
        return self._state.battle

    @property
    def quiet(self) -> list[bool]:
        """Who has taken a quiet turn since the last BUY or BET (R-END-4)."""
        return list(self._state.quiet)

    @property
    def shuffles(self) -> list[tuple[Card, ...]]:
        """Every shuffle performed, as the order of its cards, top first."""
        return [tuple([DECK[i] for i in order]) for order in self._state.shuffles]

    @property
    def actions(self) -> list[Action]:
        """Every decision taken, in order."""
        return list(self._state.actions)

    @property
    def events(self) -> list[Event]:
        """Every event, the deal's included, hidden cards too (never send them to a
        player as they are: see :meth:`events_for`)."""
        return full_events(self._state.events, self._state.palaces)

    @property
    def result(self) -> HandResult | None:
        """How the hand ended, once it is over."""
        return self._state.result

    @property
    def version(self) -> int:
        """One more for every change of the hand's state from outside: each action
        applied, each chance outcome given (a shuffle source's outcomes belong to
        the action that needed them). 0 once dealt."""
        return self._state.version

    @property
    def over(self) -> bool:
        """True once the hand has ended."""
        return self._state.phase is OVER

    # ------------------------------------------------------------ questions

    def dealing_order(self) -> list[int]:
        """Seats from the dealer's left round to the dealer (R-BANNER-1)."""
        return self._state.dealing_order()

    def players_in_hand(self) -> list[int]:
        """Seats still in the hand, in seat order."""
        return self._state.alive()

    def entry(self, seat: int) -> int:
        """R-BET-2: a player's entry is (soldiers + 1) x SB."""
        return self._state.entry(seat)

    def usable_cards(self, seat: int, against: int | None = None) -> list[Card]:
        """The player's banner, palace and soldiers; against an opponent, without
        the cards of the opponent's banner suit (R-CMP-1)."""
        return self._state.usable_cards(seat, against)

    def left_of(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` whose player is still in the hand."""
        return self._state.left_of(seat)

    # ------------------------------------------------------- verify / can / apply

    def verify(self, action: object, *, version: object = None) -> Action:
        """Check an action (an :class:`Action` or its text) without applying it;
        return it parsed.

        Raises :class:`~palace_poker.errors.PalaceError` (a ``ParseError`` or an
        ``IllegalActionError``) naming the input and the rule it breaks; anything
        that is neither an Action nor a string is a ``malformed_action``. With
        ``version``, an action that answers another version of the hand than this
        one is ``stale_version``.
        """
        parsed = as_action(action)
        self._check_version(version, parsed)
        plan(self._state, parsed)
        return parsed

    def can(self, action: object, *, version: object = None) -> bool:
        """True when :meth:`apply` would accept the action."""
        try:
            self.verify(action, version=version)
        except (IllegalActionError, ValueError):
            return False
        return True

    def apply(self, action: object, *, version: object = None) -> list[Event]:
        """Apply a legal action (an :class:`Action` or its text); return the events it
        produced (with a shuffle source, the chance outcomes that follow included).

        Raises like :meth:`verify`, leaving the hand unchanged.
        """
        parsed = as_action(action)
        self._check_version(version, parsed)
        state = self._state
        checked = plan(state, parsed)
        start = len(state.events)
        perform(state, checked)
        return full_events(state.events[start:], state.palaces)

    def _check_version(self, version: object, action: Action) -> None:
        if version is None or (is_int(version) and version == self._state.version):
            return
        raise IllegalActionError(
            "stale_version",
            f"{action}: answers version {short(version)} of the hand, which is at version "
            f"{self._state.version}",
            details={
                "action": str(action),
                "version": short(version),
                "current": self._state.version,
            },
        )

    def legal_options(self) -> list[Option]:
        """Every legal choice of the player to act, with its cost (empty when none is
        due)."""
        return legal_options(self._state)

    def legal_actions(self) -> list[Action]:
        """Every legal action, concretely; a no-limit amount appears at its bounds."""
        return [a for option in self.legal_options() for a in option.actions()]

    def default_action(self) -> Action:
        """The action taken for a player whose clock runs out: STAY on their turn; in
        a battle FOLD, or CALL when it costs nothing (all-in); on a trim, keep the
        first five soldiers. Raises ``hand_over`` / ``chance_due`` when no player's
        decision is due."""
        if self._state.to_act is None:
            raise nothing_due(self._state, "no default action")
        return default_action(self._state)

    # ------------------------------------------------------------ chance

    @property
    def chance(self) -> ChanceStep | None:
        """The chance outcome due (explicit chance only), or None."""
        return step(self._state)

    def apply_chance(self, card: object, *, version: object = None) -> list[Event]:
        """Give the outcome of the chance step due: the card dealt or drawn (a
        :class:`Card` or its index 0..51, one of :attr:`chance`'s outcomes). Returns
        the events it produced.

        Raises ``IllegalActionError``: ``no_chance_due`` when no chance step is due,
        ``invalid_outcome`` for a card the step cannot give, ``stale_version``;
        the hand is then unchanged.
        """
        state = self._state
        due = step(state)
        if due is None:
            raise IllegalActionError(
                "no_chance_due",
                f"no card is to be dealt now, got {short(card)}",
                rule="R-TURN-2",
                details={"input": short(card)},
            )
        if version is not None and not (is_int(version) and version == state.version):
            raise IllegalActionError(
                "stale_version",
                f"chance outcome {short(card)} answers version {short(version)} of the hand, "
                f"which is at version {state.version}",
                details={"version": short(version), "current": state.version},
            )
        outcome = checked_outcome(state, card, due.rule)
        start = len(state.events)
        deal_card(state, outcome)
        return full_events(state.events[start:], state.palaces)

    # ----------------------------------------------------------------- copying

    def copy(self, *, shuffle: ShuffleSource | None = None) -> Hand:
        """An independent copy. Later shuffles of the copy come from ``shuffle``, or
        from a fork of this hand's source: the same orders this hand would get, drawn
        without touching this hand's source."""
        state = self._state
        source = shuffle if shuffle is not None else fork(state.source)
        return Hand(state.copy(source))

    def __copy__(self) -> Hand:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.copy()

    # ------------------------------------------------------------ observations

    def observe(self, viewer: object) -> Observation:
        """What ``viewer`` may see now (R-INFO-*); ``None`` for a spectator."""
        return observe(self._state, viewer)

    def known_face_down(self, viewer: int | None) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The face-down cards ``viewer`` can name: (in the discard pile, in the stock).

        Everyone knows the soldiers and banners that were discarded face up; a player
        also knows their own palace cards and those they were shown (R-INFO-3).
        """
        view = self.observe(viewer)
        return view.known_discards, view.known_stock

    def events_for(self, viewer: object, start: object = 0) -> list[Event]:
        """The events from index ``start`` on, as ``viewer`` may see them (R-INFO-*)."""
        seat = viewer_seat(viewer, self._state.n)
        events = self._state.events
        if not is_int(start) or not 0 <= start <= len(events):  # type: ignore[operator]
            raise IllegalActionError(
                "invalid_index",
                f"start must be an event index 0..{len(events)}, got {short(start)}",
                details={"input": short(start)},
            )
        assert isinstance(start, int)
        return events_as_seen(events[start:], seat, self._state.palaces)

    def full_view(self) -> dict[str, Any]:
        """Everything, hidden cards included (for records, debugging and tests;
        never for a player): each seat's cards, the stock top first, the discard pile."""
        return {
            **observe(self._state, None).to_dict(),
            "palaces": [[str(c) for c in p] for p in self._state.palaces],
            "stock": [str(c) for c in self._state.pile()] if self._state.banners else [],
            "discard_pile": [str(c) for c in self.discard_pile],
        }

    def to_record(self) -> dict[str, Any]:
        """The hand as a ``palace-hand/1`` record (the result once it is over)."""
        return state_to_record(self._state)

    @property
    def state(self) -> HandState:
        """The hand's state (read it; the rules modules change it)."""
        return self._state


def _check_players(
    stacks: object, dealer: object, names: object
) -> tuple[tuple[int, ...], int, tuple[str, ...]]:
    """Two to ten players, each with at least one chip (R-ANTE-2); a real dealer seat;
    one name (a string) per player.

    Returns the stacks, the dealer and the names, checked. (The inputs are read as
    plain objects: see palace_poker.checks.)
    """
    if isinstance(stacks, str | bytes) or not isinstance(stacks, Sequence):
        raise ConfigError(
            "invalid_players",
            f"stacks must be a list of chip counts, got {short(stacks)}",
            details={"input": short(stacks)},
        )
    if not MIN_PLAYERS <= len(stacks) <= MAX_PLAYERS:
        raise ConfigError(
            "invalid_players",
            f"a hand needs 2 to 10 players, got {len(stacks)}",
            details={"players": len(stacks)},
        )
    chips: list[int] = []
    for seat, stack in enumerate(stacks):
        if not is_int(stack) or stack < 1:
            raise ConfigError(
                "invalid_players",
                f"seat {seat}'s stack must be an integer >= 1, got {short(stack)}",
                rule="R-ANTE-2",
                details={"seat": seat, "input": short(stack)},
            )
        chips.append(stack)
    if not is_int(dealer) or not 0 <= dealer < len(stacks):  # type: ignore[operator]
        raise ConfigError(
            "invalid_players",
            f"dealer must be a seat 0..{len(stacks) - 1}, got {short(dealer)}",
            rule="R-DEAL-2",
            details={"input": short(dealer)},
        )
    assert isinstance(dealer, int)
    return tuple(chips), dealer, _check_names(names, len(stacks))


def _check_names(names: object, n: int) -> tuple[str, ...]:
    if names is None:
        return DEFAULT_NAMES[n]
    if isinstance(names, str | bytes) or not isinstance(names, Sequence) or len(names) != n:
        raise ConfigError(
            "invalid_players",
            f"names must be a list of {n} strings, got {short(names)}",
            details={"input": short(names)},
        )
    for seat, name in enumerate(names):
        if not isinstance(name, str) or not _is_text(name):
            raise ConfigError(
                "invalid_players",
                f"seat {seat}'s name must be text, got {short(name)}",
                details={"seat": seat, "input": short(name)},
            )
    return tuple(names)


def _is_text(name: str) -> bool:
    """A name that can be written as UTF-8: no lone surrogate."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
