/*
 * flame_xform_eval.h - the spatial part of an xform as flam3 3.1.1 applies
 * it: the affine map, the weighted sum of the active variations, the post
 * affine, and flam3's "bad value" test.
 *
 * fr_flame_xform_precalc turns a genome xform into an fr_flame_xform_pre
 * once per genome: the active variations in evaluation order, their
 * parameters, and the values flam3 precomputes per xform. The prepared form
 * is plain old data (no pointers), so it can be copied to a device as is.
 * It holds only its own variations' parameters (prm, a block a variation,
 * FR_FLAME_XPARAM at most, for at most FR_FLAME_XVAR regular variations),
 * so that the thousands a motion-blurred frame prepares (an xform a time
 * step) stay small: about 8 KB, not every parameter of every variation.
 */
#ifndef FR_FLAME_XFORM_EVAL_H
#define FR_FLAME_XFORM_EVAL_H

#include "flame/flame_genome.h"
#include "flame/flame_rng.h"
#include "flame/flame_variations.h"

/* Shared per-point quantities the active variations read (fr_flame_xform_pre
 * .flags). Each is computed once per application, only when some active
 * variation needs it. */
enum {
    FR_FLAME_NEED_R2 = 1,     /* r^2 = tx^2 + ty^2 */
    FR_FLAME_NEED_R = 2,      /* r = sqrt(r^2) (implies R2) */
    FR_FLAME_NEED_ATAN = 4,   /* atan2(tx, ty): flam3's precalc_atan */
    FR_FLAME_NEED_ANGLES = 8, /* tx / r, ty / r: flam3's precalc_sina, _cosa (implies R) */
    FR_FLAME_NEED_ATANYX = 16, /* atan2(ty, tx): flam3's precalc_atanyx */
    FR_FLAME_NEED_Z3 = 32,    /* not a quantity: the variation writes z (FR_VF_3D) */
    FR_FLAME_NEED_ZW = 64,    /* not a quantity: Ember gives the variation z = w * z (a pre_/post_
                                 one's needs; a regular one's is fr_flame_xform_pre.zw) */
    FR_FLAME_NEED_SUM = 128,  /* not a quantity: as a regular variation it reads or zeroes the sum so
                                 far (Ember's outPoint), z included: the walker's sum then carries the
                                 z = w z of Ember's from the start (fr_flame_xform_pre.zw_sum) */
    FR_FLAME_NEED_COLOR = 256 /* not a quantity, an xform's flag only (not in var_needs, whose entries
                                 are bytes; a regular, pre_ or post_ one sets it): a variation reads or
                                 sets the walker's colour coordinate (Ember's outPoint.m_ColorX: the
                                 dc_ variations, curl_sp): the walker hands it the colour after the
                                 xform's blend (fr_flame_vctx.pc) and takes it back, mixed by the
                                 xform's var_color (fr_flame_xform_pre.dc_direct) */
};

/* nBlur: what Ember's Precalc derives from its parameters (its clamps
 * applied: at least 3 edges, the hole, the highlight, exactCalc off with
 * circumCircle), and the weight's divisor of adjustToLinear. */
typedef struct fr_flame_nblur {
    double edges, nedges, mid_angle, ang_start, ang_stripes, has_stripes, neg_stripes, max_stripes;
    double ratio_stripes, ratio_complement, ratio_hole, speed1, speed2;
    double exact, circum, equal, tan90m2, sina, cosa, arctan1, arctan2, wdiv;
} fr_flame_nblur;

/* The regular variations an xform may have (those of the real genomes
 * seen: at most 12), and the parameters of all its variations, regular,
 * pre_ and post_ together (seen: at most 43; the largest variation has 35).
 * A genome beyond them is refused (fr_flame_xform_fits). */
#define FR_FLAME_XVAR 64
#define FR_FLAME_XPARAM 384

/* What the variation formulas read of an xform besides their own
 * parameters (fr_flame_vctx.pv): the affine map and the values flam3
 * precomputes from one slot's parameters (the regular variations', or
 * Ember's pre_ or post_ ones', each slot with its own values:
 * pre_julian_power is the pre slot's julian_power). */
