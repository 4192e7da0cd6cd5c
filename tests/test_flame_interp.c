/* test_flame_interp.c - flame interpolation and the genome tools through
 * the API: what flam3 guarantees by construction (keyframes reproduced,
 * counts of a sequence, padding, a loop's full turn), and every error
 * naming its parameter. The numbers themselves are checked against
 * flam3-genome by tests/flame_genome_oracle.py. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_api.h"
#include "flame/flame_interp.h"
#include "fractalis.h"

static const char *KEYS =
    "<keys>"
    "<flame time=\"0\" size=\"40 30\" scale=\"20\" rotate=\"10\" interpolation_type=\"%s\">"
    "<xform weight=\"0.5\" color=\"0\" linear=\"1\" coefs=\"0.6 0.2 -0.25 0.55 0.1 0.2\"/>"
    "<xform weight=\"0.5\" color=\"1\" spherical=\"1\" coefs=\"-0.5 0.1 0.15 0.45 -0.3 0.4\""
    " post=\"0.9 0.1 -0.1 0.9 0.05 0\"/>"
    "<color index=\"0\" rgb=\"255 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/></flame>"
    "<flame time=\"10\" size=\"40 30\" scale=\"30\" rotate=\"350\" interpolation_type=\"%s\">"
    "<xform weight=\"0.4\" color=\"0.2\" linear=\"1\" coefs=\"-0.55 0.3 -0.2 -0.6 0.2 -0.1\"/>"
    "<xform weight=\"0.3\" color=\"0.9\" spherical=\"1\" coefs=\"0.45 -0.2 0.3 0.5 0.25 0.1\"/>"
    "<xform weight=\"0.3\" color=\"0.5\" julian=\"1\" coefs=\"0.3 0 0 0.3 0 0.5\"/>"
    "<finalxform color=\"0.3\" linear=\"1\" coefs=\"0.9 0.1 -0.1 0.9 0 0\"/>"
    "<color index=\"0\" rgb=\"0 255 0\"/><color index=\"255\" rgb=\"255 255 0\"/></flame>"
    "</keys>";

static fr_flames *keys(fr_context *ctx, const char *itype)
{
    char xml[4096];
    snprintf(xml, sizeof xml, KEYS, itype, itype);
    fr_flames *f = NULL;
    assert_int_equal(fr_flames_parse(ctx, xml, strlen(xml), "keys", NULL, 0, &f), FR_OK);
    return f;
}

/* At a keyframe's time the interpolation gives the keyframe back (c = 1, 0:
 * the log of a magnitude and its exp, an angle through atan2 and sin/cos). */
static void test_keyframe_reproduced(void **state)
{
    (void)state;
    const char *types[] = {"linear", "log", "old", "older"};
    fr_context *ctx = fr_context_create();
    for (int t = 0; t < 4; t++) {
        fr_flames *f = keys(ctx, types[t]), *o = NULL;
        for (int k = 0; k < 2; k++) {
            assert_int_equal(fr_flames_interpolate(ctx, f, 10.0 * k, 0.0, &o), FR_OK);
            const fr_flame_genome *g = &o->file.g[0], *src = &f->file.g[k];
            assert_int_equal(g->nxf, 3);
            assert_non_null(g->final);
            for (int i = 0; i < src->nxf; i++)
                for (int a = 0; a < 3; a++)
                    for (int b = 0; b < 2; b++) {
                        assert_true(fabs(g->xf[i].c[a][b] - src->xf[i].c[a][b]) < 1e-12);
                        assert_true(fabs(g->xf[i].post[a][b] - src->xf[i].post[a][b]) < 1e-12);
                    }
            assert_true(fabs(g->scale - src->scale) < 1e-12);
            /* flam3's reader turns 350 into -10 (within 180 of 10), but not
             * after an old or older genome */
            const double rot = k == 0 ? 10.0 : t >= 2 ? 350.0 : -10.0;
            assert_true(fabs(g->rotate - rot) < 1e-12);
            assert_true(fabs(g->palette[0][k ? 1 : 0] - 1.0) < 1e-12);
            fr_flames_destroy(o);
        }
        fr_flames_destroy(f);
    }
    fr_context_destroy(ctx);
}

