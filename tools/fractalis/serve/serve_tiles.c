/* Tiles and renders. A tile's scene is computed exactly (MPFR) from the
 * map's anchor and the tile's address; requests wait in a queue that a
 * worker thread with its own context (and GPU, when there is one) drains.
 * Tiles of one scene and level queued together are rendered as one batch
 * (fr_escape_render_batch: one launch on a GPU). Renders of whole views
 * (/api/view.png, /api/render) have a queue and worker of their own, so a
 * large render does not hold up the map. A request whose client goes away
 * before its work starts is dropped; a render whose every client went
 * away is cancelled. */
#include <gmp.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "serve.h"

#define BATCH_MAX 64

/* --------------------------------------------------------- tile geometry */

static int parse_whole(const char *s, mpz_t out)
{
    const char *d = s + (*s == '-');
    if (!*d || strspn(d, "0123456789") != strlen(d) || strlen(d) > 4000) return -1;
    return mpz_set_str(out, s, 10);
}

int serve_tile_view(const char *center, const char *width, long z, const char *x, const char *y, char **center_out,
                    char **width_out, char *err, size_t errn)
{
    *center_out = *width_out = NULL;
    const char *comma = strchr(center, ',');
    if (!comma) return snprintf(err, errn, "center '%s' is not RE,IM", center), -1;
    mpz_t xi, yi;
    mpz_inits(xi, yi, NULL);
    int rc = -1;
    int badx = parse_whole(x, xi) != 0, bady = !badx && parse_whole(y, yi) != 0;
    if (badx || bady) {
        snprintf(err, errn, "%s: '%.40s%s' is not a whole number (of at most 4000 digits)", badx ? "x" : "y",
                 badx ? x : y, strlen(badx ? x : y) > 40 ? "..." : "");
        mpz_clears(xi, yi, NULL);
        return -1;
    }
    /* Bits: the anchor's own digits, and the tile's side below its
     * largest coordinate with 64 bits to spare. */
    mpfr_t w;
    mpfr_init2(w, 64);
    mpfr_set_str(w, width, 10, MPFR_RNDN);
    long wexp = mpfr_zero_p(w) ? 0 : (long)mpfr_get_exp(w);
    long span = (long)mpz_sizeinbase(xi, 2) + (long)mpz_sizeinbase(yi, 2);
    mpfr_prec_t prec = (mpfr_prec_t)(strlen(center) * 3.33) + 64;
    long need = 8 + span + z - wexp + 64;
    if (need > (long)prec) prec = (mpfr_prec_t)need;
    mpfr_t cr, ci, s, t;
    mpfr_inits2(prec, cr, ci, s, t, (mpfr_ptr)0);
    char *re_text = strndup(center, (size_t)(comma - center));
    if (!re_text || mpfr_set_str(cr, re_text, 10, MPFR_RNDN) || mpfr_set_str(ci, comma + 1, 10, MPFR_RNDN) ||
        mpfr_set_str(s, width, 10, MPFR_RNDN)) {
        snprintf(err, errn, "center '%.60s' or width '%.40s' is not a decimal number", center, width);
        goto done;
    }
    mpfr_div_2ui(s, s, (unsigned long)z, MPFR_RNDN);
    /* re = c_re + (x + 1/2) s, im = c_im - (y + 1/2) s */
    mpfr_set_z(t, xi, MPFR_RNDN);
    mpfr_add_d(t, t, 0.5, MPFR_RNDN);
    mpfr_mul(t, t, s, MPFR_RNDN);
    mpfr_add(cr, cr, t, MPFR_RNDN);
    mpfr_set_z(t, yi, MPFR_RNDN);
    mpfr_add_d(t, t, 0.5, MPFR_RNDN);
    mpfr_mul(t, t, s, MPFR_RNDN);
    mpfr_sub(ci, ci, t, MPFR_RNDN);
    /* Decimal digits: down to 2^-64 of the tile's side. */
    long top = (long)fmax(mpfr_zero_p(cr) ? -100000 : (double)mpfr_get_exp(cr),
                          mpfr_zero_p(ci) ? -100000 : (double)mpfr_get_exp(ci));
    long bits = top - (long)mpfr_get_exp(s) + 64;
    int digits = bits < 60 ? 17 : (int)(bits * 0.30103) + 2;
    char *re = NULL, *im = NULL;
    if (mpfr_asprintf(&re, "%.*Re", digits, cr) < 0 || mpfr_asprintf(&im, "%.*Re", digits, ci) < 0 ||
        mpfr_asprintf(width_out, "%.16Re", s) < 0) {
        mpfr_free_str(re);
        mpfr_free_str(im);
        snprintf(err, errn, "out of memory");
        goto done;
    }
    size_t n = strlen(re) + strlen(im) + 2;
    *center_out = malloc(n);
    if (*center_out) snprintf(*center_out, n, "%s,%s", re, im);
    mpfr_free_str(re);
    mpfr_free_str(im);
    if (!*center_out) {
        snprintf(err, errn, "out of memory");
        goto done;
    }
    /* mpfr_asprintf's memory is freed with mpfr_free_str: hand back malloc'ed text */
    char *wcopy = strdup(*width_out);
    mpfr_free_str(*width_out);
    *width_out = wcopy;
    rc = wcopy ? 0 : -1;
done:
    free(re_text);
    mpfr_clears(cr, ci, s, t, w, (mpfr_ptr)0);
    mpz_clears(xi, yi, NULL);
    if (rc) {
        free(*center_out);
        *center_out = NULL;
    }
    return rc;
}

