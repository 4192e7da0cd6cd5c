/* The eighth round of Ember's variations: those whose Precalc rewrites
 * their own parameters (flame_var_list_ember_v09.h, flame_var_ember_v09.h),
 * each against values worked out apart from the code: a python3
 * transcription of Ember's Func and Precalc (the rewriting included)
 * evaluated at the point, fed the walker's uniform draws (stream (7, 1)
 * advanced by `skip` draws, as printed by fr_flame_rng_01; Ember's Rand(n)
 * as floor(n u), Rand(0) as floor(2^32 u)), with the number of draws
 * taken; their sums and pre_/post_ forms; reading them strictly, writing
 * them back with the parameters as written (not as Ember's Precalc leaves
 * them); the registry; the batched walker against the scalar one. */
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

/* Each case: the variation, what it tests, weight, the affine image
 * (x, y, z), the draws skipped and taken, the parameters set (the others
 * at Ember's defaults), and what the variation adds (x, y, z). The
 * Precalcs' rewritings: MobiusN's |power| < 1 (1), collideoscope's num 0
 * (Zeps), wavesn's power 0 (2), bubbleT3D's ratio_of_stripes (clamped to
 * [0.01, 1.99]) and hole (symmetryZ: |angle|, at most 179.9),
 * sphereblur's and depth_sine2's negative power (0), smartshape's power
 * below 2 (2), hypercrop's n 0 (Zeps), Truchet_glyph's exponent and
 * arc_width clamps and amp 0 (Zeps), the GlynnSims' negative pow (|pow|),
 * CircleTrans1's negative Sc, Truchet's exponent clamp, arc_width (from the
 * exponent, not read) and negative seed. Branches: MobiusN's roots,
 * collideoscope's sectors on both sides of the cut at pi, wavesn's
 * Rand(0), bubbleT3D's stripes (cut, kept, turned, inverted), holes
 * (inverted, both poles) and exponentZ above 2, the blurs inside and
 * out, smartshape's rounding and compensation, hypercrop's three zero
 * modes, Truchet_glyph in and out of its glyph, the GlynnSims' inside,
 * pull and circle, CircleTrans1's kept and redrawn points, Truchet's
 * compatible (20 steps at most) and extended hashes and its seeds 0, 1. */
