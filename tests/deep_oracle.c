/* deep_oracle: the independent oracle for deep-zoom renders (Mandelbrot,
 * Multibrot z^d + c, Tricorn conj(z)^2 + c, Burning Ship (|x| + i|y|)^2 + c).
 *
 * For each requested sample it iterates z -> z^2 + c (or the formula asked
 * for) directly in MPFR at the
 * sample's exact c (no perturbation, no series, no tricks) and prints the
 * escape count. It links only MPFR, GMP and libm, so that it shares no code
 * with the renderer it checks.
 *
 * Usage:
 *   deep_oracle --center RE,IM --width W --size WxH --iter N
 *               [--bailout R] [--rotate DEG] [--aa A] [--power D | --tricorn | --ship] [--extra-bits B]
 *               (--pixels FILE | --sample K [--seed S])
 *
 *   RE, IM, W, R, DEG are decimal text of any length and exponent ("4e-5000");
 *   they are parsed by mpfr_set_str, never through a double. Malformed input:
 *   a message on stderr and exit code 2.
 *
 * Mapping. The sample grid is (W*A) x (H*A) (A = --aa, default 1). Sample
 * (sx, sy), 0 <= sx < W*A, 0 <= sy < H*A, row 0 at the top, is at
 *     u = (sx + 0.5)/A - W/2,   v = H/2 - (sy + 0.5)/A     (in pixels)
 *     p = width / W                                       (plane width of one pixel)
 *     dx = u p,  dy = v p
 *     c = centre + (dx cos r - dy sin r, dx sin r + dy cos r)
 * with r = DEG degrees counter-clockwise (cos / sin in MPFR, exact at
 * multiples of 90 degrees; DEG = 0 is exactly no rotation).
 *
 * Precision: bits = max(64, ceil(log2(1/p)) + 64) + ceil(log2(N)) + 16;
 * all of c is computed at that precision.
 *
 * Count: z_0 = 0, n = 0; while n < N { if |z_n|^2 > R^2 break;
 * z_{n+1} = z_n^2 + c; n++ }. The count is n (N for points that never
 * escape). R defaults to 2; the test |z|^2 > R^2 is done in MPFR.
 *
 * "close" flag: 1 when some tested |z_n|^2 (the escaping one or any earlier)
 * was within a relative 1e-10 of R^2. Such a pixel passes within rounding
 * distance of the bailout, so a renderer may legitimately be one off there.
 *
 * Samples: --pixels FILE reads lines "sx sy" (sample-grid coordinates; '#'
 * starts a comment line). --sample K draws K distinct samples uniformly
 * from the grid: x_{k+1} = splitmix64 state step (state += 0x9E3779B97F4A7C15,
 * then the usual splitmix64 finaliser), seeded with S (default 1); the index
 * is x mod (W*A*H*A) (bias below 2^-30 for any sane grid), repeats are
 * drawn again; sx = index mod (W*A), sy = index div (W*A).
 *
 * Output: one line per sample, in input order: "sx sy count close".
 *
 * Interior shortcut: when R >= 2, a c that lies in the closed main cardioid
 * or the closed period-2 disc is reported as N (its orbit stays below
 * |z| = 1.8 forever) -- but only when that membership test was evaluated
 * exactly (every MPFR operation exact); otherwise it iterates.
 *
 * Build: gcc -std=c11 -O2 -fopenmp tests/deep_oracle.c -o deep_oracle -lmpfr -lgmp -lm
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#define CLOSE_REL 1e-10

static void die(const char *fmt, const char *a)
{
    fprintf(stderr, "deep_oracle: ");
    fprintf(stderr, fmt, a);
    fprintf(stderr, "\n");
    exit(2);
}

static void usage(void)
{
    fprintf(stderr, "usage: deep_oracle --center RE,IM --width W --size WxH --iter N [--bailout R]\n"
                    "                   [--rotate DEG] [--aa A] [--power D | --tricorn | --ship]\n"
                    "                   (--pixels FILE | --sample K [--seed S])\n");
    exit(2);
}

/* Parse decimal text into x; only a complete finite number is accepted. */
static void parse_mp(mpfr_t x, const char *s, const char *what)
{
    if (!s || !*s || mpfr_set_str(x, s, 10, MPFR_RNDN) != 0 || !mpfr_number_p(x))
        die("malformed %s", what);
}

