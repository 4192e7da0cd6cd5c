/* Backend registry and device selection. */
#include "core/backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"

static const fr_backend_iface *const backends[] = {
    &fr_cpu_backend,
#ifdef FR_HAVE_CUDA
    &fr_cuda_backend,
#endif
};

const fr_backend_iface *fr_backend_find(const char *name)
{
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if (!strcmp(backends[i]->name, name) && backends[i]->api_version == FR_BACKEND_API_VERSION)
            return backends[i];
    return NULL;
}

const fr_backend_iface *fr_backend_current(const fr_context *ctx)
{
    const fr_backend_iface *b = fr_backend_find(ctx->cuda_index >= 0 ? "cuda" : "cpu");
    return b ? b : &fr_cpu_backend;
}

fr_status fr_context_set_device(fr_context *ctx, const char *spec)
{
    char why[128] = "";
    ctx->device_note[0] = 0;
    if (!strcmp(spec, "cpu")) {
        ctx->cuda_index = -1;
        strcpy(ctx->device, "cpu");
        return FR_OK;
    }
    const fr_backend_iface *cuda = fr_backend_find("cuda");
    if (!strcmp(spec, "auto")) {
        int n = cuda ? cuda->device_count(why, sizeof why) : 0;
        if (n > 0) {
            ctx->cuda_index = 0;
            strcpy(ctx->device, "cuda:0");
            return FR_OK;
        }
        ctx->cuda_index = -1;
        strcpy(ctx->device, "cpu");
        /* A build without CUDA has nothing to fall back from: no note. */
        if (cuda)
            snprintf(ctx->device_note, sizeof ctx->device_note, "no usable GPU (%.100s); rendering on the CPU",
                     why);
        return FR_OK;
    }
    if (!strncmp(spec, "cuda", 4) && (spec[4] == 0 || spec[4] == ':')) {
        char *end = NULL;
        long idx = spec[4] == ':' ? strtol(spec + 5, &end, 10) : 0;
        if (spec[4] == ':' && (end == spec + 5 || *end || idx < 0 || idx > 255))
            return fr_fail(ctx, FR_ERR_INVALID, "device '%s': expected cuda:N with N a device number", spec);
        if (!cuda)
            return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                           "device %s: this build of fractalis has no CUDA backend (build with nvcc present)",
                           spec);
        int n = cuda->device_count(why, sizeof why);
        if (n < 0) return fr_fail(ctx, FR_ERR_DEVICE, "device %s: %s", spec, why);
        if (idx >= n)
            return fr_fail(ctx, FR_ERR_UNSUPPORTED, "device %s: no such GPU (%d found%s%s)", spec, n,
                           n ? "" : ": ", n ? "" : why);
        ctx->cuda_index = (int)idx;
        snprintf(ctx->device, sizeof ctx->device, "cuda:%ld", idx);
        return FR_OK;
    }
    return fr_fail(ctx, FR_ERR_INVALID, "device '%s' is not one of auto, cpu, cuda, cuda:N", spec);
}

const char *fr_context_device(const fr_context *ctx) { return ctx->device; }
const char *fr_context_device_note(const fr_context *ctx) { return ctx->device_note; }

int fr_cuda_built(void) { return fr_backend_find("cuda") != NULL; }

fr_status fr_cuda_devices(fr_context *ctx, int *count)
{
    char why[128] = "";
    *count = 0;
    const fr_backend_iface *cuda = fr_backend_find("cuda");
    if (!cuda) return fr_fail(ctx, FR_ERR_UNSUPPORTED, "this build of fractalis has no CUDA backend");
    int n = cuda->device_count(why, sizeof why);
    if (n < 0) return fr_fail(ctx, FR_ERR_DEVICE, "%s", why);
    if (n == 0) fr_fail(ctx, FR_OK, "%s", why);
    *count = n;
    return FR_OK;
}

int fr_cuda_device_count(fr_context *ctx)
{
    int n;
    fr_status s = fr_cuda_devices(ctx, &n);
    if (!s && !n) fr_fail(ctx, FR_ERR_UNSUPPORTED, "%s", fr_last_error(ctx));
    return n;
}

fr_status fr_cuda_device_info(fr_context *ctx, int index, fr_device_info *out)
{
    const fr_backend_iface *cuda = fr_backend_find("cuda");
    if (!ctx || !out) return fr_fail(ctx, FR_ERR_INVALID, "fr_cuda_device_info: NULL argument");
    if (!cuda || !cuda->device_info)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "this build of fractalis has no CUDA backend");
    char why[128] = "";
    int n = cuda->device_count(why, sizeof why);
    if (n < 0) return fr_fail(ctx, FR_ERR_DEVICE, "%s", why);
    if (index < 0 || index >= n) return fr_fail(ctx, FR_ERR_INVALID, "no CUDA device %d (%d found)", index, n);
    return cuda->device_info(ctx, index, out);
}

fr_status fr_context_set_device_memory(fr_context *ctx, uint64_t bytes)
{
    if (bytes != 0 && bytes < (16u << 20))
        return fr_fail(ctx, FR_ERR_INVALID, "device-memory: the budget must be 0 (automatic) or at least 16 MiB");
    ctx->device_memory = bytes;
    return FR_OK;
}

fr_status fr_context_set_host_memory(fr_context *ctx, uint64_t bytes)
{
    if (bytes != 0 && bytes < (16u << 20))
        return fr_fail(ctx, FR_ERR_INVALID, "host-memory: the budget must be 0 (automatic) or at least 16 MiB");
    ctx->host_memory = bytes;
    return FR_OK;
}