static const flame_var_case cases[] = {
    /* clang-format off */
    {"MobiusN", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, -0.20999999999999994, 0.28, 0.0},
    {"MobiusN", "A .. D, power 0.5 (1)", 0.7, -1.2, 0.5, 0.0, 1, 1, {{"MobiusNRe_A", 0.5}, {"MobiusNIm_A", 0.3}, {"MobiusNRe_B", 0.1}, {"MobiusNRe_C", 0.2}, {"MobiusNIm_D", -0.3}, {"MobiusN_Power", 0.5}}, -0.8923870406021874, -0.29885451684765374, 0.0},
    {"MobiusN", "power -0.2 (1)", 0.7, 0.3, -0.4, 0.5, 2, 1, {{"MobiusN_Power", -0.2}, {"MobiusNIm_C", 0.4}}, 0.2048379332273577, -0.28165215818761685, 0.0},
    {"MobiusN", "power -3, dist 0.5", 0.7, 0.3, -0.4, 0.5, 3, 1, {{"MobiusN_Power", -3.0}, {"MobiusN_Dist", 0.5}, {"MobiusNRe_B", 0.2}}, 0.2586254381670264, -0.3330656106990663, 0.0},
    {"MobiusN", "power 3.5", 0.7, -1.2, 0.5, 0.0, 4, 1, {{"MobiusN_Power", 3.5}}, 0.404473503835191, 0.8151694208539005, 0.0},
    {"collideoscope", "defaults (lower half)", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"collideoscope", "a 0.3, num 3, upper half", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"collideoscope_a", 0.3}, {"collideoscope_num", 3.0}}, -0.9070434217191605, 0.07329550542834785, 0.0},
    {"collideoscope", "a 0.3, num 3, lower half", 0.7, -1.2, -0.5, 0.0, 0, 0, {{"collideoscope_a", 0.3}, {"collideoscope_num", 3.0}}, -0.9070434217191605, -0.07329550542834785, 0.0},
    {"collideoscope", "a 0.2, num 5, odd sector", 0.7, 0.1, 0.9, 0.0, 0, 0, {{"collideoscope_a", 0.2}, {"collideoscope_num", 5.0}}, -0.009511908053498157, 0.6338055881776223, 0.0},
    {"collideoscope", "num 0 (Zeps)", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"collideoscope_num", 0.0}}, 0.21, 0.27999999999999997, 0.0},
    {"collideoscope", "num -2", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"collideoscope_a", 0.4}, {"collideoscope_num", -2.0}}, -0.2105836638944459, 0.8852991135773213, 0.0},
    {"wavesn", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, -0.03891516927230919, -0.05328384142915042, 0.0},
    {"wavesn", "power 0 (2), inc", 0.7, -1.2, 0.5, 0.0, 1, 1, {{"wavesn_power", 0.0}, {"wavesn_incx", 0.5}, {"wavesn_incy", -0.3}}, -0.4869533539642762, -0.6303162551923646, 0.0},
    {"wavesn", "power 3, scales", 0.7, 0.3, -0.4, 0.5, 2, 1, {{"wavesn_power", 3.0}, {"wavesn_scalex", 0.5}, {"wavesn_freqy", 3.0}}, 0.07202774033807526, 0.25841353152582897, 0.0},
    {"wavesn", "power -2.5", 0.7, -1.2, 0.5, 0.0, 3, 1, {{"wavesn_power", -2.5}}, -0.2040028015107458, -0.11562010656259884, 0.0},
    {"wavesn", "power 0.5 (Rand(0))", 0.7, 0.3, -0.4, 0.5, 4, 1, {{"wavesn_power", 0.5}}, -0.14969977400402135, -0.151845199733676, 0.0},
    {"bubbleT3D", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.1976470588235294, -0.26352941176470585, 0.6176470588235293},
    {"bubbleT3D", "at 0", 0.7, 0.0, 0.0, 0.3, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"bubbleT3D", "stripes 3, ratio 0.5: kept", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"bubbleT3D_number_of_stripes", 3.0}, {"bubbleT3D_ratio_of_stripes", 0.5}}, 0.1976470588235294, -0.26352941176470585, 0.6176470588235293},
    {"bubbleT3D", "stripes 3, ratio 0.5: cut", 0.7, 0.4, 0.3, 0.0, 0, 0, {{"bubbleT3D_number_of_stripes", 3.0}, {"bubbleT3D_ratio_of_stripes", 0.5}}, 0.0, 0.0, 0.0},
    {"bubbleT3D", "stripes 3, ratio 2.5 (1.99), blur: cut", 0.7, 0.8682, -0.4965, 0.1, 0, 0, {{"bubbleT3D_number_of_stripes", 3.0}, {"bubbleT3D_ratio_of_stripes", 2.5}, {"bubbleT3D_modusBlur", 1.0}}, 0.5339775248333319, 0.16888261424749543, 0.4199365018402185},
    {"bubbleT3D", "stripes 3, ratio 0 (0.01), blur", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"bubbleT3D_number_of_stripes", 3.0}, {"bubbleT3D_ratio_of_stripes", 0.0}, {"bubbleT3D_modusBlur", 1.0}}, -0.5554662923107663, -0.3173284536186012, 0.284182776801406},
    {"bubbleT3D", "stripes 4, ratio 0.4, blur: turned", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"bubbleT3D_number_of_stripes", 4.0}, {"bubbleT3D_modusBlur", 1.0}, {"bubbleT3D_ratio_of_stripes", 0.4}}, 0.32554940979667085, -0.05029604862892153, 0.6176470588235293},
    {"bubbleT3D", "stripes 4, ratio 1, blur: turned by the strip", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"bubbleT3D_number_of_stripes", 4.0}, {"bubbleT3D_modusBlur", 1.0}}, 0.32610100967661954, -0.046585858525231415, 0.6176470588235293},
    {"bubbleT3D", "stripes -2, ratio 3 (1.99), blur", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"bubbleT3D_number_of_stripes", -2.0}, {"bubbleT3D_ratio_of_stripes", 3.0}, {"bubbleT3D_modusBlur", 1.0}}, -0.0010392065573289265, 0.32941012549157445, 0.6176470588235293},
    {"bubbleT3D", "stripes -1, blur: turned by the strip", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"bubbleT3D_number_of_stripes", -1.0}, {"bubbleT3D_modusBlur", 1.0}, {"bubbleT3D_ratio_of_stripes", 1.5}}, -0.19764705882352937, 0.2635294117647059, 0.6176470588235293},
    {"bubbleT3D", "stripes -3: cut", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"bubbleT3D_number_of_stripes", -3.0}, {"bubbleT3D_ratio_of_stripes", 1.5}}, 0.0, 0.0, 0.0},
    {"bubbleT3D", "hole 60: cut", 0.7, 0.1, 0.1, 0.0, 0, 0, {{"bubbleT3D_angle_of_hole", 60.0}}, 0.0, 0.0, 0.0},
    {"bubbleT3D", "hole 60, blur", 0.7, 0.1, 0.1, 0.0, 0, 0, {{"bubbleT3D_angle_of_hole", 60.0}, {"bubbleT3D_modusBlur", 1.0}}, 0.37669976750629247, 0.37669976750629247, -0.45408652294623175},
    {"bubbleT3D", "hole -120 (inverted), blur", 0.7, 5.0, 5.0, 0.0, 0, 0, {{"bubbleT3D_angle_of_hole", -120.0}, {"bubbleT3D_modusBlur", 1.0}}, -0.3132049023396887, -0.3132049023396887, 0.5420381705200955},
    {"bubbleT3D", "symmetryZ, hole 200 (179.9), blur", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"bubbleT3D_symmetryZ", 1.0}, {"bubbleT3D_angle_of_hole", 200.0}, {"bubbleT3D_modusBlur", 1.0}}, 0.41999997741218364, -0.5599999698829115, -0.00022957548602503604},
    {"bubbleT3D", "symmetryZ, hole -30 (30), blur", 0.7, 0.1, 0.1, 0.0, 0, 0, {{"bubbleT3D_symmetryZ", 1.0}, {"bubbleT3D_angle_of_hole", -30.0}, {"bubbleT3D_modusBlur", 1.0}}, 0.49235825598808136, 0.49235825598808136, 0.07187972955381469},
    {"bubbleT3D", "symmetryZ, hole 90, blur, near", 0.7, 0.2, 0.1, 0.0, 0, 0, {{"bubbleT3D_symmetryZ", 1.0}, {"bubbleT3D_angle_of_hole", 90.0}, {"bubbleT3D_modusBlur", 1.0}}, 0.5902506635585557, 0.29512533177927786, -0.23346347189839792},
    {"bubbleT3D", "exponentZ 3", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"bubbleT3D_exponentZ", 3.0}}, -0.5905096660808435, 0.2460456942003515, -0.21362503733239954},
    {"bubbleT3D", "exponentZ 2, hole 40", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"bubbleT3D_exponentZ", 2.0}, {"bubbleT3D_angle_of_hole", 40.0}, {"bubbleT3D_modusBlur", 1.0}}, -0.5905096660808435, 0.2460456942003515, -0.008131615605338349},
    {"bubbleT3D", "hole -60 (inverted), blur: kept", 0.7, 5.0, 5.0, 0.0, 0, 0, {{"bubbleT3D_angle_of_hole", -60.0}, {"bubbleT3D_modusBlur", 1.0}}, 0.25925925925925924, 0.25925925925925924, -0.5962962962962962},
    {"bubbleT3D", "symmetryZ, hole 120, blur, far", 0.7, 5.0, 5.0, 0.0, 0, 0, {{"bubbleT3D_symmetryZ", 1.0}, {"bubbleT3D_angle_of_hole", 120.0}, {"bubbleT3D_modusBlur", 1.0}}, 0.49478504498897374, 0.49478504498897374, -0.01937829999041199},
    {"sphereblur", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 3, {{NULL, 0}}, 0.21558868098500927, -0.11921848976273017, 0.4317608912687872},
    {"sphereblur", "power -1 (0): the centre", 0.7, 0.3, -0.4, 0.5, 3, 3, {{"sphereblur_power", -1.0}}, 0.0, -0.0, 0.0},
    {"sphereblur", "power 2.5", 0.7, -1.2, 0.5, 0.0, 6, 3, {{"sphereblur_power", 2.5}}, -0.05414876044969899, 0.23533781670332085, 0.4646498110352323},
    {"depth_sine2", "inside: kept", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"depth_sine2", "outside", 0.7, -1.2, 0.5, 0.0, 0, 2, {{NULL, 0}}, -0.8369668857899046, 0.34832271669480375, 0.0},
    {"depth_sine2", "power -1 (0): no blur", 0.7, -1.2, 0.5, 0.0, 2, 2, {{"depth_sine2_power", -1.0}}, -0.84, 0.35, 0.0},
    {"depth_sine2", "power 2.5, x0, y0, mul, exp", 0.7, -1.2, 0.5, 0.0, 4, 2, {{"depth_sine2_power", 2.5}, {"depth_sine2_x0", 0.2}, {"depth_sine2_y0", -0.3}, {"depth_sine2_mulx", 0.5}, {"depth_sine2_muly", 2.0}, {"depth_sine2_exp", 1.5}, {"depth_sine2_blur", 2.0}}, -1.029199760672393, 0.2926856764005497, 0.0},
    {"depth_sine2", "mulx 0 (Zeps)", 0.7, 0.3, -0.4, 0.5, 6, 2, {{"depth_sine2_mulx", 0.0}, {"depth_sine2_exp", 0.01}}, 0.20660722617132943, -0.2652545473104743, 0.0},
    {"smartshape", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.2625, -0.35000000000000003, 0.0},
    {"smartshape", "power 1 (2)", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"smartshape_power", 1.0}}, -0.9099999999999998, 0.37916666666666604, 0.0},
    {"smartshape", "power 5, rounded 2, distortion 0.5", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"smartshape_power", 5.0}, {"smartshape_roundstr", 0.3}, {"smartshape_roundwidth", 2.0}, {"smartshape_distortion", 0.5}}, -0.8715851607052787, 0.36316048362719894, 0.0},
    {"smartshape", "compensation, distortion 1.5, rounded", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"smartshape_compensation", 0.5}, {"smartshape_distortion", 1.5}, {"smartshape_roundstr", 0.4}}, 0.29906096229705, -0.3650062561235292, 0.0},
    {"smartshape", "distortion 0", 0.7, 0.9, 0.2, 0.0, 0, 0, {{"smartshape_distortion", 0.0}}, 0.6299999999999999, 0.13999999999999996, 0.0},
    {"smartshape", "power 6, beyond half", 0.7, 0.1, 0.9, 0.0, 0, 0, {{"smartshape_power", 6.0}}, 0.07642385900319028, 0.6878147310287107, 0.0},
    {"hypercrop", "defaults: to the edge", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.1685203783442924, -0.24444603858082203, 0.0},
    {"hypercrop", "outside: kept", 0.7, 0.1, 0.05, 0.5, 0, 0, {{NULL, 0}}, 0.06999999999999999, 0.034999999999999996, 0.35},
    {"hypercrop", "zero 1: to 0", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"hypercrop_zero", 1.0}}, 0.0, 0.0, 0.0},
    {"hypercrop", "zero 2: to the centre", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"hypercrop_zero", 2.0}}, 0.7, -0.6999999999999998, 0.0},
    {"hypercrop", "n 6, rad 0.5", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"hypercrop_n", 6.0}, {"hypercrop_rad", 0.5}}, -0.888468363187285, 0.33125479530141466, 0.0},
    {"hypercrop", "n 0 (Zeps)", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"hypercrop_n", 0.0}}, -0.84, 0.35, 0.0},
    {"Truchet_glyph", "defaults: outside the glyph", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.3, -0.4, 0.0},
    {"Truchet_glyph", "defaults: in it", 0.7, 3.1, 2.8, 0.0, 0, 0, {{NULL, 0}}, 3.7571428571428576, 1.2000000000000002, 0.0},
    {"Truchet_glyph", "seed 0", 0.7, 3.1, 2.8, 0.0, 0, 0, {{"Truchet_glyph_seed", 0.0}}, 3.7571428571428576, 1.2000000000000002, 0.0},
    {"Truchet_glyph", "seed 7, exponent 3 (2), width 2 (1)", 0.8, 2.6, 3.45, 0.0, 0, 0, {{"Truchet_glyph_seed", 7.0}, {"Truchet_glyph_exponent", 3.0}, {"Truchet_glyph_arc_width", 2.0}}, 1.9, 3.175, 0.0},
    {"Truchet_glyph", "exponent -1 (0.001), angle 0", 0.5, 3.2, 2.9, 0.0, 0, 0, {{"Truchet_glyph_exponent", -1.0}, {"Truchet_glyph_angle", 0.0}}, -3.2, -2.9, 0.0},
    {"Truchet_glyph", "width 1", 0.8, 2.95, 3.3, 0.0, 0, 0, {{"Truchet_glyph_arc_width", 1.0}}, 2.425, 2.95, 0.0},
    {"Truchet_glyph", "amp 0 (Zeps): kept", 0.7, 0.001, 0.002, 0.0, 0, 0, {{"Truchet_glyph_amp", 0.0}}, 0.001, 0.002, 0.0},
    {"Truchet_glyph", "amp 0.5, max 2", 0.7, 0.3, 0.2, 0.0, 0, 0, {{"Truchet_glyph_amp", 0.5}, {"Truchet_glyph_max", 2.0}}, -0.3, -0.2, 0.0},
    {"GlynnSim1", "inside", 0.7, 0.3, -0.4, 0.5, 0, 2, {{NULL, 0}}, 0.7594770995004612, -0.026058479070581016, 0.0},
    {"GlynnSim1", "outside", 0.7, -1.2, 0.5, 0.0, 2, 1, {{NULL, 0}}, -0.49704142011834307, 0.20710059171597628, 0.0},
    {"GlynnSim1", "outside, pulled into the circle", 0.7, 1.05, 0.0, 0.0, 3, 3, {{NULL, 0}}, 0.683678808633042, 0.03810069855741162, 0.0},
    {"GlynnSim1", "pow -0.5 (0.5), phi1 90", 0.7, 0.0, 1.04, 0.0, 6, 3, {{"GlynnSim1_pow", -0.5}, {"GlynnSim1_phi1", 90.0}, {"GlynnSim1_radius1", 0.2}}, -0.10822495637483755, 0.622863355425242, 0.0},
    {"GlynnSim1", "pow -3 (3), contrast 0.8", 0.7, -1.2, 0.5, 0.0, 9, 1, {{"GlynnSim1_pow", -3.0}, {"GlynnSim1_contrast", 0.8}}, -0.84, 0.35, 0.0},
    {"GlynnSim2", "inside", 0.7, 0.3, -0.4, 0.5, 0, 2, {{NULL, 0}}, 0.5927157315864817, -0.25968432583419226, 0.0},
    {"GlynnSim2", "outside", 0.7, -1.2, 0.5, 0.0, 2, 1, {{NULL, 0}}, -0.84, 0.35, 0.0},
    {"GlynnSim2", "pow -1.5 (1.5), contrast 1", 0.7, -1.2, 0.5, 0.0, 3, 1, {{"GlynnSim2_pow", -1.5}, {"GlynnSim2_contrast", 1.0}}, -0.84, 0.35, 0.0},
    {"GlynnSim2", "Phi1 30, Phi2 90, thickness 0.3", 0.7, 0.3, -0.4, 0.5, 4, 2, {{"GlynnSim2_Phi1", 30.0}, {"GlynnSim2_Phi2", 90.0}, {"GlynnSim2_thickness", 0.3}}, 0.46498454300028613, 0.5323613124625298, 0.0},
    {"GlynnSim2", "radius 0, at 0 (Zeps)", 0.7, 0.0, 0.0, 0.0, 6, 1, {{"GlynnSim2_radius", 0.0}, {"GlynnSim2_thickness", 0.0}}, 0.0, 0.0, 0.0},
    {"GlynnSim2", "outside, pulled", 0.7, -1.2, 0.5, 0.0, 2, 1, {{"GlynnSim2_contrast", 1.0}}, -0.49704142011834307, 0.20710059171597628, 0.0},
    {"CircleTrans1", "defaults: kept", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 3.605, 3.36, 0.0},
    {"CircleTrans1", "in a disc: redrawn", 0.7, -11.1, -9.43, 0.0, 0, 3, {{NULL, 0}}, -6.4391813574713, -6.102825900064575, 0.0},
    {"CircleTrans1", "in a disc, Sc 0.5, seed 3, Dens 0.3", 0.7, -11.1, -9.43, 0.0, 3, 0, {{"CircleTrans1_Sc", 0.5}, {"CircleTrans1_Seed", 3.0}, {"CircleTrans1_Dens", 0.3}}, -0.38500000000000045, 0.1995000000000001, 0.0},
    {"CircleTrans1", "Sc -1, X 2, Y -3", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"CircleTrans1_Sc", -1.0}, {"CircleTrans1_X", 2.0}, {"CircleTrans1_Y", -3.0}}, 0.2799999999999999, -0.875, 0.0},
    {"Truchet", "defaults: off the arcs", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"Truchet", "defaults: on an arc", 0.7, -3.745, -4.5727, 0.0, 0, 0, {{NULL, 0}}, -3.3500000000000005, -4.5324285714285715, 0.0},
    {"Truchet", "defaults, 20 steps at most", 0.7, 5.3, 7.2, 0.0, 0, 0, {{NULL, 0}}, 5.571428571428571, 7.2857142857142865, 0.0},
    {"Truchet", "extended 0 (the hash)", 0.7, -3.745, -4.5727, 0.0, 0, 0, {{"Truchet_extended", 0.0}}, -3.3500000000000005, -4.5324285714285715, 0.0},
    {"Truchet", "seed 0", 0.7, -3.745, -4.69, 0.0, 0, 0, {{"Truchet_seed", 0.0}}, -3.3500000000000005, -4.700000000000001, 0.0},
    {"Truchet", "seed 1", 0.7, -3.745, -4.69, 0.0, 0, 0, {{"Truchet_seed", 1.0}}, 0.0, 0.0, 0.0},
    {"Truchet", "seed -7, exponent 3 (2), arc_width unread", 0.7, -2.73, -3.267, 0.0, 0, 0, {{"Truchet_seed", -7.0}, {"Truchet_exponent", 3.0}, {"Truchet_arc_width", 0.1}}, -2.9, -3.6671428571428573, 0.0},
    {"Truchet", "exponent 0.5, rotation, size 2, extended 0, seed 3", 0.5, -2.73, -3.44, 0.0, 0, 0, {{"Truchet_exponent", 0.5}, {"Truchet_rotation", 0.3}, {"Truchet_size", 2.0}, {"Truchet_extended", 0.0}, {"Truchet_seed", 3.0}}, -5.659355117993446, -7.211788134028371, 0.0},
    {"Truchet", "exponent 0 (EPS)", 0.7, 0.2, 0.3, 0.0, 0, 0, {{"Truchet_exponent", 0.0}}, 0.0, 0.0, 0.0},
    /* clang-format on */
};