/* Padding: the first keyframe's missing xform is flam3_align's: against
 * julian with log interpolation, a turned identity with linear -1. */
static void test_padding(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flames *f = keys(ctx, "log"), *o = NULL;
    /* with c = (1, 0) the result is keyframe 0 padded */
    assert_int_equal(fr_flames_interpolate(ctx, f, 0.0, 0.0, &o), FR_OK);
    const fr_flame_xform *x = &o->file.g[0].xf[2];
    assert_true(fabs(x->var[0] + 1.0) < 1e-12);
    assert_true(fabs(x->c[0][0] + 1.0) < 1e-12 && fabs(x->c[1][1] + 1.0) < 1e-12);
    assert_true(fabs(x->weight) < 1e-12);
    /* the padded final: animate 0, color_speed 0 */
    assert_true(fabs(o->file.g[0].final->color_speed) < 1e-12);
    fr_flames_destroy(o);
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}

/* A sequence's length, its times and names; a loop's whole turn. */
static void test_sequence_and_loop(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flames *f = keys(ctx, "log"), *o = NULL;
    assert_int_equal(fr_flames_sequence(ctx, f, 7, 1, 0.0, NULL, &o), FR_OK);
    assert_int_equal(fr_flames_count(o), 2 * 7 + 7 + 1);
    for (int i = 0; i < fr_flames_count(o); i++) {
        char name[32];
        snprintf(name, sizeof name, "%f", (double)i);
        assert_string_equal(fr_flames_name(o, i), name);
        assert_true(fr_flames_time(o, i) == i);
    }
    fr_flames_destroy(o);
    assert_int_equal(fr_flames_sequence(ctx, f, 7, 0, 0.0, NULL, &o), FR_OK);
    assert_int_equal(fr_flames_count(o), 7 + 1);
    fr_flames_destroy(o);
    /* a loop at blend 1 has turned every xform a full circle */
    assert_int_equal(fr_flames_loop(ctx, f, 0, 1.0, 5.0, NULL, &o), FR_OK);
    for (int i = 0; i < 2; i++)
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 2; b++)
                assert_true(fabs(o->file.g[0].xf[i].c[a][b] - f->file.g[0].xf[i].c[a][b]) < 1e-12);
    assert_true(fr_flames_time(o, 0) == 5.0);
    fr_flames_destroy(o);
    /* inter gives 3 genomes; the edge's blend 0 with seqflag is keyframe 0 */
    assert_int_equal(fr_flames_inter(ctx, f, 1, 10, 0.5, NULL, &o), FR_OK);
    assert_int_equal(fr_flames_count(o), 3);
    fr_flames_destroy(o);
    assert_int_equal(fr_flames_edge(ctx, f, 0, 0.0, 1, 0.0, 0.0, NULL, &o), FR_OK);
    assert_int_equal(o->file.g[0].nxf, 2);
    assert_null(o->file.g[0].final);
    fr_flames_destroy(o);
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}

/* Clone drops light xforms (and, as flam3, looks past the next one) and
 * keeps 5 variations an xform; strip cuts the height. */
