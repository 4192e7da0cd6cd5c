/* Test views shared by the conformance tests (CPU kernels, GPU): a seeded
 * random generator, random views near the boundary of each set, and views
 * with long orbits. */
#ifndef FR_TEST_ESCAPE_VIEWS_H
#define FR_TEST_ESCAPE_VIEWS_H

#include <stdint.h>

#include "fractalis.h"

uint64_t fr_test_rnd(void);
double fr_test_urand(void);
/* A random view of formula f near the set's boundary. */
void fr_test_random_view(fr_escape_params *p, fr_formula f, fr_precision prec);

typedef struct fr_test_deep_view {
    fr_formula f;
    double re, im, w;
    uint32_t iter;
} fr_test_deep_view;
/* Long orbits: interior components that periodicity cuts short, and slow
 * escapes near parabolic points. */
extern const fr_test_deep_view fr_test_deep_views[];
extern const size_t fr_test_deep_view_count;

#endif
