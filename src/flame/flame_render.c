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
#include "flame/flame_interp.h"
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
    double *pass_k; /* NULL, or k1, k2 of each pass (a timeline's, when they differ) */
} prepared;

static void release(fr_context *ctx, prepared *p)
{
    fr_flame_jobs_release(ctx, &p->jobs);
    free(p->pass_k);
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
        release(ctx, p);
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
    dj->pass_k = p->pass_k;
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
    fr_flame_jobs_frames(&p->jobs, &p->f); /* jobs with cameras of their own: their frames too */
    return whole;
}

static void put_frame(prepared *p, const fr_flame_frame *whole)
{
    p->f = *whole;
    fr_flame_jobs_frames(&p->jobs, &p->f);
}

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

static fr_status render_prepared(fr_context *ctx, prepared *pp, const fr_flame_options *o, fr_image *img,
                                 fr_flame_raw *raw, fr_flame_stats *st);

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
    return render_prepared(ctx, &p, o, img, raw, st);
}

/* The prepared render p (released here) into img and raw. */
static fr_status render_prepared(fr_context *ctx, prepared *pp, const fr_flame_options *o, fr_image *img,
                                 fr_flame_raw *raw, fr_flame_stats *st)
{
    prepared p = *pp;
    fr_status s = FR_OK;
    fr_flame_jobs_frames(&p.jobs, &p.f); /* (p moved: the jobs point to its frame) */
    const fr_flame_frame whole = p.f;
    if (raw && whole.gutter < 0) {
        s = fr_fail(ctx, FR_ERR_UNSUPPORTED,
                    "the raw buffer needs a spatial filter at least as wide as the supersample (filter %g, "
                    "supersample %d)", p.g.filter, whole.os);
        release(ctx, &p);
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
    release(ctx, &p);
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
    release(ctx, &p);
    return s;
}

/* ------------------------------------------------ a frame of a timeline */

/* A timeline's frame as flam3-animate renders it (rect.c render_rectangle
 * over spec->genomes, the keyframes): the keyframes with the options laid
 * over them as flam3-animate lays ss and qs over every genome, the frame
 * genome (interpolated at the frame's time), and what render_rectangle
 * takes from the time steps' genomes. */
typedef struct timeline {
    fr_flame_file kf;         /* the keyframes with the options: shallow copies (their numbers; the
                                 xforms, palettes' and names' storage the file's, not owned) */
    double stagger;
    int motion_blur;
    fr_flame_interp_memo *memo;     /* the steps' aligned keyframes */
    const fr_flame_genome *frame_g; /* the genome at the frame's time */
    /* from the steps, in order: the first's (density estimation), the
     * last's (k1, k2, gamma_threshold, estimator_curve), the sums of
     * gamma, vibrancy and background (their means, as rect.c's vib_gam_n) */
    int n, same;
    fr_flame_genome first, last; /* shallow copies of the numbers only (xf, final, chaos not owned) */
    int nt;                      /* time steps a pass */
    double *pass_end;            /* per pass, of its last step: brightness, scale, zoom, quality */
    double gamma, vibrancy, background[3];
} timeline;

static void timeline_free(timeline *tl)
{
    free(tl->kf.g);
    fr_flame_interp_memo_free(tl->memo);
    free(tl->pass_end);
    memset(tl, 0, sizeof *tl);
}

/* flam3-animate's ss and qs, as options: every keyframe takes keyframe 0's
 * scaling (the size asked for, the scale by the same factor), the
 * quality and supersample asked for; sizes that differ from keyframe 0's
 * are made keyframe 0's (flam3-animate warns and does so). */
static fr_status timeline_options(fr_context *ctx, fr_flame_file *kf, const fr_flame_options *o)
{
    const fr_flame_genome *g0 = &kf->g[0];
    double ss = 1.0;
    int w0 = g0->width, h0 = g0->height;
    if (o->width || o->height) {
        ss = o->width ? (double)o->width / g0->width : (double)o->height / g0->height;
        h0 = o->height ? o->height : (int)(g0->height * ss);
        w0 = o->width ? o->width : (int)(g0->width * ss);
    }
    for (int i = 0; i < kf->n; i++) {
        fr_flame_genome *g = &kf->g[i];
        if (o->width || o->height) g->scale *= ss;
        g->width = w0, g->height = h0;
        if (o->quality > 0) g->quality = o->quality;
        if (o->supersample > 0) g->supersample = o->supersample;
        if (!(g->quality > 0)) return fr_fail(ctx, FR_ERR_INVALID, "quality must be > 0");
    }
    if (w0 < 1 || h0 < 1 || w0 > FR_MAX_SIDE || h0 > FR_MAX_SIDE)
        return fr_fail(ctx, FR_ERR_INVALID, "size %dx%d is out of range 1..%d per side", w0, h0, FR_MAX_SIDE);
    return FR_OK;
}

/* What rect.c keeps of a step's genome. */
static void timeline_note(timeline *tl, const fr_flame_genome *g)
{
    fr_flame_genome n = *g;
    n.xf = NULL, n.final = NULL, n.nxf = 0;
    if (tl->n == 0) {
        tl->first = n, tl->same = 1;
    } else if (g->gamma != tl->last.gamma || g->vibrancy != tl->last.vibrancy ||
               memcmp(g->background, tl->last.background, sizeof g->background)) {
        tl->same = 0;
    }
    tl->last = n;
    if (tl->pass_end && (tl->n + 1) % tl->nt == 0) { /* a pass's last step (steps come in order) */
        double *e = tl->pass_end + 4 * (tl->n / tl->nt);
        e[0] = g->brightness, e[1] = g->scale, e[2] = g->zoom, e[3] = g->quality;
    }
    tl->gamma += g->gamma, tl->vibrancy += g->vibrancy;
    for (int c = 0; c < 3; c++) tl->background[c] += g->background[c];
    tl->n++;
}

/* fr_flame_step_make_fn: the step's genome, interpolated at t into buf
 * (motion blur), or the frame's genome (every step renders the genome at
 * the frame's time). Reads the timeline only: called on several threads. */
static fr_status timeline_make(fr_context *ctx, void *user, int step, double t, fr_flame_genome *buf,
                               const fr_flame_genome **g)
{
    const timeline *tl = user;
    (void)step;
    if (!tl->motion_blur) {
        *g = tl->frame_g;
        return FR_OK;
    }
    fr_status s = fr_flame_interpolate_memo(ctx, &tl->kf, tl->memo, t, tl->stagger, buf);
    if (!s) *g = buf;
    return s;
}

/* fr_flame_step_note_fn: the steps' genomes, in order. */
static void timeline_step_note(void *user, int step, const fr_flame_genome *g)
{
    (void)step;
    timeline_note(user, g);
}

/* The render of the frame at `time` set up: the frame genome's frame (its
 * size, supersample, passes, temporal filter; keyframe 0's spatial filter
 * and the widest keyframe estimator's gutter, as render_rectangle), the
 * steps' jobs, then the settings rect.c takes from the steps: the density
 * estimation of the first step's genome (rect.c: of each pass's first),
 * k1 and k2 from the last step's brightness, scale and quality, the
 * estimator curve and gamma_threshold of the last, the means of gamma,
 * vibrancy and background over every step, highlight_power of the frame's
 * genome. */
static fr_status prepare_time(fr_context *ctx, const fr_flames *fl, double time, double stagger,
                              const fr_flame_options *o, prepared *p)
{
    memset(p, 0, sizeof *p);
    if (!fl || fl->file.n < 1) return fr_fail(ctx, FR_ERR_INVALID, "the timeline has no genome");
    if (!isfinite(time)) return fr_fail(ctx, FR_ERR_INVALID, "the time must be a finite number");
    if (!(stagger >= 0 && stagger <= 1)) return fr_fail(ctx, FR_ERR_INVALID, "stagger %g is not in 0 .. 1", stagger);
    fr_status s = fr_flame_options_check(ctx, o);
    if (s) return s;
    timeline tl;
    memset(&tl, 0, sizeof tl);
    tl.stagger = stagger, tl.motion_blur = o->motion_blur != 0;
    if (!(tl.kf.g = calloc((size_t)fl->file.n, sizeof *tl.kf.g)) || !(tl.memo = fr_flame_interp_memo_new())) {
        timeline_free(&tl);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    /* (shallow: timeline_options sets numbers only, and a frame of a long
     * timeline would otherwise copy every keyframe's xforms) */
    memcpy(tl.kf.g, fl->file.g, (size_t)fl->file.n * sizeof *tl.kf.g);
    tl.kf.n = fl->file.n;
    if ((s = timeline_options(ctx, &tl.kf, o))) goto done;
    /* the genome at the frame's time */
    if ((s = fr_flame_interpolate_memo(ctx, &tl.kf, tl.memo, time, stagger, &p->g))) goto done;
    p->has_g = 1;
    tl.frame_g = &p->g;
    {
        /* the frame: keyframe 0's spatial filter, the gutter of the widest
         * estimator; also wide enough for the first step's (whose kernels
         * the density estimation takes), which a time outside the keyframes
         * extrapolates beyond theirs (flam3 then loses the splats past its
         * gutter; here the gutter grows) */
        fr_flame_genome fg = p->g;
        fg.filter = tl.kf.g[0].filter, fg.filter_shape = tl.kf.g[0].filter_shape;
        for (int i = 0; i < tl.kf.n; i++)
            if (ceil(tl.kf.g[i].estimator_radius) > ceil(fg.estimator_radius))
                fg.estimator_radius = tl.kf.g[i].estimator_radius;
        const int steps = p->g.passes * (o->motion_blur ? p->g.temporal_samples : 1);
        if (o->motion_blur && steps > 1) {
            fr_flame_genome first;
            if ((s = fr_flame_interpolate_memo(ctx, &tl.kf, tl.memo, time - 0.5 * p->g.temporal_filter_width, stagger,
                                                 &first)))
                goto done;
            if (ceil(first.estimator_radius) > ceil(fg.estimator_radius)) fg.estimator_radius = first.estimator_radius;
            fr_flame_genome_free(&first);
        }
        if ((s = fr_flame_frame_init(ctx, &fg, &p->f))) goto done;
    }
    tl.nt = o->motion_blur ? p->g.temporal_samples : 1;
    if (tl.nt >= 1 && p->g.passes > 1 && !(tl.pass_end = calloc((size_t)p->g.passes * 4, sizeof(double)))) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto done;
    }
    const fr_flame_steps steps = {timeline_make, timeline_step_note, &tl};
    if ((s = fr_flame_jobs_build(ctx, &p->g, &p->f, o->seed, o->earlyclip, o->motion_blur, time, &steps, &p->jobs)))
        goto done;
    p->f.sumfilt = p->jobs.sumfilt;
    /* density estimation: the first step's genome */
    if ((s = fr_flame_frame_set_de(ctx, &p->f, &tl.first))) goto done;
    if (p->f.de.max_filter_index > 0) p->f.de.curve = tl.last.estimator_curve; /* de_thread's curve: the last's */
    /* k1, k2 (fr_flame_log_constants): the last step's brightness, pixels per unit and sample density */
    p->g.brightness = tl.last.brightness;
    {
        fr_flame_camera c;
        fr_flame_frame_camera(&tl.last, &p->f, &c, &p->f.ppux, &p->f.sample_density);
        p->f.ppuy = p->f.ppux;
    }
    /* passes that end on different genomes: each pass's own k1, k2 (rect.c
     * computes them after each pass's temporal loop) */
    if (tl.pass_end) {
        int differ = 0;
        for (int q = 1; q < p->g.passes; q++) differ |= memcmp(tl.pass_end, tl.pass_end + 4 * q, 4 * sizeof(double));
        if (differ && !(p->pass_k = malloc((size_t)p->g.passes * 2 * sizeof(double)))) {
            s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
            goto done;
        }
        for (int q = 0; differ && q < p->g.passes; q++) {
            const double *e = tl.pass_end + 4 * q;
            fr_flame_genome eg = tl.last;
            eg.brightness = e[0], eg.scale = e[1], eg.zoom = e[2], eg.quality = e[3];
            fr_flame_frame ef = p->f;
            fr_flame_camera c;
            fr_flame_frame_camera(&eg, &p->f, &c, &ef.ppux, &ef.sample_density);
            ef.ppuy = ef.ppux;
            fr_flame_log_constants(&eg, &ef, &p->pass_k[2 * q], &p->pass_k[2 * q + 1]);
        }
    }
    /* the tone map: means over the steps (the values themselves when equal), the last's gamma_threshold */
    p->g.gamma_threshold = tl.last.gamma_threshold;
    if (!tl.same) {
        p->g.gamma = tl.gamma / tl.n;
        p->g.vibrancy = tl.vibrancy / tl.n;
        for (int c = 0; c < 3; c++) p->g.background[c] = tl.background[c] / tl.n;
    } else {
        p->g.gamma = tl.last.gamma, p->g.vibrancy = tl.last.vibrancy;
        memcpy(p->g.background, tl.last.background, sizeof p->g.background);
    }
    fr_flame_jobs_frames(&p->jobs, &p->f);
done:
    timeline_free(&tl);
    if (s) release(ctx, p);
    return s;
}

fr_status fr_flame_render_time_stagger(fr_context *ctx, const fr_flames *fl, double time, double stagger,
                                       const fr_flame_options *o, fr_image *img, fr_flame_stats *st)
{
    if (img) memset(img, 0, sizeof *img);
    if (!img) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_render_time: no image");
    fr_flame_stats local;
    if (!st) st = &local;
    memset(st, 0, sizeof *st);
    fr_flame_options def = {0};
    if (!o) o = &def;
    prepared p;
    fr_status s = prepare_time(ctx, fl, time, stagger, o, &p);
    if (s) return s;
    return render_prepared(ctx, &p, o, img, NULL, st);
}

fr_status fr_flame_render_time(fr_context *ctx, const fr_flames *fl, double time, const fr_flame_options *o,
                               fr_image *img, fr_flame_stats *st)
{
    return fr_flame_render_time_stagger(ctx, fl, time, 0.0, o, img, st);
}
