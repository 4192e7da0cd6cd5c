/* Temporal samples and motion (flame_temporal.c, flame_motion.c) against
 * flam3 3.1.1: the temporal filter's deltas, values and sumfilt for box,
 * gaussian and exp (values from libflam3's flam3_create_temporal_filter),
 * the motion functions and <motion> elements applied at fixed times
 * (libflam3's motion_funcs and apply_motion_parameters, Debian 3.1.1+ds2),
 * the jobs a render builds (one for a genome without motion and a box
 * filter, shared pieces, colour scale baked into the hit tables, groups
 * that share out each pass's samples), the walker -> segment mapping, and
 * motion-blur renders being the same for 1 and 2 threads. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flame/flame_api.h"
#include "flame/flame_motion.h"
#include "flame/flame_temporal.h"
#include "flame/flame_xml.h"

/* Equal within a few ulps (the same formulas as flam3, one libm). */
static void near(double got, double want, const char *what)
{
    double tol = 4e-16 * (fabs(want) > 1 ? fabs(want) : 1);
    if (!(fabs(got - want) <= tol)) fail_msg("%s: got %.17g, flam3 %.17g", what, got, want);
}

/* ----------------------------------------------------- temporal filter */

static void check_filter(int n, fr_flame_temporal_filter type, double e, double w, double sumfilt, const double *deltas,
                         const double *filter)
{
    double d[16], f[16];
    char what[64];
    near(fr_flame_tfilter(n, type, e, w, d, f), sumfilt, "sumfilt");
    for (int i = 0; i < n; i++) {
        snprintf(what, sizeof what, "n %d type %d delta %d", n, (int)type, i);
        near(d[i], deltas[i], what);
        snprintf(what, sizeof what, "n %d type %d filter %d", n, (int)type, i);
        near(f[i], filter[i], what);
    }
}

static void test_tfilter(void **state)
{
    (void)state;
    /* flam3_create_temporal_filter(5, gaussian, 0, 1): gauss(1.5 |i - 2.5| / 2.5), max 1 */
    check_filter(5, FR_TFILTER_GAUSSIAN, 0, 1, 0.49743108018133741, (const double[]){-0.5, -0.25, 0, 0.25, 0.5},
                 (const double[]){0.013299883542443746, 0.23692775868212163, 1, 1, 0.23692775868212163});
    /* (4, exp, 1.5, 0.5): ((i + 1) / 4)^1.5 */
    check_filter(4, FR_TFILTER_EXP, 1.5, 0.5, 0.53201811085790074,
                 (const double[]){-0.25, -0.083333333333333343, 0.083333333333333315, 0.25},
                 (const double[]){0.125, 0.35355339059327379, 0.649519052838329, 1});
    /* (4, exp, -2, 2): ((4 - i) / 4)^2 */
    check_filter(4, FR_TFILTER_EXP, -2, 2, 0.46875, (const double[]){-1, -0.33333333333333337, 0.33333333333333326, 1},
                 (const double[]){1, 0.5625, 0.25, 0.0625});
    check_filter(3, FR_TFILTER_BOX, 0, 1, 1, (const double[]){-0.5, 0, 0.5}, (const double[]){1, 1, 1});
    /* one step: no spread, whatever the filter */
    check_filter(1, FR_TFILTER_GAUSSIAN, 0, 1, 1, (const double[]){0}, (const double[]){1});
}

/* ----------------------------------------------------------- motion */

