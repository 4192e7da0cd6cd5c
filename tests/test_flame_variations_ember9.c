/* The ninth round of Ember's variations: those that, as regular
 * variations, read or zero the sum so far (Ember's outPoint: the running sum
 * of the xform's earlier variations), and crob (flame_var_list_ember_v10.h,
 * flame_var_ember_v10.h), each against values worked out apart from the
 * code: a python3 transcription of Ember's Func and Precalc
 * (tests/flame_var_sum_transcription.py, which prints the rows) evaluated at
 * the point with the sum so far given, fed the walker's uniform draws
 * (stream (7, 1) advanced by `skip` draws, as printed by fr_flame_rng_01;
 * Ember's Rand() as floor(2^32 u)), with the number of draws taken; their
 * pre_/post_ forms (the point in place of the sum); whole xforms where a
 * variation Ember gives z = w z (linear) comes first, so the sum read or
 * zeroed carries that z; reading and writing them; the registry; the
 * batched walker against the scalar one. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_genome.h"
#include "flame/flame_var_list.h"
#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"
#include "flame/flame_xml.h"
#include "fractalis.h"
#include "flame_var_support.h"

/* Each case: the variation, what it tests, weight, the affine image, the
 * sum so far, the draws skipped and taken, the parameters set (the others
 * at Ember's defaults), and the sum after it. Branches: cubic3D's style
 * (within [-1, 1], above, below; smooth from w below 0.5), xpand above 1
 * (its root), z 0, the eight corners; cubicLattice_3D's style 2; popcorn2_3D's sum with z 0
 * or not and point with z 0; hexcrop inside (added to the sum so far)
 * and outside (dropoff in place of it), scaled and moved; concentric's
 * blurs and density 0 (Zeps); hypershift at 0 (Zeps); hypershift2's p
 * and q; octapol in its disc (polarweight), its four triangles, in its
 * square but none of its shapes and outside it (the sum's x and y
 * dropped), without its disc; extrude on and off the root face (negative
 * w: 0); roundspher3D with z and the sum's z 0 (cos r) or not; crob
 * inside (0), in its border band and outside, both of its draws' branches
 * with their turns and a redraw, without blur, its sides swapped and
 * equal and ratioBlur beyond 1 (Ember's Precalc and range). */
typedef struct sum_case {
    const char *var, *what;
    double w, t[3], s[3];
    int skip, draws;
    struct {
        const char *name;
        double v;
    } p[6];
    double o[3];
} sum_case;

