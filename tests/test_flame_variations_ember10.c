/* The tenth round of Ember's variations: those that read or set the
 * walker's colour coordinate (Ember's outPoint.m_ColorX): VariationsDC.h's
 * dc_bubble .. pixel_flow (dc_perlin left out) and curl_sp
 * (flame_var_list_ember_v11.h, flame_var_ember_v11.h), each against values
 * worked out apart from the code: a python3 transcription of Ember's Func
 * and Precalc (tests/flame_var_dc_transcription.py, which prints the rows)
 * evaluated at the point with the sum so far and the colour given, fed the
 * walker's uniform draws (stream (7, 1) advanced by `skip` draws), with the
 * number of draws taken; their pre_/post_ forms; whole xforms (linear
 * first) with the xform's var_color (Ember's m_DirectColor) mixing the
 * colour; FR_FLAME_NEED_COLOR only where one of them is; reading and
 * writing them; the registry; the batched walker against the scalar one. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_genome.h"
#include "flame/flame_var_list.h"
#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"
#include "flame/flame_xml.h"
#include "fractalis.h"
#include "flame_var_support.h"

typedef struct named_value {
    const char *name;
    double v;
} named_value;

/* Each case: the variation, what it tests, weight, the affine image, the
 * sum so far, the colour in, the draws skipped and taken, the parameters
 * set (the others at Ember's defaults), the sum after it and the colour
 * out. The xform's coefficients are (a b c d e f) = (0.6 0.1 -0.1 0.6 0.2
 * 0), which dc_carpet and dc_triangle read. Branches: dc_bubble's scale 0;
 * dc_carpet's quadrants (x0 ^ y0 0 and -2) with origin; dc_cube's six faces
 * and its colours clamped (above 1, below 0); dc_cylinder's and
 * dc_linear's stripes, scale 0; dc_gridout's eight cells and LRint's
 * halves; dc_triangle inside, beyond the edge (u > v, v >= u), outside an
 * axis, scattered (folded back again), scatter clamped, zero_edges;
 * dc_ztransl's overwrite, clamp, swapped x0 x1, Zeps; randCubes in place
 * of the sum; pixel_flow's enable_dc, negative blocks; curl_sp's powers,
 * spreads, Zeps and the colour clamped at both ends. */
typedef struct dc_case {
    const char *var, *what;
    double w, t[3], s[3], c;
    int skip, draws;
    named_value p[10];
    double o[3], oc;
} dc_case;

