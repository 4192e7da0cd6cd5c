/* The second round of variations beyond flam3's 99 (flame_var_ember_blur.h,
 * _tile.h, _shape.h) and Ember's parameters of flam3 variations (waves2's z,
 * log_base, auger_half_scale): each formula at a few points against values
 * worked out apart from the code (python3 from Ember's maths, or by hand),
 * poles, branches and the order of the random draws included; reading them
 * strictly and writing them back; flam3 genomes unchanged by the new
 * parameters; the batched walker against the scalar one on a genome of
 * them. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/context.h"
#include "flame/flame_genome.h"
#include "flame/flame_var_common.h"
#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"
#include "flame/flame_xml.h"
#include "flame/flame_xml_write.h"
#include "flame_support.h"
#include "flame_var_support.h"

static void test_waves2_z_log_base(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 1, 2);
    double o[3];
    /* flam3's waves2 (z parameters 0): z passes through scaled by w */
    x.param[flame_par("waves2_scalex")] = 0.5, x.param[flame_par("waves2_scaley")] = 0.25;
    x.param[flame_par("waves2_freqx")] = 2, x.param[flame_par("waves2_freqy")] = 3;
    flame_var_eval(&x, "waves2", 0.8, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, -0.04694243635980913, -0.16333461807450336, 0.16, "waves2, no z parameters");
    /* Ember's z: w (z + scalez sin(r freqz)), r = |(x, y)| = 0.5 */
    x.param[flame_par("waves2_freqz")] = 1.5, x.param[flame_par("waves2_scalez")] = 0.7;
    flame_var_eval(&x, "waves2", 0.8, 0.3, -0.4, 0.2, &g, o);
    flame_near3(o, -0.04694243635980913, -0.16333461807450336, 0.5417177056130671, "waves2 z");
    /* log: base e is flam3's, bit for bit; base 10: w log10|t|, the angle unchanged */
    flame_var_eval(&x, "log", 1.5, 3, 4, 0, &g, o);
    assert_true(o[0] == 1.5 * 0.5 * log(25.0));
    flame_near3(o, 2.4141568686511503, 1.3909428270024182, 0, "log base e");
    x.param[flame_par("log_base")] = 10;
    flame_var_eval(&x, "log", 1.5, 3, 4, 0, &g, o);
    flame_near3(o, 1.0484550065040283, 1.3909428270024182, 0, "log base 10");
}

static void test_foci3d_unpolar_epispiral_twoface(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 1, 3);
    double o[3];
    /* foci_3D: z 0 takes the angle atan2(y, x) as its third angle, else z */
    flame_var_eval(&x, "foci_3D", 1.5, 0.5, 0.3, 0, &g, o);
    flame_near3(o, 2.534249879372639, 1.437207436313516, 2.5021541978669566, "foci_3D at z 0");
    flame_var_eval(&x, "foci_3D", 1.5, 0.5, 0.3, 0.8, &g, o);
    flame_near3(o, 1.6917337682836986, 0.9594051367349424, 2.3288936017353445, "foci_3D");
    /* unpolar at (pi / 6, ln 2): w / (2 pi) 2 (sin, cos)(pi / 6); 2D: no z */
    flame_var_eval(&x, "unpolar", 0.6, M_PI / 6, log(2.0), 5, &g, o);
    flame_near3(o, 0.09549296585513718, 0.16539866862653763, 0, "unpolar");
    /* epispiral, n 6, holes 1, thickness 0: w / cos(6 theta) - w along theta;
     * theta pi / 18: cos(pi / 3) = 1 / 2, so w (cos, sin)(theta); no draw */
    h = g;
    flame_var_eval(&x, "epispiral", 0.7, 1, tan(M_PI / 18), 0, &g, o);
    flame_near3(o, 0.6893654271085455, 0.12155372436685122, 0, "epispiral");
    flame_draws(&g, h, 0, "epispiral, thickness 0");
    /* theta 0: t = w - w = 0, the origin */
    flame_var_eval(&x, "epispiral", 0.7, 2, 0, 0, &g, o);
    flame_near3(o, 0, 0, 0, "epispiral at theta 0");
    /* thickness 0.5: t = (0.5 w u) / (1 / 2) - w = w (u - 1), one draw */
    x.param[flame_par("epispiral_thickness")] = 0.5;
    h = g;
    flame_var_eval(&x, "epispiral", 0.7, 1, tan(M_PI / 18), 0, &g, o);
    const double u = fr_flame_rng_01(&h), t = 0.7 * (u - 1);
    flame_near3(o, t * cos(M_PI / 18), t * sin(M_PI / 18), 0, "epispiral thickness");
    flame_draws(&g, h, 0, "epispiral, thickness");
    /* twoface: x > 0 inverted (w t / |t|^2), x <= 0 kept (w t) */
    flame_var_eval(&x, "twoface", 2, 3, 4, 1, &g, o);
    flame_near3(o, 0.24, 0.32, 0, "twoface x > 0");
    flame_var_eval(&x, "twoface", 2, -3, 4, 1, &g, o);
    flame_near3(o, -6, 8, 0, "twoface x < 0");
    flame_var_eval(&x, "twoface", 2, 0, 4, 1, &g, o);
    flame_near3(o, 0, 8, 0, "twoface x = 0");
}

static void test_rotate_mirror(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 4, 4);
    double o[3];
    /* the weight is the angle in quarter turns; the point is not scaled */
    flame_var_eval(&x, "rotate_x", 1, 1, 2, 3, &g, o); /* (x, y, z) -> (x, z, -y) */
    flame_near3(o, 1, 3, -2, "rotate_x quarter");
    flame_var_eval(&x, "rotate_y", 1, 1, 2, 3, &g, o); /* (x, y, z) -> (-z, y, x) */
    flame_near3(o, -3, 2, 1, "rotate_y quarter");
    flame_var_eval(&x, "rotate_z", 1, 1, 2, 3, &g, o); /* (x, y, z) -> (y, -x, z) */
    flame_near3(o, 2, -1, 3, "rotate_z quarter");
    flame_var_eval(&x, "rotate_z", 0.5, 1, 0, 7, &g, o); /* an eighth: (cos, -sin)(pi / 4) */
    flame_near3(o, sqrt(0.5), -sqrt(0.5), 7, "rotate_z eighth");
    flame_var_eval(&x, "rotate_x", 2, 1, 2, 3, &g, o); /* a half turn */
    flame_near3(o, 1, -2, -3, "rotate_x half");
    /* mirror_x: +-|x| by one bit (set: -), y, z kept, the weight unused */
    int seen[2] = {0, 0};
    for (int k = 0; k < 32; k++) {
        fr_flame_rng a, b;
        fr_flame_rng_init(&a, 9, (uint64_t)k);
        b = a;
        flame_var_eval(&x, "mirror_x", 0.3, -1.5, 2, 3, &a, o);
        const int bit = fr_flame_rng_bit(&b);
        flame_near3(o, bit ? -1.5 : 1.5, 2, 3, "mirror_x");
        if (memcmp(&a, &b, sizeof a)) fail_msg("mirror_x: not one bit");
        seen[bit] = 1;
    }
    assert_true(seen[0] && seen[1]);
    /* a regular rotate_x sets the sum's x (Ember resets it): linear's x is
     * lost; z: linear's w z (Ember's) plus rotate_x's */
    fr_flame_xform_pre pre;
    x.var[flame_var("linear")] = 1, x.var[flame_var("rotate_x")] = 1;
    fr_flame_xform_precalc(&x, &pre);
    const double in[3] = {1, 2, 3};
    fr_flame_xform_apply3(&pre, in, &g, o);
    flame_near3(o, 1, 2 + 3, 3 - 2, "linear + rotate_x");
}

