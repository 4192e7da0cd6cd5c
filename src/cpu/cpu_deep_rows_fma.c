/* The deep-zoom span loop built with -mfma (cpu_deep_body.h). */
#include "cpu/cpu_deep.h"
#define FR_DEEP_SPAN fr_cpu_deep_span_fma
#include "cpu/cpu_deep_body.h"
