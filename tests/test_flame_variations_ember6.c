/* The sixth round of Ember's variations: the rest of Variations03.h
 * (phoenix_julia .. flipcircle, at the end of flame_var_ember_v03.h),
 * Variations05.h's SplitBrdr and xtrb, Variations06.h's synth, erf, xerf, w, x, z
 * (flame_var_ember_v06.h), Variations08.h's inkdrop, hex_modulus
 * (flame_var_ember_v08.h) and the rest of Variations02.h (bwraps_rand ..
 * cpow2, at the end of flame_var_ember_v02.h), each against values worked
 * out apart from the code: a python3 transcription of Ember's Func (and
 * Precalc) evaluated at the point, fed the walker's uniform draws (stream
 * (7, 1) advanced by `skip` draws; Ember's Crand() as floor(32767 u), its
 * Rand(n) as floor(n u), Rand(0) as floor(2^32 u)), with the number of
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
 * cases: Zeps at 0 (bSwirl's tau on the y axis, hex_modulus' size, z's
 * super_n1, sinusgrid's freqy), ripple's EPS on the x axis, mobius_strip's
 * rects 0, julian2's |power| < 1 (Ember's Rand() of 32 bits); branches:
 * target's and target2's rings (t < 0 too), bMod's tau beyond the radius,
 * bTransform's sign of x, bCollide's even and odd sectors, eclipse's four
 * places, flipcircle's inside and outside, SplitBrdr's cell and four
 * borders (a half rounded to even), xtrb's six hexagon cases (and its
 * u >= 1 - width^2, its far cells), synth's 27 modes (Ember's default
 * for the mode out of range too), its nine wave types, four layer modes,
 * skew both ways, linear and Bezier smoothing, xerf's |c| >= 2, w's inside (angle
 * wrapped) and outside, the w / x / z shapes (star slope pi / 2 taken
 * 0.05 below), hex_modulus' roundings, bwraps_rand's bubble and symm,
 * npolar's odd and even parity, cpow2's branch below the axis. */
