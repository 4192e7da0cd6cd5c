/* The chaos-game kernel for flames whose variations are all common (flam3's
 * 99 and Ember's first nine: FR_FLAME_VAR_CALLS_COMMON) and that have no
 * Ember pre_ or post_ variation: the same kernel as flame_kernels.cu's, its
 * dispatch built without the rare variations' call and the pre_/post_
 * slots, so flam3 genomes beyond the classic variations do not pay for
 * those (docs/PERFORMANCE.md). */
#define FR_FLAME_VAR_ON(v) ((v) < FR_V_FIRST_RARE)
#define FR_FLAME_PREPOST_ON 0 /* flame_kernels.cu's kernel runs those */
#define FR_FLAME_COLOR_ON 0   /* and the colour variations (rare ones) */
#include "cuda/flame_chaos_kernel.cuh"

extern "C" cudaError_t fr_cuda_flame_chaos_common(const fr_cuda_flame_args *a, cudaStream_t s)
{
    return chaos_launch(a, s);
}
