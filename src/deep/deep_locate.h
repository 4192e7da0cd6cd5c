/* Feature finding for deep zooms: the period of the lowest-period atom
 * (minibrot) near a point, Newton's method for its nucleus, and the atom's
 * size and orientation estimate. Arbitrary precision (MPFR); every string is
 * decimal text of any length and exponent. Library code: errors are returned
 * as fr_status with a message in the context, never printed. */
#ifndef FR_DEEP_LOCATE_H
#define FR_DEEP_LOCATE_H

#include <stdint.h>

#include "fractalis.h"

/* The declarations are public: fr_nucleus, fr_locate_period,
 * fr_locate_nucleus and fr_nucleus_free in fractalis.h. */

#endif
