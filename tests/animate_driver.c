/* A stand-in family for the frame loop's tests (tests/animate_loop.py):
 * frame k is a small Mandelbrot view zoomed in by 0.8^k, rendered by the
 * library (so the loop's progress callback and Ctrl-C run as in a real
 * family), with its own meta text. Not a test itself.
 *
 *   animate_driver N [--size WxH] [--iter K] [--sleep MS] [--no-meta-fn] [--fail-at K] OUTPUT-OPTIONS...
 *
 * --sleep makes each frame take MS longer (waiting in steps of 5 ms that
 * stop, like a cancelled render, once a signal came).
 *
 * Prints "rendered=R" (frames the frame function rendered) on stdout. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "animate/animate.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fractalis: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

typedef struct fam {
    fr_context *ctx;
    int w, h, iter, depth, fail_at, rendered, sleep_ms;
} fam;

static int meta_of(void *user, int index, char **meta)
{
    fam *f = user;
    char buf[128];
    snprintf(buf, sizeof buf, "driver frame %d %dx%d iter %d depth %d", index, f->w, f->h, f->iter, f->depth);
    *meta = strdup(buf);
    return 0;
}

static int frame(void *user, int index, fr_image *img, char **meta)
{
    fam *f = user;
    if (index == f->fail_at) {
        cli_error("driver: frame %d fails (--fail-at)", index);
        return EXIT_WORK;
    }
    for (int t = 0; t < f->sleep_ms; t += 5) {
        if (cli_interrupted) return EXIT_WORK;
        nanosleep(&(struct timespec){0, 5000000}, NULL);
    }
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    p.width = f->w;
    p.height = f->h;
    p.center_re = -0.743643887037151;
    p.center_im = 0.131825904205330;
    p.view_width = 3.0 * pow(0.8, index);
    p.max_iter = (uint32_t)f->iter;
    p.depth = f->depth;
    if (fr_escape_render(f->ctx, &p, img, NULL, NULL)) {
        cli_error("%s", fr_last_error(f->ctx));
        return EXIT_WORK;
    }
    f->rendered++;
    return meta_of(user, index, meta);
}

int main(int argc, char **argv)
{
    if (argc < 2) return EXIT_USAGE;
    cli_catch_signals();
    animate_output o;
    animate_output_default(&o);
    fam f = {.w = 64, .h = 48, .iter = 200, .fail_at = -1};
    int n = atoi(argv[1]), use_meta = 1;
    for (int i = 2; i < argc; i++) {
        int r = animate_output_option(&o, argc, argv, &i);
        if (r < 0) return EXIT_USAGE;
        if (r) continue;
        if (!strcmp(argv[i], "--size") && i + 1 < argc)
            sscanf(argv[++i], "%dx%d", &f.w, &f.h);
        else if (!strcmp(argv[i], "--iter") && i + 1 < argc)
            f.iter = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--sleep") && i + 1 < argc)
            f.sleep_ms = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--fail-at") && i + 1 < argc)
            f.fail_at = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-meta-fn"))
            use_meta = 0;
        else
            return cli_error("driver: unknown option '%s'", argv[i]), EXIT_USAGE;
    }
    f.depth = o.depth;
    f.ctx = fr_context_create();
    int rc = animate_run_meta(f.ctx, &o, n, NULL, frame, use_meta ? meta_of : NULL, &f);
    printf("rendered=%d\n", f.rendered);
    fr_context_destroy(f.ctx);
    return rc;
}
