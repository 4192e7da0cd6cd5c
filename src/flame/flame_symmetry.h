/* flame_symmetry.h - flam3 3.1.1's flam3_add_symmetry: the xforms of a
 * symmetry kind, as a genome file's <symmetry kind="N"/> and flam3-genome's
 * random genomes and mutations add them. */
#ifndef FR_FLAME_SYMMETRY_H
#define FR_FLAME_SYMMETRY_H

#include "flame/flame_genome.h"

/* Appends one xform with flam3's defaults to g (the caller's way of growing
 * it) into *x, or returns the status of the failure. */
typedef fr_status (*fr_flame_sym_append)(void *user, fr_flame_genome *g, fr_flame_xform **x);

/* The xforms of kind sym (not 0 or 1: -1 a reflection, n >= 2 rotations by
 * 2 pi k / n, -n both) appended to g through `append`, each weight 1, no
 * colour change, linear, then sorted as flam3 sorts them (its comparator
 * and glibc's merge sort, with flam3's final xform, last in its array,
 * taken into the range); g->symmetry = sym. The caller checks the xform
 * count first. Returns an append's failure, or FR_ERR_NOMEM (no message:
 * the caller reports it) when the sort finds no memory. */
fr_status fr_flame_symmetry_add(fr_flame_genome *g, int sym, fr_flame_sym_append append, void *user);

#endif
