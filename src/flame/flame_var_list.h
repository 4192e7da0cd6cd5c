/*
 * flame_var_list.h - the registry of variations as one list, from which
 * everything indexed by variation or parameter is generated: the indices
 * FR_V_* and FR_P_*, FR_FLAME_NVAR, FR_FLAME_NPARAM (here), the tables
 * fr_flame_vars and fr_flame_params (flame_var_table.c).
 *
 * The list is the groups' lists in turn (flame_var_list_*.h, one a group
 * of variations), each entry
 *   VAR(ID, "name", ORIGIN, FLAGS, PARAM(ID, NAME, "attribute", default, extra) ...)
 * (the params argument empty for a variation without parameters; the
 * list's macro arguments are VAR and PARAM, not single letters, which
 * parameter names such as P or X would meet). A
 * variation's index is its place in the list, its parameters' indices
 * follow one another in the same order: adding a variation is adding its
 * entry to its group's list (a new group: a new list, appended to
 * FR_FLAME_VAR_LIST), its formula and its call (flame_var_calls.h);
 * nothing is numbered by hand. flam3's 99 come first, in flam3's order.
 */
#ifndef FR_FLAME_VAR_LIST_H
#define FR_FLAME_VAR_LIST_H

#include "flame/flame_var_list_ember.h"
#include "flame/flame_var_list_ember_corpus.h"
#include "flame/flame_var_list_ember_v01.h"
#include "flame/flame_var_list_ember_v02.h"
#include "flame/flame_var_list_ember_v03.h"
#include "flame/flame_var_list_ember_v04.h"
#include "flame/flame_var_list_ember_v05.h"
#include "flame/flame_var_list_ember_v06.h"
#include "flame/flame_var_list_ember_v07.h"
#include "flame/flame_var_list_ember_v08.h"
#include "flame/flame_var_list_ember_v09.h"
#include "flame/flame_var_list_ember_v10.h"
#include "flame/flame_var_list_ember_v11.h"
#include "flame/flame_var_list_flam3.h"

/* Every variation beyond flam3's, group after group. */
#define FR_FLAME_VAR_LIST_BEYOND(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_COMMON(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_RARE(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_CORPUS(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V01(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V02(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V03(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V04(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V05(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V06(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V07(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V08(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V09(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V10(VAR, PARAM) \
    FR_FLAME_VARS_EMBER_V11(VAR, PARAM)

#define FR_FLAME_VAR_LIST(VAR, PARAM) FR_FLAME_VARS_FLAM3(VAR, PARAM) FR_FLAME_VAR_LIST_BEYOND(VAR, PARAM)

/* The pieces of an entry that the generators below take or leave. */
#define FR_VL_NONE(...)
#define FR_VL_PARAMS(ID, NAME, ORIGIN, FLAGS, PARAMS) PARAMS

/* Variation indices: FR_V_ID, flam3's first (FR_FLAME_NVAR_FLAM3 of them). */
#define FR_VL_VAR_ENUM(ID, NAME, ORIGIN, FLAGS, PARAMS) FR_V_##ID,
enum {
    FR_FLAME_VARS_FLAM3(FR_VL_VAR_ENUM, FR_VL_NONE)
    FR_FLAME_NVAR_FLAM3,
    FR_VL_NVAR_FLAM3_BACK = FR_FLAME_NVAR_FLAM3 - 1,
    FR_FLAME_VAR_LIST_BEYOND(FR_VL_VAR_ENUM, FR_VL_NONE)
    FR_FLAME_NVAR /* all variations */
};

/* Parameter indices: FR_P_ID_NAME, and FR_PF_ID, the index of variation
 * ID's first parameter (an enumerator that the next one steps back to,
 * so it takes no index of its own). */
#define FR_VL_PARAM_ENUM(ID, NAME, ATTR, DEF, EXTRA) FR_P_##ID##_##NAME,
#define FR_VL_FIRST_ENUM(ID, NAME, ORIGIN, FLAGS, PARAMS) FR_PF_##ID, FR_PF_##ID##_BACK = FR_PF_##ID - 1, PARAMS
#define FR_VL_EXTRA_COUNT(ID, NAME, ATTR, DEF, EXTRA) +(EXTRA)
enum {
    FR_FLAME_VARS_FLAM3(FR_VL_FIRST_ENUM, FR_VL_PARAM_ENUM)
    FR_FLAME_PEND_FLAM3, /* flam3's variations' parameters: the indices below it */
    FR_VL_PEND_FLAM3_BACK = FR_FLAME_PEND_FLAM3 - 1,
    FR_FLAME_VAR_LIST_BEYOND(FR_VL_FIRST_ENUM, FR_VL_PARAM_ENUM)
    FR_FLAME_NPARAM, /* all their parameters */
    /* flam3's own parameters (those below FR_FLAME_PEND_FLAM3 less Ember's
       extra ones among them: waves2_freqz, _scalez and log_base) */
    FR_FLAME_NPARAM_FLAM3 = FR_FLAME_PEND_FLAM3 - (0 FR_FLAME_VARS_FLAM3(FR_VL_PARAMS, FR_VL_EXTRA_COUNT))
};

/* A parameter's place among its variation's own (FR_PL_ID_NAME = FR_P_ID_NAME
 * - FR_PF_ID): a prepared xform keeps only its variations' parameters, each
 * variation's in a block of its own (fr_flame_xform_pre.prm), which the
 * formulas read through fr_flame_vctx.pv. */
#define FR_VL_LOCAL_ENUM(ID, NAME, ATTR, DEF, EXTRA) FR_PL_##ID##_##NAME = FR_P_##ID##_##NAME - FR_PF_##ID,
enum { FR_FLAME_VAR_LIST(FR_VL_PARAMS, FR_VL_LOCAL_ENUM) FR_VL_LOCAL_END };

#endif
