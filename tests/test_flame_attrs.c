/* The attribute lists of flame_genome_attrs.h against flam3: every row's
 * default is flam3 3.1.1's (clear_cp, initialize_xforms), a default genome
 * is written as flam3_print writes it, and every attribute, set alone or
 * all at once to a value other than its default, is written in the list's
 * order and read back to the same genome, under its older name too. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_genome_attrs.h"
#include "flame/flame_xml.h"

/* flam3's palette file: FR_FLAM3_PALETTES where set, else the library's
 * default path. */
static const char *palettes(void)
{
    const char *p = getenv("FR_FLAM3_PALETTES");
    return p && *p ? p : NULL;
}

/* flam3 3.1.1's clear_cp (defaults on), by attribute, written out here
 * apart from the list; an array's or the size's value is each number's.
 * Ember's attributes follow, written only when changed. */
static const struct {
    const char *xml;
    double def;
} flam3_defaults[] = {
    {"time", 0.0},
    {"name", 0.0},
    {"size", 100},
    {"center", 0.0},
    {"scale", 50.0},
    {"zoom", 0.0},
    {"rotate", 0.0},
    {"supersample", 1},
    {"filter", 0.5},
    {"filter_shape", FR_FILTER_GAUSSIAN},
    {"temporal_filter_type", FR_TFILTER_BOX},
    {"temporal_filter_exp", 0.0},
    {"temporal_filter_width", 1.0},
    {"quality", 1.0},
    {"passes", 1},
    {"temporal_samples", 1000},
    {"background", 0.0},
    {"brightness", 4.0},
    {"gamma", 4.0},
    {"highlight_power", -1.0},
    {"vibrancy", 1.0},
    {"estimator_radius", 9.0},
    {"estimator_minimum", 0.0},
    {"estimator_curve", 0.4},
    {"gamma_threshold", 0.01},
    {"palette_mode", FR_PALETTE_STEP},
    {"interpolation", FR_INTERP_LINEAR},
    {"interpolation_type", FR_INTERP_TYPE_LOG},
    {"palette_interpolation", FR_PALINTERP_HSV_CIRCULAR},
    {"hsv_rgb_palette_blend", 0.0},
    {"hue", 0.0},
    {"palette", -1},
    /* Ember's, after flam3's: what it assumes when absent (Ember.h), 0
     * (not given) for sub_batch_size and fuse */
    {"sub_batch_size", 0},
    {"fuse", 0},
    {"rand_range", 1.0},
    {"logscale_k2", 0.0},
    {"cam_zpos", 0.0},
    {"cam_persp", 0.0},
    {"cam_yaw", 0.0},
    {"cam_pitch", 0.0},
    {"cam_dof", 0.0},
    {"blur_curve", 0.0},
    /* Apophysis 7X's: density estimation on unless 0 */
    {"enable_de", 1},
};
#define NDEFAULTS ((int)(sizeof flam3_defaults / sizeof flam3_defaults[0]))

/* What flam3_print writes of a genome left at the defaults (the attributes
 * written only when changed are left out). */
static const char default_start_tag[] =
    "<flame time=\"0\" size=\"100 100\" center=\"0 0\" scale=\"50\" rotate=\"0\" supersample=\"1\""
    " filter=\"0.5\" filter_shape=\"gaussian\" temporal_filter_type=\"box\" temporal_filter_width=\"1\""
    " quality=\"1\" passes=\"1\" temporal_samples=\"1000\" background=\"0 0 0\" brightness=\"4\" gamma=\"4\""
    " highlight_power=\"-1\" vibrancy=\"1\" estimator_radius=\"9\" estimator_minimum=\"0\""
    " estimator_curve=\"0.4\" gamma_threshold=\"0.01\" palette_mode=\"step\" interpolation_type=\"log\""
    " palette_interpolation=\"hsv_circular\">\n";

