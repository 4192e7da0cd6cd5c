/*
 * flame_chaos.h - the chaos game of one flame render as plain data (the
 * job), and one walker of it, with flam3 3.1.1's semantics (flam3_iterate
 * and rect.c iter_thread):
 *
 * - a walker starts at a uniform point of [-1, 1]^2 with a uniform colour,
 *   discards `fuse` iterations, then plots n;
 * - the xform is drawn from a table of 16384 slots built from the weights
 *   (a row per previous xform when xaos is used);
 * - colour c' = s * colour + (1 - s) * c, with s the xform's color_speed;
 * - a bad value (NaN or beyond 1e10) restarts from a uniform point, up to 4
 *   times in a row; the 5th is kept;
 * - the final xform applies with probability = its opacity, to the plotted
 *   copy only;
 * - a hit adds floor(255 * palette colour * w) to R, G, B, A and
 *   floor(255 * w) to the count, with w = opacity^log2(10) of the xform
 *   (flam3's truncating integer buckets); the palette entry is flam3's of
 *   c * 256, or Ember's of c * 255 for a genome Ember wrote
 *   (fr_flame_job.cmap_scale).
 *
 * Walker k draws from its own stream keyed by (seed, k): the buckets do
 * not depend on the thread count or order (integer adds commute).
 */
#ifndef FR_FLAME_CHAOS_H
#define FR_FLAME_CHAOS_H

#include <math.h>
#include <stdint.h>

#include "flame/flame_frame.h"
#include "flame/flame_rng.h"
#include "flame/flame_xform_core.h"

#define FR_FLAME_GRAIN 16384     /* CHOOSE_XFORM_GRAIN */
#define FR_FLAME_SUB_BATCH 10000 /* samples a walker plots (sub_batch_size) */
#define FR_FLAME_FUSE 15         /* iterations discarded at a walker's start */
#define FR_FLAME_FUSE_EARLYCLIP 100

typedef struct fr_flame_job {
    int nstd;                       /* xforms chosen by weight */
    int has_final;                  /* xf[nstd] is the final xform */
    int chaos;                      /* table has a row per previous xform */
    int fuse;
    int linear_palette;             /* palette_mode linear */
    double cmap_scale;              /* palette entry of colour c at c * cmap_scale: 256 (flam3), 255
                                       (Ember's Accumulate, a genome Ember wrote: fr_flame_frame.ember) */
    uint64_t seed;
    const fr_flame_frame *frame;
    const fr_flame_xform_pre *xf;   /* nstd (+ 1) */
    const double *color, *speed;    /* per xform */
    const double *vis;              /* per std xform: opacity^log2(10) */
    double final_opacity;
    const uint16_t *table;          /* rows of FR_FLAME_GRAIN xform indices */
    const double (*dmap)[4];        /* 256 palette entries x 255 */
    const uint32_t (*hit)[256][5];  /* per std xform, step palette: the five integer adds */
} fr_flame_job;

typedef struct fr_flame_walk_stats {
    uint64_t iterations; /* xform applications, fuse and retries included */
    uint64_t bad;        /* bad values */
    uint64_t plotted;    /* hits that landed in a bucket */
} fr_flame_walk_stats;

/* flam3's rand11 and rand01 from the walker's stream. */
FR_HD double fr_flame_rand11(fr_flame_rng *r) { return 2.0 * fr_flame_rng_01(r) - 1.0; }

/* The palette's scale of a frame: flam3 looks entry c * 256 up, Ember
 * (Renderer::Accumulate, its palette's size - 1) c * 255. */
FR_HD double fr_flame_cmap_scale(int ember) { return ember ? 255.0 : 256.0; }

/* Palette entry of colour coordinate c (step mode) at c * scale
 * (fr_flame_job.cmap_scale), flam3's truncation and clamps (NaN and below
 * 0: 0; 255 and above: 255, so Ember's c = 1 is entry 255 as in Ember),
 * without branches. */
FR_HD int fr_flame_cmap_index(double c, double scale)
{
    double d = c * scale;
    d = d > 0.0 ? d : 0.0;
    d = d < 255.0 ? d : 255.0;
    return (int)d;
}

/* Add v to a bucket channel, saturating (atomically when threads share the
 * buckets: an add that wraps stores the maximum, which stays the maximum
 * whatever other adds interleave). */
FR_HD void fr_flame_badd(fr_flame_bucket_t *b, fr_flame_bucket_t v, int atomic)
{
#ifdef __CUDA_ARCH__
    (void)atomic;
    fr_flame_bucket_t old = atomicAdd(b, v);
    if ((fr_flame_bucket_t)(old + v) < old) atomicExch(b, FR_FLAME_BUCKET_MAX);
#else
    if (atomic) {
        fr_flame_bucket_t old = __atomic_fetch_add(b, v, __ATOMIC_RELAXED);
        if ((fr_flame_bucket_t)(old + v) < old) __atomic_store_n(b, FR_FLAME_BUCKET_MAX, __ATOMIC_RELAXED);
    } else {
        *b = fr_flame_bucket_sat_add(*b, v);
    }
#endif
}

