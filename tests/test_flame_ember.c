/* Ember's (Fractorium's) genome features: every flame and xform attribute
 * that Fractorium, Apophysis and JWildfire write and flam3 does not read is
 * read (strictly, with no warning), kept, written back and read again to
 * the same genome; a Fractorium genome of the corpus reads with no warning;
 * the colour curves' values against the spline worked out apart (python3,
 * exact fractions); the camera and the curves interpolated as Ember does;
 * logscale_k2 as the log scaling's k2; the curves on a rendered image
 * (identity curves change no byte, a halving curve halves every channel);
 * the 3D camera's projection at points worked out by hand; filter="0"
 * read as Ember reads it in a genome Ember wrote; and such a genome's
 * palette lookup (c * 255, both palette modes) and k1 (no 268 / 256), its
 * version kept through a write. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_chaos.h"
#include "flame/flame_frame.h"
#include "flame/flame_interp.h"
#include "flame/flame_proj.h"
#include "flame/flame_tone_core.h"
#include "flame/flame_xml.h"
#include "flame_support.h"

static fr_flame_file read_text(const char *xml, int strict)
{
    fr_context *ctx = fr_context_create();
    fr_flame_file f;
    if (fr_flame_read_memory(ctx, xml, strlen(xml), "ember.flame", NULL, strict, &f))
        fail_msg("read: %s\n%s", fr_last_error(ctx), xml);
    fr_context_destroy(ctx);
    return f;
}

static char *write_text(const fr_flame_genome *g, int n)
{
    fr_context *ctx = fr_context_create();
    char *xml = NULL;
    if (fr_flame_to_xml(ctx, g, n, &xml)) fail_msg("write: %s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    return xml;
}

static const char *kept(const fr_flame_attr *a, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(a[i].name, name)) return a[i].value;
    return NULL;
}

/* Every attribute of the task, each at a value other than its default. */
#define EMBER_FLAME_ATTRS                                                                                    \
    " cam_zpos=\"0.25\" cam_persp=\"0.125\" cam_yaw=\"0.5\" cam_pitch=\"-0.75\" cam_dof=\"0.375\""          \
    " blur_curve=\"0.625\" logscale_k2=\"0.0625\" fuse=\"30\" sub_batch_size=\"2048\" rand_range=\"2\""     \
    " new_linear=\"1\" plugins=\"linear spherical\" nick=\"someone\" url=\"https://example.org/a?b=1\""      \
    " notes=\"bred &amp; kept\" angle=\"1.17\" brood=\"1\" genebank=\"cross\""                               \
    " curves=\"0 0 1 0.25 0.2 1 0.5 0.5 1 0.75 0.8 1 0 0 1 0.25 0.25 1 0.5 0.5 1 0.75 0.75 1"             \
    " 0 0 1 0.25 0.25 1 0.5 0.5 1 0.75 0.75 1 0 0 1 0.25 0.25 1 0.5 0.5 1 0.75 0.75 1\""                   \
    " red_curve=\"0 0 0.3 0.2 1 1\" green_curve=\"0 0 0.5 0.6 1 1\" blue_curve=\"0 0.1 1 0.9\""            \
    " overall_curve=\"0 0 0.25 0.3 0.5 0.5 0.75 0.7 1 1\""

static const char ember_genome[] =
    "<flame name=\"e\" size=\"64 48\" scale=\"20\" quality=\"20\" brightness=\"4\"" EMBER_FLAME_ATTRS ">\n"
    "  <xform weight=\"1\" color=\"0\" var_color=\"0.5\" name=\"first one\" linear=\"1\""
    " coefs=\"0.5 0 0 0.5 0 0\"/>\n"
    "  <xform weight=\"1\" color=\"1\" var_color=\"1\" name=\"\" spherical=\"1\""
    " coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
    "  <color index=\"0\" rgb=\"255 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/>\n"
    "</flame>\n";

static void assert_near(double got, double want, double tol, const char *what)
{
    if (!(fabs(got - want) <= tol)) fail_msg("%s: %.17g, want %.17g", what, got, want);
}

