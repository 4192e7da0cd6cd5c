/* flame_xml_read.c - reading a genome file (flame_xml.h): the document,
 * its <flame> elements, and the checks that need all of them. What each
 * element holds is read by the files flame_xml_read.h lists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_xml_read.h"

/* flam3 takes every <flame> at any depth (<flames>, <pick> and other
 * wrappers), in document order; a <flame> inside a <flame> is a child of
 * that flame, not a genome. */
static fr_status scan(fr_flame_reader *r, xmlNodePtr node)
{
    for (; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE) continue;
        if (xmlStrcmp(node->name, (const xmlChar *)"flame") != 0) {
            fr_status s = scan(r, node->children);
            if (s) return s;
            continue;
        }
        fr_flame_file *f = r->out;
        if (f->n == r->cap) {
            int cap = r->cap ? r->cap * 2 : 4;
            fr_flame_genome *g = realloc(f->g, (size_t)cap * sizeof *g);
            if (!g) return fr_flame_read_nomem(r);
            f->g = g;
            r->cap = cap;
        }
        fr_flame_genome *g = &f->g[f->n++];
        fr_status s = fr_flame_read_flame(r, node, g);
        if (s) return s;
    }
    return FR_OK;
}

fr_status fr_flame_read_memory(fr_context *ctx, const char *xml, size_t len, const char *name,
                               const char *palette_file, int strict, fr_flame_file *out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_read_memory: out is NULL");
    memset(out, 0, sizeof *out);
    if (!xml) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_read_memory: xml is NULL");
    fr_flame_reader r;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;
    r.name = name && *name ? name : "<memory>";
    r.palette_file = palette_file;
    r.strict = strict;
    r.out = out;
    fr_status s = fr_flame_xml_parse(ctx, xml, len, r.name, &r.doc);
    if (s) return s;
    fr_flame_xml_mark_lines(r.doc, xml, len);
    s = scan(&r, xmlDocGetRootElement(r.doc));
    if (!s && out->n == 0) s = fr_fail(ctx, FR_ERR_PARSE, "%s: no <flame> element", r.name);
    /* flam3_parse_xml2: smooth interpolation is not possible into the first
     * or out of the last segment. */
    for (int i = 0; !s && i < out->n; i++) {
        if ((i == 0 || i == out->n - 2) && out->g[i].interpolation == FR_INTERP_SMOOTH) {
            out->g[i].interpolation = FR_INTERP_LINEAR;
            char key[64];
            snprintf(key, sizeof key, "smooth %d", i);
            s = fr_flame_read_warn_once(
                &r, key, "flame %d: interpolation=\"smooth\" cannot be used for the %s segment; using linear",
                i + 1, i == 0 ? "first" : "last");
        }
    }
    xmlFreeDoc(r.doc);
    if (r.lib_loaded) fr_flame_palette_lib_free(&r.lib);
    for (int i = 0; i < r.nkeys; i++)
        free(r.keys[i]);
    free(r.keys);
    if (s) {
        /* The genome being read when it failed is only partly set up. */
        fr_flame_file_free(out);
    }
    return s;
}

fr_status fr_flame_read_file(fr_context *ctx, const char *path, const char *palette_file, int strict,
                             fr_flame_file *out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_read_file: out is NULL");
    memset(out, 0, sizeof *out);
    char *text = NULL;
    fr_status s = fr_read_text_file(ctx, path, &text);
    if (s) return s;
    s = fr_flame_read_memory(ctx, text, strlen(text), path, palette_file, strict, out);
    free(text);
    return s;
}
