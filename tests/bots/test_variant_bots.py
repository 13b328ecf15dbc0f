"""The bots in every variant (docs/bots.md, *Variants*): each level plays hands of
every preset, of each single reading and of random variants, legally, to the end,
with the chips conserved; and the focused checks behind that: a trim keeps at most
the variant's soldiers, the battle odds strike a banner's rank in the rank reading,
the unseen cards are the variant's deck's, the soldiers captured from a fold on the
folder's turn are fresh, and the certainties hold against the hidden cards.

The searching levels play with small budgets (as in test_bots); the standard game's
decisions are held unchanged by the bots' other tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

import pytest

from helpers import play, stacked
from palace_poker import Hand, Rules, SeededShuffle, Verb, evaluate, parse_cards
from palace_poker.bots import BOTS, Bot, ISMCTSBot, MonteCarloBot, make_bot
from palace_poker.bots.blunders import Tally, play_hand
from palace_poker.bots.reading import Reading, fresh_soldiers, own_suit_count, unseen_cards
from palace_poker.config import Betting
from palace_poker.presets import PRESETS
from palace_poker.variant import Struck, Variant
from random_hands import random_variant

MakeBot = Callable[[int], Bot]


def _searcher(name: str) -> MakeBot | None:
    """The searching levels with small budgets, each with its own kind of search and
    inference (hard: montecarlo; expert: ismcts reading bets by the field)."""
    if name in ("montecarlo", "hard"):
        return lambda seed: MonteCarloBot(seed=seed, samples=2, steps=60, rollout_samples=2)
    if name == "ismcts":
        return lambda seed: ISMCTSBot(seed=seed, iterations=6, rollout_samples=2)
    if name == "expert":
        return lambda seed: ISMCTSBot(seed=seed, iterations=6, rollout_samples=2, inference="field")
    return None


def _factory(name: str) -> MakeBot:
    searcher = _searcher(name)
    return searcher if searcher is not None else lambda seed: make_bot(name, seed)


#: Every registered bot, as these tests build it.
FACTORIES: dict[str, MakeBot] = {name: _factory(name) for name in sorted(BOTS)}

#: The variants every level plays: the presets, each reading alone, random ones.
VARIANTS: dict[str, Variant] = {
    **{name: found.variant for name, found in PRESETS.items()},
    "struck=rank": Variant(struck="rank"),
    "last_two=battle": Variant(last_two="battle"),
    "entry=attacker": Variant(entry="attacker"),
    "fold=captured": Variant(fold="captured"),
}


def drawn_variants(count: int, seed: int) -> dict[str, Variant]:
    """``count`` random variants (tests/random_hands.py) that deal two players."""
    rng = random.Random(seed)
    drawn: dict[str, Variant] = {}
    while len(drawn) < count:
        variant = random_variant(rng)
        if variant.most_players() >= 2:
            drawn[f"random-{len(drawn)}"] = variant
    return drawn


VARIANTS.update(drawn_variants(6, seed=32))


def play_checked(hand: Hand, bots: list[Bot], chips: int) -> None:
    """Play ``hand`` to its end: every decision legal, every trim keeping at most the
    variant's soldiers, the hand over within a bound, the ``chips`` dealt in (the
    stacks before the antes) all back in the stacks."""
    variant = hand.rules.variant
    decisions = 0
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        view = hand.observe(seat)
        action = bots[seat].act(view)
        assert hand.can(action), f"{bots[seat].name} chose {action} in {hand.to_record()}"
        hand.apply(action)
        if action.verb is Verb.TRIM:
            assert len(hand.soldiers[seat]) <= variant.soldiers
        decisions += 1
        assert decisions < 3000, f"no end in {variant!r}"
    assert sum(hand.stacks) == chips


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("V-PALACE-1")
@pytest.mark.rule("V-BUY-3")
@pytest.mark.rule("V-CMP-1")
@pytest.mark.rule("V-BET-2")
@pytest.mark.rule("V-FOLD-1")
@pytest.mark.rule("V-END-3")
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_level_plays_every_variant_legally_to_the_end(name: str) -> None:
    variant = VARIANTS[name]
    levels = sorted(FACTORIES)
    most = variant.most_players()
    played = dict.fromkeys(levels, 0)
    seated = 0
    for number in range(24):
        players = 2 + number % min(3, most - 1)
        betting: Betting = "limit" if number % 2 else "no-limit"
        rules = Rules.of(5, betting=betting, variant=variant)
        hand = Hand.deal(
            rules, [200] * players, dealer=number % players, shuffle=SeededShuffle(number)
        )
        # The levels in turn round the seats, each table going on from the last, so
        # that each plays about as often, at tables of every size.
        lineup = [levels[(seated + seat) % len(levels)] for seat in range(players)]
        seated += players
        bots = [FACTORIES[level](number * 10 + s) for s, level in enumerate(lineup)]
        play_checked(hand, bots, 200 * players)
        for level in lineup:
            played[level] += 1
    assert min(played.values()) >= 1, played


@pytest.mark.rule("V-BUY-3")
@pytest.mark.parametrize("level", sorted(FACTORIES))
def test_a_trim_keeps_at_most_the_variants_soldiers(level: str) -> None:
    for soldiers in (1, 3):
        hand = stacked(
            banners=["Qs", "Ac", "Kh"],
            palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
            stock="9d 8d 6h 5h",
            rules=Rules.of(10, variant=Variant(soldiers=soldiers)),
        )
        for _ in range(soldiers):  # seat 1 buys as many soldiers as it may keep
            play(hand, "1 buy", "1 trim", "2 stay", "0 stay")
        play(hand, "1 buy")
        assert hand.phase == "trim"
        assert len(hand.soldiers[1]) == soldiers + 1  # one over: a trim must discard
        action = FACTORIES[level](7).act(hand.observe(1))
        assert hand.can(action)
        hand.apply(action)
        assert len(hand.soldiers[1]) <= soldiers


def struck_battle(struck: Struck) -> Hand:
    """Seat 0 flies Kc and holds Kh Kd 7h; seat 1 flies Ks and attacks. By the suit
    reading seat 0 holds three kings (only spades struck), by the rank reading
    (V-CMP-1: Ks strikes every king) a seven alone, while seat 1's king is struck
    too and its three unknown cards decide."""
    hand = stacked(
        banners=["Kc", "Ks"],
        palaces=["Kh Kd 7h", "Ah Ac 3c"],
        rules=Rules.of(10, variant=Variant(struck=struck)),
    )
    return play(hand, "1 bet 0")


def exact_odds(hand: Hand, by_rank: bool) -> float:
    """Seat 0's chance to win the comparison against seat 1 over every palace seat 1
    may hold from seat 0's unseen cards, by the rule's own words (R-CMP-1 or
    V-CMP-1, R-CMP-2 counting one's own banner suit; a tie is half a win)."""
    view = hand.observe(0)
    mine = (view.banners[0], *view.palace)
    their_banner = view.banners[1]

    def usable(cards: tuple[int, ...], banner: int) -> list[int]:
        if by_rank:
            return [c for c in cards if c >> 2 != banner >> 2]
        return [c for c in cards if c & 3 != banner & 3]

    my_value = evaluate(usable(mine, their_banner))
    wins = total = 0.0
    for palace in combinations(unseen_cards(view), 3):
        theirs = (their_banner, *palace)
        value = evaluate(usable(theirs, view.banners[0]))
        if value == my_value:
            mine_count = own_suit_count(mine, view.banners[0] & 3)
            their_count = own_suit_count(theirs, their_banner & 3)
            wins += 0.5 if mine_count == their_count else float(mine_count > their_count)
        else:
            wins += float(my_value > value)
        total += 1
    return wins / total


@pytest.mark.rule("V-CMP-1")
@pytest.mark.rule("R-CMP-1")
def test_the_battle_odds_strike_the_banners_rank_in_the_rank_reading() -> None:
    by_suit, by_rank = struck_battle("suit"), struck_battle("rank")
    odds_suit = Reading(by_suit.observe(0), random.Random(1), 3000).battle_odds(1)
    odds_rank = Reading(by_rank.observe(0), random.Random(1), 3000).battle_odds(1)
    # Opposite favourites: three kings against a king and three unknown cards, or a
    # seven alone against three unknown cards.
    assert odds_suit > 0.9
    assert odds_rank < 0.1
    assert odds_suit == pytest.approx(exact_odds(by_suit, by_rank=False), abs=0.03)
    assert odds_rank == pytest.approx(exact_odds(by_rank, by_rank=True), abs=0.03)


@pytest.mark.rule("V-CMP-1")
def test_the_heuristic_answers_by_the_reading_played() -> None:
    # The same cards and bet: the suit reading calls or raises (three kings), the
    # rank reading folds (its kings struck by the Ks banner).
    verbs = [
        make_bot("heuristic", 3).act(struck_battle(struck).observe(0)).verb
        for struck in ("suit", "rank")
    ]
    assert verbs[0] in (Verb.CALL, Verb.RAISE)
    assert verbs[1] is Verb.FOLD


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("V-PALACE-1")
def test_the_unseen_cards_and_sampled_palaces_come_from_the_variants_deck() -> None:
    variant = Variant(ranks=6, suits=3, palace=2)
    deck = set(variant.deck)
    for seed in range(20):
        hand = Hand.deal(
            Rules.of(10, variant=variant), [200] * 3, dealer=0, shuffle=SeededShuffle(seed)
        )
        view = hand.observe(hand.to_act)
        pool = unseen_cards(view)
        assert set(pool) <= deck
        # Every card of the deck is seen by the viewer or unseen, never both.
        assert len(pool) == len(deck) - 3 - 2
        reading = Reading(view, random.Random(seed), 20)
        for target in range(3):
            if target != view.viewer:
                assert 0.0 <= reading.battle_odds(target) <= 1.0
        assert {len(palace) for palace in reading._draws()} == {2}


@pytest.mark.rule("V-FOLD-1")
@pytest.mark.rule("R-CAPT-1")
def test_soldiers_captured_from_a_fold_on_the_folders_turn_are_fresh() -> None:
    hand = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
        stock="9d 8d",
        rules=Rules.of(10, variant=Variant(fold="captured", soldiers=1)),
    )
    play(hand, "1 buy", "1 trim", "2 stay", "0 buy", "0 trim", "1 fold")
    view = hand.observe(2)  # the captor trims Ac 9d
    assert fresh_soldiers(view) == tuple(parse_cards("Ac 9d"))
    action = make_bot("heuristic", 1).act(view)
    assert hand.can(action)
    hand.apply(action)
    assert len(hand.soldiers[2]) == 1


