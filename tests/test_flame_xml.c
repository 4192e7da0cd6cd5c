/* flam3 genome files: every corpus genome parses with the values flam3
 * reads, flam3's defaults, the old symmetry attribute, chaos rows,
 * <symmetry kind> expansion as flam3_add_symmetry does it, palette="N"
 * from the flam3 palette file, the inline palette forms, malformed input
 * (line and element named), strict mode and warnings, and read -> write ->
 * read equality on the whole corpus. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_xml.h"

/* ------------------------------------------------------------ helpers */

static const char *corpus_path(const char *file)
{
    static char path[2048];
    const char *shared = getenv("FR_SHARED");
    if (!shared || !*shared) shared = "../shared";
    snprintf(path, sizeof path, "%s/corpus/flames/%s", shared, file);
    return path;
}

/* flam3's palette file: FR_FLAM3_PALETTES where set (scripts/gpu-check.sh
 * unpacks Debian's flam3-palette there), else the library's default, the
 * path Debian installs it to (scripts/setup.sh installs the package). */
static const char *palettes(void)
{
    const char *p = getenv("FR_FLAM3_PALETTES");
    return p && *p ? p : NULL;
}

/* The corpus lives beside the checkout (FR_SHARED; a copy of the tree
 * sent to the GPU machine carries it as .shared): missing, the tests fail. */
static void need_corpus(void)
{
    FILE *f = fopen(corpus_path("sierpinski.flame"), "rb");
    if (f) {
        fclose(f);
        return;
    }
    fail_msg("no flame corpus at %s", corpus_path(""));
}

static const char *tmp_path(const char *name)
{
    static char path[1024];
    const char *dir = getenv("FR_TEST_TMP");
    if (!dir || !*dir) dir = "/tmp";
    snprintf(path, sizeof path, "%s/test_flame_xml_%s", dir, name);
    return path;
}

static fr_flame_file read_corpus(const char *file)
{
    fr_context *ctx = fr_context_create();
    fr_flame_file f;
    fr_status s = fr_flame_read_file(ctx, corpus_path(file), palettes(), 0, &f);
    if (s) fail_msg("%s: %s", file, fr_last_error(ctx));
    fr_context_destroy(ctx);
    return f;
}

/* Parse text that must parse. */
static fr_flame_file read_ok(const char *xml, int strict)
{
    fr_context *ctx = fr_context_create();
    fr_flame_file f;
    fr_status s = fr_flame_read_memory(ctx, xml, strlen(xml), "test.flam3", palettes(), strict, &f);
    if (s) fail_msg("unexpected failure: %s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    return f;
}

/* Parse text that must fail with FR_ERR_PARSE and a message holding each
 * of the given pieces (NULL-terminated). */
static void read_fails(const char *xml, int strict, ...)
{
    fr_context *ctx = fr_context_create();
    fr_flame_file f;
    fr_status s = fr_flame_read_memory(ctx, xml, strlen(xml), "bad.flam3", palettes(), strict, &f);
    const char *msg = fr_last_error(ctx);
    if (s != FR_ERR_PARSE) fail_msg("expected a parse error, got %d (%s) for:\n%s", s, msg, xml);
    assert_int_equal(f.n, 0);
    assert_null(f.g);
    va_list ap;
    va_start(ap, strict);
    for (const char *want; (want = va_arg(ap, const char *));)
        if (!strstr(msg, want)) fail_msg("message '%s' lacks '%s'", msg, want);
    va_end(ap);
    fr_context_destroy(ctx);
}

static int has_warning(const fr_flame_file *f, const char *piece)
{
    int n = 0;
    for (int i = 0; i < f->nwarnings; i++)
        if (strstr(f->warnings[i], piece)) n++;
    return n;
}

static int var(const char *name)
{
    int v = fr_flame_var_find(name);
    if (v < 0) fail_msg("no variation %s", name);
    return v;
}

static int param(const char *name)
{
    int p = fr_flame_param_find(name);
    if (p < 0) fail_msg("no parameter %s", name);
    return p;
}

/* What flam3's round6 gives for k millionths. */
static double r6(long k) { return 1e-6 * (double)k; }

static const char *extra(const fr_flame_attr *a, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(a[i].name, name)) return a[i].value;
    return NULL;
}

static void assert_rgb255(const double c[4], int r, int g, int b)
{
    if (c[0] != r / 255.0 || c[1] != g / 255.0 || c[2] != b / 255.0 || c[3] != 1.0)
        fail_msg("colour %.17g %.17g %.17g %.17g is not %d %d %d", c[0], c[1], c[2], c[3], r, g, b);
}

static void assert_coefs(const double m[3][2], double a, double b, double c, double d, double e, double f)
{
    const double want[6] = {a, b, c, d, e, f};
    for (int i = 0; i < 6; i++)
        if (m[i / 2][i % 2] != want[i]) fail_msg("coefficient %d: %.17g, want %.17g", i, m[i / 2][i % 2], want[i]);
}

/* read -> write -> read gives an equal genome, and writing that gives the
 * same text. */
static void assert_round_trip(const fr_flame_file *f, const char *what)
{
    fr_context *ctx = fr_context_create();
    char *xml = NULL, *xml2 = NULL;
    if (fr_flame_to_xml(ctx, f->g, f->n, &xml)) fail_msg("%s: write: %s", what, fr_last_error(ctx));
    fr_flame_file back;
    if (fr_flame_read_memory(ctx, xml, strlen(xml), "written", palettes(), 0, &back))
        fail_msg("%s: read back: %s\n%s", what, fr_last_error(ctx), xml);
    assert_int_equal(back.n, f->n);
    for (int i = 0; i < f->n; i++) {
        char why[256];
        if (!fr_flame_genome_equal(&f->g[i], &back.g[i], why, sizeof why))
            fail_msg("%s: flame %d differs after the round trip: %s", what, i, why);
    }
    assert_int_equal(fr_flame_to_xml(ctx, back.g, back.n, &xml2), FR_OK);
    assert_string_equal(xml, xml2);
    free(xml);
    free(xml2);
    fr_flame_file_free(&back);
    fr_context_destroy(ctx);
}

/* ------------------------------------------------------------- corpus */

static const char *const corpus[] = {
    "electricsheep.244.01031.flam3", "electricsheep.244.10471.flam3", "electricsheep.244.22018.flam3",
    "electricsheep.244.23669.flam3", "electricsheep.244.32737.flam3", "electricsheep.244.33532.flam3",
    "sierpinski.flame",              "tatasz_springcrown_manysimplexforms.flame",
    "tyrantwave_flippeddisc_normal.flame"};
#define NCORPUS ((int)(sizeof corpus / sizeof corpus[0]))