static void test_blurs(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    for (int k = 0; k < 16; k++) {
        fr_flame_rng g, h;
        fr_flame_rng_init(&g, 21, (uint64_t)k);
        h = g;
        /* blur_linear: w (t + 2 u (cos, sin)(pi / 3)), one draw, 2D */
        x.param[flame_par("blur_linear_length")] = 2, x.param[flame_par("blur_linear_angle")] = M_PI / 3;
        flame_var_eval(&x, "blur_linear", 0.5, 1, -1, 4, &g, o);
        double u = fr_flame_rng_01(&h);
        flame_near3(o, 0.5 * (1 + 2 * u * 0.5), 0.5 * (-1 + 2 * u * sqrt(0.75)), 0, "blur_linear");
        flame_draws(&g, h, 0, "blur_linear");
        /* blur_zoom: about (0.1, -0.2) by 1 + 0.5 u; z by w */
        x.param[flame_par("blur_zoom_length")] = 0.5, x.param[flame_par("blur_zoom_x")] = 0.1, x.param[flame_par("blur_zoom_y")] = 0.2;
        flame_var_eval(&x, "blur_zoom", 2, 1, -1, 4, &g, o);
        u = fr_flame_rng_01(&h);
        const double s = 1 + 0.5 * u;
        flame_near3(o, 2 * (0.1 + 0.9 * s), 2 * (-0.2 - 0.8 * s), 8, "blur_zoom");
        flame_draws(&g, h, 0, "blur_zoom");
        /* blur_circle: the square's point (a, b) (two draws) on the circle of
         * radius w max(|a|, |b|), its angle pi / 4 b / a on the right side,
         * pi / 2 - pi / 4 a / b on the top, pi - pi / 4 b / |a| on the left,
         * 3 pi / 2 + pi / 4 a / |b| on the bottom */
        flame_var_eval(&x, "blur_circle", 1.5, 7, 8, 2, &g, o);
        const double a = 2 * fr_flame_rng_01(&h) - 1, b = 2 * fr_flame_rng_01(&h) - 1;
        const double side = fmax(fabs(a), fabs(b));
        double ang;
        if (a >= fabs(b))
            ang = M_PI_4 * b / a;
        else if (b > fabs(a))
            ang = M_PI_2 - M_PI_4 * a / b;
        else if (-a >= fabs(b))
            ang = M_PI - M_PI_4 * b / -a;
        else
            ang = 1.5 * M_PI + M_PI_4 * a / -b;
        flame_near3(o, 1.5 * side * cos(ang), 1.5 * side * sin(ang), 3, "blur_circle");
        flame_draws(&g, h, 0, "blur_circle");
    }
}

static void test_falloff2(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 5, 1);
    /* within mindist (0.5 of the origin): the point times w; four draws */
    h = g;
    flame_var_eval(&x, "falloff2", 2, 0.1, 0.2, 0.3, &g, o);
    flame_near3(o, 0.2, 0.4, 0.6, "falloff2 near");
    flame_draws(&g, h, 4, "falloff2");
    /* type 0 (linear), scatter 10, mul_z 1: dist = (|t - 0| - 0.5) 0.4 = 0.8
     * at t = (3, 4, 0) less 0.5 ... (|t| = 5: dist = 4.5 * 0.4 = 1.8) */
    x.param[flame_par("falloff2_scatter")] = 10, x.param[flame_par("falloff2_mul_z")] = 1;
    h = g;
    flame_var_eval(&x, "falloff2", 2, 3, 4, 0, &g, o);
    double rx = fr_flame_rng_01(&h) - 0.5, ry = fr_flame_rng_01(&h) - 0.5, rz = fr_flame_rng_01(&h) - 0.5;
    (void)fr_flame_rng_01(&h);
    flame_near3(o, 2 * (3 + rx * 1.8), 2 * (4 + ry * 1.8), 2 * rz * 1.8, "falloff2 linear");
    flame_draws(&g, h, 0, "falloff2 linear");
    /* invert: dist from 1 - |t| (0 beyond 1): at |t| = 5 nothing moves */
    x.param[flame_par("falloff2_invert")] = 1;
    flame_var_eval(&x, "falloff2", 2, 3, 4, 0, &g, o);
    flame_near3(o, 6, 8, 0, "falloff2 invert");
    x.param[flame_par("falloff2_invert")] = 0;
    /* type 1 (radial): r, the angle and the elevation each moved; at z 0
     * elevation rz dist: (r cos(e) cos(phi), r cos(e) sin(phi), r sin(e)) w */
    x.param[flame_par("falloff2_type")] = 1;
    h = g;
    flame_var_eval(&x, "falloff2", 2, 3, 4, 0, &g, o);
    rx = fr_flame_rng_01(&h) - 0.5, ry = fr_flame_rng_01(&h) - 0.5, rz = fr_flame_rng_01(&h) - 0.5;
    (void)fr_flame_rng_01(&h);
    double r = 5 + rx * 1.8, phi = atan2(4.0, 3.0) + ry * 1.8, e = rz * 1.8;
    flame_near3(o, 2 * r * cos(e) * cos(phi), 2 * r * cos(e) * sin(phi), 2 * r * sin(e), "falloff2 radial");
    /* at the origin: nothing (the point times w), no NaN */
    flame_var_eval(&x, "falloff2", 2, 0, 0, 0, &g, o);
    flame_near3(o, 0, 0, 0, "falloff2 radial origin");
    /* type 2 (gaussian): a move of length dist rx along the direction
     * (cos s cos p, cos s sin p, sin s), s = 2 pi ry dist, p = pi rz dist */
    x.param[flame_par("falloff2_type")] = 2;
    h = g;
    flame_var_eval(&x, "falloff2", 2, 3, 4, 0, &g, o);
    rx = fr_flame_rng_01(&h) - 0.5, ry = fr_flame_rng_01(&h) - 0.5, rz = fr_flame_rng_01(&h) - 0.5;
    const double s = 2 * M_PI * ry * 1.8, p = M_PI * rz * 1.8, len = 1.8 * rx;
    flame_near3(o, 2 * (3 + len * cos(s) * cos(p)), 2 * (4 + len * cos(s) * sin(p)), 2 * len * sin(s), "falloff2 gaussian");
}

