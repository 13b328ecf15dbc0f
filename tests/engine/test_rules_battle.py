"""Scenario tests of battles: targets, entries, responses, comparing, capture, all-in,
the last two players, and who sees what.

Rules: R-BET-1..8, R-CMP-1..4, R-CAPT-1, R-ALLIN-1, R-ALLIN-2, R-END-1, R-END-3,
R-INFO-1..4 (and R-END-5 where a battle ends the hand).

Every deal is stacked (``helpers.stacked``), so each card's place is known. Unless a
test says otherwise the stakes are ``Rules.of(10)``: SB 10, BB 20, ante 5, limit,
at most three raises a battle; every player starts with 1000 chips.
"""

from __future__ import annotations

import pytest

from helpers import play, snapshot, stacked
from palace_poker import Card, Hand, PalaceError, Phase, Rules, Verb, evaluate, parse_cards, redact
from palace_poker.events import (
    AntePosted,
    BattleCalled,
    BattleCompared,
    BattleRaised,
    BattleStarted,
    CardsCaptured,
    ChipsReturned,
    Folded,
    HandEnded,
    PalaceDealt,
    PlayerOut,
    PotAwarded,
    ShowdownRevealed,
    SoldiersDiscarded,
    TurnStarted,
)
from palace_poker.observation import BattleView

NO_LIMIT = Rules.of(10, betting="no-limit")


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def options(hand: Hand) -> list[str]:
    return [str(o) for o in hand.legal_options()]


def refused(hand: Hand, action: str, code: str, rule: str | set[str]) -> None:
    """``action`` is illegal with this code and rule, and the hand is left unchanged."""
    before = snapshot(hand)
    assert not hand.can(action)
    with pytest.raises(PalaceError) as info:
        hand.apply(action)
    assert info.value.code == code, str(info.value)
    if isinstance(rule, set):
        assert info.value.rule in rule, str(info.value)
    else:
        assert info.value.rule == rule, str(info.value)
    assert snapshot(hand) == before


# Three players, dealer 0, so seat 1 acts first (dealing order 1, 2, 0).
# Seat 1 (clubs) holds A-A-A only counting its heart; seat 2 (hearts) holds K-K-K only
# counting its club: each side's banner suit takes a card from the other (R-CMP-1), so
# seat 2's kings beat seat 1's pair of aces in a battle, while in a showdown (no
# exclusions) seat 1's aces would win. Seat 0 (spades) is weak against both.
THREE_BANNERS = ["Qs", "Ac", "Kh"]
THREE_PALACES = ["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"]


def three(*, stock: str = "", stacks: list[int] | None = None, rules: Rules | None = None) -> Hand:
    return stacked(
        banners=THREE_BANNERS, palaces=THREE_PALACES, stock=stock, stacks=stacks, rules=rules
    )


# Two hands that tie exactly in a battle between them: A-5-3-2 high each after the
# exclusions, and two cards of their own banner suit each (R-CMP-1, R-CMP-2).
TIE_CLUBS = ("Ac", "5c 3h 2s")
TIE_DIAMONDS = ("Ad", "5d 3s 2h")


# ------------------------------------------------------------------- R-BET-1


@pytest.mark.rule("R-BET-1")
def test_bet_target_must_be_another_player_in_the_hand_with_a_different_banner_suit() -> None:
    # Five players, dealer 0: dealing order 1, 2, 3, 4 (group 1), 0 (group 2), so seat 0
    # may fly clubs like seat 1 (R-BANNER-2).
    hand = stacked(
        banners=["9c", "Ac", "Kd", "Qh", "Js"],
        palaces=["2d 3d 4d", "2h 3h 4h", "2s 3s 4s", "5c 6c 7c", "5d 6d 7d"],
    )
    assert hand.to_act == 1
    bets = [o for o in hand.legal_options() if o.verb is Verb.BET]
    assert [o.target for o in bets] == [2, 3, 4]
    assert [o.cost for o in bets] == [10, 10, 10]
    refused(hand, "1 bet 1", "bad_target", "R-BET-1")  # not oneself
    refused(hand, "1 bet 0", "bad_target", "R-BET-1")  # the same banner suit
    refused(hand, "1 bet 5", "bad_target", "R-BET-1")  # no such seat
    play(hand, "1 stay", "2 fold")
    assert hand.to_act == 3
    assert [o.target for o in hand.legal_options() if o.verb is Verb.BET] == [0, 1, 4]
    refused(hand, "3 bet 2", "bad_target", "R-BET-1")  # no longer in the hand
    assert hand.apply("3 bet 0") == [BattleStarted(3, 0, 10, 0)]
    assert hand.phase is Phase.BATTLE
    assert hand.to_act == 0


# ------------------------------------------------------------------- R-BET-2


