/* flame_genome.c - genome defaults (flam3 3.1.1's clear_cp and
 * initialize_xforms), deep copy, comparison and release. The defaults and
 * the comparison of the attributes come from flame_genome_attrs.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/context.h"
#include "flame/flame_genome.h"
#include "flame/flame_genome_attrs.h"

void fr_flame_xform_init(fr_flame_xform *x)
{
    memset(x, 0, sizeof *x);
    for (int i = 0; i < fr_flame_xform_nattrs; i++)
        *FR_ATTR_FIELD(x, fr_flame_xform_attrs[i].offset, double) = fr_flame_xform_attrs[i].def;
    x->c[0][0] = x->c[1][1] = 1.0;
    x->post[0][0] = x->post[1][1] = 1.0;
    x->var[0] = 1.0;
    for (int i = 0; i < FR_FLAME_NPARAM; i++) x->param[i] = fr_flame_params[i].def;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < FR_FLAME_NPARAM; i++) x->slot[k].param[i] = fr_flame_params[i].def;
}

static void free_attrs(fr_flame_attr *a, int n)
{
    for (int i = 0; i < n; i++) {
        free(a[i].name);
        free(a[i].value);
    }
    free(a);
}

void fr_flame_xform_free(fr_flame_xform *x)
{
    if (!x) return;
    free(x->chaos);
    for (int i = 0; i < x->nmotion; i++) {
        fr_flame_xform_free(x->motion[i].xf);
        free(x->motion[i].xf);
    }
    free(x->motion);
    free_attrs(x->extra, x->nextra);
    free(x->children);
    memset(x, 0, sizeof *x);
}

static void set_default(const fr_flame_attr_desc *d, fr_flame_genome *g)
{
    switch (d->kind) {
    case FR_ATTR_NUM: *FR_ATTR_FIELD(g, d->offset, double) = d->def; break;
    case FR_ATTR_INT:
    case FR_ATTR_ENUM: *FR_ATTR_FIELD(g, d->offset, int) = (int)d->def; break;
    case FR_ATTR_NUMS:
        for (size_t i = 0; i < d->size / sizeof(double); i++)
            FR_ATTR_FIELD(g, d->offset, double)[i] = d->def;
        break;
    case FR_ATTR_SIZE:
        *FR_ATTR_FIELD(g, d->offset, int) = (int)d->def;
        *FR_ATTR_FIELD(g, d->offset2, int) = (int)d->def;
        break;
    case FR_ATTR_NAME: *FR_ATTR_FIELD(g, d->offset, char *) = NULL; break;
    }
}

void fr_flame_genome_init(fr_flame_genome *g)
{
    memset(g, 0, sizeof *g);
    for (int i = 0; i < fr_flame_genome_nattrs; i++)
        set_default(&fr_flame_genome_attrs[i], g);
}

void fr_flame_genome_free(fr_flame_genome *g)
{
    if (!g) return;
    free(g->name);
    for (int i = 0; i < g->nxf; i++) fr_flame_xform_free(&g->xf[i]);
    free(g->xf);
    if (g->final) {
        fr_flame_xform_free(g->final);
        free(g->final);
    }
    free_attrs(g->extra, g->nextra);
    free(g->children);
    fr_flame_genome_init(g);
}

void fr_flame_file_free(fr_flame_file *f)
{
    if (!f) return;
    for (int i = 0; i < f->n; i++) fr_flame_genome_free(&f->g[i]);
    free(f->g);
    for (int i = 0; i < f->nwarnings; i++) free(f->warnings[i]);
    free(f->warnings);
    memset(f, 0, sizeof *f);
}

/* ------------------------------------------------------------------ copy */

static int dup_str(char **dst, const char *src)
{
    *dst = NULL;
    if (!src) return 1;
    *dst = strdup(src);
    return *dst != NULL;
}

