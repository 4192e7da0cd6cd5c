/*
 * The AVX2 + FMA escape-time kernel body, included once per precision by
 * escape_avx2.c with these macros defined:
 *   FR_NAME   function name          T, VT  scalar and vector types
 *   L         lanes per vector       V_*    the vector operations
 *   ITERATE   the scalar reference loop for T (escape_step.h)
 *   FR_STEP_ANY  the scalar step of any formula for T (escape_step.h)
 *
 * How it stays exact while skipping most escape tests:
 * - G independent vectors are stepped together (hides the FMA latency).
 * - Blocks of K steps run with no escape test; the test is made once, on
 *   the state after the block. For a lane with |c| <= 0.999 (R^2 - R) and
 *   R >= 2 an escaped orbit grows monotonically (|z'| >= |z|^2 - |c| > |z|
 *   with a margin far above rounding), and an overflow ends in inf or NaN,
 *   so "escaped somewhere in the block" equals "state after the block is
 *   beyond R or not a number". Lanes with larger |c| are computed by the
 *   scalar reference instead (they lie outside the set's neighbourhood).
 * - A lane that escaped, reached max_iter or repeated its saved point is
 *   replayed from the state saved before the block with the scalar
 *   reference step, which finds the exact count and z. The vector and
 *   scalar steps are the same IEEE operations, so the results agree.
 * - Periodicity (Brent) is checked at block ends: an exact repeat of the
 *   whole state proves a cycle, whatever the block lengths were.
 * - A finished lane is refilled with the next sample at once.
 */

#define G 4              /* vectors in flight */
#define LN (G * L)       /* lanes in flight */
#define K_MIN 4
#define K_MAX 64

#define lanes_t FR_CAT(FR_NAME, _lanes)
typedef struct lanes_t {
    FR_ALIGN T x[LN], y[LN], cx[LN], cy[LN], px[LN], py[LN], cnt[LN], nsave[LN];
    int64_t idx[LN];     /* sample index, or -1 for an idle lane */
    uint64_t start[LN];  /* value of `steps` when the lane started */
} lanes_t;

/* One canonical step for G vectors, formula f (a literal after inlining). */
static inline __attribute__((always_inline)) void FR_CAT(FR_NAME, _step)(int f, int d, VT *x, VT *y,
                                                                          const VT *cx, const VT *cy)
{
    const VT sign = V_SET1((T)-0.0);
    for (int g = 0; g < G; g++) {
        VT xn, x2 = V_ADD(x[g], x[g]);
        switch (f) {
        case FR_STEP_SHIP:
            xn = V_FMA(x[g], x[g], V_FNMA(y[g], y[g], cx[g]));
            y[g] = V_FMA(V_ANDNOT(sign, x2), V_ANDNOT(sign, y[g]), cy[g]);
            x[g] = xn;
            break;
        case FR_STEP_TRICORN:
            xn = V_FMA(x[g], x[g], V_FNMA(y[g], y[g], cx[g]));
            y[g] = V_FNMA(x2, y[g], cy[g]);
            x[g] = xn;
            break;
        case FR_STEP_MULTI: {
            VT wx = x[g], wy = y[g];
            for (int k = 1; k < d; k++) {
                VT t = V_FMSUB(wx, x[g], V_MUL(wy, y[g]));
                wy = V_FMA(wx, y[g], V_MUL(wy, x[g]));
                wx = t;
            }
            x[g] = V_ADD(wx, cx[g]);
            y[g] = V_ADD(wy, cy[g]);
            break;
        }
        default:
            xn = V_FMA(x[g], x[g], V_FNMA(y[g], y[g], cx[g]));
            y[g] = V_FMA(x2, y[g], cy[g]);
            x[g] = xn;
            break;
        }
    }
}

/* Load the next sample that needs iterating into lane l; samples settled
 * without iterating (interior test, or |c| too large for the block test)
 * are finished on the way. Returns the steps spent on those. */
