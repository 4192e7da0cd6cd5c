/*
 * flame_frame.c - the geometry of one flame render as flam3 3.1.1's
 * rect.c:render_rectangle sets it up: the spatial filter
 * (filters.c:flam3_create_spatial_filter), the gutter and de_offset, the
 * camera, the sample count and the density-estimation kernels
 * (filters.c:flam3_create_de_filters).
 */
#include "flame/flame_frame.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The most samples a render may ask for: about 20 days of the fastest GPU
 * chaos game; beyond it counts would leave their 64-bit integers. */
#define MAX_SAMPLES 1e17

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ------------------------------------------------ filters.c functions */

static double sinc(double x)
{
    x *= M_PI;
    if (x != 0) return sin(x) / x;
    return 1.0;
}

static double gaussian_filter(double x) { return exp(-2.0 * x * x) * sqrt(2.0 / M_PI); }

static double hermite_filter(double t)
{
    if (t < 0.0) t = -t;
    if (t < 1.0) return (2.0 * t - 3.0) * t * t + 1.0;
    return 0.0;
}

static double box_filter(double t) { return (t > -0.5 && t <= 0.5) ? 1.0 : 0.0; }

static double triangle_filter(double t)
{
    if (t < 0.0) t = -t;
    if (t < 1.0) return 1.0 - t;
    return 0.0;
}

static double bell_filter(double t)
{
    if (t < 0) t = -t;
    if (t < .5) return .75 - t * t;
    if (t < 1.5) {
        t = t - 1.5;
        return .5 * (t * t);
    }
    return 0.0;
}

static double b_spline_filter(double t)
{
    if (t < 0) t = -t;
    if (t < 1) {
        double tt = t * t;
        return (.5 * tt * t) - tt + (2.0 / 3.0);
    }
    if (t < 2) {
        t = 2 - t;
        return (1.0 / 6.0) * (t * t * t);
    }
    return 0.0;
}

/* flam3_mitchell_filter, B = C = 1/3 (tt taken before the sign flip). */
static double mitchell_filter(double t)
{
    const double B = 1.0 / 3.0, C = 1.0 / 3.0;
    double tt = t * t;
    if (t < 0) t = -t;
    if (t < 1.0) {
        t = ((12.0 - 9.0 * B - 6.0 * C) * (t * tt)) + ((-18.0 + 12.0 * B + 6.0 * C) * tt) + (6.0 - 2 * B);
        return t / 6.0;
    }
    if (t < 2.0) {
        t = ((-1.0 * B - 6.0 * C) * (t * tt)) + ((6.0 * B + 30.0 * C) * tt) + ((-12.0 * B - 48.0 * C) * t) +
            (8.0 * B + 24 * C);
        return t / 6.0;
    }
    return 0.0;
}

static double blackman_filter(double x) { return 0.42 + 0.5 * cos(M_PI * x) + 0.08 * cos(2 * M_PI * x); }
static double hanning_filter(double x) { return 0.5 + 0.5 * cos(M_PI * x); }
static double hamming_filter(double x) { return 0.54 + 0.46 * cos(M_PI * x); }

static double catrom_filter(double x)
{
    if (x < -2.0) return 0.0;
    if (x < -1.0) return 0.5 * (4.0 + x * (8.0 + x * (5.0 + x)));
    if (x < 0.0) return 0.5 * (2.0 + x * x * (-5.0 - 3.0 * x));
    if (x < 1.0) return 0.5 * (2.0 + x * x * (-5.0 + 3.0 * x));
    if (x < 2.0) return 0.5 * (4.0 + x * (-8.0 + x * (5.0 - x)));
    return 0.0;
}

static double lanczos3_filter(double t)
{
    if (t < 0) t = -t;
    if (t < 3.0) return sinc(t) * sinc(t / 3.0);
    return 0.0;
}