static void test_motion_functions(void **state)
{
    (void)state;
    /* libflam3's motion_funcs(func, t); func 0 (no motion_function) is hill */
    static const double ref[][3] = {
        {0, -1.3, 0.6545084971874735},
        {0, 0.1, 0.095491502812526274},
        {0, 0.8, 0.34549150281252639},
        {0, 1.25, 0.49999999999999983},
        {1, -1.3, -0.95105651629515364},
        {1, -0.4, -0.58778525229247325},
        {1, 0.1, 0.58778525229247314},
        {1, 0.5, 1.2246467991473532e-16},
        {1, 1.25, 1},
        {1, 2.7, -0.95105651629515342},
        {1, 3, -7.3478807948841188e-16},
        {2, -1.3, -0.79999999999999982},
        {2, -0.4, -0.39999999999999991},
        {2, 0.1, 0.40000000000000002},
        {2, 0.2, 0.80000000000000004},
        {2, 0.5, 0},
        {2, 0.8, -0.79999999999999982},
        {2, 1.25, 1},
        {2, 2.7, -0.80000000000000071},
        {2, 3, 0},
        {3, -0.4, 0.90450849718747373},
        {3, 0.2, 0.34549150281252627},
        {3, 0.5, 1},
        {3, 2.7, 0.65450849718747406},
        {3, 0, 0},
    };
    for (size_t i = 0; i < sizeof ref / sizeof ref[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "motion function %d at %g", (int)ref[i][0], ref[i][1]);
        near(fr_flame_motion_value((int)ref[i][0], ref[i][1]), ref[i][2], what);
    }
}

static void read_genomes(const char *xml, fr_flame_file *file)
{
    fr_context *ctx = fr_context_create();
    if (fr_flame_read_memory(ctx, xml, strlen(xml), "test", NULL, 1, file)) fail_msg("read: %s", fr_last_error(ctx));
    fr_context_destroy(ctx);
}

/* Two elements of different functions and frequencies on one xform. */
static const char *const two_motions =
    "<flames><flame name=\"x\" size=\"100 100\">\n"
    "<xform weight=\"0.5\" color=\"0.3\" linear=\"1\" julian=\"0.5\" julian_power=\"3\" julian_dist=\"1\""
    " coefs=\"0.5 0.1 -0.2 0.6 0.3 0.4\" post=\"1 0 0 1 0.1 0\">\n"
    " <motion motion_frequency=\"2\" motion_function=\"triangle\" coefs=\"0.1 0.2 0.3 0.4 0.5 0.6\""
    " weight=\"0.25\" color=\"0.5\"/>\n"
    " <motion motion_frequency=\"1\" motion_function=\"sin\" linear=\"0.5\" julian_dist=\"0.3\""
    " post=\"0 0 0 0 0.2 0.1\" opacity=\"-0.5\"/>\n"
    "</xform>\n"
    "<xform weight=\"0.2\" color=\"0.9\" linear=\"1\" coefs=\"1 0 0 1 0 0\">\n"
    " <motion motion_frequency=\"1\" motion_function=\"sin\" weight=\"-1\" color=\"2\" color_speed=\"0.3\""
    " animate=\"0.5\" spherical=\"0.7\"/>\n"
    "</xform>\n"
    "<color index=\"0\" rgb=\"255 0 0\"/>\n"
    "</flame></flames>\n";

static void check_xform(const fr_flame_xform *x, double weight, double color, double opacity, const double c[6],
                        const double post[6], double linear, double julian_dist)
{
    near(x->weight, weight, "weight");
    near(x->color, color, "color");
    near(x->opacity, opacity, "opacity");
    for (int i = 0; i < 6; i++) {
        near(x->c[i / 2][i % 2], c[i], "coefs");
        near(x->post[i / 2][i % 2], post[i], "post");
    }
    near(x->var[fr_flame_var_find("linear")], linear, "linear");
    near(x->var[fr_flame_var_find("julian")], 0.5, "julian");
    near(x->param[fr_flame_param_find("julian_dist")], julian_dist, "julian_dist");
    near(x->param[fr_flame_param_find("julian_power")], 3, "julian_power");
}

