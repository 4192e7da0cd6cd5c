/* Tone mapping of hit histograms: each channel is normalised by a high
 * percentile of its non-zero counts (a few hot pixels do not darken the
 * image, as normalising by the maximum would), clipped, and shaped by a
 * curve. The result is written as display values. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "io/png_deflate.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorted copy of the non-zero counts of one plane (NULL, n = 0 if none). */
static fr_status sorted_nonzero(fr_context *ctx, const uint64_t *h, size_t n, uint64_t **out, size_t *count)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++) m += h[i] != 0;
    *out = NULL, *count = m;
    if (!m) return FR_OK;
    uint64_t *v = malloc(m * sizeof *v);
    if (!v) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for tone mapping");
    m = 0;
    for (size_t i = 0; i < n; i++)
        if (h[i]) v[m++] = h[i];
    qsort(v, m, sizeof *v, cmp_u64);
    *out = v;
    return FR_OK;
}

/* Digits of the white point's selection: 16 bits, counted per thread. */
#define DIGIT_BITS 16
#define DIGITS (1u << DIGIT_BITS)

/* The k-th smallest (from 0) of the m non-zero counts of h, exactly, without
 * a copy or a sort (a 32768 x 32768 plane holds 2^30 counts): a radix
 * selection from the top 16-bit digit that any count uses, one pass over
 * the plane a digit (most histograms need one or two). */
static fr_status kth_nonzero(fr_context *ctx, const uint64_t *h, size_t n, size_t k, uint64_t *out)
{
    uint64_t mx = 0;
#pragma omp parallel for reduction(max : mx) schedule(static)
    for (size_t i = 0; i < n; i++) mx = h[i] > mx ? h[i] : mx;
    int d = 0;
    while (d + 1 < 64 / DIGIT_BITS && (mx >> (DIGIT_BITS * (d + 1)))) d++;
    uint64_t *count = malloc(DIGITS * sizeof *count);
    if (!count) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for tone mapping");
    uint64_t prefix = 0; /* the digits above d found so far */
    for (; d >= 0; d--) {
        const int shift = DIGIT_BITS * d;
        memset(count, 0, DIGITS * sizeof *count);
#pragma omp parallel
        {
            uint64_t *mine = calloc(DIGITS, sizeof *mine);
            if (mine) {
#pragma omp for schedule(static)
                for (size_t i = 0; i < n; i++) {
                    const uint64_t v = h[i];
                    /* every count <= mx: above the top digit all match */
                    if (v && (shift + DIGIT_BITS >= 64 || (v >> (shift + DIGIT_BITS)) == prefix))
                        mine[(v >> shift) & (DIGITS - 1)]++;
                }
#pragma omp critical
                for (unsigned b = 0; b < DIGITS; b++) count[b] += mine[b];
                free(mine);
            } else {
#pragma omp for schedule(static)
                for (size_t i = 0; i < n; i++) {
                    const uint64_t v = h[i];
                    if (v && (shift + DIGIT_BITS >= 64 || (v >> (shift + DIGIT_BITS)) == prefix))
                        __atomic_fetch_add(&count[(v >> shift) & (DIGITS - 1)], 1, __ATOMIC_RELAXED);
                }
            }
        }
        unsigned b = 0;
        while (b + 1 < DIGITS && k >= count[b]) k -= count[b++];
        prefix = (prefix << DIGIT_BITS) | b;
    }
    free(count);
    *out = prefix;
    return FR_OK;
}

/* Number of sorted values <= x. */
static size_t upper_bound(const uint64_t *v, size_t n, uint64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] <= x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static double curve(const fr_buddha_params *p, double v)
{
    switch (p->tone) {
    case FR_TONE_LINEAR: return v;
    case FR_TONE_SQRT: return sqrt(v);
    case FR_TONE_LOG: return log1p(p->tone_strength * v) / log1p(p->tone_strength);
    case FR_TONE_GAMMA: return pow(v, 1.0 / p->gamma);
    case FR_TONE_CURVE: return fmin(1.1 * v, 0.2 * v + 0.8);
    case FR_TONE_EQUALIZE: return v; /* ranks, computed by the caller */
    }
    return v;
}

/* What maps a channel's counts to display values: its white point and,
 * for equalize, its sorted non-zero counts. */
typedef struct tone_plan {
    const fr_buddha_params *p;
    const fr_buddha_hist *hist;
    size_t n;                 /* pixels a plane */
    double white[3], top;
    uint64_t *sorted[3];      /* equalize only */
    size_t m[3], eq_top[3];
} tone_plan;

static void plan_free(tone_plan *t)
{
    for (int k = 0; k < 3; k++) free(t->sorted[k]), t->sorted[k] = NULL;
}

