/* flame_xform_eval.c - preparing an xform for evaluation (flam3's
 * prepare_precalc_flags and xform_precalc), and the CPU entry points. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flame_xform_core.h"
#include "flame/flame_xform_eval.h"

enum {
    R2 = FR_FLAME_NEED_R2,
    R = FR_FLAME_NEED_R,
    AT = FR_FLAME_NEED_ATAN,
    ANG = FR_FLAME_NEED_ANGLES,
    AYX = FR_FLAME_NEED_ATANYX,
    Z3 = FR_FLAME_NEED_Z3,
    SUM = FR_FLAME_NEED_SUM
};

/* What each variation reads of the shared per-point quantities. */
static const unsigned char var_needs[FR_FLAME_NVAR] = {
    [FR_V_SPHERICAL] = R2,     [FR_V_SWIRL] = R2,        [FR_V_HORSESHOE] = R,
    [FR_V_POLAR] = AT | R,     [FR_V_HANDKERCHIEF] = AT | R, [FR_V_HEART] = AT | R,
    [FR_V_DISC] = AT | R,      [FR_V_SPIRAL] = ANG,      [FR_V_HYPERBOLIC] = ANG,
    [FR_V_DIAMOND] = ANG,      [FR_V_EX] = AT | R,       [FR_V_JULIA] = AT | R,
    [FR_V_FISHEYE] = R,        [FR_V_POWER] = ANG,       [FR_V_RINGS] = ANG,
    [FR_V_FAN] = AT | R,       [FR_V_BLOB] = AT | ANG,   [FR_V_FAN2] = AT | R,
    [FR_V_RINGS2] = ANG,       [FR_V_EYEFISH] = R,       [FR_V_BUBBLE] = R2 | Z3, /* bubble, cylinder: Ember's z */
    [FR_V_CYLINDER] = Z3,
    [FR_V_JULIAN] = AYX | R2,  [FR_V_JULIASCOPE] = AYX | R2, [FR_V_RADIAL_BLUR] = AYX | R,
    [FR_V_NGON] = AYX | R2,    [FR_V_RAYS] = R2,         [FR_V_BLADE] = R,
    [FR_V_SECANT2] = R,        [FR_V_TWINTRIAN] = R,     [FR_V_DISC2] = AT,
    [FR_V_SUPER_SHAPE] = AYX | R, [FR_V_FLOWER] = AYX | R, [FR_V_CONIC] = R,
    [FR_V_PARABOLA] = R,       [FR_V_BIPOLAR] = R2,      [FR_V_CPOW] = AYX | R2,
    [FR_V_EDISC] = R2,         [FR_V_ELLIPTIC] = R2,     [FR_V_ESCHER] = AYX | R2,
    [FR_V_LOONIE] = R2,        [FR_V_POLAR2] = AT | R2,  [FR_V_SCRY] = R,
    [FR_V_WEDGE] = AYX | R,    [FR_V_WEDGE_JULIA] = AYX | R2, [FR_V_WEDGE_SPH] = AYX | R,
    [FR_V_WHORL] = AYX | R,    [FR_V_LOG] = AYX | R2,
    [FR_V_LINEAR3D] = Z3,      [FR_V_FLATTEN] = Z3,      [FR_V_HEMISPHERE] = R2 | Z3,
    [FR_V_JULIA3D] = AYX | R | Z3, [FR_V_SPHERICAL3D] = R2 | Z3, [FR_V_SINEBLUR] = Z3,
    [FR_V_EMOBIUS] = Z3,       [FR_V_ZTRANSLATE] = Z3,   [FR_V_ZSCALE] = Z3,
    [FR_V_WAVES2] = Z3,        [FR_V_FOCI3D] = AYX | Z3, [FR_V_FALLOFF2] = AYX | R2 | Z3,
    [FR_V_BWRAPS] = Z3,        [FR_V_CROP] = Z3,         [FR_V_TWOFACE] = R2,
    [FR_V_BLUR_ZOOM] = Z3,     [FR_V_BLUR_CIRCLE] = Z3,  [FR_V_ROTATE_X] = Z3,
    [FR_V_ROTATE_Y] = Z3,      [FR_V_ROTATE_Z] = Z3,     [FR_V_MIRROR_X] = Z3,
    [FR_V_EPISPIRAL] = AYX,     [FR_V_SMARTCROP] = Z3,    [FR_V_CURL3D] = R2 | Z3,
    [FR_V_ZCONE] = R | Z3,     [FR_V_POW_BLOCK] = R2 | AYX, [FR_V_WDISC] = R | AYX,
    [FR_V_EJULIA] = R2,        [FR_V_SHREDLIN] = Z3,     [FR_V_BARYCENTROID] = Z3,
    [FR_V_GLYNNIA] = R,        [FR_V_FALLOFF] = AYX | Z3, [FR_V_FALLOFF3] = R2 | AYX | Z3,
    [FR_V_Y] = R | AYX,        [FR_V_MIRROR_Y] = Z3,     [FR_V_MIRROR_Z] = Z3,
    [FR_V_ZBLUR] = Z3,         [FR_V_BLUR3D] = Z3,       [FR_V_JULIA3DZ] = R | AYX | Z3,
    [FR_V_DEPTH] = Z3,
    [FR_V_SWIRL3] = R | AYX,   [FR_V_SWIRL3R] = R | AYX, [FR_V_RAYS1] = R | Z3,
    [FR_V_RAYS2] = R2 | Z3,    [FR_V_RAYS3] = R2 | Z3,   [FR_V_FLOWERDB] = R | AYX,
    [FR_V_SCRY2] = R2,
    [FR_V_BLUR_SQUARE] = 0,    [FR_V_DISC3D] = R | AT | Z3, [FR_V_CARDIOID] = R | AYX,
    [FR_V_CHECKS] = Z3,        [FR_V_FDISC] = R | AYX,   [FR_V_GLYNNIA2] = R,
    [FR_V_HOLE] = R | AYX,     [FR_V_IDISC] = R | AYX,
    [FR_V_HYPERTILE3D] = R2 | Z3, [FR_V_HYPERTILE3D1] = R2 | Z3, [FR_V_HYPERTILE3D2] = R2 | Z3,
    [FR_V_MURL] = R2 | AYX,    [FR_V_MURL2] = R2 | AYX,
    [FR_V_POLYNOMIAL] = Z3,    [FR_V_PSPHERE] = Z3,      [FR_V_XHEART] = R2,
    [FR_V_MASK] = R2,          [FR_V_ORTHO] = R,
    [FR_V_SPHERICALN] = R | AYX, [FR_V_LINEART3D] = Z3,  [FR_V_SPHER] = R2,
    [FR_V_ECOLLIDE] = R2,      [FR_V_EMOD] = R2,         [FR_V_EMOTION] = R2,
    [FR_V_EPUSH] = R2,         [FR_V_EROTATE] = R2,      [FR_V_ESCALE] = R2,
    [FR_V_ESWIRL] = R2,        [FR_V_LAZYJESS] = R,       [FR_V_CIRCUS] = R,
    [FR_V_TANCOS] = R2,        [FR_V_RIPPLED] = R2,       [FR_V_JULIANAB] = R2 | Z3,
    [FR_V_SQUARE3D] = Z3,      [FR_V_SUPERSHAPE3D] = Z3,  [FR_V_SPHYP3D] = R2 | Z3,
    [FR_V_CIRCLECROP2] = R | AYX, [FR_V_JULIAN3DX] = R | Z3, [FR_V_FOURTH] = R,
    [FR_V_MOBIQ] = Z3,         [FR_V_SPHERIVOID] = R | Z3, [FR_V_FARBLUR] = Z3,
    [FR_V_HEAT] = R2 | AYX | Z3, [FR_V_SINQ] = Z3,          [FR_V_SINHQ] = Z3,
    [FR_V_SECQ] = R2 | Z3,     [FR_V_SECHQ] = R2 | Z3,    [FR_V_TANQ] = Z3,
    [FR_V_TANHQ] = Z3,         [FR_V_COSQ] = Z3,          [FR_V_COSHQ] = Z3,
    [FR_V_COTQ] = Z3,          [FR_V_COTHQ] = Z3,         [FR_V_CSCQ] = R2 | Z3,
    [FR_V_CSCHQ] = R2 | Z3,    [FR_V_ESTIQ] = Z3,         [FR_V_LOQ] = Z3,
    [FR_V_CURVATURE] = R | AYX, [FR_V_GDOFFS] = Z3,        [FR_V_OCTAGON] = Z3,
    [FR_V_JULIAC] = R2 | AYX,  [FR_V_BLADE3D] = R | Z3,   [FR_V_BLOB3D] = R | AT | Z3,
    [FR_V_BLOCKY] = R2,        [FR_V_BLOCK] = R2,
    [FR_V_GLYNNSIM3] = R,      [FR_V_GLYNNSIM4] = R,      [FR_V_GLYNNSIM5] = R,
    [FR_V_CROPN] = R | AYX,    [FR_V_SHREDRAD] = R | AYX | Z3, [FR_V_OVOID] = R2,
    [FR_V_OVOID3D] = R2 | Z3,  [FR_V_ROUNDSPHER] = R2,    [FR_V_SPIRALWING] = R2,
    [FR_V_SQUARIZE] = R | AYX, [FR_V_SSCHECKS] = R2,      [FR_V_BUBBLE2] = R2 | Z3,
    [FR_V_HO] = Z3,            [FR_V_JULIA3DQ] = R | AYX | Z3, [FR_V_LINE] = Z3,
    [FR_V_LOONIE2] = R,        [FR_V_LOONIE3] = R2,       [FR_V_LOONIE_3D] = R2 | AYX | Z3,
    [FR_V_MCARPET] = R2,       [FR_V_WAVES2_3D] = Z3,     [FR_V_PIE3D] = Z3,
    [FR_V_SINUSOIDAL3D] = Z3,  [FR_V_SCRY_3D] = R2 | AYX | Z3,
    [FR_V_SPLITS3D] = Z3,      [FR_V_GAMMA] = R | AYX,   [FR_V_PROSE3D] = R | AYX | Z3,
    [FR_V_LOG_DB] = R2 | AYX | Z3, [FR_V_CIRCLESPLIT] = R | AYX, [FR_V_WAVES2_RADIAL] = R,
    [FR_V_PANORAMA1] = R2,     [FR_V_PANORAMA2] = R,     [FR_V_HELICOID] = R | AYX | Z3,
    [FR_V_HELIX] = Z3,         [FR_V_CPOW3] = R2 | AYX,  [FR_V_DEPTH_BLUR] = R,
    [FR_V_DEPTH_GAUSSIAN] = R, [FR_V_DEPTH_NGON] = R,    [FR_V_DEPTH_NGON2] = R,
    [FR_V_DEPTH_SINE] = R,     [FR_V_EXCINIS] = R,       [FR_V_D_SPHERICAL] = R2,
    [FR_V_PHOENIX_JULIA] = R2 | Z3, [FR_V_SVF] = Z3,     [FR_V_TARGET] = R | AYX,
    [FR_V_TARGET0] = R | AYX,  [FR_V_TARGET2] = R | AYX,  [FR_V_TAURUS] = Z3,
    [FR_V_FLIPCIRCLE] = R2,    [FR_V_SPLITBRDR] = R2,     [FR_V_XERF] = R2 | Z3,
    [FR_V_SYNTH] = R | AT,     [FR_V_W] = R | AYX,        [FR_V_X] = R2 | AYX,
    [FR_V_Z] = R | AYX,
    [FR_V_BLUR_PIXELIZE] = Z3, [FR_V_JULIAQ] = R2 | AYX,  [FR_V_NPOLAR] = R2 | AT | AYX,
    [FR_V_POINCARE3D] = R2 | Z3, [FR_V_CPOW2] = R2 | AYX,
    [FR_V_MOBIUSN] = R | AYX,  [FR_V_COLLIDEOSCOPE] = R | AYX, [FR_V_WAVESN] = R2 | AYX,
    [FR_V_BUBBLET3D] = R2 | AT | Z3, [FR_V_SPHEREBLUR] = Z3, [FR_V_SMARTSHAPE] = R | AYX,
    [FR_V_HYPERCROP] = AYX | Z3, [FR_V_GLYNNSIM1] = R,   [FR_V_GLYNNSIM2] = R,
    /* those that read or zero the sum so far (flame_var_ember_v10.h) */
    [FR_V_CUBIC3D] = Z3 | SUM, [FR_V_CUBIC_LATTICE3D] = Z3 | SUM, [FR_V_POPCORN2_3D] = AYX | Z3 | SUM,
    [FR_V_HEXCROP] = Z3 | SUM, [FR_V_CONCENTRIC] = Z3 | SUM, [FR_V_HYPERSHIFT] = SUM,
    [FR_V_HYPERSHIFT2] = Z3 | SUM, [FR_V_OCTAPOL] = Z3 | SUM,
    [FR_V_EXTRUDE] = Z3 | SUM, [FR_V_ROUNDSPHER3D] = R | Z3 | SUM,
    [FR_V_CROB] = 0, /* (it writes over the affine image instead: flame_var_ember_v10.h) */
    /* those that read or set the colour (flame_var_ember_v11.h; FR_FLAME_NEED_COLOR: var_color) */
    [FR_V_DC_BUBBLE] = R2 | Z3, [FR_V_DC_CUBE] = Z3, [FR_V_DC_CYLINDER] = Z3, [FR_V_DC_LINEAR] = Z3,
    [FR_V_DC_TRIANGLE] = Z3, [FR_V_DC_ZTRANSL] = Z3, [FR_V_RAND_CUBES] = Z3 | SUM, [FR_V_CURL_SP] = Z3,
};

