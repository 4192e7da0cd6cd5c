/* libFuzzer: the PNG reader and its metadata chunk (fr_image_read_png, as
 * used by `render --from` and `params`), then the scene parser on the
 * metadata found. */
#include <stdint.h>
#include <stdlib.h>

#include "fractalis.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file(data, size);
    if (!path) return 0;
    fr_context *ctx = fr_context_create();
    fr_image img = {0};
    char *meta = NULL;
    if (fr_image_read_png(ctx, path, &img, &meta) == FR_OK && meta) {
        fr_escape_params p;
        fr_escape_params_default(&p, FR_MANDELBROT);
        fr_escape_params_from_json(ctx, meta, &p);
    }
    free(meta);
    fr_image_free(&img);
    fr_context_destroy(ctx);
    return 0;
}
