/* One row of deep-zoom samples through the shared per-pixel loop; included
 * by cpu_deep_rows.c (portable) and cpu_deep_rows_fma.c (built with -mfma,
 * where fma() is one instruction instead of a library call). Both give the
 * same bits: fma is exact either way. Define FR_DEEP_ROW first.
 *
 * In double mode FR_DEEP_LANES pixels advance in turn, one step each: a
 * step's latency is a chain of dependent additions and fmas, and
 * independent pixels fill each other's gaps. Each pixel's arithmetic is
 * the same as alone (fr_deep_step_d), so its bits are too. */
#include "deep/deep_pixel.h"

#define FR_DEEP_LANES 4

static void store(const fr_deep_job *j, fr_escape_job *ej, int64_t idx, const fr_deep_result *r, uint64_t *steps,
                  uint64_t *skipped)
{
    ej->counts[idx] = r->n;
    if (ej->smooth) ej->smooth[idx] = fr_escape_value(ej, r->n, r->wx, r->wy);
    if (ej->dist) ej->dist[idx] = r->n >= j->max_iter ? -1.0f : (float)r->dist_px;
    *steps += r->steps, *skipped += r->skipped;
}

void FR_DEEP_ROW(const fr_deep_job *j, fr_escape_job *ej, int sy, uint64_t *steps, uint64_t *skipped)
{
    const int64_t row = (int64_t)sy * j->sw;
    fr_deep_result r;
    if (j->mode != FR_DEEP_DOUBLE) {
        for (int sx = 0; sx < j->sw; sx++) {
            fr_deep_pixel_fe(j, fr_deep_sample_dc_fe(j, sx, sy), &r);
            store(j, ej, row + sx, &r, steps, skipped);
        }
        return;
    }
    fr_deep_state_d st[FR_DEEP_LANES];
    int at[FR_DEEP_LANES], next = 0, live = 0;
    for (int l = 0; l < FR_DEEP_LANES; l++) {
        at[l] = -1;
        if (next < j->sw) {
            double dcx, dcy;
            fr_deep_sample_dc_d(j, next, sy, &dcx, &dcy);
            fr_deep_start_d(&st[l], dcx, dcy);
            at[l] = next++, live++;
        }
    }
    while (live) {
        for (int l = 0; l < FR_DEEP_LANES; l++) {
            if (at[l] < 0 || !fr_deep_step_d(j, &st[l], &r)) continue;
            store(j, ej, row + at[l], &r, steps, skipped);
            at[l] = -1, live--;
            if (next < j->sw) {
                double dcx, dcy;
                fr_deep_sample_dc_d(j, next, sy, &dcx, &dcy);
                fr_deep_start_d(&st[l], dcx, dcy);
                at[l] = next++, live++;
            }
        }
    }
}
