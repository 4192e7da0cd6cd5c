/* The deep-zoom span loop in AVX2 + FMA (built with -mavx2 -mfma; the CPU
 * backend calls it when the processor has both and the context's CPU
 * kernel is not scalar): Mandelbrot in double (power 2, with or without the
 * derivative), 4 samples at a time in the lanes of __m256d, each lane a
 * sample of its own (fr_deep_state_d) at its own reference index m (a
 * lane's record: two 16-byte loads, x y and radius 0, then unpacks).
 *
 * The lanes take fr_deep_step_d's perturbation and BLA steps with the same
 * operations in the same order (deep_pixel.h), fma exactly where it has
 * fma, and its tests on every lane: the BLA test (the table searched per
 * lane in scalar code, the step in its lane), the escape test and the
 * rebase test. A step that escapes or rebases (|Z_m + z| < |z|, or m
 * reaching M), the last iteration, and a step whose rebase test would
 * rescale (z below 2^-400) end the vector loop before that step, and the
 * lane's state takes it in scalar code: fr_deep_step_d itself, which
 * stores and refills the lane when its sample is done. So every sample gets
 * the bits, counts, steps and skipped iterations of the scalar loop
 * (tests/test_deep_avx2.c). Measured on a 2-core EPYC: 8 lanes (two
 * vectors in turn) slower than 4, and so was fetching the BLA tables ahead. */
#include <immintrin.h>

#include "cpu/cpu_deep.h"
#include "cpu/cpu_deep_store.h"

/* Lanes in flight: groups of 4 (1: 2 measured slower, the states leave the registers). */
#define FR_DEEP_GROUPS 1
#define FR_DEEP_LANES (4 * FR_DEEP_GROUPS)

#define FR_ALWAYS static inline __attribute__((always_inline))

/* The next step of s is not one the vector loop takes: the last
 * iteration, one reaching M (a rebase), or a BLA step (the test that
 * fr_deep_bla_find_r begins with). */
FR_ALWAYS int deep_avx2_scalar_next(const fr_deep_job *j, const fr_deep_state_d *s)
{
    return s->n >= j->max_iter || s->m + 1 >= j->M || fr_deep_amax(s->zx, s->zy) < s->Zr;
}

/* Reference records m of four lanes (their addresses): x, y and radius. */
FR_ALWAYS void deep_avx2_zrec(const double *q0, const double *q1, const double *q2, const double *q3, __m256d *x,
                              __m256d *y, __m256d *r)
{
    const __m256d a = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_load_pd(q0)), _mm_load_pd(q2), 1);
    const __m256d b = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_load_pd(q1)), _mm_load_pd(q3), 1);
    const __m256d c = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_load_pd(q0 + 2)), _mm_load_pd(q2 + 2), 1);
    const __m256d d = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_load_pd(q1 + 2)), _mm_load_pd(q3 + 2), 1);
    *x = _mm256_unpacklo_pd(a, b);
    *y = _mm256_unpackhi_pd(a, b);
    *r = _mm256_unpacklo_pd(c, d);
}

#define FR_LANES4(s, f) _mm256_set_pd((s)[3].f, (s)[2].f, (s)[1].f, (s)[0].f)

/* fr_deep_bla_find_r once its first test passed (|z|max below r0, the
 * radius of level 0's step at m): level 0's step is valid (its radius is
 * r0, its length 1, and an iteration is left), so its entry is not read
 * unless it is the step taken; the levels above as there. */
FR_ALWAYS int64_t deep_avx2_bla_find(const fr_deep_job *j, uint32_t m, double zmax, uint32_t left)
{
    uint32_t i = m - 1;
    if (j->levels < 1 || i >= j->level_n[0]) return -1;
    const int64_t best = (int64_t)j->level_off[0] + i;
    return i & 1 ? best : fr_deep_bla_climb(j, 1, i >> 1, best, zmax, left);
}

/* A lane mask of four bits as a vector mask. */
FR_ALWAYS __m256d deep_avx2_mask(unsigned bits)
{
    return _mm256_castsi256_pd(_mm256_set_epi64x(-(int64_t)(bits >> 3 & 1), -(int64_t)(bits >> 2 & 1),
                                                 -(int64_t)(bits >> 1 & 1), -(int64_t)(bits & 1)));
}

/* Steps on every lane until a lane's next step is not one the vector loop
 * takes (its bit in the mask returned, its state before that step) or a
 * lane reaches its last iteration or M (mask 0: deep_avx2_scalar_next
 * tells which). A lane whose BLA test passes takes fr_deep_step_d's BLA
 * step (the table searched in scalar code, the step in its lane), the
 * others a perturbation step. The lanes share the loop's counter t: lane
 * k is at record base[k] + t records, iteration nb[k] + t. */