/* A genome of one xform that the reader takes back: defaults otherwise. */
static void plain_genome(fr_flame_genome *g)
{
    fr_flame_genome_init(g);
    g->xf = calloc(1, sizeof *g->xf);
    assert_non_null(g->xf);
    g->nxf = 1;
    fr_flame_xform_init(&g->xf[0]);
    g->xf[0].weight = 1.0;
}

/* A final xform at the defaults, and a <motion> (frequency 2, sin, all
 * zeros) on the first xform: its values, to be set. */
static fr_flame_xform *add_final_and_motion(fr_flame_genome *g)
{
    g->final = calloc(1, sizeof *g->final);
    assert_non_null(g->final);
    fr_flame_xform_init(g->final);
    fr_flame_xform *x = &g->xf[0];
    x->motion = calloc(1, sizeof *x->motion);
    assert_non_null(x->motion);
    x->nmotion = 1;
    x->motion[0].freq = 2;
    x->motion[0].func = FR_MOTION_SIN;
    x->motion[0].xf = calloc(1, sizeof(fr_flame_xform));
    assert_non_null(x->motion[0].xf);
    return x->motion[0].xf;
}

/* Row d of g set to a value that is not its default (and that the reader
 * keeps as it is: no white space in a name, a hue in [0, 1)). */
static void set_other(const fr_flame_attr_desc *d, fr_flame_genome *g)
{
    switch (d->kind) {
    case FR_ATTR_NUM: *FR_ATTR_FIELD(g, d->offset, double) = d->def + 0.375; break;
    case FR_ATTR_INT: *FR_ATTR_FIELD(g, d->offset, int) = (int)d->def + 3; break;
    case FR_ATTR_ENUM: *FR_ATTR_FIELD(g, d->offset, int) = ((int)d->def + 1) % d->nnames; break;
    case FR_ATTR_NUMS:
        for (size_t i = 0; i < d->size / sizeof(double); i++)
            FR_ATTR_FIELD(g, d->offset, double)[i] = d->def + 0.5 + (double)i;
        break;
    case FR_ATTR_SIZE:
        *FR_ATTR_FIELD(g, d->offset, int) = 123;
        *FR_ATTR_FIELD(g, d->offset2, int) = 45;
        break;
    case FR_ATTR_NAME:
        free(*FR_ATTR_FIELD(g, d->offset, char *));
        *FR_ATTR_FIELD(g, d->offset, char *) = strdup("not-the-default");
        break;
    }
    /* what the reader derives from the attributes */
    memcpy(g->rot_center, g->center, sizeof g->rot_center);
}

static void to_xml(const fr_flame_genome *g, int n, char **xml)
{
    fr_context *ctx = fr_context_create();
    if (fr_flame_to_xml(ctx, g, n, xml)) fail_msg("write: %s", fr_last_error(ctx));
    fr_context_destroy(ctx);
}

static fr_flame_file from_xml(const char *xml)
{
    fr_context *ctx = fr_context_create();
    fr_flame_file f;
    if (fr_flame_read_memory(ctx, xml, strlen(xml), "attrs.flam3", palettes(), 1, &f))
        fail_msg("read: %s\n%s", fr_last_error(ctx), xml);
    fr_context_destroy(ctx);
    return f;
}

/* g written and read back (strict: nothing unknown or ignored) is g. Four
 * copies are written, and the second compared: flam3 allows smooth
 * interpolation only away from the first and the next-to-last flame. */
static void assert_reads_back(const fr_flame_genome *g, const char *what)
{
    fr_flame_genome four[4] = {*g, *g, *g, *g};
    char *xml;
    to_xml(four, 4, &xml);
    fr_flame_file f = from_xml(xml);
    assert_int_equal(f.n, 4);
    assert_int_equal(f.nwarnings, f.g[0].interpolation != g->interpolation ? 2 : 0);
    char why[256];
    if (!fr_flame_genome_equal(g, &f.g[1], why, sizeof why))
        fail_msg("%s: read back: %s\n%s", what, why, xml);
    fr_flame_file_free(&f);
    free(xml);
}

