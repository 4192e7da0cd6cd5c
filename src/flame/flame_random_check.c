/* flame_random_check.c - what flam3-genome learns of a genome by running
 * it: the attractor's bounding box (flam3_estimate_bounding_box), the
 * small test render that rejects degenerate genomes, and the colourings
 * flam3_improve_colors compares by rendering. Renders run on a private CPU
 * context with the scalar kernel (the reference, the same on every
 * processor) and seeds drawn from the genome's stream, so the checks, like
 * the genomes, follow from the seed alone. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_api.h"
#include "flame/flame_random.h"
#include "flame/flame_xform_eval.h"

void fr_flame_random_palette(fr_flame_rand *R, fr_flame_genome *g, double hue)
{
    if (!R->lib || R->lib->n <= 0) {
        for (int i = 0; i < FR_FLAME_PALETTE; i++)
            for (int k = 0; k < 4; k++) g->palette[i][k] = 1.0;
        g->palette_index = -1;
        return;
    }
    const int number = R->lib->number[fr_rand_below(R, R->lib->n)];
    g->palette_index = fr_flame_palette_lib_get(R->lib, number, hue, g->palette) ? number : -1;
}

/* ------------------------------------------------------------ bounding box */

static int cmp_x(const void *a, const void *b)
{
    const double x = ((const double *)a)[0], y = ((const double *)b)[0];
    return x < y ? -1 : x > y;
}

static int cmp_y(const void *a, const void *b)
{
    const double x = ((const double *)a)[1], y = ((const double *)b)[1];
    return x < y ? -1 : x > y;
}

int fr_flame_bounding_box(fr_flame_rand *R, const fr_flame_genome *g, double eps, int nsamples, double bmin[2],
                          double bmax[2])
{
    const int n = g->nxf;
    if (n <= 0 || nsamples <= 0) return 0;
    fr_flame_xform_pre *pre = malloc((size_t)(n + 1) * sizeof *pre);
    double *cum = malloc((size_t)(n + 1) * n * sizeof *cum); /* row 0: weights; row i + 1: after xform i */
    double *pts = malloc((size_t)nsamples * 2 * sizeof *pts);
    int ok = pre && cum && pts;
    for (int i = 0; ok && i < n; i++) fr_flame_xform_precalc(&g->xf[i], &pre[i]);
    if (ok && g->final) fr_flame_xform_precalc(g->final, &pre[n]);
    for (int row = 0; ok && row <= n; row++) {
        double t = 0.0;
        for (int i = 0; i < n; i++) {
            double w = g->xf[i].weight;
            if (row > 0 && g->xf[row - 1].chaos) w *= g->xf[row - 1].chaos[i];
            t += w > 0 ? w : 0.0;
            cum[(size_t)row * n + i] = t;
        }
        if (!(t > 0.0)) ok = 0; /* nothing to iterate */
    }
    int got = 0, bad = 0;
    if (ok) {
        /* flam3_iterate: a uniform start, 20 discarded, a bad value retried
         * from a fresh point up to 4 times, the final xform on the kept copy */
        double x = fr_rand11(R), y = fr_rand11(R);
        int last = 0, consec = 0;
        for (int i = -20; i < nsamples; i++) {
            const double *c = cum + (size_t)last * n;
            const double u = fr_rand01(R) * c[n - 1];
            int fn = 0;
            while (fn < n - 1 && !(u < c[fn])) fn++;
            double qx, qy;
            if (fr_flame_xform_apply(&pre[fn], x, y, &R->r, &qx, &qy)) {
                bad++;
                if (++consec < 5) {
                    x = qx, y = qy;
                    i--;
                    continue;
                }
            }
            consec = 0;
            last = fn + 1;
            x = qx, y = qy;
            if (g->final && (g->final->opacity == 1.0 || fr_rand01(R) < g->final->opacity))
                fr_flame_xform_apply(&pre[n], x, y, &R->r, &qx, &qy);
            if (i >= 0 && isfinite(qx) && isfinite(qy)) pts[2 * got] = qx, pts[2 * got + 1] = qy, got++;
        }
    }
    free(pre);
    free(cum);
    if (got < 2) {
        free(pts);
        return 0;
    }
    if (bad / (double)nsamples > eps) eps = 3 * bad / (double)nsamples;
    if (eps > 0.3) eps = 0.3;
    const int low = (int)(got * eps), high = got - low;
    if (low == 0) {
        bmin[0] = bmin[1] = 1e10;
        bmax[0] = bmax[1] = -1e10;
        for (int i = 0; i < got; i++)
            for (int k = 0; k < 2; k++) {
                if (pts[2 * i + k] < bmin[k]) bmin[k] = pts[2 * i + k];
                if (pts[2 * i + k] > bmax[k]) bmax[k] = pts[2 * i + k];
            }
    } else {
        qsort(pts, (size_t)got, 2 * sizeof *pts, cmp_x);
        bmin[0] = pts[2 * low], bmax[0] = pts[2 * (high < got ? high : got - 1)];
        qsort(pts, (size_t)got, 2 * sizeof *pts, cmp_y);
        bmin[1] = pts[2 * low + 1], bmax[1] = pts[2 * (high < got ? high : got - 1) + 1];
    }
    free(pts);
    /* flam3 frames even a box of no width, which makes a scale of 1e269 (an
     * attractor collapsed onto a line): such a box is not used */
    return bmax[0] - bmin[0] > 1e-9 && isfinite(bmax[0] - bmin[0]) && isfinite(bmin[1] + bmax[1]);
}

