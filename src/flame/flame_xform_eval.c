/* flame_xform_eval.c - preparing an xform for evaluation (flam3's
 * prepare_precalc_flags and xform_precalc), and the CPU entry points. */
#include <math.h>
#include <string.h>

#include "flame/flame_xform_core.h"
#include "flame/flame_xform_eval.h"

enum {
    R2 = FR_FLAME_NEED_R2,
    R = FR_FLAME_NEED_R,
    AT = FR_FLAME_NEED_ATAN,
    ANG = FR_FLAME_NEED_ANGLES,
    AYX = FR_FLAME_NEED_ATANYX
};

/* What each variation reads of the shared per-point quantities. */
static const unsigned char var_needs[FR_FLAME_NVAR] = {
    [FR_V_SPHERICAL] = R2,     [FR_V_SWIRL] = R2,        [FR_V_HORSESHOE] = R,
    [FR_V_POLAR] = AT | R,     [FR_V_HANDKERCHIEF] = AT | R, [FR_V_HEART] = AT | R,
    [FR_V_DISC] = AT | R,      [FR_V_SPIRAL] = ANG,      [FR_V_HYPERBOLIC] = ANG,
    [FR_V_DIAMOND] = ANG,      [FR_V_EX] = AT | R,       [FR_V_JULIA] = AT | R,
    [FR_V_FISHEYE] = R,        [FR_V_POWER] = ANG,       [FR_V_RINGS] = ANG,
    [FR_V_FAN] = AT | R,       [FR_V_BLOB] = AT | ANG,   [FR_V_FAN2] = AT | R,
    [FR_V_RINGS2] = ANG,       [FR_V_EYEFISH] = R,       [FR_V_BUBBLE] = R2,
    [FR_V_JULIAN] = AYX | R2,  [FR_V_JULIASCOPE] = AYX | R2, [FR_V_RADIAL_BLUR] = AYX | R,
    [FR_V_NGON] = AYX | R2,    [FR_V_RAYS] = R2,         [FR_V_BLADE] = R,
    [FR_V_SECANT2] = R,        [FR_V_TWINTRIAN] = R,     [FR_V_DISC2] = AT,
    [FR_V_SUPER_SHAPE] = AYX | R, [FR_V_FLOWER] = AYX | R, [FR_V_CONIC] = R,
    [FR_V_PARABOLA] = R,       [FR_V_BIPOLAR] = R2,      [FR_V_CPOW] = AYX | R2,
    [FR_V_EDISC] = R2,         [FR_V_ELLIPTIC] = R2,     [FR_V_ESCHER] = AYX | R2,
    [FR_V_LOONIE] = R2,        [FR_V_POLAR2] = AT | R2,  [FR_V_SCRY] = R,
    [FR_V_WEDGE] = AYX | R,    [FR_V_WEDGE_JULIA] = AYX | R2, [FR_V_WEDGE_SPH] = AYX | R,
    [FR_V_WHORL] = AYX | R,    [FR_V_LOG] = AYX | R2,
};

