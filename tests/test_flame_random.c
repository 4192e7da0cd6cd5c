/* flam3-genome's random genome tools in the library (fr_flames_random,
 * fr_flames_mutate, fr_flames_cross): the same seed gives the same
 * genomes and another seed others; each mutation changes only what its
 * method says (color_palette keeps the xforms, delete_xform removes one,
 * all_coefs moves only coefficients, ...); a union cross holds the xforms
 * of both parents; alternate and interpolate give renderable genomes; bad
 * methods and variation names fail naming the parameter; every genome
 * reads back as it was written. */
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
#include "flame/flame_genome.h"
#include "fractalis.h"

/* flam3's palette file: FR_FLAM3_PALETTES where set, else Debian's. */
static const char *palettes(void)
{
    const char *p = getenv("FR_FLAM3_PALETTES");
    return p && *p ? p : NULL;
}

/* A named parent of three xforms (two variations each, one with a
 * parameter) and an inline palette; name "p" + tag. */
static fr_flames *parent(fr_context *ctx, const char *tag, double shift)
{
    char text[65536];
    size_t n = 0;
    n += (size_t)snprintf(text + n, sizeof text - n,
                          "<flame name=\"p%s\" size=\"64 48\" center=\"0 0\" scale=\"20\" quality=\"5\">\n"
                          " <xform weight=\"0.5\" color=\"0\" linear=\"0.8\" julian=\"0.2\" julian_power=\"3\" "
                          "coefs=\"0.5 %g 0 0.5 0 0\"/>\n"
                          " <xform weight=\"0.3\" color=\"0.5\" linear=\"1\" coefs=\"0.5 0 0 0.5 0.5 %g\"/>\n"
                          " <xform weight=\"0.2\" color=\"1\" spherical=\"0.3\" linear=\"0.7\" "
                          "coefs=\"0.5 0 0 0.5 0 0.5\"/>\n",
                          tag, shift, shift);
    for (int i = 0; i < 256; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, " <color index=\"%d\" rgb=\"%d %d %d\"/>\n", i,
                              (255 - i + (int)(shift * 100)) & 255, (i * 3) % 256, i);
    n += (size_t)snprintf(text + n, sizeof text - n, "</flame>\n");
    fr_flames *f = NULL;
    if (fr_flames_parse(ctx, text, n, tag, palettes(), 1, &f)) fail_msg("%s", fr_last_error(ctx));
    return f;
}

static fr_flame_random_options opts(uint64_t seed, const char *method)
{
    fr_flame_random_options o;
    fr_flame_random_options_default(&o);
    o.seed = seed;
    o.method = method;
    o.tries = 3; /* the test render is not what these tests are about */
    o.palette_file = palettes();
    return o;
}

/* Every genome of f as one XML text (malloc()ed). */
static char *xml_all(fr_context *ctx, const fr_flames *f)
{
    size_t cap = 1, len = 0;
    char *all = calloc(1, 1);
    for (int i = 0; i < fr_flames_count(f); i++) {
        char *x = NULL;
        if (fr_flames_xml(ctx, f, i, &x)) fail_msg("%s", fr_last_error(ctx));
        cap = len + strlen(x) + 1;
        all = realloc(all, cap);
        memcpy(all + len, x, strlen(x) + 1);
        len += strlen(x);
        free(x);
    }
    return all;
}

/* Each genome written and read back is the same genome. */
static void reads_back(fr_context *ctx, const fr_flames *f)
{
    for (int i = 0; i < fr_flames_count(f); i++) {
        char *x = NULL, why[256] = "";
        if (fr_flames_xml(ctx, f, i, &x)) fail_msg("%s", fr_last_error(ctx));
        fr_flames *g = NULL;
        if (fr_flames_parse(ctx, x, strlen(x), "back", palettes(), 1, &g)) fail_msg("%s\n%s", fr_last_error(ctx), x);
        assert_int_equal(fr_flames_count(g), 1);
        /* the name's spaces read back as '_' (flam3's reader), the rest is the same */
        fr_flame_genome a = f->file.g[i], b = g->file.g[0];
        a.name = b.name = NULL;
        /* a blended palette (cross interpolate) is written as near as
         * <color> texts come: within 1e-12 */
        for (int e = 0; e < FR_FLAME_PALETTE; e++)
            for (int k = 0; k < 4; k++) {
                if (fabs(a.palette[e][k] - b.palette[e][k]) > 1e-12) fail_msg("genome %d: palette[%d][%d]", i, e, k);
                b.palette[e][k] = a.palette[e][k];
            }
        if (!fr_flame_genome_equal(&a, &b, why, sizeof why)) fail_msg("genome %d: %s", i, why);
        fr_flames_destroy(g);
        free(x);
    }
}

