/*
 * flame_var_list_ember_v07.h - the variations of Ember's Variations07.h
 * that fractalis did not have, in that file's order (formulas in
 * flame_var_ember_v07.h); entries as in flame_var_list_flam3.h, names and
 * defaults Ember's (JWildfire's variations, which Ember took in).
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V07_H
#define FR_FLAME_VAR_LIST_EMBER_V07_H

#define FR_FLAME_VARS_EMBER_V07(VAR, PARAM) \
    VAR(SPLITS3D, "splits3D", JWILDFIRE, FR_VF_3D, \
      PARAM(SPLITS3D, X, "splits3D_x", 0.0, 0) \
      PARAM(SPLITS3D, Y, "splits3D_y", 0.0, 0) \
      PARAM(SPLITS3D, Z, "splits3D_z", 0.0, 0)) \
    VAR(WAVES2B, "waves2b", JWILDFIRE, 0, \
      PARAM(WAVES2B, FREQX, "waves2b_freqx", 2.0, 0) \
      PARAM(WAVES2B, FREQY, "waves2b_freqy", 2.0, 0) \
      PARAM(WAVES2B, PWX, "waves2b_pwx", 1.0, 0) \
      PARAM(WAVES2B, PWY, "waves2b_pwy", 1.0, 0) \
      PARAM(WAVES2B, SCALEX, "waves2b_scalex", 1.0, 0) \
      PARAM(WAVES2B, SCALEINFX, "waves2b_scaleinfx", 1.0, 0) \
      PARAM(WAVES2B, SCALEY, "waves2b_scaley", 1.0, 0) \
      PARAM(WAVES2B, SCALEINFY, "waves2b_scaleinfy", 1.0, 0) \
      PARAM(WAVES2B, UNITY, "waves2b_unity", 1.0, 0) \
      PARAM(WAVES2B, JACOK, "waves2b_jacok", 0.25, 0)) \
    VAR(JAC_CN, "jac_cn", JWILDFIRE, 0, \
      PARAM(JAC_CN, K, "jac_cn_k", 0.5, 0)) \
    VAR(JAC_DN, "jac_dn", JWILDFIRE, 0, \
      PARAM(JAC_DN, K, "jac_dn_k", 0.5, 0)) \
    VAR(JAC_SN, "jac_sn", JWILDFIRE, 0, \
      PARAM(JAC_SN, K, "jac_sn_k", 0.5, 0)) \
    VAR(PRESSURE_WAVE, "pressure_wave", JWILDFIRE, 0, \
      PARAM(PRESSURE_WAVE, X_FREQ, "pressure_wave_x_freq", 1.0, 0) \
      PARAM(PRESSURE_WAVE, Y_FREQ, "pressure_wave_y_freq", 1.0, 0)) \
    VAR(GAMMA, "gamma", JWILDFIRE, 0, ) \
    VAR(PROSE3D, "pRose3D", JWILDFIRE, FR_VF_3D, \
      PARAM(PROSE3D, L, "pRose3D_l", 1.0, 0) \
      PARAM(PROSE3D, K, "pRose3D_k", 3.0, 0) \
      PARAM(PROSE3D, C, "pRose3D_c", 0.0, 0) \
      PARAM(PROSE3D, Z1, "pRose3D_z1", 1.0, 0) \
      PARAM(PROSE3D, Z2, "pRose3D_z2", 1.0, 0) \
      PARAM(PROSE3D, REFSC, "pRose3D_refSc", 1.0, 0) \
      PARAM(PROSE3D, OPT, "pRose3D_opt", 1.0, 0) \
      PARAM(PROSE3D, OPTSC, "pRose3D_optSc", 1.0, 0) \
      PARAM(PROSE3D, OPT3, "pRose3D_opt3", 0.0, 0) \
      PARAM(PROSE3D, TRANSP, "pRose3D_transp", 0.5, 0) \
      PARAM(PROSE3D, DIST, "pRose3D_dist", 1.0, 0) \
      PARAM(PROSE3D, WAGSC, "pRose3D_wagsc", 0.0, 0) \
      PARAM(PROSE3D, CRVSC, "pRose3D_crvsc", 0.0, 0) \
      PARAM(PROSE3D, F, "pRose3D_f", 3.0, 0) \
      PARAM(PROSE3D, WIGSC, "pRose3D_wigsc", 0.0, 0) \
      PARAM(PROSE3D, OFFSET, "pRose3D_offset", 0.0, 0)) \
    VAR(LOG_DB, "log_db", JWILDFIRE, FR_VF_3D, \
      PARAM(LOG_DB, BASE, "log_db_base", 1.0, 0) \
      PARAM(LOG_DB, FIX_PERIOD, "log_db_fix_period", 1.0, 0)) \
    VAR(CIRCLESPLIT, "circlesplit", JWILDFIRE, 0, \
      PARAM(CIRCLESPLIT, RADIUS, "circlesplit_radius", 1.0, 0) \
      PARAM(CIRCLESPLIT, SPLIT, "circlesplit_split", 0.5, 0)) \
    VAR(CYLINDER2, "cylinder2", JWILDFIRE, 0, ) \
    VAR(TRUCHET_FILL, "Truchet_fill", JWILDFIRE, 0, \
      PARAM(TRUCHET_FILL, EXPONENT, "Truchet_fill_exponent", 2.0, 0) \
      PARAM(TRUCHET_FILL, ARC_WIDTH, "Truchet_fill_arc_width", 0.5, 0) \
      PARAM(TRUCHET_FILL, SEED, "Truchet_fill_seed", 0.0, 0)) \
    VAR(TRUCHET_HEX_FILL, "Truchet_hex_fill", JWILDFIRE, 0, \
      PARAM(TRUCHET_HEX_FILL, N, "Truchet_hex_fill_n", 3.0, 0) \
      PARAM(TRUCHET_HEX_FILL, FLIPX, "Truchet_hex_fill_flipx", 1.0, 0) \
      PARAM(TRUCHET_HEX_FILL, FLIPY, "Truchet_hex_fill_flipy", 1.0, 0) \
      PARAM(TRUCHET_HEX_FILL, SPREADX, "Truchet_hex_fill_spreadx", 1.0, 0) \
      PARAM(TRUCHET_HEX_FILL, SPREADY, "Truchet_hex_fill_spready", 1.0, 0) \
      PARAM(TRUCHET_HEX_FILL, SEED, "Truchet_hex_fill_seed", 0.0, 0)) \
    VAR(TRUCHET_HEX_CROP, "Truchet_hex_crop", JWILDFIRE, 0, \
      PARAM(TRUCHET_HEX_CROP, WD, "Truchet_hex_crop_wd", 0.2, 0) \
      PARAM(TRUCHET_HEX_CROP, MODE, "Truchet_hex_crop_mode", 0.0, 0) \
      PARAM(TRUCHET_HEX_CROP, INV, "Truchet_hex_crop_inv", 0.0, 0) \
      PARAM(TRUCHET_HEX_CROP, SEED, "Truchet_hex_crop_seed", 0.0, 0)) \
    VAR(WAVES2_RADIAL, "waves2_radial", JWILDFIRE, 0, \
      PARAM(WAVES2_RADIAL, FREQX, "waves2_radial_freqx", 7.0, 0) \
      PARAM(WAVES2_RADIAL, SCALEX, "waves2_radial_scalex", 0.1, 0) \
      PARAM(WAVES2_RADIAL, FREQY, "waves2_radial_freqy", 13.0, 0) \
      PARAM(WAVES2_RADIAL, SCALEY, "waves2_radial_scaley", 0.1, 0) \
      PARAM(WAVES2_RADIAL, NULL, "waves2_radial_null", 2.0, 0) \
      PARAM(WAVES2_RADIAL, DISTANCE, "waves2_radial_distance", 10.0, 0)) \
    VAR(PANORAMA1, "panorama1", JWILDFIRE, 0, ) \
    VAR(PANORAMA2, "panorama2", JWILDFIRE, 0, ) \
    VAR(HELICOID, "helicoid", JWILDFIRE, FR_VF_3D, \
      PARAM(HELICOID, FREQUENCY, "helicoid_frequency", 1.0, 0)) \
    VAR(HELIX, "helix", JWILDFIRE, FR_VF_3D, \
      PARAM(HELIX, FREQUENCY, "helix_frequency", 1.0, 0) \
      PARAM(HELIX, WIDTH, "helix_width", 0.5, 0)) \
    VAR(CPOW3, "cpow3", JWILDFIRE, 0, \
      PARAM(CPOW3, R, "cpow3_r", 1.0, 0) \
      PARAM(CPOW3, D, "cpow3_d", 1.0, 0) \
      PARAM(CPOW3, DIVISOR, "cpow3_divisor", 1.0, 0) \
      PARAM(CPOW3, SPREAD, "cpow3_spread", 1.0, 0)) \
    VAR(LENS, "lens", JWILDFIRE, 0, ) \
    VAR(PROJECTIVE, "projective", JWILDFIRE, 0, \
      PARAM(PROJECTIVE, A, "projective_A", 0.0, 0) \
      PARAM(PROJECTIVE, B, "projective_B", 0.0, 0) \
      PARAM(PROJECTIVE, C, "projective_C", 1.0, 0) \
      PARAM(PROJECTIVE, A1, "projective_A1", 1.0, 0) \
      PARAM(PROJECTIVE, B1, "projective_B1", 0.0, 0) \
      PARAM(PROJECTIVE, C1, "projective_C1", 0.0, 0) \
      PARAM(PROJECTIVE, A2, "projective_A2", 0.0, 0) \
      PARAM(PROJECTIVE, B2, "projective_B2", 1.0, 0) \
      PARAM(PROJECTIVE, C2, "projective_C2", 0.0, 0)) \
    VAR(DEPTH_BLUR, "depth_blur", JWILDFIRE, 0, \
      PARAM(DEPTH_BLUR, POWER, "depth_blur_power", 5.0, 0) \
      PARAM(DEPTH_BLUR, RANGE, "depth_blur_range", 0.401623, 0) \
      PARAM(DEPTH_BLUR, BLUR, "depth_blur_blur", 1.0, 0) \
      PARAM(DEPTH_BLUR, RADIUS, "depth_blur_radius", 1.0, 0)) \
    VAR(DEPTH_BLUR2, "depth_blur2", JWILDFIRE, 0, \
      PARAM(DEPTH_BLUR2, POWER, "depth_blur2_power", 5.0, 0) \
      PARAM(DEPTH_BLUR2, RANGE, "depth_blur2_range", 0.401623, 0) \
      PARAM(DEPTH_BLUR2, BLUR, "depth_blur2_blur", 1.0, 0) \
      PARAM(DEPTH_BLUR2, RADIUS, "depth_blur2_radius", 1.0, 0) \
      PARAM(DEPTH_BLUR2, X0, "depth_blur2_x0", 0.0, 0) \
      PARAM(DEPTH_BLUR2, Y0, "depth_blur2_y0", 0.0, 0) \
      PARAM(DEPTH_BLUR2, MULX, "depth_blur2_mulx", 1.0, 0) \
      PARAM(DEPTH_BLUR2, MULY, "depth_blur2_muly", 1.0, 0) \
      PARAM(DEPTH_BLUR2, EXP, "depth_blur2_exp", 1.0, 0)) \
    VAR(DEPTH_GAUSSIAN, "depth_gaussian", JWILDFIRE, 0, \
      PARAM(DEPTH_GAUSSIAN, BLUR, "depth_gaussian_blur", 1.0, 0) \
      PARAM(DEPTH_GAUSSIAN, RADIUS, "depth_gaussian_radius", 1.0, 0)) \
    VAR(DEPTH_GAUSSIAN2, "depth_gaussian2", JWILDFIRE, 0, \
      PARAM(DEPTH_GAUSSIAN2, BLUR, "depth_gaussian2_blur", 1.0, 0) \
      PARAM(DEPTH_GAUSSIAN2, RADIUS, "depth_gaussian2_radius", 1.0, 0) \
      PARAM(DEPTH_GAUSSIAN2, X0, "depth_gaussian2_x0", 0.0, 0) \
      PARAM(DEPTH_GAUSSIAN2, Y0, "depth_gaussian2_y0", 0.0, 0) \
      PARAM(DEPTH_GAUSSIAN2, MULX, "depth_gaussian2_mulx", 1.0, 0) \
      PARAM(DEPTH_GAUSSIAN2, MULY, "depth_gaussian2_muly", 1.0, 0) \
      PARAM(DEPTH_GAUSSIAN2, EXP, "depth_gaussian2_exp", 1.0, 0)) \
    VAR(DEPTH_NGON, "depth_ngon", JWILDFIRE, 0, \
      PARAM(DEPTH_NGON, POWER, "depth_ngon_power", 5.0, 0) \
      PARAM(DEPTH_NGON, BLUR, "depth_ngon_blur", 1.0, 0) \
      PARAM(DEPTH_NGON, RADIUS, "depth_ngon_radius", 1.0, 0)) \
    VAR(DEPTH_NGON2, "depth_ngon2", JWILDFIRE, 0, \
      PARAM(DEPTH_NGON2, POWER, "depth_ngon2_power", 5.0, 0) \
      PARAM(DEPTH_NGON2, BLUR, "depth_ngon2_blur", 1.0, 0) \
      PARAM(DEPTH_NGON2, RADIUS, "depth_ngon2_radius", 1.0, 0) \
      PARAM(DEPTH_NGON2, X0, "depth_ngon2_x0", 0.0, 0) \
      PARAM(DEPTH_NGON2, Y0, "depth_ngon2_y0", 0.0, 0) \
      PARAM(DEPTH_NGON2, MULX, "depth_ngon2_mulx", 1.0, 0) \
      PARAM(DEPTH_NGON2, MULY, "depth_ngon2_muly", 1.0, 0) \
      PARAM(DEPTH_NGON2, EXP, "depth_ngon2_exp", 1.0, 0)) \
    VAR(DEPTH_SINE, "depth_sine", JWILDFIRE, 0, \
      PARAM(DEPTH_SINE, POWER, "depth_sine_power", 1.0, 0) \
      PARAM(DEPTH_SINE, BLUR, "depth_sine_blur", 1.0, 0) \
      PARAM(DEPTH_SINE, RADIUS, "depth_sine_radius", 1.0, 0)) \
    VAR(COTH_SPIRAL, "coth_spiral", JWILDFIRE, 0, \
      PARAM(COTH_SPIRAL, A, "coth_spiral_a", 4.0, 0)) \
    VAR(DUST, "dust", JWILDFIRE, 0, \
      PARAM(DUST, DENSITY, "dust_density", 5.0, 0) \
      PARAM(DUST, DISTORTION, "dust_distortion", 1.0, 0) \
      PARAM(DUST, POWER, "dust_power", 1.0, 0)) \
    VAR(ASTERIA, "asteria", JWILDFIRE, 0, \
      PARAM(ASTERIA, ALPHA, "asteria_alpha", 0.0, 0)) \
    VAR(PULSE, "pulse", JWILDFIRE, 0, \
      PARAM(PULSE, FREQX, "pulse_freqx", 2.0, 0) \
      PARAM(PULSE, FREQY, "pulse_freqy", 2.0, 0) \
      PARAM(PULSE, SCALEX, "pulse_scalex", 1.0, 0) \
      PARAM(PULSE, SCALEY, "pulse_scaley", 1.0, 0)) \
    VAR(EXCINIS, "excinis", JWILDFIRE, 0, \
      PARAM(EXCINIS, LENGTHSCALAR, "excinis_lengthscalar", 1.0, 0) \
      PARAM(EXCINIS, RADIUSFUNC, "excinis_radiusFunc", 0.0, 0) \
      PARAM(EXCINIS, EPS, "excinis_eps", 0.1, 0)) \
    VAR(VIBRATION, "vibration", JWILDFIRE, 0, \
      PARAM(VIBRATION, DIR, "vibration_dir", 0.0, 0) \
      PARAM(VIBRATION, ANGLE, "vibration_angle", 1.5707963267948966, 0) \
      PARAM(VIBRATION, FREQ, "vibration_freq", 1.0, 0) \
      PARAM(VIBRATION, AMP, "vibration_amp", 0.25, 0) \
      PARAM(VIBRATION, PHASE, "vibration_phase", 0.0, 0) \
      PARAM(VIBRATION, DIR2, "vibration_dir2", 1.5707963267948966, 0) \
      PARAM(VIBRATION, ANGLE2, "vibration_angle2", 1.5707963267948966, 0) \
      PARAM(VIBRATION, FREQ2, "vibration_freq2", 1.0, 0) \
      PARAM(VIBRATION, AMP2, "vibration_amp2", 0.25, 0) \
      PARAM(VIBRATION, PHASE2, "vibration_phase2", 0.0, 0)) \
    VAR(VIBRATION2, "vibration2", JWILDFIRE, 0, \
      PARAM(VIBRATION2, DIR, "vibration2_dir", 0.0, 0) \
      PARAM(VIBRATION2, ANGLE, "vibration2_angle", 1.5707963267948966, 0) \
      PARAM(VIBRATION2, FREQ, "vibration2_freq", 1.0, 0) \
      PARAM(VIBRATION2, AMP, "vibration2_amp", 0.25, 0) \
      PARAM(VIBRATION2, PHASE, "vibration2_phase", 0.0, 0) \
      PARAM(VIBRATION2, DIR2, "vibration2_dir2", 1.5707963267948966, 0) \
      PARAM(VIBRATION2, ANGLE2, "vibration2_angle2", 1.5707963267948966, 0) \
      PARAM(VIBRATION2, FREQ2, "vibration2_freq2", 1.0, 0) \
      PARAM(VIBRATION2, AMP2, "vibration2_amp2", 0.25, 0) \
      PARAM(VIBRATION2, PHASE2, "vibration2_phase2", 0.0, 0) \
      PARAM(VIBRATION2, DM, "vibration2_dm", 0.0, 0) \
      PARAM(VIBRATION2, DMFREQ, "vibration2_dmfreq", 0.0, 0) \
      PARAM(VIBRATION2, TM, "vibration2_tm", 0.0, 0) \
      PARAM(VIBRATION2, TMFREQ, "vibration2_tmfreq", 0.0, 0) \
      PARAM(VIBRATION2, FM, "vibration2_fm", 0.0, 0) \
      PARAM(VIBRATION2, FMFREQ, "vibration2_fmfreq", 0.0, 0) \
      PARAM(VIBRATION2, AM, "vibration2_am", 0.0, 0) \
      PARAM(VIBRATION2, AMFREQ, "vibration2_amfreq", 0.0, 0) \
      PARAM(VIBRATION2, DM2, "vibration2_dm2", 0.0, 0) \
      PARAM(VIBRATION2, DMFREQ2, "vibration2_dmfreq2", 0.0, 0) \
      PARAM(VIBRATION2, TM2, "vibration2_tm2", 0.0, 0) \
      PARAM(VIBRATION2, TMFREQ2, "vibration2_tmfreq2", 0.0, 0) \
      PARAM(VIBRATION2, FM2, "vibration2_fm2", 0.0, 0) \
      PARAM(VIBRATION2, FMFREQ2, "vibration2_fmfreq2", 0.0, 0) \
      PARAM(VIBRATION2, AM2, "vibration2_am2", 0.0, 0) \
      PARAM(VIBRATION2, AMFREQ2, "vibration2_amfreq2", 0.0, 0)) \
    VAR(ARCSECH, "arcsech", JWILDFIRE, 0, ) \
    VAR(ARCSECH2, "arcsech2", JWILDFIRE, 0, ) \
    VAR(ARCSINH, "arcsinh", JWILDFIRE, 0, ) \
    VAR(ARCTANH, "arctanh", JWILDFIRE, 0, ) \
    VAR(HEX_TRUCHET, "hex_truchet", JWILDFIRE, 0, \
      PARAM(HEX_TRUCHET, SIZE, "hex_truchet_size", 1.0, 0) \
      PARAM(HEX_TRUCHET, SIDE, "hex_truchet_side", 1.0, 0) \
      PARAM(HEX_TRUCHET, SEED, "hex_truchet_seed", 1.0, 0)) \
    VAR(HEX_RAND, "hex_rand", JWILDFIRE, 0, \
      PARAM(HEX_RAND, X, "hex_rand_x", 10.0, 0) \
      PARAM(HEX_RAND, Y, "hex_rand_y", 10.0, 0) \
      PARAM(HEX_RAND, SIZE, "hex_rand_size", 1.0, 0) \
      PARAM(HEX_RAND, POWER, "hex_rand_power", 1.0, 0) \
      PARAM(HEX_RAND, DENSITY, "hex_rand_density", 1.0, 0) \
      PARAM(HEX_RAND, SEED, "hex_rand_seed", 1.0, 0)) \
    VAR(SQUARES, "squares", JWILDFIRE, 0, \
      PARAM(SQUARES, CELLSIZE, "squares_cellsize", 0.0, 0) \
      PARAM(SQUARES, MIN, "squares_min", 0.0, 0) \
      PARAM(SQUARES, MAX, "squares_max", 10.0, 0) \
      PARAM(SQUARES, NUM, "squares_num", 10.0, 0) \
      PARAM(SQUARES, SEED, "squares_seed", 1.0, 0) \
      PARAM(SQUARES, ZERO, "squares_zero", 0.5, 0) \
      PARAM(SQUARES, ZERO_SEED, "squares_zero_seed", 1.0, 0)) \
    VAR(STARBLUR2, "starblur2", JWILDFIRE, 0, \
      PARAM(STARBLUR2, POWER, "starblur2_power", 5.0, 0) \
      PARAM(STARBLUR2, RANGE, "starblur2_range", 0.40162283177245456, 0) \
      PARAM(STARBLUR2, HOLE, "starblur2_hole", 0.5, 0) \
      PARAM(STARBLUR2, STRIPES, "starblur2_stripes", 5.0, 0) \
      PARAM(STARBLUR2, WIDTH, "starblur2_width", 0.2, 0)) \
    VAR(UNICORNGALOSHEN, "unicorngaloshen", JWILDFIRE, 0, \
      PARAM(UNICORNGALOSHEN, MULT_X, "unicorngaloshen_mult_x", 1.0, 0) \
      PARAM(UNICORNGALOSHEN, MULT_Y, "unicorngaloshen_mult_y", 1.0, 0) \
      PARAM(UNICORNGALOSHEN, SINE, "unicorngaloshen_sine", 0.0, 0) \
      PARAM(UNICORNGALOSHEN, SIN_X_AMPLITUDE, "unicorngaloshen_sin_x_amplitude", 1.0, 0) \
      PARAM(UNICORNGALOSHEN, SIN_X_FREQ, "unicorngaloshen_sin_x_freq", 0.1, 0) \
      PARAM(UNICORNGALOSHEN, SIN_Y_AMPLITUDE, "unicorngaloshen_sin_y_amplitude", 2.0, 0) \
      PARAM(UNICORNGALOSHEN, SIN_Y_FREQ, "unicorngaloshen_sin_y_freq", 0.2, 0) \
      PARAM(UNICORNGALOSHEN, MODE, "unicorngaloshen_mode", 0.0, 0)) \
    VAR(DRAGONFIRE, "dragonfire", JWILDFIRE, 0, \
      PARAM(DRAGONFIRE, C1, "dragonfire_c1", 0.5, 0) \
      PARAM(DRAGONFIRE, C2, "dragonfire_c2", 0.25, 0) \
      PARAM(DRAGONFIRE, FUZZYMODE, "dragonfire_fuzzyMode", 0.0, 0) \
      PARAM(DRAGONFIRE, FUZZYRADIUS, "dragonfire_fuzzyRadius", 1.0, 0) \
      PARAM(DRAGONFIRE, FUZZYINTERPOLATIONMODE, "dragonfire_fuzzyInterpolationMode", 0.0, 0) \
      PARAM(DRAGONFIRE, FUZZYINTERPOLATIONPOSITION, "dragonfire_fuzzyInterpolationPosition", 1.0, 0) \
      PARAM(DRAGONFIRE, LOGSCALARFUZZY, "dragonfire_logScalarFuzzy", 6.283185307179586, 0) \
      PARAM(DRAGONFIRE, ADJUSTEDFUZZYSCALAR, "dragonfire_adjustedFuzzyScalar", 0.5, 0)) \
    VAR(TRUCHET_INV, "Truchet_inv", JWILDFIRE, 0, \
      PARAM(TRUCHET_INV, EXPONENT, "Truchet_inv_exponent", 2.0, 0) \
      PARAM(TRUCHET_INV, ARC_WIDTH, "Truchet_inv_arc_width", 0.5, 0) \
      PARAM(TRUCHET_INV, ROTATION, "Truchet_inv_rotation", 0.0, 0) \
      PARAM(TRUCHET_INV, SIZE, "Truchet_inv_size", 1.0, 0) \
      PARAM(TRUCHET_INV, SEED, "Truchet_inv_seed", 1.0, 0)) \
    VAR(HENON, "henon", JWILDFIRE, 0, \
      PARAM(HENON, A, "henon_a", 0.5, 0) \
      PARAM(HENON, B, "henon_b", 1.0, 0)) \
    VAR(LOZI, "lozi", JWILDFIRE, 0, \
      PARAM(LOZI, A, "lozi_a", 0.5, 0) \
      PARAM(LOZI, B, "lozi_b", 1.0, 0)) \
    VAR(POINT_SYMMETRY, "point_symmetry", JWILDFIRE, 0, \
      PARAM(POINT_SYMMETRY, CENTRE_X, "point_symmetry_centre_x", 0.15, 0) \
      PARAM(POINT_SYMMETRY, CENTRE_Y, "point_symmetry_centre_y", 0.5, 0) \
      PARAM(POINT_SYMMETRY, ORDER, "point_symmetry_order", 3.0, 0)) \
    VAR(D_SPHERICAL, "d_spherical", JWILDFIRE, 0, \
      PARAM(D_SPHERICAL, WEIGHT, "d_spherical_weight", 0.5, 0)) \
    VAR(MODULUSX, "modulusx", JWILDFIRE, 0, \
      PARAM(MODULUSX, X, "modulusx_x", 1.0, 0) \
      PARAM(MODULUSX, SHIFT, "modulusx_shift", 0.0, 0)) \
    VAR(MODULUSY, "modulusy", JWILDFIRE, 0, \
      PARAM(MODULUSY, Y, "modulusy_y", 1.0, 0) \
      PARAM(MODULUSY, SHIFT, "modulusy_shift", 0.0, 0)) \
    VAR(ROTATE, "rotate", JWILDFIRE, 0, \
      PARAM(ROTATE, ANGLE, "rotate_angle", 0.0, 0)) \
    VAR(SHIFT, "shift", JWILDFIRE, 0, \
      PARAM(SHIFT, X, "shift_x", 0.0, 0) \
      PARAM(SHIFT, Y, "shift_y", 0.0, 0) \
      PARAM(SHIFT, ANGLE, "shift_angle", 0.0, 0)) \
    VAR(WAVES3, "waves3", JWILDFIRE, 0, \
      PARAM(WAVES3, SCALEX, "waves3_scalex", 0.05, 0) \
      PARAM(WAVES3, SCALEY, "waves3_scaley", 0.05, 0) \
      PARAM(WAVES3, FREQX, "waves3_freqx", 7.0, 0) \
      PARAM(WAVES3, FREQY, "waves3_freqy", 13.0, 0) \
      PARAM(WAVES3, SX_FREQ, "waves3_sx_freq", 0.0, 0) \
      PARAM(WAVES3, SY_FREQ, "waves3_sy_freq", 2.0, 0)) \
    VAR(WAVES4, "waves4", JWILDFIRE, 0, \
      PARAM(WAVES4, SCALEX, "waves4_scalex", 0.05, 0) \
      PARAM(WAVES4, SCALEY, "waves4_scaley", 0.05, 0) \
      PARAM(WAVES4, FREQX, "waves4_freqx", 7.0, 0) \
      PARAM(WAVES4, FREQY, "waves4_freqy", 13.0, 0) \
      PARAM(WAVES4, CONT, "waves4_cont", 0.0, 0) \
      PARAM(WAVES4, YFACT, "waves4_yfact", 0.1, 0)) \
    VAR(WAVES22, "waves22", JWILDFIRE, 0, \
      PARAM(WAVES22, SCALEX, "waves22_scalex", 0.05, 0) \
      PARAM(WAVES22, SCALEY, "waves22_scaley", 0.05, 0) \
      PARAM(WAVES22, FREQX, "waves22_freqx", 7.0, 0) \
      PARAM(WAVES22, FREQY, "waves22_freqy", 13.0, 0) \
      PARAM(WAVES22, MODEX, "waves22_modex", 0.0, 0) \
      PARAM(WAVES22, MODEY, "waves22_modey", 0.0, 0) \
      PARAM(WAVES22, POWERX, "waves22_powerx", 2.0, 0) \
      PARAM(WAVES22, POWERY, "waves22_powery", 2.0, 0)) \
    VAR(WAVES23, "waves23", JWILDFIRE, 0, \
      PARAM(WAVES23, SCALEX, "waves23_scalex", 0.05, 0) \
      PARAM(WAVES23, SCALEY, "waves23_scaley", 0.05, 0) \
      PARAM(WAVES23, FREQX, "waves23_freqx", 7.0, 0) \
      PARAM(WAVES23, FREQY, "waves23_freqy", 13.0, 0)) \
    VAR(WAVES42, "waves42", JWILDFIRE, 0, \
      PARAM(WAVES42, SCALEX, "waves42_scalex", 0.05, 0) \
      PARAM(WAVES42, SCALEY, "waves42_scaley", 0.05, 0) \
      PARAM(WAVES42, FREQX, "waves42_freqx", 7.0, 0) \
      PARAM(WAVES42, FREQY, "waves42_freqy", 13.0, 0) \
      PARAM(WAVES42, CONT, "waves42_cont", 0.0, 0) \
      PARAM(WAVES42, YFACT, "waves42_yfact", 0.1, 0) \
      PARAM(WAVES42, FREQX2, "waves42_freqx2", 1.0, 0)) \
    VAR(VIGNETTE, "vignette", JWILDFIRE, 0, \
      PARAM(VIGNETTE, POSX, "vignette_posx", 0.0, 0) \
      PARAM(VIGNETTE, POSY, "vignette_posy", 0.0, 0) \
      PARAM(VIGNETTE, INNER_RADIUS, "vignette_inner_radius", 0.5, 0) \
      PARAM(VIGNETTE, FADE_RADIUS, "vignette_fade_radius", 0.5, 0) \
      PARAM(VIGNETTE, POWER, "vignette_power", 4.0, 0) \
      PARAM(VIGNETTE, BLUR, "vignette_blur", 1.0, 0))

#endif
