/* Parameter tables: one declaration per parameter (name, type, range,
 * default, help) drives parsing, validation, formatting, the CLI flags,
 * scene files and PNG metadata. A family declares an array of
 * fr_param_desc over its params struct. */
#ifndef FR_CORE_PARAMS_H
#define FR_CORE_PARAMS_H

#include <stddef.h>

#include "fractalis.h"

typedef struct fr_param_desc {
    fr_param_info info;
    size_t offset;                    /* of the field in the params struct */
    double min, max;                  /* numeric range (INT, UINT, DOUBLE, SIZE) */
    int min_open;                     /* min itself excluded */
    int zero_auto;                    /* 0 is allowed and means "automatic" */
    const char *const *names;         /* ENUM: NULL-terminated value names */
} fr_param_desc;

/* Parse `text` as the parameter's type, check its range, store it. */
fr_status fr_param_parse(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text);
/* Format the stored value (malloc()ed); doubles use the shortest text that
 * reads back to the same value. */
fr_status fr_param_format(fr_context *ctx, const fr_param_desc *d, const void *obj, char **out);

/* The entry called `name` of a table of n, or NULL. */
const fr_param_desc *fr_param_find(const fr_param_desc *table, int n, const char *name);

/* A scene's JSON value (string, number, boolean, or an array of colour
 * strings joined by commas) as the text its parameter parses: into buf, or
 * into *heap (malloc()ed) for arrays. */
struct json_t;
fr_status fr_param_json_text(fr_context *ctx, const char *key, struct json_t *v, char *buf, size_t n,
                             char **heap);

/* Shortest "%.{15,16,17}g" text that parses back to exactly v. */
void fr_format_double(char *buf, size_t n, double v);
/* strtod over the whole string; rejects empty, trailing junk, NaN, inf. */
int fr_parse_double(const char *s, double *out);

#endif
