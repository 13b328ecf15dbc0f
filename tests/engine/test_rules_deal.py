"""Scenario tests of the set-up of a hand: cards, stakes, antes, banners, palaces.

Rules: R-CARD-1, R-STAKE-1, R-ANTE-1, R-ANTE-2, R-BANNER-1..4, R-PALACE-1.
Decks are stacked by hand (``RecordedShuffle``) so that every card's place is known.
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers import dealing_order, play, stacked
from palace_poker import (
    DECK,
    Card,
    ConfigError,
    Hand,
    PalaceError,
    ParseError,
    Phase,
    RecordedShuffle,
    Rules,
    Suit,
    format_cards,
    parse_cards,
    replay,
)
from palace_poker.events import (
    AntePosted,
    BannerCardSetAside,
    BannerDealt,
    CardsShuffled,
    Event,
    PalaceDealt,
    TurnStarted,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def c(text: str) -> Card:
    return Card.parse(text)


def deck_with_top(top: str) -> str:
    """A full-deck shuffle whose first cards are ``top``, then the rest in index order."""
    first = parse_cards(top)
    return format_cards(first + [x for x in DECK if x not in first])


def of_type(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# ----------------------------------------------------------------- R-CARD-1


@pytest.mark.rule("R-CARD-1")
def test_every_card_has_one_strict_text_form() -> None:
    texts = [r + s for r in RANKS for s in SUITS]
    parsed = [Card.parse(t) for t in texts]
    assert [str(x) for x in parsed] == texts
    assert len(set(parsed)) == 52
    assert set(parsed) == set(DECK)
    assert len(DECK) == 52
    for t, x in zip(texts, parsed, strict=True):
        assert repr(x) == f"Card.parse({t!r})"
        assert Card.parse(str(x)) is x
        assert x.rank == RANKS.index(t[0])
        assert x.suit is Suit(SUITS.index(t[1]))
    # ace high: the ace outranks the king, the two is lowest
    assert c("As").rank > c("Ks").rank > c("Qs").rank > c("Js").rank > c("Ts").rank
    assert c("2c").rank == 0
    assert c("Ad").rank == 12
    assert str(c("Td")) == "Td"
    assert str(c("7c")) == "7c"


@pytest.mark.rule("R-CARD-1")
@pytest.mark.parametrize(
    "text",
    [
        "10d",
        "as",
        "AS",
        "aS",
        "1c",
        "0s",
        "Ax",
        "A",
        "s",
        "",
        "Asx",
        " As",
        "As ",
        "T",
        "11",
        "Ac ",
    ],
)
def test_card_parse_rejects_non_canonical_text(text: str) -> None:
    with pytest.raises(ParseError) as info:
        Card.parse(text)
    assert info.value.code == "invalid_card"
    assert info.value.rule == "R-CARD-1"
    assert isinstance(info.value, PalaceError)


@pytest.mark.rule("R-CARD-1")
def test_parse_cards_single_spaces_and_strict_cards() -> None:
    assert parse_cards("As Kd 7c") == [c("As"), c("Kd"), c("7c")]
    assert parse_cards("") == []
    assert format_cards(parse_cards("Td 2c Ah")) == "Td 2c Ah"
    for bad in ["As  Kd", " As", "As ", "As,Kd", "As 10d", "As kd", "As\tKd"]:
        with pytest.raises(ParseError) as info:
            parse_cards(bad)
        assert info.value.code == "invalid_card", bad
        assert info.value.rule == "R-CARD-1"


@pytest.mark.rule("R-CARD-1")
def test_card_index_and_suit_errors() -> None:
    with pytest.raises(ParseError) as info:
        Card(52)
    assert info.value.code == "invalid_card"
    assert info.value.rule == "R-CARD-1"
    assert Suit.parse("h") is Suit.HEARTS
    for bad in ["x", "H", "", "hh"]:
        with pytest.raises(ParseError) as sinfo:
            Suit.parse(bad)
        assert sinfo.value.code == "invalid_suit"
        assert sinfo.value.rule == "R-CARD-1"


# ---------------------------------------------------------------- R-STAKE-1


@pytest.mark.rule("R-STAKE-1")
def test_rules_defaults() -> None:
    assert Rules.of(10) == Rules(small_bet=10, big_bet=20, ante=5, betting="limit", max_raises=3)
    # the ante is half a small bet rounded down
    assert Rules.of(7) == Rules(small_bet=7, big_bet=14, ante=3, betting="limit", max_raises=3)
    assert Rules.of(1) == Rules(small_bet=1, big_bet=2, ante=0, betting="limit", max_raises=3)
    assert Rules.of(10, betting="no-limit") == Rules(
        small_bet=10, big_bet=20, ante=5, betting="no-limit", max_raises=None
    )
    # explicit settings override the defaults, at their bounds
    assert Rules.of(10, big_bet=10).big_bet == 10
    assert Rules.of(10, ante=0).ante == 0
    assert Rules.of(10, ante=50).ante == 50
    assert Rules.of(10, max_raises=None).max_raises is None
    assert Rules.of(10, max_raises=0).max_raises == 0
    assert Rules.of(10, betting="no-limit", max_raises=2).max_raises == 2
    assert Rules.of(10).to_dict() == {
        "small_bet": 10,
        "big_bet": 20,
        "ante": 5,
        "betting": "limit",
        "max_raises": 3,
    }


BAD_RULES: list[dict[str, Any]] = [
    {"small_bet": 0},
    {"small_bet": -10},
    {"small_bet": True},
    {"small_bet": 2.5},
    {"small_bet": "10"},
    {"small_bet": 10, "big_bet": 9},
    {"small_bet": 10, "big_bet": 0},
    {"small_bet": 10, "big_bet": 20.0},
    {"small_bet": 10, "ante": -1},
    {"small_bet": 10, "ante": 1.5},
    {"small_bet": 10, "ante": True},
    {"small_bet": 10, "betting": "pot-limit"},
    {"small_bet": 10, "betting": "Limit"},
    {"small_bet": 10, "max_raises": -1},
    {"small_bet": 10, "max_raises": True},
    {"small_bet": 10, "max_raises": 1.5},
]


@pytest.mark.rule("R-STAKE-1")
@pytest.mark.parametrize("kwargs", BAD_RULES)
def test_rules_validation(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ConfigError) as info:
        Rules.of(**kwargs)
    assert info.value.code == "invalid_rules"
    assert info.value.rule == "R-STAKE-1"


@pytest.mark.rule("R-STAKE-1")
@pytest.mark.parametrize(
    "fields",
    [
        {"small_bet": 0, "big_bet": 20, "ante": 5},
        {"small_bet": 10, "big_bet": 9, "ante": 5},
        {"small_bet": 10, "big_bet": 20, "ante": -1},
        {"small_bet": 10, "big_bet": 20, "ante": 5, "betting": "fixed"},
        {"small_bet": 10, "big_bet": 20, "ante": 5, "max_raises": -2},
    ],
)
def test_rules_constructor_validates_too(fields: dict[str, Any]) -> None:
    full: dict[str, Any] = {"betting": "limit", "max_raises": 3, **fields}
    with pytest.raises(ConfigError) as info:
        Rules(**full)
    assert info.value.code == "invalid_rules"
    assert info.value.rule == "R-STAKE-1"


# ------------------------------------------------------------------ R-ANTE-1


@pytest.mark.rule("R-ANTE-1")
def test_every_player_antes_before_the_banner_deal() -> None:
    hand = stacked(banners=["As", "Kh", "Qd"], palaces=["2c 3c 4c", "5c 6c 7c", "8c 9c Tc"])
    assert hand.stacks == [995, 995, 995]
    assert hand.contributions == [5, 5, 5]
    assert hand.pot == 15
    antes = of_type(hand.events, AntePosted)
    assert sorted(antes, key=lambda e: e.seat) == [
        AntePosted(0, 5, False),
        AntePosted(1, 5, False),
        AntePosted(2, 5, False),
    ]
    first_shuffle = next(i for i, e in enumerate(hand.events) if isinstance(e, CardsShuffled))
    assert all(hand.events.index(e) < first_shuffle for e in antes)
    assert hand.observe(None).pot == 15


@pytest.mark.rule("R-ANTE-1", "R-ALLIN-1")
def test_short_stacks_post_all_they_have_and_are_all_in() -> None:
    hand = stacked(
        banners=["As", "Kh", "Qd"],
        palaces=["2c 3c 4c", "5c 6c 7c", "8c 9c Tc"],
        stacks=[1000, 3, 5],
    )
    assert hand.stacks == [995, 0, 0]
    assert hand.contributions == [5, 3, 5]
    assert hand.pot == 13
    assert sorted(of_type(hand.events, AntePosted), key=lambda e: e.seat) == [
        AntePosted(0, 5, False),
        AntePosted(1, 3, True),
        AntePosted(2, 5, True),
    ]
    # still dealt in: a banner and a palace, and the first turn (left of dealer 0)
    assert hand.banners[1] == c("Kh")
    assert hand.palaces[1] == tuple(parse_cards("5c 6c 7c"))
    assert hand.in_hand == [True, True, True]
    assert hand.to_act == 1
    assert hand.observe(None).all_in == (False, True, True)
    # all-in: no BUY; a BET costs nothing more
    assert [str(o) for o in hand.legal_options()] == ["1 bet 0", "1 bet 2", "1 stay", "1 fold"]
    assert all(o.cost == 0 for o in hand.legal_options())


@pytest.mark.rule("R-ANTE-1")
def test_no_ante_posts_nothing() -> None:
    for rules in (Rules.of(1), Rules.of(10, ante=0)):
        hand = stacked(
            banners=["As", "Kh"], palaces=["2c 3c 4c", "5c 6c 7c"], stacks=[50, 60], rules=rules
        )
        assert hand.stacks == [50, 60]
        assert hand.contributions == [0, 0]
        assert hand.pot == 0
        assert of_type(hand.events, AntePosted) == []


@pytest.mark.rule("R-ANTE-1")
def test_antes_are_won_by_the_last_player() -> None:
    hand = stacked(banners=["As", "Kh", "Qd"], palaces=["2c 3c 4c", "5c 6c 7c", "8c 9c Tc"])
    play(hand, "1 fold", "2 fold")
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (1010, 995, 995)


# ------------------------------------------------------------------ R-ANTE-2


@pytest.mark.rule("R-ANTE-2")
@pytest.mark.parametrize("bad", [0, -5])
def test_a_player_without_chips_is_not_dealt_in(bad: int) -> None:
    with pytest.raises(ConfigError) as info:
        Hand.deal(Rules.of(10), [1000, bad, 1000], dealer=0, shuffle=RecordedShuffle([]))
    assert info.value.code == "invalid_players"
    assert info.value.rule == "R-ANTE-2"
    assert info.value.details["seat"] == 1


@pytest.mark.rule("R-ANTE-2")
def test_bad_stacks_and_player_counts_are_refused() -> None:
    bad_stacks: list[Any] = [[1000, True], [1000, 2.5], [1000, "5"]]
    for stacks in bad_stacks:
        with pytest.raises(ConfigError) as info:
            Hand.deal(Rules.of(10), stacks, dealer=0, shuffle=RecordedShuffle([]))
        assert info.value.code == "invalid_players"
        assert info.value.rule == "R-ANTE-2"
    for count in (0, 1, 11):
        with pytest.raises(ConfigError) as info:
            Hand.deal(Rules.of(10), [100] * count, dealer=0, shuffle=RecordedShuffle([]))
        assert info.value.code == "invalid_players"


@pytest.mark.rule("R-ANTE-2", "R-ANTE-1")
def test_a_single_chip_is_enough_to_be_dealt_in() -> None:
    hand = stacked(banners=["As", "Kh"], palaces=["2c 3c 4c", "5c 6c 7c"], stacks=[1, 100])
    assert hand.stacks == [0, 95]
    assert hand.contributions == [1, 5]
    assert hand.in_hand == [True, True]


# ------------------------------------------------------------- R-BANNER-1..4


def deal(n: int, dealer: int, shuffles: list[str], rules: Rules | None = None) -> Hand:
    return Hand.deal(
        rules if rules is not None else Rules.of(10),
        [1000] * n,
        dealer=dealer,
        shuffle=RecordedShuffle(shuffles),
    )


def banner_events(hand: Hand) -> list[tuple[str, int, str]]:
    out: list[tuple[str, int, str]] = []
    for e in hand.events:
        if isinstance(e, BannerDealt):
            out.append(("banner", e.seat, str(e.card)))
        elif isinstance(e, BannerCardSetAside):
            out.append(("aside", e.seat, str(e.card)))
    return out


def stock_of(banners: list[str]) -> str:
    """A stock shuffle of every card that is not a banner, in index order."""
    taken = {c(b) for b in banners}
    return format_cards(x for x in DECK if x not in taken)


@pytest.mark.rule("R-BANNER-1", "R-BANNER-2")
def test_dealing_order_starts_left_of_the_dealer_and_ends_with_the_dealer() -> None:
    deck = deck_with_top("7h 7d 2h 5s 9c")
    hand = deal(4, 2, [deck, stock_of(["7h", "7d", "5s", "9c"])])
    assert hand.dealing_order() == [3, 0, 1, 2] == dealing_order(4, 2)
    assert banner_events(hand) == [
        ("banner", 3, "7h"),
        ("banner", 0, "7d"),
        ("aside", 1, "2h"),
        ("banner", 1, "5s"),
        ("banner", 2, "9c"),
    ]
    assert [str(b) for b in hand.banners] == ["7d", "5s", "9c", "7h"]
    assert hand.set_aside == (c("2h"),)
    assert hand.observe(0).set_aside == (c("2h"),)
    # the first turn is the dealer's left (R-TURN-1)
    assert hand.to_act == 3


@pytest.mark.rule("R-BANNER-2")
def test_two_to_four_players_fly_four_different_suits() -> None:
    deck = deck_with_top("As Ks Ah Kh Ad Qs Ac")
    hand = deal(4, 3, [deck, stock_of(["As", "Ah", "Ad", "Ac"])])
    assert banner_events(hand) == [
        ("banner", 0, "As"),
        ("aside", 1, "Ks"),
        ("banner", 1, "Ah"),
        ("aside", 2, "Kh"),
        ("banner", 2, "Ad"),
        ("aside", 3, "Qs"),
        ("banner", 3, "Ac"),
    ]
    assert len({b.suit for b in hand.banners}) == 4
    assert hand.set_aside == tuple(parse_cards("Ks Kh Qs"))
    # two players: a card of the first player's suit is set aside
    deck2 = deck_with_top("Tc 9c 8c Th")
    hand2 = deal(2, 0, [deck2, stock_of(["Tc", "Th"])])
    assert banner_events(hand2) == [
        ("banner", 1, "Tc"),
        ("aside", 0, "9c"),
        ("aside", 0, "8c"),
        ("banner", 0, "Th"),
    ]


@pytest.mark.rule("R-BANNER-1", "R-BANNER-2")
def test_groups_are_by_dealing_position_and_suits_repeat_across_groups() -> None:
    # 6 players, dealer 2: positions 1-4 are seats 3, 4, 5, 0 (group 1), 5-6 seats 1, 2.
    deck = deck_with_top("As Ah Ad Ac Ks Qs Kh")
    hand = deal(6, 2, [deck, stock_of(["As", "Ah", "Ad", "Ac", "Ks", "Kh"])])
    assert banner_events(hand) == [
        ("banner", 3, "As"),
        ("banner", 4, "Ah"),
        ("banner", 5, "Ad"),
        ("banner", 0, "Ac"),
        ("banner", 1, "Ks"),  # spades again: a new group
        ("aside", 2, "Qs"),  # but not twice in group 2
        ("banner", 2, "Kh"),
    ]
    assert [str(b) for b in hand.banners] == ["Ac", "Ks", "Kh", "As", "Ah", "Ad"]
    assert hand.set_aside == (c("Qs"),)
    assert len(hand.shuffles) == 2
    assert len(hand.shuffles[1]) == 52 - 6


@pytest.mark.rule("R-BANNER-1", "R-BANNER-2")
def test_ten_players_three_groups() -> None:
    # dealer 9: positions 1-10 are seats 0-9; groups {0,1,2,3} {4,5,6,7} {8,9}.
    top = "As Ah Ad Ac Ks Kh Kd Kc Qs Js Qh"
    deck = deck_with_top(top)
    banners = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc", "Qs", "Qh"]
    hand = deal(10, 9, [deck, stock_of(banners)])
    assert [str(b) for b in hand.banners] == banners
    assert hand.set_aside == (c("Js"),)
    assert banner_events(hand)[-2:] == [("aside", 9, "Js"), ("banner", 9, "Qh")]
    assert len(hand.stock) == 52 - 4 * 10


@pytest.mark.rule("R-BANNER-3", "R-BANNER-4", "R-BANNER-2", "R-PALACE-1")
def test_deck_runs_out_during_the_banner_deal() -> None:
    spades = [r + "s" for r in reversed(RANKS[:-1])]  # Ks .. 2s
    hearts = [r + "h" for r in reversed(RANKS[:-1])]
    diamonds = [r + "d" for r in reversed(RANKS[:-1])]
    low_clubs = [r + "c" for r in reversed(RANKS[:-2])]  # Qc .. 2c
    deck = " ".join(["As", *spades, "Ah", *hearts, "Ad", *diamonds, "Ac", "Kc", *low_clubs])
    assert sorted(parse_cards(deck)) == list(DECK)
    # dealer 4: dealing order 5 6 7 8 9 | 0 1 2 3 | 4 ... groups {5,6,7,8} {9,0,1,2} {3,4}
    first_aside = spades + hearts + diamonds + low_clubs  # 47 cards, in the order set aside
    # the set-aside cards are shuffled to become the deck; the deal goes on from it
    new_top = ["2s", "2h", "2d", "3s", "4s", "3h"]
    rest = [x for x in first_aside if x not in new_top]
    reshuffle = " ".join(new_top + rest)
    # after the last banner: set-aside 4s and the rest of the new deck (41 cards)
    stock_cards = sorted(parse_cards(" ".join(["4s", *rest])), reverse=True)
    stock = format_cards(stock_cards)
    hand = Hand.deal(
        Rules.of(10), [100] * 10, dealer=4, shuffle=RecordedShuffle([deck, reshuffle, stock])
    )
    expected_banners = {5: "As", 6: "Ah", 7: "Ad", 8: "Ac", 9: "Kc"}
    expected_banners.update({0: "2s", 1: "2h", 2: "2d", 3: "3s", 4: "3h"})
    assert [str(b) for b in hand.banners] == [expected_banners[s] for s in range(10)]
    # the shuffles, in the order performed: deck (52), set-aside (47), stock (52 - 10)
    assert [len(s) for s in hand.shuffles] == [52, 47, 42]
    record = hand.to_record()
    assert record["shuffles"] == [deck, reshuffle, stock]
    shuffled = of_type(hand.events, CardsShuffled)
    assert shuffled == [
        CardsShuffled("deck", 52),
        CardsShuffled("set-aside", 47),
        CardsShuffled("stock", 42),
    ]
    # the reshuffle happens while seat 0 (position 6) is dealt: after its 11 set-aside
    # clubs and before its banner
    events = hand.events
    i_reshuffle = events.index(CardsShuffled("set-aside", 47))
    assert events[i_reshuffle - 1] == BannerCardSetAside(0, c("2c"))
    assert events[i_reshuffle + 1] == BannerDealt(0, c("2s"))
    assert of_type(events[:i_reshuffle], BannerCardSetAside)[-11:] == [
        BannerCardSetAside(0, c(x)) for x in low_clubs
    ]
    assert hand.set_aside == tuple(parse_cards(" ".join([*first_aside, "4s"])))
    # R-PALACE-1: 30 palace cards from the stock in three rounds, 12 left
    order = hand.dealing_order()
    assert order == [5, 6, 7, 8, 9, 0, 1, 2, 3, 4]
    for pos, seat in enumerate(order):
        assert hand.palaces[seat] == (
            stock_cards[pos],
            stock_cards[pos + 10],
            stock_cards[pos + 20],
        )
    assert len(hand.stock) == 12
    assert hand.stock[-1] == stock_cards[30]  # the top of the stock
    assert hand.discard_pile == []
    assert hand.to_act == 5
    # play it out and replay the record: the extra shuffle is in the right place
    for seat in [5, 6, 7, 8, 9, 0, 1, 2, 3]:
        hand.apply(f"{seat} fold")
    assert hand.result is not None
    assert hand.result.end == "last"
    assert hand.result.stacks == (95, 95, 95, 95, 145, 95, 95, 95, 95, 95)
    again = replay(hand.to_record())
    assert again.result == hand.result
    assert [len(s) for s in again.shuffles] == [52, 47, 42]


@pytest.mark.rule("R-BANNER-3", "R-BANNER-4")
def test_deck_used_up_by_the_last_banner_needs_no_reshuffle() -> None:
    # dealer 9: groups {0,1,2,3} {4,5,6,7} {8,9}; the 52nd card is seat 9's banner
    ks_3s = [r + "s" for r in reversed(RANKS[1:-1])]  # Ks .. 3s
    kh_4h = [r + "h" for r in reversed(RANKS[2:-1])]  # Kh .. 4h
    kd_3d = [r + "d" for r in reversed(RANKS[1:-1])]  # Kd .. 3d
    jc_2c = [r + "c" for r in reversed(RANKS[:-3])]  # Jc .. 2c
    group_1 = ["As", *ks_3s, "Ah", *kh_4h, "Ad", *kd_3d, "Ac"]
    group_2 = ["2s", "3h", "2d", "Kc"]
    group_3 = ["Qc", *jc_2c, "2h"]
    deck = " ".join([*group_1, *group_2, *group_3])
    assert sorted(parse_cards(deck)) == list(DECK)
    aside = ks_3s + kh_4h + kd_3d + jc_2c
    stock = format_cards(sorted(parse_cards(" ".join(aside))))
    hand = deal(10, 9, [deck, stock])
    assert [str(b) for b in hand.banners] == [
        "As", "Ah", "Ad", "Ac", "2s", "3h", "2d", "Kc", "Qc", "2h"
    ]  # fmt: skip
    assert hand.set_aside == tuple(parse_cards(" ".join(aside)))
    assert [len(x) for x in hand.shuffles] == [52, 42]
    assert of_type(hand.events, CardsShuffled) == [
        CardsShuffled("deck", 52),
        CardsShuffled("stock", 42),
    ]
    assert len(hand.stock) == 12


@pytest.mark.rule("R-BANNER-4")
def test_stock_shuffle_gathers_set_aside_cards_and_rest_of_deck() -> None:
    deck = deck_with_top("Ah 7h Kc Qd")  # the 7h is set aside (hearts taken)
    stock = stock_of(["Ah", "Kc", "Qd"])
    hand = deal(3, 2, [deck, stock])
    assert [str(b) for b in hand.banners] == ["Ah", "Kc", "Qd"]
    assert hand.set_aside == (c("7h"),)
    assert len(hand.shuffles) == 2
    assert set(hand.shuffles[1]) == set(DECK) - set(hand.banners)
    assert c("7h") in hand.shuffles[1]
    assert len(hand.shuffles[1]) == 52 - 3
    assert of_type(hand.events, CardsShuffled) == [
        CardsShuffled("deck", 52),
        CardsShuffled("stock", 49),
    ]
    # a stock shuffle of the wrong cards is refused
    bad = format_cards(x for x in DECK if x not in {c("Ah"), c("Kc"), c("Qd"), c("7h")})
    with pytest.raises(PalaceError) as info:
        deal(3, 2, [deck, bad])
    assert info.value.code == "shuffle_mismatch"


@pytest.mark.rule("R-BANNER-4")
def test_stock_shuffle_size_for_every_table_size() -> None:
    for n in range(2, 11):
        banners = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc", "Qs", "Qh"][:n]
        hand = stacked(banners=banners, palaces=_palaces(n), dealer=n - 1)
        assert len(hand.shuffles) == 2
        assert len(hand.shuffles[1]) == 52 - n
        assert len(hand.stock) == 52 - 4 * n
        assert hand.set_aside == ()


def _palaces(n: int) -> list[str]:
    low = [x for x in DECK if x.rank < 10]  # 2..J: no banner of the test is among them
    return [format_cards(low[3 * s : 3 * s + 3]) for s in range(n)]


# ---------------------------------------------------------------- R-PALACE-1


@pytest.mark.rule("R-PALACE-1")
def test_palace_cards_dealt_one_at_a_time_in_dealing_order() -> None:
    # 3 players, dealer 1: dealing order 2, 0, 1
    deck = deck_with_top("As Kh Qd")
    stock_cards = [x for x in reversed(DECK) if x not in {c("As"), c("Kh"), c("Qd")}]
    stock = format_cards(stock_cards)
    hand = deal(3, 1, [deck, stock])
    assert [str(b) for b in hand.banners] == ["Kh", "Qd", "As"]
    s = stock_cards
    assert hand.palaces[2] == (s[0], s[3], s[6])
    assert hand.palaces[0] == (s[1], s[4], s[7])
    assert hand.palaces[1] == (s[2], s[5], s[8])
    palace_events = of_type(hand.events, PalaceDealt)
    assert [e.seat for e in palace_events] == [2, 0, 1]
    assert palace_events[0].cards == (s[0], s[3], s[6])
    assert len(hand.stock) == 52 - 4 * 3
    assert hand.discard_pile == []
    assert hand.soldiers == [[], [], []]
    view = hand.observe(0)
    assert view.palace == (s[1], s[4], s[7])
    assert view.stock_size == 40
    assert view.discard_size == 0
    assert view.known_palaces == {}
    # the first turn starts after the deal; the stock's top card is the next one dealt
    assert isinstance(hand.events[-1], TurnStarted)
    assert hand.events[-1].seat == 2
    assert hand.phase is Phase.TURN
    hand.apply("2 buy")
    assert hand.soldiers[2] == [s[9]]
    assert len(hand.stock) == 39
