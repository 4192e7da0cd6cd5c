/*
 * Flame rendering: the genome with the caller's overrides, the frame
 * (buckets, camera, filters), the chaos-game jobs of the temporal steps
 * (flame_temporal.c: prepared xforms, the xform-choice tables, the colour
 * map and the integer hit tables; one job unless the steps differ), then
 * per pass: the walkers of every job of the pass on the CPU, log-density
 * scaling and density estimation into the accumulator; at the end the
 * spatial filter and tone mapping. An image too large for the memory
 * renders in strips (flame_strips.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_api.h"
#include "flame/flame_ops.h"
#include "flame/flame_strips.h"
#include "flame/flame_temporal.h"

/* The genome with the caller's size, quality and supersample (options
 * already checked by fr_flame_options_check). */
static fr_status apply_options(fr_context *ctx, fr_flame_genome *g, const fr_flame_options *o)
{
    if (o->width || o->height) {
        /* flam3-render's ss: the scale follows the size, the framing stays. */
        double ss = o->width ? (double)o->width / g->width : (double)o->height / g->height;
        g->height = o->height ? o->height : (int)(g->height * ss);
        g->width = o->width ? o->width : (int)(g->width * ss);
        g->scale *= ss;
    }
    if (o->quality > 0) g->quality = o->quality;
    if (o->supersample > 0) g->supersample = o->supersample;
    if (g->width < 1 || g->height < 1 || g->width > FR_MAX_SIDE || g->height > FR_MAX_SIDE)
        return fr_fail(ctx, FR_ERR_INVALID, "size %dx%d is out of range 1..%d per side", g->width, g->height,
                       FR_MAX_SIDE);
    if (!(g->quality > 0)) return fr_fail(ctx, FR_ERR_INVALID, "quality must be > 0");
    return FR_OK;
}

/* A render set up: the genome with the options, its frame and its job. */
typedef struct prepared {
    fr_flame_genome g;
    fr_flame_frame f;
    fr_flame_jobs jobs;
    int has_g;
} prepared;

static void release(prepared *p)
{
    fr_flame_jobs_free(&p->jobs);
    fr_flame_frame_free(&p->f);
    if (p->has_g) fr_flame_genome_free(&p->g);
    memset(p, 0, sizeof *p);
}

static fr_status prepare(fr_context *ctx, const fr_flames *fl, int index, const fr_flame_options *o, prepared *p)
{
    memset(p, 0, sizeof *p);
    if (index < 0 || index >= fl->file.n)
        return fr_fail(ctx, FR_ERR_INVALID, "genome index %d is out of range (the file has %d)", index, fl->file.n);
    fr_status s = fr_flame_options_check(ctx, o);
    if (s) return s;
    if ((s = fr_flame_genome_copy(ctx, &p->g, &fl->file.g[index]))) return s;
    if (s) return s;
    p->has_g = 1;
    if ((s = apply_options(ctx, &p->g, o)) || (s = fr_flame_frame_init(ctx, &p->g, &p->f)) ||
        (s = fr_flame_jobs_init(ctx, &p->g, &p->f, o->seed, o->earlyclip, o->motion_blur, &p->jobs)))
        release(p);
    else
        p->f.sumfilt = p->jobs.sumfilt;
    return s;
}

/* The render as a backend takes it. */
static void render_job(const prepared *p, const fr_flame_options *o, int depth, fr_flame_render_job *dj)
{
    memset(dj, 0, sizeof *dj);
    dj->genome = &p->g, dj->frame = &p->f, dj->job = &p->jobs.job[0], dj->jobs = &p->jobs;
    dj->nxf = p->jobs.nall;
    dj->table_rows = p->jobs.rows;
    dj->per_pass = p->jobs.per_pass;
    fr_flame_log_constants(&p->g, &p->f, &dj->k1, &dj->k2);
    fr_flame_tone_setup(&p->g, o->transparency != 0, &dj->tone);
    dj->earlyclip = o->earlyclip, dj->transparency = o->transparency != 0, dj->bpc = depth;
}

/* The render of one frame (the whole image's or a strip's) on the
 * context's backend, as flame_strips.c drives it. */
typedef struct frame_ctl {
    prepared *p;
    const fr_flame_options *o;
    int depth;
    const fr_flame_ops *ops;
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
    if (!c->ops->memory) { /* a backend that does not say */
        *need = (double)f->wb * f->hb, *budget = 0;
        return FR_OK;
    }
    fr_flame_render_job rj;
    const fr_flame_frame whole = take_frame(c->p, f);
    render_job(c->p, c->o, c->depth, &rj);
    fr_status s = c->ops->memory(ctx, &rj, need, budget);
    put_frame(c->p, &whole);
    return s;
}

static fr_status frame_render(fr_context *ctx, void *user, const fr_flame_frame *f, uint16_t *out,
                              fr_flame_bucket_t *raw, fr_flame_stats *st)
{
    frame_ctl *c = user;
    const fr_flame_frame whole = take_frame(c->p, f);
    fr_flame_render_job rj;
    render_job(c->p, c->o, c->depth, &rj);
    rj.raw = raw;
    fr_status s = c->ops->render(ctx, &rj, out, st);
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
    frame_ctl c = {&p, o, depth, FR_BACKEND_OPS(ctx, flame)};
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
    const fr_flame_ops *ops = FR_BACKEND_OPS(ctx, flame);
    if (ops->bench) {
        fr_flame_render_job rj;
        render_job(&p, o, 8, &rj);
        s = ops->bench(ctx, &rj, runs, plot, seconds, st);
    } else {
        s = fr_fail(ctx, FR_ERR_UNSUPPORTED, "the %s backend has no flame benchmark", fr_context_device(ctx));
    }
    release(&p);
    return s;
}
