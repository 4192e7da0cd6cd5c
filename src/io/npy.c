/* NumPy .npy arrays (format version 1.0) for the raw per-sample results, so
 * that they load with a plain numpy.load(). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io/atomic_file.h"
#include "io/npy.h"

/* The header of an array into fp (path names it in messages). */
fr_status fr_npy_write_header(fr_context *ctx, FILE *fp, const char *path, const char *descr, int ndim,
                              const int64_t *shape, size_t *count_out)
{
    const char *p = path ? path : "";
    size_t count = 1;
    char dims[96] = "";
    for (int d = 0; d < ndim; d++) {
        if (shape[d] <= 0)
            return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': array shape is not positive", p);
        count *= (size_t)shape[d];
        size_t l = strlen(dims);
        snprintf(dims + l, sizeof dims - l, "%lld,%s", (long long)shape[d], d + 1 < ndim ? " " : "");
    }
    if (ndim > 1) dims[strlen(dims) - 1] = 0; /* "(2, 3)" but "(5,)" */

    /* magic (6) + version (2) + header length (2) + dict, padded with spaces
     * and ended by '\n' to a multiple of 64 bytes as the format asks, so that
     * the data that follows is aligned for memory mapping. */
    char hdr[256];
    memcpy(hdr, "\x93NUMPY\x01\x00", 8);
    int dict = snprintf(hdr + 10, sizeof hdr - 10, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }",
                        descr, dims);
    size_t used = 10 + (size_t)dict + 1;
    size_t total = (used + 63) / 64 * 64;
    memset(hdr + 10 + dict, ' ', total - 10 - (size_t)dict);
    hdr[total - 1] = '\n';
    size_t hlen = total - 10;
    hdr[8] = (char)(hlen & 0xff);
    hdr[9] = (char)(hlen >> 8);
    errno = 0;
    if (fwrite(hdr, 1, total, fp) != total)
        return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", p, strerror(errno ? errno : EIO));
    if (count_out) *count_out = count;
    return FR_OK;
}

/* The header and data of an array into fp (path names it in messages).
 * `data` holds the product of shape[] elements of `size` (4 or 8) bytes in
 * host order; `descr` is the little-endian dtype the file declares. */
fr_status fr_npy_write_fp(fr_context *ctx, FILE *fp, const char *path, const void *data, const char *descr, int size,
                          int ndim, const int64_t *shape)
{
    const char *p = path ? path : "";
    if (!data) return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': no data", p);
    size_t count = 0;
    fr_status s = fr_npy_write_header(ctx, fp, path, descr, ndim, shape, &count);
    if (s) return s;
    const size_t chunk = 1 << 16, bytes = count * (size_t)size;
    uint16_t probe = 1;
    unsigned char first;
    memcpy(&first, &probe, 1);
    const int swap = first != 1;
    unsigned char *buf = NULL;
    if (swap) {
        buf = malloc(chunk);
        if (!buf) return fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", p);
    }
    errno = 0;
    int ok = 1;
    for (size_t at = 0; ok && at < bytes; at += chunk) {
        size_t n = bytes - at < chunk ? bytes - at : chunk;
        const unsigned char *src = (const unsigned char *)data + at;
        if (swap) {
            for (size_t i = 0; i < n; i += (size_t)size)
                for (int b = 0; b < size; b++) buf[i + b] = src[i + size - 1 - b];
            src = buf;
        }
        ok = fwrite(src, 1, n, fp) == n;
    }
    free(buf);
    if (!ok) return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", p, strerror(errno ? errno : EIO));
    return FR_OK;
}

fr_status fr_npy_write(fr_context *ctx, const char *path, const void *data, const char *descr, int size, int ndim,
                       const int64_t *shape)
{
    fr_atomic_file af;
    fr_status s = fr_atomic_open(ctx, &af, path);
    if (s != FR_OK) return s;
    if ((s = fr_npy_write_fp(ctx, af.fp, path, data, descr, size, ndim, shape))) {
        fr_atomic_abort(&af);
        return s;
    }
    return fr_atomic_commit(ctx, &af);
}

static fr_status npy_write(fr_context *ctx, const char *path, const void *data, int width, int height,
                           const char *descr)
{
    const int64_t shape[2] = {height, width};
    if (width <= 0 || height <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "cannot write '%s': array shape %dx%d is not positive",
                       path ? path : "", width, height);
    return fr_npy_write(ctx, path, data, descr, 4, 2, shape);
}

/* ---------------------------------------------------------------- reading */

typedef struct hdr_parse {
    const char *p;
} hdr_parse;

static void ws(hdr_parse *h)
{
    while (*h->p == ' ' || *h->p == '\t' || *h->p == '\n' || *h->p == '\r') h->p++;
}

static int eat(hdr_parse *h, char c)
{
    ws(h);
    if (*h->p != c) return 0;
    h->p++;
    return 1;
}