static double lanczos2_filter(double t)
{
    if (t < 0) t = -t;
    if (t < 2.0) return sinc(t) * sinc(t / 2.0);
    return 0.0;
}

static double quadratic_filter(double x)
{
    if (x < -1.5) return 0.0;
    if (x < -0.5) return 0.5 * (x + 1.5) * (x + 1.5);
    if (x < 0.5) return 0.75 - (x * x);
    if (x < 1.5) return 0.5 * (x - 1.5) * (x - 1.5);
    return 0.0;
}

/* filters.c:flam3_spatial_support, in filters.c's numbering. */
static const double spatial_support[14] = {1.5, 1.0, 0.5, 1.0, 1.5, 2.0, 2.0, 1.0, 2.0, 1.0, 1.0, 3.0, 2.0, 1.5};

/* flam3.h's name numbering -> filters.c's function numbering: flam3 3.1.1
 * passes the number through unchanged, so the names 6..12 land on other
 * functions. The table is the identity on purpose; the comments say which
 * function each name gets. */
static const int shape_to_select[14] = {
    0,  /* gaussian  -> gaussian */
    1,  /* hermite   -> hermite */
    2,  /* box       -> box */
    3,  /* triangle  -> triangle */
    4,  /* bell      -> bell */
    5,  /* bspline   -> bspline */
    6,  /* lanczos3  -> mitchell */
    7,  /* lanczos2  -> sinc * blackman */
    8,  /* mitchell  -> catrom */
    9,  /* blackman  -> sinc * hanning */
    10, /* catrom    -> sinc * hamming */
    11, /* hamming   -> lanczos3 * sinc(x/3) */
    12, /* hanning   -> lanczos2 * sinc(x/2) */
    13, /* quadratic -> quadratic */
};

static int filter_select(fr_flame_filter_shape shape)
{
    int s = (int)shape;
    return (s >= 0 && s < 14) ? shape_to_select[s] : 0;
}

/* filters.c:flam3_spatial_filter */
static double spatial_filter_sel(int sel, double x)
{
    switch (sel) {
    case 1: return hermite_filter(x);
    case 2: return box_filter(x);
    case 3: return triangle_filter(x);
    case 4: return bell_filter(x);
    case 5: return b_spline_filter(x);
    case 6: return mitchell_filter(x);
    case 7: return sinc(x) * blackman_filter(x);
    case 8: return catrom_filter(x);
    case 9: return sinc(x) * hanning_filter(x);
    case 10: return sinc(x) * hamming_filter(x);
    case 11: return lanczos3_filter(x) * sinc(x / 3.0);
    case 12: return lanczos2_filter(x) * sinc(x / 2.0);
    case 13: return quadratic_filter(x);
    default: return gaussian_filter(x);
    }
}

double fr_flame_spatial_filter(fr_flame_filter_shape shape, double x)
{
    return spatial_filter_sel(filter_select(shape), x);
}

double fr_flame_spatial_support(fr_flame_filter_shape shape) { return spatial_support[filter_select(shape)]; }

/* ------------------------------------------------------ spatial filter */

/* filters.c:flam3_create_spatial_filter (pixel aspect 1, no fields); a
 * genome Ember wrote with filter 0 has Ember's one tap of weight 1
 * (SpatialFilter::Create: no filter, one bucket a pixel), where flam3
 * makes the kernel at least as wide as the supersample. */
