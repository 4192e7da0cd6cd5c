/* The third round of Ember's variations (flame_var_ember_corpus.h): depth
 * (and post_depth, which reads the xform's affine image beside the sum)
 * and nBlur, each against values worked out apart from the code (python3
 * transcriptions of Ember's Func, Precalc and RandXY, fed the walker's
 * uniform draws), with the number of draws taken; reading them strictly,
 * writing them back; the batched walker against the scalar one. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/context.h"
#include "flame/flame_genome.h"
#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"
#include "flame/flame_xml.h"
#include "flame/flame_xml_write.h"
#include "fractalis.h"
#include "flame_var_support.h"

static void test_depth(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 1, 2);
    h = g;
    double o[3];
    /* power 1: w t (1 + |z|) */
    flame_var_eval(&x, "depth", 0.5, 0.3, -0.4, -0.5, &g, o);
    flame_near3(o, 0.225, -0.3, -0.375, "depth, power 1");
    /* power 2: |z|^2 = 0.25 */
    x.param[flame_par("depth_power")] = 2;
    flame_var_eval(&x, "depth", 0.5, 0.3, -0.4, -0.5, &g, o);
    flame_near3(o, 0.1875, -0.25, -0.3125, "depth, power 2");
    /* z 0: no power taken (log 0), w t */
    x.param[flame_par("depth_power")] = -1.5;
    flame_var_eval(&x, "depth", 2, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.6, -0.8, 0, "depth, z 0");
    /* a negative power: |z|^-1.5 = 8 at z = 0.25 */
    flame_var_eval(&x, "depth", 1, 0.3, -0.4, 0.25, &g, o);
    flame_near3(o, 2.7, -3.6, 2.25, "depth, power -1.5");
    flame_draws(&g, h, 0, "depth");
}

/* post_depth reads Ember's m_Trans (the affine image after the pre_
 * variations) and the sum: identity affine, (0.6, -0.2, 0.8) in;
 * pre_linear3D 2: the image (1.2, -0.4, 1.6); linear3D 0.5: the sum
 * (0.6, -0.2, 0.8); post_depth (power 2): image + sum |z_sum|^2. */
static void test_post_depth(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 0.5;
    flame_slot_add(&x, FR_SLOT_PRE, "linear3D", 2);
    flame_slot_add(&x, FR_SLOT_POST, "depth", 1);
    x.slot[1].param[flame_par("depth_power")] = 2;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 3, 4);
    double o[3];
    flame_xform_apply_at(&x, 0.6, -0.2, 0.8, &g, o);
    flame_near3(o, 1.2 + 0.6 * 0.64, -0.4 - 0.2 * 0.64, 1.6 + 0.8 * 0.64, "post_depth");
    /* pre_depth: its point is the image, so w t (1 + |z|^p) on (0.6, -0.2, 0.8), p 1 */
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_PRE, "depth", 0.5);
    flame_xform_apply_at(&x, 0.6, -0.2, 0.8, &g, o);
    flame_near3(o, 0.54, -0.18, 0.72, "pre_depth");
}

/* nBlur: Ember's parameters in its order, the weight, and at 8 points of
 * the walker's stream (fr_flame_rng_init(7, 1) advanced by `start` draws)
 * what it adds and how many draws it takes. */
static const struct {
    const char *what;
    double p[9]; /* numEdges numStripes ratioStripes ratioHole circumCircle adjustToLinear equalBlur exactCalc
                    highlightEdges */
    double w;
    struct {
        int start;
        double x, y;
        int draws;
    } at[8];
} nblur_cases[] = {
#include "flame_var_nblur_values.h"
};

static void test_nblur(void **state)
{
    (void)state;
    static const char *const names[9] = {"nBlur_numEdges", "nBlur_numStripes", "nBlur_ratioStripes",
                                         "nBlur_ratioHole", "nBlur_circumCircle", "nBlur_adjustToLinear",
                                         "nBlur_equalBlur", "nBlur_exactCalc", "nBlur_highlightEdges"};
    for (size_t c = 0; c < sizeof nblur_cases / sizeof nblur_cases[0]; c++) {
        fr_flame_xform x;
        flame_xform_blank(&x);
        for (int k = 0; k < 9; k++) x.param[flame_par(names[k])] = nblur_cases[c].p[k];
        for (int i = 0; i < 8; i++) {
            fr_flame_rng g;
            fr_flame_rng_init(&g, 7, 1);
            for (int k = 0; k < nblur_cases[c].at[i].start; k++) (void)fr_flame_rng_01(&g);
            const fr_flame_rng h = g;
            double o[3];
            char what[160];
            snprintf(what, sizeof what, "nBlur %s, at %d", nblur_cases[c].what, nblur_cases[c].at[i].start);
            /* the point does not matter: a blur */
            flame_var_eval(&x, "nBlur", nblur_cases[c].w, 3.5, -1.25, 0.5, &g, o);
            flame_near3(o, nblur_cases[c].at[i].x, nblur_cases[c].at[i].y, 0, what);
            flame_draws(&g, h, nblur_cases[c].at[i].draws, what);
        }
    }
}

/* exactCalc with a hole of 0.95 and circumCircle: the redraws stay within
 * the ring, and on the polygon's edge at most (adjustToLinear off, w 1:
 * within the circumradius 1). */
static void test_nblur_ring(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.param[flame_par("nBlur_numEdges")] = 6, x.param[flame_par("nBlur_adjustToLinear")] = 0;
    x.param[flame_par("nBlur_exactCalc")] = 1, x.param[flame_par("nBlur_ratioHole")] = 1;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 9, 9);
    const double inner = 0.95 * cos(M_PI / 6); /* the hole: 0.95 of the apothem at least */
    for (int i = 0; i < 2000; i++) {
        double o[3];
        flame_var_eval(&x, "nBlur", 1, 0, 0, 0, &g, o);
        const double r = hypot(o[0], o[1]);
        if (r > 1 + 1e-12 || r < inner - 1e-12) fail_msg("nBlur ring: r %g", r);
    }
    /* circumCircle: within the unit circle, out of the hole of radius 0.5 */
    x.param[flame_par("nBlur_circumCircle")] = 1, x.param[flame_par("nBlur_ratioHole")] = 0.5;
    for (int i = 0; i < 2000; i++) {
        double o[3];
        flame_var_eval(&x, "nBlur", 1, 0, 0, 0, &g, o);
        const double r = hypot(o[0], o[1]);
        if (r > 1 + 1e-9) fail_msg("nBlur circumCircle: r %g", r);
    }
}

/* ---- Variations01.h's (flame_var_ember_v01.h): values from a python3
 * transcription of Ember's Func and Precalc. */

