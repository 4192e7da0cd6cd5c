/*
 * flame_var_list_ember_v04.h - the variations of Ember's Variations04.h
 * that fractalis did not have, in that file's order (formulas in
 * flame_var_ember_v04.h); entries as in flame_var_list_flam3.h, names and
 * defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V04_H
#define FR_FLAME_VAR_LIST_EMBER_V04_H

#define FR_FLAME_VARS_EMBER_V04(VAR, PARAM) \
    VAR(ESWIRL, "eSwirl", APOPHYSIS, 0, \
      PARAM(ESWIRL, IN, "eSwirl_in", 0.0, 0) \
      PARAM(ESWIRL, OUT, "eSwirl_out", 0.0, 0)) \
    VAR(LAZYJESS, "lazyjess", APOPHYSIS, 0, \
      PARAM(LAZYJESS, N, "lazyjess_n", 4.0, 0) \
      PARAM(LAZYJESS, SPIN, "lazyjess_spin", M_PI, 0) \
      PARAM(LAZYJESS, SPACE, "lazyjess_space", 0.0, 0) \
      PARAM(LAZYJESS, CORNER, "lazyjess_corner", 1.0, 0)) \
    VAR(LAZYTRAVIS, "lazyTravis", APOPHYSIS, 0, \
      PARAM(LAZYTRAVIS, SPIN_IN, "lazyTravis_spin_in", 1.0, 0) \
      PARAM(LAZYTRAVIS, SPIN_OUT, "lazyTravis_spin_out", 0.0, 0) \
      PARAM(LAZYTRAVIS, SPACE, "lazyTravis_space", 0.0, 0)) \
    VAR(SQUISH, "squish", APOPHYSIS, 0, \
      PARAM(SQUISH, POWER, "squish_power", 2.0, 0)) \
    VAR(CIRCUS, "circus", APOPHYSIS, 0, \
      PARAM(CIRCUS, SCALE, "circus_scale", 1.0, 0)) \
    VAR(TANCOS, "tancos", APOPHYSIS, 0, ) \
    VAR(RIPPLED, "rippled", APOPHYSIS, 0, ) \
    VAR(JULIANAB, "juliaNab", APOPHYSIS, FR_VF_3D, \
      PARAM(JULIANAB, N, "juliaNab_n", 1.0, 0) \
      PARAM(JULIANAB, A, "juliaNab_a", 1.0, 0) \
      PARAM(JULIANAB, B, "juliaNab_b", 1.0, 0) \
      PARAM(JULIANAB, SEPAR, "juliaNab_separ", 1.0, 0)) \
    VAR(SINTRANGE, "sintrange", APOPHYSIS, 0, \
      PARAM(SINTRANGE, W, "sintrange_w", 1.0, 0)) \
    VAR(WAFFLE, "waffle", APOPHYSIS, FR_VF_SUM, \
      PARAM(WAFFLE, SLICES, "waffle_slices", 6.0, 0) \
      PARAM(WAFFLE, XTHICKNESS, "waffle_xthickness", 0.5, 0) \
      PARAM(WAFFLE, YTHICKNESS, "waffle_ythickness", 0.5, 0) \
      PARAM(WAFFLE, ROTATION, "waffle_rotation", 0.0, 0)) \
    VAR(SQUARE3D, "square3D", APOPHYSIS, FR_VF_SUM | FR_VF_3D, ) \
    VAR(SUPERSHAPE3D, "SuperShape3D", APOPHYSIS, FR_VF_SUM | FR_VF_3D, \
      PARAM(SUPERSHAPE3D, RHO, "SuperShape3D_rho", 9.9, 0) \
      PARAM(SUPERSHAPE3D, PHI, "SuperShape3D_phi", 2.5, 0) \
      PARAM(SUPERSHAPE3D, M1, "SuperShape3D_m1", 6.0, 0) \
      PARAM(SUPERSHAPE3D, M2, "SuperShape3D_m2", 3.0, 0) \
      PARAM(SUPERSHAPE3D, A1, "SuperShape3D_a1", 1.0, 0) \
      PARAM(SUPERSHAPE3D, A2, "SuperShape3D_a2", 1.0, 0) \
      PARAM(SUPERSHAPE3D, B1, "SuperShape3D_b1", 1.0, 0) \
      PARAM(SUPERSHAPE3D, B2, "SuperShape3D_b2", 1.0, 0) \
      PARAM(SUPERSHAPE3D, N1_1, "SuperShape3D_n1_1", 1.0, 0) \
      PARAM(SUPERSHAPE3D, N1_2, "SuperShape3D_n1_2", 1.0, 0) \
      PARAM(SUPERSHAPE3D, N2_1, "SuperShape3D_n2_1", 1.0, 0) \
      PARAM(SUPERSHAPE3D, N2_2, "SuperShape3D_n2_2", 1.0, 0) \
      PARAM(SUPERSHAPE3D, N3_1, "SuperShape3D_n3_1", 1.0, 0) \
      PARAM(SUPERSHAPE3D, N3_2, "SuperShape3D_n3_2", 1.0, 0) \
      PARAM(SUPERSHAPE3D, SPIRAL, "SuperShape3D_spiral", 0.0, 0) \
      PARAM(SUPERSHAPE3D, TOROIDMAP, "SuperShape3D_toroidmap", 0.0, 0)) \
    VAR(SPHYP3D, "sphyp3D", APOPHYSIS, FR_VF_3D, \
      PARAM(SPHYP3D, STRETCHX, "sphyp3D_stretchX", 1.0, 0) \
      PARAM(SPHYP3D, STRETCHY, "sphyp3D_stretchY", 1.0, 0) \
      PARAM(SPHYP3D, STRETCHZ, "sphyp3D_stretchZ", 1.0, 0) \
      PARAM(SPHYP3D, ZON, "sphyp3D_zOn", 1.0, 0)) \
    VAR(CIRCLECROP2, "circlecrop2", APOPHYSIS, 0, \
      PARAM(CIRCLECROP2, INNER, "circlecrop2_inner", 0.5, 0) \
      PARAM(CIRCLECROP2, OUTER, "circlecrop2_outer", 1.0, 0) \
      PARAM(CIRCLECROP2, ZERO, "circlecrop2_zero", 1.0, 0)) \
    VAR(JULIAN3DX, "julian3Dx", APOPHYSIS, FR_VF_3D, \
      PARAM(JULIAN3DX, DIST, "julian3Dx_dist", 1.0, 0) \
      PARAM(JULIAN3DX, POWER, "julian3Dx_power", 2.0, 0) \
      PARAM(JULIAN3DX, A, "julian3Dx_a", 1.0, 0) \
      PARAM(JULIAN3DX, B, "julian3Dx_b", 0.0, 0) \
      PARAM(JULIAN3DX, C, "julian3Dx_c", 0.0, 0) \
      PARAM(JULIAN3DX, D, "julian3Dx_d", 1.0, 0) \
      PARAM(JULIAN3DX, E, "julian3Dx_e", 0.0, 0) \
      PARAM(JULIAN3DX, F, "julian3Dx_f", 0.0, 0)) \
    VAR(FOURTH, "fourth", APOPHYSIS, 0, \
      PARAM(FOURTH, SPIN, "fourth_spin", M_PI, 0) \
      PARAM(FOURTH, SPACE, "fourth_space", 0.0, 0) \
      PARAM(FOURTH, TWIST, "fourth_twist", 0.0, 0) \
      PARAM(FOURTH, X, "fourth_x", 0.0, 0) \
      PARAM(FOURTH, Y, "fourth_y", 0.0, 0)) \
    VAR(MOBIQ, "mobiq", APOPHYSIS, FR_VF_3D, \
      PARAM(MOBIQ, AT, "mobiq_at", 1.0, 0) \
      PARAM(MOBIQ, AX, "mobiq_ax", 0.0, 0) \
      PARAM(MOBIQ, AY, "mobiq_ay", 0.0, 0) \
      PARAM(MOBIQ, AZ, "mobiq_az", 0.0, 0) \
      PARAM(MOBIQ, BT, "mobiq_bt", 0.0, 0) \
      PARAM(MOBIQ, BX, "mobiq_bx", 0.0, 0) \
      PARAM(MOBIQ, BY, "mobiq_by", 0.0, 0) \
      PARAM(MOBIQ, BZ, "mobiq_bz", 0.0, 0) \
      PARAM(MOBIQ, CT, "mobiq_ct", 0.0, 0) \
      PARAM(MOBIQ, CX, "mobiq_cx", 0.0, 0) \
      PARAM(MOBIQ, CY, "mobiq_cy", 0.0, 0) \
      PARAM(MOBIQ, CZ, "mobiq_cz", 0.0, 0) \
      PARAM(MOBIQ, DT, "mobiq_dt", 1.0, 0) \
      PARAM(MOBIQ, DX, "mobiq_dx", 0.0, 0) \
      PARAM(MOBIQ, DY, "mobiq_dy", 0.0, 0) \
      PARAM(MOBIQ, DZ, "mobiq_dz", 0.0, 0)) \
    VAR(SPHERIVOID, "spherivoid", APOPHYSIS, FR_VF_3D, \
      PARAM(SPHERIVOID, RADIUS, "spherivoid_radius", 0.0, 0)) \
    VAR(FARBLUR, "farblur", APOPHYSIS, FR_VF_3D, \
      PARAM(FARBLUR, X, "farblur_x", 1.0, 0) \
      PARAM(FARBLUR, Y, "farblur_y", 1.0, 0) \
      PARAM(FARBLUR, Z, "farblur_z", 1.0, 0) \
      PARAM(FARBLUR, X_ORIGIN, "farblur_x_origin", 0.0, 0) \
      PARAM(FARBLUR, Y_ORIGIN, "farblur_y_origin", 0.0, 0) \
      PARAM(FARBLUR, Z_ORIGIN, "farblur_z_origin", 0.0, 0)) \
    VAR(HEAT, "heat", APOPHYSIS, FR_VF_3D, \
      PARAM(HEAT, THETA_PERIOD, "heat_theta_period", 1.0, 0) \
      PARAM(HEAT, THETA_PHASE, "heat_theta_phase", 0.0, 0) \
      PARAM(HEAT, THETA_AMP, "heat_theta_amp", 1.0, 0) \
      PARAM(HEAT, PHI_PERIOD, "heat_phi_period", 1.0, 0) \
      PARAM(HEAT, PHI_PHASE, "heat_phi_phase", 0.0, 0) \
      PARAM(HEAT, PHI_AMP, "heat_phi_amp", 0.0, 0) \
      PARAM(HEAT, R_PERIOD, "heat_r_period", 1.0, 0) \
      PARAM(HEAT, R_PHASE, "heat_r_phase", 0.0, 0) \
      PARAM(HEAT, R_AMP, "heat_r_amp", 0.0, 0)) \
    VAR(INTERFERENCE2, "interference2", APOPHYSIS, 0, \
      PARAM(INTERFERENCE2, A1, "interference2_a1", 1.0, 0) \
      PARAM(INTERFERENCE2, B1, "interference2_b1", 1.0, 0) \
      PARAM(INTERFERENCE2, C1, "interference2_c1", 0.0, 0) \
      PARAM(INTERFERENCE2, P1, "interference2_p1", 1.0, 0) \
      PARAM(INTERFERENCE2, T1, "interference2_t1", 0.0, 0) \
      PARAM(INTERFERENCE2, A2, "interference2_a2", 1.0, 0) \
      PARAM(INTERFERENCE2, B2, "interference2_b2", 1.0, 0) \
      PARAM(INTERFERENCE2, C2, "interference2_c2", 0.0, 0) \
      PARAM(INTERFERENCE2, P2, "interference2_p2", 1.0, 0) \
      PARAM(INTERFERENCE2, T2, "interference2_t2", 0.0, 0)) \
    VAR(SINQ, "sinq", APOPHYSIS, FR_VF_3D, ) \
    VAR(SINHQ, "sinhq", APOPHYSIS, FR_VF_3D, ) \
    VAR(SECQ, "secq", APOPHYSIS, FR_VF_3D, ) \
    VAR(SECHQ, "sechq", APOPHYSIS, FR_VF_3D, ) \
    VAR(TANQ, "tanq", APOPHYSIS, FR_VF_3D, ) \
    VAR(TANHQ, "tanhq", APOPHYSIS, FR_VF_3D, ) \
    VAR(COSQ, "cosq", APOPHYSIS, FR_VF_3D, ) \
    VAR(COSHQ, "coshq", APOPHYSIS, FR_VF_3D, ) \
    VAR(COTQ, "cotq", APOPHYSIS, FR_VF_3D, ) \
    VAR(COTHQ, "cothq", APOPHYSIS, FR_VF_3D, ) \
    VAR(CSCQ, "cscq", APOPHYSIS, FR_VF_3D, ) \
    VAR(CSCHQ, "cschq", APOPHYSIS, FR_VF_3D, ) \
    VAR(ESTIQ, "estiq", APOPHYSIS, FR_VF_3D, ) \
    VAR(LOQ, "loq", APOPHYSIS, FR_VF_3D, \
      PARAM(LOQ, BASE, "loq_base", M_E, 0)) \
    VAR(CURVATURE, "curvature", APOPHYSIS, 0, ) \
    VAR(Q_ODE, "q_ode", APOPHYSIS, 0, \
      PARAM(Q_ODE, Q01, "q_ode01", 1.0, 0) \
      PARAM(Q_ODE, Q02, "q_ode02", -1.0, 0) \
      PARAM(Q_ODE, Q03, "q_ode03", 0.0, 0) \
      PARAM(Q_ODE, Q04, "q_ode04", 0.0, 0) \
      PARAM(Q_ODE, Q05, "q_ode05", 0.0, 0) \
      PARAM(Q_ODE, Q06, "q_ode06", 0.0, 0) \
      PARAM(Q_ODE, Q07, "q_ode07", 1.0, 0) \
      PARAM(Q_ODE, Q08, "q_ode08", 0.0, 0) \
      PARAM(Q_ODE, Q09, "q_ode09", 0.0, 0) \
      PARAM(Q_ODE, Q10, "q_ode10", 0.0, 0) \
      PARAM(Q_ODE, Q11, "q_ode11", 0.0, 0) \
      PARAM(Q_ODE, Q12, "q_ode12", 0.0, 0)) \
    VAR(BLUR_HEART, "blur_heart", APOPHYSIS, FR_VF_SUM, \
      PARAM(BLUR_HEART, P, "blur_heart_p", 0.5, 0) \
      PARAM(BLUR_HEART, A, "blur_heart_a", -0.6, 0) \
      PARAM(BLUR_HEART, B, "blur_heart_b", 0.7, 0)) \
    VAR(TRUCHET_KNOT, "truchet_knot", APOPHYSIS, 0, ) \
    VAR(GDOFFS, "gdoffs", APOPHYSIS, FR_VF_3D, \
      PARAM(GDOFFS, DELTA_X, "gdoffs_delta_x", 0.0, 0) \
      PARAM(GDOFFS, DELTA_Y, "gdoffs_delta_y", 0.0, 0) \
      PARAM(GDOFFS, AREA_X, "gdoffs_area_x", 2.0, 0) \
      PARAM(GDOFFS, AREA_Y, "gdoffs_area_y", 2.0, 0) \
      PARAM(GDOFFS, CENTER_X, "gdoffs_center_x", 0.0, 0) \
      PARAM(GDOFFS, CENTER_Y, "gdoffs_center_y", 0.0, 0) \
      PARAM(GDOFFS, GAMMA, "gdoffs_gamma", 1.0, 0) \
      PARAM(GDOFFS, SQUARE, "gdoffs_square", 0.0, 0)) \
    VAR(OCTAGON, "octagon", APOPHYSIS, FR_VF_3D, \
      PARAM(OCTAGON, X, "octagon_x", 0.0, 0) \
      PARAM(OCTAGON, Y, "octagon_y", 0.0, 0) \
      PARAM(OCTAGON, Z, "octagon_z", 0.0, 0)) \
    VAR(TRADE, "trade", APOPHYSIS, 0, \
      PARAM(TRADE, R1, "trade_r1", 1.0, 0) \
      PARAM(TRADE, D1, "trade_d1", 1.0, 0) \
      PARAM(TRADE, R2, "trade_r2", 1.0, 0) \
      PARAM(TRADE, D2, "trade_d2", 1.0, 0)) \
    VAR(JULIAC, "Juliac", APOPHYSIS, 0, \
      PARAM(JULIAC, RE, "Juliac_re", 2.0, 0) \
      PARAM(JULIAC, IM, "Juliac_im", 1.0, 0) \
      PARAM(JULIAC, DIST, "Juliac_dist", 1.0, 0)) \
    VAR(BLADE3D, "blade3D", JWILDFIRE, FR_VF_3D, ) \
    VAR(BLOB3D, "blob3D", JWILDFIRE, FR_VF_3D, \
      PARAM(BLOB3D, LOW, "blob3D_low", 0.0, 0) \
      PARAM(BLOB3D, HIGH, "blob3D_high", 1.0, 0) \
      PARAM(BLOB3D, WAVES, "blob3D_waves", 1.0, 0)) \
    VAR(BLOCKY, "blocky", APOPHYSIS, 0, \
      PARAM(BLOCKY, X, "blocky_x", 1.0, 0) \
      PARAM(BLOCKY, Y, "blocky_y", 1.0, 0) \
      PARAM(BLOCKY, MP, "blocky_mp", 4.0, 0)) \
    VAR(BLOCK, "block", APOPHYSIS, 0, )

#endif
