/* Host-side helpers shared by the CUDA backend's C files. */
#ifndef FR_CUDA_HOST_H
#define FR_CUDA_HOST_H

#include <cuda_runtime_api.h>

#include "buddha/buddha.h"
#include "flame/flame_device.h"

/* A CUDA error as a status with a message (out of memory, no code for the
 * device, or a device error). */
fr_status fr_cuda_fail(fr_context *ctx, cudaError_t e, const char *what);

/* Orbit density on the GPU (cuda_buddha.c). */
fr_status fr_cuda_buddha_begin(fr_context *ctx, const fr_buddha_job *job, void **state);
fr_status fr_cuda_buddha_run(void *state, uint64_t first, uint64_t count, fr_buddha_counters *c);
fr_status fr_cuda_buddha_end(void *state, uint64_t *hist);
fr_status fr_cuda_buddha_bench(void *state, uint64_t count, double *seconds, fr_buddha_counters *c);

/* Flames on the GPU (cuda_flame.c): the whole render, the memory it needs
 * and may use, and the chaos game of pass 0 timed `runs` times
 * (seconds[r], CUDA events). */
fr_status fr_cuda_flame_render(fr_context *ctx, const fr_flame_device_job *dj, uint16_t *image, fr_flame_stats *st);
fr_status fr_cuda_flame_memory(fr_context *ctx, const fr_flame_device_job *dj, double *need, double *budget);
fr_status fr_cuda_flame_bench(fr_context *ctx, const fr_flame_device_job *dj, int runs, int plot, double *seconds,
                              fr_flame_stats *st);

#endif
