/* The fifth round of Ember's variations: Variations03.h's before flipy
 * (Kaleidoscope .. sschecks, flame_var_ember_v03.h) and Variations05.h's
 * (flame_var_ember_v05.h), each against values worked out apart from the
 * code: a python3 transcription of Ember's Func (and Precalc) evaluated at
 * the point, fed the walker's uniform draws (stream (7, 1) advanced by
 * `skip` draws; Ember's Crand() as floor(32767 u)), with the number of
 * draws taken; their sums and pre_/post_ forms; reading them strictly,
 * writing them back; the registry; the batched walker against the scalar
 * one. */
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
#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"
#include "flame/flame_xml.h"
#include "fractalis.h"
#include "flame_var_support.h"

/* Each case: the variation, what it tests, weight, the affine image
 * (x, y, z), the draws skipped and taken, the parameters set (the others
 * at Ember's defaults), and what the variation adds (x, y, z). Special
 * cases: Zeps at 0 (ovoid, roundspher, spiralwing on an axis), scry_3D's
 * and loonie_3D's z 0 (the angle), loonie3's x <= EPS; branches: the
 * GlynnSims' inside / kept / pulled in (and GlynnSim3's two radii),
 * starblur's odd and even edges, cropn's kept, cut, zero and negative
 * power, squarize's five pieces, sschecks' odd and even cells,
 * CircleLinear's four disc cases, CircleRand's 11 tries without a hit,
 * loonie2's polygon, one side (|r2| r2) and r2 < 0. */
