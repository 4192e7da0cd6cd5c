/* Long renders as jobs: an escape-time or Buddhabrot scene, or an uploaded
 * flame genome. They wait in order and run one at a time on a worker with
 * its own context; progress goes to the job, and from there to every
 * event stream that watches it (server-sent events, at most ten a second).
 * A cancel stops the render at its next progress call. Finished jobs are
 * kept for ten minutes. */
#include <jansson.h>
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "serve.h"

#define KEEP_SECONDS 600.0

enum { JOB_ESCAPE, JOB_BUDDHA, JOB_FLAME };
enum { JS_QUEUED, JS_RUNNING, JS_DONE, JS_FAILED, JS_CANCELLED };
static const char *const kind_names[] = {"escape", "buddhabrot", "flame"};
static const char *const state_names[] = {"queued", "running", "done", "failed", "cancelled"};

typedef struct job {
    char id[33];
    int kind;
    char client[64];
    int state;
    double progress;
    char stage[48];
    char error[512];
    double created, started, ended;
    int width, height;
    fr_escape_params *ep;
    fr_buddha_params bp;
    fr_flames *flames;
    int genome;
    fr_flame_options fo;
    unsigned char *png;
    size_t len;
    int cancel;
    uint64_t bytes;
    int readers;
    unsigned version;
    struct job *next;
} job;

