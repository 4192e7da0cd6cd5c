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
    double resample;    /* --resample K (0: every frame rendered) */
    int expmap;         /* --expmap: frames resampled from the zoom's exponential map */
    int columns;        /* --expmap-columns N (0: automatic) */
    const char *strip;  /* --strip FILE: the map itself written there too */
    int strip_only;     /* `fractalis expmap`: the map to -o, no frames */
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
    {"resample", "K",
     "the fast path: render the zoom once, as a keyframe per octave of width at K times the frame's size (2: "
     "about as sharp as rendering each frame), and resample every frame from the two keyframes around it "
     "(bilinear); one --to/--zoom-to segment that zooms in"},
    {"scenes", "PATTERN",
     "write each frame's scene (.json) through a printf pattern ('f-%05d.json') and render "
     "nothing (frames for `render --from` elsewhere)"},
    {"expmap", NULL,
     "the fast path: render the zoom's exponential map (the log-polar strip around its target) once, and "
     "the final view, and resample every frame from them (bilinear in linear light); one --to/--zoom-to "
     "segment, count or smooth colouring"},
    {"expmap-columns", "N",
     "the map's samples a turn, a multiple of 4 (default: 2 pi x the farthest corner's distance from the "
     "target x aa: one sample a pixel's sample spacing at the corners)"},
    {"strip", "FILE", "with --expmap: write the map itself too (.png: coloured; .exr: KF's channels)"},
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
    case 6:
        z->resample = strtod(v, &end);
        if (*end || !(z->resample >= 1 && z->resample <= 8))
            return cli_error("--resample '%s': a scale 1..8 (2: keyframes at twice the frame's size)", v),
                   EXIT_USAGE;
        break;
    case 7: z->scenes = v; break;
    case 8: z->expmap = 1; break;
    case 9:
        if (!cli_parse_int(v, 16, 65532, &z->columns) || z->columns % 4)
            return cli_error("--expmap-columns '%s': a multiple of 4, 16..65532", v), EXIT_USAGE;
        break;
    case 10: z->strip = v; break;
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

static void expmap_help(const cli_command *c)
{
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    printf("Usage: fractalis expmap FORMULA [scene options] --zoom-to W | --to SCENE [--from A] -o strip.png|.exr\n\n"
           "The exponential map of a zoom (as Kalles Fraktaler, Fraktaler-3 and zoomasm make it): a strip\n"
           "whose x axis is the angle around the zoom's target (0 at the left, counter-clockwise, one turn\n"
           "over its width) and whose y axis is the log of the distance from it (the top row the first\n"
           "view's farthest corner, the bottom row the final view's nearest edge), each row a circle and\n"
           "each sample as tall as wide in log-polar space. Rows float64 resolves are iterated so, deeper\n"
           "ones by perturbation against one reference orbit at the target. .png: the strip coloured as\n"
           "the scene colours (count or smooth); .exr: every sample in Kalles Fraktaler's channels (R, G,\n"
           "B, N, NF). Both carry the map's geometry as JSON (key fractalis-expmap). `fractalis animate\n"
           "FORMULA ... --expmap` makes a video's frames from the same map. Of the options below,\n"
           "--frames, --duration, --resample, --scenes, --expmap and --strip are animate's.\n\n");
    cli_print_options(c, &p);
    printf("\nExamples:\n"
           "  fractalis expmap mandelbrot --center -0.743643887037151,0.131825904205330 --zoom-to 1e-12 "
           "--size 320x180 -o strip.png\n"
           "  fractalis expmap mandelbrot --from start.json --to deep.kfr --expmap-columns 4096 -o strip.exr\n");
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
           "frame's centre). --resample K renders a keyframe per octave at K times the frame's size\n"
           "and resamples every frame from them (bilinear): far faster for long zooms (10 frames an\n"
           "octave and more), smoother than a frame rendered alone, not its bytes. --expmap renders the\n"
           "zoom's exponential map instead (`fractalis expmap --help`: the log-polar strip around the\n"
           "target, every radius once) and the final view, and resamples each frame from them: the\n"
           "cheapest per frame, but the strip costs about 2 pi x (corner radius in pixels)^2 samples per\n"
           "e-fold of zoom, so it pays from about 4 frames an e-fold where frames are dear (deep, many\n"
           "iterations), later where they are cheap (docs/PERFORMANCE.md). It differs\n"
           "from rendering each frame: detail is resampled (bilinear), not rendered at the frame's pixels.\n\n");
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
    double t_view, t_ref, t_bla, t_pixels, t_color, t_rest; /* seconds: each frame's view (MPFR), and its
                                                               render's stages */
    double t_resample; /* seconds resampling frames from keyframes (--resample) */
    const char *reference;  /* --reference: the user's point for every frame (NULL: each segment's target) */
    int32_t reference_bits; /* its precision: the deepest keyframe's */
    /* --resample: keyframe j has width w_a 2^-j (the last: w_b) on the zoom's
     * path, rendered at K times the frame's size; the target T sits at the
     * same place of every frame and keyframe, pv (frame pixels from the
     * centre, y up) */
    double K, La, Lb, pvx, pvy;
    int nkf, keyframes_rendered;
    int slot_j[3];
    fr_image slot[3];
    double slot_L[3], slot_rot[3];
    fr_escape_params *kscene;
    fr_expmap *em; /* --expmap */
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

