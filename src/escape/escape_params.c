/* The escape-time parameter table and everything driven from it: defaults,
 * setting by name, whole-scene validation, and JSON scenes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/context.h"
#include "core/params.h"
#include "escape/escape_job.h"
#include "deep/deep_view.h"

static const char *const formula_names[] = {"mandelbrot", "julia", "burningship", "tricorn", "multibrot", NULL};
static const char *const precision_names[] = {"f32", "f64", NULL};
static const char *const color_names[] = {"count", "smooth", "histogram", "distance", NULL};
static const char *const perturb_names[] = {"auto", "on", "off", NULL};

/* Each formula's default view: centre and width. */
static const struct {
    double re, im, width;
} views[] = {
    [FR_MANDELBROT] = {-0.75, 0, 4.5}, [FR_JULIA] = {0, 0, 3.6},      [FR_BURNINGSHIP] = {-0.4, -0.55, 4.2},
    [FR_TRICORN] = {-0.3, 0, 4.6},     [FR_MULTIBROT] = {0, 0, 3.6},
};

/* A decimal number of any length and exponent, "[-]digits[.digits][e[+-]digits]". */
static int decimal_ok(const char *t, size_t len, int allow_sign)
{
    size_t i = 0, digits = 0;
    if (i < len && (t[i] == '-' || t[i] == '+') && allow_sign) i++;
    while (i < len && t[i] >= '0' && t[i] <= '9') i++, digits++;
    if (i < len && t[i] == '.') {
        i++;
        while (i < len && t[i] >= '0' && t[i] <= '9') i++, digits++;
    }
    if (!digits) return 0;
    if (i < len && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        if (i < len && (t[i] == '-' || t[i] == '+')) i++;
        size_t e = 0;
        while (i < len && t[i] >= '0' && t[i] <= '9') i++, e++;
        if (!e || e > 9) return 0;
    }
    return i == len;
}

/* Significant digits of a decimal number (leading zeros not counted). */
static size_t significant(const char *t, size_t len)
{
    size_t n = 0, i = 0;
    int lead = 1;
    for (; i < len && t[i] != 'e' && t[i] != 'E'; i++) {
        if (t[i] < '0' || t[i] > '9') continue;
        if (t[i] != '0') lead = 0;
        if (!lead) n++;
    }
    return n;
}

/* A positive number with any exponent as m * 10^e, 1 <= m < 10; *d is its
 * value as a double when the exponent is within +-300, else 0. */
static int parse_wide(const char *text, double *m, long *e, double *d)
{
    size_t len = strlen(text);
    if (!decimal_ok(text, len, 0)) return 0;
    const char *x = strpbrk(text, "eE");
    long ex = x ? strtol(x + 1, NULL, 10) : 0;
    char *mant = strndup(text, x ? (size_t)(x - text) : len);
    if (!mant) return 0;
    double v = strtod(mant, NULL);
    free(mant);
    if (!(v > 0) || !isfinite(v)) return 0;
    int k = (int)floor(log10(v));
    double mv = v / pow(10, k);
    if (mv >= 10) mv /= 10, k++;
    if (mv < 1) mv *= 10, k--;
    *m = mv, *e = ex + k, *d = 0;
    if (*e >= -300 && *e <= 300) {
        *d = strtod(text, NULL);
        if (!(*d > 0) || !isfinite(*d)) return 0;
    }
    return *e > -1000000000L && *e < 1000000000L;
}

static void format_wide(char *buf, size_t n, double m, int32_t e)
{
    fr_format_double(buf, n, m);
    if (e) snprintf(buf + strlen(buf), n - strlen(buf), "e%d", (int)e);
}

static fr_status set_width(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text, int how)
{
    fr_escape_params *p = obj;
    double m, v;
    long e;
    (void)d, (void)how;
    if (!parse_wide(text, &m, &e, &v) || e > 6 || (v && v > 1e6))
        return fr_fail(ctx, FR_ERR_INVALID,
                       "width '%.60s' is out of range: a finite number > 0 and <= 1e6 (any exponent below: "
                       "4e-5000)",
                       text);
    if (v) p->view_width = v, p->view_width_exp10 = 0;
    else p->view_width = m, p->view_width_exp10 = (int32_t)e;
    return FR_OK;
}