/* x (0 <= x < 2^32) truncated to an unsigned integer, through int32
 * conversions (the same value; vector units convert int32 lanes). */
FR_HD uint32_t fr_flame_trunc_u32(double x)
{
#ifdef __CUDA_ARCH__
    return (uint32_t)x; /* one instruction on the GPU */
#else
    const int hi = x >= 2147483648.0;
    return (uint32_t)(int32_t)(hi ? x - 2147483648.0 : x) + (hi ? 2147483648u : 0u);
#endif
}

/* The linear palette (between entries idx and idx + 1 as flam3's rect.c
 * does): the entry idx of colour c and the weight frac of idx + 1. flam3:
 * idx = (int)(c * 256), frac its remainder; below 0 (or NaN) entry 0 with
 * frac 0, from 255 on entry 254 with frac 1 (written with clamps alone,
 * which vectorise). Ember (scale 255): the same with c * 255, and so
 * entry 254 with frac 1 at c = 1, as its Accumulate. */
FR_HD int fr_flame_hit_linear_entry(double c, double scale, double *frac)
{
    double d = c * scale;
    d = d > 0.0 ? d : 0.0;
    d = d < 255.0 ? d : 255.0;
    int idx = (int)d;
    idx = idx < 254 ? idx : 254;
    *frac = d - idx;
    return idx;
}

/* One channel's add from the channel's values v0 (entry idx) and v1
 * (idx + 1) of the colour map and the xform's weight w (flam3 skips its
 * multiplications by w = 1, which are exact). */
FR_HD uint32_t fr_flame_hit_linear_channel(double v0, double v1, double frac, double w)
{
    const double col = v0 * (1.0 - frac) + v1 * frac;
    const double a = w * col;
    return a >= 1.0 ? fr_flame_trunc_u32(a) : 0;
}

/* The five integer adds (R, G, B, A, CNT) of one hit of colour c by std
 * xform fn (flam3's truncating buckets): a row of the xform's step table,
 * or the linear palette's entry found once for the four colour channels
 * (the CPU's vector loops take the same steps, flame_simd.c). */
FR_HD void fr_flame_hit_values(const fr_flame_job *j, double c, int fn, uint32_t v[FR_FB_CHANNELS])
{
    if (!j->linear_palette) {
        const uint32_t *h = j->hit[fn][fr_flame_cmap_index(c, j->cmap_scale)];
        for (int k = 0; k < FR_FB_CHANNELS; k++) v[k] = h[k];
        return;
    }
    const double w = j->vis[fn];
    double frac;
    const int idx = fr_flame_hit_linear_entry(c, j->cmap_scale, &frac);
    for (int k = 0; k < FR_FB_CNT; k++)
        v[k] = fr_flame_hit_linear_channel(j->dmap[idx][k], j->dmap[idx + 1][k], frac, w);
    v[FR_FB_CNT] = fr_flame_trunc_u32(w * 255.0);
}

/* One hit of colour c, weight of std xform fn, at bucket b. */
FR_HD void fr_flame_hit(const fr_flame_job *j, fr_flame_bucket_t *buckets, int64_t b, double c, int fn, int atomic)
{
    fr_flame_bucket_t *o = buckets + (size_t)b * FR_FB_CHANNELS;
    uint32_t v[FR_FB_CHANNELS];
    fr_flame_hit_values(j, c, fn, v);
    for (int k = 0; k < FR_FB_CHANNELS; k++)
        if (v[k]) fr_flame_badd(o + k, (fr_flame_bucket_t)v[k], atomic);
}

/* Hits wait in a short ring while their buckets are prefetched: the
 * buckets are far larger than the caches, and a walker's next iterations
 * do not depend on its adds, so the misses overlap instead of stalling one
 * at a time. */
#define FR_FLAME_RING 16
typedef struct fr_flame_ring {
    int64_t b[FR_FLAME_RING];
    double c[FR_FLAME_RING];
    int fn[FR_FLAME_RING];
    int n, head;
} fr_flame_ring;

FR_HD void fr_flame_ring_push(const fr_flame_job *j, fr_flame_ring *r, fr_flame_bucket_t *buckets, int64_t b, double c,
                              int fn, int atomic)
{
#ifndef __CUDACC__
    __builtin_prefetch(buckets + (size_t)b * FR_FB_CHANNELS, 1, 3);
    __builtin_prefetch(buckets + (size_t)b * FR_FB_CHANNELS + FR_FB_CHANNELS - 1, 1, 3);
#endif
    if (r->n == FR_FLAME_RING) {
        int h = r->head;
        fr_flame_hit(j, buckets, r->b[h], r->c[h], r->fn[h], atomic);
        r->b[h] = b, r->c[h] = c, r->fn[h] = fn;
        r->head = (h + 1) % FR_FLAME_RING;
        return;
    }
    r->b[r->n] = b, r->c[r->n] = c, r->fn[r->n] = fn;
    r->n++;
}

FR_HD void fr_flame_ring_flush(const fr_flame_job *j, fr_flame_ring *r, fr_flame_bucket_t *buckets, int atomic)
{
    for (int i = 0; i < r->n; i++) fr_flame_hit(j, buckets, r->b[i], r->c[i], r->fn[i], atomic);
    r->n = r->head = 0;
}

