/*
 * flame_density.c - one pass's buckets into the accumulator, as flam3
 * 3.1.1's rect.c does after the iteration of a batch: log-density scaling
 * with k1, k2 and either the density-estimation splat of de_thread or the
 * plain per-bucket scaling.
 *
 * Threads. The plain path writes each accumulator cell from its own bucket
 * only. The DE splat scatters: a bucket adds to cells up to R rows away
 * (R <= the widest kernel's half size). Rows are cut into swaths of a
 * fixed height of at least 2 R, independent of the thread count, and the
 * even swaths run in parallel first, then the odd ones, so no two swaths
 * running at once write the same cell. Each cell receives the same adds in
 * the same order whatever the thread count, so the result is bit-identical
 * for any number of threads (and equals the sequential splat up to the
 * order of floating-point additions at swath boundaries). The swaths are
 * the whole image's rows even in a strip (flame_strips.c), so a strip's
 * cells get the same adds in the same order as the unsplit image's.
 */
#include "flame/flame_frame.h"

#include "flame/flame_density_core.h"

#include <math.h>
#include <stdlib.h>

enum { SWATH_MIN = 16 };
/* The density window of a bucket, (os / 2 * 2 + 1)^2 buckets, summed from
 * an array up to this size (supersample 17), else as it is read. */
enum { DE_WINDOW_MAX = 17 * 17 };

/* rect.c render_rectangle, per batch (contrast 1; sumfilt from the temporal steps). */
void fr_flame_log_constants(const fr_flame_genome *g, const fr_flame_frame *f, double *k1, double *k2)
{
    const double prefilter_white = 255.0, white_level = 255.0, contrast = 1.0, sumfilt = f->sumfilt;
    double nbatches = f->passes;
    /* Ember's k1 (Renderer: brightness alone) has no 268 / 256 */
    const double k268 = f->ember ? 256.0 : 268.0;
    *k1 = (contrast * g->brightness * prefilter_white * k268 * (1.0 / nbatches)) / 256;
    double area = (double)f->width * f->image_height / (f->ppux * f->ppuy);
    *k2 = (f->os * f->os * nbatches) / (contrast * area * white_level * f->sample_density * sumfilt);
    /* Ember's logscale_k2 fixes k2 of its log scaling, log(1 + hits k2)
     * over the whole render; here a pass's count is 255 a hit: the same
     * curve is k2 = logscale_k2 passes / 255 */
    if (g->logscale_k2 != 0.0) *k2 = g->logscale_k2 * nbatches / prefilter_white;
}

/* Rows of a swath: at least twice the widest splat, so that no cell gets
 * adds from swaths of the same phase. */
static int de_swath(const fr_flame_frame *f)
{
    int rmax = (int)ceil(f->de.width[0]) - 1; /* widest splat */
    return 2 * rmax > SWATH_MIN ? 2 * rmax : SWATH_MIN;
}

/* The splat targets of each kernel, mirror images expanded (in the order
 * of fr_flame_de_splat_bucket), as offsets into the accumulator (in
 * channels), in groups of one weight (a coefficient's 1, 4 or 8 mirror
 * images). A bucket whose whole splat lies inside the grid takes this list
 * with no per-target bounds check; each target cell still receives
 * c[k] * (w * base), the same product as the portable code (computed once
 * a group), and the cells' order of adds (bucket by bucket) is unchanged,
 * so the result is the same bit for bit. */
typedef struct de_list {
    int n, ng;
    int64_t *off;
    double *gw; /* a group's weight */
    int *gn;    /* its targets */
} de_list;

