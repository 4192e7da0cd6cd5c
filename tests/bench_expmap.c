/* The renderer's side of animate --expmap against rendering every frame,
 * no files written (docs/PERFORMANCE.md, "Animation: the exponential
 * map"): a zoom from the full view (width 4.5, the scene's default) to
 * --to WIDTH about CENTER, N frames of fr_escape_zoom_view (log width
 * linear in the frame number, as `animate` makes them); the wall clock of
 * fr_expmap_render (strip and centre image), of fr_expmap_frame for every
 * frame, and of fr_escape_render for every frame (on one context, so the
 * deep frames share one reference orbit, as in `animate`). Public API
 * only.
 *
 *   bench_expmap --center RE,IM --to WIDTH [--size WxH] [--iter N] [--frames N] [--device D] [--direct 0|1]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fractalis.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int die(fr_context *ctx, const char *what)
{
    fprintf(stderr, "bench_expmap: %s: %s\n", what, fr_last_error(ctx));
    return 1;
}

int main(int argc, char **argv)
{
    const char *center = NULL, *to = NULL, *size = "640x360", *iter = "1000", *device = "cpu";
    int frames = 120, direct = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--center")) center = argv[i + 1];
        else if (!strcmp(argv[i], "--to")) to = argv[i + 1];
        else if (!strcmp(argv[i], "--size")) size = argv[i + 1];
        else if (!strcmp(argv[i], "--iter")) iter = argv[i + 1];
        else if (!strcmp(argv[i], "--device")) device = argv[i + 1];
        else if (!strcmp(argv[i], "--frames")) frames = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--direct")) direct = atoi(argv[i + 1]);
        else {
            fprintf(stderr, "bench_expmap: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (!center || !to || frames < 2) {
        fprintf(stderr, "usage: bench_expmap --center RE,IM --to WIDTH [--size WxH] [--iter N] [--frames N] "
                        "[--device D] [--direct 0|1]\n");
        return 2;
    }
    fr_context *ctx = fr_context_create();
    fr_escape_params *a = malloc(sizeof *a), *b = malloc(sizeof *b), *f = malloc(sizeof *f);
    if (!ctx || !a || !b || !f) return 1;
    fr_escape_params_default(a, FR_MANDELBROT);
    if (fr_context_set_device(ctx, device) || fr_escape_param_set(ctx, a, "center", center) ||
        fr_escape_param_set(ctx, a, "size", size) || fr_escape_param_set(ctx, a, "iter", iter))
        return die(ctx, "scene");
    memcpy(b, a, sizeof *b);
    if (fr_escape_param_set(ctx, b, "width", to)) return die(ctx, "--to");
    double t0 = now();
    fr_expmap *m = NULL;
    if (fr_expmap_render(ctx, a, b, NULL, &m)) return die(ctx, "expmap");
    const double t_map = now() - t0;
    fr_expmap_info in;
    fr_expmap_get_info(m, &in);
    double t_frames = 0, t_direct = 0;
    for (int i = 0; i < frames; i++) {
        if (fr_escape_zoom_view(ctx, a, b, (double)i / (frames - 1), 1, f)) return die(ctx, "frame");
        fr_image img = {0};
        t0 = now();
        if (fr_expmap_frame(ctx, m, f, &img)) return die(ctx, "resample");
        t_frames += now() - t0;
        fr_image_free(&img);
        if (!direct) continue;
        t0 = now();
        if (fr_escape_render(ctx, f, &img, NULL, NULL)) return die(ctx, "render");
        t_direct += now() - t0;
        fr_image_free(&img);
    }
    printf("%s %s, %d frames to %s on %s: map %dx%d (%d float64 rows, %d in extended range) %.2f s (strip %.2f s, "
           "centre %.2f s); resampling %.2f s (%.1f ms a frame); expmap total %.2f s",
           size, iter, frames, to, device, in.width, in.height, in.plain_rows, in.fe_rows, t_map,
           in.seconds_strip, in.seconds_centre, t_frames, 1e3 * t_frames / frames, t_map + t_frames);
    if (direct)
        printf("; every frame rendered %.2f s (%.1f ms a frame): %.2fx\n", t_direct, 1e3 * t_direct / frames,
               t_direct / (t_map + t_frames));
    else
        printf("\n");
    fr_expmap_destroy(m);
    free(a), free(b), free(f);
    fr_context_destroy(ctx);
    return 0;
}
