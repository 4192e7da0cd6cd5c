/* Kalles Fraktaler 2+ location files (.kfr).
 *
 * What KF does with a location, read from KF's own source (Kalles
 * Fraktaler 2+, Karl Runmo and Claude Heiland-Allen, AGPL; the copies read
 * were github.com/smurfix/kf2, fraktal_sft/Parameter.cpp (OpenString,
 * ToText), fraktal_sft/fraktal_sft.cpp (ApplyColors, SetColor, Zoom,
 * GetRe/GetIm, GetZoom, OutputIterationData), fraktal_sft/fraktal_sft.h
 * (enums, SMOOTH_BAILOUT, GetTransformMatrix); manual: mathr.co.uk/kf/manual.html):
 *
 * File. "Key: Value" lines split at ": ", CRLF (KF writes "\r\n"); first
 * occurrence of a key wins (CStringTable::FindString). Defaults KF uses
 * for a missing key: IterDiv 1, Rotate 0, Ratio 360, ColorMethod 0,
 * Differences 0, ColorOffset 0, Power 2 (atoi, < 2 becomes 2),
 * FractalType 0, Smooth unchanged (KF starts with m_bTrans = TRUE, so 1),
 * SmoothMethod 0. ColorOffset is read with atoi and reset to 0 outside
 * 0..1023. Colors: comma-separated R,G,B (trailing comma), m_nParts =
 * count / 3 key colours. Re, Im, Zoom, Iterations keep the previous
 * location when missing; here Re, Im and Zoom are required and Iterations
 * defaults to 200 (KF's start-up value; not checked against KF's source).
 *
 * View. KF's zoom is 4 / (istop - istart): the view's HEIGHT is 4 / zoom
 * (GetZoom, ToZoom), the width follows from the pixel aspect (square
 * pixels). Rotate is, despite its name, an angle in RADIANS: KF computes
 * m_C = cos(g_Degree), m_S = sin(g_Degree) from the file's value directly.
 * The pixel at (x, y) (y counted down the window) is the point
 *   re = rstart + (mr + C*u + S*v) / W * (rstop - rstart)
 *   im = istart + (mi - S*u + C*v) / H * (istop - istart),
 * u = x - mr, v = y - mi (GetRe/GetIm), i.e. offset = e^{-i Rotate}(u + iv):
 * KF turns the view the other way from fractalis's counter-clockwise
 * "rotate", so fractalis's rotate = -Rotate * 180 / pi. (In that formula
 * the imaginary part grows with y, down the window; KF draws pixel row y
 * to bitmap row H-1-y of a bottom-up DIB, i.e. also row y from the top. If
 * that reading is right, KF's picture is fractalis's mirrored top to
 * bottom; not confirmed against a KF render.) Ratio is a stretch:
 * k = 360 / Ratio, u is multiplied by k before the rotation and the real
 * offset divided by k after it (Zoom(), GetTransformMatrix()), so without a
 * rotation Ratio changes nothing, and with one it skews the view, which
 * fractalis cannot do.
 *
 * Colour (ApplyColors, SetColor). KF interpolates the m_nParts key colours
 * into a table of 1024: for i = 0..1023, t = i * m_nParts / 1024,
 * p = floor(t), q = (p + 1) % m_nParts (wrapping from the last key colour
 * back to the first), f = t - p eased by f = sin((f - 1/2) pi) / 2 + 1/2
 * (NOT linear), colour = (unsigned char)(f key[q] + (1 - f) key[p])
 * (truncated). A pixel with count n (n == Iterations: the interior,
 * InteriorColor, default black) gets
 *   iter = n + 1 - m_nTrans            (smooth, SmoothMethod 0:
 *          m_nTrans = log(log|z|) / log(Power), escape at |z| > 10000, so
 *          iter = n + 1 - log2(ln|z_n|))
 *   iter = iter / IterDiv + ColorOffset        (ColorMethod 0, "standard")
 *   col = floor(iter) % 1024, frac = iter - floor(iter)
 *   Smooth 1: colour = (1 - frac) table[col] + frac table[(col + 1) % 1024]
 *   Smooth 0: colour = table[col].
 * So one palette cycle is 1024 * IterDiv (smooth) iterations and ColorOffset
 * is in table entries (1/1024 of a cycle). Other ColorMethods transform
 * iter first: 1 sqrt, 2 cube root, 3 log, 4 stretched to the image's
 * min..max, 5..8 distance estimates from neighbouring pixels (5 linear,
 * 6 DE + standard, 7 log(1 + DE * W/640), 8 sqrt; with Differences choosing
 * the stencil), 9 loglog, 10 atan, 11 fourth root. Only 0 is reproduced
 * here; the others are applied as 0 (the caller may refuse them:
 * k->color_method says which it was).
 *
 * How fractalis reproduces ColorMethod 0: the palette is KF's whole table,
 * 1024 evenly spaced stops, which fractalis interpolates linearly and
 * cyclically (last back to first), exactly KF's Smooth blend; its 4096-entry
 * lookup table puts every stop on an entry, so the only difference is
 * float rounding. fractalis's smooth value is nu = n - log2(ln|z_n| / ln R)
 * (escape_job.h); with R = 10000 as in KF (same n and z_n),
 * KF's iter = nu + 1 - log2(ln 10000). Hence
 *   palette-cycle  = 1024 * IterDiv
 *   palette-offset = ColorOffset / 1024 + (1 - log2(ln 10000)) / (1024 IterDiv)
 * and "bailout" 10000. Limits: fractalis stores nu as a float (steps of
 * 1/16 at 2^20 iterations) where KF keeps a double; Smooth 0 becomes
 * "count" (integer n, interpolated between table entries when n / IterDiv
 * is not whole), where KF steps the table by floor of the smooth iter, so
 * non-smooth bands do not line up exactly; SmoothMethod 1 (KF's linear
 * "sqrt" smoothing, escape radius 2) is approximated by the log smoothing.
 */
