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

#include <jansson.h>

#include "core/context.h"
#include "core/params.h"

static const char *const precision_names[] = {"f32", "f64", NULL};
static const char *const sampling_names[] = {"uniform", "stratified", "importance", NULL};
static const char *const tone_names[] = {"linear", "sqrt", "log", "gamma", "equalize", "curve", NULL};

#define OFF(f) offsetof(fr_buddha_params, f)
#define TEXT(name, def, range, help) {{name, FR_PT_TEXT, def, range, help}, 0, 0, 0, 0, 0, NULL}

static const fr_param_desc table[] = {
    {{"size", FR_PT_SIZE, "1024x1024", "1..65535 per side", "image size in pixels, WIDTHxHEIGHT"},
     OFF(width), 1, 65535, 0, 0, NULL},
    {{"center", FR_PT_COMPLEX, "-0.4,0", "|RE|,|IM| <= 1e6", "centre of the view, RE,IM"},
     OFF(center_re), 0, 1e6, 0, 0, NULL},
    {{"width", FR_PT_DOUBLE, "3.0", "> 0 .. 1e6", "width of the view in the complex plane"},
     OFF(view_width), 0, 1e6, 1, 0, NULL},
    {{"rotate", FR_PT_DOUBLE, "90", "-1e6 .. 1e6",
      "rotation of the view in degrees, counter-clockwise (90: the seated Buddha)"},
     OFF(rotate_deg), -1e6, 1e6, 0, 0, NULL},
    TEXT("region", "-2,0.5,-1.125,1.125", "RE0,RE1,IM0,IM1 with RE0 < RE1, IM0 < IM1",
         "sampling region of c (default: the set's bounding box), independent of the view"),
    TEXT("iter", "1000", "1 .. 2147483647", "maximum escape index of every channel's band"),
    TEXT("min-iter", "0", "0 .. 2147483647", "minimum escape index of every channel's band"),
    TEXT("channel", "gray:0:1000", "CH:MIN:MAX, CH one of r g b gray",
         "one channel's band (r, g or b makes a 3-channel Nebulabrot image); repeatable"),
    {{"anti", FR_PT_BOOL, "off", "on|off", "anti-Buddhabrot: plot the orbits that never escape"},
     OFF(anti), 0, 0, 0, 0, NULL},
    {{"bailout", FR_PT_DOUBLE, "2", "2 .. 1e10", "escape radius R: an orbit escapes when |z| > R"},
     OFF(bailout), 2, 1e10, 0, 0, NULL},
    {{"precision", FR_PT_ENUM, "f32", "f32|f64", "floating-point precision of the orbits"},
     OFF(precision), 0, 0, 0, 0, precision_names},
    {{"sampling", FR_PT_ENUM, "stratified", "uniform|stratified|importance",
      "how c is drawn: uniform, jittered in grid cells, or importance-sampled with 1/pdf weights"},
     OFF(sampling), 0, 0, 0, 0, sampling_names},
    {{"grid", FR_PT_UINT, "0 (auto: 1024 stratified, 256 importance)", "0, or 1 .. 16384",
      "grid cells per side of the sampling region"},
     OFF(grid), 1, 16384, 0, 1, NULL},
    TEXT("seed", "1", "0 .. 18446744073709551615", "random seed: same seed, same samples, same histogram"),
    TEXT("samples", "0 (until --time or --hits; else 1000 hits per pixel)", "0 .. 1e18",
         "samples of c to draw (a conjugate pair counts once)"),
    TEXT("time", "0 (none)", "0, or seconds: 90, 90s, 5m, 1h", "stop sampling after this long"),
    {{"hits", FR_PT_DOUBLE, "0 (none)", "0 .. 1e15", "stop when the mean hits per pixel reach this"},
     OFF(hits_per_pixel), 0, 1e15, 0, 0, NULL},
    {{"tone", FR_PT_ENUM, "curve", "linear|sqrt|log|gamma|equalize|curve",
      "tone curve from counts to brightness (curve: min(1.1 v, 0.2 v + 0.8))"},
     OFF(tone), 0, 0, 0, 0, tone_names},
    {{"gamma", FR_PT_DOUBLE, "2.2", "> 0 .. 10", "exponent of --tone gamma: v^(1/gamma)"},
     OFF(gamma), 0, 10, 1, 0, NULL},
    {{"tone-strength", FR_PT_DOUBLE, "100", "> 0 .. 1e9", "k of --tone log: log(1 + k v) / log(1 + k)"},
     OFF(tone_strength), 0, 1e9, 1, 0, NULL},
    {{"percentile", FR_PT_DOUBLE, "99.95", "> 0 .. 100",
      "white point of each channel: this percentile of its non-zero counts (100: the maximum)"},
     OFF(percentile), 0, 100, 1, 0, NULL},
    {{"depth", FR_PT_INT, "8", "8|16", "bits per channel of PNG output"}, OFF(depth), 8, 16, 0, 0, NULL},
    {{"symmetry", FR_PT_BOOL, "on", "on|off",
      "conjugate pairs: sample Im c >= 0 and plot each orbit and its mirror (symmetric region only)"},
     OFF(symmetry), 0, 0, 0, 0, NULL},
    {{"interior-test", FR_PT_BOOL, "on", "on|off", "skip c in the main cardioid and period-2 bulb (exact)"},
     OFF(interior_test), 0, 0, 0, 0, NULL},
    {{"periodicity", FR_PT_BOOL, "on", "on|off", "exact cycle detection (never changes a count)"},
     OFF(periodicity), 0, 0, 0, 0, NULL},
};
#define N_PARAMS ((int)(sizeof table / sizeof table[0]))

