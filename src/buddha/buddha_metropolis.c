/* Metropolis-Hastings orbit density on the host: the job's chain fields,
 * the chain loop for the reference and the CPU backend (one chain at a
 * time, buddha_chain_body.h with the host's scoring and plotting), the
 * weight scale and the overflow bound. See FR_SAMPLING_METROPOLIS in
 * fractalis.h. */
#include <math.h>
#include <string.h>

#include "buddha/buddha.h"

void fr_buddha_mh_job_init(fr_buddha_job *j, const fr_buddha_params *p)
{
    if (p->sampling != FR_SAMPLING_METROPOLIS) return;
    j->chain_len = p->chain_length, j->burn_in = p->burn_in;
    j->fresh = p->fresh;
    j->mut_max = p->mutation * p->view_width;
    /* The largest C: every channel's longest plot, twice with pairs. */
    uint64_t cmax = 0;
    for (int k = 0; k < j->channels; k++) cmax += j->max_iter[k];
    cmax *= (uint64_t)(j->paired ? 2 : 1);
    int bits = 0;
    while (bits < 63 && ((uint64_t)1 << bits) < cmax) bits++;
    bits += 10;
    j->mh_k = (uint64_t)1 << (bits < 31 ? bits : 31);
    j->mh_cmax = cmax;
}

uint64_t fr_buddha_unit(const fr_buddha_job *j) { return j->sampling == FR_BS_METROPOLIS ? j->chain_len : 1; }

/* The orbit of sample (cr, ci) plotted with weight w into hist (NULL: only
 * counted) in storage mode `mode`; returns its points in the view. The
 * reference plots the mirror of a pair as an orbit of its own. */
typedef struct mh_host {
    int mode, atomic;
    uint64_t *hist;
    size_t plane;
} mh_host;

static uint64_t mh_orbit(const fr_buddha_job *j, const mh_host *h, double cr, double ci, uint64_t w, int plot,
                         uint64_t *steps)
{
    uint64_t *hist = plot ? h->hist : NULL, hits = 0;
    const int mode = h->mode == FR_PLOT_REFERENCE ? FR_PLOT_SINGLE : h->mode;
    const int orbits = h->mode == FR_PLOT_REFERENCE && j->paired ? 2 : 1;
    for (int m = 0; m < orbits; m++) {
        const double y = m ? -ci : ci;
        if (j->f32) {
            float fx = (float)cr, fy = (float)y;
            if (j->interior_test && fr_in_cardioid_or_bulb(fx, fy)) continue;
            fr_orbit o = fr_orbit_f(j, fx, fy);
            *steps += o.steps;
            hits += fr_buddha_plot_f(j, fx, fy, o, w, mode, h->atomic, hist, h->plane, steps);
        } else {
            if (j->interior_test && fr_in_cardioid_or_bulb(cr, y)) continue;
            fr_orbit o = fr_orbit_d(j, cr, y);
            *steps += o.steps;
            hits += fr_buddha_plot_d(j, cr, y, o, w, mode, h->atomic, hist, h->plane, steps);
        }
    }
    return hits;
}

#define FR_MH_CHAIN mh_chain
#define FR_MH_QUAL static
#define FR_MH_CTX const mh_host *
#define FR_MH_SCORE(x, cr, ci, steps) mh_orbit(j, x, cr, ci, 1, 0, steps)
#define FR_MH_PLOT(x, cr, ci, w, steps) mh_orbit(j, x, cr, ci, w, 1, steps)
#include "buddha/buddha_chain_body.h"

void fr_buddha_mh_chains(const fr_buddha_job *j, uint64_t first, uint64_t count, int mode, int atomic, uint64_t *hist,
                         size_t plane, fr_buddha_counters *c)
{
    const mh_host h = {mode, atomic, hist, plane};
    for (uint64_t k = first; k < first + count; k++) mh_chain(j, k, &h, c);
}

/* Expected counts: sum(W) E_u[h] / P(C > 0), since E_pi[W h] = K E_u[h] / mu
 * and sum(W) estimates states K E_pi[1 / C] = states K P(C > 0) / mu;
 * uniform sampling's are S E_u[h]. P(C > 0) is the fraction of the fresh
 * (uniform) proposals with C > 0. (The fresh proposals' mean C estimates
 * mu without the chains, but C is heavy-tailed: rare orbits that linger
 * in the view carry much of it, and the estimate came out 10 to 25 % low
 * in most runs of the test's zooms.) */
double fr_buddha_mh_scale(const fr_buddha_job *j, const fr_buddha_counters *c, uint64_t samples)
{
    if (!c->fresh_in || !samples) return 0;
    const double p_in = (double)c->fresh_in / (double)c->fresh;
    return (double)c->weight_sum / (p_in * (double)samples);
}

uint64_t fr_buddha_mh_room(const fr_buddha_job *j, uint64_t total)
{
    /* a state adds at most W C <= K + C / 2 (or C when W is held at 1) */
    const double per_chain = (double)(j->chain_len - j->burn_in) * (double)(j->mh_k + j->mh_cmax);
    const double room = ((double)UINT64_MAX - (double)total) / per_chain * 0.999;
    return room > 1e18 ? (uint64_t)1e18 : room < 1 ? 0 : (uint64_t)room;
}
