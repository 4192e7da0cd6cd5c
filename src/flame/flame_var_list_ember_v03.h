/*
 * flame_var_list_ember_v03.h - the variations of Ember's Variations03.h
 * that fractalis did not have, in that file's order (formulas in
 * flame_var_ember_v03.h); entries as in flame_var_list_flam3.h, names and
 * defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V03_H
#define FR_FLAME_VAR_LIST_EMBER_V03_H

#define FR_FLAME_VARS_EMBER_V03(VAR, PARAM) \
    VAR(FUNNEL, "funnel", APOPHYSIS, 0, \
      PARAM(FUNNEL, EFFECT, "funnel_effect", 8.0, 0)) \
    VAR(SQUIRREL, "squirrel", APOPHYSIS, 0, \
      PARAM(SQUIRREL, A, "squirrel_a", 1.0, 0) \
      PARAM(SQUIRREL, B, "squirrel_b", 1.0, 0)) \
    VAR(ENNEPERS, "ennepers", APOPHYSIS, 0, ) \
    VAR(SPHERICALN, "SphericalN", APOPHYSIS, 0, \
      PARAM(SPHERICALN, POWER, "SphericalN_Power", 1.0, 0) \
      PARAM(SPHERICALN, DIST, "SphericalN_Dist", 1.0, 0)) \
    VAR(KALEIDOSCOPE, "Kaleidoscope", APOPHYSIS, 0, \
      PARAM(KALEIDOSCOPE, PULL, "Kaleidoscope_pull", 0.0, 0) \
      PARAM(KALEIDOSCOPE, ROTATE, "Kaleidoscope_rotate", 1.0, 0) \
      PARAM(KALEIDOSCOPE, LINE_UP, "Kaleidoscope_line_up", 1.0, 0) \
      PARAM(KALEIDOSCOPE, X, "Kaleidoscope_x", 0.0, 0) \
      PARAM(KALEIDOSCOPE, Y, "Kaleidoscope_y", 0.0, 0)) \
    VAR(GLYNNSIM3, "GlynnSim3", APOPHYSIS, 0, \
      PARAM(GLYNNSIM3, RADIUS, "GlynnSim3_radius", 1.0, 0) \
      PARAM(GLYNNSIM3, THICKNESS, "GlynnSim3_thickness", 0.1, 0) \
      PARAM(GLYNNSIM3, THICKNESS2, "GlynnSim3_thickness2", 0.1, 0) \
      PARAM(GLYNNSIM3, CONTRAST, "GlynnSim3_contrast", 0.5, 0) \
      PARAM(GLYNNSIM3, POW, "GlynnSim3_pow", 1.5, 0)) \
    VAR(GLYNNSIM4, "GlynnSim4", APOPHYSIS, 0, \
      PARAM(GLYNNSIM4, RADIUS, "GlynnSim4_radius", 1.0, 0) \
      PARAM(GLYNNSIM4, CONTRAST, "GlynnSim4_contrast", 0.5, 0) \
      PARAM(GLYNNSIM4, POW, "GlynnSim4_pow", 1.5, 0) \
      PARAM(GLYNNSIM4, X, "GlynnSim4_X", 0.0, 0) \
      PARAM(GLYNNSIM4, Y, "GlynnSim4_Y", 0.0, 0)) \
    VAR(GLYNNSIM5, "GlynnSim5", APOPHYSIS, 0, \
      PARAM(GLYNNSIM5, RADIUS, "GlynnSim5_radius", 1.0, 0) \
      PARAM(GLYNNSIM5, THICKNESS, "GlynnSim5_thickness", 0.1, 0) \
      PARAM(GLYNNSIM5, CONTRAST, "GlynnSim5_contrast", 0.5, 0) \
      PARAM(GLYNNSIM5, POW, "GlynnSim5_pow", 1.5, 0)) \
    VAR(STARBLUR, "starblur", APOPHYSIS, FR_VF_SUM, \
      PARAM(STARBLUR, POWER, "starblur_power", 5.0, 0) \
      PARAM(STARBLUR, RANGE, "starblur_range", 0.4016228317, 0)) \
    VAR(CIRCLEBLUR, "circleblur", APOPHYSIS, FR_VF_SUM, ) \
    VAR(CROPN, "cropn", APOPHYSIS, 0, \
      PARAM(CROPN, POWER, "cropn_power", 5.0, 0) \
      PARAM(CROPN, RADIUS, "cropn_radius", 1.0, 0) \
      PARAM(CROPN, SCATTERDIST, "cropn_scatterdist", 0.0, 0) \
      PARAM(CROPN, ZERO, "cropn_zero", 0.0, 0)) \
    VAR(SHREDRAD, "shredrad", APOPHYSIS, FR_VF_3D, \
      PARAM(SHREDRAD, N, "shredrad_n", 4.0, 0) \
      PARAM(SHREDRAD, WIDTH, "shredrad_width", 0.5, 0)) \
    VAR(LINEART, "linearT", APOPHYSIS, 0, \
      PARAM(LINEART, POWX, "linearT_powX", 1.0, 0) \
      PARAM(LINEART, POWY, "linearT_powY", 1.0, 0)) \
    VAR(LINEART3D, "linearT3D", APOPHYSIS, FR_VF_3D, \
      PARAM(LINEART3D, POWX, "linearT3D_powX", 1.0, 0) \
      PARAM(LINEART3D, POWY, "linearT3D_powY", 1.0, 0) \
      PARAM(LINEART3D, POWZ, "linearT3D_powZ", 1.0, 0)) \
    VAR(OVOID, "ovoid", APOPHYSIS, 0, \
      PARAM(OVOID, X, "ovoid_x", 1.0, 0) \
      PARAM(OVOID, Y, "ovoid_y", 1.0, 0)) \
    VAR(OVOID3D, "ovoid3d", APOPHYSIS, FR_VF_3D, \
      PARAM(OVOID3D, X, "ovoid3d_x", 1.0, 0) \
      PARAM(OVOID3D, Y, "ovoid3d_y", 1.0, 0) \
      PARAM(OVOID3D, Z, "ovoid3d_z", 1.0, 0)) \
    VAR(SPIROGRAPH, "Spirograph", APOPHYSIS, FR_VF_SUM, \
      PARAM(SPIROGRAPH, A, "Spirograph_a", 3.0, 0) \
      PARAM(SPIROGRAPH, B, "Spirograph_b", 2.0, 0) \
      PARAM(SPIROGRAPH, D, "Spirograph_d", 1.0, 0) \
      PARAM(SPIROGRAPH, TMIN, "Spirograph_tmin", -1.0, 0) \
      PARAM(SPIROGRAPH, YMIN, "Spirograph_ymin", -1.0, 0) \
      PARAM(SPIROGRAPH, TMAX, "Spirograph_tmax", 1.0, 0) \
      PARAM(SPIROGRAPH, YMAX, "Spirograph_ymax", 1.0, 0) \
      PARAM(SPIROGRAPH, C1, "Spirograph_c1", 0.0, 0) \
      PARAM(SPIROGRAPH, C2, "Spirograph_c2", 0.0, 0)) \
    VAR(PETAL, "petal", APOPHYSIS, 0, ) \
    VAR(SPHER, "spher", APOPHYSIS, 0, ) \
    VAR(ROUNDSPHER, "roundspher", APOPHYSIS, 0, ) \
    VAR(SPIRALWING, "spiralwing", APOPHYSIS, 0, ) \
    VAR(SQUARIZE, "squarize", APOPHYSIS, 0, ) \
    VAR(SSCHECKS, "sschecks", APOPHYSIS, 0, \
      PARAM(SSCHECKS, X, "sschecks_x", 0.5, 0) \
      PARAM(SSCHECKS, Y, "sschecks_y", 0.5, 0) \
      PARAM(SSCHECKS, SIZE, "sschecks_size", 0.5, 0) \
      PARAM(SSCHECKS, RND, "sschecks_rnd", 0.0, 0)) \
    VAR(FLIPX, "flipx", APOPHYSIS, 0, ) \
    VAR(FLIPY, "flipy", APOPHYSIS, 0, ) \
    VAR(ECOLLIDE, "eCollide", APOPHYSIS, 0, \
      PARAM(ECOLLIDE, A, "eCollide_a", 0.0, 0) \
      PARAM(ECOLLIDE, NUM, "eCollide_num", 1.0, 0)) \
    VAR(EMOD, "eMod", APOPHYSIS, 0, \
      PARAM(EMOD, RADIUS, "eMod_radius", 1.0, 0) \
      PARAM(EMOD, DISTANCE, "eMod_distance", 0.0, 0)) \
    VAR(EMOTION, "eMotion", APOPHYSIS, 0, \
      PARAM(EMOTION, MOVE, "eMotion_move", 0.0, 0) \
      PARAM(EMOTION, ROTATE, "eMotion_rotate", 0.0, 0)) \
    VAR(EPUSH, "ePush", APOPHYSIS, 0, \
      PARAM(EPUSH, PUSH, "ePush_push", 0.0, 0) \
      PARAM(EPUSH, DIST, "ePush_dist", 1.0, 0) \
      PARAM(EPUSH, ROTATE, "ePush_rotate", 0.0, 0)) \
    VAR(EROTATE, "eRotate", APOPHYSIS, 0, \
      PARAM(EROTATE, ROTATE, "eRotate_rotate", 0.0, 0)) \
    VAR(ESCALE, "eScale", APOPHYSIS, 0, \
      PARAM(ESCALE, SCALE, "eScale_scale", 1.0, 0) \
      PARAM(ESCALE, ANGLE, "eScale_angle", 0.0, 0)) \
    VAR(PHOENIX_JULIA, "phoenix_julia", APOPHYSIS, FR_VF_3D, \
      PARAM(PHOENIX_JULIA, POWER, "phoenix_julia_power", 2.0, 0) \
      PARAM(PHOENIX_JULIA, DIST, "phoenix_julia_dist", 1.0, 0) \
      PARAM(PHOENIX_JULIA, X_DISTORT, "phoenix_julia_x_distort", -0.5, 0) \
      PARAM(PHOENIX_JULIA, Y_DISTORT, "phoenix_julia_y_distort", 0.0, 0)) \
    VAR(MOBIUS_STRIP, "mobius_strip", APOPHYSIS, 0, \
      PARAM(MOBIUS_STRIP, RADIUS, "mobius_strip_radius", 2.0, 0) \
      PARAM(MOBIUS_STRIP, WIDTH, "mobius_strip_width", 1.0, 0) \
      PARAM(MOBIUS_STRIP, RECT_X, "mobius_strip_rect_x", 6.283185307179586, 0) \
      PARAM(MOBIUS_STRIP, RECT_Y, "mobius_strip_rect_y", 1.0, 0) \
      PARAM(MOBIUS_STRIP, ROTATE_X, "mobius_strip_rotate_x", 0.0, 0) \
      PARAM(MOBIUS_STRIP, ROTATE_Y, "mobius_strip_rotate_y", 0.0, 0)) \
    VAR(LISSAJOUS, "Lissajous", APOPHYSIS, FR_VF_SUM, \
      PARAM(LISSAJOUS, TMIN, "Lissajous_tmin", -3.141592653589793, 0) \
      PARAM(LISSAJOUS, TMAX, "Lissajous_tmax", 3.141592653589793, 0) \
      PARAM(LISSAJOUS, A, "Lissajous_a", 3.0, 0) \
      PARAM(LISSAJOUS, B, "Lissajous_b", 2.0, 0) \
      PARAM(LISSAJOUS, C, "Lissajous_c", 0.0, 0) \
      PARAM(LISSAJOUS, D, "Lissajous_d", 0.0, 0) \
      PARAM(LISSAJOUS, E, "Lissajous_e", 0.0, 0)) \
    VAR(SVF, "svf", APOPHYSIS, FR_VF_3D, \
      PARAM(SVF, N, "svf_n", 2.0, 0)) \
    VAR(TARGET, "target", APOPHYSIS, 0, \
      PARAM(TARGET, EVEN, "target_even", 0.0, 0) \
      PARAM(TARGET, ODD, "target_odd", 0.0, 0) \
      PARAM(TARGET, SIZE, "target_size", 1.0, 0)) \
    VAR(TARGET0, "target0", APOPHYSIS, 0, \
      PARAM(TARGET0, EVEN, "target0_even", 0.0, 0) \
      PARAM(TARGET0, ODD, "target0_odd", 0.0, 0) \
      PARAM(TARGET0, SIZE, "target0_size", 0.0, 0)) \
    VAR(TARGET2, "target2", APOPHYSIS, 0, \
      PARAM(TARGET2, EVEN, "target2_even", 0.0, 0) \
      PARAM(TARGET2, ODD, "target2_odd", 0.0, 0) \
      PARAM(TARGET2, SIZE, "target2_size", 1.0, 0) \
      PARAM(TARGET2, THIGHTNESS, "target2_thightness", 0.0, 0)) \
    VAR(TAURUS, "taurus", APOPHYSIS, FR_VF_3D, \
      PARAM(TAURUS, R, "taurus_r", 3.0, 0) \
      PARAM(TAURUS, N, "taurus_n", 5.0, 0) \
      PARAM(TAURUS, INV, "taurus_inv", 1.5, 0) \
      PARAM(TAURUS, SOR, "taurus_sor", 1.0, 0)) \
    VAR(BMOD, "bMod", APOPHYSIS, 0, \
      PARAM(BMOD, RADIUS, "bMod_radius", 1.0, 0) \
      PARAM(BMOD, DISTANCE, "bMod_distance", 0.0, 0)) \
    VAR(BSWIRL, "bSwirl", APOPHYSIS, 0, \
      PARAM(BSWIRL, IN, "bSwirl_in", 0.0, 0) \
      PARAM(BSWIRL, OUT, "bSwirl_out", 0.0, 0)) \
    VAR(BTRANSFORM, "bTransform", APOPHYSIS, 0, \
      PARAM(BTRANSFORM, ROTATE, "bTransform_rotate", 0.0, 0) \
      PARAM(BTRANSFORM, POWER, "bTransform_power", 1.0, 0) \
      PARAM(BTRANSFORM, MOVE, "bTransform_move", 0.0, 0) \
      PARAM(BTRANSFORM, SPLIT, "bTransform_split", 0.0, 0)) \
    VAR(BCOLLIDE, "bCollide", APOPHYSIS, 0, \
      PARAM(BCOLLIDE, A, "bCollide_a", 0.0, 0) \
      PARAM(BCOLLIDE, NUM, "bCollide_num", 1.0, 0)) \
    VAR(ECLIPSE, "eclipse", APOPHYSIS, 0, \
      PARAM(ECLIPSE, SHIFT, "eclipse_shift", 0.0, 0)) \
    VAR(FLIPCIRCLE, "flipcircle", APOPHYSIS, 0, )

#endif
