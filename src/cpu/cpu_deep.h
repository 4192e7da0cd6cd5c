/* The CPU's deep-zoom row loops (cpu_deep_body.h), portable and -mfma. */
#ifndef FR_CPU_CPU_DEEP_H
#define FR_CPU_CPU_DEEP_H

#include "deep/deep_job.h"

void fr_cpu_deep_row(const fr_deep_job *j, fr_escape_job *ej, int sy, uint64_t *steps, uint64_t *skipped);
void fr_cpu_deep_row_fma(const fr_deep_job *j, fr_escape_job *ej, int sy, uint64_t *steps, uint64_t *skipped);

#endif