/* The variations that read or set the walker's colour coordinate (Ember's
 * outPoint.m_ColorX): an xform with one, regular, pre_ or post_, has
 * FR_FLAME_NEED_COLOR (var_needs' bytes have no room for it). */
static const unsigned char var_color[FR_FLAME_NVAR] = {
    [FR_V_DC_BUBBLE] = 1,   [FR_V_DC_CARPET] = 1,  [FR_V_DC_CUBE] = 1,    [FR_V_DC_CYLINDER] = 1,
    [FR_V_DC_GRIDOUT] = 1,  [FR_V_DC_LINEAR] = 1,  [FR_V_DC_TRIANGLE] = 1, [FR_V_DC_ZTRANSL] = 1,
    [FR_V_RAND_CUBES] = 1,  [FR_V_PIXEL_FLOW] = 1, [FR_V_CURL_SP] = 1,
};

int fr_flame_var_color(int v) { return v >= 0 && v < FR_FLAME_NVAR && var_color[v]; }

/* Ember's m_DirectColor: the xform's var_color (kept verbatim among its
 * attributes), default 1, clamped to [0, 1] as Ember's Xform does. */
static double xform_direct_color(const fr_flame_xform *xf)
{
    for (int i = 0; i < xf->nextra; i++)
        if (xf->extra[i].name && xf->extra[i].value && !strcmp(xf->extra[i].name, "var_color")) {
            char *end;
            const double d = strtod(xf->extra[i].value, &end);
            if (end == xf->extra[i].value) break;
            return d < 0 ? 0.0 : d > 1 ? 1.0 : d != d ? 0.0 : d;
        }
    return 1.0;
}

