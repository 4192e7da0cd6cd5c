/* libFuzzer: the .npy reader behind --resume (fr_buddha_hist_read_npy); a
 * histogram it accepts is written and read back and must be the same. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fractalis.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file(data, size);
    if (!path) return 0;
    fr_context *ctx = fr_context_create();
    fr_buddha_hist h, back;
    if (fr_buddha_hist_read_npy(ctx, path, &h) == FR_OK) {
        char out[80];
        snprintf(out, sizeof out, "%s.out.npy", path);
        if (fr_buddha_hist_write_npy(ctx, &h, out) == FR_OK) {
            if (fr_buddha_hist_read_npy(ctx, out, &back) != FR_OK || back.width != h.width ||
                back.height != h.height || back.channels != h.channels ||
                memcmp(back.counts, h.counts, (size_t)h.width * h.height * h.channels * sizeof *h.counts))
                abort();
            fr_buddha_hist_free(&back);
            remove(out);
        }
        fr_buddha_hist_free(&h);
    }
    fr_context_destroy(ctx);
    return 0;
}
