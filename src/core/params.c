/* The parameter-table machinery: defaults, parsing with range checks,
 * formatting and whole-struct checks, all driven by a family's rows
 * (core/params.h). Messages name the parameter as the table does ("iter 0
 * is out of range 1..2147483647"); the CLI adds the "--". */
#include "core/params.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/context.h"

#define FIELD(obj, d, type) ((type *)((char *)(obj) + (d)->offset))
#define CFIELD(obj, d, type) ((const type *)((const char *)(obj) + (d)->offset))

void fr_format_double(char *buf, size_t n, double v)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, v);
        if (strtod(buf, NULL) == v) return;
    }
}

int fr_parse_double(const char *s, double *out)
{
    if (!*s || isspace((unsigned char)*s)) return 0;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*end || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

int fr_parse_u64(const char *s, uint64_t *out)
{
    if (!*s || *s == '-' || *s == '+' || isspace((unsigned char)*s)) return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*end && !errno) return *out = v, 1;
    double d;
    if (!fr_parse_double(s, &d) || d < 0 || d > 1e18 || d != floor(d)) return 0;
    *out = (uint64_t)d;
    return 1;
}

/* ------------------------------------------------------------ range text */

/* A bound as people write it: whole numbers as such ("2147483647"), round
 * large ones with an exponent ("1e6", "1e10"), others the shortest text. */
static void bound_text(char *buf, size_t n, double v)
{
    if (v == floor(v) && fabs(v) < 1e15) {
        char t[32];
        snprintf(t, sizeof t, "%.0f", v);
        size_t len = strlen(t), z = 0;
        while (z < len && t[len - 1 - z] == '0') z++;
        if (z >= 5 && len - z == 1 + (v < 0)) snprintf(buf, n, "%.*se%zu", (int)(len - z), t, z);
        else snprintf(buf, n, "%s", t);
        return;
    }
    fr_format_double(buf, n, v);
}

const char *fr_param_range_text(const fr_param_info *in, char *buf, size_t n)
{
    char lo[32], hi[32];
    if (!n) return buf;
    buf[0] = 0;
    if (in->syntax) {
        snprintf(buf, n, "%s", in->syntax);
        return buf;
    }
    bound_text(lo, sizeof lo, in->min);
    bound_text(hi, sizeof hi, in->max);
    switch (in->type) {
    case FR_PT_ENUM: {
        size_t used = 0;
        for (int i = 0; in->names && in->names[i] && used < n; i++)
            used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? "|" : "", in->names[i]);
        return buf;
    }
    case FR_PT_BOOL: snprintf(buf, n, "on|off"); return buf;
    case FR_PT_COLOR: snprintf(buf, n, "#rrggbb"); return buf;
    case FR_PT_PALETTE: snprintf(buf, n, "preset name, palette file, or #rrggbb,#rrggbb,..."); return buf;
    case FR_PT_SIZE: snprintf(buf, n, "%s..%s per side", in->flags & FR_PARAM_ZERO_AUTO ? "0" : lo, hi); return buf;
    case FR_PT_COMPLEX: snprintf(buf, n, "|RE|,|IM| <= %s", hi); return buf;
    default: break;
    }
    const char *zero = (in->flags & FR_PARAM_ZERO_AUTO) && (in->min > 0 || (in->flags & FR_PARAM_MIN_OPEN)) ? "0, or " : "";
    if (in->flags & FR_PARAM_MIN_OR_MAX) snprintf(buf, n, "%s%s|%s", zero, lo, hi);
    else if (in->flags & FR_PARAM_MIN_OPEN) snprintf(buf, n, "%s> %s .. %s", zero, lo, hi);
    else snprintf(buf, n, "%s%s..%s", zero, lo, hi);
    return buf;
}

/* ---------------------------------------------------------------- lookup */

const fr_param_desc *fr_param_find(const fr_param_table *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->rows[i].info.name, name)) return &t->rows[i];
    return NULL;
}

