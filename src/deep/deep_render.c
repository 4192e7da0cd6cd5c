/* Deep zoom on the host: the exact view, the switch from plain float64 to
 * perturbation, and the render that builds the reference orbit and BLA
 * tables once and runs a backend's per-pixel loop over them. */
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "deep/deep_ops.h"
#include "deep/deep_view.h"
#include "escape/escape_job.h"

/* BLA's tolerance: a step may drop a z^2 term below eps of the terms it
 * keeps. 2^-40 keeps every count of the oracle tests (docs/PERFORMANCE.md,
 * "Deep zoom") while skipping nearly as much as looser settings. */
#define FR_BLA_EPS 0x1p-40

/* FR_PERTURB_BELOW and FR_DOUBLE_PIXEL_MIN: deep_view.h. */

double fr_deep_bla_eps(void)
{
    /* FR_BLA_EPS_LOG2 (-1074 .. -10): a measuring knob for the tolerance
     * (docs/PERFORMANCE.md); -1074 turns BLA off */
    double eps = FR_BLA_EPS;
    const char *knob = getenv("FR_BLA_EPS_LOG2");
    if (knob) {
        long k = strtol(knob, NULL, 10);
        if (k >= -1074 && k <= -10) eps = ldexp(1.0, (int)k);
    }
    return eps;
}

extern const fr_deep_ops fr_cpu_deep_ops;

int fr_deep_formula_ok(fr_formula f)
{
    return f == FR_MANDELBROT || f == FR_MULTIBROT || f == FR_TRICORN || f == FR_BURNINGSHIP;
}

int fr_escape_is_deep(const fr_escape_params *p)
{
    if (p->perturbation == FR_PERTURB_ON) return 1;
    if (p->perturbation == FR_PERTURB_OFF ||
        !fr_deep_formula_ok(p->formula))
        return 0;
    if (p->view_width_exp10) return 1;
    double pixel = p->view_width / p->width / p->aa;
    double extent = fmax(fabs(p->center_re), fabs(p->center_im)) + p->view_width;
    return pixel < extent * FR_PERTURB_BELOW;
}

fr_fe fr_escape_view_width_fe(const fr_escape_params *p)
{
    if (!p->view_width_exp10) return fr_fe_from_d(p->view_width);
    mpfr_t w, t;
    mpfr_inits2(64, w, t, (mpfr_ptr)0);
    mpfr_set_ui(t, 10, MPFR_RNDN);
    mpfr_pow_si(t, t, p->view_width_exp10, MPFR_RNDN);
    mpfr_mul_d(w, t, p->view_width, MPFR_RNDN);
    long e;
    double m = mpfr_get_d_2exp(&e, w, MPFR_RNDN);
    mpfr_clears(w, t, (mpfr_ptr)0);
    return fr_fe_norm(m, e);
}

