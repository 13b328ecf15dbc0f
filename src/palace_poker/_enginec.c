/*
 * One hand of Palace Poker stepped in C, at the granularity of the research
 * environments: exactly palace_poker.env.state.EnvState (chance nodes whose outcomes
 * are the cards left in the pile, the 70 action ids of palace_poker.env.actions,
 * card choices as increasing CARD ids then DONE, a no-limit BET_r then its opening
 * raise), for every variant of palace_poker.variant.Variant, both betting structures
 * and 2..10 players. tests/research/test_engine_c.py steps the two side by side.
 *
 * The whole hand is one fixed-size struct (HandState below, no pointers), so that a
 * copy is a memcpy and a batch of hands is an array of them: no allocation per step.
 * It holds, besides what the rules need, what each seat knows (its palace, the
 * palaces shown to it, the face-down cards it can name: the Python HandState's
 * discard_public / discard_owners / stock_public / stock_owners / revealed), so that
 * observations can be written from it.
 *
 * Cards are indices rank * 4 + suit (0 = 2c .. 51 = As); a set of cards is a 64-bit
 * mask with bit c for card c, so that a set's cards in card order are its bits in
 * order (chance outcomes, card choices). The evaluator's code is copied from
 * _evalc.c (its masks hold a 13-bit rank mask per suit; CARD_BIT converts).
 *
 * Chips are int64_t: every count is at most palace_poker.checks.MAX_CHIPS (2**53 - 1).
 *
 * The engine below the Python type works on a HandState * alone, for a batch to call
 * on each hand of an array: Hand_init fills the table and init_hand posts the antes
 * (a batch deals once and copies that struct into each slot); current_player();
 * the chance outcomes are the bits of h->pile when h->phase == PHASE_CHANCE, given
 * by apply_chance(h, card); legal_ids(h, &legal) gives the legal ids as a 70-bit
 * set (and the raise amounts they stand for), apply_id(h, &legal, id) applies one
 * of them; h->final_stacks - h->start are the returns once h->phase == PHASE_OVER.
 * Hand_view shows where each field of a seat's observation is read from.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_SEATS 10
#define CARD_COUNT 52
/* A trim follows every BUY and capture, so an army holds at most soldiers (7) + 1
 * after a BUY, or soldiers + 1 + soldiers after a capture: 15. */
#define MAX_ARMY 16
#define NO_SEAT 255

/* The action ids (palace_poker.env.actions). */
#define ID_FOLD 0
#define ID_STAY 1
#define ID_BUY 2
#define ID_CALL 3
#define ID_DONE 4
#define ID_RAISE_MIN 5
#define ID_RAISE_HALF_POT 6
#define ID_RAISE_POT 7
#define ID_RAISE_ALL_IN 8
#define ID_BET_BASE 8
#define ID_CARD_BASE 18
#define NUM_ACTIONS 70

/* current_player() of a chance node and of the end (OpenSpiel's ids). */
#define PLAYER_CHANCE (-1)
#define PLAYER_TERMINAL (-4)

enum { PHASE_TURN, PHASE_BATTLE, PHASE_TRIM, PHASE_CHANCE, PHASE_OVER };
enum { CHANCE_NONE, CHANCE_BANNER, CHANCE_PALACE, CHANCE_SOLDIER };
/* A choice in progress (EnvState.pending): a discard's cards, or a no-limit bet's
 * target whose opening raise is not chosen yet. A trim's cards are chosen in the
 * TRIM phase itself (EnvState starts a trim's choice at once). */
enum { PENDING_NONE, PENDING_DISCARD, PENDING_OPEN };
enum { END_NONE, END_LAST, END_SAME_SUIT, END_TIE, END_SHOWDOWN };
enum { TRIM_BUY, TRIM_CAPTURE };

static const char *const PHASE_TEXT[] = {"turn", "battle", "trim", "chance", "over"};
static const char *const END_TEXT[] = {NULL, "last", "same-suit", "tie", "showdown"};

typedef struct {
    /* --- the table, fixed for the hand (R-STAKE-1; the variant, docs/rules.md) */
    int64_t small_bet, big_bet, ante;
    int32_t max_raises; /* -1: no cap */
    uint8_t no_limit, n, dealer;
    uint8_t palace_count;  /* palace cards dealt each (V-PALACE-1) */
    uint8_t most_soldiers; /* soldiers a trim keeps at most (V-BUY-3) */
    uint8_t group;         /* players a banner group holds (V-BANNER-1) */
    uint8_t by_rank;       /* V-CMP-1: the opponent's banner strikes its rank */
    uint8_t attacker_entry; /* V-BET-2 */
    uint8_t fold_captured;  /* V-FOLD-1 */
    uint8_t battle_at_once; /* V-END-3 */
    uint64_t deck;          /* the variant's cards (V-CARD-1) */
    /* --- chips: each seat's start and its net chips in the pot (R-POT-1) */
    int64_t start[MAX_SEATS], contrib[MAX_SEATS];
    /* --- the deal in progress: banners by dealing position, the cards set aside
     * since the deck was last shuffled, palace cards dealt so far */
    uint8_t deal_banners[MAX_SEATS], deal_banner_count, palace_dealt;
    uint64_t aside;
    /* --- cards in the players' hands; banner[] by seat once the banner deal is over */
    uint8_t banners_done;
    uint8_t banner[MAX_SEATS];
    uint8_t palace[MAX_SEATS][4], palace_len[MAX_SEATS];
    uint8_t army[MAX_SEATS][MAX_ARMY], army_len[MAX_SEATS]; /* soldiers, in order */
    uint8_t in_hand[MAX_SEATS];
    /* every card set aside in the banner deal, in order (public): a card set aside,
     * shuffled back into the deck (R-BANNER-3) and drawn again is listed again. A
     * deck runs out only when a pass through it deals someone a banner, so a deal
     * has at most one pass a player, each setting aside at most the deck. */
    uint8_t set_aside[MAX_SEATS * CARD_COUNT];
    uint16_t set_aside_len;
    /* --- the face-down piles: the pile drawn from (deck, then stock) and the
     * discard pile, as sets (with explicit chance a pile has no order) */
    uint64_t pile, discard;
    /* face-down cards some viewers can name (HandState's fields of these names):
     * public ones in the order they went down, and the seats whose palaces went */
    uint8_t discard_public[CARD_COUNT], discard_public_len;
    uint8_t discard_owners[MAX_SEATS], discard_owners_len;
    uint8_t stock_public[CARD_COUNT], stock_public_len;
    uint8_t stock_owners[MAX_SEATS], stock_owners_len;
    /* per viewer, the seats whose palace cards it was shown, in order (R-INFO-3/4) */
    uint8_t revealed[MAX_SEATS][MAX_SEATS], revealed_len[MAX_SEATS];
    /* --- whose decision, and of what kind */
    uint8_t phase, chance, to_act, turn, trim_rule;
    uint16_t quiet; /* bit s: a quiet turn since the last BUY or BET (R-END-4) */
    /* --- the battle in progress (BattleView) */
    uint8_t in_battle, attacker, defender, defender_entry_paid;
    int32_t raises;
    int64_t last_raise, raised[2]; /* raise chips put in: attacker, defender */
    /* --- the environment's choice in progress */
    uint8_t pending, open_target, chosen_len;
    uint8_t chosen[MAX_ARMY];
    /* --- the end (HandResult) */
    uint8_t end;
    int64_t final_stacks[MAX_SEATS], payouts[MAX_SEATS];
} HandState;

/* ================================================================ the evaluator
 * Copied from _evalc.c (R-CARD-2, R-CARD-3): the same values, encoded
 *     value = category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5. */

#define RANK_BITS 0x1FFFu
#define SUIT_WIDTH 16

enum {
    HIGH_CARD = 0,
    ONE_PAIR = 1,
    TWO_PAIR = 2,
    THREE_OF_A_KIND = 3,
    STRAIGHT = 4,
    FLUSH = 5,
    FULL_HOUSE = 6,
    FOUR_OF_A_KIND = 7,
    STRAIGHT_FLUSH = 8,
};