static const flame_var_case cases[] = {
    /* clang-format off */
    {"phoenix_julia", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, 0.4068324244626538, -0.2819350606182905, 0.35},
    {"phoenix_julia", "power 3, distortions", 0.7, -1.2, 0.5, -0.25, 1, 1, {{"phoenix_julia_power", 3.0}, {"phoenix_julia_dist", 0.5}, {"phoenix_julia_x_distort", 0.2}, {"phoenix_julia_y_distort", -0.3}}, -0.6182878264093896, 0.3905159105771418, -0.175},
    {"mobius_strip", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -1.4050242407907196, -0.2123486450090962, 0.0},
    {"mobius_strip", "turned, rects, y wrapped", 0.7, -1.2, 2.5, 0.0, 0, 0, {{"mobius_strip_rect_x", 2.0}, {"mobius_strip_rect_y", 0.8}, {"mobius_strip_rotate_x", 0.1}, {"mobius_strip_rotate_y", -0.2}, {"mobius_strip_width", 0.5}}, -0.2918396790617782, 0.5098333666032112, 0.0},
    {"mobius_strip", "rects 0", 0.7, -1.2, 2.5, 0.0, 0, 0, {{"mobius_strip_rect_x", 0.0}, {"mobius_strip_rect_y", 0.0}}, 1.4, 0.0, 0.0},
    {"Lissajous", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 2, {{NULL, 0}}, 0.6989265526096455, -0.5928837371719486, 0.0},
    {"Lissajous", "c, d, e", 0.7, 0.3, -0.4, 0.5, 3, 2, {{"Lissajous_c", 0.2}, {"Lissajous_d", 0.5}, {"Lissajous_e", 1.5}, {"Lissajous_a", 1.0}}, 0.844431673997249, 0.07114911357121666, 0.0},
    {"svf", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.4291338664376542, 0.13274666082430092, -0.18991726028050152},
    {"svf", "n -1.5", 0.7, -1.2, 0.9, 0.0, 0, 0, {{"svf_n", -1.5}}, 0.034531142338789095, -0.08881933378059118, 0.12008768197184182},
    {"target", "inside the unit circle, even ring", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"target_even", 0.5}, {"target_odd", -1.0}, {"target_size", 0.6}}, -0.1744977021627167, -0.4685622177896248, 0.0},
    {"target", "outside, odd ring", 0.7, 1.2, -0.9, 0.0, 0, 0, {{"target_even", 0.5}, {"target_odd", -1.0}, {"target_size", 0.6}}, -0.10896111928533901, -1.4960372570508016, 0.0},
    {"target", "outside, even ring", 0.7, 2.2, -0.9, 0.0, 0, 0, {{"target_even", 0.5}, {"target_odd", -1.0}, {"target_size", 0.6}}, 2.3621646209026026, 0.2649118792279112, 0.0},
    {"target0", "inside, odd ring", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"target0_even", 0.5}, {"target0_odd", -1.0}, {"target0_size", 0.6}}, -0.12214839151390168, -0.32799355245273737, 0.0},
    {"target0", "outside, odd ring", 0.7, 1.2, -0.9, 0.0, 0, 0, {{"target0_even", 0.5}, {"target0_odd", -1.0}, {"target0_size", 0.6}}, -0.0762727834997373, -1.047226079935561, 0.0},
    {"target0", "outside, even ring", 0.7, 2.2, -0.9, 0.0, 0, 0, {{"target0_even", 0.5}, {"target0_odd", -1.0}, {"target0_size", 0.6}}, 1.6535152346318218, 0.18543831545953784, 0.0},
    {"target2", "spiral, even", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"target2_even", 0.5}, {"target2_odd", -1.0}, {"target2_size", 0.6}, {"target2_thightness", 0.8}}, 0.31853148880615506, -0.14504375422242174, 0.0},
    {"target2", "spiral, odd", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"target2_even", 0.5}, {"target2_odd", -1.0}, {"target2_size", 0.6}, {"target2_thightness", 0.8}}, -0.9049682904993842, -0.09556355576590013, 0.0},
    {"target2", "tightness -3: t < 0", 0.7, 1.2, 0.3, 0.0, 0, 0, {{"target2_even", 0.5}, {"target2_odd", -1.0}, {"target2_size", 0.6}, {"target2_thightness", -3.0}}, 0.6305628437388956, -0.5933721430063238, 0.0},
    {"taurus", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 2.6779353329996938, 0.8283824726072228, 0.6447426958020195},
    {"taurus", "sor 0.3, inv 0.5", 0.7, -1.2, 0.9, 0.0, 0, 0, {{"taurus_sor", 0.3}, {"taurus_inv", 0.5}, {"taurus_r", 2.0}, {"taurus_n", 3.0}}, 0.22487847789367882, -0.5784215416955234, 0.7605380933368395},
    {"bMod", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.2799999999999999, 0.0},
    {"bMod", "distance 0.5", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"bMod_distance", 0.5}}, -0.36267205510044875, -0.23208160641126407, 0.0},
    {"bMod", "tau beyond the radius: kept", 0.7, 0.9, 0.1, 0.0, 0, 0, {{"bMod_radius", 0.5}, {"bMod_distance", 1.0}}, 0.6299999999999999, 0.06999999999999997, 0.0},
    {"bSwirl", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21000000000000002, -0.2799999999999999, 0.0},
    {"bSwirl", "in 0.3, out -0.5", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"bSwirl_in", 0.3}, {"bSwirl_out", -0.5}}, -0.653136314074007, 0.32907854392573627, 0.0},
    {"bSwirl", "on the y axis (tau 0: Zeps)", 0.7, 0.0, 0.5, 0.0, 0, 0, {{"bSwirl_in", 1e-17}}, 0.0, 0.3305128634537498, 0.0},
    {"bTransform", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 1, {{NULL, 0}}, 0.21000000000000002, -0.2799999999999999, 0.0},
    {"bTransform", "power 3, x >= 0", 0.7, 0.3, -0.4, 0.0, 2, 1, {{"bTransform_power", 3.0}, {"bTransform_rotate", 0.4}, {"bTransform_move", 0.2}, {"bTransform_split", 0.3}}, 0.23603626004554346, -0.12825898923790652, 0.0},
    {"bTransform", "power 3, x < 0", 0.7, -1.2, 0.5, 0.0, 1, 1, {{"bTransform_power", 3.0}, {"bTransform_rotate", 0.4}, {"bTransform_move", 0.2}, {"bTransform_split", 0.3}}, -0.34461801300122147, -0.5634857923779814, 0.0},
    {"bCollide", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21000000000000002, -0.2799999999999999, 0.0},
    {"bCollide", "a 0.3, num 3: even sector", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"bCollide_a", 0.3}, {"bCollide_num", 3.0}}, 0.19000174769169542, -0.16754432241911268, 0.0},
    {"bCollide", "a 0.3, num 3: odd sector", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"bCollide_a", 0.3}, {"bCollide_num", 3.0}}, 0.19000174769169542, 0.16754432241911263, 0.0},
    {"eclipse", "inside, moved", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"eclipse_shift", 0.2}}, 0.30799999999999994, -0.27999999999999997, 0.0},
    {"eclipse", "inside, out: mirrored", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"eclipse_shift", 0.5}}, -0.21, -0.27999999999999997, 0.0},
    {"eclipse", "beside the disc", 0.7, 0.9, -0.4, 0.0, 0, 0, {{"eclipse_shift", 0.5}}, 0.63, -0.27999999999999997, 0.0},
    {"eclipse", "above the disc", 0.7, 0.1, -0.9, 0.0, 0, 0, {{"eclipse_shift", 0.5}}, 0.06999999999999999, -0.63, 0.0},
    {"flipcircle", "inside: flipped", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, 0.27999999999999997, 0.0},
    {"flipcircle", "outside: kept", 0.7, 1.2, -0.9, 0.0, 0, 0, {{NULL, 0}}, 0.84, -0.63, 0.0},
    {"SplitBrdr", "u >= 0.75: the cell", 0.7, 1.3, -0.4, 0.0, 0, 1, {{"SplitBrdr_x", 0.3}, {"SplitBrdr_y", -0.2}, {"SplitBrdr_px", 0.1}, {"SplitBrdr_py", 0.4}}, 1.5572222222222223, -0.4914529914529915, 0.0},
    {"SplitBrdr", "x border, right", 0.7, 1.3, -0.2, 0.0, 2, 1, {{"SplitBrdr_x", 0.3}, {"SplitBrdr_y", -0.2}, {"SplitBrdr_px", 0.1}, {"SplitBrdr_py", 0.4}}, 1.7802530541012214, -0.15439790575916232, 0.0},
    {"SplitBrdr", "x border, left", 0.7, 1.7, -0.2, 0.0, 2, 1, {{"SplitBrdr_x", 0.3}, {"SplitBrdr_y", -0.2}, {"SplitBrdr_px", 0.1}, {"SplitBrdr_py", 0.4}}, 2.291868686868687, -0.1374747474747475, 0.0},
    {"SplitBrdr", "y border, up", 0.7, 0.1, 0.4, 0.0, 2, 1, {{"SplitBrdr_x", 0.3}, {"SplitBrdr_y", -0.2}, {"SplitBrdr_px", 0.1}, {"SplitBrdr_py", 0.4}}, 0.07714628297362111, 0.42858513189448444, 0.0},
    {"SplitBrdr", "y border, down", 0.7, 0.1, -0.4, 0.0, 2, 1, {{"SplitBrdr_x", 0.3}, {"SplitBrdr_y", -0.2}, {"SplitBrdr_px", 0.1}, {"SplitBrdr_py", 0.4}}, 0.1646462829736211, -0.42858513189448444, 0.0},
    {"SplitBrdr", "a half: to even, defaults", 0.7, 2.5, -0.5, 0.0, 2, 1, {{NULL, 0}}, 2.4166666666666665, -0.4833333333333333, 0.0},
    {"xtrb", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 2, {{NULL, 0}}, -0.5196638289958719, 0.16171031215002574, 0.0},
    {"xtrb", "hexagon: be < al, ga least", 0.7, 1.0, 0.4, 0.0, 0, 2, {{"xtrb_width", 0.2}}, -0.4962766323452768, -0.10281956352449403, 0.0},
    {"xtrb", "hexagon: be < al, ga between", 0.7, -1.4285714285714286, -0.4, 0.0, 0, 2, {{"xtrb_width", 0.2}}, -0.04521635677869084, 0.5663440839228584, 0.0},
    {"xtrb", "hexagon: be < al, ga most", 0.7, -1.4285714285714286, 1.0, 0.0, 0, 2, {{"xtrb_width", 0.2}}, -0.18906075591550317, -0.6183410534524534, 0.0},
    {"xtrb", "hexagon: al <= be, ga least", 0.7, -0.9, -1.7, 0.0, 4, 2, {{"xtrb_width", 0.2}}, 0.3756146870524513, -0.5775297946549477, 0.0},
    {"xtrb", "hexagon: al <= be, ga between", 0.7, 0.3, -0.4, 0.0, 0, 2, {{"xtrb_width", 0.2}}, -0.28985863150451546, 0.1624834964219701, 0.0},
    {"xtrb", "hexagon: al <= be, ga most", 0.7, -1.4285714285714286, 1.2, 0.0, 0, 2, {{"xtrb_width", 0.2}}, -0.22020441587103134, -0.637215234797454, 0.0},
    {"xtrb", "power 3, a, b, dist, radius", 0.7, -1.2, 0.5, 0.0, 2, 2, {{"xtrb_power", 3.0}, {"xtrb_width", 0.3}, {"xtrb_a", 0.6}, {"xtrb_b", 1.3}, {"xtrb_dist", 0.8}, {"xtrb_radius", 1.5}}, 0.18811140120955752, -0.49659430019408746, 0.0},
    {"xtrb", "far cell, power -2, u >= 1 - width^2", 0.7, 2.7, 3.1, 0.0, 3, 2, {{"xtrb_power", -2.0}, {"xtrb_width", 0.8}}, -0.22461752708977234, 0.0936635351222394, 0.0},
    {"synth", "defaults (mode 3: blur)", 0.7, 0.3, -0.4, 0.0, 0, 3, {{NULL, 0}}, -0.49136999408024484, 0.3468485101194906, 0.0},
    {"synth", "blur, waves sin + cos mult, smooth 1 (Bezier)", 0.7, 0.3, -0.4, 0.0, 1, 3, {{"synth_smooth", 1.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.234644414647647, -0.03789124996866009, 0.0},
    {"synth", "spherical, square max, saw min", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 0.0}, {"synth_power", -1.5}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_d", 0.4}, {"synth_d_type", 2.0}, {"synth_d_layer", 2.0}, {"synth_e", 0.6}, {"synth_e_type", 3.0}, {"synth_e_layer", 3.0}}, 0.5108139387291619, -0.6810852516388827, 0.0},
    {"synth", "bubble, triangle, skew 0.4", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"synth_mode", 1.0}, {"synth_a", 1.0}, {"synth_mix", 0.5}, {"synth_f", 0.4}, {"synth_f_type", 4.0}, {"synth_f_skew", 0.4}}, -0.6197729960128777, 0.25823874833869914, 0.0},
    {"synth", "blur, legacy (four draws)", 0.7, 0.3, -0.4, 0.0, 0, 4, {{"synth_mode", 2.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.40108584892189847, -0.06476882981942436, 0.0},
    {"synth", "blur, zigzag, Bezier", 0.7, 0.3, -0.4, 0.0, 2, 3, {{"synth_mode", 4.0}, {"synth_smooth", 1.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.04178527080550859, 0.14967961187289525, 0.0},
    {"synth", "raw circle, concave, skew -0.3", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 5.0}, {"synth_a", 1.0}, {"synth_mix", 0.6}, {"synth_b", 0.5}, {"synth_b_type", 5.0}, {"synth_b_skew", -0.3}}, 0.14767524090948292, -0.19690032121264392, 0.0},
    {"synth", "raw x, convex", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 6.0}, {"synth_a", 1.0}, {"synth_mix", 0.6}, {"synth_b", 0.5}, {"synth_b_type", 6.0}, {"synth_b_phs", 0.2}}, 0.2709784304816552, -0.27999999999999997, 0.0},
    {"synth", "raw y, n-gon", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 7.0}, {"synth_a", 1.0}, {"synth_mix", 0.6}, {"synth_b", 0.5}, {"synth_b_type", 7.0}, {"synth_b_frq", 5.0}}, 0.21, -0.28473996779634514, 0.0},
    {"synth", "raw xy, inverted n-gon, Bezier", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 8.0}, {"synth_smooth", 1.0}, {"synth_a", 1.0}, {"synth_mix", 0.6}, {"synth_b", 0.5}, {"synth_b_type", 8.0}, {"synth_b_frq", 5.0}}, 2.2532476224382645, -1.4794304389639794, 0.0},
    {"synth", "shift x", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 9.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, -0.0711299694195639, -0.27999999999999997, 0.0},
    {"synth", "shift y", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 10.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.21, -0.018734288713532252, 0.0},
    {"synth", "shift xy", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 11.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_d", 0.4}, {"synth_d_type", 2.0}, {"synth_d_layer", 2.0}, {"synth_e", 0.6}, {"synth_e_type", 3.0}, {"synth_e_layer", 3.0}}, -0.14456675738478617, -0.378, 0.0},
    {"synth", "sinusoidal", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 12.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.32332495468534905, -0.36290782130438054, 0.0},
    {"synth", "swirl (multiply)", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 13.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, -0.20957178208722502, 0.04122148499398658, 0.0},
    {"synth", "hyperbolic (mix in)", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 14.0}, {"synth_smooth", 1.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.027050800000000003, -1.6291072000000002, 0.0},
    {"synth", "julia", 0.7, 0.3, -0.4, 0.0, 0, 1, {{"synth_mode", 15.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.40131955463278224, 0.9230725307864024, 0.0},
    {"synth", "julia, other half", 0.7, 0.3, -0.4, 0.0, 2, 1, {{"synth_mode", 15.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, -0.28763955463278235, -1.311152530786402, 0.0},
    {"synth", "disc", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 16.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, -2.8029830689392053e-16, 0.28387470300240936, 0.0},
    {"synth", "rings", 0.7, 1.3, -0.4, 0.0, 0, 0, {{"synth_mode", 17.0}, {"synth_power", 0.7}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 1.0445989958918251, 0.6046415886602813, 0.0},
    {"synth", "cylinder", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 18.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 1.136293766623346, -1.1199999999999999, 0.0},
    {"synth", "blur ring", 0.7, 0.3, -0.4, 0.0, 0, 3, {{"synth_mode", 19.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, -0.4012396823434115, 0.283227278218585, 0.0},
    {"synth", "blur ring 2", 0.7, 0.3, -0.4, 0.0, 0, 2, {{"synth_mode", 20.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.36763146770870675, -0.6648061334247864, 0.0},
    {"synth", "shift theta", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 21.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 2.4207866208133675, -1.4070508649267077, 0.0},
    {"synth", "shift and stretch", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"synth_mode", 22.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, -0.2818852819066321, 0.30348526850713636, 0.0},
    {"synth", "shift tangent", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 23.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.43444030883815926, -0.11166976837138057, 0.0},
    {"synth", "x mirror", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 24.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.21, 0.8025314225729354, 0.0},
    {"synth", "xy mirror", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 25.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_d", 0.4}, {"synth_d_type", 2.0}, {"synth_d_layer", 2.0}, {"synth_e", 0.6}, {"synth_e_type", 3.0}, {"synth_e_layer", 3.0}}, -0.9191335147695724, 0.08399999999999999, 0.0},
    {"synth", "spherical2 (mode 26)", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 26.0}, {"synth_power", 1.5}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, 0.14286566439210324, -0.19048755252280433, 0.0},
    {"synth", "spherical2: a negative radius cubed", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"synth_mode", 26.0}, {"synth_power", 3.0}, {"synth_a", -2.0}, {"synth_mix", 1.0}}, -0.42, 0.5599999999999999, 0.0},
    {"synth", "mode -1: spherical2", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"synth_mode", -1.0}, {"synth_power", 0.5}, {"synth_smooth", 1.0}, {"synth_a", 0.8}, {"synth_mix", 0.7}, {"synth_b", 0.5}, {"synth_b_frq", 3.0}, {"synth_c", 0.3}, {"synth_c_type", 1.0}, {"synth_c_layer", 1.0}}, -0.7421914714156993, 0.3092464464232081, 0.0},
    {"erf", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.23003873162138916, -0.2998746485326679, 0.0},
    {"erf", "large", 0.7, -3.0, 7.0, 0.0, 0, 0, {{NULL, 0}}, -0.6999845366521009, 0.7, 0.0},
    {"xerf", "inside", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.23003873162138916, -0.2998746485326679, 0.36434991446913256},
    {"xerf", "x, z beyond 2", 0.7, 2.5, -0.4, -2.0, 0, 0, {{NULL, 0}}, 0.1681075888568684, -0.2998746485326679, -0.13448607108549473},
    {"w", "defaults: outside", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"w", "shape, angle: inside", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"w_angle", 2.5}, {"w_hypergon", 0.4}, {"w_hypergon_n", 5.0}, {"w_hypergon_r", 0.8}, {"w_star", 0.3}, {"w_star_n", 6.0}, {"w_star_slope", 1.2}, {"w_lituus", 0.2}, {"w_lituus_a", 1.5}, {"w_super", 0.5}}, -0.000538387525144415, 0.2821061089203591, 0.0},
    {"w", "super, angle wraps below -pi", 0.7, -0.3, -0.2, 0.0, 0, 0, {{"w_angle", -2.0}, {"w_super", 1.0}, {"w_super_m", 3.0}, {"w_super_n1", 2.0}, {"w_super_n2", 1.5}, {"w_super_n3", 0.5}}, -0.04069827698762625, 0.2541301940223012, 0.0},
    {"w", "hypergon's flat part, slope pi / 2", 0.7, 0.3, 0.1, 0.0, 0, 0, {{"w_angle", 0.3}, {"w_hypergon", 1.0}, {"w_hypergon_r", 0.3}, {"w_star", 0.3}, {"w_star_slope", 1.5707963267948966}}, 0.14876348632618142, 0.1065972301821618, 0.0},
    {"x", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"x", "every shape", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"x_hypergon", 0.4}, {"x_hypergon_n", 5.0}, {"x_hypergon_r", 0.8}, {"x_star", 0.3}, {"x_star_n", 6.0}, {"x_star_slope", 1.2}, {"x_lituus", 0.2}, {"x_lituus_a", 1.5}, {"x_super", 0.5}, {"x_super_m", 3.0}}, -1.042783570099577, 0.434493154208157, 0.0},
    {"x", "hypergon's flat part, slope pi / 2", 0.7, 0.3, 0.1, 0.0, 0, 0, {{"x_hypergon", 1.0}, {"x_hypergon_r", 0.3}, {"x_star", 0.3}, {"x_star_slope", 1.5707963267948966}}, 0.894778348533496, 0.29825944951116545, 0.0},
    {"z", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"z", "every shape", 0.7, -1.2, -0.5, 0.0, 0, 0, {{"z_hypergon", 0.4}, {"z_hypergon_n", 5.0}, {"z_hypergon_r", 0.8}, {"z_star", 0.3}, {"z_star_n", 6.0}, {"z_star_slope", 1.2}, {"z_lituus", 0.2}, {"z_lituus_a", 1.5}, {"z_super", 0.5}, {"z_super_m", 3.0}}, -4.308482786713393, -1.79520116113058, 0.0},
    {"z", "super n1 0 (Zeps)", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"z_super", 0.5}, {"z_super_n1", 0.0}, {"z_super_n2", 2.0}, {"z_super_n3", 2.0}}, 0.42, 0.5599999999999999, 0.0},
    {"inkdrop", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.29698484809834996, -0.39597979746446665, 0.0},
    {"inkdrop", "r, centre", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"inkdrop_r", 1.5}, {"inkdrop_x", 0.3}, {"inkdrop_y", -0.2}}, -1.2069818598841962, 0.5212582012792917, 0.0},
    {"inkdrop", "at the centre", 0.7, 0.3, -0.2, 0.0, 0, 0, {{"inkdrop_x", 0.3}, {"inkdrop_y", -0.2}}, 0.5599999999999999, -0.13999999999999999, 0.0},
    {"hex_modulus", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.28, 0.0},
    {"hex_modulus", "size 0.4 (x off most)", 0.7, 1.3, -0.9, 0.0, 0, 0, {{"hex_modulus_size", 0.4}}, 0.17499999999999977, -0.3625644347017858, 0.0},
    {"hex_modulus", "size 0.3 (y off most)", 0.7, 0.52, 0.41, 0.0, 0, 0, {{"hex_modulus_size", 0.3}}, 0.5133333333333334, -0.2557688986315476, 0.0},
    {"hex_modulus", "size 0 (Zeps)", 0.7, 1e-16, -2e-16, 0.0, 0, 0, {{"hex_modulus_size", 0.0}}, -0.3847480260840653, 0.5819316174663448, 0.0},
    {"bwraps_rand", "defaults: outside the bubble", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"bwraps_rand", "in the bubble, twists", 0.7, 0.52, -0.45, 0.0, 0, 0, {{"bwraps_rand_inner_twist", 0.5}, {"bwraps_rand_outer_twist", -1.0}, {"bwraps_rand_gain", 1.2}}, 0.37553334602736355, -0.3215532839582, 0.0},
    {"bwraps_rand", "symm, seed, gain 0.5", 0.7, -1.3, 0.7, 0.0, 0, 0, {{"bwraps_rand_symm", 1.0}, {"bwraps_rand_seed", 3.0}, {"bwraps_rand_gain", 0.5}, {"bwraps_rand_cellsize", 0.5}, {"bwraps_rand_inner_twist", 0.5}}, -0.9201370498189794, 0.5046615626957843, 0.0},
    {"bwraps_rand", "cellsize 0", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"bwraps_rand_cellsize", 0.0}}, 0.21, -0.27999999999999997, 0.0},
    {"blur_pixelize", "defaults", 0.7, 0.33, -0.47, 0.5, 0, 2, {{NULL, 0}}, 0.2743723545891659, -0.2846004560249161, 0.35},
    {"blur_pixelize", "size 0.3, scale 0.5", 0.7, -1.2, 0.5, -0.25, 2, 2, {{"blur_pixelize_size", 0.3}, {"blur_pixelize_scale", 0.5}}, -0.7509782224227434, 0.34392550088978474, -0.175},
    {"julian2", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 1, {{NULL, 0}}, -0.4427188724235731, 0.22135943621178664, 0.0},
    {"julian2", "affine, power -3.5, dist 0.5", 0.7, -1.2, 0.5, 0.0, 1, 1, {{"julian2_a", 0.8}, {"julian2_b", 0.3}, {"julian2_c", -0.2}, {"julian2_d", 1.1}, {"julian2_e", 0.1}, {"julian2_f", -0.3}, {"julian2_power", -3.5}, {"julian2_dist", 0.5}}, -0.2764254149624485, 0.6593275498780619, 0.0},
    {"julian2", "power 0.5: Ember's Rand()", 0.7, 0.3, -0.4, 0.0, 2, 1, {{"julian2_power", 0.5}}, -0.04900019527501401, -0.16799994304466442, 0.0},
    {"juliaq", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 1, {{NULL, 0}}, 0.3593593397748953, -0.25557287372226295, 0.0},
    {"juliaq", "power -2, divisor 3", 0.7, -1.2, 0.5, 0.0, 1, 1, {{"juliaq_power", -2.0}, {"juliaq_divisor", 3.0}}, 0.26360564686905574, -0.39184623183349077, 0.0},
    {"npolar", "defaults (even)", 0.7, 0.3, -0.4, 0.0, 0, 1, {{NULL, 0}}, -0.20175351698553323, 0.4103080145049527, 0.0},
    {"npolar", "even, n 3", 0.7, -1.2, 0.5, 0.0, 1, 1, {{"npolar_n", 3.0}}, -0.17714090516459569, 0.5996363451646196, 0.0},
    {"npolar", "odd parity 3, n -2", 0.7, -1.2, 0.5, 0.0, 2, 1, {{"npolar_parity", 3.0}, {"npolar_n", -2.0}}, 0.3612109809807351, -1.8060549049036758, 0.0},
    {"npolar", "odd parity 1.5, n 0 (as 1)", 0.7, 0.3, -0.4, 0.0, 0, 1, {{"npolar_parity", 1.5}, {"npolar_n", 0.0}}, 0.31499999999999995, -0.41999999999999993, 0.0},
    {"poincare3D", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.35},
    {"poincare3D", "r 0.5, a 0.3, b -0.6", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"poincare3D_r", 0.5}, {"poincare3D_a", 0.3}, {"poincare3D_b", -0.6}}, 0.41313805873207204, -0.3423173364654473, -0.12435373229615634},
    {"ripple", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.31383943083929366, -0.41845257445239153, 0.0},
    {"ripple", "every parameter", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"ripple_frequency", 1.5}, {"ripple_velocity", 0.3}, {"ripple_amplitude", 2.0}, {"ripple_centerx", 0.2}, {"ripple_centery", -0.1}, {"ripple_phase", 0.6}, {"ripple_scale", 1.5}}, -0.8142148102999069, 0.34161981334746977, 0.0},
    {"ripple", "on the x axis: EPS", 0.7, 0.3, 0.0, 0.0, 0, 0, {{NULL, 0}}, 154869451393836.7, 0.0, 0.0},
    {"sinusgrid", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21315594803123153, 0.14315594803123155, 0.0},
    {"sinusgrid", "amps, freqs (freqy 0: Zeps)", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"sinusgrid_ampx", -0.3}, {"sinusgrid_ampy", 1.2}, {"sinusgrid_freqx", 2.5}, {"sinusgrid_freqy", 0.0}}, -0.8819999999999999, -0.9099999999999998, 0.0},
    {"cpow2", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 3, {{NULL, 0}}, 0.20999999999781427, -0.28000000000163927, 0.0},
    {"cpow2", "r, a, divisor, spread 3", 0.7, -1.2, 0.5, 0.0, 1, 3, {{"cpow2_r", 1.5}, {"cpow2_a", 0.4}, {"cpow2_divisor", 2.0}, {"cpow2_spread", 3.0}}, -1.729807417462198, -3.4976424431183952, 0.0},
    {"cpow2", "spread 3, below the axis", 0.7, -1.2, -0.5, 0.0, 4, 3, {{"cpow2_r", 1.5}, {"cpow2_a", 0.4}, {"cpow2_divisor", 2.0}, {"cpow2_spread", 3.0}}, -0.01058400108872797, 0.002248998821669201, 0.0},
    /* clang-format on */
};

