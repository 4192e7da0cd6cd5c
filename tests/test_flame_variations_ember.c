/* The variations beyond flam3's 99 (src/flame/flame_var_ember.h: Apophysis,
 * Ember/Fractorium) and Ember's pre_ / post_ forms: each formula at a few
 * points against values worked out by hand (poles and branches included),
 * the xform with z, pre_ and post_ variations, their reading and writing,
 * the registry, and the CPU's batched walker against the scalar one on
 * genomes that use them. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/context.h"
#include "flame/flame_genome.h"
#include "flame/flame_var_common.h"
#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"
#include "flame/flame_xml.h"
#include "flame/flame_xml_write.h"
#include "flame_support.h"
#include "flame_var_support.h"

static void test_linear3d_z_family(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    flame_var_eval(&x, "linear3D", 0.5, 1, 2, 3, &g, o);
    flame_near3(o, 0.5, 1, 1.5, "linear3D");
    flame_var_eval(&x, "ztranslate", 0.7, 1, 2, 3, &g, o);
    flame_near3(o, 0, 0, 0.7, "ztranslate");
    flame_var_eval(&x, "zscale", 0.5, 1, 2, 3, &g, o);
    flame_near3(o, 0, 0, 1.5, "zscale");
    /* hemisphere: w / sqrt(x^2 + y^2 + 1) (x, y, 1); the origin maps to (0, 0, w) */
    flame_var_eval(&x, "hemisphere", 2, 3, 4, 9, &g, o);
    flame_near3(o, 6 / sqrt(26.0), 8 / sqrt(26.0), 2 / sqrt(26.0), "hemisphere");
    flame_var_eval(&x, "hemisphere", 2, 0, 0, 0, &g, o);
    flame_near3(o, 0, 0, 2, "hemisphere at 0");
    /* Spherical3D: w p / |p|^2 in 3D; the pole gives 0 (Ember's Zeps) */
    flame_var_eval(&x, "Spherical3D", 1, 1, 2, 2, &g, o);
    flame_near3(o, 1 / 9.0, 2 / 9.0, 2 / 9.0, "Spherical3D");
    flame_var_eval(&x, "spherical3D", 3, 0, 0, 0, &g, o); /* JWildfire's spelling */
    flame_near3(o, 0, 0, 0, "Spherical3D pole");
    /* z does not change the plane for a 2D variation; spherical's z is Ember's w z */
    flame_var_eval(&x, "spherical", 1, 3, 4, 5, &g, o);
    flame_near3(o, 3 / (25 + FR_FLAME_EPS), 4 / (25 + FR_FLAME_EPS), 5, "spherical");
}

/* z through flam3's variations as Ember's: linear, spherical, swirl and the
 * rest of Ember's `Out.z = m_Weight * helper.In.z` give w z; julia, heart
 * (Ember's DefaultZ) 0; bubble w 2 / (r^2 / 4), cylinder w cos(x); an
 * xform's z is the sum; a pre_/post_ one gives w z too. */