static void same_seed_same_genomes(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flame_random_options o = opts(42, NULL);
    o.tries = 10; /* flam3-genome's */
    fr_flames *a = NULL, *b = NULL, *c = NULL;
    if (fr_flames_random(ctx, &o, 3, &a) || fr_flames_random(ctx, &o, 3, &b)) fail_msg("%s", fr_last_error(ctx));
    o.seed = 43;
    if (fr_flames_random(ctx, &o, 3, &c)) fail_msg("%s", fr_last_error(ctx));
    char *xa = xml_all(ctx, a), *xb = xml_all(ctx, b), *xc = xml_all(ctx, c);
    assert_string_equal(xa, xb);
    assert_string_not_equal(xa, xc);
    /* genomes of one set differ, have times 0, 1, 2 and xforms */
    assert_int_equal(fr_flames_count(a), 3);
    for (int i = 0; i < 3; i++) {
        assert_true(a->file.g[i].time == i);
        assert_true(a->file.g[i].nxf >= 2);
        assert_non_null(strstr(a->file.g[i].children, "action=\"random"));
    }
    reads_back(ctx, a);
    free(xa), free(xb), free(xc);
    fr_flames_destroy(a), fr_flames_destroy(b), fr_flames_destroy(c);
    fr_context_destroy(ctx);
}

/* Variations come from the list only; at most 5 an xform. */
static void variations_from_the_list(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flame_random_options o = opts(7, NULL);
    o.variations = "spherical,julian,swirl";
    o.tries = 0;
    o.symmetry = 1;
    const int allowed[] = {2, 32, 3};
    fr_flames *f = NULL;
    if (fr_flames_random(ctx, &o, 8, &f)) fail_msg("%s", fr_last_error(ctx));
    for (int i = 0; i < fr_flames_count(f); i++) {
        const fr_flame_genome *g = &f->file.g[i];
        assert_int_equal(g->symmetry, 0);
        for (int k = 0; k < g->nxf + (g->final != NULL); k++) {
            const fr_flame_xform *x = k < g->nxf ? &g->xf[k] : g->final;
            int nv = 0;
            for (int v = 0; v < FR_FLAME_NVAR; v++) {
                if (x->var[v] == 0.0) continue;
                nv++;
                assert_true(v == allowed[0] || v == allowed[1] || v == allowed[2]);
            }
            assert_true(nv >= 1 && nv <= 5);
        }
    }
    fr_flames_destroy(f);
    /* symmetry N >= 2 always adds N - 1 rotations */
    o.symmetry = 3;
    o.variations = "all";
    if (fr_flames_random(ctx, &o, 4, &f)) fail_msg("%s", fr_last_error(ctx));
    for (int i = 0; i < fr_flames_count(f); i++) assert_int_equal(f->file.g[i].symmetry, 3);
    fr_flames_destroy(f);
    fr_context_destroy(ctx);
}

static int same_xform_maps(const fr_flame_xform *a, const fr_flame_xform *b)
{
    return !memcmp(a->c, b->c, sizeof a->c) && !memcmp(a->post, b->post, sizeof a->post) &&
           !memcmp(a->var, b->var, sizeof a->var) && a->weight == b->weight;
}

