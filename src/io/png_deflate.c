#include "io/png_deflate.h"

#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "core/context.h"

/* Rows per strip: enough data (~1 MB at 1920 px) that each deflate call
 * finds its matches, small enough to share the work among threads. */
#define STRIP_BYTES (1u << 20)

typedef struct strip {
    int y0, y1;
    unsigned char *data;
    size_t len;
    uLong adler, raw_len;
    int failed;
} strip;

/* One scanline in PNG byte order (16-bit samples big-endian): the
 * source's own rows when it has them, else the image's pixels. */
static void row_bytes(const fr_png_rows *src, int y, unsigned char *dst)
{
    if (src->row) {
        src->row(src->user, y, dst);
        return;
    }
    const fr_image *img = &src->shape;
    size_t n = (size_t)img->width * fr_image_channels(img);
    if (img->depth == 8) {
        memcpy(dst, (const unsigned char *)img->pixels + (size_t)y * n, n);
        return;
    }
    const uint16_t *px = (const uint16_t *)img->pixels + (size_t)y * n;
    for (size_t i = 0; i < n; i++) dst[2 * i] = (unsigned char)(px[i] >> 8), dst[2 * i + 1] = (unsigned char)px[i];
}

static void compress_strip(const fr_png_rows *src, strip *s, int last)
{
    const fr_image *img = &src->shape;
    const size_t rb = (size_t)img->width * fr_image_channels(img) * (size_t)(img->depth / 8);
    unsigned char *prev = calloc(rb, 1), *cur = malloc(rb), *line = malloc(rb + 1);
    z_stream z;
    memset(&z, 0, sizeof z);
    s->raw_len = (uLong)((rb + 1) * (size_t)(s->y1 - s->y0));
    s->adler = adler32(0L, Z_NULL, 0);
    if (!prev || !cur || !line || deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        s->failed = 1;
        free(prev), free(cur), free(line);
        return;
    }
    size_t cap = deflateBound(&z, s->raw_len) + 64;
    s->data = malloc(cap);
    if (!s->data) s->failed = 1;
    if (s->y0 > 0) row_bytes(src, s->y0 - 1, prev); /* UP filters against the row above */
    z.next_out = s->data;
    z.avail_out = (uInt)cap;
    for (int y = s->y0; y < s->y1 && !s->failed; y++) {
        row_bytes(src, y, cur);
        line[0] = 2; /* filter type UP */
        for (size_t i = 0; i < rb; i++) line[i + 1] = (unsigned char)(cur[i] - prev[i]);
        s->adler = adler32(s->adler, line, (uInt)(rb + 1));
        z.next_in = line;
        z.avail_in = (uInt)(rb + 1);
        int flush = y + 1 < s->y1 ? Z_NO_FLUSH : last ? Z_FINISH : Z_SYNC_FLUSH;
        int r = deflate(&z, flush);
        if (r == Z_STREAM_ERROR || z.avail_in != 0 || (flush == Z_FINISH && r != Z_STREAM_END)) s->failed = 1;
        unsigned char *t = prev;
        prev = cur, cur = t;
    }
    s->len = cap - z.avail_out;
    deflateEnd(&z);
    free(prev), free(cur), free(line);
}

fr_status fr_png_deflate_parallel(fr_context *ctx, const fr_image *img, int threads, unsigned char **out,
                                  size_t *len)
{
    fr_png_rows src = {*img, NULL, NULL};
    return fr_png_deflate_rows(ctx, &src, threads, out, len);
}

fr_status fr_png_deflate_rows(fr_context *ctx, const fr_png_rows *src, int threads, unsigned char **out, size_t *len)
{
    const fr_image *img = &src->shape;
    const size_t rb = (size_t)img->width * fr_image_channels(img) * (size_t)(img->depth / 8) + 1;
    int rows = (int)(STRIP_BYTES / rb);
    if (rows < 1) rows = 1;
    int n = (img->height + rows - 1) / rows;
    strip *s = calloc((size_t)n, sizeof *s);
    if (!s) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory compressing the image");
    for (int i = 0; i < n; i++) {
        s[i].y0 = i * rows;
        s[i].y1 = i + 1 < n ? (i + 1) * rows : img->height;
    }
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads > 0 ? threads : 1)
    for (int i = 0; i < n; i++) compress_strip(src, &s[i], i == n - 1);

    fr_status st = FR_OK;
    size_t total = 2 + 4;
    for (int i = 0; i < n; i++) {
        if (s[i].failed) st = fr_fail(ctx, FR_ERR_NOMEM, "compressing the image failed (out of memory?)");
        total += s[i].len;
    }
    unsigned char *buf = st ? NULL : malloc(total);
    if (!st && !buf) st = fr_fail(ctx, FR_ERR_NOMEM, "out of memory compressing the image");
    if (!st) {
        /* zlib header: deflate, 32 KiB window, fastest level; check bits
         * make 0x7801 a multiple of 31. */
        size_t o = 0;
        buf[o++] = 0x78, buf[o++] = 0x01;
        uLong adler = adler32(0L, Z_NULL, 0);
        for (int i = 0; i < n; i++) {
            memcpy(buf + o, s[i].data, s[i].len);
            o += s[i].len;
            adler = adler32_combine(adler, s[i].adler, (z_off_t)s[i].raw_len);
        }
        buf[o++] = (unsigned char)(adler >> 24), buf[o++] = (unsigned char)(adler >> 16);
        buf[o++] = (unsigned char)(adler >> 8), buf[o++] = (unsigned char)adler;
        *out = buf, *len = o;
    }
    for (int i = 0; i < n; i++) free(s[i].data);
    free(s);
    return st;
}
