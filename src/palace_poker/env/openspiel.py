"""Palace Poker as an OpenSpiel game: ``pyspiel.load_game("python_palace_poker")``.

Importing this module registers the game with ``pyspiel.register_game`` under
:data:`SHORT_NAME` (it needs the ``research`` extra: ``open_spiel`` and NumPy). It
is a thin layer over :class:`~palace_poker.env.state.EnvState`, and every decision
about the rules is the core's; the decisions this adapter makes are these.

**One episode is one hand** (R-ANTE-1 to R-END-5) at a table of ``players`` seats,
each starting with ``stack`` chips, the deal at seat ``dealer`` (R-DEAL-1's draw
for the first dealer is not played: the dealer is a parameter). A series of hands
(R-GAME-1) is not this game. The returns are each seat's chips won or lost in the
hand: the game is ``ZERO_SUM`` in chips (the pot only moves chips between the
players), with ``TERMINAL`` rewards, from ``-stack`` (a seat loses all it has) to
``(players - 1) * stack`` (it wins every chip).

**Variants.** The parameter ``variant`` names a preset (docs/rules.md, *Presets*:
``standard``, ``short-deck``, ``quick``, ``tiny``, ``small``), and each field of a
:class:`~palace_poker.variant.Variant` (``ranks``, ``suits``, ``palace``,
``soldiers``, ``group``, ``struck``, ``last_two``, ``entry``, ``fold``) is a
parameter of its own that changes the preset's (-1 or ``""``: the preset's), as in
``python_palace_poker(variant=tiny,small_bet=1,ante=1,stack=4)`` or
``python_palace_poker(palace=2,struck=rank)``. The standard game is the default,
and its game is exactly what it was before variants.

**Chance.** Every card that leaves the stock is one chance node
(``EXPLICIT_STOCHASTIC``): its outcomes are the indices (0..51, ``2c`` to ``As``)
of the cards left in the pile, equally likely, so ``max_chance_outcomes`` is 52.
In a variant they are the cards of its deck only, with the same indices.
That is each card of the banner deal (R-BANNER-2, seen by all), each palace card
(R-PALACE-1, seen by its owner only) and the card a BUY draws (R-BUY-1, seen by
all). The shuffles (R-BANNER-3, R-BANNER-4, R-BUY-2) are no nodes: they only
gather the cards the next outcomes come from.

**Actions** are the 70 ids of :mod:`palace_poker.encoding.ids` for every table size
and variant (``num_distinct_actions``): a multi-card choice or a no-limit bet is a short run of
decisions by the same player. An action's string is its :func:`action_name`
(``BUY``, ``BET_2``, ``CARD_As``); a chance outcome's is ``deal As``.

**Observations.** The observation (``perfect_recall=False``) is
:func:`palace_poker.env.observe.vector` and :func:`~palace_poker.env.observe.text`
of the seat: the present, as R-INFO-1..4 let the seat see it. The information
state (``perfect_recall=True``) string is :func:`information_state_string`: the
seat and every event of the hand as the seat saw it, in order (the core's
``Hand.events_for``), its own palace cards, and its choice in progress. That is
perfect recall: the events are everything the seat saw, its own decisions
included, so two histories the seat can tell apart have different strings. The
information state *tensor* is perfect recall too: the observation vector, then
every step of the history in order (each decision, whose and which id, and each
card dealt, or a mark where the seat has not seen it), a block of
:data:`STEP_SIZE` bits a step, as many blocks as the game's longest history
(:meth:`PalacePokerGame.history_steps`); see :func:`information_state_vector`.
Tests enumerate the ``tiny`` and ``small`` trees and find that two histories
share a tensor exactly when they share the string. Observers of other kinds
(``public_info`` or ``private_info`` alone, or every player's private
information) give strings only.

**Resampling for ISMCTS.** ``state.resample_from_infostate(player, sampler)`` (the
Python ISMCTS bot calls it; :func:`resampler` gives a seeded callback for
``ISMCTSBot.set_resampler``) deals the palace cards the player has not seen again
and replays the hand's history on them; see :func:`resample`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

import numpy as np
import pyspiel

from palace_poker.cards import DECK, Card
from palace_poker.config import Rules
from palace_poker.encoding.ids import MAX_SEATS, NUM_ACTIONS, action_name
from palace_poker.env import observe
from palace_poker.env.state import CHANCE, EnvState, research_rules
from palace_poker.events import CardsShuffled, Event, SoldierBought
from palace_poker.variant import READINGS, Variant

__all__ = [
    "DEFAULT_PARAMS",
    "SHORT_NAME",
    "STEP_SIZE",
    "PalacePokerGame",
    "PalacePokerObserver",
    "PalacePokerState",
    "information_state_string",
    "information_state_vector",
    "max_chance_nodes",
    "max_decisions",
    "resample",
    "resampler",
]

SHORT_NAME: Final = "python_palace_poker"

#: The variant's counts and readings, each a parameter that changes the preset's
#: (-1 for a count, "" for a reading: the preset's own).
VARIANT_COUNTS: Final = ("ranks", "suits", "palace", "soldiers", "group")
VARIANT_READINGS: Final = tuple(READINGS)

#: Every parameter and its default. ``big_bet`` and ``ante`` of -1 are the rules'
#: defaults (2 x SB and SB // 2, R-STAKE-1); ``betting`` is ``limit`` or ``no-limit``;
#: ``variant`` a preset's name, and the variant's fields (see the module's text).
DEFAULT_PARAMS: Final[dict[str, int | str]] = {
    "players": 2,
    "small_bet": 10,
    "big_bet": -1,
    "ante": -1,
    "betting": "limit",
    "stack": 200,
    "dealer": 0,
    "variant": "standard",
    **dict.fromkeys(VARIANT_COUNTS, -1),
    **dict.fromkeys(VARIANT_READINGS, ""),
}

#: A step of the history in the information state tensor: a bit that it was
#: taken, who took it (a seat relative to the player, or chance: 0..10) in
#: binary, and what it was (an action id 0..69, 70 + a card's index, or 122 for
#: a card the player has not seen) in binary. Binary, not one-hot, because a
#: game has a block for each step of its longest history: one-hot blocks (134
#: numbers) would make the standard game's tensor 140,000 numbers heads-up.
ACTOR_BITS: Final = 4
OUTCOME_BITS: Final = 7
STEP_SIZE: Final = 1 + ACTOR_BITS + OUTCOME_BITS
_UNSEEN: Final = NUM_ACTIONS + 52

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Palace Poker",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULT_PARAMS),
)


# ------------------------------------------------------------------ bounds


def max_decisions(rules: Rules, players: int, stack: int) -> int:
    """A safe bound on the decisions of one hand (OpenSpiel's ``max_game_length``,
    which counts decisions, not chance nodes).

    Let ``C = players * stack // SB``: the chips in play, in small bets,
    ``D = players - 1``: at most that many players leave a hand before it ends, and
    ``s`` the most soldiers kept (5 in the standard game, the variant's
    ``soldiers``: V-BUY-3).

    * A BUY puts SB into the pot for good (only unmatched raises ever come back,
      R-BET-7, R-ALLIN-2); so does every raise of a battle but its last, which the
      next raise matches (a raise is always at least SB, R-BET-5, and paid in
      full). So the buys ``B`` and the raises of the battles beyond one each share
      one budget: ``B + sum(max(k_i - 1, 0)) <= C``.
    * Every battle makes at least one player leave (R-BET-7, R-CMP-3, R-CMP-4), as
      does every fold on a turn: battles plus folds are at most ``D``.
    * A BUY is at most ``1 + (s + 2)`` decisions (the trim of at most ``s + 1``
      soldiers: up to ``s + 1`` cards and DONE, R-BUY-3). A battle is at most
      ``k + 2s + 5``: BET_r, the no-limit opening choice, ``k`` raises and the
      last CALL or FOLD, and the capturer's trim of at most ``2s + 1`` soldiers
      (``2s + 2`` decisions, R-CAPT-1). A fold on a turn is fewer, its captor's
      trim included (V-FOLD-1: ``1 + 2s + 2``).
    * Quiet turns (STAY, or DISCARD of at most ``s`` soldiers: ``s + 1``
      decisions) come in stretches between two BUYs or BETs, at most
      ``B + battles + 1`` of them, and a stretch has at most ``players`` turns:
      once each player in the hand has taken one, the hand ends (R-END-4).

    Summed with ``B <= C`` and ``battles <= D``, for ``n`` players and
    ``q = (s + 1) n``: ``(s + 3 + q) C + (2s + 6 + q) D + q``; in the standard
    game ``(8 + 6n) C + (16 + 6n) D + 6n``.

    >>> max_decisions(Rules.of(10), 2, 100)
    440
    """
    n = players
    soldiers = rules.variant.soldiers
    chips = n * stack // rules.small_bet
    leave = n - 1
    quiet = (soldiers + 1) * n
    return (soldiers + 3 + quiet) * chips + (2 * soldiers + 6 + quiet) * leave + quiet


def max_chance_nodes(rules: Rules, players: int, stack: int) -> int:
    """A safe bound on the chance nodes of one hand.

    The banner deal draws at most the deck's ``d`` cards (52; V-CARD-1), and each
    player at most one more deck after a reshuffle of the set-aside cards
    (R-BANNER-3: the reshuffled deck holds a card of a suit free in their group,
    as a suit's ranks go round the groups, ``Variant.most_players``, so they find
    their banner in it): ``d (n + 1)``. Then ``p n`` palace cards (3, the
    variant's ``palace``: R-PALACE-1, V-PALACE-1), and one card a BUY, at most
    ``C`` (see :func:`max_decisions`).

    >>> max_chance_nodes(Rules.of(10), 2, 100)
    182
    """
    variant = rules.variant
    deal = variant.cards * (players + 1) + variant.palace * players
    return deal + players * stack // rules.small_bet


# ------------------------------------------------------------------ the game


def _rules(p: dict[str, int | str]) -> Rules:
    """The rules the parameters give: the stakes, the preset (with the raises a
    battle it sets) and the variant's fields given changed, each checked as a
    :class:`Variant` checks it (``invalid_variant``)."""
    big, ante = int(p["big_bet"]), int(p["ante"])
    rules = research_rules(
        int(p["small_bet"]),
        big_bet=None if big == -1 else big,
        ante=None if ante == -1 else ante,
        betting=str(p["betting"]),  # type: ignore[arg-type]
        variant=str(p["variant"]),
    )
    changed: dict[str, object] = {key: p[key] for key in VARIANT_COUNTS if p[key] != -1}
    changed.update({key: p[key] for key in VARIANT_READINGS if p[key] != ""})
    if not changed:
        return rules
    variant = Variant.from_dict({**rules.variant.to_dict(), **changed})
    return dataclasses.replace(rules, variant=variant)


def _params(params: dict[str, Any] | None) -> dict[str, int | str]:
    """The parameters with their defaults; unknown names and bad types refused."""
    given = dict(params or {})
    unknown = sorted(set(given) - set(DEFAULT_PARAMS))
    if unknown:
        raise ValueError(f"unknown parameter(s) {unknown} for {SHORT_NAME}")
    merged: dict[str, int | str] = dict(DEFAULT_PARAMS)
    for name, value in given.items():
        expected = type(DEFAULT_PARAMS[name])
        if type(value) is not expected:
            raise ValueError(f"{name} must be {expected.__name__}, got {value!r}")
        merged[name] = value
    return merged


class PalacePokerGame(pyspiel.Game):  # type: ignore[misc]
    """The game of one hand (see the module's text); ``GameInfo`` is built from the
    parameters of each instance."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = _params(params)
        players, stack, dealer = int(p["players"]), int(p["stack"]), int(p["dealer"])
        if not 2 <= players <= MAX_SEATS:
            raise ValueError(f"players must be 2..{MAX_SEATS}, got {players}")
        if stack < 1:
            raise ValueError(f"stack must be at least 1, got {stack}")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat 0..{players - 1}, got {dealer}")
        rules = _rules(p)
        rules.variant.check_playable(players)  # invalid_variant: a deck too small
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=-float(stack),
            max_utility=float((players - 1) * stack),
            utility_sum=0.0,
            max_game_length=max_decisions(rules, players, stack),
        )
        super().__init__(_GAME_TYPE, info, p)
        self.rules = rules
        self._chance_nodes = max_chance_nodes(rules, players, stack)
        self._steps: int = max_decisions(rules, players, stack) + self._chance_nodes
        self._initial = EnvState.new(rules, [stack] * players, dealer=dealer)

    def new_initial_state(self) -> PalacePokerState:
        """A hand before its first card (OpenSpiel's ``Clone`` calls this too)."""
        return PalacePokerState(self, self._initial.clone())

    def initial_env(self) -> EnvState:
        """A new :class:`EnvState` of this game's first node."""
        return self._initial.clone()

    def max_chance_nodes_in_history(self) -> int:
        """See :func:`max_chance_nodes`."""
        return self._chance_nodes

    def history_steps(self) -> int:
        """The most steps (decisions and chance outcomes) of a history: the
        information state tensor has a block for each (:func:`max_decisions` plus
        :func:`max_chance_nodes`)."""
        return self._steps

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> PalacePokerObserver:
        """The observer of that kind (the observation when none is given)."""
        return PalacePokerObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
            steps=self._steps,
        )


