/* flame_interp.c - a genome at a time of a timeline (see flame_interp.h):
 * flam3 3.1.1's flam3_interpolate and flam3_interpolate_n with their
 * helpers (convert_linear_to_polar, interp_and_convert_back,
 * get_stagger_coef, interpolate_catmull_rom), the sums in flam3's order. */
#include "flame/flame_interp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_genome_attrs.h"
#include "flame/flame_hsv.h"
#include "flame/flame_interp_align.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define EPS 1e-10

/* flam3's INTERP: 0, then + c[k] * value_k in order. */
#define SUMTO(dst, expr)                                                                                     \
    do {                                                                                                     \
        double acc_ = 0.0;                                                                                   \
        for (int k = 0; k < ncp; k++)                                                                        \
            acc_ += c[k] * (expr);                                                                           \
        dst = acc_;                                                                                          \
    } while (0)

static int is_identity(const double m[3][2])
{
    return fr_flame_affine_is_identity(m);
}

/* convert_linear_to_polar: each cp's column angles, magnitudes and
 * translation; angles unwound the short way (or within the asymmetric
 * reference angle's turn). */
static void to_polar(const fr_interp_cp *cp, int ncp, int xfi, int post, double ang[4][2], double mag[4][2],
                     double trn[4][2])
{
    for (int k = 0; k < ncp; k++) {
        const fr_flame_xform *x = fr_interp_cxf(&cp[k], xfi);
        int zlm[2] = {0, 0};
        for (int col = 0; col < 2; col++) {
            const double(*m)[2] = post ? x->post : x->c;
            const double c0 = m[col][0], c1 = m[col][1];
            ang[k][col] = atan2(c1, c0);
            mag[k][col] = sqrt(c0 * c0 + c1 * c1);
            if (mag[k][col] == 0.0) zlm[col] = 1;
            trn[k][col] = m[2][col];
        }
        if (zlm[0] == 1 && zlm[1] == 0)
            ang[k][0] = ang[k][1];
        else if (zlm[0] == 0 && zlm[1] == 1)
            ang[k][1] = ang[k][0];
    }
    for (int col = 0; col < 2; col++) {
        for (int k = 1; k < ncp; k++) {
            const double wind = cp[k].wind[xfi][col];
            if (wind > 0 && !post) {
                const double ref = wind - 2 * M_PI;
                while (ang[k - 1][col] < ref)
                    ang[k - 1][col] += 2 * M_PI;
                while (ang[k - 1][col] > ref + 2 * M_PI)
                    ang[k - 1][col] -= 2 * M_PI;
                while (ang[k][col] < ref)
                    ang[k][col] += 2 * M_PI;
                while (ang[k][col] > ref + 2 * M_PI)
                    ang[k][col] -= 2 * M_PI;
            } else {
                const double d = ang[k][col] - ang[k - 1][col];
                if (d > M_PI + EPS)
                    ang[k][col] -= 2 * M_PI;
                else if (d < -(M_PI - EPS))
                    ang[k][col] += 2 * M_PI;
            }
        }
    }
}

/* interp_and_convert_back: angles linearly, magnitudes in log space (or
 * linearly when one is below e^-10), translation linearly. */
static void from_polar(const double *c, int ncp, double ang[4][2], double mag[4][2], double trn[4][2],
                       double out[3][2])
{
    double accang[2] = {0, 0}, accmag[2] = {0, 0};
    int lin[2] = {0, 0};
    for (int col = 0; col < 2; col++)
        for (int i = 0; i < ncp; i++)
            if (log(mag[i][col]) < -10) lin[col] = 1;
    for (int i = 0; i < ncp; i++)
        for (int col = 0; col < 2; col++) {
            accang[col] += c[i] * ang[i][col];
            accmag[col] += c[i] * (lin[col] ? mag[i][col] : log(mag[i][col]));
            out[2][col] += c[i] * trn[i][col];
        }
    for (int col = 0; col < 2; col++) {
        const double m = lin[col] ? accmag[col] : exp(accmag[col]);
        out[col][0] = m * cos(accang[col]);
        out[col][1] = m * sin(accang[col]);
    }
}

