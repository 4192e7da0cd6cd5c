/* The variation registry (flame_var_list.h): generated from one list, it
 * keeps flam3's 99 variations and their parameters at flam3's indices
 * (var="..." lists, var1 and flam3 genomes depend on them), holds every
 * index in a variation id, and its names are unique. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"

/* The first parameter index of each of flam3's 99 variations, as the
 * hand-numbered table before the generated one had them. */
static const int flam3_first[99] = {
    0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,   0,   3,
    7,  9,  10, 10, 10, 10, 12, 12, 14, 16, 16, 16, 17, 20, 24, 26, 28, 28, 28, 28, 28, 28, 28,  28,  28,
    30, 36, 38, 40, 42, 44, 45, 45, 45, 46, 49, 53, 53, 53, 54, 54, 59, 59, 59, 61, 65, 65, 68,  68,  72,
    74, 76, 78, 82, 86, 90, 92, 98, 98, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 103, 104,
};

static void test_flam3_indices_unchanged(void **state)
{
    (void)state;
    assert_int_equal(FR_FLAME_NVAR_FLAM3, 99);
    assert_int_equal(FR_FLAME_NPARAM_FLAM3, 109); /* flam3's own: 112 indices less Ember's 3 extra */
    assert_int_equal(FR_FLAME_PEND_FLAM3, 112);
    for (int v = 0; v < FR_FLAME_NVAR_FLAM3; v++)
        assert_int_equal(fr_flame_vars[v].first, flam3_first[v]);
    assert_int_equal(fr_flame_vars[FR_V_MOBIUS].first + fr_flame_vars[FR_V_MOBIUS].nparam,
                     FR_FLAME_PEND_FLAM3);
    /* a few enumerators against the indices the formulas were written for */
    assert_int_equal(FR_V_JULIA, 13);
    assert_int_equal(FR_V_PRE_BLUR, 67);
    assert_int_equal(FR_V_MOBIUS, 98);
    assert_int_equal(FR_P_BLOB_LOW, 0);
    assert_int_equal(FR_P_WAVES2_FREQZ, 96);
    assert_int_equal(FR_P_LOG_BASE, 98);
    assert_int_equal(FR_P_MOBIUS_IM_D, 111);
    assert_int_equal(fr_flame_params[FR_P_OSCILLOSCOPE_DAMPING].var, FR_V_OSCILLOSCOPE);
    /* the beyond-flam3 ones come after them */
    assert_int_equal(FR_V_LINEAR3D, 99);
    assert_int_equal(FR_PF_JULIA3D, FR_FLAME_PEND_FLAM3);
}

static void test_layout_and_first(void **state)
{
    (void)state;
    int next = 0;
    for (int v = 0; v < FR_FLAME_NVAR; v++) {
        assert_int_equal(fr_flame_vars[v].first, next);
        for (int k = 0; k < fr_flame_vars[v].nparam; k++)
            assert_int_equal(fr_flame_params[next + k].var, v);
        next += fr_flame_vars[v].nparam;
    }
    assert_int_equal(next, FR_FLAME_NPARAM);
    assert_int_equal(FR_PF_EMOBIUS, FR_P_EMOBIUS_RE_A);
    assert_int_equal(FR_P_EMOBIUS_IM_D, FR_P_EMOBIUS_RE_A + 7);
}

static void test_names_unique(void **state)
{
    (void)state;
    for (int v = 0; v < FR_FLAME_NVAR; v++)
        for (int u = 0; u < v; u++)
            if (!strcmp(fr_flame_vars[u].name, fr_flame_vars[v].name))
                fail_msg("variation %s twice (%d, %d)", fr_flame_vars[v].name, u, v);
    for (int p = 0; p < FR_FLAME_NPARAM; p++) {
        for (int q = 0; q < p; q++)
            if (!strcmp(fr_flame_params[q].name, fr_flame_params[p].name))
                fail_msg("parameter %s twice (%d, %d)", fr_flame_params[p].name, q, p);
        if (fr_flame_var_find(fr_flame_params[p].name) >= 0)
            fail_msg("%s: both a variation and a parameter", fr_flame_params[p].name);
        assert_true(fr_flame_params[p].extra == 0 || fr_flame_params[p].extra == 1);
    }
    for (int v = 0; v < FR_FLAME_NVAR; v++) {
        assert_true(fr_flame_vars[v].origin >= FR_VORIGIN_FLAM3 &&
                    fr_flame_vars[v].origin <= FR_VORIGIN_JWILDFIRE);
        assert_true((fr_flame_vars[v].flags & ~(FR_VF_SUM | FR_VF_3D)) == 0);
        assert_true(v < FR_FLAME_NVAR_FLAM3 ? fr_flame_vars[v].origin == FR_VORIGIN_FLAM3
                                            : fr_flame_vars[v].origin != FR_VORIGIN_FLAM3);
    }
}

/* The sum-type variations (FR_VF_SUM: their pre_/post_ forms add to the
 * point) are Ember's ASSIGNTYPE_SUM ones (its MAKEPREPOST...ASSIGN lines),
 * those of them in the registry, and no other. */
static void test_sum_types_are_embers(void **state)
{
    (void)state;
    static const char *const sum[] = {
        "blur",        "gaussian_blur", "pie",          "arch",   "square",      "CircleRand",
        "Lissajous",   "Spirograph",    "SuperShape3D", "blur3D", "blur_circle", "blur_heart",
        "blur_square", "circleblur",    "line",         "pie3D",  "sineblur",    "sphereblur",
        "square3D",    "starblur",      "waffle",       "zblur",  "ztranslate",  "concentric",
        "dc_cube",     "randCubes"};
    const int n = (int)(sizeof sum / sizeof sum[0]);
    for (int v = 0; v < FR_FLAME_NVAR; v++) {
        int listed = 0;
        for (int k = 0; k < n; k++)
            listed |= !strcmp(sum[k], fr_flame_vars[v].name);
        if (listed != !!(fr_flame_vars[v].flags & FR_VF_SUM))
            fail_msg("%s: %s", fr_flame_vars[v].name,
                     listed ? "Ember's ASSIGNTYPE_SUM, no FR_VF_SUM" : "FR_VF_SUM");
    }
}

/* Every index fits the prepared xform's variation ids (16 bits, not a
 * byte: more than 256 variations). */
static void test_ids_hold_every_variation(void **state)
{
    (void)state;
    fr_flame_xform_pre pre;
    assert_true(sizeof pre.var[0] >= 2 && sizeof pre.pre.var[0] >= 2);
    const fr_flame_var_id last = (fr_flame_var_id)(FR_FLAME_NVAR - 1);
    assert_int_equal(last, FR_FLAME_NVAR - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flam3_indices_unchanged),
        cmocka_unit_test(test_layout_and_first),
        cmocka_unit_test(test_names_unique),
        cmocka_unit_test(test_sum_types_are_embers),
        cmocka_unit_test(test_ids_hold_every_variation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