static void test_values(void **state)
{
    (void)state;
    flame_var_cases(cases, sizeof cases / sizeof cases[0]);
}

/* The names of this round's list (the registry's order). */
#define V9_NAME(id, name, origin, flags, params) name,
static const char *const v09_new[] = {FR_FLAME_VARS_EMBER_V09(V9_NAME, )};

/* Every variation of the round has a case; they follow each other in the
 * registry, from MobiusN to Truchet (the ninth round, cubic3D on, follows). */
static void test_all_covered(void **state)
{
    (void)state;
    FLAME_VAR_ROUND_COVERED(cases, v09_new, 13, "MobiusN", "Truchet");
    assert_int_equal(flame_var("Truchet") + 1, flame_var("cubic3D")); /* the next round follows */
}

/* Sums: a 2D variation adds nothing to z, a 3D one its z (values from the
 * same transcription). */
static void test_sums(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    x.var[flame_var("collideoscope")] = 0.7;
    x.param[flame_par("collideoscope_a")] = 0.3;
    x.param[flame_par("collideoscope_num")] = 3;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 1);
    double o[3];
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.3 + 0.34341698313073304, -0.4 + -0.06756312379831021, 0.5, "collideoscope + linear3D");
    /* hypercrop outside its discs keeps z (times w): summed with linear3D's */
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    x.var[flame_var("hypercrop")] = 0.7;
    flame_xform_apply_at(&x, 0.1, 0.05, 0.5, &g, o);
    flame_near3(o, 0.1 + 0.06999999999999999, 0.05 + 0.034999999999999996, 0.5 + 0.35,
                "hypercrop + linear3D");
}

