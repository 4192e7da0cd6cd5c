/* flame_symmetry.c - flam3_add_symmetry (see flame_symmetry.h), its sort
 * and its quirks included, so the genome is the one flam3 renders. */
#include "flame/flame_symmetry.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* flam3's round6: millionths, the way its cast rounds (not round()), so
 * that the rotations' coefficients are flam3's to the bit. */
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

/* A new xform of the symmetry as flam3_add_symmetry starts it. */
static fr_status sym_xform(fr_flame_genome *g, fr_flame_sym_append append, void *user, fr_flame_xform **out)
{
    fr_status s = append(user, g, out);
    if (s) return s;
    fr_flame_xform *x = *out;
    x->weight = 1.0;
    x->color_speed = 0.0;
    x->animate = 0.0;
    memset(x->var, 0, sizeof x->var);
    x->var[0] = 1.0;
    return FR_OK;
}

fr_status fr_flame_symmetry_add(fr_flame_genome *g, int sym, fr_flame_sym_append append, void *user)
{
    if (sym == 1 || sym == 0) return FR_OK;
    g->symmetry = sym;
    int result = 0;
    fr_flame_xform *x;
    fr_status s;
    if (sym < 0) {
        if ((s = sym_xform(g, append, user, &x))) return s;
        x->color = 1.0;
        x->c[0][0] = -1.0;
        x->c[0][1] = 0.0;
        x->c[1][0] = 0.0;
        x->c[1][1] = 1.0;
        x->c[2][0] = x->c[2][1] = 0.0;
        result++;
        sym = -sym;
    }
    const double a = 2 * M_PI / sym;
    for (int k = 1; k < sym; k++) {
        if ((s = sym_xform(g, append, user, &x))) return s;
        x->color = (sym < 3) ? 0.0 : ((k - 1.0) / (sym - 2.0));
        x->c[0][0] = round6(cos(k * a));
        x->c[0][1] = round6(sin(k * a));
        x->c[1][0] = round6(-x->c[0][1]);
        x->c[1][1] = x->c[0][0];
        x->c[2][0] = x->c[2][1] = 0.0;
        result++;
    }
    if (result == 0) return FR_OK;
    /* qsort(&xform[num_xforms - result], result): with a final xform (always
     * last in flam3's array) the range takes it in and leaves the first new
     * xform out; whatever lands last is the final xform afterwards. */
    const int nall = g->nxf + (g->final != NULL);
    fr_flame_xform *all = malloc((size_t)nall * 2 * sizeof *all);
    if (!all) return FR_ERR_NOMEM;
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
