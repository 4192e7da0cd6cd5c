/* Defects found by attacking the command as a hostile or careless user would
 * (the hardening issue's list, by number; 7 and 11 are in test_params.c and
 * test_cli_buddha.c): each test failed before its fix.
 * Crashes end a CLI run with a signal, which the runner reports as a
 * failure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli_support.h"
#include "fs_support.h"

extern char **environ;

static int setup(void **state) { return cli_setup(state, "cli_attacks"); }

/* A small genome file with the flame attributes `attrs` and name `name`. */
static const char *genome(fixture *f, const char *file, const char *name, const char *attrs)
{
    char text[2048];
    snprintf(text, sizeof text,
             "<flame name=\"%s\" size=\"64 48\" center=\"0 0\" scale=\"20\" %s>\n"
             " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
             " <xform weight=\"1\" color=\"1\" spherical=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
             " <color index=\"0\" rgb=\"255 0 0\"/>\n <color index=\"255\" rgb=\"0 0 255\"/>\n"
             "</flame>\n",
             name, attrs);
    const char *path = P(f, file);
    write_text(path, text);
    return path;
}

static void expect_status(const char *const *args, int status, const char *in_message)
{
    cli_result r;
    run_cli_env(&r, NULL, args);
    if (r.status != status || (in_message && !strstr(r.err, in_message)))
        fail_msg("expected exit %d with '%s', got %d: %s", status, in_message ? in_message : "", r.status, r.err);
    cli_result_free(&r);
}

/* 1: a pass with no samples, and sample counts past 64 bits. */
static void test_tiny_and_huge_quality(void **state)
{
    fixture *f = *state;
    char g[PATH_MAX];
    snprintf(g, sizeof g, "%s", genome(f, "g.flam3", "g", ""));
    run_ok("render", "flame", g, "--quality", "0.000001", "-q", "-o", P(f, "tiny.png"));
    run_ok("render", "flame", g, "--size", "2x2", "--quality", "0.1", "-q", "-o", P(f, "two.png"));
    run_ok("render", "flame", genome(f, "p.flam3", "p", "passes=\"100000\""), "-q", "-o", P(f, "passes.png"));
    for (int i = 0; i < 3; i++) assert_true(exists(P(f, i == 0 ? "tiny.png" : i == 1 ? "two.png" : "passes.png")));
    expect_status(ARGS("render", "flame", genome(f, "q.flam3", "q", "quality=\"1e30\""), "-q", "-o", P(f, "q.png")), 1,
                  "quality 1e+30");
    assert_false(exists(P(f, "q.png")));
}