static double smoother(double t)
{
    return 3 * t * t - 2 * t * t * t;
}

/* get_stagger_coef: xform i of nx starts late by its share of stagger. */
static double stagger_coef(double t, double stagger, int nx, int i)
{
    if (nx < 2) return t; /* flam3 divides 0 by 0 here */
    const double max_stag = (double)(nx - 1) / nx;
    const double scaled = stagger * max_stag;
    const double st = scaled * (nx - 1 - i) / (nx - 1);
    const double et = st + (1 - scaled);
    if (t <= st) return 0;
    if (t >= et) return 1;
    return smoother((t - st) / (1 - scaled));
}

static void palette_interp(fr_flame_genome *r, const fr_interp_cp *cpi, int ncp, const double *c)
{
    const int mode = cpi[0].g.palette_interpolation;
    if (mode == FR_PALINTERP_SWEEP) {
        for (int i = 0; i < FR_FLAME_PALETTE; i++) {
            const int j = i < 256 * c[0] ? 0 : 1;
            memcpy(r->palette[i], cpi[j].g.palette[i], sizeof r->palette[i]);
        }
        return;
    }
    double rgb_fraction = 0.0;
    if (mode == FR_PALINTERP_RGB)
        rgb_fraction = 1.0;
    else if (mode == FR_PALINTERP_HSV_CIRCULAR)
        rgb_fraction = cpi[0].g.hsv_rgb_palette_blend;
    for (int i = 0; i < FR_FLAME_PALETTE; i++) {
        double new_rgb[3] = {0, 0, 0}, new_hsv[3] = {0, 0, 0}, count = 0;
        int alpha1 = 1;
        for (int k = 0; k < ncp; k++) {
            const double *col = cpi[k].g.palette[i];
            double hsv[3];
            fr_flame_rgb2hsv(col, hsv);
            if (ncp == 2 && k == 0 && mode == FR_PALINTERP_HSV_CIRCULAR) {
                double second[3];
                fr_flame_rgb2hsv(cpi[1].g.palette[i], second);
                if (second[0] - hsv[0] > 3.0)
                    hsv[0] += 6.0;
                else if (second[0] - hsv[0] < -3.0)
                    hsv[0] -= 6.0;
            }
            for (int j = 0; j < 3; j++) {
                new_rgb[j] += c[k] * col[j];
                new_hsv[j] += c[k] * hsv[j];
            }
            count += c[k] * col[3];
            if (col[3] != 1.0) alpha1 = 0;
        }
        if (alpha1) count = 1.0;
        double hsv_rgb[3];
        fr_flame_hsv2rgb(new_hsv, hsv_rgb);
        for (int l = 0; l < 3; l++)
            r->palette[i][l] = rgb_fraction * new_rgb[l] + (1.0 - rgb_fraction) * hsv_rgb[l];
        r->palette[i][3] = count;
        for (int j = 0; j < 4; j++) {
            if (r->palette[i][j] < 0.0) r->palette[i][j] = 0.0;
            if (r->palette[i][j] > 1.0) r->palette[i][j] = 1.0;
        }
    }
}

/* Ember's pre_/post_ variations, beyond flam3: the union of the cps'
 * lists (first seen first), weights and parameters summed like flam3's. */