static fr_status create_spatial_filter(fr_context *ctx, const fr_flame_genome *g, fr_flame_frame *f)
{
    if (g->filter == 0.0 && fr_flame_genome_is_ember(g)) {
        if (!(f->filter = malloc(sizeof *f->filter)))
            return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the spatial filter");
        f->filter[0] = 1.0, f->fwidth = 1;
        return FR_OK;
    }
    int sel = filter_select(g->filter_shape);
    double supp = spatial_support[sel];
    double fw = 2.0 * supp * g->supersample * g->filter / 1.0;
    if (!(fw >= 0.0) || fw > 1e5) return fr_fail(ctx, FR_ERR_INVALID, "spatial filter radius %g is out of range", g->filter);
    int fwidth = (int)fw + 1;
    if ((fwidth ^ g->supersample) & 1) fwidth++; /* same parity as the supersample */
    double adjust = fw > 0.0 ? supp * fwidth / fw : 1.0;

    double *k = calloc((size_t)fwidth * fwidth, sizeof *k);
    if (!k) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the spatial filter");
    for (int i = 0; i < fwidth; i++) {
        for (int j = 0; j < fwidth; j++) {
            double ii = ((2.0 * i + 1.0) / (double)fwidth - 1.0) * adjust;
            double jj = ((2.0 * j + 1.0) / (double)fwidth - 1.0) * adjust;
            k[i + j * fwidth] = spatial_filter_sel(sel, ii) * spatial_filter_sel(sel, jj);
        }
    }
    /* normalize_vector */
    double t = 0.0;
    for (int i = 0; i < fwidth * fwidth; i++) t += k[i];
    if (t == 0.0) {
        free(k);
        return fr_fail(ctx, FR_ERR_INVALID, "Spatial filter value is too small: %g", g->filter);
    }
    t = 1.0 / t;
    for (int i = 0; i < fwidth * fwidth; i++) k[i] *= t;
    f->fwidth = fwidth;
    f->filter = k;
    return FR_OK;
}

/* ------------------------------------------------- density estimation */

enum { DE_THRESH = 100 };

/* The gaussian profile of every DE kernel, gauss(1.5 d), whatever the
 * genome's filter_shape. */
static double de_profile(double d) { return gaussian_filter(spatial_support[0] * d); }

/* One kernel of half-width `half` and radius h: the triangle dek <= dej,
 * normalised over the whole square of offsets within d <= 1. */
static void de_kernel(double h, int half, double *coef)
{
    double sum = 0.0;
    for (int dej = -half; dej <= half; dej++)
        for (int dek = -half; dek <= half; dek++) {
            double d = sqrt((double)(dej * dej + dek * dek)) / h;
            if (d <= 1.0) sum += de_profile(d);
        }
    int idx = 0;
    for (int dej = 0; dej <= half; dej++)
        for (int dek = 0; dek <= dej; dek++) {
            double d = sqrt((double)(dej * dej + dek * dek)) / h;
            coef[idx++] = d > 1.0 ? 0.0 : de_profile(d) / sum;
        }
}

/* filters.c:flam3_create_de_filters(max_rad, min_rad, curve, ss). */
static fr_status create_de_filters(fr_context *ctx, double max_rad, double min_rad, double curve, int ss,
                                   fr_flame_de *de)
{
    memset(de, 0, sizeof *de);
    if (!(curve > 0.0)) return fr_fail(ctx, FR_ERR_INVALID, "estimator curve must be > 0");
    if (max_rad < min_rad)
        return fr_fail(ctx, FR_ERR_INVALID, "estimator must be larger than estimator_minimum");
    double cmax = max_rad * ss + 1, cmin = min_rad * ss + 1;
    double nf = pow(cmax / cmin, 1.0 / curve);
    if (!(nf <= 1e7)) return fr_fail(ctx, FR_ERR_INVALID, "too many filters required in this configuration (%g)", nf);
    int num = (int)ceil(nf), max_ind;
    if (num > DE_THRESH) {
        max_ind = (int)ceil(DE_THRESH + pow(num - DE_THRESH, curve)) + 1;
        de->max_filtered_counts = (int)pow((double)(max_ind - DE_THRESH), 1.0 / curve) + DE_THRESH;
    } else {
        max_ind = num;
        de->max_filtered_counts = max_ind;
    }
    int row = (int)(2 * ceil(cmax) - 1), half = (row - 1) / 2;
    de->kernel_size = (half + 1) * (2 + half) / 2;
    de->curve = curve;
    de->coef = calloc((size_t)max_ind * de->kernel_size, sizeof *de->coef);
    de->width = calloc((size_t)max_ind, sizeof *de->width);
    if (!de->coef || !de->width) {
        free(de->coef), free(de->width);
        memset(de, 0, sizeof *de);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the density-estimation kernels");
    }
    de->max_filter_index = 0;
    for (int k = 0; k < max_ind; k++) {
        double h;
        if (k < DE_THRESH)
            h = cmax / pow(k + 1, curve);
        else
            h = cmax / pow(pow(k - DE_THRESH, 1.0 / curve) + DE_THRESH + 1, curve);
        if (h <= cmin) { /* the narrowest kernel: stop here */
            h = cmin;
            de->max_filter_index = k;
        }
        de->width[k] = h;
        de_kernel(h, half, de->coef + (size_t)k * de->kernel_size);
        if (de->max_filter_index > 0) break;
    }
    if (de->max_filter_index == 0) de->max_filter_index = max_ind - 1;
    return FR_OK;
}