static fr_flames *mutate(fr_context *ctx, const fr_flames *p, uint64_t seed, const char *method)
{
    fr_flame_random_options o = opts(seed, method);
    fr_flames *f = NULL;
    if (fr_flames_mutate(ctx, p, &o, 1, &f)) fail_msg("%s: %s", method, fr_last_error(ctx));
    reads_back(ctx, f);
    assert_non_null(strstr(f->file.g[0].name, "mutation 0 of p"));
    return f;
}

static void mutations_change_what_they_say(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flames *p = parent(ctx, "a", 0.1);
    const fr_flame_genome *pg = &p->file.g[0];
    for (uint64_t seed = 1; seed <= 2; seed++) {
        /* color_palette: the same xforms (maps, variations, weights) */
        fr_flames *f = mutate(ctx, p, seed, "color_palette");
        const fr_flame_genome *g = &f->file.g[0];
        assert_int_equal(g->nxf, pg->nxf);
        for (int k = 0; k < g->nxf; k++) assert_true(same_xform_maps(&g->xf[k], &pg->xf[k]));
        assert_non_null(strstr(g->children, "mutate color"));
        fr_flames_destroy(f);

        /* delete_xform: one fewer, the others unchanged and in order */
        f = mutate(ctx, p, seed, "delete_xform");
        g = &f->file.g[0];
        assert_int_equal(g->nxf, pg->nxf - 1);
        for (int k = 0, j = 0; k < g->nxf; k++, j++) {
            if (!same_xform_maps(&g->xf[k], &pg->xf[j])) j++;
            assert_true(j < pg->nxf && same_xform_maps(&g->xf[k], &pg->xf[j]));
        }
        fr_flames_destroy(f);

        /* all_coefs: the same variations and weights, other coefficients */
        f = mutate(ctx, p, seed, "all_coefs");
        g = &f->file.g[0];
        assert_int_equal(g->nxf, pg->nxf);
        for (int k = 0; k < g->nxf; k++) {
            assert_memory_equal(g->xf[k].var, pg->xf[k].var, sizeof g->xf[k].var);
            assert_true(memcmp(g->xf[k].c, pg->xf[k].c, sizeof g->xf[k].c) != 0);
        }
        fr_flames_destroy(f);

        /* one_xform: one xform's coefficients, nothing else */
        f = mutate(ctx, p, seed, "one_xform");
        g = &f->file.g[0];
        assert_int_equal(g->nxf, pg->nxf);
        int changed = 0;
        for (int k = 0; k < g->nxf; k++) {
            assert_memory_equal(g->xf[k].var, pg->xf[k].var, sizeof g->xf[k].var);
            changed += memcmp(g->xf[k].c, pg->xf[k].c, sizeof g->xf[k].c) != 0;
        }
        assert_int_equal(changed, 1);
        fr_flames_destroy(f);

        /* all_vars: the maps kept, the variations from the default list */
        f = mutate(ctx, p, seed, "all_vars");
        g = &f->file.g[0];
        assert_int_equal(g->nxf, pg->nxf);
        for (int k = 0; k < g->nxf; k++) assert_memory_equal(g->xf[k].c, pg->xf[k].c, sizeof g->xf[k].c);
        fr_flames_destroy(f);

        /* post_xforms: the variations kept, some post not the identity */
        f = mutate(ctx, p, seed, "post_xforms");
        g = &f->file.g[0];
        int posts = 0;
        for (int k = 0; k < g->nxf; k++) {
            assert_memory_equal(g->xf[k].var, pg->xf[k].var, sizeof g->xf[k].var);
            posts += g->xf[k].has_post;
        }
        assert_true(posts > 0);
        fr_flames_destroy(f);

        /* add_symmetry: the parent's xforms first, unchanged */
        f = mutate(ctx, p, seed, "add_symmetry");
        g = &f->file.g[0];
        assert_true(g->nxf >= pg->nxf);
        for (int k = 0; k < pg->nxf; k++) assert_true(same_xform_maps(&g->xf[k], &pg->xf[k]));
        fr_flames_destroy(f);

        /* a method at random */
        f = mutate(ctx, p, seed, NULL);
        fr_flames_destroy(f);
    }
    fr_flames_destroy(p);
    fr_context_destroy(ctx);
}

