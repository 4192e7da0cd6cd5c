/* libFuzzer: JSON scenes (fr_escape_params_from_json), then, when a scene
 * is accepted, its validation and the JSON writer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fractalis.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    fr_context *ctx = fr_context_create();
    fr_escape_params p;
    fr_escape_params_default(&p, FR_MANDELBROT);
    if (fr_escape_params_from_json(ctx, text, &p) == FR_OK) {
        char *json = NULL;
        fr_escape_params_validate(ctx, &p);
        if (fr_escape_params_to_json(ctx, &p, &json) == FR_OK) free(json);
    }
    fr_context_destroy(ctx);
    free(text);
    return 0;
}