#include "io/kfr.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"

#define KF_SMOOTH_BAILOUT 10000.0
#define KF_DEFAULT_ITERATIONS 200u
#define KF_TABLE 1024
/* A decimal exponent this long is beyond any zoom that could be rendered
 * and keeps the arithmetic on it far from overflow. */
#define MAX_EXP_DIGITS 12

/* -------------------------------------------------------------- helpers */

static int is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* A printable excerpt of a value for messages. */
static const char *shown(const char *s, size_t len, char *buf, size_t cap)
{
    size_t n = len, j = 0;
    int cut = 0;
    if (n > 40) n = 40, cut = 1;
    for (size_t i = 0; i < n && j + 4 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        buf[j++] = (c < 0x20 || c >= 0x7f) ? '?' : (char)c;
    }
    if (cut && j + 4 <= cap) memcpy(buf + j, "...", 3), j += 3;
    buf[j] = 0;
    return buf;
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) memcpy(d, s, n), d[n] = 0;
    return d;
}

/* A decimal number: [+-] digits [. digits] [e [+-] digits], at least one
 * mantissa digit, exponent of at most MAX_EXP_DIGITS digits. */
static int is_decimal(const char *s, size_t n)
{
    size_t i = 0, digits = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    while (i < n && is_digit((unsigned char)s[i])) i++, digits++;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && is_digit((unsigned char)s[i])) i++, digits++;
    }
    if (!digits) return 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        size_t e = 0;
        while (i < n && is_digit((unsigned char)s[i])) i++, e++;
        if (!e || e > MAX_EXP_DIGITS) return 0;
    }
    return i == n;
}

/* Zoom as mantissa and decimal exponent, without converting the whole
 * value to a double (a zoom may be 1e100000). Positive numbers only. */
static int parse_zoom(const char *s, size_t n, double *mant, long *exp10)
{
    if (!is_decimal(s, n)) return 0;
    size_t i = 0;
    if (s[i] == '+') i++;
    else if (s[i] == '-') return 0;
    /* The mantissa's digits d0 d1 ... with the point after dp of them:
     * the first non-zero digit, at index f, has decimal exponent dp - f - 1. */
    char sig[24];
    int nsig = 0;
    long dp = -1, idx = 0, first = -1;
    for (; i < n && (is_digit((unsigned char)s[i]) || s[i] == '.'); i++) {
        if (s[i] == '.') {
            dp = idx;
            continue;
        }
        if (first < 0 && s[i] != '0') first = idx;
        if (first >= 0 && nsig < 20) sig[nsig++] = s[i];
        idx++;
    }
    if (first < 0) return 0; /* zero */
    if (dp < 0) dp = idx;
    long e = 0;
    if (i < n) { /* exponent: is_decimal bounded its digits */
        i++;
        int neg = 0;
        if (s[i] == '+' || s[i] == '-') neg = s[i] == '-', i++;
        for (; i < n; i++) e = e * 10 + (s[i] - '0');
        if (neg) e = -e;
    }
    char buf[32];
    buf[0] = sig[0];
    buf[1] = '.';
    memcpy(buf + 2, sig + 1, (size_t)(nsig - 1));
    buf[nsig + 1] = 0;
    double m = strtod(buf, NULL);
    long x = dp - first - 1 + e;
    if (m >= 10.0) m /= 10.0, x++;
    *mant = m, *exp10 = x;
    return 1;
}

