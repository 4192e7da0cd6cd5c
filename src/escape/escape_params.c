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

static const char *const formula_names[] = {"mandelbrot", "julia", "burningship", "tricorn", "multibrot", NULL};
static const char *const precision_names[] = {"f32", "f64", NULL};
static const char *const color_names[] = {"count", "smooth", "histogram", "distance", NULL};

/* Each formula's default view: centre and width. */
static const struct {
    double re, im, width;
} views[] = {
    [FR_MANDELBROT] = {-0.75, 0, 4.5}, [FR_JULIA] = {0, 0, 3.6},      [FR_BURNINGSHIP] = {-0.4, -0.55, 4.2},
    [FR_TRICORN] = {-0.3, 0, 4.6},     [FR_MULTIBROT] = {0, 0, 3.6},
};

static fr_status set_zoom(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text, int how)
{
    double z;
    if (!fr_parse_double(text, &z) || !(z >= 4e-6) || 4.0 / z == 0)
        return fr_fail(ctx, FR_ERR_INVALID, "zoom '%s' must be a number >= 4e-6 (view width 4/zoom <= 1e6)", text);
    ((fr_escape_params *)obj)->view_width = 4.0 / z;
    return FR_OK;
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
    {{"center", FR_PT_COMPLEX, "centre of the view, RE,IM (decimal text, full double precision)", 0, 1e6,
      .note = VIEW},
     OFF(center_re), {.c = {0, 0}}},
    {{"width", FR_PT_DOUBLE, "width of the view in the complex plane (zoom Z sets width 4/Z)", 0, 1e6,
      FR_PARAM_MIN_OPEN, .note = VIEW},
     OFF(view_width), {.d = 0}},
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
    {{"zoom", FR_PT_DOUBLE, "zoom factor: sets the view width to 4 / ZOOM", 4e-6, 1e300, FR_PARAM_ALIAS,
      .syntax = ">= 4e-6"},
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