class PalacePokerState(pyspiel.State):  # type: ignore[misc]
    """A node of the game: an :class:`EnvState` in the attribute ``env``, its only
    Python attribute (``Clone`` deep-copies it with its fast ``__deepcopy__``, and
    serialization pickles it)."""

    def __init__(self, game: PalacePokerGame, env: EnvState | None = None) -> None:
        super().__init__(game)
        self.env = env if env is not None else game.initial_env()

    def current_player(self) -> int:
        """A seat, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL`` (the same ids)."""
        return self.env.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.env.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards left in the pile, each ``(index, 1 / their number)``."""
        return self.env.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.env.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {Card(action)}"
        return action_name(int(action))

    def is_terminal(self) -> bool:
        """True once the hand is over."""
        return self.env.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's chips won or lost (zeros before the end)."""
        return self.env.returns()

    def __str__(self) -> str:
        """Everything, hidden cards included (for debugging; not for a player)."""
        env = self.env
        hand = env.hand
        view = hand.full_view()
        pending = env.pending
        lines = [f"{key}: {value}" for key, value in sorted(view.items()) if key != "options"]
        lines.append(f"version: {hand.version}; events: {len(hand.state.events)}")
        if pending is not None:
            lines.append(f"choosing: {pending.kind} {_cards(pending.cards)}")
        return "\n".join(lines)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> PalacePokerState:
        """A state ``player_id`` cannot tell from this one (see :func:`resample`),
        dealt from a ``random.Random`` seeded by ``probability_sampler``."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return resample(self, player_id, rng)


# ------------------------------------------------------------------ information


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, Card):
        return str(value)
    if value is None:
        return "-"
    if isinstance(value, tuple):
        return "(" + " ".join(_value(item) for item in value) + ")"
    return str(value)


@lru_cache(maxsize=1 << 16)
def _line(event: Event) -> str:
    """One event as a line: its kind and the fields' values (``SoldierBought 1 Kd 10``)."""
    return " ".join([type(event).__name__, *(_value(field) for field in event)])


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def information_state_string(env: EnvState, player: int) -> str:
    """``player``'s information state: their seat, every event of the hand as they
    saw it (``Hand.events_for``: their own palace cards and the palaces shown to
    them in a battle are in it, others' palaces are not), the palace cards they hold
    (dealt one by one before their ``palace`` event), and their choice in progress
    (kind, verb, target and the cards chosen so far).

    Each event is one line: its kind and its fields (``SoldierBought 1 Kd 10``: seat
    1 bought the K of diamonds for 10).
    """
    hand = env.hand
    lines = [f"seat {player} of {hand.n}"]
    lines.extend(_line(event) for event in hand.events_for(player))
    lines.append(f"holding {_cards(hand.palaces[player])}")
    pending = env.pending
    if pending is not None and env.current_player() == player:
        option = pending.option
        lines.append(
            f"choosing {pending.kind} {option.verb} {option.target} {_cards(pending.cards)}"
        )
    return "\n".join(lines)


