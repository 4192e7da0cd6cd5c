/* The orbit-density parameter table and what it drives: defaults, setting
 * by name (with the family's own syntaxes: channels, region, durations,
 * 64-bit counts), validation and JSON scenes. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/context.h"
#include "core/params.h"

/* In fr_formula's order, as escape time's formula row. */
static const char *const formula_names[] = {"mandelbrot", "julia", "burningship", "tricorn", "multibrot", NULL};
static const char *const precision_names[] = {"f32", "f64", NULL};
static const char *const sampling_names[] = {"uniform", "stratified", "importance", "metropolis", NULL};
static const char *const tone_names[] = {"linear", "sqrt", "log", "gamma", "equalize", "curve", NULL};

static int channel_index(const char *name, int *k)
{
    static const char *const names[][3] = {{"r", "red", "0"}, {"g", "green", "1"}, {"b", "blue", "2"}};
    for (int i = 0; i < 3; i++)
        for (int a = 0; a < 3; a++)
            if (!strcasecmp(name, names[i][a])) return *k = i, 1;
    if (!strcasecmp(name, "gray") || !strcasecmp(name, "grey")) return *k = -1, 1;
    return 0;
}

/* One band "CH:MIN:MAX": gray makes the image one channel, r, g or b three
 * (the other channels keep the band they had). */
static fr_status set_band(fr_context *ctx, fr_buddha_params *p, const char *v)
{
    char ch[16];
    unsigned long long lo, hi;
    char tail;
    if (sscanf(v, "%15[^:]:%llu:%llu%c", ch, &lo, &hi, &tail) != 3)
        return fr_fail(ctx, FR_ERR_INVALID, "channel '%s' is not CH:MIN:MAX (e.g. r:0:5000)", v);
    int k;
    if (!channel_index(ch, &k))
        return fr_fail(ctx, FR_ERR_INVALID, "channel '%s': channel '%s' is not one of r, g, b, gray", v, ch);
    if (hi < 1 || hi > 2147483647ull || lo > hi)
        return fr_fail(ctx, FR_ERR_INVALID, "channel '%s': need 0 <= MIN <= MAX and 1 <= MAX <= 2147483647", v);
    fr_buddha_channel b = {(uint32_t)lo, (uint32_t)hi};
    if (k < 0) {
        p->channels = 1;
        p->band[0] = b;
        return FR_OK;
    }
    if (p->channels == 1) p->band[1] = p->band[2] = p->band[0];
    p->channels = 3;
    p->band[k] = b;
    return FR_OK;
}

/* Bands one after another: "r:0:5000,g:0:500,b:0:50" (a scene's value);
 * all or nothing. */
static fr_status set_channel(fr_context *ctx, const fr_param_desc *d, void *obj, const char *v, int how)
{
    fr_buddha_params q = *(fr_buddha_params *)obj;
    char *copy = strdup(v), *save = NULL;
    if (!copy) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_status s = FR_OK;
    int n = 0;
    for (char *t = strtok_r(copy, ",", &save); t && !s; t = strtok_r(NULL, ",", &save), n++) s = set_band(ctx, &q, t);
    free(copy);
    if (!s && !n) s = fr_fail(ctx, FR_ERR_INVALID, "channel '%s' is not CH:MIN:MAX (e.g. r:0:5000)", v);
    if (!s) *(fr_buddha_params *)obj = q;
    return s;
}