static const flame_var_case cases[] = {
    /* clang-format off */
    {"Kaleidoscope", "defaults, above", 0.7, 0.3, 0.4, 0.0, 0, 0, {{NULL, 0}}, 0.9292893218813453, 1.4949747468305832, 0.0},
    {"Kaleidoscope", "pull, rotate, offsets, above", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"Kaleidoscope_pull", 0.2}, {"Kaleidoscope_rotate", 1.5}, {"Kaleidoscope_line_up", 0.5}, {"Kaleidoscope_x", 0.1}, {"Kaleidoscope_y", -0.3}}, 0.6353553390593273, 1.0363961030678928, 0.0},
    {"Kaleidoscope", "pull, rotate, offsets, below", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"Kaleidoscope_pull", 0.2}, {"Kaleidoscope_rotate", 1.5}, {"Kaleidoscope_line_up", 0.5}, {"Kaleidoscope_x", 0.1}, {"Kaleidoscope_y", -0.3}}, 1.2010407640085654, -0.9121320343559645, 0.0},
    {"GlynnSim3", "inside: the circle (three draws)", 0.7, 0.3, -0.4, 0.0, 0, 3, {{NULL, 0}}, 0.7052788572466163, -0.30900118692475453, 0.0},
    {"GlynnSim3", "inside: the other radius", 0.7, 0.3, -0.4, 0.0, 5, 3, {{NULL, 0}}, -0.14269215572443025, 0.6201593556342315, 0.0},
    {"GlynnSim3", "outside, kept", 0.7, 1.2, -0.9, 0.0, 0, 1, {{NULL, 0}}, 0.84, -0.63, 0.0},
    {"GlynnSim3", "outside, pulled in", 0.7, 1.2, -0.9, 0.0, 10, 1, {{NULL, 0}}, 0.37333333333333324, -0.27999999999999997, 0.0},
    {"GlynnSim4", "inside: (X, Y)", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"GlynnSim4_X", 0.2}, {"GlynnSim4_Y", -0.5}}, 0.13999999999999999, -0.35, 0.0},
    {"GlynnSim4", "outside, kept", 0.7, 1.2, -0.9, 0.0, 0, 1, {{NULL, 0}}, 0.84, -0.63, 0.0},
    {"GlynnSim4", "outside, pulled in", 0.7, 1.2, -0.9, 0.0, 10, 1, {{NULL, 0}}, 0.37333333333333324, -0.27999999999999997, 0.0},
    {"GlynnSim5", "inside: 0", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"GlynnSim5", "outside, kept", 0.7, 1.2, -0.9, 0.0, 0, 1, {{NULL, 0}}, 0.84, -0.63, 0.0},
    {"GlynnSim5", "outside, alpha^2", 0.7, 1.2, -0.9, 0.0, 10, 1, {{NULL, 0}}, 0.31111111111111106, 0.31111111111111106, 0.0},
    {"starblur", "defaults (odd edge)", 0.7, 0.3, -0.4, 0.0, 0, 2, {{NULL, 0}}, -0.5486486711948237, -0.2111924911029474, 0.0},
    {"starblur", "power 3, range 0.6 (even edge)", 0.7, 0.3, -0.4, 0.0, 2, 2, {{"starblur_power", 3.0}, {"starblur_range", 0.6}}, 0.5152748963531001, 0.26533173393427806, 0.0},
    {"circleblur", "two draws", 0.7, 0.3, -0.4, 0.0, 0, 2, {{NULL, 0}}, 0.6148495465740532, -0.26938173138103255, 0.0},
    {"cropn", "inside: kept", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"cropn", "outside: on the edge, scattered", 0.7, 1.2, -0.9, 0.0, 0, 1, {{"cropn_scatterdist", 0.4}}, 0.6630603165319138, -0.49729523739893533, 0.0},
    {"cropn", "outside, zero 1", 0.7, 1.2, -0.9, 0.0, 0, 0, {{"cropn_zero", 1.0}}, 0.0, 0.0, 0.0},
    {"cropn", "power -3 (min 2 .. 3): inside cut", 0.7, 0.3, -0.4, 0.0, 1, 1, {{"cropn_power", -3.0}, {"cropn_scatterdist", 0.2}}, 0.46227699733779737, -0.6163693297837298, 0.0},
    {"cropn", "power 1 (a 2-gon): kept", 0.7, 0.5, 1.4, 0.0, 0, 1, {{"cropn_power", 1.0}, {"cropn_radius", 0.5}}, 0.3499999999999995, 0.9799999999999984, 0.0},
    {"shredrad", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.1106797181058926, -0.33203915431768005, 0.35},
    {"shredrad", "n 3, width -0.4", 0.7, -1.2, 0.5, -0.25, 0, 0, {{"shredrad_n", 3.0}, {"shredrad_width", -0.4}}, -0.8986769501282859, -0.14310743973715057, -0.175},
    {"ovoid", "x 0.5, y 2", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"ovoid_x", 0.5}, {"ovoid_y", 2.0}}, 0.42, -2.2399999999999998, 0.0},
    {"ovoid", "at 0 (Zeps)", 0.7, 0.0, 0.0, 0.0, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"ovoid3d", "x 0.5, y 2, z 1.5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"ovoid3d_x", 0.5}, {"ovoid3d_y", 2.0}, {"ovoid3d_z", 1.5}}, 0.21, -1.1199999999999999, 1.0499999999999998},
    {"Spirograph", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 2, {{NULL, 0}}, 3.4138041890824122, 3.7332767339123727, 0.0},
    {"Spirograph", "c1, c2, ranges", 0.7, 0.3, -0.4, 0.0, 3, 2, {{"Spirograph_c1", 0.4}, {"Spirograph_c2", -0.2}, {"Spirograph_tmin", 0.0}, {"Spirograph_tmax", 6.0}, {"Spirograph_ymax", 0.0}}, -0.7334552460826163, -4.622370540658735, 0.0},
    {"petal", "at a point", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.45560520413939215, 0.01348593691167002, 0.0},
    {"roundspher", "at a point", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.13347604875249483, -0.17796806500332643, 0.0},
    {"roundspher", "at 0 (Zeps)", 0.7, 0.0, 0.0, 0.0, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"spiralwing", "at a point", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.44428552922887804, 0.04009400995968871, 0.0},
    {"spiralwing", "on the y axis (Zeps)", 0.7, 0.0, 0.8, 0.0, 0, 0, {{NULL, 0}}, 0.6531825139901162, 1.4503565326287408e-16, 0.0},
    {"squarize", "first eighth", 0.7, 0.5, 0.1, 0.0, 0, 0, {{NULL, 0}}, 0.35693136595149494, 0.08970821437269345, 0.0},
    {"squarize", "top", 0.7, 0.3, 0.4, 0.0, 0, 0, {{NULL, 0}}, 0.2867658705787868, 0.35, 0.0},
    {"squarize", "left", 0.7, -0.5, 0.2, 0.0, 0, 0, {{NULL, 0}}, -0.37696153649941533, 0.18262872928506912, 0.0},
    {"squarize", "bottom", 0.7, -0.2, -0.5, 0.0, 0, 0, {{NULL, 0}}, -0.18262872928506926, -0.37696153649941533, 0.0},
    {"squarize", "last eighth", 0.7, 0.5, -0.1, 0.0, 0, 0, {{NULL, 0}}, 0.35693136595149494, -0.08970821437269322, 0.0},
    {"sschecks", "even cell", 0.7, 0.3, -0.4, 0.0, 0, 1, {{"sschecks_rnd", 0.3}}, 0.9292196050562255, -0.22014288715745714, 0.0},
    {"sschecks", "odd cell", 0.7, 0.3, 0.1, 0.0, 0, 1, {{"sschecks_rnd", 0.3}}, 1.2911660764080615, 0.1391837415694579, 0.0},
    {"bubble2", "z 0.3, z above", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"bubble2_x", 0.5}, {"bubble2_y", 1.5}, {"bubble2_z", 0.3}}, 0.09333333333333334, -0.37333333333333335, 0.6533333333333333},
    {"bubble2", "z 0.3, z below", 0.7, 0.3, -0.4, -0.5, 0, 0, {{"bubble2_z", 0.3}}, 0.18666666666666668, -0.2488888888888889, -0.6533333333333333},
    {"CircleLinear", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21000000000000002, -0.27999999999999997, 0.0},
    {"CircleLinear", "in a disc, reverse", 0.7, 3.1, -0.9, 0.0, 0, 0, {{"CircleLinear_Dens1", 1.0}, {"CircleLinear_Dens2", 0.9}}, 2.135, -0.6649999999999999, 0.0},
    {"CircleLinear", "in a disc, reverse, outer part", 0.7, 3.1, -0.9, 0.0, 0, 0, {{"CircleLinear_Dens1", 1.0}, {"CircleLinear_Dens2", 0.1}}, 2.2924634379765356, -0.5075365620234643, 0.0},
    {"CircleLinear", "in a disc, not reverse", 0.7, 3.1, -0.9, 0.0, 0, 0, {{"CircleLinear_Dens1", 1.0}, {"CircleLinear_Dens2", 0.9}, {"CircleLinear_Reverse", 0.0}, {"CircleLinear_K", 0.2}}, 2.365941500762457, -0.4340584992375428, 0.0},
    {"CircleLinear", "in a disc, not reverse, K", 0.7, 3.1, -0.9, 0.0, 0, 0, {{"CircleLinear_Dens1", 1.0}, {"CircleLinear_Dens2", 0.1}, {"CircleLinear_Reverse", 0.0}, {"CircleLinear_K", 0.2}, {"CircleLinear_Sc", 0.7}, {"CircleLinear_Seed", 5.0}}, 2.17, -0.63, 0.0},
    {"CircleRand", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 14, {{NULL, 0}}, 2.347256842152336, -1.7357076445803359, 0.0},
    {"CircleRand", "dense, small", 0.7, 0.3, -0.4, 0.0, 5, 2, {{"CircleRand_Dens", 1.0}, {"CircleRand_X", 2.0}, {"CircleRand_Y", 3.0}, {"CircleRand_Sc", 0.5}}, 0.5196424065130714, 0.8988275949265773, 0.0},
    {"CircleRand", "never: 11 tries", 0.7, 0.3, -0.4, 0.0, 0, 22, {{"CircleRand_Dens", -1.0}}, -5.117450135164148, 0.8723790430895819, 0.0},
    {"foci_p", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 1.715227381403519, -2.1934203332971114, 0.0},
    {"foci_p", "c1 1.5, c2 -0.2", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"foci_p_c1", 1.5}, {"foci_p_c2", -0.2}}, -0.7167001352480055, -0.3079403306078649, 0.0},
    {"ho", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 2.4243739557352506, 0.6461921367827377, -0.7764407291803892},
    {"ho", "powers 2, 1.5, -1", 0.7, -1.2, 0.5, -0.25, 0, 0, {{"ho_xpow", 2.0}, {"ho_ypow", 1.5}, {"ho_zpow", -1.0}}, 0.748002762694455, -0.07371683241628031, 1.1244828730304994},
    {"julia3Dq", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, 0.33799644273310586, -0.2403797887410211, 0.276505204399814},
    {"julia3Dq", "power -4, divisor 3", 0.7, -1.2, 0.5, -0.25, 1, 1, {{"julia3Dq_power", -4.0}, {"julia3Dq_divisor", 3.0}}, -0.4984365312117225, 0.2654152205701509, -0.08144687593062347},
    {"line", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, 0.6437235458916594, 0.0, 0.0},
    {"line", "delta 0.3, phi -0.2", 0.7, 0.3, -0.4, 0.5, 1, 1, {{"line_delta", 0.3}, {"line_phi", -0.2}}, 0.31099331230117466, 0.42804557243878216, -0.3844088745520734},
    {"loonie2", "square, inside", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.3015895389432464, -0.40211938525766194, 0.0},
    {"loonie2", "square, outside", 0.7, 1.2, -0.9, 0.0, 0, 0, {{NULL, 0}}, 0.84, -0.63, 0.0},
    {"loonie2", "star, circle, pentagon", 1.0, 0.3, -0.4, 0.0, 0, 0, {{"loonie2_sides", 5.0}, {"loonie2_star", 0.3}, {"loonie2_circle", 0.4}}, 0.42625549633300924, -0.5683406617773458, 0.0},
    {"loonie2", "one side: |r2| r2", 1.0, 0.3, -0.4, 0.0, 0, 0, {{"loonie2_sides", 1.0}}, 0.9539392014169455, -1.2719189352225941, 0.0},
    {"loonie2", "two sides, star 1: r2 < 0", 1.0, -0.3, -0.4, 0.0, 0, 0, {{"loonie2_sides", 2.0}, {"loonie2_star", 1.0}}, -0.1309307341415954, -0.17457431218879388, 0.0},
    {"loonie3", "inside", 0.7, 0.5, -0.1, 0.0, 0, 0, {{NULL, 0}}, 0.31541392921930705, -0.06308278584386141, 0.0},
    {"loonie3", "x <= EPS: kept", 0.7, -0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, -0.21, -0.27999999999999997, 0.0},
    {"loonie3", "outside", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"loonie_3D", "inside", 0.7, 0.3, -0.4, 0.1, 0, 0, {{NULL, 0}}, 0.1975133880564516, -0.26335118407526886, 0.03291889800940861},
    {"loonie_3D", "z 0: the angle, outside", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, -0.32455332630056427},
    {"mcarpet", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.42, 0.0, 0.0},
    {"mcarpet", "x, y, twist, tilt", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"mcarpet_x", 0.5}, {"mcarpet_y", -1.5}, {"mcarpet_twist", 0.7}, {"mcarpet_tilt", 0.2}}, 0.4747235294117647, 0.43729411764705883, 0.0},
    {"waves2_3D", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.2921492636296659, 0.11524973137652474, 0.28011660834722024},
    {"waves2_3D", "freq 3, scale 0.4", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"waves2_3D_freq", 3.0}, {"waves2_3D_scale", 0.4}}, -0.050970944070823414, -0.06066846530430467, 0.3081573229073922},
    {"pie3D", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 3, {{NULL, 0}}, 0.13375954864377207, 0.20344574577911143, 0.16875599813713069},
    {"pie3D", "slices 4, thickness 0.2", 0.7, 0.3, -0.4, 0.5, 2, 3, {{"pie3D_slices", 4.0}, {"pie3D_thickness", 0.2}, {"pie3D_rotation", 1.0}}, -0.36246597827113736, 0.12300931831085334, 0.2614440150552023},
    {"sinusoidal3D", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.20686414466293768, -0.27259283961605535, 0.3147648386855858},
    {"scry_3D", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.2199887763691481, -0.2933183684921975, 0.36664796061524685},
    {"scry_3D", "z 0: the angle", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.35744680851063826, -0.4765957446808511, -1.1048623874061763},
    /* clang-format on */
};

