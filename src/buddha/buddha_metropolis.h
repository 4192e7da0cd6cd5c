/*
 * buddha_metropolis.h - the per-step pieces of Metropolis-Hastings orbit
 * density that every backend shares (host C and CUDA): the random numbers
 * of chain k at step s, the proposal, the acceptance test and the integer
 * weight of a state. Compiled without FP contraction like buddha_job.h:
 * the same chain visits the same points on every backend. The chain loop
 * itself is buddha_chain_body.h. See FR_SAMPLING_METROPOLIS in fractalis.h.
 */
#ifndef FR_BUDDHA_METROPOLIS_H
#define FR_BUDDHA_METROPOLIS_H

#include "buddha/buddha_job.h"
#include "fractalis.h"

/* The fourth counter word of every metropolis block: this tag plus the
 * block's use (0, 1: a step's blocks; 2: a start draw). The uniform,
 * stratified and importance streams have 0 there. */
#define FR_BUDDHA_MH_TAG 0x4D480000u
/* Mutation lengths: octaves below the largest. */
#define FR_BUDDHA_MH_OCTAVES 10

/* Block `use` of chain k at step (or start draw) s. */
FR_HD void fr_buddha_mh_rand(const fr_buddha_job *j, uint64_t k, uint32_t s, uint32_t use, uint32_t r[4])
{
    const uint32_t c[4] = {s, (uint32_t)k, (uint32_t)(k >> 32), FR_BUDDHA_MH_TAG + use};
    fr_philox4x32(c, (uint32_t)j->seed, (uint32_t)(j->seed >> 32), r);
}

/* Start draw a of chain k: a uniform point of the region. */
FR_HD void fr_buddha_mh_start(const fr_buddha_job *j, uint64_t k, uint32_t a, double *cr, double *ci)
{
    uint32_t r[4];
    fr_buddha_mh_rand(j, k, a, 2, r);
    fr_buddha_uniform(j, r, cr, ci);
}

/* The proposal of chain k at step s from (cr, ci): a fresh uniform point
 * (returns 1) or a mutation (returns 0), and the acceptance number u. */
FR_HD int fr_buddha_mh_propose(const fr_buddha_job *j, uint64_t k, uint32_t s, double cr, double ci, double *nr,
                               double *ni, double *u)
{
    uint32_t a[4], b[4];
    fr_buddha_mh_rand(j, k, s, 0, a);
    fr_buddha_mh_rand(j, k, s, 1, b);
    *u = fr_u53(a[1], a[2]);
    if (fr_u32(a[0]) < j->fresh) {
        fr_buddha_uniform(j, b, nr, ni);
        return 1;
    }
    /* d = r (dx, dy), dx and dy uniform in [-1, 1), r the largest step
     * halved n times: symmetric (d and -d equally likely), exact (ldexp,
     * one product and one sum a coordinate) */
    const int n = (int)(((uint64_t)a[3] * FR_BUDDHA_MH_OCTAVES) >> 32);
    const double r = ldexp(j->mut_max, -n);
    *nr = cr + r * (2 * fr_u53(b[0], b[1]) - 1);
    *ni = ci + r * (2 * fr_u53(b[2], b[3]) - 1);
    return 0;
}

/* 1 when (cr, ci) lies in the sampling region (outside it C = 0). */
FR_HD int fr_buddha_mh_inside(const fr_buddha_job *j, double cr, double ci)
{
    return j->re0 <= cr && cr <= j->re1 && j->im0 <= ci && ci <= j->im1;
}

/* Accept a move from a state of contribution c to one of cn (c > 0):
 * min(1, cn / c) > u, as u c < cn in one double product. */
FR_HD int fr_buddha_mh_accept(double u, uint64_t c, uint64_t cn)
{
    return cn >= c || u * (double)c < (double)cn;
}

/* The weight of a state of contribution c > 0: round(K / c), at least 1. */
FR_HD uint64_t fr_buddha_mh_weight(const fr_buddha_job *j, uint64_t c)
{
    uint64_t w = (2 * j->mh_k + c) / (2 * c);
    return w ? w : 1;
}

#endif
