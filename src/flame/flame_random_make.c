/* flame_random_make.c - flam3 3.1.1's flam3_random: a genome from nothing.
 * The same choices with the same weights (xform count, final xform, shared
 * variations and posts, the parametric variations' random parameters, C
 * precedence quirks included), drawn from the genome's own stream. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "flame/flame_random.h"

/* Set parameter `name` of x (the table's name or one it also reads). */
static void setp(fr_flame_xform *x, const char *name, double v)
{
    const int p = fr_flame_param_find(name);
    if (p >= 0) x->param[p] = v;
}

static int on(const fr_flame_xform *x, const char *var)
{
    const int v = fr_flame_var_find(var);
    return v >= 0 && x->var[v] > 0;
}

/* The random parameters flam3_random gives each parametric variation in
 * use, in its order. Where flam3 casts before multiplying ((int) 10.0 *
 * r, (int) r * 10 + 3) the result is flam3's too: pie_slices is not a
 * whole number, ngon_sides is always 3, super_shape_m always 0. */
static void random_params(fr_flame_rand *R, fr_flame_xform *x)
{
    if (on(x, "blob")) {
        setp(x, "blob_low", 0.2 + 0.5 * fr_rand01(R));
        setp(x, "blob_high", 0.8 + 0.4 * fr_rand01(R));
        setp(x, "blob_waves", (int)(2 + 5 * fr_rand01(R)));
    }
    if (on(x, "pdj")) {
        setp(x, "pdj_a", 3.0 * fr_rand11(R));
        setp(x, "pdj_b", 3.0 * fr_rand11(R));
        setp(x, "pdj_c", 3.0 * fr_rand11(R));
        setp(x, "pdj_d", 3.0 * fr_rand11(R));
    }
    if (on(x, "fan2")) {
        setp(x, "fan2_x", fr_rand11(R));
        setp(x, "fan2_y", fr_rand11(R));
    }
    if (on(x, "rings2")) setp(x, "rings2_val", 2 * fr_rand01(R));
    if (on(x, "perspective")) {
        setp(x, "perspective_angle", fr_rand01(R));
        setp(x, "perspective_dist", 2 * fr_rand01(R) + 1.0);
    }
    if (on(x, "julian")) {
        setp(x, "julian_power", (int)(5 * fr_rand01(R) + 2));
        setp(x, "julian_dist", 1.0);
    }
    if (on(x, "juliascope")) {
        setp(x, "juliascope_power", (int)(5 * fr_rand01(R) + 2));
        setp(x, "juliascope_dist", 1.0);
    }
    if (on(x, "radial_blur")) setp(x, "radial_blur_angle", 2 * fr_rand01(R) - 1);
    if (on(x, "pie")) {
        setp(x, "pie_slices", 10 * fr_rand01(R));
        setp(x, "pie_thickness", fr_rand01(R));
        setp(x, "pie_rotation", 2.0 * M_PI * fr_rand11(R));
    }
    if (on(x, "ngon")) {
        (void)fr_rand01(R);
        setp(x, "ngon_sides", 3);
        setp(x, "ngon_power", 3 * fr_rand01(R) + 1);
        const double circle = 3 * fr_rand01(R);
        setp(x, "ngon_circle", circle);
        setp(x, "ngon_corners", 2 * fr_rand01(R) * circle);
    }
    if (on(x, "curl")) {
        setp(x, "curl_c1", fr_rand01(R));
        setp(x, "curl_c2", fr_rand01(R));
    }
    if (on(x, "rectangles")) {
        setp(x, "rectangles_x", fr_rand01(R));
        setp(x, "rectangles_y", fr_rand01(R));
    }
    if (on(x, "disc2")) {
        setp(x, "disc2_rot", 0.5 * fr_rand01(R));
        setp(x, "disc2_twist", 0.5 * fr_rand01(R));
    }
    if (on(x, "super_shape")) {
        setp(x, "super_shape_rnd", fr_rand01(R));
        (void)fr_rand01(R);
        setp(x, "super_shape_m", 0);
        setp(x, "super_shape_n1", fr_rand01(R) * 40);
        const double n2 = fr_rand01(R) * 20;
        setp(x, "super_shape_n2", n2);
        setp(x, "super_shape_n3", n2);
        setp(x, "super_shape_holes", 0.0);
    }
    if (on(x, "flower")) {
        setp(x, "flower_petals", 4 * fr_rand01(R));
        setp(x, "flower_holes", fr_rand01(R));
    }
    if (on(x, "conic")) {
        setp(x, "conic_eccentricity", fr_rand01(R));
        setp(x, "conic_holes", fr_rand01(R));
    }
    if (on(x, "parabola")) {
        setp(x, "parabola_height", 0.5 + fr_rand01(R));
        setp(x, "parabola_width", 0.5 + fr_rand01(R));
    }
    if (on(x, "bent2")) {
        setp(x, "bent2_x", 3 * (-0.5 + fr_rand01(R)));
        setp(x, "bent2_y", 3 * (-0.5 + fr_rand01(R)));
    }
    if (on(x, "bipolar")) setp(x, "bipolar_shift", 2.0 * fr_rand01(R) - 1);
    if (on(x, "cell")) setp(x, "cell_size", 2.0 * fr_rand01(R) + 0.5);
    if (on(x, "cpow")) {
        setp(x, "cpow_r", 3.0 * fr_rand01(R));
        setp(x, "cpow_i", fr_rand01(R) - 0.5);
        setp(x, "cpow_power", (int)(5.0 * fr_rand01(R)));
    }
    if (on(x, "curve")) {
        setp(x, "curve_xamp", 5 * (fr_rand01(R) - .5));
        setp(x, "curve_yamp", 4 * (fr_rand01(R) - .5));
        setp(x, "curve_xlength", 2 * (fr_rand01(R) + .5));
        setp(x, "curve_ylength", 2 * (fr_rand01(R) + .5));
    }
    if (on(x, "escher")) setp(x, "escher_beta", M_PI * fr_rand11(R));
    if (on(x, "lazysusan")) {
        setp(x, "lazysusan_x", 2.0 * fr_rand11(R));
        setp(x, "lazysusan_y", 2.0 * fr_rand11(R));
        setp(x, "lazysusan_spin", M_PI * fr_rand11(R));
        setp(x, "lazysusan_space", 2.0 * fr_rand11(R));
        setp(x, "lazysusan_twist", 2.0 * fr_rand11(R));
    }
    if (on(x, "modulus")) {
        setp(x, "modulus_x", fr_rand11(R));
        setp(x, "modulus_y", fr_rand11(R));
    }
    if (on(x, "oscilloscope")) {
        setp(x, "oscilloscope_separation", 1.0 + fr_rand11(R));
        setp(x, "oscilloscope_frequency", M_PI * fr_rand11(R));
        setp(x, "oscilloscope_amplitude", 1.0 + 2 * fr_rand01(R));
        setp(x, "oscilloscope_damping", fr_rand01(R));
    }
    if (on(x, "popcorn2")) {
        setp(x, "popcorn2_x", 0.2 * fr_rand01(R));
        setp(x, "popcorn2_y", 0.2 * fr_rand01(R));
        setp(x, "popcorn2_c", 5 * fr_rand01(R));
    }
    if (on(x, "separation")) {
        setp(x, "separation_x", 1 + fr_rand11(R));
        setp(x, "separation_y", 1 + fr_rand11(R));
        setp(x, "separation_xinside", fr_rand11(R));
        setp(x, "separation_yinside", fr_rand11(R));
    }
    if (on(x, "split")) {
        setp(x, "split_xsize", fr_rand11(R));
        setp(x, "split_ysize", fr_rand11(R));
    }
    if (on(x, "splits")) {
        setp(x, "splits_x", fr_rand11(R));
        setp(x, "splits_y", fr_rand11(R));
    }
    if (on(x, "stripes")) {
        setp(x, "stripes_space", fr_rand01(R));
        setp(x, "stripes_warp", 5 * fr_rand01(R));
    }
    if (on(x, "wedge")) {
        setp(x, "wedge_angle", M_PI * fr_rand01(R));
        setp(x, "wedge_hole", 0.5 * fr_rand11(R));
        setp(x, "wedge_count", floor(5 * fr_rand01(R)) + 1);
        setp(x, "wedge_swirl", fr_rand01(R));
    }
    if (on(x, "wedge_julia")) {
        setp(x, "wedge_julia_power", (int)(5 * fr_rand01(R) + 2));
        setp(x, "wedge_julia_dist", 1.0);
        setp(x, "wedge_julia_count", (int)(3 * fr_rand01(R) + 1));
        setp(x, "wedge_julia_angle", M_PI * fr_rand01(R));
    }
    if (on(x, "wedge_sph")) {
        setp(x, "wedge_sph_angle", M_PI * fr_rand01(R));
        setp(x, "wedge_sph_hole", 0.5 * fr_rand11(R));
        setp(x, "wedge_sph_count", floor(5 * fr_rand01(R)) + 1);
        setp(x, "wedge_sph_swirl", fr_rand01(R));
    }
    if (on(x, "whorl")) {
        setp(x, "whorl_inside", fr_rand01(R));
        setp(x, "whorl_outside", fr_rand01(R));
    }
    if (on(x, "waves2")) {
        setp(x, "waves2_scalex", 0.5 + fr_rand01(R));
        setp(x, "waves2_scaley", 0.5 + fr_rand01(R));
        setp(x, "waves2_freqx", 4 * fr_rand01(R));
        setp(x, "waves2_freqy", 4 * fr_rand01(R));
    }
    if (on(x, "auger")) {
        setp(x, "auger_sym", 0);
        setp(x, "auger_weight", 0.5 + fr_rand01(R) / 2.0);
        setp(x, "auger_freq", floor(5 * fr_rand01(R)) + 1);
        setp(x, "auger_scale", fr_rand01(R));
    }
    if (on(x, "flux")) setp(x, "flux_spread", 0.5 + fr_rand01(R) / 2.0);
    if (on(x, "mobius")) {
        static const char *const mp[] = {"re_a", "im_a", "re_b", "im_b", "re_c", "im_c", "re_d", "im_d"};
        for (int k = 0; k < 8; k++) setp(x, mp[k], fr_rand11(R));
    }
}