static int de_lists_build(const fr_flame_frame *f, de_list *l)
{
    const fr_flame_de *de = &f->de;
    const int64_t wb = f->wb;
    for (int k = 0; k <= de->max_filter_index; k++) {
        const int r = (int)ceil(de->width[k]) - 1;
        const size_t cap = (size_t)(2 * r + 1) * (2 * r + 1);
        l[k].n = l[k].ng = 0;
        l[k].off = malloc(cap * sizeof *l[k].off);
        l[k].gw = malloc(cap * sizeof *l[k].gw);
        l[k].gn = malloc(cap * sizeof *l[k].gn);
        if (!l[k].off || !l[k].gw || !l[k].gn) return -1;
        const double *coef = de->coef + (size_t)k * de->kernel_size;
        int idx = 0;
#define ADD(di, dj) (l[k].off[l[k].n++] = ((int64_t)(di) + (int64_t)(dj) * wb) * 4, l[k].gn[l[k].ng - 1]++)
        for (int jj = 0; jj <= r; jj++)
            for (int ii = 0; ii <= jj; ii++) {
                double w = coef[idx++];
                if (w == 0.0) continue;
                l[k].gw[l[k].ng] = w, l[k].gn[l[k].ng++] = 0;
                if (jj == 0) {
                    ADD(0, 0);
                } else if (ii == 0) {
                    ADD(0, jj), ADD(0, -jj), ADD(jj, 0), ADD(-jj, 0);
                } else if (ii == jj) {
                    ADD(ii, jj), ADD(-ii, jj), ADD(ii, -jj), ADD(-ii, -jj);
                } else {
                    ADD(ii, jj), ADD(-ii, jj), ADD(ii, -jj), ADD(-ii, -jj);
                    ADD(jj, ii), ADD(-jj, ii), ADD(jj, -ii), ADD(-jj, -ii);
                }
            }
#undef ADD
    }
    return 0;
}

static void de_lists_free(de_list *l, int n)
{
    for (int k = 0; l && k < n; k++) free(l[k].off), free(l[k].gw), free(l[k].gn);
    free(l);
}

typedef double v4d __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16), aligned(4)));

/* One interior bucket's splat: the product c * (w * base) in double once a
 * group of targets of one weight, rounded to float, and added to each
 * target's 4 floats in float (one vector add; flam3's float += double
 * rounds once instead of twice: the cell differs by at most an ulp, where
 * the widened add cost 27 % more time). */
#define DE_SPLAT_BODY                                                                                                  \
    {                                                                                                                  \
        const v4d cv = {c[0], c[1], c[2], c[3]};                                                                       \
        fr_flame_acc_t *a = accum + centre;                                                                            \
        const int64_t *off = l->off;                                                                                   \
        for (int g = 0; g < l->ng; g++) {                                                                              \
            const double s = l->gw[g] * base;                                                                          \
            const v4d sv = {s, s, s, s};                                                                               \
            const v4f add = __builtin_convertvector(cv * sv, v4f);                                                     \
            for (int e = l->gn[g]; e > 0; e--, off++) {                                                                \
                v4f *p = (v4f *)(a + *off);                                                                            \
                *p = *p + add;                                                                                         \
            }                                                                                                          \
        }                                                                                                              \
    }

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2"))) static void splat_avx2(const de_list *l, fr_flame_acc_t *accum, int64_t centre,
                                                       const double c[4], double base) DE_SPLAT_BODY
#define FR_DE_HAVE_AVX2 1
#endif
static void splat_generic(const de_list *l, fr_flame_acc_t *accum, int64_t centre, const double c[4], double base)
    DE_SPLAT_BODY

/* rect.c de_thread over rows [os-1, hb-os] and columns [os-1, wb-os] (the
 * edge buckets within os-1 are skipped), in two phases of swaths. */