static void test_flam3_z(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 3, 4);
    double o[3];
    static const char *const zw[] = {"linear", "sinusoidal", "swirl", "horseshoe", "polar", "disc",
                                     "spiral", "hyperbolic", "eyefish", "rings2", "fan2", "pdj",
                                     "ngon", "rectangles", "cross", "wedge", "log", "auger"};
    for (size_t i = 0; i < sizeof zw / sizeof zw[0]; i++) {
        flame_var_eval(&x, zw[i], 0.7, 0.3, -0.4, 0.5, &g, o);
        if (!(fabs(o[2] - 0.35) <= 1e-15)) fail_msg("%s: z %.17g, want 0.35", zw[i], o[2]);
        flame_var_eval(&x, zw[i], -1.5, 0.3, -0.4, -2, &g, o);
        if (!(fabs(o[2] - 3) <= 1e-15)) fail_msg("%s: z %.17g, want 3", zw[i], o[2]);
    }
    static const char *const z0[] = {"julia", "heart", "handkerchief", "ex", "bent", "fisheye", "power"};
    for (size_t i = 0; i < sizeof z0 / sizeof z0[0]; i++) {
        flame_var_eval(&x, z0[i], 0.7, 0.3, -0.4, 0.5, &g, o);
        if (o[2] != 0.0) fail_msg("%s: z %.17g, want 0", z0[i], o[2]);
    }
    flame_var_eval(&x, "bubble", 0.5, 0.3, -0.4, 9, &g, o); /* r^2 0.25: 0.5 * 2 / (0.25 / 4) = 16 */
    flame_near3(o, 0.5 * 0.3 / (0.25 / 4 + 1), 0.5 * -0.4 / (0.25 / 4 + 1), 16, "bubble");
    flame_var_eval(&x, "cylinder", 0.5, 0.3, -0.4, 9, &g, o);
    flame_near3(o, 0.5 * sin(0.3), -0.2, 0.5 * cos(0.3), "cylinder");
    /* an xform: spherical 0.383 and linear 0.5 give (0.383 + 0.5) z; julian's 0.25 too */
    flame_xform_blank(&x);
    x.var[flame_var("spherical")] = 0.383;
    x.var[flame_var("linear")] = 0.5;
    x.var[flame_var("julia")] = 0.2;
    x.var[flame_var("julian")] = 0.25;
    flame_xform_apply_at(&x, 0.3, -0.4, 2, &g, o);
    if (!(fabs(o[2] - (0.383 + 0.5 + 0.25) * 2) <= 1e-15)) fail_msg("xform z %.17g", o[2]);
    /* flatten still zeroes it */
    x.var[flame_var("flatten")] = 1;
    flame_xform_apply_at(&x, 0.3, -0.4, 2, &g, o);
    assert_true(o[2] == 0.0);
    /* post_spherical 0.5 after linear3D: z 0.5 z */
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "spherical", 0.5);
    flame_xform_apply_at(&x, 3, 4, 7, &g, o);
    flame_near3(o, 1.5 / (25 + FR_FLAME_EPS), 2 / (25 + FR_FLAME_EPS), 3.5, "post_spherical");
    /* post_julia (DefaultZ of a pre_/post_ one): z kept */
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "julia", 0.5);
    flame_xform_apply_at(&x, 3, 4, 7, &g, o);
    assert_true(o[2] == 7.0);
}

/* Ember's reader flattens the xforms of a genome it did not write (no
 * "ember" in its version, no new_linear) unless they have one of its 3D
 * variations (m_FlattenNames). */
static void test_flatten_legacy(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_genome_init(&g);
    assert_true(fr_flame_genome_flattens(&g));
    g.extra = calloc(2, sizeof *g.extra);
    assert_non_null(g.extra);
    g.extra[0].name = strdup("version"), g.extra[0].value = strdup("Apophysis 7x-ember? no: Fractorium");
    g.nextra = 1;
    assert_false(fr_flame_genome_flattens(&g)); /* "ember" anywhere, any case */
    free(g.extra[0].value);
    g.extra[0].value = strdup("flam3 3.1.1");
    assert_true(fr_flame_genome_flattens(&g));
    g.extra[1].name = strdup("new_linear"), g.extra[1].value = strdup("1");
    g.nextra = 2;
    assert_false(fr_flame_genome_flattens(&g));
    fr_flame_genome_free(&g);
    fr_flame_xform x;
    fr_flame_xform_pre pre;
    flame_xform_blank(&x);
    x.var[flame_var("spherical")] = 1;
    fr_flame_xform_precalc(&x, &pre);
    fr_flame_xform_flatten_legacy(&x, &pre);
    assert_int_equal(pre.zero_z, 1);
    flame_slot_add(&x, FR_SLOT_POST, "rotate_y", -0.5); /* post_rotate_y keeps z */
    fr_flame_xform_precalc(&x, &pre);
    fr_flame_xform_flatten_legacy(&x, &pre);
    assert_int_equal(pre.zero_z, 0);
    flame_xform_blank(&x);
    x.var[flame_var("rotate_y")] = 1; /* a regular rotate_y does not */
    fr_flame_xform_precalc(&x, &pre);
    fr_flame_xform_flatten_legacy(&x, &pre);
    assert_int_equal(pre.zero_z, 1);
    flame_xform_blank(&x);
    x.var[flame_var("cylinder")] = 1;
    fr_flame_xform_precalc(&x, &pre);
    fr_flame_xform_flatten_legacy(&x, &pre);
    assert_int_equal(pre.zero_z, 0);
}

