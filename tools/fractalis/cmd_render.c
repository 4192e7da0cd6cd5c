/* fractalis render: parse flags (the scene flags come from the library's
 * parameter table), render, write the output by extension. */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct render_opts {
    const char *formula, *from, *output, *device, *kernel;
    int threads, quiet, device_mib, jpeg_quality;
} render_opts;

/* Split "--name=value" / "--name value"; returns the value or NULL. */
static const char *flag_value(int argc, char **argv, int *i, const char *arg, char *name, size_t n)
{
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    if (len >= n) len = n - 1;
    memcpy(name, arg, len);
    name[len] = 0;
    if (eq) return eq + 1;
    if (*i + 1 < argc) return argv[++*i];
    return NULL;
}

int cli_parse_kernel(const char *s, fr_cpu_kernel *out)
{
    if (!strcmp(s, "auto")) *out = FR_CPU_KERNEL_AUTO;
    else if (!strcmp(s, "scalar")) *out = FR_CPU_KERNEL_SCALAR;
    else if (!strcmp(s, "avx2")) *out = FR_CPU_KERNEL_AVX2;
    else return 0;
    return 1;
}

int cli_parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *s == ' ' || *end || v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}

/* Pass over argv: run options into *o; scene flags applied to *p when p is
 * given (second pass), only checked for existence otherwise. */
static int parse_args(fr_context *ctx, int argc, char **argv, render_opts *o, fr_escape_params *p)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char name[64];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            print_render_help();
            exit(0);
        }
        if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            o->quiet = 1;
            continue;
        }
        if (!strcmp(a, "-o")) {
            if (i + 1 >= argc) return cli_error("-o needs a file name"), EXIT_USAGE;
            o->output = argv[++i];
            continue;
        }
        if (a[0] != '-' || a[1] == 0 || (a[1] != '-' && !(a[1] >= 'a' && a[1] <= 'z'))) {
            if (o->formula && strcmp(o->formula, a)) return cli_error("unexpected argument '%s'", a), EXIT_USAGE;
            o->formula = a;
            continue;
        }
        if (a[1] != '-') return cli_error("unknown option '%s' (try 'fractalis render --help')", a), EXIT_USAGE;
        const char *v = flag_value(argc, argv, &i, a + 2, name, sizeof name);
        if (!v) return cli_error("--%s needs a value", name), EXIT_USAGE;
        if (!strcmp(name, "output")) o->output = v;
        else if (!strcmp(name, "from")) o->from = v;
        else if (!strcmp(name, "device")) o->device = v;
        else if (!strcmp(name, "kernel")) o->kernel = v;
        else if (!strcmp(name, "device-memory")) {
            if (!cli_parse_int(v, 0, 1 << 24, &o->device_mib) || (o->device_mib > 0 && o->device_mib < 16))
                return cli_error("--device-memory '%s' must be 0 (automatic) or 16..16777216 MiB", v), EXIT_USAGE;
        } else if (!strcmp(name, "threads")) {
            if (!cli_parse_int(v, 0, 4096, &o->threads))
                return cli_error("--threads '%s' must be a whole number 0..4096", v), EXIT_USAGE;
        } else if (!strcmp(name, "jpeg-quality")) {
            if (!cli_parse_int(v, 1, 100, &o->jpeg_quality))
                return cli_error("--jpeg-quality '%s' must be a whole number 1..100", v), EXIT_USAGE;
        } else if (!strcmp(name, "formula")) {
            o->formula = v;
        } else if (!fr_escape_param_find(name)) {
            return cli_error("unknown option '--%s' (try 'fractalis render --help')", name), EXIT_USAGE;
        } else if (p && fr_escape_param_set(ctx, p, name, v)) {
            return cli_error("%s", fr_last_error(ctx)), EXIT_USAGE;
        }
    }
    return 0;
}

int cli_check_writable(const char *path)
{
    char *copy = strdup(path);
    if (!copy) return 0;
    const char *dir = dirname(copy);
    int ok = access(dir, W_OK | X_OK) == 0;
    if (!ok) cli_error("cannot write '%s': folder '%s' is missing or not writable", path, dir);
    free(copy);
    return ok;
}

static int write_output(fr_context *ctx, const render_opts *o, const fr_escape_params *p, fr_format fmt,
                        const fr_image *img, const fr_escape_raw *raw)
{
    fr_status s = FR_OK;
    char *json = NULL;
    switch (fmt) {
    case FR_FMT_PNG:
        if (!(s = fr_escape_params_to_json(ctx, p, &json))) s = fr_image_write_png(ctx, img, o->output, json);
        break;
    case FR_FMT_PPM: s = fr_image_write_ppm(ctx, img, o->output); break;
    case FR_FMT_JPEG: s = fr_image_write_jpeg(ctx, img, o->output, o->jpeg_quality); break;
    case FR_FMT_NPY:
        /* Counts for count and histogram colouring, floats otherwise. */
        s = raw->values && p->color != FR_COLOR_HISTOGRAM ? fr_npy_write_f32(ctx, o->output, raw->values, raw->width, raw->height)
                        : fr_npy_write_u32(ctx, o->output, raw->counts, raw->width, raw->height);
        break;
    default: break;
    }
    free(json);
    if (s) cli_error("%s", fr_last_error(ctx));
    return s ? EXIT_WORK : 0;
}

