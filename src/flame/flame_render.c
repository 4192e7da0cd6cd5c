/*
 * Flame rendering: the genome with the caller's overrides, the frame
 * (buckets, camera, filters), the chaos-game job (prepared xforms, the
 * xform-choice tables, the colour map and the integer hit tables), then per
 * pass: walkers on the CPU, log-density scaling and density estimation into
 * the accumulator; at the end the spatial filter and tone mapping. An image
 * too large for the memory renders in strips (flame_strips.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/backend.h"
#include "core/context.h"
#include "flame/flame_api.h"
#include "flame/flame_cpu.h"
#include "cpu/cpu_mem.h"
#include "flame/flame_device.h"
#include "flame/flame_strips.h"

/* Everything a job points to. */
typedef struct job_data {
    fr_flame_job job;
    fr_flame_xform_pre *xf;
    double *color, *speed, *vis;
    uint16_t *table;
    double dmap[256][4];
    uint32_t (*hit)[256][5];
} job_data;

static void job_free(job_data *d)
{
    free(d->xf), free(d->color), free(d->speed), free(d->vis), free(d->table), free(d->hit);
}

/* flam3_create_chaos_distrib: 16384 slots shared out by the weights. */
static fr_status fill_row(fr_context *ctx, const double *w, int n, uint16_t *row)
{
    double total = 0;
    for (int i = 0; i < n; i++) {
        if (!(w[i] >= 0)) return fr_fail(ctx, FR_ERR_INVALID, "xform %d has a negative weight", i);
        total += w[i];
    }
    if (!(total > 0)) return fr_fail(ctx, FR_ERR_INVALID, "the flame has no xform with a positive weight");
    const double dr = total / FR_FLAME_GRAIN;
    int j = 0;
    double t = w[0], r = 0;
    for (int i = 0; i < FR_FLAME_GRAIN; i++) {
        while (r >= t && j < n - 1) t += w[++j];
        row[i] = (uint16_t)j;
        r += dr;
    }
    return FR_OK;
}

