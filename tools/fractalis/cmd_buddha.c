/* fractalis render buddhabrot | nebulabrot | anti-buddhabrot: orbit-density
 * images. Flags come from the library's parameter table; -o may be given
 * several times (PNG/PPM image, .npy histogram, .json scene). A .npy is
 * written with a scene beside it (NAME.npy.json) holding the parameters and
 * the sample count, which --resume reads to add samples to it. Ctrl-C or
 * --time ends sampling cleanly: the outputs are still written. */
#include <jansson.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"

#define MAX_OUT 8

typedef struct buddha_opts {
    const char *family, *from, *resume, *device;
    const char *out[MAX_OUT];
    int nout, threads, quiet, device_mib, jpeg_quality;
} buddha_opts;

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    interrupted = 1;
    signal(sig, SIG_DFL); /* a second Ctrl-C ends the program at once */
}

typedef struct progress_ctx {
    cli_progress pg;
} progress_ctx;

static int progress_cb(double done, void *user)
{
    progress_ctx *p = user;
    cli_progress_cb(done, &p->pg);
    return interrupted;
}

static int family_kind(const char *w, int *nebula, int *anti)
{
    *nebula = *anti = 0;
    if (!strcasecmp(w, "buddhabrot")) return 1;
    if (!strcasecmp(w, "nebulabrot")) return *nebula = 1, 1;
    if (!strcasecmp(w, "anti-buddhabrot") || !strcasecmp(w, "antibuddhabrot")) return *anti = 1, 1;
    return 0;
}

int cli_is_buddha_family(const char *w)
{
    int a, b;
    return w && family_kind(w, &a, &b);
}

/* First pass (p == NULL): run options only. Second pass: scene flags. */
static int parse_args(fr_context *ctx, int argc, char **argv, buddha_opts *o, fr_buddha_params *p)
{
    o->nout = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            print_buddha_help();
            exit(0);
        }
        if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            o->quiet = 1;
            continue;
        }
        if (a[0] != '-') {
            if (o->family && strcasecmp(o->family, a)) return cli_error("unexpected argument '%s'", a), EXIT_USAGE;
            o->family = a;
            continue;
        }
        char name[64];
        const char *v = NULL;
        if (!strcmp(a, "-o")) strcpy(name, "output");
        else if (a[1] != '-') return cli_error("unknown option '%s' (try 'fractalis render buddhabrot --help')", a), EXIT_USAGE;
        else {
            const char *eq = strchr(a + 2, '=');
            size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
            if (len >= sizeof name) len = sizeof name - 1;
            memcpy(name, a + 2, len);
            name[len] = 0;
            if (eq) v = eq + 1;
        }
        if (!v) {
            if (i + 1 >= argc) return cli_error("%s needs a value", a), EXIT_USAGE;
            v = argv[++i];
        }
        if (!strcmp(name, "output")) {
            if (o->nout == MAX_OUT) return cli_error("at most %d outputs", MAX_OUT), EXIT_USAGE;
            o->out[o->nout++] = v;
        } else if (!strcmp(name, "from")) o->from = v;
        else if (!strcmp(name, "resume")) o->resume = v;
        else if (!strcmp(name, "device")) o->device = v;
        else if (!strcmp(name, "device-memory")) {
            if (!cli_parse_int(v, 0, 1 << 24, &o->device_mib) || (o->device_mib > 0 && o->device_mib < 16))
                return cli_error("--device-memory '%s' must be 0 (automatic) or 16..16777216 MiB", v), EXIT_USAGE;
        } else if (!strcmp(name, "threads")) {
            if (!cli_parse_int(v, 0, 4096, &o->threads))
                return cli_error("--threads '%s' must be a whole number 0..4096", v), EXIT_USAGE;
        } else if (!strcmp(name, "jpeg-quality")) {
            if (!cli_parse_int(v, 1, 100, &o->jpeg_quality))
                return cli_error("--jpeg-quality '%s' must be a whole number 1..100", v), EXIT_USAGE;
        } else if (!fr_buddha_param_find(name)) {
            return cli_error("unknown option '--%s' (try 'fractalis render buddhabrot --help')", name), EXIT_USAGE;
        } else if (p && fr_buddha_param_set(ctx, p, name, v)) {
            return cli_error("%s", fr_last_error(ctx)), EXIT_USAGE;
        }
    }
    return 0;
}

