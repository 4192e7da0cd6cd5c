/*
 * flame_var_list_ember_v06.h - the variations of Ember's Variations06.h
 * that fractalis did not have, in that file's order (formulas in
 * flame_var_ember_v06.h); entries as in flame_var_list_flam3.h, names and
 * defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V06_H
#define FR_FLAME_VAR_LIST_EMBER_V06_H

/* w, x and z: the shape of hypergon, star, lituus and super in y's order
 * of parameters (fr_flame_wxz_total reads them from the first). */
#define FR_FLAME_WXZ_PARAMS(ID, N, PARAM) \
      PARAM(ID, HYPERGON, N "_hypergon", 0.0, 0) \
      PARAM(ID, HYPERGON_N, N "_hypergon_n", 4.0, 0) \
      PARAM(ID, HYPERGON_R, N "_hypergon_r", 1.0, 0) \
      PARAM(ID, STAR, N "_star", 0.0, 0) \
      PARAM(ID, STAR_N, N "_star_n", 5.0, 0) \
      PARAM(ID, STAR_SLOPE, N "_star_slope", 2.0, 0) \
      PARAM(ID, LITUUS, N "_lituus", 0.0, 0) \
      PARAM(ID, LITUUS_A, N "_lituus_a", 1.0, 0) \
      PARAM(ID, SUPER, N "_super", 0.0, 0) \
      PARAM(ID, SUPER_M, N "_super_m", 1.0, 0) \
      PARAM(ID, SUPER_N1, N "_super_n1", 1.0, 0) \
      PARAM(ID, SUPER_N2, N "_super_n2", 1.0, 0) \
      PARAM(ID, SUPER_N3, N "_super_n3", 1.0, 0)

#define FR_FLAME_VARS_EMBER_V06(VAR, PARAM) \
    VAR(ERF, "erf", APOPHYSIS, 0, ) \
    VAR(XERF, "xerf", APOPHYSIS, FR_VF_3D, ) \
    VAR(W, "w", APOPHYSIS, 0, \
      PARAM(W, ANGLE, "w_angle", 0.0, 0) \
      FR_FLAME_WXZ_PARAMS(W, "w", PARAM)) \
    VAR(X, "x", APOPHYSIS, 0, \
      FR_FLAME_WXZ_PARAMS(X, "x", PARAM)) \
    VAR(Z, "z", APOPHYSIS, 0, \
      FR_FLAME_WXZ_PARAMS(Z, "z", PARAM))

#endif