static void test_swirl3(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 1, 2);
    h = g;
    double o[3];
    flame_var_eval(&x, "swirl3", 0.7, 0.3, -0.4, 0.9, &g, o);
    flame_near3(o, 0.10240424695473398, -0.33468398558286866, 0, "swirl3");
    x.param[flame_par("swirl3_shift")] = -2;
    flame_var_eval(&x, "swirl3", 1.2, -2, 0.5, 0, &g, o);
    flame_near3(o, 0.2988563854826927, 2.4557452760529173, 0, "swirl3, shift -2");
    /* the branch cut of atan2 (y, x) on the negative x axis: the side of y's sign */
    x.param[flame_par("swirl3_shift")] = 0.5;
    flame_var_eval(&x, "swirl3", 1, -1, 0.0, 0, &g, o);
    flame_near3(o, -1, 1.2246467991473532e-16, 0, "swirl3 at (-1, +0)");
    assert_true(o[1] > 0);
    flame_var_eval(&x, "swirl3", 1, -1, -0.0, 0, &g, o);
    assert_true(o[1] < 0);
    /* swirl3r: inside min (turn log(0.5) / 2), between, outside max; min and max swapped */
    flame_var_eval(&x, "swirl3r", 0.9, 0.1, 0.2, 0, &g, o);
    flame_near3(o, 0.1457906719399723, 0.1387266375837437, 0, "swirl3r inside");
    flame_var_eval(&x, "swirl3r", 0.9, 0.5, -0.6, 0, &g, o);
    flame_near3(o, 0.38000819652000173, -0.5913491105748073, 0, "swirl3r between");
    x.param[flame_par("swirl3r_shift")] = 1.5, x.param[flame_par("swirl3r_min")] = 2,
    x.param[flame_par("swirl3r_max")] = 0.25;
    flame_var_eval(&x, "swirl3r", 0.9, 3, 1, 0, &g, o);
    flame_near3(o, 0.5914082659871531, 2.7839246151650854, 0, "swirl3r outside, min > max");
    /* a radius at most 0: no turn there (Ember's log only of a positive one) */
    x.param[flame_par("swirl3r_shift")] = 0.5, x.param[flame_par("swirl3r_min")] = -1,
    x.param[flame_par("swirl3r_max")] = 0.3;
    flame_var_eval(&x, "swirl3r", 1, 0.1, 0.1, 0, &g, o);
    flame_near3(o, 0.1388062534591168, -0.02707072220395004, 0, "swirl3r, min -1");
    flame_draws(&g, h, 0, "swirl3, swirl3r");
}

static void test_rays(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "rays1", 0.5, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, 0.8471375370821366, -0.6353531528116024, 0.1, "rays1");
    /* the pole x = 0: Ember's Zeps (the double's epsilon) */
    flame_var_eval(&x, "rays1", 0.5, 0.0, -0.4, 0.2, &g, o);
    flame_near3(o, 925170791946337.8, -0.5135729574647572, 0.1, "rays1 at x 0");
    flame_var_eval(&x, "rays2", 0.5, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, 0.04347525983734879, -0.032606444878011585, 0.1, "rays2");
    flame_var_eval(&x, "rays2", 2, 1.5, 1, -1, &g, o);
    flame_near3(o, 0.8456677070711885, 1.2685015606067829, -2, "rays2, r > 1");
    flame_var_eval(&x, "rays3", 0.5, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, 0.04037461484382723, -0.007980080158778002, 0.1, "rays3");
    flame_var_eval(&x, "rays3", 1.5, 0.9, 0.7, 0, &g, o);
    flame_near3(o, 0.06284523491581628, 1.0880553764751244, 0, "rays3, r > 1");
    /* the regular form sets the sum: a variation of lower index is lost (x and y; z kept) */
    flame_xform_blank(&x);
    double a[3] = {5, 6, 7};
    const double t[3] = {0.3, -0.4, 0.2};
    fr_flame_var_eval3(&x, flame_var("rays1"), 0.5, t, &g, a);
    flame_near3(a, 0.8471375370821366, -0.6353531528116024, 7.1, "rays1 sets x, y");
}

static void test_flowerdb_oscilloscope2(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "flowerdb", 0.8, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.39814656, -0.53086208, 0, "flowerdb");
    x.param[flame_par("flowerdb_petals")] = 5, x.param[flame_par("flowerdb_petal_split")] = 0.3,
    x.param[flame_par("flowerdb_petal_spread")] = 0.2;
    flame_var_eval(&x, "flowerdb", 0.8, -1, 2, 0, &g, o);
    flame_near3(o, -0.3822608694173081, 0.7645217388346162, 0, "flowerdb, split");
    /* oscilloscope2: inside the wave negated, outside kept; damped */
    flame_var_eval(&x, "oscilloscope2", 0.6, 0.3, 0.2, 0, &g, o);
    flame_near3(o, -0.18, -0.12, 0, "oscilloscope2 inside");
    flame_var_eval(&x, "oscilloscope2", 0.6, 0.3, 1.9, 0, &g, o);
    flame_near3(o, 0.18, 1.14, 0, "oscilloscope2 outside");
    x.param[flame_par("oscilloscope2_separation")] = 0.2, x.param[flame_par("oscilloscope2_frequencyx")] = 0.5;
    x.param[flame_par("oscilloscope2_frequencyy")] = 2, x.param[flame_par("oscilloscope2_amplitude")] = 1.5;
    x.param[flame_par("oscilloscope2_perturbation")] = 0.3, x.param[flame_par("oscilloscope2_damping")] = 0.8;
    flame_var_eval(&x, "oscilloscope2", 0.6, 1.2, 0.5, 0, &g, o);
    flame_near3(o, 0.72, 0.3, 0, "oscilloscope2 damped, outside");
    flame_var_eval(&x, "oscilloscope2", 0.6, 0.1, 0.05, 0, &g, o);
    flame_near3(o, -0.06, -0.03, 0, "oscilloscope2 damped, inside");
}

static void test_scry2_exp2_tanh_spiral(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "scry2", 0.9, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.5899183623335044, -0.7200000000000001, 0, "scry2");
    flame_var_eval(&x, "scry2", 0.9, 0, 0, 0, &g, o); /* the pole: Zeps, then a radius 0 */
    flame_near3(o, 0, 0, 0, "scry2 at 0");
    x.param[flame_par("scry2_power")] = 5;
    flame_var_eval(&x, "scry2", 0.9, -2, 0.1, 0, &g, o);
    flame_near3(o, -0.17964071856287425, 0.010377540564645595, 0, "scry2, power 5");
    x.param[flame_par("scry2_power")] = 3;
    flame_var_eval(&x, "scry2", 1.1, 0.7, 0.7, 0, &g, o);
    flame_near3(o, 0.4861111111111107, 0.3608439182435162, 0, "scry2, power 3");
    flame_var_eval(&x, "exp2", 0.5, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.3965201616671389, -1.220363573721023, 0, "exp2");
    flame_var_eval(&x, "exp2", 2, -1, 1, 0, &g, o);
    flame_near3(o, -0.08642783652754452, 1.0584357336068808e-17, 0, "exp2 at y 1");
    /* tanh_spiral: one draw, the point unread (stream (7, 1)'s first two draws) */
    fr_flame_rng_init(&g, 7, 1);
    fr_flame_rng h = g;
    flame_var_eval(&x, "tanh_spiral", 0.6, 123, -45, 0, &g, o);
    flame_near3(o, 0.6330971625763872, -0.08208161173079706, 0, "tanh_spiral");
    flame_draws(&g, h, 1, "tanh_spiral");
    x.param[flame_par("tanh_spiral_a")] = 1.5;
    flame_var_eval(&x, "tanh_spiral", 0.6, 0, 0, 0, &g, o);
    flame_near3(o, 0.6434910916574325, -0.0687278026550421, 0, "tanh_spiral, a 1.5");
}

