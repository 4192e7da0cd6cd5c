/* fractalis bench deep: time deep-zoom renders of Kalles Fraktaler
 * locations (by default the six benchmark locations in
 * ../shared/corpus/kfr) at 1920x1080 with their own iteration counts, and
 * print per location: the reference orbit's time, the per-pixel time, the
 * iterations performed and those BLA skipped, and the effective
 * iterations per second. A benchmark, not a test: bench/deep-vs-f3.sh runs
 * it beside Fraktaler-3 and checks both against MPFR. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const locations[] = {"1e14", "1e50", "5e113", "5e227", "4e533", "1e1086"};

static void help(void)
{
    printf("Usage: fractalis bench deep [FILE.kfr|NAME...] [--kfr-dir DIR] [--size WxH] [--repeat N] [--threads N]\n"
           "                            [--device cpu|cuda[:N]]\n\n"
           "Times deep-zoom renders of Kalles Fraktaler locations, default: the six benchmark locations\n"
           "(1e14 1e50 5e113 5e227 4e533 1e1086) in DIR (default ../shared/corpus/kfr; a NAME is DIR/NAME.kfr),\n"
           "at 1920x1080 with each location's own iterations, on the CPU (default) or a GPU. Per location:\n"
           "reference orbit seconds (MPFR, on the CPU), pixel seconds (on a GPU: the tables' upload, the\n"
           "kernels and the copies back), iterations performed, iterations skipped by BLA, effective\n"
           "iterations per second; the fastest of N runs (default 1).\n");
}

static int bench_one(fr_context *ctx, const char *path, const char *size, int repeat)
{
    char *text = NULL;
    if (fr_read_text_file(ctx, path, &text)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
    fr_escape_params *p = malloc(sizeof *p);
    int rc = 0;
    if (!p) {
        free(text);
        return cli_error("out of memory"), EXIT_WORK;
    }
    fr_escape_params_default(p, FR_MANDELBROT);
    if (fr_escape_param_set(ctx, p, "size", size) || fr_escape_params_from_kfr(ctx, text, strlen(text), p)) {
        cli_error("%s: %s", path, fr_last_error(ctx));
        rc = EXIT_WORK;
        goto done;
    }
    p->color = FR_COLOR_COUNT; /* the iteration, not the colouring */
    double best_total = 0;
    fr_escape_stats best = {0};
    for (int r = 0; r < repeat && !rc; r++) {
        fr_escape_raw raw;
        fr_escape_stats st;
        double t0 = cli_now();
        if (fr_escape_render(ctx, p, NULL, &raw, &st)) {
            cli_error("%s: %s", path, fr_last_error(ctx));
            rc = EXIT_WORK;
            break;
        }
        double t = cli_now() - t0;
        fr_escape_raw_free(&raw);
        if (r == 0 || t < best_total) best_total = t, best = st;
    }
    if (!rc) {
        const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
        double eff = (double)(best.iterations + best.iterations_skipped) /
                     (best.seconds_iterate > 0 ? best.seconds_iterate : 1);
        printf("%-14s %9u %-8s %8.3f %8.3f %8.3f %11.4g %11.4g %11.4g\n", name, p->max_iter,
               best.deep == 2 ? "extended" : best.deep == 1 ? "double" : "float64", best_total,
               best.seconds_reference + best.seconds_bla, best.seconds_iterate, (double)best.iterations,
               (double)best.iterations_skipped, eff);
        fflush(stdout);
    }
done:
    free(p);
    free(text);
    return rc;
}

int cmd_bench_deep(int argc, char **argv)
{
    const char *dir = "../shared/corpus/kfr", *size = "1920x1080", *device = "cpu";
    int repeat = 1, threads = 0, nfiles = 0;
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files) return cli_error("out of memory"), EXIT_WORK;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return free(files), help(), 0;
        if (a[0] != '-') {
            files[nfiles++] = a;
            continue;
        }
        if (!v) return free(files), cli_error("%s needs a value", a), EXIT_USAGE;
        i++;
        if (!strcmp(a, "--kfr-dir")) dir = v;
        else if (!strcmp(a, "--device")) device = v;
        else if (!strcmp(a, "--size")) size = v;
        else if (!strcmp(a, "--repeat") || !strcmp(a, "--threads")) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < (strcmp(a, "--repeat") ? 0 : 1) || n > 4096)
                return free(files), cli_error("%s '%s' is out of range", a, v), EXIT_USAGE;
            *(strcmp(a, "--repeat") ? &threads : &repeat) = (int)n;
        } else return free(files), cli_error("unknown option '%s' (try 'fractalis bench deep --help')", a), EXIT_USAGE;
    }
    fr_context *ctx = fr_context_create();
    if (!ctx) return free(files), cli_error("out of memory"), EXIT_WORK;
    if (threads) fr_context_set_threads(ctx, threads);
    if (fr_context_set_device(ctx, device)) {
        cli_error("--device %s: %s", device, fr_last_error(ctx));
        fr_context_destroy(ctx);
        free(files);
        return EXIT_USAGE;
    }
    printf("# fractalis %s bench deep, %s, %s, %d CPU threads; seconds: total, reference orbit + BLA tables, pixels\n",
           fr_version(), size, device, threads ? threads : omp_get_max_threads());
    printf("%-14s %9s %-8s %8s %8s %8s %11s %11s %11s\n", "location", "iter", "numbers", "total", "ref+bla", "pixels",
           "performed", "skipped", "eff iter/s");
    int rc = 0;
    char path[4096];
    if (nfiles) {
        for (int i = 0; i < nfiles && !rc; i++) {
            /* a bare name (1e50) is a location in DIR */
            size_t n = strlen(files[i]);
            if (!strchr(files[i], '/') && !(n > 4 && !strcmp(files[i] + n - 4, ".kfr")))
                snprintf(path, sizeof path, "%s/%s.kfr", dir, files[i]);
            else snprintf(path, sizeof path, "%s", files[i]);
            rc = bench_one(ctx, path, size, repeat);
        }
    } else {
        for (size_t i = 0; i < sizeof locations / sizeof *locations && !rc; i++) {
            snprintf(path, sizeof path, "%s/%s.kfr", dir, locations[i]);
            rc = bench_one(ctx, path, size, repeat);
        }
    }
    fr_context_destroy(ctx);
    free(files);
    return rc;
}
