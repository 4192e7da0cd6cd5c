/* The deep-zoom row loop built with -mfma (cpu_deep_body.h). */
#include "cpu/cpu_deep.h"
#define FR_DEEP_ROW fr_cpu_deep_row_fma
#include "cpu/cpu_deep_body.h"
