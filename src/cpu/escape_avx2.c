/* AVX2 + FMA escape-time kernels: 4 x f64 and 8 x f32 lanes. Built with
 * -mavx2 -mfma; the CPU backend calls them only when the processor has
 * both. The body is escape_avx2_body.h, instantiated once per precision. */
#include <immintrin.h>
#include <stdint.h>

#include "cpu/cpu_escape.h"
#include "escape/escape_step.h"

#define FR_CAT2(a, b) a##b
#define FR_CAT(a, b) FR_CAT2(a, b)
#define FR_ALIGN _Alignas(32)

/* ---- float64, 4 lanes */
#define FR_NAME fr_escape_avx2_f64_range
#define T double
#define VT __m256d
#define L 4
#define ITERATE fr_iterate_d
#define FR_MAG2 fr_mag2_d
#define FR_STEP_ANY fr_step_d
#define V_LOAD _mm256_load_pd
#define V_STORE _mm256_store_pd
#define V_SET1 _mm256_set1_pd
#define V_ADD _mm256_add_pd
#define V_MUL _mm256_mul_pd
#define V_FMA _mm256_fmadd_pd
#define V_FNMA _mm256_fnmadd_pd
#define V_FMSUB _mm256_fmsub_pd
#define V_ANDNOT _mm256_andnot_pd
#define V_AND _mm256_and_pd
#define V_OR _mm256_or_pd
#define V_CMP_NLE(a, b) _mm256_cmp_pd((a), (b), _CMP_NLE_UQ)
#define V_CMP_EQ(a, b) _mm256_cmp_pd((a), (b), _CMP_EQ_OQ)
#define V_MOVEMASK _mm256_movemask_pd
#define V_BLEND _mm256_blendv_pd
#include "cpu/escape_avx2_body.h"
#undef FR_NAME
#undef T
#undef VT
#undef L
#undef ITERATE
#undef FR_MAG2
#undef FR_STEP_ANY
#undef V_LOAD
#undef V_STORE
#undef V_SET1
#undef V_ADD
#undef V_MUL
#undef V_FMA
#undef V_FNMA
#undef V_FMSUB
#undef V_ANDNOT
#undef V_AND
#undef V_OR
#undef V_CMP_NLE
#undef V_CMP_EQ
#undef V_MOVEMASK
#undef V_BLEND

/* ---- float32, 8 lanes */
#define FR_NAME fr_escape_avx2_f32_range
#define T float
#define VT __m256
#define L 8
#define ITERATE fr_iterate_f
#define FR_MAG2 fr_mag2_f
#define FR_STEP_ANY fr_step_f
#define V_LOAD _mm256_load_ps
#define V_STORE _mm256_store_ps
#define V_SET1 _mm256_set1_ps
#define V_ADD _mm256_add_ps
#define V_MUL _mm256_mul_ps
#define V_FMA _mm256_fmadd_ps
#define V_FNMA _mm256_fnmadd_ps
#define V_FMSUB _mm256_fmsub_ps
#define V_ANDNOT _mm256_andnot_ps
#define V_AND _mm256_and_ps
#define V_OR _mm256_or_ps
#define V_CMP_NLE(a, b) _mm256_cmp_ps((a), (b), _CMP_NLE_UQ)
#define V_CMP_EQ(a, b) _mm256_cmp_ps((a), (b), _CMP_EQ_OQ)
#define V_MOVEMASK _mm256_movemask_ps
#define V_BLEND _mm256_blendv_ps
#include "cpu/escape_avx2_body.h"
