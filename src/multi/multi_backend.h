/* The multi backend's family contracts (multi_escape.c, multi_deep.c,
 * multi_buddha.c, multi_flame.c), gathered by multi_backend.c. */
#ifndef FR_MULTI_MULTI_BACKEND_H
#define FR_MULTI_MULTI_BACKEND_H

#include "core/backend.h"

extern const struct fr_escape_ops fr_multi_escape_ops;
extern const struct fr_buddha_ops fr_multi_buddha_ops;
extern const struct fr_flame_ops fr_multi_flame_ops;
extern const struct fr_deep_ops fr_multi_deep_ops;

/* A render shared between processes: every process's samples [first,
 * first + count) of the job's arrays (counts, and smooth values, distances
 * and directional estimates where the job has them) into every process's
 * (each process's are zero outside its own). multi_escape.c. */
struct fr_escape_job;
fr_status fr_multi_share_samples(fr_context *ctx, struct fr_escape_job *job, uint64_t first, uint64_t count);

#endif