@pytest.mark.rule("R-BET-2")
@pytest.mark.rule("R-BET-4")
def test_each_side_pays_an_entry_sized_by_its_own_army() -> None:
    hand = three(stock="9d 8d")
    play(hand, "1 buy", "1 trim", "2 stay", "0 stay", "1 buy", "1 trim")
    assert hand.soldiers[1] == list(cards("9d 8d"))
    assert hand.contributions == [5, 25, 5]
    assert hand.entry(1) == 30
    assert hand.entry(2) == 10

    # Seat 2 (no soldier) attacks seat 1 (two soldiers): 10 in, and 30 to call.
    small = hand.copy()
    assert small.apply("2 bet 1") == [BattleStarted(2, 1, 10, 0)]
    assert options(small) == ["1 fold", "1 call (costs 30)", "1 raise (costs 50)"]
    assert small.apply("1 call")[0] == BattleCalled(1, 30)
    assert small.contributions == [5, 55, 15]

    # Seat 1 (two soldiers) attacks seat 2: 30 in, and only 10 to call.
    big = play(hand.copy(), "2 stay", "0 stay")
    assert big.apply("1 bet 2") == [BattleStarted(1, 2, 30, 0)]
    assert big.stacks == [995, 945, 995]
    assert options(big) == ["2 fold", "2 call (costs 10)", "2 raise (costs 30)"]
    assert big.apply("2 call")[0] == BattleCalled(2, 10)
    assert big.contributions == [5, 55, 15]
    assert big.pot == 75


@pytest.mark.rule("R-BET-2")
@pytest.mark.rule("R-BET-5")
def test_no_limit_opening_raise_is_at_least_bb_and_counts_as_the_first_raise() -> None:
    hand = three(rules=NO_LIMIT)
    assert options(hand) == [
        "1 buy (costs 10)",
        "1 bet 0 (costs 10)",
        "1 bet 0 [20..985] (costs 10)",
        "1 bet 2 (costs 10)",
        "1 bet 2 [20..985] (costs 10)",
        "1 stay",
        "1 fold",
    ]
    refused(hand, "1 bet 2 19", "amount_out_of_bounds", "R-BET-5")
    refused(hand, "1 bet 2 986", "amount_out_of_bounds", "R-BET-5")
    assert hand.apply("1 bet 2 30") == [BattleStarted(1, 2, 10, 30)]
    assert hand.stacks == [995, 955, 995]
    assert hand.contributions == [5, 45, 5]
    assert hand.observe(0).battle == BattleView(1, 2, 1, 30, (30, 0), False)
    # the call matches the opening raise; a re-raise is at least the opening raise
    assert options(hand) == ["2 fold", "2 call (costs 40)", "2 raise [30..955] (costs 40)"]
    refused(hand, "2 raise 29", "amount_out_of_bounds", "R-BET-5")

    # With a cap of one raise, the opening raise uses it up.
    capped = three(rules=Rules.of(10, betting="no-limit", max_raises=1))
    play(capped, "1 bet 2 20")
    assert options(capped) == ["2 fold", "2 call (costs 30)"]
    refused(capped, "2 raise 20", "raise_cap", "R-BET-5")

    # An opening raise is paid in full: 25 chips cannot pay the entry (10) plus BB (20).
    short = three(stacks=[1000, 30, 1000], rules=NO_LIMIT)
    assert [o for o in short.legal_options() if o.chooses_amount] == []
    refused(short, "1 bet 2 20", "cannot_afford", "R-BET-5")


@pytest.mark.rule("R-BET-2")
def test_limit_bet_takes_no_opening_raise() -> None:
    hand = three()
    assert [o for o in hand.legal_options() if o.chooses_amount] == []
    refused(hand, "1 bet 2 20", "amount_not_allowed", "R-BET-2")


# ------------------------------------------------------------------- R-BET-3


@pytest.mark.rule("R-BET-3")
def test_the_defender_chooses_fold_call_or_raise() -> None:
    hand = three()
    play(hand, "1 bet 2")
    assert hand.phase is Phase.BATTLE
    assert hand.to_act == 2
    assert options(hand) == ["2 fold", "2 call (costs 10)", "2 raise (costs 30)"]
    assert hand.observe(2).options == tuple(hand.legal_options())
    assert hand.observe(1).options == ()
    for verb in ("stay", "buy"):
        refused(hand, f"2 {verb}", "illegal_action", "R-BET-3")
    refused(hand, "2 bet 0", "illegal_action", "R-BET-3")
    refused(hand, "1 call", "not_your_turn", {"R-BET-3", "R-BET-6"})
    refused(hand, "0 fold", "not_your_turn", {"R-BET-3", "R-BET-6"})


# ------------------------------------------------------- R-BET-4, R-BET-5, R-BET-6


