/* The CPU backend's orbit-density entries (src/cpu/buddha_cpu.c). */
#ifndef FR_BUDDHA_BUDDHA_CPU_H
#define FR_BUDDHA_BUDDHA_CPU_H

#include "buddha/buddha.h"

fr_status fr_cpu_buddha_begin(fr_context *ctx, const fr_buddha_job *job, void **state);
fr_status fr_cpu_buddha_run(void *state, uint64_t first, uint64_t count, fr_buddha_counters *c);
fr_status fr_cpu_buddha_end(void *state, uint64_t *hist);

#endif
