/* flame_var_table.c - the variations' tables (fr_flame_vars,
 * fr_flame_params), generated from the registry's list (flame_var_list.h:
 * flam3's 99 in flam3 3.1.1's order, then those of Apophysis,
 * Ember/Fractorium and JWildfire), and the look-ups by name. */
#include <math.h>
#include <string.h>

#include "flame/flame_variations.h"

/* Generated from the registry's list (flame_var_list.h): a variation's
 * first parameter is FR_PF_ID, its parameter count the number of its P
 * entries. */
#define FR_VL_VAR_ROW(ID, NAME, ORIGIN, FLAGS, PARAMS) {NAME, FR_PF_##ID, 0 PARAMS, FR_VORIGIN_##ORIGIN, FLAGS},
#define FR_VL_PARAM_COUNT(ID, NAME, ATTR, DEF, EXTRA) +1
const fr_flame_var_info fr_flame_vars[FR_FLAME_NVAR] = {FR_FLAME_VAR_LIST(FR_VL_VAR_ROW, FR_VL_PARAM_COUNT)};

#define FR_VL_PARAM_ROW(ID, NAME, ATTR, DEF, EXTRA) {ATTR, FR_V_##ID, DEF, EXTRA},
const fr_flame_param_info fr_flame_params[FR_FLAME_NPARAM] = {FR_FLAME_VAR_LIST(FR_VL_PARAMS, FR_VL_PARAM_ROW)};

/* Other spellings of a variation's name that genome files carry. */
static const struct {
    const char *alias;
    const char *name;
} var_aliases[] = {
    {"spherical3D", "Spherical3D"}, /* JWildfire */
    {"TwinTrian", "twintrian"},     /* Ember's name of flam3's (the same formula) */
};

static int var_index(const char *name)
{
    for (int i = 0; i < FR_FLAME_NVAR; i++)
        if (strcmp(fr_flame_vars[i].name, name) == 0)
            return i;
    return -1;
}

int fr_flame_var_find(const char *name)
{
    int i = var_index(name);
    if (i >= 0)
        return i;
    for (size_t k = 0; k < sizeof var_aliases / sizeof var_aliases[0]; k++)
        if (strcmp(var_aliases[k].alias, name) == 0)
            return var_index(var_aliases[k].name);
    return -1;
}

const char *fr_flame_var_origin_name(int origin)
{
    static const char *const names[] = {"flam3", "Apophysis", "Ember", "JWildfire"};
    return origin >= 0 && origin < 4 ? names[origin] : "?";
}

int fr_flame_slot_split(const char *name, const char **base)
{
    *base = name;
    if (!strncmp(name, "pre_", 4)) {
        *base = name + 4;
        return FR_SLOT_PRE;
    }
    if (!strncmp(name, "post_", 5)) {
        *base = name + 5;
        return FR_SLOT_POST;
    }
    return FR_SLOT_REG;
}

/* Other names flam3 3.1.1's parser accepts for a parameter: it writes the
 * mobius parameters as mobius_re_a .. and also reads Apophysis's Re_A ..,
 * and reads oscilloscope_* also as oscope_*. Case matters, as in flam3. */
static const struct {
    const char *alias;
    const char *name;
} param_aliases[] = {
    {"mobius_re_a", "re_a"}, {"mobius_im_a", "im_a"}, {"mobius_re_b", "re_b"},
    {"mobius_im_b", "im_b"}, {"mobius_re_c", "re_c"}, {"mobius_im_c", "im_c"},
    {"mobius_re_d", "re_d"}, {"mobius_im_d", "im_d"},
    {"Re_A", "re_a"}, {"Im_A", "im_a"}, {"Re_B", "re_b"}, {"Im_B", "im_b"},
    {"Re_C", "re_c"}, {"Im_C", "im_c"}, {"Re_D", "re_d"}, {"Im_D", "im_d"},
    {"oscope_separation", "oscilloscope_separation"},
    {"oscope_frequency", "oscilloscope_frequency"},
    {"oscope_amplitude", "oscilloscope_amplitude"},
    {"oscope_damping", "oscilloscope_damping"},
};

static int param_index(const char *name)
{
    for (int i = 0; i < FR_FLAME_NPARAM; i++)
        if (strcmp(fr_flame_params[i].name, name) == 0)
            return i;
    return -1;
}

int fr_flame_param_find(const char *name)
{
    int i = param_index(name);
    if (i >= 0)
        return i;
    for (size_t k = 0; k < sizeof param_aliases / sizeof param_aliases[0]; k++)
        if (strcmp(param_aliases[k].alias, name) == 0)
            return param_index(param_aliases[k].name);
    return -1;
}

/* Parameters Ember writes that it computes from others on reading (its
 * precalc overwrites them): read and dropped, so no warning. */
int fr_flame_param_derived(const char *name)
{
    static const char *const derived[] = {
        "auger_half_scale", /* auger_scale / 2 */
    };
    for (size_t k = 0; k < sizeof derived / sizeof derived[0]; k++)
        if (!strcmp(name, derived[k])) return 1;
    return 0;
}

/* Variation indices are stored as fr_flame_var_id. */
_Static_assert(FR_FLAME_NVAR <= 65536, "fr_flame_var_id holds every variation index");