int cmd_render(int argc, char **argv)
{
    /* Flames and orbit-density families have commands of their own. */
    if (argc > 1 && !strcmp(argv[1], "flame")) return cmd_flame_render(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (cli_is_buddha_family(argv[i]) || !strcmp(argv[i], "--resume")) return cmd_buddha(argc, argv);
        /* A .json scene of that family. */
        char *text = NULL;
        if (!strcmp(argv[i], "--from") && i + 1 < argc && strstr(argv[i + 1], ".json") &&
            fr_read_text_file(NULL, argv[i + 1], &text) == FR_OK) {
            int orbit = strstr(text, "\"buddhabrot\"") != NULL;
            free(text);
            if (orbit) return cmd_buddha(argc, argv);
        }
    }
    render_opts o = {.device = "auto", .kernel = "auto", .jpeg_quality = 95};
    int rc = parse_args(NULL, argc, argv, &o, NULL);
    if (rc) return rc;
    if (!o.formula && !o.from) {
        cli_error("render needs a formula (mandelbrot, julia, burningship, tricorn, multibrot) or --from FILE");
        return EXIT_USAGE;
    }
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    fr_escape_params p;
    fr_formula f = FR_MANDELBROT;
    if (o.formula && fr_formula_parse(ctx, o.formula, &f)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_USAGE;
        goto done;
    }
    fr_escape_params_default(&p, f);
    if (o.from && (rc = cli_load_scene(ctx, o.from, &p))) goto done;
    if (o.formula) p.formula = f;
    if ((rc = parse_args(ctx, argc, argv, &o, &p))) goto done;

    char default_out[64];
    if (!o.output) {
        snprintf(default_out, sizeof default_out, "%s.png", fr_formula_name(p.formula));
        o.output = default_out;
    }
    fr_format fmt = fr_format_from_path(o.output);
    if (fmt == FR_FMT_UNKNOWN) {
        cli_error("cannot tell the format of '%s': use .png, .ppm, .jpg, .npy or .json", o.output);
        rc = EXIT_USAGE;
        goto done;
    }
    if (fmt == FR_FMT_JPEG && !fr_have_jpeg()) {
        cli_error("'%s': this build has no JPEG support (rebuild with libjpeg-dev installed)", o.output);
        rc = EXIT_USAGE;
        goto done;
    }
    if (fr_escape_params_validate(ctx, &p)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_USAGE;
        goto done;
    }
    if (!cli_check_writable(o.output)) {
        rc = EXIT_WORK;
        goto done;
    }
    if (fmt == FR_FMT_JSON) {
        char *json = NULL;
        fr_status s = fr_escape_params_to_json(ctx, &p, &json);
        if (!s) s = fr_write_text_file(ctx, o.output, json);
        free(json);
        if (s) cli_error("%s", fr_last_error(ctx)), rc = EXIT_WORK;
        goto done;
    }

    fr_cpu_kernel k;
    if (!cli_parse_kernel(o.kernel, &k)) {
        cli_error("--kernel '%s' is not one of auto, scalar, avx2", o.kernel);
        rc = EXIT_USAGE;
        goto done;
    }
    if (fr_context_set_device(ctx, o.device) || fr_context_set_threads(ctx, o.threads) ||
        fr_context_set_cpu_kernel(ctx, k) || fr_context_set_device_memory(ctx, (uint64_t)o.device_mib << 20)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_USAGE;
        goto done;
    }
    if (fr_context_device_note(ctx)[0] && !o.quiet) fprintf(stderr, "fractalis: %s\n", fr_context_device_note(ctx));

    cli_progress pg;
    cli_progress_init(&pg, "rendering", !o.quiet);
    fr_context_set_progress(ctx, cli_progress_cb, &pg);
    fr_image img = {0};
    fr_escape_raw raw = {0};
    fr_escape_stats st;
    double t0 = cli_now();
    fr_status s = fr_escape_render(ctx, &p, fmt == FR_FMT_NPY ? NULL : &img,
                                   fmt == FR_FMT_NPY ? &raw : NULL, &st);
    cli_progress_end(&pg);
    if (s) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
    } else {
        double t1 = cli_now();
        rc = write_output(ctx, &o, &p, fmt, &img, &raw);
        double t2 = cli_now();
        if (!rc && !o.quiet && !strcmp(fr_context_device(ctx), "cpu"))
            fprintf(stderr,
                    "fractalis: %s %dx%d on %s: %.3f s (iterate %.3f, colour %.3f, write %.3f); %.4g iterations, "
                    "%.3g iter/s\n",
                    o.output, p.width, p.height, fr_context_device(ctx), t2 - t0, st.seconds_iterate,
                    st.seconds_color, t2 - t1, (double)st.iterations,
                    st.seconds_iterate > 0 ? (double)st.iterations / st.seconds_iterate : 0.0);
        else if (!rc && !o.quiet)
            fprintf(stderr,
                    "fractalis: %s %dx%d on %s: %.3f s (device start %.3f, kernels %.3f, copy %.3f, write %.3f); "
                    "%.4g iterations, %.3g iter/s\n",
                    o.output, p.width, p.height, fr_context_device(ctx), t2 - t0, st.seconds_setup,
                    st.seconds_iterate, st.seconds_copy, t2 - t1, (double)st.iterations,
                    st.seconds_iterate > 0 ? (double)st.iterations / st.seconds_iterate : 0.0);
    }
    fr_image_free(&img);
    fr_escape_raw_free(&raw);
done:
    fr_context_destroy(ctx);
    return rc;
}