static void test_corpus_electricsheep(void **state)
{
    (void)state;
    need_corpus();
    fr_flame_file f = read_corpus("electricsheep.244.01031.flam3");
    assert_int_equal(f.n, 1);
    fr_flame_genome *g = &f.g[0];
    assert_string_equal(g->name, "electricsheep.244.01031");
    assert_int_equal(g->width, 800);
    assert_int_equal(g->height, 592);
    assert_true(g->center[0] == -0.244727 && g->center[1] == -1.10723);
    assert_true(g->rot_center[0] == g->center[0] && g->rot_center[1] == g->center[1]);
    assert_true(g->scale == 157.293 && g->rotate == -360 && g->brightness == 89.8087 && g->gamma == 4);
    assert_int_equal(g->supersample, 4);
    assert_int_equal(g->passes, 1);
    assert_int_equal(g->temporal_samples, 1000);
    assert_true(g->quality == 2000 && g->estimator_radius == 11 && g->estimator_curve == 0.6);
    assert_int_equal(g->palette_mode, FR_PALETTE_LINEAR);
    assert_int_equal(g->interpolation_type, FR_INTERP_TYPE_LOG);
    assert_int_equal(g->nxf, 6);
    assert_null(g->final);
    assert_coefs(g->xf[0].c, -0.808616, -0.304161, 0.300814, -0.773538, -0.444279, -0.687857);
    assert_coefs(g->xf[0].post, 0.530797, 0.847499, -0.847499, 0.530797, 0.969268, -0.191418);
    assert_true(g->xf[0].has_post);
    assert_true(g->xf[0].var[var("linear")] == 0.94 && g->xf[0].var[var("swirl")] == 0.06);
    /* symmetry="0" -> color_speed 0.5, animate 1; symmetry="0.8" -> 0.1, 0 */
    assert_true(g->xf[0].color_speed == 0.5 && g->xf[0].animate == 1.0);
    assert_true(g->xf[3].color_speed == (1.0 - 0.8) / 2.0 && g->xf[3].animate == 0.0);
    assert_true(g->xf[2].color_speed == 0.0 && g->xf[2].animate == 0.0);
    assert_true(g->xf[5].param[param("rings2_val")] == 0.992786 && g->xf[5].var[var("rings2")] == 0.2);
    assert_rgb255(g->palette[0], 16, 5, 1);
    assert_rgb255(g->palette[255], 12, 3, 1);
    /* url, nick and notes are kept; the <edit> history too */
    assert_string_equal(extra(g->extra, g->nextra, "nick"), "brood");
    assert_string_equal(extra(g->extra, g->nextra, "url"), "electricsheep.org");
    assert_non_null(g->children);
    assert_true(strncmp(g->children, "<edit", 5) == 0);
    /* Electric Sheep's metadata is known: kept without a warning */
    assert_int_equal(has_warning(&f, "'nick'"), 0);
    assert_int_equal(has_warning(&f, "'url'"), 0);
    assert_int_equal(f.nwarnings, 0);
    fr_flame_file_free(&f);

    f = read_corpus("electricsheep.244.10471.flam3");
    g = &f.g[0];
    /* <symmetry kind="-5"/> before 8 xforms: a reflection and 4 rotations */
    assert_int_equal(g->symmetry, -5);
    assert_int_equal(g->nxf, 13);
    assert_coefs(g->xf[0].c, -1, 0, 0, 1, 0, 0);
    assert_true(g->xf[0].color == 1.0 && g->xf[0].weight == 1.0 && g->xf[0].var[0] == 1.0);
    assert_coefs(g->xf[5].c, 0.57776, -0.916416, -0.430995, -0.419417, -1.38843, 1.31113);
    assert_true(g->xf[12].param[param("super_shape_m")] == 5 && g->xf[12].param[param("super_shape_n2")] == 0.3);
    assert_true(g->xf[12].var[var("super_shape")] == 0.009801);
    assert_rgb255(g->palette[0], 135, 92, 121);
    fr_flame_file_free(&f);

    f = read_corpus("electricsheep.244.22018.flam3");
    assert_int_equal(f.g[0].nxf, 3);
    assert_true(f.g[0].xf[0].var[var("spiral")] == 0.42);
    assert_string_equal(extra(f.g[0].extra, f.g[0].nextra, "genebank"), "cross");
    fr_flame_file_free(&f);

    f = read_corpus("electricsheep.244.23669.flam3");
    g = &f.g[0];
    assert_int_equal(g->width, 512);
    assert_int_equal(g->nxf, 12);
    assert_true(g->xf[3].var[var("julia")] == 1 && g->xf[4].var[var("spherical")] == -0.788);
    assert_coefs(g->xf[10].post, 0.111423, 0, 0, 0.111423, -0.065753, -0.003288);
    assert_false(g->xf[0].has_post);
    fr_flame_file_free(&f);

    f = read_corpus("electricsheep.244.32737.flam3");
    assert_int_equal(f.g[0].nxf, 4);
    assert_true(f.g[0].xf[1].param[param("rectangles_x")] == 0.1 && f.g[0].vibrancy == 0.93);
    assert_true(f.g[0].xf[1].weight == 6.16562);
    fr_flame_file_free(&f);

    f = read_corpus("electricsheep.244.33532.flam3");
    g = &f.g[0];
    assert_int_equal(g->nxf, 3);
    assert_non_null(g->final);
    assert_true(g->final->var[var("juliascope")] == -0.811 && g->final->param[param("juliascope_power")] == 2);
    assert_true(g->final->color == 0.775248 && g->final->weight == 0.0);
    assert_true(g->final->color_speed == 0.0 && g->final->animate == 0.0); /* symmetry="1" */
    assert_true(g->xf[1].param[param("julian_power")] == 17 && g->xf[1].param[param("julian_dist")] == 5);
    assert_true(g->xf[0].color_speed == 0.9 && g->xf[0].animate == 1.0); /* symmetry="-0.8" */
    fr_flame_file_free(&f);
}