static uint64_t FR_CAT(FR_NAME, _refill)(const fr_escape_job *job, lanes_t *s, int l, int64_t *next,
                                         int64_t end, uint64_t steps, double c_safe2)
{
    const fr_escape_params *p = job->p;
    uint64_t spent = 0;
    while (*next < end) {
        int64_t idx = (*next)++;
        double re, im;
        fr_escape_sample_point(job, (int)(idx % job->sw), (int)(idx / job->sw), &re, &im);
        T sx = (T)re, sy = (T)im, x0 = 0, y0 = 0, cx = sx, cy = sy;
        if (job->julia) {
            x0 = sx, y0 = sy, cx = (T)p->julia_re, cy = (T)p->julia_im;
        } else if (job->interior_test && fr_in_cardioid_or_bulb(sx, sy)) {
            fr_escape_finish(job, idx, p->max_iter, 0.0, 0.0);
            continue;
        }
        if ((double)cx * cx + (double)cy * cy > c_safe2) {
            uint32_t st;
            uint32_t n = ITERATE(job->step, job->power, &x0, &y0, cx, cy, p->max_iter, (T)job->b2,
                                 job->periodicity, &st);
            fr_escape_finish(job, idx, n, x0, y0);
            spent += st;
            continue;
        }
        s->x[l] = x0, s->y[l] = y0, s->cx[l] = cx, s->cy[l] = cy;
        s->px[l] = s->py[l] = (T)NAN;
        s->cnt[l] = 0, s->nsave[l] = 1;
        s->idx[l] = idx;
        s->start[l] = steps;
        return spent;
    }
    s->x[l] = s->y[l] = s->cx[l] = s->cy[l] = 0;
    s->px[l] = s->py[l] = (T)NAN;
    s->cnt[l] = 0, s->nsave[l] = 1;
    s->idx[l] = -1;
    return spent;
}

/* Replay lane l from its pre-block state (x0, y0) for up to k steps with
 * the escape test at every step. Returns 1 if the lane finished. */
static int FR_CAT(FR_NAME, _replay)(const fr_escape_job *job, lanes_t *s, int l, T x, T y, int k,
                                    uint64_t steps, uint64_t *spent)
{
    const uint32_t max_iter = job->p->max_iter;
    const T b2 = (T)job->b2;
    uint32_t n = (uint32_t)(steps - s->start[l]);
    for (int i = 0; i < k; i++, n++) {
        if (n >= max_iter) break;
        if (FR_MAG2(x, y) > b2) {
            fr_escape_finish(job, s->idx[l], n, x, y);
            *spent += n;
            return 1;
        }
        FR_STEP_ANY(job->step, job->power, &x, &y, s->cx[l], s->cy[l]);
    }
    if (n >= max_iter) {
        fr_escape_finish(job, s->idx[l], max_iter, x, y);
        *spent += max_iter;
        return 1;
    }
    return 0;
}

