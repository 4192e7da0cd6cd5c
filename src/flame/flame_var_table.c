/* flame_var_table.c - the variations: flam3's 99 in flam3 3.1.1's order,
 * with the genome attribute names of their parameters and flam3's defaults
 * (those flam3's initialize_xforms gives a new xform), then those of
 * Apophysis, Ember/Fractorium and JWildfire that real genomes use, with
 * the names and defaults Ember (Fractorium) writes and reads. */
#include <math.h>
#include <string.h>

#include "flame/flame_variations.h"

/* FR_VF_SUM: the variations whose formula does not read the point (Ember's
 * ASSIGNTYPE_SUM for their pre_ and post_ forms, which add to the point). */
const fr_flame_var_info fr_flame_vars[FR_FLAME_NVAR] = {
    {"linear", 0, 0}, /* 0 */
    {"sinusoidal", 0, 0}, /* 1 */
    {"spherical", 0, 0}, /* 2 */
    {"swirl", 0, 0}, /* 3 */
    {"horseshoe", 0, 0}, /* 4 */
    {"polar", 0, 0}, /* 5 */
    {"handkerchief", 0, 0}, /* 6 */
    {"heart", 0, 0}, /* 7 */
    {"disc", 0, 0}, /* 8 */
    {"spiral", 0, 0}, /* 9 */
    {"hyperbolic", 0, 0}, /* 10 */
    {"diamond", 0, 0}, /* 11 */
    {"ex", 0, 0}, /* 12 */
    {"julia", 0, 0}, /* 13 */
    {"bent", 0, 0}, /* 14 */
    {"waves", 0, 0}, /* 15 */
    {"fisheye", 0, 0}, /* 16 */
    {"popcorn", 0, 0}, /* 17 */
    {"exponential", 0, 0}, /* 18 */
    {"power", 0, 0}, /* 19 */
    {"cosine", 0, 0}, /* 20 */
    {"rings", 0, 0}, /* 21 */
    {"fan", 0, 0}, /* 22 */
    {"blob", 0, 3}, /* 23 */
    {"pdj", 3, 4}, /* 24 */
    {"fan2", 7, 2}, /* 25 */
    {"rings2", 9, 1}, /* 26 */
    {"eyefish", 10, 0}, /* 27 */
    {"bubble", 10, 0}, /* 28 */
    {"cylinder", 10, 0}, /* 29 */
    {"perspective", 10, 2}, /* 30 */
    {"noise", 12, 0}, /* 31 */
    {"julian", 12, 2}, /* 32 */
    {"juliascope", 14, 2}, /* 33 */
    {"blur", 16, 0, FR_VORIGIN_FLAM3, FR_VF_SUM}, /* 34 */
    {"gaussian_blur", 16, 0, FR_VORIGIN_FLAM3, FR_VF_SUM}, /* 35 */
    {"radial_blur", 16, 1}, /* 36 */
    {"pie", 17, 3, FR_VORIGIN_FLAM3, FR_VF_SUM}, /* 37 */
    {"ngon", 20, 4}, /* 38 */
    {"curl", 24, 2}, /* 39 */
    {"rectangles", 26, 2}, /* 40 */
    {"arch", 28, 0, FR_VORIGIN_FLAM3, FR_VF_SUM}, /* 41 */
    {"tangent", 28, 0}, /* 42 */
    {"square", 28, 0, FR_VORIGIN_FLAM3, FR_VF_SUM}, /* 43 */
    {"rays", 28, 0}, /* 44 */
    {"blade", 28, 0}, /* 45 */
    {"secant2", 28, 0}, /* 46 */
    {"twintrian", 28, 0}, /* 47 */
    {"cross", 28, 0}, /* 48 */
    {"disc2", 28, 2}, /* 49 */
    {"super_shape", 30, 6}, /* 50 */
    {"flower", 36, 2}, /* 51 */
    {"conic", 38, 2}, /* 52 */
    {"parabola", 40, 2}, /* 53 */
    {"bent2", 42, 2}, /* 54 */
    {"bipolar", 44, 1}, /* 55 */
    {"boarders", 45, 0}, /* 56 */
    {"butterfly", 45, 0}, /* 57 */
    {"cell", 45, 1}, /* 58 */
    {"cpow", 46, 3}, /* 59 */
    {"curve", 49, 4}, /* 60 */
    {"edisc", 53, 0}, /* 61 */
    {"elliptic", 53, 0}, /* 62 */
    {"escher", 53, 1}, /* 63 */
    {"foci", 54, 0}, /* 64 */
    {"lazysusan", 54, 5}, /* 65 */
    {"loonie", 59, 0}, /* 66 */
    {"pre_blur", 59, 0}, /* 67 */
    {"modulus", 59, 2}, /* 68 */
    {"oscilloscope", 61, 4}, /* 69 */
    {"polar2", 65, 0}, /* 70 */
    {"popcorn2", 65, 3}, /* 71 */
    {"scry", 68, 0}, /* 72 */
    {"separation", 68, 4}, /* 73 */
    {"split", 72, 2}, /* 74 */
    {"splits", 74, 2}, /* 75 */
    {"stripes", 76, 2}, /* 76 */
    {"wedge", 78, 4}, /* 77 */
    {"wedge_julia", 82, 4}, /* 78 */
    {"wedge_sph", 86, 4}, /* 79 */
    {"whorl", 90, 2}, /* 80 */
    {"waves2", 92, 6, FR_VORIGIN_FLAM3, FR_VF_3D}, /* 81 */
    {"exp", 98, 0}, /* 82 */
    {"log", 98, 1}, /* 83 */
    {"sin", 99, 0}, /* 84 */
    {"cos", 99, 0}, /* 85 */
    {"tan", 99, 0}, /* 86 */
    {"sec", 99, 0}, /* 87 */
    {"csc", 99, 0}, /* 88 */
    {"cot", 99, 0}, /* 89 */
    {"sinh", 99, 0}, /* 90 */
    {"cosh", 99, 0}, /* 91 */
    {"tanh", 99, 0}, /* 92 */
    {"sech", 99, 0}, /* 93 */
    {"csch", 99, 0}, /* 94 */
    {"coth", 99, 0}, /* 95 */
    {"auger", 99, 4}, /* 96 */
    {"flux", 103, 1}, /* 97 */
    {"mobius", 104, 8}, /* 98 */
    /* beyond flam3 (FR_FLAME_NVAR_FLAM3 on) */
    {"linear3D", 112, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 99 */
    {"flatten", 112, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 100 */
    {"hemisphere", 112, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 101 */
    {"julia3D", 112, 1, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 102 */
    {"Spherical3D", 113, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 103 */
    {"sineblur", 113, 1, FR_VORIGIN_APOPHYSIS, FR_VF_SUM | FR_VF_3D}, /* 104 */
    {"Mobius", 114, 8, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 105 */
    {"ztranslate", 122, 0, FR_VORIGIN_APOPHYSIS, FR_VF_SUM | FR_VF_3D}, /* 106 */
    {"zscale", 122, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 107 */
    {"foci_3D", 122, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 108 */
    {"falloff2", 122, 11, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 109 */
    {"bwraps", 133, 5, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 110 */
    {"crop", 138, 6, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 111 */
    {"tile_hlp", 144, 1, FR_VORIGIN_APOPHYSIS, 0}, /* 112 */
    {"tile_log", 145, 1, FR_VORIGIN_APOPHYSIS, 0}, /* 113 */
    {"twoface", 146, 0, FR_VORIGIN_APOPHYSIS, 0}, /* 114 */
    {"blur_linear", 146, 2, FR_VORIGIN_APOPHYSIS, 0}, /* 115 */
    {"blur_zoom", 148, 3, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 116 */
    {"blur_circle", 151, 0, FR_VORIGIN_APOPHYSIS, FR_VF_SUM | FR_VF_3D}, /* 117 */
    {"unpolar", 151, 0, FR_VORIGIN_APOPHYSIS, 0}, /* 118 */
    {"rotate_x", 151, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 119 */
    {"rotate_y", 151, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 120 */
    {"rotate_z", 151, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 121 */
    {"mirror_x", 151, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 122 */
    {"epispiral", 151, 3, FR_VORIGIN_APOPHYSIS, 0}, /* 123 */
    {"hexes", 154, 4, FR_VORIGIN_APOPHYSIS, 0}, /* 124 */
    {"smartcrop", 158, 11, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 125: Ember's post_smartcrop */
    {"curl3D", 169, 3, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 126 */
    {"zcone", 172, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 127 */
    {"gaussian", 172, 0, FR_VORIGIN_APOPHYSIS, 0}, /* 128 */
    {"pow_block", 172, 5, FR_VORIGIN_APOPHYSIS, 0}, /* 129 */
    {"rblur", 177, 4, FR_VORIGIN_APOPHYSIS, 0}, /* 130 */
    {"wdisc", 181, 0, FR_VORIGIN_APOPHYSIS, 0}, /* 131 */
    {"eJulia", 181, 1, FR_VORIGIN_APOPHYSIS, 0}, /* 132 */
    {"bcircle", 182, 2, FR_VORIGIN_APOPHYSIS, 0}, /* 133 */
    {"hypertile", 184, 3, FR_VORIGIN_APOPHYSIS, 0}, /* 134 */
    {"hypertile2", 187, 2, FR_VORIGIN_APOPHYSIS, 0}, /* 135 */
    {"shredlin", 189, 4, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 136 */
    {"barycentroid", 193, 4, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 137 */
    {"gnarly", 197, 2, FR_VORIGIN_APOPHYSIS, 0}, /* 138 */
    {"glynnia", 199, 0, FR_VORIGIN_APOPHYSIS, 0}, /* 139 */
    {"falloff", 199, 11, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 140 */
    {"falloff3", 210, 13, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 141 */
    {"circlecrop", 223, 5, FR_VORIGIN_APOPHYSIS, 0}, /* 142 */
    {"y", 228, 13, FR_VORIGIN_APOPHYSIS, 0}, /* 143 */
    {"Voron", 241, 5, FR_VORIGIN_APOPHYSIS, 0}, /* 144 */
    {"mirror_y", 246, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 145 */
    {"mirror_z", 246, 0, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 146 */
    {"zblur", 246, 0, FR_VORIGIN_APOPHYSIS, FR_VF_SUM | FR_VF_3D}, /* 147 */
    {"blur3D", 246, 0, FR_VORIGIN_APOPHYSIS, FR_VF_SUM | FR_VF_3D}, /* 148 */
    {"julia3Dz", 246, 1, FR_VORIGIN_APOPHYSIS, FR_VF_3D}, /* 149 */
};

const fr_flame_param_info fr_flame_params[FR_FLAME_NPARAM] = {
    {"blob_low", 23, 0.0},
    {"blob_high", 23, 1.0},
    {"blob_waves", 23, 1.0},
    {"pdj_a", 24, 0.0},
    {"pdj_b", 24, 0.0},
    {"pdj_c", 24, 0.0},
    {"pdj_d", 24, 0.0},
    {"fan2_x", 25, 0.0},
    {"fan2_y", 25, 0.0},
    {"rings2_val", 26, 0.0},
    {"perspective_angle", 30, 0.0},
    {"perspective_dist", 30, 0.0},
    {"julian_power", 32, 1.0},
    {"julian_dist", 32, 1.0},
    {"juliascope_power", 33, 1.0},
    {"juliascope_dist", 33, 1.0},
    {"radial_blur_angle", 36, 0.0},
    {"pie_slices", 37, 6.0},
    {"pie_rotation", 37, 0.0},
    {"pie_thickness", 37, 0.5},
    {"ngon_sides", 38, 5.0},
    {"ngon_power", 38, 3.0},
    {"ngon_circle", 38, 1.0},
    {"ngon_corners", 38, 2.0},
    {"curl_c1", 39, 1.0},
    {"curl_c2", 39, 0.0},
    {"rectangles_x", 40, 1.0},
    {"rectangles_y", 40, 1.0},
    {"disc2_rot", 49, 0.0},
    {"disc2_twist", 49, 0.0},
    {"super_shape_rnd", 50, 0.0},
    {"super_shape_m", 50, 0.0},
    {"super_shape_n1", 50, 1.0},
    {"super_shape_n2", 50, 1.0},
    {"super_shape_n3", 50, 1.0},
    {"super_shape_holes", 50, 0.0},
    {"flower_petals", 51, 0.0},
    {"flower_holes", 51, 0.0},
    {"conic_eccentricity", 52, 1.0},
    {"conic_holes", 52, 0.0},
    {"parabola_height", 53, 0.0},
    {"parabola_width", 53, 0.0},
    {"bent2_x", 54, 1.0},
    {"bent2_y", 54, 1.0},
    {"bipolar_shift", 55, 0.0},
    {"cell_size", 58, 1.0},
    {"cpow_i", 59, 0.0},
    {"cpow_r", 59, 1.0},
    {"cpow_power", 59, 1.0},
    {"curve_xamp", 60, 0.0},
    {"curve_yamp", 60, 0.0},
    {"curve_xlength", 60, 1.0},
    {"curve_ylength", 60, 1.0},
    {"escher_beta", 63, 0.0},
    {"lazysusan_x", 65, 0.0},
    {"lazysusan_y", 65, 0.0},
    {"lazysusan_spin", 65, 0.0},
    {"lazysusan_space", 65, 0.0},
    {"lazysusan_twist", 65, 0.0},
    {"modulus_x", 68, 0.0},
    {"modulus_y", 68, 0.0},
    {"oscilloscope_separation", 69, 1.0},
    {"oscilloscope_frequency", 69, M_PI},
    {"oscilloscope_amplitude", 69, 1.0},
    {"oscilloscope_damping", 69, 0.0},
    {"popcorn2_x", 71, 0.0},
    {"popcorn2_y", 71, 0.0},
    {"popcorn2_c", 71, 0.0},
    {"separation_x", 73, 0.0},
    {"separation_xinside", 73, 0.0},
    {"separation_y", 73, 0.0},
    {"separation_yinside", 73, 0.0},
    {"split_xsize", 74, 0.0},
    {"split_ysize", 74, 0.0},
    {"splits_x", 75, 0.0},
    {"splits_y", 75, 0.0},
    {"stripes_space", 76, 0.0},
    {"stripes_warp", 76, 0.0},
    {"wedge_angle", 77, 0.0},
    {"wedge_hole", 77, 0.0},
    {"wedge_count", 77, 1.0},
    {"wedge_swirl", 77, 0.0},
    {"wedge_julia_angle", 78, 0.0},
    {"wedge_julia_count", 78, 1.0},
    {"wedge_julia_power", 78, 1.0},
    {"wedge_julia_dist", 78, 0.0},
    {"wedge_sph_angle", 79, 0.0},
    {"wedge_sph_hole", 79, 0.0},
    {"wedge_sph_count", 79, 1.0},
    {"wedge_sph_swirl", 79, 0.0},
    {"whorl_inside", 80, 0.0},
    {"whorl_outside", 80, 0.0},
    {"waves2_scalex", 81, 0.0},
    {"waves2_scaley", 81, 0.0},
    {"waves2_freqx", 81, 0.0},
    {"waves2_freqy", 81, 0.0},
    {"waves2_freqz", 81, 0.0, 1},
    {"waves2_scalez", 81, 0.0, 1},
    {"log_base", 83, M_E, 1},
    {"auger_freq", 96, 1.0},
    {"auger_weight", 96, 0.5},
    {"auger_sym", 96, 0.0},
    {"auger_scale", 96, 1.0},
    {"flux_spread", 97, 0.0},
    {"re_a", 98, 0.0},
    {"im_a", 98, 0.0},
    {"re_b", 98, 0.0},
    {"im_b", 98, 0.0},
    {"re_c", 98, 0.0},
    {"im_c", 98, 0.0},
    {"re_d", 98, 0.0},
    {"im_d", 98, 0.0},
    {"julia3D_power", 102, 2.0},
    {"sineblur_power", 104, 1.0},
    {"Mobius_Re_A", 105, 1.0},
    {"Mobius_Im_A", 105, 0.0},
    {"Mobius_Re_B", 105, 0.0},
    {"Mobius_Im_B", 105, 0.0},
    {"Mobius_Re_C", 105, 0.0},
    {"Mobius_Im_C", 105, 0.0},
    {"Mobius_Re_D", 105, 1.0},
    {"Mobius_Im_D", 105, 0.0},
    {"falloff2_scatter", 109, 1.0},
    {"falloff2_mindist", 109, 0.5},
    {"falloff2_mul_x", 109, 1.0},
    {"falloff2_mul_y", 109, 1.0},
    {"falloff2_mul_z", 109, 0.0},
    {"falloff2_mul_c", 109, 0.0},
    {"falloff2_x0", 109, 0.0},
    {"falloff2_y0", 109, 0.0},
    {"falloff2_z0", 109, 0.0},
    {"falloff2_invert", 109, 0.0},
    {"falloff2_type", 109, 0.0},
    {"bwraps_cellsize", 110, 1.0},
    {"bwraps_space", 110, 0.0},
    {"bwraps_gain", 110, 1.0},
    {"bwraps_inner_twist", 110, 0.0},
    {"bwraps_outer_twist", 110, 0.0},
    {"crop_left", 111, -1.0},
    {"crop_top", 111, -1.0},
    {"crop_right", 111, 1.0},
    {"crop_bottom", 111, 1.0},
    {"crop_scatter_area", 111, 0.0},
    {"crop_zero", 111, 0.0},
    {"tile_hlp_width", 112, 1.0},
    {"tile_log_spread", 113, 1.0},
    {"blur_linear_length", 115, 0.0},
    {"blur_linear_angle", 115, 0.0},
    {"blur_zoom_length", 116, 0.0},
    {"blur_zoom_x", 116, 0.0},
    {"blur_zoom_y", 116, 0.0},
    {"epispiral_n", 123, 6.0},
    {"epispiral_thickness", 123, 0.0},
    {"epispiral_holes", 123, 1.0},
    {"hexes_cellsize", 124, 1.0},
    {"hexes_power", 124, 1.0},
    {"hexes_rotate", 124, 0.166},
    {"hexes_scale", 124, 1.0},
    {"smartcrop_power", 125, 4.0},
    {"smartcrop_radius", 125, 1.0},
    {"smartcrop_roundstr", 125, 0.0},
    {"smartcrop_roundwidth", 125, 1.0},
    {"smartcrop_distortion", 125, 1.0},
    {"smartcrop_edge", 125, 0.0},
    {"smartcrop_scatter", 125, 0.0},
    {"smartcrop_offset", 125, 0.0},
    {"smartcrop_rotation", 125, 0.0},
    {"smartcrop_cropmode", 125, 1.0},
    {"smartcrop_static", 125, 1.0},
    {"curl3D_cx", 126, 0.0},
    {"curl3D_cy", 126, 0.0},
    {"curl3D_cz", 126, 0.0},
    {"pow_block_numerator", 129, 3.0},
    {"pow_block_denominator", 129, 2.0},
    {"pow_block_root", 129, 1.0},
    {"pow_block_correctn", 129, 1.0},
    {"pow_block_correctd", 129, 1.0},
    {"rblur_strength", 130, 1.0},
    {"rblur_offset", 130, 1.0},
    {"rblur_center_x", 130, 0.0},
    {"rblur_center_y", 130, 0.0},
    {"eJulia_power", 132, 2.0},
    {"bcircle_scale", 133, 1.0},
    {"bcircle_borderwidth", 133, 0.0},
    {"hypertile_p", 134, 3.0},
    {"hypertile_q", 134, 7.0},
    {"hypertile_n", 134, 0.0},
    {"hypertile2_p", 135, 3.0},
    {"hypertile2_q", 135, 7.0},
    {"shredlin_xdistance", 136, 1.0},
    {"shredlin_xwidth", 136, 0.5},
    {"shredlin_ydistance", 136, 1.0},
    {"shredlin_ywidth", 136, 0.5},
    {"barycentroid_a", 137, 1.0},
    {"barycentroid_b", 137, 0.0},
    {"barycentroid_c", 137, 0.0},
    {"barycentroid_d", 137, 1.0},
    {"gnarly_cellsize", 138, 1.0},
    {"gnarly_twist", 138, 1.0},
    {"falloff_scatter", 140, 1.0},
    {"falloff_mindist", 140, 0.5},
    {"falloff_mul_x", 140, 1.0},
    {"falloff_mul_y", 140, 1.0},
    {"falloff_mul_z", 140, 0.0},
    {"falloff_x0", 140, 0.0},
    {"falloff_y0", 140, 0.0},
    {"falloff_z0", 140, 0.0},
    {"falloff_invert", 140, 0.0},
    {"falloff_type", 140, 0.0},
    {"falloff_boxpow", 140, 2.0},
    {"falloff3_blur_type", 141, 0.0},
    {"falloff3_blur_shape", 141, 0.0},
    {"falloff3_blur_strength", 141, 1.0},
    {"falloff3_min_distance", 141, 0.5},
    {"falloff3_invert_distance", 141, 0.0},
    {"falloff3_mul_x", 141, 1.0},
    {"falloff3_mul_y", 141, 1.0},
    {"falloff3_mul_z", 141, 0.0},
    {"falloff3_mul_c", 141, 0.0},
    {"falloff3_center_x", 141, 0.0},
    {"falloff3_center_y", 141, 0.0},
    {"falloff3_center_z", 141, 0.0},
    {"falloff3_alpha", 141, 0.0},
    {"circlecrop_radius", 142, 1.0},
    {"circlecrop_x", 142, 0.0},
    {"circlecrop_y", 142, 0.0},
    {"circlecrop_scatter_area", 142, 0.0},
    {"circlecrop_zero", 142, 1.0},
    {"y_hypergon", 143, 0.0},
    {"y_hypergon_n", 143, 4.0},
    {"y_hypergon_r", 143, 1.0},
    {"y_star", 143, 0.0},
    {"y_star_n", 143, 5.0},
    {"y_star_slope", 143, 2.0},
    {"y_lituus", 143, 0.0},
    {"y_lituus_a", 143, 1.0},
    {"y_super", 143, 0.0},
    {"y_super_m", 143, 1.0},
    {"y_super_n1", 143, 1.0},
    {"y_super_n2", 143, 1.0},
    {"y_super_n3", 143, 1.0},
    {"Voron_K", 144, 0.99},
    {"Voron_Step", 144, 0.25},
    {"Voron_Num", 144, 1.0},
    {"Voron_XSeed", 144, 3.0},
    {"Voron_YSeed", 144, 7.0},
    {"julia3Dz_power", 149, 2.0},
};

/* Other spellings of a variation's name that genome files carry. */
static const struct {
    const char *alias;
    const char *name;
} var_aliases[] = {
    {"spherical3D", "Spherical3D"}, /* JWildfire */
};

static int var_index(const char *name)
{
    for (int i = 0; i < FR_FLAME_NVAR; i++)
        if (strcmp(fr_flame_vars[i].name, name) == 0)
            return i;
    return -1;
}

int fr_flame_var_find(const char *name)
{
    int i = var_index(name);
    if (i >= 0)
        return i;
    for (size_t k = 0; k < sizeof var_aliases / sizeof var_aliases[0]; k++)
        if (strcmp(var_aliases[k].alias, name) == 0)
            return var_index(var_aliases[k].name);
    return -1;
}

const char *fr_flame_var_origin_name(int origin)
{
    static const char *const names[] = {"flam3", "Apophysis", "Ember", "JWildfire"};
    return origin >= 0 && origin < 4 ? names[origin] : "?";
}

int fr_flame_slot_split(const char *name, const char **base)
{
    *base = name;
    if (!strncmp(name, "pre_", 4)) {
        *base = name + 4;
        return FR_SLOT_PRE;
    }
    if (!strncmp(name, "post_", 5)) {
        *base = name + 5;
        return FR_SLOT_POST;
    }
    return FR_SLOT_REG;
}

/* Other names flam3 3.1.1's parser accepts for a parameter: it writes the
 * mobius parameters as mobius_re_a .. and also reads Apophysis's Re_A ..,
 * and reads oscilloscope_* also as oscope_*. Case matters, as in flam3. */
static const struct {
    const char *alias;
    const char *name;
} param_aliases[] = {
    {"mobius_re_a", "re_a"}, {"mobius_im_a", "im_a"}, {"mobius_re_b", "re_b"},
    {"mobius_im_b", "im_b"}, {"mobius_re_c", "re_c"}, {"mobius_im_c", "im_c"},
    {"mobius_re_d", "re_d"}, {"mobius_im_d", "im_d"},
    {"Re_A", "re_a"}, {"Im_A", "im_a"}, {"Re_B", "re_b"}, {"Im_B", "im_b"},
    {"Re_C", "re_c"}, {"Im_C", "im_c"}, {"Re_D", "re_d"}, {"Im_D", "im_d"},
    {"oscope_separation", "oscilloscope_separation"},
    {"oscope_frequency", "oscilloscope_frequency"},
    {"oscope_amplitude", "oscilloscope_amplitude"},
    {"oscope_damping", "oscilloscope_damping"},
};

static int param_index(const char *name)
{
    for (int i = 0; i < FR_FLAME_NPARAM; i++)
        if (strcmp(fr_flame_params[i].name, name) == 0)
            return i;
    return -1;
}

int fr_flame_param_find(const char *name)
{
    int i = param_index(name);
    if (i >= 0)
        return i;
    for (size_t k = 0; k < sizeof param_aliases / sizeof param_aliases[0]; k++)
        if (strcmp(param_aliases[k].alias, name) == 0)
            return param_index(param_aliases[k].name);
    return -1;
}

/* Parameters Ember writes that it computes from others on reading (its
 * precalc overwrites them): read and dropped, so no warning. */
int fr_flame_param_derived(const char *name)
{
    static const char *const derived[] = {
        "auger_half_scale", /* auger_scale / 2 */
    };
    for (size_t k = 0; k < sizeof derived / sizeof derived[0]; k++)
        if (!strcmp(name, derived[k])) return 1;
    return 0;
}
