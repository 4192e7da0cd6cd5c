/*
 * flame_var_list_ember_v10.h - the Ember variations that, as regular
 * variations, read or zero the sum so far (Ember's outPoint: the sum of the
 * variations before them in the xform; formulas and how the walker hands
 * them that sum in flame_var_ember_v10.h): from Variations05.h cubic3D,
 * cubicLattice_3D, popcorn2_3D, hexcrop; Variations07.h concentric,
 * hypershift, hypershift2; Variations06.h octapol; Variations02.h
 * extrude; Variations03.h roundspher3D; and Variations06.h crob, which as
 * a regular variation overwrites the affine image instead. Entries as in flame_var_list_flam3.h, names and defaults
 * Ember's (what its Precalc derives is not a parameter: worked out in the
 * formula).
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V10_H
#define FR_FLAME_VAR_LIST_EMBER_V10_H

#define FR_FLAME_VARS_EMBER_V10(VAR, PARAM) \
    VAR(CUBIC3D, "cubic3D", APOPHYSIS, FR_VF_3D, \
      PARAM(CUBIC3D, XPAND, "cubic3D_xpand", 0.25, 0) \
      PARAM(CUBIC3D, STYLE, "cubic3D_style", 0.0, 0)) \
    VAR(CUBIC_LATTICE3D, "cubicLattice_3D", APOPHYSIS, FR_VF_3D, \
      PARAM(CUBIC_LATTICE3D, XPAND, "cubicLattice_3D_xpand", 0.2, 0) \
      PARAM(CUBIC_LATTICE3D, STYLE, "cubicLattice_3D_style", 1.0, 0)) \
    VAR(POPCORN2_3D, "popcorn2_3D", APOPHYSIS, FR_VF_3D, \
      PARAM(POPCORN2_3D, X, "popcorn2_3D_x", 0.1, 0) \
      PARAM(POPCORN2_3D, Y, "popcorn2_3D_y", 0.1, 0) \
      PARAM(POPCORN2_3D, Z, "popcorn2_3D_z", 0.1, 0) \
      PARAM(POPCORN2_3D, C, "popcorn2_3D_c", 3.0, 0)) \
    VAR(HEXCROP, "hexcrop", APOPHYSIS, FR_VF_3D, \
      PARAM(HEXCROP, SCALE_X, "hexcrop_scale_x", 1.0, 0) \
      PARAM(HEXCROP, SCALE_Y, "hexcrop_scale_y", 1.0, 0) \
      PARAM(HEXCROP, CENTER_X, "hexcrop_center_x", 0.0, 0) \
      PARAM(HEXCROP, CENTER_Y, "hexcrop_center_y", 0.0, 0) \
      PARAM(HEXCROP, DROPOFF, "hexcrop_dropoff", 1e10, 0)) \
    VAR(CONCENTRIC, "concentric", JWILDFIRE, FR_VF_SUM | FR_VF_3D, \
      PARAM(CONCENTRIC, RADIUS, "concentric_radius", 1.0, 0) \
      PARAM(CONCENTRIC, DENSITY, "concentric_density", 10.0, 0) \
      PARAM(CONCENTRIC, R_BLUR, "concentric_R_blur", 0.0, 0) \
      PARAM(CONCENTRIC, Z_BLUR, "concentric_Z_blur", 0.0, 0)) \
    VAR(HYPERSHIFT, "hypershift", JWILDFIRE, 0, \
      PARAM(HYPERSHIFT, SHIFT, "hypershift_shift", 0.01, 0)) \
    VAR(HYPERSHIFT2, "hypershift2", JWILDFIRE, FR_VF_3D, \
      PARAM(HYPERSHIFT2, P, "hypershift2_p", 3.0, 0) \
      PARAM(HYPERSHIFT2, Q, "hypershift2_q", 7.0, 0)) \
    VAR(OCTAPOL, "octapol", APOPHYSIS, FR_VF_3D, \
      PARAM(OCTAPOL, POLARWEIGHT, "octapol_polarweight", 0.0, 0) \
      PARAM(OCTAPOL, RADIUS, "octapol_radius", 1.0, 0) \
      PARAM(OCTAPOL, S, "octapol_s", 0.5, 0) \
      PARAM(OCTAPOL, T, "octapol_t", 0.5, 0)) \
    VAR(EXTRUDE, "extrude", APOPHYSIS, FR_VF_3D, \
      PARAM(EXTRUDE, ROOT_FACE, "extrude_root_face", 0.5, 0)) \
    VAR(ROUNDSPHER3D, "roundspher3D", APOPHYSIS, FR_VF_3D, ) \
    VAR(CROB, "crob", APOPHYSIS, 0, \
      PARAM(CROB, TOP, "crob_top", -1.0, 0) \
      PARAM(CROB, BOTTOM, "crob_bottom", 1.0, 0) \
      PARAM(CROB, LEFT, "crob_left", -1.0, 0) \
      PARAM(CROB, RIGHT, "crob_right", 1.0, 0) \
      PARAM(CROB, BLUR, "crob_blur", 1.0, 0) \
      PARAM(CROB, RATIOBLUR, "crob_ratioBlur", 0.5, 0) \
      PARAM(CROB, DIRECTBLUR, "crob_directBlur", 2.0, 0))

#endif
