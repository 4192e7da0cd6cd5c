/* The escape-time parameter table: defaults, parsing by name, validation
 * with clear messages, and exact JSON scene round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fractalis.h"

static fr_context *ctx;

static int setup(void **state) { return (ctx = fr_context_create()) ? 0 : -1; }
static int teardown(void **state) { return fr_context_destroy(ctx), 0; }

static void expect_bad(fr_escape_params *p, const char *name, const char *value, const char *in_message)
{
    fr_escape_params before = *p;
    fr_status s = fr_escape_param_set(ctx, p, name, value);
    if (s == FR_OK) fail_msg("--%s %s was accepted", name, value);
    if (!strstr(fr_last_error(ctx), in_message))
        fail_msg("--%s %s: message '%s' lacks '%s'", name, value, fr_last_error(ctx), in_message);
    assert_memory_equal(&before, p, sizeof before); /* a refused value changes nothing */
}

static void test_table_complete(void **state)
{
    /* Every parameter has a name, a range text and help, and a default (its
     * value in the default parameters) unless it is an alias; names unique. */
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    for (int i = 0; i < fr_escape_param_count(); i++) {
        const fr_param_info *a = fr_escape_param_info(i);
        char range[200], *def = NULL;
        assert_non_null(a->name);
        assert_true(a->help && *a->help && *fr_param_range_text(a, range, sizeof range));
        if (!(a->flags & FR_PARAM_ALIAS)) {
            assert_int_equal(fr_escape_param_get(ctx, &p, a->name, &def), FR_OK);
            assert_true(*def);
            /* the default reads back as itself */
            fr_escape_params q = p;
            assert_int_equal(fr_escape_param_set(ctx, &q, a->name, def), FR_OK);
            assert_memory_equal(&p, &q, sizeof p);
            free(def);
        }
        for (int j = 0; j < i; j++) assert_string_not_equal(a->name, fr_escape_param_info(j)->name);
        assert_ptr_equal(fr_escape_param_find(a->name), a);
    }
    const fr_param_info *zoom = fr_escape_param_find("zoom");
    assert_non_null(zoom);
    assert_true(zoom->flags & FR_PARAM_ALIAS);
    assert_null(fr_escape_param_find("nonsense"));
}

/* Range texts derived from the table, and messages that name the parameter
 * as the table does (no CLI "--"). */
static void test_range_texts_and_messages(void **state)
{
    char r[200];
    assert_string_equal(fr_param_range_text(fr_escape_param_find("iter"), r, sizeof r), "1..2147483647");
    assert_string_equal(fr_param_range_text(fr_escape_param_find("bailout"), r, sizeof r), "0, or 2..1e10");
    assert_string_equal(fr_param_range_text(fr_escape_param_find("depth"), r, sizeof r), "8|16");
    assert_string_equal(fr_param_range_text(fr_escape_param_find("precision"), r, sizeof r), "f32|f64");
    assert_string_equal(fr_param_range_text(fr_escape_param_find("width"), r, sizeof r), "> 0 .. 1e6");
    assert_string_equal(fr_param_range_text(fr_escape_param_find("size"), r, sizeof r), "1..65535 per side");
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, &p, "iter", "0"), FR_ERR_INVALID);
    assert_string_equal(fr_last_error(ctx), "iter 0 is out of range 1..2147483647");
    /* a value set in the struct is checked against the same table */
    p.aa = 17;
    assert_int_equal(fr_escape_params_validate(ctx, &p), FR_ERR_INVALID);
    assert_string_equal(fr_last_error(ctx), "aa 17 is out of range 1..16");
    /* every parameter table of the library: no message of it starts with "--" */
    fr_buddha_params b;
    fr_buddha_params_default(&b, 0, 0);
    assert_int_equal(fr_buddha_param_set(ctx, &b, "iter", "0"), FR_ERR_INVALID);
    assert_string_equal(fr_last_error(ctx), "iter 0 is out of range 1..2147483647");
    fr_flame_options o;
    fr_flame_options_default(&o);
    assert_int_equal(fr_flame_option_set(ctx, &o, "supersample", "17"), FR_ERR_INVALID);
    assert_string_equal(fr_last_error(ctx), "supersample 17 is out of range 0, or 1..16");
}