static void de_free(fr_flame_de *de)
{
    free(de->width);
    free(de->coef);
    memset(de, 0, sizeof *de);
}

/* ------------------------------------------------------------- camera */

/* rect.c:render_rectangle, "compute camera" (pixel aspect 1, no fields). */
void fr_flame_frame_camera(const fr_flame_genome *g, const fr_flame_frame *f, fr_flame_camera *c, double *ppu,
                           double *sample_density)
{
    double zscale = pow(2.0, g->zoom);
    const double ppux = g->scale * zscale, ppuy = ppux;
    if (sample_density) *sample_density = g->quality * zscale * zscale;
    if (ppu) *ppu = ppux;
    double t0 = (double)f->gutter / (f->os * ppux), t1 = (double)f->gutter / (f->os * ppuy);
    double corner0 = g->center[0] - f->width / ppux / 2.0;
    double corner1 = g->center[1] - f->image_height / ppuy / 2.0;
    memset(c, 0, sizeof *c);
    c->bounds[0] = corner0 - t0;
    c->bounds[1] = corner1 - t1;
    c->bounds[2] = corner0 + f->width / ppux + t0;
    c->bounds[3] = corner1 + f->image_height / ppuy + t1;
    double size0 = 1.0 / (c->bounds[2] - c->bounds[0]), size1 = 1.0 / (c->bounds[3] - c->bounds[1]);
    /* the whole image's bucket grid (a strip's frame keeps the image's camera) */
    const double wb = (double)f->os * f->width + 2.0 * f->gutter, hb = (double)f->os * f->image_height + 2.0 * f->gutter;
    c->ws0 = wb * size0;
    c->wb0s0 = c->ws0 * c->bounds[0];
    c->hs1 = hb * size1;
    c->hb1s1 = c->hs1 * c->bounds[1];
    /* iter_thread rotates only when rotate != 0.0, compared exactly */
    c->rotated = g->rotate != 0.0;
    c->rot_cos = cos(g->rotate * 2 * M_PI / 360.0);
    c->rot_sin = sin(g->rotate * 2 * M_PI / 360.0);
    c->rot_center[0] = g->rot_center[0];
    c->rot_center[1] = g->rot_center[1];
    /* the depth of field's half extent: Ember's raster, whose gutter is a
     * fixed 10 pixels a side */
    fr_flame_proj_setup(g->cam_yaw, g->cam_pitch, g->cam_zpos, g->cam_persp, g->cam_dof, g->blur_curve,
                        (f->width / 2.0 + 10.0) / ppux, (f->image_height / 2.0 + 10.0) / ppuy, &c->proj);
}

