/* flame_interp_align.c - flam3_align, flam3_copyx, flam3_rotate and
 * establish_asymmetric_refangles (flam3 3.1.1) over fr_interp_cp (see
 * flame_interp_align.h). */
#include "flame/flame_interp_align.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_variations.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define EPS 1e-10 /* flam3's EPS (private.h) */

/* flam3's variation numbers (its order is ours for the first 99). */
enum {
    V_LINEAR = 0,
    V_SPHERICAL = 2,
    V_POLAR = 5,
    V_FAN = 22,
    V_RINGS = 21,
    V_BLOB = 23,
    V_FAN2 = 25,
    V_RINGS2 = 26,
    V_PERSPECTIVE = 30,
    V_JULIAN = 32,
    V_JULIASCOPE = 33,
    V_NGON = 38,
    V_CURL = 39,
    V_RECTANGLES = 40,
    V_SUPER_SHAPE = 50,
    V_FLOWER = 51,
    V_WEDGE_JULIA = 78,
    V_WEDGE_SPH = 79,
    V_FIRST_PARAMETRIC = 23 /* "there are no parametric variations < 23" */
};

void fr_interp_cp_free(fr_interp_cp *c)
{
    fr_flame_genome_free(&c->g);
    free(c->pad);
    free(c->wind);
    c->pad = NULL;
    c->wind = NULL;
}

static fr_status flags_alloc(fr_context *ctx, fr_interp_cp *c, int nall)
{
    c->pad = calloc((size_t)nall + 1, 1);
    c->wind = calloc((size_t)nall + 1, sizeof *c->wind);
    if (!c->pad || !c->wind) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    return FR_OK;
}

fr_status fr_interp_cp_of(fr_context *ctx, fr_interp_cp *dst, const fr_flame_genome *g)
{
    memset(dst, 0, sizeof *dst);
    fr_flame_genome_init(&dst->g);
    fr_status s = fr_flame_genome_copy(ctx, &dst->g, g);
    if (!s) s = flags_alloc(ctx, dst, fr_interp_nall(dst));
    if (s) fr_interp_cp_free(dst);
    return s;
}

/* flam3_copyx: src padded to nstd standard xforms (new ones: flam3's
 * default xform, padding 1, chaos 1) and, with fin, a final xform (a new
 * one: padding 1, animate 0, color_speed 0). Flags of src's xforms kept. */
static fr_status copyx(fr_context *ctx, fr_interp_cp *dst, const fr_interp_cp *src, int nstd, int fin)
{
    memset(dst, 0, sizeof *dst);
    fr_flame_genome_init(&dst->g);
    fr_status s = fr_flame_genome_copy(ctx, &dst->g, &src->g);
    if (s) return s;
    fr_flame_genome *g = &dst->g;
    const int old = g->nxf;
    if (!(s = flags_alloc(ctx, dst, nstd + 1))) {
        for (int i = 0; i < old; i++) {
            dst->pad[i] = src->pad[i];
            dst->wind[i][0] = src->wind[i][0], dst->wind[i][1] = src->wind[i][1];
        }
        if (src->g.final) {
            dst->pad[nstd] = src->pad[old];
            dst->wind[nstd][0] = src->wind[old][0], dst->wind[nstd][1] = src->wind[old][1];
        }
    }
    if (!s && nstd > old) {
        fr_flame_xform *x = realloc(g->xf, (size_t)nstd * sizeof *x);
        if (!x)
            s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        else {
            g->xf = x;
            for (int i = old; i < nstd; i++) {
                fr_flame_xform_init(&x[i]);
                x[i].color = i & 1; /* initialize_xforms */
                dst->pad[i] = 1;
            }
            g->nxf = nstd;
            for (int i = 0; !s && i < old; i++) {
                if (!x[i].chaos) continue;
                double *row = realloc(x[i].chaos, (size_t)nstd * sizeof *row);
                if (!row)
                    s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
                else {
                    for (int j = old; j < nstd; j++)
                        row[j] = 1.0;
                    x[i].chaos = row;
                }
            }
        }
    }
    if (!s && fin && !g->final) {
        g->final = malloc(sizeof *g->final);
        if (!g->final)
            s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        else {
            fr_flame_xform_init(g->final);
            g->final->color = nstd & 1;
            g->final->animate = 0.0;
            g->final->color_speed = 0.0;
            dst->pad[nstd] = 1;
        }
    }
    if (s) fr_interp_cp_free(dst);
    return s;
}

/* flam3_copy_params: the parameters of variation v (flam3's quirk kept:
 * flower copies flower_petals twice and never flower_holes). */
static void copy_params(fr_flame_xform *d, const fr_flame_xform *s, int v)
{
    const fr_flame_var_info *vi = &fr_flame_vars[v];
    int n = vi->nparam;
    if (v == V_FLOWER) n = 1;
    for (int k = 0; k < n; k++)
        d->param[vi->first + k] = s->param[vi->first + k];
}