static void test_bwraps_crop(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 6, 1);
    /* defaults (cell 1, bubble radius 0.5): inside the bubble of cell
     * (0.5, 0.5) magnified; outside it (corner of the cell) kept; z by w */
    flame_var_eval(&x, "bwraps", 2, 0.6, 0.7, 1, &g, o);
    flame_near3(o, 1.2098765627191068, 1.4197531254382139, 2, "bwraps inside");
    flame_var_eval(&x, "bwraps", 2, 0.95, 0.95, 1, &g, o);
    flame_near3(o, 1.9, 1.9, 2, "bwraps outside");
    x.param[flame_par("bwraps_inner_twist")] = 1, x.param[flame_par("bwraps_outer_twist")] = 0.5;
    flame_var_eval(&x, "bwraps", 2, 0.6, 0.7, 0, &g, o);
    flame_near3(o, 1.4582649476699259, 1.1011637070841922, 0, "bwraps twisted");
    x.param[flame_par("bwraps_cellsize")] = 0.5, x.param[flame_par("bwraps_space")] = 0.3, x.param[flame_par("bwraps_gain")] = 2;
    x.param[flame_par("bwraps_inner_twist")] = 0.4, x.param[flame_par("bwraps_outer_twist")] = -0.7;
    flame_var_eval(&x, "bwraps", 1, -1.3, 2.2, 0, &g, o); /* a cell left of and above the origin's */
    flame_near3(o, -1.322287447807445, 2.2073895842965348, 0, "bwraps negative cell");
    x.param[flame_par("bwraps_cellsize")] = 0; /* no cells: w t */
    flame_var_eval(&x, "bwraps", 3, -1.3, 2.2, 1, &g, o);
    flame_near3(o, -3.9, 6.6, 3, "bwraps cell 0");

    /* crop, the box [-1, 1]^2, scatter 0: onto the side crossed, one draw a
     * coordinate out of the box; inside: kept, no draw */
    h = g;
    flame_var_eval(&x, "crop", 2, 0.5, -0.25, 3, &g, o);
    flame_near3(o, 1, -0.5, 6, "crop inside");
    flame_draws(&g, h, 0, "crop inside");
    flame_var_eval(&x, "crop", 2, 5, 0.5, 0, &g, o);
    flame_near3(o, 2, 1, 0, "crop right");
    flame_draws(&g, h, 1, "crop right");
    h = g;
    flame_var_eval(&x, "crop", 1, -3, -4, 0, &g, o);
    flame_near3(o, -1, -1, 0, "crop corner");
    flame_draws(&g, h, 2, "crop corner");
    /* sides given in any order; scatter 1: a band half the box wide */
    x.param[flame_par("crop_left")] = 2, x.param[flame_par("crop_right")] = -2, x.param[flame_par("crop_scatter_area")] = 1;
    h = g;
    flame_var_eval(&x, "crop", 1, 5, 0, 0, &g, o);
    const double u = fr_flame_rng_01(&h);
    flame_near3(o, 2 - 2 * u, 0, 0, "crop scatter");
    /* zero: outside goes to the origin, no draw */
    x.param[flame_par("crop_zero")] = 1;
    h = g;
    flame_var_eval(&x, "crop", 1, 5, 0, 4, &g, o);
    flame_near3(o, 0, 0, 4, "crop zero");
    flame_draws(&g, h, 0, "crop zero");
}

static void test_tiles(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    int jumped[2] = {0, 0};
    for (int k = 0; k < 64; k++) {
        fr_flame_rng g, h;
        fr_flame_rng_init(&g, 31, (uint64_t)k);
        h = g;
        /* tile_hlp, width 1, w 0.5, x = 0.25: jumps by -width w when
         * cos(pi / 4) < a draw in [-1, 1) */
        flame_var_eval(&x, "tile_hlp", 0.5, 0.25, 1, 2, &g, o);
        const double v = 2 * fr_flame_rng_01(&h) - 1;
        const int jump = sqrt(0.5) < v;
        flame_near3(o, 0.125 + (jump ? -0.5 : 0.0), 0.5, 0, "tile_hlp");
        flame_draws(&g, h, 0, "tile_hlp");
        jumped[jump] = 1;
        /* x < 0, x = -1.25: the plugin's fraction -1.25 + trunc(-1.25) =
         * -2.25, cos(2.25 pi) = cos(pi / 4): jumps by +width w */
        flame_var_eval(&x, "tile_hlp", 0.5, -1.25, 1, 2, &g, o);
        const double v2 = 2 * fr_flame_rng_01(&h) - 1;
        flame_near3(o, -0.625 + (sqrt(0.5) < v2 ? 0.5 : 0.0), 0.5, 0, "tile_hlp x < 0");
        /* tile_log, spread 1: x + round(+-log u), a draw then a bit (set: +) */
        flame_var_eval(&x, "tile_log", 2, 0.3, 1, 2, &g, o);
        const double l = log(fr_flame_rng_01(&h));
        const double t = fr_flame_rng_bit(&h) ? l : -l;
        const double n = t > 0 ? floor(t + 0.5) : ceil(t - 0.5);
        flame_near3(o, 2 * (0.3 + n), 2, 0, "tile_log");
        if (memcmp(&g, &h, sizeof g)) fail_msg("tile_log: not a draw and a bit");
        assert_true(n == round(n));
    }
    assert_true(jumped[0] && jumped[1]);
}

static void test_hexes(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 8, 8);
    double o[3];
    /* defaults (cell 1, power 1, rotate 0.166, scale 1), the cell of the
     * origin; its Voronoi distance l = 0.4155 < 0.5: scaled by l^1 / l */
    flame_var_eval(&x, "hexes", 1, 0.3, 0.2, 5, &g, o);
    flame_near3(o, 0.32387164392929535, -0.1584523848306984, 0, "hexes");
    /* the cell centred at (-3, sqrt 3) (hex (-1, 1)), l > 0.8: by l2 */
    flame_var_eval(&x, "hexes", 1, -2.1, 1.7, 0, &g, o);
    flame_near3(o, -2.5734764427194707, 0.9366025403784439, 0, "hexes far cell");
    /* cell 0.5, power 0.5, a quarter turn, scale 0.8, w 2 */
    x.param[flame_par("hexes_cellsize")] = 0.5, x.param[flame_par("hexes_power")] = 0.5;
    x.param[flame_par("hexes_rotate")] = 0.25, x.param[flame_par("hexes_scale")] = 0.8;
    flame_var_eval(&x, "hexes", 2, 0.3, 0.2, 0, &g, o);
    flame_near3(o, 0.3908024665327171, -0.5862036997990755, 0, "hexes small cells");
    /* 0.5 <= max(l1, l2) <= 0.8: the blend of trg / l1 and trg / l2 */
    x.param[flame_par("hexes_cellsize")] = 1, x.param[flame_par("hexes_power")] = 2;
    x.param[flame_par("hexes_rotate")] = 0.1, x.param[flame_par("hexes_scale")] = 1.5;
    flame_var_eval(&x, "hexes", 1, 0.5, 0.3, 0, &g, o);
    flame_near3(o, 0.6213856649558336, -0.05476030057942017, 0, "hexes blend");
    flame_var_eval(&x, "hexes", 1, 0.2, 0.55, 0, &g, o);
    flame_near3(o, 0.44657953885122115, 0.3014133190454876, 0, "hexes blend 2");
    x.param[flame_par("hexes_cellsize")] = 0; /* no cells: the origin */
    flame_var_eval(&x, "hexes", 1, 0.5, 0.3, 0, &g, o);
    flame_near3(o, 0, 0, 0, "hexes cell 0");
}

