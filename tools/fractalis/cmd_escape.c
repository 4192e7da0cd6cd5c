/* fractalis render FORMULA: escape-time images. The scene flags come from
 * the library's parameter table (options.h); the output's extension picks
 * the format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

typedef struct escape_cmd {
    const char *formula, *from;
} escape_cmd;

static const cli_opt opts[] = {
    {"from", "FILE", "start from a scene: a .json scene, a PNG or EXR rendered by fractalis, or a Kalles Fraktaler "
                     ".kfr location (its view, iterations, rotation and palette); flags after it override its values"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    ((escape_cmd *)user)->from = v;
    return 0;
}

static int on_word(void *user, const char *w)
{
    escape_cmd *e = user;
    if (e->formula && strcmp(e->formula, w)) return cli_error("unexpected argument '%s'", w), EXIT_USAGE;
    e->formula = w;
    return 0;
}

static void help(const cli_command *c)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    printf("Usage: fractalis render FORMULA [options]\n"
           "       fractalis render --from IMAGE.png|IMAGE.exr|SCENE.json [options]\n\n"
           "FORMULA: mandelbrot | julia | burningship | tricorn | multibrot\n\n");
    cli_print_options(c, &p);
    printf("\nExamples:\n"
           "  fractalis render mandelbrot -o mandel.png\n"
           "  fractalis render mandelbrot --center -0.743643887037151,0.13182590420533 --width 1e-6 \\\n"
           "      --iter 5000 --size 1920x1080 --aa 3 -o seahorse.png\n"
           "  fractalis render julia --c -0.4,0.6 --palette ultra --depth 16 -o julia.png\n"
           "  fractalis render --from mandel.png --size 3840x2160 -o mandel-4k.png\n"
           "  fractalis render --from location.kfr --size 1920x1080 -o kf.png\n"
           "  fractalis render mandelbrot --color distance -o mandel.exr   # for KF, zoomasm, compositors\n"
           "\nDeep zoom: views narrower than float64 resolves (a pixel below 2^-32 of the centre's\n"
           "magnitude, or any --zoom past 1e300) switch to perturbation automatically:\n"
           "an MPFR reference orbit, rebasing, bilinear approximation and extended-range\n"
           "numbers, checked against direct MPFR iteration (see --perturbation).\n"
           "  fractalis locate --center -1.7548776662466927,0.0001 --radius 1e-3 -o p3.json   # a minibrot\n");
}

static int write_output(fr_context *ctx, const char *out, int jpeg_quality, const fr_escape_params *p, fr_format fmt,
                        const fr_image *img, const fr_escape_raw *raw, const fr_escape_extra *extra)
{
    fr_status s = FR_OK;
    char *json = NULL;
    switch (fmt) {
    case FR_FMT_PNG:
        if (!(s = fr_escape_params_to_json(ctx, p, &json))) s = fr_image_write_png(ctx, img, out, json);
        break;
    case FR_FMT_PPM: s = fr_image_write_ppm(ctx, img, out); break;
    case FR_FMT_JPEG: s = fr_image_write_jpeg(ctx, img, out, jpeg_quality); break;
    case FR_FMT_EXR: s = fr_escape_write_exr(ctx, p, raw, extra, out); break;
    case FR_FMT_NPY:
        /* Counts for count and histogram colouring, floats otherwise. */
        s = raw->values && p->color != FR_COLOR_HISTOGRAM
                ? fr_npy_write_f32(ctx, out, raw->values, raw->width, raw->height)
                : fr_npy_write_u32(ctx, out, raw->counts, raw->width, raw->height);
        break;
    default: break;
    }
    free(json);
    if (s) cli_error("%s", fr_last_error(ctx));
    return s ? EXIT_WORK : 0;
}

static void print_stats(fr_context *ctx, const char *out, const fr_escape_params *p, const fr_escape_stats *st,
                        double total, double write)
{
    double rate = st->seconds_iterate > 0 ? (double)st->iterations / st->seconds_iterate : 0.0;
    if (!strcmp(fr_context_device(ctx), "cpu"))
        fprintf(stderr,
                "fractalis: %s %dx%d on %s: %.3f s (iterate %.3f, colour %.3f, write %.3f); %.4g iterations, "
                "%.3g iter/s\n",
                out, p->width, p->height, fr_context_device(ctx), total, st->seconds_iterate, st->seconds_color,
                write, (double)st->iterations, rate);
    else
        fprintf(stderr,
                "fractalis: %s %dx%d on %s: %.3f s (device start %.3f, kernels %.3f, copy %.3f, write %.3f); "
                "%.4g iterations, %.3g iter/s\n",
                out, p->width, p->height, fr_context_device(ctx), total, st->seconds_setup, st->seconds_iterate,
                st->seconds_copy, write, (double)st->iterations, rate);
    if (*fr_context_device_shares(ctx))
        fprintf(stderr, "fractalis: work per device: %s\n", fr_context_device_shares(ctx));
    char period[64] = "";
    if (st->reference_period)
        snprintf(period, sizeof period, " (periodic: period %u, the rest copied)", st->reference_period);
    if (st->deep)
        fprintf(stderr,
                "fractalis: perturbation (%s): reference orbit %u iterations%s at %d bits in %.3f s, BLA tables "
                "%.3f s; %.4g iterations performed, %.4g skipped by BLA (%.3g effective iter/s)\n",
                st->deep == 1 ? "double" : "extended range", st->reference_iterations, period, st->reference_bits,
                st->seconds_reference, st->seconds_bla, (double)st->iterations, (double)st->iterations_skipped,
                st->seconds_iterate > 0 ? (double)(st->iterations + st->iterations_skipped) / st->seconds_iterate
                                        : 0.0);
}

