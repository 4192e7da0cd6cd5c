/*
 * flame_interp.h - a genome at a time of a timeline: flam3 3.1.1's
 * flam3_interpolate (interpolation.c). The file's genomes, ordered by
 * their `time`, are keyframes; the genome at time t is interpolated
 * between the two around t (linear, or Catmull-Rom over four with
 * interpolation="smooth"), xforms padded to equal counts as flam3 pads
 * them, the affine parts by interpolation_type (linear, log, compat,
 * older), the palettes by palette_interpolation (hsv, sweep,
 * hsv_circular, rgb), each xform's share of the transition delayed by
 * `stagger`, then <motion> elements applied at t. A file of one genome
 * gives that genome (a copy).
 */
#ifndef FR_FLAME_INTERP_H
#define FR_FLAME_INTERP_H

#include "flame/flame_genome.h"

/* The genome at time t of the keyframes f->g[0 .. f->n - 1] into *out (a
 * new genome: free with fr_flame_genome_free). */
fr_status fr_flame_interpolate(fr_context *ctx, const fr_flame_file *f, double t, double stagger, fr_flame_genome *out);

#endif