static const sum_case cases[] = {
    /* clang-format off */
    {"cubic3D", "defaults", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 1, {{NULL, 0}}, {0.6125, -0.2875, 0.07500000000000001}},
    {"cubic3D", "xpand 0.8, style 0.6, w 0.3 (smooth 0.6)", 0.3, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 1, 1, {{"cubic3D_xpand", 0.8}, {"cubic3D_style", 0.6}}, {0.25, 0.046675847766310424, -0.5945259750803908}},
    {"cubic3D", "xpand 4 (sqrt), style 3 (above 1)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 2, 1, {{"cubic3D_xpand", 4.0}, {"cubic3D_style", 3.0}}, {0.9858718165706448, 1.1248170285326546, -0.8660767903040865}},
    {"cubic3D", "style -2 (below -1)", 0.7, {0.6, 0.2, -0.4}, {0.2, 0.1, -0.3}, 3, 1, {{"cubic3D_style", -2.0}}, {-0.24433752452815377, -0.25568643785156575, -0.38737570519853143}},
    {"cubic3D", "z 0, sum 0", 0.4, {-1.2, 0.5, 0.0}, {0.0, 0.0, 0.0}, 4, 1, {{"cubic3D_style", 1.0}}, {0.2, -0.15000000000000002, 0.2}},
    {"cubic3D", "style 1.5", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 5, 1, {{"cubic3D_style", 1.5}}, {-0.0654559369461592, -0.03617998483142493, -0.9881780885911986}},
    {"cubic3D", "corner 6 (-x +y -z)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 9, 1, {{NULL, 0}}, {-0.08749999999999997, 0.4125, -0.625}},
    {"cubic3D", "corner 4 (-x +y +z)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 14, 1, {{NULL, 0}}, {-0.08749999999999997, 0.4125, 0.07500000000000001}},
    {"cubicLattice_3D", "defaults", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 1, {{NULL, 0}}, {0.95, -0.63, 0.42}},
    {"cubicLattice_3D", "corner 4", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 16, 1, {{NULL, 0}}, {-0.4499999999999999, 0.7699999999999999, 0.42}},
    {"cubicLattice_3D", "corner 6", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 13, 1, {{NULL, 0}}, {-0.4499999999999999, 0.7699999999999999, -0.98}},
    {"cubicLattice_3D", "style 2, xpand 3 (sqrt)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 6, 1, {{"cubicLattice_3D_style", 2.0}, {"cubicLattice_3D_xpand", 3.0}}, {1.2713053286162528, -0.4376994657598622, -0.9798391123567953}},
    {"cubicLattice_3D", "xpand -0.6", 0.5, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 7, 1, {{"cubicLattice_3D_xpand", -0.6}}, {0.0, -0.58, -0.71}},
    {"cubicLattice_3D", "style 2, z 0", 0.5, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 8, 1, {{"cubicLattice_3D_style", 2.0}}, {0.7, 0.66, -0.815}},
    {"popcorn2_3D", "defaults, sum's z not 0", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.286129352109514, -0.00667514496535157, -0.3034805750350764}},
    {"popcorn2_3D", "sum's z 0: the angle's share", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, 0.0}, 0, 0, {{NULL, 0}}, {0.286129352109514, -0.00667514496535157, 0.061069836683366775}},
    {"popcorn2_3D", "z 0, w 1.5, c 1.2, x 0.3", 1.5, {-1.2, 0.5, 0.0}, {0.0, 0.0, 0.0}, 0, 0, {{"popcorn2_3D_c", 1.2}, {"popcorn2_3D_x", 0.3}}, {-0.7577990316369787, 0.30237173444484133, 2.4011122296642213}},
    {"popcorn2_3D", "w -0.6, y, z", -0.6, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{"popcorn2_3D_y", -0.4}, {"popcorn2_3D_z", 0.7}}, {0.12617484104898802, 0.33425664583308035, -0.282099899819607}},
    {"hexcrop", "inside: added to the sum", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.41000000000000003, -0.17999999999999997, 0.04999999999999999}},
    {"hexcrop", "outside: dropoff", 0.7, {1.5, 0.9, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {10000000000.0, 10000000000.0, 0.04999999999999999}},
    {"hexcrop", "outside, dropoff 2", 0.7, {-1.3, -0.5, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{"hexcrop_dropoff", 2.0}}, {2.0, 2.0, 0.04999999999999999}},
    {"hexcrop", "scale 2 0.5, centre: inside", 0.7, {1.2, 0.3, 0.2}, {0.2, 0.1, -0.3}, 0, 0, {{"hexcrop_scale_x", 2.0}, {"hexcrop_scale_y", 0.5}, {"hexcrop_center_x", 0.5}, {"hexcrop_center_y", -0.2}}, {1.39, 0.16999999999999998, -0.16}},
    {"hexcrop", "scale 2 0.5: above", 0.7, {0.2, 0.7, 0.2}, {0.2, 0.1, -0.3}, 0, 0, {{"hexcrop_scale_x", 2.0}, {"hexcrop_scale_y", 0.5}, {"hexcrop_dropoff", -1.0}}, {-1.0, -1.0, -0.16}},
    {"concentric", "defaults: in place of the sum", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 2, {{NULL, 0}}, {0.5770463377472315, -0.2528191529384355, -0.63}},
    {"concentric", "R_blur, Z_blur, radius, density", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 1, 4, {{"concentric_R_blur", 0.3}, {"concentric_Z_blur", 0.2}, {"concentric_radius", 0.5}, {"concentric_density", 4.0}}, {-0.2435662644135029, 0.34505310073778234, -0.5118919974421436}},
    {"concentric", "density 0 (Zeps)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 2, 2, {{"concentric_density", 0.0}}, {0.0, 0.0, 0.0}},
    {"concentric", "Z_blur alone", 0.5, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 3, 3, {{"concentric_Z_blur", 0.4}}, {-0.33496784544943936, -0.10147188041502177, -0.4242346295018673}},
    {"hypershift", "defaults: in place of the sum", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.22046079868790533, -0.2782952709922715, 0.0}},
    {"hypershift", "shift 0.5", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0, 0, {{"hypershift_shift", 0.5}}, {-0.3376404494382018, 1.1797752808988762, 0.0}},
    {"hypershift", "at 0 (Zeps)", 0.7, {0.0, 0.0, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{"hypershift_shift", 0.3}}, {2.4233333333333333, 0.0, 0.0}},
    {"hypershift2", "defaults", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 1, {{NULL, 0}}, {0.12028503454802647, -0.33746019353602547, 0.005368125148931906}},
    {"hypershift2", "p 4, q 5", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 1, 1, {{"hypershift2_p", 4.0}, {"hypershift2_q", 5.0}}, {0.19607150591474093, -0.023957870242677967, 0.0}},
    {"hypershift2", "p 5, q 4", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 2, 1, {{"hypershift2_p", 5.0}, {"hypershift2_q", 4.0}}, {-0.08284428990745366, 0.44068769495206006, 0.00464976160758165}},
    {"octapol", "in the disc", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.263, 0.016000000000000014, 0.04999999999999999}},
    {"octapol", "in the disc, polarweight 0.4, radius 2", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0, 0, {{"octapol_polarweight", 0.4}, {"octapol_radius", 2.0}}, {-2.163341922842155, 0.11843416087242692, -0.3}},
    {"octapol", "triangle J B C", 0.7, {2.0, 2.3333, 0.2}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.62, 0.589993, -0.16}},
    {"octapol", "triangle I A H", 0.7, {-2.0, 2.3333, 0.2}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {-0.21999999999999997, 0.589993, -0.16}},
    {"octapol", "triangle K F G", 0.7, {-2.0, -2.3333, 0.2}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {-0.21999999999999997, -0.3899929999999999, -0.16}},
    {"octapol", "triangle L D E", 0.7, {2.0, -2.3333, 0.2}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.62, -0.3899929999999999, -0.16}},
    {"octapol", "in the square, no shape: the sum's x, y dropped", 0.7, {3.0, 1.0, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.31499999999999995, 0.105, 0.04999999999999999}},
    {"octapol", "outside the square: dropped", 0.7, {9.0, 9.0, 0.0}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.9449999999999998, 0.9449999999999998, -0.3}},
    {"octapol", "radius 0 (no disc), s -1, t 0.2", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{"octapol_radius", 0.0}, {"octapol_s", -1.0}, {"octapol_t", 0.2}}, {0.0315, -0.041999999999999996, 0.04999999999999999}},
    {"extrude", "off the root face: z w u", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 2, {{NULL, 0}}, {0.2, 0.1, 0.6539954397508383}},
    {"extrude", "root face: z w", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 2, 1, {{NULL, 0}}, {0.2, 0.1, 0.7}},
    {"extrude", "root face, w -0.7: z 0", -0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 2, 1, {{NULL, 0}}, {0.2, 0.1, 0.0}},
    {"extrude", "root_face 1", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0, 1, {{"extrude_root_face", 1.0}}, {0.2, 0.1, 0.7}},
    {"crob", "inside: 0", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.2, 0.1, -0.3}},
    {"crob", "outside: the side band (else branch)", 0.7, {1.2, 0.5, 0.3}, {0.2, 0.1, -0.3}, 0, 3, {{NULL, 0}}, {0.2657208003559452, 1.039508379256118, -0.3}},
    {"crob", "outside: the top band, y turned", 0.7, {1.2, 0.5, 0.3}, {0.2, 0.1, -0.3}, 2, 3, {{NULL, 0}}, {1.050497063474129, 0.3245190391449072, -0.3}},
    {"crob", "outside: the top band, redrawn once", 0.7, {1.2, 0.5, 0.3}, {0.2, 0.1, -0.3}, 5, 5, {{NULL, 0}}, {1.049117023381435, 0.5014468651972939, -0.3}},
    {"crob", "outside: the top band, x turned", 0.7, {1.2, 0.5, 0.3}, {0.2, 0.1, -0.3}, 10, 3, {{NULL, 0}}, {-0.7447754620079126, -0.3113960685725352, -0.3}},
    {"crob", "outside: the side band, redrawn once", 0.7, {1.2, 0.5, 0.3}, {0.2, 0.1, -0.3}, 9, 5, {{NULL, 0}}, {0.8676612030108812, 0.9053250304806649, -0.3}},
    {"crob", "in the border band", 0.7, {0.9, 0.0, 0.3}, {0.2, 0.1, -0.3}, 4, 3, {{NULL, 0}}, {0.8855865737546684, 1.0591038790615117, -0.3}},
    {"crob", "blur 0: 0", 0.7, {1.2, 0.5, 0.3}, {0.2, 0.1, -0.3}, 0, 0, {{"crob_blur", 0.0}}, {0.2, 0.1, -0.3}},
    {"crob", "sides swapped and equal, ratioBlur 2 (1), directBlur 1", 0.7, {0.2, 1.5, 0.3}, {0.2, 0.1, -0.3}, 3, 3, {{"crob_top", 1.0}, {"crob_bottom", -0.5}, {"crob_left", 0.3}, {"crob_right", 0.3}, {"crob_ratioBlur", 2.0}, {"crob_directBlur", 1.0}}, {0.653185705150513, 0.8641899303160012, -0.3}},
    {"crob", "wide box", 0.7, {-3.5, 0.2, 0.3}, {0.2, 0.1, -0.3}, 6, 3, {{"crob_left", -3.0}, {"crob_right", 2.0}}, {-0.15914886456668292, 0.9208670724089267, -0.3}},
    {"roundspher3D", "sum's z carried", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0, 0, {{NULL, 0}}, {0.322230850998453, -0.06297446799793735, -0.0962819150025783}},
    {"roundspher3D", "z 0, sum's z 0: cos r", 0.7, {-1.2, 0.5, 0.0}, {0.0, 0.0, 0.0}, 0, 0, {{NULL, 0}}, {-0.34307086635997613, 0.14294619431665673, 0.343974707696684}},
    {"roundspher3D", "at 0, z 0.5", 0.7, {0.0, 0.0, 0.5}, {0.1, 0.0, 0.0}, 0, 0, {{NULL, 0}}, {0.1, 0.0, 1.222460081254158}},
    /* clang-format on */
};

