/* fr_flames (the public genome set) inside the library. */
#ifndef FR_FLAME_API_H
#define FR_FLAME_API_H

#include "flame/flame_genome.h"
#include "fractalis.h"

struct fr_flames {
    fr_flame_file file;
};

#endif
