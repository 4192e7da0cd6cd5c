/* flame_xml_xform.c - the xforms of a genome file: <xform>, <finalxform>,
 * their <motion> children and chaos rows, read as flam3 3.1.1's
 * parse_xform_xml reads them. The plain numbers (weight, color_speed, ...)
 * come from flame_genome_attrs.h; what is left here is what does more than
 * store a number. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_genome_attrs.h"
#include "flame/flame_xml_read.h"

#define NMOTION_NAMES ((int)(sizeof fr_flame_motion_names / sizeof fr_flame_motion_names[0]))

/* The attributes of one element: where their values go, which element it
 * is, and a <motion>'s frequency and function for its caller. */
typedef struct xform_ctx {
    fr_flame_read_state *st;
    fr_flame_xform *x; /* the values read */
    int final;         /* <finalxform> */
    int motion;        /* <motion> */
    int numstd;        /* the index flam3 gives the row of chaos entries */
    int mfreq, mfunc;
} xform_ctx;

/* A chaos value other than 1, kept with its line until the flame's xforms
 * are all read (fr_flame_read_chaos_rows). */
static fr_status add_chaos(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node, int from, int to,
                           double v)
{
    if (st->nce == st->cecap) {
        int cap = st->cecap ? st->cecap * 2 : 64;
        fr_flame_chaos_entry *ce = realloc(st->ce, (size_t)cap * sizeof *ce);
        if (!ce) return fr_flame_read_nomem(r);
        st->ce = ce;
        st->cecap = cap;
    }
    st->ce[st->nce++] = (fr_flame_chaos_entry){from, to, v, fr_flame_xml_line(node)};
    return FR_OK;
}

/* Ember's pre_X / post_X variation or parameter (pre_julian="1",
 * pre_julian_power="3"): into the xform's pre or post slot; anything else
 * is an attribute fractalis does not read. */
static fr_status prepost_attr(fr_flame_reader *r, xmlNodePtr node, fr_flame_xform *x, const char *name, const char *v)
{
    const char *base;
    const int slot = fr_flame_slot_split(name, &base);
    int k;
    if (slot == FR_SLOT_REG) return fr_flame_read_unknown_attr(r, node, name, v, &x->extra, &x->nextra);
    fr_flame_slot *sl = &x->slot[slot - 1];
    if ((k = fr_flame_param_xml_find(base)) >= 0) return fr_flame_read_num(r, node, name, v, &sl->param[k]);
    if (fr_flame_param_derived(base)) return FR_OK;
    if ((k = fr_flame_var_find(base)) < 0 || !strcmp(fr_flame_vars[k].name, "pre_blur"))
        return fr_flame_read_unknown_attr(r, node, name, v, &x->extra, &x->nextra);
    int i = 0;
    while (i < sl->n && sl->var[i] != k) i++;
    if (i == sl->n) {
        if (sl->n == FR_FLAME_MAX_PREPOST) {
            if (r->strict)
                return fr_flame_read_fail(r, node, "more than %d %svariations", FR_FLAME_MAX_PREPOST,
                                          slot == FR_SLOT_PRE ? "pre_" : "post_");
            return fr_flame_read_warn_once(r, "prepost many", "line %ld: <%s> %s ignored: more than %d pre_ or post_ variations",
                                           fr_flame_xml_line(node), (const char *)node->name, name, FR_FLAME_MAX_PREPOST);
        }
        sl->var[sl->n++] = (short)k;
    }
    return fr_flame_read_num(r, node, name, v, &sl->w[i]);
}