/* One walker's state between iterations. */
typedef struct fr_flame_walker {
    fr_flame_rng r;
    double p0, p1, pc; /* the point and its colour coordinate */
    double p2;         /* z (Ember's third coordinate; 0 in flam3's genomes) */
    int last;          /* previous xform + 1 (0: none), for xaos */
    uint64_t iters, bad;
} fr_flame_walker;

/* The tries of one iteration from try number `consec` on (0: the first):
 * an xform drawn from the row of the previous one, the colour blended, the
 * point moved (and the colour, by an xform of FR_FLAME_NEED_COLOR); a bad value tries again, the 5th in a row is kept. Returns
 * the xform of the last try. (The CPU's batched walkers run their first
 * try in vectors and the rest of a bad one here.) */
FR_HD int fr_flame_walker_tries(const fr_flame_job *j, fr_flame_walker *w, int consec)
{
    int fn;
    for (;;) {
        const uint16_t *row = j->chaos ? j->table + (size_t)w->last * FR_FLAME_GRAIN : j->table;
        fn = row[fr_flame_rng_u32(&w->r) & (FR_FLAME_GRAIN - 1)];
        const double s = j->speed[fn];
        double q0, q1, q2, qc = s * j->color[fn] + (1.0 - s) * w->pc;
        w->iters++;
        int badv = fr_flame_xform_apply_core3(&j->xf[fn], w->p0, w->p1, w->p2, &w->r, &q0, &q1, &q2, &qc);
        w->p0 = q0, w->p1 = q1, w->p2 = q2, w->pc = qc;
        if (!badv) break;
        w->bad++;
        if (++consec >= 5) break;
    }
    return fn;
}

/* One iteration (its bad-value retries included): the walker moves on. When
 * `plot` is set and the xform is visible, the plotted copy (through the
 * final xform when it applies) gives the bucket, returned with its colour
 * coordinate and the std xform; else, or outside the frame, -1. The point
 * goes through the frame's 3D camera where it has one and `proj` is set
 * (the GPU's kernel without cameras passes 0: its code left out). `frame`
 * is the job's frame (the GPU passes its copy among the kernel's
 * parameters: constant-bank loads instead of global ones). */
FR_HD int64_t fr_flame_walker_step(const fr_flame_job *j, const fr_flame_frame *frame, fr_flame_walker *w, int plot,
                                   int proj, double *oc, int *ofn)
{
    const int fn = fr_flame_walker_tries(j, w, 0);
    w->last = fn + 1;
    if (!plot || j->vis[fn] == 0.0) return -1;
    double o0 = w->p0, o1 = w->p1, o2 = w->p2;
    *oc = w->pc;
    *ofn = fn;
    if (j->has_final && (j->final_opacity == 1.0 || fr_flame_rng_01(&w->r) < j->final_opacity)) {
        const int f = j->nstd;
        const double fs = j->speed[f];
        *oc = fs * j->color[f] + (1.0 - fs) * w->pc;
        w->iters++;
        fr_flame_xform_apply_core3(&j->xf[f], w->p0, w->p1, w->p2, &w->r, &o0, &o1, &o2, oc);
    }
    if (proj && frame->proj.on) fr_flame_proj_apply(&frame->proj, &o0, &o1, o2, &w->r);
    return fr_flame_bucket(frame, o0, o1);
}

/* Walker k from its start: a uniform point and colour, then the fuse. */
FR_HD void fr_flame_walker_start(const fr_flame_job *j, uint64_t k, fr_flame_walker *w)
{
    fr_flame_rng_init(&w->r, j->seed, k);
    w->p0 = fr_flame_rand11(&w->r);
    w->p1 = fr_flame_rand11(&w->r);
    w->pc = fr_flame_rng_01(&w->r);
    w->p2 = 0.0;
    w->last = 0;
    w->iters = w->bad = 0;
    double oc;
    int fn;
    for (int i = 0; i < j->fuse; i++) fr_flame_walker_step(j, j->frame, w, 0, 0, &oc, &fn);
}

/* Walker k: n plotted samples into buckets. */
FR_HD void fr_flame_walk(const fr_flame_job *j, uint64_t k, uint32_t n, fr_flame_bucket_t *buckets, int atomic,
                         fr_flame_walk_stats *st)
{
    fr_flame_walker w;
    fr_flame_walker_start(j, k, &w);
    uint64_t plotted = 0;
    fr_flame_ring ring;
    ring.n = ring.head = 0;
    for (uint32_t i = 0; i < n; i++) {
        double oc;
        int fn;
        int64_t b = fr_flame_walker_step(j, j->frame, &w, 1, 1, &oc, &fn);
        if (b < 0) continue;
        fr_flame_ring_push(j, &ring, buckets, b, oc, fn, atomic);
        plotted++;
    }
    fr_flame_ring_flush(j, &ring, buckets, atomic);
    st->iterations += w.iters, st->bad += w.bad, st->plotted += plotted;
}

#endif
