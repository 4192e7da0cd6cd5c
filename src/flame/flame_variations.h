/*
 * flame_variations.h - the variations: flam3 3.1.1's 99 in its order, then
 * those of Apophysis, Ember/Fractorium and JWildfire that real genomes use;
 * their names and parameters (the table), and their evaluation.
 *
 * The registry is one list (flame_var_list.h) from which the indices and
 * the tables are generated. A variation's parameters live in one flat array
 * per xform, indexed by the global parameter index of fr_flame_params (variation v owns indices
 * fr_flame_vars[v].first .. first + nparam - 1), so a genome attribute name
 * maps to one slot whatever the variation.
 */
#ifndef FR_FLAME_VARIATIONS_H
#define FR_FLAME_VARIATIONS_H

#include <stdint.h>

#include "flame/flame_var_list.h" /* FR_V_*, FR_P_*, FR_FLAME_NVAR(_FLAM3), FR_FLAME_NPARAM(_FLAM3) */

#define FR_FLAME_MAX_PREPOST 8 /* pre_ (or post_) variations an xform may have, as Ember */

/* A variation's index where one is stored (xforms' lists of active ones). */
typedef uint16_t fr_flame_var_id;

/* Where a variation comes from: the program that introduced it (whose
 * genome files carry it). */
typedef enum fr_flame_var_origin {
    FR_VORIGIN_FLAM3 = 0,
    FR_VORIGIN_APOPHYSIS = 1, /* Apophysis and its plugins (7X and its 3D hack included) */
    FR_VORIGIN_EMBER = 2,     /* Ember / Fractorium */
    FR_VORIGIN_JWILDFIRE = 3
} fr_flame_var_origin;

/* fr_flame_var_info.flags */
enum {
    FR_VF_SUM = 1, /* its pre_/post_ form adds to the point (Ember's ASSIGNTYPE_SUM: the
                      formula does not read the point) instead of replacing it */
    FR_VF_3D = 2   /* reads or writes z */
};

typedef struct fr_flame_var_info {
    const char *name; /* genome attribute name, e.g. "julian" */
    int first;        /* index of its first parameter in fr_flame_params */
    int nparam;       /* number of parameters */
    int origin;       /* fr_flame_var_origin */
    int flags;        /* FR_VF_* */
} fr_flame_var_info;

typedef struct fr_flame_param_info {
    const char *name; /* genome attribute name, e.g. "julian_power" */
    int var;          /* the variation it belongs to */
    double def;       /* flam3's default */
    int extra;        /* 1: Ember's parameter of a flam3 variation (waves2_scalez, log_base): written
                         only when not its default, so flam3 genomes write as flam3 writes them */
} fr_flame_param_info;

extern const fr_flame_var_info fr_flame_vars[FR_FLAME_NVAR];
extern const fr_flame_param_info fr_flame_params[FR_FLAME_NPARAM];

/* Index of the variation / parameter called `name`, or -1. Parameters are
 * also found under the other names flam3 3.1.1 reads (mobius_re_a and Re_A
 * for re_a, oscope_* for oscilloscope_*), variations under the other
 * spellings their programs write (spherical3D for Spherical3D). */
int fr_flame_var_find(const char *name);
int fr_flame_param_find(const char *name);

/* 1 when `name` is a parameter Ember writes but derives from others when
 * it reads (auger_half_scale): a reader drops it. */
int fr_flame_param_derived(const char *name);

/* The names of an origin ("flam3", "Apophysis", "Ember", "JWildfire"). */
const char *fr_flame_var_origin_name(int origin);

/* Ember's pre_ and post_ forms: the slot of a name (0 regular, 1 "pre_",
 * 2 "post_") and the name without its prefix in *base. */
enum { FR_SLOT_REG = 0, FR_SLOT_PRE = 1, FR_SLOT_POST = 2 };
int fr_flame_slot_split(const char *name, const char **base);

#endif
