/*
 * flame_genome.h - a flam3 genome in memory: what the XML reader fills and
 * the writer writes back, and what the renderer reads.
 *
 * Field meanings follow flam3 3.1.1; the comment names the XML attribute.
 * Affine coefficients keep flam3's layout: coefs="a b c d e f" is
 * c[0][0] c[0][1] c[1][0] c[1][1] c[2][0] c[2][1] and a point maps to
 *   x' = c[0][0] x + c[1][0] y + c[2][0],  y' = c[0][1] x + c[1][1] y + c[2][1].
 */
#ifndef FR_FLAME_GENOME_H
#define FR_FLAME_GENOME_H

#include "fractalis.h"
#include "flame/flame_curves.h"
#include "flame/flame_variations.h"

#define FR_FLAME_PALETTE 256

/* An attribute we do not interpret, kept for the round trip. */
typedef struct fr_flame_attr {
    char *name;
    char *value;
} fr_flame_attr;

/* A <motion> element of an xform (flam3 3.1): the attributes it sets vary
 * the xform's values periodically over the genome's time. */
typedef enum fr_flame_motion_fn {
    FR_MOTION_SIN = 1,
    FR_MOTION_TRIANGLE = 2,
    FR_MOTION_HILL = 3
} fr_flame_motion_fn;

typedef struct fr_flame_xform fr_flame_xform;

/* Ember's pre_ or post_ variations of an xform (pre_julian="0.5"
 * pre_julian_power="3"): their variations in file order, as Ember applies
 * them, and the slot's own parameters (pre_julian_power is param[julian_power]). */
typedef struct fr_flame_slot {
    int n;
    short var[FR_FLAME_MAX_PREPOST];
    double w[FR_FLAME_MAX_PREPOST];
    double param[FR_FLAME_NPARAM]; /* defaults as the regular ones */
} fr_flame_slot;

typedef struct fr_flame_motion {
    double freq;             /* motion_frequency */
    fr_flame_motion_fn func; /* motion_function */
    fr_flame_xform *xf;      /* the values it varies (0 where not set) */
} fr_flame_motion;

struct fr_flame_xform {
    double weight;      /* weight: selection density (0 for the final xform) */
    double color;       /* color: palette index in [0, 1] */
    double color_speed; /* color_speed (old files: symmetry s -> (1 - s) / 2) */
    double animate;     /* animate (old files: symmetry > 0 -> 0) */
    double opacity;     /* opacity: probability the point is plotted */
    double c[3][2];     /* coefs */
    double post[3][2];  /* post (identity when absent) */
    int has_post;       /* post present and not the identity */
    double var[FR_FLAME_NVAR];      /* variation weights, 0 = off */
    double param[FR_FLAME_NPARAM];  /* variation parameters (flam3 defaults) */
    fr_flame_slot slot[2];          /* Ember's pre_ (slot[0]) and post_ (slot[1]) variations */
    double *chaos;      /* chaos: xaos row, nxf entries (1 = unchanged), or NULL */
    fr_flame_motion *motion; /* <motion> children */
    int nmotion;
    fr_flame_attr *extra; /* attributes kept verbatim */
    int nextra;
    char *children;     /* child elements kept verbatim (not <motion>), or NULL */
};

typedef enum fr_flame_palette_mode { FR_PALETTE_STEP = 0, FR_PALETTE_LINEAR = 1 } fr_flame_palette_mode;

typedef enum fr_flame_interp {
    FR_INTERP_LINEAR = 0,
    FR_INTERP_SMOOTH = 1
} fr_flame_interp;

typedef enum fr_flame_interp_type {
    FR_INTERP_TYPE_LINEAR = 0,
    FR_INTERP_TYPE_LOG = 1,
    FR_INTERP_TYPE_OLD = 2,
    FR_INTERP_TYPE_OLDER = 3
} fr_flame_interp_type;