static void test_corpus_fractorium(void **state)
{
    (void)state;
    need_corpus();
    fr_flame_file f = read_corpus("sierpinski.flame"); /* one <flame> in <flames> */
    assert_int_equal(f.n, 1);
    fr_flame_genome *g = &f.g[0];
    assert_int_equal(g->nxf, 3);
    assert_coefs(g->xf[1].c, 0.5, 0, 0, 0.5, 0.5, 0);
    assert_true(g->xf[1].color == 0.35 && g->xf[1].color_speed == 0.5 && g->xf[1].opacity == 1.0);
    assert_int_equal(g->palette_mode, FR_PALETTE_STEP);
    assert_int_equal(g->interpolation_type, FR_INTERP_TYPE_LINEAR);
    assert_true(g->highlight_power == -1 && g->gamma_threshold == 0.04);
    assert_rgb255(g->palette[0], 64, 73, 173);
    assert_string_equal(extra(g->extra, g->nextra, "version"), "Fr0st 1.3");
    assert_int_equal(f.nwarnings, 0);
    fr_flame_file_free(&f);

    f = read_corpus("tatasz_springcrown_manysimplexforms.flame");
    g = &f.g[0];
    assert_int_equal(g->width, 1920);
    assert_int_equal(g->height, 1080);
    assert_int_equal(g->nxf, 52);
    assert_null(g->final);
    /* chaos: xform 0 goes to the first 20, not to the other 32 */
    assert_non_null(g->xf[0].chaos);
    assert_true(g->xf[0].chaos[19] == 1.0 && g->xf[0].chaos[20] == 0.0 && g->xf[0].chaos[51] == 0.0);
    assert_true(g->highlight_power == 1 && g->estimator_radius == 0 && g->filter == 0.5);
    assert_string_equal(extra(g->xf[0].extra, g->xf[0].nextra, "var_color"), "1");
    assert_string_equal(extra(g->xf[0].extra, g->xf[0].nextra, "name"), "1_to_1");
    /* Ember's settings are read, its metadata kept, nothing warned of */
    assert_int_equal(g->fuse, 15);
    assert_int_equal(g->sub_batch_size, 10240);
    assert_true(g->cam_pitch == 0 && g->cam_yaw == 0 && g->cam_persp == 0 && g->cam_dof == 0);
    assert_int_equal(g->curves.n[0], 4);
    assert_int_equal(f.nwarnings, 0);
    fr_flame_file_free(&f);

    f = read_corpus("tyrantwave_flippeddisc_normal.flame");
    g = &f.g[0];
    assert_int_equal(g->nxf, 4);
    assert_coefs(g->xf[1].post, -1, 0, 0, 1, 0, 0);
    assert_true(g->xf[1].has_post && !g->xf[0].has_post);
    assert_true(g->xf[2].param[param("radial_blur_angle")] == 1 && g->xf[2].var[var("radial_blur")] == 1);
    /* color_speed="0.05" symmetry="0.9" animate="0": the later attribute wins */
    assert_true(g->xf[0].color_speed == (1.0 - 0.9) / 2.0 && g->xf[0].animate == 0);
    assert_true(g->xf[2].color_speed == 1.0 && g->xf[2].animate == 1); /* symmetry="-1" then 1 and 1 */
    /* <palette count="256" format="RGB"> hex */
    assert_rgb255(g->palette[0], 0x2D, 0x3E, 0x58);
    assert_rgb255(g->palette[1], 0x4D, 0x76, 0xAE);
    assert_rgb255(g->palette[8], 0x74, 0x93, 0x4D);
    fr_flame_file_free(&f);
}

static void test_corpus_round_trip(void **state)
{
    (void)state;
    need_corpus();
    for (int i = 0; i < NCORPUS; i++) {
        fr_flame_file f = read_corpus(corpus[i]);
        assert_round_trip(&f, corpus[i]);
        fr_flame_file_free(&f);
    }
}

/* ----------------------------------------------------------- defaults */

static void test_defaults(void **state)
{
    (void)state;
    fr_flame_file f = read_ok("<flames><flame time=\"7\" size=\"10 20\">\n"
                              "  <xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>\n"
                              "  <xform coefs=\"1 0 0 1 0 0\"/>\n"
                              "</flame>\n"
                              "<flame name=\"a b c\" size=\"1 1\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>"
                              "</flames>",
                              1);
    assert_int_equal(f.n, 2);
    fr_flame_genome *g = &f.g[0], def;
    fr_flame_genome_init(&def);
    assert_int_equal(g->width, 10);
    assert_int_equal(g->height, 20);
    assert_true(g->scale == 50 && g->zoom == 0 && g->rotate == 0 && g->center[0] == 0 && g->center[1] == 0);
    assert_int_equal(g->supersample, 1);
    assert_true(g->filter == 0.5 && g->quality == 1 && g->brightness == 4 && g->gamma == 4 && g->vibrancy == 1);
    assert_int_equal(g->filter_shape, FR_FILTER_GAUSSIAN);
    assert_int_equal(g->passes, 1);
    assert_int_equal(g->temporal_samples, 1000);
    assert_int_equal(g->temporal_filter_type, FR_TFILTER_BOX);
    assert_true(g->temporal_filter_width == 1 && g->temporal_filter_exp == 0);
    assert_true(g->highlight_power == -1 && g->gamma_threshold == 0.01 && g->hue_rotation == 0);
    assert_true(g->estimator_radius == 9 && g->estimator_minimum == 0 && g->estimator_curve == 0.4);
    assert_int_equal(g->palette_mode, FR_PALETTE_STEP);
    assert_int_equal(g->interpolation, FR_INTERP_LINEAR);
    assert_int_equal(g->interpolation_type, FR_INTERP_TYPE_LOG);
    assert_int_equal(g->palette_interpolation, FR_PALINTERP_HSV_CIRCULAR);
    assert_true(g->hsv_rgb_palette_blend == 0);
    assert_int_equal(g->palette_index, -1);
    assert_null(g->name);
    /* no colours: flam3 leaves the palette at zero (alpha 0 too) */
    for (int i = 0; i < 256; i++)
        for (int k = 0; k < 4; k++) assert_true(g->palette[i][k] == 0.0);
    /* the same as fr_flame_genome_init apart from size and time and xforms */
    def.width = 10, def.height = 20, def.time = 7;
    def.xf = g->xf, def.nxf = g->nxf;
    char why[200];
    if (!fr_flame_genome_equal(g, &def, why, sizeof why)) fail_msg("defaults differ: %s", why);
    /* xform defaults: no variation (not even linear), color = index & 1 */
    fr_flame_xform *x = &g->xf[0];
    assert_true(x->weight == 1 && x->color == 0 && x->color_speed == 0.5 && x->animate == 1 && x->opacity == 1);
    for (int v = 0; v < FR_FLAME_NVAR; v++) assert_true(x->var[v] == 0.0);
    for (int p = 0; p < FR_FLAME_NPARAM; p++) assert_true(x->param[p] == fr_flame_params[p].def);
    assert_coefs(x->post, 1, 0, 0, 1, 0, 0);
    assert_false(x->has_post);
    assert_null(x->chaos);
    assert_true(g->xf[1].weight == 0.0 && g->xf[1].color == 1.0);
    /* flam3 keeps the previous flame's time; names lose their spaces
     * (the last character excepted) */
    assert_true(f.g[1].time == 7.0);
    assert_string_equal(f.g[1].name, "a_b_c");
    fr_flame_file_free(&f);

    fr_flame_xform xi;
    fr_flame_xform_init(&xi);
    assert_true(xi.var[0] == 1.0 && xi.color_speed == 0.5 && xi.opacity == 1.0 && xi.weight == 0.0);
    fr_flame_xform_free(&xi);
}

