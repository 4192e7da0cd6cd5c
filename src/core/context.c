#include <unistd.h>
#include "core/context.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <omp.h>

const char *fr_version(void) { return FR_VERSION_STRING; }

void fr_free(void *p) { free(p); }

const char *fr_status_name(fr_status s)
{
    switch (s) {
    case FR_OK: return "ok";
    case FR_ERR_INVALID: return "invalid argument";
    case FR_ERR_NOMEM: return "out of memory";
    case FR_ERR_IO: return "input/output error";
    case FR_ERR_PARSE: return "parse error";
    case FR_ERR_UNSUPPORTED: return "unsupported";
    case FR_ERR_DEVICE: return "device error";
    case FR_ERR_CANCELLED: return "cancelled";
    }
    return "unknown status";
}

fr_status fr_fail(fr_context *ctx, fr_status s, const char *fmt, ...)
{
    if (ctx) {
        va_list ap;
        /* through a copy: a message may quote the last one (fr_last_error) */
        char msg[sizeof ctx->error];
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        memcpy(ctx->error, msg, sizeof msg);
    }
    return s;
}

double fr_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

fr_context *fr_context_create(void)
{
    fr_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    strcpy(ctx->device, "cpu");
    ctx->cuda_index = -1;
    ctx->ndevices = 1;
    ctx->devices[0] = -1;
    return ctx;
}

void fr_context_clear_cache(fr_context *ctx)
{
    if (!ctx || !ctx->cache) return;
    ctx->cache_free(ctx->cache);
    ctx->cache = NULL, ctx->cache_free = NULL;
}

void fr_context_clear_backend_keep(fr_context *ctx)
{
    if (!ctx || !ctx->backend_keep) return;
    ctx->backend_keep_free(ctx->backend_keep);
    ctx->backend_keep = NULL, ctx->backend_keep_free = NULL;
}

void fr_context_destroy(fr_context *ctx)
{
    fr_context_clear_cache(ctx);
    fr_context_clear_backend_keep(ctx);
    free(ctx->flame_pool);
    free(ctx);
}

const char *fr_last_error(const fr_context *ctx) { return ctx ? ctx->error : "no context"; }

fr_status fr_context_set_threads(fr_context *ctx, int threads)
{
    if (threads < 0 || threads > 4096)
        return fr_fail(ctx, FR_ERR_INVALID, "threads must be between 0 (automatic) and 4096, got %d",
                       threads);
    ctx->threads = threads;
    return FR_OK;
}

int fr_context_threads(const fr_context *ctx) { return ctx->threads; }

void fr_context_set_progress(fr_context *ctx, fr_progress_fn fn, void *user)
{
    ctx->progress = fn;
    ctx->progress_user = user;
}

const char *fr_progress_stage(const fr_context *ctx) { return ctx ? ctx->progress_stage : NULL; }

int fr_threads(const fr_context *ctx)
{
    return ctx && ctx->threads > 0 ? ctx->threads : omp_get_max_threads();
}

double fr_physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (double)pages * (double)size : 0;
}

fr_status fr_context_set_share(fr_context *ctx, int index, int count, fr_combine_fn combine, void *user)
{
    if (!ctx) return FR_ERR_INVALID;
    if (count < 1 || count > 1 << 20 || index < 0 || index >= count)
        return fr_fail(ctx, FR_ERR_INVALID, "share: index %d of %d processes is out of range", index, count);
    if (count > 1 && !combine) return fr_fail(ctx, FR_ERR_INVALID, "share: %d processes need a combine function", count);
    ctx->share_index = index, ctx->share_count = count;
    ctx->combine = combine, ctx->combine_user = user;
    return FR_OK;
}

fr_status fr_share_combine(fr_context *ctx, void *buf, size_t count, fr_combine_op op, const char *what)
{
    if (!fr_shared(ctx) || !count) return FR_OK;
    if (ctx->combine(buf, count, op, ctx->combine_user))
        return fr_fail(ctx, FR_ERR_DEVICE, "combining the %s of %d processes failed", what, ctx->share_count);
    return FR_OK;
}