static const dc_case cases[] = {
    /* clang-format off */
    {"dc_bubble", "defaults", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {0.3976470588235294, -0.1635294117647059, 1.1249999999999998}, 0.1848650519031142},
    {"dc_bubble", "centre, scale 0.3", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"dc_bubble_centerx", 0.5}, {"dc_bubble_centery", -0.2}, {"dc_bubble_scale", 0.3}, {NULL, 0}}, {-0.39050966608084353, 0.3460456942003515, 1.8449999999999995}, 0.11105826005396986},
    {"dc_bubble", "scale 0 (1e-5)", 0.5, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"dc_bubble_scale", 0.0}, {NULL, 0}}, {0.3411764705882353, -0.08823529411764705, 1.325}, 0.6851211072644219},
    {"dc_carpet", "origin 0, quadrant from two draws", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 2, {{NULL, 0}}, {-0.051999999999999935, -0.43899999999999995, -0.3}, 0.2},
    {"dc_carpet", "origin 2", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 1, 2, {{"dc_carpet_origin", 2.0}, {NULL, 0}}, {0.08800000000000004, 0.401, -0.3}, 0.31999999999999984},
    {"dc_carpet", "origin 2, other quadrant", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.8, 2, 2, {{"dc_carpet_origin", 2.0}, {NULL, 0}}, {0.788, -0.579, -0.3}, 0.039999999999999813},
    {"dc_carpet", "origin -3, another", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0.3, 4, 2, {{"dc_carpet_origin", -3.0}, {NULL, 0}}, {-0.4789999999999999, 0.8839999999999999, -0.3}, 0.54},
    {"dc_cube", "defaults", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 4, {{NULL, 0}}, {0.787447091783319, -0.6, 0.30799087950167675}, 0.0},
    {"dc_cube", "colours, scales", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 1, 4, {{"dc_cube_c1", 0.1}, {"dc_cube_c2", 0.2}, {"dc_cube_c3", 0.3}, {"dc_cube_c4", 0.4}, {"dc_cube_c5", 1.5}, {"dc_cube_c6", -0.6}, {"dc_cube_x", 2.0}, {"dc_cube_y", 0.5}, {"dc_cube_z", 3.0}, {NULL, 0}}, {1.4159817590033534, -0.006521482818289542, -2.3999999999999995}, 1.0},
    {"dc_cube", "colours, another face", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 2, 4, {{"dc_cube_c1", 0.1}, {"dc_cube_c2", 0.2}, {"dc_cube_c3", 0.3}, {"dc_cube_c4", 0.4}, {"dc_cube_c5", 1.5}, {"dc_cube_c6", -0.6}, {NULL, 0}}, {-0.013042965636579085, 0.7999999999999999, 0.08567334519712988}, 0.4},
    {"dc_cube", "colours, another", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 3, 4, {{"dc_cube_c1", 0.1}, {"dc_cube_c2", 0.2}, {"dc_cube_c3", 0.3}, {"dc_cube_c4", 0.4}, {"dc_cube_c5", 1.5}, {"dc_cube_c6", -0.6}, {NULL, 0}}, {0.8999999999999999, 0.4856733451971299, -0.2344599872107181}, 0.2},
    {"dc_cube", "colours, another", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 4, 4, {{"dc_cube_c1", 0.1}, {"dc_cube_c2", 0.2}, {"dc_cube_c3", 0.3}, {"dc_cube_c4", 0.4}, {"dc_cube_c5", 1.5}, {"dc_cube_c6", -0.6}, {NULL, 0}}, {-0.49999999999999994, 0.1655400127892819, -0.5598212032565357}, 0.1},
    {"dc_cube", "colours, another", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 18, 4, {{"dc_cube_c1", 0.1}, {"dc_cube_c2", 0.2}, {"dc_cube_c3", 0.3}, {"dc_cube_c4", 0.4}, {"dc_cube_c5", 1.5}, {"dc_cube_c6", -0.6}, {NULL, 0}}, {0.4995286884159254, 0.15292260292502596, 0.39999999999999997}, 0.0},
    {"dc_cylinder", "defaults", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 5, {{NULL, 0}}, {0.2006574919951616, 0.6544009084653638, 0.17297249285207295}, 0.7006574919951616},
    {"dc_cylinder", "offset, angle, scale, x, y, blur", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0.4, 3, 5, {{"dc_cylinder_offset", 0.3}, {"dc_cylinder_angle", 1.1}, {"dc_cylinder_scale", 2.0}, {"dc_cylinder_x", 0.5}, {"dc_cylinder_y", -0.4}, {"dc_cylinder_blur", 0.3}, {NULL, 0}}, {-0.12950868082137573, -0.07273579098973657, -0.04351625369554596}, 0.5441081731046343},
    {"dc_cylinder", "scale 0 (1e-5)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 1, 5, {{"dc_cylinder_scale", 0.0}, {NULL, 0}}, {0.22637629290750602, 0.0345351350666407, 0.3715985841819784}, 0.31464537529973313},
    {"dc_gridout", "y <= 0, x > 0, -y >= x", 0.7, {0.6, -1.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {1.3199999999999998, -0.8799999999999999, -0.3}, 0.65},
    {"dc_gridout", "y <= 0, x > 0, -y < x", 0.7, {1.6, -0.6, 0.5}, {0.2, 0.1, -0.3}, 0.9, 0, 0, {{NULL, 0}}, {1.3199999999999998, 0.38, -0.3}, 0.6499999999999999},
    {"dc_gridout", "y <= 0, x <= 0, y <= x", 0.7, {-0.6, -1.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {0.48, -0.8799999999999999, -0.3}, 0.65},
    {"dc_gridout", "y <= 0, x <= 0, y > x", 0.7, {-1.6, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {-0.9199999999999999, -0.8799999999999999, -0.3}, 0.1499999999999999},
    {"dc_gridout", "y > 0, x > 0, y >= x", 0.7, {0.6, 1.4, 0.5}, {0.2, 0.1, -0.3}, 0.8, 0, 0, {{NULL, 0}}, {-0.07999999999999996, 1.0799999999999998, -0.3}, 0.050000000000000044},
    {"dc_gridout", "y > 0, x > 0, y < x", 0.7, {2.4, 0.6, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {1.88, 1.22, -0.3}, 0.1499999999999999},
    {"dc_gridout", "y > 0, x <= 0, y > -x", 0.7, {-0.6, 1.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {-0.21999999999999997, 0.3799999999999999, -0.3}, 0.1499999999999999},
    {"dc_gridout", "y > 0, x <= 0, y <= -x", 0.7, {-1.6, 0.6, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {-0.9199999999999999, -0.17999999999999997, -0.3}, 0.1499999999999999},
    {"dc_gridout", "halves (away from 0)", 0.7, {0.5, -0.5, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {1.2499999999999998, -0.24999999999999997, -0.3}, 0.65},
    {"dc_linear", "defaults", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {0.41000000000000003, -0.17999999999999997, 0.04999999999999999}, 0.7050000000000001},
    {"dc_linear", "offset, angle, scale", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"dc_linear_offset", -0.7}, {"dc_linear_angle", 2.5}, {"dc_linear_scale", 0.25}, {NULL, 0}}, {0.41000000000000003, -0.17999999999999997, 0.04999999999999999}, 0.7723877366259098},
    {"dc_linear", "scale 0 (1e-5)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"dc_linear_scale", 0.0}, {NULL, 0}}, {0.41000000000000003, -0.17999999999999997, 0.04999999999999999}, 0.5},
    {"dc_triangle", "inside", 0.7, {0.35, -0.3, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {0.44499999999999995, -0.10999999999999993, 0.04999999999999999}, 0.689189189189189},
    {"dc_triangle", "beyond the edge (u + v > 1), no scatter", 0.7, {1.5, 0.9, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 2, {{NULL, 0}}, {0.76, 0.16999999999999998, 0.04999999999999999}, 0.0},
    {"dc_triangle", "beyond the edge, v >= u", 0.7, {0.2, -2.5, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 2, {{NULL, 0}}, {0.41000000000000003, -0.31999999999999995, 0.04999999999999999}, 0.0},
    {"dc_triangle", "outside OX/OY (u or v < 0)", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0.4, 0, 2, {{NULL, 0}}, {0.33999999999999997, 0.1, -0.3}, 0.0},
    {"dc_triangle", "outside, scatter 0.4", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0.4, 0, 2, {{"dc_triangle_scatter_area", 0.4}, {NULL, 0}}, {0.5206534686040318, -0.0312099637045348, -0.3}, 0.7415537060814273},
    {"dc_triangle", "beyond the edge, scatter 0.6", 0.7, {1.5, 0.9, 0.5}, {0.2, 0.1, -0.3}, 0.4, 1, 2, {{"dc_triangle_scatter_area", 0.6}, {NULL, 0}}, {0.5099529306587955, 0.21841253980036546, 0.04999999999999999}, 0.23073660834352966},
    {"dc_triangle", "beyond the edge, scatter -2 (-1)", 0.7, {1.5, 0.9, 0.5}, {0.2, 0.1, -0.3}, 0.4, 2, 2, {{"dc_triangle_scatter_area", -2.0}, {NULL, 0}}, {0.8142836672598566, -0.15570200355913896, 0.04999999999999999}, 0.7754809608550928},
    {"dc_triangle", "outside OX (v < 0), scatter 0.9: folded again", 0.7, {1.02, 0.63, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 2, {{"dc_triangle_scatter_area", 0.9}, {NULL, 0}}, {0.76, 0.16999999999999998, 0.04999999999999999}, 0.0},
    {"dc_triangle", "outside OY (u < 0), scatter 0.9: folded again", 0.7, {-0.13, -0.98, 0.5}, {0.2, 0.1, -0.3}, 0.4, 3, 2, {{"dc_triangle_scatter_area", 0.9}, {NULL, 0}}, {0.41000000000000003, -0.31999999999999995, 0.04999999999999999}, 0.0},
    {"dc_triangle", "outside, zero_edges", 0.7, {1.5, 0.9, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"dc_triangle_zero_edges", 1.0}, {"dc_triangle_scatter_area", 0.5}, {NULL, 0}}, {0.33999999999999997, 0.1, 0.04999999999999999}, 0.0},
    {"dc_ztransl", "defaults (overwrite)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {0.41000000000000003, -0.17999999999999997, -0.020000000000000018}, 0.4},
    {"dc_ztransl", "x0 > x1, factor 3, clamp", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"dc_ztransl_x0", 0.8}, {"dc_ztransl_x1", 0.3}, {"dc_ztransl_factor", 3.0}, {"dc_ztransl_clamp", 1.0}, {NULL, 0}}, {0.41000000000000003, -0.17999999999999997, 0.1200000000000001}, 0.4},
    {"dc_ztransl", "scaling z, no clamp", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.9, 0, 0, {{"dc_ztransl_x0", 0.2}, {"dc_ztransl_factor", -2.0}, {"dc_ztransl_overwrite", 0.0}, {NULL, 0}}, {0.41000000000000003, -0.17999999999999997, -0.9124999999999999}, 0.9},
    {"dc_ztransl", "x0 = x1 (Zeps)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.5, 0, 0, {{"dc_ztransl_x0", 0.5}, {"dc_ztransl_x1", 0.5}, {"dc_ztransl_clamp", 1.0}, {NULL, 0}}, {0.41000000000000003, -0.17999999999999997, -0.3}, 0.5},
    {"randCubes", "defaults: in place of the sum", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 7, {{NULL, 0}}, {-0.45318570515051293, -3.6855865737546685, 0.768680711851961}, 0.4494397507279365},
    {"randCubes", "other draws", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 3, 7, {{NULL, 0}}, {-0.05634045417332689, 3.598553134802706, 0.8761627654526067}, 0.47214501349820986},
    {"randCubes", "size, height, spread, seed, density", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 6, 7, {{"randCubes_blockSize", 0.5}, {"randCubes_blockHeight", 2.0}, {"randCubes_spread", 1.5}, {"randCubes_seed", 7.0}, {"randCubes_density", 0.8}, {NULL, 0}}, {-0.7471149767257357, -0.10569803428626762, 2.5533203519593006}, 0.7325675635284593},
    {"pixel_flow", "defaults (colour kept)", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 1, {{NULL, 0}}, {0.2, 0.13392475026792328, -0.3}, 0.4},
    {"pixel_flow", "enable_dc, angle, len, width, seed", 0.7, {-1.2, 0.5, 0.0}, {0.2, 0.1, -0.3}, 0.4, 1, 1, {{"pixel_flow_enable_dc", 1.0}, {"pixel_flow_angle", 30.0}, {"pixel_flow_len", 2.0}, {"pixel_flow_width", 3.0}, {"pixel_flow_seed", 5.0}, {NULL, 0}}, {0.9088139405138289, 0.5092339193610184, -0.3}, 0.9342791996440548},
    {"pixel_flow", "negative blocks", 0.7, {-0.31, -0.77, 0.0}, {0.2, 0.1, -0.3}, 0.4, 2, 1, {{"pixel_flow_enable_dc", 1.0}, {"pixel_flow_width", 17.0}, {"pixel_flow_seed", -3.0}, {NULL, 0}}, {0.2, 0.10049639680287319, -0.3}, 0.3478264531167292},
    {"curl_sp", "defaults: linear, colour kept", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{NULL, 0}}, {0.41000000000000003, -0.17999999999999997, 0.04999999999999999}, 0.4},
    {"curl_sp", "c1, c2, dc", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"curl_sp_c1", 0.5}, {"curl_sp_c2", 0.3}, {"curl_sp_dc", 0.8}, {NULL, 0}}, {0.4322736120122347, -0.09204745574195938, -0.040476411159514336}, 0.5078900000000001},
    {"curl_sp", "pow 2, spreads", 0.7, {-1.2, 0.5, -0.3}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"curl_sp_pow", 2.0}, {"curl_sp_c1", 0.5}, {"curl_sp_c2", -0.3}, {"curl_sp_sx", 0.4}, {"curl_sp_sy", -0.2}, {"curl_sp_dc", 2.0}, {NULL, 0}}, {1.0266542430155683, 0.7027700743271499, -0.41453438257331476}, 0.5100106336360141},
    {"curl_sp", "pow 0 (Zeps), clamped at 1", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.9, 0, 0, {{"curl_sp_pow", 0.0}, {"curl_sp_dc", 5.0}, {NULL, 0}}, {0.8999999999999999, -0.5999999999999999, 0.39999999999999986}, 1.0},
    {"curl_sp", "dc -9: clamped at 0", 0.7, {0.3, -0.4, 0.5}, {0.2, 0.1, -0.3}, 0.4, 0, 0, {{"curl_sp_c1", 0.2}, {"curl_sp_dc", -9.0}, {NULL, 0}}, {0.41681415929203536, -0.14778761061946896, 0.00973451327433622}, 0.0},
    /* clang-format on */
};

/* The test xform: no variation, the coefficients above, parameters p. */
static void dc_xform(fr_flame_xform *x, const named_value *p, int slot)
{
    flame_xform_blank(x);
    x->c[0][0] = 0.6, x->c[1][0] = 0.1, x->c[2][0] = -0.1, x->c[0][1] = 0.6, x->c[1][1] = 0.2,
    x->c[2][1] = 0.0;
    for (int k = 0; k < 10 && p[k].name; k++) {
        if (slot)
            x->slot[slot - 1].param[flame_par(p[k].name)] = p[k].v;
        else
            x->param[flame_par(p[k].name)] = p[k].v;
    }
}

static void colour_near(double got, double want, const char *what)
{
    if (!(fabs(got - want) <= 1e-12 * fmax(1.0, fabs(want))))
        fail_msg("%s: colour %.17g, want %.17g", what, got, want);
}

/* The whole xform xf applied to (0.3, -0.4, 0.5) with colour c in (stream
 * (7, 1)): the point o, the colour oc and the draws taken, else fails
 * naming `what`; returns whether the image was a bad value. */
static int xform_near(const fr_flame_xform *xf, double c, const double o[3], double oc, int draws,
                      const char *what)
{
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(xf, &pre);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 1);
    const fr_flame_rng h = g;
    const double in[3] = {0.3, -0.4, 0.5};
    double got[3], col = c;
    const int bad = fr_flame_xform_apply3c(&pre, in, &g, got, &col);
    flame_near3(got, o[0], o[1], o[2], what);
    colour_near(col, oc, what);
    flame_draws(&g, h, draws, what);
    return bad;
}

static void test_values(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const dc_case *c = &cases[i];
        fr_flame_xform x;
        dc_xform(&x, c->p, 0);
        fr_flame_rng g;
        fr_flame_rng_init(&g, 7, 1);
        for (int k = 0; k < c->skip; k++)
            (void)fr_flame_rng_01(&g);
        const fr_flame_rng h = g;
        double o[3] = {c->s[0], c->s[1], c->s[2]}, col = c->c;
        char what[160];
        snprintf(what, sizeof what, "%s, %s", c->var, c->what);
        fr_flame_var_eval3c(&x, flame_var(c->var), c->w, c->t, &g, o, &col);
        flame_near3(o, c->o[0], c->o[1], c->o[2], what);
        colour_near(col, c->oc, what);
        flame_draws(&g, h, c->draws, what);
    }
}

/* The names of this round's list (the registry's order). */
#define V11_NAME(id, name, origin, flags, params) name,
static const char *const v11_new[] = {FR_FLAME_VARS_EMBER_V11(V11_NAME, )};

/* Every variation of the round has a case and gives its xform
 * FR_FLAME_NEED_COLOR (regular, pre_ or post_), randCubes
 * FR_FLAME_NEED_SUM too; they follow each other in the registry, from
 * dc_bubble to curl_sp, the last of the registry; the others do not ask for
 * the colour. */
static void test_all_covered(void **state)
{
    (void)state;
    const size_t n = sizeof v11_new / sizeof v11_new[0];
    FLAME_VAR_ROUND_COVERED(cases, v11_new, 11, "dc_bubble", "curl_sp");
    assert_int_equal(flame_var("curl_sp"), FR_FLAME_NVAR - 1);
    assert_int_equal(flame_var("crob") + 1, flame_var("dc_bubble")); /* after the ninth round */
    for (size_t i = 0; i < n; i++) {
        for (int slot = 0; slot <= FR_SLOT_POST; slot++) {
            fr_flame_xform x;
            flame_xform_blank(&x);
            if (slot)
                flame_slot_add(&x, slot, v11_new[i], 0.5);
            else
                x.var[flame_var(v11_new[i])] = 0.5;
            fr_flame_xform_pre pre;
            fr_flame_xform_precalc(&x, &pre);
            if (!(pre.flags & FR_FLAME_NEED_COLOR))
                fail_msg("%s (slot %d): no FR_FLAME_NEED_COLOR", v11_new[i], slot);
            if (pre.dc_direct != 1.0) fail_msg("%s: var_color's default", v11_new[i]);
            if (!slot && !(pre.flags & FR_FLAME_NEED_SUM) != !!strcmp(v11_new[i], "randCubes"))
                fail_msg("%s: FR_FLAME_NEED_SUM wrong", v11_new[i]);
        }
    }
    fr_flame_xform x;
    flame_xform_blank(&x);
    for (int v = 0; v < flame_var(v11_new[0]); v++)
        x.var[v] = 0.01;
    flame_slot_add(&x, FR_SLOT_PRE, "julian", 0.3);
    flame_slot_add(&x, FR_SLOT_POST, "crob", 0.3);
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(&x, &pre);
    assert_false(pre.flags & FR_FLAME_NEED_COLOR);
}

/* Whole xforms: linear (w 1; Ember's z = w z) then the variation at
 * (0.3, -0.4, 0.5) with identity coefficients and colour c in: the sum
 * it reads is linear's, the colour out Ember's c + var_color (c' - c)
 * (var_color clamped to [0, 1], default 1): values from the same
 * transcription. */
static const struct {
    const char *var;
    double w;
    named_value p[3];
    double c;
    const char *var_color;
    int draws;
    double o[3], oc;
} whole[] = {
    /* clang-format off */
    {"dc_linear", 0.7, {{"dc_linear_angle", 0.7}, {NULL, 0}}, 0.4, NULL, 0, {0.51, -0.6799999999999999, 0.85}, 0.47600074409672966},
    {"dc_linear", 0.7, {{"dc_linear_angle", 0.7}, {NULL, 0}}, 0.4, "0.25", 0, {0.51, -0.6799999999999999, 0.85}, 0.41900018602418243},
    {"dc_bubble", 0.5, {{NULL, 0}}, 0.9, "0.5", 0, {0.4411764705882353, -0.5882352941176471, 2.125}, 0.7203287197231834},
    {"dc_ztransl", 0.7, {{"dc_ztransl_overwrite", 0.0}, {NULL, 0}}, 0.6, NULL, 0, {0.51, -0.6799999999999999, 0.71}, 0.6},
    {"dc_gridout", 0.7, {{NULL, 0}}, 0.4, "2.0", 0, {1.21, -0.6799999999999999, 0.5}, 0.65},
    {"randCubes", 0.7, {{NULL, 0}}, 0.4, "0.0", 7, {-0.45318570515051293, -3.6855865737546685, 0.768680711851961}, 0.4},
    /* clang-format on */
};

static void test_sums(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof whole / sizeof whole[0]; i++) {
        fr_flame_xform xf;
        flame_xform_blank(&xf);
        xf.var[flame_var("linear")] = 1;
        xf.var[flame_var(whole[i].var)] = whole[i].w;
        for (int k = 0; k < 3 && whole[i].p[k].name; k++)
            xf.param[flame_par(whole[i].p[k].name)] = whole[i].p[k].v;
        fr_flame_attr attr = {"var_color", (char *)whole[i].var_color};
        if (whole[i].var_color) xf.extra = &attr, xf.nextra = 1;
        char what[96];
        snprintf(what, sizeof what, "linear + %s, var_color %s", whole[i].var,
                 whole[i].var_color ? whole[i].var_color : "(none)");
        assert_int_equal(xform_near(&xf, whole[i].c, whole[i].o, whole[i].oc, whole[i].draws, what), 0);
    }
    /* an xform without them leaves the colour as it came, whatever var_color says */
    fr_flame_xform xf;
    flame_xform_blank(&xf);
    xf.var[flame_var("julian")] = 0.7;
    fr_flame_attr attr = {"var_color", "0.5"};
    xf.extra = &attr, xf.nextra = 1;
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(&xf, &pre);
    fr_flame_rng g;
    fr_flame_rng_init(&g, 7, 1);
    const double in[3] = {0.3, -0.4, 0.5};
    double o[3], col = 0.123;
    fr_flame_xform_apply3c(&pre, in, &g, o, &col);
    assert_true(col == 0.123);
}

/* pre_ and post_ forms (linear3D in the xform, at (0.3, -0.4, 0.5)): the
 * point in place of the sum so far; the output replaces the point (dc_cube
 * and randCubes, Ember's ASSIGNTYPE_SUM: add to it; the 2D ones keep its z);
 * the colour as the regular forms set it. */
static void test_prepost(void **state)
{
    (void)state;
    static const struct {
        int slot;
        const char *var;
        double w, c;
        int draws;
        named_value p[10];
        double o[3], oc;
    } pp[] = {
        /* clang-format off */
    {FR_SLOT_PRE, "dc_bubble", 0.7, 0.4, 0, {{NULL, 0}}, {0.1976470588235294, -0.2635294117647059, 1.4249999999999998}, 0.687923875432526},
    {FR_SLOT_POST, "dc_linear", 0.7, 0.4, 0, {{"dc_linear_angle", 0.7}, {NULL, 0}}, {0.21, -0.27999999999999997, 0.35}, 0.47600074409672966},
    {FR_SLOT_PRE, "dc_cylinder", 0.7, 0.4, 5, {{NULL, 0}}, {0.0006574919951616136, 0.5544009084653638, 0.47297249285207293}, 0.8006574919951617},
    {FR_SLOT_POST, "dc_gridout", 0.7, 0.4, 0, {{NULL, 0}}, {0.9099999999999999, -0.27999999999999997, 0.5}, 0.65},
    {FR_SLOT_PRE, "dc_cube", 0.7, 0.4, 4, {{"dc_cube_c1", 0.3}, {"dc_cube_c2", 0.6}, {NULL, 0}}, {0.8874470917833188, -1.1, 1.1079908795016769}, 0.0},
    {FR_SLOT_POST, "dc_ztransl", 0.7, 0.4, 0, {{"dc_ztransl_overwrite", 0.0}, {NULL, 0}}, {0.21, -0.27999999999999997, 0.13999999999999999}, 0.4},
    {FR_SLOT_POST, "randCubes", 0.7, 0.4, 7, {{NULL, 0}}, {-0.15318570515051294, -4.085586573754669, 1.268680711851961}, 0.4494397507279365},
    {FR_SLOT_PRE, "curl_sp", 0.7, 0.4, 0, {{"curl_sp_c1", 0.5}, {"curl_sp_dc", 0.8}, {NULL, 0}}, {0.21834862385321102, -0.2055045871559633, 0.25688073394495414}, 0.509},
    {FR_SLOT_PRE, "pixel_flow", 0.7, 0.4, 1, {{"pixel_flow_enable_dc", 1.0}, {NULL, 0}}, {2.0772918413742766e-18, 0.03392475026792326, 0.5}, 0.9196050655595135},
        /* clang-format on */
    };
    for (size_t i = 0; i < sizeof pp / sizeof pp[0]; i++) {
        fr_flame_xform xf;
        flame_xform_blank(&xf);
        for (int k = 0; k < 10 && pp[i].p[k].name; k++)
            xf.slot[pp[i].slot - 1].param[flame_par(pp[i].p[k].name)] = pp[i].p[k].v;
        xf.var[flame_var("linear3D")] = 1;
        flame_slot_add(&xf, pp[i].slot, pp[i].var, pp[i].w);
        char what[96];
        snprintf(what, sizeof what, "%s%s", pp[i].slot == FR_SLOT_PRE ? "pre_" : "post_", pp[i].var);
        (void)xform_near(&xf, pp[i].c, pp[i].o, pp[i].oc, pp[i].draws, what);
    }
}

/* A genome with the new variations: read strictly (var_color too), written
 * back, read equal. */
#define GENOME_XFORMS(EXTRA1, EXTRA2)                                                                        \
    " <xform weight=\"1\" color=\"0\" linear=\"0.6\" dc_linear=\"0.2\" dc_linear_angle=\"0.5\" "             \
    "dc_bubble=\"0.1\" dc_bubble_scale=\"0.7\" coefs=\"0.6 0.1 -0.1 0.6 0.2 0\"/>\n"                         \
    " <xform weight=\"0.5\" color=\"0.3\" var_color=\"0.6\" linear=\"0.3\" dc_carpet=\"0.5\" "               \
    "dc_carpet_origin=\"1.5\" coefs=\"0.5 -0.2 0.2 0.5 0.1 -0.1\"/>\n"                                       \
    " <xform weight=\"0.3\" color=\"0.6\" dc_cube=\"0.3\" dc_cube_c1=\"0.2\" dc_cube_c4=\"0.9\" "            \
    "dc_cylinder=\"0.2\" dc_cylinder_blur=\"0.3\" coefs=\"0.5 0.1 -0.1 0.5 -0.3 0.2\"/>\n"                   \
    " <xform weight=\"0.5\" color=\"0.9\" spherical=\"0.2\" dc_gridout=\"0.4\" dc_triangle=\"0.3\" "         \
    "dc_triangle_scatter_area=\"0.3\" coefs=\"0.4 -0.1 0.1 0.4 0.3 -0.2\"/>\n"                               \
    " <xform weight=\"0.5\" color=\"0.2\" linear=\"0.5\" dc_ztransl=\"0.3\" dc_ztransl_overwrite=\"0\" "     \
    "curl_sp=\"0.3\" curl_sp_c1=\"0.3\" curl_sp_dc=\"0.5\" pixel_flow=\"0.1\" pixel_flow_enable_dc=\"1\" "   \
    "randCubes=\"0.02\" randCubes_spread=\"1\" " EXTRA1 "coefs=\"0.5 0.2 -0.2 0.5 -0.1 0.3\"/>\n" EXTRA2

static const char genome[] = FLAME_VAR_GENOME(
    "e10",
    GENOME_XFORMS(
        "pre_dc_linear=\"0.3\" pre_dc_linear_offset=\"0.5\" post_dc_gridout=\"0.9\" ",
        " <finalxform color=\"0.5\" color_speed=\"0.5\" var_color=\"0.5\" linear=\"0.9\" dc_linear=\"0.1\" "
        "coefs=\"1 0 0 1 0 0\"/>\n"));

static void test_read_write(void **state)
{
    (void)state;
    fr_flame_file f = flame_read_strict(genome, "e10.flame");
    const fr_flame_xform *x = f.g[0].xf;
    assert_true(x[0].var[flame_var("dc_linear")] == 0.2 && x[0].param[flame_par("dc_linear_angle")] == 0.5);
    assert_true(x[1].param[flame_par("dc_carpet_origin")] == 1.5);
    assert_true(x[2].param[flame_par("dc_cube_c4")] == 0.9);
    assert_true(x[4].param[flame_par("curl_sp_dc")] == 0.5 && x[4].var[flame_var("randCubes")] == 0.02);
    assert_true(x[4].slot[0].n == 1 && x[4].slot[0].var[0] == flame_var("dc_linear"));
    assert_true(x[4].slot[1].n == 1 && x[4].slot[1].var[0] == flame_var("dc_gridout"));
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(&x[1], &pre);
    assert_true(pre.dc_direct == 0.6 && (pre.flags & FR_FLAME_NEED_COLOR));
    char *xml = flame_round_trip(&f.g[0], "e10.flame");
    static const char *const kept[] = {"dc_linear_angle=\"0.5\"",
                                       "dc_bubble_scale=\"0.7\"",
                                       "var_color=\"0.6\"",
                                       "dc_carpet_origin=\"1.5\"",
                                       "dc_cube_c4=\"0.9\"",
                                       "dc_cylinder_blur=\"0.3\"",
                                       "dc_gridout=\"0.4\"",
                                       "dc_triangle_scatter_area=\"0.3\"",
                                       "dc_ztransl_overwrite=\"0\"",
                                       "curl_sp_dc=\"0.5\"",
                                       "pixel_flow_enable_dc=\"1\"",
                                       "randCubes_spread=\"1\"",
                                       "pre_dc_linear_offset=\"0.5\"",
                                       "post_dc_gridout=\"0.9\""};
    for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++)
        if (!strstr(xml, kept[k])) fail_msg("not written back: %s\n%s", kept[k], xml);
    free(xml);
    fr_flame_file_free(&f);
}

