/* Orbit density of the other formulas (burning ship, tricorn, multibrot,
 * Julia): for each scene of fr_test_buddha_formula_case, the histogram of
 * the reference and of the CPU backend (scalar and AVX2 kernels, 1 and 3
 * threads, with and without the speed tricks) equals, count for count, a
 * brute-force oracle written here: every orbit iterated to the end with
 * escape time's canonical step, its escape index checked against escape
 * time's own count (fr_escape_count). Also: which maps draw conjugate
 * pairs (burning ship's orbits of c and conj(c) shown to differ, the
 * others' shown to be exact mirrors), where the interior test applies, the
 * formula's own sampling region, and the parameters' scene round trip. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buddha_support.h"
#include "escape/escape_step.h"

/* The formula's step as escape time chooses it (escape_reference.c): Julia
 * iterates z^2 + c, and multibrot d = 2 is the Mandelbrot step. */
static int escape_step_of(const fr_buddha_params *p)
{
    if (p->formula == FR_JULIA) return FR_STEP_MANDEL;
    if (p->formula == FR_MULTIBROT && p->power == 2) return FR_STEP_MANDEL;
    return (int)p->formula;
}

/* One orbit from sample (sx, sy): its escape index (0: a Julia z_0 outside
 * R; max + 1: no escape within max) and its points z_1 .. z_max (as far as
 * computed) in zx, zy. No cycle check, no shortcut. */
#define ORACLE_ORBIT(NAME, T, STEP, MAG2)                                                                   \
    static uint32_t NAME(const fr_buddha_params *p, uint32_t max, double sx, double sy, double *zx, double *zy) \
    {                                                                                                       \
        const int f = escape_step_of(p), d = p->power;                                                     \
        const T b2 = (T)(p->bailout * p->bailout);                                                          \
        T x = 0, y = 0, cx = (T)sx, cy = (T)sy;                                                             \
        if (p->formula == FR_JULIA) x = (T)sx, y = (T)sy, cx = (T)p->julia_re, cy = (T)p->julia_im;        \
        if (p->formula == FR_JULIA && MAG2(x, y) > b2) return 0;                                           \
        for (uint32_t n = 1; n <= max; n++) {                                                               \
            STEP(f, d, &x, &y, cx, cy);                                                                     \
            zx[n] = (double)x, zy[n] = (double)y;                                                           \
            if (MAG2(x, y) > b2) return n;                                                                  \
        }                                                                                                   \
        return max + 1;                                                                                     \
    }
ORACLE_ORBIT(oracle_orbit_f, float, fr_step_f, fr_mag2_f)
ORACLE_ORBIT(oracle_orbit_d, double, fr_step_d, fr_mag2_d)

/* The oracle's histogram of a scene: the samples drawn as every backend
 * draws them (fr_buddha_sample; the mirror of a conjugate pair iterated as
 * an orbit of its own), each orbit's points added at fr_buddha_pixel. */
static uint64_t *oracle(const fr_buddha_params *p, uint64_t *hits)
{
    fr_buddha_job j;
    fr_buddha_job_init(&j, p);
    double *cdf = NULL;
    uint32_t *wt = NULL;
    if (j.sampling == FR_BS_IMPORTANCE) assert_int_equal(fr_buddha_importance_map(NULL, &j, 0, &cdf, &wt), FR_OK);
    uint32_t max = 0;
    for (int k = 0; k < p->channels; k++) max = p->band[k].max_iter > max ? p->band[k].max_iter : max;
    fr_escape_params e;
    fr_escape_params_default(&e, p->formula);
    e.power = p->power, e.julia_re = p->julia_re, e.julia_im = p->julia_im;
    e.max_iter = max, e.bailout = p->bailout, e.precision = p->precision;
    const size_t plane = (size_t)p->width * p->height;
    uint64_t *h = calloc(plane * p->channels, sizeof *h);
    double *zx = malloc((max + 2) * sizeof *zx), *zy = malloc((max + 2) * sizeof *zy);
    assert_true(h && zx && zy);
    *hits = 0;
    for (uint64_t i = 0; i < p->samples; i++) {
        double cr, ci;
        uint32_t w = fr_buddha_sample(&j, i, &cr, &ci);
        for (int m = 0; m <= j.paired; m++) {
            double sy = m ? -ci : ci;
            uint32_t esc = p->precision == FR_F32 ? oracle_orbit_f(p, max, cr, sy, zx, zy)
                                                  : oracle_orbit_d(p, max, cr, sy, zx, zy);
            /* escape time's count of the same point: the escape index, or
             * max for an orbit that escapes at max or never */
            uint32_t count = fr_escape_count(&e, cr, sy);
            if (count != (esc < max ? esc : max))
                fail_msg("sample %llu (%.17g, %.17g): escape index %u, escape time's count %u",
                         (unsigned long long)i, cr, sy, esc, count);
            for (int k = 0; k < p->channels; k++) {
                uint32_t len;
                if (p->anti) len = esc > p->band[k].max_iter ? p->band[k].max_iter : 0;
                else len = esc >= p->band[k].min_iter && esc <= p->band[k].max_iter ? esc : 0;
                for (uint32_t n = 1; n <= len; n++) {
                    int64_t px = fr_buddha_pixel(&j, zx[n], zy[n]);
                    if (px >= 0) h[k * plane + (size_t)px] += w, *hits += 1;
                }
            }
        }
    }
    free(zx), free(zy), free(cdf), free(wt);
    return h;
}