static fr_status get_channel(fr_context *ctx, const fr_param_desc *d, const void *obj, char **out)
{
    static const char *cn[] = {"r", "g", "b"};
    const fr_buddha_params *p = obj;
    char buf[256];
    size_t n = 0;
    buf[0] = 0;
    for (int k = 0; k < p->channels && k < FR_BUDDHA_MAX_CHANNELS; k++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s:%u:%u", k ? "," : "", p->channels == 1 ? "gray" : cn[k],
                              (unsigned)p->band[k].min_iter, (unsigned)p->band[k].max_iter);
    *out = strdup(buf);
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

/* iter and min-iter: one bound of every band (the row's field is band 0's,
 * parsed and range-checked by its type, then copied to the others). */
static fr_status set_band_bound(fr_context *ctx, const fr_param_desc *d, void *obj, const char *v, int how)
{
    fr_status s = fr_param_parse_field(ctx, d, obj, v, how);
    if (s) return s;
    fr_buddha_params *p = obj;
    for (int k = 1; k < FR_BUDDHA_MAX_CHANNELS; k++) {
        if (d->offset == offsetof(fr_buddha_params, band[0].max_iter)) p->band[k].max_iter = p->band[0].max_iter;
        else p->band[k].min_iter = p->band[0].min_iter;
    }
    return FR_OK;
}

static int region_auto(const fr_buddha_params *p)
{
    return p->region[0] == 0 && p->region[1] == 0 && p->region[2] == 0 && p->region[3] == 0;
}

/* "auto" (all zero): the formula's own region (fr_buddha_region). */
static fr_status set_region(fr_context *ctx, const fr_param_desc *d, void *obj, const char *v, int how)
{
    double r[4];
    if (!strcasecmp(v, "auto")) {
        memset(((fr_buddha_params *)obj)->region, 0, sizeof r);
        return FR_OK;
    }
    char *copy = strdup(v), *save = NULL;
    if (!copy) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    int n = 0, ok = 1;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n == 4 || !fr_parse_double(t, &r[n])) ok = 0;
        n++;
    }
    free(copy);
    if (!ok || n != 4 || !(r[0] < r[1]) || !(r[2] < r[3]) || fabs(r[0]) > 1e6 || fabs(r[1]) > 1e6 ||
        fabs(r[2]) > 1e6 || fabs(r[3]) > 1e6)
        return fr_fail(ctx, FR_ERR_INVALID, "region '%s' is not auto or RE0,RE1,IM0,IM1 with RE0 < RE1, IM0 < IM1 within 1e6", v);
    memcpy(((fr_buddha_params *)obj)->region, r, sizeof r);
    return FR_OK;
}

