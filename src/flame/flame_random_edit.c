/* flame_random_edit.c - flam3 3.1.1's flam3_mutate and flam3_cross, and
 * the xform list edits they make (flam3_add_xforms, flam3_delete_xform,
 * flam3_add_symmetry) on fractalis's genome, where the final xform lives
 * apart (flam3 keeps it last in its xform array: index nxf here). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_interp.h"
#include "flame/flame_random.h"
#include "flame/flame_symmetry.h"
#include "flame/flame_xml.h"

const char *const fr_flame_mutation_names[FR_MUT_COUNT] = {
    "random", "all_vars", "one_xform", "add_symmetry", "post_xforms", "color_palette", "delete_xform", "all_coefs"};
const char *const fr_flame_cross_names[FR_CROSS_COUNT] = {"random", "union", "interpolate", "alternate"};

/* ------------------------------------------------------------ xform list */

fr_flame_xform *fr_flame_xform_at(fr_flame_genome *g, int k) { return k < g->nxf ? &g->xf[k] : g->final; }

void fr_flame_xform_fix_post(fr_flame_xform *x)
{
    x->has_post = !(x->post[0][0] == 1.0 && x->post[0][1] == 0.0 && x->post[1][0] == 0.0 && x->post[1][1] == 1.0 &&
                    x->post[2][0] == 0.0 && x->post[2][1] == 0.0);
}

fr_status fr_flame_add_xforms(fr_context *ctx, fr_flame_genome *g, int n)
{
    if (n <= 0) return FR_OK;
    if (g->nxf + n > FR_FLAME_MAX_XFORMS)
        return fr_fail(ctx, FR_ERR_INVALID, "a genome may have at most %d xforms", FR_FLAME_MAX_XFORMS);
    const int nn = g->nxf + n;
    fr_flame_xform *xf = realloc(g->xf, (size_t)nn * sizeof *xf);
    if (!xf) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory adding xforms");
    g->xf = xf;
    /* the xaos rows grow a column of ones (the new xforms' rows: none, all ones) */
    for (int i = 0; i < g->nxf; i++) {
        if (!xf[i].chaos) continue;
        double *row = realloc(xf[i].chaos, (size_t)nn * sizeof *row);
        if (!row) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory adding xforms");
        for (int j = g->nxf; j < nn; j++) row[j] = 1.0;
        xf[i].chaos = row;
    }
    for (int i = g->nxf; i < nn; i++) fr_flame_xform_init(&xf[i]);
    g->nxf = nn;
    return FR_OK;
}

void fr_flame_delete_xform(fr_flame_genome *g, int k)
{
    if (k >= g->nxf) {
        if (g->final) fr_flame_xform_free(g->final);
        free(g->final);
        g->final = NULL;
        return;
    }
    fr_flame_xform_free(&g->xf[k]);
    memmove(&g->xf[k], &g->xf[k + 1], (size_t)(g->nxf - k - 1) * sizeof *g->xf);
    g->nxf--;
    for (int i = 0; i < g->nxf; i++)
        if (g->xf[i].chaos) memmove(&g->xf[i].chaos[k], &g->xf[i].chaos[k + 1], (size_t)(g->nxf - k) * sizeof(double));
}

/* A deep copy of one xform, without its xaos row (the caller's list decides). */
static fr_status xform_dup(fr_context *ctx, fr_flame_xform *dst, const fr_flame_xform *src)
{
    fr_flame_genome one, cp;
    fr_flame_genome_init(&one);
    one.xf = (fr_flame_xform *)src;
    one.nxf = 1;
    fr_status s = fr_flame_genome_copy(ctx, &cp, &one);
    if (s) return s;
    *dst = cp.xf[0];
    free(dst->chaos);
    dst->chaos = NULL;
    free(cp.xf);
    cp.xf = NULL;
    cp.nxf = 0;
    fr_flame_genome_free(&cp);
    return FR_OK;
}

static void free_motion(fr_flame_xform *x)
{
    for (int i = 0; i < x->nmotion; i++) {
        fr_flame_xform_free(x->motion[i].xf);
        free(x->motion[i].xf);
    }
    free(x->motion);
    x->motion = NULL;
    x->nmotion = 0;
}

/* ------------------------------------------------------------- symmetry */

static fr_status sym_xform(void *user, fr_flame_genome *g, fr_flame_xform **out)
{
    fr_status s = fr_flame_add_xforms(user, g, 1);
    if (s) return s;
    *out = &g->xf[g->nxf - 1];
    return FR_OK;
}

