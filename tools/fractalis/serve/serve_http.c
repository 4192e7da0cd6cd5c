#define _GNU_SOURCE
/* Requests in, replies out: the libmicrohttpd daemon (a thread per
 * connection, so a handler may wait for its tile or stream a job's
 * events), the request body with its size limit, the routes, JSON errors,
 * and noticing a client that went away. */
#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <microhttpd.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "serve.h"

static struct MHD_Daemon *daemon_;

/* ------------------------------------------------------------------ replies */

void serve_json(serve_reply *r, int status, char *text)
{
    free(r->body);
    r->status = status;
    r->type = "application/json";
    r->body = (unsigned char *)text;
    r->len = text ? strlen(text) : 0;
}

int serve_error(serve_reply *r, int status, const char *param, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_t *o = json_pack("{s:s, s:i}", "error", msg, "status", status);
    if (o && param) json_object_set_new(o, "param", json_string(param));
    serve_json(r, status, o ? json_dumps(o, JSON_COMPACT) : NULL);
    json_decref(o);
    return 0;
}

/* The parameter a library message starts with ("iter: ...", "width '..."). */
static const char *message_param(const char *msg, char *buf, size_t n)
{
    size_t k = strcspn(msg, " :'=");
    if (k == 0 || k >= n) return NULL;
    memcpy(buf, msg, k);
    buf[k] = 0;
    if (fr_escape_param_find(buf) || fr_buddha_param_find(buf) || fr_flame_option_find(buf)) return buf;
    return NULL;
}

int serve_error_ctx(serve_reply *r, fr_context *ctx, fr_status s)
{
    int status = s == FR_ERR_INVALID || s == FR_ERR_PARSE ? 400
                 : s == FR_ERR_NOMEM                      ? 503
                 : s == FR_ERR_CANCELLED                  ? 499
                                                          : 500;
    char buf[64];
    const char *msg = fr_last_error(ctx);
    return serve_error(r, status, message_param(msg, buf, sizeof buf), "%s", msg);
}

/* ------------------------------------------------------------------ request */

typedef struct query_walk {
    int (*fn)(void *, const char *, const char *);
    void *user;
    int stopped;
} query_walk;

static enum MHD_Result query_iter(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    query_walk *w = cls;
    if (w->fn(w->user, key, value ? value : "")) {
        w->stopped = 1;
        return MHD_NO;
    }
    return MHD_YES;
}

int serve_query_each(const serve_request *q, int (*fn)(void *user, const char *key, const char *value), void *user)
{
    query_walk w = {fn, user, 0};
    MHD_get_connection_values(q->conn, MHD_GET_ARGUMENT_KIND, query_iter, &w);
    return w.stopped;
}

const char *serve_query(const serve_request *q, const char *key)
{
    return MHD_lookup_connection_value(q->conn, MHD_GET_ARGUMENT_KIND, key);
}