/* 2: what is at an output path is not replaced by a regular file. */
static void test_outputs_into_devices_and_links(void **state)
{
    fixture *f = *state;
    char g[PATH_MAX];
    snprintf(g, sizeof g, "%s", genome(f, "g.flam3", "g", ""));
    run_ok("flame", "convert", g, "/dev/null");
    struct stat st;
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));
    /* a link: followed, and still a link */
    write_text(P(f, "real.png"), "old");
    assert_int_equal(symlink("real.png", P(f, "link.png")), 0);
    run_ok("render", "mandelbrot", "--size", "8x8", "-q", "-o", P(f, "link.png"));
    assert_int_equal(lstat(P(f, "link.png"), &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    fr_image img;
    assert_int_equal(fr_image_read_png(f->ctx, P(f, "real.png"), &img, NULL), FR_OK);
    assert_int_equal(img.width, 8);
    fr_image_free(&img);
    /* a link to nothing: refused, left as it is */
    assert_int_equal(symlink("missing/x.png", P(f, "dangling.png")), 0);
    expect_status(ARGS("render", "mandelbrot", "--size", "8x8", "-q", "-o", P(f, "dangling.png")), 1, "symbolic link");
    assert_int_equal(lstat(P(f, "dangling.png"), &st), 0);
    assert_true(S_ISLNK(st.st_mode));
}

/* 3: a genome's name is a file name in the output folder, never a path. */
static void test_genome_name_is_no_path(void **state)
{
    fixture *f = *state;
    char text[4096];
    snprintf(text, sizeof text,
             "<flames>\n"
             "<flame name=\"../../escaped\" size=\"32 24\" center=\"0 0\" scale=\"10\" quality=\"2\">\n"
             " <xform weight=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n</flame>\n"
             "<flame name=\"/tmp/fractalis-absolute\" size=\"32 24\" center=\"0 0\" scale=\"10\" quality=\"2\">\n"
             " <xform weight=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n</flame>\n"
             "<flame name=\"..\" size=\"32 24\" center=\"0 0\" scale=\"10\" quality=\"2\">\n"
             " <xform weight=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n</flame>\n"
             "</flames>\n");
    const char *g = P(f, "names.flam3");
    write_text(g, text);
    char sub[PATH_MAX + 8];
    snprintf(sub, sizeof sub, "%s/out", f->dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    char pattern[PATH_MAX + 32];
    snprintf(pattern, sizeof pattern, "%s/{name}.png", sub);
    remove("/tmp/fractalis-absolute.png");
    run_ok("render", "flame", g, "--all", "-q", "-o", pattern);
    /* and the default output, NAME.png in the current folder */
    char cwd[PATH_MAX];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(sub), 0);
    run_ok("render", "flame", g, "--index", "1", "-q");
    assert_int_equal(chdir(cwd), 0);
    assert_false(exists(P(f, "escaped.png")));
    char up[PATH_MAX + 32];
    snprintf(up, sizeof up, "%s/../escaped.png", f->dir);
    assert_false(exists(up));
    assert_false(exists("/tmp/fractalis-absolute.png"));
    /* everything landed in out/: three renders, the second twice (same name) */
    assert_int_equal(count_entries(sub), 3);
}

/* 4: XML entities (one large one referenced many times, nested ones)
 * would take minutes and gigabytes to expand: a file declaring any is
 * refused at once. */
static void test_xml_entities(void **state)
{
    fixture *f = *state;
    const size_t big = 10000;
    char *doc = malloc(big + 15000 * 3 + 4096), *q = doc;
    q += sprintf(q, "<?xml version=\"1.0\"?>\n<!DOCTYPE flame [<!ENTITY e \"");
    memset(q, 'A', big), q += big;
    q += sprintf(q, "\">]>\n<flame name=\"");
    for (int i = 0; i < 15000; i++) q += sprintf(q, "&e;");
    sprintf(q, "\" size=\"64 48\">\n<xform weight=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>\n");
    write_text(P(f, "big.flam3"), doc);
    free(doc);
    char laughs[4096];
    q = laughs + sprintf(laughs, "<?xml version=\"1.0\"?>\n<!DOCTYPE flame [<!ENTITY l0 \"lol\">");
    for (int i = 1; i < 10; i++) {
        q += sprintf(q, "<!ENTITY l%d \"", i);
        for (int k = 0; k < 10; k++) q += sprintf(q, "&l%d;", i - 1);
        q += sprintf(q, "\">");
    }
    sprintf(q, "]>\n<flame name=\"&l9;\" size=\"64 48\"><xform weight=\"1\" linear=\"1\" coefs=\"1 0 0 1 0 0\"/></flame>\n");
    write_text(P(f, "laughs.flam3"), laughs);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_status(ARGS("flame", "info", P(f, "big.flam3")), 1, "entities");
    expect_status(ARGS("render", "flame", P(f, "big.flam3"), "-q", "-o", P(f, "big.png")), 1, "entities");
    expect_status(ARGS("flame", "info", P(f, "laughs.flam3")), 1, "laughs.flam3");
    expect_status(ARGS("render", "flame", P(f, "laughs.flam3"), "-q", "-o", P(f, "laughs.png")), 1, "laughs.flam3");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    if (s > 5) fail_msg("four refusals of entity files took %.1f s", s);
    assert_false(exists(P(f, "big.png")) || exists(P(f, "laughs.png")));
}

/* Bytes of a .npy of shape `shape` (its text) and dtype `descr`. */
static void write_npy(const char *path, const char *descr, const char *shape, const void *data, size_t n,
                      const char *extra)
{
    char dict[256];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': %s, %s}", descr, shape,
                       extra ? extra : "");
    size_t total = (10 + (size_t)len + 1 + 63) / 64 * 64;
    unsigned char *buf = calloc(1, total + n);
    memcpy(buf, "\x93NUMPY\x01\x00", 8);
    buf[8] = (unsigned char)((total - 10) & 0xff), buf[9] = (unsigned char)((total - 10) >> 8);
    memcpy(buf + 10, dict, (size_t)len);
    memset(buf + 10 + len, ' ', total - 10 - (size_t)len);
    buf[total - 1] = '\n';
    memcpy(buf + total, data, n);
    write_bytes(path, buf, total + n);
    free(buf);
}

/* The scene beside a histogram, for --resume. */
static void write_scene(fixture *f, const char *npy, const char *size)
{
    char path[PATH_MAX + 8], text[512];
    snprintf(path, sizeof path, "%s.json", npy);
    snprintf(text, sizeof text,
             "{\"fractalis\": \"buddhabrot\", \"size\": \"%s\", \"seed\": \"1\", \"histogram_samples\": 1000}", size);
    write_text(path, text);
}

/* 8, 13: histograms of the wrong shape or dtype are refused by their header,
 * not read out of bounds or by a substring. */
