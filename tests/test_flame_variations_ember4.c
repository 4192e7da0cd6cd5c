/* The fourth round of Ember's variations: the rest of Variations03.h
 * (eCollide .. eScale, flame_var_ember_v03.h) and Variations04.h's
 * (flame_var_ember_v04.h), each against values worked out apart from the
 * code: a python3 transcription of Ember's Func (and Precalc) evaluated at
 * the point, fed the walker's uniform draws (stream (7, 1) advanced by
 * `skip` draws; Ember's Rand(n) as floor(n u), its RandBit and Rand() as
 * the stream's bit and 32-bit integer of the same step), with the number
 * of draws taken; their pre_/post_ forms; reading them strictly, writing
 * them back; the registry; the batched walker against the scalar one. */
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
 * cases: Zeps at 0 (tancos, sphyp3D, sinq's |v| 0, secq, curvature),
 * eCollide on the axis, eMotion through mu 0, eRotate's and eScale's
 * wraps, the quadrants of fourth, each of waffle's five cases, the
 * branches of lazyjess, lazyTravis, squish, circlecrop2, octagon, trade
 * and truchet_knot's cell parity. */
static const flame_var_case cases[] = {
    /* clang-format off */
    {"eCollide", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21000000000000002, -0.2800000000000001, 0.0},
    {"eCollide", "a 0.3, num 3, above", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"eCollide_a", 0.3}, {"eCollide_num", 3.0}}, -0.33144771872452017, 0.26208347220882705, 0.0},
    {"eCollide", "a 0.3, num 3, odd sector", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"eCollide_a", 0.3}, {"eCollide_num", 3.0}}, -0.9537393388698009, 0.15157069338582482, 0.0},
    {"eCollide", "on the x axis (y 0: negated)", 0.7, 0.5, 0.0, 0.0, 0, 0, {{"eCollide_a", 0.3}, {"eCollide_num", 3.0}}, -0.14553818357243153, -0.0, 0.0},
    {"eMod", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21000000000000002, -0.2800000000000001, 0.0},
    {"eMod", "radius 0.5, distance 0.7, above", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"eMod_radius", 0.5}, {"eMod_distance", 0.7}}, 0.19971481866564889, -0.16636685189901773, 0.0},
    {"eMod", "radius 0.5, distance 0.7, below", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"eMod_radius", 0.5}, {"eMod_distance", 0.7}}, 0.19416695229592593, -0.03708825705018681, 0.0},
    {"eMod", "mu beyond radius: kept", 0.7, 2.0, 1.5, 0.0, 0, 0, {{"eMod_radius", 0.5}, {"eMod_distance", 0.7}}, 1.4000000000000001, 1.0500000000000003, 0.0},
    {"eMotion", "move 0.3, rotate 0.2, above", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"eMotion_move", 0.3}, {"eMotion_rotate", 0.2}}, 0.05669130336345829, 0.07347471820651023, 0.0},
    {"eMotion", "move 0.3, rotate 0.2, below", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"eMotion_move", 0.3}, {"eMotion_rotate", 0.2}}, 0.4074786115633578, -0.47483651829780843, 0.0},
    {"eMotion", "moved through 0: mirrored", 0.7, 0.2, 0.05, 0.0, 0, 0, {{"eMotion_move", 0.5}}, 0.15414978913658875, -0.3184143907797852, 0.0},
    {"ePush", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.21000000000000002, -0.2800000000000001, 0.0},
    {"ePush", "push 0.2, dist 1.5, rotate -0.4", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"ePush_push", 0.2}, {"ePush_dist", 1.5}, {"ePush_rotate", -0.4}}, 0.5921543565481633, 0.4887445309442679, 0.0},
    {"eRotate", "rotate 1", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"eRotate_rotate", 1.0}}, 0.7265335547094204, -0.08337280489364489, 0.0},
    {"eRotate", "rotate 3, wrapped", 0.7, -1.2, 0.5, 0.0, 0, 0, {{"eRotate_rotate", 3.0}}, 0.7608768858998887, -0.42929194216469, 0.0},
    {"eScale", "scale 0.5, angle 0.3", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"eScale_scale", 0.5}, {"eScale_angle", 0.3}}, 0.6286295449448319, 0.06782641504285838, 0.0},
    {"eScale", "scale 2", 0.7, -1.2, -0.5, 0.0, 0, 0, {{"eScale_scale", 2.0}}, 0.9659999999999994, 1.68, 0.0},
    {"eSwirl", "in 0.2, out 0.3", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"eSwirl_in", 0.2}, {"eSwirl_out", 0.3}}, -0.24899231815711761, 0.27523921614852437, 0.0},
    {"eSwirl", "below", 0.7, -1.1, -0.4, 0.0, 0, 0, {{"eSwirl_in", -0.1}, {"eSwirl_out", 1.5}}, -0.08020096155356311, -0.5514726486590599, 0.0},
    {"lazyjess", "square, inside", 0.7, 0.3, 0.4, 0.0, 0, 0, {{NULL, 0}}, -0.21000000000000005, -0.2799999999999999, 0.0},
    {"lazyjess", "square, outside, space 0.2", 0.7, 1.5, 1.2, 0.0, 0, 0, {{"lazyjess_space", 0.2}}, 1.1593216333220244, 0.9274573066576194, 0.0},
    {"lazyjess", "pentagon, corner 2, spin 1", 1.0, 0.5, 0.3, 0.0, 0, 0, {{"lazyjess_n", 5.0}, {"lazyjess_corner", 2.0}, {"lazyjess_spin", 1.0}}, 0.01770985749170111, 0.5828261841643901, 0.0},
    {"lazyjess", "pentagon, a corner flipped", 1.0, 1.0, 0.2, 0.0, 0, 0, {{"lazyjess_n", 5.0}, {"lazyjess_corner", 2.0}, {"lazyjess_spin", 0.6}}, 0.7124071202306713, 0.7297095963769711, 0.0},
    {"lazyjess", "n 2, inside", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"lazyjess_n", 2.0}}, -0.21000000000000002, -0.27999999999999997, 0.0},
    {"lazyjess", "n 2, turned out of the band", 0.7, 0.1, 0.6, 0.0, 0, 0, {{"lazyjess_n", 2.0}, {"lazyjess_spin", 1.2}, {"lazyjess_corner", 3.0}}, -0.3660913732928679, 0.21743299289790868, 0.0},
    {"lazyjess", "n 2, outside, space 0.3", 0.7, 0.9, 0.1, 0.0, 0, 0, {{"lazyjess_n", 2.0}, {"lazyjess_space", 0.3}}, 0.8387155842814599, 0.09319062047571777, 0.0},
    {"lazyjess", "square, turned past an edge: flipped", 1.0, 0.8, 0.8, 0.0, 0, 0, {{"lazyjess_spin", 0.7853981633974483}}, 0.8000000000000004, -0.7999999999999999, 0.0},
    {"lazyjess", "n 2, turned out of the band: flipped", 1.0, 0.1, 1.5, 0.0, 0, 0, {{"lazyjess_n", 2.0}, {"lazyjess_spin", 1.5707963267948966}, {"lazyjess_corner", 2.0}}, -0.09999999999999953, 1.4999999999999998, 0.0},
    {"lazyTravis", "inside, right", 1.0, 0.5, 0.2, 0.0, 0, 0, {{NULL, 0}}, -0.5, -0.20000000000000018, 0.0},
    {"lazyTravis", "inside, left", 1.0, -0.5, 0.2, 0.0, 0, 0, {{"lazyTravis_spin_in", 0.3}}, -0.5, -0.3999999999999999, 0.0},
    {"lazyTravis", "inside, below", 1.0, 0.2, -0.6, 0.0, 0, 0, {{"lazyTravis_spin_in", 0.7}}, 0.5199999999999996, 0.6, 0.0},
    {"lazyTravis", "outside, space 0.2", 1.0, 1.5, -0.4, 0.0, 0, 0, {{"lazyTravis_spin_out", 0.3}, {"lazyTravis_space", 0.2}}, 1.7, 1.5866666666666664, 0.0},
    {"lazyTravis", "outside, above", 1.0, 0.4, 1.5, 0.0, 0, 0, {{"lazyTravis_spin_out", 1.3}, {"lazyTravis_space", 0.1}}, 1.4933333333333336, -1.6, 0.0},
    {"lazyTravis", "outside, top side", 1.0, 0.4, 1.5, 0.0, 0, 0, {{NULL, 0}}, 0.40000000000000036, 1.5, 0.0},
    {"lazyTravis", "outside, left side", 1.0, -1.5, 0.4, 0.0, 0, 0, {{NULL, 0}}, -1.5, 0.40000000000000036, 0.0},
    {"lazyTravis", "outside, bottom side", 1.0, 0.4, -1.5, 0.0, 0, 0, {{"lazyTravis_space", 0.2}}, 0.45333333333333375, -1.7, 0.0},
    {"lazyTravis", "inside, bottom side", 1.0, 0.2, -0.6, 0.0, 0, 0, {{"lazyTravis_spin_in", 0.0}}, 0.20000000000000018, -0.6, 0.0},
    {"squish", "power 2", 0.7, 0.3, 0.4, 0.0, 0, 1, {{NULL, 0}}, -0.27999999999999997, -0.175, 0.0},
    {"squish", "power 3, left", 0.7, -0.5, 0.2, 0.0, 2, 1, {{"squish_power", 3.0}}, -0.35, 0.04666666666666681, 0.0},
    {"squish", "power 5, below", 0.7, 0.1, -0.5, 0.0, 1, 1, {{"squish_power", 5.0}}, 0.35, 0.1259999999999998, 0.0},
    {"circus", "inside", 0.7, 0.3, 0.4, 0.0, 0, 0, {{"circus_scale", 1.5}}, 0.31499999999999995, 0.41999999999999993, 0.0},
    {"circus", "outside", 0.7, 1.2, -0.9, 0.0, 0, 0, {{"circus_scale", 1.5}}, 0.5599999999999999, -0.42, 0.0},
    {"tancos", "at a point", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.4114633528382313, -2.170363824631844, 0.0},
    {"tancos", "at 0 (Zeps)", 0.7, 0.0, 0.0, 0.0, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"rippled", "at a point", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.051432919104778915, -0.2712954780789805, 0.0},
    {"juliaNab", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, 1.21, 0.72, 0.5},
    {"juliaNab", "n 3, a 0.5, b 0.2, separ 2", 0.7, 0.3, -0.4, -0.25, 2, 1, {{"juliaNab_n", 3.0}, {"juliaNab_a", 0.5}, {"juliaNab_b", 0.2}, {"juliaNab_separ", 2.0}}, 0.1540356755358344, 0.8219329052307505, -0.25},
    {"sintrange", "w 0.8", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"sintrange_w", 0.8}}, 0.142736259817427, -0.20717055810820206, 0.0},
    {"waffle", "case 4", 0.7, 0.3, -0.4, 0.0, 0, 4, {{"waffle_rotation", 0.3}}, 0.7928104455071026, 0.32297014655165157, 0.0},
    {"waffle", "case 1", 0.7, 0.3, -0.4, 0.0, 2, 4, {{"waffle_rotation", 0.3}}, 0.5584854234329575, 0.010421743922771454, 0.0},
    {"waffle", "case 3", 0.7, 0.3, -0.4, 0.0, 3, 4, {{"waffle_slices", 4.5}, {"waffle_ythickness", 0.2}}, 0.3827700063946409, 0.22225696015032362, 0.0},
    {"waffle", "case 2", 0.7, 0.3, -0.4, 0.0, 4, 4, {{"waffle_slices", 4.5}, {"waffle_xthickness", 0.3}}, 0.20222222222222222, 0.3023470404619269, 0.0},
    {"waffle", "case 0", 0.7, 0.3, -0.4, 0.0, 10, 5, {{"waffle_xthickness", 0.3}, {"waffle_ythickness", 0.7}}, 0.3616318578946191, 0.4027523705213693, 0.0},
    {"square3D", "three draws", 0.7, 0.3, -0.4, 0.5, 0, 3, {{NULL, 0}}, 0.29372354589165944, 0.30399543975083837, -0.10652148281828955},
    {"SuperShape3D", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 3, {{NULL, 0}}, 0.09786714668274756, -0.05186744782184475, 0.9333031395142423},
    {"SuperShape3D", "toroidal, phi negated", 0.7, 0.3, -0.4, 0.0, 2, 3, {{"SuperShape3D_m1", 4.0}, {"SuperShape3D_n1_1", 0.5}, {"SuperShape3D_spiral", 0.1}, {"SuperShape3D_toroidmap", 1.0}, {"SuperShape3D_b2", 2.0}}, -0.7053924611636431, 0.985167047014246, -0.6612613637344842},
    {"sphyp3D", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.42, -0.5599999999999999, 0.7},
    {"sphyp3D", "stretches, zOn 0", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"sphyp3D_stretchX", 0.5}, {"sphyp3D_stretchY", 1.5}, {"sphyp3D_stretchZ", 2.0}, {"sphyp3D_zOn", 0.0}}, 0.2969848480983499, -0.7919595949289331, 0.0},
    {"sphyp3D", "at 0 (Zeps)", 0.7, 0.0, 0.0, 0.0, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"circlecrop2", "in the ring", 0.7, 0.6, 0.3, 0.0, 0, 0, {{NULL, 0}}, 0.42, 0.21, 0.0},
    {"circlecrop2", "inside the hole, zero 1", 0.7, 0.1, 0.3, 0.0, 0, 0, {{NULL, 0}}, 0.0, 0.0, 0.0},
    {"circlecrop2", "outside, zero 0", 0.7, 1.2, -0.9, 0.0, 0, 0, {{"circlecrop2_zero", 0.0}}, -0.42, 0.5599999999999999, 0.0},
    {"circlecrop2", "inner > outer, hole, zero 0", 0.7, 0.1, 0.3, 0.0, 0, 0, {{"circlecrop2_inner", 1.5}, {"circlecrop2_outer", 0.8}, {"circlecrop2_zero", 0.0}}, 0.9961174629530393, 0.3320391543176798, 0.0},
    {"julian3Dx", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, -0.4186976587419417, 0.20934882937097093, 0.23405910674174768},
    {"julian3Dx", "power -3, dist 2, affine", 0.7, 0.3, -0.4, 0.5, 1, 1, {{"julian3Dx_power", -3.0}, {"julian3Dx_dist", 2.0}, {"julian3Dx_a", 0.8}, {"julian3Dx_b", 0.3}, {"julian3Dx_c", -0.2}, {"julian3Dx_d", 1.1}, {"julian3Dx_e", 0.1}, {"julian3Dx_f", -0.3}}, -0.8324358589666357, 0.5855975739018735, 0.33925964783682205},
    {"fourth", "x > 0, y > 0: spherical", 0.7, 0.3, 0.4, 0.0, 0, 0, {{NULL, 0}}, 0.84, 1.1199999999999999, 0.0},
    {"fourth", "x > 0, y < 0: loonie inside", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.20575713839378693, -0.2743428511917159, 0.0},
    {"fourth", "x > 0, y < 0: loonie outside", 0.7, 0.6, -0.8, 0.0, 0, 0, {{NULL, 0}}, 0.42, -0.5599999999999999, 0.0},
    {"fourth", "x < 0, y > 0: susan inside", 0.7, -0.2, 0.2, 0.0, 0, 0, {{"fourth_spin", 1.0}, {"fourth_twist", 0.5}, {"fourth_x", 0.1}, {"fourth_y", 0.1}}, -0.1787270983809646, -0.20252416606892287, 0.0},
    {"fourth", "x < 0, y > 0: susan outside", 0.7, -1.2, 0.9, 0.0, 0, 0, {{"fourth_space", 0.3}, {"fourth_x", 0.1}, {"fourth_y", 0.2}}, -0.9703111199275142, 0.7056478707078966, 0.0},
    {"fourth", "x < 0, y < 0: linear", 0.7, -0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, -0.21, -0.27999999999999997, 0.0},
    {"mobiq", "defaults: the identity", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.35},
    {"mobiq", "a quaternion map", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"mobiq_ax", 0.2}, {"mobiq_ay", -0.3}, {"mobiq_az", 0.1}, {"mobiq_bt", 0.5}, {"mobiq_ct", 0.2}, {"mobiq_cz", 0.3}, {"mobiq_dx", -0.1}}, 0.6847703464947622, -0.06035455278001611, 0.21490733279613214},
    {"spherivoid", "radius 0.3", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"spherivoid_radius", 0.3}}, 0.29909545442950497, -0.39879393923934, 0.4984924240491749},
    {"farblur", "six draws", 0.7, 0.3, -0.4, 0.5, 0, 6, {{"farblur_x", 0.5}, {"farblur_z", 2.0}, {"farblur_x_origin", 0.1}, {"farblur_y_origin", -0.2}, {"farblur_z_origin", 0.3}}, -0.036106039914049065, -0.021875220646940585, -0.06464332583817028},
    {"heat", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.0856438022983054, -0.7019010892767504, 0.5},
    {"heat", "waves on r and phi", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"heat_phi_amp", 0.3}, {"heat_r_amp", 0.2}, {"heat_theta_phase", 0.5}, {"heat_r_period", 2.0}, {"heat_phi_period", 0.0}}, 0.47328582934451646, -0.6150991073827995, 0.49999999999999994},
    {"interference2", "sines", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.41372828932587535, 0.5451856792321107, 0.0},
    {"interference2", "triangle and square", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"interference2_t1", 1.0}, {"interference2_t2", 2.0}, {"interference2_a2", 0.5}, {"interference2_b1", 2.0}, {"interference2_c2", 0.3}, {"interference2_p1", 1.5}}, 0.4668503727749267, 0.17990291780403217, 0.0},
    {"sinq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.2507401526882009, -0.28615138210075775, 0.3576892276259472},
    {"sinhq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.17093832479208948, -0.2731000104933735, 0.34137501311671686},
    {"secq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 1.6211494967345754, -0.17703399071931736, 0.2212924883991467},
    {"sechq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 1.1735731134572507, 0.15911495503476303, -0.19889369379345376},
    {"tanq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.3952497313765248, -0.7261195699235855, 0.9076494624044819},
    {"tanhq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.44565750750376887, -0.4190056939098645, 0.5237571173873306},
    {"cosq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.8105747483672877, 0.08851699535965868, -0.11064624419957335},
    {"coshq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.5867865567286253, -0.07955747751738151, 0.09944684689672688},
    {"cotq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.3952497313765248, 0.7261195699235855, -0.9076494624044819},
    {"cothq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.8913150150075377, -0.838011387819729, 1.047514234774661},
    {"cscq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.5014803053764016, 0.5723027642015155, -0.7153784552518944},
    {"cschq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.34187664958417896, 0.546200020986747, -0.6827500262334337},
    {"estiq", "at a point", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.7577248815207148, -0.35265748801075497, 0.4408218600134437},
    {"sinq", "v 0 (Zeps)", 0.7, 0.6, 0.0, 0.0, 0, 0, {{NULL, 0}}, 0.39524973137652475, 0.0, 0.0},
    {"secq", "at 0 (Zeps): w / EPS", 0.7, 0.0, 0.0, 0.0, 0, 0, {{NULL, 0}}, 3152519739159347.0, 0.0, 0.0},
    {"cothq", "x 0", 0.7, 0.0, 0.4, -0.3, 0, 0, {{NULL, 0}}, 0.0, 3.7697900119393766, -2.8273425089545325},
    {"loq", "base e", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, -0.34657359027997264, -0.4952914095981248, 0.619114261997656},
    {"loq", "base 2", 0.7, -0.3, -0.4, 0.5, 0, 0, {{"loq_base", 2.0}}, -0.5, -0.8784847508935091, 1.0981059386168863},
    {"curvature", "at a point", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 1.4, -0.9272952180016123, 0.0},
    {"curvature", "at 0 (Zeps)", 0.7, 0.0, 0.0, 0.0, 0, 0, {{NULL, 0}}, 3152519739159347.0, 0.0, 0.0},
    {"q_ode", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.79, 1.0, 0.0},
    {"q_ode", "coefficients", 0.7, 0.3, -0.4, 0.0, 0, 0, {{"q_ode01", 0.2}, {"q_ode03", 0.5}, {"q_ode04", -0.3}, {"q_ode05", 0.7}, {"q_ode06", 0.1}, {"q_ode08", -0.4}, {"q_ode09", 0.3}, {"q_ode10", 0.6}, {"q_ode11", 1.2}, {"q_ode12", -0.5}}, -0.19299999999999995, 0.419, 0.0},
    {"blur_heart", "upper half clamped", 0.7, 0.3, -0.4, 0.0, 0, 2, {{NULL, 0}}, 0.5874470917833189, 0.23208479400420573, 0.0},
    {"blur_heart", "lower half", 0.7, 0.3, -0.4, 0.0, 10, 2, {{"blur_heart_p", 1.5}, {"blur_heart_a", 0.3}}, -0.5519219348320599, 0.12404550399845073, 0.0},
    {"blur_heart", "lower half clamped", 0.7, 0.3, -0.4, 0.0, 4, 2, {{NULL, 0}}, 0.0655400127892819, -0.15104803081591955, 0.0},
    {"truchet_knot", "even cell", 0.7, 0.3, 0.4, 0.0, 0, 2, {{NULL, 0}}, 0.14686177294582972, 0.3951940716760899, 0.0},
    {"truchet_knot", "odd cell", 0.7, 1.3, 0.4, 0.0, 2, 2, {{NULL, 0}}, 0.44931232562186546, -0.053260741409144774, 0.0},
    {"truchet_knot", "negative cell", 0.7, -0.3, -1.4, 0.0, 4, 2, {{NULL, 0}}, -0.5311162178832517, -1.3836149968026794, 0.0},
    {"gdoffs", "defaults", 0.7, 0.3, -0.4, 0.5, 0, 0, {{NULL, 0}}, 0.21, -0.27999999999999997, 0.35},
    {"gdoffs", "deltas, areas, centre, square 1", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"gdoffs_delta_x", 0.5}, {"gdoffs_delta_y", 3.0}, {"gdoffs_area_x", 1.0}, {"gdoffs_area_y", 3.0}, {"gdoffs_center_x", 0.1}, {"gdoffs_center_y", -0.2}, {"gdoffs_gamma", 2.0}, {"gdoffs_square", 1.0}}, 0.28231925296738153, -0.3690855784660723, 0.35},
    {"gdoffs", "square 0", 0.7, -1.3, 2.2, 0.5, 0, 0, {{"gdoffs_delta_x", 0.5}, {"gdoffs_delta_y", 3.0}, {"gdoffs_area_x", 0.05}, {"gdoffs_gamma", 3.0}}, -0.8543145398239292, 0.396797629921922, 0.35},
    {"octagon", "inside", 1.0, 1.2, 0.9, 0.5, 0, 0, {{"octagon_x", 0.1}}, 0.37155153729448553, 0.27866365297086415, 0.15481314053936898},
    {"octagon", "outside: moved away", 1.0, 0.3, -0.4, -0.2, 0, 0, {{"octagon_x", 0.1}, {"octagon_y", 0.2}, {"octagon_z", 0.3}}, 0.4, -0.6000000000000001, -0.5},
    {"trade", "right disc", 0.7, 1.5, 0.3, 0.0, 0, 0, {{"trade_r1", 0.8}, {"trade_r2", 1.2}, {"trade_d1", 0.5}, {"trade_d2", 0.3}}, -1.2599999999999998, 0.315, 0.0},
    {"trade", "left disc", 0.7, -1.5, 0.3, 0.0, 0, 0, {{"trade_r1", 0.8}, {"trade_r2", 1.2}, {"trade_d1", 0.5}, {"trade_d2", 0.3}}, 0.9099999999999999, 0.13999999999999999, 0.0},
    {"trade", "linear", 0.7, 0.2, 0.1, 0.0, 0, 0, {{"trade_r1", 0.8}, {"trade_r2", 1.2}, {"trade_d1", 0.5}, {"trade_d2", 0.3}}, 0.13999999999999999, 0.06999999999999999, 0.0},
    {"trade", "linear, left", 0.7, -0.2, 0.1, 0.0, 0, 0, {{"trade_r1", 0.8}, {"trade_r2", 1.2}, {"trade_d1", 0.5}, {"trade_d2", 0.3}}, -0.13999999999999999, 0.06999999999999999, 0.0},
    {"Juliac", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 1, {{NULL, 0}}, -0.4181667323427734, 0.2127191637575585, 0.0},
    {"Juliac", "re 3, im -2, dist 0.5", 0.7, 0.3, -0.4, 0.0, 1, 1, {{"Juliac_re", 3.0}, {"Juliac_im", -2.0}, {"Juliac_dist", 0.5}}, -0.1524516883239201, 0.6771918207306291, 0.0},
    {"blade3D", "one draw", 0.7, 0.3, -0.4, 0.5, 0, 1, {{NULL, 0}}, 0.265646093376448, 0.13278611777528349, -0.22131019629213913},
    {"blob3D", "low 0.2, high 0.9, waves 3", 0.7, 0.3, -0.4, 0.5, 0, 0, {{"blob3D_low", 0.2}, {"blob3D_high", 0.9}, {"blob3D_waves", 3.0}}, 0.184296, -0.24572799999999995, 0.28750176},
    {"blocky", "defaults", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.05958795061333963, -0.0828784484738643, 0.0},
    {"blocky", "mp 2, x 0.5, y 1.5", 0.7, 2.0, -1.5, 0.0, 0, 0, {{"blocky_mp", 2.0}, {"blocky_x", 0.5}, {"blocky_y", 1.5}}, 0.1673723841409906, -0.34304099202280164, 0.0},
    {"block", "at a point", 0.7, 0.3, -0.4, 0.0, 0, 0, {{NULL, 0}}, 0.12505802964607637, -0.17393810929193235, 0.0},
    {"block", "far out", 0.7, 2.0, -1.5, 0.0, 0, 0, {{NULL, 0}}, 0.3956181916956291, -0.2702820572582508, 0.0},
    /* clang-format on */
};

static void test_values(void **state)
{
    (void)state;
    flame_var_cases(cases, sizeof cases / sizeof cases[0]);
}

/* Every variation of this round has a case. */
static void test_all_covered(void **state)
{
    (void)state;
    const int first = flame_var("eCollide"), last = flame_var("block");
    assert_true(first == flame_var("flipy") + 1);
    /* eCollide .. eScale and eSwirl .. block: the sixth round's end of
     * Variations03.h (phoenix_julia .. flipcircle) lies between them */
    assert_true(flame_var("eSwirl") == flame_var("flipcircle") + 1);
    for (int v = first; v <= last; v++) {
        if (v > flame_var("eScale") && v < flame_var("eSwirl")) continue;
        size_t c = 0;
        while (c < sizeof cases / sizeof cases[0] && strcmp(cases[c].var, fr_flame_vars[v].name))
            c++;
        if (c == sizeof cases / sizeof cases[0]) fail_msg("%s: no case", fr_flame_vars[v].name);
    }
}

/* Sums: a 2D variation adds nothing to z, juliaNab sets the sum's z (as
 * Ember's), the 3D ones add theirs (values from the same transcription). */
static void test_sums(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    x.var[flame_var("eRotate")] = 0.5;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 1);
    double o[3], a[3];
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_xform_blank(&x);
    x.var[flame_var("eRotate")] = 0.5;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, a);
    flame_near3(o, a[0] + 0.3, a[1] - 0.4, 0.5, "eRotate + linear3D");
    /* juliaNab after linear3D: the sum's z is the point's, linear3D's lost */
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    x.var[flame_var("juliaNab")] = 0.7;
    fr_flame_rng_init(&g, 7, 1);
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.3 + 1.21, -0.4 + 0.72, 0.5, "juliaNab sets z");
    /* sinq + sinhq: their z summed */
    flame_xform_blank(&x);
    x.var[flame_var("sinq")] = 0.7;
    x.var[flame_var("sinhq")] = 0.7;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.2507401526882009 + 0.17093832479208948, -0.28615138210075775 - 0.2731000104933735,
                0.3576892276259472 + 0.34137501311671686, "sinq + sinhq");
}

/* pre_ and post_ forms: a 2D one (eRotate) keeps the point's z, a 3D one
 * (sinq) replaces it, a summing one (square3D) adds to the point. */
static void test_prepost(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_PRE, "eRotate", 0.7);
    x.slot[0].param[flame_par("eRotate_rotate")] = 1;
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 7, 1);
    double o[3];
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.7265335547094204, -0.08337280489364489, 0.5, "pre_eRotate");
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "sinq", 0.7);
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.2507401526882009, -0.28615138210075775, 0.3576892276259472, "post_sinq");
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "square3D", 0.7);
    fr_flame_rng_init(&g, 7, 1);
    h = g;
    flame_xform_apply_at(&x, 0.3, -0.4, 0.5, &g, o);
    flame_near3(o, 0.3 + 0.29372354589165944, -0.4 + 0.30399543975083837, 0.5 - 0.10652148281828955,
                "post_square3D");
    flame_draws(&g, h, 3, "post_square3D");
}