int serve_client_gone(const serve_request *q)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(q->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!ci) return 0;
    struct pollfd p = {.fd = ci->connect_fd, .events = POLLRDHUP};
    if (poll(&p, 1, 0) <= 0) return 0;
    return (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

/* ------------------------------------------------------------------- routes */

/* "/api/tile/Z/X/Y.png": z, and x, y as texts into buffers. -1: not a tile
 * path (404); 1: a tile path whose z is not a whole number (400, z). X and
 * Y are checked by serve_tile_view. */
static int parse_tile_path(const char *path, long *z, char *x, char *y, size_t n)
{
    const char *s1 = strchr(path, '/'), *s2 = s1 ? strchr(s1 + 1, '/') : NULL;
    size_t len = strlen(path);
    if (!s2 || strchr(s2 + 1, '/') || s1 == path || s2 == s1 + 1 || len < 4 || strcmp(path + len - 4, ".png") ||
        path + len - 4 == s2 + 1)
        return -1;
    size_t xn = (size_t)(s2 - s1 - 1), yn = (size_t)(path + len - 4 - (s2 + 1));
    /* (longer than any coordinate serve_tile_view takes: it refuses them as x or y) */
    if (xn >= n) xn = n - 1;
    if (yn >= n) yn = n - 1;
    memcpy(x, s1 + 1, xn);
    x[xn] = 0;
    memcpy(y, s2 + 1, yn);
    y[yn] = 0;
    char *end;
    errno = 0;
    if (*path < '0' || *path > '9') return 1;
    *z = strtol(path, &end, 10);
    if (errno || end != s1) return 1;
    return 0;
}

static int is_get(const serve_request *q) { return !strcmp(q->method, "GET") || !strcmp(q->method, "HEAD"); }

static void route(serve_state *st, const serve_request *q, serve_reply *r)
{
    const char *u = q->url;
    if (strncmp(u, "/api/", 5)) {
        if (!is_get(q)) return (void)serve_error(r, 405, NULL, "%s %s: only GET serves the pages", q->method, u);
        const unsigned char *data;
        size_t len;
        const char *type;
        if (!st->web || serve_static_find(st->web, u, &data, &len, &type))
            return (void)serve_error(r, 404, NULL, "%s: no such page%s", u,
                                     st->web ? "" : " (this server has no front end: see --web)");
        r->status = 200;
        r->type = type;
        r->body = malloc(len ? len : 1);
        if (!r->body) return (void)serve_error(r, 503, NULL, "out of memory");
        memcpy(r->body, data, len);
        r->len = len;
        return;
    }
    const char *a = u + 5;
    if (!strncmp(a, "jobs", 4) && (a[4] == 0 || a[4] == '/')) {
        if (a[4] == 0 || !a[5]) {
            if (strcmp(q->method, "POST")) return (void)serve_error(r, 405, NULL, "%s /api/jobs: POST a job", q->method);
            return serve_jobs_create(st, q, r);
        }
        char id[64];
        const char *p = a + 5, *slash = strchr(p, '/');
        size_t k = slash ? (size_t)(slash - p) : strlen(p);
        if (k >= sizeof id) return (void)serve_error(r, 404, NULL, "no such job");
        memcpy(id, p, k);
        id[k] = 0;
        return serve_jobs_route(st, q, id, slash ? slash + 1 : "", r);
    }
    if (!strcmp(a, "render")) {
        if (strcmp(q->method, "POST")) return (void)serve_error(r, 405, NULL, "%s /api/render: POST a scene", q->method);
        return serve_render(st, q, r);
    }
    if (!is_get(q)) return (void)serve_error(r, 405, NULL, "%s %s: use GET", q->method, u);
    if (!strncmp(a, "tile/", 5)) {
        long z;
        char x[4100], y[4100];
        int bad = parse_tile_path(a + 5, &z, x, y, sizeof x);
        if (bad < 0) return (void)serve_error(r, 404, NULL, "%s: a tile is /api/tile/Z/X/Y.png", u);
        if (bad) {
            SERVE_COUNT(&st->stats, tile_requests, 1);
            int zn = (int)strcspn(a + 5, "/");
            return (void)serve_error(r, 400, "z", "z: '%.*s' is not a level 0..%d (--max-zoom)", zn > 40 ? 40 : zn,
                                     a + 5, st->lim.max_zoom);
        }
        return serve_tile(st, q, z, x, y, r);
    }
    if (!strcmp(a, "view.png")) return serve_view(st, q, r);
    if (!strcmp(a, "info")) return serve_api_info(st, r);
    if (!strcmp(a, "stats")) return serve_api_stats(st, r);
    if (!strcmp(a, "formulas") || !strcmp(a, "colorings") || !strcmp(a, "palettes"))
        return serve_api_list(st, a, r);
    if (!strncmp(a, "params/", 7)) return serve_api_params(a + 7, r);
    serve_error(r, 404, NULL, "%s: no such API", u);
}

/* --------------------------------------------------------------- connection */

typedef struct conn_state {
    char *body;
    size_t len, cap;
    int too_big;
} conn_state;

static serve_state *state_;

static enum MHD_Result send_reply(struct MHD_Connection *c, serve_reply *r)
{
    struct MHD_Response *resp = r->response;
    if (!resp) {
        if (!r->body) serve_error(r, 503, NULL, "out of memory");
        resp = MHD_create_response_from_buffer_with_free_callback(r->len, r->body, free);
        if (!resp) {
            free(r->body);
            return MHD_NO;
        }
        r->body = NULL;
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, r->type ? r->type : "application/octet-stream");
        if (r->cache) MHD_add_response_header(resp, "X-Fractalis-Cache", r->cache);
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
                                r->immutable ? "public, max-age=31536000, immutable" : "no-store");
    }
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ret = MHD_queue_response(c, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ret;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)cls;
    (void)version;
    serve_state *st = state_;
    conn_state *cs = *con_cls;
    serve_reply r = {0};
    if (!cs) {
        cs = calloc(1, sizeof *cs);
        if (!cs) return MHD_NO;
        *con_cls = cs;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > st->lim.max_upload) {
            serve_error(&r, 413, NULL, "the request body (%s bytes) is over this server's limit (--max-upload %llu)",
                        cl, (unsigned long long)st->lim.max_upload);
            return send_reply(c, &r);
        }
        return MHD_YES;
    }
    if (*upload_size) {
        size_t n = *upload_size;
        *upload_size = 0;
        if (cs->too_big || cs->len + n > st->lim.max_upload) {
            cs->too_big = 1;
            return MHD_YES;
        }
        if (cs->len + n + 1 > cs->cap) {
            size_t cap = cs->cap ? cs->cap : 65536;
            while (cap < cs->len + n + 1) cap *= 2;
            char *b = realloc(cs->body, cap);
            if (!b) return MHD_NO;
            cs->body = b, cs->cap = cap;
        }
        memcpy(cs->body + cs->len, upload, n);
        cs->len += n;
        cs->body[cs->len] = 0;
        return MHD_YES;
    }
    if (cs->too_big) {
        serve_error(&r, 413, NULL, "the request body is over this server's limit (--max-upload %llu)",
                    (unsigned long long)st->lim.max_upload);
        return send_reply(c, &r);
    }
    serve_request q = {c, method, url, cs->body, cs->len, ""};
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci && ci->client_addr) {
        const struct sockaddr *sa = ci->client_addr;
        if (sa->sa_family == AF_INET)
            inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, q.client, sizeof q.client);
        else if (sa->sa_family == AF_INET6)
            inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, q.client, sizeof q.client);
    }
    if (st->stopping) serve_error(&r, 503, NULL, "the server is stopping");
    else route(st, &q, &r);
    return send_reply(c, &r);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls, (void)c, (void)toe;
    conn_state *cs = *con_cls;
    if (cs) free(cs->body);
    free(cs);
    *con_cls = NULL;
}

