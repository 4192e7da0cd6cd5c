/* The seventh round of Ember's variations: Variations07.h's, in its order
 * (flame_var_list_ember_v07.h, flame_var_ember_v07.h), each against values
 * worked out apart from the code: a python3 transcription of Ember's Func
 * (and Precalc) evaluated at the point, fed the walker's uniform draws
 * (stream (7, 1) advanced by `skip` draws; Ember's Rand(n) as floor(n u),
 * Crand() as floor(32767 u), RandBit as floor(2 u); the Bessel J1 from the
 * C library), with the number of draws taken; their sums and pre_/post_
 * forms; reading them strictly, writing them back; the registry; the
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

/* Each case: the variation, what it tests, weight, the affine image
 * (x, y, z), the draws skipped and taken, the parameters set (the others
 * at Ember's defaults), and what the variation adds (x, y, z). Special
 * cases: Zeps at 0 (waves2b's power of |x|, pressure_wave's frequency,
 * projective's pole), SafeDivInv's 1 / r (waves2b), panorama2 at 0,
 * Jacobi's functions at k 0, 1 and negative; branches: waves2b's three
 * waves, pRose3D's ghost and smoothing, log_db's base and period at 0,
 * circlesplit, Truchet_fill's arcs, seeds and clamps, Truchet_hex_fill's
 * seeds and flips, Truchet_hex_crop's modes, inv and seeds,
 * waves2_radial's three zones, cpow3's half turn, the depth_* blurs
 * inside and out (depth_blur's odd and even edges), asteria's four
 * cases, excinis' five functions and its eps, the complex functions on
 * both sides of their cuts, hex_rand's kept and dropped cells, squares'
 * turned, unturned and cellsize 0, starblur2's clamps,
 * unicorngaloshen's modes, dragonfire's fuzz and interpolation modes,
 * Truchet_inv's arcs, the modulus wraps below 0, waves22's odd and
 * negative powers, waves4's and waves42's cont, vignette's five cases. */