static int dup_attrs(fr_flame_attr **dst, const fr_flame_attr *src, int n)
{
    *dst = NULL;
    if (n <= 0) return 1;
    fr_flame_attr *a = calloc((size_t)n, sizeof *a);
    if (!a) return 0;
    *dst = a;
    for (int i = 0; i < n; i++)
        if (!dup_str(&a[i].name, src[i].name) || !dup_str(&a[i].value, src[i].value)) return 0;
    return 1;
}

/* Copy src into dst (dst's pointers are overwritten); chaos rows have nchaos
 * entries. On failure dst holds what was copied so far (freeable). */
static int copy_xform(fr_flame_xform *dst, const fr_flame_xform *src, int nchaos)
{
    *dst = *src;
    dst->chaos = NULL;
    dst->motion = NULL;
    dst->nmotion = 0;
    dst->extra = NULL;
    dst->nextra = 0;
    dst->children = NULL;
    if (src->chaos && nchaos > 0) {
        dst->chaos = malloc((size_t)nchaos * sizeof *dst->chaos);
        if (!dst->chaos) return 0;
        memcpy(dst->chaos, src->chaos, (size_t)nchaos * sizeof *dst->chaos);
    }
    if (src->nmotion > 0) {
        dst->motion = calloc((size_t)src->nmotion, sizeof *dst->motion);
        if (!dst->motion) return 0;
        for (int i = 0; i < src->nmotion; i++) {
            dst->nmotion = i + 1;
            dst->motion[i].freq = src->motion[i].freq;
            dst->motion[i].func = src->motion[i].func;
            if (src->motion[i].xf) {
                dst->motion[i].xf = calloc(1, sizeof(fr_flame_xform));
                if (!dst->motion[i].xf || !copy_xform(dst->motion[i].xf, src->motion[i].xf, 0)) return 0;
            }
        }
    }
    if (!dup_attrs(&dst->extra, src->extra, src->nextra)) return 0;
    dst->nextra = src->nextra;
    return dup_str(&dst->children, src->children);
}

fr_status fr_flame_genome_copy(fr_context *ctx, fr_flame_genome *dst, const fr_flame_genome *src)
{
    fr_flame_genome g = *src;
    g.name = NULL;
    g.xf = NULL;
    g.nxf = 0;
    g.final = NULL;
    g.extra = NULL;
    g.nextra = 0;
    g.children = NULL;
    int ok = dup_str(&g.name, src->name) && dup_str(&g.children, src->children) &&
             dup_attrs(&g.extra, src->extra, src->nextra);
    if (ok) g.nextra = src->nextra;
    if (ok && src->nxf > 0) {
        g.xf = calloc((size_t)src->nxf, sizeof *g.xf);
        ok = g.xf != NULL;
        for (int i = 0; ok && i < src->nxf; i++) {
            g.nxf = i + 1;
            ok = copy_xform(&g.xf[i], &src->xf[i], src->nxf);
        }
    }
    if (ok && src->final) {
        g.final = calloc(1, sizeof *g.final);
        ok = g.final && copy_xform(g.final, src->final, 0);
    }
    if (!ok) {
        fr_flame_genome_free(&g);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory copying a flame genome");
    }
    *dst = g;
    return FR_OK;
}

/* ------------------------------------------------------------- compare */

static int differ(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int differ(char *why, size_t n, const char *fmt, ...)
{
    if (why && n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, n, fmt, ap);
        va_end(ap);
    }
    return 0;
}

static int str_eq(const char *a, const char *b)
{
    if (!a || !b) return a == b;
    return strcmp(a, b) == 0;
}

static int attrs_eq(const fr_flame_attr *a, int na, const fr_flame_attr *b, int nb)
{
    if (na != nb) return 0;
    for (int i = 0; i < na; i++)
        if (!str_eq(a[i].name, b[i].name) || !str_eq(a[i].value, b[i].value)) return 0;
    return 1;
}

static int same_num(double a, double b, const char *where, const char *label, char *why, size_t n)
{
    if (a == b) return 1;
    return differ(why, n, "%s%s: %.17g != %.17g", where, label, a, b);
}

