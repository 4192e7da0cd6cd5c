/* Scenes from requests: query arguments into escape-time parameters (by
 * the family's parameter table, the same names as the CLI's flags and the
 * scene files), the server's limits, and the memory budget. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "serve.h"

typedef struct apply_state {
    fr_context *ctx;
    fr_escape_params *p;
    int tile;
    serve_reply *r;
    int failed;
} apply_state;

/* A palette given by a preset's name or as colours, not as a file. */
static int palette_inline(const char *value)
{
    for (const char *const *n = fr_palette_presets(); *n; n++)
        if (!strcasecmp(*n, value)) return 1;
    return value[0] == '#' || strchr(value, ',');
}

static int apply_arg(void *user, const char *key, const char *value)
{
    apply_state *a = user;
    if (!strcmp(key, "formula")) return 0; /* applied first */
    if (!fr_escape_param_find(key)) {
        a->failed = 1;
        return serve_error(a->r, 400, key, "%s: no such escape-time parameter (GET /api/params/escape lists them)", key),
               1;
    }
    if (a->tile && !strcmp(key, "size")) {
        a->failed = 1;
        return serve_error(a->r, 400, key, "size: tiles are %dx%d; use /api/view.png for other sizes", SERVE_TILE,
                           SERVE_TILE),
               1;
    }
    if (!strcmp(key, "palette") && !palette_inline(value)) {
        /* the library would read a palette file of that name: no request names a file */
        a->failed = 1;
        return serve_error(a->r, 400, key, "palette '%.100s' is neither a preset nor a list of colours #rrggbb,...",
                           value),
               1;
    }
    fr_status s = fr_escape_param_set(a->ctx, a->p, key, value);
    if (s) {
        a->failed = 1;
        serve_error_ctx(a->r, a->ctx, s);
        if (a->r->status == 400 && !strstr((char *)a->r->body, "\"param\"")) {
            /* name the parameter even when the message does not start with it */
            char msg[1100];
            snprintf(msg, sizeof msg, "%s", fr_last_error(a->ctx));
            serve_error(a->r, 400, key, "%s: %s", key, msg);
        }
        return 1;
    }
    return 0;
}

int serve_escape_from_query(serve_state *st, fr_context *ctx, const serve_request *q, int tile, fr_escape_params **out,
                            serve_reply *r)
{
    *out = NULL;
    fr_escape_params *p = malloc(sizeof *p);
    if (!p) return serve_error(r, 503, NULL, "out of memory"), -1;
    fr_formula f = FR_MANDELBROT;
    const char *fs = serve_query(q, "formula");
    if (fs && fr_formula_parse(ctx, fs, &f)) {
        free(p);
        return serve_error(r, 400, "formula", "%s", fr_last_error(ctx)), -1;
    }
    fr_escape_params_default(p, f);
    /* (a tile's size before its limits are checked: aa counts against 256x256) */
    fr_escape_param_set(ctx, p, "size", tile ? "256x256" : "800x600");
    apply_state a = {ctx, p, tile, r, 0};
    serve_query_each(q, apply_arg, &a);
    if (a.failed) {
        free(p);
        return -1;
    }
    if (tile) {
        if (p->rotate_deg != 0) {
            free(p);
            return serve_error(r, 400, "rotate", "rotate: tiles are not rotated"), -1;
        }
        if (p->color == FR_COLOR_HISTOGRAM) {
            free(p);
            return serve_error(r, 400, "color",
                               "color: histogram colouring ranks a whole image's counts, so tiles would not join; "
                               "use count, smooth or distance"),
                   -1;
        }
    }
    if (serve_check_escape(st, ctx, p, r)) {
        free(p);
        return -1;
    }
    *out = p;
    return 0;
}

int serve_check_escape(serve_state *st, fr_context *ctx, const fr_escape_params *p, serve_reply *r)
{
    if (p->max_iter > st->lim.max_iter)
        return serve_error(r, 413, "iter", "iter: %u is over this server's limit (--max-iter %llu)", p->max_iter,
                           (unsigned long long)st->lim.max_iter),
               -1;
    uint64_t px = (uint64_t)p->width * p->height * (uint64_t)p->aa * p->aa;
    if (px > st->lim.max_pixels)
        return serve_error(r, 413, p->aa > 1 ? "aa" : "size",
                           "size: %dx%d with aa %d is %llu samples, over this server's limit (--max-pixels %llu)",
                           p->width, p->height, p->aa, (unsigned long long)px, (unsigned long long)st->lim.max_pixels),
               -1;
    fr_status s = fr_escape_params_validate(ctx, p);
    if (s) return serve_error_ctx(r, ctx, s), -1;
    return 0;
}

int serve_check_buddha(serve_state *st, fr_context *ctx, fr_buddha_params *p, serve_reply *r)
{
    uint64_t px = (uint64_t)p->width * p->height;
    if (px > st->lim.max_pixels)
        return serve_error(r, 413, "size", "size: %dx%d is over this server's limit (--max-pixels %llu)", p->width,
                           p->height, (unsigned long long)st->lim.max_pixels),
               -1;
    for (int c = 0; c < p->channels; c++)
        if (p->band[c].max_iter > st->lim.max_iter)
            return serve_error(r, 413, "iter", "iter: %u is over this server's limit (--max-iter %llu)",
                               p->band[c].max_iter, (unsigned long long)st->lim.max_iter),
                   -1;
    if (p->samples > st->lim.max_samples)
        return serve_error(r, 413, "samples", "samples: %llu is over this server's limit (--max-samples %llu)",
                           (unsigned long long)p->samples, (unsigned long long)st->lim.max_samples),
               -1;
    /* A job ends: with no sample count, at most ten minutes of sampling. */
    if (!p->samples && (p->time_limit <= 0 || p->time_limit > 600)) p->time_limit = 600;
    fr_status s = fr_buddha_params_validate(ctx, p);
    if (s) return serve_error_ctx(r, ctx, s), -1;
    return 0;
}

uint64_t serve_escape_bytes(const fr_escape_params *p)
{
    uint64_t samples = (uint64_t)p->width * p->height * (uint64_t)p->aa * p->aa;
    return samples * 16 + (uint64_t)p->width * p->height * 8 + (1u << 20);
}

int serve_mem_take(serve_state *st, uint64_t bytes)
{
    pthread_mutex_lock(&st->mem_lock);
    int ok = st->mem_reserved + bytes <= st->lim.max_memory;
    if (ok) st->mem_reserved += bytes;
    pthread_mutex_unlock(&st->mem_lock);
    return ok;
}

void serve_mem_give(serve_state *st, uint64_t bytes)
{
    pthread_mutex_lock(&st->mem_lock);
    st->mem_reserved -= bytes < st->mem_reserved ? bytes : st->mem_reserved;
    pthread_mutex_unlock(&st->mem_lock);
}
