/* GPU flames (ctest label gpu): the CUDA backend renders every corpus
 * genome and a genome for each variation as the CPU backend
 * does, and two genomes of Ember's variations (regular, pre_ and post_),
 * within the CPU's own seed-to-seed noise (the GPU's mean PSNR against
 * three CPU seeds at most 1 dB below the mean PSNR of the CPU pairs,
 * gpu_vs_cpu_seeds); the same seed gives the
 * same image; 16 bits, earlyclip and transparency follow the CPU; temporal
 * samples (several jobs in one launch) and motion blur too; a frame over
 * the device-memory cap renders in strips (automatic or forced) like the
 * CPU, and like the GPU's unsplit render of the same seed; the raw buffer
 * comes back, the same in strips, with the CPU's statistics; a frame too
 * large for the GPU's memory (strips forced to 1, or even in strips of one
 * row) is a clear error. Exits with the skip code 77 when no CUDA device
 * is present. */
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
#include "gpu_support.h"
#include "flame/flame_variations.h"
#include "flame_support.h"

#define MARGIN_DB 1.0

static fr_status render(const char *device, const char *path, int index, const fr_flame_options *o, fr_image *img,
                        fr_flame_stats *st, char *err, size_t errlen)
{
    const flame_setup su = {.device = device};
    return flame_render_with(&su, path, index, o, img, NULL, st, err, errlen);
}

/* render() with a device-memory cap (0: none) and the raw buffer (may be NULL). */
static fr_status render_capped(const char *device, const char *path, int index, const fr_flame_options *o,
                               uint64_t cap, fr_image *img, fr_flame_raw *raw, fr_flame_stats *st, char *err,
                               size_t errlen)
{
    const flame_setup su = {.device = device, .device_memory = cap};
    return flame_render_with(&su, path, index, o, img, raw, st, err, errlen);
}

static void render_ok(const char *device, const char *path, int index, const fr_flame_options *o, fr_image *img)
{
    const flame_setup su = {.device = device};
    flame_render_ok(&su, path, index, o, img);
}

/* The mean of three PSNRs (an infinite one, equal images, makes it infinite). */
static double mean3(double a, double b, double c) { return (a + b + c) / 3.0; }

/* CPU seeds s, s + 1, s + 2 against the GPU (seed s + 3): the mean PSNR of
 * the GPU's image against each CPU image, against the mean PSNR of the
 * three CPU pairs. Returns the shortfall in dB (<= MARGIN_DB passes).
 * One pair's PSNR is not enough: a seed's render can sit ~1 dB farther
 * from the others than the typical pair (dust: pairs of CPU seeds range
 * 47.8 to 49.5 dB, seed 3 the farthest), and the GPU with seed s renders
 * the CPU's seed-s image where its single-precision sines move no point
 * across a bucket. */
static double gpu_vs_cpu_seeds(const char *path, int index, fr_flame_options o, const char *what, uint32_t s)
{
    fr_image c[3], g;
    for (int k = 0; k < 3; k++) {
        o.seed = s + (uint32_t)k;
        render_ok("cpu", path, index, &o, &c[k]);
    }
    o.seed = s + 3;
    render_ok("cuda", path, index, &o, &g);
    const double noise = mean3(flame_psnr(&c[0], &c[1]), flame_psnr(&c[0], &c[2]), flame_psnr(&c[1], &c[2]));
    const double gpu = mean3(flame_psnr(&c[0], &g), flame_psnr(&c[1], &g), flame_psnr(&c[2], &g));
    double gap = isinf(noise) ? (isinf(gpu) ? 0 : 99) : noise - gpu;
    printf("%-40s cpu-cpu %7.2f dB  gpu-cpu %7.2f dB  gap %+6.2f\n", what, noise, gpu, gap);
    for (int k = 0; k < 3; k++) fr_image_free(&c[k]);
    fr_image_free(&g);
    return gap;
}

/* The shortfall of seeds 1-4 and, when that is beyond the margin, of a
 * second draw (seeds 11-14): the smaller. A GPU that renders something
 * else falls short in both draws by about as much; one draw of noise
 * beyond 1 dB happens (about one in 150 variations), two in a row do not. */