static int xform_eq(const fr_flame_xform *a, const fr_flame_xform *b, int nchaos, const char *where, char *why,
                    size_t n)
{
    for (int i = 0; i < fr_flame_xform_nattrs; i++) {
        const fr_flame_xattr_desc *d = &fr_flame_xform_attrs[i];
        double va = *FR_ATTR_CFIELD(a, d->offset, double), vb = *FR_ATTR_CFIELD(b, d->offset, double);
        if (!same_num(va, vb, where, d->xml, why, n)) return 0;
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            if (!same_num(a->c[i][j], b->c[i][j], where, "coefs", why, n) ||
                !same_num(a->post[i][j], b->post[i][j], where, "post", why, n))
                return 0;
    if (a->has_post != b->has_post) return differ(why, n, "%shas_post differs", where);
    for (int i = 0; i < FR_FLAME_NVAR; i++)
        if (!same_num(a->var[i], b->var[i], where, fr_flame_vars[i].name, why, n)) return 0;
    for (int i = 0; i < FR_FLAME_NPARAM; i++)
        if (!same_num(a->param[i], b->param[i], where, fr_flame_params[i].name, why, n)) return 0;
    for (int k = 0; k < 2; k++) {
        const fr_flame_slot *sa = &a->slot[k], *sb = &b->slot[k];
        const char *pfx = k ? "post_" : "pre_";
        if (sa->n != sb->n) return differ(why, n, "%s%d != %d %svariations", where, sa->n, sb->n, pfx);
        for (int i = 0; i < sa->n; i++) {
            if (sa->var[i] != sb->var[i]) return differ(why, n, "%s%svariation %d differs", where, pfx, i);
            if (!same_num(sa->w[i], sb->w[i], where, fr_flame_vars[sa->var[i]].name, why, n)) return 0;
        }
        for (int i = 0; i < FR_FLAME_NPARAM; i++)
            if (!same_num(sa->param[i], sb->param[i], where, fr_flame_params[i].name, why, n)) return 0;
    }
    for (int i = 0; i < nchaos; i++) {
        double ca = a->chaos ? a->chaos[i] : 1.0, cb = b->chaos ? b->chaos[i] : 1.0;
        if (!(ca == cb)) return differ(why, n, "%schaos[%d]: %.17g != %.17g", where, i, ca, cb);
    }
    if (a->nmotion != b->nmotion) return differ(why, n, "%s%d != %d motion elements", where, a->nmotion, b->nmotion);
    for (int i = 0; i < a->nmotion; i++) {
        const fr_flame_motion *ma = &a->motion[i], *mb = &b->motion[i];
        if (!(ma->freq == mb->freq) || ma->func != mb->func)
            return differ(why, n, "%smotion %d: frequency or function differs", where, i);
        if (!ma->xf != !mb->xf) return differ(why, n, "%smotion %d: values differ", where, i);
        char sub[96];
        snprintf(sub, sizeof sub, "%smotion %d: ", where, i);
        if (ma->xf && !xform_eq(ma->xf, mb->xf, 0, sub, why, n)) return 0;
    }
    if (!attrs_eq(a->extra, a->nextra, b->extra, b->nextra)) return differ(why, n, "%skept attributes differ", where);
    if (!str_eq(a->children, b->children)) return differ(why, n, "%skept child elements differ", where);
    return 1;
}

/* One row of the genome's attributes; the numbers of an array or a pair
 * are named as C names them (center[1], height). */
static int attr_eq(const fr_flame_attr_desc *d, const fr_flame_genome *a, const fr_flame_genome *b, char *why,
                   size_t n)
{
    const void *fa = FR_ATTR_CFIELD(a, d->offset, char), *fb = FR_ATTR_CFIELD(b, d->offset, char);
    switch (d->kind) {
    case FR_ATTR_NUM: return same_num(*(const double *)fa, *(const double *)fb, "", d->field, why, n);
    case FR_ATTR_INT:
    case FR_ATTR_ENUM: return same_num(*(const int *)fa, *(const int *)fb, "", d->field, why, n);
    case FR_ATTR_NUMS:
        for (size_t i = 0; i < d->size / sizeof(double); i++) {
            char label[64];
            snprintf(label, sizeof label, "%s[%zu]", d->field, i);
            if (!same_num(((const double *)fa)[i], ((const double *)fb)[i], "", label, why, n)) return 0;
        }
        return 1;
    case FR_ATTR_SIZE:
        return same_num(*(const int *)fa, *(const int *)fb, "", d->field, why, n) &&
               same_num(*FR_ATTR_CFIELD(a, d->offset2, int), *FR_ATTR_CFIELD(b, d->offset2, int), "",
                        d->field2, why, n);
    case FR_ATTR_NAME:
        if (!str_eq(*(char *const *)fa, *(char *const *)fb)) return differ(why, n, "%s differs", d->field);
        return 1;
    }
    return 1;
}

int fr_flame_genome_equal(const fr_flame_genome *a, const fr_flame_genome *b, char *why, size_t n)
{
    for (int i = 0; i < fr_flame_genome_nattrs; i++)
        if (!attr_eq(&fr_flame_genome_attrs[i], a, b, why, n)) return 0;
    for (int k = 0; k < 4; k++) {
        if (a->curves.n[k] != b->curves.n[k])
            return differ(why, n, "%s: %d != %d points", fr_flame_curve_names[k], a->curves.n[k], b->curves.n[k]);
        for (int i = 0; i < a->curves.n[k]; i++)
            for (int j = 0; j < 2; j++)
                if (!(a->curves.p[k][i][j] == b->curves.p[k][i][j]))
                    return differ(why, n, "%s point %d: %.17g != %.17g", fr_flame_curve_names[k], i,
                                  a->curves.p[k][i][j], b->curves.p[k][i][j]);
    }
    for (int i = 0; i < 2; i++)
        if (!(a->rot_center[i] == b->rot_center[i]))
            return differ(why, n, "rot_center[%d]: %.17g != %.17g", i, a->rot_center[i], b->rot_center[i]);
    for (int i = 0; i < FR_FLAME_PALETTE; i++)
        for (int k = 0; k < 4; k++)
            if (!(a->palette[i][k] == b->palette[i][k]))
                return differ(why, n, "palette[%d][%d]: %.17g != %.17g", i, k, a->palette[i][k], b->palette[i][k]);
    if (a->nxf != b->nxf) return differ(why, n, "%d != %d xforms", a->nxf, b->nxf);
    for (int i = 0; i < a->nxf; i++) {
        char where[32];
        snprintf(where, sizeof where, "xform %d: ", i);
        if (!xform_eq(&a->xf[i], &b->xf[i], a->nxf, where, why, n)) return 0;
    }
    if (!a->final != !b->final) return differ(why, n, "final xform present in one only");
    if (a->final && !xform_eq(a->final, b->final, 0, "final xform: ", why, n)) return 0;
    if (!attrs_eq(a->extra, a->nextra, b->extra, b->nextra)) return differ(why, n, "kept attributes differ");
    if (!str_eq(a->children, b->children)) return differ(why, n, "kept child elements differ");
    return 1;
}

static const char *kept_value(const fr_flame_genome *g, const char *name)
{
    for (int i = 0; i < g->nextra; i++)
        if (g->extra[i].name && g->extra[i].value && !strcmp(g->extra[i].name, name)) return g->extra[i].value;
    return NULL;
}

int fr_flame_genome_flattens(const fr_flame_genome *g)
{
    const char *v = kept_value(g, "version"), *nl = kept_value(g, "new_linear");
    if (nl && atof(nl) != 0.0) return 0;
    for (const char *s = v; s && *s; s++)
        if (!strncasecmp(s, "ember", 5)) return 0;
    return 1;
}

int fr_flame_genome_is_ember(const fr_flame_genome *g)
{
    for (int i = 0; i < g->nextra; i++)
        if (g->extra[i].name && g->extra[i].value && !strcmp(g->extra[i].name, "version"))
            return !strncasecmp(g->extra[i].value, "EMBER", 5);
    return 0;
}