static void test_smartcrop(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 8, 9);
    double o[3];
    /* power 4: the square |x|, |y| <= 1 (radius 1, its inscribed circle's);
     * static 2 (the point alone), cropmode 1: outside goes onto the edge */
    x.param[flame_par("smartcrop_static")] = 2;
    h = g;
    flame_var_eval(&x, "smartcrop", 2, 0.5, 0.5, 3, &g, o); /* inside: w p, no draw */
    flame_near3(o, 1, 1, 6, "smartcrop inside");
    flame_draws(&g, h, 0, "smartcrop inside");
    flame_var_eval(&x, "smartcrop", 2, 2, 0.5, 3, &g, o); /* onto the side x = 1, along its ray */
    flame_near3(o, 2, 0.5, 6, "smartcrop side");
    flame_draws(&g, h, 1, "smartcrop cut");
    flame_var_eval(&x, "smartcrop", 1, 1.2, 1.2, 0, &g, o); /* onto the corner */
    flame_near3(o, 1, 1, 0, "smartcrop corner");
    /* scatter 0.5: pushed out by 0.5 u times the side's distance factor */
    x.param[flame_par("smartcrop_scatter")] = 0.5;
    h = g;
    flame_var_eval(&x, "smartcrop", 1, 3, 0, 0, &g, o);
    flame_near3(o, 1 + 0.5 * fr_flame_rng_01(&h), 0, 0, "smartcrop scatter");
    x.param[flame_par("smartcrop_scatter")] = 0;
    /* cropmode 0: the origin; cropmode -1: the radius kept (a rotation by rotation * 2 pi / 4) */
    x.param[flame_par("smartcrop_cropmode")] = 0;
    flame_var_eval(&x, "smartcrop", 1, 2, 0.5, 3, &g, o);
    flame_near3(o, 0, 0, 0, "smartcrop cropmode 0");
    x.param[flame_par("smartcrop_cropmode")] = -1, x.param[flame_par("smartcrop_rotation")] = 1;
    flame_var_eval(&x, "smartcrop", 1, 2, 0, 3, &g, o);
    flame_near3(o, 0, 2, 3, "smartcrop cropmode -1");
    x.param[flame_par("smartcrop_cropmode")] = 1, x.param[flame_par("smartcrop_rotation")] = 0;
    /* radius < 0: the inside is cut, onto the edge from within */
    x.param[flame_par("smartcrop_radius")] = -1;
    flame_var_eval(&x, "smartcrop", 1, 0.5, 0, 0, &g, o);
    flame_near3(o, 1, 0, 0, "smartcrop inside cut");
    flame_var_eval(&x, "smartcrop", 1, 3, 0, 0, &g, o);
    flame_near3(o, 3, 0, 0, "smartcrop outside kept");
    x.param[flame_par("smartcrop_radius")] = 1;
    /* static 1 (and 0): a cut point's move adds to the point; static 0 also
     * adds it to what it gives */
    x.param[flame_par("smartcrop_static")] = 1;
    flame_var_eval(&x, "smartcrop", 1, 2, 0, 1, &g, o);
    flame_near3(o, 2 + 1, 0, 1 + 1, "smartcrop static 1 cut");
    flame_var_eval(&x, "smartcrop", 2, 0.5, 0, 1, &g, o);
    flame_near3(o, 1, 0, 2, "smartcrop static 1 kept");
    x.param[flame_par("smartcrop_static")] = 0;
    flame_var_eval(&x, "smartcrop", 2, 0.5, 0, 1, &g, o);
    flame_near3(o, 1.5, 0, 3, "smartcrop static 0 kept");
    /* power 1: the upper half plane kept (a wedge of angle pi); the lower
     * half onto its sides (angle pi or 0 by a draw); three draws: the soft
     * edge's, the side's, the scatter's */
    x.param[flame_par("smartcrop_static")] = 2, x.param[flame_par("smartcrop_power")] = 1;
    int side[2] = {0, 0};
    for (int k = 0; k < 32; k++) {
        fr_flame_rng a, b;
        fr_flame_rng_init(&a, 12, (uint64_t)k);
        b = a;
        flame_var_eval(&x, "smartcrop", 1, 0, -2, 0, &a, o);
        (void)fr_flame_rng_01(&b);
        const int left = fr_flame_rng_01(&b) >= 0.5;
        flame_near3(o, left ? -2 : 2, 0, 0, "smartcrop wedge cut");
        flame_draws(&a, b, 1, "smartcrop wedge");
        side[left] = 1;
        b = a;
        flame_var_eval(&x, "smartcrop", 1, 0.3, 2, 0, &a, o);
        flame_near3(o, 0.3, 2, 0, "smartcrop wedge kept");
        flame_draws(&a, b, 1, "smartcrop wedge kept");
    }
    assert_true(side[0] && side[1]);
}

static void test_curl3d_zcone_pow_block_wdisc(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 13, 1);
    double o[3];
    /* curl3D: defaults (c = 0) are w p; c = (0.3, -0.2, 0.5) at (1, 2, 0.5) */
    flame_var_eval(&x, "curl3D", 1.5, 1, 2, 0.5, &g, o);
    flame_near3(o, 1.5, 3, 0.75, "curl3D c 0");
    x.param[flame_par("curl3D_cx")] = 0.3, x.param[flame_par("curl3D_cy")] = -0.2, x.param[flame_par("curl3D_cz")] = 0.5;
    flame_var_eval(&x, "curl3D", 1.5, 1, 2, 0.5, &g, o);
    flame_near3(o, 0.789070480081716, 0.9346271705822266, 0.9576098059244125, "curl3D");
    /* zcone: z = w |(x, y)|, x and y nothing */
    flame_var_eval(&x, "zcone", 2, 3, 4, 7, &g, o);
    flame_near3(o, 0, 0, 10, "zcone");
    /* wdisc at (3, 4): radius theta / pi, angle pi - pi / (5 + 1); below the axis pi / 6 */
    flame_var_eval(&x, "wdisc", 2, 3, 4, 1, &g, o);
    flame_near3(o, -0.5112446482707387, 0.29516723530086647, 0, "wdisc");
    flame_var_eval(&x, "wdisc", 2, 3, -4, 1, &g, o);
    flame_near3(o, -0.5112446482707387, -0.29516723530086647, 0, "wdisc below");
    /* pow_block, defaults 3 / 2: (3 + 4i)^1.5 w, the branch k = floor(2 u) */
    int seen[2] = {0, 0};
    for (int k = 0; k < 32; k++) {
        fr_flame_rng a, b;
        fr_flame_rng_init(&a, 14, (uint64_t)k);
        b = a;
        flame_var_eval(&x, "pow_block", 0.5, 3, 4, 0, &a, o);
        const int br = fr_flame_rng_01(&b) >= 0.5;
        if (br)
            flame_near3(o, -0.9999999999999967, -5.500000000000001, 0, "pow_block branch 1");
        else
            flame_near3(o, 1.0000000000000007, 5.5, 0, "pow_block branch 0");
        flame_draws(&a, b, 0, "pow_block");
        seen[br] = 1;
    }
    assert_true(seen[0] && seen[1]);
    /* gaussian: an angle, then four draws: r = w (u1 + .. + u4 - 2) from the point */
    h = g;
    flame_var_eval(&x, "gaussian", 0.7, 1, -2, 3, &g, o);
    const double ang = 2 * M_PI * fr_flame_rng_01(&h);
    double u = 0;
    for (int k = 0; k < 4; k++) u += fr_flame_rng_01(&h);
    const double r = 0.7 * (u - 2);
    flame_near3(o, 1 + r * cos(ang), -2 + r * sin(ang), 0, "gaussian");
    flame_draws(&g, h, 0, "gaussian");
    /* rblur, strength 1, offset 1: a square of side 2 (|t| - 1), x's draw first */
    h = g;
    flame_var_eval(&x, "rblur", 2, 3, 4, 0, &g, o);
    const double a1 = fr_flame_rng_01(&h) - 0.5, a2 = fr_flame_rng_01(&h) - 0.5;
    flame_near3(o, 2 * (3 + a1 * 8), 2 * (4 + a2 * 8), 0, "rblur");
    flame_draws(&g, h, 0, "rblur");
    h = g;
    flame_var_eval(&x, "rblur", 2, 0.5, 0, 0, &g, o); /* within the offset: w t, two draws all the same */
    flame_near3(o, 1, 0, 0, "rblur inside");
    flame_draws(&g, h, 2, "rblur inside");
}