void fr_flame_camera_get(const fr_flame_frame *f, fr_flame_camera *c)
{
    memset(c, 0, sizeof *c);
    memcpy(c->bounds, f->bounds, sizeof c->bounds);
    c->ws0 = f->ws0, c->wb0s0 = f->wb0s0, c->hs1 = f->hs1, c->hb1s1 = f->hb1s1;
    c->rotated = f->rotated, c->rot_cos = f->rot_cos, c->rot_sin = f->rot_sin;
    c->rot_center[0] = f->rot_center[0], c->rot_center[1] = f->rot_center[1];
    c->proj = f->proj;
}

void fr_flame_camera_put(fr_flame_frame *f, const fr_flame_camera *c)
{
    memcpy(f->bounds, c->bounds, sizeof c->bounds);
    f->ws0 = c->ws0, f->wb0s0 = c->wb0s0, f->hs1 = c->hs1, f->hb1s1 = c->hb1s1;
    f->rotated = c->rotated, f->rot_cos = c->rot_cos, f->rot_sin = c->rot_sin;
    f->rot_center[0] = c->rot_center[0], f->rot_center[1] = c->rot_center[1];
    f->proj = c->proj;
}

int fr_flame_camera_equal(const fr_flame_camera *a, const fr_flame_camera *b)
{
    return !memcmp(a->bounds, b->bounds, sizeof a->bounds) && a->ws0 == b->ws0 && a->wb0s0 == b->wb0s0 &&
           a->hs1 == b->hs1 && a->hb1s1 == b->hb1s1 && a->rotated == b->rotated &&
           (!a->rotated || (a->rot_cos == b->rot_cos && a->rot_sin == b->rot_sin &&
                            a->rot_center[0] == b->rot_center[0] && a->rot_center[1] == b->rot_center[1])) &&
           fr_flame_proj_equal(&a->proj, &b->proj);
}

static void setup_camera(const fr_flame_genome *g, fr_flame_frame *f)
{
    fr_flame_camera c;
    fr_flame_frame_camera(g, f, &c, &f->ppux, &f->sample_density);
    f->ppuy = f->ppux;
    fr_flame_camera_put(f, &c);
}

/* ---------------------------------------------------------- init/free */

fr_status fr_flame_frame_init(fr_context *ctx, const fr_flame_genome *g, fr_flame_frame *f)
{
    memset(f, 0, sizeof *f);
    if (g->width < 1 || g->height < 1)
        return fr_fail(ctx, FR_ERR_INVALID, "image size %d x %d must be at least 1 x 1", g->width, g->height);
    if (g->supersample < 1) return fr_fail(ctx, FR_ERR_INVALID, "supersample must be at least 1, not %d", g->supersample);
    if (g->passes < 1) return fr_fail(ctx, FR_ERR_INVALID, "passes must be at least 1, not %d", g->passes);
    if (!(g->quality > 0.0))
        return fr_fail(ctx, FR_ERR_INVALID, "sample density (quality) must be greater than zero, not %g", g->quality);
    if (!(g->scale > 0.0) || !isfinite(g->zoom) || !isfinite(pow(2.0, g->zoom) * g->scale))
        return fr_fail(ctx, FR_ERR_INVALID, "scale %g / zoom %g out of range", g->scale, g->zoom);
    if (!(fabs(g->estimator_radius) < 1e5))
        return fr_fail(ctx, FR_ERR_INVALID, "estimator_radius %g out of range", g->estimator_radius);
    f->width = g->width;
    f->height = g->height;
    f->image_height = g->height;
    f->os = g->supersample;
    f->passes = g->passes;
    f->ember = fr_flame_genome_is_ember(g);
    f->sumfilt = 1.0;

    fr_status s = create_spatial_filter(ctx, g, f);
    if (s != FR_OK) return s;

    /* gutter: wide enough for the filter and the DE splat (parsed estimator) */
    int os = f->os;
    int gutter = (f->fwidth - os) / 2;
    if (gutter < 0 && fr_flame_genome_is_ember(g)) gutter = 0; /* Ember clamps its filter offset at 0 */
    const double de_radius = fr_flame_de_radius(g);
    int de_fw = (int)ceil(de_radius) * os;
    if (de_fw > 0) de_fw += os - 1;
    if (de_fw > gutter) {
        f->de_offset = de_fw - gutter;
        gutter = de_fw;
    } else {
        f->de_offset = 0;
    }
    f->gutter = gutter;
    int64_t wb = (int64_t)os * g->width + 2 * (int64_t)gutter, hb = (int64_t)os * g->height + 2 * (int64_t)gutter;
    if (wb > INT32_MAX || hb > INT32_MAX || wb * hb > ((int64_t)1 << 40)) {
        fr_flame_frame_free(f);
        return fr_fail(ctx, FR_ERR_INVALID, "bucket grid %lld x %lld is too large", (long long)wb, (long long)hb);
    }
    f->wb = (int)wb;
    f->hb = (int)hb;

    setup_camera(g, f);
    f->nsamples = f->sample_density * f->width * f->height;
    /* (the counts of samples, walkers and passes are 64-bit integers) */
    if (!(f->nsamples <= MAX_SAMPLES)) {
        fr_flame_frame_free(f);
        return fr_fail(ctx, FR_ERR_INVALID, "quality %g at %dx%d asks for %g samples, more than %g", g->quality,
                       g->width, g->height, f->nsamples, MAX_SAMPLES);
    }

    if (de_radius > 0.0) {
        s = create_de_filters(ctx, de_radius, g->estimator_minimum, g->estimator_curve, os, &f->de);
        if (s != FR_OK) {
            fr_flame_frame_free(f);
            return s;
        }
        if (f->de.max_filter_index == 0) de_free(&f->de); /* est_min == est: plain scaling */
    }
    return FR_OK;
}