static void slot_interp(fr_flame_slot *r, const fr_interp_cp *cpi, int ncp, int xfi, int s, const double *c)
{
    int any = 0;
    for (int k = 0; k < ncp; k++)
        any |= fr_interp_cxf(&cpi[k], xfi)->slot[s].n > 0;
    if (!any) return; /* r keeps its defaults */
    r->n = 0;
    for (int k = 0; k < ncp; k++) {
        const fr_flame_slot *o = &fr_interp_cxf(&cpi[k], xfi)->slot[s];
        for (int j = 0; j < o->n; j++) {
            int m = 0;
            while (m < r->n && r->var[m] != o->var[j])
                m++;
            if (m == r->n && r->n < FR_FLAME_MAX_PREPOST) r->var[r->n++] = o->var[j];
        }
    }
    for (int m = 0; m < r->n; m++) {
        double acc = 0.0;
        for (int k = 0; k < ncp; k++) {
            const fr_flame_slot *o = &fr_interp_cxf(&cpi[k], xfi)->slot[s];
            double w = 0.0;
            for (int j = 0; j < o->n; j++)
                if (o->var[j] == r->var[m]) w = o->w[j];
            acc += c[k] * w;
        }
        r->w[m] = acc;
    }
    for (int p = 0; p < FR_FLAME_NPARAM; p++) {
        double acc = 0.0;
        for (int k = 0; k < ncp; k++)
            acc += c[k] * fr_interp_cxf(&cpi[k], xfi)->slot[s].param[p];
        r->param[p] = acc;
    }
}

/* Ember's curves at coefficients c: point by point, an absent curve taken
 * as Ember's default (five points on y = x); where the genomes' curves
 * have different counts of points, the first genome's curve. */
static void curves_interp(fr_flame_curves *r, const fr_interp_cp *cpi, int ncp, const double *c)
{
    fr_flame_curves cv[4];
    for (int k = 0; k < ncp; k++)
        cv[k] = cpi[k].g.curves;
    memset(r, 0, sizeof *r);
    for (int ck = 0; ck < 4; ck++) {
        int any = 0, same = 1;
        for (int k = 0; k < ncp; k++)
            any |= cv[k].n[ck] > 0;
        if (!any) continue;
        for (int k = 0; k < ncp; k++)
            if (!cv[k].n[ck]) {
                cv[k].n[ck] = 5;
                for (int i = 0; i < 5; i++)
                    cv[k].p[ck][i][0] = cv[k].p[ck][i][1] = i * 0.25;
            }
        for (int k = 1; k < ncp; k++)
            same &= cv[k].n[ck] == cv[0].n[ck];
        r->n[ck] = cv[0].n[ck];
        for (int i = 0; i < r->n[ck]; i++)
            for (int j = 0; j < 2; j++)
                if (same)
                    SUMTO(r->p[ck][i][j], cv[k].p[ck][i][j]);
                else
                    r->p[ck][i][j] = cv[0].p[ck][i][j];
    }
}

