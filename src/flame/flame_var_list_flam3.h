/*
 * flame_var_list_flam3.h - flam3 3.1.1's 99 variations in its order, with
 * their parameters (attribute name, flam3's default: what its
 * initialize_xforms gives a new xform, extra). Their order is flam3's
 * (var="..." lists and var1 index them): new variations go in lists of
 * their own (flame_var_list.h).
 *
 * VAR(ID, name, origin, flags, params) names the variation FR_V_ID;
 * PARAM(ID, NAME, attribute, default, extra) its parameter FR_P_ID_NAME.
 * extra 1: Ember's parameter of a flam3 variation (waves2_freqz, log_base),
 * written only when not at its default, so flam3 genomes write as flam3
 * writes them. FR_VF_SUM: the formula does not read the point (Ember's
 * ASSIGNTYPE_SUM for the pre_ and post_ forms, which add to the point).
 */
#ifndef FR_FLAME_VAR_LIST_FLAM3_H
#define FR_FLAME_VAR_LIST_FLAM3_H

#define FR_FLAME_VARS_FLAM3(VAR, PARAM) \
    VAR(LINEAR, "linear", FLAM3, 0, ) \
    VAR(SINUSOIDAL, "sinusoidal", FLAM3, 0, ) \
    VAR(SPHERICAL, "spherical", FLAM3, 0, ) \
    VAR(SWIRL, "swirl", FLAM3, 0, ) \
    VAR(HORSESHOE, "horseshoe", FLAM3, 0, ) \
    VAR(POLAR, "polar", FLAM3, 0, ) \
    VAR(HANDKERCHIEF, "handkerchief", FLAM3, 0, ) \
    VAR(HEART, "heart", FLAM3, 0, ) \
    VAR(DISC, "disc", FLAM3, 0, ) \
    VAR(SPIRAL, "spiral", FLAM3, 0, ) \
    VAR(HYPERBOLIC, "hyperbolic", FLAM3, 0, ) \
    VAR(DIAMOND, "diamond", FLAM3, 0, ) \
    VAR(EX, "ex", FLAM3, 0, ) \
    VAR(JULIA, "julia", FLAM3, 0, ) \
    VAR(BENT, "bent", FLAM3, 0, ) \
    VAR(WAVES, "waves", FLAM3, 0, ) \
    VAR(FISHEYE, "fisheye", FLAM3, 0, ) \
    VAR(POPCORN, "popcorn", FLAM3, 0, ) \
    VAR(EXPONENTIAL, "exponential", FLAM3, 0, ) \
    VAR(POWER, "power", FLAM3, 0, ) \
    VAR(COSINE, "cosine", FLAM3, 0, ) \
    VAR(RINGS, "rings", FLAM3, 0, ) \
    VAR(FAN, "fan", FLAM3, 0, ) \
    VAR(BLOB, "blob", FLAM3, 0, \
      PARAM(BLOB, LOW, "blob_low", 0.0, 0) \
      PARAM(BLOB, HIGH, "blob_high", 1.0, 0) \
      PARAM(BLOB, WAVES, "blob_waves", 1.0, 0)) \
    VAR(PDJ, "pdj", FLAM3, 0, \
      PARAM(PDJ, A, "pdj_a", 0.0, 0) \
      PARAM(PDJ, B, "pdj_b", 0.0, 0) \
      PARAM(PDJ, C, "pdj_c", 0.0, 0) \
      PARAM(PDJ, D, "pdj_d", 0.0, 0)) \
    VAR(FAN2, "fan2", FLAM3, 0, \
      PARAM(FAN2, X, "fan2_x", 0.0, 0) \
      PARAM(FAN2, Y, "fan2_y", 0.0, 0)) \
    VAR(RINGS2, "rings2", FLAM3, 0, \
      PARAM(RINGS2, VAL, "rings2_val", 0.0, 0)) \
    VAR(EYEFISH, "eyefish", FLAM3, 0, ) \
    VAR(BUBBLE, "bubble", FLAM3, 0, ) \
    VAR(CYLINDER, "cylinder", FLAM3, 0, ) \
    VAR(PERSPECTIVE, "perspective", FLAM3, 0, \
      PARAM(PERSPECTIVE, ANGLE, "perspective_angle", 0.0, 0) \
      PARAM(PERSPECTIVE, DIST, "perspective_dist", 0.0, 0)) \
    VAR(NOISE, "noise", FLAM3, 0, ) \
    VAR(JULIAN, "julian", FLAM3, 0, \
      PARAM(JULIAN, POWER, "julian_power", 1.0, 0) \
      PARAM(JULIAN, DIST, "julian_dist", 1.0, 0)) \
    VAR(JULIASCOPE, "juliascope", FLAM3, 0, \
      PARAM(JULIASCOPE, POWER, "juliascope_power", 1.0, 0) \
      PARAM(JULIASCOPE, DIST, "juliascope_dist", 1.0, 0)) \
    VAR(BLUR, "blur", FLAM3, FR_VF_SUM, ) \
    VAR(GAUSSIAN_BLUR, "gaussian_blur", FLAM3, FR_VF_SUM, ) \
    VAR(RADIAL_BLUR, "radial_blur", FLAM3, 0, \
      PARAM(RADIAL_BLUR, ANGLE, "radial_blur_angle", 0.0, 0)) \
    VAR(PIE, "pie", FLAM3, FR_VF_SUM, \
      PARAM(PIE, SLICES, "pie_slices", 6.0, 0) \
      PARAM(PIE, ROTATION, "pie_rotation", 0.0, 0) \
      PARAM(PIE, THICKNESS, "pie_thickness", 0.5, 0)) \
    VAR(NGON, "ngon", FLAM3, 0, \
      PARAM(NGON, SIDES, "ngon_sides", 5.0, 0) \
      PARAM(NGON, POWER, "ngon_power", 3.0, 0) \
      PARAM(NGON, CIRCLE, "ngon_circle", 1.0, 0) \
      PARAM(NGON, CORNERS, "ngon_corners", 2.0, 0)) \
    VAR(CURL, "curl", FLAM3, 0, \
      PARAM(CURL, C1, "curl_c1", 1.0, 0) \
      PARAM(CURL, C2, "curl_c2", 0.0, 0)) \
    VAR(RECTANGLES, "rectangles", FLAM3, 0, \
      PARAM(RECTANGLES, X, "rectangles_x", 1.0, 0) \
      PARAM(RECTANGLES, Y, "rectangles_y", 1.0, 0)) \
    VAR(ARCH, "arch", FLAM3, FR_VF_SUM, ) \
    VAR(TANGENT, "tangent", FLAM3, 0, ) \
    VAR(SQUARE, "square", FLAM3, FR_VF_SUM, ) \
    VAR(RAYS, "rays", FLAM3, 0, ) \
    VAR(BLADE, "blade", FLAM3, 0, ) \
    VAR(SECANT2, "secant2", FLAM3, 0, ) \
    VAR(TWINTRIAN, "twintrian", FLAM3, 0, ) \
    VAR(CROSS, "cross", FLAM3, 0, ) \
    VAR(DISC2, "disc2", FLAM3, 0, \
      PARAM(DISC2, ROT, "disc2_rot", 0.0, 0) \
      PARAM(DISC2, TWIST, "disc2_twist", 0.0, 0)) \
    VAR(SUPER_SHAPE, "super_shape", FLAM3, 0, \
      PARAM(SUPER_SHAPE, RND, "super_shape_rnd", 0.0, 0) \
      PARAM(SUPER_SHAPE, M, "super_shape_m", 0.0, 0) \
      PARAM(SUPER_SHAPE, N1, "super_shape_n1", 1.0, 0) \
      PARAM(SUPER_SHAPE, N2, "super_shape_n2", 1.0, 0) \
      PARAM(SUPER_SHAPE, N3, "super_shape_n3", 1.0, 0) \
      PARAM(SUPER_SHAPE, HOLES, "super_shape_holes", 0.0, 0)) \
    VAR(FLOWER, "flower", FLAM3, 0, \
      PARAM(FLOWER, PETALS, "flower_petals", 0.0, 0) \
      PARAM(FLOWER, HOLES, "flower_holes", 0.0, 0)) \
    VAR(CONIC, "conic", FLAM3, 0, \
      PARAM(CONIC, ECCENTRICITY, "conic_eccentricity", 1.0, 0) \
      PARAM(CONIC, HOLES, "conic_holes", 0.0, 0)) \
    VAR(PARABOLA, "parabola", FLAM3, 0, \
      PARAM(PARABOLA, HEIGHT, "parabola_height", 0.0, 0) \
      PARAM(PARABOLA, WIDTH, "parabola_width", 0.0, 0)) \
    VAR(BENT2, "bent2", FLAM3, 0, \
      PARAM(BENT2, X, "bent2_x", 1.0, 0) \
      PARAM(BENT2, Y, "bent2_y", 1.0, 0)) \
    VAR(BIPOLAR, "bipolar", FLAM3, 0, \
      PARAM(BIPOLAR, SHIFT, "bipolar_shift", 0.0, 0)) \
    VAR(BOARDERS, "boarders", FLAM3, 0, ) \
    VAR(BUTTERFLY, "butterfly", FLAM3, 0, ) \
    VAR(CELL, "cell", FLAM3, 0, \
      PARAM(CELL, SIZE, "cell_size", 1.0, 0)) \
    VAR(CPOW, "cpow", FLAM3, 0, \
      PARAM(CPOW, I, "cpow_i", 0.0, 0) \
      PARAM(CPOW, R, "cpow_r", 1.0, 0) \
      PARAM(CPOW, POWER, "cpow_power", 1.0, 0)) \
    VAR(CURVE, "curve", FLAM3, 0, \
      PARAM(CURVE, XAMP, "curve_xamp", 0.0, 0) \
      PARAM(CURVE, YAMP, "curve_yamp", 0.0, 0) \
      PARAM(CURVE, XLENGTH, "curve_xlength", 1.0, 0) \
      PARAM(CURVE, YLENGTH, "curve_ylength", 1.0, 0)) \
    VAR(EDISC, "edisc", FLAM3, 0, ) \
    VAR(ELLIPTIC, "elliptic", FLAM3, 0, ) \
    VAR(ESCHER, "escher", FLAM3, 0, \
      PARAM(ESCHER, BETA, "escher_beta", 0.0, 0)) \
    VAR(FOCI, "foci", FLAM3, 0, ) \
    VAR(LAZYSUSAN, "lazysusan", FLAM3, 0, \
      PARAM(LAZYSUSAN, X, "lazysusan_x", 0.0, 0) \
      PARAM(LAZYSUSAN, Y, "lazysusan_y", 0.0, 0) \
      PARAM(LAZYSUSAN, SPIN, "lazysusan_spin", 0.0, 0) \
      PARAM(LAZYSUSAN, SPACE, "lazysusan_space", 0.0, 0) \
      PARAM(LAZYSUSAN, TWIST, "lazysusan_twist", 0.0, 0)) \
    VAR(LOONIE, "loonie", FLAM3, 0, ) \
    VAR(PRE_BLUR, "pre_blur", FLAM3, 0, ) \
    VAR(MODULUS, "modulus", FLAM3, 0, \
      PARAM(MODULUS, X, "modulus_x", 0.0, 0) \
      PARAM(MODULUS, Y, "modulus_y", 0.0, 0)) \
    VAR(OSCILLOSCOPE, "oscilloscope", FLAM3, 0, \
      PARAM(OSCILLOSCOPE, SEPARATION, "oscilloscope_separation", 1.0, 0) \
      PARAM(OSCILLOSCOPE, FREQUENCY, "oscilloscope_frequency", M_PI, 0) \
      PARAM(OSCILLOSCOPE, AMPLITUDE, "oscilloscope_amplitude", 1.0, 0) \
      PARAM(OSCILLOSCOPE, DAMPING, "oscilloscope_damping", 0.0, 0)) \
    VAR(POLAR2, "polar2", FLAM3, 0, ) \
    VAR(POPCORN2, "popcorn2", FLAM3, 0, \
      PARAM(POPCORN2, X, "popcorn2_x", 0.0, 0) \
      PARAM(POPCORN2, Y, "popcorn2_y", 0.0, 0) \
      PARAM(POPCORN2, C, "popcorn2_c", 0.0, 0)) \
    VAR(SCRY, "scry", FLAM3, 0, ) \
    VAR(SEPARATION, "separation", FLAM3, 0, \
      PARAM(SEPARATION, X, "separation_x", 0.0, 0) \
      PARAM(SEPARATION, XINSIDE, "separation_xinside", 0.0, 0) \
      PARAM(SEPARATION, Y, "separation_y", 0.0, 0) \
      PARAM(SEPARATION, YINSIDE, "separation_yinside", 0.0, 0)) \
    VAR(SPLIT, "split", FLAM3, 0, \
      PARAM(SPLIT, XSIZE, "split_xsize", 0.0, 0) \
      PARAM(SPLIT, YSIZE, "split_ysize", 0.0, 0)) \
    VAR(SPLITS, "splits", FLAM3, 0, \
      PARAM(SPLITS, X, "splits_x", 0.0, 0) \
      PARAM(SPLITS, Y, "splits_y", 0.0, 0)) \
    VAR(STRIPES, "stripes", FLAM3, 0, \
      PARAM(STRIPES, SPACE, "stripes_space", 0.0, 0) \
      PARAM(STRIPES, WARP, "stripes_warp", 0.0, 0)) \
    VAR(WEDGE, "wedge", FLAM3, 0, \
      PARAM(WEDGE, ANGLE, "wedge_angle", 0.0, 0) \
      PARAM(WEDGE, HOLE, "wedge_hole", 0.0, 0) \
      PARAM(WEDGE, COUNT, "wedge_count", 1.0, 0) \
      PARAM(WEDGE, SWIRL, "wedge_swirl", 0.0, 0)) \
    VAR(WEDGE_JULIA, "wedge_julia", FLAM3, 0, \
      PARAM(WEDGE_JULIA, ANGLE, "wedge_julia_angle", 0.0, 0) \
      PARAM(WEDGE_JULIA, COUNT, "wedge_julia_count", 1.0, 0) \
      PARAM(WEDGE_JULIA, POWER, "wedge_julia_power", 1.0, 0) \
      PARAM(WEDGE_JULIA, DIST, "wedge_julia_dist", 0.0, 0)) \
    VAR(WEDGE_SPH, "wedge_sph", FLAM3, 0, \
      PARAM(WEDGE_SPH, ANGLE, "wedge_sph_angle", 0.0, 0) \
      PARAM(WEDGE_SPH, HOLE, "wedge_sph_hole", 0.0, 0) \
      PARAM(WEDGE_SPH, COUNT, "wedge_sph_count", 1.0, 0) \
      PARAM(WEDGE_SPH, SWIRL, "wedge_sph_swirl", 0.0, 0)) \
    VAR(WHORL, "whorl", FLAM3, 0, \
      PARAM(WHORL, INSIDE, "whorl_inside", 0.0, 0) \
      PARAM(WHORL, OUTSIDE, "whorl_outside", 0.0, 0)) \
    VAR(WAVES2, "waves2", FLAM3, FR_VF_3D, \
      PARAM(WAVES2, SCALEX, "waves2_scalex", 0.0, 0) \
      PARAM(WAVES2, SCALEY, "waves2_scaley", 0.0, 0) \
      PARAM(WAVES2, FREQX, "waves2_freqx", 0.0, 0) \
      PARAM(WAVES2, FREQY, "waves2_freqy", 0.0, 0) \
      PARAM(WAVES2, FREQZ, "waves2_freqz", 0.0, 1) \
      PARAM(WAVES2, SCALEZ, "waves2_scalez", 0.0, 1)) \
    VAR(EXP, "exp", FLAM3, 0, ) \
    VAR(LOG, "log", FLAM3, 0, \
      PARAM(LOG, BASE, "log_base", M_E, 1)) \
    VAR(SIN, "sin", FLAM3, 0, ) \
    VAR(COS, "cos", FLAM3, 0, ) \
    VAR(TAN, "tan", FLAM3, 0, ) \
    VAR(SEC, "sec", FLAM3, 0, ) \
    VAR(CSC, "csc", FLAM3, 0, ) \
    VAR(COT, "cot", FLAM3, 0, ) \
    VAR(SINH, "sinh", FLAM3, 0, ) \
    VAR(COSH, "cosh", FLAM3, 0, ) \
    VAR(TANH, "tanh", FLAM3, 0, ) \
    VAR(SECH, "sech", FLAM3, 0, ) \
    VAR(CSCH, "csch", FLAM3, 0, ) \
    VAR(COTH, "coth", FLAM3, 0, ) \
    VAR(AUGER, "auger", FLAM3, 0, \
      PARAM(AUGER, FREQ, "auger_freq", 1.0, 0) \
      PARAM(AUGER, WEIGHT, "auger_weight", 0.5, 0) \
      PARAM(AUGER, SYM, "auger_sym", 0.0, 0) \
      PARAM(AUGER, SCALE, "auger_scale", 1.0, 0)) \
    VAR(FLUX, "flux", FLAM3, 0, \
      PARAM(FLUX, SPREAD, "flux_spread", 0.0, 0)) \
    VAR(MOBIUS, "mobius", FLAM3, 0, \
      PARAM(MOBIUS, RE_A, "re_a", 0.0, 0) \
      PARAM(MOBIUS, IM_A, "im_a", 0.0, 0) \
      PARAM(MOBIUS, RE_B, "re_b", 0.0, 0) \
      PARAM(MOBIUS, IM_B, "im_b", 0.0, 0) \
      PARAM(MOBIUS, RE_C, "re_c", 0.0, 0) \
      PARAM(MOBIUS, IM_C, "im_c", 0.0, 0) \
      PARAM(MOBIUS, RE_D, "re_d", 0.0, 0) \
      PARAM(MOBIUS, IM_D, "im_d", 0.0, 0))

#endif