static const flame_var_case cases[] = {
    /* clang-format off */
    {"splits3D", "x, y, z", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"splits3D_x", 0.2}, {"splits3D_y", -0.3}, {"splits3D_z", 0.5}}, 0.35, -0.07000000000000002, 0.7},
    {"splits3D", "negative x, z", 0.7, -0.3, 0.4, -0.5, 0, 0, {{"splits3D_x", 0.2}, {"splits3D_y", -0.3}, {"splits3D_z", 0.5}}, -0.35, 0.07000000000000002, -0.7},
    {"waves2b", "defaults (powers 1)", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.2921492636296659, 0.11524973137652474, 0.0},
    {"waves2b", "Jacobi sn (pw 0), scales", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"waves2b_pwx", 0.0}, {"waves2b_pwy", 0.0}, {"waves2b_scalex", 0.5}, {"waves2b_scaleinfy", 0.3}, {"waves2b_jacok", -0.4}}, -0.03334796292164361, 0.05268340968924934, 0.0},
    {"waves2b", "Bessel J1 (pw -5e-5), power -1.5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"waves2b_pwx", -5e-05}, {"waves2b_pwy", -1.5}, {"waves2b_unity", 0.3}}, -0.048189432265919034, -0.5492095142780399, 0.0},
    {"waves2b", "unity -0.2 (1 / r), x 0 (Zeps)", 0.7, 0.0, -0.4, 0.0, 0, 0, {{"waves2b_unity", -0.2}, {"waves2b_pwy", 0.5}}, -0.5021492636296659, -0.2799999791383743, 0.0},
    {"jac_cn", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.7195950104052249, 0.08664310489480045, 0.0},
    {"jac_cn", "k -0.5", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"jac_cn_k", -0.5}}, 0.5627807042375892, 0.1323145714589701, 0.0},
    {"jac_dn", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.7085834575488477, 0.043994779516862245, 0.0},
    {"jac_dn", "k 0 (tanh, sech)", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"jac_dn_k", 0.0}}, 0.4405287032618104, 0.0, 0.0},
    {"jac_sn", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.23024890292658853, -0.2707849860556931, 0.0},
    {"jac_sn", "k 1 (tanh in y)", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"jac_sn_k", 1.0}}, -0.5952765064853607, 0.10694839471915667, 0.0},
    {"pressure_wave", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.31595574200969195, -0.34548424986520476, 0.0},
    {"pressure_wave", "x_freq 0 (Zeps), y 2.5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"pressure_wave_x_freq", 0.0}, {"pressure_wave_y_freq", 2.5}}, 0.21, -0.27999999999999997, 0.0},
    {"gamma", "r < 1", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.40065546004729025, -0.6491066526011285, 0.0},
    {"gamma", "r > 2", 0.7, -1.5, 2.0, 0.0, 0, 0, {{NULL, 0}}, 0.19927800933104373, 1.5500082049117265, 0.0},
    {"pRose3D", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 2, {{NULL, 0}}, -0.19655999999999998, 0.26208000000000004, 0.7},
    {"pRose3D", "other side (the same unghosted)", 0.7, 0.3, -0.4, 0.5, 1, 2, {{NULL, 0}}, -0.19655999999999998, 0.26208000000000004, 0.7},
    {"pRose3D", "opt -1.5, ghosted below", 0.7, 0.3, -0.4, 0.5, 2, 2, {{"pRose3D_opt", -1.5}, {"pRose3D_transp", 0.9}, {"pRose3D_refSc", 0.6}, {"pRose3D_z2", 0.7}, {"pRose3D_wagsc", 0.3}, {"pRose3D_crvsc", 0.2}, {"pRose3D_wigsc", 0.5}, {"pRose3D_offset", 0.25}, {"pRose3D_opt3", 0.4}}, -0.117936, 0.15724800000000003, -0.5313568687627385},
    {"pRose3D", "opt3 -2, k 1e-5", 0.7, -1.2, 0.5, 0.25, 0, 2, {{"pRose3D_opt3", -2.0}, {"pRose3D_k", 1e-05}, {"pRose3D_c", 0.3}, {"pRose3D_l", 0.8}, {"pRose3D_optSc", -2.0}, {"pRose3D_opt", 2.5}}, -0.24689674917632337, 0.10287364549013472, 0.29069239806811087},
    {"log_db", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 7, {{NULL, 0}}, -0.48520302639196167, -5.047336367626839, 0.35},
    {"log_db", "base 2, period 0.5", 0.7, -1.2, 0.5, -0.25, 7, 7, {{"log_db_base", 2.0}, {"log_db_fix_period", 0.5}}, 0.10846959274178793, 0.8232036449665946, -0.175},
    {"log_db", "base 0, period 0: e, pi", 0.7, 0.3, -0.4, 0.5, 14, 7, {{"log_db_base", 0.0}, {"log_db_fix_period", 0.0}}, -0.48520302639196167, 10.346467634963147, 0.35},
    {"circlesplit", "inside: kept", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.42, -0.5599999999999999, 0.0},
    {"circlesplit", "outside: pushed out", 0.7, -1.2, 0.5, 0.0, 0, 0, {{NULL, 0}}, -1.1630769230769231, 0.48461538461538456, 0.0},
    {"cylinder2", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.20114351989644175, -0.27999999999999997, 0.0},
    {"Truchet_fill", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.3, 0.4, 0.0},
    {"Truchet_fill", "seed 1, exponent 1", 0.7, 1.3, -0.9, 0.0, 0, 0, {{"Truchet_fill_seed", 1.0}, {"Truchet_fill_exponent", 1.0}}, -1.3, 0.9, 0.0},
    {"Truchet_fill", "seed 7, exponent 3 (2), width 2 (1)", 1.0, 2.6, 1.45, 0.0, 0, 0, {{"Truchet_fill_seed", 7.0}, {"Truchet_fill_exponent", 3.0}, {"Truchet_fill_arc_width", 2.0}}, 2.6, 1.45, 0.0},
    {"Truchet_fill", "weight 0.5, width 1: in the first arc", 0.5, 0.05, 0.2, 0.0, 0, 0, {{"Truchet_fill_arc_width", 1.0}}, 0.15000000000000002, 0.6000000000000001, 0.0},
    {"Truchet_fill", "in the first arc", 1.0, 0.45, 0.3, 0.0, 0, 0, {{NULL, 0}}, 0.45, 0.3, 0.0},
    {"Truchet_fill", "in the second arc", 1.0, 0.9, 0.6, 0.0, 0, 0, {{NULL, 0}}, 0.9, 0.6, 0.0},
    {"Truchet_hex_fill", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 6, {{NULL, 0}}, -0.6866072359074553, 0.7282026422837363, 0.0},
    {"Truchet_hex_fill", "seed 1, n 2", 0.7, 0.3, -0.4, 0.5, 6, 6, {{"Truchet_hex_fill_seed", 1.0}, {"Truchet_hex_fill_n", 2.0}}, 1.43349650436104, 0.22485495537992045, 0.0},
    {"Truchet_hex_fill", "seed 5, no flips", 0.7, -1.2, 0.5, 0.0, 12, 6, {{"Truchet_hex_fill_seed", 5.0}, {"Truchet_hex_fill_flipx", 0.0}, {"Truchet_hex_fill_flipy", 0.0}, {"Truchet_hex_fill_spreadx", 2.0}}, 2.8752813392457663, -0.48073807787783246, 0.0},
    {"Truchet_hex_crop", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"Truchet_hex_crop", "mode 1", 0.7, 1.1, 0.6, 0.0, 0, 0, {{"Truchet_hex_crop_mode", 1.0}}, 0.77, 0.42, 0.0},
    {"Truchet_hex_crop", "mode 2, inv, seed 1", 0.7, 1.0, 0.3, 0.0, 0, 1, {{"Truchet_hex_crop_mode", 2.0}, {"Truchet_hex_crop_inv", 1.0}, {"Truchet_hex_crop_seed", 1.0}}, 0.7230918228846629, 0.1755280575020224, 0.0},
    {"Truchet_hex_crop", "mode 2, seed 3", 0.7, 0.3, -0.4, 0.5, 1, 1, {{"Truchet_hex_crop_mode", 2.0}, {"Truchet_hex_crop_seed", 3.0}}, 0.39942031492062136, -0.3134649847258018, 0.0},
    {"Truchet_hex_crop", "off the arcs: kept", 0.7, 0.2, 0.2, 0.0, 0, 0, {{NULL, 0}}, 0.13999999999999999, 0.13999999999999999, 0.0},
    {"waves2_radial", "inside null: 0", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"waves2_radial", "between", 0.7, 3.0, -2.0, 0.0, 0, 0, {{NULL, 0}}, 2.0860833795950757, -1.3864600495223212, 0.0},
    {"waves2_radial", "beyond distance", 0.7, 9.0, -8.0, 0.0, 0, 0, {{NULL, 0}}, 6.336508570146084, -5.648278855865477, 0.0},
    {"panorama1", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.5566170647106066, -0.036950483150029446, 0.0},
    {"panorama2", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.5566170647106066, -0.11666666666666667, 0.0},
    {"panorama2", "at 0", 0.7, 0.0, 0.0, 0.0, 0, 0, {{NULL, 0}}, 0.0, -0.35, 0.0},
    {"helicoid", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.20999999999999994, 0.28, 0.35},
    {"helicoid", "frequency 0.3", 0.7, -1.2, 0.5, -0.25, 0, 0, {{"helicoid_frequency", 0.3}}, -0.5895488054093876, 0.6932043032471479, -0.175},
    {"helix", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.13999999999999999, -0.27999999999999997, 0.35},
    {"helix", "frequency 0.3, width 2", 0.7, -1.2, 0.5, -0.25, 0, 0, {{"helix_frequency", 0.3}, {"helix_width", 2.0}}, 0.4074091338637151, -0.2855866996353654, -0.175},
    {"cpow3", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 4, {{NULL, 0}}, 0.21000000000330127, -0.279999999997524, 0.0},
    {"cpow3", "d -0.5, divisor 3, spread 2", 0.7, 0.3, -0.4, 0.5, 4, 4, {{"cpow3_r", 1.5}, {"cpow3_d", -0.5}, {"cpow3_divisor", 3.0}, {"cpow3_spread", 2.0}}, 1.7266592013048332, 1.7470986256176366, 0.0},
    {"cpow3", "upper half", 0.7, -1.2, 0.5, 0.0, 8, 4, {{"cpow3_r", 0.5}, {"cpow3_d", 2.0}}, -0.05697394971148327, -0.21326646944701358, 0.0},
    {"lens", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.02450000000000001, -0.08399999999999999, 0.0},
    {"projective", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"projective", "all nine", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"projective_A", 0.5}, {"projective_B", -0.2}, {"projective_C", 0.8}, {"projective_A1", 0.3}, {"projective_B1", 1.1}, {"projective_C1", -0.4}, {"projective_A2", -0.6}, {"projective_B2", 0.9}, {"projective_C2", 0.2}}, -0.5097087378640777, -0.23106796116504855, 0.0},
    {"projective", "pole (Zeps)", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"projective_A", 4.0}, {"projective_B", 3.0}, {"projective_C", 0.0}}, -945755921747804.1, 1261007895663738.8, 0.0},
    {"depth_blur", "inside: kept", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"depth_blur", "outside", 0.7, -1.2, 0.5, 0.0, 0, 2, {{NULL, 0}}, -0.8570400585550582, 0.34545112171001735, 0.0},
    {"depth_blur", "outside, odd edge", 0.7, -1.2, 0.5, 0.0, 2, 2, {{"depth_blur_power", 3.0}, {"depth_blur_range", 0.6}, {"depth_blur_radius", 0.5}}, -0.8010062823844952, 0.3750860226565631, 0.0},
    {"depth_blur2", "outside", 0.7, -1.2, 0.5, 0.0, 0, 2, {{NULL, 0}}, -0.8564594605295114, 0.3436642247250758, 0.0},
    {"depth_blur2", "x0, y0, mul, exp, even edge", 0.7, -1.2, 0.5, 0.0, 2, 2, {{"depth_blur2_x0", 0.2}, {"depth_blur2_y0", -0.3}, {"depth_blur2_mulx", 0.5}, {"depth_blur2_muly", 2.0}, {"depth_blur2_exp", 1.5}}, -0.7365349642042422, 0.3344746978887194, 0.0},
    {"depth_blur2", "inside", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"depth_gaussian", "inside", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"depth_gaussian", "outside", 0.7, -1.2, 0.5, 0.0, 0, 2, {{"depth_gaussian_blur", 2.0}}, -0.824249843216892, 0.34309944273782544, 0.0},
    {"depth_gaussian2", "outside", 0.7, -1.2, 0.5, 0.0, 0, 2, {{NULL, 0}}, -0.832124921608446, 0.3465497213689127, 0.0},
    {"depth_gaussian2", "x0, y0, mul, exp", 0.7, -1.2, 0.5, 0.0, 2, 2, {{"depth_gaussian2_x0", 0.2}, {"depth_gaussian2_y0", -0.3}, {"depth_gaussian2_mulx", 0.5}, {"depth_gaussian2_muly", 2.0}, {"depth_gaussian2_exp", 1.5}}, -0.7863888800030819, 0.018009108153303297, 0.0},
    {"depth_gaussian2", "inside", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"depth_ngon", "inside", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"depth_ngon", "outside", 0.7, -1.2, 0.5, 0.0, 0, 1, {{NULL, 0}}, -0.819, 0.33838719976587534, 0.0},
    {"depth_ngon", "outside, power 3", 0.7, -1.2, 0.5, 0.0, 3, 1, {{"depth_ngon_power", 3.0}, {"depth_ngon_blur", 2.0}}, -0.8313632270734843, 0.2965161342140179, 0.0},
    {"depth_ngon2", "outside (x0 .. exp unread)", 0.7, -1.2, 0.5, 0.0, 0, 1, {{"depth_ngon2_x0", 0.2}, {"depth_ngon2_mulx", 3.0}, {"depth_ngon2_exp", 2.0}}, -0.819, 0.33838719976587534, 0.0},
    {"depth_ngon2", "inside", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"depth_sine", "inside", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"depth_sine", "outside", 0.7, -1.2, 0.5, 0.0, 0, 2, {{NULL, 0}}, -0.8369668857899046, 0.34832271669480375, 0.0},
    {"depth_sine", "outside, power 2", 0.7, -1.2, 0.5, 0.0, 2, 2, {{"depth_sine_power", 2.0}}, -0.8503644750222669, 0.3646830442736562, 0.0},
    {"coth_spiral", "a draw", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, 0.6524382146107615, 0.08458919637560913, 0.0},
    {"coth_spiral", "a 1.5", 0.7, 0.3, -0.4, 0.5, 3, 1, {{"coth_spiral_a", 1.5}}, 0.5081767244204413, -0.096388472843943, 0.0},
    {"dust", "defaults", 0.7, 3.3, -7.4, 0.0, 0, 0, {{NULL, 0}}, 0.9435716860497192, -0.16642452566953705, 0.0},
    {"dust", "density 2.5, distortion 0.3, power 2", 0.7, 3.3, -7.4, 0.0, 0, 0, {{"dust_density", 2.5}, {"dust_distortion", 0.3}, {"dust_power", 2.0}}, -0.8031852720609143, 0.04023773598264586, 0.0},
    {"asteria", "in the disc, off the corners: bent", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.06694317373714712, -0.27999999999999997, 0.0},
    {"asteria", "both: kept by the draw", 0.7, 0.9, 0.9, 0.0, 0, 1, {{NULL, 0}}, 0.63, 0.63, 0.0},
    {"asteria", "both: bent (draw)", 0.7, 0.9, 0.9, 0.0, 6, 1, {{NULL, 0}}, 0.05757181970644315, 0.63, 0.0},
    {"asteria", "bent, alpha 0.3", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"asteria_alpha", 0.3}}, 0.1888252159728496, -0.25085541009514845, 0.0},
    {"asteria", "outside the disc: kept", 1.0, 1.2, -0.5, 0.0, 0, 0, {{NULL, 0}}, 1.2, -0.5, 0.0},
    {"pulse", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.6052497313765247, -0.782149263629666, 0.0},
    {"pulse", "freqs, scales", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"pulse_freqx", 3.0}, {"pulse_freqy", -1.5}, {"pulse_scalex", 0.4}, {"pulse_scaley", 2.0}}, 0.4293315346956953, 0.5104994627530496, 0.0},
    {"excinis", "radiusFunc 0", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"excinis_radiusFunc", 0.0}}, -0.09800000000000002, -0.33599999999999997, 0.0},
    {"excinis", "radiusFunc 1.5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"excinis_radiusFunc", 1.5}}, -0.011897700003016876, -0.04079211429605785, 0.0},
    {"excinis", "radiusFunc 2.5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"excinis_radiusFunc", 2.5}}, -0.2838639976791273, -0.9732479920427218, 0.0},
    {"excinis", "radiusFunc 3.5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"excinis_radiusFunc", 3.5}}, -0.02355305656348491, -0.08075333678909109, 0.0},
    {"excinis", "radiusFunc 4.5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"excinis_radiusFunc", 4.5}}, -0.05000000000000002, -0.17142857142857143, 0.0},
    {"excinis", "r within eps, log", 0.7, 0.03, 0.04, 0.0, 0, 0, {{"excinis_radiusFunc", 3.5}}, -0.0010931530740184265, 0.0037479533966346037, 0.0},
    {"excinis", "lengthscalar -2", 0.7, 0.03, 0.04, 0.0, 0, 0, {{"excinis_lengthscalar", -2.0}, {"excinis_eps", 0.01}}, 0.004900000000000001, -0.016799999999999995, 0.0},
    {"vibration", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.3128624191511828, -0.11356510964834814, 0.0},
    {"vibration", "dirs, angles, freqs, phases", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"vibration_dir", 0.3}, {"vibration_angle", 1.0}, {"vibration_freq", 2.0}, {"vibration_amp", 0.4}, {"vibration_phase", 0.25}, {"vibration_dir2", 2.0}, {"vibration_angle2", -0.5}, {"vibration_freq2", 0.0}, {"vibration_amp2", 0.1}, {"vibration_phase2", 0.5}}, 0.22521705493461916, -0.2524281787440879, 0.0},
    {"vibration2", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.3128624191511828, -0.11356510964834814, 0.0},
    {"vibration2", "first wave modulated", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"vibration2_dm", 0.3}, {"vibration2_dmfreq", 1.5}, {"vibration2_tm", 0.2}, {"vibration2_tmfreq", 0.7}, {"vibration2_fm", 0.5}, {"vibration2_fmfreq", 2.0}, {"vibration2_am", 0.4}, {"vibration2_amfreq", 1.0}, {"vibration2_phase", 0.1}}, 0.3268565907870183, -0.22169968569149257, 0.0},
    {"vibration2", "second wave modulated", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"vibration2_dm2", -0.2}, {"vibration2_dmfreq2", 0.5}, {"vibration2_tm2", 0.6}, {"vibration2_tmfreq2", 1.2}, {"vibration2_fm2", 0.1}, {"vibration2_fmfreq2", 3.0}, {"vibration2_am2", 0.3}, {"vibration2_amfreq2", 0.25}, {"vibration2_phase2", 0.3}, {"vibration2_freq2", 1.5}}, 0.33715307002224754, -0.211654069934909, 0.0},
    {"arcsech", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.3137460462255679, 0.2191915947821362, 0.0},
    {"arcsech", "left half plane", 0.7, -1.2, 0.5, 0.0, 0, 0, {{NULL, 0}}, 0.0856834308323002, -0.5107916405292059, 0.0},
    {"arcsech2", "upper: mirrored, down", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.6274920924511358, -0.5616168104357275, 0.0},
    {"arcsech2", "lower: up", 0.7, 0.3, 0.4, 0.0, 0, 0, {{NULL, 0}}, 0.6274920924511358, 0.5616168104357275, 0.0},
    {"arcsinh", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.1421404541790263, -0.17393810929193235, 0.0},
    {"arcsinh", "on the cut side", 0.7, -0.2, 1.5, 0.0, 0, 0, {{NULL, 0}}, -0.4380299984428297, 0.6220367102313582, 0.0},
    {"arctanh", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.11652974611320883, -0.18218515103442343, 0.0},
    {"arctanh", "beyond 1", 0.7, 1.5, -0.1, 0.0, 0, 0, {{NULL, 0}}, 0.35441859093515077, -0.6649248572112935, 0.0},
    {"hex_truchet", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 4, {{NULL, 0}}, 0.35071491726549503, 0.9842145687017653, 0.0},
    {"hex_truchet", "size 0.3, side 2, seed 4", 0.7, 0.3, -0.4, 0.5, 4, 4, {{"hex_truchet_size", 0.3}, {"hex_truchet_side", 2.0}, {"hex_truchet_seed", 4.0}}, 0.10964274631154092, 2.8707760780255507, 0.0},
    {"hex_truchet", "third arc", 0.7, 0.3, -0.4, 0.5, 9, 4, {{NULL, 0}}, -1.1572840596903238, -0.8609699806868915, 0.0},
    {"hex_rand", "defaults: kept", 0.7, 0.3, -0.4, 0.5, 0, 4, {{NULL, 0}}, 3.956358511253512, -2.429831141314283, 0.0},
    {"hex_rand", "density 0.3: not kept", 0.7, 0.3, -0.4, 0.5, 0, 3, {{"hex_rand_density", 0.3}}, 0.0, 0.0, 0.0},
    {"hex_rand", "x 3, y 2, size 0.5, power 2", 0.7, 0.3, -0.4, 0.5, 3, 4, {{"hex_rand_x", 3.0}, {"hex_rand_y", 2.0}, {"hex_rand_size", 0.5}, {"hex_rand_power", 2.0}, {"hex_rand_seed", 7.0}}, -0.3539804732599916, -0.5952745785608584, 0.0},
    {"squares", "cellsize 0", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"squares", "cellsize 1: turned", 0.7, 1.3, -0.75, 0.0, 0, 0, {{"squares_cellsize", 1.0}, {"squares_zero", 0.0}}, 1.2249999999999999, -0.49, 0.0},
    {"squares", "min 2", 0.7, 1.3, -0.75, 0.0, 0, 0, {{"squares_cellsize", 1.0}, {"squares_min", 2.0}, {"squares_zero", 0.0}}, 0.875, -0.21, 0.0},
    {"squares", "cellsize 0.5, max 3, num 4, seed 2", 0.7, 1.3, -0.8, 0.0, 0, 0, {{"squares_cellsize", 0.5}, {"squares_max", 3.0}, {"squares_num", 4.0}, {"squares_seed", 2.0}, {"squares_zero", 0.0}}, 0.9099999999999999, -0.48999999999999994, 0.0},
    {"squares", "zero 1: unturned", 0.7, 1.3, -0.75, 0.0, 0, 0, {{"squares_cellsize", 1.0}, {"squares_zero", 1.0}}, 0.9099999999999999, -0.5249999999999999, 0.0},
    {"starblur2", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 2, {{NULL, 0}}, -0.5706592148229906, -0.21265868627349718, 0.0},
    {"starblur2", "odd edge", 0.7, 0.3, -0.4, 0.5, 3, 2, {{NULL, 0}}, -0.24427107689501026, 0.16055037773622483, 0.0},
    {"starblur2", "stripes -3, hole -0.4, power 3", 0.7, 0.3, -0.4, 0.5, 5, 2, {{"starblur2_stripes", -3.0}, {"starblur2_hole", -0.4}, {"starblur2_power", 3.0}}, 0.14725807450343195, -0.10448834436961091, 0.0},
    {"starblur2", "hole 2 (1), width 0.6", 0.7, 0.3, -0.4, 0.5, 7, 2, {{"starblur2_hole", 2.0}, {"starblur2_width", 0.6}}, -0.3764338150702791, -0.222746604844694, 0.0},
    {"unicorngaloshen", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.09800000000000002, -0.33599999999999997, 0.0},
    {"unicorngaloshen", "sine, mode 0", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"unicorngaloshen_sine", 1.0}, {"unicorngaloshen_mode", 0.0}, {"unicorngaloshen_mult_x", 0.5}, {"unicorngaloshen_mult_y", 1.5}}, -0.30126953884078356, -0.23643190763782412, 0.0},
    {"unicorngaloshen", "sine, mode 1", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"unicorngaloshen_sine", 1.0}, {"unicorngaloshen_mode", 1.0}, {"unicorngaloshen_mult_x", 0.5}, {"unicorngaloshen_mult_y", 1.5}}, -0.33886426680204407, -0.5683311841899361, 0.0},
    {"unicorngaloshen", "sine, mode 2", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"unicorngaloshen_sine", 1.0}, {"unicorngaloshen_mode", 2.0}, {"unicorngaloshen_mult_x", 0.5}, {"unicorngaloshen_mult_y", 1.5}}, -0.513821717667239, -0.0, 0.0},
    {"unicorngaloshen", "sine, mode 3", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"unicorngaloshen_sine", 1.0}, {"unicorngaloshen_mode", 3.0}, {"unicorngaloshen_mult_x", 0.5}, {"unicorngaloshen_mult_y", 1.5}}, -0.1736713826266632, -0.027267124483960598, 0.0},
    {"unicorngaloshen", "sine, mode 4", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"unicorngaloshen_sine", 1.0}, {"unicorngaloshen_mode", 4.0}, {"unicorngaloshen_mult_x", 0.5}, {"unicorngaloshen_mult_y", 1.5}}, -0.46994571223897796, -0.14154015443951976, 0.0},
    {"dragonfire", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 1.715227381403519, -2.1934203332971114, 0.0},
    {"dragonfire", "fuzzyMode 1", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 1.0}}, 2.3202164859520495, -2.3382758494874563, 0.0},
    {"dragonfire", "fuzzyMode 2", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 2.0}}, 0.9755409155807462, 0.3166190420241291, 0.0},
    {"dragonfire", "fuzzyMode 3", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 3.0}}, 3.0292006427178917, -1.8985921937968195, 0.0},
    {"dragonfire", "fuzzyMode 4", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 4.0}}, 2.715227381403519, -3.1934203332971114, 0.0},
    {"dragonfire", "fuzzyMode 5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 5.0}}, 4.433509209862564, -1.825540892125669, 0.0},
    {"dragonfire", "fuzzyMode 6", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 6.0}}, 4.035004206119372, -0.47689463374820784, 0.0},
    {"dragonfire", "fuzzyMode 1, interpolation 1", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 1.0}, {"dragonfire_fuzzyInterpolationMode", 1.0}, {"dragonfire_fuzzyInterpolationPosition", 0.3}}, 1.8967241127680783, -2.236876988154215, 0.0},
    {"dragonfire", "fuzzyMode 1, interpolation 2", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 1.0}, {"dragonfire_fuzzyInterpolationMode", 2.0}, {"dragonfire_fuzzyInterpolationPosition", 0.3}}, 1.8399200969521565, -2.223276123327335, 0.0},
    {"dragonfire", "fuzzyMode 1, interpolation 3", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 1.0}, {"dragonfire_fuzzyInterpolationMode", 3.0}, {"dragonfire_fuzzyInterpolationPosition", 0.3}}, 1.6013739008864634, -2.1661598346098287, 0.0},
    {"dragonfire", "fuzzyMode 1, interpolation 4", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 1.0}, {"dragonfire_fuzzyInterpolationMode", 4.0}, {"dragonfire_fuzzyInterpolationPosition", 0.3}}, 1.688506334884589, -2.18702238173477, 0.0},
    {"dragonfire", "fuzzyMode 1, interpolation 5", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"dragonfire_fuzzyMode", 1.0}, {"dragonfire_fuzzyInterpolationMode", 5.0}, {"dragonfire_fuzzyInterpolationPosition", 0.3}}, 1.763593583301386, -2.205000890846673, 0.0},
    {"Truchet_inv", "defaults: off the arcs", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.42857142857142855, -0.5714285714285715, 0.0},
    {"Truchet_inv", "in an arc: 0", 1.0, 0.05, 0.5, 0.0, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"Truchet_inv", "seed 0, rotation 0.4, size 2: in an arc", 0.7, 1.3, -0.9, 0.0, 0, 0, {{"Truchet_inv_seed", 0.0}, {"Truchet_inv_rotation", 0.4}, {"Truchet_inv_size", 2.0}}, 0.0, 0.0, 0.0},
    {"Truchet_inv", "seed 3, exponent 0.5, width 0.2", 0.7, 1.3, -0.9, 0.0, 0, 0, {{"Truchet_inv_seed", 3.0}, {"Truchet_inv_exponent", 0.5}, {"Truchet_inv_arc_width", 0.2}}, 1.8571428571428572, -0.2857142857142858, 0.0},
    {"henon", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.38849999999999996, 0.21, 0.0},
    {"henon", "a 1.4, b 0.3", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"henon_a", 1.4}, {"henon_b", 0.3}}, -0.36119999999999997, -0.252, 0.0},
    {"lozi", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.31499999999999995, 0.21, 0.0},
    {"lozi", "a 1.7, b -0.5", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"lozi_a", 1.7}, {"lozi_b", -0.5}}, -0.378, 0.42, 0.0},
    {"point_symmetry", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, 0.6430960043841961, 0.9059326673973663, 0.0},
    {"point_symmetry", "order 5, centre", 0.7, 0.3, -0.4, 0.5, 1, 1, {{"point_symmetry_order", 5.0}, {"point_symmetry_centre_x", -0.3}, {"point_symmetry_centre_y", 0.2}}, 0.22923087448144241, 0.46965659920648667, 0.0},
    {"d_spherical", "linear (draw)", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"d_spherical", "spherical (draw)", 0.7, 0.3, -0.4, 0.5, 2, 1, {{NULL, 0}}, 0.84, -1.1199999999999999, 0.0},
    {"d_spherical", "at 0: Zeps", 0.7, 0.0, 0.0, 0.0, 2, 1, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"modulusx", "defaults", 0.7, 1.3, -0.9, 0.0, 0, 0, {{NULL, 0}}, -0.4900000000000001, -0.63, 0.0},
    {"modulusx", "negative, x 0.4, shift 0.1", 0.7, -1.3, -0.9, 0.0, 0, 0, {{"modulusx_x", 0.4}, {"modulusx_shift", 0.1}}, -0.27999999999999997, -0.63, 0.0},
    {"modulusy", "defaults", 0.7, 1.3, -2.9, 0.0, 0, 0, {{NULL, 0}}, 0.9099999999999999, -0.6299999999999999, 0.0},
    {"modulusy", "y 0.4, shift -0.2", 0.7, 1.3, 0.9, 0.0, 0, 0, {{"modulusy_y", 0.4}, {"modulusy_shift", -0.2}}, 0.9099999999999999, -0.06999999999999998, 0.0},
    {"rotate", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.0},
    {"rotate", "30 degrees", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"rotate_angle", 30.0}}, 0.32186533479473206, -0.13748711305964287, 0.0},
    {"shift", "x, y, angle", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"shift_x", 0.5}, {"shift_y", -0.2}, {"shift_angle", 60.0}}, 0.5062435565298213, -0.5131088913245534, 0.0},
    {"waves3", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.20413770737227166, -0.2988318925274028, 0.0},
    {"waves3", "sx_freq 3", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"waves3_sx_freq", 3.0}, {"waves3_scalex", 0.4}, {"waves3_scaley", 0.2}}, 0.20681274587753593, -0.3553275701096112, 0.0},
    {"waves4", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.20659563869938555, -0.3040718155714391, 0.0},
    {"waves4", "cont 1, yfact 5", 0.7, 0.3, 2.0, 0.0, 0, 0, {{"waves4_cont", 1.0}, {"waves4_yfact", 5.0}, {"waves4_scalex", 0.5}}, 0.5567125744932045, 1.375928184428561, 0.0},
    {"waves22", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.2139275971260706, -0.26344421985984634, 0.0},
    {"waves22", "odd powers 3, -1", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"waves22_powerx", 3.0}, {"waves22_powery", -1.0}}, 0.20868430150417994, -0.330889389558694, 0.0},
    {"waves22", "modes 1, power 2.7 (2)", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"waves22_modex", 1.0}, {"waves22_modey", 1.0}, {"waves22_powerx", 2.7}}, 0.21386960665378932, -0.2791469627506811, 0.0},
    {"waves23", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.20809718442300573, -0.2842246497320437, 0.0},
    {"waves23", "freqs 2, 3", 0.7, -1.2, 2.5, 0.0, 0, 0, {{"waves23_freqx", 2.0}, {"waves23_freqy", 3.0}, {"waves23_scalex", 0.5}}, -0.9435211504108167, 1.7649464771704209, 0.0},
    {"waves42", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.20659563869938555, -0.3040718155714391, 0.0},
    {"waves42", "cont 1, freqx2 3: 1", 0.7, 0.3, 0.1, 0.0, 0, 0, {{"waves42_cont", 1.0}, {"waves42_freqx2", 3.0}, {"waves42_scalex", 0.5}}, 0.43547619053319186, 0.04592818442856091, 0.0},
    {"waves42", "cont 1, freqx2 3: 0", 0.7, 0.3, 1.4, 0.0, 0, 0, {{"waves42_cont", 1.0}, {"waves42_freqx2", 3.0}, {"waves42_scalex", 0.5}}, 0.21, 0.9559281844285608, 0.0},
    {"waves42", "freqx2 3, yfact 5", 0.7, 0.3, 1.4, 0.0, 0, 0, {{"waves42_yfact", 5.0}, {"waves42_freqx2", 3.0}, {"waves42_scalex", 0.5}}, 0.19113010855352627, 0.9559281844285608, 0.0},
    {"vignette", "inside", 0.7, 0.3, -0.1, 0.0, 0, 0, {{NULL, 0}}, 0.21, -0.06999999999999999, 0.0},
    {"vignette", "inside, negative radius", 0.7, 0.3, -0.1, 0.0, 0, 0, {{"vignette_inner_radius", -0.5}}, 0.0, 0.0, 0.0},
    {"vignette", "fade: blurred", 0.7, 0.3, -0.5, 0.0, 2, 3, {{NULL, 0}}, 0.19887276778911794, -0.35337077481194595, 0.0},
    {"vignette", "fade: dropped", 0.7, 0.3, -0.8, 0.0, 0, 3, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"vignette", "inverse fade: dropped", 0.7, 0.3, -0.5, 0.0, 3, 3, {{"vignette_fade_radius", -0.5}, {"vignette_posx", 0.1}}, 0.0, 0.0, 0.0},
    {"vignette", "inverse fade, blurred", 0.7, 0.3, -0.8, 0.0, 5, 3, {{"vignette_fade_radius", -0.5}, {"vignette_power", -2.0}, {"vignette_blur", 0.5}}, 0.22349052251547114, -0.5649856290672528, 0.0},
    /* clang-format on */
};

