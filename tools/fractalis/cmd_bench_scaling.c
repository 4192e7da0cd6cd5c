/* fractalis bench scaling: the scale-out targets, each rendered on a device
 * list's first device alone and then on the whole list: seconds of each,
 * the speedup, the scaling efficiency (speedup / devices), each device's
 * share of the work, and whether the two outputs are byte-identical.
 * Scenes (the targets, smaller with --scale): a 4096x4096
 * Buddhabrot at max 1,000 (float32), a 7680x4320 flame at quality 2000,
 * the Kalles Fraktaler 1e1086 location at 3840x2160, and a 16384x16384
 * Mandelbrot in seahorse valley at max 100,000. A benchmark, not a test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct run {
    double seconds, stage; /* wall clock of the render; deep: its pixel stage */
    void *out;             /* what must be byte-identical */
    size_t bytes;
    char shares[1024];
} run;

typedef struct setup {
    const char *kfr_dir, *flame;
    double scale;          /* of the samples / quality (1: the targets) */
    uint64_t samples;
    int repeat;            /* runs of each, the fastest kept */
} setup;

static int fail(fr_context *ctx, const char *what)
{
    cli_error("bench scaling: %s: %s", what, fr_last_error(ctx));
    return EXIT_WORK;
}

static int orbit(fr_context *ctx, const setup *su, run *r)
{
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 0);
    const char *set[] = {"size", "4096x4096", "center", "-0.5,0", "width", "3", "rotate", "0",
                         "iter", "1000", "precision", "f32"};
    for (size_t i = 0; i < sizeof set / sizeof *set; i += 2)
        if (fr_buddha_param_set(ctx, &p, set[i], set[i + 1])) return fail(ctx, "orbit");
    p.samples = (uint64_t)((double)su->samples * su->scale);
    p.seed = 1;
    fr_buddha_hist h;
    if (fr_buddha_hist_alloc(ctx, &h, p.width, p.height, p.channels)) return fail(ctx, "orbit");
    fr_buddha_stats st;
    double t0 = cli_now();
    if (fr_buddha_render(ctx, &p, &h, &st)) return fr_buddha_hist_free(&h), fail(ctx, "orbit");
    r->seconds = r->stage = cli_now() - t0;
    r->out = h.counts, r->bytes = (size_t)p.width * p.height * p.channels * sizeof *h.counts;
    return 0;
}

static int flame(fr_context *ctx, const setup *su, run *r)
{
    fr_flames *fl = NULL;
    if (!su->flame) return cli_error("bench scaling: flame: no genome file (--flame FILE)"), EXIT_USAGE;
    if (fr_flames_read(ctx, su->flame, NULL, 0, &fl)) return fail(ctx, su->flame);
    fr_flame_options o;
    fr_flame_options_default(&o);
    o.width = 7680, o.height = 4320, o.quality = 2000 * su->scale;
    fr_image img;
    fr_flame_stats st;
    double t0 = cli_now();
    fr_status s = fr_flame_render(ctx, fl, 0, &o, &img, &st);
    fr_flames_destroy(fl);
    if (s) return fail(ctx, su->flame);
    r->seconds = r->stage = cli_now() - t0;
    r->out = img.pixels, r->bytes = (size_t)img.width * img.height * 4 * sizeof(uint16_t);
    if (img.depth != 16) r->bytes /= 2;
    return 0;
}

static int deep(fr_context *ctx, const setup *su, run *r)
{
    char path[4096], *text = NULL;
    snprintf(path, sizeof path, "%s/1e1086.kfr", su->kfr_dir);
    if (fr_read_text_file(ctx, path, &text)) return fail(ctx, path);
    fr_escape_params *p = malloc(sizeof *p);
    if (!p) return free(text), cli_error("out of memory"), EXIT_WORK;
    fr_escape_params_default(p, FR_MANDELBROT);
    fr_status s = fr_escape_param_set(ctx, p, "size", "3840x2160");
    if (!s) s = fr_escape_params_from_kfr(ctx, text, strlen(text), p);
    free(text);
    p->color = FR_COLOR_COUNT;
    fr_escape_raw raw;
    fr_escape_stats st;
    double t0 = cli_now();
    if (!s) s = fr_escape_render(ctx, p, NULL, &raw, &st);
    r->seconds = cli_now() - t0, r->stage = st.seconds_iterate;
    free(p);
    if (s) return fail(ctx, path);
    free(raw.values);
    r->out = raw.counts, r->bytes = (size_t)raw.width * raw.height * sizeof *raw.counts;
    return 0;
}

