"""The engine benchmark: random play of our hands beside OpenSpiel, PokerKit and RLCard.

Every library plays complete six-player hands by random play through its public API,
one decision at a time, the way a bot or a training loop drives it: list the legal
choices of the player to act, pick one uniformly (then a uniform amount for a free
no-limit bet), apply it, and build the view of the player to act. A *decision* is one
action of a player; dealing (our :meth:`Hand.deal`, OpenSpiel's chance nodes,
PokerKit's dealing operations, RLCard's ``reset``) is inside the timed loop but is
not counted. Rates are decisions per second, the best of a few repeats of the same
seeded hands.

* **Ours**: :meth:`Hand.deal` (stacks 1000, :meth:`Rules.of(10) <Rules.of>`, limit or
  no-limit), then ``observe(to_act)``, a uniform choice among its ``options``, a
  uniform amount or card choice as :class:`palace_poker.bots.RandomBot` makes, and
  :meth:`Hand.apply`, until the hand is over.
* **OpenSpiel** ``universal_poker``, six-player no-limit hold'em, blinds 5/10, stacks
  1000 (:func:`openspiel_game`): chance nodes sampled uniformly from
  ``chance_outcomes()``; at a decision, ``information_state_string(player)`` (the
  player's own cards, the board, the pot, the stacks and every betting round's
  sequence: the content of our observation), ``legal_actions()``, then the same
  two-level choice as ours (fold, check/call or bet/raise, then a uniform size among
  the legal ones) and ``apply_action``. ``fcpa``, OpenSpiel's default abstraction of
  the game (fold, call, pot, all-in), is shown for reference with a uniform choice.
* **PokerKit** ``NoLimitTexasHoldem``, blinds 5/10, stacks 1000, tournament mode
  (folding is illegal when checking is free): posting, collection, burning, hand
  killing and chips pushing and pulling automated; hole and board cards dealt by
  ``deal_hole()``/``deal_board()`` and the showdown by ``show_or_muck_hole_cards()``,
  each when its ``can_`` method says it is due; at a decision, the ``can_`` methods
  of fold, check/call and bet/raise list the options, one is picked uniformly, a
  bet/raise goes to a uniform amount between the minimum and maximum the state gives.
  PokerKit has no per-player view object: its state is the view, so no observation
  is built for it.
* **RLCard** ``no-limit-holdem`` for six players, 1000 chips each (its blinds are
  1/2): ``env.reset()`` deals; each ``env.step(action)`` applies one of the legal
  abstract actions (fold, check/call, half pot, pot, all-in), picked uniformly, and
  builds the next player's state (a NumPy observation and the legal actions).

:func:`copy_rate` times :meth:`Hand.copy` on mid-hand states beside OpenSpiel's
``state.clone()``, and :func:`copy_step_rate` a copy followed by one decision beside
``clone()`` and one ``apply_action`` (a copy shares the state's values, so part of
its cost may come with the first change). :func:`memory` measures 10,000 hands in
play in a fresh process (``python bench_engine.py memory ours|ours-own|openspiel
COUNT``): our hands dealt from one seeded source, as OpenSpiel's states are dealt
from one generator by the loop that drives them (``ours``), or each with a seeded
source of its own (``ours-own``), which a hand then holds. Correctness is checked on
every hand played: ours end and conserve chips; every anchor's hand ends with its
chips (or payoffs) conserved.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import random
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import palace_poker
from palace_poker import Hand, Rules, SeededShuffle
from palace_poker.actions import Action
from palace_poker.observation import Observation

PLAYERS = 6
STACK = 1000
TOTAL = PLAYERS * STACK
LIMIT = Rules.of(10)
NO_LIMIT = Rules.of(10, betting="no-limit")
MAX_DECISIONS = 10_000  # per hand: a hand that plays longer than this never ends
SEED = 2024


def _optional(name: str) -> Any:
    """The module, or None when it is not installed (the anchors are optional)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


pyspiel = _optional("pyspiel")
pokerkit = _optional("pokerkit")
rlcard = _optional("rlcard")
ANCHORS = {"openspiel": pyspiel, "pokerkit": pokerkit, "rlcard": rlcard}


def installed(name: str) -> bool:
    """Whether the anchor ``name`` (openspiel, pokerkit, rlcard) can be imported."""
    return ANCHORS[name] is not None


