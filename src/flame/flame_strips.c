/*
 * flame_strips.c - a flame rendered in horizontal strips (see
 * flame_strips.h). flam3-render (3.1.1) splits an image that does not fit
 * 80% of the memory into nstrips strips, multiplies the sample density by
 * nstrips, renders each strip as an image of its own with the camera
 * centred on it and the same random state, and stacks the strips. Here a
 * strip is a band of the whole image's bucket grid instead, with the
 * whole image's sample count (so the same walkers: the whole chaos game
 * each strip) and k1, k2. Two of flam3's artefacts go away: flam3 cuts
 * ceil(height / nstrips) rows a strip and centres the stack of full-height
 * strips, which moves the image by half the rows the last strip lacks, and
 * its strips keep only their own gutter, so density-estimation splats
 * from beyond it are lost at the seams.
 */
#include "flame/flame_strips.h"

#include <math.h>
#include <string.h>

void fr_flame_strip_rows(int height, int n, int k, int *y0, int *y1)
{
    *y0 = (int)((int64_t)height * k / n);
    *y1 = (int)((int64_t)height * (k + 1) / n);
}

void fr_flame_strip_frame(const fr_flame_frame *w, int y0, int y1, fr_flame_frame *s)
{
    *s = *w;
    if (y0 <= 0 && y1 >= w->height) return;
    const int os = w->os;
    /* the accumulator rows the spatial filter of rows y0 .. y1 - 1 reads */
    int64_t lo = (int64_t)w->de_offset + (int64_t)y0 * os, hi = (int64_t)w->de_offset + (int64_t)(y1 - 1) * os + w->fwidth;
    /* the buckets whose splats reach them, the hit counts (os / 2 rows
     * around) that choose their kernels, and the os - 1 edge rows the splat
     * skips */
    const int reach = (w->de.max_filter_index > 0 ? (int)ceil(w->de.width[0]) - 1 : 0) + os - 1;
    lo -= reach, hi += reach;
    if (lo < 0) lo = 0;
    if (hi > w->hb) hi = w->hb;
    s->y0 = y0;
    s->height = y1 - y0;
    s->row0 = (int)lo;
    s->hb = (int)(hi - lo);
}

/* The strip of n whose memory bounds the others': the most buckets, then rows. */
static void largest_strip(const fr_flame_frame *w, int n, fr_flame_frame *big)
{
    for (int k = 0; k < n; k++) {
        int y0, y1;
        fr_flame_frame s;
        fr_flame_strip_rows(w->height, n, k, &y0, &y1);
        fr_flame_strip_frame(w, y0, y1, &s);
        if (!k || s.hb > big->hb || (s.hb == big->hb && s.height > big->height)) *big = s;
    }
}

static fr_status need_of(fr_context *ctx, const fr_flame_frame *w, int n, const fr_flame_strip_ops *ops,
                         double *need, double *budget)
{
    fr_flame_frame big;
    largest_strip(w, n, &big);
    return ops->memory(ctx, ops->user, &big, need, budget);
}

/* The fewest strips whose largest fits the budget (the need falls as the
 * strips get lower, so a bisection finds it). */
static fr_status fewest_strips(fr_context *ctx, const fr_flame_frame *w, const fr_flame_strip_ops *ops, int *out)
{
    *out = 1;
    if (!ops->memory) return FR_OK;
    double whole, budget, need, b;
    fr_status s = ops->memory(ctx, ops->user, w, &whole, &budget);
    if (s || budget <= 0 || whole <= budget || w->height < 2) return s;
    int lo = 2, hi = w->height;
    if ((s = need_of(ctx, w, hi, ops, &need, &b))) return s;
    if (need > b)
        return fr_fail(ctx, FR_ERR_NOMEM,
                       "the flame needs %.2f GiB of memory (%.2f GiB even in strips of one row), %.2f GiB are "
                       "available: lower the size or supersample",
                       whole / (1 << 30), need / (1 << 30), b / (1 << 30));
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if ((s = need_of(ctx, w, mid, ops, &need, &b))) return s;
        if (need <= b)
            hi = mid;
        else
            lo = mid + 1;
    }
    *out = hi;
    return FR_OK;
}