static uint32_t TOP5[1 << 13];
static uint8_t STRAIGHT_TOP[1 << 13];
static uint32_t NO_PAIR[1 << 13];
static uint32_t FLUSH_VALUE[1 << 13];
static uint8_t FIVE_OR_MORE[1 << 13];
static uint64_t CARD_BIT[CARD_COUNT]; /* card index -> its bit in the evaluator's mask */

static void
build_tables(void)
{
    for (uint32_t m = 0; m < (1u << 13); m++) {
        uint32_t packed = 0;
        int taken = 0;
        for (int rank = 12; rank >= 0; rank--) {
            if (taken < 5 && (m >> rank & 1)) {
                packed |= (uint32_t)(rank + 1) << (4 * (4 - taken));
                taken++;
            }
        }
        int bits = 0;
        for (int rank = 0; rank < 13; rank++) {
            bits += (int)(m >> rank & 1);
        }
        uint32_t top = 0;
        for (int high = 12; high >= 4 && !top; high--) {
            if ((m >> (high - 4) & 0x1Fu) == 0x1Fu) {
                top = (uint32_t)high + 1;
            }
        }
        if (!top && (m & 0x100Fu) == 0x100Fu) {
            top = 4; /* A-2-3-4-5: the five is the top card */
        }
        TOP5[m] = packed;
        STRAIGHT_TOP[m] = (uint8_t)top;
        NO_PAIR[m] = top ? (uint32_t)STRAIGHT << 20 | top << 16 : packed;
        FIVE_OR_MORE[m] = bits >= 5;
        FLUSH_VALUE[m] = bits < 5 ? 0
                         : top  ? (uint32_t)STRAIGHT_FLUSH << 20 | top << 16
                                : (uint32_t)FLUSH << 20 | packed;
    }
    for (int card = 0; card < CARD_COUNT; card++) {
        CARD_BIT[card] = UINT64_C(1) << (SUIT_WIDTH * (card & 3) + (card >> 2));
    }
}

#define TOP(mask) (TOP5[mask] >> 16)
#define BIT(stored) (1u << ((stored) - 1))

static inline uint32_t
paired_value(uint32_t one, uint32_t two, uint32_t s0, uint32_t s1, uint32_t s2, uint32_t s3)
{
    uint32_t four = s0 & s1 & s2 & s3;
    if (four) {
        uint32_t quads = TOP(four);
        return (uint32_t)FOUR_OF_A_KIND << 20 | quads << 16 |
               (TOP5[one & ~BIT(quads)] >> 4 & 0xF000u);
    }
    uint32_t three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1));
    if (three) {
        uint32_t trips = TOP(three);
        uint32_t others = two & ~BIT(trips);
        if (others) {
            return (uint32_t)FULL_HOUSE << 20 | trips << 16 | TOP(others) << 12;
        }
        if (STRAIGHT_TOP[one]) {
            return NO_PAIR[one];
        }
        return (uint32_t)THREE_OF_A_KIND << 20 | trips << 16 |
               (TOP5[one & ~BIT(trips)] >> 4 & 0xFF00u);
    }
    if (STRAIGHT_TOP[one]) {
        return NO_PAIR[one];
    }
    uint32_t high = TOP(two);
    uint32_t rest = two & ~BIT(high);
    if (rest) {
        uint32_t low = TOP(rest);
        return (uint32_t)TWO_PAIR << 20 | high << 16 | low << 12 |
               (TOP5[one & ~BIT(high) & ~BIT(low)] >> 8 & 0x0F00u);
    }
    return (uint32_t)ONE_PAIR << 20 | high << 16 | (TOP5[one & ~BIT(high)] >> 4 & 0xFFF0u);
}

static inline uint32_t
mask_value(uint64_t hand)
{
    uint32_t s0 = (uint32_t)hand & RANK_BITS;
    uint32_t s1 = (uint32_t)(hand >> 16) & RANK_BITS;
    uint32_t s2 = (uint32_t)(hand >> 32) & RANK_BITS;
    uint32_t s3 = (uint32_t)(hand >> 48) & RANK_BITS;
    uint32_t one = s0 | s1 | s2 | s3;
    uint32_t two = (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3));
    uint32_t value = two ? paired_value(one, two, s0, s1, s2, s3) : NO_PAIR[one];
    if (FIVE_OR_MORE[s0] | FIVE_OR_MORE[s1] | FIVE_OR_MORE[s2] | FIVE_OR_MORE[s3]) {
        uint32_t suits[4] = {s0, s1, s2, s3};
        for (int s = 0; s < 4; s++) {
            if (FLUSH_VALUE[suits[s]] > value) {
                value = FLUSH_VALUE[suits[s]];
            }
        }
    }
    return value;
}

/* ================================================================ small helpers */

#define CARD(c) (UINT64_C(1) << (c))

/* Bits set, and the lowest bit's index (of a non-zero mask). */
#if defined(_MSC_VER)
#include <intrin.h>
static inline int
popcount64(uint64_t mask)
{
    return (int)__popcnt64(mask);
}
static inline int
lowest_bit(uint64_t mask)
{
    unsigned long index;
    _BitScanForward64(&index, mask);
    return (int)index;
}
#else
static inline int
popcount64(uint64_t mask)
{
    return __builtin_popcountll(mask);
}
static inline int
lowest_bit(uint64_t mask)
{
    return __builtin_ctzll(mask);
}
#endif

static inline int64_t
stack_of(const HandState *h, int seat)
{
    return h->start[seat] - h->contrib[seat];
}

static inline int64_t
pot_of(const HandState *h)
{
    int64_t pot = 0;
    for (int s = 0; s < h->n; s++) {
        pot += h->contrib[s];
    }
    return pot;
}

static inline int
alive_count(const HandState *h)
{
    int count = 0;
    for (int s = 0; s < h->n; s++) {
        count += h->in_hand[s];
    }
    return count;
}

/* The next seat clockwise from seat whose player is still in the hand. */
static int
left_of(const HandState *h, int seat)
{
    for (int step = 1; step <= h->n; step++) {
        int candidate = (seat + step) % h->n;
        if (h->in_hand[candidate]) {
            return candidate;
        }
    }
    return seat; /* unreachable: somebody is in the hand */
}

static inline uint64_t
army_mask(const HandState *h, int seat)
{
    uint64_t mask = 0;
    for (int i = 0; i < h->army_len[seat]; i++) {
        mask |= CARD(h->army[seat][i]);
    }
    return mask;
}

/* Move up to amount from the stack into the pot (R-ALLIN-1); return it. */
static int64_t
pay(HandState *h, int seat, int64_t amount)
{
    int64_t stack = stack_of(h, seat);
    int64_t paid = amount < stack ? amount : stack;
    h->contrib[seat] += paid;
    return paid;
}

/* R-BET-2: a player's entry is (soldiers + 1) x SB; V-BET-2: in a battle whose
 * entries the attacker's army sizes, the defender's is the attacker's. */
static int64_t
entry_of(const HandState *h, int seat)
{
    if (h->in_battle && h->attacker_entry) {
        seat = h->attacker;
    }
    return ((int64_t)h->army_len[seat] + 1) * h->small_bet;
}

/* ================================================================ the end (R-CMP, R-END, R-POT) */

/* The evaluator's mask of a seat's banner, palace and soldiers; against an opponent
 * (>= 0), without the cards of its banner suit (R-CMP-1) or rank (V-CMP-1). */
static uint64_t
usable_mask(const HandState *h, int seat, int against)
{
    uint64_t mask = CARD_BIT[h->banner[seat]];
    for (int i = 0; i < h->palace_len[seat]; i++) {
        mask |= CARD_BIT[h->palace[seat][i]];
    }
    for (int i = 0; i < h->army_len[seat]; i++) {
        mask |= CARD_BIT[h->army[seat][i]];
    }
    if (against >= 0) {
        int banner = h->banner[against];
        if (h->by_rank) {
            uint64_t rank = UINT64_C(1) << (banner >> 2);
            mask &= ~(rank | rank << 16 | rank << 32 | rank << 48);
        }
        else {
            mask &= ~((uint64_t)RANK_BITS << (SUIT_WIDTH * (banner & 3)));
        }
    }
    return mask;
}

