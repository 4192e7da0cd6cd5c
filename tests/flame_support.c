/* Helpers the flame tests share: see flame_support.h. */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "flame/flame_variations.h"
#include "flame_support.h"

fr_status flame_render_with(const flame_setup *su, const char *path, int index, const fr_flame_options *o,
                            fr_image *img, fr_flame_raw *raw, fr_flame_stats *st, char *err, size_t errlen)
{
    static const flame_setup none = {0};
    if (!su) su = &none;
    fr_context *ctx = fr_context_create();
    assert_non_null(ctx);
    assert_int_equal(fr_context_set_device(ctx, su->device ? su->device : "cpu"), FR_OK);
    assert_int_equal(fr_context_set_cpu_kernel(ctx, su->kernel), FR_OK);
    assert_int_equal(fr_context_set_threads(ctx, su->threads), FR_OK);
    assert_int_equal(fr_context_set_device_memory(ctx, su->device_memory), FR_OK);
    fr_flames *f = NULL;
    fr_status s = fr_flames_read(ctx, path, NULL, 0, &f);
    if (!s) s = raw ? fr_flame_render_raw(ctx, f, index, o, img, raw, st) : fr_flame_render(ctx, f, index, o, img, st);
    if (s && err) snprintf(err, errlen, "%s", fr_last_error(ctx));
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
    return s;
}

void flame_render_ok(const flame_setup *su, const char *path, int index, const fr_flame_options *o, fr_image *img)
{
    char err[512];
    fr_flame_stats st;
    if (flame_render_with(su, path, index, o, img, NULL, &st, err, sizeof err))
        fail_msg("%s %s #%d: %s", su && su->device ? su->device : "cpu", path, index, err);
}

double flame_psnr(const fr_image *a, const fr_image *b)
{
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    const size_t n = (size_t)a->width * a->height;
    double se = 0;
    for (size_t i = 0; i < n; i++)
        for (int c = 0; c < 3; c++) {
            double x, y;
            if (a->depth == 16)
                x = ((const uint16_t *)a->pixels)[i * 4 + c] / 257.0, y = ((const uint16_t *)b->pixels)[i * 4 + c] / 257.0;
            else
                x = ((const uint8_t *)a->pixels)[i * 4 + c], y = ((const uint8_t *)b->pixels)[i * 4 + c];
            se += (x - y) * (x - y);
        }
    if (se == 0) return INFINITY;
    return 10 * log10(255.0 * 255.0 / (se / (3.0 * n)));
}

const char *flame_tmp_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", getenv("FR_TEST_TMP") ? getenv("FR_TEST_TMP") : "/tmp", name);
    return buf;
}

const char *flame_corpus_dir(char *buf, size_t len)
{
    const char *shared = getenv("FR_SHARED");
    if (!shared) return NULL;
    snprintf(buf, len, "%s/corpus/flames", shared);
    DIR *d = opendir(buf);
    if (!d) return NULL;
    closedir(d);
    return buf;
}

int flame_each_corpus_genome(void (*each)(const char *path, const char *name, void *user), void *user)
{
    char dir[4096];
    if (!flame_corpus_dir(dir, sizeof dir)) return -1;
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        each(path, e->d_name, user);
        n++;
    }
    closedir(d);
    return n;
}

void flame_write_variation_genomes(const char *path, int params)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "<flames>\n");
    for (int v = 0; v < FR_FLAME_NVAR; v++) {
        /* params: each parameter moved off flam3's default (several reduce
         * their variation to the identity), 1.3 x default + 0.1, or 0.35,
         * 0.5, 0.65 ... for those whose default is 0 */
        char pv[1024] = "";
        size_t len = 0;
        for (int k = 0; params && k < fr_flame_vars[v].nparam; k++) {
            const fr_flame_param_info *p = &fr_flame_params[fr_flame_vars[v].first + k];
            const double x = p->def != 0.0 ? 1.3 * p->def + 0.1 : 0.35 + 0.15 * k;
            len += (size_t)snprintf(pv + len, sizeof pv - len, "%s=\"%.6g\" ", p->name, x);
        }
        fprintf(f,
                "<flame name=\"%s\" size=\"128 96\" center=\"0 0\" scale=\"28\" quality=\"50\" brightness=\"4\" "
                "gamma=\"3\" estimator_radius=\"5\" estimator_minimum=\"0\" estimator_curve=\"0.6\">\n"
                "<xform weight=\"0.5\" color=\"0\" %s=\"0.8\" %s%s coefs=\"0.8 0.1 -0.1 0.7 0.2 0.1\"/>\n"
                "<xform weight=\"0.3\" color=\"0.6\" linear=\"0.6\" coefs=\"0.5 -0.3 0.3 0.5 -0.4 0.2\"/>\n"
                "<xform weight=\"0.2\" color=\"1\" spherical=\"0.5\" coefs=\"0.6 0.2 -0.2 0.6 0.3 -0.3\"/>\n",
                fr_flame_vars[v].name, fr_flame_vars[v].name, pv, v ? "linear=\"0.2\"" : "");
        for (int i = 0; i < 256; i++)
            fprintf(f, "<color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, i, (i * 7) % 256, 255 - i);
        fprintf(f, "</flame>\n");
    }
    fprintf(f, "</flames>\n");
    fclose(f);
}

