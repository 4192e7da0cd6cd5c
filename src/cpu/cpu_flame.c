/* The CPU backend's flame contract: per pass the walkers of every job of
 * the pass over the threads (cpu_flame_chaos.c), the pass's buckets
 * log-density scaled and density-estimated into the accumulator, at the end
 * the spatial filter and tone map; the memory a frame needs; the chaos
 * game's benchmark. */
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "cpu/cpu_backend.h"
#include "cpu/cpu_flame_chaos.h"
#include "cpu/cpu_mem.h"
#include "flame/flame_ops.h"

/* Progress of one pass mapped to the render's (the chaos game takes 90 %). */
typedef struct pass_progress {
    fr_context *ctx;
    int pass, passes;
    double scale;
} pass_progress;

static int pass_progress_cb(double done, void *user)
{
    const pass_progress *p = user;
    return p->ctx->progress(p->scale * (p->pass + done) / p->passes, p->ctx->progress_user);
}

/* One pass: its walkers (of every job of the pass) in [first, first +
 * count) (UINT64_MAX: all), progress and cancel between walkers (or
 * batches). base: the stream of the pass's walker 0. part: progress as the
 * fraction of the part done (else of the render). */
static fr_status run_pass(fr_context *ctx, fr_cpu_flame *cpu, const fr_flame_jobs *J, int pass, uint64_t base,
                          uint64_t first, uint64_t count, int part, fr_flame_walk_stats *ws)
{
    const int ng = J->pass_group[pass + 1] - J->pass_group[pass];
    fr_flame_segment one, *seg = ng > 1 ? malloc((size_t)ng * sizeof *seg) : &one;
    if (!seg) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    int nseg;
    const uint64_t walkers = fr_flame_segments(J, pass, fr_flame_walker_len(J, pass), seg, &nseg);
    pass_progress pp = {ctx, part ? 0 : pass, part ? 1 : J->passes, part ? 1.0 : 0.9};
    fr_status s = FR_OK;
    if (count > walkers) count = walkers;
    if (fr_cpu_flame_run_pass(cpu, J->job, seg, nseg, base, walkers, first, count,
                              ctx->progress ? pass_progress_cb : NULL, &pp, ws))
        s = fr_fail(ctx, FR_ERR_CANCELLED, "cancelled");
    else if (ctx->progress && ctx->progress(pp.scale * (pp.pass + 1.0) / pp.passes, ctx->progress_user))
        s = fr_fail(ctx, FR_ERR_CANCELLED, "cancelled");
    if (seg != &one) free(seg);
    return s;
}

/* Walkers of a pass on the CPU (for the streams of the next pass). */
static uint64_t pass_walkers(const fr_flame_jobs *J, int pass)
{
    const uint64_t len = fr_flame_walker_len(J, pass);
    uint64_t n = 0;
    for (int i = J->pass_group[pass]; i < J->pass_group[pass + 1]; i++)
        n += (J->group[i].samples + len - 1) / len;
    return n;
}

/* The accumulator in the memory of the threads' other bucket copies once
 * the last pass's are summed, else fresh (*own: ours to free). */
static fr_status spare_accum(fr_context *ctx, fr_cpu_flame *cpu, size_t abytes, size_t nb, fr_flame_acc_t **accum,
                             int *own)
{
    if ((*accum = fr_cpu_flame_spare(cpu, abytes))) return FR_OK;
    *own = 1;
    if ((*accum = fr_big_calloc(abytes))) return FR_OK;
    return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the accumulator (%zu buckets)", nb);
}

/* Passes of walkers, density, tone map into out (NULL: no image, so no
 * density estimation either); the image buckets of every pass added into
 * rj->raw (NULL: not kept). */