static int resample_frame(zoom_run *z, int index, fr_image *img);

/* A render's stages into the run's totals (t: the render's wall time). */
static void account(zoom_run *z, const fr_escape_stats *st, double t)
{
    z->t_ref += st->seconds_reference, z->t_bla += st->seconds_bla, z->t_pixels += st->seconds_iterate;
    z->t_color += st->seconds_color;
    z->t_rest += t - st->seconds_reference - st->seconds_bla - st->seconds_iterate - st->seconds_color;
    if (st->deep) z->deep_frames++;
    if (st->reference_reused) z->reused++;
}

static int render_frame(void *user, int index, fr_image *img, char **meta)
{
    zoom_run *z = user;
    double t0 = cli_now();
    int rc = frame_scene(z, index);
    z->t_view += cli_now() - t0;
    if (rc) return rc;
    if (z->em) {
        if (fr_expmap_frame(z->ctx, z->em, z->frame, img))
            return cli_error("frame %d: %s", index, fr_last_error(z->ctx)), EXIT_WORK;
        z->rendered++;
    } else if (z->K > 0) {
        if ((rc = resample_frame(z, index, img))) return rc;
        z->rendered++;
    } else {
        fr_escape_stats st;
        memset(&st, 0, sizeof st);
        double t1 = cli_now();
        fr_status s = fr_escape_render(z->ctx, z->frame, img, NULL, &st);
        if (s) {
            cli_error("frame %d: %s", index, fr_last_error(z->ctx));
            return EXIT_WORK;
        }
        z->rendered++;
        account(z, &st, cli_now() - t1);
    }
    if (meta && fr_escape_params_to_json(z->ctx, z->frame, meta)) {
        cli_error("frame %d: %s", index, fr_last_error(z->ctx));
        return EXIT_WORK;
    }
    return 0;
}

/* Keyframe j of --resample, rendered once into a slot (the three last used
 * are kept: frames go deeper one octave at a time). */
