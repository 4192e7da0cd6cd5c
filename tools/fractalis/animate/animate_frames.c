/* The frame loop of fractalis animate (see animate.h).
 *
 * The main thread renders frame after frame through the family's frame
 * function; writer threads take finished frames from a queue and write
 * them (PNG sequence; for a video: the frame's PNG in the frames folder,
 * then the encoder), so writing overlaps the next render. The PNGs of
 * several frames are written at once (writer_count: a PNG costs about as
 * much as a fast frame); the encoder takes the frames in the
 * order they were handed over, one at a time, so the video's frame n is
 * the animation's frame n.
 *
 * --resume decides per frame, before rendering, from what is on disk: a
 * PNG that decodes completely, has the depth asked for and embeds the
 * frame's meta (when the family can say it without rendering) is reused;
 * anything else is rendered again and replaces it (atomically, as every
 * write of the library). */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "animate.h"

void animate_output_default(animate_output *o)
{
    *o = (animate_output){.fps = 30, .depth = 8, .crf = -1};
}

/* ---- output names --------------------------------------------------------- */

static int is_video(const char *path)
{
    static const char *const ext[] = {".mp4", ".mov", ".mkv", ".webm", ".avi"};
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash + 1 : path, '.');
    if (!dot) return 0;
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
        if (!strcasecmp(dot, ext[i])) return 1;
    return 0;
}

int animate_pattern_ok(const char *opt, const char *p, const char *ext)
{
    int convs = 0;
    for (const char *s = p; *s; s++) {
        if (*s != '%') continue;
        if (s[1] == '%') {
            s++;
            continue;
        }
        const char *c = s + 1;
        while (*c && strchr("-+ 0", *c))
            c++;
        int width = 0;
        while (*c >= '0' && *c <= '9' && width < 4)
            c++, width++;
        if (*c != 'd' && *c != 'i' && *c != 'u') {
            cli_error("%s '%s': a name pattern takes one integer conversion such as %%05d (and %%%% for a '%%'), "
                      "not '%%%c'",
                      opt, p, *c ? *c : ' ');
            return 0;
        }
        convs++;
        s = c;
    }
    if (convs != 1) {
        cli_error("%s '%s': %sone integer conversion for the frame number, such as 'frame-%%05d%s'%s", opt, p,
                  strcmp(ext, ".png") ? "" : "name a video (.mp4, .mov, .mkv, .webm, .avi) or frames with ", ext,
                  convs ? " (this one has several)" : "");
        return 0;
    }
    size_t n = strlen(p), e = strlen(ext);
    if (n < e || strcasecmp(p + n - e, ext)) {
        if (!strcmp(ext, ".png"))
            cli_error("%s '%s': frames are written as PNG: end the pattern in .png (or name a video)", opt, p);
        else
            cli_error("%s '%s': end the pattern in %s", opt, p, ext);
        return 0;
    }
    if (n > 3000) {
        cli_error("%s: the pattern is longer than 3000 characters", opt);
        return 0;
    }
    return 1;
}

static char *format_name(const char *pattern, int number)
{
    int n = snprintf(NULL, 0, pattern, number);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) snprintf(s, (size_t)n + 1, pattern, number);
    return s;
}

static char *frames_folder(const char *video)
{
    size_t n = strlen(video);
    char *s = malloc(n + sizeof ".frames");
    if (s) memcpy(s, video, n), memcpy(s + n, ".frames", sizeof ".frames");
    return s;
}

static char *folder_frame(const char *folder, int index)
{
    int n = snprintf(NULL, 0, "%s/frame-%05d.png", folder, index);
    char *s = malloc((size_t)n + 1);
    if (s) snprintf(s, (size_t)n + 1, "%s/frame-%05d.png", folder, index);
    return s;
}

/* ---- options -------------------------------------------------------------- */

/* "--name value" or "--name=value": the value (advancing *i past it), or
 * NULL when argv[*i] is not this option; *missing when it has no value. */
static const char *opt_value(const char *name, const char *shortname, int argc, char **argv, int *i,
                             int *missing)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (!strncmp(a, name, n) && a[n] == '=') return a + n + 1;
    if (strcmp(a, name) && !(shortname && !strcmp(a, shortname))) return NULL;
    if (*i + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*i];
}

