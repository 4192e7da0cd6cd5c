/* Unit tests of video output (src/io/video.c, fr_video_*): frames of a
 * synthetic gradient encoded to .mp4 (H.264) and .mkv (FFV1, 8 and 16
 * bits) and read back with libavformat/libavcodec (tests/video_read.c):
 * frame count, size, frame rate, codec; FFV1's pixels exact, H.264's close;
 * RGBA composited over black. Odd sizes for H.264, unknown codecs and
 * containers, a codec the container cannot hold, zero frames and
 * fr_video_abort fail clearly and leave no file (no temporary either).
 * Where the build has no FFmpeg, only the "no video support" error is
 * checked, and only if the build was configured with FR_VIDEO=OFF: a build
 * that expected video (FR_VIDEO_EXPECTED) fails. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "fs_support.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fractalis.h"
#ifdef FR_HAVE_VIDEO
#include "video_read.h"
#endif

typedef struct fixture {
    fr_context *ctx;
    char dir[PATH_MAX];
    char path[PATH_MAX + 64];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->ctx = fr_context_create();
    assert_non_null(f->ctx);
    fs_tmpdir_make(f->dir, "video");
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    fs_tree_remove(f->dir);
    fr_context_destroy(f->ctx);
    free(f);
    return 0;
}

/* Frame k of the test animation: a gradient that moves with k, 8 or 16
 * bits, RGB or RGBA (alpha 255 but for a transparent square). */
static fr_image gradient(int w, int h, int k, int depth, int channels)
{
    fr_image img = {.width = w, .height = h, .depth = depth, .channels = channels};
    size_t n = (size_t)w * h * channels;
    img.pixels = malloc(n * (depth == 16 ? 2 : 1));
    assert_non_null(img.pixels);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned v[4] = {(unsigned)(x * 65535 / (w - 1)), (unsigned)(y * 65535 / (h - 1)),
                             (unsigned)(((x + y + 7 * k) % 64) * 1000 + 1234), 65535};
            if (channels == 4 && x < 4 && y < 4) v[3] = 0;
            for (int c = 0; c < channels; c++) {
                size_t i = ((size_t)y * w + x) * channels + c;
                if (depth == 16)
                    ((uint16_t *)img.pixels)[i] = (uint16_t)v[c];
                else
                    ((uint8_t *)img.pixels)[i] = (uint8_t)(v[c] >> 8);
            }
        }
    return img;
}

static void encode(fixture *f, const char *name, const fr_video_options *o, int w, int h, int n, int depth,
                   int channels)
{
    snprintf(f->path, sizeof f->path, "%s/%s", f->dir, name);
    fr_video *v = NULL;
    fr_status s = fr_video_open(f->ctx, f->path, w, h, o, &v);
    if (s) fail_msg("fr_video_open: %s", fr_last_error(f->ctx));
    for (int k = 0; k < n; k++) {
        fr_image img = gradient(w, h, k, depth, channels);
        s = fr_video_write(f->ctx, v, &img);
        fr_image_free(&img);
        if (s) fail_msg("fr_video_write: %s", fr_last_error(f->ctx));
        /* nothing under the name until the close */
        assert_false(exists(f->path));
    }
    s = fr_video_close(f->ctx, v);
    if (s) fail_msg("fr_video_close: %s", fr_last_error(f->ctx));
    assert_true(exists(f->path));
    assert_int_equal(count_entries(f->dir), 1); /* no temporary left */
}

#ifdef FR_HAVE_VIDEO

typedef struct cmp {
    int w, h, depth, channels;
    double max_err, sum_err;
    long samples;
} cmp;

/* Compare a decoded frame with what was written (RGBA over black). */
static int compare(void *user, int index, const void *rgb, int stride)
{
    cmp *c = user;
    fr_image img = gradient(c->w, c->h, index, c->depth, c->channels);
    int max = c->depth == 16 ? 65535 : 255;
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++)
            for (int ch = 0; ch < 3; ch++) {
                size_t i = ((size_t)y * c->w + x) * c->channels;
                double want, got;
                if (c->depth == 16) {
                    const uint16_t *p = img.pixels;
                    want = p[i + ch];
                    if (c->channels == 4)
                        want = (double)(uint16_t)((p[i + ch] * (uint32_t)p[i + 3] + 32767) / 65535);
                    got = ((const uint16_t *)((const uint8_t *)rgb + (size_t)y * stride))[x * 3 + ch];
                } else {
                    const uint8_t *p = img.pixels;
                    want = p[i + ch];
                    if (c->channels == 4)
                        want = (double)(uint8_t)((p[i + ch] * (unsigned)p[i + 3] + 127) / 255);
                    got = ((const uint8_t *)rgb + (size_t)y * stride)[x * 3 + ch];
                }
                double e = (want > got ? want - got : got - want) / max;
                if (e > c->max_err) c->max_err = e;
                c->sum_err += e;
                c->samples++;
            }
    fr_image_free(&img);
    return 0;
}