static void test_values(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const sum_case *c = &cases[i];
        fr_flame_xform x;
        flame_xform_blank(&x);
        for (int k = 0; k < 6 && c->p[k].name; k++)
            x.param[flame_par(c->p[k].name)] = c->p[k].v;
        fr_flame_rng g;
        fr_flame_rng_init(&g, 7, 1);
        for (int k = 0; k < c->skip; k++)
            (void)fr_flame_rng_01(&g);
        const fr_flame_rng h = g;
        double o[3] = {c->s[0], c->s[1], c->s[2]}; /* the sum so far */
        char what[160];
        snprintf(what, sizeof what, "%s, %s", c->var, c->what);
        fr_flame_var_eval3(&x, flame_var(c->var), c->w, c->t, &g, o);
        flame_near3(o, c->o[0], c->o[1], c->o[2], what);
        flame_draws(&g, h, c->draws, what);
    }
}

/* The names of this round's list (the registry's order). */
#define V10_NAME(id, name, origin, flags, params) name,
static const char *const v10_new[] = {FR_FLAME_VARS_EMBER_V10(V10_NAME, )};

/* Every variation of the round has a case and, but crob (it writes over
 * the affine image), asks the walker for the sum (FR_FLAME_NEED_SUM); they
 * follow each other in the registry, from cubic3D to crob (the tenth
 * round, dc_bubble on, follows). */