/* The variations of flam3's that Ember gives z = w * z (every
 * `helper.Out.z = m_Weight * helper.In.z` of Variations01.h to 07.h; the
 * 3D ones among them, rays1 .. helix, write their z themselves), and
 * circlecrop (z = w * z as a regular variation only: a pre_/post_ one
 * keeps z). bubble and cylinder give a z of their own (in their bodies);
 * the others of flam3's give z 0 as regular variations (Ember's
 * DefaultZ). bipolar's is w * z off its degenerate points. */
static const unsigned char var_zw[FR_FLAME_NVAR] = {
    [FR_V_LINEAR] = 1,     [FR_V_SINUSOIDAL] = 1, [FR_V_SPHERICAL] = 1,    [FR_V_SWIRL] = 1,
    [FR_V_HORSESHOE] = 1,  [FR_V_POLAR] = 1,      [FR_V_DISC] = 1,         [FR_V_SPIRAL] = 1,
    [FR_V_HYPERBOLIC] = 1, [FR_V_PDJ] = 1,        [FR_V_FAN2] = 1,         [FR_V_RINGS2] = 1,
    [FR_V_EYEFISH] = 1,    [FR_V_NOISE] = 1,      [FR_V_JULIAN] = 1,       [FR_V_JULIASCOPE] = 1,
    [FR_V_BLUR] = 1,       [FR_V_GAUSSIAN_BLUR] = 1, [FR_V_RADIAL_BLUR] = 1, [FR_V_NGON] = 1,
    [FR_V_RECTANGLES] = 1, [FR_V_SQUARE] = 1,     [FR_V_CROSS] = 1,        [FR_V_BIPOLAR] = 1,
    [FR_V_ESCHER] = 1,     [FR_V_FOCI] = 1,       [FR_V_LAZYSUSAN] = 1,    [FR_V_LOONIE] = 1,
    [FR_V_POLAR2] = 1,     [FR_V_SEPARATION] = 1, [FR_V_SPLITS] = 1,       [FR_V_WEDGE] = 1,
    [FR_V_LOG] = 1,        [FR_V_AUGER] = 1,      [FR_V_CIRCLECROP] = 1,
};

int fr_flame_var_zw(int v) { return v >= 0 && v < FR_FLAME_NVAR && var_zw[v]; }