def information_state_vector(
    env: EnvState, player: int, history: list[tuple[int, int]], steps: int
) -> np.ndarray[Any, np.dtype[np.float32]]:
    """``player``'s information state as ``observe.SIZE + steps * STEP_SIZE``
    numbers in [0, 1]: :func:`observe.vector`, then a block of :data:`STEP_SIZE`
    for each step of ``history`` (the ``(player, action)`` pairs of the state's
    ``full_history()``, chance outcomes included), zeros after the last:

    * 1, the step was taken;
    * who took the step: the seat relative to ``player`` as in the observation
      (0 is ``player``), or chance (:data:`MAX_SEATS`), in :data:`ACTOR_BITS`
      bits, lowest first;
    * what it was, in :data:`OUTCOME_BITS` bits: a decision's action id (0..69);
      a chance outcome's card (70 + its index) when ``player`` has seen it (every
      card but palace cards, their own palace, and a palace shown to them in a
      battle or at a showdown, R-INFO-1..4); else 122, a card not seen.

    That is perfect recall: the steps are every decision in order (all public,
    R-INFO-1) and every card as far as ``player`` has seen it, so two histories
    that ``player`` can tell apart differ in a step or, where hidden palace cards
    decided a battle, in the present the observation shows. Two histories they
    cannot tell apart get the same numbers. ``steps`` is the game's
    :meth:`PalacePokerGame.history_steps`.
    """
    size = observe.SIZE + steps * STEP_SIZE
    out = np.zeros(size, np.float32)
    indices, values = observe.entries(env, player)
    out[indices] = values
    hand = env.hand
    n = hand.n
    unseen = _unseen_palace_steps(env, player, history)
    marks: list[int] = []
    base = observe.SIZE
    for k, (actor, action) in enumerate(history):
        if actor == CHANCE:
            who = MAX_SEATS
            outcome = _UNSEEN if k in unseen else NUM_ACTIONS + action
        else:
            who = (actor - player) % n
            outcome = action
        marks.append(base)
        marks.extend(base + 1 + bit for bit in range(ACTOR_BITS) if who >> bit & 1)
        marks.extend(
            base + 1 + ACTOR_BITS + bit for bit in range(OUTCOME_BITS) if outcome >> bit & 1
        )
        base += STEP_SIZE
    out[marks] = 1.0
    return out


