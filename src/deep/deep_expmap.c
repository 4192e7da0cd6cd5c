/* The exponential map of a zoom (fractalis.h, "zoom videos: exponential
 * map"): the log-polar strip around the zoom's target T, rendered once,
 * and the frames resampled from it.
 *
 * The strip's samples are the escape-time samples of ordinary renders at
 * other points: the outer rows through the CPU backend's float64 kernels
 * (fr_escape_job's polar grid: every kernel maps a sample through
 * fr_escape_sample_point), the deeper ones through the deep backends
 * (fr_deep_job's polar grid), against one reference orbit, the band in
 * double and the band in extended range each with BLA tables built for its
 * own largest radius. The table of angles and radii is made here, once, so
 * that every backend reads the same deltas.
 *
 * A frame pixel's sample at offset d from T (rot(r) (u - q) 2^lp: u its
 * place on screen, q T's, r the rotation and 2^lp the pixel size) sits at
 * column arg(d) width / 2 pi and row height - 1 - (log2|d| - log2 r0) /
 * step; both are doubles however deep the zoom, since log2|d| is
 * log2|u - q| + lp. */
#include <math.h>
#include <mpfr.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "cpu/cpu_backend.h"
#include "deep/deep_ops.h"
#include "deep/deep_view.h"
#include "escape/escape_job.h"
#include "escape/escape_ops.h"
#include "escape/escape_shade.h"
#include "io/exr_io.h"

#define TWO_PI 6.283185307179586476925286766559
#define MAX_ROWS (1 << 22)
#define LOG2_10 3.3219280948873623478703194294894
#define MAX_LEVELS 8
#define BAND_OCTAVES 8.0 /* the deep rows' BLA bands */

/* A frame's geometry about T, the same for every frame of the zoom (T
 * stays at one place on screen): each sample's angle in strip columns
 * (0 .. width) and log2 of its distance from T in frame pixels. */
typedef struct frame_geo {
    int W, H, aa;
    double qx, qy;
    float *col, *l2;
} frame_geo;

static void geo_free(frame_geo *g)
{
    if (!g) return;
    free(g->col), free(g->l2), free(g);
}

struct fr_expmap {
    fr_escape_params *p; /* the zoom's first view, every parameter of the strip's samples */
    char *target;        /* T */
    double tre, tim;
    int sw, sh, plain, fe; /* rows [0, plain): float64; [sh - fe, sh): extended range */
    double log2_r0, step;  /* step: log2 of the ratio of two rows' radii */
    double *dir;           /* 2 sw: cos, sin */
    fr_fe *rad;            /* sh radii */
    double *rad_d;         /* the same as doubles (0 where they underflow) */
    uint32_t *counts;
    float *smooth;
    float *rgb; /* each sample's colour in linear light */
    /* the colours' pyramid: level k (lev[0] = rgb) lw[k] x lh[k], each
     * sample the mean of a 2 x 2 block of level k - 1 (in log-polar space:
     * the strip's own supersampling near a frame's target) */
    int nlev, lw[MAX_LEVELS], lh[MAX_LEVELS];
    float *lev[MAX_LEVELS];
    /* the centre image: the final (narrowest) view */
    int cw, ch, caa;            /* pixels and aa */
    float *crgb;                /* its samples' colours in linear light */
    double cqx, cqy, crot, clp; /* T's place (pixels from the centre, y up), rotation (radians),
                                   log2 of its pixel */
    fr_escape_stats st, cst;
    double secs, csecs;
    _Atomic(frame_geo *) geo; /* the first frame's geometry, kept for the frames like it */
    double log2_cols;         /* log2(sw / 2 pi) */
};

/* ------------------------------------------------------------ geometry */

/* log2 of a view's pixel (width / image width), any depth. */
static double view_log2_pixel(const fr_escape_params *p)
{
    return log2(p->view_width) + (double)p->view_width_exp10 * LOG2_10 - log2((double)p->width);
}

static double rot_rad(const fr_escape_params *p)
{
    return p->rotate_deg * (TWO_PI / 360.0);
}

/* T's place in view p: rot(-r) (T - c) / pixel, in pixels (x right, y up),
 * from the centre's decimal text in MPFR at `prec` bits. */
static fr_status target_place(fr_context *ctx, const fr_escape_params *p, const char *target,
                              mpfr_prec_t prec, double *qx, double *qy)
{
    char *ctext = NULL;
    fr_status s = fr_escape_param_get(ctx, p, "center", &ctext);
    if (s) return s;
    mpfr_t tx, ty, cx, cy;
    mpfr_inits2(prec, tx, ty, cx, cy, (mpfr_ptr)0);
    const char *tc = strchr(target, ','), *cc = strchr(ctext, ',');
    int bad = !tc || !cc;
    if (!bad) {
        char *e1, *e2, *e3, *e4;
        mpfr_strtofr(tx, target, &e1, 10, MPFR_RNDN);
        mpfr_strtofr(ty, tc + 1, &e2, 10, MPFR_RNDN);
        mpfr_strtofr(cx, ctext, &e3, 10, MPFR_RNDN);
        mpfr_strtofr(cy, cc + 1, &e4, 10, MPFR_RNDN);
        bad = e1 != tc || *e2 || e3 != cc || *e4;
    }
    if (!bad) {
        mpfr_sub(tx, tx, cx, MPFR_RNDN);
        mpfr_sub(ty, ty, cy, MPFR_RNDN);
        const double lp = view_log2_pixel(p), r = rot_rad(p);
        double d[2];
        mpfr_ptr part[2] = {tx, ty};
        for (int k = 0; k < 2; k++) {
            long e;
            double m = mpfr_zero_p(part[k]) ? 0 : mpfr_get_d_2exp(&e, part[k], MPFR_RNDN);
            d[k] = m == 0 ? 0 : m * exp2((double)e - lp);
        }
        *qx = d[0] * cos(r) + d[1] * sin(r);
        *qy = -d[0] * sin(r) + d[1] * cos(r);
    }
    mpfr_clears(tx, ty, cx, cy, (mpfr_ptr)0);
    free(ctext);
    if (bad) return fr_fail(ctx, FR_ERR_INVALID, "exponential map: a centre is not two decimal numbers");
    if (!(fabs(*qx) < 0x1p24 && fabs(*qy) < 0x1p24))
        return fr_fail(ctx, FR_ERR_INVALID,
                       "exponential map: the target is more than 2^24 pixels from a view's centre");
    return FR_OK;
}

