/* The CPU's batched chaos game (src/cpu/flame_simd.c, kernel AVX2) against
 * the scalar walker (kernel SCALAR, the reference): for a genome of each of
 * the 99 variations, the corpus genomes, temporal samples with motion blur,
 * a genome with xaos, a final xform of opacity 0.5, an invisible xform
 * and bad values, and genomes with Ember's 3D camera, the batched render is within the scalar path's own
 * seed-to-seed noise (PSNR(simd seed 3, scalar seed 1) at most 1 dB below
 * PSNR(scalar seed 2, scalar seed 1), or the batched render of seed 1 at
 * least as close to the scalar one as seed 2 is), and the same seed gives
 * the same buckets on 1 and 2 threads. With the same seed the two paths
 * draw the same random numbers in the same order, so where the genome
 * contracts (most do) they plot the same buckets: that PSNR is printed
 * too. The variation genomes move every parameter off flam3's default
 * (several variations are the identity at their defaults).
 * Exits with the skip code 77 on a processor without AVX2 and FMA. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fractalis.h"
#include "flame/flame_variations.h"
#include "flame_support.h"

#define MARGIN_DB 1.0

/* Unoptimised or sanitizer builds (the CI's ASan + UBSan run) check the
 * batch's machinery on fewer and smaller renders: every 7th variation,
 * smaller corpus renders, a third of the quality. The optimised build
 * checks them all. */
#if !defined(__OPTIMIZE__) || defined(__SANITIZE_ADDRESS__)
#define LIGHT 1
#else
#define LIGHT 0
#endif
/* Quality q, a third of it in the light builds (whose renders are scalar
 * anyway: nothing vectorises unoptimised, so the same seed renders the same
 * image on both paths). */
#define Q(q) (LIGHT ? (q) / 3.0 : (q))

static const flame_setup scalar = {.kernel = FR_CPU_KERNEL_SCALAR};
static const flame_setup simd = {.kernel = FR_CPU_KERNEL_AVX2};

/* The same buckets (raw buffers), statistics and image from setups x and y
 * (seed o.seed); x's statistics into *sx. */
static int same_render(const flame_setup *x, const flame_setup *y, const char *path, int index, fr_flame_options o,
                       fr_flame_stats *sx)
{
    fr_image a, b;
    fr_flame_raw ra, rb;
    fr_flame_stats sb;
    char err[512];
    if (flame_render_with(x, path, index, &o, &a, &ra, sx, err, sizeof err)) fail_msg("%s", err);
    if (flame_render_with(y, path, index, &o, &b, &rb, &sb, err, sizeof err)) fail_msg("%s", err);
    const size_t n = (size_t)ra.width * ra.height * FR_FLAME_RAW_CHANNELS;
    int same = ra.width == rb.width && ra.height == rb.height &&
               !memcmp(ra.buckets, rb.buckets, n * sizeof *ra.buckets) && sx->iterations == sb.iterations &&
               sx->bad_values == sb.bad_values && isinf(flame_psnr(&a, &b));
    fr_image_free(&a), fr_image_free(&b), fr_flame_raw_free(&ra), fr_flame_raw_free(&rb);
    return same;
}

/* The same buckets from the batched path on 1 and 2 threads. */
static int threads_agree(const char *path, int index, fr_flame_options o)
{
    flame_setup one = simd, two = simd;
    one.threads = 1, two.threads = 2;
    fr_flame_stats st;
    o.seed = 5;
    return same_render(&one, &two, path, index, o, &st);
}

/* Scalar seeds 1 and 2 against the batched path (seed 3, and seed 1); the
 * shortfall in dB (<= MARGIN_DB passes). */
static double simd_vs_scalar(const char *path, int index, fr_flame_options o, const char *what)
{
    fr_image c1, c2, v3, v1;
    fr_flame_stats s1, w1;
    char err[512];
    o.seed = 1;
    if (flame_render_with(&scalar, path, index, &o, &c1, NULL, &s1, err, sizeof err)) fail_msg("%s: %s", what, err);
    o.seed = 2;
    flame_render_ok(&scalar, path, index, &o, &c2);
    o.seed = 3;
    flame_render_ok(&simd, path, index, &o, &v3);
    o.seed = 1;
    if (flame_render_with(&simd, path, index, &o, &v1, NULL, &w1, err, sizeof err)) fail_msg("%s: %s", what, err);
    const double noise = flame_psnr(&c1, &c2), vec = flame_psnr(&c1, &v3), same = flame_psnr(&c1, &v1);
    /* the gap of the other seed; or, when the same seed is closer than the
     * scalar path's two seeds (nearly deterministic genomes, whose PSNR
     * swings by a dB from seed to seed), none */
    double gap = isinf(noise) ? (isinf(vec) ? 0 : 99) : noise - vec;
    if (same >= noise && gap > 0) gap = 0;
    printf("%-38s scalar-scalar %7.2f dB  simd-scalar %7.2f dB  gap %+6.2f  same seed %7.2f dB  bad %.2g%% / %.2g%%\n",
           what, noise, vec, gap, same, 100.0 * s1.bad_values / (double)s1.iterations,
           100.0 * w1.bad_values / (double)w1.iterations);
    fr_image_free(&c1), fr_image_free(&c2), fr_image_free(&v3), fr_image_free(&v1);
    return gap;
}