static uint64_t *render_cpu(const fr_buddha_params *p, int threads, fr_cpu_kernel kernel, fr_buddha_stats *st)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    assert_int_equal(fr_context_set_threads(ctx, threads), FR_OK);
    assert_int_equal(fr_context_set_cpu_kernel(ctx, kernel), FR_OK);
    fr_buddha_hist h;
    assert_int_equal(fr_buddha_hist_alloc(ctx, &h, p->width, p->height, p->channels), FR_OK);
    if (fr_buddha_render(ctx, p, &h, st)) fail_msg("render: %s", fr_last_error(ctx));
    assert_int_equal(h.samples, p->samples);
    fr_context_destroy(ctx);
    return h.counts;
}

static void test_formulas_equal_oracle(void **state)
{
    for (int k = 0;; k++) {
        buddha_case c = fr_test_buddha_formula_case(k);
        if (!c.name) break;
        assert_int_equal(fr_buddha_params_validate(NULL, &c.p), FR_OK);
        uint64_t hits = 0;
        uint64_t *want = oracle(&c.p, &hits);
        fr_buddha_counters rc = {0, 0, 0};
        uint64_t *ref = fr_test_buddha_reference(&c.p, &rc);
        char what[200];
        snprintf(what, sizeof what, "%s: reference", c.name);
        fr_test_assert_same_hist(want, ref, &c.p, what);
        free(ref);
        /* The increments the histogram got (the weights aside: importance
         * sampling's are integers > 1). */
        if (c.p.sampling != FR_SAMPLING_IMPORTANCE) assert_int_equal(rc.hits, hits);
        uint64_t iterations = 0;
        int kernels = fr_cpu_kernel_best() == FR_CPU_KERNEL_AVX2 ? 2 : 1;
        for (int kn = 0; kn < kernels; kn++)
            for (int threads = 1; threads <= 3; threads += 2) {
                fr_cpu_kernel kernel = kn ? FR_CPU_KERNEL_AVX2 : FR_CPU_KERNEL_SCALAR;
                fr_buddha_stats st;
                uint64_t *h = render_cpu(&c.p, threads, kernel, &st);
                snprintf(what, sizeof what, "%s: %s kernel, %d thread(s)", c.name, fr_cpu_kernel_name(kernel), threads);
                fr_test_assert_same_hist(want, h, &c.p, what);
                assert_int_equal(st.hits, rc.hits);
                assert_int_equal(st.orbits, rc.orbits);
                if (!iterations) iterations = st.iterations;
                assert_int_equal(st.iterations, iterations);
                free(h);
            }
        /* Without cycle detection and the interior test: the same counts. */
        fr_buddha_params q = c.p;
        q.periodicity = 0, q.interior_test = 0;
        fr_buddha_stats st;
        uint64_t *h = render_cpu(&q, 2, FR_CPU_KERNEL_AUTO, &st);
        snprintf(what, sizeof what, "%s: no speed tricks", c.name);
        fr_test_assert_same_hist(want, h, &q, what);
        free(h), free(want);
    }
}

/* The orbit of conj(c) (conj(z_0) for Julia) against the orbit of c, step
 * by step: 1 when every iterate is the exact mirror (up to the sign of a
 * zero), for `steps` steps or until escape. */
static int mirrored(const fr_buddha_params *p, double re, double im, int steps)
{
    const int f = escape_step_of(p), d = p->power;
    double x = 0, y = 0, cx = re, cy = im, u = 0, v = 0, cu = re, cv = -im;
    if (p->formula == FR_JULIA) x = u = re, y = im, v = -im, cx = cu = p->julia_re, cy = cv = p->julia_im;
    for (int n = 0; n < steps && fr_mag2_d(x, y) <= 4; n++) {
        fr_step_d(f, d, &x, &y, cx, cy);
        fr_step_d(f, d, &u, &v, cu, cv);
        if (!(x == u && y == -v)) return 0;
    }
    return 1;
}

