/* fractalis animate flame: frames of a genome timeline numbered by their
 * time (--frames A:B[:STEP], by default the first keyframe's time to the
 * last's - 1, as flam3-animate's begin and end), each PNG embedding the
 * genome at its time; the same seed gives the same frame; --resume keeps
 * the frames written; bad --frames, --stagger or a missing -o are usage
 * errors; --help lists the options. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_support.h"

static int setup(void **state)
{
    return cli_setup(state, "cli_animate_flame");
}

/* Two keyframes at times 0 and 3 that move the camera. */
static const char timeline[] =
    "<flames>\n"
    "<flame name=\"a\" time=\"0\" size=\"64 48\" center=\"0 0\" scale=\"20\" quality=\"5\" "
    "temporal_samples=\"4\" "
    "estimator_radius=\"0\">\n"
    "<xform weight=\"0.5\" color=\"0\" spherical=\"1\" coefs=\"0.7 0.2 -0.2 0.7 0.1 -0.1\"/>\n"
    "<xform weight=\"0.5\" color=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0.5 0.5\"/>\n"
    "<color index=\"0\" rgb=\"255 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/>\n"
    "</flame>\n"
    "<flame name=\"b\" time=\"3\" size=\"64 48\" center=\"0.3 -0.2\" scale=\"30\" rotate=\"30\" "
    "quality=\"5\" "
    "temporal_samples=\"4\" estimator_radius=\"0\">\n"
    "<xform weight=\"0.5\" color=\"0\" spherical=\"1\" coefs=\"0.7 0.2 -0.2 0.7 0.1 -0.1\"/>\n"
    "<xform weight=\"0.5\" color=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0.5 0.5\"/>\n"
    "<color index=\"0\" rgb=\"0 255 0\"/><color index=\"255\" rgb=\"255 255 0\"/>\n"
    "</flame>\n"
    "</flames>\n";

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void test_frames_numbered_by_time(void **state)
{
    fixture *f = *state;
    const char *tl = P(f, "t.flam3");
    write_text(tl, timeline);
    char pattern[PATH_MAX];
    snprintf(pattern, sizeof pattern, "%s", P(f, "f-%05d.png"));
    run_ok("animate", "flame", tl, "--frames", "0:4:2", "--seed", "3", "-o", pattern, "-q");
    assert_true(exists(P(f, "f-00000.png")));
    assert_true(exists(P(f, "f-00002.png")));
    assert_true(exists(P(f, "f-00004.png")));
    assert_false(exists(P(f, "f-00001.png")));
    /* the genome at the frame's time is embedded, under flam3's key */
    fr_image img;
    char *meta = NULL;
    assert_int_equal(fr_image_read_png_keyed(f->ctx, P(f, "f-00002.png"), "flam3_genome", &img, &meta), FR_OK);
    assert_int_equal(img.width, 64);
    assert_int_equal(img.height, 48);
    assert_non_null(meta);
    assert_non_null(strstr(meta, "<flame"));
    assert_non_null(strstr(meta, "time=\"2\""));
    free(meta);
    fr_image_free(&img);
    /* the same seed: the same frame */
    char again[PATH_MAX];
    snprintf(again, sizeof again, "%s", P(f, "g-%05d.png"));
    run_ok("animate", "flame", tl, "--frames", "2:2", "--seed", "3", "-o", again, "-q");
    assert_same_file(P(f, "f-00002.png"), P(f, "g-00002.png"));
    /* --resume keeps what was written */
    cli_result r;
    run_cli(&r, "animate", "flame", tl, "--frames", "0:4:2", "--seed", "3", "-o", pattern, "--resume");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "3 reused"));
    cli_result_free(&r);
}

static void test_default_range(void **state)
{
    fixture *f = *state;
    const char *tl = P(f, "t.flam3");
    write_text(tl, timeline);
    char pattern[PATH_MAX];
    snprintf(pattern, sizeof pattern, "%s", P(f, "d-%d.png"));
    run_ok("animate", "flame", tl, "--size", "32x24", "--motion-blur=off", "-o", pattern, "-q");
    assert_true(exists(P(f, "d-0.png")));
    assert_true(exists(P(f, "d-1.png")));
    assert_true(exists(P(f, "d-2.png")));
    assert_false(exists(P(f, "d-3.png")));
}

static void test_usage_errors(void **state)
{
    fixture *f = *state;
    const char *tl = P(f, "t.flam3");
    write_text(tl, timeline);
    char pattern[PATH_MAX];
    snprintf(pattern, sizeof pattern, "%s", P(f, "e-%d.png"));
    static const char *const bad[] = {"3:1", "a:b", "1:2:0", "1", "1:2:3:4"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cli_result r;
        run_cli(&r, "animate", "flame", tl, "--frames", bad[i], "-o", pattern);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, "--frames"));
        cli_result_free(&r);
    }
    cli_result r;
    run_cli(&r, "animate", "flame", tl, "--stagger", "1.5", "-o", pattern);
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
    run_cli(&r, "animate", "flame", tl);
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
    assert_false(exists(P(f, "e-0.png")));
}

static void test_help(void **state)
{
    (void)state;
    cli_result r;
    run_cli(&r, "animate", "flame", "--help");
    assert_int_equal(r.status, 0);
    static const char *const want[] = {"--frames", "--stagger", "--motion-blur", "--quality",
                                       "--size",   "--seed",    "--device",      "-o, --output"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(r.out, want[i])) fail_msg("--help does not list %s", want[i]);
    cli_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_frames_numbered_by_time, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_default_range, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_usage_errors, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_help, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