const fr_param_info *fr_param_table_info(const fr_param_table *t, int i)
{
    return i >= 0 && i < t->n ? &t->rows[i].info : NULL;
}

/* --------------------------------------------------------------- parsing */

static int in_range(const fr_param_info *in, double v)
{
    if (!isfinite(v)) return 0;
    if ((in->flags & FR_PARAM_ZERO_AUTO) && v == 0) return 1;
    if (in->flags & FR_PARAM_MIN_OR_MAX) return v == in->min || v == in->max;
    return v >= in->min && v <= in->max && !((in->flags & FR_PARAM_MIN_OPEN) && v == in->min);
}

static fr_status out_of_range(fr_context *ctx, const fr_param_info *in, const char *text)
{
    char r[160];
    fr_param_range_text(in, r, sizeof r);
    return fr_fail(ctx, FR_ERR_INVALID, "%s %s is out of range %s", in->name, text, r);
}

static fr_status parse_number(fr_context *ctx, const fr_param_info *in, const char *text, int whole, double *v)
{
    if (!fr_parse_double(text, v)) return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' is not a finite number", in->name, text);
    if (whole && *v != floor(*v)) return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' must be a whole number", in->name, text);
    return in_range(in, *v) ? FR_OK : out_of_range(ctx, in, text);
}

static int parse_pair(const char *text, char sep, double *a, double *b)
{
    const char *p = strchr(text, sep);
    if (!p) return 0;
    char first[128];
    size_t n = (size_t)(p - text);
    if (n >= sizeof first) return 0;
    memcpy(first, text, n);
    first[n] = 0;
    return fr_parse_double(first, a) && fr_parse_double(p + 1, b);
}

static int parse_bool(const char *t, int *out)
{
    static const char *yes[] = {"1", "on", "yes", "true"}, *no[] = {"0", "off", "no", "false"};
    for (int i = 0; i < 4; i++) {
        if (!strcasecmp(t, yes[i])) return *out = 1, 1;
        if (!strcasecmp(t, no[i])) return *out = 0, 1;
    }
    return 0;
}

static int parse_hex_color(const char *t, uint8_t rgb[3])
{
    if (*t == '#') t++;
    else if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) t += 2;
    if (strlen(t) != 6) return 0;
    for (int i = 0; i < 6; i++)
        if (!isxdigit((unsigned char)t[i])) return 0;
    unsigned long v = strtoul(t, NULL, 16);
    rgb[0] = (uint8_t)(v >> 16), rgb[1] = (uint8_t)(v >> 8), rgb[2] = (uint8_t)v;
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
    if (!fr_parse_double(buf, &v)) return 0;
    *out = v * mul;
    return 1;
}

/* A preset name, a list of colours (one colour is a list too), or, from
 * the caller only, a palette file. */
static fr_status parse_palette(fr_context *ctx, const fr_param_info *in, const char *text, int how, fr_palette *out)
{
    for (const char *const *n = fr_palette_presets(); *n; n++)
        if (!strcasecmp(*n, text)) return fr_palette_preset(ctx, text, out);
    if (strchr(text, ',') || text[0] == '#') {
        char *copy = strdup(text), *save = NULL;
        const char **hex = malloc(sizeof *hex * (strlen(text) / 2 + 2));
        int n = 0;
        fr_status s = FR_ERR_NOMEM;
        if (copy && hex) {
            for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) hex[n++] = t;
            s = fr_palette_from_hex(ctx, hex, n, out);
        } else {
            fr_fail(ctx, s, "out of memory");
        }
        free(copy), free(hex);
        return s;
    }
    if (how == FR_SET_SCENE)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "%s '%.100s' is neither a preset nor a list of colours (a scene names no files)", in->name,
                       text);
    if (strchr(text, '/') || strchr(text, '.') || access(text, F_OK) == 0) return fr_palette_load(ctx, text, out);
    return fr_palette_preset(ctx, text, out); /* names the presets in its error */
}

