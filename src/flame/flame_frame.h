/*
 * flame_frame.h - the geometry and buffers of one flame render, as flam3
 * 3.1.1's render_rectangle sets them up (see docs/ARCHITECTURE.md, Flames):
 * output size, supersample, the bucket grid with its gutter (wide enough
 * for the spatial filter and the density-estimation splat), the camera
 * mapping a point to a bucket, the sample count, the spatial filter and
 * the density-estimation kernels.
 *
 * Buckets hold what flam3's default ("33-bit") buckets hold: per bucket
 * five unsigned sums R, G, B, A, CNT, each hit adding floor(255 * colour *
 * weight) and floor(255 * weight) (flam3 truncates every add). They are
 * kept in 32-bit integers (fr_flame_bucket_t) that saturate at 2^32 - 1
 * instead of wrapping: a hit adds at most 255, so a channel saturates only
 * after ~16.8 million hits on one bucket in one pass.
 */
#ifndef FR_FLAME_FRAME_H
#define FR_FLAME_FRAME_H

#include <stdint.h>

#include "core/context.h"
#include "core/hd.h"
#include "flame/flame_genome.h"
#include "flame/flame_proj.h"

enum { FR_FB_R = 0, FR_FB_G = 1, FR_FB_B = 2, FR_FB_A = 3, FR_FB_CNT = 4, FR_FB_CHANNELS = 5 };

/* One bucket channel (FR_FB_CHANNELS of them a bucket): unsigned, saturating
 * at FR_FLAME_BUCKET_MAX. Every producer (CPU chaos game, GPU conversion)
 * and consumer (fr_flame_accumulate) uses this type. */
typedef uint32_t fr_flame_bucket_t;
#define FR_FLAME_BUCKET_MAX UINT32_MAX

/* One accumulator channel (4 a cell: R, G, B, A). On the CPU a float, as
 * flam3-render's default (bits=33: integer buckets, float accumulator;
 * flam3 adds `float += double`, as the scalar paths here; the vector splat
 * adds the rounded product, within an ulp): half the memory and the
 * bandwidth of the density splat. On the GPU a double:
 * its splat adds atomically in no fixed order, and in double that order
 * never shows in the image (the same seed gives the same image). */
#ifdef __CUDACC__
typedef double fr_flame_acc_t;
#else
typedef float fr_flame_acc_t;
#endif

/* a + b, saturating. */
FR_HD fr_flame_bucket_t fr_flame_bucket_sat_add(fr_flame_bucket_t a, fr_flame_bucket_t b)
{
    fr_flame_bucket_t s = a + b;
    return s < a ? FR_FLAME_BUCKET_MAX : s;
}

/* Density-estimation kernels (flam3_create_de_filters). */
typedef struct fr_flame_de {
    int max_filter_index;   /* last kernel */
    int max_filtered_counts;
    int kernel_size;        /* coefficients per kernel: (half+1)(half+2)/2 */
    double curve;
    double *width;          /* max_filter_index + 1 radii, in buckets */
    double *coef;           /* (max_filter_index + 1) * kernel_size, triangle dek <= dej */
} fr_flame_de;

