/* fr_escape_render_batch on the GPU (ctest label gpu): the batch's plain
 * views go through one launch, its deep views one by one; each image must
 * equal the GPU's single render of its view byte for byte (the contract),
 * and the CPU's render of it byte for byte under count colouring, within
 * one level otherwise (the GPU's logf/powf differ from the CPU's in the
 * last bits, as test_gpu_escape allows). Also: a deep view (1e-20) mixed in,
 * histogram colouring, a memory budget that splits the batch into several
 * launches, and a view too large for the budget (rendered alone, in
 * strips). Exits with the skip code 77 when no CUDA device is present. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "deep_views.h"
#include "escape_tiles.h"
#include "fractalis.h"
#include "gpu_support.h"

#define MAXV 48

typedef struct batch {
    int n;
    fr_escape_params *v[MAXV];
} batch;

static void batch_tiles(batch *b, const fr_escape_params *base, int n, const int (*tiles)[3])
{
    b->n = n;
    for (int i = 0; i < n; i++) {
        b->v[i] = malloc(sizeof *b->v[i]);
        assert_non_null(b->v[i]);
        *b->v[i] = *base;
        fr_test_tile(b->v[i], tiles[i][0], tiles[i][1], tiles[i][2]);
    }
}

static void batch_free(batch *b)
{
    for (int i = 0; i < b->n; i++) free(b->v[i]);
    b->n = 0;
}

static fr_context *context_on(const char *device, uint64_t mem)
{
    fr_context *ctx = fr_context_create();
    if (fr_context_set_device(ctx, device)) fail_msg("device %s: %s", device, fr_last_error(ctx));
    if (fr_context_set_device_memory(ctx, mem)) fail_msg("device memory: %s", fr_last_error(ctx));
    return ctx;
}

static size_t image_bytes(const fr_image *im)
{
    return (size_t)im->width * im->height * 3 * (im->depth == 16 ? 2 : 1);
}

/* Largest difference of a sample, in levels of the image's depth. */
static int max_diff(const fr_image *a, const fr_image *b)
{
    const size_t n = (size_t)a->width * a->height * 3;
    int maxd = 0;
    for (size_t i = 0; i < n; i++) {
        int x = a->depth == 16 ? ((uint16_t *)a->pixels)[i] : ((uint8_t *)a->pixels)[i];
        int y = b->depth == 16 ? ((uint16_t *)b->pixels)[i] : ((uint8_t *)b->pixels)[i];
        if (abs(x - y) > maxd) maxd = abs(x - y);
    }
    return maxd;
}

/* The GPU batch (under a device memory budget `mem`, 0: automatic) against
 * the GPU's and the CPU's single renders of each view. */
static fr_escape_stats check_batch(const batch *b, uint64_t mem, const char *what)
{
    fr_context *gpu = context_on("cuda", mem), *cpu = context_on("cpu", 0);
    fr_image *imgs = calloc((size_t)b->n, sizeof *imgs);
    fr_escape_stats bst;
    if (fr_escape_render_batch(gpu, (const fr_escape_params *const *)b->v, b->n, imgs, &bst))
        fail_msg("%s: batch: %s", what, fr_last_error(gpu));
    uint64_t samples = 0, iterations = 0, interior = 0;
    for (int i = 0; i < b->n; i++) {
        fr_image one, ref;
        fr_escape_stats st;
        if (fr_escape_render(gpu, b->v[i], &one, NULL, &st))
            fail_msg("%s: view %d on the GPU: %s", what, i, fr_last_error(gpu));
        if (fr_escape_render(cpu, b->v[i], &ref, NULL, NULL))
            fail_msg("%s: view %d on the CPU: %s", what, i, fr_last_error(cpu));
        samples += st.samples, iterations += st.iterations, interior += st.interior;
        assert_int_equal(imgs[i].width, one.width);
        assert_int_equal(imgs[i].height, one.height);
        assert_int_equal(imgs[i].depth, one.depth);
        if (memcmp(imgs[i].pixels, one.pixels, image_bytes(&one)))
            fail_msg("%s: view %d: the batch's image differs from the GPU's single render (max %d levels)", what, i,
                     max_diff(&imgs[i], &one));
        const int exact = b->v[i]->color == FR_COLOR_COUNT;
        const int d = max_diff(&imgs[i], &ref), limit = exact ? 0 : (ref.depth == 16 ? 257 : 1);
        if (d > limit)
            fail_msg("%s: view %d: the batch's image differs from the CPU's by %d levels (allowed %d)", what, i, d,
                     limit);
        fr_image_free(&one), fr_image_free(&ref), fr_image_free(&imgs[i]);
    }
    assert_int_equal(bst.samples, samples);
    assert_int_equal(bst.iterations, iterations);
    assert_int_equal(bst.interior, interior);
    free(imgs);
    fr_context_destroy(gpu);
    fr_context_destroy(cpu);
    return bst;
}