static void test_values(void **state)
{
    (void)state;
    flame_var_cases(cases, sizeof cases / sizeof cases[0]);
}

/* This round's Variations03.h variations (placed in that file's order
 * among the earlier ones) and every Variations05.h one of this round
 * (bubble2 .. scry_3D) have a case. */
static const char *const v03_new[] = {"Kaleidoscope", "GlynnSim3",  "GlynnSim4",  "GlynnSim5",
                                      "starblur",     "circleblur", "cropn",      "shredrad",
                                      "ovoid",        "ovoid3d",    "Spirograph", "petal",
                                      "roundspher",   "spiralwing", "squarize",   "sschecks"};

static int has_case(const char *name)
{
    return flame_var_has_case(cases, sizeof cases / sizeof cases[0], name);
}

static void test_all_covered(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof v03_new / sizeof v03_new[0]; k++) {
        const int v = flame_var(v03_new[k]);
        assert_true(v > flame_var("SphericalN") && v < flame_var("flipx"));
        if (!has_case(v03_new[k])) fail_msg("%s: no case", v03_new[k]);
    }
    const int first = flame_var("bubble2"), last = flame_var("scry_3D");
    assert_true(first == flame_var("block") + 1);
    /* Variations05.h's later ones (SplitBrdr ..) follow: ember6 has them */
    for (int v = first; v <= last; v++)
        if (!has_case(fr_flame_vars[v].name)) fail_msg("%s: no case", fr_flame_vars[v].name);
}