static void test_values(void **state)
{
    (void)state;
    flame_var_cases(cases, sizeof cases / sizeof cases[0]);
}

/* The names of this round's list (the registry's order). */
#define V7_NAME(id, name, origin, flags, params) name,
static const char *const v07_new[] = {FR_FLAME_VARS_EMBER_V07(V7_NAME, )};

/* Every Variations07.h variation taken has a case; they follow each other
 * in the registry, from splits3D to vignette. */
static void test_all_covered(void **state)
{
    (void)state;
    FLAME_VAR_ROUND_COVERED(cases, v07_new, 61, "splits3D", "vignette");
}

/* Sums: a 2D variation adds nothing to z, a 3D one its z (values from the
 * same transcription). */
static void test_sums(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    x.var[flame_var("lens")] = 0.7;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 1);
    double o[3];
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.3 + -0.02450000000000001, -0.4 + -0.08399999999999999, 0.5, "lens + linear3D");
    /* helix + helicoid: their z summed */
    flame_xform_blank(&x);
    x.var[flame_var("helix")] = 0.7;
    x.var[flame_var("helicoid")] = 0.7;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, -0.13999999999999999 + -0.20999999999999994, -0.27999999999999997 + 0.28, 0.35 + 0.35,
                "helix + helicoid");
}

