/* flame_xml.c - flam3 genome files: the reader (flam3 3.1.1's parser.c
 * semantics) and the writer (flam3_print's layout, exact numbers). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "core/context.h"
#include "core/params.h"
#include "core/strbuf.h"
#include "flame/flame_genome_attrs.h"
#include "flame/flame_palette.h"
#include "flame/flame_xml.h"

/* ============================================================ helpers */

/* What the writer builds: the text, and whether a number in it is not
 * finite (flam3 cannot read one back), which is an error once the genome
 * is written. */
typedef struct xml_out {
    fr_strbuf text;
    int nonfinite;
} xml_out;

/* XML text for an attribute value: the five markup characters and the
 * white space that attribute normalisation would turn into spaces. */
static void sb_escaped(xml_out *o, const char *s)
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

static void sb_num(xml_out *o, double v)
{
    char t[40];
    if (!isfinite(v)) o->nonfinite = 1;
    fr_format_double(t, sizeof t, v);
    fr_strbuf_puts(&o->text, t);
}

/* ` name="v"` */
static void sb_attr_num(xml_out *o, const char *name, double v)
{
    fr_strbuf_printf(&o->text, " %s=\"", name);
    sb_num(o, v);
    fr_strbuf_puts(&o->text, "\"");
}

/* Whitespace-separated finite numbers: the count found (max + 1 when there
 * are more than max; only max are stored), or -1 when something else is met. */
static int parse_list(const char *s, double *v, int max)
{
    int n = 0;
    for (;;) {
        while (isspace((unsigned char)*s)) s++;
        if (!*s) return n;
        char *end;
        errno = 0;
        double d = strtod(s, &end);
        if (end == s || !isfinite(d) || (*end && !isspace((unsigned char)*end))) return -1;
        if (n < max) v[n] = d;
        if (++n > max) return n;
        s = end;
    }
}

static int parse_ints(const char *s, int *v, int max)
{
    int n = 0;
    for (;;) {
        while (isspace((unsigned char)*s)) s++;
        if (!*s) return n;
        char *end;
        errno = 0;
        long d = strtol(s, &end, 10);
        if (end == s || errno || d < INT_MIN || d > INT_MAX || (*end && !isspace((unsigned char)*end))) return -1;
        if (n < max) v[n] = (int)d;
        if (++n > max) return n;
        s = end;
    }
}

/* ============================================================= reader */

typedef struct chaos_entry {
    int from, to;
    double v;
    long line;
} chaos_entry;

typedef struct reader {
    fr_context *ctx;
    const char *name;
    const char *palette_file;
    int strict;
    xmlDocPtr doc;
    fr_flame_file *out;
    int cap;
    fr_flame_palette_lib lib;
    int lib_loaded;
    double last_time; /* flam3 keeps the time of the previous flame */
    char **keys;      /* warnings already given */
    int nkeys;
} reader;

/* The state of one <flame> while it is read: the xforms as flam3 holds them
 * (standard ones, then the final one), pending chaos entries, palette. */
typedef struct flame_state {
    fr_flame_genome *g;
    int cap;
    chaos_entry *ce;
    int nce, cecap;
    unsigned char set[256];
    int solo;
} flame_state;

static fr_status nomem(reader *r) { return fr_fail(r->ctx, FR_ERR_NOMEM, "%s: out of memory", r->name); }

/* The line an element starts on (libxml2 gives the line its start tag
 * ends on; mark_lines() stores the other in _private). */
static long line_of(xmlNodePtr node)
{
    return node->_private ? (long)(intptr_t)node->_private : xmlGetLineNo(node);
}

static size_t skip_past(const char *s, size_t len, size_t i, const char *end, long *line)
{
    size_t n = strlen(end);
    for (; i < len; i++) {
        if (i + n <= len && !memcmp(s + i, end, n)) return i + n;
        if (s[i] == '\n') (*line)++;
    }
    return len;
}

/* The lines of the start tags of the text, in document order (the order of
 * a pre-order walk of the elements). Returns how many there are; lines
 * gets at most max of them. */
static int start_tag_lines(const char *s, size_t len, long *lines, int max)
{
    long line = 1;
    int n = 0;
    size_t i = 0;
    while (i < len) {
        if (s[i] == '\n') {
            line++;
            i++;
        } else if (s[i] != '<') {
            i++;
        } else if (i + 4 <= len && !memcmp(s + i, "<!--", 4)) {
            i = skip_past(s, len, i + 4, "-->", &line);
        } else if (i + 9 <= len && !memcmp(s + i, "<![CDATA[", 9)) {
            i = skip_past(s, len, i + 9, "]]>", &line);
        } else if (i + 2 <= len && s[i + 1] == '?') {
            i = skip_past(s, len, i + 2, "?>", &line);
        } else if (i + 2 <= len && (s[i + 1] == '!' || s[i + 1] == '/')) {
            /* <!DOCTYPE ...[...]> or an end tag */
            int depth = 0;
            char quote = 0;
            for (i += 2; i < len; i++) {
                char c = s[i];
                if (c == '\n') line++;
                if (quote) {
                    if (c == quote) quote = 0;
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '[') {
                    depth++;
                } else if (c == ']') {
                    depth--;
                } else if (c == '>' && depth <= 0) {
                    i++;
                    break;
                }
            }
        } else {
            if (n < max) lines[n] = line;
            n++;
            char quote = 0;
            for (i++; i < len; i++) {
                char c = s[i];
                if (c == '\n') line++;
                if (quote) {
                    if (c == quote) quote = 0;
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '>') {
                    i++;
                    break;
                }
            }
        }
    }
    return n;
}

static void assign_lines(xmlNodePtr node, const long *lines, int *k)
{
    for (; node; node = node->next) {
        if (node->type != XML_ELEMENT_NODE) continue;
        node->_private = (void *)(intptr_t)lines[(*k)++];
        assign_lines(node->children, lines, k);
    }
}

static int count_elements(xmlNodePtr node)
{
    int n = 0;
    for (; node; node = node->next)
        if (node->type == XML_ELEMENT_NODE) n += 1 + count_elements(node->children);
    return n;
}

/* Give each element the line its start tag begins on, when the text's
 * start tags and the tree's elements correspond one to one. */
static void mark_lines(xmlDocPtr doc, const char *text, size_t len)
{
    xmlNodePtr root = xmlDocGetRootElement(doc);
    int n = count_elements(root);
    if (n <= 0 || start_tag_lines(text, len, NULL, 0) != n) return;
    long *lines = malloc((size_t)n * sizeof *lines);
    if (!lines) return;
    start_tag_lines(text, len, lines, n);
    int k = 0;
    assign_lines(root, lines, &k);
    free(lines);
}

