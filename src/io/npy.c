/* NumPy .npy arrays (format version 1.0) for the raw per-sample results, so
 * that they load with a plain numpy.load(). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io/atomic_file.h"

/* `data` holds width*height 4-byte elements in host order; `descr` is the
 * little-endian dtype the file declares. */
static fr_status npy_write(fr_context *ctx, const char *path, const void *data, int width,
                           int height, const char *descr)
{
    const char *p = path ? path : "";
    if (!data) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no data", p);
    if (width <= 0 || height <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': array shape %dx%d is not positive",
                       p, width, height);

    /* magic (6) + version (2) + header length (2) + dict, padded with spaces
     * and ended by '\n' to a multiple of 64 bytes as the format asks, so that
     * the data that follows is aligned for memory mapping. */
    char hdr[256];
    memcpy(hdr, "\x93NUMPY\x01\x00", 8);
    int dict = snprintf(hdr + 10, sizeof hdr - 10,
                        "{'descr': '%s', 'fortran_order': False, 'shape': (%d, %d), }", descr,
                        height, width);
    size_t used = 10 + (size_t)dict + 1;
    size_t total = (used + 63) / 64 * 64;
    memset(hdr + 10 + dict, ' ', total - 10 - (size_t)dict);
    hdr[total - 1] = '\n';
    size_t hlen = total - 10;
    hdr[8] = (char)(hlen & 0xff);
    hdr[9] = (char)(hlen >> 8);

    const size_t rowbytes = (size_t)width * 4;
    uint16_t probe = 1;
    unsigned char first;
    memcpy(&first, &probe, 1);
    const int swap = first != 1;
    unsigned char *row = NULL;
    if (swap) {
        row = malloc(rowbytes);
        if (!row) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", p);
    }

    fr_atomic_file af;
    fr_status s = fr_atomic_open(ctx, &af, path);
    if (s != FR_OK) {
        free(row);
        return s;
    }
    errno = 0;
    int ok = fwrite(hdr, 1, total, af.fp) == total;
    for (int y = 0; ok && y < height; y++) {
        const unsigned char *src = (const unsigned char *)data + (size_t)y * rowbytes;
        if (swap) {
            for (size_t i = 0; i < rowbytes; i += 4) {
                row[i] = src[i + 3];
                row[i + 1] = src[i + 2];
                row[i + 2] = src[i + 1];
                row[i + 3] = src[i];
            }
            src = row;
        }
        ok = fwrite(src, 1, rowbytes, af.fp) == rowbytes;
    }
    free(row);
    if (!ok) {
        int err = errno ? errno : EIO;
        fr_atomic_abort(&af);
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", p, strerror(err));
    }
    return fr_atomic_commit(ctx, &af);
}

fr_status fr_npy_write_u32(fr_context *ctx, const char *path, const uint32_t *data, int width,
                           int height)
{
    return npy_write(ctx, path, data, width, height, "<u4");
}

fr_status fr_npy_write_f32(fr_context *ctx, const char *path, const float *data, int width,
                           int height)
{
    return npy_write(ctx, path, data, width, height, "<f4");
}
