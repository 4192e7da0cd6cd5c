/* The orbit-density reference and the host plotting loop. The reference is
 * the oracle every backend is tested against: one sample at a time, the
 * mirror orbit of a pair iterated for itself, plain adds. */
#include <string.h>

#include "buddha/buddha.h"
#include "core/context.h"

void fr_buddha_job_init(fr_buddha_job *j, const fr_buddha_params *p)
{
    memset(j, 0, sizeof *j);
    j->width = p->width, j->height = p->height, j->channels = p->channels;
    j->f32 = p->precision == FR_F32;
    j->center_re = p->center_re, j->center_im = p->center_im;
    j->scale = p->width / p->view_width;
    j->half_w = 0.5 * p->width, j->half_h = 0.5 * p->height;
    double rot = fmod(p->rotate_deg, 360.0);
    j->rotated = rot != 0;
    if (j->rotated) {
        double a = rot * (3.14159265358979323846 / 180.0);
        j->rc = cos(a), j->rs = sin(a);
    }
    j->sym_view = !j->rotated && p->center_im == 0;
    j->sampling = (int)p->sampling;
    j->paired = fr_buddha_paired(p);
    double region[4];
    fr_buddha_region(p, region);
    j->re0 = region[0], j->re1 = region[1];
    j->im0 = j->paired ? 0.0 : region[2], j->im1 = region[3];
    uint32_t g = p->grid ? p->grid : (p->sampling == FR_SAMPLING_IMPORTANCE ? 256 : 1024);
    j->grid_w = g, j->grid_h = j->paired ? (g + 1) / 2 : g;
    j->cells = (uint64_t)j->grid_w * j->grid_h;
    j->cell_w = (j->re1 - j->re0) / j->grid_w;
    j->cell_h = (j->im1 - j->im0) / j->grid_h;
    j->seed = p->seed;
    j->max_len = 0;
    for (int k = 0; k < p->channels; k++) {
        j->min_iter[k] = p->band[k].min_iter, j->max_iter[k] = p->band[k].max_iter;
        if (j->max_iter[k] > j->max_len) j->max_len = j->max_iter[k];
    }
    j->anti = p->anti;
    j->b2 = p->bailout * p->bailout;
    /* escape time's step of the formula (escape_reference.c) */
    j->julia = p->formula == FR_JULIA;
    j->step = j->julia ? FR_STEP_MANDEL : (int)p->formula;
    if (p->formula == FR_MULTIBROT && p->power == 2) j->step = FR_STEP_MANDEL;
    j->power = p->formula == FR_MULTIBROT ? p->power : 2;
    j->julia_re = j->julia ? p->julia_re : 0, j->julia_im = j->julia ? p->julia_im : 0;
    /* the cardioid / bulb test holds for the Mandelbrot set of z^2 + c alone */
    j->interior_test = p->interior_test && !p->anti && !j->julia && j->step == FR_STEP_MANDEL;
    j->periodicity = p->periodicity;
    fr_buddha_mh_job_init(j, p);
    j->band_lo = 0, j->band_n = UINT64_MAX; /* the whole image (buddha_render.c may cut it to a band) */
}

int fr_buddha_can_fold(const fr_buddha_job *j) { return j->sym_view && j->paired && j->band_n == UINT64_MAX; }

size_t fr_buddha_store_plane(const fr_buddha_job *j, int mode)
{
    if (mode == FR_PLOT_FOLD) return (size_t)fr_buddha_fold_rows(j) * (size_t)j->width;
    if (j->band_n != UINT64_MAX) return (size_t)j->band_n;
    return (size_t)j->width * (size_t)j->height;
}

/* dst += v, saturating; 1 when it saturated. */
static inline int add_sat(uint64_t *dst, uint64_t v)
{
    if (__builtin_add_overflow(*dst, v, dst)) return *dst = UINT64_MAX, 1;
    return 0;
}

int fr_buddha_add_counts(uint64_t *hist, const uint64_t *src, size_t n)
{
    int over = 0;
    for (size_t i = 0; i < n; i++) over |= add_sat(&hist[i], src[i]);
    return over;
}

int fr_buddha_unfold_add(const fr_buddha_job *j, const uint64_t *fold, uint64_t *hist)
{
    const size_t w = (size_t)j->width, h = (size_t)j->height, fr = (size_t)fr_buddha_fold_rows(j);
    int over = 0;
    for (int k = 0; k < j->channels; k++) {
        const uint64_t *f = fold + k * fr * w;
        uint64_t *o = hist + k * h * w;
        for (size_t r = 0; r < h / 2; r++)
            for (size_t c = 0; c < w; c++) {
                over |= add_sat(&o[r * w + c], f[r * w + c]);
                over |= add_sat(&o[(h - 1 - r) * w + c], f[r * w + c]);
            }
        /* Even height: the axis row belongs to row h/2 - 1; odd: the middle
         * row is its own mirror. */
        size_t dst = h % 2 == 0 ? h / 2 - 1 : h / 2;
        for (size_t c = 0; c < w; c++) over |= add_sat(&o[dst * w + c], f[(h / 2) * w + c]);
    }
    return over;
}