static void test_every_variation(void **state)
{
    (void)state;
    char path[4096];
    flame_tmp_path(path, sizeof path, "simd_variations.flam3");
    flame_write_variation_genomes(path, 1);
    int bad = 0, split = 0;
    for (int v = 0; v < FR_FLAME_NVAR; v += LIGHT ? 7 : 1) {
        const fr_flame_options o = {.quality = Q(200)};
        if (simd_vs_scalar(path, v, o, fr_flame_vars[v].name) > MARGIN_DB) bad++;
        const fr_flame_options t = {.quality = Q(100)};
        if (!threads_agree(path, v, t)) {
            printf("%s: 1 and 2 threads differ\n", fr_flame_vars[v].name);
            split++;
        }
    }
    remove(path);
    if (bad) fail_msg("%d of %d variations differ from the scalar render beyond the noise", bad, FR_FLAME_NVAR);
    if (split) fail_msg("%d of %d variations render differently on 1 and 2 threads", split, FR_FLAME_NVAR);
}

/* One corpus genome: counts[0] beyond the noise, counts[1] thread split. */
static void corpus_genome(const char *path, const char *name, void *user)
{
    int *counts = user;
    const fr_flame_options o = {.width = LIGHT ? 128 : 256, .quality = Q(200)};
    if (simd_vs_scalar(path, 0, o, name) > MARGIN_DB) counts[0]++;
    const fr_flame_options t = {.width = LIGHT ? 96 : 160, .quality = Q(50)};
    if (!threads_agree(path, 0, t)) {
        printf("%s: 1 and 2 threads differ\n", name);
        counts[1]++;
    }
}

static void test_corpus(void **state)
{
    (void)state;
    int counts[2] = {0, 0};
    const int n = flame_each_corpus_genome(corpus_genome, counts);
    if (n < 0) {
        fail_msg("the flame corpus (FR_SHARED/corpus/flames) is not here");
    }
    assert_true(n > 0);
    const int bad = counts[0], split = counts[1];
    if (bad) fail_msg("%d of %d corpus genomes differ from the scalar render beyond the noise", bad, n);
    if (split) fail_msg("%d of %d corpus genomes render differently on 1 and 2 threads", split, n);
}

/* Several jobs a pass (temporal samples, motion blur): the batches are cut
 * at the jobs' walker segments. */
static void test_temporal_samples(void **state)
{
    (void)state;
    char path[4096];
    flame_tmp_path(path, sizeof path, "simd_motion.flam3");
    flame_write_motion_genomes(path);
    const fr_flame_options m = {.quality = Q(200), .motion_blur = 1};
    assert_true(simd_vs_scalar(path, 0, m, "motion blur") <= MARGIN_DB);
    assert_true(simd_vs_scalar(path, 1, m, "exp temporal samples") <= MARGIN_DB);
    const fr_flame_options d = {.quality = Q(200)};
    assert_true(simd_vs_scalar(path, 0, d, "gaussian passes, motion ignored") <= MARGIN_DB);
    const fr_flame_options t = {.quality = Q(60), .motion_blur = 1};
    assert_true(threads_agree(path, 0, t));
    assert_true(threads_agree(path, 1, t));
    remove(path);
}

/* A genome file at path: `body` (the <flame> element's opening tag and its
 * xforms), then a 256-entry palette (i, i * mul mod 256, 255 - i). */
static void write_genome(const char *path, const char *body, int mul)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "<flames>%s", body);
    for (int i = 0; i < 256; i++)
        fprintf(f, "<color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, i, (i * mul) % 256, 255 - i);
    fprintf(f, "</flame></flames>\n");
    fclose(f);
}

/* xaos rows, a final xform applied with probability 0.5 (a draw a plotted
 * sample), an invisible xform (opacity 0: no plot, no final), pre_blur, and
 * an xform that blows points up (bad values, retried on the scalar walker):
 * the same noise, bad values as often as on the scalar path. */