/* -------------------------------------------------------------- renders */

/* Render g as it stands (its size, camera, quality) into an RGB view:
 * 8-bit RGBA, composited on the background, early clip as flam3-genome's
 * tests render. */
static fr_status render_small(fr_flame_rand *R, const fr_flame_genome *g, fr_image *img)
{
    fr_context *c = fr_context_create();
    if (!c) return fr_fail(R->ctx, FR_ERR_NOMEM, "out of memory");
    fr_context_set_cpu_kernel(c, FR_CPU_KERNEL_SCALAR);
    fr_context_set_threads(c, 1); /* images this small gain nothing from threads */
    struct fr_flames one;
    memset(&one, 0, sizeof one);
    one.file.g = (fr_flame_genome *)g;
    one.file.n = 1;
    fr_flame_options o;
    fr_flame_options_default(&o);
    o.earlyclip = 1;
    o.seed = fr_flame_rng_next(&R->r);
    memset(img, 0, sizeof *img);
    fr_status s = fr_flame_render(c, &one, 0, &o, img, NULL);
    if (s) fr_fail(R->ctx, s, "test render: %s", fr_last_error(c));
    fr_context_destroy(c);
    return s;
}

fr_status fr_flame_test_render(fr_flame_rand *R, const fr_flame_genome *g, double *avg, double *black, double *white)
{
    fr_flame_genome t;
    fr_status s = fr_flame_genome_copy(R->ctx, &t, g);
    if (s) return s;
    /* flam3-genome's test_cp */
    t.time = 0.0;
    t.interpolation = FR_INTERP_LINEAR;
    t.palette_interpolation = FR_PALINTERP_HSV;
    t.hsv_rgb_palette_blend = 0.0;
    t.background[0] = t.background[1] = t.background[2] = 0.0;
    t.center[0] = t.center[1] = t.rot_center[0] = t.rot_center[1] = 0.0;
    t.rotate = 0.0;
    t.scale = 64;
    t.width = t.height = 128;
    t.supersample = 1;
    t.filter = 0.5;
    t.filter_shape = FR_FILTER_GAUSSIAN;
    t.highlight_power = 1.0;
    t.zoom = 0.0;
    t.quality = 1;
    t.passes = 1;
    t.temporal_samples = 1;
    t.estimator_radius = 0.0;
    t.estimator_minimum = 0.0;
    t.estimator_curve = 0.6;
    fr_image img;
    s = render_small(R, &t, &img);
    fr_flame_genome_free(&t);
    if (s) return s;
    const int ch = fr_image_channels(&img);
    const unsigned char *p = img.pixels;
    const size_t n = (size_t)img.width * img.height;
    double tot = 0;
    size_t nb = 0, nw = 0;
    for (size_t i = 0; i < n; i++, p += ch) {
        tot += p[0] + p[1] + p[2];
        nb += p[0] == 0 && p[1] == 0 && p[2] == 0;
        nw += p[0] == 255 && p[1] == 255 && p[2] == 255;
    }
    fr_image_free(&img);
    *avg = tot / (3.0 * n);
    *black = nb / (double)n;
    *white = nw / (double)n;
    return FR_OK;
}

/* ---------------------------------------------------------------- colours */

/* try_colors: the fraction of a res^3 colour grid the genome's render at
 * about 10000 pixels (quality 1, no density estimation) reaches. flam3
 * 3.1.1 divides two integers here, which makes every colouring score 0 and
 * flam3_improve_colors keep the first; this is the division meant. */
