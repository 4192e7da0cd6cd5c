/* PNG reading and writing through libpng, plus the small image helpers of the
 * output API.
 *
 * libpng reports errors by calling an error callback that must not return;
 * ours records the message and longjmps back. Each setjmp lives in a small
 * function of its own whose locals are never needed after a longjmp, and all
 * state that must survive one (buffers to free, the message) is kept in a
 * png_state owned by the caller, so no local has to be volatile and nothing
 * leaks. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/atomic_file.h"
#include "io/png_deflate.h"

#define FR_PNG_SIDE_MAX ((png_uint_32)1 << 20)
#define FR_PNG_PIXELS_MAX ((uint64_t)1 << 31)
#define FR_META_KEY "fractalis"

typedef struct png_state {
    FILE *fp;
    char msg[256];     /* libpng's error message */
    char warning[256]; /* libpng's last warning, often the detail of an error */
    int io_errno;      /* the file itself could not be read or written */
    const char *key;   /* read: the text chunk's key (FR_META_KEY unless told) */
    int eof;           /* the file ended inside the PNG data */
    int too_big;       /* the dimensions exceed what the reader accepts */
    int too_short;     /* the file is too small to hold the pixels it claims */
    int nomem;         /* an allocation of ours failed */
    int bad_layout;    /* the transforms did not yield 8/16-bit RGB */
    png_uint_32 width, height;
    int depth;
    unsigned char *pixels; /* the decoded image, owned until handed out */
    unsigned char *scratch; /* one row, when rows are read only to reach the end */
    char *meta;
} png_state;

static int host_is_little_endian(void)
{
    const uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

static void on_png_error(png_structp png, png_const_charp msg)
{
    png_state *st = png_get_error_ptr(png);
    /* The message may live in libpng's stack frame, which the longjmp
     * discards: copy it now. */
    snprintf(st->msg, sizeof st->msg, "%s", msg ? msg : "unknown libpng error");
    png_longjmp(png, 1);
}

/* Warnings are kept rather than printed (the library never prints). They do
 * not go to the context, whose message is reserved for failed calls, but an
 * error message quotes the last one: for a bad IHDR, for instance, libpng
 * only says "Invalid IHDR data" and gives the reason as a warning. */
static void on_png_warning(png_structp png, png_const_charp msg)
{
    png_state *st = png_get_error_ptr(png);
    snprintf(st->warning, sizeof st->warning, "%s", msg ? msg : "");
}

/* Own I/O callbacks so that errno of a failed read/write reaches the message
 * (libpng's defaults only say "Read Error"/"Write Error"). */
static void png_write_cb(png_structp png, png_bytep data, size_t n)
{
    png_state *st = png_get_io_ptr(png);
    errno = 0;
    if (fwrite(data, 1, n, st->fp) != n) {
        st->io_errno = errno ? errno : EIO;
        png_error(png, "write failed");
    }
}

static void png_flush_cb(png_structp png)
{
    png_state *st = png_get_io_ptr(png);
    errno = 0;
    if (fflush(st->fp) != 0) {
        st->io_errno = errno ? errno : EIO;
        png_error(png, "write failed");
    }
}

static void png_read_cb(png_structp png, png_bytep data, size_t n)
{
    png_state *st = png_get_io_ptr(png);
    errno = 0;
    if (fread(data, 1, n, st->fp) != n) {
        if (ferror(st->fp))
            st->io_errno = errno ? errno : EIO;
        else
            st->eof = 1;
        png_error(png, "read failed");
    }
}

static fr_status check_image(fr_context *ctx, const fr_image *img, const char *path)
{
    const char *p = path ? path : "";
    if (!img || !img->pixels) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no image", p);
    if (img->width <= 0 || img->height <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': image size %dx%d is not positive", p,
                       img->width, img->height);
    if (img->depth != 8 && img->depth != 16)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': image depth must be 8 or 16, got %d",
                       p, img->depth);
    return FR_OK;
}

/* -------------------------------------------------------------------- write */

