/*
 * flame_var_list_ember_v02.h - the variations of Ember's Variations02.h
 * that fractalis did not have, in that file's order (formulas in
 * flame_var_ember_v02.h); entries as in flame_var_list_flam3.h, names and
 * defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V02_H
#define FR_FLAME_VAR_LIST_EMBER_V02_H

#define FR_FLAME_VARS_EMBER_V02(VAR, PARAM) \
    VAR(BLUR_SQUARE, "blur_square", APOPHYSIS, FR_VF_SUM, ) \
    VAR(DISC3D, "disc3d", APOPHYSIS, FR_VF_3D, \
      PARAM(DISC3D, PI, "disc3d_pi", M_PI, 0)) \
    VAR(BOARDERS2, "boarders2", APOPHYSIS, 0, \
      PARAM(BOARDERS2, C, "boarders2_c", 0.5, 0) \
      PARAM(BOARDERS2, LEFT, "boarders2_left", 0.5, 0) \
      PARAM(BOARDERS2, RIGHT, "boarders2_right", 0.5, 0)) \
    VAR(CARDIOID, "cardioid", APOPHYSIS, 0, \
      PARAM(CARDIOID, A, "cardioid_a", 1.0, 0)) \
    VAR(CHECKS, "checks", APOPHYSIS, FR_VF_3D, \
      PARAM(CHECKS, X, "checks_x", 0.5, 0) \
      PARAM(CHECKS, Y, "checks_y", 0.5, 0) \
      PARAM(CHECKS, SIZE, "checks_size", 0.5, 0) \
      PARAM(CHECKS, RND, "checks_rnd", 0.0, 0)) \
    VAR(CIRCLIZE, "circlize", APOPHYSIS, 0, \
      PARAM(CIRCLIZE, HOLE, "circlize_hole", 0.0, 0)) \
    VAR(CIRCLIZE2, "circlize2", APOPHYSIS, 0, \
      PARAM(CIRCLIZE2, HOLE, "circlize2_hole", 0.0, 0)) \
    VAR(COSWRAP, "coswrap", APOPHYSIS, 0, \
      PARAM(COSWRAP, REPEAT, "coswrap_repeat", 1.0, 0) \
      PARAM(COSWRAP, AMOUNT_X, "coswrap_amount_x", 0.0, 0) \
      PARAM(COSWRAP, AMOUNT_Y, "coswrap_amount_y", 0.0, 0) \
      PARAM(COSWRAP, PHASE_X, "coswrap_phase_x", 0.0, 0) \
      PARAM(COSWRAP, PHASE_Y, "coswrap_phase_y", 0.0, 0)) \
    VAR(DELTAA, "deltaa", APOPHYSIS, 0, ) \
    VAR(EXPO, "expo", APOPHYSIS, 0, \
      PARAM(EXPO, REAL, "expo_real", -1.0, 0) \
      PARAM(EXPO, IMAGINARY, "expo_imaginary", 1.0, 0)) \
    VAR(FDISC, "fdisc", APOPHYSIS, 0, ) \
    VAR(FIBONACCI, "fibonacci", APOPHYSIS, 0, ) \
    VAR(FIBONACCI2, "fibonacci2", APOPHYSIS, 0, \
      PARAM(FIBONACCI2, SC, "fibonacci2_sc", 1.0, 0) \
      PARAM(FIBONACCI2, SC2, "fibonacci2_sc2", 1.0, 0)) \
    VAR(GLYNNIA2, "glynnia2", APOPHYSIS, 0, ) \
    VAR(GRIDOUT, "gridout", APOPHYSIS, 0, ) \
    VAR(HOLE, "hole", APOPHYSIS, 0, \
      PARAM(HOLE, A, "hole_a", 1.0, 0) \
      PARAM(HOLE, INSIDE, "hole_inside", 0.0, 0)) \
    VAR(IDISC, "idisc", APOPHYSIS, 0, ) \
    VAR(HYPERTILE1, "hypertile1", APOPHYSIS, 0, \
      PARAM(HYPERTILE1, P, "hypertile1_p", 3.0, 0) \
      PARAM(HYPERTILE1, Q, "hypertile1_q", 7.0, 0)) \
    VAR(HYPERTILE3D, "hypertile3D", APOPHYSIS, FR_VF_3D, \
      PARAM(HYPERTILE3D, P, "hypertile3D_p", 3.0, 0) \
      PARAM(HYPERTILE3D, Q, "hypertile3D_q", 7.0, 0) \
      PARAM(HYPERTILE3D, N, "hypertile3D_n", 0.0, 0)) \
    VAR(HYPERTILE3D1, "hypertile3D1", APOPHYSIS, FR_VF_3D, \
      PARAM(HYPERTILE3D1, P, "hypertile3D1_p", 3.0, 0) \
      PARAM(HYPERTILE3D1, Q, "hypertile3D1_q", 7.0, 0)) \
    VAR(HYPERTILE3D2, "hypertile3D2", APOPHYSIS, FR_VF_3D, \
      PARAM(HYPERTILE3D2, P, "hypertile3D2_p", 3.0, 0) \
      PARAM(HYPERTILE3D2, Q, "hypertile3D2_q", 7.0, 0)) \
    VAR(MURL, "murl", APOPHYSIS, 0, \
      PARAM(MURL, C, "murl_c", 0.0, 0) \
      PARAM(MURL, POWER, "murl_power", 2.0, 0)) \
    VAR(MURL2, "murl2", APOPHYSIS, 0, \
      PARAM(MURL2, C, "murl2_c", 0.0, 0) \
      PARAM(MURL2, POWER, "murl2_power", 1.0, 0)) \
    VAR(POLYNOMIAL, "polynomial", APOPHYSIS, FR_VF_3D, \
      PARAM(POLYNOMIAL, POWX, "polynomial_powx", 1.0, 0) \
      PARAM(POLYNOMIAL, POWY, "polynomial_powy", 1.0, 0) \
      PARAM(POLYNOMIAL, LCX, "polynomial_lcx", 0.0, 0) \
      PARAM(POLYNOMIAL, LCY, "polynomial_lcy", 0.0, 0) \
      PARAM(POLYNOMIAL, SCX, "polynomial_scx", 0.0, 0) \
      PARAM(POLYNOMIAL, SCY, "polynomial_scy", 0.0, 0)) \
    VAR(PSPHERE, "psphere", APOPHYSIS, FR_VF_3D, \
      PARAM(PSPHERE, ZSCALE, "psphere_zscale", 0.0, 0)) \
    VAR(RATIONAL3, "rational3", APOPHYSIS, 0, \
      PARAM(RATIONAL3, T3, "rational3_t3", 1.0, 0) \
      PARAM(RATIONAL3, T2, "rational3_t2", 0.0, 0) \
      PARAM(RATIONAL3, T1, "rational3_t1", 0.0, 0) \
      PARAM(RATIONAL3, TC, "rational3_tc", 1.0, 0) \
      PARAM(RATIONAL3, B3, "rational3_b3", 0.0, 0) \
      PARAM(RATIONAL3, B2, "rational3_b2", 1.0, 0) \
      PARAM(RATIONAL3, B1, "rational3_b1", 0.0, 0) \
      PARAM(RATIONAL3, BC, "rational3_bc", 1.0, 0)) \
    VAR(SIGMOID, "sigmoid", APOPHYSIS, 0, \
      PARAM(SIGMOID, SHIFTX, "sigmoid_shiftx", 1.0, 0) \
      PARAM(SIGMOID, SHIFTY, "sigmoid_shifty", 1.0, 0)) \
    VAR(STWIN, "stwin", APOPHYSIS, 0, \
      PARAM(STWIN, DISTORT, "stwin_distort", 1.0, 0)) \
    VAR(XHEART, "xheart", APOPHYSIS, 0, \
      PARAM(XHEART, ANGLE, "xheart_angle", 0.0, 0) \
      PARAM(XHEART, RATIO, "xheart_ratio", 0.0, 0)) \
    VAR(BISPLIT, "bisplit", APOPHYSIS, 0, ) \
    VAR(CRESCENTS, "crescents", APOPHYSIS, 0, ) \
    VAR(MASK, "mask", APOPHYSIS, 0, ) \
    VAR(ORTHO, "ortho", APOPHYSIS, 0, \
      PARAM(ORTHO, IN, "ortho_in", 0.0, 0) \
      PARAM(ORTHO, OUT, "ortho_out", 0.0, 0)) \
    VAR(POINCARE, "poincare", APOPHYSIS, 0, \
      PARAM(POINCARE, C1R, "poincare_c1r", 1.0, 0) \
      PARAM(POINCARE, C1A, "poincare_c1a", -1.0, 0) \
      PARAM(POINCARE, C2R, "poincare_c2r", 1.0, 0) \
      PARAM(POINCARE, C2A, "poincare_c2a", 1.0, 0)) \
    VAR(POINCARE2, "poincare2", APOPHYSIS, 0, \
      PARAM(POINCARE2, P, "poincare2_p", 3.0, 0) \
      PARAM(POINCARE2, Q, "poincare2_q", 7.0, 0)) \
    VAR(BWRAPS_RAND, "bwraps_rand", APOPHYSIS, 0, \
      PARAM(BWRAPS_RAND, CELLSIZE, "bwraps_rand_cellsize", 1.0, 0) \
      PARAM(BWRAPS_RAND, SPACE, "bwraps_rand_space", 0.0, 0) \
      PARAM(BWRAPS_RAND, GAIN, "bwraps_rand_gain", 2.0, 0) \
      PARAM(BWRAPS_RAND, INNER_TWIST, "bwraps_rand_inner_twist", 0.0, 0) \
      PARAM(BWRAPS_RAND, OUTER_TWIST, "bwraps_rand_outer_twist", 0.0, 0) \
      PARAM(BWRAPS_RAND, SYMM, "bwraps_rand_symm", 0.0, 0) \
      PARAM(BWRAPS_RAND, SEED, "bwraps_rand_seed", 1.0, 0)) \
    VAR(BLUR_PIXELIZE, "blur_pixelize", APOPHYSIS, FR_VF_3D, \
      PARAM(BLUR_PIXELIZE, SIZE, "blur_pixelize_size", 0.1, 0) \
      PARAM(BLUR_PIXELIZE, SCALE, "blur_pixelize_scale", 1.0, 0)) \
    VAR(JULIAN2, "julian2", APOPHYSIS, 0, \
      PARAM(JULIAN2, A, "julian2_a", 1.0, 0) \
      PARAM(JULIAN2, B, "julian2_b", 0.0, 0) \
      PARAM(JULIAN2, C, "julian2_c", 0.0, 0) \
      PARAM(JULIAN2, D, "julian2_d", 1.0, 0) \
      PARAM(JULIAN2, E, "julian2_e", 0.0, 0) \
      PARAM(JULIAN2, F, "julian2_f", 0.0, 0) \
      PARAM(JULIAN2, POWER, "julian2_power", 2.0, 0) \
      PARAM(JULIAN2, DIST, "julian2_dist", 1.0, 0)) \
    VAR(JULIAQ, "juliaq", APOPHYSIS, 0, \
      PARAM(JULIAQ, POWER, "juliaq_power", 3.0, 0) \
      PARAM(JULIAQ, DIVISOR, "juliaq_divisor", 2.0, 0)) \
    VAR(NPOLAR, "npolar", APOPHYSIS, 0, \
      PARAM(NPOLAR, PARITY, "npolar_parity", 0.0, 0) \
      PARAM(NPOLAR, N, "npolar_n", 1.0, 0)) \
    VAR(POINCARE3D, "poincare3D", APOPHYSIS, FR_VF_3D, \
      PARAM(POINCARE3D, R, "poincare3D_r", 0.0, 0) \
      PARAM(POINCARE3D, A, "poincare3D_a", 0.0, 0) \
      PARAM(POINCARE3D, B, "poincare3D_b", 0.0, 0)) \
    VAR(RIPPLE, "ripple", APOPHYSIS, 0, \
      PARAM(RIPPLE, FREQUENCY, "ripple_frequency", 2.0, 0) \
      PARAM(RIPPLE, VELOCITY, "ripple_velocity", 1.0, 0) \
      PARAM(RIPPLE, AMPLITUDE, "ripple_amplitude", 0.5, 0) \
      PARAM(RIPPLE, CENTERX, "ripple_centerx", 0.0, 0) \
      PARAM(RIPPLE, CENTERY, "ripple_centery", 0.0, 0) \
      PARAM(RIPPLE, PHASE, "ripple_phase", 0.0, 0) \
      PARAM(RIPPLE, SCALE, "ripple_scale", 1.0, 0)) \
    VAR(SINUSGRID, "sinusgrid", APOPHYSIS, 0, \
      PARAM(SINUSGRID, AMPX, "sinusgrid_ampx", 0.5, 0) \
      PARAM(SINUSGRID, AMPY, "sinusgrid_ampy", 0.5, 0) \
      PARAM(SINUSGRID, FREQX, "sinusgrid_freqx", 1.0, 0) \
      PARAM(SINUSGRID, FREQY, "sinusgrid_freqy", 1.0, 0)) \
    VAR(CPOW2, "cpow2", APOPHYSIS, 0, \
      PARAM(CPOW2, R, "cpow2_r", 1.0, 0) \
      PARAM(CPOW2, A, "cpow2_a", 0.0, 0) \
      PARAM(CPOW2, DIVISOR, "cpow2_divisor", 1.0, 0) \
      PARAM(CPOW2, SPREAD, "cpow2_spread", 1.0, 0))

#endif