/* The context's progress callback, strip k of n taking its share; never
 * back (a retry with more strips starts over under the bar). */
typedef struct strip_progress {
    fr_progress_fn fn;
    void *user;
    int k, n;
    double last;
} strip_progress;

static int strip_progress_cb(double done, void *u)
{
    strip_progress *p = u;
    done = done < 0 ? 0 : done > 1 ? 1 : done;
    double v = (p->k + done) / p->n;
    if (v < p->last) v = p->last;
    p->last = v;
    return p->fn(v, p->user);
}

static void add_stats(fr_flame_stats *st, const fr_flame_stats *s)
{
    st->iterations += s->iterations;
    st->bad_values += s->bad_values;
    st->plotted += s->plotted;
    st->seconds_iterate += s->seconds_iterate;
    st->seconds_density += s->seconds_density;
    st->seconds_filter += s->seconds_filter;
    st->seconds_setup += s->seconds_setup;
    if (s->bucket_bytes > st->bucket_bytes) st->bucket_bytes = s->bucket_bytes;
    st->launches += s->launches;
    st->dense_buckets += s->dense_buckets;
    st->passes_redone += s->passes_redone;
}

static fr_status render_n(fr_context *ctx, const fr_flame_frame *w, int n, const fr_flame_strip_ops *ops,
                          uint16_t *out, fr_flame_bucket_t *raw, fr_flame_stats *st, strip_progress *pg)
{
    const size_t out_row = (size_t)w->width * 4, raw_row = (size_t)w->os * w->width * FR_FB_CHANNELS * w->os;
    for (int k = 0; k < n; k++) {
        int y0, y1;
        fr_flame_frame sf;
        fr_flame_strip_rows(w->height, n, k, &y0, &y1);
        fr_flame_strip_frame(w, y0, y1, &sf);
        pg->k = k;
        fr_flame_stats one;
        memset(&one, 0, sizeof one);
        fr_status s = ops->render(ctx, ops->user, &sf, out ? out + (size_t)y0 * out_row : NULL,
                                  raw ? raw + (size_t)y0 * raw_row : NULL, &one);
        add_stats(st, &one);
        if (s) return s;
    }
    return FR_OK;
}

fr_status fr_flame_render_strips(fr_context *ctx, const fr_flame_frame *whole, int strips,
                                 const fr_flame_strip_ops *ops, uint16_t *out, fr_flame_bucket_t *raw,
                                 fr_flame_stats *st)
{
    const int h = whole->height;
    if (strips < 0 || strips > h)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot have more strips than rows (%d strips, %d rows)", strips, h);
    int n = strips;
    fr_status s = FR_OK;
    /* the memory query is the first touch of the device (its context):
     * setup time */
    const double t0 = fr_now();
    if (!n && (s = fewest_strips(ctx, whole, ops, &n))) return s;
    const double query = fr_now() - t0;
    const size_t raw_bytes = (size_t)whole->os * whole->width * whole->os * h * FR_FB_CHANNELS * sizeof *raw;
    strip_progress pg = {ctx->progress, ctx->progress_user, 0, 1, 0.0};
    if (pg.fn) fr_context_set_progress(ctx, strip_progress_cb, &pg);
    for (;;) {
        const double samples = st->samples;
        memset(st, 0, sizeof *st);
        st->samples = samples;
        st->strips = n;
        pg.n = n;
        s = render_n(ctx, whole, n, ops, out, raw, st, &pg);
        /* automatic: a render that still runs out of memory (the budget was
         * an estimate) tries again with twice the strips */
        if (s != FR_ERR_NOMEM || strips || n >= h) break;
        n = n > h / 2 ? h : 2 * n;
        if (raw) memset(raw, 0, raw_bytes);
    }
    st->seconds_setup += query;
    if (pg.fn) fr_context_set_progress(ctx, pg.fn, pg.user);
    return s;
}
