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

/* synth: its layers b .. f, 6 parameters each in Ember's order
 * (fr_flame_synth_value reads them from synth_b). */
#define FR_FLAME_VARS_EMBER_V06(VAR, PARAM) \
    VAR(SYNTH, "synth", APOPHYSIS, 0, \
      PARAM(SYNTH, A, "synth_a", 0.0, 0) \
      PARAM(SYNTH, MODE, "synth_mode", 3.0, 0) \
      PARAM(SYNTH, POWER, "synth_power", -2.0, 0) \
      PARAM(SYNTH, MIX, "synth_mix", 0.0, 0) \
      PARAM(SYNTH, SMOOTH, "synth_smooth", 0.0, 0) \
      PARAM(SYNTH, B, "synth_b", 0.0, 0) \
      PARAM(SYNTH, B_TYPE, "synth_b_type", 0.0, 0) \
      PARAM(SYNTH, B_SKEW, "synth_b_skew", 0.0, 0) \
      PARAM(SYNTH, B_FRQ, "synth_b_frq", 1.0, 0) \
      PARAM(SYNTH, B_PHS, "synth_b_phs", 0.0, 0) \
      PARAM(SYNTH, B_LAYER, "synth_b_layer", 0.0, 0) \
      PARAM(SYNTH, C, "synth_c", 0.0, 0) \
      PARAM(SYNTH, C_TYPE, "synth_c_type", 0.0, 0) \
      PARAM(SYNTH, C_SKEW, "synth_c_skew", 0.0, 0) \
      PARAM(SYNTH, C_FRQ, "synth_c_frq", 1.0, 0) \
      PARAM(SYNTH, C_PHS, "synth_c_phs", 0.0, 0) \
      PARAM(SYNTH, C_LAYER, "synth_c_layer", 0.0, 0) \
      PARAM(SYNTH, D, "synth_d", 0.0, 0) \
      PARAM(SYNTH, D_TYPE, "synth_d_type", 0.0, 0) \
      PARAM(SYNTH, D_SKEW, "synth_d_skew", 0.0, 0) \
      PARAM(SYNTH, D_FRQ, "synth_d_frq", 1.0, 0) \
      PARAM(SYNTH, D_PHS, "synth_d_phs", 0.0, 0) \
      PARAM(SYNTH, D_LAYER, "synth_d_layer", 0.0, 0) \
      PARAM(SYNTH, E, "synth_e", 0.0, 0) \
      PARAM(SYNTH, E_TYPE, "synth_e_type", 0.0, 0) \
      PARAM(SYNTH, E_SKEW, "synth_e_skew", 0.0, 0) \
      PARAM(SYNTH, E_FRQ, "synth_e_frq", 1.0, 0) \
      PARAM(SYNTH, E_PHS, "synth_e_phs", 0.0, 0) \
      PARAM(SYNTH, E_LAYER, "synth_e_layer", 0.0, 0) \
      PARAM(SYNTH, F, "synth_f", 0.0, 0) \
      PARAM(SYNTH, F_TYPE, "synth_f_type", 0.0, 0) \
      PARAM(SYNTH, F_SKEW, "synth_f_skew", 0.0, 0) \
      PARAM(SYNTH, F_FRQ, "synth_f_frq", 1.0, 0) \
      PARAM(SYNTH, F_PHS, "synth_f_phs", 0.0, 0) \
      PARAM(SYNTH, F_LAYER, "synth_f_layer", 0.0, 0)) \
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
