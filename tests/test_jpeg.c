/* Unit tests of the JPEG writer (src/io/jpeg_io.c): files read back with
 * libjpeg have the size and, within JPEG's loss, the colours written (8 and
 * 16 bits, RGBA composited over black); quality changes the size; bad
 * arguments, bad paths and failed writes leave no file. In a build without
 * libjpeg only the "no JPEG support" error is checked. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "fs_support.h"

#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fractalis.h"
#ifdef FR_HAVE_JPEG
#include "jpeg_read.h"
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
    fs_tmpdir_make(f->dir, "test_jpeg");
    f->ctx = fr_context_create();
    assert_non_null(f->ctx);
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

static const char *tpath(fixture *f, const char *name)
{
    snprintf(f->path, sizeof f->path, "%s/%s", f->dir, name);
    return f->path;
}

/* Four flat quadrants (red, green, blue, white-ish grey) with `ch` channels
 * at `depth` bits; alpha (when ch == 4) is 255, 0, 128 and 255 by quadrant. */
static const unsigned quad_rgb[4][3] = {{200, 30, 40}, {20, 180, 60}, {30, 50, 220}, {160, 160, 160}};
static const unsigned quad_alpha[4] = {255, 0, 128, 255};

static int quadrant(int x, int y, int w, int h)
{
    return (y >= h / 2) * 2 + (x >= w / 2);
}

static fr_image make_quadrants(int w, int h, int depth, int ch)
{
    fr_image img = {.width = w, .height = h, .depth = depth, .channels = ch};
    size_t n = (size_t)w * h * ch;
    img.pixels = malloc(n * (depth == 16 ? 2 : 1));
    assert_non_null(img.pixels);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int q = quadrant(x, y, w, h);
            for (int c = 0; c < ch; c++) {
                unsigned v = c < 3 ? quad_rgb[q][c] : quad_alpha[q];
                size_t i = ((size_t)y * w + x) * ch + c;
                if (depth == 16)
                    ((uint16_t *)img.pixels)[i] = (uint16_t)(v * 257);
                else
                    ((uint8_t *)img.pixels)[i] = (uint8_t)v;
            }
        }
    return img;
}

/* fr_have_jpeg() tells the truth; without libjpeg the writer says why. */
static void test_support_matches_build(void **state)
{
    fixture *f = *state;
#ifdef FR_HAVE_JPEG
    assert_int_equal(fr_have_jpeg(), 1);
    (void)f;
#else
    assert_int_equal(fr_have_jpeg(), 0);
    fr_image img = make_quadrants(8, 8, 8, 3);
    const char *path = tpath(f, "a.jpg");
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 95), FR_ERR_UNSUPPORTED);
    assert_non_null(strstr(fr_last_error(f->ctx), "this build has no JPEG support"));
    assert_false(exists(path));
    assert_int_equal(count_entries(f->dir), 0);
    free(img.pixels);
#endif
}

#ifdef FR_HAVE_JPEG

/* Read back and compare the centre of each quadrant (away from the edges,
 * where JPEG's blocks ring) with the expected colour within tol. */
static void check_quadrants(const char *path, int w, int h, const unsigned expect[4][3], int tol)
{
    char err[256];
    int rw = 0, rh = 0;
    unsigned char *px = test_jpeg_read(path, &rw, &rh, err, sizeof err);
    if (!px) fail_msg("%s", err);
    assert_int_equal(rw, w);
    assert_int_equal(rh, h);
    for (int q = 0; q < 4; q++) {
        int cx = (q & 1) ? 3 * w / 4 : w / 4, cy = (q & 2) ? 3 * h / 4 : h / 4;
        for (int c = 0; c < 3; c++) {
            int got = px[((size_t)cy * w + cx) * 3 + c];
            if (abs(got - (int)expect[q][c]) > tol)
                fail_msg("%s: quadrant %d channel %d is %d, expected %u +- %d", path, q, c, got, expect[q][c], tol);
        }
    }
    free(px);
}

static void test_rgb8(void **state)
{
    fixture *f = *state;
    fr_image img = make_quadrants(64, 48, 8, 3);
    const char *path = tpath(f, "rgb8.jpg");
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 95), FR_OK);
    check_quadrants(path, 64, 48, quad_rgb, 4);
    /* A JPEG file: SOI marker first, EOI last. */
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    unsigned char head[2], tail[2];
    assert_int_equal(fread(head, 1, 2, fp), 2);
    fseek(fp, -2, SEEK_END);
    assert_int_equal(fread(tail, 1, 2, fp), 2);
    fclose(fp);
    assert_true(head[0] == 0xFF && head[1] == 0xD8);
    assert_true(tail[0] == 0xFF && tail[1] == 0xD9);
    assert_int_equal(count_entries(f->dir), 1);
    free(img.pixels);
}

static void test_rgb16_and_odd_size(void **state)
{
    fixture *f = *state;
    /* Sizes that are not multiples of JPEG's 8- or 16-pixel blocks. */
    fr_image img = make_quadrants(61, 37, 16, 3);
    const char *path = tpath(f, "rgb16.jpg");
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 95), FR_OK);
    check_quadrants(path, 61, 37, quad_rgb, 4);
    free(img.pixels);
}

