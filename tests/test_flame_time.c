/* The frame at a time of a genome timeline (fr_flame_render_time): a file
 * of one genome at its own time is fr_flame_render's render of it, byte for
 * byte, with motion blur (temporal samples, <motion>) and without, in
 * strips too; stagger 0 is the plain call, another renders the genome
 * fr_flames_interpolate gives with it; a timeline whose keyframes move
 * the camera (centre, scale, rotation) and the tone map (brightness,
 * gamma) renders the same image on 1 and 2 threads and in 1 or 3 strips
 * (each time step's job maps its points through its own camera, strips
 * included), and the batched kernel agrees with the scalar walkers;
 * frames one after another on one context are fresh contexts' renders; bad
 * arguments are errors. flame_time_timeline() is shared with
 * test_gpu_flame_time.c. */
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

#include "flame_support.h"
#include "flame_time_support.h"
#include "flame/flame_xform_eval.h"

/* A file in the test's folder, named for this process (tests running side
 * by side share the folder). */
static const char *tmp_name(char *buf, size_t len, const char *name)
{
    char n[128];
    snprintf(n, sizeof n, "%d-%s", (int)getpid(), name);
    return flame_tmp_path(buf, len, n);
}

static void test_one_genome_is_the_render(void **state)
{
    (void)state;
    char path[512];
    tmp_name(path, sizeof path, "time_motion.flam3");
    flame_write_motion_genomes(path);
    /* genome 0: <motion>, 2 passes x 40 gaussian steps; genome 1: exp-weighted steps */
    static const double times[2] = {0.2,
                                    0.2}; /* (genome 1 has no time: the one before it's, as flam3 reads it) */
    for (int i = 0; i < 2; i++)
        for (int mb = 0; mb < 2; mb++)
            for (int strips = 0; strips < 4; strips += 3) {
                fr_flame_options o = {
                    .quality = 40, .seed = 5 + (uint64_t)i, .motion_blur = mb, .strips = strips};
                fr_image a, b;
                const flame_setup su = {0};
                flame_render_ok(&su, path, i, &o, &a);
                flame_time_render_ok(&su, path, i, times[i], 0.0, &o, &b);
                printf("genome %d motion blur %d strips %d: PSNR %.2f\n", i, mb, strips, flame_psnr(&a, &b));
                assert_int_equal(a.width, b.width);
                assert_int_equal(a.height, b.height);
                assert_memory_equal(a.pixels, b.pixels, (size_t)a.width * a.height * 4);
                fr_image_free(&a), fr_image_free(&b);
            }
    remove(path);
}

static void test_stagger_zero_is_render_time(void **state)
{
    (void)state;
    char path[512];
    tmp_name(path, sizeof path, "time_stagger.flam3");
    flame_time_timeline(path);
    fr_flame_options o = {.quality = 30, .seed = 3, .motion_blur = 1};
    fr_image a, b;
    const flame_setup su = {0};
    flame_time_render_ok(&su, path, -1, 1.5, 0.0, &o, &a);
    flame_time_render_ok(&su, path, -2, 1.5, 0.0, &o, &b); /* -2: fr_flame_render_time_stagger */
    assert_memory_equal(a.pixels, b.pixels, (size_t)a.width * a.height * 4);
    fr_image_free(&a), fr_image_free(&b);
    remove(path);
}

/* Stagger (flam3-animate has none: rect.c interpolates with 0, so flam3
 * has no render to compare with): the frame without motion blur is the
 * render of the genome fr_flames_interpolate gives with that stagger, and
 * a stagger moves the picture. */
