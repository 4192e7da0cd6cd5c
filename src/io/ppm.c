/* Binary PPM (P6): the simplest lossless format any image tool reads; 16-bit
 * samples are big-endian as the Netpbm specification requires. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io/atomic_file.h"

fr_status fr_image_write_ppm(fr_context *ctx, const fr_image *img, const char *path)
{
    const char *p = path ? path : "";
    if (!img || !img->pixels) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no image", p);
    if (img->width <= 0 || img->height <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': image size %dx%d is not positive", p,
                       img->width, img->height);
    if (img->depth != 8 && img->depth != 16)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': image depth must be 8 or 16, got %d",
                       p, img->depth);

    const size_t samples = (size_t)img->width * 3;
    unsigned char *row = NULL;
    if (img->depth == 16) {
        row = malloc(samples * 2);
        if (!row) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", p);
    }

    fr_atomic_file af;
    fr_status s = fr_atomic_open(ctx, &af, path);
    if (s != FR_OK) {
        free(row);
        return s;
    }
    errno = 0;
    int ok = fprintf(af.fp, "P6\n%d %d\n%d\n", img->width, img->height,
                     img->depth == 8 ? 255 : 65535) > 0;
    for (int y = 0; ok && y < img->height; y++) {
        if (img->depth == 8) {
            const unsigned char *src = (const unsigned char *)img->pixels + (size_t)y * samples;
            ok = fwrite(src, 1, samples, af.fp) == samples;
        } else {
            const uint16_t *src = (const uint16_t *)img->pixels + (size_t)y * samples;
            for (size_t i = 0; i < samples; i++) {
                row[2 * i] = (unsigned char)(src[i] >> 8);
                row[2 * i + 1] = (unsigned char)(src[i] & 0xff);
            }
            ok = fwrite(row, 1, samples * 2, af.fp) == samples * 2;
        }
    }
    free(row);
    if (!ok) {
        int err = errno ? errno : EIO;
        fr_atomic_abort(&af);
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", p, strerror(err));
    }
    return fr_atomic_commit(ctx, &af);
}