static int parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno) return 0;
    *out = v;
    return 1;
}

int animate_output_option(animate_output *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    int missing = 0;
    const char *v;
    if (!strcmp(a, "--resume")) return o->resume = 1, 1;
    if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) return o->quiet = 1, 1;
    if (!strcmp(a, "--keep-frames")) return o->keep_frames = 1, 1;
    if ((v = opt_value("--output", "-o", argc, argv, i, &missing))) {
        if (!*v) return cli_error("-o: the output name is empty"), -1;
        if (!is_video(v) && !animate_pattern_ok("-o", v, ".png")) return -1;
        o->path = v;
        return 1;
    }
    if (!missing && (v = opt_value("--codec", NULL, argc, argv, i, &missing))) {
        o->codec = *v ? v : NULL;
        return 1;
    }
    if (!missing && (v = opt_value("--crf", NULL, argc, argv, i, &missing))) {
        if (!parse_double(v, &o->crf) || o->crf < 0 || o->crf > 63)
            return cli_error("--crf '%s': a number 0 .. 63 (lower: better)", v), -1;
        return 1;
    }
    if (!missing && (v = opt_value("--fps", NULL, argc, argv, i, &missing))) {
        if (!parse_double(v, &o->fps) || !(o->fps > 0 && o->fps <= 1000))
            return cli_error("--fps '%s': a number of frames a second, > 0 and at most 1000", v), -1;
        return 1;
    }
    if (!missing && (v = opt_value("--depth", NULL, argc, argv, i, &missing))) {
        if (strcmp(v, "8") && strcmp(v, "16")) return cli_error("--depth '%s': 8 or 16", v), -1;
        o->depth = atoi(v);
        return 1;
    }
    if (missing) return cli_error("%s needs a value", a), -1;
    return 0;
}

void animate_output_help(void)
{
    printf("Output (every family):\n"
           "  -o, --output PATH    frames: a pattern with one integer conversion, 'frame-%%05d.png';\n"
           "                       or a video by its extension: .mp4 .mov (H.264), .mkv .avi (FFV1,\n"
           "                       lossless), .webm (VP9)%s\n"
           "  --codec NAME         the video encoder (fractalis animate --codecs lists this build's)\n"
           "  --crf X              constant rate factor where the codec has one (libx264: 18)\n"
           "  --fps X              frames a second of the video (30)\n"
           "  --depth 8|16         bits a sample of PNG frames (8); 16 also keeps 16 bits in a\n"
           "                       lossless video (FFV1)\n"
           "  --resume             keep the frames already written that decode completely and\n"
           "                       match the frame's scene; render the others\n"
           "  --keep-frames        keep a video's frames (PATH.frames/) after encoding it\n"
           "  -q, --quiet          no progress bar\n"
           "A video's frames are also written to PATH.frames/ while it is made, so --resume can\n"
           "continue it. H.264 and HEVC need an even width and height. Ctrl-C drops the frame\n"
           "being rendered and keeps every finished one: the PNGs stay, and the video is closed,\n"
           "playable, with them.\n",
           fr_have_video() ? "" : "\n                       (this build has no video support)");
}

/* ---- the frames' bit depth ------------------------------------------------ */

/* Bring img to `depth` bits (8 <-> 16: x257, or rounded), in place. */
static int to_depth(fr_image *img, int depth)
{
    if (img->depth == depth) return 1;
    size_t n = (size_t)img->width * (size_t)img->height * (size_t)fr_image_channels(img);
    if (depth == 16) {
        uint16_t *p = malloc(n * 2);
        if (!p) return 0;
        const uint8_t *s = img->pixels;
        for (size_t k = 0; k < n; k++)
            p[k] = (uint16_t)(s[k] * 257u);
        free(img->pixels);
        img->pixels = p;
    } else {
        uint8_t *p = malloc(n);
        if (!p) return 0;
        const uint16_t *s = img->pixels;
        for (size_t k = 0; k < n; k++)
            p[k] = (uint8_t)((s[k] * 255u + 32767u) / 65535u);
        free(img->pixels);
        img->pixels = p;
    }
    img->depth = depth;
    return 1;
}