/* Conjugate pairs only where the map commutes with conjugation exactly.
 * Burning Ship does not: its y' = 2|x||y| + Im c, and the orbits of c and
 * conj(c) differ from the second step on (with different escape counts
 * for about 44 % of the points of [-2, 2]^2): its set is not symmetric
 * about the real axis. */
static void test_symmetry(void **state)
{
    static const struct {
        fr_formula f;
        int power;
        double jre, jim;
        int symmetric;
    } maps[] = {
        {FR_MANDELBROT, 3, 0, 0, 1}, {FR_TRICORN, 3, 0, 0, 1},  {FR_MULTIBROT, 3, 0, 0, 1},
        {FR_MULTIBROT, 2, 0, 0, 1},  {FR_MULTIBROT, 7, 0, 0, 1}, {FR_JULIA, 3, -1, 0, 1},
        {FR_JULIA, 3, -0.4, 0.6, 0}, {FR_BURNINGSHIP, 3, 0, 0, 0},
    };
    for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
        fr_buddha_params p;
        fr_buddha_params_default(&p, 0, 0);
        p.formula = maps[m].f, p.power = maps[m].power, p.julia_re = maps[m].jre, p.julia_im = maps[m].jim;
        double r[4];
        fr_buddha_region(&p, r);
        /* every formula's own region is symmetric but Burning Ship's */
        assert_int_equal(r[2] == -r[3], maps[m].f != FR_BURNINGSHIP);
        p.region[0] = -2, p.region[1] = 2, p.region[2] = -2, p.region[3] = 2;
        assert_int_equal(fr_buddha_paired(&p), maps[m].symmetric);
        p.symmetry = 0;
        assert_int_equal(fr_buddha_paired(&p), 0);
        /* numerically: 40000 points of [-2, 2]^2, 200 steps */
        int exact = 0, counts_differ = 0;
        fr_escape_params e;
        fr_escape_params_default(&e, p.formula);
        e.power = p.power, e.julia_re = p.julia_re, e.julia_im = p.julia_im, e.max_iter = 200, e.bailout = 2;
        e.precision = FR_F64;
        for (int a = 0; a < 200; a++)
            for (int b = 0; b < 200; b++) {
                double re = -2 + 4 * (a + 0.31) / 200, im = -2 + 4 * (b + 0.57) / 200;
                exact += mirrored(&p, re, im, 200);
                counts_differ += fr_escape_count(&e, re, im) != fr_escape_count(&e, re, -im);
            }
        if (maps[m].symmetric) {
            assert_int_equal(exact, 40000);
            assert_int_equal(counts_differ, 0);
        } else {
            assert_true(exact < 40000);
            if (maps[m].f == FR_BURNINGSHIP) assert_true(counts_differ > 10000);
        }
    }
    /* Burning Ship's smallest example: c = 0.25 - 0.5i escapes at a
     * different step from its mirror. */
    fr_escape_params e;
    fr_escape_params_default(&e, FR_BURNINGSHIP);
    e.max_iter = 100, e.bailout = 2, e.precision = FR_F64;
    assert_int_not_equal(fr_escape_count(&e, 0.25, -0.5), fr_escape_count(&e, 0.25, 0.5));
}

/* The cardioid / bulb test only for z^2 + c; each formula's own region;
 * an explicit region kept. */
