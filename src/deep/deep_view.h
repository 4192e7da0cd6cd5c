/* Deep zoom on the host: the exact view (MPFR), the reference orbit
 * (deep_reference.c), the BLA tables (deep_bla.c) and the render that ties
 * them to a backend (deep_render.c). */
#ifndef FR_DEEP_VIEW_H
#define FR_DEEP_VIEW_H

#include <mpfr.h>

#include "deep/deep_job.h"
#include "fractalis.h"

/* The view's exact centre and pixel spacing. */
typedef struct fr_deep_view {
    mpfr_prec_t bits;   /* precision of the reference orbit */
    mpfr_t cr, ci;      /* the reference orbit's point: the centre, exactly as given, or
                           fr_escape_params.reference_text */
    fr_fe pixel;        /* pixel spacing: view width / image width */
    int has_off;        /* the reference is not the centre: */
    double off_x, off_y; /* centre - reference, rounded to double */
    fr_fec off_fe;      /* the same in extended range */
    double off_px;      /* |centre - reference| in pixels */
} fr_deep_view;

fr_status fr_deep_view_init(fr_context *ctx, const fr_escape_params *p, fr_deep_view *v);
void fr_deep_view_clear(fr_deep_view *v);

/* The view's width as an extended-range number. */
fr_fe fr_escape_view_width_fe(const fr_escape_params *p);

/* The reference orbit: Z_0 .. Z_M as doubles (3 per point: x, y, and the
 * BLA tables' level-0 radius, filled by fr_deep_bla_build), and as fr_fec
 * when asked. */
typedef struct fr_deep_orbit {
    double *Z;
    fr_fec *Zfe;
    uint32_t M;
    uint32_t period; /* the orbit came back to a state of `period` steps before, bit for bit: the steps after
                        that were copied, not computed (0: none) */
} fr_deep_orbit;

fr_status fr_deep_reference(fr_context *ctx, const fr_deep_view *v, int power, int conj, int ship, uint32_t max_iter,
                            double b2, int want_fe, fr_deep_orbit *o);
void fr_deep_orbit_free(fr_deep_orbit *o);

/* BLA tables over the reference orbit. */
typedef struct fr_deep_bla {
    fr_bla_d *d;
    fr_bla_fe *fe;      /* extended-range mode only */
    fr_bla_q_d *qd;     /* Tricorn and Burning Ship only */
    fr_bla_q_fe *qfe;   /* the same in extended range only */
    int levels;
    uint32_t off[FR_BLA_MAX_LEVELS], n[FR_BLA_MAX_LEVELS];
} fr_deep_bla;

/* eps: relative size of the dropped z^2 term a BLA step may ignore; dcmax:
 * the largest |dc| of the image. */
fr_status fr_deep_bla_build(fr_context *ctx, fr_deep_orbit *o, int power, int conj, int ship, fr_fe dcmax, double eps,
                            int want_fe, fr_deep_bla *t);
void fr_deep_bla_free(fr_deep_bla *t);

/* 1 for the formulas perturbation renders (Julia sets are not among them). */
int fr_deep_formula_ok(fr_formula f);

/* 1 when a view needs perturbation (see fr_escape_params.perturbation). */
int fr_escape_is_deep(const fr_escape_params *p);

/* The pieces of a deep render, for fr_deep_compute and the exponential
 * map (deep_expmap.c), which runs several jobs over one orbit. */
/* Plain float64 gives way to perturbation when a pixel is narrower than
 * this fraction of the centre's magnitude (float64's rounding of c alone is
 * then 2^-21 of a pixel). Measured against the MPFR oracle near the KF 1e14
 * location (4036 iterations, 2000 pixels a width): plain float64 keeps
 * 99.9 % of the counts down to 2^-33 (width 1e-7 at 640 pixels) and falls
 * to 99.5 % at 2^-37 and 99.2 % at 2^-40, where perturbation keeps them
 * all (docs/PERFORMANCE.md, "Deep zoom: where float64 stops"). */
#define FR_PERTURB_BELOW 0x1p-32
/* Deltas stay in double down to this sample spacing (extended range below). */
#define FR_DOUBLE_PIXEL_MIN 1e-290
/* BLA's tolerance (FR_BLA_EPS, or the measuring knob FR_BLA_EPS_LOG2). */
double fr_deep_bla_eps(void);
/* The formula fields of a deep job for p (power, conj, ship, binom,
 * max_iter, b2). */
void fr_deep_job_formula(fr_deep_job *j, const fr_escape_params *p, double b2);
/* The reference orbit of view v for j's formula: from the context's cache
 * when it serves (p->reference_text given), else computed; *o is what the
 * render reads, *own what the caller frees (fr_deep_orbit_free) after it.
 * Adds to st->seconds_reference; sets reference_iterations and
 * reference_reused. */
fr_status fr_deep_orbit_get(fr_context *ctx, const fr_escape_params *p, const fr_deep_view *v, const fr_deep_job *j,
                            int want_fe, fr_deep_orbit *own, fr_deep_orbit *o, fr_escape_stats *st);
struct fr_escape_job;
struct fr_deep_totals;
/* Every sample of job j (j->sw x j->sh) through the context's backend into
 * ej's arrays (a cancel through the progress callback: FR_ERR_CANCELLED). */
fr_status fr_deep_run(fr_context *ctx, const fr_deep_job *j, struct fr_escape_job *ej, struct fr_deep_totals *tot);
/* Fill the escape job's sample arrays for a deep view; fills the deep
 * fields of *st and st->iterations. */
fr_status fr_deep_compute(fr_context *ctx, const fr_escape_params *p, struct fr_escape_job *ej, fr_escape_stats *st);

#endif