/* The scene file beside a histogram: NAME.npy.json. */
static char *sidecar_path(const char *npy)
{
    size_t n = strlen(npy) + 6;
    char *s = malloc(n);
    if (s) snprintf(s, n, "%s.json", npy);
    return s;
}

/* Scene JSON plus the histogram's sample count. */
static int write_sidecar(fr_context *ctx, const fr_buddha_params *p, uint64_t samples, const char *npy)
{
    char *json = NULL, *path = sidecar_path(npy);
    fr_status s = fr_buddha_params_to_json(ctx, p, &json);
    json_t *root = s ? NULL : json_loads(json, JSON_PRESERVE_ORDER, NULL);
    char *text = NULL;
    if (root) {
        json_object_set_new(root, "histogram_samples", json_integer((json_int_t)samples));
        text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
        json_decref(root);
    }
    if (!s && text && path) s = fr_write_text_file(ctx, path, text);
    int rc = s || !text || !path;
    if (rc) cli_error("cannot write the scene of '%s': %s", npy, s ? fr_last_error(ctx) : "out of memory");
    free(json), free(text), free(path);
    return rc;
}

/* Parameters and sample count of a histogram written earlier. */
static int read_sidecar(fr_context *ctx, const char *npy, fr_buddha_params *p, uint64_t *samples)
{
    char *path = sidecar_path(npy), *text = NULL, *scene = NULL;
    int rc = EXIT_USAGE;
    if (!path) return EXIT_WORK;
    if (fr_read_text_file(ctx, path, &text)) {
        cli_error("--resume %s: its scene %s is missing (%s)", npy, path, fr_last_error(ctx));
        goto done;
    }
    json_t *root = json_loads(text, 0, NULL);
    json_t *n = root ? json_object_get(root, "histogram_samples") : NULL;
    if (!json_is_integer(n) || json_integer_value(n) < 0) {
        cli_error("--resume %s: %s has no histogram_samples count", npy, path);
        json_decref(root);
        goto done;
    }
    *samples = (uint64_t)json_integer_value(n);
    json_object_del(root, "histogram_samples");
    scene = json_dumps(root, 0);
    json_decref(root);
    if (!scene || fr_buddha_params_from_json(ctx, scene, p)) {
        cli_error("--resume %s: %s: %s", npy, path, scene ? fr_last_error(ctx) : "out of memory");
        goto done;
    }
    rc = 0;
done:
    free(path), free(text), free(scene);
    return rc;
}

/* Parameters that decide which samples land where: a resumed render must
 * keep them. */
static int same_histogram(const fr_buddha_params *a, const fr_buddha_params *b, const char **what)
{
#define DIFF(cond, name)                                                                                     \
    if (cond) return *what = name, 0
    DIFF(a->width != b->width || a->height != b->height, "size");
    DIFF(a->center_re != b->center_re || a->center_im != b->center_im, "center");
    DIFF(a->view_width != b->view_width, "width");
    DIFF(a->rotate_deg != b->rotate_deg, "rotate");
    DIFF(memcmp(a->region, b->region, sizeof a->region), "region");
    DIFF(a->channels != b->channels || memcmp(a->band, b->band, sizeof a->band[0] * a->channels), "channel");
    DIFF(a->anti != b->anti, "anti");
    DIFF(a->bailout != b->bailout, "bailout");
    DIFF(a->precision != b->precision, "precision");
    DIFF(a->sampling != b->sampling || a->grid != b->grid, "sampling");
    DIFF(a->seed != b->seed, "seed");
    DIFF(fr_buddha_paired(a) != fr_buddha_paired(b), "symmetry");
#undef DIFF
    return 1;
}

