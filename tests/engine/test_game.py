"""The game as a series of hands: the dealer draw, passing the deal, busts, the end."""

from __future__ import annotations

import random

import pytest

from palace_poker import (
    DECK,
    ConfigError,
    IllegalActionError,
    RecordedShuffle,
    Rules,
    SeededShuffle,
    format_cards,
    parse_cards,
    replay,
)
from palace_poker.bots import RandomBot
from palace_poker.game import Game, draw_for_dealer


def deck_starting(text: str) -> str:
    """A full deck order whose top cards are ``text``."""
    top = parse_cards(text)
    return format_cards(top + [c for c in DECK if c not in top])


@pytest.mark.rule("R-DEAL-1")
def test_the_highest_card_deals() -> None:
    draw = draw_for_dealer([0, 1, 2], RecordedShuffle([deck_starting("7c Kd 9s")]))
    assert draw.dealer == 1
    assert len(draw.rounds) == 1


@pytest.mark.rule("R-DEAL-1")
def test_players_tied_for_highest_draw_again_and_suits_never_break_ties() -> None:
    # Seats 0 and 2 tie on kings (suits do not count); seat 1 is out of the draw.
    # In the second round seat 0 draws the 4c and seat 2 the 9h.
    draw = draw_for_dealer([0, 1, 2], RecordedShuffle([deck_starting("Ks 5d Kc 4c 9h")]))
    assert draw.dealer == 2
    assert [[(s, str(c)) for s, c in r] for r in draw.rounds] == [
        [(0, "Ks"), (1, "5d"), (2, "Kc")],
        [(0, "4c"), (2, "9h")],
    ]


@pytest.mark.rule("R-DEAL-1")
def test_the_drawn_cards_are_shuffled_when_the_deck_runs_out() -> None:
    # Two players tie 26 times running: every pair of cards shares a rank.
    ranks = "23456789TJQKA"
    pairs = [f"{r}c {r}d" for r in ranks] + [f"{r}h {r}s" for r in ranks]
    second = deck_starting("Ah 2c")
    source = RecordedShuffle([" ".join(pairs), second])
    draw = draw_for_dealer([0, 1], source)
    assert source.used == 2
    assert len(draw.rounds) == 27
    assert draw.dealer == 0


@pytest.mark.rule("R-DEAL-1")
def test_a_game_draws_for_its_first_dealer() -> None:
    game = Game(Rules.of(10), [("A", 100), ("B", 100), ("C", 100)], shuffle=SeededShuffle(4))
    assert game.dealer_draw is not None
    assert game.dealer == game.dealer_draw.dealer
    last_round = game.dealer_draw.rounds[-1]
    best = max(card.rank for _, card in last_round)
    assert [s for s, c in last_round if c.rank == best] == [game.dealer]


def play_hand(game: Game, rng: random.Random) -> None:
    hand = game.start_hand()
    bots = [RandomBot(seed=rng.randrange(1 << 30)) for _ in range(hand.n)]
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(bots[seat].act(hand.observe(seat)))
    game.finish_hand()


@pytest.mark.rule("R-DEAL-2")
@pytest.mark.rule("R-ANTE-2")
@pytest.mark.rule("R-GAME-1")
def test_a_game_plays_to_the_end_passing_the_deal_and_dropping_busted_players() -> None:
    rng = random.Random(9)
    players = [(f"P{i}", 60) for i in range(6)]
    game = Game(Rules.of(10), players, shuffle=SeededShuffle(9), dealer=0)
    busts_seen = False
    while not game.over:
        dealer_before = game.dealer
        play_hand(game, rng)
        record = game.records[-1]
        dealt_in = [i for i, s in enumerate(game.stacks)]
        assert len(record["players"]) <= len(dealt_in)
        assert all(p["stack"] >= 1 for p in record["players"])
        assert sum(game.stacks) == 360
        in_game = game.seats_in_game
        if len(in_game) < 6:
            busts_seen = True
        if not game.over:
            # R-DEAL-2: the next seat clockwise from the last dealer that still has chips.
            step = next(k for k in range(1, 7) if game.stacks[(dealer_before + k) % 6] > 0)
            assert game.dealer == (dealer_before + step) % 6
        assert replay(record).result is not None
    assert busts_seen
    assert len(game.seats_in_game) == 1
    assert max(game.stacks) == 360
    with pytest.raises(IllegalActionError) as info:
        game.start_hand()
    assert info.value.code == "hand_over"


@pytest.mark.rule("R-ANTE-2")
def test_busted_players_are_not_dealt_in_and_the_dealer_index_maps() -> None:
    game = Game(Rules.of(10), [("A", 50), ("B", 50), ("C", 50)], shuffle=SeededShuffle(1), dealer=2)
    game.stacks[1] = 0
    hand = game.start_hand()
    assert hand.n == 2
    assert hand.names == ("A", "C")
    assert hand.dealer == 1
    assert game.table_seat(1) == 2


@pytest.mark.rule("R-GAME-1")
def test_rebuys_only_where_the_table_allows_them() -> None:
    game = Game(Rules.of(10), [("A", 50), ("B", 50), ("C", 50)], shuffle=SeededShuffle(1), dealer=0)
    game.stacks[1] = 0
    with pytest.raises(IllegalActionError):
        game.rebuy(1, 50)
    table = Game(
        Rules.of(10), [("A", 50), ("B", 50)], shuffle=SeededShuffle(1), dealer=0, rebuys=True
    )
    table.stacks[0] = 0
    table.stacks[1] = 100
    table.rebuy(0, 50)
    assert table.stacks == [50, 100]
    with pytest.raises(IllegalActionError):
        table.rebuy(1, 50)  # not busted


