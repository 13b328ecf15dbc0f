"""The blunder checker (palace_poker.bots.blunders): each kind detected on a decision
built to contain it, not on a sensible one, the certainties confirmed by the hidden
cards, and the shipped heuristic and Monte Carlo bots making no clear blunder."""

from __future__ import annotations

import pytest

from palace_poker import Action, Hand, Observation, Rules, SeededShuffle, Verb
from palace_poker.bots import make_bot
from palace_poker.bots.blunders import (
    CLEAR,
    KINDS,
    Tally,
    Verdict,
    check,
    judge,
    play_hand,
    table,
)
from palace_poker.bots.montecarlo import MonteCarloBot
from palace_poker.bots.reading import (
    attack_suits,
    better_keeping,
    certain_loss,
    certain_win,
    fresh_soldiers,
)
from palace_poker.cards import DECK, parse_cards
from palace_poker.config import Betting


def crafted(view: Observation, banners: str, palace: str, soldiers: list[str]) -> Observation:
    """``view`` with the banners, the viewer's palace and every army replaced (cards
    as text), for a decision built to contain (or not) a blunder."""
    armies = tuple(tuple(parse_cards(army)) for army in soldiers)
    added = sum(map(len, armies)) - sum(map(len, view.soldiers))
    return view._replace(
        banners=tuple(parse_cards(banners)),
        palace=tuple(parse_cards(palace)),
        soldiers=armies,
        stock_size=view.stock_size - added,  # the soldiers came from the stock
        known_palaces={},
        known_discards=(),
        known_stock=(),
    )


def two_player(betting: Betting = "limit") -> Hand:
    """A two-player hand at its first turn (seat 1 to act)."""
    hand = Hand.deal(
        Rules.of(10, betting=betting), [1000, 1000], dealer=0, shuffle=SeededShuffle(3)
    )
    assert hand.to_act == 1
    return hand


def battle_view(hand: Hand) -> Observation:
    """The defender's view after seat 1 attacks seat 0."""
    hand.apply(Action(1, Verb.BET, 0))
    assert hand.phase == "battle"
    return hand.observe(0)


@pytest.mark.rule("R-BUY-3")
@pytest.mark.rule("R-CMP-1")
def test_trimming_a_fresh_soldier_that_improves_the_hand_is_a_blunder() -> None:
    for seed in range(50):
        hand = Hand.deal(Rules.of(10), [500] * 3, dealer=0, shuffle=SeededShuffle(seed))
        seat = hand.to_act
        assert seat is not None
        hand.apply(Action(seat, Verb.BUY))
        view = hand.observe(seat)
        fresh = fresh_soldiers(view)
        assert fresh == tuple(hand.soldiers[seat][-1:])
        if better_keeping(view, [], fresh[0], attack_suits(view)) is not None:
            break
    else:  # pragma: no cover
        pytest.fail("no deal with an improving bought card")
    thrown = judge(view, Action(seat, Verb.TRIM, cards=fresh), fresh, 0)
    assert thrown.blunders == ("fresh_trim",)
    kept = judge(view, Action(seat, Verb.TRIM), fresh, 0)
    assert kept.chances == ("fresh_trim",)
    assert kept.blunders == ()
    bot = make_bot("heuristic", 1)
    assert not set(bot.act(view).cards) & set(fresh)


@pytest.mark.rule("R-CMP-1")
def test_a_card_of_the_only_opponents_suit_may_be_trimmed() -> None:
    hand = two_player()
    hand.apply(Action(1, Verb.BUY))
    view = hand.observe(1)
    fresh = fresh_soldiers(view)
    # Make the bought card one of the opponent's banner suit: it counts for nothing.
    suit = view.banners[0] & 3
    card = next(c for c in DECK if c & 3 == suit and c not in view.visible_cards())
    view = view._replace(soldiers=((), (card,)))
    assert judge(view, Action(1, Verb.TRIM, cards=(card,)), (card,), 0).blunders == ()
    assert fresh  # the real trim had one