/* ----------------------------------------------------------------- queues */

enum { ITEM_QUEUED, ITEM_RUNNING, ITEM_DONE };

typedef struct work_item {
    fr_escape_params *p;
    char *key;          /* the scene JSON: cache key and PNG chunk */
    char *batch;        /* tiles: what a batch shares (NULL: alone) */
    int state, orphan;
    fr_image img;       /* the picture, once done (the waiter encodes it) */
    serve_reply reply;  /* or the error */
    struct work_item *next;
} work_item;

struct serve_queue {
    serve_state *st;
    const char *name;
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    work_item *head;
    pthread_t thread;
    int started;
    fr_context *ctx;
    work_item *running[BATCH_MAX];
    int nrunning;
    /* The worker's own: the last batch's pictures, for tiles asked for
     * again before their PNGs reached the cache (encoded by the waiters). */
    char *recent_key[BATCH_MAX];
    fr_image recent_img[BATCH_MAX];
    int nrecent;
};

static void item_free(work_item *it)
{
    if (!it) return;
    free(it->p);
    free(it->key);
    free(it->batch);
    free(it->reply.body);
    fr_image_free(&it->img);
    free(it);
}

/* The render stops when every client of the running work went away. */
static int on_progress(double done, void *user)
{
    (void)done;
    serve_queue *qu = user;
    if (qu->st->stopping) return 1;
    pthread_mutex_lock(&qu->lock);
    int all = qu->nrunning > 0;
    for (int i = 0; i < qu->nrunning; i++) all &= qu->running[i]->orphan;
    pthread_mutex_unlock(&qu->lock);
    return all;
}

