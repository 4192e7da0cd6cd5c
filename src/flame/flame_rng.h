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

/* Four scalar fields rather than an array: a walker's state stays in
 * registers (and in vector lanes when the CPU's batched chaos game steps
 * walkers side by side, src/cpu/flame_simd.c). */
typedef struct fr_flame_rng {
    uint64_t s0, s1, s2, s3;
} fr_flame_rng;

FR_HD void fr_flame_rng_init(fr_flame_rng *r, uint64_t seed, uint64_t walker)
{
    uint32_t a[4], b[4];
    fr_philox(seed, walker, 0x666c616du, a); /* "flam" */
    fr_philox(seed, walker, 0x666c616eu, b);
    r->s0 = ((uint64_t)a[1] << 32) | a[0];
    r->s1 = ((uint64_t)a[3] << 32) | a[2];
    r->s2 = ((uint64_t)b[1] << 32) | b[0];
    r->s3 = ((uint64_t)b[3] << 32) | b[2];
    if ((r->s0 | r->s1 | r->s2 | r->s3) == 0)
        r->s0 = 1; /* the one state xoshiro must not have */
}

FR_HD uint64_t fr_flame_rng_next(fr_flame_rng *r)
{
    const uint64_t x = r->s1 * 5;
    const uint64_t out = ((x << 7) | (x >> 57)) * 9;
    const uint64_t t = r->s1 << 17;
    r->s2 ^= r->s0;
    r->s3 ^= r->s1;
    r->s1 ^= r->s2;
    r->s0 ^= r->s3;
    r->s2 ^= t;
    r->s3 = (r->s3 << 45) | (r->s3 >> 19);
    return out;
}

/* A double in [0, 1) with 53 random bits: v * 2^-53 for the top 53 bits v.
 * On the host v is converted in two exact int32 halves (the same value):
 * AVX2 converts int32 lanes to double, not 64-bit ones, so this is what lets
 * the batched chaos game draw in vectors. */
FR_HD double fr_flame_rng_01(fr_flame_rng *r)
{
    const uint64_t v = fr_flame_rng_next(r) >> 11;
#ifdef __CUDA_ARCH__
    return (double)v * 0x1p-53;
#else
    return ((double)(int32_t)(v >> 22) * 0x1p22 + (double)(int32_t)(v & 0x3fffff)) * 0x1p-53;
#endif
}

/* A random bit (0 or 1). */
FR_HD int fr_flame_rng_bit(fr_flame_rng *r) { return (int)(fr_flame_rng_next(r) >> 63); }

/* A 32-bit random integer. */
FR_HD uint32_t fr_flame_rng_u32(fr_flame_rng *r) { return (uint32_t)(fr_flame_rng_next(r) >> 32); }

#endif