static void test_resume_bad_histograms(void **state)
{
    fixture *f = *state;
    uint64_t data[16] = {0};
    write_npy(P(f, "flat.npy"), "<u8", "(16,)", data, sizeof data, NULL);
    write_scene(f, P(f, "flat.npy"), "4x4");
    expect_status(ARGS("render", "--resume", P(f, "flat.npy"), "--samples", "10", "-q"), 2, "dimension");
    /* a float array whose header holds "'descr': '<u4'" in another key */
    write_npy(P(f, "float.npy"), "<f8", "(4, 4)", data, 16 * 8, "'note': \"'descr': '<u4'\", ");
    write_scene(f, P(f, "float.npy"), "4x4");
    expect_status(ARGS("render", "--resume", P(f, "float.npy"), "--samples", "10", "-q"), 2, "float.npy");
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_read_npy(f->ctx, P(f, "float.npy"), &h), FR_ERR_PARSE);
    assert_int_equal(fr_buddha_hist_read_npy(f->ctx, P(f, "flat.npy"), &h), FR_ERR_PARSE);
}

/* 12: a count at 2^64 - 1 does not wrap to 0 on --resume; the render fails
 * and the histogram on disk stays. */
static void test_resume_at_the_top_of_the_counts(void **state)
{
    fixture *f = *state;
    run_ok("render", "buddhabrot", "--size", "16x16", "--samples", "20000", "--device", "cpu", "-q", "-o",
           P(f, "h.npy"));
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_read_npy(f->ctx, P(f, "h.npy"), &h), FR_OK);
    for (int i = 0; i < 16 * 16; i++)
        if (h.counts[i]) h.counts[i] = UINT64_MAX;
    assert_int_equal(fr_buddha_hist_write_npy(f->ctx, &h, P(f, "h.npy")), FR_OK);
    fr_buddha_hist_free(&h);
    size_t before_len, after_len;
    unsigned char *before = read_file(P(f, "h.npy"), &before_len);
    expect_status(ARGS("render", "--resume", P(f, "h.npy"), "--samples", "20000", "--device", "cpu", "-q"), 1,
                  "2^64");
    unsigned char *after = read_file(P(f, "h.npy"), &after_len);
    assert_int_equal(before_len, after_len);
    assert_memory_equal(before, after, before_len);
    free(before), free(after);
}

/* 14: a histogram and its scene are written both or neither. */
static void test_histogram_and_scene_together(void **state)
{
    fixture *f = *state;
    assert_int_equal(mkdir(P(f, "h.npy.json"), 0755), 0); /* the scene cannot be written */
    expect_status(ARGS("render", "buddhabrot", "--size", "16x16", "--samples", "1000", "--device", "cpu", "-q", "-o",
                       P(f, "h.npy")),
                  1, "h.npy.json");
    assert_false(exists(P(f, "h.npy")));
    assert_int_equal(count_entries(f->dir), 1);
}

/* The seconds a command takes (it must end with `status`). */
static double timed(const char *const *args, int status, const char *in_message)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_status(args, status, in_message);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
}

/* 5, 6: a scene's palette is checked before any work on it, and names no
 * file: a huge colour list and "/dev/zero" fail at once, from a PNG's chunk
 * and from a .json, in render --from and in params. */
static void test_scene_palettes(void **state)
{
    fixture *f = *state;
    const size_t n = 300000;
    char *json = malloc(n * 11 + 128), *q = json;
    q += sprintf(q, "{\"fractalis\": \"escape\", \"size\": \"8x8\", \"palette\": [");
    for (size_t i = 0; i < n; i++) q += sprintf(q, "%s\"#%06zx\"", i ? "," : "", i & 0xffffff);
    strcpy(q, "]}");
    fr_image img = {8, 8, 8, calloc(8 * 8 * 3, 1), 3};
    assert_int_equal(fr_image_write_png(f->ctx, &img, P(f, "many.png"), json), FR_OK);
    free(img.pixels);
    write_text(P(f, "many.json"), json);
    free(json);
    double s = timed(ARGS("params", P(f, "many.png")), 1, "colours");
    s += timed(ARGS("render", "--from", P(f, "many.png"), "-q", "-o", P(f, "a.png")), 1, "colours");
    s += timed(ARGS("render", "--from", P(f, "many.json"), "-q", "-o", P(f, "b.png")), 1, "colours");
    if (s > 10) fail_msg("three refusals of a 300000-colour scene took %.1f s", s);
    const char *files[] = {"/dev/zero", "/etc/passwd", "/proc/self/environ"};
    for (int i = 0; i < 3; i++) {
        char text[256];
        snprintf(text, sizeof text, "{\"fractalis\": \"escape\", \"size\": \"8x8\", \"palette\": \"%s\"}", files[i]);
        write_text(P(f, "file.json"), text);
        s = timed(ARGS("params", P(f, "file.json")), 1, "names no files");
        s += timed(ARGS("render", "--from", P(f, "file.json"), "-q", "-o", P(f, "c.png")), 1, "names no files");
        if (s > 5) fail_msg("a scene naming %s took %.1f s", files[i], s);
    }
    assert_false(exists(P(f, "a.png")) || exists(P(f, "b.png")) || exists(P(f, "c.png")));
}

