"""Golden playthroughs: whole hands with what every viewer saw after every action.

Each file ``tests/data/golden/<name>.jsonl`` is one hand in JSON Lines:

* line 1, the header: ``name``, ``about`` (what the hand covers), ``seed`` (the
  :class:`~palace_poker.SeededShuffle` seed that dealt it, after the ``stacked``
  first orders if any) and the hand's ``palace-hand/1`` ``record``;
* then one line per state, after the deal and after each action: ``step``, the
  ``action`` just applied (``null`` after the deal), and for every viewer
  (``"spectator"``, ``"0"``, ``"1"``, ...) the ``events`` it was told since the
  previous state (redacted for it) and its ``view`` (the observation, without the
  fields that never change during a hand, and without ``actions``, which the
  record holds).

The files are written by this module (``python tests/golden.py``) and checked by
``tests/engine/test_golden.py``, which replays each record and compares every line. The
serialisation here is the test's own, written against the fields of the events and
observations, so that the files only change when what a viewer is told changes.
The hands were picked by :func:`find` from random play over many seeds, for the rare
rules they reach; ``SPECS`` holds the seeds it found.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from palace_poker import (
    DECK,
    Action,
    Card,
    Hand,
    Observation,
    RecordedShuffle,
    Rules,
    SeededShuffle,
    Verb,
    format_cards,
    parse_cards,
)
from palace_poker.cards import RANKS
from palace_poker.config import Betting
from palace_poker.events import (
    AntePosted,
    BattleCalled,
    BattleCompared,
    CardsShuffled,
    ChipsReturned,
    Event,
    PlayerOut,
    Stayed,
)
from paths import DATA
from random_hands import choose

GOLDEN = DATA / "golden"
STACK_CHOICES = (1, 3, 7, 10, 25, 60, 150, 400, 1000)


# ------------------------------------------------------------------ serialisation


def _plain(value: object) -> object:
    """A field as JSON data: cards as text, tuples as lists, everything else as is."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def event_data(event: Event) -> list[object]:
    """An event as ``[kind, field, ...]``."""
    return [type(event).__name__, *(_plain(field) for field in event)]


#: The observation's fields a golden line holds: every field but the ones fixed for
#: the whole hand (viewer, rules, names, dealer) and ``actions`` (in the record).
VIEW_FIELDS = (
    "stacks",
    "contributions",
    "pot",
    "in_hand",
    "banners",
    "soldiers",
    "set_aside",
    "stock_size",
    "discard_size",
    "palace",
    "known_palaces",
    "phase",
    "turn",
    "to_act",
    "battle",
    "options",
    "end",
    "quiet",
    "known_discards",
    "known_stock",
)


def view_data(view: Observation) -> dict[str, object]:
    """An observation as JSON data (options as their text, the battle as a list)."""
    data: dict[str, object] = {}
    for field in VIEW_FIELDS:
        value = getattr(view, field)
        if field == "options":
            value = [str(option) for option in value]
        data[field] = _plain(value)
    return data


def viewers(hand: Hand) -> list[int | None]:
    """The spectator, then every seat."""
    return [None, *range(hand.n)]


def _key(viewer: int | None) -> str:
    return "spectator" if viewer is None else str(viewer)


def state_line(hand: Hand, step: int, action: str | None, seen: int) -> dict[str, object]:
    """One golden line: what every viewer was told since event ``seen``, and sees."""
    return {
        "step": step,
        "action": action,
        "events": {
            _key(v): [event_data(e) for e in hand.events_for(v, seen)] for v in viewers(hand)
        },
        "views": {_key(v): view_data(hand.observe(v)) for v in viewers(hand)},
    }


def playthrough(record: dict[str, Any]) -> Iterator[dict[str, object]]:
    """Every state line of the hand ``record`` describes, replayed from its shuffles."""
    hand = Hand.deal(
        Rules.from_dict(record["rules"]),
        [p["stack"] for p in record["players"]],
        dealer=record["dealer"],
        shuffle=RecordedShuffle(record["shuffles"]),
        names=[p["name"] for p in record["players"]],
    )
    yield state_line(hand, 0, None, 0)
    for step, text in enumerate(record["actions"], start=1):
        seen = len(hand.events)
        hand.apply(text)
        yield state_line(hand, step, text, seen)