/* ---- the writer threads --------------------------------------------------- */

#define MAX_WRITERS 8
#define QUEUE 2 /* frames waiting beyond those being written */

typedef struct job {
    fr_image img;
    char *meta;
    char *png; /* the PNG to write (NULL: a frame reused, already on disk) */
    int index;
    int png_only; /* a video's frame kept as its PNG alone (out of order, after a stop) */
} job;

typedef struct loop {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    job q[QUEUE];
    int head, count, closed; /* closed: no more jobs */
    long taken, turn;        /* jobs taken by writers; the next one the encoder takes (in that order) */
    int failed;
    char err[1024];
    int nw;                          /* writer threads */
    fr_context *pctx[MAX_WRITERS];   /* each writer's context for its PNGs */
    fr_context *wctx;                /* the encoder's context */
    const char *video_path;
    const char *meta_key; /* the frames' text chunk (NULL: "fractalis") */
    fr_video_options vo;
    fr_video *video;
    int encoded; /* frames in the video */
    int written; /* PNGs written */
    double png_s, encode_s; /* the writers' seconds on each */
} loop;

typedef struct writer_arg {
    loop *L;
    int id;
} writer_arg;

/* Writer threads: FRACTALIS_WRITERS (1 to MAX_WRITERS), else a quarter of
 * the processors, 1 to MAX_WRITERS; 0 for a bad FRACTALIS_WRITERS. Each
 * deflates its PNGs on writer_threads() threads: together half the
 * processors, the other half left to the frames' rendering (whose host
 * stages, colouring and resampling, run on every core). */
static int writer_count(void)
{
    const char *e = getenv("FRACTALIS_WRITERS");
    if (e && *e) {
        char *end;
        long n = strtol(e, &end, 10);
        if (*end || n < 1 || n > MAX_WRITERS) {
            cli_error("FRACTALIS_WRITERS '%s': the writer threads, 1 to %d", e, MAX_WRITERS);
            return 0;
        }
        return (int)n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN) / 4;
    return n < 1 ? 1 : n > MAX_WRITERS ? MAX_WRITERS : (int)n;
}

static int writer_threads(int nw)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN) / (2 * nw);
    return n < 1 ? 1 : (int)n;
}

static void job_free(job *j)
{
    fr_image_free(&j->img);
    free(j->meta);
    free(j->png);
    memset(j, 0, sizeof *j);
}

/* The first failure's message is kept (the caller holds no lock). */
static void writer_fail(loop *L, const char *fmt, const char *arg)
{
    pthread_mutex_lock(&L->mu);
    if (!L->failed) {
        L->failed = 1;
        snprintf(L->err, sizeof L->err, fmt, arg);
    }
    pthread_cond_broadcast(&L->cv);
    pthread_mutex_unlock(&L->mu);
}

/* RGBA to RGB over black, in place (as fr_video_write and JPEG do). A
 * video's frames folder keeps its frames so: a PNG read back has no alpha
 * (fr_image_read_png drops it), so a frame reused by --resume is then the
 * same picture as the one first encoded. */
static void over_black(fr_image *img)
{
    if (fr_image_channels(img) != 4) return;
    size_t n = (size_t)img->width * (size_t)img->height;
    if (img->depth == 16) {
        uint16_t *p = img->pixels;
        for (size_t k = 0; k < n; k++)
            for (int c = 0; c < 3; c++)
                p[3 * k + c] = (uint16_t)(((uint32_t)p[4 * k + c] * p[4 * k + 3] + 32767) / 65535);
    } else {
        uint8_t *p = img->pixels;
        for (size_t k = 0; k < n; k++)
            for (int c = 0; c < 3; c++)
                p[3 * k + c] = (uint8_t)(((unsigned)p[4 * k + c] * p[4 * k + 3] + 127) / 255);
    }
    img->channels = 3;
}

/* Job number seq: its PNG (on writer id's context, alongside the other
 * writers), then, in its turn (every job before it encoded or skipped),
 * the encoder. A job after a failure only takes its turn. */
