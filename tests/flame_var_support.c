/* Helpers the variation tests share: see flame_var_support.h. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/context.h"
#include "flame/flame_variations.h"
#include "flame/flame_xform_eval.h"
#include "flame_support.h"
#include "flame_var_support.h"

int flame_var(const char *name)
{
    int v = fr_flame_var_find(name);
    if (v < 0) fail_msg("no variation '%s'", name);
    return v;
}

int flame_par(const char *name)
{
    int p = fr_flame_param_find(name);
    if (p < 0) fail_msg("no parameter '%s'", name);
    return p;
}

void flame_xform_blank(fr_flame_xform *x)
{
    fr_flame_xform_init(x);
    x->var[0] = 0.0; /* no linear */
}

void flame_near3(const double got[3], double x, double y, double z, const char *what)
{
    const double want[3] = {x, y, z};
    for (int k = 0; k < 3; k++)
        if (!(fabs(got[k] - want[k]) <= 1e-12 * fmax(1.0, fabs(want[k]))))
            fail_msg("%s: got (%.17g, %.17g, %.17g), want (%.17g, %.17g, %.17g)", what, got[0], got[1],
                     got[2], x, y, z);
}

void flame_var_eval(const fr_flame_xform *x, const char *name, double w, double tx, double ty, double tz,
                    fr_flame_rng *rng, double o[3])
{
    const double t[3] = {tx, ty, tz};
    o[0] = o[1] = o[2] = 0.0;
    fr_flame_var_eval3(x, flame_var(name), w, t, rng, o);
}

void flame_draws(const fr_flame_rng *g, fr_flame_rng h, int n, const char *what)
{
    for (int k = 0; k < n; k++)
        (void)fr_flame_rng_01(&h);
    if (memcmp(g, &h, sizeof h)) fail_msg("%s: not %d draws", what, n);
}

void flame_xform_apply_at(const fr_flame_xform *x, double px, double py, double pz, fr_flame_rng *rng,
                          double o[3])
{
    fr_flame_xform_pre pre;
    fr_flame_xform_precalc(x, &pre);
    const double in[3] = {px, py, pz};
    fr_flame_xform_apply3(&pre, in, rng, o);
}

void flame_slot_add(fr_flame_xform *x, int slot, const char *name, double w)
{
    fr_flame_slot *s = &x->slot[slot - 1];
    assert_true(s->n < FR_FLAME_MAX_PREPOST);
    s->var[s->n] = (short)flame_var(name);
    s->w[s->n] = w;
    s->n++;
}

void flame_slot_near(int slot, const char *name, double w, fr_flame_rng *rng, double x, double y, double z,
                     const char *what)
{
    fr_flame_xform xf;
    flame_xform_blank(&xf);
    xf.var[flame_var("linear3D")] = 1;
    flame_slot_add(&xf, slot, name, w);
    double o[3];
    flame_xform_apply_at(&xf, 0.3, -0.4, 0.5, rng, o);
    flame_near3(o, x, y, z, what);
}