@pytest.mark.rule("R-BET-4")
@pytest.mark.rule("R-BET-5")
@pytest.mark.rule("R-BET-6")
def test_limit_raises_alternate_and_are_bb_with_a_soldier_else_two_small_bets() -> None:
    # BB 30 tells the two raise sizes apart: 30 with a soldier, 2 x SB = 20 without.
    hand = three(stock="9d", rules=Rules.of(10, big_bet=30))
    play(hand, "1 stay", "2 buy", "2 trim", "0 stay")
    assert hand.soldiers == [[], [], [c("9d")]]
    assert hand.apply("1 bet 2") == [BattleStarted(1, 2, 10, 0)]
    # seat 2 pays its own entry (20) plus a raise of BB
    assert options(hand) == ["2 fold", "2 call (costs 20)", "2 raise (costs 50)"]
    refused(hand, "2 raise 30", "amount_not_allowed", "R-BET-5")
    assert hand.apply("2 raise") == [BattleRaised(2, 50, 30)]
    assert hand.to_act == 1
    # seat 1's entry is paid: the call is the 30 raised; seat 1 has no soldier: raise 20
    assert options(hand) == ["1 fold", "1 call (costs 30)", "1 raise (costs 50)"]
    refused(hand, "2 call", "not_your_turn", {"R-BET-3", "R-BET-6"})
    assert hand.apply("1 raise") == [BattleRaised(1, 50, 20)]
    assert hand.to_act == 2
    assert options(hand) == ["2 fold", "2 call (costs 20)", "2 raise (costs 50)"]
    assert hand.apply("2 call")[0] == BattleCalled(2, 20)
    assert hand.contributions == [5, 65, 85]
    assert hand.stacks == [995, 935, 915]
    assert hand.pot == 155


@pytest.mark.rule("R-BET-5")
@pytest.mark.rule("R-BET-6")
def test_no_limit_minimum_raise_is_the_larger_of_bb_and_the_previous_increment() -> None:
    hand = three(rules=NO_LIMIT)
    play(hand, "1 bet 2")
    assert options(hand) == ["2 fold", "2 call (costs 10)", "2 raise [20..985] (costs 10)"]
    refused(hand, "2 raise 19", "amount_out_of_bounds", "R-BET-5")
    refused(hand, "2 raise", "amount_not_allowed", "R-BET-5")
    assert hand.apply("2 raise 50") == [BattleRaised(2, 60, 50)]
    # the minimum is the previous increment (50), not what seat 2 paid (60)
    assert options(hand) == ["1 fold", "1 call (costs 50)", "1 raise [50..935] (costs 50)"]
    refused(hand, "1 raise 49", "amount_out_of_bounds", "R-BET-5")
    assert hand.apply("1 raise 50") == [BattleRaised(1, 100, 50)]
    assert options(hand) == ["2 fold", "2 call (costs 50)", "2 raise [50..885] (costs 50)"]
    assert hand.apply("2 raise 70") == [BattleRaised(2, 120, 70)]
    refused(hand, "1 raise 69", "amount_out_of_bounds", "R-BET-5")
    play(hand, "1 raise 70", "2 raise 70")  # no cap in no-limit by default: five raises
    assert hand.observe(None).battle == BattleView(1, 2, 5, 70, (240, 310), True)
    assert hand.apply("1 call")[0] == BattleCalled(1, 70)
    assert hand.contributions == [5, 325, 325]


@pytest.mark.rule("R-BET-5")
def test_limit_battle_allows_at_most_max_raises() -> None:
    hand = three()
    play(hand, "1 bet 2", "2 raise", "1 raise", "2 raise")
    assert hand.observe(0).battle == BattleView(1, 2, 3, 20, (40, 60), True)
    assert options(hand) == ["1 fold", "1 call (costs 20)"]
    refused(hand, "1 raise", "raise_cap", "R-BET-5")
    assert hand.apply("1 call")[0] == BattleCalled(1, 20)
    assert hand.contributions == [5, 75, 75]


@pytest.mark.rule("R-BET-5")
def test_max_raises_zero_forbids_every_raise() -> None:
    limit = three(rules=Rules.of(10, max_raises=0))
    play(limit, "1 bet 2")
    assert options(limit) == ["2 fold", "2 call (costs 10)"]
    refused(limit, "2 raise", "raise_cap", "R-BET-5")

    no_limit = three(rules=Rules.of(10, betting="no-limit", max_raises=0))
    assert [o for o in no_limit.legal_options() if o.chooses_amount] == []
    refused(no_limit, "1 bet 2 20", "raise_cap", "R-BET-5")
    play(no_limit, "1 bet 2")
    assert options(no_limit) == ["2 fold", "2 call (costs 10)"]
    refused(no_limit, "2 raise 20", "raise_cap", "R-BET-5")


@pytest.mark.rule("R-BET-5")
def test_a_raise_not_paid_in_full_is_illegal() -> None:
    # Seat 2 has 25 after the ante: the call (10) plus a raise (20) is 30.
    hand = three(stacks=[1000, 1000, 30])
    play(hand, "1 bet 2")
    assert options(hand) == ["2 fold", "2 call (costs 10)"]
    refused(hand, "2 raise", "cannot_afford", "R-BET-5")

    no_limit = three(stacks=[1000, 1000, 30], rules=NO_LIMIT)
    play(no_limit, "1 bet 2")
    assert options(no_limit) == ["2 fold", "2 call (costs 10)"]
    refused(no_limit, "2 raise 20", "cannot_afford", "R-BET-5")

    # With exactly 30 the raise is legal and puts seat 2 all-in; then nobody raises.
    exact = three(stacks=[1000, 1000, 35])
    play(exact, "1 bet 2")
    assert options(exact) == ["2 fold", "2 call (costs 10)", "2 raise (costs 30)"]
    assert exact.apply("2 raise") == [BattleRaised(2, 30, 20)]
    assert exact.stacks[2] == 0
    assert options(exact) == ["1 fold", "1 call (costs 20)"]
    refused(exact, "1 raise", "illegal_action", "R-BET-5")


