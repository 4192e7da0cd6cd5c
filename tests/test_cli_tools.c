/* The commands around rendering, run as a user would: `compare` (the PSNR
 * and the statistics every fidelity test stands on) against values worked
 * out by hand, the three benchmarks, the progress bar on a terminal, a
 * flame as PPM. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_support.h"

extern char **environ;

static int setup(void **state) { return cli_setup(state, "cli_tools"); }

/* A w x h 8-bit RGB PNG whose samples are base + noise in [-amp, amp]
 * (seeded), plus `shift` on the red channel. */
static void write_png(fixture *f, const char *path, int w, int h, int base, int amp, int shift, unsigned seed)
{
    fr_image img = {w, h, 8, malloc((size_t)w * h * 3), 3};
    uint8_t *p = img.pixels;
    for (int i = 0; i < w * h * 3; i++) {
        seed = seed * 1103515245u + 12345u;
        int v = base + (amp ? (int)((seed >> 16) % (unsigned)(2 * amp + 1)) - amp : 0) + (i % 3 == 0 ? shift : 0);
        p[i] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
    }
    assert_int_equal(fr_image_write_png(f->ctx, &img, path, NULL), FR_OK);
    free(img.pixels);
}

static void test_compare_psnr(void **state)
{
    fixture *f = *state;
    write_png(f, P(f, "a.png"), 4, 4, 0, 0, 0, 1);
    write_png(f, P(f, "b.png"), 4, 4, 0, 0, 10, 1);
    cli_result r;
    /* every red sample 10 off: MSE 100 / 3, PSNR 10 log10(65025 / (100 / 3)) */
    run_cli(&r, "compare", P(f, "a.png"), P(f, "b.png"));
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "32.902 3.3333\n");
    cli_result_free(&r);
    run_cli(&r, "compare", P(f, "a.png"), P(f, "a.png"));
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "inf 0.0000\n");
    cli_result_free(&r);
    write_png(f, P(f, "c.png"), 5, 4, 0, 0, 0, 1);
    run_cli(&r, "compare", P(f, "a.png"), P(f, "c.png"));
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "differ in size"));
    cli_result_free(&r);
}

/* Two sets from one distribution pass; a set 2 levels brighter in red, of
 * the same noise, fails (on the red mean). */
static void test_compare_stats(void **state)
{
    fixture *f = *state;
    char ref[1024] = "", same[1024] = "", bright[1024] = "";
    for (int k = 0; k < 6; k++) {
        char name[32];
        snprintf(name, sizeof name, "r%d.png", k);
        write_png(f, P(f, name), 64, 48, 100, 20, 0, 100u + (unsigned)k);
        snprintf(ref + strlen(ref), sizeof ref - strlen(ref), "%s%s", k ? "," : "", P(f, name));
        snprintf(name, sizeof name, "s%d.png", k);
        write_png(f, P(f, name), 64, 48, 100, 20, 0, 200u + (unsigned)k);
        snprintf(same + strlen(same), sizeof same - strlen(same), "%s%s", k ? "," : "", P(f, name));
        snprintf(name, sizeof name, "b%d.png", k);
        write_png(f, P(f, name), 64, 48, 100, 20, 2, 300u + (unsigned)k);
        snprintf(bright + strlen(bright), sizeof bright - strlen(bright), "%s%s", k ? "," : "", P(f, name));
    }
    cli_result r;
    run_cli(&r, "compare", "--stats", ref, same);
    assert_int_equal(r.status, 0);
    if (!strstr(r.out, "\nPASS")) fail_msg("same distribution:\n%s", r.out);
    cli_result_free(&r);
    run_cli(&r, "compare", "--stats", ref, bright);
    assert_int_equal(r.status, 0);
    if (!strstr(r.out, "\nFAIL (mean R")) fail_msg("red 2 levels brighter:\n%s", r.out);
    cli_result_free(&r);
    run_cli(&r, "compare", "--stats", P(f, "r0.png"), same);
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
}