static int keyframe(zoom_run *z, int j, int *slot)
{
    for (int k = 0; k < 3; k++)
        if (z->slot_j[k] == j) return *slot = k, 0;
    int k = 0;
    for (int m = 1; m < 3; m++)
        if (z->slot_j[m] < z->slot_j[k]) k = m;
    fr_image_free(&z->slot[k]);
    z->slot_j[k] = -1;
    double s = j + 1 >= z->nkf ? 1.0 : j * log10(2.0) / (z->La - z->Lb);
    fr_escape_params *p = z->kscene;
    if (fr_escape_zoom_view(z->ctx, z->keys[0], z->keys[1], s, 1, p))
        return cli_error("keyframe %d: %s", j, fr_last_error(z->ctx)), EXIT_WORK;
    if (z->reference && fr_escape_param_set(z->ctx, p, "reference", z->reference))
        return cli_error("keyframe %d: %s", j, fr_last_error(z->ctx)), EXIT_WORK;
    if (z->reference) p->reference_bits = z->reference_bits;
    if (p->reference_text[0]) p->reference_bits += 8; /* K x the pixels: one precision for every keyframe */
    p->width = (int)lround(p->width * z->K), p->height = (int)lround(p->height * z->K);
    fr_escape_stats st;
    memset(&st, 0, sizeof st);
    double t1 = cli_now();
    if (fr_escape_render(z->ctx, p, &z->slot[k], NULL, &st))
        return cli_error("keyframe %d: %s", j, fr_last_error(z->ctx)), EXIT_WORK;
    z->keyframes_rendered++;
    account(z, &st, cli_now() - t1);
    z->slot_j[k] = j, z->slot_L[k] = fr_escape_view_log10_width(p), z->slot_rot[k] = p->rotate_deg;
    *slot = k;
    return 0;
}

/* Bilinear sample of an image of ch channels (the first three read) and
 * sample type T at (x, y) (pixel centres at integers) into out; 0 when
 * (x, y) is outside. */
#define DEFINE_SAMPLE(NAME, T)                                                                                        \
    static inline int NAME(const T *p, int w, int h, int ch, double x, double y, double out[3])                      \
    {                                                                                                             \
        if (!(x >= 0 && y >= 0 && x <= w - 1 && y <= h - 1)) return 0;                                            \
        const int x0 = (int)x, y0 = (int)y;                                                                      \
        const int x1 = x0 + 1 < w ? x0 + 1 : x0, y1 = y0 + 1 < h ? y0 + 1 : y0;                                   \
        const double fx = x - x0, fy = y - y0;                                                                    \
        const T *r0 = p + (size_t)y0 * w * ch, *r1 = p + (size_t)y1 * w * ch;                                     \
        const T *p00 = r0 + x0 * ch, *p01 = r0 + x1 * ch, *p10 = r1 + x0 * ch, *p11 = r1 + x1 * ch;               \
        for (int c = 0; c < 3; c++)                                                                               \
            out[c] = ((double)p00[c] * (1 - fx) + (double)p01[c] * fx) * (1 - fy) +                              \
                     ((double)p10[c] * (1 - fx) + (double)p11[c] * fx) * fy;                                      \
        return 1;                                                                                                 \
    }
DEFINE_SAMPLE(sample8, uint8_t)
DEFINE_SAMPLE(sample16, uint16_t)

/* The pixels of a resampled frame (resample_frame): each from the finer
 * keyframe fi where it covers it, else from the coarser co (else co's
 * nearest edge); (c, s) each keyframe's turn and scale against the frame.
 * Every value a pixel reads is a local (the stores of 8-bit samples would
 * make the compiler read the run's fields again for each pixel), and rows
 * go to every core, handed out as cores come free (the writers' threads
 * share them): each pixel its own, the same bytes at any count. */