static void test_interior_and_region(void **state)
{
    static const fr_formula fs[] = {FR_MANDELBROT, FR_JULIA, FR_BURNINGSHIP, FR_TRICORN, FR_MULTIBROT};
    static const double boxes[][4] = {
        {-2, 0.5, -1.125, 1.125}, {-2, 2, -2, 2}, {-2, 1.25, -1.75, 0.5}, {-2, 1.125, -1.75, 1.75}, {-1.5, 1.5, -1.5, 1.5},
    };
    for (int i = 0; i < 5; i++)
        for (int d = 2; d <= 3; d++) {
            fr_buddha_params p;
            fr_buddha_params_default(&p, 0, 0);
            p.formula = fs[i], p.power = d;
            fr_buddha_job j;
            fr_buddha_job_init(&j, &p);
            int mandel = fs[i] == FR_MANDELBROT || (fs[i] == FR_MULTIBROT && d == 2);
            assert_int_equal(j.interior_test, mandel);
            assert_int_equal(j.julia, fs[i] == FR_JULIA);
            double r[4];
            fr_buddha_region(&p, r);
            const double *want = mandel ? boxes[0] : boxes[i];
            assert_memory_equal(r, want, sizeof r);
            assert_true(j.re0 == want[0] && j.re1 == want[1] && j.im1 == want[3]);
            p.anti = 1;
            fr_buddha_job_init(&j, &p);
            assert_int_equal(j.interior_test, 0);
        }
    /* Every formula's box holds its set: a point outside it never stays
     * bounded (samples on the box's edge and just outside escape). */
    for (int i = 0; i < 5; i++) {
        fr_escape_params e;
        fr_escape_params_default(&e, fs[i]);
        e.power = 3, e.max_iter = 2000, e.bailout = 2, e.precision = FR_F64, e.julia_re = -0.4, e.julia_im = 0.6;
        fr_buddha_params p;
        fr_buddha_params_default(&p, 0, 0);
        p.formula = fs[i], p.power = 3;
        double r[4];
        fr_buddha_region(&p, r);
        for (int t = 0; t < 4000; t++) {
            double s = t / 4000.0, re, im;
            switch (t % 4) {
            case 0: re = r[0] + s * (r[1] - r[0]), im = r[2] - 1e-9; break;
            case 1: re = r[0] + s * (r[1] - r[0]), im = r[3] + 1e-9; break;
            case 2: re = r[0] - 1e-9, im = r[2] + s * (r[3] - r[2]); break;
            default: re = r[1] + 1e-9, im = r[2] + s * (r[3] - r[2]); break;
            }
            if (fr_escape_count(&e, re, im) >= e.max_iter)
                fail_msg("formula %d: (%.9g, %.9g) outside its region stays bounded", (int)fs[i], re, im);
        }
    }
    fr_context *ctx = fr_context_create();
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 0);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "formula", "julia"), FR_OK);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "region", "-1,1,-0.5,0.5"), FR_OK);
    double r[4];
    fr_buddha_region(&p, r);
    assert_true(r[0] == -1 && r[1] == 1 && r[2] == -0.5 && r[3] == 0.5);
    char *v;
    assert_int_equal(fr_buddha_param_get(ctx, &p, "region", &v), FR_OK);
    assert_string_equal(v, "-1,1,-0.5,0.5");
    free(v);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "region", "auto"), FR_OK);
    assert_int_equal(fr_buddha_param_get(ctx, &p, "region", &v), FR_OK);
    assert_string_equal(v, "auto");
    free(v);
    fr_buddha_region(&p, r);
    assert_true(r[0] == -2 && r[1] == 2 && r[2] == -2 && r[3] == 2);
    fr_context_destroy(ctx);
}

/* formula, c and power are rows of the table: set by name, checked, and
 * written to and read from scenes. */
static void test_params(void **state)
{
    fr_context *ctx = fr_context_create();
    fr_buddha_params p;
    fr_buddha_params_default(&p, 1, 0);
    assert_int_equal(p.formula, FR_MANDELBROT);
    assert_int_equal(p.power, 3);
    assert_true(p.julia_re == -0.8 && p.julia_im == 0.156);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "formula", "burningship"), FR_OK);
    assert_int_equal(p.formula, FR_BURNINGSHIP);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "formula", "Multibrot"), FR_OK);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "power", "5"), FR_OK);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "c", "-0.4,0.6"), FR_OK);
    assert_true(p.julia_re == -0.4 && p.julia_im == 0.6);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "formula", "newton"), FR_ERR_INVALID);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "power", "1"), FR_ERR_INVALID);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "power", "65"), FR_ERR_INVALID);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "c", "1"), FR_ERR_INVALID);
    assert_int_equal(fr_buddha_param_set(ctx, &p, "region", "auto,1"), FR_ERR_INVALID);
    char *json;
    assert_int_equal(fr_buddha_params_to_json(ctx, &p, &json), FR_OK);
    assert_non_null(strstr(json, "\"formula\": \"multibrot\""));
    assert_non_null(strstr(json, "\"power\": 5"));
    assert_non_null(strstr(json, "\"region\": \"auto\""));
    fr_buddha_params q;
    fr_buddha_params_default(&q, 0, 0);
    assert_int_equal(fr_buddha_params_from_json(ctx, json, &q), FR_OK);
    assert_memory_equal(&p, &q, sizeof p);
    free(json);
    /* a scene without the keys (written before them) is the z^2 + c one,
     * its region kept */
    fr_buddha_params_default(&q, 0, 0);
    assert_int_equal(fr_buddha_params_from_json(ctx, "{\"fractalis\": \"buddhabrot\", \"region\": \"-2,0.5,-1,1\"}", &q),
                     FR_OK);
    assert_int_equal(q.formula, FR_MANDELBROT);
    assert_true(q.region[0] == -2 && q.region[1] == 0.5 && q.region[2] == -1 && q.region[3] == 1);
    /* a struct filled by hand: the formula is range-checked */
    q.formula = (fr_formula)9;
    assert_int_equal(fr_buddha_params_validate(ctx, &q), FR_ERR_INVALID);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formulas_equal_oracle),
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_interior_and_region),
        cmocka_unit_test(test_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