/* Whole number 0..max (digits only, optional leading '+'). */
static int parse_uint(const char *s, size_t n, uint64_t max, uint64_t *out)
{
    size_t i = 0;
    if (i < n && s[i] == '+') i++;
    if (i == n) return 0;
    uint64_t v = 0;
    for (; i < n; i++) {
        if (!is_digit((unsigned char)s[i])) return 0;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (max - d) / 10) return 0;
        v = v * 10 + d;
    }
    *out = v;
    return 1;
}

static int parse_int(const char *s, size_t n, long lo, long hi, long *out)
{
    int neg = n && s[0] == '-';
    uint64_t v;
    if (!parse_uint(s + neg, n - neg, 1000000000u, &v)) return 0;
    long r = neg ? -(long)v : (long)v;
    if (r < lo || r > hi) return 0;
    *out = r;
    return 1;
}

/* A finite decimal number as double (bounded text, checked syntax). */
static int parse_real(const char *s, size_t n, double *out)
{
    if (!is_decimal(s, n) || n > 400) return 0;
    char buf[408];
    memcpy(buf, s, n), buf[n] = 0;
    char *end;
    double v = strtod(buf, &end);
    if (*end || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

/* --------------------------------------------------------------- parsing */

enum { K_RE, K_IM, K_ZOOM, K_ITER, K_ITERDIV, K_OFFSET, K_SMOOTH, K_ROTATE, K_RATIO, K_COLORS,
       K_SMOOTHMETHOD, K_COLORMETHOD, K_DIFF, K_POWER, K_TYPE, K_INTERIOR, K_COUNT };
static const char *const key_names[K_COUNT] = {
    "Re", "Im", "Zoom", "Iterations", "IterDiv", "ColorOffset", "Smooth", "Rotate", "Ratio", "Colors",
    "SmoothMethod", "ColorMethod", "Differences", "Power", "FractalType", "InteriorColor"};

typedef struct kv {
    const char *v;
    size_t n;
    int line; /* 0: not given */
} kv;

/* Comma-separated 0..255 integers in groups of three (trailing comma and
 * spaces allowed). want: exact count of values, or -1 for any multiple of
 * three up to FR_KFR_MAX_COLORS triples. Returns the number of values, -1
 * on a bad value (its index in *bad), -2 on too many, -3 on a partial triple. */
static long parse_rgb_list(const char *s, size_t n, uint8_t (*dst)[3], long max_values, long *bad)
{
    long count = 0;
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && s[j] != ',') j++;
        const char *t = s + i;
        size_t tn = j - i;
        while (tn && is_space((unsigned char)*t)) t++, tn--;
        while (tn && is_space((unsigned char)t[tn - 1])) tn--;
        if (tn == 0) {
            if (j >= n) break; /* trailing comma */
            *bad = count;
            return -1;
        }
        uint64_t v;
        if (!parse_uint(t, tn, 255, &v)) return *bad = count, -1;
        if (count >= max_values) return -2;
        if (dst) dst[count / 3][count % 3] = (uint8_t)v;
        count++;
        i = j + 1;
    }
    if (count % 3) return -3;
    return count;
}

void fr_kfr_free(fr_kfr *k)
{
    if (!k) return;
    free(k->re), free(k->im), free(k->zoom), free(k->colors);
    memset(k, 0, sizeof *k);
}

#define BAD(line_, ...) (fr_kfr_free(&r), fr_fail(ctx, FR_ERR_PARSE, __VA_ARGS__))