typedef struct fr_flame_vset {
    double c[3][2];                        /* the xform's affine map (waves, popcorn, rings, fan) */
    int slot;                              /* FR_SLOT_REG, _PRE or _POST: which variations these are
                                              (those that read the sum so far: fr_flame_sum_so_far) */
    /* flam3's per-xform precomputed values */
    double persp_vsin, persp_vfcos;        /* perspective */
    double julian_rn, julian_cn;           /* julian: |power|, dist / power / 2 */
    double juliascope_rn, juliascope_cn;   /* juliascope: the same */
    double rblur_spin, rblur_zoom;         /* radial_blur: sin, cos of angle * pi / 2 */
    double waves_dx2, waves_dy2;           /* waves: 1 / (c[2][k]^2 + EPS) */
    double disc2_timespi, disc2_sinadd, disc2_cosadd; /* disc2 */
    double ss_pm4, ss_pneg1_n1;            /* super_shape: m / 4, -1 / n1 */
    double rect_ix, rect_iy;               /* rectangles: 1 / x, 1 / y (0 when 0) */
    double rings2_i2dx;                    /* rings2: 1 / (2 (val^2 + EPS)) */
    double wj_cf, wj_rn, wj_cn;            /* wedge_julia */
    double escher_vc, escher_vd;           /* escher: (1 + cos beta) / 2, sin beta / 2 */
    /* Ember's precomputed values */
    double j3_absn, j3_cn;                 /* julia3D: |power|, (1 / power - 1) / 2 */
    double log_half;                       /* log: 0.5 / log(log_base) (0.5 for e) */
    double fo2_rmax;                       /* falloff2: 0.04 scatter */
    double bw_g2, bw_r2, bw_rfactor;       /* bwraps */
    double crop_x0, crop_y0, crop_x1, crop_y1, crop_w, crop_h; /* crop: the ordered box, scatter widths */
    double blin_s, blin_c;                 /* blur_linear: sin, cos of the angle */
    double hex_sin, hex_cos;               /* hexes: sin, cos of rotate turns */
    double ht_re, ht_im, ht2_pa, ht2_r;    /* hypertile's shift; hypertile2's angle 2 pi / p, shift */
    double sc_mode, sc_radial, sc_wrad, sc_wpow, sc_alpha, sc_rcoeff, sc_wrot; /* smartcrop (Ember's names) */
    fr_flame_nblur nblur;                  /* nBlur */
    double sw3r_minr, sw3r_maxr, sw3r_mina, sw3r_maxa; /* swirl3r: the radii in order, their turns */
    double fdb_split;                      /* flowerdb: petals petal_split */
    double osc2_tpf, osc2_tpf2;            /* oscilloscope2: 2 pi frequencyx, 2 pi frequencyy */
    double scry2_tp;                       /* scry2: 2 pi / power */
    double b2_c, b2_cl, b2_cr;             /* boarders2: Zeps |c|, c Zeps |left|, c + c Zeps |right| */
    double expo_k, expo_t;                 /* expo: log |real + i imaginary|, its angle */
    double ht1_pa, ht1_r;                  /* hypertile1: 2 pi / p, the shift */
    double ht3_cx, ht3_cy, ht3_c2, ht3_c2x, ht3_c2y, ht3_s2x, ht3_s2y, ht3_s2z; /* hypertile3D */
    double ht31_pa, ht31_r, ht31_c2, ht31_s2z; /* hypertile3D1 */
    double ht32_pa, ht32_cx, ht32_c2, ht32_c2x, ht32_s2x, ht32_s2y, ht32_s2z; /* hypertile3D2 */
    double murl_cp, murl2_pw;              /* murl: c / (power - 1); murl2: (c + 1)^(2 / power) */
    double sig_sx, sig_sy, sig_ax, sig_ay; /* sigmoid: Ember's steepness and sign */
    double xh_sina, xh_cosa, xh_rat;       /* xheart */
    double pc_c1x, pc_c1y, pc_c2x, pc_c2y; /* poincare: the circles' centres */
    double pc2_cx, pc2_cy;                 /* poincare2: the shift */
} fr_flame_vset;

/* Ember's pre_ and post_ variations of an xform, in their file order: each
 * in turn gets the point (its own shared quantities) and replaces it, or
 * adds to it (FR_VF_SUM). */
typedef struct fr_flame_prepost {
    int n;
    fr_flame_var_id var[FR_FLAME_MAX_PREPOST];
    unsigned char needs[FR_FLAME_MAX_PREPOST]; /* FR_FLAME_NEED_* of each */
    unsigned char sum[FR_FLAME_MAX_PREPOST];   /* adds (FR_VF_SUM) */
    uint16_t poff[FR_FLAME_MAX_PREPOST];       /* where each one's parameters start in prm */
    double w[FR_FLAME_MAX_PREPOST];
} fr_flame_prepost;

