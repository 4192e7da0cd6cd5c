/* The CPU backend: one device, every family (cpu_escape.c, cpu_buddha.c,
 * cpu_flame.c), and the choice between the scalar and the AVX2 kernels. */
#include "cpu/cpu_backend.h"

#include "core/context.h"

int fr_cpu_has_avx2_fma(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

fr_cpu_kernel fr_cpu_kernel_best(void) { return fr_cpu_has_avx2_fma() ? FR_CPU_KERNEL_AVX2 : FR_CPU_KERNEL_SCALAR; }

fr_cpu_kernel fr_cpu_kernel_of(const fr_context *ctx)
{
    return !ctx || ctx->cpu_kernel == FR_CPU_KERNEL_AUTO ? fr_cpu_kernel_best() : ctx->cpu_kernel;
}

const char *fr_cpu_kernel_name(fr_cpu_kernel k)
{
    switch (k) {
    case FR_CPU_KERNEL_AUTO: return "auto";
    case FR_CPU_KERNEL_SCALAR: return "scalar";
    case FR_CPU_KERNEL_AVX2: return "avx2";
    }
    return "unknown";
}

fr_status fr_context_set_cpu_kernel(fr_context *ctx, fr_cpu_kernel k)
{
    if (k == FR_CPU_KERNEL_AVX2 && !fr_cpu_has_avx2_fma())
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "this processor lacks AVX2 and FMA");
    if (k != FR_CPU_KERNEL_AUTO && k != FR_CPU_KERNEL_SCALAR && k != FR_CPU_KERNEL_AVX2)
        return fr_fail(ctx, FR_ERR_INVALID, "unknown CPU kernel %d", (int)k);
    ctx->cpu_kernel = k;
    return FR_OK;
}

static int cpu_device_count(char *why, size_t why_len) { return 1; }

const fr_backend_iface fr_cpu_backend = {
    .api_version = FR_BACKEND_API_VERSION,
    .name = "cpu",
    .device_count = cpu_device_count,
    .escape = &fr_cpu_escape_ops,
    .deep = &fr_cpu_deep_ops,
    .buddha = &fr_cpu_buddha_ops,
    .flame = &fr_cpu_flame_ops,
};