static void de_splat(const fr_context *ctx, const fr_flame_frame *f, const fr_flame_bucket_t *buckets, fr_flame_acc_t *accum,
                     double k1, double k2, const de_list *lists)
{
    const fr_flame_de *de = &f->de;
    const int os = f->os, ss = os / 2, scf = !(os & 1);
    const int window = (2 * ss + 1) * (2 * ss + 1) <= DE_WINDOW_MAX;
    const double scfact = pow(os / (os + 1.0), 2.0);
    const int j0 = os - 1, j1 = f->hb - os + 1; /* rows [j0, j1) */
    const int i0 = os - 1, i1 = f->wb - os + 1;
    const int64_t wb = f->wb;
    if (j1 <= j0 || i1 <= i0) return;
    /* swaths numbered from the whole image's row j0 (a strip's grid starts
     * at its row row0): a strip's cells get their adds in the image's order */
    const int swath = de_swath(f), base = j0 - f->row0;
    const int s0 = f->row0 / swath, s1 = (j1 - base + swath - 1) / swath;
    int avx2 = 0;
#ifdef FR_DE_HAVE_AVX2
    avx2 = __builtin_cpu_supports("avx2");
#endif
    for (int phase = 0; phase < 2; phase++) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(fr_threads(ctx))
        for (int s = s0 + ((s0 & 1) != phase); s < s1; s += 2) {
            int ja = base + s * swath, jb = ja + swath < j1 ? ja + swath : j1;
            if (ja < j0) ja = j0;
            for (int j = ja; j < jb; j++) {
                const fr_flame_bucket_t *row = buckets + (int64_t)j * wb * FR_FB_CHANNELS;
                for (int i = i0; i < i1; i++) {
                    const fr_flame_bucket_t *b = row + (int64_t)i * FR_FB_CHANNELS;
                    if (b[FR_FB_CNT] == 0 || b[FR_FB_A] == 0) continue;
                    /* the kernel, as fr_flame_de_splat_bucket picks it (the
                     * quotients first, which vectorise, then their sum in
                     * the same order) */
                    double fs = 0.0;
                    if (window) {
                        double q[DE_WINDOW_MAX];
                        int nq = 0;
                        for (int ii = -ss; ii <= ss; ii++)
                            for (int jj = -ss; jj <= ss; jj++)
                                q[nq++] =
                                    buckets[((int64_t)(i + ii) + (int64_t)(j + jj) * wb) * FR_FB_CHANNELS + FR_FB_CNT];
                        for (int t = 0; t < nq; t++) q[t] /= 255.0;
                        for (int t = 0; t < nq; t++) fs += q[t];
                    } else {
                        for (int ii = -ss; ii <= ss; ii++)
                            for (int jj = -ss; jj <= ss; jj++)
                                fs += buckets[((int64_t)(i + ii) + (int64_t)(j + jj) * wb) * FR_FB_CHANNELS +
                                              FR_FB_CNT] /
                                      255.0;
                    }
                    if (scf) fs *= scfact;
                    const int k = fr_flame_de_kernel_index(de, fs);
                    const int r = (int)ceil(de->width[k]) - 1;
                    if (i - r < 0 || j - r < 0 || i + r >= f->wb || j + r >= f->hb) {
                        fr_flame_de_splat_bucket(f, buckets, accum, i, j, k1, k2);
                        continue;
                    }
                    const double c[4] = {(double)b[FR_FB_R], (double)b[FR_FB_G], (double)b[FR_FB_B],
                                         (double)b[FR_FB_A]};
                    const double base = k1 * log(1.0 + c[3] * k2) / c[3];
                    const int64_t centre = ((int64_t)i + (int64_t)j * wb) * 4;
#ifdef FR_DE_HAVE_AVX2
                    if (avx2) {
                        splat_avx2(&lists[k], accum, centre, c, base);
                        continue;
                    }
#endif
                    splat_generic(&lists[k], accum, centre, c, base);
                }
            }
        }
    }
}

fr_status fr_flame_accumulate(fr_context *ctx, const fr_flame_genome *g, const fr_flame_frame *f,
                              const fr_flame_bucket_t *buckets, fr_flame_acc_t *accum)
{
    if (!g || !f || !buckets || !accum) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_accumulate: NULL argument");
    double k1, k2;
    fr_flame_log_constants(g, f, &k1, &k2);
    return fr_flame_accumulate_k(ctx, f, buckets, accum, k1, k2);
}

fr_status fr_flame_accumulate_k(fr_context *ctx, const fr_flame_frame *f, const fr_flame_bucket_t *buckets,
                                fr_flame_acc_t *accum, double k1, double k2)
{
    if (!f || !buckets || !accum) return fr_fail(ctx, FR_ERR_INVALID, "fr_flame_accumulate: NULL argument");
    if (f->de.max_filter_index > 0) {
        const int nk = f->de.max_filter_index + 1;
        de_list *lists = calloc((size_t)nk, sizeof *lists);
        if (!lists || de_lists_build(f, lists)) {
            de_lists_free(lists, nk);
            return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        }
        de_splat(ctx, f, buckets, accum, k1, k2, lists);
        de_lists_free(lists, nk);
    } else {
        const int64_t n = (int64_t)f->wb * f->hb;
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
        for (int64_t i = 0; i < n; i++) fr_flame_scale_bucket(buckets, accum, i, k1, k2);
    }
    return FR_OK;
}
