"""Scenario tests of the one pot: contributions, the award, side pots for all-in
players, and odd chips.

Rules: R-POT-1..3, with R-ALLIN-1, R-ALLIN-2, R-END-1, R-END-4 and R-CMP-3 where the
pot is decided.

Every deal is stacked (``helpers.stacked``). Unless a test says otherwise the stakes
are ``Rules.of(10)``: SB 10, BB 20, ante 5, limit; dealer 0, so with three players the
dealing order, and the order odd chips go in, is seat 1, seat 2, seat 0.
"""

from __future__ import annotations

import pytest

from helpers import play, stacked
from palace_poker import Hand, Rules
from palace_poker.events import (
    BattleCalled,
    ChipsReturned,
    End,
    HandEnded,
    PotAwarded,
    ShowdownRevealed,
)


def check_over(hand: Hand, end: End, payouts: tuple[int, ...], stacks: tuple[int, ...]) -> None:
    """The hand is over as said, and no chip was made or lost."""
    assert hand.over
    assert hand.result is not None
    assert hand.result.end == end
    assert hand.result.payouts == payouts
    assert hand.result.stacks == stacks
    assert tuple(hand.stacks) == stacks
    assert sum(payouts) == hand.pot
    assert sum(stacks) == sum(hand.start_stacks)
    awarded = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert awarded == [PotAwarded(s, p) for s, p in enumerate(payouts) if p]
    assert hand.events[-1] == HandEnded(end, stacks)


# ------------------------------------------------------------- R-POT-1, R-POT-2


@pytest.mark.rule("R-POT-1")
@pytest.mark.rule("R-POT-2")
def test_the_whole_pot_goes_to_the_last_player_whatever_each_put_in() -> None:
    # Seat 1 (clubs, pair of aces counting) buys and loses to seat 2 (hearts, three kings).
    hand = stacked(
        banners=["Qs", "Ac", "Kh"], palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"], stock="9d"
    )
    play(hand, "1 buy", "1 trim", "2 bet 1", "1 call", "2 trim")
    assert hand.contributions == [5, 35, 15]
    assert hand.pot == sum(hand.contributions) == 55
    assert hand.in_hand == [True, False, True]
    hand.apply("0 fold")
    check_over(hand, "last", (0, 0, 55), (995, 965, 1040))


@pytest.mark.rule("R-POT-1")
def test_contributions_are_net_of_returned_raises() -> None:
    hand = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
        rules=Rules.of(10, betting="no-limit"),
    )
    play(hand, "1 bet 2 50")
    assert hand.contributions == [5, 65, 5]
    play(hand, "2 fold")  # the 50 never matched goes back to seat 1 (R-BET-7)
    assert hand.contributions == [5, 15, 5]
    assert hand.pot == 25
    assert hand.observe(0).contributions == (5, 15, 5)
    assert hand.observe(0).pot == 25
    play(hand, "1 trim", "0 fold")
    check_over(hand, "last", (0, 25, 0), (995, 1010, 995))


@pytest.mark.rule("R-POT-2")
@pytest.mark.rule("R-POT-3")
@pytest.mark.rule("R-POT-1")
@pytest.mark.rule("R-ALLIN-2")
@pytest.mark.rule("R-END-1")
def test_an_all_in_winner_wins_at_most_their_own_stake_from_each_and_the_rest_goes_back() -> None:
    # Seat 2 (spades: A-A-K-K against anyone) starts with 25 chips. Seats 1 (clubs) and
    # 0 (hearts) hold nothing much.
    hand = stacked(
        banners=["3h", "2c", "As"],
        palaces=["5c 8d Tc", "4d 7h 9s", "Ad Kd Ks"],
        stock="Jd 6c Qd",
        stacks=[1000, 1000, 25],
    )
    play(
        hand,
        *("1 buy", "1 trim", "2 stay", "0 buy", "0 trim"),
        *("1 stay", "2 stay", "0 buy", "0 trim", "1 stay"),
        *("2 bet 1", "1 raise"),
    )
    assert hand.contributions == [25, 55, 15]
    assert hand.stacks == [975, 945, 10]
    assert [str(o) for o in hand.legal_options()] == ["2 fold", "2 call (costs 10)"]
    # Seat 2 calls all-in for 10 of the 20 raised: the other 10 go back at once.
    assert hand.apply("2 call")[:2] == [BattleCalled(2, 10), ChipsReturned(1, 10)]
    assert hand.contributions == [25, 45, 25]
    assert hand.stacks == [975, 955, 0]
    assert hand.in_hand == [True, False, True]
    play(hand, "2 trim", "0 bet 2")
    assert hand.contributions == [55, 45, 25]
    assert [str(o) for o in hand.legal_options()] == ["2 fold", "2 call"]
    hand.apply("2 call")  # all-in: pays nothing more, and wins
    # 25 from each (75) to seat 2; the layer 25..55 has nobody eligible: 30 and 20 go back.
    check_over(hand, "last", (30, 20, 75), (975, 975, 75))


@pytest.mark.rule("R-POT-2")
@pytest.mark.rule("R-ALLIN-1")
def test_an_all_in_player_who_is_out_of_the_hand_cuts_no_layer() -> None:
    hand = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
        stacks=[1000, 5, 1000],
    )
    play(hand, "1 bet 2", "2 call", "2 trim")  # seat 1, all-in after the ante, loses
    assert hand.contributions == [5, 5, 15]
    play(hand, "2 stay", "0 fold")
    check_over(hand, "last", (0, 0, 25), (995, 0, 1010))


