/*
 * flame_var_list_ember.h - the first variations beyond flam3 (Apophysis's
 * and Ember's) that fractalis took, in the order it took them, with the
 * attribute names and defaults Ember (Fractorium) writes and reads. The
 * entries are those of flame_var_list_flam3.h.
 *
 * FR_FLAME_VARS_EMBER_COMMON: the common ones (formulas in
 * flame_var_ember.h), in the scalar dispatch's own switch;
 * FR_FLAME_VARS_EMBER_RARE: the rare ones (flame_var_ember_blur.h, _tile.h,
 * _shape.h), reached through one call (FR_V_FIRST_RARE on).
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_H
#define FR_FLAME_VAR_LIST_EMBER_H

#define FR_FLAME_VARS_EMBER_COMMON(VAR, PARAM) \
    VAR(LINEAR3D, "linear3D", APOPHYSIS, FR_VF_3D, ) \
    VAR(FLATTEN, "flatten", APOPHYSIS, FR_VF_3D, ) \
    VAR(HEMISPHERE, "hemisphere", APOPHYSIS, FR_VF_3D, ) \
    VAR(JULIA3D, "julia3D", APOPHYSIS, FR_VF_3D, \
      PARAM(JULIA3D, POWER, "julia3D_power", 2.0, 0)) \
    VAR(SPHERICAL3D, "Spherical3D", APOPHYSIS, FR_VF_3D, ) \
    VAR(SINEBLUR, "sineblur", APOPHYSIS, FR_VF_SUM | FR_VF_3D, \
      PARAM(SINEBLUR, POWER, "sineblur_power", 1.0, 0)) \
    VAR(EMOBIUS, "Mobius", APOPHYSIS, FR_VF_3D, /* Ember's "Mobius" (flam3's is "mobius") */ \
      PARAM(EMOBIUS, RE_A, "Mobius_Re_A", 1.0, 0) \
      PARAM(EMOBIUS, IM_A, "Mobius_Im_A", 0.0, 0) \
      PARAM(EMOBIUS, RE_B, "Mobius_Re_B", 0.0, 0) \
      PARAM(EMOBIUS, IM_B, "Mobius_Im_B", 0.0, 0) \
      PARAM(EMOBIUS, RE_C, "Mobius_Re_C", 0.0, 0) \
      PARAM(EMOBIUS, IM_C, "Mobius_Im_C", 0.0, 0) \
      PARAM(EMOBIUS, RE_D, "Mobius_Re_D", 1.0, 0) \
      PARAM(EMOBIUS, IM_D, "Mobius_Im_D", 0.0, 0)) \
    VAR(ZTRANSLATE, "ztranslate", APOPHYSIS, FR_VF_SUM | FR_VF_3D, ) \
    VAR(ZSCALE, "zscale", APOPHYSIS, FR_VF_3D, )


