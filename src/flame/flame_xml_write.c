/* flame_xml_write.c - genome files written as flam3_print writes them:
 * its element and attribute order and layout (flame_genome_attrs.h gives
 * the <flame> attributes and when each is written), and every number in
 * the shortest text that reads back to the same double, so that read ->
 * write -> read gives an equal genome. The palette's elements are
 * flame_xml_write_palette.c's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "core/params.h"
#include "flame/flame_genome_attrs.h"
#include "flame/flame_xml.h"
#include "flame/flame_xml_write.h"

/* XML text for an attribute value: the five markup characters and the
 * white space that attribute normalisation would turn into spaces. */
static void put_escaped(fr_flame_xml_out *o, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fr_strbuf_puts(&o->text, "&amp;"); break;
        case '<': fr_strbuf_puts(&o->text, "&lt;"); break;
        case '>': fr_strbuf_puts(&o->text, "&gt;"); break;
        case '"': fr_strbuf_puts(&o->text, "&quot;"); break;
        case '\n': fr_strbuf_puts(&o->text, "&#10;"); break;
        case '\r': fr_strbuf_puts(&o->text, "&#13;"); break;
        case '\t': fr_strbuf_puts(&o->text, "&#9;"); break;
        default: fr_strbuf_add(&o->text, s, 1); break;
        }
    }
}

static void put_num(fr_flame_xml_out *o, double v)
{
    char t[40];
    if (!isfinite(v)) o->nonfinite = 1;
    fr_format_double(t, sizeof t, v);
    fr_strbuf_puts(&o->text, t);
}

/* ` name="v"` */
static void put_attr_num(fr_flame_xml_out *o, const char *name, double v)
{
    fr_strbuf_printf(&o->text, " %s=\"", name);
    put_num(o, v);
    fr_strbuf_puts(&o->text, "\"");
}

static void write_extra(fr_flame_xml_out *o, const fr_flame_attr *a, int n, const char *skip)
{
    for (int i = 0; i < n; i++) {
        if (!a[i].name || !a[i].value || (skip && !strcmp(a[i].name, skip))) continue;
        fr_strbuf_printf(&o->text, " %s=\"", a[i].name);
        put_escaped(o, a[i].value);
        fr_strbuf_puts(&o->text, "\"");
    }
}

static void write_matrix(fr_flame_xml_out *o, const char *name, const double m[3][2])
{
    fr_strbuf_printf(&o->text, " %s=\"", name);
    for (int i = 0; i < 6; i++) {
        if (i) fr_strbuf_puts(&o->text, " ");
        put_num(o, m[i / 2][i % 2]);
    }
    fr_strbuf_puts(&o->text, "\"");
}

static int var_param_used(const fr_flame_xform *x, int k)
{
    return x->var[fr_flame_params[k].var] != 0.0;
}

/* The element an xform is written as. */
typedef enum xform_elem { STD_XFORM, FINAL_XFORM, MOTION } xform_elem;

/* The plain attributes (flame_genome_attrs.h) an xform element has at one
 * place: before its variations, or after its chaos row (tail). A <motion>
 * has only those it changes. */
static void write_plain(fr_flame_xml_out *o, const fr_flame_xform *x, xform_elem elem, int tail)
{
    for (int i = 0; i < fr_flame_xform_nattrs; i++) {
        const fr_flame_xattr_desc *d = &fr_flame_xform_attrs[i];
        double v = *FR_ATTR_CFIELD(x, d->offset, double);
        if ((d->place == FR_XATTR_TAIL) != tail) continue;
        if (d->place == FR_XATTR_LEAD_STD && elem == FINAL_XFORM) continue;
        if (elem == MOTION && v == 0.0) continue;
        put_attr_num(o, d->xml, v);
    }
}

/* The attributes of a <motion> element: only what it changes. */
static void write_motion(fr_flame_xml_out *o, const fr_flame_motion *m)
{
    const fr_flame_xform *x = m->xf;
    fr_strbuf_printf(&o->text, "      <motion motion_frequency=\"%d\"", (int)m->freq);
    if (m->func >= FR_MOTION_SIN && m->func <= FR_MOTION_HILL)
        fr_strbuf_printf(&o->text, " motion_function=\"%s\"", fr_flame_motion_names[m->func]);
    if (x) {
        write_plain(o, x, MOTION, 0);
        for (int j = 0; j < FR_FLAME_NVAR; j++)
            if (x->var[j] != 0.0) put_attr_num(o, fr_flame_vars[j].name, x->var[j]);
        for (int k = 0; k < FR_FLAME_NPARAM; k++)
            if (x->param[k] != 0.0) put_attr_num(o, fr_flame_param_xml_name(k), x->param[k]);
        if (!fr_flame_affine_is_zero(x->c)) write_matrix(o, "coefs", x->c);
        if (!fr_flame_affine_is_zero(x->post)) write_matrix(o, "post", x->post);
        write_plain(o, x, MOTION, 1);
        write_extra(o, x->extra, x->nextra, NULL);
    }
    if (x && x->children) {
        fr_strbuf_puts(&o->text, ">\n         ");
        fr_strbuf_puts(&o->text, x->children);
        fr_strbuf_puts(&o->text, "\n      </motion>\n");
    } else {
        fr_strbuf_puts(&o->text, "/>\n");
    }
}

