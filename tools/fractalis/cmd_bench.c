/* fractalis bench: time a fixed set of escape-time scenes on one device
 * and print a table (scene, device, time, pixels/s, iterations/s, and the
 * speed-up over the plain reference kernel run in the same process). With
 * --sweep, time a grid of GPU block shapes and show the one the CUDA
 * occupancy API suggests next to the fastest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

typedef struct scene {
    const char *name, *what;
    const char *formula;
    const char *const *settings; /* name, value pairs, NULL-terminated */
} scene;

#define S(...) ((const char *const[]){__VA_ARGS__, NULL})

/* The interior view lies inside the main cardioid: no sample escapes, so
 * with the interior test and periodicity off every step is a real
 * iteration (the throughput ceiling of the iteration itself). */
static const scene scenes[] = {
    {"interior-f32", "no escaping point, max 20000, float32", "mandelbrot",
     S("size", "2048x2048", "center", "-0.15,0", "width", "0.2", "iter", "20000", "precision", "f32",
       "interior-test", "off", "periodicity", "off", "color", "count")},
    {"interior-f64", "no escaping point, max 20000, float64", "mandelbrot",
     S("size", "2048x2048", "center", "-0.15,0", "width", "0.2", "iter", "20000", "precision", "f64",
       "interior-test", "off", "periodicity", "off", "color", "count")},
    {"full-f32", "full view 4096x4096, max 1000, smooth, float32", "mandelbrot",
     S("size", "4096x4096", "iter", "1000", "precision", "f32", "color", "smooth")},
    {"full-f64", "full view 4096x4096, max 1000, smooth, float64", "mandelbrot",
     S("size", "4096x4096", "iter", "1000", "precision", "f64", "color", "smooth")},
    {"full-aa4", "full view 4096x4096, max 1000, smooth, float64, aa 4x4", "mandelbrot",
     S("size", "4096x4096", "iter", "1000", "precision", "f64", "color", "smooth", "aa", "4")},
    {"histogram", "full view 4096x4096, max 1000, histogram, float64", "mandelbrot",
     S("size", "4096x4096", "iter", "1000", "precision", "f64", "color", "histogram")},
    {"distance", "full view 4096x4096, max 1000, distance estimation, float64", "mandelbrot",
     S("size", "4096x4096", "iter", "1000", "precision", "f64", "color", "distance")},
    {"seahorse", "seahorse valley 1920x1080, width 1e-6, max 5000, float64", "mandelbrot",
     S("size", "1920x1080", "center", "-0.743643887037151,0.131825904205330", "width", "1e-6", "iter", "5000",
       "precision", "f64", "color", "smooth")},
    {"julia", "Julia -0.8+0.156i 4096x4096, max 1000, float64", "julia",
     S("size", "4096x4096", "iter", "1000", "precision", "f64", "color", "smooth")},
    {"burningship", "Burning Ship 4096x4096, max 1000, float64", "burningship",
     S("size", "4096x4096", "iter", "1000", "precision", "f64", "color", "smooth")},
    {"tricorn", "Tricorn 4096x4096, max 1000, float64", "tricorn",
     S("size", "4096x4096", "iter", "1000", "precision", "f64", "color", "smooth")},
    {"multibrot5", "Multibrot d=5 4096x4096, max 1000, float64", "multibrot",
     S("size", "4096x4096", "iter", "1000", "precision", "f64", "color", "smooth", "power", "5")},
    /* The Hybridizer article's Mandelbrot: iteration counts of a 2048x2048
     * grid over [-2,2] x [-2,2], max 256, single precision; it reports 4.56
     * Gpixels/s on a GTX 1080 Ti. */
    {"hybridizer", "the Hybridizer article's scene: 2048x2048, [-2,2]x[-2,2], max 256, float32, counts", "mandelbrot",
     S("size", "2048x2048", "center", "0,0", "width", "4", "rotate", "0", "iter", "256", "precision", "f32", "color",
       "count")},
};
/* The Hybridizer article's figure for its scene (GTX 1080 Ti). */
#define HYBRIDIZER_GPIXELS 4.56
#define NSCENES ((int)(sizeof scenes / sizeof scenes[0]))

static int load_scene(fr_context *ctx, const scene *sc, int small, fr_escape_params *p)
{
    fr_formula f;
    if (fr_formula_parse(ctx, sc->formula, &f)) return -1;
    fr_escape_params_default(p, f);
    for (int i = 0; sc->settings[i]; i += 2)
        if (fr_escape_param_set(ctx, p, sc->settings[i], sc->settings[i + 1])) return -1;
    if (small) {
        /* Same view at a quarter of the pixels per side (CPU runs). */
        p->width /= 4, p->height /= 4;
    }
    return 0;
}

