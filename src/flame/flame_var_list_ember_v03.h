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
    VAR(LINEART, "linearT", APOPHYSIS, 0, \
      PARAM(LINEART, POWX, "linearT_powX", 1.0, 0) \
      PARAM(LINEART, POWY, "linearT_powY", 1.0, 0)) \
    VAR(LINEART3D, "linearT3D", APOPHYSIS, FR_VF_3D, \
      PARAM(LINEART3D, POWX, "linearT3D_powX", 1.0, 0) \
      PARAM(LINEART3D, POWY, "linearT3D_powY", 1.0, 0) \
      PARAM(LINEART3D, POWZ, "linearT3D_powZ", 1.0, 0)) \
    VAR(SPHER, "spher", APOPHYSIS, 0, ) \
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
      PARAM(ESCALE, ANGLE, "eScale_angle", 0.0, 0))

#endif