static fr_status perr(reader *r, xmlNodePtr node, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static fr_status perr(reader *r, xmlNodePtr node, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fr_fail(r->ctx, FR_ERR_PARSE, "%s:%ld: <%s>: %s", r->name, line_of(node), (const char *)node->name,
                   msg);
}

/* Add a warning unless one with the same key was given. */
static fr_status warn_once(reader *r, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static fr_status warn_once(reader *r, const char *key, const char *fmt, ...)
{
    for (int i = 0; i < r->nkeys; i++)
        if (!strcmp(r->keys[i], key)) return FR_OK;
    char **keys = realloc(r->keys, (size_t)(r->nkeys + 1) * sizeof *keys);
    if (!keys) return nomem(r);
    r->keys = keys;
    if (!(keys[r->nkeys] = strdup(key))) return nomem(r);
    r->nkeys++;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fr_flame_file *f = r->out;
    char **w = realloc(f->warnings, (size_t)(f->nwarnings + 1) * sizeof *w);
    if (!w) return nomem(r);
    f->warnings = w;
    if (!(w[f->nwarnings] = strdup(msg))) return nomem(r);
    f->nwarnings++;
    return FR_OK;
}

static fr_status add_extra(reader *r, fr_flame_attr **extra, int *n, const char *name, const char *value)
{
    fr_flame_attr *a = realloc(*extra, (size_t)(*n + 1) * sizeof *a);
    if (!a) return nomem(r);
    *extra = a;
    a[*n].name = strdup(name);
    a[*n].value = strdup(value);
    if (!a[*n].name || !a[*n].value) {
        free(a[*n].name);
        free(a[*n].value);
        return nomem(r);
    }
    (*n)++;
    return FR_OK;
}

/* An attribute flam3 does not read: an error when strict, else kept. */
static fr_status unknown_attr(reader *r, xmlNodePtr node, const char *name, const char *value, fr_flame_attr **extra,
                              int *n)
{
    if (r->strict) return perr(r, node, "attribute '%s' is not read by flam3", name);
    fr_status s = add_extra(r, extra, n, name, value);
    if (s) return s;
    char key[256];
    snprintf(key, sizeof key, "attr %s %s", (const char *)node->name, name);
    return warn_once(r, key, "line %ld: <%s> attribute '%s' ignored", line_of(node), (const char *)node->name,
                     name);
}

/* The serialised element appended to *kept (elements joined by sep). */
static fr_status keep_element(reader *r, xmlNodePtr node, char **kept, const char *sep)
{
    xmlBufferPtr buf = xmlBufferCreate();
    if (!buf) return nomem(r);
    if (xmlNodeDump(buf, r->doc, node, 0, 0) < 0) {
        xmlBufferFree(buf);
        return nomem(r);
    }
    const char *text = (const char *)xmlBufferContent(buf);
    size_t old = *kept ? strlen(*kept) : 0, add = strlen(text), ns = old ? strlen(sep) : 0;
    char *p = realloc(*kept, old + ns + add + 1);
    if (!p) {
        xmlBufferFree(buf);
        return nomem(r);
    }
    memcpy(p + old, sep, ns);
    memcpy(p + old + ns, text, add + 1);
    *kept = p;
    xmlBufferFree(buf);
    return FR_OK;
}

/* A child element flam3 does not read: an error when strict, else kept. */
static fr_status unknown_child(reader *r, xmlNodePtr parent, xmlNodePtr node, char **kept, const char *sep)
{
    if (r->strict) return perr(r, node, "element not read by flam3 (in <%s>)", (const char *)parent->name);
    fr_status s = keep_element(r, node, kept, sep);
    if (s) return s;
    char key[256];
    snprintf(key, sizeof key, "elem %s %s", (const char *)parent->name, (const char *)node->name);
    return warn_once(r, key, "line %ld: <%s> child <%s> ignored", line_of(node), (const char *)parent->name,
                     (const char *)node->name);
}

/* A keyword flam3 does not know: flam3 warns and keeps its default. */
static fr_status unknown_value(reader *r, xmlNodePtr node, const char *attr, const char *value, const char *used)
{
    if (r->strict) return perr(r, node, "%s '%s' is not a value flam3 knows", attr, value);
    char key[300];
    snprintf(key, sizeof key, "value %s %s %s", (const char *)node->name, attr, value);
    return warn_once(r, key, "line %ld: <%s> %s '%s' unknown, using %s", line_of(node), (const char *)node->name,
                     attr, value, used);
}

static fr_status get_num(reader *r, xmlNodePtr node, const char *attr, const char *v, double *out)
{
    if (parse_list(v, out, 1) != 1) return perr(r, node, "%s '%s' is not a number", attr, v);
    return FR_OK;
}

static fr_status get_int(reader *r, xmlNodePtr node, const char *attr, const char *v, int *out)
{
    if (parse_ints(v, out, 1) != 1) return perr(r, node, "%s '%s' is not a whole number", attr, v);
    return FR_OK;
}

static fr_status get_nums(reader *r, xmlNodePtr node, const char *attr, const char *v, double *out, int want)
{
    int n = parse_list(v, out, want);
    if (n < 0) return perr(r, node, "%s '%s' is not a list of numbers", attr, v);
    if (n != want) return perr(r, node, "%s needs %d numbers, got %d%s", attr, want, n > want ? want + 1 : n,
                               n > want ? " or more" : "");
    return FR_OK;
}

static int keyword(const char *v, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(v, names[i])) return i;
    return -1;
}

/* -------------------------------------------------------------- xforms */

#define NMOTION_NAMES ((int)(sizeof fr_flame_motion_names / sizeof fr_flame_motion_names[0]))

typedef struct xform_ctx {
    int final;     /* <finalxform> */
    int motion;    /* <motion> */
    int numstd;    /* the index flam3 gives the row of chaos entries */
    int mfreq, mfunc;
} xform_ctx;

static fr_status add_chaos(reader *r, flame_state *st, xmlNodePtr node, int from, int to, double v)
{
    if (st->nce == st->cecap) {
        int cap = st->cecap ? st->cecap * 2 : 64;
        chaos_entry *ce = realloc(st->ce, (size_t)cap * sizeof *ce);
        if (!ce) return nomem(r);
        st->ce = ce;
        st->cecap = cap;
    }
    st->ce[st->nce++] = (chaos_entry){from, to, v, line_of(node)};
    return FR_OK;
}

/* parse_xform_xml: the attributes of <xform>, <finalxform> or <motion>, in
 * document order (a later one overrides an earlier one, as in flam3). */
static fr_status parse_xform_attrs(reader *r, flame_state *st, xmlNodePtr node, fr_flame_xform *x, xform_ctx *xc)
{
    if (!node->properties) return perr(r, node, "element has no attributes");
    fr_status s = FR_OK;
    for (xmlAttrPtr a = node->properties; a && !s; a = a->next) {
        const char *name = (const char *)a->name;
        xmlChar *raw = xmlNodeGetContent((xmlNodePtr)a);
        if (!raw) return nomem(r);
        const char *v = (const char *)raw;
        const fr_flame_xattr_desc *plain;
        double d;
        int k;
        if (!strcmp(name, "symmetry")) {
            /* The old form: both color_speed and animate from one value. */
            if (!(s = get_num(r, node, name, v, &d))) {
                x->color_speed = (1.0 - d) / 2.0;
                x->animate = d > 0 ? 0 : 1;
            }
        } else if (!strcmp(name, "motion_frequency")) {
            s = get_int(r, node, name, v, &xc->mfreq);
        } else if (!strcmp(name, "motion_function")) {
            if ((k = keyword(v, fr_flame_motion_names, NMOTION_NAMES)) < 0)
                s = perr(r, node, "motion_function '%s' is not sin, triangle or hill", v);
            else
                xc->mfunc = k;
        } else if (!strcmp(name, "color")) {
            /* One value, or two (the second is ignored). */
            double c[2];
            int n = parse_list(v, c, 2);
            if (n != 1 && n != 2)
                s = perr(r, node, "color '%s' is not one or two numbers", v);
            else
                x->color = c[0];
        } else if (!strcmp(name, "var1")) {
            if (!(s = get_int(r, node, name, v, &k))) {
                if (k < 0 || k >= FR_FLAME_NVAR)
                    s = perr(r, node, "var1 %d is not a variation number (0 to %d)", k, FR_FLAME_NVAR - 1);
                else {
                    memset(x->var, 0, sizeof x->var);
                    x->var[k] = 1.0;
                }
            }
        } else if (!strcmp(name, "var")) {
            s = get_nums(r, node, name, v, x->var, FR_FLAME_NVAR);
        } else if (!strcmp(name, "chaos")) {
            if (xc->motion) {
                s = perr(r, node, "a motion element cannot have a chaos attribute");
            } else if (xc->final) {
                /* flam3 would store it in the row of the xform before. */
                if (r->strict)
                    s = perr(r, node, "a final xform cannot have a chaos attribute");
                else
                    s = warn_once(r, "chaos final", "line %ld: <finalxform> chaos ignored", line_of(node));
            } else {
                const char *p = v;
                for (int to = 0; !s; to++) {
                    while (isspace((unsigned char)*p)) p++;
                    if (!*p) break;
                    char *end;
                    double c = strtod(p, &end);
                    if (end == p || !isfinite(c) || (*end && !isspace((unsigned char)*end))) {
                        s = perr(r, node, "chaos '%s' is not a list of numbers", v);
                        break;
                    }
                    p = end;
                    if (c != 1.0) s = add_chaos(r, st, node, xc->numstd, to, c);
                }
            }
        } else if (!strcmp(name, "plotmode")) {
            if (xc->motion)
                s = perr(r, node, "a motion element cannot have a plotmode attribute");
            else if (!strcmp(v, "off"))
                x->opacity = 0.0;
        } else if (!strcmp(name, "coefs") || !strcmp(name, "post")) {
            double m[6];
            if (!(s = get_nums(r, node, name, v, m, 6))) {
                double(*dst)[2] = name[0] == 'c' ? x->c : x->post;
                for (int i = 0; i < 6; i++) dst[i / 2][i % 2] = m[i];
            }
        } else if ((plain = fr_flame_xform_attr_find(name))) {
            s = get_num(r, node, name, v, FR_ATTR_FIELD(x, plain->offset, double));
        } else if (!strcmp(name, "amw_amp")) {
            /* flam3 reads it into a field no variation uses: kept. */
            s = add_extra(r, &x->extra, &x->nextra, name, v);
        } else if ((k = fr_flame_param_xml_find(name)) >= 0) {
            if (!(s = get_num(r, node, name, v, &d))) {
                if (!strcmp(fr_flame_params[k].name, "super_shape_rnd")) d = d < 0 ? 0 : d > 1 ? 1 : d;
                x->param[k] = d;
            }
        } else if ((k = fr_flame_var_find(name)) >= 0) {
            s = get_num(r, node, name, v, &x->var[k]);
        } else {
            s = unknown_attr(r, node, name, v, &x->extra, &x->nextra);
        }
        xmlFree(raw);
    }
    return s;
}

static fr_status parse_motion(reader *r, flame_state *st, xmlNodePtr node, fr_flame_xform *x)
{
    fr_flame_motion *m = realloc(x->motion, (size_t)(x->nmotion + 1) * sizeof *m);
    if (!m) return nomem(r);
    x->motion = m;
    m = &m[x->nmotion];
    memset(m, 0, sizeof *m);
    /* flam3 starts a motion element at all zeros. */
    if (!(m->xf = calloc(1, sizeof *m->xf))) return nomem(r);
    x->nmotion++;
    xform_ctx xc = {0, 1, 0, 0, 0};
    fr_status s = parse_xform_attrs(r, st, node, m->xf, &xc);
    if (s) return s;
    m->freq = xc.mfreq;
    m->func = (fr_flame_motion_fn)xc.mfunc;
    m->xf->has_post = !fr_flame_affine_is_zero(m->xf->post);
    for (xmlNodePtr c = node->children; c && !s; c = c->next)
        if (c->type == XML_ELEMENT_NODE) s = unknown_child(r, node, c, &m->xf->children, "\n         ");
    return s;
}

/* Room for one more xform; returns its slot in the standard list. */
static fr_status grow(reader *r, flame_state *st, xmlNodePtr node)
{
    fr_flame_genome *g = st->g;
    if (g->nxf + (g->final != NULL) >= FR_FLAME_MAX_XFORMS)
        return perr(r, node, "more than %d xforms", FR_FLAME_MAX_XFORMS);
    if (g->nxf == st->cap) {
        int cap = st->cap ? st->cap * 2 : 16;
        fr_flame_xform *xf = realloc(g->xf, (size_t)cap * sizeof *xf);
        if (!xf) return nomem(r);
        g->xf = xf;
        st->cap = cap;
    }
    return FR_OK;
}

static fr_status parse_xform(reader *r, flame_state *st, xmlNodePtr node, int final)
{
    fr_flame_genome *g = st->g;
    fr_flame_xform *x;
    fr_status s;
    /* flam3_add_xforms gives the new xform color = its index & 1, the final
     * xform (if any) counted. */
    int index = g->nxf + (g->final != NULL);
    xform_ctx xc = {final, 0, g->nxf, 0, 0};
    if (final) {
        if (g->final) return perr(r, node, "a flame can have only one final xform");
        if (g->nxf + 1 > FR_FLAME_MAX_XFORMS) return perr(r, node, "more than %d xforms", FR_FLAME_MAX_XFORMS);
        if (!(g->final = malloc(sizeof *g->final))) return nomem(r);
        x = g->final;
    } else {
        if ((s = grow(r, st, node))) return s;
        x = &g->xf[g->nxf++];
    }
    fr_flame_xform_init(x);
    x->color = index & 1;
    x->var[0] = 0.0;
    if ((s = parse_xform_attrs(r, st, node, x, &xc))) return s;
    if (final && x->weight != 0.0) return perr(r, node, "a final xform cannot have a weight");
    if (xc.mfreq != 0 || xc.mfunc != 0)
        return perr(r, node, "motion_frequency and motion_function belong in a <motion> element");
    x->has_post = !fr_flame_affine_is_identity(x->post);
    for (xmlNodePtr c = node->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE) continue;
        if (!xmlStrcmp(c->name, (const xmlChar *)"motion"))
            s = parse_motion(r, st, c, x);
        else
            s = unknown_child(r, node, c, &x->children, "\n      ");
        if (s) return s;
    }
    return FR_OK;
}