typedef struct bench_cmd {
    const char *only[32];
    int nonly, repeats, small, sweep, plain, list;
} bench_cmd;

enum { OPT_SCENE, OPT_REPEATS, OPT_SMALL, OPT_SWEEP, OPT_NO_PLAIN, OPT_LIST };
static const cli_opt opts[] = {
    [OPT_SCENE] = {"scene", "NAME", "run only this scene (repeatable)  [default: all]"},
    [OPT_REPEATS] = {"repeats", "N", "timed runs per figure, 1..1000, after one warm-up  [default: 7 GPU, 3 CPU]"},
    [OPT_SMALL] = {"small", NULL, "CPU-sized scenes: a quarter of the pixels per side"},
    [OPT_SWEEP] = {"sweep", NULL, "GPU: time a grid of block shapes on each scene and show the occupancy API's "
                                  "choice next to the fastest"},
    [OPT_NO_PLAIN] = {"no-plain", NULL, "skip the plain reference kernel"},
    [OPT_LIST] = {"list", NULL, "list the scenes"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    bench_cmd *b = user;
    switch (i) {
    case OPT_SCENE:
        if (b->nonly == 32) return cli_error("--scene: at most 32"), EXIT_USAGE;
        for (int k = 0; k < NSCENES; k++)
            if (!strcmp(v, scenes[k].name)) return b->only[b->nonly++] = v, 0;
        return cli_error("bench: no scene '%s' (see fractalis bench --list)", v), EXIT_USAGE;
    case OPT_REPEATS:
        if (!cli_parse_int(v, 1, 1000, &b->repeats)) return cli_error("--repeats must be 1..1000"), EXIT_USAGE;
        return 0;
    case OPT_SMALL: b->small = 1; return 0;
    case OPT_SWEEP: b->sweep = 1; return 0;
    case OPT_NO_PLAIN: b->plain = 0; return 0;
    case OPT_LIST: b->list = 1; return 0;
    }
    return 0;
}

static void usage(const cli_command *c)
{
    printf("Usage: fractalis bench [options]\n"
           "       fractalis bench orbit [options]      (orbit density: fractalis bench orbit --help)\n"
           "       fractalis bench flame FILE...        (flames: fractalis bench flame --help)\n"
           "       fractalis bench deep [FILE.kfr...]   (deep zoom: fractalis bench deep --help)\n"
           "       fractalis bench scaling --device L   (a device list against its first device)\n\n"
           "Times a fixed set of escape-time scenes on one device (GPU: CUDA events around the render into\n"
           "device memory, nothing copied back; CPU: wall clock of the whole render) and prints, per scene,\n"
           "the median time, pixels/s, iterations/s and the speed-up over the plain reference kernel (one\n"
           "thread per sample, escape test every step) timed in the same process.\n\n");
    cli_print_options(c, NULL);
    printf("\nScenes:\n");
    for (int i = 0; i < NSCENES; i++) printf("  %-13s %s\n", scenes[i].name, scenes[i].what);
}

static int wanted(const bench_cmd *b, const char *name)
{
    int want = !b->nonly;
    for (int k = 0; k < b->nonly; k++) want |= !strcmp(b->only[k], name);
    return want;
}

static void print_row(const char *scene, const char *device, const fr_bench_result *r, const fr_escape_params *p)
{
    double pix = (double)p->width * p->height;
    printf("%-13s %-7s %10.3f %10.3g %10.3g", scene, device, r->seconds * 1e3, pix / r->seconds,
           (double)r->iterations / r->seconds);
    if (r->plain_seconds > 0)
        printf(" %10.3f %10.3g %7.2fx", r->plain_seconds * 1e3, (double)r->plain_iterations / r->plain_seconds,
               r->plain_seconds / r->seconds);
    printf("\n");
    fflush(stdout);
}

static int sweep(fr_context *ctx, const scene *sc, const fr_escape_params *p, int repeats)
{
    static const int shapes[][2] = {{32, 1},  {64, 1},  {128, 1}, {256, 1}, {512, 1}, {1024, 1}, {32, 2},
                                    {32, 4},  {32, 8},  {32, 16}, {32, 32}, {16, 2},  {16, 4},   {16, 8},
                                    {16, 16}, {16, 32}, {8, 4},   {8, 8},   {8, 16},  {8, 32},   {64, 2},
                                    {64, 4},  {64, 8},  {64, 16}, {128, 2}, {128, 4}, {128, 8},  {256, 2}, {256, 4}};
    const int n = (int)(sizeof shapes / sizeof shapes[0]);
    fr_bench_result best = {0}, occ = {0}, r;
    int occ_block = 0;
    printf("\nsweep %s (%s): block shape, median ms\n", sc->name, sc->what);
    for (int i = 0; i <= n; i++) {
        fr_bench_opts o = {.repeats = repeats};
        if (i < n) o.block_w = shapes[i][0], o.block_h = shapes[i][1];
        else if (occ_block) o.block_w = occ_block >= 32 ? 32 : occ_block, o.block_h = occ_block >= 32 ? occ_block / 32 : 1;
        else break;
        if (fr_escape_bench(ctx, p, &o, &r)) {
            cli_error("%s", fr_last_error(ctx));
            return EXIT_WORK;
        }
        if (i < n) {
            printf("  %4dx%-4d %10.3f\n", r.block_w, r.block_h, r.seconds * 1e3);
            if (!best.seconds || r.seconds < best.seconds) best = r;
            occ_block = r.occupancy_block;
        } else {
            occ = r;
        }
    }
    printf("  occupancy API: %d threads a block -> %dx%d: %.3f ms; fastest %dx%d: %.3f ms (%.2fx)\n", occ_block,
           occ.block_w, occ.block_h, occ.seconds * 1e3, best.block_w, best.block_h, best.seconds * 1e3,
           occ.seconds / best.seconds);
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "orbit")) return cmd_bench_orbit(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "flame")) return cmd_bench_flame(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "deep")) return cmd_bench_deep(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "scaling")) return cmd_bench_scaling(argc - 1, argv + 1);
    bench_cmd b = {.plain = 1};
    const cli_command c = {"bench", RUN_DEVICE | RUN_KERNEL | RUN_THREADS, NULL, NULL, opts, on_opt, NULL, &b};
    cli_run run;
    cli_run_init(&run);
    run.quiet = 1;
    int rc = cli_parse(&c, NULL, argc, argv, 1, &run, NULL);
    if (rc == CLI_HELP) return usage(&c), 0;
    if (rc) return rc;
    if (b.list) {
        for (int k = 0; k < NSCENES; k++) printf("%-13s %s\n", scenes[k].name, scenes[k].what);
        return 0;
    }
    fr_context *ctx = fr_context_create();
    if (!ctx) return EXIT_WORK;
    run.quiet = 0;
    if ((rc = cli_run_apply(ctx, &run))) {
        fr_context_destroy(ctx);
        return rc;
    }
    const char *dev = fr_context_device(ctx);
    const int gpu = strcmp(dev, "cpu") != 0;
    int repeats = b.repeats ? b.repeats : gpu ? 7 : 3;
    printf("%-13s %-7s %10s %10s %10s %10s %10s %8s\n", "scene", "device", "ms", "pixels/s", "iter/s", "plain ms",
           "plain it/s", "speed-up");
    for (int i = 0; i < NSCENES && !rc; i++) {
        if (!wanted(&b, scenes[i].name)) continue;
        fr_escape_params p;
        if (load_scene(ctx, &scenes[i], b.small, &p)) {
            cli_error("scene %s: %s", scenes[i].name, fr_last_error(ctx));
            rc = EXIT_WORK;
            break;
        }
        fr_bench_opts o = {.repeats = repeats, .plain = b.plain};
        fr_bench_result r;
        if (fr_escape_bench(ctx, &p, &o, &r)) {
            cli_error("scene %s: %s", scenes[i].name, fr_last_error(ctx));
            rc = EXIT_WORK;
            break;
        }
        print_row(scenes[i].name, dev, &r, &p);
        if (!strcmp(scenes[i].name, "hybridizer"))
            printf("%-13s %.3g Gpixels/s (the article: %.2f Gpixels/s on a GTX 1080 Ti)\n", "",
                   (double)p.width * p.height / r.seconds * 1e-9, HYBRIDIZER_GPIXELS);
    }
    if (!rc && b.sweep) {
        if (!gpu) {
            cli_error("--sweep needs a GPU device");
            rc = EXIT_USAGE;
        }
        for (int i = 0; i < NSCENES && !rc; i++) {
            if (!wanted(&b, scenes[i].name)) continue;
            fr_escape_params p;
            load_scene(ctx, &scenes[i], b.small, &p);
            rc = sweep(ctx, &scenes[i], &p, repeats);
        }
    }
    fr_context_destroy(ctx);
    return rc;
}
