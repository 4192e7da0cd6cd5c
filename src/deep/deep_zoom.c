/* Zoom videos: the view between two scenes (fr_escape_zoom_view). The
 * width moves exponentially (log width linear in s: the same zoom factor
 * every frame, a constant perceived speed), the rotation linearly, and the
 * centre along the path that keeps one point T at the same place on screen
 * (the fixed point of the spiral similarity that maps a's view onto b's):
 *   k(s) = (w(s) / w_a) e^{i (r(s) - r_a)},  c(s) = T + (c_a - T) k(s),
 *   T = (c_b - k(1) c_a) / (1 - k(1)),
 * so c(0) = c_a, c(1) = c_b, and T's screen position rot(-r)(T - c) / w is
 * the same in every frame. Computed in MPFR at the deeper scene's
 * precision and written as decimal text; the frames of a zoom also name T
 * as their deep-zoom reference (one orbit for every frame: deep_render.c). */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "deep/deep_view.h"

double fr_escape_view_log10_width(const fr_escape_params *p)
{
    return log10(p->view_width) + (double)p->view_width_exp10;
}

/* The precision deep_render.c gives a view's reference orbit. */
static long view_bits(const fr_escape_params *p)
{
    fr_fe pixel = fr_fe_div(fr_escape_view_width_fe(p), fr_fe_from_d((double)p->width));
    long e = -(long)pixel.e + 64 + 8;
    return e < 64 ? 64 : e;
}

/* x as decimal text of `digits` significant digits, trailing zeros dropped
 * ("-1.25e-3", "0"), appended to buf at *at. */
static void put_decimal(char *buf, size_t *at, const mpfr_t x, size_t digits)
{
    if (mpfr_zero_p(x)) {
        buf[(*at)++] = '0';
        return;
    }
    mpfr_exp_t e;
    char *d = mpfr_get_str(NULL, &e, 10, digits, x, MPFR_RNDN);
    const char *p = d;
    if (*p == '-') buf[(*at)++] = '-', p++;
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '0')
        n--;
    buf[(*at)++] = p[0];
    if (n > 1) {
        buf[(*at)++] = '.';
        memcpy(buf + *at, p + 1, n - 1);
        *at += n - 1;
    }
    if (e - 1) *at += (size_t)sprintf(buf + *at, "e%ld", (long)(e - 1));
    mpfr_free_str(d);
}

/* "RE,IM" of (x, y), malloc()ed. */
static char *pair_text(const mpfr_t x, const mpfr_t y, size_t digits)
{
    char *buf = malloc(2 * digits + 64);
    if (!buf) return NULL;
    size_t at = 0;
    put_decimal(buf, &at, x, digits);
    buf[at++] = ',';
    put_decimal(buf, &at, y, digits);
    buf[at] = 0;
    return buf;
}

static int centre_mpfr(fr_context *ctx, const fr_escape_params *p, mpfr_t x, mpfr_t y)
{
    char *t = NULL;
    if (fr_escape_param_get(ctx, p, "center", &t)) return -1;
    char *comma = strchr(t, ',');
    int bad = !comma || mpfr_set_str(y, comma + 1, 10, MPFR_RNDN);
    if (comma) *comma = 0;
    bad = bad || mpfr_set_str(x, t, 10, MPFR_RNDN);
    free(t);
    return bad ? -1 : 0;
}

/* k = 10^l e^{i deg}, l and deg doubles. */
static void k_of(mpfr_t kx, mpfr_t ky, double l, double deg, mpfr_t t)
{
    mpfr_set_d(t, l, MPFR_RNDN);
    mpfr_exp10(t, t, MPFR_RNDN);
    mpfr_const_pi(kx, MPFR_RNDN);
    mpfr_mul_d(kx, kx, deg / 180.0, MPFR_RNDN);
    mpfr_sin_cos(ky, kx, kx, MPFR_RNDN);
    mpfr_mul(kx, kx, t, MPFR_RNDN);
    mpfr_mul(ky, ky, t, MPFR_RNDN);
}