/* pre_ and post_ forms: a 2D one (smartshape) keeps the point's z, a 3D
 * one (bubbleT3D) replaces it; sphereblur, sum-type (Ember's
 * ASSIGNTYPE_SUM), adds to the point and takes its three draws. */
static void test_prepost(void **state)
{
    (void)state;
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 7, 1);
    flame_slot_near(FR_SLOT_PRE, "smartshape", 0.7, &g, 0.2625, -0.35000000000000003, 0.5, "pre_smartshape");
    flame_slot_near(FR_SLOT_POST, "bubbleT3D", 0.7, &g, 0.1976470588235294, -0.26352941176470585,
                    0.6176470588235293, "post_bubbleT3D");
    h = g;
    flame_slot_near(FR_SLOT_POST, "sphereblur", 0.7, &g, 0.3 + 0.21558868098500927,
                    -0.4 + -0.11921848976273017, 0.5 + 0.4317608912687872, "post_sphereblur");
    flame_draws(&g, h, 3, "post_sphereblur");
}

/* A genome with the new variations, their parameters set where Ember's
 * Precalc would rewrite them: read strictly, written back as written,
 * read equal. */
#define GENOME_XFORMS(EXTRA1, EXTRA2)                                                                        \
    " <xform weight=\"1\" color=\"0\" MobiusN=\"0.05\" MobiusN_Power=\"0.5\" collideoscope=\"0.05\" "        \
    "collideoscope_num=\"0\" wavesn=\"0.05\" wavesn_power=\"0\" bubbleT3D=\"0.05\" "                         \
    "bubbleT3D_number_of_stripes=\"3\" bubbleT3D_ratio_of_stripes=\"2.5\" bubbleT3D_modusBlur=\"1\" "        \
    "linear=\"0.5\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"                                                    \
    " <xform weight=\"0.5\" color=\"0.3\" sphereblur=\"0.02\" sphereblur_power=\"-1\" depth_sine2=\"0.05\" " \
    "depth_sine2_power=\"-0.5\" smartshape=\"0.05\" smartshape_power=\"1\" hypercrop=\"0.05\" "              \
    "hypercrop_n=\"0\" linear=\"0.3\" coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"                               \
    " <xform weight=\"0.5\" color=\"0.6\" Truchet_glyph=\"0.05\" Truchet_glyph_exponent=\"3\" "              \
    "Truchet_glyph_arc_width=\"2\" GlynnSim1=\"0.05\" GlynnSim1_pow=\"-0.5\" GlynnSim2=\"0.05\" "            \
    "GlynnSim2_pow=\"-1.5\" linear=\"0.4\" coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"                          \
    " <xform weight=\"0.5\" color=\"0.9\" CircleTrans1=\"0.02\" CircleTrans1_Sc=\"-0.5\" Truchet=\"0.05\" "  \
    "Truchet_exponent=\"3\" Truchet_arc_width=\"0.25\" Truchet_seed=\"-7\" linear=\"0.4\" " EXTRA1           \
    "coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n" EXTRA2

