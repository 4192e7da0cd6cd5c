/* JPEG output through libjpeg (libjpeg-turbo's libjpeg API).
 *
 * JPEG holds 8-bit colour and no alpha: 16-bit samples are rounded to 8 bits
 * and an RGBA image is composited over black (colour times alpha; alpha 255
 * leaves the colour as it is). Quality 90 and above keeps full-resolution
 * chroma (4:4:4), since fractals are full of fine colour detail; below 90
 * libjpeg's default 4:2:0 subsampling is used. Huffman tables are optimized
 * (smaller files, same pixels).
 *
 * libjpeg reports errors through an error_exit callback that must not
 * return; ours records the message and longjmps back into a small function
 * whose locals are not needed after the jump. Warnings and trace messages
 * are never printed (the library never prints).
 *
 * Built only with FR_HAVE_JPEG (CMake found libjpeg); otherwise the writer
 * fails with FR_ERR_UNSUPPORTED. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/atomic_file.h"

#ifdef FR_HAVE_JPEG

#include <setjmp.h>
#include <stdio.h>
/* jpeglib.h needs size_t and FILE declared before it. */
#include <jpeglib.h>
#include <jerror.h>

typedef struct jpeg_state {
    struct jpeg_error_mgr err; /* first: libjpeg passes it as the error manager */
    jmp_buf jump;
    char msg[JMSG_LENGTH_MAX];
    int io_errno; /* errno when libjpeg's stdio destination failed */
} jpeg_state;

static void on_jpeg_error(j_common_ptr cinfo)
{
    jpeg_state *st = (jpeg_state *)cinfo->err;
    /* The stdio destination reports a failed fwrite or fflush as
     * JERR_FILE_WRITE; errno still holds the reason. */
    if (cinfo->err->msg_code == JERR_FILE_WRITE) st->io_errno = errno ? errno : EIO;
    (*cinfo->err->format_message)(cinfo, st->msg);
    longjmp(st->jump, 1);
}

static void on_jpeg_message(j_common_ptr cinfo)
{
    (void)cinfo; /* warnings and traces are dropped, never printed */
}

/* One row as 8-bit RGB: 16-bit samples rounded to 8 bits (v / 257), alpha
 * composited over black. */
static void row_to_rgb8(const fr_image *img, int y, unsigned char *out)
{
    const int ch = fr_image_channels(img);
    const size_t w = (size_t)img->width, base = (size_t)y * w * (size_t)ch;
    for (size_t x = 0; x < w; x++) {
        unsigned v[4];
        for (int c = 0; c < ch; c++) {
            if (img->depth == 16) {
                unsigned s = ((const uint16_t *)img->pixels)[base + x * ch + c];
                v[c] = (s + 128) / 257;
            } else
                v[c] = ((const unsigned char *)img->pixels)[base + x * ch + c];
        }
        for (int c = 0; c < 3; c++)
            out[3 * x + c] = (unsigned char)(ch == 4 ? (v[c] * v[3] + 127) / 255 : v[c]);
    }
}

static int jpeg_write_body(struct jpeg_compress_struct *cinfo, jpeg_state *st, FILE *fp, const fr_image *img,
                           int quality, unsigned char *row)
{
    if (setjmp(st->jump)) return -1;
    jpeg_create_compress(cinfo);
    jpeg_stdio_dest(cinfo, fp);
    cinfo->image_width = (JDIMENSION)img->width;
    cinfo->image_height = (JDIMENSION)img->height;
    cinfo->input_components = 3;
    cinfo->in_color_space = JCS_RGB;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    cinfo->optimize_coding = TRUE;
    if (quality >= 90)
        for (int c = 0; c < cinfo->num_components; c++)
            cinfo->comp_info[c].h_samp_factor = cinfo->comp_info[c].v_samp_factor = 1;
    jpeg_start_compress(cinfo, TRUE);
    while (cinfo->next_scanline < cinfo->image_height) {
        row_to_rgb8(img, (int)cinfo->next_scanline, row);
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(cinfo, rows, 1);
    }
    jpeg_finish_compress(cinfo);
    return 0;
}

#endif /* FR_HAVE_JPEG */

fr_status fr_image_write_jpeg(fr_context *ctx, const fr_image *img, const char *path, int quality)
{
    const char *p = path ? path : "";
#ifndef FR_HAVE_JPEG
    (void)img;
    (void)quality;
    return fr_fail(ctx, FR_ERR_UNSUPPORTED, "cannot write '%s': this build has no JPEG support", p);
#else
    if (!img || !img->pixels) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no image", p);
    if (img->width <= 0 || img->height <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': image size %dx%d is not positive", p, img->width,
                       img->height);
    if (img->width > JPEG_MAX_DIMENSION || img->height > JPEG_MAX_DIMENSION)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': a JPEG image is at most %d pixels a side, not %dx%d",
                       p, (int)JPEG_MAX_DIMENSION, img->width, img->height);
    if (img->depth != 8 && img->depth != 16)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': image depth must be 8 or 16, got %d", p, img->depth);
    if (quality < 1 || quality > 100)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': JPEG quality must be 1..100, got %d", p, quality);

    unsigned char *row = malloc((size_t)img->width * 3);
    if (!row) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", p);
    fr_atomic_file af;
    fr_status s = fr_atomic_open(ctx, &af, path);
    if (s != FR_OK) {
        free(row);
        return s;
    }

    struct jpeg_compress_struct cinfo;
    jpeg_state st;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&st, 0, sizeof st);
    cinfo.err = jpeg_std_error(&st.err);
    st.err.error_exit = on_jpeg_error;
    st.err.output_message = on_jpeg_message;
    int rc = jpeg_write_body(&cinfo, &st, af.fp, img, quality, row);
    jpeg_destroy_compress(&cinfo);
    free(row);
    if (rc != 0) {
        fr_atomic_abort(&af);
        if (st.io_errno) return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", p, strerror(st.io_errno));
        fr_status code = strstr(st.msg, "memory") ? FR_ERR_NOMEM : FR_ERR_IO;
        return fr_fail(ctx, code, "cannot write '%s': libjpeg: %s", p, st.msg);
    }
    return fr_atomic_commit(ctx, &af);
#endif
}

int fr_have_jpeg(void)
{
#ifdef FR_HAVE_JPEG
    return 1;
#else
    return 0;
#endif
}