static fr_status cpu_flame_render(fr_context *ctx, const fr_flame_render_job *rj, uint16_t *out, fr_flame_stats *st)
{
    const fr_flame_frame *f = rj->frame;
    fr_cpu_flame *cpu = NULL;
    const size_t nb = (size_t)f->wb * f->hb, abytes = nb * 4 * sizeof(fr_flame_acc_t);
    /* one pass: the accumulator takes the other threads' bucket copies'
     * memory once they are summed (fewer fresh pages to fault in) */
    const int spare = out && f->passes == 1;
    fr_status s = fr_cpu_flame_begin(ctx, nb, spare ? abytes : 0, &cpu);
    if (s) return s;
    st->bucket_bytes = fr_cpu_flame_bytes(cpu);
    fr_flame_acc_t *accum = out && !spare ? fr_big_calloc(abytes) : NULL;
    int own = accum != NULL;
    if (out && !spare && !accum) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the accumulator (%zu buckets)", nb);
        goto done;
    }
    fr_flame_walk_stats ws = {0, 0, 0};
    uint64_t base = 0;
    for (int pass = 0; pass < f->passes; pass++) {
        /* a pass of no samples (more passes than samples) adds nothing */
        if (rj->jobs->pass_group[pass] == rj->jobs->pass_group[pass + 1]) continue;
        double t0 = fr_now();
        if (pass) fr_cpu_flame_clear(cpu);
        if ((s = run_pass(ctx, cpu, rj->jobs, pass, base, 0, UINT64_MAX, 0, &ws))) goto done;
        base += pass_walkers(rj->jobs, pass);
        const fr_flame_bucket_t *b = fr_cpu_flame_buckets(cpu);
        if (rj->raw)
            fr_flame_raw_add(f, b + ((int64_t)fr_flame_image_row0(f) * f->wb + f->gutter) * FR_FB_CHANNELS, f->wb,
                             rj->raw);
        double t1 = fr_now();
        if (out && !accum && (s = spare_accum(ctx, cpu, abytes, nb, &accum, &own))) goto done;
        if (accum && rj->pass_k) {
            double k1, k2;
            fr_flame_pass_k(rj, pass, &k1, &k2);
            if ((s = fr_flame_accumulate_k(ctx, f, b, accum, k1, k2))) goto done;
        } else if (accum && (s = fr_flame_accumulate(ctx, rj->genome, f, b, accum))) {
            goto done;
        }
        st->seconds_iterate += t1 - t0;
        st->seconds_density += fr_now() - t1;
    }
    /* (no pass had samples: an empty accumulator) */
    if (out && !accum && (s = spare_accum(ctx, cpu, abytes, nb, &accum, &own))) goto done;
    st->iterations = ws.iterations, st->bad_values = ws.bad, st->plotted = ws.plotted;
    if (own) fr_cpu_flame_end(cpu), cpu = NULL; /* else the accumulator lives in its memory */
    double t2 = fr_now();
    if (out) s = fr_flame_tonemap(ctx, rj->genome, f, accum, rj->earlyclip, rj->transparency, rj->bpc, out);
    st->seconds_filter = fr_now() - t2;
done:
    fr_cpu_flame_end(cpu);
    if (own) fr_big_free(accum);
    return s;
}

/* Shared 32-bit buckets at least, and the accumulator, against flam3's
 * calc_nstrips budget: 80% of the physical memory (or the context's cap). */
static fr_status cpu_flame_memory(fr_context *ctx, const fr_flame_render_job *rj, double *need, double *budget)
{
    const double nb = (double)rj->frame->wb * rj->frame->hb;
    *need = nb * (FR_FB_CHANNELS * sizeof(fr_flame_bucket_t) + 4 * sizeof(fr_flame_acc_t));
    *budget = ctx->host_memory ? (double)ctx->host_memory : 0.8 * fr_physical_memory();
    return FR_OK;
}

/* Pass 0's walkers `runs` times into cleared buckets, by the wall clock. */
static fr_status cpu_flame_bench(fr_context *ctx, const fr_flame_render_job *rj, int runs, int plot, double *seconds,
                                 fr_flame_stats *st)
{
    if (!plot) return fr_fail(ctx, FR_ERR_UNSUPPORTED, "the chaos game without accumulation is timed on the GPU only");
    fr_cpu_flame *cpu = NULL;
    fr_status s = fr_cpu_flame_begin(ctx, (size_t)rj->frame->wb * rj->frame->hb, 0, &cpu);
    for (int r = 0; r < runs && !s; r++) {
        fr_flame_walk_stats ws = {0, 0, 0};
        fr_cpu_flame_clear(cpu);
        double t0 = fr_now();
        s = run_pass(ctx, cpu, rj->jobs, 0, 0, 0, UINT64_MAX, 0, &ws);
        seconds[r] = fr_now() - t0;
        st->iterations = ws.iterations, st->bad_values = ws.bad, st->plotted = ws.plotted;
    }
    if (cpu) st->bucket_bytes = fr_cpu_flame_bytes(cpu);
    fr_cpu_flame_end(cpu);
    return s;
}

/* ---------------------------------------------- a render in parts (src/multi) */

typedef struct cpu_part {
    fr_context *ctx;
    const fr_flame_render_job *rj;
    fr_cpu_flame *cpu;
    fr_flame_acc_t *accum;
    uint64_t *base;              /* per pass: the stream of its walker 0 */
    fr_flame_bucket_t *b;        /* the last part's buckets (the threads' copies summed once) */
    fr_flame_walk_stats ws;
} cpu_part;

static void cpu_part_end(void *state)
{
    cpu_part *p = state;
    if (!p) return;
    fr_cpu_flame_end(p->cpu);
    fr_big_free(p->accum);
    free(p->base);
    free(p);
}