/* bwraps: Ember's bubble radius, gain and scale of a cell. */
static void fr_flame_bwraps_precalc(const double *p, fr_flame_vset *vs)
{
    const double space = p[FR_P_BWRAPS_SPACE], gain = p[FR_P_BWRAPS_GAIN];
    const double radius = 0.5 * (p[FR_P_BWRAPS_CELLSIZE] / (1.0 + space * space));
    vs->bw_g2 = gain * gain + 1.0e-6;
    double maxb = vs->bw_g2 * radius;
    if (maxb > 2.0)
        maxb = 1.0;
    else
        maxb *= 1.0 / (maxb * maxb / 4.0 + 1.0);
    vs->bw_r2 = fr_flame_zeps(radius * radius);
    vs->bw_rfactor = radius / maxb;
}

/* crop: the box with its sides in order, and the scatter band's widths. */
static void fr_flame_crop_precalc(const double *p, fr_flame_vset *vs)
{
    const double l = p[FR_P_CROP_LEFT], r = p[FR_P_CROP_RIGHT], t = p[FR_P_CROP_TOP], b = p[FR_P_CROP_BOTTOM];
    vs->crop_x0 = l < r ? l : r, vs->crop_x1 = l < r ? r : l;
    vs->crop_y0 = t < b ? t : b, vs->crop_y1 = t < b ? b : t;
    vs->crop_w = (vs->crop_x1 - vs->crop_x0) * 0.5 * p[FR_P_CROP_SCATTER_AREA];
    vs->crop_h = (vs->crop_y1 - vs->crop_y0) * 0.5 * p[FR_P_CROP_SCATTER_AREA];
}

/* smartcrop: Ember's mode (1: cut outside), the polygon or wedge. */
static void fr_flame_smartcrop_precalc(const double *p, fr_flame_vset *vs)
{
    const double power = p[FR_P_SMARTCROP_POWER], radius = p[FR_P_SMARTCROP_RADIUS];
    vs->sc_mode = (power > 0) == (radius > 0) ? 1.0 : 0.0;
    vs->sc_wrad = fabs(radius);
    vs->sc_wpow = fabs(fr_flame_zeps(power));
    vs->sc_alpha = vs->sc_rcoeff = vs->sc_wrot = 0.0;
    if (vs->sc_wpow < 2.0) {
        vs->sc_wpow *= M_PI;
        vs->sc_radial = 1.0;
    } else {
        vs->sc_radial = 0.0;
        vs->sc_alpha = 2.0 * M_PI / vs->sc_wpow;
        vs->sc_rcoeff = p[FR_P_SMARTCROP_ROUNDSTR] / fr_flame_zeps(sin(vs->sc_alpha / 2.0)) / vs->sc_wpow * 2.0;
        vs->sc_wrot = p[FR_P_SMARTCROP_ROTATION] * vs->sc_alpha;
    }
}

/* hypertile, hypertile2: the shift of the {p, q} tiling's Mobius map. */
static void fr_flame_hypertile_precalc(const double *p, fr_flame_vset *vs)
{
    double pa = 2.0 * M_PI / fr_flame_zeps(p[FR_P_HYPERTILE_P]);
    double cs = cos(pa);
    double r2 = (1.0 - cs) / (cs + cos(2.0 * M_PI / fr_flame_zeps(p[FR_P_HYPERTILE_Q]))) + 1.0;
    double r = r2 > 0 ? 1.0 / sqrt(r2) : 1.0;
    vs->ht_re = r * cos(p[FR_P_HYPERTILE_N] * pa);
    vs->ht_im = r * sin(p[FR_P_HYPERTILE_N] * pa);
    vs->ht2_pa = pa = 2.0 * M_PI / fr_flame_zeps(p[FR_P_HYPERTILE2_P]);
    cs = cos(pa);
    r2 = 1.0 - (cs - 1.0) / (cs + cos(2.0 * M_PI / fr_flame_zeps(p[FR_P_HYPERTILE2_Q])));
    vs->ht2_r = r2 > 0 ? 1.0 / sqrt(r2) : 1.0;
}

/* nBlur: Ember's Precalc. */
static void fr_flame_nblur_precalc(const double *p, fr_flame_nblur *nb)
{
    memset(nb, 0, sizeof *nb);
    const double stripes = p[FR_P_NBLUR_NUMSTRIPES];
    nb->edges = p[FR_P_NBLUR_NUMEDGES] < 3.0 ? 3.0 : p[FR_P_NBLUR_NUMEDGES];
    nb->nedges = floor(nb->edges);
    nb->has_stripes = stripes != 0.0;
    nb->neg_stripes = stripes < 0.0;
    const double abs_stripes = fabs(stripes);
    nb->mid_angle = 2.0 * M_PI / nb->edges;
    nb->ratio_stripes = p[FR_P_NBLUR_RATIOSTRIPES];
    if (nb->has_stripes == 1.0) {
        nb->ang_stripes = nb->mid_angle / (2.0 * abs_stripes);
        nb->ang_start = nb->ang_stripes / 2.0;
        nb->ratio_complement = 2.0 - nb->ratio_stripes;
    }
    nb->exact = p[FR_P_NBLUR_EXACTCALC];
    nb->circum = p[FR_P_NBLUR_CIRCUMCIRCLE];
    nb->equal = p[FR_P_NBLUR_EQUALBLUR];
    nb->ratio_hole = p[FR_P_NBLUR_RATIOHOLE];
    if (nb->ratio_hole > 0.95 && nb->exact == 1.0 && nb->circum == 0.0) nb->ratio_hole = 0.95;
    nb->tan90m2 = tan(M_PI_2 + nb->mid_angle / 2.0);
    fr_flame_sincos(nb->mid_angle / 2.0, &nb->sina, &nb->cosa);
    double highlight = p[FR_P_NBLUR_HIGHLIGHTEDGES];
    if (highlight <= 0.1) highlight = 0.1;
    nb->wdiv = 1.0;
    if (p[FR_P_NBLUR_ADJUSTTOLINEAR] == 1.0) {
        /* (int)numEdges % 4, on a number that may not fit an int */
        const double half = fmod(trunc(nb->edges), 4.0) == 0.0 ? nb->edges / 2.0 - 1.0 : floor(nb->edges / 2.0);
        nb->wdiv = fr_flame_ezeps(sqrt(2.0 - 2.0 * cos(nb->mid_angle * half)) / 2.0);
    }
    if (nb->circum == 1.0) {
        nb->exact = 0.0;
        highlight = 0.1;
    }
    nb->speed1 = nb->ratio_complement * nb->ang_start;
    nb->speed2 = nb->ratio_stripes * nb->ang_start;
    nb->max_stripes = 2.0 * abs_stripes;
    nb->arctan1 = (nb->neg_stripes == 0.0 ? 13.0 : 7.5) / pow(nb->edges, 1.3) * highlight;
    nb->arctan2 = 2.0 * atan(nb->arctan1 / -2.0);
}