static void do_job(loop *L, int id, job *j, long seq, int failed)
{
    double png_s = 0, encode_s = 0;
    int png = 0; /* a PNG written */
    if (!failed) {
        if (L->video_path) over_black(&j->img);
        double t0 = cli_now();
        if (j->png && fr_image_write_png_keyed(L->pctx[id], &j->img, j->png, L->meta_key, j->meta))
            writer_fail(L, "%s", fr_last_error(L->pctx[id]));
        else
            png = j->png != NULL;
        png_s = cli_now() - t0;
    }
    pthread_mutex_lock(&L->mu);
    while (L->turn != seq)
        pthread_cond_wait(&L->cv, &L->mu);
    L->written += png;
    failed = L->failed;
    pthread_mutex_unlock(&L->mu);
    if (!failed && L->video_path && !j->png_only) { /* the encoder is this thread's alone until the turn passes */
        double t1 = cli_now();
        if (!L->video && fr_video_open(L->wctx, L->video_path, j->img.width, j->img.height, &L->vo, &L->video))
            writer_fail(L, "%s", fr_last_error(L->wctx));
        else if (fr_video_write(L->wctx, L->video, &j->img))
            writer_fail(L, "%s", fr_last_error(L->wctx));
        else
            L->encoded++;
        encode_s = cli_now() - t1;
    }
    pthread_mutex_lock(&L->mu);
    L->turn++;
    L->png_s += png_s, L->encode_s += encode_s;
    pthread_cond_broadcast(&L->cv);
    pthread_mutex_unlock(&L->mu);
}

static void *writer(void *arg)
{
    loop *L = ((writer_arg *)arg)->L;
    const int id = ((writer_arg *)arg)->id;
    for (;;) {
        pthread_mutex_lock(&L->mu);
        while (!L->count && !L->closed)
            pthread_cond_wait(&L->cv, &L->mu);
        if (!L->count) {
            pthread_mutex_unlock(&L->mu);
            return NULL;
        }
        job j = L->q[L->head];
        L->head = (L->head + 1) % QUEUE;
        L->count--;
        const long seq = L->taken++;
        const int failed = L->failed;
        pthread_cond_broadcast(&L->cv); /* a slot is free */
        pthread_mutex_unlock(&L->mu);
        do_job(L, id, &j, seq, failed);
        job_free(&j);
    }
}

/* The writers told that no job comes, and joined (n started). */
static void writers_join(loop *L, pthread_t *th, int n)
{
    pthread_mutex_lock(&L->mu);
    L->closed = 1;
    pthread_cond_broadcast(&L->cv);
    pthread_mutex_unlock(&L->mu);
    for (int k = 0; k < n; k++)
        pthread_join(th[k], NULL);
}

/* The writers (n of them still running) joined, the loop's contexts and locks freed. */
static void writers_stop(loop *L, pthread_t *th, int n)
{
    writers_join(L, th, n);
    fr_context_destroy(L->wctx);
    for (int k = 0; k < L->nw; k++)
        fr_context_destroy(L->pctx[k]);
    pthread_mutex_destroy(&L->mu);
    pthread_cond_destroy(&L->cv);
}

/* Hand a job to the writer (waiting for a free slot); 0 if the writer failed. */
static int push(loop *L, job *j)
{
    pthread_mutex_lock(&L->mu);
    while (L->count == QUEUE && !L->failed)
        pthread_cond_wait(&L->cv, &L->mu);
    int ok = !L->failed;
    if (ok) {
        L->q[(L->head + L->count) % QUEUE] = *j;
        L->count++;
        memset(j, 0, sizeof *j);
        pthread_cond_broadcast(&L->cv);
    }
    pthread_mutex_unlock(&L->mu);
    if (!ok) job_free(j);
    return ok;
}

static int writer_failed(loop *L)
{
    pthread_mutex_lock(&L->mu);
    int f = L->failed;
    pthread_mutex_unlock(&L->mu);
    return f;
}

/* ---- progress --------------------------------------------------------------- */