/* ------------------------------------------------------------ symmetry */

static double round6(double x)
{
    x *= 1e6;
    if (x < 0) x -= 1.0;
    return 1e-6 * (int)(x + 0.5);
}

/* flam3's compare_xforms (3.1.1: by color_speed, then the determinant, or
 * the angle of the first column). */
static int compare_xforms(const fr_flame_xform *a, const fr_flame_xform *b)
{
    double ad = a->c[0][0] * a->c[1][1] - a->c[0][1] * a->c[1][0];
    double bd = b->c[0][0] * b->c[1][1] - b->c[0][1] * b->c[1][0];
    if (a->color_speed > b->color_speed) return 1;
    if (a->color_speed < b->color_speed) return -1;
    if (a->color_speed != 0.0) {
        if (ad < 0) return -1;
        if (bd < 0) return 1;
        ad = atan2(a->c[0][0], a->c[0][1]);
        bd = atan2(b->c[0][0], b->c[0][1]);
    }
    if (ad < bd) return -1;
    if (ad > bd) return 1;
    return 0;
}

/* glibc's qsort for these sizes: a top-down merge sort (msort), which the
 * comparator above, not a strict order, makes observable. */
static void msort_xforms(fr_flame_xform *b, int n, fr_flame_xform *tmp)
{
    if (n <= 1) return;
    int n1 = n / 2, n2 = n - n1;
    fr_flame_xform *b1 = b, *b2 = b + n1, *t = tmp;
    msort_xforms(b1, n1, tmp);
    msort_xforms(b2, n2, tmp);
    while (n1 > 0 && n2 > 0) {
        if (compare_xforms(b1, b2) <= 0) {
            *t++ = *b1++;
            n1--;
        } else {
            *t++ = *b2++;
            n2--;
        }
    }
    if (n1 > 0) memcpy(t, b1, (size_t)n1 * sizeof *t);
    memcpy(b, tmp, (size_t)(n - n2) * sizeof *b);
}