static const fr_flame_attr_desc *row(const char *xml)
{
    const fr_flame_attr_desc *d = fr_flame_genome_attr_find(xml);
    if (!d) fail_msg("no row %s", xml);
    return d;
}

static void test_defaults_are_flam3s(void **state)
{
    (void)state;
    assert_int_equal(fr_flame_genome_nattrs, NDEFAULTS);
    fr_flame_genome g;
    fr_flame_genome_init(&g);
    for (int i = 0; i < NDEFAULTS; i++) {
        const fr_flame_attr_desc *d = row(flam3_defaults[i].xml);
        if (!(d->def == flam3_defaults[i].def))
            fail_msg("%s: default %.17g, flam3's %.17g", d->xml, d->def, flam3_defaults[i].def);
        if (!fr_flame_genome_attr_is_default(d, &g)) fail_msg("%s: init does not give the default", d->xml);
    }
    assert_null(g.name);
    assert_true(g.rot_center[0] == 0.0 && g.rot_center[1] == 0.0);
    char *xml;
    to_xml(&g, 1, &xml);
    assert_memory_equal(xml, default_start_tag, sizeof default_start_tag - 1);
    free(xml);

    /* initialize_xforms */
    fr_flame_xform x;
    fr_flame_xform_init(&x);
    const struct {
        const char *xml;
        double def;
    } xdefs[] = {{"weight", 0.0}, {"color", 0.0}, {"color_speed", 0.5}, {"animate", 1.0}, {"opacity", 1.0}};
    assert_int_equal(fr_flame_xform_nattrs, (int)(sizeof xdefs / sizeof xdefs[0]));
    for (size_t i = 0; i < sizeof xdefs / sizeof xdefs[0]; i++) {
        const fr_flame_xattr_desc *d = fr_flame_xform_attr_find(xdefs[i].xml);
        assert_non_null(d);
        assert_true(d->def == xdefs[i].def);
        assert_true(*FR_ATTR_CFIELD(&x, d->offset, double) == xdefs[i].def);
    }
    fr_flame_xform_free(&x);
}

/* Each attribute alone at another value: written (also those written only
 * when changed), read back, and read back under its older name. */
static void test_each_attribute_round_trip(void **state)
{
    (void)state;
    for (int i = 0; i < fr_flame_genome_nattrs; i++) {
        const fr_flame_attr_desc *d = &fr_flame_genome_attrs[i];
        fr_flame_genome g;
        plain_genome(&g);
        set_other(d, &g);
        if (!strcmp(d->xml, "palette")) {
            /* palette="N" brings palette N of flam3's palette file */
            fr_context *ctx = fr_context_create();
            fr_status s = fr_flame_palette_load(ctx, palettes(), g.palette_index, g.palette);
            fr_context_destroy(ctx);
            if (s) {
                print_message("no flam3 palette file: palette=\"N\" not tried\n");
                fr_flame_genome_free(&g);
                continue;
            }
        }
        assert_false(fr_flame_genome_attr_is_default(d, &g));
        char *xml, pattern[64];
        to_xml(&g, 1, &xml);
        snprintf(pattern, sizeof pattern, " %s=\"", d->xml);
        if (!strstr(xml, pattern)) fail_msg("%s is not written:\n%.400s", d->xml, xml);
        assert_reads_back(&g, d->xml);
        if (d->alias) {
            /* the same text under the older name */
            char *at = strstr(xml, pattern);
            size_t head = (size_t)(at - xml), nx = strlen(d->xml), na = strlen(d->alias);
            char *old = malloc(strlen(xml) - nx + na + 1);
            assert_non_null(old);
            memcpy(old, xml, head + 1);
            memcpy(old + head + 1, d->alias, na);
            strcpy(old + head + 1 + na, at + 1 + nx);
            fr_flame_file f = from_xml(old);
            char why[256];
            if (!fr_flame_genome_equal(&g, &f.g[0], why, sizeof why)) fail_msg("%s: %s", d->alias, why);
            fr_flame_file_free(&f);
            free(old);
        }
        free(xml);
        fr_flame_genome_free(&g);
    }
}

