/* The portable deep-zoom row loop (cpu_deep_body.h). */
#include "cpu/cpu_deep.h"
#define FR_DEEP_ROW fr_cpu_deep_row
#include "cpu/cpu_deep_body.h"