static void run_items(serve_queue *qu, work_item **items, int n)
{
    serve_state *st = qu->st;
    fr_image imgs[BATCH_MAX];
    memset(imgs, 0, sizeof imgs);
    const fr_escape_params *views[BATCH_MAX];
    uint64_t bytes = 0;
    for (int i = 0; i < n; i++) views[i] = items[i]->p, bytes += serve_escape_bytes(items[i]->p);
    if (!serve_mem_take(st, bytes)) {
        if (n > 1) {
            /* the batch does not fit the budget, its halves may */
            run_items(qu, items, n / 2);
            run_items(qu, items + n / 2, n - n / 2);
            return;
        }
        for (int i = 0; i < n; i++)
            serve_error(&items[i]->reply, 503, NULL,
                        "the server's memory budget (--max-memory %llu) is taken by other renders; try again",
                        (unsigned long long)st->lim.max_memory);
        return;
    }
    fr_status s = n == 1 ? fr_escape_render(qu->ctx, views[0], &imgs[0], NULL, NULL)
                         : fr_escape_render_batch(qu->ctx, views, n, imgs, NULL);
    serve_mem_give(st, bytes);
    if (s) {
        for (int i = 0; i < n; i++) serve_error_ctx(&items[i]->reply, qu->ctx, s);
        return;
    }
    if (items[0]->batch) {
        SERVE_COUNT(&st->stats, tiles_rendered, n);
        SERVE_COUNT(&st->stats, batches, 1);
        if (n > 1) SERVE_COUNT(&st->stats, batched_tiles, n);
    } else {
        SERVE_COUNT(&st->stats, renders, 1);
    }
    for (int i = 0; i < n; i++) items[i]->img = imgs[i];
}

/* A copy of an image into *to (0), or -1 when out of memory. */
static int image_copy(fr_image *to, const fr_image *from)
{
    size_t bytes = (size_t)from->width * from->height * fr_image_channels(from) * (from->depth == 16 ? 2 : 1);
    *to = *from;
    to->pixels = malloc(bytes);
    if (!to->pixels) return -1;
    memcpy(to->pixels, from->pixels, bytes);
    return 0;
}

static void forget_recent(serve_queue *qu)
{
    for (int k = 0; k < qu->nrecent; k++) {
        free(qu->recent_key[k]);
        fr_image_free(&qu->recent_img[k]);
    }
    qu->nrecent = 0;
}

/* Tiles: one render for a tile that several requests wait for (tabs,
 * clients: each copy would be rendered again), and none for a tile that the
 * batches before this one rendered while it waited (it is in the cache, or
 * among the last batch's pictures). */
static void run_unique(serve_queue *qu, work_item **items, int n)
{
    work_item *todo[BATCH_MAX];
    int same[BATCH_MAX], m = 0;
    for (int i = 0; i < n; i++) {
        same[i] = -1;
        if (items[i]->batch) {
            unsigned char *png;
            size_t len;
            if (serve_cache_get(qu->st->cache, items[i]->key, &png, &len)) {
                items[i]->reply = (serve_reply){.status = 200, .type = "image/png", .body = png, .len = len};
                continue;
            }
            int recent = -1;
            for (int k = 0; k < qu->nrecent && recent < 0; k++)
                if (!strcmp(qu->recent_key[k], items[i]->key)) recent = k;
            if (recent >= 0) {
                if (image_copy(&items[i]->img, &qu->recent_img[recent]))
                    serve_error(&items[i]->reply, 503, NULL, "out of memory");
                continue;
            }
            for (int k = 0; k < m && same[i] < 0; k++)
                if (!strcmp(todo[k]->key, items[i]->key)) same[i] = k;
        }
        if (same[i] < 0) todo[m++] = items[i];
    }
    if (m) run_items(qu, todo, m);
    if (m && todo[0]->batch) {
        forget_recent(qu);
        for (int k = 0; k < m; k++) {
            if (!todo[k]->img.pixels) continue;
            int r = qu->nrecent;
            qu->recent_key[r] = strdup(todo[k]->key);
            if (!qu->recent_key[r]) break;
            if (image_copy(&qu->recent_img[r], &todo[k]->img)) {
                free(qu->recent_key[r]);
                break;
            }
            qu->nrecent++;
        }
    }
    for (int i = 0; i < n; i++) {
        if (same[i] < 0) continue;
        /* a copy of the picture (each waiter encodes its own), or of the error */
        const work_item *from = todo[same[i]];
        if (from->img.pixels) {
            if (image_copy(&items[i]->img, &from->img)) serve_error(&items[i]->reply, 503, NULL, "out of memory");
        } else {
            items[i]->reply = from->reply;
            items[i]->reply.body = from->reply.body ? malloc(from->reply.len + 1) : NULL;
            if (items[i]->reply.body) memcpy(items[i]->reply.body, from->reply.body, from->reply.len);
            else serve_error(&items[i]->reply, 503, NULL, "out of memory");
        }
    }
}