/* Sums: a 2D variation adds nothing to z, a 3D one its z (values from the
 * same transcription). */
static void test_sums(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    x.var[flame_var("petal")] = 0.7;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 1);
    double o[3];
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.3 + 0.45560520413939215, -0.4 + 0.01348593691167002, 0.5, "petal + linear3D");
    /* sinusoidal3D + waves2_3D: their z summed */
    flame_xform_blank(&x);
    x.var[flame_var("sinusoidal3D")] = 0.7;
    x.var[flame_var("waves2_3D")] = 0.7;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.20686414466293768 + -0.2921492636296659, -0.27259283961605535 + 0.11524973137652474,
                0.3147648386855858 + 0.28011660834722024, "sinusoidal3D + waves2_3D");
}

/* pre_ and post_ forms: a 2D one (squarize) keeps the point's z, a 3D one
 * (ho) replaces it; a random one (circleblur) takes its draws. */
static void test_prepost(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_PRE, "squarize", 0.7);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 7, 1);
    double o[3];
    flame_xform_apply_at(&x, 0.3, 0.4, 0.5, &g, o);
    flame_near3(o, 0.2867658705787868, 0.35, 0.5, "pre_squarize");
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "ho", 0.7);
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 2.4243739557352506, 0.6461921367827377, -0.7764407291803892, "post_ho");
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "circleblur", 0.7);
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_draws(&g, h, 2, "post_circleblur");
    /* circleblur is a sum-type one (Ember's ASSIGNTYPE_SUM): its post_ form
     * adds to the point what the regular variation gives at the same draws */
    fr_flame_xform y;
    flame_xform_blank(&y);
    y.var[flame_var("circleblur")] = 0.7;
    double r[3];
    flame_xform_apply_at(&y, 0.3, -0.4, 0.5, &h, r);
    flame_near3(o, 0.3 + r[0], -0.4 + r[1], 0.5, "post_circleblur adds to the point");
}

