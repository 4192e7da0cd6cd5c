/*
 * flame_var_list_ember_corpus.h - Ember variations the corpus's genomes
 * use, taken after the first ones (formulas in flame_var_ember_corpus.h);
 * entries as in flame_var_list_flam3.h, names and defaults Ember's.
 */
#ifndef FR_FLAME_VAR_LIST_EMBER_CORPUS_H
#define FR_FLAME_VAR_LIST_EMBER_CORPUS_H

#define FR_FLAME_VARS_EMBER_CORPUS(VAR, PARAM) \
    VAR(DEPTH, "depth", EMBER, FR_VF_3D, /* Ember's (genomes write post_depth) */ \
      PARAM(DEPTH, POWER, "depth_power", 1.0, 0)) \
    VAR(NBLUR, "nBlur", APOPHYSIS, 0, \
      PARAM(NBLUR, NUMEDGES, "nBlur_numEdges", 3.0, 0) \
      PARAM(NBLUR, NUMSTRIPES, "nBlur_numStripes", 0.0, 0) \
      PARAM(NBLUR, RATIOSTRIPES, "nBlur_ratioStripes", 1.0, 0) \
      PARAM(NBLUR, RATIOHOLE, "nBlur_ratioHole", 0.0, 0) \
      PARAM(NBLUR, CIRCUMCIRCLE, "nBlur_circumCircle", 0.0, 0) \
      PARAM(NBLUR, ADJUSTTOLINEAR, "nBlur_adjustToLinear", 1.0, 0) \
      PARAM(NBLUR, EQUALBLUR, "nBlur_equalBlur", 1.0, 0) \
      PARAM(NBLUR, EXACTCALC, "nBlur_exactCalc", 0.0, 0) \
      PARAM(NBLUR, HIGHLIGHTEDGES, "nBlur_highlightEdges", 1.0, 0))

#endif