/* Ember's Precalc of the variations of flame_var_ember_v01.h. */
static void fr_flame_v01_precalc(const double *p, fr_flame_vset *vs)
{
    const double mn = p[FR_P_SWIRL3R_MIN], mx = p[FR_P_SWIRL3R_MAX], shift = p[FR_P_SWIRL3R_SHIFT];
    vs->sw3r_minr = mn < mx ? mn : mx; /* std::min, std::max */
    vs->sw3r_maxr = mn < mx ? mx : mn;
    vs->sw3r_mina = vs->sw3r_minr > 0 ? log(vs->sw3r_minr) * shift : 0.0;
    vs->sw3r_maxa = vs->sw3r_maxr > 0 ? log(vs->sw3r_maxr) * shift : 0.0;
    vs->fdb_split = p[FR_P_FLOWERDB_PETALS] * p[FR_P_FLOWERDB_PETAL_SPLIT];
    vs->osc2_tpf = 2.0 * M_PI * p[FR_P_OSCILLOSCOPE2_FREQUENCYX];
    vs->osc2_tpf2 = 2.0 * M_PI * p[FR_P_OSCILLOSCOPE2_FREQUENCYY];
    vs->scry2_tp = 2.0 * M_PI / fr_flame_ezeps(p[FR_P_SCRY2_POWER]);
}

/* Ember's Precalc of the variations of flame_var_ember_v02.h. */
static void fr_flame_v02_precalc(const double *p, fr_flame_vset *vs)
{
    const double c = fr_flame_ezeps(fabs(p[FR_P_BOARDERS2_C]));
    vs->b2_c = c;
    vs->b2_cl = c * fr_flame_ezeps(fabs(p[FR_P_BOARDERS2_LEFT]));
    vs->b2_cr = c + c * fr_flame_ezeps(fabs(p[FR_P_BOARDERS2_RIGHT]));
    const double re = p[FR_P_EXPO_REAL], im = p[FR_P_EXPO_IMAGINARY];
    vs->expo_k = 0.5 * log(fr_flame_ezeps(re * re + im * im));
    vs->expo_t = atan2(im, re);

    double pa = 2.0 * M_PI / fr_flame_ezeps(p[FR_P_HYPERTILE1_P]), cs = cos(pa);
    double r2 = 1.0 - (cs - 1.0) / (cs + cos(2.0 * M_PI / fr_flame_ezeps(p[FR_P_HYPERTILE1_Q])));
    vs->ht1_pa = pa;
    vs->ht1_r = r2 > 0 ? 1.0 / sqrt(r2) : 1.0;

    /* the 3D ones' shift: Ember's r = -(cos pa - 1) / Zeps(cos pa + cos qa) */
    pa = 2.0 * M_PI / fr_flame_ezeps(p[FR_P_HYPERTILE3D_P]);
    double qa = 2.0 * M_PI / fr_flame_ezeps(p[FR_P_HYPERTILE3D_Q]);
    double r = -(cos(pa) - 1.0) / fr_flame_ezeps(cos(pa) + cos(qa));
    r = r > 0 ? 1.0 / fr_flame_ezeps(sqrt(1.0 + r)) : 1.0;
    const double na = p[FR_P_HYPERTILE3D_N] * pa;
    vs->ht3_cx = r * cos(na);
    vs->ht3_cy = r * sin(na);
    vs->ht3_c2 = vs->ht3_cx * vs->ht3_cx + vs->ht3_cy * vs->ht3_cy;
    vs->ht3_c2x = 2.0 * vs->ht3_cx;
    vs->ht3_c2y = 2.0 * vs->ht3_cy;
    vs->ht3_s2x = 1.0 + vs->ht3_cx * vs->ht3_cx - vs->ht3_cy * vs->ht3_cy;
    vs->ht3_s2y = 1.0 + vs->ht3_cy * vs->ht3_cy - vs->ht3_cx * vs->ht3_cx;
    vs->ht3_s2z = 1.0 - vs->ht3_cy * vs->ht3_cy - vs->ht3_cx * vs->ht3_cx;

    pa = 2.0 * M_PI / fr_flame_ezeps(p[FR_P_HYPERTILE3D1_P]);
    qa = 2.0 * M_PI / fr_flame_ezeps(p[FR_P_HYPERTILE3D1_Q]);
    r = -(cos(pa) - 1.0) / fr_flame_ezeps(cos(pa) + cos(qa));
    r = r > 0 ? 1.0 / fr_flame_ezeps(sqrt(1.0 + r)) : 1.0;
    vs->ht31_pa = pa;
    vs->ht31_r = r;
    vs->ht31_c2 = r * r;
    vs->ht31_s2z = 1.0 - vs->ht31_c2;

    pa = 2.0 * M_PI / fr_flame_ezeps(p[FR_P_HYPERTILE3D2_P]);
    qa = 2.0 * M_PI / fr_flame_ezeps(p[FR_P_HYPERTILE3D2_Q]);
    r = -(cos(pa) - 1.0) / fr_flame_ezeps(cos(pa) + cos(qa));
    r = r > 0 ? 1.0 / fr_flame_ezeps(sqrt(1.0 + r)) : 1.0;
    vs->ht32_pa = pa;
    vs->ht32_cx = r;
    vs->ht32_c2 = r * r;
    vs->ht32_c2x = 2.0 * r;
    vs->ht32_s2x = 1.0 + r * r;
    vs->ht32_s2y = vs->ht32_s2z = 1.0 - r * r;

    const double mp = p[FR_P_MURL_POWER];
    vs->murl_cp = mp != 1.0 ? p[FR_P_MURL_C] / (mp - 1.0) : p[FR_P_MURL_C];
    vs->murl2_pw = pow(p[FR_P_MURL2_C] + 1.0, 2.0 / p[FR_P_MURL2_POWER]);

    /* sigmoid: a shift inside (-1, 1) is inverted (its sign the curve's), 0 is Ember's EPS */
    double sh[2] = {p[FR_P_SIGMOID_SHIFTX], p[FR_P_SIGMOID_SHIFTY]}, a[2] = {1.0, 1.0};
    for (int k = 0; k < 2; k++)
        if (sh[k] < 1 && sh[k] > -1) {
            if (sh[k] == 0) {
                sh[k] = FR_EMBER_EPS;
            } else {
                a[k] = sh[k] < 0 ? -1.0 : 1.0;
                sh[k] = 1.0 / sh[k];
            }
        }
    vs->sig_sx = sh[0] * -5, vs->sig_sy = sh[1] * -5;
    vs->sig_ax = a[0], vs->sig_ay = a[1];
    fr_flame_sincos(M_PI_4 + (0.5 * M_PI_4 * p[FR_P_XHEART_ANGLE]), &vs->xh_sina, &vs->xh_cosa);
    vs->xh_rat = 6.0 + 2.0 * p[FR_P_XHEART_RATIO];

    const double c1r = p[FR_P_POINCARE_C1R], c2r = p[FR_P_POINCARE_C2R];
    const double c1d = sqrt(1.0 + c1r * c1r), c2d = sqrt(1.0 + c2r * c2r);
    vs->pc_c1x = c1d * cos(fmod(p[FR_P_POINCARE_C1A], M_PI));
    vs->pc_c1y = c1d * sin(fmod(p[FR_P_POINCARE_C1A], M_PI));
    vs->pc_c2x = c2d * cos(fmod(p[FR_P_POINCARE_C2A], M_PI));
    vs->pc_c2y = c2d * sin(fmod(p[FR_P_POINCARE_C2A], M_PI));

    const double pp = p[FR_P_POINCARE2_P], pq = p[FR_P_POINCARE2_Q];
    const double a0 = 2.0 * M_PI / pp;
    const double dist2 = 1.0 - (cos(a0) - 1.0) / (cos(a0) + cos(2.0 * M_PI / pq));
    const double dist = dist2 > 0 ? 1.0 / sqrt(dist2) : 1.0;
    if (1.0 / pp + 1.0 / pq < 0.5) {
        vs->pc2_cx = cos(a0) * dist;
        vs->pc2_cy = sin(a0) * dist;
    } else {
        vs->pc2_cx = vs->pc2_cy = 0.0;
    }
}

