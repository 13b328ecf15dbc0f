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
 * order (chance outcomes, card choices). The evaluator's core is _evalcore.h, shared
 * with _evalc.c (its masks hold a 13-bit rank mask per suit; CARD_BIT converts).
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
 * Hand_view shows where each field of a seat's observation is read from;
 * write_observation(h, seat, out) writes observe.vector itself (1,887 floats) and
 * write_mask(&legal, out) EnvState.legal_mask (70 int8s).
 *
 * Batch (at the end of the file) is that array of hands: it steps each by an id,
 * deals its chance cards from the hand's own splitmix64 stream, deals a hand over
 * again, and writes each acting player's observation and mask into the caller's
 * NumPy arrays (palace_poker.env.batch.HandBatch; tests/research/test_batch.py
 * replays its hands in EnvState). An id of -1 makes a hand wait a step, so that a
 * caller steps only the hands whose acting player it plays (env/vector.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_evalcore.h"

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
 * _evalcore.h (shared with _evalc.c, R-CARD-2, R-CARD-3): the rank tables,
 * paired_value and mask_value. CARD_BIT: a card index's bit in its masks. */

static uint64_t CARD_BIT[CARD_COUNT];

static void
build_tables(void)
{
    build_rank_tables();
    for (int card = 0; card < CARD_COUNT; card++) {
        CARD_BIT[card] = UINT64_C(1) << (SUIT_WIDTH * (card & 3) + (card >> 2));
    }
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

/* ================================================================ the observation vector
 * palace_poker.env.observe.vector written into a float buffer, number for number
 * (its docstring gives the layout): ten seat blocks relative to the observer, the
 * card blocks of the piles, the piles' sizes, the phase, the battle, the stakes and
 * the observer's choice in progress. Each value is computed in double as Python
 * computes it, then rounded to float, as NumPy rounds Python's floats. */

#define OBS_SEAT 166 /* 10 + 3 * 52 */
#define OBS_TAIL (MAX_SEATS * OBS_SEAT)
#define OBS_PILES (OBS_TAIL + 3 * CARD_COUNT)
#define OBS_PHASE (OBS_PILES + 3)
#define OBS_BATTLE (OBS_PHASE + 4)
#define OBS_STAKES (OBS_BATTLE + 4)
#define OBS_CHOOSING (OBS_STAKES + 4)
#define OBS_CHOSEN (OBS_CHOOSING + 4)
#define OBS_SIZE (OBS_CHOSEN + CARD_COUNT) /* observe.SIZE: 1,887 */

static void
write_observation(const HandState *h, int seat, float *out)
{
    memset(out, 0, OBS_SIZE * sizeof(float));
    int n = h->n, over = h->phase == PHASE_OVER;
    int64_t stacks[MAX_SEATS], chips = 0;
    for (int s = 0; s < n; s++) {
        stacks[s] = over ? h->final_stacks[s] : stack_of(h, s);
        chips += stacks[s];
    }
    int64_t pot = pot_of(h);
    /* the chips in play, as the view has them (stacks and pot) */
    double total = (double)(chips + pot);
    if (total == 0.0) {
        total = 1.0;
    }
    for (int rel = 0; rel < n; rel++) {
        int other = (seat + rel) % n;
        float *block = out + rel * OBS_SEAT;
        block[0] = 1.0f;
        block[1] = (float)h->in_hand[other];
        block[2] = (float)(h->in_hand[other] && stacks[other] == 0);
        block[3] = (float)(h->to_act == other);
        block[4] = (float)(h->dealer == other);
        block[5] = (float)(h->in_battle && h->attacker == other);
        block[6] = (float)(h->in_battle && h->defender == other);
        block[7] = (float)(h->quiet >> other & 1);
        block[8] = (float)((double)stacks[other] / total);
        block[9] = (float)((double)h->contrib[other] / total);
        float *cards = block + 10;
        if (h->banners_done) {
            cards[h->banner[other]] = 1.0f;
        }
        for (int i = 0; i < h->army_len[other]; i++) {
            cards[CARD_COUNT + h->army[other][i]] = 1.0f;
        }
        if (other == seat || was_shown(h, seat, other)) {
            for (int i = 0; i < h->palace_len[other]; i++) {
                cards[2 * CARD_COUNT + h->palace[other][i]] = 1.0f;
            }
        }
    }
    float *tail = out + OBS_TAIL;
    for (int i = 0; i < h->set_aside_len; i++) {
        tail[h->set_aside[i]] = 1.0f;
    }
    uint8_t known[CARD_COUNT];
    int count = known_cards(h, h->discard_public, h->discard_public_len, h->discard_owners,
                            h->discard_owners_len, seat, ~UINT64_C(0), known);
    for (int i = 0; i < count; i++) {
        tail[CARD_COUNT + known[i]] = 1.0f;
    }
    count = known_cards(h, h->stock_public, h->stock_public_len, h->stock_owners,
                        h->stock_owners_len, seat, h->pile, known);
    for (int i = 0; i < count; i++) {
        tail[2 * CARD_COUNT + known[i]] = 1.0f;
    }
    double cards = (double)popcount64(h->deck);
    out[OBS_PILES] = (float)((double)pot / total);
    out[OBS_PILES + 1] = (float)((h->banners_done ? popcount64(h->pile) : 0) / cards);
    out[OBS_PILES + 2] = (float)(popcount64(h->discard) / cards);
    /* PHASES: turn, battle, trim, over (a chance node reads as over) */
    out[OBS_PHASE + (h->phase <= PHASE_TRIM ? h->phase : 3)] = 1.0f;
    if (h->in_battle) {
        out[OBS_BATTLE] = (float)((h->raises < 10 ? h->raises : 10) / 10.0);
        out[OBS_BATTLE + 1] = (float)((double)h->last_raise / total);
        out[OBS_BATTLE + 2] = (float)((double)h->raised[0] / total);
        out[OBS_BATTLE + 3] = (float)((double)h->raised[1] / total);
    }
    double stake[3] = {(double)h->small_bet / total, (double)h->big_bet / total,
                       (double)h->ante / total};
    out[OBS_STAKES] = (float)h->no_limit;
    for (int i = 0; i < 3; i++) {
        out[OBS_STAKES + 1 + i] = (float)(stake[i] < 1.0 ? stake[i] : 1.0);
    }
    /* PENDING: none, discard, trim, open. EnvState's trim choice is in progress once
     * its first card is chosen; a discard's likewise; an open one at once. */
    int kind = 0;
    if (h->to_act == seat) {
        if (h->pending == PENDING_OPEN) {
            kind = 3;
        }
        else if (h->pending == PENDING_DISCARD) {
            kind = 1;
        }
        else if (h->phase == PHASE_TRIM && h->chosen_len > 0) {
            kind = 2;
        }
    }
    out[OBS_CHOOSING + kind] = 1.0f;
    if (kind == 1 || kind == 2) {
        for (int i = 0; i < h->chosen_len; i++) {
            out[OBS_CHOSEN + h->chosen[i]] = 1.0f;
        }
    }
}

/* EnvState.legal_mask: 1 for each legal id (none at a chance node or the end). */
static void
write_mask(const Legal *legal, int8_t *out)
{
    for (int id = 0; id < NUM_ACTIONS; id++) {
        out[id] = (int8_t)allowed(legal, id);
    }
}

/* A caller's buffer of count items of one kind ('f' float, 'i' signed integer, 'u'
 * unsigned integer) and size, C-contiguous; writable unless read_only. */
static int
take_buffer(PyObject *obj, Py_buffer *view, const char *name, char kind, Py_ssize_t itemsize,
            Py_ssize_t count, int read_only)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (read_only ? 0 : PyBUF_WRITABLE);
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyErr_Format(PyExc_ValueError, "%s must be a C-contiguous%s buffer (a NumPy array)", name,
                     read_only ? "" : " writable");
        return -1;
    }
    const char *format = view->format != NULL ? view->format : "B";
    while (*format == '@' || *format == '=' || *format == '<' || *format == '|') {
        format++;
    }
    char found = *format && strchr("bhilqn", *format) ? 'i'
                 : *format && strchr("BHILQN", *format) ? 'u'
                 : *format && strchr("efd", *format) ? 'f'
                                                     : '?';
    static const char *const KIND[] = {"float", "int", "uint"};
    const char *wanted = KIND[kind == 'f' ? 0 : kind == 'i' ? 1 : 2];
    if (found != kind || format[1] != '\0' || view->itemsize != itemsize ||
        view->len != count * itemsize) {
        PyErr_Format(PyExc_ValueError, "%s must hold %zd items of %s%zd, got %zd bytes of '%s'",
                     name, count, wanted, itemsize * 8, view->len,
                     view->format != NULL ? view->format : "B");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *
Hand_write_observation(HandObject *self, PyObject *args)
{
    REQUIRE_DEALT(self);
    int seat;
    PyObject *target;
    if (!PyArg_ParseTuple(args, "iO:write_observation", &seat, &target)) {
        return NULL;
    }
    if (seat < 0 || seat >= self->state.n) {
        PyErr_Format(PyExc_ValueError, "no seat %d in a hand of %d", seat, (int)self->state.n);
        return NULL;
    }
    Py_buffer view;
    if (take_buffer(target, &view, "out", 'f', 4, OBS_SIZE, 0) < 0) {
        return NULL;
    }
    write_observation(&self->state, seat, (float *)view.buf);
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyObject *
Hand_write_mask(HandObject *self, PyObject *target)
{
    REQUIRE_DEALT(self);
    Py_buffer view;
    if (take_buffer(target, &view, "out", 'i', 1, NUM_ACTIONS, 0) < 0) {
        return NULL;
    }
    Legal legal;
    legal_ids(&self->state, &legal);
    write_mask(&legal, (int8_t *)view.buf);
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
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
    {"write_observation", (PyCFunction)Hand_write_observation, METH_VARARGS,
     "write_observation(seat, out): the seat's observation vector (observe.vector) into\n"
     "out, a writable float32 buffer of 1,887."},
    {"write_mask", (PyCFunction)Hand_write_mask, METH_O,
     "write_mask(out): 1 for each legal id, 0 for the others, into out, a writable int8\n"
     "buffer of 70."},
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

/* ================================================================ a batch of hands
 * Batch steps N hands side by side, each its own table (a dealt Hand copied as the
 * start of each of its deals) and its own random numbers, writing into the caller's
 * arrays: obs (float32 [N, 1887]), mask (int8 [N, 70]), player (int32 [N]), returns
 * (float32 [N, 10]) and done (uint8 [N]). No Python object is made per hand. */

/* splitmix64: a hand's stream of random numbers (its state is one integer). */
static inline uint64_t
next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A uniform number below bound (1..2**32 - 1): the high 32 bits of a draw, scaled by
 * multiplication, the few draws that would bias it drawn again (Lemire). */
static inline uint32_t
random_below(uint64_t *state, uint32_t bound)
{
    uint64_t product = (next_random(state) >> 32) * bound;
    uint32_t low = (uint32_t)product;
    if (low < bound) {
        uint32_t threshold = (0u - bound) % bound; /* 2**32 mod bound */
        while (low < threshold) {
            product = (next_random(state) >> 32) * bound;
            low = (uint32_t)product;
        }
    }
    return (uint32_t)(product >> 32);
}

/* The index-th set bit of mask (in increasing order). */
static inline int
nth_bit(uint64_t mask, uint32_t index)
{
    for (uint32_t i = 0; i < index; i++) {
        mask &= mask - 1;
    }
    return lowest_bit(mask);
}

typedef struct {
    PyObject_HEAD
    Py_ssize_t size;
    int rotate;        /* the dealer moves one seat left each deal */
    HandState *hands;  /* the hands in play */
    HandState *dealt;  /* each hand's table before its first card */
    uint64_t *seeds, *random;
    uint32_t *deals;   /* deals so far, this one included */
    Legal *legal;      /* the legal ids of each hand's decision due */
    Py_buffer obs, mask, player, returns, done;
    int buffers;       /* how many of the five are held */
} BatchObject;

static PyTypeObject BatchType;

/* The id by which a hand waits at a step (Batch.step): it keeps its decision, so that
 * a caller steps only the hands whose acting player it plays. */
#define BATCH_WAIT (-1)

/* Deal cards from the hand's own stream until a decision or the end. */
static void
deal_chance(HandState *h, uint64_t *random)
{
    while (h->phase == PHASE_CHANCE) {
        uint32_t index = random_below(random, (uint32_t)popcount64(h->pile));
        apply_chance(h, nth_bit(h->pile, index));
    }
}

/* Hand i's next deal: its table as dealt, the dealer moved on if it rotates. */
static void
new_deal(BatchObject *b, Py_ssize_t i)
{
    HandState *h = &b->hands[i];
    memcpy(h, &b->dealt[i], sizeof *h);
    if (b->rotate) {
        h->dealer = (uint8_t)((h->dealer + b->deals[i]) % h->n);
    }
    b->deals[i]++;
    deal_chance(h, &b->random[i]);
}

/* Hand i's decision due written out: player, observation, mask (its legal ids kept). */
static void
write_decision(BatchObject *b, Py_ssize_t i)
{
    const HandState *h = &b->hands[i];
    int player = current_player(h);
    ((int32_t *)b->player.buf)[i] = player;
    legal_ids(h, &b->legal[i]);
    write_mask(&b->legal[i], (int8_t *)b->mask.buf + i * NUM_ACTIONS);
    float *obs = (float *)b->obs.buf + i * OBS_SIZE;
    if (player >= 0) {
        write_observation(h, player, obs);
    }
    else {
        memset(obs, 0, OBS_SIZE * sizeof(float));
    }
}

/* After hand i's action: deal to the next decision; a hand over records its returns,
 * sets done and is dealt again. */
static void
advance(BatchObject *b, Py_ssize_t i)
{
    HandState *h = &b->hands[i];
    float *returns = (float *)b->returns.buf + i * MAX_SEATS;
    uint8_t *done = (uint8_t *)b->done.buf + i;
    deal_chance(h, &b->random[i]);
    memset(returns, 0, MAX_SEATS * sizeof(float));
    *done = h->phase == PHASE_OVER;
    if (*done) {
        for (int s = 0; s < h->n; s++) {
            returns[s] = (float)(h->final_stacks[s] - h->start[s]);
        }
        new_deal(b, i);
    }
    write_decision(b, i);
}

static void
Batch_dealloc(BatchObject *self)
{
    Py_buffer *held[] = {&self->obs, &self->mask, &self->player, &self->returns, &self->done};
    for (int k = 0; k < self->buffers; k++) {
        PyBuffer_Release(held[k]);
    }
    PyMem_Free(self->hands);
    PyMem_Free(self->dealt);
    PyMem_Free(self->seeds);
    PyMem_Free(self->random);
    PyMem_Free(self->deals);
    PyMem_Free(self->legal);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A hand's table from a Hand (as it stands: it must be before its first card) or
 * from a tuple of Hand's arguments. */
static int
table_of(PyObject *item, HandState *out, Py_ssize_t i)
{
    PyObject *hand = NULL;
    if (PyObject_TypeCheck(item, &HandType)) {
        hand = Py_NewRef(item);
    }
    else if (PyTuple_Check(item)) {
        hand = PyObject_CallObject((PyObject *)&HandType, item);
        if (hand == NULL) {
            return -1;
        }
    }
    else {
        PyErr_Format(PyExc_TypeError, "hands[%zd] must be a Hand or a tuple of Hand's arguments",
                     i);
        return -1;
    }
    const HandState *h = &((HandObject *)hand)->state;
    int fresh = h->n > 0 && h->phase == PHASE_CHANCE && h->chance == CHANCE_BANNER &&
                h->deal_banner_count == 0 && h->set_aside_len == 0;
    if (fresh) {
        memcpy(out, h, sizeof *out);
    }
    Py_DECREF(hand);
    if (!fresh) {
        PyErr_Format(PyExc_ValueError, "hands[%zd] must be a hand before its first card", i);
        return -1;
    }
    return 0;
}

static int
reseed(BatchObject *self, PyObject *seeds)
{
    PyObject *items = PySequence_Fast(seeds, "seeds must be a sequence of integers");
    if (items == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(items) != self->size) {
        PyErr_Format(PyExc_ValueError, "seeds must hold one integer a hand (%zd), got %zd",
                     self->size, PySequence_Fast_GET_SIZE(items));
        Py_DECREF(items);
        return -1;
    }
    for (Py_ssize_t i = 0; i < self->size; i++) {
        /* any integer: its low 64 bits */
        unsigned long long seed = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(items, i));
        if (seed == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return -1;
        }
        self->seeds[i] = seed;
    }
    Py_DECREF(items);
    return 0;
}

static PyObject *
Batch_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"hands", "seeds", "obs", "mask", "player", "returns", "done",
                               "rotate_dealer", NULL};
    PyObject *hands, *seeds, *arrays[5];
    int rotate = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOOO|p:Batch", keywords, &hands, &seeds,
                                     &arrays[0], &arrays[1], &arrays[2], &arrays[3], &arrays[4],
                                     &rotate)) {
        return NULL;
    }
    PyObject *items = PySequence_Fast(hands, "hands must be a sequence");
    if (items == NULL) {
        return NULL;
    }
    Py_ssize_t size = PySequence_Fast_GET_SIZE(items);
    BatchObject *self = (BatchObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        Py_DECREF(items);
        return NULL;
    }
    self->size = size;
    self->rotate = rotate;
    if (size < 1) {
        PyErr_SetString(PyExc_ValueError, "a batch holds at least one hand");
        goto fail;
    }
    size_t count = (size_t)size;
    self->hands = PyMem_Calloc(count, sizeof(HandState));
    self->dealt = PyMem_Calloc(count, sizeof(HandState));
    self->seeds = PyMem_Calloc(count, sizeof(uint64_t));
    self->random = PyMem_Calloc(count, sizeof(uint64_t));
    self->deals = PyMem_Calloc(count, sizeof(uint32_t));
    self->legal = PyMem_Calloc(count, sizeof(Legal));
    if (!self->hands || !self->dealt || !self->seeds || !self->random || !self->deals ||
        !self->legal) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        if (table_of(PySequence_Fast_GET_ITEM(items, i), &self->dealt[i], i) < 0) {
            goto fail;
        }
        memcpy(&self->hands[i], &self->dealt[i], sizeof(HandState));
    }
    if (reseed(self, seeds) < 0) {
        goto fail;
    }
    static const char *const NAMES[] = {"obs", "mask", "player", "returns", "done"};
    static const char KINDS[] = {'f', 'i', 'i', 'f', 'u'};
    static const Py_ssize_t ITEMSIZES[] = {4, 1, 4, 4, 1};
    const Py_ssize_t counts[] = {size * OBS_SIZE, size * NUM_ACTIONS, size, size * MAX_SEATS,
                                 size};
    Py_buffer *views[] = {&self->obs, &self->mask, &self->player, &self->returns, &self->done};
    for (int k = 0; k < 5; k++) {
        if (take_buffer(arrays[k], views[k], NAMES[k], KINDS[k], ITEMSIZES[k], counts[k], 0) <
            0) {
            goto fail;
        }
        self->buffers++;
    }
    /* Until reset(): every hand before its first card, nothing written. */
    Py_DECREF(items);
    return (PyObject *)self;
