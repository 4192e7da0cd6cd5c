/*
 * flame_temporal.h - the temporal samples of a flame render: the time
 * steps, the chaos-game job of each, and which walkers of a pass run which
 * job.
 *
 * flam3 3.1.1's render_rectangle (rect.c) splits every pass (batch) into
 * ntemporal_samples sub-batches: step s of the N = passes x
 * ntemporal_samples steps of the render renders the genome at time
 *   time + delta[s],  delta[s] = (s / (N - 1) - 1/2) x temporal_filter_width
 * (pass p takes steps p x nt .. p x nt + nt - 1), with nsamples / N
 * samples, and its colours scaled by the temporal filter's value filt[s]
 * (box 1; gaussian and exp shaped over the steps; scaled to a maximum of
 * 1): the colour map is palette x 255 x filt[s], so a hit adds
 * floor(255 x colour x opacity weight x filt[s]) to R, G, B, A (the count
 * is not scaled). The log-density constant k2 is divided by sumfilt, the
 * mean of filt (flam3_create_temporal_filter).
 *
 * Two renders follow from it (fr_flame_options.motion_blur):
 * - 0, flam3-render's: it forces ntemporal_samples to 1 and renders the
 *   genome as written (one genome: flam3_interpolate is a copy, <motion>
 *   elements are never applied), so N = passes and step p is pass p; only
 *   the filter's colour scale and sumfilt remain (they matter with
 *   passes > 1 and a gaussian or exp filter);
 * - 1, motion blur: flam3-animate's render of the genome (temporal_samples
 *   honoured) at its own time, with every xform's <motion> elements applied
 *   at the step's time (flame_motion.h). flam3 3.1.1 applies motion only in
 *   flam3-genome's sequences (sheep_loop); with a genome whose motion is
 *   linear over the window this is flam3-animate's render between two
 *   keyframes (tests/data).
 *
 * A step's job differs from another's only where its values do: steps
 * share the prepared xforms when no motion changes them, the xform-choice
 * table when the weights are unchanged, the colour map and hit tables when
 * the filter value and opacities are equal; steps with the same job in a
 * pass are merged into one group (statistically the same render). A genome
 * without motion and a box filter thus has one job and one group a pass,
 * exactly the render of a single job.
 *
 * The steps' genomes and xforms are made on the context's threads, the
 * pieces placed in step order, the pools then filled on the threads
 * (flame_temporal.c): the jobs are the same bytes on any number of them.
 */
#ifndef FR_FLAME_TEMPORAL_H
#define FR_FLAME_TEMPORAL_H

#include <stdint.h>

#include "flame/flame_chaos.h"

/* flam3_create_temporal_filter(n, type, exp, width): deltas[n] and
 * filter[n] (max 1); returns sumfilt, the mean filter value. n = 1: delta
 * 0, filter 1. An unknown type is a box. */
double fr_flame_tfilter(int n, fr_flame_temporal_filter type, double exp, double width, double *deltas, double *filter);

/* Walkers of one pass that run one job: `samples` of the pass's samples. */
typedef struct fr_flame_group {
    int job;
    uint64_t samples;
} fr_flame_group;

/* The jobs of a render, every array they point to kept once in pools (so a
 * device backend copies each pool whole and moves the jobs' pointers by
 * the pool's offset), and the groups of each pass. A render of
 * interpolated genomes (fr_flame_jobs_build) may have sets of different
 * sizes (a frame near a keyframe: its steps interpolate between different
 * pairs, padded to different xform counts): the pools then hold sets one
 * after the other (nxf_all, ntable_all, nhit_all elements in all). */
typedef struct fr_flame_jobs {
    int njobs;
    fr_flame_job *job; /* njobs, pointing into the pools below */
    int passes;
    int steps;         /* flam3's numsteps: passes x temporal samples (or passes) */
    int motion;        /* some step applies <motion> */
    double sumfilt;    /* mean temporal filter value (divides k2) */
    uint64_t per_pass; /* samples a pass (steps of different sample densities: the largest pass's) */
    int *pass_group;   /* passes + 1: pass p has groups pass_group[p] .. pass_group[p + 1] - 1 */
    fr_flame_group *group;
    /* cameras: 0 when every job maps points through the frame's own camera
     * (job->frame is the frame); else the steps' cameras (interpolated
     * genomes with different centres, scales, zooms or rotations) and each
     * job's frame a copy of the frame with its camera (frames, refreshed by
     * fr_flame_jobs_frames whenever the frame changes: strips). */
    int cameras;
    int ncam;
    fr_flame_camera *cam;  /* ncam */
    int *job_cam;          /* njobs: each job's camera */
    fr_flame_frame *frames; /* njobs (cameras only) */
    /* pools */
    int nall, nstd, rows;        /* xforms a set (std + final), std xforms, table rows (the largest) */
    int nxs, ntab, ncol;         /* distinct xform sets, xform-choice tables, colour maps */
    size_t nxf_all;              /* prepared xforms in the pool (nxs x nall when all sets are alike) */
    size_t ntable_all;           /* xform indices of the tables (ntab x rows x FR_FLAME_GRAIN when alike) */
    size_t nhit_all;             /* rows of hit adds (ncol x nstd when alike) */
    fr_flame_xform_pre *xf;      /* nxf_all */
    size_t xf_cap;               /* room of xf, color, speed and vis (the builder's) */
    double *color, *speed, *vis; /* nxf_all */
    uint16_t *table;             /* ntable_all */
    double (*dmap)[4];           /* ncol x 256, palette x 255 x filter value */
    uint32_t (*hit)[256][5];     /* nhit_all: per colour map, its std xforms' integer adds of a hit
                                    (step palette) */
    int alpha_hit;               /* some hit adds to A other than to the count (a palette alpha or
                                    a filter value below 1) */
    int alpha_lin;               /* some colour map's alpha is not 255 (the linear palette's A) */
} fr_flame_jobs;

