/*
 * flame_proj.h - Ember's (Fractorium's) 3D camera: the genome's cam_yaw,
 * cam_pitch, cam_zpos, cam_persp, cam_dof and blur_curve projecting a
 * plotted point (x, y, z) onto the plane before its bucket is found (after
 * the final xform, before the view's rotation), as Ember's ProjectPitchYaw
 * and ProjectPitchYawDepthBlur do. FR_HD: the scalar walker, the CPU's
 * batched walker and the CUDA kernels share it.
 *
 * With yaw a and pitch b, M (Ember's m_CamMat, rows by first index) is
 *   M[0] = ( cos -a,        cos b sin -a,  sin b sin -a )
 *   M[1] = (-sin -a,        cos b cos -a,  sin b cos -a )
 *   M[2] = ( 0,            -sin b,         cos b        )
 * and with zc = z - cam_zpos,
 *   x' = M00 x + M10 y,  y' = M01 x + M11 y + M21 zc,
 *   z' = M02 x + M12 y + M22 zc,  r = 1 - cam_persp z' (r = 0: FLT_EPSILON),
 * the point is (x' / r, y' / r). Ember picks one of five functions by
 * which settings are 0; each is this one with the zeros put in (its
 * products by 1 and 0 are exact), so one formula serves.
 * Depth of field (cam_dof != 0): two draws u, v from the walker's stream,
 * an angle t = 2 pi u and a radius dr = v (cam_dof / 10) s z', where
 * s = d^2 / (4 blur_curve) (1 when blur_curve is 0) and d = 10 |(x' / hx,
 * y' / hy)| with hx, hy the half width and height in world units of
 * Ember's raster: the image and Ember's fixed gutter of 10 pixels a side
 * (not flam3's, which fractalis' bucket grid has); the
 * point is ((x' + dr cos t) / r, (y' + dr sin t) / r).
 */
#ifndef FR_FLAME_PROJ_H
#define FR_FLAME_PROJ_H

#include <float.h>
#include <math.h>

#include "core/hd.h"
#include "flame/flame_rng.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct fr_flame_proj {
    int on;            /* any of cam_zpos, cam_persp, cam_yaw, cam_pitch, cam_dof is not 0 */
    int blur;          /* cam_dof is not 0 */
    double m[3][3];    /* M above */
    double zpos, persp;
    double blur_coef;  /* cam_dof / 10 */
    double blur_curve;
    double half[2];    /* hx, hy */
} fr_flame_proj;

/* The projection of the camera settings of a genome (cam_* and
 * blur_curve as arguments: flame_frame.c passes the genome's), hx and hy
 * as above. All 0: p->on 0 and
 * nothing else set (an image without a camera stays byte for byte as
 * before). */
static inline void fr_flame_proj_setup(double yaw, double pitch, double zpos, double persp, double dof,
                                       double blur_curve, double hx, double hy, fr_flame_proj *p)
{
    const fr_flame_proj zero = {0};
    *p = zero;
    p->on = zpos != 0.0 || persp != 0.0 || yaw != 0.0 || pitch != 0.0 || dof != 0.0;
    if (!p->on) return;
    p->blur = dof != 0.0;
    p->m[0][0] = cos(-yaw);
    p->m[1][0] = -sin(-yaw);
    p->m[2][0] = 0.0;
    p->m[0][1] = cos(pitch) * sin(-yaw);
    p->m[1][1] = cos(pitch) * cos(-yaw);
    p->m[2][1] = -sin(pitch);
    p->m[0][2] = sin(pitch) * sin(-yaw);
    p->m[1][2] = sin(pitch) * cos(-yaw);
    p->m[2][2] = cos(pitch);
    p->zpos = zpos, p->persp = persp;
    p->blur_coef = 0.1 * dof, p->blur_curve = blur_curve;
    p->half[0] = hx, p->half[1] = hy;
}

/* 1 when two projections are the same (all fields, when on). */
static inline int fr_flame_proj_equal(const fr_flame_proj *a, const fr_flame_proj *b)
{
    if (a->on != b->on) return 0;
    if (!a->on) return 1;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            if (a->m[i][k] != b->m[i][k]) return 0;
    return a->blur == b->blur && a->zpos == b->zpos && a->persp == b->persp && a->blur_coef == b->blur_coef &&
           a->blur_curve == b->blur_curve && a->half[0] == b->half[0] && a->half[1] == b->half[1];
}

/* (*x, *y) at depth z through the camera p (p->on set); the depth of
 * field's two draws from r. */
FR_HD void fr_flame_proj_apply(const fr_flame_proj *p, double *x, double *y, double z, fr_flame_rng *r)
{
    const double zc = z - p->zpos;
    const double px = p->m[0][0] * *x + p->m[1][0] * *y;
    const double py = p->m[0][1] * *x + p->m[1][1] * *y + p->m[2][1] * zc;
    const double pz = p->m[0][2] * *x + p->m[1][2] * *y + p->m[2][2] * zc;
    double zr = 1.0 - p->persp * pz;
    if (zr == 0.0) zr = FLT_EPSILON;
    if (!p->blur) {
        *x = px / zr;
        *y = py / zr;
        return;
    }
    const double t = fr_flame_rng_01(r) * (2.0 * M_PI);
    const double d = hypot(px / p->half[0], py / p->half[1]) * 10.0;
    const double s = p->blur_curve != 0.0 ? d * d / (4.0 * p->blur_curve) : 1.0;
    const double dr = fr_flame_rng_01(r) * (p->blur_coef * s) * pz;
    *x = (px + dr * cos(t)) / zr;
    *y = (py + dr * sin(t)) / zr;
}

#endif