@dataclass(frozen=True)
class Sizes:
    ours: int  # hands per timed loop, for each of limit and no-limit
    openspiel: int
    pokerkit: int
    rlcard: int
    copies: int  # mid-hand states, each copied once per timed loop
    memory: int  # hands in play for the memory figure
    repeats: int


FULL = Sizes(2_000, 5_000, 300, 2_000, 2_000, 10_000, 5)
QUICK = Sizes(20, 20, 3, 20, 50, 200, 1)


def best_rate(loop: Callable[[], int], repeats: int) -> float:
    """Decisions per second of ``loop`` (which returns its decisions): best of repeats."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        decisions = loop()
        best = max(best, decisions / (time.perf_counter() - start))
    return best


# --- Ours --------------------------------------------------------------------------------------
def random_action(observation: Observation, rng: random.Random) -> Action:
    """RandomBot's choice: a uniform option, then a uniform amount or card choice."""
    option = rng.choice(observation.options)
    if option.min_amount is not None and option.max_amount is not None:
        return option.action(amount=rng.randint(option.min_amount, option.max_amount))
    if option.cards or option.max_cards:
        size = rng.randint(option.min_cards, option.max_cards)
        return option.action(cards=tuple(rng.sample(option.cards, size)))
    return option.action()


def deal(rules: Rules, number: int) -> Hand:
    """Hand ``number`` of a run: its own seeded shuffle, the dealer moving round."""
    return Hand.deal(
        rules, [STACK] * PLAYERS, dealer=number % PLAYERS, shuffle=SeededShuffle(SEED + number)
    )


def advance(hand: Hand, decisions: int, rng: random.Random) -> int:
    """Play up to ``decisions`` random decisions (fewer if the hand ends); return them."""
    played = 0
    while played < decisions and not hand.over:
        hand.apply(random_action(hand.observe(hand.to_act), rng))
        played += 1
    return played


def check_ours(hand: Hand) -> None:
    if not hand.over:
        raise AssertionError(f"our hand did not end in {MAX_DECISIONS} decisions")
    if sum(hand.stacks) != TOTAL:
        raise AssertionError(f"our hand ended with {sum(hand.stacks)} chips of {TOTAL}")


def ours_loop(rules: Rules, hands: int) -> Callable[[], int]:
    def loop() -> int:
        rng = random.Random(SEED)
        choose = rng.choice
        randint = rng.randint
        decisions = 0
        for number in range(hands):
            hand = deal(rules, number)
            played = 0
            while not hand.over and played < MAX_DECISIONS:
                observation = hand.observe(hand.to_act)
                # random_action, inline (as the anchors' choices are)
                option = choose(observation.options)
                if option.min_amount is not None and option.max_amount is not None:
                    action = option.action(amount=randint(option.min_amount, option.max_amount))
                elif option.cards or option.max_cards:
                    size = randint(option.min_cards, option.max_cards)
                    action = option.action(cards=tuple(rng.sample(option.cards, size)))
                else:
                    action = option.action()
                hand.apply(action)
                played += 1
            check_ours(hand)
            decisions += played
        return decisions

    return loop


def ours_rate(rules: Rules, hands: int, repeats: int) -> float:
    return best_rate(ours_loop(rules, hands), repeats)


# --- OpenSpiel ---------------------------------------------------------------------------------
FOLD, CALL = 0, 1  # universal_poker's actions; in "fullgame" an action >= 2 bets/raises to it
_RAISE = -1  # our marker for "some bet/raise" in the two-level choice


def openspiel_game(abstraction: str = "fullgame") -> Any:
    """Six-player no-limit hold'em: blinds 5/10 (seats 0 and 1), stacks 1000, four
    rounds with 0/3/1/1 board cards; seat 2 opens preflop and seat 0 after (ACPC's
    ``firstPlayer`` counts from 1)."""
    return pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": PLAYERS,
            "numRounds": 4,
            "blind": "5 10 0 0 0 0",
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join([str(STACK)] * PLAYERS),
            "bettingAbstraction": abstraction,
        },
    )


def check_openspiel(state: Any) -> None:
    if not state.is_terminal():
        raise AssertionError(f"an OpenSpiel hand did not end in {MAX_DECISIONS} decisions")
    if abs(sum(state.returns())) > 1e-6:
        raise AssertionError(f"an OpenSpiel hand's returns do not sum to 0: {state.returns()}")