/* Each benchmark prints its table: a header and a row per scene. */
static void test_benchmarks(void **state)
{
    fixture *f = *state;
    cli_result r;
    run_cli(&r, "bench", "--device", "cpu", "--small", "--repeats", "1", "--scene", "full-f32", "--scene", "julia");
    if (r.status) fail_msg("bench: %s", r.err);
    assert_non_null(strstr(r.out, "pixels/s"));
    assert_non_null(strstr(r.out, "\nfull-f32      cpu"));
    assert_non_null(strstr(r.out, "\njulia         cpu"));
    assert_non_null(strstr(r.out, "x\n")); /* the speed-up over the plain kernel */
    cli_result_free(&r);
    run_cli(&r, "bench", "--list");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "seahorse"));
    cli_result_free(&r);
    run_cli(&r, "bench", "orbit", "--device", "cpu", "--small", "--repeats", "1", "--scene", "buddha-f32", "--samples",
            "200000");
    if (r.status) fail_msg("bench orbit: %s", r.err);
    assert_non_null(strstr(r.out, "hits/s"));
    assert_non_null(strstr(r.out, "\nbuddha-f32    cpu"));
    cli_result_free(&r);
    const char *g = P(f, "g.flam3");
    write_text(g, "<flame name=\"g\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
                  " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
                  " <xform weight=\"1\" color=\"1\" julia=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n</flame>\n");
    run_cli(&r, "bench", "flame", "--device", "cpu", "--size", "64x48", "--quality", "20", "--runs", "1", g);
    if (r.status) fail_msg("bench flame: %s", r.err);
    assert_non_null(strstr(r.out, "iter/s"));
    assert_non_null(strstr(r.out, "\ng.flam3 "));
    cli_result_free(&r);
    run_cli(&r, "bench", "--scene", "nosuchscene");
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
}

/* The progress bar shows on a terminal once work runs for a second, with
 * the ETA, and is cleared at the end; not where stderr is no terminal. */
static void test_progress_bar(void **state)
{
    fixture *f = *state;
    int master, slave;
    assert_int_equal(openpty(&master, &slave, NULL, NULL, NULL), 0);
    const char *argv[] = {cli_path(), "render", "buddhabrot", "--size", "32x32", "--time", "2", "--device", "cpu",
                          "-o", P(f, "b.png"), NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, slave, 2);
    posix_spawn_file_actions_addclose(&fa, master);
    pid_t pid;
    assert_int_equal(posix_spawn(&pid, cli_path(), &fa, NULL, (char *const *)argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    close(slave);
    char out[65536];
    size_t len = 0;
    for (;;) {
        struct pollfd pf = {master, POLLIN, 0};
        if (poll(&pf, 1, 20000) <= 0) break;
        ssize_t n = read(master, out + len, sizeof out - 1 - len);
        if (n <= 0) break;
        len += (size_t)n;
    }
    out[len] = 0;
    close(master);
    int ws;
    waitpid(pid, &ws, 0);
    assert_true(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
    if (!strstr(out, "sampling [") || !strstr(out, "ETA") || !strstr(out, "#"))
        fail_msg("no progress bar on the terminal:\n%s", out);
    /* cleared: the last bar is overwritten by spaces before the statistics */
    assert_non_null(strstr(out, "\r                    "));
    /* no terminal: no bar */
    cli_result r;
    run_cli(&r, "render", "buddhabrot", "--size", "32x32", "--time", "1.5", "--device", "cpu", "-o", P(f, "c.png"));
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.err, "sampling ["));
    cli_result_free(&r);
}

/* A flame as PPM: binary P6 of the image's size, 8-bit, alpha dropped. */
static void test_flame_ppm(void **state)
{
    fixture *f = *state;
    const char *g = P(f, "g.flam3");
    write_text(g, "<flame name=\"g\" size=\"40 30\" center=\"0 0\" scale=\"12\" quality=\"5\">\n"
                  " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 0 0\"/>\n"
                  " <xform weight=\"1\" color=\"1\" spherical=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
                  " <color index=\"0\" rgb=\"255 0 0\"/>\n <color index=\"255\" rgb=\"0 255 0\"/>\n</flame>\n");
    run_ok("render", "flame", g, "-q", "--seed", "3", "-o", P(f, "f.ppm"));
    run_ok("render", "flame", g, "-q", "--seed", "3", "-o", P(f, "f.png"));
    size_t n;
    unsigned char *ppm = read_file(P(f, "f.ppm"), &n);
    const char *hdr = "P6\n40 30\n255\n";
    assert_true(n == strlen(hdr) + 40 * 30 * 3);
    assert_memory_equal(ppm, hdr, strlen(hdr));
    fr_image png;
    assert_int_equal(fr_image_read_png(f->ctx, P(f, "f.png"), &png, NULL), FR_OK);
    /* the same pixels as the PNG's colour channels (read as RGB) */
    assert_memory_equal(ppm + strlen(hdr), png.pixels, 40 * 30 * 3);
    fr_image_free(&png);
    free(ppm);
}

int main(void)
{
    if (!cli_path()) {
        fprintf(stderr, "FR_CLI is not set: the CLI tests need the fractalis binary\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_compare_psnr, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_compare_stats, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_benchmarks, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_progress_bar, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_flame_ppm, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