static const char genome[] = FLAME_VAR_GENOME(
    "e8", GENOME_XFORMS("pre_smartshape=\"0.5\" pre_smartshape_power=\"1\" post_bubbleT3D=\"0.2\" "
                        "post_bubbleT3D_ratio_of_stripes=\"0\" ",
                        ""));

static void test_read_write(void **state)
{
    (void)state;
    fr_flame_file f = flame_read_strict(genome, "e8.flame");
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("MobiusN")] == 0.05 && x[0].param[flame_par("MobiusN_Power")] == 0.5);
    assert_true(x[0].param[flame_par("bubbleT3D_ratio_of_stripes")] == 2.5);
    assert_true(x[1].param[flame_par("hypercrop_n")] == 0);
    assert_true(x[3].param[flame_par("Truchet_seed")] == -7);
    assert_true(x[3].slot[0].n == 1 && x[3].slot[0].var[0] == flame_var("smartshape"));
    assert_true(x[3].slot[1].n == 1 && x[3].slot[1].var[0] == flame_var("bubbleT3D"));
    char *xml = flame_round_trip(&f.g[0], "e8.flame");
    /* the parameters as written, not as Ember's Precalc leaves them */
    static const char *const kept[] = {
        "MobiusN_Power=\"0.5\"",        "collideoscope_num=\"0\"",
        "wavesn_power=\"0\"",           "bubbleT3D_ratio_of_stripes=\"2.5\"",
        "sphereblur_power=\"-1\"",      "depth_sine2_power=\"-0.5\"",
        "smartshape_power=\"1\"",       "hypercrop_n=\"0\"",
        "Truchet_glyph_exponent=\"3\"", "Truchet_glyph_arc_width=\"2\"",
        "GlynnSim1_pow=\"-0.5\"",       "GlynnSim2_pow=\"-1.5\"",
        "CircleTrans1_Sc=\"-0.5\"",     "Truchet_exponent=\"3\"",
        "Truchet_arc_width=\"0.25\"",   "Truchet_seed=\"-7\"",
        "pre_smartshape_power=\"1\"",   "post_bubbleT3D_ratio_of_stripes=\"0\""};
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++)
        if (!strstr(xml, kept[k])) fail_msg("not written back: %s\n%s", kept[k], xml);
    assert_non_null(strstr(xml, "Truchet_glyph_amp=\"6\"")); /* Ember writes the defaults too */
    free(xml);
    fr_flame_file_free(&f);
}

