/* Views of a web map of an escape-time fractal, for the batch tests and
 * the tile benchmark: the map's world is the square [-2.5, 1.5] x [-2, 2]
 * of the complex plane; level L has 2^L x 2^L tiles, tile (x, y) counted
 * from the top left. */
#ifndef FR_TEST_ESCAPE_TILES_H
#define FR_TEST_ESCAPE_TILES_H

#include "fractalis.h"

/* Point p (size and everything else already set) at tile (level, x, y). */
static inline void fr_test_tile(fr_escape_params *p, int level, int x, int y)
{
    const double w = 4.0 / (double)(1 << level);
    p->view_width = w, p->view_width_exp10 = 0;
    p->center_re = -2.5 + (x + 0.5) * w;
    p->center_im = 2.0 - (y + 0.5) * w;
    p->center_text[0] = 0;
}

#endif
