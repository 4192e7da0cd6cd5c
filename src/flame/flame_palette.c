/* flame_palette.c - flam3's palette library and palette arithmetic
 * (palettes.c and parser.c of flam3 3.1.1, same operations in the same
 * order so that the doubles agree). */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

#include "core/context.h"
#include "flame/flame_palette.h"
#include "flame/flame_xml.h"

/* ------------------------------------------------------------ XML text */

/* The first error the parser reports (later ones are often its echoes). */
typedef struct first_error {
    int seen;
    int line;
    char msg[300];
} first_error;

#if LIBXML_VERSION >= 21200
static void keep_first(void *data, const xmlError *e)
#else
static void keep_first(void *data, xmlErrorPtr e)
#endif
{
    xmlParserCtxtPtr pc = data;
    first_error *fe = pc ? pc->_private : NULL;
    if (!fe || fe->seen || !e || e->level < XML_ERR_ERROR) return;
    fe->seen = 1;
    fe->line = e->line;
    snprintf(fe->msg, sizeof fe->msg, "%s", e->message ? e->message : "not well-formed XML");
    size_t n = strlen(fe->msg);
    while (n && isspace((unsigned char)fe->msg[n - 1])) fe->msg[--n] = 0;
}

fr_status fr_flame_xml_parse(fr_context *ctx, const char *text, size_t len, const char *name, xmlDocPtr *doc)
{
    *doc = NULL;
    if (!name) name = "<memory>";
    if (len > INT_MAX) return fr_fail(ctx, FR_ERR_PARSE, "%s: too large for the XML parser", name);
    xmlParserCtxtPtr pc = xmlNewParserCtxt();
    if (!pc) return fr_fail(ctx, FR_ERR_NOMEM, "%s: out of memory starting the XML parser", name);
    first_error fe;
    memset(&fe, 0, sizeof fe);
    pc->_private = &fe;
    pc->sax->serror = keep_first;
    xmlDocPtr d = xmlCtxtReadMemory(pc, text, (int)len, name, NULL,
                                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_BIG_LINES);
    if (!d || !pc->wellFormed) {
        if (!fe.seen) {
            const xmlError *e = xmlCtxtGetLastError(pc);
            snprintf(fe.msg, sizeof fe.msg, "%s", e && e->message ? e->message : "not well-formed XML");
            size_t n = strlen(fe.msg);
            while (n && isspace((unsigned char)fe.msg[n - 1])) fe.msg[--n] = 0;
            fe.line = e ? e->line : 0;
        }
        if (d) xmlFreeDoc(d);
        xmlFreeParserCtxt(pc);
        if (fe.line > 0) return fr_fail(ctx, FR_ERR_PARSE, "%s:%d: %s", name, fe.line, fe.msg);
        return fr_fail(ctx, FR_ERR_PARSE, "%s: %s", name, fe.msg);
    }
    xmlFreeParserCtxt(pc);
    if (!xmlDocGetRootElement(d)) {
        xmlFreeDoc(d);
        return fr_fail(ctx, FR_ERR_PARSE, "%s: no root element", name);
    }
    /* Entities are never substituted while parsing, but reading an
     * attribute expands its references, and a few declared entities can
     * stand for gigabytes (or take quadratic time to expand): a genome or
     * palette file has no use for them, so a file that declares any is
     * refused whole. (&amp; and character references need no declaration.) */
    const xmlDtdPtr dtds[2] = {d->intSubset, d->extSubset};
    for (int i = 0; i < 2; i++)
        if (dtds[i] && ((dtds[i]->entities && xmlHashSize(dtds[i]->entities) > 0) ||
                        (dtds[i]->pentities && xmlHashSize(dtds[i]->pentities) > 0))) {
            xmlFreeDoc(d);
            return fr_fail(ctx, FR_ERR_PARSE, "%s: declares XML entities, which flame files do not use (refused)",
                           name);
        }
    *doc = d;
    return FR_OK;
}