/* The largest distance of T (at q) from a corner of a W x H view, in pixels. */
static double corner_px(double qx, double qy, int W, int H)
{
    double best = 0;
    for (int k = 0; k < 4; k++) {
        double x = (k & 1 ? 0.5 : -0.5) * W - qx, y = (k & 2 ? 0.5 : -0.5) * H - qy;
        best = fmax(best, hypot(x, y));
    }
    return best;
}

/* T's distance from the nearest edge of a W x H view (inside), or from the
 * view (outside), in pixels. */
static double inner_px(double qx, double qy, int W, int H)
{
    double ox = fabs(qx) - 0.5 * W, oy = fabs(qy) - 0.5 * H;
    if (ox < 0 && oy < 0) return fmin(-ox, -oy);
    return hypot(fmax(ox, 0), fmax(oy, 0));
}

/* ------------------------------------------------------------ progress */

/* The strip's bands and the centre image report one progress from 0 to 1,
 * each band as its share of every sample to compute. */
typedef struct span {
    fr_context *ctx;
    fr_progress_fn fn;
    void *user;
    double lo, hi;
    const char *name;
} span;

static int span_progress(double done, void *user)
{
    span *s = user;
    s->ctx->progress_stage = s->name;
    return s->fn(s->lo + done * (s->hi - s->lo), s->user);
}

static void span_enter(span *s, const char *name, double lo, double hi)
{
    s->name = name, s->lo = lo, s->hi = hi;
    if (s->fn) s->ctx->progress = span_progress, s->ctx->progress_user = s;
}

static void span_leave(span *s)
{
    if (s->fn) s->ctx->progress = s->fn, s->ctx->progress_user = s->user;
    s->ctx->progress_stage = NULL;
}

/* A report between stages, at `at` of the whole: a cancel there stops the
 * render even where a stage ran too fast to report by itself. */
static fr_status checkpoint(span *s, double at)
{
    if (s->fn && s->fn(at, s->user)) return fr_fail(s->ctx, FR_ERR_CANCELLED, "render cancelled");
    return FR_OK;
}

/* ------------------------------------------------------------- render */

void fr_expmap_destroy(fr_expmap *m)
{
    if (!m) return;
    free(m->p);
    free(m->target);
    free(m->dir), free(m->rad), free(m->rad_d);
    for (int k = 1; k < m->nlev; k++) free(m->lev[k]);
    geo_free(atomic_load(&m->geo));
    free(m->counts), free(m->smooth), free(m->rgb), free(m->crgb);
    free(m);
}

/* A view width of 10^l10 into p (the mantissa and exponent form below 1e-300). */
static void set_width_log10(fr_escape_params *p, double l10)
{
    if (l10 > -290) {
        p->view_width = pow(10.0, l10), p->view_width_exp10 = 0;
        return;
    }
    double e = floor(l10);
    p->view_width = pow(10.0, l10 - e), p->view_width_exp10 = (int32_t)e;
    if (p->view_width >= 10) p->view_width /= 10, p->view_width_exp10++;
}

/* The strip's escape job (the scene's values, no arrays). */
static void strip_job(const fr_expmap *m, fr_escape_job *j)
{
    fr_escape_job_init(j, m->p);
    j->values = FR_VALUES_SMOOTH;
    j->sw = m->sw, j->sh = m->sh;
    j->center_re = m->tre, j->center_im = m->tim;
    j->counts = m->counts, j->smooth = m->smooth;
}

/* Rows [plain, sh) by perturbation against one orbit: the band in double,
 * then the band in extended range. */