static const int tiles6[6][3] = {{0, 0, 0}, {1, 0, 1}, {2, 1, 1}, {3, 2, 3}, {4, 5, 7}, {6, 26, 31}};

static void test_batches(void **state)
{
    (void)state;
    fr_escape_params *base = malloc(sizeof *base);
    batch b;

    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 256, base->height = 256, base->max_iter = 1000;
    batch_tiles(&b, base, 6, tiles6);
    check_batch(&b, 0, "mandelbrot smooth 256x256");
    batch_free(&b);

    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 96, base->height = 64, base->color = FR_COLOR_COUNT, base->aa = 2, base->max_iter = 2000;
    batch_tiles(&b, base, 6, tiles6);
    check_batch(&b, 0, "mandelbrot count aa 2");
    batch_free(&b);

    fr_escape_params_default(base, FR_JULIA);
    base->width = 80, base->height = 80, base->aa = 2, base->depth = 16, base->max_iter = 500;
    batch_tiles(&b, base, 6, tiles6);
    check_batch(&b, 0, "julia smooth aa 2 depth 16");
    batch_free(&b);

    fr_escape_params_default(base, FR_BURNINGSHIP);
    base->width = 96, base->height = 64, base->aa = 2, base->color = FR_COLOR_HISTOGRAM, base->max_iter = 600;
    batch_tiles(&b, base, 6, tiles6);
    check_batch(&b, 0, "burning ship histogram aa 2");
    batch_free(&b);

    fr_escape_params_default(base, FR_MULTIBROT);
    base->width = 64, base->height = 64, base->color = FR_COLOR_DISTANCE, base->precision = FR_F32;
    base->max_iter = 300;
    batch_tiles(&b, base, 6, tiles6);
    check_batch(&b, 0, "multibrot distance f32");
    batch_free(&b);

    fr_escape_params_default(base, FR_TRICORN);
    base->width = 64, base->height = 40, base->rotate_deg = 30, base->interior_test = 0, base->periodicity = 0;
    base->max_iter = 300;
    batch_tiles(&b, base, 6, tiles6);
    check_batch(&b, 0, "tricorn rotated");
    batch_free(&b);
    free(base);
}

/* A view at 1e-20 (perturbation) between plain tiles. */
static void test_deep_view_mixed_in(void **state)
{
    (void)state;
    deep_view dv;
    if (deep_view_make(20, &dv)) fail_msg("deep view: %s", deep_view_error());
    fr_context *ctx = fr_context_create();
    fr_escape_params *base = malloc(sizeof *base);
    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 128, base->height = 96, base->max_iter = dv.max_iter;
    batch b;
    batch_tiles(&b, base, 5, tiles6);
    char center[4096];
    snprintf(center, sizeof center, "%s,%s", dv.re, dv.im);
    assert_int_equal(fr_escape_param_set(ctx, b.v[2], "center", center), FR_OK);
    assert_int_equal(fr_escape_param_set(ctx, b.v[2], "width", dv.width), FR_OK);
    assert_true(check_batch(&b, 0, "deep view among tiles").deep >= 1);
    batch_free(&b);
    free(base);
    fr_context_destroy(ctx);
    deep_view_free(&dv);
}

/* 40 tiles of levels 2 and 3 under a 16 MiB budget: several launches. */
static void test_several_launches(void **state)
{
    (void)state;
    int tiles[40][3];
    for (int i = 0; i < 40; i++) {
        if (i < 16) tiles[i][0] = 2, tiles[i][1] = i % 4, tiles[i][2] = i / 4;
        else tiles[i][0] = 3, tiles[i][1] = (i - 16) % 8, tiles[i][2] = 2 + (i - 16) / 8;
    }
    fr_escape_params *base = malloc(sizeof *base);
    batch b;
    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 256, base->height = 256, base->max_iter = 1000;
    batch_tiles(&b, base, 40, (const int (*)[3])tiles);
    check_batch(&b, 16u << 20, "40 tiles, 16 MiB");
    for (int i = 0; i < 40; i++) b.v[i]->color = FR_COLOR_HISTOGRAM;
    check_batch(&b, 16u << 20, "40 tiles, histogram, 16 MiB");
    batch_free(&b);

    /* a view larger than the budget holds alone: in strips, by itself */
    fr_escape_params_default(base, FR_MANDELBROT);
    base->width = 2000, base->height = 1500, base->aa = 2, base->max_iter = 200;
    batch_tiles(&b, base, 2, tiles6);
    check_batch(&b, 16u << 20, "2000x1500 aa 2, 16 MiB");
    batch_free(&b);
    free(base);
}

int main(void)
{
    int gate = gpu_tests_gate();
    if (gate) return gate;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batches),
        cmocka_unit_test(test_deep_view_mixed_in),
        cmocka_unit_test(test_several_launches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