/* ---- Variations02.h's (flame_var_ember_v02.h): values from a python3
 * transcription of Ember's Func and Precalc. */

static void test_blur_square_disc3d_boarders2(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    double o[3];
    /* blur_square: two draws (x first) of stream (7, 1), the point unread */
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_var_eval(&x, "blur_square", 0.6, 5, 6, 7, &g, o);
    flame_near3(o, 0.5035260786714162, 0.5211350395728658, 0, "blur_square");
    flame_draws(&g, h, 2, "blur_square");
    assert_true(fr_flame_vars[flame_var("blur_square")].flags & FR_VF_SUM);
    /* disc3d: z = disc's scale r cos z; its own pi */
    flame_var_eval(&x, "disc3d", 0.7, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.5566170647106066, 3.4082965332431976e-17, 0.24423871482031675, "disc3d");
    x.param[flame_par("disc3d_pi")] = 2;
    flame_var_eval(&x, "disc3d", 0.7, -1.2, 0.1, -2, &g, o);
    flame_near3(o, -0.34849354066105226, 0.38685807228124686, 0.2609161112057057, "disc3d, pi 2");
    /* boarders2: a draw of 0.92 keeps the cell's point (above c + c right = 0.75); below, the borders */
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_var_eval(&x, "boarders2", 0.8, 1.3, -0.2, 0, &g, o);
    flame_near3(o, 0.9199999999999999, -0.08000000000000002, 0, "boarders2, kept");
    flame_draws(&g, h, 1, "boarders2");
    /* a draw below 0.75: stream (7, 1) after 2 draws gives 0.348 */
    fr_flame_rng_init(&g, 7, 1);
    (void)fr_flame_rng_01(&g), (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "boarders2", 0.8, 1.3, -0.2, 0, &g, o);
    flame_near3(o, 1.1199999999999999, -0.21333333333333335, 0, "boarders2, right border");
    fr_flame_rng_init(&g, 7, 1);
    (void)fr_flame_rng_01(&g), (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "boarders2", 0.8, 0.7, -0.1, 0, &g, o);
    flame_near3(o, 0.48, -0.10666666666666667, 0, "boarders2, left border");
    fr_flame_rng_init(&g, 7, 1);
    (void)fr_flame_rng_01(&g), (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "boarders2", 0.8, 2.1, 3.4, 0, &g, o);
    flame_near3(o, 1.69, 2.7600000000000002, 0, "boarders2, top border");
    x.param[flame_par("boarders2_c")] = 1.5, x.param[flame_par("boarders2_left")] = -0.2,
    x.param[flame_par("boarders2_right")] = 0.1;
    fr_flame_rng_init(&g, 7, 1);
    (void)fr_flame_rng_01(&g), (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "boarders2", 0.8, -2.05, -3.4, 0, &g, o);
    flame_near3(o, -1.69, -3.1199999999999997, 0, "boarders2, bottom border, c 1.5");
    /* a point beyond an int, NaN: no undefined conversion (UBSan) */
    flame_var_eval(&x, "boarders2", 0.8, 1e300, -1e300, 0, &g, o);
    flame_var_eval(&x, "boarders2", 0.8, NAN, 2, 0, &g, o);
}

static void test_cardioid_checks(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "cardioid", 0.9, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.3622430123549659, -0.48299068313995464, 0, "cardioid");
    x.param[flame_par("cardioid_a")] = 3;
    flame_var_eval(&x, "cardioid", 0.9, -1, 2, 0, &g, o);
    flame_near3(o, -0.9710924564693122, 1.9421849129386244, 0, "cardioid, a 3");
    flame_var_eval(&x, "cardioid", 0.9, 0, 0, 0, &g, o); /* Ember's x / Zeps(r): 0, not NaN */
    flame_near3(o, 0, 0, 0, "cardioid at 0");
    /* checks: two draws always (stream (7, 1)); even and odd cells */
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_var_eval(&x, "checks", 0.5, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, 0.4, 0.04999999999999999, 0.1, "checks, even cell");
    flame_draws(&g, h, 2, "checks");
    x.param[flame_par("checks_x")] = 0.2, x.param[flame_par("checks_y")] = -0.3;
    x.param[flame_par("checks_size")] = 0.3, x.param[flame_par("checks_rnd")] = 0.25;
    fr_flame_rng_init(&g, 7, 1);
    flame_var_eval(&x, "checks", 0.5, 0.3, 0.1, 0.2, &g, o);
    flame_near3(o, 0.1649506331949392, 0.2, 0.1, "checks, odd cell, rnd");
    fr_flame_rng_init(&g, 7, 1);
    flame_var_eval(&x, "checks", 0.5, -0.9, 0.4, 0, &g, o);
    flame_near3(o, -0.35, 0.16678489995550688, 0, "checks, even cell, rnd");
    /* beyond a 64-bit int, NaN: x86's conversions, no undefined behaviour */
    flame_var_eval(&x, "checks", 0.5, 1e300, 3e19, 0, &g, o);
    flame_var_eval(&x, "checks", 0.5, NAN, 0.1, 0, &g, o);
}

