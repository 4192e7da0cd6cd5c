/*
 * flame_var_common.h - what the variation formulas share: the indices of the
 * variations and of their parameters (as in fr_flame_vars / fr_flame_params),
 * the per-point context, flam3's constants and two helpers.
 *
 * Everything here and in the flame_var_*.h formula headers is FR_HD: plain
 * C on math.h only, so the same code can be compiled for a GPU.
 */
#ifndef FR_FLAME_VAR_COMMON_H
#define FR_FLAME_VAR_COMMON_H

#include <math.h>

#include "core/hd.h"
#include "flame/flame_rng.h"
#include "flame/flame_xform_eval.h"

/* Variation indices (flam3 3.1.1's order). */
enum {
    FR_V_LINEAR = 0,
    FR_V_SINUSOIDAL = 1,
    FR_V_SPHERICAL = 2,
    FR_V_SWIRL = 3,
    FR_V_HORSESHOE = 4,
    FR_V_POLAR = 5,
    FR_V_HANDKERCHIEF = 6,
    FR_V_HEART = 7,
    FR_V_DISC = 8,
    FR_V_SPIRAL = 9,
    FR_V_HYPERBOLIC = 10,
    FR_V_DIAMOND = 11,
    FR_V_EX = 12,
    FR_V_JULIA = 13,
    FR_V_BENT = 14,
    FR_V_WAVES = 15,
    FR_V_FISHEYE = 16,
    FR_V_POPCORN = 17,
    FR_V_EXPONENTIAL = 18,
    FR_V_POWER = 19,
    FR_V_COSINE = 20,
    FR_V_RINGS = 21,
    FR_V_FAN = 22,
    FR_V_BLOB = 23,
    FR_V_PDJ = 24,
    FR_V_FAN2 = 25,
    FR_V_RINGS2 = 26,
    FR_V_EYEFISH = 27,
    FR_V_BUBBLE = 28,
    FR_V_CYLINDER = 29,
    FR_V_PERSPECTIVE = 30,
    FR_V_NOISE = 31,
    FR_V_JULIAN = 32,
    FR_V_JULIASCOPE = 33,
    FR_V_BLUR = 34,
    FR_V_GAUSSIAN_BLUR = 35,
    FR_V_RADIAL_BLUR = 36,
    FR_V_PIE = 37,
    FR_V_NGON = 38,
    FR_V_CURL = 39,
    FR_V_RECTANGLES = 40,
    FR_V_ARCH = 41,
    FR_V_TANGENT = 42,
    FR_V_SQUARE = 43,
    FR_V_RAYS = 44,
    FR_V_BLADE = 45,
    FR_V_SECANT2 = 46,
    FR_V_TWINTRIAN = 47,
    FR_V_CROSS = 48,
    FR_V_DISC2 = 49,
    FR_V_SUPER_SHAPE = 50,
    FR_V_FLOWER = 51,
    FR_V_CONIC = 52,
    FR_V_PARABOLA = 53,
    FR_V_BENT2 = 54,
    FR_V_BIPOLAR = 55,
    FR_V_BOARDERS = 56,
    FR_V_BUTTERFLY = 57,
    FR_V_CELL = 58,
    FR_V_CPOW = 59,
    FR_V_CURVE = 60,
    FR_V_EDISC = 61,
    FR_V_ELLIPTIC = 62,
    FR_V_ESCHER = 63,
    FR_V_FOCI = 64,
    FR_V_LAZYSUSAN = 65,
    FR_V_LOONIE = 66,
    FR_V_PRE_BLUR = 67,
    FR_V_MODULUS = 68,
    FR_V_OSCILLOSCOPE = 69,
    FR_V_POLAR2 = 70,
    FR_V_POPCORN2 = 71,
    FR_V_SCRY = 72,
    FR_V_SEPARATION = 73,
    FR_V_SPLIT = 74,
    FR_V_SPLITS = 75,
    FR_V_STRIPES = 76,
    FR_V_WEDGE = 77,
    FR_V_WEDGE_JULIA = 78,
    FR_V_WEDGE_SPH = 79,
    FR_V_WHORL = 80,
    FR_V_WAVES2 = 81,
    FR_V_EXP = 82,
    FR_V_LOG = 83,
    FR_V_SIN = 84,
    FR_V_COS = 85,
    FR_V_TAN = 86,
    FR_V_SEC = 87,
    FR_V_CSC = 88,
    FR_V_COT = 89,
    FR_V_SINH = 90,
    FR_V_COSH = 91,
    FR_V_TANH = 92,
    FR_V_SECH = 93,
    FR_V_CSCH = 94,
    FR_V_COTH = 95,
    FR_V_AUGER = 96,
    FR_V_FLUX = 97,
    FR_V_MOBIUS = 98,
    /* beyond flam3 */
    FR_V_LINEAR3D = 99,
    FR_V_FLATTEN = 100,
    FR_V_HEMISPHERE = 101,
    FR_V_JULIA3D = 102,
    FR_V_SPHERICAL3D = 103,
    FR_V_SINEBLUR = 104,
    FR_V_EMOBIUS = 105, /* Ember's "Mobius" (flam3's is "mobius") */
    FR_V_ZTRANSLATE = 106,
    FR_V_ZSCALE = 107,
    FR_V_FOCI3D = 108,
    FR_V_FALLOFF2 = 109,
    FR_V_BWRAPS = 110,
    FR_V_CROP = 111,
    FR_V_TILE_HLP = 112,
    FR_V_TILE_LOG = 113,
    FR_V_TWOFACE = 114,
    FR_V_BLUR_LINEAR = 115,
    FR_V_BLUR_ZOOM = 116,
    FR_V_BLUR_CIRCLE = 117,
    FR_V_UNPOLAR = 118,
    FR_V_ROTATE_X = 119,
    FR_V_ROTATE_Y = 120,
    FR_V_ROTATE_Z = 121,
    FR_V_MIRROR_X = 122,
    FR_V_EPISPIRAL = 123,
    FR_V_HEXES = 124,
    FR_V_SMARTCROP = 125,
    FR_V_CURL3D = 126,
    FR_V_ZCONE = 127,
    FR_V_GAUSSIAN = 128, /* Ember's (flam3's is gaussian_blur) */
    FR_V_POW_BLOCK = 129,
    FR_V_RBLUR = 130,
    FR_V_WDISC = 131,
};