/* pre_ and post_ forms: a 2D one (pulse) keeps the point's z, a 3D one
 * (helix) replaces it; a random one (coth_spiral) takes its draw. */
static void test_prepost(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_PRE, "pulse", 0.7);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 7, 1);
    double o[3];
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.6052497313765247, -0.782149263629666, 0.5, "pre_pulse");
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "helix", 0.7);
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, -0.13999999999999999, -0.27999999999999997, 0.35, "post_helix");
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "coth_spiral", 0.7);
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_draws(&g, h, 1, "post_coth_spiral");
    flame_near3(o, 0.6524382146107615, 0.08458919637560913, 0.5, "post_coth_spiral");
}

/* A genome with the new variations and their parameters: read strictly,
 * written back, read equal. */
#define GENOME_XFORMS(EXTRA1, EXTRA2)                                                                        \
    " <xform weight=\"1\" color=\"0\" splits3D=\"0.05\" splits3D_x=\"0.1\" waves2b=\"0.05\" "                \
    "waves2b_pwx=\"0\" jac_cn=\"0.05\" jac_dn=\"0.05\" jac_sn=\"0.05\" pressure_wave=\"0.05\" "              \
    "gamma=\"0.02\" pRose3D=\"0.02\" log_db=\"0.05\" circlesplit=\"0.05\" cylinder2=\"0.05\" "               \
    "linear=\"0.5\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"                                                    \
    " <xform weight=\"0.5\" color=\"0.3\" Truchet_fill=\"0.05\" Truchet_hex_fill=\"0.05\" "                  \
    "Truchet_hex_crop=\"0.05\" Truchet_hex_crop_mode=\"2\" waves2_radial=\"0.05\" panorama1=\"0.05\" "       \
    "panorama2=\"0.05\" helicoid=\"0.05\" helix=\"0.05\" cpow3=\"0.05\" cpow3_d=\"2\" lens=\"0.05\" "        \
    "coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"                                                                \
    " <xform weight=\"0.5\" color=\"0.6\" projective=\"0.05\" projective_A=\"0.3\" depth_blur=\"0.05\" "     \
    "depth_blur2=\"0.05\" depth_gaussian=\"0.05\" depth_gaussian2=\"0.05\" depth_ngon=\"0.05\" "             \
    "depth_ngon2=\"0.05\" depth_sine=\"0.05\" linear=\"0.4\" coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"        \
    " <xform weight=\"0.5\" color=\"0.9\" coth_spiral=\"0.02\" dust=\"0.05\" asteria=\"0.1\" "               \
    "asteria_alpha=\"0.3\" pulse=\"0.05\" excinis=\"0.02\" excinis_radiusFunc=\"2\" vibration=\"0.05\" "     \
    "vibration2=\"0.05\" vibration2_am=\"0.3\" arcsech=\"0.05\" arcsech2=\"0.05\" arcsinh=\"0.05\" "         \
    "arctanh=\"0.05\" hex_truchet=\"0.02\" hex_rand=\"0.02\" squares=\"0.05\" squares_cellsize=\"1\" "       \
    "starblur2=\"0.02\" unicorngaloshen=\"0.02\" dragonfire=\"0.05\" dragonfire_fuzzyMode=\"2\" "            \
    "Truchet_inv=\"0.02\" henon=\"0.02\" lozi=\"0.02\" point_symmetry=\"0.05\" d_spherical=\"0.05\" "        \
    "modulusx=\"0.05\" modulusy=\"0.05\" rotate=\"0.05\" rotate_angle=\"30\" shift=\"0.05\" "                \
    "waves3=\"0.05\" waves4=\"0.05\" waves22=\"0.05\" waves23=\"0.05\" waves42=\"0.05\" "                    \
    "vignette=\"0.05\" linear=\"0.4\" " EXTRA1 "coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n" EXTRA2