static int escape(fr_context *ctx, const setup *su, run *r)
{
    (void)su;
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = 16384, p.height = 16384, p.max_iter = 100000;
    p.center_re = -0.745, p.center_im = 0.1, p.view_width = 0.05; /* seahorse valley: costly, uneven rows */
    fr_image img;
    double t0 = cli_now();
    if (fr_escape_render(ctx, &p, &img, NULL, NULL)) return fail(ctx, "escape");
    r->seconds = r->stage = cli_now() - t0;
    r->out = img.pixels, r->bytes = (size_t)img.width * img.height * 3;
    return 0;
}

typedef struct scene {
    const char *name, *what;
    int (*fn)(fr_context *ctx, const setup *su, run *r);
} scene;

static const scene scenes[] = {
    {"orbit", "Buddhabrot 4096x4096, max 1000, float32", orbit},
    {"flame", "flame 7680x4320, quality 2000", flame},
    {"deep", "KF 1e1086, 3840x2160 (pixels; total in brackets)", deep},
    {"escape", "Mandelbrot 16384x16384, seahorse valley, max 100000", escape},
};

/* The list's first device: "cuda:all" and "cuda:0,1" start with cuda:0. */
static void first_device(const char *list, char *out, size_t len)
{
    if (!strncmp(list, "cuda:all", 8)) {
        snprintf(out, len, "cuda:0");
        return;
    }
    size_t n = strcspn(list, ",");
    snprintf(out, len, "%.*s", (int)n, list);
}

/* The fastest of `repeat` runs on one context (the first run starts the
 * devices and loads their code: a warm-up when repeat > 1). */
static int timed(const scene *sc, const setup *su, const char *device, int threads, int repeat, run *best)
{
    int rc = 0;
    fr_context *ctx = fr_context_create();
    if (threads) fr_context_set_threads(ctx, threads);
    if (fr_context_set_device(ctx, device)) rc = fail(ctx, device);
    for (int k = 0; k < repeat && !rc; k++) {
        run r = {0};
        if ((rc = sc->fn(ctx, su, &r))) break;
        snprintf(r.shares, sizeof r.shares, "%s", fr_context_device_shares(ctx));
        if (best->out && r.stage >= best->stage) {
            free(r.out);
            continue;
        }
        free(best->out);
        *best = r;
    }
    fr_context_destroy(ctx);
    return rc;
}

static int one(const scene *sc, const setup *su, const char *single, const char *list, int threads)
{
    run r[2] = {{0}};
    int rc = timed(sc, su, single, threads, su->repeat, &r[0]);
    if (!rc) rc = timed(sc, su, list, threads, su->repeat, &r[1]);
    if (!rc) {
        fr_context *ctx = fr_context_create();
        fr_context_set_device(ctx, list);
        const int n = fr_context_device_count(ctx);
        fr_context_destroy(ctx);
        const double speedup = r[0].stage / r[1].stage;
        const int same = r[0].bytes == r[1].bytes && !memcmp(r[0].out, r[1].out, r[0].bytes);
        printf("%-7s %9.3f %9.3f %8.2fx %7.0f %%  %-9s %s\n", sc->name, r[0].stage, r[1].stage, speedup,
               100.0 * speedup / n, same ? "identical" : "DIFFERENT", r[1].shares);
        if (r[0].stage != r[0].seconds)
            printf("%-7s (%7.3f) (%7.3f) whole renders, the reference orbit (MPFR, host) included\n", "",
                   r[0].seconds, r[1].seconds);
        fflush(stdout);
        if (!same) rc = EXIT_WORK;
    }
    free(r[0].out), free(r[1].out);
    return rc;
}