/* R-CMP-2: cards of one's own banner suit, banner, palace and soldiers together. */
static int
own_suit_count(const HandState *h, int seat)
{
    uint64_t mask = usable_mask(h, seat, -1);
    return popcount64(mask >> (SUIT_WIDTH * (h->banner[seat] & 3)) & RANK_BITS);
}

/* viewer is shown seat's palace cards (unless its own or already shown). */
static void
shown(HandState *h, int viewer, int seat)
{
    if (seat == viewer) {
        return;
    }
    for (int i = 0; i < h->revealed_len[viewer]; i++) {
        if (h->revealed[viewer][i] == seat) {
            return;
        }
    }
    h->revealed[viewer][h->revealed_len[viewer]++] = (uint8_t)seat;
}

/* The winner of a battle comparison of a and b, or -1 on a tie (R-CMP-1, R-CMP-2);
 * each is shown the other's palace cards (R-INFO-3). */
static int
compare(HandState *h, int a, int b)
{
    int64_t value_a = mask_value(usable_mask(h, a, b));
    int64_t value_b = mask_value(usable_mask(h, b, a));
    if (value_a == value_b) {
        value_a = own_suit_count(h, a);
        value_b = own_suit_count(h, b);
    }
    int winner = value_a == value_b ? -1 : (value_a > value_b ? a : b);
    shown(h, a, b);
    shown(h, b, a);
    return winner;
}

/* Split total equally among the winners (a mask of seats); odd chips one each in
 * clockwise order from the dealer's left (R-POT-3). */
static void
share(HandState *h, int64_t total, unsigned winners)
{
    int count = popcount64(winners);
    int64_t base = total / count, odd = total % count;
    for (int i = 0; i < h->n; i++) {
        int seat = (h->dealer + 1 + i) % h->n;
        if (winners >> seat & 1) {
            h->payouts[seat] += base + (odd > 0 ? 1 : 0);
            odd--;
        }
    }
}

/* Award the pot (R-POT-2, R-POT-3) and end the hand. values: each seat's showdown
 * value (best hand wins each layer), or NULL (the eligible share it). */
static void
finish(HandState *h, int end, const uint32_t *values)
{
    int n = h->n;
    uint8_t all_in[MAX_SEATS];
    for (int s = 0; s < n; s++) {
        all_in[s] = h->in_hand[s] && stack_of(h, s) == 0;
        h->payouts[s] = 0;
    }
    /* The layers' bounds: the contributions of the all-in players still in the hand
     * below the largest contribution, then the largest. */
    int64_t top = 0;
    for (int s = 0; s < n; s++) {
        if (h->contrib[s] > top) {
            top = h->contrib[s];
        }
    }
    int64_t low = 0;
    for (;;) {
        int64_t high = top;
        for (int s = 0; s < n; s++) {
            if (all_in[s] && h->contrib[s] > low && h->contrib[s] < high) {
                high = h->contrib[s];
            }
        }
        int64_t parts[MAX_SEATS], total = 0;
        for (int s = 0; s < n; s++) {
            int64_t upto = h->contrib[s] < high ? h->contrib[s] : high;
            parts[s] = upto > low ? upto - low : 0;
            total += parts[s];
        }
        if (total) {
            unsigned eligible = 0;
            for (int s = 0; s < n; s++) {
                if (h->in_hand[s] && (!all_in[s] || h->contrib[s] >= high)) {
                    eligible |= 1u << s;
                }
            }
            if (eligible) {
                unsigned winners = eligible;
                if (values != NULL) {
                    int64_t best = -1;
                    for (int s = 0; s < n; s++) {
                        if (eligible >> s & 1 && (int64_t)values[s] > best) {
                            best = values[s];
                        }
                    }
                    winners = 0;
                    for (int s = 0; s < n; s++) {
                        if (eligible >> s & 1 && (int64_t)values[s] == best) {
                            winners |= 1u << s;
                        }
                    }
                }
                share(h, total, winners);
            }
            else {
                for (int s = 0; s < n; s++) {
                    h->payouts[s] += parts[s];
                }
            }
        }
        if (high >= top) {
            break;
        }
        low = high;
    }
    for (int s = 0; s < n; s++) {
        h->final_stacks[s] = stack_of(h, s) + h->payouts[s];
    }
    h->end = (uint8_t)end;
    h->in_battle = 0;
    h->phase = PHASE_OVER;
    h->to_act = NO_SEAT;
}

/* A player leaves the hand: palace cards (and, unless captured, banner and soldiers)
 * go face down to the discard pile (R-BET-7, R-CMP-3, R-CMP-4, R-FOLD-1). */
static void
leave(HandState *h, int seat, int keep_army)
{
    h->in_hand[seat] = 0;
    for (int i = 0; i < h->palace_len[seat]; i++) {
        h->discard |= CARD(h->palace[seat][i]);
    }
    h->discard_owners[h->discard_owners_len++] = (uint8_t)seat;
    if (!keep_army) {
        h->discard |= CARD(h->banner[seat]);
        h->discard_public[h->discard_public_len++] = h->banner[seat];
        for (int i = 0; i < h->army_len[seat]; i++) {
            h->discard |= CARD(h->army[seat][i]);
            h->discard_public[h->discard_public_len++] = h->army[seat][i];
        }
        h->army_len[seat] = 0;
    }
}

/* R-CAPT-1: the winner adds the loser's banner and soldiers to its own. */
static void
capture(HandState *h, int winner, int loser)
{
    h->army[winner][h->army_len[winner]++] = h->banner[loser];
    for (int i = 0; i < h->army_len[loser]; i++) {
        h->army[winner][h->army_len[winner]++] = h->army[loser][i];
    }
    h->army_len[loser] = 0;
}

/* R-END-3: the last two, after a quiet round, are compared as in a battle. */
static void
final_battle(HandState *h, int a, int b)
{
    int winner = compare(h, a, b);
    if (winner < 0) {
        finish(h, END_TIE, NULL);
        return;
    }
    int loser = winner == a ? b : a;
    leave(h, loser, 1);
    capture(h, winner, loser);
    finish(h, END_LAST, NULL);
}

/* R-END-4, R-INFO-4: all cards shown; the best hand (no exclusions) wins. */
static void
showdown(HandState *h)
{
    for (int viewer = 0; viewer < h->n; viewer++) {
        for (int s = 0; s < h->n; s++) {
            if (h->in_hand[s]) {
                shown(h, viewer, s);
            }
        }
    }
    uint32_t values[MAX_SEATS] = {0};
    for (int s = 0; s < h->n; s++) {
        if (h->in_hand[s]) {
            values[s] = mask_value(usable_mask(h, s, -1));
        }
    }
    finish(h, END_SHOWDOWN, values);
}

/* R-END-5: R-END-1, R-END-2, then (after a turn) R-END-3/R-END-4; ends the hand and
 * returns 1 if one holds. */
static int
check_end(HandState *h, int after_turn)
{
    int count = alive_count(h);
    if (count == 1) {
        finish(h, END_LAST, NULL);
        return 1;
    }
    if (count <= (h->n + h->group - 1) / h->group) {
        int suit = -1, same = 1;
        for (int s = 0; s < h->n; s++) {
            if (h->in_hand[s]) {
                int mine = h->banner[s] & 3;
                if (suit >= 0 && mine != suit) {
                    same = 0;
                }
                suit = mine;
            }
        }
        if (same) {
            finish(h, END_SAME_SUIT, NULL);
            return 1;
        }
    }
    if (!after_turn) {
        return 0;
    }
    int first = -1, second = -1;
    for (int s = 0; s < h->n; s++) {
        if (h->in_hand[s]) {
            if (!(h->quiet >> s & 1)) {
                return 0;
            }
            if (first < 0) {
                first = s;
            }
            else if (second < 0) {
                second = s;
            }
        }
    }
    if (count == 2) {
        final_battle(h, first, second);
    }
    else {
        showdown(h);
    }
    return 1;
}