/* A quoted Python string ('...' or "...", no escapes) into buf. */
static int str(hdr_parse *h, char *buf, size_t n)
{
    ws(h);
    char q = *h->p;
    if (q != '\'' && q != '"') return 0;
    const char *end = strchr(h->p + 1, q);
    if (!end || (size_t)(end - h->p - 1) >= n) return 0;
    memcpy(buf, h->p + 1, (size_t)(end - h->p - 1));
    buf[end - h->p - 1] = 0;
    if (strchr(buf, '\\')) return 0;
    h->p = end + 1;
    return 1;
}

/* The header's dictionary, exactly as the format defines it: the keys
 * 'descr', 'fortran_order' and 'shape', each once, nothing else; *size is
 * 4 or 8 for '<u4' or '<u8' (any other dtype, Fortran order or a malformed
 * dictionary: 0 returned). */
static int parse_header(const char *text, int *size, int *ndim, int64_t shape[4])
{
    hdr_parse h = {text};
    int seen = 0;
    *size = 0, *ndim = 0;
    if (!eat(&h, '{')) return 0;
    for (;;) {
        char key[32], val[32];
        if (eat(&h, '}')) break;
        if (!str(&h, key, sizeof key) || !eat(&h, ':')) return 0;
        if (!strcmp(key, "descr") && !(seen & 1)) {
            if (!str(&h, val, sizeof val)) return 0;
            *size = !strcmp(val, "<u4") ? 4 : !strcmp(val, "<u8") ? 8 : 0;
            if (!*size) return 0;
            seen |= 1;
        } else if (!strcmp(key, "fortran_order") && !(seen & 2)) {
            ws(&h);
            if (strncmp(h.p, "False", 5)) return 0;
            h.p += 5;
            seen |= 2;
        } else if (!strcmp(key, "shape") && !(seen & 4)) {
            if (!eat(&h, '(')) return 0;
            while (!eat(&h, ')')) {
                ws(&h);
                char *end;
                if (*h.p < '0' || *h.p > '9') return 0;
                errno = 0;
                long long v = strtoll(h.p, &end, 10);
                if (errno || v <= 0 || *ndim == 4) return 0;
                shape[(*ndim)++] = v;
                h.p = end;
                ws(&h);
                if (*h.p == ',') h.p++;
                else if (*h.p != ')') return 0;
            }
            seen |= 4;
        } else {
            return 0; /* an unknown or repeated key */
        }
        if (eat(&h, '}')) break;
        if (!eat(&h, ',')) return 0;
    }
    ws(&h);
    return seen == 7 && *h.p == 0 && *ndim > 0;
}

/* Read an unsigned integer array ('<u4' or '<u8', C order) into 64-bit
 * values. */
fr_status fr_npy_read_u64(fr_context *ctx, const char *path, int *ndim, int64_t shape[4], uint64_t **data)
{
    FILE *fp;
    fr_status s = fr_open_read(ctx, path, &fp);
    if (s) return s;
    unsigned char pre[12];
    char hdr[4096];
    *data = NULL;
    s = fr_fail(ctx, FR_ERR_PARSE, "'%s' is not a .npy file of unsigned 32- or 64-bit integers", path);
    if (fread(pre, 1, 10, fp) != 10 || memcmp(pre, "\x93NUMPY", 6) || (pre[6] != 1 && pre[6] != 2)) goto done;
    size_t hlen = pre[8] | (size_t)pre[9] << 8;
    if (pre[6] == 2) {
        if (fread(pre + 10, 1, 2, fp) != 2) goto done;
        hlen |= (size_t)pre[10] << 16 | (size_t)pre[11] << 24;
    }
    if (hlen >= sizeof hdr || fread(hdr, 1, hlen, fp) != hlen) goto done;
    hdr[hlen] = 0;
    int size, nd;
    if (!parse_header(hdr, &size, &nd, shape)) goto done;
    size_t count = 1;
    for (int d = 0; d < nd; d++) {
        if ((uint64_t)shape[d] > ((uint64_t)1 << 36) / count) goto done;
        count *= (size_t)shape[d];
    }
    if (count > ((size_t)1 << 36)) goto done;
    uint64_t *v = malloc(count * sizeof *v);
    unsigned char *raw = malloc(count * (size_t)size);
    if (!v || !raw) {
        free(v), free(raw);
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory reading '%s'", path);
        goto done;
    }
    if (fread(raw, (size_t)size, count, fp) != count) {
        free(v), free(raw);
        s = fr_fail(ctx, FR_ERR_PARSE, "'%s' is shorter than its header says", path);
        goto done;
    }
    for (size_t i = 0; i < count; i++) {
        uint64_t x = 0;
        for (int b = size - 1; b >= 0; b--) x = x << 8 | raw[i * (size_t)size + b];
        v[i] = x;
    }
    free(raw);
    *ndim = nd, *data = v;
    s = FR_OK;
done:
    fclose(fp);
    return s;
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
