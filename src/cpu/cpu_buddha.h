/* The CPU backend's orbit-density kernels: the chunk scratch and the AVX2
 * lane kernels (src/cpu/buddha_avx2.c) that cpu_buddha.c runs over the
 * threads. */
#ifndef FR_CPU_CPU_BUDDHA_H
#define FR_CPU_CPU_BUDDHA_H

#include "buddha/buddha.h"

/* Working space of one thread for a chunk of up to FR_BUDDHA_CPU_CHUNK
 * samples. */
#define FR_BUDDHA_CPU_CHUNK 4096
typedef struct fr_buddha_scratch {
    union {
        double d[FR_BUDDHA_CPU_CHUNK];
        float f[FR_BUDDHA_CPU_CHUNK];
    } cx, cy; /* c of the samples kept */
    uint32_t w[FR_BUDDHA_CPU_CHUNK];
    fr_orbit o[FR_BUDDHA_CPU_CHUNK];
    int list[FR_BUDDHA_CPU_CHUNK];
} fr_buddha_scratch;

/* Samples [i0, i1) (at most a chunk) in AVX2 lanes: histogram and counters
 * exactly as the scalar kernel. */
void fr_buddha_avx2_f32_range(const fr_buddha_job *j, uint64_t i0, uint64_t i1, int mode, int atomic,
                              uint64_t *hist, size_t plane, fr_buddha_scratch *s, fr_buddha_counters *c);
void fr_buddha_avx2_f64_range(const fr_buddha_job *j, uint64_t i0, uint64_t i1, int mode, int atomic,
                              uint64_t *hist, size_t plane, fr_buddha_scratch *s, fr_buddha_counters *c);

#endif
