/* Compute backends behind a small versioned interface, registered by name.
 * Optional entries may be NULL: the documented fallback applies. */
#ifndef FR_CORE_BACKEND_H
#define FR_CORE_BACKEND_H

#include "fractalis.h"
#include "escape/escape_job.h"

#define FR_BACKEND_API_VERSION 1

typedef struct fr_backend_iface {
    int api_version;       /* FR_BACKEND_API_VERSION */
    const char *name;      /* "cpu", "cuda" */
    /* Number of devices usable now (CPU: 1), with a reason when 0. */
    int (*device_count)(char *why, size_t why_len);
    /* Fill job->counts (and smooth/dist when set) for every sample; add the
     * iteration steps performed to *iterations. */
    fr_status (*escape_compute)(fr_context *ctx, fr_escape_job *job, uint64_t *iterations);
} fr_backend_iface;

extern const fr_backend_iface fr_cpu_backend;

/* The backend selected in the context. */
const fr_backend_iface *fr_backend_current(const fr_context *ctx);

#endif