static void read_back(fixture *f, int depth, video_info *info, cmp *c)
{
    char err[256];
    if (video_read(f->path, info, depth, c ? compare : NULL, c, err)) fail_msg("%s", err);
}

static void test_mp4_h264(void **state)
{
    fixture *f = *state;
    encode(f, "gradient.mp4", &(fr_video_options){.crf = -1, .fps = 24}, 64, 48, 10, 8, 4);
    video_info info;
    cmp c = {.w = 64, .h = 48, .depth = 8, .channels = 4};
    read_back(f, 8, &info, &c);
    assert_int_equal(info.frames, 10);
    assert_int_equal(info.width, 64);
    assert_int_equal(info.height, 48);
    assert_string_equal(info.codec, "h264");
    assert_string_equal(info.pix_fmt, "yuv420p");
    assert_true(info.fps > 23.99 && info.fps < 24.01);
    /* lossy 4:2:0 at crf 18: close on average; the colours are not swapped
     * or shifted by a range mix-up (that would be ~0.06 and more) */
    double mean = c.sum_err / c.samples;
    print_message("H.264: mean error %.4f of full scale, max %.4f\n", mean, c.max_err);
    if (mean > 0.03) fail_msg("H.264 mean error %.4f", mean);
}

static void test_mkv_ffv1_exact(void **state)
{
    fixture *f = *state;
    encode(f, "gradient.mkv", NULL, 63, 37, 6, 8, 4); /* odd sizes are fine for FFV1 */
    video_info info;
    cmp c = {.w = 63, .h = 37, .depth = 8, .channels = 4};
    read_back(f, 8, &info, &c);
    assert_int_equal(info.frames, 6);
    assert_int_equal(info.width, 63);
    assert_int_equal(info.height, 37);
    assert_string_equal(info.codec, "ffv1");
    assert_true(info.fps > 29.99 && info.fps < 30.01);
    if (c.max_err != 0) fail_msg("FFV1 is lossless but a sample differs by %g", c.max_err);
}

static void test_mkv_ffv1_16bit_exact(void **state)
{
    fixture *f = *state;
    encode(f, "gradient16.mkv", &(fr_video_options){.crf = -1, .depth = 16}, 40, 30, 4, 16, 3);
    video_info info;
    cmp c = {.w = 40, .h = 30, .depth = 16, .channels = 3};
    read_back(f, 16, &info, &c);
    assert_int_equal(info.frames, 4);
    assert_string_equal(info.codec, "ffv1");
    assert_non_null(strstr(info.pix_fmt, "16"));
    if (c.max_err != 0) fail_msg("16-bit FFV1 is lossless but a sample differs by %g", c.max_err);
}

static void test_16bit_input_to_h264(void **state)
{
    fixture *f = *state;
    encode(f, "sixteen.mp4", NULL, 32, 32, 3, 16, 4);
    video_info info;
    cmp c = {.w = 32, .h = 32, .depth = 16, .channels = 4};
    read_back(f, 16, &info, &c);
    assert_int_equal(info.frames, 3);
    if (c.sum_err / c.samples > 0.03) fail_msg("16-bit input, H.264 mean error %.4f", c.sum_err / c.samples);
}

static void test_codecs_listed(void **state)
{
    (void)state;
    int n = 0, x264 = 0, ffv1 = 0;
    const char *what, *name;
    for (; (name = fr_video_codec(n, &what)); n++) {
        assert_non_null(what);
        x264 |= !strcmp(name, "libx264");
        ffv1 |= !strcmp(name, "ffv1");
    }
    assert_true(x264 && ffv1);
    assert_null(fr_video_codec(n, NULL));
    assert_null(fr_video_codec(-1, NULL));
}

static void test_webm_and_avi(void **state)
{
    fixture *f = *state;
    encode(f, "g.webm", NULL, 32, 24, 3, 8, 3);
    video_info info;
    read_back(f, 8, &info, NULL);
    assert_int_equal(info.frames, 3);
    assert_string_equal(info.codec, "vp9");
    fs_tree_remove(f->dir);
    fs_tmpdir_make(f->dir, "video");
    encode(f, "g.avi", NULL, 32, 24, 3, 8, 3);
    read_back(f, 8, &info, NULL);
    assert_int_equal(info.frames, 3);
    assert_string_equal(info.codec, "ffv1");
}

#endif /* FR_HAVE_VIDEO */

/* A failed open: the status, a message with `needle`, and no file. */
static void open_fails(fixture *f, const char *name, int w, int h, const fr_video_options *o, fr_status want,
                       const char *needle)
{
    snprintf(f->path, sizeof f->path, "%s/%s", f->dir, name);
    fr_video *v = (fr_video *)f; /* overwritten with NULL */
    fr_status s = fr_video_open(f->ctx, f->path, w, h, o, &v);
    assert_int_equal(s, want);
    assert_null(v);
    if (!strstr(fr_last_error(f->ctx), needle)) fail_msg("'%s' lacks '%s'", fr_last_error(f->ctx), needle);
    assert_int_equal(count_entries(f->dir), 0);
}