# ------------------------------------------------------------------- R-BET-7


@pytest.mark.rule("R-BET-7")
@pytest.mark.rule("R-CAPT-1")
def test_a_defender_folding_at_once_pays_nothing_and_the_attacker_captures() -> None:
    hand = three(stock="9d")
    play(hand, "1 stay", "2 buy", "2 trim", "0 stay", "1 bet 2")
    assert hand.contributions == [5, 15, 15]
    assert hand.apply("2 fold") == [
        Folded(2, in_battle=True),
        PlayerOut(2, "fold"),
        CardsCaptured(1, 2, cards("Kh 9d")),
    ]
    assert hand.contributions == [5, 15, 15]  # the entry of seat 1 stays in the pot
    assert hand.stacks == [995, 985, 985]
    assert hand.in_hand == [True, True, False]
    assert hand.soldiers == [[], list(cards("Kh 9d")), []]
    assert hand.discard_pile == list(cards(THREE_PALACES[2]))  # the folder's palace
    assert hand.phase is Phase.TRIM
    assert hand.to_act == 1
    assert options(hand) == ["1 trim <0..2 of Kh 9d>"]
    assert hand.apply("1 trim 9d") == [SoldiersDiscarded(1, (c("9d"),), True), TurnStarted(0)]
    assert hand.soldiers[1] == [c("Kh")]
    assert sorted(hand.discard_pile) == sorted(cards("Ks Kd 4c 9d"))


@pytest.mark.rule("R-BET-7")
def test_a_fold_returns_the_unmatched_opening_raise() -> None:
    hand = three(rules=NO_LIMIT)
    play(hand, "1 bet 2 50")
    assert hand.contributions == [5, 65, 5]
    assert hand.apply("2 fold") == [
        Folded(2, in_battle=True),
        ChipsReturned(1, 50),
        PlayerOut(2, "fold"),
        CardsCaptured(1, 2, (c("Kh"),)),
    ]
    assert hand.stacks == [995, 985, 995]
    assert hand.contributions == [5, 15, 5]
    assert hand.pot == 25


@pytest.mark.rule("R-BET-7")
@pytest.mark.rule("R-CAPT-1")
def test_attacker_folds_to_a_raise_and_the_defender_keeps_their_raise() -> None:
    # Four players, dealer 0: the player after the attacker (1) is seat 2, not the
    # defender (3).
    hand = stacked(
        banners=["Js", "Ac", "Kh", "Qd"],
        palaces=["2s 3s 4s", "2c 3c 4c", "2h 3h 4h", "2d 3d 4d"],
    )
    play(hand, "1 bet 3")
    assert hand.apply("3 raise") == [BattleRaised(3, 30, 20)]
    assert hand.apply("1 fold") == [
        Folded(1, in_battle=True),
        ChipsReturned(3, 20),
        PlayerOut(1, "fold"),
        CardsCaptured(3, 1, (c("Ac"),)),
    ]
    assert hand.contributions == [5, 15, 5, 15]
    assert hand.stacks == [995, 985, 995, 985]
    assert hand.discard_pile == list(cards("2c 3c 4c"))
    assert hand.phase is Phase.TRIM
    assert hand.to_act == 3
    assert hand.apply("3 trim") == [SoldiersDiscarded(3, (), True), TurnStarted(2)]
    assert hand.soldiers[3] == [c("Ac")]


@pytest.mark.rule("R-BET-7")
def test_matched_raises_stay_in_the_pot_and_only_the_unmatched_reraise_returns() -> None:
    hand = three()
    play(hand, "1 bet 2", "2 raise", "1 raise")
    assert hand.contributions == [5, 55, 35]
    events = hand.apply("2 fold")
    assert events[:2] == [Folded(2, in_battle=True), ChipsReturned(1, 20)]
    assert hand.contributions == [5, 35, 35]
    assert hand.stacks == [995, 965, 965]
    assert hand.pot == 75


# ------------------------------------------------------------ R-BET-8, R-CMP-4


@pytest.mark.rule("R-BET-8")
@pytest.mark.rule("R-CMP-4")
@pytest.mark.rule("R-CAPT-1")
def test_a_call_closes_the_battle_and_the_winner_wins_cards_not_chips() -> None:
    hand = three()
    play(hand, "1 bet 2")
    assert hand.apply("2 call") == [
        BattleCalled(2, 10),
        BattleCompared((1, 2), 2, (cards(THREE_PALACES[1]), cards(THREE_PALACES[2]))),
        PlayerOut(1, "battle"),
        CardsCaptured(2, 1, (c("Ac"),)),
    ]
    assert hand.battle is None
    assert hand.stacks == [995, 985, 985]
    assert hand.contributions == [5, 15, 15]
    assert hand.pot == 35
    assert hand.in_hand == [True, False, True]
    assert hand.discard_pile == list(cards(THREE_PALACES[1]))
    assert hand.soldiers == [[], [], [c("Ac")]]
    # the defender trims, then the turn passes to the player after the attacker
    assert (hand.phase, hand.to_act) == (Phase.TRIM, 2)
    assert hand.apply("2 trim") == [SoldiersDiscarded(2, (), True), TurnStarted(2)]


