/* End-to-end tests of `fractalis flame random | mutate | cross`: the same
 * --seed writes the same file and another seed another; stdout and -o
 * give the same genomes; every genome written renders with flam3's own
 * flam3-render (exit 0, an image that is not blank); bad methods,
 * variations and counts exit 2 naming the option and leave no file. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_support.h"
#include "fs_support.h"
#include "fractalis.h"

#define FLAM3_RENDER "/usr/bin/flam3-render"

static int setup(void **state) { return cli_setup(state, "cli_flame_random"); }

/* A parent file of two named genomes. */
static const char *write_parent(fixture *f, const char *name, double shift)
{
    const char *path = P(f, name);
    char text[1 << 17];
    size_t n = (size_t)snprintf(text, sizeof text, "<flames>\n");
    for (int g = 0; g < 2; g++) {
        n += (size_t)snprintf(text + n, sizeof text - n,
                              "<flame name=\"%s%d\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
                              " <xform weight=\"0.5\" color=\"0\" linear=\"1\" coefs=\"0.5 %g 0 0.5 0 0\"/>\n"
                              " <xform weight=\"0.5\" color=\"1\" swirl=\"0.4\" linear=\"0.6\" "
                              "coefs=\"0.5 0 0 0.5 0.5 %g\"/>\n"
                              " <xform weight=\"0.3\" color=\"0.5\" spherical=\"0.5\" coefs=\"0.6 0.1 0 0.5 0 0.5\"/>\n",
                              name, g, shift, 0.3 * g);
        for (int i = 0; i < 256; i++)
            n += (size_t)snprintf(text + n, sizeof text - n, " <color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, 255 - i,
                                  (i * 3) % 256, (i + g * 80) % 256);
        n += (size_t)snprintf(text + n, sizeof text - n, "</flame>\n");
    }
    n += (size_t)snprintf(text + n, sizeof text - n, "</flames>\n");
    write_text(path, text);
    return path;
}

/* flam3-render renders every genome of `path` small: it exits 0 and each
 * image has lit pixels. */
static void flam3_renders(fixture *f, const char *path, int count)
{
    if (access(FLAM3_RENDER, X_OK)) fail_msg("%s is missing (Debian's flam3-utils)", FLAM3_RENDER);
    char in[PATH_MAX + 8], prefix[PATH_MAX + 16];
    snprintf(in, sizeof in, "in=%s", path);
    snprintf(prefix, sizeof prefix, "prefix=%s/f3_", f->dir);
    const char *env[] = {in, prefix, "format=png", "ss=0.5", "qs=50", "verbose=0", "isaac_seed=1", NULL};
    cli_result r;
    static const char *const none[] = {NULL};
    run_prog_env(&r, FLAM3_RENDER, env, none);
    if (r.status != 0) fail_msg("flam3-render exited %d on %s: %s", r.status, path, r.err);
    cli_result_free(&r);
    for (int i = 0; i < count; i++) {
        char png[PATH_MAX + 32];
        snprintf(png, sizeof png, "%s/f3_%05d.png", f->dir, i);
        fr_image img = {0};
        if (fr_image_read_png(f->ctx, png, &img, NULL)) fail_msg("%s: %s", png, fr_last_error(f->ctx));
        const unsigned char *p = img.pixels;
        const int ch = fr_image_channels(&img);
        size_t lit = 0;
        for (size_t k = 0; k < (size_t)img.width * img.height; k++)
            lit += p[k * ch] || p[k * ch + 1] || p[k * ch + 2];
        if (lit == 0) fail_msg("%s: flam3-render's image of genome %d is blank", path, i);
        fr_image_free(&img);
        remove(png);
    }
}

static int count_flames(const char *path)
{
    size_t len;
    char *t = (char *)read_file(path, &len);
    assert_non_null(t);
    int n = 0;
    for (const char *p = t; (p = strstr(p, "<flame ")); p++) n++;
    free(t);
    return n;
}