static void print_stats(const fr_buddha_params *p, const fr_buddha_stats *st, const char *device)
{
    const double px = (double)p->width * p->height, sec = st->seconds > 0 ? st->seconds : 1e-9;
    fprintf(stderr,
            "fractalis: %dx%d on %s%s\n"
            "  total hits       %.6g (histogram sum %.6g)\n"
            "  hits per pixel   %.2f\n"
            "  maximum          %llu\n"
            "  minimum          %llu\n"
            "  samples          %.6g (%.6g orbits plotted)\n"
            "  iterations       %.6g\n"
            "  time             %.3f s\n"
            "  hits/s           %.3g\n"
            "  iterations/s     %.3g\n",
            p->width, p->height, device, st->stopped ? " (stopped early)" : "", (double)st->hits, (double)st->total,
            (double)st->hits / px, (unsigned long long)st->max, (unsigned long long)st->min, (double)st->samples,
            (double)st->orbits, (double)st->iterations, st->seconds, (double)st->hits / sec,
            (double)st->iterations / sec);
}

static int write_outputs(fr_context *ctx, const buddha_opts *o, const fr_buddha_params *p, const fr_buddha_hist *h)
{
    fr_image img = {0};
    int rc = 0;
    for (int i = 0; i < o->nout && !rc; i++) {
        const char *path = o->out[i];
        fr_status s = FR_OK;
        char *json = NULL;
        switch (fr_format_from_path(path)) {
        case FR_FMT_PNG:
        case FR_FMT_PPM:
        case FR_FMT_JPEG:
            if (!img.pixels && (s = fr_buddha_tone_map(ctx, p, h, &img))) break;
            if (fr_format_from_path(path) == FR_FMT_PPM) s = fr_image_write_ppm(ctx, &img, path);
            else if (fr_format_from_path(path) == FR_FMT_JPEG) s = fr_image_write_jpeg(ctx, &img, path, o->jpeg_quality);
            else if (!(s = fr_buddha_params_to_json(ctx, p, &json))) s = fr_image_write_png(ctx, &img, path, json);
            break;
        case FR_FMT_NPY:
            if (!(s = fr_buddha_hist_write_npy(ctx, h, path)) && write_sidecar(ctx, p, h->samples, path)) rc = EXIT_WORK;
            break;
        case FR_FMT_JSON:
            if (!(s = fr_buddha_params_to_json(ctx, p, &json))) s = fr_write_text_file(ctx, path, json);
            break;
        default: break;
        }
        free(json);
        if (s) cli_error("%s", fr_last_error(ctx)), rc = EXIT_WORK;
    }
    fr_image_free(&img);
    return rc;
}

