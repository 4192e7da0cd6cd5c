/* flame_xml_palette.c - a genome file's palette: the inline forms
 * (<color>, <colors>, <palette>) and palette="N" from flam3's palette file,
 * read as flam3 3.1.1 reads them. The arithmetic (hue turn, blend, filling
 * left-out colours) is flame_palette.c's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_xml_read.h"

/* flam3's palette file, loaded when a genome first needs it (most never
 * do, and it is large); a failure names the element that needed it. */
static fr_status need_lib(fr_flame_reader *r, xmlNodePtr node)
{
    if (r->lib_loaded) return FR_OK;
    fr_status s = fr_flame_palette_lib_load(r->ctx, r->palette_file, &r->lib);
    if (s) {
        char msg[FR_ERROR_MAX];
        snprintf(msg, sizeof msg, "%s", fr_last_error(r->ctx));
        fr_fail(r->ctx, s, "%s:%ld: <%s>: %s", r->name, fr_flame_xml_line(node), (const char *)node->name,
                msg);
        return s;
    }
    r->lib_loaded = 1;
    return FR_OK;
}

/* The most colours a hex palette may give (Fractorium writes 256, 512 and
 * 1024). */
#define MAX_HEX_COLOURS 4096

/* flam3_parse_hexformat_colors: count colours of 2 * |chan| hex digits
 * (chan -4: "00RRGGBB"), white space allowed between colours, into
 * out[count] (r, g, b, a in [0, 1]). */
static fr_status parse_hex_list(fr_flame_reader *r, xmlNodePtr node, const char *what, const char *s, int count,
                                int chan, double (*out)[4])
{
    int digits = chan < 0 ? -2 * chan : 2 * chan;
    while (isspace((unsigned char)*s))
        s++;
    for (int i = 0; i < count; i++) {
        int v[4] = {0, 0, 0, 255};
        for (int k = 0; k < digits; k++)
            if (!isxdigit((unsigned char)s[k]))
                return fr_flame_read_fail(r, node, "%s: colour %d of %d is not %d hex digits", what, i + 1,
                                          count, digits);
        const char *p = s;
        if (chan == -4) {
            if (p[0] != '0' || p[1] != '0')
                return fr_flame_read_fail(r, node, "%s: colour %d of %d does not start with 00", what, i + 1,
                                          count);
            p += 2;
        }
        for (int k = 0; k < (chan == 4 ? 4 : 3); k++) {
            char h[3] = {p[2 * k], p[2 * k + 1], 0};
            v[k] = (int)strtol(h, NULL, 16);
        }
        s += digits;
        while (isspace((unsigned char)*s))
            s++;
        for (int k = 0; k < 4; k++) out[i][k] = v[k] / 255.0;
    }
    if (*s) return fr_flame_read_fail(r, node, "%s: extra text after %d colours", what, count);
    return FR_OK;
}

/* A palette of more than 256 colours (Fractorium's 512 and 1024) as the
 * genome's 256: each entry is the mean of the colours of its 1/256 of the
 * index range (what a step palette of them gives on average over the hits
 * in that range), or, when 256 does not divide the count, the colour at
 * its position by linear interpolation. */
static void resample(const double (*src)[4], int count, double pal[256][4])
{
    for (int i = 0; i < 256; i++)
        for (int k = 0; k < 4; k++) {
            if (count % 256 == 0) {
                const int n = count / 256;
                double sum = 0;
                for (int j = 0; j < n; j++) sum += src[i * n + j][k];
                pal[i][k] = sum / n;
            } else {
                const double x = (double)i * (count - 1) / 255.0;
                const int j = (int)x;
                const double t = x - j;
                pal[i][k] = j + 1 < count ? (1 - t) * src[j][k] + t * src[j + 1][k] : src[j][k];
            }
        }
}

/* count colours of a hex form into the genome's palette (entries 0 ..
 * count - 1; more than 256 are resampled to 256). */
