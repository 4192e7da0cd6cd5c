/* Escape-time rendering: validate, run the backend over all samples, colour
 * and downsample (on the host, or on the device when the backend renders
 * whole images), and the benchmark entry. */
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "escape/escape_job.h"
#include "escape/escape_ops.h"
#include "escape/escape_shade.h"
#include "deep/deep_view.h"

void fr_escape_raw_free(fr_escape_raw *raw)
{
    if (!raw) return;
    free(raw->counts);
    free(raw->values);
    memset(raw, 0, sizeof *raw);
}

void fr_escape_extra_free(fr_escape_extra *extra)
{
    if (!extra) return;
    free(extra->smooth);
    free(extra->de);
    memset(extra, 0, sizeof *extra);
}

static void job_free(fr_escape_job *job)
{
    free(job->counts);
    free(job->smooth);
    free(job->dist);
    free(job->de);
    job->counts = NULL, job->smooth = NULL, job->dist = NULL, job->de = NULL;
}

/* The host arrays; `de`: the directional distance estimate too. */
static fr_status job_alloc(fr_context *ctx, fr_escape_job *job, int de)
{
    const size_t n = (size_t)job->sw * (size_t)job->sh;
    /* zeroed: a shared render's processes fill disjoint parts (and the pages come lazily) */
    job->counts = calloc(n, sizeof *job->counts);
    if (job->values != FR_VALUES_NONE) job->smooth = calloc(n, sizeof *job->smooth);
    if (job->values == FR_VALUES_DISTANCE) job->dist = calloc(n, sizeof *job->dist);
    if (de) job->de = calloc(2 * n, sizeof *job->de);
    if (!job->counts || (job->values && !job->smooth) || (job->values == FR_VALUES_DISTANCE && !job->dist) ||
        (de && !job->de)) {
        job_free(job);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for %zu samples (%dx%d, aa %d)", n, job->width,
                       job->height, job->aa);
    }
    return FR_OK;
}

/* Hand the job's arrays over to `raw` (values as the colouring has them,
 * whatever more `want` made the kernels compute) and `extra` (the smooth
 * values, a copy where raw->values has them too; de); job_free frees the
 * rest. */
static fr_status take_raw(fr_context *ctx, fr_escape_job *job, unsigned want, fr_escape_raw *raw,
                          fr_escape_extra *extra)
{
    float *smooth = job->smooth, *dist = job->dist;
    float *values = job->color == FR_COLOR_DISTANCE ? dist : job->color == FR_COLOR_COUNT ? NULL : smooth;
    if (want) {
        memset(extra, 0, sizeof *extra);
        if ((want & FR_RAW_SMOOTH) && values == smooth) {
            const size_t n = (size_t)job->sw * job->sh;
            if (!(extra->smooth = malloc(n * sizeof *smooth)))
                return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for %zu samples", n);
            memcpy(extra->smooth, smooth, n * sizeof *smooth);
        } else if (want & FR_RAW_SMOOTH) {
            extra->smooth = smooth, job->smooth = NULL;
        }
        extra->de = job->de, job->de = NULL;
    }
    raw->width = job->sw, raw->height = job->sh;
    raw->counts = job->counts, raw->values = values;
    job->counts = NULL;
    if (values == smooth) job->smooth = NULL;
    if (values == dist) job->dist = NULL;
    return FR_OK;
}

/* The whole render on a device backend: only the image (and the raw
 * samples when asked for) come back. */
static fr_status render_on_device(fr_context *ctx, const fr_escape_ops *b, fr_escape_job *job, fr_image *image,
                                  fr_escape_raw *raw, unsigned want, fr_escape_extra *extra, fr_escape_stats *st)
{
    fr_status s;
    float *lut = malloc(FR_LUT_FLOATS * sizeof *lut);
    if (!lut) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_shade_lut_build(lut, &job->p->palette);
    if (!raw || !(s = job_alloc(ctx, job, want & FR_RAW_DE))) {
        if (image) memset(image, 0, sizeof *image);
        s = b->render(ctx, job, lut, image, st);
        if (!s && raw) s = take_raw(ctx, job, want, raw, extra);
        if (s && image) fr_image_free(image);
    }
    free(lut);
    job_free(job);
    return s;
}

fr_status fr_escape_render(fr_context *ctx, const fr_escape_params *p, fr_image *image, fr_escape_raw *raw,
                           fr_escape_stats *stats)
{
    return fr_escape_render_raw(ctx, p, image, raw, 0, NULL, stats);
}