static void test_xform_attributes(void **state)
{
    (void)state;
    fr_flame_file f = read_ok(
        "<flame size=\"4 4\">"
        "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" symmetry=\"0.4\"/>"
        "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" symmetry=\"-1\"/>"
        "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" symmetry=\"0.4\" color_speed=\"0.7\" animate=\"0.5\"/>"
        "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" color_speed=\"0.7\" symmetry=\"1\"/>"
        "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" color=\"0.25 0.75\" linear=\"1\" var1=\"2\"/>"
        "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" plotmode=\"off\" mobius=\"1\" Re_A=\"0.5\" mobius_im_d=\"-2\""
        " super_shape_rnd=\"3\"/>"
        "</flame>",
        0);
    fr_flame_xform *x = f.g[0].xf;
    /* symmetry s: color_speed (1 - s) / 2, animate s > 0 ? 0 : 1; a later
     * attribute overrides an earlier one */
    assert_true(x[0].color_speed == 0.3 && x[0].animate == 0.0);
    assert_true(x[1].color_speed == 1.0 && x[1].animate == 1.0);
    assert_true(x[2].color_speed == 0.7 && x[2].animate == 0.5);
    assert_true(x[3].color_speed == 0.0 && x[3].animate == 0.0);
    /* two colour values: the first; var1 clears the others */
    assert_true(x[4].color == 0.25 && x[4].var[2] == 1.0 && x[4].var[0] == 0.0);
    assert_true(x[5].opacity == 0.0);
    int re_a = fr_flame_param_find("mobius_re_a") >= 0 ? param("mobius_re_a") : param("re_a");
    int im_d = fr_flame_param_find("mobius_im_d") >= 0 ? param("mobius_im_d") : param("im_d");
    assert_true(x[5].param[re_a] == 0.5 && x[5].param[im_d] == -2);
    assert_true(x[5].param[param("super_shape_rnd")] == 1.0); /* clamped to [0, 1] as flam3 does */
    assert_round_trip(&f, "xform attributes");
    fr_flame_file_free(&f);

    /* soloxform: every other xform transparent */
    f = read_ok("<flame size=\"4 4\" soloxform=\"1\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>",
                1);
    assert_true(f.g[0].xf[0].opacity == 0 && f.g[0].xf[1].opacity == 1 && f.g[0].xf[2].opacity == 0);
    fr_flame_file_free(&f);

    /* smooth interpolation is not allowed into the first segment */
    f = read_ok("<flames><flame size=\"4 4\" interpolation=\"smooth\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                "</flame><flame size=\"4 4\" interpolation=\"smooth\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                "</flame></flames>",
                0);
    assert_int_equal(f.g[0].interpolation, FR_INTERP_LINEAR);
    assert_int_equal(f.g[1].interpolation, FR_INTERP_SMOOTH);
    assert_int_equal(has_warning(&f, "smooth"), 1);
    fr_flame_file_free(&f);
}

/* --------------------------------------------------------------- chaos */

static void test_chaos(void **state)
{
    (void)state;
    fr_flame_file f = read_ok("<flame size=\"4 4\">\n"
                              "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" chaos=\"0 2 1\"/>\n"
                              "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>\n"
                              "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" chaos=\"1 1 0.5 \"/>\n"
                              "<finalxform coefs=\"1 0 0 1 0 0\"/>\n"
                              "</flame>",
                              1);
    fr_flame_genome *g = &f.g[0];
    assert_int_equal(g->nxf, 3);
    assert_non_null(g->xf[0].chaos);
    assert_true(g->xf[0].chaos[0] == 0 && g->xf[0].chaos[1] == 2 && g->xf[0].chaos[2] == 1);
    assert_null(g->xf[1].chaos);
    assert_true(g->xf[2].chaos[0] == 1 && g->xf[2].chaos[1] == 1 && g->xf[2].chaos[2] == 0.5);
    assert_null(g->final->chaos);
    assert_round_trip(&f, "chaos");
    char *xml;
    assert_int_equal(fr_flame_to_xml(NULL, g, 1, &xml), FR_OK);
    assert_non_null(strstr(xml, "chaos=\"0 2\"")); /* trailing ones left out, as flam3 prints */
    assert_non_null(strstr(xml, "chaos=\"1 1 0.5\""));
    free(xml);
    fr_flame_file_free(&f);

    /* all ones: no row */
    f = read_ok("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\" chaos=\"1 1\"/></flame>", 0);
    assert_null(f.g[0].xf[0].chaos);
    fr_flame_file_free(&f);

    /* past the last xform: dropped with a warning (flam3 would write past
     * the row), an error when strict */
    const char *longrow = "<flame size=\"4 4\">\n<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" chaos=\"1 0.5\"/></flame>";
    f = read_ok(longrow, 0);
    assert_null(f.g[0].xf[0].chaos);
    assert_int_equal(has_warning(&f, "line 2: <xform> chaos"), 1);
    fr_flame_file_free(&f);
    read_fails(longrow, 1, "bad.flam3:2: <xform>: chaos", NULL);
    read_fails("<flame size=\"4 4\">\n<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" chaos=\"1 x\"/></flame>", 0,
               "bad.flam3:2: <xform>: chaos '1 x'", NULL);
}

/* ------------------------------------------------------------ symmetry */

static void test_symmetry_kind(void **state)
{
    (void)state;
    /* kind 3 between two xforms: two rotations by 120 and 240 degrees,
     * coefficients rounded to 6 decimals, colours 0 and 1, weight 1,
     * color_speed 0, animate 0, linear 1; indices of later xforms shift */
    fr_flame_file f = read_ok("<flame size=\"4 4\">"
                              "<xform weight=\"0.5\" coefs=\"1 0 0 1 0 0\" linear=\"1\"/>"
                              "<symmetry kind=\"3\"/>"
                              "<xform weight=\"0.5\" coefs=\"1 0 0 1 1 0\" linear=\"1\" chaos=\"1 1 0.5\"/>"
                              "</flame>",
                              1);
    fr_flame_genome *g = &f.g[0];
    assert_int_equal(g->symmetry, 3);
    assert_int_equal(g->nxf, 4);
    const double s = r6(866025), h = r6(-500000);
    assert_coefs(g->xf[1].c, h, s, -s, h, 0, 0);
    assert_coefs(g->xf[2].c, h, -s, s, h, 0, 0);
    for (int i = 1; i <= 2; i++) {
        fr_flame_xform *x = &g->xf[i];
        assert_true(x->weight == 1 && x->color_speed == 0 && x->animate == 0 && x->var[0] == 1 && x->opacity == 1);
        assert_false(x->has_post);
    }
    assert_true(g->xf[1].color == 0.0 && g->xf[2].color == 1.0);
    /* the xform after the symmetry is index 3: its chaos row is row 3 and
     * its default colour 3 & 1 */
    assert_true(g->xf[3].color == 1.0);
    assert_non_null(g->xf[3].chaos);
    assert_true(g->xf[3].chaos[2] == 0.5);
    /* the symmetry is not written back (the xforms are) */
    char *xml;
    assert_int_equal(fr_flame_to_xml(NULL, g, 1, &xml), FR_OK);
    assert_null(strstr(xml, "<symmetry"));
    free(xml);
    assert_round_trip(&f, "symmetry 3");
    fr_flame_file_free(&f);

    /* kind 5: flam3 sorts the new xforms (by determinant, as glibc's merge
     * sort leaves ties): colours 1/3, 2/3, 0, 1 */
    f = read_ok("<flame size=\"4 4\"><symmetry kind=\"5\"/></flame>", 1);
    g = &f.g[0];
    assert_int_equal(g->nxf, 4);
    assert_true(g->xf[0].color == 1.0 / 3.0 && g->xf[1].color == 2.0 / 3.0);
    assert_true(g->xf[2].color == 0.0 && g->xf[3].color == 1.0);
    assert_coefs(g->xf[2].c, r6(309017), r6(951057), r6(-951057), r6(309017), 0, 0);
    assert_coefs(g->xf[0].c, r6(-809017), r6(587785), r6(-587785), r6(-809017), 0, 0);
    fr_flame_file_free(&f);

    /* kind -2: the reflection (colour 1) then a half turn (colour 0) */
    f = read_ok("<flame size=\"4 4\"><symmetry kind=\"-2\"/></flame>", 1);
    g = &f.g[0];
    assert_int_equal(g->nxf, 2);
    assert_coefs(g->xf[0].c, -1, 0, 0, 1, 0, 0);
    assert_coefs(g->xf[1].c, r6(-1000000), 0, 0, r6(-1000000), 0, 0);
    assert_true(g->xf[0].color == 1.0 && g->xf[1].color == 0.0);
    fr_flame_file_free(&f);

    /* With a final xform flam3 sorts the last `result` entries of its
     * array, the final xform included: one with color_speed 0 and a small
     * determinant moves in among the xforms and the last rotation becomes
     * the final xform (flam3-genome 3.1.1 prints exactly this). */
    f = read_ok("<flame size=\"4 4\">"
                "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" linear=\"1\"/>"
                "<finalxform coefs=\"0.5 0 0 0.5 0 0\" spherical=\"1\" color_speed=\"0\" color=\"0.25\"/>"
                "<symmetry kind=\"3\"/>"
                "<xform weight=\"0.5\" coefs=\"1 0 0 1 0.5 0\" linear=\"1\" chaos=\"1 0\"/>"
                "</flame>",
                1);
    g = &f.g[0];
    assert_int_equal(g->nxf, 4);
    assert_coefs(g->xf[1].c, h, s, -s, h, 0, 0);
    assert_coefs(g->xf[2].c, 0.5, 0, 0, 0.5, 0, 0);
    assert_true(g->xf[2].weight == 0 && g->xf[2].var[var("spherical")] == 1 && g->xf[2].color == 0.25);
    assert_true(g->xf[3].chaos[1] == 0.0);
    assert_coefs(g->final->c, h, -s, s, h, 0, 0);
    assert_true(g->final->color == 1.0 && g->final->weight == 0.0);
    fr_flame_file_free(&f);

    /* kind 1: nothing; kind 0 (random): ignored with a warning, or an error */
    f = read_ok("<flame size=\"4 4\"><symmetry kind=\"1\"/><symmetry kind=\"0\"/></flame>", 0);
    assert_int_equal(f.g[0].nxf, 0);
    assert_int_equal(f.g[0].symmetry, 0);
    assert_int_equal(has_warning(&f, "random"), 1);
    fr_flame_file_free(&f);
    read_fails("<flame size=\"4 4\">\n<symmetry kind=\"0\"/></flame>", 1, "bad.flam3:2: <symmetry>", NULL);
    read_fails("<flame size=\"4 4\"><symmetry kind=\"2\" order=\"1\"/></flame>", 0, "<symmetry>", "order", NULL);
}

