/* The frame at a time of a timeline on the GPU (ctest label gpu): a file of
 * one genome at its own time renders as fr_flame_render does on the GPU,
 * byte for byte (the same seed, the same image), with and without motion
 * blur; and as the CPU's within its seed-to-seed noise: that genome, and a
 * timeline whose keyframes move the camera (every time step's job with a
 * camera of its own: the chaos kernel's per-job camera), with and without
 * motion blur, and across a keyframe where the time steps' genomes have
 * different xform counts. Exits with the skip code 77 when no CUDA device
 * is present. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "flame_time_support.h"
#include "gpu_support.h"

/* A file in the test's folder, named for this process (tests running side
 * by side share the folder). */
static const char *tmp_name(char *buf, size_t len, const char *name)
{
    char n[128];
    snprintf(n, sizeof n, "%d-%s", (int)getpid(), name);
    return flame_tmp_path(buf, len, n);
}

#define MARGIN_DB 1.0

/* CPU seeds 1 and 2 against the GPU (seed 3): the shortfall in dB. */
static double gpu_vs_cpu(const char *path, int index, double time, fr_flame_options o, const char *what)
{
    const flame_setup cpu = {.device = "cpu"}, gpu = {.device = "cuda"};
    fr_image c1, c2, g;
    o.seed = 1;
    flame_time_render_ok(&cpu, path, index, time, 0, &o, &c1);
    o.seed = 2;
    flame_time_render_ok(&cpu, path, index, time, 0, &o, &c2);
    o.seed = 3;
    flame_time_render_ok(&gpu, path, index, time, 0, &o, &g);
    double noise = flame_psnr(&c1, &c2), p = flame_psnr(&c1, &g);
    double gap = isinf(noise) ? (isinf(p) ? 0 : 99) : noise - p;
    printf("%-44s cpu-cpu %7.2f dB  gpu-cpu %7.2f dB  gap %+6.2f\n", what, noise, p, gap);
    fr_image_free(&c1), fr_image_free(&c2), fr_image_free(&g);
    return gap;
}

static void test_one_genome_is_the_render(void **state)
{
    (void)state;
    char path[512];
    tmp_name(path, sizeof path, "gpu_time_motion.flam3");
    flame_write_motion_genomes(path);
    const flame_setup gpu = {.device = "cuda"};
    for (int mb = 0; mb < 2; mb++) {
        fr_flame_options o = {.quality = 100, .seed = 9, .motion_blur = mb};
        fr_image a, b;
        flame_render_ok(&gpu, path, 0, &o, &a);
        flame_time_render_ok(&gpu, path, 0, 0.2, 0, &o, &b);
        printf("cuda, motion blur %d: render_time vs render PSNR %.2f\n", mb, flame_psnr(&a, &b));
        assert_memory_equal(a.pixels, b.pixels, (size_t)a.width * a.height * 4);
        fr_image_free(&a), fr_image_free(&b);
        o.quality = 200;
        assert_true(gpu_vs_cpu(path, 0, 0.2, o, mb ? "one genome, motion blur" : "one genome") <= MARGIN_DB);
    }
    remove(path);
}

static void test_moving_camera_matches_cpu(void **state)
{
    (void)state;
    char path[512];
    tmp_name(path, sizeof path, "gpu_time_camera.flam3");
    flame_time_timeline(path);
    fr_flame_options o = {.quality = 200, .motion_blur = 1};
    assert_true(gpu_vs_cpu(path, -1, 1.5, o, "moving camera, motion blur") <= MARGIN_DB);
    o.motion_blur = 0;
    assert_true(gpu_vs_cpu(path, -1, 1.5, o, "moving camera, one step") <= MARGIN_DB);
    /* across a keyframe: time steps padded to different xform counts */
    char counts[512];
    tmp_name(counts, sizeof counts, "gpu_time_counts.flam3");
    flame_time_timeline_counts(counts);
    o.motion_blur = 1;
    assert_true(gpu_vs_cpu(counts, -1, 2.0, o, "across a keyframe, xform counts differ") <= MARGIN_DB);
    remove(counts);
    /* the same seed, the same image */
    const flame_setup gpu = {.device = "cuda"};
    fr_image a, b;
    o.motion_blur = 1, o.seed = 4;
    flame_time_render_ok(&gpu, path, -1, 1.5, 0, &o, &a);
    flame_time_render_ok(&gpu, path, -1, 1.5, 0, &o, &b);
    assert_memory_equal(a.pixels, b.pixels, (size_t)a.width * a.height * 4);
    fr_image_free(&a), fr_image_free(&b);
    remove(path);
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_genome_is_the_render),
        cmocka_unit_test(test_moving_camera_matches_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
