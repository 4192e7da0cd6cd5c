/* fractalis animate flame FILE: the frames of a genome timeline as
 * flam3-animate renders them. The file's genomes are keyframes at their
 * `time`s; frame number N is the frame at time N (flam3-animate's begin,
 * end and dtime: --frames A:B[:STEP], by default from the first keyframe's
 * time to the last's less one), rendered by fr_flame_render_time with
 * motion blur on (flam3-animate honours temporal_samples: each temporal
 * sample renders the genome interpolated at its own time). Each PNG frame
 * embeds the genome at its time (flam3-animate's "center" genome). The
 * frame loop (animate_frames.c) writes the frames or the video. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../options.h"
#include "animate.h"

typedef struct flame_anim {
    const char *file, *palettes, *frames;
    int strict;
    double stagger;
    int no_motion_blur;
} flame_anim;

enum { OPT_FRAMES, OPT_STAGGER, OPT_NO_MOTION_BLUR, OPT_PALETTES, OPT_STRICT };

static const cli_opt opts[] = {
    [OPT_FRAMES] =
        {"frames", "A:B[:STEP]",
         "the frames at times A, A+STEP, ... <= B (whole numbers; flam3-animate's begin, end, dtime); "
         "the frame's number is its time  [default: the first keyframe's time to the last's - 1]"},
    [OPT_STAGGER] = {"stagger", "S",
                     "0 .. 1: each xform's share of a transition delayed (as flam3-genome's sequences); "
                     "flam3-animate renders with 0  [default: 0]"},
    [OPT_NO_MOTION_BLUR] =
        {"no-motion-blur", NULL,
         "one time step a pass, every step the genome at the frame's time (as flam3-render "
         "renders that genome); the same as --motion-blur=off"},
    [OPT_PALETTES] = {"palettes", "FILE", "flam3's palette file for palette=\"N\""},
    [OPT_STRICT] = {"strict", NULL, "unknown attributes or elements are errors"},
    {NULL, NULL, NULL},
};

static int on_opt(void *user, int i, const char *v)
{
    flame_anim *a = user;
    char *end;
    switch (i) {
    case OPT_FRAMES: a->frames = v; break;
    case OPT_STAGGER:
        a->stagger = strtod(v, &end);
        if (*end || !*v || !(a->stagger >= 0 && a->stagger <= 1))
            return cli_error("--stagger '%s': a number 0 .. 1", v), EXIT_USAGE;
        break;
    case OPT_NO_MOTION_BLUR: a->no_motion_blur = 1; break;
    case OPT_PALETTES: a->palettes = v; break;
    case OPT_STRICT: a->strict = 1; break;
    }
    return 0;
}

static int on_word(void *user, const char *w)
{
    flame_anim *a = user;
    if (a->file) return cli_error("unexpected argument '%s'", w), EXIT_USAGE;
    a->file = w;
    return 0;
}

/* --depth is the frame loop's (PNG frames and lossless video): the table's is not listed twice */
static const char *const hide_depth[] = {"depth", NULL};

static void help(const cli_command *c)
{
    fr_flame_options fo;
    fr_flame_options_default(&fo);
    fo.motion_blur = 1;
    printf("Usage: fractalis animate flame FILE [--frames A:B[:STEP]] -o 'frame-%%05d.png' | -o sheep.mp4 "
           "[options]\n\n"
           "The frames of a flam3 genome timeline (an Electric Sheep loop or transition, or any file of\n"
           "genomes with increasing `time`s), as flam3-animate renders them: frame N is the genome\n"
           "interpolated at time N (interpolation, interpolation_type, palette_interpolation as the\n"
           "keyframes say), each of its temporal_samples time steps rendering the genome at its own\n"
           "time (motion blur; --motion-blur=off: the genome at the frame's time alone). The size and\n"
           "quality options apply to every keyframe (flam3-animate's ss and qs). Each PNG frame embeds\n"
           "the genome at its time.\n\n");
    animate_output_help();
    printf("\n");
    cli_print_options(c, &fo);
    printf("\nExamples:\n"
           "  fractalis animate flame sheep-loop.flam3 -o 'frame-%%05d.png'\n"
           "  fractalis animate flame transition.flam3 --frames 0:119 --size 1280x720 --quality 500 -o "
           "edge.mp4\n");
}