static void test_stagger_is_the_interpolated_genome(void **state)
{
    (void)state;
    char path[512];
    tmp_name(path, sizeof path, "time_stagger2.flam3");
    flame_time_timeline(path);
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    fr_flames *f = NULL, *g = NULL;
    assert_int_equal(fr_flames_read(ctx, path, NULL, 0, &f), FR_OK);
    fr_flame_options o = {.quality = 40, .seed = 8};
    fr_image a, b, z;
    const double stagger = 0.6;
    assert_int_equal(fr_flame_render_time_stagger(ctx, f, 1.5, stagger, &o, &a, NULL), FR_OK);
    assert_int_equal(fr_flames_interpolate(ctx, f, 1.5, stagger, &g), FR_OK);
    assert_int_equal(fr_flame_render(ctx, g, 0, &o, &b, NULL), FR_OK);
    assert_memory_equal(a.pixels, b.pixels, (size_t)a.width * a.height * 4);
    assert_int_equal(fr_flame_render_time(ctx, f, 1.5, &o, &z, NULL), FR_OK);
    const double p = flame_psnr(&a, &z);
    printf("stagger %.1f against 0: %.2f dB\n", stagger, p);
    assert_true(p < 40.0);
    fr_image_free(&a), fr_image_free(&b), fr_image_free(&z);
    fr_flames_destroy(g), fr_flames_destroy(f);
    fr_context_destroy(ctx);
    remove(path);
}

/* The moving camera (and, across a keyframe, time steps of different
 * xform counts): threads, strips and kernels agree. */
static void moving_camera(int counts)
{
    char path[512];
    tmp_name(path, sizeof path, counts ? "time_counts.flam3" : "time_camera.flam3");
    if (counts)
        flame_time_timeline_counts(path);
    else
        flame_time_timeline(path);
    const double t = counts ? 2.0 : 1.5;
    for (int mb = 1; mb >= 0; mb--) {
        fr_flame_options o = {.quality = 60, .seed = 11, .motion_blur = mb};
        fr_image one, two, striped, scalar;
        const flame_setup s1 = {.threads = 1}, s2 = {.threads = 2},
                          ss = {.threads = 2, .kernel = FR_CPU_KERNEL_SCALAR};
        flame_time_render_ok(&s1, path, -1, t, 0.0, &o, &one);
        flame_time_render_ok(&s2, path, -1, t, 0.0, &o, &two);
        o.strips = 3;
        flame_time_render_ok(&s2, path, -1, t, 0.0, &o, &striped);
        o.strips = 0;
        flame_time_render_ok(&ss, path, -1, t, 0.0, &o, &scalar);
        const size_t n = (size_t)one.width * one.height * 4;
        assert_memory_equal(one.pixels, two.pixels, n);
        assert_memory_equal(one.pixels, striped.pixels, n);
        const double p = flame_psnr(&one, &scalar);
        printf("%s, motion blur %d: batched vs scalar walkers %.2f dB\n", counts ? "xform counts" : "camera",
               mb, p);
        assert_true(p > 35.0);
        fr_image_free(&one), fr_image_free(&two), fr_image_free(&striped), fr_image_free(&scalar);
    }
    remove(path);
}

static void test_moving_camera(void **state)
{
    (void)state;
    moving_camera(0);
}

static void test_xform_counts(void **state)
{
    (void)state;
    moving_camera(1);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    char path[512];
    tmp_name(path, sizeof path, "time_bad.flam3");
    flame_time_timeline(path);
    fr_context *ctx = fr_context_create();
    fr_flames *f = NULL;
    assert_int_equal(fr_flames_read(ctx, path, NULL, 0, &f), FR_OK);
    fr_flame_options o = {.quality = 10};
    fr_image img;
    assert_int_equal(fr_flame_render_time(ctx, f, NAN, &o, &img, NULL), FR_ERR_INVALID);
    assert_int_equal(fr_flame_render_time_stagger(ctx, f, 1, 1.5, &o, &img, NULL), FR_ERR_INVALID);
    assert_int_equal(fr_flame_render_time(ctx, NULL, 1, &o, &img, NULL), FR_ERR_INVALID);
    o.quality = -1;
    assert_int_not_equal(fr_flame_render_time(ctx, f, 1, &o, &img, NULL), FR_OK);
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
    remove(path);
}

/* Frames one after another on one context, which keeps a frame's pool of
 * prepared xforms for the next (fr_flame_jobs_release): a frame of more
 * xforms, one of fewer, one of more again, with and without motion blur;
 * each is the render of a fresh context, byte for byte. */