def _unseen_palace_steps(env: EnvState, player: int, history: list[tuple[int, int]]) -> set[int]:
    """The steps of ``history`` that dealt a palace card ``player`` has not seen.

    The palace cards are dealt after the banners and before the first decision
    (R-PALACE-1): the last chance steps before it, as many as the palace cards
    dealt so far. Of those, a card of another seat's palace that ``player`` was
    not shown is unseen.
    """
    hand = env.hand
    dealt = sum(len(cards) for cards in hand.palaces)
    first = next((k for k, (actor, _) in enumerate(history) if actor != CHANCE), len(history))
    known = set(hand.palaces[player])
    for cards in hand.observe(player).known_palaces.values():
        known.update(cards)
    return {k for k in range(first - dealt, first) if Card(history[k][1]) not in known}


def _public_string(env: EnvState, perfect_recall: bool) -> str:
    """What everyone sees: the events as a spectator saw them (with perfect
    recall), or the spectator's present view."""
    hand = env.hand
    if perfect_recall:
        return "\n".join(_line(event) for event in hand.events_for(None))
    view = hand.observe(None)
    seats = [
        f"seat {s}: {'in' if view.in_hand[s] else 'out'}, stack {view.stacks[s]}, "
        f"in pot {view.contributions[s]}, banner "
        f"{view.banners[s] if s < len(view.banners) else '-'}, "
        f"soldiers [{_cards(view.soldiers[s])}]"
        for s in range(hand.n)
    ]
    return "\n".join([f"phase {view.phase}; pot {view.pot}; to act {view.to_act}", *seats])