/* ================================================================ turns (R-TURN, R-BUY, ...) */

static void
start_turn(HandState *h, int seat)
{
    h->phase = PHASE_TURN;
    h->turn = (uint8_t)seat;
    h->to_act = (uint8_t)seat;
}

static void
finish_turn(HandState *h)
{
    if (!check_end(h, 1)) {
        start_turn(h, left_of(h, h->turn));
    }
}

static void
start_trim(HandState *h, int seat, int rule)
{
    h->phase = PHASE_TRIM;
    h->to_act = (uint8_t)seat;
    h->trim_rule = (uint8_t)rule;
    h->chosen_len = 0;
}

/* Discard the chosen soldiers face down (R-DISC-1, R-BUY-3, R-CAPT-1). */
static void
discard_soldiers(HandState *h, int seat, const uint8_t *cards, int count)
{
    uint64_t gone = 0;
    for (int i = 0; i < count; i++) {
        gone |= CARD(cards[i]);
        h->discard_public[h->discard_public_len++] = cards[i];
    }
    h->discard |= gone;
    int kept = 0;
    for (int i = 0; i < h->army_len[seat]; i++) {
        uint8_t card = h->army[seat][i];
        if (!(gone & CARD(card))) {
            h->army[seat][kept++] = card;
        }
    }
    h->army_len[seat] = (uint8_t)kept;
}

/* R-BUY-1, R-BUY-2: with the stock empty the discard pile becomes the stock; the
 * card is a chance outcome. */
static void
do_buy(HandState *h)
{
    if (h->pile == 0) {
        h->pile = h->discard;
        h->discard = 0;
        memcpy(h->stock_public, h->discard_public, h->discard_public_len);
        h->stock_public_len = h->discard_public_len;
        h->discard_public_len = 0;
        memcpy(h->stock_owners, h->discard_owners, h->discard_owners_len);
        h->stock_owners_len = h->discard_owners_len;
        h->discard_owners_len = 0;
    }
    h->phase = PHASE_CHANCE;
    h->to_act = NO_SEAT;
    h->chance = CHANCE_SOLDIER;
}

static void
do_discard(HandState *h, int seat, const uint8_t *cards, int count)
{
    discard_soldiers(h, seat, cards, count);
    h->quiet |= (uint16_t)(1u << seat);
    finish_turn(h);
}

static void
do_stay(HandState *h, int seat)
{
    h->quiet |= (uint16_t)(1u << seat);
    finish_turn(h);
}

/* R-FOLD-1; V-FOLD-1: the next player in the hand on the left captures. */
static void
do_fold(HandState *h, int seat)
{
    if (h->fold_captured) {
        int captor = left_of(h, seat);
        leave(h, seat, 1);
        capture(h, captor, seat);
        if (!check_end(h, 0)) {
            start_trim(h, captor, TRIM_CAPTURE);
        }
        return;
    }
    leave(h, seat, 0);
    if (!check_end(h, 0)) {
        finish_turn(h);
    }
}

/* R-BET-1, R-BET-2: pay the entry (and a no-limit opening raise); the defender
 * responds. */
static void
do_bet(HandState *h, int seat, int target, int64_t raise_by)
{
    pay(h, seat, entry_of(h, seat));
    int64_t paid_raise = pay(h, seat, raise_by);
    h->quiet = 0;
    h->in_battle = 1;
    h->attacker = (uint8_t)seat;
    h->defender = (uint8_t)target;
    h->raises = paid_raise ? 1 : 0;
    h->last_raise = paid_raise;
    h->raised[0] = paid_raise;
    h->raised[1] = 0;
    h->defender_entry_paid = 0;
    h->phase = PHASE_BATTLE;
    h->to_act = (uint8_t)target;
}

static void
do_trim(HandState *h, int seat, const uint8_t *cards, int count)
{
    discard_soldiers(h, seat, cards, count);
    finish_turn(h);
}

/* ================================================================ battles (R-BET-3..8) */

static inline int
side_of(const HandState *h, int seat)
{
    return seat == h->attacker ? 0 : 1;
}

static inline int
opponent_of(const HandState *h, int seat)
{
    return seat == h->attacker ? h->defender : h->attacker;
}

static inline int
entry_paid(const HandState *h, int seat)
{
    return seat == h->attacker || h->defender_entry_paid;
}

/* The part of seat's raise chips the opponent has not matched. */
static inline int64_t
unmatched(const HandState *h, int seat)
{
    int side = side_of(h, seat);
    int64_t mine = h->raised[side], theirs = h->raised[1 - side];
    return mine > theirs ? mine - theirs : 0;
}

/* The full price of a call: own entry if unpaid, plus unmatched raises (R-BET-4). */
static int64_t
call_due(const HandState *h, int seat)
{
    int64_t entry = entry_paid(h, seat) ? 0 : entry_of(h, seat);
    return entry + unmatched(h, opponent_of(h, seat));
}

/* R-BET-7, R-ALLIN-2: unmatched raise chips go back to seat. */
static void
return_unmatched(HandState *h, int seat, int64_t amount)
{
    if (amount <= 0) {
        return;
    }
    h->contrib[seat] -= amount;
    h->raised[side_of(h, seat)] -= amount;
    if (seat == h->defender) {
        h->defender_entry_paid = 1;
    }
}

/* R-CMP-4, R-BET-7, R-CAPT-1: the loser is out; the winner captures, then trims
 * (unless the hand is over, R-END-5). */
static void
defeat(HandState *h, int winner, int loser)
{
    h->in_battle = 0;
    leave(h, loser, 1);
    capture(h, winner, loser);
    if (!check_end(h, 0)) {
        start_trim(h, winner, TRIM_CAPTURE);
    }
}

static void
battle_fold(HandState *h, int seat)
{
    int other = opponent_of(h, seat);
    return_unmatched(h, other, unmatched(h, other));
    defeat(h, other, seat);
}

/* R-CMP-1..4 for a battle closed by a call. */
static void
compare_battle(HandState *h)
{
    int attacker = h->attacker, defender = h->defender;
    int winner = compare(h, attacker, defender);
    h->in_battle = 0;
    if (winner >= 0) {
        defeat(h, winner, winner == attacker ? defender : attacker);
        return;
    }
    if (alive_count(h) == 2) {
        finish(h, END_TIE, NULL); /* R-CMP-3: the last two split */
        return;
    }
    leave(h, attacker, 0); /* R-CMP-3: both out, every card discarded */
    leave(h, defender, 0);
    if (!check_end(h, 0)) {
        finish_turn(h);
    }
}

/* R-BET-4, R-ALLIN-2, R-BET-8. */
static void
do_call(HandState *h, int seat)
{
    int other = opponent_of(h, seat);
    pay(h, seat, entry_paid(h, seat) ? 0 : entry_of(h, seat));
    int64_t owed = unmatched(h, other);
    int64_t matched = pay(h, seat, owed);
    h->raised[side_of(h, seat)] += matched;
    if (seat == h->defender) {
        h->defender_entry_paid = 1;
    }
    return_unmatched(h, other, owed - matched);
    compare_battle(h);
}

/* R-BET-5, R-BET-6. */
static void
do_raise(HandState *h, int seat, int64_t raise_by)
{
    int other = opponent_of(h, seat);
    int64_t due = (entry_paid(h, seat) ? 0 : entry_of(h, seat)) + unmatched(h, other);
    pay(h, seat, due + raise_by);
    h->raised[side_of(h, seat)] = h->raised[side_of(h, other)] + raise_by;
    h->raises++;
    h->last_raise = raise_by;
    if (seat == h->defender) {
        h->defender_entry_paid = 1;
    }
    h->to_act = (uint8_t)other;
}

/* ================================================================ dealing and chance */