static void test_all_covered(void **state)
{
    (void)state;
    const size_t n = sizeof v10_new / sizeof v10_new[0];
    FLAME_VAR_ROUND_COVERED(cases, v10_new, 11, "cubic3D", "crob");
    assert_int_equal(flame_var("crob") + 1, flame_var("dc_bubble")); /* the tenth round follows */
    for (size_t i = 0; i < n; i++) {
        fr_flame_xform x;
        flame_xform_blank(&x);
        x.var[flame_var(v10_new[i])] = 0.5;
        fr_flame_xform_pre pre;
        fr_flame_xform_precalc(&x, &pre);
        if (!(pre.flags & FR_FLAME_NEED_SUM) != !strcmp(v10_new[i], "crob"))
            fail_msg("%s: FR_FLAME_NEED_SUM wrong", v10_new[i]);
    }
    /* the others do not ask for it (they keep the walker's usual path) */
    fr_flame_xform x;
    flame_xform_blank(&x);
    for (int v = 0; v < flame_var(v10_new[0]); v++)
        x.var[v] = 0.01;
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(&x, &pre);
    assert_false(pre.flags & FR_FLAME_NEED_SUM);
}

/* Whole xforms: linear (w 1; Ember's z = w z) then the variation at
 * (0.3, -0.4, 0.5): the sum it reads or zeroes is linear's, z included
 * (values from the same transcription with linear's output as the sum
 * so far). */