/* Every attribute changed at once: all written, in the list's order. */
static void test_all_attributes_in_order(void **state)
{
    (void)state;
    fr_flame_genome g;
    plain_genome(&g);
    for (int i = 0; i < fr_flame_genome_nattrs; i++)
        if (strcmp(fr_flame_genome_attrs[i].xml, "palette")) set_other(&fr_flame_genome_attrs[i], &g);
    char *xml;
    to_xml(&g, 1, &xml);
    const char *end = strchr(xml, '>'), *at = xml;
    for (int i = 0; i < fr_flame_genome_nattrs; i++) {
        const fr_flame_attr_desc *d = &fr_flame_genome_attrs[i];
        if (!strcmp(d->xml, "palette")) continue;
        char pattern[64];
        snprintf(pattern, sizeof pattern, " %s=\"", d->xml);
        const char *p = strstr(at, pattern);
        if (!p || p > end)
            fail_msg("%s is missing or out of order:\n%.*s", d->xml, (int)(end - xml + 1), xml);
        at = p + 1;
    }
    free(xml);
    assert_reads_back(&g, "all attributes");
    fr_flame_genome_free(&g);
}

/* The xform's plain numbers at other values, in an xform, a final xform
 * (which has no weight) and a <motion>. */
static void test_xform_attributes_round_trip(void **state)
{
    (void)state;
    for (int i = 0; i < fr_flame_xform_nattrs; i++) {
        const fr_flame_xattr_desc *d = &fr_flame_xform_attrs[i];
        fr_flame_genome g;
        plain_genome(&g);
        fr_flame_xform *m = add_final_and_motion(&g);
        *FR_ATTR_FIELD(&g.xf[0], d->offset, double) = d->def + 0.25;
        if (d->place != FR_XATTR_LEAD_STD) *FR_ATTR_FIELD(g.final, d->offset, double) = d->def + 0.125;
        *FR_ATTR_FIELD(m, d->offset, double) = 0.5;
        assert_reads_back(&g, d->xml);
        fr_flame_genome_free(&g);
    }
}

/* An xform, a final xform and a <motion> at flam3's defaults, laid out as
 * flam3_print lays them out (the final xform has no weight; animate is
 * written for it all the same, see flame_genome_attrs.h). */
static void test_xform_layout(void **state)
{
    (void)state;
    fr_flame_genome g;
    plain_genome(&g);
    fr_flame_xform *m = add_final_and_motion(&g);
    m->color = 0.5;
    m->opacity = -0.25;
    char *xml;
    to_xml(&g, 1, &xml);
    static const char want[] =
        ">\n"
        "   <xform weight=\"1\" color=\"0\" color_speed=\"0.5\" animate=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 "
        "0\""
        " opacity=\"1\">\n"
        "      <motion motion_frequency=\"2\" motion_function=\"sin\" color=\"0.5\" opacity=\"-0.25\"/>\n"
        "   </xform>\n"
        "   <finalxform color=\"0\" color_speed=\"0.5\" animate=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\""
        " opacity=\"1\"/>\n"
        "   <color index=\"0\" rgba=";
    if (!strstr(xml, want)) fail_msg("xforms not laid out as flam3_print does:\n%.700s", xml);
    free(xml);
    fr_flame_genome_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_are_flam3s),
        cmocka_unit_test(test_each_attribute_round_trip),
        cmocka_unit_test(test_all_attributes_in_order),
        cmocka_unit_test(test_xform_attributes_round_trip),
        cmocka_unit_test(test_xform_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