static fr_status deep_rows(fr_context *ctx, fr_expmap *m, const char *reference, int32_t bits, span *sp,
                           double per_row)
{
    fr_status s;
    fr_escape_params *q = malloc(sizeof *q);
    if (!q) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    memcpy(q, m->p, sizeof *q);
    /* the view the orbit's precision is made for: one sample of the deepest row */
    const fr_fe last = m->rad[m->sh - 1];
    const double l2 = (double)last.e + log2(last.m) + log2(TWO_PI / m->sw);
    q->width = 1, q->aa = 1;
    set_width_log10(q, l2 / LOG2_10);
    if ((s = fr_escape_param_set(ctx, q, "center", m->target)) ||
        (s = fr_escape_param_set(ctx, q, "reference", reference ? reference : m->target))) {
        free(q);
        return s;
    }
    q->reference_bits = bits;
    fr_deep_view v;
    if ((s = fr_deep_view_init(ctx, q, &v))) {
        free(q);
        return s;
    }
    fr_escape_job ej;
    strip_job(m, &ej);
    fr_deep_job j = {0};
    fr_deep_job_formula(&j, q, ej.b2);
    j.polar = 1, j.pol_dir = m->dir;
    j.has_off = v.has_off, j.off_x = v.off_x, j.off_y = v.off_y, j.off_fe = v.off_fe;
    j.sw = m->sw;
    j.cycles = q->periodicity != 0;
    m->st.reference_bits = (int)v.bits;
    fr_deep_orbit own = {0}, o = {0};
    span_enter(sp, "reference orbit", sp->lo, sp->lo);
    s = fr_deep_orbit_get(ctx, q, &v, &j, m->fe > 0, &own, &o, &m->st);
    /* bands of BAND_OCTAVES octaves of radius, each with BLA tables for its
     * own largest |dc| (as a frame has for its own: tables for the band's
     * top serve its bottom at a factor 2^8 of the radius, as a frame's serve
     * its samples near the reference; tables for the whole strip's top
     * would skip next to nothing at its bottom), never across the change
     * of number type */
    const int band_rows = (int)ceil(BAND_OCTAVES / m->step), fe0 = m->sh - m->fe;
    double at = sp->lo;
    for (int y0 = m->plain, y1; y0 < m->sh && !s; y0 = y1) {
        const int b = y0 >= fe0;
        y1 = y0 + band_rows;
        if (!b && y1 > fe0) y1 = fe0;
        if (y1 > m->sh) y1 = m->sh;
        j.mode = b ? FR_DEEP_FE : FR_DEEP_DOUBLE;
        /* the band's largest |dc|: its top row, plus the centre's offset from the reference */
        fr_fe dcmax = fr_fe_mul(m->rad[y0], fr_fe_from_d(1.001));
        if (v.has_off) dcmax = fr_fe_add(dcmax, fr_fe_mul(fr_fec_abs(v.off_fe), fr_fe_from_d(1.001)));
        fr_deep_bla t = {0};
        double t0 = fr_now();
        if ((s = fr_deep_bla_build(ctx, &o, j.power, j.conj, j.ship, dcmax, fr_deep_bla_eps(), b, &t))) break;
        m->st.seconds_bla += fr_now() - t0;
        j.M = o.M, j.Z = o.Z, j.Zfe = o.Zfe;
        j.levels = t.levels, j.bla = t.d, j.blafe = t.fe, j.blaq = t.qd, j.blaqfe = t.qfe;
        memcpy(j.level_off, t.off, sizeof t.off);
        memcpy(j.level_n, t.n, sizeof t.n);
        j.sh = y1 - y0, j.pol_rad = m->rad + y0;
        ej.sh = y1 - y0, ej.counts = m->counts + (size_t)y0 * m->sw,
        ej.smooth = m->smooth + (size_t)y0 * m->sw;
        fr_deep_totals tot = {0};
        span_enter(sp, "strip", at, at + per_row * (y1 - y0));
        at += per_row * (y1 - y0);
        t0 = fr_now();
        s = fr_deep_run(ctx, &j, &ej, &tot);
        span_leave(sp);
        if (!s) s = checkpoint(sp, at);
        m->st.seconds_iterate += fr_now() - t0;
        m->st.iterations += tot.steps, m->st.iterations_skipped += tot.skipped;
        m->st.deep = b ? 2 : 1;
        fr_deep_bla_free(&t);
    }
    sp->lo = at;
    fr_deep_orbit_free(&own);
    fr_deep_view_clear(&v);
    free(q);
    return s;
}

/* The centre image: the narrowest view rendered as such, then its samples'
 * colours in linear light. Its reference orbit is the strip's (the same
 * point and precision: the context's cache serves it). */
static fr_status centre_image(fr_context *ctx, fr_expmap *m, fr_escape_params *ci)
{
    fr_escape_raw raw = {0};
    fr_status s = fr_escape_render(ctx, ci, NULL, &raw, &m->cst);
    if (s) return s;
    fr_escape_job j;
    fr_escape_job_init(&j, ci);
    j.counts = raw.counts;
    j.smooth = ci->color == FR_COLOR_COUNT ? NULL : raw.values;
    m->cw = ci->width, m->ch = ci->height, m->caa = ci->aa;
    m->crgb = malloc((size_t)j.sw * j.sh * 3 * sizeof *m->crgb);
    if (!m->crgb) s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the centre image");
    if (!s) s = fr_escape_shade_samples(ctx, &j, m->crgb);
    fr_escape_raw_free(&raw);
    return s;
}

/* The colours' pyramid: halve while the width stays even and 32 or more
 * (the angle wraps, so a level's columns pair up exactly); an odd last row
 * pairs with itself. */
static fr_status pyramid(fr_context *ctx, fr_expmap *m)
{
    m->nlev = 1, m->lev[0] = m->rgb, m->lw[0] = m->sw, m->lh[0] = m->sh;
    while (m->nlev < MAX_LEVELS && m->lw[m->nlev - 1] % 2 == 0 && m->lw[m->nlev - 1] >= 32 &&
           m->lh[m->nlev - 1] >= 2) {
        const int k = m->nlev, w0 = m->lw[k - 1], h0 = m->lh[k - 1], w = w0 / 2, h = (h0 + 1) / 2;
        const float *src = m->lev[k - 1];
        float *dst = malloc((size_t)w * h * 3 * sizeof *dst);
        if (!dst) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for the exponential map's pyramid");
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
        for (int y = 0; y < h; y++) {
            const float *r0 = src + (size_t)(2 * y) * w0 * 3, *r1 = src + (size_t)(2 * y + 1 < h0 ? 2 * y + 1 : 2 * y) * w0 * 3;
            float *o = dst + (size_t)y * w * 3;
            for (int x = 0; x < w; x++)
                for (int c = 0; c < 3; c++)
                    o[3 * x + c] = 0.25f * ((r0[6 * x + c] + r0[6 * x + 3 + c]) + (r1[6 * x + c] + r1[6 * x + 3 + c]));
        }
        m->lev[k] = dst, m->lw[k] = w, m->lh[k] = h, m->nlev++;
    }
    return FR_OK;
}