/* Start the CLI without waiting. */
static pid_t start(const char *const *args)
{
    const char *argv[32];
    int n = 0;
    argv[n++] = cli_path();
    for (int i = 0; args[i] && n < 30; i++) argv[n++] = args[i];
    argv[n] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    assert_int_equal(posix_spawn(&pid, cli_path(), &fa, NULL, (char *const *)argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    return pid;
}

static void sleep_s(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (time_t)s) * 1e9)};
    nanosleep(&ts, NULL);
}

static int finish(pid_t pid)
{
    int ws;
    while (waitpid(pid, &ws, 0) < 0) {
    }
    return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

/* 1 when unnamed files (O_TMPFILE) work in dir: a killed writer then
 * leaves nothing at all. */
static int unnamed_files(const char *dir)
{
#ifdef O_TMPFILE
    int fd = open(dir, O_TMPFILE | O_WRONLY, 0600);
    if (fd >= 0) close(fd);
    return fd >= 0;
#else
    return 0;
#endif
}

/* 9: a signal at any moment of a render and its write leaves no partial
 * output (SIGTERM and SIGINT stop it; SIGKILL ends it), and SIGTERM while
 * sampling writes what was sampled, as SIGINT does. */
static void test_signals_leave_nothing_partial(void **state)
{
    fixture *f = *state;
    char sub[PATH_MAX + 8];
    snprintf(sub, sizeof sub, "%s/out", f->dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    char out[PATH_MAX + 32];
    snprintf(out, sizeof out, "%s/m.png", sub);
    const int sigs[] = {SIGTERM, SIGINT, SIGKILL, SIGKILL, SIGKILL, SIGKILL};
    const double delays[] = {0.3, 0.3, 0.2, 0.6, 1.0, 1.5};
    const int unnamed = unnamed_files(sub);
    for (int i = 0; i < 6; i++) {
        pid_t pid = start(ARGS("render", "mandelbrot", "--size", "4000x4000", "--device", "cpu", "-q", "-o", out));
        sleep_s(delays[i]);
        kill(pid, sigs[i]);
        int rc = finish(pid);
        if (rc == 0) { /* finished first: a whole image */
            fr_image img;
            assert_int_equal(fr_image_read_png(f->ctx, out, &img, NULL), FR_OK);
            fr_image_free(&img);
            remove(out);
        } else {
            assert_int_equal(rc, 128 + sigs[i]);
            assert_false(exists(out));
        }
        if (unnamed) assert_int_equal(count_entries(sub), 0);
        else print_message("no O_TMPFILE in %s: a killed writer may leave a hidden file\n", sub);
    }
    /* SIGTERM while sampling: the outputs are written */
    pid_t pid = start(ARGS("render", "buddhabrot", "--size", "64x64", "--samples", "1e12", "--device", "cpu", "-q",
                           "-o", P(f, "b.npy"), "-o", P(f, "b.png")));
    sleep_s(1.0);
    kill(pid, SIGTERM);
    assert_int_equal(finish(pid), 0);
    assert_true(exists(P(f, "b.npy")) && exists(P(f, "b.npy.json")) && exists(P(f, "b.png")));
}

/* 10: the importance pilot pass keeps to --time (and stops on a signal). */
static void test_importance_pilot_keeps_time(void **state)
{
    fixture *f = *state;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_status(ARGS("render", "buddhabrot", "--sampling", "importance", "--grid", "4096", "--time", "2",
                       "--device", "cpu", "-q", "-o", P(f, "i.png")),
                  1, "pilot");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    if (s > 8) fail_msg("a 2 s time limit took %.1f s", s);
    assert_false(exists(P(f, "i.png")));
    pid_t pid = start(ARGS("render", "buddhabrot", "--sampling", "importance", "--grid", "4096", "--device", "cpu",
                           "-q", "-o", P(f, "j.png")));
    sleep_s(1.0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    kill(pid, SIGINT);
    assert_int_equal(finish(pid), 128 + SIGINT);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    if (s > 5) fail_msg("Ctrl-C during the pilot took %.1f s to stop", s);
}

int main(void)
{
    if (!cli_path()) {
        fprintf(stderr, "FR_CLI is not set: the CLI tests need the fractalis binary\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_tiny_and_huge_quality, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_outputs_into_devices_and_links, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_genome_name_is_no_path, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_xml_entities, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_resume_bad_histograms, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_resume_at_the_top_of_the_counts, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_histogram_and_scene_together, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_scene_palettes, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_signals_leave_nothing_partial, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_importance_pilot_keeps_time, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
