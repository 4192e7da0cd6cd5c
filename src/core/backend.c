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
    if (ctx->ndevices > 1 || fr_shared(ctx)) return &fr_multi_backend;
    const fr_backend_iface *b = fr_backend_find(ctx->cuda_index >= 0 ? "cuda" : "cpu");
    return b ? b : &fr_cpu_backend;
}

const fr_backend_iface *fr_backend_of_device(int device)
{
    const fr_backend_iface *b = device >= 0 ? fr_backend_find("cuda") : NULL;
    return b ? b : &fr_cpu_backend;
}

/* One device or the first of a list. */
static void select_one(fr_context *ctx, int device)
{
    ctx->cuda_index = device;
    ctx->shares[0] = 0;
    ctx->ndevices = 1;
    ctx->devices[0] = device;
    if (device < 0) strcpy(ctx->device, "cpu");
    else snprintf(ctx->device, sizeof ctx->device, "cuda:%d", device);
}

/* The CUDA devices present, or an error naming the spec. */
static fr_status cuda_count(fr_context *ctx, const char *spec, int *n)
{
    char why[128] = "";
    const fr_backend_iface *cuda = fr_backend_find("cuda");
    if (!cuda)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                       "device %s: this build of fractalis has no CUDA backend (build with nvcc present)", spec);
    *n = cuda->device_count(why, sizeof why);
    if (*n < 0) return fr_fail(ctx, FR_ERR_DEVICE, "device %s: %s", spec, why);
    if (*n == 0) return fr_fail(ctx, FR_ERR_UNSUPPORTED, "device %s: no GPU (%s)", spec, why);
    return FR_OK;
}

/* A list of devices: items "cpu", "cuda", "cuda:N", "cuda:all", or a bare
 * N continuing a cuda item ("cuda:0,2,3"); a device may be named twice
 * (two workers sharing it). */
static fr_status parse_list(fr_context *ctx, const char *spec, int *devs, int *count)
{
    int n = 0, in_cuda = 0, gpus = -1;
    const char *p = spec;
    fr_status s;
    while (1) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char item[32];
        if (len == 0 || len >= sizeof item)
            return fr_fail(ctx, FR_ERR_INVALID, "device '%s': an empty or overlong item in the list", spec);
        memcpy(item, p, len);
        item[len] = 0;
        const char *num = NULL;
        if (!strcmp(item, "cpu")) {
            if (n == FR_MAX_DEVICES) goto too_many;
            devs[n++] = -1, in_cuda = 0;
        } else if (!strcmp(item, "cuda:all")) {
            if (gpus < 0 && (s = cuda_count(ctx, spec, &gpus))) return s;
            for (int k = 0; k < gpus; k++) {
                if (n == FR_MAX_DEVICES) goto too_many;
                devs[n++] = k;
            }
            in_cuda = 0;
        } else if (!strcmp(item, "cuda")) num = "0";
        else if (!strncmp(item, "cuda:", 5)) num = item + 5;
        else if (in_cuda) num = item;
        else
            return fr_fail(ctx, FR_ERR_INVALID,
                           "device '%s': '%s' is not one of cpu, cuda, cuda:N, cuda:all (or N after cuda:M)", spec,
                           item);
        if (num) {
            char *end = NULL;
            long idx = strtol(num, &end, 10);
            if (end == num || *end || idx < 0 || idx > 255)
                return fr_fail(ctx, FR_ERR_INVALID, "device '%s': '%s' is not a device number", spec, num);
            if (gpus < 0 && (s = cuda_count(ctx, spec, &gpus))) return s;
            if (idx >= gpus)
                return fr_fail(ctx, FR_ERR_UNSUPPORTED, "device '%s': no such GPU %ld (%d found)", spec, idx, gpus);
            if (n == FR_MAX_DEVICES) goto too_many;
            devs[n++] = (int)idx, in_cuda = 1;
        }
        if (!e) break;
        p = e + 1;
    }
    *count = n;
    return FR_OK;
too_many:
    return fr_fail(ctx, FR_ERR_INVALID, "device '%s': more than %d devices", spec, FR_MAX_DEVICES);
}

/* "cuda:0,1,cpu": CUDA runs written as one item. */
static void list_name(fr_context *ctx)
{
    char *o = ctx->device;
    size_t left = sizeof ctx->device;
    for (int k = 0; k < ctx->ndevices; k++) {
        const int d = ctx->devices[k], prev_cuda = k > 0 && ctx->devices[k - 1] >= 0;
        int w = d < 0 ? snprintf(o, left, "%scpu", k ? "," : "")
                      : snprintf(o, left, "%s%s%d", k ? "," : "", prev_cuda ? "" : "cuda:", d);
        if (w < 0 || (size_t)w >= left) break;
        o += w, left -= (size_t)w;
    }
}

fr_status fr_context_set_device(fr_context *ctx, const char *spec)
{
    char why[128] = "";
    ctx->device_note[0] = 0;
    if (!spec) return fr_fail(ctx, FR_ERR_INVALID, "device: NULL");
    if (!strcmp(spec, "auto")) {
        const fr_backend_iface *cuda = fr_backend_find("cuda");
        int n = cuda ? cuda->device_count(why, sizeof why) : 0;
        select_one(ctx, n > 0 ? 0 : -1);
        /* A build without CUDA has nothing to fall back from: no note. */
        if (n <= 0 && cuda)
            snprintf(ctx->device_note, sizeof ctx->device_note, "no usable GPU (%.100s); rendering on the CPU",
                     why);
        return FR_OK;
    }
    int devs[FR_MAX_DEVICES], n = 0;
    fr_status s = parse_list(ctx, spec, devs, &n);
    if (s) return s;
    select_one(ctx, devs[0]);
    if (n > 1) {
        ctx->ndevices = n;
        memcpy(ctx->devices, devs, (size_t)n * sizeof *devs);
        list_name(ctx);
    }
    return FR_OK;
}

int fr_context_device_count(const fr_context *ctx) { return ctx ? ctx->ndevices : 0; }
const char *fr_context_device_shares(const fr_context *ctx) { return ctx ? ctx->shares : ""; }

const char *fr_context_device(const fr_context *ctx) { return ctx->device; }
const char *fr_context_device_note(const fr_context *ctx) { return ctx->device_note; }
const char *fr_context_flame_kernel(const fr_context *ctx) { return ctx ? ctx->flame_kernel : ""; }

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