/* The defaults of the other families' tables: what the old hand-written
 * defaults were, field by field. */
static void test_other_tables(void **state)
{
    fr_buddha_params b;
    fr_buddha_params_default(&b, 1, 0);
    assert_int_equal(b.width, 1024);
    assert_true(b.center_re == -0.4 && b.view_width == 3.0 && b.rotate_deg == 90);
    /* region auto: the formula's own, the Mandelbrot set's bounding box */
    assert_true(b.region[0] == 0 && b.region[1] == 0 && b.region[2] == 0 && b.region[3] == 0);
    double r[4];
    fr_buddha_region(&b, r);
    assert_true(r[0] == -2.0 && r[1] == 0.5 && r[2] == -1.125 && r[3] == 1.125);
    assert_int_equal(b.formula, FR_MANDELBROT);
    assert_int_equal(b.channels, 3);
    assert_int_equal(b.band[0].max_iter, 5000);
    assert_int_equal(b.band[2].max_iter, 50);
    assert_int_equal(b.tone, FR_TONE_CURVE);
    assert_true(b.seed == 1 && b.percentile == 99.95 && b.gamma == 2.2 && b.tone_strength == 100);
    char *v;
    assert_int_equal(fr_buddha_param_get(ctx, &b, "channel", &v), FR_OK);
    assert_string_equal(v, "r:0:5000,g:0:500,b:0:50");
    free(v);
    fr_buddha_params a;
    fr_buddha_params_default(&a, 0, 1);
    assert_true(a.anti && a.band[0].max_iter == 500 && a.tone == FR_TONE_SQRT && a.channels == 1);
    /* a channel list is set whole or not at all */
    fr_buddha_params c = a;
    assert_int_equal(fr_buddha_param_set(ctx, &c, "channel", "r:0:10,q:0:5"), FR_ERR_INVALID);
    assert_memory_equal(&a, &c, sizeof a);
    fr_flame_options o;
    fr_flame_options_default(&o);
    assert_true(o.width == 0 && o.quality == 0 && o.depth == 8 && !o.transparency && o.strips == 0);
    assert_int_equal(fr_flame_option_set(ctx, &o, "size", "640x0"), FR_OK);
    assert_int_equal(fr_flame_option_set(ctx, &o, "transparent", "on"), FR_OK);
    assert_true(o.width == 640 && o.height == 0 && o.transparency == 1);
    fr_flame_options z = {0};
    assert_int_equal(fr_flame_options_check(ctx, &z), FR_OK); /* a zeroed struct is valid */
    z.depth = 12;
    assert_int_equal(fr_flame_options_check(ctx, &z), FR_ERR_INVALID);
}

static void test_set_and_get(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    assert_int_equal(fr_escape_param_set(ctx, &p, "size", "1920x1080"), FR_OK);
    assert_int_equal(p.width, 1920);
    assert_int_equal(p.height, 1080);
    /* Decimal text to the nearest double, and back to the same text. */
    assert_int_equal(fr_escape_param_set(ctx, &p, "center", "-0.7436438870371587,0.1318259042053126"), FR_OK);
    assert_true(p.center_re == -0.7436438870371587 && p.center_im == 0.1318259042053126);
    char *v;
    assert_int_equal(fr_escape_param_get(ctx, &p, "center", &v), FR_OK);
    assert_string_equal(v, "-0.7436438870371587,0.1318259042053126");
    free(v);
    assert_int_equal(fr_escape_param_set(ctx, &p, "zoom", "8"), FR_OK);
    assert_true(p.view_width == 0.5);
    assert_int_equal(fr_escape_param_set(ctx, &p, "iter", "100000000"), FR_OK);
    assert_int_equal(p.max_iter, 100000000u);
    assert_int_equal(fr_escape_param_set(ctx, &p, "periodicity", "off"), FR_OK);
    assert_int_equal(p.periodicity, 0);
    assert_int_equal(fr_escape_param_set(ctx, &p, "interior", "#ff8000"), FR_OK);
    assert_int_equal(p.interior[1], 0x80);
    assert_int_equal(fr_escape_param_set(ctx, &p, "palette", "#000000,#ffffff,#ff0000"), FR_OK);
    assert_int_equal(p.palette.count, 3);
    assert_int_equal(fr_escape_param_get(ctx, &p, "palette", &v), FR_OK);
    assert_string_equal(v, "#000000,#ffffff,#ff0000");
    free(v);
}