static void test_clone_strip(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    const char *xml =
        "<flame size=\"40 30\" time=\"4\">"
        "<xform weight=\"0.5\" linear=\"0.3\" swirl=\"-0.05\" spherical=\"0.2\" horseshoe=\"0.1\""
        " polar=\"0.07\" julia=\"-0.08\" bubble=\"0.06\" coefs=\"1 0 0 1 0 0\"/>"
        "<xform weight=\"0.0005\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/>"
        "<xform weight=\"0.0002\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/>"
        "<xform weight=\"0.5\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>";
    fr_flames *f = NULL, *o = NULL;
    assert_int_equal(fr_flames_parse(ctx, xml, strlen(xml), "c", NULL, 0, &f), FR_OK);
    assert_int_equal(fr_flames_clone(ctx, f, 0, NULL, &o), FR_OK);
    const fr_flame_genome *g = &o->file.g[0];
    assert_int_equal(g->nxf, 3); /* the 0.0002 xform followed a deleted one */
    int nv = 0;
    for (int v = 0; v < FR_FLAME_NVAR; v++)
        nv += g->xf[0].var[v] != 0;
    assert_int_equal(nv, 5);
    assert_true(g->xf[0].var[fr_flame_var_find("swirl")] == 0 &&
                g->xf[0].var[fr_flame_var_find("bubble")] == 0);
    assert_true(g->time == 0.0);
    fr_flames_destroy(o);
    assert_int_equal(fr_flames_strip(ctx, f, 4, 1, NULL, &o), FR_OK);
    assert_int_equal(o->file.g[0].height, 7);
    fr_flames_destroy(o);
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}

/* Variations beyond flam3's interpolate parameter by parameter as flam3's
 * own: a parametric one missing in a keyframe takes the other's parameters
 * (flam3_align), so its parameter does not move; Ember's pre_/post_
 * variations blend by weight (absent: 0). */
static void test_beyond_flam3(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    const char *xml =
        "<keys><flame time=\"0\" size=\"40 30\">"
        "<xform weight=\"1\" linear=\"0.5\" julia3D=\"0.5\" julia3D_power=\"5\" pre_sinusoidal=\"0.2\""
        " coefs=\"1 0 0 1 0 0\"/></flame>"
        "<flame time=\"1\" size=\"40 30\">"
        "<xform weight=\"1\" linear=\"1\" post_sineblur=\"0.4\" post_sineblur_power=\"3\""
        " coefs=\"1 0 0 1 0 0\"/></flame></keys>";
    fr_flames *f = NULL, *o = NULL;
    assert_int_equal(fr_flames_parse(ctx, xml, strlen(xml), "e", NULL, 0, &f), FR_OK);
    assert_int_equal(fr_flames_interpolate(ctx, f, 0.25, 0.0, &o), FR_OK);
    const fr_flame_xform *x = &o->file.g[0].xf[0];
    const int j3 = fr_flame_var_find("julia3D"), sb = fr_flame_var_find("sineblur");
    assert_true(fabs(x->var[j3] - 0.375) < 1e-12);
    assert_true(fabs(x->param[fr_flame_vars[j3].first] - 5.0) < 1e-12);
    assert_int_equal(x->slot[0].n, 1);
    assert_true(fabs(x->slot[0].w[0] - 0.15) < 1e-12);
    assert_int_equal(x->slot[1].n, 1);
    assert_int_equal(x->slot[1].var[0], sb);
    assert_true(fabs(x->slot[1].w[0] - 0.1) < 1e-12);
    fr_flames_destroy(o);
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}

/* The memo of aligned keyframes (what a render's time steps share) gives
 * the same genomes, exactly, as interpolating afresh: linear and smooth
 * segments, times at, between and beyond the keyframes, more segments
 * than the memo keeps, one memo shared by the threads. */