static fr_status cpu_part_begin(fr_context *ctx, const fr_flame_render_job *rj, uint64_t *walkers, void **state)
{
    const fr_flame_frame *f = rj->frame;
    cpu_part *p = calloc(1, sizeof *p);
    if (!p || !(p->base = calloc((size_t)f->passes, sizeof *p->base)))
        return free(p), fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    p->ctx = ctx, p->rj = rj;
    fr_status s = fr_cpu_flame_begin(ctx, (size_t)f->wb * f->hb, 0, &p->cpu);
    if (s) return cpu_part_end(p), s;
    uint64_t base = 0;
    for (int pass = 0; pass < f->passes; pass++) {
        p->base[pass] = base;
        walkers[pass] = pass_walkers(rj->jobs, pass);
        base += walkers[pass];
    }
    *state = p;
    return FR_OK;
}

static fr_status cpu_part_chaos(void *state, int pass, uint64_t first, uint64_t count, fr_flame_bucket_t *out,
                                fr_flame_stats *st)
{
    cpu_part *p = state;
    const fr_flame_frame *f = p->rj->frame;
    fr_cpu_flame_clear(p->cpu);
    fr_status s = run_pass(p->ctx, p->cpu, p->rj->jobs, pass, p->base[pass], first, count, 1, &p->ws);
    if (s) return s;
    const fr_flame_bucket_t *b = p->b = (fr_flame_bucket_t *)fr_cpu_flame_buckets(p->cpu);
    if (out) memcpy(out, b, (size_t)f->wb * f->hb * FR_FB_CHANNELS * sizeof *out);
    st->iterations = p->ws.iterations, st->bad_values = p->ws.bad, st->plotted = p->ws.plotted;
    st->bucket_bytes = fr_cpu_flame_bytes(p->cpu);
    return FR_OK;
}

/* Another part's buckets added into ours (saturating). */
static fr_status cpu_part_gather(void *state, void *from)
{
    cpu_part *p = state, *q = from;
    const fr_flame_frame *f = p->rj->frame;
    fr_flame_buckets_add(p->b, q->b, (size_t)f->wb * f->hb * FR_FB_CHANNELS, fr_threads(p->ctx));
    return FR_OK;
}

static fr_status cpu_part_fetch(void *state, fr_flame_bucket_t *out)
{
    cpu_part *p = state;
    const fr_flame_frame *f = p->rj->frame;
    memcpy(out, p->b, (size_t)f->wb * f->hb * FR_FB_CHANNELS * sizeof *out);
    return FR_OK;
}

/* The accumulator, made on first use. */
static fr_status part_accum(cpu_part *p)
{
    const size_t nb = (size_t)p->rj->frame->wb * p->rj->frame->hb;
    if (!p->accum && !(p->accum = fr_big_calloc(nb * 4 * sizeof(fr_flame_acc_t))))
        return fr_fail(p->ctx, FR_ERR_NOMEM, "out of memory for the accumulator (%zu buckets)", nb);
    return FR_OK;
}

static fr_status cpu_part_density(void *state, int pass, const fr_flame_bucket_t *b)
{
    cpu_part *p = state;
    const fr_flame_frame *f = p->rj->frame;
    if (!b) b = p->b;
    if (p->rj->raw)
        fr_flame_raw_add(f, b + ((int64_t)fr_flame_image_row0(f) * f->wb + f->gutter) * FR_FB_CHANNELS, f->wb,
                         p->rj->raw);
    fr_status s = part_accum(p);
    if (s) return s;
    if (!p->rj->pass_k) return fr_flame_accumulate(p->ctx, p->rj->genome, f, b, p->accum);
    double k1, k2;
    fr_flame_pass_k(p->rj, pass, &k1, &k2);
    return fr_flame_accumulate_k(p->ctx, f, b, p->accum, k1, k2);
}

static fr_status cpu_part_tonemap(void *state, uint16_t *image)
{
    cpu_part *p = state;
    const fr_flame_frame *f = p->rj->frame;
    fr_status s = part_accum(p);
    if (s) return s;
    return fr_flame_tonemap(p->ctx, p->rj->genome, f, p->accum, p->rj->earlyclip, p->rj->transparency, p->rj->bpc,
                            image);
}

const fr_flame_ops fr_cpu_flame_ops = {
    .render = cpu_flame_render,
    .memory = cpu_flame_memory,
    .bench = cpu_flame_bench,
    .part_begin = cpu_part_begin,
    .part_chaos = cpu_part_chaos,
    .part_gather = cpu_part_gather,
    .part_fetch = cpu_part_fetch,
    .part_density = cpu_part_density,
    .part_tonemap = cpu_part_tonemap,
    .part_end = cpu_part_end,
};
