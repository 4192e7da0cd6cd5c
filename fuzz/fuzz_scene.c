/* libFuzzer: JSON scenes of every family (fr_escape_params_from_json,
 * fr_buddha_params_from_json, fr_scene_kind); an accepted scene is
 * validated, written and read back, and must come back the same to the bit
 * (a difference aborts: the scene format would lose a value). */
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
    char kind[32];
    fr_scene_kind(ctx, text, kind, sizeof kind);
    fr_escape_params p, q;
    fr_escape_params_default(&p, FR_MANDELBROT);
    if (fr_escape_params_from_json(ctx, text, &p) == FR_OK) {
        char *json = NULL;
        fr_escape_params_validate(ctx, &p);
        if (fr_escape_params_to_json(ctx, &p, &json) == FR_OK) {
            fr_escape_params_default(&q, FR_MANDELBROT);
            if (fr_escape_params_from_json(ctx, json, &q) != FR_OK || memcmp(&p, &q, sizeof p)) abort();
            free(json);
        }
    }
    fr_buddha_params b, c;
    fr_buddha_params_default(&b, 0, 0);
    if (fr_buddha_params_from_json(ctx, text, &b) == FR_OK) {
        char *json = NULL;
        fr_buddha_params_validate(ctx, &b);
        if (fr_buddha_params_to_json(ctx, &b, &json) == FR_OK) {
            fr_buddha_params_default(&c, 1, 1);
            if (fr_buddha_params_from_json(ctx, json, &c) != FR_OK) abort();
            /* bands past the channel count are not part of a scene */
            for (int k = b.channels; k < FR_BUDDHA_MAX_CHANNELS; k++) b.band[k] = c.band[k];
            if (memcmp(&b, &c, sizeof b)) abort();
            free(json);
        }
    }
    fr_context_destroy(ctx);
    free(text);
    return 0;
}
