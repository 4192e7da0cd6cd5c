/* libFuzzer: OpenEXR headers as `render --from` and `params` read them
 * (fr_exr_read_meta through OpenEXRCore), then the scene parser on the
 * attribute found. */
#include <stdint.h>
#include <stdlib.h>

#include "fractalis.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file(data, size);
    if (!path) return 0;
    fr_context *ctx = fr_context_create();
    char *meta = NULL, kind[32];
    if (fr_exr_read_meta(ctx, path, "fractalis", &meta) == FR_OK && meta &&
        fr_scene_kind(ctx, meta, kind, sizeof kind) == FR_OK) {
        fr_escape_params *p = malloc(sizeof *p);
        if (p) {
            fr_escape_params_default(p, FR_MANDELBROT);
            fr_escape_params_from_json(ctx, meta, p);
            free(p);
        }
    }
    free(meta);
    meta = NULL;
    fr_exr_read_meta(ctx, path, "flam3_genome", &meta);
    free(meta);
    fr_context_destroy(ctx);
    return 0;
}
