"""A game of a variant: its hands dealt with the variant, its first dealer drawn from
the variant's deck, and a table too big for the variant's deck refused at once."""

from __future__ import annotations

import pytest

from palace_poker import ConfigError, IllegalActionError, Rules, SeededShuffle, replay
from palace_poker.bots import RandomBot
from palace_poker.cards import Card
from palace_poker.dealer import DealerDrawing
from palace_poker.game import Game, draw_for_dealer
from palace_poker.presets import PRESETS, preset
from palace_poker.variant import Variant


def play_out(game: Game, hands: int, seed: int) -> None:
    """Random bots play up to ``hands`` hands of the game."""
    bots = [RandomBot(seed=seed * 10 + s) for s in range(len(game.stacks))]
    for _ in range(hands):
        if game.over:
            return
        hand = game.start_hand()
        while hand.to_act is not None:
            seat = hand.to_act
            hand.apply(bots[game.table_seat(seat)].act(hand.observe(seat)))
        game.finish_hand()


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("V-PALACE-1")
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_game_of_each_preset_deals_its_hands_with_the_variant(name: str) -> None:
    rules = preset(name).rules(10)
    variant = rules.variant
    players = min(3, variant.most_players())
    game = Game(rules, [(f"P{s}", 400) for s in range(players)], shuffle=SeededShuffle(7))
    play_out(game, 4, seed=7)
    assert game.records
    assert sum(game.stacks) == 400 * players
    deck = set(variant.deck)
    for record in game.records:
        assert ("variant" in record["rules"]) == (not variant.standard)
        hand = replay(record)  # the record's rules carry the variant
        assert hand.rules == rules
        view = hand.observe(None)
        assert set(view.banners) <= deck
        assert all(len(hand.observe(s).palace) == variant.palace for s in range(hand.n))


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("R-DEAL-1")
def test_the_first_dealer_is_drawn_from_the_variants_deck() -> None:
    variant = Variant(ranks=3, suits=2, palace=1)  # Q, K, A of clubs and diamonds
    deck = set(variant.deck)
    for seed in range(40):
        game = Game(
            Rules.of(10, variant=variant),
            [("A", 50), ("B", 50), ("C", 50)],
            shuffle=SeededShuffle(seed),
        )
        draw = game.dealer_draw
        assert draw is not None
        assert {card for one in draw.rounds for _, card in one} <= deck


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("R-DEAL-1")
def test_a_short_decks_draw_runs_out_and_goes_on_with_its_own_cards() -> None:
    # Six cards, two players: three tied rounds of Q, K, A use them all; the draw
    # goes on with the same six cards shuffled.
    variant = Variant(ranks=3, suits=2)
    tied = ["Qc Qd Kc Kd Ac Ad", "Kc Qd Ac Ad Qc Kd"]

    class Orders:
        def __init__(self) -> None:
            self.used = 0

        def shuffle(self, cards: list[Card]) -> list[int]:
            order = [Card.parse(text) for text in tied[self.used].split()]
            assert sorted(order) == sorted(cards)  # the variant's six cards, no other
            self.used += 1
            return [int(card) for card in order]

    source = Orders()
    draw = draw_for_dealer([0, 1], source, variant=variant)  # type: ignore[arg-type]
    assert source.used == 2
    assert draw.dealer == 0
    assert len(draw.rounds) == 4


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("R-DEAL-1")
def test_an_explicit_draw_offers_and_takes_only_the_variants_cards() -> None:
    game = Game(
        Rules.of(10, variant=Variant(ranks=9)), [("A", 50), ("B", 50)], explicit_chance=True
    )
    step = game.chance
    assert step is not None
    assert len(step.outcomes) == 36
    assert min(card.rank for card in step.outcomes) == Card.parse("6c").rank
    with pytest.raises(IllegalActionError) as refused:
        game.apply_chance(Card.parse("5c"))  # not in the short deck
    assert refused.value.code == "invalid_outcome"
    game.apply_chance(Card.parse("Ah"))
    game.apply_chance(Card.parse("6d"))
    assert game.dealer == 0


@pytest.mark.rule("V-CARD-1")
def test_the_draw_refuses_what_is_not_a_variant() -> None:
    with pytest.raises(ConfigError) as refused:
        DealerDrawing([0, 1], variant="short-deck")  # type: ignore[arg-type]
    assert refused.value.code == "invalid_variant"


@pytest.mark.rule("V-CARD-1")
def test_more_players_than_the_deck_serves_are_refused_when_the_game_is_made() -> None:
    rules = preset("tiny").rules(10)
    most = rules.variant.most_players()
    Game(rules, [(f"P{s}", 50) for s in range(most)], shuffle=SeededShuffle(1))
    with pytest.raises(ConfigError) as refused:
        Game(rules, [(f"P{s}", 50) for s in range(most + 1)], shuffle=SeededShuffle(1))
    assert refused.value.code == "invalid_variant"
    assert str(most) in refused.value.message


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("R-GAME-1")
def test_no_player_joins_beyond_what_the_variants_deck_serves() -> None:
    rules = preset("tiny").rules(10)
    most = rules.variant.most_players()
    game = Game(rules, [(f"P{s}", 50) for s in range(most)], shuffle=SeededShuffle(2))
    with pytest.raises(IllegalActionError) as refused:
        game.add_player("Late", 50)
    assert refused.value.code == "illegal_action"
    assert "variant" in refused.value.message
    assert len(game.stacks) == most
    game.leave(0)
    assert game.add_player("Late", 50) == most  # a seat freed is a seat again
