/* The scalar reference of the escape-time family: job set-up, per-sample
 * results, and the oracle kernels every faster path is tested against. */
#include "deep/deep_view.h"
#include <math.h>

#include "escape/escape_distance.h"
#include "escape/escape_job.h"

#define FR_SCALAR_RANGE fr_escape_scalar_range
#include "escape/escape_scalar_body.h"

void fr_escape_job_init(fr_escape_job *job, const fr_escape_params *p)
{
    *job = (fr_escape_job){0};
    job->p = p;
    job->width = p->width, job->height = p->height, job->aa = p->aa;
    job->sw = p->width * p->aa;
    job->sh = p->height * p->aa;
    job->step = p->formula == FR_JULIA ? FR_STEP_MANDEL : (int)p->formula;
    if (p->formula == FR_MULTIBROT && p->power == 2) job->step = FR_STEP_MANDEL;
    job->julia = p->formula == FR_JULIA;
    job->f32 = p->precision == FR_F32;
    job->max_iter = p->max_iter;
    job->center_re = p->center_re, job->center_im = p->center_im;
    job->julia_re = p->julia_re, job->julia_im = p->julia_im;
    job->power = p->formula == FR_MULTIBROT ? p->power : 2;
    job->bailout = fr_escape_bailout(p);
    job->b2 = job->bailout * job->bailout;
    job->log_bailout = log(job->bailout);
    job->log_power = log((double)job->power);
    job->inv_log_bailout_f = (float)(1.0 / job->log_bailout);
    job->inv_log_power_f = (float)(1.0 / job->log_power);
    /* Above this |c|^2 an escaped orbit may come back inside the bailout
     * within a few steps, so the late (end-of-block) escape test of the fast
     * kernels is not exact there: such samples take the per-step loop. For
     * |c| <= 0.999 (R^2 - R) and R >= 2, |z'| >= |z|^2 - |c| > |z| once
     * |z| > R, with a margin far above rounding. */
    double c_safe = 0.999 * (job->bailout * job->bailout - job->bailout);
    job->c_safe2 = job->bailout >= 2.0 ? c_safe * c_safe : -1.0;
    job->inv_aa = 1.0 / p->aa;
    job->half_w = 0.5 * p->width;
    job->half_h = 0.5 * p->height;
    /* Deep views (deep/) store distances in pixels: a pixel of 1. */
    job->pixel = fr_escape_is_deep(p) ? 1.0 : p->view_width / p->width;
    /* Exact for the common angles so an unrotated view maps exactly. */
    double r = fmod(p->rotate_deg, 360.0);
    if (r < 0) r += 360.0;
    if (r == 0.0) job->cos_r = 1.0, job->sin_r = 0.0;
    else if (r == 90.0) job->cos_r = 0.0, job->sin_r = 1.0;
    else if (r == 180.0) job->cos_r = -1.0, job->sin_r = 0.0;
    else if (r == 270.0) job->cos_r = 0.0, job->sin_r = -1.0;
    else job->cos_r = cos(r * (M_PI / 180.0)), job->sin_r = sin(r * (M_PI / 180.0));
    job->interior_test = p->interior_test && !job->julia && job->step == FR_STEP_MANDEL;
    job->periodicity = p->periodicity != 0;
    job->values = p->color == FR_COLOR_COUNT      ? FR_VALUES_NONE
                  : p->color == FR_COLOR_DISTANCE ? FR_VALUES_DISTANCE
                                                  : FR_VALUES_SMOOTH;
    job->color = (int)p->color;
    job->depth = p->depth;
    job->inv_cycle = 1.0 / fr_escape_palette_cycle(p);
    job->palette_offset = p->palette_offset;
    job->palette_span = p->palette.count > 1 ? p->palette.pos[p->palette.count - 1] : 0;
    for (int c = 0; c < 3; c++) job->interior_rgb[c] = p->interior[c] / 255.0f;
}

void fr_escape_finish(const fr_escape_job *job, int64_t idx, uint32_t n, double zx, double zy)
{
    job->counts[idx] = n;
    if (job->smooth) job->smooth[idx] = fr_escape_value(job, n, zx, zy);
}

/* Distance estimation over a range of samples (escape_distance.h). */
uint64_t fr_escape_distance_range(const fr_escape_job *job, int64_t first, int64_t count)
{
    uint64_t total = 0;
    for (int64_t idx = first; idx < first + count; idx++) {
        double re, im;
        fr_escape_sample_point(job, (int)(idx % job->sw), (int)(idx / job->sw), &re, &im);
        total += fr_escape_distance_sample(job, re, im, &job->counts[idx], &job->smooth[idx], &job->dist[idx],
                                           job->de ? job->de + 2 * idx : NULL);
    }
    return total;
}

int fr_mandelbrot_interior(double re, double im) { return fr_in_cardioid_or_bulb(re, im); }

uint32_t fr_escape_count(const fr_escape_params *p, double re, double im)
{
    fr_escape_job job;
    fr_escape_job_init(&job, p);
    uint32_t steps;
    if (p->precision == FR_F32) {
        float x = 0, y = 0, cx = (float)re, cy = (float)im;
        if (job.julia) x = cx, y = cy, cx = (float)p->julia_re, cy = (float)p->julia_im;
        return fr_iterate_f(job.step, job.power, &x, &y, cx, cy, p->max_iter, (float)job.b2, 0, &steps);
    }
    double x = 0, y = 0, cx = re, cy = im;
    if (job.julia) x = cx, y = cy, cx = p->julia_re, cy = p->julia_im;
    return fr_iterate_d(job.step, job.power, &x, &y, cx, cy, p->max_iter, job.b2, 0, &steps);
}
