/*
 * flame_tonemap.c - the accumulator to the image, as flam3 3.1.1's rect.c
 * does it after the last batch: spatial filter and downsample, then the
 * tone map (palettes.c flam3_calc_alpha and flam3_calc_newrgb with gamma,
 * gamma_threshold, vibrancy, highlight_power and the background), clamp and
 * truncation to 8 or 16 bits. With earlyclip the tone map runs on every
 * accumulator cell before the filter.
 */
#include "flame/flame_frame.h"

#include <math.h>

#include "flame/flame_palette.h"

enum { PREFILTER_WHITE = 255 };

/* The constants of the tone map (rect.c, after all batches). */
typedef struct tone {
    double g;        /* 1 / gamma */
    double linrange; /* gamma_threshold */
    double vibrancy;
    double highpow;  /* highlight_power */
    double bg[3];    /* background * 256 */
    int transparency;
} tone;

static void tone_setup(const fr_flame_genome *g, int transparency, tone *t)
{
    t->g = 1.0 / g->gamma;
    t->linrange = g->gamma_threshold;
    t->vibrancy = g->vibrancy;
    t->highpow = g->highlight_power;
    for (int c = 0; c < 3; c++) t->bg[c] = g->background[c] * 256.0;
    t->transparency = transparency;
}

/* palettes.c:flam3_calc_alpha */
static double calc_alpha(double density, double gamma, double linrange)
{
    if (density <= 0) return 0;
    if (density < linrange) {
        double frac = density / linrange;
        return (1.0 - frac) * density * (pow(linrange, gamma) / linrange) + frac * pow(density, gamma);
    }
    return pow(density, gamma);
}

/* palettes.c:flam3_calc_newrgb */
static void calc_newrgb(const double *cbuf, double ls, double highpow, double newrgb[3])
{
    if (ls == 0.0 || (cbuf[0] == 0.0 && cbuf[1] == 0.0 && cbuf[2] == 0.0)) {
        newrgb[0] = newrgb[1] = newrgb[2] = 0.0;
        return;
    }
    /* the most saturated channel (the first of equals) */
    double maxa = -1.0, maxc = 0;
    for (int c = 0; c < 3; c++) {
        double a = ls * (cbuf[c] / PREFILTER_WHITE);
        if (a > maxa) {
            maxa = a;
            maxc = cbuf[c] / PREFILTER_WHITE;
        }
    }
    if (maxa > 255 && highpow >= 0.0) {
        /* keep the hue, lose saturation by (newls / ls)^highpow */
        double newls = 255.0 / maxc, lsratio = pow(newls / ls, highpow), hsv[3];
        for (int c = 0; c < 3; c++) newrgb[c] = newls * (cbuf[c] / PREFILTER_WHITE) / 255.0;
        fr_flame_rgb2hsv(newrgb, hsv);
        hsv[1] *= lsratio;
        fr_flame_hsv2rgb(hsv, newrgb);
        for (int c = 0; c < 3; c++) newrgb[c] *= 255.0;
    } else {
        double newls = 255.0 / maxc, adjhlp = -highpow;
        if (adjhlp > 1) adjhlp = 1;
        if (maxa <= 255) adjhlp = 1.0;
        for (int c = 0; c < 3; c++) newrgb[c] = ((1.0 - adjhlp) * newls + adjhlp * ls) * (cbuf[c] / PREFILTER_WHITE);
    }
}

/* rect.c's tone map of one filtered (or, with earlyclip, unfiltered) value,
 * in place: rgb becomes 0..255 (un-premultiplied when transparent, else
 * composited over the background), t[3] the alpha in [0, 1]. */
static void tonemap_cell(const tone *tn, double t[4])
{
    double alpha, ls, newrgb[3];
    double tmp = t[3] / PREFILTER_WHITE;
    if (t[3] <= 0) {
        alpha = 0.0;
        ls = 0.0;
    } else {
        alpha = calc_alpha(tmp, tn->g, tn->linrange);
        ls = tn->vibrancy * 256.0 * alpha / tmp; /* the unclamped alpha */
        if (alpha < 0.0) alpha = 0.0;
        if (alpha > 1.0) alpha = 1.0;
    }
    calc_newrgb(t, ls, tn->highpow, newrgb);
    for (int c = 0; c < 3; c++) {
        double a = newrgb[c] + (1.0 - tn->vibrancy) * 256.0 * pow(t[c] / PREFILTER_WHITE, tn->g);
        if (!tn->transparency)
            a += (1.0 - alpha) * tn->bg[c];
        else
            a = alpha > 0 ? a / alpha : 0;
        if (a > 255) a = 255;
        if (a < 0) a = 0;
        t[c] = a;
    }
    t[3] = alpha;
}

/* rect.c: the clamp and the truncating cast; NaN (negative filter lobes
 * with vibrancy < 1) fails both compares and comes out 0, as the x86
 * conversion of NaN does in flam3. */
static uint16_t quantise(double a, int bpc)
{
    if (a > 255) a = 255;
    if (a < 0) a = 0;
    if (a != a) return 0;
    return bpc == 16 ? (uint16_t)(a * 256.0) : (uint16_t)(unsigned char)a;
}

static uint16_t quantise_alpha(double a, int transparency, int bpc)
{
    if (!transparency) return bpc == 16 ? 65535 : 255;
    if (a > 1) a = 1;
    if (a < 0) a = 0;
    if (a != a) return 0;
    return bpc == 16 ? (uint16_t)(a * 65535) : (uint16_t)(unsigned char)(a * 255);
}

/* rect.c: the filter window of pixel (i, j) starts at de_offset + (i, j) os. */
static void filter_pixel(const fr_flame_frame *f, const double *accum, int i, int j, double t[4])
{
    int x = f->de_offset + i * f->os, y = f->de_offset + j * f->os;
    t[0] = t[1] = t[2] = t[3] = 0.0;
    for (int ii = 0; ii < f->fwidth; ii++) {
        for (int jj = 0; jj < f->fwidth; jj++) {
            double k = f->filter[ii + jj * f->fwidth];
            const double *ac = accum + ((int64_t)(x + ii) + (int64_t)(y + jj) * f->wb) * 4;
            for (int c = 0; c < 4; c++) t[c] += k * ac[c];
        }
    }
}

fr_status fr_flame_tonemap(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, double *accum,
                           int earlyclip, int transparency, int bpc, uint16_t *out)
{
    if (!g || !f || !accum || !out) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_tonemap: NULL argument");
    if (bpc != 8 && bpc != 16) return fr_fail(ctx, FR_ERR_INVALID, "bits per channel must be 8 or 16, not %d", bpc);
    tone tn;
    tone_setup(g, transparency != 0, &tn);

    if (earlyclip) { /* every cell, gutter included */
        int64_t n = (int64_t)f->wb * f->hb;
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
        for (int64_t i = 0; i < n; i++) tonemap_cell(&tn, accum + i * 4);
    }

#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
    for (int j = 0; j < f->height; j++) {
        for (int i = 0; i < f->width; i++) {
            double t[4];
            filter_pixel(f, accum, i, j, t);
            if (!earlyclip) tonemap_cell(&tn, t);
            uint16_t *p = out + ((int64_t)i + (int64_t)j * f->width) * 4;
            for (int c = 0; c < 3; c++) p[c] = quantise(t[c], bpc);
            p[3] = quantise_alpha(t[3], tn.transparency, bpc);
        }
    }
    return FR_OK;
}