/* flam3_interpolate_n over aligned cps into r (r's xforms already there). */
static fr_status interpolate_n(fr_context *ctx, fr_flame_genome *r, int ncp, const fr_interp_cp *cpi, double *c,
                               double stagger)
{
    const fr_flame_genome *g0 = &cpi[0].g;
    palette_interp(r, cpi, ncp, c);
    r->palette_index = -1;
    r->symmetry = 0;
    r->filter_shape = g0->filter_shape;
    r->temporal_filter_type = g0->temporal_filter_type;
    r->palette_mode = g0->palette_mode;
    r->interpolation_type = g0->interpolation_type;
    r->palette_interpolation = g0->palette_interpolation;
    r->hsv_rgb_palette_blend = g0->hsv_rgb_palette_blend;
#define INTERP(f) SUMTO(r->f, cpi[k].g.f)
#define INTERI(f)                                                                                            \
    do {                                                                                                     \
        double tt_;                                                                                          \
        SUMTO(tt_, cpi[k].g.f);                                                                              \
        r->f = (int)rint(tt_);                                                                               \
    } while (0)
    INTERP(brightness);
    INTERP(highlight_power);
    INTERP(gamma);
    INTERP(vibrancy);
    INTERP(hue_rotation);
    INTERI(width);
    INTERI(height);
    INTERI(supersample);
    INTERP(center[0]);
    INTERP(center[1]);
    INTERP(rot_center[0]);
    INTERP(rot_center[1]);
    INTERP(background[0]);
    INTERP(background[1]);
    INTERP(background[2]);
    INTERP(scale);
    INTERP(filter);
    INTERP(temporal_filter_exp);
    INTERP(temporal_filter_width);
    INTERP(quality);
    INTERP(zoom);
    INTERP(rotate);
    INTERI(passes);
    INTERI(temporal_samples);
    INTERP(estimator_radius);
    INTERP(estimator_minimum);
    INTERP(estimator_curve);
    INTERP(gamma_threshold);
    /* Ember's (Ember::Interpolate): the camera, k2 and the iteration
     * settings as numbers; a curve point by point where every genome's
     * curve has as many points, else the first genome's */
    INTERI(sub_batch_size);
    INTERI(fuse);
    INTERP(rand_range);
    INTERP(logscale_k2);
    INTERP(cam_zpos);
    INTERP(cam_persp);
    INTERP(cam_yaw);
    INTERP(cam_pitch);
    INTERP(cam_dof);
    INTERP(blur_curve);
    curves_interp(&r->curves, cpi, ncp, c);
#undef INTERP
#undef INTERI

    const int nstd = g0->nxf, nall = fr_interp_nall(&cpi[0]);
    /* the chaos rows (a missing row is ones); a row of ones is left out */
    for (int i = 0; i < nstd; i++) {
        double *row = malloc((size_t)nstd * sizeof *row);
        if (!row) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        int ones = 1;
        for (int j = 0; j < nstd; j++) {
            double acc = 0.0;
            for (int k = 0; k < ncp; k++) {
                const double *cr = cpi[k].g.xf[i].chaos;
                acc += c[k] * (cr ? cr[j] : 1.0);
            }
            row[j] = acc < 0 ? 0 : acc;
            if (row[j] != 1.0) ones = 0;
        }
        if (ones)
            free(row);
        else
            r->xf[i].chaos = row;
    }

    for (int i = 0; i < nall; i++) {
        const int is_final = i == nstd;
        double save[2] = {c[0], c[1]};
        const int stag = ncp == 2 && stagger > 0 && !is_final;
        if (stag) {
            c[0] = stagger_coef(save[0], stagger, nstd, i);
            c[1] = 1.0 - c[0];
        }
        fr_flame_xform *x = is_final ? r->final : &r->xf[i];
#define XF(k) fr_interp_cxf(&cpi[k], i)
        double td;
        SUMTO(td, XF(k)->weight);
        x->weight = td < 0.0 ? 0.0 : td;
        SUMTO(x->color, XF(k)->color);
        if (x->color < 0) x->color = 0;
        if (x->color > 1) x->color = 1;
        SUMTO(x->color_speed, XF(k)->color_speed);
        if (x->color_speed < 0) x->color_speed = 0;
        if (x->color_speed > 1) x->color_speed = 1;
        SUMTO(x->opacity, XF(k)->opacity);
        SUMTO(x->animate, XF(k)->animate);
        for (int p = 0; p < FR_FLAME_NPARAM; p++)
            SUMTO(x->param[p], XF(k)->param[p]);
        for (int v = 0; v < FR_FLAME_NVAR; v++)
            SUMTO(x->var[v], XF(k)->var[v]);
        for (int s = 0; s < 2; s++)
            slot_interp(&x->slot[s], cpi, ncp, i, s, c);

        int all_id = 1;
        for (int k = 0; k < ncp; k++)
            all_id &= is_identity(XF(k)->post);
        memset(x->c, 0, sizeof x->c);
        memset(x->post, 0, sizeof x->post);
        if (g0->interpolation_type == FR_INTERP_TYPE_LOG) {
            double ang[4][2], mag[4][2], trn[4][2];
            to_polar(cpi, ncp, i, 0, ang, mag, trn);
            from_polar(c, ncp, ang, mag, trn, x->c);
            if (!all_id) {
                to_polar(cpi, ncp, i, 1, ang, mag, trn);
                from_polar(c, ncp, ang, mag, trn, x->post);
            }
        } else {
            for (int k = 0; k < ncp; k++)
                for (int a = 0; a < 3; a++)
                    for (int b = 0; b < 2; b++) {
                        x->c[a][b] += c[k] * XF(k)->c[a][b];
                        x->post[a][b] += c[k] * XF(k)->post[a][b];
                    }
        }
        if (all_id) {
            memset(x->post, 0, sizeof x->post);
            x->post[0][0] = x->post[1][1] = 1.0;
        }
        x->has_post = !is_identity(x->post);
#undef XF
        if (stag) c[0] = save[0], c[1] = save[1];
    }
    return FR_OK;
}