static void test_ejulia_bcircle_hypertile_shredlin_barycentroid(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 15, 1);
    double o[3];
    /* eJulia, power 2 at (0.6, 0.8): the branch floor(2 u) (0: nu / 2, 1: + pi);
     * y < 0 mirrors nu; power -2 inverts the point first, its branch floor(-2 u) */
    for (int k = 0; k < 24; k++) {
        fr_flame_rng a, b;
        fr_flame_rng_init(&a, 16, (uint64_t)k);
        b = a;
        x.param[flame_par("eJulia_power")] = 2;
        flame_var_eval(&x, "eJulia", 1.5, 0.6, 0.8, 0, &a, o);
        if (fr_flame_rng_01(&b) >= 0.5)
            flame_near3(o, -1.380663097889889, -0.3259303451274602, 0, "eJulia branch 1");
        else
            flame_near3(o, 1.380663097889889, 0.32593034512746033, 0, "eJulia branch 0");
        b = a;
        x.param[flame_par("eJulia_power")] = -2;
        flame_var_eval(&x, "eJulia", 1, 2, 1, 0, &a, o);
        if (fr_flame_rng_01(&b) > 0.5)
            flame_near3(o, 0.8387808954627386, 0.05961032287510077, 0, "eJulia -2, branch -2");
        else
            flame_near3(o, -0.8387808954627384, -0.059610322875100784, 0, "eJulia -2, branch -1");
        flame_draws(&a, b, 0, "eJulia");
    }
    x.param[flame_par("eJulia_power")] = 2;
    uint64_t k0 = 0; /* a stream whose draw gives branch 0 */
    do {
        fr_flame_rng_init(&g, 17, k0++);
        h = g;
    } while (fr_flame_rng_01(&h) >= 0.5);
    flame_var_eval(&x, "eJulia", 1, 0.6, -0.8, 0, &g, o);
    flame_near3(o, 0.9204420652599261, -0.2172868967516402, 0, "eJulia y < 0");
    /* bcircle: scale 1, inside kept; outside, border 0: the origin; border 2:
     * on its ray at w (1 + 0.4 u) */
    flame_var_eval(&x, "bcircle", 2, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.6, -0.8, 0, "bcircle inside");
    h = g;
    flame_var_eval(&x, "bcircle", 2, 3, 4, 0, &g, o);
    flame_near3(o, 0, 0, 0, "bcircle outside");
    flame_draws(&g, h, 0, "bcircle border 0");
    x.param[flame_par("bcircle_borderwidth")] = -2; /* |borderwidth| */
    flame_var_eval(&x, "bcircle", 2, 3, 4, 0, &g, o);
    const double t = 2 * (1 + 0.4 * fr_flame_rng_01(&h));
    flame_near3(o, t * 0.6, t * 0.8, 0, "bcircle border");
    x.param[flame_par("bcircle_scale")] = 0.1; /* (3, 4) scaled inside */
    flame_var_eval(&x, "bcircle", 2, 3, 4, 0, &g, o);
    flame_near3(o, 0.6, 0.8, 0, "bcircle scaled");
    /* hypertile {3, 7}, n 0 and {4, 5}, n 1 */
    flame_var_eval(&x, "hypertile", 1, 0.3, 0.2, 0, &g, o);
    flame_near3(o, 0.539806539070472, 0.15721652090382873, 0, "hypertile");
    x.param[flame_par("hypertile_p")] = 4, x.param[flame_par("hypertile_q")] = 5, x.param[flame_par("hypertile_n")] = 1;
    flame_var_eval(&x, "hypertile", 2, 0.3, 0.2, 0, &g, o);
    flame_near3(o, 0.5480526769873351, -0.7217567018881587, 0, "hypertile n 1");
    /* hypertile2 {3, 7}: the same map turned by k 2 pi / 3, k = floor(32767 u) */
    for (int k = 0; k < 8; k++) {
        fr_flame_rng a, b;
        fr_flame_rng_init(&a, 18, (uint64_t)k);
        b = a;
        flame_var_eval(&x, "hypertile2", 1, 0.3, 0.2, 0, &a, o);
        const int n = (int)floor(fr_flame_rng_01(&b) * 32767.0) % 3;
        const double want[3][2] = {{0.539806539070472, 0.15721652090382873},
                                   {-0.13374976853791293, -0.5460944364159003},
                                   {-0.4060567705325592, 0.3888779155120713}};
        /* k 2 pi / 3 up to 6.9e4 radians: sin, cos of it within 1e-11 */
        if (!(fabs(o[0] - want[n][0]) < 1e-9 && fabs(o[1] - want[n][1]) < 1e-9 && o[2] == 0))
            fail_msg("hypertile2: (%.17g, %.17g), want (%.17g, %.17g)", o[0], o[1], want[n][0], want[n][1]);
        flame_draws(&a, b, 0, "hypertile2");
    }
    /* shredlin, defaults (1, 0.5): 1.3 -> 1 + 0.3 / 2 + 0.25; -1.3 mirrored; z by w */
    flame_var_eval(&x, "shredlin", 1, 1.3, -1.3, 2, &g, o);
    flame_near3(o, 1.4, -1.4, 2, "shredlin");
    x.param[flame_par("shredlin_xdistance")] = 0.5, x.param[flame_par("shredlin_xwidth")] = 0.25;
    flame_var_eval(&x, "shredlin", 2, 2.7, 0.4, 0, &g, o);
    flame_near3(o, 5.475, 0.9, 0, "shredlin strips");
    /* barycentroid: the identity basis gives sign(x) sqrt(2) |x| ...; z by w */
    flame_var_eval(&x, "barycentroid", 2, 0.3, -0.4, 1, &g, o);
    flame_near3(o, 0.848528137423857, -1.1313708498984762, 2, "barycentroid");
    x.param[flame_par("barycentroid_b")] = 0.5, x.param[flame_par("barycentroid_c")] = -0.2;
    flame_var_eval(&x, "barycentroid", 2, 0.3, -0.4, 0, &g, o);
    flame_near3(o, 0.7211102550927979, -1.28062484748657, 0, "barycentroid basis");
}

