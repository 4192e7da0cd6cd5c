/* The CPU chaos game: walkers, or batches of walkers stepped together in
 * vectors (flame_simd.c, on processors with AVX2 and FMA unless the context
 * asks for the scalar kernel), spread over OpenMP threads (dynamic schedule:
 * units differ in cost). Buckets are far larger than the caches, so the
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
#include "cpu/cpu_backend.h"
#include "cpu/cpu_flame_chaos.h"
#include "cpu/cpu_mem.h"
#include "cpu/flame_simd.h"

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
    c->simd = fr_cpu_has_avx2_fma() && (!ctx || ctx->cpu_kernel != FR_CPU_KERNEL_SCALAR);
    c->n = nbuckets * FR_FB_CHANNELS;
    /* a memory cap (fr_context_set_host_memory) stands for the memory */
    double bytes = (double)c->n * sizeof(fr_flame_bucket_t);
    double mem = ctx && ctx->host_memory ? (double)ctx->host_memory : fr_physical_memory();
    if (mem > 0 && bytes > 0.5 * mem) {
        free(c);
        return fr_fail(ctx, FR_ERR_NOMEM,
                       "the histogram needs %.2f GiB (%zu buckets), more than half of the %.2f GiB of memory: use "
                       "more strips, a smaller size or supersample",
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

/* A work unit of a pass: walkers k0 .. k0 + n - 1, of segments seg .. seg
 * + nseg - 1 (one walker on the scalar path, a batch on the batched one). */
typedef struct unit {
    uint64_t k0;
    int n, seg, nseg;
} unit;

/* Lanes a segment of w walkers takes in a batch (from a multiple of 4). */
static uint64_t lanes4(uint64_t w) { return (w + 3) & ~(uint64_t)3; }

/* The batches of a pass: each segment's walkers cut into equal batches of
 * at most `lanes` (so a segment's last batch is not a small one left for
 * one thread); consecutive segments that fit in a batch (the time steps of
 * a render of many temporal samples: a few walkers each) packed into one
 * batch while their lanes (each segment's rounded up to 4) fit and their
 * jobs are alike (fr_flame_simd_alike), so that batches stay full and a
 * run of lanes takes one xform of every segment. They depend on the
 * segments and the genome only: the same batches on any number of threads
 * (a lane's values do not depend on the other lanes of its batch either:
 * every vector loop runs whole vectors). */
static unit *make_batches(const fr_flame_job *jobs, const fr_flame_segment *seg, int nseg, uint64_t walkers,
                          int lanes, size_t *nu)
{
    size_t cap = 0;
    for (int i = 0; i < nseg; i++) {
        const uint64_t w = (i + 1 < nseg ? seg[i + 1].first : walkers) - seg[i].first;
        cap += (size_t)((w + (uint64_t)lanes - 1) / (uint64_t)lanes) + 3;
    }
    unit *u = malloc((cap ? cap : 1) * sizeof *u);
    if (!u) return NULL;
    size_t n = 0;
    uint64_t used = 0; /* lanes of the open pack, u[n - 1] (0: none open) */
    for (int i = 0; i < nseg; i++) {
        const uint64_t w = (i + 1 < nseg ? seg[i + 1].first : walkers) - seg[i].first;
        if (!w) continue;
        if (lanes4(w) <= (uint64_t)lanes) { /* a small segment: into the open pack, or a new one */
            if (used && used + lanes4(w) <= (uint64_t)lanes &&
                fr_flame_simd_alike(&jobs[seg[i].job], &jobs[seg[u[n - 1].seg].job])) {
                u[n - 1].n += (int)w, u[n - 1].nseg = i - u[n - 1].seg + 1, used += lanes4(w);
            } else if (n < cap) {
                u[n].k0 = seg[i].first, u[n].n = (int)w, u[n].seg = i, u[n].nseg = 1, n++;
                used = lanes4(w);
            }
            continue;
        }
        used = 0;
        /* a multiple of 4 batches where they stay at least half full: 1, 2
         * or 4 threads get equal shares */
        uint64_t nb = (w + (uint64_t)lanes - 1) / (uint64_t)lanes;
        const uint64_t nb4 = (nb + 3) / 4 * 4;
        if ((w + nb4 - 1) / nb4 >= (uint64_t)lanes / 2) nb = nb4;
        const uint64_t len = (w + nb - 1) / nb;
        for (uint64_t k = 0; k < w && n < cap; k += len)
            u[n].k0 = seg[i].first + k, u[n].n = (int)(w - k < len ? w - k : len), u[n].seg = i, u[n].nseg = 1, n++;
    }
    *nu = n;
    return u;
}

int fr_cpu_flame_run_pass(fr_cpu_flame *c, const fr_flame_job *jobs, const fr_flame_segment *seg, int nseg,
                          uint64_t base, uint64_t walkers, uint64_t first, uint64_t count,
                          fr_cpu_flame_progress progress, void *user, fr_flame_walk_stats *st)
{
    if (nseg < 1 || !walkers || !count) return 0; /* a pass with no samples (a tiny quality) */
    const int lanes = fr_flame_simd_lanes(jobs[seg[0].job].nstd);
    size_t nu = 0;
    unit *all = c->simd ? make_batches(jobs, seg, nseg, walkers, lanes, &nu) : NULL;
    const int batched = all != NULL; /* (no memory for the list: the scalar walkers) */
    /* the units of the part: those whose first walker is in [first, first + count) */
    size_t ua = (size_t)first, ub = (size_t)(first + count);
    if (batched) {
        for (ua = 0; ua < nu && all[ua].k0 < first; ua++) {}
        for (ub = ua; ub < nu && all[ub].k0 < first + count; ub++) {}
    }
    const unit *bt = batched ? all + ua : NULL;
    nu = ub - ua;
    int nxf = 0;
    for (int i = 0; i < nseg; i++) {
        const fr_flame_job *j = &jobs[seg[i].job];
        if (j->nstd + j->has_final > nxf) nxf = j->nstd + j->has_final;
    }
    /* one parallel loop over the units (no barrier until the end); the
     * calling thread (OpenMP's thread 0) reports progress between its
     * units, and a cancel skips the units not started */
    uint64_t iters = 0, bad = 0, plotted = 0;
    size_t done = 0;
    int cancelled = 0;
    const size_t step = nu / 256 > 1 ? nu / 256 : 1;
#pragma omp parallel num_threads(c->threads) reduction(+ : iters, bad, plotted)
    {
        fr_flame_bucket_t *b = c->shared ? c->b : c->b + (size_t)omp_get_thread_num() * c->n;
        fr_flame_walk_stats w = {0, 0, 0};
        fr_flame_simd *ws = batched ? fr_flame_simd_new(lanes, nxf) : NULL;
        size_t reported = 0;
#pragma omp for schedule(dynamic, 1) nowait
        for (size_t i = 0; i < nu; i++) {
            int stop;
#pragma omp atomic read relaxed
            stop = cancelled;
            if (stop) continue;
            const uint64_t k = (uint64_t)(ua + i);
            const unit one = {k, 1, nseg > 1 ? fr_flame_segment_find(seg, nseg, k) : 0, 1};
            const unit *u = batched ? &bt[i] : &one;
            const fr_flame_segment *s = &seg[u->seg];
            if (ws) {
                fr_flame_simd_walk(ws, jobs, s, u->nseg, base, u->k0, u->n, b, c->shared, &w);
            } else { /* the scalar walkers (or no memory for the batch's workspace) */
                for (uint64_t k = u->k0; k < u->k0 + (uint64_t)u->n; k++) {
                    const fr_flame_segment *sk = u->nseg > 1 ? &s[fr_flame_segment_find(s, u->nseg, k)] : s;
                    fr_flame_walk(&jobs[sk->job], base + k, fr_flame_segment_walker(sk, k, sk->len), b,
                                  c->shared, &w);
                }
            }
            size_t now;
#pragma omp atomic capture relaxed
            now = ++done;
            if (progress && omp_get_thread_num() == 0 && now - reported >= step) {
                reported = now;
                if (progress((double)now / (double)nu, user)) {
#pragma omp atomic write relaxed
                    cancelled = 1;
                }
            }
        }
        fr_flame_simd_free(ws);
        iters += w.iterations, bad += w.bad, plotted += w.plotted;
    }
    free(all);
    st->iterations += iters, st->bad += bad, st->plotted += plotted;
    return cancelled;
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