static fr_status parse_hex(fr_flame_reader *r, xmlNodePtr node, const char *what, const char *s, int count,
                           int chan, double pal[256][4], unsigned char set[256])
{
    if (count < 1 || count > MAX_HEX_COLOURS)
        return fr_flame_read_fail(r, node, "count %d is not 1 to %d", count, MAX_HEX_COLOURS);
    if (count <= 256) {
        fr_status st = parse_hex_list(r, node, what, s, count, chan, pal);
        if (!st) memset(set, 1, (size_t)count);
        return st;
    }
    double (*all)[4] = malloc((size_t)count * sizeof *all);
    if (!all) return fr_flame_read_nomem(r);
    fr_status st = parse_hex_list(r, node, what, s, count, chan, all);
    if (!st) {
        resample((const double(*)[4])all, count, pal);
        memset(set, 1, 256);
    }
    free(all);
    return st;
}

/* What the attributes of <color> gave. */
typedef struct color_attrs {
    int index;
    double rgb[3], a;
} color_attrs;

static fr_status color_attr(fr_flame_reader *r, xmlNodePtr node, const char *name, const char *v, void *user)
{
    color_attrs *c = user;
    c->a = 255.0; /* flam3 resets alpha for each attribute */
    if (!strcmp(name, "index")) return fr_flame_read_int(r, node, name, v, &c->index);
    if (!strcmp(name, "rgb")) return fr_flame_read_nums(r, node, name, v, c->rgb, 3);
    if (!strcmp(name, "rgba")) {
        double q[4];
        fr_status s = fr_flame_read_nums(r, node, name, v, q, 4);
        if (s) return s;
        memcpy(c->rgb, q, sizeof c->rgb);
        c->a = q[3];
        return FR_OK;
    }
    if (!strcmp(name, "a")) return fr_flame_read_num(r, node, name, v, &c->a);
    return fr_flame_read_fail(r, node, "unknown attribute '%s' (flam3 rejects it)", name);
}

/* <color index= rgb= | rgba= | a=/>: flam3 takes the attributes in order,
 * resets alpha at each, and premultiplies the colour by it. */
fr_status fr_flame_read_color(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node)
{
    color_attrs c = {-1, {0, 0, 0}, 0.0};
    fr_status s = fr_flame_read_attrs(r, node, color_attr, &c);
    if (s) return s;
    if (c.index < 0 || c.index > 255)
        return fr_flame_read_fail(r, node, "index %d is missing or not 0 to 255", c.index);
    double *e = st->g->palette[c.index];
    e[3] = c.a / 255.0;
    e[0] = e[3] * c.rgb[0] / 255.0;
    e[1] = e[3] * c.rgb[1] / 255.0;
    e[2] = e[3] * c.rgb[2] / 255.0;
    st->set[c.index] = 1;
    return FR_OK;
}

/* What the attributes of <colors> gave: data waits for count, which may
 * follow it. */
typedef struct colors_attrs {
    int count;
    char *data;
} colors_attrs;

static fr_status colors_attr(fr_flame_reader *r, xmlNodePtr node, const char *name, const char *v, void *user)
{
    colors_attrs *c = user;
    if (!strcmp(name, "count")) return fr_flame_read_int(r, node, name, v, &c->count);
    if (!strcmp(name, "data")) {
        free(c->data);
        if (!(c->data = strdup(v))) return fr_flame_read_nomem(r);
        return FR_OK;
    }
    return fr_flame_read_fail(r, node, "unknown attribute '%s' (flam3 rejects it)", name);
}

/* <colors count= data=/>: hex colours of 8 digits, "00RRGGBB". */
fr_status fr_flame_read_colors(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node)
{
    colors_attrs c = {-1, NULL};
    fr_status s = fr_flame_read_attrs(r, node, colors_attr, &c);
    if (!s && c.data) s = parse_hex(r, node, "data", c.data, c.count, -4, st->g->palette, st->set);
    free(c.data);
    return s;
}

/* What the attributes of <palette> gave, in its new form (count, format)
 * and its old one (index0 ...), counted apart since they cannot mix. */
typedef struct palette_attrs {
    int count, bytes, index0, index1;
    double hue0, hue1, blend;
    int oldf, newf;
} palette_attrs;