/* The values flam3 (and Ember) precompute from one slot's parameters. */
static void vset_precalc(const fr_flame_xform *xf, const double *p, fr_flame_vset *vs)
{
    memcpy(vs->c, xf->c, sizeof vs->c);
    double ang = p[FR_P_PERSPECTIVE_ANGLE] * M_PI / 2.0;
    vs->persp_vsin = sin(ang);
    vs->persp_vfcos = p[FR_P_PERSPECTIVE_DIST] * cos(ang);

    vs->julian_rn = fabs(p[FR_P_JULIAN_POWER]);
    vs->julian_cn = p[FR_P_JULIAN_DIST] / p[FR_P_JULIAN_POWER] / 2.0;
    vs->juliascope_rn = fabs(p[FR_P_JULIASCOPE_POWER]);
    vs->juliascope_cn = p[FR_P_JULIASCOPE_DIST] / p[FR_P_JULIASCOPE_POWER] / 2.0;

    fr_flame_sincos(p[FR_P_RADIAL_BLUR_ANGLE] * M_PI / 2.0, &vs->rblur_spin, &vs->rblur_zoom);

    double dx = xf->c[2][0], dy = xf->c[2][1];
    vs->waves_dx2 = 1.0 / (dx * dx + FR_FLAME_EPS);
    vs->waves_dy2 = 1.0 / (dy * dy + FR_FLAME_EPS);

    double add = p[FR_P_DISC2_TWIST];
    vs->disc2_timespi = p[FR_P_DISC2_ROT] * M_PI;
    fr_flame_sincos(add, &vs->disc2_sinadd, &vs->disc2_cosadd);
    vs->disc2_cosadd -= 1;
    if (add > 2 * M_PI) {
        double k = (1 + add - 2 * M_PI);
        vs->disc2_cosadd *= k;
        vs->disc2_sinadd *= k;
    }
    if (add < -2 * M_PI) {
        double k = (1 + add + 2 * M_PI);
        vs->disc2_cosadd *= k;
        vs->disc2_sinadd *= k;
    }

    vs->ss_pm4 = p[FR_P_SUPER_SHAPE_M] / 4.0;
    vs->ss_pneg1_n1 = -1.0 / p[FR_P_SUPER_SHAPE_N1];
    vs->rect_ix = p[FR_P_RECTANGLES_X] != 0 ? 1.0 / p[FR_P_RECTANGLES_X] : 0.0;
    vs->rect_iy = p[FR_P_RECTANGLES_Y] != 0 ? 1.0 / p[FR_P_RECTANGLES_Y] : 0.0;
    vs->rings2_i2dx = 1.0 / (2.0 * (p[FR_P_RINGS2_VAL] * p[FR_P_RINGS2_VAL] + FR_FLAME_EPS));

    vs->wj_cf = 1.0 - p[FR_P_WEDGE_JULIA_ANGLE] * p[FR_P_WEDGE_JULIA_COUNT] * M_1_PI * 0.5;
    vs->wj_rn = fabs(p[FR_P_WEDGE_JULIA_POWER]);
    vs->wj_cn = p[FR_P_WEDGE_JULIA_DIST] / p[FR_P_WEDGE_JULIA_POWER] / 2.0;

    double seb, ceb;
    fr_flame_sincos(p[FR_P_ESCHER_BETA], &seb, &ceb);
    vs->escher_vc = 0.5 * (1.0 + ceb);
    vs->escher_vd = 0.5 * seb;

    /* julia3D: Ember's power is a non-zero integer */
    vs->j3_absn = fabs(p[FR_P_JULIA3D_POWER]);
    vs->j3_cn = (1.0 / p[FR_P_JULIA3D_POWER] - 1.0) / 2.0;

    vs->log_half = p[FR_P_LOG_BASE] == M_E ? 0.5 : 0.5 / log(p[FR_P_LOG_BASE]);
    vs->fo2_rmax = 0.04 * p[FR_P_FALLOFF2_SCATTER];
    fr_flame_bwraps_precalc(p, vs);
    fr_flame_crop_precalc(p, vs);
    fr_flame_sincos(p[FR_P_BLUR_LINEAR_ANGLE], &vs->blin_s, &vs->blin_c);
    fr_flame_sincos(p[FR_P_HEXES_ROTATE] * 2.0 * M_PI, &vs->hex_sin, &vs->hex_cos);
    fr_flame_smartcrop_precalc(p, vs);
    fr_flame_hypertile_precalc(p, vs);
    fr_flame_nblur_precalc(p, &vs->nblur);
    fr_flame_v01_precalc(p, vs);
    fr_flame_v02_precalc(p, vs);
}