/* (ox, oy) = (ax, ay) (bx, by), complex; o may not alias a or b. */
static void cmul(mpfr_t ox, mpfr_t oy, const mpfr_t ax, const mpfr_t ay, const mpfr_t bx, const mpfr_t by,
                 mpfr_t t)
{
    mpfr_mul(ox, ax, bx, MPFR_RNDN);
    mpfr_mul(t, ay, by, MPFR_RNDN);
    mpfr_sub(ox, ox, t, MPFR_RNDN);
    mpfr_mul(oy, ax, by, MPFR_RNDN);
    mpfr_mul(t, ay, bx, MPFR_RNDN);
    mpfr_add(oy, oy, t, MPFR_RNDN);
}

fr_status fr_escape_zoom_view(fr_context *ctx, const fr_escape_params *a, const fr_escape_params *b, double s,
                              int reference, fr_escape_params *out)
{
    if (!(s >= 0 && s <= 1)) return fr_fail(ctx, FR_ERR_INVALID, "zoom view: s = %g is not in 0..1", s);
    if (a->width != b->width || a->height != b->height || a->aa != b->aa)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "zoom view: the two scenes differ in size (%dx%d aa %d, %dx%d aa %d)", a->width,
                       a->height, a->aa, b->width, b->height, b->aa);
    const double La = fr_escape_view_log10_width(a), Lb = fr_escape_view_log10_width(b);
    const double ra = a->rotate_deg, rb = b->rotate_deg;
    if (!(a->view_width > 0 && b->view_width > 0 && isfinite(La) && isfinite(Lb)))
        return fr_fail(ctx, FR_ERR_INVALID, "zoom view: a view width is not positive");
    const long bits_a = view_bits(a), bits_b = view_bits(b), bits_ref = bits_a > bits_b ? bits_a : bits_b;
    /* a centre's text holds the digits of bits_ref: refused before MPFR is asked for them */
    const double max_bits = (FR_CENTER_TEXT_MAX / 2 - 64) / 0.30102999566398120;
    if ((double)bits_ref > max_bits)
        return fr_fail(ctx, FR_ERR_INVALID,
                       "zoom view: the views need %ld bits of precision, more than a centre's %d characters "
                       "hold (about %.0f bits: widths down to 1e-%.0f)",
                       bits_ref, FR_CENTER_TEXT_MAX, max_bits, max_bits * 0.30102999566398120);
    const mpfr_prec_t prec = (mpfr_prec_t)(bits_ref + 64);
    fr_status st = FR_OK;
    char *ctext = NULL, *rtext = NULL, wtext[64];
    mpfr_t ax, ay, bx, by, kx, ky, tx, ty, cx, cy, u, v, t;
    mpfr_inits2(prec, ax, ay, bx, by, kx, ky, tx, ty, cx, cy, u, v, t, (mpfr_ptr)0);
    if (centre_mpfr(ctx, a, ax, ay) || centre_mpfr(ctx, b, bx, by)) {
        st = fr_fail(ctx, FR_ERR_INVALID, "zoom view: a centre is not two decimal numbers");
        goto out;
    }
    /* k(1): the width ratio exactly from the mantissas and exponents */
    mpfr_set_d(t, b->view_width, MPFR_RNDN);
    mpfr_div_d(t, t, a->view_width, MPFR_RNDN);
    mpfr_set_ui(u, 10, MPFR_RNDN);
    mpfr_pow_si(u, u, (long)b->view_width_exp10 - (long)a->view_width_exp10, MPFR_RNDN);
    mpfr_mul(t, t, u, MPFR_RNDN);
    mpfr_const_pi(kx, MPFR_RNDN);
    mpfr_mul_d(kx, kx, (rb - ra) / 180.0, MPFR_RNDN);
    mpfr_sin_cos(ky, kx, kx, MPFR_RNDN);
    mpfr_mul(kx, kx, t, MPFR_RNDN);
    mpfr_mul(ky, ky, t, MPFR_RNDN);
    /* 1 - k(1): a pure pan (same width and rotation) has no fixed point */
    mpfr_ui_sub(u, 1, kx, MPFR_RNDN);
    mpfr_neg(v, ky, MPFR_RNDN);
    const int pan = fabs(mpfr_get_d(u, MPFR_RNDN)) + fabs(mpfr_get_d(v, MPFR_RNDN)) < 1e-9;
    if (!pan) { /* T = (b - k a) / (1 - k) */
        cmul(cx, cy, kx, ky, ax, ay, t);
        mpfr_sub(cx, bx, cx, MPFR_RNDN);
        mpfr_sub(cy, by, cy, MPFR_RNDN);
        /* / (u + iv) = * (u - iv) / (u^2 + v^2) */
        mpfr_neg(v, v, MPFR_RNDN);
        cmul(tx, ty, cx, cy, u, v, t);
        mpfr_sqr(t, u, MPFR_RNDN);
        mpfr_fma(t, v, v, t, MPFR_RNDN);
        mpfr_div(tx, tx, t, MPFR_RNDN);
        mpfr_div(ty, ty, t, MPFR_RNDN);
    }
    const double L = s == 0 ? La : s == 1 ? Lb : La + s * (Lb - La);
    const double r = s == 0 ? ra : s == 1 ? rb : ra + s * (rb - ra);
    if (out != a) memcpy(out, a, sizeof *out);
    out->reference_text[0] = 0, out->reference_bits = 0;
    if (s == 1) { /* the end exactly as given */
        memcpy(out->center_text, b->center_text, sizeof out->center_text);
        out->center_re = b->center_re, out->center_im = b->center_im;
        out->view_width = b->view_width, out->view_width_exp10 = b->view_width_exp10;
        out->rotate_deg = b->rotate_deg;
    } else if (s > 0) {
        if (pan) { /* c = a + s (b - a) */
            mpfr_sub(cx, bx, ax, MPFR_RNDN);
            mpfr_sub(cy, by, ay, MPFR_RNDN);
            mpfr_mul_d(cx, cx, s, MPFR_RNDN);
            mpfr_mul_d(cy, cy, s, MPFR_RNDN);
            mpfr_add(cx, cx, ax, MPFR_RNDN);
            mpfr_add(cy, cy, ay, MPFR_RNDN);
        } else { /* c = T + (a - T) k(s) */
            k_of(kx, ky, L - La, r - ra, t);
            mpfr_sub(u, ax, tx, MPFR_RNDN);
            mpfr_sub(v, ay, ty, MPFR_RNDN);
            cmul(cx, cy, u, v, kx, ky, t);
            mpfr_add(cx, cx, tx, MPFR_RNDN);
            mpfr_add(cy, cy, ty, MPFR_RNDN);
        }
        /* digits to 2^-64 of the frame's pixel */
        double mag = fmax(fabs(mpfr_get_d(cx, MPFR_RNDN)), fabs(mpfr_get_d(cy, MPFR_RNDN)));
        double lm = mag > 0 && isfinite(log10(mag)) && log10(mag) > L ? log10(mag) : L;
        long digits = (long)ceil(lm - (L - log10((double)a->width * a->aa))) + 21;
        if (digits < 17) digits = 17;
        if (!(ctext = pair_text(cx, cy, (size_t)digits))) {
            st = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
            goto out;
        }
        double E = floor(L), m = pow(10.0, L - E);
        if (m >= 10) m /= 10, E += 1;
        snprintf(wtext, sizeof wtext, "%.17ge%.0f", m, E);
        if ((st = fr_escape_param_set(ctx, out, "center", ctext)) ||
            (st = fr_escape_param_set(ctx, out, "width", wtext)))
            goto out;
        out->rotate_deg = r;
    }
    if (reference && !pan) {
        /* the offset |c - T| / w is the same in every frame: |a - T| / w_a, in pixels */
        mpfr_sub(u, ax, tx, MPFR_RNDN);
        mpfr_sub(v, ay, ty, MPFR_RNDN);
        mpfr_hypot(t, u, v, MPFR_RNDN);
        long e2;
        double m2 = mpfr_zero_p(t) ? 0 : mpfr_get_d_2exp(&e2, t, MPFR_RNDN);
        double lpx =
            m2 == 0 ? -1e9 : log10(m2) + (double)e2 * 0.30102999566398120 - La + log10((double)a->width);
        if (lpx < 6.9) { /* below 2^23 pixels (deep_render.c takes up to 2^24) */
            size_t digits = (size_t)((double)bits_ref * 0.30102999566398120) + 3;
            if (!(rtext = pair_text(tx, ty, digits))) {
                st = fr_fail(ctx, FR_ERR_NOMEM, "out of memory");
                goto out;
            }
            if ((st = fr_escape_param_set(ctx, out, "reference", rtext))) goto out;
            out->reference_bits = (int32_t)bits_ref;
        }
    }
out:
    mpfr_clears(ax, ay, bx, by, kx, ky, tx, ty, cx, cy, u, v, t, (mpfr_ptr)0);
    free(ctext);
    free(rtext);
    return st;
}