int cmd_render_escape(int argc, char **argv)
{
    escape_cmd e = {0};
    const cli_command c = {"render", RUN_OUTPUT | RUN_RENDER,
                           "output file; the extension picks the format: .png (parameters embedded), .ppm,\n"
                           "                         .jpg/.jpeg (8-bit), .npy (raw: uint32 counts for count/histogram,\n"
                           "                         float32 smooth values or distances otherwise), .exr (every sample:\n"
                           "                         Kalles Fraktaler's channels R G B, N NF, and DEX DEY with --color\n"
                           "                         distance; the scene embedded), .json (writes the scene, renders\n"
                           "                         nothing)  [default: FORMULA.png]",
                           &cli_escape_params, opts, on_opt, on_word, &e};
    cli_run run;
    cli_run_init(&run);
    cli_catch_signals();
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    fr_escape_params p;
    int rc = cli_parse(&c, ctx, argc, argv, 1, &run, NULL);
    if (rc == CLI_HELP) {
        help(&c);
        rc = 0;
        goto done;
    }
    if (rc) goto done;
    if (!e.formula && !e.from) {
        cli_error("render needs a formula (mandelbrot, julia, burningship, tricorn, multibrot) or --from FILE");
        rc = EXIT_USAGE;
        goto done;
    }
    fr_formula f = FR_MANDELBROT;
    if (e.formula && fr_formula_parse(ctx, e.formula, &f)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_USAGE;
        goto done;
    }
    fr_escape_params_default(&p, f);
    if (e.from && cli_is_kfr(e.from)) {
        /* KF's zoom fixes the view's height: the image size comes first */
        char *text;
        if ((rc = cli_parse(&c, ctx, argc, argv, 1, NULL, &p))) goto done;
        if (fr_read_text_file(ctx, e.from, &text)) {
            cli_error("%s", fr_last_error(ctx));
            rc = EXIT_WORK;
            goto done;
        }
        if (fr_escape_params_from_kfr(ctx, text, strlen(text), &p))
            cli_error("'%s': %s", e.from, fr_last_error(ctx)), rc = EXIT_WORK;
        free(text);
        if (rc) goto done;
    } else if (e.from) {
        char *json;
        if ((rc = cli_scene_read(ctx, e.from, &json))) goto done;
        if (fr_escape_params_from_json(ctx, json, &p)) cli_error("scene '%s': %s", e.from, fr_last_error(ctx)), rc = EXIT_WORK;
        free(json);
        if (rc) goto done;
    }
    if (e.formula) p.formula = f;
    if ((rc = cli_parse(&c, ctx, argc, argv, 1, NULL, &p))) goto done;

    char default_out[64];
    if (!run.nout) {
        snprintf(default_out, sizeof default_out, "%s.png", fr_formula_name(p.formula));
        run.out[run.nout++] = default_out;
    }
    const char *out = run.out[0];
    fr_format fmt = cli_output_format(out, CLI_FMT(FR_FMT_PNG) | CLI_FMT(FR_FMT_PPM) | CLI_FMT(FR_FMT_JPEG) |
                                               CLI_FMT(FR_FMT_NPY) | CLI_FMT(FR_FMT_JSON) | CLI_FMT(FR_FMT_EXR));
    if (fmt == FR_FMT_UNKNOWN) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (fr_escape_params_validate(ctx, &p)) {
        cli_report(&c, ctx);
        rc = EXIT_USAGE;
        goto done;
    }
    if (!cli_check_writable(out)) {
        rc = EXIT_WORK;
        goto done;
    }
    if (fmt == FR_FMT_JSON) {
        char *json = NULL;
        fr_status s = fr_escape_params_to_json(ctx, &p, &json);
        if (!s) s = fr_write_text_file(ctx, out, json);
        free(json);
        if (s) cli_error("%s", fr_last_error(ctx)), rc = EXIT_WORK;
        goto done;
    }
    if ((rc = cli_run_apply(ctx, &run))) goto done;

    cli_progress pg;
    cli_progress_init(&pg, "rendering", !run.quiet);
    pg.ctx = ctx; /* deep zoom: a bar for the reference orbit, one for the pixels */
    fr_context_set_progress(ctx, cli_progress_cb, &pg);
    fr_image img = {0};
    fr_escape_raw raw = {0};
    fr_escape_extra extra = {0};
    fr_escape_stats st;
    double t0 = cli_now();
    /* .npy and .exr take the raw samples (an EXR colours each sample itself) */
    const int raw_only = fmt == FR_FMT_NPY || fmt == FR_FMT_EXR;
    const unsigned want = fmt != FR_FMT_EXR ? 0 : FR_RAW_SMOOTH | (p.color == FR_COLOR_DISTANCE ? FR_RAW_DE : 0);
    fr_status s = fr_escape_render_raw(ctx, &p, raw_only ? NULL : &img, raw_only ? &raw : NULL, want, &extra, &st);
    cli_progress_end(&pg);
    if (s) {
        cli_error("%s", fr_last_error(ctx));
        rc = s == FR_ERR_CANCELLED && cli_interrupted ? CLI_EXIT_SIGNAL : EXIT_WORK;
    } else {
        double t1 = cli_now();
        rc = write_output(ctx, out, run.jpeg_quality, &p, fmt, &img, &raw, &extra);
        if (!rc && !run.quiet) print_stats(ctx, out, &p, &st, cli_now() - t0, cli_now() - t1);
    }
    fr_image_free(&img);
    fr_escape_raw_free(&raw);
    fr_escape_extra_free(&extra);
done:
    fr_context_destroy(ctx);
    return rc;
}