#define DEFINE_RESAMPLE_ROWS(NAME, T, SAMPLE, MAX)                                                                   \
    static void NAME(const zoom_run *z, const fr_image *fi, double fc, double fs, const fr_image *co, double cc,    \
                     double cs, fr_image *img)                                                                    \
    {                                                                                                             \
        const int W = img->width, H = img->height;                                                                \
        const double pvx = z->pvx, pvy = z->pvy, K = z->K;                                                        \
        const T *fp = fi ? fi->pixels : NULL, *cp = co ? co->pixels : NULL;                                       \
        const int fw = fi ? fi->width : 0, fh = fi ? fi->height : 0, fch = fi ? fr_image_channels(fi) : 0;         \
        const int cw = co ? co->width : 0, ch = co ? co->height : 0, cch = co ? fr_image_channels(co) : 0;         \
        T *out = img->pixels;                                                                                     \
        _Pragma("omp parallel for schedule(dynamic, 16)") for (int y = 0; y < H; y++)                              \
        {                                                                                                         \
            T *row = out + (size_t)y * W * 3;                                                                     \
            for (int x = 0; x < W; x++) {                                                                         \
                const double dx = x + 0.5 - W * 0.5 - pvx, dy = H * 0.5 - y - 0.5 - pvy;                          \
                double rgb[3] = {0, 0, 0};                                                                        \
                int done = 0;                                                                                     \
                if (fp) {                                                                                         \
                    const double vx = pvx * K + fc * dx - fs * dy, vy = pvy * K + fs * dx + fc * dy;              \
                    done = SAMPLE(fp, fw, fh, fch, vx + fw * 0.5 - 0.5, fh * 0.5 - vy - 0.5, rgb);                \
                }                                                                                                 \
                if (!done && cp) {                                                                                \
                    const double vx = pvx * K + cc * dx - cs * dy, vy = pvy * K + cs * dx + cc * dy;              \
                    double px = vx + cw * 0.5 - 0.5, py = ch * 0.5 - vy - 0.5;                                    \
                    if (!SAMPLE(cp, cw, ch, cch, px, py, rgb)) { /* outside both: the nearest edge */             \
                        px = px < 0 ? 0 : px > cw - 1 ? cw - 1 : px;                                              \
                        py = py < 0 ? 0 : py > ch - 1 ? ch - 1 : py;                                              \
                        SAMPLE(cp, cw, ch, cch, px, py, rgb);                                                     \
                    }                                                                                             \
                }                                                                                                 \
                for (int c = 0; c < 3; c++) {                                                                     \
                    double v = floor(rgb[c] + 0.5);                                                               \
                    v = v < 0 ? 0 : v > MAX ? MAX : v;                                                            \
                    row[3 * x + c] = (T)v;                                                                        \
                }                                                                                                 \
            }                                                                                                     \
        }                                                                                                         \
    }
DEFINE_RESAMPLE_ROWS(resample_rows8, uint8_t, sample8, 255.0)
DEFINE_RESAMPLE_ROWS(resample_rows16, uint16_t, sample16, 65535.0)

/* Frame `index` resampled from the keyframes around its width: each pixel
 * from the finer keyframe where that one covers it, else from the coarser
 * (else the coarser's nearest edge). Both put the target where the frame
 * does, so a pixel's offset from it scales by the ratio of pixel sizes and
 * turns by the difference of rotations. */
static int resample_frame(zoom_run *z, int index, fr_image *img)
{
    const fr_escape_params *f = z->frame;
    const double L = fr_escape_view_log10_width(f), r = f->rotate_deg;
    int j = (int)floor((z->La - L) / log10(2.0) + 1e-9);
    if (j < 0) j = 0;
    if (j > z->nkf - 1) j = z->nkf - 1;
    int sc = -1, sf = -1, rc;
    if ((rc = keyframe(z, j, &sc))) return rc;
    if (j + 1 < z->nkf && (rc = keyframe(z, j + 1, &sf))) return rc;
    if (z->slot_j[sc] != j && (rc = keyframe(z, j, &sc))) return rc; /* evicted by j + 1 */
    const int W = f->width, H = f->height, depth = f->depth;
    img->width = W, img->height = H, img->depth = depth, img->channels = 3;
    img->pixels = malloc((size_t)W * H * 3 * (depth == 16 ? 2 : 1));
    if (!img->pixels) return cli_error("frame %d: out of memory", index), EXIT_WORK;
    struct map {
        const fr_image *im;
        double c, s;
    } m[2];
    const int use[2] = {sf, sc};
    for (int k = 0; k < 2; k++) {
        m[k].im = use[k] < 0 ? NULL : &z->slot[use[k]];
        if (!m[k].im) continue;
        double ratio = z->K * pow(10.0, L - z->slot_L[use[k]]);
        double a = (r - z->slot_rot[use[k]]) * 3.14159265358979323846 / 180.0;
        m[k].c = cos(a) * ratio, m[k].s = sin(a) * ratio;
    }
    const double t0 = cli_now();
    if (depth == 16)
        resample_rows16(z, m[0].im, m[0].c, m[0].s, m[1].im, m[1].c, m[1].s, img);
    else
        resample_rows8(z, m[0].im, m[0].c, m[0].s, m[1].im, m[1].c, m[1].s, img);
    z->t_resample += cli_now() - t0;
    return 0;
}

