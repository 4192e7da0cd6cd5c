/* The escape-time parameter table and everything driven from it: defaults,
 * setting by name, whole-scene validation, and JSON scenes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <jansson.h>

#include "core/context.h"
#include "core/params.h"
#include "escape/escape_job.h"

static const char *const formula_names[] = {"mandelbrot", "julia", "burningship", "tricorn", "multibrot", NULL};
static const char *const precision_names[] = {"f32", "f64", NULL};
static const char *const color_names[] = {"count", "smooth", "histogram", "distance", NULL};

#define OFF(f) offsetof(fr_escape_params, f)

/* The one declaration of every escape-time parameter. Defaults for the
 * view (centre, width) depend on the formula: "see formula" below. */
static const fr_param_desc table[] = {
    {{"formula", FR_PT_ENUM, "mandelbrot", "mandelbrot|julia|burningship|tricorn|multibrot",
      "fractal formula (given as the word after 'render')"},
     OFF(formula), 0, 0, 0, 0, formula_names},
    {{"size", FR_PT_SIZE, "1280x720", "1..65535 per side", "image size in pixels, WIDTHxHEIGHT"},
     OFF(width), 1, 65535, 0, 0, NULL},
    {{"center", FR_PT_COMPLEX, "per formula (mandelbrot: -0.75,0)", "|RE|,|IM| <= 1e6",
      "centre of the view, RE,IM (decimal text, full double precision)"},
     OFF(center_re), 0, 1e6, 0, 0, NULL},
    {{"width", FR_PT_DOUBLE, "per formula (mandelbrot: 4.5)", "> 0 .. 1e6",
      "width of the view in the complex plane (--zoom Z sets width 4/Z)"},
     OFF(view_width), 0, 1e6, 1, 0, NULL},
    {{"rotate", FR_PT_DOUBLE, "0", "-1e6 .. 1e6", "rotation of the view in degrees, counter-clockwise"},
     OFF(rotate_deg), -1e6, 1e6, 0, 0, NULL},
    {{"c", FR_PT_COMPLEX, "-0.8,0.156", "|RE|,|IM| <= 1e6", "Julia constant c, RE,IM (julia only)"},
     OFF(julia_re), 0, 1e6, 0, 0, NULL},
    {{"power", FR_PT_INT, "3", "2 .. 64", "exponent d of z^d + c (multibrot only)"},
     OFF(power), 2, 64, 0, 0, NULL},
    {{"iter", FR_PT_UINT, "1000", "1 .. 2147483647", "maximum iterations"},
     OFF(max_iter), 1, 2147483647.0, 0, 0, NULL},
    {{"bailout", FR_PT_DOUBLE, "0 (auto: 2 for count/histogram, 1000 for smooth/distance)",
      "0, or 2 .. 1e10", "escape radius R: a point escapes when |z| > R"},
     OFF(bailout), 2, 1e10, 0, 1, NULL},
    {{"precision", FR_PT_ENUM, "f64", "f32|f64", "floating-point precision of the iteration"},
     OFF(precision), 0, 0, 0, 0, precision_names},
    {{"color", FR_PT_ENUM, "smooth", "count|smooth|histogram|distance", "colouring method"},
     OFF(color), 0, 0, 0, 0, color_names},
    {{"palette", FR_PT_PALETTE, "classic", "preset name, palette file, or #rrggbb,#rrggbb,...",
      "colour gradient (presets: classic ultra fire ocean grey rainbow twilight)"},
     OFF(palette), 0, 0, 0, 0, NULL},
    {{"palette-offset", FR_PT_DOUBLE, "0", "-1e9 .. 1e9", "shift of the palette, in cycles"},
     OFF(palette_offset), -1e9, 1e9, 0, 0, NULL},
    {{"palette-cycle", FR_PT_DOUBLE, "0 (auto: palette colours for count, 3x that for smooth)",
      "0, or > 0 .. 1e9", "iterations per palette cycle"},
     OFF(palette_cycle), 0, 1e9, 1, 1, NULL},
    {{"interior", FR_PT_COLOR, "#000000", "#rrggbb", "colour of points that never escape"},
     OFF(interior), 0, 0, 0, 0, NULL},
    {{"aa", FR_PT_INT, "1", "1 .. 16", "anti-aliasing: N x N samples a pixel, box-filtered in linear light"},
     OFF(aa), 1, 16, 0, 0, NULL},
    {{"depth", FR_PT_INT, "8", "8|16", "bits per channel of PNG and PPM output"},
     OFF(depth), 8, 16, 0, 0, NULL},
    {{"interior-test", FR_PT_BOOL, "on", "on|off",
      "exact main cardioid / period-2 bulb test (mandelbrot, d = 2)"},
     OFF(interior_test), 0, 0, 0, 0, NULL},
    {{"periodicity", FR_PT_BOOL, "on", "on|off", "exact cycle detection (never changes a count)"},
     OFF(periodicity), 0, 0, 0, 0, NULL},
};
#define N_PARAMS ((int)(sizeof table / sizeof table[0]))