static int png_write_body(png_structp png, png_infop info, const fr_image *img, const char *key,
                          const char *meta, const unsigned char *idat, size_t idat_len)
{
    if (setjmp(png_jmpbuf(png))) return -1;

    /* libpng's default limit (1e6 pixels a side) would refuse images the
     * renderer can produce; PNG's own limit is the real one. */
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_IHDR(png, info, (png_uint_32)img->width, (png_uint_32)img->height, img->depth,
                 fr_image_channels(img) == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    /* png_set_text copies the strings; the casts only satisfy its non-const
     * prototype. Set before png_write_info so that the chunks precede IDAT
     * and a reader finds the scene without inflating the image. */
    png_text text[2];
    memset(text, 0, sizeof text);
    text[0].compression = PNG_TEXT_COMPRESSION_NONE;
    text[0].key = (png_charp) "Software";
    text[0].text = (png_charp) "fractalis " FR_VERSION_STRING;
    int ntext = 1;
    if (meta) {
        text[1].compression = PNG_ITXT_COMPRESSION_NONE;
        text[1].key = (png_charp)key;
        text[1].text = (png_charp)meta;
        ntext = 2;
    }
    png_set_text(png, info, text, ntext);

    png_write_info(png, info);
    /* The image data was filtered and compressed in parallel; libpng writes
     * the container around it. IDAT chunks may split the stream anywhere. */
    const size_t chunk = 1u << 20;
    for (size_t o = 0; o < idat_len; o += chunk)
        png_write_chunk(png, (png_const_bytep) "IDAT", idat + o, idat_len - o < chunk ? idat_len - o : chunk);
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    return 0;
}

fr_status fr_image_write_png(fr_context *ctx, const fr_image *img, const char *path,
                             const char *meta)
{
    return fr_image_write_png_keyed(ctx, img, path, FR_META_KEY, meta);
}

/* The PNG stream of img into fp (a file being written atomically, or a
 * memory stream); name is for messages. */
static fr_status png_write_rows_stream(fr_context *ctx, const fr_png_rows *src, FILE *fp, const char *name,
                                       const char *key, const char *meta);

static fr_status png_write_stream(fr_context *ctx, const fr_image *img, FILE *fp, const char *name, const char *key,
                                  const char *meta)
{
    fr_png_rows src = {*img, NULL, NULL};
    return png_write_rows_stream(ctx, &src, fp, name, key, meta);
}

fr_status fr_png_write_rows(fr_context *ctx, const fr_png_rows *src, const char *path, const char *key,
                            const char *meta)
{
    const fr_image *img = &src->shape;
    if (img->width <= 0 || img->height <= 0 || (img->depth != 8 && img->depth != 16))
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': image %dx%d of depth %d", path, img->width,
                       img->height, img->depth);
    fr_atomic_file af;
    fr_status s = fr_atomic_open(ctx, &af, path);
    if (s != FR_OK) return s;
    s = png_write_rows_stream(ctx, src, af.fp, path, key ? key : FR_META_KEY, meta);
    if (s != FR_OK) {
        fr_atomic_abort(&af);
        return s;
    }
    return fr_atomic_commit(ctx, &af);
}

static fr_status png_write_rows_stream(fr_context *ctx, const fr_png_rows *src, FILE *fp, const char *name,
                                       const char *key, const char *meta)
{
    const fr_image *img = &src->shape;
    /* Measured on a 1920x1080 smooth render, 2 cores: libpng's own writer
     * took 24 ms at level 1 with the UP filter (37 ms at level 3, SUB|UP);
     * the parallel deflate of the same filtered rows takes half that. */
    unsigned char *idat = NULL;
    size_t idat_len = 0;
    fr_status s = fr_png_deflate_rows(ctx, src, fr_threads(ctx), &idat, &idat_len);
    if (s != FR_OK) return s;

    png_state st;
    memset(&st, 0, sizeof st);
    st.fp = fp;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &st, on_png_error,
                                              on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        free(idat);
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': cannot set up libpng (out of memory?)", name);
    }
    png_set_write_fn(png, &st, png_write_cb, png_flush_cb);
    int rc = png_write_body(png, info, img, key, meta, idat, idat_len);
    png_destroy_write_struct(&png, &info);
    free(idat);
    if (rc != 0) {
        if (st.io_errno) return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", name, strerror(st.io_errno));
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': libpng: %s", name, st.msg);
    }
    return FR_OK;
}

fr_status fr_image_encode_png(fr_context *ctx, const fr_image *img, const char *key, const char *text,
                              unsigned char **data, size_t *size)
{
    if (!data || !size) return fr_fail(ctx, FR_ERR_INVALID, "data, size: NULL");
    *data = NULL;
    *size = 0;
    fr_status s = check_image(ctx, img, "(memory)");
    if (s != FR_OK) return s;
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    if (!fp) return fr_fail(ctx, FR_ERR_NOMEM, "cannot encode a PNG in memory: out of memory");
    s = png_write_stream(ctx, img, fp, "(memory)", key ? key : FR_META_KEY, text);
    if (fclose(fp) != 0 && s == FR_OK) s = fr_fail(ctx, FR_ERR_NOMEM, "cannot encode a PNG in memory: out of memory");
    if (s != FR_OK) {
        free(buf);
        return s;
    }
    *data = (unsigned char *)buf;
    *size = len;
    return FR_OK;
}