/* n picks from the list, each a random weight (a variation picked twice
 * keeps the last), normalised to a sum of 1 (flam3's loop). */
static void pick_vars(fr_flame_rand *R, fr_flame_xform *x, int n)
{
    for (int j = 0; j < n; j++) x->var[R->ivars[fr_rand_below(R, R->nivars)]] = fr_rand01(R);
    double sum = 0.0;
    for (int j = 0; j < FR_FLAME_NVAR; j++) sum += x->var[j];
    if (sum == 0.0)
        x->var[R->ivars[fr_rand_below(R, R->nivars)]] = 1.0;
    else
        for (int j = 0; j < FR_FLAME_NVAR; j++) x->var[j] /= sum;
}

fr_status fr_flame_random_genome(fr_flame_rand *R, int spec, fr_flame_genome *g)
{
    static const int xform_distrib[] = {2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6};
    fr_flame_genome_init(g);
    /* clear_cp's defaults are the genome's; flam3_random sets these */
    g->hue_rotation = fr_rand_below(R, 8) ? 0.0 : fr_rand01(R);
    fr_flame_random_palette(R, g, g->hue_rotation);
    g->time = 0.0;
    g->interpolation = FR_INTERP_LINEAR;
    g->palette_interpolation = FR_PALINTERP_HSV_CIRCULAR;
    g->hsv_rgb_palette_blend = 0.0;

    int nxforms = spec > 0 ? spec : xform_distrib[fr_rand_below(R, 14)];
    fr_status s = fr_flame_add_xforms(R->ctx, g, nxforms);
    int addfinal = 0, finum = -1;
    if (!s && spec <= 0) {
        addfinal = fr_rand01(R) < 0.15; /* a final xform 15 % of the time */
        if (addfinal) {
            g->final = malloc(sizeof *g->final);
            if (!g->final) s = fr_fail(R->ctx, FR_ERR_NOMEM, "out of memory making a random genome");
            else fr_flame_xform_init(g->final);
            finum = nxforms++;
        }
    }
    if (s) {
        fr_flame_genome_free(g);
        return s;
    }
    const int samed = fr_rand_bit(R);
    (void)fr_rand_bit(R); /* multid: only for flam3's "any variation" mode, which a list never is */
    const int postid = fr_rand01(R) < 0.6;
    const int samepost = fr_rand_bit(R);

    for (int i = 0; i < nxforms; i++) {
        fr_flame_xform *x = i == finum ? g->final : &g->xf[i];
        /* flam3 counts the final xform in the weights' 1 / n; its own is unused */
        x->weight = i == finum ? 0.0 : 1.0 / nxforms;
        x->color = i & 1;
        x->color_speed = 0.5;
        x->animate = 1.0;
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 2; k++) {
                x->c[j][k] = fr_rand11(R);
                x->post[j][k] = (double)(k == j);
            }
        memset(x->var, 0, sizeof x->var);
        if (i != finum) {
            if (!postid)
                for (int j = 0; j < 3; j++)
                    for (int k = 0; k < 2; k++)
                        x->post[j][k] = (samepost || i == 0) ? fr_rand11(R) : g->xf[0].post[j][k];
            if (samed && i > 0) {
                /* the previous xform's variations and their parameters */
                memcpy(x->var, g->xf[i - 1].var, sizeof x->var);
                memcpy(x->param, g->xf[i - 1].param, sizeof x->param);
            } else {
                /* at least 2 picks, fewer more likely */
                int n = 2;
                while (fr_rand_bit(R) && n < FR_FLAME_NVAR_FLAM3) n++;
                pick_vars(R, x, n);
            }
        } else {
            pick_vars(R, x, 1 + fr_rand_bit(R));
        }
        random_params(R, x);
        fr_flame_xform_fix_post(x);
    }
    /* symmetry when asked for, else a quarter of the time (never with a final xform) */
    if (R->sym || (fr_rand_below(R, 4) == 0 && !addfinal)) {
        s = fr_flame_add_symmetry(R, g, R->sym);
        if (s) fr_flame_genome_free(g);
    } else
        g->symmetry = 0;
    return s;
}
