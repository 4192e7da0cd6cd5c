/* A span of one row of deep-zoom samples through the shared per-pixel loop; included
 * by cpu_deep_rows.c (portable) and cpu_deep_rows_fma.c (built with -mfma,
 * where fma() is one instruction instead of a library call). Both give the
 * same bits: fma is exact either way. Define FR_DEEP_SPAN first.
 *
 * (Pixels advanced in turn, two or four at a time so that their dependency
 * chains overlap, measured no faster here: 0.65 s and 0.49 s against 0.45 s
 * at the 1e14 location, 640x360, one thread; their states left the
 * registers.) */
#include "cpu/cpu_deep_store.h"

void FR_DEEP_SPAN(const fr_deep_job *j, fr_escape_job *ej, int sy, int sx0, int sx1, uint64_t *steps,
                  uint64_t *skipped)
{
    const int64_t row = (int64_t)sy * j->sw;
    fr_deep_result r;
    if (j->mode != FR_DEEP_DOUBLE) {
        for (int sx = sx0; sx < sx1; sx++) {
            fr_deep_pixel_fe(j, fr_deep_sample_dc_fe(j, sx, sy), &r);
            fr_cpu_deep_store(j, ej, row + sx, &r, steps, skipped);
        }
        return;
    }
    for (int sx = sx0; sx < sx1; sx++) {
        double dcx, dcy;
        fr_deep_sample_dc_d(j, sx, sy, &dcx, &dcy);
        fr_deep_pixel_d(j, dcx, dcy, &r);
        fr_cpu_deep_store(j, ej, row + sx, &r, steps, skipped);
    }
}
