/* The orbit-density family inside the library: the job built from the
 * parameters, the scalar reference (the oracle), the host-side plotting
 * used by the CPU backend, importance maps and folded storage. */
#ifndef FR_BUDDHA_BUDDHA_H
#define FR_BUDDHA_BUDDHA_H

#include <stddef.h>

#include "buddha/buddha_job.h"
#include "fractalis.h"

/* What a batch of samples did (added up by backends). */
typedef struct fr_buddha_counters {
    uint64_t orbits, iterations, hits;
    /* metropolis (buddha_chain_body.h): fresh proposals and those with
     * C > 0, accepted moves, plotted states and the sum of their weights */
    uint64_t fresh, fresh_in, accepted, states, weight_sum;
} fr_buddha_counters;
#define FR_BUDDHA_COUNTERS 8

/* Add b's counters to a's. */
static inline void fr_buddha_counters_add(fr_buddha_counters *a, const fr_buddha_counters *b)
{
    a->orbits += b->orbits, a->iterations += b->iterations, a->hits += b->hits;
    a->fresh += b->fresh, a->fresh_in += b->fresh_in, a->accepted += b->accepted, a->states += b->states;
    a->weight_sum += b->weight_sum;
}

/* Random stream of the importance pilot pass (the render uses stream 0). */
#define FR_BUDDHA_PILOT_STREAM 1u

/* Fill a job from validated parameters (no importance map yet). */
void fr_buddha_job_init(fr_buddha_job *j, const fr_buddha_params *p);

/* The reference: samples [first, first + count) (metropolis: chains) one
 * orbit at a time, the mirror of a pair iterated as an orbit of its own,
 * plain adds into the full histogram (channels planes). No speed tricks
 * beyond those the job asks for. */
void fr_buddha_reference(const fr_buddha_job *j, uint64_t first, uint64_t count, uint64_t *hist,
                         fr_buddha_counters *c);

/* Storage modes of the host plotting loop (REFERENCE: the reference's,
 * the mirror of a pair plotted as an orbit of its own). */
enum { FR_PLOT_SINGLE = 0, FR_PLOT_PAIR = 1, FR_PLOT_FOLD = 2, FR_PLOT_REFERENCE = 3 };

/* Plot one classified orbit (and its mirror for PAIR/FOLD) into `hist`
 * (planes of `plane` counters; NULL: only count), with atomic adds when
 * `atomic`. Returns the
 * increments made; adds the steps computed to *steps. */
uint64_t fr_buddha_plot_d(const fr_buddha_job *j, double cx, double cy, fr_orbit o, uint64_t w, int mode,
                          int atomic, uint64_t *hist, size_t plane, uint64_t *steps);
uint64_t fr_buddha_plot_f(const fr_buddha_job *j, float cx, float cy, fr_orbit o, uint64_t w, int mode,
                          int atomic, uint64_t *hist, size_t plane, uint64_t *steps);

static inline void fr_buddha_add(uint64_t *p, uint64_t v, int atomic)
{
    if (atomic) __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    else *p += v;
}

/* Plot point z_n = (x, y) of a classified orbit (and its mirror for
 * PAIR/FOLD) for every channel whose length len[k] reaches n, each with
 * the number of visits it stands for. Returns the increments made. */
static inline uint64_t fr_buddha_plot_point(const fr_buddha_job *j, double x, double y, uint32_t n,
                                            const uint32_t len[3], fr_orbit o, uint64_t w, int mode,
                                            int atomic, uint64_t *hist, size_t plane)
{
    int64_t a, b = -1;
    int twice = 0;
    if (mode == FR_PLOT_FOLD) a = fr_buddha_fold_pixel(j, x, y, &twice);
    else a = fr_buddha_pixel(j, x, y);
    if (mode == FR_PLOT_PAIR) b = fr_buddha_pixel(j, x, -y);
    if (a < 0 && b < 0) return 0;
    uint64_t hits = 0;
    /* the counters count the whole view; the adds go to the band's rows */
    const int64_t sa = fr_buddha_band_index(j, a), sb = fr_buddha_band_index(j, b);
    for (int k = 0; k < j->channels; k++) {
        uint64_t m = fr_buddha_mult(n, len[k], o.cyc_s, o.cyc_p);
        if (!m) continue;
        if (a >= 0) {
            if (hist && sa >= 0)
                fr_buddha_add(hist + k * plane + sa, m * w * (mode == FR_PLOT_FOLD ? 2 - !twice : 1), atomic);
            hits += m * (mode == FR_PLOT_FOLD ? 2 : 1);
        }
        if (b >= 0) {
            if (hist && sb >= 0) fr_buddha_add(hist + k * plane + sb, m * w, atomic);
            hits += m;
        }
    }
    return hits;
}