static void on_mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    fputs("fractalis serve: ", stderr);
    vfprintf(stderr, fmt, ap);
}

int serve_http_start(serve_state *st, const char *bind, int port, int *bound_port, char *err, size_t errn)
{
    state_ = st;
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICHOST},
                    *ai = NULL;
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    int g = getaddrinfo(bind, ps, &hints, &ai);
    if (g) return snprintf(err, errn, "--bind '%s': not a numeric address (%s)", bind, gai_strerror(g)), -1;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    if (ai->ai_family == AF_INET6) flags |= MHD_USE_IPv6;
    daemon_ = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, on_request, st, MHD_OPTION_EXTERNAL_LOGGER,
                               on_mhd_log, NULL, MHD_OPTION_SOCK_ADDR, ai->ai_addr, MHD_OPTION_NOTIFY_COMPLETED,
                               on_completed, NULL, MHD_OPTION_CONNECTION_LIMIT, (unsigned)1024,
                               MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)120, MHD_OPTION_END);
    if (!daemon_) {
        freeaddrinfo(ai);
        return snprintf(err, errn, "cannot listen on %s port %d (in use, or not an address of this machine?)", bind,
                        port),
               -1;
    }
    freeaddrinfo(ai);
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(daemon_, MHD_DAEMON_INFO_LISTEN_FD);
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    *bound_port = port;
    if (di && !getsockname(di->listen_fd, (struct sockaddr *)&ss, &sl))
        *bound_port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                                     : ((struct sockaddr_in *)&ss)->sin_port);
    return 0;
}

void serve_http_stop(void)
{
    if (daemon_) MHD_stop_daemon(daemon_);
    daemon_ = NULL;
}