/* Parameter indices into fr_flame_xform_pre.param. */
enum {
    FR_P_BLOB_LOW = 0,
    FR_P_BLOB_HIGH = 1,
    FR_P_BLOB_WAVES = 2,
    FR_P_PDJ_A = 3,
    FR_P_PDJ_B = 4,
    FR_P_PDJ_C = 5,
    FR_P_PDJ_D = 6,
    FR_P_FAN2_X = 7,
    FR_P_FAN2_Y = 8,
    FR_P_RINGS2_VAL = 9,
    FR_P_PERSPECTIVE_ANGLE = 10,
    FR_P_PERSPECTIVE_DIST = 11,
    FR_P_JULIAN_POWER = 12,
    FR_P_JULIAN_DIST = 13,
    FR_P_JULIASCOPE_POWER = 14,
    FR_P_JULIASCOPE_DIST = 15,
    FR_P_RADIAL_BLUR_ANGLE = 16,
    FR_P_PIE_SLICES = 17,
    FR_P_PIE_ROTATION = 18,
    FR_P_PIE_THICKNESS = 19,
    FR_P_NGON_SIDES = 20,
    FR_P_NGON_POWER = 21,
    FR_P_NGON_CIRCLE = 22,
    FR_P_NGON_CORNERS = 23,
    FR_P_CURL_C1 = 24,
    FR_P_CURL_C2 = 25,
    FR_P_RECTANGLES_X = 26,
    FR_P_RECTANGLES_Y = 27,
    FR_P_DISC2_ROT = 28,
    FR_P_DISC2_TWIST = 29,
    FR_P_SUPER_SHAPE_RND = 30,
    FR_P_SUPER_SHAPE_M = 31,
    FR_P_SUPER_SHAPE_N1 = 32,
    FR_P_SUPER_SHAPE_N2 = 33,
    FR_P_SUPER_SHAPE_N3 = 34,
    FR_P_SUPER_SHAPE_HOLES = 35,
    FR_P_FLOWER_PETALS = 36,
    FR_P_FLOWER_HOLES = 37,
    FR_P_CONIC_ECCENTRICITY = 38,
    FR_P_CONIC_HOLES = 39,
    FR_P_PARABOLA_HEIGHT = 40,
    FR_P_PARABOLA_WIDTH = 41,
    FR_P_BENT2_X = 42,
    FR_P_BENT2_Y = 43,
    FR_P_BIPOLAR_SHIFT = 44,
    FR_P_CELL_SIZE = 45,
    FR_P_CPOW_I = 46,
    FR_P_CPOW_R = 47,
    FR_P_CPOW_POWER = 48,
    FR_P_CURVE_XAMP = 49,
    FR_P_CURVE_YAMP = 50,
    FR_P_CURVE_XLENGTH = 51,
    FR_P_CURVE_YLENGTH = 52,
    FR_P_ESCHER_BETA = 53,
    FR_P_LAZYSUSAN_X = 54,
    FR_P_LAZYSUSAN_Y = 55,
    FR_P_LAZYSUSAN_SPIN = 56,
    FR_P_LAZYSUSAN_SPACE = 57,
    FR_P_LAZYSUSAN_TWIST = 58,
    FR_P_MODULUS_X = 59,
    FR_P_MODULUS_Y = 60,
    FR_P_OSCILLOSCOPE_SEPARATION = 61,
    FR_P_OSCILLOSCOPE_FREQUENCY = 62,
    FR_P_OSCILLOSCOPE_AMPLITUDE = 63,
    FR_P_OSCILLOSCOPE_DAMPING = 64,
    FR_P_POPCORN2_X = 65,
    FR_P_POPCORN2_Y = 66,
    FR_P_POPCORN2_C = 67,
    FR_P_SEPARATION_X = 68,
    FR_P_SEPARATION_XINSIDE = 69,
    FR_P_SEPARATION_Y = 70,
    FR_P_SEPARATION_YINSIDE = 71,
    FR_P_SPLIT_XSIZE = 72,
    FR_P_SPLIT_YSIZE = 73,
    FR_P_SPLITS_X = 74,
    FR_P_SPLITS_Y = 75,
    FR_P_STRIPES_SPACE = 76,
    FR_P_STRIPES_WARP = 77,
    FR_P_WEDGE_ANGLE = 78,
    FR_P_WEDGE_HOLE = 79,
    FR_P_WEDGE_COUNT = 80,
    FR_P_WEDGE_SWIRL = 81,
    FR_P_WEDGE_JULIA_ANGLE = 82,
    FR_P_WEDGE_JULIA_COUNT = 83,
    FR_P_WEDGE_JULIA_POWER = 84,
    FR_P_WEDGE_JULIA_DIST = 85,
    FR_P_WEDGE_SPH_ANGLE = 86,
    FR_P_WEDGE_SPH_HOLE = 87,
    FR_P_WEDGE_SPH_COUNT = 88,
    FR_P_WEDGE_SPH_SWIRL = 89,
    FR_P_WHORL_INSIDE = 90,
    FR_P_WHORL_OUTSIDE = 91,
    FR_P_WAVES2_SCALEX = 92,
    FR_P_WAVES2_SCALEY = 93,
    FR_P_WAVES2_FREQX = 94,
    FR_P_WAVES2_FREQY = 95,
    FR_P_WAVES2_FREQZ = 96, /* Ember's, as log_base: not flam3's */
    FR_P_WAVES2_SCALEZ = 97,
    FR_P_LOG_BASE = 98,
    FR_P_AUGER_FREQ = 99,
    FR_P_AUGER_WEIGHT = 100,
    FR_P_AUGER_SYM = 101,
    FR_P_AUGER_SCALE = 102,
    FR_P_FLUX_SPREAD = 103,
    FR_P_MOBIUS_RE_A = 104,
    FR_P_MOBIUS_IM_A = 105,
    FR_P_MOBIUS_RE_B = 106,
    FR_P_MOBIUS_IM_B = 107,
    FR_P_MOBIUS_RE_C = 108,
    FR_P_MOBIUS_IM_C = 109,
    FR_P_MOBIUS_RE_D = 110,
    FR_P_MOBIUS_IM_D = 111,
    FR_P_JULIA3D_POWER = 112,
    FR_P_SINEBLUR_POWER = 113,
    FR_P_EMOBIUS_RE_A = 114, /* .. FR_P_EMOBIUS_IM_D = 121, in flam3's mobius order */
    FR_P_FALLOFF2_SCATTER = 122,
    FR_P_FALLOFF2_MINDIST = 123,
    FR_P_FALLOFF2_MUL_X = 124,
    FR_P_FALLOFF2_MUL_Y = 125,
    FR_P_FALLOFF2_MUL_Z = 126,
    FR_P_FALLOFF2_MUL_C = 127,
    FR_P_FALLOFF2_X0 = 128,
    FR_P_FALLOFF2_Y0 = 129,
    FR_P_FALLOFF2_Z0 = 130,
    FR_P_FALLOFF2_INVERT = 131,
    FR_P_FALLOFF2_TYPE = 132,
    FR_P_BWRAPS_CELLSIZE = 133,
    FR_P_BWRAPS_SPACE = 134,
    FR_P_BWRAPS_GAIN = 135,
    FR_P_BWRAPS_INNER_TWIST = 136,
    FR_P_BWRAPS_OUTER_TWIST = 137,
    FR_P_CROP_LEFT = 138,
    FR_P_CROP_TOP = 139,
    FR_P_CROP_RIGHT = 140,
    FR_P_CROP_BOTTOM = 141,
    FR_P_CROP_SCATTER_AREA = 142,
    FR_P_CROP_ZERO = 143,
    FR_P_TILE_HLP_WIDTH = 144,
    FR_P_TILE_LOG_SPREAD = 145,
    FR_P_BLUR_LINEAR_LENGTH = 146,
    FR_P_BLUR_LINEAR_ANGLE = 147,
    FR_P_BLUR_ZOOM_LENGTH = 148,
    FR_P_BLUR_ZOOM_X = 149,
    FR_P_BLUR_ZOOM_Y = 150,
    FR_P_EPISPIRAL_N = 151,
    FR_P_EPISPIRAL_THICKNESS = 152,
    FR_P_EPISPIRAL_HOLES = 153,
    FR_P_HEXES_CELLSIZE = 154,
    FR_P_HEXES_POWER = 155,
    FR_P_HEXES_ROTATE = 156,
    FR_P_HEXES_SCALE = 157,
    FR_P_SMARTCROP_POWER = 158,
    FR_P_SMARTCROP_RADIUS = 159,
    FR_P_SMARTCROP_ROUNDSTR = 160,
    FR_P_SMARTCROP_ROUNDWIDTH = 161,
    FR_P_SMARTCROP_DISTORTION = 162,
    FR_P_SMARTCROP_EDGE = 163,
    FR_P_SMARTCROP_SCATTER = 164,
    FR_P_SMARTCROP_OFFSET = 165,
    FR_P_SMARTCROP_ROTATION = 166,
    FR_P_SMARTCROP_CROPMODE = 167,
    FR_P_SMARTCROP_STATIC = 168,
    FR_P_CURL3D_CX = 169,
    FR_P_CURL3D_CY = 170,
    FR_P_CURL3D_CZ = 171,
    FR_P_POW_BLOCK_NUMERATOR = 172,
    FR_P_POW_BLOCK_DENOMINATOR = 173,
    FR_P_POW_BLOCK_ROOT = 174,
    FR_P_POW_BLOCK_CORRECTN = 175,
    FR_P_POW_BLOCK_CORRECTD = 176,
    FR_P_RBLUR_STRENGTH = 177,
    FR_P_RBLUR_OFFSET = 178,
    FR_P_RBLUR_CENTER_X = 179,
    FR_P_RBLUR_CENTER_Y = 180,
};