static void sum_near(const char *name, double w, const char *par, double v, double x, double y, double z,
                     int draws)
{
    fr_flame_xform xf;
    flame_xform_blank(&xf);
    xf.var[flame_var("linear")] = 1;
    xf.var[flame_var(name)] = w;
    if (par) xf.param[flame_par(par)] = v;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 1);
    const fr_flame_rng h = g;
    double o[3];
    char what[96];
    snprintf(what, sizeof what, "linear + %s", name);
    flame_xform_apply_at(&xf, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, x, y, z, what);
    flame_draws(&g, h, draws, what);
}

static void test_sums(void **state)
{
    (void)state;
    sum_near("roundspher3D", 0.7, NULL, 0, 0.422230850998453, -0.5629744679979374, 0.7037180849974217, 0);
    sum_near("concentric", 0.7, NULL, 0, 0.5770463377472315, -0.2528191529384355, -0.63, 2);
    sum_near("hexcrop", 0.7, "hexcrop_dropoff", 2.0, 0.51, -0.6799999999999999, 0.85, 0);
    sum_near("cubic3D", 0.7, NULL, 0, 0.7249999999999999, -0.85, 0.975, 1);
    sum_near("popcorn2_3D", 0.7, NULL, 0, 0.386129352109514, -0.5066751449653516, 0.4965194249649236, 0);
    sum_near("octapol", 0.7, NULL, 0, 0.363, -0.484, 0.85, 0);
    sum_near("extrude", 0.7, NULL, 0, 0.3, -0.4, 0.6539954397508383, 2);
}

/* pre_ and post_ forms (linear3D in the xform, at (0.3, -0.4, 0.5)): the
 * point in place of the sum so far, nothing zeroed; the output replaces
 * the point (concentric, Ember's ASSIGNTYPE_SUM: adds to it; hypershift,
 * 2D: the point's z kept). */
static void test_prepost(void **state)
{
    (void)state;
    static const struct {
        int slot;
        const char *var;
        double w;
        int draws;
        double o[3];
    } pp[] = {
        /* clang-format off */
    {FR_SLOT_PRE, "cubic3D", 0.7, 1, {0.42499999999999993, -0.44999999999999996, 0.475}},
    {FR_SLOT_PRE, "cubicLattice_3D", 0.7, 1, {0.76, -0.78, 0.7999999999999999}},
    {FR_SLOT_POST, "popcorn2_3D", 0.7, 0, {0.08612935210951399, -0.10667514496535158, -0.0034805750350764227}},
    {FR_SLOT_POST, "hexcrop", 0.7, 0, {0.21, -0.27999999999999997, 0.35}},
    {FR_SLOT_PRE, "concentric", 0.7, 2, {0.8770463377472315, -0.6528191529384355, -0.13}},
    {FR_SLOT_POST, "hypershift", 0.7, 0, {0.22046079868790533, -0.2782952709922715, 0.5}},
    {FR_SLOT_PRE, "hypershift2", 0.7, 1, {0.12028503454802647, -0.33746019353602547, 0.005368125148931906}},
    {FR_SLOT_PRE, "extrude", 0.7, 2, {0.3, -0.4, 0.6539954397508383}},
    {FR_SLOT_PRE, "octapol", 0.7, 0, {0.063, -0.08399999999999999, 0.35}},
    {FR_SLOT_POST, "roundspher3D", 0.7, 0, {0.122230850998453, -0.16297446799793736, 0.7037180849974217}},
    {FR_SLOT_POST, "cubic3D", 0.7, 1, {0.42499999999999993, -0.44999999999999996, 0.475}},
    {FR_SLOT_POST, "crob", 0.7, 0, {0.0, 0.0, 0.5}},
    {FR_SLOT_PRE, "crob", 0.7, 0, {0.0, 0.0, 0.5}},
        /* clang-format on */
    };
    for (size_t i = 0; i < sizeof pp / sizeof pp[0]; i++) {
        fr_flame_rng g;
        fr_flame_rng_init(&g, 7, 1);
        const fr_flame_rng h = g;
        char what[96];
        snprintf(what, sizeof what, "%s%s", pp[i].slot == FR_SLOT_PRE ? "pre_" : "post_", pp[i].var);
        flame_slot_near(pp[i].slot, pp[i].var, pp[i].w, &g, pp[i].o[0], pp[i].o[1], pp[i].o[2], what);
        flame_draws(&g, h, pp[i].draws, what);
    }
}

