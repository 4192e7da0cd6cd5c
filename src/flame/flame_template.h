/* flame_template.h - flam3-genome's template= inside the library (see
 * flame_template.c; the type and its reading are public: fractalis.h). */
#ifndef FR_FLAME_TEMPLATE_H
#define FR_FLAME_TEMPLATE_H

#include "flame/flame_genome.h"

/* flam3_apply_template(g, t); t NULL: nothing. */
void fr_flame_template_apply(const fr_flame_template *t, fr_flame_genome *g);

#endif
