"""Scenario tests of turns: whose turn, the turn verbs, BUY, DISCARD, STAY, FOLD,
the quiet round, the same-suit end, and refused actions.

Rules: R-TURN-1..3, R-BUY-1..3, R-DISC-1, R-STAY-1, R-FOLD-1, R-END-2, R-END-4, R-END-5.
Every hand is dealt from stacked shuffles (``helpers.stacked``), so that every card is known.
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers import play, snapshot, stacked
from palace_poker import (
    Action,
    Card,
    Hand,
    IllegalActionError,
    PalaceError,
    ParseError,
    Phase,
    Rules,
    Verb,
    parse_cards,
)
from palace_poker.events import (
    CardsCaptured,
    CardsShuffled,
    Event,
    Folded,
    PlayerOut,
    ShowdownRevealed,
    SoldierBought,
    SoldiersDiscarded,
    Stayed,
    TurnStarted,
)


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def of_type(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def options(hand: Hand) -> list[str]:
    return [str(o) for o in hand.legal_options()]


def refused(hand: Hand, action: object, code: str, rule: str | None = None) -> PalaceError:
    """Assert ``action`` is refused with ``code`` (and ``rule``) and changes nothing."""
    before = snapshot(hand)
    assert not hand.can(action)  # type: ignore[call-overload]
    with pytest.raises(PalaceError) as checked:
        hand.verify(action)  # type: ignore[call-overload]
    with pytest.raises(PalaceError) as info:
        hand.apply(action)  # type: ignore[call-overload]
    assert info.value.code == code, info.value
    assert checked.value.code == code
    if rule is not None:
        assert info.value.rule == rule, info.value
    assert snapshot(hand) == before
    return info.value


def three(**kwargs: Any) -> Hand:
    """Three players, dealer 2 (turns 0, 1, 2); banners As, Kh, Qd; SB 10, ante 5."""
    args: dict[str, Any] = {
        "banners": ["As", "Kh", "Qd"],
        "palaces": ["2c 3c 4c", "5d 6d 7d", "8h 9h Th"],
        "stock": "Jc Js Qc Qs Jd Jh",
        "dealer": 2,
    }
    args.update(kwargs)
    return stacked(**args)


TEN_BANNERS = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc", "Qs", "Qh"]
TEN_PALACES = [
    "2c 2d 2h",
    "2s 3c 3d",
    "3h 3s 4c",
    "4d 4h 4s",
    "5c 5d 5h",
    "5s 6c 6d",
    "6h 6s 7c",
    "7d 7h 7s",
    "8c 8d 8h",
    "8s 9c 9d",
]
TEN_STOCK = "9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd"  # the whole stock: 52 - 4 * 10 cards


def ten(later: list[str] | None = None) -> Hand:
    """Ten players, dealer 9 (turns 0..9); the stock holds exactly 12 cards."""
    return stacked(
        banners=TEN_BANNERS,
        palaces=TEN_PALACES,
        stock=TEN_STOCK,
        dealer=9,
        later=later or [],
    )


# ------------------------------------------------------------------- R-TURN-1


@pytest.mark.rule("R-TURN-1")
def test_first_turn_is_left_of_the_dealer() -> None:
    banners = ["As", "Ah", "Ad", "Ac", "Ks"]
    palaces = ["2c 3c 4c", "2d 3d 4d", "2h 3h 4h", "2s 3s 4s", "5c 5d 5h"]
    tables = [(n, dealer) for n in (2, 3, 4) for dealer in range(n)] + [(5, 0), (5, 4)]
    for n, dealer in tables:
        hand = stacked(banners=banners[:n], palaces=palaces[:n], dealer=dealer)
        first = (dealer + 1) % n
        assert hand.to_act == first
        assert hand.turn == first
        assert hand.phase is Phase.TURN
        assert hand.events[-1] == TurnStarted(first)
        assert hand.observe(None).turn == first


@pytest.mark.rule("R-TURN-1", "R-TURN-3")
def test_turns_pass_clockwise_skipping_players_out() -> None:
    # four players, dealer 1: turns 2, 3, 0, 1, ...
    hand = stacked(
        banners=["As", "Kh", "Qd", "Jc"],
        palaces=["2c 3c 4c", "2d 3d 4d", "2h 3h 4h", "2s 3s 4s"],
        stock="5c 6c 7c",
        dealer=1,
    )
    assert hand.to_act == 2
    assert hand.apply("2 stay") == [Stayed(2), TurnStarted(3)]
    play(hand, "3 fold")
    assert hand.to_act == 0
    play(hand, "0 stay")
    assert hand.to_act == 1
    play(hand, "1 buy", "1 trim")
    assert hand.to_act == 2  # round the table: seat 1 -> seat 2
    play(hand, "2 stay")
    assert hand.to_act == 0  # seat 3 is out and is skipped
    assert [e.seat for e in of_type(hand.events, TurnStarted)] == [2, 3, 0, 1, 2, 0]
    refused(hand, "3 stay", "not_your_turn")


# ------------------------------------------------------------------- R-TURN-2


@pytest.mark.rule("R-TURN-2")
def test_turn_verbs_and_exactly_one_per_turn() -> None:
    hand = three()
    assert options(hand) == [
        "0 buy (costs 10)",
        "0 bet 1 (costs 10)",
        "0 bet 2 (costs 10)",
        "0 stay",
        "0 fold",
    ]
    assert {o.verb.value for o in hand.legal_options()} <= {"buy", "discard", "bet", "stay", "fold"}
    assert hand.observe(0).options == tuple(hand.legal_options())
    assert hand.observe(1).options == ()
    for action in ("0 call", "0 raise", "0 trim"):
        err = refused(hand, action, "illegal_action", "R-TURN-2")
        assert isinstance(err, IllegalActionError)
    play(hand, "0 stay")
    # one action per turn: seat 0's turn is over
    refused(hand, "0 stay", "not_your_turn")
    refused(hand, "0 buy", "not_your_turn")
    assert hand.to_act == 1
    assert hand.turn == 1


@pytest.mark.rule("R-TURN-2", "R-BUY-3")
def test_buy_opens_a_trim_of_the_same_turn() -> None:
    hand = three()
    events = hand.apply("0 buy")
    assert events == [SoldierBought(0, c("Jc"), 10)]  # no new turn yet
    assert hand.phase is Phase.TRIM
    assert hand.to_act == 0
    assert hand.turn == 0
    assert options(hand) == ["0 trim <0..1 of Jc>"]
    assert [o.cost for o in hand.legal_options()] == [0]
    refused(hand, "1 stay", "not_your_turn", "R-BUY-3")
    refused(hand, "0 stay", "illegal_action", "R-BUY-3")
    refused(hand, "0 buy", "illegal_action", "R-BUY-3")
    refused(hand, "0 bet 1", "illegal_action", "R-BUY-3")
    assert hand.apply("0 trim") == [SoldiersDiscarded(0, (), True), TurnStarted(1)]
    assert hand.soldiers[0] == [c("Jc")]


@pytest.mark.rule("R-TURN-2", "R-TURN-3")
def test_bet_opens_battle_responses_of_the_same_turn() -> None:
    hand = three()
    play(hand, "0 bet 2")
    assert hand.phase is Phase.BATTLE
    assert hand.to_act == 2
    assert hand.turn == 0
    view = hand.observe(2)
    assert view.turn == 0
    assert view.to_act == 2
    assert [o.verb.value for o in hand.legal_options()] == ["fold", "call", "raise"]
    for action in ("2 stay", "2 buy", "2 bet 1", "2 trim"):
        err = refused(hand, action, "illegal_action")
        assert err.rule in ("R-BET-3", "R-BET-6")
    err = refused(hand, "1 stay", "not_your_turn")
    assert err.rule in ("R-BET-3", "R-BET-6", "R-TURN-3")


# ------------------------------------------------------------------- R-TURN-3


def four_battle() -> Hand:
    """Four players, dealer 3 (turns 0, 1, 2, 3). Seat 2 (Qd Qs Qh Qc) beats seat 0
    (As 2c 3d 4h); seat 0 beats seat 3 (Jc 5d 6h 7s)."""
    return stacked(
        banners=["As", "Kh", "Qd", "Jc"],
        palaces=["2c 3d 4h", "8c 8d 9s", "Qs Qh Qc", "5d 6h 7s"],
        stock="Tc Td Th",
        dealer=3,
    )


@pytest.mark.rule("R-TURN-3")
def test_next_turn_follows_the_turn_owner_after_the_defender_wins() -> None:
    hand = four_battle()
    play(hand, "0 bet 2", "2 call")
    # seat 2 won, captured As and trims: its trim is still seat 0's turn
    assert hand.in_hand == [False, True, True, True]
    assert hand.soldiers[2] == [c("As")]
    assert hand.phase is Phase.TRIM
    assert hand.to_act == 2
    assert hand.turn == 0
    assert hand.stacks == [985, 995, 985, 995]
    assert hand.pot == 40
    events = hand.apply("2 trim")
    assert events[-1] == TurnStarted(1)  # after seat 0, not after seat 2
    assert hand.to_act == 1


@pytest.mark.rule("R-TURN-3")
def test_next_turn_follows_the_attacker_after_raise_and_call() -> None:
    hand = four_battle()
    play(hand, "0 bet 3", "3 raise", "0 call")
    assert hand.in_hand == [True, True, True, False]
    assert hand.soldiers[0] == [c("Jc")]
    assert hand.stacks == [965, 995, 995, 965]
    play(hand, "0 trim")
    assert hand.to_act == 1
    # the defender folds at once: the attacker captures and the next turn is seat 1
    hand = four_battle()
    play(hand, "0 bet 3", "3 fold", "0 trim")
    assert hand.to_act == 1
    assert hand.stacks == [985, 995, 995, 995]


# --------------------------------------------------------------------- R-BUY-1


@pytest.mark.rule("R-BUY-1")
def test_buy_costs_exactly_one_small_bet() -> None:
    hand = three()
    assert hand.legal_options()[0].cost == 10
    assert len(hand.stock) == 40
    play(hand, "0 buy")
    assert hand.stacks == [985, 995, 995]
    assert hand.contributions == [15, 5, 5]
    assert hand.pot == 25
    assert hand.soldiers[0] == [c("Jc")]
    assert len(hand.stock) == 39
    assert of_type(hand.events, SoldierBought) == [SoldierBought(0, c("Jc"), 10)]
    # another table: SB 7 (ante 3), the buy costs 7
    hand = three(rules=Rules.of(7))
    assert options(hand)[0] == "0 buy (costs 7)"
    play(hand, "0 buy", "0 trim")
    assert hand.stacks == [990, 997, 997]
    assert hand.pot == 16


@pytest.mark.rule("R-BUY-1")
def test_buy_needs_a_small_bet() -> None:
    # 14 chips: 9 after the ante, less than SB
    hand = three(stacks=[14, 1000, 1000])
    assert hand.stacks[0] == 9
    assert not any(o.verb.value == "buy" for o in hand.legal_options())
    refused(hand, "0 buy", "cannot_afford", "R-BUY-1")
    assert options(hand) == ["0 bet 1 (costs 9)", "0 bet 2 (costs 9)", "0 stay", "0 fold"]


@pytest.mark.rule("R-BUY-1", "R-ALLIN-1")
def test_exactly_a_small_bet_may_buy_and_then_is_all_in() -> None:
    hand = three(stacks=[15, 1000, 1000])
    assert hand.stacks[0] == 10
    assert options(hand)[0] == "0 buy (costs 10)"
    play(hand, "0 buy", "0 trim")
    assert hand.stacks == [0, 995, 995]
    assert hand.contributions == [15, 5, 5]
    assert hand.soldiers[0] == [c("Jc")]
    play(hand, "1 stay", "2 stay")
    # all-in: no buy; discard, bet (paying nothing), stay and fold remain
    assert options(hand) == [
        "0 bet 1",
        "0 bet 2",
        "0 discard <1..1 of Jc>",
        "0 stay",
        "0 fold",
    ]
    refused(hand, "0 buy", "cannot_afford", "R-BUY-1")


@pytest.mark.rule("R-BUY-1", "R-ANTE-1")
def test_all_in_at_the_ante_cannot_buy() -> None:
    hand = three(stacks=[4, 1000, 1000])
    assert hand.stacks == [0, 995, 995]
    assert hand.contributions == [4, 5, 5]
    refused(hand, "0 buy", "cannot_afford", "R-BUY-1")
    assert options(hand) == ["0 bet 1", "0 bet 2", "0 stay", "0 fold"]


# --------------------------------------------------------------------- R-BUY-2


def buy_round(hand: Hand, seats: list[int], *, keep: bool) -> list[Card]:
    """Each seat buys on its turn and keeps (or discards) the card; return the cards."""
    bought: list[Card] = []
    for seat in seats:
        assert hand.to_act == seat
        events = hand.apply(f"{seat} buy")
        card = of_type(events, SoldierBought)[0].card
        bought.append(card)
        hand.apply(f"{seat} trim" if keep else f"{seat} trim {card}")
    return bought


@pytest.mark.rule("R-BUY-2", "R-BUY-3")
def test_empty_stock_reshuffles_the_discard_pile() -> None:
    discards = cards(TEN_STOCK)  # each bought card is trimmed at once
    reshuffle = list(reversed(discards))
    hand = ten(later=[" ".join(str(x) for x in reshuffle)])
    assert len(hand.stock) == 12
    bought = buy_round(hand, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1], keep=False)
    assert bought == discards
    # the stock is empty; the discard pile is not shuffled until a card must be drawn
    assert hand.stock == []
    assert hand.discard_pile == discards
    assert len(hand.shuffles) == 2
    assert hand.to_act == 2
    assert options(hand)[0] == "2 buy (costs 10)"
    events = hand.apply("2 buy")
    assert events[0] == CardsShuffled("discard", 12)
    assert events[1] == SoldierBought(2, reshuffle[0], 10)
    assert hand.soldiers[2] == [reshuffle[0]]
    assert hand.discard_pile == []
    assert len(hand.stock) == 11
    assert hand.stock[-1] == reshuffle[1]
    assert len(hand.shuffles) == 3
    assert hand.to_record()["shuffles"][2] == " ".join(str(x) for x in reshuffle)
    assert hand.observe(None).stock_size == 11
    assert hand.observe(None).discard_size == 0
    assert hand.stacks[2] == 1000 - 5 - 20
    assert hand.pot == 50 + 13 * 10


@pytest.mark.rule("R-BUY-2", "R-BUY-1")
def test_buy_not_legal_when_stock_and_discard_pile_are_empty() -> None:
    hand = ten(later=["Tc"])
    bought = buy_round(hand, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1], keep=True)
    assert hand.stock == []
    assert hand.discard_pile == []
    assert hand.soldiers[2] == [bought[2]] == [c("Tc")]
    assert hand.to_act == 2
    assert "2 buy (costs 10)" not in options(hand)
    assert options(hand)[-3:] == ["2 discard <1..1 of Tc>", "2 stay", "2 fold"]
    refused(hand, "2 buy", "empty_stock", "R-BUY-2")
    # a discard refills the discard pile: the next buy reshuffles it
    play(hand, "2 discard Tc")
    assert hand.discard_pile == [c("Tc")]
    assert options(hand)[0] == "3 buy (costs 10)"
    play(hand, "3 buy")
    assert hand.soldiers[3] == [c("Td"), c("Tc")]
    assert hand.discard_pile == []
    assert hand.stock == []
    assert [len(s) for s in hand.shuffles] == [52, 42, 1]


@pytest.mark.rule("R-BUY-2")
def test_a_missing_recorded_reshuffle_leaves_the_hand_unchanged() -> None:
    hand = ten()  # no shuffle listed for the discard pile
    buy_round(hand, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1], keep=False)
    assert hand.can("2 buy")  # the rules allow it
    before = snapshot(hand)
    with pytest.raises(PalaceError) as info:
        hand.apply("2 buy")
    assert info.value.code == "shuffle_mismatch"
    assert snapshot(hand) == before


# --------------------------------------------------------------------- R-BUY-3


def five_soldiers() -> Hand:
    """Two players, dealer 1: seat 0 has bought five soldiers; seat 1 is to act."""
    hand = stacked(
        banners=["As", "Kh"],
        palaces=["2c 3c 4c", "5d 6d 7d"],
        stock="8c 9c Tc Jc Qc Kc Ac",
        dealer=1,
    )
    for _ in range(5):
        play(hand, "0 buy", "0 trim", "1 stay")
    assert hand.soldiers[0] == cards("8c 9c Tc Jc Qc")
    return hand


@pytest.mark.rule("R-BUY-3")
def test_trim_keeps_at_most_five_soldiers() -> None:
    hand = five_soldiers()
    assert hand.stacks == [945, 995]
    assert hand.pot == 60
    play(hand, "0 buy")
    assert hand.soldiers[0] == cards("8c 9c Tc Jc Qc Kc")
    assert hand.stacks == [935, 995]
    (option,) = hand.legal_options()
    assert (option.verb.value, option.min_cards, option.max_cards) == ("trim", 1, 6)
    assert option.cards == tuple(cards("8c 9c Tc Jc Qc Kc"))
    error = refused(hand, "0 trim", "too_many_soldiers", "R-BUY-3")
    assert (error.details["keep"], error.details["most"]) == (6, 5)  # the numbers, for words
    refused(hand, "0 trim Ac", "card_not_held", "R-BUY-3")
    refused(hand, "0 trim 2c", "card_not_held", "R-BUY-3")  # a palace card
    refused(hand, "0 trim As", "card_not_held", "R-BUY-3")  # the banner
    refused(hand, "0 trim Kh", "card_not_held", "R-BUY-3")  # the other's banner
    refused(hand, "0 stay", "illegal_action", "R-BUY-3")
    refused(hand, "0 discard Kc", "illegal_action", "R-BUY-3")
    refused(hand, "1 stay", "not_your_turn", "R-BUY-3")
    # keep the other five: discard the new card
    copy = hand.copy()
    events = copy.apply("0 trim Kc")
    assert events == [SoldiersDiscarded(0, (c("Kc"),), True), TurnStarted(1)]
    assert copy.soldiers[0] == cards("8c 9c Tc Jc Qc")
    assert copy.discard_pile == [c("Kc")]
    assert copy.stacks == [935, 995]
    # or discard older soldiers, several at once, or all of them
    copy = hand.copy()
    play(copy, "0 trim 8c Tc")
    assert copy.soldiers[0] == cards("9c Jc Qc Kc")
    assert copy.discard_pile == cards("8c Tc")
    copy = hand.copy()
    play(copy, "0 trim 8c 9c Tc Jc Qc Kc")
    assert copy.soldiers[0] == []
    assert len(copy.discard_pile) == 6
    assert copy.to_act == 1
    assert hand.soldiers[0] == cards("8c 9c Tc Jc Qc Kc")  # the copies changed nothing


# -------------------------------------------------------------------- R-DISC-1


@pytest.mark.rule("R-DISC-1")
def test_discard_is_free_and_only_own_soldiers() -> None:
    hand = three()
    # no soldiers: no discard
    assert not any(o.verb.value == "discard" for o in hand.legal_options())
    refused(hand, "0 discard", "illegal_action", "R-DISC-1")
    refused(hand, "0 discard 2c", "card_not_held", "R-DISC-1")  # a palace card
    play(hand, "0 buy", "0 trim", "1 buy", "1 trim", "2 stay")
    play(hand, "0 buy", "0 trim", "1 stay", "2 buy", "2 trim")
    assert hand.soldiers == [cards("Jc Qc"), cards("Js"), cards("Qs")]
    assert "0 discard <1..2 of Jc Qc>" in options(hand)
    refused(hand, "0 discard Js", "card_not_held", "R-DISC-1")  # seat 1's soldier
    refused(hand, "0 discard As", "card_not_held", "R-DISC-1")  # own banner
    refused(hand, "0 discard Jc Js", "card_not_held", "R-DISC-1")
    refused(hand, "0 discard", "illegal_action", "R-DISC-1")
    before_stacks = list(hand.stacks)
    before_pot = hand.pot
    events = hand.apply("0 discard Qc")
    assert events == [SoldiersDiscarded(0, (c("Qc"),), False), TurnStarted(1)]
    assert hand.stacks == before_stacks
    assert hand.pot == before_pot
    assert hand.soldiers[0] == [c("Jc")]
    assert hand.discard_pile == [c("Qc")]
    play(hand, "1 discard Js")
    assert hand.soldiers[1] == []
    assert hand.discard_pile == cards("Qc Js")
    assert hand.stacks == before_stacks


@pytest.mark.rule("R-DISC-1")
def test_discard_several_soldiers_at_once() -> None:
    hand = five_soldiers()
    play(hand, "0 buy", "0 trim Kc", "1 buy", "1 trim")
    assert hand.soldiers[1] == [c("Ac")]
    play(hand, "0 discard 8c Jc Qc")
    assert hand.soldiers[0] == cards("9c Tc")
    assert hand.discard_pile == cards("Kc 8c Jc Qc")
    assert hand.stacks == [935, 985]
    assert hand.to_act == 1


# -------------------------------------------------------------------- R-STAY-1


@pytest.mark.rule("R-STAY-1")
def test_stay_changes_nothing_but_the_turn() -> None:
    hand = three()
    before = (
        list(hand.stacks),
        list(hand.contributions),
        [list(s) for s in hand.soldiers],
        list(hand.stock),
        list(hand.discard_pile),
        list(hand.in_hand),
    )
    assert hand.apply("0 stay") == [Stayed(0), TurnStarted(1)]
    after = (
        list(hand.stacks),
        list(hand.contributions),
        [list(s) for s in hand.soldiers],
        list(hand.stock),
        list(hand.discard_pile),
        list(hand.in_hand),
    )
    assert after == before
    assert hand.to_act == 1
    assert hand.actions[-1].verb.value == "stay"


# -------------------------------------------------------------------- R-FOLD-1


@pytest.mark.rule("R-FOLD-1")
def test_fold_on_own_turn_discards_everything_and_nobody_captures() -> None:
    hand = three()
    play(hand, "0 buy", "0 trim", "1 buy", "1 trim", "2 stay")
    assert hand.soldiers == [cards("Jc"), cards("Js"), []]
    events = hand.apply("0 fold")
    assert events[:2] == [Folded(0, in_battle=False), PlayerOut(0, "fold")]
    assert of_type(events, CardsCaptured) == []
    assert hand.in_hand == [False, True, True]
    assert sorted(hand.discard_pile) == sorted(cards("As 2c 3c 4c Jc"))
    assert hand.soldiers == [[], cards("Js"), []]
    # the folder's chips stay in the pot
    assert hand.contributions == [15, 15, 5]
    assert hand.stacks == [985, 985, 995]
    assert hand.to_act == 1
    assert hand.observe(None).discard_size == 5
    refused(hand, "0 stay", "not_your_turn")


@pytest.mark.rule("R-FOLD-1", "R-END-1")
def test_fold_leaving_one_player_ends_the_hand() -> None:
    hand = stacked(banners=["As", "Kh"], palaces=["2c 3c 4c", "5d 6d 7d"], dealer=1)
    play(hand, "0 buy", "0 trim")
    events = hand.apply("1 fold")
    assert hand.over
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (1005, 995)  # pot: antes 10 and seat 0's buy 10
    assert sorted(hand.discard_pile) == sorted(cards("Kh 5d 6d 7d"))
    assert of_type(events, CardsCaptured) == []
    assert len(hand.soldiers[0]) == 1  # the winner keeps their soldier


# ------------------------------------------------------------ R-END-4, R-END-5


@pytest.mark.rule("R-END-4", "R-STAY-1")
def test_quiet_round_of_stays_ends_in_showdown_without_exclusions() -> None:
    # seat 1's quads use Ks and Kd, cards of the other players' banner suits
    hand = three(palaces=["Ah Ac 5c", "Ks Kd Kc", "7c 8c 9h"])
    play(hand, "0 stay", "1 stay")
    assert not hand.over
    assert hand.to_act == 2
    events = hand.apply("2 stay")
    assert hand.result is not None
    assert hand.result.end == "showdown"
    assert hand.result.stacks == (995, 1010, 995)
    assert hand.result.payouts == (0, 15, 0)
    shown = of_type(events, ShowdownRevealed)
    assert len(shown) == 1
    assert dict(shown[0].palaces) == {
        0: tuple(cards("Ah Ac 5c")),
        1: tuple(cards("Ks Kd Kc")),
        2: tuple(cards("7c 8c 9h")),
    }
    assert hand.in_hand == [True, True, True]
    assert hand.to_act is None


@pytest.mark.rule("R-END-4")
def test_showdown_equal_best_hands_split_the_pot() -> None:
    hand = stacked(
        banners=["As", "Ah", "Qd"],
        palaces=["Kc 9d 5h", "Ks 9c 5d", "2c 3h 4s"],
        dealer=2,
    )
    play(hand, "0 stay", "1 stay", "2 stay")
    assert hand.result is not None
    assert hand.result.end == "showdown"
    # 15 chips: 8 and 7, the odd chip to the first winner left of the dealer
    assert hand.result.stacks == (1003, 1002, 995)


@pytest.mark.rule("R-END-4", "R-DISC-1", "R-BUY-1")
def test_quiet_round_counts_discards_and_restarts_at_a_buy() -> None:
    hand = three(palaces=["Ah Ac 5c", "Ks Kd Kc", "7c 8c 9h"])
    play(hand, "0 stay", "1 stay", "2 buy", "2 trim", "0 buy", "0 trim")
    # seat 0's buy restarts the round: its own earlier stay no longer counts
    play(hand, "1 stay", "2 stay")
    assert not hand.over
    assert hand.to_act == 0
    assert hand.soldiers[0] == [c("Js")]
    hand.apply("0 discard Js")  # a DISCARD is a quiet turn: the round is complete
    assert hand.result is not None
    assert hand.result.end == "showdown"
    # pot: antes 15 + two buys 20 = 35; seat 1's quads win it
    assert hand.result.stacks == (985, 1030, 985)


@pytest.mark.rule("R-END-4")
def test_a_bet_restarts_the_quiet_round() -> None:
    # four players, dealer 3; seat 3 attacks seat 2 and loses (R-CMP-4)
    hand = stacked(
        banners=["As", "Kh", "Qd", "Jc"],
        palaces=["5c 6d 7h", "8c 9d Ts", "Qs Qh Qc", "2d 3h 4s"],
        stock="2c 3c 4c",
        dealer=3,
    )
    play(hand, "0 stay", "1 stay", "2 stay", "3 bet 2", "2 call")
    assert hand.in_hand == [True, True, True, False]
    assert hand.soldiers[2] == [c("Jc")]
    play(hand, "2 trim")
    # 0, 1 and 2 each stayed, but before the BET: no showdown yet
    assert not hand.over
    assert hand.to_act == 0
    play(hand, "0 stay", "1 stay")
    assert not hand.over
    play(hand, "2 stay")
    assert hand.result is not None
    assert hand.result.end == "showdown"
    assert hand.result.stacks == (995, 995, 1025, 985)


@pytest.mark.rule("R-END-5", "R-END-4", "R-FOLD-1")
def test_fold_on_own_turn_neither_counts_nor_restarts() -> None:
    banners = ["As", "Kh", "Qd", "Jc"]
    palaces = ["Ah Ac 5c", "Ks Kd Kc", "7c 8c 9h", "2d 3h 4s"]
    # does not restart: 1, 2, 3 stay after 0's buy; 0 folds: the round is complete
    hand = stacked(banners=banners, palaces=palaces, dealer=3)
    play(hand, "0 buy", "0 trim", "1 stay", "2 stay", "3 stay")
    assert not hand.over
    events = hand.apply("0 fold")
    assert Folded(0, in_battle=False) in events
    assert hand.result is not None
    assert hand.result.end == "showdown"
    assert hand.in_hand == [False, True, True, True]
    # pot 20 + 10 (seat 0's buy); seat 1's quads win
    assert hand.result.stacks == (985, 1025, 995, 995)
    # does not count: 3 folds while 2 still owes a quiet turn after its buy
    hand = stacked(banners=banners, palaces=palaces, dealer=3)
    play(hand, "0 stay", "1 stay", "2 buy", "2 trim", "3 fold", "0 stay", "1 stay")
    assert not hand.over
    assert hand.to_act == 2
    play(hand, "2 stay")
    assert hand.result is not None
    assert hand.result.end == "showdown"


@pytest.mark.rule("R-END-5", "R-END-1")
def test_ended_hand_takes_no_decisions_and_no_trim_after_the_last_battle() -> None:
    hand = stacked(banners=["As", "Kh"], palaces=["2c 3c 4c", "5d 6d 7d"], dealer=1)
    play(hand, "0 bet 1", "1 fold")
    assert hand.over
    assert hand.phase is Phase.OVER
    assert hand.to_act is None
    assert hand.legal_options() == []
    assert hand.soldiers[0] == [c("Kh")]  # captured, no trim follows
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (1005, 995)
    for action in ("0 trim", "0 stay", "1 stay", "0 buy", "1 call"):
        refused(hand, action, "hand_over", "R-END-5")


# --------------------------------------------------------------------- R-END-2

FIVE_BANNERS = ["As", "Ah", "Ad", "Ac", "Ts"]  # dealer 4: seats 0-3 group 1, seat 4 group 2


@pytest.mark.rule("R-END-2", "R-BANNER-1")
def test_two_players_left_with_the_same_suit_split_the_pot() -> None:
    hand = stacked(
        banners=["As", "Ah", "Ad", "Ac", "Kc"],
        palaces=["2c 3c 4c", "2d 3d 4d", "2h 3h 4h", "2s 3s 4s", "5c 5d 5h"],
        dealer=4,
    )
    play(hand, "0 fold", "1 fold")
    assert not hand.over
    hand.apply("2 fold")  # seats 3 and 4 fly clubs: the hand ends at once
    assert hand.result is not None
    assert hand.result.end == "same-suit"
    # 25 chips: 13 and 12, the odd chip to seat 3, first clockwise from dealer 4's left
    assert hand.result.stacks == (995, 995, 995, 1008, 1007)
    assert hand.to_act is None


@pytest.mark.rule("R-END-2", "R-END-5")
def test_same_suit_after_a_battle_ends_without_trim() -> None:
    hand = stacked(
        banners=FIVE_BANNERS,
        palaces=["Kd Kh Kc", "6d 7d 8d", "6h 7h 8h", "2d 3h 4s", "5c 5d 5h"],
        stock="9c 9d",
        dealer=4,
    )
    play(hand, "0 buy", "0 trim", "1 fold", "2 fold", "3 stay", "4 stay")
    assert hand.soldiers[0] == [c("9c")]
    play(hand, "0 bet 3")
    assert hand.contributions == [35, 5, 5, 5, 5]
    hand.apply("3 call")
    # seat 0 (As) beat seat 3 (Ac); seats 0 and 4 both fly spades
    assert hand.in_hand == [True, False, False, False, True]
    assert hand.soldiers[0] == [c("9c"), c("Ac")]
    assert hand.result is not None
    assert hand.result.end == "same-suit"
    assert hand.phase is Phase.OVER
    # pot 25 + 10 + 20 + 10 = 65: 33 to seat 0, 32 to seat 4
    assert hand.result.stacks == (998, 995, 995, 985, 1027)


@pytest.mark.rule("R-END-2", "R-END-5")
def test_three_players_of_one_suit_split_even_after_a_quiet_round() -> None:
    # nine players, dealer 8: groups {0,1,2,3} {4,5,6,7} {8}; seats 0, 4 and 8 fly spades
    banners = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc", "Qs"]
    palaces = [
        "2c 2d 2h",
        "2s 3c 3d",
        "3h 3s 4c",
        "4d 4h 4s",
        "5c 5d 5h",
        "5s 6c 6d",
        "6h 6s 7c",
        "7d 7h 7s",
        "8c 8d 8h",
    ]
    hand = stacked(banners=banners, palaces=palaces, dealer=8)
    play(hand, "0 stay", "1 fold", "2 fold", "3 fold", "4 stay", "5 fold", "6 fold")
    play(hand, "7 buy", "7 trim", "8 stay", "0 stay", "4 stay")
    assert not hand.over
    # seats 0, 4 and 8 have each stayed since the last BUY, and share one suit:
    # R-END-2 is checked before R-END-4
    hand.apply("7 fold")
    assert hand.result is not None
    assert hand.result.end == "same-suit"
    # pot 45 + 10 = 55: 19, 18, 18 (odd chip to seat 0, first left of dealer 8)
    assert hand.result.stacks == (1014, 995, 995, 995, 1013, 995, 995, 985, 1013)


# -------------------------------------------------------------- refused actions


@pytest.mark.rule("R-TURN-2", "R-CARD-1")
@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("0  stay", "malformed_action"),
        ("0 stay ", "malformed_action"),
        (" 0 stay", "malformed_action"),
        ("0", "malformed_action"),
        ("", "malformed_action"),
        ("00 stay", "malformed_action"),
        ("+0 stay", "malformed_action"),
        ("zero stay", "malformed_action"),
        ("0 STAY", "unknown_verb"),
        ("0 pass", "unknown_verb"),
        ("0 stay now", "malformed_action"),
        ("0 bet", "malformed_action"),
        ("0 bet 01", "malformed_action|invalid_amount"),
        ("0 bet -1", "malformed_action|invalid_amount"),
        ("0 bet 1 2 3", "malformed_action"),
        ("0 raise -5", "invalid_amount"),
        ("0 raise 0", "invalid_amount"),
        ("0 raise 05", "invalid_amount"),
        ("0 raise 1.5", "invalid_amount"),
        ("0 trim 10d", "invalid_card"),
        ("0 discard as", "invalid_card"),
        ("0 discard As As", "duplicate_card"),
        ("0 trim Jc Jc", "duplicate_card"),
    ],
)
def test_malformed_action_text_is_refused(action: str, code: str) -> None:
    # "a|b": either code is right (a bet's target seat is not an amount, but the
    # record format only says "integers without sign or leading zeros")
    hand = three()
    for stage in ("turn", "trim"):
        if stage == "trim":
            play(hand, "0 buy")
        before = snapshot(hand)
        assert not hand.can(action)
        with pytest.raises(ParseError) as info:
            hand.apply(action)
        assert info.value.code in code.split("|"), info.value
        if code == "invalid_card":
            assert info.value.rule == "R-CARD-1"
        assert snapshot(hand) == before


@pytest.mark.rule("R-TURN-1", "R-TURN-2")
@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action(True, Verb.STAY), "invalid_seat"),
        (Action("0", Verb.STAY), "invalid_seat"),  # type: ignore[arg-type]
        (Action(0.0, Verb.BUY), "invalid_seat"),  # type: ignore[arg-type]
        (Action(0, Verb.BET, "1"), "bad_target"),  # type: ignore[arg-type]
        (Action(0, Verb.BET, True), "bad_target"),
        (Action(0, Verb.BET, 1, "20"), "invalid_amount"),  # type: ignore[arg-type]
        (Action(0, Verb.BET, 1, 20.0), "invalid_amount"),  # type: ignore[arg-type]
        (Action(0, Verb.DISCARD, cards=("As",)), "malformed_action"),  # type: ignore[arg-type]
        (Action(0, Verb.DISCARD, cards=[Card.parse("As")]), "malformed_action"),  # type: ignore[arg-type]
        (Action(0, "stay"), "malformed_action"),  # type: ignore[arg-type]
        (("0", "stay"), "malformed_action"),
        (0, "malformed_action"),
        (None, "malformed_action"),
        (b"0 stay", "malformed_action"),
    ],
)
def test_actions_of_the_wrong_types_are_refused_not_coerced(action: object, code: str) -> None:
    # An Action built in code with a field of the wrong type (True is not seat 1,
    # "20" is not 20 chips), or something that is not an action at all, is refused
    # before any field is used, compiled engine or not, and changes nothing.
    hand = three()
    refused(hand, action, code)


@pytest.mark.rule("R-INFO-1")
@pytest.mark.parametrize("viewer", [True, "0", 0.0, -1, 3])
def test_views_of_seats_that_do_not_exist_are_refused(viewer: object) -> None:
    hand = three()
    with pytest.raises(IllegalActionError) as info:
        hand.observe(viewer)  # type: ignore[arg-type]
    assert info.value.code == "invalid_seat"
    with pytest.raises(IllegalActionError):
        hand.events_for(viewer)  # type: ignore[arg-type]


@pytest.mark.rule("R-TURN-1", "R-TURN-3")
def test_acting_out_of_turn_is_refused() -> None:
    hand = three()
    for action in ("1 stay", "2 buy", "1 bet 0", "2 fold"):
        err = refused(hand, action, "not_your_turn")
        assert err.rule in ("R-TURN-1", "R-TURN-3")
        assert err.details["to_act"] == 0
    refused(hand, "3 stay", "invalid_seat")
    refused(hand, "12 stay", "invalid_seat")
    play(hand, "0 stay")
    err = refused(hand, "0 stay", "not_your_turn", "R-TURN-3")
    assert err.details["to_act"] == 1
    refused(hand, "2 stay", "not_your_turn", "R-TURN-3")


@pytest.mark.rule("R-TURN-2")
def test_verbs_of_another_phase_are_refused() -> None:
    hand = three()
    refused(hand, "0 call", "illegal_action", "R-TURN-2")
    refused(hand, "0 raise", "illegal_action", "R-TURN-2")
    refused(hand, "0 trim", "illegal_action", "R-TURN-2")
    play(hand, "0 bet 1")
    refused(hand, "1 stay", "illegal_action")
    refused(hand, "1 discard As", "illegal_action")
    refused(hand, "1 trim", "illegal_action")
    play(hand, "1 call")  # As 2c 3c 4c (hearts out) vs Kh 5d 6d 7d (spades out): seat 0 wins
    assert hand.in_hand == [True, False, True]
    assert hand.phase is Phase.TRIM
    assert hand.to_act == 0
    refused(hand, "0 stay", "illegal_action", "R-CAPT-1")
    refused(hand, "0 call", "illegal_action", "R-CAPT-1")
    refused(hand, "0 fold", "illegal_action", "R-CAPT-1")
    refused(hand, "2 stay", "not_your_turn", "R-CAPT-1")


@pytest.mark.rule("R-END-5")
def test_acting_after_the_hand_is_over_is_refused() -> None:
    hand = three()
    play(hand, "0 fold", "1 fold")
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (995, 995, 1010)
    for action in ("2 stay", "2 buy", "0 stay", "2 trim", "2 bet 1"):
        refused(hand, action, "hand_over", "R-END-5")
    # a parse error is still a parse error
    refused(hand, "2  stay", "malformed_action")
