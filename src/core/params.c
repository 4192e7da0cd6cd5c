#include "core/params.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <jansson.h>

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

static fr_status check_range(fr_context *ctx, const fr_param_desc *d, double v, const char *text)
{
    if (d->zero_auto && v == 0) return FR_OK;
    if (v < d->min || v > d->max || (d->min_open && v == d->min))
        return fr_fail(ctx, FR_ERR_INVALID, "--%s %s is out of range (allowed: %s)", d->info.name, text,
                       d->info.range);
    return FR_OK;
}

static fr_status parse_number(fr_context *ctx, const fr_param_desc *d, const char *text, double *v)
{
    if (!fr_parse_double(text, v))
        return fr_fail(ctx, FR_ERR_INVALID, "--%s '%s' is not a finite number", d->info.name, text);
    return check_range(ctx, d, *v, text);
}

static fr_status parse_integer(fr_context *ctx, const fr_param_desc *d, const char *text, double *v)
{
    fr_status s = parse_number(ctx, d, text, v);
    if (s) return s;
    if (*v != floor(*v))
        return fr_fail(ctx, FR_ERR_INVALID, "--%s '%s' must be a whole number", d->info.name, text);
    return FR_OK;
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

fr_status fr_param_parse(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text)
{
    const char *name = d->info.name;
    double v, w;
    fr_status s;
    if (!text) return fr_fail(ctx, FR_ERR_INVALID, "--%s needs a value", name);
    switch (d->info.type) {
    case FR_PT_ENUM:
        for (int i = 0; d->names[i]; i++)
            if (!strcasecmp(text, d->names[i])) return *FIELD(obj, d, int) = i, FR_OK;
        return fr_fail(ctx, FR_ERR_INVALID, "--%s '%s' is not one of: %s", name, text, d->info.range);
    case FR_PT_INT:
        if ((s = parse_integer(ctx, d, text, &v))) return s;
        *FIELD(obj, d, int) = (int)v;
        return FR_OK;
    case FR_PT_UINT:
        if ((s = parse_integer(ctx, d, text, &v))) return s;
        *FIELD(obj, d, uint32_t) = (uint32_t)v;
        return FR_OK;
    case FR_PT_DOUBLE:
        if ((s = parse_number(ctx, d, text, &v))) return s;
        *FIELD(obj, d, double) = v;
        return FR_OK;
    case FR_PT_BOOL:
        if (!parse_bool(text, FIELD(obj, d, int)))
            return fr_fail(ctx, FR_ERR_INVALID, "--%s '%s' is not on/off, yes/no, true/false or 1/0", name,
                           text);
        return FR_OK;
    case FR_PT_SIZE:
        if (!parse_pair(text, 'x', &v, &w) && !parse_pair(text, 'X', &v, &w))
            return fr_fail(ctx, FR_ERR_INVALID, "--%s '%s' is not WIDTHxHEIGHT (e.g. 1920x1080)", name, text);
        if (v != floor(v) || w != floor(w) || v < d->min || w < d->min || v > d->max || w > d->max)
            return fr_fail(ctx, FR_ERR_INVALID, "--%s %s is out of range (allowed: %s)", name, text,
                           d->info.range);
        FIELD(obj, d, int)[0] = (int)v;
        FIELD(obj, d, int)[1] = (int)w;
        return FR_OK;
    case FR_PT_COMPLEX:
        if (!parse_pair(text, ',', &v, &w))
            return fr_fail(ctx, FR_ERR_INVALID, "--%s '%s' is not RE,IM with two finite numbers", name, text);
        if (fabs(v) > d->max || fabs(w) > d->max)
            return fr_fail(ctx, FR_ERR_INVALID, "--%s %s is out of range (allowed: %s)", name, text,
                           d->info.range);
        FIELD(obj, d, double)[0] = v;
        FIELD(obj, d, double)[1] = w;
        return FR_OK;
    case FR_PT_COLOR:
        if (!parse_hex_color(text, FIELD(obj, d, uint8_t)))
            return fr_fail(ctx, FR_ERR_INVALID, "--%s '%s' is not a colour #rrggbb", name, text);
        return FR_OK;
    case FR_PT_PALETTE: {
        fr_palette *pal = FIELD(obj, d, fr_palette);
        fr_palette tmp;
        /* A preset name, a comma-separated colour list, or a palette file. */
        for (const char *const *n = fr_palette_presets(); *n; n++)
            if (!strcasecmp(*n, text)) return fr_palette_preset(ctx, text, pal);
        if (strchr(text, ',')) {
            char *copy = strdup(text), *save = NULL;
            const char **hex = malloc(sizeof *hex * (strlen(text) / 2 + 2));
            int n = 0;
            if (!copy || !hex) {
                free(copy), free(hex);
                return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
            }
            for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) hex[n++] = t;
            s = fr_palette_from_hex(ctx, hex, n, &tmp);
            free(copy), free(hex);
            if (s) return s;
            *pal = tmp;
            return FR_OK;
        }
        if (strchr(text, '/') || strchr(text, '.') || access(text, F_OK) == 0) {
            if ((s = fr_palette_load(ctx, text, &tmp))) return s;
            *pal = tmp;
            return FR_OK;
        }
        return fr_palette_preset(ctx, text, pal); /* names the presets in its error */
    }
    case FR_PT_TEXT: break; /* parsed by its family */
    }
    return fr_fail(ctx, FR_ERR_INVALID, "--%s: unknown parameter type", name);
}