# ------------------------------------------------------------------- R-CMP-1


@pytest.mark.rule("R-CMP-1")
def test_cards_of_the_opponents_banner_suit_do_not_count_and_decide_the_battle() -> None:
    hand = three()
    assert hand.usable_cards(1, against=2) == list(cards("Ac Ad 3s"))  # no Ah
    assert hand.usable_cards(2, against=1) == list(cards("Kh Ks Kd"))  # no 4c
    # counting every card, seat 1's three aces would beat seat 2's three kings
    assert evaluate(hand.usable_cards(1)) > evaluate(hand.usable_cards(2))
    for attack in ("1 bet 2", "2 bet 1"):
        branch = hand.copy()
        if attack == "2 bet 1":
            play(branch, "1 stay")
        play(branch, attack)
        compared = [e for e in branch.apply(f"{attack[-1]} call") if isinstance(e, BattleCompared)]
        assert [e.winner for e in compared] == [2]
        assert branch.in_hand == [True, False, True]


# ------------------------------------------------------------------- R-CMP-2


@pytest.mark.rule("R-CMP-2")
@pytest.mark.rule("R-CAPT-1")
def test_equal_hands_go_to_more_cards_of_ones_own_banner_suit() -> None:
    # Seat 1 (diamonds) attacks seat 2 (clubs); both hold A-5-3-2 high, but seat 2 has two
    # clubs and seat 1 one diamond.
    hand = stacked(
        banners=["Ks", "Ad", "Ac"],
        palaces=["9h 8h 7c", "5h 3s 2h", "5c 3h 2s"],
    )
    assert evaluate(hand.usable_cards(1, against=2)) == evaluate(hand.usable_cards(2, against=1))
    play(hand, "1 bet 2")
    events = hand.apply("2 call")
    assert [e.winner for e in events if isinstance(e, BattleCompared)] == [2]
    assert hand.in_hand == [True, False, True]
    assert hand.soldiers[2] == [c("Ad")]
    assert (hand.phase, hand.to_act) == (Phase.TRIM, 2)


# ------------------------------------------------------------------- R-CMP-3


@pytest.mark.rule("R-CMP-3")
@pytest.mark.rule("R-END-3")
def test_a_full_tie_with_more_players_puts_both_battlers_out_with_every_card() -> None:
    # Four players, dealer 0. Seat 1 buys the 9d, which cannot count against diamonds.
    hand = stacked(
        banners=["Qs", TIE_CLUBS[0], TIE_DIAMONDS[0], "Kh"],
        palaces=["9s 8s 7h", TIE_CLUBS[1], TIE_DIAMONDS[1], "Ts Jh 6c"],
        stock="9d",
    )
    play(hand, "1 buy", "1 trim", "2 stay", "3 stay", "0 stay", "1 bet 2")
    assert hand.apply("2 call") == [
        BattleCalled(2, 10),
        BattleCompared((1, 2), None, (cards("5c 3h 2s"), cards("5d 3s 2h"))),
        PlayerOut(1, "tie"),
        PlayerOut(2, "tie"),
        TurnStarted(3),
    ]
    assert hand.in_hand == [True, False, False, True]
    assert hand.soldiers == [[], [], [], []]
    assert sorted(hand.discard_pile) == sorted(cards("Ac 5c 3h 2s 9d Ad 5d 3s 2h"))
    assert hand.contributions == [5, 35, 15, 5]
    assert hand.stacks == [995, 965, 985, 995]
    # the last two differ in suit: the hand goes on (R-END-3)
    assert not hand.over
    assert (hand.phase, hand.to_act) == (Phase.TURN, 3)


@pytest.mark.rule("R-CMP-3")
@pytest.mark.rule("R-END-1")
def test_a_full_tie_that_leaves_one_player_ends_the_hand() -> None:
    hand = stacked(
        banners=["Kh", TIE_CLUBS[0], TIE_DIAMONDS[0]],
        palaces=["9s 8s 7h", TIE_CLUBS[1], TIE_DIAMONDS[1]],
    )
    play(hand, "1 bet 2")
    events = hand.apply("2 call")
    assert events[-4:] == [
        PlayerOut(1, "tie"),
        PlayerOut(2, "tie"),
        PotAwarded(0, 35),
        HandEnded("last", (1030, 985, 985)),
    ]
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (1030, 985, 985)
    assert hand.over
    assert hand.legal_options() == []


# ------------------------------------------------------------------ R-CAPT-1


