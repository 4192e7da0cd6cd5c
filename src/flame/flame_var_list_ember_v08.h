/*
 * flame_var_list_ember_v08.h - the variations of Ember's Variations08.h
 * that fractalis did not have, in that file's order (formulas in
 * flame_var_ember_v08.h); entries as in flame_var_list_flam3.h, names and
 * defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V08_H
#define FR_FLAME_VAR_LIST_EMBER_V08_H

#define FR_FLAME_VARS_EMBER_V08(VAR, PARAM) \
    VAR(INKDROP, "inkdrop", APOPHYSIS, 0, \
      PARAM(INKDROP, R, "inkdrop_r", 0.5, 0) \
      PARAM(INKDROP, X, "inkdrop_x", 0.0, 0) \
      PARAM(INKDROP, Y, "inkdrop_y", 0.0, 0)) \
    VAR(HEX_MODULUS, "hex_modulus", APOPHYSIS, 0, \
      PARAM(HEX_MODULUS, SIZE, "hex_modulus_size", 1.0, 0))

#endif