static void test_julia3d(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    /* power 2 at 3 + 4i (z 0): a square root, (2, 1) or (-2, -1), each drawn */
    int seen[2] = {0, 0};
    for (int k = 0; k < 64; k++) {
        fr_flame_rng g, h;
        fr_flame_rng_init(&g, 7, (uint64_t)k);
        h = g;
        flame_var_eval(&x, "julia3D", 1, 3, 4, 0, &g, o);
        const int branch = fr_flame_rng_01(&h) >= 0.5; /* the one draw: t = floor(2 u) */
        if (branch)
            flame_near3(o, -2, -1, 0, "julia3D branch 1");
        else
            flame_near3(o, 2, 1, 0, "julia3D branch 0");
        if (memcmp(&g, &h, sizeof g)) fail_msg("julia3D: not one draw");
        seen[branch] = 1;
    }
    assert_true(seen[0] && seen[1]);
    /* on the z axis: r^2 = z^2 / 4, r = (z^2 / 4)^(-1/4) = 1 for z = 2: (0, 0, r z / 2) */
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 99);
    flame_var_eval(&x, "julia3D", 1, 0, 0, 2, &g, o);
    flame_near3(o, 0, 0, 1, "julia3D on the z axis");
    /* power -1: the inverse, 1 / (3 + 4i) = (3 - 4i) / 25, whatever the draw */
    x.param[flame_par("julia3D_power")] = -1;
    flame_var_eval(&x, "julia3D", 1, 3, 4, 0, &g, o);
    flame_near3(o, 0.12, -0.16, 0, "julia3D power -1");
    /* power 3, z 0 at 8 (real): the cube roots of 8 times 2, three branches */
    x.param[flame_par("julia3D_power")] = 3;
    for (int k = 0; k < 16; k++) {
        fr_flame_rng_init(&g, 11, (uint64_t)k);
        flame_var_eval(&x, "julia3D", 1, 8, 0, 0, &g, o);
        assert_true(fabs(hypot(o[0], o[1]) - 2.0) < 1e-12);
        const double a = atan2(o[1], o[0]) / (2 * M_PI / 3);
        assert_true(fabs(a - round(a)) < 1e-12);
    }
}

static void test_sineblur(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    for (int p = 0; p < 2; p++) {
        x.param[flame_par("sineblur_power")] = p ? 2.5 : 1;
        for (int k = 0; k < 32; k++) {
            fr_flame_rng g, h;
            fr_flame_rng_init(&g, 3, (uint64_t)k);
            h = g;
            flame_var_eval(&x, "sineblur", 0.75, 5, 6, 2, &g, o);
            /* angle 2 pi u1, radius 0.75 acos(2 u2^power - 1) / pi: the point does not matter */
            const double a = 2 * M_PI * fr_flame_rng_01(&h), u = fr_flame_rng_01(&h);
            const double r = 0.75 * acos(2 * pow(u, p ? 2.5 : 1) - 1) / M_PI;
            if (!(fabs(o[0] - r * cos(a)) < 1e-12 && fabs(o[1] - r * sin(a)) < 1e-12 && o[2] == 1.5))
                fail_msg("sineblur: (%g, %g, %g), want (%g, %g, 1.5)", o[0], o[1], o[2], r * cos(a), r * sin(a));
            assert_true(hypot(o[0], o[1]) <= 0.75 + 1e-15);
            if (memcmp(&g, &h, sizeof g)) fail_msg("sineblur: not two draws");
        }
    }
}