static void test_motion_apply(void **state)
{
    (void)state;
    fr_flame_file file;
    read_genomes(two_motions, &file);
    const fr_flame_genome *g = &file.g[0];
    fr_flame_xform x;
    /* libflam3 apply_motion_parameters(xform, copy, 0.1): each element with
     * its own frequency and function (Debian's fix of flam3's mot-> slip) */
    fr_flame_xform_at_time(&g->xf[0], 0.1, &x);
    check_xform(&x, 0.69999999999999996, 0.69999999999999996, 0.70610737385376343,
                (const double[]){0.58000000000000007, 0.26000000000000001, 0.03999999999999998, 0.92000000000000004,
                                 0.69999999999999996, 0.88},
                (const double[]){1, 0, 0, 1, 0.21755705045849463, 0.058778525229247314}, 1.2938926261462367,
                1.1763355756877418);
    assert_true(x.has_post);
    fr_flame_xform_at_time(&g->xf[0], 0.3, &x);
    check_xform(&x, 0.40000000000000002, 0.10000000000000003, 0.52447174185242318,
                (const double[]){0.46000000000000002, 0.020000000000000018, -0.31999999999999995, 0.44,
                                 0.10000000000000003, 0.16000000000000009},
                (const double[]){1, 0, 0, 1, 0.29021130325903077, 0.09510565162951537}, 1.4755282581475768,
                1.2853169548885461);
    /* clamps: colour to [0, 1], weight to >= 0; color_speed and animate are not clamped */
    const int sph = fr_flame_var_find("spherical");
    fr_flame_xform_at_time(&g->xf[1], 0.25, &x);
    near(x.weight, 0, "weight clamped");
    near(x.color, 1, "color clamped");
    near(x.color_speed, 0.80000000000000004, "color_speed");
    near(x.animate, 1.5, "animate");
    near(x.var[sph], 0.69999999999999996, "spherical");
    fr_flame_xform_at_time(&g->xf[1], 0.75, &x);
    near(x.weight, 1.2, "weight");
    near(x.color, 0, "color clamped");
    near(x.color_speed, 0.20000000000000001, "color_speed");
    near(x.var[sph], -0.69999999999999996, "spherical");
    /* whole times: no motion */
    fr_flame_xform_at_time(&g->xf[0], 2.0, &x);
    check_xform(&x, 0.5, 0.3, 1, (const double[]){0.5, 0.1, -0.2, 0.6, 0.3, 0.4}, (const double[]){1, 0, 0, 1, 0.1, 0},
                1, 1);
    assert_true(fr_flame_genome_has_motion(g));
    fr_flame_file_free(&file);
}

/* ------------------------------------------------------------- jobs */

typedef struct setup {
    fr_flame_file file;
    fr_flame_frame f;
    fr_flame_jobs J;
} setup;

/* A two-xform genome with `extra` flame attributes (with_motion: a sin
 * motion on the first xform's coefs) in a frame, and its jobs. */