fr_flame_file flame_read_text(const char *xml, const char *name, int strict, fr_status *st, char *msg,
                              size_t n)
{
    fr_context *ctx = fr_context_create();
    fr_flame_file f;
    *st = fr_flame_read_memory(ctx, xml, strlen(xml), name, NULL, strict, &f);
    snprintf(msg, n, "%s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    return f;
}

char *flame_write_text(const fr_flame_genome *g)
{
    fr_context *ctx = fr_context_create();
    char *xml = NULL;
    if (fr_flame_to_xml(ctx, g, 1, &xml)) fail_msg("%s", fr_last_error(ctx));
    fr_context_destroy(ctx);
    return xml;
}

char *flame_round_trip(const fr_flame_genome *g, const char *name)
{
    char *xml = flame_write_text(g), msg[512], why[512];
    fr_status st;
    fr_flame_file back = flame_read_text(xml, name, 1, &st, msg, sizeof msg);
    if (st) fail_msg("%s\n%s", msg, xml);
    if (!fr_flame_genome_equal(g, &back.g[0], why, sizeof why)) fail_msg("round trip: %s", why);
    fr_flame_file_free(&back);
    return xml;
}

void flame_simd_vs_scalar(const char *xml, const char *file)
{
    char path[1024];
    flame_tmp_path(path, sizeof path, file);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(xml, fp);
    fclose(fp);
    const flame_setup scalar = {.kernel = FR_CPU_KERNEL_SCALAR}, simd = {.kernel = FR_CPU_KERNEL_AVX2};
    fr_flame_options o = {.quality = 60, .seed = 3};
    fr_image a, b, c;
    char err[512];
    if (flame_render_with(&scalar, path, 0, &o, &a, NULL, NULL, err, sizeof err)) fail_msg("%s", err);
    fr_status st = flame_render_with(&simd, path, 0, &o, &b, NULL, NULL, err, sizeof err);
    if (st == FR_ERR_UNSUPPORTED && fr_cpu_kernel_best() != FR_CPU_KERNEL_AVX2) {
        /* a processor without AVX2 and FMA has no batched walker (as
         * test_flame_simd); anywhere else UNSUPPORTED is a failure below */
        fr_image_free(&a);
        skip();
    }
    if (st) fail_msg("%s", err);
    o.seed = 4;
    if (flame_render_with(&scalar, path, 0, &o, &c, NULL, NULL, err, sizeof err)) fail_msg("%s", err);
    const double same = flame_psnr(&a, &b), noise = flame_psnr(&a, &c);
    printf("%s: batched vs scalar %.1f dB, seed vs seed %.1f dB\n", file, same, noise);
    if (same < noise - 1.0) fail_msg("the batched walker differs from the scalar one beyond the seed noise");
    fr_image_free(&a), fr_image_free(&b), fr_image_free(&c);
    remove(path);
}

void flame_var_cases(const flame_var_case *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fr_flame_xform x;
        flame_xform_blank(&x);
        for (int k = 0; k < 10 && c[i].p[k].name; k++)
            x.param[flame_par(c[i].p[k].name)] = c[i].p[k].v;
        fr_flame_rng g;
        fr_flame_rng_init(&g, 7, 1);
        for (int k = 0; k < c[i].skip; k++)
            (void)fr_flame_rng_01(&g);
        const fr_flame_rng h = g;
        double o[3];
        char what[160];
        snprintf(what, sizeof what, "%s, %s", c[i].var, c[i].what);
        flame_var_eval(&x, c[i].var, c[i].w, c[i].x, c[i].y, c[i].z, &g, o);
        flame_near3(o, c[i].ox, c[i].oy, c[i].oz, what);
        flame_draws(&g, h, c[i].draws, what);
    }
}

int flame_var_has_case(const flame_var_case *c, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(c[i].var, name)) return 1;
    return 0;
}

void flame_var_round_covered(const void *cases, size_t n, size_t size, const char *const *names, size_t k,
                             size_t expect_k, const char *first, const char *last)
{
    assert_int_equal(k, expect_k);
    assert_string_equal(names[0], first);
    assert_string_equal(names[k - 1], last);
    const int v0 = flame_var(names[0]);
    for (size_t i = 0; i < k; i++) {
        assert_int_equal(flame_var(names[i]), v0 + (int)i);
        int found = 0;
        for (size_t j = 0; j < n && !found; j++) {
            const char *var;
            memcpy(&var, (const char *)cases + j * size, sizeof var);
            found = !strcmp(var, names[i]);
        }
        if (!found) fail_msg("%s: no case", names[i]);
    }
}

fr_flame_file flame_read_strict(const char *xml, const char *name)
{
    fr_status st;
    char msg[512];
    fr_flame_file f = flame_read_text(xml, name, 1, &st, msg, sizeof msg);
    if (st) fail_msg("%s", msg);
    assert_int_equal(f.nwarnings, 0);
    return f;
}

static const char *round_tag, *round_regular, *round_prepost;

static void round_simd_vs_scalar(void **state)
{
    (void)state;
    char regular[128], prepost[128];
    snprintf(regular, sizeof regular, "%s_regular.flame", round_tag);
    snprintf(prepost, sizeof prepost, "%s_prepost.flame", round_tag);
    flame_simd_vs_scalar(round_regular, regular);
    flame_simd_vs_scalar(round_prepost, prepost);
}

int flame_var_round(const char *tag, const char *regular, const char *prepost, const flame_var_test tests[6])
{
    round_tag = tag, round_regular = regular, round_prepost = prepost;
    static const char *const names[6] = {"test_values",  "test_all_covered", "test_sums",
                                         "test_prepost", "test_read_write",  "test_registry"};
    struct CMUnitTest t[7];
    for (int k = 0; k < 6; k++)
        t[k] = (struct CMUnitTest){names[k], tests[k], NULL, NULL, NULL};
    t[6] = (struct CMUnitTest){"test_simd_vs_scalar", round_simd_vs_scalar, NULL, NULL, NULL};
    return cmocka_run_group_tests_name(tag, t, NULL, NULL);
}