static void test_ember_mobius(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 1);
    double o[3];
    /* Ember's defaults (a = d = 1, b = c = 0) are the identity; z scaled by w */
    flame_var_eval(&x, "Mobius", 2, 3, -4, 1, &g, o);
    flame_near3(o, 6, -8, 2, "Mobius identity");
    /* a = 0, b = 1, c = 1, d = 0: 1 / t */
    x.param[flame_par("Mobius_Re_A")] = 0, x.param[flame_par("Mobius_Re_B")] = 1;
    x.param[flame_par("Mobius_Re_C")] = 1, x.param[flame_par("Mobius_Re_D")] = 0;
    flame_var_eval(&x, "Mobius", 1, 3, 4, 0, &g, o);
    flame_near3(o, 0.12, -0.16, 0, "Mobius 1/t");
    /* its pole t = 0: the denominator is EPS, the numerator's product 0 */
    flame_var_eval(&x, "Mobius", 1, 0, 0, 0, &g, o);
    flame_near3(o, 0, 0, 0, "Mobius pole");
    /* i t + 2 at t = 1 + i: 1 + i  (a = i, b = 2, c = 0, d = 1) */
    x.param[flame_par("Mobius_Re_A")] = 0, x.param[flame_par("Mobius_Im_A")] = 1, x.param[flame_par("Mobius_Re_B")] = 2;
    x.param[flame_par("Mobius_Re_C")] = 0, x.param[flame_par("Mobius_Re_D")] = 1;
    flame_var_eval(&x, "Mobius", 1, 1, 1, 0, &g, o);
    flame_near3(o, 1, 1, 0, "Mobius i t + 2");
}

static void test_xform_z_pre_post(void **state)
{
    (void)state;
    fr_flame_rng g;
    fr_flame_rng_init(&g, 5, 5);
    double o[3];
    fr_flame_xform x;
    /* z carried: linear3D keeps it, linear (2D) drops it, flatten zeroes it */
    flame_xform_blank(&x);
    x.var[flame_var("linear3D")] = 1;
    flame_xform_apply_at(&x, 1, 2, 3, &g, o);
    flame_near3(o, 1, 2, 3, "linear3D xform");
    x.var[flame_var("flatten")] = 1;
    flame_xform_apply_at(&x, 1, 2, 3, &g, o);
    flame_near3(o, 1, 2, 0, "linear3D + flatten");
    flame_xform_blank(&x);
    x.var[flame_var("linear")] = 1;
    flame_xform_apply_at(&x, 1, 2, 3, &g, o);
    flame_near3(o, 1, 2, 3, "linear (Ember's w z)");
    /* hemisphere then Spherical3D, two iterations of two xforms: z flows */
    fr_flame_xform h, s;
    flame_xform_blank(&h);
    h.var[flame_var("hemisphere")] = 1;
    flame_xform_blank(&s);
    s.var[flame_var("Spherical3D")] = 1;
    flame_xform_apply_at(&h, 0, 0, 0, &g, o); /* (0, 0, 1) */
    const double p[3] = {o[0], o[1], o[2]};
    flame_xform_apply_at(&s, p[0], p[1], p[2], &g, o);
    flame_near3(o, 0, 0, 1, "hemisphere then Spherical3D");
    /* pre_spherical replaces the affine image: with linear, the inversion */
    flame_xform_blank(&x);
    x.var[flame_var("linear")] = 1;
    flame_slot_add(&x, FR_SLOT_PRE, "spherical", 1);
    flame_xform_apply_at(&x, 3, 4, 7, &g, o);
    const double inv = 1 / (25 + FR_FLAME_EPS); /* flam3's spherical: w / (r^2 + EPS) */
    flame_near3(o, 3 * inv, 4 * inv, 7, "pre_spherical + linear");
    /* pre_ alone: Ember gives its point (z w z for spherical) */
    flame_xform_blank(&x);
    flame_slot_add(&x, FR_SLOT_PRE, "spherical", 2);
    flame_xform_apply_at(&x, 3, 4, 7, &g, o);
    flame_near3(o, 6 * inv, 8 * inv, 14, "pre_spherical alone");
    /* in file order: pre_spherical then pre_linear3D (w 2) differs from the reverse */
    flame_slot_add(&x, FR_SLOT_PRE, "linear3D", 2);
    flame_xform_apply_at(&x, 3, 4, 7, &g, o);
    flame_near3(o, 12 * inv, 16 * inv, 28, "pre_spherical, pre_linear3D");
    /* post_ after the sum, before the post affine; its own parameters */
    flame_xform_blank(&x);
    x.var[flame_var("linear")] = 1;
    flame_slot_add(&x, FR_SLOT_POST, "julian", 1);
    x.slot[1].param[flame_par("julian_power")] = -1; /* post_julian_power: 1 / t */
    x.param[flame_par("julian_power")] = 5;           /* the regular julian's: not used */
    x.post[2][0] = 10;
    flame_xform_apply_at(&x, 3, 4, 0, &g, o);
    flame_near3(o, 10.12, -0.16, 0, "linear, post_julian(-1), post affine");
    /* a SUM one (sineblur: it does not read the point) adds to it */
    flame_xform_blank(&x);
    x.var[flame_var("linear")] = 1;
    flame_slot_add(&x, FR_SLOT_PRE, "gaussian_blur", 0.5);
    fr_flame_rng a = g, b = g;
    flame_xform_apply_at(&x, 3, 4, 0, &a, o);
    fr_flame_xform y;
    flame_xform_blank(&y);
    double d[3];
    flame_var_eval(&y, "gaussian_blur", 0.5, 0, 0, 0, &b, d);
    flame_near3(o, 3 + d[0], 4 + d[1], 0, "pre_gaussian_blur adds");
    assert_true(d[0] != 0.0);
}