/* A genome with the new variations: read strictly, written back, read
 * equal. Not Ember's, it is flattened (z 0 after the sum) but where a
 * variation of Ember's m_FlattenNames is (linear3D: xforms 0 and 4, whose
 * sum's z, w z of linear's included, the new ones read). */
#define GENOME_XFORMS(EXTRA1, EXTRA2)                                                                        \
    " <xform weight=\"1\" color=\"0\" linear=\"0.6\" cubic3D=\"0.1\" cubic3D_style=\"0.5\" "                 \
    "cubicLattice_3D=\"0.05\" cubicLattice_3D_style=\"2\" popcorn2_3D=\"0.1\" popcorn2_3D_c=\"1.5\" "        \
    "linear3D=\"0.05\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"                                                 \
    " <xform weight=\"0.5\" color=\"0.3\" linear=\"0.3\" hexcrop=\"0.5\" hexcrop_scale_x=\"1.5\" "           \
    "hexcrop_dropoff=\"3\" coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"                                          \
    " <xform weight=\"0.3\" color=\"0.6\" concentric=\"0.3\" concentric_density=\"4\" "                      \
    "concentric_R_blur=\"0.1\" crob=\"0.2\" crob_ratioBlur=\"0.3\" coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"  \
    " <xform weight=\"0.5\" color=\"0.9\" spherical=\"0.2\" hypershift=\"0.4\" hypershift_shift=\"0.3\" "    \
    "octapol=\"0.3\" octapol_polarweight=\"0.2\" octapol_t=\"0.3\" "                                         \
    "coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n"                                                                \
    " <xform weight=\"0.5\" color=\"0.2\" hypershift2=\"0.6\" hypershift2_p=\"4\" hypershift2_q=\"5\" "      \
    "extrude=\"0.2\" extrude_root_face=\"0.3\" linear3D=\"0.3\" linear=\"0.2\" roundspher3D=\"0.1\" " EXTRA1 \
    "coefs=\"0.5 0.2 -0.2 0.5 -0.1 0.3\"/>\n" EXTRA2

static const char genome[] =
    FLAME_VAR_GENOME("e9", GENOME_XFORMS("pre_cubic3D=\"0.3\" pre_cubic3D_xpand=\"0.5\" post_hexcrop=\"0.9\" "
                                         "post_hexcrop_center_x=\"0.1\" pre_concentric=\"0.05\" ",
                                         ""));