static void test_values(void **state)
{
    (void)state;
    flame_var_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Every variation of this round, in its list's order, has a case. */
static const char *const added[] = {"phoenix_julia",
                                    "mobius_strip",
                                    "Lissajous",
                                    "svf",
                                    "target",
                                    "target0",
                                    "target2",
                                    "taurus",
                                    "bMod",
                                    "bSwirl",
                                    "bTransform",
                                    "bCollide",
                                    "eclipse",
                                    "flipcircle",
                                    "SplitBrdr",
                                    "xtrb",
                                    "synth",
                                    "erf",
                                    "xerf",
                                    "w",
                                    "x",
                                    "z",
                                    "inkdrop",
                                    "hex_modulus",
                                    "bwraps_rand",
                                    "blur_pixelize",
                                    "julian2",
                                    "juliaq",
                                    "npolar",
                                    "poincare3D",
                                    "ripple",
                                    "sinusgrid",
                                    "cpow2"};

static int has_case(const char *name)
{
    return flame_var_has_case(cases, sizeof cases / sizeof cases[0], name);
}

static void test_all_covered(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof added / sizeof added[0]; k++) {
        if (flame_var(added[k]) < FR_FLAME_NVAR_FLAM3) fail_msg("%s: not in the registry", added[k]);
        if (!has_case(added[k])) fail_msg("%s: no case", added[k]);
    }
    /* where they sit: each group's leftovers at its list's end */
    assert_int_equal(flame_var("bwraps_rand"), flame_var("poincare2") + 1);
    assert_int_equal(flame_var("cpow2"), flame_var("bwraps_rand") + 8);
    assert_int_equal(flame_var("phoenix_julia"), flame_var("eScale") + 1);
    assert_int_equal(flame_var("flipcircle"), flame_var("phoenix_julia") + 13);
    assert_int_equal(flame_var("SplitBrdr"), flame_var("scry_3D") + 1);
    assert_int_equal(flame_var("xtrb"), flame_var("SplitBrdr") + 1);
    assert_int_equal(flame_var("synth"), flame_var("xtrb") + 1);
    assert_int_equal(flame_var("erf"), flame_var("synth") + 1);
    assert_int_equal(flame_var("z"), flame_var("erf") + 4);
    assert_int_equal(flame_var("inkdrop"), flame_var("vignette") + 1); /* after Variations07.h's */
    assert_int_equal(flame_var("hex_modulus"), flame_var("inkdrop") + 1);
}