/* ---- reading, writing, strict ------------------------------------------ */

static const char genome[] =
    "<flame name=\"e\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
    " <xform weight=\"1\" color=\"0\" pre_gaussian_blur=\"0.2\" linear3D=\"0.5\" hemisphere=\"0.5\" "
    "post_julian=\"1\" post_julian_power=\"-2\" pre_julian_dist=\"3\" coefs=\"1 0 0 1 0.1 0\"/>\n"
    " <xform weight=\"1\" color=\"1\" Spherical3D=\"0.3\" julia3D=\"0.4\" julia3D_power=\"3\" sineblur=\"0.2\" "
    "sineblur_power=\"2\" coefs=\"0.5 0 0 0.5 0 0.3\"/>\n"
    " <xform weight=\"0.5\" color=\"0.5\" Mobius=\"1\" Mobius_Re_B=\"0.25\" Mobius_Im_C=\"0.5\" flatten=\"1\" "
    "pre_spherical=\"1\" pre_linear3D=\"0.9\" coefs=\"0.6 0.2 -0.2 0.6 0 0\"/>\n"
    " <finalxform color=\"0\" zscale=\"1\" ztranslate=\"0.1\" linear=\"1\" post_sineblur=\"0.05\" coefs=\"1 0 0 1 0 0\"/>\n"
    " <palette count=\"2\" format=\"RGB\">FF0000 0000FF</palette>\n"
    "</flame>\n";

static void test_read_write(void **state)
{
    (void)state;
    fr_status st;
    char msg[512];
    fr_flame_file f = flame_read_text(genome, "e.flame", 1, &st, msg, sizeof msg); /* strict: every attribute is known */
    if (st) fail_msg("%s", msg);
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("linear3D")] == 0.5 && x[0].var[flame_var("hemisphere")] == 0.5);
    assert_int_equal(x[0].slot[0].n, 1);
    assert_int_equal(x[0].slot[0].var[0], flame_var("gaussian_blur"));
    assert_true(x[0].slot[0].w[0] == 0.2);
    assert_true(x[0].slot[0].param[flame_par("julian_dist")] == 3); /* pre_julian_dist */
    assert_true(x[0].slot[1].n == 1 && x[0].slot[1].var[0] == flame_var("julian"));
    assert_true(x[0].slot[1].param[flame_par("julian_power")] == -2 && x[0].param[flame_par("julian_power")] == 1);
    assert_true(x[1].param[flame_par("julia3D_power")] == 3 && x[1].param[flame_par("sineblur_power")] == 2);
    assert_true(x[2].param[flame_par("Mobius_Re_B")] == 0.25 && x[2].param[flame_par("Mobius_Re_A")] == 1);
    assert_true(x[2].slot[0].n == 2 && x[2].slot[0].var[0] == flame_var("spherical") &&
                x[2].slot[0].var[1] == flame_var("linear3D"));
    assert_true(f.g[0].final->slot[1].n == 1);
    /* written and read back: the same genome (the order of pre_ variations kept) */
    char *xml = flame_round_trip(&f.g[0], "e.flame");
    assert_non_null(strstr(xml, "pre_spherical=\"1\" pre_linear3D=\"0.9\""));
    assert_non_null(strstr(xml, "post_julian_power=\"-2\""));
    free(xml);
    fr_flame_file_free(&f);
}