int fr_buddha_param_count(void) { return N_PARAMS; }
const fr_param_info *fr_buddha_param_info(int i) { return i >= 0 && i < N_PARAMS ? &table[i].info : NULL; }

static const fr_param_desc *find(const char *name) { return fr_param_find(table, N_PARAMS, name); }

const fr_param_info *fr_buddha_param_find(const char *name)
{
    const fr_param_desc *d = find(name);
    return d ? &d->info : NULL;
}

void fr_buddha_params_default(fr_buddha_params *p, int nebula, int anti)
{
    memset(p, 0, sizeof *p);
    p->width = p->height = 1024;
    p->center_re = -0.4, p->view_width = 3.0, p->rotate_deg = 90;
    p->region[0] = -2.0, p->region[1] = 0.5, p->region[2] = -1.125, p->region[3] = 1.125;
    p->channels = 1;
    p->band[0] = (fr_buddha_channel){0, 1000};
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
    } else {
        p->tone = FR_TONE_CURVE;
    }
    p->bailout = 2;
    p->precision = FR_F32;
    p->sampling = FR_SAMPLING_STRATIFIED;
    p->seed = 1;
    p->gamma = 2.2;
    p->tone_strength = 100;
    p->percentile = 99.95;
    p->depth = 8;
    p->symmetry = 1;
    p->interior_test = 1;
    p->periodicity = 1;
}

int fr_buddha_paired(const fr_buddha_params *p) { return p->symmetry && p->region[2] == -p->region[3]; }

/* A whole unsigned 64-bit number; "1e9" style accepted when exact. */
static int parse_u64(const char *s, uint64_t *out)
{
    if (!*s || *s == '-' || isspace((unsigned char)*s)) return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*end && !errno) return *out = v, 1;
    double d;
    if (!fr_parse_double(s, &d) || d < 0 || d > 1e18 || d != floor(d)) return 0;
    *out = (uint64_t)d;
    return 1;
}

static int parse_duration(const char *s, double *out)
{
    char buf[64];
    size_t n = strlen(s);
    if (n == 0 || n >= sizeof buf) return 0;
    memcpy(buf, s, n + 1);
    double mul = 1;
    char last = buf[n - 1];
    if (last == 's' || last == 'm' || last == 'h') {
        mul = last == 'm' ? 60 : last == 'h' ? 3600 : 1;
        buf[n - 1] = 0;
    }
    double v;
    if (!fr_parse_double(buf, &v) || v < 0 || v * mul > 1e9) return 0;
    *out = v * mul;
    return 1;
}