/* Sums: a 2D variation adds nothing to z, a 3D one its z (values from the
 * same transcription). */
static void test_sums(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    x.var[flame_var("flipcircle")] = 0.7;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 1);
    double o[3];
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.3 + 0.21, -0.4 + 0.27999999999999997, 0.5, "flipcircle + linear3D");
    /* svf + taurus: their z summed */
    flame_xform_blank(&x);
    x.var[flame_var("svf")] = 0.7;
    x.var[flame_var("taurus")] = 0.7;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.4291338664376542 + 2.6779353329996938, 0.13274666082430092 + 0.8283824726072228,
                -0.18991726028050152 + 0.6447426958020195, "svf + taurus");
}

/* pre_ and post_ forms: a 2D one (flipcircle) keeps the point's z, a 3D
 * one (xerf) replaces it; a random one (Lissajous) takes its draws. */
static void test_prepost(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_PRE, "flipcircle", 0.7);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 7, 1);
    double o[3];
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.21, 0.27999999999999997, 0.5, "pre_flipcircle");
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "xerf", 0.7);
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.23003873162138916, -0.2998746485326679, 0.36434991446913256, "post_xerf");
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "Lissajous", 0.7);
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_draws(&g, h, 2, "post_Lissajous");
}

/* A genome with the new variations and their parameters: read strictly,
 * written back, read equal. */