static void test_final_xaos_bad_values(void **state)
{
    (void)state;
    char path[4096];
    flame_tmp_path(path, sizeof path, "simd_special.flam3");
    write_genome(
        path,
        "<flame name=\"special\" size=\"128 96\" scale=\"30\" quality=\"50\" brightness=\"4\" "
        "gamma=\"3\" estimator_radius=\"4\" estimator_minimum=\"0\" estimator_curve=\"0.5\">\n"
        "<xform weight=\"0.5\" color=\"0\" julia=\"0.7\" pre_blur=\"0.1\" coefs=\"0.8 0.1 -0.1 0.7 0.2 0.1\" "
        "chaos=\"1 2 1 1\"/>\n"
        "<xform weight=\"0.3\" color=\"0.6\" spherical=\"0.6\" coefs=\"0.5 -0.3 0.3 0.5 -0.4 0.2\" "
        "chaos=\"2 0.5 1 1\"/>\n"
        "<xform weight=\"0.15\" color=\"1\" opacity=\"0\" linear=\"0.9\" coefs=\"0.6 0.2 -0.2 0.6 0.3 "
        "-0.3\"/>\n"
        "<xform weight=\"0.05\" color=\"0.3\" linear=\"1\" coefs=\"3e5 0 0 3e5 0 0\"/>\n"
        "<finalxform color=\"0.5\" opacity=\"0.5\" swirl=\"0.3\" linear=\"0.7\" coefs=\"1 0 0 1 0 0\"/>\n",
        11);
    const fr_flame_options o = {.quality = Q(400)};
    assert_true(simd_vs_scalar(path, 0, o, "xaos, final 0.5, opacity 0, bad") <= MARGIN_DB);
    fr_flame_stats a, b;
    fr_image ia, ib;
    char err[512];
    if (flame_render_with(&scalar, path, 0, &o, &ia, NULL, &a, err, sizeof err)) fail_msg("%s", err);
    if (flame_render_with(&simd, path, 0, &o, &ib, NULL, &b, err, sizeof err)) fail_msg("%s", err);
    printf("bad values: scalar %llu, simd %llu of %llu / %llu iterations\n", (unsigned long long)a.bad_values,
           (unsigned long long)b.bad_values, (unsigned long long)a.iterations,
           (unsigned long long)b.iterations);
    assert_true(a.bad_values > 1000);
    assert_true(fabs((double)b.bad_values - (double)a.bad_values) <= 0.05 * (double)a.bad_values);
    assert_true(fabs((double)b.iterations - (double)a.iterations) <= 0.01 * (double)a.iterations);
    fr_image_free(&ia), fr_image_free(&ib);
    const fr_flame_options t = {.quality = Q(100)};
    assert_true(threads_agree(path, 0, t));
    remove(path);
}

/* Flames of at most four plain affine xforms (the lanes-in-place path,
 * affine_step): no transcendental function, so the same seed gives the
 * scalar walker's buckets exactly, with xaos, an invisible xform, an
 * xform that blows points up (bad values, retried on the scalar walker),
 * a rotated camera, and a Sierpinski triangle (as the corpus's). */
static int same_as_scalar(const char *path, int index, fr_flame_options o, int want_bad)
{
    fr_flame_stats st;
    o.seed = 7;
    const int same = same_render(&scalar, &simd, path, index, o, &st);
    printf("affine: iterations %llu, bad values %llu, same buckets as the scalar walker %d\n",
           (unsigned long long)st.iterations, (unsigned long long)st.bad_values, same);
    return same && (!want_bad || st.bad_values > 0);
}

static void test_affine_exact(void **state)
{
    (void)state;
    char path[4096];
    flame_tmp_path(path, sizeof path, "simd_affine.flam3");
    write_genome(
        path,
        "<flame name=\"affine\" size=\"120 90\" scale=\"40\" rotate=\"17\" quality=\"50\" "
        "palette_mode=\"linear\">\n"
        "<xform weight=\"0.5\" color=\"0\" linear=\"0.9\" coefs=\"0.5 0.1 -0.1 0.5 0.2 0.1\" "
        "chaos=\"1 2 1 1\"/>\n"
        "<xform weight=\"0.3\" color=\"0.6\" color_speed=\"0.3\" linear=\"1\" "
        "coefs=\"0.5 -0.3 0.3 0.5 -0.4 0.2\" chaos=\"2 0.5 1 1\"/>\n"
        "<xform weight=\"0.15\" color=\"1\" opacity=\"0\" linear=\"0.9\" coefs=\"0.6 0.2 -0.2 0.6 0.3 "
        "-0.3\"/>\n"
        "<xform weight=\"0.05\" color=\"0.3\" linear=\"1\" coefs=\"3e5 0 0 3e5 0 0\"/>\n",
        7);
    const fr_flame_options o = {.quality = Q(200)};
    assert_true(same_as_scalar(path, 0, o, 1));
    /* the Sierpinski triangle (as the corpus's sierpinski.flame): three
     * xforms, no xaos, step palette */
    char body[1024];
    int len = snprintf(body, sizeof body, "%s",
                       "<flame name=\"sierpinski\" size=\"160 160\" scale=\"80\" center=\"0.5 0.5\" "
                       "quality=\"50\">\n");
    for (int k = 0; k < 3; k++)
        len += snprintf(body + len, sizeof body - (size_t)len,
                        "<xform weight=\"1\" color=\"%g\" linear=\"1\" coefs=\"0.5 0 0 0.5 %g %g\"/>\n",
                        k * 0.5, k == 1 ? 0.5 : 0.0, k == 2 ? 0.5 : 0.0);
    write_genome(path, body, 3);
    assert_true(same_as_scalar(path, 0, o, 0));
    remove(path);
}