/* A genome with the new variations and their parameters: read strictly,
 * written back, read equal. */
#define GENOME_XFORMS(EXTRA1, EXTRA2)                                                                        \
    " <xform weight=\"1\" color=\"0\" Kaleidoscope=\"0.05\" GlynnSim3=\"0.1\" GlynnSim4=\"0.1\" "            \
    "GlynnSim5=\"0.1\" starblur=\"0.05\" circleblur=\"0.05\" cropn=\"0.1\" cropn_power=\"6\" "               \
    "shredrad=\"0.1\" "                                                                                      \
    "linear=\"0.5\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"                                                    \
    " <xform weight=\"0.5\" color=\"0.3\" ovoid=\"0.05\" ovoid3d=\"0.05\" Spirograph=\"0.02\" "              \
    "petal=\"0.1\" "                                                                                         \
    "roundspher=\"0.05\" spiralwing=\"0.05\" squarize=\"0.1\" sschecks=\"0.05\" sschecks_rnd=\"0.2\" "       \
    "coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"                                                                \
    " <xform weight=\"0.5\" color=\"0.6\" bubble2=\"0.1\" bubble2_z=\"0.2\" CircleLinear=\"0.05\" "          \
    "CircleRand=\"0.02\" foci_p=\"0.05\" ho=\"0.02\" julia3Dq=\"0.1\" line=\"0.02\" loonie2=\"0.1\" "        \
    "loonie3=\"0.05\" coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"                                               \
    " <xform weight=\"0.5\" color=\"0.9\" loonie_3D=\"0.05\" mcarpet=\"0.05\" mcarpet_tilt=\"0.3\" "         \
    "waves2_3D=\"0.05\" pie3D=\"0.05\" sinusoidal3D=\"0.05\" scry_3D=\"0.1\" linear=\"0.4\" " EXTRA1         \
    "coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n" EXTRA2

