/* Shared by the orbit-density tests: small scenes that exercise every path
 * (folded, paired, single; anti with cycles; Nebulabrot bands; each
 * sampling; each formula) and the reference histogram of a scene. */
#ifndef FR_TESTS_BUDDHA_SUPPORT_H
#define FR_TESTS_BUDDHA_SUPPORT_H

#include <stdlib.h>
#include <string.h>

#include "buddha/buddha.h"
#include "fractalis.h"

typedef struct buddha_case {
    const char *name;
    fr_buddha_params p;
} buddha_case;

/* Scene k of fr_test_buddha_cases (NULL name past the end). */
static inline buddha_case fr_test_buddha_case(int k)
{
    buddha_case c;
    memset(&c, 0, sizeof c);
    fr_buddha_params *p = &c.p;
    fr_buddha_params_default(p, 0, 0);
    p->width = 96, p->height = 80;
    p->samples = 40000;
    p->seed = 7 + (uint64_t)k;
    switch (k) {
    case 0: c.name = "buddhabrot f32, symmetric view (folded)"; p->rotate_deg = 0, p->center_im = 0; break;
    case 1: c.name = "buddhabrot f64, odd height, folded"; p->precision = FR_F64, p->rotate_deg = 0, p->height = 81; break;
    case 2: c.name = "buddhabrot f32, rotated view (pairs)"; break;
    case 3:
        c.name = "buddhabrot f32, asymmetric region (single)";
        p->region[0] = -2, p->region[1] = 0.5, p->region[2] = -0.5, p->region[3] = 1.125, p->center_im = 0.2;
        break;
    case 4:
        c.name = "nebulabrot f32, three bands";
        fr_buddha_params_default(p, 1, 0);
        p->width = 64, p->height = 64, p->samples = 20000, p->seed = 11;
        p->band[0].max_iter = 800, p->band[1] = (fr_buddha_channel){20, 200}, p->band[2].max_iter = 30;
        break;
    case 5:
        c.name = "anti-buddhabrot f32 (cycles credited)";
        fr_buddha_params_default(p, 0, 1);
        p->width = 64, p->height = 48, p->samples = 6000, p->band[0].max_iter = 300, p->rotate_deg = 0;
        break;
    case 6:
        c.name = "anti-buddhabrot f64, rotated";
        fr_buddha_params_default(p, 0, 1);
        p->width = 50, p->height = 50, p->samples = 4000, p->band[0].max_iter = 200, p->precision = FR_F64;
        break;
    case 7: c.name = "uniform sampling, min-iter band"; p->sampling = FR_SAMPLING_UNIFORM, p->band[0].min_iter = 10; break;
    case 8:
        c.name = "importance sampling, zoomed view";
        p->sampling = FR_SAMPLING_IMPORTANCE, p->grid = 64, p->center_re = -0.1, p->center_im = 0.65;
        p->view_width = 0.5, p->rotate_deg = 0;
        break;
    case 9: c.name = "bailout 10, symmetric even view"; p->bailout = 10, p->rotate_deg = 180; break;
    default: c.name = NULL; break;
    }
    return c;
}

/* Metropolis scene k (NULL name past the end): zooms in each storage
 * mode (pairs, folded, single), both precisions, Nebulabrot, anti, Julia
 * and the Burning Ship; short chains so that there are several. */