@pytest.mark.rule("R-GAME-1")
def test_the_table_may_stop_the_game_and_a_hand_must_finish_first() -> None:
    game = Game(Rules.of(10), [("A", 50), ("B", 50)], shuffle=SeededShuffle(1), dealer=0)
    hand = game.start_hand()
    with pytest.raises(IllegalActionError):
        game.start_hand()
    with pytest.raises(IllegalActionError):
        game.finish_hand()
    hand.apply(f"{hand.to_act} fold")
    game.finish_hand()
    game.stop()
    assert game.over


def test_a_game_refuses_bad_seating() -> None:
    with pytest.raises(ConfigError):
        Game(Rules.of(10), [("A", 50)])
    with pytest.raises(ConfigError):
        Game(Rules.of(10), [("A", 50), ("B", 0)])
    with pytest.raises(ConfigError):
        Game(Rules.of(10), [("A", 50), ("B", 5)], dealer=2)


@pytest.mark.rule("R-DEAL-1")
def test_a_reshuffle_mid_round_gathers_only_the_finished_rounds() -> None:
    # Round 1: aces tie for seats 0 and 1, seat 2 drops out. Then 24 tied pairs, and
    # seat 0 draws the last card (2s) in round 26: the deck runs out before seat 1
    # draws. Only the 51 cards of finished rounds are reshuffled, not seat 0's 2s.
    first = ["As", "Ah", "2c", "Ac", "Ad", "2d", "2h"]
    for rank in "3456789TJQK":
        first += [f"{rank}{suit}" for suit in "cdhs"]
    first.append("2s")
    assert sorted(first) == sorted(str(c) for c in DECK)
    finished = [c for c in DECK if str(c) != "2s"]
    again = format_cards(
        [c for c in finished if str(c) == "Kc"] + [c for c in finished if str(c) != "Kc"]
    )
    source = RecordedShuffle([" ".join(first), again])
    draw = draw_for_dealer([0, 1, 2], source)
    assert source.used == 2
    assert [(s, str(c)) for s, c in draw.rounds[-1]] == [(0, "2s"), (1, "Kc")]
    assert draw.dealer == 1


def _fold_out(game: Game) -> None:
    """Play the hand in play to its end by folding, and settle it."""
    hand = game.hand
    assert hand is not None
    while not hand.over:
        assert hand.to_act is not None
        hand.apply(f"{hand.to_act} fold")
    game.finish_hand()


@pytest.mark.rule("R-GAME-1")
def test_a_player_sitting_out_is_not_dealt_in_and_the_deal_skips_them() -> None:
    game = Game(Rules.of(10), [("A", 50), ("B", 50), ("C", 50)], shuffle=SeededShuffle(1), dealer=1)
    game.sit_out(1)
    hand = game.start_hand()
    assert hand.names == ("A", "C")
    assert game.hand_seats[hand.dealer] == 2  # B deals no hand while out: C does
    _fold_out(game)
    game.sit_out(1, False)
    assert game.start_hand().names == ("A", "B", "C")
    _fold_out(game)
    game.sit_out(0)
    game.sit_out(2)
    with pytest.raises(IllegalActionError) as refused:
        game.start_hand()
    assert refused.value.code == "too_few_players"
    assert not game.over  # three players hold chips: the table waits for two to play
    with pytest.raises(IllegalActionError):
        game.sit_out(1, "no")  # a flag is a bool


@pytest.mark.rule("R-GAME-1")
def test_players_join_and_leave_between_hands_with_their_chips() -> None:
    game = Game(Rules.of(10), [("A", 50), ("B", 50)], shuffle=SeededShuffle(2), dealer=0)
    game.start_hand()
    with pytest.raises(IllegalActionError) as refused:
        game.add_player("C", 40)
    assert refused.value.code == "hand_in_play"
    with pytest.raises(IllegalActionError):
        game.leave(0)
    _fold_out(game)
    assert game.add_player("C", 40) == 2
    with pytest.raises(ConfigError):
        game.add_player("D", True)  # a bool is not chips
    assert game.start_hand().names == ("A", "B", "C")
    _fold_out(game)
    total = sum(game.stacks)
    taken = game.leave(0)
    assert taken > 0
    assert sum(game.stacks) == total - taken
    assert game.stacks[0] == 0
    assert 0 in game.left
    with pytest.raises(IllegalActionError):
        game.leave(0)  # gone already
    assert game.start_hand().names == ("B", "C")
    _fold_out(game)
    game.leave(1)
    assert game.over  # one player holds every chip left


@pytest.mark.rule("R-GAME-1")
def test_top_ups_only_where_rebuys_are_allowed_and_never_for_a_player_who_left() -> None:
    plain = Game(Rules.of(10), [("A", 50), ("B", 50)], shuffle=SeededShuffle(1), dealer=0)
    with pytest.raises(IllegalActionError):
        plain.top_up(0, 10)
    game = Game(
        Rules.of(10),
        [("A", 50), ("B", 50), ("C", 50)],
        shuffle=SeededShuffle(1),
        dealer=0,
        rebuys=True,
    )
    game.top_up(0, 25)
    assert game.stacks == [75, 50, 50]
    game.stacks[1] = 0
    game.top_up(1, 30)  # busted: a rebuy
    assert game.stacks[1] == 30
    for bad in (0, -5, True, "10", 2**53):
        with pytest.raises(IllegalActionError):
            game.top_up(0, bad)
    game.leave(2)
    with pytest.raises(IllegalActionError):
        game.top_up(2, 10)
    with pytest.raises(IllegalActionError):
        game.rebuy(2, 10)
    game.start_hand()
    with pytest.raises(IllegalActionError) as refused:
        game.top_up(0, 10)
    assert refused.value.code == "hand_in_play"