static fr_status plan_init(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *hist, tone_plan *t)
{
    memset(t, 0, sizeof *t);
    if (!hist || !hist->counts || hist->width != p->width || hist->height != p->height ||
        hist->channels != p->channels)
        return fr_fail(ctx, FR_ERR_INVALID, "the histogram does not match the parameters' size and channels");
    if (p->depth != 8 && p->depth != 16) return fr_fail(ctx, FR_ERR_INVALID, "depth must be 8 or 16");
    t->p = p, t->hist = hist;
    t->n = (size_t)hist->width * hist->height;
    t->top = p->depth == 16 ? 65535.0 : 255.0;
    const size_t n = t->n;
    for (int k = 0; k < hist->channels; k++) {
        const uint64_t *h = hist->counts + k * n;
        size_t m = 0;
        fr_status s = FR_OK;
        /* equalize ranks every count (a sorted copy); the other curves need
         * the white point alone */
        if (p->tone == FR_TONE_EQUALIZE) s = sorted_nonzero(ctx, h, n, &t->sorted[k], &m);
        else {
#pragma omp parallel for reduction(+ : m) schedule(static)
            for (size_t i = 0; i < n; i++) m += h[i] != 0;
        }
        /* White point: the percentile's count, at least 1. */
        double white = 1;
        if (!s && m) {
            size_t at = (size_t)ceil(p->percentile / 100.0 * (double)m);
            at = at < 1 ? 0 : at - 1;
            at = at < m ? at : m - 1;
            uint64_t w = 0;
            if (t->sorted[k]) w = t->sorted[k][at];
            else s = kth_nonzero(ctx, h, n, at, &w);
            white = (double)w;
            if (white < 1) white = 1;
        }
        if (s) {
            plan_free(t);
            return s;
        }
        t->m[k] = m, t->white[k] = white;
        t->eq_top[k] = t->sorted[k] ? upper_bound(t->sorted[k], m, (uint64_t)white) : 0;
    }
    return FR_OK;
}

/* The display value (0 .. top) of count c in channel k. */
static inline unsigned tone_value(const tone_plan *t, int k, uint64_t c)
{
    const fr_buddha_params *p = t->p;
    double v;
    if (p->tone == FR_TONE_EQUALIZE)
        v = c && t->eq_top[k] ? fmin(1.0, (double)upper_bound(t->sorted[k], t->m[k], c) / (double)t->eq_top[k]) : 0;
    else v = curve(p, fmin((double)c / t->white[k], 1.0));
    return (unsigned)floor(fmin(fmax(v, 0.0), 1.0) * t->top + 0.5);
}

fr_status fr_buddha_tone_map(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *hist,
                             fr_image *image)
{
    memset(image, 0, sizeof *image);
    tone_plan t;
    fr_status s = plan_init(ctx, p, hist, &t);
    if (s) return s;
    const size_t n = t.n;
    const int bytes = p->depth / 8;
    void *px = malloc(n * 3 * bytes);
    if (!px) {
        plan_free(&t);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a %dx%d image", hist->width, hist->height);
    }
    for (int k = 0; k < hist->channels; k++) {
        const uint64_t *h = hist->counts + k * n;
#pragma omp parallel for schedule(static)
        for (size_t i = 0; i < n; i++) {
            const unsigned q = tone_value(&t, k, h[i]);
            for (int c = 0; c < 3; c++) {
                if (hist->channels == 3 && c != k) continue;
                if (bytes == 1) ((uint8_t *)px)[i * 3 + c] = (uint8_t)q;
                else ((uint16_t *)px)[i * 3 + c] = (uint16_t)q;
            }
        }
    }
    plan_free(&t);
    image->width = hist->width, image->height = hist->height, image->depth = p->depth, image->pixels = px;
    return FR_OK;
}

/* Scanline y of the tone-mapped image in PNG byte order (RGB, 16-bit
 * big-endian), as fr_buddha_tone_map would store it. */
static void tone_row(void *user, int y, unsigned char *dst)
{
    const tone_plan *t = user;
    const fr_buddha_hist *h = t->hist;
    const size_t w = (size_t)h->width, row = (size_t)y * w;
    const int bytes = t->p->depth / 8;
    for (size_t x = 0; x < w; x++) {
        unsigned q[3] = {0, 0, 0};
        for (int k = 0; k < h->channels; k++) q[k] = tone_value(t, k, h->counts[k * t->n + row + x]);
        if (h->channels == 1) q[1] = q[2] = q[0];
        for (int c = 0; c < 3; c++) {
            if (bytes == 1) dst[x * 3 + c] = (unsigned char)q[c];
            else dst[(x * 3 + c) * 2] = (unsigned char)(q[c] >> 8), dst[(x * 3 + c) * 2 + 1] = (unsigned char)q[c];
        }
    }
}

fr_status fr_buddha_write_png(fr_context *ctx, const fr_buddha_params *p, const fr_buddha_hist *hist,
                              const char *path, const char *meta)
{
    tone_plan t;
    fr_status s = plan_init(ctx, p, hist, &t);
    if (s) return s;
    fr_png_rows src;
    memset(&src, 0, sizeof src);
    src.shape.width = hist->width, src.shape.height = hist->height, src.shape.depth = p->depth;
    src.row = tone_row, src.user = &t;
    s = fr_png_write_rows(ctx, &src, path, NULL, meta);
    plan_free(&t);
    return s;
}