@pytest.mark.rule("R-CMP-1")
@pytest.mark.rule("R-CMP-2")
def test_attacking_a_target_whose_visible_cards_win_is_a_certain_loss() -> None:
    view = two_player().observe(1)
    # Seat 1 (clubs) holds 7-high; seat 0 (spades) shows trip aces.
    losing = crafted(view, "As 2c", "3d 4h 7d", ["Ah Ad", ""])
    assert certain_loss(losing, 0)
    assert judge(losing, Action(1, Verb.BET, 0), (), 0).blunders == ("certain_loss_attack",)
    # A lone ace beats a 7-high four-card hand too (R-CARD-3), but not a pair.
    assert certain_loss(crafted(view, "As 2c", "3d 4h 7d", ["", ""]), 0)
    pair = crafted(view, "As 2c", "7d 7h 3d", ["", ""])
    assert not certain_loss(pair, 0)
    assert judge(pair, Action(1, Verb.BET, 0), (), 0).blunders == ()
    for name in ("heuristic", "montecarlo"):
        assert make_bot(name, 1).act(losing).verb is not Verb.BET


@pytest.mark.rule("R-CMP-2")
def test_an_equal_visible_hand_with_more_own_suit_cards_is_a_certain_loss() -> None:
    view = two_player().observe(1)
    # Both make kings with a five (seat 1: clubs, its 9h left out; seat 0: hearts,
    # showing Kh Ks 5h): seat 0 has two hearts, seat 1 one club.
    tied = crafted(view, "Kh Kc", "Kd 5d 9h", ["Ks 5h", ""])
    assert certain_loss(tied, 0)
    even = crafted(view, "Kh Kc", "Kd 5c 9h", ["Ks 5h", ""])
    assert not certain_loss(even, 0)  # two hearts against two clubs: a tie at worst


@pytest.mark.rule("R-BET-8")
@pytest.mark.rule("R-CMP-1")
def test_folding_a_certain_win_is_a_blunder() -> None:
    view = battle_view(two_player())
    # Seat 0 holds a royal flush in its own suit; seat 1's cards can never match it.
    royal = crafted(view, "As 2c", "Ks Qs Js", ["Ts", ""])
    assert certain_win(royal, 1)
    assert judge(royal, Action(0, Verb.FOLD), (), 0).blunders == ("certain_win_fold",)
    assert judge(royal, Action(0, Verb.CALL), (), 0).blunders == ()
    weak = crafted(view, "As 2c", "3d 4h 6s", ["", ""])
    assert not certain_win(weak, 1)
    assert judge(weak, Action(0, Verb.FOLD), (), 0).blunders == ()
    for name in ("heuristic", "montecarlo"):
        assert make_bot(name, 1).act(royal).verb is not Verb.FOLD


@pytest.mark.rule("R-END-3")
@pytest.mark.rule("R-BET-8")
@pytest.mark.parametrize("betting", ["limit", "no-limit"])
def test_a_heads_up_certain_win_is_finished_by_a_bet(betting: Betting) -> None:
    view = two_player(betting).observe(1)
    # Seat 1's three aces beat any three cards seat 0 may hold beside its 2c: a
    # spade counts for nothing against seat 1 (R-CMP-1), so seat 0 makes no four of
    # a kind, and its best three of a kind (kings) is lower.
    royal = crafted(view, "2c As", "Ah Ad Ac", ["", ""])
    assert certain_win(royal, 0)
    bot = MonteCarloBot(seed=1)
    candidates = bot.candidates(royal)
    assert {(a.verb, a.target) for a in candidates} == {(Verb.BET, 0)}
    if betting == "no-limit":  # a bigger battle won for certain wins more
        assert len(candidates) > 1
    for name in ("montecarlo", "ismcts", "hard", "expert"):
        assert make_bot(name, 1).act(royal).verb is Verb.BET
    bet = candidates[0]
    assert judge(royal, bet, (), 0).blunders == ()
    assert "slow_win" in judge(royal, bet, (), 0).chances
    for other in (Action(1, Verb.BUY), Action(1, Verb.STAY)):
        assert judge(royal, other, (), 0).blunders == ("slow_win",)
    # Without the certainty the bot still weighs staying and buying.
    weak = crafted(view, "2c As", "3d 4h 6s", ["", ""])
    assert {Verb.STAY, Verb.BUY} <= {a.verb for a in bot.candidates(weak)}
    assert judge(weak, Action(1, Verb.BUY), (), 0) == Verdict(("needless_fold",), ())