/* The jobs of genome g's render in frame f (f->passes passes of
 * f->nsamples / passes samples); motion_blur as above. Errors: no xforms,
 * no positive weight (at some step), temporal_samples < 1 with motion
 * blur, too many steps or tables for memory. */
fr_status fr_flame_jobs_init(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, uint64_t seed,
                             int earlyclip, int motion_blur, fr_flame_jobs *j);

/* The time steps of a render whose steps render genomes of their own.
 * make(ctx, user, s, t, buf, &gs): the genome of time step s (from 0 to
 * steps - 1) at time t = time + delta[s] into *gs: either one that
 * outlives the build, or made into buf (then the builder frees it,
 * fr_flame_genome_free). make is called from several threads at once, in
 * any order, with ctx NULL (a failure is asked again, in order, with the
 * context, for its message): it must only read what it shares. note(user,
 * s, gs), when not NULL: each step's genome, in step order, on one
 * thread. */
typedef fr_status (*fr_flame_step_make_fn)(fr_context *ctx, void *user, int step, double t, fr_flame_genome *buf,
                                           const fr_flame_genome **g);
typedef void (*fr_flame_step_note_fn)(void *user, int step, const fr_flame_genome *g);
typedef struct fr_flame_steps {
    fr_flame_step_make_fn make;
    fr_flame_step_note_fn note;
    void *user;
} fr_flame_steps;

/* The jobs of a render whose time steps render genomes of their own
 * (flam3-animate's render of a timeline: each temporal sample interpolated
 * at its time): g gives the steps (passes, temporal_samples with
 * motion_blur, the temporal filter) and f the frame; `time` the frame's
 * time; steps each step's genome, from which its job is made (xforms,
 * with their <motion> at t under motion_blur; weights and xaos; palette x
 * 255 x filter value; palette mode; camera in f's geometry; its samples
 * from its sample density, quality x 4^zoom, as rect.c's batch_size).
 * steps NULL: every step renders g at g->time, which is
 * fr_flame_jobs_init. Pieces and jobs are shared as there: steps with the
 * same values give the same job. */
fr_status fr_flame_jobs_build(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, uint64_t seed,
                              int earlyclip, int motion_blur, double time, const fr_flame_steps *steps,
                              fr_flame_jobs *j);
/* With cameras: each job's frame made f with the job's camera (a strip's
 * frame, say); without, every job's frame pointer set to f. */
void fr_flame_jobs_frames(fr_flame_jobs *j, const fr_flame_frame *f);
void fr_flame_jobs_free(fr_flame_jobs *j);

/* The same, the xform pool kept by the context for its next frame (the
 * larger of it and the one the context holds; fr_context_destroy frees
 * it): a timeline's frames of many time steps each then write their
 * prepared xforms into memory already mapped. */
void fr_flame_jobs_release(fr_context *ctx, fr_flame_jobs *j);

/* Bytes of the pools and jobs. */
double fr_flame_jobs_bytes(const fr_flame_jobs *j);

/* A pass's walkers of one group, when a walker plots `len` samples (the
 * group's last one the rest): walkers first .. first + ceil(samples / len)
 * - 1 of the pass run job `job`. */
typedef struct fr_flame_segment {
    uint64_t first;
    uint64_t samples;
    uint32_t job;
    uint32_t len; /* samples a walker plots (the walker length the segments were cut for) */
} fr_flame_segment;

/* The segments of pass `pass` for walkers of `len` samples into seg (room
 * for the pass's groups: pass_group[pass + 1] - pass_group[pass]); *nseg
 * receives their count. Returns the pass's walkers. */
uint64_t fr_flame_segments(const fr_flame_jobs *j, int pass, uint64_t len, fr_flame_segment *seg, int *nseg);

/* The CPU's walker length for pass `pass`: flam3's sub-batch
 * (FR_FLAME_SUB_BATCH) when the pass has one group; for a pass of several
 * (the time steps of a motion-blurred or interpolated frame, a few
 * sub-batches each) about a 128th of a group's samples, at least 256 and at
 * most FR_FLAME_SUB_BATCH, so that a batch of lanes holds the walkers of a
 * step or two and reads their xforms, choice tables and palettes alone. It
 * depends on the jobs only (the same walkers on any number of threads). */
uint32_t fr_flame_walker_len(const fr_flame_jobs *j, int pass);

/* The segment of walker k: the last one whose first walker is <= k. */
FR_HD int fr_flame_segment_find(const fr_flame_segment *s, int n, uint64_t k)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (s[mid].first <= k)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Samples of walker k of segment s (walkers of len samples). */
FR_HD uint32_t fr_flame_segment_walker(const fr_flame_segment *s, uint64_t k, uint64_t len)
{
    const uint64_t done = (k - s->first) * len;
    return (uint32_t)(s->samples - done < len ? s->samples - done : len);
}

#endif