static void test_errors(void **state)
{
    fixture *f = *state;
    if (!fr_have_video()) {
#ifdef FR_VIDEO_EXPECTED
        fail_msg("this build has no video support but FR_VIDEO was not OFF: install libavcodec-dev "
                 "libavformat-dev "
                 "libswscale-dev libavutil-dev (scripts/setup.sh does) or configure with -DFR_VIDEO=OFF");
#endif
        open_fails(f, "a.mp4", 64, 48, NULL, FR_ERR_UNSUPPORTED, "no video support");
        assert_null(fr_video_codec(0, NULL));
        return;
    }
    open_fails(f, "odd.mp4", 65, 48, NULL, FR_ERR_INVALID, "even");
    open_fails(f, "odd.mov", 64, 47, NULL, FR_ERR_INVALID, "even");
    open_fails(f, "a.gif", 64, 48, NULL, FR_ERR_INVALID, ".mp4, .mov, .mkv, .webm or .avi");
    open_fails(f, "a.mkv", 64, 48, &(fr_video_options){.codec = "nosuchcodec"}, FR_ERR_UNSUPPORTED,
               "nosuchcodec");
    open_fails(f, "a.mp4", 64, 48, &(fr_video_options){.codec = "ffv1"}, FR_ERR_INVALID, "cannot hold ffv1");
    open_fails(f, "a.mkv", 64, 48, &(fr_video_options){.codec = "ffv1", .crf = 20}, FR_ERR_INVALID, "crf");
    open_fails(f, "a.mkv", 0, 48, NULL, FR_ERR_INVALID, "not positive");
    open_fails(f, "a.mkv", 64, 48, &(fr_video_options){.depth = 12}, FR_ERR_INVALID, "depth");
    open_fails(f, "nofolder/a.mkv", 64, 48, NULL, FR_ERR_IO, "nofolder");
    /* refused at once, not left to hang on the first frame */
    open_fails(f, "a.mkv", 64, 48, &(fr_video_options){.codec = "libsvtav1"}, FR_ERR_UNSUPPORTED, "libaom-av1");
}

static void test_abort_and_empty(void **state)
{
    fixture *f = *state;
    if (!fr_have_video()) {
#ifdef FR_VIDEO_EXPECTED
        fail_msg("this build has no video support but FR_VIDEO was not OFF");
#endif
        skip(); /* a build made without video on purpose (-DFR_VIDEO=OFF): test_errors checks its refusal */
    }
    snprintf(f->path, sizeof f->path, "%s/aborted.mp4", f->dir);
    fr_video *v;
    assert_int_equal(fr_video_open(f->ctx, f->path, 64, 48, NULL, &v), FR_OK);
    fr_image img = gradient(64, 48, 0, 8, 4);
    assert_int_equal(fr_video_write(f->ctx, v, &img), FR_OK);
    fr_image bad = gradient(32, 48, 0, 8, 4);
    assert_int_equal(fr_video_write(f->ctx, v, &bad), FR_ERR_INVALID); /* another size */
    fr_image_free(&bad);
    fr_video_abort(v);
    assert_int_equal(count_entries(f->dir), 0);
    fr_video_abort(NULL);

    /* closing with no frame: an error and no file */
    snprintf(f->path, sizeof f->path, "%s/empty.mkv", f->dir);
    assert_int_equal(fr_video_open(f->ctx, f->path, 64, 48, NULL, &v), FR_OK);
    assert_int_equal(fr_video_close(f->ctx, v), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(f->ctx), "no frame"));
    assert_int_equal(count_entries(f->dir), 0);

    /* an existing file is replaced only by a complete video */
    snprintf(f->path, sizeof f->path, "%s/keep.mkv", f->dir);
    FILE *fp = fopen(f->path, "w");
    fputs("old", fp);
    fclose(fp);
    assert_int_equal(fr_video_open(f->ctx, f->path, 64, 48, NULL, &v), FR_OK);
    assert_int_equal(fr_video_write(f->ctx, v, &img), FR_OK);
    fr_video_abort(v);
    struct stat st;
    assert_int_equal(stat(f->path, &st), 0);
    assert_int_equal(st.st_size, 3);
    assert_int_equal(count_entries(f->dir), 1);
    fr_image_free(&img);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#ifdef FR_HAVE_VIDEO
        cmocka_unit_test_setup_teardown(test_mp4_h264, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mkv_ffv1_exact, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mkv_ffv1_16bit_exact, setup, teardown),
        cmocka_unit_test_setup_teardown(test_16bit_input_to_h264, setup, teardown),
        cmocka_unit_test_setup_teardown(test_codecs_listed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_webm_and_avi, setup, teardown),
#endif
        cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_abort_and_empty, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
