/*
 * flame_var_ember_corpus.h - Ember variations that genomes of the corpus
 * use, taken after the first ones: depth (Ember's, for its post_depth) and
 * nBlur (Apophysis's n-gon blur plugin, as Ember computes it). Ember's
 * semantics as in flame_var_ember.h.
 */
#ifndef FR_FLAME_VAR_EMBER_CORPUS_H
#define FR_FLAME_VAR_EMBER_CORPUS_H

#include "flame/flame_var_ember.h"

/* nBlur's loops (the angle's reduction, the stripes' count, exactCalc's
 * redraws) end by themselves for sane parameters; this bounds them for any
 * (Ember's do not end for some). */
#define FR_NBLUR_MAX_STEPS 4096

/* depth: w (u + t |t_z|^power), t the point the variation gets, u Ember's
 * m_Trans (the xform's affine image after its pre_ variations): for the
 * regular and pre_ forms the point itself, for post_depth the affine image
 * while t is the sum (fr_flame_xform_apply_body passes it). power 1 (or z 0)
 * leaves |z| as it is, as Ember's exp(log |z| power) is taken only
 * otherwise. */
FR_HD void fr_var_depth(const fr_flame_vset *x, fr_flame_vctx *f, double w, double ux, double uy, double uz)
{
    const double power = f->pv[FR_PL_DEPTH_POWER];
    double coeff = fabs(f->tz);
    if (coeff != 0.0 && power != 1.0) coeff = exp(log(coeff) * power);
    f->p0 += w * (ux + f->tx * coeff);
    f->p1 += w * (uy + f->ty * coeff);
    f->p2 += w * (uz + f->tz * coeff);
}

/* nBlur: a blur filling a regular polygon of numEdges sides (optionally
 * its circumcircle, a hole of ratioHole, stripes of angle, edges
 * highlighted by an arctangent's density), Ember's RandXY: the angle, then
 * the radius, each a draw (the angle's atan draw before its edge draw),
 * redrawn while outside the polygon's ring when exactCalc. What Ember's
 * Precalc derives is fr_flame_nblur (flame_xform_eval.c). */
typedef struct fr_nblur_pt {
    double x, y, len, inner, outer;
} fr_nblur_pt;

/* Ember's moves of the angle: the point's angle to `mem` (angMem follows
 * it: fr_nblur_move) or not (fr_nblur_aim), angXY to `xy`. */
FR_HD void fr_nblur_move(double mem, double xy, double *ang_mem, double *ang_xy, fr_nblur_pt *q)
{
    *ang_mem = mem;
    *ang_xy = xy;
    fr_flame_sincos(mem, &q->x, &q->y);
}

FR_HD void fr_nblur_aim(double at, double xy, double *ang_xy, fr_nblur_pt *q)
{
    *ang_xy = xy;
    fr_flame_sincos(at, &q->x, &q->y);
}

/* Within a stripe of ratio below 1: the angle pulled towards the stripe's
 * edge angTmp (Ember's ratioTmp steps; angMem stays). */
FR_HD void fr_nblur_pull(const fr_flame_nblur *nb, double sc2, double *ang_xy, double ang_mem, double ang_tmp,
                         fr_nblur_pt *q)
{
    if (*ang_xy - ang_tmp > sc2) {
        const double r = (*ang_xy - (ang_tmp + sc2)) * sc2 / (nb->ang_start - sc2);
        fr_nblur_aim(ang_mem - *ang_xy + ang_tmp + r, ang_tmp + r, ang_xy, q);
    }
    if (ang_tmp - *ang_xy > sc2) {
        const double r = (ang_tmp - sc2 - *ang_xy) * sc2 / (nb->ang_start - sc2);
        fr_nblur_aim(ang_mem - *ang_xy + ang_tmp - r, ang_tmp - r, ang_xy, q);
    }
}