@pytest.mark.rule("R-CAPT-1")
@pytest.mark.rule("R-CMP-4")
def test_a_winning_defender_captures_trims_to_five_and_play_resumes_after_attacker() -> None:
    # Four players, dealer 0. Seat 1 (clubs) buys 9h, Jh, 3d; seat 3 (spades) buys 5s, 7h.
    hand = stacked(
        banners=["Qd", "2c", "Kh", "As"],
        palaces=["Tc Th Ts", "4c 6c 8d", "5d 7d 9d", "Ah Ad 2s"],
        stock="9h 5s Jh 7h 3d",
    )
    play(
        hand,
        *("1 buy", "1 trim", "2 stay", "3 buy", "3 trim", "0 stay"),
        *("1 buy", "1 trim", "2 stay", "3 buy", "3 trim", "0 stay"),
        *("1 buy", "1 trim", "2 stay", "3 stay", "0 stay"),
    )
    assert hand.apply("1 bet 3") == [BattleStarted(1, 3, 40, 0)]
    assert hand.apply("3 call") == [
        BattleCalled(3, 30),
        BattleCompared((1, 3), 3, (cards("4c 6c 8d"), cards("Ah Ad 2s"))),
        PlayerOut(1, "battle"),
        CardsCaptured(3, 1, cards("2c 9h Jh 3d")),
    ]
    assert hand.soldiers[3] == list(cards("5s 7h 2c 9h Jh 3d"))
    assert hand.soldiers[1] == []
    assert (hand.phase, hand.to_act) == (Phase.TRIM, 3)
    assert options(hand) == ["3 trim <1..6 of 5s 7h 2c 9h Jh 3d>"]
    refused(hand, "3 trim", "too_many_soldiers", "R-CAPT-1")
    refused(hand, "2 stay", "not_your_turn", "R-CAPT-1")
    assert hand.apply("3 trim 2c 3d") == [
        SoldiersDiscarded(3, cards("2c 3d"), True),
        TurnStarted(2),
    ]
    assert hand.soldiers[3] == list(cards("5s 7h 9h Jh"))
    assert sorted(hand.discard_pile) == sorted(cards("4c 6c 8d 2c 3d"))
    assert hand.observe(0).stock_size == 52 - 4 - 12 - 5


@pytest.mark.rule("R-CAPT-1")
@pytest.mark.rule("R-END-5")
@pytest.mark.rule("R-END-1")
def test_no_trim_follows_the_battle_that_ends_the_hand() -> None:
    hand = stacked(banners=["Kh", "Ac"], palaces=["Ks Kd 4c", "Ah Ad 3s"])
    play(hand, "1 bet 0")
    assert hand.apply("0 call") == [
        BattleCalled(0, 10),
        BattleCompared((1, 0), 0, (cards("Ah Ad 3s"), cards("Ks Kd 4c"))),
        PlayerOut(1, "battle"),
        CardsCaptured(0, 1, (c("Ac"),)),
        PotAwarded(0, 30),
        HandEnded("last", (1015, 985)),
    ]
    assert hand.soldiers[0] == [c("Ac")]
    assert hand.phase is Phase.OVER
    assert hand.to_act is None
    assert hand.legal_options() == []
    refused(hand, "0 trim", "hand_over", "R-END-5")


@pytest.mark.rule("R-END-1")
@pytest.mark.rule("R-BET-7")
def test_a_battle_fold_that_leaves_one_player_ends_the_hand() -> None:
    hand = stacked(banners=["Kh", "Ac"], palaces=["Ks Kd 4c", "Ah Ad 3s"])
    play(hand, "1 bet 0")
    assert hand.apply("0 fold") == [
        Folded(0, in_battle=True),
        PlayerOut(0, "fold"),
        CardsCaptured(1, 0, (c("Kh"),)),
        PotAwarded(1, 20),
        HandEnded("last", (995, 1005)),
    ]
    assert hand.result is not None
    assert (hand.result.end, hand.result.stacks) == ("last", (995, 1005))


# ------------------------------------------------------------ R-ALLIN-1, R-ALLIN-2


@pytest.mark.rule("R-ALLIN-1")
def test_an_attacker_short_of_the_entry_pays_all_they_have() -> None:
    hand = three(stacks=[1000, 12, 1000])  # seven chips after the ante
    assert options(hand) == ["1 bet 0 (costs 7)", "1 bet 2 (costs 7)", "1 stay", "1 fold"]
    assert hand.apply("1 bet 2") == [BattleStarted(1, 2, 7, 0)]
    assert hand.stacks == [995, 0, 995]
    assert hand.contributions == [5, 12, 5]
    assert options(hand) == ["2 fold", "2 call (costs 10)"]
    refused(hand, "2 raise", "illegal_action", "R-BET-5")


@pytest.mark.rule("R-ALLIN-1")
@pytest.mark.rule("R-BET-5")
def test_an_all_in_player_may_bet_for_nothing_and_call_or_fold_but_not_raise() -> None:
    hand = three(stacks=[1000, 1000, 5])
    assert AntePosted(2, 5, True) in hand.events
    assert hand.observe(None).all_in == (False, False, True)

    attacked = play(hand.copy(), "1 bet 2")
    assert options(attacked) == ["2 fold", "2 call"]
    refused(attacked, "2 raise", "illegal_action", "R-BET-5")
    assert attacked.apply("2 call")[0] == BattleCalled(2, 0)
    assert attacked.stacks == [995, 985, 0]

    play(hand, "1 stay")
    assert options(hand) == ["2 bet 0", "2 bet 1", "2 stay", "2 fold"]
    refused(hand, "2 buy", "cannot_afford", "R-BUY-1")
    assert hand.apply("2 bet 1") == [BattleStarted(2, 1, 0, 0)]
    assert hand.stacks == [995, 995, 0]
    assert options(hand) == ["1 fold", "1 call (costs 10)"]
    refused(hand, "1 raise", "illegal_action", "R-BET-5")

    # nor may anyone open with a raise against an all-in player in no-limit
    no_limit = three(stacks=[1000, 1000, 5], rules=NO_LIMIT)
    amounts = [o.target for o in no_limit.legal_options() if o.chooses_amount]
    assert amounts == [0]
    refused(no_limit, "1 bet 2 20", "illegal_action", "R-BET-5")