fr_status fr_deep_view_init(fr_context *ctx, const fr_escape_params *p, fr_deep_view *v)
{
    fr_fe width = fr_escape_view_width_fe(p);
    v->pixel = fr_fe_div(width, fr_fe_from_d((double)p->width));
    /* bits: the pixel's (and the sample's) place below the centre's
     * magnitude, plus a margin for the orbit's rounding */
    long e = -(long)v->pixel.e + 64 + 8;
    if (e < 64) e = 64;
    if (p->reference_bits > e) e = p->reference_bits; /* a zoom's frames share the deepest one's */
    v->bits = (mpfr_prec_t)e;
    v->has_off = 0, v->off_x = v->off_y = v->off_px = 0, v->off_fe = fr_fec_from_d(0, 0);
    mpfr_inits2(v->bits, v->cr, v->ci, (mpfr_ptr)0);
    const char *text = fr_escape_center_text(p);
    if (text) {
        const char *comma = strchr(text, ',');
        char *end1, *end2;
        mpfr_strtofr(v->cr, text, &end1, 10, MPFR_RNDN);
        mpfr_strtofr(v->ci, comma + 1, &end2, 10, MPFR_RNDN);
        if (end1 != comma || *end2) {
            fr_deep_view_clear(v);
            return fr_fail(ctx, FR_ERR_INVALID, "center: not two decimal numbers");
        }
    } else {
        mpfr_set_d(v->cr, p->center_re, MPFR_RNDN);
        mpfr_set_d(v->ci, p->center_im, MPFR_RNDN);
    }
    if (!p->reference_text[0]) return FR_OK;
    /* A reference elsewhere: the orbit runs at it, and every delta carries
     * centre - reference (exact to the orbit's precision, then rounded) */
    mpfr_t rr, ri, px;
    mpfr_inits2(v->bits, rr, ri, px, (mpfr_ptr)0);
    const char *comma = strchr(p->reference_text, ',');
    char *end1, *end2;
    mpfr_strtofr(rr, p->reference_text, &end1, 10, MPFR_RNDN);
    mpfr_strtofr(ri, comma ? comma + 1 : "", &end2, 10, MPFR_RNDN);
    fr_status s = FR_OK;
    if (!comma || end1 != comma || *end2) {
        s = fr_fail(ctx, FR_ERR_INVALID, "reference: not two decimal numbers");
        goto done;
    }
    mpfr_sub(v->cr, v->cr, rr, MPFR_RNDN); /* now centre - reference */
    mpfr_sub(v->ci, v->ci, ri, MPFR_RNDN);
    if (!mpfr_zero_p(v->cr) || !mpfr_zero_p(v->ci)) {
        long ex, ey;
        double mx = mpfr_zero_p(v->cr) ? 0 : mpfr_get_d_2exp(&ex, v->cr, MPFR_RNDN);
        double my = mpfr_zero_p(v->ci) ? 0 : mpfr_get_d_2exp(&ey, v->ci, MPFR_RNDN);
        if (mx == 0) ex = ey;
        if (my == 0) ey = ex;
        long eo = ex > ey ? ex : ey;
        v->off_fe = fr_fec_norm(fr_fe_ldexp(mx, ex - eo), fr_fe_ldexp(my, ey - eo), eo);
        v->off_x = mpfr_get_d(v->cr, MPFR_RNDN), v->off_y = mpfr_get_d(v->ci, MPFR_RNDN);
        /* its length in pixels */
        fr_fe len = fr_fec_abs(v->off_fe);
        v->off_px = fr_fe_to_d(fr_fe_div(len, v->pixel));
        v->has_off = 1;
        if (!(v->off_px <= 0x1p24)) {
            s = fr_fail(ctx, FR_ERR_INVALID, "reference: %.3g pixels from the view's centre, more than 2^24",
                        v->off_px);
            goto done;
        }
    }
    mpfr_set(v->cr, rr, MPFR_RNDN);
    mpfr_set(v->ci, ri, MPFR_RNDN);
done:
    mpfr_clears(rr, ri, px, (mpfr_ptr)0);
    if (s) fr_deep_view_clear(v);
    return s;
}

/* The context's cache (fr_escape_params.reference_text): the last
 * explicit reference's orbit, with what determines its bits. */
typedef struct deep_cache {
    int power, conj, ship;
    double b2;
    mpfr_prec_t bits;
    uint32_t max_iter;  /* the limit it ran to (its M is below when it escaped) */
    fr_deep_orbit o;    /* with Zfe when computed so */
    char *text;
} deep_cache;

static void deep_cache_free(void *c)
{
    deep_cache *d = c;
    fr_deep_orbit_free(&d->o);
    free(d->text);
    free(d);
}

/* A cached orbit that serves this render: the same MPFR steps from the same
 * point at the same precision, at least as many of them (or an escape). */
static deep_cache *cache_find(fr_context *ctx, const fr_escape_params *p, const fr_deep_view *v, int power, int conj,
                              int ship, double b2, int want_fe)
{
    deep_cache *c = ctx->cache_free == deep_cache_free ? ctx->cache : NULL;
    if (!c || c->power != power || c->conj != conj || c->ship != ship || c->b2 != b2 || c->bits != v->bits ||
        strcmp(c->text, p->reference_text) || (want_fe && !c->o.Zfe))
        return NULL;
    if (c->o.M >= c->max_iter && p->max_iter > c->max_iter) return NULL; /* it stopped short of this one */
    return c;
}

