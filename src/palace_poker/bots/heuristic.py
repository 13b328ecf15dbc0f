"""The heuristic bot: hand-written rules over estimated battle odds.

On its turn the bot estimates, for every player it may attack, its chance to win
the battle comparison (R-CMP-1: the target's banner suit does not count for the
bot, the bot's banner suit not for the target; the target's palace cards are
sampled from the cards the bot cannot place). It attacks the weakest target when
the odds are good, buys a soldier while its hand is worth improving and its stack
allows, and otherwise stays. Attacked (or raised), it compares its odds with the
price: it calls when the call pays for itself, raises with strong odds, folds
otherwise. After a buy or a capture it keeps the soldiers that add most to its
hand against the banner suits it may still meet.

In a variant (docs/rules.md, *Variants*; read once a decision from
``view.rules.variant``) it reads its odds from the variant's deck and palace size
and by what a banner strikes (its suit, or its rank: V-CMP-1), buys only while
its army is below the soldiers it may keep and keeps at most that many (V-BUY-3),
and when the last two must battle at once (V-END-3: BET or FOLD only) it attacks
when its odds pay for the entry, else folds. It reads prices from its options, so
an entry sized by the attacker (V-BET-2) is what it pays. Its thresholds were tuned
in the standard game only, and it does not weigh what its own fold hands the next
player (V-FOLD-1: it never folds on a turn it may stay on) nor the banner groups.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from palace_poker.actions import Action, Verb
from palace_poker.bots.base import require_turn
from palace_poker.bots.reading import (
    VALUE_SCALE,
    Reading,
    amount_for,
    attack_strikes,
    certain_loss,
    certain_win,
    keep_fresh,
    value_against,
)
from palace_poker.evaluator import evaluate
from palace_poker.observation import Observation
from palace_poker.options import Option


@dataclass(frozen=True, slots=True)
class HeuristicParams:
    """The heuristic's thresholds (odds are chances to win a battle comparison)."""

    #: attack the weakest target when the odds against it reach this (3+ players)
    attack: float = 0.75
    #: the same with two players left
    attack_heads_up: float = 0.5
    #: raise in a battle (or open with a no-limit raise) from these odds
    raise_at: float = 0.8
    #: odds are raised to this power when the opponent attacked or raised: their
    #: bet says something about their cards (a power cuts middling odds much and
    #: near-certain ones little)
    wary: float = 4.0
    #: buy only while the best odds are at least this ...
    buy_floor: float = 0.0
    #: ... the army is smaller than this ...
    buy_below: int = 5
    #: ... and this many small bets remain after buying
    reserve: int = 6
    #: a battle's winner expects this many times a fair share of the pot later
    survivor_edge: float = 0.9
    #: keep a soldier only if it adds at least this much hand value (in hand
    #: categories, averaged over the banner suits the bot may meet)
    keep: float = 0.01
    #: no-limit raises, as a fraction of the pot ...
    pot_fraction: float = 1.0
    #: ... or all-in from these odds
    shove_at: float = 0.82
    #: an opening raise on the bot's own turn goes all-in only from these odds:
    #: a shove into a pot of antes wins little when it is called by better and
    #: looks reckless when watched (it is about the pot otherwise)
    open_shove_at: float = 0.95