/* A genome with the new variations and their parameters: read strictly,
 * written back, read equal. */
static const char genome[] =
    "<flame name=\"e4\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
    " <xform weight=\"1\" color=\"0\" eCollide=\"0.1\" eCollide_num=\"3\" eCollide_a=\"0.25\" eMod=\"0.1\" "
    "eMotion=\"0.1\" eMotion_move=\"0.2\" ePush=\"0.1\" eRotate=\"0.1\" eScale=\"0.1\" eSwirl=\"0.1\" "
    "eSwirl_in=\"0.1\" linear=\"0.5\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"
    " <xform weight=\"0.5\" color=\"0.3\" lazyjess=\"0.1\" lazyTravis=\"0.1\" squish=\"0.1\" circus=\"0.1\" "
    "tancos=\"0.05\" rippled=\"0.05\" juliaNab=\"0.05\" sintrange=\"0.05\" waffle=\"0.1\" "
    "waffle_slices=\"4\" "
    "coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"
    " <xform weight=\"0.5\" color=\"0.6\" square3D=\"0.02\" SuperShape3D=\"0.02\" "
    "SuperShape3D_toroidmap=\"1\" "
    "sphyp3D=\"0.05\" circlecrop2=\"0.1\" julian3Dx=\"0.1\" fourth=\"0.1\" mobiq=\"0.1\" mobiq_az=\"0.2\" "
    "spherivoid=\"0.05\" farblur=\"0.01\" heat=\"0.05\" interference2=\"0.05\" interference2_t1=\"1\" "
    "coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"
    " <xform weight=\"0.5\" color=\"0.9\" sinq=\"0.02\" sinhq=\"0.02\" secq=\"0.02\" sechq=\"0.02\" "
    "tanq=\"0.02\" "
    "tanhq=\"0.02\" cosq=\"0.02\" coshq=\"0.02\" cotq=\"0.02\" cothq=\"0.02\" cscq=\"0.02\" cschq=\"0.02\" "
    "estiq=\"0.02\" loq=\"0.02\" loq_base=\"3\" curvature=\"0.01\" q_ode=\"0.02\" q_ode05=\"0.3\" "
    "linear=\"0.4\" "
    "coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n"
    " <xform weight=\"0.5\" color=\"0.2\" blur_heart=\"0.05\" truchet_knot=\"0.05\" gdoffs=\"0.05\" "
    "octagon=\"0.02\" "
    "trade=\"0.1\" Juliac=\"0.1\" blade3D=\"0.05\" blob3D=\"0.1\" blob3D_waves=\"4\" blocky=\"0.1\" "
    "block=\"0.1\" "
    "pre_eRotate=\"0.5\" pre_eRotate_rotate=\"0.3\" post_sinq=\"0.3\" coefs=\"0.6 0 0 0.6 -0.2 -0.1\"/>\n"
    " <color index=\"0\" rgb=\"255 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/>\n"
    "</flame>\n";

