/* The hand evaluator's core, shared by _evalc.c (the evaluator) and _enginec.c (the
 * engine's comparisons): R-CARD-2, R-CARD-3. A hand is a 64-bit mask holding a
 * 13-bit rank mask per suit (SUIT_WIDTH bits apart); its value is encoded
 *     value = category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5
 * (ranks + 1, 0 for a missing kicker), so that values compare as hands do.
 *
 * Included by exactly one .c file of each extension: the tables are static, so each
 * extension has its own, filled by build_rank_tables() at module init. */

#ifndef PALACE_EVALCORE_H
#define PALACE_EVALCORE_H

#include <stdint.h>

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

/* Tables over a 13-bit rank mask m. */
static uint32_t TOP5[1 << 13];      /* top five ranks of m, packed as r1..r5 (+1 each) */
static uint8_t STRAIGHT_TOP[1 << 13]; /* top card of m's best straight, +1; 0 if none */
static uint32_t NO_PAIR[1 << 13];   /* value of distinct ranks m: straight or high card */
static uint32_t FLUSH_VALUE[1 << 13]; /* value of a suit holding m, when it has 5+ ranks */
static uint8_t FIVE_OR_MORE[1 << 13]; /* 1 if m has five ranks or more */
/* Fill the rank tables (every 13-bit mask). */
static void
build_rank_tables(void)
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
}

/* The top rank (+1) of a non-empty mask, and its bit. */
#define TOP(mask) (TOP5[mask] >> 16)
#define BIT(stored) (1u << ((stored) - 1))

/* A hand holding some rank twice or more, flushes aside. one/two/... are the ranks
 * held at least once, twice, ...; the order of tests is the order of categories. */
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
        uint32_t others = two & ~BIT(trips); /* a second trips or a pair */
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
        /* With three pairs, the third pair's rank competes for the kicker. */
        uint32_t low = TOP(rest);
        return (uint32_t)TWO_PAIR << 20 | high << 16 | low << 12 |
               (TOP5[one & ~BIT(high) & ~BIT(low)] >> 8 & 0x0F00u);
    }
    return (uint32_t)ONE_PAIR << 20 | high << 16 | (TOP5[one & ~BIT(high)] >> 4 & 0xFFF0u);
}

/* The value of the cards in a 64-bit hand mask (excluded suit already removed). */
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
        /* Flush values are 0 below five cards; more than nine cards may flush twice. */
        uint32_t suits[4] = {s0, s1, s2, s3};
        for (int s = 0; s < 4; s++) {
            if (FLUSH_VALUE[suits[s]] > value) {
                value = FLUSH_VALUE[suits[s]];
            }
        }
    }
    return value;
}

#endif /* PALACE_EVALCORE_H */
