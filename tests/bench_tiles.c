/* Tiles of a web map, batched (fr_escape_render_batch) against one by one
 * (fr_escape_render each): the wall clock of whole calls, images on the
 * host included, the median of --repeats runs after a warm-up run. The
 * tiles: the first N of level 2's 16 then level 3's 64, row by row, of
 * the full Mandelbrot view (escape_tiles.h), SIZE x SIZE, iter ITER,
 * smooth colouring. Public API only.
 *
 *   bench_tiles [--device D] [--tiles N] [--size S] [--iter N] [--repeats N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "escape_tiles.h"
#include "fractalis.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, cmp);
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

int main(int argc, char **argv)
{
    const char *device = "cuda";
    int ntiles = 40, size = 256, repeats = 5;
    unsigned iter = 1000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--device")) device = argv[i + 1];
        else if (!strcmp(argv[i], "--tiles")) ntiles = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--size")) size = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--iter")) iter = (unsigned)atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--repeats")) repeats = atoi(argv[i + 1]);
        else {
            fprintf(stderr, "bench_tiles: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (ntiles < 1 || ntiles > 80 || size < 1 || repeats < 1 || repeats > 100) {
        fprintf(stderr, "bench_tiles: --tiles 1..80, --size >= 1, --repeats 1..100\n");
        return 2;
    }
    fr_context *ctx = fr_context_create();
    if (fr_context_set_device(ctx, device)) {
        fprintf(stderr, "bench_tiles: %s\n", fr_last_error(ctx));
        return 1;
    }
    char name[160] = "";
    if (strncmp(fr_context_device(ctx), "cuda", 4) == 0) {
        fr_device_info info;
        if (!fr_cuda_device_info(ctx, atoi(fr_context_device(ctx) + 5), &info))
            snprintf(name, sizeof name, " (%s)", info.name);
    }
    fr_escape_params **v = calloc((size_t)ntiles, sizeof *v);
    fr_image *batch = calloc((size_t)ntiles, sizeof *batch), *single = calloc((size_t)ntiles, sizeof *single);
    double *tb = calloc((size_t)repeats, sizeof *tb), *ts = calloc((size_t)repeats, sizeof *ts);
    for (int i = 0; i < ntiles; i++) {
        v[i] = malloc(sizeof *v[i]);
        fr_escape_params_default(v[i], FR_MANDELBROT);
        v[i]->width = size, v[i]->height = size, v[i]->max_iter = iter, v[i]->color = FR_COLOR_SMOOTH;
        if (i < 16) fr_test_tile(v[i], 2, i % 4, i / 4);
        else fr_test_tile(v[i], 3, (i - 16) % 8, (i - 16) / 8);
    }
    fr_escape_stats sb = {0}, ss = {0};
    uint64_t it_b = 0, it_s = 0;
    int same = 1;
    for (int r = -1; r < repeats; r++) {
        fr_escape_stats st;
        double t0 = now();
        if (fr_escape_render_batch(ctx, (const fr_escape_params *const *)v, ntiles, batch, &st)) {
            fprintf(stderr, "bench_tiles: batch: %s\n", fr_last_error(ctx));
            return 1;
        }
        double t1 = now();
        it_b = st.iterations, it_s = 0;
        sb = st, memset(&ss, 0, sizeof ss);
        for (int i = 0; i < ntiles; i++) {
            if (fr_escape_render(ctx, v[i], &single[i], NULL, &st)) {
                fprintf(stderr, "bench_tiles: tile %d: %s\n", i, fr_last_error(ctx));
                return 1;
            }
            it_s += st.iterations;
            ss.seconds_setup += st.seconds_setup, ss.seconds_iterate += st.seconds_iterate;
            ss.seconds_copy += st.seconds_copy, ss.seconds_color += st.seconds_color;
        }
        double t2 = now();
        if (r >= 0) tb[r] = t1 - t0, ts[r] = t2 - t1;
        for (int i = 0; i < ntiles; i++) {
            same &= !memcmp(batch[i].pixels, single[i].pixels, (size_t)size * size * 3);
            fr_image_free(&batch[i]), fr_image_free(&single[i]);
        }
    }
    const double mb = median(tb, repeats), ms = median(ts, repeats);
    printf("device %s%s: %d tiles %dx%d (levels 2-3 of the full view), iter %u, smooth; median of %d\n",
           fr_context_device(ctx), name, ntiles, size, size, iter, repeats);
    printf("%-11s %10s %10s %10s %10s %14s\n", "mode", "ms", "min ms", "max ms", "ms/tile", "iterations");
    printf("%-11s %10.2f %10.2f %10.2f %10.3f %14llu\n", "batched", mb * 1e3, tb[0] * 1e3, tb[repeats - 1] * 1e3,
           mb * 1e3 / ntiles, (unsigned long long)it_b);
    printf("%-11s %10.2f %10.2f %10.2f %10.3f %14llu\n", "one-by-one", ms * 1e3, ts[0] * 1e3, ts[repeats - 1] * 1e3,
           ms * 1e3 / ntiles, (unsigned long long)it_s);
    printf("last run's parts (ms): batched setup %.2f iterate %.2f copy %.2f colour %.2f; one by one setup %.2f "
           "iterate %.2f copy %.2f colour %.2f\n",
           sb.seconds_setup * 1e3, sb.seconds_iterate * 1e3, sb.seconds_copy * 1e3, sb.seconds_color * 1e3,
           ss.seconds_setup * 1e3, ss.seconds_iterate * 1e3, ss.seconds_copy * 1e3, ss.seconds_color * 1e3);
    printf("speed-up %.2fx; images identical: %s\n", ms / mb, same ? "yes" : "NO");
    for (int i = 0; i < ntiles; i++) free(v[i]);
    free(v), free(batch), free(single), free(tb), free(ts);
    fr_context_destroy(ctx);
    return same ? 0 : 1;
}
