/*
 * flame_tone_core.h - the tone map of flam3 3.1.1's rect.c as FR_HD code
 * (the CPU loops of flame_tonemap.c and the CUDA kernels share it): the
 * spatial filter window of one pixel, flam3_calc_alpha, flam3_calc_newrgb
 * (gamma, gamma_threshold, vibrancy, highlight_power, background),
 * Ember's colour curves (flame_curves.h) where the genome has any, and the
 * clamp and truncation to 8 or 16 bits.
 */
#ifndef FR_FLAME_TONE_CORE_H
#define FR_FLAME_TONE_CORE_H

#include <math.h>
#include <stdint.h>

#include "core/hd.h"
#include "flame/flame_curves.h"
#include "flame/flame_frame.h"
#include "flame/flame_hsv.h"

#define FR_PREFILTER_WHITE 255.0

/* The constants of the tone map (rect.c, after all batches). */
typedef struct fr_flame_tone {
    double g;        /* 1 / gamma */
    double linrange; /* gamma_threshold */
    double vibrancy;
    double highpow;  /* highlight_power */
    double bg[3];    /* background * 256 */
    int transparency;
    fr_flame_curve_splines curves; /* curves.on == 0: none (the image as flam3's) */
} fr_flame_tone;

static inline void fr_flame_tone_setup(const fr_flame_genome *g, int transparency, fr_flame_tone *t)
{
    t->g = 1.0 / g->gamma;
    t->linrange = g->gamma_threshold;
    t->vibrancy = g->vibrancy;
    t->highpow = g->highlight_power;
    for (int c = 0; c < 3; c++) t->bg[c] = g->background[c] * 256.0;
    t->transparency = transparency;
    fr_flame_curve_splines_setup(&g->curves, &t->curves);
}

/* Ember's curves on a channel value of the 0..255 scale (255 is Ember's
 * 1), where it applies them: on the final colour, before the clamp. */
FR_HD double fr_flame_tone_curve(const fr_flame_tone *tn, int c, double a)
{
    return 255.0 * fr_flame_curve_apply(&tn->curves, c, a / 255.0);
}

/* palettes.c:flam3_calc_alpha */
FR_HD double fr_flame_calc_alpha(double density, double gamma, double linrange)
{
    if (density <= 0) return 0;
    if (density < linrange) {
        double frac = density / linrange;
        return (1.0 - frac) * density * (pow(linrange, gamma) / linrange) + frac * pow(density, gamma);
    }
    return pow(density, gamma);
}

/* palettes.c:flam3_calc_newrgb */
FR_HD void fr_flame_calc_newrgb(const double *cbuf, double ls, double highpow, double newrgb[3])
{
    if (ls == 0.0 || (cbuf[0] == 0.0 && cbuf[1] == 0.0 && cbuf[2] == 0.0)) {
        newrgb[0] = newrgb[1] = newrgb[2] = 0.0;
        return;
    }
    /* the most saturated channel (the first of equals) */
    double maxa = -1.0, maxc = 0;
    for (int c = 0; c < 3; c++) {
        double a = ls * (cbuf[c] / FR_PREFILTER_WHITE);
        if (a > maxa) {
            maxa = a;
            maxc = cbuf[c] / FR_PREFILTER_WHITE;
        }
    }
    if (maxa > 255 && highpow >= 0.0) {
        /* keep the hue, lose saturation by (newls / ls)^highpow */
        double newls = 255.0 / maxc, lsratio = pow(newls / ls, highpow), hsv[3];
        for (int c = 0; c < 3; c++) newrgb[c] = newls * (cbuf[c] / FR_PREFILTER_WHITE) / 255.0;
        fr_flame_rgb2hsv(newrgb, hsv);
        hsv[1] *= lsratio;
        fr_flame_hsv2rgb(hsv, newrgb);
        for (int c = 0; c < 3; c++) newrgb[c] *= 255.0;
    } else {
        double newls = 255.0 / maxc, adjhlp = -highpow;
        if (adjhlp > 1) adjhlp = 1;
        if (maxa <= 255) adjhlp = 1.0;
        for (int c = 0; c < 3; c++) newrgb[c] = ((1.0 - adjhlp) * newls + adjhlp * ls) * (cbuf[c] / FR_PREFILTER_WHITE);
    }
}

/* rect.c's tone map of one filtered (or, with earlyclip, unfiltered) value,
 * in place: rgb becomes 0..255 (un-premultiplied when transparent, else
 * composited over the background), t[3] the alpha in [0, 1]. The curves
 * come here, unless earlyclip (then after the filter, as Ember has it). */
