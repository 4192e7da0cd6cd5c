/* OpenEXR output and header reading through OpenEXRCore (exr_io.h).
 *
 * OpenEXRCore writes through our callback at the offsets it chooses (the
 * chunk offset table is written last, at the front): into the atomic
 * file's descriptor with pwrite, or, where that cannot seek (a FIFO),
 * into memory, copied out whole at the end. The library reports errors
 * through a handler that would otherwise print them; ours keeps the first
 * message for fr_last_error. Chunks (ZIP, 16 rows each) are compressed on
 * every thread and written in order. */
#include "io/exr_io.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <openexr.h>

#include "io/atomic_file.h"

typedef struct exr_state {
    char msg[512];      /* the first error OpenEXRCore reported, or "" */
    int fd;             /* written at offsets, or -1: into mem */
    unsigned char *mem; /* (a FIFO) the whole file */
    size_t mem_len, mem_cap;
    int io_errno; /* a write that failed, or 0 */
} exr_state;

static void on_exr_error(exr_const_context_t c, exr_result_t code, const char *msg)
{
    void *user = NULL;
    if (exr_get_user_data(c, &user) != EXR_ERR_SUCCESS || !user) return;
    exr_state *st = user;
    /* (chunks are encoded on several threads) */
#pragma omp critical(fr_exr_error)
    if (!st->msg[0]) snprintf(st->msg, sizeof st->msg, "%s", msg ? msg : exr_get_default_error_message(code));
}

static int64_t write_at(exr_const_context_t c, void *user, const void *buf, uint64_t sz, uint64_t off,
                        exr_stream_error_func_ptr_t error_cb)
{
    exr_state *st = user;
    if (st->fd >= 0) {
        for (uint64_t done = 0; done < sz;) {
            ssize_t w = pwrite(st->fd, (const char *)buf + done, sz - done, (off_t)(off + done));
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) {
                st->io_errno = w < 0 ? errno : EIO;
                if (error_cb) error_cb(c, EXR_ERR_WRITE_IO, "%s", strerror(st->io_errno));
                return -1;
            }
            done += (uint64_t)w;
        }
        return (int64_t)sz;
    }
    if (off + sz > st->mem_cap) {
        size_t cap = st->mem_cap ? st->mem_cap : (size_t)1 << 16;
        while (cap < off + sz)
            cap *= 2;
        unsigned char *m = realloc(st->mem, cap);
        if (!m) {
            st->io_errno = ENOMEM;
            return -1;
        }
        st->mem = m, st->mem_cap = cap;
    }
    if (off > st->mem_len) memset(st->mem + st->mem_len, 0, off - st->mem_len);
    memcpy(st->mem + off, buf, sz);
    if (off + sz > st->mem_len) st->mem_len = off + sz;
    return (int64_t)sz;
}

/* OpenEXRCore's last two steps of a chunk (check that it is the next one,
 * write it), left out of exr_encoding_run and taken in chunk order. */
typedef exr_result_t (*exr_step)(exr_encode_pipeline_t *);
typedef struct exr_tail {
    exr_step yield, write;
} exr_tail;

static exr_result_t step_later(exr_encode_pipeline_t *enc)
{
    (void)enc;
    return EXR_ERR_SUCCESS;
}

/* Pack and compress chunk y (its rows) in `enc`, a thread's pipeline;
 * *tail receives the steps left out. */
static exr_result_t encode_chunk(exr_context_t ec, int part, int y, int width, const fr_exr_channel *ch,
                                 int n, exr_encode_pipeline_t *enc, int *have, exr_tail *tail)
{
    exr_chunk_info_t ci;
    exr_result_t r = exr_write_scanline_chunk_info(ec, part, y, &ci);
    if (r) return r;
    if ((r = *have ? exr_encoding_update(ec, part, &ci, enc) : exr_encoding_initialize(ec, part, &ci, enc)))
        return r;
    *have = 1;
    for (int c = 0; c < enc->channel_count; c++) {
        exr_coding_channel_info_t *out = &enc->channels[c];
        const fr_exr_channel *in = NULL;
        for (int k = 0; k < n && !in; k++)
            if (!strcmp(ch[k].name, out->channel_name)) in = &ch[k];
        if (!in) return EXR_ERR_INVALID_ARGUMENT;
        out->encode_from_ptr = (const uint8_t *)in->data + (size_t)y * width * in->stride;
        out->user_pixel_stride = (int32_t)in->stride;
        out->user_line_stride = (int32_t)(in->stride * (size_t)width);
        out->user_bytes_per_element = 4;
        out->user_data_type = in->type == FR_EXR_UINT ? EXR_PIXEL_UINT : EXR_PIXEL_FLOAT;
    }
    if (!tail->write) {
        if ((r = exr_encoding_choose_default_routines(ec, part, enc))) return r;
        tail->yield = enc->yield_until_ready_fn, tail->write = enc->write_fn;
        enc->yield_until_ready_fn = step_later, enc->write_fn = step_later;
    }
    return exr_encoding_run(ec, part, enc);
}

