/* Parameter tables: one row per parameter (fr_param_info: name, type,
 * range, help; the offset of its field; its typed default) drives defaults,
 * parsing, range checks, formatting, JSON scenes (core/scene.c), and through
 * the public *_param_info functions the CLI flags and help. A family
 * declares an array of fr_param_desc over its params struct. */
#ifndef FR_CORE_PARAMS_H
#define FR_CORE_PARAMS_H

#include <stddef.h>

#include "fractalis.h"

/* A typed default. */
typedef union fr_param_value {
    double d;           /* DOUBLE, DURATION */
    int i;              /* INT, ENUM (index), BOOL */
    uint32_t u;         /* UINT */
    uint64_t u64;       /* U64 */
    int wh[2];          /* SIZE */
    double c[2];        /* COMPLEX */
    uint8_t rgb[3];     /* COLOR */
    const char *text;   /* PALETTE (a preset name), TEXT (parsed by set) */
} fr_param_value;

/* How a value reaches fr_param_set. */
enum {
    FR_SET_USER = 0,  /* from the caller (command line, API): may name a file */
    FR_SET_SCENE = 1  /* from a scene (a JSON file, a PNG's chunk): reads no other file */
};

struct fr_param_desc;
/* A parameter with a syntax of its own (TEXT), or an alias: parse text into
 * obj / format obj's value (malloc()ed). */
typedef fr_status (*fr_param_set_fn)(fr_context *ctx, const struct fr_param_desc *d, void *obj, const char *text,
                                     int how);
typedef fr_status (*fr_param_get_fn)(fr_context *ctx, const struct fr_param_desc *d, const void *obj, char **text);

typedef struct fr_param_desc {
    fr_param_info info;
    size_t offset;        /* of the field in the params struct (unused by TEXT and aliases) */
    fr_param_value def;   /* the default (not for aliases) */
    fr_param_set_fn set;  /* TEXT and aliases: the parser (the range is then its own check) */
    fr_param_get_fn get;  /* TEXT: the formatter */
} fr_param_desc;

/* A family's table. */
typedef struct fr_param_table {
    const fr_param_desc *rows;
    int n;
    const char *kind; /* the scene's "fractalis" value: "escape", "buddhabrot", ... */
} fr_param_table;

/* Every parameter's default into obj (aliases have none). */
fr_status fr_params_default(fr_context *ctx, const fr_param_table *t, void *obj);
/* Parse `text` as the parameter called `name`, check its range, store it. A
 * refused value leaves obj unchanged; the message names the parameter
 * ("iter 0 is out of range 1..2147483647"). */
fr_status fr_param_set(fr_context *ctx, const fr_param_table *t, void *obj, const char *name, const char *text, int how);
/* Parse `text` by the row's type into its field, ignoring the row's own
 * parser (for that parser to build on); obj is written only on success. */
fr_status fr_param_parse_field(fr_context *ctx, const fr_param_desc *d, void *obj, const char *text, int how);
/* The stored value as text (malloc()ed) that fr_param_set reads back to the
 * same value; doubles use the shortest such text. */
fr_status fr_param_get(fr_context *ctx, const fr_param_table *t, const void *obj, const char *name, char **out);
/* Every stored value within its row's range (fields set directly, not
 * through fr_param_set); TEXT rows are their family's to check. */
fr_status fr_params_check(fr_context *ctx, const fr_param_table *t, const void *obj);

/* The row called `name`, or NULL. */
const fr_param_desc *fr_param_find(const fr_param_table *t, const char *name);
/* Row i's info, or NULL. */
const fr_param_info *fr_param_table_info(const fr_param_table *t, int i);

/* A scene: {"fractalis": KIND, "version": 1, then every non-alias row in
 * table order}; numbers as JSON numbers, a palette given by colours as an
 * array, everything else as its text. */
fr_status fr_params_to_json(fr_context *ctx, const fr_param_table *t, const void *obj, char **json);
/* Read a scene of the table's kind into obj (a struct of `size` bytes):
 * keys not given keep their values; values are parsed as FR_SET_SCENE (no
 * file is read); an error (FR_ERR_PARSE) leaves obj unchanged and names
 * the key. */
fr_status fr_params_from_json(fr_context *ctx, const fr_param_table *t, void *obj, const char *json, size_t size);

/* Shortest "%.{15,16,17}g" text that parses back to exactly v. */
void fr_format_double(char *buf, size_t n, double v);
/* strtod over the whole string; rejects empty, trailing junk, NaN, inf. */
int fr_parse_double(const char *s, double *out);
/* A whole unsigned 64-bit number ("1e9" style accepted when exact and at
 * most 1e18); rejects signs, blanks and junk. */
int fr_parse_u64(const char *s, uint64_t *out);

#endif