/* flam3's EPS, added to denominators near zero. */
#define FR_FLAME_EPS 1e-10

/* The point a variation receives and the shared quantities derived from it
 * (valid when the xform's flags ask for them), and the running sum. z is
 * Ember's third coordinate: flam3's variations leave it out of the sum (as
 * Ember's 2D ones, whose z is 0), the 3D ones add to it. */
typedef struct fr_flame_vctx {
    double tx, ty;   /* the affine image (moved by pre_blur, if any) */
    double tz;       /* its z (the affine map keeps z) */
    double r2, r;    /* tx^2 + ty^2, its square root */
    double atan_xy;  /* atan2(tx, ty) */
    double sina;     /* tx / r */
    double cosa;     /* ty / r */
    double atan_yx;  /* atan2(ty, tx) */
    double p0, p1;   /* sum of the weighted variations */
    double p2;       /* z of the sum */
} fr_flame_vctx;

/* flam3 converts doubles to int with C casts, which x86 (where flam3 runs)
 * turns into INT_MIN for NaN and out-of-range values; C leaves those
 * undefined, so they are spelled out here. */
FR_HD int fr_flame_d2i(double d)
{
    if (d > -2147483649.0 && d < 2147483648.0)
        return (int)d;
    return -2147483647 - 1;
}

/* flam3's badvalue(): NaN, or beyond +-1e10. */
FR_HD int fr_flame_bad(double v) { return v != v || v > 1e10 || v < -1e10; }

/* flam3_random_isaac_01 and _11. */
FR_HD double fr_flame_u01(fr_flame_rng *rng) { return fr_flame_rng_01(rng); }
FR_HD double fr_flame_u11(fr_flame_rng *rng) { return 2.0 * fr_flame_rng_01(rng) - 1.0; }

/* The classic variations: flam3's first 49 (linear .. cross) and
 * super_shape. The GPU runs flames that use only these with a kernel
 * compiled for them alone (flame_chaos_classic.cu). */
FR_HD int fr_flame_var_classic(int v) { return (v >= 0 && v <= FR_V_CROSS) || v == FR_V_SUPER_SHAPE; }

/* Sine and cosine of one angle (compilers fuse the pair into one call). */
FR_HD void fr_flame_sincos(double a, double *s, double *c)
{
    *s = sin(a);
    *c = cos(a);
}

#endif
