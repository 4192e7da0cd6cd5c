/* One row of deep-zoom samples through the shared per-pixel loop; included
 * by cpu_deep_rows.c (portable) and cpu_deep_rows_fma.c (built with -mfma,
 * where fma() is one instruction instead of a library call). Both give the
 * same bits: fma is exact either way. Define FR_DEEP_ROW first. */
#include "deep/deep_pixel.h"

void FR_DEEP_ROW(const fr_deep_job *j, fr_escape_job *ej, int sy, uint64_t *steps, uint64_t *skipped)
{
    for (int sx = 0; sx < j->sw; sx++) {
        fr_deep_result r;
        if (j->mode == FR_DEEP_DOUBLE) {
            double dcx, dcy;
            fr_deep_sample_dc_d(j, sx, sy, &dcx, &dcy);
            fr_deep_pixel_d(j, dcx, dcy, &r);
        } else {
            fr_deep_pixel_fe(j, fr_deep_sample_dc_fe(j, sx, sy), &r);
        }
        const int64_t idx = (int64_t)sy * j->sw + sx;
        ej->counts[idx] = r.n;
        if (ej->smooth) ej->smooth[idx] = fr_escape_value(ej, r.n, r.wx, r.wy);
        if (ej->dist) ej->dist[idx] = r.n >= j->max_iter ? -1.0f : (float)r.dist_px;
        *steps += r.steps, *skipped += r.skipped;
    }
}