static fr_status job_init(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, uint64_t seed,
                          int earlyclip, job_data *d)
{
    memset(d, 0, sizeof *d);
    const int nstd = g->nxf, nall = nstd + (g->final ? 1 : 0);
    if (nstd < 1) return fr_fail(ctx, FR_ERR_INVALID, "the flame has no xforms");
    if (nstd > 65535) return fr_fail(ctx, FR_ERR_INVALID, "too many xforms (%d)", nstd);
    int chaos = 0;
    for (int i = 0; i < nstd; i++)
        for (int k = 0; g->xf[i].chaos && k < nstd; k++) chaos |= fabs(g->xf[i].chaos[k] - 1.0) > 1e-10;
    size_t rows = chaos ? (size_t)nstd + 1 : 1;
    d->xf = calloc((size_t)nall, sizeof *d->xf);
    d->color = calloc((size_t)nall, sizeof *d->color);
    d->speed = calloc((size_t)nall, sizeof *d->speed);
    d->vis = calloc((size_t)nall, sizeof *d->vis);
    d->table = malloc(rows * FR_FLAME_GRAIN * sizeof *d->table);
    d->hit = malloc((size_t)nstd * sizeof *d->hit);
    double *w = malloc((size_t)nstd * sizeof *w);
    if (!d->xf || !d->color || !d->speed || !d->vis || !d->table || !d->hit || !w) {
        free(w);
        job_free(d);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    for (int i = 0; i < nall; i++) {
        const fr_flame_xform *x = i < nstd ? &g->xf[i] : g->final;
        fr_flame_xform_precalc(x, &d->xf[i]);
        d->color[i] = x->color, d->speed[i] = x->color_speed;
        /* flam3: vis_adjusted = opacity^log2(10) (adjust_percentage) */
        d->vis[i] = x->opacity <= 0 ? 0.0 : x->opacity >= 1 ? 1.0 : pow(10.0, -log2(1.0 / x->opacity));
    }
    for (int i = 0; i < nstd; i++) w[i] = g->xf[i].weight;
    fr_status s = fill_row(ctx, w, nstd, d->table);
    for (int r = 1; !s && r < (int)rows; r++) {
        const fr_flame_xform *from = &g->xf[r - 1];
        for (int i = 0; i < nstd; i++) w[i] = g->xf[i].weight * (from->chaos ? from->chaos[i] : 1.0);
        if (fill_row(ctx, w, nstd, d->table + (size_t)r * FR_FLAME_GRAIN))
            s = fr_fail(ctx, FR_ERR_INVALID, "xaos leaves xform %d with nowhere to go (its chaos row is all 0)", r - 1);
    }
    free(w);
    if (s) {
        job_free(d);
        return s;
    }
    for (int e = 0; e < 256; e++)
        for (int k = 0; k < 4; k++) d->dmap[e][k] = g->palette[e][k] * 255.0 * 1.0;
    for (int i = 0; i < nstd; i++) {
        const double v = d->vis[i];
        for (int e = 0; e < 256; e++) {
            for (int k = 0; k < 4; k++) {
                double a = v == 1.0 ? d->dmap[e][k] : v * d->dmap[e][k];
                d->hit[i][e][k] = a >= 1.0 ? (uint32_t)a : 0;
            }
            d->hit[i][e][FR_FB_CNT] = (uint32_t)(v == 1.0 ? 255.0 : v * 255.0);
        }
    }
    fr_flame_job *j = &d->job;
    j->nstd = nstd, j->has_final = g->final != NULL, j->chaos = chaos;
    j->fuse = earlyclip ? FR_FLAME_FUSE_EARLYCLIP : FR_FLAME_FUSE;
    j->linear_palette = g->palette_mode == FR_PALETTE_LINEAR;
    j->seed = seed, j->frame = f, j->xf = d->xf;
    j->color = d->color, j->speed = d->speed, j->vis = d->vis;
    j->final_opacity = g->final ? g->final->opacity : 1.0;
    j->table = d->table;
    j->dmap = (const double(*)[4])d->dmap;
    j->hit = (const uint32_t(*)[256][5])d->hit;
    return FR_OK;
}

/* The genome with the caller's size, quality and supersample. */
static fr_status apply_options(fr_context *ctx, fr_flame_genome *g, const fr_flame_options *o)
{
    if (o->width < 0 || o->height < 0 || o->supersample < 0 || !(o->quality >= 0))
        return fr_fail(ctx, FR_ERR_INVALID, "size, quality and supersample must not be negative");
    if (o->depth && o->depth != 8 && o->depth != 16)
        return fr_fail(ctx, FR_ERR_INVALID, "depth must be 8 or 16, got %d", o->depth);
    if (o->width || o->height) {
        /* flam3-render's ss: the scale follows the size, the framing stays. */
        double ss = o->width ? (double)o->width / g->width : (double)o->height / g->height;
        g->height = o->height ? o->height : (int)(g->height * ss);
        g->width = o->width ? o->width : (int)(g->width * ss);
        g->scale *= ss;
    }
    if (o->quality > 0) g->quality = o->quality;
    if (o->supersample > 0) g->supersample = o->supersample;
    if (g->width < 1 || g->height < 1 || g->width > 65536 || g->height > 65536)
        return fr_fail(ctx, FR_ERR_INVALID, "image size %dx%d is out of range (1..65536)", g->width, g->height);
    if (!(g->quality > 0)) return fr_fail(ctx, FR_ERR_INVALID, "quality must be > 0");
    return FR_OK;
}

/* One pass: walkers in slices (progress and cancel between slices). */
static fr_status run_pass(fr_context *ctx, fr_cpu_flame *cpu, const fr_flame_job *j, int pass, int passes,
                          uint64_t samples, uint64_t base, fr_flame_walk_stats *ws)
{
    const uint64_t walkers = (samples + FR_FLAME_SUB_BATCH - 1) / FR_FLAME_SUB_BATCH;
    const uint64_t slice = walkers / 64 > (uint64_t)fr_threads(ctx) * 4 ? walkers / 64 : (uint64_t)fr_threads(ctx) * 4;
    for (uint64_t w = 0; w < walkers; w += slice) {
        uint64_t n = walkers - w < slice ? walkers - w : slice;
        fr_cpu_flame_run(cpu, j, base, w, n, samples, ws);
        double done = (pass + (double)(w + n) / walkers) / passes;
        if (ctx->progress && ctx->progress(0.9 * done, ctx->progress_user))
            return fr_fail(ctx, FR_ERR_CANCELLED, "cancelled");
    }
    return FR_OK;
}

/* A render set up: the genome with the options, its frame and its job. */
typedef struct prepared {
    fr_flame_genome g;
    fr_flame_frame f;
    job_data d;
    int has_g;
} prepared;

static void release(prepared *p)
{
    job_free(&p->d);
    fr_flame_frame_free(&p->f);
    if (p->has_g) fr_flame_genome_free(&p->g);
    memset(p, 0, sizeof *p);
}

static fr_status prepare(fr_context *ctx, const fr_flames *fl, int index, const fr_flame_options *o, prepared *p)
{
    memset(p, 0, sizeof *p);
    if (index < 0 || index >= fl->file.n)
        return fr_fail(ctx, FR_ERR_INVALID, "genome index %d is out of range (the file has %d)", index, fl->file.n);
    fr_status s = fr_flame_genome_copy(ctx, &p->g, &fl->file.g[index]);
    if (s) return s;
    p->has_g = 1;
    if ((s = apply_options(ctx, &p->g, o)) || (s = fr_flame_frame_init(ctx, &p->g, &p->f)) ||
        (s = job_init(ctx, &p->g, &p->f, o->seed, o->earlyclip, &p->d)))
        release(p);
    return s;
}

/* The render as a device backend takes it. */
static void device_job(const prepared *p, const fr_flame_options *o, int depth, fr_flame_device_job *dj)
{
    memset(dj, 0, sizeof *dj);
    dj->frame = &p->f, dj->job = &p->d.job;
    dj->nxf = p->g.nxf + (p->g.final ? 1 : 0);
    dj->table_rows = p->d.job.chaos ? p->g.nxf + 1 : 1;
    dj->per_pass = (uint64_t)(p->f.nsamples / p->f.passes);
    fr_flame_log_constants(&p->g, &p->f, &dj->k1, &dj->k2);
    fr_flame_tone_setup(&p->g, o->transparency != 0, &dj->tone);
    dj->earlyclip = o->earlyclip, dj->bpc = depth;
}

/* The CPU path: passes of walkers, density, tone map into out (NULL: no
 * image, so no density estimation either); the image buckets of every pass
 * added into raw (NULL: not kept). */
static fr_status render_cpu(fr_context *ctx, prepared *p, const fr_flame_options *o, int depth, uint16_t *out,
                            fr_flame_bucket_t *raw, fr_flame_stats *st)
{
    fr_flame_frame *f = &p->f;
    fr_cpu_flame *cpu = NULL;
    const size_t nb = (size_t)f->wb * f->hb;
    fr_status s = fr_cpu_flame_begin(ctx, nb, &cpu);
    if (s) return s;
    st->bucket_bytes = fr_cpu_flame_bytes(cpu);
    double *accum = out ? fr_big_calloc(nb * 4 * sizeof *accum) : NULL;
    if (out && !accum) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the accumulator (%zu buckets)", nb);
        goto done;
    }
    const uint64_t per_pass = (uint64_t)(f->nsamples / f->passes);
    const uint64_t walkers = (per_pass + FR_FLAME_SUB_BATCH - 1) / FR_FLAME_SUB_BATCH;
    fr_flame_walk_stats ws = {0, 0, 0};
    for (int pass = 0; pass < f->passes; pass++) {
        double t0 = fr_now();
        if (pass) fr_cpu_flame_clear(cpu);
        if ((s = run_pass(ctx, cpu, &p->d.job, pass, f->passes, per_pass, (uint64_t)pass * walkers, &ws))) goto done;
        const fr_flame_bucket_t *b = fr_cpu_flame_buckets(cpu);
        if (raw)
            fr_flame_raw_add(f, b + ((int64_t)fr_flame_image_row0(f) * f->wb + f->gutter) * FR_FB_CHANNELS, f->wb, raw);
        double t1 = fr_now();
        if (accum && (s = fr_flame_accumulate(ctx, &p->g, f, b, accum))) goto done;
        st->seconds_iterate += t1 - t0;
        st->seconds_density += fr_now() - t1;
    }
    st->iterations = ws.iterations, st->bad_values = ws.bad, st->plotted = ws.plotted;
    fr_cpu_flame_end(cpu), cpu = NULL;
    double t2 = fr_now();
    if (out) s = fr_flame_tonemap(ctx, &p->g, f, accum, o->earlyclip, o->transparency, depth, out);
    st->seconds_filter = fr_now() - t2;
done:
    fr_cpu_flame_end(cpu);
    fr_big_free(accum);
    return s;
}