static void test_strict_unknown(void **state)
{
    (void)state;
    fr_status st;
    char msg[512];
    /* what fractalis does not know stays an error when strict, a warning else */
    const char *bad[] = {"crackle=\"1\"", "pre_crackle=\"1\"", "post_nosuch_param=\"1\"", "pre_julian_nosuch=\"2\""};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char xml[512];
        snprintf(xml, sizeof xml, "<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\" %s/></flame>", bad[k]);
        fr_flame_file f = flame_read_text(xml, "e.flame", 1, &st, msg, sizeof msg);
        if (st != FR_ERR_PARSE) fail_msg("%s: read strict", bad[k]);
        f = flame_read_text(xml, "e.flame", 0, &st, msg, sizeof msg);
        if (st) fail_msg("%s: %s", bad[k], msg);
        assert_int_equal(f.nwarnings, 1);
        fr_flame_file_free(&f);
    }
    /* Ember's limit: 8 pre_ variations */
    char xml[2048];
    int n = snprintf(xml, sizeof xml, "<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"");
    const char *names[] = {"linear", "sinusoidal", "spherical", "swirl", "horseshoe", "polar", "disc", "heart", "ex"};
    for (int k = 0; k < 9; k++) n += snprintf(xml + n, sizeof xml - (size_t)n, " pre_%s=\"1\"", names[k]);
    snprintf(xml + n, sizeof xml - (size_t)n, "/></flame>");
    fr_flame_file f = flame_read_text(xml, "e.flame", 1, &st, msg, sizeof msg);
    assert_int_equal(st, FR_ERR_PARSE);
    f = flame_read_text(xml, "e.flame", 0, &st, msg, sizeof msg);
    assert_int_equal(st, FR_OK);
    assert_int_equal(f.g[0].xf[0].slot[0].n, 8);
    fr_flame_file_free(&f);
}

static void test_registry(void **state)
{
    (void)state;
    assert_int_equal(fr_flame_variation_count(), FR_FLAME_NVAR);
    assert_string_equal(fr_flame_variation_name(0), "linear");
    assert_string_equal(fr_flame_variation_origin(0), "flam3");
    const int j = flame_var("julia3D");
    assert_string_equal(fr_flame_variation_origin(j), "Apophysis");
    assert_int_equal(fr_flame_variation_nparams(j), 1);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(j, 0, &def), "julia3D_power");
    assert_true(def == 2);
    assert_null(fr_flame_variation_name(FR_FLAME_NVAR));
    assert_null(fr_flame_variation_param(j, 1, NULL));
    /* flam3's mobius writes its parameters as mobius_re_a .. */
    assert_string_equal(fr_flame_variation_param(flame_var("mobius"), 0, NULL), "mobius_re_a");
}

/* ---- the batched walker against the scalar one -------------------------- */

static void test_simd_vs_scalar(void **state)
{
    (void)state;
    flame_simd_vs_scalar(genome, "ember_variations.flame");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_linear3d_z_family), cmocka_unit_test(test_flam3_z),
        cmocka_unit_test(test_flatten_legacy),    cmocka_unit_test(test_julia3d),
        cmocka_unit_test(test_sineblur),          cmocka_unit_test(test_ember_mobius),
        cmocka_unit_test(test_xform_z_pre_post),  cmocka_unit_test(test_read_write),
        cmocka_unit_test(test_strict_unknown),    cmocka_unit_test(test_registry),
        cmocka_unit_test(test_simd_vs_scalar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
