/* Scenes: a family's parameters as a JSON object, written and read through
 * its parameter table (core/params.h). Every family's scene files and PNG
 * metadata are this one format: {"fractalis": KIND, "version": 1, ...}. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/context.h"
#include "core/params.h"

#define CFIELD(obj, d, type) ((const type *)((const char *)(obj) + (d)->offset))

/* One row's value as JSON: numbers and booleans as such, a palette given
 * by colours as an array of them, everything else as its text. */
static fr_status row_json(fr_context *ctx, const fr_param_desc *d, const void *obj, json_t **out)
{
    *out = NULL;
    const fr_palette *pal = d->info.type == FR_PT_PALETTE ? CFIELD(obj, d, fr_palette) : NULL;
    if (pal && !pal->name[0]) {
        json_t *a = json_array();
        for (int k = 0; a && k < pal->count; k++) {
            char hex[8];
            snprintf(hex, sizeof hex, "#%02x%02x%02x", pal->rgb[k][0], pal->rgb[k][1], pal->rgb[k][2]);
            json_array_append_new(a, json_string(hex));
        }
        *out = a;
    } else if (!d->get && d->info.type == FR_PT_DOUBLE) {
        *out = json_real(*CFIELD(obj, d, double));
    } else if (d->info.type == FR_PT_DOUBLE) {
        /* a number of its own syntax: a JSON number when a double carries
         * it exactly, else its text (e.g. a width of 4e-5000) */
        char *text, buf[40];
        double v;
        fr_status s = fr_param_get(ctx, &(fr_param_table){d, 1, NULL}, obj, d->info.name, &text);
        if (s) return s;
        int plain = fr_parse_double(text, &v) && (fr_format_double(buf, sizeof buf, v), !strcmp(buf, text));
        *out = plain ? json_real(v) : json_string(text);
        free(text);
    } else if (!d->get && d->info.type == FR_PT_INT) {
        *out = json_integer(*CFIELD(obj, d, int));
    } else if (!d->get && d->info.type == FR_PT_UINT) {
        *out = json_integer(*CFIELD(obj, d, uint32_t));
    } else if (!d->get && d->info.type == FR_PT_BOOL) {
        *out = json_boolean(*CFIELD(obj, d, int));
    } else {
        char *text;
        fr_status s = fr_param_get(ctx, &(fr_param_table){d, 1, NULL}, obj, d->info.name, &text);
        if (s) return s;
        *out = json_string(text);
        free(text);
    }
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

/* A FR_PARAM_SCENE_IF_SET row still at its default (integer and double
 * rows by value, TEXT rows as an empty text or the default's). */
static int at_default(const fr_param_desc *d, const void *obj)
{
    const char *f = (const char *)obj + d->offset;
    switch (d->info.type) {
    case FR_PT_INT: case FR_PT_ENUM: case FR_PT_BOOL: {
        int v;
        memcpy(&v, f, sizeof v);
        return v == d->def.i;
    }
    case FR_PT_UINT: {
        uint32_t v;
        memcpy(&v, f, sizeof v);
        return v == d->def.u;
    }
    case FR_PT_DOUBLE: {
        double v;
        memcpy(&v, f, sizeof v);
        return v == d->def.d;
    }
    case FR_PT_TEXT: {
        char *t = NULL;
        if (!d->get || d->get(NULL, d, obj, &t)) return 0;
        int same = !strcmp(t, d->def.text ? d->def.text : "");
        free(t);
        return same;
    }
    default: return 0;
    }
}

fr_status fr_params_to_json(fr_context *ctx, const fr_param_table *t, const void *obj, char **json)
{
    *json = NULL;
    json_t *root = json_object();
    if (!root) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    json_object_set_new(root, "fractalis", json_string(t->kind));
    json_object_set_new(root, "version", json_integer(1));
    for (int i = 0; i < t->n; i++) {
        const fr_param_desc *d = &t->rows[i];
        if (d->info.flags & (FR_PARAM_ALIAS | FR_PARAM_NO_SCENE)) continue;
        if ((d->info.flags & FR_PARAM_SCENE_IF_SET) && at_default(d, obj)) continue;
        json_t *v;
        fr_status s = row_json(ctx, d, obj, &v);
        if (s) {
            json_decref(root);
            return s;
        }
        json_object_set_new(root, d->info.name, v);
    }
    *json = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(root);
    return *json ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

/* A scene value as the text its parameter parses (malloc()ed): strings as
 * they are, numbers in their shortest exact text, booleans as on/off, an
 * array of colour strings joined by commas. */
static fr_status value_text(fr_context *ctx, const char *key, json_t *v, char **out)
{
    char buf[64];
    *out = NULL;
    if (json_is_string(v)) {
        *out = strdup(json_string_value(v));
    } else if (json_is_integer(v)) {
        snprintf(buf, sizeof buf, "%lld", (long long)json_integer_value(v));
        *out = strdup(buf);
    } else if (json_is_real(v)) {
        fr_format_double(buf, sizeof buf, json_real_value(v));
        *out = strdup(buf);
    } else if (json_is_boolean(v)) {
        *out = strdup(json_is_true(v) ? "on" : "off");
    } else if (json_is_array(v)) {
        size_t len = json_array_size(v), used = 0;
        if (len > FR_PALETTE_MAX_STOPS)
            return fr_fail(ctx, FR_ERR_PARSE, "scene key '%s': %zu colours, more than %d", key, len,
                           FR_PALETTE_MAX_STOPS);
        char *s = malloc(len * 12 + 1);
        if (!s) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        s[0] = 0;
        for (size_t i = 0; i < len; i++) {
            json_t *e = json_array_get(v, i);
            if (!json_is_string(e) || strlen(json_string_value(e)) > 10) {
                free(s);
                return fr_fail(ctx, FR_ERR_PARSE, "scene key '%s': element %zu is not a colour string", key, i);
            }
            used += (size_t)sprintf(s + used, "%s%s", i ? "," : "", json_string_value(e));
        }
        *out = s;
        return FR_OK;
    } else {
        return fr_fail(ctx, FR_ERR_PARSE, "scene key '%s' has an unsupported JSON type", key);
    }
    return *out ? FR_OK : fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
}

/* The parsed object of a scene, or NULL with the error set. */
static json_t *load(fr_context *ctx, const char *text, fr_status *s)
{
    json_error_t err;
    json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &err);
    *s = FR_OK;
    if (!root) *s = fr_fail(ctx, FR_ERR_PARSE, "scene JSON line %d column %d: %s", err.line, err.column, err.text);
    else if (!json_is_object(root)) {
        *s = fr_fail(ctx, FR_ERR_PARSE, "a scene must be a JSON object");
        json_decref(root);
        root = NULL;
    }
    return root;
}

fr_status fr_scene_kind(fr_context *ctx, const char *json, char *kind, size_t n)
{
    if (!json || !kind || !n) return fr_fail(ctx, FR_ERR_INVALID, "fr_scene_kind: NULL argument");
    kind[0] = 0;
    fr_status s;
    json_t *root = load(ctx, json, &s);
    if (!root) return s;
    json_t *k = json_object_get(root, "fractalis");
    if (!json_is_string(k)) s = fr_fail(ctx, FR_ERR_PARSE, "not a fractalis scene (no \"fractalis\" key)");
    else snprintf(kind, n, "%s", json_string_value(k));
    json_decref(root);
    return s;
}

fr_status fr_params_from_json(fr_context *ctx, const fr_param_table *t, void *obj, const char *json, size_t size)
{
    fr_status s;
    json_t *root = load(ctx, json, &s);
    if (!root) return s;
    json_t *kind = json_object_get(root, "fractalis");
    void *copy = malloc(size);
    const char *key;
    json_t *v;
    if (!copy) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto done;
    }
    memcpy(copy, obj, size);
    if (!json_is_string(kind) || strcmp(json_string_value(kind), t->kind)) {
        s = fr_fail(ctx, FR_ERR_PARSE, "not a%s %s scene (key \"fractalis\" must be \"%s\")",
                    strchr("aeiou", t->kind[0]) ? "n" : "", t->kind, t->kind);
        goto done;
    }
    json_object_foreach(root, key, v)
    {
        if (!strcmp(key, "fractalis") || !strcmp(key, "version")) continue;
        if (!fr_param_find(t, key)) {
            s = fr_fail(ctx, FR_ERR_PARSE, "unknown scene key '%s'", key);
            goto done;
        }
        char *text;
        if ((s = value_text(ctx, key, v, &text))) goto done;
        s = fr_param_set(ctx, t, copy, key, text, FR_SET_SCENE);
        free(text);
        if (s) {
            s = s == FR_ERR_INVALID ? FR_ERR_PARSE : s;
            goto done;
        }
    }
    memcpy(obj, copy, size);
done:
    free(copy);
    json_decref(root);
    return s;
}
