/* FR_HD marks code compiled for both the host (C) and the GPU (CUDA): the
 * canonical step, sample mapping, per-sample values and shading are written
 * once and shared, so every backend computes the same thing. Static in
 * CUDA too: translation units may build them differently (the variation
 * dispatch of flame_chaos_classic.cu). */
#ifndef FR_CORE_HD_H
#define FR_CORE_HD_H

#ifdef __CUDACC__
#define FR_HD static __host__ __device__ __forceinline__
#else
#define FR_HD static inline
#endif

#endif