static void test_frames_on_one_context(void **state)
{
    (void)state;
    char path[512];
    tmp_name(path, sizeof path, "time_frames.flam3");
    flame_time_timeline_counts(path);
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    fr_flames *f = NULL;
    assert_int_equal(fr_flames_read(ctx, path, NULL, 0, &f), FR_OK);
    static const double times[] = {2.0, 0.5, 2.0, 1.2};
    for (int k = 0; k < 4; k++) {
        fr_flame_options o = {.quality = 30, .seed = 4, .motion_blur = k != 3};
        fr_image a, b;
        assert_int_equal(fr_flame_render_time(ctx, f, times[k], &o, &a, NULL), FR_OK);
        const flame_setup su = {0};
        flame_time_render_ok(&su, path, -1, times[k], 0.0, &o, &b);
        assert_memory_equal(a.pixels, b.pixels, (size_t)a.width * a.height * 4);
        fr_image_free(&a), fr_image_free(&b);
    }
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
    remove(path);
}

/* A genome of one xform with n variations (from the registry's first,
 * pre_blur and flatten passed over; with `big`, those of the most
 * parameters first), weight 0.01 each. */
static fr_status few_or_many(fr_context *ctx, int n, int big, fr_flames **f)
{
    static char xml[65536];
    size_t k = (size_t)snprintf(xml, sizeof xml, "<flame size=\"16 12\" scale=\"8\"><xform weight=\"1\" color=\"0\"");
    unsigned char used[FR_FLAME_NVAR] = {0};
    for (int i = 0; i < n; i++) {
        int v = -1;
        for (int c = 0; c < FR_FLAME_NVAR; c++) {
            if (used[c] || c == FR_V_PRE_BLUR || c == FR_V_FLATTEN) continue;
            if (v < 0 || (big && fr_flame_vars[c].nparam > fr_flame_vars[v].nparam)) v = c;
            if (!big) break;
        }
        used[v] = 1;
        k += (size_t)snprintf(xml + k, sizeof xml - k, " %s=\"0.01\"", fr_flame_vars[v].name);
    }
    snprintf(xml + k, sizeof xml - k, " coefs=\"0.5 0 0 0.5 0 0\"/><color index=\"0\" rgb=\"255 255 255\"/></flame>");
    return fr_flames_parse(ctx, xml, strlen(xml), "many", NULL, 0, f);
}

/* A prepared xform holds at most FR_FLAME_XVAR regular variations and
 * FR_FLAME_XPARAM parameters: an xform beyond either is refused with a
 * message that says which (a render and a frame of a timeline), not
 * rendered with some of its variations left out; one at the limit renders. */
static void test_xform_limits(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    fr_flame_options o = {.quality = 1, .seed = 1};
    fr_image img;
    fr_flames *f = NULL;
    assert_int_equal(few_or_many(ctx, FR_FLAME_XVAR, 0, &f), FR_OK);
    assert_int_equal(fr_flame_render(ctx, f, 0, &o, &img, NULL), FR_OK);
    fr_image_free(&img);
    fr_flames_destroy(f);
    assert_int_equal(few_or_many(ctx, FR_FLAME_XVAR + 1, 0, &f), FR_OK);
    assert_int_equal(fr_flame_render(ctx, f, 0, &o, &img, NULL), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "xform 0 has 65 variations: at most 64"));
    assert_int_equal(fr_flame_render_time(ctx, f, 0.0, &o, &img, NULL), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "xform 0 has 65 variations"));
    fr_flames_destroy(f);
    assert_int_equal(few_or_many(ctx, 40, 1, &f), FR_OK); /* the 40 of the most parameters: over 384 */
    assert_int_equal(fr_flame_render(ctx, f, 0, &o, &img, NULL), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(ctx), "xform 0's variations have"));
    assert_non_null(strstr(fr_last_error(ctx), "parameters: at most 384"));
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_genome_is_the_render),
        cmocka_unit_test(test_stagger_zero_is_render_time),
        cmocka_unit_test(test_stagger_is_the_interpolated_genome),
        cmocka_unit_test(test_moving_camera),
        cmocka_unit_test(test_xform_counts),
        cmocka_unit_test(test_frames_on_one_context),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_xform_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