static void test_bad_values(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    expect_bad(&p, "size", "0x10", "size");
    expect_bad(&p, "size", "10", "WIDTHxHEIGHT");
    expect_bad(&p, "size", "70000x10", "out of range");
    expect_bad(&p, "center", "nan,0", "center");
    expect_bad(&p, "center", "inf,0", "center");
    expect_bad(&p, "center", "1", "RE,IM");
    expect_bad(&p, "width", "0", "out of range");
    expect_bad(&p, "width", "-1", "out of range");
    expect_bad(&p, "width", "1e400", "finite");
    expect_bad(&p, "zoom", "0", "zoom");
    expect_bad(&p, "iter", "0", "out of range");
    expect_bad(&p, "iter", "3000000000", "out of range");
    expect_bad(&p, "iter", "2.5", "whole number");
    expect_bad(&p, "bailout", "1", "out of range");
    expect_bad(&p, "aa", "17", "out of range");
    expect_bad(&p, "precision", "f16", "f32|f64");
    expect_bad(&p, "color", "rainbow", "count|smooth");
    expect_bad(&p, "palette", "nosuchpreset", "unknown palette");
    expect_bad(&p, "palette", "/nonexistent/p.txt", "/nonexistent/p.txt");
    expect_bad(&p, "interior", "red", "colour");
    expect_bad(&p, "periodicity", "maybe", "on/off");
    assert_int_equal(fr_escape_param_set(ctx, &p, "frobnicate", "1"), FR_ERR_INVALID);
}

static void test_validate(void **state)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    assert_int_equal(fr_escape_params_validate(ctx, &p), FR_OK);
    p.width = p.height = 65535, p.aa = 16;
    assert_int_equal(fr_escape_params_validate(ctx, &p), FR_ERR_NOMEM);
    assert_non_null(strstr(fr_last_error(ctx), "GiB"));
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.view_width = 1e-300, p.perturbation = FR_PERTURB_OFF;
    assert_int_equal(fr_escape_params_validate(ctx, &p), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "too narrow"));
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.precision = FR_F32, p.view_width = 1e-9;
    assert_int_equal(fr_escape_params_validate(ctx, &p), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "f64"));
}

static void test_json_round_trip(void **state)
{
    fr_escape_params p, q;
    fr_escape_params_default(&p, FR_JULIA);
    assert_int_equal(fr_escape_param_set(ctx, &p, "center", "0.1234567890123456789,-1e-17"), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, &p, "width", "3.0000000000000004"), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, &p, "c", "-0.4,0.6"), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, &p, "rotate", "33.3"), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, &p, "palette", "#102030,#405060"), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, &p, "color", "distance"), FR_OK);
    char *json;
    assert_int_equal(fr_escape_params_to_json(ctx, &p, &json), FR_OK);
    fr_escape_params_default(&q, FR_MANDELBROT);
    assert_int_equal(fr_escape_params_from_json(ctx, json, &q), FR_OK);
    free(json);
    assert_memory_equal(&p, &q, sizeof p); /* every field, every bit */

    /* Errors name the problem and leave the parameters unchanged. */
    q = p;
    assert_int_equal(fr_escape_params_from_json(ctx, "{\"fractalis\": \"escape\", \"iter\": 0}", &q), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(ctx), "iter"));
    assert_memory_equal(&p, &q, sizeof p);
    assert_int_equal(fr_escape_params_from_json(ctx, "{\"fractalis\": \"escape\", \"bogus\": 1}", &q), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(ctx), "bogus"));
    assert_int_equal(fr_escape_params_from_json(ctx, "{\"fractalis\": ", &q), FR_ERR_PARSE);
    assert_non_null(strstr(fr_last_error(ctx), "line"));
    assert_int_equal(fr_escape_params_from_json(ctx, "{\"formula\": \"julia\"}", &q), FR_ERR_PARSE);
}