/* The registry: flags, parameter counts, Ember's defaults, the origin. */
static void test_registry(void **state)
{
    (void)state;
    assert_true(fr_flame_vars[flame_var("sphereblur")].flags == (FR_VF_SUM | FR_VF_3D));
    assert_true(fr_flame_vars[flame_var("bubbleT3D")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("hypercrop")].flags == FR_VF_3D);
    static const char *const flat[] = {"MobiusN",      "collideoscope", "wavesn",    "depth_sine2",
                                       "smartshape",   "Truchet_glyph", "GlynnSim1", "GlynnSim2",
                                       "CircleTrans1", "Truchet"};
    for (size_t k = 0; k < sizeof flat / sizeof flat[0]; k++)
        assert_true(fr_flame_vars[flame_var(flat[k])].flags == 0);
    assert_int_equal(fr_flame_variation_nparams(flame_var("MobiusN")), 10);
    assert_int_equal(fr_flame_variation_nparams(flame_var("bubbleT3D")), 6);
    assert_int_equal(fr_flame_variation_nparams(flame_var("depth_sine2")), 8);
    assert_int_equal(fr_flame_variation_nparams(flame_var("Truchet")), 6);
    assert_int_equal(fr_flame_variation_nparams(flame_var("sphereblur")), 1);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(flame_var("MobiusN"), 8, &def), "MobiusN_Power");
    assert_true(def == 2);
    assert_string_equal(fr_flame_variation_param(flame_var("GlynnSim2"), 5, &def), "GlynnSim2_Phi2");
    assert_true(def == 360);
    assert_string_equal(fr_flame_variation_param(flame_var("Truchet_glyph"), 3, &def), "Truchet_glyph_max");
    assert_true(def == 0.9);
    assert_string_equal(fr_flame_variation_param(flame_var("Truchet"), 5, &def), "Truchet_seed");
    assert_true(def == 50);
    assert_string_equal(fr_flame_variation_param(flame_var("CircleTrans1"), 2, &def), "CircleTrans1_X");
    assert_true(def == 10);
    assert_string_equal(fr_flame_variation_origin(flame_var("smartshape")), "JWildfire");
    assert_string_equal(fr_flame_variation_origin(flame_var("MobiusN")), "Apophysis");
}

/* Without pre_/post_ variations (which take the batched walker's scalar
 * path): the new variations through its vector loops. */
static const char genome_regular[] = FLAME_VAR_GENOME("e8r", GENOME_XFORMS("", ""));

int main(void)
{
    static const flame_var_test tests[6] = {test_values,  test_all_covered, test_sums,
                                            test_prepost, test_read_write,  test_registry};
    return flame_var_round("ember8", genome_regular, genome, tests);
}