FR_HD void fr_nblur_rand_xy(const fr_flame_nblur *nb, fr_flame_rng *rng, fr_nblur_pt *q)
{
    double ang_xy;
    if (nb->exact == 1.0) {
        ang_xy = fr_flame_u01(rng) * 2.0 * M_PI;
    } else {
        const double a = atan(nb->arctan1 * (fr_flame_u01(rng) - 0.5)) / nb->arctan2 + 0.5;
        double k = floor(nb->nedges * fr_flame_u01(rng)); /* Ember's Rand(numEdges): 0 .. n - 1 */
        if (k >= nb->nedges) k = nb->nedges - 1.0;
        ang_xy = (a + k) * nb->mid_angle;
    }
    fr_flame_sincos(ang_xy, &q->x, &q->y);
    double ang_mem = ang_xy;
    for (int n = 0; ang_xy > nb->mid_angle && n < FR_NBLUR_MAX_STEPS; n++) ang_xy -= nb->mid_angle;

    if (nb->has_stripes == 1.0) {
        int count = 0;
        const int max = (int)nb->max_stripes;
        double ang_tmp = nb->ang_start;
        while (ang_xy > ang_tmp && count < FR_NBLUR_MAX_STEPS) {
            ang_tmp += nb->ang_stripes;
            if (ang_tmp > nb->mid_angle) ang_tmp = nb->mid_angle;
            count++;
        }
        if (ang_tmp != nb->mid_angle) ang_tmp -= nb->ang_start;
        /* Ember's two branches in one: with negative stripes the stripes'
         * and the gaps' parities, ratios and speeds swap */
        const int pos = nb->neg_stripes == 0.0;
        const double ratio = pos ? nb->ratio_stripes : nb->ratio_complement;
        const double sc2 = pos ? nb->speed2 : nb->speed1;
        if ((count & 1) == pos) {
            if (pos ? ang_xy > ang_tmp : ang_xy > ang_tmp && count != max) {
                fr_nblur_move(ang_mem + nb->ang_start, ang_xy + nb->ang_start, &ang_mem, &ang_xy, q);
                ang_tmp += nb->ang_stripes;
                count++;
            } else {
                fr_nblur_move(ang_mem - nb->ang_start, ang_xy - nb->ang_start, &ang_mem, &ang_xy, q);
                ang_tmp -= nb->ang_stripes;
                count--;
            }
        }
        if ((count & 1) == 1 - pos && ratio > 1.0) {
            const double xy = ang_tmp + (ang_xy - ang_tmp) / nb->ang_start * ratio * nb->ang_start;
            if (ang_xy > ang_tmp && count != max)
                fr_nblur_move(ang_mem - ang_xy + ang_tmp + (ang_xy - ang_tmp) / nb->ang_start * ratio * nb->ang_start,
                              xy, &ang_mem, &ang_xy, q);
            else
                fr_nblur_move(ang_mem - ang_xy + ang_tmp - (ang_tmp - ang_xy) / nb->ang_start * ratio * nb->ang_start,
                              xy, &ang_mem, &ang_xy, q);
        }
        if ((count & 1) == 1 - pos && ratio < 1.0) {
            if (fabs(ang_xy - ang_tmp) > sc2 && count != max) fr_nblur_pull(nb, sc2, &ang_xy, ang_mem, ang_tmp, q);
            if (count == max) {
                if (!pos) ang_tmp = nb->mid_angle;
                if (ang_tmp - ang_xy > sc2) {
                    const double r = (ang_tmp - sc2 - ang_xy) * sc2 / (nb->ang_start - sc2);
                    fr_nblur_aim(ang_mem - ang_xy + ang_tmp - r, ang_tmp - r, &ang_xy, q);
                }
            }
        }
    }

    const double t = tan(ang_xy);
    const double xt = nb->tan90m2 / (nb->tan90m2 - t), yt = xt * t;
    q->outer = sqrt(xt * xt + yt * yt);
    double ran;
    const double u = fr_flame_u01(rng);
    if (nb->exact == 1.0 || nb->circum == 1.0)
        ran = nb->equal == 1.0 ? sqrt(u) : u;
    else
        ran = (nb->equal == 1.0 ? sqrt(u) : u) * q->outer;
    q->inner = nb->ratio_hole * q->outer;
    if (nb->exact == 0.0 && ran < q->inner) {
        const double v = fr_flame_u01(rng), s = nb->equal == 1.0 ? sqrt(v) : v;
        if (nb->circum == 1.0)
            ran = q->inner + s * (1.0 - q->inner + FR_EMBER_EPS);
        else
            ran = q->inner + s * (q->outer - q->inner);
    }
    q->x *= ran;
    q->y *= ran;
    q->len = sqrt(q->x * q->x + q->y * q->y);
}

FR_HD void fr_var_nblur(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const fr_flame_nblur *nb = &x->nblur;
    fr_nblur_pt q;
    fr_nblur_rand_xy(nb, rng, &q);
    if (nb->exact == 1.0 && nb->circum == 0.0)
        for (int n = 0; (q.len < q.inner || q.len > q.outer) && n < FR_NBLUR_MAX_STEPS; n++)
            fr_nblur_rand_xy(nb, rng, &q);
    const double wa = w / nb->wdiv;
    f->p0 += wa * (nb->cosa * q.x - nb->sina * q.y);
    f->p1 += wa * (nb->sina * q.x + nb->cosa * q.y);
}

#endif
