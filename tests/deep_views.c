/* Deep views with structure (see deep_views.h).
 *
 * Site TIP. For real c = -2 + e (small e > 0) the orbit 0, c, c^2 + c, ...
 * sits near the repelling fixed point z = 2 (multiplier 4) and leaves it
 * after about log4(1/e) steps. The real-axis atoms nearest -2 of period p
 * have their nucleus at about -2 + 14.8 * 4^-p and size about
 * 59 * 16^-p (measured: the ratios hold to 3 digits from p = 17 to 8000).
 * So for depth D the period is p = round((D + log10 59) / log10 16) and the
 * ball method around -2 + 14.8 * 4^-p (radius 1/8 of that offset) finds it.
 *
 * Site I. Around the Misiurewicz point c = i the orbit lands on the period-2
 * cycle {-1 + i, -i} whose multiplier 4 (1 + i) has modulus 5.66: atoms at
 * distance e from i have size ~ e^2 and period ~ 2 log(1/e) / log 5.66.
 * The ball method runs around i + e (0.6 + 0.8 i), e = 10^(-D/2), with
 * radius e/2.
 *
 * Then Newton gives the nucleus and its size s; the view is 6 sizes wide,
 * centred on the minibrot's middle (nucleus - 0.875 s) nudged by
 * width (0.03 + 0.05 i) so that nothing is symmetric about the centre;
 * about 6 % of the view is interior.
 *
 * Escape counts (measured, both sites, D = 20 .. 1000): the first escapes
 * come near p (log2 D + 1), the median near p (log2 D + 1.5), 98 % by
 * p (log2 D + 7). The suggested limit is p (ceil(log2 D) + 8).
 *
 * The default site is I: at TIP every orbit runs along |z| = 2 for most
 * of its life, so with bailout 2 every pixel is "close" (within rounding of
 * the bailout); TIP views need a bailout of 4 or more.
 */
#include "deep_views.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "deep/deep_locate.h"
#include "fractalis.h"

#define VIEW_SIZES 6.0 /* view width in atom sizes */

static char g_error[512];

const char *deep_view_error(void) { return g_error; }

static int fail(const char *msg)
{
    snprintf(g_error, sizeof g_error, "%s", msg);
    return -1;
}

/* malloc'ed copy of an mpfr_asprintf string; NULL stays NULL. */
static char *take(char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *o = malloc(n);
    if (o)
        memcpy(o, s, n);
    mpfr_free_str(s);
    return o;
}

static char *fmt_mp(int digits, mpfr_t x)
{
    char *s = NULL;
    if (mpfr_asprintf(&s, "%.*Re", digits, x) < 0)
        return NULL;
    return take(s);
}

void deep_view_free(deep_view *v)
{
    if (!v)
        return;
    free(v->re);
    free(v->im);
    free(v->width);
    free(v->nucleus_re);
    free(v->nucleus_im);
    free(v->size);
    memset(v, 0, sizeof *v);
}

int deep_view_make(int depth_exp10, deep_view *v) { return deep_view_make_site(depth_exp10, DEEP_SITE_I, v); }

