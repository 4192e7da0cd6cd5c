/* The CPU chaos game: walkers spread over OpenMP threads (dynamic schedule:
 * walkers differ in cost). Buckets are far larger than the caches, so the
 * adds are plain (saturating 32-bit) adds into per-thread copies (misses
 * overlap), summed when the pass is read; when the copies would take more
 * than a quarter of the memory, threads share one set with atomic adds.
 * The buckets live on transparent huge pages (cpu_mem.c): every hit is a
 * random access over hundreds of MB, and 4 KiB pages would make most of
 * them TLB misses too. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "cpu/cpu_mem.h"
#include "cpu/flame_simd.h"
#include "flame/flame_cpu.h"

struct fr_cpu_flame {
    int threads;
    int shared;
    int simd;        /* the batched chaos game (flame_simd.c) */
    size_t n;        /* counters a copy: buckets x 5 */
    size_t bytes;    /* of the mapping: copies x n counters, or more (the spare) */
    fr_flame_bucket_t *b; /* copies x n */
};

/* Where the spare starts: the first copy's end rounded up to 4 KiB. */
static size_t spare_offset(const fr_cpu_flame *c) { return (c->n * sizeof *c->b + 4095) & ~(size_t)4095; }

fr_status fr_cpu_flame_begin(fr_context *ctx, size_t nbuckets, size_t spare, fr_cpu_flame **out)
{
    *out = NULL;
    fr_cpu_flame *c = calloc(1, sizeof *c);
    if (!c) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    c->threads = fr_threads(ctx);
    c->simd = fr_flame_simd_supported() && (!ctx || ctx->cpu_kernel != FR_CPU_KERNEL_SCALAR);
    c->n = nbuckets * FR_FB_CHANNELS;
    /* a memory cap (fr_context_set_host_memory) stands for the memory */
    double bytes = (double)c->n * sizeof(fr_flame_bucket_t);
    double mem = ctx && ctx->host_memory ? (double)ctx->host_memory : fr_physical_memory();
    if (mem > 0 && bytes > 0.5 * mem) {
        free(c);
        return fr_fail(ctx, FR_ERR_NOMEM,
                       "the histogram needs %.2f GiB (%zu buckets), more than half of the %.2f GiB of memory: use "
                       "more strips (--strips), lower the size or supersample",
                       bytes / (1 << 30), nbuckets, mem / (1 << 30));
    }
    c->shared = c->threads > 1 && mem > 0 && bytes * c->threads > 0.25 * mem;
    size_t copies = c->shared ? 1 : (size_t)c->threads;
    c->bytes = c->n * copies * sizeof *c->b;
    /* the spare after the first copy (from the next 4 KiB: the accumulator's
     * vectors stay aligned): the other copies' memory, and more */
    if (copies > 1 && spare_offset(c) + spare > c->bytes) c->bytes = spare_offset(c) + spare;
    c->b = fr_big_calloc(c->bytes);
    if (!c->b) {
        free(c);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the histogram (%.1f GiB)", bytes * copies / (1 << 30));
    }
    *out = c;
    return FR_OK;
}

void fr_cpu_flame_clear(fr_cpu_flame *c)
{
    size_t total = c->n * (c->shared ? 1 : (size_t)c->threads);
#pragma omp parallel for num_threads(c->threads) schedule(static)
    for (size_t i = 0; i < total; i++) c->b[i] = 0;
}

int fr_flame_simd_supported(void) { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }

int fr_cpu_flame_batch(const fr_cpu_flame *c, int nstd) { return c->simd ? fr_flame_simd_lanes(nstd) : 1; }

/* A batch of the batched chaos game: walkers k0 .. k0 + n - 1 of segment seg. */
typedef struct batch {
    uint64_t k0;
    int n, seg;
} batch;

/* The pass's walkers first .. first + count - 1 in batches, cut at every
 * multiple of the batch (fr_flame_simd_lanes of the genome's xforms) and at
 * every segment's first walker: the same batches whatever the threads and
 * slices (slices are multiples of the batch, fr_cpu_flame_batch). */