static inline __attribute__((always_inline)) uint64_t
FR_CAT(FR_NAME, _run)(const fr_escape_job *job, int64_t first, int64_t count, const int f)
{
    const int d = job->power;
    const uint32_t max_iter = job->p->max_iter;
    /* Lanes with |c|^2 above this take the scalar path (see top). */
    const double c_safe2 = job->c_safe2;
    const VT b2 = V_SET1((T)job->b2), one = V_SET1((T)1);
    /* With periodicity off the saved point stays NaN and never matches. */
    const VT save_on = job->periodicity ? V_CMP_EQ(one, one) : V_SET1((T)0);
    lanes_t s;
    uint64_t steps = 0, spent = 0;
    int64_t next = first, end = first + count;
    for (int l = 0; l < LN; l++) spent += FR_CAT(FR_NAME, _refill)(job, &s, l, &next, end, 0, c_safe2);
    int k = 8;
    for (;;) {
        /* Lanes that may reach max_iter inside the next block. */
        uint64_t deadline = UINT64_MAX;
        uint64_t active = 0;
        for (int l = 0; l < LN; l++) {
            if (s.idx[l] < 0) continue;
            active |= 1ull << l;
            if (s.start[l] + max_iter < deadline) deadline = s.start[l] + max_iter;
        }
        if (!active) break;

        VT x[G], y[G], cx[G], cy[G];
        for (int g = 0; g < G; g++) {
            x[g] = V_LOAD(s.x + g * L), y[g] = V_LOAD(s.y + g * L);
            cx[g] = V_LOAD(s.cx + g * L), cy[g] = V_LOAD(s.cy + g * L);
        }
        for (int i = 0; i < k; i++) FR_CAT(FR_NAME, _step)(f, d, x, y, cx, cy);

        /* Which lanes need a look: escaped (or overflowed), or repeated. */
        uint64_t attention = 0;
        for (int g = 0; g < G; g++) {
            VT m2 = V_FMA(x[g], x[g], V_MUL(y[g], y[g]));
            VT esc = V_CMP_NLE(m2, b2);
            VT px = V_LOAD(s.px + g * L), py = V_LOAD(s.py + g * L);
            VT rep = V_AND(V_CMP_EQ(x[g], px), V_CMP_EQ(y[g], py));
            attention |= (uint64_t)(unsigned)V_MOVEMASK(V_OR(esc, rep)) << (g * L);
            /* Brent: move the saved point at block counts 1, 2, 4, ... */
            VT cnt = V_ADD(V_LOAD(s.cnt + g * L), one), nsave = V_LOAD(s.nsave + g * L);
            VT sv = V_AND(V_CMP_EQ(cnt, nsave), save_on);
            V_STORE(s.px + g * L, V_BLEND(px, x[g], sv));
            V_STORE(s.py + g * L, V_BLEND(py, y[g], sv));
            V_STORE(s.nsave + g * L, V_BLEND(nsave, V_ADD(nsave, nsave), sv));
            V_STORE(s.cnt + g * L, cnt);
        }
        attention &= active;
        int near_max = steps + (uint64_t)k >= deadline;
        if (!attention && !near_max) {
            for (int g = 0; g < G; g++) V_STORE(s.x + g * L, x[g]), V_STORE(s.y + g * L, y[g]);
            steps += (uint64_t)k;
            if (k < K_MAX) k *= 2;
            continue;
        }

        /* Settle the lanes that need it; the others keep the vector result. */
        FR_ALIGN T nx[LN], ny[LN];
        for (int g = 0; g < G; g++) V_STORE(nx + g * L, x[g]), V_STORE(ny + g * L, y[g]);
        int refills = 0;
        for (int l = 0; l < LN; l++) {
            if (s.idx[l] < 0) continue;
            int look = (attention >> l) & 1;
            int finished = 0;
            if (look || s.start[l] + max_iter <= steps + (uint64_t)k) {
                int escaped = !(FR_MAG2(nx[l], ny[l]) <= (T)job->b2);
                if (escaped || s.start[l] + max_iter <= steps + (uint64_t)k)
                    finished = FR_CAT(FR_NAME, _replay)(job, &s, l, s.x[l], s.y[l], k, steps, &spent);
                else {
                    /* An exact repeat of the state: a cycle, never escapes. */
                    fr_escape_finish(job, s.idx[l], max_iter, nx[l], ny[l]);
                    spent += steps + (uint64_t)k - s.start[l];
                    finished = 1;
                }
            }
            if (finished) {
                spent += FR_CAT(FR_NAME, _refill)(job, &s, l, &next, end, steps + (uint64_t)k, c_safe2);
                refills++;
            } else {
                s.x[l] = nx[l], s.y[l] = ny[l];
            }
        }
        steps += (uint64_t)k;
        /* Shorter blocks where orbits end often: less idle time per lane. */
        if (refills && k > K_MIN) k /= 2;
    }
    return spent;
}

uint64_t FR_NAME(const fr_escape_job *job, int64_t first, int64_t count)
{
    switch (job->step) {
    case FR_STEP_SHIP: return FR_CAT(FR_NAME, _run)(job, first, count, FR_STEP_SHIP);
    case FR_STEP_TRICORN: return FR_CAT(FR_NAME, _run)(job, first, count, FR_STEP_TRICORN);
    case FR_STEP_MULTI: return FR_CAT(FR_NAME, _run)(job, first, count, FR_STEP_MULTI);
    default: return FR_CAT(FR_NAME, _run)(job, first, count, FR_STEP_MANDEL);
    }
}

#undef lanes_t
#undef G
#undef LN
#undef K_MIN
#undef K_MAX