static inline buddha_case fr_test_buddha_mh_case(int k)
{
    buddha_case c;
    memset(&c, 0, sizeof c);
    fr_buddha_params *p = &c.p;
    fr_buddha_params_default(p, k == 3, k == 4);
    p->sampling = FR_SAMPLING_METROPOLIS;
    p->width = 48, p->height = 40, p->rotate_deg = 0;
    p->chain_length = 512, p->burn_in = 64, p->samples = 512 * 12;
    p->seed = 101 + (uint64_t)k;
    p->band[0].max_iter = 400;
    p->center_re = -0.12, p->center_im = 0.78, p->view_width = 0.04;
    switch (k) {
    case 0: c.name = "metropolis f32, zoom off the axis (pairs)"; break;
    case 1:
        c.name = "metropolis f64, symmetric zoom (folded)";
        p->precision = FR_F64, p->center_re = -0.6, p->center_im = 0, p->view_width = 0.1, p->height = 41;
        break;
    case 2:
        c.name = "metropolis f32, symmetry off (single), fresh 0.3";
        p->symmetry = 0, p->fresh = 0.3, p->mutation = 0.3;
        break;
    case 3:
        c.name = "metropolis nebulabrot f32";
        p->band[0].max_iter = 600, p->band[1] = (fr_buddha_channel){10, 200}, p->band[2].max_iter = 40;
        p->view_width = 0.1;
        break;
    case 4:
        c.name = "metropolis anti-buddhabrot f64";
        p->precision = FR_F64, p->band[0].max_iter = 200, p->center_re = -0.1, p->center_im = 0.6;
        p->view_width = 0.3, p->samples = 512 * 6;
        break;
    case 5:
        c.name = "metropolis julia (complex c: single)";
        p->formula = FR_JULIA, p->center_re = 0.2, p->center_im = 0.3, p->view_width = 0.3;
        break;
    case 6:
        c.name = "metropolis burning ship";
        p->formula = FR_BURNINGSHIP, p->center_re = -0.5, p->center_im = -0.5, p->view_width = 0.2;
        break;
    default: c.name = NULL; break;
    }
    return c;
}

/* Scene k of the other formulas (NULL name past the end): each formula
 * in each storage mode it allows (burning ship: single only; the others
 * folded, paired and single), Buddhabrot, Nebulabrot and anti modes, both
 * precisions, and Julia with a real and a complex constant. */
static inline buddha_case fr_test_buddha_formula_case(int k)
{
    buddha_case c;
    memset(&c, 0, sizeof c);
    fr_buddha_params *p = &c.p;
    int nebula = k == 2 || k == 6 || k == 11, anti = k == 1 || k == 4 || k == 9;
    fr_buddha_params_default(p, nebula, anti);
    p->width = 64, p->height = 56;
    p->samples = anti ? 3000 : nebula ? 8000 : 20000;
    p->seed = 31 + (uint64_t)k;
    p->grid = 48; /* stratified: the few samples cover the whole region */
    if (anti) p->band[0].max_iter = 200;
    if (nebula) p->band[0].max_iter = 400, p->band[1] = (fr_buddha_channel){10, 100}, p->band[2].max_iter = 20;
    switch (k) {
    case 0:
        c.name = "burningship f32, its own view";
        p->formula = FR_BURNINGSHIP, p->center_re = -0.4, p->center_im = -0.6, p->view_width = 3.2, p->rotate_deg = 0;
        break;
    case 1: c.name = "burningship anti f64, symmetry asked (no pairs)"; p->formula = FR_BURNINGSHIP, p->precision = FR_F64; break;
    case 2: c.name = "burningship nebulabrot f32, rotated"; p->formula = FR_BURNINGSHIP, p->rotate_deg = 30; break;
    case 3: c.name = "tricorn f32, symmetric view (folded)"; p->formula = FR_TRICORN, p->center_re = -0.3, p->rotate_deg = 0; break;
    case 4: c.name = "tricorn anti f32, rotated (pairs)"; p->formula = FR_TRICORN; break;
    case 5:
        c.name = "multibrot d=3 f32, folded, odd height";
        p->formula = FR_MULTIBROT, p->power = 3, p->center_re = 0, p->rotate_deg = 0, p->height = 57;
        break;
    case 6: c.name = "multibrot d=5 nebulabrot f64, rotated"; p->formula = FR_MULTIBROT, p->power = 5, p->precision = FR_F64; break;
    case 7: c.name = "multibrot d=2 (the Mandelbrot step, interior test)"; p->formula = FR_MULTIBROT, p->power = 2; break;
    case 8:
        c.name = "julia -0.4+0.6i f32 (single), min-iter";
        p->formula = FR_JULIA, p->julia_re = -0.4, p->julia_im = 0.6, p->center_re = 0, p->rotate_deg = 0;
        p->view_width = 3.2, p->band[0].min_iter = 3;
        break;
    case 9:
        c.name = "julia rabbit -0.123+0.745i anti f64, rotated";
        p->formula = FR_JULIA, p->julia_re = -0.123, p->julia_im = 0.745, p->precision = FR_F64, p->center_re = 0.1;
        break;
    case 10:
        c.name = "julia real -1 f32, symmetric view (folded pairs)";
        p->formula = FR_JULIA, p->julia_re = -1, p->julia_im = 0, p->center_re = 0, p->rotate_deg = 0;
        break;
    case 11:
        c.name = "julia 0.285+0.01i nebulabrot, importance sampling";
        p->formula = FR_JULIA, p->julia_re = 0.285, p->julia_im = 0.01, p->center_re = 0, p->rotate_deg = 0;
        p->sampling = FR_SAMPLING_IMPORTANCE, p->grid = 48;
        break;
    case 12:
        c.name = "tricorn f64 uniform sampling, min-iter, bailout 4, its own region given";
        p->formula = FR_TRICORN, p->precision = FR_F64, p->sampling = FR_SAMPLING_UNIFORM, p->band[0].min_iter = 5;
        p->bailout = 4, p->region[0] = -2.2, p->region[1] = 1.4, p->region[2] = -1.9, p->region[3] = 1.9;
        break;
    default: c.name = NULL; break;
    }
    return c;
}