static double gpu_vs_cpu(const char *path, int index, fr_flame_options o, const char *what)
{
    const double gap = gpu_vs_cpu_seeds(path, index, o, what, 1);
    if (gap <= MARGIN_DB) return gap;
    const double again = gpu_vs_cpu_seeds(path, index, o, what, 11);
    return again < gap ? again : gap;
}

/* One corpus genome: *user counts those beyond the noise. */
static void corpus_genome(const char *path, const char *name, void *user)
{
    fr_flame_options o = {.width = 256, .quality = 200};
    if (gpu_vs_cpu(path, 0, o, name) > MARGIN_DB) ++*(int *)user;
}

static void test_corpus_matches_cpu(void **state)
{
    (void)state;
    int bad = 0;
    const int n = flame_each_corpus_genome(corpus_genome, &bad);
    if (n < 0) {
        fail_msg("the flame corpus (FR_SHARED/corpus/flames) is not here");
    }
    assert_true(n > 0);
    if (bad) fail_msg("%d of %d corpus genomes differ from the CPU render beyond the noise", bad, n);
}

/* The variations of one quarter of the registry (part 0 .. 3): ctest runs
 * the quarters as four tests side by side (test_gpu_flame_variations_K),
 * each within a device call's time. */
#define VARIATION_PARTS 4
static void every_variation_part(int part)
{
    char path[4096], name[64];
    snprintf(name, sizeof name, "gpu_variations_%d.flam3", part);
    flame_tmp_path(path, sizeof path, name);
    flame_write_variation_genomes(path, 0);
    const int lo = FR_FLAME_NVAR * part / VARIATION_PARTS, hi = FR_FLAME_NVAR * (part + 1) / VARIATION_PARTS;
    int bad = 0;
    /* the built-in kernel of every variation (a kernel built for each of
     * these genomes would take minutes of NVRTC; test_gpu_flame_jit
     * builds every variation and renders genomes of rare ones with it) */
    setenv("FRACTALIS_FLAME_JIT", "0", 1);
    for (int v = lo; v < hi; v++) {
        fr_flame_options o = {.quality = 200};
        if (gpu_vs_cpu(path, v, o, fr_flame_vars[v].name) > MARGIN_DB) bad++;
    }
    unsetenv("FRACTALIS_FLAME_JIT");
    remove(path);
    if (bad) fail_msg("%d of variations %d .. %d differ from the CPU render beyond the noise", bad, lo, hi - 1);
}

static void test_every_variation_part0(void **state) { (void)state, every_variation_part(0); }
static void test_every_variation_part1(void **state) { (void)state, every_variation_part(1); }
static void test_every_variation_part2(void **state) { (void)state, every_variation_part(2); }
static void test_every_variation_part3(void **state) { (void)state, every_variation_part(3); }

/* Genomes of Ember's variations (falloff2, bwraps, crop, hexes, smartcrop,
 * rotate_*, mirror_x, blurs ..., waves2's z, log_base), regular and as
 * pre_ / post_ forms (the steps of fr_flame_xform_apply_body). */
static void test_ember_variations_match_cpu(void **state)
{
    (void)state;
    const char *const genomes[2] = {flame_ember2_regular_genome, flame_ember2_genome};
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        char path[4096];
        flame_tmp_path(path, sizeof path, k ? "gpu_ember2_prepost.flame" : "gpu_ember2_regular.flame");
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(genomes[k], f);
        fclose(f);
        fr_flame_options o = {.quality = 200};
        if (gpu_vs_cpu(path, 0, o, k ? "ember variations, pre_ / post_" : "ember variations") > MARGIN_DB) bad++;
        remove(path);
    }
    if (bad) fail_msg("%d of 2 genomes of Ember's variations differ from the CPU render beyond the noise", bad);
}

