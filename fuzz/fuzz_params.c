/* libFuzzer: parameter values by name (the CLI's flag parser). The input is
 * "NAME=VALUE"; every parameter name of the table is also tried with VALUE. */
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
    char *eq = strchr(text, '=');
    if (eq) {
        *eq = 0;
        fr_escape_param_set(ctx, &p, text, eq + 1);
        for (int i = 0; i < fr_escape_param_count(); i++) {
            const char *name = fr_escape_param_info(i)->name;
            if (!strcmp(name, "palette")) continue; /* would read files named by the input */
            fr_escape_param_set(ctx, &p, name, eq + 1);
        }
        fr_escape_param_set(ctx, &p, "zoom", eq + 1);
        fr_escape_params_validate(ctx, &p);
    }
    fr_context_destroy(ctx);
    free(text);
    return 0;
}