fr_status fr_expmap_render(fr_context *ctx, const fr_escape_params *a, const fr_escape_params *b,
                           const fr_expmap_options *opts, fr_expmap **out)
{
    if (!ctx) return FR_ERR_INVALID;
    if (!a || !b || !out) return fr_fail(ctx, FR_ERR_INVALID, "exponential map: no views");
    *out = NULL;
    fr_status s;
    const fr_expmap_options none = {0, NULL};
    if (!opts) opts = &none;
    if ((s = fr_escape_params_validate(ctx, a)) || (s = fr_escape_params_validate(ctx, b))) return s;
    if (a->color == FR_COLOR_HISTOGRAM || a->color == FR_COLOR_DISTANCE)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "exponential map: %s colouring is not a function of one sample (it ranks the whole "
                       "image, or measures in the image's pixels); colour by count or smooth",
                       a->color == FR_COLOR_HISTOGRAM ? "histogram" : "distance");
    if (opts->columns && (opts->columns < 16 || opts->columns > 65532 || opts->columns % 4))
        return fr_fail(ctx, FR_ERR_INVALID, "exponential map: %d columns: a multiple of 4, 16 .. 65532",
                       opts->columns);
    const double La = fr_escape_view_log10_width(a), Lb = fr_escape_view_log10_width(b);
    if (!(fabs(La - Lb) >= log10(1.01)))
        return fr_fail(
            ctx, FR_ERR_INVALID,
            "exponential map: the views' widths differ by less than 1 %% (a zoom, in or out, is needed)");
    fr_expmap *m = calloc(1, sizeof *m);
    fr_escape_params *fin = malloc(sizeof *fin);
    if (!m || !fin || !(m->p = malloc(sizeof *m->p))) {
        free(fin), fr_expmap_destroy(m);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    memcpy(m->p, a, sizeof *m->p);
    const fr_escape_params *outer = La > Lb ? a : b;
    /* the narrow end's view on a's parameters, naming T as its reference */
    double t_start = fr_now();
    if ((s = fr_escape_zoom_view(ctx, a, b, La > Lb ? 1.0 : 0.0, 1, fin))) goto fail;
    if (!fin->reference_text[0]) {
        s = fr_fail(
            ctx, FR_ERR_INVALID,
            "exponential map: the zoom has no target within 2^23 pixels of its views (the fixed point "
            "of the path that every frame turns and scales about)");
        goto fail;
    }
    if (!(m->target = strdup(fin->reference_text))) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        goto fail;
    }
    const int32_t bits = fin->reference_bits + 8; /* the strip's samples are finer than the view's pixels */
    {
        const char *comma = strchr(m->target, ',');
        m->tre = strtod(m->target, NULL), m->tim = strtod(comma + 1, NULL);
    }
    const mpfr_prec_t prec = (mpfr_prec_t)bits + 64;
    double qox, qoy;
    if ((s = target_place(ctx, outer, m->target, prec, &qox, &qoy)) ||
        (s = target_place(ctx, fin, m->target, prec, &m->cqx, &m->cqy)))
        goto fail;
    m->crot = rot_rad(fin), m->clp = view_log2_pixel(fin);
    const double rho_out = corner_px(qox, qoy, outer->width, outer->height);
    double rho_in = inner_px(m->cqx, m->cqy, fin->width, fin->height);
    if (rho_in < 1) rho_in = 1; /* T on the final view's edge: the last pixel's gap comes from its edge */
    const double log2_out = log2(rho_out) + view_log2_pixel(outer), log2_in = log2(rho_in) + m->clp;
    if (opts->columns)
        m->sw = opts->columns;
    else {
        double c = ceil(TWO_PI * rho_out * outer->aa / 32.0) * 32.0; /* 32: the pyramid halves it 5 times */
        m->sw = c < 16 ? 16 : c > 65532 ? 65532 : (int)c;
    }
    m->step = TWO_PI / (m->sw * log(2.0));
    m->log2_cols = log2(m->sw / TWO_PI);
    m->log2_r0 = log2_in - m->step; /* a row below the innermost radius: bilinear has two rows there */
    const double rows = ceil((log2_out - m->log2_r0) / m->step) + 2;
    if (!(rows <= MAX_ROWS)) {
        s = fr_fail(
            ctx, FR_ERR_INVALID,
            "exponential map: %.0f rows of %d columns, more than %d (fewer columns, or a shorter zoom)", rows,
            m->sw, MAX_ROWS);
        goto fail;
    }
    m->sh = (int)rows;
    const size_t n = (size_t)m->sw * m->sh;
    m->dir = malloc(2 * (size_t)m->sw * sizeof *m->dir);
    m->rad = malloc((size_t)m->sh * sizeof *m->rad);
    m->rad_d = malloc((size_t)m->sh * sizeof *m->rad_d);
    m->counts = malloc(n * sizeof *m->counts);
    m->smooth = malloc(n * sizeof *m->smooth);
    m->rgb = malloc(n * 3 * sizeof *m->rgb);
    if (!m->dir || !m->rad || !m->rad_d || !m->counts || !m->smooth || !m->rgb) {
        s = fr_fail(ctx, FR_ERR_NOMEM, "out of memory for an exponential map of %dx%d samples (%.1f GB)",
                    m->sw, m->sh, (double)n * 24 / 1e9);
        goto fail;
    }
    /* the table: quarter turns exactly on the axes */
    for (int x = 0; x < m->sw; x++) {
        double c, sn;
        if (x % (m->sw / 4) == 0) {
            const int q = x / (m->sw / 4);
            c = q == 0 ? 1 : q == 2 ? -1 : 0, sn = q == 1 ? 1 : q == 3 ? -1 : 0;
        } else {
            const double th = TWO_PI * x / m->sw;
            c = cos(th), sn = sin(th);
        }
        m->dir[2 * x] = c, m->dir[2 * x + 1] = sn;
    }
    const double extent0 = fmax(fabs(m->tre), fabs(m->tim));
    const int can_deep = fr_deep_formula_ok(a->formula);
    m->plain = 0, m->fe = 0;
    for (int y = 0; y < m->sh; y++) {
        const double l = m->log2_r0 + (double)(m->sh - 1 - y) * m->step, e = floor(l);
        m->rad[y] = fr_fe_norm(exp2(l - e), (int64_t)e);
        m->rad_d[y] = fr_fe_to_d(m->rad[y]);
        /* float64 resolves the row's samples (fr_escape_is_deep's rule, with
         * the row's sample spacing as the pixel and its diameter as the
         * width), and they are normal doubles */
        const double spacing_l2 = l + log2(TWO_PI / m->sw), r = m->rad_d[y], spacing = r * (TWO_PI / m->sw);
        const int tiny = spacing_l2 < log2(FR_DOUBLE_PIXEL_MIN);
        const int fine = !tiny && spacing >= (extent0 + 2 * r) * FR_PERTURB_BELOW;
        if (fine && a->perturbation != FR_PERTURB_ON)
            m->plain = y + 1;
        else if (tiny)
            m->fe++;
    }
    if (m->plain < m->sh && (!can_deep || a->perturbation == FR_PERTURB_OFF)) {
        s = fr_fail(
            ctx, FR_ERR_INVALID,
            "exponential map: its rows reach radius 2^%.0f, where float64 no longer resolves the samples, "
            "and %s",
            m->log2_r0, can_deep ? "perturbation is off" : "this formula has no perturbation");
        goto fail;
    }

    /* the strip: float64 rows on the CPU, then the deep ones */
    span sp = {ctx, ctx->progress, ctx->progress_user, 0, 0, NULL};
    const double total = (double)n + (double)fin->width * fin->height * fin->aa * fin->aa;
    const double per_row = m->sw / total;
    if (sp.fn && sp.fn(0.0, sp.user)) {
        s = fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
        goto fail;
    }
    double t0 = fr_now();
    if (m->plain > 0) {
        fr_escape_job j;
        strip_job(m, &j);
        j.sh = m->plain;
        j.pol_dir = m->dir, j.pol_rad = m->rad_d;
        uint64_t it = 0;
        span_enter(&sp, "strip", 0, per_row * m->plain);
        s = fr_cpu_escape_ops.compute(ctx, &j, &it);
        span_leave(&sp);
        m->st.iterations += it;
        if (s || (s = checkpoint(&sp, per_row * m->plain))) goto fail;
    }
    m->st.seconds_iterate = fr_now() - t0;
    sp.lo = per_row * m->plain;
    if (m->plain < m->sh) {
        s = deep_rows(ctx, m, opts->reference, bits, &sp, per_row);
        span_leave(&sp);
        if (s || (s = checkpoint(&sp, sp.lo))) goto fail;
    }
    m->st.samples = n;
    for (size_t i = 0; i < n; i++)
        m->st.interior += m->counts[i] >= a->max_iter;
    {
        fr_escape_job j;
        strip_job(m, &j);
        t0 = fr_now();
        if ((s = fr_escape_shade_samples(ctx, &j, m->rgb)) || (s = pyramid(ctx, m))) goto fail;
        m->st.seconds_color = fr_now() - t0;
    }
    m->secs = fr_now() - t_start;

    /* the centre image, on the strip's orbit */
    if (opts->reference && (s = fr_escape_param_set(ctx, fin, "reference", opts->reference))) goto fail;
    fin->reference_bits = bits;
    t0 = fr_now();
    span_enter(&sp, "centre image", sp.lo, 1.0);
    s = centre_image(ctx, m, fin);
    span_leave(&sp);
    m->csecs = fr_now() - t0;
    if (s) goto fail;
    free(fin);
    *out = m;
    return FR_OK;
