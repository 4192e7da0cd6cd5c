/* A flame's accumulation histogram as OpenEXR (fr_flame_raw_write_exr):
 * float channels R, G, B, A and "hits" at the bucket grid, each sum over
 * 255, so that hits counts hits (of opaque xforms) and R / hits is a
 * bucket's mean red: what a compositor can tone-map in its own way. */
#include <stdlib.h>

#include "core/context.h"
#include "io/exr_io.h"

fr_status fr_flame_raw_write_exr(fr_context *ctx, const fr_flame_raw *raw, const char *path,
                                 const char *genome)
{
    if (!ctx) return FR_ERR_INVALID;
    const char *o = path ? path : "";
    if (!raw || !raw->buckets || raw->width < 1 || raw->height < 1)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no raw flame buffer", o);
    const size_t n = (size_t)raw->width * raw->height * FR_FLAME_RAW_CHANNELS;
    float *v = malloc(n * sizeof *v);
    if (!v) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", o);
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
    for (size_t i = 0; i < n; i++)
        v[i] = (float)(raw->buckets[i] / 255.0);
    const size_t stride = FR_FLAME_RAW_CHANNELS * sizeof *v;
    const fr_exr_channel ch[] = {
        {"R", FR_EXR_FLOAT, v + FR_FLAME_RAW_R, stride},
        {"G", FR_EXR_FLOAT, v + FR_FLAME_RAW_G, stride},
        {"B", FR_EXR_FLOAT, v + FR_FLAME_RAW_B, stride},
        {"A", FR_EXR_FLOAT, v + FR_FLAME_RAW_A, stride},
        {"hits", FR_EXR_FLOAT, v + FR_FLAME_RAW_COUNT, stride},
    };
    const fr_exr_attr attr[] = {{"flam3_genome", genome, 0}};
    fr_status s = fr_exr_write(ctx, path, raw->width, raw->height, ch, 5, attr, genome ? 1 : 0);
    free(v);
    return s;
}