static const char genome[] = FLAME_VAR_GENOME(
    "e7", GENOME_XFORMS("pre_pulse=\"0.5\" post_helix=\"0.2\" post_helix_width=\"0.3\" ", ""));

static void test_read_write(void **state)
{
    (void)state;
    fr_flame_file f = flame_read_strict(genome, "e7.flame");
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("splits3D")] == 0.05 && x[0].param[flame_par("splits3D_x")] == 0.1);
    assert_true(x[1].param[flame_par("Truchet_hex_crop_mode")] == 2);
    assert_true(x[2].param[flame_par("projective_A")] == 0.3);
    assert_true(x[3].slot[0].n == 1 && x[3].slot[0].var[0] == flame_var("pulse"));
    assert_true(x[3].slot[1].n == 1 && x[3].slot[1].var[0] == flame_var("helix"));
    char *xml = flame_round_trip(&f.g[0], "e7.flame");
    assert_non_null(strstr(xml, "cpow3_d=\"2\""));
    assert_non_null(strstr(xml, "excinis_radiusFunc=\"2\""));
    assert_non_null(strstr(xml, "squares_cellsize=\"1\""));
    assert_non_null(strstr(xml, "rotate_angle=\"30\""));
    assert_non_null(strstr(xml, "post_helix_width=\"0.3\""));
    assert_non_null(strstr(xml, "depth_blur_range=\"0.401623\"")); /* Ember writes the defaults too */
    free(xml);
    fr_flame_file_free(&f);
}