static fr_status try_colors(fr_flame_rand *R, const fr_flame_genome *g, int res, double *score)
{
    fr_flame_genome t;
    fr_status s = fr_flame_genome_copy(R->ctx, &t, g);
    if (s) return s;
    t.quality = 1;
    t.supersample = 1;
    t.estimator_radius = 0.0;
    const double scalar = sqrt(10000.0 / ((double)g->width * g->height));
    t.width = (int)(t.width * scalar);
    t.height = (int)(t.height * scalar);
    t.scale *= scalar;
    t.passes = 1;
    t.temporal_samples = 1;
    if (t.width < 1) t.width = 1;
    if (t.height < 1) t.height = 1;
    fr_image img;
    s = render_small(R, &t, &img);
    fr_flame_genome_free(&t);
    if (s) return s;
    const int res3 = res * res * res;
    int *hist = calloc((size_t)res3, sizeof *hist);
    if (!hist) {
        fr_image_free(&img);
        return fr_fail(R->ctx, FR_ERR_NOMEM, "out of memory");
    }
    const int ch = fr_image_channels(&img);
    const unsigned char *p = img.pixels;
    for (size_t i = 0; i < (size_t)img.width * img.height; i++, p += ch)
        hist[(p[0] * res / 256) + (p[1] * res / 256) * res + (p[2] * res / 256) * res * res]++;
    int hits = 0;
    for (int i = 0; i < res3; i++) hits += hist[i] != 0;
    free(hist);
    fr_image_free(&img);
    *score = hits / (double)res3;
    return FR_OK;
}

/* random_xform: one of weight > 0 other than `excluded`, in 100 tries, or -1. */
static int random_xform(fr_flame_rand *R, fr_flame_genome *g, int excluded)
{
    for (int t = 0; t < 100; t++) {
        const int i = fr_rand_below(R, fr_flame_nxforms(g));
        if (fr_flame_xform_at(g, i)->weight > 0.0 && i != excluded) return i;
    }
    return -1;
}

/* change_colors: every xform a random colour, one of them 0 and another 1
 * (each half the time); with change_palette a new palette, unrotated. */
static void change_colors(fr_flame_rand *R, fr_flame_genome *g, int change_palette)
{
    if (change_palette) {
        g->hue_rotation = 0.0;
        fr_flame_random_palette(R, g, 0.0);
    }
    for (int k = 0; k < fr_flame_nxforms(g); k++) fr_flame_xform_at(g, k)->color = fr_rand01(R);
    const int x0 = random_xform(R, g, -1);
    const int x1 = random_xform(R, g, x0);
    if (x0 >= 0 && fr_rand_bit(R)) fr_flame_xform_at(g, x0)->color = 0.0;
    if (x1 >= 0 && fr_rand_bit(R)) fr_flame_xform_at(g, x1)->color = 1.0;
}

/* What a colouring changes: the xforms' colours and the palette. */
typedef struct colouring {
    double *color;
    double palette[FR_FLAME_PALETTE][4];
    int palette_index;
    double hue;
} colouring;

static void keep(colouring *c, fr_flame_genome *g)
{
    for (int k = 0; k < fr_flame_nxforms(g); k++) c->color[k] = fr_flame_xform_at(g, k)->color;
    memcpy(c->palette, g->palette, sizeof c->palette);
    c->palette_index = g->palette_index;
    c->hue = g->hue_rotation;
}

fr_status fr_flame_improve_colors(fr_flame_rand *R, fr_flame_genome *g, int ntries, int change_palette, int res)
{
    colouring *best = malloc(sizeof *best);
    if (best) best->color = malloc((size_t)fr_flame_nxforms(g) * sizeof(double) + 1);
    if (!best || !best->color) {
        free(best);
        return fr_fail(R->ctx, FR_ERR_NOMEM, "out of memory");
    }
    double top, b;
    fr_status s = try_colors(R, g, res, &top);
    if (!s) keep(best, g);
    for (int i = 0; !s && i < ntries; i++) {
        change_colors(R, g, change_palette);
        s = try_colors(R, g, res, &b);
        if (!s && b > top) top = b, keep(best, g);
    }
    if (!s) {
        for (int k = 0; k < fr_flame_nxforms(g); k++) fr_flame_xform_at(g, k)->color = best->color[k];
        memcpy(g->palette, best->palette, sizeof g->palette);
        g->palette_index = best->palette_index;
        g->hue_rotation = best->hue;
    }
    free(best->color);
    free(best);
    return s;
}