@pytest.mark.rule("V-END-3")
@pytest.mark.parametrize("level", sorted(FACTORIES))
def test_the_last_two_made_to_battle_answer_bet_or_fold(level: str) -> None:
    hand = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
        rules=Rules.of(10, variant=Variant(last_two="battle")),
    )
    play(hand, "1 fold")
    action = FACTORIES[level](5).act(hand.observe(2))
    assert hand.can(action)
    assert action.verb in (Verb.BET, Verb.FOLD)


@pytest.mark.rule("V-CMP-1")
@pytest.mark.rule("V-PALACE-1")
def test_the_certainties_hold_against_the_hidden_cards_in_variants() -> None:
    # The blunder checker's certain loss and certain win, judged at every decision
    # of hands in the rank reading and with other palace sizes, are never
    # contradicted by the cards the viewer could not see.
    variants = [
        Variant(struck="rank"),
        Variant(struck="rank", palace=1, soldiers=3),
        Variant(palace=2, ranks=9),
        Variant(struck="rank", palace=4, ranks=8, last_two="battle"),
    ]
    judged = Tally()
    for index, variant in enumerate(variants):
        for seed in range(10):
            players = 2 + seed % 3
            hand = Hand.deal(
                Rules.of(10, variant=variant),
                [400] * players,
                dealer=0,
                shuffle=SeededShuffle(seed),
            )
            bots = [make_bot("random", seed * 10 + s) for s in range(players)]
            tallies = [Tally() for _ in range(players)]
            play_hand(hand, bots, tallies, index * 100 + seed)
            for tally in tallies:
                judged.add(tally)
    assert judged.contradicted == 0
    assert judged.counts["certain_loss_attack"] > 0
    assert judged.chances["certain_win_fold"] > 0