/* ------------------------------------------------------------- library */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* 256 colours written "00RRGGBB", white space allowed between them. */
static int parse_lib_data(const char *s, unsigned char rgb[256][3])
{
    while (isspace((unsigned char)*s)) s++;
    for (int i = 0; i < 256; i++) {
        if (s[0] != '0' || s[1] != '0') return 0;
        for (int k = 0; k < 3; k++) {
            int hi = hexval((unsigned char)s[2 + 2 * k]), lo = hi < 0 ? -1 : hexval((unsigned char)s[3 + 2 * k]);
            if (lo < 0) return 0;
            rgb[i][k] = (unsigned char)(hi * 16 + lo);
        }
        s += 8;
        while (isspace((unsigned char)*s)) s++;
    }
    return 1;
}

static int collect(xmlNodePtr node, fr_flame_palette_lib *lib, int *cap)
{
    for (; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE) continue;
        if (xmlStrcmp(node->name, (const xmlChar *)"palette") != 0) {
            if (!collect(node->children, lib, cap)) return 0;
            continue;
        }
        if (lib->n == *cap) {
            int ncap = *cap ? *cap * 2 : 64;
            int *num = realloc(lib->number, (size_t)ncap * sizeof *num);
            if (!num) return 0;
            lib->number = num;
            unsigned char(*rgb)[256][3] = realloc(lib->rgb, (size_t)ncap * sizeof *rgb);
            if (!rgb) return 0;
            lib->rgb = rgb;
            *cap = ncap;
        }
        int number = 0, ok = 1;
        memset(lib->rgb[lib->n], 0, sizeof lib->rgb[lib->n]);
        for (xmlAttrPtr a = node->properties; a; a = a->next) {
            xmlChar *v = xmlGetProp(node, a->name);
            if (!v) return 0;
            if (!xmlStrcmp(a->name, (const xmlChar *)"data"))
                ok = parse_lib_data((const char *)v, lib->rgb[lib->n]);
            else if (!xmlStrcmp(a->name, (const xmlChar *)"number"))
                number = atoi((const char *)v);
            xmlFree(v);
        }
        /* flam3 skips a palette whose data it cannot read. */
        if (ok) lib->number[lib->n++] = number;
    }
    return 1;
}

fr_status fr_flame_palette_lib_load(fr_context *ctx, const char *path, fr_flame_palette_lib *lib)
{
    memset(lib, 0, sizeof *lib);
    if (!path || !*path) path = FR_FLAME_PALETTE_FILE;
    char *text = NULL;
    fr_status s = fr_read_text_file(ctx, path, &text);
    if (s != FR_OK) return s;
    xmlDocPtr doc;
    s = fr_flame_xml_parse(ctx, text, strlen(text), path, &doc);
    free(text);
    if (s != FR_OK) return s;
    int cap = 0;
    int ok = collect(xmlDocGetRootElement(doc), lib, &cap);
    xmlFreeDoc(doc);
    if (!ok) {
        fr_flame_palette_lib_free(lib);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory reading palette file '%s'", path);
    }
    if (lib->n == 0) {
        fr_flame_palette_lib_free(lib);
        return fr_fail(ctx, FR_ERR_PARSE, "palette file '%s' holds no readable <palette> element", path);
    }
    return FR_OK;
}

void fr_flame_palette_lib_free(fr_flame_palette_lib *lib)
{
    free(lib->number);
    free(lib->rgb);
    memset(lib, 0, sizeof *lib);
}

/* ----------------------------------------------------------------- HSV */


/* ------------------------------------------------------------- lookups */