typedef struct fr_flame_frame {
    /* output */
    int width, height;      /* pixels */
    int os;                 /* supersample */
    /* buckets */
    int wb, hb;             /* bucket grid: os * size + 2 gutter */
    int gutter;             /* gutter width in buckets */
    int de_offset;          /* where the filter window of pixel 0 starts */
    /* camera: point -> bucket (flam3 rect.c) */
    double ppux, ppuy;      /* pixels per unit (scale * 2^zoom) */
    double bounds[4];       /* x0, y0, x1, y1 inclusive */
    double ws0, wb0s0, hs1, hb1s1;
    int rotated;            /* rotate != 0 */
    double rot_cos, rot_sin, rot_center[2];
    fr_flame_proj proj;     /* Ember's 3D camera, before the above (proj.on 0: none) */
    /* sampling */
    double sample_density;  /* quality * 4^zoom */
    double nsamples;        /* sample_density * width * height (all passes) */
    int passes;
    int ember;              /* Ember (Fractorium) wrote the genome (fr_flame_genome_is_ember):
                               its palette lookup (c * 255) and k1 without flam3's 268 / 256 */
    double sumfilt;         /* mean temporal filter value, k2's divisor (1 unless set by the
                               render's temporal steps, flame_temporal.h) */
    /* spatial filter: fwidth x fwidth taps, normalised */
    int fwidth;
    double *filter;
    /* density estimation (de.max_filter_index == 0: none) */
    fr_flame_de de;
    /* strips (flame_strips.c): this frame renders the image rows y0 ..
     * y0 + height - 1 of an image image_height rows high, and its buckets
     * are the rows row0 .. row0 + hb - 1 of that image's bucket grid; every
     * other field is the whole image's. The whole image: 0, 0, height. */
    int y0, row0, image_height;
} fr_flame_frame;

/* The camera of a frame: where a point's bucket is (rect.c's bounds, ws0,
 * wb0s0, hs1, hb1s1 and rot). A render of interpolated genomes has one per
 * time step (flam3 computes the camera of every temporal sample's genome):
 * each step's job then points to a frame of its own camera
 * (flame_temporal.h), the other fields the render's. */
typedef struct fr_flame_camera {
    double bounds[4];
    double ws0, wb0s0, hs1, hb1s1;
    int rotated;
    double rot_cos, rot_sin, rot_center[2];
    fr_flame_proj proj;
} fr_flame_camera;

/* The camera of genome g (centre, scale, zoom, rotate, rot_center, and
 * Ember's 3D camera: cam_*, blur_curve) in
 * frame f's geometry (size, supersample, gutter, bucket grid), as
 * fr_flame_frame_init computes the frame's own; *ppu and *sample_density
 * (may be NULL) receive g's pixels per unit (scale x 2^zoom) and quality x
 * 4^zoom. */
void fr_flame_frame_camera(const fr_flame_genome *g, const fr_flame_frame *f, fr_flame_camera *c, double *ppu,
                           double *sample_density);
/* The frame's camera, and a camera put into a frame. */
void fr_flame_camera_get(const fr_flame_frame *f, fr_flame_camera *c);
void fr_flame_camera_put(fr_flame_frame *f, const fr_flame_camera *c);
/* 1 when two cameras map every point to the same bucket (equal fields). */
int fr_flame_camera_equal(const fr_flame_camera *a, const fr_flame_camera *b);

/* The density estimator's radius a genome asks for: estimator_radius, or
 * 0 (none) where enable_de is 0. */
static inline double fr_flame_de_radius(const fr_flame_genome *g) { return g->enable_de ? g->estimator_radius : 0.0; }

/* The density-estimation kernels of f replaced by genome g's (estimator,
 * estimator_minimum, estimator_curve; none when g's estimator is 0 or its
 * minimum equals it). g's estimator must not need a wider gutter than f's
 * (a timeline's frame takes its gutter from the widest keyframe, as
 * flam3's render_rectangle does, and the kernels of a pass's first time
 * step). */
fr_status fr_flame_frame_set_de(fr_context *ctx, fr_flame_frame *f, const fr_flame_genome *g);

/* Set up the frame of genome g (its size, quality, supersample, filter,
 * estimator, camera). Errors: bad sizes, a spatial filter that sums to 0,
 * bad estimator settings, as flam3 reports them. */
fr_status fr_flame_frame_init(fr_context *ctx, const fr_flame_genome *g, fr_flame_frame *f);
void fr_flame_frame_free(fr_flame_frame *f);

/* flam3's spatial filter functions (filters.c flam3_spatial_filter) and
 * their supports, indexed by the genome's filter_shape. flam3 3.1.1 numbers
 * the names (flam3.h) and the functions (filters.c) differently, and the
 * number is passed through unchanged, so e.g. FR_FILTER_LANCZOS3 evaluates
 * the Mitchell filter, as flam3-render does (docs: spec 2.4). A shape out
 * of range evaluates as gaussian. */