static fr_status palette_attr(fr_flame_reader *r, xmlNodePtr node, const char *name, const char *v,
                              void *user)
{
    palette_attrs *p = user;
    if (!strcmp(name, "count")) return p->newf++, fr_flame_read_int(r, node, name, v, &p->count);
    if (!strcmp(name, "format")) {
        p->newf++;
        if (!strcmp(v, "RGB"))
            p->bytes = 3;
        else if (!strcmp(v, "RGBA"))
            p->bytes = 4;
        else
            return fr_flame_read_fail(r, node, "format '%s' is not RGB or RGBA", v);
        return FR_OK;
    }
    p->oldf++; /* the old form's, or an error */
    if (!strcmp(name, "index0")) return fr_flame_read_int(r, node, name, v, &p->index0);
    if (!strcmp(name, "index1")) return fr_flame_read_int(r, node, name, v, &p->index1);
    if (!strcmp(name, "hue0")) return fr_flame_read_num(r, node, name, v, &p->hue0);
    if (!strcmp(name, "hue1")) return fr_flame_read_num(r, node, name, v, &p->hue1);
    if (!strcmp(name, "blend")) return fr_flame_read_num(r, node, name, v, &p->blend);
    return fr_flame_read_fail(r, node, "unknown attribute '%s' (flam3 rejects it)", name);
}

/* <palette count= format=>hex</palette>, or the old form naming two
 * palettes of the palette file to blend (index0= hue0= index1= hue1=
 * blend=). */
fr_status fr_flame_read_palette(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node)
{
    palette_attrs p = {0, 0, -1, -1, 0.0, 0.0, 0.5, 0, 0};
    fr_status s = fr_flame_read_attrs(r, node, palette_attr, &p);
    if (s) return s;
    if (p.oldf && p.newf)
        return fr_flame_read_fail(r, node, "old (index0 ...) and new (count, format) attributes mixed");
    if (p.oldf) {
        if (p.index0 < 0 || p.index1 < 0)
            return fr_flame_read_fail(r, node,
                                      "index0 and index1 are needed (flam3 would pick random palettes)");
        if ((s = need_lib(r, node))) return s;
        if (!fr_flame_palette_blend(&r->lib, p.blend, p.index0, p.hue0, p.index1, p.hue1, st->g->palette))
            return fr_flame_read_fail(r, node, "palette %d or %d is not in the palette file", p.index0,
                                      p.index1);
        memset(st->set, 1, sizeof st->set);
        return FR_OK;
    }
    if (!p.bytes) return fr_flame_read_fail(r, node, "format is missing");
    xmlChar *text = xmlNodeGetContent(node);
    if (!text) return fr_flame_read_nomem(r);
    s = parse_hex(r, node, "colours", (const char *)text, p.count, p.bytes, st->g->palette, st->set);
    xmlFree(text);
    return s;
}

/* palette="N" replaces whatever colours the file gave (flam3 reads it
 * after them); otherwise the entries the file left out are filled in. */
fr_status fr_flame_read_finish_palette(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node)
{
    fr_flame_genome *g = st->g;
    if (g->palette_index == -1) {
        fr_flame_palette_fill_missing(g->palette, st->set);
        return FR_OK;
    }
    fr_status s = need_lib(r, node);
    if (s) return s;
    if (fr_flame_palette_lib_get(&r->lib, g->palette_index, g->hue_rotation, g->palette)) return FR_OK;
    /* flam3 renders such a genome white (flam3_get_palette leaves its
     * palette so): so does fractalis, with a warning; strict: an error */
    const char *file = r->palette_file && *r->palette_file ? r->palette_file : FR_FLAME_PALETTE_FILE;
    if (r->strict) return fr_flame_read_fail(r, node, "palette %d is not in '%s'", g->palette_index, file);
    return fr_flame_read_warn_once(r, "palette missing", "line %ld: palette %d is not in '%s': white, as flam3 renders it",
                                   fr_flame_xml_line(node), g->palette_index, file);
}
