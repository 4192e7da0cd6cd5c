/*
 * flame_var_list_ember_v05.h - the variations of Ember's Variations05.h
 * that fractalis did not have, in that file's order (formulas in
 * flame_var_ember_v05.h); entries as in flame_var_list_flam3.h, names and
 * defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V05_H
#define FR_FLAME_VAR_LIST_EMBER_V05_H

#define FR_FLAME_VARS_EMBER_V05(VAR, PARAM) \
    VAR(BUBBLE2, "bubble2", APOPHYSIS, FR_VF_3D, \
      PARAM(BUBBLE2, X, "bubble2_x", 1.0, 0) \
      PARAM(BUBBLE2, Y, "bubble2_y", 1.0, 0) \
      PARAM(BUBBLE2, Z, "bubble2_z", 0.0, 0)) \
    VAR(CIRCLELINEAR, "CircleLinear", APOPHYSIS, 0, \
      PARAM(CIRCLELINEAR, SC, "CircleLinear_Sc", 1.0, 0) \
      PARAM(CIRCLELINEAR, K, "CircleLinear_K", 0.5, 0) \
      PARAM(CIRCLELINEAR, DENS1, "CircleLinear_Dens1", 0.5, 0) \
      PARAM(CIRCLELINEAR, DENS2, "CircleLinear_Dens2", 0.5, 0) \
      PARAM(CIRCLELINEAR, REVERSE, "CircleLinear_Reverse", 1.0, 0) \
      PARAM(CIRCLELINEAR, X, "CircleLinear_X", 10.0, 0) \
      PARAM(CIRCLELINEAR, Y, "CircleLinear_Y", 10.0, 0) \
      PARAM(CIRCLELINEAR, SEED, "CircleLinear_Seed", 0.0, 0)) \
    VAR(CIRCLERAND, "CircleRand", APOPHYSIS, FR_VF_SUM, \
      PARAM(CIRCLERAND, SC, "CircleRand_Sc", 1.0, 0) \
      PARAM(CIRCLERAND, DENS, "CircleRand_Dens", 0.5, 0) \
      PARAM(CIRCLERAND, X, "CircleRand_X", 10.0, 0) \
      PARAM(CIRCLERAND, Y, "CircleRand_Y", 10.0, 0) \
      PARAM(CIRCLERAND, SEED, "CircleRand_Seed", 0.0, 0)) \
    VAR(FOCI_P, "foci_p", APOPHYSIS, 0, \
      PARAM(FOCI_P, C1, "foci_p_c1", 0.5, 0) \
      PARAM(FOCI_P, C2, "foci_p_c2", 0.5, 0)) \
    VAR(HO, "ho", APOPHYSIS, FR_VF_3D, \
      PARAM(HO, XPOW, "ho_xpow", 3.0, 0) \
      PARAM(HO, YPOW, "ho_ypow", 3.0, 0) \
      PARAM(HO, ZPOW, "ho_zpow", 3.0, 0)) \
    VAR(JULIA3DQ, "julia3Dq", APOPHYSIS, FR_VF_3D, \
      PARAM(JULIA3DQ, POWER, "julia3Dq_power", 3.0, 0) \
      PARAM(JULIA3DQ, DIVISOR, "julia3Dq_divisor", 2.0, 0)) \
    VAR(LINE, "line", APOPHYSIS, FR_VF_SUM | FR_VF_3D, \
      PARAM(LINE, DELTA, "line_delta", 0.0, 0) \
      PARAM(LINE, PHI, "line_phi", 0.0, 0)) \
    VAR(LOONIE2, "loonie2", APOPHYSIS, 0, \
      PARAM(LOONIE2, SIDES, "loonie2_sides", 4.0, 0) \
      PARAM(LOONIE2, STAR, "loonie2_star", 0.0, 0) \
      PARAM(LOONIE2, CIRCLE, "loonie2_circle", 0.0, 0) \
      PARAM(LOONIE2, POWER, "loonie2_power", 4.0, 0)) \
    VAR(LOONIE3, "loonie3", APOPHYSIS, 0, ) \
    VAR(LOONIE_3D, "loonie_3D", APOPHYSIS, FR_VF_3D, ) \
    VAR(MCARPET, "mcarpet", APOPHYSIS, 0, \
      PARAM(MCARPET, X, "mcarpet_x", 0.0, 0) \
      PARAM(MCARPET, Y, "mcarpet_y", 0.0, 0) \
      PARAM(MCARPET, TWIST, "mcarpet_twist", 0.0, 0) \
      PARAM(MCARPET, TILT, "mcarpet_tilt", 0.0, 0)) \
    VAR(WAVES2_3D, "waves2_3D", APOPHYSIS, FR_VF_3D, \
      PARAM(WAVES2_3D, FREQ, "waves2_3D_freq", 2.0, 0) \
      PARAM(WAVES2_3D, SCALE, "waves2_3D_scale", 1.0, 0)) \
    VAR(PIE3D, "pie3D", APOPHYSIS, FR_VF_SUM | FR_VF_3D, \
      PARAM(PIE3D, SLICES, "pie3D_slices", 6.0, 0) \
      PARAM(PIE3D, ROTATION, "pie3D_rotation", 0.5, 0) \
      PARAM(PIE3D, THICKNESS, "pie3D_thickness", 0.5, 0)) \
    VAR(SINUSOIDAL3D, "sinusoidal3D", APOPHYSIS, FR_VF_3D, ) \
    VAR(SCRY_3D, "scry_3D", APOPHYSIS, FR_VF_3D, ) \
    VAR(SPLITBRDR, "SplitBrdr", APOPHYSIS, 0, \
      PARAM(SPLITBRDR, X, "SplitBrdr_x", 0.25, 0) \
      PARAM(SPLITBRDR, Y, "SplitBrdr_y", 0.25, 0) \
      PARAM(SPLITBRDR, PX, "SplitBrdr_px", 0.0, 0) \
      PARAM(SPLITBRDR, PY, "SplitBrdr_py", 0.0, 0)) \
    VAR(XTRB, "xtrb", APOPHYSIS, 0, \
      PARAM(XTRB, POWER, "xtrb_power", 2.0, 0) \
      PARAM(XTRB, RADIUS, "xtrb_radius", 1.0, 0) \
      PARAM(XTRB, WIDTH, "xtrb_width", 0.5, 0) \
      PARAM(XTRB, DIST, "xtrb_dist", 1.0, 0) \
      PARAM(XTRB, A, "xtrb_a", 1.0, 0) \
      PARAM(XTRB, B, "xtrb_b", 1.0, 0))

#endif
