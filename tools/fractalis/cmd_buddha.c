/* fractalis render buddhabrot | nebulabrot | anti-buddhabrot: orbit-density
 * images. Flags come from the library's parameter table; -o may be given
 * several times (PNG/PPM image, .npy histogram, .json scene). A .npy is
 * written with a scene beside it (NAME.npy.json) holding the parameters and
 * the sample count, which --resume reads to add samples to it. Ctrl-C or
 * --time ends sampling cleanly: the outputs are still written. */
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "options.h"

typedef struct buddha_cmd {
    const char *family, *from, *resume;
} buddha_cmd;

int cli_buddha_family(const char *w, int *nebula, int *anti)
{
    int n = 0, a = 0, ok = 1;
    if (!w) ok = 0;
    else if (!strcasecmp(w, "nebulabrot")) n = 1;
    else if (!strcasecmp(w, "anti-buddhabrot") || !strcasecmp(w, "antibuddhabrot")) a = 1;
    else if (strcasecmp(w, "buddhabrot")) ok = 0;
    if (nebula) *nebula = n;
    if (anti) *anti = a;
    return ok;
}

static const cli_opt opts[] = {
    {"from", "FILE", "start from a scene: a .json scene or a PNG or EXR rendered by fractalis"},
    {"resume", "HIST.npy",
     "add samples to a histogram written earlier (its scene comes along; the result is written back to "
     "HIST.npy unless -o names a .npy)"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    buddha_cmd *b = user;
    if (i == 0) b->from = v;
    else b->resume = v;
    return 0;
}

static int on_word(void *user, const char *w)
{
    buddha_cmd *b = user;
    if (b->family && strcasecmp(b->family, w)) return cli_error("unexpected argument '%s'", w), EXIT_USAGE;
    b->family = w;
    return 0;
}

static void help(const cli_command *c)
{
    fr_buddha_params p;
    fr_buddha_params_default(&p, 0, 0);
    printf("Usage: fractalis render buddhabrot|nebulabrot|anti-buddhabrot [options]\n"
           "       fractalis render --resume HIST.npy [options]\n\n"
           "Orbit density: sample c, iterate z -> z^2 + c from 0, and count every point of the orbits\n"
           "that qualify. buddhabrot: escaping orbits; nebulabrot: three channels (red 5000, green 500,\n"
           "blue 50 iterations); anti-buddhabrot: orbits that never escape (cycles credited exactly).\n"
           "Another formula iterates another map (burningship, tricorn, multibrot: z^power + c), or for julia\n"
           "the sample is z_0 and c the constant. The view stays the Buddha's (centre -0.4, rotated 90)\n"
           "unless centre, width and rotation are given; the sampling region follows the formula.\n\n");
    cli_print_options(c, &p);
    printf("Ctrl-C or --time ends sampling cleanly and still writes every output.\n\n"
           "Examples:\n"
           "  fractalis render buddhabrot --hits 2000 -o buddha.png -o buddha.npy\n"
           "  fractalis render buddhabrot --resume buddha.npy --time 60s -o buddha.png\n"
           "  fractalis render nebulabrot --samples 1e8 -o nebula.png -o nebula.exr\n"
           "  fractalis render nebulabrot --size 2048x2048 --time 5m -o nebula.png\n"
           "  fractalis render buddhabrot --channel r:0:2000 --channel g:0:200 --channel b:0:20 -o n.png\n"
           "  fractalis render anti-buddhabrot --iter 200 --tone log -o anti.png\n"
           "  fractalis render buddhabrot --formula burningship --center -0.4,-0.6 --width 3.2 --rotate 0 -o ship.png\n"
           "  fractalis render buddhabrot --formula julia --c -0.4,0.6 --center 0,0 --rotate 0 -o julia.png\n");
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
    DIFF(a->formula != b->formula, "formula");
    DIFF(a->formula == FR_MULTIBROT && a->power != b->power, "power");
    DIFF(a->formula == FR_JULIA && (a->julia_re != b->julia_re || a->julia_im != b->julia_im), "c");
    double ra[4], rb[4];
    fr_buddha_region(a, ra), fr_buddha_region(b, rb);
    DIFF(memcmp(ra, rb, sizeof ra), "region");
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
    if (st->bands > 1) fprintf(stderr, "  bands            %d (each drew every sample)\n", st->bands);
    if (p->sampling == FR_SAMPLING_METROPOLIS)
        fprintf(stderr, "  acceptance       %.3f\n  weight scale     %.6g (counts / uniform sampling's)\n",
                st->acceptance, st->weight_scale);
}

static int write_outputs(fr_context *ctx, const cli_run *o, const fr_buddha_params *p, const fr_buddha_hist *h)
{
    fr_image img = {0};
    int rc = 0;
    for (int i = 0; i < o->nout && !rc; i++) {
        const char *path = o->out[i];
        fr_status s = FR_OK;
        char *json = NULL;
        switch (fr_format_from_path(path)) {
        case FR_FMT_PPM:
        case FR_FMT_JPEG:
            if (!img.pixels && (s = fr_buddha_tone_map(ctx, p, h, &img))) break;
            if (fr_format_from_path(path) == FR_FMT_PPM) s = fr_image_write_ppm(ctx, &img, path);
            else s = fr_image_write_jpeg(ctx, &img, path, o->jpeg_quality);
            break;
        case FR_FMT_PNG: /* a strip of rows at a time: no whole image (3 to 6 GiB at 32768 x 32768) */
            if (!(s = fr_buddha_params_to_json(ctx, p, &json))) s = fr_buddha_write_png(ctx, p, h, path, json);
            break;
        case FR_FMT_NPY: s = fr_buddha_hist_save(ctx, p, h, path); break;
        case FR_FMT_EXR: s = fr_buddha_hist_write_exr(ctx, p, h, path); break;
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

int cmd_render_buddha(int argc, char **argv)
{
    buddha_cmd b = {0};
    const cli_command c = {"render buddhabrot", RUN_OUTPUTS | RUN_RENDER | RUN_HOST_MEMORY,
                           "output, repeatable; by extension: .png (8/16-bit, parameters embedded), .ppm,\n"
                           "                         .jpg/.jpeg (8-bit), .npy (the raw histogram, uint32 or uint64, with\n"
                           "                         its scene in FILE.npy.json), .exr (the image and the counts as\n"
                           "                         32-bit channels hits.Y or hits.R/G/B, the scene embedded), .json\n"
                           "                         (the scene)  [default: FAMILY.png]",
                           &cli_buddha_params, opts, on_opt, on_word, &b};
    cli_run o;
    cli_run_init(&o);
    cli_catch_signals();
    fr_context *ctx = fr_context_create();
    if (!ctx) return cli_error("out of memory"), EXIT_WORK;
    fr_buddha_params p, base;
    fr_buddha_hist h = {0};
    int rc = cli_parse(&c, ctx, argc, argv, 1, &o, NULL);
    if (rc == CLI_HELP) {
        help(&c);
        rc = 0;
        goto done;
    }
    if (rc) goto done;
    int nebula = 0, anti = 0;
    if (b.family && !cli_buddha_family(b.family, &nebula, &anti)) {
        cli_error("unknown family '%s' (buddhabrot, nebulabrot, anti-buddhabrot)", b.family);
        rc = EXIT_USAGE;
        goto done;
    }
    fr_buddha_params_default(&p, nebula, anti);
    if (b.from) {
        char *text = NULL;
        if ((rc = cli_scene_read(ctx, b.from, &text))) goto done;
        if (fr_buddha_params_from_json(ctx, text, &p)) {
            cli_error("--from %s: %s", b.from, fr_last_error(ctx));
            rc = EXIT_USAGE;
        }
        free(text);
        if (rc) goto done;
    }
    if (b.resume && fr_buddha_hist_load(ctx, b.resume, &p, &h)) {
        cli_error("--resume %s", fr_last_error(ctx));
        rc = EXIT_USAGE;
        goto done;
    }
    base = p;
    if ((rc = cli_parse(&c, ctx, argc, argv, 1, NULL, &p))) goto done;
    if (fr_buddha_params_validate(ctx, &p)) {
        cli_report(&c, ctx);
        rc = EXIT_USAGE;
        goto done;
    }
    const char *what;
    if (b.resume && !same_histogram(&base, &p, &what)) {
        cli_error("--resume %s: --%s differs from the histogram's; only the sampling amount, tone and output may change",
                  b.resume, what);
        rc = EXIT_USAGE;
        goto done;
    }
    /* Outputs: default NAME.png; a resumed histogram is written back unless
     * another .npy is named. */
    char default_out[64];
    int has_npy = 0;
    for (int i = 0; i < o.nout; i++) {
        fr_format f = cli_output_format(o.out[i], CLI_FMT(FR_FMT_PNG) | CLI_FMT(FR_FMT_PPM) | CLI_FMT(FR_FMT_JPEG) |
                                                      CLI_FMT(FR_FMT_NPY) | CLI_FMT(FR_FMT_JSON) |
                                                      CLI_FMT(FR_FMT_EXR));
        if (f == FR_FMT_UNKNOWN) {
            rc = EXIT_USAGE;
            goto done;
        }
        has_npy |= f == FR_FMT_NPY;
    }
    if (!o.nout) {
        snprintf(default_out, sizeof default_out, "%s.png",
                 p.anti ? "anti-buddhabrot" : p.channels == 3 ? "nebulabrot" : "buddhabrot");
        o.out[o.nout++] = default_out;
    }
    if (b.resume && !has_npy && o.nout < CLI_MAX_OUT) o.out[o.nout++] = b.resume;
    for (int i = 0; i < o.nout; i++)
        if (!cli_check_writable(o.out[i])) {
            rc = EXIT_WORK;
            goto done;
        }
    if (o.nout == 1 && fr_format_from_path(o.out[0]) == FR_FMT_JSON) {
        rc = write_outputs(ctx, &o, &p, &h);
        goto done;
    }

    if (b.resume) {
        /* (loaded with its scene above) */
    } else if (fr_buddha_hist_alloc(ctx, &h, p.width, p.height, p.channels)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
        goto done;
    }
    if ((rc = cli_run_apply(ctx, &o))) goto done;

    cli_progress pg;
    cli_progress_init(&pg, "sampling", !o.quiet);
    fr_context_set_progress(ctx, cli_progress_cb, &pg);
    fr_buddha_stats st;
    fr_status s = fr_buddha_render(ctx, &p, &h, &st);
    cli_progress_end(&pg);
    if (s) {
        cli_error("%s", fr_last_error(ctx));
        rc = s == FR_ERR_CANCELLED && cli_interrupted ? CLI_EXIT_SIGNAL : EXIT_WORK;
        goto done;
    }
    if (cli_interrupted && !o.quiet) fprintf(stderr, "fractalis: interrupted: writing what was sampled\n");
    rc = write_outputs(ctx, &o, &p, &h);
    if (!rc && !o.quiet) {
        print_stats(&p, &st, fr_context_device(ctx));
        if (*fr_context_device_shares(ctx))
            fprintf(stderr, "  work per device  %s\n", fr_context_device_shares(ctx));
    }
done:
    fr_buddha_hist_free(&h);
    fr_context_destroy(ctx);
    return rc;
}
