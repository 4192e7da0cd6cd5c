/*
 * philox.h - Philox4x32-10, the counter-based generator of Salmon et al.
 * ("Parallel random numbers: as easy as 1, 2, 3", SC 2011), shared by the
 * host and the GPU. A random block is a pure function of (key, counter):
 * sample i of a render draws fr_philox(seed, i, stream), so the numbers a
 * sample sees do not depend on which thread, lane or launch computes it.
 */
#ifndef FR_CORE_PHILOX_H
#define FR_CORE_PHILOX_H

#include <stdint.h>

#include "core/hd.h"

FR_HD void fr_philox_round(uint32_t c[4], uint32_t k0, uint32_t k1)
{
    const uint64_t p0 = (uint64_t)0xD2511F53u * c[0];
    const uint64_t p1 = (uint64_t)0xCD9E8D57u * c[2];
    const uint32_t n0 = (uint32_t)(p1 >> 32) ^ c[1] ^ k0;
    const uint32_t n2 = (uint32_t)(p0 >> 32) ^ c[3] ^ k1;
    c[1] = (uint32_t)p1;
    c[3] = (uint32_t)p0;
    c[0] = n0;
    c[2] = n2;
}

/* Philox4x32-10 of a whole 128-bit counter under key (k0, k1), as
 * Random123's philox4x32 (its known-answer vectors are tests). */
FR_HD void fr_philox4x32(const uint32_t ctr[4], uint32_t k0, uint32_t k1, uint32_t out[4])
{
    uint32_t c[4] = {ctr[0], ctr[1], ctr[2], ctr[3]};
    for (int r = 0; r < 10; r++) {
        fr_philox_round(c, k0, k1);
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    out[0] = c[0], out[1] = c[1], out[2] = c[2], out[3] = c[3];
}

/* Four 32-bit words for counter (index, stream) under key `seed`. */
FR_HD void fr_philox(uint64_t seed, uint64_t index, uint32_t stream, uint32_t out[4])
{
    const uint32_t c[4] = {(uint32_t)index, (uint32_t)(index >> 32), stream, 0};
    fr_philox4x32(c, (uint32_t)seed, (uint32_t)(seed >> 32), out);
}

/* A double in [0, 1) from 53 random bits of two words. */
FR_HD double fr_u53(uint32_t a, uint32_t b)
{
    return (double)(((uint64_t)(a >> 5) << 26) | (uint64_t)(b >> 6)) * 0x1p-53;
}

/* A double in [0, 1) from one word (32 bits). */
FR_HD double fr_u32(uint32_t a) { return (double)a * 0x1p-32; }

#endif
