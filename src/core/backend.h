/* Compute backends behind a small versioned interface, registered by name
 * ("cpu", "cuda"). A backend is a device list plus one contract per family
 * it supports; the contracts are declared in the families' folders
 * (escape/escape_ops.h, buddha/buddha_ops.h, flame/flame_ops.h), so this
 * layer knows none of them. A NULL contract means the family runs on the
 * CPU backend, which fills every family. */
#ifndef FR_CORE_BACKEND_H
#define FR_CORE_BACKEND_H

#include "fractalis.h"

#define FR_BACKEND_API_VERSION 7

struct fr_escape_ops;
struct fr_buddha_ops;
struct fr_flame_ops;
struct fr_deep_ops;

typedef struct fr_backend_iface {
    int api_version;       /* FR_BACKEND_API_VERSION */
    const char *name;      /* "cpu", "cuda" */
    /* Number of devices usable now (CPU: 1), with a reason when 0 (none
     * present) or -1 (the device runtime fails). */
    int (*device_count)(char *why, size_t why_len);
    /* Optional: describe device `index` (NULL: not a device list). */
    fr_status (*device_info)(fr_context *ctx, int index, fr_device_info *out);
    const struct fr_escape_ops *escape; /* escape time */
    const struct fr_buddha_ops *buddha; /* orbit density */
    const struct fr_flame_ops *flame;   /* fractal flames */
    const struct fr_deep_ops *deep;     /* deep zoom: escape time by perturbation */
    /* Optional: make the calling thread use the context's device (a
     * worker thread of a render spread over devices, src/multi). */
    fr_status (*bind)(fr_context *ctx);
} fr_backend_iface;

extern const fr_backend_iface fr_cpu_backend;
/* A render spread over the context's list of devices (src/multi): each
 * family's work split between one worker per device, the same result. */
extern const fr_backend_iface fr_multi_backend;
#ifdef FR_HAVE_CUDA
extern const fr_backend_iface fr_cuda_backend;
#endif

/* A backend by name ("cpu", "cuda"), or NULL when not built. */
const fr_backend_iface *fr_backend_find(const char *name);

/* The backend selected in the context (fr_multi_backend for a list). */
const fr_backend_iface *fr_backend_current(const fr_context *ctx);
/* The backend of one device of a list: a CUDA index, or -1 for the CPU. */
const fr_backend_iface *fr_backend_of_device(int device);

/* A family's contract on the context's backend, the CPU's when that backend
 * lacks it: FR_BACKEND_OPS(ctx, flame) is a const struct fr_flame_ops *. */
#define FR_BACKEND_OPS(ctx, family)                                                                              \
    (fr_backend_current(ctx)->family ? fr_backend_current(ctx)->family : fr_cpu_backend.family)

#endif