static void
init_hand(HandState *h)
{
    /* R-ANTE-1: everyone antes; a short stack posts all it has. */
    for (int s = 0; s < h->n; s++) {
        pay(h, s, h->ante);
    }
    h->pile = h->deck;
    h->phase = PHASE_CHANCE;
    h->chance = CHANCE_BANNER;
    h->to_act = NO_SEAT;
}

/* R-BANNER-1..4. */
static void
banner_card(HandState *h, int card)
{
    int position = h->deal_banner_count;
    h->pile &= ~CARD(card);
    int taken = 0;
    for (int p = position - position % h->group; p < position; p++) {
        if ((h->deal_banners[p] & 3) == (card & 3)) {
            taken = 1;
        }
    }
    if (taken) {
        h->aside |= CARD(card);
        h->set_aside[h->set_aside_len++] = (uint8_t)card;
    }
    else {
        h->deal_banners[h->deal_banner_count++] = (uint8_t)card;
    }
    if (h->deal_banner_count == h->n) {
        for (int p = 0; p < h->n; p++) {
            h->banner[(h->dealer + 1 + p) % h->n] = h->deal_banners[p];
        }
        h->banners_done = 1;
        h->pile |= h->aside; /* R-BANNER-4 */
        h->aside = 0;
        h->chance = CHANCE_PALACE;
    }
    else if (h->pile == 0) { /* R-BANNER-3 */
        h->pile = h->aside;
        h->aside = 0;
    }
}

/* R-PALACE-1, V-PALACE-1; then the first turn (R-TURN-1). */
static void
palace_card(HandState *h, int card)
{
    int seat = (h->dealer + 1 + h->palace_dealt % h->n) % h->n;
    h->pile &= ~CARD(card);
    h->palace[seat][h->palace_len[seat]++] = (uint8_t)card;
    h->palace_dealt++;
    if (h->palace_dealt >= h->palace_count * h->n) {
        h->chance = CHANCE_NONE;
        start_turn(h, (h->dealer + 1) % h->n);
    }
}

/* R-BUY-1, R-BUY-3: the bought card is drawn, SB paid, the buyer trims next. */
static void
soldier_drawn(HandState *h, int card)
{
    int seat = h->turn;
    h->pile &= ~CARD(card);
    pay(h, seat, h->small_bet);
    h->army[seat][h->army_len[seat]++] = (uint8_t)card;
    h->quiet = 0;
    h->chance = CHANCE_NONE;
    start_trim(h, seat, TRIM_BUY);
}

/* ================================================================ the legal ids */

typedef struct {
    uint64_t low, high;      /* ids 0..63, 64..69 */
    int64_t raise_amount[4]; /* for RAISE_MIN .. RAISE_ALL_IN */
} Legal;

static inline void
allow(Legal *legal, int id)
{
    if (id < 64) {
        legal->low |= UINT64_C(1) << id;
    }
    else {
        legal->high |= UINT64_C(1) << (id - 64);
    }
}

static inline int
allowed(const Legal *legal, int id)
{
    if (id < 0 || id >= NUM_ACTIONS) {
        return 0;
    }
    return id < 64 ? (int)(legal->low >> id & 1) : (int)(legal->high >> (id - 64) & 1);
}

/* The raise sizes of a no-limit option between low and high: MIN, HALF_POT, POT,
 * ALL_IN, each clamped, one id an amount (the lowest). */
static void
raise_sizes(Legal *legal, int64_t low, int64_t high, int64_t pot)
{
    int64_t sizes[4] = {low, pot / 2, pot, high};
    for (int i = 0; i < 4; i++) {
        int64_t amount = sizes[i] > low ? sizes[i] : low;
        amount = amount < high ? amount : high;
        int seen = 0;
        for (int j = 0; j < i; j++) {
            if (allowed(legal, ID_RAISE_MIN + j) && legal->raise_amount[j] == amount) {
                seen = 1;
            }
        }
        if (!seen) {
            allow(legal, ID_RAISE_MIN + i);
            legal->raise_amount[i] = amount;
        }
    }
}

/* The bounds of a card choice from army: at least fewest cards, at most most. */
static void
choice_steps(const HandState *h, Legal *legal, uint64_t army, int fewest, int most)
{
    int count = h->chosen_len;
    if (count >= fewest) {
        allow(legal, ID_DONE);
    }
    if (count < most) {
        int last = count ? h->chosen[count - 1] : -1;
        uint64_t higher = last >= 63 ? 0 : army & ~((UINT64_C(1) << (last + 1)) - 1);
        /* Cards go in increasing order: a card is offered only if enough cards above
         * it are left to reach the fewest the choice needs. */
        int need = fewest - count - 1;
        int above = popcount64(higher) - 1;
        for (uint64_t rest = higher; rest; rest &= rest - 1, above--) {
            if (above >= need) {
                allow(legal, ID_CARD_BASE + lowest_bit(rest));
            }
        }
    }
}

static inline int
trim_fewest(const HandState *h, int seat)
{
    int len = h->army_len[seat];
    return len > h->most_soldiers ? len - h->most_soldiers : 0;
}

/* Whether the opening raise of a no-limit BET is open to seat against target. */
static inline int
may_open(const HandState *h, int seat, int target)
{
    int64_t entry = ((int64_t)h->army_len[seat] + 1) * h->small_bet;
    return h->no_limit && h->max_raises != 0 && stack_of(h, seat) - entry >= h->big_bet &&
           h->start[target] > h->contrib[target];
}

static void
legal_ids(const HandState *h, Legal *legal)
{
    memset(legal, 0, sizeof *legal);
    if (h->phase == PHASE_OVER || h->phase == PHASE_CHANCE) {
        return;
    }
    int seat = h->to_act;
    int64_t stack = stack_of(h, seat);
    if (h->pending == PENDING_OPEN) {
        int64_t entry = ((int64_t)h->army_len[seat] + 1) * h->small_bet;
        raise_sizes(legal, h->big_bet, stack - entry, pot_of(h));
        allow(legal, ID_CALL);
        return;
    }
    if (h->pending == PENDING_DISCARD) {
        choice_steps(h, legal, army_mask(h, seat), 1, h->army_len[seat]);
        return;
    }
    if (h->phase == PHASE_TRIM) {
        choice_steps(h, legal, army_mask(h, seat), trim_fewest(h, seat), h->army_len[seat]);
        return;
    }
    if (h->phase == PHASE_BATTLE) {
        allow(legal, ID_FOLD);
        allow(legal, ID_CALL);
        int other = opponent_of(h, seat);
        int capped = h->max_raises >= 0 && h->raises >= h->max_raises;
        if (capped || stack == 0 || stack_of(h, other) == 0) {
            return;
        }
        int64_t due = call_due(h, seat);
        if (h->no_limit) {
            int64_t minimum = h->big_bet > h->last_raise ? h->big_bet : h->last_raise;
            if (stack - due >= minimum) {
                raise_sizes(legal, minimum, stack - due, pot_of(h));
            }
        }
        else {
            int64_t size = h->army_len[seat] ? h->big_bet : 2 * h->small_bet;
            if (stack >= due + size) {
                allow(legal, ID_RAISE_MIN);
                legal->raise_amount[0] = size;
            }
        }
        return;
    }
    /* A turn (R-TURN-2); V-END-3: where the last two must battle, BET or FOLD only. */
    int free = !(h->battle_at_once && alive_count(h) == 2);
    if (free && stack >= h->small_bet && (h->pile || h->discard)) {
        allow(legal, ID_BUY);
    }
    int suit = h->banner[seat] & 3;
    for (int target = 0; target < h->n; target++) {
        if (target != seat && h->in_hand[target] && (h->banner[target] & 3) != suit) {
            allow(legal, ID_BET_BASE + (target - seat + h->n) % h->n);
        }
    }
    if (free) {
        for (uint64_t rest = army_mask(h, seat); rest; rest &= rest - 1) {
            allow(legal, ID_CARD_BASE + lowest_bit(rest));
        }
        allow(legal, ID_STAY);
    }
    allow(legal, ID_FOLD);
}

