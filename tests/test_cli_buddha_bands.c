/* The orbit-density command in bands of rows: a render forced into bands by
 * a small --host-memory or by --bands writes the same PNG, .npy and scene
 * bytes as the unbanded render; --resume in bands equals one run; an error
 * after banded sampling leaves no output file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_support.h"

static int setup(void **state) { return cli_setup(state, "cli_buddha_bands"); }

#define SCENE "--size", "16384x300", "--center", "-0.5,0", "--width", "3", "--rotate", "0", "--iter", "200", \
              "--samples", "300000", "--seed", "3", "--device", "cpu"

/* 16384 counters of 8 bytes a row: 16 MiB hold 128 rows, 3 bands. */
static void test_same_outputs(void **state)
{
    fixture *f = *state;
    run_ok("render", "buddhabrot", SCENE, "--bands", "1", "-q", "-o", P(f, "a.png"), "-o", P(f, "a.npy"));
    cli_result r;
    run_cli(&r, "render", "buddhabrot", SCENE, "--host-memory", "16", "-o", P(f, "b.png"), "-o", P(f, "b.npy"));
    if (r.status) fail_msg("exit %d:\n%s", r.status, r.err);
    if (!strstr(r.err, "bands            3")) fail_msg("no 3 bands in the statistics:\n%s", r.err);
    cli_result_free(&r);
    run_ok("render", "buddhabrot", SCENE, "--bands", "7", "-q", "-o", P(f, "c.png"), "-o", P(f, "c.npy"));
    assert_same_file(P(f, "a.png"), P(f, "b.png"));
    assert_same_file(P(f, "a.png"), P(f, "c.png"));
    assert_same_file(P(f, "a.npy"), P(f, "b.npy"));
    assert_same_file(P(f, "a.npy"), P(f, "c.npy"));
    assert_same_file(P(f, "a.npy.json"), P(f, "c.npy.json"));
}

/* 8000 samples in 3 bands, then --resume with 12000 more in 2: the one-run
 * histogram (a Nebulabrot). */
static void test_resume(void **state)
{
    fixture *f = *state;
    run_ok("render", "nebulabrot", "--size", "60x50", "--samples", "20000", "--seed", "5", "--device", "cpu", "-q",
           "-o", P(f, "one.npy"));
    run_ok("render", "nebulabrot", "--size", "60x50", "--samples", "8000", "--seed", "5", "--bands", "3", "--device",
           "cpu", "-q", "-o", P(f, "part.npy"));
    run_ok("render", "--resume", P(f, "part.npy"), "--samples", "12000", "--bands", "2", "--device", "cpu", "-q");
    assert_same_file(P(f, "one.npy"), P(f, "part.npy"));
}

/* Metropolis chains that find no start in a view far from the set: an
 * error after every band sampled, and no file. */
static void test_error_leaves_nothing(void **state)
{
    fixture *f = *state;
    cli_result r;
    run_cli(&r, "render", "buddhabrot", "--size", "40x30", "--sampling", "metropolis", "--chain-length", "64",
            "--burn-in", "8", "--samples", "640", "--center", "10,10", "--width", "0.1", "--bands", "3", "--device",
            "cpu", "-q", "-o", P(f, "x.png"), "-o", P(f, "x.npy"));
    assert_int_not_equal(r.status, 0);
    if (!strstr(r.err, "found a start")) fail_msg("stderr:\n%s", r.err);
    cli_result_free(&r);
    assert_int_not_equal(access(P(f, "x.png"), F_OK), 0);
    assert_int_not_equal(access(P(f, "x.npy"), F_OK), 0);
    assert_int_not_equal(access(P(f, "x.npy.json"), F_OK), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_same_outputs, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_resume, setup, cli_teardown),
        cmocka_unit_test_setup_teardown(test_error_leaves_nothing, setup, cli_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