typedef struct anim_progress {
    int enabled, shown;
    int index, n; /* the frame being rendered, of n */
    int rendered; /* frames rendered (not reused) so far */
    double start, frame_start, render_sum, last_draw, last_frame;
} anim_progress;

static void fmt_time(char *b, size_t n, double s)
{
    if (s < 0) s = 0;
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(b, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else if (t >= 60)
        snprintf(b, n, "%ldm%02lds", t / 60, t % 60);
    else
        snprintf(b, n, "%.1fs", s);
}

static void progress_draw(anim_progress *pg, double done, int force)
{
    if (!pg->enabled) return;
    double now = cli_now();
    if (!pg->shown && now - pg->start < 1.0) return; /* quick work shows no bar */
    if (!force && now - pg->last_draw < 0.1) return;
    pg->last_draw = now;
    pg->shown = 1;
    const int width = 24;
    double overall = pg->n ? (pg->index + done) / pg->n : 1;
    int fill = (int)(overall * width + 0.5);
    char bar[32];
    for (int k = 0; k < width; k++)
        bar[k] = k < fill ? '#' : '.';
    bar[width] = 0;
    /* ETA: the mean time of a rendered frame over the frames left (reused
     * ones cost nothing); before the first, this frame's progress. */
    double in_frame = now - pg->frame_start;
    double per = pg->rendered ? pg->render_sum / pg->rendered : done > 0.01 ? in_frame / done : 0;
    double eta = per > 0 ? per * (pg->n - pg->index - done) : -1;
    char t1[24], t2[24], t3[24];
    fmt_time(t1, sizeof t1, in_frame);
    fmt_time(t2, sizeof t2, pg->last_frame);
    if (eta >= 0)
        fmt_time(t3, sizeof t3, eta);
    else
        snprintf(t3, sizeof t3, "?");
    fprintf(stderr, "\rframe %d/%d [%s] %3.0f%%  this %s  last %s  ETA %s   ",
            pg->index + 1 > pg->n ? pg->n : pg->index + 1, pg->n, bar, done * 100, t1,
            pg->rendered ? t2 : "-", t3);
    fflush(stderr);
}

static int anim_progress_cb(double done, void *user)
{
    if (cli_interrupted) return 1;
    progress_draw(user, done < 0 ? 0 : done > 1 ? 1 : done, 0);
    return 0;
}

static void progress_end(anim_progress *pg)
{
    if (pg->shown) fprintf(stderr, "\r%*s\r", 79, "");
    fflush(stderr);
}

/* ---- resume ----------------------------------------------------------------- */

/* 1 when the PNG at path can stand for the frame: it decodes completely,
 * has `depth` bits and, when want_meta is given, embeds exactly it. The
 * image is kept in *keep when asked (NULL: dropped). */
static int verified(fr_context *c, const char *path, const char *key, const char *want_meta, int check_meta,
                    int depth, fr_image *keep)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    fr_image img = {0};
    char *meta = NULL;
    if (fr_image_read_png_keyed(c, path, key, &img, &meta)) return 0;
    int ok = img.depth == depth && (!check_meta || (want_meta ? meta && !strcmp(meta, want_meta) : !meta));
    free(meta);
    if (ok && keep)
        *keep = img;
    else
        fr_image_free(&img);
    return ok;
}

/* The frames folder of a video: created if missing; a folder it must be. */
static int make_folder(const char *dir)
{
    struct stat st;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        cli_error("cannot create the frames folder '%s': %s", dir, strerror(errno));
        return 0;
    }
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        cli_error("'%s' should be the video's frames folder but is not a folder", dir);
        return 0;
    }
    return 1;
}

static void remove_folder(const char *dir, int nframes)
{
    for (int k = 0; k < nframes; k++) {
        char *p = folder_frame(dir, k);
        if (p) unlink(p);
        free(p);
    }
    rmdir(dir); /* stays when something else is in it */
}

/* The file of frame i: the sequence's name, or the PNG in a video's frames folder. */
static char *frame_path(const animate_output *o, const char *folder, const int *number, int i)
{
    return folder ? folder_frame(folder, i) : format_name(o->path, number ? number[i] : i);
}

