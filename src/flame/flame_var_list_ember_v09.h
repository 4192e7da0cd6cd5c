/*
 * flame_var_list_ember_v09.h - the Ember variations whose Precalc
 * rewrites their own parameters (formulas, and how the rewriting is done
 * without touching the genome's values, in flame_var_ember_v09.h): from
 * Variations03.h MobiusN, collideoscope, GlynnSim1, GlynnSim2; from
 * Variations02.h wavesn; Variations06.h bubbleT3D; Variations07.h
 * sphereblur, depth_sine2, smartshape, hypercrop, Truchet_glyph;
 * Variations05.h CircleTrans1; Variations04.h Truchet. Entries as in
 * flame_var_list_flam3.h, names and defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V09_H
#define FR_FLAME_VAR_LIST_EMBER_V09_H

#define FR_FLAME_VARS_EMBER_V09(VAR, PARAM) \
    VAR(MOBIUSN, "MobiusN", APOPHYSIS, 0, \
      PARAM(MOBIUSN, RE_A, "MobiusNRe_A", 1.0, 0) \
      PARAM(MOBIUSN, IM_A, "MobiusNIm_A", 0.0, 0) \
      PARAM(MOBIUSN, RE_B, "MobiusNRe_B", 0.0, 0) \
      PARAM(MOBIUSN, IM_B, "MobiusNIm_B", 0.0, 0) \
      PARAM(MOBIUSN, RE_C, "MobiusNRe_C", 0.0, 0) \
      PARAM(MOBIUSN, IM_C, "MobiusNIm_C", 0.0, 0) \
      PARAM(MOBIUSN, RE_D, "MobiusNRe_D", 1.0, 0) \
      PARAM(MOBIUSN, IM_D, "MobiusNIm_D", 0.0, 0) \
      PARAM(MOBIUSN, POWER, "MobiusN_Power", 2.0, 0) \
      PARAM(MOBIUSN, DIST, "MobiusN_Dist", 1.0, 0)) \
    VAR(COLLIDEOSCOPE, "collideoscope", APOPHYSIS, 0, \
      PARAM(COLLIDEOSCOPE, A, "collideoscope_a", 0.0, 0) \
      PARAM(COLLIDEOSCOPE, NUM, "collideoscope_num", 1.0, 0)) \
    VAR(WAVESN, "wavesn", APOPHYSIS, 0, \
      PARAM(WAVESN, FREQX, "wavesn_freqx", 2.0, 0) \
      PARAM(WAVESN, FREQY, "wavesn_freqy", 2.0, 0) \
      PARAM(WAVESN, SCALEX, "wavesn_scalex", 1.0, 0) \
      PARAM(WAVESN, SCALEY, "wavesn_scaley", 1.0, 0) \
      PARAM(WAVESN, INCX, "wavesn_incx", 0.0, 0) \
      PARAM(WAVESN, INCY, "wavesn_incy", 0.0, 0) \
      PARAM(WAVESN, POWER, "wavesn_power", 1.0, 0)) \
    VAR(BUBBLET3D, "bubbleT3D", APOPHYSIS, FR_VF_3D, \
      PARAM(BUBBLET3D, NUMBER_OF_STRIPES, "bubbleT3D_number_of_stripes", 0.0, 0) \
      PARAM(BUBBLET3D, RATIO_OF_STRIPES, "bubbleT3D_ratio_of_stripes", 1.0, 0) \
      PARAM(BUBBLET3D, ANGLE_OF_HOLE, "bubbleT3D_angle_of_hole", 0.0, 0) \
      PARAM(BUBBLET3D, EXPONENTZ, "bubbleT3D_exponentZ", 1.0, 0) \
      PARAM(BUBBLET3D, SYMMETRYZ, "bubbleT3D_symmetryZ", 0.0, 0) \
      PARAM(BUBBLET3D, MODUSBLUR, "bubbleT3D_modusBlur", 0.0, 0)) \
    VAR(SPHEREBLUR, "sphereblur", JWILDFIRE, FR_VF_SUM | FR_VF_3D, \
      PARAM(SPHEREBLUR, POWER, "sphereblur_power", 1.0, 0)) \
    VAR(DEPTH_SINE2, "depth_sine2", JWILDFIRE, 0, \
      PARAM(DEPTH_SINE2, POWER, "depth_sine2_power", 1.0, 0) \
      PARAM(DEPTH_SINE2, BLUR, "depth_sine2_blur", 1.0, 0) \
      PARAM(DEPTH_SINE2, RADIUS, "depth_sine2_radius", 1.0, 0) \
      PARAM(DEPTH_SINE2, X0, "depth_sine2_x0", 0.0, 0) \
      PARAM(DEPTH_SINE2, Y0, "depth_sine2_y0", 0.0, 0) \
      PARAM(DEPTH_SINE2, MULX, "depth_sine2_mulx", 1.0, 0) \
      PARAM(DEPTH_SINE2, MULY, "depth_sine2_muly", 1.0, 0) \
      PARAM(DEPTH_SINE2, EXP, "depth_sine2_exp", 1.0, 0)) \
    VAR(SMARTSHAPE, "smartshape", JWILDFIRE, 0, \
      PARAM(SMARTSHAPE, POWER, "smartshape_power", 4.0, 0) \
      PARAM(SMARTSHAPE, ROUNDSTR, "smartshape_roundstr", 0.0, 0) \
      PARAM(SMARTSHAPE, ROUNDWIDTH, "smartshape_roundwidth", 1.0, 0) \
      PARAM(SMARTSHAPE, DISTORTION, "smartshape_distortion", 1.0, 0) \
      PARAM(SMARTSHAPE, COMPENSATION, "smartshape_compensation", 0.0, 0)) \
    VAR(HYPERCROP, "hypercrop", JWILDFIRE, FR_VF_3D, \
      PARAM(HYPERCROP, N, "hypercrop_n", 4.0, 0) \
      PARAM(HYPERCROP, RAD, "hypercrop_rad", 1.0, 0) \
      PARAM(HYPERCROP, ZERO, "hypercrop_zero", 0.0, 0)) \
    VAR(TRUCHET_GLYPH, "Truchet_glyph", JWILDFIRE, 0, \
      PARAM(TRUCHET_GLYPH, EXPONENT, "Truchet_glyph_exponent", 2.0, 0) \
      PARAM(TRUCHET_GLYPH, ARC_WIDTH, "Truchet_glyph_arc_width", 0.5, 0) \
      PARAM(TRUCHET_GLYPH, AMP, "Truchet_glyph_amp", 6.0, 0) \
      PARAM(TRUCHET_GLYPH, MAX, "Truchet_glyph_max", 0.9, 0) \
      PARAM(TRUCHET_GLYPH, ANGLE, "Truchet_glyph_angle", 45.0, 0) \
      PARAM(TRUCHET_GLYPH, SEED, "Truchet_glyph_seed", 1.0, 0)) \
    VAR(GLYNNSIM1, "GlynnSim1", APOPHYSIS, 0, \
      PARAM(GLYNNSIM1, RADIUS, "GlynnSim1_radius", 1.0, 0) \
      PARAM(GLYNNSIM1, RADIUS1, "GlynnSim1_radius1", 0.1, 0) \
      PARAM(GLYNNSIM1, PHI1, "GlynnSim1_phi1", 0.0, 0) \
      PARAM(GLYNNSIM1, THICKNESS, "GlynnSim1_thickness", 0.1, 0) \
      PARAM(GLYNNSIM1, CONTRAST, "GlynnSim1_contrast", 1.5, 0) \
      PARAM(GLYNNSIM1, POW, "GlynnSim1_pow", 0.5, 0)) \
    VAR(GLYNNSIM2, "GlynnSim2", APOPHYSIS, 0, \
      PARAM(GLYNNSIM2, RADIUS, "GlynnSim2_radius", 1.0, 0) \
      PARAM(GLYNNSIM2, THICKNESS, "GlynnSim2_thickness", 0.1, 0) \
      PARAM(GLYNNSIM2, CONTRAST, "GlynnSim2_contrast", 0.5, 0) \
      PARAM(GLYNNSIM2, POW, "GlynnSim2_pow", 1.5, 0) \
      PARAM(GLYNNSIM2, PHI1, "GlynnSim2_Phi1", 0.0, 0) \
      PARAM(GLYNNSIM2, PHI2, "GlynnSim2_Phi2", 360.0, 0)) \
    VAR(CIRCLETRANS1, "CircleTrans1", APOPHYSIS, 0, \
      PARAM(CIRCLETRANS1, SC, "CircleTrans1_Sc", 1.0, 0) \
      PARAM(CIRCLETRANS1, DENS, "CircleTrans1_Dens", 0.5, 0) \
      PARAM(CIRCLETRANS1, X, "CircleTrans1_X", 10.0, 0) \
      PARAM(CIRCLETRANS1, Y, "CircleTrans1_Y", 10.0, 0) \
      PARAM(CIRCLETRANS1, SEED, "CircleTrans1_Seed", 0.0, 0)) \
    VAR(TRUCHET, "Truchet", APOPHYSIS, 0, \
      PARAM(TRUCHET, EXTENDED, "Truchet_extended", 1.0, 0) \
      PARAM(TRUCHET, EXPONENT, "Truchet_exponent", 2.0, 0) \
      PARAM(TRUCHET, ARC_WIDTH, "Truchet_arc_width", 0.5, 0) \
      PARAM(TRUCHET, ROTATION, "Truchet_rotation", 0.0, 0) \
      PARAM(TRUCHET, SIZE, "Truchet_size", 1.0, 0) \
      PARAM(TRUCHET, SEED, "Truchet_seed", 50.0, 0))

#endif
