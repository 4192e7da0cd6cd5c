/* GPU orbit density (ctest label gpu): for the same seed and sample count
 * the CUDA backend's histograms equal the CPU's bit for bit on every path
 * (folded, paired, single, anti with credited cycles, Nebulabrot bands,
 * each sampling; each formula: burning ship, tricorn, multibrot, Julia), on
 * a large full view, across 32-bit counter wraps, and
 * when a render is continued on the other device. Exits with the skip code
 * 77 when no CUDA device is present. */
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
    if (sc.hits != sg.hits || sc.orbits != sg.orbits)
        fail_msg("%s: counters differ: hits %llu vs %llu, orbits %llu vs %llu", what, (unsigned long long)sc.hits,
                 (unsigned long long)sg.hits, (unsigned long long)sc.orbits, (unsigned long long)sg.orbits);
    fr_buddha_hist_free(&c), fr_buddha_hist_free(&g);
}

static void test_cases_match_cpu(void **state)
{
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_case(k);
        if (!c.name) break;
        c.p.samples *= 4;
        compare(&c.p, c.name);
    }
}

/* The other formulas (burning ship, tricorn, multibrot, Julia) in every
 * storage mode each allows, as Buddhabrot, Nebulabrot and anti-Buddhabrot. */
static void test_formulas_match_cpu(void **state)
{
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_formula_case(k);
        if (!c.name) break;
        c.p.samples *= 8;
        compare(&c.p, c.name);
    }
    /* and larger: a 256x256 view of 2e6 samples a formula (several launches
     * of classification and plot rounds), float32 and float64 */
    static const struct {
        fr_formula f;
        int power, anti, nebula;
        double jre, jim, cre, cim;
    } big[] = {
        {FR_BURNINGSHIP, 3, 0, 0, 0, 0, -0.4, -0.6}, {FR_TRICORN, 3, 0, 1, 0, 0, -0.3, 0},
        {FR_MULTIBROT, 4, 1, 0, 0, 0, 0, 0},         {FR_JULIA, 3, 0, 0, -0.4, 0.6, 0, 0},
        {FR_JULIA, 3, 1, 0, -0.123, 0.745, 0, 0},    {FR_BURNINGSHIP, 3, 1, 0, 0, 0, -0.4, -0.6},
    };
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        fr_buddha_params p;
        fr_buddha_params_default(&p, big[i].nebula, big[i].anti);
        p.formula = big[i].f, p.power = big[i].power, p.julia_re = big[i].jre, p.julia_im = big[i].jim;
        p.width = p.height = 256, p.samples = big[i].anti ? 300000 : 2000000, p.seed = 500 + (uint64_t)i;
        p.center_re = big[i].cre, p.center_im = big[i].cim, p.view_width = 3.4, p.rotate_deg = 0;
        p.precision = i % 2 ? FR_F64 : FR_F32;
        if (big[i].anti) p.band[0].max_iter = 1000;
        char what[96];
        snprintf(what, sizeof what, "large view, formula %d%s%s, %s", (int)p.formula, big[i].anti ? " anti" : "",
                 big[i].nebula ? " nebula" : "", i % 2 ? "f64" : "f32");
        compare(&p, what);
    }
}

/* The benchmark's kind of scene, smaller: a full view of many samples,
 * in each precision, folded and rotated. */
static void test_full_view(void **state)
{
    for (int k = 0; k < 3; k++) {
        fr_buddha_params p;
        fr_buddha_params_default(&p, k == 2, 0);
        p.width = 512, p.height = 512, p.samples = 3000000, p.seed = 99 + (uint64_t)k;
        p.rotate_deg = k == 1 ? 90 : 0, p.center_re = -0.5, p.precision = k == 1 ? FR_F64 : FR_F32;
        compare(&p, k == 0 ? "full view f32 folded" : k == 1 ? "full view f64 rotated" : "nebulabrot full view");
    }
}

/* Anti-Buddhabrot deep inside the cardioid with 2^31 - 1 iterations: each
 * orbit credits about 2^31 visits to its fixed point's pixel, so 32-bit
 * counters wrap many times; the GPU's wrap log must restore every count. */
static void test_counter_wraps(void **state)
{
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 1);
    p.width = 8, p.height = 8, p.samples = 3000, p.band[0].max_iter = 2147483647u;
    p.region[0] = -0.2, p.region[1] = 0.1, p.region[2] = -0.2, p.region[3] = 0.2;
    p.center_re = -0.05, p.center_im = 0, p.view_width = 0.6, p.rotate_deg = 0;
    fr_buddha_hist c = {0}, g = {0};
    fr_test_buddha_render_on("cpu", &p, &c, NULL);
    fr_test_buddha_render_on("cuda", &p, &g, NULL);
    uint64_t mx = 0;
    for (int i = 0; i < 64; i++) mx = c.counts[i] > mx ? c.counts[i] : mx;
    assert_true(mx > 100ull * 4294967296ull); /* the scene does wrap */
    fr_test_assert_same_hist(c.counts, g.counts, &p, "counts past 2^32");
    fr_buddha_hist_free(&c), fr_buddha_hist_free(&g);
}

/* Half the samples on the CPU, the rest on the GPU: the one-run histogram. */
static void test_resume_across_devices(void **state)
{
    buddha_case c = fr_test_buddha_case(2);
    fr_test_buddha_resume_across(c.p, 30000, 50000, "cpu then gpu");
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases_match_cpu),
        cmocka_unit_test(test_formulas_match_cpu),
        cmocka_unit_test(test_full_view),
        cmocka_unit_test(test_counter_wraps),
        cmocka_unit_test(test_resume_across_devices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