static void test_gnarly_glynnia(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 19, 1);
    double o[3];
    /* gnarly, cell 1, twist 1: inside the circle of cell (0.5, 0.5) turned
     * by log(r^2 / 0.25), its corner kept; cell 0.5, twist -0.7 */
    flame_var_eval(&x, "gnarly", 2, 0.6, 0.7, 1, &g, o);
    flame_near3(o, 0.5925722032838208, 1.1843979133911215, 0, "gnarly");
    flame_var_eval(&x, "gnarly", 2, 0.95, 0.95, 1, &g, o);
    flame_near3(o, 1.9, 1.9, 0, "gnarly outside");
    x.param[flame_par("gnarly_cellsize")] = 0.5, x.param[flame_par("gnarly_twist")] = -0.7;
    flame_var_eval(&x, "gnarly", 1, -0.3, 1.2, 1, &g, o);
    flame_near3(o, -0.2892339246493726, 1.3088277073886734, 0, "gnarly small cells");
    /* glynnia: one draw, u > 0.5 the square-root branch, else the inversion;
     * inside the unit circle mirrored */
    for (int k = 0; k < 16; k++) {
        fr_flame_rng a, b;
        fr_flame_rng_init(&a, 20, (uint64_t)k);
        b = a;
        flame_var_eval(&x, "glynnia", 1.5, 3, 4, 0, &a, o);
        int pick = fr_flame_rng_01(&b) > 0.5;
        if (pick)
            flame_near3(o, 3.0000000000000004, -1.5, 0, "glynnia outside, root");
        else
            flame_near3(o, 0.6, 0.3, 0, "glynnia outside, inversion");
        flame_draws(&a, b, 0, "glynnia");
        flame_var_eval(&x, "glynnia", 1.5, 0.3, -0.4, 0, &a, o);
        pick = fr_flame_rng_01(&b) > 0.5;
        if (pick)
            flame_near3(o, -0.9486832980505139, 0.474341649025257, 0, "glynnia inside, root");
        else
            flame_near3(o, -1.8973665961010278, -0.9486832980505139, 0, "glynnia inside, inversion");
    }
}

static void test_falloff_falloff3(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 21, 2);
    /* falloff, within mindist: w t, three draws */
    h = g;
    flame_var_eval(&x, "falloff", 2, 0.1, 0.2, 0.3, &g, o);
    flame_near3(o, 0.2, 0.4, 0.6, "falloff near");
    flame_draws(&g, h, 3, "falloff");
    /* type 0, scatter 10: rs = (5 - 0.5) 0.4 = 1.8 at (3, 4, 0); mul_z 1 */
    x.param[flame_par("falloff_scatter")] = 10, x.param[flame_par("falloff_mul_z")] = 1;
    h = g;
    flame_var_eval(&x, "falloff", 2, 3, 4, 0, &g, o);
    double ax = fr_flame_rng_01(&h) - 0.5, ay = fr_flame_rng_01(&h) - 0.5, az = fr_flame_rng_01(&h) - 0.5;
    flame_near3(o, 2 * (3 + ax * 1.8), 2 * (4 + ay * 1.8), 2 * az * 1.8, "falloff linear");
    /* type 1: radius 5 + ax rs, angle + ay rs, elevation az rs */
    x.param[flame_par("falloff_type")] = 1;
    h = g;
    flame_var_eval(&x, "falloff", 2, 3, 4, 0, &g, o);
    ax = fr_flame_rng_01(&h) - 0.5, ay = fr_flame_rng_01(&h) - 0.5, az = fr_flame_rng_01(&h) - 0.5;
    double r = 5 + ax * 1.8, phi = atan2(4.0, 3.0) + ay * 1.8, e = az * 1.8;
    flame_near3(o, 2 * r * cos(e) * cos(phi), 2 * r * cos(e) * sin(phi), 2 * r * sin(e), "falloff radial");
    /* type 2 (box), scatter 1: rs = 4.5 0.04 = 0.18, scale 0.28; boxpow 2:
     * w lerp(t, floor(t / 0.28) + 0.28 a, rs) + a^2 rs / 0.28 */
    x.param[flame_par("falloff_type")] = 2, x.param[flame_par("falloff_scatter")] = 1;
    h = g;
    flame_var_eval(&x, "falloff", 2, 3, 4, 0, &g, o);
    ax = fr_flame_rng_01(&h) - 0.5, ay = fr_flame_rng_01(&h) - 0.5, az = fr_flame_rng_01(&h) - 0.5;
    const double rs = 0.18, sc = 0.28;
    const double bx = floor(3 / sc) + sc * ax, by = floor(4 / sc) + sc * ay, bz = sc * az;
    flame_near3(o, 2 * (3 + (bx - 3) * rs) + ax * ax * rs / sc, 2 * (4 + (by - 4) * rs) + ay * ay * rs / sc,
          2 * (bz * rs) + az * az * rs / sc, "falloff box");

    /* falloff3: blur_type 0 is falloff2's gaussian type, 4 draws; square
     * distance: max(|dx|, |dy|) = 4, dist (4 - 0.5) 0.4 = 1.4 at strength 10 */
    x.param[flame_par("falloff3_blur_strength")] = 10, x.param[flame_par("falloff3_blur_shape")] = 1;
    x.param[flame_par("falloff3_mul_z")] = 1;
    h = g;
    flame_var_eval(&x, "falloff3", 2, 3, 4, 0, &g, o);
    double rx = fr_flame_rng_01(&h) - 0.5, ry = fr_flame_rng_01(&h) - 0.5, rz = fr_flame_rng_01(&h) - 0.5;
    (void)fr_flame_rng_01(&h);
    double d = 1.4, s = 2 * M_PI * ry * d, p = M_PI * rz * d, len = d * rx;
    flame_near3(o, 2 * (3 + len * cos(s) * cos(p)), 2 * (4 + len * cos(s) * sin(p)), 2 * len * sin(s), "falloff3 gaussian");
    flame_draws(&g, h, 0, "falloff3");
    /* blur_type 2 (log): t + logmap(mul) logscale(r) coeff, coeff = dist + alpha
     * (logmap(dist) - dist); logmap(1) = (e + 1) / 4, logscale(v) = sign(v) log((|v| + 1) e) / e */
    x.param[flame_par("falloff3_blur_type")] = 2, x.param[flame_par("falloff3_alpha")] = 0.5;
    h = g;
    flame_var_eval(&x, "falloff3", 2, 3, 4, 0, &g, o);
    rx = fr_flame_rng_01(&h) - 0.5, ry = fr_flame_rng_01(&h) - 0.5, rz = fr_flame_rng_01(&h) - 0.5;
    const double lm1 = (M_E + 1) / 4, lmd = (M_E + log(d * M_E)) / 4, coeff = d + 0.5 * (lmd - d);
