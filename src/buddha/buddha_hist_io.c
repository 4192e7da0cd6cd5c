/* Hit histograms as NumPy arrays: 32-bit counts when they all fit, 64-bit
 * otherwise; read back for --resume. */
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "io/npy.h"

fr_status fr_buddha_hist_write_npy(fr_context *ctx, const fr_buddha_hist *h, const char *path)
{
    if (!h || !h->counts) return fr_fail(ctx, FR_ERR_INVALID, "no histogram to write");
    const size_t n = (size_t)h->width * h->height * h->channels;
    int64_t shape[3] = {h->channels, h->height, h->width};
    const int ndim = h->channels == 1 ? 2 : 3;
    const int64_t *sh = h->channels == 1 ? shape + 1 : shape;
    uint64_t mx = 0;
    for (size_t i = 0; i < n; i++) mx = h->counts[i] > mx ? h->counts[i] : mx;
    if (mx > UINT32_MAX) return fr_npy_write(ctx, path, h->counts, "<u8", 8, ndim, sh);
    uint32_t *v = malloc(n * sizeof *v);
    if (!v) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory writing '%s'", path);
    for (size_t i = 0; i < n; i++) v[i] = (uint32_t)h->counts[i];
    fr_status s = fr_npy_write(ctx, path, v, "<u4", 4, ndim, sh);
    free(v);
    return s;
}

fr_status fr_buddha_hist_read_npy(fr_context *ctx, const char *path, fr_buddha_hist *h)
{
    memset(h, 0, sizeof *h);
    int nd;
    int64_t shape[4];
    uint64_t *data;
    fr_status s = fr_npy_read_u64(ctx, path, &nd, shape, &data);
    if (s) return s;
    if (nd != 2 && nd != 3) {
        free(data);
        return fr_fail(ctx, FR_ERR_PARSE, "'%s' has %d dimension(s), not a histogram of shape (H, W) or (3, H, W)",
                       path, nd);
    }
    int64_t c = nd == 3 ? shape[0] : 1, hh = shape[nd - 2], w = shape[nd - 1];
    if ((c != 1 && c != 3) || hh > FR_MAX_SIDE || w > FR_MAX_SIDE) {
        free(data);
        return fr_fail(ctx, FR_ERR_PARSE, "'%s' is not a histogram of shape (H, W) or (3, H, W)", path);
    }
    h->width = (int)w, h->height = (int)hh, h->channels = (int)c, h->counts = data;
    return FR_OK;
}
