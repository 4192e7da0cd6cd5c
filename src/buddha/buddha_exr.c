/* Orbit-density histograms as OpenEXR (fr_buddha_hist_write_exr): the
 * counts as 32-bit integer channels in a layer "hits" (Y for one channel,
 * R, G, B for three: the colours the image gives them) beside the
 * tone-mapped image in the default layer, so that a compositor shows the
 * picture and keeps the counts. */
#include <stdlib.h>

#include "core/context.h"
#include "io/exr_io.h"

fr_status fr_buddha_hist_write_exr(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *h,
                                   const char *path)
{
    if (!ctx) return FR_ERR_INVALID;
    const char *o = path ? path : "";
    if (!p || !h || !h->counts) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no histogram", o);
    if (h->width != p->width || h->height != p->height || h->channels != p->channels)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "cannot write '%s': the histogram does not match the parameters' size and channels",
                       o);
    const size_t n = (size_t)h->width * h->height, all = n * (size_t)h->channels;
    for (size_t i = 0; i < all; i++)
        if (h->counts[i] > UINT32_MAX)
            return fr_fail(
                ctx, FR_ERR_INVALID,
                "cannot write '%s': a count (%llu) exceeds 2^32 - 1, more than an EXR channel holds "
                "(write the histogram as .npy)",
                o, (unsigned long long)h->counts[i]);
    fr_image img = {0};
    char *json = NULL;
    uint32_t *hits = malloc(all * sizeof *hits);
    float *rgb = malloc(n * 3 * sizeof *rgb);
    fr_status s = hits && rgb ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", o);
    if (!s) s = fr_buddha_tone_map(ctx, p, h, &img);
    if (!s) s = fr_buddha_params_to_json(ctx, p, &json);
    if (!s) {
        for (size_t i = 0; i < all; i++)
            hits[i] = (uint32_t)h->counts[i];
        fr_exr_linear_rgb(&img, rgb);
        static const char *const layer[2][3] = {{"hits.Y"}, {"hits.R", "hits.G", "hits.B"}};
        fr_exr_channel ch[6] = {
            {"R", FR_EXR_HALF, rgb, 12}, {"G", FR_EXR_HALF, rgb + 1, 12}, {"B", FR_EXR_HALF, rgb + 2, 12}};
        for (int k = 0; k < h->channels; k++)
            ch[3 + k] = (fr_exr_channel){layer[h->channels == 3][k], FR_EXR_UINT, hits + (size_t)k * n, 4};
        const fr_exr_attr attr[] = {{"fractalis", json, 0}};
        s = fr_exr_write(ctx, path, h->width, h->height, ch, 3 + h->channels, attr, 1);
    }
    fr_image_free(&img);
    free(json), free(hits), free(rgb);
    return s;
}