/* Parse an unsigned decimal integer in [lo, hi]. */
static uint64_t parse_u64(const char *s, uint64_t lo, uint64_t hi, const char *what)
{
    if (!s || !*s || *s == '-' || *s == '+')
        die("malformed %s", what);
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        die("malformed or out-of-range %s", what);
    return (uint64_t)v;
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static unsigned ceil_log2_u64(uint64_t n)
{
    unsigned b = 0;
    while (b < 64 && ((uint64_t)1 << b) < n)
        b++;
    return b;
}

typedef struct sample {
    uint32_t sx, sy;
    uint64_t count;
    int close;
} sample;

/* Shared, read-only parameters of the run. */
typedef struct run {
    mpfr_prec_t bits;
    mpfr_t cre, cim;     /* centre */
    mpfr_t q;            /* p / (2 A): a sample's offset is (2 sx + 1 - W A) q */
    mpfr_t cosr, sinr;   /* rotation */
    int rotated;
    mpfr_t r2;           /* R^2 */
    mpfr_t r2lo, r2hi;   /* R^2 (1 -+ 1e-10), 64 bits */
    mpfr_exp_t r2exp;
    int shortcut;        /* R >= 2: interior shortcut allowed (d = 2) */
    int power;           /* d of z^d + c (--power, default 2) */
    int tricorn;         /* --tricorn: conj(z)^2 + c */
    int ship;            /* --ship: (|x| + i|y|)^2 + c (Burning Ship) */
    uint64_t gw, gh;     /* sample grid */
    uint64_t iter;
} run;

/* Per-thread scratch: allocated once, reused for every sample. */
typedef struct scratch {
    mpfr_t dx, dy, cx, cy, x, y, x2, y2, t, m, a, b;
    mpfr_t e1, e2, e3, e4; /* interior test, wide precision */
} scratch;

static void scratch_init(scratch *s, mpfr_prec_t bits)
{
    mpfr_inits2(bits, s->dx, s->dy, s->cx, s->cy, s->x, s->y, s->x2, s->y2, s->t, s->m, s->a, s->b,
                (mpfr_ptr)0);
    mpfr_inits2(8 * bits + 64, s->e1, s->e2, s->e3, s->e4, (mpfr_ptr)0);
}

static void scratch_clear(scratch *s)
{
    mpfr_clears(s->dx, s->dy, s->cx, s->cy, s->x, s->y, s->x2, s->y2, s->t, s->m, s->a, s->b, s->e1, s->e2,
                s->e3, s->e4, (mpfr_ptr)0);
}

/* Exact test: is c in the closed main cardioid or the closed period-2 disc?
 * With x = cx - 1/4, q = x^2 + cy^2: cardioid iff q (q + x) <= cy^2 / 4;
 * bulb iff (cx + 1)^2 + cy^2 <= 1/16. The wide precision makes every
 * operation exact for a c with `bits` bits; a nonzero ternary value (an
 * inexact operation) means "don't know", and the caller iterates. */
static int exact_interior(scratch *s, const mpfr_t cx, const mpfr_t cy)
{
    int inex = 0;
    /* quick reject: outside |c + 0.5| < 1 nothing can be inside */
    if (mpfr_cmp_d(cx, -2.0) < 0 || mpfr_cmp_d(cx, 0.5) > 0 || mpfr_cmpabs_ui(cy, 1) > 0)
        return 0;
    inex |= mpfr_sub_d(s->e1, cx, 0.25, MPFR_RNDN);    /* x */
    inex |= mpfr_sqr(s->e2, s->e1, MPFR_RNDN);         /* x^2 */
    inex |= mpfr_sqr(s->e3, cy, MPFR_RNDN);            /* y^2 */
    inex |= mpfr_add(s->e2, s->e2, s->e3, MPFR_RNDN);  /* q */
    inex |= mpfr_add(s->e4, s->e2, s->e1, MPFR_RNDN);  /* q + x */
    inex |= mpfr_mul(s->e2, s->e2, s->e4, MPFR_RNDN);  /* q (q + x) */
    inex |= mpfr_div_2ui(s->e4, s->e3, 2, MPFR_RNDN);  /* y^2 / 4 */
    if (inex == 0 && mpfr_lessequal_p(s->e2, s->e4))
        return 1;
    inex = 0;
    inex |= mpfr_add_ui(s->e1, cx, 1, MPFR_RNDN);
    inex |= mpfr_sqr(s->e1, s->e1, MPFR_RNDN);
    inex |= mpfr_add(s->e1, s->e1, s->e3, MPFR_RNDN);
    return inex == 0 && mpfr_cmp_d(s->e1, 0.0625) <= 0;
}

static void compute(const run *r, scratch *s, sample *o)
{
    /* offsets from the centre, in the plane */
    long nx = 2 * (long)o->sx + 1 - (long)r->gw;  /* (2 sx + 1 - W A) */
    long ny = (long)r->gh - 2 * (long)o->sy - 1;  /* (H A - 2 sy - 1) */
    mpfr_mul_si(s->dx, r->q, nx, MPFR_RNDN);
    mpfr_mul_si(s->dy, r->q, ny, MPFR_RNDN);
    if (r->rotated) {
        mpfr_mul(s->a, s->dx, r->cosr, MPFR_RNDN);
        mpfr_mul(s->b, s->dy, r->sinr, MPFR_RNDN);
        mpfr_sub(s->a, s->a, s->b, MPFR_RNDN);
        mpfr_add(s->cx, r->cre, s->a, MPFR_RNDN);
        mpfr_mul(s->a, s->dx, r->sinr, MPFR_RNDN);
        mpfr_mul(s->b, s->dy, r->cosr, MPFR_RNDN);
        mpfr_add(s->a, s->a, s->b, MPFR_RNDN);
        mpfr_add(s->cy, r->cim, s->a, MPFR_RNDN);
    } else {
        mpfr_add(s->cx, r->cre, s->dx, MPFR_RNDN);
        mpfr_add(s->cy, r->cim, s->dy, MPFR_RNDN);
    }

    o->close = 0;
    if (r->shortcut && exact_interior(s, s->cx, s->cy)) {
        o->count = r->iter;
        return;
    }

    const uint64_t N = r->iter;
    uint64_t n = 0;
    int close = 0;
    mpfr_set_zero(s->x, 1);
    mpfr_set_zero(s->y, 1);
    while (n < N) {
        mpfr_sqr(s->x2, s->x, MPFR_RNDN);
        mpfr_sqr(s->y2, s->y, MPFR_RNDN);
        mpfr_add(s->m, s->x2, s->y2, MPFR_RNDN);
        /* closeness: only when |z|^2 is within a factor 2 of R^2 */
        if (!mpfr_zero_p(s->m)) {
            mpfr_exp_t e = mpfr_get_exp(s->m);
            if (e >= r->r2exp - 1 && e <= r->r2exp + 1 && mpfr_greaterequal_p(s->m, r->r2lo) &&
                mpfr_lessequal_p(s->m, r->r2hi))
                close = 1;
        }
        if (mpfr_greater_p(s->m, r->r2))
            break;
        if (r->power != 2) { /* z^d by d - 1 complex products: (a + ib)(x + iy) */
            mpfr_set(s->a, s->x, MPFR_RNDN);
            mpfr_set(s->b, s->y, MPFR_RNDN);
            for (int k = 1; k < r->power; k++) {
                mpfr_mul(s->x2, s->a, s->x, MPFR_RNDN);
                mpfr_mul(s->t, s->b, s->y, MPFR_RNDN);
                mpfr_sub(s->x2, s->x2, s->t, MPFR_RNDN);
                mpfr_mul(s->y2, s->a, s->y, MPFR_RNDN);
                mpfr_mul(s->t, s->b, s->x, MPFR_RNDN);
                mpfr_add(s->b, s->y2, s->t, MPFR_RNDN);
                mpfr_set(s->a, s->x2, MPFR_RNDN);
            }
            mpfr_add(s->x, s->a, s->cx, MPFR_RNDN);
            mpfr_add(s->y, s->b, s->cy, MPFR_RNDN);
            n++;
            continue;
        }
        /* y' = (x + y)^2 - x^2 - y^2 + cy, x' = x^2 - y^2 + cx */
        mpfr_add(s->t, s->x, s->y, MPFR_RNDN);
        mpfr_sqr(s->t, s->t, MPFR_RNDN);
        mpfr_sub(s->t, s->t, s->m, MPFR_RNDN);
        if (r->tricorn) mpfr_neg(s->t, s->t, MPFR_RNDN); /* conj(z)^2: y' = -2xy + cy */
        if (r->ship) mpfr_abs(s->t, s->t, MPFR_RNDN);   /* Burning Ship: y' = 2|xy| + cy */
        mpfr_add(s->y, s->t, s->cy, MPFR_RNDN);
        mpfr_sub(s->x, s->x2, s->y2, MPFR_RNDN);
        mpfr_add(s->x, s->x, s->cx, MPFR_RNDN);
        n++;
    }
    o->count = n;
    o->close = close;
}

/* Read "sx sy" lines. */
static sample *read_pixels(const char *path, const run *r, size_t *count)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f)
        die("cannot open pixels file %s", path);
    size_t n = 0, cap = 1024;
    sample *v = malloc(cap * sizeof *v);
    if (!v)
        die("%s", "out of memory");
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0')
            continue;
        long long a, b;
        char extra;
        if (sscanf(p, "%lld %lld %c", &a, &b, &extra) != 2)
            die("malformed pixel line: %s", line);
        if (a < 0 || b < 0 || (uint64_t)a >= r->gw || (uint64_t)b >= r->gh)
            die("pixel outside the sample grid: %s", line);
        if (n == cap) {
            cap *= 2;
            sample *nv = realloc(v, cap * sizeof *v);
            if (!nv)
                die("%s", "out of memory");
            v = nv;
        }
        v[n].sx = (uint32_t)a;
        v[n].sy = (uint32_t)b;
        n++;
    }
    if (f != stdin)
        fclose(f);
    *count = n;
    return v;
}