static fr_status append_sym(reader *r, flame_state *st, xmlNodePtr node, fr_flame_xform **out)
{
    fr_status s = grow(r, st, node);
    if (s) return s;
    fr_flame_xform *x = &st->g->xf[st->g->nxf++];
    fr_flame_xform_init(x);
    x->weight = 1.0;
    x->color_speed = 0.0;
    x->animate = 0.0;
    memset(x->var, 0, sizeof x->var);
    x->var[0] = 1.0;
    *out = x;
    return FR_OK;
}

/* flam3_add_symmetry for kind != 0: -1 a reflection, n >= 2 rotations by
 * 2 pi k / n, -n both; the new xforms (and, flam3 being flam3, the final
 * xform) then sorted. */
static fr_status add_symmetry(reader *r, flame_state *st, xmlNodePtr node, int sym)
{
    fr_flame_genome *g = st->g;
    if (sym == 1 || sym == 0) return FR_OK;
    if (sym < -FR_FLAME_MAX_XFORMS || sym > FR_FLAME_MAX_XFORMS || g->nxf + (sym < 0 ? -sym : sym) > FR_FLAME_MAX_XFORMS)
        return perr(r, node, "symmetry kind %d would make more than %d xforms", sym, FR_FLAME_MAX_XFORMS);
    g->symmetry = sym;
    int result = 0;
    fr_flame_xform *x;
    fr_status s;
    if (sym < 0) {
        if ((s = append_sym(r, st, node, &x))) return s;
        x->color = 1.0;
        x->c[0][0] = -1.0;
        x->c[0][1] = 0.0;
        x->c[1][0] = 0.0;
        x->c[1][1] = 1.0;
        result++;
        sym = -sym;
    }
    double a = 2 * M_PI / sym;
    for (int k = 1; k < sym; k++) {
        if ((s = append_sym(r, st, node, &x))) return s;
        x->color = (sym < 3) ? 0.0 : ((k - 1.0) / (sym - 2.0));
        x->c[0][0] = round6(cos(k * a));
        x->c[0][1] = round6(sin(k * a));
        x->c[1][0] = round6(-x->c[0][1]);
        x->c[1][1] = x->c[0][0];
        x->c[2][0] = 0.0;
        x->c[2][1] = 0.0;
        result++;
    }
    if (result == 0) return FR_OK;
    /* qsort(&xform[num_xforms - result], result): with a final xform (always
     * last in flam3's array) the range takes it in and leaves the first new
     * xform out; whatever lands last is the final xform afterwards. */
    int nall = g->nxf + (g->final != NULL);
    fr_flame_xform *all = malloc((size_t)nall * 2 * sizeof *all);
    if (!all) return nomem(r);
    memcpy(all, g->xf, (size_t)g->nxf * sizeof *all);
    if (g->final) all[g->nxf] = *g->final;
    msort_xforms(all + nall - result, result, all + nall);
    memcpy(g->xf, all, (size_t)g->nxf * sizeof *all);
    if (g->final) {
        *g->final = all[g->nxf];
        g->final->weight = 0.0; /* a final xform's weight is not used */
    }
    free(all);
    return FR_OK;
}

/* ------------------------------------------------------------- palette */

static fr_status need_lib(reader *r, xmlNodePtr node)
{
    if (r->lib_loaded) return FR_OK;
    fr_status s = fr_flame_palette_lib_load(r->ctx, r->palette_file, &r->lib);
    if (s) {
        char msg[FR_ERROR_MAX];
        snprintf(msg, sizeof msg, "%s", fr_last_error(r->ctx));
        fr_fail(r->ctx, s, "%s:%ld: <%s>: %s", r->name, line_of(node), (const char *)node->name, msg);
        return s;
    }
    r->lib_loaded = 1;
    return FR_OK;
}

/* flam3_parse_hexformat_colors: count colours of 2 * |chan| hex digits
 * (chan -4: "00RRGGBB"), white space allowed between colours. */
static fr_status parse_hex(reader *r, xmlNodePtr node, const char *what, const char *s, int count, int chan,
                           double pal[256][4], unsigned char set[256])
{
    if (count < 1 || count > 256) return perr(r, node, "count %d is not 1 to 256", count);
    int digits = chan < 0 ? -2 * chan : 2 * chan;
    while (isspace((unsigned char)*s)) s++;
    for (int i = 0; i < count; i++) {
        int v[4] = {0, 0, 0, 255};
        for (int k = 0; k < digits; k++)
            if (!isxdigit((unsigned char)s[k]))
                return perr(r, node, "%s: colour %d of %d is not %d hex digits", what, i + 1, count, digits);
        const char *p = s;
        if (chan == -4) {
            if (p[0] != '0' || p[1] != '0')
                return perr(r, node, "%s: colour %d of %d does not start with 00", what, i + 1, count);
            p += 2;
        }
        for (int k = 0; k < (chan == 4 ? 4 : 3); k++) {
            char h[3] = {p[2 * k], p[2 * k + 1], 0};
            v[k] = (int)strtol(h, NULL, 16);
        }
        s += digits;
        while (isspace((unsigned char)*s)) s++;
        for (int k = 0; k < 3; k++) pal[i][k] = v[k] / 255.0;
        pal[i][3] = v[3] / 255.0;
        set[i] = 1;
    }
    if (*s) return perr(r, node, "%s: extra text after %d colours", what, count);
    return FR_OK;
}