/* "A:B[:STEP]" (whole numbers, B >= A, STEP >= 1). */
static int parse_frames(const char *s, int *a, int *b, int *step)
{
    char *end;
    long x = strtol(s, &end, 10), y, z = 1;
    if (end == s || *end != ':') return 0;
    const char *p = end + 1;
    y = strtol(p, &end, 10);
    if (end == p) return 0;
    if (*end == ':') {
        p = end + 1;
        z = strtol(p, &end, 10);
        if (end == p) return 0;
    }
    if (*end || y < x || z < 1 || x < -100000000 || y > 100000000 || z > 100000000) return 0;
    *a = (int)x, *b = (int)y, *step = (int)z;
    return 1;
}

typedef struct flame_run {
    fr_context *ctx;
    const fr_flames *f;
    fr_flame_options fo;
    double stagger;
    const int *number;
    int rendered;
    double samples, iterations;
} flame_run;

/* The render options over the genome as an XML comment ("<!-- fractalis
 * animate flame: size=... quality=... -->"), malloc()ed; NULL when out of
 * memory. */
static char *options_comment(flame_run *r)
{
    size_t cap = 256, len = 0;
    char *c = malloc(cap);
    if (!c) return NULL;
    len = (size_t)snprintf(c, cap, "<!-- fractalis animate flame: stagger=%.17g", r->stagger);
    for (int i = 0; i < fr_flame_option_count(); i++) {
        char *v = NULL;
        const char *name = fr_flame_option_info(i)->name;
        if (fr_flame_option_get(r->ctx, &r->fo, name, &v)) continue;
        const size_t need = len + strlen(name) + strlen(v) + 8;
        if (need > cap) {
            char *g = realloc(c, cap = 2 * need);
            if (!g) return free(v), free(c), NULL;
            c = g;
        }
        len += (size_t)snprintf(c + len, cap - len, " %s=%s", name, v);
        free(v);
    }
    if (len + 6 > cap) {
        char *g = realloc(c, cap = len + 6);
        if (!g) return free(c), NULL;
        c = g;
    }
    snprintf(c + len, cap - len, " -->\n");
    return c;
}

/* The genome at frame `index`'s time, as flam3 XML, and the render options
 * (a comment after it): what the frame embeds, so --resume reuses a frame
 * only when both are the same. */
static int frame_meta(flame_run *r, int index, char **meta)
{
    fr_flames *g = NULL;
    char *xml = NULL, *opts = NULL;
    if (fr_flames_interpolate(r->ctx, r->f, (double)r->number[index], r->stagger, &g) ||
        fr_flames_xml(r->ctx, g, 0, &xml)) {
        fr_flames_destroy(g);
        cli_error("frame %d: %s", r->number[index], fr_last_error(r->ctx));
        return EXIT_WORK;
    }
    fr_flames_destroy(g);
    opts = options_comment(r);
    const size_t n = strlen(xml) + (opts ? strlen(opts) : 0) + 1;
    *meta = opts ? malloc(n) : NULL;
    if (!*meta) {
        free(xml), free(opts);
        cli_error("frame %d: out of memory", r->number[index]);
        return EXIT_WORK;
    }
    snprintf(*meta, n, "%s%s", xml, opts);
    free(xml), free(opts);
    return 0;
}

/* animate_meta_fn: what frame `index` embeds, for --resume. */
static int meta_of(void *user, int index, char **meta)
{
    return frame_meta(user, index, meta);
}

static int render_frame(void *user, int index, fr_image *img, char **meta)
{
    flame_run *r = user;
    fr_flame_stats st;
    fr_status s =
        fr_flame_render_time_stagger(r->ctx, r->f, (double)r->number[index], r->stagger, &r->fo, img, &st);
    if (s) {
        if (s != FR_ERR_CANCELLED) cli_error("frame %d: %s", r->number[index], fr_last_error(r->ctx));
        return EXIT_WORK;
    }
    r->rendered++;
    r->samples += st.samples, r->iterations += (double)st.iterations;
    return meta ? frame_meta(r, index, meta) : 0;
}