FR_HD void fr_flame_tonemap_cell(const fr_flame_tone *tn, double t[4], int earlyclip)
{
    double alpha, ls, newrgb[3];
    double tmp = t[3] / FR_PREFILTER_WHITE;
    if (t[3] <= 0) {
        alpha = 0.0;
        ls = 0.0;
    } else {
        alpha = fr_flame_calc_alpha(tmp, tn->g, tn->linrange);
        ls = tn->vibrancy * 256.0 * alpha / tmp; /* the unclamped alpha */
        if (alpha < 0.0) alpha = 0.0;
        if (alpha > 1.0) alpha = 1.0;
    }
    fr_flame_calc_newrgb(t, ls, tn->highpow, newrgb);
    for (int c = 0; c < 3; c++) {
        double a = newrgb[c] + (1.0 - tn->vibrancy) * 256.0 * pow(t[c] / FR_PREFILTER_WHITE, tn->g);
        if (!tn->transparency)
            a += (1.0 - alpha) * tn->bg[c];
        else
            a = alpha > 0 ? a / alpha : 0;
        if (tn->curves.on && !earlyclip) a = fr_flame_tone_curve(tn, c, a);
        if (a > 255) a = 255;
        if (a < 0) a = 0;
        t[c] = a;
    }
    t[3] = alpha;
}

/* earlyclip: an accumulator cell tone-mapped in place (in double). */
FR_HD void fr_flame_tonemap_acc(const fr_flame_tone *tn, fr_flame_acc_t *a)
{
    double t[4] = {a[0], a[1], a[2], a[3]};
    fr_flame_tonemap_cell(tn, t, 1);
    for (int c = 0; c < 4; c++) a[c] = (fr_flame_acc_t)t[c];
}

/* rect.c: the clamp and the truncating cast; NaN (negative filter lobes
 * with vibrancy < 1) fails both compares and comes out 0, as the x86
 * conversion of NaN does in flam3. */
FR_HD uint16_t fr_flame_quantise(double a, int bpc)
{
    if (a > 255) a = 255;
    if (a < 0) a = 0;
    if (a != a) return 0;
    return bpc == 16 ? (uint16_t)(a * 256.0) : (uint16_t)(unsigned char)a;
}

FR_HD uint16_t fr_flame_quantise_alpha(double a, int transparency, int bpc)
{
    if (!transparency) return bpc == 16 ? 65535 : 255;
    if (a > 1) a = 1;
    if (a < 0) a = 0;
    if (a != a) return 0;
    return bpc == 16 ? (uint16_t)(a * 65535) : (uint16_t)(unsigned char)(a * 255);
}

/* rect.c: the filter window of pixel (i, j) starts at de_offset + (i, j) os
 * (in a strip, row j is the image's row y0 + j, and the grid starts at the
 * image's bucket row row0). */
FR_HD void fr_flame_filter_pixel(const fr_flame_frame *f, const fr_flame_acc_t *accum, int i, int j, double t[4])
{
    int x = f->de_offset + i * f->os, y = f->de_offset + (f->y0 + j) * f->os - f->row0;
    t[0] = t[1] = t[2] = t[3] = 0.0;
    for (int ii = 0; ii < f->fwidth; ii++) {
        for (int jj = 0; jj < f->fwidth; jj++) {
            double k = f->filter[ii + jj * f->fwidth];
            const fr_flame_acc_t *ac = accum + ((int64_t)(x + ii) + (int64_t)(y + jj) * f->wb) * 4;
            for (int c = 0; c < 4; c++) t[c] += k * ac[c];
        }
    }
}


/* One output pixel: filter (unless earlyclip did the tone map already),
 * tone map, quantise into p[0..3]. */
FR_HD void fr_flame_tone_pixel(const fr_flame_frame *f, const fr_flame_tone *tn, const fr_flame_acc_t *accum, int earlyclip,
                               int bpc, int i, int j, uint16_t *p)
{
    double t[4];
    fr_flame_filter_pixel(f, accum, i, j, t);
    if (!earlyclip)
        fr_flame_tonemap_cell(tn, t, 0);
    else if (tn->curves.on)
        for (int c = 0; c < 3; c++) t[c] = fr_flame_tone_curve(tn, c, t[c]);
    for (int c = 0; c < 3; c++) p[c] = fr_flame_quantise(t[c], bpc);
    p[3] = fr_flame_quantise_alpha(t[3], tn->transparency, bpc);
}

#endif