/* ------------------------------------------------------------- palette */

/* An independent HSV hue turn (h in [0, 6)) for checking palette="N". */
static void hue_turn(const double in[3], double turn, double out[3])
{
    double mx = fmax(in[0], fmax(in[1], in[2])), mn = fmin(in[0], fmin(in[1], in[2])), d = mx - mn;
    double h = 0, s = mx > 0 ? d / mx : 0, v = mx;
    if (d > 0) {
        if (in[0] == mx)
            h = (in[1] - in[2]) / d;
        else if (in[1] == mx)
            h = 2 + (in[2] - in[0]) / d;
        else
            h = 4 + (in[0] - in[1]) / d;
    }
    h = fmod(h + turn * 6 + 12, 6);
    int j = (int)floor(h);
    double f = h - j, p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
    const double tab[6][3] = {{v, t, p}, {q, v, p}, {p, v, t}, {p, q, v}, {t, p, v}, {v, p, q}};
    memcpy(out, tab[j], sizeof tab[j]);
}

static void test_palette_lookup(void **state)
{
    (void)state;
    /* flam3-palettes.xml, palette 0 starts 00b9eaeb 00c1eeeb */
    const double first[2][3] = {{185 / 255.0, 234 / 255.0, 235 / 255.0}, {193 / 255.0, 238 / 255.0, 235 / 255.0}};
    fr_context *ctx = fr_context_create();
    double pal[256][4];
    if (fr_flame_palette_load(ctx, palettes(), 0, pal)) fail_msg("%s", fr_last_error(ctx));
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 3; k++) assert_true(fabs(pal[i][k] - first[i][k]) < 1e-15);
        assert_true(pal[i][3] == 1.0);
    }
    assert_int_equal(fr_flame_palette_load(ctx, palettes(), 123456, pal), FR_ERR_INVALID);
    assert_int_equal(fr_flame_palette_load(ctx, tmp_path("no-such-palettes.xml"), 0, pal), FR_ERR_IO);

    /* palette="0" with hue 0.25: each colour turned by 0.25 * 6 in HSV;
     * colours given inline are replaced, as in flam3 */
    fr_flame_file f = read_ok("<flame size=\"4 4\" palette=\"0\" hue=\"1.25\"><xform weight=\"1\" "
                              "coefs=\"1 0 0 1 0 0\"/><color index=\"0\" rgb=\"1 2 3\"/></flame>",
                              1);
    fr_flame_genome *g = &f.g[0];
    assert_int_equal(g->palette_index, 0);
    assert_true(g->hue_rotation == fmod(1.25, 1.0));
    for (int i = 0; i < 2; i++) {
        double want[3];
        hue_turn(first[i], 0.25, want);
        for (int k = 0; k < 3; k++)
            if (fabs(g->palette[i][k] - want[k]) > 1e-12)
                fail_msg("entry %d channel %d: %.17g, want %.17g", i, k, g->palette[i][k], want[k]);
        assert_true(g->palette[i][3] == 1.0);
    }
    assert_round_trip(&f, "palette 0");
    fr_flame_file_free(&f);

    /* another palette file, by path */
    const char *path = tmp_path("palettes.xml");
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs("<palettes>\n<palette number=\"7\" name=\"grey\" data=\"", fp);
    for (int i = 0; i < 256; i++) fprintf(fp, "00%02x%02x%02x%s", i, i, i, i % 8 == 7 ? "\n" : "");
    fputs("\"/>\n</palettes>\n", fp);
    assert_int_equal(fclose(fp), 0);
    const char *xml = "<flame size=\"4 4\" palette=\"7\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>";
    assert_int_equal(fr_flame_read_memory(ctx, xml, strlen(xml), "p.flam3", path, 1, &f), FR_OK);
    assert_rgb255(f.g[0].palette[0], 0, 0, 0);
    assert_rgb255(f.g[0].palette[200], 200, 200, 200);
    fr_flame_file_free(&f);
    /* a number the file lacks: white, as flam3 renders it, with a warning;
     * an error when strict */
    xml = "<flame size=\"4 4\" palette=\"8\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>";
    assert_int_equal(fr_flame_read_memory(ctx, xml, strlen(xml), "p.flam3", path, 0, &f), FR_OK);
    for (int i = 0; i < 256; i++)
        for (int k = 0; k < 4; k++) assert_true(f.g[0].palette[i][k] == 1.0);
    assert_int_equal(f.nwarnings, 1);
    assert_non_null(strstr(f.warnings[0], "palette 8 is not in"));
    assert_non_null(strstr(f.warnings[0], "white"));
    fr_flame_file_free(&f);
    assert_int_equal(fr_flame_read_memory(ctx, xml, strlen(xml), "p.flam3", path, 1, &f), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(ctx), "p.flam3:1: <flame>: palette 8"));
    fr_context_destroy(ctx);
}

