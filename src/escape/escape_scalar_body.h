/* The scalar kernel body, included by escape_reference.c (portable build)
 * and src/cpu/escape_scalar_fma.c (built with -mfma). Define
 * FR_SCALAR_RANGE to the function name before including. */
#include "escape/escape_job.h"
#include "escape/escape_step.h"

/* Call the reference loop with a literal formula code, so each formula gets
 * its own specialised loop. */
#define FR_ITERATE_SPECIALISED(FN, f, ...)                                                  \
    ((f) == FR_STEP_SHIP      ? FN(FR_STEP_SHIP, __VA_ARGS__)                               \
     : (f) == FR_STEP_TRICORN ? FN(FR_STEP_TRICORN, __VA_ARGS__)                            \
     : (f) == FR_STEP_MULTI   ? FN(FR_STEP_MULTI, __VA_ARGS__)                              \
                              : FN(FR_STEP_MANDEL, __VA_ARGS__))

uint64_t FR_SCALAR_RANGE(const fr_escape_job *job, int64_t first, int64_t count)
{
    const fr_escape_params *p = job->p;
    const uint32_t max_iter = p->max_iter;
    const int f = job->step, d = job->power;
    uint64_t total = 0;
    for (int64_t idx = first; idx < first + count; idx++) {
        double re, im;
        fr_escape_sample_point(job, (int)(idx % job->sw), (int)(idx / job->sw), &re, &im);
        uint32_t n, steps;
        double zx, zy;
        if (p->precision == FR_F32) {
            float sx = (float)re, sy = (float)im;
            float x = 0.0f, y = 0.0f, cx = sx, cy = sy;
            if (job->julia) {
                x = sx;
                y = sy;
                cx = (float)p->julia_re;
                cy = (float)p->julia_im;
            } else if (job->interior_test && fr_in_cardioid_or_bulb(sx, sy)) {
                fr_escape_finish(job, idx, max_iter, 0.0, 0.0);
                continue;
            }
            n = FR_ITERATE_SPECIALISED(fr_iterate_f, f, d, &x, &y, cx, cy, max_iter, (float)job->b2, job->periodicity, &steps);
            zx = x;
            zy = y;
        } else {
            double x = 0.0, y = 0.0, cx = re, cy = im;
            if (job->julia) {
                x = re;
                y = im;
                cx = p->julia_re;
                cy = p->julia_im;
            } else if (job->interior_test && fr_in_cardioid_or_bulb(re, im)) {
                fr_escape_finish(job, idx, max_iter, 0.0, 0.0);
                continue;
            }
            n = FR_ITERATE_SPECIALISED(fr_iterate_d, f, d, &x, &y, cx, cy, max_iter, job->b2, job->periodicity, &steps);
            zx = x;
            zy = y;
        }
        total += steps;
        fr_escape_finish(job, idx, n, zx, zy);
    }
    return total;
}
