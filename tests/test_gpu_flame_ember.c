/* GPU flames with Ember's features (ctest label gpu): a genome with the 3D
 * camera (pitch, yaw, zpos, perspective, depth of field), colour curves and
 * logscale_k2 renders on the CUDA backend as on the CPU, within the CPU's
 * own seed-to-seed noise (PSNR(gpu, cpu seed 1) at most 1 dB below
 * PSNR(cpu seed 2, cpu seed 1)), also with earlyclip (the curves after the
 * filter), 16 bits and transparency, and a timeline whose keyframes' cameras
 * differ (each temporal step's own 3D camera: the kernel with per-job
 * frames: the temporal steps spread over the keyframes' interval, with
 * motion blur). Exits with the skip code 77 when no CUDA device is present. */
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
#include "flame_support.h"
#include "flame_time_support.h"
#include "gpu_support.h"

#define MARGIN_DB 1.0

/* CPU seeds 1 and 2 against the GPU (seed 3), of genome `index` of path,
 * or (index -1) of the whole file's timeline at `time`: the shortfall in
 * dB. */
static double gpu_vs_cpu(const char *path, int index, double time, fr_flame_options o, const char *what)
{
    const flame_setup cpu = {.device = "cpu"}, gpu = {.device = "cuda"};
    const flame_setup *su[3] = {&cpu, &cpu, &gpu};
    fr_image im[3];
    for (int k = 0; k < 3; k++) {
        o.seed = (uint64_t)k + 1;
        if (index >= 0)
            flame_render_ok(su[k], path, index, &o, &im[k]);
        else
            flame_time_render_ok(su[k], path, -1, time, 0, &o, &im[k]);
    }
    const double noise = flame_psnr(&im[0], &im[1]), d = flame_psnr(&im[0], &im[2]);
    const double gap = isinf(noise) ? (isinf(d) ? 0 : 99) : noise - d;
    printf("%-36s cpu-cpu %7.2f dB  gpu-cpu %7.2f dB  gap %+6.2f\n", what, noise, d, gap);
    for (int k = 0; k < 3; k++) fr_image_free(&im[k]);
    return gap;
}

static const char xforms[] =
    "  <xform weight=\"0.5\" color=\"0\" julia=\"0.7\" coefs=\"0.8 0.1 -0.1 0.7 0.2 0.1\"/>\n"
    "  <xform weight=\"0.5\" color=\"0.6\" spherical=\"0.6\" coefs=\"0.5 -0.3 0.3 0.5 -0.4 0.2\"/>\n"
    "  <finalxform color=\"0.5\" opacity=\"0.5\" swirl=\"0.3\" linear=\"0.7\" coefs=\"1 0 0 1 0 0\"/>\n"
    "  <color index=\"0\" rgb=\"255 200 0\"/><color index=\"128\" rgb=\"0 255 100\"/>"
    "<color index=\"255\" rgb=\"60 0 255\"/>\n";

static const char camera[] = " cam_pitch=\"0.6\" cam_yaw=\"-0.4\" cam_zpos=\"0.3\" cam_persp=\"0.35\""
                             " cam_dof=\"0.2\" blur_curve=\"0.5\"";
static const char curves[] = " overall_curve=\"0 0 0.3 0.2 0.7 0.85 1 1\" red_curve=\"0 0.05 0.5 0.6 1 1\""
                             " blue_curve=\"0 0 0.6 0.4 1 0.9\"";

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_camera_curves_match_cpu(void **state)
{
    (void)state;
    char path[4096], text[8192];
    flame_tmp_path(path, sizeof path, "gpu_ember.flame");
    snprintf(text, sizeof text,
             "<flame size=\"192 144\" scale=\"45\" rotate=\"10\" brightness=\"8\" gamma=\"3\""
             " logscale_k2=\"0.0005\"%s%s>\n%s</flame>\n",
             camera, curves, xforms);
    write_file(path, text);
    fr_flame_options o = {.quality = 200};
    int bad = 0;
    bad += gpu_vs_cpu(path, 0, 0, o, "camera, dof, curves, k2") > MARGIN_DB;
    o.earlyclip = 1;
    bad += gpu_vs_cpu(path, 0, 0, o, "the same, earlyclip") > MARGIN_DB;
    o.earlyclip = 0, o.depth = 16, o.transparency = 1;
    bad += gpu_vs_cpu(path, 0, 0, o, "the same, 16 bits, transparent") > MARGIN_DB;
    remove(path);
    if (bad) fail_msg("%d of 3 renders differ from the CPU beyond the noise", bad);
}

/* Two keyframes, the camera turning between them, rendered at the middle
 * with temporal samples: every step has a 3D camera of its own. */
static void test_camera_timeline_matches_cpu(void **state)
{
    (void)state;
    char path[4096], text[8192];
    flame_tmp_path(path, sizeof path, "gpu_ember_time.flame");
    snprintf(text, sizeof text,
             "<flames><flame time=\"0\" size=\"160 120\" scale=\"40\" temporal_samples=\"16\""
             " cam_pitch=\"0.2\" cam_persp=\"0.2\">\n%s</flame>\n"
             "<flame time=\"1\" size=\"160 120\" scale=\"40\" temporal_samples=\"16\""
             " cam_pitch=\"0.9\" cam_yaw=\"0.5\" cam_persp=\"0.4\" cam_dof=\"0.3\">\n%s</flame></flames>\n",
             xforms, xforms);
    write_file(path, text);
    fr_flame_options o = {.quality = 200, .motion_blur = 1};
    const double gap = gpu_vs_cpu(path, -1, 0.5, o, "a turning camera, 16 steps");
    remove(path);
    assert_true(gap <= MARGIN_DB);
}

int main(int argc, char **argv)
{
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_camera_curves_match_cpu),
        cmocka_unit_test(test_camera_timeline_matches_cpu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