static fr_status parse_color(reader *r, flame_state *st, xmlNodePtr node)
{
    if (!node->properties) return perr(r, node, "element has no attributes");
    int index = -1;
    double rgb[3] = {0, 0, 0}, a = 0.0;
    fr_status s = FR_OK;
    for (xmlAttrPtr at = node->properties; at && !s; at = at->next) {
        const char *name = (const char *)at->name;
        xmlChar *raw = xmlNodeGetContent((xmlNodePtr)at);
        if (!raw) return nomem(r);
        const char *v = (const char *)raw;
        a = 255.0; /* flam3 resets alpha for each attribute */
        if (!strcmp(name, "index")) {
            s = get_int(r, node, name, v, &index);
        } else if (!strcmp(name, "rgb")) {
            s = get_nums(r, node, name, v, rgb, 3);
        } else if (!strcmp(name, "rgba")) {
            double q[4];
            if (!(s = get_nums(r, node, name, v, q, 4))) {
                memcpy(rgb, q, sizeof rgb);
                a = q[3];
            }
        } else if (!strcmp(name, "a")) {
            s = get_num(r, node, name, v, &a);
        } else {
            s = perr(r, node, "unknown attribute '%s' (flam3 rejects it)", name);
        }
        xmlFree(raw);
    }
    if (s) return s;
    if (index < 0 || index > 255) return perr(r, node, "index %d is missing or not 0 to 255", index);
    double *c = st->g->palette[index];
    c[3] = a / 255.0;
    /* flam3 premultiplies by alpha */
    c[0] = c[3] * rgb[0] / 255.0;
    c[1] = c[3] * rgb[1] / 255.0;
    c[2] = c[3] * rgb[2] / 255.0;
    st->set[index] = 1;
    return FR_OK;
}

static fr_status parse_colors(reader *r, flame_state *st, xmlNodePtr node)
{
    if (!node->properties) return perr(r, node, "element has no attributes");
    int count = -1;
    xmlChar *data = NULL;
    fr_status s = FR_OK;
    for (xmlAttrPtr at = node->properties; at && !s; at = at->next) {
        const char *name = (const char *)at->name;
        xmlChar *raw = xmlNodeGetContent((xmlNodePtr)at);
        if (!raw) {
            s = nomem(r);
            break;
        }
        if (!strcmp(name, "count"))
            s = get_int(r, node, name, (const char *)raw, &count);
        else if (!strcmp(name, "data")) {
            xmlFree(data);
            data = raw;
            raw = NULL;
        } else
            s = perr(r, node, "unknown attribute '%s' (flam3 rejects it)", name);
        xmlFree(raw);
    }
    if (!s && data) s = parse_hex(r, node, "data", (const char *)data, count, -4, st->g->palette, st->set);
    xmlFree(data);
    return s;
}

static fr_status parse_palette_elem(reader *r, flame_state *st, xmlNodePtr node)
{
    if (!node->properties) return perr(r, node, "element has no attributes");
    int count = 0, bytes = 0, oldf = 0, newf = 0, index0 = -1, index1 = -1;
    double hue0 = 0.0, hue1 = 0.0, blend = 0.5;
    fr_status s = FR_OK;
    for (xmlAttrPtr at = node->properties; at && !s; at = at->next) {
        const char *name = (const char *)at->name;
        xmlChar *raw = xmlNodeGetContent((xmlNodePtr)at);
        if (!raw) return nomem(r);
        const char *v = (const char *)raw;
        if (!strcmp(name, "index0"))
            oldf++, s = get_int(r, node, name, v, &index0);
        else if (!strcmp(name, "index1"))
            oldf++, s = get_int(r, node, name, v, &index1);
        else if (!strcmp(name, "hue0"))
            oldf++, s = get_num(r, node, name, v, &hue0);
        else if (!strcmp(name, "hue1"))
            oldf++, s = get_num(r, node, name, v, &hue1);
        else if (!strcmp(name, "blend"))
            oldf++, s = get_num(r, node, name, v, &blend);
        else if (!strcmp(name, "count"))
            newf++, s = get_int(r, node, name, v, &count);
        else if (!strcmp(name, "format")) {
            newf++;
            if (!strcmp(v, "RGB"))
                bytes = 3;
            else if (!strcmp(v, "RGBA"))
                bytes = 4;
            else
                s = perr(r, node, "format '%s' is not RGB or RGBA", v);
        } else
            s = perr(r, node, "unknown attribute '%s' (flam3 rejects it)", name);
        xmlFree(raw);
    }
    if (s) return s;
    if (oldf && newf) return perr(r, node, "old (index0 ...) and new (count, format) attributes mixed");
    if (oldf) {
        if (index0 < 0 || index1 < 0)
            return perr(r, node, "index0 and index1 are needed (flam3 would pick random palettes)");
        if ((s = need_lib(r, node))) return s;
        if (!fr_flame_palette_blend(&r->lib, blend, index0, hue0, index1, hue1, st->g->palette))
            return perr(r, node, "palette %d or %d is not in the palette file", index0, index1);
        memset(st->set, 1, sizeof st->set);
        return FR_OK;
    }
    if (!bytes) return perr(r, node, "format is missing");
    xmlChar *text = xmlNodeGetContent(node);
    if (!text) return nomem(r);
    s = parse_hex(r, node, "colours", (const char *)text, count, bytes, st->g->palette, st->set);
    xmlFree(text);
    return s;
}

static fr_status parse_symmetry(reader *r, flame_state *st, xmlNodePtr node)
{
    if (!node->properties) return perr(r, node, "element has no attributes");
    int kind = 0;
    fr_status s = FR_OK;
    for (xmlAttrPtr at = node->properties; at && !s; at = at->next) {
        xmlChar *raw = xmlNodeGetContent((xmlNodePtr)at);
        if (!raw) return nomem(r);
        if (!strcmp((const char *)at->name, "kind"))
            s = get_int(r, node, "kind", (const char *)raw, &kind);
        else
            s = perr(r, node, "unknown attribute '%s' (flam3 rejects it)", (const char *)at->name);
        xmlFree(raw);
    }
    if (s) return s;
    if (kind == 0) {
        if (r->strict) return perr(r, node, "kind 0 (a random symmetry) cannot be reproduced");
        return warn_once(r, "symmetry 0", "line %ld: <symmetry kind=\"0\"> (random) ignored", line_of(node));
    }
    return add_symmetry(r, st, node, kind);
}