fr_status fr_kfr_parse(fr_context *ctx, const char *text, size_t len, fr_kfr *out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "kfr: output is NULL");
    memset(out, 0, sizeof *out);
    if (!text && len) return fr_fail(ctx, FR_ERR_INVALID, "kfr: text is NULL");

    kv keys[K_COUNT];
    memset(keys, 0, sizeof keys);
    size_t pos = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) pos = 3;
    int line = 0;
    while (pos < len) {
        size_t end = pos;
        while (end < len && text[end] != '\n') end++;
        line++;
        const char *l = text + pos;
        size_t n = end - pos;
        pos = end + 1;
        while (n && is_space((unsigned char)l[n - 1])) n--; /* "\r" and trailing blanks */
        const char *colon = memchr(l, ':', n);
        if (!colon) continue; /* blank or not a key line: KF ignores it too */
        size_t kn = (size_t)(colon - l);
        while (kn && is_space((unsigned char)l[kn - 1])) kn--;
        const char *v = colon + 1;
        size_t vn = n - (size_t)(v - l);
        while (vn && is_space((unsigned char)*v)) v++, vn--;
        for (int k = 0; k < K_COUNT; k++)
            if (strlen(key_names[k]) == kn && memcmp(key_names[k], l, kn) == 0 && !keys[k].line) {
                keys[k].v = v, keys[k].n = vn, keys[k].line = line;
                break;
            }
    }

    fr_kfr r;
    memset(&r, 0, sizeof r);
    r.iterations = KF_DEFAULT_ITERATIONS;
    r.iter_div = 1, r.ratio = 360, r.smooth = 1, r.power = 2;
    char b[48];

    for (int k = K_RE; k <= K_ZOOM; k++)
        if (!keys[k].line) return BAD(0, "kfr: no %s (a location needs Re, Im and Zoom)", key_names[k]);
    for (int k = K_RE; k <= K_IM; k++) {
        const kv *e = &keys[k];
        if (!is_decimal(e->v, e->n))
            return BAD(e->line, "kfr line %d: %s '%s' is not a decimal number", e->line, key_names[k],
                       shown(e->v, e->n, b, sizeof b));
        char *d = dup_n(e->v, e->n);
        if (!d) return fr_kfr_free(&r), fr_fail(ctx, FR_ERR_NOMEM, "kfr: out of memory for %s", key_names[k]);
        *(k == K_RE ? &r.re : &r.im) = d;
    }
    {
        const kv *e = &keys[K_ZOOM];
        if (!parse_zoom(e->v, e->n, &r.zoom_mant, &r.zoom_exp10))
            return BAD(e->line, "kfr line %d: Zoom '%s' is not a positive decimal number", e->line,
                       shown(e->v, e->n, b, sizeof b));
        if (!(r.zoom = dup_n(e->v, e->n))) return fr_kfr_free(&r), fr_fail(ctx, FR_ERR_NOMEM, "kfr: out of memory");
    }
    if (keys[K_ITER].line) {
        const kv *e = &keys[K_ITER];
        uint64_t v;
        if (!parse_uint(e->v, e->n, UINT32_MAX, &v) || v == 0)
            return BAD(e->line, "kfr line %d: Iterations '%s' is not a whole number 1..%u", e->line,
                       shown(e->v, e->n, b, sizeof b), (unsigned)UINT32_MAX);
        r.iterations = (uint32_t)v;
    }
    struct { int key; double *dst; int positive; } reals[] = {
        {K_ITERDIV, &r.iter_div, 1}, {K_ROTATE, &r.rotate_deg, 0}, {K_RATIO, &r.ratio, 1}, {K_OFFSET, &r.color_offset, 0}};
    for (size_t i = 0; i < sizeof reals / sizeof reals[0]; i++) {
        const kv *e = &keys[reals[i].key];
        if (!e->line) continue;
        double v;
        if (!parse_real(e->v, e->n, &v) || (reals[i].positive && !(v > 0)))
            return BAD(e->line, "kfr line %d: %s '%s' is not a %snumber", e->line, key_names[reals[i].key],
                       shown(e->v, e->n, b, sizeof b), reals[i].positive ? "positive " : "");
        *reals[i].dst = v;
    }
    /* KF: Rotate is radians (see the top); ColorOffset is atoi()'s whole
     * number, 0 when outside 0..1023. */
    r.rotate_deg = r.rotate_deg * (180.0 / 3.14159265358979323846);
    r.color_offset = trunc(r.color_offset);
    if (!(r.color_offset >= 0 && r.color_offset <= 1023)) r.color_offset = 0;

    struct { int key; int *dst; long lo, hi; } ints[] = {
        {K_SMOOTH, &r.smooth, 0, 1},      {K_SMOOTHMETHOD, &r.smooth_method, 0, 2},
        {K_COLORMETHOD, &r.color_method, 0, 11}, {K_DIFF, &r.differences, 0, 7},
        {K_POWER, &r.power, 1, 1000000},  {K_TYPE, &r.fractal_type, 0, 1000000}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        const kv *e = &keys[ints[i].key];
        if (!e->line) continue;
        long v;
        if (!parse_int(e->v, e->n, ints[i].lo, ints[i].hi, &v))
            return BAD(e->line, "kfr line %d: %s '%s' is not a whole number %ld..%ld", e->line,
                       key_names[ints[i].key], shown(e->v, e->n, b, sizeof b), ints[i].lo, ints[i].hi);
        *ints[i].dst = (int)v;
    }
    if (r.power < 2) r.power = 2; /* as KF */

    if (keys[K_COLORS].line) {
        const kv *e = &keys[K_COLORS];
        long badi = 0;
        long cnt = parse_rgb_list(e->v, e->n, NULL, 3L * FR_KFR_MAX_COLORS, &badi);
        if (cnt == -1)
            return BAD(e->line, "kfr line %d: Colors value %ld is not a whole number 0..255", e->line, badi + 1);
        if (cnt == -2)
            return BAD(e->line, "kfr line %d: Colors has more than %d colours", e->line, FR_KFR_MAX_COLORS);
        if (cnt == -3)
            return BAD(e->line, "kfr line %d: Colors is not a list of R,G,B triples", e->line);
        if (cnt > 0) {
            if (!(r.colors = malloc((size_t)(cnt / 3) * sizeof *r.colors)))
                return fr_kfr_free(&r), fr_fail(ctx, FR_ERR_NOMEM, "kfr: out of memory for the colours");
            parse_rgb_list(e->v, e->n, r.colors, cnt, &badi);
            r.ncolors = (int)(cnt / 3);
        }
    }
    if (keys[K_INTERIOR].line) {
        const kv *e = &keys[K_INTERIOR];
        uint8_t rgb[1][3];
        long badi = 0;
        if (parse_rgb_list(e->v, e->n, rgb, 3, &badi) != 3)
            return BAD(e->line, "kfr line %d: InteriorColor '%s' is not R,G,B (0..255 each)", e->line,
                       shown(e->v, e->n, b, sizeof b));
        memcpy(r.interior, rgb[0], 3), r.has_interior = 1;
    }
    *out = r;
    return FR_OK;
}