def _private_string(env: EnvState, players: range) -> str:
    """The private cards of ``players``: their palaces, and those shown to them."""
    hand = env.hand
    palaces = hand.palaces
    lines = []
    for p in players:
        line = f"seat {p} holds [{_cards(palaces[p])}]"
        for other, cards in sorted(hand.observe(p).known_palaces.items()):
            line += f", saw seat {other} [{_cards(cards)}]"
        lines.append(line)
    return "\n".join(lines)


class PalacePokerObserver:
    """OpenSpiel's Python observer (``tensor``, ``dict``, ``set_from``,
    ``string_from``).

    The two kinds OpenSpiel names have strings and tensors: the observation
    (public and the seat's private information, ``perfect_recall=False``) and the
    information state (the same, ``perfect_recall=True``). Any other kind
    (public information only, private only, or every player's private
    information) has a string only, made of the public part (the spectator's
    events with perfect recall, else its present view) and the private part (the
    palace cards of the seat, or of every seat, and those shown to them).
    """

    def __init__(
        self,
        iig_obs_type: pyspiel.IIGObservationType,
        params: dict[str, Any] | None,
        *,
        steps: int,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self._recall = bool(iig_obs_type.perfect_recall)
        self._public = bool(iig_obs_type.public_info)
        self._private = iig_obs_type.private_info
        self._standard = self._public and self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._steps = steps
        self._first: dict[tuple[object, ...], np.ndarray[Any, np.dtype[np.float32]]] = {}
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]]
        if self._standard:
            size = observe.SIZE + steps * STEP_SIZE if self._recall else observe.SIZE
            self.tensor = np.zeros(size, np.float32)
            name = "info_state" if self._recall else "observation"
            self.dict = {name: self.tensor}
        else:
            self.tensor = None
            self.dict = {}

    def set_from(self, state: PalacePokerState, player: int) -> None:
        """Write ``player``'s tensor of ``state`` (the two standard kinds only).

        The tensors of a game's first node are kept: OpenSpiel asks for one each
        time it sizes a Python game's tensor, that is at every ``observation_tensor``
        and ``information_state_tensor`` call."""
        tensor = self.tensor
        if tensor is None:
            return
        env = state.env
        hand = env.hand
        key = None
        if hand.version == 0:  # the first node: nothing dealt yet
            key = (player, hand.rules, hand.start_stacks, hand.dealer)
            first = self._first.get(key)
            if first is not None:
                tensor[:] = first
                return
        if self._recall:
            history = [(h.player, h.action) for h in state.full_history()]
            tensor[:] = information_state_vector(env, player, history, self._steps)
        else:
            tensor.fill(0.0)
            indices, values = observe.entries(env, player)  # the few non-zero ones
            tensor[indices] = values
        if key is not None:
            self._first[key] = tensor.copy()

    def string_from(self, state: PalacePokerState, player: int) -> str:
        """``player``'s string of ``state``."""
        env = state.env
        if self._standard:
            if self._recall:
                return information_state_string(env, player)
            return observe.text(env, player)
        parts = []
        if self._public:
            parts.append(_public_string(env, self._recall))
        if self._private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            parts.append(_private_string(env, range(player, player + 1)))
        elif self._private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            parts.append(_private_string(env, range(env.hand.n)))
        return "\n".join(part for part in parts if part)