class HeuristicBot:
    """Rule-based play from estimated battle odds (see the module's docstring).

    ``samples`` is the number of sampled palaces behind each estimate; ``params``
    tunes the thresholds.

    >>> from palace_poker import Hand, Rules, SeededShuffle
    >>> hand = Hand.deal(Rules.of(10), [200, 200, 200], dealer=0, shuffle=SeededShuffle(4))
    >>> bot = HeuristicBot(seed=1)
    >>> action = bot.act(hand.observe(hand.to_act))
    >>> hand.can(action)
    True
    """

    name = "heuristic"

    def __init__(
        self, seed: int | None = None, *, samples: int = 48, params: HeuristicParams | None = None
    ) -> None:
        self._random = random.Random(seed)
        self.samples = samples
        self.params = params if params is not None else HeuristicParams()

    def reseed(self, seed: int) -> None:
        """Restart the bot's random choices from ``seed``."""
        self._random.seed(seed)

    def act(self, observation: Observation) -> Action:
        """Choose one of ``observation.options``."""
        options = observation.options
        require_turn(observation, "heuristic")
        phase = observation.phase
        if phase == "trim":
            return self.trim(observation, options[0])
        reading = Reading(observation, self._random, self.samples)
        if phase == "battle":
            return self.respond(observation, reading)
        return self.turn(observation, reading)

    # ------------------------------------------------------------------ turn

    def turn(self, view: Observation, reading: Reading) -> Action:
        """BET the weakest target with good odds, else BUY if worth it, else STAY;
        when the last two must battle at once (V-END-3: no STAY), BET when the odds
        pay for the entry, else FOLD."""
        params = self.params
        plain_bets: dict[int, Option] = {}
        raise_bets: dict[int, Option] = {}
        buy: Option | None = None
        stay: Option | None = None
        fold: Option | None = None
        for option in view.options:
            verb = option.verb
            if verb is Verb.BET:
                assert option.target is not None
                if option.min_amount is None:
                    plain_bets[option.target] = option
                else:
                    raise_bets[option.target] = option
            elif verb is Verb.BUY:
                buy = option
            elif verb is Verb.STAY:
                stay = option
            elif verb is Verb.FOLD:
                fold = option
        target, best_odds = self._best_target(view, reading, plain_bets)
        if stay is None and fold is not None:  # V-END-3: battle at once, or fold
            return self._battle_or_fold(view, target, best_odds, plain_bets, fold)
        players = sum(view.in_hand)
        threshold = params.attack_heads_up if players == 2 else params.attack
        if target is not None and best_odds >= threshold:
            opening = raise_bets.get(target)
            if opening is not None and best_odds >= params.raise_at:
                wanted = self._raise_size(
                    best_odds, view.pot + plain_bets[target].cost, shove_at=params.open_shove_at
                )
                return opening.action(amount=amount_for(opening, wanted, all_in_below=view.pot / 3))
            return plain_bets[target].action()
        me = reading.me
        if buy is not None and self._worth_buying(view, me, best_odds):
            return buy.action()
        if stay is not None:
            return stay.action()
        return view.options[-1].action()  # pragma: no cover - STAY is always legal on a turn

    @staticmethod
    def _battle_or_fold(
        view: Observation,
        target: int | None,
        odds: float,
        bets: dict[int, Option],
        fold: Option,
    ) -> Action:
        """With the last two made to battle at once (V-END-3), BET on ``target``
        when the chance to win the pot and the other's entry pays for the bot's
        entry (as a call is judged, :meth:`respond`), else FOLD: a fold on the turn
        gives up the pot but costs nothing more."""
        if target is None:
            return fold.action()
        bet = bets[target]
        if odds * (view.pot + bet.cost) >= bet.cost:
            return bet.action()
        return fold.action()

    @staticmethod
    def _best_target(
        view: Observation, reading: Reading, bets: dict[int, Option]
    ) -> tuple[int | None, float]:
        """The target with the best odds and those odds (None and 0 with none),
        leaving out every target whose visible cards alone beat the bot's hand
        (:func:`~palace_poker.bots.reading.certain_loss`): such a battle is lost
        whatever their palace holds."""
        best_odds = 0.0
        target = None
        for seat in bets:
            if certain_loss(view, seat):
                continue
            odds = reading.battle_odds(seat)
            if odds > best_odds:
                best_odds, target = odds, seat
        return target, best_odds

    def _worth_buying(self, view: Observation, me: int, best_odds: float) -> bool:
        """Buy while the army is small (and below the soldiers a trim keeps,
        V-BUY-3), the odds not hopeless and the stack deep."""
        params = self.params
        small_bet = view.rules.small_bet
        return (
            len(view.soldiers[me]) < min(params.buy_below, view.rules.variant.soldiers)
            and best_odds >= params.buy_floor
            and view.stacks[me] - small_bet >= params.reserve * small_bet
        )

    def _raise_size(self, odds: float, pot: int, *, shove_at: float | None = None) -> float:
        """A no-limit raise: a fraction of the pot, or everything with great odds
        (from ``shove_at``, by default the parameters' ``shove_at``)."""
        if odds >= (self.params.shove_at if shove_at is None else shove_at):
            return float("inf")
        return self.params.pot_fraction * pot

    # ---------------------------------------------------------------- battle

    def respond(self, view: Observation, reading: Reading) -> Action:
        """FOLD, CALL or RAISE by the odds against the price (pot odds)."""
        params = self.params
        battle = view.battle
        assert battle is not None
        me = reading.me
        other = battle.defender if me == battle.attacker else battle.attacker
        odds = sure = reading.battle_odds(other)
        mine, theirs = (0, 1) if me == battle.attacker else (1, 0)
        if me == battle.defender or battle.raised[theirs] > battle.raised[mine]:
            odds **= params.wary
        fold = call = raise_ = None
        for option in view.options:
            if option.verb is Verb.FOLD:
                fold = option
            elif option.verb is Verb.CALL:
                call = option
            elif option.verb is Verb.RAISE:
                raise_ = option
        assert fold is not None
        assert call is not None
        price = call.cost
        pot_after = view.pot + price
        survivors = sum(view.in_hand) - 1
        share = 1.0 if survivors <= 1 else min(1.0, params.survivor_edge / survivors)
        if raise_ is not None and odds >= params.raise_at:
            if raise_.min_amount is None:
                return raise_.action()
            wanted = self._raise_size(odds, pot_after)
            return raise_.action(amount=amount_for(raise_, wanted, all_in_below=pot_after / 3))
        if odds * share * pot_after >= price:
            return call.action()
        # A call is compared at once (R-BET-8): never fold a certain win. Every
        # sampled palace loses to a certain win, so only unbroken odds need the
        # exhaustive check.
        if sure == 1.0 and certain_win(view, other):
            return call.action()
        return fold.action()

    # ------------------------------------------------------------------ trim

    def trim(self, view: Observation, option: Option) -> Action:
        """Discard the soldiers that add least to the hand, keeping at most as many
        as the variant allows (five in the standard game, V-BUY-3) and none that
        adds less than ``params.keep`` -- but never a soldier gained in this turn
        (bought or captured) that makes the hand strictly better against every
        player the bot may attack (:func:`~palace_poker.bots.reading.keep_fresh`):
        paying for a card and trimming it at once is a blunder."""
        me = view.viewer
        assert me is not None
        variant = view.rules.variant
        most = variant.soldiers
        by_rank = variant.struck == "rank"
        # What the banners it may meet in a battle strike (suits, or ranks in
        # V-CMP-1); with none, the hand as a whole.
        strikes: list[int | None] = [*attack_strikes(view)] or [None]
        base = (view.banners[me], *view.palace)
        kept: list[int] = list(option.cards)

        def value(army: list[int]) -> float:
            cards = (*base, *army)
            if by_rank:
                total = sum(value_against(cards, rank, True) for rank in strikes)
            else:
                total = sum(evaluate(cards, suit) for suit in strikes)
            return total / (len(strikes) * VALUE_SCALE)

        current = value(kept)
        while kept:
            losses: list[tuple[float, int, int]] = []
            for index, card in enumerate(kept):
                rest = kept[:index] + kept[index + 1 :]
                losses.append((current - value(rest), card, index))
            loss, _card, index = min(losses)
            if len(kept) <= most and loss >= self.params.keep:
                break
            del kept[index]
            current -= loss
        kept = keep_fresh(view, kept)
        discard = tuple(card for card in option.cards if card not in kept)
        return option.action(cards=discard)