/* --resample's set-up: the keyframes, and the target's place on screen
 * (from the first keyframe, in doubles: a view at least 1e-9 of its
 * centre's magnitude wide). */
static int resample_setup(zoom_run *z)
{
    const fr_escape_params *a = z->keys[0], *b = z->keys[1];
    z->La = fr_escape_view_log10_width(a), z->Lb = fr_escape_view_log10_width(b);
    if (z->nkeys != 2 || !(z->La - z->Lb > 0.01))
        return cli_error("--resample: one segment (--to or --zoom-to, not --keyframes) that zooms in"),
               EXIT_USAGE;
    double mag = fmax(fmax(fabs(a->center_re), fabs(a->center_im)), 1e-300);
    if (a->view_width_exp10 || a->view_width < 1e-9 * mag)
        return cli_error("--resample: the zoom must start from a view at least 1e-9 of its centre's "
                         "magnitude wide"),
               EXIT_USAGE;
    if (!(z->kscene = malloc(sizeof *z->kscene))) return cli_error("out of memory"), EXIT_WORK;
    if (fr_escape_zoom_view(z->ctx, a, b, 0.0, 1, z->kscene))
        return cli_error("%s", fr_last_error(z->ctx)), EXIT_WORK;
    const char *t = z->kscene->reference_text, *comma = strchr(t, ',');
    if (!t[0] || !comma)
        return cli_error("--resample: the zoom has no target within 2^23 pixels of the screen"), EXIT_USAGE;
    char *ctext = NULL;
    if (fr_escape_param_get(z->ctx, a, "center", &ctext))
        return cli_error("%s", fr_last_error(z->ctx)), EXIT_WORK;
    const char *cc = strchr(ctext, ',');
    double tx = strtod(t, NULL) - strtod(ctext, NULL), ty = strtod(comma + 1, NULL) - strtod(cc + 1, NULL);
    free(ctext);
    double pixel = a->view_width / a->width, ra = a->rotate_deg * 3.14159265358979323846 / 180.0;
    z->pvx = (tx * cos(ra) + ty * sin(ra)) / pixel, z->pvy = (-tx * sin(ra) + ty * cos(ra)) / pixel;
    z->nkf = (int)ceil((z->La - z->Lb) / log10(2.0) - 1e-9) + 1;
    for (int k = 0; k < 3; k++)
        z->slot_j[k] = -1;
    return 0;
}

/* What frame `index` embeds, without rendering it (--resume checks a frame
 * already written against it). */