/* The registry: flags, parameter counts, Ember's defaults, the origin. */
static void test_registry(void **state)
{
    (void)state;
    assert_true(fr_flame_vars[flame_var("splits3D")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("pRose3D")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("log_db")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("helicoid")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("helix")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("waves2b")].flags == 0);
    assert_true(fr_flame_vars[flame_var("depth_blur")].flags == 0);
    assert_int_equal(fr_flame_variation_nparams(flame_var("pRose3D")), 16);
    assert_int_equal(fr_flame_variation_nparams(flame_var("waves2b")), 10);
    assert_int_equal(fr_flame_variation_nparams(flame_var("projective")), 9);
    assert_int_equal(fr_flame_variation_nparams(flame_var("gamma")), 0);
    assert_int_equal(fr_flame_variation_nparams(flame_var("vibration2")), 26);
    assert_int_equal(fr_flame_variation_nparams(flame_var("arcsech")), 0);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(flame_var("waves2b"), 9, &def), "waves2b_jacok");
    assert_true(def == 0.25);
    assert_string_equal(fr_flame_variation_param(flame_var("depth_blur"), 1, &def), "depth_blur_range");
    assert_true(def == 0.401623);
    assert_string_equal(fr_flame_variation_param(flame_var("excinis"), 1, &def), "excinis_radiusFunc");
    assert_true(def == 0);
    assert_string_equal(fr_flame_variation_param(flame_var("pRose3D"), 5, &def), "pRose3D_refSc");
    assert_true(def == 1);
    assert_string_equal(fr_flame_variation_param(flame_var("point_symmetry"), 0, &def),
                        "point_symmetry_centre_x");
    assert_true(def == 0.15);
    assert_string_equal(fr_flame_variation_origin(flame_var("excinis")), "JWildfire");
    assert_string_equal(fr_flame_variation_origin(flame_var("vignette")), "JWildfire");
}

/* Without pre_/post_ variations (which take the batched walker's scalar
 * path): the new variations through its vector loops. */
static const char genome_regular[] = FLAME_VAR_GENOME("e7r", GENOME_XFORMS("", ""));

int main(void)
{
    static const flame_var_test tests[6] = {test_values,  test_all_covered, test_sums,
                                            test_prepost, test_read_write,  test_registry};
    return flame_var_round("ember7", genome_regular, genome, tests);
}
