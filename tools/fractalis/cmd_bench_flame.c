/* fractalis bench flame FILE... : the chaos game of each genome alone,
 * timed after a warm-up run (GPU: CUDA events; CPU: wall clock), median of
 * the runs, with and without the adds into the buckets (the
 * accumulation's share, GPU only). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

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

typedef struct flame_bench_cmd {
    const char *files[256];
    int nfiles, runs;
} flame_bench_cmd;

static const cli_opt opts[] = {
    {"runs", "N", "timed runs after the warm-up, 1..1000  [default: 5]"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    flame_bench_cmd *b = user;
    if (!cli_parse_int(v, 1, 1000, &b->runs)) return cli_error("--runs must be 1..1000"), EXIT_USAGE;
    return 0;
}

static int on_word(void *user, const char *w)
{
    flame_bench_cmd *b = user;
    if (b->nfiles == 256) return cli_error("bench flame: at most 256 files"), EXIT_USAGE;
    b->files[b->nfiles++] = w;
    return 0;
}

static void usage(const cli_command *c, const fr_flame_options *fo)
{
    printf("Usage: fractalis bench flame FILE... [options]\n\n"
           "Times the chaos game of genome 0 of each file (one pass) after a warm-up run and prints\n"
           "the median iterations/s; on a GPU also without the adds into the buckets.\n\n");
    cli_print_options(c, fo);
}

int cmd_bench_flame(int argc, char **argv)
{
    flame_bench_cmd b = {.runs = 5};
    fr_flame_options fo;
    fr_flame_options_default(&fo);
    fo.width = 1920, fo.height = 1080, fo.quality = 100;
    const cli_command c = {"bench flame", RUN_DEVICE | RUN_KERNEL | RUN_THREADS, NULL, &cli_flame_options, opts,
                           on_opt, on_word, &b};
    cli_run run;
    cli_run_init(&run);
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    int rc = cli_parse(&c, ctx, argc, argv, 1, &run, &fo);
    if (rc == CLI_HELP) usage(&c, &fo), rc = 0;
    else if (!rc && !b.nfiles) usage(&c, &fo), rc = EXIT_USAGE;
    else if (!rc) rc = cli_run_apply(ctx, &run);
    if (rc) {
        fr_context_destroy(ctx);
        return rc < 0 ? 0 : rc;
    }
    const int runs = b.runs;
    const int gpu = strncmp(fr_context_device(ctx), "cuda", 4) == 0;
    printf("device %s, %dx%d, quality %g, median of %d runs after a warm-up\n", fr_context_device(ctx), fo.width,
           fo.height, fo.quality, runs);
    printf("%-40s %12s %10s %12s %12s%s\n", "genome", "iterations", "seconds", "iter/s", gpu ? "no-adds it/s" : "",
           gpu ? "   launches  dense redone  kernel" : "");
    double *sec = malloc(sizeof(double) * (size_t)(runs + 1));
    for (int k = 0; k < b.nfiles && sec && !rc; k++) {
        fr_flames *fl = NULL;
        fr_flame_stats st, st0;
        double with = 0, without = 0;
        if (fr_flames_read(ctx, b.files[k], NULL, 0, &fl) || fr_flame_bench(ctx, fl, 0, &fo, runs + 1, 1, sec, &st)) {
            rc = EXIT_WORK;
        } else {
            with = median(sec + 1, runs);
            if (gpu) {
                if (fr_flame_bench(ctx, fl, 0, &fo, runs + 1, 0, sec, &st0)) rc = EXIT_WORK;
                else without = median(sec + 1, runs);
            }
        }
        if (rc) {
            cli_error("%s: %s", b.files[k], fr_last_error(ctx));
        } else {
            const char *base = strrchr(b.files[k], '/');
            printf("%-40.40s %12.4g %10.4f %12.4g", base ? base + 1 : b.files[k], (double)st.iterations, with,
                   st.iterations / with);
            if (gpu)
                printf(" %12.4g %10llu %6llu %6d  %s", st0.iterations / without, (unsigned long long)st.launches,
                       (unsigned long long)st.dense_buckets, st.passes_redone, fr_context_flame_kernel(ctx));
            printf("\n");
        }
        fr_flames_destroy(fl);
    }
    if (!sec) rc = EXIT_WORK, cli_error("out of memory");
    free(sec);
    fr_context_destroy(ctx);
    return rc;
}
