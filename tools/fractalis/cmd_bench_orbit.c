/* fractalis bench orbit: time fixed orbit-density scenes on one device and
 * print samples/s, histogram increments (hits)/s and iterations/s. GPU
 * figures are CUDA-event medians over the sampling launches (histogram
 * left on the device); CPU figures are wall-clock medians. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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
};
#define NSCENES ((int)(sizeof scenes / sizeof scenes[0]))

static void usage(void)
{
    printf("Usage: fractalis bench orbit [options]\n\n"
           "Times fixed orbit-density scenes: the median time to draw, classify and plot the scene's samples\n"
           "(GPU: CUDA events, histogram left on the device; CPU: wall clock), samples/s, histogram\n"
           "increments (hits)/s and iterations/s.\n\n"
           "Options:\n"
           "  --device D     auto|cpu|cuda[:N]                    [default: auto]\n"
           "  --scene NAME   only this scene (repeatable)          [default: all]\n"
           "  --repeats N    timed runs after one warm-up          [default: 5]\n"
           "  --small        CPU-sized: 1/4 of the pixels per side, 1/100 of the samples\n"
           "  --samples N    override the scene's sample count\n"
           "  --threads N    CPU threads                           [default: all]\n"
           "  --kernel K     CPU kernel: auto|scalar|avx2          [default: auto]\n\n"
           "Scenes:\n");
    for (int i = 0; i < NSCENES; i++) printf("  %-13s %s\n", scenes[i].name, scenes[i].what);
}

int cmd_bench_orbit(int argc, char **argv)
{
    const char *device = "auto", *kernel = "auto", *only[16];
    int nonly = 0, repeats = 5, small = 0, threads = 0;
    double samples = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) return usage(), 0;
        if (!strcmp(a, "--small")) small = 1;
        else if (!strcmp(a, "--device") && v) device = v, i++;
        else if (!strcmp(a, "--scene") && v && nonly < 16) only[nonly++] = v, i++;
        else if (!strcmp(a, "--repeats") && v) repeats = atoi(v), i++;
        else if (!strcmp(a, "--samples") && v) samples = atof(v), i++;
        else if (!strcmp(a, "--threads") && v) threads = atoi(v), i++;
        else if (!strcmp(a, "--kernel") && v) kernel = v, i++;
        else return cli_error("bench orbit: unknown or incomplete option '%s'", a), EXIT_USAGE;
    }
    if (repeats < 1 || repeats > 1000) return cli_error("--repeats must be 1..1000"), EXIT_USAGE;
    for (int k = 0; k < nonly; k++) {
        int found = 0;
        for (int i = 0; i < NSCENES; i++) found |= !strcmp(only[k], scenes[i].name);
        if (!found) return cli_error("unknown scene '%s' (try 'fractalis bench orbit --help')", only[k]), EXIT_USAGE;
    }
    fr_cpu_kernel k = !strcmp(kernel, "scalar") ? FR_CPU_KERNEL_SCALAR
                      : !strcmp(kernel, "avx2") ? FR_CPU_KERNEL_AVX2
                                                : FR_CPU_KERNEL_AUTO;
    if (k == FR_CPU_KERNEL_AUTO && strcmp(kernel, "auto"))
        return cli_error("--kernel '%s' is not one of auto, scalar, avx2", kernel), EXIT_USAGE;
    fr_context *ctx = fr_context_create();
    if (fr_context_set_device(ctx, device) || fr_context_set_threads(ctx, threads) ||
        fr_context_set_cpu_kernel(ctx, k)) {
        cli_error("%s", fr_last_error(ctx));
        fr_context_destroy(ctx);
        return EXIT_USAGE;
    }
    printf("%-13s %-7s %10s %11s %11s %11s %8s\n", "scene", "device", "ms", "samples/s", "hits/s", "iter/s",
           "hits/px");
    int rc = 0;
    for (int i = 0; i < NSCENES && !rc; i++) {
        int run = !nonly;
        for (int k = 0; k < nonly; k++) run |= !strcmp(only[k], scenes[i].name);
        if (!run) continue;
        fr_buddha_params p;
        fr_buddha_params_default(&p, scenes[i].nebula, scenes[i].anti);
        for (int k = 0; scenes[i].settings[k]; k += 2)
            if (fr_buddha_param_set(ctx, &p, scenes[i].settings[k], scenes[i].settings[k + 1])) {
                cli_error("%s", fr_last_error(ctx));
                rc = EXIT_WORK;
            }
        if (small) p.width /= 4, p.height /= 4;
        p.samples = (uint64_t)(samples > 0 ? samples : small ? scenes[i].small_samples : scenes[i].samples);
        fr_buddha_bench_result r;
        if (!rc && fr_buddha_bench(ctx, &p, repeats, &r)) {
            cli_error("%s: %s", scenes[i].name, fr_last_error(ctx));
            rc = EXIT_WORK;
        }
        if (rc) break;
        printf("%-13s %-7s %10.2f %11.4g %11.4g %11.4g %8.1f\n", scenes[i].name, fr_context_device(ctx),
               r.seconds * 1e3, (double)r.samples / r.seconds, (double)r.hits / r.seconds,
               (double)r.iterations / r.seconds, (double)r.hits / ((double)p.width * p.height));
        fflush(stdout);
    }
    fr_context_destroy(ctx);
    return rc;
}
