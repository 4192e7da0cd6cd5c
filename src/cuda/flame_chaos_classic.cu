/* The chaos-game kernel for flames whose variations are all classic
 * (fr_flame_var_classic: flam3's first 49 and super_shape): the same
 * kernel as flame_kernels.cu's, its variation dispatch built without the
 * others, which leaves it without register spills (docs/PERFORMANCE.md). */
#define FR_FLAME_VAR_ON(v) fr_flame_var_classic(v)
#define FR_FLAME_PREPOST_ON 0 /* Ember's pre_ and post_ variations: flame_kernels.cu's kernel runs those */
#define FR_FLAME_COLOR_ON 0   /* and the colour variations (none of them classic) */
#include "cuda/flame_chaos_kernel.cuh"

extern "C" cudaError_t fr_cuda_flame_chaos_classic(const fr_cuda_flame_args *a, cudaStream_t s)
{
    return chaos_launch(a, s);
}