/* Fractorium's palettes of 512 and 1024 colours: each entry the mean of
 * its 1/256 of the colours; 300 colours: linearly resampled. */
static void test_palette_large(void **state)
{
    (void)state;
    const int counts[3] = {512, 1024, 300};
    for (int c = 0; c < 3; c++) {
        const int n = counts[c];
        char *xml = malloc((size_t)n * 7 + 512), *q = xml;
        q += sprintf(q, "<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                        "<palette count=\"%d\" format=\"RGB\">\n", n);
        for (int i = 0; i < n; i++) q += sprintf(q, "%02x%02x%02x%s", i % 256, (i * 7) % 256, 255 - i % 256, i % 8 == 7 ? "\n" : "");
        strcpy(q, "</palette></flame>");
        fr_flame_file f = read_ok(xml, 1);
        free(xml);
        for (int e = 0; e < 256; e++) {
            double want[3] = {0, 0, 0};
            if (n % 256 == 0) {
                const int m = n / 256;
                for (int j = 0; j < m; j++) {
                    const int i = e * m + j;
                    want[0] += (i % 256) / 255.0 / m, want[1] += ((i * 7) % 256) / 255.0 / m;
                    want[2] += (255 - i % 256) / 255.0 / m;
                }
            } else {
                const double x = e * (n - 1) / 255.0;
                const int i = (int)x;
                const double t = x - i;
                const int i1 = i + 1 < n ? i + 1 : i;
                want[0] = ((1 - t) * (i % 256) + t * (i1 % 256)) / 255.0;
                want[1] = ((1 - t) * ((i * 7) % 256) + t * ((i1 * 7) % 256)) / 255.0;
                want[2] = ((1 - t) * (255 - i % 256) + t * (255 - i1 % 256)) / 255.0;
            }
            for (int k = 0; k < 3; k++)
                if (fabs(f.g[0].palette[e][k] - want[k]) > 1e-12)
                    fail_msg("%d colours, entry %d channel %d: %.17g, want %.17g", n, e, k, f.g[0].palette[e][k],
                             want[k]);
            assert_true(f.g[0].palette[e][3] == 1.0);
        }
        fr_flame_file_free(&f);
    }
    read_fails("<flame size=\"4 4\">\n<palette count=\"5000\" format=\"RGB\">ff0000</palette></flame>", 0,
               "count 5000", NULL);
}

/* A hex RGBA palette keeps colours under alpha 0 (flam3 does not multiply
 * hex colours by their alpha), which no <color> can give back: the writer
 * puts such entries in a hex <palette> and the rest in <color>s, and the
 * genome reads back the same (a case the fuzzer found). */
static void test_palette_hex_alpha_zero(void **state)
{
    (void)state;
    fr_flame_file f = read_ok("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                              "<palette count=\"2\" format=\"RGBA\">ff000800 00ff00ff</palette></flame>",
                              1);
    assert_true(f.g[0].palette[0][0] == 1.0 && f.g[0].palette[0][3] == 0.0);
    assert_round_trip(&f, "hex palette with alpha 0");
    fr_flame_file_free(&f);

    /* A hex colour under alpha 121/255 that no <color> gives back, then
     * colours flam3 fills between: the hex prefix holds entry 0 alone and
     * the filling the rest (a 10-minute fuzz run found the one-ulp loss) */
    f = read_ok("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                "<color index=\"4\" rgb=\"127 0 0\"/>"
                "<palette count=\"2\" format=\"RGBA\">ff080079 00ff00ff</palette></flame>",
                1);
    assert_round_trip(&f, "hex colour under alpha 121, filled colours");
    fr_flame_file_free(&f);
}

static void test_palette_inline(void **state)
{
    (void)state;
    /* <color> with rgba (premultiplied, as flam3 keeps it), the alpha of
     * "a" lost when another attribute follows (flam3 resets it for each
     * attribute), and the entries in between interpolated */
    fr_flame_file f = read_ok("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                              "<color index=\"0\" rgb=\"255 0 0\"/>"
                              "<color index=\"10\" rgba=\"0 255 0 127.5\"/>"
                              "<color index=\"100\" a=\"51\" rgb=\"0 0 255\"/>"
                              "<color index=\"200\" rgb=\"0 0 255\" a=\"51\"/>"
                              "</flame>",
                              1);
    double(*p)[4] = f.g[0].palette;
    assert_rgb255(p[0], 255, 0, 0);
    assert_true(p[10][3] == 0.5 && p[10][1] == 0.5 * 255 / 255.0 && p[10][0] == 0);
    assert_rgb255(p[100], 0, 0, 255);
    assert_true(p[200][3] == 51 / 255.0 && p[200][2] == (51 / 255.0) * 255 / 255.0);
    /* 5 is halfway between 0 and 10 */
    assert_true(p[5][0] == 1.0 * (1.0 - 0.5) + 0.0 * 0.5 && p[5][3] == 1.0 * 0.5 + 0.5 * 0.5);
    /* 255 lies between 200 and 0 (+256) */
    double prcr = (255 - 200) / (double)(256 - 200);
    assert_true(p[255][0] == p[200][0] * (1.0 - prcr) + p[0][0] * prcr);
    assert_round_trip(&f, "sparse colours");
    fr_flame_file_free(&f);

    /* Two colours, the second over alpha 256/255: entry 80, filled between
     * them, has no exact text, and entry 0 (filled too) has one; the
     * writer must start flam3's filling at a colour the file gave (a
     * 5-minute fuzz run found the one-ulp loss). */
    f = read_ok("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                "<color index=\"1\" rgb=\"255 0 0\"/><color index=\"56\" rgba=\"0 255 0 256\"/></flame>",
                1);
    assert_round_trip(&f, "colours with a filled entry that has no text");
    fr_flame_file_free(&f);

    /* <colors count data="00RRGGBB...">, hex <palette format="RGBA"> */
    f = read_ok("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                "<colors count=\"3\" data=\"00ff0000 0000ff00\n000000ff\"/></flame>",
                1);
    assert_rgb255(f.g[0].palette[0], 255, 0, 0);
    assert_rgb255(f.g[0].palette[2], 0, 0, 255);
    assert_round_trip(&f, "colors");
    fr_flame_file_free(&f);
    f = read_ok("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>"
                "<palette count=\"2\" format=\"RGBA\">ff000080\n  00ff00ff</palette></flame>",
                1);
    assert_true(f.g[0].palette[0][0] == 1.0 && f.g[0].palette[0][3] == 128 / 255.0);
    assert_round_trip(&f, "hex rgba");
    fr_flame_file_free(&f);

    read_fails("<flame size=\"4 4\">\n<palette count=\"2\" format=\"RGB\">ff0000</palette></flame>", 0,
               "bad.flam3:2: <palette>", "colour 2 of 2", NULL);
    read_fails("<flame size=\"4 4\">\n<palette count=\"1\" format=\"RGB\">ff0000 00</palette></flame>", 0,
               "bad.flam3:2: <palette>", "extra text", NULL);
    read_fails("<flame size=\"4 4\">\n<color index=\"256\" rgb=\"1 2 3\"/></flame>", 0, "bad.flam3:2: <color>",
               "256", NULL);
    read_fails("<flame size=\"4 4\">\n<color index=\"2\" rgb=\"1 2\"/></flame>", 0, "bad.flam3:2: <color>",
               "rgb needs 3 numbers, got 2", NULL);
    read_fails("<flame size=\"4 4\">\n<color index=\"2\" rgb=\"1 2 3\" hsv=\"1\"/></flame>", 0, "hsv", NULL);
}

