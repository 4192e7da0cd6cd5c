/* fractalis animate FORMULA: escape-time zoom videos. A timeline of
 * keyframes (the start scene from the flags or --from, the end from --to or
 * --zoom-to; or --keyframes), each frame a pure function of its index:
 * log10 width linear in time over the whole timeline (every segment gets
 * time in proportion to the decades it zooms: a constant perceived speed),
 * the view between two keyframes from fr_escape_zoom_view (the centre on
 * the path that keeps the zoom's target at one place on screen, computed in
 * MPFR; the target named as every frame's deep-zoom reference, so one
 * reference orbit serves a segment's deep frames on the one context). The
 * frame loop (animate_frames.c) writes the frames or the video; each PNG
 * frame carries its scene, which re-renders alone with `render --from` to
 * the same bytes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../options.h"
#include "animate.h"

#define ZOOM_MAX_KEYS 1024

typedef struct zoom_cmd {
    const char *formula, *from, *to, *keyframes, *zoom_to, *scenes;
    int frames;
    double duration;
    int forced_histogram;
    int user_reference; /* --reference given: every deep frame's reference instead of the target */
} zoom_cmd;

static const cli_opt opts[] = {
    {"to", "SCENE", "the end scene: a .json scene, a PNG or EXR rendered by fractalis, or a .kfr location"},
    {"zoom-to", "W", "the end scene is the start's with view width W (any exponent: 1e-50, 4e-5000)"},
    {"from", "SCENE", "the start scene (default: FORMULA's view with the flags given)"},
    {"keyframes", "A,B,...",
     "scenes to pass through in order (instead of --from/--to); the first gives every "
     "parameter but the view"},
    {"frames", "N", "number of frames"},
    {"duration", "S", "length in seconds: frames = S x --fps"},
    {"scenes", "PATTERN",
     "write each frame's scene (.json) through a printf pattern ('f-%05d.json') and render "
     "nothing (frames for `render --from` elsewhere)"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    zoom_cmd *z = user;
    char *end;
    switch (i) {
    case 0: z->to = v; break;
    case 1: z->zoom_to = v; break;
    case 2: z->from = v; break;
    case 3: z->keyframes = v; break;
    case 4:
        if (!cli_parse_int(v, 1, 10000000, &z->frames))
            return cli_error("--frames '%s': a whole number 1..1e7", v), EXIT_USAGE;
        break;
    case 5:
        z->duration = strtod(v, &end);
        if (*end || !(z->duration > 0 && z->duration <= 1e6))
            return cli_error("--duration '%s': seconds, > 0", v), EXIT_USAGE;
        break;
    case 6: z->scenes = v; break;
    }
    return 0;
}

static int on_word(void *user, const char *w)
{
    zoom_cmd *z = user;
    if (z->formula && strcmp(z->formula, w)) return cli_error("unexpected argument '%s'", w), EXIT_USAGE;
    z->formula = w;
    return 0;
}

static void help(const cli_command *c)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    printf("Usage: fractalis animate FORMULA [scene options] --zoom-to W | --to SCENE  --frames N | "
           "--duration S "
           "-o zoom.mp4\n"
           "       fractalis animate FORMULA --from A.json --to B.json ...\n"
           "       fractalis animate FORMULA --keyframes a.json,b.png,c.kfr ...\n\n"
           "An escape-time zoom: the width moves exponentially (the same zoom factor every frame), the\n"
           "rotation linearly, and the centre along the path that keeps the zoom's target at one place on\n"
           "screen (computed in MPFR, decimal centres of any length). Deep frames switch to perturbation\n"
           "by themselves and share one reference orbit, at the target. Colouring is smooth by default\n"
           "(the palette cycled by iteration count: the same iteration, the same colour, in every frame);\n"
           "histogram colouring ranks every frame's counts anew and flickers. Each PNG frame carries its\n"
           "scene: `fractalis render --from frame.png` renders it again, byte for byte. --reference RE,IM\n"
           "puts every deep frame's reference orbit at that point instead (a minibrot's nucleus near the\n"
           "target, from `fractalis locate`: a long orbit; it must stay within 2^24 pixels of every deep\n"
           "frame's centre).\n\n");
    animate_output_help();
    cli_print_options(c, &p);
    printf(
        "\nExamples:\n"
        "  fractalis animate mandelbrot --center -1.7490234375,0 --zoom-to 1e-12 --duration 10 -o zoom.mp4\n"
        "  fractalis animate mandelbrot --from start.json --to deep.json --frames 1800 --fps 60 -o zoom.mp4\n"
        "  fractalis animate mandelbrot --keyframes a.json,b.json,c.kfr --frames 600 -o 'f-%%05d.png'\n");
}