int fr_escape_param_count(void) { return N_PARAMS; }
const fr_param_info *fr_escape_param_info(int i) { return i >= 0 && i < N_PARAMS ? &table[i].info : NULL; }

static const fr_param_desc *find(const char *name) { return fr_param_find(table, N_PARAMS, name); }

static const fr_param_info zoom_info = {"zoom", FR_PT_DOUBLE, "-", ">= 4e-6",
                                        "zoom factor: sets the view width to 4 / ZOOM"};

const fr_param_info *fr_escape_param_find(const char *name)
{
    if (!strcmp(name, "zoom")) return &zoom_info;
    const fr_param_desc *d = find(name);
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
    return fr_fail(ctx, FR_ERR_INVALID, "unknown formula '%s' (one of: %s)", name, table[0].info.range);
}

void fr_escape_params_default(fr_escape_params *p, fr_formula f)
{
    memset(p, 0, sizeof *p);
    p->formula = f;
    p->width = 1280, p->height = 720;
    p->view_width = 4.5;
    p->julia_re = -0.8, p->julia_im = 0.156;
    p->power = 3;
    p->max_iter = 1000;
    p->precision = FR_F64;
    p->color = FR_COLOR_SMOOTH;
    fr_palette_preset(NULL, "classic", &p->palette);
    p->aa = 1;
    p->depth = 8;
    p->interior_test = 1;
    p->periodicity = 1;
    switch (f) {
    case FR_MANDELBROT: p->center_re = -0.75; break;
    case FR_JULIA: p->view_width = 3.6; break;
    case FR_BURNINGSHIP: p->center_re = -0.4, p->center_im = -0.55, p->view_width = 4.2; break;
    case FR_TRICORN: p->center_re = -0.3, p->view_width = 4.6; break;
    case FR_MULTIBROT: p->view_width = 3.6; break;
    }
}

fr_status fr_escape_param_set(fr_context *ctx, fr_escape_params *p, const char *name, const char *value)
{
    if (!strcmp(name, "zoom")) {
        double z;
        if (!value || !fr_parse_double(value, &z) || !(z >= 4e-6) || 4.0 / z == 0)
            return fr_fail(ctx, FR_ERR_INVALID, "--zoom '%s' must be a number >= 4e-6 (view width 4/zoom <= 1e6)",
                           value ? value : "");
        p->view_width = 4.0 / z;
        return FR_OK;
    }
    const fr_param_desc *d = find(name);
    if (!d) return fr_fail(ctx, FR_ERR_INVALID, "unknown parameter '%s'", name);
    /* Switching formula keeps the view the user set; only the default view
     * moves with the formula (handled by the CLI, which sets formula first). */
    return fr_param_parse(ctx, d, p, value);
}