fr_status fr_escape_render_raw(fr_context *ctx, const fr_escape_params *p, fr_image *image, fr_escape_raw *raw,
                               unsigned want, fr_escape_extra *extra, fr_escape_stats *stats)
{
    fr_status s;
    if (!ctx) return FR_ERR_INVALID;
    if (!p || (!image && !raw)) return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_render: nothing to render into");
    if (want & ~(unsigned)(FR_RAW_SMOOTH | FR_RAW_DE))
        return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_render_raw: want has unknown flags (0x%x)", want);
    if (want && (!raw || !extra))
        return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_render_raw: want needs raw and extra (%s is NULL)",
                       raw ? "extra" : "raw");
    if ((s = fr_escape_params_validate(ctx, p))) return s;

    fr_escape_job job;
    fr_escape_job_init(&job, p);
    /* what more the kernels compute: smooth values in any colouring, the
     * distance-estimating kernel for the directional estimate */
    if ((want & FR_RAW_SMOOTH) && job.values == FR_VALUES_NONE) job.values = FR_VALUES_SMOOTH;
    if (want & FR_RAW_DE) job.values = FR_VALUES_DISTANCE;
    fr_escape_stats st = {0};
    st.samples = (uint64_t)job.sw * job.sh;
    const fr_escape_ops *b = FR_BACKEND_OPS(ctx, escape);
    const int deep = fr_escape_is_deep(p);
    if (b->render && !deep) {
        if ((s = render_on_device(ctx, b, &job, image, raw, want, extra, &st))) return s;
        if (stats) *stats = st;
        return FR_OK;
    }

    if ((s = job_alloc(ctx, &job, want & FR_RAW_DE))) return s;
    double t0 = fr_now();
    if (deep) s = fr_deep_compute(ctx, p, &job, &st);
    else s = b->compute(ctx, &job, &st.iterations);
    if (s) goto out;
    double t1 = fr_now();
    if (!deep) st.seconds_iterate = t1 - t0;
    for (uint64_t i = 0; i < st.samples; i++) st.interior += job.counts[i] >= p->max_iter;
    if (image) {
        memset(image, 0, sizeof *image);
        if ((s = fr_escape_colorize(ctx, &job, image))) goto out;
    }
    st.seconds_color = fr_now() - t1;
    if (stats) *stats = st;
    if (raw && (s = take_raw(ctx, &job, want, raw, extra)) && image) fr_image_free(image);
out:
    job_free(&job);
    return s;
}

/* ------------------------------------------------ batches of views (tiles) */

/* The batch's progress: each part (the device's batch, a view of its own)
 * reports 0..1, mapped into its share of the whole. */
typedef struct batch_progress {
    fr_progress_fn fn;
    void *user;
    double base, scale;
} batch_progress;

static int batch_progress_cb(double done, void *user)
{
    const batch_progress *b = user;
    return b->fn(b->base + b->scale * done, b->user);
}

static void stats_add(fr_escape_stats *sum, const fr_escape_stats *v)
{
    sum->samples += v->samples;
    sum->iterations += v->iterations;
    sum->interior += v->interior;
    sum->seconds_iterate += v->seconds_iterate;
    sum->seconds_color += v->seconds_color;
    sum->seconds_setup += v->seconds_setup;
    sum->seconds_copy += v->seconds_copy;
    if (v->deep > sum->deep) sum->deep = v->deep;
    sum->reference_iterations += v->reference_iterations;
    if (v->reference_bits > sum->reference_bits) sum->reference_bits = v->reference_bits;
    sum->seconds_reference += v->seconds_reference;
    sum->seconds_bla += v->seconds_bla;
    sum->iterations_skipped += v->iterations_skipped;
}

/* The plain views (no perturbation) on a backend that renders batches:
 * their indices into plain[np]; the images into images[plain[k]]. */
static fr_status batch_on_device(fr_context *ctx, const fr_escape_ops *b, const fr_escape_params *const *views,
                                 const int *plain, int np, fr_image *images, fr_escape_stats *st)
{
    fr_status s = FR_ERR_NOMEM;
    fr_escape_job *jobs = calloc((size_t)np, sizeof *jobs);
    fr_image *out = calloc((size_t)np, sizeof *out);
    float *lut = malloc(FR_LUT_FLOATS * sizeof *lut);
    if (!jobs || !out || !lut) {
        fr_fail(ctx, s, "out of memory for a batch of %d views", np);
        goto out;
    }
    fr_escape_stats bs = {0};
    for (int k = 0; k < np; k++) {
        fr_escape_job_init(&jobs[k], views[plain[k]]);
        bs.samples += (uint64_t)jobs[k].sw * jobs[k].sh;
    }
    fr_shade_lut_build(lut, &views[plain[0]]->palette); /* the same in every view */
    if ((s = b->render_batch(ctx, jobs, np, lut, out, &bs))) goto out;
    for (int k = 0; k < np; k++) images[plain[k]] = out[k];
    stats_add(st, &bs);
out:
    free(jobs);
    free(out);
    free(lut);
    return s;
}

