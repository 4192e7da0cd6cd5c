/*
 * flame_motion.h - an xform's <motion> elements evaluated at a time, as
 * flam3 3.1.1 defines them (interpolation.c motion_funcs, flam3.c
 * apply_motion_parameters as Debian's 3.1.1+ds2 builds it).
 *
 * A <motion> element holds values to add to its xform's (coefs, post,
 * weight, color, opacity, color_speed, animate, variation weights and
 * parameters; every value it does not set is 0), a function (sin,
 * triangle, hill) and an integer frequency. At time t the xform becomes
 *   value + sum over its elements m of  m.value * f_m(m.freq * t),
 * with colour then clamped to [0, 1] and weight to >= 0. The functions are
 * periodic with period 1 and are 0 at whole times:
 *   sin:      sin(2 pi t)
 *   triangle: 4 fr for fr <= 1/4, 2 - 4 fr for fr <= 3/4, else 4 fr - 4
 *             (fr = t mod 1, in [0, 1))
 *   hill:     (1 - cos(2 pi t)) / 2    (also an absent or unknown function)
 *
 * flam3-render never evaluates them (it renders the genome as written);
 * they take effect in fractalis's motion-blur renders (flame_temporal.c).
 */
#ifndef FR_FLAME_MOTION_H
#define FR_FLAME_MOTION_H

#include "flame/flame_genome.h"

/* flam3's motion_funcs(func, t): the value of motion function `func`
 * (fr_flame_motion_fn; anything else evaluates as hill, as in flam3). */
double fr_flame_motion_value(int func, double t);

/* 1 if some xform of g (final included) has <motion> elements. */
int fr_flame_genome_has_motion(const fr_flame_genome *g);

/* *out = x with its motion elements applied at time t. out is a shallow
 * copy: its pointers (chaos, motion, extra, children) are x's, so it must
 * not be freed; its numbers are its own. */
void fr_flame_xform_at_time(const fr_flame_xform *x, double t, fr_flame_xform *out);

#endif