/* K distinct samples by splitmix64 (see the header comment). */
static sample *draw_samples(uint64_t k, uint64_t seed, const run *r)
{
    uint64_t total = r->gw * r->gh;
    if (k > total)
        die("%s", "--sample K exceeds the number of samples in the grid");
    sample *v = malloc((k ? k : 1) * sizeof *v);
    /* open-addressing set of drawn indices (index + 1; 0 = empty) */
    uint64_t cap = 16;
    while (cap < 2 * k)
        cap *= 2;
    uint64_t *set = calloc(cap, sizeof *set);
    if (!v || !set)
        die("%s", "out of memory");
    uint64_t state = seed;
    for (uint64_t i = 0; i < k;) {
        uint64_t idx = splitmix64(&state) % total;
        uint64_t h = (idx * 0x9E3779B97F4A7C15ull) & (cap - 1);
        int dup = 0;
        while (set[h]) {
            if (set[h] == idx + 1) {
                dup = 1;
                break;
            }
            h = (h + 1) & (cap - 1);
        }
        if (dup)
            continue;
        set[h] = idx + 1;
        v[i].sx = (uint32_t)(idx % r->gw);
        v[i].sy = (uint32_t)(idx / r->gw);
        i++;
    }
    free(set);
    return v;
}

int main(int argc, char **argv)
{
    const char *center = NULL, *width = NULL, *size = NULL, *iter = NULL, *bailout = "2", *rotate = "0",
               *aa = "1", *pixels = NULL, *nsample = NULL, *seed = "1", *extra = "0", *power = "2";
    int tricorn = 0, ship = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **dst = NULL;
        if (!strcmp(a, "--center")) dst = &center;
        else if (!strcmp(a, "--width")) dst = &width;
        else if (!strcmp(a, "--size")) dst = &size;
        else if (!strcmp(a, "--iter")) dst = &iter;
        else if (!strcmp(a, "--bailout")) dst = &bailout;
        else if (!strcmp(a, "--rotate")) dst = &rotate;
        else if (!strcmp(a, "--aa")) dst = &aa;
        else if (!strcmp(a, "--pixels")) dst = &pixels;
        else if (!strcmp(a, "--sample")) dst = &nsample;
        else if (!strcmp(a, "--seed")) dst = &seed;
        else if (!strcmp(a, "--extra-bits")) dst = &extra;
        else if (!strcmp(a, "--power")) dst = &power;
        else if (!strcmp(a, "--tricorn")) {
            tricorn = 1;
            continue;
        } else if (!strcmp(a, "--ship")) {
            ship = 1;
            continue;
        }
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) usage();
        else die("unknown option %s", a);
        if (i + 1 >= argc)
            die("option %s needs a value", a);
        *dst = argv[++i];
    }
    if (!center || !width || !size || !iter)
        usage();
    long extra_bits = (long)parse_u64(extra, 0, 1u << 20, "--extra-bits");
    if (!pixels == !nsample)
        die("%s", "give exactly one of --pixels FILE and --sample K");

    /* --size WxH */
    const char *xp = strchr(size, 'x');
    if (!xp)
        die("malformed --size %s (want WxH)", size);
    char wbuf[32];
    size_t wl = (size_t)(xp - size);
    if (wl == 0 || wl >= sizeof wbuf)
        die("malformed --size %s (want WxH)", size);
    memcpy(wbuf, size, wl);
    wbuf[wl] = '\0';
    uint64_t W = parse_u64(wbuf, 1, 1u << 20, "--size width");
    uint64_t H = parse_u64(xp + 1, 1, 1u << 20, "--size height");
    uint64_t A = parse_u64(aa, 1, 64, "--aa");
    uint64_t N = parse_u64(iter, 0, UINT64_MAX / 2, "--iter");

    run r;
    r.iter = N;
    r.gw = W * A;
    r.gh = H * A;
    if (r.gw * r.gh > ((uint64_t)1 << 40))
        die("%s", "sample grid too large");

    /* p = width / W, the precision follows from it. */
    mpfr_t wd, pp;
    mpfr_inits2(64, wd, pp, (mpfr_ptr)0);
    {
        /* parse width at a generous precision (its digits matter) */
        mpfr_set_prec(wd, 4096);
        parse_mp(wd, width, "--width");
        if (mpfr_sgn(wd) <= 0)
            die("--width must be > 0 (and within MPFR's exponent range), got %s", width);
        mpfr_div_ui(pp, wd, (unsigned long)W, MPFR_RNDN);
    }
    long lp = -(long)mpfr_get_exp(pp) + 1; /* >= ceil(log2(1/p)) */
    long bits = lp + 64;
    if (bits < 64)
        bits = 64;
    bits += (long)ceil_log2_u64(N ? N : 1) + 16;
    if (extra_bits > 0) bits += extra_bits;
    if (bits > (1L << 28))
        die("--width %s is too small", width);
    r.bits = (mpfr_prec_t)bits;

    /* centre */
    const char *comma = strchr(center, ',');
    if (!comma)
        die("malformed --center %s (want RE,IM)", center);
    char *cre = strndup(center, (size_t)(comma - center));
    if (!cre)
        die("%s", "out of memory");
    mpfr_inits2(r.bits, r.cre, r.cim, r.q, r.cosr, r.sinr, r.r2, (mpfr_ptr)0);
    parse_mp(r.cre, cre, "--center real part");
    parse_mp(r.cim, comma + 1, "--center imaginary part");
    free(cre);

    /* q = width / (2 A W), from the full-precision width */
    mpfr_set_prec(wd, r.bits > 4096 ? r.bits : 4096);
    parse_mp(wd, width, "--width");
    mpfr_div_ui(r.q, wd, (unsigned long)(2 * A * W), MPFR_RNDN);

    /* rotation: cos / sin of DEG degrees (period 360: exact at multiples of 90) */
    {
        mpfr_t deg;
        mpfr_init2(deg, r.bits + 64);
        parse_mp(deg, rotate, "--rotate");
        r.rotated = !mpfr_zero_p(deg);
        mpfr_cosu(r.cosr, deg, 360, MPFR_RNDN);
        mpfr_sinu(r.sinr, deg, 360, MPFR_RNDN);
        mpfr_clear(deg);
    }

    /* bailout */
    {
        mpfr_t rb;
        mpfr_init2(rb, r.bits);
        parse_mp(rb, bailout, "--bailout");
        if (mpfr_sgn(rb) <= 0)
            die("--bailout must be > 0, got %s", bailout);
        r.shortcut = mpfr_cmp_ui(rb, 2) >= 0;
        r.power = (int)parse_u64(power, 2, 64, "--power");
        r.tricorn = tricorn;
        r.ship = ship;
        if (tricorn && ship) die("%s", "give at most one of --tricorn and --ship");
        if (r.power != 2 && (tricorn || ship)) die("%s", "--tricorn and --ship are of power 2: leave out --power");
        if (r.power != 2 || tricorn || ship) r.shortcut = 0;
        mpfr_sqr(r.r2, rb, MPFR_RNDN);
        mpfr_clear(rb);
        mpfr_inits2(64, r.r2lo, r.r2hi, (mpfr_ptr)0);
        mpfr_mul_d(r.r2lo, r.r2, 1.0 - CLOSE_REL, MPFR_RNDD);
        mpfr_mul_d(r.r2hi, r.r2, 1.0 + CLOSE_REL, MPFR_RNDU);
        r.r2exp = mpfr_get_exp(r.r2);
    }
    mpfr_clears(wd, pp, (mpfr_ptr)0);

    size_t count = 0;
    sample *v;
    if (pixels) {
        v = read_pixels(pixels, &r, &count);
    } else {
        uint64_t k = parse_u64(nsample, 0, (uint64_t)1 << 32, "--sample");
        uint64_t s = parse_u64(seed, 0, UINT64_MAX, "--seed");
        v = draw_samples(k, s, &r);
        count = (size_t)k;
    }

#pragma omp parallel
    {
        scratch s;
        scratch_init(&s, r.bits);
#pragma omp for schedule(dynamic)
        for (long i = 0; i < (long)count; i++)
            compute(&r, &s, &v[i]);
        scratch_clear(&s);
        mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    }

    for (size_t i = 0; i < count; i++)
        printf("%" PRIu32 " %" PRIu32 " %" PRIu64 " %d\n", v[i].sx, v[i].sy, v[i].count, v[i].close);
    free(v);
    mpfr_clears(r.cre, r.cim, r.q, r.cosr, r.sinr, r.r2, r.r2lo, r.r2hi, (mpfr_ptr)0);
    mpfr_free_cache();
    return fflush(stdout) == 0 ? 0 : 1;
}