/* -------------------------------------------------------------- applying */

void fr_kfr_color_table(const fr_kfr *k, uint8_t table[1024][3])
{
    const int parts = k->ncolors;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < KF_TABLE; i++) {
        double t = (double)i * (double)parts / (double)KF_TABLE;
        int p = (int)t, q = (p + 1) % parts;
        t -= p;
        t = sin((t - .5) * pi) / 2 + .5;
        for (int c = 0; c < 3; c++)
            table[i][c] = (uint8_t)(t * k->colors[q][c] + (1 - t) * k->colors[p][c]);
    }
}

void fr_kfr_width_text(const fr_kfr *k, int width, int height, char *buf, size_t n)
{
    /* 4 / zoom * W / H as mantissa and decimal exponent: the exponent is
     * carried apart so that a zoom of 1e100000 needs no huge double. */
    double m = 4.0 / k->zoom_mant * ((double)width / (double)height);
    long e = -k->zoom_exp10;
    if (!(m > 0 && isfinite(m))) { /* no size set: nothing sensible */
        snprintf(buf, n, "nan");
        return;
    }
    while (m >= 10.0) m /= 10.0, e++;
    while (m < 1.0) m *= 10.0, e--;
    snprintf(buf, n, "%.17ge%ld", m, e);
}

static fr_status set(fr_context *ctx, fr_escape_params *p, const char *name, const char *value)
{
    return fr_escape_param_set(ctx, p, name, value);
}

