/* libFuzzer: Kalles Fraktaler .kfr locations (the parser and applying the
 * location to escape-time parameters), and the deep-zoom view they make
 * validated. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fractalis.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params *p = malloc(sizeof *p);
    if (ctx && p) {
        fr_escape_params_default(p, FR_MANDELBROT);
        p->width = 64, p->height = 36;
        if (fr_escape_params_from_kfr(ctx, (const char *)data, size, p) == FR_OK) {
            fr_escape_params_validate(ctx, p);
            char *json = NULL;
            if (fr_escape_params_to_json(ctx, p, &json) == FR_OK) {
                /* the scene reads back */
                fr_escape_params *q = malloc(sizeof *q);
                if (q) {
                    fr_escape_params_default(q, FR_JULIA);
                    if (fr_escape_params_from_json(ctx, json, q) != FR_OK) abort();
                    free(q);
                }
            }
            free(json);
        }
    }
    free(p);
    fr_context_destroy(ctx);
    return 0;
}
