/* GPU Metropolis-Hastings orbit density (ctest label gpu): for the same
 * seed and sample count the CUDA backend's histograms and counters equal
 * the CPU's bit for bit in every metropolis scene of buddha_support.h
 * (Mandelbrot zooms in pairs, folded and single storage, both precisions,
 * Nebulabrot, anti, Julia, Burning Ship), on a zoom with many chains (more
 * than a block of threads, weights times points past 2^32), and when a
 * render is continued on the other device. Exits with the skip code 77
 * when no CUDA device is present. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buddha_support.h"
#include "gpu_support.h"

static void compare(const fr_buddha_params *p, const char *what)
{
    fr_buddha_hist c = {0}, g = {0};
    fr_buddha_stats sc, sg;
    fr_test_buddha_render_on("cpu", p, &c, &sc);
    fr_test_buddha_render_on("cuda", p, &g, &sg);
    fr_test_assert_same_hist(c.counts, g.counts, p, what);
    if (sc.hits != sg.hits || sc.orbits != sg.orbits || sc.iterations != sg.iterations ||
        sc.acceptance != sg.acceptance || sc.weight_scale != sg.weight_scale)
        fail_msg("%s: counters differ: hits %llu vs %llu, orbits %llu vs %llu, iterations %llu vs %llu, acceptance "
                 "%.17g vs %.17g, weight scale %.17g vs %.17g",
                 what, (unsigned long long)sc.hits, (unsigned long long)sg.hits, (unsigned long long)sc.orbits,
                 (unsigned long long)sg.orbits, (unsigned long long)sc.iterations, (unsigned long long)sg.iterations,
                 sc.acceptance, sg.acceptance, sc.weight_scale, sg.weight_scale);
    print_message("%-50s acceptance %.3f, weight scale %.4g: identical\n", what, sg.acceptance, sg.weight_scale);
    fr_buddha_hist_free(&c), fr_buddha_hist_free(&g);
}

/* Every metropolis scene: Mandelbrot (pairs, folded, single), Nebulabrot,
 * anti, Julia and the Burning Ship. */
static void test_scenes_match_cpu(void **state)
{
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_mh_case(k);
        if (!c.name) break;
        compare(&c.p, c.name);
    }
}

/* A zoom with 1000 chains of 1024 steps (several blocks of threads, chains
 * of very different lengths side by side), a 3-channel Nebulabrot zoom,
 * and a Julia zoom in float64. */
static void test_many_chains(void **state)
{
    buddha_case c = fr_test_buddha_mh_case(0);
    c.p.width = 128, c.p.height = 96;
    c.p.chain_length = 1024, c.p.burn_in = 128, c.p.samples = 1024 * 1000;
    c.p.view_width = 0.01;
    compare(&c.p, "mandelbrot zoom 0.01, 1000 chains");
    c = fr_test_buddha_mh_case(3);
    c.p.chain_length = 1024, c.p.burn_in = 128, c.p.samples = 1024 * 300;
    compare(&c.p, "nebulabrot zoom, 300 chains");
    c = fr_test_buddha_mh_case(5);
    c.p.precision = FR_F64, c.p.chain_length = 1024, c.p.burn_in = 128, c.p.samples = 1024 * 300;
    compare(&c.p, "julia f64 zoom, 300 chains");
}

/* Chains 0..399 on the CPU, then 400..799 on the GPU into the same
 * histogram, equal 0..799 on either. */
static void test_resume_across_devices(void **state)
{
    buddha_case c = fr_test_buddha_mh_case(1);
    fr_buddha_params p = c.p;
    p.chain_length = 256, p.burn_in = 32;
    fr_test_buddha_resume_across(p, 256 * 400, 256 * 400, "metropolis resumed on the other device");
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenes_match_cpu),
        cmocka_unit_test(test_many_chains),
        cmocka_unit_test(test_resume_across_devices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