/* Post-processing paths: 16 bits, earlyclip, transparency, supersample. */
static void test_post_paths_match_cpu(void **state)
{
    (void)state;
    char path[4096];
    flame_tmp_path(path, sizeof path, "gpu_post.flam3");
    flame_write_variation_genomes(path, 0);
    const int v = 2; /* spherical */
    fr_flame_options o = {.quality = 200, .depth = 16};
    assert_true(gpu_vs_cpu(path, v, o, "16 bits") <= MARGIN_DB);
    fr_flame_options e = {.quality = 200, .earlyclip = 1};
    assert_true(gpu_vs_cpu(path, v, e, "earlyclip") <= MARGIN_DB);
    fr_flame_options t = {.quality = 200, .transparency = 1};
    assert_true(gpu_vs_cpu(path, v, t, "transparent") <= MARGIN_DB);
    fr_flame_options s = {.quality = 200, .supersample = 3};
    assert_true(gpu_vs_cpu(path, v, s, "supersample 3") <= MARGIN_DB);
    remove(path);
}

/* The same seed renders the same image (hit sums are exact integers in
 * float below 2^24). */
static void test_same_seed_same_image(void **state)
{
    (void)state;
    char path[4096];
    flame_tmp_path(path, sizeof path, "gpu_seed.flam3");
    flame_write_variation_genomes(path, 0);
    fr_flame_options o = {.quality = 500, .seed = 42};
    fr_image a, b;
    render_ok("cuda", path, 13, &o, &a);
    render_ok("cuda", path, 13, &o, &b);
    assert_true(isinf(flame_psnr(&a, &b)));
    fr_image_free(&a), fr_image_free(&b);
    remove(path);
}

/* Temporal samples on the GPU: every sample's job, their walkers mixed in
 * each launch, as on the CPU: motion blur, the passes weighted by a
 * gaussian (motion ignored), exp-weighted temporal samples; the same seed
 * gives the same image. */
static void test_motion_blur_matches_cpu(void **state)
{
    (void)state;
    char path[4096];
    flame_tmp_path(path, sizeof path, "gpu_motion.flam3");
    flame_write_motion_genomes(path);
    fr_flame_options m = {.quality = 200, .motion_blur = 1};
    assert_true(gpu_vs_cpu(path, 0, m, "motion blur") <= MARGIN_DB);
    fr_flame_options d = {.quality = 200};
    assert_true(gpu_vs_cpu(path, 0, d, "gaussian passes, motion ignored") <= MARGIN_DB);
    assert_true(gpu_vs_cpu(path, 1, m, "exp temporal samples") <= MARGIN_DB);
    fr_flame_options o = {.quality = 100, .seed = 9, .motion_blur = 1};
    fr_image a, b;
    render_ok("cuda", path, 0, &o, &a);
    render_ok("cuda", path, 0, &o, &b);
    assert_true(isinf(flame_psnr(&a, &b)));
    fr_image_free(&a), fr_image_free(&b);
    remove(path);
}

/* A frame beyond the GPU's memory is an error that says so: in one piece
 * (strips forced to 1), and automatic when even strips of one row do not
 * fit the device-memory cap. */
static void test_too_large_is_an_error(void **state)
{
    (void)state;
    char path[4096], err[512];
    flame_tmp_path(path, sizeof path, "gpu_big.flam3");
    flame_write_variation_genomes(path, 0);
    fr_flame_options o = {.width = FR_MAX_SIDE, .height = FR_MAX_SIDE, .quality = 0.001, .supersample = 8, .strips = 1};
    fr_image img;
    fr_flame_stats st;
    fr_status s = render("cuda", path, 0, &o, &img, &st, err, sizeof err);
    assert_int_equal(s, FR_ERR_NOMEM);
    assert_non_null(strstr(err, "memory"));
    assert_null(img.pixels);
    fr_flame_options wide = {.width = FR_MAX_SIDE, .height = 16, .quality = 0.001, .supersample = 16};
    s = render_capped("cuda", path, 0, &wide, 16u << 20, &img, NULL, &st, err, sizeof err);
    assert_int_equal(s, FR_ERR_NOMEM);
    assert_non_null(strstr(err, "strips of one row"));
    assert_null(img.pixels);
    remove(path);
}

/* A flame whose every hit lands in one bucket: the GPU's float sums pass
 * 2^24 there (as the dense cores of real flames do), and its integer
 * buckets must still hold exactly 255 a hit, as the CPU's do. Before the
 * per-launch drain the float sums rounded up and such flames came out
 * darker than the CPU's. */
