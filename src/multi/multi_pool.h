/* Workers for a render spread over a list of devices: one worker a
 * device, each with a context of its own that names that device alone
 * (so every backend runs unchanged), a thread each while they work, the
 * first failure's message (with the device's name) on the caller's
 * context, their progress summed into the caller's bar and its cancel
 * seen by all. The family contracts of the multi backend (multi_*.c) are
 * built on three ways of sharing work: each (the same call on every
 * worker), pull (chunks of a range handed out as workers free up) and
 * split (a range cut by each worker's measured rate). */
#ifndef FR_MULTI_MULTI_POOL_H
#define FR_MULTI_MULTI_POOL_H

#include <pthread.h>
#include <stdatomic.h>

#include "core/backend.h"
#include "core/context.h"

typedef struct fr_multi_pool fr_multi_pool;

typedef struct fr_multi_worker {
    fr_multi_pool *pool;
    int index;
    fr_context ctx;                  /* names this worker's device alone */
    const fr_backend_iface *backend; /* its backend */
    uint64_t units;                  /* work done (samples, rows), for shares and rates */
    double seconds;                  /* time spent on it */
    double setup;                    /* time spent preparing (fr_multi_each: a render's begin) */
    double finish;                   /* time spent finishing (fr_multi_finish: a flame's density estimation) */
    /* progress of the chunk in hand */
    uint64_t chunk;
    double chunk_done;
} fr_multi_worker;

struct fr_multi_pool {
    fr_context *parent;
    int n;
    fr_multi_worker w[FR_MAX_DEVICES];
    pthread_mutex_t lock;
    atomic_int stop;          /* a failure or a cancel: take no more work */
    fr_status first_error;
    /* a shared render (fr_context_set_share): pull hands out only this
     * process's cells of `grid` units (cell c is process c mod count's) */
    uint64_t grid;
    /* progress: units finished of `total` */
    uint64_t total, finished;
    double last_report;
};

/* A worker for each device of ctx's list. */
fr_status fr_multi_pool_open(fr_context *ctx, fr_multi_pool *p);
void fr_multi_pool_close(fr_multi_pool *p);

/* fn(worker) on every worker at once; the first failure is returned (its
 * message on the parent context). */
typedef fr_status (*fr_multi_each_fn)(fr_multi_worker *w, void *arg);
fr_status fr_multi_each(fr_multi_pool *p, fr_multi_each_fn fn, void *arg);

/* fr_multi_each for work after the ranges (its time the workers' finish,
 * not their set-up). */
fr_status fr_multi_finish(fr_multi_pool *p, fr_multi_each_fn fn, void *arg);

/* [first, first + count) in chunks: worker k takes chunk[k] units at a time
 * from a shared cursor until none is left, the parent's progress rising
 * with the units done (and with a worker's own reports inside a chunk).
 * With p->grid set (a shared render), the chunks are the cells of `grid`
 * units from `first` that are this process's. */
typedef fr_status (*fr_multi_range_fn)(fr_multi_worker *w, uint64_t first, uint64_t count, void *arg);
fr_status fr_multi_pull(fr_multi_pool *p, uint64_t first, uint64_t count, const uint64_t *chunk,
                        fr_multi_range_fn fn, void *arg);

/* [first, first + count) cut into one piece a worker, in proportion to
 * each worker's measured rate so far (equal pieces before any); with
 * `progress`, the parent's progress rises with the pieces (else the caller
 * reports its own). */
fr_status fr_multi_split(fr_multi_pool *p, uint64_t first, uint64_t count, int progress, fr_multi_range_fn fn,
                         void *arg);

/* A failure of worker k outside the threads (an end), recorded as theirs are. */
fr_status fr_multi_fail(fr_multi_pool *p, int k, fr_status s);

/* Each device's share of the work so far and its seconds of work and of
 * set-up, as "cuda:0 51 % (0.120 s + 0.031 s set-up), cuda:1 49 % (...)". */
void fr_multi_shares(const fr_multi_pool *p, char *out, size_t len);
/* The shares into the parent context (fr_context_device_shares). */
void fr_multi_note_shares(fr_multi_pool *p);

#endif
