/* The escape-time render job: validated parameters resolved into what the
 * kernels need, plus the host output arrays. Shared by the scalar
 * reference, the SIMD kernels and the backends. Everything the per-sample
 * code reads is a plain field of the job (never through `p`), so the CUDA
 * backend passes the job to its kernels by value. */
#ifndef FR_ESCAPE_JOB_H
#define FR_ESCAPE_JOB_H

#include <math.h>

#include "core/hd.h"
#include "fractalis.h"

/* What a kernel stores beside the count. */
enum { FR_VALUES_NONE = 0, FR_VALUES_SMOOTH = 1, FR_VALUES_DISTANCE = 2 };

typedef struct fr_escape_job {
    const fr_escape_params *p; /* host only */
    int width, height, aa;     /* image and samples per pixel side */
    int sw, sh;                /* sample grid */
    int row0;                  /* the grid's first sample row in the whole image (a band of it: src/multi) */
    int step;                  /* FR_STEP_* (Multibrot d = 2 runs the Mandelbrot step) */
    int julia;                 /* z0 = sample, c = constant */
    int power;                 /* exponent used by the smooth formula */
    int f32;                   /* float32 iteration */
    uint32_t max_iter;
    double center_re, center_im, julia_re, julia_im;
    double bailout, b2, log_bailout, log_power;
    float inv_log_bailout_f, inv_log_power_f;
    double c_safe2;            /* |c|^2 bound of the late escape test (see escape_step.h) */
    double inv_aa, half_w, half_h, pixel, cos_r, sin_r;
    int interior_test, periodicity;
    int values;                /* FR_VALUES_* */
    /* Shading */
    int color, depth;          /* fr_color_mode, 8 or 16 */
    double inv_cycle, palette_offset, palette_span;
    float interior_rgb[3];     /* [0, 1] */
    /* Host output arrays */
    uint32_t *counts;          /* sw * sh */
    float *smooth;             /* sw * sh, or NULL */
    float *dist;               /* sw * sh, or NULL (distance mode) */
    float *de;                 /* 2 sw * sh: the directional distance estimate
                                  (fr_escape_extra.de), or NULL; needs values
                                  FR_VALUES_DISTANCE */
    /* The exponential map's log-polar grid (src/deep/deep_expmap.c) instead
     * of the view's, when pol_dir is not NULL: sample (sx, sy) at
     * centre + pol_rad[sy + row0] * (pol_dir[2 sx], pol_dir[2 sx + 1]), each
     * part rounded once for the product and once for the sum. Host arrays:
     * the CPU kernels only (every one of them maps through
     * fr_escape_sample_point). */
    const double *pol_dir;     /* 2 sw: cos, sin of each column's angle */
    const double *pol_rad;     /* each row's radius */
} fr_escape_job;

/* Fill everything but the arrays from validated parameters. */
void fr_escape_job_init(fr_escape_job *job, const fr_escape_params *p);
/* The name of the first parameter in which a and b differ, besides the
 * centre and width (fr_escape_render_batch's tiles), or NULL. */
const char *fr_escape_params_differ(const fr_escape_params *a, const fr_escape_params *b);

/* The point of the complex plane a sample stands for, in double. This is
 * the one mapping every backend uses (computed without contraction). */
FR_HD void fr_escape_sample_point(const fr_escape_job *job, int sx, int sy, double *re, double *im)
{
    if (job->pol_dir) {
        const double r = job->pol_rad[sy + job->row0];
        *re = job->center_re + r * job->pol_dir[2 * sx];
        *im = job->center_im + r * job->pol_dir[2 * sx + 1];
        return;
    }
    double u = ((double)sx + 0.5) * job->inv_aa - job->half_w;
    double v = job->half_h - ((double)(sy + job->row0) + 0.5) * job->inv_aa;
    double dx = u * job->pixel, dy = v * job->pixel;
    *re = job->center_re + (dx * job->cos_r - dy * job->sin_r);
    *im = job->center_im + (dx * job->sin_r + dy * job->cos_r);
}

/* The smooth (normalized iteration count) value of an escaped sample:
 * n - log_d(log|z_n| / log R), continuous across count boundaries. In float
 * where |z|^2 fits (a colour needs no more), else in double. */
FR_HD double fr_escape_smooth_value(const fr_escape_job *job, uint32_t n, double zx, double zy)
{
    double m2 = zx * zx + zy * zy;
    if (!(m2 < HUGE_VAL)) return (double)n - 1.0; /* z overflowed: escaped at once */
    if (m2 < 1e30) {
        float log_z = 0.5f * logf((float)m2);
        return (double)n - (double)(logf(log_z * job->inv_log_bailout_f) * job->inv_log_power_f);
    }
    double log_z = 0.5 * log(m2);
    return (double)n - log(log_z / job->log_bailout) / job->log_power;
}

/* The value stored beside a count: -1 for interior samples. */
FR_HD float fr_escape_value(const fr_escape_job *job, uint32_t n, double zx, double zy)
{
    return n >= job->max_iter ? -1.0f : (float)fr_escape_smooth_value(job, n, zx, zy);
}

/* Record one finished sample: count n and, for escaped samples, the first
 * z beyond the bailout (for the smooth value). Used by every CPU kernel so
 * that derived values are identical too. */
void fr_escape_finish(const fr_escape_job *job, int64_t idx, uint32_t n, double zx, double zy);

/* The portable scalar reference over samples [first, first + count)
 * (backends' faster kernels must equal it); returns the iteration steps
 * performed. */
uint64_t fr_escape_scalar_range(const fr_escape_job *job, int64_t first, int64_t count);
/* Distance estimation (count plus derivative): scalar, any formula. */
uint64_t fr_escape_distance_range(const fr_escape_job *job, int64_t first, int64_t count);

/* KF's IterationsBias: N of an escaped sample is never 0 (KF's "not
 * computed") even where nu < 1 (a Julia start beyond the bailout). */
#define FR_KF_BIAS 1024
/* KF's N and NF of one escaped sample from its count and smooth value
 * (the EXR layout at fr_escape_write_exr). */
void fr_escape_kf_count(uint32_t n, float smooth, uint32_t *N, float *NF);

/* Colour the samples into an image (AA downsample included). */
fr_status fr_escape_colorize(fr_context *ctx, const fr_escape_job *job, fr_image *image);
/* The colour of every sample, before any anti-aliasing average, in linear
 * light: rgb[3 i + c] (the EXR's R, G, B). */
fr_status fr_escape_shade_samples(fr_context *ctx, const fr_escape_job *job, float *rgb);

#endif