/* The registry: flags, parameter counts, Ember's defaults, the origin. */
static void test_registry(void **state)
{
    (void)state;
    assert_true(fr_flame_vars[flame_var("dc_cube")].flags == (FR_VF_SUM | FR_VF_3D));
    assert_true(fr_flame_vars[flame_var("randCubes")].flags == (FR_VF_SUM | FR_VF_3D));
    static const char *const d2[] = {"dc_carpet", "dc_gridout", "pixel_flow"};
    for (size_t k = 0; k < sizeof d2 / sizeof d2[0]; k++)
        assert_true(fr_flame_vars[flame_var(d2[k])].flags == 0);
    static const char *const d3[] = {"dc_bubble",   "dc_cylinder", "dc_linear",
                                     "dc_triangle", "dc_ztransl",  "curl_sp"};
    for (size_t k = 0; k < sizeof d3 / sizeof d3[0]; k++)
        assert_true(fr_flame_vars[flame_var(d3[k])].flags == FR_VF_3D);
    assert_int_equal(fr_flame_variation_nparams(flame_var("dc_cube")), 9);
    assert_int_equal(fr_flame_variation_nparams(flame_var("dc_gridout")), 0);
    assert_int_equal(fr_flame_variation_nparams(flame_var("dc_cylinder")), 6);
    assert_int_equal(fr_flame_variation_nparams(flame_var("curl_sp")), 6);
    double def = 0;
    assert_string_equal(fr_flame_variation_param(flame_var("dc_cylinder"), 2, &def), "dc_cylinder_scale");
    assert_true(def == 0.5);
    assert_string_equal(fr_flame_variation_param(flame_var("dc_ztransl"), 3, &def), "dc_ztransl_overwrite");
    assert_true(def == 1);
    assert_string_equal(fr_flame_variation_param(flame_var("pixel_flow"), 2, &def), "pixel_flow_width");
    assert_true(def == 200);
    assert_string_equal(fr_flame_variation_param(flame_var("randCubes"), 2, &def), "randCubes_spread");
    assert_true(def == 3);
    assert_string_equal(fr_flame_variation_origin(flame_var("randCubes")), "JWildfire");
    assert_string_equal(fr_flame_variation_origin(flame_var("dc_bubble")), "Apophysis");
}

/* Without pre_/post_ variations: the xforms that move the colour on the
 * batched walker's scalar chain (prepost_run), the others in its vectors,
 * and a final xform that moves it. */
static const char genome_regular[] = FLAME_VAR_GENOME(
    "e10r",
    GENOME_XFORMS(
        "",
        " <finalxform color=\"0.5\" color_speed=\"0.5\" var_color=\"0.5\" linear=\"0.9\" dc_linear=\"0.1\" "
        "coefs=\"1 0 0 1 0 0\"/>\n"));

int main(void)
{
    static const flame_var_test tests[6] = {test_values,  test_all_covered, test_sums,
                                            test_prepost, test_read_write,  test_registry};
    return flame_var_round("ember10", genome_regular, genome, tests);
}