void flame_write_motion_genomes(const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "<flames>\n"
               "<flame name=\"motion\" time=\"0.2\" size=\"160 120\" scale=\"55\" quality=\"50\" passes=\"2\" "
               "temporal_samples=\"40\" temporal_filter_type=\"gaussian\" temporal_filter_width=\"0.6\" "
               "brightness=\"4\" gamma=\"3\" estimator_radius=\"4\" estimator_minimum=\"0\" estimator_curve=\"0.5\">\n"
               "<xform weight=\"0.5\" color=\"0\" julian=\"0.8\" julian_power=\"3\" linear=\"0.2\" "
               "coefs=\"0.7 0.2 -0.2 0.7 0.1 -0.1\">\n"
               " <motion motion_frequency=\"1\" motion_function=\"sin\" coefs=\"0.1 0 0 0.1 0.3 0\" "
               "julian_dist=\"0.4\" color=\"0.3\"/>\n"
               "</xform>\n"
               "<xform weight=\"0.3\" color=\"0.7\" spherical=\"0.6\" coefs=\"0.6 -0.3 0.3 0.6 -0.3 0.2\">\n"
               " <motion motion_frequency=\"2\" motion_function=\"triangle\" weight=\"0.2\" spherical=\"0.3\" "
               "post=\"0 0 0 0 0.2 0.1\"/>\n"
               "</xform>\n"
               "<xform weight=\"0.2\" color=\"1\" linear=\"1\" coefs=\"0.4 0 0 0.4 0.5 0.5\"/>\n");
    for (int i = 0; i < 256; i++) fprintf(f, "<color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, 255 - i, (i * 5) % 256, i);
    fprintf(f, "</flame>\n"
               "<flame name=\"temporal\" size=\"160 120\" scale=\"55\" quality=\"50\" passes=\"3\" "
               "temporal_samples=\"30\" temporal_filter_type=\"exp\" temporal_filter_exp=\"2\" brightness=\"4\" "
               "gamma=\"3\" estimator_radius=\"4\" estimator_minimum=\"0\" estimator_curve=\"0.5\">\n"
               "<xform weight=\"0.6\" color=\"0\" linear=\"0.5\" sinusoidal=\"0.5\" coefs=\"0.6 0.3 -0.3 0.6 0.2 0\"/>\n"
               "<xform weight=\"0.4\" color=\"1\" swirl=\"0.4\" linear=\"0.6\" coefs=\"-0.5 0.2 -0.2 -0.5 -0.4 0.3\"/>\n");
    for (int i = 0; i < 256; i++) fprintf(f, "<color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, i, 255 - i, (i * 3) % 256);
    fprintf(f, "</flame>\n</flames>\n");
    fclose(f);
}

/* A genome of the variations of flame_var_ember_blur.h, _tile.h and
 * _shape.h, Ember's waves2 z and log_base, with pre_ and post_ forms. */
const char flame_ember2_genome[] =
    "<flame name=\"e2\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
    " <xform weight=\"1\" color=\"0\" bwraps=\"0.6\" bwraps_cellsize=\"0.4\" bwraps_gain=\"1.5\" "
    "bwraps_inner_twist=\"0.3\" blur_circle=\"0.2\" twoface=\"0.2\" pre_falloff2=\"1\" pre_falloff2_type=\"1\" "
    "pre_falloff2_scatter=\"2\" post_rotate_z=\"0.3\" post_smartcrop=\"1\" post_smartcrop_power=\"5\" "
    "post_smartcrop_radius=\"1.2\" post_smartcrop_static=\"2\" hexes=\"0.1\" coefs=\"0.7 0.1 -0.1 0.7 0.2 0\"/>\n"
    " <xform weight=\"1\" color=\"0.5\" waves2=\"0.5\" waves2_scalex=\"0.3\" waves2_freqx=\"2\" waves2_freqz=\"1\" "
    "waves2_scalez=\"0.4\" foci_3D=\"0.3\" unpolar=\"0.2\" epispiral=\"0.05\" epispiral_thickness=\"0.5\" "
    "auger=\"0.2\" auger_half_scale=\"0.5\" coefs=\"0.5 0 0 0.5 0 0.3\"/>\n"
    " <xform weight=\"0.5\" color=\"1\" crop=\"0.8\" crop_scatter_area=\"0.2\" tile_hlp=\"0.2\" tile_log=\"0.1\" "
    "blur_linear=\"0.3\" blur_linear_length=\"0.2\" blur_zoom=\"0.2\" blur_zoom_length=\"0.3\" falloff2=\"0.3\" "
    "falloff2_type=\"2\" log=\"0.1\" log_base=\"10\" pre_mirror_x=\"1\" pre_rotate_x=\"0.2\" post_rotate_y=\"0.1\" "
    "pre_curl3D=\"1\" pre_curl3D_cz=\"0.3\" post_rblur=\"1\" post_rblur_strength=\"0.05\" pre_falloff3=\"1\" "
    "post_falloff=\"1\" pre_circlecrop=\"1\" pre_circlecrop_radius=\"2\" pre_circlecrop_zero=\"0\" "
    "coefs=\"0.6 0.2 -0.2 0.6 0 0\"/>\n"
    " <palette count=\"2\" format=\"RGB\">FF0000 0000FF</palette>\n"
    "</flame>\n";

/* The same variations as regular ones alone (the CPU's batched walker runs
 * an xform with pre_ / post_ forms lane by lane through the scalar code):
 * the batched loops' own copies of the formulas. */
const char flame_ember2_regular_genome[] =
    "<flame name=\"e2r\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n"
    " <xform weight=\"1\" color=\"0\" bwraps=\"0.6\" bwraps_cellsize=\"0.4\" bwraps_gain=\"1.5\" "
    "bwraps_inner_twist=\"0.3\" blur_circle=\"0.2\" twoface=\"0.2\" falloff2=\"0.2\" falloff2_type=\"1\" "
    "coefs=\"0.7 0.1 -0.1 0.7 0.2 0\"/>\n"
    " <xform weight=\"1\" color=\"0.5\" waves2=\"0.5\" waves2_scalex=\"0.3\" waves2_freqx=\"2\" waves2_freqz=\"1\" "
    "waves2_scalez=\"0.4\" foci_3D=\"0.3\" unpolar=\"0.2\" epispiral=\"0.05\" epispiral_thickness=\"0.5\" "
    "rotate_z=\"0.1\" hexes=\"0.2\" hexes_cellsize=\"0.3\" smartcrop=\"0.3\" smartcrop_power=\"1.5\" "
    "smartcrop_static=\"2\" smartcrop_edge=\"0.2\" coefs=\"0.5 0 0 0.5 0 0.3\"/>\n"
    " <xform weight=\"0.5\" color=\"1\" crop=\"0.8\" crop_scatter_area=\"0.2\" tile_hlp=\"0.2\" tile_log=\"0.1\" "
    "blur_linear=\"0.3\" blur_linear_length=\"0.2\" blur_zoom=\"0.2\" blur_zoom_length=\"0.3\" falloff2=\"0.3\" "
    "falloff2_type=\"2\" log=\"0.1\" log_base=\"10\" coefs=\"0.6 0.2 -0.2 0.6 0 0\"/>\n"
    " <xform weight=\"0.3\" color=\"0.2\" rotate_x=\"0.3\" rotate_y=\"0.2\" linear3D=\"1\" "
    "coefs=\"0.5 0 0 0.5 -0.3 0\"/>\n"
    " <xform weight=\"0.2\" color=\"0.7\" mirror_x=\"1\" coefs=\"0.9 0 0 0.9 0.1 0.1\"/>\n"
    " <xform weight=\"0.2\" color=\"0.3\" mirror_y=\"1\" julia3Dz=\"0.4\" zblur=\"0.1\" blur3D=\"0.05\" "
    "coefs=\"0.8 0 0 0.8 -0.1 -0.1\"/>\n"
    " <xform weight=\"0.3\" color=\"0.9\" curl3D=\"0.3\" curl3D_cx=\"0.2\" zcone=\"0.2\" gaussian=\"0.05\" "
    "pow_block=\"0.2\" rblur=\"0.2\" rblur_strength=\"0.1\" wdisc=\"0.2\" coefs=\"0.6 0.1 -0.1 0.6 0.2 -0.2\"/>\n"
    " <xform weight=\"0.3\" color=\"0.4\" eJulia=\"0.3\" bcircle=\"0.2\" bcircle_borderwidth=\"0.5\" hypertile=\"0.2\" "
    "hypertile2=\"0.2\" shredlin=\"0.1\" barycentroid=\"0.1\" gnarly=\"0.1\" glynnia=\"0.1\" falloff=\"0.1\" "
    "falloff_type=\"2\" falloff3=\"0.1\" falloff3_blur_type=\"2\" falloff3_alpha=\"0.3\" y=\"0.05\" y_star=\"0.3\" "
    "Voron=\"0.2\" Voron_Num=\"3\" coefs=\"0.7 0 0 0.7 -0.1 0.2\"/>\n"
    " <palette count=\"2\" format=\"RGB\">FF0000 0000FF</palette>\n"
    "</flame>\n";