static int frame_meta(void *user, int index, char **meta)
{
    zoom_run *z = user;
    double t0 = cli_now();
    int rc = frame_scene(z, index);
    z->t_view += cli_now() - t0;
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

/* --expmap and `fractalis expmap`: the map of the one segment, with a
 * progress bar; --strip / -o: written. */
static int expmap_setup(zoom_run *z, const zoom_cmd *zc, int quiet, const char *out)
{
    if (z->nkeys != 2)
        return cli_error("--expmap: one segment (--to or --zoom-to, not --keyframes): the map is made around one "
                         "target"),
               EXIT_USAGE;
    if (zc->resample > 0) return cli_error("--expmap and --resample: one fast path or the other"), EXIT_USAGE;
    fr_expmap_options eo = {zc->columns, z->reference};
    cli_progress pg;
    cli_progress_init(&pg, "exponential map", !quiet);
    pg.ctx = z->ctx;
    fr_context_set_progress(z->ctx, cli_progress_cb, &pg);
    double t0 = cli_now();
    fr_status s = fr_expmap_render(z->ctx, z->keys[0], z->keys[1], &eo, &z->em);
    cli_progress_end(&pg);
    fr_context_set_progress(z->ctx, NULL, NULL);
    if (s) return cli_error("%s", fr_last_error(z->ctx)), s == FR_ERR_CANCELLED ? CLI_EXIT_SIGNAL : EXIT_WORK;
    fr_expmap_info in;
    fr_expmap_get_info(z->em, &in);
    if (!quiet)
        fprintf(stderr,
                "fractalis: expmap: %dx%d samples (%d rows float64, %d by perturbation%s) in %.2f s, the final "
                "view %dx%d in %.2f s\n",
                in.width, in.height, in.plain_rows, in.height - in.plain_rows,
                in.fe_rows ? " some in extended range" : "", in.seconds_strip, in.centre_width,
                in.centre_height, in.seconds_centre);
    (void)t0;
    if (out && fr_expmap_write(z->ctx, z->em, out)) return cli_error("%s", fr_last_error(z->ctx)), EXIT_WORK;
    return 0;
}

static int zoom_main(int argc, char **argv, int strip_only)
{
    zoom_cmd zc = {0};
    zc.strip_only = strip_only;
    animate_output o;
    animate_output_default(&o);
    /* the shared output options first (the frame loop's); the rest is ours */
    char **av = malloc((size_t)(argc + 1) * sizeof *av);
    if (!av) return cli_error("out of memory"), EXIT_WORK;
    int ac = 0;
    for (int i = 0; i < argc; i++) {
        if (strip_only && i && (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output"))) { /* a strip, not frames */
            if (i + 1 >= argc) return free(av), cli_error("%s needs a value", argv[i]), EXIT_USAGE;
            zc.strip = argv[++i];
            continue;
        }
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
    const cli_command c = {strip_only ? "expmap" : "animate", RUN_DEVICE | RUN_KERNEL | RUN_THREADS | RUN_DEVICE_MEMORY,
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
        if (strip_only) expmap_help(&c);
        else help(&c);
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
    if (strip_only && (zc.frames || zc.duration > 0 || zc.resample > 0 || zc.scenes || zc.expmap)) {
        cli_error("expmap %s: --frames, --duration, --resample, --scenes and --expmap are animate's (the map "
                  "has no frames)",
                  zc.formula);
        rc = EXIT_USAGE;
        goto done;
    }
    if (strip_only) {
        const fr_format sf = zc.strip ? fr_format_from_path(zc.strip) : FR_FMT_UNKNOWN;
        if (sf != FR_FMT_PNG && sf != FR_FMT_EXR) {
            cli_error("expmap %s: say where the strip goes: -o strip.png or -o strip.exr", zc.formula);
            rc = EXIT_USAGE;
            goto done;
        }
        zc.frames = 1;
    } else if (zc.strip && !zc.expmap) {
        cli_error("--strip: with --expmap (the map it writes)");
        rc = EXIT_USAGE;
        goto done;
    } else if (zc.strip) {
        const fr_format sf = fr_format_from_path(zc.strip);
        if (sf != FR_FMT_PNG && sf != FR_FMT_EXR) {
            cli_error("--strip '%s': .png or .exr", zc.strip);
            rc = EXIT_USAGE;
            goto done;
        }
    }
    if ((zc.expmap || strip_only) && zc.scenes) {
        cli_error("--scenes renders nothing: not with --expmap");
        rc = EXIT_USAGE;
        goto done;
    }
    if (!zc.frames && zc.duration > 0) {
        const double n = round(zc.duration * o.fps);
        if (!(n >= 1 && n <= 1e7)) {
            cli_error("--duration %g at --fps %g makes %.0f frames: 1 .. 10000000", zc.duration, o.fps, n);
            rc = EXIT_USAGE;
            goto done;
        }
        zc.frames = (int)n;
    }
    if (!zc.frames) {
        cli_error("animate %s: say how many frames (--frames N, or --duration S at --fps)", zc.formula);
        rc = EXIT_USAGE;
        goto done;
    }
    if (!o.path && !zc.scenes && !strip_only) {
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
    for (int k = 0; k < z.nkeys; k++) {
        z.keys[k]->max_iter = z.keys[0]->max_iter; /* the deepest's iterations */
        z.keys[k]->depth = o.depth;                /* --depth is the frame loop's option: the frames' own bits */
    }
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
        if (!animate_pattern_ok("--scenes", zc.scenes, ".json")) {
            rc = EXIT_USAGE;
            goto done;
        }
        for (int i = 0; i < z.nframes && !rc; i++) {
            char path[4096], *json = NULL;
            snprintf(path, sizeof path, zc.scenes, i); /* checked above: one integer conversion, < 3000 chars */
            if ((rc = frame_scene(&z, i))) break;
            if (fr_escape_params_to_json(ctx, z.frame, &json) || fr_write_text_file(ctx, path, json))
                cli_error("%s", fr_last_error(ctx)), rc = EXIT_WORK;
            free(json);
        }
        goto done;
    }
    if ((rc = cli_run_apply(ctx, &run))) goto done;
    if (run.quiet) o.quiet = 1; /* under mpirun: ranks but 0 */
    if (strip_only) {
        rc = expmap_setup(&z, &zc, o.quiet, zc.strip);
        goto done;
    }
    if (zc.expmap && (rc = expmap_setup(&z, &zc, o.quiet, zc.strip))) goto done;
    if (zc.resample > 0) {
        z.K = zc.resample;
        if ((rc = resample_setup(&z))) goto done;
    }
    double t0 = cli_now();
    rc = animate_run_meta(ctx, &o, z.nframes, NULL, render_frame, frame_meta, &z);
    double secs = cli_now() - t0;
    if (!o.quiet && z.rendered && z.em)
        fprintf(stderr, "fractalis: animate: %d frames in %.2f s (%.3g frames/s), resampled from the exponential map\n",
                z.rendered, secs, z.rendered / secs);
    else if (!o.quiet && z.rendered && z.K > 0)
        fprintf(
            stderr,
            "fractalis: animate: %d frames in %.2f s (%.3g frames/s), resampled from %d keyframes of %dx%d "
            "(%d by perturbation, %d of them on a reference orbit computed before)\n",
            z.rendered, secs, z.rendered / secs, z.keyframes_rendered, (int)lround(k0->width * z.K),
            (int)lround(k0->height * z.K), z.deep_frames, z.reused);
    else if (!o.quiet && z.rendered)
        fprintf(
            stderr,
            "fractalis: animate: %d frames in %.2f s (%.3g frames/s); %d by perturbation, %d of them on a "
            "reference orbit computed before\n",
            z.rendered, secs, z.rendered / secs, z.deep_frames, z.reused);
    if (!o.quiet && z.rendered)
        fprintf(stderr,
                "fractalis: animate: seconds: views %.1f, reference orbits %.1f, BLA tables %.1f, pixels %.1f, "
                "colouring %.1f, the rest %.1f; frames resampled %.1f\n",
                z.t_view, z.t_ref, z.t_bla, z.t_pixels, z.t_color, z.t_rest, z.t_resample);
done:
    if (z.keys)
        for (int k = 0; k < z.nkeys; k++)
            free(z.keys[k]);
    free(z.keys);
    free(z.cum);
    free(z.frame);
    free(z.kscene);
    for (int k = 0; k < 3; k++)
        fr_image_free(&z.slot[k]);
    fr_expmap_destroy(z.em);
    free(av);
    fr_context_destroy(ctx);
    return rc;
}

int animate_zoom(int argc, char **argv) { return zoom_main(argc, argv, 0); }
int cmd_expmap(int argc, char **argv)
{
    if (argc >= 2 && argv[1][0] != '-') return zoom_main(argc - 1, argv + 1, 1);
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) return zoom_main(argc, argv, 1);
    cli_error("expmap: say a formula (try 'fractalis expmap --help')");
    return EXIT_USAGE;
}
