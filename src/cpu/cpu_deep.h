/* The CPU's deep-zoom span loops: the shared per-pixel loop (cpu_deep_body.h),
 * portable and -mfma; the AVX2 lanes (cpu_deep_avx2.c), Mandelbrot in double,
 * the -mfma loop for the rest. */
#ifndef FR_CPU_CPU_DEEP_H
#define FR_CPU_CPU_DEEP_H

#include "deep/deep_job.h"

/* Samples sx0 .. sx1 - 1 of row sy. */
typedef void (*fr_cpu_deep_span_fn)(const fr_deep_job *j, fr_escape_job *ej, int sy, int sx0, int sx1,
                                    uint64_t *steps, uint64_t *skipped);
void fr_cpu_deep_span(const fr_deep_job *j, fr_escape_job *ej, int sy, int sx0, int sx1, uint64_t *steps,
                      uint64_t *skipped);
void fr_cpu_deep_span_fma(const fr_deep_job *j, fr_escape_job *ej, int sy, int sx0, int sx1, uint64_t *steps,
                          uint64_t *skipped);

void fr_cpu_deep_span_avx2(const fr_deep_job *j, fr_escape_job *ej, int sy, int sx0, int sx1, uint64_t *steps,
                           uint64_t *skipped);

#endif
