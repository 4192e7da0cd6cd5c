/* The scalar reference, compiled with hardware FMA (-mfma) so that fma()
 * becomes one instruction instead of a libm call. Same code, same results;
 * the CPU backend uses it when AVX2 is unavailable or asked for "scalar". */
#include "cpu/cpu_escape.h"

#define FR_SCALAR_RANGE fr_escape_scalar_fma_range
#include "escape/escape_scalar_body.h"