/* The view parameters a keyframe file keeps when the flags apply to it. */
typedef struct view_save {
    double re, im, w, rot;
    int32_t e10;
} view_save;

static void view_keep(const fr_escape_params *p, view_save *v)
{
    *v = (view_save){p->center_re, p->center_im, p->view_width, p->rotate_deg, p->view_width_exp10};
}

static void view_put(fr_escape_params *p, const view_save *v)
{
    p->center_re = v->re, p->center_im = v->im, p->view_width = v->w, p->rotate_deg = v->rot;
    p->view_width_exp10 = v->e10;
}

/* A keyframe from a file into *p (which holds the flags' scene); the flags
 * then apply to it, but for its view. */
static int load_key(const cli_command *c, fr_context *ctx, int argc, char **argv, const char *path,
                    fr_escape_params *p, int formula_given, fr_formula f)
{
    int rc = 0;
    if (cli_is_kfr(path)) {
        char *text;
        if (fr_read_text_file(ctx, path, &text)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
        if (fr_escape_params_from_kfr(ctx, text, strlen(text), p))
            cli_error("'%s': %s", path, fr_last_error(ctx)), rc = EXIT_WORK;
        free(text);
    } else {
        char *json;
        if ((rc = cli_scene_read(ctx, path, &json))) return rc;
        if (fr_escape_params_from_json(ctx, json, p))
            cli_error("scene '%s': %s", path, fr_last_error(ctx)), rc = EXIT_WORK;
        free(json);
    }
    if (rc) return rc;
    if (formula_given) p->formula = f;
    /* the centre text survives cli_parse unless --center is given: keep the
     * file's view over the flags' */
    char *ctext = NULL;
    if (fr_escape_param_get(ctx, p, "center", &ctext)) return cli_error("%s", fr_last_error(ctx)), EXIT_WORK;
    view_save v;
    view_keep(p, &v);
    rc = cli_parse(c, ctx, argc, argv, 1, NULL, p);
    view_put(p, &v);
    if (!rc && fr_escape_param_set(ctx, p, "center", ctext))
        cli_error("%s", fr_last_error(ctx)), rc = EXIT_WORK;
    free(ctext);
    return rc;
}

typedef struct zoom_run {
    fr_context *ctx;
    fr_escape_params **keys;
    int nkeys, nframes;
    double *cum; /* cumulative share of time at each key (0 .. 1) */
    fr_escape_params *frame;
    int deep_frames, reused, rendered;
    const char *reference;  /* --reference: the user's point for every frame (NULL: each segment's target) */
    int32_t reference_bits; /* its precision: the deepest keyframe's */
} zoom_run;

/* Frame i's scene into z->frame. */
static int frame_scene(zoom_run *z, int i)
{
    double t = z->nframes > 1 ? (double)i / (z->nframes - 1) : 0.0;
    int k = 0;
    while (k + 2 < z->nkeys && t > z->cum[k + 1])
        k++;
    double span = z->cum[k + 1] - z->cum[k];
    double s = span > 0 ? (t - z->cum[k]) / span : 1.0;
    if (i == z->nframes - 1 && z->nframes > 1) s = 1.0;
    if (s < 0) s = 0;
    if (s > 1) s = 1;
    if (fr_escape_zoom_view(z->ctx, z->keys[k], z->keys[k + 1], s, 1, z->frame))
        return cli_error("frame %d: %s", i, fr_last_error(z->ctx)), EXIT_WORK;
    if (z->reference) {
        if (fr_escape_param_set(z->ctx, z->frame, "reference", z->reference))
            return cli_error("frame %d: %s", i, fr_last_error(z->ctx)), EXIT_WORK;
        z->frame->reference_bits = z->reference_bits;
    }
    return 0;
}

static int render_frame(void *user, int index, fr_image *img, char **meta)
{
    zoom_run *z = user;
    int rc = frame_scene(z, index);
    if (rc) return rc;
    fr_escape_stats st;
    memset(&st, 0, sizeof st);
    fr_status s = fr_escape_render(z->ctx, z->frame, img, NULL, &st);
    if (s) {
        cli_error("frame %d: %s", index, fr_last_error(z->ctx));
        return EXIT_WORK;
    }
    z->rendered++;
    if (st.deep) z->deep_frames++;
    if (st.reference_reused) z->reused++;
    if (meta && fr_escape_params_to_json(z->ctx, z->frame, meta)) {
        cli_error("frame %d: %s", index, fr_last_error(z->ctx));
        return EXIT_WORK;
    }
    return 0;
}

/* What frame `index` embeds, without rendering it (--resume checks a frame
 * already written against it). */
static int frame_meta(void *user, int index, char **meta)
{
    zoom_run *z = user;
    int rc = frame_scene(z, index);
    if (rc) return rc;
    if (fr_escape_params_to_json(z->ctx, z->frame, meta)) {
        cli_error("frame %d: %s", index, fr_last_error(z->ctx));
        return EXIT_WORK;
    }
    return 0;
}

/* The keyframes' share of time: log10 width linear over the whole zoom; a
 * segment that does not zoom (a pan, a turn) takes as long as a factor of
 * two would. */
static void timeline(zoom_run *z)
{
    double total = 0;
    z->cum[0] = 0;
    for (int k = 0; k + 1 < z->nkeys; k++) {
        double d = fabs(fr_escape_view_log10_width(z->keys[k + 1]) - fr_escape_view_log10_width(z->keys[k]));
        if (!(d > 1e-9)) d = log10(2.0);
        total += d;
        z->cum[k + 1] = total;
    }
    for (int k = 1; k < z->nkeys; k++)
        z->cum[k] /= total;
    z->cum[z->nkeys - 1] = 1.0;
}

int animate_zoom(int argc, char **argv)
{
    zoom_cmd zc = {0};
    animate_output o;
    animate_output_default(&o);
    /* the shared output options first (the frame loop's); the rest is ours */
    char **av = malloc((size_t)(argc + 1) * sizeof *av);
    if (!av) return cli_error("out of memory"), EXIT_WORK;
    int ac = 0;
    for (int i = 0; i < argc; i++) {
        int r = i ? animate_output_option(&o, argc, argv, &i) : 0;
        if (r < 0) return free(av), EXIT_USAGE;
        if (r == 0) {
            av[ac++] = argv[i];
            if ((!strcmp(argv[i], "--color") && i + 1 < argc && !strcmp(argv[i + 1], "histogram")) ||
                !strcmp(argv[i], "--color=histogram"))
                zc.forced_histogram = 1;
            if (!strcmp(argv[i], "--reference") || !strncmp(argv[i], "--reference=", 12))
                zc.user_reference = 1;
        }
    }
    av[ac] = NULL;
    /* -o and -q are the shared output options' (above) */
    const cli_command c = {"animate", RUN_DEVICE | RUN_KERNEL | RUN_THREADS | RUN_DEVICE_MEMORY,
                           NULL,      &cli_escape_params,
                           opts,      on_opt,
                           on_word,   &zc};
    cli_run run;
    cli_run_init(&run);
    cli_catch_signals();
    zoom_run z = {0};
    fr_context *ctx = fr_context_create();
    if (!ctx) return free(av), cli_error("out of memory"), EXIT_WORK;
    z.ctx = ctx;
    int rc = cli_parse(&c, ctx, ac, av, 1, &run, NULL);
    if (rc == CLI_HELP) {
        help(&c);
        rc = 0;
        goto done;
    }
    if (rc) goto done;
    fr_formula f = FR_MANDELBROT;
    if (ac > 0) zc.formula = av[0];
    if (fr_formula_parse(ctx, zc.formula, &f)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_USAGE;
        goto done;
    }
    if (!!zc.keyframes + !!(zc.to || zc.zoom_to) != 1 || (zc.to && zc.zoom_to) || (zc.keyframes && zc.from)) {
        cli_error("animate %s: say where the zoom goes: --to SCENE or --zoom-to W (with --from SCENE or the "
                  "flags as the start), or --keyframes A,B,...",
                  zc.formula);
        rc = EXIT_USAGE;
        goto done;
    }
    if (!zc.frames && zc.duration > 0) zc.frames = (int)lround(zc.duration * o.fps);
    if (!zc.frames) {
        cli_error("animate %s: say how many frames (--frames N, or --duration S at --fps)", zc.formula);
        rc = EXIT_USAGE;
        goto done;
    }
    if (!o.path && !zc.scenes) {
        cli_error(
            "animate %s: say where the frames go (-o zoom.mp4 or -o 'frame-%%05d.png'; --scenes for scenes)",
            zc.formula);
        rc = EXIT_USAGE;
        goto done;
    }

    /* the keyframes: the flags' scene is the base of each */
    z.keys = calloc(ZOOM_MAX_KEYS, sizeof *z.keys);
    z.cum = calloc(ZOOM_MAX_KEYS, sizeof *z.cum);
    z.frame = malloc(sizeof *z.frame);
    if (!z.keys || !z.cum || !z.frame) {
        cli_error("out of memory");
        rc = EXIT_WORK;
        goto done;
    }
    fr_escape_params *base = malloc(sizeof *base);
    if (!base) {
        cli_error("out of memory");
        rc = EXIT_WORK;
        goto done;
    }
    fr_escape_params_default(base, f);
    if ((rc = cli_parse(&c, ctx, ac, av, 1, NULL, base))) {
        free(base);
        goto done;
    }
    char *list = NULL;
    const char *files[ZOOM_MAX_KEYS];
    int nfiles = 0;
    if (zc.keyframes) {
        list = strdup(zc.keyframes);
        for (char *sp = NULL, *tok = strtok_r(list, ",", &sp); tok && nfiles < ZOOM_MAX_KEYS;
             tok = strtok_r(NULL, ",", &sp))
            files[nfiles++] = tok;
        if (nfiles < 2) {
            cli_error("--keyframes: at least two scenes, separated by commas");
            rc = EXIT_USAGE;
        }
    } else {
        files[nfiles++] = zc.from; /* NULL: the flags' scene */
        files[nfiles++] = zc.to;   /* NULL: --zoom-to */
    }
    for (int k = 0; !rc && k < nfiles; k++) {
        fr_escape_params *p = malloc(sizeof *p);
        if (!p) {
            cli_error("out of memory");
            rc = EXIT_WORK;
            break;
        }
        z.keys[z.nkeys++] = p;
        memcpy(p, k ? z.keys[0] : base, sizeof *p);
        if (files[k])
            rc = load_key(&c, ctx, ac, av, files[k], p, 1, f);
        else if (k == 1 && fr_escape_param_set(ctx, p, "width", zc.zoom_to))
            cli_error("--zoom-to: %s", fr_last_error(ctx)), rc = EXIT_USAGE;
        if (!rc && k) { /* every parameter but the view from the first keyframe */
            view_save v;
            view_keep(p, &v);
            char *ctext = NULL;
            uint32_t iter = p->max_iter;
            if (fr_escape_param_get(ctx, p, "center", &ctext)) {
                cli_error("%s", fr_last_error(ctx));
                rc = EXIT_WORK;
                break;
            }
            memcpy(p, z.keys[0], sizeof *p);
            view_put(p, &v);
            if (fr_escape_param_set(ctx, p, "center", ctext))
                cli_error("%s", fr_last_error(ctx)), rc = EXIT_WORK;
            free(ctext);
            if (iter > z.keys[0]->max_iter) z.keys[0]->max_iter = iter;
        }
    }
    free(list);
    free(base);
    if (rc) goto done;
    for (int k = 0; k < z.nkeys; k++)
        z.keys[k]->max_iter = z.keys[0]->max_iter; /* the deepest's iterations */
    fr_escape_params *k0 = z.keys[0];
    if (k0->color == FR_COLOR_HISTOGRAM) {
        if (zc.forced_histogram)
            fprintf(stderr,
                    "fractalis: animate: histogram colouring ranks each frame's counts anew, so colours "
                    "flicker from frame to frame; kept as asked (--color smooth is continuous)\n");
        else {
            if (!o.quiet)
                fprintf(stderr,
                        "fractalis: animate: the scene colours by histogram, which flickers in a video; "
                        "colouring smooth instead (say --color histogram to keep it)\n");
            for (int k = 0; k < z.nkeys; k++)
                z.keys[k]->color = FR_COLOR_SMOOTH;
        }
    }
    for (int k = 0; k < z.nkeys; k++)
        if (fr_escape_params_validate(ctx, z.keys[k])) {
            cli_error("keyframe %d: %s", k + 1, fr_last_error(ctx));
            rc = EXIT_USAGE;
            goto done;
        }
    z.nframes = zc.frames;
    timeline(&z);
    if (zc.user_reference && k0->reference_text[0]) {
        /* one point for every frame (a minibrot's nucleus from `fractalis
         * locate`, whose orbit is long where the target's may escape early),
         * at the deepest keyframe's precision */
        z.reference = k0->reference_text;
        z.reference_bits = k0->reference_bits;
        for (int k = 0; k + 1 < z.nkeys; k++) {
            if (fr_escape_zoom_view(ctx, z.keys[k], z.keys[k + 1], 1.0, 1, z.frame)) {
                cli_error("%s", fr_last_error(ctx));
                rc = EXIT_WORK;
                goto done;
            }
            if (z.frame->reference_bits > z.reference_bits) z.reference_bits = z.frame->reference_bits;
        }
    }

    if (zc.scenes) {
        for (int i = 0; i < z.nframes && !rc; i++) {
            char path[4096], *json = NULL;
            snprintf(path, sizeof path, zc.scenes, i);
            if ((rc = frame_scene(&z, i))) break;
            if (fr_escape_params_to_json(ctx, z.frame, &json) || fr_write_text_file(ctx, path, json))
                cli_error("%s", fr_last_error(ctx)), rc = EXIT_WORK;
            free(json);
        }
        goto done;
    }
    if ((rc = cli_run_apply(ctx, &run))) goto done;
    double t0 = cli_now();
    rc = animate_run_meta(ctx, &o, z.nframes, NULL, render_frame, frame_meta, &z);
    double secs = cli_now() - t0;
    if (!o.quiet && z.rendered)
        fprintf(
            stderr,
            "fractalis: animate: %d frames in %.2f s (%.3g frames/s); %d by perturbation, %d of them on a "
            "reference orbit computed before\n",
            z.rendered, secs, z.rendered / secs, z.deep_frames, z.reused);
done:
    if (z.keys)
        for (int k = 0; k < z.nkeys; k++)
            free(z.keys[k]);
    free(z.keys);
    free(z.cum);
    free(z.frame);
    free(av);
    fr_context_destroy(ctx);
    return rc;
}
