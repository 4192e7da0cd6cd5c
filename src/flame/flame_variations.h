/*
 * flame_variations.h - the 99 flam3 variations: their names and parameters
 * (the table), and their evaluation.
 *
 * A variation's parameters live in one flat array per xform, indexed by the
 * global parameter index of fr_flame_params (variation v owns indices
 * fr_flame_vars[v].first .. first + nparam - 1), so a genome attribute name
 * maps to one slot whatever the variation.
 */
#ifndef FR_FLAME_VARIATIONS_H
#define FR_FLAME_VARIATIONS_H

#define FR_FLAME_NVAR 99    /* flam3 3.1.1's variations, in its order */
#define FR_FLAME_NPARAM 109 /* all their parameters */

typedef struct fr_flame_var_info {
    const char *name; /* genome attribute name, e.g. "julian" */
    int first;        /* index of its first parameter in fr_flame_params */
    int nparam;       /* number of parameters */
} fr_flame_var_info;

typedef struct fr_flame_param_info {
    const char *name; /* genome attribute name, e.g. "julian_power" */
    int var;          /* the variation it belongs to */
    double def;       /* flam3's default */
} fr_flame_param_info;

extern const fr_flame_var_info fr_flame_vars[FR_FLAME_NVAR];
extern const fr_flame_param_info fr_flame_params[FR_FLAME_NPARAM];

/* Index of the variation / parameter called `name`, or -1. Parameters are
 * also found under the other names flam3 3.1.1 reads (mobius_re_a and Re_A
 * for re_a, oscope_* for oscilloscope_*). */
int fr_flame_var_find(const char *name);
int fr_flame_param_find(const char *name);

#endif