fr_status fr_flame_add_symmetry(fr_flame_rand *R, fr_flame_genome *g, int sym)
{
    if (sym == 0) {
        static const int sym_distrib[] = {-4, -3, -2, -2, -2, -1, -1, -1, 2, 2, 2, 3, 3, 4, 4};
        if (fr_rand_bit(R))
            sym = sym_distrib[fr_rand_below(R, 15)];
        else if (fr_rand_below(R, 32))
            sym = fr_rand_below(R, 13) - 6;
        else
            sym = fr_rand_below(R, 51) - 25;
    }
    if (sym == 1 || sym == 0) return FR_OK;
    const int add = sym < 0 ? -sym : sym;
    if (g->nxf + add > FR_FLAME_MAX_XFORMS)
        return fr_fail(R->ctx, FR_ERR_INVALID, "symmetry: %d would make more than %d xforms", sym, FR_FLAME_MAX_XFORMS);
    fr_status s = fr_flame_symmetry_add(g, sym, sym_xform, R->ctx);
    if (s == FR_ERR_NOMEM) return fr_fail(R->ctx, FR_ERR_NOMEM, "out of memory adding symmetry");
    if (s) return s;
    if (g->final) {
        free(g->final->chaos); /* a final xform has no xaos row */
        g->final->chaos = NULL;
    }
    /* an xaos row that moved past the final xform's place is still nxf long */
    return FR_OK;
}

/* ------------------------------------------------------------- mutation */

/* flam3_copy_params: the parameters of variation v. */
static void copy_params(fr_flame_xform *dst, const fr_flame_xform *src, int v)
{
    for (int p = fr_flame_vars[v].first; p < fr_flame_vars[v].first + fr_flame_vars[v].nparam; p++)
        dst->param[p] = src->param[p];
}

static fr_status mutate_all_vars(fr_flame_rand *R, fr_flame_genome *g)
{
    fr_rand_action(R, "mutate all variations");
    /* flam3 loops until some weight differs; a list of one variation
     * never does, so the tries are bounded */
    for (int tries = 0; tries < 100; tries++) {
        fr_flame_genome m;
        fr_status s = fr_flame_random_genome(R, fr_flame_nxforms(g), &m);
        if (s) return s;
        int done = 0;
        for (int k = 0; k < fr_flame_nxforms(g); k++) {
            fr_flame_xform *x = fr_flame_xform_at(g, k);
            for (int j = 0; j < FR_FLAME_NVAR; j++)
                if (x->var[j] != m.xf[k].var[j]) {
                    x->var[j] = m.xf[k].var[j];
                    copy_params(x, &m.xf[k], j);
                    done = 1;
                }
        }
        fr_flame_genome_free(&m);
        if (done) break;
    }
    return FR_OK;
}

static void rotate2(double m[3][2], double f)
{
    double t[2][2];
    t[0][0] = m[0][0] * cos(f) + m[0][1] * -sin(f);
    t[0][1] = m[0][0] * sin(f) + m[0][1] * cos(f);
    t[1][0] = m[1][0] * cos(f) + m[1][1] * -sin(f);
    t[1][1] = m[1][0] * sin(f) + m[1][1] * cos(f);
    m[0][0] = t[0][0], m[0][1] = t[0][1], m[1][0] = t[1][0], m[1][1] = t[1][1];
}

/* Posts that undo part of the affine map: a rotation, a scale, a
 * translation (b's bits), the first xform's post for all with `same`
 * (flam3 draws it 3 times in 4, whatever its comment says). */
static void mutate_posts(fr_flame_rand *R, fr_flame_genome *g)
{
    const int b = 1 + fr_rand_below(R, 6);
    const int same = fr_rand_below(R, 4);
    fr_rand_action(R, "mutate post xforms (%d%s)", b, same > 0 ? " same" : "");
    for (int i = 0; i < fr_flame_nxforms(g); i++) {
        fr_flame_xform *x = fr_flame_xform_at(g, i);
        if (i > 0 && same) {
            for (int j = 0; j < 3; j++) x->post[j][0] = g->xf[0].post[j][0], x->post[j][1] = g->xf[0].post[j][1];
        } else {
            if (b & 1) {
                double f = M_PI * fr_rand11(R);
                rotate2(x->c, f);
                rotate2(x->post, -f);
            }
            if (b & 2) {
                double f = 0.2 + fr_rand01(R), h = 0.2 + fr_rand01(R);
                if (fr_rand_bit(R)) f = 1.0 / f;
                if (fr_rand_bit(R))
                    h = f;
                else if (fr_rand_bit(R))
                    h = 1.0 / h;
                x->c[0][0] /= f;
                x->c[0][1] /= f;
                x->c[1][1] /= h;
                x->c[1][0] /= h;
                x->post[0][0] *= f;
                x->post[1][0] *= f;
                x->post[0][1] *= h;
                x->post[1][1] *= h;
            }
            if (b & 4) {
                const double f = fr_rand11(R), h = fr_rand11(R);
                x->c[2][0] -= f;
                x->c[2][1] -= h;
                x->post[2][0] += f;
                x->post[2][1] += h;
            }
        }
        fr_flame_xform_fix_post(x);
    }
}