@pytest.mark.rule("R-POT-2")
@pytest.mark.rule("R-ALLIN-1")
def test_a_showdown_with_several_all_in_players_pays_each_layer_to_its_best_hand() -> None:
    # Seat 1 (15 chips) buys once and is all-in; seat 2 (25 chips) buys twice and is
    # all-in; seat 0 buys three times. In the showdown seat 1's four aces beat seat 2's
    # three kings, which beat seat 0's queen high.
    hand = stacked(
        banners=["Qh", "As", "Kd"],
        palaces=["3c 5d 7s", "Ah Ad Ac", "Kh Ks 2c"],
        stock="Tc 6d 9c 8h Jd 4s",
        stacks=[1000, 15, 25],
    )
    play(hand, "1 buy", "1 trim", "2 buy", "2 trim", "0 buy", "0 trim")
    assert hand.stacks[1] == 0
    assert "1 buy (costs 10)" not in [str(o) for o in hand.legal_options()]
    play(hand, "1 stay", "2 buy", "2 trim", "0 buy", "0 trim")
    assert hand.stacks[2] == 0
    play(hand, "1 stay", "2 stay", "0 buy", "0 trim", "1 stay", "2 stay")
    assert hand.contributions == [35, 15, 25]
    events = hand.apply("0 stay")
    assert any(isinstance(e, ShowdownRevealed) for e in events)
    # layers: 0..15 (45) to seat 1; 15..25 (20) to seat 2, best of seats 2 and 0;
    # 25..35 (10) to seat 0, the only one eligible
    check_over(hand, "showdown", (10, 45, 20), (975, 45, 20))


# ------------------------------------------------------------------- R-POT-3


@pytest.mark.rule("R-POT-3")
@pytest.mark.rule("R-POT-2")
@pytest.mark.rule("R-END-4")
def test_odd_chips_go_clockwise_from_the_dealers_left_afresh_in_each_layer() -> None:
    # SB 5, ante 2. Seat 1 (7 chips) buys once and is all-in at 7; seat 2 puts in 12 and
    # seat 0 puts in 17. Seats 2 and 0 tie with king-high straights and beat seat 1.
    hand = stacked(
        banners=["Kh", "As", "Kd"],
        palaces=["Qd Jd Td", "2c 5h 7d", "Qs Jc Tc"],
        stock="8c 9h 9s 2s 3c 4c",
        stacks=[1000, 7, 1000],
        rules=Rules.of(5, ante=2),
    )
    play(
        hand,
        *("1 buy", "1 trim", "2 buy", "2 trim", "0 buy", "0 trim"),
        *("1 stay", "2 buy", "2 trim", "0 buy", "0 trim"),
        *("1 stay", "2 stay", "0 buy", "0 trim"),
        *("1 stay", "2 stay", "0 stay"),
    )
    assert hand.contributions == [17, 7, 12]
    # layer 0..7 holds 21: 11 to seat 2 (first after the dealer), 10 to seat 0;
    # layer 7..17 holds 15: again 8 to seat 2, 7 to seat 0
    check_over(hand, "showdown", (17, 0, 19), (1000, 0, 1007))


@pytest.mark.rule("R-POT-3")
@pytest.mark.rule("R-CMP-3")
def test_the_last_two_tying_a_battle_split_the_pot_odd_chip_from_the_dealers_left() -> None:
    # Dealer 1: the order from the dealer's left is seat 2, seat 0, seat 1. Seats 1 and 2
    # tie exactly: A-5-3-2 high and two cards of their own suit each.
    hand = stacked(
        banners=["Kh", "Ac", "Ad"],
        palaces=["9s 8s 7h", "5c 3h 2s", "5d 3s 2h"],
        dealer=1,
    )
    assert hand.to_act == 2
    play(hand, "2 stay", "0 fold", "1 bet 2")
    assert not hand.over
    hand.apply("2 call")
    # 35 chips: 18 to seat 2, first clockwise from the dealer's left, 17 to seat 1
    check_over(hand, "tie", (0, 17, 18), (995, 1002, 1003))


@pytest.mark.rule("R-POT-2")
@pytest.mark.rule("R-CMP-3")
@pytest.mark.rule("R-END-3")
def test_a_tie_with_an_all_in_player_shares_only_the_layer_they_reach() -> None:
    # Two players, dealer 0. Seat 1 (15 chips) buys the 9d and is all-in; seat 0 buys 9c
    # and Tc. Each bought card has the other's banner suit, so the two still tie exactly.
    hand = stacked(
        banners=["Ad", "Ac"],
        palaces=["5d 3s 2h", "5c 3h 2s"],
        stock="9d 9c Tc",
        stacks=[1000, 15],
    )
    play(hand, "1 buy", "1 trim", "0 buy", "0 trim", "1 stay", "0 buy", "0 trim", "1 stay")
    assert hand.contributions == [25, 15]
    assert hand.stacks == [975, 0]
    hand.apply("0 stay")
    # layer 0..15 (30) is shared; layer 15..25 (10) is seat 0's alone
    check_over(hand, "tie", (25, 15), (1000, 15))
