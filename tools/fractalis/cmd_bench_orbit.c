/* fractalis bench orbit: time fixed orbit-density scenes on one device and
 * print samples/s, histogram increments (hits)/s and iterations/s. GPU
 * figures are CUDA-event medians over the sampling launches (histogram
 * left on the device); CPU figures are wall-clock medians. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

typedef struct oscene {
    const char *name, *what;
    int nebula, anti;
    double samples, small_samples;
    const char *const *settings;
} oscene;

#define S(...) ((const char *const[]){__VA_ARGS__, NULL})
#define FULL "center", "-0.5,0", "width", "3", "rotate", "0"
#define SEED "size", "1440x2560", "center", "-0.6,0", "width", "3", "rotate", "90", "region", "-2.1,1.1,-1.8,1.8"

static const oscene scenes[] = {
    {"buddha-f32", "Buddhabrot 4096x4096 full view, max 1000, float32", 0, 0, 2e9, 2e7,
     S("size", "4096x4096", FULL, "iter", "1000", "precision", "f32")},
    {"buddha-f64", "Buddhabrot 4096x4096 full view, max 1000, float64", 0, 0, 1e9, 1e7,
     S("size", "4096x4096", FULL, "iter", "1000", "precision", "f64")},
    {"nebula", "Nebulabrot 4096x4096 full view, 5000/500/50, float32", 1, 0, 1e9, 1e7,
     S("size", "4096x4096", FULL, "precision", "f32")},
    {"seed-max20", "the PyCUDA review's scene: 1440x2560, max 20, float32", 0, 0, 2e9, 2e7,
     S(SEED, "iter", "20", "precision", "f32")},
    {"seed-max1000", "the PyCUDA review's scene: 1440x2560, max 1000, float32", 0, 0, 1e9, 1e7,
     S(SEED, "iter", "1000", "precision", "f32")},
    {"anti", "anti-Buddhabrot 2048x2048, max 500, float32", 0, 1, 2e8, 2e6,
     S("size", "2048x2048", FULL, "iter", "500", "precision", "f32")},
    {"importance", "Buddhabrot zoom 2048x2048 (width 0.5), importance sampling", 0, 0, 5e8, 5e6,
     S("size", "2048x2048", "center", "-0.1,0.65", "width", "0.5", "rotate", "0", "sampling", "importance")},
    {"metropolis", "Buddhabrot zoom 1024x1024 (width 0.01 at the period-3 bulb), max 1000, metropolis, chains of 2048",
     0, 0, 1e8, 1e6,
     S("size", "1024x1024", "center", "-0.12,0.78", "width", "0.01", "rotate", "0", "iter", "1000", "sampling",
       "metropolis", "chain-length", "2048", "burn-in", "256")},
    /* issue 26's gigapixel Buddhabrot: 2^30 pixels (8 GiB of 64-bit counts a
     * channel), max 1,000,000; the image itself takes about 1e11 samples
     * (README), the bench 1e9 (--small: 8192x8192, 1e6). In bands where the
     * device's memory needs them (the table's bands column). */
    {"giga-32k", "Buddhabrot 32768x32768 full view, max 1000000, float32, 1e9 samples", 0, 0, 1e9, 1e6,
     S("size", "32768x32768", FULL, "iter", "1000000", "precision", "f32")},
    /* the other formulas, each in its own region and a view of the whole set */
    {"ship", "Burning Ship Buddhabrot 4096x4096, max 1000, float32 (no pairs)", 0, 0, 1e9, 1e7,
     S("formula", "burningship", "size", "4096x4096", "center", "-0.4,-0.6", "width", "3.4", "rotate", "0", "iter",
       "1000", "precision", "f32")},
    {"tricorn", "Tricorn Buddhabrot 4096x4096, max 1000, float32", 0, 0, 1e9, 1e7,
     S("formula", "tricorn", "size", "4096x4096", "center", "-0.4,0", "width", "3.6", "rotate", "0", "iter", "1000",
       "precision", "f32")},
    {"multibrot3", "Multibrot z^3 + c Buddhabrot 4096x4096, max 1000, float32", 0, 0, 1e9, 1e7,
     S("formula", "multibrot", "power", "3", "size", "4096x4096", "center", "0,0", "width", "3", "rotate", "0",
       "iter", "1000", "precision", "f32")},
    {"julia", "Julia (c = -0.4+0.6i) Buddhabrot 4096x4096, max 1000, float32 (no pairs)", 0, 0, 1e9, 1e7,
     S("formula", "julia", "c", "-0.4,0.6", "size", "4096x4096", "center", "0,0", "width", "3.4", "rotate", "0",
       "iter", "1000", "precision", "f32")},
};
#define NSCENES ((int)(sizeof scenes / sizeof scenes[0]))