#define GENOME_XFORMS(EXTRA1, EXTRA2)                                                                        \
    " <xform weight=\"1\" color=\"0\" phoenix_julia=\"0.1\" mobius_strip=\"0.05\" Lissajous=\"0.02\" "       \
    "svf=\"0.05\" target=\"0.05\" target0=\"0.05\" target0_size=\"0.7\" target2=\"0.05\" taurus=\"0.02\" "   \
    "bMod=\"0.05\" bSwirl=\"0.05\" bSwirl_in=\"0.2\" "                                                       \
    "linear=\"0.5\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"                                                    \
    " <xform weight=\"0.5\" color=\"0.3\" bTransform=\"0.05\" bTransform_power=\"3\" bCollide=\"0.05\" "     \
    "eclipse=\"0.1\" eclipse_shift=\"0.4\" flipcircle=\"0.1\" SplitBrdr=\"0.05\" xtrb=\"0.05\" erf=\"0.1\" " \
    "xerf=\"0.1\" w=\"0.1\" w_star=\"0.3\" linear=\"0.3\" coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"           \
    " <xform weight=\"0.5\" color=\"0.6\" x=\"0.05\" x_hypergon=\"0.2\" z=\"0.05\" z_lituus=\"0.2\" "        \
    "inkdrop=\"0.1\" hex_modulus=\"0.1\" bwraps_rand=\"0.1\" blur_pixelize=\"0.02\" julian2=\"0.1\" "        \
    "synth=\"0.05\" synth_mode=\"13\" synth_mix=\"0.5\" synth_b=\"0.3\" linear=\"0.3\" "                     \
    "coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"                                                                \
    " <xform weight=\"0.5\" color=\"0.9\" juliaq=\"0.1\" npolar=\"0.02\" npolar_parity=\"1\" "               \
    "poincare3D=\"0.05\" poincare3D_r=\"0.3\" ripple=\"0.05\" sinusgrid=\"0.05\" cpow2=\"0.05\" "            \
    "linear=\"0.4\" " EXTRA1 "coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n" EXTRA2