static void run_batches(fr_cpu_flame *c, const fr_flame_job *jobs, const fr_flame_segment *seg, int nseg,
                        uint64_t base, uint64_t first, uint64_t count, fr_flame_walk_stats *st)
{
    const uint64_t end = first + count;
    const int lanes = fr_flame_simd_lanes(jobs[seg[0].job].nstd);
    size_t nb = 0, capb = count / (uint64_t)lanes + (size_t)nseg + 2;
    batch *bt = malloc(capb * sizeof *bt);
    int nxf = 0;
    for (int i = 0; i < nseg; i++) {
        const fr_flame_job *j = &jobs[seg[i].job];
        if (j->nstd + j->has_final > nxf) nxf = j->nstd + j->has_final;
    }
    if (!bt) { /* no memory for the list: the scalar walkers */
        c->simd = 0;
        fr_cpu_flame_run_segments(c, jobs, seg, nseg, base, first, count, st);
        c->simd = 1;
        return;
    }
    for (uint64_t k = first; k < end;) {
        const int si = nseg > 1 ? fr_flame_segment_find(seg, nseg, k) : 0;
        uint64_t e = (k / (uint64_t)lanes + 1) * (uint64_t)lanes;
        if (si + 1 < nseg && seg[si + 1].first < e) e = seg[si + 1].first;
        if (e > end) e = end;
        if (nb == capb) break; /* cannot happen: capb counts every cut */
        bt[nb].k0 = k, bt[nb].n = (int)(e - k), bt[nb].seg = si;
        nb++;
        k = e;
    }
    uint64_t iters = 0, bad = 0, plotted = 0;
#pragma omp parallel num_threads(c->threads) reduction(+ : iters, bad, plotted)
    {
        fr_flame_bucket_t *b = c->shared ? c->b : c->b + (size_t)omp_get_thread_num() * c->n;
        fr_flame_walk_stats w = {0, 0, 0};
        fr_flame_simd *ws = fr_flame_simd_new(lanes, nxf);
#pragma omp for schedule(dynamic, 1)
        for (size_t i = 0; i < nb; i++) {
            const fr_flame_segment *s = &seg[bt[i].seg];
            if (ws) {
                fr_flame_simd_walk(ws, &jobs[s->job], s, base, bt[i].k0, bt[i].n, b, c->shared, &w);
            } else { /* no memory for the workspace: the scalar walkers */
                for (uint64_t k = bt[i].k0; k < bt[i].k0 + (uint64_t)bt[i].n; k++)
                    fr_flame_walk(&jobs[s->job], base + k, fr_flame_segment_walker(s, k, FR_FLAME_SUB_BATCH), b,
                                  c->shared, &w);
            }
        }
        fr_flame_simd_free(ws);
        iters += w.iterations, bad += w.bad, plotted += w.plotted;
    }
    free(bt);
    st->iterations += iters, st->bad += bad, st->plotted += plotted;
}

void fr_cpu_flame_run_segments(fr_cpu_flame *c, const fr_flame_job *jobs, const fr_flame_segment *seg, int nseg,
                               uint64_t base, uint64_t first, uint64_t count, fr_flame_walk_stats *st)
{
    if (c->simd) {
        run_batches(c, jobs, seg, nseg, base, first, count, st);
        return;
    }
    uint64_t iters = 0, bad = 0, plotted = 0;
#pragma omp parallel num_threads(c->threads) reduction(+ : iters, bad, plotted)
    {
        fr_flame_bucket_t *b = c->shared ? c->b : c->b + (size_t)omp_get_thread_num() * c->n;
        fr_flame_walk_stats w = {0, 0, 0};
#pragma omp for schedule(dynamic, 1)
        for (uint64_t k = first; k < first + count; k++) {
            const fr_flame_segment *s = seg + (nseg > 1 ? fr_flame_segment_find(seg, nseg, k) : 0);
            const uint32_t n = fr_flame_segment_walker(s, k, FR_FLAME_SUB_BATCH);
            fr_flame_walk(&jobs[s->job], base + k, n, b, c->shared, &w);
        }
        iters += w.iterations, bad += w.bad, plotted += w.plotted;
    }
    st->iterations += iters, st->bad += bad, st->plotted += plotted;
}

void fr_cpu_flame_run(fr_cpu_flame *c, const fr_flame_job *j, uint64_t base, uint64_t first, uint64_t count,
                      uint64_t samples, fr_flame_walk_stats *st)
{
    const fr_flame_segment seg = {0, samples, 0, 0};
    fr_cpu_flame_run_segments(c, j, &seg, 1, base, first, count, st);
}

const fr_flame_bucket_t *fr_cpu_flame_buckets(fr_cpu_flame *c)
{
    if (!c->shared && c->threads > 1) {
        const size_t n = c->n;
        fr_flame_bucket_t *restrict dst = c->b;
#pragma omp parallel for num_threads(c->threads) schedule(static)
        for (size_t i = 0; i < n; i++) {
            fr_flame_bucket_t s = dst[i];
            for (int t = 1; t < c->threads; t++) {
                fr_flame_bucket_t v = c->b[(size_t)t * n + i], x = s + v;
                s = x < s ? FR_FLAME_BUCKET_MAX : x;
            }
            dst[i] = s;
        }
    }
    return c->b;
}

void *fr_cpu_flame_spare(fr_cpu_flame *c, size_t bytes)
{
    const size_t off = spare_offset(c), copies = c->shared ? 1 : (size_t)c->threads;
    const size_t end = copies * c->n * sizeof *c->b; /* of the copies */
    if (copies < 2 || c->bytes < off || c->bytes - off < bytes) return NULL;
    /* the other copies' part was written (the pages are mapped: zeroing them
     * costs far less than fresh pages); the rest is still untouched zeros */
    const size_t used = end - off < bytes ? end - off : bytes;
    char *spare = (char *)c->b + off;
    const size_t chunk = 1 << 21;
#pragma omp parallel for num_threads(c->threads) schedule(static)
    for (size_t k = 0; k < (used + chunk - 1) / chunk; k++)
        memset(spare + k * chunk, 0, used - k * chunk < chunk ? used - k * chunk : chunk);
    return spare;
}

double fr_cpu_flame_bytes(const fr_cpu_flame *c)
{
    return (double)c->n * sizeof(fr_flame_bucket_t) * (c->shared ? 1 : c->threads);
}

void fr_cpu_flame_end(fr_cpu_flame *c)
{
    if (!c) return;
    fr_big_free(c->b);
    free(c);
}
