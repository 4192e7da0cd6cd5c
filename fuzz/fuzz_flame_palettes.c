/* libFuzzer: flam3's palette library file (flam3-palettes.xml, read for a
 * genome's palette="N"): the loader, then every palette it found taken with
 * a hue turn and blended as the old <palette> form does. */
#include <stdint.h>
#include <stdlib.h>

#include "flame/flame_palette.h"
#include "fractalis.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file(data, size);
    if (!path) return 0;
    fr_context *ctx = fr_context_create();
    fr_flame_palette_lib lib;
    if (fr_flame_palette_lib_load(ctx, path, &lib) == FR_OK) {
        double pal[256][4];
        for (int i = 0; i < lib.n && i < 8; i++) {
            fr_flame_palette_lib_get(&lib, lib.number[i], 0.3, pal);
            fr_flame_palette_blend(&lib, 0.5, lib.number[i], 0.1, lib.number[0], 0.9, pal);
        }
        fr_flame_palette_lib_free(&lib);
    }
    fr_context_destroy(ctx);
    return 0;
}
