/*
 * flame_ops.h - the flame family's backend contract: one flame render
 * handed whole to a backend (src/cpu/cpu_flame.c, src/cuda/cuda_flame.c):
 * the genome, the frame, the chaos-game jobs and the settings of the
 * post-processing, all as flame_render.c prepared them, with the sizes of
 * the arrays they point to so a device backend can copy them. A render of
 * several temporal samples has several jobs (flame_temporal.h): pass p runs
 * the groups jobs->group[pass_group[p] .. pass_group[p + 1] - 1], all in
 * flight together. flame_render.c (and flame_strips.c through it) is the
 * one caller.
 */
#ifndef FR_FLAME_FLAME_OPS_H
#define FR_FLAME_FLAME_OPS_H

#include "core/backend.h"
#include "flame/flame_chaos.h"
#include "flame/flame_temporal.h"
#include "flame/flame_tone_core.h"

typedef struct fr_flame_render_job {
    const fr_flame_genome *genome; /* with the caller's options applied */
    const fr_flame_frame *frame; /* host arrays: filter, de.width, de.coef */
    const fr_flame_job *job;     /* host arrays; job->frame == frame; = jobs->job[0] */
    const fr_flame_jobs *jobs;   /* every job of the render (temporal samples: jobs->njobs > 1), their
                                    pools (the arrays the jobs point to) and each pass's groups */
    int nxf;                     /* prepared xforms (std + final) */
    int table_rows;              /* FR_FLAME_GRAIN-slot rows of job->table */
    uint64_t per_pass;           /* samples a pass */
    double k1, k2;               /* log-density constants of a pass */
    const double *pass_k;        /* NULL, or k1, k2 of each pass (2 x passes: a timeline whose
                                    passes end on genomes of different brightness or camera) */
    fr_flame_tone tone;
    int earlyclip, transparency, bpc;
    fr_flame_bucket_t *raw;      /* host; NULL, or the image buckets to add every pass into
                                    (fr_flame_raw_add's layout) */
} fr_flame_render_job;

/* The log-density constants of pass `pass`. */
static inline void fr_flame_pass_k(const fr_flame_render_job *rj, int pass, double *k1, double *k2)
{
    *k1 = rj->pass_k ? rj->pass_k[2 * pass] : rj->k1;
    *k2 = rj->pass_k ? rj->pass_k[2 * pass + 1] : rj->k2;
}

/* The bytes of part_export's blob. */
#define FR_FLAME_PART_EXPORT 192

typedef struct fr_flame_ops {
    /* The whole render: every pass, density estimation and the tone map;
     * `image` receives width x height x 4 values (fr_flame_tonemap's), or
     * is NULL when only job->raw is wanted (a backend may then skip the
     * density estimation and tone map); fills the counters and times of
     * *stats. */
    fr_status (*render)(fr_context *ctx, const fr_flame_render_job *job, uint16_t *image, fr_flame_stats *stats);
    /* Optional: the memory render would need for `job` and the memory it
     * may use, in bytes (NULL: no estimate; the render's FR_ERR_NOMEM alone
     * makes strips). */
    fr_status (*memory)(fr_context *ctx, const fr_flame_render_job *job, double *need, double *budget);
    /* Optional: pass 0's chaos game `runs` times, seconds[r] each (plot 0:
     * no adds into the buckets). NULL: not supported. */
    fr_status (*bench)(fr_context *ctx, const fr_flame_render_job *job, int runs, int plot, double *seconds,
                       fr_flame_stats *stats);
    /* Optional: the render in parts, for a render spread over devices
     * (src/multi/multi_flame.c). part_begin prepares `job` (valid until
     * part_end) and gives each pass's walkers (walkers[pass], room for
     * job->frame->passes); part_chaos runs walkers [first, first + count)
     * of `pass` into cleared integer buckets, copies them to `out` (the
     * whole frame with its gutters: wb x hb x FR_FB_CHANNELS) unless out
     * is NULL (they stay for part_gather), and sets the counters of
     * *stats to the part's totals so far (progress: the fraction of the
     * part done); part_gather (optional) adds the buckets another state
     * of the same backend kept into this state's, saturating, where they
     * are (GPU to GPU); part_density takes a pass's buckets (every part's
     * summed; NULL: this state's own, gathered), adds them to job->raw
     * when set and density-estimates them into the accumulator;
     * part_tonemap writes the image from the accumulator. */
    fr_status (*part_begin)(fr_context *ctx, const fr_flame_render_job *job, uint64_t *walkers, void **state);
    fr_status (*part_chaos)(void *state, int pass, uint64_t first, uint64_t count, fr_flame_bucket_t *out,
                            fr_flame_stats *stats);
    fr_status (*part_gather)(void *state, void *from);
    /* Optional: from now on this state finishes image rows [y0, y1) alone
     * (y0 == y1: none): part_density estimates only what they need, from
     * the rows it needs of every state of `peers` (npeers of them, this
     * one among them, all of this backend: their buckets summed, none
     * written until each state's part_density returned) or, given host
     * buckets, of those; part_tonemap writes only those rows of the
     * image. A render spread over devices then density-estimates and
     * tone-maps on every device at once. */
    fr_status (*part_rows)(void *state, int y0, int y1, void *const *peers, int npeers);
    /* this state's buckets (gathered) to the host, for a render shared
     * between processes (fr_context_set_share) */
    fr_status (*part_fetch)(void *state, fr_flame_bucket_t *out);
    fr_status (*part_density)(void *state, int pass, const fr_flame_bucket_t *buckets);
    fr_status (*part_tonemap)(void *state, uint16_t *image);
    void (*part_end)(void *state);
    /* Optional, for a render shared between processes of one machine
     * (fr_context_set_share): part_export writes into `blob` (at most
     * FR_FLAME_PART_EXPORT bytes) what another process needs to read this
     * state's buckets where they are, or fails when they cannot be read so;
     * part_import, after part_rows, adds the buckets another process
     * exported to those this state's band sums (each pass's part_density,
     * given no host buckets, then sums its rows device to device across the
     * processes as across one process's devices: every process's chaos game
     * done first, none clearing its buckets before every process's
     * part_density returned); part_import(state, NULL) forgets them all
     * (before any exporter's part_end). */
    fr_status (*part_export)(void *state, unsigned char *blob);
    fr_status (*part_import)(void *state, const unsigned char *blob);
} fr_flame_ops;

#endif