fail:
    free(fin);
    fr_expmap_destroy(m);
    return s;
}

/* ------------------------------------------------------------- queries */

void fr_expmap_get_info(const fr_expmap *m, fr_expmap_info *info)
{
    memset(info, 0, sizeof *info);
    if (!m) return;
    info->width = m->sw, info->height = m->sh;
    info->log2_r0 = m->log2_r0, info->log2_step = m->step;
    info->plain_rows = m->plain, info->fe_rows = m->fe;
    info->target = m->target, info->target_re = m->tre, info->target_im = m->tim;
    info->counts = m->counts, info->smooth = m->smooth;
    info->centre_width = m->cw, info->centre_height = m->ch;
    info->stats = m->st, info->centre_stats = m->cst;
    info->seconds_strip = m->secs, info->seconds_centre = m->csecs;
}

fr_status fr_expmap_sample(fr_context *ctx, const fr_expmap *m, int x, int y, fr_expmap_sample_info *s)
{
    if (!ctx) return FR_ERR_INVALID;
    if (!m || !s || x < 0 || y < 0 || x >= m->sw || y >= m->sh)
        return fr_fail(ctx, FR_ERR_INVALID, "exponential map: no sample (%d, %d)", x, y);
    const fr_fe r = m->rad[y];
    memset(s, 0, sizeof *s);
    s->dx = r.m * m->dir[2 * x], s->dy = r.m * m->dir[2 * x + 1], s->e2 = r.e;
    s->deep = y < m->plain ? 0 : y >= m->sh - m->fe ? 2 : 1;
    if (!s->deep)
        s->re = m->tre + m->rad_d[y] * m->dir[2 * x], s->im = m->tim + m->rad_d[y] * m->dir[2 * x + 1];
    const size_t i = (size_t)y * m->sw + x;
    s->count = m->counts[i], s->smooth = m->smooth[i];
    return FR_OK;
}