def dump(line: object) -> str:
    return json.dumps(line, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------ the hands


class StackedThenSeeded:
    """Listed orders first (a stacked deck), then seeded shuffles."""

    def __init__(self, orders: Sequence[str], seed: int) -> None:
        self._listed = RecordedShuffle(orders)
        self._count = len(orders)
        self._seeded = SeededShuffle(seed)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        if self._listed.used < self._count:
            return self._listed.shuffle(cards)
        return self._seeded.shuffle(cards)


@dataclass(frozen=True)
class Spec:
    """How one golden hand is dealt and played."""

    name: str
    about: str
    seed: int
    players: int
    betting: Betting = "limit"
    small_bet: int = 10
    big_bet: int | None = None
    ante: int | None = None
    max_raises: int | None = -1  # -1: the structure's default
    stacks: tuple[int, ...] = ()  # () : 1000 each
    dealer: int = 0
    stacked: tuple[str, ...] = ()  # first shuffles, listed
    policy: str = "uniform"

    def rules(self) -> Rules:
        if self.max_raises == -1:
            return Rules.of(
                self.small_bet, big_bet=self.big_bet, ante=self.ante, betting=self.betting
            )
        return Rules.of(
            self.small_bet,
            big_bet=self.big_bet,
            ante=self.ante,
            betting=self.betting,
            max_raises=self.max_raises,
        )


def _choose_buyer(hand: Hand, rng: random.Random) -> Action:
    """Mostly buys and discards (so the stock runs out), sometimes anything."""
    options = hand.legal_options()
    wanted = [o for o in options if o.verb in (Verb.BUY, Verb.DISCARD)]
    if wanted and rng.random() < 0.9:
        option = rng.choice(wanted)
        if option.verb is Verb.DISCARD:
            return option.action(cards=tuple(rng.sample(option.cards, 1)))
        return option.action()
    if options[0].verb is Verb.TRIM and options[0].cards:
        option = options[0]
        size = rng.randint(option.min_cards, option.max_cards)
        return option.action(cards=tuple(rng.sample(option.cards, size)))
    return choose(hand, rng)


def _choose_quiet(hand: Hand, rng: random.Random) -> Action:
    """Stays unless a battle or trim is due (quiet rounds, showdowns, R-END-3)."""
    options = hand.legal_options()
    stay = [o for o in options if o.verb is Verb.STAY]
    if stay and rng.random() < 0.8:
        return stay[0].action()
    return choose(hand, rng)


_WEIGHTS = {
    Verb.BUY: 30,
    Verb.BET: 20,
    Verb.STAY: 12,
    Verb.DISCARD: 8,
    Verb.FOLD: 3,
    Verb.CALL: 50,
    Verb.RAISE: 40,
    Verb.TRIM: 1,
}


def _choose_lively(hand: Hand, rng: random.Random) -> Action:
    """Buys, attacks, calls and raises often, and seldom folds (long hands)."""
    options = hand.legal_options()
    weights = [_WEIGHTS[o.verb] for o in options]
    option = rng.choices(options, weights)[0]
    if option.min_amount is not None and option.max_amount is not None:
        return option.action(amount=rng.randint(option.min_amount, option.max_amount))
    if option.verb in (Verb.DISCARD, Verb.TRIM):
        size = rng.randint(option.min_cards, min(option.max_cards, option.min_cards + 1))
        return option.action(cards=tuple(rng.sample(option.cards, size)))
    return option.action()


POLICIES: dict[str, Callable[[Hand, random.Random], Action]] = {
    "lively": _choose_lively,
    "uniform": choose,
    "buyer": _choose_buyer,
    "quiet": _choose_quiet,
}


def play(spec: Spec) -> Hand:
    """Deal and play ``spec``'s hand to its end."""
    stacks = list(spec.stacks) if spec.stacks else [1000] * spec.players
    shuffle = (
        StackedThenSeeded(spec.stacked, spec.seed) if spec.stacked else SeededShuffle(spec.seed)
    )
    hand = Hand.deal(spec.rules(), stacks, dealer=spec.dealer, shuffle=shuffle)
    rng = random.Random(spec.seed ^ 0x60D)
    choose = POLICIES[spec.policy]
    while not hand.over:
        hand.apply(choose(hand, rng))
    return hand


def random_spec(seed: int, policy: str = "uniform") -> Spec:
    """A random table (as the property tests deal): 2-10 players, random stakes."""
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    small = rng.choice((1, 2, 5, 10))
    betting: Betting = rng.choice(("limit", "no-limit"))
    cap = rng.choice((None, 0, 1, 3)) if betting == "no-limit" else rng.choice((0, 1, 3))
    return Spec(
        name="",
        about="",
        seed=seed,
        players=n,
        betting=betting,
        small_bet=small,
        big_bet=small * rng.choice((1, 2, 3)),
        ante=rng.choice((0, small // 2, small)),
        max_raises=cap,
        stacks=tuple(rng.choice(STACK_CHOICES) * small for _ in range(n)),
        dealer=rng.randrange(n),
        policy=policy,
    )


# --- stacked first decks (from tests/engine/test_rules_deal.py) ---------------------------


def _deck_running_out() -> str:
    """Ten players, dealer 4: the deck runs out while seat 0 is dealt (R-BANNER-3)."""
    spades = [r + "s" for r in reversed(RANKS[:-1])]
    hearts = [r + "h" for r in reversed(RANKS[:-1])]
    diamonds = [r + "d" for r in reversed(RANKS[:-1])]
    low_clubs = [r + "c" for r in reversed(RANKS[:-2])]
    return " ".join(["As", *spades, "Ah", *hearts, "Ad", *diamonds, "Ac", "Kc", *low_clubs])


def _deck_used_up() -> str:
    """Ten players, dealer 9: the 52nd card is the last banner (no R-BANNER-3)."""
    ks_3s = [r + "s" for r in reversed(RANKS[1:-1])]
    kh_4h = [r + "h" for r in reversed(RANKS[2:-1])]
    kd_3d = [r + "d" for r in reversed(RANKS[1:-1])]
    jc_2c = [r + "c" for r in reversed(RANKS[:-3])]
    group_1 = ["As", *ks_3s, "Ah", *kh_4h, "Ad", *kd_3d, "Ac"]
    return " ".join([*group_1, "2s", "3h", "2d", "Kc", "Qc", *jc_2c, "2h"])


assert sorted(parse_cards(_deck_running_out())) == list(DECK)
assert sorted(parse_cards(_deck_used_up())) == list(DECK)
assert format_cards(DECK)  # the helpers above are checked at import

# ------------------------------------------------------------------ finding hands


def features(hand: Hand) -> set[str]:
    """The rare rules a finished hand reached."""
    found: set[str] = set()
    events = hand.events
    assert hand.result is not None
    found.add(f"end-{hand.result.end}")
    for index, event in enumerate(events):
        if isinstance(event, CardsShuffled) and event.what in ("discard", "set-aside"):
            found.add(f"shuffle-{event.what}")
        if isinstance(event, PlayerOut) and event.reason == "tie":
            found.add("tie-both-out")
        if isinstance(event, ChipsReturned):
            found.add("chips-returned")
        if isinstance(event, AntePosted) and event.all_in:
            found.add("ante-all-in")
        called = isinstance(events[index - 1], BattleCalled)
        if isinstance(event, BattleCompared) and event.winner is None and called:
            found.add("end-tie-called" if hand.result.end == "tie" else "tie-called")
        if isinstance(event, BattleCompared) and not isinstance(events[index - 1], BattleCalled):
            found.add("final-comparison")
            if isinstance(events[index - 1], Stayed) and event.winner is None:
                found.add("final-comparison-tie")
    all_in = [hand.in_hand[s] and hand.stacks[s] == hand.result.payouts[s] for s in range(hand.n)]
    top = max(hand.contributions)
    caps = {
        hand.contributions[s]
        for s in range(hand.n)
        if hand.in_hand[s] and all_in[s] and hand.contributions[s] < top
    }
    if caps:
        found.add("side-pot")
    if len(caps) >= 2:
        found.add("side-pots-layered")
    return found


def find(feature: str, *, policy: str = "uniform", limit: int = 20000, longest: int = 80) -> Spec:
    """The first random table whose hand reaches ``feature`` in ``longest`` actions."""
    for seed in range(limit):
        spec = random_spec(seed, policy)
        hand = play(spec)
        if feature in features(hand) and len(hand.actions) <= longest:
            return spec
    raise LookupError(feature)


# ------------------------------------------------------------------ the specs


def _table(seed: int, policy: str = "uniform", **overrides: Any) -> Spec:
    base = random_spec(seed, policy)
    return Spec(**{**base.__dict__, **overrides})


SPECS: tuple[Spec, ...] = (
    Spec("p2-limit", "two players, limit", seed=4, players=2, policy="lively"),
    Spec("p3-no-limit", "three players, no-limit", 9, 3, "no-limit", policy="lively"),
    Spec("p4-limit", "four players, limit, ante 0", 0, 4, ante=0, dealer=3, policy="lively"),
    Spec("p5-no-limit", "five players, no-limit", 59, 5, "no-limit", policy="lively"),
    Spec("p6-limit", "six players, limit", seed=0, players=6, dealer=2, policy="lively"),
    Spec("p7-no-limit", "seven, no-limit, cap 1", 0, 7, "no-limit", max_raises=1, policy="lively"),
    Spec("p8-limit", "eight players, limit, BB = SB", 0, 8, big_bet=10, policy="lively"),
    Spec("p9-no-limit", "nine players, no-limit", 1, 9, "no-limit", policy="lively"),
    Spec("p10-limit", "ten players, limit (three banner groups)", 0, 10, policy="lively"),
    Spec(
        "set-aside-reshuffle",
        "ten players; the deck runs out in the banner deal (R-BANNER-3)",
        seed=21,
        players=10,
        dealer=4,
        stacked=(_deck_running_out(),),
    ),
    Spec(
        "deck-used-up",
        "ten players; the last banner takes the deck's last card (no R-BANNER-3)",
        seed=22,
        players=10,
        dealer=9,
        betting="no-limit",
        stacked=(_deck_used_up(),),
    ),
)


def all_specs() -> tuple[Spec, ...]:
    """SPECS and the hands found for the rare rules (seeds found by :func:`find`)."""
    return SPECS + FOUND


#: Found by ``python tests/golden.py --find``: for each rare rule, the first random
#: table (:func:`random_spec`) whose hand reaches it in at most 80 actions.
FOUND: tuple[Spec, ...] = (
    _table(9, "buyer", name="discard-reshuffle", about="the stock runs out (R-BUY-2)"),
    _table(340, name="tie-both-out", about="a battle tie with others left (R-CMP-3)"),
    _table(9038, name="tie-last-two", about="the last two tie a called battle (R-CMP-3)"),
    _table(3, name="side-pot", about="an all-in player's side pot; an ante all-in"),
    _table(551, name="side-pots-layered", about="two all-in caps: three layers (R-POT-2)"),
    _table(2, "quiet", name="final-comparison", about="the last two compared (R-END-3)"),
    _table(13217, "quiet", name="final-comparison-tie", about="R-END-3 ending in a tie"),
    _table(4, name="same-suit", about="the players left share a suit (R-END-2)"),
    _table(0, "quiet", name="showdown", about="a quiet round's showdown (R-END-4)"),
    _table(0, name="chips-returned", about="unmatched raises go back (R-BET-7)"),
)


def write(specs: Sequence[Spec]) -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for spec in specs:
        hand = play(spec)
        record = hand.to_record()
        header = {"name": spec.name, "about": spec.about, "seed": spec.seed, "record": record}
        lines = [dump(header), *(dump(line) for line in playthrough(record))]
        (GOLDEN / f"{spec.name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--find"]:
        for feature, policy in [
            ("shuffle-discard", "buyer"),
            ("tie-both-out", "uniform"),
            ("end-tie", "uniform"),
            ("side-pot", "uniform"),
            ("final-comparison", "quiet"),
            ("final-comparison-tie", "quiet"),
            ("end-same-suit", "uniform"),
            ("end-showdown", "quiet"),
            ("chips-returned", "uniform"),
            ("ante-all-in", "uniform"),
            ("end-tie-called", "uniform"),
            ("side-pots-layered", "uniform"),
        ]:
            spec = find(feature, policy=policy)
            print(feature, policy, spec.seed, spec.players, spec.betting)
    else:
        write(all_specs())