static void *worker(void *arg)
{
    serve_queue *qu = arg;
    pthread_mutex_lock(&qu->lock);
    for (;;) {
        while (!qu->head && !qu->st->stopping) pthread_cond_wait(&qu->work, &qu->lock);
        if (qu->st->stopping) break;
        /* The first in line, and every queued tile that batches with it. */
        work_item *first = qu->head, **link = &qu->head;
        int n = 0;
        for (work_item *it = qu->head; it && n < BATCH_MAX; it = *link) {
            if (it == first || (first->batch && it->batch && !strcmp(it->batch, first->batch))) {
                *link = it->next;
                it->next = NULL;
                it->state = ITEM_RUNNING;
                qu->running[n++] = it;
            } else {
                link = &it->next;
            }
        }
        qu->nrunning = n;
        work_item *items[BATCH_MAX];
        memcpy(items, qu->running, (size_t)n * sizeof *items);
        pthread_mutex_unlock(&qu->lock);
        run_unique(qu, items, n);
        pthread_mutex_lock(&qu->lock);
        qu->nrunning = 0;
        for (int i = 0; i < n; i++) {
            if (items[i]->orphan) item_free(items[i]);
            else items[i]->state = ITEM_DONE;
        }
        pthread_cond_broadcast(&qu->done);
    }
    pthread_mutex_unlock(&qu->lock);
    return NULL;
}

static serve_queue *queue_start(serve_state *st, const char *name)
{
    serve_queue *qu = calloc(1, sizeof *qu);
    if (!qu) return NULL;
    qu->st = st;
    qu->name = name;
    qu->ctx = fr_context_create();
    if (!qu->ctx || fr_context_set_device(qu->ctx, st->device) || fr_context_set_threads(qu->ctx, st->threads)) {
        if (qu->ctx) fprintf(stderr, "fractalis serve: --device %s: %s\n", st->device, fr_last_error(qu->ctx));
        fr_context_destroy(qu->ctx);
        free(qu);
        return NULL;
    }
    fr_context_set_progress(qu->ctx, on_progress, qu);
    pthread_mutex_init(&qu->lock, NULL);
    pthread_cond_init(&qu->work, NULL);
    pthread_cond_init(&qu->done, NULL);
    if (pthread_create(&qu->thread, NULL, worker, qu)) {
        fr_context_destroy(qu->ctx);
        free(qu);
        return NULL;
    }
    qu->started = 1;
    return qu;
}

static void queue_stop(serve_queue *qu)
{
    if (!qu) return;
    pthread_mutex_lock(&qu->lock);
    pthread_cond_broadcast(&qu->work);
    pthread_cond_broadcast(&qu->done);
    pthread_mutex_unlock(&qu->lock);
    if (qu->started) pthread_join(qu->thread, NULL);
    forget_recent(qu);
    while (qu->head) {
        work_item *n = qu->head->next;
        item_free(qu->head);
        qu->head = n;
    }
    fr_context_destroy(qu->ctx);
    free(qu);
}