void fr_flame_xform_precalc(const fr_flame_xform *xf, fr_flame_xform_pre *pre)
{
    memset(pre, 0, sizeof *pre);
    memcpy(pre->c, xf->c, sizeof pre->c);
    memcpy(pre->post, xf->post, sizeof pre->post);
    memcpy(pre->param, xf->param, sizeof pre->param);
    pre->has_post = !(xf->post[0][0] == 1.0 && xf->post[0][1] == 0.0 && xf->post[1][0] == 0.0 &&
                      xf->post[1][1] == 1.0 && xf->post[2][0] == 0.0 && xf->post[2][1] == 0.0);

    /* Active variations in index order, as flam3 sums them; pre_blur is
     * kept apart because it runs first, on the point itself. */
    for (int v = 0; v < FR_FLAME_NVAR; v++) {
        double w = xf->var[v];
        if (w == 0.0)
            continue;
        if (v == FR_V_PRE_BLUR) {
            pre->preblur = w;
            continue;
        }
        pre->var[pre->nvar] = (unsigned char)v;
        pre->w[pre->nvar] = w;
        pre->nvar++;
        pre->flags |= var_needs[v];
    }

    const double *p = xf->param;
    double ang = p[FR_P_PERSPECTIVE_ANGLE] * M_PI / 2.0;
    pre->persp_vsin = sin(ang);
    pre->persp_vfcos = p[FR_P_PERSPECTIVE_DIST] * cos(ang);

    pre->julian_rn = fabs(p[FR_P_JULIAN_POWER]);
    pre->julian_cn = p[FR_P_JULIAN_DIST] / p[FR_P_JULIAN_POWER] / 2.0;
    pre->juliascope_rn = fabs(p[FR_P_JULIASCOPE_POWER]);
    pre->juliascope_cn = p[FR_P_JULIASCOPE_DIST] / p[FR_P_JULIASCOPE_POWER] / 2.0;

    fr_flame_sincos(p[FR_P_RADIAL_BLUR_ANGLE] * M_PI / 2.0, &pre->rblur_spin, &pre->rblur_zoom);

    double dx = xf->c[2][0], dy = xf->c[2][1];
    pre->waves_dx2 = 1.0 / (dx * dx + FR_FLAME_EPS);
    pre->waves_dy2 = 1.0 / (dy * dy + FR_FLAME_EPS);

    double add = p[FR_P_DISC2_TWIST];
    pre->disc2_timespi = p[FR_P_DISC2_ROT] * M_PI;
    fr_flame_sincos(add, &pre->disc2_sinadd, &pre->disc2_cosadd);
    pre->disc2_cosadd -= 1;
    if (add > 2 * M_PI) {
        double k = (1 + add - 2 * M_PI);
        pre->disc2_cosadd *= k;
        pre->disc2_sinadd *= k;
    }
    if (add < -2 * M_PI) {
        double k = (1 + add + 2 * M_PI);
        pre->disc2_cosadd *= k;
        pre->disc2_sinadd *= k;
    }

    pre->ss_pm4 = p[FR_P_SUPER_SHAPE_M] / 4.0;
    pre->ss_pneg1_n1 = -1.0 / p[FR_P_SUPER_SHAPE_N1];
    pre->rect_ix = p[FR_P_RECTANGLES_X] != 0 ? 1.0 / p[FR_P_RECTANGLES_X] : 0.0;
    pre->rect_iy = p[FR_P_RECTANGLES_Y] != 0 ? 1.0 / p[FR_P_RECTANGLES_Y] : 0.0;
    pre->rings2_i2dx = 1.0 / (2.0 * (p[FR_P_RINGS2_VAL] * p[FR_P_RINGS2_VAL] + FR_FLAME_EPS));

    pre->wj_cf = 1.0 - p[FR_P_WEDGE_JULIA_ANGLE] * p[FR_P_WEDGE_JULIA_COUNT] * M_1_PI * 0.5;
    pre->wj_rn = fabs(p[FR_P_WEDGE_JULIA_POWER]);
    pre->wj_cn = p[FR_P_WEDGE_JULIA_DIST] / p[FR_P_WEDGE_JULIA_POWER] / 2.0;

    double seb, ceb;
    fr_flame_sincos(p[FR_P_ESCHER_BETA], &seb, &ceb);
    pre->escher_vc = 0.5 * (1.0 + ceb);
    pre->escher_vd = 0.5 * seb;
}

int fr_flame_xform_apply(const fr_flame_xform_pre *pre, double x, double y, fr_flame_rng *rng,
                         double *ox, double *oy)
{
    return fr_flame_xform_apply_core(pre, x, y, rng, ox, oy);
}

void fr_flame_var_eval(const fr_flame_xform_pre *pre, int var, double weight, double tx, double ty,
                       fr_flame_rng *rng, double *ox, double *oy)
{
    fr_flame_vctx f;
    f.r2 = f.r = f.atan_xy = f.sina = f.cosa = f.atan_yx = 0.0;
    if (var == FR_V_PRE_BLUR) {
        /* Its displacement alone: moved from the origin, exactly. */
        f.tx = f.ty = 0.0;
        fr_var_pre_blur(&f, weight, rng);
        *ox += f.tx;
        *oy += f.ty;
        return;
    }
    if (var < 0 || var >= FR_FLAME_NVAR)
        return;
    f.tx = tx;
    f.ty = ty;
    fr_flame_vctx_prepare(&f, var_needs[var]);
    f.p0 = *ox;
    f.p1 = *oy;
    fr_flame_var_dispatch(pre, var, weight, &f, rng);
    *ox = f.p0;
    *oy = f.p1;
}