/* Strip coordinates of the offset (dx, dy) 2^l2 (either part may be large
 * or small: l2 carries the scale). */
static int locate(const fr_expmap *m, double dx, double dy, double l2, double *x, double *y)
{
    const double a = hypot(dx, dy);
    if (!(a > 0)) return -1;
    double th = atan2(dy, dx);
    if (th < 0) th += TWO_PI;
    double cx = th * (m->sw / TWO_PI);
    if (cx >= m->sw) cx -= m->sw;
    *x = cx;
    *y = (double)(m->sh - 1) - (log2(a) + l2 - m->log2_r0) / m->step;
    return 0;
}

int fr_expmap_locate(const fr_expmap *m, double dx, double dy, long e2, double *x, double *y)
{
    return locate(m, dx, dy, (double)e2, x, y);
}

/* ------------------------------------------------------------- frames */

/* Bilinear in level k of the strip's colours at level-0 coordinates
 * (x, y) (a level-k sample is centred on level-0 (i + 0.5) 2^k - 0.5);
 * the angle wraps, rows clamp. */
static void level_at(const fr_expmap *m, int k, double x, double y, double rgb[3])
{
    const int w = m->lw[k], h = m->lh[k];
    const double sc = ldexp(1.0, -k);
    x = (x + 0.5) * sc - 0.5, y = (y + 0.5) * sc - 0.5;
    y = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
    const double fl = floor(x), fx = x - fl;
    int x0 = (int)fl, y0 = (int)y; /* x: -1 .. 2 w (the frame's angles and turn, each in 0 .. w) */
    if (x0 < 0) x0 += w;
    while (x0 >= w) x0 -= w;
    const double fy = y - y0;
    const int x1 = x0 + 1 == w ? 0 : x0 + 1, y1 = y0 + 1 < h ? y0 + 1 : y0;
    const float *L = m->lev[k];
    const float *a = L + 3 * ((size_t)y0 * w + x0), *b = L + 3 * ((size_t)y0 * w + x1),
                *c = L + 3 * ((size_t)y1 * w + x0), *d = L + 3 * ((size_t)y1 * w + x1);
    for (int i = 0; i < 3; i++)
        rgb[i] = (a[i] * (1 - fx) + b[i] * fx) * (1 - fy) + (c[i] * (1 - fx) + d[i] * fx) * fy;
}

/* The strip's colour for a frame sample at strip coordinates (x, y) that
 * lies 2^log2_rho frame samples from T (log2_cols: log2(width / 2 pi)): from the pyramid's level whose spacing
 * there is one frame sample (log2 of 2 pi rho / width is the level-0
 * spacing in frame samples), blended between the two levels around it. */
static void strip_at(const fr_expmap *m, double x, double y, double log2_rho, double rgb[3])
{
    double t = m->log2_cols - log2_rho;
    if (!(t > 0)) t = 0;
    int k = (int)t;
    if (k >= m->nlev - 1) {
        level_at(m, m->nlev - 1, x, y, rgb);
        return;
    }
    const double f = t - k;
    double hi[3];
    level_at(m, k, x, y, rgb);
    if (f > 0) {
        level_at(m, k + 1, x, y, hi);
        for (int i = 0; i < 3; i++) rgb[i] += f * (hi[i] - rgb[i]);
    }
}

/* Bilinear in the centre image's samples at sample coordinates (x, y)
 * (clamped to its edge). */
static void centre_at(const fr_expmap *m, double x, double y, double rgb[3])
{
    const int w = m->cw * m->caa, h = m->ch * m->caa;
    x = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
    y = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
    const int x0 = (int)x, y0 = (int)y, x1 = x0 + 1 < w ? x0 + 1 : x0, y1 = y0 + 1 < h ? y0 + 1 : y0;
    const double fx = x - x0, fy = y - y0;
    const float *a = m->crgb + 3 * ((size_t)y0 * w + x0), *b = m->crgb + 3 * ((size_t)y0 * w + x1),
                *c = m->crgb + 3 * ((size_t)y1 * w + x0), *d = m->crgb + 3 * ((size_t)y1 * w + x1);
    for (int k = 0; k < 3; k++)
        rgb[k] = (a[k] * (1 - fx) + b[k] * fx) * (1 - fy) + (c[k] * (1 - fx) + d[k] * fx) * fy;
}

/* The 8-bit code of a linear-light value as fr_shade_store gives it
 * (quantized fr_linear_to_srgb), by the linear values where the code steps
 * up: found once a frame by bisection on floats, then 8 comparisons a
 * value instead of a powf. */