typedef enum fr_flame_palette_interp {
    FR_PALINTERP_HSV = 0,
    FR_PALINTERP_SWEEP = 1,
    FR_PALINTERP_RGB = 2,
    FR_PALINTERP_HSV_CIRCULAR = 3 /* flam3 3.1.1's default */
} fr_flame_palette_interp;

typedef enum fr_flame_temporal_filter {
    FR_TFILTER_BOX = 0,
    FR_TFILTER_GAUSSIAN = 1,
    FR_TFILTER_EXP = 2
} fr_flame_temporal_filter;

/* flam3's 14 spatial filter shapes, in its numbering. */
typedef enum fr_flame_filter_shape {
    FR_FILTER_GAUSSIAN = 0,
    FR_FILTER_HERMITE = 1,
    FR_FILTER_BOX = 2,
    FR_FILTER_TRIANGLE = 3,
    FR_FILTER_BELL = 4,
    FR_FILTER_BSPLINE = 5,
    FR_FILTER_LANCZOS3 = 6,
    FR_FILTER_LANCZOS2 = 7,
    FR_FILTER_MITCHELL = 8,
    FR_FILTER_BLACKMAN = 9,
    FR_FILTER_CATROM = 10,
    FR_FILTER_HAMMING = 11,
    FR_FILTER_HANNING = 12,
    FR_FILTER_QUADRATIC = 13
} fr_flame_filter_shape;

typedef struct fr_flame_genome {
    char *name;                /* name */
    double time;               /* time */
    int width, height;         /* size="W H" */
    double center[2];          /* center="x y" */
    double rot_center[2];      /* rotation centre (= center unless given) */
    double scale;              /* scale: pixels per unit */
    double zoom;               /* zoom: scale * 2^zoom, quality kept per area */
    double rotate;             /* rotate, degrees */
    int supersample;           /* supersample (old name oversample) */
    double filter;             /* filter: spatial filter radius */
    fr_flame_filter_shape filter_shape; /* filter_shape */
    double quality;            /* quality: samples per output pixel */
    int passes;                /* passes (batches) */
    int temporal_samples;      /* temporal_samples */
    fr_flame_temporal_filter temporal_filter_type; /* temporal_filter_type */
    double temporal_filter_width; /* temporal_filter_width */
    double temporal_filter_exp;   /* temporal_filter_exp */
    double background[3];      /* background="r g b" in [0, 1] */
    double brightness;         /* brightness */
    double gamma;              /* gamma */
    double gamma_threshold;    /* gamma_threshold */
    double vibrancy;           /* vibrancy */
    double highlight_power;    /* highlight_power (-1 = off) */
    double hue_rotation;       /* hue: palette hue rotation in [0, 1) */
    double estimator_radius;   /* estimator_radius (0 = no density estimation) */
    double estimator_minimum;  /* estimator_minimum */
    double estimator_curve;    /* estimator_curve */
    fr_flame_palette_mode palette_mode;      /* palette_mode */
    fr_flame_interp interpolation;           /* interpolation */
    fr_flame_interp_type interpolation_type; /* interpolation_type */
    fr_flame_palette_interp palette_interpolation; /* palette_interpolation */
    double hsv_rgb_palette_blend; /* hsv_rgb_palette_blend: rgb share of an hsv_circular blend */
    int palette_index;         /* palette="N" (-1 = inline colours) */
    /* Ember's (Fractorium's) 3D camera: the point (x, y, z) is turned by
     * yaw (about z) and pitch (about x), moved by -cam_zpos along z and
     * divided by 1 - cam_persp z before binning; cam_dof blurs it by
     * depth (blur_curve shapes the blur across the image). All 0: none. */
    double cam_zpos;           /* cam_zpos */
    double cam_persp;          /* cam_persp (Apophysis also wrote cam_perspective) */
    double cam_yaw;            /* cam_yaw, radians */
    double cam_pitch;          /* cam_pitch, radians */
    double cam_dof;            /* cam_dof: depth-of-field blur */
    double blur_curve;         /* blur_curve: 0 = even blur */
    double logscale_k2;        /* logscale_k2: Ember's fixed k2 of the log scaling (0 = computed) */
    /* Ember's iteration settings, kept (fractalis follows flam3's
     * iteration; see ARCHITECTURE.md "Ember genome features"). */
    int sub_batch_size;        /* sub_batch_size (0 = not given) */
    int fuse;                  /* fuse (0 = not given) */
    int enable_de;             /* enable_de: Apophysis 7X's switch of density estimation (0: none, whatever
                                  estimator_radius says; 1, the default: as it says) */
    double rand_range;         /* rand_range: the start point's range */
    fr_flame_curves curves;    /* curves, overall_curve, red_curve, green_curve, blue_curve */
    double palette[FR_FLAME_PALETTE][4]; /* r g b a in [0, 1], colour premultiplied by a as
                                            flam3 keeps it (rgba="r g b a" -> a*r/255 ...) */
    int symmetry;              /* <symmetry kind="N"/> (0 = none), applied on read: the
                                  xforms it added are in xf, so it is not written back */
    fr_flame_xform *xf;        /* the xforms, nxf of them */
    int nxf;
    fr_flame_xform *final;     /* <finalxform>, or NULL */
    fr_flame_attr *extra;      /* flame attributes kept verbatim (url, nick, ...) */
    int nextra;
    char *children;            /* child elements kept verbatim (<edit>, ...), or NULL */
} fr_flame_genome;

