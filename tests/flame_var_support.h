/* Helpers the variation tests share (tests/flame_var_support.c): names to
 * indices (a missing one fails), one variation evaluated at a point, a
 * 3D comparison, genome text read, and the batched walker against the
 * scalar one on a genome. Failures inside are cmocka failures. */
#ifndef FR_TEST_FLAME_VAR_SUPPORT_H
#define FR_TEST_FLAME_VAR_SUPPORT_H

#include <stddef.h>

#include "flame/flame_genome.h"
#include "flame/flame_rng.h"
#include "flame/flame_xml.h"

/* The index of variation / parameter `name` (fails the test if none). */
int flame_var(const char *name);
int flame_par(const char *name);

/* A new xform without its default linear. */
void flame_xform_blank(fr_flame_xform *x);

/* got == (x, y, z) within 1e-12 relative, else fails naming `what`. */
void flame_near3(const double got[3], double x, double y, double z, const char *what);

/* What variation `name` of xform x adds at t (the affine image) with weight w. */
void flame_var_eval(const fr_flame_xform *x, const char *name, double w, double tx, double ty, double tz,
                    fr_flame_rng *rng, double o[3]);

/* The stream g is h advanced by n draws, else fails naming `what`. */
void flame_draws(const fr_flame_rng *g, fr_flame_rng h, int n, const char *what);

/* The whole xform x (affine, pre_, regular and post_ variations, post
 * affine, bad values) applied to (px, py, pz): the image in o. */
void flame_xform_apply_at(const fr_flame_xform *x, double px, double py, double pz, fr_flame_rng *rng,
                          double o[3]);

/* linear3D and variation `name` with weight w in slot FR_SLOT_PRE or
 * FR_SLOT_POST of an xform applied to (0.3, -0.4, 0.5): (x, y, z), else
 * fails naming `what`. */
void flame_slot_near(int slot, const char *name, double w, fr_flame_rng *rng, double x, double y, double z,
                     const char *what);

/* Adds variation `name` with weight w to x's pre_ (FR_SLOT_PRE) or post_
 * (FR_SLOT_POST) variations. */
void flame_slot_add(fr_flame_xform *x, int slot, const char *name, double w);

/* Genome text read as file `name` (strict or not): *st, and the context's message in msg. */
fr_flame_file flame_read_text(const char *xml, const char *name, int strict, fr_status *st, char *msg,
                              size_t n);

/* The first genome of g as genome text (to be freed); fails the test on an error. */
char *flame_write_text(const fr_flame_genome *g);

/* g written and read back strictly as file `name`: the same genome
 * (fails the test otherwise). Returns the text, to be freed. */
char *flame_round_trip(const fr_flame_genome *g, const char *name);

/* The genome text rendered by the scalar and the batched walkers (seed 3)
 * and by the scalar one (seed 4): fails when the batched render is farther
 * from the scalar one than the seeds are from each other; skips where the
 * processor has no batched walker. `file` names the temporary genome file. */
void flame_simd_vs_scalar(const char *xml, const char *file);

/* A variation's value at a point, worked out apart from the code: var at
 * weight w on (x, y, z) with the parameters p (the rest at their
 * defaults) after `skip` draws of stream (7, 1), adding (ox, oy, oz) and
 * taking `draws` draws. */
typedef struct flame_var_case {
    const char *var, *what;
    double w, x, y, z;
    int skip, draws;
    struct {
        const char *name;
        double v;
    } p[10];
    double ox, oy, oz;
} flame_var_case;

/* Every case of c[0 .. n): its value and its draws. */
void flame_var_cases(const flame_var_case *c, size_t n);

/* Whether c[0 .. n) has a case of variation `name`. */
int flame_var_has_case(const flame_var_case *c, size_t n, const char *name);


/* A round's list of new variations, names[0 .. k): expect_k of them, from
 * `first` to `last`, following each other in the registry, each with a
 * case among cases[0 .. n) (structs of `size` bytes whose first member is
 * the variation's name, as flame_var_case's). FLAME_VAR_ROUND_COVERED
 * takes the arrays themselves. */
void flame_var_round_covered(const void *cases, size_t n, size_t size, const char *const *names, size_t k,
                             size_t expect_k, const char *first, const char *last);
#define FLAME_VAR_ROUND_COVERED(cases, names, expect_k, first, last)                                              \
    flame_var_round_covered(cases, sizeof cases / sizeof cases[0], sizeof cases[0], names,                        \
                            sizeof names / sizeof names[0], expect_k, first, last)

/* Genome text read strictly as file `name`: fails the test on an error or a warning. */
fr_flame_file flame_read_strict(const char *xml, const char *name);

/* A round's test genome: flame `name` (64 x 48) of the xforms' text and a two-colour palette. */
#define FLAME_VAR_GENOME(name, xforms)                                                                       \
    "<flame name=\"" name "\" size=\"64 48\" center=\"0 0\" scale=\"20\">\n" xforms                          \
    " <color index=\"0\" rgb=\"255 0 0\"/><color index=\"255\" rgb=\"0 0 255\"/>\n"                          \
    "</flame>\n"

/* A round of variations' test file (ember4 on): its value, coverage, sum,
 * pre_/post_, read/write and registry tests (in that order), then the
 * batched walker against the scalar one on its genome without pre_/post_
 * variations (TAG_regular.flame) and with them (TAG_prepost.flame); the
 * cmocka run's result. */
typedef void (*flame_var_test)(void **state);
int flame_var_round(const char *tag, const char *regular, const char *prepost, const flame_var_test tests[6]);

#endif