/* --resume: 1 when frame i's file can stand for it (its image kept in
 * *keep when asked), 0 when it is to be rendered, or the exit code of a
 * failed meta function (its message printed) negated. */
static int reusable(fr_context *rctx, const animate_output *o, animate_meta_fn meta_fn, void *user, int i,
                    const char *path, int depth, fr_image *keep)
{
    char *want = NULL;
    int mrc = meta_fn ? meta_fn(user, i, &want) : 0;
    if (mrc) return -mrc;
    int ok = rctx && verified(rctx, path, o->meta_key, want, meta_fn != NULL, depth, keep);
    free(want);
    return ok;
}

/* ---- many ranks (MPI) ------------------------------------------------------------ */

/* Rank 0 under MPI: what --resume reuses, decided before any frame is
 * handed out (the loop checks those frames again as it reaches them), then
 * the hand-out of the others. 0, or the exit code with the message printed. */
static int mpi_start(fr_context *rctx, const animate_output *o, int nframes, const int *number,
                     const char *folder, int depth, animate_meta_fn meta_fn, void *user, anim_progress *pg,
                     unsigned char **todo, animate_mpi **mpi)
{
    unsigned char *t = malloc((size_t)nframes);
    if (!t) return cli_error("out of memory"), EXIT_WORK;
    for (int i = 0; i < nframes; i++) {
        t[i] = 1;
        if (!o->resume) continue;
        char *path = frame_path(o, folder, number, i);
        int r = path ? reusable(rctx, o, meta_fn, user, i, path, depth, NULL) : -EXIT_WORK;
        if (!path) cli_error("out of memory");
        free(path);
        if (r < 0) return free(t), -r;
        t[i] = !r;
    }
    if (!(*mpi = animate_mpi_start(nframes, t, anim_progress_cb, pg)))
        return free(t), cli_error("out of memory"), EXIT_WORK;
    *todo = t;
    return 0;
}

/* After a stop under MPI: the frames that came back ahead of their turn
 * are written too (a video's into its frames folder, not encoded), so
 * --resume finds them. The number handed to the writer. */
static int keep_held(animate_mpi *mpi, loop *L, const animate_output *o, const char *folder,
                     const int *number, int depth)
{
    int n = 0;
    job j = {.png_only = 1};
    while (animate_mpi_take_held(mpi, &j.index, &j.img, &j.meta)) {
        j.png = frame_path(o, folder, number, j.index);
        if (j.png && to_depth(&j.img, depth) && push(L, &j))
            n++;
        else
            job_free(&j);
        j.png_only = 1;
    }
    return n;
}

/* ---- the loop ------------------------------------------------------------------ */

int animate_run(fr_context *ctx, const animate_output *o, int nframes, const int *number, animate_frame_fn fn,
                void *user)
{
    return animate_run_meta(ctx, o, nframes, number, fn, NULL, user);
}