void fr_deep_view_clear(fr_deep_view *v) { mpfr_clears(v->cr, v->ci, (mpfr_ptr)0); }

/* Progress of one stage, as a fraction of the whole render: the reference
 * orbit, then the pixels (the BLA tables take no visible time). */
typedef struct stage {
    fr_progress_fn fn;
    void *user;
    fr_context *ctx;
    const char *name;
} stage;

static int stage_progress(double done, void *user)
{
    stage *s = user;
    s->ctx->progress_stage = s->name;
    return s->fn(done, s->user);
}

void fr_deep_job_formula(fr_deep_job *j, const fr_escape_params *p, double b2)
{
    j->power = p->formula == FR_MULTIBROT ? p->power : 2;
    j->conj = p->formula == FR_TRICORN;
    j->ship = p->formula == FR_BURNINGSHIP;
    for (int k = 0; k <= j->power; k++) /* C(d, k), as products of exact small ratios */
        j->binom[k] = k == 0 ? 1.0 : j->binom[k - 1] * (double)(j->power - k + 1) / (double)k;
    j->max_iter = p->max_iter;
    j->b2 = b2;
}

fr_status fr_deep_orbit_get(fr_context *ctx, const fr_escape_params *p, const fr_deep_view *v, const fr_deep_job *j,
                            int want_fe, fr_deep_orbit *own, fr_deep_orbit *o, fr_escape_stats *st)
{
    fr_status s = FR_OK;
    const int power = j->power, conj = j->conj, ship = j->ship;
    const double b2 = j->b2;
    *own = (fr_deep_orbit){0}, *o = (fr_deep_orbit){0};
    double t0 = fr_now();
    deep_cache *c = v->has_off || p->reference_text[0] ? cache_find(ctx, p, v, power, conj, ship, b2, want_fe) : NULL;
    if (c) {
        o->Z = c->o.Z, o->Zfe = want_fe ? c->o.Zfe : NULL;
        o->M = c->o.M < p->max_iter ? c->o.M : p->max_iter;
        o->period = c->o.period;
        o->Z[FR_DEEP_ZREC * (size_t)o->M + 2] = 0; /* the end's radius, as a fresh orbit has it */
        st->reference_reused = 1;
    } else if (p->reference_text[0]) {
        /* computed for the cache: with the extended-range copy as well once a
         * zoom's precision says that its deepest frames will want it */
        fr_context_clear_cache(ctx);
        deep_cache *n = calloc(1, sizeof *n);
        char *text = strdup(p->reference_text);
        if (!n || !text) {
            free(n), free(text);
            return fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
        }
        s = fr_deep_reference(ctx, v, power, conj, ship, p->max_iter, b2, want_fe || v->bits >= 1000, &n->o);
        if (s) {
            free(n), free(text);
            return s;
        }
        n->power = power, n->conj = conj, n->ship = ship, n->b2 = b2, n->bits = v->bits;
        n->max_iter = p->max_iter, n->text = text;
        ctx->cache = n, ctx->cache_free = deep_cache_free;
        o->Z = n->o.Z, o->Zfe = want_fe ? n->o.Zfe : NULL, o->M = n->o.M, o->period = n->o.period;
    } else {
        s = fr_deep_reference(ctx, v, power, conj, ship, p->max_iter, b2, want_fe, own);
        *o = *own;
    }
    st->seconds_reference += fr_now() - t0;
    if (!s) st->reference_iterations = o->M, st->reference_period = o->period;
    return s;
}

fr_status fr_deep_run(fr_context *ctx, const fr_deep_job *j, fr_escape_job *ej, fr_deep_totals *tot)
{
    const fr_deep_ops *ops = FR_BACKEND_OPS(ctx, deep);
    /* the pixel stage opens with a report, so a caller can stop it before any work */
    if (ctx->progress && ctx->progress(0.0, ctx->progress_user))
        return fr_fail(ctx, FR_ERR_CANCELLED, "render cancelled");
    void *state = NULL;
    fr_status s = ops->begin(ctx, j, ej, &state);
    if (!s) {
        s = ops->run(state, 0, (uint64_t)j->sw * (uint64_t)j->sh, tot);
        ops->end(state);
    }
    return s;
}