int fr_buddha_store_add(const fr_buddha_job *j, int mode, const uint64_t *store, uint64_t *hist)
{
    if (mode == FR_PLOT_FOLD) return fr_buddha_unfold_add(j, store, hist);
    const size_t plane = fr_buddha_store_plane(j, mode), full = (size_t)j->width * (size_t)j->height;
    int over = 0;
    for (int k = 0; k < j->channels; k++)
        over |= fr_buddha_add_counts(hist + k * full + (size_t)j->band_lo, store + k * plane, plane);
    return over;
}

fr_status fr_buddha_overflow(fr_context *ctx)
{
    return fr_fail(ctx, FR_ERR_INVALID,
                   "a count of the histogram would pass 2^64 - 1 (it is held at that value): the histogram was "
                   "resumed too often for 64-bit counts");
}

/* The plotting loop, once per precision: z_1 .. z_len of every channel,
 * each point once, and the p points of a detected cycle once each with the
 * number of times the orbit would have visited them. One loop a formula
 * (F a literal), chosen once an orbit. */
#define FR_DEFINE_PLOT(NAME, T, STEP)                                                                    \
    FR_HD_FLAT uint64_t NAME##_step(const fr_buddha_job *j, const int F, T sx, T sy, fr_orbit o, uint64_t w, \
                                    int mode, int atomic, uint64_t *hist, size_t plane, uint64_t *steps) \
    {                                                                                                    \
        uint32_t len[3];                                                                                 \
        const uint32_t top = fr_buddha_plot_top(j, o, len);                                             \
        const int d = j->power;                                                                          \
        T x, y, cx, cy;                                                                                  \
        FR_ORBIT_START(j, T, sx, sy, x, y, cx, cy);                                                      \
        uint64_t hits = 0;                                                                               \
        for (uint32_t n = 1; n <= top; n++) {                                                            \
            STEP(F, d, &x, &y, cx, cy);                                                                  \
            hits += fr_buddha_plot_point(j, x, y, n, len, o, w, mode, atomic, hist, plane);              \
        }                                                                                                \
        *steps += top;                                                                                   \
        return hits;                                                                                     \
    }                                                                                                    \
    uint64_t NAME(const fr_buddha_job *j, T sx, T sy, fr_orbit o, uint64_t w, int mode, int atomic,      \
                  uint64_t *hist, size_t plane, uint64_t *steps)                                         \
    {                                                                                                    \
        switch (j->step) {                                                                               \
        case FR_STEP_SHIP: return NAME##_step(j, FR_STEP_SHIP, sx, sy, o, w, mode, atomic, hist, plane, steps); \
        case FR_STEP_TRICORN:                                                                            \
            return NAME##_step(j, FR_STEP_TRICORN, sx, sy, o, w, mode, atomic, hist, plane, steps);      \
        case FR_STEP_MULTI: return NAME##_step(j, FR_STEP_MULTI, sx, sy, o, w, mode, atomic, hist, plane, steps); \
        default: return NAME##_step(j, FR_STEP_MANDEL, sx, sy, o, w, mode, atomic, hist, plane, steps);  \
        }                                                                                                \
    }
FR_DEFINE_PLOT(fr_buddha_plot_d, double, fr_step_d)
FR_DEFINE_PLOT(fr_buddha_plot_f, float, fr_step_f)

/* One orbit of the reference. */
static void reference_orbit(const fr_buddha_job *j, double cr, double ci, uint32_t w, uint64_t *hist,
                            fr_buddha_counters *c)
{
    const size_t plane = (size_t)j->width * j->height;
    uint64_t steps = 0;
    if (j->f32) {
        float x = (float)cr, y = (float)ci;
        if (j->interior_test && fr_in_cardioid_or_bulb(x, y)) return;
        fr_orbit o = fr_orbit_f(j, x, y);
        uint64_t h = fr_buddha_plot_f(j, x, y, o, w, FR_PLOT_SINGLE, 0, hist, plane, &steps);
        c->hits += h;
        c->orbits += h > 0 || steps > 0;
        c->iterations += o.steps + steps;
    } else {
        if (j->interior_test && fr_in_cardioid_or_bulb(cr, ci)) return;
        fr_orbit o = fr_orbit_d(j, cr, ci);
        uint64_t h = fr_buddha_plot_d(j, cr, ci, o, w, FR_PLOT_SINGLE, 0, hist, plane, &steps);
        c->hits += h;
        c->orbits += h > 0 || steps > 0;
        c->iterations += o.steps + steps;
    }
}

void fr_buddha_reference(const fr_buddha_job *j, uint64_t first, uint64_t count, uint64_t *hist,
                         fr_buddha_counters *c)
{
    if (j->sampling == FR_BS_METROPOLIS) {
        fr_buddha_mh_chains(j, first, count, FR_PLOT_REFERENCE, 0, hist, (size_t)j->width * j->height, c);
        return;
    }
    for (uint64_t i = first; i < first + count; i++) {
        double cr, ci;
        uint32_t w = fr_buddha_sample(j, i, &cr, &ci);
        reference_orbit(j, cr, ci, w, hist, c);
        if (j->paired) reference_orbit(j, cr, -ci, w, hist, c);
    }
}