double fr_flame_spatial_filter(fr_flame_filter_shape shape, double x);
double fr_flame_spatial_support(fr_flame_filter_shape shape);

/* Bucket index of point (x, y) (rotation applied), or -1 outside. A strip
 * frame takes the same bucket of the whole image's grid, less its first
 * row: its buckets are exactly a band of the whole image's. */
FR_HD int64_t fr_flame_bucket(const fr_flame_frame *f, double x, double y)
{
    if (f->rotated) {
        double dx = x - f->rot_center[0], dy = y - f->rot_center[1];
        x = dx * f->rot_cos - dy * f->rot_sin + f->rot_center[0];
        y = dx * f->rot_sin + dy * f->rot_cos + f->rot_center[1];
    }
    if (!(x >= f->bounds[0] && y >= f->bounds[1] && x <= f->bounds[2] && y <= f->bounds[3])) return -1;
    int64_t i = (int64_t)(f->ws0 * x - f->wb0s0), j = (int64_t)(f->hs1 * y - f->hb1s1);
    int64_t b = i + (int64_t)f->wb * (j - f->row0);
    return b >= 0 && b < (int64_t)f->wb * f->hb ? b : -1;
}

/* Bucket row of the frame's grid where its image rows (os per pixel row)
 * begin. */
FR_HD int fr_flame_image_row0(const fr_flame_frame *f) { return f->gutter + f->y0 * f->os - f->row0; }

/* flam3's log-density constants k1, k2 of one pass (rect.c), from the
 * whole image's size (a strip keeps the image's constants). */
void fr_flame_log_constants(const fr_flame_genome *g, const fr_flame_frame *f, double *k1, double *k2);

/* The frame's image buckets (os * height rows of os * width buckets, the
 * gutter left out) added, saturating, into raw (the same layout, x
 * FR_FB_CHANNELS). `src` points at the first image bucket (row
 * fr_flame_image_row0, column gutter) of rows `stride` buckets apart. */
void fr_flame_raw_add(const fr_flame_frame *f, const fr_flame_bucket_t *src, int64_t stride, fr_flame_bucket_t *raw);

/* dst[i] += src[i] for n bucket values, saturating (another part's buckets
 * of a pass: src/multi), on `threads` threads. */
void fr_flame_buckets_add(fr_flame_bucket_t *dst, const fr_flame_bucket_t *src, size_t n, int threads);

/* One pass's buckets (wb * hb * FR_FB_CHANNELS sums) into the accumulator
 * (wb * hb * 4 fr_flame_acc_t R, G, B, A), log-density scaled with flam3's k1, k2
 * and, when the genome asks for it, spread by the density-estimation
 * kernels (rect.c de_thread); else scaled in place. Uses threads; the
 * splat runs over fixed row swaths in two phases (even, then odd), so the
 * result is bit-identical for any thread count. */
fr_status fr_flame_accumulate(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f,
                              const fr_flame_bucket_t *buckets, fr_flame_acc_t *accum);
/* The same with the log-density constants given (a timeline's pass takes
 * those of its last time step, as rect.c). */
fr_status fr_flame_accumulate_k(fr_context *ctx, const fr_flame_frame *f, const fr_flame_bucket_t *buckets,
                                fr_flame_acc_t *accum, double k1, double k2);

/* The accumulator to the image: spatial filter and downsample, gamma with
 * gamma_threshold, vibrancy, highlight_power, background; transparency
 * stores alpha (else 255 / 65535 and the background is composited);
 * earlyclip tone-maps before filtering. out: width * height * 4 values,
 * 0..255 for bpc 8, 0..65535 (colour max 65280 as flam3) for bpc 16. */
fr_status fr_flame_tonemap(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f, fr_flame_acc_t *accum,
                           int earlyclip, int transparency, int bpc, uint16_t *out);

#endif