fr_status fr_escape_param_get(fr_context *ctx, const fr_escape_params *p, const char *name, char **value)
{
    const fr_param_desc *d = find(name);
    if (!d) return fr_fail(ctx, FR_ERR_INVALID, "unknown parameter '%s'", name);
    return fr_param_format(ctx, d, p, value);
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
    if ((int)p->formula < 0 || p->formula > FR_MULTIBROT)
        return fr_fail(ctx, FR_ERR_INVALID, "unknown formula %d", (int)p->formula);
    if (p->width < 1 || p->height < 1 || p->width > 65535 || p->height > 65535)
        return fr_fail(ctx, FR_ERR_INVALID, "image size %dx%d is out of range (1..65535 per side)", p->width,
                       p->height);
    if (p->aa < 1 || p->aa > 16) return fr_fail(ctx, FR_ERR_INVALID, "--aa %d is out of range (1..16)", p->aa);
    if (p->depth != 8 && p->depth != 16) return fr_fail(ctx, FR_ERR_INVALID, "--depth %d must be 8 or 16", p->depth);
    if (!isfinite(p->center_re) || !isfinite(p->center_im))
        return fr_fail(ctx, FR_ERR_INVALID, "the centre must be finite");
    if (!isfinite(p->view_width) || !(p->view_width > 0) || p->view_width > 1e6)
        return fr_fail(ctx, FR_ERR_INVALID, "the view width must be a number > 0 and <= 1e6");
    if (!isfinite(p->rotate_deg)) return fr_fail(ctx, FR_ERR_INVALID, "the rotation must be finite");
    if (!isfinite(p->julia_re) || !isfinite(p->julia_im))
        return fr_fail(ctx, FR_ERR_INVALID, "the Julia constant must be finite");
    if (p->formula == FR_MULTIBROT && (p->power < 2 || p->power > 64))
        return fr_fail(ctx, FR_ERR_INVALID, "--power %d is out of range (2..64)", p->power);
    if (p->max_iter < 1 || p->max_iter > 2147483647u)
        return fr_fail(ctx, FR_ERR_INVALID, "--iter %u is out of range (1..2147483647)", (unsigned)p->max_iter);
    if (p->bailout != 0 && !(p->bailout >= 2 && p->bailout <= 1e10))
        return fr_fail(ctx, FR_ERR_INVALID, "--bailout must be 0 (auto) or between 2 and 1e10");
    if (p->precision != FR_F32 && p->precision != FR_F64)
        return fr_fail(ctx, FR_ERR_INVALID, "unknown precision %d", (int)p->precision);
    if ((int)p->color < 0 || p->color > FR_COLOR_DISTANCE)
        return fr_fail(ctx, FR_ERR_INVALID, "unknown colouring %d", (int)p->color);
    if (p->palette.count < 1 || p->palette.count > FR_PALETTE_MAX_STOPS)
        return fr_fail(ctx, FR_ERR_INVALID, "the palette has no colours");
    if (!isfinite(p->palette_offset) || !isfinite(p->palette_cycle) || p->palette_cycle < 0)
        return fr_fail(ctx, FR_ERR_INVALID, "palette offset and cycle must be finite, cycle >= 0");
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
                       p->precision == FR_F32 ? "; use --precision f64" : "");
    }
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
    json_t *root = json_object();
    if (!root) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    json_object_set_new(root, "fractalis", json_string("escape"));
    json_object_set_new(root, "version", json_integer(1));
    for (int i = 0; i < N_PARAMS; i++) {
        const fr_param_desc *d = &table[i];
        json_t *v = NULL;
        if (d->info.type == FR_PT_PALETTE && !p->palette.name[0]) {
            v = json_array();
            for (int k = 0; k < p->palette.count; k++) {
                char hex[8];
                snprintf(hex, sizeof hex, "#%02x%02x%02x", p->palette.rgb[k][0], p->palette.rgb[k][1],
                         p->palette.rgb[k][2]);
                json_array_append_new(v, json_string(hex));
            }
        } else if (d->info.type == FR_PT_DOUBLE) {
            v = json_real(*(const double *)((const char *)p + d->offset));
        } else if (d->info.type == FR_PT_INT) {
            v = json_integer(*(const int *)((const char *)p + d->offset));
        } else if (d->info.type == FR_PT_UINT) {
            v = json_integer(*(const uint32_t *)((const char *)p + d->offset));
        } else if (d->info.type == FR_PT_BOOL) {
            v = json_boolean(*(const int *)((const char *)p + d->offset));
        } else {
            char *text;
            fr_status s = fr_param_format(ctx, d, p, &text);
            if (s) {
                json_decref(root);
                return s;
            }
            v = json_string(text);
            free(text);
        }
        json_object_set_new(root, d->info.name, v);
    }
    *json = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(root);
    return *json ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

fr_status fr_escape_params_from_json(fr_context *ctx, const char *text, fr_escape_params *out)
{
    json_error_t err;
    json_t *root = json_loads(text, 0, &err);
    if (!root) return fr_fail(ctx, FR_ERR_PARSE, "scene JSON line %d column %d: %s", err.line, err.column, err.text);
    fr_status s = FR_OK;
    fr_escape_params p = *out;
    const char *key;
    json_t *v;
    if (!json_is_object(root)) {
        s = fr_fail(ctx, FR_ERR_PARSE, "a scene must be a JSON object");
        goto done;
    }
    json_t *kind = json_object_get(root, "fractalis");
    if (!json_is_string(kind) || strcmp(json_string_value(kind), "escape")) {
        s = fr_fail(ctx, FR_ERR_PARSE, "not an escape-time scene (key \"fractalis\" must be \"escape\")");
        goto done;
    }
    json_object_foreach(root, key, v)
    {
        if (!strcmp(key, "fractalis") || !strcmp(key, "version")) continue;
        if (!find(key) && strcmp(key, "zoom")) {
            s = fr_fail(ctx, FR_ERR_PARSE, "unknown scene key '%s'", key);
            goto done;
        }
        char buf[128], *heap;
        if ((s = fr_param_json_text(ctx, key, v, buf, sizeof buf, &heap))) goto done;
        s = fr_escape_param_set(ctx, &p, key, heap ? heap : buf);
        free(heap);
        if (s) {
            s = s == FR_ERR_INVALID ? FR_ERR_PARSE : s;
            goto done;
        }
    }
    *out = p;
done:
    json_decref(root);
    return s;
}