int deep_view_make_site(int depth_exp10, deep_site site, deep_view *v)
{
    if (!v)
        return fail("deep_view_make: v is NULL");
    memset(v, 0, sizeof *v);
    g_error[0] = '\0';
    if (depth_exp10 < 3 || depth_exp10 > 1000000)
        return fail("deep_view_make: depth_exp10 must be in [3, 1000000]");

    const long D = depth_exp10;
    /* bits for the search point: the offset is ~10^(-D/2) */
    const mpfr_prec_t bits = (mpfr_prec_t)(D * 3.33 / 2) + 128;
    mpfr_t e, cx, cy, rad;
    mpfr_inits2(bits, e, cx, cy, rad, (mpfr_ptr)0);
    uint32_t max_period;

    if (site == DEEP_SITE_TIP) {
        long p = lround((D + log10(59.0)) / log10(16.0));
        mpfr_set_d(e, 14.8, MPFR_RNDN);
        mpfr_mul_2si(e, e, -2 * p, MPFR_RNDN); /* 14.8 * 4^-p */
        mpfr_set_si(cx, -2, MPFR_RNDN);
        mpfr_add(cx, cx, e, MPFR_RNDN);
        mpfr_set_zero(cy, 1);
        mpfr_div_2ui(rad, e, 3, MPFR_RNDN);
        max_period = (uint32_t)(p + 16);
    } else if (site == DEEP_SITE_I) {
        /* e = 10^(-D/2) */
        mpfr_set_ui(e, 10, MPFR_RNDN);
        mpfr_set_d(rad, -0.5 * (double)D, MPFR_RNDN);
        mpfr_pow(e, e, rad, MPFR_RNDN);
        mpfr_mul_d(cx, e, 0.6, MPFR_RNDN);
        mpfr_mul_d(cy, e, 0.8, MPFR_RNDN);
        mpfr_add_ui(cy, cy, 1, MPFR_RNDN);
        mpfr_div_2ui(rad, e, 1, MPFR_RNDN);
        max_period = (uint32_t)(3 * D + 64);
    } else {
        mpfr_clears(e, cx, cy, rad, (mpfr_ptr)0);
        return fail("deep_view_make: unknown site");
    }

    /* decimal text of the search disc: D/2 + 25 significant digits */
    int dig = (int)(D / 2 + 25);
    char *sre = fmt_mp(dig, cx), *sim = fmt_mp(dig, cy), *srad = fmt_mp(6, rad);
    mpfr_clears(e, cx, cy, rad, (mpfr_ptr)0);
    if (!sre || !sim || !srad) {
        free(sre);
        free(sim);
        free(srad);
        return fail("deep_view_make: out of memory");
    }

    fr_context *ctx = fr_context_create();
    uint32_t period = 0;
    fr_nucleus nu;
    memset(&nu, 0, sizeof nu);
    int rc = -1;
    if (!ctx) {
        fail("deep_view_make: out of memory");
    } else if (fr_locate_period(ctx, sre, sim, srad, max_period, &period) != FR_OK ||
               fr_locate_nucleus(ctx, sre, sim, srad, period, &nu) != FR_OK) {
        fail(fr_last_error(ctx));
    } else {
        rc = 0;
    }
    if (ctx)
        fr_context_destroy(ctx);
    free(sre);
    free(sim);
    free(srad);
    if (rc != 0)
        return rc;

    /* Frame: width = 6 size (2 significant digits); the minibrot reaches
     * from nucleus - 2 s to nucleus + s / 4 (s the complex size), so the
     * centre is its middle, nucleus - 0.875 s, nudged by width (0.03 + 0.05 i)
     * so that nothing is symmetric about the centre. */
    const long sexp = nu.size_exp10;
    const mpfr_prec_t vb = (mpfr_prec_t)((double)(-sexp + 40) * 3.33) + 64;
    mpfr_t w, x, y, t;
    mpfr_inits2(vb, w, x, y, t, (mpfr_ptr)0);
    char wtext[64];
    {
        double wm = VIEW_SIZES * nu.size_mant;
        long we = sexp;
        while (wm >= 10.0) {
            wm /= 10.0;
            we++;
        }
        snprintf(wtext, sizeof wtext, "%.1fe%ld", wm, we);
    }
    const double th = nu.orientation_deg * (3.14159265358979323846 / 180.0);
    const double fx = -0.875 * cos(th) + VIEW_SIZES * 0.03, fy = -0.875 * sin(th) + VIEW_SIZES * 0.05;
    mpfr_set_str(w, wtext, 10, MPFR_RNDN);
    mpfr_set_str(x, nu.re, 10, MPFR_RNDN);
    mpfr_set_str(y, nu.im, 10, MPFR_RNDN);
    mpfr_set_str(t, nu.size, 10, MPFR_RNDN);
    mpfr_mul_d(t, t, fx, MPFR_RNDN);
    mpfr_add(x, x, t, MPFR_RNDN);
    mpfr_set_str(t, nu.size, 10, MPFR_RNDN);
    mpfr_mul_d(t, t, fy, MPFR_RNDN);
    mpfr_add(y, y, t, MPFR_RNDN);
    /* absolute accuracy width * 10^-20; both coordinates are O(1) */
    int cd = (int)(-sexp + 22);
    v->re = fmt_mp(cd, x);
    v->im = fmt_mp(cd, y);
    mpfr_clears(w, x, y, t, (mpfr_ptr)0);
    v->width = malloc(strlen(wtext) + 1);
    if (v->width)
        memcpy(v->width, wtext, strlen(wtext) + 1);
    v->period = period;
    /* escapes start near p (log2 D + 1) and 98 % are done by p (log2 D + 7) */
    const double mi = (double)period * (ceil(log2((double)D)) + 8.0);
    v->max_iter = mi >= (double)UINT32_MAX ? UINT32_MAX : (uint32_t)mi;
    v->nucleus_re = nu.re;
    v->nucleus_im = nu.im;
    v->size = nu.size;
    v->orientation_deg = nu.orientation_deg;
    if (!v->re || !v->im || !v->width) {
        deep_view_free(v);
        return fail("deep_view_make: out of memory");
    }
    return 0;
}