/* The render of one frame (the whole image's or a strip's) on the
 * context's backend, as flame_strips.c drives it. */
typedef struct frame_ctl {
    prepared *p;
    const fr_flame_options *o;
    int depth;
    const fr_backend_iface *be;
} frame_ctl;

/* The prepared render with frame f in place of its own (the job's frame
 * pointer is &p->f, so the chaos game maps points to f's buckets); undone
 * by put_frame. */
static fr_flame_frame take_frame(prepared *p, const fr_flame_frame *f)
{
    fr_flame_frame whole = p->f;
    if (f != &p->f) p->f = *f;
    return whole;
}

static void put_frame(prepared *p, const fr_flame_frame *whole) { p->f = *whole; }

static fr_status frame_memory(fr_context *ctx, void *user, const fr_flame_frame *f, double *need, double *budget)
{
    frame_ctl *c = user;
    const double nb = (double)f->wb * f->hb;
    if (c->be->flame_memory) {
        fr_flame_device_job dj;
        const fr_flame_frame whole = take_frame(c->p, f);
        device_job(c->p, c->o, c->depth, &dj);
        fr_status s = c->be->flame_memory(ctx, &dj, need, budget);
        put_frame(c->p, &whole);
        return s;
    }
    if (c->be->flame_render) { /* a device that does not say */
        *need = nb, *budget = 0;
        return FR_OK;
    }
    /* the CPU: shared 32-bit buckets at least, and the accumulator (flam3's
     * calc_nstrips budget: 80% of the physical memory) */
    *need = nb * (FR_FB_CHANNELS * sizeof(fr_flame_bucket_t) + 4 * sizeof(double));
    *budget = ctx->host_memory ? (double)ctx->host_memory : 0.8 * fr_physical_memory();
    return FR_OK;
}

