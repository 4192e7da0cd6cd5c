/*
 * flame_interp.h - a genome at a time of a timeline: flam3 3.1.1's
 * flam3_interpolate (interpolation.c, flam3.c), and the genome tools of
 * flam3-genome built on it (sheep_loop, sheep_edge, rotate, strip, clone).
 *
 * The file's genomes, in file order (their `time`s must increase), are
 * keyframes; the genome at time t is interpolated between the two around t
 * (linear, or Catmull-Rom over four with interpolation="smooth"), xforms
 * padded to equal counts as flam3_align pads them, the affine parts by
 * interpolation_type (log: angle and log-magnitude of each column; linear,
 * old, older: the numbers), the palettes by palette_interpolation (hsv,
 * sweep, hsv_circular, rgb), each xform's share of the transition delayed
 * by `stagger` (two keyframes only). A file of one genome gives that genome
 * (a copy).
 *
 * <motion>: flam3 3.1.1 applies an xform's motion elements only in
 * flam3-genome's loops and edges (sheep_loop, sheep_edge: at the blend, the
 * fraction of the loop, before rotating and aligning); flam3_interpolate
 * ignores them and its result has none. fr_flame_interpolate does the same
 * (one keyframe: the copy keeps them, as flam3_copy does).
 *
 * Where flam3 reads out of bounds or divides by zero (smooth interpolation
 * on the first or last segment; stagger with one xform), this code does
 * what flam3 meant: linear interpolation; no stagger.
 */
#ifndef FR_FLAME_INTERP_H
#define FR_FLAME_INTERP_H

#include "flame/flame_genome.h"

/* The genome at time t of the keyframes f->g[0 .. f->n - 1] into *out (a
 * new genome: free with fr_flame_genome_free). The keyframes' rotates are
 * first moved by whole turns as flam3's reader moves a file's
 * (fr_flame_adjust_rotates). */
fr_status fr_flame_interpolate(fr_context *ctx, const fr_flame_file *f, double t, double stagger,
                               fr_flame_genome *out);

/* The keyframes of the segments a render's steps fall in, aligned (xforms
 * padded, flam3_align) once and kept: the hundreds of time steps of a
 * motion-blurred frame lie in one or two segments. */
typedef struct fr_flame_interp_memo fr_flame_interp_memo;
fr_flame_interp_memo *fr_flame_interp_memo_new(void); /* NULL: out of memory */
void fr_flame_interp_memo_free(fr_flame_interp_memo *m);

/* fr_flame_interpolate, the same genome, with the segments' aligned
 * keyframes taken from m (made there when new; m NULL: none kept). m
 * serves one f; it may be shared by threads. */
fr_status fr_flame_interpolate_memo(fr_context *ctx, const fr_flame_file *f, fr_flame_interp_memo *m, double t,
                                    double stagger, fr_flame_genome *out);

/* flam3_interpolate itself over an array of n genomes (times increasing),
 * rotates as they are (flam3_cross's interpolation of two parents). */
fr_status fr_flame_interpolate_cps(fr_context *ctx, const fr_flame_genome *cps, int n, double t,
                                   double stagger, fr_flame_genome *out);

/* flam3_parse_xml2's last step: each genome's rotate moved by whole turns
 * to within 180 degrees of the one before (unless that one's
 * interpolation_type is old or older). Idempotent. */
void fr_flame_adjust_rotates(fr_flame_genome *g, int n);

/* sheep_loop: g with its <motion> applied at `blend` (and dropped), its
 * xforms (not the final, not those with animate 0) turned by blend * 360
 * degrees. */
fr_status fr_flame_sheep_loop(fr_context *ctx, const fr_flame_genome *g, double blend, fr_flame_genome *out);

/* sheep_edge: the genome `blend` of the way from g[0] to g[1], both turned
 * by blend * 360 degrees (smoothed blend, asymmetric reference angles, as
 * flam3-genome's inter and sequence); seqflag with blend 0 gives g[0]
 * (motion applied) unpadded. */
fr_status fr_flame_sheep_edge(fr_context *ctx, const fr_flame_genome g[2], double blend, int seqflag,
                              double stagger, fr_flame_genome *out);

/* flam3-genome's strip: g's motion dropped, its height divided by nstrips
 * (integer division) and its centre moved to strip `stripnum`. */
void fr_flame_strip(fr_flame_genome *g, int nstrips, int stripnum);

/* flam3-genome's truncate_variations(g, max_vars): xforms of weight under
 * 0.001 deleted (flam3's loop skips the xform after each deletion), at most
 * max_vars variations an xform (the smallest |weight| dropped first). */
void fr_flame_truncate_variations(fr_flame_genome *g, int max_vars);

/* apply_motion_parameters: dst (a copy of x) += x's <motion> at blend. */
void fr_flame_apply_motion(const fr_flame_xform *x, fr_flame_xform *dst, double blend);

#endif