/* Whether a card choice goes on after its latest card: fewer than most cards chosen
 * and a card above the latest left (EnvState._chosen). */
static int
choice_goes_on(const HandState *h, int seat, int most)
{
    int count = h->chosen_len;
    int last = h->chosen[count - 1];
    uint64_t above = last >= 63 ? 0 : army_mask(h, seat) >> (last + 1);
    return count < most && above != 0;
}

/* ================================================================ applying */

/* Apply a legal id of the player to decide (checked by the caller). */
static void
apply_id(HandState *h, const Legal *legal, int id)
{
    int seat = h->to_act;
    if (h->pending == PENDING_OPEN) {
        int target = h->open_target;
        h->pending = PENDING_NONE;
        do_bet(h, seat, target, id == ID_CALL ? 0 : legal->raise_amount[id - ID_RAISE_MIN]);
        return;
    }
    if (h->pending == PENDING_DISCARD || h->phase == PHASE_TRIM) {
        int trim = h->phase == PHASE_TRIM;
        if (id != ID_DONE) {
            h->chosen[h->chosen_len++] = (uint8_t)(id - ID_CARD_BASE);
            if (choice_goes_on(h, seat, h->army_len[seat])) {
                return;
            }
        }
        uint8_t cards[MAX_ARMY];
        int count = h->chosen_len;
        memcpy(cards, h->chosen, (size_t)count);
        h->pending = PENDING_NONE;
        h->chosen_len = 0;
        if (trim) {
            do_trim(h, seat, cards, count);
        }
        else {
            do_discard(h, seat, cards, count);
        }
        return;
    }
    if (h->phase == PHASE_BATTLE) {
        if (id == ID_FOLD) {
            battle_fold(h, seat);
        }
        else if (id == ID_CALL) {
            do_call(h, seat);
        }
        else {
            do_raise(h, seat, legal->raise_amount[id - ID_RAISE_MIN]);
        }
        return;
    }
    if (id == ID_FOLD) {
        do_fold(h, seat);
    }
    else if (id == ID_STAY) {
        do_stay(h, seat);
    }
    else if (id == ID_BUY) {
        do_buy(h);
    }
    else if (id < ID_CARD_BASE) {
        int target = (seat + id - ID_BET_BASE) % h->n;
        if (may_open(h, seat, target)) {
            h->pending = PENDING_OPEN;
            h->open_target = (uint8_t)target;
        }
        else {
            do_bet(h, seat, target, 0);
        }
    }
    else {
        h->chosen[0] = (uint8_t)(id - ID_CARD_BASE);
        h->chosen_len = 1;
        if (choice_goes_on(h, seat, h->army_len[seat])) {
            h->pending = PENDING_DISCARD;
            return;
        }
        h->chosen_len = 0;
        do_discard(h, seat, h->chosen, 1);
    }
}

static void
apply_chance(HandState *h, int card)
{
    if (h->chance == CHANCE_BANNER) {
        banner_card(h, card);
    }
    else if (h->chance == CHANCE_PALACE) {
        palace_card(h, card);
    }
    else {
        soldier_drawn(h, card);
    }
}

static inline int
current_player(const HandState *h)
{
    if (h->phase == PHASE_OVER) {
        return PLAYER_TERMINAL;
    }
    if (h->phase == PHASE_CHANCE) {
        return PLAYER_CHANCE;
    }
    return h->to_act;
}

/* ================================================================ the Python type */

typedef struct {
    PyObject_HEAD
    HandState state;
} HandObject;

static PyTypeObject HandType;

/* A hand whose __init__ has not run (or failed) has no players: refuse it, rather
 * than step a table of none. */
#define REQUIRE_DEALT(self)                                                        \
    do {                                                                           \
        if ((self)->state.n == 0) {                                                \
            PyErr_SetString(PyExc_ValueError, "the hand is not dealt: call Hand(...)"); \
            return NULL;                                                           \
        }                                                                          \
    } while (0)

static int
most_players(int ranks, int suits, int palace, int group)
{
    int most = 0;
    for (int players = 1; players <= MAX_SEATS; players++) {
        int groups = (players + group - 1) / group;
        if (players * (1 + palace) > ranks * suits || groups > ranks) {
            break;
        }
        most = players;
    }
    return most;
}

static int
check_range(const char *name, long long value, long long low, long long high)
{
    if (value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "%s must be %lld..%lld, got %lld", name, low, high, value);
        return -1;
    }
    return 0;
}

#define MAX_CHIPS ((INT64_C(1) << 53) - 1)

static int
Hand_init(HandObject *self, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"small_bet", "big_bet", "ante", "no_limit", "max_raises",
                               "stacks", "dealer", "ranks", "suits", "palace",
                               "soldiers", "group", "struck_rank", "attacker_entry",
                               "fold_captured", "battle_at_once", NULL};
    long long small_bet, big_bet, ante, max_raises;
    int no_limit, dealer, ranks, suits, palace, soldiers, group;
    int struck_rank, attacker_entry, fold_captured, battle_at_once;
    PyObject *stacks;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "LLLpLOiiiiiipppp:Hand", keywords,
                                     &small_bet, &big_bet, &ante, &no_limit, &max_raises,
                                     &stacks, &dealer, &ranks, &suits, &palace, &soldiers,
                                     &group, &struck_rank, &attacker_entry, &fold_captured,
                                     &battle_at_once)) {
        return -1;
    }
    HandState *h = &self->state;
    memset(h, 0, sizeof *h);
    if (check_range("small_bet", small_bet, 1, MAX_CHIPS) < 0 ||
        check_range("big_bet", big_bet, small_bet, MAX_CHIPS) < 0 ||
        check_range("ante", ante, 0, MAX_CHIPS) < 0 ||
        check_range("max_raises", max_raises, -1, INT32_MAX) < 0 ||
        check_range("ranks", ranks, 3, 13) < 0 || check_range("suits", suits, 2, 4) < 0 ||
        check_range("palace", palace, 1, 4) < 0 || check_range("soldiers", soldiers, 1, 7) < 0 ||
        check_range("group", group, 1, suits) < 0) {
        return -1;
    }
    PyObject *items = PySequence_Fast(stacks, "stacks must be a sequence of integers");
    if (items == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    int most = most_players(ranks, suits, palace, group);
    if (n < 2 || n > most) {
        PyErr_Format(PyExc_ValueError, "this hand deals 2..%d players, got %zd", most, n);
        Py_DECREF(items);
        return -1;
    }
    int64_t total = 0;
    for (Py_ssize_t s = 0; s < n; s++) {
        long long chips = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(items, s));
        if (chips == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return -1;
        }
        if (check_range("a stack", chips, 1, MAX_CHIPS) < 0 ||
            check_range("the stacks together", total + chips, 0, MAX_CHIPS) < 0) {
            Py_DECREF(items);
            return -1;
        }
        total += chips;
        h->start[s] = chips;
    }
    Py_DECREF(items);
    if (check_range("dealer", dealer, 0, n - 1) < 0) {
        return -1;
    }
    h->small_bet = small_bet;
    h->big_bet = big_bet;
    h->ante = ante;
    h->no_limit = (uint8_t)no_limit;
    h->max_raises = (int32_t)max_raises;
    h->n = (uint8_t)n;
    h->dealer = (uint8_t)dealer;
    h->palace_count = (uint8_t)palace;
    h->most_soldiers = (uint8_t)soldiers;
    h->group = (uint8_t)group;
    h->by_rank = (uint8_t)struck_rank;
    h->attacker_entry = (uint8_t)attacker_entry;
    h->fold_captured = (uint8_t)fold_captured;
    h->battle_at_once = (uint8_t)battle_at_once;
    for (int card = 0; card < CARD_COUNT; card++) {
        if (card >> 2 >= 13 - ranks && (card & 3) < suits) {
            h->deck |= CARD(card);
        }
    }
    for (int s = 0; s < MAX_SEATS; s++) {
        h->in_hand[s] = s < n;
    }
    init_hand(h);
    return 0;
}