fr_status fr_param_parse_field(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text, int how)
{
    const fr_param_info *in = &d->info;
    const char *name = in->name;
    double v, w;
    fr_status s;
    switch (in->type) {
    case FR_PT_ENUM:
        for (int i = 0; in->names[i]; i++)
            if (!strcasecmp(text, in->names[i])) return *FIELD(obj, d, int) = i, FR_OK;
        {
            char r[160];
            return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' is not one of %s", name, text,
                           fr_param_range_text(in, r, sizeof r));
        }
    case FR_PT_INT:
        if ((s = parse_number(ctx, in, text, 1, &v))) return s;
        *FIELD(obj, d, int) = (int)v;
        return FR_OK;
    case FR_PT_UINT:
        if ((s = parse_number(ctx, in, text, 1, &v))) return s;
        *FIELD(obj, d, uint32_t) = (uint32_t)v;
        return FR_OK;
    case FR_PT_DOUBLE:
        if ((s = parse_number(ctx, in, text, 0, &v))) return s;
        *FIELD(obj, d, double) = v;
        return FR_OK;
    case FR_PT_U64: {
        uint64_t u;
        if (!fr_parse_u64(text, &u))
            return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' is not a whole number >= 0", name, text);
        if ((double)u > in->max) return out_of_range(ctx, in, text);
        *FIELD(obj, d, uint64_t) = u;
        return FR_OK;
    }
    case FR_PT_DURATION:
        if (!parse_duration(text, &v) || !in_range(in, v))
            return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' is not a duration (90, 90s, 5m, 1h) of at most %g s", name,
                           text, in->max);
        *FIELD(obj, d, double) = v;
        return FR_OK;
    case FR_PT_BOOL:
        if (!parse_bool(text, FIELD(obj, d, int)))
            return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' is not on/off, yes/no, true/false or 1/0", name, text);
        return FR_OK;
    case FR_PT_SIZE:
        if (!parse_pair(text, 'x', &v, &w) && !parse_pair(text, 'X', &v, &w))
            return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' is not WIDTHxHEIGHT (e.g. 1920x1080)", name, text);
        if (v != floor(v) || w != floor(w) || !in_range(in, v) || !in_range(in, w)) return out_of_range(ctx, in, text);
        FIELD(obj, d, int)[0] = (int)v;
        FIELD(obj, d, int)[1] = (int)w;
        return FR_OK;
    case FR_PT_COMPLEX:
        if (!parse_pair(text, ',', &v, &w))
            return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' is not RE,IM with two finite numbers", name, text);
        if (fabs(v) > in->max || fabs(w) > in->max) return out_of_range(ctx, in, text);
        FIELD(obj, d, double)[0] = v;
        FIELD(obj, d, double)[1] = w;
        return FR_OK;
    case FR_PT_COLOR:
        if (!parse_hex_color(text, FIELD(obj, d, uint8_t)))
            return fr_fail(ctx, FR_ERR_INVALID, "%s '%s' is not a colour #rrggbb", name, text);
        return FR_OK;
    case FR_PT_PALETTE: {
        fr_palette tmp;
        if ((s = parse_palette(ctx, in, text, how, &tmp))) return s;
        *FIELD(obj, d, fr_palette) = tmp;
        return FR_OK;
    }
    case FR_PT_TEXT: break;
    }
    return fr_fail(ctx, FR_ERR_INVALID, "%s: parameter type %d has no parser", name, (int)in->type);
}

/* The row's own parser, or the one of its type. */
static fr_status parse_into(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text, int how)
{
    return d->set ? d->set(ctx, d, obj, text, how) : fr_param_parse_field(ctx, d, obj, text, how);
}

fr_status fr_param_set(fr_context *ctx, const fr_param_table *t, void *obj, const char *name, const char *text, int how)
{
    const fr_param_desc *d = fr_param_find(t, name);
    if (!d) return fr_fail(ctx, FR_ERR_INVALID, "unknown parameter '%s'", name);
    if (!text) return fr_fail(ctx, FR_ERR_INVALID, "%s needs a value", name);
    return parse_into(ctx, d, obj, text, how);
}