static void help(void)
{
    printf("Usage: fractalis bench scaling --device LIST [--only orbit|flame|deep|escape]... [--flame FILE]\n"
           "                               [--kfr-dir DIR] [--samples N] [--scale F] [--repeat N] [--threads N]\n\n"
           "Renders each scene on the list's first device alone, then on the whole list (cuda:all, cuda:0,1,\n"
           "cuda:0,0, cuda:0,cpu, ...), and prints the seconds of each, the speedup, the scaling efficiency\n"
           "(speedup / devices), whether the outputs are byte-identical and each device's share of the work.\n"
           "Scenes: orbit (Buddhabrot 4096x4096, max 1000, --samples N samples, default 1e9), flame (genome 0\n"
           "of --flame FILE at 7680x4320, quality 2000), deep (DIR/1e1086.kfr at 3840x2160, default DIR\n"
           "../shared/corpus/kfr; the pixel stage is timed, the whole render in brackets), escape\n"
           "(Mandelbrot 16384x16384 in seahorse valley, max 100000). --scale F multiplies the samples and the quality; each\n"
           "figure is the fastest of --repeat N runs on one context (default 2: the first starts the devices).\n");
}

int cmd_bench_scaling(int argc, char **argv)
{
    setup su = {"../shared/corpus/kfr", NULL, 1.0, 1000000000, 2};
    const char *list = NULL, *only[8];
    int nonly = 0, threads = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return help(), 0;
        if (!v) return cli_error("%s needs a value (try 'fractalis bench scaling --help')", a), EXIT_USAGE;
        i++;
        char *end = NULL;
        if (!strcmp(a, "--device")) list = v;
        else if (!strcmp(a, "--flame")) su.flame = v;
        else if (!strcmp(a, "--kfr-dir")) su.kfr_dir = v;
        else if (!strcmp(a, "--only") && nonly < 8) only[nonly++] = v;
        else if (!strcmp(a, "--scale")) {
            su.scale = strtod(v, &end);
            if (*end || !(su.scale > 0 && su.scale <= 100)) return cli_error("--scale '%s': 0 < F <= 100", v), EXIT_USAGE;
        } else if (!strcmp(a, "--samples")) {
            double n = strtod(v, &end);
            if (*end || !(n >= 1 && n <= 1e15)) return cli_error("--samples '%s': 1 .. 1e15", v), EXIT_USAGE;
            su.samples = (uint64_t)n;
        } else if (!strcmp(a, "--repeat")) {
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 100) return cli_error("--repeat '%s': 1 .. 100", v), EXIT_USAGE;
            su.repeat = (int)n;
        } else if (!strcmp(a, "--threads")) {
            long n = strtol(v, &end, 10);
            if (*end || n < 0 || n > 4096) return cli_error("--threads '%s': 0 .. 4096", v), EXIT_USAGE;
            threads = (int)n;
        } else return cli_error("unknown option '%s' (try 'fractalis bench scaling --help')", a), EXIT_USAGE;
    }
    if (!list) return cli_error("bench scaling needs --device LIST (cuda:all, cuda:0,1, ...)"), EXIT_USAGE;
    for (int k = 0; k < nonly; k++) {
        int known = 0;
        for (size_t i = 0; i < sizeof scenes / sizeof *scenes; i++) known |= !strcmp(only[k], scenes[i].name);
        if (!known) return cli_error("--only '%s' is not one of orbit, flame, deep, escape", only[k]), EXIT_USAGE;
    }
    char single[64];
    first_device(list, single, sizeof single);
    printf("# fractalis %s bench scaling: %s alone, then %s; seconds, speedup, efficiency, output, shares\n",
           fr_version(), single, list);
    printf("%-7s %9s %9s %9s %9s  %-9s %s\n", "scene", "one", "list", "speedup", "effic.", "output", "work per device");
    int rc = 0;
    for (size_t i = 0; i < sizeof scenes / sizeof *scenes && !rc; i++) {
        int want = nonly == 0;
        for (int k = 0; k < nonly; k++) want |= !strcmp(only[k], scenes[i].name);
        if (!want || (!su.flame && !strcmp(scenes[i].name, "flame") && !nonly)) continue;
        printf("# %s: %s%s\n", scenes[i].name, scenes[i].what,
               su.scale != 1 && (!strcmp(scenes[i].name, "orbit") || !strcmp(scenes[i].name, "flame"))
                   ? " (scaled by --scale)" : "");
        rc = one(&scenes[i], &su, single, list, threads);
    }
    return rc;
}