static void test_circlize_coswrap(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    /* each side of the square onto its quarter of the circle */
    const struct {
        double x, y, ox, oy;
    } side[] = {
        {1, 0.3, 0.7428359008567824, 0.17833912127785642},   {0.2, 1, 0.1195071282292274, 0.7545383118717489},
        {-1, 0.4, -0.7265536594950306, 0.23607159434003222}, {0.3, -1, 0.17833912127785595, -0.7428359008567825},
        {-1, -0.2, -0.7545383118717489, -0.11950712822922725},
    };
    for (size_t k = 0; k < sizeof side / sizeof side[0]; k++) {
        flame_var_eval(&x, "circlize", 0.6, side[k].x, side[k].y, 0, &g, o);
        flame_near3(o, side[k].ox, side[k].oy, 0, "circlize");
    }
    x.param[flame_par("circlize_hole")] = 0.2, x.param[flame_par("circlize2_hole")] = 0.2;
    flame_var_eval(&x, "circlize", 0.6, 0.5, -0.3, 0, &g, o);
    flame_near3(o, 0.5185407272017708, -0.2642096971086502, 0, "circlize, hole");
    flame_var_eval(&x, "circlize2", 0.6, 0.5, -0.3, 0, &g, o);
    flame_near3(o, 0.3742227401591145, -0.19067600989060962, 0, "circlize2, hole");
    x.param[flame_par("circlize2_hole")] = 0;
    flame_var_eval(&x, "circlize2", 0.6, -0.2, 0.7, 0, &g, o);
    flame_near3(o, -0.09345879226165202, 0.4094697231163659, 0, "circlize2");
    /* coswrap: the defaults fold nothing (2w t / 2 + 2w / 2 - 1) */
    flame_var_eval(&x, "coswrap", 0.5, 0.3, -0.4, 0, &g, o);
    flame_near3(o, -0.35, -0.7, 0, "coswrap, defaults");
    x.param[flame_par("coswrap_repeat")] = 3, x.param[flame_par("coswrap_amount_x")] = 1.2;
    x.param[flame_par("coswrap_amount_y")] = -0.5, x.param[flame_par("coswrap_phase_x")] = 0.25;
    x.param[flame_par("coswrap_phase_y")] = -0.5;
    flame_var_eval(&x, "coswrap", 0.5, 0.3, -0.4, 0, &g, o);
    flame_near3(o, -0.34059036453270475, -0.43960724928132144, 0, "coswrap");
    /* a negative repeat is its absolute value; modf keeps the sign of a negative fraction */
    x.param[flame_par("coswrap_repeat")] = -2, x.param[flame_par("coswrap_amount_x")] = 2;
    x.param[flame_par("coswrap_amount_y")] = 0.7, x.param[flame_par("coswrap_phase_x")] = 0;
    x.param[flame_par("coswrap_phase_y")] = 0.1;
    flame_var_eval(&x, "coswrap", 0.5, -3.3, 2.6, 0, &g, o);
    flame_near3(o, -0.7573115405499866, 0.3364096507410028, 0, "coswrap, repeat -2");
}

static void test_deltaa_expo(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "deltaa", 0.8, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.5365227813677094, -1.2384190593704214, 0, "deltaa");
    flame_var_eval(&x, "deltaa", 0.8, -2, 0.5, 0, &g, o);
    flame_near3(o, 0.290816484065454, 0.043729384654875386, 0, "deltaa, left");
    flame_var_eval(&x, "expo", 0.8, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 1.9200408172946843, 1.225893564043797, 0, "expo, (-1 + i)^t");
    x.param[flame_par("expo_real")] = 2, x.param[flame_par("expo_imaginary")] = 0;
    flame_var_eval(&x, "expo", 0.8, 1.5, 0.5, 0, &g, o);
    flame_near3(o, 2.128203840681566, 0.768601595436954, 0, "expo, 2^t");
}

static void test_fdisc_fibonacci_idisc_hole(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "fdisc", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, -0.12334573382234847, -0.21364107787717418, 0, "fdisc");
    /* the branch cut: angle pi above the negative x axis, -pi below (radius 0) */
    flame_var_eval(&x, "fdisc", 0.7, -2, 0.0, 0, &g, o);
    flame_near3(o, -0.3499999999999998, 0.6062177826491071, 0, "fdisc at (-2, +0)");
    flame_var_eval(&x, "fdisc", 0.7, -2, -0.0, 0, &g, o);
    flame_near3(o, 0, 0, 0, "fdisc at (-2, -0)");
    /* fibonacci: Binet's formula, F(1) = F(2) = 1 on the real axis */
    flame_var_eval(&x, "fibonacci", 0.6, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.25590854845396144, -0.014244746819244026, 0, "fibonacci");
    flame_var_eval(&x, "fibonacci", 1, 1, 0, 0, &g, o);
    flame_near3(o, 1, 0, 0, "fibonacci F(1)");
    flame_var_eval(&x, "fibonacci", 1, 2, 0, 0, &g, o);
    flame_near3(o, 1, 0, 0, "fibonacci F(2)");
    flame_var_eval(&x, "fibonacci2", 0.6, 0.3, -0.4, 0, &g, o); /* sc, sc2 1: fibonacci */
    flame_near3(o, 0.25590854845396144, -0.014244746819244026, 0, "fibonacci2, defaults");
    x.param[flame_par("fibonacci2_sc")] = 0.5, x.param[flame_par("fibonacci2_sc2")] = 2;
    flame_var_eval(&x, "fibonacci2", 0.6, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.1698077473369142, -0.02870625626996774, 0, "fibonacci2");
    flame_var_eval(&x, "idisc", 0.9, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.1328252558853899, -0.23006009172183248, 0, "idisc");
    flame_var_eval(&x, "idisc", 0.9, -1, 1e-300, 0, &g, o);
    flame_near3(o, 5.5109105961630896e-17, 0.9, 0, "idisc above the cut");
    flame_var_eval(&x, "hole", 0.6, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.60289965881948, -0.8038662117593068, 0, "hole");
    flame_var_eval(&x, "hole", 0.6, 0, 0, 0, &g, o); /* Ember's x / Zeps(r) */
    flame_near3(o, 0, 0, 0, "hole at 0");
    x.param[flame_par("hole_a")] = 2, x.param[flame_par("hole_inside")] = 1;
    flame_var_eval(&x, "hole", 0.6, -1, 0.5, 0, &g, o);
    flame_near3(o, -0.4047731231886514, 0.2023865615943257, 0, "hole inside, a 2");
}

static void test_glynnia2_gridout(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    double o[3];
    /* one draw: above 0.5 (stream (7, 1)'s first, 0.92) the square root, else the other map */
    const struct {
        double x, y;
        int skip;
        double ox, oy;
    } gl[] = {
        {0.3, 0.4, 0, 0.5059644256269408, -0.2529822128134704},  {0.3, 0.4, 2, 1.0119288512538815, 0.5059644256269408},
        {0.3, -0.4, 0, -0.5059644256269408, 0.2529822128134704}, {0.3, -0.4, 2, -1.0119288512538815, -0.5059644256269408},
        {0.0, 0.0, 0, -1.2560739669470203e-16, 0}, /* the origin: Ember's Zeps */
        {0.0, 0.0, 2, 0, 0},
    };
    for (size_t k = 0; k < sizeof gl / sizeof gl[0]; k++) {
        fr_flame_rng_init(&g, 7, 1);
        for (int i = 0; i < gl[k].skip; i++) (void)fr_flame_rng_01(&g);
        h = g;
        flame_var_eval(&x, "glynnia2", 0.8, gl[k].x, gl[k].y, 0, &g, o);
        flame_near3(o, gl[k].ox, gl[k].oy, 0, "glynnia2");
        flame_draws(&g, h, 1, "glynnia2");
    }
    /* gridout: each of the eight cases of the rings */
    const double grid[8][4] = {
        {2.2, -0.6, 1.1, 0.2},   {0.6, -2.7, 0.8, -1.35}, {-0.7, -3.2, 0.15000000000000002, -1.6},
        {-1.4, -0.3, -0.7, -0.65}, {1.6, 2.4, 0.30000000000000004, 1.2}, {2.7, 0.6, 1.35, 0.8},
        {-0.8, 2.3, -0.9, 1.15}, {-2.6, 0.9, -1.3, -0.04999999999999999},
    };
    for (int k = 0; k < 8; k++) {
        flame_var_eval(&x, "gridout", 0.5, grid[k][0], grid[k][1], 0, &g, o);
        flame_near3(o, grid[k][2], grid[k][3], 0, "gridout");
    }
    flame_var_eval(&x, "gridout", 0.5, 1e300, NAN, 0, &g, o); /* no undefined conversion */
}

