/*
 * flame_random.h - flam3-genome's random genome tools (flam3 3.1.1's
 * flam3_random, flam3_mutate, flam3_cross and flam3-genome's loop around
 * them), internal to src/flame:
 *
 *   flame_random.c        the public calls, the options, flam3-genome's loop
 *                         (pick, edit, reframe, truncate, colours, check)
 *   flame_random_make.c   flam3_random: a genome from nothing
 *   flame_random_edit.c   flam3_mutate and flam3_cross, and the xform list
 *                         edits they need (add, delete, symmetry)
 *   flame_random_check.c  the chaos game's bounding box, the test render
 *                         that rejects degenerate genomes, flam3_improve_colors
 *
 * Randomness: one fr_flame_rng stream (xoshiro256** seeded by Philox) per
 * genome made, keyed by (seed, genome index); never flam3's random() or
 * ISAAC streams, so the same seed gives the same genomes on every machine
 * (flam3's own draws cannot be reproduced anyway: they are seeded by time).
 */
#ifndef FR_FLAME_RANDOM_H
#define FR_FLAME_RANDOM_H

#include <stdint.h>

#include "flame/flame_genome.h"
#include "flame/flame_palette.h"
#include "flame/flame_rng.h"

/* The state of one genome's making: its random stream, the variations the
 * random xforms may use, the palette library, the action text (flam3's
 * <edit action="...">). */
typedef struct fr_flame_rand {
    fr_context *ctx;
    fr_flame_rng r;
    uint64_t seed;             /* the stream's key, for the test renders */
    const int *ivars;          /* variations to draw from (flam3's ivars) */
    int nivars;
    int sym;                   /* flam3-genome's symmetry= */
    double speed;              /* all_coefs */
    const fr_flame_palette_lib *lib;
    char action[512];
} fr_flame_rand;

/* flam3's random draws, from the stream: [0, 1), [-1, 1), a bit, an
 * integer in 0 .. n - 1 (n > 0). */
double fr_rand01(fr_flame_rand *R);
double fr_rand11(fr_flame_rand *R);
int fr_rand_bit(fr_flame_rand *R);
int fr_rand_below(fr_flame_rand *R, int n);
/* Append text to the action (truncated as flam3 truncates it). */
void fr_rand_action(fr_flame_rand *R, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* flame_random_make.c: flam3_random into *g (initialised here): nxf xforms
 * (0: flam3's distribution, and a final xform 15 % of the time), the
 * palette at random from the library, symmetry per R->sym. */
fr_status fr_flame_random_genome(fr_flame_rand *R, int nxf, fr_flame_genome *g);

/* flame_random_edit.c */
enum { FR_MUT_RANDOM = 0, FR_MUT_ALL_VARS, FR_MUT_ONE_XFORM, FR_MUT_ADD_SYMMETRY, FR_MUT_POST_XFORMS,
       FR_MUT_COLOR_PALETTE, FR_MUT_DELETE_XFORM, FR_MUT_ALL_COEFS, FR_MUT_COUNT };
enum { FR_CROSS_RANDOM = 0, FR_CROSS_UNION, FR_CROSS_INTERPOLATE, FR_CROSS_ALTERNATE, FR_CROSS_COUNT };
extern const char *const fr_flame_mutation_names[FR_MUT_COUNT];
extern const char *const fr_flame_cross_names[FR_CROSS_COUNT];

/* flam3_mutate on g in place; *did_color set when the colours were chosen
 * (flam3-genome then skips its own colour improvement). */
fr_status fr_flame_mutate(fr_flame_rand *R, fr_flame_genome *g, int method, int *did_color);
/* flam3_cross of a and b into *out (initialised here). */
fr_status fr_flame_cross(fr_flame_rand *R, const fr_flame_genome *a, const fr_flame_genome *b, int method,
                         fr_flame_genome *out);

/* Xform list edits with flam3's bookkeeping: chaos rows kept nxf long (a
 * new xform's column 1, its own row none), the final xform apart. flam3's
 * index k of an xform: 0 .. nxf - 1 the standard ones, nxf the final. */
fr_status fr_flame_add_xforms(fr_context *ctx, fr_flame_genome *g, int n);
void fr_flame_delete_xform(fr_flame_genome *g, int k);
fr_flame_xform *fr_flame_xform_at(fr_flame_genome *g, int k);
static inline int fr_flame_nxforms(const fr_flame_genome *g) { return g->nxf + (g->final != NULL); }
/* flam3_add_symmetry (sym 0: one at random, perhaps none). */
fr_status fr_flame_add_symmetry(fr_flame_rand *R, fr_flame_genome *g, int sym);
/* has_post from the post affine (set whenever post is written). */
void fr_flame_xform_fix_post(fr_flame_xform *x);

/* flame_random_check.c */
/* flam3_estimate_bounding_box: the box leaving out eps of the attractor's
 * points on each side (nsamples points after 20 discarded iterations).
 * Returns 0 when the points are unusable (none finite, or a box narrower
 * than 1e-9, which flam3 would zoom into). */
int fr_flame_bounding_box(fr_flame_rand *R, const fr_flame_genome *g, double eps, int nsamples, double bmin[2],
                          double bmax[2]);
/* flam3-genome's check of a genome: a 128 x 128 render of the square
 * [-1, 1]^2 at quality 1; the mean channel value, the fraction of black
 * pixels and of white ones. */
fr_status fr_flame_test_render(fr_flame_rand *R, const fr_flame_genome *g, double *avg, double *black, double *white);
/* flam3_improve_colors: ntries colourings (new xform colours, and a new
 * palette when change_palette), the one whose ~10000-pixel render hits the
 * most cells of a res^3 colour grid kept. */
fr_status fr_flame_improve_colors(fr_flame_rand *R, fr_flame_genome *g, int ntries, int change_palette, int res);
/* A palette at random from the library with hue rotation `hue` into g
 * (palette_index set; left white and -1 when the library is empty). */
void fr_flame_random_palette(fr_flame_rand *R, fr_flame_genome *g, double hue);

#endif