/* ---------------------------------------------------------------- flame */

/* flam3 keeps 64 bytes of a name (here: not cutting a UTF-8 sequence) and
 * turns white space into '_', the last character excepted. */
static fr_status read_name(reader *r, char **name, const char *v)
{
    size_t n = strlen(v);
    if (n > 64) {
        n = 64;
        while (n > 0 && ((unsigned char)v[n] & 0xC0) == 0x80) n--;
    }
    free(*name);
    *name = NULL;
    if (n == 0) return FR_OK;
    if (!(*name = malloc(n + 1))) return nomem(r);
    memcpy(*name, v, n);
    (*name)[n] = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if (isspace((unsigned char)(*name)[i])) (*name)[i] = '_';
    return FR_OK;
}

/* The value of one row of flame_genome_attrs.h into g, by the row's kind.
 * name is the attribute as the file spells it (an older name included),
 * for the messages. An unknown enum value keeps the field as it was. */
static fr_status read_attr(reader *r, xmlNodePtr node, const fr_flame_attr_desc *d, fr_flame_genome *g,
                           const char *name, const char *v)
{
    switch (d->kind) {
    case FR_ATTR_NUM: return get_num(r, node, name, v, FR_ATTR_FIELD(g, d->offset, double));
    case FR_ATTR_INT: return get_int(r, node, name, v, FR_ATTR_FIELD(g, d->offset, int));
    case FR_ATTR_NUMS:
        return get_nums(r, node, name, v, FR_ATTR_FIELD(g, d->offset, double), (int)(d->size / sizeof(double)));
    case FR_ATTR_ENUM: {
        int *field = FR_ATTR_FIELD(g, d->offset, int);
        int k = keyword(v, d->names, d->nnames);
        if (k < 0) return unknown_value(r, node, name, v, d->names[*field]);
        *field = k;
        return FR_OK;
    }
    case FR_ATTR_SIZE: {
        int wh[2];
        if (parse_ints(v, wh, 2) != 2) return perr(r, node, "%s '%s' is not two whole numbers", name, v);
        *FR_ATTR_FIELD(g, d->offset, int) = wh[0];
        *FR_ATTR_FIELD(g, d->offset2, int) = wh[1];
        return FR_OK;
    }
    case FR_ATTR_NAME: return read_name(r, FR_ATTR_FIELD(g, d->offset, char *), v);
    }
    return FR_OK;
}

static fr_status flame_attr(reader *r, flame_state *st, xmlNodePtr node, const char *name, const char *v)
{
    fr_flame_genome *g = st->g;
    fr_status s;
    if (!strcmp(name, "soloxform")) {
        double d;
        if ((s = get_num(r, node, name, v, &d))) return s;
        st->solo = d < -1 ? -1 : d > INT_MAX ? INT_MAX : (int)d;
        return FR_OK;
    }
    if (!strcmp(name, "version")) /* flam3 writes it and reads nothing from it */
        return add_extra(r, &g->extra, &g->nextra, name, v);
    const fr_flame_attr_desc *d = fr_flame_genome_attr_find(name);
    if (!d) return unknown_attr(r, node, name, v, &g->extra, &g->nextra);
    if ((s = read_attr(r, node, d, g, name, v))) return s;
    /* As flam3's parser: the view turns about the centre read (rot_center),
     * and hue is taken modulo 1. */
    if (!strcmp(d->xml, "center"))
        memcpy(g->rot_center, g->center, sizeof g->rot_center);
    else if (!strcmp(d->xml, "hue"))
        g->hue_rotation = fmod(g->hue_rotation, 1.0);
    return FR_OK;
}

static fr_status parse_flame(reader *r, xmlNodePtr node, fr_flame_genome *g)
{
    flame_state st;
    memset(&st, 0, sizeof st);
    st.g = g;
    st.solo = -1;
    fr_flame_genome_init(g);
    g->time = r->last_time;
    if (!node->properties) return perr(r, node, "element has no attributes");
    fr_status s = FR_OK;
    for (xmlAttrPtr a = node->properties; a && !s; a = a->next) {
        xmlChar *raw = xmlNodeGetContent((xmlNodePtr)a);
        if (!raw) return nomem(r);
        s = flame_attr(r, &st, node, (const char *)a->name, (const char *)raw);
        xmlFree(raw);
    }
    for (xmlNodePtr c = node->children; c && !s; c = c->next) {
        if (c->type != XML_ELEMENT_NODE) continue;
        const char *n = (const char *)c->name;
        if (!strcmp(n, "color"))
            s = parse_color(r, &st, c);
        else if (!strcmp(n, "colors"))
            s = parse_colors(r, &st, c);
        else if (!strcmp(n, "palette"))
            s = parse_palette_elem(r, &st, c);
        else if (!strcmp(n, "symmetry"))
            s = parse_symmetry(r, &st, c);
        else if (!strcmp(n, "xform"))
            s = parse_xform(r, &st, c, 0);
        else if (!strcmp(n, "finalxform"))
            s = parse_xform(r, &st, c, 1);
        else if (!strcmp(n, "edit"))
            s = keep_element(r, c, &g->children, "\n   ");
        else
            s = unknown_child(r, node, c, &g->children, "\n   ");
    }
    if (s) goto done;
    r->last_time = g->time;

    /* soloxform: every other standard xform made transparent */
    if (st.solo >= 0)
        for (int i = 0; i < g->nxf; i++)
            if (i != st.solo) g->xf[i].opacity = 0.0;

    /* chaos rows */
    for (int e = 0; e < st.nce; e++) {
        chaos_entry *ce = &st.ce[e];
        if (ce->to >= g->nxf) {
            /* flam3 writes past the row (undefined behaviour); dropped */
            if (r->strict) {
                s = fr_fail(r->ctx, FR_ERR_PARSE, "%s:%ld: <xform>: chaos has a value for xform %d of %d", r->name,
                            ce->line, ce->to + 1, g->nxf);
                goto done;
            }
            if ((s = warn_once(r, "chaos long", "line %ld: <xform> chaos values past the last xform ignored",
                               ce->line)))
                goto done;
            continue;
        }
        fr_flame_xform *x = &g->xf[ce->from];
        if (!x->chaos) {
            if (!(x->chaos = malloc((size_t)g->nxf * sizeof *x->chaos))) {
                s = nomem(r);
                goto done;
            }
            for (int i = 0; i < g->nxf; i++) x->chaos[i] = 1.0;
        }
        x->chaos[ce->to] = ce->v;
    }

    /* palette */
    if (g->palette_index != -1) {
        if ((s = need_lib(r, node))) goto done;
        if (!fr_flame_palette_lib_get(&r->lib, g->palette_index, g->hue_rotation, g->palette)) {
            s = perr(r, node, "palette %d is not in '%s'", g->palette_index,
                     r->palette_file && *r->palette_file ? r->palette_file : FR_FLAME_PALETTE_FILE);
            goto done;
        }
    } else {
        fr_flame_palette_fill_missing(g->palette, st.set);
    }
done:
    free(st.ce);
    return s;
}