static const char genome[] =
    FLAME_VAR_GENOME("e6", GENOME_XFORMS("pre_eclipse=\"0.5\" post_svf=\"0.2\" post_svf_n=\"3\" ", ""));

static void test_read_write(void **state)
{
    (void)state;
    fr_flame_file f = flame_read_strict(genome, "e6.flame");
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("phoenix_julia")] == 0.1 && x[0].param[flame_par("target0_size")] == 0.7);
    assert_true(x[1].param[flame_par("bTransform_power")] == 3 && x[1].param[flame_par("w_star")] == 0.3);
    assert_true(x[2].param[flame_par("x_hypergon")] == 0.2 && x[2].param[flame_par("z_lituus")] == 0.2);
    assert_true(x[3].param[flame_par("npolar_parity")] == 1);
    assert_true(x[3].slot[0].n == 1 && x[3].slot[0].var[0] == flame_var("eclipse"));
    assert_true(x[3].slot[1].n == 1 && x[3].slot[1].var[0] == flame_var("svf"));
    char *xml = flame_round_trip(&f.g[0], "e6.flame");
    assert_non_null(strstr(xml, "bSwirl_in=\"0.2\""));
    assert_non_null(strstr(xml, "poincare3D_r=\"0.3\""));
    assert_non_null(strstr(xml, "post_svf_n=\"3\""));
    assert_non_null(strstr(xml, "w_star_slope=\"2\"")); /* Ember writes the defaults too */
    free(xml);
    fr_flame_file_free(&f);
}