int cmd_buddha(int argc, char **argv)
{
    buddha_opts o = {.device = "auto", .jpeg_quality = 95};
    int rc = parse_args(NULL, argc, argv, &o, NULL);
    if (rc) return rc;
    int nebula = 0, anti = 0;
    if (o.family && !family_kind(o.family, &nebula, &anti)) {
        cli_error("unknown family '%s' (buddhabrot, nebulabrot, anti-buddhabrot)", o.family);
        return EXIT_USAGE;
    }
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    fr_buddha_params p, base;
    fr_buddha_hist h = {0};
    uint64_t resumed = 0;
    fr_buddha_params_default(&p, nebula, anti);
    if (o.from) {
        char *text = NULL;
        if (fr_read_text_file(ctx, o.from, &text) || fr_buddha_params_from_json(ctx, text, &p)) {
            cli_error("--from %s: %s", o.from, fr_last_error(ctx));
            free(text);
            rc = EXIT_USAGE;
            goto done;
        }
        free(text);
    }
    if (o.resume && (rc = read_sidecar(ctx, o.resume, &p, &resumed))) goto done;
    base = p;
    if ((rc = parse_args(ctx, argc, argv, &o, &p))) goto done;
    if (fr_buddha_params_validate(ctx, &p)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_USAGE;
        goto done;
    }
    const char *what;
    if (o.resume && !same_histogram(&base, &p, &what)) {
        cli_error("--resume %s: --%s differs from the histogram's; only the sampling amount, tone and output may change",
                  o.resume, what);
        rc = EXIT_USAGE;
        goto done;
    }
    /* Outputs: default NAME.png; a resumed histogram is written back unless
     * another .npy is named. */
    char default_out[64];
    int has_image = 0, has_npy = 0;
    for (int i = 0; i < o.nout; i++) {
        fr_format f = fr_format_from_path(o.out[i]);
        if (f == FR_FMT_UNKNOWN) {
            cli_error("cannot tell the format of '%s': use .png, .ppm, .jpg, .npy or .json", o.out[i]);
            rc = EXIT_USAGE;
            goto done;
        }
        if (f == FR_FMT_JPEG && !fr_have_jpeg()) {
            cli_error("'%s': this build has no JPEG support (rebuild with libjpeg-dev installed)", o.out[i]);
            rc = EXIT_USAGE;
            goto done;
        }
        has_image |= f == FR_FMT_PNG || f == FR_FMT_PPM || f == FR_FMT_JPEG;
        has_npy |= f == FR_FMT_NPY;
    }
    if (!o.nout) {
        snprintf(default_out, sizeof default_out, "%s.png",
                 p.anti ? "anti-buddhabrot" : p.channels == 3 ? "nebulabrot" : "buddhabrot");
        o.out[o.nout++] = default_out;
        has_image = 1;
    }
    if (o.resume && !has_npy && o.nout < MAX_OUT) o.out[o.nout++] = o.resume;
    for (int i = 0; i < o.nout; i++)
        if (!cli_check_writable(o.out[i])) {
            rc = EXIT_WORK;
            goto done;
        }
    if (o.nout == 1 && fr_format_from_path(o.out[0]) == FR_FMT_JSON) {
        rc = write_outputs(ctx, &o, &p, &h);
        goto done;
    }

    if (o.resume) {
        if (fr_buddha_hist_read_npy(ctx, o.resume, &h)) {
            cli_error("--resume: %s", fr_last_error(ctx));
            rc = EXIT_USAGE;
            goto done;
        }
        if (h.width != p.width || h.height != p.height || h.channels != p.channels) {
            cli_error("--resume %s: the histogram is %dx%d with %d channel(s), its scene says %dx%d with %d", o.resume,
                      h.width, h.height, h.channels, p.width, p.height, p.channels);
            rc = EXIT_USAGE;
            goto done;
        }
        h.samples = resumed;
    } else if (fr_buddha_hist_alloc(ctx, &h, p.width, p.height, p.channels)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
        goto done;
    }
    if (fr_context_set_device(ctx, o.device) || fr_context_set_threads(ctx, o.threads) ||
        fr_context_set_device_memory(ctx, (uint64_t)o.device_mib << 20)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_USAGE;
        goto done;
    }
    if (fr_context_device_note(ctx)[0] && !o.quiet) fprintf(stderr, "fractalis: %s\n", fr_context_device_note(ctx));

    progress_ctx pc;
    cli_progress_init(&pc.pg, "sampling", !o.quiet);
    fr_context_set_progress(ctx, progress_cb, &pc);
    interrupted = 0;
    void (*old)(int) = signal(SIGINT, on_sigint);
    fr_buddha_stats st;
    fr_status s = fr_buddha_render(ctx, &p, &h, &st);
    signal(SIGINT, old);
    cli_progress_end(&pc.pg);
    if (s) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
        goto done;
    }
    if (interrupted && !o.quiet) fprintf(stderr, "fractalis: interrupted: writing what was sampled\n");
    rc = write_outputs(ctx, &o, &p, &h);
    if (!rc && !o.quiet) print_stats(&p, &st, fr_context_device(ctx));
    (void)has_image;
done:
    fr_buddha_hist_free(&h);
    fr_context_destroy(ctx);
    return rc;
}