void fr_flame_adjust_rotates(fr_flame_genome *g, int n)
{
    for (int i = 1; i < n; i++) {
        if (g[i - 1].interpolation_type == FR_INTERP_TYPE_OLD ||
            g[i - 1].interpolation_type == FR_INTERP_TYPE_OLDER)
            continue;
        while (g[i].rotate < g[i - 1].rotate - 180)
            g[i].rotate += 360;
        while (g[i].rotate > g[i - 1].rotate + 180)
            g[i].rotate -= 360;
    }
}

/* A fresh genome with nstd standard xforms and (fin) a final one. */
static fr_status result_init(fr_context *ctx, fr_flame_genome *r, int nstd, int fin)
{
    fr_flame_genome_init(r);
    if (nstd > 0) {
        r->xf = calloc((size_t)nstd, sizeof *r->xf);
        if (!r->xf) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        r->nxf = nstd;
        for (int i = 0; i < nstd; i++)
            fr_flame_xform_init(&r->xf[i]);
    }
    if (fin) {
        r->final = malloc(sizeof *r->final);
        if (!r->final) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        fr_flame_xform_init(r->final);
    }
    return FR_OK;
}

/* The genome at t of n aligned keyframes cpi: linear between the two (n
 * 2), or Catmull-Rom between the middle two of four (n 4). */
static fr_status interp_aligned(fr_context *ctx, const fr_interp_cp *cpi, int n, double t, double stagger,
                                fr_flame_genome *out)
{
    const int i1 = n == 4 ? 1 : 0, i2 = i1 + 1;
    double c[2];
    c[0] = (cpi[i2].g.time - t) / (cpi[i2].g.time - cpi[i1].g.time);
    c[1] = 1.0 - c[0];
    fr_status s = result_init(ctx, out, cpi[0].g.nxf, cpi[0].g.final != NULL);
    if (!s) {
        out->time = t;
        out->interpolation = FR_INTERP_LINEAR;
        if (n == 2)
            s = interpolate_n(ctx, out, 2, cpi, c, stagger);
        else {
            const double u = c[1], u2 = u * u, u3 = u2 * u;
            double cmc[4];
            cmc[0] = (2 * u2 - u - u3) / 2;
            cmc[1] = (3 * u3 - 5 * u2 + 2) / 2;
            cmc[2] = (4 * u2 - 3 * u3 + u) / 2;
            cmc[3] = (u3 - u2) / 2;
            s = interpolate_n(ctx, out, 4, cpi, cmc, 0);
        }
    }
    if (s) fr_flame_genome_free(out);
    return s;
}

/* The keyframes of cps around t (two, or four with smooth): their first
 * (*lo) and count (*n). */
static void segment_of(const fr_interp_cp *cps, int ncps, double t, int *lo, int *n)
{
    int i1, i2;
    if (cps[0].g.time >= t)
        i1 = 0, i2 = 1;
    else if (cps[ncps - 1].g.time <= t)
        i1 = ncps - 2, i2 = ncps - 1;
    else {
        i1 = 0;
        while (cps[i1].g.time < t)
            i1++;
        i1--;
        i2 = i1 + 1;
    }
    /* flam3 would read before the first or past the last genome here */
    const int smooth = cps[i1].g.interpolation == FR_INTERP_SMOOTH && i1 > 0 && i2 < ncps - 1;
    *lo = smooth ? i1 - 1 : i1, *n = smooth ? 4 : 2;
}