#define FR_FLAME_VARS_EMBER_RARE(VAR, PARAM) \
    VAR(FOCI3D, "foci_3D", APOPHYSIS, FR_VF_3D, ) \
    VAR(FALLOFF2, "falloff2", APOPHYSIS, FR_VF_3D, \
      PARAM(FALLOFF2, SCATTER, "falloff2_scatter", 1.0, 0) \
      PARAM(FALLOFF2, MINDIST, "falloff2_mindist", 0.5, 0) \
      PARAM(FALLOFF2, MUL_X, "falloff2_mul_x", 1.0, 0) \
      PARAM(FALLOFF2, MUL_Y, "falloff2_mul_y", 1.0, 0) \
      PARAM(FALLOFF2, MUL_Z, "falloff2_mul_z", 0.0, 0) \
      PARAM(FALLOFF2, MUL_C, "falloff2_mul_c", 0.0, 0) \
      PARAM(FALLOFF2, X0, "falloff2_x0", 0.0, 0) \
      PARAM(FALLOFF2, Y0, "falloff2_y0", 0.0, 0) \
      PARAM(FALLOFF2, Z0, "falloff2_z0", 0.0, 0) \
      PARAM(FALLOFF2, INVERT, "falloff2_invert", 0.0, 0) \
      PARAM(FALLOFF2, TYPE, "falloff2_type", 0.0, 0)) \
    VAR(BWRAPS, "bwraps", APOPHYSIS, FR_VF_3D, \
      PARAM(BWRAPS, CELLSIZE, "bwraps_cellsize", 1.0, 0) \
      PARAM(BWRAPS, SPACE, "bwraps_space", 0.0, 0) \
      PARAM(BWRAPS, GAIN, "bwraps_gain", 1.0, 0) \
      PARAM(BWRAPS, INNER_TWIST, "bwraps_inner_twist", 0.0, 0) \
      PARAM(BWRAPS, OUTER_TWIST, "bwraps_outer_twist", 0.0, 0)) \
    VAR(CROP, "crop", APOPHYSIS, FR_VF_3D, \
      PARAM(CROP, LEFT, "crop_left", -1.0, 0) \
      PARAM(CROP, TOP, "crop_top", -1.0, 0) \
      PARAM(CROP, RIGHT, "crop_right", 1.0, 0) \
      PARAM(CROP, BOTTOM, "crop_bottom", 1.0, 0) \
      PARAM(CROP, SCATTER_AREA, "crop_scatter_area", 0.0, 0) \
      PARAM(CROP, ZERO, "crop_zero", 0.0, 0)) \
    VAR(TILE_HLP, "tile_hlp", APOPHYSIS, 0, \
      PARAM(TILE_HLP, WIDTH, "tile_hlp_width", 1.0, 0)) \
    VAR(TILE_LOG, "tile_log", APOPHYSIS, 0, \
      PARAM(TILE_LOG, SPREAD, "tile_log_spread", 1.0, 0)) \
    VAR(TWOFACE, "twoface", APOPHYSIS, 0, ) \
    VAR(BLUR_LINEAR, "blur_linear", APOPHYSIS, 0, \
      PARAM(BLUR_LINEAR, LENGTH, "blur_linear_length", 0.0, 0) \
      PARAM(BLUR_LINEAR, ANGLE, "blur_linear_angle", 0.0, 0)) \
    VAR(BLUR_ZOOM, "blur_zoom", APOPHYSIS, FR_VF_3D, \
      PARAM(BLUR_ZOOM, LENGTH, "blur_zoom_length", 0.0, 0) \
      PARAM(BLUR_ZOOM, X, "blur_zoom_x", 0.0, 0) \
      PARAM(BLUR_ZOOM, Y, "blur_zoom_y", 0.0, 0)) \
    VAR(BLUR_CIRCLE, "blur_circle", APOPHYSIS, FR_VF_SUM | FR_VF_3D, ) \
    VAR(UNPOLAR, "unpolar", APOPHYSIS, 0, ) \
    VAR(ROTATE_X, "rotate_x", APOPHYSIS, FR_VF_3D, ) \
    VAR(ROTATE_Y, "rotate_y", APOPHYSIS, FR_VF_3D, ) \
    VAR(ROTATE_Z, "rotate_z", APOPHYSIS, FR_VF_3D, ) \
    VAR(MIRROR_X, "mirror_x", APOPHYSIS, FR_VF_3D, ) \
    VAR(EPISPIRAL, "epispiral", APOPHYSIS, 0, \
      PARAM(EPISPIRAL, N, "epispiral_n", 6.0, 0) \
      PARAM(EPISPIRAL, THICKNESS, "epispiral_thickness", 0.0, 0) \
      PARAM(EPISPIRAL, HOLES, "epispiral_holes", 1.0, 0)) \
    VAR(HEXES, "hexes", APOPHYSIS, 0, \
      PARAM(HEXES, CELLSIZE, "hexes_cellsize", 1.0, 0) \
      PARAM(HEXES, POWER, "hexes_power", 1.0, 0) \
      PARAM(HEXES, ROTATE, "hexes_rotate", 0.166, 0) \
      PARAM(HEXES, SCALE, "hexes_scale", 1.0, 0)) \
    VAR(SMARTCROP, "smartcrop", APOPHYSIS, FR_VF_3D, /* Ember's post_smartcrop */ \
      PARAM(SMARTCROP, POWER, "smartcrop_power", 4.0, 0) \
      PARAM(SMARTCROP, RADIUS, "smartcrop_radius", 1.0, 0) \
      PARAM(SMARTCROP, ROUNDSTR, "smartcrop_roundstr", 0.0, 0) \
      PARAM(SMARTCROP, ROUNDWIDTH, "smartcrop_roundwidth", 1.0, 0) \
      PARAM(SMARTCROP, DISTORTION, "smartcrop_distortion", 1.0, 0) \
      PARAM(SMARTCROP, EDGE, "smartcrop_edge", 0.0, 0) \
      PARAM(SMARTCROP, SCATTER, "smartcrop_scatter", 0.0, 0) \
      PARAM(SMARTCROP, OFFSET, "smartcrop_offset", 0.0, 0) \
      PARAM(SMARTCROP, ROTATION, "smartcrop_rotation", 0.0, 0) \
      PARAM(SMARTCROP, CROPMODE, "smartcrop_cropmode", 1.0, 0) \
      PARAM(SMARTCROP, STATIC, "smartcrop_static", 1.0, 0)) \
    VAR(CURL3D, "curl3D", APOPHYSIS, FR_VF_3D, \
      PARAM(CURL3D, CX, "curl3D_cx", 0.0, 0) \
      PARAM(CURL3D, CY, "curl3D_cy", 0.0, 0) \
      PARAM(CURL3D, CZ, "curl3D_cz", 0.0, 0)) \
    VAR(ZCONE, "zcone", APOPHYSIS, FR_VF_3D, ) \
    VAR(GAUSSIAN, "gaussian", APOPHYSIS, 0, ) /* Ember's (flam3's is gaussian_blur) */ \
    VAR(POW_BLOCK, "pow_block", APOPHYSIS, 0, \
      PARAM(POW_BLOCK, NUMERATOR, "pow_block_numerator", 3.0, 0) \
      PARAM(POW_BLOCK, DENOMINATOR, "pow_block_denominator", 2.0, 0) \
      PARAM(POW_BLOCK, ROOT, "pow_block_root", 1.0, 0) \
      PARAM(POW_BLOCK, CORRECTN, "pow_block_correctn", 1.0, 0) \
      PARAM(POW_BLOCK, CORRECTD, "pow_block_correctd", 1.0, 0)) \
    VAR(RBLUR, "rblur", APOPHYSIS, 0, \
      PARAM(RBLUR, STRENGTH, "rblur_strength", 1.0, 0) \
      PARAM(RBLUR, OFFSET, "rblur_offset", 1.0, 0) \
      PARAM(RBLUR, CENTER_X, "rblur_center_x", 0.0, 0) \
      PARAM(RBLUR, CENTER_Y, "rblur_center_y", 0.0, 0)) \
    VAR(WDISC, "wdisc", APOPHYSIS, 0, ) \
    VAR(EJULIA, "eJulia", APOPHYSIS, 0, \
      PARAM(EJULIA, POWER, "eJulia_power", 2.0, 0)) \
    VAR(BCIRCLE, "bcircle", APOPHYSIS, 0, \
      PARAM(BCIRCLE, SCALE, "bcircle_scale", 1.0, 0) \
      PARAM(BCIRCLE, BORDERWIDTH, "bcircle_borderwidth", 0.0, 0)) \
    VAR(HYPERTILE, "hypertile", APOPHYSIS, 0, \
      PARAM(HYPERTILE, P, "hypertile_p", 3.0, 0) \
      PARAM(HYPERTILE, Q, "hypertile_q", 7.0, 0) \
      PARAM(HYPERTILE, N, "hypertile_n", 0.0, 0)) \
    VAR(HYPERTILE2, "hypertile2", APOPHYSIS, 0, \
      PARAM(HYPERTILE2, P, "hypertile2_p", 3.0, 0) \
      PARAM(HYPERTILE2, Q, "hypertile2_q", 7.0, 0)) \
    VAR(SHREDLIN, "shredlin", APOPHYSIS, FR_VF_3D, \
      PARAM(SHREDLIN, XDISTANCE, "shredlin_xdistance", 1.0, 0) \
      PARAM(SHREDLIN, XWIDTH, "shredlin_xwidth", 0.5, 0) \
      PARAM(SHREDLIN, YDISTANCE, "shredlin_ydistance", 1.0, 0) \
      PARAM(SHREDLIN, YWIDTH, "shredlin_ywidth", 0.5, 0)) \
    VAR(BARYCENTROID, "barycentroid", APOPHYSIS, FR_VF_3D, \
      PARAM(BARYCENTROID, A, "barycentroid_a", 1.0, 0) \
      PARAM(BARYCENTROID, B, "barycentroid_b", 0.0, 0) \
      PARAM(BARYCENTROID, C, "barycentroid_c", 0.0, 0) \
      PARAM(BARYCENTROID, D, "barycentroid_d", 1.0, 0)) \
    VAR(GNARLY, "gnarly", APOPHYSIS, 0, \
      PARAM(GNARLY, CELLSIZE, "gnarly_cellsize", 1.0, 0) \
      PARAM(GNARLY, TWIST, "gnarly_twist", 1.0, 0)) \
    VAR(GLYNNIA, "glynnia", APOPHYSIS, 0, ) \
    VAR(FALLOFF, "falloff", APOPHYSIS, FR_VF_3D, \
      PARAM(FALLOFF, SCATTER, "falloff_scatter", 1.0, 0) \
      PARAM(FALLOFF, MINDIST, "falloff_mindist", 0.5, 0) \
      PARAM(FALLOFF, MUL_X, "falloff_mul_x", 1.0, 0) \
      PARAM(FALLOFF, MUL_Y, "falloff_mul_y", 1.0, 0) \
      PARAM(FALLOFF, MUL_Z, "falloff_mul_z", 0.0, 0) \
      PARAM(FALLOFF, X0, "falloff_x0", 0.0, 0) \
      PARAM(FALLOFF, Y0, "falloff_y0", 0.0, 0) \
      PARAM(FALLOFF, Z0, "falloff_z0", 0.0, 0) \
      PARAM(FALLOFF, INVERT, "falloff_invert", 0.0, 0) \
      PARAM(FALLOFF, TYPE, "falloff_type", 0.0, 0) \
      PARAM(FALLOFF, BOXPOW, "falloff_boxpow", 2.0, 0)) \
    VAR(FALLOFF3, "falloff3", APOPHYSIS, FR_VF_3D, \
      PARAM(FALLOFF3, BLUR_TYPE, "falloff3_blur_type", 0.0, 0) \
      PARAM(FALLOFF3, BLUR_SHAPE, "falloff3_blur_shape", 0.0, 0) \
      PARAM(FALLOFF3, BLUR_STRENGTH, "falloff3_blur_strength", 1.0, 0) \
      PARAM(FALLOFF3, MIN_DISTANCE, "falloff3_min_distance", 0.5, 0) \
      PARAM(FALLOFF3, INVERT_DISTANCE, "falloff3_invert_distance", 0.0, 0) \
      PARAM(FALLOFF3, MUL_X, "falloff3_mul_x", 1.0, 0) \
      PARAM(FALLOFF3, MUL_Y, "falloff3_mul_y", 1.0, 0) \
      PARAM(FALLOFF3, MUL_Z, "falloff3_mul_z", 0.0, 0) \
      PARAM(FALLOFF3, MUL_C, "falloff3_mul_c", 0.0, 0) \
      PARAM(FALLOFF3, CENTER_X, "falloff3_center_x", 0.0, 0) \
      PARAM(FALLOFF3, CENTER_Y, "falloff3_center_y", 0.0, 0) \
      PARAM(FALLOFF3, CENTER_Z, "falloff3_center_z", 0.0, 0) \
      PARAM(FALLOFF3, ALPHA, "falloff3_alpha", 0.0, 0)) \
    VAR(CIRCLECROP, "circlecrop", APOPHYSIS, 0, \
      PARAM(CIRCLECROP, RADIUS, "circlecrop_radius", 1.0, 0) \
      PARAM(CIRCLECROP, X, "circlecrop_x", 0.0, 0) \
      PARAM(CIRCLECROP, Y, "circlecrop_y", 0.0, 0) \
      PARAM(CIRCLECROP, SCATTER_AREA, "circlecrop_scatter_area", 0.0, 0) \
      PARAM(CIRCLECROP, ZERO, "circlecrop_zero", 1.0, 0)) \
    VAR(Y, "y", APOPHYSIS, 0, \
      PARAM(Y, HYPERGON, "y_hypergon", 0.0, 0) \
      PARAM(Y, HYPERGON_N, "y_hypergon_n", 4.0, 0) \
      PARAM(Y, HYPERGON_R, "y_hypergon_r", 1.0, 0) \
      PARAM(Y, STAR, "y_star", 0.0, 0) \
      PARAM(Y, STAR_N, "y_star_n", 5.0, 0) \
      PARAM(Y, STAR_SLOPE, "y_star_slope", 2.0, 0) \
      PARAM(Y, LITUUS, "y_lituus", 0.0, 0) \
      PARAM(Y, LITUUS_A, "y_lituus_a", 1.0, 0) \
      PARAM(Y, SUPER, "y_super", 0.0, 0) \
      PARAM(Y, SUPER_M, "y_super_m", 1.0, 0) \
      PARAM(Y, SUPER_N1, "y_super_n1", 1.0, 0) \
      PARAM(Y, SUPER_N2, "y_super_n2", 1.0, 0) \
      PARAM(Y, SUPER_N3, "y_super_n3", 1.0, 0)) \
    VAR(VORON, "Voron", APOPHYSIS, 0, \
      PARAM(VORON, K, "Voron_K", 0.99, 0) \
      PARAM(VORON, STEP, "Voron_Step", 0.25, 0) \
      PARAM(VORON, NUM, "Voron_Num", 1.0, 0) \
      PARAM(VORON, XSEED, "Voron_XSeed", 3.0, 0) \
      PARAM(VORON, YSEED, "Voron_YSeed", 7.0, 0)) \
    VAR(MIRROR_Y, "mirror_y", APOPHYSIS, FR_VF_3D, ) \
    VAR(MIRROR_Z, "mirror_z", APOPHYSIS, FR_VF_3D, ) \
    VAR(ZBLUR, "zblur", APOPHYSIS, FR_VF_SUM | FR_VF_3D, ) \
    VAR(BLUR3D, "blur3D", APOPHYSIS, FR_VF_SUM | FR_VF_3D, ) \
    VAR(JULIA3DZ, "julia3Dz", APOPHYSIS, FR_VF_3D, \
      PARAM(JULIA3DZ, POWER, "julia3Dz_power", 2.0, 0))

#endif