static void test_read_write(void **state)
{
    (void)state;
    fr_flame_file f = flame_read_strict(genome, "e4.flame");
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("eCollide")] == 0.1 && x[0].param[flame_par("eCollide_num")] == 3);
    assert_true(x[1].param[flame_par("waffle_slices")] == 4);
    assert_true(x[3].param[flame_par("loq_base")] == 3 && x[3].param[flame_par("q_ode05")] == 0.3);
    assert_true(x[4].slot[0].n == 1 && x[4].slot[0].var[0] == flame_var("eRotate"));
    assert_true(x[4].slot[1].n == 1 && x[4].slot[1].var[0] == flame_var("sinq"));
    char *xml = flame_round_trip(&f.g[0], "e4.flame");
    assert_non_null(strstr(xml, "eCollide_num=\"3\""));
    assert_non_null(strstr(xml, "SuperShape3D_toroidmap=\"1\""));
    assert_non_null(strstr(xml, "pre_eRotate_rotate=\"0.3\""));
    assert_non_null(strstr(xml, "lazyjess_spin=\"3.141592653589793\"")); /* Ember writes the defaults too */
    free(xml);
    fr_flame_file_free(&f);
}

/* The registry: flags, parameter counts and Ember's defaults. */
static void test_registry(void **state)
{
    (void)state;
    const int ss = flame_var("SuperShape3D"), lj = flame_var("lazyjess");
    assert_true((fr_flame_vars[ss].flags & (FR_VF_SUM | FR_VF_3D)) == (FR_VF_SUM | FR_VF_3D));
    assert_true(fr_flame_vars[flame_var("waffle")].flags == FR_VF_SUM);
    assert_true(fr_flame_vars[flame_var("blur_heart")].flags == FR_VF_SUM);
    assert_true(fr_flame_vars[flame_var("juliaNab")].flags == FR_VF_3D);
    assert_true(fr_flame_vars[flame_var("eCollide")].flags == 0);
    assert_int_equal(fr_flame_variation_nparams(ss), 16);
    assert_int_equal(fr_flame_variation_nparams(flame_var("mobiq")), 16);
    assert_int_equal(fr_flame_variation_nparams(flame_var("q_ode")), 12);
    assert_int_equal(fr_flame_variation_nparams(flame_var("block")), 0);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(lj, 1, &def), "lazyjess_spin");
    assert_true(def == M_PI);
    assert_string_equal(fr_flame_variation_param(flame_var("loq"), 0, &def), "loq_base");
    assert_true(def == M_E);
    assert_string_equal(fr_flame_variation_param(ss, 0, &def), "SuperShape3D_rho");
    assert_true(def == 9.9);
    assert_string_equal(fr_flame_variation_param(flame_var("blur_heart"), 1, &def), "blur_heart_a");
    assert_true(def == -0.6);
    assert_string_equal(fr_flame_variation_origin(flame_var("blob3D")), "JWildfire");
    assert_string_equal(fr_flame_variation_origin(flame_var("eScale")), "Apophysis");
}