fr_status fr_interp_cps(fr_context *ctx, const fr_interp_cp *cps, int ncps, double t, double stagger,
                        fr_flame_genome *out)
{
    fr_flame_genome_init(out);
    if (ncps < 1) return fr_fail(ctx, FR_ERR_INVALID, "the file has no genome");
    if (ncps == 1) return fr_flame_genome_copy(ctx, out, &cps[0].g);
    int lo, n;
    segment_of(cps, ncps, t, &lo, &n);
    fr_interp_cp cpi[4];
    memset(cpi, 0, sizeof cpi);
    fr_status s = fr_interp_align(ctx, cpi, &cps[lo], n);
    if (s) return s;
    s = interp_aligned(ctx, cpi, n, t, stagger, out);
    for (int k = 0; k < n; k++)
        fr_interp_cp_free(&cpi[k]);
    return s;
}

/* The keyframes g[lo .. lo + cnt - 1] aligned into cpi (their rotates first
 * moved as flam3's reader moves a file's, from g[0] on, with `adjust`). */
static fr_status keys_aligned(fr_context *ctx, const fr_flame_genome *g, int lo, int cnt, int adjust,
                              fr_interp_cp *cpi)
{
    fr_interp_cp cps[4];
    memset(cps, 0, sizeof cps);
    fr_status s = FR_OK;
    int made = 0;
    for (; !s && made < cnt; made++)
        s = fr_interp_cp_of(ctx, &cps[made], &g[lo + made]);
    if (!s && adjust) {
        /* what flam3's reader does to the rotates of a file's genomes: each
         * within 180 degrees of the (moved) one before */
        double prev = g[0].rotate;
        if (lo == 0) cps[0].g.rotate = prev;
        for (int i = 1; i < lo + cnt; i++) {
            double r = g[i].rotate;
            if (g[i - 1].interpolation_type != FR_INTERP_TYPE_OLD &&
                g[i - 1].interpolation_type != FR_INTERP_TYPE_OLDER) {
                while (r < prev - 180)
                    r += 360;
                while (r > prev + 180)
                    r -= 360;
            }
            if (i >= lo) cps[i - lo].g.rotate = r;
            prev = r;
        }
    }
    /* (the segment of the cnt is the whole of them: the same as fr_interp_cps finds) */
    if (!s) s = fr_interp_align(ctx, cpi, cps, cnt);
    for (int i = 0; i < made; i++)
        fr_interp_cp_free(&cps[i]);
    return s;
}

/* The checks of a timeline, then the keyframes time t needs: the segment's
 * two, or four with smooth (found as fr_interp_cps finds them), from *lo,
 * *cnt of them; *cnt 0 for a file of one genome. */
static fr_status keys_segment(fr_context *ctx, const fr_flame_genome *g, int n, double t, double stagger, int *lo,
                              int *cnt)
{
    *lo = 0, *cnt = 0;
    if (n < 1) return fr_fail(ctx, FR_ERR_INVALID, "the file has no genome");
    for (int i = 1; i < n; i++)
        if (!(g[i].time > g[i - 1].time))
            return fr_fail(ctx, FR_ERR_INVALID,
                           "keyframe times must increase: genome %d has time %g, genome %d time %g", i,
                           g[i - 1].time, i + 1, g[i].time);
    if (!isfinite(t)) return fr_fail(ctx, FR_ERR_INVALID, "time: %g is not a finite number", t);
    if (!(stagger >= 0 && stagger <= 1))
        return fr_fail(ctx, FR_ERR_INVALID, "stagger: %g is not in 0 .. 1", stagger);
    if (n == 1) return FR_OK;
    int i1, i2;
    if (g[0].time >= t)
        i1 = 0, i2 = 1;
    else if (g[n - 1].time <= t)
        i1 = n - 2, i2 = n - 1;
    else {
        i1 = 0;
        while (g[i1].time < t)
            i1++;
        i1--;
        i2 = i1 + 1;
    }
    const int smooth = g[i1].interpolation == FR_INTERP_SMOOTH && i1 > 0 && i2 < n - 1;
    *lo = smooth ? i1 - 1 : i1, *cnt = smooth ? 4 : 2;
    return FR_OK;
}

/* Only the keyframes the time needs are copied (a render asks once a
 * temporal step). */