static const char genome[] =
    FLAME_VAR_GENOME("e5", GENOME_XFORMS("pre_squarize=\"0.5\" post_ho=\"0.2\" post_ho_zpow=\"2\" ", ""));

static void test_read_write(void **state)
{
    (void)state;
    fr_flame_file f = flame_read_strict(genome, "e5.flame");
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("cropn")] == 0.1 && x[0].param[flame_par("cropn_power")] == 6);
    assert_true(x[1].param[flame_par("sschecks_rnd")] == 0.2);
    assert_true(x[2].param[flame_par("bubble2_z")] == 0.2);
    assert_true(x[3].slot[0].n == 1 && x[3].slot[0].var[0] == flame_var("squarize"));
    assert_true(x[3].slot[1].n == 1 && x[3].slot[1].var[0] == flame_var("ho"));
    char *xml = flame_round_trip(&f.g[0], "e5.flame");
    assert_non_null(strstr(xml, "cropn_power=\"6\""));
    assert_non_null(strstr(xml, "mcarpet_tilt=\"0.3\""));
    assert_non_null(strstr(xml, "post_ho_zpow=\"2\""));
    assert_non_null(strstr(xml, "starblur_range=\"0.4016228317\"")); /* Ember writes the defaults too */
    free(xml);
    fr_flame_file_free(&f);
}

/* The registry: flags, parameter counts and Ember's defaults. */
static void test_registry(void **state)
{
    (void)state;
    assert_true(fr_flame_vars[flame_var("shredrad")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("julia3Dq")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("Kaleidoscope")].flags == 0);
    assert_true(fr_flame_vars[flame_var("loonie2")].flags == 0);
    assert_int_equal(fr_flame_variation_nparams(flame_var("Spirograph")), 9);
    assert_int_equal(fr_flame_variation_nparams(flame_var("CircleLinear")), 8);
    assert_int_equal(fr_flame_variation_nparams(flame_var("loonie_3D")), 0);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(flame_var("starblur"), 1, &def), "starblur_range");
    assert_true(def == 0.4016228317);
    assert_string_equal(fr_flame_variation_param(flame_var("GlynnSim4"), 3, &def), "GlynnSim4_X");
    assert_true(def == 0);
    assert_string_equal(fr_flame_variation_param(flame_var("Spirograph"), 3, &def), "Spirograph_tmin");
    assert_true(def == -1);
    assert_string_equal(fr_flame_variation_origin(flame_var("scry_3D")), "Apophysis");
}

/* Without pre_/post_ variations (which take the batched walker's scalar
 * path): the new variations through its vector loops. */
static const char genome_regular[] = FLAME_VAR_GENOME("e5r", GENOME_XFORMS("", ""));

int main(void)
{
    static const flame_var_test tests[6] = {test_values,  test_all_covered, test_sums,
                                            test_prepost, test_read_write,  test_registry};
    return flame_var_round("ember5", genome_regular, genome, tests);
}