/* hypertile1, 3D1, 3D2 draw Ember's Crand() (flam3-compatible: floor(32767
 * u)); stream (7, 1)'s draws 0 and 2 give 30132 and 11397. */
static void test_hypertiles(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    double o[3];
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_var_eval(&x, "hypertile1", 0.8, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.450870068470922, -0.24960801385030368, 0, "hypertile1");
    flame_draws(&g, h, 1, "hypertile1");
    x.param[flame_par("hypertile1_p")] = 4, x.param[flame_par("hypertile1_q")] = 6;
    (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "hypertile1", 0.8, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.10354555856519865, -0.6497593401964463, 0, "hypertile1 {4, 6}");
    h = g;
    flame_var_eval(&x, "hypertile3D", 0.8, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, 0.48193481238533026, -0.24644286149838082, 0.12322143074919041, "hypertile3D");
    flame_draws(&g, h, 0, "hypertile3D");
    x.param[flame_par("hypertile3D_p")] = 5, x.param[flame_par("hypertile3D_q")] = 4;
    x.param[flame_par("hypertile3D_n")] = 2;
    flame_var_eval(&x, "hypertile3D", 0.8, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, -0.3120512952083834, -0.5288554090825155, 0.09778481569859053, "hypertile3D {5, 4}, n 2");
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_var_eval(&x, "hypertile3D1", 0.8, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, 0.4571466897694242, -0.2489684958574092, 0.12448424792982503, "hypertile3D1");
    flame_draws(&g, h, 1, "hypertile3D1");
    x.param[flame_par("hypertile3D1_p")] = 4, x.param[flame_par("hypertile3D1_q")] = 5;
    (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "hypertile3D1", 0.8, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, 0.12582310707623892, -0.6155544339018978, 0.0838820713837224, "hypertile3D1 {4, 5}");
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_var_eval(&x, "hypertile3D2", 0.8, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, 0.4571466897711231, -0.24896849585547856, 0.12448424792963336, "hypertile3D2");
    flame_draws(&g, h, 1, "hypertile3D2");
    x.param[flame_par("hypertile3D2_p")] = 6, x.param[flame_par("hypertile3D2_q")] = 4;
    (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "hypertile3D2", 0.8, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, -0.6944237237773082, 0.10195862072400935, 0.050979310362764485, "hypertile3D2 {6, 4}");
}

static void test_murl(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "murl", 0.7, 0.3, -0.4, 0, &g, o); /* c 0: linear */
    flame_near3(o, 0.21, -0.27999999999999997, 0, "murl, c 0");
    x.param[flame_par("murl_c")] = 0.5;
    flame_var_eval(&x, "murl", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.3747521480502312, -0.3886318572372769, 0, "murl");
    x.param[flame_par("murl_power")] = 1; /* c' = c there, not c / 0 */
    flame_var_eval(&x, "murl", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.32752293577981645, -0.3082568807339449, 0, "murl, power 1");
    x.param[flame_par("murl_c")] = -0.3, x.param[flame_par("murl_power")] = 3;
    flame_var_eval(&x, "murl", 0.7, -1, 0.6, 0, &g, o);
    flame_near3(o, -0.651447471666024, 0.20467214649003304, 0, "murl, power 3");
    flame_var_eval(&x, "murl2", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.21, -0.27999999999999997, 0, "murl2, c 0");
    x.param[flame_par("murl2_c")] = 0.4, x.param[flame_par("murl2_power")] = 3;
    flame_var_eval(&x, "murl2", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.27574181618370697, -0.35838018691456625, 0, "murl2");
    x.param[flame_par("murl2_c")] = -1, x.param[flame_par("murl2_power")] = 2;
    flame_var_eval(&x, "murl2", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0, 0, 0, "murl2, c -1");
    x.param[flame_par("murl2_c")] = -0.5, x.param[flame_par("murl2_power")] = -2;
    flame_var_eval(&x, "murl2", 0.7, -1, 0.6, 0, &g, o);
    flame_near3(o, -0.8852941176470589, 1.1488235294117646, 0, "murl2, power -2");
}

static void test_polynomial_psphere_rational3(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "polynomial", 0.7, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.21, -0.27999999999999997, 0.35, "polynomial, defaults");
    x.param[flame_par("polynomial_powx")] = 2.5, x.param[flame_par("polynomial_powy")] = 0.5;
    x.param[flame_par("polynomial_lcx")] = 0.3, x.param[flame_par("polynomial_lcy")] = -0.2;
    x.param[flame_par("polynomial_scx")] = 0.1, x.param[flame_par("polynomial_scy")] = 0.05;
    flame_var_eval(&x, "polynomial", -0.7, -1.5, 0.0, 0.5, &g, o); /* |w|, sign(0) 0 */
    flame_near3(o, -1.4797263219470451, 0.05, -0.35, "polynomial");
    flame_var_eval(&x, "psphere", 0.6, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.577982237857178, 0.3906009232714533, 0, "psphere");
    x.param[flame_par("psphere_zscale")] = 1.5;
    flame_var_eval(&x, "psphere", 0.6, 1.2, 0.7, 0, &g, o);
    flame_near3(o, 0.61739814297001, 0.19161885140493753, 0.37303483074728244, "psphere, zscale");
    flame_var_eval(&x, "rational3", 0.8, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.7213008130081302, 0.1482926829268293, 0, "rational3");
    /* the pole (1 - i^2 ... at i): Zeps, 0 out */
    flame_var_eval(&x, "rational3", 0.8, 0, 1, 0, &g, o);
    flame_near3(o, 0, 0, 0, "rational3 at its pole");
    static const char *const rn[8] = {"rational3_t3", "rational3_t2", "rational3_t1", "rational3_tc",
                                      "rational3_b3", "rational3_b2", "rational3_b1", "rational3_bc"};
    const double rv[8] = {0.5, -0.3, 0.2, 0.1, 1.2, 0.4, -0.6, 0.3};
    for (int k = 0; k < 8; k++) x.param[flame_par(rn[k])] = rv[k];
    flame_var_eval(&x, "rational3", 0.8, -1.1, 0.6, 0, &g, o);
    flame_near3(o, 0.395224332900559, 0.5477162692614502, 0, "rational3, coefficients");
}