FR_ALWAYS unsigned deep_avx2_run(const fr_deep_job *j, fr_deep_state_d *st, const int deriv)
{
    enum { G = FR_DEEP_GROUPS, L = FR_DEEP_LANES, REC = FR_DEEP_ZREC * sizeof(double) };
    const __m256d b2 = _mm256_set1_pd(j->b2), tiny = _mm256_set1_pd(0x1p-400), two = _mm256_set1_pd(2.0);
    const __m256d pix = _mm256_set1_pd(j->pixel_d);
    const __m256d absm = _mm256_castsi256_pd(_mm256_set1_epi64x(INT64_MAX));
    __m256d zx[G], zy[G], Zx[G], Zy[G], Zr[G], zmax[G], dcx[G], dcy[G], dx[G], dy[G];
    const char *base[L];
    uint32_t mb[L], nb[L];
    uint32_t sk[L];
    int64_t lim[L], budget = INT64_MAX;
    for (int k = 0; k < L; k++) {
        const fr_deep_state_d *s = &st[k];
        base[k] = (const char *)(j->Z + FR_DEEP_ZREC * (size_t)s->m);
        mb[k] = s->m, nb[k] = s->n, sk[k] = s->skipped;
        const int64_t left_n = (int64_t)j->max_iter - s->n, left_m = (int64_t)j->M - 1 - s->m;
        lim[k] = left_n < left_m ? left_n : left_m;
        if (lim[k] < budget) budget = lim[k];
    }
    for (int g = 0; g < G; g++) {
        const fr_deep_state_d *s = st + 4 * g;
        zx[g] = FR_LANES4(s, zx), zy[g] = FR_LANES4(s, zy);
        Zx[g] = FR_LANES4(s, Zx), Zy[g] = FR_LANES4(s, Zy), Zr[g] = FR_LANES4(s, Zr);
        dcx[g] = FR_LANES4(s, dcx), dcy[g] = FR_LANES4(s, dcy);
        dx[g] = FR_LANES4(s, dx), dy[g] = FR_LANES4(s, dy);
        zmax[g] = _mm256_max_pd(_mm256_and_pd(zx[g], absm), _mm256_and_pd(zy[g], absm));
    }
    unsigned flag = 0, pre = 0; /* pre: the lanes whose BLA test passes */
    for (int g = 0; g < G; g++) pre |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(zmax[g], Zr[g], _CMP_LT_OQ)) << (4 * g);
    int64_t t = 0;
    size_t off = 0;
    while (t < budget) {
        off += REC;
        __m256d nx[G], ny[G], ex[G], ey[G], NZx[G], NZy[G], NZr[G], nmax[G];
        const char *q[L];
        unsigned bla = 0, pre_next = 0;
        uint32_t ext[L]; /* a BLA step's length less one */
        for (int g = 0; g < G; g++) {
            /* fr_deep_step_d's perturbation step */
            const __m256d tx = _mm256_add_pd(_mm256_add_pd(Zx[g], Zx[g]), zx[g]);
            const __m256d ty = _mm256_add_pd(_mm256_add_pd(Zy[g], Zy[g]), zy[g]);
            if (deriv) {
                const __m256d wx = _mm256_add_pd(Zx[g], zx[g]), wy = _mm256_add_pd(Zy[g], zy[g]);
                ex[g] = _mm256_add_pd(_mm256_mul_pd(two, _mm256_fmsub_pd(wx, dx[g], _mm256_mul_pd(wy, dy[g]))), pix);
                ey[g] = _mm256_mul_pd(two, _mm256_fmadd_pd(wx, dy[g], _mm256_mul_pd(wy, dx[g])));
            }
            nx[g] = _mm256_fmadd_pd(tx, zx[g], _mm256_fnmadd_pd(ty, zy[g], dcx[g]));
            ny[g] = _mm256_fmadd_pd(tx, zy[g], _mm256_fmadd_pd(ty, zx[g], dcy[g]));
        }
        for (int k = 0; k < L; k++) q[k] = base[k] + off;
        if (FR_DEEP_RARE(pre)) {
            /* the lanes whose BLA test passes: fr_deep_step_d's BLA step */
            _Alignas(32) double zm[L];
            __m256d c[L]; /* a lane's BLA step: ax, ay, bx, by */
            for (int g = 0; g < G; g++) _mm256_store_pd(zm + 4 * g, zmax[g]);
            for (int k = 0; k < L; k++) ext[k] = 0, c[k] = _mm256_setzero_pd();
            for (unsigned bits = pre; bits; bits &= bits - 1) {
                const int k = __builtin_ctz(bits);
                const uint32_t m = mb[k] + (uint32_t)t, n = nb[k] + (uint32_t)t;
                const int64_t i = deep_avx2_bla_find(j, m, zm[k], j->max_iter - n);
                if (i < 0) continue;
                const fr_bla_d *b = &j->bla[i];
                c[k] = _mm256_loadu_pd(&b->ax);
                ext[k] = b->l - 1, bla |= 1u << k;
                if (m + b->l >= j->M) flag |= 1u << k; /* a rebase: in scalar code */
                q[k] += REC * (size_t)ext[k];
            }
            for (int g = 0; g < G; g++) {
                const unsigned bits = bla >> (4 * g) & 15;
                if (!bits) continue;
                /* the four lanes' steps transposed */
                const __m256d *cg = c + 4 * g;
                const __m256d lo01 = _mm256_unpacklo_pd(cg[0], cg[1]), hi01 = _mm256_unpackhi_pd(cg[0], cg[1]);
                const __m256d lo23 = _mm256_unpacklo_pd(cg[2], cg[3]), hi23 = _mm256_unpackhi_pd(cg[2], cg[3]);
                const __m256d ax = _mm256_permute2f128_pd(lo01, lo23, 0x20), ay = _mm256_permute2f128_pd(hi01, hi23, 0x20);
                const __m256d bx = _mm256_permute2f128_pd(lo01, lo23, 0x31), by = _mm256_permute2f128_pd(hi01, hi23, 0x31);
                const __m256d sel = deep_avx2_mask(bits);
                const __m256d bnx = _mm256_fmadd_pd(
                    ax, zx[g], _mm256_fnmadd_pd(ay, zy[g], _mm256_fmsub_pd(bx, dcx[g], _mm256_mul_pd(by, dcy[g]))));
                const __m256d bny = _mm256_fmadd_pd(
                    ax, zy[g], _mm256_fmadd_pd(ay, zx[g], _mm256_fmadd_pd(bx, dcy[g], _mm256_mul_pd(by, dcx[g]))));
                nx[g] = _mm256_blendv_pd(nx[g], bnx, sel), ny[g] = _mm256_blendv_pd(ny[g], bny, sel);
                if (deriv) {
                    const __m256d bex = _mm256_fmadd_pd(ax, dx[g], _mm256_fnmadd_pd(ay, dy[g], _mm256_mul_pd(bx, pix)));
                    const __m256d bey = _mm256_fmadd_pd(ax, dy[g], _mm256_fmadd_pd(ay, dx[g], _mm256_mul_pd(by, pix)));
                    ex[g] = _mm256_blendv_pd(ex[g], bex, sel), ey[g] = _mm256_blendv_pd(ey[g], bey, sel);
                }
            }
        }
        for (int g = 0; g < G; g++) {
            /* record m + 1 (m + l), the escape and rebase tests on it */
            deep_avx2_zrec((const double *)q[4 * g], (const double *)q[4 * g + 1], (const double *)q[4 * g + 2],
                           (const double *)q[4 * g + 3], &NZx[g], &NZy[g], &NZr[g]);
            const __m256d wx = _mm256_add_pd(NZx[g], nx[g]), wy = _mm256_add_pd(NZy[g], ny[g]);
            const __m256d w2 = _mm256_fmadd_pd(wx, wx, _mm256_mul_pd(wy, wy));
            const __m256d z2 = _mm256_fmadd_pd(nx[g], nx[g], _mm256_mul_pd(ny[g], ny[g]));
            nmax[g] = _mm256_max_pd(_mm256_and_pd(nx[g], absm), _mm256_and_pd(ny[g], absm));
            /* the step escapes, rebases, or its rebase test rescales */
            const __m256d f = _mm256_or_pd(_mm256_cmp_pd(w2, b2, _CMP_GT_OQ),
                                           _mm256_or_pd(_mm256_cmp_pd(w2, z2, _CMP_LT_OQ),
                                                        _mm256_cmp_pd(nmax[g], tiny, _CMP_LT_OQ)));
            flag |= (unsigned)_mm256_movemask_pd(f) << (4 * g);
            pre_next |= (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(nmax[g], NZr[g], _CMP_LT_OQ)) << (4 * g);
        }
        if (FR_DEEP_RARE(flag)) break;
        for (int g = 0; g < G; g++) {
            zx[g] = nx[g], zy[g] = ny[g], zmax[g] = nmax[g];
            Zx[g] = NZx[g], Zy[g] = NZy[g], Zr[g] = NZr[g];
            if (deriv) dx[g] = ex[g], dy[g] = ey[g];
        }
        if (bla) {
            for (int k = 0; k < L; k++) { /* no branches: ext is 0 in the other lanes */
                const uint32_t b = bla >> k & 1;
                base[k] += REC * (size_t)ext[k], mb[k] += ext[k], nb[k] += ext[k];
                sk[k] += ext[k] + b; /* n grows by ext + 1 (t), all skipped */
                lim[k] -= ext[k];
                budget = lim[k] < budget ? lim[k] : budget;
            }
        }
        t++;
        pre = pre_next;
    }
    _Alignas(32) double v[7][L];
    for (int g = 0; g < G; g++) {
        _mm256_store_pd(v[0] + 4 * g, zx[g]), _mm256_store_pd(v[1] + 4 * g, zy[g]);
        _mm256_store_pd(v[2] + 4 * g, Zx[g]), _mm256_store_pd(v[3] + 4 * g, Zy[g]);
        _mm256_store_pd(v[4] + 4 * g, Zr[g]);
        _mm256_store_pd(v[5] + 4 * g, dx[g]), _mm256_store_pd(v[6] + 4 * g, dy[g]);
    }
    for (int k = 0; k < L; k++) {
        fr_deep_state_d *s = &st[k];
        s->zx = v[0][k], s->zy = v[1][k], s->Zx = v[2][k], s->Zy = v[3][k], s->Zr = v[4][k];
        s->dx = v[5][k], s->dy = v[6][k];
        s->m = mb[k] + (uint32_t)t, s->n = nb[k] + (uint32_t)t;
        s->skipped = sk[k]; /* t perturbation steps: n - skipped grew by t */
    }
    return flag;
}