int fr_flame_palette_lib_get(const fr_flame_palette_lib *lib, int number, double hue, double pal[256][4])
{
    for (int i = 0; i < 256; i++)
        for (int k = 0; k < 4; k++) pal[i][k] = 1.0;
    for (int idx = 0; idx < lib->n; idx++) {
        if (lib->number[idx] != number) continue;
        for (int i = 0; i < 256; i++) {
            double rgb[3], hsv[3];
            for (int k = 0; k < 3; k++) rgb[k] = lib->rgb[idx][i][k] / 255.0;
            fr_flame_rgb2hsv(rgb, hsv);
            hsv[0] += hue * 6.0;
            fr_flame_hsv2rgb(hsv, rgb);
            for (int k = 0; k < 3; k++) pal[i][k] = rgb[k];
            pal[i][3] = 1.0;
        }
        return 1;
    }
    return 0;
}

fr_status fr_flame_palette_load(fr_context *ctx, const char *palette_file, int index, double pal[256][4])
{
    if (!pal) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_palette_load: pal is NULL");
    fr_flame_palette_lib lib;
    fr_status s = fr_flame_palette_lib_load(ctx, palette_file, &lib);
    if (s != FR_OK) return s;
    int found = fr_flame_palette_lib_get(&lib, index, 0.0, pal);
    fr_flame_palette_lib_free(&lib);
    if (!found)
        return fr_fail(ctx, FR_ERR_INVALID, "palette %d is not in '%s'", index,
                       palette_file && *palette_file ? palette_file : FR_FLAME_PALETTE_FILE);
    return FR_OK;
}

void fr_flame_palette_fill_missing(double pal[256][4], const unsigned char set[256])
{
    int minix = 0, maxix = 255, i;
    for (i = 0; i < 256; i++)
        if (set[i]) {
            minix = i;
            break;
        }
    if (i == 256) return;
    int wrapmin = minix + 256;
    for (i = 255; i >= 0; i--)
        if (set[i]) {
            maxix = i;
            break;
        }
    int wrapmax = maxix - 256;
    /* flam3 marks each filled entry as set as it goes; so does this copy. */
    unsigned char done[256];
    memcpy(done, set, sizeof done);
    i = 0;
    while (i < 256) {
        if (done[i]) {
            i++;
            continue;
        }
        int str = i, enr = i, intl = i - 1, intr = i + 1, colorli = intl, colorri = intr;
        while (i < 256 && !done[i]) {
            enr = i;
            intr = i + 1;
            colorri = intr;
            i++;
        }
        if (intl == -1) {
            intl = wrapmax;
            colorli = maxix;
        }
        if (intr == 256) {
            intr = wrapmin;
            colorri = minix;
        }
        for (int j = str; j <= enr; j++) {
            double prcr = (j - intl) / (double)(intr - intl);
            for (int k = 0; k < 4; k++) pal[j][k] = pal[colorli][k] * (1.0 - prcr) + pal[colorri][k] * prcr;
            done[j] = 1;
        }
        i = colorri + 1;
    }
}

int fr_flame_palette_blend(const fr_flame_palette_lib *lib, double blend, int index0, double hue0, int index1,
                           double hue1, double pal[256][4])
{
    double p0[256][4], p1[256][4];
    int ok0 = fr_flame_palette_lib_get(lib, index0, hue0, p0);
    int ok1 = fr_flame_palette_lib_get(lib, index1, hue1, p1);
    for (int i = 0; i < 256; i++) {
        double s[5], t[5];
        fr_flame_rgb2hsv(p0[i], s);
        fr_flame_rgb2hsv(p1[i], t);
        s[3] = p0[i][3];
        t[3] = p1[i][3];
        s[4] = t[4] = i;
        if ((s[0] - t[0]) > 3.0) s[0] -= 6.0;
        if ((s[0] - t[0]) < -3.0) s[0] += 6.0;
        for (int j = 0; j < 5; j++) t[j] = ((1.0 - blend) * s[j]) + (blend * t[j]);
        fr_flame_hsv2rgb(t, pal[i]);
        pal[i][3] = t[3];
    }
    return ok0 && ok1;
}