static void write_xform(fr_flame_xml_out *o, const fr_flame_xform *x, int final, int nstd)
{
    const char *tag = final ? "finalxform" : "xform";
    fr_strbuf_printf(&o->text, "   <%s", tag);
    write_plain(o, x, final ? FINAL_XFORM : STD_XFORM, 0);
    for (int j = 0; j < FR_FLAME_NVAR; j++)
        if (x->var[j] != 0.0) put_attr_num(o, fr_flame_vars[j].name, x->var[j]);
    for (int k = 0; k < FR_FLAME_NPARAM; k++)
        if ((var_param_used(x, k) && !fr_flame_params[k].extra) || x->param[k] != fr_flame_params[k].def)
            put_attr_num(o, fr_flame_param_xml_name(k), x->param[k]);
    for (int k = 0; k < 2; k++) { /* Ember's pre_ and post_ variations, in their order, and their parameters */
        const fr_flame_slot *sl = &x->slot[k];
        const char *pfx = k ? "post_" : "pre_";
        char name[128];
        for (int i = 0; i < sl->n; i++) {
            snprintf(name, sizeof name, "%s%s", pfx, fr_flame_vars[sl->var[i]].name);
            put_attr_num(o, name, sl->w[i]);
        }
        for (int p = 0; p < FR_FLAME_NPARAM; p++) {
            int used = 0;
            for (int i = 0; i < sl->n; i++) used |= sl->var[i] == fr_flame_params[p].var;
            if (!used && sl->param[p] == fr_flame_params[p].def) continue;
            snprintf(name, sizeof name, "%s%s", pfx, fr_flame_param_xml_name(p));
            put_attr_num(o, name, sl->param[p]);
        }
    }
    write_matrix(o, "coefs", x->c);
    if (!fr_flame_affine_is_identity(x->post)) write_matrix(o, "post", x->post);
    if (!final && x->chaos) {
        int n = nstd;
        while (n > 0 && x->chaos[n - 1] == 1.0)
            n--;
        if (n > 0) {
            fr_strbuf_puts(&o->text, " chaos=\"");
            for (int j = 0; j < n; j++) {
                if (j) fr_strbuf_puts(&o->text, " ");
                put_num(o, x->chaos[j]);
            }
            fr_strbuf_puts(&o->text, "\"");
        }
    }
    write_plain(o, x, final ? FINAL_XFORM : STD_XFORM, 1);
    write_extra(o, x->extra, x->nextra, NULL);
    if (x->nmotion > 0 || x->children) {
        fr_strbuf_puts(&o->text, ">\n");
        for (int i = 0; i < x->nmotion; i++)
            write_motion(o, &x->motion[i]);
        if (x->children) fr_strbuf_printf(&o->text, "      %s\n", x->children);
        fr_strbuf_printf(&o->text, "   </%s>\n", tag);
    } else {
        fr_strbuf_puts(&o->text, "/>\n");
    }
}

/* The value of one row of flame_genome_attrs.h as ` attribute="value"`. */
static void write_attr(fr_flame_xml_out *o, const fr_flame_attr_desc *d, const fr_flame_genome *g)
{
    switch (d->kind) {
    case FR_ATTR_NUM: put_attr_num(o, d->xml, *FR_ATTR_CFIELD(g, d->offset, double)); return;
    case FR_ATTR_INT:
        fr_strbuf_printf(&o->text, " %s=\"%d\"", d->xml, *FR_ATTR_CFIELD(g, d->offset, int));
        return;
    case FR_ATTR_ENUM:
        fr_strbuf_printf(&o->text, " %s=\"%s\"", d->xml, d->names[*FR_ATTR_CFIELD(g, d->offset, int)]);
        return;
    case FR_ATTR_NUMS:
        fr_strbuf_printf(&o->text, " %s=\"", d->xml);
        for (size_t i = 0; i < d->size / sizeof(double); i++) {
            if (i) fr_strbuf_puts(&o->text, " ");
            put_num(o, FR_ATTR_CFIELD(g, d->offset, double)[i]);
        }
        fr_strbuf_puts(&o->text, "\"");
        return;
    case FR_ATTR_SIZE:
        fr_strbuf_printf(&o->text, " %s=\"%d %d\"", d->xml, *FR_ATTR_CFIELD(g, d->offset, int),
                         *FR_ATTR_CFIELD(g, d->offset2, int));
        return;
    case FR_ATTR_NAME:
        fr_strbuf_printf(&o->text, " %s=\"", d->xml);
        put_escaped(o, *FR_ATTR_CFIELD(g, d->offset, char *));
        fr_strbuf_puts(&o->text, "\"");
        return;
    }
}

/* Ember's colour curves, when any is given: as one `curves` attribute
 * (Fractorium's format, weights 1) when each has the four points it holds,
 * else each as its own attribute (x y pairs). */