/* The reference histogram of a scene's first p->samples samples. */
static inline uint64_t *fr_test_buddha_reference(const fr_buddha_params *p, fr_buddha_counters *c)
{
    fr_buddha_job j;
    fr_buddha_job_init(&j, p);
    double *cdf = NULL;
    uint32_t *w = NULL;
    if (j.sampling == FR_BS_IMPORTANCE && fr_buddha_importance_map(NULL, &j, 0, &cdf, &w)) return NULL;
    uint64_t *h = calloc((size_t)p->width * p->height * p->channels, sizeof *h);
    fr_buddha_counters local = {0, 0, 0};
    /* samples, or whole metropolis chains */
    const uint64_t unit = fr_buddha_unit(&j);
    if (h) fr_buddha_reference(&j, 0, (p->samples + unit - 1) / unit, h, c ? c : &local);
    free(cdf), free(w);
    return h;
}

/* The helpers below assert with cmocka: include this file after <cmocka.h>. */

/* Fail unless histograms a and b of p's shape are equal, and a is not empty. */
static inline void fr_test_assert_same_hist(const uint64_t *a, const uint64_t *b, const fr_buddha_params *p,
                                            const char *what)
{
    size_t n = (size_t)p->width * p->height * p->channels, bad = 0, first = 0;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += a[i];
        if (a[i] != b[i] && !bad++) first = i;
    }
    if (bad) fail_msg("%s: %zu of %zu counts differ (first at %zu: %llu vs %llu)", what, bad, n, first,
                      (unsigned long long)a[first], (unsigned long long)b[first]);
    if (sum == 0) fail_msg("%s: empty histogram", what);
}

/* Render p on `device` into h (allocated at p's shape when h->counts is NULL). */
static inline void fr_test_buddha_render_on(const char *device, const fr_buddha_params *p, fr_buddha_hist *h,
                                            fr_buddha_stats *st)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, device), FR_OK);
    if (!h->counts) assert_int_equal(fr_buddha_hist_alloc(ctx, h, p->width, p->height, p->channels), FR_OK);
    fr_status s = fr_buddha_render(ctx, p, h, st);
    if (s) fail_msg("%s: %s", device, fr_last_error(ctx));
    fr_context_destroy(ctx);
}

/* A render resumed across devices: `first` samples of p on the CPU, then
 * `more` on the GPU into the same histogram, equal to first + more on the
 * CPU in one go. */
static inline void fr_test_buddha_resume_across(fr_buddha_params p, uint64_t first, uint64_t more, const char *what)
{
    fr_buddha_hist mixed = {0}, one = {0};
    fr_buddha_stats st;
    p.samples = first;
    fr_test_buddha_render_on("cpu", &p, &mixed, &st);
    p.samples = more;
    fr_test_buddha_render_on("cuda", &p, &mixed, &st);
    assert_int_equal(mixed.samples, first + more);
    p.samples = first + more;
    fr_test_buddha_render_on("cpu", &p, &one, &st);
    fr_test_assert_same_hist(one.counts, mixed.counts, &p, what);
    fr_buddha_hist_free(&mixed), fr_buddha_hist_free(&one);
}

#endif