static int channel_index(const char *name, int *k)
{
    static const char *const names[][3] = {{"r", "red", "0"}, {"g", "green", "1"}, {"b", "blue", "2"}};
    for (int i = 0; i < 3; i++)
        for (int a = 0; a < 3; a++)
            if (!strcasecmp(name, names[i][a])) return *k = i, 1;
    if (!strcasecmp(name, "gray") || !strcasecmp(name, "grey")) return *k = -1, 1;
    return 0;
}

static fr_status set_channel(fr_context *ctx, fr_buddha_params *p, const char *v)
{
    char ch[16];
    unsigned long long lo, hi;
    char tail;
    if (sscanf(v, "%15[^:]:%llu:%llu%c", ch, &lo, &hi, &tail) != 3)
        return fr_fail(ctx, FR_ERR_INVALID, "--channel '%s' is not CH:MIN:MAX (e.g. r:0:5000)", v);
    int k;
    if (!channel_index(ch, &k))
        return fr_fail(ctx, FR_ERR_INVALID, "--channel '%s': channel '%s' is not one of r, g, b, gray", v, ch);
    if (hi < 1 || hi > 2147483647ull || lo > hi)
        return fr_fail(ctx, FR_ERR_INVALID, "--channel '%s': need 0 <= MIN <= MAX and 1 <= MAX <= 2147483647", v);
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

static fr_status set_region(fr_context *ctx, fr_buddha_params *p, const char *v)
{
    double r[4];
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
        return fr_fail(ctx, FR_ERR_INVALID, "--region '%s' is not RE0,RE1,IM0,IM1 with RE0 < RE1, IM0 < IM1", v);
    memcpy(p->region, r, sizeof r);
    return FR_OK;
}

fr_status fr_buddha_param_set(fr_context *ctx, fr_buddha_params *p, const char *name, const char *v)
{
    const fr_param_desc *d = find(name);
    if (!d) return fr_fail(ctx, FR_ERR_INVALID, "unknown parameter '%s'", name);
    if (!v) return fr_fail(ctx, FR_ERR_INVALID, "--%s needs a value", name);
    if (d->info.type != FR_PT_TEXT) return fr_param_parse(ctx, d, p, v);
    uint64_t u;
    if (!strcmp(name, "channel")) return set_channel(ctx, p, v);
    if (!strcmp(name, "region")) return set_region(ctx, p, v);
    if (!strcmp(name, "time")) {
        if (!parse_duration(v, &p->time_limit))
            return fr_fail(ctx, FR_ERR_INVALID, "--time '%s' is not a duration (90, 90s, 5m, 1h)", v);
        return FR_OK;
    }
    if (!parse_u64(v, &u))
        return fr_fail(ctx, FR_ERR_INVALID, "--%s '%s' is not a whole number >= 0", name, v);
    if (!strcmp(name, "seed")) p->seed = u;
    else if (!strcmp(name, "samples")) p->samples = u;
    else if (!strcmp(name, "iter") || !strcmp(name, "min-iter")) {
        if (u > 2147483647u || (!strcmp(name, "iter") && u < 1))
            return fr_fail(ctx, FR_ERR_INVALID, "--%s %s is out of range (%s)", name, v, d->info.range);
        for (int k = 0; k < FR_BUDDHA_MAX_CHANNELS; k++) {
            if (name[0] == 'i') p->band[k].max_iter = (uint32_t)u;
            else p->band[k].min_iter = (uint32_t)u;
        }
    }
    return FR_OK;
}

/* Text of any parameter (malloc()ed). */
static fr_status get_text(fr_context *ctx, const fr_buddha_params *p, const fr_param_desc *d, char **out)
{
    if (d->info.type != FR_PT_TEXT) return fr_param_format(ctx, d, p, out);
    char buf[256], a[4][40];
    const char *name = d->info.name;
    if (!strcmp(name, "channel")) {
        static const char *cn[] = {"r", "g", "b"};
        size_t n = 0;
        for (int k = 0; k < p->channels; k++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s:%u:%u", k ? "," : "",
                                  p->channels == 1 ? "gray" : cn[k], (unsigned)p->band[k].min_iter,
                                  (unsigned)p->band[k].max_iter);
    } else if (!strcmp(name, "region")) {
        for (int i = 0; i < 4; i++) fr_format_double(a[i], sizeof a[i], p->region[i]);
        snprintf(buf, sizeof buf, "%s,%s,%s,%s", a[0], a[1], a[2], a[3]);
    } else if (!strcmp(name, "time")) fr_format_double(buf, sizeof buf, p->time_limit);
    else if (!strcmp(name, "seed")) snprintf(buf, sizeof buf, "%" PRIu64, p->seed);
    else if (!strcmp(name, "samples")) snprintf(buf, sizeof buf, "%" PRIu64, p->samples);
    else if (!strcmp(name, "iter")) snprintf(buf, sizeof buf, "%u", (unsigned)p->band[0].max_iter);
    else snprintf(buf, sizeof buf, "%u", (unsigned)p->band[0].min_iter);
    *out = strdup(buf);
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

fr_status fr_buddha_params_validate(fr_context *ctx, const fr_buddha_params *p)
{
    if (p->width < 1 || p->height < 1 || p->width > 65535 || p->height > 65535)
        return fr_fail(ctx, FR_ERR_INVALID, "image size %dx%d is out of range (1..65535 per side)", p->width,
                       p->height);
    if (!isfinite(p->center_re) || !isfinite(p->center_im) || fabs(p->center_re) > 1e6 || fabs(p->center_im) > 1e6)
        return fr_fail(ctx, FR_ERR_INVALID, "the centre must be finite, |RE|,|IM| <= 1e6");
    if (!isfinite(p->view_width) || !(p->view_width > 0) || p->view_width > 1e6)
        return fr_fail(ctx, FR_ERR_INVALID, "the view width must be a number > 0 and <= 1e6");
    if (!isfinite(p->rotate_deg)) return fr_fail(ctx, FR_ERR_INVALID, "the rotation must be finite");
    for (int i = 0; i < 4; i++)
        if (!isfinite(p->region[i]) || fabs(p->region[i]) > 1e6)
            return fr_fail(ctx, FR_ERR_INVALID, "the sampling region must be finite, within 1e6");
    if (!(p->region[0] < p->region[1]) || !(p->region[2] < p->region[3]))
        return fr_fail(ctx, FR_ERR_INVALID, "the sampling region needs RE0 < RE1 and IM0 < IM1");
    if (p->channels != 1 && p->channels != 3)
        return fr_fail(ctx, FR_ERR_INVALID, "channels must be 1 or 3, not %d", p->channels);
    for (int k = 0; k < p->channels; k++)
        if (p->band[k].max_iter < 1 || p->band[k].max_iter > 2147483647u || p->band[k].min_iter > p->band[k].max_iter)
            return fr_fail(ctx, FR_ERR_INVALID, "channel %d: need 0 <= min-iter (%u) <= iter (%u) <= 2147483647", k,
                           (unsigned)p->band[k].min_iter, (unsigned)p->band[k].max_iter);
    if (!(p->bailout >= 2 && p->bailout <= 1e10))
        return fr_fail(ctx, FR_ERR_INVALID, "--bailout must be between 2 and 1e10");
    if (p->precision != FR_F32 && p->precision != FR_F64)
        return fr_fail(ctx, FR_ERR_INVALID, "unknown precision %d", (int)p->precision);
    if ((int)p->sampling < 0 || p->sampling > FR_SAMPLING_IMPORTANCE)
        return fr_fail(ctx, FR_ERR_INVALID, "unknown sampling %d", (int)p->sampling);
    if (p->grid > 16384) return fr_fail(ctx, FR_ERR_INVALID, "--grid %u is out of range (0..16384)", p->grid);
    if (p->sampling == FR_SAMPLING_IMPORTANCE && p->grid > 4096)
        return fr_fail(ctx, FR_ERR_INVALID, "--grid %u is too fine for importance sampling (at most 4096)", p->grid);
    if (!(p->time_limit >= 0) || !(p->hits_per_pixel >= 0) || !isfinite(p->time_limit) ||
        !isfinite(p->hits_per_pixel))
        return fr_fail(ctx, FR_ERR_INVALID, "--time and --hits must be >= 0");
    if ((int)p->tone < 0 || p->tone > FR_TONE_CURVE) return fr_fail(ctx, FR_ERR_INVALID, "unknown tone %d", (int)p->tone);
    if (!(p->gamma > 0 && p->gamma <= 10)) return fr_fail(ctx, FR_ERR_INVALID, "--gamma must be in (0, 10]");
    if (!(p->tone_strength > 0 && p->tone_strength <= 1e9))
        return fr_fail(ctx, FR_ERR_INVALID, "--tone-strength must be in (0, 1e9]");
    if (!(p->percentile > 0 && p->percentile <= 100))
        return fr_fail(ctx, FR_ERR_INVALID, "--percentile must be in (0, 100]");
    if (p->depth != 8 && p->depth != 16) return fr_fail(ctx, FR_ERR_INVALID, "--depth %d must be 8 or 16", p->depth);
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
    json_t *root = json_object();
    if (!root) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    json_object_set_new(root, "fractalis", json_string("buddhabrot"));
    json_object_set_new(root, "version", json_integer(1));
    for (int i = 0; i < N_PARAMS; i++) {
        const fr_param_desc *d = &table[i];
        if (!strcmp(d->info.name, "iter") || !strcmp(d->info.name, "min-iter")) continue; /* in "channel" */
        const void *f = (const char *)p + d->offset;
        json_t *v;
        if (d->info.type == FR_PT_DOUBLE) v = json_real(*(const double *)f);
        else if (d->info.type == FR_PT_INT) v = json_integer(*(const int *)f);
        else if (d->info.type == FR_PT_UINT) v = json_integer(*(const uint32_t *)f);
        else if (d->info.type == FR_PT_BOOL) v = json_boolean(*(const int *)f);
        else {
            char *text;
            fr_status s = get_text(ctx, p, d, &text);
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

fr_status fr_buddha_params_from_json(fr_context *ctx, const char *text, fr_buddha_params *out)
{
    json_error_t err;
    json_t *root = json_loads(text, 0, &err);
    if (!root) return fr_fail(ctx, FR_ERR_PARSE, "scene JSON line %d column %d: %s", err.line, err.column, err.text);
    fr_status s = FR_OK;
    fr_buddha_params p = *out;
    const char *key;
    json_t *v;
    json_t *kind = json_object_get(root, "fractalis");
    if (!json_is_object(root) || !json_is_string(kind) || strcmp(json_string_value(kind), "buddhabrot")) {
        s = fr_fail(ctx, FR_ERR_PARSE, "not an orbit-density scene (key \"fractalis\" must be \"buddhabrot\")");
        goto done;
    }
    json_object_foreach(root, key, v)
    {
        if (!strcmp(key, "fractalis") || !strcmp(key, "version")) continue;
        if (!find(key)) {
            s = fr_fail(ctx, FR_ERR_PARSE, "unknown scene key '%s'", key);
            goto done;
        }
        char buf[256], *heap = NULL;
        if ((s = fr_param_json_text(ctx, key, v, buf, sizeof buf, &heap))) goto done;
        if (heap) {
            free(heap);
            s = fr_fail(ctx, FR_ERR_PARSE, "scene key '%s' must not be an array", key);
            goto done;
        }
        if (!strcmp(key, "channel")) {
            /* "r:0:5000,g:0:500,b:0:50": one band after another. */
            char *save = NULL;
            for (char *t = strtok_r(buf, ",", &save); t && !s; t = strtok_r(NULL, ",", &save))
                s = set_channel(ctx, &p, t);
        } else {
            s = fr_buddha_param_set(ctx, &p, key, buf);
        }
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