/* ----------------------------------------------------------- malformed */

static void test_malformed(void **state)
{
    (void)state;
    /* an unclosed tag */
    read_fails("<flame size=\"4 4\">\n  <xform weight=\"1\" coefs=\"1 0 0 1 0 0\">\n</flame>\n", 0, "bad.flam3:3:",
               "xform", NULL);
    read_fails("<flame size=\"4 4\">\n  <xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/>\n", 0, "bad.flam3:", "flame",
               NULL);
    /* a bad number: the line the element starts on */
    read_fails("<flame size=\"4 4\">\n  <xform weight=\"1\"\n     color=\"0.5x\"\n     coefs=\"1 0 0 1 0 0\"/>\n"
               "</flame>",
               0, "bad.flam3:2: <xform>: color '0.5x'", NULL);
    read_fails("<flame size=\"4 4\"\n quality=\"many\">\n</flame>", 0, "bad.flam3:1: <flame>: quality 'many' is not a number",
               NULL);
    read_fails("<flame size=\"4 4\">\n<xform weight=\"nan\" coefs=\"1 0 0 1 0 0\"/></flame>", 0,
               "bad.flam3:2: <xform>: weight", NULL);
    /* wrong counts */
    read_fails("<flame size=\"4 4\">\n\n<xform weight=\"1\" coefs=\"1 0 0 1 0\"/></flame>", 0,
               "bad.flam3:3: <xform>: coefs needs 6 numbers, got 5", NULL);
    read_fails("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\" post=\"1 0 0 1 0 0 0\"/></flame>", 0,
               "<xform>: post needs 6 numbers", NULL);
    read_fails("<flame size=\"4\"/>", 0, "bad.flam3:1: <flame>: size '4'", NULL);
    read_fails("<flame size=\"4 4\" center=\"1 2 3\"/>", 0, "<flame>: center needs 2 numbers", NULL);
    read_fails("<flame size=\"4 4\" supersample=\"2.5\"/>", 0, "<flame>: supersample '2.5' is not a whole number",
               NULL);
    /* a whole number written as a decimal (JWildfire: temporal_samples="1.0") is that number */
    fr_flame_file w = read_ok("<flame size=\"4 4\" temporal_samples=\"1.0\" passes=\"2e0\">"
                              "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>",
                              1);
    assert_int_equal(w.g[0].temporal_samples, 1);
    assert_int_equal(w.g[0].passes, 2);
    fr_flame_file_free(&w);
    read_fails("<flame size=\"4 4\" temporal_samples=\"1e10\"/>", 0, "temporal_samples '1e10' is not a whole number",
               NULL);
    /* what flam3 rejects too */
    read_fails("<flame/>", 0, "<flame>: element has no attributes", NULL);
    read_fails("<flame size=\"4 4\"><finalxform weight=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>", 0, "<finalxform>",
               NULL);
    read_fails("<flame size=\"4 4\"><finalxform coefs=\"1 0 0 1 0 0\"/><finalxform coefs=\"1 0 0 1 0 0\"/></flame>",
               0, "only one final", NULL);
    read_fails("<flame size=\"4 4\"><xform weight=\"1\" motion_frequency=\"2\"/></flame>", 0, "<motion>", NULL);
    read_fails("<flame size=\"4 4\"><xform weight=\"1\" var1=\"99\"/></flame>", 0, "var1", NULL);
    read_fails("<flames><pick/></flames>", 0, "no <flame>", NULL);
    read_fails("", 0, "bad.flam3", NULL);
}

/* ------------------------------------------------------ strict / warnings */

static void test_strict_and_warnings(void **state)
{
    (void)state;
    const char *xml = "<flames>\n<flame size=\"4 4\" shiny=\"yes\" filter_shape=\"sinc\">\n"
                      "  <xform weight=\"1\" coefs=\"1 0 0 1 0 0\" foo=\"1\" linear=\"1\"/>\n"
                      "  <xform weight=\"1\" coefs=\"1 0 0 1 0 0\" foo=\"2\" bogusvariation=\"1\"/>\n"
                      "  <gadget kind=\"x\"><part/></gadget>\n"
                      "  <edit date=\"today\"/>\n"
                      "</flame>\n</flames>\n";
    fr_flame_file f = read_ok(xml, 0);
    fr_flame_genome *g = &f.g[0];
    assert_string_equal(extra(g->extra, g->nextra, "shiny"), "yes");
    assert_int_equal(g->filter_shape, FR_FILTER_GAUSSIAN); /* flam3 keeps gaussian */
    assert_string_equal(extra(g->xf[0].extra, g->xf[0].nextra, "foo"), "1");
    assert_string_equal(extra(g->xf[1].extra, g->xf[1].nextra, "foo"), "2");
    assert_string_equal(extra(g->xf[1].extra, g->xf[1].nextra, "bogusvariation"), "1");
    assert_string_equal(g->children, "<gadget kind=\"x\"><part/></gadget>\n   <edit date=\"today\"/>");
    /* each reported once, with its line */
    assert_int_equal(has_warning(&f, "line 2: <flame> attribute 'shiny' ignored"), 1);
    assert_int_equal(has_warning(&f, "line 3: <xform> attribute 'foo' ignored"), 1);
    assert_int_equal(has_warning(&f, "'foo'"), 1);
    assert_int_equal(has_warning(&f, "line 4: <xform> attribute 'bogusvariation' ignored"), 1);
    assert_int_equal(has_warning(&f, "line 5: <flame> child <gadget> ignored"), 1);
    assert_int_equal(has_warning(&f, "filter_shape 'sinc'"), 1);
    assert_int_equal(has_warning(&f, "edit"), 0);
    assert_int_equal(f.nwarnings, 5);
    /* kept things are written back */
    char *out;
    assert_int_equal(fr_flame_to_xml(NULL, g, 1, &out), FR_OK);
    assert_non_null(strstr(out, " shiny=\"yes\""));
    assert_non_null(strstr(out, " foo=\"2\""));
    assert_non_null(strstr(out, "<gadget kind=\"x\"><part/></gadget>"));
    free(out);
    assert_round_trip(&f, "kept");
    fr_flame_file_free(&f);

    read_fails(xml, 1, "bad.flam3:2: <flame>: attribute 'shiny'", NULL);
    read_fails("<flame size=\"4 4\" filter_shape=\"sinc\"/>", 1, "filter_shape 'sinc'", NULL);
    read_fails("<flame size=\"4 4\">\n<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" foo=\"1\"/></flame>", 1,
               "bad.flam3:2: <xform>: attribute 'foo'", NULL);
    read_fails("<flame size=\"4 4\">\n\n<gadget/></flame>", 1, "bad.flam3:3: <gadget>", NULL);
    /* what flam3 itself reads or writes is fine when strict */
    char big[2048];
    int n = snprintf(big, sizeof big,
                     "<flame version=\"FLAM3-LNX-3.1.1\" size=\"4 4\" oversample=\"2\" interpolation_space=\"linear\">"
                     "<xform weight=\"1\" coefs=\"1 0 0 1 0 0\" amw_amp=\"2\" var=\"1");
    for (int i = 1; i < FR_FLAME_NVAR_FLAM3 - 1; i++) n += snprintf(big + n, sizeof big - (size_t)n, " 0");
    snprintf(big + n, sizeof big - (size_t)n, " 0.5\"/><edit/></flame>");
    f = read_ok(big, 1);
    assert_int_equal(f.g[0].supersample, 2);
    assert_int_equal(f.g[0].interpolation_type, FR_INTERP_TYPE_LINEAR);
    assert_true(f.g[0].xf[0].var[0] == 1 && f.g[0].xf[0].var[FR_FLAME_NVAR_FLAM3 - 1] == 0.5);
    assert_int_equal(f.nwarnings, 0);
    fr_flame_file_free(&f);
}