static void srgb8_steps(float step[256])
{
    step[0] = -HUGE_VALF;
    for (int k = 1; k < 256; k++) {
        float lo = 0, hi = 1; /* code(lo) < k <= code(hi) */
        for (int i = 0; i < 40; i++) {
            const float mid = 0.5f * (lo + hi);
            if (mid == lo || mid == hi) break;
            const float f = fr_linear_to_srgb(mid);
            if ((int)(f * 255.0f + 0.5f) >= k) hi = mid;
            else lo = mid;
        }
        step[k] = hi;
    }
}

static uint8_t srgb8(const float step[256], float v)
{
    int k = 0;
    for (int b = 128; b; b >>= 1)
        if (step[k + b] <= v) k += b;
    return (uint8_t)k;
}

/* The geometry of a W x H aa frame with T at q: the map's kept one when it
 * is that frame's (q within 1e-6 pixel), else a new one, kept when none is
 * (*own: the caller frees it, when not kept). */
static const frame_geo *geometry(fr_context *ctx, const fr_expmap *cm, int W, int H, int aa, double qx, double qy,
                                 frame_geo **own)
{
    fr_expmap *m = (fr_expmap *)cm; /* the cache only: the map itself stays as it is */
    *own = NULL;
    frame_geo *g = atomic_load(&m->geo);
    if (g && g->W == W && g->H == H && g->aa == aa && fabs(g->qx - qx) <= 1e-6 && fabs(g->qy - qy) <= 1e-6)
        return g;
    const int sw = W * aa, sh = H * aa;
    frame_geo *n = calloc(1, sizeof *n);
    if (n) n->col = malloc((size_t)sw * sh * sizeof *n->col), n->l2 = malloc((size_t)sw * sh * sizeof *n->l2);
    if (!n || !n->col || !n->l2) {
        geo_free(n);
        return NULL;
    }
    n->W = W, n->H = H, n->aa = aa, n->qx = qx, n->qy = qy;
    const double inv = 1.0 / aa, cols = m->sw / TWO_PI;
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
    for (int y = 0; y < sh; y++)
        for (int x = 0; x < sw; x++) {
            /* the sample's offset from T in the frame's pixels (x right, y up) */
            const double u = (x + 0.5) * inv - 0.5 * W - qx, v = 0.5 * H - (y + 0.5) * inv - qy;
            double c = atan2(v, u) * cols;
            if (c < 0) c += m->sw;
            const double r2 = u * u + v * v;
            n->col[(size_t)y * sw + x] = (float)c;
            n->l2[(size_t)y * sw + x] = r2 > 0 ? (float)(0.5 * log2(r2)) : -HUGE_VALF;
        }
    frame_geo *none = NULL;
    if (!atomic_compare_exchange_strong(&m->geo, &none, n)) *own = n;
    return n;
}

fr_status fr_expmap_frame(fr_context *ctx, const fr_expmap *m, const fr_escape_params *view, fr_image *image)
{
    if (!ctx) return FR_ERR_INVALID;
    if (!m || !view || !image) return fr_fail(ctx, FR_ERR_INVALID, "exponential map: no map, view or image");
    const int W = view->width, H = view->height, aa = view->aa, depth = view->depth;
    if (W < 1 || H < 1 || W > FR_MAX_SIDE || H > FR_MAX_SIDE || aa < 1 || aa > 64 ||
        (depth != 8 && depth != 16))
        return fr_fail(ctx, FR_ERR_INVALID, "exponential map: a frame of %dx%d aa %d depth %d", W, H, aa,
                       depth);
    if (!(view->view_width > 0))
        return fr_fail(ctx, FR_ERR_INVALID, "exponential map: the view's width is not positive");
    double qx, qy;
    fr_status s = target_place(
        ctx, view, m->target,
        (mpfr_prec_t)(-view_log2_pixel(view) + 128 > 128 ? -view_log2_pixel(view) + 128 : 128), &qx, &qy);
    if (s) return s;
    const double r = rot_rad(view), lp = view_log2_pixel(view);
    /* the view's offsets turned into the centre image's pixels: rot(r - rc) 2^(lp - clp) */
    const double k = exp2(lp - m->clp), cr = cos(r - m->crot) * k, sr = sin(r - m->crot) * k;
    double th0 = fmod(r * (m->sw / TWO_PI), (double)m->sw);
    if (th0 < 0) th0 += m->sw;
    frame_geo *own;
    const frame_geo *g = geometry(ctx, m, W, H, aa, qx, qy, &own);
    if (!g) return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a %dx%d frame's geometry", W, H);
    const int cw = m->cw * m->caa, chh = m->ch * m->caa;
    image->width = W, image->height = H, image->depth = depth, image->channels = 3;
    image->pixels = malloc((size_t)W * H * 3 * (depth == 16 ? 2 : 1));
    if (!image->pixels) {
        geo_free(own);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory for a %dx%d frame", W, H);
    }
    const double inv = 1.0 / aa, l2aa = log2((double)aa);
    const double rows = 1.0 / m->step, ytop = (double)(m->sh - 1) - (lp - m->log2_r0) * rows;
    float step[256];
    if (depth == 8) srgb8_steps(step);
#pragma omp parallel for schedule(dynamic, 4) num_threads(fr_threads(ctx))
    for (int py = 0; py < H; py++)
        for (int px = 0; px < W; px++) {
            double acc[3] = {0, 0, 0};
            for (int sy = 0; sy < aa; sy++)
                for (int sx = 0; sx < aa; sx++) {
                    /* the sample's offset from T in this view's pixels (x right, y up) */
                    const double u = px + (sx + 0.5) * inv - 0.5 * W - qx,
                                 v = 0.5 * H - py - (sy + 0.5) * inv - qy;
                    /* inside the final view: its own samples */
                    const double cu = m->cqx + cr * u - sr * v, cv = m->cqy + sr * u + cr * v;
                    const double csx = (cu + 0.5 * m->cw) * m->caa - 0.5,
                                 csy = (0.5 * m->ch - cv) * m->caa - 0.5;
                    double rgb[3];
                    const double e = 1e-6; /* the final view's own samples land within rounding of theirs */
                    const int inside = csx >= -e && csy >= -e && csx <= cw - 1 + e && csy <= chh - 1 + e;
                    /* else the strip: column arg(u, v) + the rotation, row by log2 |u, v| + log2 pixel */
                    const size_t gi = (size_t)(py * aa + sy) * W * aa + (size_t)(px * aa + sx);
                    const double l2 = g->l2[gi];
                    const double y = ytop - l2 * rows;
                    if (inside || !(y <= m->sh - 1))
                        centre_at(m, csx, csy, rgb);
                    else
                        strip_at(m, g->col[gi] + th0, y, l2 + l2aa, rgb);
                    for (int c = 0; c < 3; c++)
                        acc[c] += rgb[c];
                }
            for (int c = 0; c < 3; c++) {
                const size_t o = ((size_t)py * W + px) * 3 + c;
                const float lin = (float)(acc[c] / (aa * aa));
                if (depth == 8) {
                    ((uint8_t *)image->pixels)[o] = srgb8(step, lin);
                    continue;
                }
                float f = fr_linear_to_srgb(lin);
                f = f < 0 ? 0 : f > 1 ? 1 : f;
                ((uint16_t *)image->pixels)[o] = (uint16_t)(f * 65535.0f + 0.5f);
            }
        }
    geo_free(own);
    return FR_OK;
}