static void write_curves(fr_flame_xml_out *o, const fr_flame_curves *c)
{
    int four = 1, any = 0;
    for (int k = 0; k < 4; k++) {
        four &= c->n[k] == 4;
        any |= c->n[k] > 0;
    }
    if (!any) return;
    if (four) fr_strbuf_puts(&o->text, " curves=\"");
    for (int k = 0; k < 4; k++) {
        if (!four) {
            if (!c->n[k]) continue;
            fr_strbuf_printf(&o->text, " %s=\"", fr_flame_curve_names[k]);
        }
        for (int i = 0; i < c->n[k]; i++) {
            if (i || (four && k)) fr_strbuf_puts(&o->text, " ");
            put_num(o, c->p[k][i][0]);
            fr_strbuf_puts(&o->text, " ");
            put_num(o, c->p[k][i][1]);
            if (four) fr_strbuf_puts(&o->text, " 1");
        }
        if (!four) fr_strbuf_puts(&o->text, "\"");
    }
    if (four) fr_strbuf_puts(&o->text, "\"");
}

/* The row's `written` rule (flame_genome_attrs.h). */
static int attr_written(const fr_flame_attr_desc *d, const fr_flame_genome *g)
{
    switch (d->when) {
    case FR_WRITE_ALWAYS: return 1;
    case FR_WRITE_CHANGED: return !fr_flame_genome_attr_is_default(d, g);
    case FR_WRITE_EXP_FILTER:
        return g->temporal_filter_type == FR_TFILTER_EXP || !fr_flame_genome_attr_is_default(d, g);
    }
    return 1;
}

static fr_status write_flame(fr_context *ctx, fr_flame_xml_out *o, const fr_flame_genome *g, int index)
{
    /* An enum's value names its text: one out of range has none. */
    for (int i = 0; i < fr_flame_genome_nattrs; i++) {
        const fr_flame_attr_desc *d = &fr_flame_genome_attrs[i];
        if (d->kind != FR_ATTR_ENUM) continue;
        int v = *FR_ATTR_CFIELD(g, d->offset, int);
        if (v < 0 || v >= d->nnames)
            return fr_fail(ctx, FR_ERR_INVALID, "flame %d: an enumerated setting is out of range", index + 1);
    }
    if (g->nxf < 0 || (g->nxf > 0 && !g->xf))
        return fr_fail(ctx, FR_ERR_INVALID, "flame %d: bad xform list", index + 1);

    fr_strbuf_puts(&o->text, "<flame");
    /* flam3_print writes version first; it is kept among the attributes
     * flam3 does not read. */
    for (int i = 0; i < g->nextra; i++)
        if (g->extra[i].name && g->extra[i].value && !strcmp(g->extra[i].name, "version")) {
            fr_strbuf_puts(&o->text, " version=\"");
            put_escaped(o, g->extra[i].value);
            fr_strbuf_puts(&o->text, "\"");
            break;
        }
    for (int i = 0; i < fr_flame_genome_nattrs; i++)
        if (attr_written(&fr_flame_genome_attrs[i], g)) write_attr(o, &fr_flame_genome_attrs[i], g);
    write_curves(o, &g->curves);
    write_extra(o, g->extra, g->nextra, "version");
    fr_strbuf_puts(&o->text, ">\n");
    for (int i = 0; i < g->nxf; i++)
        write_xform(o, &g->xf[i], 0, g->nxf);
    if (g->final) write_xform(o, g->final, 1, g->nxf);
    fr_flame_write_palette(o, g);
    if (g->children) fr_strbuf_printf(&o->text, "   %s\n", g->children);
    fr_strbuf_puts(&o->text, "</flame>\n");
    if (o->nonfinite)
        return fr_fail(ctx, FR_ERR_INVALID, "flame %d: a value is not finite (NaN or infinity)", index + 1);
    return FR_OK;
}

fr_status fr_flame_to_xml(fr_context *ctx, const fr_flame_genome *g, int n, char **out)
{
    if (!out) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_to_xml: out is NULL");
    *out = NULL;
    if (!g || n < 1) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_to_xml: no genome to write");
    fr_flame_xml_out o;
    memset(&o, 0, sizeof o);
    if (n > 1) fr_strbuf_puts(&o.text, "<flames>\n");
    for (int i = 0; i < n; i++) {
        fr_status s = write_flame(ctx, &o, &g[i], i);
        if (s) {
            free(o.text.p);
            return s;
        }
    }
    if (n > 1) fr_strbuf_puts(&o.text, "</flames>\n");
    if (o.text.nomem) {
        free(o.text.p);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory writing flame XML");
    }
    *out = o.text.p;
    return FR_OK;
}

fr_status fr_flame_write_file(fr_context *ctx, const fr_flame_genome *g, int n, const char *path)
{
    char *text = NULL;
    fr_status s = fr_flame_to_xml(ctx, g, n, &text);
    if (s) return s;
    s = fr_write_text_file(ctx, path, text);
    free(text);
    return s;
}