fr_status fr_param_format(fr_context *ctx, const fr_param_desc *d, const void *obj, char **out)
{
    char buf[160], a[40], b[40];
    switch (d->info.type) {
    case FR_PT_ENUM: snprintf(buf, sizeof buf, "%s", d->names[*CFIELD(obj, d, int)]); break;
    case FR_PT_INT: snprintf(buf, sizeof buf, "%d", *CFIELD(obj, d, int)); break;
    case FR_PT_UINT: snprintf(buf, sizeof buf, "%u", (unsigned)*CFIELD(obj, d, uint32_t)); break;
    case FR_PT_DOUBLE: fr_format_double(buf, sizeof buf, *CFIELD(obj, d, double)); break;
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
    case FR_PT_PALETTE: {
        /* Presets by name; a custom palette as its colours, comma-separated. */
        const fr_palette *pal = CFIELD(obj, d, fr_palette);
        if (pal->name[0]) {
            snprintf(buf, sizeof buf, "%s", pal->name);
            break;
        }
        char *s = malloc((size_t)pal->count * 8 + 1);
        if (!s) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        for (int i = 0; i < pal->count; i++)
            sprintf(s + 8 * i, "#%02x%02x%02x%s", pal->rgb[i][0], pal->rgb[i][1], pal->rgb[i][2],
                    i + 1 < pal->count ? "," : "");
        *out = s;
        return FR_OK;
    }
    default: return fr_fail(ctx, FR_ERR_INVALID, "--%s: unknown parameter type", d->info.name);
    }
    *out = strdup(buf);
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

const fr_param_desc *fr_param_find(const fr_param_desc *table, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(table[i].info.name, name)) return &table[i];
    return NULL;
}

/* Any JSON scalar as the text its parameter parses. */
fr_status fr_param_json_text(fr_context *ctx, const char *key, json_t *v, char *buf, size_t n,
                                 char **heap)
{
    *heap = NULL;
    if (json_is_string(v)) snprintf(buf, n, "%s", json_string_value(v));
    else if (json_is_integer(v)) snprintf(buf, n, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v)) fr_format_double(buf, n, json_real_value(v));
    else if (json_is_boolean(v)) snprintf(buf, n, "%s", json_is_true(v) ? "on" : "off");
    else if (json_is_array(v)) {
        size_t len = json_array_size(v);
        char *s = calloc(len * 16 + 1, 1);
        if (!s) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        for (size_t i = 0; i < len; i++) {
            json_t *e = json_array_get(v, i);
            if (!json_is_string(e) || strlen(json_string_value(e)) > 10) {
                free(s);
                return fr_fail(ctx, FR_ERR_PARSE, "scene key '%s': element %zu is not a colour string", key, i);
            }
            strcat(s, json_string_value(e));
            if (i + 1 < len) strcat(s, ",");
        }
        *heap = s;
    } else
        return fr_fail(ctx, FR_ERR_PARSE, "scene key '%s' has an unsupported JSON type", key);
    return FR_OK;
}