static void test_read_write(void **state)
{
    (void)state;
    fr_flame_file f = flame_read_strict(genome, "e9.flame");
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("cubic3D")] == 0.1 && x[0].param[flame_par("cubic3D_style")] == 0.5);
    assert_true(x[1].param[flame_par("hexcrop_dropoff")] == 3);
    assert_true(x[2].param[flame_par("concentric_R_blur")] == 0.1);
    assert_true(x[4].param[flame_par("hypershift2_q")] == 5 && x[4].var[flame_var("roundspher3D")] == 0.1);
    assert_true(x[4].slot[0].n == 2 && x[4].slot[0].var[0] == flame_var("cubic3D") &&
                x[4].slot[0].var[1] == flame_var("concentric"));
    assert_true(x[4].slot[1].n == 1 && x[4].slot[1].var[0] == flame_var("hexcrop"));
    char *xml = flame_round_trip(&f.g[0], "e9.flame");
    static const char *const kept[] = {
        "cubic3D_style=\"0.5\"", "cubicLattice_3D_style=\"2\"", "popcorn2_3D_c=\"1.5\"",
        "hexcrop_dropoff=\"3\"", "concentric_R_blur=\"0.1\"",   "hypershift_shift=\"0.3\"",
        "hypershift2_q=\"5\"",   "extrude_root_face=\"0.3\"",   "roundspher3D=\"0.1\"",
        "octapol_t=\"0.3\"",     "pre_cubic3D_xpand=\"0.5\"",   "post_hexcrop_center_x=\"0.1\""};
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++)
        if (!strstr(xml, kept[k])) fail_msg("not written back: %s\n%s", kept[k], xml);
    free(xml);
    fr_flame_file_free(&f);
}

/* The registry: flags, parameter counts, Ember's defaults, the origin. */
static void test_registry(void **state)
{
    (void)state;
    assert_true(fr_flame_vars[flame_var("concentric")].flags == (FR_VF_SUM | FR_VF_3D));
    assert_true(fr_flame_vars[flame_var("hypershift")].flags == 0);
    assert_true(fr_flame_vars[flame_var("crob")].flags == 0);
    assert_int_equal(fr_flame_variation_nparams(flame_var("crob")), 7);
    double rb = 0;
    assert_string_equal(fr_flame_variation_param(flame_var("crob"), 6, &rb), "crob_directBlur");
    assert_true(rb == 2);
    static const char *const d3[] = {"cubic3D",     "cubicLattice_3D", "popcorn2_3D", "hexcrop",
                                     "hypershift2", "octapol",         "extrude",     "roundspher3D"};
    for (size_t k = 0; k < sizeof d3 / sizeof d3[0]; k++)
        assert_true(fr_flame_vars[flame_var(d3[k])].flags == FR_VF_3D);
    assert_int_equal(fr_flame_variation_nparams(flame_var("cubic3D")), 2);
    assert_int_equal(fr_flame_variation_nparams(flame_var("popcorn2_3D")), 4);
    assert_int_equal(fr_flame_variation_nparams(flame_var("hexcrop")), 5);
    assert_int_equal(fr_flame_variation_nparams(flame_var("concentric")), 4);
    assert_int_equal(fr_flame_variation_nparams(flame_var("octapol")), 4);
    assert_int_equal(fr_flame_variation_nparams(flame_var("roundspher3D")), 0);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(flame_var("hexcrop"), 4, &def), "hexcrop_dropoff");
    assert_true(def == 1e10);
    assert_string_equal(fr_flame_variation_param(flame_var("cubicLattice_3D"), 1, &def),
                        "cubicLattice_3D_style");
    assert_true(def == 1);
    assert_string_equal(fr_flame_variation_param(flame_var("hypershift2"), 1, &def), "hypershift2_q");
    assert_true(def == 7);
    assert_string_equal(fr_flame_variation_param(flame_var("concentric"), 1, &def), "concentric_density");
    assert_true(def == 10);
    assert_string_equal(fr_flame_variation_origin(flame_var("hypershift")), "JWildfire");
    assert_string_equal(fr_flame_variation_origin(flame_var("cubic3D")), "Apophysis");
}

/* Without pre_/post_ variations (which take the batched walker's scalar
 * path): the new variations through its vector loops, the sum's z carried
 * from the start (fr_flame_xform_pre.zw_sum) as in the scalar walker. */
static const char genome_regular[] = FLAME_VAR_GENOME("e9r", GENOME_XFORMS("", ""));

int main(void)
{
    static const flame_var_test tests[6] = {test_values,  test_all_covered, test_sums,
                                            test_prepost, test_read_write,  test_registry};
    return flame_var_round("ember9", genome_regular, genome, tests);
}