static void test_dense_buckets_exact(void **state)
{
    (void)state;
    char path[4096], err[512];
    flame_tmp_path(path, sizeof path, "gpu_dense.flam3");
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("<flame name=\"dense\" size=\"32 32\" center=\"0 0\" scale=\"10\" estimator_radius=\"0\">\n"
          " <xform weight=\"1\" color=\"0\" linear=\"1\" coefs=\"0 0 0 0 0.2 0.3\"/>\n"
          " <color index=\"0\" rgb=\"255 255 255\"/>\n <color index=\"255\" rgb=\"255 255 255\"/>\n</flame>\n",
          f);
    assert_int_equal(fclose(f), 0);
    const char *devices[2] = {"cpu", "cuda"};
    for (int d = 0; d < 2; d++) {
        fr_flame_options o = {.quality = 3000, .seed = 5};
        fr_image img;
        fr_flame_raw raw;
        fr_flame_stats st;
        if (render_capped(devices[d], path, 0, &o, 0, &img, &raw, &st, err, sizeof err))
            fail_msg("%s: %s", devices[d], err);
        uint64_t sum[FR_FLAME_RAW_CHANNELS] = {0};
        int lit = 0;
        for (size_t i = 0; i < (size_t)raw.width * raw.height; i++) {
            lit += raw.buckets[i * FR_FLAME_RAW_CHANNELS + FR_FLAME_RAW_COUNT] != 0;
            for (int c = 0; c < FR_FLAME_RAW_CHANNELS; c++) sum[c] += raw.buckets[i * FR_FLAME_RAW_CHANNELS + c];
        }
        printf("%s: %llu hits in %d bucket(s), count sum %llu = 255 x %.6f\n", devices[d],
               (unsigned long long)st.plotted, lit, (unsigned long long)sum[FR_FLAME_RAW_COUNT],
               sum[FR_FLAME_RAW_COUNT] / 255.0);
        assert_int_equal(lit, 1);
        /* the pilot launches find the bucket before it passes 2^24: no pass done again */
        assert_int_equal(st.passes_redone, 0);
        assert_true(sum[FR_FLAME_RAW_COUNT] > (1u << 24));
        assert_true(sum[FR_FLAME_RAW_COUNT] == 255 * st.plotted);
        for (int c = 0; c < FR_FLAME_RAW_CHANNELS; c++) assert_true(sum[c] == 255 * st.plotted);
        fr_image_free(&img);
        fr_flame_raw_free(&raw);
    }
    remove(path);
}

/* Largest difference of two images' values (8 bits). */
static int max_diff(const fr_image *a, const fr_image *b)
{
    int d = 0;
    for (size_t i = 0; i < (size_t)a->width * a->height * 4; i++) {
        int x = ((const uint8_t *)a->pixels)[i], y = ((const uint8_t *)b->pixels)[i];
        if (abs(x - y) > d) d = abs(x - y);
    }
    return d;
}

/* Mean squared difference of two raw buffers' count channels. */
static double raw_mse(const fr_flame_raw *a, const fr_flame_raw *b)
{
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    double se = 0;
    const size_t n = (size_t)a->width * a->height;
    for (size_t i = 0; i < n; i++) {
        double d = (double)a->buckets[i * FR_FLAME_RAW_CHANNELS + FR_FLAME_RAW_COUNT] -
                   (double)b->buckets[i * FR_FLAME_RAW_CHANNELS + FR_FLAME_RAW_COUNT];
        se += d * d;
    }
    return se / n;
}

/* A frame over the device-memory cap renders in strips: within the CPU's
 * seed-to-seed noise of the CPU's unsplit render, and (same seed) like the
 * GPU's own unsplit render, seams included; forced strips too. The raw
 * buffer comes back from the GPU, equal in strips and unsplit (integer
 * sums of the same walkers), its counts as close to the CPU's as the
 * CPU's two seeds are to each other. */
