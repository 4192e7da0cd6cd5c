/* fractalis compare A.png B.png: how alike two images are (PSNR over the
 * RGB samples, as the flam3 fidelity check reports it). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cmd_compare(int argc, char **argv)
{
    if (argc != 3 || argv[1][0] == '-') {
        printf("Usage: fractalis compare A.png B.png\n\n"
               "Prints the PSNR in dB of B against A over the RGB samples (8-bit scale),\n"
               "then the mean absolute difference. Both images must have the same size.\n");
        return argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) ? 0 : EXIT_USAGE;
    }
    fr_context *ctx = fr_context_create();
    fr_image a = {0}, b = {0};
    int rc = 0;
    if (fr_image_read_png(ctx, argv[1], &a, NULL) || fr_image_read_png(ctx, argv[2], &b, NULL)) {
        cli_error("%s", fr_last_error(ctx));
        rc = EXIT_WORK;
    } else if (a.width != b.width || a.height != b.height) {
        cli_error("the images differ in size: %dx%d and %dx%d", a.width, a.height, b.width, b.height);
        rc = EXIT_WORK;
    } else {
        size_t n = (size_t)a.width * a.height * 3;
        double se = 0, ae = 0;
        for (size_t i = 0; i < n; i++) {
            double x = a.depth == 16 ? ((uint16_t *)a.pixels)[i] / 257.0 : ((uint8_t *)a.pixels)[i];
            double y = b.depth == 16 ? ((uint16_t *)b.pixels)[i] / 257.0 : ((uint8_t *)b.pixels)[i];
            se += (x - y) * (x - y), ae += fabs(x - y);
        }
        double mse = se / n;
        printf("%.3f %.4f\n", mse > 0 ? 10 * log10(255.0 * 255.0 / mse) : INFINITY, ae / n);
    }
    fr_image_free(&a), fr_image_free(&b);
    fr_context_destroy(ctx);
    return rc;
}
