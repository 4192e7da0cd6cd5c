/* The scalar reference of the escape-time family: job set-up, per-sample
 * results, and the oracle kernels every faster path is tested against. */
#include <math.h>

#include "escape/escape_job.h"

#define FR_SCALAR_RANGE fr_escape_scalar_range
#include "escape/escape_scalar_body.h"

void fr_escape_job_init(fr_escape_job *job, const fr_escape_params *p)
{
    *job = (fr_escape_job){0};
    job->p = p;
    job->sw = p->width * p->aa;
    job->sh = p->height * p->aa;
    job->step = p->formula == FR_JULIA ? FR_STEP_MANDEL : (int)p->formula;
    if (p->formula == FR_MULTIBROT && p->power == 2) job->step = FR_STEP_MANDEL;
    job->julia = p->formula == FR_JULIA;
    job->power = p->formula == FR_MULTIBROT ? p->power : 2;
    job->bailout = fr_escape_bailout(p);
    job->b2 = job->bailout * job->bailout;
    job->log_bailout = log(job->bailout);
    job->log_power = log((double)job->power);
    job->inv_log_bailout_f = (float)(1.0 / job->log_bailout);
    job->inv_log_power_f = (float)(1.0 / job->log_power);
    job->inv_aa = 1.0 / p->aa;
    job->half_w = 0.5 * p->width;
    job->half_h = 0.5 * p->height;
    job->pixel = p->view_width / p->width;
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
}

double fr_escape_smooth_value(const fr_escape_job *job, uint32_t n, double zx, double zy)
{
    /* n - log_d(log|z_n| / log R): continuous across count boundaries. In
     * float where |z|^2 fits (a colour needs no more), else in double. */
    double m2 = zx * zx + zy * zy;
    if (m2 < 1e30) {
        float log_z = 0.5f * logf((float)m2);
        return (double)n - (double)(logf(log_z * job->inv_log_bailout_f) * job->inv_log_power_f);
    }
    double log_z = 0.5 * log(m2);
    return (double)n - log(log_z / job->log_bailout) / job->log_power;
}

void fr_escape_finish(const fr_escape_job *job, int64_t idx, uint32_t n, double zx, double zy)
{
    job->counts[idx] = n;
    if (job->smooth)
        job->smooth[idx] = n >= job->p->max_iter ? -1.0f : (float)fr_escape_smooth_value(job, n, zx, zy);
}

/* Jacobian of one step at z, A = d f / d z as a real 2x2 matrix; the
 * non-holomorphic formulas need the full matrix. */
static void step_jacobian(const fr_escape_job *job, double x, double y, double a[4])
{
    switch (job->step) {
    case FR_STEP_SHIP: {
        double sx = x < 0 ? -1.0 : 1.0, sy = y < 0 ? -1.0 : 1.0;
        a[0] = 2 * x, a[1] = -2 * y, a[2] = 2 * sx * fabs(y), a[3] = 2 * fabs(x) * sy;
        return;
    }
    case FR_STEP_TRICORN:
        a[0] = 2 * x, a[1] = -2 * y, a[2] = -2 * y, a[3] = -2 * x;
        return;
    case FR_STEP_MULTI: {
        /* d * z^(d-1) */
        double gr = 1.0, gi = 0.0;
        for (int k = 1; k < job->power; k++) {
            double t = gr * x - gi * y;
            gi = gr * y + gi * x;
            gr = t;
        }
        gr *= job->power, gi *= job->power;
        a[0] = gr, a[1] = -gi, a[2] = gi, a[3] = gr;
        return;
    }
    default:
        a[0] = 2 * x, a[1] = -2 * y, a[2] = 2 * y, a[3] = 2 * x;
        return;
    }
}

/* One canonical step in the render's precision (the count must match the
 * other kernels exactly, so z is iterated exactly as they do). */
static void step_z(const fr_escape_job *job, double *x, double *y, double cx, double cy)
{
    if (job->p->precision == FR_F32) {
        float fx = (float)*x, fy = (float)*y;
        fr_step_f(job->step, job->power, &fx, &fy, (float)cx, (float)cy);
        *x = fx, *y = fy;
        return;
    }
    fr_step_d(job->step, job->power, x, y, cx, cy);
}

/* Distance estimation: the count exactly as the reference computes it, plus
 * the Jacobian J = dz/dc (dz/dz0 for Julia) carried in double. The estimate
 * is |z| ln|z| / ||J||, ||J|| the root-mean-square of J's singular values
 * (|dz| for the holomorphic formulas). Periodicity is safe here too. */
uint64_t fr_escape_distance_range(const fr_escape_job *job, int64_t first, int64_t count)
{
    const fr_escape_params *p = job->p;
    const int f32 = p->precision == FR_F32;
    uint64_t total = 0;
    for (int64_t idx = first; idx < first + count; idx++) {
        double re, im;
        fr_escape_sample_point(job, (int)(idx % job->sw), (int)(idx / job->sw), &re, &im);
        if (f32) re = (float)re, im = (float)im;
        double x = 0, y = 0, cx = re, cy = im;
        double j[4] = {0, 0, 0, 0};
        if (job->julia) {
            x = re, y = im;
            cx = f32 ? (float)p->julia_re : p->julia_re;
            cy = f32 ? (float)p->julia_im : p->julia_im;
            j[0] = j[3] = 1.0;
        } else if (job->interior_test && fr_in_cardioid_or_bulb(re, im)) {
            job->counts[idx] = p->max_iter;
            job->dist[idx] = job->smooth[idx] = -1.0f;
            continue;
        }
        double b2 = f32 ? (double)(float)job->b2 : job->b2;
        double px = NAN, py = NAN;
        uint32_t n = 0, save_at = 1;
        for (; n < p->max_iter; n++) {
            double m2 = f32 ? (double)fr_mag2_f((float)x, (float)y) : fr_mag2_d(x, y);
            if (m2 > b2) break;
            double a[4], k[4];
            step_jacobian(job, x, y, a);
            k[0] = a[0] * j[0] + a[1] * j[2];
            k[1] = a[0] * j[1] + a[1] * j[3];
            k[2] = a[2] * j[0] + a[3] * j[2];
            k[3] = a[2] * j[1] + a[3] * j[3];
            if (!job->julia) k[0] += 1.0, k[3] += 1.0;
            j[0] = k[0], j[1] = k[1], j[2] = k[2], j[3] = k[3];
            step_z(job, &x, &y, cx, cy);
            if (job->periodicity) {
                if (x == px && y == py) {
                    total += n + 1;
                    n = p->max_iter;
                    goto done;
                }
                if (n + 1 == save_at) px = x, py = y, save_at = save_at > 0x40000000u ? save_at : save_at * 2;
            }
        }
        total += n;
    done:
        job->counts[idx] = n;
        if (n >= p->max_iter) {
            job->dist[idx] = job->smooth[idx] = -1.0f;
            continue;
        }
        double az = sqrt(x * x + y * y);
        double nj = sqrt(0.5 * (j[0] * j[0] + j[1] * j[1] + j[2] * j[2] + j[3] * j[3]));
        double de = nj > 0 && isfinite(nj) ? az * log(az) / nj : 0.0;
        job->dist[idx] = (float)de;
        job->smooth[idx] = (float)fr_escape_smooth_value(job, n, x, y);
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