static double *par(fr_flame_xform *x, const char *name)
{
    return &x->param[fr_flame_param_find(name)];
}

static void set_coefs(fr_flame_xform *x, double a, double b, double c, double d)
{
    x->c[0][0] = a, x->c[0][1] = b, x->c[1][0] = c, x->c[1][1] = d;
    x->c[2][0] = 0.0, x->c[2][1] = 0.0;
}

/* flam3_align's choice for padding xform xf of cp i, from its neighbours. */
static void choose_padding(fr_interp_cp *dst, int n, int i, int xf)
{
    fr_flame_xform *x = fr_interp_xf(&dst[i], xf);
    x->var[V_LINEAR] = 0.0;
    int fnd = 0;
    const int logi = (i == 0 && dst[i].g.interpolation_type == FR_INTERP_TYPE_LOG) ||
                     (i > 0 && dst[i - 1].g.interpolation_type == FR_INTERP_TYPE_LOG);
    if (logi) {
        for (int ii = -1; ii <= 1; ii += 2) {
            if (i + ii < 0 || i + ii >= n || dst[i + ii].pad[xf] == 1) continue;
            const fr_flame_xform *o = fr_interp_xf(&dst[i + ii], xf);
            if (o->var[V_SPHERICAL] > 0 || o->var[V_NGON] > 0 || o->var[V_JULIAN] > 0 ||
                o->var[V_JULIASCOPE] > 0 || o->var[V_POLAR] > 0 || o->var[V_WEDGE_SPH] > 0 ||
                o->var[V_WEDGE_JULIA] > 0) {
                x->var[V_LINEAR] = -1.0;
                set_coefs(x, -1.0, 0.0, 0.0, -1.0);
                fnd = -1;
            }
        }
    }
    if (fnd == 0) {
        for (int ii = -1; ii <= 1; ii += 2) {
            if (i + ii < 0 || i + ii >= n || dst[i + ii].pad[xf] == 1) continue;
            const fr_flame_xform *o = fr_interp_xf(&dst[i + ii], xf);
            if (o->var[V_RECTANGLES] > 0) {
                x->var[V_RECTANGLES] = 1.0;
                *par(x, "rectangles_x") = 0.0, *par(x, "rectangles_y") = 0.0;
                fnd++;
            }
            if (o->var[V_RINGS2] > 0) {
                x->var[V_RINGS2] = 1.0;
                *par(x, "rings2_val") = 0.0;
                fnd++;
            }
            if (o->var[V_FAN2] > 0) {
                x->var[V_FAN2] = 1.0;
                *par(x, "fan2_x") = 0.0, *par(x, "fan2_y") = 0.0;
                fnd++;
            }
            if (o->var[V_BLOB] > 0) {
                x->var[V_BLOB] = 1.0;
                *par(x, "blob_low") = 1.0, *par(x, "blob_high") = 1.0, *par(x, "blob_waves") = 1.0;
                fnd++;
            }
            if (o->var[V_PERSPECTIVE] > 0) {
                x->var[V_PERSPECTIVE] = 1.0;
                *par(x, "perspective_angle") = 0.0; /* the distance kept */
                fnd++;
            }
            if (o->var[V_CURL] > 0) {
                x->var[V_CURL] = 1.0;
                *par(x, "curl_c1") = 0.0, *par(x, "curl_c2") = 0.0;
                fnd++;
            }
            if (o->var[V_SUPER_SHAPE] > 0) {
                x->var[V_SUPER_SHAPE] = 1.0; /* super_shape_m kept */
                *par(x, "super_shape_n1") = 2.0, *par(x, "super_shape_n2") = 2.0,
                        *par(x, "super_shape_n3") = 2.0;
                *par(x, "super_shape_rnd") = 0.0, *par(x, "super_shape_holes") = 0.0;
                fnd++;
            }
        }
    }
    if (fnd == 0) {
        for (int ii = -1; ii <= 1; ii += 2) {
            if (i + ii < 0 || i + ii >= n || dst[i + ii].pad[xf] == 1) continue;
            const fr_flame_xform *o = fr_interp_xf(&dst[i + ii], xf);
            if (o->var[V_FAN] > 0) {
                x->var[V_FAN] = 1.0;
                fnd++;
            }
            if (o->var[V_RINGS] > 0) {
                x->var[V_RINGS] = 1.0;
                fnd++;
            }
        }
        if (fnd > 0) set_coefs(x, 0.0, 1.0, 1.0, 0.0);
    }
    if (fnd == 0)
        x->var[V_LINEAR] = 1.0;
    else if (fnd > 0) {
        double normed = 0.0;
        for (int j = 0; j < FR_FLAME_NVAR; j++)
            normed += x->var[j];
        for (int j = 0; j < FR_FLAME_NVAR; j++)
            x->var[j] /= normed;
    }
}