struct serve_jobs {
    serve_state *st;
    pthread_mutex_t lock;
    pthread_cond_t changed, work;
    job *list;
    pthread_t thread;
    int started;
    fr_context *ctx;
    job *running;
    double last_progress;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int terminal(int s) { return s >= JS_DONE; }

static void job_free(job *j)
{
    free(j->ep);
    fr_flames_destroy(j->flames);
    free(j->png);
    free(j);
}

static json_t *job_json(const job *j)
{
    char self[64], events[80], result[80];
    snprintf(self, sizeof self, "/api/jobs/%s", j->id);
    snprintf(events, sizeof events, "%s/events", self);
    snprintf(result, sizeof result, "%s/result", self);
    double t = j->started ? (j->ended ? j->ended : now()) - j->started : 0;
    json_t *o = json_pack("{s:s, s:s, s:s, s:f, s:s, s:f, s:i, s:i, s:{s:s, s:s, s:s}}", "id", j->id, "kind",
                          kind_names[j->kind], "state", state_names[j->state], "progress", j->progress, "stage",
                          j->stage, "seconds", t, "width", j->width, "height", j->height, "links", "self", self,
                          "events", events, "result", result);
    if (o && j->error[0]) json_object_set_new(o, "error", json_string(j->error));
    return o;
}

/* --------------------------------------------------------------- worker */

static int on_progress(double done, void *user)
{
    serve_jobs *js = user;
    pthread_mutex_lock(&js->lock);
    job *j = js->running;
    int stop = js->st->stopping || !j || j->cancel;
    if (j) {
        j->progress = done < 0 ? 0 : done > 1 ? 1 : done;
        const char *stage = fr_progress_stage(js->ctx);
        snprintf(j->stage, sizeof j->stage, "%s", stage ? stage : "");
        double t = now();
        if (t - js->last_progress >= 0.05) {
            js->last_progress = t;
            j->version++;
            pthread_cond_broadcast(&js->changed);
        }
    }
    pthread_mutex_unlock(&js->lock);
    return stop;
}

static fr_status run_escape(fr_context *ctx, job *j, fr_image *img, char **meta, const char **key)
{
    *key = NULL;
    fr_status s = fr_escape_render(ctx, j->ep, img, NULL, NULL);
    return s ? s : fr_escape_params_to_json(ctx, j->ep, meta);
}

static fr_status run_buddha(fr_context *ctx, job *j, fr_image *img, char **meta, const char **key)
{
    *key = NULL;
    fr_buddha_hist h = {0};
    fr_status s = fr_buddha_hist_alloc(ctx, &h, j->bp.width, j->bp.height, j->bp.channels);
    if (!s) s = fr_buddha_render(ctx, &j->bp, &h, NULL);
    if (!s) s = fr_buddha_tone_map(ctx, &j->bp, &h, img);
    fr_buddha_hist_free(&h);
    return s ? s : fr_buddha_params_to_json(ctx, &j->bp, meta);
}

static fr_status run_flame(fr_context *ctx, job *j, fr_image *img, char **meta, const char **key)
{
    *key = "flam3_genome";
    fr_status s = fr_flame_render(ctx, j->flames, j->genome, &j->fo, img, NULL);
    return s ? s : fr_flames_xml(ctx, j->flames, j->genome, meta);
}

static void run_job(serve_jobs *js, job *j)
{
    serve_state *st = js->st;
    fr_context *ctx = js->ctx;
    fr_image img = {0};
    char *meta = NULL;
    const char *key = NULL;
    fr_context_set_host_memory(ctx, j->bytes);
    fr_status s = j->kind == JOB_ESCAPE   ? run_escape(ctx, j, &img, &meta, &key)
                  : j->kind == JOB_BUDDHA ? run_buddha(ctx, j, &img, &meta, &key)
                                          : run_flame(ctx, j, &img, &meta, &key);
    unsigned char *png = NULL;
    size_t len = 0;
    if (!s) s = fr_image_encode_png(ctx, &img, key, meta, &png, &len);
    fr_image_free(&img);
    free(meta);
    /* the memory back before the job is seen finished: a client that
     * starts the next render at its `done` finds the budget free */
    serve_mem_give(st, j->bytes);
    pthread_mutex_lock(&js->lock);
    j->ended = now();
    /* A Buddhabrot's sampling ends early without an error when the progress
     * callback says stop: a DELETE (or the server stopping) is still a cancel. */
    if (!s && (j->cancel || st->stopping)) {
        free(png);
        png = NULL;
        s = FR_ERR_CANCELLED;
    }
    if (!s) {
        j->state = JS_DONE, j->png = png, j->len = len, j->progress = 1;
        SERVE_COUNT(&st->stats, jobs_done, 1);
    } else if (s == FR_ERR_CANCELLED) {
        j->state = JS_CANCELLED;
        snprintf(j->error, sizeof j->error, "%s", st->stopping ? "the server stopped" : "cancelled");
        SERVE_COUNT(&st->stats, jobs_cancelled, 1);
    } else {
        j->state = JS_FAILED;
        snprintf(j->error, sizeof j->error, "%s", fr_last_error(ctx));
        SERVE_COUNT(&st->stats, jobs_failed, 1);
    }
    j->version++;
    pthread_cond_broadcast(&js->changed);
    pthread_mutex_unlock(&js->lock);
}

/* Drop finished jobs older than KEEP_SECONDS that nobody watches. Locked. */
static void sweep(serve_jobs *js)
{
    double t = now();
    for (job **l = &js->list; *l;) {
        job *j = *l;
        if (terminal(j->state) && !j->readers && t - j->ended > KEEP_SECONDS) {
            *l = j->next;
            job_free(j);
        } else {
            l = &j->next;
        }
    }
}

static void *worker(void *arg)
{
    serve_jobs *js = arg;
    pthread_mutex_lock(&js->lock);
    while (!js->st->stopping) {
        job *next = NULL;
        for (job *j = js->list; j; j = j->next)
            if (j->state == JS_QUEUED) next = j; /* the list is newest first: the last queued is the oldest */
        if (!next) {
            pthread_cond_wait(&js->work, &js->lock);
            continue;
        }
        if (!serve_mem_take(js->st, next->bytes)) {
            /* other renders hold the memory: wait for them */
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += 50000000L;
            if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
            pthread_cond_timedwait(&js->work, &js->lock, &ts);
            continue;
        }
        next->state = JS_RUNNING;
        next->started = now();
        next->version++;
        js->running = next;
        pthread_cond_broadcast(&js->changed);
        pthread_mutex_unlock(&js->lock);
        run_job(js, next);
        pthread_mutex_lock(&js->lock);
        js->running = NULL;
        sweep(js);
    }
    pthread_mutex_unlock(&js->lock);
    return NULL;
}

int serve_jobs_start(serve_state *st)
{
    serve_jobs *js = calloc(1, sizeof *js);
    if (!js) return -1;
    js->st = st;
    js->ctx = fr_context_create();
    if (!js->ctx || fr_context_set_device(js->ctx, st->device) || fr_context_set_threads(js->ctx, st->threads)) {
        fr_context_destroy(js->ctx);
        free(js);
        return -1;
    }
    fr_context_set_progress(js->ctx, on_progress, js);
    pthread_mutex_init(&js->lock, NULL);
    pthread_cond_init(&js->changed, NULL);
    pthread_cond_init(&js->work, NULL);
    if (pthread_create(&js->thread, NULL, worker, js)) {
        fr_context_destroy(js->ctx);
        free(js);
        return -1;
    }
    js->started = 1;
    st->jobs = js;
    return 0;
}

void serve_jobs_stop(serve_state *st)
{
    serve_jobs *js = st->jobs;
    if (!js) return;
    pthread_mutex_lock(&js->lock);
    pthread_cond_broadcast(&js->work);
    pthread_cond_broadcast(&js->changed);
    pthread_mutex_unlock(&js->lock);
    pthread_join(js->thread, NULL);
    while (js->list) {
        job *n = js->list->next;
        job_free(js->list);
        js->list = n;
    }
    fr_context_destroy(js->ctx);
    free(js);
    st->jobs = NULL;
}

void serve_jobs_counts(serve_state *st, uint64_t *running, uint64_t *queued)
{
    serve_jobs *js = st->jobs;
    *running = *queued = 0;
    pthread_mutex_lock(&js->lock);
    for (job *j = js->list; j; j = j->next) {
        *running += j->state == JS_RUNNING;
        *queued += j->state == JS_QUEUED;
    }
    pthread_mutex_unlock(&js->lock);
}

/* ------------------------------------------------------------- creating */

static int flame_option(void *user, const char *key, const char *value)
{
    void **a = user; /* {ctx, job, reply} */
    fr_context *ctx = a[0];
    job *j = a[1];
    serve_reply *r = a[2];
    if (!strcmp(key, "kind")) return 0;
    if (!strcmp(key, "genome")) {
        char *end;
        long g = strtol(value, &end, 10);
        if (*end || !*value || g < 0 || g >= fr_flames_count(j->flames))
            return serve_error(r, 400, "genome", "genome: '%s' is not 0..%d, the genomes of the file", value,
                               fr_flames_count(j->flames) - 1),
                   1;
        j->genome = (int)g;
        return 0;
    }
    if (!fr_flame_option_find(key) || !strcmp(key, "strips"))
        return serve_error(r, 400, key, "%s: not a flame option here (size, quality, supersample, seed, ...)", key), 1;
    fr_status s = fr_flame_option_set(ctx, &j->fo, key, value);
    if (s) return serve_error_ctx(r, ctx, s), 1;
    return 0;
}

static int make_flame(serve_state *st, fr_context *ctx, const serve_request *q, job *j, serve_reply *r)
{
    fr_status s = fr_flames_parse(ctx, q->body, q->body_len, "upload", NULL, 0, &j->flames);
    if (s) return serve_error_ctx(r, ctx, s), -1;
    fr_flame_options_default(&j->fo);
    void *a[3] = {ctx, j, r};
    if (serve_query_each(q, flame_option, a)) return -1;
    if ((s = fr_flame_options_check(ctx, &j->fo))) return serve_error_ctx(r, ctx, s), -1;
    int w = j->fo.width, h = j->fo.height;
    if (!w) fr_flames_size(j->flames, j->genome, &w, &h);
    int ss = j->fo.supersample ? j->fo.supersample : 1;
    uint64_t buckets = (uint64_t)w * h * ss * ss;
    if (buckets > st->lim.max_pixels)
        return serve_error(r, 413, "size", "size: %dx%d (supersample %d) is over this server's limit (--max-pixels %llu)",
                           w, h, ss, (unsigned long long)st->lim.max_pixels),
               -1;
    if (j->fo.quality * w * h > (double)st->lim.max_samples)
        return serve_error(r, 413, "quality", "quality: %g at %dx%d is over this server's limit (--max-samples %llu)",
                           j->fo.quality, w, h, (unsigned long long)st->lim.max_samples),
               -1;
    j->width = w, j->height = h;
    /* buckets and accumulator (a flame in strips when more than this) */
    j->bytes = buckets * 40 + (uint64_t)w * h * 8 + (16u << 20);
    if (j->bytes > st->lim.max_memory / 2) j->bytes = st->lim.max_memory / 2;
    return 0;
}

static int make_scene(serve_state *st, fr_context *ctx, const serve_request *q, job *j, serve_reply *r)
{
    char kind[32] = "";
    fr_status s = fr_scene_kind(ctx, q->body, kind, sizeof kind);
    if (s) return serve_error_ctx(r, ctx, s), -1;
    if (!strcmp(kind, "escape")) {
        j->kind = JOB_ESCAPE;
        j->ep = malloc(sizeof *j->ep);
        if (!j->ep) return serve_error(r, 503, NULL, "out of memory"), -1;
        fr_escape_params_default(j->ep, FR_MANDELBROT);
        if ((s = fr_escape_params_from_json(ctx, q->body, j->ep))) return serve_error_ctx(r, ctx, s), -1;
        fr_formula f = j->ep->formula;
        fr_escape_params_default(j->ep, f);
        if ((s = fr_escape_params_from_json(ctx, q->body, j->ep))) return serve_error_ctx(r, ctx, s), -1;
        if (serve_check_escape(st, ctx, j->ep, r)) return -1;
        j->width = j->ep->width, j->height = j->ep->height;
        j->bytes = serve_escape_bytes(j->ep);
        return 0;
    }
    if (!strcmp(kind, "buddhabrot")) {
        j->kind = JOB_BUDDHA;
        fr_buddha_params_default(&j->bp, 0, 0);
        if ((s = fr_buddha_params_from_json(ctx, q->body, &j->bp))) return serve_error_ctx(r, ctx, s), -1;
        if (serve_check_buddha(st, ctx, &j->bp, r)) return -1;
        j->width = j->bp.width, j->height = j->bp.height;
        j->bytes = (uint64_t)j->bp.width * j->bp.height * (j->bp.channels * 16 + 8) + (16u << 20);
        return 0;
    }
    return serve_error(r, 400, NULL, "a '%s' scene cannot be a job (escape, buddhabrot, or a flame genome file)", kind),
           -1;
}

/* 1 (and the 429 made) when the client or the server has all the jobs it
 * may have queued or running. Locked. */
static int over_limits(serve_state *st, serve_jobs *js, const char *client, serve_reply *r)
{
    int mine = 0, all = 0;
    for (job *j = js->list; j; j = j->next)
        if (!terminal(j->state)) all++, mine += !strcmp(j->client, client);
    if (mine >= st->lim.max_jobs_per_client)
        return serve_error(r, 429, NULL, "this client has %d jobs queued or running (--max-jobs-per-client %d)", mine,
                           st->lim.max_jobs_per_client),
               1;
    if (all >= st->lim.max_jobs)
        return serve_error(r, 429, NULL, "%d jobs are queued or running (--max-jobs %d); try again later", all,
                           st->lim.max_jobs),
               1;
    return 0;
}

void serve_jobs_create(serve_state *st, const serve_request *q, serve_reply *r)
{
    serve_jobs *js = st->jobs;
    if (!q->body || !q->body_len)
        return (void)serve_error(r, 400, NULL, "POST /api/jobs needs a body: a scene JSON or a flame genome file");
    const char *type = MHD_lookup_connection_value(q->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
    const char *kind = serve_query(q, "kind");
    int flame = (kind && !strcmp(kind, "flame")) ||
                (type && (!strncmp(type, "application/xml", 15) || !strncmp(type, "text/xml", 8)));
    if (kind && strcmp(kind, "flame"))
        return (void)serve_error(r, 400, "kind", "kind: '%s'; only 'flame' is given this way (scenes say their kind)",
                                 kind);
    /* the limits on jobs, before any parsing (and again as the job joins
     * the list: requests that came at once were all parsed meanwhile) */
    pthread_mutex_lock(&js->lock);
    sweep(js);
    int over = over_limits(st, js, q->client, r);
    pthread_mutex_unlock(&js->lock);
    if (over) return;

    job *j = calloc(1, sizeof *j);
    fr_context *ctx = fr_context_create();
    if (!j || !ctx) {
        free(j);
        fr_context_destroy(ctx);
        return (void)serve_error(r, 503, NULL, "out of memory");
    }
    j->kind = JOB_FLAME;
    int rc = flame ? make_flame(st, ctx, q, j, r) : make_scene(st, ctx, q, j, r);
    fr_context_destroy(ctx);
    if (rc) {
        job_free(j);
        return;
    }
    if (j->bytes > st->lim.max_memory) {
        serve_error(r, 503, NULL, "this job needs about %llu bytes, over the server's memory budget (--max-memory %llu)",
                    (unsigned long long)j->bytes, (unsigned long long)st->lim.max_memory);
        job_free(j);
        return;
    }
    uint8_t rnd[16];
    if (getrandom(rnd, sizeof rnd, 0) != sizeof rnd) {
        serve_error(r, 503, NULL, "no random numbers for a job id");
        job_free(j);
        return;
    }
    for (int i = 0; i < 16; i++) sprintf(j->id + 2 * i, "%02x", rnd[i]);
    snprintf(j->client, sizeof j->client, "%s", q->client);
    j->created = now();
    snprintf(j->stage, sizeof j->stage, "queued");
    pthread_mutex_lock(&js->lock);
    if (over_limits(st, js, q->client, r)) {
        pthread_mutex_unlock(&js->lock);
        job_free(j);
        return;
    }
    j->next = js->list;
    js->list = j;
    json_t *o = job_json(j);
    pthread_cond_broadcast(&js->work);
    pthread_mutex_unlock(&js->lock);
    SERVE_COUNT(&st->stats, jobs_created, 1);
    serve_json(r, 202, o ? json_dumps(o, JSON_COMPACT) : NULL);
    json_decref(o);
}

/* ---------------------------------------------------------------- events */

typedef struct sse {
    serve_jobs *js;
    job *j;
    unsigned seen;
    int ended, first;
    double last;
} sse;

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    sse *e = cls;
    serve_jobs *js = e->js;
    if (e->ended) return MHD_CONTENT_READER_END_OF_STREAM;
    pthread_mutex_lock(&js->lock);
    double waited = 0;
    const char *event = NULL;
    for (;;) {
        job *j = e->j;
        if (terminal(j->state)) {
            event = state_names[j->state];
            e->ended = 1;
            break;
        }
        if (js->st->stopping) {
            event = "failed";
            e->ended = 1;
            break;
        }
        double t = now();
        if (e->first || (j->version != e->seen && t - e->last >= 0.1)) {
            event = "progress";
            break;
        }
        if (waited >= 15) break; /* a comment keeps the stream (and a disconnect's detection) going */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 100000000L;
        if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&js->changed, &js->lock, &ts);
        waited += 0.1;
    }
    int n;
    if (event) {
        json_t *o = job_json(e->j);
        char *t = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        n = snprintf(buf, max, "event: %s\ndata: %s\n\n", event, t ? t : "{}");
        free(t);
        e->seen = e->j->version;
        e->last = now();
        e->first = 0;
    } else {
        n = snprintf(buf, max, ": waiting\n\n");
    }
    pthread_mutex_unlock(&js->lock);
    if (n < 0 || (size_t)n >= max) return MHD_CONTENT_READER_END_WITH_ERROR;
    return n;
}