int animate_run_meta(fr_context *ctx, const animate_output *o, int nframes, const int *number,
                     animate_frame_fn fn, animate_meta_fn meta_fn, void *user)
{
    if (!o->path) {
        cli_error("animate: say where the frames go: -o 'frame-%%05d.png' or -o VIDEO.mp4");
        return EXIT_USAGE;
    }
    if (nframes <= 0) {
        cli_error("animate: no frames to render");
        return EXIT_USAGE;
    }
    int video = is_video(o->path);
    if (!video && !animate_pattern_ok("-o", o->path, ".png")) return EXIT_USAGE;
    if (video && !fr_have_video()) {
        cli_error("'%s': this build has no video support (rebuild with libavcodec-dev, libavformat-dev, "
                  "libswscale-dev and libavutil-dev installed), or write frames: -o 'frame-%%05d.png'",
                  o->path);
        return EXIT_WORK;
    }
    int depth = o->depth == 16 ? 16 : 8;
    if (animate_mpi_ranks() > 1) {
        animate_mpi_whole_frames(ctx); /* a rank renders a frame alone */
        if (animate_mpi_rank() > 0) {
            anim_progress none = {0}; /* no bar; a signal cancels the frame */
            fr_context_set_progress(ctx, anim_progress_cb, &none);
            int rc = animate_mpi_work(fn, user);
            fr_context_set_progress(ctx, NULL, NULL);
            return rc;
        }
    }
    struct stat ost;
    if (video && !(stat(o->path, &ost) == 0 && !S_ISREG(ost.st_mode))) {
        /* The container, codec and crf are checked before any frame is
         * rendered: an encoder opened for a small frame and dropped (its
         * file never had a name). The frames' own size is checked with the
         * first of them. (Not into a FIFO or device: that one would see
         * the probe's header.) */
        fr_context *pc = fr_context_create();
        fr_video *probe = NULL;
        fr_video_options vo = {.codec = o->codec, .crf = o->crf, .fps = o->fps, .depth = depth};
        if (!pc || fr_video_open(pc, o->path, 64, 64, &vo, &probe)) {
            cli_error("%s", pc ? fr_last_error(pc) : "out of memory");
            fr_context_destroy(pc);
            return EXIT_WORK;
        }
        fr_video_abort(probe);
        fr_context_destroy(pc);
    }
    char *first = video ? NULL : format_name(o->path, number ? number[0] : 0);
    int writable = cli_check_writable(video ? o->path : first ? first : o->path);
    free(first);
    if (!writable) return EXIT_WORK;
    const int nw = writer_count();
    if (!nw) return EXIT_USAGE;
    char *folder = NULL;
    if (video) {
        folder = frames_folder(o->path);
        if (!folder || !make_folder(folder)) {
            free(folder);
            return EXIT_WORK;
        }
    }

    loop L = {0};
    pthread_mutex_init(&L.mu, NULL);
    pthread_cond_init(&L.cv, NULL);
    L.wctx = fr_context_create();
    L.meta_key = o->meta_key;
    L.nw = nw;
    int ok = L.wctx != NULL;
    for (int k = 0; k < L.nw; k++)
        ok &= (L.pctx[k] = fr_context_create()) != NULL && !fr_context_set_threads(L.pctx[k], writer_threads(nw));
    if (video) {
        L.video_path = o->path;
        L.vo = (fr_video_options){.codec = o->codec, .crf = o->crf, .fps = o->fps, .depth = depth};
    }
    pthread_t th[MAX_WRITERS];
    writer_arg wa[MAX_WRITERS];
    int started = 0;
    for (; ok && started < L.nw; started++) {
        wa[started] = (writer_arg){&L, started};
        if (pthread_create(&th[started], NULL, writer, &wa[started]) != 0) break;
    }
    if (!ok || started < L.nw) {
        cli_error(ok ? "cannot start the writer threads" : "out of memory");
        writers_stop(&L, th, started);
        free(folder);
        return EXIT_WORK;
    }

    anim_progress pg = {.enabled = !o->quiet && isatty(STDERR_FILENO), .n = nframes};
    pg.start = cli_now();
    fr_context_set_progress(ctx, anim_progress_cb, &pg);
    fr_context *rctx = fr_context_create(); /* for reading frames back (the family's context stays its own) */

    int rc = 0, stopped = 0, reused = 0, rendered = 0;
    double waited = 0; /* seconds the frame loop waited for the writer */
    /* Under MPI, rank 0 decides first what --resume reuses, hands out the
     * rest and takes the frames as they come back instead of rendering. */
    unsigned char *todo = NULL;
    animate_mpi *mpi = NULL;
    if (animate_mpi_ranks() > 1 &&
        (rc = mpi_start(rctx, o, nframes, number, folder, depth, meta_fn, user, &pg, &todo, &mpi)) == 0) {
        fn = animate_mpi_frame;
        user = mpi;
        meta_fn = NULL; /* decided */
    }
    for (int i = 0; i < nframes && !rc; i++) {
        if (cli_interrupted) {
            stopped = 1;
            break;
        }
        if (writer_failed(&L)) break;
        pg.index = i;
        pg.frame_start = cli_now();
        job j = {.index = i};
        char *path = frame_path(o, folder, number, i);
        if (!path) {
            cli_error("out of memory");
            rc = EXIT_WORK;
            break;
        }
        if (todo ? !todo[i] : o->resume) {
            int r = reusable(rctx, o, meta_fn, user, i, path, depth, video ? &j.img : NULL);
            if (r > 0) {
                free(path);
                reused++;
                if (video && !push(&L, &j)) break;
                continue;
            }
            if (r < 0 || todo) {
                if (!r)
                    cli_error("animate: '%s' changed while the frames were rendered: run again with --resume",
                              path);
                free(path);
                rc = r < 0 ? -r : EXIT_WORK;
                break;
            }
        }
        progress_draw(&pg, 0, 1);
        int frc = fn(user, i, &j.img, &j.meta);
        if (frc) {
            job_free(&j);
            free(path);
            if (cli_interrupted)
                stopped = 1;
            else
                rc = frc;
            break;
        }
        if (!j.img.pixels || !to_depth(&j.img, depth)) {
            job_free(&j);
            free(path);
            cli_error("animate: frame %d: %s", i, j.img.pixels ? "out of memory" : "no image");
            rc = EXIT_WORK;
            break;
        }
        j.png = path;
        double t = cli_now() - pg.frame_start;
        pg.render_sum += t;
        pg.last_frame = t;
        pg.rendered++;
        rendered++;
        double w0 = cli_now();
        int pushed = push(&L, &j);
        waited += cli_now() - w0;
        if (!pushed) break;
    }
    fr_context_set_progress(ctx, NULL, NULL);
    if (!stopped && cli_interrupted) stopped = 1;
    int kept = 0; /* frames that came back out of order before a stop: written, not encoded */
    if (mpi && !stopped && !rc && !writer_failed(&L))
        rc = animate_mpi_finish(mpi); /* every frame in: the ranks are told to stop */
    else if (mpi)
        kept = keep_held(mpi, &L, o, folder, number, depth);
    const int many = mpi != NULL;
    animate_mpi_end(mpi);
    free(todo);

    /* The writers finish the frames they have. */
    writers_join(&L, th, L.nw);
    progress_end(&pg);

    if (L.failed) {
        cli_error("%s", L.err);
        if (!rc) rc = EXIT_WORK;
    }
    if (L.video) {
        if (rc) {
            fr_video_abort(L.video); /* an error leaves no video; the frames stay for --resume */
        } else if (fr_video_close(L.wctx, L.video)) {
            cli_error("%s", fr_last_error(L.wctx));
            rc = EXIT_WORK;
        } else if (!stopped && !o->keep_frames) {
            remove_folder(folder, nframes);
        }
        L.video = NULL;
    }
    int done = reused + rendered + kept;
    if (many && rc && !stopped)
        fprintf(stderr, "fractalis: %d of %d frames kept (--resume continues)\n", reused + L.written,
                nframes);
    if (stopped) {
        if (!o->quiet)
            fprintf(stderr, "fractalis: interrupted: %d of %d frames kept%s%s%s\n", done, nframes,
                    video && L.encoded ? " (the video has them; --resume continues from " : "",
                    video && L.encoded ? folder : "", video && L.encoded ? ")" : "");
        rc = CLI_EXIT_SIGNAL;
    } else if (!rc && !o->quiet) {
        char t[24];
        fmt_time(t, sizeof t, cli_now() - pg.start);
        if (reused)
            fprintf(stderr, "fractalis: %d frames (%d reused) -> %s in %s\n", nframes, reused, o->path, t);
        else
            fprintf(stderr, "fractalis: %d frames -> %s in %s\n", nframes, o->path, t);
        /* where the time went: the frames' rendering, and the writer's thread
         * (the loop waits for it only when it is the slower) */
        fprintf(stderr,
                "fractalis: rendering %.1f s; writers %.1f s (PNG %.1f s on %d thread%s, encoding %.1f s), "
                "waited for %.1f s\n",
                pg.render_sum, L.png_s + L.encode_s, L.png_s, L.nw, L.nw > 1 ? "s" : "", L.encode_s, waited);
    }
    if (folder) rmdir(folder); /* an empty frames folder (stopped before the first frame) goes */
    fr_context_destroy(rctx);
    writers_stop(&L, th, 0);
    free(folder);
    return rc;
}