static void test_sigmoid_stwin_xheart(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "sigmoid", 0.9, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.5716340571485586, -0.6854347403601884, 0, "sigmoid");
    x.param[flame_par("sigmoid_shiftx")] = 0.5, x.param[flame_par("sigmoid_shifty")] = -0.25;
    flame_var_eval(&x, "sigmoid", -0.9, 0.3, -0.4, 0, &g, o); /* inverted shifts, |w| */
    flame_near3(o, 0.8146334282803801, -2.6993963697651604, 0, "sigmoid, shifts in (-1, 1)");
    x.param[flame_par("sigmoid_shiftx")] = 0, x.param[flame_par("sigmoid_shifty")] = 3;
    flame_var_eval(&x, "sigmoid", 0.9, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 1.9984014443252818e-16, -0.8955492783180574, 0, "sigmoid, shift 0 (EPS)");
    flame_var_eval(&x, "stwin", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.21615702530590142, -0.2738429746940986, 0, "stwin");
    flame_var_eval(&x, "stwin", 0.7, 0, 0, 0, &g, o); /* 0 / 0 taken as 0 / 1 */
    flame_near3(o, 0, 0, 0, "stwin at 0");
    x.param[flame_par("stwin_distort")] = 2.5;
    flame_var_eval(&x, "stwin", 1.3, -2, 0.6, 0, &g, o);
    flame_near3(o, -3.4265335124055665, -0.04653351240556636, 0, "stwin, distort 2.5");
    flame_var_eval(&x, "xheart", 0.8, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.479168830545237, -0.15972294351507907, 0, "xheart, right");
    x.param[flame_par("xheart_angle")] = 1, x.param[flame_par("xheart_ratio")] = 0.5;
    flame_var_eval(&x, "xheart", 0.8, -0.6, 0.5, 0, &g, o);
    flame_near3(o, -0.7205238353953526, 0.15235034529271563, 0, "xheart, left (mirrored)");
}

static void test_bisplit_crescents_mask(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "bisplit", 0.9, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.26797858176942496, 0.12181908102566844, 0, "bisplit");
    flame_var_eval(&x, "crescents", 0.9, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.04833828505470577, 0.15626453451772246, 0, "crescents");
    flame_var_eval(&x, "mask", 0.9, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.19335314021882308, 0.6250581380708898, 0, "mask");
    flame_var_eval(&x, "mask", 0.9, 0, 0, 0, &g, o);
    flame_near3(o, 0, 0, 0, "mask at 0");
}

static void test_ortho_poincare(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    /* a turn of 0 keeps the point: w t */
    flame_var_eval(&x, "ortho", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.21000000000000002, -0.27999999999999997, 0, "ortho, in 0");
    x.param[flame_par("ortho_in")] = 0.5;
    flame_var_eval(&x, "ortho", 0.7, -0.3, 0.4, 0, &g, o);
    flame_near3(o, -0.3182707417160427, 0.5805113248731483, 0, "ortho inside, left half");
    x.param[flame_par("ortho_in")] = 0, x.param[flame_par("ortho_out")] = 1;
    flame_var_eval(&x, "ortho", 0.7, 1.2, 0.9, 0, &g, o);
    flame_near3(o, 0.9598216681947274, -0.6390651593406275, 0, "ortho outside, right half");
    x.param[flame_par("ortho_out")] = -2;
    flame_var_eval(&x, "ortho", 0.7, -1.5, -0.4, 0, &g, o);
    flame_near3(o, -0.4291323234584647, -0.09347737530213668, 0, "ortho outside, left half");
    /* poincare: Ember's ignores the weight */
    flame_var_eval(&x, "poincare", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.5314690185698197, 0.5844651420175397, 0, "poincare");
    x.param[flame_par("poincare_c1r")] = 0.5, x.param[flame_par("poincare_c1a")] = 2.5;
    x.param[flame_par("poincare_c2r")] = 1.5, x.param[flame_par("poincare_c2a")] = -4;
    flame_var_eval(&x, "poincare", 0.7, -0.5, 0.2, 0, &g, o);
    flame_near3(o, 0.5259298380492495, -0.7440823857961812, 0, "poincare, circles");
    flame_var_eval(&x, "poincare2", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.2638540390559634, -0.3971697044511682, 0, "poincare2 {3, 7}");
    x.param[flame_par("poincare2_p")] = 4, x.param[flame_par("poincare2_q")] = 4; /* Euclidean: no shift */
    flame_var_eval(&x, "poincare2", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.21, -0.27999999999999997, 0, "poincare2 {4, 4}");
    x.param[flame_par("poincare2_p")] = 5, x.param[flame_par("poincare2_q")] = 5;
    flame_var_eval(&x, "poincare2", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, -0.08834754671030857, -0.5949919832362472, 0, "poincare2 {5, 5}");
}

/* ---- Variations03.h's (flame_var_ember_v03.h). */

static void test_funnel_squirrel_ennepers(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "funnel", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 5.346434729153231, -6.973169853552528, 0, "funnel");
    x.param[flame_par("funnel_effect")] = 2;
    flame_var_eval(&x, "funnel", 0.7, 1.2, 2, 0, &g, o);
    flame_near3(o, 2.264315239627465, 2.618425331817342, 0, "funnel, effect 2");
    flame_var_eval(&x, "squirrel", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.19002766889258108, -0.14188850662822347, 0, "squirrel");
    x.param[flame_par("squirrel_a")] = -2, x.param[flame_par("squirrel_b")] = 0.5; /* a negative root: 0 */
    flame_var_eval(&x, "squirrel", 0.7, 0.9, 0.4, 0, &g, o);
    flame_near3(o, 0.8821107522852374, 0, 0, "squirrel, clamped");
    x.param[flame_par("squirrel_a")] = 0, x.param[flame_par("squirrel_b")] = 3; /* a 0: Ember's EPS */
    flame_var_eval(&x, "squirrel", 0.7, 0.9, 0.4, 0, &g, o);
    flame_near3(o, 0.6787380979375154, 0.18902952368112227, 0, "squirrel, a 0");
    flame_var_eval(&x, "ennepers", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.2517, -0.30106666666666665, 0, "ennepers");
    flame_var_eval(&x, "ennepers", 2, -1.5, 2, 0, &g, o);
    flame_near3(o, -6.75, 3.166666666666667, 0, "ennepers, w 2");
}