/* Encode every chunk of rows on the context's threads (compression is
 * most of the work) and write them in order, one at a time, so the file
 * is the same on any thread count. Every chunk passes the ordered write,
 * failed or not, so no thread waits for one that never comes. */
static exr_result_t write_chunks(fr_context *ctx, exr_context_t ec, int part, int width, int height,
                                 const fr_exr_channel *ch, int n)
{
    int32_t lines = 0;
    exr_result_t r = exr_get_scanlines_per_chunk(ec, part, &lines);
    if (!r && lines < 1) r = EXR_ERR_INVALID_ARGUMENT;
    if (r) return r;
    const int chunks = (int)((height + (int64_t)lines - 1) / lines);
    exr_result_t first = EXR_ERR_SUCCESS; /* the first failure, in chunk order */
#pragma omp parallel num_threads(fr_threads(ctx))
    {
        exr_encode_pipeline_t enc;
        memset(&enc, 0, sizeof enc);
        exr_tail tail = {NULL, NULL};
        int have = 0;
#pragma omp for ordered schedule(dynamic, 1)
        for (int k = 0; k < chunks; k++) {
            exr_result_t failed, rk;
#pragma omp atomic read
            failed = first;
            rk = failed ? failed : encode_chunk(ec, part, k * lines, width, ch, n, &enc, &have, &tail);
#pragma omp ordered
            {
                if (!rk && !first && tail.yield) rk = tail.yield(&enc);
                if (!rk && !first && tail.write) rk = tail.write(&enc);
                if (rk && !first) {
#pragma omp atomic write
                    first = rk;
                }
            }
        }
        if (have) exr_encoding_destroy(ec, &enc);
    }
    return first;
}

fr_status fr_exr_write(fr_context *ctx, const char *path, int width, int height, const fr_exr_channel *ch,
                       int n, const fr_exr_attr *attr, int n_attr)
{
    const char *p = path ? path : "";
    if (width <= 0 || height <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': image size %dx%d is not positive", p, width,
                       height);
    if (!ch || n < 1) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no channels", p);
    for (int k = 0; k < n; k++)
        if (!ch[k].name || !*ch[k].name || strlen(ch[k].name) > 31 || !ch[k].data || ch[k].stride < 4 ||
            ch[k].stride * (size_t)width > INT32_MAX)
            return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': channel %d is malformed", p, k);

    fr_atomic_file af;
    fr_status s = fr_atomic_open(ctx, &af, path);
    if (s) return s;
    exr_state st = {.fd = -1};
    const int fd = fileno(af.fp);
    if (lseek(fd, 0, SEEK_CUR) >= 0) st.fd = fd; /* else a FIFO: the file in memory, written at the end */

    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    init.error_handler_fn = on_exr_error;
    init.user_data = &st;
    init.write_fn = write_at;
    exr_context_t ec = NULL;
    int part = 0;
    exr_result_t r = exr_start_write(&ec, p, EXR_WRITE_FILE_DIRECTLY, &init);
    if (!r) r = exr_add_part(ec, NULL, EXR_STORAGE_SCANLINE, &part);
    if (!r) r = exr_initialize_required_attr_simple(ec, part, width, height, EXR_COMPRESSION_ZIP);
    for (int k = 0; !r && k < n; k++)
        r = exr_add_channel(ec, part, ch[k].name,
                            ch[k].type == FR_EXR_UINT   ? EXR_PIXEL_UINT
                            : ch[k].type == FR_EXR_HALF ? EXR_PIXEL_HALF
                                                        : EXR_PIXEL_FLOAT,
                            EXR_PERCEPTUALLY_LOGARITHMIC, 1, 1);
    for (int k = 0; !r && k < n_attr; k++)
        r = attr[k].text ? exr_attr_set_string(ec, part, attr[k].name, attr[k].text)
                         : exr_attr_set_int(ec, part, attr[k].name, attr[k].value);
    if (!r) r = exr_write_header(ec);
    if (!r) r = write_chunks(ctx, ec, part, width, height, ch, n);
    if (ec) {
        exr_result_t rf = exr_finish(&ec); /* writes the chunk offsets */
        if (!r) r = rf;
    }
    if (!r && !st.io_errno && st.fd < 0 && fwrite(st.mem, 1, st.mem_len, af.fp) != st.mem_len)
        st.io_errno = errno ? errno : EIO;
    free(st.mem);
    if (r || st.io_errno) {
        fr_atomic_abort(&af);
        if (st.io_errno)
            return fr_fail(ctx, st.io_errno == ENOMEM ? FR_ERR_NOMEM : FR_ERR_IO, "cannot write '%s': %s", p,
                           strerror(st.io_errno));
        return fr_fail(ctx, r == EXR_ERR_OUT_OF_MEMORY ? FR_ERR_NOMEM : FR_ERR_IO,
                       "cannot write '%s': OpenEXR: %s", p,
                       st.msg[0] ? st.msg : exr_get_default_error_message(r));
    }
    return fr_atomic_commit(ctx, &af);
}