static fr_status scan(reader *r, xmlNodePtr node)
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
            if (!g) return nomem(r);
            f->g = g;
            r->cap = cap;
        }
        fr_flame_genome *g = &f->g[f->n++];
        fr_status s = parse_flame(r, node, g);
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
    reader r;
    memset(&r, 0, sizeof r);
    r.ctx = ctx;
    r.name = name && *name ? name : "<memory>";
    r.palette_file = palette_file;
    r.strict = strict;
    r.out = out;
    fr_status s = fr_flame_xml_parse(ctx, xml, len, r.name, &r.doc);
    if (s) return s;
    mark_lines(r.doc, xml, len);
    s = scan(&r, xmlDocGetRootElement(r.doc));
    if (!s && out->n == 0) s = fr_fail(ctx, FR_ERR_PARSE, "%s: no <flame> element", r.name);
    /* flam3_parse_xml2: smooth interpolation is not possible into the first
     * or out of the last segment. */
    for (int i = 0; !s && i < out->n; i++) {
        if ((i == 0 || i == out->n - 2) && out->g[i].interpolation == FR_INTERP_SMOOTH) {
            out->g[i].interpolation = FR_INTERP_LINEAR;
            char key[64];
            snprintf(key, sizeof key, "smooth %d", i);
            s = warn_once(&r, key, "flame %d: interpolation=\"smooth\" cannot be used for the %s segment; using linear",
                          i + 1, i == 0 ? "first" : "last");
        }
    }
    xmlFreeDoc(r.doc);
    if (r.lib_loaded) fr_flame_palette_lib_free(&r.lib);
    for (int i = 0; i < r.nkeys; i++) free(r.keys[i]);
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

/* ============================================================= writer */

/* The text of a number t for which (scale * strtod(t)) / 255.0 == target,
 * as the reader computes a colour channel: an integer where one does it,
 * else the shortest text found near target * 255 / scale. */
static void channel_text(char *buf, size_t n, double target, double scale)
{
    double v0 = scale != 0.0 ? target * 255.0 / scale : 0.0;
    double k = rint(v0);
    if (isfinite(k) && (scale * k) / 255.0 == target) {
        fr_format_double(buf, n, k);
        return;
    }
    double up = v0, down = v0;
    for (int step = 0; step <= 8 && isfinite(v0); step++) {
        double cand[2] = {up, down};
        for (int c = 0; c < (step ? 2 : 1); c++) {
            fr_format_double(buf, n, cand[c]);
            if ((scale * strtod(buf, NULL)) / 255.0 == target) return;
        }
        up = nextafter(up, INFINITY);
        down = nextafter(down, -INFINITY);
    }
    fr_format_double(buf, n, v0);
}

/* The <color> texts of one palette entry and whether the reader gets the
 * entry back exactly from them. */
typedef struct color_text {
    char t[4][40];
    int rgba;
    int exact;
} color_text;

static void entry_text(const double c[4], color_text *o)
{
    o->rgba = c[3] != 1.0;
    double a = 1.0;
    o->exact = 1;
    if (o->rgba) {
        /* alpha as the reader will have it, then the colours over it */
        channel_text(o->t[3], sizeof o->t[3], c[3], 1.0);
        a = strtod(o->t[3], NULL) / 255.0;
        o->exact = a == c[3];
    }
    for (int k = 0; k < 3; k++) {
        channel_text(o->t[k], sizeof o->t[k], c[k], a);
        if (!((a * strtod(o->t[k], NULL)) / 255.0 == c[k])) o->exact = 0;
    }
}

/* Entries j of the cyclic run cur < j < b are what flam3's filling of left-
 * out colours makes of the ends cur and b (positions mod 256). */
static int run_fills(const double pal[256][4], int cur, int b)
{
    for (int j = cur + 1; j < b; j++) {
        double prcr = (j - cur) / (double)(b - cur);
        for (int k = 0; k < 4; k++)
            if (!(pal[cur % 256][k] * (1.0 - prcr) + pal[b % 256][k] * prcr == pal[j % 256][k])) return 0;
    }
    return 1;
}

/* Not every double is (a * r) / 255 for some text r: colours that flam3
 * interpolated between the ones a file gave may have no exact text. Such a
 * palette is written as flam3 would have filled it: a set of entries, each
 * exact, from which the filling gives every other entry back. 0 if none
 * is found. */
static int sparse_palette(const double pal[256][4], const color_text *out, unsigned char set[256])
{
    memset(set, 0, 256);
    int first = -1;
    for (int i = 0; i < 256 && first < 0; i++)
        if (out[i].exact) first = i;
    if (first < 0) return 0;
    set[first] = 1;
    for (int cur = first;;) {
        int best = -1;
        for (int b = cur + 1; b <= first + 256; b++)
            if (out[b % 256].exact && run_fills(pal, cur, b)) best = b;
        if (best < 0) return 0;
        if (best == first + 256) break;
        set[best % 256] = 1;
        cur = best;
    }
    double q[256][4];
    memset(q, 0, sizeof q);
    for (int i = 0; i < 256; i++)
        if (set[i]) memcpy(q[i], pal[i], sizeof q[i]);
    fr_flame_palette_fill_missing(q, set);
    for (int i = 0; i < 256; i++)
        for (int k = 0; k < 4; k++)
            if (!(q[i][k] == pal[i][k])) return 0;
    return 1;
}

static void write_palette(xml_out *o, const fr_flame_genome *g)
{
    color_text out[FR_FLAME_PALETTE];
    unsigned char set[FR_FLAME_PALETTE];
    int exact = 1;
    for (int i = 0; i < FR_FLAME_PALETTE; i++) {
        for (int k = 0; k < 4; k++)
            if (!isfinite(g->palette[i][k])) o->nonfinite = 1;
        entry_text(g->palette[i], &out[i]);
        exact &= out[i].exact;
    }
    /* With palette="N" the reader takes the colours from the palette file. */
    if (exact || g->palette_index != -1 || !sparse_palette(g->palette, out, set)) memset(set, 1, sizeof set);
    for (int i = 0; i < FR_FLAME_PALETTE; i++) {
        const color_text *c = &out[i];
        if (!set[i]) continue;
        if (c->rgba)
            fr_strbuf_printf(&o->text, "   <color index=\"%d\" rgba=\"%s %s %s %s\"/>\n", i, c->t[0], c->t[1], c->t[2],
                             c->t[3]);
        else
            fr_strbuf_printf(&o->text, "   <color index=\"%d\" rgb=\"%s %s %s\"/>\n", i, c->t[0], c->t[1], c->t[2]);
    }
}

static void write_extra(xml_out *o, const fr_flame_attr *a, int n, const char *skip)
{
    for (int i = 0; i < n; i++) {
        if (!a[i].name || !a[i].value || (skip && !strcmp(a[i].name, skip))) continue;
        fr_strbuf_printf(&o->text, " %s=\"", a[i].name);
        sb_escaped(o, a[i].value);
        fr_strbuf_puts(&o->text, "\"");
    }
}

