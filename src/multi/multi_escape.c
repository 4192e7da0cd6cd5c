/* Escape time over a list of devices: the image is cut into bands of
 * rows, which the devices take as they free up (a band of costly pixels
 * keeps its device longer, so the others take more bands). A GPU prepares
 * the render once and writes each band's rows in place (band_run); a
 * device without bands renders each band as a render of its own (the
 * job's row0 places its samples in the image), its pixels and samples
 * copied into the image's rows. Counts do
 * not depend on who computes them, and each band is coloured as the whole
 * image's rows would be, except under histogram colouring, whose ranks need
 * every count at once: that render runs on the list's first device. */
#include <stdlib.h>
#include <string.h>

#include "escape/escape_ops.h"
#include "multi/multi_backend.h"
#include "multi/multi_pool.h"

/* Bands a device should get at least, so that the last ones balance, and
 * samples a band should have at least where a GPU takes part: each band is
 * a render of its own, whose set-up (its buffers) costs milliseconds. */
#define BANDS_PER_DEVICE 8
#define BAND_SAMPLES ((uint64_t)1 << 24)

typedef struct mescape {
    const fr_escape_job *job;
    const float *lut;
    fr_image *image;              /* the whole image, or NULL */
    size_t row_bytes;
    fr_escape_stats st[FR_MAX_DEVICES];
    void *state[FR_MAX_DEVICES];  /* a device's render of bands (band_begin), or NULL */
} mescape;

static const fr_escape_ops *ops_of(const fr_multi_worker *w)
{
    return w->backend->escape ? w->backend->escape : fr_cpu_backend.escape;
}

static fr_status begin_one(fr_multi_worker *w, void *arg)
{
    mescape *m = arg;
    const fr_escape_ops *ops = ops_of(w);
    if (!ops->band_begin) return FR_OK;
    return ops->band_begin(&w->ctx, (fr_escape_job *)m->job, m->lut, m->image != NULL, &m->state[w->index]);
}

/* Rows [y0, y0 + rows) of the image: on a device prepared once
 * (band_run), else as a render of their own. */
static fr_status band(fr_multi_worker *w, uint64_t y0, uint64_t rows, void *arg)
{
    mescape *m = arg;
    const fr_escape_job *job = m->job;
    const fr_escape_ops *ops = ops_of(w);
    if (m->state[w->index])
        return ops->band_run(m->state[w->index], (int)y0, (int)rows, m->image ? m->image->pixels : NULL);
    fr_escape_job b = *job;
    const size_t first = (size_t)y0 * job->aa * job->sw, n = (size_t)rows * job->aa * job->sw;
    b.height = (int)rows;
    b.sh = (int)rows * job->aa;
    b.row0 = job->row0 + (int)y0 * job->aa;
    b.counts = job->counts ? job->counts + first : NULL;
    b.smooth = job->smooth ? job->smooth + first : NULL;
    b.dist = job->dist ? job->dist + first : NULL;
    b.de = job->de ? job->de + 2 * first : NULL;
    fr_escape_stats st = {0};
    fr_image img = {0};
    fr_status s = FR_OK;
    uint32_t *own = NULL;
    const int direct = ops->render && m->image; /* the device writes the band's rows in place */
    if (ops->render) {
        if (direct) img.pixels = (char *)m->image->pixels + m->row_bytes * y0;
        s = ops->render(&w->ctx, &b, m->lut, m->image ? &img : NULL, &st);
    } else {
        /* a backend that only computes: the band's samples here, coloured on the host */
        if (!b.counts) {
            const size_t per = 1 + (b.values != FR_VALUES_NONE) + (b.values == FR_VALUES_DISTANCE);
            if (!(own = malloc(n * per * sizeof *own))) return fr_fail(&w->ctx, FR_ERR_NOMEM, "out of memory");
            b.counts = own;
            if (b.values != FR_VALUES_NONE) b.smooth = (float *)(own + n);
            if (b.values == FR_VALUES_DISTANCE) b.dist = (float *)(own + 2 * n);
        }
        s = ops->compute(&w->ctx, &b, &st.iterations);
        for (size_t i = 0; !s && i < n; i++) st.interior += b.counts[i] >= b.max_iter;
        if (!s && m->image) s = fr_escape_colorize(&w->ctx, &b, &img);
    }
    if (!s && m->image && !direct)
        memcpy((char *)m->image->pixels + m->row_bytes * y0, img.pixels, m->row_bytes * rows);
    if (!direct) fr_image_free(&img);
    free(own);
    fr_escape_stats *t = &m->st[w->index];
    t->iterations += st.iterations, t->interior += st.interior;
    return s;
}