static fr_status frame_render(fr_context *ctx, void *user, const fr_flame_frame *f, uint16_t *out,
                              fr_flame_bucket_t *raw, fr_flame_stats *st)
{
    frame_ctl *c = user;
    const fr_flame_frame whole = take_frame(c->p, f);
    fr_status s;
    if (c->be->flame_render) {
        uint16_t *scratch = out ? NULL : malloc((size_t)f->width * f->height * 4 * sizeof *scratch);
        if (!out && !scratch) {
            s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the image (%dx%d)", f->width, f->height);
        } else {
            fr_flame_device_job dj;
            device_job(c->p, c->o, c->depth, &dj);
            dj.raw = raw;
            s = c->be->flame_render(ctx, &dj, out ? out : scratch, st);
        }
        free(scratch);
    } else {
        s = render_cpu(ctx, c->p, c->o, c->depth, out, raw, st);
    }
    put_frame(c->p, &whole);
    return s;
}

fr_status fr_flame_render(fr_context *ctx, const fr_flames *fl, int index, const fr_flame_options *o, fr_image *img,
                          fr_flame_stats *st)
{
    if (!img) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_render: no image");
    return fr_flame_render_raw(ctx, fl, index, o, img, NULL, st);
}

fr_status fr_flame_render_raw(fr_context *ctx, const fr_flames *fl, int index, const fr_flame_options *o,
                              fr_image *img, fr_flame_raw *raw, fr_flame_stats *st)
{
    if (img) memset(img, 0, sizeof *img);
    if (raw) memset(raw, 0, sizeof *raw);
    if (!fl || (!img && !raw)) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_render_raw: no genomes, or no output");
    fr_flame_stats local;
    if (!st) st = &local;
    memset(st, 0, sizeof *st);
    fr_flame_options def = {0};
    if (!o) o = &def;
    if (o->strips < 0) return fr_fail(ctx, FR_ERR_INVALID, "strips must not be negative, got %d", o->strips);
    prepared p;
    fr_status s = prepare(ctx, fl, index, o, &p);
    if (s) return s;
    const fr_flame_frame whole = p.f;
    if (raw && whole.gutter < 0) {
        s = fr_fail(ctx, FR_ERR_UNSUPPORTED,
                    "the raw buffer needs a spatial filter at least as wide as the supersample (filter %g, "
                    "supersample %d)", p.g.filter, whole.os);
        release(&p);
        return s;
    }
    const int depth = o->depth ? o->depth : 8;
    const size_t n = (size_t)whole.width * whole.height * 4;
    const size_t nraw = (size_t)whole.os * whole.width * whole.os * whole.height * FR_FB_CHANNELS;
    uint16_t *out = img ? malloc(n * sizeof *out) : NULL;
    fr_flame_bucket_t *rb = raw ? calloc(nraw, sizeof *rb) : NULL;
    if ((img && !out) || (raw && !rb)) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the %s (%dx%d)", img && !out ? "image" : "raw buffer",
                    whole.width, whole.height);
        goto done;
    }
    st->samples = whole.nsamples;
    frame_ctl c = {&p, o, depth, fr_backend_current(ctx)};
    const fr_flame_strip_ops ops = {&c, frame_memory, frame_render};
    if ((s = fr_flame_render_strips(ctx, &whole, o->strips, &ops, out, rb, st))) goto done;
    if (out && depth == 8) {
        uint8_t *q = malloc(n);
        if (!q) {
            s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the image");
            goto done;
        }
        for (size_t i = 0; i < n; i++) q[i] = (uint8_t)out[i];
        img->pixels = q;
        free(out);
        out = NULL;
    } else if (out) {
        img->pixels = out;
        out = NULL;
    }
    if (img) img->width = whole.width, img->height = whole.height, img->depth = depth, img->channels = 4;
    if (raw) {
        raw->width = whole.os * whole.width, raw->height = whole.os * whole.height, raw->supersample = whole.os;
        raw->buckets = rb;
        rb = NULL;
    }
    if (ctx->progress) ctx->progress(1.0, ctx->progress_user);