@pytest.mark.rule("R-ALLIN-2")
@pytest.mark.rule("R-BET-4")
def test_an_all_in_caller_gets_the_unmatched_raise_returned_to_the_raiser_at_once() -> None:
    hand = three(stacks=[1000, 1000, 30])
    play(hand, "1 stay", "2 bet 1", "1 raise")
    assert hand.stacks == [995, 965, 15]
    assert hand.contributions == [5, 35, 15]
    assert options(hand) == ["2 fold", "2 call (costs 15)"]
    events = hand.apply("2 call")
    assert events[:2] == [BattleCalled(2, 15), ChipsReturned(1, 5)]
    assert hand.stacks == [995, 970, 0]
    assert hand.contributions == [5, 30, 30]
    assert hand.pot == 65
    assert [e.winner for e in events if isinstance(e, BattleCompared)] == [2]
    assert (hand.phase, hand.to_act) == (Phase.TRIM, 2)


@pytest.mark.rule("R-ALLIN-2")
@pytest.mark.rule("R-BET-4")
def test_a_short_caller_pays_the_entry_first_then_what_is_left_of_the_raise() -> None:
    # Seven chips: not even the entry; the whole opening raise goes back.
    short = three(stacks=[1000, 1000, 12], rules=NO_LIMIT)
    play(short, "1 bet 2 50")
    assert options(short) == ["2 fold", "2 call (costs 7)"]
    assert short.apply("2 call")[:2] == [BattleCalled(2, 7), ChipsReturned(1, 50)]
    assert short.stacks == [995, 985, 0]
    assert short.contributions == [5, 15, 12]

    # 25 chips: the entry (10), then 15 of the 50 raised; 35 go back.
    part = three(stacks=[1000, 1000, 30], rules=NO_LIMIT)
    play(part, "1 bet 2 50")
    assert part.apply("2 call")[:2] == [BattleCalled(2, 25), ChipsReturned(1, 35)]
    assert part.stacks == [995, 970, 0]
    assert part.contributions == [5, 30, 30]

    # The attacker calls all-in: 5 chips of the defender's 20 raised; 15 go back.
    attacker = three(stacks=[1000, 20, 1000])
    play(attacker, "1 bet 2", "2 raise")
    assert attacker.contributions == [5, 15, 35]
    assert options(attacker) == ["1 fold", "1 call (costs 5)"]
    assert attacker.apply("1 call")[:2] == [BattleCalled(1, 5), ChipsReturned(2, 15)]
    assert attacker.stacks == [995, 0, 980]
    assert attacker.contributions == [5, 20, 20]


# ------------------------------------------------------------------- R-END-3


@pytest.mark.rule("R-END-3")
@pytest.mark.rule("R-CMP-1")
@pytest.mark.rule("R-END-1")
@pytest.mark.rule("R-INFO-3")
def test_a_quiet_round_between_the_last_two_ends_in_a_battle_comparison() -> None:
    hand = three()
    play(hand, "1 stay", "2 stay")
    assert not hand.over
    events = hand.apply("0 fold")
    assert events == [
        Folded(0, in_battle=False),
        PlayerOut(0, "fold"),
        BattleCompared((1, 2), 2, (cards(THREE_PALACES[1]), cards(THREE_PALACES[2]))),
        PlayerOut(1, "battle"),
        CardsCaptured(2, 1, (c("Ac"),)),
        PotAwarded(2, 15),
        HandEnded("last", (995, 995, 1010)),
    ]
    # no showdown: seat 1 would have won one (three aces against three kings)
    assert not any(isinstance(e, ShowdownRevealed) for e in hand.events)
    assert evaluate(hand.usable_cards(1)) > evaluate(hand.usable_cards(2))
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (995, 995, 1010)
    # as in a called battle, the two see each other's palace and nobody else does
    assert hand.observe(1).known_palaces == {2: hand.palaces[2]}
    assert hand.observe(2).known_palaces == {1: hand.palaces[1]}
    assert hand.observe(0).known_palaces == {}
    assert hand.observe(None).known_palaces == {}


@pytest.mark.rule("R-END-3")
@pytest.mark.rule("R-CMP-3")
@pytest.mark.rule("R-POT-3")
def test_a_tied_comparison_of_the_last_two_splits_the_pot() -> None:
    hand = stacked(
        banners=["Kh", TIE_CLUBS[0], TIE_DIAMONDS[0]],
        palaces=["9s 8s 7h", TIE_CLUBS[1], TIE_DIAMONDS[1]],
    )
    play(hand, "1 stay", "2 stay", "0 fold")
    assert hand.result is not None
    assert hand.result.end == "tie"
    # 15 chips: the odd chip goes to seat 1, first clockwise from the dealer's left
    assert hand.result.payouts == (0, 8, 7)
    assert hand.result.stacks == (995, 1003, 1002)
    assert next(e for e in hand.events if isinstance(e, BattleCompared)).winner is None