/* The registry: flags, parameter counts and Ember's defaults. */
static void test_registry(void **state)
{
    (void)state;
    assert_true(fr_flame_vars[flame_var("phoenix_julia")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("taurus")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("poincare3D")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("Lissajous")].flags == FR_VF_SUM);
    assert_true(fr_flame_vars[flame_var("target")].flags == 0);
    assert_int_equal(fr_flame_variation_nparams(flame_var("w")), 14);
    assert_int_equal(fr_flame_variation_nparams(flame_var("x")), 13);
    assert_int_equal(fr_flame_variation_nparams(flame_var("flipcircle")), 0);
    assert_int_equal(fr_flame_variation_nparams(flame_var("julian2")), 8);
    assert_int_equal(fr_flame_variation_nparams(flame_var("synth")), 35);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(flame_var("synth"), 29, &def), "synth_f");
    assert_true(def == 0);
    assert_string_equal(fr_flame_variation_param(flame_var("synth"), 1, &def), "synth_mode");
    assert_true(def == 3);
    assert_string_equal(fr_flame_variation_param(flame_var("mobius_strip"), 2, &def), "mobius_strip_rect_x");
    assert_true(def == 2.0 * M_PI);
    assert_string_equal(fr_flame_variation_param(flame_var("z"), 5, &def), "z_star_slope");
    assert_true(def == 2);
    assert_string_equal(fr_flame_variation_param(flame_var("phoenix_julia"), 2, &def),
                        "phoenix_julia_x_distort");
    assert_true(def == -0.5);
    assert_string_equal(fr_flame_variation_param(flame_var("bTransform"), 1, &def), "bTransform_power");
    assert_true(def == 1); /* Ember's 0 clamped to its least, 1 */
    assert_string_equal(fr_flame_variation_origin(flame_var("hex_modulus")), "Apophysis");
}

/* Without pre_/post_ variations (which take the batched walker's scalar
 * path): the new variations through its vector loops. */
static const char genome_regular[] = FLAME_VAR_GENOME("e6r", GENOME_XFORMS("", ""));

int main(void)
{
    static const flame_var_test tests[6] = {test_values,  test_all_covered, test_sums,
                                            test_prepost, test_read_write,  test_registry};
    return flame_var_round("ember6", genome_regular, genome, tests);
}
