/* Shared test views (escape_views.h). */
#include "escape_views.h"

#include <math.h>
#include <stddef.h>

static uint64_t rng_state = 0x5eed5eed12345678ull;
uint64_t fr_test_rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
double fr_test_urand(void) { return (double)(fr_test_rnd() >> 11) * 0x1p-53; }

/* Points near the boundary of each set, where counts vary most. */
void fr_test_random_view(fr_escape_params *p, fr_formula f, fr_precision prec)
{
    fr_escape_params_default(p, f);
    p->precision = prec;
    p->width = 48, p->height = 32;
    p->color = FR_COLOR_SMOOTH;
    if (f == FR_MULTIBROT) p->power = 2 + (int)(fr_test_rnd() % 5);
    if (f == FR_JULIA) {
        p->julia_re = -1.0 + 1.4 * fr_test_urand(), p->julia_im = -0.8 + 1.6 * fr_test_urand();
    }
    /* A random point, then walk towards the boundary by bisection. */
    fr_escape_params probe = *p;
    probe.max_iter = 200, probe.bailout = 2;
    double ar = -2.2 + 3.0 * fr_test_urand(), ai = -1.4 + 2.8 * fr_test_urand(), br = 0, bi = 0;
    if (f == FR_BURNINGSHIP) br = -0.5, bi = -0.5;
    int a_in = fr_escape_count(&probe, ar, ai) == probe.max_iter, b_in = fr_escape_count(&probe, br, bi) == probe.max_iter;
    for (int i = 0; i < 40 && a_in != b_in; i++) {
        double mr = 0.5 * (ar + br), mi = 0.5 * (ai + bi);
        int m_in = fr_escape_count(&probe, mr, mi) == probe.max_iter;
        if (m_in == a_in) ar = mr, ai = mi;
        else br = mr, bi = mi;
    }
    p->center_re = ar, p->center_im = ai;
    double lo = prec == FR_F32 ? 3.5 : 11.0; /* down to 1e-3.5 / 1e-11 */
    p->view_width = 3.0 * pow(10.0, -lo * fr_test_urand());
    p->rotate_deg = fr_test_urand() < 0.5 ? 0.0 : 360.0 * fr_test_urand();
    static const uint32_t iters[] = {50, 300, 2000, 6000};
    p->max_iter = iters[fr_test_rnd() % 4];
    static const double bail[] = {0, 2, 2.5, 1e10};
    p->bailout = bail[fr_test_rnd() % 4];
    p->aa = fr_test_rnd() % 4 == 0 ? 2 : 1;
    p->perturbation = FR_PERTURB_OFF; /* these views test the plain kernels against each other */
}

const fr_test_deep_view fr_test_deep_views[] = {
    {FR_MANDELBROT, -0.75, 0.0001, 2e-4, 100000},                           /* the neck, escapes ~31000 */
    {FR_MANDELBROT, 0.2501, 0.0, 1e-4, 100000},                             /* near the cusp */
    {FR_MANDELBROT, -0.7436438870371587, 0.1318259042053126, 1e-6, 20000}, /* seahorse valley */
    {FR_MANDELBROT, -0.1225611668766536, 0.7448617666197442, 0.02, 50000},  /* period-3 bulb */
    {FR_MANDELBROT, -1.7548776662466928, 0.0, 0.01, 50000},                 /* period-3 minibrot */
};
const size_t fr_test_deep_view_count = sizeof fr_test_deep_views / sizeof fr_test_deep_views[0];