def openspiel_choice(legal: list[int], rng: random.Random) -> int:
    """Our two-level choice on "fullgame" legal actions (sorted: fold, call, then the
    bet/raise sizes): uniform among the kinds present, then a uniform size."""
    plain = [action for action in legal[:2] if action <= CALL]
    kind = rng.choice([*plain, _RAISE] if len(legal) > len(plain) else plain)
    return kind if kind != _RAISE else legal[rng.randrange(len(plain), len(legal))]


def openspiel_loop(game: Any, hands: int, *, uniform: bool) -> Callable[[], int]:
    """``uniform``: a uniform choice among the legal actions (for the fcpa game)."""

    def loop() -> int:
        rng = random.Random(SEED)
        choose = rng.choice
        decisions = 0
        for _ in range(hands):
            state = game.new_initial_state()
            played = 0
            while not state.is_terminal() and played < MAX_DECISIONS:
                if state.is_chance_node():
                    state.apply_action(choose(state.chance_outcomes())[0])
                    continue
                state.information_state_string(state.current_player())
                legal = state.legal_actions()
                state.apply_action(choose(legal) if uniform else openspiel_choice(legal, rng))
                played += 1
            check_openspiel(state)
            decisions += played
        return decisions

    return loop


def openspiel_rate(hands: int, repeats: int, abstraction: str = "fullgame") -> float:
    game = openspiel_game(abstraction)
    return best_rate(openspiel_loop(game, hands, uniform=abstraction != "fullgame"), repeats)


def openspiel_advance(state: Any, decisions: int, rng: random.Random) -> None:
    """Sample chance nodes and play up to ``decisions`` random decisions."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif decisions == 0:
            return
        else:
            state.apply_action(openspiel_choice(state.legal_actions(), rng))
            decisions -= 1


# --- PokerKit ----------------------------------------------------------------------------------
def pokerkit_state() -> Any:
    automation = pokerkit.Automation
    return pokerkit.NoLimitTexasHoldem.create_state(
        (
            automation.ANTE_POSTING,
            automation.BET_COLLECTION,
            automation.BLIND_OR_STRADDLE_POSTING,
            automation.CARD_BURNING,
            automation.HAND_KILLING,
            automation.CHIPS_PUSHING,
            automation.CHIPS_PULLING,
        ),
        True,  # ante trimming
        0,  # antes
        (5, 10),  # blinds
        10,  # minimum bet
        (STACK,) * PLAYERS,
        PLAYERS,
    )


def pokerkit_decide(state: Any, rng: random.Random) -> None:
    """One decision: the options the ``can_`` methods allow, one picked uniformly."""
    options = []
    if state.can_fold():
        options.append(FOLD)
    if state.can_check_or_call():
        options.append(CALL)
    if state.can_complete_bet_or_raise_to():
        options.append(_RAISE)
    chosen = rng.choice(options)
    if chosen == FOLD:
        state.fold()
    elif chosen == CALL:
        state.check_or_call()
    else:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        state.complete_bet_or_raise_to(rng.randint(low, high))


def pokerkit_loop(hands: int) -> Callable[[], int]:
    def loop() -> int:
        rng = random.Random(SEED)
        random.seed(SEED)  # PokerKit shuffles its deck with the random module
        decisions = 0
        for _ in range(hands):
            state = pokerkit_state()
            played = 0
            while state.status and played < MAX_DECISIONS:
                if state.actor_index is not None:
                    pokerkit_decide(state, rng)
                    played += 1
                elif state.can_deal_hole():
                    state.deal_hole()
                elif state.can_deal_board():
                    state.deal_board()
                elif state.can_show_or_muck_hole_cards():
                    state.show_or_muck_hole_cards()
                else:
                    raise AssertionError(f"PokerKit: nothing to do in {state}")
            if state.status or sum(state.stacks) != TOTAL:
                raise AssertionError(f"a PokerKit hand did not end with {TOTAL} chips")
            decisions += played
        return decisions

    return loop


def pokerkit_rate(hands: int, repeats: int) -> float:
    return best_rate(pokerkit_loop(hands), repeats)


# --- RLCard ------------------------------------------------------------------------------------
def rlcard_loop(hands: int) -> Callable[[], int]:
    env = rlcard.make(
        "no-limit-holdem",
        config={"game_num_players": PLAYERS, "chips_for_each": STACK, "seed": SEED},
    )

    def loop() -> int:
        rng = random.Random(SEED)
        env.seed(SEED)
        decisions = 0
        for _ in range(hands):
            state, _player = env.reset()
            played = 0
            while not env.is_over() and played < MAX_DECISIONS:
                state, _player = env.step(rng.choice(list(state["legal_actions"])))
                played += 1
            if not env.is_over() or abs(sum(env.get_payoffs())) > 1e-6:
                raise AssertionError("an RLCard hand did not end with its payoffs summing to 0")
            decisions += played
        return decisions

    return loop


def rlcard_rate(hands: int, repeats: int) -> float:
    return best_rate(rlcard_loop(hands), repeats)


# --- Copying a state ---------------------------------------------------------------------------
def mid_hand_states(count: int) -> list[Hand]:
    """``count`` no-limit hands, each stopped after 1 to 12 random decisions."""
    rng = random.Random(SEED)
    states: list[Hand] = []
    number = 0
    while len(states) < count:
        hand = deal(NO_LIMIT, number)
        number += 1
        advance(hand, rng.randint(1, 12), rng)
        if not hand.over:
            states.append(hand)
    return states


def copy_rate(count: int, repeats: int) -> float:
    """Copies per second of :meth:`Hand.copy` on mid-hand states."""
    states = mid_hand_states(count)

    def loop() -> int:
        for hand in states:
            hand.copy()
        return len(states)

    return best_rate(loop, repeats)


def copy_step_rate(count: int, repeats: int) -> float:
    """Copies per second of :meth:`Hand.copy` followed by one legal action on the copy."""
    states = mid_hand_states(count)
    pairs = [(hand, hand.legal_actions()[0]) for hand in states]

    def loop() -> int:
        for hand, action in pairs:
            hand.copy().apply(action)
        return len(pairs)

    return best_rate(loop, repeats)


def openspiel_mid_hand_states(count: int) -> list[Any]:
    """``count`` OpenSpiel states, each stopped at a decision after 1 to 12 decisions."""
    game = openspiel_game()
    rng = random.Random(SEED)
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        openspiel_advance(state, rng.randint(1, 12), rng)
        if not state.is_terminal():
            states.append(state)
    return states


def openspiel_clone_rate(count: int, repeats: int) -> float:
    """Clones per second of OpenSpiel's ``state.clone()`` on mid-hand states."""
    states = openspiel_mid_hand_states(count)

    def loop() -> int:
        for state in states:
            state.clone()
        return len(states)

    return best_rate(loop, repeats)