static void write_matrix(xml_out *o, const char *name, const double m[3][2])
{
    fr_strbuf_printf(&o->text, " %s=\"", name);
    for (int i = 0; i < 6; i++) {
        if (i) fr_strbuf_puts(&o->text, " ");
        sb_num(o, m[i / 2][i % 2]);
    }
    fr_strbuf_puts(&o->text, "\"");
}

static int var_param_used(const fr_flame_xform *x, int k)
{
    return x->var[fr_flame_params[k].var] != 0.0;
}

/* The plain attributes (flame_genome_attrs.h) of an xform element at one
 * place: before its variations (tail 0) or after its chaos row (tail 1). A
 * <motion> (motion 1) has only those it changes. */
static void write_plain(xml_out *o, const fr_flame_xform *x, int tail, int final, int motion)
{
    for (int i = 0; i < fr_flame_xform_nattrs; i++) {
        const fr_flame_xattr_desc *d = &fr_flame_xform_attrs[i];
        double v = *FR_ATTR_CFIELD(x, d->offset, double);
        if ((d->place == FR_XATTR_TAIL) != tail || (d->place == FR_XATTR_LEAD_STD && final) || (motion && v == 0.0))
            continue;
        sb_attr_num(o, d->xml, v);
    }
}

/* The attributes of a <motion> element: only what it changes. */
static void write_motion(xml_out *o, const fr_flame_motion *m)
{
    const fr_flame_xform *x = m->xf;
    fr_strbuf_printf(&o->text, "      <motion motion_frequency=\"%d\"", (int)m->freq);
    if (m->func >= FR_MOTION_SIN && m->func <= FR_MOTION_HILL)
        fr_strbuf_printf(&o->text, " motion_function=\"%s\"", fr_flame_motion_names[m->func]);
    if (x) {
        write_plain(o, x, 0, 0, 1);
        for (int j = 0; j < FR_FLAME_NVAR; j++)
            if (x->var[j] != 0.0) sb_attr_num(o, fr_flame_vars[j].name, x->var[j]);
        for (int k = 0; k < FR_FLAME_NPARAM; k++)
            if (x->param[k] != 0.0) sb_attr_num(o, fr_flame_param_xml_name(k), x->param[k]);
        if (!fr_flame_affine_is_zero(x->c)) write_matrix(o, "coefs", x->c);
        if (!fr_flame_affine_is_zero(x->post)) write_matrix(o, "post", x->post);
        write_plain(o, x, 1, 0, 1);
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

static void write_xform(xml_out *o, const fr_flame_xform *x, int final, int nstd)
{
    const char *tag = final ? "finalxform" : "xform";
    fr_strbuf_printf(&o->text, "   <%s", tag);
    write_plain(o, x, 0, final, 0);
    for (int j = 0; j < FR_FLAME_NVAR; j++)
        if (x->var[j] != 0.0) sb_attr_num(o, fr_flame_vars[j].name, x->var[j]);
    for (int k = 0; k < FR_FLAME_NPARAM; k++)
        if (var_param_used(x, k) || x->param[k] != fr_flame_params[k].def)
            sb_attr_num(o, fr_flame_param_xml_name(k), x->param[k]);
    write_matrix(o, "coefs", x->c);
    if (!fr_flame_affine_is_identity(x->post)) write_matrix(o, "post", x->post);
    if (!final && x->chaos) {
        int n = nstd;
        while (n > 0 && x->chaos[n - 1] == 1.0) n--;
        if (n > 0) {
            fr_strbuf_puts(&o->text, " chaos=\"");
            for (int j = 0; j < n; j++) {
                if (j) fr_strbuf_puts(&o->text, " ");
                sb_num(o, x->chaos[j]);
            }
            fr_strbuf_puts(&o->text, "\"");
        }
    }
    write_plain(o, x, 1, final, 0);
    write_extra(o, x->extra, x->nextra, NULL);
    if (x->nmotion > 0 || x->children) {
        fr_strbuf_puts(&o->text, ">\n");
        for (int i = 0; i < x->nmotion; i++) write_motion(o, &x->motion[i]);
        if (x->children) fr_strbuf_printf(&o->text, "      %s\n", x->children);
        fr_strbuf_printf(&o->text, "   </%s>\n", tag);
    } else {
        fr_strbuf_puts(&o->text, "/>\n");
    }
}

/* The value of one row of flame_genome_attrs.h as ` attribute="value"`. */
static void write_attr(xml_out *o, const fr_flame_attr_desc *d, const fr_flame_genome *g)
{
    switch (d->kind) {
    case FR_ATTR_NUM: sb_attr_num(o, d->xml, *FR_ATTR_CFIELD(g, d->offset, double)); return;
    case FR_ATTR_INT: fr_strbuf_printf(&o->text, " %s=\"%d\"", d->xml, *FR_ATTR_CFIELD(g, d->offset, int)); return;
    case FR_ATTR_ENUM:
        fr_strbuf_printf(&o->text, " %s=\"%s\"", d->xml, d->names[*FR_ATTR_CFIELD(g, d->offset, int)]);
        return;
    case FR_ATTR_NUMS:
        fr_strbuf_printf(&o->text, " %s=\"", d->xml);
        for (size_t i = 0; i < d->size / sizeof(double); i++) {
            if (i) fr_strbuf_puts(&o->text, " ");
            sb_num(o, FR_ATTR_CFIELD(g, d->offset, double)[i]);
        }
        fr_strbuf_puts(&o->text, "\"");
        return;
    case FR_ATTR_SIZE:
        fr_strbuf_printf(&o->text, " %s=\"%d %d\"", d->xml, *FR_ATTR_CFIELD(g, d->offset, int),
                         *FR_ATTR_CFIELD(g, d->offset2, int));
        return;
    case FR_ATTR_NAME:
        fr_strbuf_printf(&o->text, " %s=\"", d->xml);
        sb_escaped(o, *FR_ATTR_CFIELD(g, d->offset, char *));
        fr_strbuf_puts(&o->text, "\"");
        return;
    }
}

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

static fr_status write_flame(fr_context *ctx, xml_out *o, const fr_flame_genome *g, int index)
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
            sb_escaped(o, g->extra[i].value);
            fr_strbuf_puts(&o->text, "\"");
            break;
        }
    for (int i = 0; i < fr_flame_genome_nattrs; i++)
        if (attr_written(&fr_flame_genome_attrs[i], g)) write_attr(o, &fr_flame_genome_attrs[i], g);
    write_extra(o, g->extra, g->nextra, "version");
    fr_strbuf_puts(&o->text, ">\n");
    for (int i = 0; i < g->nxf; i++) write_xform(o, &g->xf[i], 0, g->nxf);
    if (g->final) write_xform(o, g->final, 1, g->nxf);
    write_palette(o, g);
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
    xml_out o;
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