fr_status fr_interp_align(fr_context *ctx, fr_interp_cp *dst, const fr_interp_cp *src, int n)
{
    const int use = n / 2 - 1;
    int max_nx = src[0].g.nxf, max_fx = src[0].g.final != NULL, aligned = 1;
    for (int i = 1; i < n; i++) {
        if (src[i].g.nxf != max_nx) {
            aligned = 0;
            if (src[i].g.nxf > max_nx) max_nx = src[i].g.nxf;
        }
        const int fx = src[i].g.final != NULL;
        if (fx != max_fx) {
            aligned = 0;
            max_fx |= fx;
        }
    }
    for (int i = 0; i < n; i++) {
        fr_status s = copyx(ctx, &dst[i], &src[i], max_nx, max_fx);
        if (s) {
            for (int k = 0; k < i; k++)
                fr_interp_cp_free(&dst[k]);
            return s;
        }
    }
    if (dst[use].g.interpolation_type == FR_INTERP_TYPE_OLD ||
        dst[use].g.interpolation_type == FR_INTERP_TYPE_OLDER)
        return FR_OK;
    for (int i = 0; i < n; i++) {
        for (int xf = 0; xf < max_nx + max_fx; xf++) {
            fr_flame_xform *x = fr_interp_xf(&dst[i], xf);
            /* a parametric variation missing here takes its parameters from
             * the genome before (the first genome: after) that has it */
            for (int j = V_FIRST_PARAMETRIC; j < FR_FLAME_NVAR; j++) {
                if (x->var[j] != 0) continue;
                if (i > 0) {
                    const fr_flame_xform *o = fr_interp_xf(&dst[i - 1], xf);
                    if (o->var[j] != 0) copy_params(x, o, j);
                } else if (i < n - 1) {
                    const fr_flame_xform *o = fr_interp_xf(&dst[i + 1], xf);
                    if (o->var[j] != 0) copy_params(x, o, j);
                }
            }
            if (dst[i].pad[xf] == 1 && !aligned) choose_padding(dst, n, i, xf);
        }
    }
    return FR_OK;
}

void fr_interp_refangles(fr_interp_cp *cp, int n)
{
    double ang[4][2];
    if (n > 4) n = 4;
    const int nall = fr_interp_nall(&cp[0]);
    for (int xfi = 0; xfi < nall; xfi++) {
        if (cp[0].g.final && xfi == cp[0].g.nxf) continue; /* finals do not turn */
        for (int k = 0; k < n; k++) {
            const fr_flame_xform *x = fr_interp_xf(&cp[k], xfi);
            for (int col = 0; col < 2; col++)
                ang[k][col] = atan2(x->c[col][1], x->c[col][0]);
        }
        for (int k = 1; k < n; k++) {
            for (int col = 0; col < 2; col++) {
                const double d = ang[k][col] - ang[k - 1][col];
                if (d > M_PI + EPS)
                    ang[k][col] -= 2 * M_PI;
                else if (d < -(M_PI - EPS))
                    ang[k][col] += 2 * M_PI;
                const int sym0 = fr_interp_xf(&cp[k - 1], xfi)->animate == 0;
                const int sym1 = fr_interp_xf(&cp[k], xfi)->animate == 0;
                if (sym1 && !sym0)
                    cp[k].wind[xfi][col] = ang[k - 1][col] + 2 * M_PI;
                else if (sym0 && !sym1)
                    cp[k].wind[xfi][col] = ang[k][col] + 2 * M_PI;
            }
        }
    }
}

void fr_interp_rotate(fr_interp_cp *cp, double by, int itype)
{
    const int nall = fr_interp_nall(cp);
    for (int i = 0; i < nall; i++) {
        fr_flame_xform *x = fr_interp_xf(cp, i);
        const double dtheta = by * 2.0 * M_PI / 360.0;
        if (x->animate == 0.0) continue;
        /* flam3 leaves padding xforms unturned except with log interpolation */
        if (cp->pad[i] == 1 && itype != FR_INTERP_TYPE_LOG) continue;
        if (cp->g.final && i == cp->g.nxf) continue;
        double r[2][2], T[2][2], U[2][2];
        r[1][1] = r[0][0] = cos(dtheta);
        r[0][1] = sin(dtheta);
        r[1][0] = -r[0][1];
        T[0][0] = x->c[0][0], T[1][0] = x->c[1][0], T[0][1] = x->c[0][1], T[1][1] = x->c[1][1];
        /* flam3's mult_matrix(r, T, U) */
        U[0][0] = r[0][0] * T[0][0] + r[1][0] * T[0][1];
        U[1][0] = r[0][0] * T[1][0] + r[1][0] * T[1][1];
        U[0][1] = r[0][1] * T[0][0] + r[1][1] * T[0][1];
        U[1][1] = r[0][1] * T[1][0] + r[1][1] * T[1][1];
        x->c[0][0] = U[0][0], x->c[1][0] = U[1][0], x->c[0][1] = U[0][1], x->c[1][1] = U[1][1];
    }
}