@pytest.mark.rule("R-END-3")
def test_two_players_play_on_until_a_quiet_round() -> None:
    hand = stacked(banners=["Kh", "Ac"], palaces=["Ks Kd 4c", "Ah Ad 3s"], stock="9d")
    play(hand, "1 stay", "0 buy", "0 trim", "1 stay")
    assert not hand.over
    assert hand.to_act == 0
    events = hand.apply("0 stay")
    assert [e.winner for e in events if isinstance(e, BattleCompared)] == [0]
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (1005, 995)


# ------------------------------------------------------------------- R-INFO


def palace_cards(hand: Hand, *seats: int) -> set[Card]:
    return {card for seat in seats for card in hand.palaces[seat]}


@pytest.mark.rule("R-INFO-1")
@pytest.mark.rule("R-INFO-2")
def test_each_player_sees_the_public_facts_and_only_their_own_palace() -> None:
    hand = three(stock="9d")
    play(hand, "1 buy", "1 trim", "2 bet 1")
    views = {v: hand.observe(v) for v in (0, 1, 2, None)}
    for viewer, view in views.items():
        assert view.stacks == (995, 985, 985)
        assert view.contributions == (5, 15, 15)
        assert view.pot == 35
        assert view.banners == tuple(cards("Qs Ac Kh"))
        assert view.soldiers == ((), (c("9d"),), ())
        assert view.stock_size == 52 - 3 - 9 - 1
        assert view.discard_size == 0
        assert tuple(map(str, view.actions)) == ("1 buy", "1 trim", "2 bet 1")
        assert view.battle == BattleView(2, 1, 0, 0, (0, 0), False)
        assert view.known_palaces == {}
        others = {0, 1, 2} - ({viewer} if viewer is not None else set())
        assert not view.visible_cards() & palace_cards(hand, *others)
        if viewer is None:
            assert view.palace == ()
        else:
            assert view.palace == hand.palaces[viewer]
    assert views[1].options == tuple(hand.legal_options())
    assert views[0].options == views[2].options == views[None].options == ()
    dealt = [e for e in hand.events if isinstance(e, PalaceDealt)]
    for event in dealt:
        assert redact(event, event.seat) == event
        for viewer in {0, 1, 2, None} - {event.seat}:
            assert redact(event, viewer) == PalaceDealt(event.seat, ())


@pytest.mark.rule("R-INFO-3")
@pytest.mark.rule("R-INFO-1")
def test_a_called_battle_shows_each_battler_the_others_palace_and_nobody_else() -> None:
    hand = three()
    folded = play(hand.copy(), "1 bet 2", "2 fold")
    for viewer in (0, 1, 2, None):
        assert folded.observe(viewer).known_palaces == {}
    # the folder's palace went face down to the discard pile: still hidden from others
    assert folded.discard_pile == list(hand.palaces[2])
    for viewer in (0, 1, None):
        assert not folded.observe(viewer).visible_cards() & palace_cards(hand, 2)

    play(hand, "1 bet 2", "2 call", "2 trim")
    assert hand.observe(1).known_palaces == {2: hand.palaces[2]}
    assert hand.observe(2).known_palaces == {1: hand.palaces[1]}
    assert hand.observe(0).known_palaces == {}
    assert hand.observe(None).known_palaces == {}
    assert not hand.observe(0).visible_cards() & palace_cards(hand, 1, 2)
    assert not hand.observe(None).visible_cards() & palace_cards(hand, 0, 1, 2)
    assert hand.observe(1).visible_cards() >= palace_cards(hand, 1, 2)
    assert not hand.observe(1).visible_cards() & palace_cards(hand, 0)
    compared = next(e for e in hand.events if isinstance(e, BattleCompared))
    for viewer in (1, 2):
        assert redact(compared, viewer) == compared
    for outsider in (0, None):
        # the rest of the table learns who won, not the cards
        assert redact(compared, outsider) == BattleCompared((1, 2), 2, ())


@pytest.mark.rule("R-INFO-4")
@pytest.mark.rule("R-INFO-2")
def test_a_showdown_shows_the_remaining_players_palaces_to_everyone() -> None:
    hand = stacked(
        banners=["Js", "Ac", "Kh", "Qd"],
        palaces=["2s 3s 4s", "2c 3c 4c", "2h 3h 4h", "2d 3d 4d"],
    )
    play(hand, "1 fold", "2 stay", "3 stay")
    assert not hand.over
    events = hand.apply("0 stay")
    shown = {s: hand.palaces[s] for s in (0, 2, 3)}
    assert ShowdownRevealed(tuple(shown.items())) in events
    assert hand.result is not None
    assert hand.result.end == "showdown"
    for viewer in (0, 1, 2, 3, None):
        view = hand.observe(viewer)
        assert view.known_palaces == {s: p for s, p in shown.items() if s != viewer}
        if viewer != 1:
            # the player who folded keeps their palace hidden
            assert not view.visible_cards() & palace_cards(hand, 1)