/* Variation v's parameters (of the slot's full set p) as a block of
 * pre->prm: its offset there, or -1 when they do not fit. */
static int prm_block(fr_flame_xform_pre *pre, const double *p, int v)
{
    const int n = fr_flame_vars[v].nparam, o = pre->nprm;
    if (o + n > FR_FLAME_XPARAM) return -1;
    memcpy(pre->prm + o, p + fr_flame_vars[v].first, (size_t)n * sizeof *p);
    pre->nprm = o + n;
    return o;
}

static void prepost_precalc(const fr_flame_xform *xf, int slot, fr_flame_xform_pre *pre, fr_flame_prepost *pp,
                            fr_flame_vset *vs, int *color)
{
    const fr_flame_slot *sl = &xf->slot[slot - 1];
    pp->n = 0;
    for (int i = 0; i < sl->n; i++) {
        const int v = sl->var[i];
        if (sl->w[i] == 0.0 || v < 0 || v >= FR_FLAME_NVAR || v == FR_V_PRE_BLUR) continue;
        const int o = prm_block(pre, sl->param, v);
        if (o < 0) break;
        pp->poff[pp->n] = (uint16_t)o;
        pp->var[pp->n] = (fr_flame_var_id)v;
        pp->w[pp->n] = sl->w[i];
        pp->needs[pp->n] = var_needs[v] | (var_zw[v] && v != FR_V_CIRCLECROP ? FR_FLAME_NEED_ZW : 0);
        pp->sum[pp->n] = (fr_flame_vars[v].flags & FR_VF_SUM) != 0;
        pp->n++;
        if (var_color[v]) *color = 1;
    }
    if (pp->n) vset_precalc(xf, sl->param, vs);
    vs->slot = slot;
}

int fr_flame_xform_fits(const fr_flame_xform *xf, int *nvar, int *nparam)
{
    int nv = 0, np = 0;
    for (int v = 0; v < FR_FLAME_NVAR; v++)
        if (xf->var[v] != 0.0 && v != FR_V_PRE_BLUR && v != FR_V_FLATTEN) nv++, np += fr_flame_vars[v].nparam;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < xf->slot[s].n; i++) {
            const int v = xf->slot[s].var[i];
            if (xf->slot[s].w[i] != 0.0 && v >= 0 && v < FR_FLAME_NVAR && v != FR_V_PRE_BLUR)
                np += fr_flame_vars[v].nparam;
        }
    *nvar = nv, *nparam = np;
    return nv > FR_FLAME_XVAR ? 1 : np > FR_FLAME_XPARAM ? 2 : 0;
}

void fr_flame_xform_precalc(const fr_flame_xform *xf, fr_flame_xform_pre *pre)
{
    memset(pre, 0, sizeof *pre);
    memcpy(pre->c, xf->c, sizeof pre->c);
    memcpy(pre->post, xf->post, sizeof pre->post);
    pre->has_post = !(xf->post[0][0] == 1.0 && xf->post[0][1] == 0.0 && xf->post[1][0] == 0.0 &&
                      xf->post[1][1] == 1.0 && xf->post[2][0] == 0.0 && xf->post[2][1] == 0.0);

    /* Active variations in index order, as flam3 sums them; pre_blur is
     * kept apart because it runs first, on the point itself; flatten adds
     * nothing but zeroes z. */
    for (int v = 0; v < FR_FLAME_NVAR; v++) {
        double w = xf->var[v];
        if (w == 0.0)
            continue;
        if (v == FR_V_PRE_BLUR) {
            pre->preblur = w;
            continue;
        }
        if (v == FR_V_FLATTEN) {
            pre->zero_z = 1;
            continue;
        }
        const int o = pre->nvar < FR_FLAME_XVAR ? prm_block(pre, xf->param, v) : -1;
        if (o < 0) break;
        pre->poff[pre->nvar] = (uint16_t)o;
        pre->var[pre->nvar] = (fr_flame_var_id)v;
        pre->w[pre->nvar] = w;
        pre->nvar++;
        pre->flags |= var_needs[v] & ~FR_FLAME_NEED_Z3;
        if (var_color[v]) pre->flags |= FR_FLAME_NEED_COLOR;
        if (var_zw[v]) pre->zw += w;
    }
    if (pre->flags & FR_FLAME_NEED_SUM) /* the sum so far read: Ember's z = w z in it from the start */
        pre->zw_sum = pre->zw, pre->zw = 0.0;
    vset_precalc(xf, xf->param, &pre->v);
    int color = (pre->flags & FR_FLAME_NEED_COLOR) != 0;
    prepost_precalc(xf, FR_SLOT_PRE, pre, &pre->pre, &pre->vpre, &color);
    prepost_precalc(xf, FR_SLOT_POST, pre, &pre->postv, &pre->vpost, &color);
    if (color) {
        pre->flags |= FR_FLAME_NEED_COLOR;
        pre->dc_direct = xform_direct_color(xf);
    }
}

