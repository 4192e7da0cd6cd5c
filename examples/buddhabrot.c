/* A Buddhabrot: sample orbits into a histogram, tone-map it and write
 * buddhabrot.png; the histogram's total and maximum count are printed (the
 * same on every machine, thread count and device for the same seed).
 * Build: cc buddhabrot.c $(pkg-config --cflags --libs fractalis) */
#include <fractalis.h>
#include <inttypes.h>
#include <stdio.h>

int main(void)
{
    fr_context *ctx = fr_context_create();
    fr_buddha_params p;
    fr_buddha_hist hist = {0};
    fr_buddha_stats st = {0};
    fr_image img = {0};
    fr_buddha_params_default(&p, 0, 0);
    if (fr_buddha_param_set(ctx, &p, "size", "400x400") || fr_buddha_param_set(ctx, &p, "samples", "2000000") ||
        fr_buddha_param_set(ctx, &p, "iter", "500") || fr_buddha_hist_alloc(ctx, &hist, p.width, p.height, p.channels) ||
        fr_buddha_render(ctx, &p, &hist, &st) || fr_buddha_tone_map(ctx, &p, &hist, &img) ||
        fr_image_write_png(ctx, &img, "buddhabrot.png", NULL)) {
        fprintf(stderr, "fractalis: %s\n", fr_last_error(ctx));
        return 1;
    }
    printf("buddhabrot.png: %" PRIu64 " samples, %" PRIu64 " hits, max %" PRIu64 "\n", hist.samples, st.total, st.max);
    fr_image_free(&img);
    fr_buddha_hist_free(&hist);
    fr_context_destroy(ctx);
    return 0;
}
