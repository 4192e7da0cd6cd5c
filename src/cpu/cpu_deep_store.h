/* Storing one deep-zoom sample's result (deep_pixel.h's fr_deep_result)
 * into the escape job's arrays: shared by the scalar span loop
 * (cpu_deep_body.h) and the AVX2 one (cpu_deep_avx2.c). */
#ifndef FR_CPU_CPU_DEEP_STORE_H
#define FR_CPU_CPU_DEEP_STORE_H

#include "deep/deep_pixel.h"

static inline void fr_cpu_deep_store(const fr_deep_job *j, fr_escape_job *ej, int64_t idx, const fr_deep_result *r,
                                     uint64_t *steps, uint64_t *skipped)
{
    ej->counts[idx] = r->n;
    if (ej->smooth) ej->smooth[idx] = fr_escape_value(ej, r->n, r->wx, r->wy);
    if (ej->dist) ej->dist[idx] = r->n >= j->max_iter ? -1.0f : (float)r->dist_px;
    if (ej->de) ej->de[2 * idx] = r->de[0], ej->de[2 * idx + 1] = r->de[1];
    *steps += r->steps, *skipped += r->skipped;
}

#endif