fr_status fr_escape_render_batch(fr_context *ctx, const fr_escape_params *const *views, int n, fr_image *images,
                                 fr_escape_stats *stats)
{
    fr_status s = FR_OK;
    if (!ctx) return FR_ERR_INVALID;
    if (n <= 0) return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_render_batch: n must be at least 1 (n is %d)", n);
    if (images) memset(images, 0, (size_t)n * sizeof *images);
    if (!views || !images)
        return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_render_batch: %s is NULL", views ? "images" : "views");
    for (int i = 0; i < n; i++)
        if (!views[i]) return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_render_batch: views[%d] is NULL", i);
    for (int i = 1; i < n; i++) {
        const char *name = fr_escape_params_differ(views[0], views[i]);
        if (name)
            return fr_fail(ctx, FR_ERR_INVALID,
                           "fr_escape_render_batch: view %d differs from view 0 in %s (only the centre and the width "
                           "may differ)",
                           i, name);
    }
    for (int i = 0; i < n; i++)
        if ((s = fr_escape_params_validate(ctx, views[i])))
            return fr_fail(ctx, s, "fr_escape_render_batch: view %d: %s", i, fr_last_error(ctx));

    const fr_escape_ops *b = FR_BACKEND_OPS(ctx, escape);
    int *plain = malloc((size_t)n * sizeof *plain);
    char *done = calloc((size_t)n, 1);
    if (!plain || !done) {
        free(plain), free(done);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    int np = 0;
    if (b->render_batch)
        for (int i = 0; i < n; i++)
            if (!fr_escape_is_deep(views[i])) plain[np++] = i, done[i] = 1;
    batch_progress bp = {ctx->progress, ctx->progress_user, 0, 0};
    if (bp.fn) ctx->progress = batch_progress_cb, ctx->progress_user = &bp;
    fr_escape_stats st = {0};
    if (np) {
        bp.scale = (double)np / n;
        s = batch_on_device(ctx, b, views, plain, np, images, &st);
    }
    /* the rest one by one (every view where the backend renders no batches) */
    for (int i = 0, k = np; i < n && !s; i++) {
        if (done[i]) continue;
        fr_escape_stats vs;
        bp.base = (double)k++ / n, bp.scale = 1.0 / n;
        if (!(s = fr_escape_render(ctx, views[i], &images[i], NULL, &vs))) stats_add(&st, &vs);
    }
    ctx->progress = bp.fn, ctx->progress_user = bp.user;
    if (s)
        for (int i = 0; i < n; i++) fr_image_free(&images[i]);
    else if (stats)
        *stats = st;
    free(plain);
    free(done);
    return s;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Wall-clock benchmark of whole renders (backends without their own). */
static fr_status bench_wall(fr_context *ctx, const fr_escape_params *p, int repeats, double *med, double *lo,
                            double *hi, uint64_t *iterations)
{
    double *t = calloc((size_t)repeats, sizeof *t);
    if (!t) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_status s = FR_OK;
    for (int r = -1; r < repeats && !s; r++) {
        fr_image img;
        fr_escape_stats st = {0};
        double t0 = fr_now();
        s = fr_escape_render(ctx, p, &img, NULL, &st);
        if (s) break;
        if (r >= 0) t[r] = fr_now() - t0;
        *iterations = st.iterations;
        fr_image_free(&img);
    }
    if (!s) {
        qsort(t, (size_t)repeats, sizeof *t, cmp_double);
        *med = repeats % 2 ? t[repeats / 2] : 0.5 * (t[repeats / 2 - 1] + t[repeats / 2]);
        *lo = t[0], *hi = t[repeats - 1];
    }
    free(t);
    return s;
}

fr_status fr_escape_bench(fr_context *ctx, const fr_escape_params *p, const fr_bench_opts *o, fr_bench_result *r)
{
    fr_status s;
    if (!ctx) return FR_ERR_INVALID;
    if (!p || !o || !r) return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_bench: NULL argument");
    if (o->repeats < 1 || o->repeats > 1000) return fr_fail(ctx, FR_ERR_INVALID, "repeats must be 1..1000");
    if (o->block_w < 0 || o->block_h < 0 || o->block_w * o->block_h > 1024 || (o->block_w * o->block_h) % 32)
        return fr_fail(ctx, FR_ERR_INVALID, "block shape %dx%d: threads must be a multiple of 32, at most 1024",
                       o->block_w, o->block_h);
    if ((s = fr_escape_params_validate(ctx, p))) return s;
    memset(r, 0, sizeof *r);
    fr_escape_job job;
    fr_escape_job_init(&job, p);
    r->samples = (uint64_t)job.sw * job.sh;
    const fr_escape_ops *b = FR_BACKEND_OPS(ctx, escape);
    if (b->bench) {
        float *lut = malloc(FR_LUT_FLOATS * sizeof *lut);
        if (!lut) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        fr_shade_lut_build(lut, &p->palette);
        s = b->bench(ctx, &job, lut, o, r);
        free(lut);
        return s;
    }
    if ((s = bench_wall(ctx, p, o->repeats, &r->seconds, &r->seconds_min, &r->seconds_max, &r->iterations)))
        return s;
    if (o->plain) {
        /* The plain reference on the CPU: the scalar loop on every thread. */
        fr_escape_params q = *p;
        q.interior_test = 0, q.periodicity = 0;
        fr_cpu_kernel k = ctx->cpu_kernel;
        ctx->cpu_kernel = FR_CPU_KERNEL_SCALAR;
        double lo, hi;
        s = bench_wall(ctx, &q, o->repeats, &r->plain_seconds, &lo, &hi, &r->plain_iterations);
        ctx->cpu_kernel = k;
    }
    return s;
}
