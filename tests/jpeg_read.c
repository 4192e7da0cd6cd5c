/* Decoding JPEG files for the tests (see jpeg_read.h). */
#include "jpeg_read.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct read_err {
    struct jpeg_error_mgr mgr; /* first: libjpeg hands it back as cinfo->err */
    jmp_buf jump;
    char msg[JMSG_LENGTH_MAX];
} read_err;

static void on_error(j_common_ptr cinfo)
{
    read_err *e = (read_err *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->msg);
    longjmp(e->jump, 1);
}

static void on_message(j_common_ptr cinfo)
{
    (void)cinfo;
}

/* Returns 0 or -1; *pixels is set once allocated so that the caller frees
 * it after a jump. */
static int decode(struct jpeg_decompress_struct *cinfo, read_err *e, FILE *fp, unsigned char **pixels)
{
    if (setjmp(e->jump)) return -1;
    jpeg_create_decompress(cinfo);
    jpeg_stdio_src(cinfo, fp);
    jpeg_read_header(cinfo, TRUE);
    cinfo->out_color_space = JCS_RGB;
    jpeg_start_decompress(cinfo);
    if (cinfo->output_components != 3) {
        snprintf(e->msg, sizeof e->msg, "%d components, not 3", cinfo->output_components);
        return -1;
    }
    size_t stride = (size_t)cinfo->output_width * 3;
    *pixels = malloc(stride * cinfo->output_height);
    if (!*pixels) {
        snprintf(e->msg, sizeof e->msg, "out of memory");
        return -1;
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = *pixels + stride * cinfo->output_scanline;
        jpeg_read_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_decompress(cinfo);
    return 0;
}

unsigned char *test_jpeg_read(const char *path, int *width, int *height, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "cannot open '%s'", path);
        return NULL;
    }
    struct jpeg_decompress_struct cinfo;
    read_err e;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&e, 0, sizeof e);
    cinfo.err = jpeg_std_error(&e.mgr);
    e.mgr.error_exit = on_error;
    e.mgr.output_message = on_message;
    unsigned char *pixels = NULL;
    int rc = decode(&cinfo, &e, fp, &pixels);
    *width = (int)cinfo.output_width;
    *height = (int)cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    fclose(fp);
    if (rc != 0) {
        snprintf(err, errlen, "'%s': %s", path, e.msg);
        free(pixels);
        return NULL;
    }
    return pixels;
}