done:
    free(out);
    free(rb);
    release(&p);
    return s;
}

void fr_flame_raw_free(fr_flame_raw *r)
{
    if (!r) return;
    free(r->buckets);
    memset(r, 0, sizeof *r);
}

fr_status fr_flame_bench(fr_context *ctx, const fr_flames *fl, int index, const fr_flame_options *o, int runs, int plot,
                         double *seconds, fr_flame_stats *st)
{
    if (!ctx || !fl || !seconds || !st || runs < 1) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_bench: bad argument");
    memset(st, 0, sizeof *st);
    fr_flame_options def = {0};
    if (!o) o = &def;
    prepared p;
    fr_status s = prepare(ctx, fl, index, o, &p);
    if (s) return s;
    st->samples = p.f.nsamples / p.f.passes;
    const fr_backend_iface *be = fr_backend_current(ctx);
    if (be->flame_bench) {
        fr_flame_device_job dj;
        device_job(&p, o, 8, &dj);
        s = be->flame_bench(ctx, &dj, runs, plot, seconds, st);
    } else if (!plot) {
        s = fr_fail(ctx, FR_ERR_UNSUPPORTED, "the chaos game without accumulation is timed on the GPU only");
    } else {
        fr_cpu_flame *cpu = NULL;
        if (!(s = fr_cpu_flame_begin(ctx, (size_t)p.f.wb * p.f.hb, &cpu))) {
            const uint64_t per_pass = (uint64_t)st->samples;
            for (int r = 0; r < runs && !s; r++) {
                fr_flame_walk_stats ws = {0, 0, 0};
                fr_cpu_flame_clear(cpu);
                double t0 = fr_now();
                s = run_pass(ctx, cpu, &p.d.job, 0, 1, per_pass, 0, &ws);
                seconds[r] = fr_now() - t0;
                st->iterations = ws.iterations, st->bad_values = ws.bad, st->plotted = ws.plotted;
            }
            st->bucket_bytes = fr_cpu_flame_bytes(cpu);
        }
        fr_cpu_flame_end(cpu);
    }
    release(&p);
    return s;
}
