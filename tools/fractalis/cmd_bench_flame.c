/* fractalis bench flame FILE... : the chaos game of each genome alone,
 * timed after a warm-up run (GPU: CUDA events; CPU: wall clock), median of
 * the runs, with and without the adds into the buckets (the
 * accumulation's share, GPU only). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void usage(void)
{
    printf("Usage: fractalis bench flame FILE... [--size WxH] [--quality Q] [--runs N] [--device D] [--threads N]\n"
           "                                     [--kernel K] [--motion-blur]\n\n"
           "Times the chaos game of genome 0 of each file (one pass) after a warm-up run and prints\n"
           "the median iterations/s; on a GPU also without the adds into the buckets.\n"
           "  --size WxH     output size, framing kept      [default: 1920x1080]\n"
           "  --quality Q    samples per output pixel       [default: 100]\n"
           "  --runs N       timed runs after the warm-up   [default: 5]\n"
           "  --kernel K     CPU chaos game: auto, scalar, avx2 [default: auto]\n"
           "  --motion-blur  the pass's temporal samples (render flame --motion-blur)\n");
}

int cmd_bench_flame(int argc, char **argv)
{
    const char *device = "auto";
    fr_cpu_kernel kernel = FR_CPU_KERNEL_AUTO;
    const char *files[256];
    int nfiles = 0, runs = 5, threads = 0;
    fr_flame_options fo = {.width = 1920, .height = 1080, .quality = 100};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) return usage(), 0;
        if (!strcmp(a, "--motion-blur")) {
            fo.motion_blur = 1;
            continue;
        }
        if (a[0] != '-') {
            if (nfiles == 256) return cli_error("bench flame: at most 256 files"), EXIT_USAGE;
            files[nfiles++] = a;
            continue;
        }
        if (!v) return cli_error("bench flame: %s needs a value", a), EXIT_USAGE;
        i++;
        if (!strcmp(a, "--size")) {
            if (sscanf(v, "%dx%d", &fo.width, &fo.height) != 2 || fo.width < 1 || fo.height < 1)
                return cli_error("--size '%s' must be WxH", v), EXIT_USAGE;
        } else if (!strcmp(a, "--quality")) {
            fo.quality = atof(v);
            if (!(fo.quality > 0)) return cli_error("--quality must be > 0"), EXIT_USAGE;
        } else if (!strcmp(a, "--runs")) {
            if (!cli_parse_int(v, 1, 1000, &runs)) return cli_error("--runs must be 1..1000"), EXIT_USAGE;
        } else if (!strcmp(a, "--device")) {
            device = v;
        } else if (!strcmp(a, "--kernel")) {
            if (!cli_parse_kernel(v, &kernel)) return cli_error("--kernel '%s' is not one of auto, scalar, avx2", v), EXIT_USAGE;
        } else if (!strcmp(a, "--threads")) {
            if (!cli_parse_int(v, 1, 4096, &threads)) return cli_error("--threads must be 1..4096"), EXIT_USAGE;
        } else {
            return cli_error("bench flame: unknown option '%s'", a), EXIT_USAGE;
        }
    }
    if (!nfiles) return usage(), EXIT_USAGE;
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    int rc = 0;
    if (fr_context_set_device(ctx, device) || fr_context_set_threads(ctx, threads) ||
        fr_context_set_cpu_kernel(ctx, kernel)) {
        cli_error("%s", fr_last_error(ctx));
        fr_context_destroy(ctx);
        return EXIT_USAGE;
    }
    const int gpu = strncmp(fr_context_device(ctx), "cuda", 4) == 0;
    printf("device %s, %dx%d, quality %g, median of %d runs after a warm-up\n", fr_context_device(ctx), fo.width,
           fo.height, fo.quality, runs);
    printf("%-40s %12s %10s %12s %12s\n", "genome", "iterations", "seconds", "iter/s", gpu ? "no-adds it/s" : "");
    double *sec = malloc(sizeof(double) * (size_t)(runs + 1));
    for (int k = 0; k < nfiles && sec && !rc; k++) {
        fr_flames *fl = NULL;
        fr_flame_stats st, st0;
        double with = 0, without = 0;
        if (fr_flames_read(ctx, files[k], NULL, 0, &fl) || fr_flame_bench(ctx, fl, 0, &fo, runs + 1, 1, sec, &st)) {
            rc = EXIT_WORK;
        } else {
            with = median(sec + 1, runs);
            if (gpu) {
                if (fr_flame_bench(ctx, fl, 0, &fo, runs + 1, 0, sec, &st0)) rc = EXIT_WORK;
                else without = median(sec + 1, runs);
            }
        }
        if (rc) {
            cli_error("%s: %s", files[k], fr_last_error(ctx));
        } else {
            const char *base = strrchr(files[k], '/');
            printf("%-40.40s %12.4g %10.4f %12.4g", base ? base + 1 : files[k], (double)st.iterations, with,
                   st.iterations / with);
            if (gpu) printf(" %12.4g", st0.iterations / without);
            printf("\n");
        }
        fr_flames_destroy(fl);
    }
    if (!sec) rc = EXIT_WORK, cli_error("out of memory");
    free(sec);
    fr_context_destroy(ctx);
    return rc;
}