# ------------------------------------------------------------------ resampling

#: How many deals :func:`resample` tries before it gives up (see there).
MAX_TRIES: Final = 500
#: How many times :func:`resample` gave up and returned the state itself.
fallbacks = [0]


def _replay(
    start: EnvState, history: list[int], hidden: dict[int, list[Card]]
) -> tuple[EnvState, list[int]] | None:
    """``history`` replayed from ``start`` with the palace cards of the ``hidden``
    seats replaced (dealt in order); None when an outcome or an action is then
    impossible."""
    env = start.clone()
    queues = {seat: list(cards) for seat, cards in hidden.items()}
    replayed: list[int] = []
    for taken in history:
        if env.is_terminal():  # a battle between others went the other way
            return None
        action = taken
        step = env.hand.chance
        if step is not None:
            if step.kind == "palace" and step.seat in queues:
                action = int(queues[step.seat].pop(0))
            if DECK[action] not in step.outcomes:
                return None
        try:
            env.apply(action)
        except ValueError:
            return None
        replayed.append(action)
    return env, replayed


def _unseen_pool(env: EnvState, player: int, known: dict[int, tuple[Card, ...]]) -> list[Card]:
    """The cards that may lie in the palaces ``player`` has not seen: all of the
    deck (the variant's, V-CARD-1) but the banners, the player's own palace, the
    palaces shown to them and the soldiers drawn from the first stock (a card
    drawn after the discard pile became the stock, R-BUY-2, may have been in a
    palace of a player who had left)."""
    hand = env.hand
    placed: set[Card] = set(hand.banners)
    placed.update(hand.palaces[player])
    for cards in known.values():
        placed.update(cards)
    for event in hand.events_for(player):
        if type(event) is CardsShuffled and event.what == "discard":
            break
        if type(event) is SoldierBought:
            placed.add(event.card)
    return [card for card in hand.rules.variant.deck if card not in placed]