fr_status fr_params_default(fr_context *ctx, const fr_param_table *t, void *obj)
{
    for (int i = 0; i < t->n; i++) {
        const fr_param_desc *d = &t->rows[i];
        fr_status s = FR_OK;
        if (d->info.flags & FR_PARAM_ALIAS) continue;
        switch (d->info.type) {
        case FR_PT_ENUM:
        case FR_PT_INT:
        case FR_PT_BOOL: *FIELD(obj, d, int) = d->def.i; break;
        case FR_PT_UINT: *FIELD(obj, d, uint32_t) = d->def.u; break;
        case FR_PT_DOUBLE:
        case FR_PT_DURATION: *FIELD(obj, d, double) = d->def.d; break;
        case FR_PT_U64: *FIELD(obj, d, uint64_t) = d->def.u64; break;
        case FR_PT_SIZE: memcpy(FIELD(obj, d, int), d->def.wh, sizeof d->def.wh); break;
        case FR_PT_COMPLEX: memcpy(FIELD(obj, d, double), d->def.c, sizeof d->def.c); break;
        case FR_PT_COLOR: memcpy(FIELD(obj, d, uint8_t), d->def.rgb, sizeof d->def.rgb); break;
        case FR_PT_PALETTE:
        case FR_PT_TEXT: s = parse_into(ctx, d, obj, d->def.text, FR_SET_USER); break;
        }
        if (s) return s;
    }
    return FR_OK;
}

/* ------------------------------------------------------------ formatting */

static fr_status format_palette(fr_context *ctx, const fr_palette *pal, char **out)
{
    /* Presets by name; a custom palette as its colours, comma-separated. */
    if (pal->name[0]) return (*out = strdup(pal->name)) ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    char *s = malloc((size_t)pal->count * 8 + 1);
    if (!s) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    s[0] = 0;
    for (int i = 0; i < pal->count; i++)
        sprintf(s + 8 * i, "#%02x%02x%02x%s", pal->rgb[i][0], pal->rgb[i][1], pal->rgb[i][2],
                i + 1 < pal->count ? "," : "");
    *out = s;
    return FR_OK;
}