/* parse_xform_xml: one attribute of <xform>, <finalxform> or <motion>. */
static fr_status xform_attr(fr_flame_reader *r, xmlNodePtr node, const char *name, const char *v, void *user)
{
    xform_ctx *xc = user;
    fr_flame_xform *x = xc->x;
    fr_status s = FR_OK;
    const fr_flame_xattr_desc *plain;
    double d;
    int k;
    if (!strcmp(name, "symmetry")) {
        /* The old form: both color_speed and animate from one value. */
        if (!(s = fr_flame_read_num(r, node, name, v, &d))) {
            x->color_speed = (1.0 - d) / 2.0;
            x->animate = d > 0 ? 0 : 1;
        }
    } else if (!strcmp(name, "motion_frequency")) {
        s = fr_flame_read_int(r, node, name, v, &xc->mfreq);
    } else if (!strcmp(name, "motion_function")) {
        if ((k = fr_flame_keyword(v, fr_flame_motion_names, NMOTION_NAMES)) < 0)
            s = fr_flame_read_fail(r, node, "motion_function '%s' is not sin, triangle or hill", v);
        else
            xc->mfunc = k;
    } else if (!strcmp(name, "color")) {
        /* One value, or two (the second is ignored). */
        double c[2];
        int n = fr_flame_parse_list(v, c, 2);
        if (n != 1 && n != 2)
            s = fr_flame_read_fail(r, node, "color '%s' is not one or two numbers", v);
        else
            x->color = c[0];
    } else if (!strcmp(name, "var1")) {
        if (!(s = fr_flame_read_int(r, node, name, v, &k))) {
            if (k < 0 || k >= FR_FLAME_NVAR_FLAM3)
                s = fr_flame_read_fail(r, node, "var1 %d is not a variation number (0 to %d)", k,
                                       FR_FLAME_NVAR_FLAM3 - 1);
            else {
                memset(x->var, 0, sizeof x->var);
                x->var[k] = 1.0;
            }
        }
    } else if (!strcmp(name, "var")) {
        s = fr_flame_read_nums(r, node, name, v, x->var, FR_FLAME_NVAR_FLAM3);
    } else if (!strcmp(name, "chaos")) {
        if (xc->motion) {
            s = fr_flame_read_fail(r, node, "a motion element cannot have a chaos attribute");
        } else if (xc->final) {
            /* flam3 would store it in the row of the xform before. */
            if (r->strict)
                s = fr_flame_read_fail(r, node, "a final xform cannot have a chaos attribute");
            else
                s = fr_flame_read_warn_once(r, "chaos final", "line %ld: <finalxform> chaos ignored",
                                            fr_flame_xml_line(node));
        } else {
            const char *p = v;
            double c;
            for (int to = 0; !s && (k = fr_flame_next_number(&p, &c, NULL)) != 0; to++) {
                if (k < 0)
                    s = fr_flame_read_fail(r, node, "chaos '%s' is not a list of numbers", v);
                else if (c != 1.0)
                    s = add_chaos(r, xc->st, node, xc->numstd, to, c);
            }
        }
    } else if (!strcmp(name, "plotmode")) {
        if (xc->motion)
            s = fr_flame_read_fail(r, node, "a motion element cannot have a plotmode attribute");
        else if (!strcmp(v, "off"))
            x->opacity = 0.0;
    } else if (!strcmp(name, "coefs") || !strcmp(name, "post")) {
        double m[6];
        if (!(s = fr_flame_read_nums(r, node, name, v, m, 6))) {
            double(*dst)[2] = name[0] == 'c' ? x->c : x->post;
            for (int i = 0; i < 6; i++)
                dst[i / 2][i % 2] = m[i];
        }
    } else if ((plain = fr_flame_xform_attr_find(name))) {
        s = fr_flame_read_num(r, node, name, v, FR_ATTR_FIELD(x, plain->offset, double));
    } else if (!strcmp(name, "amw_amp") || fr_flame_meta_attr(name, 1)) {
        /* flam3 reads amw_amp into a field no variation uses; Ember's name
         * changes nothing fractalis draws: kept; so is var_color, which
         * fr_flame_xform_precalc reads where a variation moves the colour. */
        s = fr_flame_read_keep_attr(r, &x->extra, &x->nextra, name, v);
    } else if ((k = fr_flame_param_xml_find(name)) >= 0) {
        if (!(s = fr_flame_read_num(r, node, name, v, &d))) {
            if (!strcmp(fr_flame_params[k].name, "super_shape_rnd")) d = d < 0 ? 0 : d > 1 ? 1 : d;
            x->param[k] = d;
        }
    } else if ((k = fr_flame_var_find(name)) >= 0) {
        s = fr_flame_read_num(r, node, name, v, &x->var[k]);
    } else if (fr_flame_param_derived(name)) {
        /* Ember's derived value (auger_half_scale): recomputed, dropped */
    } else {
        s = prepost_attr(r, node, x, name, v);
    }
    return s;
}

/* A <motion> child of x: flam3 starts its values at all zeros, since they
 * are added to the xform's, and takes the same attributes as an xform's
 * but for chaos and plotmode. */