typedef struct orbit_cmd {
    const char *only[16];
    int nonly, repeats, small;
    double samples;
} orbit_cmd;

enum { OPT_SCENE, OPT_REPEATS, OPT_SMALL, OPT_SAMPLES };
static const cli_opt opts[] = {
    [OPT_SCENE] = {"scene", "NAME", "only this scene (repeatable)  [default: all]"},
    [OPT_REPEATS] = {"repeats", "N", "timed runs, 1..1000, after one warm-up  [default: 5]"},
    [OPT_SMALL] = {"small", NULL, "CPU-sized: 1/4 of the pixels per side, 1/100 of the samples"},
    [OPT_SAMPLES] = {"samples", "N", "override the scene's sample count"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    orbit_cmd *o = user;
    char *end;
    switch (i) {
    case OPT_SCENE:
        if (o->nonly == 16) return cli_error("--scene: at most 16"), EXIT_USAGE;
        for (int k = 0; k < NSCENES; k++)
            if (!strcmp(v, scenes[k].name)) return o->only[o->nonly++] = v, 0;
        return cli_error("unknown scene '%s' (try 'fractalis bench orbit --help')", v), EXIT_USAGE;
    case OPT_REPEATS:
        if (!cli_parse_int(v, 1, 1000, &o->repeats)) return cli_error("--repeats must be 1..1000"), EXIT_USAGE;
        return 0;
    case OPT_SMALL: o->small = 1; return 0;
    case OPT_SAMPLES:
        o->samples = strtod(v, &end);
        if (*end || !(o->samples >= 1 && o->samples <= 1e15))
            return cli_error("--samples '%s' must be a number 1..1e15", v), EXIT_USAGE;
        return 0;
    }
    return 0;
}

static void usage(const cli_command *c)
{
    printf("Usage: fractalis bench orbit [options]\n\n"
           "Times fixed orbit-density scenes: the median time to draw, classify and plot the scene's samples\n"
           "(GPU: CUDA events, histogram left on the device; CPU: wall clock), samples/s, histogram\n"
           "increments (hits)/s and iterations/s.\n\n");
    cli_print_options(c, NULL);
    printf("\nScenes:\n");
    for (int i = 0; i < NSCENES; i++) printf("  %-13s %s\n", scenes[i].name, scenes[i].what);
}

int cmd_bench_orbit(int argc, char **argv)
{
    orbit_cmd b = {.repeats = 5};
    const cli_command c = {"bench orbit", RUN_DEVICE | RUN_KERNEL | RUN_THREADS | RUN_DEVICE_MEMORY | RUN_HOST_MEMORY,
                           NULL, NULL, opts, on_opt, NULL, &b};
    cli_run run;
    cli_run_init(&run);
    int rc = cli_parse(&c, NULL, argc, argv, 1, &run, NULL);
    if (rc == CLI_HELP) return usage(&c), 0;
    if (rc) return rc;
    fr_context *ctx = fr_context_create();
    if (!ctx) return EXIT_WORK;
    if ((rc = cli_run_apply(ctx, &run))) {
        fr_context_destroy(ctx);
        return rc;
    }
    printf("%-13s %-7s %10s %11s %11s %11s %8s %5s\n", "scene", "device", "ms", "samples/s", "hits/s", "iter/s",
           "hits/px", "bands");
    for (int i = 0; i < NSCENES && !rc; i++) {
        int want = !b.nonly;
        for (int k = 0; k < b.nonly; k++) want |= !strcmp(b.only[k], scenes[i].name);
        if (!want) continue;
        fr_buddha_params p;
        fr_buddha_params_default(&p, scenes[i].nebula, scenes[i].anti);
        for (int k = 0; scenes[i].settings[k]; k += 2)
            if (fr_buddha_param_set(ctx, &p, scenes[i].settings[k], scenes[i].settings[k + 1])) {
                cli_error("%s", fr_last_error(ctx));
                rc = EXIT_WORK;
            }
        if (b.small) p.width /= 4, p.height /= 4;
        p.samples = (uint64_t)(b.samples > 0 ? b.samples : b.small ? scenes[i].small_samples : scenes[i].samples);
        fr_buddha_bench_result r;
        if (!rc && fr_buddha_bench(ctx, &p, b.repeats, &r)) {
            cli_error("%s: %s", scenes[i].name, fr_last_error(ctx));
            rc = EXIT_WORK;
        }
        if (rc) break;
        printf("%-13s %-7s %10.2f %11.4g %11.4g %11.4g %8.1f %5d\n", scenes[i].name, fr_context_device(ctx),
               r.seconds * 1e3, (double)r.samples / r.seconds, (double)r.hits / r.seconds,
               (double)r.iterations / r.seconds, (double)r.hits / ((double)p.width * p.height), r.bands);
        fflush(stdout);
    }
    fr_context_destroy(ctx);
    return rc;
}