def openspiel_clone_step_rate(count: int, repeats: int) -> float:
    """Clones per second of ``state.clone()`` followed by one legal action on the clone."""
    pairs = [(state, state.legal_actions()[0]) for state in openspiel_mid_hand_states(count)]

    def loop() -> int:
        for state, action in pairs:
            state.clone().apply_action(action)
        return len(pairs)

    return best_rate(loop, repeats)


# --- Memory ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Memory:
    traced: float | None  # bytes allocated by Python (tracemalloc); None for OpenSpiel's C++
    rss: float | None  # growth of the resident set; None where /proc is missing


def _rss() -> int | None:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return None


def _in_play(library: str, count: int) -> list[Any]:
    """``count`` no-limit hands, each dealt and advanced 1 to 6 random decisions."""
    rng = random.Random(SEED)
    kept: list[Any] = []
    if library in ("ours", "ours-own"):
        shared = SeededShuffle(SEED)
        for number in range(count):
            if library == "ours":
                hand = Hand.deal(
                    NO_LIMIT, [STACK] * PLAYERS, dealer=number % PLAYERS, shuffle=shared
                )
            else:
                hand = deal(NO_LIMIT, number)
            advance(hand, rng.randint(1, 6), rng)
            kept.append(hand)
    else:
        game = openspiel_game()
        for _ in range(count):
            state = game.new_initial_state()
            openspiel_advance(state, rng.randint(1, 6), rng)
            kept.append(state)
    return kept


def _measure_memory(library: str, count: int) -> Memory:
    """In this process: the RSS growth, then (ours) tracemalloc's count, of ``count``
    hands kept alive. The first set is freed before tracemalloc starts, whose own
    bookkeeping would swell the RSS."""
    gc.collect()
    before = _rss()
    kept = _in_play(library, count)
    gc.collect()
    after = _rss()
    rss = None if before is None or after is None else float(after - before)
    del kept
    if library == "openspiel":
        return Memory(None, rss)  # tracemalloc does not see C++ allocations
    gc.collect()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    kept = _in_play(library, count)
    gc.collect()
    traced = float(tracemalloc.get_traced_memory()[0] - start)
    tracemalloc.stop()
    del kept
    return Memory(traced, rss)