static void test_strips_under_a_cap(void **state)
{
    (void)state;
    char path[4096], err[512];
    flame_tmp_path(path, sizeof path, "gpu_strips.flam3");
    flame_write_variation_genomes(path, 0);
    const int v = 2; /* spherical */
    /* 512 x 384, supersample 2: about 57 MiB on the GPU, so 16 MiB takes several strips */
    fr_flame_options o = {.width = 512, .height = 384, .quality = 200, .supersample = 2};
    fr_image c1, c2, whole, capped, forced;
    fr_flame_raw r1, r2, rwhole, rcapped;
    fr_flame_stats st;
    o.seed = 1;
    if (render_capped("cpu", path, v, &o, 0, &c1, &r1, &st, err, sizeof err)) fail_msg("cpu: %s", err);
    o.seed = 2;
    if (render_capped("cpu", path, v, &o, 0, &c2, &r2, &st, err, sizeof err)) fail_msg("cpu: %s", err);
    o.seed = 3;
    if (render_capped("cuda", path, v, &o, 0, &whole, &rwhole, &st, err, sizeof err)) fail_msg("cuda: %s", err);
    assert_int_equal(st.strips, 1);
    if (render_capped("cuda", path, v, &o, 16u << 20, &capped, &rcapped, &st, err, sizeof err))
        fail_msg("cuda, 16 MiB: %s", err);
    printf("512x384 supersample 2 under 16 MiB of GPU memory: %d strips\n", st.strips);
    assert_true(st.strips > 1);
    o.strips = 3;
    if (render_capped("cuda", path, v, &o, 0, &forced, NULL, &st, err, sizeof err)) fail_msg("cuda, 3 strips: %s", err);
    assert_int_equal(st.strips, 3);

    assert_int_equal(capped.width, c1.width);
    assert_int_equal(capped.height, c1.height);
    double noise = flame_psnr(&c1, &c2), gpu = flame_psnr(&c1, &capped);
    printf("strips: cpu-cpu %7.2f dB  gpu(strips)-cpu %7.2f dB  gpu(strips)-gpu %7.2f dB  max diff %d, %d\n", noise,
           gpu, flame_psnr(&whole, &capped), max_diff(&whole, &capped), max_diff(&whole, &forced));
    assert_true(noise - gpu <= MARGIN_DB);
    /* same seed: the same walkers and integer buckets; the density
     * estimation's atomic double adds may round differently */
    assert_true(max_diff(&whole, &capped) <= 1);
    assert_true(max_diff(&whole, &forced) <= 1);

    assert_int_equal(rcapped.width, 1024);
    assert_int_equal(rcapped.height, 768);
    assert_memory_equal(rwhole.buckets, rcapped.buckets,
                        (size_t)rwhole.width * rwhole.height * FR_FLAME_RAW_CHANNELS * sizeof(uint32_t));
    double rnoise = raw_mse(&r1, &r2), rgpu = raw_mse(&r1, &rwhole);
    printf("raw counts: cpu-cpu mse %.4g, gpu-cpu mse %.4g\n", rnoise, rgpu);
    assert_true(rnoise > 0);
    assert_true(rgpu <= rnoise * pow(10, MARGIN_DB / 10));
    fr_image_free(&c1), fr_image_free(&c2), fr_image_free(&whole), fr_image_free(&capped), fr_image_free(&forced);
    fr_flame_raw_free(&r1), fr_flame_raw_free(&r2), fr_flame_raw_free(&rwhole), fr_flame_raw_free(&rcapped);
    remove(path);
}

/* An argument runs only the tests whose names match it (cmocka's filter,
 * e.g. '*strips*'); FR_TEST_SKIP names those to leave out (ctest runs the
 * variation parts as tests of their own). */
int main(int argc, char **argv)
{
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    const char *skip = getenv("FR_TEST_SKIP");
    if (skip && *skip) cmocka_set_skip_filter(skip);
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_image),
        cmocka_unit_test(test_motion_blur_matches_cpu),
        cmocka_unit_test(test_post_paths_match_cpu),
        cmocka_unit_test(test_too_large_is_an_error),
        cmocka_unit_test(test_dense_buckets_exact),
        cmocka_unit_test(test_strips_under_a_cap),
        cmocka_unit_test(test_every_variation_part0),
        cmocka_unit_test(test_every_variation_part1),
        cmocka_unit_test(test_every_variation_part2),
        cmocka_unit_test(test_every_variation_part3),
        cmocka_unit_test(test_ember_variations_match_cpu),
        cmocka_unit_test(test_corpus_matches_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
