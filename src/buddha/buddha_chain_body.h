/*
 * buddha_chain_body.h - one Metropolis-Hastings chain, written once for the
 * host (buddha_metropolis.c) and the GPU (buddha_metropolis.cu). The
 * includer defines, before including it:
 *   FR_MH_CHAIN          the name of the function to define
 *   FR_MH_QUAL           its qualifiers (static inline, __device__ ...)
 *   FR_MH_CTX            the type of its plotting argument x
 *   FR_MH_SCORE(x, cr, ci, steps)     C of the orbit of (cr, ci): its points
 *                                     in the view (uint64_t); adds the steps
 *   FR_MH_PLOT(x, cr, ci, w, steps)   plot that orbit with weight w; returns
 *                                     the points plotted (uint64_t)
 * Chain k: the first start draw with C > 0, then chain_len steps; a state
 * is plotted when the chain leaves it or ends, with weight (steps held
 * after the burn-in) x W(C). The counters get the proposals' orbits in the
 * view, the fresh proposals and those with C > 0, the accepted moves, the
 * plotted states, the sum of their weights and the hits (points x steps
 * held).
 */
#include "buddha/buddha_metropolis.h"

FR_MH_QUAL void FR_MH_CHAIN(const fr_buddha_job *j, uint64_t k, FR_MH_CTX x, fr_buddha_counters *c)
{
    double cr = 0, ci = 0;
    uint64_t cur = 0, steps = 0;
    for (uint32_t a = 0; a < FR_BUDDHA_MH_START_TRIES && !cur; a++) {
        fr_buddha_mh_start(j, k, a, &cr, &ci);
        cur = FR_MH_SCORE(x, cr, ci, &steps);
    }
    if (!cur) {
        c->iterations += steps;
        return;
    }
    uint64_t held = 0;
    for (uint32_t s = 0; s < j->chain_len; s++) {
        double nr, ni, u;
        const int fresh = fr_buddha_mh_propose(j, k, s, cr, ci, &nr, &ni, &u);
        const uint64_t cn = fr_buddha_mh_inside(j, nr, ni) ? FR_MH_SCORE(x, nr, ni, &steps) : 0;
        c->orbits += cn > 0;
        if (fresh) c->fresh++, c->fresh_in += cn > 0;
        if (fr_buddha_mh_accept(u, cur, cn)) {
            if (held) {
                const uint64_t w = held * fr_buddha_mh_weight(j, cur);
                c->hits += held * FR_MH_PLOT(x, cr, ci, w, &steps);
                c->weight_sum += w;
            }
            cr = nr, ci = ni, cur = cn, held = 0;
            c->accepted++;
        }
        if (s >= j->burn_in) held++;
    }
    if (held) {
        const uint64_t w = held * fr_buddha_mh_weight(j, cur);
        c->hits += held * FR_MH_PLOT(x, cr, ci, w, &steps);
        c->weight_sum += w;
    }
    c->states += j->chain_len - j->burn_in;
    c->iterations += steps;
}