/* Ember's 3D camera (pitch, yaw, zpos, perspective, depth of field):
 * plain affine xforms give the scalar walker's buckets exactly (the
 * projection and its two draws come in the same order on both paths), and
 * a genome with a final xform of opacity 0.5 (lanes that take it and lanes
 * that do not) stays within the scalar path's noise; the camera moves the
 * image (it differs from the render without it). */
static void test_camera(void **state)
{
    (void)state;
    char path[4096];
    flame_tmp_path(path, sizeof path, "simd_camera.flam3");
    static const char cam[] = "cam_pitch=\"0.6\" cam_yaw=\"-0.4\" cam_zpos=\"0.3\" cam_persp=\"0.35\" "
                              "cam_dof=\"0.2\" blur_curve=\"0.5\"";
    char body[2048];
    snprintf(body, sizeof body,
             "<flame name=\"camera\" size=\"120 90\" scale=\"40\" rotate=\"17\" quality=\"50\" %s>\n"
             "<xform weight=\"0.5\" color=\"0\" linear=\"0.9\" coefs=\"0.5 0.1 -0.1 0.5 0.2 0.1\"/>\n"
             "<xform weight=\"0.3\" color=\"0.6\" linear=\"1\" coefs=\"0.5 -0.3 0.3 0.5 -0.4 0.2\"/>\n"
             "<xform weight=\"0.2\" color=\"1\" linear=\"1\" coefs=\"0.6 0.2 -0.2 0.6 0.3 -0.3\"/>\n",
             cam);
    write_genome(path, body, 7);
    const fr_flame_options o = {.quality = Q(200)};
    assert_true(same_as_scalar(path, 0, o, 0));
    snprintf(body, sizeof body,
             "<flame name=\"camera final\" size=\"128 96\" scale=\"30\" quality=\"50\" %s>\n"
             "<xform weight=\"0.5\" color=\"0\" julia=\"0.7\" coefs=\"0.8 0.1 -0.1 0.7 0.2 0.1\"/>\n"
             "<xform weight=\"0.5\" color=\"0.6\" spherical=\"0.6\" coefs=\"0.5 -0.3 0.3 0.5 -0.4 0.2\"/>\n"
             "<finalxform color=\"0.5\" opacity=\"0.5\" swirl=\"0.3\" linear=\"0.7\" coefs=\"1 0 0 1 0 0\"/>\n",
             cam);
    write_genome(path, body, 11);
    assert_true(simd_vs_scalar(path, 0, o, "3D camera, depth of field, final 0.5") <= MARGIN_DB);
    /* without the camera: another image */
    fr_image a, b;
    fr_flame_options s = o;
    s.seed = 1;
    flame_render_ok(&scalar, path, 0, &s, &a);
    snprintf(body, sizeof body,
             "<flame name=\"camera final\" size=\"128 96\" scale=\"30\" quality=\"50\">\n"
             "<xform weight=\"0.5\" color=\"0\" julia=\"0.7\" coefs=\"0.8 0.1 -0.1 0.7 0.2 0.1\"/>\n"
             "<xform weight=\"0.5\" color=\"0.6\" spherical=\"0.6\" coefs=\"0.5 -0.3 0.3 0.5 -0.4 0.2\"/>\n"
             "<finalxform color=\"0.5\" opacity=\"0.5\" swirl=\"0.3\" linear=\"0.7\" coefs=\"1 0 0 1 0 0\"/>\n");
    write_genome(path, body, 11);
    flame_render_ok(&scalar, path, 0, &s, &b);
    const double db = flame_psnr(&a, &b);
    printf("camera against none: %.2f dB\n", db);
    assert_true(db < 25.0);
    fr_image_free(&a), fr_image_free(&b);
    remove(path);
}

/* An argument runs only the tests whose names match it (cmocka's filter). */
int main(int argc, char **argv)
{
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    if (fr_cpu_kernel_best() != FR_CPU_KERNEL_AVX2) {
        printf("skipped: this processor has no AVX2 and FMA (the batched chaos game does not run)\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_final_xaos_bad_values),
        cmocka_unit_test(test_affine_exact),
        cmocka_unit_test(test_camera),
        cmocka_unit_test(test_temporal_samples),
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_every_variation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
