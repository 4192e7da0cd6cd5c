/* The multi backend's family contracts (multi_escape.c, multi_deep.c,
 * multi_buddha.c, multi_flame.c), gathered by multi_backend.c. */
#ifndef FR_MULTI_MULTI_BACKEND_H
#define FR_MULTI_MULTI_BACKEND_H

#include "core/backend.h"

extern const struct fr_escape_ops fr_multi_escape_ops;
extern const struct fr_buddha_ops fr_multi_buddha_ops;
extern const struct fr_flame_ops fr_multi_flame_ops;
extern const struct fr_deep_ops fr_multi_deep_ops;

#endif