static fr_status format_row(fr_context *ctx, const fr_param_desc *d, const void *obj, char **out)
{
    char buf[160], a[40], b[40];
    *out = NULL;
    if (d->get) return d->get(ctx, d, obj, out);
    switch (d->info.type) {
    case FR_PT_ENUM: snprintf(buf, sizeof buf, "%s", d->info.names[*CFIELD(obj, d, int)]); break;
    case FR_PT_INT: snprintf(buf, sizeof buf, "%d", *CFIELD(obj, d, int)); break;
    case FR_PT_UINT: snprintf(buf, sizeof buf, "%u", (unsigned)*CFIELD(obj, d, uint32_t)); break;
    case FR_PT_U64: snprintf(buf, sizeof buf, "%llu", (unsigned long long)*CFIELD(obj, d, uint64_t)); break;
    case FR_PT_DOUBLE:
    case FR_PT_DURATION: fr_format_double(buf, sizeof buf, *CFIELD(obj, d, double)); break;
    case FR_PT_BOOL: snprintf(buf, sizeof buf, "%s", *CFIELD(obj, d, int) ? "on" : "off"); break;
    case FR_PT_SIZE: snprintf(buf, sizeof buf, "%dx%d", CFIELD(obj, d, int)[0], CFIELD(obj, d, int)[1]); break;
    case FR_PT_COMPLEX:
        fr_format_double(a, sizeof a, CFIELD(obj, d, double)[0]);
        fr_format_double(b, sizeof b, CFIELD(obj, d, double)[1]);
        snprintf(buf, sizeof buf, "%s,%s", a, b);
        break;
    case FR_PT_COLOR: {
        const uint8_t *c = CFIELD(obj, d, uint8_t);
        snprintf(buf, sizeof buf, "#%02x%02x%02x", c[0], c[1], c[2]);
        break;
    }
    case FR_PT_PALETTE: return format_palette(ctx, CFIELD(obj, d, fr_palette), out);
    case FR_PT_TEXT: return fr_fail(ctx, FR_ERR_INVALID, "%s has no formatter", d->info.name);
    }
    *out = strdup(buf);
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

fr_status fr_param_get(fr_context *ctx, const fr_param_table *t, const void *obj, const char *name, char **out)
{
    const fr_param_desc *d = fr_param_find(t, name);
    if (!d) return fr_fail(ctx, FR_ERR_INVALID, "unknown parameter '%s'", name);
    if (d->info.flags & FR_PARAM_ALIAS)
        return fr_fail(ctx, FR_ERR_INVALID, "%s sets other parameters and has no value of its own", name);
    return format_row(ctx, d, obj, out);
}

/* --------------------------------------------------------------- checks */

fr_status fr_params_check(fr_context *ctx, const fr_param_table *t, const void *obj)
{
    char v[80];
    for (int i = 0; i < t->n; i++) {
        const fr_param_desc *d = &t->rows[i];
        const fr_param_info *in = &d->info;
        if ((in->flags & FR_PARAM_ALIAS) || d->set) continue; /* no field, or a syntax of its own */
        switch (in->type) {
        case FR_PT_ENUM: {
            int k = *CFIELD(obj, d, int), n = 0;
            while (in->names[n]) n++;
            if (k < 0 || k >= n) return fr_fail(ctx, FR_ERR_INVALID, "%s %d is not a value of the parameter", in->name, k);
            break;
        }
        case FR_PT_INT:
            if (!in_range(in, *CFIELD(obj, d, int)))
                return snprintf(v, sizeof v, "%d", *CFIELD(obj, d, int)), out_of_range(ctx, in, v);
            break;
        case FR_PT_UINT:
            if (!in_range(in, *CFIELD(obj, d, uint32_t)))
                return snprintf(v, sizeof v, "%u", (unsigned)*CFIELD(obj, d, uint32_t)), out_of_range(ctx, in, v);
            break;
        case FR_PT_U64:
            if ((double)*CFIELD(obj, d, uint64_t) > in->max)
                return snprintf(v, sizeof v, "%llu", (unsigned long long)*CFIELD(obj, d, uint64_t)),
                       out_of_range(ctx, in, v);
            break;
        case FR_PT_DOUBLE:
        case FR_PT_DURATION:
            if (!in_range(in, *CFIELD(obj, d, double)))
                return fr_format_double(v, sizeof v, *CFIELD(obj, d, double)), out_of_range(ctx, in, v);
            break;
        case FR_PT_SIZE: {
            const int *wh = CFIELD(obj, d, int);
            if (!in_range(in, wh[0]) || !in_range(in, wh[1]))
                return snprintf(v, sizeof v, "%dx%d", wh[0], wh[1]), out_of_range(ctx, in, v);
            break;
        }
        case FR_PT_COMPLEX: {
            const double *c = CFIELD(obj, d, double);
            if (!isfinite(c[0]) || !isfinite(c[1]) || fabs(c[0]) > in->max || fabs(c[1]) > in->max)
                return snprintf(v, sizeof v, "%g,%g", c[0], c[1]), out_of_range(ctx, in, v);
            break;
        }
        case FR_PT_PALETTE: {
            const fr_palette *pal = CFIELD(obj, d, fr_palette);
            if (pal->count < 1 || pal->count > FR_PALETTE_MAX_STOPS)
                return fr_fail(ctx, FR_ERR_INVALID, "%s has %d colours (1..%d)", in->name, pal->count,
                               FR_PALETTE_MAX_STOPS);
            break;
        }
        case FR_PT_BOOL:
        case FR_PT_COLOR:
        case FR_PT_TEXT: break;
        }
    }
    return FR_OK;
}