int animate_flame(int argc, char **argv)
{
    flame_anim fa = {0};
    animate_output o;
    animate_output_default(&o);
    o.meta_key = "flam3_genome"; /* each frame carries its genome as flam3 writes it */
    /* the shared output options first (the frame loop's, --depth among them); the rest is ours */
    char **av = malloc((size_t)(argc + 1) * sizeof *av);
    if (!av) return cli_error("out of memory"), EXIT_WORK;
    int ac = 0;
    for (int i = 0; i < argc; i++) {
        int r = i ? animate_output_option(&o, argc, argv, &i) : 0;
        if (r < 0) return free(av), EXIT_USAGE;
        if (r == 0) av[ac++] = argv[i];
    }
    av[ac] = NULL;
    const cli_command c = {"animate flame",
                           RUN_OUTPUT | RUN_RENDER | RUN_HOST_MEMORY,
                           "the video or frame pattern (as the output options above say)",
                           &cli_flame_options,
                           opts,
                           on_opt,
                           on_word,
                           &fa,
                           hide_depth};
    cli_run run;
    cli_run_init(&run);
    cli_catch_signals();
    flame_run fr = {0};
    fr_flames *f = NULL;
    int *number = NULL;
    fr_flame_options_default(&fr.fo);
    fr.fo.motion_blur = 1; /* flam3-animate honours temporal_samples */
    fr_context *ctx = fr_context_create();
    if (!ctx) return free(av), cli_error("out of memory"), EXIT_WORK;
    int rc = cli_parse(&c, ctx, ac, av, 1, &run, &fr.fo);
    if (rc == CLI_HELP) {
        help(&c);
        rc = 0;
        goto done;
    }
    if (rc) goto done;
    if (fa.no_motion_blur) fr.fo.motion_blur = 0;
    fr.fo.depth = o.depth;
    if (!fa.file) {
        cli_error("animate flame: a genome file is needed (try 'fractalis animate flame --help')");
        rc = EXIT_USAGE;
        goto done;
    }
    if (!o.path && run.nout) o.path = run.out[0];
    if (!o.path) {
        cli_error("animate flame: say where the frames go (-o 'frame-%%05d.png' or -o sheep.mp4)");
        rc = EXIT_USAGE;
        goto done;
    }
    int a = 0, b = 0, step = 1;
    if (fa.frames && !parse_frames(fa.frames, &a, &b, &step)) {
        cli_error("--frames '%s': A:B or A:B:STEP, whole numbers with A <= B and STEP >= 1", fa.frames);
        rc = EXIT_USAGE;
        goto done;
    }
    if (fr_flame_options_check(ctx, &fr.fo)) {
        cli_report(&c, ctx);
        rc = EXIT_USAGE;
        goto done;
    }
    if ((rc = cli_run_apply(ctx, &run))) goto done;
    if (run.quiet) o.quiet = 1;
    if (fr_flames_read(ctx, fa.file, fa.palettes, fa.strict, &f)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
        goto done;
    }
    if (!o.quiet)
        for (int k = 0; fr_flames_warning(f, k); k++)
            fprintf(stderr, "fractalis: warning: %s\n", fr_flames_warning(f, k));
    if (!fa.frames) {
        /* flam3-animate: begin = (int) the first keyframe's time, end = (int) the last's - 1 */
        const double t0 = fr_flames_time(f, 0), tn = fr_flames_time(f, fr_flames_count(f) - 1);
        if (!(fabs(t0) < 1e9 && fabs(tn) < 1e9)) {
            cli_error("the keyframes' times (%g .. %g) are beyond the frame numbers (+-1e9): give --frames", t0, tn);
            rc = EXIT_USAGE;
            goto done;
        }
        a = (int)t0;
        b = (int)tn - 1;
        if (b < a) b = a;
    }
    const long long n = ((long long)b - a) / step + 1;
    if (n > 10000000) {
        cli_error("--frames: %lld frames are too many", n);
        rc = EXIT_USAGE;
        goto done;
    }
    if (!(number = malloc((size_t)n * sizeof *number))) {
        cli_error("out of memory");
        rc = EXIT_WORK;
        goto done;
    }
    for (long long k = 0; k < n; k++)
        number[k] = (int)(a + k * step);
    fr.ctx = ctx, fr.f = f, fr.stagger = fa.stagger, fr.number = number;
    double t0 = cli_now();
    rc = animate_run_meta(ctx, &o, (int)n, number, render_frame, meta_of, &fr);
    double secs = cli_now() - t0;
    if (!o.quiet && fr.rendered)
        fprintf(stderr, "fractalis: animate flame: %d frames in %.2f s (%.3g s a frame, %.4g iterations/s)\n",
                fr.rendered, secs, secs / fr.rendered, secs > 0 ? fr.iterations / secs : 0.0);
done:
    free(number);
    fr_flames_destroy(f);
    free(av);
    fr_context_destroy(ctx);
    return rc;
}