static void test_sphericaln_lineart_spher_flips(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    double o[3];
    /* SphericalN: one draw (stream (7, 1)): power 1 is spherical */
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_var_eval(&x, "SphericalN", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.84, -1.1199999999999999, 0, "SphericalN, power 1");
    flame_draws(&g, h, 1, "SphericalN");
    x.param[flame_par("SphericalN_Power")] = 5, x.param[flame_par("SphericalN_Dist")] = 2;
    fr_flame_rng_init(&g, 7, 1);
    flame_var_eval(&x, "SphericalN", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, -1.6112180459512326, -2.2899730147757396, 0, "SphericalN, power 5, dist 2");
    x.param[flame_par("SphericalN_Power")] = 3.7, x.param[flame_par("SphericalN_Dist")] = -0.5;
    fr_flame_rng_init(&g, 7, 1);
    (void)fr_flame_rng_01(&g), (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "SphericalN", 0.7, -1.2, 0.5, 0, &g, o);
    flame_near3(o, 0.10252028424948965, -0.7915109546414401, 0, "SphericalN, power 3.7");
    flame_var_eval(&x, "linearT", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.21, -0.27999999999999997, 0, "linearT, powers 1");
    x.param[flame_par("linearT_powX")] = 2.5, x.param[flame_par("linearT_powY")] = 0.5;
    flame_var_eval(&x, "linearT", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.034506521122825456, -0.4427188724235731, 0, "linearT");
    flame_var_eval(&x, "linearT", 0.7, 0.0, -0.0, 0, &g, o);
    flame_near3(o, 0, 0, 0, "linearT at 0");
    x.param[flame_par("linearT3D_powX")] = 3, x.param[flame_par("linearT3D_powY")] = 0.5;
    x.param[flame_par("linearT3D_powZ")] = 2;
    flame_var_eval(&x, "linearT3D", 0.7, 0.3, -0.4, -0.6, &g, o);
    flame_near3(o, 0.018899999999999997, -0.4427188724235731, -0.252, "linearT3D");
    /* spher: outside the unit circle a draw picks spherical (below 0.5) or linear; inside 0, no draw */
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_var_eval(&x, "spher", 0.7, 1.2, -0.9, 0, &g, o);
    flame_near3(o, 0.84, -0.63, 0, "spher, linear");
    flame_draws(&g, h, 1, "spher outside");
    (void)fr_flame_rng_01(&g);
    flame_var_eval(&x, "spher", 0.7, 1.2, -0.9, 0, &g, o);
    flame_near3(o, 0.37333333333333335, -0.28, 0, "spher, spherical");
    h = g;
    flame_var_eval(&x, "spher", 0.7, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0, 0, 0, "spher inside");
    flame_draws(&g, h, 0, "spher inside");
    flame_var_eval(&x, "flipx", 0.5, 0.3, 0.4, 0, &g, o);
    flame_near3(o, -0.15, 0.2, 0, "flipx above");
    flame_var_eval(&x, "flipx", 0.5, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.15, -0.2, 0, "flipx below");
    flame_var_eval(&x, "flipy", 0.5, 0.3, 0.4, 0, &g, o);
    flame_near3(o, 0.15, -0.2, 0, "flipy right");
    flame_var_eval(&x, "flipy", 0.5, -0.3, 0.4, 0, &g, o);
    flame_near3(o, -0.15, 0.2, 0, "flipy left");
}

/* The corpus's own genome lines: read strictly, written back, read equal. */
static const char genome[] =
    "<flame name=\"e3\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
    " <xform weight=\"1\" color=\"0\" nBlur=\"0.3\" nBlur_numEdges=\"5\" nBlur_numStripes=\"-2\" "
    "nBlur_ratioStripes=\"0.6\" nBlur_ratioHole=\"0.2\" nBlur_circumCircle=\"0\" nBlur_adjustToLinear=\"1\" "
    "nBlur_equalBlur=\"1\" nBlur_exactCalc=\"0\" nBlur_highlightEdges=\"1.5\" linear=\"0.7\" "
    "coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"
    " <xform weight=\"1\" color=\"0.5\" linear3D=\"1\" post_depth=\"1\" post_depth_power=\"0.5\" "
    "pre_depth=\"0.9\" coefs=\"0.5 0 0 0.5 0 0.3\"/>\n"
    " <xform weight=\"0.5\" color=\"1\" spherical=\"0.8\" depth=\"0.2\" coefs=\"0.4 0.3 -0.3 0.4 -0.2 0.1\"/>\n"
    " <xform weight=\"0.5\" color=\"0.2\" swirl3=\"0.2\" swirl3r=\"0.2\" swirl3r_min=\"0.2\" flowerdb=\"0.1\" "
    "oscilloscope2=\"0.2\" scry2=\"0.05\" exp2=\"0.05\" tanh_spiral=\"0.05\" pre_rays2=\"0.3\" "
    "coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"
    " <xform weight=\"0.3\" color=\"0.7\" rays1=\"0.02\" linear=\"0.5\" coefs=\"0.5 0 0 0.5 0.4 0.4\"/>\n"
    " <xform weight=\"0.4\" color=\"0.9\" blur_square=\"0.05\" disc3d=\"0.1\" boarders2=\"0.2\" cardioid=\"0.1\" "
    "checks=\"0.1\" checks_rnd=\"0.1\" circlize=\"0.1\" circlize2=\"0.1\" coswrap=\"0.05\" coswrap_amount_x=\"1\" "
    "deltaa=\"0.05\" expo=\"0.05\" post_circlize2=\"0.5\" coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"
    " <xform weight=\"0.4\" color=\"0.4\" fdisc=\"0.1\" fibonacci=\"0.02\" fibonacci2=\"0.02\" glynnia2=\"0.1\" "
    "gridout=\"0.1\" hole=\"0.05\" idisc=\"0.1\" pre_hole=\"0.3\" coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n"
    " <xform weight=\"0.4\" color=\"0.6\" hypertile1=\"0.2\" hypertile3D=\"0.1\" hypertile3D1=\"0.1\" "
    "hypertile3D2=\"0.1\" hypertile3D2_p=\"5\" murl=\"0.1\" murl_c=\"0.3\" murl2=\"0.1\" murl2_c=\"0.2\" "
    "coefs=\"0.5 0.2 -0.2 0.5 0 0.1\"/>\n"
    " <xform weight=\"0.4\" color=\"0.3\" polynomial=\"0.1\" psphere=\"0.05\" rational3=\"0.05\" sigmoid=\"0.1\" "
    "stwin=\"0.1\" xheart=\"0.1\" bisplit=\"0.01\" crescents=\"0.05\" mask=\"0.01\" linear=\"0.3\" "
    "ortho=\"0.1\" ortho_in=\"0.5\" poincare=\"0.02\" poincare2=\"0.1\" "
    "coefs=\"0.6 0 0 0.6 -0.2 -0.1\"/>\n"
    " <color index=\"0\" rgb=\"255 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/>\n"
    "</flame>\n";

static void test_read_write(void **state)
{
    (void)state;
    fr_status st;
    char msg[512];
    fr_flame_file f = flame_read_text(genome, "e3.flame", 1, &st, msg, sizeof msg);
    if (st) fail_msg("%s", msg);
    assert_int_equal(f.nwarnings, 0);
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("nBlur")] == 0.3 && x[0].param[flame_par("nBlur_numStripes")] == -2);
    assert_true(x[0].param[flame_par("nBlur_highlightEdges")] == 1.5);
    assert_true(x[1].slot[1].n == 1 && x[1].slot[1].var[0] == flame_var("depth"));
    assert_true(x[1].slot[1].param[flame_par("depth_power")] == 0.5);
    assert_true(x[1].slot[0].n == 1 && x[1].slot[0].param[flame_par("depth_power")] == 1);
    char *xml = flame_round_trip(&f.g[0], "e3.flame");
    assert_non_null(strstr(xml, "nBlur_numStripes=\"-2\""));
    assert_non_null(strstr(xml, "post_depth=\"1\""));
    assert_non_null(strstr(xml, "post_depth_power=\"0.5\""));
    free(xml);
    fr_flame_file_free(&f);
}