fr_status fr_kfr_apply(fr_context *ctx, const fr_kfr *k, fr_escape_params *p)
{
    if (!k || !p || !k->re || !k->im) return fr_fail(ctx, FR_ERR_INVALID, "kfr: nothing to apply");
    if (k->fractal_type != 0)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                       "kfr: FractalType %d is not rendered here (only 0, the Mandelbrot set)", k->fractal_type);
    if (k->power != 2)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "kfr: Power %d is not rendered here (only 2, z^2 + c)", k->power);
    if (k->rotate_deg != 0 && fabs(k->ratio - 360.0) > 1e-6 * 360.0)
        return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                       "kfr: Ratio %g with a rotation skews the view, which fractalis cannot do", k->ratio);
    if (p->width <= 0 || p->height <= 0)
        return fr_fail(ctx, FR_ERR_INVALID, "kfr: the image size must be set before the location");

    char buf[64];
    fr_status s;
    if ((s = set(ctx, p, "formula", "mandelbrot"))) return s;

    size_t rn = strlen(k->re), in = strlen(k->im);
    char *center = malloc(rn + in + 2);
    if (!center) return fr_fail(ctx, FR_ERR_NOMEM, "kfr: out of memory for the centre");
    memcpy(center, k->re, rn), center[rn] = ',', memcpy(center + rn + 1, k->im, in + 1);
    s = set(ctx, p, "center", center);
    free(center);
    if (s) return s;

    fr_kfr_width_text(k, p->width, p->height, buf, sizeof buf);
    if ((s = set(ctx, p, "width", buf))) return s;

    snprintf(buf, sizeof buf, "%lu", (unsigned long)k->iterations);
    if ((s = set(ctx, p, "iter", buf))) return s;
    snprintf(buf, sizeof buf, "%.17g", k->rotate_deg == 0 ? 0.0 : -k->rotate_deg);
    if ((s = set(ctx, p, "rotate", buf))) return s;
    snprintf(buf, sizeof buf, "%.17g", KF_SMOOTH_BAILOUT);
    if ((s = set(ctx, p, "bailout", buf))) return s;
    if ((s = set(ctx, p, "color", k->smooth ? "smooth" : "count"))) return s;

    if (k->ncolors > 0) {
        uint8_t (*table)[3] = malloc(KF_TABLE * sizeof *table);
        char *list = malloc(KF_TABLE * 8 + 1);
        if (!table || !list) {
            free(table), free(list);
            return fr_fail(ctx, FR_ERR_NOMEM, "kfr: out of memory for the palette");
        }
        fr_kfr_color_table(k, table);
        char *o = list;
        for (int i = 0; i < KF_TABLE; i++)
            o += sprintf(o, "%s#%02x%02x%02x", i ? "," : "", table[i][0], table[i][1], table[i][2]);
        s = set(ctx, p, "palette", list);
        free(table), free(list);
        if (s) return s;
    }

    /* KF's index = (nu + 1 - log2(ln 10000)) / IterDiv + ColorOffset, over
     * a 1024-entry cycle (see the top of this file). */
    double cycle = KF_TABLE * k->iter_div;
    double shift = 1.0 - log2(log(KF_SMOOTH_BAILOUT));
    snprintf(buf, sizeof buf, "%.17g", cycle);
    if ((s = set(ctx, p, "palette-cycle", buf))) return s;
    snprintf(buf, sizeof buf, "%.17g", k->color_offset / KF_TABLE + shift / cycle);
    if ((s = set(ctx, p, "palette-offset", buf))) return s;

    if (k->has_interior) {
        snprintf(buf, sizeof buf, "#%02x%02x%02x", k->interior[0], k->interior[1], k->interior[2]);
        if ((s = set(ctx, p, "interior", buf))) return s;
    }
    return FR_OK;
}

fr_status fr_escape_params_from_kfr(fr_context *ctx, const char *text, size_t len, fr_escape_params *p)
{
    fr_kfr k;
    if (!ctx) return FR_ERR_INVALID;
    if (!text || !p) return fr_fail(ctx, FR_ERR_INVALID, "fr_escape_params_from_kfr: NULL argument");
    fr_status s = fr_kfr_parse(ctx, text, len, &k);
    if (s) return s;
    fr_escape_params *q = malloc(sizeof *q); /* all or nothing */
    if (!q) {
        fr_kfr_free(&k);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    *q = *p;
    s = fr_kfr_apply(ctx, &k, q);
    fr_kfr_free(&k);
    if (!s) *p = *q;
    free(q);
    return s;
}
