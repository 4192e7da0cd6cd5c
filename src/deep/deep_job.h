/* The deep-zoom render job: the reference orbit, its BLA tables and the
 * view, as plain arrays and fields, so a backend (CPU or CUDA)
 * hands the same job to its per-pixel loop (deep_pixel.h). Built once on
 * the host by deep_render.c; every backend reads the same tables. */
#ifndef FR_DEEP_JOB_H
#define FR_DEEP_JOB_H

#include <stdint.h>

#include "deep/deep_fe.h"
#include "escape/escape_job.h"

/* Number types of the per-pixel loop. */
enum { FR_DEEP_DOUBLE = 1, /* deltas in double (pixel spacing >= 1e-290) */
       FR_DEEP_FE = 2 };   /* extended range: fr_fe while tiny, double once large */

/* One BLA step of length l from reference index m: z -> A z + B dc, valid
 * while max(|Re z|, |Im z|) < r. Double form (the test, and the step in
 * double mode) and extended form (the step in extended-range mode). */
typedef struct fr_bla_d {
    double ax, ay, bx, by;
    double r;     /* max-norm validity radius; 0 where it underflows a double */
    uint32_t l;
} fr_bla_d;
typedef struct fr_bla_fe {
    fr_fec a, b;
    fr_fe r;
} fr_bla_fe;

/* The non-conformal formulas' steps are real-linear, not complex-linear:
 * a BLA step there is z -> a z + aq conj(z) + b dc + bq conj(dc) (any real
 * 2x2 matrix is such a pair: the Tricorn's steps are conjugate-linear, the
 * Burning Ship's either complex- or conjugate-linear by the sign of X Y);
 * the q parts, beside the tables. */
typedef struct fr_bla_q_d {
    double aqx, aqy, bqx, bqy;
} fr_bla_q_d;
typedef struct fr_bla_q_fe {
    fr_fec aq, bq;
} fr_bla_q_fe;

/* Doubles a reference record takes in fr_deep_job.Z: x, y, radius, padding. */
#define FR_DEEP_ZREC 4

#define FR_BLA_MAX_LEVELS 32
#define FR_DEEP_MAX_POWER 64

typedef struct fr_deep_job {
    int mode;                 /* FR_DEEP_* */
    int power;                /* d of z^d + c: 2 (Mandelbrot) or 3 .. FR_DEEP_MAX_POWER (Multibrot) */
    int conj;                 /* Tricorn: conj(z)^2 + c */
    int ship;                 /* Burning Ship: (|x| + i|y|)^2 + c */
    double binom[FR_DEEP_MAX_POWER + 1]; /* C(d, k) */
    uint32_t max_iter, M;     /* reference: Z_0 .. Z_M (Z_M escaped, or M = max_iter) */
    double b2;                /* bailout^2 */
    const double *Z;          /* FR_DEEP_ZREC (M + 1) doubles, a record per m: Z_m's x, y, the radius of
                                 level 0's BLA step at m (0 at m = 0 and m = M), 0: what every step reads,
                                 one 32-byte aligned record (one memory sector on a GPU) */
    const fr_fec *Zfe;        /* M + 1 (FR_DEEP_FE) */
    int levels;               /* BLA levels */
    uint32_t level_off[FR_BLA_MAX_LEVELS], level_n[FR_BLA_MAX_LEVELS];
    const fr_bla_d *bla;      /* all levels, level_off[k] .. + level_n[k] */
    const fr_bla_fe *blafe;   /* same layout (FR_DEEP_FE) */
    const fr_bla_q_d *blaq;   /* Tricorn, Burning Ship: the conjugate parts, same layout */
    const fr_bla_q_fe *blaqfe;
    /* The view: dc of sample (sx, sy) = rot(u, v) * pixel, (u, v) the
     * sample's offset from the centre in pixels (deep_pixel.h) */
    double pixel_d;           /* pixel spacing (view width / image width) in double (FR_DEEP_DOUBLE) */
    fr_fe pixel_fe;           /* the same, extended */
    double inv_aa, half_w, half_h, cos_r, sin_r;
    /* A reference away from the view's centre (fr_escape_params.
     * reference_text): off = centre - reference, rounded from MPFR, added
     * to every sample's delta; has_off 0 (a reference at the centre) leaves
     * the deltas as they were, bit for bit */
    int has_off;
    double off_x, off_y;      /* FR_DEEP_DOUBLE */
    fr_fec off_fe;            /* FR_DEEP_FE */
    int sw, sh;
    int derivative;           /* carry dz/dc (distance estimation) */
    int cycles;               /* exact cycle detection at rebases (the view's periodicity; deep_pixel.h) */
    /* The exponential map (deep_expmap.c) samples a log-polar grid instead
     * of the view's: polar nonzero, sample (sx, sy)'s delta is
     * (rad[sy].m * dir[2 sx], rad[sy].m * dir[2 sx + 1]) * 2^rad[sy].e, one
     * rounding a part (the product; the power of two is exact), the same
     * in both number types. The host makes both tables (libm's exp, sin
     * and cos never run on a device), so every backend reads the same
     * deltas; the view fields above are then unused but for has_off. */
    int polar;
    const double *pol_dir;    /* 2 sw: cos, sin of each column's angle */
    const fr_fe *pol_rad;     /* sh: each row's radius */
} fr_deep_job;

#endif