static fr_status interpolate_keys(fr_context *ctx, const fr_flame_genome *g, int n, double t, double stagger,
                                  int adjust, fr_flame_genome *out)
{
    fr_flame_genome_init(out);
    int lo, cnt;
    fr_status s = keys_segment(ctx, g, n, t, stagger, &lo, &cnt);
    if (s) return s;
    if (!cnt) return fr_flame_genome_copy(ctx, out, &g[0]);
    fr_interp_cp cpi[4];
    memset(cpi, 0, sizeof cpi);
    if ((s = keys_aligned(ctx, g, lo, cnt, adjust, cpi))) return s;
    s = interp_aligned(ctx, cpi, cnt, t, stagger, out);
    for (int k = 0; k < cnt; k++)
        fr_interp_cp_free(&cpi[k]);
    return s;
}

/* A segment's aligned keyframes, kept. */
typedef struct memo_seg {
    int lo, cnt;
    fr_interp_cp cpi[4];
} memo_seg;

#define MEMO_SEGS 8

struct fr_flame_interp_memo {
    const fr_flame_genome *g; /* the keyframes they are of */
    int n;
    memo_seg seg[MEMO_SEGS];
    int nseg;
};

fr_flame_interp_memo *fr_flame_interp_memo_new(void) { return calloc(1, sizeof(fr_flame_interp_memo)); }

void fr_flame_interp_memo_free(fr_flame_interp_memo *m)
{
    if (!m) return;
    for (int i = 0; i < m->nseg; i++)
        for (int k = 0; k < m->seg[i].cnt; k++)
            fr_interp_cp_free(&m->seg[i].cpi[k]);
    free(m);
}

/* Segment (lo, cnt) of m, made when new (NULL: m is full, or out of
 * memory: *s says which). One thread at a time. */
static const memo_seg *memo_get(fr_context *ctx, fr_flame_interp_memo *m, const fr_flame_genome *g, int n, int lo,
                                int cnt, fr_status *s)
{
    *s = FR_OK;
    if (m->g != g || m->n != n) {
        if (m->nseg) return NULL; /* (kept for other keyframes: not these) */
        m->g = g, m->n = n;
    }
    for (int i = 0; i < m->nseg; i++)
        if (m->seg[i].lo == lo && m->seg[i].cnt == cnt) return &m->seg[i];
    if (m->nseg == MEMO_SEGS) return NULL;
    memo_seg *e = &m->seg[m->nseg];
    memset(e, 0, sizeof *e);
    if ((*s = keys_aligned(ctx, g, lo, cnt, 1, e->cpi))) return NULL;
    e->lo = lo, e->cnt = cnt;
    m->nseg++;
    return e;
}

fr_status fr_flame_interpolate_memo(fr_context *ctx, const fr_flame_file *f, fr_flame_interp_memo *m, double t,
                                    double stagger, fr_flame_genome *out)
{
    fr_flame_genome_init(out);
    int lo, cnt;
    fr_status s = keys_segment(ctx, f->g, f->n, t, stagger, &lo, &cnt);
    if (s) return s;
    if (!cnt) return fr_flame_genome_copy(ctx, out, &f->g[0]);
    const memo_seg *e = NULL;
    if (m) {
#pragma omp critical(fr_flame_interp_memo)
        e = memo_get(ctx, m, f->g, f->n, lo, cnt, &s);
    }
    if (s) return s;
    if (!e) return interpolate_keys(ctx, f->g, f->n, t, stagger, 1, out);
    return interp_aligned(ctx, e->cpi, cnt, t, stagger, out);
}

fr_status fr_flame_interpolate_cps(fr_context *ctx, const fr_flame_genome *g, int n, double t, double stagger,
                                   fr_flame_genome *out)
{
    return interpolate_keys(ctx, g, n, t, stagger, 0, out);
}

fr_status fr_flame_interpolate(fr_context *ctx, const fr_flame_file *f, double t, double stagger,
                               fr_flame_genome *out)
{
    return interpolate_keys(ctx, f->g, f->n, t, stagger, 1, out);
}
