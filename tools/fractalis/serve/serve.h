/* fractalis serve: the web explorer's HTTP server (libmicrohttpd, one
 * thread per connection). docs/SERVE.md is the API it answers.
 *
 *   serve_main.c    the command: options, start, stop
 *   serve_http.c    requests in, replies out, routing, errors, disconnects
 *   serve_api.c     the lists, parameter tables and statistics
 *   serve_scene.c   query parameters and scene JSON into checked scenes (limits)
 *   serve_tiles.c   tiles (their scenes in MPFR) and renders: queues, workers, batches
 *   serve_cache.c   the tiles' in-memory LRU and on-disk cache
 *   serve_jobs.c    long renders as jobs, their events and results
 *   serve_static.c  the built front end, read into memory at start */
#ifndef FR_SERVE_H
#define FR_SERVE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "fractalis.h"

#define SERVE_TILE 256

typedef struct serve_limits {
    uint64_t max_pixels, max_iter, max_upload, max_memory, max_samples;
    int max_jobs_per_client, max_jobs, max_zoom;
} serve_limits;

/* One request as the handlers see it. */
struct MHD_Connection;
typedef struct serve_request {
    struct MHD_Connection *conn;
    const char *method, *url;
    const char *body; /* POST body (NUL-terminated), or NULL */
    size_t body_len;
    char client[64];  /* the client's address */
} serve_request;

/* What a handler answers: a body (malloc()ed, the reply owns it) or a
 * ready response (event streams). */
struct MHD_Response;
typedef struct serve_reply {
    int status;
    const char *type;
    unsigned char *body;
    size_t len;
    const char *cache;    /* X-Fractalis-Cache */
    int immutable;        /* the URL fixes the body: cache for a year */
    struct MHD_Response *response;
} serve_reply;

/* Counters (read by /api/stats). */
typedef struct serve_stats {
    uint64_t tile_requests, tiles_rendered, memory_hits, disk_hits, cancelled, batches, batched_tiles;
    uint64_t renders, jobs_created, jobs_done, jobs_failed, jobs_cancelled;
} serve_stats;
#define SERVE_COUNT(st, field, n) __atomic_add_fetch(&(st)->field, (n), __ATOMIC_RELAXED)

typedef struct serve_queue serve_queue;
typedef struct serve_cache serve_cache;
typedef struct serve_jobs serve_jobs;
typedef struct serve_static serve_static;

typedef struct serve_state {
    serve_limits lim;
    const char *device;
    int threads;
    serve_stats stats;
    serve_queue *tiles, *renders;
    serve_cache *cache;
    serve_jobs *jobs;
    serve_static *web;
    pthread_mutex_t mem_lock;
    uint64_t mem_reserved;
    volatile int stopping;
} serve_state;

/* ---- serve_http.c */
/* Fill a JSON error reply {"error", "status", "param"?}; returns 0. */
int serve_error(serve_reply *r, int status, const char *param, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A reply from the context's last error: status from the fr_status
 * (INVALID/PARSE 400, NOMEM 503, others 500), param guessed from the
 * message's first word when it names a parameter. */
int serve_error_ctx(serve_reply *r, fr_context *ctx, fr_status s);
/* A JSON body (takes the text). */
void serve_json(serve_reply *r, int status, char *text);
/* The query arguments in order: fn(key, value) until it returns nonzero. */
int serve_query_each(const serve_request *q, int (*fn)(void *user, const char *key, const char *value), void *user);
const char *serve_query(const serve_request *q, const char *key);
/* 1 once the client has closed its connection. */
int serve_client_gone(const serve_request *q);
int serve_http_start(serve_state *st, const char *bind, int port, int *bound_port, char *err, size_t errn);
void serve_http_stop(void);

/* ---- serve_api.c */
void serve_api_info(serve_state *st, serve_reply *r);
void serve_api_list(serve_state *st, const char *what, serve_reply *r);
void serve_api_params(const char *family, serve_reply *r);
void serve_api_stats(serve_state *st, serve_reply *r);

/* ---- serve_scene.c */
/* An escape-time scene from query arguments (tile: no size, no rotation,
 * no histogram colouring); *p is allocated. 0, or an error reply made. */
int serve_escape_from_query(serve_state *st, fr_context *ctx, const serve_request *q, int tile, fr_escape_params **p,
                            serve_reply *r);
/* Limits and validation of a scene. 0, or an error reply made. */
int serve_check_escape(serve_state *st, fr_context *ctx, const fr_escape_params *p, serve_reply *r);
int serve_check_buddha(serve_state *st, fr_context *ctx, fr_buddha_params *p, serve_reply *r);
/* Memory a render will need, for the budget. */
uint64_t serve_escape_bytes(const fr_escape_params *p);
/* Take bytes from the memory budget (1) or refuse (0). */
int serve_mem_take(serve_state *st, uint64_t bytes);
void serve_mem_give(serve_state *st, uint64_t bytes);

/* ---- serve_tiles.c */
int serve_tiles_start(serve_state *st);
void serve_tiles_stop(serve_state *st);
void serve_tile(serve_state *st, const serve_request *q, long z, const char *x, const char *y, serve_reply *r);
/* /api/view.png (query) and POST /api/render (scene JSON). */
void serve_view(serve_state *st, const serve_request *q, serve_reply *r);
void serve_render(serve_state *st, const serve_request *q, serve_reply *r);
/* The centre and width of tile (z, x, y) of a map anchored at center
 * ("RE,IM") with level-0 side width (decimal texts): malloc()ed texts;
 * 0, or -1 with the reason in err. */
int serve_tile_view(const char *center, const char *width, long z, const char *x, const char *y, char **center_out,
                    char **width_out, char *err, size_t errn);

/* ---- serve_cache.c */
serve_cache *serve_cache_create(uint64_t memory_bytes, const char *dir, char *err, size_t errn);
void serve_cache_destroy(serve_cache *c);
/* The PNG cached for this key (malloc()ed copy): 1 memory, 2 disk, 0 none. */
int serve_cache_get(serve_cache *c, const char *key, unsigned char **png, size_t *len);
void serve_cache_put(serve_cache *c, const char *key, const unsigned char *png, size_t len);
void serve_cache_usage(serve_cache *c, uint64_t *entries, uint64_t *bytes);

/* ---- serve_jobs.c */
int serve_jobs_start(serve_state *st);
void serve_jobs_stop(serve_state *st);
void serve_jobs_create(serve_state *st, const serve_request *q, serve_reply *r);
/* GET /api/jobs/ID[/events|/result], DELETE /api/jobs/ID. */
void serve_jobs_route(serve_state *st, const serve_request *q, const char *id, const char *what, serve_reply *r);
void serve_jobs_counts(serve_state *st, uint64_t *running, uint64_t *queued);

/* ---- serve_static.c */
serve_static *serve_static_load(const char *dir, char *err, size_t errn);
void serve_static_free(serve_static *s);
/* The file for a URL path (0), or -1. The bytes belong to s. */
int serve_static_find(const serve_static *s, const char *url, const unsigned char **data, size_t *len, const char **type);

#endif