fr_status fr_image_write_png_keyed(fr_context *ctx, const fr_image *img, const char *path, const char *key,
                                   const char *meta)
{
    fr_status s = check_image(ctx, img, path);
    if (s != FR_OK) return s;

    fr_atomic_file af;
    s = fr_atomic_open(ctx, &af, path);
    if (s != FR_OK) return s;
    s = png_write_stream(ctx, img, af.fp, path, key ? key : FR_META_KEY, meta);
    if (s != FR_OK) {
        fr_atomic_abort(&af);
        return s;
    }
    return fr_atomic_commit(ctx, &af);
}

/* --------------------------------------------------------------------- read */

/* Copies the first text chunk of st->key (tEXt, zTXt or iTXt: libpng has
 * already inflated and NUL-terminated it) seen so far into st->meta. */
static void find_meta(png_structp png, png_infop info, png_state *st)
{
    png_textp text = NULL;
    int n = 0;
    png_get_text(png, info, &text, &n);
    for (int i = 0; i < n && !st->meta; i++) {
        if (!text[i].key || strcmp(text[i].key, st->key) != 0) continue;
        const char *t = text[i].text ? text[i].text : "";
        size_t len = strlen(t);
        st->meta = malloc(len + 1);
        if (!st->meta) {
            st->nomem = 1;
            return;
        }
        memcpy(st->meta, t, len + 1);
    }
}