#define LOGSCALE(v) ((v) < 0 ? -log((-(v) + 1) * M_E) / M_E : log(((v) + 1) * M_E) / M_E)
    flame_near3(o, 2 * (3 + lm1 * LOGSCALE(rx) * coeff), 2 * (4 + lm1 * LOGSCALE(ry) * coeff),
          2 * (lm1 * LOGSCALE(rz) * coeff), "falloff3 log");
#undef LOGSCALE
}

static void test_circlecrop(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    fr_flame_rng g, h;
    fr_flame_rng_init(&g, 22, 1);
    /* the unit circle about (0.5, 0): inside, w (t - c) + c; outside, zero 1:
     * nothing; one draw either way; z w z (Ember's, flam3_compat) */
    x.param[flame_par("circlecrop_x")] = 0.5;
    h = g;
    flame_var_eval(&x, "circlecrop", 2, 0.8, 0.4, 3, &g, o);
    flame_near3(o, 1.1, 0.8, 6, "circlecrop inside");
    flame_var_eval(&x, "circlecrop", 2, 3.5, 4, 3, &g, o);
    flame_near3(o, 0, 0, 6, "circlecrop zero");
    flame_draws(&g, h, 2, "circlecrop");
    /* zero 0, scatter_area 4 (clamped to 1): onto the ring 1 + u / 2 along the ray from the centre */
    x.param[flame_par("circlecrop_zero")] = 0, x.param[flame_par("circlecrop_scatter_area")] = 4;
    h = g;
    flame_var_eval(&x, "circlecrop", 2, 3.5, 4, 3, &g, o);
    const double r = 1 + 0.5 * fr_flame_rng_01(&h);
    flame_near3(o, 2 * r * 0.6 + 0.5, 2 * r * 0.8, 6, "circlecrop ring");
}

static void test_y_voron(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    fr_flame_rng g;
    fr_flame_rng_init(&g, 23, 1);
    /* y: each shape alone, then all four; the defaults (all 0) give the origin */
    flame_var_eval(&x, "y", 1.5, 0.6, 0.8, 0, &g, o);
    flame_near3(o, 0, 0, 0, "y none");
    x.param[flame_par("y_hypergon")] = 1;
    flame_var_eval(&x, "y", 1.5, 0.6, 0.8, 0, &g, o);
    flame_near3(o, 0.15891433927455637, 0.2118857856994085, 0, "y hypergon");
    x.param[flame_par("y_hypergon")] = 0, x.param[flame_par("y_star")] = 0.7;
    flame_var_eval(&x, "y", 1.5, 0.6, 0.8, 0, &g, o);
    flame_near3(o, 0.6545198326324672, 0.872693110176623, 0, "y star");
    x.param[flame_par("y_star")] = 0, x.param[flame_par("y_lituus")] = 0.5, x.param[flame_par("y_lituus_a")] = 2;
    flame_var_eval(&x, "y", 1.5, 0.6, -0.8, 0, &g, o);
    flame_near3(o, 0.9116710846366416, -1.215561446182189, 0, "y lituus");
    x.param[flame_par("y_lituus")] = 0, x.param[flame_par("y_super")] = 1, x.param[flame_par("y_super_m")] = 6;
    x.param[flame_par("y_super_n1")] = 2, x.param[flame_par("y_super_n2")] = 3, x.param[flame_par("y_super_n3")] = 1.5;
    flame_var_eval(&x, "y", 1.5, -0.6, 0.8, 0, &g, o);
    flame_near3(o, -0.8754477171089878, 1.1672636228119841, 0, "y super");
    x.param[flame_par("y_hypergon")] = 0.5, x.param[flame_par("y_star")] = 0.3, x.param[flame_par("y_lituus")] = 0.2;
    x.param[flame_par("y_lituus_a")] = 1, x.param[flame_par("y_super")] = 0.4, x.param[flame_par("y_super_m")] = 4;
    x.param[flame_par("y_super_n1")] = 1, x.param[flame_par("y_super_n2")] = 1, x.param[flame_par("y_super_n3")] = 1;
    flame_var_eval(&x, "y", 1, 0.3, 0.4, 0, &g, o);
    flame_near3(o, 1.2380156169070295, 1.6506874892093728, 0, "y all four");
    /* Voron, defaults (K 0.99, step 0.25, one point a square, seeds 3, 7):
     * the nearest hashed point (0.157.., 0.109..); four points a square of 0.4 */
    flame_var_eval(&x, "Voron", 1, 0.3, 0.2, 0, &g, o);
    flame_near3(o, 0.2985714814858844, 0.19909617185480716, 0, "Voron");
    x.param[flame_par("Voron_K")] = 0.5, x.param[flame_par("Voron_Step")] = 0.4, x.param[flame_par("Voron_Num")] = 4;
    x.param[flame_par("Voron_XSeed")] = 11, x.param[flame_par("Voron_YSeed")] = -5;
    flame_var_eval(&x, "Voron", 2, -0.7, 1.1, 0, &g, o);
    flame_near3(o, -1.5221509907497797, 2.156358196892011, 0, "Voron 4 points");
}

static void test_mirrors_zblur_blur3d_julia3dz(void **state)
{
    (void)state;
    fr_flame_xform x;
    flame_xform_blank(&x);
    double o[3];
    for (int k = 0; k < 16; k++) {
        fr_flame_rng g, h;
        fr_flame_rng_init(&g, 24, (uint64_t)k);
        h = g;
        /* mirror_y, mirror_z: +-|y|, +-|z| by a bit, the rest kept, w unused */
        flame_var_eval(&x, "mirror_y", 0.3, 1, -2, 3, &g, o);
        flame_near3(o, 1, fr_flame_rng_bit(&h) ? -2 : 2, 3, "mirror_y");
        flame_var_eval(&x, "mirror_z", 0.3, 1, -2, -3, &g, o);
        flame_near3(o, 1, -2, fr_flame_rng_bit(&h) ? -3 : 3, "mirror_z");
        /* zblur: z = w (u1 + .. + u4 - 2) */
        flame_var_eval(&x, "zblur", 0.5, 1, 2, 3, &g, o);
        double u = 0;
        for (int i = 0; i < 4; i++) u += fr_flame_rng_01(&h);
        flame_near3(o, 0, 0, 0.5 * (u - 2), "zblur");
        /* blur3D: azimuth, radius (four draws), polar angle */
        flame_var_eval(&x, "blur3D", 0.5, 1, 2, 3, &g, o);
        const double az = 2 * M_PI * fr_flame_rng_01(&h);
        u = 0;
        for (int i = 0; i < 4; i++) u += fr_flame_rng_01(&h);
        const double r = 0.5 * (u - 2), po = M_PI * fr_flame_rng_01(&h);
        flame_near3(o, r * sin(po) * cos(az), r * sin(po) * sin(az), r * cos(po), "blur3D");
        /* julia3Dz, power 2 at (3, 4, 2): sqrt 5 at half the angle (+ pi on
         * branch 1), z = sqrt 5 2 / (5 2) */
        flame_var_eval(&x, "julia3Dz", 1, 3, 4, 2, &g, o);
        const double a = atan2(4.0, 3.0) / 2 + (fr_flame_rng_01(&h) >= 0.5 ? M_PI : 0.0);
        flame_near3(o, sqrt(5.0) * cos(a), sqrt(5.0) * sin(a), sqrt(5.0) / 5, "julia3Dz");
        if (memcmp(&g, &h, sizeof g)) fail_msg("mirrors, zblur, blur3D, julia3Dz: draws out of step");
    }
}