static void test_memo_same(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    char xml[16384];
    size_t n = (size_t)snprintf(xml, sizeof xml, "<keys>");
    for (int k = 0; k < 12; k++)
        n += (size_t)snprintf(xml + n, sizeof xml - n,
                              "<flame time=\"%d\" size=\"40 30\" scale=\"%d\" rotate=\"%d\" interpolation=\"%s\">"
                              "<xform weight=\"0.5\" color=\"%g\" linear=\"1\" coefs=\"0.6 0.2 -0.25 0.55 0.1 %g\"/>"
                              "<xform weight=\"0.5\" color=\"1\" julian=\"%g\" julian_power=\"%d\""
                              " coefs=\"-0.5 0.1 0.15 0.45 -0.3 0.4\"/>%s"
                              "<color index=\"0\" rgb=\"%d 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/></flame>",
                              10 * k, 20 + k, 170 * k, k % 3 ? "smooth" : "linear", 0.1 * k, 0.05 * k,
                              0.5 + 0.1 * k, 2 + k % 3,
                              k % 2 ? "<xform weight=\"0.2\" color=\"0.5\" spherical=\"1\" coefs=\"0.3 0 0 0.3 0 0.5\"/>"
                                    : "",
                              20 * k);
    snprintf(xml + n, sizeof xml - n, "</keys>");
    fr_flames *f = NULL;
    assert_int_equal(fr_flames_parse(ctx, xml, strlen(xml), "keys", NULL, 0, &f), FR_OK);
    fr_flame_interp_memo *m = fr_flame_interp_memo_new();
    assert_non_null(m);
    int bad = 0;
#pragma omp parallel for reduction(+ : bad)
    for (int i = 0; i < 260; i++) {
        const double t = -15.0 + 0.5 * i;
        fr_context *c = fr_context_create();
        fr_flame_genome a, b;
        char why[256] = "";
        if (fr_flame_interpolate(c, &f->file, t, 0.0, &a) || fr_flame_interpolate_memo(c, &f->file, m, t, 0.0, &b)) {
            bad++;
        } else {
            if (!fr_flame_genome_equal(&a, &b, why, sizeof why)) {
#pragma omp critical
                print_error("t %g: %s\n", t, why);
                bad++;
            }
            fr_flame_genome_free(&a), fr_flame_genome_free(&b);
        }
        fr_context_destroy(c);
    }
    assert_int_equal(bad, 0);
    fr_flame_interp_memo_free(m);
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}

static void expect_error(fr_context *ctx, fr_status s, const char *word)
{
    assert_int_not_equal(s, FR_OK);
    assert_non_null(strstr(fr_last_error(ctx), word));
}

static void test_errors(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flames *f = keys(ctx, "log"), *o = (fr_flames *)1;
    expect_error(ctx, fr_flames_interpolate(ctx, f, NAN, 0, &o), "time");
    assert_null(o);
    expect_error(ctx, fr_flames_interpolate(ctx, f, 1, 1.5, &o), "stagger");
    expect_error(ctx, fr_flames_loop(ctx, f, 2, 0.5, 0, NULL, &o), "index");
    expect_error(ctx, fr_flames_edge(ctx, f, 1, 0.5, 0, 0, 0, NULL, &o), "index");
    expect_error(ctx, fr_flames_rotate(ctx, f, 1, 10, NULL, &o), "one genome");
    expect_error(ctx, fr_flames_inter(ctx, f, 1, 0, 0, NULL, &o), "nframes");
    expect_error(ctx, fr_flames_sequence(ctx, f, -3, 1, 0, NULL, &o), "nframes");
    expect_error(ctx, fr_flames_clone(ctx, f, 5, NULL, &o), "index");
    expect_error(ctx, fr_flames_strip(ctx, f, 4, 4, NULL, &o), "strip");
    expect_error(ctx, fr_flames_strip(ctx, f, 100, 0, NULL, &o), "nstrips");
    expect_error(ctx, fr_flames_concat(ctx, NULL, 0, &o), "sets");
    assert_null(o);
    /* keyframe times must increase */
    f->file.g[1].time = 0.0;
    expect_error(ctx, fr_flames_interpolate(ctx, f, 1, 0, &o), "increase");
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keyframe_reproduced), cmocka_unit_test(test_padding),
        cmocka_unit_test(test_sequence_and_loop),   cmocka_unit_test(test_clone_strip),
        cmocka_unit_test(test_beyond_flam3),        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_memo_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
