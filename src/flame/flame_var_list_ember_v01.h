/*
 * flame_var_list_ember_v01.h - the variations of Ember's Variations01.h
 * that fractalis did not have, in that file's order (formulas in
 * flame_var_ember_v01.h); entries as in flame_var_list_flam3.h, names and
 * defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_V01_H
#define FR_FLAME_VAR_LIST_EMBER_V01_H

#define FR_FLAME_VARS_EMBER_V01(VAR, PARAM) \
    VAR(SWIRL3, "swirl3", EMBER, 0, \
      PARAM(SWIRL3, SHIFT, "swirl3_shift", 0.5, 0)) \
    VAR(SWIRL3R, "swirl3r", EMBER, 0, \
      PARAM(SWIRL3R, SHIFT, "swirl3r_shift", 0.5, 0) \
      PARAM(SWIRL3R, MIN, "swirl3r_min", 0.5, 0) \
      PARAM(SWIRL3R, MAX, "swirl3r_max", 1.0, 0)) \
    VAR(RAYS1, "rays1", JWILDFIRE, FR_VF_3D, ) \
    VAR(RAYS2, "rays2", JWILDFIRE, FR_VF_3D, ) \
    VAR(RAYS3, "rays3", JWILDFIRE, FR_VF_3D, ) \
    VAR(FLOWERDB, "flowerdb", APOPHYSIS, 0, \
      PARAM(FLOWERDB, PETALS, "flowerdb_petals", 6.0, 0) \
      PARAM(FLOWERDB, PETAL_SPLIT, "flowerdb_petal_split", 0.0, 0) \
      PARAM(FLOWERDB, PETAL_SPREAD, "flowerdb_petal_spread", 1.0, 0)) \
    VAR(OSCILLOSCOPE2, "oscilloscope2", APOPHYSIS, 0, \
      PARAM(OSCILLOSCOPE2, SEPARATION, "oscilloscope2_separation", 1.0, 0) \
      PARAM(OSCILLOSCOPE2, FREQUENCYX, "oscilloscope2_frequencyx", M_PI, 0) \
      PARAM(OSCILLOSCOPE2, FREQUENCYY, "oscilloscope2_frequencyy", M_PI, 0) \
      PARAM(OSCILLOSCOPE2, AMPLITUDE, "oscilloscope2_amplitude", 1.0, 0) \
      PARAM(OSCILLOSCOPE2, PERTURBATION, "oscilloscope2_perturbation", 1.0, 0) \
      PARAM(OSCILLOSCOPE2, DAMPING, "oscilloscope2_damping", 0.0, 0)) \
    VAR(SCRY2, "scry2", APOPHYSIS, 0, \
      PARAM(SCRY2, POWER, "scry2_power", 4.0, 0)) \
    VAR(EXP2, "exp2", EMBER, 0, ) \
    VAR(TANH_SPIRAL, "tanh_spiral", EMBER, 0, \
      PARAM(TANH_SPIRAL, A, "tanh_spiral_a", 4.0, 0))

#endif