/* Read strictly with no warning, every value where it belongs. */
static void test_every_attribute_read(void **state)
{
    (void)state;
    fr_flame_file f = read_text(ember_genome, 1);
    assert_int_equal(f.nwarnings, 0);
    const fr_flame_genome *g = &f.g[0];
    assert_true(g->cam_zpos == 0.25 && g->cam_persp == 0.125 && g->cam_yaw == 0.5 && g->cam_pitch == -0.75);
    assert_true(g->cam_dof == 0.375 && g->blur_curve == 0.625 && g->logscale_k2 == 0.0625);
    assert_true(g->fuse == 30 && g->sub_batch_size == 2048 && g->rand_range == 2);
    const char *meta[][2] = {{"new_linear", "1"},   {"plugins", "linear spherical"},
                             {"nick", "someone"},   {"url", "https://example.org/a?b=1"},
                             {"notes", "bred & kept"}, {"angle", "1.17"},
                             {"brood", "1"},        {"genebank", "cross"}};
    for (size_t i = 0; i < sizeof meta / sizeof meta[0]; i++) {
        const char *v = kept(g->extra, g->nextra, meta[i][0]);
        if (!v || strcmp(v, meta[i][1])) fail_msg("%s kept as '%s'", meta[i][0], v ? v : "(none)");
    }
    assert_string_equal(kept(g->xf[0].extra, g->xf[0].nextra, "name"), "first one");
    assert_string_equal(kept(g->xf[0].extra, g->xf[0].nextra, "var_color"), "0.5");
    assert_string_equal(kept(g->xf[1].extra, g->xf[1].nextra, "name"), "");
    /* curves, then the older attributes replace its curves one by one */
    const fr_flame_curves *c = &g->curves;
    assert_int_equal(c->n[0], 5);
    assert_true(c->p[0][1][0] == 0.25 && c->p[0][1][1] == 0.3 && c->p[0][3][1] == 0.7);
    assert_int_equal(c->n[1], 3);
    assert_true(c->p[1][1][0] == 0.3 && c->p[1][1][1] == 0.2);
    assert_int_equal(c->n[2], 3);
    assert_int_equal(c->n[3], 2);
    assert_true(c->p[3][0][1] == 0.1 && c->p[3][1][1] == 0.9);
    fr_flame_file_free(&f);

    /* Apophysis' misspelling of cam_persp */
    f = read_text("<flame cam_perspective=\"0.5\"><xform weight=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                  "</flame>", 1);
    assert_true(f.g[0].cam_persp == 0.5);
    fr_flame_file_free(&f);
}

/* Written, read back (strictly, no warning) to the same genome, twice. */
static void test_round_trip(void **state)
{
    (void)state;
    fr_flame_file f = read_text(ember_genome, 1);
    char *xml = write_text(f.g, f.n);
    const char *written[] = {"cam_zpos=\"0.25\"", "cam_persp=\"0.125\"", "cam_yaw=\"0.5\"",
                             "cam_pitch=\"-0.75\"", "cam_dof=\"0.375\"", "blur_curve=\"0.625\"",
                             "logscale_k2=\"0.0625\"", "fuse=\"30\"", "sub_batch_size=\"2048\"",
                             "rand_range=\"2\"", "new_linear=\"1\"", "plugins=\"linear spherical\"",
                             "nick=\"someone\"", "url=\"https://example.org/a?b=1\"",
                             "notes=\"bred &amp; kept\"", "angle=\"1.17\"", "brood=\"1\"",
                             "genebank=\"cross\"", "overall_curve=\"0 0 0.25 0.3 0.5 0.5 0.75 0.7 1 1\"",
                             "red_curve=\"0 0 0.3 0.2 1 1\"", "green_curve=\"0 0 0.5 0.6 1 1\"",
                             "blue_curve=\"0 0.1 1 0.9\"", "var_color=\"0.5\"", "name=\"first one\""};
    for (size_t i = 0; i < sizeof written / sizeof written[0]; i++)
        if (!strstr(xml, written[i])) fail_msg("%s not written:\n%s", written[i], xml);
    fr_flame_file back = read_text(xml, 1);
    assert_int_equal(back.nwarnings, 0);
    char why[256];
    if (!fr_flame_genome_equal(&f.g[0], &back.g[0], why, sizeof why)) fail_msg("read back: %s\n%s", why, xml);
    fr_flame_file_free(&back);
    free(xml);
    fr_flame_file_free(&f);

    /* curves of four points each stay one `curves` attribute, Ember's fix
     * of doubled end points applied on reading */
    f = read_text("<flame curves=\"0 0 1 0 0 1 1 1 1 1 1 1 0 0 1 0.25 0.2 1 0.5 0.5 1 0.75 0.8 1"
                  " 0 0 1 0.25 0.25 1 0.75 0.75 1 1 1 1 0 0 1 0.25 0.25 1 0.75 0.75 1 1 1 1\">"
                  "<xform weight=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>", 1);
    const fr_flame_curves *c = &f.g[0].curves;
    for (int k = 0; k < 4; k++)
        assert_int_equal(c->n[k], 4);
    assert_true(c->p[0][1][0] == 0.25 && c->p[0][2][0] == 0.75 && c->p[0][3][0] == 1.0);
    xml = write_text(f.g, 1);
    if (!strstr(xml, " curves=\"0 0 1 0.25 0.25 1 0.75 0.75 1 1 1 1 0 0 1 0.25 0.2 1 "))
        fail_msg("curves not written as one attribute:\n%s", xml);
    back = read_text(xml, 1);
    if (!fr_flame_genome_equal(&f.g[0], &back.g[0], why, sizeof why)) fail_msg("curves read back: %s", why);
    fr_flame_file_free(&back);
    free(xml);
    fr_flame_file_free(&f);
}

/* Bad curves are refused, naming the attribute. */
/* A <flame> with the attribute text `attr` is refused with a message
 * naming the attribute. */
static void read_refused(const char *attr)
{
    char xml[512];
    snprintf(xml, sizeof xml, "<flame %s><xform weight=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>", attr);
    fr_context *ctx = fr_context_create();
    fr_flame_file f;
    fr_status s = fr_flame_read_memory(ctx, xml, strlen(xml), "bad.flame", NULL, 0, &f);
    if (s != FR_ERR_PARSE) fail_msg("%s: read with status %d", attr, s);
    char name[32];
    sscanf(attr, "%31[a-z_]", name);
    if (!strstr(fr_last_error(ctx), name)) fail_msg("%s: message '%s'", attr, fr_last_error(ctx));
    fr_context_destroy(ctx);
}

static void test_bad_curves(void **state)
{
    (void)state;
    const char *bad[] = {"curves=\"0 0 1\"", "red_curve=\"0 0 1\"", "blue_curve=\"0.5 0.5\"",
                         "overall_curve=\"0 0 a 1\"",
                         "green_curve=\"0 0 .1 .1 .2 .2 .3 .3 .4 .4 .5 .5 .6 .6 .7 .7 .8 .8 .9 .9 1 1 .05 .05 .15 .15\""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) read_refused(bad[i]);
}

/* A Fractorium genome of the corpus (known variations only) reads
 * strictly, with no warning, and its curves are the identity. */
static void test_corpus_fractorium_genome(void **state)
{
    (void)state;
    char dir[1024], path[1200];
    if (!flame_corpus_dir(dir, sizeof dir)) fail_msg("no flame corpus (FR_SHARED)");
    snprintf(path, sizeof path, "%s/tyrantwave_flippeddisc_normal.flame", dir);
    fr_context *ctx = fr_context_create();
    fr_flame_file f;
    if (fr_flame_read_file(ctx, path, NULL, 1, &f)) fail_msg("%s: %s", path, fr_last_error(ctx));
    fr_context_destroy(ctx);
    assert_int_equal(f.nwarnings, 0);
    assert_int_equal(f.g[0].fuse, 15);
    fr_flame_tone tn;
    fr_flame_tone_setup(&f.g[0], 0, &tn);
    assert_int_equal(tn.curves.on, 0);
    fr_flame_file_free(&f);
}

/* The spline against values worked out apart, exactly in fractions, with
 * python3 (the cubic of each segment from its end values and Ember's
 * second derivatives, written the other way round):
 *   m = ember_m(xs, ys); S(x) = m_j a^3 / 6h + m_{j+1} b^3 / 6h
 *       + (y_j / h - m_j h / 6) a + (y_{j+1} / h - m_{j+1} h / 6) b,
 *   a = x_{j+1} - x, b = x - x_j, h = x_{j+1} - x_j. */
static void test_curve_values(void **state)
{
    (void)state;
    fr_flame_curves c;
    memset(&c, 0, sizeof c);
    const double p1[5][2] = {{0, 0}, {0.25, 0.1}, {0.5, 0.5}, {0.75, 0.9}, {1, 1}};
    const double p2[3][2] = {{0.2, 0.1}, {0.3, 0.6}, {0.7, 0.8}};
    c.n[1] = 5;
    memcpy(c.p[1], p1, sizeof p1);
    c.n[2] = 3;
    memcpy(c.p[2], p2, sizeof p2);
    fr_flame_curve_splines s;
    fr_flame_curve_splines_setup(&c, &s);
    assert_int_equal(s.on, 1);
    const double v1[][2] = {{0, 0},      {0.1, 0.0148}, {0.3, 0.1584}, {0.6, 0.6852},
                            {0.8, 0.9416}, {1, 1},       {-0.5, 0},     {1.5, 1}};
    for (size_t i = 0; i < sizeof v1 / sizeof v1[0]; i++)
        assert_near(fr_flame_curve_eval(&s, 1, v1[i][0]), v1[i][1], 1e-12, "5-point curve");
    const double v2[][2] = {{0, 0.1}, {0.2, 0.1}, {0.25, 0.366875}, {0.65, 0.86359375}, {0.9, 0.8}};
    for (size_t i = 0; i < sizeof v2 / sizeof v2[0]; i++)
        assert_near(fr_flame_curve_eval(&s, 2, v2[i][0]), v2[i][1], 1e-12, "3-point curve");
    /* the overall and blue curves are absent: the identity */
    assert_true(fr_flame_curve_eval(&s, 0, 0.3) == 0.3 && fr_flame_curve_eval(&s, 3, 0.7) == 0.7);
    /* applied: the overall curve at the value's grid step, then the
     * channel's at the result's (0.6 is step 39321 of 65535) */
    assert_true(fr_flame_curve_apply(&s, 0, 0.6) == fr_flame_curve_eval(&s, 1, 39321 / 65535.0));
    c.n[0] = 5;
    memcpy(c.p[0], p1, sizeof p1);
    fr_flame_curve_splines_setup(&c, &s);
    const int step = (int)(fr_flame_curve_eval(&s, 0, 39321 / 65535.0) * 65535.0);
    assert_int_equal(step, 44904); /* 0.6852 * 65535 = 44904.58 */
    assert_true(fr_flame_curve_apply(&s, 1, 0.6) == fr_flame_curve_eval(&s, 2, 44904 / 65535.0));

    /* identity curves (points on y = x spanning [0, 1]) are not applied */
    memset(&c, 0, sizeof c);
    for (int k = 0; k < 4; k++) {
        c.n[k] = 5;
        for (int i = 0; i < 5; i++)
            c.p[k][i][0] = c.p[k][i][1] = i * 0.25;
    }
    fr_flame_curve_splines_setup(&c, &s);
    assert_int_equal(s.on, 0);
    c.p[2][4][0] = c.p[2][4][1] = 0.9; /* ends at 0.9: values above become 0.9 */
    fr_flame_curve_splines_setup(&c, &s);
    assert_int_equal(s.on, 1);
    assert_near(fr_flame_curve_eval(&s, 2, 0.95), 0.9, 1e-15, "clamped end");
}

/* Half way between two genomes: the camera's numbers and k2 averaged, a
 * curve point by point, an absent curve as Ember's five points on y = x. */
static void test_interpolation(void **state)
{
    (void)state;
    fr_flame_file f = read_text(
        "<flames><flame time=\"0\" cam_pitch=\"0.5\" cam_yaw=\"-1\" cam_zpos=\"1\" cam_persp=\"0.2\""
        " cam_dof=\"0.4\" blur_curve=\"1\" logscale_k2=\"2\" fuse=\"10\" overall_curve=\"0 0 0.25 0.5 0.5 0.5 0.75 0.75 1 1\">"
        "<xform weight=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>"
        "<flame time=\"1\"><xform weight=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/></flame></flames>",
        1);
    fr_context *ctx = fr_context_create();
    fr_flame_genome g;
    if (fr_flame_interpolate(ctx, &f, 0.5, 0, &g)) fail_msg("interpolate: %s", fr_last_error(ctx));
    assert_near(g.cam_pitch, 0.25, 1e-15, "cam_pitch");
    assert_near(g.cam_yaw, -0.5, 1e-15, "cam_yaw");
    assert_near(g.cam_zpos, 0.5, 1e-15, "cam_zpos");
    assert_near(g.cam_persp, 0.1, 1e-15, "cam_persp");
    assert_near(g.cam_dof, 0.2, 1e-15, "cam_dof");
    assert_near(g.blur_curve, 0.5, 1e-15, "blur_curve");
    assert_near(g.logscale_k2, 1, 1e-15, "logscale_k2");
    assert_int_equal(g.fuse, 5);
    assert_int_equal(g.curves.n[0], 5);
    assert_near(g.curves.p[0][1][1], 0.375, 1e-15, "overall curve point 1");
    assert_near(g.curves.p[0][2][1], 0.5, 1e-15, "overall curve point 2");
    assert_int_equal(g.curves.n[1], 0);
    fr_flame_genome_free(&g);
    fr_context_destroy(ctx);
    fr_flame_file_free(&f);
}

/* logscale_k2 replaces k2 (scaled to a pass's count: 255 a hit). */
static void test_logscale_k2(void **state)
{
    (void)state;
    fr_flame_genome g;
    fr_flame_genome_init(&g);
    fr_flame_frame fr;
    memset(&fr, 0, sizeof fr);
    fr.os = 1, fr.passes = 2, fr.width = fr.image_height = 10, fr.ppux = fr.ppuy = 5;
    fr.sample_density = 10, fr.sumfilt = 1;
    double k1, k2, k1b, k2b;
    fr_flame_log_constants(&g, &fr, &k1, &k2);
    g.logscale_k2 = 0.5;
    fr_flame_log_constants(&g, &fr, &k1b, &k2b);
    assert_true(k1 == k1b);
    assert_near(k2b, 0.5 * 2 / 255.0, 1e-18, "k2");
    assert_true(k2 != k2b);
    fr_flame_genome_free(&g);
}

static const char curve_genome[] =
    "<flame size=\"96 72\" scale=\"30\" quality=\"40\" brightness=\"30\" gamma=\"2\" estimator_radius=\"0\"%s>\n"
    "  <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 -0.5 0\"/>\n"
    "  <xform weight=\"1\" color=\"0.5\" spherical=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
    "  <xform weight=\"1\" color=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0.5\"/>\n"
    "  <color index=\"0\" rgb=\"255 200 0\"/><color index=\"128\" rgb=\"0 255 100\"/>"
    "<color index=\"255\" rgb=\"60 0 255\"/>\n"
    "</flame>\n";

/* A genome's text rendered on the CPU (seed 3). */
static void render_text(const char *xml, int earlyclip, fr_image *img)
{
    char path[1024];
    flame_tmp_path(path, sizeof path, "ember_render.flame");
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(xml, fp);
    fclose(fp);
    const fr_flame_options o = {.seed = 3, .earlyclip = earlyclip};
    const flame_setup su = {.device = "cpu"};
    flame_render_ok(&su, path, 0, &o, img);
    remove(path);
}

static void render_curves(const char *attrs, int earlyclip, fr_image *img)
{
    char xml[2048];
    snprintf(xml, sizeof xml, curve_genome, attrs);
    render_text(xml, earlyclip, img);
}

static const char view_genome[] =
    "<flame size=\"64 48\" scale=\"20\" quality=\"2\" %s>\n"
    "  <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 -0.5 0\"/>\n"
    "  <xform weight=\"1\" color=\"1\" spherical=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
    "  <color index=\"0\" rgb=\"255 200 0\"/><color index=\"255\" rgb=\"60 0 255\"/>\n"
    "</flame>\n";

/* 1 when the two genomes' renders are the same bytes. */
static int same_render(const char *attrs_a, const char *attrs_b)
{
    char xa[1024], xb[1024];
    snprintf(xa, sizeof xa, view_genome, attrs_a);
    snprintf(xb, sizeof xb, view_genome, attrs_b);
    fr_image a, b;
    render_text(xa, 0, &a);
    render_text(xb, 0, &b);
    const size_t n = (size_t)a.width * a.height * fr_image_channels(&a);
    long lit = 0;
    for (size_t i = 0; i < n; i++) lit += ((const uint8_t *)a.pixels)[i] > 2;
    if (lit < 50) fail_msg("%s: too few lit samples (%ld) to tell", attrs_a, lit);
    const int same = a.width == b.width && a.height == b.height && !memcmp(a.pixels, b.pixels, n);
    fr_image_free(&a), fr_image_free(&b);
    return same;
}

/* Apophysis 7X's enable_de="0" renders without density estimation
 * whatever estimator_radius says (and is written back); JWildfire's
 * cam_zoom multiplies the pixels per unit (zoom log2 of it); a cam_zoom
 * of 0 or less is refused by name. */
static void test_enable_de_and_cam_zoom(void **state)
{
    (void)state;
    assert_true(same_render("estimator_radius=\"9\" enable_de=\"0\"", "estimator_radius=\"0\""));
    assert_false(same_render("estimator_radius=\"9\" enable_de=\"1\"", "estimator_radius=\"0\""));
    assert_true(same_render("estimator_radius=\"9\" enable_de=\"1\"", "estimator_radius=\"9\""));
    assert_true(same_render("cam_zoom=\"2\"", "zoom=\"1\""));
    assert_false(same_render("cam_zoom=\"2\"", ""));
    fr_flame_file f = read_text("<flame size=\"4 4\" enable_de=\"0\" cam_zoom=\"4\">"
                                "<xform weight=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>",
                                1);
    assert_int_equal(f.g[0].enable_de, 0);
    assert_true(f.g[0].zoom == 2.0);
    char *xml = write_text(&f.g[0], 1);
    assert_non_null(strstr(xml, "enable_de=\"0\""));
    assert_non_null(strstr(xml, "zoom=\"2\""));
    free(xml);
    fr_flame_file_free(&f);
    const char *bad[] = {"cam_zoom=\"0\"", "cam_zoom=\"-1\"", "cam_zoom=\"x\""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) read_refused(bad[i]);
}

/* Identity curves leave every byte; a curve halving every value (overall
 * (0, 0) to (1, 0.5)) halves every channel, less one at most for the grid
 * and the truncations; with earlyclip too (applied after the filter). */
static void test_curves_on_image(void **state)
{
    (void)state;
    for (int early = 0; early < 2; early++) {
        fr_image plain, same, half;
        render_curves("", early, &plain);
        render_curves(" curves=\"0 0 1 0.25 0.25 1 0.75 0.75 1 1 1 1 0 0 1 0.25 0.25 1 0.75 0.75 1 1 1 1"
                      " 0 0 1 0.25 0.25 1 0.75 0.75 1 1 1 1 0 0 1 0.25 0.25 1 0.75 0.75 1 1 1 1\"",
                      early, &same);
        render_curves(" overall_curve=\"0 0 1 0.5\"", early, &half);
        const int nch = fr_image_channels(&plain);
        const size_t n = (size_t)plain.width * plain.height * nch;
        assert_int_equal(plain.depth, 8);
        assert_memory_equal(plain.pixels, same.pixels, n);
        const uint8_t *a = plain.pixels, *b = half.pixels;
        long lit = 0;
        for (size_t i = 0; i < n; i++) {
            if (i % nch == 3) continue; /* alpha: opaque either way */
            const int want = (int)floor(a[i] / 2.0);
            if (b[i] > want || b[i] < want - 1)
                fail_msg("earlyclip %d: sample %zu: %d with the curve, %d without", early, i, b[i], a[i]);
            lit += a[i] > 2;
        }
        if (lit < 100) fail_msg("too few lit samples (%ld) to tell", lit);
        fr_image_free(&plain), fr_image_free(&same), fr_image_free(&half);
    }
}

static void project(const fr_flame_proj *p, double x, double y, double z, double wx, double wy, const char *what)
{
    fr_flame_rng r;
    fr_flame_rng_init(&r, 1, 2);
    fr_flame_proj_apply(p, &x, &y, z, &r);
    assert_near(x, wx, 1e-14, what);
    assert_near(y, wy, 1e-14, what);
}

/* Each of Ember's projection cases at a point worked out by hand. */
static void test_projection_values(void **state)
{
    (void)state;
    const double q = M_PI / 2;
    fr_flame_proj p;
    fr_flame_proj_setup(0, 0, 0, 0, 0, 0, 1, 1, &p);
    assert_int_equal(p.on, 0); /* no camera: nothing to do */
    /* perspective alone: r = 1 - 0.5 * 1 = 0.5 */
    fr_flame_proj_setup(0, 0, 0, 0.5, 0, 0, 1, 1, &p);
    project(&p, 1, 2, 1, 2, 4, "cam_persp");
    /* and cam_zpos: z - 1 = -1, r = 1 + 0.25 */
    fr_flame_proj_setup(0, 0, 1, 0.25, 0, 0, 1, 1, &p);
    project(&p, 1, 1, 0, 0.8, 0.8, "cam_zpos");
    /* yaw a quarter turn: (x, y) -> (y, -x) */
    fr_flame_proj_setup(q, 0, 0, 0, 0, 0, 1, 1, &p);
    project(&p, 1, 2, 0, 2, -1, "cam_yaw");
    /* pitch a quarter turn: y' = -z, depth y: r = 1 - 0.25 * 2 */
    fr_flame_proj_setup(0, q, 0, 0.25, 0, 0, 1, 1, &p);
    project(&p, 1, 2, 0.5, 2, -1, "cam_pitch");
    /* depth 1 / persp: r 0 becomes FLT_EPSILON */
    fr_flame_proj_setup(0, 0, 0, 1, 0, 0, 1, 1, &p);
    project(&p, 1, 0, 1, 1 / FLT_EPSILON, 0, "r = 0");
    /* depth of field: the angle t = 2 pi u, the radius v (dof / 10) s z'
     * with s = d^2 / (4 blur_curve), d = 10 |(x / hx, y / hy)|; here
     * (0.3, 0.4) at depth 2 (zpos -2), hx = hy = 1: d = 5, s = 25 / 2 */
    fr_flame_proj_setup(0, 0, -2, 0, 0.5, 0.5, 1, 1, &p);
    fr_flame_rng r;
    fr_flame_rng_init(&r, 1, 2);
    const double u = fr_flame_rng_01(&r), v = fr_flame_rng_01(&r);
    const double dr = v * 0.05 * 12.5 * 2, t = 2 * M_PI * u;
    project(&p, 0.3, 0.4, 0, 0.3 + dr * cos(t), 0.4 + dr * sin(t), "cam_dof");
    /* blur_curve 0: s = 1 */
    fr_flame_proj_setup(0, 0, -2, 0, 0.5, 0, 1, 1, &p);
    project(&p, 0.3, 0.4, 0, 0.3 + v * 0.1 * cos(t), 0.4 + v * 0.1 * sin(t), "cam_dof, blur_curve 0");

    /* a genome's frame carries its camera, hx and hy Ember's raster's: the
     * image and 10 pixels a side, in world units (10 pixels a unit) */
    fr_flame_genome g;
    fr_flame_genome_init(&g);
    g.width = 40, g.height = 20, g.scale = 10, g.cam_pitch = 0.5;
    fr_context *ctx = fr_context_create();
    fr_flame_frame f;
    if (fr_flame_frame_init(ctx, &g, &f)) fail_msg("frame: %s", fr_last_error(ctx));
    assert_int_equal(f.proj.on, 1);
    assert_int_equal(f.proj.blur, 0);
    assert_near(f.proj.half[0], 3.0, 1e-15, "hx");
    assert_near(f.proj.half[1], 2.0, 1e-15, "hy");
    fr_flame_frame_free(&f);
    fr_context_destroy(ctx);
    fr_flame_genome_free(&g);
}

/* filter="0": a genome Ember wrote has Ember's spatial filter (one tap of
 * weight 1: each pixel its block's first bucket, the offset clamped at 0);
 * any other keeps flam3's (a kernel as wide as the supersample's parity
 * asks, normalised). */
static void frame_of(int ember, int supersample, fr_flame_frame *f)
{
    fr_flame_genome g;
    fr_flame_genome_init(&g);
    g.width = 40, g.height = 20, g.scale = 10, g.filter = 0, g.supersample = supersample;
    g.estimator_radius = 0;
    if (ember) {
        g.extra = calloc(1, sizeof *g.extra);
        assert_non_null(g.extra);
        g.extra[0].name = strdup("version"), g.extra[0].value = strdup("EMBER-WIN-1.0.0.19");
        g.nextra = 1;
    }
    assert_int_equal(fr_flame_genome_is_ember(&g), ember);
    fr_context *ctx = fr_context_create();
    if (fr_flame_frame_init(ctx, &g, f)) fail_msg("frame: %s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    fr_flame_genome_free(&g);
}

static void test_filter_zero(void **state)
{
    (void)state;
    fr_flame_frame f;
    for (int os = 1; os <= 4; os++) {
        frame_of(1, os, &f);
        assert_int_equal(f.fwidth, 1);
        assert_true(f.filter[0] == 1.0);
        assert_int_equal(f.gutter, 0);
        assert_int_equal(f.de_offset, 0);
        assert_int_equal(f.wb, 40 * os);
        fr_flame_frame_free(&f);
    }
    frame_of(0, 2, &f); /* flam3: width 0 + 1, made even as the supersample: 2 x 2 taps */
    assert_int_equal(f.fwidth, 2);
    assert_near(f.filter[0], 0.25, 1e-15, "flam3's 2 x 2 taps");
    fr_flame_frame_free(&f);
}

/* A genome Ember wrote (version EMBER-..., any case) makes a frame with
 * Ember's palette lookup and k1; others flam3's. */
static void test_ember_palette_k1(void **state)
{
    (void)state;
    fr_flame_frame fe, ff;
    frame_of(1, 1, &fe);
    frame_of(0, 1, &ff);
    assert_int_equal(fe.ember, 1);
    assert_int_equal(ff.ember, 0);
    assert_true(fr_flame_cmap_scale(fe.ember) == 255.0);
    assert_true(fr_flame_cmap_scale(ff.ember) == 256.0);
    fr_flame_genome g;
    fr_flame_genome_init(&g);
    double k1e, k2e, k1f, k2f;
    fe.sample_density = ff.sample_density = 10, fe.ppux = fe.ppuy = ff.ppux = ff.ppuy = 10;
    fr_flame_log_constants(&g, &fe, &k1e, &k2e);
    fr_flame_log_constants(&g, &ff, &k1f, &k2f);
    assert_near(k1f, g.brightness * 255.0 * 268.0 / 256.0 / ff.passes, 1e-12, "flam3's k1");
    assert_near(k1e, g.brightness * 255.0 / fe.passes, 1e-12, "Ember's k1");
    assert_true(k2e == k2f);
    fr_flame_frame_free(&fe);
    fr_flame_frame_free(&ff);
    fr_flame_genome_free(&g);
    /* the version's case does not matter, and a write keeps it */
    static const char xml[] = "<flame version=\"ember-LINUX-1.0\" size=\"8 8\" scale=\"2\">\n"
                              "  <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
                              "  <color index=\"0\" rgb=\"255 0 0\"/>\n</flame>\n";
    fr_flame_file f = read_text(xml, 1);
    assert_true(fr_flame_genome_is_ember(&f.g[0]));
    char *out = write_text(&f.g[0], 1);
    assert_non_null(strstr(out, "version=\"ember-LINUX-1.0\""));
    fr_flame_file f2 = read_text(out, 1);
    assert_true(fr_flame_genome_is_ember(&f2.g[0]));
    free(out);
    fr_flame_file_free(&f);
    fr_flame_file_free(&f2);
}

/* The hit values of colour c: flam3's entry c * 256, Ember's c * 255 (its
 * Accumulate: step entry (size_t)(c * 255) clamped to 255; linear between
 * (int)(c * 255) and the next, entry 254 with frac 1 from c = 1 on). */
static void test_ember_hit_values(void **state)
{
    (void)state;
    static uint32_t hit[1][256][5];
    static double dmap[256][4];
    for (int e = 0; e < 256; e++) {
        for (int k = 0; k < 5; k++) hit[0][e][k] = (uint32_t)(e * 10 + k);
        dmap[e][0] = e, dmap[e][1] = 2.0 * e, dmap[e][2] = 255 - e, dmap[e][3] = 1.0;
    }
    const double vis[1] = {1.0};
    fr_flame_job j;
    memset(&j, 0, sizeof j);
    j.hit = (const uint32_t(*)[256][5])hit, j.dmap = (const double(*)[4])dmap, j.vis = vis;
    static const struct {
        double c;
        int flam3, ember; /* step entries */
    } step[] = {{0.0, 0, 0}, {0.5, 128, 127}, {0.999, 255, 254}, {1.0, 255, 255}, {100.2 / 255, 100, 100},
                {100.0 / 256, 100, 99}, {-0.1, 0, 0}, {1.5, 255, 255}};
    uint32_t v[FR_FB_CHANNELS];
    for (size_t i = 0; i < sizeof step / sizeof step[0]; i++) {
        j.cmap_scale = fr_flame_cmap_scale(0);
        fr_flame_hit_values(&j, step[i].c, 0, v);
        if (v[0] != (uint32_t)step[i].flam3 * 10) fail_msg("flam3 step c %g: entry %u", step[i].c, v[0] / 10);
        j.cmap_scale = fr_flame_cmap_scale(1);
        fr_flame_hit_values(&j, step[i].c, 0, v);
        if (v[0] != (uint32_t)step[i].ember * 10) fail_msg("Ember step c %g: entry %u", step[i].c, v[0] / 10);
        assert_int_equal(v[4], (uint32_t)step[i].ember * 10 + 4);
    }
    /* linear: entry and frac; the adds floor(w col) */
    j.linear_palette = 1;
    double frac;
    assert_int_equal(fr_flame_hit_linear_entry(0.5, 255.0, &frac), 127);
    assert_near(frac, 0.5, 1e-15, "Ember's frac at 0.5");
    assert_int_equal(fr_flame_hit_linear_entry(0.5, 256.0, &frac), 128);
    assert_near(frac, 0.0, 0.0, "flam3's frac at 0.5");
    assert_int_equal(fr_flame_hit_linear_entry(1.0, 255.0, &frac), 254);
    assert_near(frac, 1.0, 0.0, "Ember's c = 1: entry 255");
    assert_int_equal(fr_flame_hit_linear_entry(0.9999, 255.0, &frac), 254);
    assert_near(frac, 0.9999 * 255 - 254, 1e-12, "Ember's last interval");
    j.cmap_scale = 255.0;
    fr_flame_hit_values(&j, 0.5, 0, v); /* between 127 and 128, half way */
    assert_int_equal(v[0], 127);        /* floor(127.5) */
    assert_int_equal(v[1], 255);        /* 2 * 127.5 */
    assert_int_equal(v[2], 127);
    assert_int_equal(v[4], 255);
    j.cmap_scale = 256.0;
    fr_flame_hit_values(&j, 0.5, 0, v);
    assert_int_equal(v[0], 128);
    assert_int_equal(v[1], 256);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_attribute_read),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_curves),
        cmocka_unit_test(test_corpus_fractorium_genome),
        cmocka_unit_test(test_curve_values),
        cmocka_unit_test(test_interpolation),
        cmocka_unit_test(test_logscale_k2),
        cmocka_unit_test(test_curves_on_image),
        cmocka_unit_test(test_enable_de_and_cam_zoom),
        cmocka_unit_test(test_projection_values),
        cmocka_unit_test(test_filter_zero),
        cmocka_unit_test(test_ember_palette_k1),
        cmocka_unit_test(test_ember_hit_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