fr_status fr_expmap_image(fr_context *ctx, const fr_expmap *m, fr_image *image)
{
    if (!ctx) return FR_ERR_INVALID;
    if (!m || !image) return fr_fail(ctx, FR_ERR_INVALID, "exponential map: no map or image");
    fr_escape_job j;
    strip_job(m, &j);
    j.aa = 1, j.width = m->sw, j.height = m->sh;
    return fr_escape_colorize(ctx, &j, image);
}

/* The map's description (the PNG's text, the EXR's attribute). */
static fr_status describe(fr_context *ctx, const fr_expmap *m, char **text)
{
    char *scene = NULL;
    fr_status s = fr_escape_params_to_json(ctx, m->p, &scene);
    if (s) return s;
    const size_t n = strlen(scene) + strlen(m->target) + 256;
    *text = malloc(n);
    if (!*text) {
        free(scene);
        return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
    }
    snprintf(*text, n,
             "{\"target\": \"%s\", \"columns\": %d, \"rows\": %d, \"log2_r0\": %.17g, \"log2_step\": %.17g, "
             "\"plain_rows\": %d, \"fe_rows\": %d, \"scene\": %s}",
             m->target, m->sw, m->sh, m->log2_r0, m->step, m->plain, m->fe, scene);
    free(scene);
    return FR_OK;
}

fr_status fr_expmap_write(fr_context *ctx, const fr_expmap *m, const char *path)
{
    if (!ctx) return FR_ERR_INVALID;
    if (!m || !path) return fr_fail(ctx, FR_ERR_INVALID, "exponential map: no map or path");
    const fr_format f = fr_format_from_path(path);
    if (f != FR_FMT_PNG && f != FR_FMT_EXR)
        return fr_fail(ctx, FR_ERR_INVALID, "'%s': the exponential map is written as .png or .exr", path);
    char *text = NULL;
    fr_status s = describe(ctx, m, &text);
    if (s) return s;
    if (f == FR_FMT_PNG) {
        fr_image img = {0};
        if (!(s = fr_expmap_image(ctx, m, &img)))
            s = fr_image_write_png_keyed(ctx, &img, path, "fractalis-expmap", text);
        fr_image_free(&img);
        free(text);
        return s;
    }
    const size_t n = (size_t)m->sw * m->sh;
    uint32_t *N = malloc(n * sizeof *N);
    float *nf = malloc(n * sizeof *nf);
    if (!N || !nf) s = fr_fail(ctx, FR_ERR_NOMEM, "cannot write '%s': out of memory", path);
    if (!s) {
        const uint32_t max_iter = m->p->max_iter;
#pragma omp parallel for schedule(static) num_threads(fr_threads(ctx))
        for (size_t i = 0; i < n; i++) {
            if (m->counts[i] >= max_iter)
                N[i] = 0xFFFFFFFFu, nf[i] = 0.0f;
            else
                fr_escape_kf_count(m->counts[i], m->smooth[i], &N[i], &nf[i]);
        }
        const fr_exr_channel ch[5] = {
            {"R", FR_EXR_HALF, m->rgb, 12},     {"G", FR_EXR_HALF, m->rgb + 1, 12},
            {"B", FR_EXR_HALF, m->rgb + 2, 12}, {"N", FR_EXR_UINT, N, 4},
            {"NF", FR_EXR_FLOAT, nf, 4},
        };
        const fr_exr_attr attr[] = {
            {"fractalis-expmap", text, 0},
            {"Iterations", NULL, (int)max_iter},
            {"IterationsBias", NULL, FR_KF_BIAS},
        };
        s = fr_exr_write(ctx, path, m->sw, m->sh, ch, 5, attr, 3);
    }
    free(N), free(nf), free(text);
    return s;
}