fr_status fr_flame_mutate(fr_flame_rand *R, fr_flame_genome *g, int mode, int *did_color)
{
    *did_color = 0;
    if (mode == FR_MUT_RANDOM) {
        const double r = fr_rand01(R);
        mode = r < 0.1   ? FR_MUT_ALL_VARS
               : r < 0.3 ? FR_MUT_ONE_XFORM
               : r < 0.5 ? FR_MUT_ADD_SYMMETRY
               : r < 0.6 ? FR_MUT_POST_XFORMS
               : r < 0.7 ? FR_MUT_COLOR_PALETTE
               : r < 0.8 ? FR_MUT_DELETE_XFORM
                         : FR_MUT_ALL_COEFS;
    }
    const int n = fr_flame_nxforms(g);
    fr_flame_genome m;
    fr_status s = FR_OK;
    switch (mode) {
    case FR_MUT_ALL_VARS: return mutate_all_vars(R, g);
    case FR_MUT_ONE_XFORM: {
        if ((s = fr_flame_random_genome(R, 2, &m))) return s;
        const int k = fr_rand_below(R, n);
        fr_rand_action(R, "mutate xform %d coefs", k);
        fr_flame_xform *x = fr_flame_xform_at(g, k);
        /* with 2 xforms or fewer, only the translation */
        for (int i = n <= 2 ? 2 : 0; i < 3; i++)
            for (int j = 0; j < 2; j++) x->c[i][j] = m.xf[0].c[i][j];
        fr_flame_genome_free(&m);
        return FR_OK;
    }
    case FR_MUT_ADD_SYMMETRY: fr_rand_action(R, "mutate symmetry"); return fr_flame_add_symmetry(R, g, 0);
    case FR_MUT_POST_XFORMS: mutate_posts(R, g); return FR_OK;
    case FR_MUT_COLOR_PALETTE: {
        const double r = fr_rand01(R);
        *did_color = 1;
        if (r < 0.4) {
            fr_rand_action(R, "mutate color coords");
            return fr_flame_improve_colors(R, g, 100, 0, 10);
        }
        if (r < 0.8) {
            fr_rand_action(R, "mutate color all");
            return fr_flame_improve_colors(R, g, 25, 1, 10);
        }
        fr_rand_action(R, "mutate color palette");
        fr_flame_random_palette(R, g, g->hue_rotation);
        return FR_OK;
    }
    case FR_MUT_DELETE_XFORM: {
        int k = fr_rand_below(R, n);
        fr_rand_action(R, "mutate delete xform %d", k);
        /* flam3 may delete the last standard xform beside a final one,
         * which leaves nothing to iterate: the final xform goes instead */
        if (n > 1) fr_flame_delete_xform(g, (k < g->nxf && g->nxf == 1) ? g->nxf : k);
        return FR_OK;
    }
    default: { /* all coefficients moved by speed x a random genome's */
        fr_rand_action(R, "mutate all coefs");
        if ((s = fr_flame_random_genome(R, n, &m))) return s;
        for (int k = 0; k < n; k++) {
            fr_flame_xform *x = fr_flame_xform_at(g, k);
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 2; j++) x->c[i][j] += R->speed * m.xf[k].c[i][j];
        }
        fr_flame_genome_free(&m);
        return FR_OK;
    }
    }
}

/* ------------------------------------------------------------ crossover */

/* Union: a's genome and xforms, then b's standard xforms (a's final xform kept). */
static fr_status cross_union(fr_flame_rand *R, const fr_flame_genome *a, const fr_flame_genome *b,
                             fr_flame_genome *out)
{
    fr_status s = fr_flame_genome_copy(R->ctx, out, a);
    if (s) return s;
    const int n0 = out->nxf;
    if ((s = fr_flame_add_xforms(R->ctx, out, b->nxf))) return s;
    for (int j = 0; j < b->nxf; j++) {
        fr_flame_xform_free(&out->xf[n0 + j]);
        if ((s = xform_dup(R->ctx, &out->xf[n0 + j], &b->xf[j]))) {
            fr_flame_xform_init(&out->xf[n0 + j]);
            return s;
        }
    }
    fr_rand_action(R, "cross union");
    return FR_OK;
}

/* Interpolate: the genome at a random t between a (t 0) and b (t 1), as
 * flam3_interpolate makes it, without <motion>. */