FR_ALWAYS void deep_avx2_span(const fr_deep_job *j, fr_escape_job *ej, int sy, int sx0, int sx1, uint64_t *steps,
                              uint64_t *skipped, const int deriv)
{
    const int64_t row = (int64_t)sy * j->sw;
    fr_deep_state_d st[FR_DEEP_LANES];
    fr_deep_cycle_d cyc[FR_DEEP_LANES];
    int px[FR_DEEP_LANES]; /* each lane's sample; -1: idle (it mirrors a busy lane) */
    int next = sx0;
    fr_deep_result r;
    unsigned flag = 0;
    for (int k = 0; k < FR_DEEP_LANES; k++) px[k] = -1;
    for (;;) {
        /* the scalar steps: a lane's first sample, a refill, and every step the vector loop does not take */
        int busy = -1;
        for (int k = 0; k < FR_DEEP_LANES; k++) {
            if (px[k] < 0 && next < sx1) {
                double dcx, dcy;
                fr_deep_sample_dc_d(j, next, sy, &dcx, &dcy);
                fr_deep_start_d(&st[k], dcx, dcy), fr_deep_cycle_start(&cyc[k]);
                px[k] = next++;
            } else if (px[k] < 0) {
                continue;
            } else if ((flag >> k & 1) || deep_avx2_scalar_next(j, &st[k])) {
                do {
                    if (fr_deep_step_d(j, &st[k], &cyc[k], &r)) {
                        fr_cpu_deep_store(j, ej, row + px[k], &r, steps, skipped);
                        px[k] = -1;
                        if (next >= sx1) break;
                        double dcx, dcy;
                        fr_deep_sample_dc_d(j, next, sy, &dcx, &dcy);
                        fr_deep_start_d(&st[k], dcx, dcy), fr_deep_cycle_start(&cyc[k]);
                        px[k] = next++;
                    }
                } while (deep_avx2_scalar_next(j, &st[k]));
            }
            if (px[k] >= 0 && busy < 0) busy = k;
        }
        if (busy < 0) return;
        for (int k = 0; k < FR_DEEP_LANES; k++)
            if (px[k] < 0) st[k] = st[busy];
        flag = deep_avx2_run(j, st, deriv);
    }
}

void fr_cpu_deep_span_avx2(const fr_deep_job *j, fr_escape_job *ej, int sy, int sx0, int sx1, uint64_t *steps,
                           uint64_t *skipped)
{
    if (j->mode != FR_DEEP_DOUBLE || j->power != 2 || j->conj || j->ship) {
        fr_cpu_deep_span_fma(j, ej, sy, sx0, sx1, steps, skipped);
        return;
    }
    if (j->derivative) deep_avx2_span(j, ej, sy, sx0, sx1, steps, skipped, 1);
    else deep_avx2_span(j, ej, sy, sx0, sx1, steps, skipped, 0);
}
