/* The portable deep-zoom span loop (cpu_deep_body.h). */
#include "cpu/cpu_deep.h"
#define FR_DEEP_SPAN fr_cpu_deep_span
#include "cpu/cpu_deep_body.h"