static fr_status jobs_of(const char *extra, int with_motion, int motion_blur, setup *s, char *err, size_t errlen)
{
    char xml[4096];
    snprintf(xml, sizeof xml,
             "<flames><flame name=\"t\" size=\"40 30\" scale=\"15\" quality=\"100\" %s>\n"
             "<xform weight=\"0.6\" color=\"0\" linear=\"1\" coefs=\"0.5 0 0 0.5 -0.5 0\"%s\n"
             "<xform weight=\"0.4\" color=\"1\" linear=\"1\" coefs=\"0.5 0 0 0.5 0.5 0\"/>\n"
             "<color index=\"0\" rgb=\"255 128 0\"/><color index=\"255\" rgb=\"0 64 255\"/>\n"
             "</flame></flames>\n",
             extra,
             with_motion ? "><motion motion_frequency=\"1\" motion_function=\"sin\" coefs=\"0.1 0 0 0 0.2 0\"/></xform>"
                         : "/>");
    read_genomes(xml, &s->file);
    fr_context *ctx = fr_context_create();
    fr_status st = fr_flame_frame_init(ctx, &s->file.g[0], &s->f);
    if (!st) st = fr_flame_jobs_init(ctx, &s->file.g[0], &s->f, 1, 0, motion_blur, &s->J);
    if (st && err) snprintf(err, errlen, "%s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    return st;
}

static void setup_free(setup *s)
{
    fr_flame_jobs_free(&s->J);
    fr_flame_frame_free(&s->f);
    fr_flame_file_free(&s->file);
}

static void jobs_ok(const char *extra, int with_motion, int motion_blur, setup *s)
{
    char err[256];
    if (jobs_of(extra, with_motion, motion_blur, s, err, sizeof err)) fail_msg("jobs of '%s': %s", extra, err);
}

/* Each pass's groups share out its samples exactly. */
static void check_groups(const fr_flame_jobs *J)
{
    for (int p = 0; p < J->passes; p++) {
        uint64_t n = 0;
        for (int i = J->pass_group[p]; i < J->pass_group[p + 1]; i++) {
            assert_true(J->group[i].job >= 0 && J->group[i].job < J->njobs);
            assert_true(J->group[i].samples > 0);
            n += J->group[i].samples;
        }
        assert_true(n == J->per_pass);
    }
}

static void test_jobs_fast_path(void **state)
{
    (void)state;
    /* no motion, box filter: one job and one group a pass, whatever the mode */
    const char *const cases[] = {"passes=\"3\" temporal_samples=\"1000\"", "passes=\"1\" temporal_samples=\"7\""};
    for (int c = 0; c < 2; c++)
        for (int mb = 0; mb < 2; mb++) {
            setup s;
            jobs_ok(cases[c], 0, mb, &s);
            const fr_flame_jobs *J = &s.J;
            assert_int_equal(J->njobs, 1);
            assert_int_equal(J->nxs, 1);
            assert_int_equal(J->ntab, 1);
            assert_int_equal(J->ncol, 1);
            assert_int_equal(J->steps, J->passes * (mb ? s.file.g[0].temporal_samples : 1));
            assert_true(J->sumfilt == 1.0);
            for (int p = 0; p < J->passes; p++)
                assert_int_equal(J->pass_group[p + 1] - J->pass_group[p], 1);
            check_groups(J);
            /* the colour map is palette x 255 */
            assert_true(J->dmap[0][0] == 255.0 && J->dmap[255][2] == 255.0);
            assert_int_equal(J->hit[0][0][FR_FB_G], 128);
            setup_free(&s);
        }
    /* motion elements are ignored by default (flam3-render) */
    setup s;
    jobs_ok("passes=\"2\" temporal_samples=\"10\"", 1, 0, &s);
    assert_int_equal(s.J.njobs, 1);
    assert_int_equal(s.J.motion, 0);
    setup_free(&s);
}

static void test_jobs_pass_filter(void **state)
{
    (void)state;
    /* flam3-render: 4 passes weighted by the gaussian over 4 steps,
     * [0.0111, 0.3247, 1, 0.3247]: passes 1 and 3 share a colour map */
    setup s;
    jobs_ok("passes=\"4\" temporal_samples=\"50\" temporal_filter_type=\"gaussian\"", 0, 0, &s);
    const fr_flame_jobs *J = &s.J;
    double d[4], f[4];
    const double sumfilt = fr_flame_tfilter(4, FR_TFILTER_GAUSSIAN, 0, 1, d, f);
    assert_true(J->sumfilt == sumfilt);
    assert_int_equal(J->steps, 4);
    assert_int_equal(J->nxs, 1);
    assert_int_equal(J->ntab, 1);
    assert_int_equal(J->ncol, 3);
    assert_int_equal(J->njobs, 3);
    check_groups(J);
    for (int p = 0; p < 4; p++) {
        assert_int_equal(J->pass_group[p + 1] - J->pass_group[p], 1);
        const fr_flame_job *j = &J->job[J->group[J->pass_group[p]].job];
        /* dmap = palette x 255 x filter; the hit adds truncate it; the count is not scaled */
        assert_true(j->dmap[0][1] == (128.0 / 255.0) * 255.0 * f[p]);
        assert_int_equal(j->hit[0][0][FR_FB_R], (uint32_t)(255.0 * f[p]));
        assert_int_equal(j->hit[0][0][FR_FB_G], (uint32_t)((128.0 / 255.0) * 255.0 * f[p]));
        assert_int_equal(j->hit[1][255][FR_FB_A], (uint32_t)(255.0 * f[p]));
        assert_int_equal(j->hit[1][255][FR_FB_CNT], 255);
        assert_true(j->xf == J->job[0].xf && j->table == J->job[0].table);
    }
    assert_true(J->job[J->group[1].job].hit == J->job[J->group[3].job].hit);
    setup_free(&s);
}

static void test_jobs_motion(void **state)
{
    (void)state;
    /* motion blur: 2 passes x 10 steps over [t - 0.5, t + 0.5], t = 0.1 */
    setup s;
    jobs_ok("time=\"0.1\" passes=\"2\" temporal_samples=\"10\" temporal_filter_type=\"gaussian\"", 1, 1, &s);
    const fr_flame_jobs *J = &s.J;
    const fr_flame_genome *g = &s.file.g[0];
    assert_int_equal(J->motion, 1);
    assert_int_equal(J->steps, 20);
    /* the coefs move (a job a step), the weights do not (one table) */
    assert_int_equal(J->nxs, 20);
    assert_int_equal(J->ntab, 1);
    assert_int_equal(J->njobs, 20);
    check_groups(J);
    double d[20], f[20];
    fr_flame_tfilter(20, FR_TFILTER_GAUSSIAN, 0, 1, d, f);
    for (int p = 0; p < 2; p++) {
        assert_int_equal(J->pass_group[p + 1] - J->pass_group[p], 10);
        for (int i = 0; i < 10; i++) {
            const fr_flame_job *j = &J->job[J->group[J->pass_group[p] + i].job];
            const int step = p * 10 + i;
            fr_flame_xform x;
            fr_flame_xform_at_time(&g->xf[0], g->time + d[step], &x);
            assert_true(j->xf[0].c[2][0] == x.c[2][0]);
            assert_true(j->xf[0].c[0][0] == x.c[0][0]);
            assert_true(j->xf[1].c[0][0] == 0.5);
            assert_true(j->dmap[0][0] == 255.0 * f[step]);
        }
    }
    setup_free(&s);
    /* a zero-width window: every step at the genome's time, one job */
    jobs_ok("time=\"0.25\" passes=\"2\" temporal_samples=\"10\" temporal_filter_width=\"0\"", 1, 1, &s);
    assert_int_equal(s.J.njobs, 1);
    assert_int_equal(s.J.pass_group[1], 1);
    check_groups(&s.J);
    fr_flame_xform x;
    fr_flame_xform_at_time(&s.file.g[0].xf[0], 0.25, &x);
    assert_true(s.J.job[0].xf[0].c[2][0] == x.c[2][0] && x.c[2][0] != -0.5);
    setup_free(&s);
}

static void test_jobs_errors(void **state)
{
    (void)state;
    setup s;
    char err[256];
    assert_int_equal(jobs_of("temporal_samples=\"0\"", 0, 1, &s, err, sizeof err), FR_ERR_INVALID);
    assert_non_null(strstr(err, "temporal_samples"));
    fr_flame_frame_free(&s.f), fr_flame_file_free(&s.file);
    /* flam3-render ignores temporal_samples */
    jobs_ok("temporal_samples=\"0\"", 0, 0, &s);
    setup_free(&s);
}

/* ---------------------------------------------------------- segments */

static void test_segments(void **state)
{
    (void)state;
    fr_flame_group grp[3] = {{2, 25}, {0, 10}, {1, 1}};
    int pg[3] = {0, 3, 3};
    fr_flame_jobs J;
    memset(&J, 0, sizeof J);
    J.passes = 2, J.pass_group = pg, J.group = grp;
    fr_flame_segment seg[3];
    int n;
    /* walkers of 10: 3 + 1 + 1 */
    assert_int_equal(fr_flame_segments(&J, 0, 10, seg, &n), 5);
    assert_int_equal(n, 3);
    const int job[5] = {2, 2, 2, 0, 1};
    const uint32_t len[5] = {10, 10, 5, 10, 1};
    for (uint64_t k = 0; k < 5; k++) {
        const fr_flame_segment *s = &seg[fr_flame_segment_find(seg, n, k)];
        assert_int_equal(s->job, job[k]);
        assert_int_equal(fr_flame_segment_walker(s, k, 10), len[k]);
    }
    assert_int_equal(fr_flame_segments(&J, 1, 10, seg, &n), 0);
    assert_int_equal(n, 0);
}

/* ------------------------------------------------------------ render */

static void render(const char *path, int threads, fr_image *img)
{
    fr_context *ctx = fr_context_create();
    assert_int_equal(fr_context_set_device(ctx, "cpu"), FR_OK);
    assert_int_equal(fr_context_set_threads(ctx, threads), FR_OK);
    fr_flames *fl = NULL;
    fr_flame_options o = {.width = 120, .quality = 20, .seed = 5, .motion_blur = 1};
    if (fr_flames_read(ctx, path, NULL, 0, &fl) || fr_flame_render(ctx, fl, 0, &o, img, NULL))
        fail_msg("render %s: %s", path, fr_last_error(ctx));
    fr_flames_destroy(fl);
    fr_context_destroy(ctx);
}

/* Motion blur: the same seed gives the same image on 1 and 2 threads. */
static void test_motion_blur_threads(void **state)
{
    (void)state;
    char path[4096];
    snprintf(path, sizeof path, "%s/temporal_threads.flam3", getenv("FR_TEST_TMP") ? getenv("FR_TEST_TMP") : "/tmp");
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs("<flames><flame name=\"t\" size=\"160 120\" scale=\"50\" quality=\"20\" passes=\"2\" temporal_samples=\"25\""
          " temporal_filter_type=\"gaussian\" estimator_radius=\"3\">\n"
          "<xform weight=\"0.5\" color=\"0\" linear=\"0.7\" swirl=\"0.3\" coefs=\"0.5 0.2 -0.2 0.5 -0.5 0\">\n"
          " <motion motion_frequency=\"1\" motion_function=\"sin\" coefs=\"0.1 0 0 0.1 0.3 0\" weight=\"0.2\"/>\n"
          "</xform>\n"
          "<xform weight=\"0.5\" color=\"1\" spherical=\"1\" coefs=\"0.6 0 0 0.6 0.4 0.2\"/>\n"
          "<color index=\"0\" rgb=\"255 128 0\"/><color index=\"255\" rgb=\"0 64 255\"/>\n"
          "</flame></flames>\n",
          fp);
    fclose(fp);
    fr_image a, b;
    render(path, 1, &a);
    render(path, 2, &b);
    assert_int_equal(a.width, b.width);
    assert_memory_equal(a.pixels, b.pixels, (size_t)a.width * a.height * 4);
    fr_image_free(&a), fr_image_free(&b);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tfilter),
        cmocka_unit_test(test_motion_functions),
        cmocka_unit_test(test_motion_apply),
        cmocka_unit_test(test_jobs_fast_path),
        cmocka_unit_test(test_jobs_pass_filter),
        cmocka_unit_test(test_jobs_motion),
        cmocka_unit_test(test_jobs_errors),
        cmocka_unit_test(test_segments),
        cmocka_unit_test(test_motion_blur_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
