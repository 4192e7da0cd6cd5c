/*
 * flame_jit.h - a chaos-game kernel compiled at run time for the variations
 * of the genome at hand (Fractorium builds one per genome too).
 *
 * The built-in kernels hold a dispatch over every variation; a flame with
 * Ember's rarer variations runs the full one, whose dispatch of some 380
 * cases costs calls, register spills and branches on every step
 * (docs/PERFORMANCE.md). Here the same source (flame_chaos_kernel.cuh and
 * the headers it includes, kept as text in the library: the generated
 * flame_jit_headers.c) is compiled by NVRTC with FR_FLAME_VAR_ON naming
 * only the genome's variations, to a cubin for the device's architecture,
 * cached on disk ($FRACTALIS_CACHE_DIR, else $XDG_CACHE_HOME/fractalis,
 * else ~/.cache/fractalis: kernels/<hash>.cubin) and in the process. libnvrtc is
 * opened at run time (dlopen), so a machine without it runs the built-in
 * kernels (classic, common or full), as does FRACTALIS_FLAME_JIT=0.
 */
#ifndef FR_CUDA_FLAME_JIT_H
#define FR_CUDA_FLAME_JIT_H

#include <stdint.h>

#include "cuda/flame_launch.h"
#include "flame/flame_ops.h"

typedef struct fr_cuda_flame_jit {
    const void *kernel; /* the kernel (a cudaKernel_t), NULL: none */
    int sms, per_sm;    /* the current device's multiprocessors and the kernel's resident blocks on each */
    char note[96];      /* "N variations, compiled in S s" or "N variations, cached" */
} fr_cuda_flame_jit;

/* Which flames get a kernel of their own (FRACTALIS_FLAME_JIT): 0 none
 * (the built-in kernels), 1 those the built-in classic and common kernels
 * cannot run, 2 (the default) every flame: measured faster than the
 * built-in kernels on every genome (docs/PERFORMANCE.md). */
int fr_cuda_flame_jit_mode(void);

/* The kernel for the variations of J's xforms and for the launches `a`
 * describes (several jobs, their cameras, the 3D projection), found or
 * built (seconds, once per variation set and device architecture; then
 * from the cache). Returns 0 with *k set; else nonzero with *why saying
 * why none (the built-in kernels run then). Thread-safe. */
int fr_cuda_flame_jit_get(const fr_flame_jobs *J, const fr_cuda_flame_args *a, fr_cuda_flame_jit *k,
                          const char **why);

/* Walkers [a->first, a->first + a->count) as fr_cuda_flame_chaos. */
cudaError_t fr_cuda_flame_jit_launch(const fr_cuda_flame_jit *k, const fr_cuda_flame_args *a, cudaStream_t s);

/* The kernel for variation set on[] (FR_FLAME_NVAR flags), Ember's
 * pre_/post_ variations or not, and the kind of launch, compiled for arch
 * (sm_90, ...) without a device: a cubin of *len bytes (the caller frees
 * it), or NULL with *why. Not thread-safe (tests). */
char *fr_cuda_flame_jit_build(const unsigned char *on, int prepost, int multi, int cams, int proj, const char *arch,
                              size_t *len, const char **why);

/* The kernel's headers, as the sources include them (flame_jit_headers.c). */
extern const char *const fr_flame_jit_header_name[];
extern const char *const fr_flame_jit_header_text[];
extern const int fr_flame_jit_nheaders;

#endif
