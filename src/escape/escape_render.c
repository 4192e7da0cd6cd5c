/* Escape-time rendering: validate, run the backend over all samples, colour
 * and downsample. */
#include <stdlib.h>
#include <string.h>

#include "core/backend.h"
#include "core/context.h"
#include "escape/escape_job.h"

void fr_image_free(fr_image *img);

void fr_escape_raw_free(fr_escape_raw *raw)
{
    if (!raw) return;
    free(raw->counts);
    free(raw->values);
    memset(raw, 0, sizeof *raw);
}

fr_status fr_escape_render(fr_context *ctx, const fr_escape_params *p, fr_image *image, fr_escape_raw *raw,
                           fr_escape_stats *stats)
{
    fr_status s;
    if (!ctx) return FR_ERR_INVALID;
    if (!p || (!image && !raw)) return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_render: nothing to render into");
    if ((s = fr_escape_params_validate(ctx, p))) return s;

    fr_escape_job job;
    fr_escape_job_init(&job, p);
    const size_t n = (size_t)job.sw * (size_t)job.sh;
    job.counts = malloc(n * sizeof *job.counts);
    if (job.values != FR_VALUES_NONE) job.smooth = malloc(n * sizeof *job.smooth);
    if (job.values == FR_VALUES_DISTANCE) job.dist = malloc(n * sizeof *job.dist);
    if (!job.counts || (job.values && !job.smooth) || (job.values == FR_VALUES_DISTANCE && !job.dist)) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for %zu samples (%dx%d, aa %d)", n, p->width, p->height,
                    p->aa);
        goto out;
    }

    fr_escape_stats st = {0};
    st.samples = n;
    double t0 = fr_now();
    if ((s = fr_backend_current(ctx)->escape_compute(ctx, &job, &st.iterations))) goto out;
    double t1 = fr_now();
    st.seconds_iterate = t1 - t0;
    for (size_t i = 0; i < n; i++) st.interior += job.counts[i] >= p->max_iter;

    if (image) {
        memset(image, 0, sizeof *image);
        if ((s = fr_escape_colorize(ctx, &job, p->depth, image))) goto out;
    }
    st.seconds_color = fr_now() - t1;
    if (stats) *stats = st;
    if (raw) {
        raw->width = job.sw, raw->height = job.sh;
        raw->counts = job.counts;
        raw->values = job.values == FR_VALUES_DISTANCE ? job.dist : job.smooth;
        job.counts = NULL;
        if (job.values == FR_VALUES_DISTANCE) job.dist = NULL;
        else job.smooth = NULL;
    }
out:
    free(job.counts);
    free(job.smooth);
    free(job.dist);
    return s;
}