/* Queue the item and wait for it; the reply moves into r. */
static void submit_and_wait(serve_queue *qu, const serve_request *q, work_item *it, serve_reply *r)
{
    pthread_mutex_lock(&qu->lock);
    work_item **tail = &qu->head;
    while (*tail) tail = &(*tail)->next;
    *tail = it;
    pthread_cond_signal(&qu->work);
    for (;;) {
        if (it->state == ITEM_DONE) break;
        if (qu->st->stopping) {
            serve_error(r, 503, NULL, "the server is stopping");
            if (it->state == ITEM_QUEUED) {
                work_item **l = &qu->head;
                while (*l && *l != it) l = &(*l)->next;
                if (*l) *l = it->next;
                item_free(it);
            } else {
                it->orphan = 1;
            }
            pthread_mutex_unlock(&qu->lock);
            return;
        }
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 10 * 1000000L;
        if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&qu->done, &qu->lock, &ts);
        if (it->state != ITEM_DONE && serve_client_gone(q)) {
            SERVE_COUNT(&qu->st->stats, cancelled, 1);
            if (it->state == ITEM_QUEUED) {
                work_item **l = &qu->head;
                while (*l && *l != it) l = &(*l)->next;
                if (*l) *l = it->next;
                item_free(it);
            } else {
                it->orphan = 1; /* the worker frees it */
            }
            pthread_mutex_unlock(&qu->lock);
            serve_error(r, 499, NULL, "the client went away");
            return;
        }
    }
    pthread_mutex_unlock(&qu->lock);
    if (it->img.pixels) {
        /* PNG encoding in the connection's thread: the tiles of a batch are
         * encoded in parallel, and the worker goes on to the next batch. */
        fr_context *ctx = fr_context_create();
        unsigned char *png = NULL;
        size_t len = 0;
        fr_status s = ctx ? fr_context_set_threads(ctx, 1) : FR_ERR_NOMEM;
        if (!s) s = fr_image_encode_png(ctx, &it->img, NULL, it->key, &png, &len);
        if (s) {
            if (ctx) serve_error_ctx(r, ctx, s);
            else serve_error(r, 503, NULL, "out of memory");
        } else {
            r->status = 200, r->type = "image/png", r->body = png, r->len = len;
            if (it->batch) serve_cache_put(qu->st->cache, it->key, png, len);
        }
        fr_context_destroy(ctx);
    } else {
        *r = it->reply;
        it->reply.body = NULL;
    }
    item_free(it);
}

int serve_tiles_start(serve_state *st)
{
    st->tiles = queue_start(st, "tiles");
    st->renders = st->tiles ? queue_start(st, "renders") : NULL;
    return st->renders ? 0 : -1;
}

void serve_tiles_stop(serve_state *st)
{
    queue_stop(st->tiles);
    queue_stop(st->renders);
    st->tiles = st->renders = NULL;
}

/* --------------------------------------------------------------- handlers */

void serve_tile(serve_state *st, const serve_request *q, long z, const char *x, const char *y, serve_reply *r)
{
    SERVE_COUNT(&st->stats, tile_requests, 1);
    if (z < 0 || z > st->lim.max_zoom)
        return (void)serve_error(r, 400, "z", "z: level %ld is outside 0..%d (--max-zoom)", z, st->lim.max_zoom);
    fr_context *ctx = fr_context_create();
    if (!ctx) return (void)serve_error(r, 503, NULL, "out of memory");
    fr_escape_params *p = NULL;
    char *center = NULL, *width = NULL, *c2 = NULL, *w2 = NULL, *key = NULL, *batch = NULL;
    char err[256];
    if (serve_escape_from_query(st, ctx, q, 1, &p, r)) goto done;
    if (fr_escape_param_get(ctx, p, "center", &center) || fr_escape_param_get(ctx, p, "width", &width)) {
        serve_error_ctx(r, ctx, FR_ERR_NOMEM);
        goto done;
    }
    if (serve_tile_view(center, width, z, x, y, &c2, &w2, err, sizeof err)) {
        serve_error(r, 400, !strncmp(err, "x:", 2) ? "x" : !strncmp(err, "y:", 2) ? "y" : "center", "%s", err);
        goto done;
    }
    fr_status s;
    if ((s = fr_escape_param_set(ctx, p, "size", "256x256")) || (s = fr_escape_param_set(ctx, p, "center", c2)) ||
        (s = fr_escape_param_set(ctx, p, "width", w2)) || (s = fr_escape_params_validate(ctx, p)) ||
        (s = fr_escape_params_to_json(ctx, p, &key))) {
        serve_error_ctx(r, ctx, s);
        goto done;
    }
    unsigned char *png;
    size_t len;
    int hit = serve_cache_get(st->cache, key, &png, &len);
    if (hit) {
        SERVE_COUNT(&st->stats, memory_hits, hit == 1);
        SERVE_COUNT(&st->stats, disk_hits, hit == 2);
        r->status = 200, r->type = "image/png", r->body = png, r->len = len;
        r->cache = hit == 1 ? "memory" : "disk";
        r->immutable = 1;
        goto done;
    }
    /* What the tiles of one batch share: the scene but its view. */
    fr_escape_param_set(ctx, p, "center", "0,0");
    fr_escape_param_set(ctx, p, "width", "1");
    if ((s = fr_escape_params_to_json(ctx, p, &batch)) || (s = fr_escape_param_set(ctx, p, "center", c2)) ||
        (s = fr_escape_param_set(ctx, p, "width", w2))) {
        serve_error_ctx(r, ctx, s);
        goto done;
    }
    work_item *it = calloc(1, sizeof *it);
    if (!it) {
        serve_error(r, 503, NULL, "out of memory");
        goto done;
    }
    it->p = p, it->key = key, it->batch = batch;
    p = NULL, key = batch = NULL;
    submit_and_wait(st->tiles, q, it, r);
    if (r->status == 200) r->cache = "miss", r->immutable = 1;
done:
    free(p);
    free(center);
    free(width);
    free(c2);
    free(w2);
    free(key);
    free(batch);
    fr_context_destroy(ctx);
}

