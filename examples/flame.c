/* Render the first genome of a flam3 file (.flam3, .flame) to flame.png.
 * Build: cc flame.c $(pkg-config --cflags --libs fractalis)
 * Run:   ./flame sheep.flam3 */
#include <fractalis.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s GENOME.flam3\n", argv[0]);
        return 2;
    }
    fr_context *ctx = fr_context_create();
    fr_flames *flames = NULL;
    fr_flame_options o;
    fr_image img = {0};
    fr_flame_options_default(&o);
    if (fr_flames_read(ctx, argv[1], NULL, 0, &flames) || fr_flame_option_set(ctx, &o, "size", "320x0") ||
        fr_flame_option_set(ctx, &o, "quality", "50") || fr_flame_render(ctx, flames, 0, &o, &img, NULL) ||
        fr_image_write_png(ctx, &img, "flame.png", NULL)) {
        fprintf(stderr, "fractalis: %s\n", fr_last_error(ctx));
        fr_flames_destroy(flames);
        fr_context_destroy(ctx);
        return 1;
    }
    printf("flame.png: %dx%d, genome '%s'\n", img.width, img.height, fr_flames_name(flames, 0));
    fr_image_free(&img);
    fr_flames_destroy(flames);
    fr_context_destroy(ctx);
    return 0;
}
