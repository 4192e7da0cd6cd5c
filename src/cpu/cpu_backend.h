/* The CPU backend (src/cpu/): one contract per family, each in a file of
 * its own (cpu_escape.c, cpu_buddha.c, cpu_flame.c), gathered into
 * fr_cpu_backend by cpu_backend.c. */
#ifndef FR_CPU_CPU_BACKEND_H
#define FR_CPU_CPU_BACKEND_H

#include "core/backend.h"

extern const struct fr_escape_ops fr_cpu_escape_ops;
extern const struct fr_buddha_ops fr_cpu_buddha_ops;
extern const struct fr_flame_ops fr_cpu_flame_ops;
extern const struct fr_deep_ops fr_cpu_deep_ops;

/* 1 when the processor has AVX2 and FMA (the vector kernels' requirement). */
int fr_cpu_has_avx2_fma(void);

/* The kernel the context asks for, AUTO resolved for this processor. */
fr_cpu_kernel fr_cpu_kernel_of(const fr_context *ctx);

#endif
