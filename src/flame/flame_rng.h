/*
 * flame_rng.h - the chaos game's random numbers. Each walker (a fixed unit
 * of work: one start point and a fixed number of iterations) owns a
 * xoshiro256** stream whose state is drawn from Philox4x32-10 keyed by
 * (seed, walker index). What a walker draws depends on the seed and its
 * index only, never on the thread, lane or launch that runs it.
 */
#ifndef FR_FLAME_RNG_H
#define FR_FLAME_RNG_H

#include <stdint.h>

#include "core/hd.h"
#include "core/philox.h"

typedef struct fr_flame_rng {
    uint64_t s[4];
} fr_flame_rng;

FR_HD void fr_flame_rng_init(fr_flame_rng *r, uint64_t seed, uint64_t walker)
{
    uint32_t a[4], b[4];
    fr_philox(seed, walker, 0x666c616du, a); /* "flam" */
    fr_philox(seed, walker, 0x666c616eu, b);
    r->s[0] = ((uint64_t)a[1] << 32) | a[0];
    r->s[1] = ((uint64_t)a[3] << 32) | a[2];
    r->s[2] = ((uint64_t)b[1] << 32) | b[0];
    r->s[3] = ((uint64_t)b[3] << 32) | b[2];
    if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
        r->s[0] = 1; /* the one state xoshiro must not have */
}

FR_HD uint64_t fr_flame_rng_next(fr_flame_rng *r)
{
    uint64_t *s = r->s;
    const uint64_t x = s[1] * 5;
    const uint64_t out = ((x << 7) | (x >> 57)) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return out;
}

/* A double in [0, 1) with 53 random bits. */
FR_HD double fr_flame_rng_01(fr_flame_rng *r) { return (double)(fr_flame_rng_next(r) >> 11) * 0x1p-53; }

/* A random bit (0 or 1). */
FR_HD int fr_flame_rng_bit(fr_flame_rng *r) { return (int)(fr_flame_rng_next(r) >> 63); }

/* A 32-bit random integer. */
FR_HD uint32_t fr_flame_rng_u32(fr_flame_rng *r) { return (uint32_t)(fr_flame_rng_next(r) >> 32); }

#endif