void fr_exr_linear_rgb(const fr_image *img, float *rgb)
{
    const int ch = fr_image_channels(img);
    const size_t n = (size_t)img->width * img->height;
    const double top = img->depth == 16 ? 65535.0 : 255.0;
    for (size_t i = 0; i < n; i++)
        for (int c = 0; c < 3; c++) {
            double v = (img->depth == 16 ? ((const uint16_t *)img->pixels)[i * ch + c]
                                         : ((const uint8_t *)img->pixels)[i * ch + c]) /
                       top;
            rgb[3 * i + c] = (float)(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4));
        }
}

fr_status fr_exr_read_meta(fr_context *ctx, const char *path, const char *key, char **text)
{
    if (!ctx) return FR_ERR_INVALID;
    if (!text) return fr_fail(ctx, FR_ERR_INVALID, "fr_exr_read_meta: text is NULL");
    *text = NULL;
    if (!key || !*key) return fr_fail(ctx, FR_ERR_INVALID, "fr_exr_read_meta: key is empty");
    /* missing, a folder, unreadable: the message every reader gives */
    FILE *fp;
    fr_status s = fr_open_read(ctx, path, &fp);
    if (s) return s;
    fclose(fp);

    exr_state st = {.fd = -1};
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    init.error_handler_fn = on_exr_error;
    init.user_data = &st;
    exr_context_t ec = NULL;
    exr_result_t r = exr_start_read(&ec, path, &init);
    if (r) {
        if (ec) exr_finish(&ec);
        return fr_fail(ctx, r == EXR_ERR_OUT_OF_MEMORY ? FR_ERR_NOMEM : FR_ERR_PARSE,
                       "cannot read '%s': not an OpenEXR file, or a damaged one (%s)", path,
                       st.msg[0] ? st.msg : exr_get_default_error_message(r));
    }
    int parts = 0;
    r = exr_get_count(ec, &parts);
    /* KF reads its attribute from whichever part has it; so do we */
    for (int k = 0; !r && !s && !*text && k < parts; k++) {
        const exr_attribute_t *a = NULL;
        if (exr_get_attribute_by_name(ec, k, key, &a) != EXR_ERR_SUCCESS || !a) continue;
        if (a->type != EXR_ATTR_STRING || !a->string || a->string->length < 0) {
            s = fr_fail(ctx, FR_ERR_PARSE, "cannot read '%s': its '%s' attribute is not a string", path, key);
            break;
        }
        size_t len = (size_t)a->string->length;
        if (!(*text = malloc(len + 1))) {
            s = fr_fail(ctx, FR_ERR_NOMEM, "cannot read '%s': out of memory", path);
            break;
        }
        if (len) memcpy(*text, a->string->str, len);
        (*text)[len] = 0;
    }
    if (r && !s)
        s = fr_fail(ctx, FR_ERR_PARSE, "cannot read '%s': %s", path, exr_get_default_error_message(r));
    exr_finish(&ec);
    if (s) free(*text), *text = NULL;
    return s;
}