def memory(library: str, count: int) -> Memory:
    """:func:`_measure_memory` in a fresh Python process, so that no memory freed by an
    earlier part of the benchmark is reused and hides the growth."""
    result = subprocess.run(
        [sys.executable, __file__, "memory", library, str(count)],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(result.stdout)
    return Memory(data["traced"], data["rss"])


# --- The engine as Python, beside the compiled one ---------------------------------------------
SOURCE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


def python_rates(hands: int, repeats: int) -> tuple[float, float] | None:
    """(limit, no-limit) decisions/s of the engine *not* compiled, for reference.

    Measured in a fresh process that imports the package from ``src/`` (the ``.py``
    files) instead of the installed, compiled one; None when the engine measured
    here is itself not compiled (its figures are the Python ones already).
    """
    if not palace_poker.ENGINE_COMPILED:
        return None
    env = {**os.environ, "PYTHONPATH": SOURCE}
    command = [sys.executable, __file__, "rates", str(hands), str(repeats)]
    result = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    data = json.loads(result.stdout)
    if data["compiled"]:
        raise RuntimeError(f"{SOURCE} holds a compiled engine: cannot measure the Python one")
    return data["limit"], data["no_limit"]


# --- Everything --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Figures:
    """One run's figures; an anchor's is None when it is not installed."""

    ours_limit: float
    ours_no_limit: float
    ours_copy: float
    ours_copy_step: float
    ours_memory: Memory
    ours_memory_own: Memory
    ours_python: tuple[float, float] | None = None  # (limit, no-limit), not compiled
    openspiel: float | None = None  # fullgame, our two-level choice
    openspiel_fcpa: float | None = None
    openspiel_clone: float | None = None
    openspiel_clone_step: float | None = None
    openspiel_memory: Memory | None = None
    pokerkit: float | None = None
    rlcard: float | None = None


def measure(sizes: Sizes) -> Figures:
    repeats = sizes.repeats
    figures: dict[str, Any] = {
        "ours_limit": ours_rate(LIMIT, sizes.ours, repeats),
        "ours_no_limit": ours_rate(NO_LIMIT, sizes.ours, repeats),
        "ours_copy": copy_rate(sizes.copies, repeats),
        "ours_copy_step": copy_step_rate(sizes.copies, repeats),
        "ours_memory": memory("ours", sizes.memory),
        "ours_memory_own": memory("ours-own", sizes.memory),
        "ours_python": python_rates(sizes.ours, repeats),
    }
    if installed("openspiel"):
        figures["openspiel"] = openspiel_rate(sizes.openspiel, repeats)
        figures["openspiel_fcpa"] = openspiel_rate(sizes.openspiel, repeats, "fcpa")
        figures["openspiel_clone"] = openspiel_clone_rate(sizes.copies, repeats)
        figures["openspiel_clone_step"] = openspiel_clone_step_rate(sizes.copies, repeats)
        figures["openspiel_memory"] = memory("openspiel", sizes.memory)
    if installed("pokerkit"):
        figures["pokerkit"] = pokerkit_rate(sizes.pokerkit, repeats)
    if installed("rlcard"):
        figures["rlcard"] = rlcard_rate(sizes.rlcard, repeats)
    return Figures(**figures)


def _main(argv: list[str]) -> None:
    # python bench_engine.py memory ours|openspiel COUNT: one memory figure, as JSON.
    # python bench_engine.py rates HANDS REPEATS: our limit and no-limit rates, as JSON.
    if len(argv) == 3 and argv[0] == "memory" and argv[1] in {"ours", "ours-own", "openspiel"}:
        measured = _measure_memory(argv[1], int(argv[2]))
        print(json.dumps({"traced": measured.traced, "rss": measured.rss}))
    elif len(argv) == 3 and argv[0] == "rates":
        hands, repeats = int(argv[1]), int(argv[2])
        rates = {
            "compiled": palace_poker.ENGINE_COMPILED,
            "limit": ours_rate(LIMIT, hands, repeats),
            "no_limit": ours_rate(NO_LIMIT, hands, repeats),
        }
        print(json.dumps(rates))
    else:
        sys.exit("usage: bench_engine.py memory ours|openspiel COUNT | rates HANDS REPEATS")


if __name__ == "__main__":
    _main(sys.argv[1:])