static fr_status cross_interpolate(fr_flame_rand *R, const fr_flame_genome *a, const fr_flame_genome *b,
                                   fr_flame_genome *out)
{
    const double t = fr_rand01(R);
    fr_flame_genome p[2];
    fr_status s = fr_flame_genome_copy(R->ctx, &p[0], a);
    if (s) return s;
    if ((s = fr_flame_genome_copy(R->ctx, &p[1], b))) {
        fr_flame_genome_free(&p[0]);
        return s;
    }
    p[0].time = 0.0;
    p[1].time = 1.0;
    fr_flame_file f = {.g = p, .n = 2};
    s = fr_flame_interpolate(R->ctx, &f, t, 0.0, out);
    fr_flame_genome_free(&p[0]);
    fr_flame_genome_free(&p[1]);
    if (s) return s;
    for (int k = 0; k < fr_flame_nxforms(out); k++) free_motion(fr_flame_xform_at(out, k));
    /* a blend of two palettes is no palette of the file */
    if (!(a->palette_index == b->palette_index && a->hue_rotation == b->hue_rotation)) out->palette_index = -1;
    fr_rand_action(R, "cross interpolate %7.5g", t);
    return FR_OK;
}

/* Alternate: a parent's genome, each standard xform replaced by the other
 * parent's of the same place (when it has one of weight > 0) on a coin
 * toss, until both parents gave something (or there are fewer than 2). */
static fr_status cross_alternate(fr_flame_rand *R, const fr_flame_genome *a, const fr_flame_genome *b,
                                 fr_flame_genome *out)
{
    const fr_flame_genome *par[2] = {a, b};
    char trystr[400];
    for (int attempt = 0;; attempt++) {
        int got[2] = {0, 0};
        int used = fr_rand_bit(R);
        size_t len = (size_t)snprintf(trystr, sizeof trystr, "%d:", used);
        fr_status s = fr_flame_genome_copy(R->ctx, out, par[used]);
        if (s) return s;
        const fr_flame_genome *other = par[1 - used];
        int i;
        for (i = 0; i < out->nxf; i++) {
            int from = used;
            if (fr_rand_bit(R)) {
                const fr_flame_xform *ox = i < fr_flame_nxforms(other) ? (i < other->nxf ? &other->xf[i] : other->final) : NULL;
                if (ox && ox->weight > 0) {
                    double *row = out->xf[i].chaos; /* the place keeps its xaos row */
                    out->xf[i].chaos = NULL;
                    fr_flame_xform_free(&out->xf[i]);
                    s = xform_dup(R->ctx, &out->xf[i], ox);
                    if (s) {
                        free(row);
                        fr_flame_xform_init(&out->xf[i]);
                        fr_flame_genome_free(out);
                        return s;
                    }
                    out->xf[i].chaos = row;
                    from = 1 - used;
                }
            }
            got[from] = 1;
            if (len < sizeof trystr - 4) len += (size_t)snprintf(trystr + len, sizeof trystr - len, " %d", from);
        }
        if (par[used]->final) got[used] = 1;
        if (i <= 1 || (got[0] && got[1]) || attempt >= 1000) break;
        fr_flame_genome_free(out);
    }
    fr_rand_action(R, "cross alternate %s", trystr);
    return FR_OK;
}

fr_status fr_flame_cross(fr_flame_rand *R, const fr_flame_genome *a, const fr_flame_genome *b, int mode,
                         fr_flame_genome *out)
{
    fr_flame_genome_init(out);
    if (mode == FR_CROSS_RANDOM) {
        const double r = fr_rand01(R);
        mode = r < 0.1 ? FR_CROSS_UNION : r < 0.2 ? FR_CROSS_INTERPOLATE : FR_CROSS_ALTERNATE;
    }
    fr_status s = mode == FR_CROSS_UNION         ? cross_union(R, a, b, out)
                  : mode == FR_CROSS_INTERPOLATE ? cross_interpolate(R, a, b, out)
                                                 : cross_alternate(R, a, b, out);
    if (s) {
        fr_flame_genome_free(out);
        return s;
    }
    /* colour coordinates reset to 0, 1, 0, 1, ... */
    for (int k = 0; k < fr_flame_nxforms(out); k++) fr_flame_xform_at(out, k)->color = k & 1;
    /* 40 % of the time the palettes crossed too: runs from one parent,
     * switching parent with probability 1 % at each entry */
    if (fr_rand01(R) < 0.4) {
        int from = fr_rand_bit(R);
        fr_rand_action(R, " cmap_cross %d:", from);
        for (int ci = 0; ci < FR_FLAME_PALETTE; ci++) {
            if (fr_rand01(R) < .01) {
                from = 1 - from;
                fr_rand_action(R, " %d", ci);
            }
            memcpy(out->palette[ci], (from ? b : a)->palette[ci], sizeof out->palette[ci]);
        }
        out->palette_index = -1;
        out->hue_rotation = 0.0;
    }
    return FR_OK;
}
