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
from typing import Any, Literal, SupportsIndex, overload

from palace_poker.actions import Action
from palace_poker.cards import DECK, Card
from palace_poker.chance import ChanceStep, settle, step
from palace_poker.checks import as_int, flag, short, shuffle_source, viewer_seat
from palace_poker.checks import names as checked_names
from palace_poker.checks import seat as checked_seat
from palace_poker.checks import stacks as checked_stacks
from palace_poker.choices import default_action, legal_options
from palace_poker.config import MAX_PLAYERS, MAX_SOLDIERS, MIN_PLAYERS, Rules
from palace_poker.dealing import new_hand
from palace_poker.errors import ConfigError, IllegalActionError
from palace_poker.events import Event
from palace_poker.legal import Plan, as_action, nothing_due, plan
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

    # The public entry points are typed as what they accept, for mypy and editors;
    # the compiled module checks none of these types at the call (a protocol such
    # as SupportsIndex, a class of an uncompiled module, and an overload's variants
    # are not checked by mypyc), so each argument reaches the method's own checks
    # and a wrong one is refused with its code (tests/engine/test_hostile_input.py),
    # never a bare TypeError. A type mypyc would check (int, bool, str, Action, a
    # union of them) is written only in an overload's variants.

    @overload
    @classmethod
    def deal(
        cls,
        rules: Rules,
        stacks: Sequence[SupportsIndex],
        *,
        dealer: SupportsIndex,
        names: Sequence[str | None] | None = None,
        explicit_chance: Literal[True],
    ) -> Hand: ...

    @overload
    @classmethod
    def deal(
        cls,
        rules: Rules,
        stacks: Sequence[SupportsIndex],
        *,
        dealer: SupportsIndex,
        shuffle: ShuffleSource | None = None,
        names: Sequence[str | None] | None = None,
        explicit_chance: bool = False,
    ) -> Hand: ...

    @classmethod
    def deal(
        cls,
        rules: object,
        stacks: object,
        *,
        dealer: object,
        shuffle: object = None,
        names: object = None,
        explicit_chance: object = False,
    ) -> Hand:
        """Post antes, deal banners and palaces, and start the first turn.

        ``rules`` is a :class:`Rules`; ``stacks`` are the chips of the players dealt
        in, in seat order (a list of 2 to 10 integers, each at least 1: a player with
        no chips is not dealt in, R-ANTE-2; at most ``MAX_CHIPS`` together);
        ``dealer`` is the dealer's seat; ``names`` one name a player (text of at most
        100 characters, or None for ``Seat 0``, ``Seat 1``...). Bad values (a stack
        or a dealer that is not such an integer, a bool included) raise
        ``ConfigError('invalid_players')``, bad rules ``invalid_rules``.

        ``shuffle`` is where randomness comes from (a :class:`SecureShuffle` when
        not given; an object without a ``shuffle`` method is ``invalid_shuffle``).
        With ``explicit_chance=True`` there is none: the hand stops at every card to
        be dealt or drawn (:attr:`chance`) and the caller gives it
        (:meth:`apply_chance`).
        """
        if not isinstance(rules, Rules):
            raise ConfigError(
                "invalid_rules",
                f"rules must be a Rules, got {short(rules)}",
                rule="R-STAKE-1",
                details={"input": short(rules)},
            )
        chips, at, table = _check_players(stacks, dealer, names)
        rules.variant.check_playable(len(chips))
        explicit = flag(
            explicit_chance, "explicit_chance", error=ConfigError, code="invalid_players"
        )
        if explicit and shuffle is not None:
            raise ConfigError(
                "invalid_players", "a hand with explicit chance takes no shuffle source"
            )
        source: ShuffleSource | None = None
        if not explicit:
            source = (
                SecureShuffle() if shuffle is None else shuffle_source(shuffle, "shuffle")  # type: ignore[assignment]
            )
        state = new_hand(rules, chips, dealer=at, names=table, source=source)
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

    def entry(self, seat: SupportsIndex) -> int:
        """R-BET-2: a player's entry is (soldiers + 1) x SB. Raises
        ``IllegalActionError('invalid_seat')`` for anything but a seat of the hand."""
        return self._state.entry(self._seat(seat, "R-BET-2"))

    def usable_cards(self, seat: SupportsIndex, against: SupportsIndex | None = None) -> list[Card]:
        """The player's banner, palace and soldiers; against an opponent, without
        the cards of the opponent's banner suit (R-CMP-1). Raises ``invalid_seat``
        for a seat that is none, and ``chance_due`` while the banners are dealt."""
        player = self._seat(seat, "R-CMP-1")
        opponent = None if against is None else self._seat(against, "R-CMP-1")
        if not self._state.banners:
            raise nothing_due(self._state, "usable cards: the banners are not all dealt")
        return self._state.usable_cards(player, opponent)

    def left_of(self, seat: SupportsIndex) -> int:
        """The next seat clockwise from ``seat`` whose player is still in the hand."""
        return self._state.left_of(self._seat(seat, "R-TURN-3"))

    def _seat(self, value: object, rule: str) -> int:
        return checked_seat(value, self._state.n, "a seat", rule=rule)

    # ------------------------------------------------------- verify / can / apply

    @overload
    def verify(self, action: Action, *, version: SupportsIndex | None = None) -> Action: ...

    @overload
    def verify(self, action: str, *, version: SupportsIndex | None = None) -> Action: ...

    def verify(self, action: object, *, version: object = None) -> Action:
        """Check an action (an :class:`Action` or its text) without applying it;
        return it parsed.

        Raises :class:`~palace_poker.errors.PalaceError` (a ``ParseError`` or an
        ``IllegalActionError``) naming the input and the rule it breaks; anything
        that is neither an Action nor a string is a ``malformed_action``. With
        ``version``, an action that answers another version of the hand than this
        one is ``stale_version``.
        """
        return self._planned(action, version)[0]

    @overload
    def can(self, action: Action, *, version: SupportsIndex | None = None) -> bool: ...

    @overload
    def can(self, action: str, *, version: SupportsIndex | None = None) -> bool: ...

    def can(self, action: object, *, version: object = None) -> bool:
        """True when :meth:`apply` would accept the action."""
        try:
            self._planned(action, version)
        except (IllegalActionError, ValueError):
            return False
        return True

    @overload
    def apply(self, action: Action, *, version: SupportsIndex | None = None) -> list[Event]: ...

    @overload
    def apply(self, action: str, *, version: SupportsIndex | None = None) -> list[Event]: ...

    def apply(self, action: object, *, version: object = None) -> list[Event]:
        """Apply a legal action (an :class:`Action` or its text); return the events it
        produced (with a shuffle source, the chance outcomes that follow included).

        Raises like :meth:`verify`, leaving the hand unchanged.
        """
        state = self._state
        checked = self._planned(action, version)[1]
        start = len(state.events)
        perform(state, checked)
        return full_events(state.events[start:], state.palaces)

    def _planned(self, action: object, version: object) -> tuple[Action, Plan]:
        """The action parsed and what it does (``verify``'s checks, in order)."""
        parsed = as_action(action)
        self._check_version(version, parsed)
        return parsed, plan(self._state, parsed)

    def _check_version(self, version: object, action: Action) -> None:
        if version is None or as_int(version) == self._state.version:
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
        """The action taken for a player whose clock runs out: STAY on their turn (the
        attack owed where the last two must battle, V-END-3); in a battle FOLD, or
        CALL when it costs nothing (all-in); on a trim, keep the first soldiers, as
        many as may be kept (five in the standard game). Raises ``hand_over`` /
        ``chance_due`` when no player's decision is due."""
        if self._state.to_act is None:
            raise nothing_due(self._state, "no default action")
        return default_action(self._state)

    # ------------------------------------------------------------ chance

    @property
    def chance(self) -> ChanceStep | None:
        """The chance outcome due (explicit chance only), or None."""
        return step(self._state)

    def apply_chance(
        self, card: SupportsIndex, *, version: SupportsIndex | None = None
    ) -> list[Event]:
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
        if version is not None and as_int(version) != state.version:
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
        without touching this hand's source. (A source that is none, or a source of
        this hand that can neither fork nor be deep-copied, is ``invalid_shuffle``.)
        A hand with explicit chance has no source and takes none."""
        state = self._state
        if shuffle is None:
            return Hand(state.copy(fork(state.source)))
        if state.source is None:
            raise ConfigError(
                "invalid_players", "a hand with explicit chance takes no shuffle source"
            )
        source: ShuffleSource = shuffle_source(shuffle, "shuffle")  # type: ignore[assignment]
        return Hand(state.copy(source))

    def __copy__(self) -> Hand:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling by the constructor: the compiled class has no default for it.
        return (Hand, (self._state,))

    # ------------------------------------------------------------ observations

    def observe(self, viewer: SupportsIndex | None) -> Observation:
        """What ``viewer`` may see now (R-INFO-*); ``None`` for a spectator."""
        return observe(self._state, viewer)

    def known_face_down(
        self, viewer: SupportsIndex | None
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The face-down cards ``viewer`` can name: (in the discard pile, in the stock).

        Everyone knows the soldiers and banners that were discarded face up; a player
        also knows their own palace cards and those they were shown (R-INFO-3).
        """
        view = self.observe(viewer)
        return view.known_discards, view.known_stock

    def events_for(self, viewer: SupportsIndex | None, start: SupportsIndex = 0) -> list[Event]:
        """The events from index ``start`` on, as ``viewer`` may see them (R-INFO-*)."""
        seat = viewer_seat(viewer, self._state.n)
        events = self._state.events
        index = as_int(start)
        if index is None or not 0 <= index <= len(events):
            raise IllegalActionError(
                "invalid_index",
                f"start must be an event index 0..{len(events)}, got {short(start)}",
                details={"input": short(start)},
            )
        return events_as_seen(events[index:], seat, self._state.palaces)

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
    chips: object, dealer: object, table: object
) -> tuple[tuple[int, ...], int, tuple[str, ...]]:
    """Two to ten players, each with at least one chip (R-ANTE-2); a real dealer seat;
    one name (text) per player.

    Returns the stacks, the dealer and the names, checked. (The inputs are read as
    plain objects: see palace_poker.checks.)
    """
    counted = checked_stacks(chips, "stacks")
    at = checked_seat(
        dealer, len(counted), "dealer", error=ConfigError, code="invalid_players", rule="R-DEAL-2"
    )
    return (
        counted,
        at,
        DEFAULT_NAMES[len(counted)] if table is None else checked_names(table, len(counted)),
    )