/* -------------------------------------------------------- motion, copy */

static void test_motion(void **state)
{
    (void)state;
    fr_flame_file f = read_ok("<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\" linear=\"1\">\n"
                              "  <motion motion_frequency=\"2\" motion_function=\"triangle\" linear=\"0.1\" "
                              "color=\"0.25\" coefs=\"0.1 0 0 0.1 0 0\"/>\n"
                              "  <motion motion_frequency=\"1\" motion_function=\"hill\" weight=\"0.5\"/>\n"
                              "</xform></flame>",
                              1);
    fr_flame_xform *x = &f.g[0].xf[0];
    assert_int_equal(x->nmotion, 2);
    assert_true(x->motion[0].freq == 2 && x->motion[0].func == FR_MOTION_TRIANGLE);
    assert_true(x->motion[0].xf->var[0] == 0.1 && x->motion[0].xf->color == 0.25);
    assert_true(x->motion[0].xf->c[0][0] == 0.1 && x->motion[0].xf->c[2][1] == 0.0);
    /* a motion element starts at zero */
    assert_true(x->motion[1].xf->color_speed == 0.0 && x->motion[1].xf->opacity == 0.0);
    assert_true(x->motion[1].xf->weight == 0.5 && x->motion[1].func == FR_MOTION_HILL);
    assert_round_trip(&f, "motion");

    fr_flame_genome copy;
    assert_int_equal(fr_flame_genome_copy(NULL, &copy, &f.g[0]), FR_OK);
    char why[200];
    assert_true(fr_flame_genome_equal(&copy, &f.g[0], why, sizeof why));
    copy.xf[0].motion[0].xf->color = 0.5;
    assert_false(fr_flame_genome_equal(&copy, &f.g[0], why, sizeof why));
    assert_true(x->motion[0].xf->color == 0.25);
    fr_flame_genome_free(&copy);
    fr_flame_file_free(&f);

    read_fails("<flame size=\"4 4\"><xform weight=\"1\">\n<motion motion_function=\"sine\"/></xform></flame>", 0,
               "bad.flam3:2: <motion>: motion_function 'sine'", NULL);
    read_fails("<flame size=\"4 4\"><xform weight=\"1\">\n<motion chaos=\"1\"/></xform></flame>", 0,
               "bad.flam3:2: <motion>", NULL);
}

/* --------------------------------------------------------------- write */

static void test_write(void **state)
{
    (void)state;
    need_corpus();
    fr_context *ctx = fr_context_create();
    fr_flame_file f = read_corpus("electricsheep.244.33532.flam3");
    char *xml;
    assert_int_equal(fr_flame_to_xml(ctx, f.g, 1, &xml), FR_OK);
    assert_true(strncmp(xml, "<flame ", 7) == 0);
    assert_non_null(strstr(xml, "<finalxform color=\"0.775248\""));
    assert_null(strstr(xml, "<finalxform weight"));
    free(xml);

    /* two genomes: a <flames> wrapper; to a file, atomically */
    fr_flame_genome two[2];
    assert_int_equal(fr_flame_genome_copy(ctx, &two[0], &f.g[0]), FR_OK);
    assert_int_equal(fr_flame_genome_copy(ctx, &two[1], &f.g[0]), FR_OK);
    two[1].time = 1;
    assert_int_equal(fr_flame_to_xml(ctx, two, 2, &xml), FR_OK);
    assert_true(strncmp(xml, "<flames>\n<flame ", 16) == 0);
    free(xml);
    const char *path = tmp_path("two.flam3");
    assert_int_equal(fr_flame_write_file(ctx, two, 2, path), FR_OK);
    fr_flame_file back;
    assert_int_equal(fr_flame_read_file(ctx, path, NULL, 0, &back), FR_OK);
    assert_int_equal(back.n, 2);
    assert_true(fr_flame_genome_equal(&back.g[1], &two[1], NULL, 0));
    fr_flame_file_free(&back);

    /* not finite, or nothing: refused, the file left alone */
    two[1].xf[0].c[0][0] = NAN;
    assert_int_equal(fr_flame_write_file(ctx, two, 2, path), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "flame 2"));
    assert_int_equal(fr_flame_read_file(ctx, path, NULL, 0, &back), FR_OK);
    assert_int_equal(back.n, 2);
    fr_flame_file_free(&back);
    assert_int_equal(fr_flame_to_xml(ctx, two, 0, &xml), FR_ERR_INVALID);
    fr_flame_genome_free(&two[0]);
    fr_flame_genome_free(&two[1]);

    /* names and kept values are escaped */
    fr_flame_genome g;
    fr_flame_genome_init(&g);
    g.name = strdup("a<b>&\"c\"");
    assert_int_equal(fr_flame_to_xml(ctx, &g, 1, &xml), FR_OK);
    assert_int_equal(fr_flame_read_memory(ctx, xml, strlen(xml), "esc", NULL, 1, &back), FR_OK);
    assert_string_equal(back.g[0].name, "a<b>&\"c\"");
    fr_flame_file_free(&back);
    free(xml);
    fr_flame_genome_free(&g);
    fr_flame_file_free(&f);

    assert_int_equal(fr_flame_read_file(ctx, tmp_path("missing.flam3"), NULL, 0, &back), FR_ERR_IO);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus_electricsheep),
        cmocka_unit_test(test_corpus_fractorium),
        cmocka_unit_test(test_corpus_round_trip),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_xform_attributes),
        cmocka_unit_test(test_chaos),
        cmocka_unit_test(test_symmetry_kind),
        cmocka_unit_test(test_palette_lookup),
        cmocka_unit_test(test_palette_inline),
        cmocka_unit_test(test_palette_large),
        cmocka_unit_test(test_palette_hex_alpha_zero),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_strict_and_warnings),
        cmocka_unit_test(test_motion),
        cmocka_unit_test(test_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