static PyObject *
Hand_current_player(HandObject *self, PyObject *unused)
{
    REQUIRE_DEALT(self);
    (void)unused;
    return PyLong_FromLong(current_player(&self->state));
}

static PyObject *
Hand_is_terminal(HandObject *self, PyObject *unused)
{
    REQUIRE_DEALT(self);
    (void)unused;
    return PyBool_FromLong(self->state.phase == PHASE_OVER);
}

static PyObject *
card_list(uint64_t mask)
{
    PyObject *list = PyList_New(popcount64(mask));
    if (list == NULL) {
        return NULL;
    }
    Py_ssize_t i = 0;
    for (uint64_t rest = mask; rest; rest &= rest - 1) {
        PyObject *card = PyLong_FromLong(lowest_bit(rest));
        if (card == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i++, card);
    }
    return list;
}

static PyObject *
Hand_chance_outcomes(HandObject *self, PyObject *unused)
{
    REQUIRE_DEALT(self);
    (void)unused;
    const HandState *h = &self->state;
    if (h->phase != PHASE_CHANCE) {
        return PyList_New(0);
    }
    int count = popcount64(h->pile);
    PyObject *list = PyList_New(count);
    PyObject *p = PyFloat_FromDouble(1.0 / count); /* one object, shared by the pairs */
    if (list == NULL || p == NULL) {
        Py_XDECREF(list);
        Py_XDECREF(p);
        return NULL;
    }
    Py_ssize_t i = 0;
    for (uint64_t rest = h->pile; rest; rest &= rest - 1) {
        PyObject *card = PyLong_FromLong(lowest_bit(rest));
        PyObject *pair = card == NULL ? NULL : PyTuple_New(2);
        if (pair == NULL) {
            Py_XDECREF(card);
            Py_DECREF(list);
            Py_DECREF(p);
            return NULL;
        }
        PyTuple_SET_ITEM(pair, 0, card);
        PyTuple_SET_ITEM(pair, 1, Py_NewRef(p));
        PyList_SET_ITEM(list, i++, pair);
    }
    Py_DECREF(p);
    return list;
}

static PyObject *
Hand_chance_cards(HandObject *self, PyObject *unused)
{
    REQUIRE_DEALT(self);
    (void)unused;
    const HandState *h = &self->state;
    return card_list(h->phase == PHASE_CHANCE ? h->pile : 0);
}

static PyObject *
Hand_legal_actions(HandObject *self, PyObject *unused)
{
    REQUIRE_DEALT(self);
    (void)unused;
    Legal legal;
    legal_ids(&self->state, &legal);
    PyObject *list = PyList_New(popcount64(legal.low) + popcount64(legal.high));
    if (list == NULL) {
        return NULL;
    }
    Py_ssize_t i = 0;
    for (int part = 0; part < 2; part++) {
        for (uint64_t rest = part ? legal.high : legal.low; rest; rest &= rest - 1) {
            PyObject *id = PyLong_FromLong(lowest_bit(rest) + 64 * part);
            if (id == NULL) {
                Py_DECREF(list);
                return NULL;
            }
            PyList_SET_ITEM(list, i++, id);
        }
    }
    return list;
}

static PyObject *
Hand_apply(HandObject *self, PyObject *arg)
{
    REQUIRE_DEALT(self);
    HandState *h = &self->state;
    long id = PyLong_AsLong(arg);
    if (id == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (h->phase == PHASE_OVER) {
        PyErr_Format(PyExc_ValueError, "action %ld is not legal here: the hand is over", id);
        return NULL;
    }
    if (h->phase == PHASE_CHANCE) {
        if (id < 0 || id >= CARD_COUNT || !(h->pile & CARD(id))) {
            PyErr_Format(PyExc_ValueError, "%ld is not a card left in the pile", id);
            return NULL;
        }
        apply_chance(h, (int)id);
        Py_RETURN_NONE;
    }
    Legal legal;
    legal_ids(h, &legal);
    if (id < 0 || id >= NUM_ACTIONS || !allowed(&legal, (int)id)) {
        PyErr_Format(PyExc_ValueError, "action %ld is not legal here", id);
        return NULL;
    }
    apply_id(h, &legal, (int)id);
    Py_RETURN_NONE;
}

static PyObject *
Hand_returns(HandObject *self, PyObject *unused)
{
    REQUIRE_DEALT(self);
    (void)unused;
    const HandState *h = &self->state;
    PyObject *list = PyList_New(h->n);
    if (list == NULL) {
        return NULL;
    }
    for (int s = 0; s < h->n; s++) {
        double won = h->phase == PHASE_OVER ? (double)(h->final_stacks[s] - h->start[s]) : 0.0;
        PyObject *value = PyFloat_FromDouble(won);
        if (value == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, s, value);
    }
    return list;
}

static PyObject *
Hand_clone(HandObject *self, PyObject *unused)
{
    REQUIRE_DEALT(self);
    (void)unused;
    HandObject *copy = PyObject_New(HandObject, Py_TYPE(self));
    if (copy == NULL) {
        return NULL;
    }
    memcpy(&copy->state, &self->state, sizeof self->state);
    return (PyObject *)copy;
}

static PyObject *
Hand_deepcopy(HandObject *self, PyObject *memo)
{
    (void)memo;
    return Hand_clone(self, NULL);
}

/* --- the view of one seat, as palace_poker.observation.Observation holds it */

static PyObject *
card_tuple(const uint8_t *cards, int count)
{
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL) {
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        PyObject *card = PyLong_FromLong(cards[i]);
        if (card == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, card);
    }
    return tuple;
}