static void random_same_seed(void **state)
{
    fixture *f = *state;
    const char *a = P(f, "a.flam3"), *b = P(f, "b.flam3"), *c = P(f, "c.flam3");
    run_ok("flame", "random", "--seed", "11", "--count", "3", "-o", a);
    run_ok("flame", "random", "--seed", "11", "--count", "3", "-o", b);
    run_ok("flame", "random", "--seed", "12", "--count", "3", "-o", c);
    assert_same_file(a, b);
    size_t la, lc;
    unsigned char *ta = read_file(a, &la), *tc = read_file(c, &lc);
    assert_true(la != lc || memcmp(ta, tc, la));
    assert_int_equal(count_flames(a), 3);
    /* stdout holds the same text */
    cli_result r;
    run_cli(&r, "flame", "random", "--seed", "11", "--count", "3");
    assert_int_equal(r.status, 0);
    assert_int_equal(strlen(r.out), la);
    assert_memory_equal(r.out, ta, la);
    cli_result_free(&r);
    free(ta), free(tc);
    flam3_renders(f, a, 3);
}

static void mutate_and_cross_render_in_flam3(void **state)
{
    fixture *f = *state;
    const char *pa = write_parent(f, "pa.flam3", 0.1), *pb = write_parent(f, "pb.flam3", -0.2);
    static const char *const mut[] = {"all_vars", "one_xform", "add_symmetry", "post_xforms",
                                      "color_palette", "delete_xform", "all_coefs"};
    for (size_t m = 0; m < sizeof mut / sizeof *mut; m++) {
        const char *o = P(f, "m.flam3");
        run_ok("flame", "mutate", pa, "--method", mut[m], "--seed", "5", "--count", "2", "-o", o);
        assert_int_equal(count_flames(o), 2);
        print_message("mutate --method %s\n", mut[m]);
        flam3_renders(f, o, 2);
    }
    static const char *const cross[] = {"union", "interpolate", "alternate"};
    for (size_t m = 0; m < sizeof cross / sizeof *cross; m++) {
        const char *o = P(f, "x.flam3");
        run_ok("flame", "cross", pa, pb, "--method", cross[m], "--seed", "9", "--count", "2", "-o", o);
        print_message("cross --method %s\n", cross[m]);
        flam3_renders(f, o, 2);
    }
    /* the same seed, the same mutation; --index picks the parent */
    const char *m1 = P(f, "m1.flam3"), *m2 = P(f, "m2.flam3");
    run_ok("flame", "mutate", pa, "--seed", "3", "--index", "1", "-o", m1);
    run_ok("flame", "mutate", pa, "--seed", "3", "--index", "1", "-o", m2);
    assert_same_file(m1, m2);
    size_t len;
    char *t = (char *)read_file(m1, &len);
    assert_non_null(strstr(t, "name=\"mutation_0_of_pa.flam31\"") ? t : strstr(t, "mutation 0 of pa.flam31"));
    free(t);
}

static void expect_usage(const char *const *args, const char *message, const char *no_file)
{
    cli_result r;
    run_cli_env(&r, NULL, args);
    if (r.status != 2 || !strstr(r.err, message))
        fail_msg("expected exit 2 with '%s', got %d: %s", message, r.status, r.err);
    cli_result_free(&r);
    if (no_file) assert_false(exists(no_file));
}

static void bad_arguments(void **state)
{
    fixture *f = *state;
    const char *pa = write_parent(f, "pa.flam3", 0.1);
    const char *o = P(f, "none.flam3");
    expect_usage(ARGS("flame", "mutate", pa, "--method", "sideways", "--seed", "1", "-o", o),
                 "--method: 'sideways' is not a mutation method", o);
    expect_usage(ARGS("flame", "cross", pa, pa, "--method", "all_vars", "--seed", "1", "-o", o),
                 "--method: 'all_vars' is not a cross method", o);
    expect_usage(ARGS("flame", "random", "--method", "union", "--seed", "1", "-o", o), "--method", o);
    expect_usage(ARGS("flame", "random", "--variations", "linear,bogus", "--seed", "1", "-o", o),
                 "--variations: 'bogus' is not a variation", o);
    expect_usage(ARGS("flame", "random", "--count", "0", "-o", o), "--count", o);
    expect_usage(ARGS("flame", "random", "--seed", "-4", "-o", o), "--seed", o);
    expect_usage(ARGS("flame", "mutate", "--seed", "1", "-o", o), "needs a genome file", o);
    expect_usage(ARGS("flame", "cross", pa, "--seed", "1", "-o", o), "needs two genome files", o);
    expect_usage(ARGS("flame", "mutate", pa, "--index", "7", "--seed", "1", "-o", o), "--index", o);
}

int main(void)
{
    if (!cli_path()) {
        fprintf(stderr, "FR_CLI is not set\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(random_same_seed, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(mutate_and_cross_render_in_flam3, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(bad_arguments, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
