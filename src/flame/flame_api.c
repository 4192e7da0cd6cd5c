/* The public face of genome files: fr_flames over fr_flame_file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_api.h"
#include "flame/flame_genome_attrs.h"
#include "flame/flame_xml.h"

/* fr_flames_read and fr_flames_parse: the file from a path (xml NULL) or from memory. */
static fr_status flames_open(fr_context *ctx, const char *path, const char *xml, size_t len, const char *palette_file,
                             int strict, fr_flames **out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "out: NULL");
    *out = NULL;
    fr_flames *f = calloc(1, sizeof *f);
    if (!f) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    fr_status s = xml ? fr_flame_read_memory(ctx, xml, len, path, palette_file, strict, &f->file)
                      : fr_flame_read_file(ctx, path, palette_file, strict, &f->file);
    if (s) {
        free(f);
        return s;
    }
    if (f->file.n == 0) {
        fr_flames_destroy(f);
        return fr_fail(ctx, FR_ERR_PARSE, "%s: no <flame> element", path);
    }
    *out = f;
    return FR_OK;
}

fr_status fr_flames_read(fr_context *ctx, const char *path, const char *palette_file, int strict, fr_flames **out)
{
    return flames_open(ctx, path, NULL, 0, palette_file, strict, out);
}

fr_status fr_flames_parse(fr_context *ctx, const char *xml, size_t len, const char *name, const char *palette_file,
                          int strict, fr_flames **out)
{
    if (!xml) return fr_fail(ctx, FR_ERR_INVALID, "xml: NULL");
    if (len > (size_t)INT32_MAX) return fr_fail(ctx, FR_ERR_INVALID, "len: %zu bytes is more than a genome file may hold", len);
    return flames_open(ctx, name && *name ? name : "<memory>", xml, len, palette_file, strict, out);
}

void fr_flames_destroy(fr_flames *f)
{
    if (!f) return;
    fr_flame_file_free(&f->file);
    free(f);
}

int fr_flames_count(const fr_flames *f) { return f->file.n; }

const char *fr_flames_name(const fr_flames *f, int i)
{
    return i >= 0 && i < f->file.n && f->file.g[i].name ? f->file.g[i].name : "";
}

int fr_flames_find(const fr_flames *f, const char *name)
{
    for (int i = 0; i < f->file.n; i++)
        if (f->file.g[i].name && !strcmp(f->file.g[i].name, name)) return i;
    return -1;
}

void fr_flames_size(const fr_flames *f, int i, int *width, int *height)
{
    *width = f->file.g[i].width, *height = f->file.g[i].height;
}

const char *fr_flames_warning(const fr_flames *f, int i)
{
    return i >= 0 && i < f->file.nwarnings ? f->file.warnings[i] : NULL;
}

static fr_status check_index(fr_context *ctx, const fr_flames *f, int index, int all_ok)
{
    if ((all_ok && index == -1) || (index >= 0 && index < f->file.n)) return FR_OK;
    return fr_fail(ctx, FR_ERR_INVALID, "genome index %d is out of range (the file has %d)", index, f->file.n);
}

fr_status fr_flames_write(fr_context *ctx, const fr_flames *f, int index, const char *path)
{
    fr_status s = check_index(ctx, f, index, 1);
    if (s) return s;
    return index < 0 ? fr_flame_write_file(ctx, f->file.g, f->file.n, path)
                     : fr_flame_write_file(ctx, f->file.g + index, 1, path);
}

fr_status fr_flames_xml(fr_context *ctx, const fr_flames *f, int index, char **out)
{
    fr_status s = check_index(ctx, f, index, 1);
    if (s) return s;
    return index < 0 ? fr_flame_to_xml(ctx, f->file.g, f->file.n, out) : fr_flame_to_xml(ctx, f->file.g + index, 1, out);
}

/* The variation registry (flame_var_table.c). */
int fr_flame_variation_count(void) { return FR_FLAME_NVAR; }

const char *fr_flame_variation_name(int i) { return i >= 0 && i < FR_FLAME_NVAR ? fr_flame_vars[i].name : NULL; }

const char *fr_flame_variation_origin(int i)
{
    return i >= 0 && i < FR_FLAME_NVAR ? fr_flame_var_origin_name(fr_flame_vars[i].origin) : NULL;
}

int fr_flame_variation_nparams(int i) { return i >= 0 && i < FR_FLAME_NVAR ? fr_flame_vars[i].nparam : 0; }

const char *fr_flame_variation_param(int i, int k, double *def)
{
    if (i < 0 || i >= FR_FLAME_NVAR || k < 0 || k >= fr_flame_vars[i].nparam) return NULL;
    const int p = fr_flame_vars[i].first + k;
    if (def) *def = fr_flame_params[p].def;
    return fr_flame_param_xml_name(p);
}