static fr_status get_width(fr_context *ctx, const fr_param_desc *d, const void *obj, char **out)
{
    const fr_escape_params *p = obj;
    char buf[64];
    (void)d;
    format_wide(buf, sizeof buf, p->view_width, p->view_width_exp10);
    *out = strdup(buf);
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

static fr_status set_zoom(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text, int how)
{
    fr_escape_params *p = obj;
    double m, v;
    long e;
    (void)d, (void)how;
    /* zoom Z: width 4 / Z, any exponent */
    if (!parse_wide(text, &m, &e, &v) || (v && !(v >= 4e-6)))
        return fr_fail(ctx, FR_ERR_INVALID, "zoom '%.60s' must be a number >= 4e-6 (any exponent: 1e5000)", text);
    if (v && 4.0 / v >= 1e-300) {
        p->view_width = 4.0 / v, p->view_width_exp10 = 0;
        return FR_OK;
    }
    /* 4 / (m 10^e) = (4 / m) 10^-e, renormalised */
    double w = 4.0 / m;
    long k = -e;
    if (w < 1) w *= 10, k--;
    if (k >= -300) {
        p->view_width = w * pow(10, (double)k), p->view_width_exp10 = 0;
        return FR_OK;
    }
    p->view_width = w, p->view_width_exp10 = (int32_t)k;
    return FR_OK;
}

/* The centre: two decimal numbers of any length. Parts with more digits
 * than a double carries are kept as text too (fr_escape_params). */
static fr_status set_center(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text, int how)
{
    fr_escape_params *p = obj;
    const char *comma = strchr(text, ',');
    size_t len = strlen(text);
    (void)how;
    if (!comma || !decimal_ok(text, (size_t)(comma - text), 1) || !decimal_ok(comma + 1, strlen(comma + 1), 1))
        return fr_fail(ctx, FR_ERR_INVALID, "center '%.60s%s' is not RE,IM with two decimal numbers", text,
                       len > 60 ? "..." : "");
    double re = strtod(text, NULL), im = strtod(comma + 1, NULL);
    if (!isfinite(re) || !isfinite(im) || fabs(re) > d->info.max || fabs(im) > d->info.max)
        return fr_fail(ctx, FR_ERR_INVALID, "center '%.60s%s' is out of range (|RE|, |IM| <= 1e6)", text,
                       len > 60 ? "..." : "");
    int exact = significant(text, (size_t)(comma - text)) <= 17 && significant(comma + 1, strlen(comma + 1)) <= 17;
    if (!exact && len >= FR_CENTER_TEXT_MAX)
        return fr_fail(ctx, FR_ERR_INVALID, "center has %zu characters, more than %d", len, FR_CENTER_TEXT_MAX - 1);
    p->center_re = re, p->center_im = im;
    if (exact) p->center_text[0] = 0;
    else memcpy(p->center_text, text, len + 1);
    return FR_OK;
}

static fr_status get_center(fr_context *ctx, const fr_param_desc *d, const void *obj, char **out)
{
    const fr_escape_params *p = obj;
    (void)d;
    if (fr_escape_center_text(p)) {
        *out = strdup(p->center_text);
    } else {
        char a[40], b[40], buf[96];
        fr_format_double(a, sizeof a, p->center_re);
        fr_format_double(b, sizeof b, p->center_im);
        snprintf(buf, sizeof buf, "%s,%s", a, b);
        *out = strdup(buf);
    }
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

const char *fr_escape_center_text(const fr_escape_params *p)
{
    if (!p->center_text[0]) return NULL;
    const char *comma = memchr(p->center_text, ',', FR_CENTER_TEXT_MAX);
    if (!comma || !memchr(p->center_text, 0, FR_CENTER_TEXT_MAX)) return NULL;
    /* only while it still rounds to the fields */
    if (strtod(p->center_text, NULL) != p->center_re || strtod(comma + 1, NULL) != p->center_im) return NULL;
    return p->center_text;
}

/* The reference point of deep zoom: "" (the view's centre) or two decimal
 * numbers of any length, kept as given. */
static fr_status set_reference(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text, int how)
{
    fr_escape_params *p = obj;
    const char *comma = strchr(text, ',');
    size_t len = strlen(text);
    (void)how;
    if (!len || !strcmp(text, "center")) {
        p->reference_text[0] = 0;
        return FR_OK;
    }
    if (!comma || !decimal_ok(text, (size_t)(comma - text), 1) || !decimal_ok(comma + 1, strlen(comma + 1), 1))
        return fr_fail(ctx, FR_ERR_INVALID, "reference '%.60s%s' is not RE,IM with two decimal numbers", text,
                       len > 60 ? "..." : "");
    double re = strtod(text, NULL), im = strtod(comma + 1, NULL);
    if (!isfinite(re) || !isfinite(im) || fabs(re) > d->info.max || fabs(im) > d->info.max)
        return fr_fail(ctx, FR_ERR_INVALID, "reference '%.60s%s' is out of range (|RE|, |IM| <= 1e6)", text,
                       len > 60 ? "..." : "");
    if (len >= FR_CENTER_TEXT_MAX)
        return fr_fail(ctx, FR_ERR_INVALID, "reference has %zu characters, more than %d", len, FR_CENTER_TEXT_MAX - 1);
    memcpy(p->reference_text, text, len + 1);
    return FR_OK;
}

static fr_status get_reference(fr_context *ctx, const fr_param_desc *d, const void *obj, char **out)
{
    const fr_escape_params *p = obj;
    (void)d;
    *out = strdup(p->reference_text[0] && memchr(p->reference_text, 0, FR_CENTER_TEXT_MAX) ? p->reference_text
                                                                                            : "center");
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

#define OFF(f) offsetof(fr_escape_params, f)
#define VIEW "the formula's own view"

/* The one declaration of every escape-time parameter: name, type, help,
 * range (min, max, flags), then the field and the default. The view
 * (centre, width) defaults to the formula's (views[] above). */
static const fr_param_desc rows[] = {
    {{"formula", FR_PT_ENUM, "fractal formula (given as the word after 'render')", .names = formula_names},
     OFF(formula), {.i = FR_MANDELBROT}},
    {{"size", FR_PT_SIZE, "image size in pixels, WIDTHxHEIGHT", 1, FR_MAX_SIDE}, OFF(width), {.wh = {1280, 720}}},
    {{"center", FR_PT_COMPLEX, "centre of the view, RE,IM: decimal numbers of any length (deep zoom keeps every digit)", 0, 1e6,
      .note = VIEW},
     OFF(center_re), {.c = {0, 0}}, set_center, get_center},
    {{"width", FR_PT_DOUBLE, "width of the view in the complex plane, any exponent (4e-5000); zoom Z sets width 4/Z", 0, 1e6,
      FR_PARAM_MIN_OPEN, .note = VIEW},
     OFF(view_width), {.d = 0}, set_width, get_width},
    {{"rotate", FR_PT_DOUBLE, "rotation of the view in degrees, counter-clockwise", -1e6, 1e6}, OFF(rotate_deg),
     {.d = 0}},
    {{"c", FR_PT_COMPLEX, "Julia constant c, RE,IM (julia only)", 0, 1e6}, OFF(julia_re), {.c = {-0.8, 0.156}}},
    {{"power", FR_PT_INT, "exponent d of z^d + c (multibrot only)", 2, 64}, OFF(power), {.i = 3}},
    {{"iter", FR_PT_UINT, "maximum iterations", 1, 2147483647.0}, OFF(max_iter), {.u = 1000}},
    {{"bailout", FR_PT_DOUBLE, "escape radius R: a point escapes when |z| > R", 2, 1e10, FR_PARAM_ZERO_AUTO,
      .note = "auto: 2 for count/histogram, 1000 for smooth/distance"},
     OFF(bailout), {.d = 0}},
    {{"precision", FR_PT_ENUM, "floating-point precision of the iteration", .names = precision_names},
     OFF(precision), {.i = FR_F64}},
    {{"color", FR_PT_ENUM, "colouring method", .names = color_names}, OFF(color), {.i = FR_COLOR_SMOOTH}},
    {{"palette", FR_PT_PALETTE, "colour gradient (presets: classic ultra fire ocean grey rainbow twilight)"},
     OFF(palette), {.text = "classic"}},
    {{"palette-offset", FR_PT_DOUBLE, "shift of the palette, in cycles", -1e9, 1e9}, OFF(palette_offset), {.d = 0}},
    {{"palette-cycle", FR_PT_DOUBLE, "iterations per palette cycle", 0, 1e9, FR_PARAM_ZERO_AUTO,
      .note = "auto: palette colours for count, 3x that for smooth"},
     OFF(palette_cycle), {.d = 0}},
    {{"interior", FR_PT_COLOR, "colour of points that never escape"}, OFF(interior), {.rgb = {0, 0, 0}}},
    {{"aa", FR_PT_INT, "anti-aliasing: N x N samples a pixel, box-filtered in linear light", 1, 16}, OFF(aa),
     {.i = 1}},
    {{"depth", FR_PT_INT, "bits per channel of PNG and PPM output", 8, 16, FR_PARAM_MIN_OR_MAX}, OFF(depth),
     {.i = 8}},
    {{"interior-test", FR_PT_BOOL, "exact main cardioid / period-2 bulb test (mandelbrot, d = 2)"},
     OFF(interior_test), {.i = 1}},
    {{"periodicity", FR_PT_BOOL, "exact cycle detection (never changes a count)"}, OFF(periodicity), {.i = 1}},
    {{"perturbation", FR_PT_ENUM, "deep zoom: perturbation against an MPFR reference orbit, with rebasing, BLA and "
      "extended range (auto: when float64 cannot give the true counts; mandelbrot, multibrot, tricorn, burningship)", .names = perturb_names},
     OFF(perturbation), {.i = FR_PERTURB_AUTO}},
    {{"reference", FR_PT_TEXT, "deep zoom: the reference orbit's point, RE,IM (decimal, any length; within 2^24 pixels "
      "of the centre); renders with the same reference on one context share its orbit (zoom videos)", 0, 1e6,
      FR_PARAM_SCENE_IF_SET, .syntax = "RE,IM, or 'center' for the view's centre"},
     OFF(reference_text), {.text = "center"}, set_reference, get_reference},
    {{"reference-bits", FR_PT_INT, "deep zoom: MPFR precision of the reference orbit (a smaller one than the view "
      "needs gives way to the view's)", 64, 134217728.0, FR_PARAM_ZERO_AUTO | FR_PARAM_SCENE_IF_SET,
      .note = "auto: the view's, -log2(pixel) + 72"},
     OFF(reference_bits), {.i = 0}},
    {{"zoom", FR_PT_DOUBLE, "zoom factor: sets the view width to 4 / ZOOM (any exponent: 1e5000)", 4e-6, 1e300, FR_PARAM_ALIAS,
      .syntax = ">= 4e-6, any exponent"},
     0, {.d = 0}, set_zoom},
};
static const fr_param_table table = {rows, (int)(sizeof rows / sizeof rows[0]), "escape"};

int fr_escape_param_count(void) { return table.n; }
const fr_param_info *fr_escape_param_info(int i) { return fr_param_table_info(&table, i); }

const fr_param_info *fr_escape_param_find(const char *name)
{
    const fr_param_desc *d = fr_param_find(&table, name);
    return d ? &d->info : NULL;
}

const char *fr_formula_name(fr_formula f)
{
    return f >= 0 && f <= FR_MULTIBROT ? formula_names[f] : "unknown";
}

fr_status fr_formula_parse(fr_context *ctx, const char *name, fr_formula *out)
{
    for (int i = 0; formula_names[i]; i++)
        if (!strcasecmp(name, formula_names[i])) return *out = (fr_formula)i, FR_OK;
    char r[128];
    return fr_fail(ctx, FR_ERR_INVALID, "unknown formula '%s' (one of: %s)", name,
                   fr_param_range_text(&rows[0].info, r, sizeof r));
}

void fr_escape_params_default(fr_escape_params *p, fr_formula f)
{
    memset(p, 0, sizeof *p);
    fr_params_default(NULL, &table, p); /* the table's defaults cannot fail */
    if ((int)f < 0 || f > FR_MULTIBROT) f = FR_MANDELBROT;
    p->formula = f;
    p->center_re = views[f].re, p->center_im = views[f].im, p->view_width = views[f].width;
}

fr_status fr_escape_param_set(fr_context *ctx, fr_escape_params *p, const char *name, const char *value)
{
    /* Switching formula keeps the view the user set; only the default view
     * moves with the formula (handled by the CLI, which sets formula first). */
    return fr_param_set(ctx, &table, p, name, value, FR_SET_USER);
}

fr_status fr_escape_param_get(fr_context *ctx, const fr_escape_params *p, const char *name, char **value)
{
    return fr_param_get(ctx, &table, p, name, value);
}

double fr_escape_bailout(const fr_escape_params *p)
{
    if (p->bailout > 0) return p->bailout;
    return p->color == FR_COLOR_SMOOTH || p->color == FR_COLOR_DISTANCE ? 1000.0 : 2.0;
}

double fr_escape_palette_cycle(const fr_escape_params *p)
{
    if (p->palette_cycle > 0) return p->palette_cycle;
    int n = p->palette.count > 0 ? p->palette.count : 1;
    return p->color == FR_COLOR_COUNT ? n : 3.0 * n;
}

/* The first parameter, in table order, in which two scenes differ, besides
 * where they look (centre and width, which a batch of tiles varies); NULL
 * when none does. Only what reaches the image counts: a palette's name
 * does not. */
const char *fr_escape_params_differ(const fr_escape_params *a, const fr_escape_params *b)
{
    for (int i = 0; i < table.n; i++) {
        const fr_param_desc *d = &table.rows[i];
        if ((d->info.flags & FR_PARAM_ALIAS) || d->offset == OFF(center_re) || d->offset == OFF(view_width))
            continue;
        /* the deep-zoom reference goes with the centre (a deep view renders alone) */
        if (d->offset == OFF(reference_text) || d->offset == OFF(reference_bits)) continue;
        const char *x = (const char *)a + d->offset, *y = (const char *)b + d->offset;
        int same;
        switch (d->info.type) {
        case FR_PT_ENUM: case FR_PT_INT: case FR_PT_BOOL: same = *(const int *)x == *(const int *)y; break;
        case FR_PT_UINT: same = *(const uint32_t *)x == *(const uint32_t *)y; break;
        case FR_PT_U64: same = *(const uint64_t *)x == *(const uint64_t *)y; break;
        case FR_PT_DOUBLE: case FR_PT_DURATION: same = *(const double *)x == *(const double *)y; break;
        case FR_PT_SIZE: same = !memcmp(x, y, 2 * sizeof(int)); break;
        case FR_PT_COMPLEX:
            same = ((const double *)x)[0] == ((const double *)y)[0] && ((const double *)x)[1] == ((const double *)y)[1];
            break;
        case FR_PT_COLOR: same = !memcmp(x, y, 3); break;
        case FR_PT_PALETTE: {
            const fr_palette *p = (const fr_palette *)x, *q = (const fr_palette *)y;
            same = p->count == q->count && p->count >= 0 && p->count <= FR_PALETTE_MAX_STOPS &&
                   !memcmp(p->pos, q->pos, (size_t)p->count * sizeof p->pos[0]) &&
                   !memcmp(p->rgb, q->rgb, (size_t)p->count * sizeof p->rgb[0]);
            break;
        }
        default: same = 0; break; /* a row of its own syntax: no way to tell */
        }
        if (!same) return d->info.name;
    }
    return NULL;
}

/* Bytes a render holds at once: per sample the count and up to two floats,
 * per pixel the output image. */
static double render_bytes(const fr_escape_params *p)
{
    double samples = (double)p->width * p->height * p->aa * p->aa;
    double per_sample = 4 + (p->color == FR_COLOR_COUNT ? 0 : 4) + (p->color == FR_COLOR_DISTANCE ? 4 : 0);
    return samples * per_sample + (double)p->width * p->height * 6;
}

fr_status fr_escape_params_validate(fr_context *ctx, const fr_escape_params *p)
{
    char buf[64];
    fr_status s = fr_params_check(ctx, &table, p);
    if (s) return s;
    if (!(p->center_re >= -1e6 && p->center_re <= 1e6 && p->center_im >= -1e6 && p->center_im <= 1e6))
        return fr_fail(ctx, FR_ERR_INVALID, "center must be two finite numbers with |RE|, |IM| <= 1e6");
    if (!(p->view_width > 0 && p->view_width <= 1e6) ||
        (p->view_width_exp10 && !(p->view_width >= 1 && p->view_width < 10 && p->view_width_exp10 < -300)))
        return fr_fail(ctx, FR_ERR_INVALID, "width must be > 0 and <= 1e6 (view_width_exp10 %d)",
                       (int)p->view_width_exp10);
    if ((unsigned)p->perturbation > FR_PERTURB_OFF)
        return fr_fail(ctx, FR_ERR_INVALID, "perturbation %d is not a value of the parameter", (int)p->perturbation);
    if (p->view_width_exp10 && p->perturbation == FR_PERTURB_OFF)
        return fr_fail(ctx, FR_ERR_INVALID, "a view narrower than 1e-300 needs perturbation (perturbation is off)");
    if (fr_escape_is_deep(p) || p->view_width_exp10) {
        if (!fr_deep_formula_ok(p->formula))
            return fr_fail(ctx, FR_ERR_UNSUPPORTED,
                           "perturbation (deep zoom) does not support formula %s (it supports mandelbrot, multibrot, "
                           "tricorn and burningship)", fr_formula_name(p->formula));
        if (p->precision == FR_F32)
            return fr_fail(ctx, FR_ERR_INVALID,
                           "this view is too narrow for float32; use precision f64 (perturbation runs in f64)");
        goto memory;
    }
    /* A view narrower than the precision can resolve renders as blocks of
     * identical samples: refuse it rather than produce a wrong picture. */
    double pixel = p->view_width / p->width / p->aa;
    double extent = fmax(fabs(p->center_re), fabs(p->center_im)) + p->view_width;
    double eps = p->precision == FR_F32 ? 0x1p-23 : 0x1p-52;
    if (pixel < extent * eps) {
        fr_format_double(buf, sizeof buf, p->view_width);
        return fr_fail(ctx, FR_ERR_INVALID,
                       "view width %s is too narrow for %s at this centre (samples would coincide)%s", buf,
                       p->precision == FR_F32 ? "float32" : "float64",
                       p->precision == FR_F32 ? "; use precision f64" : "");
    }
memory:;
    double need = render_bytes(p), have = fr_physical_memory();
    if (have > 0 && need > 0.9 * have)
        return fr_fail(ctx, FR_ERR_NOMEM,
                       "an image of %dx%d pixels (aa %d) needs %.1f GiB, more than this machine's %.1f GiB of "
                       "memory",
                       p->width, p->height, p->aa, need / 1073741824.0, have / 1073741824.0);
    return FR_OK;
}

/* ------------------------------------------------------------ JSON scenes */

fr_status fr_escape_params_to_json(fr_context *ctx, const fr_escape_params *p, char **json)
{
    return fr_params_to_json(ctx, &table, p, json);
}

fr_status fr_escape_params_from_json(fr_context *ctx, const char *text, fr_escape_params *out)
{
    return fr_params_from_json(ctx, &table, out, text, sizeof *out);
}
