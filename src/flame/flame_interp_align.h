/*
 * flame_interp_align.h - genomes made ready to interpolate (private to
 * flame_interp*.c): flam3_align's padding and flam3's per-xform flags.
 *
 * flam3 keeps the final xform as the last of its xform list; so does the
 * index here: xform i of a cp is g.xf[i] for i < g.nxf and g.final for
 * i == g.nxf.
 */
#ifndef FR_FLAME_INTERP_ALIGN_H
#define FR_FLAME_INTERP_ALIGN_H

#include "flame/flame_genome.h"

typedef struct fr_interp_cp {
    fr_flame_genome g;  /* a deep copy, padded */
    unsigned char *pad; /* flam3's xform.padding: 1 for the xforms align added */
    double (*wind)[2];  /* flam3's xform.wind: asymmetric reference angles (0: none) */
} fr_interp_cp;

static inline int fr_interp_nall(const fr_interp_cp *c)
{
    return c->g.nxf + (c->g.final != NULL);
}
static inline fr_flame_xform *fr_interp_xf(fr_interp_cp *c, int i)
{
    return i < c->g.nxf ? &c->g.xf[i] : c->g.final;
}
/* The same, read only (the interpolation reads aligned keyframes that a
 * render's steps share: fr_flame_interp_memo). */
static inline const fr_flame_xform *fr_interp_cxf(const fr_interp_cp *c, int i)
{
    return i < c->g.nxf ? &c->g.xf[i] : c->g.final;
}

void fr_interp_cp_free(fr_interp_cp *c);

/* flam3_align: dst[0 .. n-1] = src padded to the same standard xform count
 * and the same final xform presence, with flam3's choice of padding xforms
 * (log: a turned identity with linear -1 against spherical, ngon, julian,
 * ...; parametric companions; fan or rings with swapped coefs; linear) and
 * each missing parametric variation's parameters taken from its neighbour.
 * src may be padded cps themselves (their flags are kept). */
fr_status fr_interp_align(fr_context *ctx, fr_interp_cp *dst, const fr_interp_cp *src, int n);

/* A cp of a genome (no padding). */
fr_status fr_interp_cp_of(fr_context *ctx, fr_interp_cp *dst, const fr_flame_genome *g);

/* establish_asymmetric_refangles over n aligned cps. */
void fr_interp_refangles(fr_interp_cp *cp, int n);

/* flam3_rotate: the xforms' linear parts turned by `by` degrees. */
void fr_interp_rotate(fr_interp_cp *cp, double by, int interpolation_type);

/* flam3_interpolate over aligned-or-not cps (the aligned copies are made
 * here) into out (a fresh genome). */
fr_status fr_interp_cps(fr_context *ctx, const fr_interp_cp *cps, int n, double t, double stagger,
                        fr_flame_genome *out);

#endif