static fr_status parse_motion(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node, fr_flame_xform *x)
{
    fr_flame_motion *m = realloc(x->motion, (size_t)(x->nmotion + 1) * sizeof *m);
    if (!m) return fr_flame_read_nomem(r);
    x->motion = m;
    m = &m[x->nmotion];
    memset(m, 0, sizeof *m);
    if (!(m->xf = calloc(1, sizeof *m->xf))) return fr_flame_read_nomem(r);
    x->nmotion++;
    xform_ctx xc = {st, m->xf, 0, 1, 0, 0, 0};
    fr_status s = fr_flame_read_attrs(r, node, xform_attr, &xc);
    if (s) return s;
    m->freq = xc.mfreq;
    m->func = (fr_flame_motion_fn)xc.mfunc;
    m->xf->has_post = !fr_flame_affine_is_zero(m->xf->post);
    for (xmlNodePtr c = node->children; c && !s; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            s = fr_flame_read_unknown_child(r, node, c, &m->xf->children, "\n         ");
    return s;
}

/* Room for one more standard xform at g->xf[g->nxf]; the count is checked
 * with the final xform in it, as flam3 counts. */
fr_status fr_flame_read_grow(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node)
{
    fr_flame_genome *g = st->g;
    if (g->nxf + (g->final != NULL) >= FR_FLAME_MAX_XFORMS)
        return fr_flame_read_fail(r, node, "more than %d xforms", FR_FLAME_MAX_XFORMS);
    if (g->nxf == st->cap) {
        int cap = st->cap ? st->cap * 2 : 16;
        fr_flame_xform *xf = realloc(g->xf, (size_t)cap * sizeof *xf);
        if (!xf) return fr_flame_read_nomem(r);
        g->xf = xf;
        st->cap = cap;
    }
    return FR_OK;
}

fr_status fr_flame_read_xform(fr_flame_reader *r, fr_flame_read_state *st, xmlNodePtr node, int final)
{
    fr_flame_genome *g = st->g;
    fr_flame_xform *x;
    fr_status s;
    /* flam3_add_xforms gives the new xform color = its index & 1, the final
     * xform (if any) counted. */
    int index = g->nxf + (g->final != NULL);
    xform_ctx xc = {st, NULL, final, 0, g->nxf, 0, 0};
    if (final) {
        if (g->final) return fr_flame_read_fail(r, node, "a flame can have only one final xform");
        if (g->nxf + 1 > FR_FLAME_MAX_XFORMS)
            return fr_flame_read_fail(r, node, "more than %d xforms", FR_FLAME_MAX_XFORMS);
        if (!(g->final = malloc(sizeof *g->final))) return fr_flame_read_nomem(r);
        x = g->final;
    } else {
        if ((s = fr_flame_read_grow(r, st, node))) return s;
        x = &g->xf[g->nxf++];
    }
    fr_flame_xform_init(x);
    x->color = index & 1;
    x->var[0] = 0.0;
    xc.x = x;
    if ((s = fr_flame_read_attrs(r, node, xform_attr, &xc))) return s;
    if (final && x->weight != 0.0) return fr_flame_read_fail(r, node, "a final xform cannot have a weight");
    if (xc.mfreq != 0 || xc.mfunc != 0)
        return fr_flame_read_fail(r, node,
                                  "motion_frequency and motion_function belong in a <motion> element");
    x->has_post = !fr_flame_affine_is_identity(x->post);
    for (xmlNodePtr c = node->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE) continue;
        if (!xmlStrcmp(c->name, (const xmlChar *)"motion"))
            s = parse_motion(r, st, c, x);
        else
            s = fr_flame_read_unknown_child(r, node, c, &x->children, "\n      ");
        if (s) return s;
    }
    return FR_OK;
}

/* flam3 keeps a row per xform, sized by the count of xforms when the flame
 * is read; a value past its end is written out of bounds by flam3 and
 * dropped here (an error when strict). Rows without a value stay NULL: all
 * ones. */
fr_status fr_flame_read_chaos_rows(fr_flame_reader *r, fr_flame_read_state *st)
{
    fr_flame_genome *g = st->g;
    for (int e = 0; e < st->nce; e++) {
        fr_flame_chaos_entry *ce = &st->ce[e];
        if (ce->to >= g->nxf) {
            if (r->strict)
                return fr_fail(r->ctx, FR_ERR_PARSE, "%s:%ld: <xform>: chaos has a value for xform %d of %d",
                               r->name, ce->line, ce->to + 1, g->nxf);
            fr_status s = fr_flame_read_warn_once(
                r, "chaos long", "line %ld: <xform> chaos values past the last xform ignored", ce->line);
            if (s) return s;
            continue;
        }
        fr_flame_xform *x = &g->xf[ce->from];
        if (!x->chaos) {
            if (!(x->chaos = malloc((size_t)g->nxf * sizeof *x->chaos))) return fr_flame_read_nomem(r);
            for (int i = 0; i < g->nxf; i++)
                x->chaos[i] = 1.0;
        }
        x->chaos[ce->to] = ce->v;
    }
    return FR_OK;
}