/* ---- reading and writing -------------------------------------------------- */



static void test_read_write(void **state)
{
    (void)state;
    fr_status st;
    char msg[512];
    fr_flame_file f = flame_read_text(flame_ember2_genome, "e2.flame", 1, &st, msg, sizeof msg); /* strict: every attribute is known */
    if (st) fail_msg("%s", msg);
    assert_int_equal(f.nwarnings, 0);
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("bwraps")] == 0.6 && x[0].param[flame_par("bwraps_gain")] == 1.5);
    assert_true(x[0].slot[0].n == 1 && x[0].slot[0].var[0] == flame_var("falloff2"));
    assert_true(x[0].slot[0].param[flame_par("falloff2_type")] == 1);
    assert_true(x[1].param[flame_par("waves2_scalez")] == 0.4 && x[1].param[flame_par("auger_scale")] == 1);
    assert_true(x[2].param[flame_par("log_base")] == 10);
    assert_true(x[2].slot[0].n == 5 && x[2].slot[0].var[0] == flame_var("mirror_x") && x[2].slot[0].var[2] == flame_var("curl3D"));
    char *xml = flame_round_trip(&f.g[0], "e2.flame");
    assert_non_null(strstr(xml, "waves2_scalez=\"0.4\""));
    assert_non_null(strstr(xml, "pre_mirror_x=\"1\" pre_rotate_x=\"0.2\""));
    assert_null(strstr(xml, "auger_half_scale")); /* derived: not kept */
    free(xml);
    fr_flame_file_free(&f);
}

/* A flam3 genome with waves2 and log writes as flam3 writes it: no Ember
 * parameter at its default. */
static void test_flam3_write_unchanged(void **state)
{
    (void)state;
    const char *xml0 = "<flame size=\"4 4\"><xform weight=\"1\" coefs=\"1 0 0 1 0 0\" waves2=\"1\" "
                       "waves2_scalex=\"0.5\" log=\"0.5\"/></flame>";
    fr_status st;
    char msg[512];
    fr_flame_file f = flame_read_text(xml0, "e2.flame", 1, &st, msg, sizeof msg);
    if (st) fail_msg("%s", msg);
    char *xml = flame_write_text(&f.g[0]);
    assert_non_null(strstr(xml, "waves2_scalex=\"0.5\""));
    assert_non_null(strstr(xml, "waves2_freqy=\"0\"")); /* flam3's own, written as flam3 does */
    assert_null(strstr(xml, "waves2_scalez"));
    assert_null(strstr(xml, "waves2_freqz"));
    assert_null(strstr(xml, "log_base"));
    free(xml);
    fr_flame_file_free(&f);
}

static void test_registry(void **state)
{
    (void)state;
    const char *names[] = {"foci_3D", "falloff2", "bwraps", "crop", "tile_hlp", "tile_log", "twoface", "blur_linear",
                           "blur_zoom", "blur_circle", "unpolar", "rotate_x", "rotate_y", "rotate_z", "mirror_x",
                           "epispiral", "hexes", "smartcrop", "curl3D", "zcone", "gaussian", "pow_block", "rblur", "wdisc", "eJulia", "bcircle", "hypertile", "hypertile2", "shredlin", "barycentroid", "gnarly", "glynnia", "falloff", "falloff3", "circlecrop", "y", "Voron", "mirror_y", "mirror_z", "zblur", "blur3D", "julia3Dz"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        const int v = flame_var(names[k]);
        assert_true(v >= FR_FLAME_NVAR_FLAM3);
        assert_string_equal(fr_flame_variation_origin(v), "Apophysis");
    }
    assert_true(fr_flame_vars[flame_var("blur_circle")].flags & FR_VF_SUM); /* Ember's ASSIGNTYPE_SUM */
    assert_true(fr_flame_vars[flame_var("zblur")].flags & FR_VF_SUM);
    assert_true(fr_flame_vars[flame_var("blur3D")].flags & FR_VF_SUM);
    assert_true(fr_flame_vars[flame_var("waves2")].flags & FR_VF_3D);
    assert_false(fr_flame_vars[flame_var("falloff2")].flags & FR_VF_SUM);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(flame_var("crop"), 0, &def), "crop_left");
    assert_true(def == -1);
    assert_string_equal(fr_flame_variation_param(flame_var("log"), 0, &def), "log_base");
    assert_true(def == M_E);
    assert_int_equal(fr_flame_variation_nparams(flame_var("waves2")), 6);
    assert_true(fr_flame_param_derived("auger_half_scale"));
    assert_false(fr_flame_param_derived("auger_scale"));
}

/* ---- the batched walker against the scalar one -------------------------- */



static void test_simd_vs_scalar(void **state)
{
    (void)state;
    flame_simd_vs_scalar(flame_ember2_regular_genome, "ember2_regular.flame");
    flame_simd_vs_scalar(flame_ember2_genome, "ember2_prepost.flame");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_waves2_z_log_base), cmocka_unit_test(test_foci3d_unpolar_epispiral_twoface),
        cmocka_unit_test(test_rotate_mirror),     cmocka_unit_test(test_blurs),
        cmocka_unit_test(test_falloff2),          cmocka_unit_test(test_bwraps_crop),
        cmocka_unit_test(test_tiles),             cmocka_unit_test(test_hexes),
        cmocka_unit_test(test_smartcrop),         cmocka_unit_test(test_curl3d_zcone_pow_block_wdisc),
        cmocka_unit_test(test_ejulia_bcircle_hypertile_shredlin_barycentroid),
        cmocka_unit_test(test_gnarly_glynnia),    cmocka_unit_test(test_falloff_falloff3),
        cmocka_unit_test(test_circlecrop),        cmocka_unit_test(test_y_voron),
        cmocka_unit_test(test_mirrors_zblur_blur3d_julia3dz),
        cmocka_unit_test(test_read_write),
        cmocka_unit_test(test_flam3_write_unchanged), cmocka_unit_test(test_registry),
        cmocka_unit_test(test_simd_vs_scalar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