/* The registry: origin, flags, parameters and Ember's defaults, as
 * `fractalis flame variations` lists them. */
static void test_registry(void **state)
{
    (void)state;
    const int d = flame_var("depth"), n = flame_var("nBlur");
    assert_true(d >= FR_FLAME_NVAR_FLAM3 && n >= FR_FLAME_NVAR_FLAM3);
    assert_string_equal(fr_flame_variation_origin(d), "Ember");
    assert_string_equal(fr_flame_variation_origin(n), "Apophysis");
    assert_true(fr_flame_vars[d].flags & FR_VF_3D);
    assert_false(fr_flame_vars[d].flags & FR_VF_SUM); /* Ember: ASSIGNTYPE_SET */
    assert_false(fr_flame_vars[n].flags & (FR_VF_SUM | FR_VF_3D));
    assert_int_equal(fr_flame_variation_nparams(n), 9);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(n, 0, &def), "nBlur_numEdges");
    assert_true(def == 3);
    assert_string_equal(fr_flame_variation_param(n, 5, &def), "nBlur_adjustToLinear");
    assert_true(def == 1);
    assert_string_equal(fr_flame_variation_param(d, 0, &def), "depth_power");
    assert_true(def == 1);
    /* Ember writes flam3's twintrian as TwinTrian */
    assert_int_equal(fr_flame_var_find("TwinTrian"), flame_var("twintrian"));
    /* the origins of the Variations01/02 ones */
    assert_string_equal(fr_flame_variation_origin(flame_var("rays1")), "JWildfire");
    assert_string_equal(fr_flame_variation_origin(flame_var("swirl3")), "Ember");
    assert_true(fr_flame_vars[flame_var("rays2")].flags & FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("checks")].flags & FR_VF_3D);
    assert_false(fr_flame_vars[flame_var("tanh_spiral")].flags & FR_VF_SUM); /* Ember: ASSIGNTYPE_SET */
}

/* Without pre_/post_ variations (which take the batched walker's scalar
 * path): the new variations through its vector loops. */
static const char genome_regular[] =
    "<flame name=\"e3r\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
    " <xform weight=\"1\" color=\"0\" nBlur=\"0.3\" nBlur_numEdges=\"5\" nBlur_numStripes=\"2\" "
    "nBlur_ratioStripes=\"0.6\" linear=\"0.7\" depth=\"0.1\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"
    " <xform weight=\"0.5\" color=\"0.2\" swirl3=\"0.2\" swirl3r=\"0.2\" swirl3r_min=\"0.2\" flowerdb=\"0.1\" "
    "oscilloscope2=\"0.2\" scry2=\"0.05\" exp2=\"0.05\" tanh_spiral=\"0.05\" rays2=\"0.01\" "
    "coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"
    " <xform weight=\"0.4\" color=\"0.9\" blur_square=\"0.05\" disc3d=\"0.1\" boarders2=\"0.2\" cardioid=\"0.1\" "
    "checks=\"0.1\" checks_rnd=\"0.1\" circlize=\"0.1\" circlize2=\"0.1\" coswrap=\"0.05\" coswrap_amount_x=\"1\" "
    "deltaa=\"0.05\" expo=\"0.05\" coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"
    " <xform weight=\"0.4\" color=\"0.4\" fdisc=\"0.1\" fibonacci=\"0.02\" fibonacci2=\"0.02\" glynnia2=\"0.1\" "
    "gridout=\"0.1\" hole=\"0.05\" idisc=\"0.1\" hypertile1=\"0.2\" hypertile3D=\"0.1\" hypertile3D1=\"0.1\" "
    "hypertile3D2=\"0.1\" murl=\"0.1\" murl_c=\"0.3\" murl2=\"0.1\" murl2_c=\"0.2\" "
    "coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n"
    " <xform weight=\"0.4\" color=\"0.3\" polynomial=\"0.1\" psphere=\"0.05\" rational3=\"0.05\" sigmoid=\"0.1\" "
    "stwin=\"0.1\" xheart=\"0.1\" bisplit=\"0.01\" crescents=\"0.05\" mask=\"0.01\" linear=\"0.3\" "
    "ortho=\"0.1\" ortho_in=\"0.5\" poincare=\"0.02\" poincare2=\"0.1\" coefs=\"0.6 0 0 0.6 -0.2 -0.1\"/>\n"
    " <xform weight=\"0.3\" color=\"0.7\" rays1=\"0.02\" rays3=\"0.01\" linear=\"0.5\" coefs=\"0.5 0 0 0.5 0.4 0.4\"/>\n"
    " <xform weight=\"0.3\" color=\"0.8\" funnel=\"0.01\" squirrel=\"0.1\" ennepers=\"0.05\" SphericalN=\"0.1\" "
    "SphericalN_Power=\"3\" linearT=\"0.2\" linearT3D=\"0.1\" spher=\"0.1\" flipx=\"0.2\" flipy=\"0.2\" "
    "coefs=\"0.5 0.1 -0.1 0.5 -0.1 0.3\"/>\n"
    " <color index=\"0\" rgb=\"255 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/>\n"
    "</flame>\n";

static void test_simd_vs_scalar(void **state)
{
    (void)state;
    flame_simd_vs_scalar(genome_regular, "ember3_regular.flame");
    flame_simd_vs_scalar(genome, "ember3_prepost.flame");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth),      cmocka_unit_test(test_post_depth),
        cmocka_unit_test(test_nblur),      cmocka_unit_test(test_nblur_ring),
        cmocka_unit_test(test_swirl3),     cmocka_unit_test(test_rays),
        cmocka_unit_test(test_flowerdb_oscilloscope2), cmocka_unit_test(test_scry2_exp2_tanh_spiral),
        cmocka_unit_test(test_blur_square_disc3d_boarders2), cmocka_unit_test(test_cardioid_checks),
        cmocka_unit_test(test_circlize_coswrap), cmocka_unit_test(test_deltaa_expo),
        cmocka_unit_test(test_fdisc_fibonacci_idisc_hole), cmocka_unit_test(test_glynnia2_gridout),
        cmocka_unit_test(test_hypertiles), cmocka_unit_test(test_murl),
        cmocka_unit_test(test_polynomial_psphere_rational3), cmocka_unit_test(test_sigmoid_stwin_xheart),
        cmocka_unit_test(test_bisplit_crescents_mask), cmocka_unit_test(test_ortho_poincare),
        cmocka_unit_test(test_funnel_squirrel_ennepers), cmocka_unit_test(test_sphericaln_lineart_spher_flips),
        cmocka_unit_test(test_read_write), cmocka_unit_test(test_registry),
        cmocka_unit_test(test_simd_vs_scalar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