static void test_rgba_over_black(void **state)
{
    fixture *f = *state;
    unsigned expect[4][3];
    for (int q = 0; q < 4; q++)
        for (int c = 0; c < 3; c++) expect[q][c] = (quad_rgb[q][c] * quad_alpha[q] + 127) / 255;
    for (int depth = 8; depth <= 16; depth += 8) {
        fr_image img = make_quadrants(64, 64, depth, 4);
        const char *path = tpath(f, depth == 8 ? "rgba8.jpg" : "rgba16.jpg");
        assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 95), FR_OK);
        check_quadrants(path, 64, 64, (const unsigned(*)[3])expect, 4);
        free(img.pixels);
    }
}

/* Quality changes the file: lower quality, smaller file, larger error. */
static void test_quality(void **state)
{
    fixture *f = *state;
    fr_image img = make_quadrants(96, 96, 8, 3);
    /* Some texture so that quality matters. */
    for (size_t i = 0; i < (size_t)96 * 96 * 3; i++) ((uint8_t *)img.pixels)[i] ^= (uint8_t)((i * 2654435761u) >> 27);
    char lo[PATH_MAX + 64], hi[PATH_MAX + 64];
    snprintf(lo, sizeof lo, "%s", tpath(f, "q10.jpg"));
    snprintf(hi, sizeof hi, "%s", tpath(f, "q100.JPEG"));
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, lo, 10), FR_OK);
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, hi, 100), FR_OK);
    struct stat sl, sh;
    assert_int_equal(stat(lo, &sl), 0);
    assert_int_equal(stat(hi, &sh), 0);
    assert_true(sl.st_size * 2 < sh.st_size);

    char err[256];
    int w, h;
    unsigned char *a = test_jpeg_read(lo, &w, &h, err, sizeof err), *b = test_jpeg_read(hi, &w, &h, err, sizeof err);
    assert_non_null(a);
    assert_non_null(b);
    double ea = 0, eb = 0;
    for (size_t i = 0; i < (size_t)96 * 96 * 3; i++) {
        int v = ((uint8_t *)img.pixels)[i];
        ea += abs(a[i] - v), eb += abs(b[i] - v);
    }
    assert_true(eb < ea);
    assert_true(eb / (96.0 * 96 * 3) < 3.0);
    free(a);
    free(b);
    free(img.pixels);
}

/* Bad arguments are refused before anything is created. */
static void test_bad_arguments(void **state)
{
    fixture *f = *state;
    fr_image img = make_quadrants(16, 16, 8, 3);
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s", tpath(f, "bad.jpg"));
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 0), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(f->ctx), "quality"));
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 101), FR_ERR_INVALID);
    assert_int_equal(fr_image_write_jpeg(f->ctx, NULL, path, 90), FR_ERR_INVALID);
    img.depth = 12;
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 90), FR_ERR_INVALID);
    img.depth = 8;
    img.width = 0;
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 90), FR_ERR_INVALID);
    img.width = 70000; /* beyond JPEG's 65500: refused before any pixel is read */
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, path, 90), FR_ERR_INVALID);
    assert_non_null(strstr(fr_last_error(f->ctx), "65500"));
    img.width = 16;
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, "", 90), FR_ERR_INVALID);
    assert_int_equal(count_entries(f->dir), 0);
    free(img.pixels);
}

/* A missing folder or a folder as the target: an error naming the path,
 * and no file. */
static void test_bad_path(void **state)
{
    fixture *f = *state;
    fr_image img = make_quadrants(16, 16, 8, 3);
    char missing[PATH_MAX + 64];
    snprintf(missing, sizeof missing, "%s", tpath(f, "nope/x.jpg"));
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, missing, 90), FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), missing));
    assert_non_null(strstr(fr_last_error(f->ctx), "No such file or directory"));
    assert_false(exists(missing));
    assert_int_equal(fr_image_write_jpeg(f->ctx, &img, f->dir, 90), FR_ERR_IO);
    assert_int_equal(count_entries(f->dir), 0);
    free(img.pixels);
}

/* A write that fails midway (the file size limit, as a full disk would)
 * leaves neither the file nor a temporary, and keeps an older file. */
static void test_failed_write_leaves_nothing(void **state)
{
    fixture *f = *state;
    fr_image small = make_quadrants(8, 8, 8, 3), big = make_quadrants(256, 256, 8, 3);
    for (size_t i = 0; i < (size_t)256 * 256 * 3; i++) ((uint8_t *)big.pixels)[i] = (uint8_t)((i * 2654435761u) >> 24);
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s", tpath(f, "keep.jpg"));
    assert_int_equal(fr_image_write_jpeg(f->ctx, &small, path, 90), FR_OK);
    struct stat before, after;
    assert_int_equal(stat(path, &before), 0);

    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    lim = old;
    lim.rlim_cur = 4096;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    fr_status s = fr_image_write_jpeg(f->ctx, &big, path, 100);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, old_handler);

    assert_int_equal(s, FR_ERR_IO);
    assert_non_null(strstr(fr_last_error(f->ctx), path));
    assert_int_equal(stat(path, &after), 0);
    assert_int_equal(after.st_size, before.st_size);
    assert_int_equal(count_entries(f->dir), 1);
    free(small.pixels);
    free(big.pixels);
}

#endif /* FR_HAVE_JPEG */

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_support_matches_build, setup, teardown),
#ifdef FR_HAVE_JPEG
        cmocka_unit_test_setup_teardown(test_rgb8, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rgb16_and_odd_size, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rgba_over_black, setup, teardown),
        cmocka_unit_test_setup_teardown(test_quality, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_arguments, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_path, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_write_leaves_nothing, setup, teardown),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