fr_status fr_deep_compute(fr_context *ctx, const fr_escape_params *p, fr_escape_job *ej, fr_escape_stats *st)
{
    fr_status s;
    fr_deep_view v;
    if (!fr_deep_formula_ok(p->formula))
        return fr_fail(ctx, FR_ERR_UNSUPPORTED, "perturbation (deep zoom) does not support formula %s (it supports "
                       "mandelbrot, multibrot, tricorn and burningship)", fr_formula_name(p->formula));
    if ((s = fr_deep_view_init(ctx, p, &v))) return s;
    fr_deep_job j = {0};
    j.mode = fr_fe_to_d(v.pixel) >= FR_DOUBLE_PIXEL_MIN ? FR_DEEP_DOUBLE : FR_DEEP_FE;
    /* FR_DEEP_EXTENDED=1: a testing knob that runs a view of pixels below
     * 1e-270 in extended range though double would do, so that both number
     * types can be compared on one view (the extended loop's double part
     * drops dc: deep_pixel.h says why that needs a pixel this small) */
    const char *ext = getenv("FR_DEEP_EXTENDED");
    if (ext && !strcmp(ext, "1") && fr_fe_to_d(v.pixel) < 1e-270) j.mode = FR_DEEP_FE;
    fr_deep_job_formula(&j, p, ej->b2);
    st->deep = j.mode == FR_DEEP_DOUBLE ? 1 : 2;
    st->reference_bits = (int)v.bits;

    stage sg = {ctx->progress, ctx->progress_user, ctx, "reference orbit"};
    if (sg.fn) ctx->progress = stage_progress, ctx->progress_user = &sg;
    fr_deep_orbit own = {0}, o = {0}; /* own: computed here and freed here; o: what this render reads */
    fr_deep_bla t = {0};
    const int want_fe = j.mode == FR_DEEP_FE;
    double t1;
    st->seconds_reference = 0;
    s = fr_deep_orbit_get(ctx, p, &v, &j, want_fe, &own, &o, st);
    t1 = fr_now();
    if (s) goto out;
    /* the largest |dc| of the image: the sample grid's half diagonal, plus
     * the centre's distance from the reference */
    double hd = sqrt(ej->half_w * ej->half_w + ej->half_h * ej->half_h) * 1.001 + v.off_px * 1.001;
    fr_fe dcmax = fr_fe_mul(v.pixel, fr_fe_from_d(hd));
    if ((s = fr_deep_bla_build(ctx, &o, j.power, j.conj, j.ship, dcmax, fr_deep_bla_eps(), j.mode == FR_DEEP_FE, &t)))
        goto out;
    st->seconds_bla = fr_now() - t1;

    j.M = o.M, j.Z = o.Z, j.Zfe = o.Zfe;
    j.levels = t.levels, j.bla = t.d, j.blafe = t.fe, j.blaq = t.qd, j.blaqfe = t.qfe;
    memcpy(j.level_off, t.off, sizeof t.off);
    memcpy(j.level_n, t.n, sizeof t.n);
    j.pixel_fe = v.pixel, j.pixel_d = fr_fe_to_d(v.pixel);
    j.inv_aa = ej->inv_aa, j.half_w = ej->half_w, j.half_h = ej->half_h;
    j.cos_r = ej->cos_r, j.sin_r = ej->sin_r;
    j.has_off = v.has_off, j.off_x = v.off_x, j.off_y = v.off_y, j.off_fe = v.off_fe;
    j.sw = ej->sw, j.sh = ej->sh;
    j.derivative = ej->values == FR_VALUES_DISTANCE;
    j.cycles = ej->periodicity;

    sg.name = "pixels";
    fr_deep_totals tot = {0};
    double t2 = fr_now();
    s = fr_deep_run(ctx, &j, ej, &tot);
    st->seconds_iterate = fr_now() - t2;
    st->iterations = tot.steps;
    st->iterations_skipped = tot.skipped;
out:
    if (sg.fn) ctx->progress = sg.fn, ctx->progress_user = sg.user;
    ctx->progress_stage = NULL;
    fr_deep_bla_free(&t);
    fr_deep_orbit_free(&own);
    fr_deep_view_clear(&v);
    return s;
}
