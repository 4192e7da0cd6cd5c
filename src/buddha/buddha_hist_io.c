/* Hit histograms as NumPy arrays: 32-bit counts when they all fit, 64-bit
 * otherwise; with their scene beside them (NAME.npy.json), written both or
 * neither, and read back for --resume. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/context.h"
#include "io/atomic_file.h"
#include "io/npy.h"

/* Counts converted and written a chunk at a time (a 32768 x 32768 plane
 * is 2^30 counts: no 32-bit copy of it). */
#define NPY_CHUNK ((size_t)1 << 20)

/* The histogram's .npy into an open file: 32-bit counts when they all fit,
 * else 64-bit; little-endian whatever the host. */
static fr_status write_hist(fr_context *ctx, FILE *fp, const fr_buddha_hist *h, const char *path)
{
    if (!h || !h->counts) return fr_fail(ctx, FR_ERR_INVALID, "no histogram to write");
    const size_t n = (size_t)h->width * h->height * h->channels;
    uint64_t mx = 0;
#pragma omp parallel for reduction(max : mx) schedule(static)
    for (size_t i = 0; i < n; i++) mx = h->counts[i] > mx ? h->counts[i] : mx;
    const int size = mx > UINT32_MAX ? 8 : 4;
    int64_t shape[3] = {h->channels, h->height, h->width};
    const int ndim = h->channels == 1 ? 2 : 3;
    fr_status s = fr_npy_write_header(ctx, fp, path, size == 4 ? "<u4" : "<u8", ndim,
                                      h->channels == 1 ? shape + 1 : shape, NULL);
    if (s) return s;
    unsigned char *buf = malloc(NPY_CHUNK * (size_t)size);
    if (!buf) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory writing '%s'", path);
    int ok = 1;
    errno = 0;
    for (size_t at = 0; ok && at < n; at += NPY_CHUNK) {
        const size_t m = n - at < NPY_CHUNK ? n - at : NPY_CHUNK;
        for (size_t i = 0; i < m; i++) {
            const uint64_t v = h->counts[at + i];
            for (int b = 0; b < size; b++) buf[i * (size_t)size + (size_t)b] = (unsigned char)(v >> (8 * b));
        }
        ok = fwrite(buf, (size_t)size, m, fp) == m;
    }
    free(buf);
    if (!ok) return fr_fail(ctx, FR_ERR_IO, "cannot write '%s': %s", path, strerror(errno ? errno : EIO));
    return FR_OK;
}

fr_status fr_buddha_hist_write_npy(fr_context *ctx, const fr_buddha_hist *h, const char *path)
{
    fr_atomic_file af;
    fr_status s = fr_atomic_open(ctx, &af, path);
    if (s) return s;
    if ((s = write_hist(ctx, af.fp, h, path))) {
        fr_atomic_abort(&af);
        return s;
    }
    return fr_atomic_commit(ctx, &af);
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

/* ------------------------------------------------- with the scene beside */

static char *scene_path(const char *npy)
{
    size_t n = strlen(npy) + 6;
    char *s = malloc(n);
    if (s) snprintf(s, n, "%s.json", npy);
    return s;
}

/* The scene with the histogram's sample count (malloc()ed). */
static fr_status scene_text(fr_context *ctx, const fr_buddha_params *p, uint64_t samples, char **out)
{
    char *json = NULL;
    *out = NULL;
    fr_status s = fr_buddha_params_to_json(ctx, p, &json);
    if (s) return s;
    json_t *root = json_loads(json, JSON_PRESERVE_ORDER, NULL);
    free(json);
    if (root && samples <= (uint64_t)INT64_MAX) {
        json_object_set_new(root, "histogram_samples", json_integer((json_int_t)samples));
        *out = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    }
    json_decref(root);
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

fr_status fr_buddha_hist_save(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *h, const char *path)
{
    if (!p || !h || !path) return fr_fail(ctx, FR_ERR_INVALID, "fr_buddha_hist_save: NULL argument");
    char *json_path = scene_path(path), *text = NULL;
    fr_atomic_file af[2];
    memset(af, 0, sizeof af);
    fr_status s = json_path ? scene_text(ctx, p, h->samples, &text) : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    if (!s) s = fr_atomic_open(ctx, &af[0], path);
    if (!s) s = write_hist(ctx, af[0].fp, h, path);
    if (!s) s = fr_atomic_open(ctx, &af[1], json_path);
    if (!s && fputs(text, af[1].fp) < 0) s = fr_fail(ctx, FR_ERR_IO, "cannot write '%s'", json_path);
    /* both files whole before either takes its name */
    if (!s) s = fr_atomic_commit_all(ctx, af, 2);
    else fr_atomic_abort(&af[0]), fr_atomic_abort(&af[1]);
    free(json_path), free(text);
    return s;
}

fr_status fr_buddha_hist_load(fr_context *ctx, const char *path, fr_buddha_params *p, fr_buddha_hist *h)
{
    memset(h, 0, sizeof *h);
    if (!p || !path) return fr_fail(ctx, FR_ERR_INVALID, "fr_buddha_hist_load: NULL argument");
    char *json_path = scene_path(path), *text = NULL, *scene = NULL;
    if (!json_path) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_buddha_params q = *p;
    uint64_t samples = 0;
    fr_status s = fr_read_text_file(ctx, json_path, &text);
    if (s) {
        fr_fail(ctx, s, "%s: its scene %s is missing or unreadable (%s)", path, json_path, fr_last_error(ctx));
        goto done;
    }
    json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, NULL);
    json_t *n = root ? json_object_get(root, "histogram_samples") : NULL;
    if (!json_is_integer(n) || json_integer_value(n) < 0) {
        json_decref(root);
        s = fr_fail(ctx, FR_ERR_PARSE, "%s: %s has no histogram_samples count", path, json_path);
        goto done;
    }
    samples = (uint64_t)json_integer_value(n);
    json_object_del(root, "histogram_samples");
    scene = json_dumps(root, 0);
    json_decref(root);
    if (!scene) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto done;
    }
    if ((s = fr_buddha_params_from_json(ctx, scene, &q))) {
        fr_fail(ctx, s, "%s: %s", json_path, fr_last_error(ctx));
        goto done;
    }
    if ((s = fr_buddha_hist_read_npy(ctx, path, h))) goto done;
    if (h->width != q.width || h->height != q.height || h->channels != q.channels) {
        s = fr_fail(ctx, FR_ERR_PARSE, "%s: the histogram is %dx%d with %d channel(s), its scene says %dx%d with %d",
                    path, h->width, h->height, h->channels, q.width, q.height, q.channels);
        fr_buddha_hist_free(h);
        goto done;
    }
    h->samples = samples;
    *p = q;
done:
    free(json_path), free(text), free(scene);
    return s;
}