static PyObject *
int64_tuple(const int64_t *values, int count)
{
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL) {
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        PyObject *value = PyLong_FromLongLong(values[i]);
        if (value == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

static PyObject *
bool_tuple(const HandState *h, unsigned bits)
{
    PyObject *tuple = PyTuple_New(h->n);
    if (tuple == NULL) {
        return NULL;
    }
    for (int s = 0; s < h->n; s++) {
        PyTuple_SET_ITEM(tuple, s, PyBool_FromLong(bits >> s & 1));
    }
    return tuple;
}

static int
was_shown(const HandState *h, int viewer, int seat)
{
    if (viewer < 0) {
        return 0;
    }
    for (int i = 0; i < h->revealed_len[viewer]; i++) {
        if (h->revealed[viewer][i] == seat) {
            return 1;
        }
    }
    return 0;
}

/* The face-down cards of one pile that viewer can name (observation._known): the
 * public ones, then the palace cards of the owners it is or was shown; in_pile
 * keeps only those still in it (a stock made of the discard pile). */
static int
known_cards(const HandState *h, const uint8_t *public, int public_len, const uint8_t *owners,
            int owners_len, int viewer, uint64_t in_pile, uint8_t *out)
{
    int count = 0;
    for (int i = 0; i < public_len; i++) {
        if (in_pile & CARD(public[i])) {
            out[count++] = public[i];
        }
    }
    for (int i = 0; i < owners_len; i++) {
        int owner = owners[i];
        if (owner == viewer || was_shown(h, viewer, owner)) {
            for (int j = 0; j < h->palace_len[owner]; j++) {
                if (in_pile & CARD(h->palace[owner][j])) {
                    out[count++] = h->palace[owner][j];
                }
            }
        }
    }
    return count;
}

static int
set_item(PyObject *dict, const char *key, PyObject *value)
{
    if (value == NULL) {
        return -1;
    }
    int failed = PyDict_SetItemString(dict, key, value);
    Py_DECREF(value);
    return failed;
}

static PyObject *
Hand_view(HandObject *self, PyObject *arg)
{
    REQUIRE_DEALT(self);
    const HandState *h = &self->state;
    int viewer = -1;
    if (arg != Py_None) {
        long seat = PyLong_AsLong(arg);
        if (seat == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (seat < 0 || seat >= h->n) {
            PyErr_Format(PyExc_ValueError, "no seat %ld in a hand of %d", seat, (int)h->n);
            return NULL;
        }
        viewer = (int)seat;
    }
    int n = h->n, over = h->phase == PHASE_OVER;
    int64_t stacks[MAX_SEATS];
    unsigned in_hand = 0;
    for (int s = 0; s < n; s++) {
        stacks[s] = over ? h->final_stacks[s] : stack_of(h, s);
        in_hand |= (unsigned)h->in_hand[s] << s;
    }
    PyObject *dict = PyDict_New();
    PyObject *soldiers = PyTuple_New(n);
    PyObject *known_palaces = PyDict_New();
    /* The dict owns the two containers from here on; they are filled after. */
    if (dict == NULL || set_item(dict, "soldiers", Py_XNewRef(soldiers)) < 0 ||
        set_item(dict, "known_palaces", Py_XNewRef(known_palaces)) < 0) {
        goto fail;
    }
    for (int s = 0; s < n; s++) {
        PyObject *army = card_tuple(h->army[s], h->army_len[s]);
        if (army == NULL) {
            goto fail;
        }
        PyTuple_SET_ITEM(soldiers, s, army);
    }
    /* The palaces this viewer was shown; a spectator sees a showdown's (R-INFO-4). */
    for (int i = 0; i < (viewer >= 0 ? h->revealed_len[viewer] : n); i++) {
        int seat = viewer >= 0 ? h->revealed[viewer][i] : i;
        if (viewer < 0 && !(h->end == END_SHOWDOWN && h->in_hand[seat])) {
            continue;
        }
        PyObject *key = PyLong_FromLong(seat);
        PyObject *cards = card_tuple(h->palace[seat], h->palace_len[seat]);
        int failed = key == NULL || cards == NULL || PyDict_SetItem(known_palaces, key, cards) < 0;
        Py_XDECREF(key);
        Py_XDECREF(cards);
        if (failed) {
            goto fail;
        }
    }
    uint8_t known[CARD_COUNT];
    int known_discards = known_cards(h, h->discard_public, h->discard_public_len,
                                     h->discard_owners, h->discard_owners_len, viewer,
                                     ~UINT64_C(0), known);
    if (set_item(dict, "known_discards", card_tuple(known, known_discards)) < 0) {
        goto fail;
    }
    int known_stock = known_cards(h, h->stock_public, h->stock_public_len, h->stock_owners,
                                  h->stock_owners_len, viewer, h->pile, known);
    if (set_item(dict, "known_stock", card_tuple(known, known_stock)) < 0) {
        goto fail;
    }
    PyObject *battle = Py_NewRef(Py_None);
    if (h->in_battle) {
        Py_DECREF(battle);
        battle = Py_BuildValue("(iiiL(LL)O)", h->attacker, h->defender, h->raises,
                               (long long)h->last_raise, (long long)h->raised[0],
                               (long long)h->raised[1],
                               h->defender_entry_paid ? Py_True : Py_False);
    }
    if (set_item(dict, "battle", battle) < 0 ||
        set_item(dict, "palace",
                 viewer >= 0 ? card_tuple(h->palace[viewer], h->palace_len[viewer])
                             : PyTuple_New(0)) < 0 ||
        set_item(dict, "banners", h->banners_done ? card_tuple(h->banner, n) : PyTuple_New(0)) <
            0 ||
        set_item(dict, "set_aside", card_tuple(h->set_aside, h->set_aside_len)) < 0 ||
        set_item(dict, "stacks", int64_tuple(stacks, n)) < 0 ||
        set_item(dict, "contributions", int64_tuple(h->contrib, n)) < 0 ||
        set_item(dict, "pot", PyLong_FromLongLong(pot_of(h))) < 0 ||
        set_item(dict, "in_hand", bool_tuple(h, in_hand)) < 0 ||
        set_item(dict, "quiet", bool_tuple(h, h->quiet)) < 0 ||
        set_item(dict, "stock_size",
                 PyLong_FromLong(h->banners_done ? popcount64(h->pile) : 0)) < 0 ||
        set_item(dict, "discard_size", PyLong_FromLong(popcount64(h->discard))) < 0 ||
        set_item(dict, "phase", PyUnicode_FromString(PHASE_TEXT[h->phase])) < 0 ||
        set_item(dict, "turn", over ? Py_NewRef(Py_None) : PyLong_FromLong(h->turn)) < 0 ||
        set_item(dict, "to_act",
                 h->to_act == NO_SEAT ? Py_NewRef(Py_None) : PyLong_FromLong(h->to_act)) < 0 ||
        set_item(dict, "end",
                 over ? PyUnicode_FromString(END_TEXT[h->end]) : Py_NewRef(Py_None)) < 0) {
        goto fail;
    }
    Py_DECREF(soldiers);
    Py_DECREF(known_palaces);
    return dict;
fail:
    Py_XDECREF(soldiers);
    Py_XDECREF(known_palaces);
    Py_XDECREF(dict);
    return NULL;
}

static PyObject *
Hand_get_n(HandObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(self->state.n);
}

static PyObject *
Hand_sizeof_state(PyObject *cls, PyObject *unused)
{
    (void)cls;
    (void)unused;
    return PyLong_FromSize_t(sizeof(HandState));
}

static PyMethodDef Hand_methods[] = {
    {"current_player", (PyCFunction)Hand_current_player, METH_NOARGS,
     "The seat to decide, -1 when a card is due (chance), -4 once the hand is over."},
    {"is_terminal", (PyCFunction)Hand_is_terminal, METH_NOARGS, "True when the hand is over."},
    {"chance_outcomes", (PyCFunction)Hand_chance_outcomes, METH_NOARGS,
     "The cards the due chance node can give, as (card index, probability), in card order."},
    {"chance_cards", (PyCFunction)Hand_chance_cards, METH_NOARGS,
     "The cards the due chance node can give, in card order (empty when none is due)."},
    {"legal_actions", (PyCFunction)Hand_legal_actions, METH_NOARGS,
     "The legal action ids of the player to decide, ascending (empty otherwise)."},
    {"apply", (PyCFunction)Hand_apply, METH_O,
     "Apply an action id of the player to decide, or a card index at a chance node;\n"
     "ValueError for one that is not legal (the hand is then unchanged)."},
    {"returns", (PyCFunction)Hand_returns, METH_NOARGS,
     "Each seat's chips won (or lost, negative); zeros before the end."},
    {"clone", (PyCFunction)Hand_clone, METH_NOARGS, "An independent copy."},
    {"__copy__", (PyCFunction)Hand_clone, METH_NOARGS, "An independent copy."},
    {"__deepcopy__", (PyCFunction)Hand_deepcopy, METH_O, "An independent copy."},
    {"view", (PyCFunction)Hand_view, METH_O,
     "What a seat (None: a spectator) sees now, as a dict of Observation's fields."},
    {"state_size", (PyCFunction)Hand_sizeof_state, METH_NOARGS | METH_CLASS,
     "Bytes of one hand's fixed-size state."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Hand_getset[] = {
    {"n", (getter)Hand_get_n, NULL, "Players dealt in.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject HandType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "palace_poker._enginec.Hand",
    .tp_basicsize = sizeof(HandObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One hand stepped by action ids and chance outcomes, as EnvState.",
    .tp_methods = Hand_methods,
    .tp_getset = Hand_getset,
    .tp_init = (initproc)Hand_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "palace_poker._enginec",
    .m_doc = "The hand engine in C, stepped as palace_poker.env.state.EnvState; "
             "use palace_poker.env.fast.",
    .m_size = 0,
};

PyMODINIT_FUNC
PyInit__enginec(void)
{
    build_tables();
    if (PyType_Ready(&HandType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(module, "Hand", (PyObject *)&HandType) < 0 ||
        PyModule_AddIntConstant(module, "CHANCE", PLAYER_CHANCE) < 0 ||
        PyModule_AddIntConstant(module, "TERMINAL", PLAYER_TERMINAL) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
