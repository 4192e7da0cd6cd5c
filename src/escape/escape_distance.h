/* Distance estimation for one sample, shared by the CPU reference and the
 * CUDA kernels: the count exactly as every other kernel computes it (z is
 * iterated with the canonical step in the render's precision), plus the
 * Jacobian J = dz/dc (dz/dz0 for Julia) carried in double. The estimate is
 * |z| ln|z| / ||J||, ||J|| the root-mean-square of J's singular values
 * (|dz| for the holomorphic formulas), and its direction J^-1 z (z / dz for
 * the holomorphic ones: Kalles Fraktaler's z log|z| / dz). Periodicity is
 * safe here too. */
#ifndef FR_ESCAPE_DISTANCE_H
#define FR_ESCAPE_DISTANCE_H

#include "escape/escape_job.h"
#include "escape/escape_step.h"

/* Jacobian of one step at z, A = d f / d z as a real 2x2 matrix; the
 * non-holomorphic formulas need the full matrix. */
FR_HD void fr_step_jacobian(int step, int power, double x, double y, double a[4])
{
    switch (step) {
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
        for (int k = 1; k < power; k++) {
            double t = gr * x - gi * y;
            gi = gr * y + gi * x;
            gr = t;
        }
        gr *= power, gi *= power;
        a[0] = gr, a[1] = -gi, a[2] = gi, a[3] = gr;
        return;
    }
    default:
        a[0] = 2 * x, a[1] = -2 * y, a[2] = 2 * y, a[3] = 2 * x;
        return;
    }
}

/* The directional distance estimate of an escaped sample (fr_escape_extra.de):
 * the estimate `de` (in the complex plane) along J^-1 z, converted to
 * sample spacings in the grid's frame (x right, y down the rows; the view's
 * rotation undone). J^-1 z has the direction of sign(det J) adj(J) z, taken
 * from J scaled to its largest entry so that nothing overflows; (0, 0)
 * where J is singular or the estimate is 0. */
FR_HD void fr_escape_de_vector(const fr_escape_job *job, const double j[4], double x, double y, double de, float dv[2])
{
    double m = fmax(fmax(fabs(j[0]), fabs(j[1])), fmax(fabs(j[2]), fabs(j[3])));
    dv[0] = dv[1] = 0.0f;
    if (!(de > 0) || !(m > 0) || !isfinite(m)) return;
    double a = j[0] / m, b = j[1] / m, c = j[2] / m, d = j[3] / m;
    double det = a * d - b * c;
    if (!(det != 0)) return;
    double wx = d * x - b * y, wy = a * y - c * x;
    if (det < 0) wx = -wx, wy = -wy;
    double wn = sqrt(wx * wx + wy * wy);
    if (!(wn > 0) || !isfinite(wn)) return;
    double s = de / (job->pixel * job->inv_aa) / wn;
    dv[0] = (float)(s * (wx * job->cos_r + wy * job->sin_r));
    dv[1] = (float)(s * (wx * job->sin_r - wy * job->cos_r));
}

/* One sample at (re, im): *n, *smooth and *dist (both -1 for interior),
 * and, when dv is not NULL, the directional estimate into dv[0..1] ((0, 0)
 * for interior). Returns the steps performed. */
FR_HD uint64_t fr_escape_distance_sample(const fr_escape_job *job, double re, double im, uint32_t *n_out,
                                         float *smooth, float *dist, float *dv)
{
    if (dv) dv[0] = dv[1] = 0.0f;
    const int f32 = job->f32;
    const uint32_t max_iter = job->max_iter;
    if (f32) re = (float)re, im = (float)im;
    double x = 0, y = 0, cx = re, cy = im;
    double j[4] = {0, 0, 0, 0};
    if (job->julia) {
        x = re, y = im;
        cx = f32 ? (float)job->julia_re : job->julia_re;
        cy = f32 ? (float)job->julia_im : job->julia_im;
        j[0] = j[3] = 1.0;
    } else if (job->interior_test && fr_in_cardioid_or_bulb(re, im)) {
        *n_out = max_iter;
        *dist = *smooth = -1.0f;
        return 0;
    }
    const double b2 = f32 ? (double)(float)job->b2 : job->b2;
    double px = NAN, py = NAN;
    uint32_t n = 0, save_at = 1;
    uint64_t steps = 0;
    int cycle = 0;
    for (; n < max_iter; n++) {
        double m2 = f32 ? (double)fr_mag2_f((float)x, (float)y) : fr_mag2_d(x, y);
        if (m2 > b2) break;
        double a[4], k[4];
        fr_step_jacobian(job->step, job->power, x, y, a);
        k[0] = a[0] * j[0] + a[1] * j[2];
        k[1] = a[0] * j[1] + a[1] * j[3];
        k[2] = a[2] * j[0] + a[3] * j[2];
        k[3] = a[2] * j[1] + a[3] * j[3];
        if (!job->julia) k[0] += 1.0, k[3] += 1.0;
        j[0] = k[0], j[1] = k[1], j[2] = k[2], j[3] = k[3];
        if (f32) {
            float fx = (float)x, fy = (float)y;
            fr_step_f(job->step, job->power, &fx, &fy, (float)cx, (float)cy);
            x = fx, y = fy;
        } else {
            fr_step_d(job->step, job->power, &x, &y, cx, cy);
        }
        if (job->periodicity) {
            if (x == px && y == py) {
                cycle = 1;
                break;
            }
            if (n + 1 == save_at) px = x, py = y, save_at = save_at > 0x40000000u ? save_at : save_at * 2;
        }
    }
    if (cycle) steps = (uint64_t)n + 1, n = max_iter;
    else steps = n;
    *n_out = n;
    if (n >= max_iter) {
        *dist = *smooth = -1.0f;
        return steps;
    }
    double az = sqrt(x * x + y * y);
    double nj = sqrt(0.5 * (j[0] * j[0] + j[1] * j[1] + j[2] * j[2] + j[3] * j[3]));
    double de = nj > 0 && isfinite(nj) ? az * log(az) / nj : 0.0;
    *dist = (float)de;
    *smooth = (float)fr_escape_smooth_value(job, n, x, y);
    if (dv) fr_escape_de_vector(job, j, x, y, de, dv);
    return steps;
}

#endif