/* Without pre_/post_ variations (which take the batched walker's scalar
 * path): the new variations through its vector loops. */
static const char genome_regular[] =
    "<flame name=\"e4r\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
    " <xform weight=\"1\" color=\"0\" eCollide=\"0.1\" eCollide_num=\"3\" eCollide_a=\"0.25\" eMod=\"0.1\" "
    "eMotion=\"0.1\" eMotion_move=\"0.2\" ePush=\"0.1\" eRotate=\"0.1\" eScale=\"0.1\" eSwirl=\"0.1\" "
    "eSwirl_in=\"0.1\" linear=\"0.5\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"
    " <xform weight=\"0.5\" color=\"0.3\" lazyjess=\"0.1\" lazyTravis=\"0.1\" squish=\"0.1\" circus=\"0.1\" "
    "tancos=\"0.05\" rippled=\"0.05\" juliaNab=\"0.05\" sintrange=\"0.05\" waffle=\"0.1\" "
    "waffle_slices=\"4\" "
    "coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"
    " <xform weight=\"0.5\" color=\"0.6\" square3D=\"0.02\" SuperShape3D=\"0.02\" sphyp3D=\"0.05\" "
    "circlecrop2=\"0.1\" julian3Dx=\"0.1\" fourth=\"0.1\" mobiq=\"0.1\" spherivoid=\"0.05\" farblur=\"0.01\" "
    "heat=\"0.05\" interference2=\"0.05\" coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"
    " <xform weight=\"0.5\" color=\"0.9\" sinq=\"0.02\" sinhq=\"0.02\" secq=\"0.02\" sechq=\"0.02\" "
    "tanq=\"0.02\" "
    "tanhq=\"0.02\" cosq=\"0.02\" coshq=\"0.02\" cotq=\"0.02\" cothq=\"0.02\" cscq=\"0.02\" cschq=\"0.02\" "
    "estiq=\"0.02\" loq=\"0.02\" curvature=\"0.01\" q_ode=\"0.02\" linear=\"0.4\" "
    "coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n"
    " <xform weight=\"0.5\" color=\"0.2\" blur_heart=\"0.05\" truchet_knot=\"0.05\" gdoffs=\"0.05\" "
    "octagon=\"0.02\" "
    "trade=\"0.1\" Juliac=\"0.1\" blade3D=\"0.05\" blob3D=\"0.1\" blocky=\"0.1\" block=\"0.1\" "
    "coefs=\"0.6 0 0 0.6 -0.2 -0.1\"/>\n"
    " <color index=\"0\" rgb=\"255 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/>\n"
    "</flame>\n";

int main(void)
{
    static const flame_var_test tests[6] = {test_values,  test_all_covered, test_sums,
                                            test_prepost, test_read_write,  test_registry};
    return flame_var_round("ember4", genome_regular, genome, tests);
}