static void render_scene(serve_state *st, const serve_request *q, fr_context *ctx, fr_escape_params *p, serve_reply *r)
{
    char *key = NULL;
    fr_status s = fr_escape_params_to_json(ctx, p, &key);
    if (s) {
        free(p);
        return (void)serve_error_ctx(r, ctx, s);
    }
    work_item *it = calloc(1, sizeof *it);
    if (!it) {
        free(p);
        free(key);
        return (void)serve_error(r, 503, NULL, "out of memory");
    }
    it->p = p, it->key = key;
    submit_and_wait(st->renders, q, it, r);
}

void serve_view(serve_state *st, const serve_request *q, serve_reply *r)
{
    fr_context *ctx = fr_context_create();
    if (!ctx) return (void)serve_error(r, 503, NULL, "out of memory");
    fr_escape_params *p = NULL;
    if (!serve_escape_from_query(st, ctx, q, 0, &p, r)) render_scene(st, q, ctx, p, r);
    fr_context_destroy(ctx);
}

void serve_render(serve_state *st, const serve_request *q, serve_reply *r)
{
    if (!q->body || !q->body_len) return (void)serve_error(r, 400, NULL, "POST /api/render needs a scene JSON body");
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = malloc(sizeof *p);
    char kind[32] = "";
    if (!ctx || !p) {
        free(p);
        fr_context_destroy(ctx);
        return (void)serve_error(r, 503, NULL, "out of memory");
    }
    fr_status s = fr_scene_kind(ctx, q->body, kind, sizeof kind);
    if (s) serve_error_ctx(r, ctx, s);
    else if (strcmp(kind, "escape"))
        serve_error(r, 400, NULL, "a '%s' scene is a job: POST it to /api/jobs", kind);
    else {
        /* The formula's defaults first, as the CLI reads a scene. */
        fr_escape_params_default(p, FR_MANDELBROT);
        if ((s = fr_escape_params_from_json(ctx, q->body, p))) serve_error_ctx(r, ctx, s);
        else {
            fr_formula f = p->formula;
            fr_escape_params_default(p, f);
            if ((s = fr_escape_params_from_json(ctx, q->body, p))) serve_error_ctx(r, ctx, s);
            else if (!serve_check_escape(st, ctx, p, r)) {
                render_scene(st, q, ctx, p, r);
                p = NULL;
            }
        }
    }
    free(p);
    fr_context_destroy(ctx);
}
