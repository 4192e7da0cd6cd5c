/*
 * flame_fast_math.cuh - the transcendental functions of the variation
 * formulas in single precision on the GPU.
 *
 * The chaos game runs in double precision as on the CPU, but a double sin,
 * atan2 or pow is a long chain of dependent FP64 instructions, and the
 * chaos kernel is bound by exactly those chains (docs/PERFORMANCE.md). The
 * points of a flame are samples of the attractor's measure, not one exact
 * orbit: an error of 1e-7 relative in a sine moves a point by far less than
 * a pixel and leaves the image statistically the same (test_gpu_flame
 * compares every variation and every corpus genome with the CPU render at
 * the CPU's own seed-to-seed noise). Sine and cosine reduce their
 * argument in double, then use the hardware's single-precision units;
 * exp, log and pow are the hardware's too (relative error about 1e-6);
 * atan2, sinh and cosh are CUDA's accurate single-precision functions.
 *
 * Included by flame_kernels.cu around the variation headers only: the
 * macros apply to the variation formulas and the xform body, not to the
 * density estimation or the tone map.
 */
#ifndef FR_CUDA_FLAME_FAST_MATH_CUH
#define FR_CUDA_FLAME_FAST_MATH_CUH

#include <math.h>

/* x reduced to [-pi, pi] in double (exact enough for |x| < 2^40), so the
 * single-precision hardware sine and cosine (absolute error 2^-21.4 on
 * [-pi, pi]) serve any argument without a slow path. */
__host__ __device__ __forceinline__ float fr_fast_reduce(double x)
{
    const double k = rint(x * 0.15915494309189535);
    return (float)fma(-k, 2.4492935982947064e-16, fma(-k, 6.283185307179586, x));
}

/* The host compilation of the FR_HD code (never called from the host in
 * this file) gets the plain functions. */
#ifndef __CUDA_ARCH__
#define __sinf sinf
#define __cosf cosf
#define __sincosf sincosf
#define __expf expf
#define __logf logf
#define __powf powf
#endif

__host__ __device__ __forceinline__ double fr_fast_sin(double x) { return (double)__sinf(fr_fast_reduce(x)); }
__host__ __device__ __forceinline__ double fr_fast_cos(double x) { return (double)__cosf(fr_fast_reduce(x)); }
__host__ __device__ __forceinline__ double fr_fast_tan(double x)
{
    float s, c;
    __sincosf(fr_fast_reduce(x), &s, &c);
    return (double)s / (double)c;
}
__host__ __device__ __forceinline__ double fr_fast_exp(double x) { return (double)__expf((float)x); }
__host__ __device__ __forceinline__ double fr_fast_log(double x) { return (double)__logf((float)x); }
__host__ __device__ __forceinline__ double fr_fast_sinh(double x) { return (double)sinhf((float)x); }
__host__ __device__ __forceinline__ double fr_fast_cosh(double x) { return (double)coshf((float)x); }
__host__ __device__ __forceinline__ double fr_fast_atan2(double y, double x)
{
    return (double)atan2f((float)y, (float)x);
}
__host__ __device__ __forceinline__ double fr_fast_pow(double x, double y)
{
    return (double)__powf((float)x, (float)y);
}

#ifndef __CUDA_ARCH__
#undef __sinf
#undef __cosf
#undef __sincosf
#undef __expf
#undef __logf
#undef __powf
#endif

#endif

/* Outside the include guard: flame_kernels.cu defines FR_FLAME_FAST_MATH_ON
 * to switch the names over, and undefines it to switch them back. */
#ifdef FR_FLAME_FAST_MATH_ON
#define sin(x) fr_fast_sin(x)
#define cos(x) fr_fast_cos(x)
#define tan(x) fr_fast_tan(x)
#define exp(x) fr_fast_exp(x)
#define log(x) fr_fast_log(x)
#define sinh(x) fr_fast_sinh(x)
#define cosh(x) fr_fast_cosh(x)
#define atan2(y, x) fr_fast_atan2(y, x)
#define pow(x, y) fr_fast_pow(x, y)
#else
#undef sin
#undef cos
#undef tan
#undef exp
#undef log
#undef sinh
#undef cosh
#undef atan2
#undef pow
#endif