/* Scenes hold values of any length, and name no file: a palette that is
 * not a preset or colours is refused before anything is opened. */
static void test_scene_values(void **state)
{
    fr_escape_params p, q;
    fr_escape_params_default(&p, FR_MANDELBROT);
    char json[4096];
    size_t n = (size_t)snprintf(json, sizeof json, "{\"fractalis\": \"escape\", \"palette\": [");
    for (int i = 0; i < 20; i++) n += (size_t)snprintf(json + n, sizeof json - n, "%s\"#%02x%02x%02x\"", i ? ", " : "", i * 12, 255 - i, i);
    /* a width of 300 characters */
    char width[320] = "0.";
    for (int i = 0; i < 295; i++) strcat(width, "0");
    strcat(width, "123");
    snprintf(json + n, sizeof json - n, "], \"width\": \"%s\"}", width);
    q = p;
    assert_int_equal(fr_escape_params_from_json(ctx, json, &q), FR_OK);
    assert_int_equal(q.palette.count, 20);
    assert_int_equal(q.palette.rgb[19][0], 19 * 12);
    assert_true(q.view_width == strtod(width, NULL) && q.view_width > 0);
    /* one colour is a palette too, and round-trips */
    q = p;
    assert_int_equal(fr_escape_params_from_json(ctx, "{\"fractalis\": \"escape\", \"palette\": [\"#102030\"]}", &q), FR_OK);
    assert_int_equal(q.palette.count, 1);
    /* no file from a scene, whatever it names */
    const char *files[] = {"/dev/zero", "/etc/passwd", "palette.txt", "../x"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(json, sizeof json, "{\"fractalis\": \"escape\", \"palette\": \"%s\"}", files[i]);
        q = p;
        assert_int_equal(fr_escape_params_from_json(ctx, json, &q), FR_ERR_PARSE);
        assert_non_null(strstr(fr_last_error(ctx), "names no files"));
        assert_memory_equal(&p, &q, sizeof p);
    }
    /* the caller may name a palette file */
    assert_int_equal(fr_escape_param_set(ctx, &q, "palette", "/nonexistent/p.txt"), FR_ERR_IO);
    /* the family of a scene */
    char kind[32];
    assert_int_equal(fr_scene_kind(ctx, "{\"fractalis\": \"buddhabrot\", \"size\": \"8x8\"}", kind, sizeof kind), FR_OK);
    assert_string_equal(kind, "buddhabrot");
    assert_int_equal(fr_scene_kind(ctx, "{\"size\": \"8x8\"}", kind, sizeof kind), FR_ERR_PARSE);
    assert_int_equal(fr_scene_kind(ctx, "[1, 2]", kind, sizeof kind), FR_ERR_PARSE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_complete), cmocka_unit_test(test_range_texts_and_messages),
        cmocka_unit_test(test_other_tables),   cmocka_unit_test(test_set_and_get),
        cmocka_unit_test(test_bad_values),     cmocka_unit_test(test_validate),
        cmocka_unit_test(test_json_round_trip), cmocka_unit_test(test_scene_values),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