static void sse_free(void *cls)
{
    sse *e = cls;
    pthread_mutex_lock(&e->js->lock);
    e->j->readers--;
    pthread_mutex_unlock(&e->js->lock);
    free(e);
}

void serve_jobs_route(serve_state *st, const serve_request *q, const char *id, const char *what, serve_reply *r)
{
    serve_jobs *js = st->jobs;
    int del = !strcmp(q->method, "DELETE"), get = !strcmp(q->method, "GET") || !strcmp(q->method, "HEAD");
    if (!del && !get) return (void)serve_error(r, 405, NULL, "%s: jobs take GET and DELETE", q->method);
    if (del && *what) return (void)serve_error(r, 405, NULL, "DELETE /api/jobs/ID cancels a job");
    if (*what && strcmp(what, "events") && strcmp(what, "result"))
        return (void)serve_error(r, 404, NULL, "/api/jobs/ID/%s: a job has events and result", what);
    pthread_mutex_lock(&js->lock);
    job *j = js->list;
    while (j && strcmp(j->id, id)) j = j->next;
    if (!j) {
        pthread_mutex_unlock(&js->lock);
        return (void)serve_error(r, 404, NULL, "no job '%s' (finished jobs are kept ten minutes)", id);
    }
    if (del) {
        if (j->state == JS_QUEUED) {
            j->state = JS_CANCELLED;
            j->ended = now();
            snprintf(j->error, sizeof j->error, "cancelled");
            SERVE_COUNT(&st->stats, jobs_cancelled, 1);
        } else if (j->state == JS_RUNNING) {
            j->cancel = 1;
        }
        j->version++;
        pthread_cond_broadcast(&js->changed);
    }
    if (!strcmp(what, "result")) {
        if (j->state != JS_DONE) {
            serve_error(r, 409, NULL, "job %s is %s%s%s", j->id, state_names[j->state], j->error[0] ? ": " : "",
                        j->error);
        } else {
            r->body = malloc(j->len);
            if (r->body) {
                memcpy(r->body, j->png, j->len);
                r->status = 200, r->type = "image/png", r->len = j->len;
            }
        }
        pthread_mutex_unlock(&js->lock);
        return;
    }
    if (!strcmp(what, "events")) {
        sse *e = calloc(1, sizeof *e);
        if (e) {
            e->js = js, e->j = j, e->first = 1;
            j->readers++;
        }
        pthread_mutex_unlock(&js->lock);
        if (!e) return (void)serve_error(r, 503, NULL, "out of memory");
        r->response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 8192, sse_read, e, sse_free);
        if (!r->response) {
            sse_free(e);
            return (void)serve_error(r, 503, NULL, "out of memory");
        }
        MHD_add_response_header(r->response, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream");
        MHD_add_response_header(r->response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
        r->status = 200;
        return;
    }
    json_t *o = job_json(j);
    pthread_mutex_unlock(&js->lock);
    serve_json(r, 200, o ? json_dumps(o, JSON_COMPACT) : NULL);
    json_decref(o);
}
