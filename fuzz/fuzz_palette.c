/* libFuzzer: palette files (fr_palette_load) and colour sampling. */
#include <stdint.h>
#include <stdlib.h>

#include "fractalis.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file(data, size);
    if (!path) return 0;
    fr_context *ctx = fr_context_create();
    fr_palette pal;
    if (fr_palette_load(ctx, path, &pal) == FR_OK) {
        float rgb[3];
        for (int i = 0; i <= 16; i++) fr_palette_sample(&pal, i / 16.0 - 0.5, rgb);
    }
    fr_context_destroy(ctx);
    return 0;
}