fr_status fr_flame_frame_set_de(fr_context *ctx, fr_flame_frame *f, const fr_flame_genome *g)
{
    de_free(&f->de);
    if (!(fabs(g->estimator_radius) < 1e5))
        return fr_fail(ctx, FR_ERR_INVALID, "estimator_radius %g out of range", g->estimator_radius);
    const double de_radius = fr_flame_de_radius(g);
    int de_fw = (int)ceil(de_radius) * f->os;
    if (de_fw > 0) de_fw += f->os - 1;
    if (de_fw > f->gutter)
        return fr_fail(ctx, FR_ERR_INVALID, "estimator_radius %g needs a wider gutter than the frame's",
                       g->estimator_radius);
    if (de_radius > 0.0) {
        fr_status s = create_de_filters(ctx, de_radius, g->estimator_minimum, g->estimator_curve, f->os,
                                        &f->de);
        if (s != FR_OK) return s;
        if (f->de.max_filter_index == 0) de_free(&f->de);
    }
    return FR_OK;
}

void fr_flame_raw_add(const fr_flame_frame *f, const fr_flame_bucket_t *src, int64_t stride, fr_flame_bucket_t *raw)
{
    const int64_t rows = (int64_t)f->os * f->height, n = (int64_t)f->os * f->width * FR_FB_CHANNELS;
    for (int64_t r = 0; r < rows; r++) {
        const fr_flame_bucket_t *s = src + r * stride * FR_FB_CHANNELS;
        fr_flame_bucket_t *d = raw + r * n;
        for (int64_t k = 0; k < n; k++) d[k] = fr_flame_bucket_sat_add(d[k], s[k]);
    }
}

void fr_flame_buckets_add(fr_flame_bucket_t *dst, const fr_flame_bucket_t *src, size_t n, int threads)
{
#pragma omp parallel for schedule(static) num_threads(threads)
    for (size_t i = 0; i < n; i++) dst[i] = fr_flame_bucket_sat_add(dst[i], src[i]);
}

void fr_flame_frame_free(fr_flame_frame *f)
{
    free(f->filter);
    f->filter = NULL;
    f->fwidth = 0;
    de_free(&f->de);
}