def resample(state: PalacePokerState, player: int, rng: random.Random) -> PalacePokerState:
    """A state with the same information state string for ``player``: the palace
    cards ``player`` has not seen (other players' palaces, but those shown to them
    in a battle, R-INFO-3) dealt again at random, and the hand's history replayed
    on them, with every other chance outcome and every decision the same.

    A deal is kept only if the replay gives ``player`` the same information: every
    card drawn later still in the pile, and every battle between other players won
    by the same player (R-INFO-3: the others learn who won). Deals are drawn until
    one is kept (rejection sampling: uniform over the consistent deals; the future
    stock is shuffled by the chance nodes to come). A 2-player hand keeps the first
    deal: the other player's palace is all there is to hide. After
    :data:`MAX_TRIES` rejected deals (several battles between others, or a stock
    made of the discard pile) the state itself is returned, which is consistent but
    not a sample: :data:`fallbacks` counts these.
    """
    env = state.env
    if env.current_player() < 0:
        raise ValueError("resampling needs a player's decision node")
    hand = env.hand
    game = state.get_game()
    target = information_state_string(env, player)
    known = hand.observe(player).known_palaces
    hidden_seats = [seat for seat in hand.dealing_order() if seat != player and seat not in known]
    history = [int(a) for a in state.history()]
    start = game.initial_env()
    pool = _unseen_pool(env, player, known)
    palace = hand.rules.variant.palace  # cards a palace holds (V-PALACE-1)
    for _ in range(MAX_TRIES):
        cards = rng.sample(pool, palace * len(hidden_seats))
        hidden = {seat: cards[palace * i : palace * (i + 1)] for i, seat in enumerate(hidden_seats)}
        replayed = _replay(start, history, hidden)
        if replayed is None:
            continue
        world, actions = replayed
        if information_state_string(world, player) != target:
            continue
        sample = game.new_initial_state()
        for action in actions:
            sample.apply_action(action)
        return sample  # type: ignore[no-any-return]
    fallbacks[0] += 1
    return state.clone()  # type: ignore[no-any-return]


def resampler(
    rng: random.Random,
) -> Callable[[PalacePokerState, int], PalacePokerState]:
    """A callback for ``ISMCTSBot.set_resampler``: :func:`resample` with ``rng``
    (reproducible, where the bot's default sampler is seeded from the clock)."""

    def call(state: PalacePokerState, player: int) -> PalacePokerState:
        return resample(state, player, rng)

    return call


pyspiel.register_game(_GAME_TYPE, PalacePokerGame)
