/* The seahorse valley of the Mandelbrot set, written to library-seahorse.png
 * with its scene embedded (fractalis render --from library-seahorse.png
 * renders it again).
 * Build: cc mandelbrot.c $(pkg-config --cflags --libs fractalis) */
#include <fractalis.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    fr_context *ctx = fr_context_create();
    fr_escape_params p;
    fr_image img = {0};
    char *scene = NULL;
    fr_escape_params_default(&p, FR_MANDELBROT);
    /* every parameter by name, as on the command line */
    if (fr_escape_param_set(ctx, &p, "size", "640x360") || fr_escape_param_set(ctx, &p, "center", "-0.7436,0.1318") ||
        fr_escape_param_set(ctx, &p, "width", "0.012") || fr_escape_param_set(ctx, &p, "iter", "2000") ||
        fr_escape_param_set(ctx, &p, "color", "smooth") ||
        fr_escape_render(ctx, &p, &img, NULL, NULL) || fr_escape_params_to_json(ctx, &p, &scene) ||
        fr_image_write_png(ctx, &img, "library-seahorse.png", scene)) {
        fprintf(stderr, "fractalis: %s\n", fr_last_error(ctx));
        return 1;
    }
    printf("library-seahorse.png: %dx%d\n", img.width, img.height);
    free(scene);
    fr_image_free(&img);
    fr_context_destroy(ctx);
    return 0;
}
