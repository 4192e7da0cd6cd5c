/* The lists (formulas, colourings, palettes), the families' parameter
 * tables, the server's settings and its counters, as JSON. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve.h"

static void reply_json(serve_reply *r, json_t *o)
{
    char *t = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (!t) return (void)serve_error(r, 503, NULL, "out of memory");
    serve_json(r, 200, t);
}

static json_t *formulas(void)
{
    json_t *a = json_array();
    for (int f = FR_MANDELBROT; f <= FR_MULTIBROT; f++) json_array_append_new(a, json_string(fr_formula_name(f)));
    return a;
}

static json_t *colorings(void)
{
    const fr_param_info *pi = fr_escape_param_find("color");
    json_t *a = json_array();
    for (int i = 0; pi && pi->names && pi->names[i]; i++)
        json_array_append_new(a, json_pack("{s:s, s:b}", "name", pi->names[i], "tiles", i != FR_COLOR_HISTOGRAM));
    return a;
}

static json_t *palettes(void)
{
    json_t *a = json_array();
    fr_context *ctx = fr_context_create();
    fr_palette *pal = malloc(sizeof *pal);
    const char *const *names = fr_palette_presets();
    for (int i = 0; ctx && pal && names[i]; i++) {
        if (fr_palette_preset(ctx, names[i], pal)) continue;
        json_t *colors = json_array(), *pos = json_array();
        for (int k = 0; k < pal->count; k++) {
            char hex[8];
            snprintf(hex, sizeof hex, "#%02x%02x%02x", pal->rgb[k][0], pal->rgb[k][1], pal->rgb[k][2]);
            json_array_append_new(colors, json_string(hex));
            json_array_append_new(pos, json_real(pal->pos[k]));
        }
        json_array_append_new(a, json_pack("{s:s, s:o, s:o}", "name", names[i], "colors", colors, "positions", pos));
    }
    free(pal);
    fr_context_destroy(ctx);
    return a;
}

static json_t *limits(const serve_state *st)
{
    return json_pack("{s:I, s:I, s:I, s:I, s:i, s:i, s:I, s:i, s:i}", "max_pixels", (json_int_t)st->lim.max_pixels,
                     "max_iter", (json_int_t)st->lim.max_iter, "max_upload", (json_int_t)st->lim.max_upload,
                     "max_samples", (json_int_t)st->lim.max_samples, "max_jobs_per_client",
                     st->lim.max_jobs_per_client, "max_jobs", st->lim.max_jobs, "max_memory",
                     (json_int_t)st->lim.max_memory, "max_zoom", st->lim.max_zoom, "tile_size", SERVE_TILE);
}

void serve_api_info(serve_state *st, serve_reply *r)
{
    fr_context *ctx = fr_context_create();
    const char *dev = st->device;
    if (ctx && !fr_context_set_device(ctx, st->device)) dev = fr_context_device(ctx);
    json_t *o = json_pack("{s:s, s:s, s:o, s:o, s:o, s:o}", "version", fr_version(), "device", dev, "limits",
                          limits(st), "formulas", formulas(), "colorings", colorings(), "palettes", palettes());
    fr_context_destroy(ctx);
    reply_json(r, o);
}

void serve_api_list(serve_state *st, const char *what, serve_reply *r)
{
    (void)st;
    reply_json(r, !strcmp(what, "formulas") ? formulas() : !strcmp(what, "colorings") ? colorings() : palettes());
}

static const char *type_name(fr_param_type t)
{
    static const char *names[] = {"enum", "int",  "uint", "double",   "bool",    "size",
                                  "complex", "color", "palette", "u64", "duration", "text"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "text";
}

void serve_api_params(const char *family, serve_reply *r)
{
    int esc = !strcmp(family, "escape");
    if (!esc && strcmp(family, "buddhabrot"))
        return (void)serve_error(r, 404, NULL, "/api/params/%s: the families are escape and buddhabrot", family);
    fr_context *ctx = fr_context_create();
    fr_escape_params *ep = esc ? malloc(sizeof *ep) : NULL;
    fr_buddha_params bp;
    if (!ctx || (esc && !ep)) {
        free(ep);
        fr_context_destroy(ctx);
        return (void)serve_error(r, 503, NULL, "out of memory");
    }
    if (esc) fr_escape_params_default(ep, FR_MANDELBROT);
    else fr_buddha_params_default(&bp, 0, 0);
    json_t *a = json_array();
    int n = esc ? fr_escape_param_count() : fr_buddha_param_count();
    for (int i = 0; i < n; i++) {
        const fr_param_info *pi = esc ? fr_escape_param_info(i) : fr_buddha_param_info(i);
        char range[256];
        fr_param_range_text(pi, range, sizeof range);
        json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:b}", "name", pi->name, "type", type_name(pi->type), "help",
                              pi->help ? pi->help : "", "range", range, "alias", (pi->flags & FR_PARAM_ALIAS) != 0);
        char *def = NULL;
        if (!(pi->flags & FR_PARAM_ALIAS) &&
            !(esc ? fr_escape_param_get(ctx, ep, pi->name, &def) : fr_buddha_param_get(ctx, &bp, pi->name, &def)))
            json_object_set_new(o, "default", json_string(def));
        free(def);
        if (pi->names) {
            json_t *v = json_array();
            for (int k = 0; pi->names[k]; k++) json_array_append_new(v, json_string(pi->names[k]));
            json_object_set_new(o, "values", v);
        }
        json_array_append_new(a, o);
    }
    free(ep);
    fr_context_destroy(ctx);
    reply_json(r, a);
}

static uint64_t rss_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long size = 0, rss = 0;
    if (f) {
        if (fscanf(f, "%llu %llu", &size, &rss) != 2) rss = 0;
        fclose(f);
    }
    return rss * (uint64_t)sysconf(_SC_PAGESIZE);
}

void serve_api_stats(serve_state *st, serve_reply *r)
{
    serve_stats s;
    s = st->stats;
    uint64_t entries, bytes, running, queued;
    serve_cache_usage(st->cache, &entries, &bytes);
    serve_jobs_counts(st, &running, &queued);
    pthread_mutex_lock(&st->mem_lock);
    uint64_t reserved = st->mem_reserved;
    pthread_mutex_unlock(&st->mem_lock);
    json_t *o = json_pack(
        "{s:{s:I, s:I, s:I, s:I, s:I, s:I, s:I}, s:I, s:{s:I, s:I, s:I, s:I, s:I, s:I}, s:{s:I, s:I}, s:{s:I, s:I}}",
        "tiles", "requests", (json_int_t)s.tile_requests, "rendered", (json_int_t)s.tiles_rendered, "memory_hits",
        (json_int_t)s.memory_hits, "disk_hits", (json_int_t)s.disk_hits, "cancelled", (json_int_t)s.cancelled,
        "batches", (json_int_t)s.batches, "batched_tiles", (json_int_t)s.batched_tiles, "renders",
        (json_int_t)s.renders, "jobs", "created", (json_int_t)s.jobs_created, "done", (json_int_t)s.jobs_done,
        "failed", (json_int_t)s.jobs_failed, "cancelled", (json_int_t)s.jobs_cancelled, "running",
        (json_int_t)running, "queued", (json_int_t)queued, "cache", "entries", (json_int_t)entries, "bytes",
        (json_int_t)bytes, "memory", "reserved", (json_int_t)reserved, "rss", (json_int_t)rss_bytes());
    reply_json(r, o);
}