/* Ember's XmlToEmber m_FlattenNames: the variations (regular, pre_, post_)
 * and the parameter that keep an xform of a genome Ember did not write
 * from being flattened. */
static const int keep_z_reg[] = {FR_V_BLUR3D,   FR_V_BUBBLE,   FR_V_BWRAPS,     FR_V_CROP,    FR_V_CYLINDER,
                                  FR_V_FALLOFF2, FR_V_HEMISPHERE, FR_V_JULIA3D, FR_V_JULIA3DZ, FR_V_LINEAR3D,
                                  FR_V_ZBLUR,    FR_V_ZCONE,    FR_V_ZTRANSLATE, FR_V_FLATTEN};
static const int keep_z_pre[] = {FR_V_CROP, FR_V_FALLOFF2, FR_V_ROTATE_X, FR_V_ROTATE_Y, FR_V_ZTRANSLATE};
static const int keep_z_post[] = {FR_V_CROP, FR_V_FALLOFF2, FR_V_ROTATE_X, FR_V_ROTATE_Y};

static int slot_has(const fr_flame_slot *s, const int *vars, size_t n)
{
    for (int i = 0; i < s->n; i++)
        for (size_t k = 0; k < n; k++)
            if (s->w[i] != 0.0 && s->var[i] == vars[k]) return 1;
    return 0;
}

/* (the registry's indices, not names looked up: this runs for every xform
 * of every time step of a frame) */
void fr_flame_xform_flatten_legacy(const fr_flame_xform *xf, fr_flame_xform_pre *pre)
{
    for (size_t k = 0; k < sizeof keep_z_reg / sizeof keep_z_reg[0]; k++)
        if (xf->var[keep_z_reg[k]] != 0.0) return;
    if (slot_has(&xf->slot[FR_SLOT_PRE - 1], keep_z_pre, sizeof keep_z_pre / sizeof keep_z_pre[0]) ||
        slot_has(&xf->slot[FR_SLOT_POST - 1], keep_z_post, sizeof keep_z_post / sizeof keep_z_post[0]))
        return;
    if (xf->var[FR_V_CURL3D] != 0.0 && xf->param[FR_P_CURL3D_CZ] != 0.0) return;
    pre->zero_z = 1;
}

int fr_flame_xform_apply(const fr_flame_xform_pre *pre, double x, double y, fr_flame_rng *rng,
                         double *ox, double *oy)
{
    return fr_flame_xform_apply_core(pre, x, y, rng, ox, oy);
}

int fr_flame_xform_apply3(const fr_flame_xform_pre *pre, const double in[3], fr_flame_rng *rng, double out[3])
{
    double c = 0.0;
    return fr_flame_xform_apply_core3(pre, in[0], in[1], in[2], rng, &out[0], &out[1], &out[2], &c);
}

int fr_flame_xform_apply3c(const fr_flame_xform_pre *pre, const double in[3], fr_flame_rng *rng, double out[3],
                           double *c)
{
    return fr_flame_xform_apply_core3(pre, in[0], in[1], in[2], rng, &out[0], &out[1], &out[2], c);
}

void fr_flame_var_eval3(const fr_flame_xform *xf, int var, double weight, const double t[3], fr_flame_rng *rng,
                        double o[3])
{
    double c = 0.0;
    fr_flame_var_eval3c(xf, var, weight, t, rng, o, &c);
}

void fr_flame_var_eval3c(const fr_flame_xform *xf, int var, double weight, const double t[3],
                         fr_flame_rng *rng, double o[3], double *c)
{
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(xf, &pre); /* (the precomputed values; the parameters are xf's own) */
    fr_flame_vctx f;
    f.pc = *c;
    f.r2 = f.r = f.atan_xy = f.sina = f.cosa = f.atan_yx = 0.0;
    if (var == FR_V_PRE_BLUR) {
        /* Its displacement alone: moved from the origin, exactly. */
        f.tx = f.ty = f.tz = 0.0;
        fr_var_pre_blur(&f, weight, rng);
        o[0] += f.tx;
        o[1] += f.ty;
        return;
    }
    if (var < 0 || var >= FR_FLAME_NVAR)
        return;
    f.tx = t[0];
    f.ty = t[1];
    f.tz = t[2];
    fr_flame_vctx_prepare(&f, var_needs[var]);
    f.p0 = o[0];
    f.p1 = o[1];
    f.p2 = o[2];
    f.pv = xf->param + fr_flame_vars[var].first;
    fr_flame_var_dispatch(&pre.v, var, weight, &f, rng);
    if (var_zw[var]) f.p2 += weight * f.tz; /* fr_flame_xform_pre.zw's share */
    o[0] = f.p0;
    o[1] = f.p1;
    o[2] = var == FR_V_FLATTEN ? 0.0 : f.p2;
    *c = f.pc;
}

void fr_flame_var_eval(const fr_flame_xform *xf, int var, double weight, double tx, double ty,
                       fr_flame_rng *rng, double *ox, double *oy)
{
    const double t[3] = {tx, ty, 0.0};
    double o[3] = {*ox, *oy, 0.0};
    fr_flame_var_eval3(xf, var, weight, t, rng, o);
    *ox = o[0];
    *oy = o[1];
}