fail:
    Py_DECREF(items);
    Py_DECREF(self);
    return NULL;
}

static PyObject *
Batch_reset(BatchObject *self, PyObject *args)
{
    PyObject *seeds = Py_None;
    if (!PyArg_ParseTuple(args, "|O:reset", &seeds)) {
        return NULL;
    }
    if (seeds != Py_None && reseed(self, seeds) < 0) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < self->size; i++) {
        self->random[i] = self->seeds[i];
        self->deals[i] = 0;
        new_deal(self, i);
        memset((float *)self->returns.buf + i * MAX_SEATS, 0, MAX_SEATS * sizeof(float));
        ((uint8_t *)self->done.buf)[i] = 0;
        write_decision(self, i);
    }
    Py_RETURN_NONE;
}

static PyObject *
Batch_step(BatchObject *self, PyObject *arg)
{
    if (self->deals[0] == 0) {
        PyErr_SetString(PyExc_ValueError, "the batch is not dealt: call reset() first");
        return NULL;
    }
    Py_buffer view;
    if (take_buffer(arg, &view, "actions", 'i', 8, self->size, 1) < 0) {
        return NULL;
    }
    const int64_t *actions = (const int64_t *)view.buf;
    /* Every id checked before any is applied: a refused step changes nothing. */
    for (Py_ssize_t i = 0; i < self->size; i++) {
        int64_t id = actions[i];
        if (id == BATCH_WAIT) {
            continue;
        }
        if (id < 0 || id >= NUM_ACTIONS || !allowed(&self->legal[i], (int)id)) {
            PyErr_Format(PyExc_ValueError, "hand %zd: action %lld is not legal here", i,
                         (long long)id);
            PyBuffer_Release(&view);
            return NULL;
        }
    }
    for (Py_ssize_t i = 0; i < self->size; i++) {
        if (actions[i] == BATCH_WAIT) {
            /* the hand waits: its decision stands, nothing ended in it at this step */
            memset((float *)self->returns.buf + i * MAX_SEATS, 0, MAX_SEATS * sizeof(float));
            ((uint8_t *)self->done.buf)[i] = 0;
            continue;
        }
        apply_id(&self->hands[i], &self->legal[i], (int)actions[i]);
        advance(self, i);
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyObject *
Batch_random_legal(BatchObject *self, PyObject *args)
{
    PyObject *target;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OK:random_legal", &target, &seed)) {
        return NULL;
    }
    Py_buffer view;
    if (take_buffer(target, &view, "out", 'i', 8, self->size, 0) < 0) {
        return NULL;
    }
    int64_t *out = (int64_t *)view.buf;
    uint64_t random = seed;
    for (Py_ssize_t i = 0; i < self->size; i++) {
        const Legal *legal = &self->legal[i];
        int low = popcount64(legal->low), count = low + popcount64(legal->high);
        if (count == 0) {
            out[i] = -1;
            continue;
        }
        uint32_t index = random_below(&random, (uint32_t)count);
        out[i] = (int64_t)index < low ? nth_bit(legal->low, index)
                                      : 64 + nth_bit(legal->high, index - (uint32_t)low);
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyObject *
Batch_hand(BatchObject *self, PyObject *arg)
{
    Py_ssize_t i = PyNumber_AsSsize_t(arg, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (i < 0 || i >= self->size) {
        PyErr_Format(PyExc_IndexError, "no hand %zd in a batch of %zd", i, self->size);
        return NULL;
    }
    HandObject *copy = PyObject_New(HandObject, &HandType);
    if (copy == NULL) {
        return NULL;
    }
    memcpy(&copy->state, &self->hands[i], sizeof(HandState));
    return (PyObject *)copy;
}

static PyObject *
Batch_deals(BatchObject *self, PyObject *arg)
{
    Py_ssize_t i = PyNumber_AsSsize_t(arg, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (i < 0 || i >= self->size) {
        PyErr_Format(PyExc_IndexError, "no hand %zd in a batch of %zd", i, self->size);
        return NULL;
    }
    return PyLong_FromUnsignedLong(self->deals[i]);
}

static Py_ssize_t
Batch_len(BatchObject *self)
{
    return self->size;
}

static PyMethodDef Batch_methods[] = {
    {"reset", (PyCFunction)Batch_reset, METH_VARARGS,
     "reset(seeds=None): each hand's random numbers restarted from its seed (new seeds if\n"
     "given), its first deal dealt to the first decision, and the arrays written."},
    {"step", (PyCFunction)Batch_step, METH_O,
     "step(actions): apply each hand's id (int64 [N]), deal its chance cards to its next\n"
     "decision; a hand over writes returns and done and is dealt again; the arrays\n"
     "written. An id of -1 makes the hand wait (its decision stands, done 0, returns\n"
     "zeros). ValueError for an id not legal (then nothing is applied)."},
    {"random_legal", (PyCFunction)Batch_random_legal, METH_VARARGS,
     "random_legal(out, seed): a uniformly random legal id of each hand into out\n"
     "(int64 [N]), from one stream seeded by seed."},
    {"hand", (PyCFunction)Batch_hand, METH_O, "A copy of hand i as it stands, as a Hand."},
    {"deals", (PyCFunction)Batch_deals, METH_O, "How many hands hand i has dealt since reset()."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Batch_sequence = {
    .sq_length = (lenfunc)Batch_len,
};

static PyTypeObject BatchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "palace_poker._enginec.Batch",
    .tp_basicsize = sizeof(BatchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Batch(hands, seeds, obs, mask, player, returns, done, rotate_dealer=True):\n"
              "hands stepped together, writing into the caller's arrays.",
    .tp_methods = Batch_methods,
    .tp_as_sequence = &Batch_sequence,
    .tp_new = Batch_new,
    .tp_dealloc = (destructor)Batch_dealloc,
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
    if (PyType_Ready(&HandType) < 0 || PyType_Ready(&BatchType) < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(module, "Hand", (PyObject *)&HandType) < 0 ||
        PyModule_AddIntConstant(module, "CHANCE", PLAYER_CHANCE) < 0 ||
        PyModule_AddObjectRef(module, "Batch", (PyObject *)&BatchType) < 0 ||
        PyModule_AddIntConstant(module, "TERMINAL", PLAYER_TERMINAL) < 0 ||
        PyModule_AddIntConstant(module, "OBSERVATION_SIZE", OBS_SIZE) < 0 ||
        PyModule_AddIntConstant(module, "NUM_ACTIONS", NUM_ACTIONS) < 0 ||
        PyModule_AddIntConstant(module, "MAX_SEATS", MAX_SEATS) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