@pytest.mark.rule("R-FOLD-1")
@pytest.mark.rule("R-STAY-1")
def test_folding_ones_turn_when_staying_is_free_is_a_blunder() -> None:
    view = two_player().observe(1)
    assert judge(view, Action(1, Verb.FOLD), (), 0).blunders == ("needless_fold",)
    assert judge(view, Action(1, Verb.STAY), (), 0).blunders == ()


@pytest.mark.rule("R-BET-2")
def test_a_weak_all_in_opening_raise_is_counted() -> None:
    view = two_player("no-limit").observe(1)
    bet = next(o for o in view.options if o.verb is Verb.BET and o.min_amount is not None)
    assert bet.max_amount is not None
    assert bet.min_amount is not None
    weak = crafted(view, "2s 4c", "3d 6h 8d", ["", ""])
    shove = bet.action(amount=bet.max_amount)
    assert judge(weak, shove, (), 0).blunders == ("weak_all_in",)
    small = bet.action(amount=bet.min_amount)
    assert judge(weak, small, (), 0).blunders == ()
    strong = crafted(view, "2s 4c", "4d 4h 4s", ["", ""])
    assert judge(strong, shove, (), 0).blunders == ()


def test_the_checker_sees_every_kind_from_random_play_and_the_hidden_cards_agree() -> None:
    tallies = check(["random", "random"], 300, "limit", seed=2, players=3)
    tally = tallies["random"]
    assert tally.counts["fresh_trim"]
    assert tally.counts["certain_loss_attack"]
    assert tally.counts["needless_fold"]
    assert tally.counts["slow_win"]
    assert tally.contradicted == 0
    text = table(tallies)
    assert all(kind in text for kind in KINDS)


def test_fresh_soldiers_read_from_the_view_are_those_the_hand_added() -> None:
    for seed in range(20):
        hand = Hand.deal(Rules.of(10), [400] * 4, dealer=0, shuffle=SeededShuffle(seed))
        bots = [make_bot("random", seed * 10 + i) for i in range(4)]
        before = [tuple(army) for army in hand.soldiers]
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            view = hand.observe(seat)
            if view.phase == "trim":
                added = tuple(c for c in hand.soldiers[seat] if c not in before[seat])
                assert fresh_soldiers(view) == added
            before = [tuple(army) for army in hand.soldiers]
            hand.apply(bots[seat].act(view))


@pytest.mark.parametrize("betting", ["limit", "no-limit"])
def test_the_shipped_bots_make_no_clear_blunder(betting: Betting) -> None:
    runs = [
        check(["heuristic", "random"], 300, betting, seed=5, players=4),
        check(["montecarlo", "heuristic", "random"], 45, betting, seed=6),
    ]
    for name, tally in [(name, run[name]) for run in runs for name in run if name != "random"]:
        assert tally.decisions > 0, name
        assert {kind: tally.counts[kind] for kind in CLEAR} == dict.fromkeys(CLEAR, 0)
        assert tally.counts["slow_win"] == 0, name  # a judgement, but never theirs
        assert tally.contradicted == 0


def test_play_hand_counts_every_decision() -> None:
    hand = two_player()
    tallies = [Tally(), Tally()]
    play_hand(hand, [make_bot("heuristic", 1), make_bot("heuristic", 2)], tallies, 0)
    assert sum(t.decisions for t in tallies) == len(hand.actions)