/* Points of a classified orbit to compute for plotting: the longest
 * channel length, cut after one turn of a detected cycle; len[] receives
 * each channel's length. */
FR_HD uint32_t fr_buddha_plot_top(const fr_buddha_job *j, fr_orbit o, uint32_t len[3])
{
    uint32_t top = 0;
    len[0] = len[1] = len[2] = 0;
    for (int k = 0; k < j->channels; k++) {
        len[k] = fr_buddha_len(j, k, o.e);
        if (len[k] > top) top = len[k];
    }
    if (o.cyc_s && top > o.cyc_s + o.cyc_p) top = o.cyc_s + o.cyc_p;
    return top;
}

/* Metropolis (buddha_metropolis.c): the job's chain fields; the unit of
 * the backends' ranges (a chain's steps, else 1 sample); chains
 * [first, first + count) on the host in storage `mode` (FR_PLOT_REFERENCE:
 * the reference); the weight scale of a render's counters; how many more
 * chains a histogram whose counts sum to `total` can take without a count
 * passing 2^64 - 1. */
void fr_buddha_mh_job_init(fr_buddha_job *j, const fr_buddha_params *p);
uint64_t fr_buddha_unit(const fr_buddha_job *j);
void fr_buddha_mh_chains(const fr_buddha_job *j, uint64_t first, uint64_t count, int mode, int atomic, uint64_t *hist,
                         size_t plane, fr_buddha_counters *c);
double fr_buddha_mh_scale(const fr_buddha_job *j, const fr_buddha_counters *c, uint64_t samples);
uint64_t fr_buddha_mh_room(const fr_buddha_job *j, uint64_t total);

/* 1 when folded storage applies (symmetric view and conjugate pairs, the
 * whole image: a band is stored unfolded). */
int fr_buddha_can_fold(const fr_buddha_job *j);
/* A backend's storage in mode `mode` (FR_PLOT_*): the counters of one
 * channel plane (folded rows, the job's band or the whole image), and the
 * add of that storage (channel planes) into the full histogram's rows,
 * saturating like fr_buddha_add_counts (1 when a count did). */
size_t fr_buddha_store_plane(const fr_buddha_job *j, int mode);
int fr_buddha_store_add(const fr_buddha_job *j, int mode, const uint64_t *store, uint64_t *hist);
/* Add folded counts (fold_rows rows a plane) into the full histogram, or n
 * counts into n: saturating at 2^64 - 1, with 1 returned when a count did
 * (a histogram resumed past its counts' range; fr_buddha_overflow is the
 * backends' error then). */
int fr_buddha_unfold_add(const fr_buddha_job *j, const uint64_t *fold, uint64_t *hist);
int fr_buddha_add_counts(uint64_t *hist, const uint64_t *src, size_t n);
fr_status fr_buddha_overflow(fr_context *ctx);

/* Build the importance map of a job (pilot pass on the context's device):
 * fills j->cdf and j->weight with arrays the caller frees with free(). A
 * cancel through the progress callback, or fr_now() reaching `deadline`
 * (0: none), stops it with FR_ERR_CANCELLED and no map. */
fr_status fr_buddha_importance_map(fr_context *ctx, fr_buddha_job *j, double deadline, double **cdf,
                                   uint32_t **weight);

#endif