static void crosses(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flames *a = parent(ctx, "a", 0.1), *b = parent(ctx, "b", -0.2);
    const fr_flame_genome *ga = &a->file.g[0], *gb = &b->file.g[0];
    for (uint64_t seed = 1; seed <= 2; seed++) {
        fr_flame_random_options o = opts(seed, "union");
        fr_flames *f = NULL;
        if (fr_flames_cross(ctx, a, b, &o, 1, &f)) fail_msg("%s", fr_last_error(ctx));
        reads_back(ctx, f);
        const fr_flame_genome *g = &f->file.g[0];
        assert_int_equal(g->nxf, ga->nxf + gb->nxf);
        for (int k = 0; k < ga->nxf; k++) assert_true(same_xform_maps(&g->xf[k], &ga->xf[k]));
        for (int k = 0; k < gb->nxf; k++) assert_true(same_xform_maps(&g->xf[ga->nxf + k], &gb->xf[k]));
        assert_non_null(strstr(g->name, "0 of pa x pb"));
        assert_non_null(strstr(g->children, "cross union"));
        fr_flames_destroy(f);

        /* alternate: each xform from one parent or the other */
        o.method = "alternate";
        if (fr_flames_cross(ctx, a, b, &o, 2, &f)) fail_msg("%s", fr_last_error(ctx));
        reads_back(ctx, f);
        for (int i = 0; i < 2; i++) {
            g = &f->file.g[i];
            assert_int_equal(g->nxf, 3);
            for (int k = 0; k < g->nxf; k++)
                assert_true(same_xform_maps(&g->xf[k], &ga->xf[k]) || same_xform_maps(&g->xf[k], &gb->xf[k]));
        }
        fr_flames_destroy(f);

        o.method = "interpolate";
        if (fr_flames_cross(ctx, a, b, &o, 1, &f)) fail_msg("%s", fr_last_error(ctx));
        reads_back(ctx, f);
        fr_flames_destroy(f);
        o.method = NULL;
        if (fr_flames_cross(ctx, a, b, &o, 2, &f)) fail_msg("%s", fr_last_error(ctx));
        reads_back(ctx, f);
        fr_flames_destroy(f);
    }
    fr_flames_destroy(a), fr_flames_destroy(b);
    fr_context_destroy(ctx);
}

static void expect_invalid(fr_status s, fr_context *ctx, const char *starts)
{
    assert_int_equal(s, FR_ERR_INVALID);
    if (strncmp(fr_last_error(ctx), starts, strlen(starts))) fail_msg("message: %s", fr_last_error(ctx));
}

static void bad_options(void **state)
{
    (void)state;
    fr_context *ctx = fr_context_create();
    fr_flames *p = parent(ctx, "a", 0.1), *f = NULL;
    fr_flame_random_options o = opts(1, "sideways");
    expect_invalid(fr_flames_mutate(ctx, p, &o, 1, &f), ctx, "method: 'sideways' is not a mutation method");
    assert_null(f);
    o.method = "all_vars"; /* a mutation, not a cross */
    expect_invalid(fr_flames_cross(ctx, p, p, &o, 1, &f), ctx, "method: 'all_vars' is not a cross method");
    expect_invalid(fr_flames_random(ctx, &o, 1, &f), ctx, "method:");
    o = opts(1, NULL);
    o.variations = "linear,nosuchvar";
    expect_invalid(fr_flames_random(ctx, &o, 1, &f), ctx, "variations: 'nosuchvar'");
    o.variations = NULL;
    expect_invalid(fr_flames_random(ctx, &o, 0, &f), ctx, "count:");
    o.index[0] = 5;
    expect_invalid(fr_flames_mutate(ctx, p, &o, 1, &f), ctx, "index:");
    assert_null(f);
    fr_flames_destroy(p);
    fr_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_seed_same_genomes),
        cmocka_unit_test(variations_from_the_list),
        cmocka_unit_test(mutations_change_what_they_say),
        cmocka_unit_test(crosses),
        cmocka_unit_test(bad_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
