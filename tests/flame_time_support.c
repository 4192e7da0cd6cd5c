/* Helpers of the timeline tests: see flame_time_support.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame_time_support.h"

void flame_time_timeline(const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    static const char *const head[2] = {
        "<flame name=\"key0\" time=\"0\" size=\"160 120\" center=\"0.1 -0.05\" scale=\"50\" rotate=\"0\" "
        "brightness=\"4\" gamma=\"3\"",
        "<flame name=\"key1\" time=\"3\" size=\"160 120\" center=\"-0.3 0.2\" scale=\"75\" rotate=\"50\" "
        "brightness=\"7\" gamma=\"2.2\""};
    fprintf(f, "<flames>\n");
    for (int k = 0; k < 2; k++) {
        fprintf(
            f,
            "%s quality=\"50\" passes=\"1\" temporal_samples=\"20\" temporal_filter_width=\"1\" "
            "interpolation=\"linear\" interpolation_type=\"linear\" palette_interpolation=\"rgb\" "
            "estimator_radius=\"4\" estimator_minimum=\"0\" estimator_curve=\"0.5\">\n"
            "<xform weight=\"0.5\" color=\"0\" julian=\"0.8\" julian_power=\"3\" linear=\"0.2\" "
            "coefs=\"%s\"/>\n"
            "<xform weight=\"0.3\" color=\"0.7\" spherical=\"0.6\" coefs=\"0.6 -0.3 0.3 0.6 -0.3 0.2\"/>\n"
            "<xform weight=\"0.2\" color=\"1\" linear=\"1\" coefs=\"%s\"/>\n",
            head[k], k ? "0.6 0.35 -0.35 0.6 0.2 -0.2" : "0.7 0.2 -0.2 0.7 0.1 -0.1",
            k ? "0.45 0.1 -0.1 0.45 0.4 0.6" : "0.4 0 0 0.4 0.5 0.5");
        for (int i = 0; i < 256; i++)
            fprintf(f, "<color index=\"%d\" rgb=\"%d %d %d\"/>\n", i, k ? i : 255 - i,
                    (i * (k ? 3 : 5)) % 256, k ? 255 - i : i);
        fprintf(f, "</flame>\n");
    }
    fprintf(f, "</flames>\n");
    fclose(f);
}

void flame_time_timeline_counts(const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "<flames>\n");
    for (int k = 0; k < 3; k++) {
        fprintf(
            f,
            "<flame name=\"key%d\" time=\"%d\" size=\"160 120\" center=\"%g %g\" scale=\"%g\" rotate=\"%d\" "
            "brightness=\"4\" gamma=\"3\" quality=\"50\" temporal_samples=\"20\" interpolation=\"linear\" "
            "estimator_radius=\"3\" estimator_minimum=\"0\" estimator_curve=\"0.5\">\n"
            "<xform weight=\"0.5\" color=\"0\" julian=\"0.8\" julian_power=\"3\" linear=\"0.2\" "
            "coefs=\"0.7 0.2 -0.2 0.7 0.1 -0.1\"/>\n"
            "<xform weight=\"0.3\" color=\"0.7\" spherical=\"0.6\" coefs=\"0.6 -0.3 0.3 0.6 -0.3 0.2\"/>\n",
            k, 2 * k, 0.1 * k, -0.05 * k, 50.0 + 10 * k, 15 * k);
        if (k > 0)
            fprintf(f, "<xform weight=\"0.2\" color=\"1\" linear=\"1\" coefs=\"0.4 0 0 0.4 0.5 0.5\"/>\n"
                       "<finalxform color=\"0.5\" color_speed=\"0\" linear=\"0.9\" swirl=\"0.1\" "
                       "coefs=\"1 0 0 1 0 0\"/>\n");
        if (k == 2)
            fprintf(f, "<xform weight=\"0.3\" color=\"0.3\" sinusoidal=\"0.5\" coefs=\"0.5 0.1 -0.1 0.5 0 "
                       "-0.4\"/>\n");
        fprintf(f,
                "<color index=\"0\" rgb=\"%d 40 200\"/><color index=\"128\" rgb=\"250 250 %d\"/>"
                "<color index=\"255\" rgb=\"20 %d 60\"/>\n</flame>\n",
                80 * k, 60 * k, 100 + 50 * k);
    }
    fprintf(f, "</flames>\n");
    fclose(f);
}

void flame_time_render_ok(const flame_setup *su, const char *path, int index, double time, double stagger,
                          const fr_flame_options *o, fr_image *img)
{
    fr_context *ctx = fr_context_create();
    assert_non_null(ctx);
    assert_int_equal(fr_context_set_device(ctx, su->device ? su->device : "cpu"), FR_OK);
    assert_int_equal(fr_context_set_cpu_kernel(ctx, su->kernel), FR_OK);
    assert_int_equal(fr_context_set_threads(ctx, su->threads), FR_OK);
    assert_int_equal(fr_context_set_device_memory(ctx, su->device_memory), FR_OK);
    fr_flames *f = NULL, *one = NULL;
    char *xml = NULL;
    fr_status s = fr_flames_read(ctx, path, NULL, 0, &f);
    if (!s && index >= 0) {
        s = fr_flames_xml(ctx, f, index, &xml);
        if (!s) s = fr_flames_parse(ctx, xml, strlen(xml), "one genome", NULL, 0, &one);
    }
    if (!s)
        s = index == -2 ? fr_flame_render_time_stagger(ctx, f, time, stagger, o, img, NULL)
                        : fr_flame_render_time(ctx, index >= 0 ? one : f, time, o, img, NULL);
    if (s)
        fail_msg("%s %s #%d at %g: %s", su->device ? su->device : "cpu", path, index, time,
                 fr_last_error(ctx));
    free(xml);
    fr_flames_destroy(one);
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}