/* A set of genomes read from one file. */
typedef struct fr_flame_file {
    fr_flame_genome *g;
    int n;
    char **warnings; /* one line per distinct unknown attribute or element
                        ("line 12: <xform> attribute 'foo' ignored") */
    int nwarnings;
} fr_flame_file;

/* An xform with flam3's defaults (initialize_xforms): weight 0, color 0,
 * color_speed 0.5, animate 1, opacity 1, linear 1, identity coefs and post,
 * every parameter at fr_flame_params[i].def. */
void fr_flame_xform_init(fr_flame_xform *x);
void fr_flame_xform_free(fr_flame_xform *x);
/* A genome with flam3's defaults (clear_cp with defaults on; each listed in
 * flame_genome_attrs.h): 100 x 100, scale 50, no xforms, an all-zero
 * palette, palette_index -1. */
void fr_flame_genome_init(fr_flame_genome *g);
/* Free the members (not g itself) and leave g as after init. */
void fr_flame_genome_free(fr_flame_genome *g);
/* Deep copy; dst is overwritten (not freed first). */
fr_status fr_flame_genome_copy(fr_context *ctx, fr_flame_genome *dst, const fr_flame_genome *src);
/* 1 if a and b hold the same values (doubles compared exactly, NaN never
 * equal; a missing chaos row equals a row of ones; `symmetry` is not
 * compared: it is a note of what the reader applied), else 0 with the first
 * difference described in why (may be NULL): the attributes in
 * flame_genome_attrs.h's order first, then rot_center, the palette, the
 * xforms and what was kept verbatim. */
int fr_flame_genome_equal(const fr_flame_genome *a, const fr_flame_genome *b, char *why, size_t n);
void fr_flame_file_free(fr_flame_file *f);
/* Whether Ember (Fractorium) wrote g: its kept version attribute starts
 * with "EMBER" (any case). Where Ember's renderer reads a value otherwise
 * than flam3 (a spatial filter radius of 0, the palette lookup at c * 255,
 * k1 without 268 / 256), such a genome is rendered as Ember renders it. */
int fr_flame_genome_is_ember(const fr_flame_genome *g);
/* Whether Ember's reader flattens g's xforms (fr_flame_xform_flatten_legacy):
 * its version does not contain "ember" (any case: XmlToEmber's fromEmber)
 * and it has no new_linear other than 0. */
int fr_flame_genome_flattens(const fr_flame_genome *g);

#endif