fr_status fr_multi_share_samples(fr_context *ctx, fr_escape_job *job, uint64_t first, uint64_t count)
{
    fr_status s = fr_share_combine(ctx, job->counts + first, count * 4, FR_COMBINE_OR, "samples");
    if (!s && job->smooth) s = fr_share_combine(ctx, job->smooth + first, count * 4, FR_COMBINE_OR, "samples");
    if (!s && job->dist) s = fr_share_combine(ctx, job->dist + first, count * 4, FR_COMBINE_OR, "samples");
    if (!s && job->de) s = fr_share_combine(ctx, job->de + 2 * first, count * 8, FR_COMBINE_OR, "samples");
    return s;
}

static fr_status multi_escape_render(fr_context *ctx, fr_escape_job *job, const float *lut, fr_image *image,
                                     fr_escape_stats *st)
{
    fr_multi_pool pool;
    fr_status s = fr_multi_pool_open(ctx, &pool);
    if (s) return s;
    mescape m = {.job = job, .lut = lut, .image = image};
    const int whole = job->color == FR_COLOR_HISTOGRAM, n = whole ? 1 : pool.n;
    if (image) {
        m.row_bytes = (size_t)job->width * 3 * (job->depth == 16 ? 2 : 1);
        memset(image, 0, sizeof *image);
        /* zeroed: a shared render's processes fill disjoint bands */
        if (!(image->pixels = calloc((size_t)job->height, m.row_bytes))) {
            fr_multi_pool_close(&pool);
            return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a %dx%d image", job->width, job->height);
        }
        image->width = job->width, image->height = job->height, image->depth = job->depth;
    }
    double t0 = fr_now();
    if (whole) {
        /* histogram colouring: the first device renders it whole (in every
         * process of a shared render: the ranks need every count) */
        pool.n = 1;
        if (pool.w[0].backend->bind) s = pool.w[0].backend->bind(&pool.w[0].ctx);
        if (!s) s = band(&pool.w[0], 0, (uint64_t)job->height, &m);
        if (s) fr_multi_fail(&pool, 0, s);
        pool.w[0].units += (uint64_t)job->height;
    } else {
        uint64_t chunk[FR_MAX_DEVICES] = {0};
        const uint64_t row = (uint64_t)job->width * job->aa * job->aa;
        uint64_t rows = (uint64_t)job->height / ((uint64_t)n * BANDS_PER_DEVICE);
        int setup = 0; /* a device whose bands cost a set-up each (a render of its own) */
        for (int k = 0; k < n; k++) setup |= ops_of(&pool.w[k])->render && !ops_of(&pool.w[k])->band_begin;
        if (setup && rows * row < BAND_SAMPLES) rows = (BAND_SAMPLES + row - 1) / row;
        for (int k = 0; k < n; k++) chunk[k] = rows ? rows : 1;
        /* a shared render: this process's cells of rows, 8 a process */
        if (fr_shared(ctx)) {
            pool.grid = (uint64_t)job->height / ((uint64_t)ctx->share_count * BANDS_PER_DEVICE);
            if (!pool.grid) pool.grid = 1;
        }
        s = fr_multi_each(&pool, begin_one, &m);
        if (!s) s = fr_multi_pull(&pool, 0, (uint64_t)job->height, chunk, band, &m);
        for (int k = 0; k < n; k++) {
            if (!m.state[k]) continue;
            fr_status se = ops_of(&pool.w[k])->band_end(m.state[k], s ? NULL : &m.st[k]);
            if (se && !s) s = fr_multi_fail(&pool, k, se);
        }
    }
    for (int k = 0; k < n; k++) st->iterations += m.st[k].iterations, st->interior += m.st[k].interior;
    if (!s && !whole && fr_shared(ctx)) {
        /* every process's bands into every process's image and samples */
        const size_t samples = (size_t)job->sw * job->sh;
        uint64_t tot[2] = {st->iterations, st->interior};
        if (image) s = fr_share_combine(ctx, image->pixels, m.row_bytes * (size_t)job->height, FR_COMBINE_OR, "images");
        if (!s && job->counts) s = fr_multi_share_samples(ctx, job, 0, samples);
        if (!s) s = fr_share_combine(ctx, tot, 2, FR_COMBINE_SUM_U64, "statistics");
        st->iterations = tot[0], st->interior = tot[1];
    }
    st->seconds_iterate = fr_now() - t0;
    fr_multi_note_shares(&pool);
    fr_multi_pool_close(&pool);
    if (s && image) fr_image_free(image);
    return s;
}

const fr_escape_ops fr_multi_escape_ops = {
    .render = multi_escape_render,
};