typedef struct fr_flame_xform_pre {
    double c[3][2];    /* the affine map, flam3 layout (see flame_genome.h) */
    double post[3][2]; /* the post affine */
    double preblur;    /* pre_blur's weight, 0 = none: it moves the affine
                          image before anything else reads it */
    int has_post;      /* post is not the identity */
    int flags;         /* FR_FLAME_NEED_* */
    int nvar;          /* active variations (pre_blur excluded) */
    int zero_z;        /* flatten is among them: z of the sum is 0 */
    double zw;         /* the weights of those of them Ember gives z = w * z, summed: their z is zw * z
                          (FR_FLAME_NEED_ZW), added after the sum; 0 where zw_sum holds them */
    double zw_sum;     /* an xform with a variation that reads or zeroes the sum so far
                          (FR_FLAME_NEED_SUM): its zw, which the sum then starts with (so that the sum
                          such a variation reads holds them: flam3's come first), else 0 */
    double dc_direct;  /* FR_FLAME_NEED_COLOR: Ember's m_DirectColor (the xform's var_color, default 1,
                          clamped to [0, 1]): the colour out is c + dc_direct (c' - c), c the xform's
                          blend, c' what the variations left */
    fr_flame_var_id var[FR_FLAME_XVAR]; /* their indices, ascending as flam3 sums them */
    uint16_t poff[FR_FLAME_XVAR];       /* where each one's parameters start in prm */
    double w[FR_FLAME_XVAR];            /* their weights */
    fr_flame_vset v;                    /* their precomputed values */
    fr_flame_prepost pre, postv;        /* Ember's pre_ and post_ variations (n 0: none) */
    fr_flame_vset vpre, vpost;          /* their precomputed values (set only when there are some) */
    int nprm;                           /* prm used */
    double prm[FR_FLAME_XPARAM];        /* the parameters of the variations above, a block each (in
                                           the order of FR_PL_*) */
} fr_flame_xform_pre;

/* Whether xf fits a prepared xform: 0, else 1 with *nvar (its regular
 * variations) above FR_FLAME_XVAR, or 2 with *nparam (its variations'
 * parameters) above FR_FLAME_XPARAM. */
int fr_flame_xform_fits(const fr_flame_xform *xf, int *nvar, int *nparam);

/* Prepares xf for fr_flame_xform_apply (an xform that does not fit keeps
 * the variations that do: the renderers refuse it first). */
void fr_flame_xform_precalc(const fr_flame_xform *xf, fr_flame_xform_pre *pre);

/* Ember's reader flattens every xform (a flatten variation added: z 0
 * after the sum) of a genome Ember did not write (no "ember" in its
 * version) and without new_linear, unless the xform has one of a few 3D
 * variations (linear3D, hemisphere, julia3D, bubble, cylinder, zblur,
 * ztranslate, crop, falloff2, pre_/post_rotate_x/y, ...: XmlToEmber's
 * m_FlattenNames) or curl3D_cz: this sets pre->zero_z so. The caller
 * decides when the genome asks for it (fr_flame_genome_flattens). */
void fr_flame_xform_flatten_legacy(const fr_flame_xform *xf, fr_flame_xform_pre *pre);

/* flam3's apply_xform, spatial part: the affine map on (x, y), pre_blur,
 * the sum of the weighted variations, then the post affine when there is
 * one. Returns 0 with the image in (*ox, *oy), or 1 when the image is a bad
 * value as flam3 defines it (a coordinate NaN or beyond +-1e10); then, as
 * flam3 does, (*ox, *oy) is replaced by two fresh uniform draws in [-1, 1)
 * (x first). Colour and opacity are the caller's. */
int fr_flame_xform_apply(const fr_flame_xform_pre *pre, double x, double y, fr_flame_rng *rng,
                         double *ox, double *oy);

/* The same with z (Ember's third coordinate) in and out. */
int fr_flame_xform_apply3(const fr_flame_xform_pre *pre, const double in[3], fr_flame_rng *rng, double out[3]);

/* Whether Ember gives regular variation v z = w * z (linear, spherical and
 * 34 more of flam3's, circlecrop): fr_flame_xform_pre.zw sums their
 * weights. */
int fr_flame_var_zw(int v);

/* Whether variation v reads or sets the walker's colour coordinate (its
 * xform gets FR_FLAME_NEED_COLOR). */
int fr_flame_var_color(int v);

/* One variation alone (for tests): adds weight * V(tx, ty) to (*ox, *oy),
 * where (tx, ty) is the point the variation receives (the affine image),
 * with the (regular) parameters of xf and the values precomputed from them,
 * whether or not xf's weight of it is 0. For pre_blur, which moves the
 * point rather than producing one, it adds that displacement. */
void fr_flame_var_eval(const fr_flame_xform *xf, int var, double weight, double tx, double ty,
                       fr_flame_rng *rng, double *ox, double *oy);

/* The same with z: adds weight * V(t) to o (x, y, z). */
void fr_flame_var_eval3(const fr_flame_xform *xf, int var, double weight, const double t[3], fr_flame_rng *rng,
                        double o[3]);

/* The same with the walker's colour coordinate in and out (*c: what a
 * variation of FR_FLAME_NEED_COLOR sets it to; the others leave it). */
void fr_flame_var_eval3c(const fr_flame_xform *xf, int var, double weight, const double t[3],
                         fr_flame_rng *rng, double o[3], double *c);

/* The whole xform with the colour: fr_flame_xform_apply3, *c the colour
 * after the xform's blend in, the colour out (changed only by an xform of
 * FR_FLAME_NEED_COLOR). */
int fr_flame_xform_apply3c(const fr_flame_xform_pre *pre, const double in[3], fr_flame_rng *rng, double out[3],
                           double *c);

#endif
