/* The CPU backend's escape-time kernels beside the portable scalar
 * reference (escape_job.h): each fills samples [first, first + count) of
 * the job exactly as the reference does and returns the iteration steps
 * performed. */
#ifndef FR_CPU_CPU_ESCAPE_H
#define FR_CPU_CPU_ESCAPE_H

#include "escape/escape_job.h"

/* The scalar reference compiled with FMA instructions. */
uint64_t fr_escape_scalar_fma_range(const fr_escape_job *job, int64_t first, int64_t count);
/* AVX2 + FMA kernels; only call when the processor has both. */
uint64_t fr_escape_avx2_f64_range(const fr_escape_job *job, int64_t first, int64_t count);
uint64_t fr_escape_avx2_f32_range(const fr_escape_job *job, int64_t first, int64_t count);

#endif