static fr_status get_region(fr_context *ctx, const fr_param_desc *d, const void *obj, char **out)
{
    const fr_buddha_params *p = obj;
    char a[4][40], buf[200];
    if (region_auto(p)) {
        *out = strdup("auto");
        return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    for (int i = 0; i < 4; i++) fr_format_double(a[i], sizeof a[i], p->region[i]);
    snprintf(buf, sizeof buf, "%s,%s,%s,%s", a[0], a[1], a[2], a[3]);
    *out = strdup(buf);
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

#define OFF(f) offsetof(fr_buddha_params, f)

/* The one declaration of every orbit-density parameter: name, type, help,
 * range (min, max, flags), then the field and the default (a Buddhabrot's:
 * fr_buddha_params_default changes the bands and tone of the others). */
static const fr_param_desc rows[] = {
    {{"formula", FR_PT_ENUM,
      "the map iterated, escape time's step: z^2 + c (mandelbrot), burningship, tricorn, multibrot (z^power + c), "
      "julia (z^2 + c with c fixed: the sample is z_0)",
      .names = formula_names},
     OFF(formula), {.i = FR_MANDELBROT}},
    {{"c", FR_PT_COMPLEX, "Julia constant c, RE,IM (julia only)", 0, 1e6}, OFF(julia_re), {.c = {-0.8, 0.156}}},
    {{"power", FR_PT_INT, "exponent d of z^d + c (multibrot only)", 2, 64}, OFF(power), {.i = 3}},
    {{"size", FR_PT_SIZE, "image size in pixels, WIDTHxHEIGHT", 1, FR_MAX_SIDE}, OFF(width), {.wh = {1024, 1024}}},
    {{"center", FR_PT_COMPLEX, "centre of the view, RE,IM", 0, 1e6}, OFF(center_re), {.c = {-0.4, 0}}},
    {{"width", FR_PT_DOUBLE, "width of the view in the complex plane", 0, 1e6, FR_PARAM_MIN_OPEN}, OFF(view_width),
     {.d = 3.0}},
    {{"rotate", FR_PT_DOUBLE, "rotation of the view in degrees, counter-clockwise (90: the seated Buddha)", -1e6,
      1e6},
     OFF(rotate_deg), {.d = 90}},
    {{"region", FR_PT_TEXT, "sampling region of c (julia: of z_0), independent of the view",
      .syntax = "auto, or RE0,RE1,IM0,IM1 with RE0 < RE1, IM0 < IM1",
      .note = "the set's bounding box: mandelbrot -2,0.5,-1.125,1.125, burningship -2,1.25,-1.75,0.5, tricorn "
              "-2,1.125,-1.75,1.75, multibrot d >= 3 -1.5,1.5,-1.5,1.5; julia -2,2,-2,2"},
     OFF(region), {.text = "auto"}, set_region, get_region},
    {{"iter", FR_PT_UINT, "maximum escape index of every channel's band", 1, 2147483647.0, FR_PARAM_ALIAS},
     OFF(band[0].max_iter), {.u = 0}, set_band_bound},
    {{"min-iter", FR_PT_UINT, "minimum escape index of every channel's band", 0, 2147483647.0, FR_PARAM_ALIAS},
     OFF(band[0].min_iter), {.u = 0}, set_band_bound},
    {{"channel", FR_PT_TEXT, "one channel's band (r, g or b makes a 3-channel Nebulabrot image)", .flags = FR_PARAM_REPEAT,
      .syntax = "CH:MIN:MAX, CH one of r g b gray"},
     0, {.text = "gray:0:1000"}, set_channel, get_channel},
    {{"anti", FR_PT_BOOL, "anti-Buddhabrot: plot the orbits that never escape"}, OFF(anti), {.i = 0}},
    {{"bailout", FR_PT_DOUBLE, "escape radius R: an orbit escapes when |z| > R", 2, 1e10}, OFF(bailout), {.d = 2}},
    {{"precision", FR_PT_ENUM, "floating-point precision of the orbits", .names = precision_names}, OFF(precision),
     {.i = FR_F32}},
    {{"sampling", FR_PT_ENUM,
      "how c is drawn: uniform, jittered in grid cells, importance-sampled with 1/pdf weights, or by "
      "Metropolis-Hastings chains weighted by the orbit's points in the view (zooms)",
      .names = sampling_names},
     OFF(sampling), {.i = FR_SAMPLING_STRATIFIED}},
    {{"grid", FR_PT_UINT, "grid cells per side of the sampling region", 0, 16384, FR_PARAM_ZERO_AUTO,
      .note = "auto: 1024 stratified, 256 importance"},
     OFF(grid), {.u = 0}},
    {{"seed", FR_PT_U64, "random seed: same seed, same samples, same histogram", 0, 18446744073709551615.0,
      .syntax = "0..18446744073709551615"},
     OFF(seed), {.u64 = 1}},
    {{"samples", FR_PT_U64, "samples of c to draw (a conjugate pair counts once)", 0, 1e18,
      .note = "until time or hits; else 1000 hits per pixel"},
     OFF(samples), {.u64 = 0}},
    {{"time", FR_PT_DURATION, "stop sampling after this long", 0, 1e9, .syntax = "0, or seconds: 90, 90s, 5m, 1h",
      .note = "none"},
     OFF(time_limit), {.d = 0}},
    {{"hits", FR_PT_DOUBLE, "stop when the mean hits per pixel reach this", 0, 1e15, .note = "none"},
     OFF(hits_per_pixel), {.d = 0}},
    {{"tone", FR_PT_ENUM, "tone curve from counts to brightness (curve: min(1.1 v, 0.2 v + 0.8))",
      .names = tone_names},
     OFF(tone), {.i = FR_TONE_CURVE}},
    {{"gamma", FR_PT_DOUBLE, "exponent of tone gamma: v^(1/gamma)", 0, 10, FR_PARAM_MIN_OPEN}, OFF(gamma),
     {.d = 2.2}},
    {{"tone-strength", FR_PT_DOUBLE, "k of tone log: log(1 + k v) / log(1 + k)", 0, 1e9, FR_PARAM_MIN_OPEN},
     OFF(tone_strength), {.d = 100}},
    {{"percentile", FR_PT_DOUBLE,
      "white point of each channel: this percentile of its non-zero counts (100: the maximum)", 0, 100,
      FR_PARAM_MIN_OPEN},
     OFF(percentile), {.d = 99.95}},
    {{"depth", FR_PT_INT, "bits per channel of PNG output", 8, 16, FR_PARAM_MIN_OR_MAX}, OFF(depth), {.i = 8}},
    {{"symmetry", FR_PT_BOOL,
      "conjugate pairs: sample Im c >= 0 and plot each orbit and its mirror (a symmetric region and map only: "
      "not burningship, julia only with a real c)"},
     OFF(symmetry), {.i = 1}},
    {{"interior-test", FR_PT_BOOL, "skip c in the main cardioid and period-2 bulb (exact; mandelbrot, multibrot d = 2)"},
     OFF(interior_test),
     {.i = 1}},
    {{"periodicity", FR_PT_BOOL, "exact cycle detection (never changes a count)"}, OFF(periodicity), {.i = 1}},
    /* metropolis sampling (scenes name them only when changed) */
    {{"chain-length", FR_PT_UINT,
      "metropolis: steps of a chain; samples are whole chains (rounded up), so resumed and shared renders "
      "recompute each chain exactly",
      1, 2147483648.0, FR_PARAM_SCENE_IF_SET},
     OFF(chain_length), {.u = 16384}},
    {{"burn-in", FR_PT_UINT, "metropolis: first steps of each chain that are not plotted (less than chain-length)",
      0, 2147483647.0, FR_PARAM_SCENE_IF_SET},
     OFF(burn_in), {.u = 1024}},
    {{"fresh", FR_PT_DOUBLE,
      "metropolis: probability that a step proposes a uniform point of the region instead of a mutation (these "
      "also estimate the image's scale)",
      0, 1, FR_PARAM_SCENE_IF_SET},
     OFF(fresh), {.d = 0.1}},
    {{"mutation", FR_PT_DOUBLE,
      "metropolis: largest mutation step in view widths; steps range over 10 octaves below it", 0, 1e6,
      FR_PARAM_MIN_OPEN | FR_PARAM_SCENE_IF_SET},
     OFF(mutation), {.d = 0.1}},
    {{"bands", FR_PT_UINT,
      "horizontal bands of rows sampled one after another, each drawing the same samples (an image larger than "
      "the device's memory; the histogram is the same for any count)",
      1, 1048576, FR_PARAM_ZERO_AUTO | FR_PARAM_NO_SCENE, .note = "as the device's memory needs"},
     OFF(bands), {.u = 0}},
};
static const fr_param_table table = {rows, (int)(sizeof rows / sizeof rows[0]), "buddhabrot"};

int fr_buddha_param_count(void) { return table.n; }
const fr_param_info *fr_buddha_param_info(int i) { return fr_param_table_info(&table, i); }

const fr_param_info *fr_buddha_param_find(const char *name)
{
    const fr_param_desc *d = fr_param_find(&table, name);
    return d ? &d->info : NULL;
}

void fr_buddha_params_default(fr_buddha_params *p, int nebula, int anti)
{
    memset(p, 0, sizeof *p);
    fr_params_default(NULL, &table, p); /* the table's defaults cannot fail */
    if (nebula) {
        p->channels = 3;
        p->band[0] = (fr_buddha_channel){0, 5000};
        p->band[1] = (fr_buddha_channel){0, 500};
        p->band[2] = (fr_buddha_channel){0, 50};
    }
    if (anti) {
        p->anti = 1;
        p->band[0].max_iter = 500;
        p->tone = FR_TONE_SQRT;
    }
}

void fr_buddha_region(const fr_buddha_params *p, double r[4])
{
    static const double boxes[][4] = {
        [FR_MANDELBROT] = {-2, 0.5, -1.125, 1.125}, [FR_JULIA] = {-2, 2, -2, 2},
        [FR_BURNINGSHIP] = {-2, 1.25, -1.75, 0.5},  [FR_TRICORN] = {-2, 1.125, -1.75, 1.75},
        [FR_MULTIBROT] = {-1.5, 1.5, -1.5, 1.5},
    };
    if (!region_auto(p)) {
        memcpy(r, p->region, sizeof p->region);
        return;
    }
    int f = (int)p->formula >= FR_MANDELBROT && p->formula <= FR_MULTIBROT ? (int)p->formula : FR_MANDELBROT;
    if (f == FR_MULTIBROT && p->power == 2) f = FR_MANDELBROT;
    memcpy(r, boxes[f], sizeof boxes[f]);
}

/* The map commutes with conjugation, exactly in floating point: the
 * canonical steps of z^2 + c, conj(z)^2 + c and z^d + c negate the
 * imaginary part of every rounded result when those of z and c are
 * negated (round to nearest is symmetric). Burning Ship's
 * y' = 2|x||y| + Im c does not (tests/test_buddha_formulas.c shows orbits
 * of c and conj(c) that differ), nor does Julia's with Im c != 0. */
static int map_symmetric(const fr_buddha_params *p)
{
    if (p->formula == FR_BURNINGSHIP) return 0;
    if (p->formula == FR_JULIA) return p->julia_im == 0;
    return 1;
}

int fr_buddha_paired(const fr_buddha_params *p)
{
    double r[4];
    fr_buddha_region(p, r);
    return p->symmetry && map_symmetric(p) && r[2] == -r[3];
}

fr_status fr_buddha_param_set(fr_context *ctx, fr_buddha_params *p, const char *name, const char *v)
{
    return fr_param_set(ctx, &table, p, name, v, FR_SET_USER);
}

fr_status fr_buddha_param_get(fr_context *ctx, const fr_buddha_params *p, const char *name, char **value)
{
    return fr_param_get(ctx, &table, p, name, value);
}

fr_status fr_buddha_params_validate(fr_context *ctx, const fr_buddha_params *p)
{
    fr_status s = fr_params_check(ctx, &table, p);
    if (s) return s;
    for (int i = 0; i < 4; i++)
        if (!isfinite(p->region[i]) || fabs(p->region[i]) > 1e6)
            return fr_fail(ctx, FR_ERR_INVALID, "region: the sampling region must be finite, within 1e6");
    if (!region_auto(p) && (!(p->region[0] < p->region[1]) || !(p->region[2] < p->region[3])))
        return fr_fail(ctx, FR_ERR_INVALID, "region: the sampling region needs RE0 < RE1 and IM0 < IM1 (or all 0: auto)");
    if (!isfinite(p->julia_re) || !isfinite(p->julia_im) || fabs(p->julia_re) > 1e6 || fabs(p->julia_im) > 1e6)
        return fr_fail(ctx, FR_ERR_INVALID, "c: the Julia constant must be finite, |RE|, |IM| <= 1e6");
    if (p->channels != 1 && p->channels != 3)
        return fr_fail(ctx, FR_ERR_INVALID, "channel: channels must be 1 or 3, not %d", p->channels);
    for (int k = 0; k < p->channels; k++)
        if (p->band[k].max_iter < 1 || p->band[k].max_iter > 2147483647u || p->band[k].min_iter > p->band[k].max_iter)
            return fr_fail(ctx, FR_ERR_INVALID, "channel %d: need 0 <= min-iter (%u) <= iter (%u) <= 2147483647", k,
                           (unsigned)p->band[k].min_iter, (unsigned)p->band[k].max_iter);
    if (p->sampling == FR_SAMPLING_METROPOLIS && p->burn_in >= p->chain_length)
        return fr_fail(ctx, FR_ERR_INVALID, "burn-in %u must be less than chain-length %u (metropolis)",
                       (unsigned)p->burn_in, (unsigned)p->chain_length);
    if (p->sampling == FR_SAMPLING_METROPOLIS && p->mutation * p->view_width == 0)
        return fr_fail(ctx, FR_ERR_INVALID, "mutation: mutation x width underflows to 0 (metropolis)");
    if (p->sampling == FR_SAMPLING_IMPORTANCE && p->grid > 4096)
        return fr_fail(ctx, FR_ERR_INVALID, "grid %u is too fine for importance sampling (at most 4096)", p->grid);
    /* The histogram (8 bytes a count) and a working copy must fit. */
    double need = (double)p->width * p->height * p->channels * 8 * 2, have = fr_physical_memory();
    if (have > 0 && need > 0.9 * have)
        return fr_fail(ctx, FR_ERR_NOMEM, "a %dx%d histogram of %d channel(s) needs %.1f GiB, more than this machine's %.1f GiB",
                       p->width, p->height, p->channels, need / 1073741824.0, have / 1073741824.0);
    return FR_OK;
}

/* ------------------------------------------------------------ JSON scenes */

fr_status fr_buddha_params_to_json(fr_context *ctx, const fr_buddha_params *p, char **json)
{
    return fr_params_to_json(ctx, &table, p, json);
}

fr_status fr_buddha_params_from_json(fr_context *ctx, const char *text, fr_buddha_params *out)
{
    return fr_params_from_json(ctx, &table, out, text, sizeof *out);
}
