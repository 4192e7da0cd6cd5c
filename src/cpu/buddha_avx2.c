/*
 * buddha_avx2.c - the orbit-density kernel in AVX2 lanes: 8 float32 or 4
 * float64 orbits at a time, each lane regenerated as soon as its orbit
 * ends (buddha_avx2_body.h), for every formula (one lane machine each).
 * Compiled with -mavx2 -mfma and chosen at run time; contraction stays
 * off, so the vector step is the canonical step.
 */
#include <immintrin.h>
#include <math.h>

#include "cpu/cpu_buddha.h"

#define FR_CAT_(a, b) a##b
#define FR_CAT(a, b) FR_CAT_(a, b)

/* ---------------------------------------------------------- float32 x 8 */
#define T float
#define VT __m256
#define NT __m256i
#define NS int32_t
#define LN 8
#define FR_NAME fr_buddha_avx2_f32
#define CX_MEMBER f
#define V_SET1 _mm256_set1_ps
#define V_LOAD _mm256_loadu_ps
#define V_STORE _mm256_storeu_ps
#define V_ADD _mm256_add_ps
#define V_MUL _mm256_mul_ps
#define V_FMA _mm256_fmadd_ps
#define V_NEG(a) _mm256_xor_ps((a), _mm256_set1_ps(-0.0f))
#define V_ABS(a) _mm256_andnot_ps(_mm256_set1_ps(-0.0f), (a))
#define GONE fr_buddha_gone_f
#define V_GT(a, b) _mm256_cmp_ps((a), (b), _CMP_GT_OQ)
#define V_EQ(a, b) _mm256_cmp_ps((a), (b), _CMP_EQ_OQ)
#define V_AND _mm256_and_ps
#define V_BLEND(a, b, m) _mm256_blendv_ps((a), (b), (m))
#define V_MOVEMASK _mm256_movemask_ps
#define N_SET1 _mm256_set1_epi32
#define N_LOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#define N_STORE(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define N_ADD _mm256_add_epi32
#define N_EQ(a, b) _mm256_castsi256_ps(_mm256_cmpeq_epi32((a), (b)))
#define N_BLEND(a, b, m)                                                                                 \
    _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), (m)))
/* next save = 2 x, held at 2^31 (as fr_orbit_*) */
#define N_DOUBLE(a)                                                                                      \
    N_BLEND(_mm256_slli_epi32((a), 1), (a), N_EQ((a), _mm256_set1_epi32((int32_t)0x80000000u)))
#include "cpu/buddha_avx2_body.h"
#undef T
#undef VT
#undef NT
#undef NS
#undef LN
#undef FR_NAME
#undef CX_MEMBER
#undef V_SET1
#undef V_LOAD
#undef V_STORE
#undef V_ADD
#undef V_MUL
#undef V_FMA
#undef V_NEG
#undef V_ABS
#undef GONE
#undef V_GT
#undef V_EQ
#undef V_AND
#undef V_BLEND
#undef V_MOVEMASK
#undef N_SET1
#undef N_LOAD
#undef N_STORE
#undef N_ADD
#undef N_EQ
#undef N_BLEND
#undef N_DOUBLE

/* ---------------------------------------------------------- float64 x 4 */
/* Step counters are doubles (exact integers far beyond 2^32). */
#define T double
#define VT __m256d
#define NT __m256d
#define NS double
#define LN 4
#define FR_NAME fr_buddha_avx2_f64
#define CX_MEMBER d
#define V_SET1 _mm256_set1_pd
#define V_LOAD _mm256_loadu_pd
#define V_STORE _mm256_storeu_pd
#define V_ADD _mm256_add_pd
#define V_MUL _mm256_mul_pd
#define V_FMA _mm256_fmadd_pd
#define V_NEG(a) _mm256_xor_pd((a), _mm256_set1_pd(-0.0))
#define V_ABS(a) _mm256_andnot_pd(_mm256_set1_pd(-0.0), (a))
#define GONE fr_buddha_gone_d
#define V_GT(a, b) _mm256_cmp_pd((a), (b), _CMP_GT_OQ)
#define V_EQ(a, b) _mm256_cmp_pd((a), (b), _CMP_EQ_OQ)
#define V_AND _mm256_and_pd
#define V_BLEND(a, b, m) _mm256_blendv_pd((a), (b), (m))
#define V_MOVEMASK _mm256_movemask_pd
#define N_SET1 _mm256_set1_pd
#define N_LOAD _mm256_loadu_pd
#define N_STORE _mm256_storeu_pd
#define N_ADD _mm256_add_pd
#define N_EQ V_EQ
#define N_BLEND V_BLEND
#define N_DOUBLE(a) _mm256_min_pd(_mm256_add_pd((a), (a)), _mm256_set1_pd(2147483648.0))
#include "cpu/buddha_avx2_body.h"
