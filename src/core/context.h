/* Internal view of the context: error recording and run options shared by
 * every module. Nothing here is part of the public API. */
#ifndef FR_CORE_CONTEXT_H
#define FR_CORE_CONTEXT_H

#include "fractalis.h"

#define FR_ERROR_MAX 512
/* Devices one render may spread over (fr_context_set_device's lists). */
#define FR_MAX_DEVICES 16

struct fr_context {
    char error[FR_ERROR_MAX];
    int threads;             /* 0 = OpenMP default */
    fr_progress_fn progress;
    void *progress_user;
    const char *progress_stage; /* what the progress reports now (fr_progress_stage), or NULL */
    fr_cpu_kernel cpu_kernel;
    char device[96];         /* resolved device name(s), e.g. "cpu", "cuda:0", "cuda:0,1" */
    char device_note[160];   /* why "auto" fell back, or "" */
    char flame_kernel[160];  /* the last GPU flame render's chaos-game kernel (fr_context_flame_kernel), or "" */
    int cuda_index;          /* -1 = CPU; with several devices, the first one's */
    int ndevices;            /* 1, or how many devices the render spreads over (src/multi) */
    int devices[FR_MAX_DEVICES]; /* each a CUDA index or -1 for the CPU (a device may repeat) */
    int share_index, share_count; /* this process's share of every render (fr_context_set_share), count 0/1: alone */
    fr_combine_fn combine;
    void *combine_user;
    char shares[1024];       /* the last render's work per device ("cuda:0 50 %, cuda:1 50 %"), or "" */
    uint64_t device_memory;  /* GPU memory budget in bytes, 0 = automatic */
    uint64_t host_memory;    /* CPU flame memory budget in bytes, 0 = automatic */
    /* What a family keeps between renders (deep zoom: the last explicit
     * reference orbit, src/deep/deep_render.c), freed by its own function
     * (fr_context_clear_cache, fr_context_destroy). */
    void *cache;
    void (*cache_free)(void *cache);
    /* What a backend keeps between renders on this context (the CUDA
     * deep-zoom path's buffers, src/cuda/cuda_deep.c), freed by its own
     * function (fr_context_clear_backend_keep, fr_context_destroy). A
     * context copied for a worker (src/multi) borrows the one its parent
     * holds for that worker's device and gives it back after the render. */
    void *backend_keep;
    void (*backend_keep_free)(void *keep);
    /* The prepared-xform pool of the last flame frame (room for
     * flame_pool_n), the next frame's to fill (fr_flame_jobs_release);
     * freed by fr_context_destroy. A context copied for a worker has none. */
    void *flame_pool;
    size_t flame_pool_n;
};

/* Free the backend's keep (nothing when none). */
void fr_context_clear_backend_keep(fr_context *ctx);

/* Record a message and return `s`, so that failing paths read
 * `return fr_fail(ctx, FR_ERR_INVALID, "width must be > 0");`. A NULL ctx
 * is allowed (the message is dropped). */
fr_status fr_fail(fr_context *ctx, fr_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A shared render (fr_context_set_share) with more than one process. */
static inline int fr_shared(const fr_context *ctx) { return ctx && ctx->share_count > 1; }

/* Combine a buffer across the processes of a shared render (a no-op
 * alone); FR_ERR_DEVICE naming `what` when the combination fails. */
fr_status fr_share_combine(fr_context *ctx, void *buf, size_t count, fr_combine_op op, const char *what);

/* Threads for an OpenMP region: the context's setting, else OpenMP's. */
int fr_threads(const fr_context *ctx);

/* Bytes of physical memory (0 if unknown). */
double fr_physical_memory(void);

/* Seconds on a monotonic clock. */
double fr_now(void);

#endif
