/* flame_xml_flame.c - one <flame> of a genome file: its attributes (the
 * table of flame_genome_attrs.h) and its child elements, read as flam3
 * 3.1.1's parse_flame_element reads them. */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flame_genome_attrs.h"
#include "flame/flame_xml_read.h"

/* flam3 keeps 64 bytes of a name (here: not cutting a UTF-8 sequence) and
 * turns white space into '_', the last character excepted. */
static fr_status read_name(fr_flame_reader *r, char **name, const char *v)
{
    size_t n = strlen(v);
    if (n > 64) {
        n = 64;
        while (n > 0 && ((unsigned char)v[n] & 0xC0) == 0x80)
            n--;
    }
    free(*name);
    *name = NULL;
    if (n == 0) return FR_OK;
    if (!(*name = malloc(n + 1))) return fr_flame_read_nomem(r);
    memcpy(*name, v, n);
    (*name)[n] = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (isspace((unsigned char)(*name)[i])) (*name)[i] = '_';
    return FR_OK;
}

/* The value of one row of flame_genome_attrs.h into g, by the row's kind.
 * name is the attribute as the file spells it (an older name included),
 * for the messages. An unknown enum value keeps the field as it was. */
static fr_status read_attr(fr_flame_reader *r, xmlNodePtr node, const fr_flame_attr_desc *d,
                           fr_flame_genome *g, const char *name, const char *v)
{
    switch (d->kind) {
    case FR_ATTR_NUM: return fr_flame_read_num(r, node, name, v, FR_ATTR_FIELD(g, d->offset, double));
    case FR_ATTR_INT: return fr_flame_read_int(r, node, name, v, FR_ATTR_FIELD(g, d->offset, int));
    case FR_ATTR_NUMS:
        return fr_flame_read_nums(r, node, name, v, FR_ATTR_FIELD(g, d->offset, double),
                                  (int)(d->size / sizeof(double)));
    case FR_ATTR_ENUM: {
        int *field = FR_ATTR_FIELD(g, d->offset, int);
        int k = fr_flame_keyword(v, d->names, d->nnames);
        if (k < 0) return fr_flame_read_unknown_value(r, node, name, v, d->names[*field]);
        *field = k;
        return FR_OK;
    }
    case FR_ATTR_SIZE: {
        int wh[2];
        if (fr_flame_parse_ints(v, wh, 2) != 2)
            return fr_flame_read_fail(r, node, "%s '%s' is not two whole numbers", name, v);
        *FR_ATTR_FIELD(g, d->offset, int) = wh[0];
        *FR_ATTR_FIELD(g, d->offset2, int) = wh[1];
        return FR_OK;
    }
    case FR_ATTR_NAME: return read_name(r, FR_ATTR_FIELD(g, d->offset, char *), v);
    }
    return FR_OK;
}

/* One attribute of <flame>: a row of flame_genome_attrs.h, or one of the
 * two that are not fields. */
static fr_status flame_attr(fr_flame_reader *r, xmlNodePtr node, const char *name, const char *v, void *user)
{
    fr_flame_read_state *st = user;
    fr_flame_genome *g = st->g;
    fr_status s;
    if (!strcmp(name, "soloxform")) {
        double d;
        if ((s = fr_flame_read_num(r, node, name, v, &d))) return s;
        st->solo = d < -1 ? -1 : d > INT_MAX ? INT_MAX : (int)d;
        return FR_OK;
    }
    /* flam3 writes version and reads nothing from it; other programs'
     * metadata (fr_flame_meta_attr) is kept as it is */
    if (!strcmp(name, "version") || fr_flame_meta_attr(name, 0))
        return fr_flame_read_keep_attr(r, &g->extra, &g->nextra, name, v);
    if (fr_flame_curve_attr(name) > -2) return fr_flame_read_curve(r, node, &g->curves, name, v);
    if (!strcmp(name, "cam_zoom")) { /* JWildfire's: pixels per unit times cam_zoom, so zoom log2 of it */
        double d;
        if ((s = fr_flame_read_num(r, node, name, v, &d))) return s;
        if (!(d > 0.0) || !isfinite(d))
            return fr_flame_read_fail(r, node, "cam_zoom '%s' must be a number greater than 0", v);
        g->zoom += log2(d);
        return FR_OK;
    }
    const fr_flame_attr_desc *d = fr_flame_genome_attr_find(name);
    if (!d) return fr_flame_read_unknown_attr(r, node, name, v, &g->extra, &g->nextra);
    if ((s = read_attr(r, node, d, g, name, v))) return s;
    /* As flam3's parser: the view turns about the centre read (rot_center),
     * and hue is taken modulo 1. */
    if (!strcmp(d->xml, "center"))
        memcpy(g->rot_center, g->center, sizeof g->rot_center);
    else if (!strcmp(d->xml, "hue"))
        g->hue_rotation = fmod(g->hue_rotation, 1.0);
    return FR_OK;
}

/* The attributes, then the child elements in document order, then what
 * needs the whole flame: soloxform, the chaos rows and the palette
 * (palette="N" wins over any <color>, as in flam3). A flame without a time
 * has the previous one's, as flam3 keeps it. */
fr_status fr_flame_read_flame(fr_flame_reader *r, xmlNodePtr node, fr_flame_genome *g)
{
    fr_flame_read_state st;
    memset(&st, 0, sizeof st);
    st.g = g;
    st.solo = -1;
    fr_flame_genome_init(g);
    g->time = r->last_time;
    fr_status s = fr_flame_read_attrs(r, node, flame_attr, &st);
    for (xmlNodePtr c = node->children; c && !s; c = c->next) {
        if (c->type != XML_ELEMENT_NODE) continue;
        const char *n = (const char *)c->name;
        if (!strcmp(n, "color"))
            s = fr_flame_read_color(r, &st, c);
        else if (!strcmp(n, "colors"))
            s = fr_flame_read_colors(r, &st, c);
        else if (!strcmp(n, "palette"))
            s = fr_flame_read_palette(r, &st, c);
        else if (!strcmp(n, "symmetry"))
            s = fr_flame_read_symmetry(r, &st, c);
        else if (!strcmp(n, "xform"))
            s = fr_flame_read_xform(r, &st, c, 0);
        else if (!strcmp(n, "finalxform"))
            s = fr_flame_read_xform(r, &st, c, 1);
        else if (!strcmp(n, "edit")) /* flam3 keeps the edit history unread: no warning */
            s = fr_flame_read_keep_element(r, c, &g->children, "\n   ");
        else
            s = fr_flame_read_unknown_child(r, node, c, &g->children, "\n   ");
    }
    if (s) goto done;
    r->last_time = g->time;

    /* soloxform: every other standard xform made transparent */
    if (st.solo >= 0)
        for (int i = 0; i < g->nxf; i++)
            if (i != st.solo) g->xf[i].opacity = 0.0;

    if ((s = fr_flame_read_chaos_rows(r, &st))) goto done;
    s = fr_flame_read_finish_palette(r, &st, node);
done:
    free(st.ce);
    return s;
}