static int png_read_body(png_structp png, png_infop info, png_state *st, int want_img,
                         int want_meta)
{
    if (setjmp(png_jmpbuf(png))) return -1;

    /* Our own, clearer limit is applied below; libpng's default one would
     * fail first with only "Invalid IHDR data". */
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    /* Compressed text chunks inflate only up to this (a scene is a few KB);
     * without it a small zTXt can demand gigabytes. */
    png_set_chunk_malloc_max(png, 16u << 20);
    png_set_chunk_cache_max(png, 1000);
    png_set_sig_bytes(png, 8);
    png_read_info(png, info);

    png_uint_32 w, h;
    int bit_depth, color_type, interlace;
    png_get_IHDR(png, info, &w, &h, &bit_depth, &color_type, &interlace, NULL, NULL);
    st->width = w;
    st->height = h;
    if (w > FR_PNG_SIDE_MAX || h > FR_PNG_SIDE_MAX || (uint64_t)w * h > FR_PNG_PIXELS_MAX) {
        st->too_big = 1;
        return -1;
    }

    /* Deflate expands data at most ~1032:1, so a file too small for the
     * rows its header claims is corrupt: say so before allocating for it. */
    static const int channels[7] = {1, 0, 3, 1, 2, 0, 4};
    struct stat fs;
    uint64_t raw = (uint64_t)h * (1 + ((uint64_t)w * channels[color_type % 7] * (uint64_t)bit_depth + 7) / 8);
    if (want_img && fstat(fileno(st->fp), &fs) == 0 && raw > 1100 * (uint64_t)fs.st_size + 65536) {
        st->too_short = 1;
        return -1;
    }

    if (want_meta) {
        find_meta(png, info, st);
        if (st->nomem) return -1;
    }
    /* Meta found before IDAT (where our writer puts it): no need to inflate
     * the image. Otherwise it may follow IDAT, which can only be reached by
     * reading the rows. */
    if (!want_img && (!want_meta || st->meta)) return 0;

    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (!(color_type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    /* Also drops the alpha that palette expansion makes from tRNS. */
    png_set_strip_alpha(png);
    if (bit_depth == 16 && host_is_little_endian()) png_set_swap(png);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    int depth = png_get_bit_depth(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    if (png_get_channels(png, info) != 3 || (depth != 8 && depth != 16) ||
        rowbytes != (size_t)w * 3 * (size_t)(depth / 8)) {
        st->bad_layout = 1;
        return -1;
    }
    st->depth = depth;

    if (want_img) {
        if (h == 0 || rowbytes > SIZE_MAX / h) {
            st->nomem = 1;
            return -1;
        }
        st->pixels = malloc(rowbytes * h);
        if (!st->pixels) {
            st->nomem = 1;
            return -1;
        }
    } else {
        st->scratch = malloc(rowbytes);
        if (!st->scratch) {
            st->nomem = 1;
            return -1;
        }
    }
    /* Interlaced images are read pass by pass into the same rows, as
     * png_read_image does, without needing an array of row pointers. */
    for (int pass = 0; pass < passes; pass++)
        for (png_uint_32 y = 0; y < h; y++)
            png_read_row(png, want_img ? st->pixels + (size_t)y * rowbytes : st->scratch, NULL);

    if (want_meta && !st->meta) {
        png_read_end(png, info);
        find_meta(png, info, st);
        if (st->nomem) return -1;
    }
    return 0;
}

/* Walk the chunk headers after the signature: libpng allocates a text
 * chunk's claimed length before reading it, so a 300-byte file can make it
 * ask for gigabytes. Returns 0 if every chunk fits in the file (up to IEND
 * or the end), and rewinds to just after the signature either way. */
static int chunks_fit(FILE *fp)
{
    struct stat fs;
    if (fstat(fileno(fp), &fs) != 0) return 1;
    uint64_t size = (uint64_t)fs.st_size, pos = 8;
    int ok = 1;
    while (pos + 8 <= size) {
        unsigned char h[8];
        if (fseeko(fp, (off_t)pos, SEEK_SET) != 0 || fread(h, 1, 8, fp) != 8) break;
        uint64_t len = (uint64_t)h[0] << 24 | (uint64_t)h[1] << 16 | (uint64_t)h[2] << 8 | h[3];
        if (len > size - pos - 8) { /* beyond the file, CRC aside: truncated or corrupt */
            ok = 0;
            break;
        }
        if (!memcmp(h + 4, "IEND", 4)) break;
        pos += 12 + len;
    }
    fseeko(fp, 8, SEEK_SET);
    return ok;
}

fr_status fr_image_read_png(fr_context *ctx, const char *path, fr_image *img, char **meta)
{
    return fr_image_read_png_keyed(ctx, path, FR_META_KEY, img, meta);
}

fr_status fr_image_read_png_keyed(fr_context *ctx, const char *path, const char *key, fr_image *img, char **meta)
{
    if (img) memset(img, 0, sizeof *img);
    if (meta) *meta = NULL;

    FILE *fp;
    fr_status s = fr_open_read(ctx, path, &fp);
    if (s != FR_OK) return s;

    /* Checked before libpng is involved so that any non-PNG file (text, a
     * PPM, an empty file) gets one clear message. */
    unsigned char sig[8];
    size_t got = fread(sig, 1, sizeof sig, fp);
    if (got < sizeof sig && ferror(fp)) {
        int err = errno;
        fclose(fp);
        return fr_fail(ctx, FR_ERR_IO, "cannot read '%s': %s", path, strerror(err ? err : EIO));
    }
    if (got < sizeof sig || png_sig_cmp(sig, 0, sizeof sig) != 0) {
        fclose(fp);
        return fr_fail(ctx, FR_ERR_PARSE, "'%s' is not a PNG file", path);
    }
    if (!chunks_fit(fp)) {
        fclose(fp);
        return fr_fail(ctx, FR_ERR_PARSE, "'%s' is truncated or corrupt: a chunk runs past the end of the file",
                       path);
    }

    png_state st;
    memset(&st, 0, sizeof st);
    st.fp = fp;
    st.key = key ? key : FR_META_KEY;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &st, on_png_error,
                                             on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        fclose(fp);
        return fr_fail(ctx, FR_ERR_NOMEM, "cannot read '%s': cannot set up libpng (out of memory?)",
                       path);
    }
    png_set_read_fn(png, &st, png_read_cb);
    int rc = png_read_body(png, info, &st, img != NULL, meta != NULL);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(fp);
    free(st.scratch);

    if (rc != 0) {
        free(st.pixels);
        free(st.meta);
        if (st.io_errno)
            return fr_fail(ctx, FR_ERR_IO, "cannot read '%s': %s", path, strerror(st.io_errno));
        if (st.eof)
            return fr_fail(ctx, FR_ERR_PARSE, "'%s' is truncated: the file ends inside the PNG data",
                           path);
        if (st.too_big)
            return fr_fail(ctx, FR_ERR_PARSE,
                           "'%s' is %lux%lu pixels; at most %lu a side and 2^31 pixels in all "
                           "are supported",
                           path, (unsigned long)st.width, (unsigned long)st.height,
                           (unsigned long)FR_PNG_SIDE_MAX);
        if (st.too_short)
            return fr_fail(ctx, FR_ERR_PARSE, "'%s' claims %lux%lu pixels but is far too small to hold them "
                           "(corrupt file)", path, (unsigned long)st.width, (unsigned long)st.height);
        if (st.nomem)
            return fr_fail(ctx, FR_ERR_NOMEM, "cannot read '%s': out of memory for a %lux%lu image",
                           path, (unsigned long)st.width, (unsigned long)st.height);
        if (st.bad_layout)
            return fr_fail(ctx, FR_ERR_UNSUPPORTED, "cannot read '%s': cannot convert it to RGB",
                           path);
        /* libpng signals its own allocation failures only by message text. */
        fr_status code = strstr(st.msg, "memory") ? FR_ERR_NOMEM : FR_ERR_PARSE;
        if (st.warning[0])
            return fr_fail(ctx, code, "'%s' is not a valid PNG: %s (%s)", path, st.msg, st.warning);
        return fr_fail(ctx, code, "'%s' is not a valid PNG: %s", path, st.msg);
    }

    if (img) {
        img->width = (int)st.width;
        img->height = (int)st.height;
        img->depth = st.depth;
        img->pixels = st.pixels;
    }
    if (meta)
        *meta = st.meta;
    else
        free(st.meta);
    return FR_OK;
}
